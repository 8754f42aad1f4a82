#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make demo, inside the VM: load the module, show what it is, then put the
# same seeded I/O stream through kernel threads and through syscalls, side
# by side, on a null_blk device and on a file on XFS.
set -eu
src=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
kiogen=${KIOGEN_CLI:-$src/ctl/kiogen}

say() {
	printf '\n\033[1m$ %s\033[0m\n' "$*"
}

say insmod kmod/kiogen.ko
insmod "$src/kmod/kiogen.ko"
say kiogen info
"$kiogen" info

say modprobe null_blk irqmode=0
modprobe null_blk nr_devices=1 irqmode=0 gb=4
job="--name=demo --filename=/dev/nullb0 --rw=randread --bs=4k --number_ios=50000"
say kiogen compare $job --repeat=2
"$kiogen" compare $job --repeat=2 2>/dev/null

say "mkfs.xfs /dev/ram0 (brd) && mount"
modprobe brd rd_nr=1 rd_size=524288
modprobe xfs
mkdir -p /tmp/demo-xfs
mkfs.xfs -q -f /dev/ram0
mount /dev/ram0 /tmp/demo-xfs
job="--name=demo --filename=/tmp/demo-xfs/file --size=256m --rw=randread --bs=16k --direct=1"
say "kiogen run $job --number_ios=1   # lays the file out"
"$kiogen" run $job --number_ios=1 >/dev/null
job="$job --number_ios=20000"
say kiogen compare $job --repeat=2
"$kiogen" compare $job --repeat=2 2>/dev/null
umount /tmp/demo-xfs

echo
echo "Each table: the same offsets, sizes and directions (seeded, digest-checked),"
echo "issued from kernel threads (no syscall, no user copy, no page pinning) and"
echo "from this process through syscalls. The guest is emulated (TCG): read the"
echo "ratios, not the absolute numbers."
