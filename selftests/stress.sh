#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make stress, inside the VM: the fuzzer and the stress test at full size.
# nl_fuzz sends 100000 requests for each of three seeds, then 100000 from
# four processes at once; the stress test runs 2000 netlink and 200 CLI
# create/start/stop/delete cycles and 16 concurrent runs of 256 workers
# (the module's default max_workers) at depth 32; the target matrix runs in
# full (every applicable cell, KIOGEN_MATRIX=full), and the hostile-user and
# lifecycle tests once more. Each test prints its TAP
# and figures; the last line counts the checks, and the exit status is
# non-zero when any failed.
set -u
src=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
export KIOGEN_SRC=$src
export KIOGEN_KO=${KIOGEN_KO:-$src/kmod/kiogen.ko}
export KIOGEN_CLI=${KIOGEN_CLI:-$src/ctl/kiogen}
export KIOGEN_FUZZ_COUNT=${KIOGEN_FUZZ_COUNT:-100000}
export KIOGEN_FUZZ_TIME=${KIOGEN_FUZZ_TIME:-600}
export KIOGEN_STRESS_CYCLES=${KIOGEN_STRESS_CYCLES:-2000}
export KIOGEN_STRESS_CLI_CYCLES=${KIOGEN_STRESS_CLI_CYCLES:-200}
export KIOGEN_STRESS_RUNS=${KIOGEN_STRESS_RUNS:-16}
export KIOGEN_STRESS_WORKERS=${KIOGEN_STRESS_WORKERS:-256}
export KIOGEN_STRESS_DEPTH=${KIOGEN_STRESS_DEPTH:-32}
export KIOGEN_STRESS_HOLD=${KIOGEN_STRESS_HOLD:-10}
log=$(mktemp /tmp/kiogen-stress.XXXXXX)

[ -d /sys/module/kiogen ] || insmod "$KIOGEN_KO"
echo "# $(uname -r), $(nproc) CPUs, $(awk '/^MemTotal/ { print $2 / 1024 " MiB" }' /proc/meminfo)"

rc=0
for seed in ${KIOGEN_STRESS_SEEDS:-1 2 3}; do
	echo "# test_fuzz.sh, seed $seed, $KIOGEN_FUZZ_COUNT requests"
	KIOGEN_FUZZ_SEED=$seed "$src/selftests/test_fuzz.sh" 2>&1 | tee -a "$log"
	[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
done
echo "# test_fuzz.sh, seeds 100-103 in 4 processes at once, $KIOGEN_FUZZ_COUNT requests"
KIOGEN_FUZZ_SEED=100 KIOGEN_FUZZ_JOBS=4 "$src/selftests/test_fuzz.sh" 2>&1 | tee -a "$log"
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
echo "# test_stress.sh"
"$src/selftests/test_stress.sh" 2>&1 | tee -a "$log"
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
echo "# test_targets.sh, the full matrix"
KIOGEN_MATRIX=full "$src/selftests/test_targets.sh" 2>&1 | tee -a "$log"
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
for t in test_hostile.sh test_lifecycle.sh; do
	echo "# $t"
	KIOGEN_LIFECYCLE_FULL=1 "$src/selftests/$t" 2>&1 | tee -a "$log"
	[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
done

echo "# stress: $(grep -c '^ok ' "$log") checks passed, $(grep -c '^not ok ' "$log") failed"
rm -f "$log"
exit $rc
