#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Helpers shared by the kiogen selftest scripts: where the module and the CLI
# are, sub-test reporting, skips with a reason, null_blk devices through
# configfs, and a kernel-log check after each script.

KSFT_PASS=0
KSFT_FAIL=1
KSFT_SKIP=4

# resolve through the staging symlinks to the source tree; an installed
# copy of the tests without KIOGEN_SRC uses the installed module and CLI
KIOGEN_SRC=${KIOGEN_SRC:-$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)}
KIOGEN_KO=${KIOGEN_KO:-$KIOGEN_SRC/kmod/kiogen.ko}
KIOGEN=${KIOGEN_CLI:-$KIOGEN_SRC/ctl/kiogen}
[ -x "$KIOGEN" ] || KIOGEN=$(command -v kiogen || echo "$KIOGEN")
TMP=$(mktemp -d /tmp/kiogen-test.XXXXXX)

nr_checks=0
nr_failed=0
dmesg_start=$(dmesg | wc -l)

skip() {
	echo "SKIP: $*"
	exit $KSFT_SKIP
}

need_root() {
	[ "$(id -u)" -eq 0 ] || skip "needs root"
}

# check DESCRIPTION COMMAND...: one sub-test, reported in TAP form
check() {
	local desc=$1
	shift
	nr_checks=$((nr_checks + 1))
	if "$@"; then
		echo "ok $nr_checks - $desc"
	else
		echo "not ok $nr_checks - $desc"
		nr_failed=$((nr_failed + 1))
	fi
}

module_loaded() {
	[ -d /sys/module/kiogen ]
}

load_module() {
	module_loaded && return 0
	if [ -f "$KIOGEN_KO" ]; then
		insmod "$KIOGEN_KO" "$@"
	else
		modinfo kiogen >/dev/null 2>&1 ||
			skip "no module at $KIOGEN_KO and none installed (make, or make dkms-install)"
		modprobe kiogen "$@"
	fi
}

unload_module() {
	module_loaded || return 0
	rmmod kiogen
}

# nullb_create NAME [attr=value ...]: a null_blk device at /dev/NAME
nullb_create() {
	local name=$1 kv
	shift
	if [ ! -d /sys/kernel/config/nullb ]; then
		modprobe null_blk nr_devices=0 >/dev/null 2>&1 || skip "no null_blk module"
	fi
	mkdir "/sys/kernel/config/nullb/$name" || return 1
	for kv in "$@"; do
		echo "${kv#*=}" > "/sys/kernel/config/nullb/$name/${kv%%=*}" || return 1
	done
	echo 1 > "/sys/kernel/config/nullb/$name/power"
	udevadm settle >/dev/null 2>&1 || true
	local _
	for _ in $(seq 50); do
		[ -b "/dev/$name" ] && return 0
		sleep 0.1
	done
	# no udev in the guest: make the node ourselves
	local dev
	dev=$(cat "/sys/block/$name/dev") || return 1
	mknod "/dev/$name" b "${dev%%:*}" "${dev##*:}"
}

nullb_remove() {
	local name=$1
	[ -d "/sys/kernel/config/nullb/$name" ] || return 0
	echo 0 > "/sys/kernel/config/nullb/$name/power" 2>/dev/null
	rmdir "/sys/kernel/config/nullb/$name"
	rm -f "/dev/$name"
}

# run_state ID: the STATE column of kiogen list
run_state() {
	"$KIOGEN" list | awk -v id="$1" '$1 == id { print $2 }'
}

# wait_state ID STATE: up to 20 s
wait_state() {
	local _
	for _ in $(seq 100); do
		[ "$(run_state "$1")" = "$2" ] && return 0
		sleep 0.2
	done
	echo "# run $1 is '$(run_state "$1")', want $2"
	return 1
}

# json FILE EXPR: evaluate a python expression on the parsed JSON as `j`
json() {
	python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1"
}

kernel_log_clean() {
	! dmesg | tail -n +"$((dmesg_start + 1))" |
		grep -E 'WARNING:|BUG:|Oops|KFENCE|lockdep|leak|Call Trace|hung_task|blocked for more than'
}

# finish: report the kernel log check and exit with the script's result
finish() {
	check "kernel log clean" kernel_log_clean
	rm -rf "$TMP"
	echo "# $((nr_checks - nr_failed)) of $nr_checks checks passed"
	[ "$nr_failed" -eq 0 ] && exit $KSFT_PASS
	exit $KSFT_FAIL
}
