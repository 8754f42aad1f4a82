#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Rate limits (include/kiogen/rate.h) on both paths: rate_iops=500 and
# rate=2m hold within 1% over 10 s on the null engine (the run's own count
# over its own runtime; 10 s worth of I/Os rather than time_based, so that
# the guest's vCPU stalling for a few hundred ms under a loaded host, which
# the schedule catches up on, cannot cut the run's last moments short);
# poisson holds its mean; rate_min above what a slow
# null_blk (irqmode=2, 10 ms a completion) does fails the job with EIO after
# fio's 2 s settling, as fio does; behind a device slower than the rate,
# sched lat (from each I/O's due time) grows far past clat, and it is never
# below lat; trims are paced by the third value, trimwrite's as fio's;
# compare replays a rate-limited stream identically.

. "$(dirname "$0")/lib.sh"

need_root
load_module || skip "cannot load kiogen"

# runj OUT.json OPTIONS...: kiogen run, fio's JSON
runj() {
	local out=$1
	shift
	"$KIOGEN" run --output-format=json "$@" > "$out" 2>"$out.err" && return 0
	echo "# kiogen run $* failed: $(cat "$out.err")"
	return 1
}

# within FILE EXPR WANT PCT: EXPR of the JSON within PCT percent of WANT
within() {
	local got
	got=$(json "$1" "$2") || return 1
	echo "# $2 = $got (want $3 +- $4%)"
	python3 -c "import sys; g, w, p = map(float, sys.argv[1:]); sys.exit(abs(g - w) > w * p / 100)" \
		"$got" "$3" "$4"
}

R='j["jobs"][0]["read"]'
W='j["jobs"][0]["write"]'

for p in kernel syscall; do
	runj "$TMP/iops-$p.json" --path=$p --name=r --ioengine=null --size=1g --rw=randread \
		--rate_iops=500 --number_ios=5000
	check "$p: rate_iops=500 holds within 1% over 10 s (ios / runtime)" \
		within "$TMP/iops-$p.json" "$R[\"total_ios\"] * 1000 / $R[\"runtime\"]" 500 1
	runj "$TMP/bw-$p.json" --path=$p --name=w --ioengine=null --size=1g --rw=write \
		--bs=16k --rate=2m --number_ios=1280
	check "$p: rate=2m holds within 1% over 10 s (bytes / runtime)" \
		within "$TMP/bw-$p.json" "$W[\"io_bytes\"] * 1000 / $W[\"runtime\"]" 2097152 1
	check "$p: sched lat reported for the paced direction, never below lat" \
		test "$(json "$TMP/bw-$p.json" "$W['sched_lat_ns']['N'] > 0 and $W['sched_lat_ns']['mean'] >= $W['lat_ns']['mean'] and 'sched_lat_ns' not in $R")" = True
done

runj "$TMP/poisson.json" --name=p --ioengine=null --size=1g --rw=randread \
	--rate_iops=500 --rate_process=poisson --number_ios=5000
# 5,000 arrivals of a Poisson process: a standard deviation of 1.4%
check "kernel: rate_process=poisson holds its mean within 5% over 10 s" \
	within "$TMP/poisson.json" "$R[\"total_ios\"] * 1000 / $R[\"runtime\"]" 500 5

# null_blk completing each I/O 10 ms later: at most 100 IOPS (400 KiB/s) at depth 1
if nullb_create krate0 size=256 irqmode=2 completion_nsec=10000000; then
	for p in kernel syscall; do
		SECONDS_START=$SECONDS
		"$KIOGEN" run --path=$p --name=slow --filename=/dev/krate0 --rw=randread \
			--direct=1 --rate_min=1m --runtime=20 --time_based > "$TMP/min-$p.out" 2>&1
		rc=$?
		took=$((SECONDS - SECONDS_START))
		echo "# $p: rate_min=1m on a 400 KiB/s device: exit $rc after ${took}s: $(grep -m1 'err=' "$TMP/min-$p.out")"
		check "$p: rate_min above the device's rate fails the job (exit 1, err=5 EIO) after the 2 s settling" \
			test "$rc" -eq 1 -a "$took" -lt 15 -a -n "$(grep -E 'err= ?5' "$TMP/min-$p.out")"
		check "$p: the failed minimum is said in words" \
			grep -q "kiogen slow: worker 0: rate_min=1048576B/s of reads not met" "$TMP/min-$p.out"
		# a tenth of the device: a loaded host stalls the syscall path for some 100 ms
		"$KIOGEN" run --path=$p --name=slow --filename=/dev/krate0 --rw=randread \
			--direct=1 --rate_min=40k --runtime=4 --time_based > "$TMP/min-ok-$p.out" 2>&1
		check "$p: rate_min below the device's rate passes" test $? -eq 0

		# the rate asks for 1,000 IOPS of a device that does 100: the
		# backlog grows, and only sched lat shows it
		runj "$TMP/behind-$p.json" --path=$p --name=b --filename=/dev/krate0 \
			--rw=randread --direct=1 --rate_iops=1000 --runtime=5 --time_based
		echo "# $p: clat mean $(json "$TMP/behind-$p.json" "$R['clat_ns']['mean']") ns, sched lat mean $(json "$TMP/behind-$p.json" "$R['sched_lat_ns']['mean']") ns"
		check "$p: behind a slower device, sched lat >= 10 x clat (coordinated omission shown)" \
			test "$(json "$TMP/behind-$p.json" "$R['sched_lat_ns']['mean'] >= 10 * $R['clat_ns']['mean'] and $R['sched_lat_ns']['min'] >= $R['clat_ns']['min']")" = True
	done
	"$KIOGEN" run --name=b --filename=/dev/krate0 --rw=randread --direct=1 \
		--rate_iops=1000 --runtime=3 --time_based > "$TMP/behind.txt" 2>&1
	check "text report: a 'sched lat' line, and a line saying which latency is which" \
		test -n "$(grep -E '^    sched lat \((usec|msec)\): min=' "$TMP/behind.txt")" -a \
		-n "$(grep '^kiogen sched lat: from when the rate had each I/O due' "$TMP/behind.txt")"
	nullb_remove krate0
else
	echo "# no null_blk: rate_min and sched lat against a slow device not tested"
	check "null_blk for the slow device" false
fi

# Trims' rates, the third value (issue 15): on a null_blk that discards,
# rate_iops=,,N holds randtrim's trims to N a second on both paths;
# trimwrite follows fio: each trim waits for the writes' schedule, so
# rate_iops=,W,5W gives W trims and W writes a second, as fio 3.33 itself on
# the same device (within 5%: a stall of the loaded host's vCPU near the end
# of a short run lengthens its runtime); rate_iops_min=,,N is held. The
# syscall path's BLKDISCARD takes some 4 ms in the TCG guest (it also drops
# the device's page cache), 250 a second at most: it is held to 100 trims
# and 50 pairs a second.
T='j["jobs"][0]["trim"]'
if nullb_create kratd size=64 memory_backed=1 discard=1 irqmode=1 &&
	[ "$(cat /sys/block/kratd/queue/discard_max_bytes)" != 0 ]; then
	for p in kernel syscall; do
		if [ $p = kernel ]; then tr=500 tw=100; else tr=100 tw=50; fi
		runj "$TMP/trim-$p.json" --path=$p --name=t --filename=/dev/kratd --rw=randtrim \
			--rate_iops=,,$tr --number_ios=$((5 * tr))
		check "$p: randtrim rate_iops=,,$tr holds within 2% over 5 s (trims / runtime)" \
			within "$TMP/trim-$p.json" "$T[\"total_ios\"] * 1000 / $T[\"runtime\"]" $tr 2
		check "$p: sched lat reported for the paced trims" \
			test "$(json "$TMP/trim-$p.json" "$T['sched_lat_ns']['N'] == 5 * $tr")" = True
		runj "$TMP/tw-$p.json" --path=$p --name=t --filename=/dev/kratd --rw=trimwrite \
			--rate_iops=,$tw,$((5 * tw)) --number_ios=$((10 * tw))
		check "$p: trimwrite rate_iops=,$tw,$((5 * tw)): trims at the writes' $tw/s (fio's), within 5% over 5 s" \
			within "$TMP/tw-$p.json" "$T[\"total_ios\"] * 1000 / $T[\"runtime\"]" $tw 5
		check "$p: ... and writes at $tw/s, within 5%" \
			within "$TMP/tw-$p.json" "$W[\"total_ios\"] * 1000 / $W[\"runtime\"]" $tw 5
	done
	if command -v fio >/dev/null; then
		fio --name=t --filename=/dev/kratd --rw=trimwrite --rate_iops=,50,250 \
			--number_ios=500 --output-format=json > "$TMP/tw-fio.json" 2>"$TMP/tw-fio.err"
		check "fio on the same device: trimwrite's trims at the writes' 50/s, as kiogen's" \
			within "$TMP/tw-fio.json" "$T[\"total_ios\"] * 1000 / $T[\"runtime\"]" 50 5
	else
		echo "# no fio: kiogen's trimwrite pacing not set beside fio's here"
	fi
	# a trim minimum above the trims' rate: the trims fail the job, said of trims
	"$KIOGEN" run --name=tmin --filename=/dev/kratd --rw=randtrim --rate_iops=,,200 \
		--rate_iops_min=,,150 --runtime=4 --time_based > "$TMP/tmin-ok.out" 2>&1
	check "randtrim at 200/s, rate_iops_min=,,150: passes" test $? -eq 0
	"$KIOGEN" run --name=tmin --filename=/dev/kratd --rw=trimwrite --rate_iops=,100, \
		--rate_iops_min=,,150 --runtime=6 --time_based > "$TMP/tmin.out" 2>&1
	rc=$?
	echo "# trimwrite at 100/s, trims' minimum 150/s: exit $rc: $(grep -m1 'not met' "$TMP/tmin.out")"
	check "trimwrite at 100/s, rate_iops_min=,,150: EIO, the trims' minimum said" \
		test "$rc" -eq 1 -a -n "$(grep 'kiogen tmin: worker 0: rate_iops_min=150 of trims not met' "$TMP/tmin.out")"
	nullb_remove kratd
else
	nullb_remove kratd
	check "null_blk with discard for the trims' rate" false
fi

"$KIOGEN" compare --output-format=json --name=c --ioengine=null --size=1g --rw=randrw \
	--number_ios=2000 --rate_iops=2000,1000 --randseed=3 > "$TMP/cmp.json" 2>"$TMP/cmp.err"
check "compare: a rate-limited stream is identical on both paths" \
	test "$(json "$TMP/cmp.json" 'j["compare"]["identical_stream"]')" = True

finish
