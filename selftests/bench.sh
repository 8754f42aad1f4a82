#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench, inside the VM: kiogen against fio on the same null_blk device
# in the same boot, 4k random reads, one worker. Prints IOPS, CPU ns per I/O
# and the ratios; the VM is slow, so only the ratios mean anything.
set -eu
src=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
KIOGEN=$src/ctl/kiogen
RUNTIME=${BENCH_RUNTIME:-5}
out=$(mktemp -d /tmp/kiogen-bench.XXXXXX)

[ -d /sys/module/kiogen ] || insmod "$src/kmod/kiogen.ko"
modprobe null_blk nr_devices=1 irqmode=0 queue_mode=2 submit_queues=2 gb=16
dev=/dev/nullb0
echo "# $(uname -r), clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource), ${RUNTIME}s per case"

common="--name=bench --rw=randread --bs=4k --numjobs=1 --runtime=$RUNTIME --time_based --output-format=json"


# the first argument names the case; strip it before passing the rest
case_k() { local n=$1; shift; "$KIOGEN" run $common "$@" > "$out/$n.json" 2>/dev/null; }
case_f() { local n=$1; shift; fio $common --direct=1 "$@" > "$out/$n.json" 2>/dev/null; }

case_f fio-psync-qd1 --filename=$dev --ioengine=psync
case_k kiogen-bio-qd1 --filename=$dev --ioengine=psync
case_f fio-uring-qd32 --filename=$dev --ioengine=io_uring --iodepth=32 --fixedbufs --registerfiles
case_k kiogen-bio-qd32 --filename=$dev --ioengine=io_uring --iodepth=32
case_f fio-null --ioengine=null --size=16g
case_k kiogen-null --ioengine=null --size=16g

python3 - "$out" <<'PY'
import json, sys
d = sys.argv[1]
def load(n):
    j = json.load(open(f"{d}/{n}.json"))["jobs"][0]
    r = j["read"]
    ios = r["total_ios"]
    cpu_ns = (j["usr_cpu"] + j["sys_cpu"]) / 100.0 * r["runtime"] * 1e6
    return r["iops"], cpu_ns / ios if ios else 0, r["clat_ns"]["percentile"]["50.000000"]
pairs = [("bio QD1 vs fio psync QD1", "kiogen-bio-qd1", "fio-psync-qd1", 2.0),
         ("bio QD32 vs fio io_uring QD32", "kiogen-bio-qd32", "fio-uring-qd32", 1.5),
         ("null vs fio null", "kiogen-null", "fio-null", 10.0)]
print(f"{'case':32} {'kiogen IOPS':>12} {'fio IOPS':>12} {'ratio':>7} {'target':>7} "
      f"{'kiogen CPU ns/IO':>17} {'fio CPU ns/IO':>14} {'kiogen p50 ns':>14} {'fio p50 ns':>11}")
fails = 0
for name, k, f, target in pairs:
    ki, kc, kp = load(k)
    fi, fc, fp = load(f)
    ratio = ki / fi if fi else 0
    mark = "" if ratio >= target else "  (below target)"
    fails += ratio < target
    print(f"{name:32} {ki:12.0f} {fi:12.0f} {ratio:7.2f} {target:6.1f}x "
          f"{kc:17.0f} {fc:14.0f} {kp:14} {fp:11}{mark}")
print(f"# {3 - fails} of 3 targets met")
PY
