#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The job files of selftests/jobs against fio 3.33: each section is run by
# fio and by `kiogen run --path=syscall` on the same file and directory, and
# the I/Os each job issued per direction must be fio's. The sections listed
# in `differs` differ by design, each for the reason given
# (Documentation/kiogen/options.rst says why): they must still run well,
# most with fio's I/Os in all. Trims go to fio's falloc engine (its psync
# cannot trim a regular file; kiogen punches a hole with any engine).
# test_jobs.sh runs the same files on both paths in the VM. Skipped without
# fio.
src=$(cd "$(dirname "$0")/../.." && pwd)
kiogen=$src/ctl/kiogen
. "$src/selftests/host/tap.sh"

echo "TAP version 13"
if ! command -v fio >/dev/null || ! command -v python3 >/dev/null; then
	skip "job files against fio" "fio or python3 is not installed"
	tap_done
fi
tmp=$(mktemp -d -p /var/tmp 2>/dev/null || mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/dir"
truncate -s 256m "$tmp/dev"
export KG_DEV=$tmp/dev KG_DIR=$tmp/dir

# section -> why its counts per direction are not fio's; "total:" before the
# reason: each job's I/Os in all must still be fio's
declare -A differs=(
	[bs-per-direction]="each tool draws the directions; kiogen's random map holds start offsets, fio's shortens an I/O into a used block"
	[bsrange]="each tool draws the sizes"
	[bssplit]="each tool draws the sizes"
	[md5-backlog]="each tool draws the sizes"
	[pareto-mix]="total:each tool draws the directions (rwmixread)"
	[rate-iops]="total:fio picks the direction behind its rate, kiogen draws it (rwmixread)"
	[nrfiles-roundrobin]="each tool draws the files' sizes (filesize=LOW-HIGH)"
	[colon-list]="total:each tool draws the directions (rwmixread)"
	[libaio]="total:each tool draws the directions (rwmixread)"
	[posixaio]="total:each tool draws the directions (rwmixread)"
	[psync]="total:each tool draws the directions (rwmixread)"
	[io_uring]="total:each tool draws the directions (rwmixread)"
)

# counts TOOL-OUTPUT: each job's [reads, writes, trims], sorted
counts() {
	python3 -c '
import json, sys
t = open(sys.argv[1]).read()
j = json.loads(t[t.index("{"):])	# fio may print notes before its JSON
print(sorted([x[d]["total_ios"] for d in ("read", "write", "trim")] for x in j["jobs"]))' "$1" 2>/dev/null
}

# totals COUNTS: each job's I/Os in all, from counts' output
totals() {
	python3 -c 'import sys; print(sorted(sum(c) for c in eval(sys.argv[1])))' "$1"
}

for f in "$src"/selftests/jobs/*.fio; do
	base=$(basename "$f")
	extra=
	[ "$base" = trim.fio ] && extra=--ioengine=falloc
	for s in $(sed -n 's/^\[\(.*\)\]$/\1/p' "$f" | grep -vx global); do
		rm -rf "${KG_DIR:?}"/*
		# in $tmp: fio leaves its verify state files where it runs
		(cd "$tmp" && fio --section="$s" $extra --output-format=json "$f") \
			> "$tmp/fio.json" 2>"$tmp/fio.err"
		frc=$?
		rm -rf "${KG_DIR:?}"/*
		"$kiogen" run --path=syscall --section="$s" --output-format=json "$f" \
			> "$tmp/kg.json" 2>"$tmp/kg.err"
		krc=$?
		fc=$(counts "$tmp/fio.json")
		kc=$(counts "$tmp/kg.json")
		if [ $krc != 0 ] || [ -z "$kc" ]; then
			not_ok "$base [$s]: kiogen exits $krc: $(head -c 300 "$tmp/kg.err")"
		elif [ -n "${differs[$s]}" ] && [ "${differs[$s]#total:}" = "${differs[$s]}" ]; then
			ok "$base [$s]: runs ($kc; fio $fc: ${differs[$s]})"
		elif [ -n "${differs[$s]}" ]; then
			if [ -n "$fc" ] && [ "$(totals "$fc")" = "$(totals "$kc")" ]; then
				ok "$base [$s]: fio's I/Os in all ($kc; fio $fc: ${differs[$s]#total:})"
			else
				not_ok "$base [$s]: kiogen issued $kc, fio $fc: not the same in all"
			fi
		elif [ $frc != 0 ] || [ -z "$fc" ]; then
			not_ok "$base [$s]: fio exits $frc: $(head -c 300 "$tmp/fio.err")"
		elif [ "$fc" = "$kc" ]; then
			ok "$base [$s]: fio's I/O counts ($kc)"
		else
			not_ok "$base [$s]: kiogen issued $kc, fio $fc"
		fi
	done
done
tap_done
