#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fio's own example job files (examples/*.fio of the installed fio's Debian
# source package, fetched by scripts/fio-src.sh, never kept in this
# repository), each scaled down as a test must (fio_examples.py: sizes,
# times, job and file counts capped, devices as files), run by fio and, when
# fio succeeds with engines kiogen has, by kiogen on the same file; where
# the options fix the I/O counts (not fio's random generator), kiogen's
# counts per direction must be fio's.
#
# A ratchet: selftests/fio-examples.expect says, per example fio runs here,
# "pass" or "gap REASON" (kiogen's message, its file and line left out),
# "nofio REASON" for those fio cannot run here, and "fioflaky REASON" for
# those fio ends at some runs and not at others (no reference: skipped,
# whatever fio does this time). An example listed pass
# that fails or counts differently fails the test; so does a gap that now
# passes, or fails for another reason (the list stays true as kiogen learns
# fio's options), a nofio that fio now runs, and an example fio runs that
# the list does not name. Examples fio cannot run here are skipped with
# fio's reason, and those needing an engine kiogen lacks with its name.
# Ends with "# fio ran N; kiogen ran M of N on the PATH path".
#
# Env: KG_EXAMPLES_PATHS ("syscall"): kiogen's paths, "kernel" in the VM
#   (selftests/test_fio_examples.sh); KG_EXAMPLES_FIO (all): "needed" runs
#   fio only where its result decides (the VM: the counts of a pass, an
#   example not listed), the host's run holding the list's gaps and nofios
#   to fio; KG_EXAMPLES_DIR (/var/tmp): where the files are;
#   KG_EXAMPLES_TIMEOUT (30): seconds for each run; KG_EXAMPLES_SLOW (10):
#   an example that takes this many seconds or more says so;
#   KG_EXAMPLES_ONLY: names of the examples to run (default all);
#   KG_EXAMPLES_EXPECT: the expectation list (selftests/fio-examples.expect);
#   KG_FIO_SRC: fio's source tree (default: scripts/fio-src.sh build/fio-src).
#   CI=true: fio's source that cannot be had is a failure, not a skip.
src=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
kiogen=${KIOGEN_CLI:-$src/ctl/kiogen}
helper=$src/selftests/host/fio_examples.py
expect_file=${KG_EXAMPLES_EXPECT:-$src/selftests/fio-examples.expect}
paths=${KG_EXAMPLES_PATHS:-syscall}
limit=${KG_EXAMPLES_TIMEOUT:-30}
. "$src/selftests/host/tap.sh"

echo "TAP version 13"
if ! command -v fio >/dev/null || ! command -v python3 >/dev/null; then
	skip "fio's examples" "fio or python3 is not installed"
	tap_done
fi
tree=${KG_FIO_SRC:-}
if [ -z "$tree" ]; then
	# in a VM (no network, the host's root read-only) only the tree that
	# make selftests unpacked on the host is there: one try
	[ -n "${KIOGEN_VM:-}" ] && export FIO_SRC_TRIES=1
	tree=$("$src/scripts/fio-src.sh" "$src/build/fio-src" 2>"${TMPDIR:-/tmp}/fio-src.$$")
	rc=$?
	why=$(sed -n 's/.*unavailable: //p' "${TMPDIR:-/tmp}/fio-src.$$" | tail -n 1)
	rm -f "${TMPDIR:-/tmp}/fio-src.$$"
	if [ $rc -eq 4 ] && [ "${CI:-}" != true ]; then
		skip "fio's examples" "fio's source: ${why:-unavailable}"
		tap_done
	elif [ $rc -ne 0 ]; then
		not_ok "fio's source package (scripts/fio-src.sh: status $rc${why:+, $why})"
		tap_done
	fi
fi
[ -f "$expect_file" ] || { not_ok "no expectation list at $expect_file"; tap_done; }

tmp=$(mktemp -d -p "${KG_EXAMPLES_DIR:-/var/tmp}" kiogen-examples.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the engines kiogen has: kiogen help run's values of --ioengine
engines=" $("$kiogen" help run | awk '/^  --ioengine=/ { on = 1; next }
	on && /^  --/ { exit } on && NF { print $1 }' | tr '\n' ' ') "
# the expectation list: NAME pass | NAME gap REASON | NAME nofio REASON |
# NAME fioflaky REASON
declare -A want
while read -r name verdict reason; do
	case $name in "" | "#"*) continue ;; esac
	want[$name]="$verdict${reason:+ $reason}"
done <"$expect_file"

# kg_run PATH DIR: kiogen on DIR/job.fio in DIR; its report in DIR/kg.json,
# the reason of a failure (its first message, file and line left out) in
# DIR/why
kg_run() {
	local path=$1 dir=$2 opt=() rc
	[ "$path" = syscall ] && opt=(--path=syscall)
	(cd "$dir" && timeout -k 5 "$limit" "$kiogen" run "${opt[@]}" --output-format=json \
		--output=kg.json job.fio >kg.out 2>kg.err) 2>/dev/null
	rc=$?
	[ $rc -eq 0 ] && return 0
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		echo "timed out after $limit s" >"$dir/why"
	else
		{ grep -m 1 '^kiogen: ' "$dir/kg.err" || head -n 1 "$dir/kg.err"; } |
			sed -E "s#$dir/job\\.fio:[0-9]+: ##; s#job\\.fio:[0-9]+: ##" >"$dir/why"
		[ -s "$dir/why" ] || echo "status $rc" >"$dir/why"
	fi
	return 1
}

# fio_run DIR: fio on DIR/job.fio in DIR; its report in DIR/fio.json, the
# reason of a failure (its first message) in DIR/why
fio_run() {
	local dir=$1 rc
	# (the shell's own "Killed" notice of a fio that hangs: not wanted)
	(cd "$dir" && timeout -k 5 "$limit" fio --output-format=json --output=fio.json \
		job.fio >fio.out 2>fio.err) 2>/dev/null
	rc=$?
	[ $rc -eq 0 ] && return 0
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		echo "fio did not end in $limit s"
	else
		# on stderr, or in its report
		{ cat "$dir/fio.err" "$dir/fio.out"; awk '/^{/ { exit } { print }' \
			"$dir/fio.json"; python3 "$helper" failed "$dir/fio.json"; } 2>/dev/null |
			grep -v '^$' | head -n 1
	fi >"$dir/why"
	return 1
}

# a fresh copy of an example's files, for one run
fresh() {
	cp -a "$1/files" "$1/$2" && cp "$1/job.fio" "$1/$2/"
}

python3 "$helper" scale "$tree/examples" "$tmp" >"$tmp/facts" ||
	{ not_ok "fio_examples.py cannot scale fio's examples"; tap_done; }
nfio=0 nfio_here=0
declare -A nkg
for p in $paths; do nkg[$p]=0; done
while read -r name meta; do
	if [ -n "${KG_EXAMPLES_ONLY:-}" ] && [[ " $KG_EXAMPLES_ONLY " != *" ${name%.fio} "* ]]; then
		continue
	fi
	d=$tmp/${name%.fio}
	need=${meta#engines=}
	need=${need%% *}
	compare=${meta#*compare=}
	exp=${want[$name]:-}
	t0=$SECONDS
	lacks=
	for e in ${need//,/ }; do
		[[ $engines == *" $e "* ]] || lacks+=" $e"
	done
	if [ -n "$lacks" ]; then
		skip "$name" "ioengine${lacks}: kiogen has no such engine"
		continue
	fi
	# fio: everywhere, but in the VM (KG_EXAMPLES_FIO=needed) only where
	# its result decides: the counts of a pass, an example not listed;
	# what the list says fio cannot run, or kiogen refuses, the host's
	# half (make unit) runs fio on
	fio_ran=
	case ${KG_EXAMPLES_FIO:-all}:$exp in
	*:"fioflaky "*)
		skip "$name" "fio does not always end it here: ${exp#fioflaky } (listed)"
		continue ;;
	needed:"nofio "*)
		skip "$name" "fio cannot run it here: ${exp#nofio } (listed)"
		continue ;;
	needed:"gap "*) ;;
	needed:pass) [ "$compare" = yes ] && fio_ran=1 ;;
	*) fio_ran=1 ;;
	esac
	if [ -n "$fio_ran" ]; then
		fresh "$d" fio
		if ! fio_run "$d/fio"; then
			if [ "${exp%% *}" = nofio ] || [ -z "$exp" ]; then
				skip "$name" "fio cannot run it here: $(cat "$d/fio/why")"
			else
				not_ok "$name: listed '$exp', but fio cannot run it here: $(cat "$d/fio/why")"
			fi
			continue
		fi
		if [ "${exp%% *}" = nofio ]; then
			not_ok "$name: listed '$exp', but fio runs it now: list what kiogen does"
			continue
		fi
		fio_counts=$(python3 "$helper" counts "$d/fio/fio.json") ||
			{ not_ok "$name: fio's JSON report cannot be read"; continue; }
	fi
	nfio=$((nfio + 1))
	[ -n "$fio_ran" ] && nfio_here=$((nfio_here + 1))

	# each path: "ok", "differ: ..." or "fail: REASON"
	declare -A got=()
	for p in $paths; do
		fresh "$d" "$p"
		if ! kg_run "$p" "$d/$p"; then
			got[$p]="fail: $(cat "$d/$p/why")"
			continue
		fi
		nkg[$p]=$((nkg[$p] + 1))
		got[$p]=ok
		if [ "$compare" = yes ] && [ -n "$fio_ran" ]; then
			kg_counts=$(python3 "$helper" counts "$d/$p/kg.json") ||
				kg_counts="no readable JSON report"
			[ "$kg_counts" = "$fio_counts" ] ||
				got[$p]="differ: read/write/trim I/Os fio $fio_counts, kiogen $kg_counts"
		fi
	done
	[ $((SECONDS - t0)) -lt "${KG_EXAMPLES_SLOW:-10}" ] || echo "# $name: $((SECONDS - t0)) s"

	# against the list
	sum=
	for p in $paths; do sum+=" $p: ${got[$p]};"; done
	sum=${sum%;}
	on="the ${paths// / and } path"
	case $exp in
	pass)
		bad=
		for p in $paths; do [ "${got[$p]}" = ok ] || bad=1; done
		if [ -n "$bad" ]; then
			not_ok "$name: listed pass, but$sum"
		elif [ "$compare" = yes ]; then
			ok "$name: pass, fio's I/O counts (read/write/trim $fio_counts) on $on"
		else
			ok "$name: pass on $on (counts not compared: ${compare#no:})"
		fi
		;;
	"gap "*)
		bad=
		for p in $paths; do
			[ "${got[$p]}" = "fail: ${exp#gap }" ] || bad=1
		done
		if [ -z "$bad" ]; then
			ok "$name: gap: ${exp#gap }"
		else
			not_ok "$name: listed '$exp', but$sum (update selftests/fio-examples.expect)"
		fi
		;;
	*)
		not_ok "$name: fio runs it, selftests/fio-examples.expect does not list it;$sum"
		;;
	esac
done <"$tmp/facts"
# with KG_EXAMPLES_FIO=needed, N counts the listed examples fio runs on
# the host too
[ "$nfio_here" = "$nfio" ] || echo "# fio ran $nfio_here of the $nfio here, make unit runs it on all"
for p in $paths; do
	echo "# fio ran $nfio; kiogen ran ${nkg[$p]} of $nfio on the $p path"
done
tap_done
