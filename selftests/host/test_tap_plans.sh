#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every TAP plan is computed from what ran, never a count written down
# (test_options once declared 120 and ran 138): no echo or printf of
# "1..N" with a literal N > 0 in the tests, their runners or scripts/.
# "1..0 # SKIP" (nothing ran) is the one literal plan. SRC: another tree.
src=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/tap.sh"
echo "TAP version 13"
files=$(cd "$src" && git ls-files -co --exclude-standard 'selftests/*' 'ctl/tests/*' 'scripts/*' Makefile |
	grep -E '\.(sh|c|h|py)$|Makefile$')
for f in $files; do
	hits=$(grep -nE '(echo|printf|print)\b.*1\.\.[1-9][0-9]*([^0-9.]|$)' "$src/$f" |
		grep -vE '1\.\.0 # SKIP')
	if [ -z "$hits" ]; then
		ok "$f: no literal TAP plan"
	else
		not_ok "$f: a literal TAP plan"
		sed 's/^/# /' <<<"$hits"
	fi
done
tap_done
