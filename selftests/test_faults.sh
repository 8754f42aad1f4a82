#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Failure behaviour: I/O errors are counted with their errno and end the run
# (or not, with continue_on_error); a device deleted under a run ends it
# without a hang; rmmod with runs active stops and frees them first; without
# CAP_SYS_ADMIN runs cannot be changed but can be read; fio's uid and gid
# open the files as that user, and the kernel's workers act as it; the
# buffer memory cap refuses a request instead of allocating it.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3 to read JSON"

command -v dmsetup >/dev/null || skip "needs dmsetup for an error target"
modprobe dm-mod >/dev/null 2>&1 || skip "no device-mapper module"
nullb_create kflt0 size=64 || skip "cannot create a null_blk device"
nullb_create kflt1 size=64 || skip "cannot create a null_blk device"
# the first 1 MiB fails every I/O (dm "error"), the rest maps to kflt0
printf '0 2048 error\n2048 129024 linear /dev/kflt0 2048\n' | dmsetup create kflterr ||
	skip "cannot create a device-mapper error target"
dmsetup mknodes kflterr >/dev/null 2>&1
bad=/dev/mapper/kflterr
trap 'dmsetup remove kflterr; nullb_remove kflt0; nullb_remove kflt1' EXIT

# --- I/O errors: the first 1 MiB of $bad fails ---
"$KIOGEN" run --name=e --filename=$bad --rw=read --bs=4k --number_ios=1000 \
	> "$TMP/err.txt" 2>&1
rc=$?
check "an I/O error fails the run (exit 1)" test $rc -eq 1
check "the report names the errno" grep -q "err= 5 (Input/output error)" "$TMP/err.txt"
check "the CLI says the run failed" grep -q "failed: Input/output error" "$TMP/err.txt"
"$KIOGEN" run --name=e --filename=$bad --rw=read --bs=4k --size=2m \
	--continue_on_error=io --output-format=json > "$TMP/coe.json" 2>/dev/null
rc=$?
check "continue_on_error=io: the run completes (exit 0)" test $rc -eq 0
check "continue_on_error=io: 256 good reads after 256 bad" \
	test "$(json "$TMP/coe.json" 'j["jobs"][0]["read"]["total_ios"]')" = 256
check "continue_on_error=io: the first error is reported" \
	test "$(json "$TMP/coe.json" 'j["jobs"][0]["error"]')" = 5

# --- the device goes away under a run ---
id=$("$KIOGEN" run --name=gone --filename=/dev/kflt1 --rw=randread --runtime=60 \
	--time_based --detached 2>/dev/null)
check "a run on kflt1 runs" wait_state "$id" running
echo 0 > /sys/kernel/config/nullb/kflt1/power
check "deleting the device ends the run as failed" wait_state "$id" failed
"$KIOGEN" delete "$id"
check "the device can be removed afterwards" rmdir /sys/kernel/config/nullb/kflt1
rm -f /dev/kflt1

# --- permissions: every command, reads included, needs CAP_SYS_ADMIN ---
nobody() {
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@"
}
id=$("$KIOGEN" run --name=p --ioengine=null --size=1g --runtime=60 --time_based \
	--detached 2>/dev/null)
refused_to_nobody() {	# refused_to_nobody ARGS...: exit 1, the reason, no run shown
	local out rc
	out=$(nobody "$KIOGEN" "$@" 2>&1)
	rc=$?
	[ $rc -eq 1 ] && grep -q 'CAP_SYS_ADMIN is required' <<<"$out" &&
		! grep -q "^$id " <<<"$out" && return 0
	echo "# kiogen $* as nobody: exit $rc, said: $out"
	return 1
}
check "unprivileged: list is refused with the reason" refused_to_nobody list
check "unprivileged: show is refused with the reason" refused_to_nobody show "$id"
check "unprivileged: info is refused with the reason" refused_to_nobody info
check "unprivileged: stop is refused with the reason" \
	bash -c "$(declare -f nobody); nobody '$KIOGEN' stop $id 2>&1 | grep -q 'CAP_SYS_ADMIN is required'"
check "unprivileged: run is refused" \
	bash -c "$(declare -f nobody); ! nobody '$KIOGEN' run --name=x --ioengine=null --size=1m >/dev/null 2>&1"
check "the run is still running after the refused stop" test "$(run_state "$id")" = running

# --- a file the requester may not open: the CLI opens it with the user's credentials ---
mkdir -p "$TMP/locked" && echo data > "$TMP/locked/f" && chmod 000 "$TMP/locked"
check "a file in a directory the requester cannot enter is a clear error" \
	bash -c "setpriv --inh-caps=-dac_override,-dac_read_search --bounding-set=-dac_override,-dac_read_search \
		'$KIOGEN' run --name=x --filename='$TMP/locked/f' --size=4k --bs=4k --number_ios=1 2>&1 |
		grep -q 'filename: cannot open .*: permission denied'"
chmod 755 "$TMP/locked"

# --- fio's uid and gid: the CLI opens the files as them, the workers act as the opener ---
chmod 711 "$TMP" && mkdir -p "$TMP/ud" && echo data > "$TMP/ud/root" && chmod 600 "$TMP/ud/root"
check "uid=65534: root's 0600 file is refused, permission denied" \
	bash -c "'$KIOGEN' run --name=x --filename='$TMP/ud/root' --size=4k --bs=4k --number_ios=1 \
		--uid=65534 --gid=65534 2>&1 | grep -q 'filename: cannot open .*: permission denied'"
check "uid=0, the default: root's 0600 file runs" \
	"$KIOGEN" run --name=x --filename="$TMP/ud/root" --size=4k --bs=4k --number_ios=1 --uid=0
# (a new file is laid out as the invoking user, as fio's: the user's own here)
head -c 65536 /dev/zero > "$TMP/ud/own" && chmod 600 "$TMP/ud/own"
chown 65534:65534 "$TMP/ud" "$TMP/ud/own"
check "uid=65534: the user's own 0600 file is written" \
	"$KIOGEN" run --name=x --filename="$TMP/ud/own" --size=64k --bs=4k --rw=write --uid=65534 --gid=65534
"$KIOGEN" run --name=c --ioengine=filecreate --directory="$TMP/ud" --nrfiles=4 --bs=4k \
	--uid=65534 --gid=65534 > "$TMP/ud.out" 2>&1 || echo "# $(cat "$TMP/ud.out")"
owners=$(stat -c %u:%g "$TMP"/ud/c.* 2>/dev/null | sort -u | tr '\n' ' ')
echo "# filecreate with uid=gid=65534: its files are owned by $owners"
check "filecreate with uid=gid=65534: the kernel's workers create the files as 65534:65534" \
	test "$owners" = "65534:65534 "
chmod 700 "$TMP"

# --- rmmod with a run active: the run holds the module, rmmod says 'in use' ---
check "rmmod with an active run is refused" bash -c "! rmmod kiogen 2>/dev/null"
check "the run survives the refused rmmod" test "$(run_state "$id")" = running
check "kiogen stop returns 0 once the run is stopped" "$KIOGEN" stop "$id"
start=$(date +%s)
check "then rmmod succeeds" rmmod kiogen
check "rmmod took under 10 s" test $(($(date +%s) - start)) -lt 10
check "the module loads again" load_module
check "and runs" bash -c "'$KIOGEN' run --name=again --ioengine=null --size=1m | grep -q 'read: IOPS='"

# --- the memory cap refuses instead of allocating ---
rmmod kiogen
load_module max_mem_mb=8
check "max_mem_mb=8: a 16 x 1m x QD16 request is refused" \
	bash -c "'$KIOGEN' run --name=m --ioengine=libaio --filename=/dev/kflt0 --bs=1m --iodepth=16 2>&1 | grep -q 'memory limit'"
check "max_mem_mb=8: a small request runs" \
	bash -c "'$KIOGEN' run --name=m --ioengine=null --size=1m >/dev/null"
check "memory accounting back to 0" bash -c "'$KIOGEN' info | grep -q 'memory in use:  0 KiB'"
rmmod kiogen
load_module
finish
