#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside the test VM (see vmtest.sh): the staged kselftest suite through
# the kselftest runner, TAP to the console and to $KIOGEN_OUT/vm.tap.
set -o pipefail
src=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
export KIOGEN_SRC=$src
export KIOGEN_KO=${KIOGEN_KO:-$src/kmod/kiogen.ko}
export KIOGEN_CLI=${KIOGEN_CLI:-$src/ctl/kiogen}
ksft=$src/build/ksft/tools/testing/selftests/kiogen

# devtmpfs has no /dev/stdout; the kselftest runner writes test output there
[ -e /dev/stdout ] || ln -s /proc/self/fd/1 /dev/stdout
[ -e /dev/stderr ] || ln -s /proc/self/fd/2 /dev/stderr
[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
# tests that need the module find it loaded; test_module_load.sh cycles it
insmod "$KIOGEN_KO"

echo "# guest kernel $(uname -r), clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
make -s -C "$ksft" KIOGEN_SRC="$src" OUTPUT="$ksft" run_tests 2>&1 | tee "${KIOGEN_OUT:-/tmp}/vm.tap"
