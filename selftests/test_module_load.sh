#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The module loads and unloads cleanly three times in a row; each time the
# netlink family appears with it and goes away with it. A module of another
# family version is refused by the CLI in words.
. "$(dirname "$0")/lib.sh"
need_root

family_present() {
	"$KIOGEN" info >/dev/null 2>&1
}

unload_module || skip "module is in use"
for i in 1 2 3; do
	check "load $i" load_module
	check "family registered after load $i" family_present
	check "sysfs version after load $i" test -s /sys/module/kiogen/version
	check "unload $i" unload_module
	check "family gone after unload $i" eval '! family_present'
done

# A module of another family version: the CLI refuses it in words and sends
# nothing, as its messages are laid out otherwise (a stand-in registers the
# family one version ahead: KIOGEN_STANDIN_KO when make check built it beside
# the leg's module, else built here against the running kernel)
other_version() {
	local kdir=/lib/modules/$(uname -r)/build dir=$TMP/stand-in ko=${KIOGEN_STANDIN_KO:-}
	local v=$(sed -n 's/^#define KIOGEN_FAMILY_VERSION\t*//p' \
		"$KIOGEN_SRC/include/uapi/linux/kiogen_generated.h")

	if [ -z "$ko" ]; then
		[ -d "$kdir" ] || { check_skip "another family version" "no build tree at $kdir"; return; }
		cp -r "$KIOGEN_SRC/selftests/stand-in" "$dir"
		if ! make -s -C "$kdir" M="$dir" KIOGEN_SRC="$KIOGEN_SRC" modules >"$TMP/make.log" 2>&1; then
			sed 's/^/# /' "$TMP/make.log" | tail -5
			check_skip "another family version" "the stand-in module does not build here"
			return
		fi
		ko=$dir/kiogen_other_version.ko
	fi
	check "the stand-in of family version $((v + 1)) loads" insmod "$ko"
	"$KIOGEN" info >"$TMP/other.out" 2>&1
	check "info against it: refused (non-zero exit)" test $? -ne 0
	sed 's/^/# /' "$TMP/other.out"
	check "the refusal names both versions" \
		grep -q "module speaks family version $((v + 1)), this kiogen $v" "$TMP/other.out"
	check "the stand-in unloads" rmmod kiogen_other_version
}
other_version

# The parameters refuse, at load and through sysfs, what would refuse every
# run (0) or overflow the arithmetic on them (max_mem_mb of 2^44 MiB has no
# u64 of bytes; max_workers over 2^32 / 1024 wraps a run's sum of numjobs);
# a refused write leaves the old value.
param_refused() {
	local p=/sys/module/kiogen/parameters/$1 old

	old=$(cat "$p")
	check "$1=$2 through sysfs: refused (EINVAL)" \
		bash -c "{ echo '$2' >'$p'; } 2>&1 | grep -q 'Invalid argument'"
	check "... and $1 stays $old" test "$(cat "$p")" = "$old"
}
check "load with max_runs=0: refused" eval '! load_module max_runs=0 2>/dev/null'
check "load with max_mem_mb=$((1 << 44)): refused" \
	eval '! load_module max_mem_mb=$((1 << 44)) 2>/dev/null'
load_module max_mem_mb=2048 max_runs=8 max_workers=16
check "in-range values at load are taken" \
	test "$(cat /sys/module/kiogen/parameters/max_mem_mb)" = 2048
param_refused max_mem_mb $((1 << 44))
param_refused max_mem_mb 18446744073709551615
param_refused max_mem_mb 0
param_refused max_runs 0
param_refused max_runs 65537
param_refused max_workers 0
param_refused max_workers 4194304
param_refused max_workers 4294967295
param_refused fast_loop maybe
check "max_mem_mb=$(((1 << 44) - 1)), the largest: taken" \
	bash -c "echo $(((1 << 44) - 1)) >/sys/module/kiogen/parameters/max_mem_mb"
check "max_workers=4194303, the largest: taken" \
	bash -c "echo 4194303 >/sys/module/kiogen/parameters/max_workers"
check "max_runs=65536, the largest: taken" \
	bash -c "echo 65536 >/sys/module/kiogen/parameters/max_runs"
unload_module

load_module
finish
