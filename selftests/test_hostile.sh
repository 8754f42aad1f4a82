#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Hostile users: an unprivileged user (nobody), root without CAP_DAC_OVERRIDE
# and CAP_DAC_READ_SEARCH (capsh --drop: bound by file modes, still
# CAP_SYS_ADMIN), root of another network namespace, and root of a user
# namespace. Against a device node and files owned by another user with modes
# 0400, 0444 and 0000, and the host's runs (one running, one finished). Every
# CLI command (run by either path, compare) and every raw netlink operation is tried by each: nothing is
# read, written, listed, stopped or deleted that the same user could not touch
# with cat, dd or ls, and every refusal says why in words.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3"
command -v capsh >/dev/null || skip "needs capsh (libcap2-bin)"
command -v unshare >/dev/null || skip "needs unshare (util-linux)"
command -v ip >/dev/null || skip "needs ip (iproute2)"
kmsg "start"

OWNER=4242	# owns the targets; no process of the test runs as it
ns=kiogen-hostile-$$
h=$TMP/h
mkdir -p "$h"
chmod 755 "$TMP" "$h"
cleanup() {
	ip netns del "$ns" 2>/dev/null
	umount "$h" 2>/dev/null
	nullb_remove kh0
}
trap cleanup EXIT
mount -t tmpfs -o mode=0755 tmpfs "$h"
ip netns add "$ns" || skip "cannot create a network namespace"
in_userns true 2>/dev/null || skip "cannot create a user namespace"

# ---- what the others own ----
nullb_create kh0 memory_backed=1 size=16 irqmode=1 || skip "cannot create null_blk"
dd if=/dev/urandom of=/dev/kh0 bs=64k count=16 oflag=direct status=none
chown $OWNER:$OWNER /dev/kh0 && chmod 0400 /dev/kh0
for m in 0400 0444 0000; do
	head -c 4096 /dev/urandom > "$h/f$m"
	chown $OWNER:$OWNER "$h/f$m" && chmod $m "$h/f$m"
done
mkdir -p "$h/private" && head -c 4096 /dev/urandom > "$h/private/f0644"
chown -R $OWNER:$OWNER "$h/private" && chmod 0700 "$h/private" && chmod 0644 "$h/private/f0644"
targets=(/dev/kh0 "$h/f0400" "$h/f0444" "$h/f0000" "$h/private/f0644")
state() {	# size, mtime and content of every target
	local t
	for t in "${targets[@]}"; do
		if [ -b "$t" ]; then
			echo "$t $(dd if="$t" bs=64k count=16 iflag=direct status=none | sha1sum)"
		else
			echo "$t $(stat -c '%s %Y %a %u' "$t") $(sha1sum < "$t")"
		fi
	done
}
state > "$TMP/state.before"

# ---- the host's runs: one running (R), one finished with results (F) ----
host_runs() {	# (again) when a user before got at them
	if [ "$(run_state "${R:-0}")" != running ]; then
		"$KIOGEN" delete "${R:-0}" >/dev/null 2>&1
		R=$("$KIOGEN" run --name=hostR --ioengine=null --size=1g --runtime=3600 \
			--time_based --detached 2>/dev/null)
	fi
	if [ "$(run_state "${F:-0}")" != done ]; then
		F=$("$KIOGEN" run --name=hostF --ioengine=null --size=1m --number_ios=100 \
			--detached 2>/dev/null)
		wait_state "$F" done >/dev/null
	fi
	[ -n "$R" ] && [ -n "$F" ] || skip "cannot start the host's runs"
}
host_runs

# user NAME: the command prefix that runs as that user
declare -A as=([nobody]=as_nobody [nodac]=as_nodac [netns]="ip netns exec $ns" [userns]=in_userns)
users=(nobody nodac netns userns)
# what each may do with the host's runs: nothing (EPERM), or see none of them
declare -A runs_rule=([nobody]=eperm [nodac]=admin [netns]=unseen [userns]=eperm)

declare -a table
row() {
	table+=("$(printf '%-7s %-34s %s' "$1" "$2" "$3")")
}

# cli_says USER WORDS ARGS...: kiogen ARGS as USER fails, saying WORDS
cli_says() {
	local u=$1 words=$2 out rc
	shift 2
	out=$(${as[$u]} "$KIOGEN" "$@" 2>&1)
	rc=$?
	if [ $rc -ne 0 ] && grep -qiE -- "$words" <<<"$out"; then
		row "$u" "kiogen $*" "refused: $(grep -iE -- "$words" <<<"$out" | head -1 | cut -c1-70)"
		return 0
	fi
	row "$u" "kiogen $*" "FAIL exit $rc: $(head -c 300 <<<"$out" | tr '\n' ' ')"
	echo "# $u: kiogen $*: exit $rc, said: $(head -c 300 <<<"$out" | tr '\n' ' ')"
	return 1
}

# cli_ok USER ARGS...: kiogen ARGS as USER succeeds
cli_ok() {
	local u=$1 out rc
	shift
	out=$(${as[$u]} "$KIOGEN" "$@" 2>&1)
	rc=$?
	row "$u" "kiogen $*" "$([ $rc -eq 0 ] && echo allowed || echo "FAIL exit $rc")"
	[ $rc -eq 0 ] || echo "# $u: kiogen $*: exit $rc, said: $(tail -2 <<<"$out" | tr '\n' ' ')"
	return $rc
}

# raw_batch USER REQUEST...: sends every raw request as USER from one python
# (each start costs a second in the guest); raw_says reads the answers
declare -A raw_answer
raw_batch() {
	local u=$1 req line i=0
	shift
	local -a reqs=("$@")
	while IFS= read -r line; do
		case $line in
		errno=*) raw_answer[$u:${reqs[$i]}]=$line; i=$((i + 1)) ;;
		esac
	done < <(printf '%s\n' "${reqs[@]}" | ${as[$u]} python3 "$KIOGEN_NL" batch 2>&1)
}

# raw_says USER ERRNO WORDS KIOGEN_NL-ARGS...: the raw request as USER got
# ERRNO with an extack message holding WORDS (sent by raw_batch, or now)
raw_says() {
	local u=$1 want=$2 words=$3 line
	shift 3
	line=${raw_answer[$u:$*]:-}
	[ -n "$line" ] || line=$(${as[$u]} python3 "$KIOGEN_NL" "$@" 2>&1 | head -1)
	# genetlink refuses those without CAP_NET_ADMIN (the spec's admin-perm)
	# before kiogen can say why, and 6.1 drops the extack of a dump refused
	# in its start: there the errno has to do; the words wherever kiogen
	# can send them
	if { [ "$want" = EPERM ] || [[ $1 = list || $1 = results ]]; } &&
	   [ "$(knl_field "$line" errno)" = "$want" ] && [[ $line = *" msg=" ]]; then
		row "$u" "netlink $*" "$want (refused before kiogen: no extack)"
		return 0
	fi
	if [ "$(knl_field "$line" errno)" = "$want" ] && grep -qiE -- "msg=.*($words)" <<<"$line"; then
		row "$u" "netlink $*" "$want: $(sed 's/.*msg=//' <<<"$line" | cut -c1-60)"
		return 0
	fi
	row "$u" "netlink $*" "FAIL: $line"
	echo "# $u: netlink $*: $line (want $want, '$words')"
	return 1
}

# lists_none USER: the user's list (CLI and dump) shows none of the host's runs
lists_none() {
	local u=$1 out
	out=$(${as[$u]} "$KIOGEN" list 2>&1)
	out+=$'\n'$(${as[$u]} python3 "$KIOGEN_NL" list 2>&1)
	if grep -qE "^($R|$F) |^run ($R|$F) " <<<"$out"; then
		row "$u" "kiogen list / RUN_GET dump" "FAIL: shows the host's runs"
		echo "# $u sees: $(grep -E "^($R|$F) |^run ($R|$F) " <<<"$out" | tr '\n' ' ')"
		return 1
	fi
	row "$u" "kiogen list / RUN_GET dump" "none of the host's runs"
	return 0
}

# no_events USER: the user receives no event of the host's runs
no_events() {
	local u=$1 out
	${as[$u]} python3 "$KIOGEN_NL" events 3 > "$TMP/ev.$u" 2>&1 &
	sleep 1.5	# the host's running run sends progress every 500 ms
	wait $!
	out=$(cat "$TMP/ev.$u")
	if grep -qE "^event run ($R|$F) " <<<"$out"; then
		row "$u" "events group" "FAIL: receives the host's events"
		return 1
	fi
	if [ "${runs_rule[$u]}" = eperm ] && ! grep -q "errno=EPERM" <<<"$out"; then
		row "$u" "events group" "FAIL: joined without CAP_SYS_ADMIN"
		echo "# $u: events: $(head -1 <<<"$out")"
		return 1
	fi
	row "$u" "events group" "$(head -1 <<<"$out" | cut -c1-60)"
	return 0
}

PERM='CAP_SYS_ADMIN'
NORUN='no such run'
for u in "${users[@]}"; do
	kmsg "user $u"
	host_runs
	case ${runs_rule[$u]} in
	eperm)
		check "$u: kiogen info refused, naming CAP_SYS_ADMIN" cli_says $u "$PERM" info
		check "$u: kiogen list refused" cli_says $u "$PERM" list
		check "$u: kiogen show of a host run refused" cli_says $u "$PERM" show "$R"
		check "$u: kiogen show of a finished run (results) refused" cli_says $u "$PERM" show "$F"
		check "$u: kiogen stop refused" cli_says $u "$PERM|permission denied" stop "$R"
		check "$u: kiogen delete refused" cli_says $u "$PERM|permission denied" delete "$F"
		check "$u: kiogen run (null) refused" cli_says $u "$PERM" run --name=x \
			--ioengine=null --size=1m --number_ios=10
		raw_batch $u info list "get $R" "stop $R" "del $F" "results $F" \
			"new engine=null rw=read bs=4096 size=1048576 number_ios=10"
		for op in info list "get $R" "stop $R" "del $F" "results $F"; do
			# shellcheck disable=SC2086
			check "$u: netlink ${op%% *}: EPERM, naming CAP_SYS_ADMIN" \
				raw_says $u EPERM "$PERM" $op
		done
		check "$u: netlink RUN_NEW: EPERM" raw_says $u EPERM "$PERM" new engine=null \
			rw=read bs=4096 size=1048576 number_ios=10
		check "$u: events group: EPERM" no_events $u
		;;
	unseen)
		# reads first: a stop or delete that got through ends what they look at
		check "$u: receives none of the host's events" no_events $u
		check "$u: kiogen info works (root of its netns has CAP_SYS_ADMIN)" cli_ok $u info
		check "$u: sees none of the host's runs" lists_none $u
		check "$u: kiogen show of a host run: no such run" cli_says $u "$NORUN" show "$R"
		check "$u: kiogen show of a host's finished run: no such run" cli_says $u "$NORUN" show "$F"
		raw_batch $u "get $R" "results $F" "stop $R" "del $F"
		for op in "get $R" "results $F" "stop $R" "del $F"; do
			# shellcheck disable=SC2086
			check "$u: netlink ${op%% *} of a host run: ENOENT" raw_says $u ENOENT "run" $op
		done
		host_runs
		check "$u: kiogen stop of a host run: no such run" cli_says $u "$NORUN" stop "$R"
		check "$u: kiogen delete of a host run: no such run" cli_says $u "$NORUN" delete "$F"
		;;
	admin)	# CAP_SYS_ADMIN without DAC: runs are its business, files are not
		check "$u: kiogen list works" cli_ok $u list
		;;
	esac
	check "$u: the host's running run is still running" test "$(run_state "$R")" = running
	check "$u: the host's finished run is still there" test "$(run_state "$F")" = done
done

# ---- targets: each user may do what cat and dd may do, no more ----
# may USER PATH r|w: the user can open PATH for reading / writing (asked
# of open(2) once per user for every target, by one python)
declare -A opens
may() {
	if [ -z "${opens[$1]:-}" ]; then
		opens[$1]=$(${as[$1]} python3 -c '
import os, sys
for p in sys.argv[1:]:
    for acc, flag in (("r", os.O_RDONLY), ("w", os.O_RDWR)):
        try:
            os.close(os.open(p, flag))
            print(acc + " " + p)
        except OSError:
            pass
' "${targets[@]}" 2>/dev/null)
		opens[$1]+=$'\n#'
	fi
	grep -qxF "$3 $2" <<<"${opens[$1]}"
}
# target_rule USER PATH r|w VIA: kiogen refuses exactly what open(2)
# refuses, whichever way the I/O goes (VIA: run, the kernel path; syscall,
# run --path=syscall, which needs no module; compare, both)
target_rule() {
	local u=$1 p=$2 acc=$3 via=$4 rw=read out rc words what
	local -a cmd=(run --name=h --filename="$p" --bs=4k --number_ios=8 --size=8m)
	[ "$acc" = w ] && rw=write
	[ -b "$p" ] || cmd+=(--ioengine=psync)
	[ "$via" = syscall ] && cmd+=(--path=syscall)
	[ "$via" = compare ] && cmd[0]=compare
	what="${cmd[0]} $rw ${p#"$TMP"/}"
	[ "$via" = syscall ] && what="run --path=syscall $rw ${p#"$TMP"/}"
	out=$(${as[$u]} "$KIOGEN" "${cmd[@]}" --rw=$rw 2>&1)
	rc=$?
	if may "$u" "$p" "$acc"; then
		# allowed to open it; kiogen may still refuse a run for other reasons
		row "$u" "$what" "open(2) allows it: exit $rc"
		return 0
	fi
	words="permission denied|$PERM"
	if [ $rc -ne 0 ] && grep -qiE "$words" <<<"$out"; then
		row "$u" "$what" "refused: $(grep -iE "$words" <<<"$out" | head -1 | cut -c1-60)"
		return 0
	fi
	row "$u" "$what" "FAIL: open(2) refuses, kiogen exit $rc"
	echo "# $u: kiogen ${cmd[*]} --rw=$rw on $p, which open(2) refuses: exit $rc: $(tail -2 <<<"$out" | tr '\n' ' ')"
	return 1
}
# root without DAC override against every target; the users without
# CAP_SYS_ADMIN once each (they are refused before any target matters)
for ua in "nodac ${targets[*]}" "nobody /dev/kh0 $h/f0444" "userns /dev/kh0 $h/f0444"; do
	read -r u ps <<<"$ua"
	for p in $ps; do
		for acc in r w; do
			# compare opens as run does: once, on the device, is enough
			vias="run syscall"
			[ "$p" = /dev/kh0 ] && vias+=" compare"
			for via in $vias; do
				kmsg "user $u, $acc on $p, $via"
				check "$u: $([ $acc = r ] && echo read || echo write) of ${p#"$TMP"/} ($(stat -c %a "$p"), uid $OWNER) by $via: as open(2) says" \
					target_rule $u "$p" $acc $via
			done
		done
	done
done
# a read-only job on a 0444 file of another user, asking for more than its
# size: allowed (cat can read it) and the file stays as it was
kmsg "nodac: read-only job on a 0444 file"
as_nodac "$KIOGEN" run --name=ro --filename="$h/f0444" --rw=read --bs=4k --size=8m \
	--number_ios=4 --ioengine=psync > "$TMP/ro.out" 2>&1
echo "# nodac read-only job on f0444 with size=8m: exit $?, $(tail -1 "$TMP/ro.out")"
check "nodac: a read-only job leaves a 0444 file of another user as it was (size, mtime, content)" \
	test "$(grep f0444 "$TMP/state.before")" = "$(state | grep f0444)"

state > "$TMP/state.after"
check "no target changed (device content, file size, mtime, mode, owner, content)" \
	diff "$TMP/state.before" "$TMP/state.after"

echo "# user    attempt                            outcome"
printf '# %s\n' "${table[@]}"
"$KIOGEN" stop "$R" >/dev/null 2>&1
"$KIOGEN" delete "$R" >/dev/null 2>&1
"$KIOGEN" delete "$F" >/dev/null 2>&1

# RLIMIT_FSIZE is the requester's on both paths: with ulimit -f 64 (64 KiB)
# a write beyond it fails with EFBIG, as write(2)'s (SIGXFSZ ignored, as
# the kernel's workers ignore it); the file is laid out beforehand
fsize_run() {	# fsize_run PATH: exit status and error of a write past the limit
	local out
	truncate -s 1m "$TMP/fsize"
	out=$(trap '' XFSZ; ulimit -f 64; "$KIOGEN" run --path="$1" --name=fs \
		--filename="$TMP/fsize" --size=1m --rw=write --bs=64k --ioengine=psync 2>&1)
	echo "rc=$? $(grep -o 'File too large' <<<"$out" | head -n 1)"
}
k=$(fsize_run kernel)
u=$(fsize_run syscall)
echo "# ulimit -f 64, a 1 MiB write job: kernel path '$k', syscall path '$u'"
check "RLIMIT_FSIZE: the kernel path's write beyond it fails with EFBIG, as the syscall path's" \
	test "$k" = "rc=1 File too large" -a "$u" = "$k"
# umask 077: a file the kernel path makes is 0600, as the syscall path's
kmsg "umask 077 on both paths"
mkdir -p "$TMP/um" && chmod 755 "$TMP/um"
for p in kernel syscall; do
	(umask 077 && "$KIOGEN" run --path=$p --name=$p --ioengine=filecreate \
		--directory="$TMP/um" --nrfiles=1 --filesize=4k >/dev/null 2>&1)
done
check "umask 077: filecreate's file is 0600 on both paths" \
	test "$(stat -c %a "$TMP/um/kernel.0.0" "$TMP/um/syscall.0.0" 2>&1 | tr '\n' ' ')" = "600 600 "
cleanup
trap - EXIT
finish
