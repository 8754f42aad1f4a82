#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kiogen plot on the host: results of kiogen run --path=syscall on a temp
# file, drawn to PNG and SVG by gnuplot; the percentile markers against the
# result's percentiles; overlays; a kiogen compare result (both paths); fio's
# json+ beside kiogen's; bad input. The script tests (--script) need no
# gnuplot; the image tests skip without it (make deps installs gnuplot-nox).
src=$(cd "$(dirname "$0")/../.." && pwd)
kiogen=$src/ctl/kiogen
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/selftests/host/tap.sh"
echo "TAP version 13"

# status WANT DESCRIPTION ARGS...: kiogen plot ARGS, in $tmp with the
# environment $PLOT_ENV, exits with WANT
status() {
	local want=$1 what=$2 got

	shift 2
	# shellcheck disable=SC2086 # VAR=VALUE words
	(cd "$tmp" && env ${PLOT_ENV:-} "$kiogen" plot "$@") >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then
		ok "$what (exit $got)"
	else
		not_ok "$what: exit $got, want $want"
		sed 's/^/# /' "$tmp/err"
	fi
}

# has PATTERN DESCRIPTION: the last run's stderr matches PATTERN
has() {
	if grep -qE -- "$1" "$tmp/err"; then
		ok "$2"
	else
		not_ok "$2: '$1' not in"
		sed 's/^/# /' "$tmp/err"
	fi
}

# empty FILE DESCRIPTION: $tmp/FILE is not there, or empty
empty() {
	if [ ! -s "$tmp/$1" ]; then
		ok "$2"
	else
		not_ok "$2: $1 has $(wc -c <"$tmp/$1") bytes"
	fi
}

# py DESCRIPTION SCRIPT ARGS...: a python3 check that fails by assertion
py() {
	local what=$1

	shift
	if python3 -c "$@" 2>"$tmp/py.err"; then
		ok "$what"
	else
		not_ok "$what: $(tail -1 "$tmp/py.err")"
	fi
}

# The marker rows of a script ($mark_N blocks: value in us, nines, "pP V us")
# against the percentiles of the result (clat_ns, or the key given), by
# curve number.
MARKS='import json, re, sys
script, result = open(sys.argv[1]).read(), json.load(open(sys.argv[2]))
want = [float(p) for p in sys.argv[3].split(",")]
kind = sys.argv[4] if len(sys.argv) > 4 else "clat_ns"
def marks(n):
	m = re.search(r"^\$mark_%d << EOD\n(.*?)^EOD$" % n, script, re.M | re.S)
	assert m, "no $mark_%d" % n
	return [(float(l.split()[0]), l.split("\"")[1]) for l in m.group(1).splitlines()]
curves = []
for job in result.get("jobs", []):
	for d in ("read", "write", "trim"):
		if job[d]["total_ios"]:
			curves.append({float(k): v / 1000 for k, v in job[d][kind]["percentile"].items()})
if "compare" in result:
	for side in ("kernel", "syscall"):
		runs = result["compare"][side]["runs"]
		curves.append({p: sum(r[k] for r in runs) / len(runs) for p, k in
			       ((50, "clat_p50_us"), (99, "clat_p99_us"), (99.9, "clat_p99.9_us"))})
assert curves, "no curves in the result"
for i, pct in enumerate(curves, 1):
	got = marks(i)
	assert [float(l.split()[0][1:]) for _, l in got] == want, "marked %s, want %s" % (got, want)
	for (us, label), p in zip(got, want):
		assert abs(us - pct[p]) < 0.0005, "curve %d p%g: %g us, the result says %g" % (i, p, us, pct[p])'

# The SVG parses, and each LABEL is the title of COUNT curves (a key entry each).
SVG='import sys, xml.etree.ElementTree as E
root = E.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
for arg in sys.argv[2:]:
	label, count = arg.rsplit("=", 1)
	assert texts.count(label) == int(count), "%r %d times, want %s" % (label, texts.count(label), count)'

# results of the syscall path on a temp file: no module, no device
truncate -s 16m "$tmp/f"
kg_run() {
	"$kiogen" run --path=syscall --name=t --filename="$tmp/f" --size=16m --bs=4k \
		--runtime=1 --time_based --randseed=1 --output-format=json "$@"
}
if ! kg_run --rw=randread >"$tmp/a.json" 2>"$tmp/run.err" ||
   ! kg_run --rw=randread --iodepth=2 --ioengine=io_uring >"$tmp/b.json" 2>>"$tmp/run.err" ||
   ! kg_run --rw=randrw >"$tmp/rw.json" 2>>"$tmp/run.err" ||
   ! kg_run --rw=randread --lat_percentiles=1 >"$tmp/lat.json" 2>>"$tmp/run.err"; then
	not_ok "kiogen run --path=syscall: $(tail -1 "$tmp/run.err")"
	tap_done
fi
cp "$src/ctl/testdata/compare.json" "$tmp/compare.json"

# the script: what is drawn, without gnuplot
status 0 "--script of a result" --script a.json
cp "$tmp/out" "$tmp/a.gp"
py "markers: p50 p90 p99 p99.9 p99.99 at the result's clat percentiles" "$MARKS" \
	"$tmp/a.gp" "$tmp/a.json" 50,90,99,99.9,99.99
py "the script has the four charts, one curve each" 'import sys
s = open(sys.argv[1]).read()
for what in ("$cdf_1 using", "$hist_1 using", "$rate_1 using 1:2", "$rate_1 using 1:3"):
	assert s.count(what) == 1, what
assert "$cdf_2" not in s
assert "set logscale x" in s and "set output '"'"'a.png'"'"'" in s' "$tmp/a.gp"
status 0 "--dry-run of a read-write result" --dry-run rw.json
cp "$tmp/out" "$tmp/rw.gp"
py "read and write: a curve each, both marked" "$MARKS" "$tmp/rw.gp" "$tmp/rw.json" \
	50,90,99,99.9,99.99
status 0 "--script of a result with lat's percentiles" --script lat.json
cp "$tmp/out" "$tmp/lat.gp"
py "lat's percentiles where the result has them: marked, and said" "$MARKS" \
	"$tmp/lat.gp" "$tmp/lat.json" 50,90,99,99.9,99.99 lat_ns
py "lat: the axis says so" 'import sys
assert "xlabel '"'"'total latency, lat (us" in open(sys.argv[1]).read()' "$tmp/lat.gp"
status 0 "--script of results with and without lat's percentiles" --script lat.json a.json
cp "$tmp/out" "$tmp/mixed.gp"
py "with and without: clat for both, as kiogen diff" "$MARKS" "$tmp/mixed.gp" \
	"$tmp/lat.json" 50,90,99,99.9,99.99 clat_ns
status 0 "--script of a compare result" --script compare.json
cp "$tmp/out" "$tmp/c.gp"
py "compare: both paths, marked at their mean percentiles" "$MARKS" "$tmp/c.gp" \
	"$tmp/compare.json" 50,99,99.9

# bad input
status 2 "no result" --script
has "no result" "no result: said"
status 2 "a missing file" --script missing.json
has "missing\.json: No such file" "a missing file: said"
echo "this is not JSON" >"$tmp/text"
status 2 "not JSON" --script text
has "text: no JSON object" "not JSON: said"
echo '{"fio version": "x"}' >"$tmp/nojobs.json"
status 2 "JSON without jobs" --script nojobs.json
has "not a result of fio or kiogen" "no jobs: said"
status 2 "an unknown chart" --script --what=cdf,pie a.json
has "unknown chart 'pie'" "an unknown chart: said"
status 2 "an output neither PNG nor SVG" --script -o a.jpg a.json
has "must end in \.png or \.svg" "the output's kind: said"
status 2 "a compare result with a run result" --script a.json compare.json
has "compare result" "compare with run: said"
status 2 "a histogram asked of a result without one" --script --what=hist compare.json
has "no latency histogram" "no histogram: said"
status 2 "an unknown option" --script --frobnicate a.json
PLOT_ENV=PATH=/nonexistent status 2 "gnuplot missing" -o nogp.png a.json
has "gnuplot not found" "gnuplot missing: said"
empty nogp.png "gnuplot missing: no image"
mkdir "$tmp/bin"
printf '#!/bin/sh\ncat >/dev/null\necho "gnuplot broke" >&2\nexit 3\n' >"$tmp/bin/gnuplot"
chmod +x "$tmp/bin/gnuplot"
PLOT_ENV=PATH=$tmp/bin:$PATH status 1 "gnuplot failing" -o broken.png a.json
has "gnuplot failed \(exit 3\)" "gnuplot failing: said"
empty broken.png "gnuplot failing: no half image left"

# the images
if ! command -v gnuplot >/dev/null; then
	skip "images" "no gnuplot (make deps installs gnuplot-nox)"
	tap_done
fi

status 0 "PNG, the default name" a.json
if [ "$(head -c 8 "$tmp/a.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
	ok "a.png is a PNG"
else
	not_ok "a.png is not a PNG: $(head -c 8 "$tmp/a.png" | od -An -c)"
fi
status 0 "SVG" -o a.svg a.json
py "SVG: XML, the curve titled in each of the four charts" "$SVG" "$tmp/a.svg" a.json=4
py "SVG: the markers' labels carry the result's percentiles" 'import json, sys
import xml.etree.ElementTree as E
texts = [t.text for t in E.parse(sys.argv[1]).getroot().iter("{http://www.w3.org/2000/svg}text")]
pct = json.load(open(sys.argv[2]))["jobs"][0]["read"]["clat_ns"]["percentile"]
def fmt(us):	# as the plot writes a latency: us, ms or s
	return "%.4g s" % (us / 1e6) if us >= 1e6 else "%.4g ms" % (us / 1e3) if us >= 1e3 else "%.4g us" % us
for p in ("50", "99", "99.9"):
	want = "p%s %s" % (p, fmt(pct["%f" % float(p)] / 1000))
	assert want in texts, "%r not in the SVG" % want' "$tmp/a.svg" "$tmp/a.json"
status 0 "overlay of two results" -o ab.svg a.json b.json
py "overlay: two curves in each chart" "$SVG" "$tmp/ab.svg" a.json=4 b.json=4
status 0 "overlay, the CDF alone, PNG" -o ab.png --what=cdf a.json b.json
status 0 "a compare result" -o c.svg compare.json
py "compare: both paths in the CDF, IOPS and bandwidth" "$SVG" "$tmp/c.svg" \
	"compare.json kernel=3" "compare.json syscall=3"
mkdir "$tmp/x" "$tmp/y"
cp "$tmp/a.json" "$tmp/x/r.json"
cp "$tmp/b.json" "$tmp/y/r.json"
status 0 "two results of one name" -o xy.svg --what=iops x/r.json y/r.json
py "two results of one name: titled by path" "$SVG" "$tmp/xy.svg" x/r.json=1 y/r.json=1
status 2 "an output that cannot be written" -o /nonexistent/dir/x.png a.json
has "/nonexistent/dir/x\.png: No such file" "an output that cannot be written: said"
empty out "an output that cannot be written: no image on stdout"

# kiogen's latency split: a curve per phase, its table's percentiles marked
if kg_run --rw=randread --latency_split=1 >"$tmp/split.json" 2>>"$tmp/run.err"; then
	status 0 "--script of a result with a latency split" --script split.json
	cp "$tmp/out" "$tmp/split.gp"
	py "split: the result's curve, then one per phase, marked at p50 p99 p99.9" 'import json, re, sys
s, j = open(sys.argv[1]).read(), json.load(open(sys.argv[2]))
ph = j["jobs"][0]["kiogen"]["latency_split"]["phases"]
n = 1
for name in ("build", "submit", "device", "reap"):
	if ph[name]["p99.9"] == 0:
		assert "title '"'"'split.json %s'"'"'" % name not in s, "a phase of zeros drawn"
		continue
	n += 1
	assert "title '"'"'split.json %s'"'"'" % name in s, name
	m = re.search(r"^\$mark_%d << EOD\n(.*?)^EOD$" % n, s, re.M | re.S)
	got = [float(l.split()[0]) for l in m.group(1).splitlines()]
	want = [ph[name][k] / 1000 for k in ("p50", "p99", "p99.9")]
	assert all(abs(a - b) < 0.0005 for a, b in zip(got, want)), (name, got, want)' \
		"$tmp/split.gp" "$tmp/split.json"
	py "split: no complaint that the phases have no IOPS over time" 'import sys
assert "build:" not in open(sys.argv[1]).read()' "$tmp/err"
	# the block phases (a kernel run's; here put into the syscall run's JSON)
	python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
h = lambda i: [[i, 90], [i + 40, 10]]
j["jobs"][0]["kiogen"]["block_phases"] = {"unit": "ns", "ios": 100, "file": False,
	"phases": {"Q2G": {"mean": 2000, "p50": 1900, "p99": 3000, "p99.9": 3000, "share_pct": 3},
		   "I2D": {"mean": 0, "p50": 0, "p99": 0, "p99.9": 0, "share_pct": 0},
		   "D2C": {"mean": 60000, "p50": 50000, "p99": 90000, "p99.9": 90000, "share_pct": 97},
		   "Q2C": {"mean": 62000, "share_pct": 100}, "total": {"mean": 62000, "share_pct": 100}},
	"hist": {"Q2G": h(300), "D2C": h(700)}}
json.dump(j, open(sys.argv[2], "w"))' "$tmp/split.json" "$tmp/blk.json"
	status 0 "--script of a result with block phases" --script --what=phases,cdf blk.json
	py "phases: a stacked bar per table, a column per phase but the total and Q2C" 'import re, sys
s = open(sys.argv[1]).read()
assert "rowstacked" in s, "no stacked bars"
rows = re.search(r"^\$phases << EOD\n(.*?)^EOD$", s, re.M | re.S).group(1).splitlines()
assert [r.split("\"")[1] for r in rows] == ["blk.json split", "blk.json block"], rows
assert len(rows[1].split("\"")[2].split()) == 4 + 3, rows
for t in ("build", "submit", "Q2G", "D2C"):
	assert "title '"'"'%s'"'"'" % t in s, t
assert "title '"'"'I2D'"'"'" not in s, "a phase of zeros stacked"
assert "title '"'"'Q2C'"'"'" not in s and "title '"'"'total'"'"'" not in s
assert "title '"'"'blk.json D2C'"'"'" in s, "no CDF curve of a block phase"' "$tmp/out"
	status 2 "--what=phases of a result without phases" --what=phases a.json
	has "no phases" "--what=phases without phases: said"
else
	not_ok "kiogen run --latency_split=1: $(tail -1 "$tmp/run.err")"
fi

# fio's json+ beside kiogen's: its bins give the CDF and the histogram
if ! command -v fio >/dev/null; then
	skip "fio results" "no fio (make deps)"
elif fio --name=t --filename="$tmp/f" --size=16m --rw=randread --bs=4k --runtime=1 \
	 --time_based --output-format=json+ --output="$tmp/fio.json" >"$tmp/fio.out" 2>&1; then
	status 0 "fio json+ over kiogen" -o fk.svg --what=cdf,hist a.json fio.json
	py "fio json+ over kiogen: two curves in the CDF and the histogram" "$SVG" \
		"$tmp/fk.svg" a.json=2 fio.json=2
	status 0 "--script of fio json+" --script fio.json
	cp "$tmp/out" "$tmp/fio.gp"
	py "fio: markers at fio's percentiles" "$MARKS" "$tmp/fio.gp" "$tmp/fio.json" \
		50,90,99,99.9,99.99
	py "fio: the histogram from its bins" 'import sys
assert "$hist_1 using" in open(sys.argv[1]).read()' "$tmp/fio.gp"
else
	not_ok "fio run: $(tail -1 "$tmp/fio.out")"
fi

# Degenerate results: every clat 0 (each I/O completed within its
# submission: the kernel path on brd or null_blk; here a.json made so), every
# latency 0, some at 0 ns, every latency equal; and real runs of one I/O, a
# stop before the first I/O, a stop mid-run, one repeat, in every format
DEGEN='import json, sys
r = json.load(open(sys.argv[1])); d = r["jobs"][0]["read"]; h = r["jobs"][0]["kiogen"]["hist"]
n, kind = d["clat_ns"]["N"], sys.argv[2]
def flat(lat, ns):
	lat.update(min=ns, max=ns, mean=ns, stddev=0)
	lat["percentile"] = {k: ns for k in lat.get("percentile", {})}
if kind in ("zclat", "zall"):
	flat(d["clat_ns"], 0); h["clat"]["read"] = [[0, n]]
if kind == "zall":
	flat(d["lat_ns"], 0); h["read"] = [[0, n]]
if kind == "part":
	h["clat"]["read"][0] = [0, n // 20]
if kind == "eq":
	flat(d["clat_ns"], 3000); h["clat"]["read"] = [[400, n]]
json.dump(r, open(sys.argv[3], "w"))'
# The data of a script's CDFs and histograms: every x above 0; the first
# histogram bin not below 1 ns; N points in $cdf_1 if given
POS='import re, sys
s = open(sys.argv[1]).read()
for name, body in re.findall(r"^\$(cdf_\d+|hist_\d+) << EOD\n(.*?)^EOD$", s, re.M | re.S):
	xs = [float(l.split()[0]) for l in body.splitlines()]
	assert xs and min(xs) > 0, "%s: x %s" % (name, min(xs or [None]))
	assert not name.startswith("hist") or xs[0] >= 0.001, "%s from %g us" % (name, xs[0])
if len(sys.argv) > 2:
	m = re.search(r"^\$cdf_1 << EOD\n(.*?)^EOD$", s, re.M | re.S)
	assert len(m.group(1).splitlines()) == int(sys.argv[2]), m.group(1)'
for k in zclat zall part eq; do
	python3 -c "$DEGEN" "$tmp/a.json" "$k" "$tmp/$k.json"
done
status 0 "every clat 0 ns: drawn" -o zclat.png zclat.json
has "zclat\.json: clat is 0 ns for every I/O .*lat is drawn instead" "every clat 0 ns: lat drawn, said"
if grep -qE 'gnuplot failed|range is invalid|no valid points' "$tmp/err"; then
	not_ok "every clat 0 ns: gnuplot complained: $(grep -m1 -E 'gnuplot|invalid|valid' "$tmp/err")"
else
	ok "every clat 0 ns: no gnuplot error or warning"
fi
status 0 "every clat 0 ns: --script" --script zclat.json
cp "$tmp/out" "$tmp/zclat.gp"
py "every clat 0 ns: lat's curves, every point above 0" "$POS" "$tmp/zclat.gp"
py "every clat 0 ns: the axis says lat, markers from lat's buckets" 'import sys
s = open(sys.argv[1]).read()
assert "total latency, lat" in s and "\"p99 " in s' "$tmp/zclat.gp"
status 0 "every latency 0 ns: the rest is drawn" -o zall.png zall.json
has "every latency is 0 ns, which a log axis cannot show: not drawn" \
	"every latency 0 ns: the latency charts left out, said"
status 2 "every latency 0 ns, --what=cdf" -o zall2.png --what=cdf zall.json
has "every latency is 0 ns" "every latency 0 ns, --what=cdf: said, not by gnuplot"
status 0 "5% of clat at 0 ns: --script" --script part.json
cp "$tmp/out" "$tmp/part.gp"
py "5% at 0 ns: no point at 0, no bin below 1 ns" "$POS" "$tmp/part.gp"
py "5% at 0 ns: the key says so" 'import re, sys
assert re.search(r"part.json, [45]\.[0-9]+% at 0 ns", open(sys.argv[1]).read())' "$tmp/part.gp"
status 0 "every clat equal: --script" --script eq.json
cp "$tmp/out" "$tmp/eq.gp"
py "every clat equal: the CDF is a step of two points" "$POS" "$tmp/eq.gp" 2
status 0 "every clat equal: drawn" -o eq.png eq.json

# clean FILE DESCRIPTION: no nan or inf in $tmp/FILE
clean() {
	if grep -qiE '(^|[^a-z])-?(nan|inf)([^a-z]|$)' "$tmp/$1"; then
		not_ok "$2: $(grep -oiE '.{20}(nan|inf).{5}' "$tmp/$1" | head -1)"
	else
		ok "$2"
	fi
}
# deg NAME WANT_STATUS RUN_ARGS...: the run in the three formats (under
# KG_STOP=SECONDS, stopped by SIGINT then), each clean, the JSON valid
deg() {
	local name=$1 want=$2 fmt rc
	shift 2
	for fmt in normal terse json; do
		if [ -n "${KG_STOP:-}" ]; then
			timeout -s INT "$KG_STOP" "$kiogen" run --path=syscall --name=t \
				--filename="$tmp/f" --size=16m --bs=4k --randseed=1 \
				--output-format=$fmt "$@" >"$tmp/$name.$fmt" 2>"$tmp/$name.err"
		else
			kg_run --output-format=$fmt "$@" >"$tmp/$name.$fmt" 2>"$tmp/$name.err"
		fi
		rc=$?
		[ $rc -eq "$want" ] || { not_ok "$name, $fmt: exit $rc, want $want"; continue; }
		clean "$name.$fmt" "$name, $fmt: exit $rc, no nan or inf"
	done
	py "$name: the JSON is valid, its terse line has $(awk -F';' '{print NF}' "$tmp/a.terse") fields" \
		'import json, sys
json.load(open(sys.argv[1]))
n = len(open(sys.argv[2]).read().rstrip("\n").split(";"))
assert n == int(sys.argv[3]), "%d fields" % n' "$tmp/$name.json" "$tmp/$name.terse" \
		"$(awk -F';' '{print NF}' "$tmp/a.terse")"
}
kg_run --rw=randread --output-format=terse >"$tmp/a.terse" 2>/dev/null
deg one 0 --rw=randread --number_ios=1
status 0 "one I/O: drawn" -o one.png one.json
has "no IOPS over time: no rate sample \(the run was shorter than one sample interval" \
	"one I/O: why no IOPS over time, said"
deg rep1 0 --rw=randread --number_ios=500 --repeat=1
status 0 "one repeat: drawn" -o rep1.png rep1.json
KG_STOP=1 deg noio 124 --rw=randread --startdelay=5 --runtime=5 --time_based
status 2 "stopped before its first I/O" -o noio.png noio.json
has "noio\.json: no I/O in it to plot" "stopped before its first I/O: said"
KG_STOP=1.5 deg stopped 124 --rw=randread --runtime=10 --time_based
status 0 "stopped mid-run: drawn" -o stopped.png stopped.json

tap_done
