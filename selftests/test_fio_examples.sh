#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fio's example job files on the kernel path: the host's checker
# (selftests/host/test_fio_examples.sh: each of fio's examples/*.fio,
# scaled, run by kiogen and held to selftests/fio-examples.expect, with fio
# beside it where its result decides) with kiogen's kernel threads issuing
# the I/O, on ext4 over brd. fio runs every example, and kiogen's syscall
# path each one fio runs, on the host (make unit: run-unit.sh); under TCG
# that would take the guest minutes. KIOGEN_EXAMPLES_PATHS="kernel syscall"
# and KIOGEN_EXAMPLES_FIO=all do all of it here.
. "$(dirname "$0")/lib.sh"
mnt=$TMP/ext4
need_ext4_brd "$mnt"
KG_EXAMPLES_PATHS=${KIOGEN_EXAMPLES_PATHS:-kernel} KG_EXAMPLES_FIO=${KIOGEN_EXAMPLES_FIO:-needed} \
	KG_EXAMPLES_DIR=$mnt KG_EXAMPLES_TIMEOUT=$((30 * ${KIOGEN_TIMEOUT_SCALE:-1})) \
	bash "$KIOGEN_SRC/selftests/host/test_fio_examples.sh" >"$TMP/examples.tap" 2>&1
relay_tap "$TMP/examples.tap"
check "the checker ran (a plan line and results)" grep -qE '^1\.\.[1-9]' "$TMP/examples.tap"
ext4_brd_done "$mnt"
finish
