#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Workers are kernel threads kept out of the requester's cgroups (the v2
# freezer and cgroup.kill skip kernel threads) and charged to them:
# - a cgroup's io.max throttles the bios of a run started from it, its
#   io.stat counts them;
# - the buffers of a run are charged to the requester's memory cgroup;
# - the workers are not among the cgroup's tasks, and run only on its
#   cpuset's CPUs;
# - cgroup.freeze: the cgroup says frozen 1 within seconds, the run issues
#   nothing while it is frozen and goes on after the thaw;
# - the run stops when its cgroup is removed: cgroup.kill then rmdir (as
#   systemd stops a unit) stops a detached run; nothing is left behind;
# - workers are freezable (PF_NOFREEZE clear), and a suspend's freezer
#   (pm_test=freezer) succeeds mid-run: a freezable worker that never reached
#   try_to_freeze() would fail it after 20 s; the run goes on after the thaw;
# - fio's cgroup=NAME, cgroup_weight, cgroup_nodelete: the CLI makes NAME
#   below the cgroup2 root and runs from it, so the module's workers are
#   charged to it (and the syscall path's threads are in it), its io.stat
#   counts the run's bytes, cgroup_weight lands in io.weight (/5), and NAME
#   is removed after the run unless cgroup_nodelete=1 or it was there
#   before; bad values and a missing cgroup2 or permission are refused in
#   words, exit 2.
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
	[ -d "$cg/kiogen-fz-$$" ] && echo 0 >"$cg/kiogen-fz-$$/cgroup.freeze"
	umount "$TMP/wb" 2>/dev/null
	nullb_remove kcgw
	rmdir "$grp" "$cg/kg-a" "$cg/kg-p/kg-c" "$cg/kg-p" "$cg/kiogen-fz-$$" 2>/dev/null
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

# ---- io.max: buffered writes, written back in the cgroup's name ----
# A file's dirty pages are written back, and its fsync's bios issued, in the
# name of the memory cgroup that first dirtied its inode (cgroup writeback).
# The file's inode is read back without one (drop_caches); a run from the
# cgroup then writes it buffered, with end_fsync: its bios are the cgroup's,
# io.max's wbps holds them and io.stat counts them, as for write(2).
# wb_run PATH: a buffered write run of 8 MiB from the cgroup; sets wb_bytes
# (the cgroup's io.stat wbytes on the device it added) and wb_ms
wb_run() {
	local w0 t0
	sync
	echo 3 >/proc/sys/vm/drop_caches
	w0=$(wbytes "$wdev")
	t0=$(date +%s%N)
	in_cgroup "$KIOGEN" run --path="$1" --name=wb --filename="$TMP/wb/f" --rw=write --bs=64k \
		--size=8m --end_fsync=1 --output-format=terse >"$TMP/wb-$1.out" 2>&1
	wb_rc=$?
	wb_ms=$((($(date +%s%N) - t0) / 1000000))
	wb_bytes=$(($(wbytes "$wdev") - w0))
	echo "# $1 path, buffered writes with wbps=2 MiB/s: rc $wb_rc, $wb_ms ms, io.stat +$wb_bytes bytes"
}
# wbytes MAJ:MIN: the test cgroup's io.stat wbytes on that device
wbytes() {
	awk -v d="$1" '$1 == d { for (i = 2; i <= NF; i++) if (sub("^wbytes=", "", $i)) print $i }' \
		"$grp/io.stat" | grep . || echo 0
}
mkdir -p "$TMP/wb"
if ! command -v mkfs.ext4 >/dev/null || ! nullb_create kcgw memory_backed=1 size=64 irqmode=0 ||
   ! mkfs.ext4 -q -F /dev/kcgw || ! mount /dev/kcgw "$TMP/wb"; then
	echo "# SKIP buffered writes under io.max: no ext4 on a null_blk device here"
else
	wdev=$(cat /sys/block/kcgw/dev)
	dd if=/dev/zero of="$TMP/wb/f" bs=1M count=8 conv=fsync status=none
	echo "$wdev wbps=2097152" >"$grp/io.max"
	wb_run syscall
	check "io.max, syscall path: buffered writes throttled to wbps and counted (reference)" \
		test "$wb_rc" = 0 -a "$wb_bytes" -ge 8388608 -a "$wb_ms" -ge 3000
	wb_run kernel
	check "io.max: a run's buffered writes are written back as the cgroup's (io.stat +$wb_bytes bytes)" \
		test "$wb_rc" = 0 -a "$wb_bytes" -ge 8388608
	check "io.max: a run's buffered writes are held to wbps=2 MiB/s ($wb_ms ms for 8 MiB)" \
		test "$wb_ms" -ge 3000
	umount "$TMP/wb"
fi
nullb_remove kcgw

# ---- workers are in the cgroup; memory is charged ----

# worker_pids ID: the pids of run ID's worker threads
worker_pids() {
	grep -l "^kiogen$1/" /proc/[0-9]*/comm 2>/dev/null | cut -d/ -f3
}

# none_in_cgroup PIDS...: there are some, and none is in the test's cgroup
none_in_cgroup() {
	local pid
	[ $# -gt 0 ] || return 1
	for pid; do
		! grep -qx "0::/${grp#"$cg"/}" "/proc/$pid/cgroup" || return 1
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
check "cgroup: the run's 4 workers are not tasks of the requester's cgroup" \
	none_in_cgroup $pids
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
	check_skip "cpuset" "one CPU, or no cpuset controller"
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
	check_skip "freezer" "no /sys/power/pm_test (CONFIG_PM_DEBUG) or no s2idle"
fi
"$KIOGEN" stop "$id" >/dev/null
check "cgroup: the run stops" wait_state "$id" stopped
"$KIOGEN" delete "$id" >/dev/null
after=$(cat "$grp/memory.current")
echo "# memory.current after delete: $after"
check "memory: deleting the run uncharges its buffers" \
	test $((after - before)) -lt $((8 << 20))

# ---- the cgroup v2 freezer, cgroup.kill, removal ----

# run_ios ID: the I/Os run ID has issued so far
run_ios() {
	"$KIOGEN" list | awk -v id="$1" '$1 == id { print $5 }'
}

# frozen_within CGROUP SECONDS: its cgroup.events says frozen 1 in time
frozen_within() {
	local _
	for _ in $(seq $(($2 * 10))); do
		grep -qx "frozen 1" "$1/cgroup.events" && return 0
		sleep 0.1
	done
	echo "# $1/cgroup.events: $(tr '\n' ' ' <"$1/cgroup.events")"
	return 1
}

# a detached run from a shell that stays in the cgroup, as a session would
fz=$cg/kiogen-fz-$$
mkdir "$fz"
sh -c 'echo $$ >"$0/cgroup.procs" && exec sleep 3600' "$fz" &
holder=$!
fid=$(sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$fz" "$KIOGEN" run --name=fz \
	--ioengine=null --size=1g --rw=randread --numjobs=2 --rate_iops=2000 \
	--runtime=3600 --time_based --detached)
wait_state "$fid" running >/dev/null
sleep 1
a=$(run_ios "$fid")
echo 1 >"$fz/cgroup.freeze"
check "cgroup.freeze: the cgroup of a running run says frozen 1 within 5 s" \
	frozen_within "$fz" $((5 * ${KIOGEN_TIMEOUT_SCALE:-1}))
sleep 1
b=$(run_ios "$fid")
sleep 2
c=$(run_ios "$fid")
echo "# I/Os: $a before the freeze, $b 1 s after it, $c 2 s later"
check "cgroup.freeze: the run issues nothing while its cgroup is frozen" \
	test -n "$b" -a "$b" = "$c" -a "$(run_state "$fid")" = running
echo 0 >"$fz/cgroup.freeze"
sleep 2
d=$(run_ios "$fid")
echo "# I/Os: $d 2 s after the thaw"
check "cgroup.freeze: the run goes on after the thaw" test "${d:-0}" -gt "${c:-0}"
# systemd stops a unit: cgroup.kill, then the empty cgroup is removed
echo 1 >"$fz/cgroup.kill"
wait "$holder" 2>/dev/null
for _ in $(seq 50); do rmdir "$fz" 2>/dev/null && break; sleep 0.2; done
check "cgroup.kill: the cgroup empties and can be removed under a running run" test ! -e "$fz"
check "the cgroup removed: the detached run stops" wait_state "$fid" stopped
check "the stopped run can be deleted" "$KIOGEN" delete "$fid"

# a cgroup frozen while its run stops: the stop is not held by the freeze
mkdir "$fz"
fid=$(sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$fz" "$KIOGEN" run --name=fz2 \
	--ioengine=null --size=1g --rw=randread --runtime=3600 --time_based --detached)
wait_state "$fid" running >/dev/null
echo 1 >"$fz/cgroup.freeze"
check "cgroup.freeze: an empty cgroup with a run says frozen 1" frozen_within "$fz" 5
"$KIOGEN" stop "$fid" >/dev/null
check "a run of a frozen cgroup stops when asked" wait_state "$fid" stopped
"$KIOGEN" delete "$fid" >/dev/null
echo 0 >"$fz/cgroup.freeze"
rmdir "$fz"

# ---- fio's cgroup options ----
rmdir "$cg/kg-a" 2>/dev/null
# the io controller's weight is the io cost controller's (CONFIG_BLK_CGROUP_IOCOST)
weight=()
[ -e "$grp/io.weight" ] && weight=(--cgroup_weight=500)

# procs_in LIST PIDS...: each of them is in LIST (a cgroup.procs or
# cgroup.threads read while the run ran)
procs_in() {
	local list=$1 pid
	shift
	[ $# -gt 0 ] || return 1
	for pid; do
		grep -qx "$pid" <<<"$list" && continue
		echo "# $pid is not among $(tr "\n" " " <<<"$list"), but in $(cat "/proc/$pid/cgroup")"
		return 1
	done
}

# none_in_list LIST PIDS...: there are some, and none is in LIST
none_in_list() {
	local list=$1 pid
	shift
	[ $# -gt 0 ] || return 1
	for pid; do
		! grep -qx "$pid" <<<"$list" || return 1
	done
}

# run_bytes JSON: the bytes the run read
run_bytes() {
	json "$1" 'sum(x["read"]["io_bytes"] for x in j["jobs"])'
}

# io_rbytes: rbytes of kcg0 in kg-a's io.stat
io_rbytes() {
	awk -v dev="$(cat /sys/block/kcg0/dev)" '$1 == dev {
		for (i = 2; i <= NF; i++) if ($i ~ /^rbytes=/) print substr($i, 8) }' "$cg/kg-a/io.stat"
}

# cg_ended PID JSON PATH: run PID from kg-a succeeded, and kg-a's io.stat
# counts every byte it read (direct: no readahead)
cg_ended() {
	local rc bytes rbytes
	wait "$1"
	rc=$?
	check "cgroup=kg-a, $3: the run succeeds" test $rc -eq 0
	bytes=$(run_bytes "$2")
	rbytes=$(io_rbytes)
	echo "# $3: the run read ${bytes:-?} bytes, kg-a's io.stat counts rbytes=${rbytes:-none}"
	check "cgroup=kg-a, $3: its io.stat counts the run's bytes on the device" \
		test -n "$rbytes" -a "${rbytes:-0}" = "${bytes:-x}"
}

# running_id: the id of the one running run, once its workers exist (10 s)
running_id() {
	local _ id
	for _ in $(seq 50); do
		id=$("$KIOGEN" list | awk 'NR > 1 && $2 == "running" { print $1; exit }')
		[ -n "$id" ] && [ -n "$(worker_pids "$id")" ] && { echo "$id"; return 0; }
		sleep 0.2
	done
	return 1
}

# the runs seen while they run: long enough for a slow guest to look (4 s
# was not, in a make check whose host ran a third VM: the run had ended
# before the CLI's three looks at it)
cgtime=$((10 * ${KIOGEN_TIMEOUT_SCALE:-1}))
cgrun=(--filename=/dev/kcg0 --rw=randread --bs=4k --direct=1 --output-format=json --cgroup=kg-a)
# the kernel path: a run with cgroup=kg-a, kept, seen while it runs
"$KIOGEN" run --name=cga "${cgrun[@]}" --ioengine=libaio --iodepth=4 --numjobs=2 \
	--runtime="$cgtime" --time_based "${weight[@]}" --cgroup_nodelete=1 >"$TMP/cga.json" &
cli=$!
id=$(running_id)
pids=$(worker_pids "$id")
procs=$(cat "$cg/kg-a/cgroup.procs")
# what was read is the run's own cgroup while it ran (the CLI leaves at its end)
state=$(run_state "$id")
echo "# run $id from cgroup=kg-a: CLI $cli, workers $(tr "\n" " " <<<"$pids"), still $state after kg-a's cgroup.procs was read"
# shellcheck disable=SC2086	# one pid per word
check "cgroup=kg-a: the module's workers are not tasks of /sys/fs/cgroup/kg-a" \
	none_in_list "$procs" $pids
check "cgroup=kg-a: so is the CLI" procs_in "$procs" "$cli"
check "cgroup=kg-a: the run was running when they were seen" test "$state" = running
if [ ${#weight[@]} -gt 0 ]; then
	echo "# io.weight: $(tr '\n' ' ' <"$cg/kg-a/io.weight")"
	check "cgroup_weight=500 lands in io.weight as v2's 100 (fio's /5)" \
		grep -qx "default 100" "$cg/kg-a/io.weight"
else
	check_skip "cgroup_weight lands in io.weight" "no io.weight (no CONFIG_BLK_CGROUP_IOCOST)"
fi
cg_ended "$cli" "$TMP/cga.json" "kernel path"
check "cgroup_nodelete=1: kg-a stays after the run, empty" \
	sh -c "test -d $cg/kg-a && test ! -s $cg/kg-a/cgroup.procs"
rmdir "$cg/kg-a"

# the syscall path: the CLI's threads are in kg-a
"$KIOGEN" run --name=cgs "${cgrun[@]}" --path=syscall --ioengine=psync --numjobs=2 \
	--runtime="$cgtime" --time_based --cgroup_nodelete=1 >"$TMP/cgs.json" &
cli=$!
# nr_tasks PID: the threads of process PID
nr_tasks() {
	find "/proc/$1/task" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l
}
for _ in $(seq 50); do
	[ "$(nr_tasks "$cli")" -ge 3 ] && break
	sleep 0.2
done
tids=$(cd "/proc/$cli/task" 2>/dev/null && echo *)
threads=$(cat "$cg/kg-a/cgroup.threads")
after=$(nr_tasks "$cli")
echo "# syscall path from cgroup=kg-a: CLI $cli, threads $tids; $after after kg-a's cgroup.threads was read"
check "cgroup=kg-a, syscall path: the CLI has its 2 workers' threads, before and after" \
	test "$(echo "$tids" | wc -w)" -ge 3 -a "$after" -ge 3
# shellcheck disable=SC2086	# one tid per word
check "cgroup=kg-a, syscall path: every thread of the CLI is in kg-a's cgroup.threads" \
	procs_in "$threads" $tids
cg_ended "$cli" "$TMP/cgs.json" "syscall path"
rmdir "$cg/kg-a"

# removed after the run, on both paths; one that was there before stays
"$KIOGEN" run --name=cgk "${cgrun[@]}" --size=8m >/dev/null
rc=$?
check "cgroup=kg-a: made and removed by a kernel-path run" test $rc -eq 0 -a ! -e "$cg/kg-a"
"$KIOGEN" run --name=cgs "${cgrun[@]}" --path=syscall --size=8m >/dev/null
rc=$?
check "cgroup=kg-a: made and removed by a syscall-path run" test $rc -eq 0 -a ! -e "$cg/kg-a"
mkdir "$cg/kg-a"
"$KIOGEN" run --name=cgk "${cgrun[@]}" --size=8m >/dev/null
check "cgroup=kg-a: one that was there before the run stays (fio removes only its own)" \
	test -d "$cg/kg-a"
rmdir "$cg/kg-a"

# a detached run: the CLI leaves kg-a, which stays, empty, charged with the run's I/O
did=$("$KIOGEN" run --name=cgd --filename=/dev/kcg0 --rw=randread --bs=4k --direct=1 \
	--runtime=3600 --time_based --cgroup=kg-a --detached)
wait_state "$did" running >/dev/null
r1=$(io_rbytes)
sleep 1
r2=$(io_rbytes)
echo "# cgroup=kg-a, detached: kg-a's rbytes ${r1:-none}, 1 s later ${r2:-none}"
check "cgroup=kg-a, detached: the CLI has left, kg-a stays, its io.stat grows with the run's reads" \
	test -d "$cg/kg-a" -a ! -s "$cg/kg-a/cgroup.procs" -a "${r2:-0}" -gt "${r1:-0}"
"$KIOGEN" stop "$did" >/dev/null
wait_state "$did" stopped >/dev/null
"$KIOGEN" delete "$did" >/dev/null
rmdir "$cg/kg-a"

# a parent without io in its subtree_control: the CLI enables it
mkdir "$cg/kg-p"
"$KIOGEN" run --name=cgp --filename=/dev/kcg0 --rw=randread --bs=4k --size=1m \
	--cgroup=kg-p/kg-c "${weight[@]}" >/dev/null
rc=$?
check "cgroup=kg-p/kg-c: the run succeeds, kg-c is removed after" test $rc -eq 0 -a ! -e "$cg/kg-p/kg-c"
check "cgroup=kg-p/kg-c: the CLI enabled io in kg-p's subtree_control" \
	grep -qw io "$cg/kg-p/cgroup.subtree_control"
rmdir "$cg/kg-p"

# refused in words, exit 2, no run: bad values, no cgroup2, no permission
before=$("$KIOGEN" list | wc -l)
# refused OUT WORDS ARGS...: kiogen run ARGS exits 2 saying WORDS
refused() {
	local out=$1 words=$2 rc
	shift 2
	"$@" >"$out" 2>&1
	rc=$?
	grep -q -- "$words" "$out" && [ $rc -eq 2 ] && return 0
	echo "# rc $rc: $(cat "$out")"
	return 1
}
check "cgroup_weight=1001 refused, exit 2" refused "$TMP/r1" "cgroup_weight: 1001 is out of range" \
	"$KIOGEN" run --name=bad "${cgrun[@]}" --size=1m --cgroup_weight=1001
check "cgroup=../kg-a refused, exit 2" refused "$TMP/r2" "no '.' or '..'" \
	"$KIOGEN" run --name=bad "${cgrun[@]}" --size=1m --cgroup=../kg-a
if command -v unshare >/dev/null; then
	check "no cgroup2 mounted: refused in words, exit 2" refused "$TMP/r3" "no cgroup2 file system is mounted" \
		unshare -m --propagation private sh -c \
		"awk '\$3 == \"cgroup2\" { print \$2 }' /proc/mounts | xargs -r -n1 umount -l &&
		 exec $KIOGEN run --name=bad --filename=/dev/kcg0 --size=1m --cgroup=kg-a"
else
	check_skip "no cgroup2 mounted: refused" "no unshare"
fi
if command -v setpriv >/dev/null; then
	check "cgroup=kg-a as nobody: no permission, said, exit 2" refused "$TMP/r4" "cannot create $cg/kg-a: Permission denied" \
		setpriv --reuid=65534 --regid=65534 --clear-groups "$KIOGEN" run --name=bad \
		--path=syscall --ioengine=null --size=1m --cgroup=kg-a
else
	check_skip "no permission: refused" "no setpriv"
fi
check "refused cgroups: no run reached the module, no kg-a left" \
	sh -c "test $before -eq \$($KIOGEN list | wc -l) -a ! -e $cg/kg-a"

finish
