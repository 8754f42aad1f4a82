#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The module loads and unloads cleanly three times in a row; each time the
# netlink family appears with it and goes away with it.
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
load_module
finish
