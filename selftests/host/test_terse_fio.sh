#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kiogen's terse lines against fio's own: the same small job run by fio and
# by `kiogen run --path=syscall` (no module needed), with --minimal in each
# terse version, must give lines of as many ';' fields, each of the same
# shape (integer, decimal, percent, "p%=v" percentile, word, empty) at each
# position. Values differ from run to run; the layout must not. Also the
# bad values of the options, and --output. Skipped without fio.
src=$(cd "$(dirname "$0")/../.." && pwd)
kiogen=$src/ctl/kiogen
. "$src/selftests/host/tap.sh"

echo "TAP version 13"
if ! command -v fio >/dev/null; then
	for t in "terse v3" "terse v4" "terse v5" "bad values" "--output"; do
		echo "ok $((++n)) - $t # SKIP fio is not installed"
	done
	tap_done
fi
# tmpfs, where it exists: no disk behind the file, so that fio adds no disk
# utilization fields (kiogen samples only block-device targets)
tmp=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d)
trap 'rm -rf "$tmp"' EXIT
job=(--name=t "--filename=$tmp/f" --rw=randrw --bs=4k --size=8m --ioengine=psync)

# the shape of each ';' field of a line, one per line
shapes() {
	tr ';' '\n' <<<"$1" | sed -E \
		-e 's/^[0-9]+\.[0-9]+%=[0-9]+$|^0%=0$/PCTL/' \
		-e 's/^[0-9]+\.[0-9]+%$/PERCENT/' \
		-e 's/^[0-9]+\.[0-9]+$/DECIMAL/' \
		-e 's/^[0-9]+$/INTEGER/' \
		-e 's/^$/EMPTY/' \
		-e '/^(PCTL|PERCENT|DECIMAL|INTEGER|EMPTY)$/!s/.*/WORD/'
}

for v in 3 4 5; do
	fio_line=$(fio "${job[@]}" --minimal --terse-version=$v 2>&1)
	kg_line=$("$kiogen" run --path=syscall "${job[@]}" --minimal --terse-version=$v 2>/dev/null)
	if [ "$(wc -l <<<"$fio_line")" != 1 ] || [ "$(wc -l <<<"$kg_line")" != 1 ]; then
		not_ok "terse v$v: one line each; fio: '$fio_line' kiogen: '$kg_line'"
		continue
	fi
	if [ "${kg_line%%;*}" != $v ]; then
		not_ok "terse v$v: kiogen's line starts with ${kg_line%%;*}"
		continue
	fi
	diffs=$(diff <(shapes "$fio_line" | cat -n) <(shapes "$kg_line" | cat -n))
	if [ -n "$diffs" ]; then
		not_ok "terse v$v: fields differ from fio's (position, shape):"
		sed 's/^/#   /' <<<"$diffs"
	else
		ok "terse v$v: $(shapes "$kg_line" | wc -l) fields of fio's shapes"
	fi
done

# bad values: a clear error, exit 2
bad=1
for arg in --terse-version=7 --output-format=xml --output-format=json,xml; do
	err=$("$kiogen" run --path=syscall "${job[@]}" "$arg" 2>&1 >/dev/null)
	rc=$?
	opt=${arg%%=*}
	if [ $rc != 2 ] || ! grep -q "${opt#--}: .*7\|${opt#--}: 'xml'" <<<"$err"; then
		not_ok "$arg: exit $rc, '$err'"
		bad=0
	fi
done
[ $bad = 1 ] && ok "bad terse-version and output-format: named, exit 2"

# --output: the report in the file, nothing of it on stdout; every format,
# after fio's preamble (with normal among them: job line, version, workers)
out=$("$kiogen" run --path=syscall "${job[@]}" --output-format=terse,json,normal \
	"--output=$tmp/report" 2>/dev/null)
if [ $? = 0 ] && [ -z "$out" ] && head -1 "$tmp/report" | grep -q '^t: (g=0): rw=' &&
   sed -n 2,4p "$tmp/report" | tr '\n' '|' | grep -q '^kiogen-.*|Starting 1 thread||$' &&
   sed -n 5p "$tmp/report" | grep -q '^3;kiogen-' &&
   sed -n 6p "$tmp/report" | grep -q '^{$' && grep -q '^Run status group 0' "$tmp/report"; then
	ok "--output: preamble, then terse, json, normal in fio's order, in the file"
else
	not_ok "--output: stdout '$out', file: $(head -c 300 "$tmp/report")"
fi
tap_done
