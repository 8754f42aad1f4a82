#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fio parity on the kernel path: the host's checker (selftests/host/
# test_fio_parity.sh: fio 3.33 and kiogen on the same file with the same
# options, text, terse and JSON structures compared, differences allowed
# only where Documentation/kiogen/numbers.rst lists them) with kiogen's
# kernel threads issuing the I/O, on ext4 over brd so that both report the
# disk's stats.
. "$(dirname "$0")/lib.sh"
mnt=$TMP/ext4
need_ext4_brd "$mnt"
KG_PARITY_PATH=kernel KG_PARITY_DIR=$mnt \
	bash "$KIOGEN_SRC/selftests/host/test_fio_parity.sh" >"$TMP/parity.tap" 2>&1
relay_tap "$TMP/parity.tap"
check "the checker ran its jobs (a plan line and results)" \
	grep -qE '^1\.\.[1-9]' "$TMP/parity.tap"
ext4_brd_done "$mnt"
finish
