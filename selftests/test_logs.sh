#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fio's log files (write_bw_log, write_iops_log, write_lat_log,
# write_hist_log): fio 3.33 and kiogen, both paths, run the same job with the
# same log options on the same file; the logs must have fio's names and
# columns, one line per window and direction, bandwidths that average to the
# report's, and fio's own tools (fio2gnuplot, fiologparser_hist.py,
# fiologparser.py) must read kiogen's as they read fio's. With fio's
# log_avg_msec=0, a line per I/O with its offset and size, through the
# kernel workers' rings, losses said; compare and repeat write a set each.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v fio >/dev/null || skip "needs fio 3.33 to compare with"
PY=/usr/bin/python3
[ -x $PY ] || PY=python3

RUNTIME=3
AVG=500
DAT=$TMP/logs.dat
# as fio's own job would be written; the windows are log_avg_msec long
LOGJOB="--name=lg --filename=$DAT --size=16m --rw=randrw --bs=4k --numjobs=2
	--runtime=$RUNTIME --time_based --log_avg_msec=$AVG --log_hist_msec=$AVG
	--log_offset=1 --write_bw_log=lg --write_iops_log=lg --write_lat_log=lg
	--write_hist_log=lg"
EXPECT=$((RUNTIME * 1000 / AVG))

dd if=/dev/zero of="$DAT" bs=1M count=16 status=none || skip "cannot lay out $DAT"
mkdir -p "$TMP/fio" "$TMP/kern" "$TMP/sys" "$TMP/max" "$TMP/shared"
# shellcheck disable=SC2086
(cd "$TMP/fio" && fio $LOGJOB --output-format=json > ../fio.json 2>../fio.err)
check "fio ran the job" test -s "$TMP/fio/lg_bw.1.log"
# shellcheck disable=SC2086
(cd "$TMP/kern" && "$KIOGEN" run $LOGJOB --output-format=json > ../kern.json 2>../kern.err)
check "kiogen ran the job (kernel path)" test -s "$TMP/kern/lg_bw.1.log"
# shellcheck disable=SC2086
(cd "$TMP/sys" && "$KIOGEN" run --path=syscall $LOGJOB --output-format=json \
	> ../sys.json 2>../sys.err)
check "kiogen ran the job (syscall path)" test -s "$TMP/sys/lg_bw.1.log"

names() { (cd "$1" && ls | sort | tr '\n' ' '); }
echo "# fio's logs: $(names "$TMP/fio")"
# columns of each file: the distinct field counts of its lines
columns() {
	local f
	for f in "$1"/*.log; do
		printf '%s:%s ' "${f##*/}" "$(awk -F', ' '{print NF}' "$f" | sort -u | tr '\n' ,)"
	done
}
echo "# fio's columns: $(columns "$TMP/fio")"
# lines of direction DIR in FILE
lines() { awk -F', ' -v d="$2" '$3 == d' "$1" | wc -l; }
hist_lines() { awk -F', ' -v d="$2" '$2 == d' "$1" | wc -l; }
within_one() { [ "$1" -ge $(($2 - 1)) ] && [ "$1" -le $(($2 + 1)) ]; }
# mean of the values of direction DIR in FILE
mean() { awk -F', ' -v d="$2" '$3 == d { s += $2; n++ } END { if (n) printf "%d", s / n }' "$1"; }
# bw of the report, worker N (1..), direction read|write
report_bw() { json "$1" "j['jobs'][$2 - 1]['$3']['bw']"; }
close5() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(b > 0 && a / b > 0.95 && a / b < 1.05) }'; }

for p in kern sys; do
	d=$TMP/$p
	check "$p: fio's file names" test "$(names "$d")" = "$(names "$TMP/fio")"
	echo "# $p columns: $(columns "$d")"
	check "$p: fio's columns in every file" test "$(columns "$d")" = "$(columns "$TMP/fio")"
	for n in 1 2; do
		for dir in 0 1; do
			for k in bw iops clat lat; do
				c=$(lines "$d/lg_$k.$n.log" $dir)
				check "$p: lg_$k.$n.log, direction $dir: $c windows (${RUNTIME}s / ${AVG}ms = $EXPECT, within one)" \
					within_one "$c" $EXPECT
			done
			c=$(hist_lines "$d/lg_clat_hist.$n.log" $dir)
			check "$p: lg_clat_hist.$n.log, direction $dir: $c windows, within one of $EXPECT" \
				within_one "$c" $EXPECT
		done
		for dir in 0 1; do
			rw=$([ $dir = 0 ] && echo read || echo write)
			m=$(mean "$d/lg_bw.$n.log" $dir)
			b=$(report_bw "$TMP/$p.json" $n $rw)
			check "$p: worker $n $rw: the log's bw averages to the report's within 5% ($m vs $b KiB/s)" \
				close5 "$m" "$b"
		done
	done
	check "$p: no slat log lines for a sync engine, as fio" \
		test ! -s "$d/lg_slat.1.log" -a -e "$d/lg_slat.1.log"
done
# fio's own logs by the same rules, so the rules are fio's; fio writes a
# window when its helper thread next wakes: in a starved guest (CI's other
# legs beside it) a late window covers two, so one more may be missing
for dir in 0 1; do
	c=$(lines "$TMP/fio/lg_bw.1.log" $dir)
	check "fio: lg_bw.1.log, direction $dir: $c windows, within one of $EXPECT (two fewer if starved)" \
		bash -c "[ $c -ge $((EXPECT - 2)) ] && [ $c -le $((EXPECT + 1)) ]"
done

# --- fio's tools on kiogen's logs, next to fio's ---
g2() {	# g2 DIR: fio2gnuplot on the bw log of worker 1, its statistics
	(cd "$1" && mkdir -p g && fio2gnuplot -p 'lg_bw.1.log' -d g > g.out 2>&1 &&
		cat g/lg_bw.1.global)
}
if command -v fio2gnuplot >/dev/null; then
	fg=$(g2 "$TMP/fio")
	for p in kern sys; do
		kg=$(g2 "$TMP/$p")
		echo "# fio2gnuplot on kiogen's ($p) lg_bw.1.log:"
		printf '#   %s\n' $kg
		check "$p: fio2gnuplot reads kiogen's bw log: the keys of fio's" \
			test "$(echo "$kg" | cut -d= -f1)" = "$(echo "$fg" | cut -d= -f1)"
		check "$p: fio2gnuplot: values counted" \
			test "$(echo "$kg" | sed -n 's/^values_count=//p')" -gt 0
		check "$p: fio2gnuplot: the files it makes for fio's" \
			test "$(ls "$TMP/$p/g")" = "$(ls "$TMP/fio/g")"
	done
else
	echo "# fio2gnuplot not installed: not run"
fi

histp=$(ls /usr/bin/fiologparser_hist.py /usr/share/doc/fio/fiologparser_hist.py.gz \
	2>/dev/null | head -1)
if [ -n "$histp" ] && $PY -c 'import pandas, numpy' 2>/dev/null; then
	zcat -f "$histp" > "$TMP/fiologparser_hist.py"
	$PY "$TMP/fiologparser_hist.py" "$TMP/fio/lg_clat_hist.1.log" > "$TMP/fio.hist" 2>&1
	# the kernel path's only: pandas under TCG takes minutes a run, and the
	# syscall path's files come from the same writer (their columns above)
	for p in kern; do
		$PY "$TMP/fiologparser_hist.py" "$TMP/$p/lg_clat_hist.1.log" > "$TMP/$p.hist" 2>&1
		rc=$?
		echo "# fiologparser_hist.py on kiogen's ($p) lg_clat_hist.1.log:"
		sed 's/^/#   /' "$TMP/$p.hist"
		check "$p: fiologparser_hist.py reads kiogen's histogram log (exit $rc)" test $rc -eq 0
		check "$p: fiologparser_hist.py: fio's header" \
			test "$(head -1 "$TMP/$p.hist")" = "$(head -1 "$TMP/fio.hist")"
		check "$p: fiologparser_hist.py: rows with samples, as many as for fio's within one" \
			within_one "$(awk -F', ' 'NR > 1 && $2 > 0' "$TMP/$p.hist" | wc -l)" \
				   "$(awk -F', ' 'NR > 1 && $2 > 0' "$TMP/fio.hist" | wc -l)"
	done
else
	echo "# fiologparser_hist.py needs python3-pandas and python3-numpy: not run"
fi

parsep=$(ls /usr/bin/fiologparser.py /usr/share/doc/fio/fiologparser.py.gz 2>/dev/null | head -1)
if [ -n "$parsep" ]; then
	zcat -f "$parsep" > "$TMP/fiologparser.py"
	# fio 3.33's fiologparser.py splits 4 columns; fio 3.33 writes 5 or 6
	$PY "$TMP/fiologparser.py" "$TMP/fio/lg_bw.1.log" > "$TMP/fio.parse" 2>&1
	frc=$?
	$PY "$TMP/fiologparser.py" "$TMP/kern/lg_bw.1.log" > "$TMP/kern.parse" 2>&1
	krc=$?
	echo "# fiologparser.py on fio's log: exit $frc, $(tail -1 "$TMP/fio.parse")"
	echo "# fiologparser.py on kiogen's log: exit $krc, $(tail -1 "$TMP/kern.parse")"
	check "fiologparser.py does with kiogen's bw log what it does with fio's" \
		test "$krc:$(tail -1 "$TMP/kern.parse")" = "$frc:$(tail -1 "$TMP/fio.parse")"
fi

# --- log_max_value: the largest clat of the windows is the report's max ---
"$KIOGEN" run --name=mx --filename="$DAT" --size=16m --rw=randread --bs=4k \
	--runtime=2 --time_based --log_avg_msec=$AVG --log_max_value=1 \
	--write_lat_log="$TMP/max/mx" --output-format=json > "$TMP/max.json" 2>"$TMP/max.err"
lmax=$(awk -F', ' 'm < $2 { m = $2 } END { print m + 0 }' "$TMP/max/mx_clat.1.log")
rmax=$(json "$TMP/max.json" "j['jobs'][0]['read']['clat_ns']['max']")
check "log_max_value: the largest window is the report's clat max ($lmax = $rmax)" \
	test "$lmax" = "$rmax"

# --- per_job_logs=0: the workers of a job share one file, as fio ---
"$KIOGEN" run --name=sh --filename="$DAT" --size=16m --rw=randread --bs=4k \
	--numjobs=2 --runtime=2 --time_based --log_avg_msec=$AVG --per_job_logs=0 \
	--write_bw_log="$TMP/shared/sh" --output-format=terse > /dev/null 2>"$TMP/shared.err"
check "per_job_logs=0: one file, sh_bw.log" test "$(names "$TMP/shared")" = "sh_bw.log "
c=$(lines "$TMP/shared/sh_bw.log" 0)
check "per_job_logs=0: both workers' windows in it ($c, 2 x 4 within 2)" \
	test "$c" -ge 6 -a "$c" -le 10

# --- more windows than a worker keeps (4096 without a runtime): coarsened ---
# 6000 I/Os at 1000/s in 1 ms windows: the windows merge in pairs into 2 ms
# ones that reach the end (they used to stop at 4.096 s, the rest of the run
# in one latency line), and the user is told
mkdir -p "$TMP/long"
for p in kernel syscall; do
	"$KIOGEN" run --path=$p --name=lo --ioengine=null --rw=read --bs=4k --size=24000k \
		--rate_iops=1000 --log_avg_msec=1 --write_bw_log="$TMP/long/$p" \
		--write_lat_log="$TMP/long/$p" --output-format=terse > /dev/null 2>"$TMP/long/$p.err"
	last=$(tail -1 "$TMP/long/${p}_bw.1.log" | cut -d, -f1)
	gap=$(awk -F', ' 'NR > 1 && $1 - t > g { g = $1 - t } { t = $1 } END { print g + 0 }' \
		"$TMP/long/${p}_lat.1.log")
	check "$p: 6000 ms of 1 ms windows: the bw log reaches the end ($last ms), no latency gap ($gap ms)" \
		test "${last:-0}" -ge 5900 -a "$gap" -le 50
	check "$p: the coarsened windows said ($(head -c 160 "$TMP/long/$p.err"))" \
		grep -q "windows of 2 ms, not log_avg_msec=1" "$TMP/long/$p.err"
done

# --- log_avg_msec=0 (fio's default): a line per I/O, as fio's ---
mkdir -p "$TMP/io/fio" "$TMP/io/kern" "$TMP/io/sys" "$TMP/io/lost" "$TMP/cmp" "$TMP/rep"
IOJOB="--name=io --filename=$DAT --size=16m --rw=randrw --bs=4k --log_offset=1
	--write_lat_log=io --write_bw_log=io --write_iops_log=io"
# shellcheck disable=SC2086
(cd "$TMP/io/fio" && fio $IOJOB --output-format=terse > /dev/null 2>&1)
# shellcheck disable=SC2086
(cd "$TMP/io/kern" && "$KIOGEN" run $IOJOB --output-format=json > ../kern.json 2>../kern.err)
# shellcheck disable=SC2086
(cd "$TMP/io/sys" && "$KIOGEN" run --path=syscall $IOJOB --output-format=json \
	> ../sys.json 2>../sys.err)
echo "# fio's per-I/O columns: $(columns "$TMP/io/fio")"
for p in kern sys; do
	d=$TMP/io/$p
	check "$p per-I/O: fio's file names and columns" \
		test "$(names "$d") $(columns "$d")" = "$(names "$TMP/io/fio") $(columns "$TMP/io/fio")"
	# a random map over 16m: each of the 4096 blocks once, with its size
	c=$(wc -l < "$d/io_clat.1.log")
	u=$(awk -F', ' '$4 == 4096 && $5 % 4096 == 0 && $5 < 16777216 { print $5 }' \
		"$d/io_clat.1.log" | sort -u | wc -l)
	check "$p per-I/O: a line per I/O ($c), each block once at its offset ($u of 4096)" \
		test "$c" = 4096 -a "$u" = 4096
	check "$p per-I/O: as many lines in the lat, bw and iops logs" \
		test "$(cat "$d"/io_lat.1.log "$d"/io_bw.1.log "$d"/io_iops.1.log | wc -l)" = $((3 * c))
done
# fio 3.33's priority column: log_prio's hex of class and level on each I/O
mkdir -p "$TMP/io/prio"
PRJOB="--name=pr --filename=$DAT --size=1m --rw=randread --bs=4k --number_ios=20
	--prio=3 --log_prio=1 --write_lat_log"
# shellcheck disable=SC2086
(cd "$TMP/io/prio" && fio $PRJOB=f --output-format=terse >/dev/null 2>&1 &&
	"$KIOGEN" run $PRJOB=k --output-format=terse >/dev/null 2>&1)
prios() { awk -F', ' '{ print $NF }' "$1" | sort -u | tr '\n' ' '; }
check "log_prio, kernel path: the last column as fio's ($(prios "$TMP/io/prio/k_clat.1.log"))" \
	test "$(prios "$TMP/io/prio/k_clat.1.log")" = "$(prios "$TMP/io/prio/f_clat.1.log")" -a \
	"$(prios "$TMP/io/prio/k_clat.1.log")" = "0x4003 "
# the kernel's ring holds 1024 samples; 4000 I/Os go through it, the CLI
# taking them while the run lasts
"$KIOGEN" run --name=dr --filename="$DAT" --size=16m --rw=randread --bs=4k \
	--rate_iops=2000 --runtime=2 --time_based --log_ring=1024 \
	--write_iops_log="$TMP/io/dr" --output-format=json > "$TMP/io/dr.json" 2>"$TMP/io/dr.err"
c=$(wc -l < "$TMP/io/dr_iops.1.log")
ios=$(json "$TMP/io/dr.json" "j['jobs'][0]['read']['total_ios']")
check "per-I/O, kernel: drained during the run: $c lines for $ios I/Os through a ring of 1024" \
	test "$c" = "$ios" -a "$c" -gt 1024
# a ring of 1 on the null engine: most are lost, and said, never silently
"$KIOGEN" run --name=ls --ioengine=null --size=1g --rw=randread --bs=4k --number_ios=20000 \
	--log_ring=1 --write_iops_log="$TMP/io/lost/ls" --output-format=json \
	> "$TMP/io/lost.json" 2>"$TMP/io/lost.err"
sed 's/^/# /' "$TMP/io/lost.err"
LS=$TMP/io/lost/ls_iops.1.log
c=$(awk -F', ' 'NF && $1 != -1' "$LS" | wc -l)
lost=$(sed -n 's/.*: \([0-9]*\) of 20000 I\/Os are not in its per-I\/O logs.*/\1/p' "$TMP/io/lost.err")
check "per-I/O, a full ring: the lost ones said ($lost), lines and lost add up ($c)" \
	test -n "$lost" -a "$((c + ${lost:-0}))" = 20000
# in the file: a blank line, then time -1 with the I/Os missing; in JSON
check "per-I/O, a full ring: the file ends with a blank line and '-1, $lost, 0, 0, 0'" \
	test "$(tail -n 2 "$LS" | tr '\n' '|')" = "|-1, ${lost:-x}, 0, 0, 0|"
check "per-I/O, a full ring: JSON kiogen.log_lost" \
	test "$(json "$TMP/io/lost.json" "j['jobs'][0]['kiogen']['log_lost']")" = "${lost:-x}"
if command -v fio2gnuplot >/dev/null; then
	# over a second, so that it has samples past 0 ms (it drops those at 0)
	mkdir -p "$TMP/io/lost2/g"
	"$KIOGEN" run --name=l2 --ioengine=null --size=1g --rw=randread --bs=4k \
		--rate_iops=1000 --number_ios=1000 --log_ring=1 \
		--write_iops_log="$TMP/io/lost2/l2" --output-format=terse >/dev/null 2>&1
	check "per-I/O, a full ring: fio2gnuplot still reads the file ($(tail -n 1 "$TMP/io/lost2/l2_iops.1.log"))" \
		bash -c "cd '$TMP/io/lost2' && tail -n 1 l2_iops.1.log | grep -q '^-1, ' &&
			fio2gnuplot -p l2_iops.1.log -d g >g.out 2>&1 && ! grep -q Traceback g.out"
fi

# rings beyond the module's memory limit: refused, the attribute named
"$KIOGEN" run --name=big --ioengine=null --size=1g --rw=randread --number_ios=10 \
	--numjobs=2 --log_ring=16777216 --write_iops_log="$TMP/io/big" \
	> /dev/null 2>"$TMP/io/big.err"
rc=$?
sed 's/^/# /' "$TMP/io/big.err"
check "per-I/O, rings over max_mem_mb: refused (exit $rc), log-ring named" \
	test $rc -ne 0 -a -n "$(grep 'log-ring' "$TMP/io/big.err")"

# the samples a detached run kept (nobody drains it), to a reader whose
# recv() takes 4096 bytes: the kernel's dump messages are then that small
line=$(knl new --detached engine=null name=sm rw=randread bs=4096 size=1073741824 \
	number_ios=2000 log_ring=1024)
id=$(knl_field "$line" id)
wait_state "$id" "done" >/dev/null
line=$(KIOGEN_NL_RECV=4096 knl results "$id")
check "per-I/O, a 4096-byte reader gets the ring's samples: $(tr '\n' ' ' <<<"$line")" \
	test "$(knl_field "$line" errno)" = 0
check "per-I/O, the detached run deleted" "$KIOGEN" delete "$id"

# log-drain from a socket that did not start the run: refused, said
"$KIOGEN" run --name=ow --ioengine=null --size=1g --rw=randread --bs=4k --rate_iops=100 \
	--runtime=30 --time_based --write_iops_log="$TMP/io/ow" --output-format=terse \
	> /dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do
	id=$("$KIOGEN" list | awk '$2 == "running" && $NF == "ow" { print $1 }' | tail -1)
	[ -n "$id" ] && break
	sleep 0.2
done
line=$(knl results "${id:-0}" drain)
check "per-I/O, log-drain of another's run: refused, log-drain named ($line)" \
	test "$(knl_field "$line" errno)" = EPERM -a -n "$(grep 'msg=log-drain' <<<"$line")"
kill -INT $pid 2>/dev/null
wait $pid

# --- compare: each path's logs under its own name; repeats numbered on ---
(cd "$TMP/cmp" && "$KIOGEN" compare --name=c --filename="$DAT" --size=4m --rw=randread \
	--bs=4k --write_iops_log=c --log_avg_msec=$AVG > /dev/null 2>../cmp.err)
check "compare: both paths' logs, apart" \
	test "$(names "$TMP/cmp")" = "c_kernel_iops.1.log c_syscall_iops.1.log "
(cd "$TMP/rep" && "$KIOGEN" run --name=r --filename="$DAT" --size=4m --rw=randread \
	--bs=4k --repeat=2 --write_iops_log=r --log_offset=1 --output-format=terse \
	> /dev/null 2>../rep.err)
check "repeat=2: a set per repeat, numbered on as fio numbers jobs" \
	test "$(names "$TMP/rep")" = "r_iops.1.log r_iops.2.log " -a \
	"$(cat "$TMP/rep"/*.log | wc -l)" = 2048
finish
