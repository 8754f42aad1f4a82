#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# selftests/lib.sh prints through kselftest's ktap_helpers.sh (the one make
# selftests extracts, build/ksft) in the form selftests/check.sh counts:
# "ok N - ...", "not ok N - ...", "ok N - ... (WHY) # SKIP" (the reason on
# the result line), the "checks passed" line, a plan computed from what
# ran, and kselftest's exit codes. Each case is a tiny test in a
# kselftest-shaped tree, with a dmesg that logs nothing.
src=$(cd "$(dirname "$0")/../.." && pwd)
. "$src/selftests/host/tap.sh"
echo "TAP version 13"
helpers=$src/build/ksft/tools/testing/selftests/kselftest/ktap_helpers.sh
[ -f "$helpers" ] || { echo "1..0 # SKIP no $helpers (make selftests)"; exit 0; }

t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/ksft/kselftest" "$t/ksft/kiogen" "$t/bin" "$t/cwd" "$t/bare"
ln -s "$helpers" "$t/ksft/kselftest/ktap_helpers.sh"
ln -s "$src/selftests/lib.sh" "$t/ksft/kiogen/lib.sh"
ln -s "$src/selftests/lib.sh" "$t/bare/lib.sh"
printf '#!/bin/sh\n' >"$t/bin/dmesg"
chmod +x "$t/bin/dmesg"
# files a description's unquoted * or [x] would glob to
touch "$t/cwd/x" "$t/cwd/glob-bait"

# run NAME BODY: a test of BODY (after lib.sh) in the tree; its output in
# $out, its status in $rc
run() {
	printf '#!/bin/bash\n. "$(dirname "$0")/lib.sh"\n%s\n' "$2" >"$t/ksft/kiogen/$1"
	chmod +x "$t/ksft/kiogen/$1"
	out=$(cd "$t/cwd" && PATH=$t/bin:$PATH KIOGEN_SRC=$src "$t/ksft/kiogen/$1" 2>&1)
	rc=$?
}

# same DESC WANT: $out is WANT, "checks passed in Ns" aside
same() {
	local got
	got=$(sed 's/checks passed in [0-9]*s$/checks passed in Ns/' <<<"$out")
	if [ "$got" = "$2" ]; then
		ok "$1"
	else
		not_ok "$1"
		diff <(echo "$2") <(echo "$got") | sed 's/^/# /'
	fi
}

run test_fail.sh 'check "reads 4k * 8  [x]" true
check "a failure" false
check_skip "a skipped one" "no such device"
finish'
same "a pass, a failure and a skip: ok/not ok N - DESC, (WHY) # SKIP, the counts, a computed plan" \
"TAP version 13
ok 1 - reads 4k * 8 [x]
not ok 2 - a failure
ok 3 - a skipped one (no such device) # SKIP
ok 4 - kernel log clean
# 3 of 4 checks passed in Ns
1..4
# Totals: pass:2 fail:1 xfail:0 xpass:0 skip:1 error:0"
[ $rc -eq 1 ] && ok "a failure exits KSFT_FAIL (1)" || not_ok "a failure exits 1, not $rc"
# check.sh's counts: skips are the "ok" lines with "# SKIP", passes the other "ok" lines
if [ "$(grep -cE '^ok .*# SKIP' <<<"$out")/$(grep -c '^ok ' <<<"$out")" = 1/3 ]; then
	ok "check.sh counts the skip as a skip, with its reason on the line"
else
	not_ok "check.sh's count of '^ok .*# SKIP' is not 1 of 3 ok lines"
fi

run test_pass.sh 'check "one" true
check_skip "two" "why"
finish'
[ $rc -eq 0 ] && ok "passes and skips exit KSFT_PASS (0)" || not_ok "passes and skips exit 0, not $rc"
grep -qx "1\.\.3" <<<"$out" && ok "the plan counts what ran (1..3)" || not_ok "the plan is not 1..3"

run test_skip_all.sh 'skip "needs a disk"
check "never" true'
same "a skip before any check is kselftest's skip-all plan" "TAP version 13
1..0 # SKIP needs a disk"
[ $rc -eq 4 ] && ok "a skip exits KSFT_SKIP (4)" || not_ok "a skip exits 4, not $rc"

run test_skip_late.sh 'check "first" true
skip "the rest needs a disk"'
same "a skip after checks: their plan, the reason as a diagnostic" "TAP version 13
ok 1 - first
# SKIP: the rest needs a disk
1..1"
[ $rc -eq 4 ] && ok "a late skip exits KSFT_SKIP (4)" || not_ok "a late skip exits 4, not $rc"

printf '%s\n' "ok 1 - a host check # SKIP no fio" "not ok 2 - another" "# a figure" \
	"1..2" >"$t/host.tap"
run test_relay.sh "relay_tap $t/host.tap
finish"
same "relay_tap: a host checker's results are our sub-tests" "TAP version 13
ok 1 - a host check (no fio) # SKIP
not ok 2 - another
# a figure
ok 3 - kernel log clean
# 2 of 3 checks passed in Ns
1..3
# Totals: pass:1 fail:1 xfail:0 xpass:0 skip:1 error:0"

# a test whose lib.sh finds no kselftest/ beside it nor a build/ksft
printf '#!/bin/bash\n. "$(dirname "$0")/lib.sh"\ncheck "never" true\n' >"$t/bare/test_bare.sh"
chmod +x "$t/bare/test_bare.sh"
out=$(PATH=$t/bin:$PATH "$t/bare/test_bare.sh" 2>&1)
rc=$?
if [ $rc -eq 4 ] && grep -q "^1\.\.0 # SKIP no kselftest/ktap_helpers.sh" <<<"$out"; then
	ok "without ktap_helpers.sh the test is a skip that says why"
else
	not_ok "without ktap_helpers.sh: status $rc, said: $out"
fi
tap_done
