#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Part of make bench (bench.sh runs it last), or alone inside the VM: what
# the latency split (--latency_split=1) costs per I/O. The null engine and
# the bio engine at QD1 on null_blk irqmode=0, each with the split off and
# on, alternated over BENCH_SPLIT_ROUNDS rounds; prints the medians of IOPS
# and of the worker's CPU ns per I/O, and on/off as ratios. On the bio
# engine the split includes the block phases (probes on the block
# tracepoints): the share of its I/Os they timed is printed with it.
set -eu
src=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
KIOGEN=${KIOGEN_CLI:-$src/ctl/kiogen}
RUNTIME=${BENCH_RUNTIME:-5}
ROUNDS=${BENCH_SPLIT_ROUNDS:-3}
out=$(mktemp -d /tmp/kiogen-bench-split.XXXXXX)
trap 'rm -rf "$out"' EXIT

[ -d /sys/module/kiogen ] || insmod "$src/kmod/kiogen.ko"
[ -b /dev/nullb0 ] || modprobe null_blk nr_devices=1 irqmode=0 queue_mode=2 gb=16
common="--name=split --rw=randread --bs=4k --numjobs=1 --runtime=$RUNTIME --time_based --output-format=json"

echo "== latency_split: cost per I/O, split off and on (${ROUNDS} rounds of ${RUNTIME}s, medians) =="
for r in $(seq "$ROUNDS"); do
	for s in 0 1; do
		"$KIOGEN" run $common --latency_split=$s --ioengine=null --size=16g \
			> "$out/null-$s-$r.json" 2>/dev/null
		"$KIOGEN" run $common --latency_split=$s --filename=/dev/nullb0 --ioengine=psync \
			> "$out/bio-$s-$r.json" 2>/dev/null
	done
done

python3 - "$out" "$ROUNDS" <<'PY'
import json, statistics, sys
d, rounds = sys.argv[1], int(sys.argv[2])
def fig(name):
    iops, cpu = [], []
    for r in range(1, rounds + 1):
        j = json.load(open(f"{d}/{name}-{r}.json"))["jobs"][0]
        rd = j["read"]
        iops.append(rd["iops"])
        cpu.append((j["usr_cpu"] + j["sys_cpu"]) / 100.0 * rd["runtime"] * 1e6 /
                   max(rd["total_ios"], 1))
    return statistics.median(iops), statistics.median(cpu)
def blk(name):
    j = json.load(open(f"{d}/{name}-1.json"))["jobs"][0]
    b = j["kiogen"].get("block_phases")
    if not b:
        return "-"
    return f"{100.0 * b['ios'] / max(j['read']['total_ios'], 1):.0f}%"
print(f"{'case':22} {'IOPS off':>10} {'IOPS on':>10} {'on/off':>7} "
      f"{'CPU ns/IO off':>14} {'CPU ns/IO on':>13} {'on/off':>7} {'added ns':>9} "
      f"{'block phases':>12}")
for title, n in (("null engine", "null"), ("bio QD1, null_blk", "bio")):
    io0, c0 = fig(f"{n}-0")
    io1, c1 = fig(f"{n}-1")
    print(f"{title:22} {io0:10.0f} {io1:10.0f} {io1 / io0 if io0 else 0:7.3f} "
          f"{c0:14.0f} {c1:13.0f} {c1 / c0 if c0 else 0:7.3f} {c1 - c0:9.0f} "
          f"{blk(n + '-1'):>12}")
PY
