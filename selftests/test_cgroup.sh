#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Workers live in the requester's cgroups and obey the system's freezer:
# - a cgroup's io.max throttles the bios of a run started from it (the bio
#   engine's workers are in that cgroup, not the root one);
# - the buffers of a run are charged to the requester's memory cgroup;
# - workers are freezable (PF_NOFREEZE clear), and a suspend's freezer
#   (pm_test=freezer) succeeds mid-run: a freezable worker that never reached
#   try_to_freeze() would fail it after 20 s; the run goes on after the thaw.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3"
kmsg "start"

cg=/sys/fs/cgroup
grep -q "^[^ ]* $cg cgroup2 " /proc/mounts || mount -t cgroup2 none "$cg" ||
	skip "cannot mount cgroup2 at $cg"
grep -qw io "$cg/cgroup.controllers" || skip "no io controller in cgroup2"
grep -qw memory "$cg/cgroup.controllers" || skip "no memory controller in cgroup2"
echo "+io +memory" >"$cg/cgroup.subtree_control" || skip "cannot enable io and memory controllers"
grp=$cg/kiogen-test-$$
cleanup() {
	local id
	for id in $("$KIOGEN" list | awk 'NR > 1 { print $1 }'); do
		"$KIOGEN" stop "$id" >/dev/null 2>&1
		"$KIOGEN" delete "$id" >/dev/null 2>&1
	done
	rmdir "$grp" 2>/dev/null
	nullb_remove kcg0
}
trap cleanup EXIT
mkdir "$grp" || skip "cannot create a cgroup"
nullb_create kcg0 irqmode=0 size=256 || skip "cannot create null_blk"

# in_cgroup CMD...: CMD run from inside the test's cgroup
in_cgroup() {
	sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$grp" "$@"
}

# read_iops JSON: the run's read IOPS
read_iops() {
	json "$1" 'int(j["jobs"][0]["read"]["iops"])'
}

# ---- io.max ----
limit=300
randread=(--name=cg --filename=/dev/kcg0 --rw=randread --bs=4k --runtime=3 --time_based
	  --output-format=json)
"$KIOGEN" run "${randread[@]}" >"$TMP/free.json"
free=$(read_iops "$TMP/free.json")
echo "# outside the cgroup: $free IOPS"
check "io.max: unthrottled, the device does over 4x the limit ($free IOPS)" \
	test "${free:-0}" -gt $((4 * limit))
echo "$(cat /sys/block/kcg0/dev) riops=$limit wiops=$limit" >"$grp/io.max"
in_cgroup "$KIOGEN" run "${randread[@]}" >"$TMP/cg.json"
held=$(read_iops "$TMP/cg.json")
echo "# inside the cgroup with riops=$limit: $held IOPS"
check "io.max: a run from the cgroup holds riops=$limit ($held IOPS)" \
	test "${held:-99999}" -le $((limit * 5 / 4)) -a "${held:-0}" -gt $((limit / 2))

# ---- workers are in the cgroup; memory is charged ----

# worker_pids ID: the pids of run ID's worker threads
worker_pids() {
	grep -l "^kiogen$1/" /proc/[0-9]*/comm 2>/dev/null | cut -d/ -f3
}

# all_in_cgroup PIDS...: each of them is in the test's cgroup
all_in_cgroup() {
	local pid
	[ $# -gt 0 ] || return 1
	for pid; do
		grep -qx "0::/${grp#"$cg"/}" "/proc/$pid/cgroup" || return 1
	done
}

# all_freezable PIDS...: PF_NOFREEZE (0x8000) is clear in each one's flags
all_freezable() {
	local pid flags
	[ $# -gt 0 ] || return 1
	for pid; do
		flags=$(awk '{ print $9 }' "/proc/$pid/stat")
		[ $((flags & 0x8000)) -eq 0 ] || return 1
	done
}

# io.max stays: the runs below sleep on it instead of taking every CPU
# (under a debug kernel four busy workers starve the test itself)
before=$(cat "$grp/memory.current")
# 4 workers x 16 x 1 MiB buffers: 64 MiB, allocated in the requester's context
id=$(in_cgroup "$KIOGEN" run --name=mem --filename=/dev/kcg0 --rw=randread --bs=1m \
	--ioengine=libaio --iodepth=16 --numjobs=4 --runtime=3600 --time_based --detached)
check "cgroup: a detached run starts from the cgroup" wait_state "$id" running
during=$(cat "$grp/memory.current")
echo "# memory.current: $before before, $during during the run"
check "memory: the run's 64 MiB of buffers are charged to the requester's cgroup" \
	test $((during - before)) -ge $((56 << 20))
pids=$(worker_pids "$id")
# shellcheck disable=SC2086	# one pid per word
check "cgroup: the run's 4 workers are in the requester's cgroup" \
	all_in_cgroup $pids
# shellcheck disable=SC2086
check "freezer: the workers are freezable" all_freezable $pids

# ---- cpuset: workers stay on the requester's CPUs ----
"$KIOGEN" stop "$id" >/dev/null
wait_state "$id" stopped >/dev/null
"$KIOGEN" delete "$id" >/dev/null
if [ "$(nproc)" -ge 2 ] && grep -qw cpuset "$cg/cgroup.controllers" &&
   echo +cpuset >"$cg/cgroup.subtree_control" 2>/dev/null; then
	echo 1 >"$grp/cpuset.cpus"
	cid=$(in_cgroup "$KIOGEN" run --name=cpus --ioengine=null --size=1g --numjobs=2 \
		--runtime=3600 --time_based --detached)
	wait_state "$cid" running >/dev/null
	sleep 0.5	# past the workers' first wake-up (6.14+ re-affines there)
	cpus=$(for pid in $(worker_pids "$cid"); do
		awk '/^Cpus_allowed_list/ { print $2 }' "/proc/$pid/status"; done | sort -u | tr '\n' ' ')
	echo "# workers of a run from a cgroup with cpuset.cpus=1: CPUs ${cpus:-none}"
	check "cpuset: the workers run only on the requester's cpuset's CPU 1" test "$cpus" = "1 "
	"$KIOGEN" stop "$cid" >/dev/null
	wait_state "$cid" stopped >/dev/null
	"$KIOGEN" delete "$cid" >/dev/null
	echo 0-$(($(nproc) - 1)) >"$grp/cpuset.cpus"
else
	echo "ok $((nr_checks + 1)) - cpuset # SKIP one CPU, or no cpuset controller"
	nr_checks=$((nr_checks + 1))
fi
id=$(in_cgroup "$KIOGEN" run --name=mem2 --filename=/dev/kcg0 --rw=randread --bs=4k \
	--ioengine=libaio --iodepth=4 --runtime=3600 --time_based --detached)
wait_state "$id" running >/dev/null

# ---- the freezer ----
if [ -w /sys/power/pm_test ] && grep -qw freezer /sys/power/pm_test &&
   grep -qw freeze /sys/power/state; then
	echo freezer >/sys/power/pm_test
	kmsg "pm_test freezer with run $id"
	mark=$(dmesg_mark)
	check "freezer: a suspend's freezer freezes a running run's workers" \
		sh -c 'echo freeze >/sys/power/state'
	echo none >/sys/power/pm_test
	check "freezer: no task refused to freeze, no splat" \
		sh -c "! dmesg | tail -n +$((mark + 1)) | grep -E 'Freezing .*failed|refus|$SPLAT_RE'"
	check "freezer: the run goes on after the thaw" wait_state "$id" running
else
	echo "ok $((nr_checks + 1)) - freezer # SKIP no /sys/power/pm_test (CONFIG_PM_DEBUG) or no s2idle"
	nr_checks=$((nr_checks + 1))
fi
"$KIOGEN" stop "$id" >/dev/null
check "cgroup: the run stops" wait_state "$id" stopped
"$KIOGEN" delete "$id" >/dev/null
after=$(cat "$grp/memory.current")
echo "# memory.current after delete: $after"
check "memory: deleting the run uncharges its buffers" \
	test $((after - before)) -lt $((8 << 20))

finish
