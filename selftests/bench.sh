#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench, inside the VM: kiogen against fio on the same null_blk device
# in the same boot, 4k random reads, one worker. Prints IOPS, CPU ns per I/O
# and the ratios; the VM is slow, so only the ratios mean anything.
set -eu
src=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
KIOGEN=${KIOGEN_CLI:-$src/ctl/kiogen}
RUNTIME=${BENCH_RUNTIME:-5}
ROUNDS=${BENCH_ROUNDS:-3}
out=$(mktemp -d /tmp/kiogen-bench.XXXXXX)

[ -d /sys/module/kiogen ] || insmod "$src/kmod/kiogen.ko"
# poll queues too: polled I/O (hipri) goes there, the rest to the submit queues
modprobe null_blk nr_devices=1 irqmode=0 queue_mode=2 submit_queues=2 poll_queues=1 gb=16
dev=/dev/nullb0
echo "# $(uname -r), clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource), ${RUNTIME}s per case, the median of $ROUNDS rounds"

common="--name=bench --rw=randread --bs=4k --numjobs=1 --runtime=$RUNTIME --time_based --output-format=json"

# Each case runs once per round, the rounds one after another in the same
# boot, and is reported by its median round: a case run once moved by 10%
# from the host and the boot (bio QD1 against fio psync: 2.36 in one round,
# 2.62-2.72 in three alternating rounds of another boot).
# run_k / run_f NAME OPTIONS...: one round of a case, kiogen's or fio's
run_k() { local n=$1; shift; "$KIOGEN" run "$@" > "$out/$n.$round.json" 2>/dev/null; }
run_f() { local n=$1; shift; fio "$@" > "$out/$n.$round.json" 2>/dev/null; }
case_k() { local n=$1; shift; run_k "$n" $common "$@"; }
case_f() { local n=$1; shift; run_f "$n" $common --direct=1 "$@"; }

# files: XFS on brd, 16k random reads, O_DIRECT, one worker
modprobe brd rd_nr=1 rd_size=1048576
modprobe xfs
mkdir -p /tmp/bench-xfs
mkfs.xfs -q -f /dev/ram0 && mount /dev/ram0 /tmp/bench-xfs
file=/tmp/bench-xfs/data
fcommon="--name=bench --rw=randread --bs=16k --numjobs=1 --runtime=$RUNTIME --time_based --output-format=json --direct=1"
"$KIOGEN" run $fcommon --filename=$file --size=512m --number_ios=1 >/dev/null 2>&1	# lay out
umount /tmp/bench-xfs

for round in $(seq "$ROUNDS"); do
	case_f fio-psync-qd1 --filename=$dev --ioengine=psync
	case_k kiogen-bio-qd1 --filename=$dev --ioengine=psync
	case_f fio-uring-qd32 --filename=$dev --ioengine=io_uring --iodepth=32 --fixedbufs --registerfiles
	case_k kiogen-bio-qd32 --filename=$dev --ioengine=io_uring --iodepth=32
	case_f fio-null --ioengine=null --size=16g
	case_k kiogen-null --ioengine=null --size=16g
	# issue 15's mix on the null engine: a block size split and zipf:1.2
	# offsets, writes; then with verify=crc32c, each write's header and
	# checksum made on both sides (time_based: the writes fill the
	# runtime, nothing is read back)
	mix="--ioengine=null --size=16g --rw=randwrite --bssplit=4k/50:16k/30:64k/20 --random_distribution=zipf:1.2"
	case_f fio-null-mix $mix
	case_k kiogen-null-mix $mix
	case_f fio-null-mix-crc32c $mix --verify=crc32c
	case_k kiogen-null-mix-crc32c $mix --verify=crc32c
	# polled completions, QD1: fio's two polled engines against the bio engine
	case_f fio-pvsync2-hipri --filename=$dev --ioengine=pvsync2 --hipri
	case_f fio-uring-hipri --filename=$dev --ioengine=io_uring --hipri --fixedbufs --registerfiles
	case_k kiogen-bio-hipri --filename=$dev --ioengine=pvsync2 --hipri --direct=1
	mount /dev/ram0 /tmp/bench-xfs
	run_f fio-xfs-psync-qd1 $fcommon --filename=$file --size=512m --ioengine=psync
	run_k kiogen-xfs-qd1 $fcommon --filename=$file --size=512m --ioengine=psync
	run_f fio-xfs-uring-qd16 $fcommon --filename=$file --size=512m --ioengine=io_uring --iodepth=16
	run_k kiogen-xfs-qd16 $fcommon --filename=$file --size=512m --ioengine=io_uring --iodepth=16
	umount /tmp/bench-xfs
done
round=1
# the same brd device underneath: bio, kiocb on the device file, kiocb on the XFS file
run_k layer-bio $fcommon --filename=/dev/ram0 --size=512m --ioengine=psync
run_k layer-kiocb-dev $fcommon --filename=/dev/ram0 --size=512m --ioengine=kiocb --iodepth=1
mount /dev/ram0 /tmp/bench-xfs
run_k layer-kiocb-xfs $fcommon --filename=$file --size=512m --ioengine=kiocb --iodepth=1
umount /tmp/bench-xfs

# kiogen compare: kernel vs syscall path, same stream, --repeat 3
echo
echo "== kiogen compare, --repeat=3 (ratios > 1 favour the kernel path) =="
cmp() {	# cmp TITLE OPTIONS...
	local title=$1
	shift
	echo "-- $title"
	"$KIOGEN" compare --repeat=3 "$@" 2>/dev/null | grep -E '^(kernel:|iops|lat_mean|clat_mean|clat_p99_us|cpu_ns|ctx|per-I/O|I/O stream)'
}
cmp "null_blk 4k randread QD1" --name=c --filename=$dev --rw=randread --bs=4k --number_ios=100000
cmp "null_blk 4k randread QD32" --name=c --filename=$dev --rw=randread --bs=4k --number_ios=200000 \
	--ioengine=io_uring --iodepth=32
mount /dev/ram0 /tmp/bench-xfs
cmp "XFS 16k randread O_DIRECT QD1" --name=c --filename=$file --size=512m --rw=randread --bs=16k \
	--direct=1 --number_ios=30000
cmp "XFS 16k randread O_DIRECT, 16 workers" --name=c --filename=$file --size=512m --rw=randread \
	--bs=16k --direct=1 --numjobs=16 --number_ios=3000 --group_reporting
umount /tmp/bench-xfs
echo

python3 - "$out" "$ROUNDS" <<'PY'
import json, sys
d = sys.argv[1]
rounds = int(sys.argv[2])
def load_round(n, rw, i):
    # fio prints some warnings on stdout, before its JSON
    text = open(f"{d}/{n}.{i}.json").read()
    j = json.loads(text[text.index("{"):])["jobs"][0]
    r = j[rw]
    ios = r["total_ios"]
    cpu_ns = (j["usr_cpu"] + j["sys_cpu"]) / 100.0 * r["runtime"] * 1e6
    # lat, not clat: the null engine completes within its submit (clat 0)
    return r["iops"], cpu_ns / ios if ios else 0, round(r["lat_ns"]["mean"])
def load(n, rw="read"):
    """the case's median round by IOPS"""
    runs = sorted(load_round(n, rw, i) for i in range(1, rounds + 1))
    return runs[(len(runs) - 1) // 2]
# fio's best polled engine is the one to beat
best_polled = max(("fio-pvsync2-hipri", "fio-uring-hipri"), key=lambda n: load(n)[0])
pairs = [("null_blk 4k: bio QD1 vs fio psync QD1", "kiogen-bio-qd1", "fio-psync-qd1", 2.5),
         ("null_blk 4k polled QD1: bio hipri vs " + best_polled[4:], "kiogen-bio-hipri", best_polled, 1.0),
         ("null_blk 4k: bio QD32 vs fio io_uring QD32", "kiogen-bio-qd32", "fio-uring-qd32", 1.5),
         ("null vs fio null", "kiogen-null", "fio-null", 10.0),
         ("XFS 16k: kiocb QD1 vs fio psync QD1", "kiogen-xfs-qd1", "fio-xfs-psync-qd1", 1.5),
         ("XFS 16k: kiocb QD16 vs fio io_uring QD16", "kiogen-xfs-qd16", "fio-xfs-uring-qd16", 0)]
print(f"{'case':52} {'kiogen IOPS':>12} {'fio IOPS':>12} {'ratio':>7} {'target':>7} "
      f"{'kiogen CPU ns/IO':>17} {'fio CPU ns/IO':>14} {'kiogen lat ns':>14} {'fio lat ns':>11}")
fails = 0
for name, k, f, target in pairs:
    ki, kc, kp = load(k)
    fi, fc, fp = load(f)
    ratio = ki / fi if fi else 0
    mark = "" if ratio >= target else "  (below target)"
    fails += ratio < target
    print(f"{name:52} {ki:12.0f} {fi:12.0f} {ratio:7.2f} {target:6.1f}x "
          f"{kc:17.0f} {fc:14.0f} {kp:14} {fp:11}{mark}")
# the mixes' saving in CPU ns per I/O, each held to the plain null case's
_, kc, _ = load("kiogen-null")
_, fc, _ = load("fio-null")
mixes = [("null, bssplit + zipf:1.2 randwrite vs fio null", "kiogen-null-mix", "fio-null-mix"),
         ("  the same, verify=crc32c", "kiogen-null-mix-crc32c", "fio-null-mix-crc32c")]
saved = []
for name, k, f in mixes:
    ki, kmc, kp = load(k, "write")
    fi, fmc, fp = load(f, "write")
    ratio = ki / fi if fi else 0
    mark = "" if fmc - kmc >= fc - kc else "  (below target)"
    fails += fmc - kmc < fc - kc
    saved.append(fmc - kmc)
    print(f"{name:52} {ki:12.0f} {fi:12.0f} {ratio:7.2f} {'':>7} "
          f"{kmc:17.0f} {fmc:14.0f} {kp:14} {fp:11}{mark}")
print(f"#   CPU ns per I/O saved: {saved[0]:.0f} with the mix, {saved[1]:.0f} with verify=crc32c on top, "
      f"target for each {fc - kc:.0f} (the plain null case's)")
print(f"# {len(pairs) + len(mixes) - fails} of {len(pairs) + len(mixes)} targets met")
print()
print("brd, 16k random reads, O_DIRECT, QD1: the cost of each layer")
print(f"{'path':34} {'IOPS':>10} {'mean lat ns':>13} {'CPU ns/IO':>10} {'added ns/IO':>12}")
base = None
for name, n in [("bio on /dev/ram0", "layer-bio"), ("kiocb on /dev/ram0 (blkdev file)", "layer-kiocb-dev"),
                ("kiocb on an XFS file", "layer-kiocb-xfs")]:
    j = json.load(open(f"{d}/{n}.1.json"))["jobs"][0]
    r = j["read"]
    mean = r["lat_ns"]["mean"]
    cpu = (j["usr_cpu"] + j["sys_cpu"]) / 100.0 * r["runtime"] * 1e6 / max(r["total_ios"], 1)
    added = "" if base is None else f"{mean - base:12.0f}"
    base = mean if base is None else base
    print(f"{name:34} {r['iops']:10.0f} {mean:13.0f} {cpu:10.0f} {added:>12}")
PY

# what the latency split costs per I/O
echo
"$src/selftests/bench-split.sh"

# bonnie++'s file test against kiogen meta, kernel and syscall paths
echo
"$src/selftests/bench-meta.sh"
