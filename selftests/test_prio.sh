#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Placement and priority (kmod/place.c, ctl/options/place.c) on both paths,
# seen from outside while a run lasts: the workers (the module's kiogenR/J.W
# threads, the CLI's worker threads) run only on cpus_allowed's CPUs, split
# gives each one CPU of the set, nice shows in /proc/PID/stat; the I/O
# priority class reaches the block layer (mq-deadline keeps a queue per
# class, debugfs sched/queued counts each, in the order RT BE IDLE: a
# null_blk with one tag and 50 ms completions holds the job's I/Os there),
# from the bio and kiocb engines and from the syscall path's libaio, psync
# (ioprio_set of each thread) and io_uring (each SQE's ioprio, as fio's: with
# sqthread_poll the submitter is the SQPOLL thread);
# what the requester could not set itself is refused, naming the option.
# The guest has 2 vCPUs: CPU 1 is the set.

. "$(dirname "$0")/lib.sh"

need_root
load_module || skip "cannot load kiogen"
[ "$(nproc)" -ge 2 ] || skip "needs 2 CPUs"

# workers PID: the run's worker threads, one PID a line; kernel: PID is
# empty and the module's threads are found by name
workers() {
	if [ -z "$1" ]; then
		grep -l '^kiogen[0-9]*/[0-9]*\.[0-9]*$' /proc/[0-9]*/comm 2>/dev/null |
			cut -d/ -f3
	else
		ls "/proc/$1/task" | grep -vx "$1"
	fi
}

# procf PID TID FILE: /proc's FILE of thread TID (PID empty: a kthread)
procf() {
	if [ -z "$1" ]; then cat "/proc/$2/$3"; else cat "/proc/$1/task/$2/$3"; fi
}

# started PATH OUT OPTIONS...: a run in the background until ended();
# PID of the CLI in $run_pid, that of its worker threads' process in $wpid
# (empty: kernel). Paced, so that the workers leave the slow guest's CPUs
# to the test.
started() {
	local path=$1 out=$2 _
	shift 2
	"$KIOGEN" run --path="$path" --runtime=120 --time_based "$@" >"$out" 2>&1 &
	run_pid=$!
	wpid=
	[ "$path" = syscall ] && wpid=$run_pid
	for _ in $(seq 100); do
		[ -n "$(workers "$wpid")" ] && sleep 1 && return 0
		sleep 0.2
	done
	echo "# no worker seen: $(cat "$out")"
	return 1
}

# ended: the run started() began is stopped as Ctrl-C would; its exit code
ended() {
	kill -INT "$run_pid"
	wait "$run_pid"
}

# the CPU lists of the workers, sorted, one line
cpu_lists() {
	local t
	for t in $(workers "$wpid"); do
		procf "$wpid" "$t" status | awk '/^Cpus_allowed_list/ { print $2 }'
	done | sort | tr '\n' ' '
}

nices() {
	local t
	for t in $(workers "$wpid"); do
		procf "$wpid" "$t" stat | sed 's/.*) //' | awk '{ print $17 }'
	done | sort -u | tr '\n' ' '
}

expect() {	# expect WHAT GOT WANT
	echo "# $1: '$2' (want '$3')"
	[ "$2" = "$3" ]
}

for p in kernel syscall; do
	started $p "$TMP/shared-$p.out" --name=s --ioengine=null --size=1g --rw=randread \
		--numjobs=2 --cpus_allowed=1 --nice=5 --rate_iops=200
	check "$p: cpus_allowed=1: every worker may run on CPU 1 only" \
		expect "CPU lists" "$(cpu_lists)" "1 1 "
	check "$p: nice=5 in /proc/PID/stat" expect "nice" "$(nices)" "5 "
	ended
	check "$p: the run ends well" test $? -eq 0

	started $p "$TMP/split-$p.out" --name=s --ioengine=null --size=1g --rw=randread \
		--numjobs=2 --cpus_allowed=0-1 --cpus_allowed_policy=split --rate_iops=200
	check "$p: split: each worker gets one CPU of 0-1" expect "CPU lists" "$(cpu_lists)" "0 1 "
	ended
done

# numa_cpu_nodes=1 in a guest of two nodes (VM_NUMA=2; check.sh boots this
# test's leg so): the workers may run on node 1's CPUs only, and their
# buffers (64 MiB: bs=1m, iodepth=64; the syscall path's first touched by
# the placed worker thread) come from node 1's memory, seen as node 1's
# MemUsed growing by at least half of that while node 0's does not
node_used() {	# node_used NODE: its MemUsed, kB
	awk '/MemUsed/ { print $4 }' "/sys/devices/system/node/node$1/meminfo"
}
numa_check() {	# numa_check PATH ENGINE-OPTIONS...
	local p=$1 u0 u1 d0 d1
	shift
	sync
	echo 3 >/proc/sys/vm/drop_caches
	u0=$(node_used 0) u1=$(node_used 1)
	started "$p" "$TMP/numa-$p.out" --name=n --filename=/dev/kgnuma --rw=randread \
		--bs=1m --iodepth=64 --direct=1 --numa_cpu_nodes=1 --rate_iops=20 "$@" || return 1
	d0=$(($(node_used 0) - u0)) d1=$(($(node_used 1) - u1))
	check "$p: numa_cpu_nodes=1: the workers may run on node 1's CPUs only" \
		expect "CPU lists" "$(cpu_lists)" "$(cat /sys/devices/system/node/node1/cpulist) "
	echo "# $p: MemUsed grew by ${d0} kB on node 0, ${d1} kB on node 1 (buffers 65536 kB)"
	check "$p: numa_cpu_nodes=1: the buffers on node 1 (>= 32 MiB more used there, < 16 MiB on node 0)" \
		test "$d1" -ge 32768 -a "$d0" -lt 16384
	ended
}
if [ -d /sys/devices/system/node/node1 ] && [ ! -d /sys/devices/system/node/node2 ] &&
	nullb_create kgnuma irqmode=0 memory_backed=0 size=1024; then
	numa_check kernel --ioengine=bio
	numa_check syscall --ioengine=libaio
	nullb_remove kgnuma
else
	echo "# not two NUMA nodes (VM_NUMA=2 boots a guest with them): numa_cpu_nodes' placement not tested"
fi

# I/O priority: one tag, 50 ms a completion, mq-deadline in front
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
nullb_create kgprio irqmode=2 completion_nsec=50000000 hw_queue_depth=1 \
	submit_queues=1 memory_backed=0 size=256 || skip "cannot create null_blk"
echo mq-deadline >/sys/block/kgprio/queue/scheduler 2>/dev/null ||
	skip "no mq-deadline scheduler"
Q=/sys/kernel/debug/block/kgprio/sched/queued
[ -r $Q ] || skip "no $Q"

sum3() { echo $(($1 + $2 + $3)); }

# queued_by PATH CLASS ENGINE-OPTIONS...: mq-deadline's queued counts (RT BE
# IDLE) of a run with prioclass=CLASS, the largest seen while it lasts
queued_by() {
	local path=$1 class=$2 best="0 0 0" q _
	shift 2
	started "$path" "$TMP/prio-$path-$class.out" --name=p --filename=/dev/kgprio \
		--rw=randread --bs=4k --prioclass="$class" --prio=3 "$@" || return 1
	for _ in $(seq 10); do
		q=$(cat $Q)
		[ "$(sum3 $q)" -gt "$(sum3 $best)" ] && best=$q
		sleep 0.2
	done
	ended >/dev/null
	echo "$best"
}

# want_class COUNTS CLASS: the I/Os queued in the class's column only
want_class() {
	local -a c=($1)
	local i=$(($2 - 1)) k
	echo "# mq-deadline queued (RT BE IDLE): ${c[*]}, want class $2 only"
	[ "${c[$i]}" -ge 2 ] || return 1
	for k in 0 1 2; do
		[ $k -eq $i ] || [ "${c[$k]}" -eq 0 ] || return 1
	done
}

for class in 1 3; do
	check "kernel bio: prioclass=$class reaches the block layer" \
		want_class "$(queued_by kernel $class --ioengine=bio --iodepth=8)" $class
	check "kernel kiocb: prioclass=$class reaches the block layer" \
		want_class "$(queued_by kernel $class --ioengine=kiocb --direct=1 --iodepth=8)" $class
	check "syscall libaio: prioclass=$class reaches the block layer" \
		want_class "$(queued_by syscall $class --ioengine=libaio --direct=1 --iodepth=8)" $class
	check "syscall psync (ioprio_set of each thread): prioclass=$class reaches the block layer" \
		want_class "$(queued_by syscall $class --ioengine=psync --direct=1 --numjobs=4)" $class
	check "syscall io_uring: prioclass=$class reaches the block layer" \
		want_class "$(queued_by syscall $class --ioengine=io_uring --direct=1 --iodepth=8)" $class
	# the SQPOLL thread submits: only the SQE's ioprio carries the class, as fio's
	check "syscall io_uring sqthread_poll (the SQE's ioprio): prioclass=$class reaches the block layer" \
		want_class "$(queued_by syscall $class --ioengine=io_uring --direct=1 --iodepth=8 \
			--sqthread_poll)" $class
done
nullb_remove kgprio

# refused what the requester could not do itself, named
touch "$TMP/f"
chmod 755 "$TMP"
chmod 666 "$TMP/f"
refused() {	# refused OPTION PATH RUNNER...: exit 1, the option named
	local opt=$1 path=$2 out rc
	shift 2
	out=$("$@" "$KIOGEN" run --path="$path" --name=n --filename="$TMP/f" --size=1m \
	      --rw=read --ioengine=psync "--$opt" 2>&1)
	rc=$?
	echo "# $opt: exit $rc: $out"
	[ $rc -eq 1 ] && grep -q "${opt%%=*}" <<<"$out"
}
check "syscall, nobody: prioclass=1 refused, named" refused prioclass=1 syscall as_nobody
check "syscall, nobody: nice=-5 refused, named" refused nice=-5 syscall as_nobody
no_nice() {	# root without CAP_SYS_NICE (RLIMIT_NICE is 0)
	setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice "$@"
}
check "kernel, without CAP_SYS_NICE: nice=-5 refused by the module, named" \
	refused nice=-5 kernel no_nice
# from a network namespace owned by a user namespace of its own, where the
# requester has every capability: setpriority() would still refuse it
unshare -U -n --map-root-user sleep 300 &
userns_pid=$!
sleep 1
in_userns_net() {
	no_nice nsenter --net="/proc/$userns_pid/ns/net" "$@"
}
if in_userns_net true; then
	check "kernel, without CAP_SYS_NICE, netns of a user namespace it owns: nice=-5 refused, named" \
		refused nice=-5 kernel in_userns_net
	check "kernel, without CAP_SYS_NICE, netns of a user namespace it owns: prioclass=1 runs (CAP_SYS_ADMIN)" \
		in_userns_net "$KIOGEN" run --path=kernel --name=n --filename="$TMP/f" \
		--size=1m --rw=read --ioengine=psync --prioclass=1
else
	check_skip "kernel, netns of an own user namespace: nice=-5 refused" \
		"cannot enter a netns of a new user namespace"
fi
kill "$userns_pid"
wait "$userns_pid" 2>/dev/null
check "syscall, nobody: nice=5 runs" \
	as_nobody "$KIOGEN" run --name=n --filename="$TMP/f" --size=1m --rw=read \
	--ioengine=psync --path=syscall --nice=5

finish
