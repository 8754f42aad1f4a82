#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kiogen diff on the host: verdicts and exit statuses on the synthetic
# results of ctl/testdata/diff (five repeats each: base; slow, whose latency
# is 30% worse with tight repeats; noisy-a/-b, 1% apart with noisy ones;
# deeper, another iodepth; compare-slow, a kiogen compare result whose kernel
# side is 30% slower), also split a repeat a file as the sides of
# "kiogen diff A1 A2 A3 -- B1 B2 B3", on real fio results and on real kiogen
# results of the syscall path with the null engine (and with --repeat: its
# repeats, the records, --metrics), fio run three times a side at two rates,
# and bad input.
src=$(cd "$(dirname "$0")/../.." && pwd)
kiogen=$src/ctl/kiogen
data=$src/ctl/testdata/diff
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/selftests/host/tap.sh"

# status WANT DESCRIPTION ARGS...: kiogen diff ARGS exits with WANT
status() {
	local want=$1 what=$2

	shift 2
	exits "$want" "$what" "$kiogen" diff "$@"
}

# judged DESCRIPTION ARGS...: a verdict either way (exit 0 or 1), for real
# runs whose noise depends on the machine
judged() {
	local what=$1 got

	shift
	"$kiogen" diff "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -le 1 ]; then
		ok "$what (exit $got)"
	else
		not_ok "$what: exit $got, want 0 or 1"
		sed 's/^/# /' "$tmp/out" "$tmp/err"
	fi
}

# the rows' change column, every one +0.00%, and no verdict but "no significant change"
self_zero() {
	if awk '/^(read|write|trim|cpu|kernel|syscall) / { n++; if ($0 !~ / \+0\.00% /) bad = 1 }
		END { exit !(n && !bad) }' "$tmp/out"; then
		ok "$1: every change is +0.00%"
	else
		not_ok "$1: a change other than +0.00%"
		sed 's/^/# /' "$tmp/out"
	fi
	has ! "regression|improvement" "$1: no verdict but no significant change"
}

echo "TAP version 13"

status 0 "a result against itself" "$data/base.json" "$data/base.json"
self_zero "base against itself"
status 0 "itself, --bisect: good" --bisect "$data/base.json" "$data/base.json"

status 1 "30% worse latency, tight repeats" "$data/base.json" "$data/slow.json"
has "read lat mean us .* \+30\.00% .* regression +bootstrap, repeats" \
	"mean latency: +30%, regression, bootstrap over repeats"
has "read iops .* regression" "IOPS down: regression"
has "read clat p99\.9 us .* regression" "p99.9: regression"
status 1 "30% worse, --bisect: bad" --bisect "$data/base.json" "$data/slow.json"
status 0 "30% better is no regression" "$data/slow.json" "$data/base.json"
has "read lat mean us .* improvement" "the other way round: improvement"

status 0 "1% with noisy repeats" "$data/noisy-a.json" "$data/noisy-b.json"
has "read lat mean us .* \+1\.00% .* no significant change" "1%: no significant change"
# the rule: an interval that reaches the threshold on the bad side cannot tell
status 125 "1% noisy, --bisect: cannot tell" --bisect "$data/noisy-a.json" "$data/noisy-b.json"
status 0 "1% noisy, --threshold=50 --bisect: good" --bisect --threshold=50 \
	"$data/noisy-a.json" "$data/noisy-b.json"

status 2 "different jobs refused" "$data/base.json" "$data/deeper.json"
has "iodepth: 1 -> 4" "the job difference is listed"
status 0 "different jobs with --force" --force "$data/base.json" "$data/deeper.json"
has "iodepth: 1 -> 4" "--force still lists the difference"

status 1 "several files: a regression in any" "$data/base.json" "$data/base.json" \
	"$data/slow.json"
has "^B: .*slow\.json" "each against A"

status 1 "--output-format=json" --output-format=json "$data/base.json" "$data/slow.json"
if python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
m = {r["metric"]: r for r in d["diffs"][0]["metrics"]}
r = m["read lat mean"]
assert r["verdict"] == "regression" and abs(r["change_pct"] - 30) < 0.01
assert r["ci_low_pct"] > 5 and r["method"] == "bootstrap, repeats"' "$tmp/out" 2>"$tmp/err"; then
	ok "JSON: parses, and says regression at +30%"
else
	not_ok "JSON: $(tail -1 "$tmp/err")"
fi

# kiogen compare results: each side's runs are its repeats
status 0 "compare: a result against itself" "$src/ctl/testdata/compare.json" \
	"$src/ctl/testdata/compare.json"
self_zero "compare against itself"
status 1 "compare: the kernel side 30% slower" "$src/ctl/testdata/compare.json" \
	"$data/compare-slow.json"
has "kernel lat mean us .* regression" "compare: kernel latency, regression"
has "syscall lat mean us .* no significant change" "compare: syscall side unchanged"
status 2 "compare against a run result" "$src/ctl/testdata/compare.json" "$data/base.json"
has "is a kiogen compare result, .* is not" "compare against a run: said"

# kiogen diff A1 A2 A3 -- B1 B2 B3: each side's files are its repeats (fio
# run N times); the canned results' five repeats split one a file
python3 -c 'import json, sys
for n in ("base", "slow", "deeper"):
	d = json.load(open("%s/%s.json" % (sys.argv[1], n)))
	for i, j in enumerate(d["jobs"]):
		d1 = dict(d, jobs=[j])
		json.dump(d1, open("%s/%s-%d.json" % (sys.argv[2], n, i), "w"))' "$data" "$tmp"
a3="$tmp/base-0.json $tmp/base-1.json $tmp/base-2.json"
b3="$tmp/slow-0.json $tmp/slow-1.json $tmp/slow-2.json"
# shellcheck disable=SC2086 # the sides' files, split on purpose
{
status 1 "three files a side, 30% worse latency" $a3 -- $b3
has "^A: .*base-0\.json .*base-1\.json .*base-2\.json \(3 repeats\)$" \
	"sides: A is its three files, three repeats"
has "^B: .*slow-0\.json .*slow-2\.json \(3 repeats\)$" "sides: B is its three files"
has "read lat mean us .* \+30\.00% .* regression +bootstrap, repeats" \
	"sides: mean latency +30%, regression, bootstrap over the files"
has "read iops .* regression" "sides: IOPS down, regression"
status 1 "three files a side, --bisect: bad" --bisect $a3 -- $b3
status 0 "three files a side, 30% better" $b3 -- $a3
has "read lat mean us .* improvement" "sides: the other way round, improvement"
status 0 "three files a side, the same on both" $a3 -- $a3
self_zero "sides: the same files on both"
status 0 "the same on both, --bisect: good" --bisect $a3 -- $a3

# the repeats pooled from five files are those of the file that held them
status 1 "five files a side" $tmp/base-[0-4].json -- $tmp/slow-[0-4].json
awk '/^(read|cpu)/' "$tmp/out" >"$tmp/rows-sides"
"$kiogen" diff "$data/base.json" "$data/slow.json" | awk '/^(read|cpu)/' >"$tmp/rows-files"
if [ -s "$tmp/rows-sides" ] && cmp -s "$tmp/rows-sides" "$tmp/rows-files"; then
	ok "five files a side: the rows of the file that held the five repeats"
else
	not_ok "five files a side: other rows than base.json against slow.json"
	diff "$tmp/rows-files" "$tmp/rows-sides" | sed 's/^/# /'
fi

status 0 "one file a side" "$tmp/base-0.json" -- "$tmp/slow-0.json"
has "^one repeat on a side: .* nothing is judged" "one file a side: said why"
has ! "no significant change|regression|improvement" "one file a side: no verdict"
status 125 "one file a side, --bisect: cannot tell" --bisect "$tmp/base-0.json" -- \
	"$tmp/slow-0.json"
status 0 "one file against three" "$tmp/base-0.json" -- $b3
has "^one repeat on a side" "one file against three: one repeat on a side"

status 2 "a file of another job in a side" "$tmp/base-0.json" "$tmp/base-1.json" \
	"$tmp/deeper-2.json" -- $b3
has "deeper-2\.json is not a repeat of .*base-0\.json" "the file that differs named"
has "iodepth: 1 -> 4" "and how it differs"
status 0 "another job in a side, --force pools it" --force "$tmp/base-0.json" \
	"$tmp/base-1.json" "$tmp/deeper-2.json" -- $a3
status 2 "sides of different jobs" $a3 -- "$tmp/deeper-0.json" "$tmp/deeper-1.json"
has "are results of different jobs" "sides of different jobs: said"
has "iodepth: 1 -> 4" "sides of different jobs: the difference listed"

status 1 "three sides: each against A" "$tmp/base-0.json" "$tmp/base-1.json" -- \
	"$tmp/base-2.json" "$tmp/base-3.json" -- "$tmp/slow-0.json" "$tmp/slow-1.json"
if [ "$(grep -c '^A: .*base-0\.json .*base-1\.json (2 repeats)$' "$tmp/out")" = 2 ] &&
   grep -q "^B: .*base-2\.json .*base-3\.json" "$tmp/out" &&
   grep -q "^B: .*slow-0\.json .*slow-1\.json" "$tmp/out"; then
	ok "three sides: B and C each against A"
else
	not_ok "three sides: not each against A"
	sed 's/^/# /' "$tmp/out"
fi

status 1 "sides, --output-format=json" --output-format=json $a3 -- $b3
if python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))["diffs"][0]
assert d["a_repeats"] == 3 and d["b_repeats"] == 3
assert [f.rsplit("/", 1)[1] for f in d["a_files"]] == ["base-%d.json" % i for i in range(3)]
assert len(d["b_files"]) == 3
m = {r["metric"]: r for r in d["metrics"]}
r = m["read lat mean"]
assert r["verdict"] == "regression" and abs(r["change_pct"] - 30) < 0.01
assert r["method"] == "bootstrap, repeats"' "$tmp/out" 2>"$tmp/err"; then
	ok "sides, JSON: each side's files and repeats, regression at +30%"
else
	not_ok "sides, JSON: $(tail -1 "$tmp/err")"
fi
}

# kiogen compare results in sides: each file's runs pooled
status 1 "compare results, two a side" "$src/ctl/testdata/compare.json" \
	"$src/ctl/testdata/compare.json" -- "$data/compare-slow.json" "$data/compare-slow.json"
has "^A: .* \(4 repeats\)$" "compare results in sides: their runs pooled"
has "kernel lat mean us .* regression" "compare results in sides: kernel latency, regression"
status 2 "a compare result and a run result in a side" "$src/ctl/testdata/compare.json" \
	"$tmp/base-0.json" -- "$data/compare-slow.json"
has "compare\.json is a kiogen compare result, .*base-0\.json is not" \
	"compare and run in a side: said, naming both"

if "$kiogen" help diff | grep -q "^       kiogen diff .*A1 \[A2\.\.\.\] -- B1 \[B2\.\.\.\]"; then
	ok "kiogen help diff: the form of sides"
else
	not_ok "kiogen help diff: no A1 [A2...] -- B1 [B2...]"
fi

# an empty side is bad usage
status 2 "-- with no file after it" "$tmp/base-0.json" "$tmp/base-1.json" --
has "side B has no file" "no file after --: said"
status 2 "-- with no file before it" -- "$tmp/base-0.json" "$tmp/base-1.json"
has "side A has no file" "no file before --: said"
status 2 "-- -- with no file between" "$tmp/base-0.json" -- -- "$tmp/base-1.json"
has "side B has no file" "no file between two --: said"

# bad input
status 2 "one file only" "$data/base.json"
has "two results at least" "one file only: said"
status 2 "a missing file" "$data/base.json" "$tmp/missing.json"
has "missing\.json: No such file" "a missing file: said"
echo "this is not JSON" >"$tmp/text"
status 2 "not JSON" "$data/base.json" "$tmp/text"
has "text: no JSON object" "not JSON: said"
head -c 300 "$data/base.json" >"$tmp/cut.json"
status 2 "a truncated file" "$data/base.json" "$tmp/cut.json"
has "cut\.json: .* at byte" "truncated: said where"
echo '{"fio version": "x"}' >"$tmp/nojobs.json"
status 2 "JSON without jobs" "$data/base.json" "$tmp/nojobs.json"
has "not a result of fio or kiogen" "no jobs: said"
status 2 "an unknown option" --frobnicate "$data/base.json" "$data/base.json"
status 2 "--confidence out of range" --confidence=100 "$data/base.json" "$data/base.json"

# real fio results (fio's null engine: no device)
fio_run() {
	fio --name=t --ioengine=null --size=1g --rw=randread --bs=4k --runtime=1 \
		--time_based "$@" >"$tmp/fio.out" 2>&1
}
if ! command -v fio >/dev/null; then
	skip "fio results" "no fio (make deps)"
elif fio_run --output-format=json --output="$tmp/fio-a.json" &&
     fio_run --output-format=json --output="$tmp/fio-b.json" &&
     fio_run --output-format=json+ --numjobs=2 --output="$tmp/fio-plus.json"; then
	status 0 "fio: a result against itself" "$tmp/fio-a.json" "$tmp/fio-a.json"
	self_zero "fio against itself"
	# one run's interval cannot see the scatter between runs: shown, not judged
	status 0 "fio: two runs of one job, one repeat each" "$tmp/fio-a.json" "$tmp/fio-b.json"
	has "read clat p99 us .* \[.*\] +not judged +normal, order statistics" \
		"fio: p99's interval from the order statistics, not judged"
	has "^one repeat on a side: .* nothing is judged" "fio: one repeat each: said why"
	has ! "no significant change|regression|improvement" "fio: one repeat each: no verdict"
	status 125 "fio: one repeat each, --bisect: cannot tell" --bisect \
		"$tmp/fio-a.json" "$tmp/fio-b.json"
	status 0 "fio json+, two repeats, against itself" "$tmp/fio-plus.json" "$tmp/fio-plus.json"
	has "bootstrap, repeats" "fio json+: bootstrap over its two jobs"
	# fio run N times, a file each: kiogen diff A1 A2 -- B1 B2
	judged "fio: two runs a side" "$tmp/fio-a.json" "$tmp/fio-b.json" -- \
		"$tmp/fio-b.json" "$tmp/fio-a.json"
	has "^A: .*fio-a\.json .*fio-b\.json \(2 repeats\)$" "fio: a side of two runs, two repeats"
	has "read iops .* bootstrap, repeats$" "fio: two runs a side, bootstrapped over the runs"
	status 2 "fio: a run of other options in a side" "$tmp/fio-a.json" \
		"$tmp/fio-plus.json" -- "$tmp/fio-b.json"
	has "fio-plus\.json is not a repeat of .*fio-a\.json" "fio: the run that differs named"
	has "numjobs" "fio: the option that differs listed"
	# three runs a side at 2000 and at 1000 IOPS (--force: rate_iops differs)
	for i in 1 2 3; do
		if ! fio_run --rate_iops=2000 --output-format=json --output="$tmp/fio-fast$i.json" ||
		   ! fio_run --rate_iops=1000 --output-format=json --output="$tmp/fio-slow$i.json"; then
			break
		fi
	done
	if [ -f "$tmp/fio-slow3.json" ]; then
		status 1 "fio: three runs a side, half the IOPS" --force --metrics=iops \
			"$tmp"/fio-fast[123].json -- "$tmp"/fio-slow[123].json
		# a loaded host keeps fio's 1-s runs below their rate: about half, not exactly
		has "read iops .* -(4[0-9]|5[0-9])\.[0-9]+% .* regression +bootstrap, repeats$" \
			"fio: half the IOPS, a regression over three runs a side"
		status 1 "fio: half the IOPS, --bisect: bad" --bisect --force --metrics=iops \
			"$tmp"/fio-fast[123].json -- "$tmp"/fio-slow[123].json
		status 0 "fio: twice the IOPS" --force --metrics=iops \
			"$tmp"/fio-slow[123].json -- "$tmp"/fio-fast[123].json
		has "read iops .* improvement" "fio: twice the IOPS, an improvement"
	else
		not_ok "fio runs at a set rate: $(tail -1 "$tmp/fio.out")"
	fi
else
	not_ok "fio runs: $(tail -1 "$tmp/fio.out")"
fi

# real kiogen results: the syscall path needs no module, the null engine no device
kg_run() {
	"$kiogen" run --path=syscall --ioengine=null --name=t --size=1g --rw=randread \
		--bs=4k --runtime=1 --time_based --randseed=1 --output-format=json "$@"
}
if kg_run >"$tmp/kg-a.json" 2>"$tmp/kg.err" && kg_run >"$tmp/kg-b.json" 2>>"$tmp/kg.err"; then
	status 0 "kiogen: a result against itself" "$tmp/kg-a.json" "$tmp/kg-a.json"
	self_zero "kiogen against itself"
	status 0 "kiogen: two runs of one job, one repeat each" "$tmp/kg-a.json" "$tmp/kg-b.json"
	has "read iops .* \[.*\] +not judged +bootstrap, intervals$" \
		"kiogen: IOPS bootstrapped over its intervals, not judged"
	if [ -f "$tmp/fio-a.json" ]; then
		# both list the options as given: one job, compared (randseed aside)
		judged "kiogen against fio of the same options" "$tmp/kg-a.json" \
			"$tmp/fio-a.json"
		# and a job of other options is refused
		"$kiogen" run --path=syscall --ioengine=null --name=t --size=1g --rw=randread \
			--bs=8k --runtime=1 --time_based --output-format=json \
			>"$tmp/kg-8k.json" 2>>"$tmp/kg.err"
		status 2 "kiogen against fio: the options differ" "$tmp/kg-8k.json" \
			"$tmp/fio-a.json"
		has "bs" "the differing option named"
		# a side may pool kiogen's and fio's results of the same options
		judged "sides of kiogen's and fio's results" "$tmp/kg-a.json" "$tmp/fio-a.json" \
			-- "$tmp/kg-b.json" "$tmp/fio-b.json"
		has "^B: .*kg-b\.json .*fio-b\.json \(2 repeats\)$" \
			"kiogen's and fio's results: pooled, two repeats"
		status 2 "a kiogen result of other options in a side" "$tmp/fio-a.json" \
			"$tmp/kg-8k.json" -- "$tmp/fio-b.json"
		has "kg-8k\.json is not a repeat of .*fio-a\.json" "the kiogen file named"
	fi
else
	skip "kiogen syscall results" "kiogen run --path=syscall failed: $(tail -1 "$tmp/kg.err")"
fi

# kiogen run --repeat: diff bootstraps over the repeats it kept; the records
# are compared first; --metrics chooses what is judged
if kg_run --runtime=300ms --repeat=3 >"$tmp/rep-a.json" 2>"$tmp/kg.err" &&
   kg_run --runtime=300ms --repeat=3 >"$tmp/rep-b.json" 2>>"$tmp/kg.err"; then
	judged "kiogen --repeat=3: two results" "$tmp/rep-a.json" "$tmp/rep-b.json"
	has "^A: .*rep-a.json \(3 repeats\)" "kiogen --repeat=3: its 3 repeats, not its one merged job"
	has "read iops .* bootstrap, repeats$" "kiogen --repeat=3: bootstrapped over the repeats"
	has "^the records of the systems under test are the same" "same machine: the same records"
	has "^latency distribution of read \(kiogen's lat histograms\)" \
		"the distributions, from the merged histograms"
	judged "kiogen --repeat=3: both results a side" "$tmp/rep-a.json" "$tmp/rep-b.json" -- \
		"$tmp/rep-b.json"
	has "^A: .*rep-a\.json .*rep-b\.json \(6 repeats\)$" \
		"a side of two --repeat=3 results: their six repeats"
	status 0 "kiogen --repeat=3 against itself" "$tmp/rep-a.json" "$tmp/rep-a.json"
	self_zero "kiogen --repeat=3 against itself"
	python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
j["kiogen"]["record"]["system"]["kernel_release"] = "9.9.9-other"
json.dump(j, open(sys.argv[2], "w"))' "$tmp/rep-b.json" "$tmp/rep-k.json"
	judged "another kernel" "$tmp/rep-a.json" "$tmp/rep-k.json"
	if awk '/^  system.kernel_release: .* -> 9.9.9-other$/ { k = NR } /^metric / { m = NR }
		END { exit !(k && k < m) }' "$tmp/out"; then
		ok "another kernel: the record's difference is listed before the metrics"
	else
		not_ok "another kernel: no record difference before the metrics"
		sed 's/^/# /' "$tmp/out"
	fi
	judged "--metrics=p50" --metrics=p50 "$tmp/rep-a.json" "$tmp/rep-b.json"
	if awk '/^(read|cpu)/ && !/ p50 / && !/not judged/ { bad = 1 } END { exit bad }' "$tmp/out"; then
		ok "--metrics=p50: only p50 is judged"
	else
		not_ok "--metrics=p50: another metric judged"
		sed 's/^/# /' "$tmp/out"
	fi
	status 2 "--metrics with an unknown metric" --metrics=iops,p42 "$tmp/rep-a.json" \
		"$tmp/rep-b.json"
	# two jobs of a file are taken for repeats of one: refused when they differ
	kg_run --runtime=100ms --name=u --size=1g --bs=8k --runtime=100ms --time_based \
		>"$tmp/two.json" 2>>"$tmp/kg.err"
	status 2 "a file of two different jobs" "$tmp/two.json" "$tmp/rep-a.json"
	has "two\.json holds different jobs" "a file of two different jobs: said"
else
	skip "kiogen --repeat results" "kiogen run --repeat failed: $(tail -1 "$tmp/kg.err")"
fi

tap_done
