#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The latency split (--latency_split=1): on null_blk with a 50 us timer the
# device phase centres on it, on brd (completed inside submit) it is nil;
# the submit and device phases add up to fio's lat; a file system's submit
# phase is not zero; the syscall path splits too; JSON carries the phases,
# and only when asked.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3 to read JSON"

nullb_create ksplit0 size=256 irqmode=2 completion_nsec=50000 ||
	skip "cannot create a timer null_blk device"
# mq-deadline would dispatch from kblockd: the device phase is the timer's
echo none > /sys/block/ksplit0/queue/scheduler
# XFS needs 300 MiB
modprobe brd rd_nr=1 rd_size=524288 >/dev/null 2>&1 || skip "no brd module"
mnt=$TMP/mnt
mkdir -p "$mnt"
cleanup() {
	umount "$mnt" 2>/dev/null
	rmmod brd 2>/dev/null
	nullb_remove ksplit0
}
trap cleanup EXIT

# kj FILE ARGS...: a run with the split, its JSON in FILE
kj() {
	local out=$1
	shift
	"$KIOGEN" run --latency_split=1 --output-format=json "$@" > "$out" 2>"$out.err" ||
		{ sed 's/^/# /' "$out.err"; return 1; }
}

# phase FILE NAME KEY: one figure of a phase of the first job
phase() {
	json "$1" "j['jobs'][0]['kiogen']['latency_split']['phases']['$2']['$3']"
}

# within A B PCT: |A - B| <= PCT % of B
within() {
	python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(not abs(a - b) <= $3 / 100.0 * b)" "$1" "$2"
}

# in_range V LO HI
in_range() {
	python3 -c "import sys; v = float(sys.argv[1]); sys.exit(not $2 <= v <= $3)" "$1"
}

# sums_to_lat FILE PCT: submit + device is fio's lat mean (the kernel path)
sums_to_lat() {
	local sd lat
	sd=$(json "$1" "sum(j['jobs'][0]['kiogen']['latency_split']['phases'][p]['mean'] for p in ('submit', 'device'))")
	lat=$(json "$1" "j['jobs'][0]['read']['lat_ns']['mean']")
	echo "# submit + device $sd ns, fio's lat mean $lat ns"
	within "$sd" "$lat" "$2"
}

# totals FILE: the phases add up to the total row
totals() {
	local sum total
	sum=$(json "$1" "sum(v['mean'] for k, v in j['jobs'][0]['kiogen']['latency_split']['phases'].items() if k != 'total')")
	total=$(phase "$1" total mean)
	within "$sum" "$total" 0.01
}

show() {
	echo "# $1: $(json "$2" "' '.join('%s=%.0f/%d' % (k, v['mean'], v.get('p50', 0)) for k, v in j['jobs'][0]['kiogen']['latency_split']['phases'].items())") (mean/p50 ns)"
}

# --- null_blk, 50 us timer: the device phase ---
kj "$TMP/nb.json" --name=nb --filename=/dev/ksplit0 --rw=randread --bs=4k --number_ios=2000
show "null_blk irqmode=2 50us, bio QD1" "$TMP/nb.json"
check "null_blk 50 us: the device phase's median is 40-200 us" \
	in_range "$(phase "$TMP/nb.json" device p50)" 40000 200000
check "null_blk 50 us: submit + device is fio's lat mean (within 2%)" sums_to_lat "$TMP/nb.json" 2
check "null_blk 50 us: the phases add up to the total" totals "$TMP/nb.json"
check "every counted I/O is split (ios = total_ios)" \
	test "$(json "$TMP/nb.json" "j['jobs'][0]['kiogen']['latency_split']['ios']")" = \
	"$(json "$TMP/nb.json" "j['jobs'][0]['read']['total_ios']")"
check "JSON carries a histogram per phase" \
	test "$(json "$TMP/nb.json" "sorted(j['jobs'][0]['kiogen']['latency_split']['hist'])")" = \
	"['build', 'device', 'reap', 'submit']"

# async, plugged batches of 8: the I/O leaves the plug at its flush
kj "$TMP/nbq.json" --name=nbq --filename=/dev/ksplit0 --rw=randread --bs=4k --number_ios=4000 \
	--ioengine=libaio --iodepth=8 --iodepth_batch_submit=8
show "null_blk 50us, bio QD8 batches of 8" "$TMP/nbq.json"
check "QD8 batches: submit + device is fio's lat mean (within 2%)" sums_to_lat "$TMP/nbq.json" 2
check "QD8 batches: the device phase's median is 40-200 us" \
	in_range "$(phase "$TMP/nbq.json" device p50)" 40000 200000

# --- brd: completed inside submit_bio, no device phase ---
kj "$TMP/brd.json" --name=brd --filename=/dev/ram0 --rw=randread --bs=4k --number_ios=2000
show "brd, bio QD1" "$TMP/brd.json"
check "brd: the device phase is nil (completed inside submit)" \
	test "$(phase "$TMP/brd.json" device p99)" = 0
check "brd: the submit phase holds the I/O" \
	in_range "$(phase "$TMP/brd.json" submit share_pct)" 20 100
check "brd: submit + device is fio's lat mean (within 2%)" sums_to_lat "$TMP/brd.json" 2

# --- a file on XFS: the file system's time is in the submit phase ---
if command -v mkfs.xfs >/dev/null && modprobe xfs >/dev/null 2>&1 &&
   mkfs.xfs -q -f /dev/ram0 && mount /dev/ram0 "$mnt"; then
	kj "$TMP/xfs.json" --name=x --filename="$mnt/data" --size=16m --bs=4k \
		--rw=randread --direct=1 --number_ios=2000
	show "XFS on brd, kiocb O_DIRECT QD1" "$TMP/xfs.json"
	check "XFS: the submit phase is not zero" \
		in_range "$(phase "$TMP/xfs.json" submit p50)" 1 1e12
	check "XFS: submit + device is fio's lat mean (within 2%)" sums_to_lat "$TMP/xfs.json" 2
	umount "$mnt"
else
	echo "# XFS on brd not available: its checks are left out"
fi

# --- the syscall path: submit is the syscall ---
kj "$TMP/sys.json" --path=syscall --name=s --filename=/dev/ksplit0 --rw=randread --bs=4k \
	--number_ios=1000 --direct=1 --ioengine=psync
show "syscall path, psync on null_blk 50us" "$TMP/sys.json"
# the syscall's own cost grows with a slow (debug) kernel: the ceiling with it
slow=${KIOGEN_TIMEOUT_SCALE:-1}
check "syscall psync: the device is inside the syscall (submit median 40-$((400 * slow)) us)" \
	in_range "$(phase "$TMP/sys.json" submit p50)" 40000 $((400000 * slow))
kj "$TMP/sysu.json" --path=syscall --name=u --filename=/dev/ksplit0 --rw=randread --bs=4k \
	--number_ios=1000 --direct=1 --ioengine=io_uring --iodepth=4
show "syscall path, io_uring QD4 on null_blk 50us" "$TMP/sysu.json"
# the syscall path sees a completion when its CQE is reaped: the device
# phase holds the thread's wakeup too, and the reap phase next to nothing
check "syscall io_uring: the device phase's median is at least 40 us" \
	in_range "$(phase "$TMP/sysu.json" device p50)" 40000 1e12
check "syscall io_uring: the device phase is the largest" \
	in_range "$(phase "$TMP/sysu.json" device share_pct)" \
	"max($(phase "$TMP/sysu.json" submit share_pct), $(phase "$TMP/sysu.json" build share_pct), $(phase "$TMP/sysu.json" reap share_pct))" 100

# --- compare: both paths' phases, and the syscall path's extra time ---
"$KIOGEN" compare --latency_split=1 --name=c --filename=/dev/ksplit0 --rw=randread --bs=4k \
	--number_ios=500 --direct=1 > "$TMP/cmp.txt" 2>/dev/null
sed -n '/^latency split/,$p' "$TMP/cmp.txt" | sed 's/^/# /'
check "compare prints the syscall path's extra time as its own row" \
	grep -Eq '^syscall extra +-?[0-9.]+' "$TMP/cmp.txt"
check "compare prints both paths' device phase" \
	grep -Eq '^device +[0-9.]+ +[0-9.]+% +[0-9.]+' "$TMP/cmp.txt"

# --- off by default ---
"$KIOGEN" run --name=off --filename=/dev/ksplit0 --rw=randread --bs=4k --number_ios=100 \
	--output-format=json > "$TMP/off.json" 2>/dev/null
check "without latency_split, no split in JSON" \
	test "$(json "$TMP/off.json" "'latency_split' in j['jobs'][0]['kiogen']")" = False
"$KIOGEN" run --latency_split=1 --name=t --filename=/dev/ksplit0 --rw=randread --bs=4k \
	--number_ios=100 > "$TMP/text.txt" 2>/dev/null
check "the text report has the phase table" \
	grep -Eq '^     device +[0-9.]+ +[0-9.]+' "$TMP/text.txt"
finish
