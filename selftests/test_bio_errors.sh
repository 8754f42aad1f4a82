#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Bad input to the bio engine: each is a clear error naming what is wrong,
# with the right exit code, and nothing is started or left held.
. "$(dirname "$0")/lib.sh"
need_root
load_module

nullb_create kerr0 size=64 blocksize=4096 || skip "cannot create a null_blk device"
trap 'umount "$TMP/mnt" 2>/dev/null; nullb_remove kerr0; nullb_remove kerr1' EXIT

# refused RC PATTERN OPTIONS...: kiogen run exits RC, saying PATTERN
refused() {
	local rc=$1 pat=$2 out got
	shift 2
	out=$("$KIOGEN" run --name=bad "$@" 2>&1)
	got=$?
	if [ "$got" -ne "$rc" ] || ! grep -qE -- "$pat" <<<"$out"; then
		echo "# kiogen run $* exited $got (want $rc), said: $out"
		return 1
	fi
}

dev=/dev/kerr0
check "bs not a multiple of the logical block size (kernel)" \
	refused 1 "bs: not a multiple of the target's logical block size" --filename=$dev --bs=6k
check "offset not aligned (kernel)" \
	refused 1 "offset: not a multiple" --filename=$dev --offset=512
check "bs above the limit (CLI)" refused 2 "bs: 32m is out of range" --filename=$dev --bs=32m
check "offset past the end (kernel)" \
	refused 1 "offset: past the end of the target" --filename=$dev --offset=1g
check "size past the end (kernel)" \
	refused 1 "size: offset \+ size is past the end" --filename=$dev --offset=32m --size=48m
check "size smaller than bs (CLI)" refused 2 "size: smaller than one block" --filename=$dev --size=2k
check "numjobs out of range (CLI)" refused 2 "numjobs: 0 is out of range" --filename=$dev --numjobs=0
check "iodepth out of range (CLI)" refused 2 "iodepth: 9999 is out of range" --filename=$dev --iodepth=9999
check "more workers than max_workers (kernel)" \
	refused 1 "more workers than the module allows" --filename=$dev --numjobs=1000
check "buffers above max_mem_mb (kernel, before allocating)" \
	refused 1 "memory limit" --filename=$dev --bs=16m --iodepth=4096 --ioengine=libaio
check "path that does not exist (kernel)" \
	refused 1 "filename: no such file" --ioengine=bio --filename=/dev/kerr-none
check "not a block device (kernel)" \
	refused 1 "filename: not a block device" --ioengine=bio --filename=/proc/version
check "unknown rw (CLI)" refused 2 "rw: 'sequential'" --filename=$dev --rw=sequential
check "unknown engine (CLI)" refused 2 "ioengine: 'spdk'" --filename=$dev --ioengine=spdk

if command -v mkfs.ext4 >/dev/null && modprobe ext4 &&
   nullb_create kerr1 size=64 memory_backed=1; then
	mkdir -p "$TMP/mnt"
	check "a file system mounts on the second device" \
		bash -c "mkfs.ext4 -q /dev/kerr1 && mount -t ext4 /dev/kerr1 '$TMP/mnt'"
	check "writing to a mounted device is refused (kernel)" \
		refused 1 "mounted or held" --filename=/dev/kerr1 --rw=randwrite
	check "the mounted file system is intact" test -d "$TMP/mnt/lost+found"
	umount "$TMP/mnt"
else
	echo "# no mkfs.ext4: mounted-device case not run"
fi

check "nothing was started" bash -c "'$KIOGEN' list | grep -q '^no runs$'"
check "no memory left reserved" bash -c "'$KIOGEN' info | grep -q 'memory in use:  0 KiB'"
finish
