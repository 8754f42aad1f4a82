#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kiogen diff on the host: verdicts and exit statuses on the synthetic
# results of ctl/testdata/diff (five repeats each: base; slow, whose latency
# is 30% worse with tight repeats; noisy-a/-b, 1% apart with noisy ones;
# deeper, another iodepth; compare-slow, a kiogen compare result whose kernel
# side is 30% slower), on real fio results and on real kiogen results of the
# syscall path with the null engine (and with --repeat: its repeats, the
# records, --metrics), and bad input.
src=$(cd "$(dirname "$0")/../.." && pwd)
kiogen=$src/ctl/kiogen
data=$src/ctl/testdata/diff
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/selftests/host/tap.sh"

# status WANT DESCRIPTION ARGS...: kiogen diff ARGS exits with WANT
status() {
	local want=$1 what=$2 got

	shift 2
	"$kiogen" diff "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then
		ok "$what (exit $got)"
	else
		not_ok "$what: exit $got, want $want"
		sed 's/^/# /' "$tmp/out" "$tmp/err"
	fi
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

# has [!] PATTERN DESCRIPTION: the last run's output (stdout and stderr)
# matches PATTERN; with !, does not
has() {
	local want=0

	[ "$1" = "!" ] && { want=1; shift; }
	grep -qE -- "$1" "$tmp/out" "$tmp/err"
	if [ $? -eq $want ]; then
		ok "$2"
	else
		not_ok "$2: '$1' $([ $want -eq 0 ] && echo not) in"
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
else
	skip "kiogen --repeat results" "kiogen run --repeat failed: $(tail -1 "$tmp/kg.err")"
fi

tap_done
