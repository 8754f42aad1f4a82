#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Degenerate results plotted: the JSON and json+ of build/test_degenerate's
# canned kernel-path results (zero I/Os, every latency equal, every latency
# 0, one I/O in one sample, one repeat, a stop before a full sample), which
# that program checks in text, terse and JSON itself. Each gives an image
# and no line of gnuplot's (zero I/Os: exit 2, said); its script has no nan
# or inf, no point at or below 0 on a log axis, no histogram bin below 1 ns,
# and no two percentile marks written over each other.
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${KG_BUILD:-$src/build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/selftests/host/tap.sh"
echo "TAP version 13"

if [ ! -x "$build/test_degenerate" ]; then
	skip "degenerate results plotted" "no $build/test_degenerate (make unit-progs)"
	tap_done
fi
if KG_DEGENERATE_OUT=$tmp "$build/test_degenerate" >"$tmp/tap" 2>&1; then
	ok "test_degenerate: text, terse, JSON and json+ of $(grep -c '^ok' "$tmp/tap") cases"
else
	not_ok "test_degenerate: $(grep -m1 '^not ok' "$tmp/tap")"
fi

CHECK='import re, sys
s = open(sys.argv[1]).read()
assert not re.search(r"(?i)(^|[^a-z])-?(nan|inf)([^a-z]|$)", s), "nan or inf"
for name, body in re.findall(r"^\$(cdf_\d+|hist_\d+|mark_\d+) << EOD\n(.*?)^EOD$", s, re.M | re.S):
	rows = [l.split() for l in body.splitlines()]
	xs = [float(r[0]) for r in rows]
	assert not xs or min(xs) > 0, "%s: x %g on a log axis" % (name, min(xs))
	assert not name.startswith("hist") or xs[0] >= 0.001, "%s from %g us" % (name, xs[0])
	pts = [(r[0], r[1]) for r in rows]
	assert not name.startswith("mark") or len(set(pts)) == len(pts), "%s: marks over each other" % name'

gnuplot_ok=true
command -v gnuplot >/dev/null || gnuplot_ok=false
for f in "$tmp"/*.json; do
	c=$(basename "$f" .json)
	want=0
	[[ $c == zero-ios* ]] && want=2
	(cd "$tmp" && "$src/ctl/kiogen" plot --script "$c.json") >"$tmp/$c.gp" 2>"$tmp/$c.err"
	rc=$?
	if [ $rc -ne "$want" ]; then
		not_ok "$c: plot --script exits $rc, want $want: $(head -1 "$tmp/$c.err")"
		continue
	fi
	if [ "$want" -eq 2 ]; then
		expect "$c: no I/O to plot, said" 2 "$c.json: no I/O in it to plot" \
			"$src/ctl/kiogen" plot -o "$tmp/$c.png" "$f"
		continue
	fi
	if python3 -c "$CHECK" "$tmp/$c.gp" 2>"$tmp/py.err"; then
		ok "$c: the script's curves and marks can be drawn"
	else
		not_ok "$c: $(tail -1 "$tmp/py.err")"
	fi
	if ! $gnuplot_ok; then
		skip "$c: drawn" "no gnuplot (make deps)"
		continue
	fi
	(cd "$tmp" && "$src/ctl/kiogen" plot -o "$c.png" "$c.json") >/dev/null 2>"$tmp/$c.err"
	rc=$?
	other=$(grep -v '^kiogen plot: ' "$tmp/$c.err")
	if [ $rc -eq 0 ] && [ -z "$other" ] && [ "$(head -c 4 "$tmp/$c.png" | tail -c 3)" = PNG ]; then
		ok "$c: drawn, nothing from gnuplot"
	else
		not_ok "$c: exit $rc: $(head -2 <<<"${other:-no PNG}")"
	fi
done
tap_done
