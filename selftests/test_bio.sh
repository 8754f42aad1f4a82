#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The bio engine on null_blk: exact I/O counts, the read share of a mix,
# offsets aligned and inside the region, data really written, stop, two runs
# at once, a run dying with its socket, the seeds' fio command lines,
# latency sanity against fio on the same device, and polled I/O at depth 16
# (a poll a queue, not a poll a bio).
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3 to read JSON"

nullb_create kbio0 size=1024 irqmode=0 || skip "cannot create a null_blk device"
nullb_create kbio1 size=64 memory_backed=1 blocksize=512 || skip "cannot create a memory-backed null_blk"
nullb_create kbio2 size=64 irqmode=2 completion_nsec=200000 || skip "cannot create a timer null_blk"
nullb_create kbio4 size=64 irqmode=1 || skip "cannot create a softirq null_blk"
trap 'nullb_remove kbio0; nullb_remove kbio1; nullb_remove kbio2; nullb_remove kbio4' EXIT

kg() {
	"$KIOGEN" run "$@"
}

runs_none() {
	"$KIOGEN" list | grep -q '^no runs$'
}

# --- exact counts ---
kg --name=n --filename=/dev/kbio0 --rw=randread --bs=4k --number_ios=1000 \
	--numjobs=3 --group_reporting --output-format=json > "$TMP/n.json" 2>/dev/null
check "number_ios is exact per worker (3 x 1000, grouped)" \
	test "$(json "$TMP/n.json" 'j["jobs"][0]["read"]["total_ios"]')" = 3000
kg --name=n --filename=/dev/kbio0 --rw=read --bs=4k --number_ios=777 \
	--numjobs=2 --output-format=json > "$TMP/n2.json" 2>/dev/null
check "without group_reporting each worker reports its own 777" \
	test "$(json "$TMP/n2.json" '[x["read"]["total_ios"] for x in j["jobs"]]')" = "[777, 777]"
kg --name=n --filename=/dev/kbio0 --rw=randread --bs=4k --size=4m \
	--output-format=json > "$TMP/n3.json" 2>/dev/null
check "without a limit a worker covers size once (4m / 4k = 1024 I/Os)" \
	test "$(json "$TMP/n3.json" 'j["jobs"][0]["read"]["total_ios"]')" = 1024

# --- read share of a mix ---
kg --name=mix --filename=/dev/kbio0 --rw=randrw --rwmixread=70 --bs=4k \
	--number_ios=100000 --ioengine=libaio --iodepth=16 --output-format=json \
	> "$TMP/mix.json" 2>/dev/null
share=$(json "$TMP/mix.json" \
	'round(100.0 * j["jobs"][0]["read"]["total_ios"] / (j["jobs"][0]["read"]["total_ios"] + j["jobs"][0]["write"]["total_ios"]), 2)')
echo "# read share of rwmixread=70 over 100k I/Os: $share%"
check "rwmixread=70 gives 70 +- 2 % reads over 100k I/Os" \
	python3 -c "import sys; sys.exit(not 68 <= $share <= 72)"
check "the mix issued exactly 100000 I/Os" \
	test "$(json "$TMP/mix.json" 'j["jobs"][0]["read"]["total_ios"] + j["jobs"][0]["write"]["total_ios"]')" = 100000
check "async depth reached 16 (IO depths 16=)" \
	test "$(json "$TMP/mix.json" 'j["jobs"][0]["iodepth_level"]["16"] > 0')" = True
check "JSON carries the raw histogram layout" \
	test "$(json "$TMP/mix.json" 'j["jobs"][0]["kiogen"]["hist"]["bits"]')" = 6
# kbio0 completes inside submit_bio (irqmode=0): fio's clat, to the reap
check "completions inside their submission: clat runs to the reap, never 0" \
	test "$(json "$TMP/mix.json" 'min(j["jobs"][0][d]["clat_ns"]["min"] for d in ("read", "write")) > 0')" = True
check "... and every read and write is counted so (JSON kiogen.inline_ios)" \
	test "$(json "$TMP/mix.json" 'all(j["jobs"][0]["kiogen"]["inline_ios"][d] == j["jobs"][0][d]["total_ios"] > 0 for d in ("read", "write"))')" = True
# the line under clat, only where the count is not 0
says() {
	awk -v want="$1" 'prev ~ /^    clat \(/ && $0 == want { n++ } { prev = $0 }
		/inside their submission/ { all++ } END { exit !(n == 1 && all == 1) }' "$2"
}
kg --name=i --filename=/dev/kbio0 --rw=randread --bs=4k --number_ios=20000 \
	--ioengine=libaio --iodepth=16 > "$TMP/inline0.txt" 2>/dev/null
check "irqmode=0: the text report says so once, under the read clat line" \
	says "kiogen clat: 20000 of 20000 I/Os completed inside their submission: clat is submit to reap, as fio's" \
	"$TMP/inline0.txt"
# inline1 DEV: 20000 reads at depth 16, JSON and text; n1: its count
inline1() {
	kg --name=i --filename="$1" --rw=randread --bs=4k --number_ios=20000 \
		--ioengine=libaio --iodepth=16 --output-format=json,normal > "$TMP/inline1.out" 2>/dev/null
	sed -n '/^{$/,/^}$/p' "$TMP/inline1.out" > "$TMP/inline1.json"
	n1=$(json "$TMP/inline1.json" 'j["jobs"][0]["kiogen"]["inline_ios"]["read"]')
	t1=$(json "$TMP/inline1.json" 'j["jobs"][0]["read"]["total_ios"]')
	echo "# $1, $t1 reads at depth 16: ${n1:-?} completed inside their submission"
}
# the timer's completion (kbio2) comes 200 us after the submission: only
# a batch held up longer (a preempted vCPU) ends its submission later (5 of
# 16384 on the 6.12 leg)
inline1 /dev/kbio2
check "irqmode=2: at most 1% completed inside their submission" \
	test "$(json "$TMP/inline1.json" '100 * j["jobs"][0]["kiogen"]["inline_ios"]["read"] <= j["jobs"][0]["read"]["total_ios"]')" = True
# irqmode=1's softirq can run on the submitting CPU before the submission
# returns (all 16384 on the 6.12 leg): counted as such, and said so
inline1 /dev/kbio4
if [ "${n1:-x}" = 0 ]; then
	check "irqmode=1: no count, no text line" \
		eval '! grep -q "inside their submission" "$TMP/inline1.out"'
else
	check "irqmode=1: the text line says the JSON's count" \
		says "kiogen clat: $n1 of $t1 I/Os completed inside their submission: clat is submit to reap, as fio's" \
		"$TMP/inline1.out"
fi

# --- writes land, aligned and inside the region ---
kg --name=w --filename=/dev/kbio1 --rw=randwrite --bs=4k --offset=1m --size=8m \
	--ioengine=libaio --iodepth=8 >/dev/null 2>&1
check_blocks() {
	python3 - /dev/kbio1 <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
lo, hi, bs = 1 << 20, 9 << 20, 4096
bad = 0
for p in range(0, len(data), 512):
    hdr = data[p:p + 16]
    has = hdr[:8] == b"KIOGEN1\0"
    inside = lo <= p < hi and p % bs == 0
    if inside and (not has or struct.unpack("<Q", hdr[8:16])[0] != p):
        bad += 1
    if has and not inside:
        bad += 1
print("# blocks wrong:", bad)
sys.exit(bad != 0)
PY
}
check "every block of [1m, 9m) carries its header, nothing else does" check_blocks

# --- stop, show, delete ---
id=$(kg --name=s --filename=/dev/kbio0 --rw=randread --bs=4k --runtime=60 \
	--time_based --detached 2>/dev/null)
check "detached run starts and prints its id" test -n "$id"
check "detached run is running" wait_state "$id" running
sleep 1
start=$(date +%s)
check "stop returns 0" "$KIOGEN" stop "$id"
check "stop takes under 10 s" test $(($(date +%s) - start)) -lt 10
check "stop waited: the run is stopped when stop returns" test "$(run_state "$id")" = stopped
check "show reports the stopped run" bash -c "'$KIOGEN' show $id | grep -q 'read: IOPS='"
check "delete forgets it" "$KIOGEN" delete "$id"
check "nothing left" runs_none

# --- a stop reaches workers that think (thinktime) or wait (startdelay) ---
for opt in --thinktime=30s --startdelay=60s; do
	id=$(kg --name=t --filename=/dev/kbio0 --rw=randread --bs=4k --runtime=60 \
		--time_based $opt --detached 2>/dev/null)
	check "$opt: the run is running" wait_state "$id" running
	sleep 1
	start=$(date +%s)
	check "$opt: stop returns 0 within 10 s (as any stop)" \
		bash -c "'$KIOGEN' stop $id && [ \$((\$(date +%s) - $start)) -lt 10 ]"
	"$KIOGEN" delete "$id"
done

# --- two runs at once ---
a=$(kg --name=a --filename=/dev/kbio0 --rw=randread --runtime=60 --time_based --detached 2>/dev/null)
b=$(kg --name=b --filename=/dev/kbio2 --rw=randread --runtime=60 --time_based --detached 2>/dev/null)
check "two runs run at once" bash -c "[ \"\$('$KIOGEN' list | grep -c running)\" = 2 ]"
"$KIOGEN" stop "$a"; "$KIOGEN" stop "$b"
check "both stop" bash -c "[ \"\$('$KIOGEN' list | grep -c stopped)\" = 2 ]"
"$KIOGEN" delete "$a"; "$KIOGEN" delete "$b"

# --- a run dies with its socket ---
"$KIOGEN" run --name=k --filename=/dev/kbio0 --rw=randwrite --runtime=60 \
	--time_based >/dev/null 2>&1 &
pid=$!
for i in $(seq 50); do
	id=$("$KIOGEN" list | awk '$2 == "running" { print $1 }')
	[ -n "$id" ] && break
	sleep 0.1
done
kill -9 "$pid"
wait "$pid" 2>/dev/null
check "killed CLI: its run stops" wait_state "$id" stopped
"$KIOGEN" delete "$id"
free_again() {
	kg --name=again --filename=/dev/kbio0 --rw=randwrite --number_ios=100 >/dev/null 2>&1
}
check "the device is free again at once (exclusive write open)" free_again

# --- Ctrl-C stops the run cleanly and reports what it did ---
"$KIOGEN" run --name=int --filename=/dev/kbio0 --rw=randread --runtime=60 \
	--time_based > "$TMP/int.txt" 2>&1 &
pid=$!
sleep 2
kill -INT "$pid"
wait "$pid"
rc=$?
check "Ctrl-C: the CLI exits 0" test $rc -eq 0
check "Ctrl-C: the CLI says it waits for in-flight I/O" \
	grep -q "stopping run [0-9]*, waiting for in-flight I/O" "$TMP/int.txt"
check "Ctrl-C: the report of what was done is printed" grep -q "read: IOPS=" "$TMP/int.txt"
check "Ctrl-C: the run is gone" runs_none

# --- the seeds' fio command lines, scaled down ---
check "seed 000: randrw 16k rwmixread=90, 16 threads, psync" \
	bash -c "'$KIOGEN' run --filename=/dev/kbio0 --direct=1 --rw=randrw --bs=16k --size=64m --numjobs=16 --runtime=2 --group_reporting --name=test --rwmixread=90 --thread --ioengine=psync > '$TMP/seed0.txt' 2>&1 && grep -q 'read: IOPS=' '$TMP/seed0.txt' && grep -q 'write: IOPS=' '$TMP/seed0.txt'"
check "seed 004: randread 16k, 24 threads, sync, norandommap, time_based" \
	bash -c "'$KIOGEN' run --direct=1 --rw=randread --bs=16k --numjobs=24 --runtime=2 --group_reporting --norandommap --time_based --ioengine=sync --name=file1 --filename=/dev/kbio0 > '$TMP/seed4.txt' 2>&1 && grep -q 'file1: (groupid=0, jobs=24)' '$TMP/seed4.txt'"

# --- ramp time is not measured ---
kg --name=r --filename=/dev/kbio0 --rw=randread --ramp_time=1 --runtime=1 \
	--time_based --output-format=json > "$TMP/ramp.json" 2>/dev/null
check "ramp_time is excluded from the measured runtime" \
	python3 -c "import json,sys; r=json.load(open('$TMP/ramp.json'))['jobs'][0]['read']['runtime']; print('# runtime', r); sys.exit(not 900 <= r <= 1300)"

# --- latency sanity: 200 us timer completions, kiogen vs fio psync ---
# alternated three times each; the medians of the medians are compared, so
# one slow moment of the (emulated) guest does not decide
p50() {
	json "$1" 'j["jobs"][0]["read"]["clat_ns"]["percentile"]["50.000000"]'
}
lat_job="--name=lat --filename=/dev/kbio2 --rw=randread --bs=4k --number_ios=400 --ioengine=psync --output-format=json"
kp=() fp=()
for i in 1 2 3; do
	kg $lat_job > "$TMP/lat$i.json" 2>/dev/null
	kp+=("$(p50 "$TMP/lat$i.json")")
	if command -v fio >/dev/null; then
		fio $lat_job --direct=1 > "$TMP/fio$i.json" 2>/dev/null
		fp+=("$(p50 "$TMP/fio$i.json")")
	fi
done
median3() {
	printf '%s\n' "$@" | sort -n | sed -n 2p
}
kp50=$(median3 "${kp[@]}")
check "kiogen median on a 200 us device is at least 200 us" test "${kp50:-0}" -ge 200000
if [ ${#fp[@]} -eq 3 ]; then
	fp50=$(median3 "${fp[@]}")
	echo "# median latency (ns): kiogen ${kp[*]} -> $kp50, fio psync ${fp[*]} -> $fp50"
	check "kiogen median is below fio psync's on the same device" test "$kp50" -lt "$fp50"
fi
# --- polled I/O (hipri) at depth 16 on a null_blk poll queue: every read
# completes in the worker's polls, and a poll of one bio reaps its whole
# hardware queue, so the worker polls each queue once a turn, not each bio
# in flight (bio_poll() calls counted by a kprobe, when tracefs has them)
polled() {	# polled: 4000 polled reads at depth 16 on kbio3
	kg --name=p --filename=/dev/kbio3 --rw=randread --bs=4k --direct=1 \
		--ioengine=io_uring --iodepth=16 --hipri --number_ios=4000 \
		--output-format=json > "$TMP/poll.json" 2>"$TMP/poll.err" &&
		test "$(json "$TMP/poll.json" 'j["jobs"][0]["read"]["total_ios"]')" = 4000
}
tr=/sys/kernel/tracing
if ! grep -qw poll_queues /sys/kernel/config/nullb/features 2>/dev/null; then
	check_skip "hipri at depth 16" "this null_blk has no poll_queues"
elif ! nullb_create kbio3 size=64 irqmode=0 submit_queues=1 poll_queues=1; then
	check_skip "hipri at depth 16" "cannot create a null_blk with a poll queue"
else
	{ [ -d $tr/events ] || mount -t tracefs nodev $tr; } 2>/dev/null
	if echo 'p:kiog_bio_poll bio_poll' >> $tr/kprobe_events 2>/dev/null &&
	   echo 1 > $tr/events/kprobes/kiog_bio_poll/enable; then
		check "hipri at depth 16: 4000 polled reads" polled
		polls=$(awk '$1 == "kiog_bio_poll" {print $2}' $tr/kprobe_profile)
		echo 0 > $tr/events/kprobes/kiog_bio_poll/enable
		echo '-:kiog_bio_poll' >> $tr/kprobe_events
		echo "# bio_poll() calls for 4000 reads at depth 16: $polls"
		check "... at most 2 polls an I/O" test "${polls:-99999}" -le 8000
	else
		check "hipri at depth 16: 4000 polled reads" polled
		check_skip "... polls counted" "no kprobe events on bio_poll here"
	fi
	# dm-linear over the poll queue: a bio-based device that polls bio by
	# bio. dm gives every polled bio one cookie, and completes a bio only
	# in a poll of that very bio (dm_poll_bio()): polled once per
	# (device, cookie), the lowest slot's bio was polled every turn,
	# completed, was issued again, and the 15 others waited for the run
	# to end, their latency its runtime.
	dm=kiogpoll$$
	if ! command -v dmsetup >/dev/null || ! modprobe dm-mod 2>/dev/null; then
		check_skip "hipri on dm-linear over the poll queue" "no dmsetup or dm-mod"
	elif ! dmsetup create --noudevsync "$dm" --table "0 $((64 * 2048)) linear /dev/kbio3 0" ||
	     ! dmsetup mknodes "$dm" || [ ! -b "/dev/mapper/$dm" ]; then
		check_skip "hipri on dm-linear over the poll queue" "cannot create a dm-linear device"
	elif [ "$(cat "/sys/dev/block/$(dmsetup info -c --noheadings -o major,minor \
			--separator : "$dm")/queue/io_poll" 2>/dev/null)" != 1 ]; then
		check_skip "hipri on dm-linear over the poll queue" "this dm does not poll"
		dmsetup remove "$dm"
	else
		kg --name=d --filename="/dev/mapper/$dm" --rw=randread --bs=4k --direct=1 \
			--ioengine=io_uring --iodepth=16 --hipri --time_based --runtime=2 \
			--output-format=json > "$TMP/dmpoll.json" 2>"$TMP/dmpoll.err"
		dmsetup remove "$dm"
		max=$(json "$TMP/dmpoll.json" 'j["jobs"][0]["read"]["clat_ns"]["max"]')
		rt=$(json "$TMP/dmpoll.json" 'j["jobs"][0]["read"]["runtime"]')
		echo "# dm-linear, hipri, depth 16, 2 s: clat max $max ns, runtime $rt ms"
		check "hipri on dm-linear at depth 16: no I/O waits half the run (every bio polled)" \
			test "${max:-0}" -gt 0 -a "${max:-0}" -lt $((${rt:-0} * 1000000 / 2))
	fi
	nullb_remove kbio3
fi
# --- claims: a raw request's fd is not O_EXCL, so the module claims a
# device it writes, in the run's name: another run writing it is refused,
# the bio and kiocb jobs of one run share it ---
line=$(knl new --detached engine=bio name=c1 rw=randwrite bs=4096 runtime_ns=60000000000 \
	time_based=1 --fd /dev/kbio0:rdwr)
c1=$(knl_field "$line" id)
check "claims: a run writing the device starts ($line)" test "$(knl_field "$line" errno)" = 0
line=$(knl new --detached engine=bio name=c2 rw=randwrite bs=4096 number_ios=10 \
	--fd /dev/kbio0:rdwr)
check "claims: a second run's bio job writing it is refused ($line)" \
	test "$(knl_field "$line" errno)" = EBUSY
line=$(knl new --detached engine=kiocb name=c3 rw=randwrite bs=4096 number_ios=10 direct \
	--fd /dev/kbio0:rdwr:direct)
check "claims: a second run's kiocb job writing it is refused ($line)" \
	test "$(knl_field "$line" errno)" = EBUSY
"$KIOGEN" stop "$c1" >/dev/null 2>&1
wait_state "$c1" stopped >/dev/null
"$KIOGEN" delete "$c1" >/dev/null 2>&1
line=$(knl new --detached engine=bio name=b rw=randwrite bs=4096 number_ios=100 \
	--fd /dev/kbio0:rdwr --job engine=kiocb name=k rw=randwrite bs=4096 number_ios=100 direct \
	--fd /dev/kbio0:rdwr:direct)
id=$(knl_field "$line" id)
check "claims: a run's bio and kiocb jobs write the device together ($line)" \
	test "$(knl_field "$line" errno)" = 0 -a -n "$id"
check "claims: that run completes" wait_state "${id:-0}" done
"$KIOGEN" delete "${id:-0}" >/dev/null 2>&1
check "claims: the device is free again once it ended" free_again
check "no runs left behind" runs_none
finish
