#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What written blocks hold, fio's buffer options on both paths: the kernel's
# workers and the syscall path write the same bytes (seeded, not timed) with
# buffer_compress_percentage, dedupe_percentage, zero_buffers,
# buffer_pattern and refill_buffers; the share that compresses away, and
# the share of blocks that repeat, are the ones asked for.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3"
modprobe brd rd_nr=1 rd_size=32768 || skip "cannot load brd"
trap 'rmmod brd 2>/dev/null' EXIT

BS=65536
SIZE=16m

# image PATH OUT OPTIONS...: write SIZE through PATH, keep what the device holds
image() {
	local path=$1 out=$2
	shift 2
	dd if=/dev/zero of=/dev/ram0 bs=1M count=16 oflag=direct 2>/dev/null
	"$KIOGEN" run --path="$path" --name=b --filename=/dev/ram0 --size=$SIZE --bs=$BS \
		--rw=write --ioengine=io_uring --iodepth=4 --randseed=3 "$@" >"$out.log" 2>&1 ||
		return 1
	dd if=/dev/ram0 of="$out" bs=1M count=16 iflag=direct 2>/dev/null
}

# stat IMAGE: compressed share (zlib) and distinct blocks
stats() {
	python3 - "$1" "$BS" <<'PY'
import sys, zlib
d = open(sys.argv[1], 'rb').read()
bs = int(sys.argv[2])
blocks = [d[i:i + bs] for i in range(0, len(d), bs)]
print("%.3f %d" % (len(zlib.compress(d, 1)) / len(d), len(set(blocks))))
PY
}

for opts in "--buffer_compress_percentage=50" "--buffer_compress_percentage=75 --buffer_compress_chunk=4k" \
	    "--dedupe_percentage=50" "--zero_buffers" "--buffer_pattern=0xdeadbeef" \
	    "--refill_buffers"; do
	name=$(printf '%s' "$opts" | tr -c 'a-z0-9' _)
	# shellcheck disable=SC2086
	image kernel "$TMP/$name.k" $opts && image syscall "$TMP/$name.s" $opts
	check "$opts: both paths wrote" test -s "$TMP/$name.k" -a -s "$TMP/$name.s"
	check "$opts: both paths wrote the same bytes" cmp -s "$TMP/$name.k" "$TMP/$name.s"
	read -r ratio distinct <<<"$(stats "$TMP/$name.k")"
	echo "# $opts: compresses to $ratio, $distinct distinct blocks of 256"
	case $opts in
	*compress_percentage=50)
		check "compress 50%: zlib keeps 45-60%" python3 -c "exit(not 0.45 <= $ratio <= 0.60)" ;;
	*compress_percentage=75*)
		check "compress 75%: zlib keeps 20-40%" python3 -c "exit(not 0.20 <= $ratio <= 0.40)" ;;
	*dedupe*)
		check "dedupe 50%: 40-60% of the blocks repeat one" \
			python3 -c "exit(not 0.40 <= 1 - $distinct / 256 <= 0.60)" ;;
	*zero_buffers|*buffer_pattern*)
		check "$opts: one block, over and over" test "$distinct" = 1 ;;
	*refill*)
		check "refill: every block its own, random" \
			python3 -c "exit(not ($distinct == 256 and $ratio > 0.99))" ;;
	esac
done
# a mixed job's writes carry the pattern, not what its reads brought in: over
# a device of 0xcd bytes, 4 KiB reads and 8 KiB writes (at 8 KiB offsets),
# every 8 KiB holds the pattern or was never written
for path in kernel syscall; do
	python3 -c 'import sys; sys.stdout.buffer.write(b"\xcd" * (16 << 20))' |
		dd of=/dev/ram0 bs=1M count=16 oflag=direct iflag=fullblock 2>/dev/null
	"$KIOGEN" run --path=$path --name=b --filename=/dev/ram0 --size=$SIZE --bs=4k,8k \
		--rw=randrw --ioengine=io_uring --iodepth=4 --randseed=3 --direct=1 \
		--buffer_pattern=0xdeadbeef >"$TMP/mixed-$path.log" 2>&1
	check "$path: randrw with buffer_pattern runs" test $? = 0
	dd if=/dev/ram0 of="$TMP/mixed-$path.img" bs=1M count=16 iflag=direct 2>/dev/null
	check "$path: randrw: every write holds the pattern, none what a read brought in" \
		python3 - "$TMP/mixed-$path.img" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read()
pat, old = bytes.fromhex("deadbeef") * 2048, b"\xcd" * 8192
chunks = [d[i:i + 8192] for i in range(0, len(d), 8192)]
bad = [i for i, c in enumerate(chunks) if c not in (pat, old)]
written = sum(c == pat for c in chunks)
print("# %d of %d chunks written, %d mixed" % (written, len(chunks), len(bad)))
sys.exit(bool(bad) or not written)
PY
done
finish
