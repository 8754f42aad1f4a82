#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Block sizes and the stream's shape (issue 15) on both paths: bssplit (fio's
# JESD219 mix) with per direction bs, rw=randrw:N, bsrange with
# offset_increment: the kernel's and the syscall path's digests are equal;
# the mean size of the reads is fio's for the same job; a size the target
# cannot take is refused by the kernel with the attribute named.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3 to read JSON"

nullb_create kbs0 size=256 irqmode=0 || skip "cannot create a null_blk device"
trap 'nullb_remove kbs0' EXIT

JESD=512/4:1k/1:1536/1:2k/1:2560/1:3k/1:3584/1:4k/67:8k/10:16k/7:32k/3:64k/3

cmpj "$TMP/split.json" --name=s --filename=/dev/kbs0 --rw=randrw:4 \
	--bssplit="$JESD,64k/50:4k/50" --number_ios=4000 --numjobs=2 \
	--ioengine=io_uring --iodepth=4 --randseed=42
check "bssplit per direction + rw=randrw:4: identical stream on both paths" \
	test "$(json "$TMP/split.json" 'j["compare"]["identical_stream"]')" = True

cmpj "$TMP/perdir.json" --name=s --filename=/dev/kbs0 --rw=randrw --bs=4k,64k \
	--number_ios=3000 --randseed=42
check "bs=4k,64k: identical stream on both paths" \
	test "$(json "$TMP/perdir.json" 'j["compare"]["identical_stream"]')" = True

cmpj "$TMP/range.json" --name=s --filename=/dev/kbs0 --rw=randread --bsrange=4k-64k \
	--ba=8k --size=32m --offset_increment=64m --numjobs=2 --number_ios=3000 --randseed=42
check "bsrange + blockalign + offset_increment: identical stream on both paths" \
	test "$(json "$TMP/range.json" 'j["compare"]["identical_stream"]')" = True

cmpj "$TMP/holes.json" --name=s --filename=/dev/kbs0 --rw=read:8k --bs=4k,4k \
	--number_ios=3000 --randseed=42
check "rw=read:8k: identical stream on both paths" \
	test "$(json "$TMP/holes.json" 'j["compare"]["identical_stream"]')" = True

# fio's mix for the same job: the mean size of 20000 reads
if command -v fio >/dev/null; then
	fio --name=s --filename=/dev/kbs0 --rw=randread --bssplit="$JESD" --number_ios=20000 \
		--ioengine=psync --direct=1 --randrepeat=0 --norandommap \
		--output-format=json > "$TMP/fio.json" 2>/dev/null
	"$KIOGEN" run --name=s --filename=/dev/kbs0 --rw=randread --bssplit="$JESD" \
		--number_ios=20000 --output-format=json > "$TMP/kg.json" 2>/dev/null
	mf=$(json "$TMP/fio.json" 'round(j["jobs"][0]["read"]["io_bytes"] / j["jobs"][0]["read"]["total_ios"])')
	mk=$(json "$TMP/kg.json" 'round(j["jobs"][0]["read"]["io_bytes"] / j["jobs"][0]["read"]["total_ios"])')
	# the split's own mean; 20000 reads' scatter by 82 bytes (1%) about it
	mj=$(python3 -c "print(sum((lambda s, p: (int(s[:-1]) * 1024 if s.endswith('k') else int(s)) * int(p))(*e.split('/')) for e in '$JESD'.split(':')) / 100)")
	echo "# JESD219 mean read size: the split's $mj bytes, fio $mf, kiogen $mk"
	check "JESD219 bssplit: kiogen's mean read size within 3% of the split's" \
		python3 -c "import sys; sys.exit(abs($mj - $mk) > 0.03 * $mj)"
	# fio draws at random (randrepeat=0): 5% is 3.5 times the difference's scatter
	check "JESD219 bssplit: kiogen's mean read size within 5% of fio's" \
		python3 -c "import sys; f, k = $mf, $mk; sys.exit(abs(f - k) > 0.05 * f)"
else
	echo "# fio not installed: the mix is not compared with fio's"
fi

# the kernel refuses what the device cannot take, naming the attribute
out=$("$KIOGEN" run --name=s --filename=/dev/kbs0 --rw=randread --bssplit=4k/50:1000/50 \
	--number_ios=10 2>&1)
rc=$?
echo "# $out"
check "a bssplit size the device cannot take: refused by the kernel (exit 1)" test "$rc" = 1
check "... the kernel's message names bssplit" grep -q "bssplit" <<< "$out"
out=$("$KIOGEN" run --name=s --filename=/dev/kbs0 --rw=randread --bsrange=4k-8k \
	--blocksize_unaligned --number_ios=10 2>&1)
check "blocksize_unaligned on a block device: refused, named" grep -q "blocksize_unaligned" <<< "$out"
out=$("$KIOGEN" run --name=s --filename=/dev/kbs0 --rw=randread --offset_increment=200m \
	--numjobs=2 --size=100m --number_ios=10 2>&1)
check "offset_increment past the device: refused, named" grep -q "offset_increment\|size" <<< "$out"
finish
