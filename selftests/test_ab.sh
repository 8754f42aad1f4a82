#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kiogen ab on the kernel path: null_blk completing by timer (irqmode=2)
# in 20 us as A against a second device at 30 us as B (--b-filename=) is a
# regression, exit 1, also with --bisect; the same device both sides is no
# significant change in 2 of 3 trials at least (the tight bound is
# selftests/host/test_ab.sh's and test_diff_vm.sh's); --b-module-param
# sets fast_loop for B and puts A's value back.
# Env: KIOGEN_AB_REPEAT (10): the pairs; KIOGEN_AB_RUNTIME (300ms): each run's.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3 to read JSON"

repeat=${KIOGEN_AB_REPEAT:-10}
runtime=${KIOGEN_AB_RUNTIME:-300ms}
nullb_create kab20 irqmode=2 completion_nsec=20000 size=256 ||
	skip "cannot create a null_blk device"
trap 'nullb_remove kab20; nullb_remove kab30 2>/dev/null' EXIT
nullb_create kab30 irqmode=2 completion_nsec=30000 size=256 ||
	skip "cannot create a second null_blk device"

job=(--name=t --filename=/dev/kab20 --rw=randread --bs=4k --ioengine=psync
     --runtime="$runtime" --time_based --repeat="$repeat")

# ab OUT ARGS...: kiogen ab JOB ARGS, its report in OUT, stderr in OUT.err; its exit
ab() {
	local out=$1
	shift
	"$KIOGEN" ab "${job[@]}" "$@" > "$out" 2>"$out.err"
}

ab "$TMP/slow" --b-filename=/dev/kab30 --output="$TMP/slow.json"
rc=$?
sed 's/^/# /' "$TMP/slow"
check "20 us against 30 us: a regression, exit 1 (exit $rc)" test $rc -eq 1
check "20 us against 30 us: read clat p50 a regression" \
	grep -qE "^read clat p50 us .* regression " "$TMP/slow"
check "the result: $repeat pairs in the order A B A B ..." \
	test "$(json "$TMP/slow.json" "j['ab']['order']")" = "$(printf 'AB%.0s' $(seq "$repeat"))"
check "the result: the targets differ in the records" \
	grep -qE "^  targets\[0\]\..*kab20.* -> .*kab30" "$TMP/slow"
"$KIOGEN" diff --bisect "$TMP/slow.json" > /dev/null 2>&1
check "kiogen diff --bisect on the result: bad (exit $?)" test $? -eq 1

same=0
for i in 1 2 3; do
	ab "$TMP/same$i" --repeat=5 && grep -q "no significant change" "$TMP/same$i" &&
		same=$((same + 1))
done
check "the same device both sides: no significant change in $same of 3" test $same -ge 2

param=/sys/module/kiogen/parameters/fast_loop
if [ -w "$param" ]; then
	old=$(cat "$param")
	job=(--name=t --ioengine=null --size=1g --rw=randread --runtime=100ms --time_based
	     --repeat=2)
	ab "$TMP/param" --b-module-param=fast_loop=0 --output="$TMP/param.json"
	check "--b-module-param=fast_loop=0: ran, judged (exit $?)" test $? -le 1
	check "--b-module-param: A's value put back ($(cat "$param"), was $old)" \
		test "$(cat "$param")" = "$old"
	check "--b-module-param: recorded" \
		test "$(json "$TMP/param.json" "[j['ab']['module_param'][k] for k in ('name', 'a', 'b')]")" = "['fast_loop', '$old', '0']"
else
	check_skip "--b-module-param" "no fast_loop parameter"
fi

finish
