#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make demo, inside the VM: load the module, show what it is, and run the
# same 4k random-read workload on a null_blk device twice, from kernel
# threads with kiogen and through syscalls with fio, so the difference shows.
set -eu
src=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
kiogen=$src/ctl/kiogen

say() {
	printf '\n\033[1m$ %s\033[0m\n' "$*"
}

say insmod kmod/kiogen.ko
insmod "$src/kmod/kiogen.ko"
say kiogen info
"$kiogen" info
say modprobe null_blk irqmode=0
modprobe null_blk nr_devices=1 irqmode=0 gb=4

job="--name=demo --filename=/dev/nullb0 --rw=randread --bs=4k --ioengine=psync --runtime=3 --time_based"
say kiogen run $job
"$kiogen" run $job
say fio --direct=1 $job
fio --direct=1 $job | sed -n '/read:/,/lat (usec)   :/p'

echo
echo "Same device, same workload, one worker at queue depth 1: the kernel-issued"
echo "run has no syscall, user copy or page pinning in its loop. This guest is"
echo "emulated (TCG), so compare the ratio, not the absolute numbers."
