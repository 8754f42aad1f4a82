#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside the test VM (see vmtest.sh): the kselftest suite, TAP to the
# console and to $KIOGEN_OUT/vm.tap, in one of the two ways a kernel tree
# runs it (KIOGEN_SUITE): "tree" (default), make -C tools/testing/selftests
# TARGETS=kiogen run_tests in the staged tree; "installed", run_kselftest.sh
# of the tree that make installed (build/ksft-install). Either runs only the
# tests named in KIOGEN_TESTS if set.
# KIOGEN_TIMEOUT_SCALE=N (a slow debug kernel): each test gets N times the
# timeout of selftests/settings. KIOGEN_KMEMLEAK=1 (the debug leg): after the
# suite, kmemleak is scanned with kiogen loaded and again once it is unloaded
# (what it did not free is orphaned then); the reports go to
# $KIOGEN_OUT/kmemleak.txt, kiogen's text ranges to kiogen-text.txt, and
# selftests/check.sh judges them.
set -o pipefail
src=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
export KIOGEN_SRC=$src
export KIOGEN_KO=${KIOGEN_KO:-$src/kmod/kiogen.ko}
export KIOGEN_CLI=${KIOGEN_CLI:-$src/ctl/kiogen}
ksft=$src/build/ksft/tools/testing/selftests

# devtmpfs has no /dev/stdout; the kselftest runner writes test output there
[ -e /dev/stdout ] || ln -s /proc/self/fd/1 /dev/stdout
[ -e /dev/stderr ] || ln -s /proc/self/fd/2 /dev/stderr
[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
# tests that need the module find it loaded; test_module_load.sh cycles it
insmod "$KIOGEN_KO"

# python3 through a fork server: a start costs half a second of a core
# under TCG, and the tests' JSON checks start it hundreds of times (60% of
# test_compare.sh's time); the client runs the real python3 wherever its
# context is not the server's (py_forkserver_client.c). KIOGEN_PYSERVER=off:
# the real one everywhere.
py_forkserver() {
	local client dir=/tmp/kiogen-python i
	for client in "$ksft/kiogen/py_forkserver_client" \
		"$src/build/ksft-install/kiogen/py_forkserver_client"; do
		[ -x "$client" ] && break
	done
	[ -x "$client" ] && [ "${KIOGEN_PYSERVER:-}" != off ] || return 0
	mkdir -p "$dir" && ln -sf "$client" "$dir/python3" || return 0
	export KIOGEN_PYTHON=${KIOGEN_PYTHON:-$(command -v python3)}
	export KIOGEN_PYSERVER=$dir/socket
	"$KIOGEN_PYTHON" "$src/selftests/py_forkserver.py" "$KIOGEN_PYSERVER" </dev/null \
		>/dev/null 2>&1 &
	for ((i = 0; i < 300; i++)); do
		[ -S "$KIOGEN_PYSERVER" ] && break
		sleep 0.1
	done
	export PATH=$dir:$PATH
	echo "# python3: a fork server ($KIOGEN_PYTHON)"
}
py_forkserver

# the host's tree is read-only here: a scaled settings file is mounted over it
scale_timeouts() {
	local settings=$1 n=${KIOGEN_TIMEOUT_SCALE:-1} t
	[ "$n" != 1 ] && [ -f "$settings" ] || return 0
	t=$(sed -n 's/^timeout=//p' "$settings")
	sed "s/^timeout=.*/timeout=$((${t:-45} * n))/" "$settings" >/tmp/kiogen-settings &&
		mount --bind /tmp/kiogen-settings "$settings" &&
		echo "# per-test timeout ${t:-45} s x $n = $((${t:-45} * n)) s"
}

# Unreferenced objects after the suite, read with kiogen loaded and after
# rmmod, with the address ranges of kiogen's text (frames in an unloaded
# module are bare addresses). Scanned twice: a new object is reported only
# once it is a few seconds old.
kmemleak_scan() {
	local kl=/sys/kernel/debug/kmemleak out=${KIOGEN_OUT:-/tmp} s sz
	: >"$out/kmemleak.txt"
	if [ ! -w $kl ]; then
		echo "kmemleak: $kl is not there" >"$out/kmemleak.err"
		return
	fi
	if [ -d /sys/module/kiogen/sections ]; then
		for s in /sys/module/kiogen/sections/.*text*; do
			s=${s##*/}
			sz=$(readelf -SW "$KIOGEN_KO" | awk -v s="$s" '
				{ sub(/^ *\[ *[0-9]+\] */, "") }
				$1 == s { print $5; exit }')
			[ -n "$sz" ] && echo "$s $(cat "/sys/module/kiogen/sections/$s") 0x$sz"
		done >"$out/kiogen-text.txt"
	fi
	scan_twice() {
		echo scan >$kl && sleep 6 && echo scan >$kl
	}
	scan_twice || echo "kmemleak: scan failed (disabled?)" >>"$out/kmemleak.err"
	{ echo "# with kiogen loaded"; cat $kl; } >>"$out/kmemleak.txt"
	if [ -d /sys/module/kiogen ] && ! rmmod kiogen; then
		echo "kmemleak: rmmod kiogen failed after the suite" >>"$out/kmemleak.err"
	fi
	scan_twice || echo "kmemleak: scan failed after rmmod" >>"$out/kmemleak.err"
	{ echo "# after rmmod kiogen"; cat $kl; } >>"$out/kmemleak.txt"
}

echo "# guest kernel $(uname -r), clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
case ${KIOGEN_SUITE:-tree} in
tree)
	run=(make -s -C "$ksft" TARGETS=kiogen run_tests)
	# KIOGEN_TESTS: the tests to run, as the Makefile's lists, overridden
	# (the built programs have no .sh)
	if [ -n "${KIOGEN_TESTS:-}" ]; then
		gen='' progs=''
		for t in $KIOGEN_TESTS; do
			case $t in
			*.sh) progs+=" $t" ;;
			*) gen+=" $t" ;;
			esac
		done
		run+=("TEST_GEN_PROGS=${gen# }" "TEST_PROGS=${progs# }")
	fi
	echo "# ${run[*]/"$ksft"/tools/testing/selftests}"
	scale_timeouts "$ksft/kiogen/settings"
	;;
installed)
	# KIOGEN_TESTS: the tests to run (default: the whole collection)
	run=("$src/build/ksft-install/run_kselftest.sh")
	if [ -n "${KIOGEN_TESTS:-}" ]; then
		for t in $KIOGEN_TESTS; do run+=(-t "kiogen:$t"); done
	else
		run+=(-c kiogen)
	fi
	echo "# ${run[*]#"$src/build/ksft-install/"} (installed tree)"
	scale_timeouts "$src/build/ksft-install/kiogen/settings"
	;;
*)
	echo "vm-suite.sh: KIOGEN_SUITE is tree or installed, not '$KIOGEN_SUITE'"
	exit 2
	;;
esac
# the guest's busy and idle jiffies (all CPUs) and the last pid given out
cpu_mark() {
	local cpu user nice sys idle iowait rest
	read -r cpu user nice sys idle iowait rest </proc/stat
	echo "$((user + nice + sys)) $((idle + iowait)) $(cat /proc/sys/kernel/ns_last_pid)"
}

# each test's wall time, for check.sh's table of the slowest: from the
# runner's "# selftests: kiogen: T" to its result line; and in load.txt how
# busy the guest's CPUs were meanwhile and how many processes the test
# started (under TCG a fork and exec costs ~45 ms: where a test's time goes)
timed() {
	local line t0=$EPOCHREALTIME name m0 m1
	while IFS= read -r line; do
		printf '%s\n' "$line"
		case $line in
		"# selftests: kiogen: "*) t0=$EPOCHREALTIME m0=$(cpu_mark) ;;
		"ok "*" selftests: kiogen: "* | "not ok "*" selftests: kiogen: "*)
			name=${line#*selftests: kiogen: }
			name=${name%% *}
			m1=$(cpu_mark)
			printf '%s %s\n' "$name" "$(awk -v a="$t0" -v b="$EPOCHREALTIME" \
				'BEGIN { printf "%.0f", b - a }')" >>"${KIOGEN_OUT:-/tmp}/times.txt"
			echo "$name $m0 $m1" | awk -v max="$(cat /proc/sys/kernel/pid_max)" '{
				b = $5 - $2; i = $6 - $3; p = $7 - $4; if (p < 0) p += max
				printf "%s busy=%d%% processes=%d\n", $1, b + i ? 100 * b / (b + i) : 0, p }' \
				>>"${KIOGEN_OUT:-/tmp}/load.txt" ;;
		esac
	done
}
: >"${KIOGEN_OUT:-/tmp}/times.txt"
: >"${KIOGEN_OUT:-/tmp}/load.txt"
"${run[@]}" 2>&1 | timed | tee "${KIOGEN_OUT:-/tmp}/vm.tap"
rc=$?
[ "${KIOGEN_KMEMLEAK:-0}" != 1 ] || kmemleak_scan
exit $rc
