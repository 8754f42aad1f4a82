#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kiogen meta: bonnie++'s file test (--bonnie=FILES:MAX:MIN:DIRS, -b) and
# aging (--age) on XFS and ext4 over brd and over null_blk (completions from
# a timer and a softirq), from kernel threads and through syscalls. After a
# create phase the file system holds exactly the files asked, of sizes in
# the range and the same on every device, file system and path; after the
# deletes nothing. An existing work directory, a full file system, a
# read-only mount and a directory the user may not write each fail in words
# and leave nothing made. On brd's XFS the six phases, -b and the aging
# passes are all reported; the text table once; SIGKILL of the CLI and rmmod
# in the middle of a phase leave no run and no splat. (The engines' own
# EEXIST, read-only and permission cases are test_meta.sh's.)
. "$(dirname "$0")/lib.sh"
need_fs_kinds kbon

mnt=$TMP/mnt
mkdir -p "$mnt/xfs" "$mnt/ext4"
chmod 755 "$TMP" "$mnt"	# the unprivileged user reaches the directories
cleanup() {
	fs_kinds_cleanup "$mnt/xfs" "$mnt/ext4"
}
trap cleanup EXIT

spec=1:4k:1k:3		# 1024 files of 1 to 4 KiB in 3 directories
work=kiogen-bonnie
six="('seq_create', 'seq_stat', 'seq_delete', 'rnd_create', 'rnd_stat', 'rnd_delete')"

meta() {	# meta OUT OPTIONS...: kiogen meta, stdout in OUT, stderr in OUT.err
	local out=$1
	shift
	"$KIOGEN" meta "$@" >"$out" 2>"$out.err"
}

# listing DIR: every file under DIR as "path size", sorted
listing() {
	(cd "$1" && find . -type f -printf '%P %s\n' | sort)
}

# expect_names: the names bonnie's 1024 files in 3 directories must have
expect_names() {
	for d in 0 1 2; do
		n=$((1024 / 3 + (d < 1024 % 3)))
		seq 0 $((n - 1)) | sed "s|^|0000$d/bonnie.0.|"
	done | sort
}

empty() {	# empty DIR: DIR holds nothing (lost+found aside)
	test -z "$(ls -A "$1" | grep -v '^lost+found$')"
}

# fill DIR: all but 1 MiB of DIR's file system taken by DIR/filler: room
# for the work directories and a few files, not for 1024 (a block each)
fill() {
	local avail
	avail=$(df --output=avail -B1 "$1" | tail -n 1)
	fallocate -l $((avail - 1048576)) "$1/filler" || echo "# fallocate left more than 1 MiB"
}

for kind in $FS_KINDS; do
	fs_mount_kind "$kind" "$mnt"
	for fs in xfs ext4; do
		d=$mnt/$fs
		# brd's XFS runs the six phases, -b and aging; the other file
		# systems and devices, on which these do nothing else, the
		# sequential create, stat and delete
		full=$([ "$kind $fs" = "brd xfs" ] && echo y)
		for path in kernel syscall; do
			c="$kind $fs $path"
			kmsg "$c"
			meta "$TMP/c.json" --path=$path --bonnie=$spec ${full:+-b} --directory="$d" \
				--phases=seq_create --output-format=json
			check "$c seq_create${full:+ -b}: succeeds" test $? = 0
			listing "$d/$work" >"$TMP/list-$kind-$fs-$path"
			check "$c seq_create: exactly the 1024 names in the 3 directories" \
				test "$(cut -d' ' -f1 "$TMP/list-$kind-$fs-$path")" = "$(expect_names)"
			check "$c seq_create: every size from 1 KiB to 4 KiB, and not all one size" \
				awk '$2 < 1024 || $2 > 4096 { bad = 1 } { s[$2] = 1 }
				     END { n = 0; for (k in s) n++; exit bad || n < 100 }' \
				"$TMP/list-$kind-$fs-$path"
			rest=seq_stat,seq_delete${full:+,rnd_create,rnd_stat,rnd_delete}
			meta "$TMP/r.json" --path=$path --bonnie=$spec --directory="$d" --phases=$rest \
				--output-format=json
			check "$c $rest: succeed, nothing left" \
				bash -c "[ $? = 0 ] && [ -z \"\$(ls -A '$d' | grep -v lost+found)\" ]"
			[ "$full" ] || continue
			meta "$TMP/age.json" --path=$path --bonnie=1:4k:1k --age=2:5 --phases=none \
				--directory="$d" --output-format=json
			check "$c --age=2 alone: succeeds, nothing left" \
				bash -c "[ $? = 0 ] && [ -z \"\$(ls -A '$d' | grep -v lost+found)\" ]"
			# the three runs' JSON read by one python3 (slow to start under
			# TCG), a line per check
			python3 - "$TMP/c.json" "$TMP/r.json" "$TMP/age.json" >"$TMP/py" <<-EOF
			import json, sys
			c, r, a = (json.load(open(f))["meta"] for f in sys.argv[1:])
			print([(p["phase"], p["files"], p["errors"], p["files_per_s"] > 0,
			        p["latency_us"]["p99"] > 0) for m in (c, r) for p in m["phases"]]
			      == [(p, 1024, 0, True, True) for p in $six])
			print([(x["pass"], x["create"]["files"], x["delete"]["files"]) for x in a["aging"]])
			print([w in [x["what"] for x in r["kernel_path"]["not_done"]]
			       for w in ("security_path_unlink", "cp_new_stat")] if "kernel_path" in r else None)
			EOF
			check "$c six phases: each of 1024 files, none failed, a rate and percentiles" \
				test "$(sed -n 1p "$TMP/py")" = True
			check "$c --age=2 alone: two passes of 1024 creates and 1024 deletes" \
				test "$(sed -n 2p "$TMP/py")" = "[(1, 1024, 1024), (2, 1024, 1024)]"
			if [ $path = kernel ]; then
				check "$c JSON: what the kernel path leaves out, for the phases' engines" \
					test "$(sed -n 3p "$TMP/py")" = "[True, True]"
			else
				check "$c JSON: the syscall path's has no kernel_path" \
					test "$(sed -n 3p "$TMP/py")" = None
			fi
		done

		# an existing work directory: refused, and what is in it untouched
		kmsg "$kind $fs existing work directory"
		mkdir "$d/$work"
		echo keep >"$d/$work/mine"
		for path in kernel syscall; do
			meta "$TMP/e" --path=$path --bonnie=$spec --directory="$d"
			check "$kind $fs $path existing work directory: refused, saying File exists" \
				bash -c "[ $? = 1 ] && grep -q 'File exists' '$TMP/e.err'"
		done
		check "$kind $fs existing work directory: left as it was" \
			test "$(ls -A "$d/$work")" = mine
		rm -r "${d:?}/$work"

		# a full file system
		kmsg "$kind $fs full"
		fill "$d"
		for path in kernel syscall; do
			meta "$TMP/n" --path=$path --bonnie=$spec --directory="$d"
			check "$kind $fs $path full: the create phase fails, saying No space left" \
				bash -c "[ $? = 1 ] && grep -q 'No space left' '$TMP/n.err' &&
					grep -q 'create failed in' '$TMP/n.err'"
			grep -q 'create failed in' "$TMP/n.err" || sed 's/^/# /' "$TMP/n.err"
			check "$kind $fs $path full: nothing left" \
				test "$(ls -A "$d" | grep -v '^lost+found$')" = filler
		done
		rm "$d/filler"

		# a read-only mount
		kmsg "$kind $fs read-only"
		mount -o remount,ro "$d"
		for path in kernel syscall; do
			meta "$TMP/r" --path=$path --bonnie=$spec --directory="$d"
			check "$kind $fs $path read-only mount: refused, saying so" \
				bash -c "[ $? = 1 ] && grep -qi 'read-only' '$TMP/r.err'"
		done
		mount -o remount,rw "$d"
		check "$kind $fs read-only mount: nothing made" empty "$d"

		# a directory the user may not write
		kmsg "$kind $fs unwritable"
		mkdir "$d/locked"
		chown 65534:65534 "$d/locked"
		chmod 0555 "$d/locked"
		as_nodac "$KIOGEN" meta --bonnie=$spec --directory="$d/locked" >"$TMP/l" 2>"$TMP/l.err"
		check "$kind $fs unwritable directory, kernel path (root without DAC override): refused, saying so" \
			bash -c "[ $? = 1 ] && grep -q 'Permission denied' '$TMP/l.err'"
		as_nobody "$KIOGEN" meta --path=syscall --bonnie=$spec --directory="$d/locked" \
			>"$TMP/l" 2>"$TMP/l.err"
		check "$kind $fs unwritable directory, syscall path (nobody): refused, saying so" \
			bash -c "[ $? = 1 ] && grep -q 'Permission denied' '$TMP/l.err'"
		check "$kind $fs unwritable directory: nothing made" test -z "$(ls -A "$d/locked")"
		rmdir "$d/locked"
	done
done
check "every device, file system and path made the same names of the same sizes (seeded)" \
	test "$(md5sum "$TMP"/list-* | cut -d' ' -f1 | sort -u | wc -l)" = 1

# the last kind's file systems are still mounted: null_blk's from here on

# bonnie++'s table, text, from one command of an aging pass and two phases
# (the table's form does not depend on how many ran)
kmsg "text"
meta "$TMP/t" --bonnie=1:4k:1k --age=1 --phases=rnd_create,rnd_delete --directory="$mnt/xfs"
check "text: bonnie++'s table, its latency line, the aging pass and the percentiles" \
	bash -c "grep -q -- '------Sequential Create------ --------Random Create--------' '$TMP/t' &&
		grep -q '^      1:4096:1024/1 ' '$TMP/t' && grep -q '^Latency ' '$TMP/t' &&
		grep -q '^1 create ' '$TMP/t' && grep -q '^random delete ' '$TMP/t'"
check "text: what the kernel path leaves out, marked as kiogen's" \
	grep -q "^kiogen   security_path_unlink (filedelete): " "$TMP/t"
check "text: nothing left" empty "$mnt/xfs"

# running_bonnie: a run of the bonnie phases is running
running_bonnie() {
	"$KIOGEN" list 2>/dev/null | grep bonnie | grep -q running
}

# SIGKILL of the CLI mid-phase: the run it owned stops, nothing else runs
mark=$(dmesg_mark)
kmsg "SIGKILL mid-phase"
"$KIOGEN" meta --bonnie=4:4k --directory="$mnt/xfs" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 300); do running_bonnie && break; sleep 0.05; done
check "SIGKILL: a phase was running" running_bonnie
kill -9 $pid
wait $pid 2>/dev/null
check "SIGKILL: no run left running within 5 s" \
	bash -c "for _ in \$(seq 25); do '$KIOGEN' list | grep -q running || exit 0; sleep 0.2; done; exit 1"
for id in $("$KIOGEN" list | awk '$1 ~ /^[0-9]+$/ { print $1 }'); do
	"$KIOGEN" delete "$id" >/dev/null 2>&1
done
check "SIGKILL: no splat" bash -c "! dmesg | tail -n +$((mark + 1)) | grep -E '$SPLAT_RE'"
rm -rf "${mnt:?}/xfs/$work"

# rmmod mid-phase: refused while a phase runs; the command goes on to its end
kmsg "rmmod mid-phase"
"$KIOGEN" meta --bonnie=1:4k --phases=seq_create,seq_delete --directory="$mnt/ext4" \
	>"$TMP/rm" 2>"$TMP/rm.err" &
pid=$!
for _ in $(seq 300); do running_bonnie && break; sleep 0.05; done
rmmod kiogen >"$TMP/rmmod.out" 2>&1
rc=$?
wait $pid
mrc=$?
if [ $rc != 0 ]; then
	check "rmmod mid-phase: refused, saying the module is in use" grep -q 'in use' "$TMP/rmmod.out"
	check "rmmod mid-phase refused: the command still ends well" test $mrc = 0
elif [ $mrc = 0 ]; then
	# after the last phase's run nothing needs the module: the command
	# ends well, every phase reported (a loaded host's list can see
	# that run running just before it ends)
	echo "# rmmod came after the last phase's run and succeeded"
	check "rmmod after the last phase: both phases reported" \
		bash -c "grep -q '^sequential create ' '$TMP/rm' && grep -q '^sequential delete ' '$TMP/rm'"
	load_module
else
	# between two phases' runs nothing holds the module: it goes, and
	# the next phase fails in words
	echo "# rmmod came between two runs and succeeded"
	echo "# $(tail -3 "$TMP/rm.err")"
	check "rmmod between phases: the command fails, saying why" \
		bash -c "[ $mrc = 1 ] && grep -q 'kiogen: ' '$TMP/rm.err'"
	load_module
fi
check "rmmod mid-phase: nothing left" empty "$mnt/ext4"
check "rmmod mid-phase: no splat" bash -c "! dmesg | tail -n +$((mark + 1)) | grep -E '$SPLAT_RE'"
check "no runs left behind" bash -c "'$KIOGEN' list | grep -q '^no runs$'"
cleanup
finish
