#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fio parity on the kernel path: the host's checker (selftests/host/
# test_fio_parity.sh: fio 3.33 and kiogen on the same file with the same
# options, text, terse and JSON structures compared, differences allowed
# only where README lists them) with kiogen's kernel threads issuing the
# I/O, on ext4 over brd so that both report the disk's stats.
. "$(dirname "$0")/lib.sh"
need_root
command -v fio >/dev/null || skip "needs fio"
command -v python3 >/dev/null || skip "needs python3"
load_module
modprobe brd rd_nr=1 rd_size=262144 >/dev/null 2>&1 || skip "no brd module"
mnt=$TMP/ext4
mkdir -p "$mnt"
mkfs.ext4 -q /dev/ram0 && mount /dev/ram0 "$mnt" || skip "cannot make ext4 on brd"

# each of the checker's results is one sub-test here (a file, not a
# process substitution: a minimal guest may have no /dev/fd)
KG_PARITY_PATH=kernel KG_PARITY_DIR=$mnt \
	bash "$KIOGEN_SRC/selftests/host/test_fio_parity.sh" >"$TMP/parity.tap" 2>&1
while read -r line; do
	case $line in
	"ok "*" # SKIP "*) nr_checks=$((nr_checks + 1)); echo "ok $nr_checks - ${line#ok * - }" ;;
	"ok "*) check "${line#ok * - }" true ;;
	"not ok "*) check "${line#not ok * - }" false ;;
	"#"*) echo "$line" ;;
	esac
done <"$TMP/parity.tap"
check "the checker ran its jobs (a plan line and results)" \
	grep -qE '^1\.\.[1-9]' "$TMP/parity.tap"
umount "$mnt"
rmmod brd
finish
