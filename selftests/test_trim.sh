#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# rw=trim, randtrim and trimwrite (issue 15) on both paths: on a null_blk
# device that discards (bio and kiocb engines, BLKDISCARD on the syscall
# path) and on a file of ext4 (punched holes: its block count drops) the
# kernel's and the syscall path's digests are equal and the trims are
# reported in fio's "trim" object; a device that does not discard is refused
# by both paths, naming rw. Bad values of the new options exit 2 before
# anything reaches the kernel, and so do zonemode=zbd and ioengine=mmap.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3 to read JSON"

# usage VALUE-DESCRIPTION PATTERN OPTIONS...: exit 2 and the pattern said
usage() {
	local what=$1 pat=$2 out rc
	shift 2
	out=$("$KIOGEN" run --name=t --filename=/dev/null "$@" 2>&1)
	rc=$?
	[ "$rc" = 2 ] && grep -qE -- "$pat" <<< "$out" && return 0
	echo "# $what: exit $rc, said: $out"
	return 1
}
check "rw=randtrim:0: exit 2, said" usage "count 0" "rw: 'randtrim:0'" --rw=randtrim:0
check "rw=trimwrite:x: exit 2, said" usage "hole x" "rw: 'trimwrite:x'" --rw=trimwrite:x
check "rw=trimm: exit 2, the words listed" usage "typo" "trimwrite" --rw=trimm
check "bs=4k,4k,100: the trims' size below min-bs, exit 2" usage "small" "bs: 100" \
	--rw=trim --bs=4k,4k,100
check "bs=4k,4k,1g: the trims' size too large, exit 2" usage "large" "bs: 1g" \
	--rw=trim --bs=4k,4k,1g
check "zonemode=zbd: exit 2, zoned devices' write pointer named" usage "zbd" \
	"zonemode=zbd is not supported.*zoned block devices.*write pointer" --zonemode=zbd
check "zonemode=strided: exit 2, said" usage "strided" "zonemode=strided is not supported" \
	--zonemode=strided
check "zonemode=foo: exit 2, said" usage "foo" "zonemode: 'foo'" --zonemode=foo
check "ioengine=mmap: exit 2, the reason (page faults) said" usage "mmap" \
	"ioengine=mmap is not supported.*page faults" --ioengine=mmap
check "zonemode=none: accepted" "$KIOGEN" run --name=t --ioengine=null --size=1m \
	--number_ios=10 --zonemode=none --output=/dev/null

nullb_create ktd0 size=128 memory_backed=1 discard=1 irqmode=1 || skip "cannot create a null_blk device"
nullb_create ktn0 size=64 irqmode=0 || skip "cannot create a second null_blk device"
trap 'umount "$TMP/mnt" 2>/dev/null; nullb_remove ktd0; nullb_remove ktn0; nullb_remove kte0
      nullb_remove ktx0; nullb_remove kty0; nullb_remove kt40' EXIT
[ "$(cat /sys/block/ktd0/queue/discard_max_bytes)" != 0 ] ||
	skip "null_blk discard=1 gives no discard on this kernel"

same() {	# same FILE: both paths issued the same stream
	test "$(json "$1" 'j["compare"]["identical_stream"]')" = True
}

for rw in trim randtrim trimwrite; do
	check "rw=$rw on a discarding device: compare runs" cmpj "$TMP/$rw.json" \
		--name=t --filename=/dev/ktd0 --rw=$rw --bs=4k,4k,64k --number_ios=2000 \
		--ioengine=io_uring --iodepth=8 --randseed=7
	check "rw=$rw: identical stream on both paths" same "$TMP/$rw.json"
done

# the kernel path's report: trims in fio's "trim" object, of bs's third size
"$KIOGEN" run --name=t --filename=/dev/ktd0 --rw=randtrim --bs=4k,4k,64k --number_ios=1000 \
	--ioengine=libaio --iodepth=4 --output-format=json > "$TMP/k.json" 2>"$TMP/k.err"
check "randtrim, bio engine: exit 0" test $? = 0
check "... the JSON's trim.total_ios is the 1000 issued" \
	test "$(json "$TMP/k.json" 'j["jobs"][0]["trim"]["total_ios"]')" = 1000
check "... of 64 KiB each (bs=4k,4k,64k)" \
	test "$(json "$TMP/k.json" 'j["jobs"][0]["trim"]["io_bytes"]')" = $((1000 * 65536))
check "... no reads or writes" \
	test "$(json "$TMP/k.json" 'j["jobs"][0]["read"]["total_ios"] + j["jobs"][0]["write"]["total_ios"]')" = 0
# lat, not clat: null_blk's memory-backed discard completes within submit
check "... trim latencies counted" \
	test "$(json "$TMP/k.json" 'int(j["jobs"][0]["trim"]["lat_ns"]["N"] == 1000 and j["jobs"][0]["trim"]["lat_ns"]["mean"] > 0)')" = 1
"$KIOGEN" run --name=t --filename=/dev/ktd0 --rw=trimwrite --number_ios=1000 \
	--output-format=json > "$TMP/tw.json" 2>"$TMP/tw.err"
check "trimwrite: 500 trims and 500 writes of the same blocks" \
	test "$(json "$TMP/tw.json" '(j["jobs"][0]["trim"]["total_ios"], j["jobs"][0]["write"]["total_ios"])')" = "(500, 500)"
"$KIOGEN" run --name=t --filename=/dev/ktd0 --rw=randtrim --number_ios=500 \
	--ioengine=kiocb --direct=1 --output-format=terse > "$TMP/kiocb.terse" 2>"$TMP/kiocb.err"
check "randtrim, kiocb engine on the device (blkdev_issue_discard): exit 0" test $? = 0
# terse v3 has no trim; v4 and v5 do, after read and write (fields 89 on)
"$KIOGEN" run --name=t --filename=/dev/ktd0 --rw=randtrim --number_ios=500 \
	--output-format=terse --terse-version=4 > "$TMP/t4.terse" 2>/dev/null
check "terse v4: the trim direction's total I/O is 500 x 4 KiB" \
	test "$(cut -d';' -f88 "$TMP/t4.terse")" = 2000
"$KIOGEN" run --name=t --filename=/dev/ktd0 --rw=randtrim --number_ios=500 \
	> "$TMP/t.txt" 2>/dev/null
check "text report: a trim line" grep -q "^  trim: IOPS=" "$TMP/t.txt"
check "... issued rwts counts the 500 trims in fio's third place" \
	grep -q "^     issued rwts: total=0,0,500,0 " "$TMP/t.txt"
check "... and a TRIM line in the run status group" grep -q "^   TRIM: bw=" "$TMP/t.txt"
# trims where fio has them: interval samples, log windows, histogram and per-I/O logs (ddir 2)
"$KIOGEN" run --name=t --filename=/dev/ktd0 --rw=randtrim --runtime=1200ms --time_based \
	--write_bw_log="$TMP/tb" --write_hist_log="$TMP/th" --log_avg_msec=200 \
	--log_hist_msec=200 --output-format=json,normal > "$TMP/ts.out" 2>/dev/null
check "a time-based randtrim with logs: the bw and iops sample lines under trim" \
	grep -A12 "^  trim: IOPS=" "$TMP/ts.out" | grep -q "^   iops        : min="
check "... bw log lines of ddir 2 only" \
	awk -F', ' '$3 != 2 { bad = 1 } END { exit bad || NR < 3 }' "$TMP/tb_bw.1.log"
check "... histogram log lines of ddir 2 only" \
	awk -F', ' '$2 != 2 { bad = 1 } END { exit bad || NR < 3 }' "$TMP/th_clat_hist.1.log"
"$KIOGEN" run --name=t --filename=/dev/ktd0 --rw=trimwrite --number_ios=200 \
	--write_lat_log="$TMP/tl" > /dev/null 2>&1
check "per-I/O clat log of trimwrite: 100 trims (ddir 2), 100 writes (ddir 1)" \
	test "$(awk -F', ' '{ n[$3]++ } END { print n[2] + 0, n[1] + 0, n[0] + 0 }' "$TMP/tl_clat.1.log")" = "100 100 0"

# a device that does not discard: refused on both paths, naming rw
out=$("$KIOGEN" run --name=t --filename=/dev/ktn0 --rw=randtrim --number_ios=10 2>&1)
rc=$?
echo "# kernel path: $out"
check "no discard: the kernel refuses (exit 1)" test "$rc" = 1
check "... its message names rw and discard" grep -q "rw: .*discard" <<< "$out"
out=$("$KIOGEN" run --name=t --filename=/dev/ktn0 --rw=trim --ioengine=kiocb --direct=1 \
	--number_ios=10 2>&1)
check "no discard, kiocb engine: refused, naming rw" grep -q "rw: .*discard" <<< "$out"
out=$("$KIOGEN" run --path=syscall --name=t --filename=/dev/ktn0 --rw=trim --number_ios=10 2>&1)
rc=$?
echo "# syscall path: $out"
check "no discard, syscall path: exit 2, naming rw" \
	eval '[ "$rc" = 2 ] && grep -q "rw: .*discard" <<< "$out"'

# a trim carries no data: a job that only trims takes no buffer memory, so
# 16 MiB trims at iodepth=64 (1 GiB of buffers otherwise) fit the module's
# default max_mem_mb=1024
"$KIOGEN" run --name=t --filename=/dev/ktd0 --rw=randtrim --bs=4k,4k,16m --iodepth=64 \
	--ioengine=libaio --number_ios=16 --output=/dev/null 2>"$TMP/big.err"
rc=$?
echo "# 16 MiB trims at iodepth=64: exit $rc, $(grep -v '^kiogen: t: ' "$TMP/big.err")"
check "randtrim of 16 MiB at iodepth=64: no buffers, runs (exit 0)" test "$rc" = 0

# a discard takes whole logical blocks: on a 4 KiB-block device the kiocb
# engine's buffered trims (any alignment for reads and writes) are refused
# before the run, naming the option, not failed one by one (EINVAL on 6.1,
# EIO on 6.12, where the misaligned discard reaches the device)
if nullb_create kt40 size=64 memory_backed=1 discard=1 irqmode=1 blocksize=4096; then
	out=$("$KIOGEN" run --name=t --filename=/dev/kt40 --rw=randtrim --bs=4k,4k,2k \
		--ioengine=kiocb --number_ios=20 2>&1)
	echo "# 2 KiB trims of a 4 KiB-block device: $out"
	check "kiocb buffered trims of 2 KiB on 4 KiB blocks: refused, naming bs" \
		grep -q "bs: not a multiple of the target's alignment" <<< "$out"
	out=$("$KIOGEN" run --name=t --filename=/dev/kt40 --rw=trim --bs=4k --offset=2k \
		--ioengine=kiocb --number_ios=20 2>&1)
	check "... trims from offset=2k: refused, naming offset" \
		grep -q "offset: not a multiple of the target's logical block size" <<< "$out"
	nullb_remove kt40
else
	check "a 4 KiB-block null_blk device for the alignment checks" false
fi

# A device that stops discarding, or turns read-only, while the kiocb engine
# trims it: the trims fail, as BLKDISCARD's would, and what the run reports
# is what the device discarded (blkdev_issue_discard() of 6.10 on takes a
# device that does not discard as done, and no longer checks read-only).
# midrun DEV WHAT ACTION: a timed randtrim of DEV; ACTION once it trims
midrun() {
	local dev=$1 what=$2 act=$3 b a t rc pid _
	nullb_create "$dev" size=64 memory_backed=1 discard=1 irqmode=1 || {
		check "$what: a null_blk device for it" false
		return
	}
	b=$(discards "$dev")
	"$KIOGEN" run --name=t --filename=/dev/$dev --rw=randtrim --ioengine=kiocb --direct=1 \
		--time_based --runtime=60 --output-format=json > "$TMP/mid.json" 2>"$TMP/mid.err" &
	pid=$!
	for _ in $(seq 300); do
		[ "$(discards "$dev")" != "$b" ] || ! kill -0 $pid 2>/dev/null && break
		sleep 0.1
	done
	eval "$act"
	wait $pid
	rc=$?
	a=$(discards "$dev")
	t=$(json "$TMP/mid.json" 'j["jobs"][0]["trim"]["io_bytes"]')
	echo "# $what: exit $rc, $(head -c 200 "$TMP/mid.err"); bytes trimmed $t, discarded $((a - b))"
	check "$what mid-run, kiocb engine: the run fails" test "$rc" = 1
	check "... its trims' bytes are the bytes the device discarded" test "$t" = $((a - b))
	blockdev --setrw "/dev/$dev"
	nullb_remove "$dev"
}
discards() {	# bytes the device discarded (/sys/block/DEV/stat field 14)
	echo $(($(awk '{print $14}' "/sys/block/$1/stat") * 512))
}
midrun ktx0 "discard turned off" "echo 0 > /sys/block/ktx0/queue/discard_max_bytes"
midrun kty0 "device set read-only" "blockdev --setro /dev/kty0"

# a file on ext4: trims punch holes, the file keeps its size
if nullb_create kte0 size=256 memory_backed=1 irqmode=0 && mkfs.ext4 -q /dev/kte0 &&
   mkdir -p "$TMP/mnt" && mount /dev/kte0 "$TMP/mnt"; then
	f=$TMP/mnt/f
	for path in kernel syscall; do
		dd if=/dev/zero of="$f" bs=1M count=16 conv=fsync status=none
		before=$(stat -c %b "$f")
		p=; [ $path = syscall ] && p=--path=syscall
		"$KIOGEN" run $p --name=t --filename="$f" --rw=randtrim --bs=64k --size=16m \
			--number_ios=256 --output=/dev/null 2>"$TMP/f.err"
		check "ext4 file, $path path: randtrim over every block, exit 0" test $? = 0
		after=$(stat -c %b "$f")
		echo "# $path path: $before blocks of 512 bytes before, $after after"
		check "... its blocks are gone (stat %b: $before -> $after)" \
			test "$after" -lt $((before / 10))
		check "... and it keeps its size" test "$(stat -c %s "$f")" = $((16 << 20))
	done
	dd if=/dev/zero of="$f" bs=1M count=16 conv=fsync status=none
	check "ext4 file, trimwrite: compare runs" cmpj "$TMP/ftw.json" --name=t --filename="$f" \
		--rw=trimwrite --bs=16k --size=16m --number_ios=1000 --randseed=3
	check "ext4 file, trimwrite: identical stream on both paths" same "$TMP/ftw.json"
	check "ext4 file, randtrim: compare runs" cmpj "$TMP/frt.json" --name=t --filename="$f" \
		--rw=randtrim --bs=4k --size=16m --number_ios=2000 --randseed=3
	check "ext4 file, randtrim: identical stream on both paths" same "$TMP/frt.json"
	umount "$TMP/mnt"
else
	echo "# no ext4 on null_blk here: the file checks did not run"
	check "ext4 on a null_blk device for the file checks" false
fi
finish
