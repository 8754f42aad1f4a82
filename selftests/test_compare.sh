#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kiogen compare and the syscall path: for the same seed both paths issue the
# identical stream of offsets, sizes and directions (every rw mode, with a
# read mix) under the same error policy, compare runs on null_blk and on a file on XFS with consistent
# JSON, and options one path cannot honour are clear errors.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3 to read JSON"

nullb_create kcmp0 size=256 irqmode=0 || skip "cannot create a null_blk device"
trap 'umount "$TMP/xfs" 2>/dev/null; rmmod brd 2>/dev/null; dmsetup remove kcmperr 2>/dev/null;
	nullb_remove kcmp1 2>/dev/null; nullb_remove kcmp2 2>/dev/null; nullb_remove kcmp0' EXIT

# the same stream on both paths, per worker, in every mode
for rw in read write randread randwrite rw randrw; do
	f=$TMP/stream-$rw.json
	cmpj "$f" --name=s --filename=/dev/kcmp0 --rw=$rw --rwmixread=90 --bs=4k \
		--number_ios=3000 --numjobs=2 --ioengine=io_uring --iodepth=4 --randseed=42
	check "$rw: both paths issued the identical stream (digest)" \
		test "$(json "$f" 'j["compare"]["identical_stream"]')" = True
	check "$rw: both issued 2 x 3000" \
		test "$(json "$f" '[j["compare"][p]["runs"][0]["issued"] for p in ("kernel", "syscall")]')" = "[6000, 6000]"
done
cmpj "$TMP/seed.json" --name=s --filename=/dev/kcmp0 --rw=randread --bs=4k \
	--number_ios=1000 --randseed=7
cmpj "$TMP/seed2.json" --name=s --filename=/dev/kcmp0 --rw=randread --bs=4k \
	--number_ios=1000 --randseed=8
check "a different seed gives a different stream" \
	test "$(json "$TMP/seed.json" 'j["compare"]["kernel"]["runs"][0]["digest"]')" != \
	     "$(json "$TMP/seed2.json" 'j["compare"]["kernel"]["runs"][0]["digest"]')"
# workload options reach both paths: percentage_random is in the stream
cmpj "$TMP/prand.json" --name=s --filename=/dev/kcmp0 --rw=randread --bs=4k \
	--number_ios=1000 --randseed=7 --percentage_random=50
check "percentage_random=50: identical stream on both paths" \
	test "$(json "$TMP/prand.json" 'j["compare"]["identical_stream"]')" = True
check "percentage_random=50: not the stream of 100 (same seed)" \
	test "$(json "$TMP/prand.json" 'j["compare"]["kernel"]["runs"][0]["digest"]')" != \
	     "$(json "$TMP/seed.json" 'j["compare"]["kernel"]["runs"][0]["digest"]')"

# random_distribution: the kernel's fixed-point draws are the syscall path's
# (on a file: writes to a block device race its release by the kernel run)
cmpj "$TMP/uni.json" --name=s --filename="$TMP/dist.dat" --size=16m --rw=randrw \
	--bs=4k --number_ios=2000 --numjobs=2 --randseed=7 --norandommap
for dist in zipf:1.2 zipf:0.8 pareto:0.3 normal:10 zoned:60/10:30/20:10/70 \
	    zoned_abs:60/1m:40/8m,100/4m; do
	f=$TMP/dist-${dist%%:*}-$(printf '%s' "$dist" | cksum | cut -d' ' -f1).json
	cmpj "$f" --name=s --filename="$TMP/dist.dat" --size=16m --rw=randrw --bs=4k \
		--number_ios=2000 --numjobs=2 --randseed=7 --random_distribution=$dist
	check "$dist: identical stream on both paths" \
		test "$(json "$f" 'j["compare"]["identical_stream"]')" = True
	check "$dist: not the uniform stream (same seed)" \
		test "$(json "$f" 'j["compare"]["kernel"]["runs"][0]["digest"]')" != \
		     "$(json "$TMP/uni.json" 'j["compare"]["kernel"]["runs"][0]["digest"]')"
done
# (the region is the whole device: only the kernel knows its size)
"$KIOGEN" run --name=z --filename=/dev/kcmp0 --rw=randread --number_ios=10 \
	--random_distribution=zoned_abs:50/200m:50/100m > "$TMP/zabs.out" 2>&1
rc=$?
echo "# $(cat "$TMP/zabs.out")"
check "zoned_abs past the region: the kernel refuses it in words" \
	test $rc -ne 0 -a -n "$(grep "zoned_abs zones end past the region" "$TMP/zabs.out")"

# thinktime and startdelay on both paths: the same stream, and the pauses
cmpj "$TMP/think.json" --name=s --filename=/dev/kcmp0 --rw=randread --bs=4k \
	--number_ios=200 --randseed=7 --ioengine=io_uring --iodepth=4 \
	--thinktime=5ms --thinktime_blocks=20 --startdelay=100ms
check "thinktime: identical stream on both paths" \
	test "$(json "$TMP/think.json" 'j["compare"]["identical_stream"]')" = True
check "thinktime: both paths paused 9 x 5 ms in 200 I/Os (under 4,445 IOPS)" \
	test "$(json "$TMP/think.json" 'all(j["compare"][p]["runs"][0]["iops"] < 4445 for p in ("kernel", "syscall"))')" = True

# thinktime_spin, thinktime_iotime, rate_ignore_thinktime and max_latency,
# on both paths: the same loop (include/kiogen/loop.h) decides them
cmpj "$TMP/spin.json" --name=s --filename=/dev/kcmp0 --rw=randread --bs=4k \
	--number_ios=50 --randseed=7 --thinktime=50ms --thinktime_spin=50ms --thinktime_blocks=10
check "thinktime_spin: identical stream on both paths" \
	test "$(json "$TMP/spin.json" 'j["compare"]["identical_stream"]')" = True
check "a null_blk device with 2 ms completions" \
	nullb_create kcmp2 size=64 irqmode=2 completion_nsec=2000000
pj() {	# pj NAME OPTIONS...: a run of path $p, its JSON in $TMP/NAME-$p.json
	local name=$1
	shift
	"$KIOGEN" run --path="$p" --name=s --rw=randread --bs=4k --output-format=json "$@" \
		> "$TMP/$name-$p.json" 2>"$TMP/$name-$p.err"
	echo "rc=$?" > "$TMP/$name-$p.rc"
}
for p in kernel syscall; do
	pj spin --filename=/dev/kcmp0 --number_ios=50 --thinktime=50ms --thinktime_spin=50ms \
		--thinktime_blocks=10
	check "$p path, thinktime_spin: 4 thinks of 50 ms spun, a quarter of the run's time or more on the CPU" \
		test "$(json "$TMP/spin-$p.json" 'j["jobs"][0]["usr_cpu"] + j["jobs"][0]["sys_cpu"] >= 25')" = True ||
		echo "# $(json "$TMP/spin-$p.json" '[j["jobs"][0][k] for k in ("usr_cpu", "sys_cpu", "job_runtime")]')"
	pj iotime --filename=/dev/kcmp0 --number_ios=50 --thinktime=100ms --thinktime_iotime=10s
	check "$p path, thinktime_iotime=10s alone: no think in 50 I/Os (not one after each)" \
		test "$(json "$TMP/iotime-$p.json" 'j["jobs"][0]["job_runtime"] < 2000')" = True
	# 30 I/Os at 100 a second, a think of 100 ms after every 10: moved by
	# the thinks, 490 ms or more; caught up after each, an I/O 100 ms late
	pj ignore --filename=/dev/kcmp0 --number_ios=30 --rate_iops=100 --thinktime=100ms \
		--thinktime_blocks=10 --rate_ignore_thinktime
	pj catchup --filename=/dev/kcmp0 --number_ios=30 --rate_iops=100 --thinktime=100ms \
		--thinktime_blocks=10
	check "$p path, rate_ignore_thinktime: the schedule moved by the thinks (490 ms or more)" \
		test "$(json "$TMP/ignore-$p.json" 'j["jobs"][0]["job_runtime"] >= 480')" = True
	check "$p path, without it the I/Os the thinks held back are caught up (one 90 ms late or more)" \
		test "$(json "$TMP/catchup-$p.json" 'j["jobs"][0]["read"]["sched_lat_ns"]["max"] >= 90000000')" = True
	pj maxlat --filename=/dev/kcmp2 --number_ios=20 --max_latency=500
	check "$p path, max_latency=500us on 2 ms completions: exit 1, err 110, the first read counted" \
		test "$(cat "$TMP/maxlat-$p.rc") $(json "$TMP/maxlat-$p.json" '[j["jobs"][0]["error"], j["jobs"][0]["read"]["total_ios"]]')" = "rc=1 [110, 1]"
	check "$p path, max_latency: said as fio says it" \
		grep -q "nsec of a read exceeds specified max (500000 nsec)" "$TMP/maxlat-$p.err"
	pj maxlat-ok --filename=/dev/kcmp2 --number_ios=20 --max_latency=,500
	check "$p path, max_latency=,500: the writes' only, reads go on" \
		test "$(cat "$TMP/maxlat-ok-$p.rc") $(json "$TMP/maxlat-ok-$p.json" 'j["jobs"][0]["read"]["total_ios"]')" = "rc=0 20"
	# a job that ends (exitall) or fails (exitall_on_error) beside one of 4 s
	long=(--name=long --filename=/dev/kcmp0 --time_based --runtime=4s)
	pj exitall --filename=/dev/kcmp0 --number_ios=10 --exitall "${long[@]}"
	pj exiterr --filename=/dev/kcmp2 --number_ios=20 --max_latency=500 --exitall_on_error \
		"${long[@]}"
	pj noexit --filename=/dev/kcmp2 --number_ios=20 --max_latency=500 "${long[@]}"
	check "$p path, exitall: the 4 s job stopped when the short one ended (under 2 s)" \
		test "$(cat "$TMP/exitall-$p.rc") $(json "$TMP/exitall-$p.json" 'j["jobs"][1]["job_runtime"] < 2000')" = "rc=0 True"
	check "$p path, exitall_on_error: the 4 s job stopped when the other failed (under 2 s)" \
		test "$(cat "$TMP/exiterr-$p.rc") $(json "$TMP/exiterr-$p.json" '[j["jobs"][0]["error"], j["jobs"][1]["job_runtime"] < 2000]')" = "rc=1 [110, True]"
	check "$p path, without it the 4 s job ran its course beside the failed one" \
		test "$(cat "$TMP/noexit-$p.rc") $(json "$TMP/noexit-$p.json" '[j["jobs"][0]["error"], j["jobs"][1]["job_runtime"] >= 4000]')" = "rc=1 [110, True]"
done
nullb_remove kcmp2

# one error and stop policy on both paths (include/kiogen/core.h): the first
# 1 MiB of a device fails; continue_on_error=io counts 256 errors and reads
# 256 blocks on both, none stops both at the first error
if command -v dmsetup >/dev/null && modprobe dm-mod >/dev/null 2>&1 &&
   nullb_create kcmp1 size=64 &&
   printf '0 2048 error\n2048 129024 linear /dev/kcmp1 2048\n' | dmsetup create kcmperr; then
	dmsetup mknodes kcmperr >/dev/null 2>&1
	for p in kernel syscall; do
		for coe in io none; do
			"$KIOGEN" run --path=$p --name=e --filename=/dev/mapper/kcmperr --rw=read \
				--bs=4k --size=2m --direct=1 --continue_on_error=$coe --output-format=json \
				> "$TMP/coe-$p-$coe.json" 2>/dev/null
			echo "rc=$?" >> "$TMP/coe-$p-$coe.rc"
		done
		check "$p path, continue_on_error=io: exit 0, 256 errors, 256 reads, errno 5" \
			test "$(cat "$TMP/coe-$p-io.rc") $(json "$TMP/coe-$p-io.json" \
			'[j["jobs"][0]["kiogen"]["errors"], j["jobs"][0]["read"]["total_ios"], j["jobs"][0]["error"]]')" = "rc=0 [256, 256, 5]"
		check "$p path, continue_on_error=none: exit 1 at the first error" \
			test "$(cat "$TMP/coe-$p-none.rc") $(json "$TMP/coe-$p-none.json" \
			'[j["jobs"][0]["kiogen"]["errors"], j["jobs"][0]["read"]["total_ios"]]')" = "rc=1 [1, 0]"
		# fio's ignore_error: a read list with EIO survives it (and sets the
		# read bit), one without it does not, even with continue_on_error=read
		for ie in EIO ENOSPC:122; do
			"$KIOGEN" run --path=$p --name=e --filename=/dev/mapper/kcmperr --rw=read \
				--bs=4k --size=2m --direct=1 --continue_on_error=none \
				--ignore_error=$ie,EIO --output-format=json \
				> "$TMP/ie-$p-$ie.json" 2>/dev/null
			echo "rc=$?" > "$TMP/ie-$p-$ie.rc"
		done
		"$KIOGEN" run --path=$p --name=e --filename=/dev/mapper/kcmperr --rw=read \
			--bs=4k --size=2m --direct=1 --continue_on_error=read --ignore_error=ENOSPC \
			--output-format=json > "$TMP/ie-$p-noeio.json" 2>/dev/null
		echo "rc=$?" > "$TMP/ie-$p-noeio.rc"
		check "$p path, continue_on_error=none, then ignore_error=EIO,EIO: exit 0, 256 errors" \
			test "$(cat "$TMP/ie-$p-EIO.rc") $(json "$TMP/ie-$p-EIO.json" \
			'j["jobs"][0]["kiogen"]["errors"]')" = "rc=0 256"
		check "$p path, ignore_error=ENOSPC:122,EIO: a read's EIO stops it" \
			test "$(cat "$TMP/ie-$p-ENOSPC:122.rc") $(json "$TMP/ie-$p-ENOSPC:122.json" \
			'j["jobs"][0]["kiogen"]["errors"]')" = "rc=1 1"
		check "$p path, continue_on_error=read, ignore_error=ENOSPC: EIO no longer survived" \
			test "$(cat "$TMP/ie-$p-noeio.rc") $(json "$TMP/ie-$p-noeio.json" \
			'j["jobs"][0]["kiogen"]["errors"]')" = "rc=1 1"
	done
	line=$(knl new engine=null name=i rw=read bs=4096 size=1048576 number_ios=10 \
		"ignore_error=hex:$(printf '%0112d' 0)")
	check "kernel: an ignore-error of 7 words is refused, naming it" \
		grep -q "errno=EINVAL .*msg=job ignore-error: at most 6 u64s" <<<"$line" ||
		echo "# $line"
	check "the policy is in the digest: io and none differ, each equal on both paths" \
		test "$(json "$TMP/coe-kernel-io.json" 'j["jobs"][0]["kiogen"]["digest"]') $(json "$TMP/coe-kernel-none.json" 'j["jobs"][0]["kiogen"]["digest"]')" = \
		     "$(json "$TMP/coe-syscall-io.json" 'j["jobs"][0]["kiogen"]["digest"]') $(json "$TMP/coe-syscall-none.json" 'j["jobs"][0]["kiogen"]["digest"]')"
	dmsetup remove kcmperr
	nullb_remove kcmp1
else
	echo "# no device-mapper error target: the error policy is not compared"
fi
for coe in none all; do
	"$KIOGEN" run --name=g --ioengine=null --size=1m --number_ios=100 \
		--continue_on_error=$coe --output-format=json > "$TMP/coe-null-$coe.json" 2>/dev/null
done
check "the same stream under another continue_on_error has another digest" \
	test "$(json "$TMP/coe-null-none.json" 'j["jobs"][0]["kiogen"]["digest"]')" != \
	     "$(json "$TMP/coe-null-all.json" 'j["jobs"][0]["kiogen"]["digest"]')"

# the syscall path alone reports like the kernel path
"$KIOGEN" run --path=syscall --name=p --filename=/dev/kcmp0 --rw=randread --bs=4k \
	--number_ios=2000 --ioengine=io_uring --iodepth=8 --output-format=json \
	> "$TMP/sys.json" 2>/dev/null
check "run --path=syscall: fio JSON with exact counts" \
	test "$(json "$TMP/sys.json" 'j["jobs"][0]["read"]["total_ios"]')" = 2000

# fio's three latencies from both paths: slat only when asynchronous, and
# lat = slat + clat, so clat <= lat and mean slat + mean clat = mean lat
lat_kinds() {	# lat_kinds FILE 0|1: slat expected or not
	python3 - "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["jobs"][0]["read"]
s, c, l = r["slat_ns"], r["clat_ns"], r["lat_ns"]
want = r["total_ios"] if sys.argv[2] == "1" else 0
ok = (s["N"] == want and c["N"] == l["N"] == r["total_ios"] and c["min"] <= l["min"]
      and c["mean"] <= l["mean"] and abs(s["mean"] + c["mean"] - l["mean"]) <= 0.01 * l["mean"] + 1
      and "percentile" in c and "percentile" not in l)
if not ok:
    print("# slat", s, "\n# clat", {k: v for k, v in c.items() if k != "percentile"}, "\n# lat", l)
sys.exit(not ok)
PY
}
check "syscall path, io_uring: slat, clat and lat as fio's" lat_kinds "$TMP/sys.json" 1
"$KIOGEN" run --name=k --filename=/dev/kcmp0 --rw=randread --bs=4k --number_ios=2000 \
	--ioengine=io_uring --iodepth=8 --iodepth_batch_submit=4 --output-format=json \
	> "$TMP/kern.json" 2>/dev/null
check "kernel path, io_uring: slat, clat and lat as fio's" lat_kinds "$TMP/kern.json" 1
check "kernel path, batches of 4: submit counted in 1-4" \
	test "$(json "$TMP/kern.json" 'j["jobs"][0]["iodepth_submit"]["4"] > 99')" = True
for p in kernel syscall; do
	"$KIOGEN" run --path=$p --name=k --filename=/dev/kcmp0 --rw=randread --bs=4k \
		--number_ios=500 --ioengine=psync --output-format=json > "$TMP/$p-psync.json" 2>/dev/null
	check "$p path, psync: no slat, clat = lat" lat_kinds "$TMP/$p-psync.json" 0
done

# one clock point on both paths (fio's start): an I/O's clock starts once it
# was picked and its buffer stamped and summed. 1 MiB writes with
# verify=crc32c spend nearly all their time in the checksum and none in a
# null submit: on both paths the mean lat is under a tenth of the time per I/O
cmpj "$TMP/clock.json" --name=v --ioengine=null --size=1g --bs=1m --rw=write \
	--number_ios=200 --verify=crc32c --do_verify=0
check "verify=crc32c: the checksum is in neither path's lat (one clock point)" \
	python3 -c "
import json, sys
c = json.load(open('$TMP/clock.json'))['compare']
bad = 0
for p in ('kernel', 'syscall'):
    r = c[p]['runs'][0]
    per_io = 1e6 / r['iops']
    print('# %s: mean lat %.2f us of %.1f us per I/O' % (p, r['lat_mean_us'], per_io))
    bad |= r['lat_mean_us'] > per_io / 10
sys.exit(bad)"

# compare on null_blk, repeated, JSON consistent
cmpj "$TMP/nb.json" --name=c --filename=/dev/kcmp0 --rw=randread --bs=4k \
	--number_ios=5000 --repeat=2
check "null_blk: two runs per path" \
	test "$(json "$TMP/nb.json" '[len(j["compare"][p]["runs"]) for p in ("kernel", "syscall")]')" = "[2, 2]"
check "null_blk: the mean is the mean of the runs" \
	python3 -c "
import json, sys
c = json.load(open('$TMP/nb.json'))['compare']['kernel']
m = sum(r['iops'] for r in c['runs']) / len(c['runs'])
sys.exit(abs(m - c['mean']['iops']) > 0.01 * m)"
check "null_blk: every metric has a difference and a ratio" \
	test "$(json "$TMP/nb.json" 'sorted(j["compare"]["difference"]) == sorted(j["compare"]["kernel_advantage"]) and len(j["compare"]["difference"]) == 10')" = True

# compare on a file on XFS
if command -v mkfs.xfs >/dev/null && modprobe brd rd_nr=1 rd_size=524288 &&
   modprobe xfs && mkfs.xfs -q -f /dev/ram0 && mkdir -p "$TMP/xfs" &&
   mount /dev/ram0 "$TMP/xfs"; then
	"$KIOGEN" run --name=l --filename="$TMP/xfs/f" --size=64m --number_ios=1 >/dev/null 2>&1
	cmpj "$TMP/xfs.json" --name=x --filename="$TMP/xfs/f" --size=64m --rw=randread \
		--bs=16k --direct=1 --number_ios=3000
	check "XFS O_DIRECT file: identical stream on both paths" \
		test "$(json "$TMP/xfs.json" 'j["compare"]["identical_stream"]')" = True
	check "XFS O_DIRECT file: the pair is kiocb vs psync" \
		bash -c "grep -q 'kernel: kiocb engine, synchronous, O_DIRECT  vs  syscall: psync' '$TMP/xfs.json'"
	umount "$TMP/xfs"
else
	echo "# no XFS on brd: file compare not run"
fi

# what one path cannot do
refused() {	# refused PATTERN OPTIONS...: exit 2 with PATTERN said
	local pat=$1 out
	shift
	out=$("$KIOGEN" compare --name=bad --filename=/dev/kcmp0 "$@" 2>&1)
	[ $? -eq 2 ] && grep -qE -- "$pat" <<<"$out" && return 0
	echo "# said: $out"
	return 1
}
for eng in libaio posixaio; do
	cmpj "$TMP/$eng.json" --name=a --filename=/dev/kcmp0 --rw=randread --bs=4k \
		--ioengine=$eng --iodepth=8 --direct=1 --number_ios=2000
	check "ioengine=$eng: identical stream on both paths (kiocb async against $eng)" \
		test "$(json "$TMP/$eng.json" 'j["compare"]["identical_stream"]')" = True
done
check "--path is refused (compare runs both)" refused "runs both paths" --path=kernel
check "--repeat=0 is refused" refused "repeat: '0'" --repeat=0
check "io_uring options on psync are refused" \
	bash -c "'$KIOGEN' run --path=syscall --name=x --filename=/dev/kcmp0 --fixedbufs --number_ios=10 >/dev/null 2>&1; [ \$? -eq 2 ]"
check "no runs left behind" bash -c "'$KIOGEN' list | grep -q '^no runs$'"
finish
