#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kiocb engine on files: XFS and ext4 on brd (O_DIRECT and buffered) and
# tmpfs (buffered): every rw mode, async depth, fsync counts, file layout by
# the CLI on both paths (and stopped by Ctrl-C), a read-only job on a file
# the user may not write, written data checked from user space, the seeds'
# file workloads, and bad input (O_DIRECT where open(2) refuses it,
# misalignment, directories, no space); on 9p without cache, which pins
# the buffers' pages, reads, writes and filecreate leave the kernel log clean.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3 to read JSON"
command -v mkfs.xfs >/dev/null || skip "needs xfsprogs (mkfs.xfs)"
modprobe brd rd_nr=3 rd_size=524288 >/dev/null 2>&1 || skip "no brd module"
modprobe xfs >/dev/null 2>&1 || skip "no xfs module"
modprobe ext4 >/dev/null 2>&1 || skip "no ext4 module"

mnt=$TMP/mnt
mkdir -p "$mnt/xfs" "$mnt/ext4" "$mnt/small" "$mnt/tmpfs"
cleanup() {
	umount "$mnt/xfs" "$mnt/ext4" "$mnt/small" "$mnt/tmpfs" 2>/dev/null
	rmmod brd 2>/dev/null
}
trap cleanup EXIT
mkfs.xfs -q -f /dev/ram0 && mount /dev/ram0 "$mnt/xfs" || skip "cannot make XFS on brd"
mkfs.ext4 -q /dev/ram1 && mount /dev/ram1 "$mnt/ext4" || skip "cannot make ext4 on brd"
# a small file system to run out of space on
dd if=/dev/zero of=/dev/ram2 bs=1M count=1 2>/dev/null
mkfs.ext4 -q -b 4096 /dev/ram2 16M && mount /dev/ram2 "$mnt/small" || skip "cannot make a small ext4"
mount -t tmpfs -o size=128m tmpfs "$mnt/tmpfs"

kj() {	# kj OUT.json OPTIONS...: a run, JSON out; fails if the run fails
	local out=$1
	shift
	"$KIOGEN" run --output-format=json "$@" > "$out" 2>"$out.err" && return 0
	echo "# kiogen run $* failed: $(cat "$out.err")"
	return 1
}

total() {	# total FILE DIR: total_ios of jobs[0].DIR
	json "$1" "j['jobs'][0]['$2']['total_ios']"
}

# every rw mode, direct and buffered, on XFS and ext4; buffered on tmpfs
for fs in xfs ext4 tmpfs; do
	for direct in 1 0; do
		[ $fs = tmpfs ] && [ $direct = 1 ] && continue
		for rw in read write randread randwrite rw randrw; do
			f=$TMP/$fs-$direct-$rw.json
			kj "$f" --name=m --filename="$mnt/$fs/data" --size=16m --bs=4k \
				--rw=$rw --direct=$direct --number_ios=500 --ioengine=libaio --iodepth=4
			check "$fs direct=$direct $rw: 500 I/Os" \
				test "$(json "$f" "j['jobs'][0]['read']['total_ios'] + j['jobs'][0]['write']['total_ios']")" = 500
		done
	done
done

# async depth really reached
kj "$TMP/depth.json" --name=q --filename="$mnt/xfs/data" --size=16m --bs=4k \
	--rw=randread --direct=1 --ioengine=io_uring --iodepth=16 --number_ios=4000
check "XFS O_DIRECT iodepth=16 reaches depth 16" \
	test "$(json "$TMP/depth.json" "j['jobs'][0]['iodepth_level']['16'] > 0")" = True

# fsync every N writes is counted in the sync statistics
kj "$TMP/fsync.json" --name=s --filename="$mnt/ext4/data" --size=16m --bs=4k \
	--rw=randwrite --direct=1 --fsync=4 --number_ios=400
check "fsync=4 over 400 writes: 100 syncs" test "$(total "$TMP/fsync.json" sync)" = 100
kj "$TMP/fdsync.json" --name=s --filename="$mnt/xfs/data" --size=16m --bs=4k \
	--rw=randwrite --fdatasync=10 --number_ios=400
check "fdatasync=10 over 400 writes: 40 syncs" test "$(total "$TMP/fdsync.json" sync)" = 40

# a new file is laid out before the run, and what was written can be checked
check "layout creates the file at its size" \
	bash -c "'$KIOGEN' run --name=l --filename='$mnt/xfs/new' --size=24m --rw=read --number_ios=10 >/dev/null 2>&1 && [ \$(stat -c %s '$mnt/xfs/new') = 25165824 ]"
check "layout says so in fio's words" \
	bash -c "'$KIOGEN' run --name=l2 --filename='$mnt/xfs/new2' --size=8m --rw=read --number_ios=10 2>&1 |
		grep -q '^l2: Laying out IO file (1 file / 8MiB)$'"
check "layout grows a short file to offset + size" \
	bash -c "truncate -s 1m '$mnt/ext4/short' && '$KIOGEN' run --name=g --filename='$mnt/ext4/short' --offset=2m --size=2m --rw=randwrite --direct=1 --number_ios=10 >/dev/null 2>&1 && [ \$(stat -c %s '$mnt/ext4/short') = 4194304 ]"
check "no size, no file: refused, nothing created" \
	bash -c "'$KIOGEN' run --name=n --filename='$mnt/xfs/nosize' --rw=read --number_ios=1 2>&1 | grep -q 'give size=' && [ ! -e '$mnt/xfs/nosize' ]"
check "--path=syscall creates and lays out a new file" \
	bash -c "'$KIOGEN' run --path=syscall --name=s --filename='$mnt/xfs/sysnew' --offset=1m --size=8m --rw=randread --direct=1 --ioengine=io_uring --iodepth=4 --number_ios=100 >/dev/null 2>&1 && [ \$(stat -c %s '$mnt/xfs/sysnew') = 9437184 ]"

# Ctrl-C while a big file is laid out: the layout stops, what it wrote is
# removed again, no run starts, and the CLI exits 0 (a stop, not a failure)
layout_interrupted() {
	local f=$mnt/xfs/big out=$TMP/layout-int.txt pid rc _
	"$KIOGEN" run --name=big --filename="$f" --size=300m --rw=read --number_ios=1 >"$out" 2>&1 &
	pid=$!
	for _ in $(seq 200); do
		[ -s "$f" ] && break
		sleep 0.05
	done
	kill -INT "$pid"
	wait "$pid"
	rc=$?
	[ $rc -eq 0 ] && grep -q "stopped while laying out" "$out" && [ ! -e "$f" ] &&
		! grep -q "read: IOPS=" "$out" && return 0
	echo "# exit $rc, file: $(stat -c %s "$f" 2>&1), said: $(cat "$out")"
	return 1
}
check "Ctrl-C during layout stops it, removes the file, exits 0" layout_interrupted

# A read-only job may not change a file its user cannot write (root without
# the capabilities that override file modes, as in issue 11's report)
asuser() {
	setpriv --inh-caps=-dac_override,-dac_read_search,-fowner \
		--bounding-set=-dac_override,-dac_read_search,-fowner "$@"
}
ro=$mnt/xfs/ro
dd if=/dev/urandom of="$ro" bs=4k count=1 2>/dev/null
chown 65534:65534 "$ro" && chmod 0444 "$ro" && touch -d '2020-01-01 00:00' "$ro"
ro_before=$(stat -c '%s %Y' "$ro")
check "read-only job within a 0444 file of another user runs" \
	asuser "$KIOGEN" run --name=ro --filename="$ro" --rw=randread --bs=4k --size=4k \
	--number_ios=20 >/dev/null
check "read-only job asking it to grow to 8 MiB is refused in words" \
	bash -c "$(declare -f asuser); ! asuser '$KIOGEN' run --name=ro --filename='$ro' --rw=read --size=8m --number_ios=1 >'$TMP/ro.txt' 2>&1 && grep -q 'permission denied' '$TMP/ro.txt'"
check "the 0444 file of another user: size and mtime unchanged" \
	test "$(stat -c '%s %Y' "$ro")" = "$ro_before"
"$KIOGEN" run --name=w --filename="$mnt/xfs/check" --size=8m --bs=4k --rw=write \
	--direct=1 --end_fsync=1 >/dev/null 2>&1
check_blocks() {
	python3 - "$1" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
bad = sum(1 for p in range(0, len(data), 4096)
          if data[p:p + 8] != b"KIOGEN1\0" or struct.unpack("<Q", data[p + 8:p + 16])[0] != p)
print("# blocks without their header:", bad, "of", len(data) // 4096)
sys.exit(bad != 0)
PY
}
echo 3 > /proc/sys/vm/drop_caches
check "after a write job with end_fsync every block holds its header" check_blocks "$mnt/xfs/check"

# the seeds' file workloads, scaled down
check "seed 000 on an XFS file: randrw 16k rwmixread=90, 16 threads, psync" \
	kj "$TMP/seed0.json" --filename="$mnt/xfs/seed" --direct=1 --rw=randrw --bs=16k \
	--size=64m --numjobs=16 --runtime=2 --group_reporting --name=test --rwmixread=90 \
	--thread --ioengine=psync
check "seed 004 on an XFS file: randread 16k, 24 threads, sync, norandommap" \
	kj "$TMP/seed4.json" --direct=1 --rw=randread --bs=16k --numjobs=24 --runtime=2 \
	--group_reporting --norandommap --time_based --ioengine=sync --name=file1 \
	--filename="$mnt/xfs/seed"

# bad input
refused() {	# refused PATTERN OPTIONS...: exit 1 with PATTERN said
	local pat=$1 out
	shift
	out=$("$KIOGEN" run --name=bad "$@" 2>&1)
	[ $? -eq 1 ] && grep -qE -- "$pat" <<<"$out" && return 0
	echo "# said: $out"
	return 1
}
# tmpfs takes O_DIRECT from 6.6 on, ramfs never: kiogen must agree with open(2)
direct_runs() {	# direct_runs FILE: 100 O_DIRECT writes done
	kj "$TMP/direct.json" --name=d --filename="$1" --size=1m --direct=1 \
		--rw=randwrite --number_ios=100 && test "$(total "$TMP/direct.json" write)" = 100
}
mkdir -p "$mnt/ramfs" && mount -t ramfs ramfs "$mnt/ramfs"
for fs in tmpfs ramfs; do
	if dd if=/dev/zero of="$mnt/$fs/probe" bs=4k count=1 oflag=direct 2>/dev/null; then
		check "O_DIRECT on $fs (open(2) takes it): 100 writes" direct_runs "$mnt/$fs/d"
	else
		check "O_DIRECT on $fs (open(2) refuses it) is refused" \
			refused "does not support O_DIRECT" --filename="$mnt/$fs/d" --size=1m --direct=1
	fi
done
umount "$mnt/ramfs"
check "O_DIRECT bs not aligned is refused" \
	refused "bs: not a multiple" --filename="$mnt/xfs/data" --bs=1000 --direct=1
check "O_DIRECT offset not aligned is refused" \
	refused "offset: not a multiple" --filename="$mnt/xfs/data" --offset=100 --direct=1
check "a directory is refused" refused "is a directory" --filename="$mnt/xfs" --size=1m
check "a missing parent is refused" \
	refused "no such file or directory" --filename="$mnt/xfs/no/such" --size=1m
used_before=$(df --output=used "$mnt/small" | tail -1)
check "no space while laying out: a clear error" \
	refused "No space left" --filename="$mnt/small/big" --size=64m --rw=read
used_after=$(df --output=used "$mnt/small" | tail -1)
echo "# small fs used KiB: before $used_before, after $used_after"
check "no space: nothing left claimed" \
	test "$((used_after - used_before))" -lt 1024

# 9p without cache pins the pages of each I/O's buffer (virtio zero-copy), a
# reference on each page. Buffers were high-order blocks of 64k that were not
# compound pages: the put of a tail page's own reference freed it while the
# worker still used it, and the next I/O filled a page someone else owned
# (a page table, a kernel stack: a panic in seconds under memory churn).
# vmtest.sh shares $KIOGEN_OUT over 9p without cache.
ninep=
if [ -n "${KIOGEN_OUT:-}" ] &&
   awk -v d="$KIOGEN_OUT" '$2 == d && $3 == "9p" && $4 !~ /cache=|loose|fscache|mmap/ {f = 1}
			   END {exit !f}' /proc/mounts; then
	ninep=$KIOGEN_OUT/kiocb-9p.$$
	mkdir -p "$ninep/meta"
fi
if [ -z "$ninep" ]; then
	check_skip "9p without cache: pinned buffers" "no 9p mount without cache at \$KIOGEN_OUT (vmtest.sh's)"
else
	mark=$(dmesg_mark)
	churn() {	# frees pages and takes them again, so a stray free is reused at once
		while :; do
			dd if=/dev/zero of="$mnt/tmpfs/churn" bs=1M count=48 status=none
			rm -f "$mnt/tmpfs/churn"
		done
	}
	churn &
	churn_pid=$!
	check "9p without cache: 64k writes read back and verified" \
		kj "$TMP/9p-w.json" --name=p --filename="$ninep/data" --size=4m --bs=64k \
			--rw=randwrite --verify=crc32c --ioengine=libaio --iodepth=4
	check "9p without cache: 256 reads of 64k" \
		kj "$TMP/9p-r.json" --name=p --filename="$ninep/data" --size=4m --bs=64k \
			--rw=randread --number_ios=256 --ioengine=libaio --iodepth=4
	check "9p without cache: filecreate of 40 files of 256k in 64k writes" \
		bash -c "'$KIOGEN' run --name=f --ioengine=filecreate --directory='$ninep/meta' \
			--nrfiles=40 --filesize=256k --bs=64k >/dev/null &&
			[ \$(find '$ninep/meta' -type f -size 256k | wc -l) = 40 ]"
	kill "$churn_pid"
	wait "$churn_pid" 2>/dev/null
	rm -rf "$ninep" "$mnt/tmpfs/churn"
	no_splat() { ! splat_since "$1"; }
	check "9p without cache: no bad page, oops or warning in the kernel log" no_splat "$mark"
fi
check "no runs left behind" bash -c "'$KIOGEN' list | grep -q '^no runs$'"
cleanup
finish
