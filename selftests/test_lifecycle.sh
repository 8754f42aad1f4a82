#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Lifecycle under faults, each with a stated bound:
# - a device that takes seconds per I/O (null_blk irqmode=2 with
#   completion_nsec=10 s, its request timeout raised to 60 s; dm-delay of
#   5 s in make stress, KIOGEN_LIFECYCLE_FULL=1): RUN_STOP returns in under 1 s,
#   and meanwhile an unrelated generic netlink family registers (modprobe
#   team) and kiogen info answers while the stopped run's I/O is still in
#   flight (an order, not a time: a loaded host slows everything, a stall
#   waits for the I/O); deleting a running run is refused at once (EBUSY);
#   rmmod with a run running fails while it runs ("in use") and succeeds
#   once it has ended;
#   kiogen stop waits in user space until the run has ended;
# - the device removed under a run (null_blk power=0, dmsetup remove
#   --force): the run ends failed within 10 s, no splat;
# - SIGKILL of the CLI in every phase (file layout, ramp, run, results
#   fetch): the run stops within 5 s, nothing is left, the module unloads;
# - the memory cap (max_mem_mb=64) holds across many detached runs, and
#   kiogen info's memory in use agrees with /proc/meminfo;
# - fsfreeze -f during a write run on XFS, then thaw: the freeze returns
#   within 10 s, the run completes after the thaw; through overlayfs, a later
#   fsfreeze -f of the upper file system returns within 10 s (last: a hang
#   there cannot be undone).
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3"
command -v fsfreeze >/dev/null || skip "needs fsfreeze (util-linux)"
command -v mkfs.xfs >/dev/null || skip "needs xfsprogs"
kmsg "start"

mnt=$TMP/mnt
mkdir -p "$mnt"/{xfs,lower,ovl}
frozen_for_good=
cleanup() {
	[ -n "$frozen_for_good" ] && return	# a hung freeze: leave it be
	fsfreeze -u "$mnt/xfs" 2>/dev/null
	umount "$mnt/ovl" "$mnt/lower" "$mnt/xfs" 2>/dev/null
	dm_remove kl-delay
	dm_remove kl-lin
	for n in kl-slow kl-dly kl-gone kl-lin kl-kill; do nullb_remove $n 2>/dev/null; done
	rmmod brd 2>/dev/null
}
trap cleanup EXIT

reload() {	# the module back, if an earlier step unloaded it
	module_loaded || load_module "$@"
}

# ---- a device that takes seconds per I/O ----
nullb_create kl-slow irqmode=2 completion_nsec=10000000000 size=64 ||
	skip "cannot create a slow null_blk"
echo 60000 > /sys/block/kl-slow/queue/io_timeout ||
	skip "cannot raise the slow null_blk's request timeout"
modprobe -q team 2>/dev/null && rmmod team 2>/dev/null
timed team0_ms bash -c 'modprobe team && rmmod team' ||
	{ team0_ms=; echo "# no team module: the genl registration bound is not measured"; }
timed info0_ms "$KIOGEN" info >/dev/null
echo "# modprobe team + rmmod on an idle system: $team0_ms ms; kiogen info: $info0_ms ms"

# stop_bounds DEV LABEL: RUN_STOP, an unrelated family, info and delete
stop_bounds() {
	local dev=$1 label=$2 id line stop_ms info_ms team_ms del_ms
	rm -f "$TMP/id"
	# python takes a second to start here: it waits, ready, for the id
	knl stop "@$TMP/id" > "$TMP/stop.out" &
	local stopper=$!
	sleep 1.5
	id=$("$KIOGEN" run --name=slow --filename="$dev" --rw=randread --bs=4k --ioengine=libaio \
		--iodepth=4 --runtime=60 --time_based --detached 2>"$TMP/slow.err")
	check "$label: a run starts" test -n "$id" || { cat "$TMP/slow.err"; kill $stopper; return; }
	sleep 0.3	# its first I/Os are in flight now, for seconds
	kmsg "$label: RUN_STOP of run $id with I/O in flight"
	echo "$id" > "$TMP/id"
	sleep 0.2
	# an unrelated family registers (a writer of genetlink's lock), and
	# kiogen info (a reader that queues behind it) answers meanwhile
	if [ -n "$team0_ms" ]; then
		( timed ms modprobe team; run_state "$id" > "$TMP/team.state"
		  echo "$ms" > "$TMP/team.ms"; rmmod team 2>/dev/null ) &
		sleep 0.1
	fi
	timed info_ms "$KIOGEN" info >/dev/null
	info_state=$(run_state "$id")
	wait
	[ -n "$team0_ms" ] && team_ms=$(cat "$TMP/team.ms")
	stop_ms=$(knl_field "$(cat "$TMP/stop.out")" ms)
	echo "# $label: RUN_STOP $stop_ms ms ($(head -1 "$TMP/stop.out")), kiogen info $info_ms ms, modprobe team ${team_ms:-n/a} ms"
	check "$label: RUN_STOP answered" grep -q "errno=0" "$TMP/stop.out"
	check "$label: RUN_STOP returns in under 1 s" test "$stop_ms" -lt 1000
	check "$label: kiogen info answers while the stopped run's I/O is in flight" \
		test "$info_state" = running
	[ -n "$team0_ms" ] &&
		check "$label: modprobe team registers while the stopped run's I/O is in flight" \
			test "$(cat "$TMP/team.state")" = running
	check "$label: the stopped run ends (event and state) within 20 s" wait_state "$id" stopped
	timed del_ms knl del "$id" >/dev/null
	check "$label: the ended run is deleted" test -z "$(run_state "$id")"
}
stop_bounds /dev/kl-slow "null_blk 10 s/IO"

# rmmod and delete while a run runs; kiogen stop waits in user space
id=$("$KIOGEN" run --name=slow --filename=/dev/kl-slow --rw=randread --bs=4k --ioengine=libaio \
	--iodepth=4 --runtime=60 --time_based --detached 2>/dev/null)
sleep 0.5
kmsg "rmmod with run $id running"
timed rmmod_ms rmmod kiogen > "$TMP/rmmod.out" 2>&1
rc=$?
rmmod_state=$(run_state "$id")
echo "# rmmod with a run running: exit $rc in $rmmod_ms ms: $(cat "$TMP/rmmod.out")"
check "rmmod with a run running fails" test $rc -ne 0
check "rmmod with a run running fails while it runs, saying it is in use" \
	bash -c "[ '$rmmod_state' = running ] && grep -q 'in use' '$TMP/rmmod.out'"
if ! module_loaded; then
	reload
	id=$("$KIOGEN" run --name=slow --filename=/dev/kl-slow --rw=randread --bs=4k \
		--ioengine=libaio --iodepth=4 --runtime=60 --time_based --detached 2>/dev/null)
	sleep 0.5
fi
line=$(knl del "$id")
echo "# RUN_DEL of a running run: $line"
check "deleting a running run is refused at once (EBUSY, under 1 s)" \
	bash -c "[ '$(knl_field "$line" errno)' = EBUSY ] && [ '$(knl_field "$line" ms)' -lt 1000 ]"
timed cli_stop_ms "$KIOGEN" stop "$id" >/dev/null 2>&1
rc=$?
echo "# kiogen stop: exit $rc after $cli_stop_ms ms"
check "kiogen stop exits 0" test $rc -eq 0
check "kiogen stop returns once the run has ended (state stopped)" test "$(run_state "$id")" = stopped
check "kiogen stop returns within 15 s (one 10 s I/O, and some)" test "$cli_stop_ms" -lt 15000
"$KIOGEN" delete "$id" >/dev/null 2>&1
check "rmmod succeeds once no run runs" rmmod kiogen
reload

# the same bound through device-mapper's delay target (make stress; KIOGEN_LIFECYCLE_FULL=1)
[ -n "${KIOGEN_LIFECYCLE_FULL:-}" ] && modprobe dm-mod >/dev/null 2>&1 &&
	modprobe dm-delay >/dev/null 2>&1 &&
	nullb_create kl-dly size=64 irqmode=0 &&
	dm_create kl-delay "0 $((64 * 2048)) delay /dev/kl-dly 0 5000" && dm_ok=1
if [ -n "${dm_ok:-}" ]; then
	stop_bounds /dev/mapper/kl-delay "dm-delay 5 s/IO"
else
	echo "# dm-delay's bounds: only with KIOGEN_LIFECYCLE_FULL=1 (make stress), or no dm-delay here"
fi

# ---- the device goes away under a run ----
gone() {	# gone LABEL ID REMOVE-COMMAND...
	local label=$1 id=$2 mark
	shift 2
	mark=$(dmesg_mark)
	check "$label: the run runs" wait_state "$id" running
	kmsg "$label: removing the device under run $id"
	timeout 20 "$@"
	check "$label: the run ends failed within 20 s" wait_state "$id" failed
	"$KIOGEN" delete "$id" >/dev/null 2>&1
	check "$label: no splat" bash -c "! dmesg | tail -n +$((mark + 1)) | grep -E '$SPLAT_RE'"
}
nullb_create kl-gone memory_backed=1 size=64 irqmode=2 || skip "cannot create null_blk"
id=$("$KIOGEN" run --name=gone --filename=/dev/kl-gone --rw=randrw --bs=4k --ioengine=libaio \
	--iodepth=8 --runtime=60 --time_based --detached 2>/dev/null)
gone "null_blk power=0 under a bio run" "$id" sh -c 'echo 0 > /sys/kernel/config/nullb/kl-gone/power'
check "the removed null_blk can be deleted" rmdir /sys/kernel/config/nullb/kl-gone
rm -f /dev/kl-gone
if modprobe dm-mod >/dev/null 2>&1 && nullb_create kl-lin memory_backed=1 size=64 irqmode=1 &&
   dm_create kl-lin "0 $((64 * 2048)) linear /dev/kl-lin 0"; then
	id=$("$KIOGEN" run --name=gone --filename=/dev/mapper/kl-lin --rw=randread --bs=4k \
		--ioengine=libaio --iodepth=8 --runtime=60 --time_based --detached 2>/dev/null)
	gone "dmsetup remove --force under a bio run" "$id" dmsetup remove --force kl-lin
	dm_remove kl-lin
else
	echo "# no dm linear target: removal under a dm device is not tested"
fi

# ---- SIGKILL of the CLI in every phase ----
modprobe brd rd_nr=1 rd_size=524288 >/dev/null 2>&1 || skip "no brd module"
mkfs.xfs -q -f /dev/ram0 && mount /dev/ram0 "$mnt/xfs" || skip "cannot make XFS on brd"
# killed PHASE WAIT-CONDITION OPTIONS...: starts an attached run, kills -9
# the CLI once WAIT-CONDITION holds, then nothing of it may still run
killed() {
	local phase=$1 cond=$2 pid id _ mark
	shift 2
	mark=$(dmesg_mark)
	kmsg "SIGKILL in $phase"
	"$KIOGEN" run --name="kill-$phase" "$@" >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 200); do
		eval "$cond" && break
		sleep 0.05
	done
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	id=$("$KIOGEN" list | awk -v n="kill-$phase" '$0 ~ n { print $1 }' | head -1)
	if [ -n "$id" ]; then
		# stopped; or done, when the kill came after its end (results)
		check "SIGKILL in $phase: the run ends within 5 s" \
			bash -c "for _ in \$(seq 25); do '$KIOGEN' list | awk -v id=$id '\$1 == id' |
				grep -qE 'stopped|done' && exit 0; sleep 0.2; done; exit 1" ||
			echo "# $("$KIOGEN" list)"
		"$KIOGEN" delete "$id" >/dev/null 2>&1
	fi
	check "SIGKILL in $phase: no run left running" \
		bash -c "! '$KIOGEN' list | awk '\$2 == \"running\"' | grep -q ."
	check "SIGKILL in $phase: no splat" bash -c "! dmesg | tail -n +$((mark + 1)) | grep -E '$SPLAT_RE'"
}
kiogen_running() {	# a run whose name starts with $1 is running
	"$KIOGEN" list 2>/dev/null | grep "$1" | grep -q running
}
# killed while it writes the file out (fallocate=native, the default as
# fio's, would be killed as it reserves the 400 MiB at once and leave them
# reserved: the overlay below then found the XFS full); the file is litter
killed layout "[ -s '$mnt/xfs/big' ]" --filename="$mnt/xfs/big" --size=400m --rw=read \
	--number_ios=10 --fallocate=none
rm -f "$mnt/xfs/big"
kmsg "rmmod right after a killed layout"
for _ in $(seq 50); do rmmod kiogen 2>/dev/null && break; sleep 0.2; done
check "the module unloads right after a layout was killed" bash -c '! [ -d /sys/module/kiogen ]'
reload
killed ramp "kiogen_running kill-ramp" --ioengine=null --size=64m --ramp_time=30 \
	--runtime=10 --time_based
nullb_create kl-kill memory_backed=1 size=64 irqmode=1 || skip "cannot create null_blk"
killed run "kiogen_running kill-run" --filename=/dev/kl-kill --rw=randwrite --bs=4k \
	--ioengine=libaio --iodepth=8 --runtime=60 --time_based
released_soon() {	# a kthread's last fput is deferred: a moment, not more
	local _
	for _ in 1 2 3; do bdev_released "$1" 2>/dev/null && return 0; sleep 0.5; done
	bdev_released "$1"
}
check "SIGKILL in run: the device is released" released_soon /dev/kl-kill
# the results of 64 workers take a while to fetch: kill as soon as the run is done
killed results "\"\$KIOGEN\" list 2>/dev/null | grep kill-results | grep -q done" \
	--ioengine=null --size=64m --numjobs=64 --number_ios=2000 --output-format=json
check "after the kills: memory in use back to 0" test "$(mem_used_kib)" = 0
check "after the kills: the module unloads" rmmod kiogen
reload

# ---- the memory cap across many detached runs ----
used_kib() {	# memory the system uses, KiB
	awk '/^MemTotal/ { t = $2 } /^MemAvailable/ { a = $2 } END { print t - a }' /proc/meminfo
}
slab_kib() {
	awk '/^Slab:/ { print $2 }' /proc/meminfo
}
# exited workers' stacks and task_structs are freed after an RCU grace
# period, which a TCG guest takes its time over: the least of a few samples
settled_used_kib() {
	local u min _
	sync
	for _ in $(seq 8); do
		echo 3 > /proc/sys/vm/drop_caches
		u=$(used_kib)
		[ -z "$min" ] || [ "$u" -lt "$min" ] && min=$u
		sleep 0.4
	done
	echo "$min"
}
rmmod kiogen && load_module max_mem_mb=64
u0=$(settled_used_kib) s0=$(slab_kib)
ids=() refused=0
kmsg "memory cap: detached runs of 256 workers under max_mem_mb=64"
for i in 1 2 3 4 5 6; do
	id=$("$KIOGEN" run --name=mem$i --ioengine=null --size=64m --numjobs=256 --number_ios=200 \
		--detached 2>"$TMP/mem.err")
	if [ -n "$id" ]; then
		ids+=("$id")
		wait_state "$id" done >/dev/null
	else
		refused=$((refused + 1))
		echo "# run $i refused: $(tail -1 "$TMP/mem.err")"
	fi
done
u1=$(settled_used_kib) s1=$(slab_kib) m1=$(mem_used_kib)
echo "# ${#ids[@]} runs kept, $refused refused; system memory +$(((u1 - u0) / 1024)) MiB, slab +$(((s1 - s0) / 1024)) MiB; kiogen info: $((m1 / 1024)) MiB in use"
check "memory cap: kiogen accounts at most max_mem_mb=64" test "$m1" -le $((64 * 1024))
check "memory cap: the system holds at most 64 MiB (+24 MiB slack) more with the runs kept" \
	test $((u1 - u0)) -le $(((64 + 24) * 1024))
# kiogen may count more than the system shows lost (memory freed elsewhere
# meanwhile, reservations rounded up), never much less: that was the bug
check "memory cap: kiogen info's memory in use is not below what the system lost (16 MiB slack)" \
	test $((u1 - u0 - m1)) -le $((16 * 1024))
for id in "${ids[@]}"; do "$KIOGEN" delete "$id" >/dev/null 2>&1; done
check "memory cap: memory in use back to 0 after deleting the runs" test "$(mem_used_kib)" = 0

# ---- the registry and the memory cap are the module's, runs are per netns ----
# Another namespace's finished runs (never listed here, so never deletable
# from here) give way to a new run, as this namespace's own do.
nsl=kiogen-lc-$$
nsknl() { ip netns exec "$nsl" env KIOGEN_SRC="$KIOGEN_SRC" python3 "$KIOGEN_NL" "$@"; }
if command -v ip >/dev/null && ip netns add "$nsl"; then
	rmmod kiogen && load_module max_runs=2
	tiny="engine=null name=t rw=read bs=4096 size=1048576 number_ios=10"
	# 16 workers each keeping 4096 log windows: about 13 MiB of results
	big="engine=null name=b rw=read bs=4096 size=1048576 number_ios=10 numjobs=16 log_avg_ns=1000000"
	# shellcheck disable=SC2086
	for _ in 1 2; do echo "# $nsl: $(nsknl new --detached $tiny | head -1)"; done
	sleep 1
	# shellcheck disable=SC2086
	line=$(knl new --detached $tiny | head -1)
	check "registry: another netns's 2 finished runs make room under max_runs=2 ($line)" \
		test "$(knl_field "$line" errno)" = 0
	n=$(nsknl list | grep -c '^run ')
	check "registry: its oldest finished run gave way ($n left)" test "$n" = 1
	for id in $(knl list | awk '/^run / { print $2 }'); do knl del "$id" > /dev/null; done
	for id in $(nsknl list | awk '/^run / { print $2 }'); do nsknl del "$id" > /dev/null; done
	# shellcheck disable=SC2086
	echo "# $nsl: $(nsknl new --detached $big | head -1)"
	sleep 2
	m=$(mem_used_kib)
	# room for one such run, not two
	echo $((m * 3 / 2 / 1024 + 1)) > /sys/module/kiogen/parameters/max_mem_mb
	# shellcheck disable=SC2086
	line=$(knl new --detached $big | head -1)
	check "memory: another netns's finished run ($((m / 1024)) MiB) gives way under max_mem_mb=$(cat /sys/module/kiogen/parameters/max_mem_mb) ($line)" \
		test "$(knl_field "$line" errno)" = 0 -a "$m" -ge $((8 * 1024))
	n=$(nsknl list | grep -c '^run ')
	check "memory: the other netns's run is gone ($n left)" test "$n" = 0
	sleep 2
	check "memory: only the new run is counted ($(mem_used_kib) KiB, was $m)" \
		test "$(mem_used_kib)" -le $((m * 9 / 8))
	for id in $(knl list | awk '/^run / { print $2 }'); do knl del "$id" > /dev/null; done
	ip netns del "$nsl"
fi
rmmod kiogen && load_module

# ---- fsfreeze during write runs ----
dd if=/dev/zero of="$mnt/xfs/data" bs=1M count=64 status=none && sync
# freeze_within SECONDS: fsfreeze -f of the XFS returns in time
freeze_within() {	# a freeze that hangs is in D state: no signal ends it, so no timeout(1)
	local pid _
	fsfreeze -f "$mnt/xfs" &
	pid=$!
	for _ in $(seq $(($1 * 10))); do
		kill -0 $pid 2>/dev/null || { wait $pid; return; }
		sleep 0.1
	done
	frozen_for_good=1	# the file system stays that way
	return 1
}
# long enough that only the stop below ends it (a loaded host's freeze is slow)
id=$("$KIOGEN" run --name=frz --filename="$mnt/xfs/data" --rw=randwrite --bs=4k --direct=1 \
	--ioengine=psync --runtime=60 --time_based --detached 2>/dev/null)
check "freeze: a write run on XFS runs" wait_state "$id" running
sleep 1
kmsg "fsfreeze -f under write run $id"
check "freeze: fsfreeze -f under a write run returns within 10 s" freeze_within 10
if [ -z "$frozen_for_good" ]; then
	# RUN_STOP with the writers blocked by the freeze: it must return, and the
	# test must not hang if it does not (the thaw below releases it)
	rm -f "$TMP/id"
	knl stop "@$TMP/id" > "$TMP/fstop.out" &
	stopper=$!
	sleep 1.5
	echo "$id" > "$TMP/id"
	for _ in $(seq 50); do kill -0 $stopper 2>/dev/null || break; sleep 0.1; done
	stop_hung=0
	kill -0 $stopper 2>/dev/null && stop_hung=1
	echo "# RUN_STOP on a frozen file system: $(cat "$TMP/fstop.out")$([ $stop_hung = 1 ] && echo "no answer within 5 s")"
	check "freeze: RUN_STOP on a frozen file system returns in under 1 s" \
		bash -c "[ $stop_hung = 0 ] && [ '$(knl_field "$(cat "$TMP/fstop.out")" ms)' -lt 1000 ]"
	sleep 1
	fsfreeze -u "$mnt/xfs"
	wait $stopper
	check "freeze: after thaw the stopped run ends within 20 s" wait_state "$id" stopped
	"$KIOGEN" delete "$id" >/dev/null 2>&1
	id=$("$KIOGEN" run --name=frz2 --filename="$mnt/xfs/data" --rw=randwrite --bs=4k \
		--direct=1 --ioengine=psync --runtime=4 --time_based --detached 2>/dev/null)
	sleep 1
	freeze_within 10 && sleep 2 && fsfreeze -u "$mnt/xfs"
	check "freeze: a run frozen for 2 s completes after the thaw (done)" wait_state "$id" done
	"$KIOGEN" delete "$id" >/dev/null 2>&1
fi

# through overlayfs (upper on the XFS): async writes release the upper file
# system's freeze protection; a later fsfreeze -f returns (last: a hang here
# cannot be undone)
if [ -z "$frozen_for_good" ] && mount -t tmpfs tmpfs "$mnt/lower" &&
   dd if=/dev/zero of="$mnt/lower/data" bs=1M count=8 status=none &&
   mkdir -p "$mnt/xfs/upper" "$mnt/xfs/work" &&
   mount -t overlay overlay \
	-o "lowerdir=$mnt/lower,upperdir=$mnt/xfs/upper,workdir=$mnt/xfs/work" "$mnt/ovl"; then
	kmsg "overlayfs async writes, then fsfreeze -f of the upper"
	check "overlay: async buffered writes through overlayfs complete" \
		said "$KIOGEN" run --name=ovl --filename="$mnt/ovl/data" --rw=randwrite --bs=4k \
			--direct=0 --ioengine=libaio --iodepth=4 --number_ios=200
	check "overlay: fsfreeze -f of the upper XFS afterwards returns within 10 s" freeze_within 10
	[ -z "$frozen_for_good" ] && fsfreeze -u "$mnt/xfs"
else
	echo "# overlayfs not available: its freeze test is not run"
fi
# a hung freeze: the XFS is left as it is, and so is $TMP that holds its mount
[ -n "$frozen_for_good" ] && echo "# a freeze hung: $mnt/xfs is left frozen" && TMP=/nonexistent
cleanup
trap - EXIT
finish
