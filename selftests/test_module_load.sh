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

load_module
finish
