#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The metadata engines (fio's filecreate, filestat, filedelete, dircreate,
# dirstat, dirdelete) on XFS and ext4 over brd and over null_blk (completions
# from a timer and a softirq), from kernel threads and through syscalls:
# after a create the directory holds exactly the names and sizes asked (find
# and stat from user space), after a delete nothing; an existing name, a
# read-only mount and a directory the user may not write each fail in words
# and leave nothing made; both paths name and order the files alike
# (compare's digests); the kernel path's report says what of the syscall
# layer's work it leaves out (ctl/report/meta-path.c), the syscall path's does not.
. "$(dirname "$0")/lib.sh"
need_fs_kinds kmeta

mnt=$TMP/mnt
mkdir -p "$mnt/xfs" "$mnt/ext4"
chmod 755 "$TMP" "$mnt"	# the unprivileged user reaches the directories
cleanup() {
	fs_kinds_cleanup "$mnt/xfs" "$mnt/ext4"
}
trap cleanup EXIT

km() {	# km OUT OPTIONS...: a run, its text report in OUT and OUT.err; its exit status
	local out=$1
	shift
	"$KIOGEN" run "$@" >"$out" 2>"$out.err"
}

# names DIR TYPE: the names of DIR's entries of find's TYPE, sorted
names() {
	find "$1" -mindepth 1 -maxdepth 1 -type "$2" -printf '%f\n' | sort
}

# expect NAME NR: NAME.0.0 ... NAME.0.(NR-1), sorted as names() sorts
expect() {
	seq 0 $(($2 - 1)) | sed "s/^/$1.0./" | sort
}

# sizes DIR: the distinct sizes of DIR's files, one a line
sizes() {
	find "$1" -mindepth 1 -maxdepth 1 -type f -printf '%s\n' | sort -u
}

for kind in $FS_KINDS; do
	fs_mount_kind "$kind" "$mnt"
	for fs in xfs ext4; do
		for path in kernel syscall; do
			c="$kind $fs $path"
			d=$mnt/$fs/$path
			mkdir -p "$d"
			kmsg "$c"
			km "$TMP/c" --path=$path --name=f --ioengine=filecreate --directory="$d" \
				--nrfiles=64 --filesize=10k --bs=4k --rw=randwrite --fsync=1
			check "$c filecreate: the run succeeds" test $? = 0
			check "$c filecreate: exactly the 64 names of filename_format" \
				test "$(names "$d" f)" = "$(expect f 64)"
			check "$c filecreate: every file is 10 KiB" test "$(sizes "$d")" = 10240
			check "$c filecreate: one I/O a file" \
				grep -q "issued rwts: total=0,64," "$TMP/c"
			check "$c filecreate: the data is the written pattern, not zeros" \
				bash -c "! cmp -s -n 4096 '$d/f.0.7' /dev/zero"

			km "$TMP/s" --path=$path --name=f --ioengine=filestat --directory="$d" \
				--nrfiles=64 --rw=randread
			check "$c filestat: 64 stats, no error" \
				bash -c "grep -q 'issued rwts: total=64,0,' '$TMP/s' && grep -q 'err= 0' '$TMP/s'"

			# an existing name: refused at the first file, nothing else touched
			km "$TMP/e" --path=$path --name=f --ioengine=filecreate --directory="$d" \
				--nrfiles=64 --filesize=4k
			check "$c filecreate over existing files fails, saying File exists" \
				bash -c "[ $? = 1 ] && grep -q 'File exists' '$TMP/e.err'"
			check "$c filecreate over existing files: the files are as they were" \
				test "$(sizes "$d") $(names "$d" f | wc -l)" = "10240 64"

			km "$TMP/u" --path=$path --name=f --ioengine=filedelete --directory="$d" \
				--nrfiles=64 --rw=randwrite
			check "$c filedelete: the run succeeds" test $? = 0
			check "$c filedelete: the directory is empty" test -z "$(ls -A "$d")"

			km "$TMP/dc" --path=$path --name=d --ioengine=dircreate --directory="$d" --nrfiles=32
			check "$c dircreate: exactly the 32 directories" \
				test "$(names "$d" d)" = "$(expect d 32)"
			if [ $path = kernel ]; then
				check "$c dircreate: the report says the syscall layer's mkdir hook is left out" \
					grep -q "^kiogen   security_path_mkdir (dircreate): " "$TMP/dc"
			else
				check "$c dircreate: the syscall path's report says nothing of the kernel path's" \
					bash -c "! grep -q 'kiogen kernel path' '$TMP/dc'"
			fi
			km "$TMP/ds" --path=$path --name=d --ioengine=dirstat --directory="$d" --nrfiles=32
			check "$c dirstat: 32 stats" grep -q "issued rwts: total=32,0," "$TMP/ds"
			km "$TMP/dd" --path=$path --name=d --ioengine=dirdelete --directory="$d" --nrfiles=32
			check "$c dirdelete: the directory is empty" \
				bash -c "[ $? = 0 ] && [ -z \"\$(ls -A '$d')\" ]"

			# a directory the user may not write: refused before any file
			mkdir -p "$d/locked"
			chown 65534:65534 "$d/locked"
			chmod 0555 "$d/locked"
			if [ $path = kernel ]; then
				want="may not create or remove files"
				as_nodac "$KIOGEN" run --name=f --ioengine=filecreate \
					--directory="$d/locked" --nrfiles=10 >"$TMP/l" 2>"$TMP/l.err"
			else
				want="permission denied"
				as_nobody "$KIOGEN" run --path=syscall --name=f --ioengine=filecreate \
					--directory="$d/locked" --nrfiles=10 >"$TMP/l" 2>"$TMP/l.err"
			fi
			check "$c unwritable directory: refused, saying so" \
				bash -c "[ $? = 1 ] && grep -q '$want' '$TMP/l.err'"
			check "$c unwritable directory: nothing made" test -z "$(ls -A "$d/locked")"
			rmdir "$d/locked"
		done

		# a read-only mount
		mount -o remount,ro "$mnt/$fs"
		for path in kernel syscall; do
			km "$TMP/r" --path=$path --name=f --ioengine=filecreate --directory="$mnt/$fs/$path" \
				--nrfiles=10
			check "$kind $fs $path read-only mount: refused, saying so" \
				bash -c "[ $? = 1 ] && grep -qi 'read-only' '$TMP/r.err'"
		done
		mount -o remount,rw "$mnt/$fs"
		check "$kind $fs read-only mount: nothing made" \
			test -z "$(ls -A "$mnt/$fs/kernel" "$mnt/$fs/syscall" | grep -v ':$')"
		rmdir "$mnt/$fs/kernel" "$mnt/$fs/syscall"
	done
done

# the last kind's file systems are still mounted: null_blk's from here on

# the engines' fd is a directory; a file or a missing one is said as such
touch "$TMP/afile"
km "$TMP/nd" --name=f --ioengine=filestat --directory="$TMP/afile" --nrfiles=1
check "a file as the directory: refused, saying not a directory" \
	bash -c "[ $? = 1 ] && grep -q 'not a directory' '$TMP/nd.err'"
km "$TMP/fmt" --name=f --ioengine=filecreate --directory="$mnt/xfs" --filename_format='a/$filenum'
check "a filename_format with a slash: refused, naming the option" \
	bash -c "[ $? = 2 ] && grep -q 'filename_format' '$TMP/fmt.err'"

# what the kernel path leaves out, in JSON; the umask is the caller's on
# both paths (its workers take it at the start), for mkdir and for creat
mkdir "$mnt/xfs/um"
(umask 077 && km "$TMP/umk" --name=k --ioengine=dircreate --directory="$mnt/xfs/um" \
	--nrfiles=1 --output-format=json)
(umask 077 && km "$TMP/ums" --path=syscall --name=s --ioengine=dircreate \
	--directory="$mnt/xfs/um" --nrfiles=1 --output-format=json)
check "JSON: the kernel path's dircreate lists its mkdir hook and audit as left out, not the umask" \
	test "$(json "$TMP/umk" '[w in [x["what"] for x in j["jobs"][0]["kiogen"]["kernel_path"]["not_done"]]
		for w in ("security_path_mkdir", "audit", "umask")]')" = "[True, True, False]"
check "JSON: the syscall path's has no kernel_path" \
	test "$(json "$TMP/ums" '"kernel_path" in j["jobs"][0]["kiogen"]')" = False
check "umask 077: dircreate makes 700 directories on both paths" \
	test "$(stat -c %a "$mnt/xfs/um/k.0.0") $(stat -c %a "$mnt/xfs/um/s.0.0")" = "700 700"
for fs in xfs ext4; do
	for path in kernel syscall; do
		(umask 077 && km "$TMP/umf" --path=$path --name=${path:0:1}f --ioengine=filecreate \
			--directory="$mnt/$fs/um" --nrfiles=1 --filesize=4k)
	done
	check "umask 077: $fs filecreate makes 600 files on both paths" \
		test "$(stat -c %a "$mnt/$fs/um/kf.0.0") $(stat -c %a "$mnt/$fs/um/sf.0.0")" = "600 600"
	[ $fs = xfs ] && mkdir "$mnt/ext4/um"
done
# ramfs has no ACLs: the mkdir masks the mode itself, as do_mkdirat()
mkdir "$TMP/ramfs"
mount -t ramfs none "$TMP/ramfs"
(umask 027 && km "$TMP/umt" --name=t --ioengine=dircreate --directory="$TMP/ramfs" --nrfiles=1)
check "umask 027: dircreate on ramfs (no ACLs) makes a 750 directory" \
	test "$(stat -c %a "$TMP/ramfs/t.0.0" 2>&1)" = 750
umount "$TMP/ramfs"
rm -r "${mnt:?}/xfs/um" "${mnt:?}/ext4/um"

# both paths: the same names in the same order (digests), from the same directory
for op in filecreate filestat filedelete dircreate; do
	# files and directories under other names: each compare prepares its own
	"$KIOGEN" compare --output-format=json --name=${op:0:3} --ioengine=$op --directory="$mnt/xfs" \
		--nrfiles=64 --rw=randwrite --randseed=7 \
		$([ $op = filecreate ] && echo --filesize=8k) >"$TMP/cmp-$op.json" 2>"$TMP/cmp-$op.err"
	check "compare $op: both paths ran, identical stream (names and order)" \
		test "$(json "$TMP/cmp-$op.json" 'j["compare"]["identical_stream"]')" = True
	check "compare $op: 64 operations each" \
		test "$(json "$TMP/cmp-$op.json" '[j["compare"][p]["runs"][0]["issued"] for p in ("kernel", "syscall")]')" = "[64, 64]"
done
check "compare filedelete: says what the kernel path leaves out (security_path_unlink)" \
	test "$(json "$TMP/cmp-filedelete.json" '[x["what"] for x in j["compare"]["kernel_path"]["not_done"]][0]')" = \
	security_path_unlink
digest() {	# digest FILE: the kernel path's digest of a compare
	json "$1" 'j["compare"]["kernel"]["runs"][0]["digest"]'
}
"$KIOGEN" compare --output-format=json --name=fil --ioengine=filecreate --directory="$mnt/xfs" \
	--nrfiles=64 --rw=randwrite --randseed=8 >"$TMP/cmp-seed.json" 2>"$TMP/cmp-seed.err"
a=$(digest "$TMP/cmp-filecreate.json") b=$(digest "$TMP/cmp-seed.json")
check "another seed, another order: another digest ($a, $b)" \
	bash -c "[ -n '$a' ] && [ -n '$b' ] && [ '$a' != '$b' ]"
"$KIOGEN" compare --output-format=json --name=fil --ioengine=filecreate --directory="$mnt/xfs" \
	--nrfiles=64 --rw=randwrite --randseed=7 --filename_format='x$filenum' \
	--filesize=8k >"$TMP/cmp-fmt.json" 2>"$TMP/cmp-fmt.err"
b=$(digest "$TMP/cmp-fmt.json")
check "other names, same order: another digest ($a, $b)" \
	bash -c "[ -n '$a' ] && [ -n '$b' ] && [ '$a' != '$b' ]"

# a name that is a mount point: both paths stat what is mounted on it, as
# fstatat(AT_SYMLINK_NOFOLLOW) does, not the directory it covers (the kernel
# path did). The mount is FUSE's with its server gone: a stat(2) of its root
# fails, one of the covered directory would not.
mkdir -p "$mnt/xfs/mp"
km "$TMP/mpc" --name=m --ioengine=dircreate --directory="$mnt/xfs/mp" --nrfiles=4
if modprobe fuse 2>/dev/null && [ -c /dev/fuse ]; then
	exec 9<>/dev/fuse
	mount -i -t fuse -o fd=9,rootmode=40000,user_id=0,group_id=0 kiogen "$mnt/xfs/mp/m.0.2"
	exec 9>&-
	echo "# stat(1) of the mount point: $(stat -c %i "$mnt/xfs/mp/m.0.2" 2>&1)"
	for path in kernel syscall; do
		km "$TMP/mp-$path" --path=$path --name=m --ioengine=dirstat \
			--directory="$mnt/xfs/mp" --nrfiles=4
		echo "# $path: exit $?, $(grep -o 'err=[ 0-9]*([^)]*)' "$TMP/mp-$path" | head -1)"
	done
	k=$(grep -o 'err=[ 0-9]*([^)]*)' "$TMP/mp-kernel" | head -1)
	check "dirstat over a mount point: the kernel path fails as the syscall path ($k)" \
		test -n "$k" -a "$k" = "$(grep -o 'err=[ 0-9]*([^)]*)' "$TMP/mp-syscall" | head -1)"
	umount -l "$mnt/xfs/mp/m.0.2"
else
	echo "# no FUSE (modprobe fuse): the mount point test is not run"
fi
km "$TMP/mpd" --name=m --ioengine=dirdelete --directory="$mnt/xfs/mp" --nrfiles=4

# the kernel threads close what they create as any kernel thread does (the
# final release deferred); the run ends when the last one is released: an
# unmount right after it does not find the file system busy
mkdir "$mnt/ext4/cl"
km "$TMP/cl" --name=c --ioengine=filecreate --directory="$mnt/ext4/cl" --nrfiles=200 \
	--filesize=4k
check "filecreate: the run succeeds" test $? = 0
check "filecreate: an unmount right after the run finds no file open" umount "$mnt/ext4"
check "no runs left behind" bash -c "'$KIOGEN' list | grep -q '^no runs$'"
cleanup
finish
