#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Edges of the block size mixes and of live results: a region (offset_increment)
# below the reads' bs with smaller reads, a hole (rw=X:N) near 2^64 or not a
# multiple of the sector, the bytes the bio engine moves when sizes vary, a
# live report of a worker in its startdelay, and live results-get dumps, read
# slowly, while runs start, end, are reaped and deleted (live_stress.py).
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3"

nullb_create krv0 size=256 memory_backed=1 irqmode=0 || skip "cannot create a null_blk device"
trap 'nullb_remove krv0' EXIT
DEV=/dev/krv0

# hdr_at OFFSET: the kiogen block header at OFFSET of $DEV, "magic offset"
hdr_at() {
	python3 - "$DEV" "$1" <<-'EOF'
	import os, struct, sys
	fd = os.open(sys.argv[1], os.O_RDONLY)
	b = os.pread(fd, 32, int(sys.argv[2]))
	print(b[:7].decode(errors="replace").strip("\0") or "-", struct.unpack_from("=Q", b, 8)[0])
	EOF
}
zero() {
	dd if=/dev/zero of=$DEV bs=1M count=4 oflag=direct status=none
}

# 1. a size the kernel computes (offset_increment) below the reads' bs, with
#    a bssplit of smaller reads: taken (fio takes it), no WARN
m=$(dmesg_mark)
out=$("$KIOGEN" run --name=w --filename=$DEV --rw=read --bs=64k --bssplit=4k/100 \
	--offset_increment=$((256 * 1024 * 1024 - 8192)) --numjobs=2 --number_ios=4 2>&1)
rc=$?
echo "# 1: rc=$rc: $(head -c 300 <<<"$out")"
splat=$(splat_since "$m")
echo "# 1: splat: $(head -3 <<<"$splat")"
check "offset_increment leaves less than the reads' bs: no WARN" test -z "$splat"
check "... and the run is taken (its reads are 4k)" test "$rc" = 0

m=$(dmesg_mark)
out=$("$KIOGEN" run --name=w --filename=$DEV --rw=write --bs=64k,4k \
	--offset_increment=$((256 * 1024 * 1024 - 8192)) --numjobs=2 --number_ios=4 2>&1)
rc=$?
echo "# 1b: rc=$rc: $(head -c 300 <<<"$out")"
splat=$(splat_since "$m")
check "bs=64k,4k rw=write, offset_increment: no WARN" test -z "$splat"

# 2. rw=write:HOLE near 2^64: the next offset wraps below the region
zero
out=$("$KIOGEN" run --name=h --filename=$DEV --rw=write:18446744073709543424 --bs=4k \
	--offset=1m --size=1m --number_ios=2 2>&1)
rc=$?
echo "# 2: rc=$rc: $(grep -iE 'error|err=|refus|kiogen:' <<<"$out" | head -3)"
h=$(hdr_at $((1024 * 1024 - 4096)))
echo "# 2: header at 1m-4k (outside the region [1m, 2m)): $h"
check "a huge rw=write:N hole writes nothing before the region" test "${h%% *}" != KIOGEN1

# 3. rw=write:100 on a 512-byte device: the bio engine truncates the offset
zero
out=$("$KIOGEN" run --name=h --filename=$DEV --rw=write:100 --bs=4k --size=1m \
	--number_ios=3 2>&1)
rc=$?
echo "# 3: rc=$rc: $(grep -iE 'error|err=|refus|kiogen:' <<<"$out" | tail -1)"
h=$(hdr_at 4096)
echo "# 3: header at 4096: $h"
check "rw=write:100 on a 512-byte sector device: refused" test "$rc" = 1
check "... naming the hole" grep -q "rw-seq-add" <<<"$out"
check "... and nothing written" test "${h%% *}" != KIOGEN1
out=$("$KIOGEN" run --path=syscall --name=h --filename=$DEV --rw=write:100 --bs=4k \
	--size=1m --number_ios=3 2>&1)
rc=$?
h=$(hdr_at 4096)
check "... and on the syscall path: refused (exit 2)" test "$rc" = 2
check "... naming the hole" grep -q "rw: the hole" <<<"$out"
check "... and nothing written" test "${h%% *}" != KIOGEN1

# 4. sizes that vary on the bio engine: the device sees the bytes reported
bytes_match() {	# bytes_match read|write OPTIONS...
	local dir=$1 field before after dev kg
	shift
	[ "$dir" = read ] && field=3 || field=7
	before=$(awk -v f=$field '{ print $f }' /sys/block/krv0/stat)
	"$KIOGEN" run --name=b --filename=$DEV "$@" --output-format=json >"$TMP/b.json" || return 1
	after=$(awk -v f=$field '{ print $f }' /sys/block/krv0/stat)
	dev=$(((after - before) * 512))
	kg=$(json "$TMP/b.json" "j['jobs'][0]['$dir']['io_bytes']")
	echo "# $*: kiogen reports $kg bytes, the device saw $dev"
	python3 -c "import sys; sys.exit(abs($kg - $dev) > 0.01 * $kg)"
}
check "bio, bssplit=4k/50:64k/50 randread qd1: the device reads the bytes reported" \
	bytes_match read --rw=randread --bssplit=4k/50:64k/50 --number_ios=400 --iodepth=1
check "bio, bsrange=4k-256k randread, libaio qd4: the device reads the bytes reported" \
	bytes_match read --rw=randread --bsrange=4k-256k --number_ios=400 --ioengine=libaio --iodepth=4
check "bio, bs=4k,64k randrw: the device writes the bytes reported" \
	bytes_match write --rw=randrw --bs=4k,64k --number_ios=400 --iodepth=2
check "bio, bs=64k: the device reads the bytes reported" \
	bytes_match read --rw=randread --bs=64k --number_ios=200 --iodepth=2

# the metadata engines: blockalign other than bs would name a file twice
mkdir -p "$TMP/meta"
out=$("$KIOGEN" run --name=m --ioengine=filecreate --directory="$TMP/meta" --nrfiles=64 \
	--bs=4k --blockalign=1k --rw=randwrite 2>&1)
rc=$?
echo "# meta blockalign: rc=$rc: $(tail -1 <<<"$out")"
check "filecreate with blockalign=1k, bs=4k: refused by the kernel, naming blockalign" \
	bash -c "test $rc = 1 && grep -q blockalign <<<'$out'"
check "... and no file made" test -z "$(ls -A "$TMP/meta")"

# 5. live results of a worker still in its startdelay: elapsed
"$KIOGEN" run --name=s --ioengine=null --size=1m --startdelay=3 --runtime=1 --time_based \
	--status-interval=1 --output-format=json >"$TMP/status" 2>"$TMP/status.err"
echo "# 5: rc=$? $(head -c 200 "$TMP/status.err")"
python3 - "$TMP/status" >"$TMP/rt" <<-'EOF'
import json, sys
text, dec, i = open(sys.argv[1]).read(), json.JSONDecoder(), 0
while i < len(text):
    if text[i].isspace():
        i += 1
        continue
    doc, i = dec.raw_decode(text, i)
    j = doc["jobs"][0]
    print(j["job_runtime"], j["read"]["runtime"], j["read"]["total_ios"])
EOF
echo "# 5: job_runtime read.runtime read.total_ios per report (ms):" $(cat "$TMP/rt")
check "live report during startdelay: runtime no more than the run's 4 s" \
	awk '$1 > 4500 || $2 > 4500 { bad = 1 } END { exit bad }' "$TMP/rt"

# 6. live dumps while runs start, end, are reaped and deleted
m=$(dmesg_mark)
KIOGEN_SRC=$KIOGEN_SRC python3 "$(dirname "$0")/live_stress.py" "${KIOGEN_LIVE_STRESS_SECS:-20}"
rc=$?
check "live stress: only ok, ENOENT, EAGAIN, EBUSY" test $rc = 0
splat=$(splat_since "$m")
echo "# 6: splat: $(head -5 <<<"$splat")"
check "live stress: no splat" test -z "$splat"
finish
