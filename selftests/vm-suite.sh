#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside the test VM (see vmtest.sh): the kselftest suite, TAP to the
# console and to $KIOGEN_OUT/vm.tap, in one of the two ways a kernel tree
# runs it (KIOGEN_SUITE): "tree" (default), make -C tools/testing/selftests
# TARGETS=kiogen run_tests in the staged tree; "installed", run_kselftest.sh
# of the tree that make installed (build/ksft-install).
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

echo "# guest kernel $(uname -r), clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
case ${KIOGEN_SUITE:-tree} in
tree)
	echo "# make -C tools/testing/selftests TARGETS=kiogen run_tests"
	run=(make -s -C "$ksft" TARGETS=kiogen run_tests)
	;;
installed)
	echo "# run_kselftest.sh -c kiogen (installed tree)"
	run=("$src/build/ksft-install/run_kselftest.sh" -c kiogen)
	;;
*)
	echo "vm-suite.sh: KIOGEN_SUITE is tree or installed, not '$KIOGEN_SUITE'"
	exit 2
	;;
esac
"${run[@]}" 2>&1 | tee "${KIOGEN_OUT:-/tmp}/vm.tap"
