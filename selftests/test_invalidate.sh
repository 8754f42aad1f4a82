#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fio's invalidate at each new pass, on the kernel path and the syscall path:
# reads are counted where they reach the device (/sys/block/X/stat). A time
# based buffered randread over a file it walks several times reads it from
# the device at every pass with invalidate=1, once with invalidate=0, at a
# fraction of the IOPS; a loops=3 job reads the file three times, or once;
# a block device read through the page cache (kiocb, direct=0) the same; the
# bio engine reads the device whatever invalidate says (bios bypass the
# cache); and compare's two paths still issue one stream.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3 to read JSON"
command -v mkfs.xfs >/dev/null || skip "needs xfsprogs (mkfs.xfs)"
modprobe xfs >/dev/null 2>&1 || skip "no xfs module"
modprobe ext4 >/dev/null 2>&1 || skip "no ext4 module"

# misses wait 50 us for the device's timer; a hit is a copy from the cache
nullb_create kinv-xfs memory_backed=1 size=512 irqmode=2 completion_nsec=50000 ||
	skip "cannot create a memory-backed null_blk device"
nullb_create kinv-ext4 memory_backed=1 size=256 irqmode=0 ||
	skip "cannot create a memory-backed null_blk device"
nullb_create kinv-blk size=64 irqmode=0 || skip "cannot create a null_blk device"
mnt=$TMP/mnt
mkdir -p "$mnt/xfs" "$mnt/ext4"
cleanup() {
	umount "$mnt/xfs" "$mnt/ext4" 2>/dev/null
	nullb_remove kinv-xfs
	nullb_remove kinv-ext4
	nullb_remove kinv-blk
}
trap cleanup EXIT
mkfs.xfs -q -f /dev/kinv-xfs >/dev/null 2>&1 && mount /dev/kinv-xfs "$mnt/xfs" || skip "cannot make XFS on null_blk"
mkfs.ext4 -q -F /dev/kinv-ext4 >/dev/null 2>&1 && mount /dev/kinv-ext4 "$mnt/ext4" ||
	skip "cannot make ext4 on null_blk"

size=$((4 << 20))

read_bytes() {	# read_bytes DEV: bytes read from the device so far
	echo $(($(awk '{ print $3 }' "/sys/block/$1/stat") * 512))
}

# inv DEV OUT.json OPTIONS...: a run from a cold cache (the invalidate=0
# runs start cold too); $dev_read: what the device read meanwhile
inv() {
	local dev=$1 out=$2 before
	shift 2
	sync
	echo 3 > /proc/sys/vm/drop_caches
	before=$(read_bytes "$dev")
	if ! "$KIOGEN" run --output-format=json "$@" > "$out" 2>"$out.err"; then
		echo "# kiogen run $* failed: $(cat "$out.err")"
		dev_read=-1
		return 1
	fi
	dev_read=$(($(read_bytes "$dev") - before))
}

# within LOW HIGH: $dev_read / size in [LOW, HIGH] (tenths), or say what it was
within() {
	local tenths=$((dev_read * 10 / size))
	[ "$tenths" -ge "$1" ] && [ "$tenths" -le "$2" ] && return 0
	echo "# the device read $dev_read bytes, $tenths tenths of the file, want $1..$2"
	return 1
}

io_bytes() {	# io_bytes OUT.json: bytes the job read
	json "$1" "j['jobs'][0]['read']['io_bytes']"
}

iops() {	# iops OUT.json
	json "$1" "int(j['jobs'][0]['read']['iops'])"
}

# the file, laid out once; the runs only read it
"$KIOGEN" run --name=lay --filename="$mnt/xfs/f" --size=$size --rw=read \
	--number_ios=1 >/dev/null 2>&1 || skip "cannot lay out a file on XFS"
"$KIOGEN" run --name=lay --filename="$mnt/ext4/f" --size=$size --rw=read \
	--number_ios=1 >/dev/null 2>&1 || skip "cannot lay out a file on ext4"

# --- time based, buffered: the first I/O of each pass drops the cache ---
tb="--name=tb --filename=$mnt/xfs/f --size=$size --bs=4k --rw=randread --direct=0
    --time_based --runtime=5s"
for path in kernel syscall; do
	inv kinv-xfs "$TMP/tb-$path-1.json" --path=$path $tb --invalidate=1
	r1=$dev_read
	check "$path: time based, invalidate=1: passes after the first, every read a miss" \
		test "$r1" -ge $((2 * size)) -a "$r1" -ge $(($(io_bytes "$TMP/tb-$path-1.json") * 9 / 10))
	inv kinv-xfs "$TMP/tb-$path-0.json" --path=$path $tb --invalidate=0
	check "$path: time based, invalidate=0: the file read from the device once" \
		within 9 13
	check "$path: invalidate=0 walked the file several times too" \
		test "$(io_bytes "$TMP/tb-$path-0.json")" -ge $((3 * size))
	i0=$(iops "$TMP/tb-$path-0.json") i1=$(iops "$TMP/tb-$path-1.json")
	echo "# $path: IOPS $i0 with invalidate=0, $i1 with invalidate=1;" \
		"device reads $r1 and $dev_read bytes"
	check "$path: invalidate=1 runs at under half the IOPS of invalidate=0" \
		test $((2 * i1)) -lt "$i0"
done

# --- loops=3: each loop reads the file from the device, or only the first ---
for path in kernel syscall; do
	for rw in randread read; do
		lp="--name=lp --filename=$mnt/ext4/f --size=$size --bs=4k --rw=$rw --direct=0 --loops=3"
		inv kinv-ext4 "$TMP/lp.json" --path=$path $lp --invalidate=1
		check "$path: $rw loops=3, invalidate=1: the file read 3 times" within 28 33
		inv kinv-ext4 "$TMP/lp.json" --path=$path $lp --invalidate=0
		check "$path: $rw loops=3, invalidate=0: the file read once" within 9 12
		check "$path: $rw loops=3 issued the file 3 times" \
			test "$(io_bytes "$TMP/lp.json")" = $((3 * size))
	done
done

# --- a block device through the page cache (kiocb, direct=0) ---
bd="--name=bd --filename=/dev/kinv-blk --size=$size --bs=4k --rw=randread --loops=3"
for path in kernel syscall; do
	inv kinv-blk "$TMP/bd.json" --path=$path $bd --direct=0 --invalidate=1
	check "$path: block device, buffered, invalidate=1: read 3 times" within 29 31
	inv kinv-blk "$TMP/bd.json" --path=$path $bd --direct=0 --invalidate=0
	check "$path: block device, buffered, invalidate=0: read once" within 10 10
done
# bios bypass the page cache: every loop reads the device whatever invalidate says
inv kinv-blk "$TMP/bio.json" $bd --ioengine=bio --invalidate=0
check "bio engine: every loop reads the device (no cache to keep or drop)" within 29 31

# --- one stream on both paths still, with the cache dropped at each pass ---
cmpj "$TMP/cmp.json" --name=c --filename="$mnt/ext4/f" --size=$size --bs=4k \
	--rw=randread --direct=0 --loops=3 --invalidate=1 --ioengine=psync
check "compare, loops=3 invalidate=1: both paths issued the identical stream" \
	test "$(json "$TMP/cmp.json" 'j["compare"]["identical_stream"]')" = True

cleanup
finish
