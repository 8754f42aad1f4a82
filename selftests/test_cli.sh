#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The CLI's exit codes and words: 0 success, 1 kernel error or module not
# loaded (said in words), 2 bad usage (naming the option); nothing reaches
# the kernel when the usage is bad.
. "$(dirname "$0")/lib.sh"
need_root

# expect RC PATTERN CMD...: exit code RC and PATTERN in stdout+stderr
expect() {
	local rc=$1 pat=$2 out got
	shift 2
	out=$("$@" 2>&1)
	got=$?
	if [ "$got" -ne "$rc" ] || ! grep -qE -- "$pat" <<<"$out"; then
		echo "# '$*' exited $got (want $rc), said: $out"
		return 1
	fi
}

runs_none() {
	"$KIOGEN" list | grep -q '^no runs$'
}

unload_module || skip "module is in use"
check "module not loaded: exit 1, said in words" \
	expect 1 "module is not loaded" "$KIOGEN" info
check "module not loaded: how to load it" \
	expect 1 "insmod|modprobe" "$KIOGEN" list
load_module

check "--version" expect 0 "^kiogen [0-9]" "$KIOGEN" --version
check "--help lists commands" expect 0 "run .*info" bash -c "$KIOGEN --help | tr '\n' ' '"
check "help run lists fio options" expect 0 "--rwmixread" "$KIOGEN" help run
check "run --help is help run" expect 0 "--rw=WORD, --readwrite" "$KIOGEN" run --help
check "no command: usage, exit 2" expect 2 "usage" "$KIOGEN"
check "unknown command: exit 2" expect 2 "unknown command 'frobnicate'" "$KIOGEN" frobnicate
check "info: module and engines" expect 0 "engine: +bio" "$KIOGEN" info
check "info: the clock I/Os are stamped with, one for all CPUs" \
	expect 0 "clock: +ktime_get_ns \(CLOCK_MONOTONIC\)" "$KIOGEN" info
check "bad size names the option" \
	expect 2 "bs: 'abc' is not a valid size" "$KIOGEN" run --name=t --ioengine=null --size=1m --bs=abc
check "out of range names the option" \
	expect 2 "iodepth: 5000 is out of range" "$KIOGEN" run --name=t --ioengine=null --size=1m --iodepth=5000
check "unknown option is refused" \
	expect 2 "unknown option 'frob'" "$KIOGEN" run --name=t --frob=1
check "unknown rw is refused" \
	expect 2 "rw: 'sideways'" "$KIOGEN" run --name=t --ioengine=null --size=1m --rw=sideways
check "unknown ioengine is refused" \
	expect 2 "ioengine: 'warp'" "$KIOGEN" run --name=t --ioengine=warp
check "bad run id: exit 2" expect 2 "not a run id" "$KIOGEN" stop abc
check "bad usage started nothing" runs_none
check "kernel error: exit 1 with the kernel's message" \
	expect 1 "kernel: run id: no such run" "$KIOGEN" stop 999999
check "a missing target names filename" \
	expect 1 "filename: no such file: /dev/does-not-exist" "$KIOGEN" run --name=t --ioengine=bio --filename=/dev/does-not-exist
check "errors started nothing" runs_none
check "null engine run succeeds" \
	expect 0 "read: IOPS=" "$KIOGEN" run --name=t --ioengine=null --size=1m --number_ios=1000
# events: `kiogen monitor` prints a run's events as they come, each with
# its first job's name, and `kiogen run` waits on them instead of polling
# monitored OUT JOB CMD...: CMD (a run of job JOB) with kiogen monitor
# --timestamp printing into OUT, until the run's deleted event (kiogen run
# deletes its run as it exits: the last event of a run); OUT.end: when CMD
# returned
monitored() {
	local out=$1 job=$2 pid
	shift 2
	"$KIOGEN" monitor --timestamp >"$out" 2>&1 &
	pid=$!
	sleep 1		# joined the group: nothing to wait on
	"$@"
	date +%s.%N >"$out.end"
	for _ in $(seq 50); do
		grep -qE "\] run [0-9]+ deleted [a-z]+ job=$job " "$out" && break
		sleep 0.1
	done
	kill "$pid"
	wait "$pid" 2>/dev/null
}
mon=$(mktemp)
monitored "$mon" evt env KIOGEN_DEBUG=1 "$KIOGEN" run --name=evt --ioengine=null --size=1m \
	--runtime=2 --time_based >/dev/null 2>"$mon.run"
run_end=$(<"$mon.end")

# mon_saw EVENT STATE: the monitor printed EVENT in STATE for the run that
# ran job evt
mon_saw() {
	local id
	id=$(grep -m1 -oE '\] run [0-9]+ created running job=evt ' "$mon" | cut -d' ' -f3)
	[ -n "$id" ] && grep -qE "\] run $id $1 $2 job=evt " "$mon" && return 0
	echo "# monitor printed:"; sed 's/^/# /' "$mon"
	return 1
}
check "monitor: a run's creation, with its job" mon_saw created running
check "monitor: its start" mon_saw started running
check "monitor: its progress" mon_saw progress running
check "monitor: its end" mon_saw ended done
check "monitor: its deletion" mon_saw deleted done
# mon_order: the run's events in the order they happened
mon_order() {
	local order
	order=$(grep -E '\] run [0-9]+ [a-z]+ [a-z]+ job=evt ' "$mon" | cut -d' ' -f4 | uniq | tr '\n' ' ')
	echo "# $order"
	[ "$order" = "created started progress ended deleted " ]
}
check "monitor: created, started, progress, ended, deleted in order" mon_order
check "run: waits on the events group" grep -q 'waiting on the events group' "$mon.run"
# run_prompt: kiogen run exited within a second of the run's end event
run_prompt() {
	local ended
	ended=$(grep -m1 -E '\] run [0-9]+ ended done job=evt ' "$mon" | tr -d '[' | cut -d']' -f1)
	echo "# end event at $ended, kiogen run exited at $run_end"
	[ -n "$ended" ] && awk -v a="$ended" -v b="$run_end" 'BEGIN { exit !(b - a < 1.0) }'
}
check "run: returns within a second of the end event" run_prompt
# a run shorter than a progress interval is named in every event
monitored "$mon" short "$KIOGEN" run --name=short --ioengine=null --size=64k >/dev/null 2>&1
check "monitor: a short run's end names its job" grep -qE '\] run [0-9]+ ended done job=short ' "$mon"
rm -f "$mon" "$mon.run" "$mon.end"
check "monitor: no argument taken" expect 2 "usage: kiogen monitor" "$KIOGEN" monitor 1

# fio's groups: a stonewall runs its job after the ones before it have
# ended (two 1 s jobs cannot end within 2 s), each group reported apart
groups_run() {
	local t0 t1 out
	t0=$(date +%s.%N)
	out=$("$KIOGEN" run --ioengine=null --size=1m --runtime=1 --time_based \
		--name=a --name=b --stonewall --name=c --output-format=json,normal 2>&1) || {
		echo "# $out"; return 1; }
	t1=$(date +%s.%N)
	echo "# took $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s"
	awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a >= 2.0) }' &&
	grep -q '^b: (groupid=1, jobs=1)' <<<"$out" &&
	grep -q '^a: (groupid=0, jobs=1)' <<<"$out" &&
	grep -q '^Run status group 1 (all jobs):' <<<"$out" &&
	[ "$(grep -c '"groupid" : 1,' <<<"$out")" = 2 ] || { echo "# $out" | head -40; return 1; }
}
check "stonewall: the next group starts when the one before has ended" groups_run

# fio's ETA line: --eta=always even with stderr not a terminal, a new line each second
eta_lines() {
	local n
	"$KIOGEN" run --name=e --ioengine=null --size=1m --rw=randread --runtime=3 \
		--time_based --eta=always --eta-newline=1 >/dev/null 2>"$TMP/eta" || return 1
	n=$(tr '\r' '\n' <"$TMP/eta" | grep -cE '^Jobs: 1 \(f=1\): \[r\(1\)\]\[[0-9.]+%\]\[r=[0-9.]+[KMG]?i?B/s\]\[r=[0-9.]+[kMG]? IOPS\]\[eta [0-9]{2}m:[0-9]{2}s\]')
	echo "# $n progress lines"
	[ "$n" -ge 2 ] || { sed 's/^/# /' "$TMP/eta"; return 1; }
}
check "--eta=always: fio's progress line, --eta-newline starts new ones" eta_lines
# fio counts threads in the state letters: numjobs=3 reads beside a writer
eta_threads() {
	"$KIOGEN" run --ioengine=null --size=1m --runtime=2 --time_based --eta=always \
		--name=r --rw=randread --numjobs=3 --name=w --rw=randwrite >/dev/null 2>"$TMP/eta" ||
		return 1
	tr '\r' '\n' <"$TMP/eta" | grep -qE '^Jobs: 4 \(f=4\): \[r\(3\)w\(1\)\]' ||
		{ sed 's/^/# /' "$TMP/eta"; return 1; }
}
check "--eta: the state letters count each job's numjobs, as fio's threads" eta_threads
# the percent of a job without a size is of its target's, loops times: 2048
# reads of 4k at 1000 a second show between 0 and 100 on the way
eta_target() {
	local path=$1 pcts
	truncate -s 4m "$TMP/etaf" || return 1
	"$KIOGEN" run --name=e --path="$path" --filename="$TMP/etaf" --rw=read --bs=4k \
		--loops=2 --rate_iops=1000 --eta=always --eta-newline=1 >/dev/null 2>"$TMP/eta" ||
		return 1
	pcts=$(tr '\r' '\n' <"$TMP/eta" | sed -n 's/^Jobs: [^[]*\[[^]]*\]\[\([0-9.]*\)%\].*/\1/p' | tr '\n' ' ')
	echo "# $path: $pcts"
	awk -v p="$pcts" 'BEGIN { n = split(p, a, " "); for (i = 1; i <= n; i++) if (a[i] >= 5 && a[i] <= 95) exit 0; exit 1 }'
}
check "--eta: a job without a size counts its file's, loops times (kernel path)" eta_target kernel
check "--eta: a job without a size counts its file's, loops times (syscall path)" eta_target syscall
check "--eta=never: no progress line" \
	bash -c "! '$KIOGEN' run --name=e --ioengine=null --size=1m --runtime=2 --time_based --eta=never 2>&1 >/dev/null | grep -q Jobs:"
# fio's status-interval: the report so far while the run lasts, then the end's
status_reports() {
	"$KIOGEN" run --name=s --ioengine=null --size=1m --runtime=3 --time_based \
		--status-interval=1 --output-format=json >"$TMP/status" || return 1
	python3 - "$TMP/status" <<-'EOF'
	import json, sys
	text, dec, docs, i = open(sys.argv[1]).read(), json.JSONDecoder(), [], 0
	while i < len(text):
	    if text[i].isspace():
	        i += 1
	        continue
	    doc, i = dec.raw_decode(text, i)
	    docs.append(doc["jobs"][0]["read"])
	ios = [d["total_ios"] for d in docs]
	print("# %d reports, I/Os %s" % (len(docs), ios))
	assert len(docs) >= 3, "two reports so far and the final one"
	# one taken as the run ends may equal the final one
	assert all(a <= b for a, b in zip(ios, ios[1:])) and ios[0] < ios[-1], "each report counts from the start"
	assert all(d["clat_ns"]["percentile"] for d in docs if d["total_ios"]), "percentiles so far"
	EOF
}
check "--status-interval: reports so far, growing, then the final one" status_reports
check "--status-interval on the syscall path is refused" \
	expect 2 "status-interval: the syscall path" "$KIOGEN" run --name=s --ioengine=psync \
	--path=syscall --filename="$TMP/sf" --size=1m --status-interval=1
check "--eta-interval under 250ms is refused" \
	expect 2 "eta-interval: less than 250ms" "$KIOGEN" run --name=e --ioengine=null --size=1m --eta-interval=100ms
# fio 3.33: a size-bound job done within its ramp_time ends there, reported
# with its I/Os over its whole time and no latencies (fio's counters reset
# when the ramp ends; it never did)
ramp_outlasted() {
	local out t0 t1
	t0=$(date +%s)
	out=$("$KIOGEN" run --name=r --filename="$TMP/ramp" --size=256k --bs=4k \
		--rw=read --ramp_time=60 --output-format=json,normal 2>&1) || {
		echo "# $out"; return 1; }
	t1=$(date +%s)
	[ $((t1 - t0)) -lt 30 ] &&
	grep -q '"total_ios" : 64,' <<<"$out" &&
	grep -q '^  read: IOPS=.*(256KiB/' <<<"$out" &&
	! grep -qE '^ +(c|s)?lat \(|percentiles' <<<"$out" || {
		echo "# $out" | head -60; return 1; }
}
check "ramp_time outlasting a size-bound job: its I/Os, no latencies (fio)" ramp_outlasted
# fio's size=N% and offset=N%: of the target's size, before the run
pct_region() {
	local out
	head -c 1M /dev/zero >"$TMP/pct" || return 1
	out=$("$KIOGEN" run --name=p --filename="$TMP/pct" --bs=4k --rw=read \
		--size=50% --offset=25% --output-format=json 2>&1) || { echo "# $out"; return 1; }
	grep -q '"total_ios" : 128,' <<<"$out" &&
	grep -q '"io_bytes" : 524288,' <<<"$out" &&
	grep -q '"size" : "50%",' <<<"$out" || { echo "# $out" | head -60; return 1; }
}
check "size=50% offset=25% of a 1 MiB file: 512 KiB from 256 KiB (fio)" pct_region
check "size=101% is refused, named" \
	expect 2 "size: '101%' is not a percentage from 1% to 100%" "$KIOGEN" run --name=p \
	--filename="$TMP/pct" --size=101%
finish
