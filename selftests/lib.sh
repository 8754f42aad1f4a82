#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Helpers shared by the kiogen selftest scripts: where the module and the CLI
# are, sub-test reporting, skips with a reason, null_blk devices through
# configfs, and a kernel-log check after each script.

# TAP through kselftest's own helpers (kselftest/ktap_helpers.sh, Linux
# 6.9+): beside this directory in a kernel tree and in an installed one;
# run from the checkout (stress.sh), in the tree make selftests extracted
KTAP_HELPERS=$(dirname "$0")/../kselftest/ktap_helpers.sh
[ -f "$KTAP_HELPERS" ] ||
	KTAP_HELPERS=$(dirname "$(readlink -f "$0")")/../build/ksft/tools/testing/selftests/kselftest/ktap_helpers.sh
if [ ! -f "$KTAP_HELPERS" ]; then
	echo "1..0 # SKIP no kselftest/ktap_helpers.sh: a 6.9+ kselftest tree (make selftests)"
	exit 4
fi
. "$KTAP_HELPERS"
ktap_print_header

# resolve through the staging symlinks to the source tree; an installed
# copy of the tests without KIOGEN_SRC uses the installed module and CLI
KIOGEN_SRC=${KIOGEN_SRC:-$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)}
KIOGEN_KO=${KIOGEN_KO:-$KIOGEN_SRC/kmod/kiogen.ko}
KIOGEN=${KIOGEN_CLI:-$KIOGEN_SRC/ctl/kiogen}
[ -x "$KIOGEN" ] || KIOGEN=$(command -v kiogen || echo "$KIOGEN")
TMP=$(mktemp -d /tmp/kiogen-test.XXXXXX)

dmesg_start=$(dmesg | wc -l)

# ktap CMD...: a ktap_* helper; they echo their text unquoted, so no
# globbing of a description's * or [...], and set globals: kept local
ktap() {
	local - result description directive
	set -f
	"$@"
}

# skip WHY: the whole test cannot run here. Before any sub-test it is
# kselftest's "1..0 # SKIP"; after some, their plan and a diagnostic.
skip() {
	if [ "$KTAP_TESTNO" -eq 1 ]; then
		ktap ktap_skip_all "$*"
	else
		ktap ktap_print_msg "SKIP: $*"
		ktap_set_plan $((KTAP_TESTNO - 1))
	fi
	exit "$KSFT_SKIP"
}

need_root() {
	[ "$(id -u)" -eq 0 ] || skip "needs root"
}

# check DESCRIPTION COMMAND...: one sub-test, "ok N - DESCRIPTION"
check() {
	local desc=$1
	shift
	if "$@"; then
		ktap ktap_test_pass "- $desc"
	else
		ktap ktap_test_fail "- $desc"
	fi
}

# check_skip DESCRIPTION WHY: a sub-test that cannot run here. 6.12's
# ktap_test_skip takes no reason, so WHY ends the description, on the
# result line a reader sees: "ok N - DESCRIPTION (WHY) # SKIP"
check_skip() {
	ktap ktap_test_skip "- $1 ($2)"
}

# said CMD...: CMD, quiet when it succeeds; when it fails, its last words
# as comments, so that the check above it says why
said() {
	local out rc
	out=$("$@" 2>&1)
	rc=$?
	[ $rc -eq 0 ] || { echo "# exit $rc:"; tail -n 5 <<<"$out" | sed 's/^/#   /'; }
	return $rc
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

# finish: report the kernel log check, the counts, the plan computed from
# what ran, and exit as kselftest's ktap_finished decides (no failure: pass)
finish() {
	local n
	check "kernel log clean" kernel_log_clean
	rm -rf "$TMP"
	n=$((KTAP_TESTNO - 1))
	echo "# $((n - KTAP_CNT_FAIL)) of $n checks passed in ${SECONDS}s"
	ktap_set_plan "$n"
	ktap_finished
}

# cmpj OUT.json OPTIONS...: kiogen compare, JSON into OUT.json; says why it failed
cmpj() {
	local out=$1
	shift
	"$KIOGEN" compare --output-format=json "$@" > "$out" 2>"$out.err" && return 0
	echo "# kiogen compare $* failed: $(cat "$out.err")"
	return 1
}

# ---- helpers of the matrix, hostile-user and lifecycle tests ----

SPLAT_RE='WARNING:|BUG:|Oops|KFENCE|lockdep|leak|Call Trace|general protection|soft lockup|hung_task|blocked for more than|Kernel panic|UBSAN:'
KIOGEN_NL=${KIOGEN_NL:-$(dirname "$(readlink -f "$0")")/kiogen_nl.py}

# need_brd_fs NR: root, the module, python3, NR brd devices of 512 MiB and
# the XFS and ext4 modules, or a skip saying which is missing
need_brd_fs() {
	need_root
	load_module
	command -v python3 >/dev/null || skip "needs python3 to read JSON"
	command -v mkfs.xfs >/dev/null || skip "needs xfsprogs (mkfs.xfs)"
	modprobe brd rd_nr="$1" rd_size=524288 >/dev/null 2>&1 || skip "no brd module"
	modprobe xfs >/dev/null 2>&1 || skip "no xfs module"
	modprobe ext4 >/dev/null 2>&1 || skip "no ext4 module"
}

# ---- XFS and ext4 over two kinds of device (test_meta.sh, test_bonnie.sh) ----

# brd completes each bio inside submit_bio(); null_blk, memory-backed so that
# a file system lives on it, completes from a timer (the XFS device) or a
# softirq (the ext4 one): completions that arrive from interrupt context
FS_KINDS="brd null_blk"

# need_fs_kinds NAME: need_brd_fs 2 and the null_blk devices NAME-xfs and
# NAME-ext4 of 512 MiB, or a skip saying which is missing
need_fs_kinds() {
	need_brd_fs 2
	FS_NULLB=$1
	nullb_create "$1-xfs" memory_backed=1 size=512 irqmode=2 completion_nsec=20000 ||
		skip "cannot create a memory-backed null_blk completing from a timer"
	nullb_create "$1-ext4" memory_backed=1 size=512 irqmode=1 ||
		skip "cannot create a memory-backed null_blk completing from a softirq"
}

# fs_dev KIND FS: the device of KIND that FS is made on
fs_dev() {
	case $1-$2 in
	brd-xfs) echo /dev/ram0 ;;
	brd-ext4) echo /dev/ram1 ;;
	*) echo "/dev/$FS_NULLB-$2" ;;
	esac
}

# fs_mount KIND FS DIR [MKFS_OPTION...]: a new FS on KIND's device, on DIR
# (ext4 without blocks reserved for root, so root fills it as anyone would)
fs_mount() {
	local kind=$1 fs=$2 dir=$3 dev
	shift 3
	dev=$(fs_dev "$kind" "$fs")
	case $fs in
	xfs) mkfs.xfs -q -f "$@" "$dev" ;;
	ext4) mkfs.ext4 -q -F -m 0 "$@" "$dev" ;;
	esac && mount "$dev" "$dir"
}

# fs_mount_kind KIND MNT: new XFS and ext4 on KIND's devices at MNT/xfs and
# MNT/ext4, the previous kind's unmounted, or a skip
fs_mount_kind() {
	local fs
	for fs in xfs ext4; do
		umount "$2/$fs" 2>/dev/null
		fs_mount "$1" "$fs" "$2/$fs" || skip "cannot make $fs on $1"
	done
}

# fs_kinds_cleanup DIR...: unmounts the DIRs, removes the devices
fs_kinds_cleanup() {
	umount "$@" 2>/dev/null
	nullb_remove "$FS_NULLB-xfs"
	nullb_remove "$FS_NULLB-ext4"
	rmmod brd 2>/dev/null
}

# kmsg TEXT: a line in the kernel log naming this script, so that a splat
# that follows points at the test (and the cell) that caused it
kmsg() {
	echo "kiogen-selftest: ${0##*/}: $*" > /dev/kmsg 2>/dev/null || true
}

# dmesg_mark: the kernel log's length now, for splat_since
dmesg_mark() {
	dmesg | wc -l
}

# splat_since MARK: prints the splat lines logged after MARK; true if any
splat_since() {
	dmesg | tail -n +"$(($1 + 1))" | grep -E "$SPLAT_RE"
}

# knl ARGS...: one raw netlink request (kiogen_nl.py), with the header of
# this checkout
knl() {
	KIOGEN_SRC=$KIOGEN_SRC python3 "$KIOGEN_NL" "$@"
}

# knl_field LINE NAME: a field of kiogen_nl.py's first line (errno, ms, id, msg)
knl_field() {
	sed -n "1s/.*\\b$2=\\([^ ]*\\).*/\\1/p" <<<"$1"
}

# as_nobody CMD...: as user nobody, without any capability
as_nobody() {
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		--bounding-set=-all "$@"
}

# as_nodac CMD...: root with CAP_SYS_ADMIN but without CAP_DAC_OVERRIDE
# and CAP_DAC_READ_SEARCH: bound by file modes like any other user
as_nodac() {
	capsh --drop=cap_dac_override,cap_dac_read_search -- -c '"$@"' as_nodac "$@"
}

# in_netns CMD...: root in a new network namespace
in_netns() {
	unshare --net "$@"
}

# in_userns CMD...: "root" of a new user namespace (no capability in the
# initial one), same network namespace
in_userns() {
	unshare --user --map-root-user "$@"
}

# dm_create NAME TABLE: a device-mapper device at /dev/mapper/NAME
dm_create() {
	echo "$2" | dmsetup create "$1" || return 1
	dmsetup mknodes "$1" >/dev/null 2>&1
	[ -b "/dev/mapper/$1" ]
}

dm_remove() {
	dmsetup remove --retry "$1" >/dev/null 2>&1 || dmsetup remove --force "$1" >/dev/null 2>&1
}

KIOGEN_CHECK=${KIOGEN_CHECK:-$(dirname "$(readlink -f "$0")")/kiogen_check.py}

# bdev_released DEV: the block device can be opened exclusively (nothing,
# kiogen included, holds a claim on it)
bdev_released() {
	python3 "$KIOGEN_CHECK" --released "$1"
}

# headers_ok PATH OFFSET COUNT BS all|some [direct]: the COUNT blocks of BS
# bytes from OFFSET carry kiogen's block header (see kiogen_check.py)
headers_ok() {
	python3 "$KIOGEN_CHECK" --headers "$1" "$2" "$3" "$4" "$5" "${6:-buffered}"
}

# timed VAR CMD...: runs CMD, stores its wall time in ms in VAR, returns its status
timed() {
	local __var=$1 __t0 __rc
	shift
	__t0=$(date +%s%N)
	"$@"
	__rc=$?
	printf -v "$__var" '%d' $((($(date +%s%N) - __t0) / 1000000))
	return $__rc
}

# mem_used_kib: kiogen info's "memory in use", in KiB
mem_used_kib() {
	"$KIOGEN" info | awk '/memory in use:/ { print $4 }'
}

# ---- the host's checkers run in the guest (test_parity.sh, test_fio_examples.sh) ----

# need_ext4_brd DIR: root, fio, python3, the module, and a new ext4 on a brd
# device of 256 MiB mounted at DIR (O_DIRECT, which the guest's tmpfs
# lacks, and a disk for fio's Disk stats), or a skip saying which is missing
need_ext4_brd() {
	need_root
	command -v fio >/dev/null || skip "needs fio"
	command -v python3 >/dev/null || skip "needs python3"
	load_module
	modprobe brd rd_nr=1 rd_size=262144 >/dev/null 2>&1 || skip "no brd module"
	mkdir -p "$1"
	mkfs.ext4 -q /dev/ram0 && mount /dev/ram0 "$1" || skip "cannot make ext4 on brd"
}

# ext4_brd_done DIR: unmounts need_ext4_brd's DIR, removes the device
ext4_brd_done() {
	umount "$1"
	rmmod brd
}

# relay_tap FILE: each result of a host checker's TAP in FILE is one
# sub-test here, its comments kept (a file, not a process substitution: a
# minimal guest may have no /dev/fd)
relay_tap() {
	local line
	while read -r line; do
		case $line in
		"ok "*" # SKIP "*) line=${line#ok * - }; check_skip "${line%% # SKIP *}" "${line#* # SKIP }" ;;
		"ok "*) check "${line#ok * - }" true ;;
		"not ok "*) check "${line#not ok * - }" false ;;
		"#"*) echo "$line" ;;
		esac
	done <"$1"
}
