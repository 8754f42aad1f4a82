#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Part of make bench (bench.sh runs it), or alone inside the VM: bonnie++'s
# file test against kiogen meta. The seed's command line, bonnie++ -n
# 10:100000:1000:1000 -s0 -b, scaled down (BENCH_META_SPEC, default
# 1:100000:1000:10: 1024 files of 1000 to 100000 bytes in 10 directories,
# fsync each), run by Debian's bonnie++, by kiogen meta from kernel threads
# and by kiogen meta through syscalls, each on a file system made afresh on
# the same brd device (a second run on the same one is the slower one: that
# is what the seed reports). Prints files/s per phase and the kernel path's
# over the syscall path's; the VM is slow, so only the ratios mean anything.
set -eu
src=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
KIOGEN=${KIOGEN_CLI:-$src/ctl/kiogen}
SPEC=${BENCH_META_SPEC:-1:100000:1000:10}
FSES=${BENCH_META_FS:-xfs ext4}
out=$(mktemp -d /tmp/kiogen-bench-meta.XXXXXX)
mnt=$out/mnt
mkdir -p "$mnt"
trap 'umount "$mnt" 2>/dev/null || true; rm -rf "$out"' EXIT

[ -d /sys/module/kiogen ] || insmod "$src/kmod/kiogen.ko"
[ -b /dev/ram0 ] || modprobe brd rd_nr=1 rd_size=1048576
dev=/dev/ram0

fresh() {	# fresh FS: a new FS on the device, mounted at $mnt
	umount "$mnt" 2>/dev/null || true
	modprobe "$1"
	case $1 in
	xfs) mkfs.xfs -q -f $dev ;;
	*) mkfs."$1" -q -F $dev ;;
	esac
	mount $dev "$mnt"
}

echo "== bonnie++ -n $SPEC -s0 -b against kiogen meta --bonnie=$SPEC -b (files/s; a fresh file system each) =="
for fs in $FSES; do
	if command -v bonnie++ >/dev/null; then
		fresh "$fs"
		# -q: the CSV line alone on stdout
		bonnie++ -q -d "$mnt" -n "$SPEC" -s0 -b -u root -m vm 2>/dev/null | tail -1 \
			> "$out/$fs-bonnie.csv" || true
	fi
	for path in kernel syscall; do
		fresh "$fs"
		"$KIOGEN" meta --path=$path --bonnie="$SPEC" -b --directory="$mnt" \
			--output-format=json > "$out/$fs-$path.json" 2>/dev/null || true
	done
done
umount "$mnt"

python3 - "$out" $FSES <<'PY'
import json, os, sys
d, fses = sys.argv[1], sys.argv[2:]
phases = ["seq_create", "seq_stat", "seq_delete", "rnd_create", "rnd_stat", "rnd_delete"]
def bonnie(fs):
    p = f"{d}/{fs}-bonnie.csv"
    if not os.path.exists(p) or not os.path.getsize(p):
        return None
    f = open(p).read().strip().split(",")
    # format 1.98: files/s and %CPU of the six phases from field 26
    return [f[26 + 2 * i] for i in range(6)]
def kiogen(fs, path):
    try:
        j = json.load(open(f"{d}/{fs}-{path}.json"))["meta"]["phases"]
    except (OSError, ValueError, KeyError):
        return None
    r = {p["phase"]: p["files_per_s"] for p in j}
    return [r.get(p) for p in phases]
def cell(v):
    if v is None:
        return "-"
    return v if isinstance(v, str) else f"{v:.0f}"
print(f"{'fs':5} {'tool':22}" + "".join(f" {p:>10}" for p in phases))
for fs in fses:
    rows = [("bonnie++ (syscalls)", bonnie(fs)), ("kiogen meta, kernel", kiogen(fs, "kernel")),
            ("kiogen meta, syscall", kiogen(fs, "syscall"))]
    for name, v in rows:
        print(f"{fs:5} {name:22}" + "".join(f" {cell(x):>10}" for x in (v or [None] * 6)))
    k, s = rows[1][1], rows[2][1]
    if k and s:
        print(f"{fs:5} {'kernel / syscall':22}" +
              "".join(f" {a / b:9.2f}x" if a and b else f" {'-':>10}" for a, b in zip(k, s)))
print("# bonnie++ prints +++++ for a phase done in under 0.5 s (too quick to measure);")
print("# kiogen's stat is a stat alone, bonnie++'s Read also reads each file's data; its -b")
print("# also fsyncs the directory after each create and delete, kiogen's only the file")
PY
