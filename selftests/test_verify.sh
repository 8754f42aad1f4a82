#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# verify, on both paths: a writing job with verify=crc32c reads back and
# checks what it wrote, over brd and over a file on ext4; a block
# overwritten behind the run's back is named by a later verify_only run
# (its offset, the header expected, what was found) and fails it;
# continue_on_error=verify counts every mismatch, verify_fatal stops at the
# first; verify_backlog checks as it goes; crc32c and md5 blocks written by
# one path check out on the other; compare still proves both streams
# identical; blocks of verify=pattern pass fio's own check and the other
# way round. Writes of mixed sizes (bsrange, bssplit) read back, with
# crc32c and md5, on both paths, over brd and a file: each block checks
# out or was written over by a later write (counted written_over, the
# same count on both paths and in a later verify_only); a block smashed
# behind the run's back is named; the record's memory is bounded. A job
# that reads, of mixed sizes, checks each 4k unit of its reads. On the null
# engine a writing job's writes get buffers, headers and checksums (memory
# and CPU per I/O show it) and nothing is read back; what would need a read
# back is refused by the CLI and by extack.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3 to read JSON"
modprobe brd rd_nr=1 rd_size=65536 || skip "cannot load brd"
trap 'umount "$TMP/ext4" 2>/dev/null; rmmod brd 2>/dev/null' EXIT

BS=4096
BAD=37		# the block overwritten
BAD2=301

# vrun OUT PATH OPTIONS...: a run in JSON; its exit status in $rc
vrun() {
	local out=$1 path=$2
	shift 2
	rc=0
	"$KIOGEN" run --path="$path" --output-format=json "$@" >"$out" 2>"$out.err" || rc=$?
}

verify_of() {	# verify_of OUT EXPR: an expression on jobs[0].kiogen.verify as v
	json "$1" "(lambda v: $2)(j['jobs'][0]['kiogen']['verify'])"
}

# zeroes over block $2 of target $1, around any cache
smash() {
	dd if=/dev/zero of="$1" bs=$BS seek="$2" count=1 conv=notrunc oflag=direct 2>/dev/null
}

# checks_on TARGET: write+verify, verify_only, a smashed block, on both paths
checks_on() {
	local target=$1 t=${1##*/} path f opts
	opts=(--name=v --filename="$target" --size=16m --bs=$BS --rw=randwrite
	      --direct=1 --ioengine=io_uring --iodepth=8 --verify=crc32c --randseed=5)
	for path in kernel syscall; do
		f=$TMP/$t-$path
		vrun "$f-w.json" $path "${opts[@]}"
		check "$t $path: write+verify passes" test "$rc" = 0
		check "$t $path: every block written was checked, none bad" \
			test "$(verify_of "$f-w.json" '(v["checked"], v["mismatches"])')" = "(4096, 0)"
		check "$t $path: the read back is counted as reads" \
			test "$(json "$f-w.json" 'j["jobs"][0]["read"]["total_ios"]')" = 4096

		vrun "$f-o.json" $path "${opts[@]}" --verify_only
		check "$t $path: verify_only of intact data passes" test "$rc" = 0
		check "$t $path: verify_only issued no write" \
			test "$(json "$f-o.json" 'j["jobs"][0]["write"]["total_ios"]')" = 0

		smash "$target" $BAD
		vrun "$f-bad.json" $path "${opts[@]}" --verify_only
		check "$t $path: a smashed block fails verify_only (exit 1)" test "$rc" = 1
		check "$t $path: the mismatch names its offset" \
			test "$(verify_of "$f-bad.json" 'v["first_mismatch"]["offset"]')" = $((BAD * BS))
		check "$t $path: ... says no header was found" \
			test "$(verify_of "$f-bad.json" 'v["first_mismatch"]["what"]')" = "no kiogen header"
		check "$t $path: ... and the header expected (offset, job, worker, seq)" \
			test "$(verify_of "$f-bad.json" '(lambda e: (e["offset"], e["job"], e["worker"], e["seq"] > 0))(v["first_mismatch"]["expected"])')" = "($((BAD * BS)), 0, 0, True)"
		check "$t $path: the job's error is EILSEQ, as fio's" \
			test "$(json "$f-bad.json" 'j["jobs"][0]["error"]')" = 84
		"$KIOGEN" run --path=$path "${opts[@]}" --verify_only >"$f-bad.txt" 2>&1
		check "$t $path: the text report names the offset" \
			grep -q "mismatch  : offset=$((BAD * BS)), length=$BS: no kiogen header" "$f-bad.txt"

		smash "$target" $BAD2
		vrun "$f-coe.json" $path "${opts[@]}" --verify_only --continue_on_error=verify
		check "$t $path: continue_on_error=verify counts both mismatches" \
			test "$(verify_of "$f-coe.json" '(v["checked"], v["mismatches"])')" = "(4096, 2)"
		vrun "$f-fatal.json" $path "${opts[@]}" --verify_only --continue_on_error=verify \
			--verify_fatal=1
		check "$t $path: verify_fatal stops at the first" \
			test "$(verify_of "$f-fatal.json" 'v["mismatches"]')" = 1
	done
}

# v_of OUT: (checked, mismatches, written_over) of a run
v_of() {
	verify_of "$1" '(v["checked"], v["mismatches"], v["written_over"])'
}

# mixed_on TARGET: writes of mixed sizes, read back and verify_only, both paths
mixed_on() {
	local target=$1 t=${1##*/} path shape sum f opts seqo off
	for shape in bsrange bssplit; do
		for sum in crc32c md5; do
			opts=(--name=v --filename="$target" --size=8m --rw=randwrite --direct=1
			      --ioengine=io_uring --iodepth=8 --verify=$sum --randseed=7)
			if [ $shape = bsrange ]; then
				opts+=(--bsrange=4k-64k)
			else
				opts+=(--bssplit=4k/40:16k/30:64k/30 --blockalign=4k)
			fi
			for path in kernel syscall; do
				f=$TMP/mx-$t-$shape-$sum-$path
				vrun "$f-w.json" $path "${opts[@]}"
				check "$t $shape $sum $path: write+verify passes; each write checked or written over, some over" \
					test "$rc:$(json "$f-w.json" '(lambda j, v: (v["mismatches"], v["checked"] + v["written_over"] == j["write"]["total_ios"], v["checked"] > 0, v["written_over"] > 0))(j["jobs"][0], j["jobs"][0]["kiogen"]["verify"])')" = "0:(0, True, True, True)"
				vrun "$f-o.json" $path "${opts[@]}" --verify_only
				check "$t $shape $sum $path: verify_only passes, the same blocks checked and over" \
					test "$rc:$(v_of "$f-o.json")" = "0:$(v_of "$f-w.json")"
			done
			check "$t $shape $sum: both paths checked and passed over the same blocks" \
				test "$(v_of "$TMP/mx-$t-$shape-$sum-kernel-w.json")" = \
				     "$(v_of "$TMP/mx-$t-$shape-$sum-syscall-w.json")"
		done
	done
	# sequential mixed writes: a unit smashed inside a block names that block
	seqo=(--name=v --filename="$target" --size=8m --rw=write --bsrange=4k-64k --direct=1
	      --ioengine=io_uring --iodepth=4 --verify=crc32c)
	for path in kernel syscall; do
		f=$TMP/mxs-$t-$path
		vrun "$f-w.json" $path "${seqo[@]}"
		check "$t $path: sequential bsrange write+verify passes" \
			test "$rc:$(verify_of "$f-w.json" 'v["mismatches"]')" = 0:0
		smash "$target" $BAD2
		vrun "$f-bad.json" $path "${seqo[@]}" --verify_only
		check "$t $path: the smashed unit fails verify_only (exit 1), one mismatch" \
			test "$rc:$(verify_of "$f-bad.json" 'v["mismatches"]')" = 1:1
		off=$((BAD2 * BS))
		check "$t $path: the mismatch names the block holding it, and the header expected" \
			test "$(verify_of "$f-bad.json" '(lambda m, e: (m["offset"] <= '$off' < m["offset"] + m["length"], m["what"] in ("checksum differs", "no kiogen header"), e["offset"] == m["offset"], e["job"], e["worker"], e["seq"] > 0))(v["first_mismatch"], v["first_mismatch"]["expected"])')" = "(True, True, True, 0, 0, True)"
		"$KIOGEN" run --path=$path "${seqo[@]}" --verify_only >"$f-bad.txt" 2>&1
		check "$t $path: the text report names it, expected and found" \
			test "$(grep -c -e '^     mismatch  : offset=' -e '^       expected: offset=' \
				-e '^       found   : ' "$f-bad.txt")" = 3
	done
}

checks_on /dev/ram0
mixed_on /dev/ram0
if command -v mkfs.ext4 >/dev/null && mkdir -p "$TMP/ext4" &&
   mkfs.ext4 -q -F /dev/ram0 && mount /dev/ram0 "$TMP/ext4"; then
	checks_on "$TMP/ext4/f"
	mixed_on "$TMP/ext4/f"
	# the record of mixed writes of a 2 TiB sparse file: 32 GiB at 512 bytes a unit
	check "a 2 TiB sparse file on ext4" truncate -s 2T "$TMP/ext4/big"
	big=(--name=v --filename="$TMP/ext4/big" --size=2t --rw=randwrite --bsrange=512-64k
	     --verify=crc32c --number_ios=16)
	rc=0
	"$KIOGEN" run --path=kernel "${big[@]}" >"$TMP/big-k.out" 2>&1 || rc=$?
	check "kernel: a record over max_mem_mb is refused (exit $rc)" test "$rc" != 0
	check "... naming verify's record and max_mem_mb" \
		grep -q 'job verify: the record of mixed-size writes .*(module parameter max_mem_mb' \
		"$TMP/big-k.out"
	"$KIOGEN" run --path=syscall "${big[@]}" >"$TMP/big-s.out" 2>&1
	check "syscall: a record over half the memory exits 2, saying why" \
		test "$?:$(grep -c 'v: verify: the record of mixed-size writes .* give a smaller size' "$TMP/big-s.out")" = 2:1
	rm -f "$TMP/ext4/big"
	umount "$TMP/ext4"
else
	echo "# no ext4 on brd: only the block device"
fi

# verify_backlog: checks every 64 writes, all of them in the end
for path in kernel syscall; do
	vrun "$TMP/backlog-$path.json" $path --name=v --filename=/dev/ram0 --size=8m \
		--bs=$BS --rw=randwrite --ioengine=io_uring --iodepth=8 --verify=crc32c \
		--verify_backlog=64
	check "$path: verify_backlog=64 passes and checks every block" \
		test "$rc:$(verify_of "$TMP/backlog-$path.json" '(v["checked"], v["mismatches"])')" = "0:(2048, 0)"
done
# ... and with writes of mixed sizes: the record holds the newest write at each pause
for path in kernel syscall; do
	vrun "$TMP/backlog-mx-$path.json" $path --name=v --filename=/dev/ram0 --size=8m \
		--bssplit=4k/50:16k/25:64k/25 --rw=randwrite --ioengine=io_uring --iodepth=8 \
		--verify=md5 --verify_backlog=32 --direct=1
	check "$path: bssplit with verify_backlog=32 passes, each write checked or written over" \
		test "$rc:$(json "$TMP/backlog-mx-$path.json" '(lambda j, v: (v["mismatches"], v["checked"] + v["written_over"] == j["write"]["total_ios"], v["checked"] > 0))(j["jobs"][0], j["jobs"][0]["kiogen"]["verify"])')" = "0:(0, True, True)"
done
check "bssplit with verify_backlog: both paths checked and passed over the same blocks" \
	test "$(v_of "$TMP/backlog-mx-kernel.json")" = "$(v_of "$TMP/backlog-mx-syscall.json")"
vrun "$TMP/meta.json" kernel --name=v --filename=/dev/ram0 --size=8m --bs=$BS --rw=write \
	--verify=meta
check "verify=meta passes" test "$rc:$(verify_of "$TMP/meta.json" 'v["mismatches"]')" = 0:0

# what one path wrote checks out on the other: the kernel's crypto crc32c
# and md5 are the syscall path's
for sum in crc32c md5; do
	for w in kernel syscall; do
		r=$([ $w = kernel ] && echo syscall || echo kernel)
		o=(--name=v --filename=/dev/ram0 --size=8m --bs=$BS --rw=randwrite
		   --ioengine=io_uring --iodepth=4 --verify=$sum)
		vrun "$TMP/x-$sum-$w.json" $w "${o[@]}" --do_verify=0
		check "$sum: $w path writes without reading back" \
			test "$rc:$(verify_of "$TMP/x-$sum-$w.json" 'v["checked"]')" = 0:0
		vrun "$TMP/x-$sum-$r.json" $r "${o[@]}" --verify_only
		check "$sum: what the $w path wrote checks out on the $r path" \
			test "$rc:$(verify_of "$TMP/x-$sum-$r.json" '(v["checked"], v["mismatches"])')" = "0:(2048, 0)"
	done
done

"$KIOGEN" compare --output-format=json --name=c --filename=/dev/ram0 --size=8m --bs=$BS \
	--rw=randwrite --ioengine=io_uring --iodepth=4 --verify=crc32c --verify_backlog=100 \
	>"$TMP/cmp.json" 2>"$TMP/cmp.err"
check "compare with verify: both paths issued the identical stream" \
	test "$(json "$TMP/cmp.json" 'j["compare"]["identical_stream"]')" = True

# verify=pattern is fio's format: each reads what the other wrote
if command -v fio >/dev/null; then
	vrun "$TMP/pat.json" kernel --name=p --filename=/dev/ram0 --size=8m --bs=$BS --rw=write \
		--verify=pattern --verify_pattern=0xdeadbeef
	check "verify=pattern passes" test "$rc" = 0
	check "fio's verify_pattern reads kiogen's pattern blocks" \
		fio --name=f --filename=/dev/ram0 --rw=read --bs=$BS --size=8m --direct=1 \
		--verify=pattern --verify_pattern=0xdeadbeef --verify_state_save=0 \
		--output=/dev/null
	fio --name=f --filename=/dev/ram0 --rw=write --bs=$BS --size=8m --direct=1 \
		--verify=pattern --verify_pattern=0x0102030405 --do_verify=0 --verify_state_save=0 \
		--output=/dev/null
	vrun "$TMP/fiopat.json" kernel --name=p --filename=/dev/ram0 --size=8m --bs=$BS \
		--rw=randread --verify=pattern --verify_pattern=0x0102030405
	check "kiogen's verify=pattern reads fio's pattern blocks" \
		test "$rc:$(verify_of "$TMP/fiopat.json" '(v["checked"], v["mismatches"])')" = "0:(2048, 0)"
	smash /dev/ram0 5
	vrun "$TMP/fiopat2.json" kernel --name=p --filename=/dev/ram0 --size=8m --bs=$BS \
		--rw=read --verify=pattern --verify_pattern=0x0102030405
	check "... and names the first byte that differs" \
		test "$rc:$(verify_of "$TMP/fiopat2.json" '(lambda m: (m["offset"], m["byte"], m["byte_expected"], m["byte_found"]))(v["first_mismatch"])')" = "1:($((5 * BS)), 0, 1, 0)"
else
	echo "# no fio: the pattern format is not compared with fio's"
fi
# --- composed with main's block sizes and rate limits ---------------------

# sizes per direction are fine: the writes, the blocks checked, have one
for path in kernel syscall; do
	vrun "$TMP/bsdir-$path.json" $path --name=v --filename=/dev/ram0 --size=8m \
		--bs=4k,16k --rw=randrw --ioengine=io_uring --iodepth=4 --verify=crc32c \
		--direct=1
	check "$path: bs=4k,16k randrw with verify passes, every write read back" \
		test "$rc:$(json "$TMP/bsdir-$path.json" '(lambda j: j["kiogen"]["verify"]["checked"] == j["write"]["total_ios"] > 0 and j["kiogen"]["verify"]["mismatches"])(j["jobs"][0])')" = "0:0"
done
# a job that reads, of mixed sizes, checks each unit of its smallest read
# (4k) as a block: what a bs=4k job wrote checks out under reads of 4k-64k
for sum in crc32c md5; do
	vrun "$TMP/rd-w-$sum.json" kernel --name=v --filename=/dev/ram0 --size=8m --bs=$BS \
		--rw=write --ioengine=io_uring --iodepth=4 --verify=$sum --do_verify=0 --direct=1
	for path in kernel syscall; do
		for shape in --bsrange=4k-64k --bssplit=4k/30:12k/30:64k/40; do
			f=$TMP/rd-$sum-$path-${shape%%=*}
			vrun "$f.json" $path --name=v --filename=/dev/ram0 --size=8m --rw=randread \
				"$shape" --ioengine=io_uring --iodepth=4 --verify=$sum --direct=1
			check "$path $sum ${shape#--}: a reading job checks every 4k unit it reads" \
				test "$rc:$(json "$f.json" '(lambda j, v: (v["mismatches"], v["checked"] * 4096 == j["read"]["io_bytes"] > 0))(j["jobs"][0], j["jobs"][0]["kiogen"]["verify"])')" = "0:(0, True)"
		done
	done
done
smash /dev/ram0 $BAD
for path in kernel syscall; do
	vrun "$TMP/rd-bad-$path.json" $path --name=v --filename=/dev/ram0 --size=8m --rw=read \
		--bsrange=4k-64k --ioengine=io_uring --iodepth=4 --verify=md5 --direct=1
	check "$path: a reading job of mixed sizes names the smashed block (exit 1)" \
		test "$rc:$(verify_of "$TMP/rd-bad-$path.json" '(v["mismatches"], v["first_mismatch"]["offset"], v["first_mismatch"]["length"], v["first_mismatch"]["what"])')" = "1:(1, $((BAD * BS)), $BS, 'no kiogen header')"
done
# ... its offsets on multiples of that unit: refused in words (CLI) and by extack (kernel)
"$KIOGEN" run --name=v --filename=/dev/ram0 --size=8m --rw=randread --bsrange=4k-16k \
	--blockalign=6k --verify=crc32c >"$TMP/bsr.out" 2>&1
check "CLI: a reading job's blockalign off its smallest read, with verify, exits 2 saying why" \
	test "$?:$(grep -c 'blockalign: verify of mixed reads: offsets on multiples of the smallest' "$TMP/bsr.out")" = 2:1
line=$(knl new engine=bio name=v rw=randread mode=sync bs=4096 bs_max=16384 blockalign=6144 \
	verify=2 --fd /dev/ram0)
check "kernel: the same refused by extack" \
	grep -q "errno=EINVAL .*msg=blockalign: verify of mixed reads: offsets on multiples of the smallest" <<<"$line"

# rate limits: writes paced, reading back not; the runtime may end while a
# write is held: it is not read back
for path in kernel syscall; do
	vrun "$TMP/rate-$path.json" $path --name=v --filename=/dev/ram0 --size=1m \
		--bs=$BS --rw=randwrite --ioengine=io_uring --iodepth=4 --verify=crc32c \
		--verify_backlog=32 --rate_iops=2000 --direct=1
	check "$path: rate_iops=2000 with verify_backlog passes, all 256 checked" \
		test "$rc:$(verify_of "$TMP/rate-$path.json" '(v["checked"], v["mismatches"])')" = "0:(256, 0)"
	vrun "$TMP/rtb-$path.json" $path --name=v --filename=/dev/ram0 --size=8m \
		--bs=$BS --rw=randwrite --ioengine=psync --verify=crc32c --rate_iops=300 \
		--time_based --runtime=1 --direct=1
	check "$path: a time_based paced run reads back exactly what it wrote" \
		test "$rc:$(json "$TMP/rtb-$path.json" '(lambda j: j["kiogen"]["verify"]["checked"] == j["write"]["total_ios"] > 0 and j["kiogen"]["verify"]["mismatches"])(j["jobs"][0])')" = "0:0"
done

# --- review findings -------------------------------------------------------

# a mixed job's writes carry the pattern, not what its reads brought in
for path in kernel syscall; do
	dd if=/dev/urandom of=/dev/ram0 bs=1M count=8 oflag=direct 2>/dev/null
	vrun "$TMP/mix-$path.json" $path --name=v --filename=/dev/ram0 --size=8m --bs=$BS \
		--rw=randrw --ioengine=io_uring --iodepth=4 --verify=crc32c \
		--verify_pattern=0x5a5aa5a5 --direct=1 --randseed=3
	check "$path: randrw with verify_pattern: writes after reads still hold the pattern" \
		test "$rc:$(json "$TMP/mix-$path.json" '(lambda j: j["kiogen"]["verify"]["checked"] == j["write"]["total_ios"] > 0 and j["kiogen"]["verify"]["mismatches"])(j["jobs"][0])')" = "0:0"
done

# a job refused for its verify settings after its device was claimed lets go of it
excl_open() {
	python3 -c 'import os, sys; os.close(os.open(sys.argv[1], os.O_RDWR | os.O_EXCL))' "$1"
}
line=$(knl new engine=bio name=v rw=write mode=sync bs=4096 verify=3 --fd /dev/ram0)
check "kernel: verify=pattern without verify_pattern is refused" \
	grep -q "errno=EINVAL .*msg=job verify: pattern needs a verify_pattern" <<<"$line"
check "... and the device's claim is released (it opens exclusively)" excl_open /dev/ram0

# reading back needs a fd open for reading
line=$(knl new engine=bio name=v rw=write mode=sync bs=4096 verify=2 --fd /dev/ram0:wronly)
check "kernel: verify on a write-only fd is refused, naming the fd" \
	grep -q "errno=EBADF .*msg=job fd: not open for reading, and verify reads back" <<<"$line"
check "... and the device's claim is released" excl_open /dev/ram0

# the metadata engines write no blocks to check
mkdir -p "$TMP/meta"
"$KIOGEN" run --name=m --ioengine=filecreate --directory="$TMP/meta" --nrfiles=4 \
	--verify=crc32c >"$TMP/metav.out" 2>&1
check "CLI: verify with ioengine=filecreate exits 2, saying why" \
	test "$?:$(grep -c 'verify: ioengine=filecreate makes and removes files' "$TMP/metav.out")" = 2:1
line=$(knl new engine=filecreate name=m rw=write mode=sync bs=4096 verify=2 --fd "$TMP/meta:rdonly")
check "kernel: verify with filecreate refused by extack on verify" \
	grep -q "errno=EINVAL .*msg=job verify: the metadata engines write no blocks to check" <<<"$line"
# md5 of large blocks: summed a step at a time, with the scheduler looked at
# in between (the kernel log must stay clean of stalls, on the debug leg too)
for path in kernel syscall; do
	vrun "$TMP/big-$path.json" $path --name=v --filename=/dev/ram0 --size=32m --bs=16m \
		--rw=write --ioengine=psync --verify=md5 --direct=1
	check "$path: md5 over 16 MiB blocks passes" \
		test "$rc:$(verify_of "$TMP/big-$path.json" '(v["checked"], v["mismatches"])')" = "0:(2, 0)"
done

# --- the null engine: as fio's, each write gets its header and checksum, and
# nothing is read back (a job that only writes, time_based or do_verify=0)
nullmix=(--name=n --ioengine=null --size=16g --rw=randwrite --bssplit=4k/50:16k/30:64k/20
	 --random_distribution=zipf:1.2 --time_based --runtime=2)
# CPU ns per I/O of a run, and its worker's memory (the syscall path's: what it allocated)
cost_of() {
	json "$1" '(lambda j: "%d %d" % ((j["usr_cpu"] + j["sys_cpu"]) * j["write"]["runtime"] * 1e4 / max(j["write"]["total_ios"], 1), j["kiogen"]["mem_bytes"]))(j["jobs"][0])'
}
for path in kernel syscall; do
	vrun "$TMP/null-$path.json" $path "${nullmix[@]}"
	vrun "$TMP/nullv-$path.json" $path "${nullmix[@]}" --verify=crc32c
	check "$path: null engine, bssplit randwrite, verify=crc32c, time_based: exit 0, writes counted, nothing read back" \
		test "$rc:$(json "$TMP/nullv-$path.json" '(lambda j, v: (j["write"]["total_ios"] > 0, j["read"]["total_ios"], v["checked"], v["mismatches"]))(j["jobs"][0], j["jobs"][0]["kiogen"]["verify"])')" = "0:(True, 0, 0, 0)"
	read -r plain_ns plain_mem <<<"$(cost_of "$TMP/null-$path.json")"
	read -r vfy_ns vfy_mem <<<"$(cost_of "$TMP/nullv-$path.json")"
	echo "# $path: null mix $plain_ns CPU ns/IO, $plain_mem bytes; with verify=crc32c $vfy_ns ns/IO, $vfy_mem bytes"
	# the kernel reports what a worker holds after its run: its buffers are freed by then
	if [ $path = syscall ]; then
		check "$path: ... the writes got buffers (at least one 64k block more memory)" \
			test "$vfy_mem" -ge $((plain_mem + 65536))
	fi
	check "$path: ... and were summed: CPU per I/O at least 3 times the plain null job's" \
		test "$vfy_ns" -ge $((3 * plain_ns))
done
# what cannot be read back is refused: in words, exit 2, by the CLI; by extack in the kernel
for bad in "--rw=randrw --time_based|rw: the null engine keeps no data: its reads have nothing to check" \
	   "--rw=randwrite|do_verify: the null engine keeps nothing to read back: 0, or time_based" \
	   "--rw=write --verify_only=1|verify_only: the null engine keeps no data to read back" \
	   "--rw=write --time_based --verify_backlog=8|verify_backlog: the null engine keeps no data to read back"; do
	# shellcheck disable=SC2086	# the options split on purpose
	"$KIOGEN" run --name=n --ioengine=null --size=16m --runtime=1 --verify=crc32c ${bad%%|*} \
		>"$TMP/nullbad.out" 2>&1
	check "CLI: null engine, verify, ${bad%%|*}: exits 2 saying why" \
		test "$?:$(grep -c "${bad#*|}" "$TMP/nullbad.out")" = 2:1
done
for bad in "rw=randrw time_based=1 runtime_ns=1000000000|rw: the null engine keeps no data" \
	   "rw=randwrite|do_verify: the null engine keeps nothing to read back" \
	   "rw=randwrite do_verify=1 runtime_ns=1000000000|do_verify: the null engine keeps nothing" \
	   "rw=write verify_only=1|verify_only: the null engine keeps no data" \
	   "rw=write time_based=1 runtime_ns=1000000000 verify_backlog=8|verify_backlog: the null engine"; do
	# shellcheck disable=SC2086
	line=$(knl new engine=null name=n mode=sync bs=4096 size=16777216 verify=2 ${bad%%|*})
	check "kernel: null engine, verify, ${bad%%|*}: refused by extack" \
		grep -q "errno=EINVAL .*msg=${bad#*|}" <<<"$line"
done

# The record of mixed-size writes of a sparse file of EiBs: 2^56 bytes a
# worker at 512 bytes a unit, times numjobs=256 is 2^64, which wrapped the
# reservation to 0 and sent 2^56 to kvmalloc (a WARN); near 2^63 the unit
# count itself wrapped. Refused in words, and no warning in the log.
mark=$(dmesg_mark)
huge=$TMP/huge		# tmpfs: a sparse file of any size up to 2^63 - 1
for sz in 4E $(((1 << 62) - 1 + (1 << 62))); do
	truncate -s "$sz" "$huge" || { check_skip "a sparse file of $sz" "truncate refused it"; continue; }
	for n in 1 256; do
		line=$(knl new --fd "$huge:rdwr" engine=kiocb name=v rw=write bs=512 \
			bs_write_max=4096 verify=2 number_ios=16 numjobs=$n)
		check "kernel: a $sz sparse file, mixed writes, numjobs=$n: verify's record refused in words" \
			grep -q "errno=ENOMEM .*msg=job verify: the record of mixed-size writes" <<<"$line"
	done
	rm -f "$huge"
done
# with a max_mem_mb over 2 GiB, one record over INT_MAX: refused, not sent to kvmalloc
old_mem=$(cat /sys/module/kiogen/parameters/max_mem_mb)
echo $((1 << 20)) > /sys/module/kiogen/parameters/max_mem_mb
truncate -s 192G "$huge"
line=$(knl new --fd "$huge:rdwr" engine=kiocb name=v rw=write bs=512 bs_write_max=4096 \
	verify=2 number_ios=16)
echo "$old_mem" > /sys/module/kiogen/parameters/max_mem_mb
rm -f "$huge"
check "kernel: max_mem_mb=1 TiB, a 3 GiB record: refused as one allocation over 2 GiB" \
	grep -q "errno=ENOMEM .*msg=job verify: .* would be one allocation over 2 GiB" <<<"$line"
# max_mem_mb is an unsigned long of MiB: 2^44 MiB and up do not fit a u64 in
# bytes (shifted, 2^44 wrapped to 0: every run refused for its buffers), and
# the parameter refuses them (test_module_load). The largest it takes works as
# no limit, and a record over INT_MAX is still refused.
echo $(((1 << 44) - 1)) > /sys/module/kiogen/parameters/max_mem_mb
small=$("$KIOGEN" run --name=m --ioengine=null --size=1m 2>&1)
info=$("$KIOGEN" info)
truncate -s 4E "$huge"
line=$(knl new --fd "$huge:rdwr" engine=kiocb name=v rw=write bs=512 bs_write_max=4096 \
	verify=2 number_ios=16 numjobs=256)
rm -f "$huge"
echo "$old_mem" > /sys/module/kiogen/parameters/max_mem_mb
echo "# max_mem_mb=2^44-1: $(grep -m1 'max memory' <<<"$info")"
check "kernel: max_mem_mb=2^44-1 MiB: a 1m null run is not refused" \
	grep -q 'read: IOPS=' <<<"$small"
check "... kiogen info shows the limit (2^44 MiB less a MiB, not 0)" \
	grep -q "max memory: *$(((1 << 44) - 1)) MiB" <<<"$info"
check "... a record of 2^56 bytes x 256 is still refused in words" \
	grep -q "errno=ENOMEM .*msg=job verify: .* would be one allocation over 2 GiB" <<<"$line"
check "... and no memory is left counted" \
	bash -c "'$KIOGEN' info | grep -q 'memory in use:  0 KiB'"
no_splat() { ! splat_since "$1"; }
check "... and no kernel warning" no_splat "$mark"

finish
