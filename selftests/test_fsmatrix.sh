#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kiocb and meta engines over a matrix of file systems, on the kernel
# path and the syscall path (the reference): ext4 and XFS on brd, tmpfs,
# overlayfs, 9p without cache, NFS over loopback, FUSE with direct_io, and
# the bio engine on a loop device over a 9p file. The last four take page
# references on the buffers they are given (iov_iter_get_pages): a buffer
# made of high-order pages that are not one compound page has its tail
# pages freed under it, and the guest's memory is corrupted (review
# kernel-3, finding 1). In each cell, with 64 KiB blocks (the largest
# chunk of a slot's buffer): a write of seeded random data (both paths
# write the same bytes, and user space reads them back), a write with
# verify=crc32c that reads it back, a verify_only read of what the other
# path wrote, and filecreate (each file holds the slot's buffer, the same
# on both paths); the kernel log stays clean. A corrupted buffer shows as
# data that differs, or as a splat, or the guest dies. A file system the kernel lacks, or one this
# machine cannot serve, skips its cell and says why. KIOGEN_FSMATRIX names
# the cells to run (default: all of them, in this order):
CELLS_ALL="ext4 xfs tmpfs overlay 9p nfs fuse loop9p"
. "$(dirname "$0")/lib.sh"
need_root
load_module

SIZE=4m		# each file
NR=64		# blocks in SIZE
BS=64k		# the largest chunk: an order-4 allocation
NRFILES=16	# filecreate's files, of BS each
HDR=40		# bytes of struct kiogen_block_header
mnt=$TMP/mnt
mkdir -p "$mnt"

# ---- the cells' file systems: cell_up_NAME sets DIR or says why not ----

# a 9p share without cache: the runner's results directory (vmtest.sh's
# tag kiogenout, mounted without a cache option, cache=none); a tag takes
# one mount only, so the cell uses a directory of it
share_9p() {
	local fstype opts
	[ -n "${KIOGEN_OUT:-}" ] || { WHY="no 9p share (KIOGEN_OUT): runs in selftests/vmtest.sh's guest"; return 1; }
	# shellcheck disable=SC2046  # two words
	set -- $(findmnt -n -o FSTYPE,OPTIONS --target "$KIOGEN_OUT")
	fstype=$1 opts=$2
	[ "$fstype" = 9p ] || { WHY="$KIOGEN_OUT is $fstype, not 9p"; return 1; }
	case ,$opts, in
	*,cache=none,* | *,cache=0x0,*) ;;
	*,cache=*) WHY="$KIOGEN_OUT is 9p with a cache ($opts)"; return 1 ;;
	esac
	SHARE=$KIOGEN_OUT/fsmatrix.$$
	mkdir -p "$SHARE" || { WHY="cannot make a directory in $KIOGEN_OUT"; return 1; }
}

brd_loaded=0
need_brd() {
	[ $brd_loaded = 1 ] && return 0
	modprobe brd rd_nr=2 rd_size=524288 >/dev/null 2>&1 || { WHY="no brd module"; return 1; }
	brd_loaded=1
}

cell_up_ext4() {
	need_brd || return 1
	modprobe ext4 >/dev/null 2>&1 || { WHY="no ext4 in the kernel"; return 1; }
	mkdir -p "$mnt/ext4"
	if ! mkfs.ext4 -q -F -m 0 /dev/ram0 || ! mount /dev/ram0 "$mnt/ext4"; then
		WHY="cannot make ext4 on brd"
		return 1
	fi
	DIR=$mnt/ext4
}
cell_down_ext4() { umount "$mnt/ext4"; }

cell_up_xfs() {
	need_brd || return 1
	command -v mkfs.xfs >/dev/null || { WHY="no mkfs.xfs (xfsprogs)"; return 1; }
	modprobe xfs >/dev/null 2>&1 || { WHY="no XFS in the kernel"; return 1; }
	mkdir -p "$mnt/xfs"
	if ! mkfs.xfs -q -f /dev/ram1 || ! mount /dev/ram1 "$mnt/xfs"; then
		WHY="cannot make XFS on brd"
		return 1
	fi
	DIR=$mnt/xfs
}
cell_down_xfs() { umount "$mnt/xfs"; }

cell_up_tmpfs() {
	mkdir -p "$mnt/tmpfs"
	mount -t tmpfs -o size=64m tmpfs "$mnt/tmpfs" || { WHY="cannot mount tmpfs"; return 1; }
	DIR=$mnt/tmpfs
}
cell_down_tmpfs() { umount "$mnt/tmpfs"; }

# overlayfs over tmpfs; one file of the lower layer is copied up by a write
cell_up_overlay() {
	modprobe overlay >/dev/null 2>&1 || { WHY="no overlayfs in the kernel"; return 1; }
	mkdir -p "$mnt/ovl-t" "$mnt/ovl"
	mount -t tmpfs -o size=64m tmpfs "$mnt/ovl-t" || { WHY="cannot mount tmpfs"; return 1; }
	mkdir -p "$mnt/ovl-t/lower" "$mnt/ovl-t/upper" "$mnt/ovl-t/work"
	truncate -s $SIZE "$mnt/ovl-t/lower/v.kernel"
	mount -t overlay overlay -o "lowerdir=$mnt/ovl-t/lower,upperdir=$mnt/ovl-t/upper,workdir=$mnt/ovl-t/work" \
		"$mnt/ovl" || { WHY="cannot mount overlayfs"; umount "$mnt/ovl-t"; return 1; }
	DIR=$mnt/ovl
}
cell_down_overlay() { umount "$mnt/ovl" && umount "$mnt/ovl-t"; }

cell_up_9p() {
	share_9p || return 1
	DIR=$SHARE/9p
	mkdir -p "$DIR"
}
cell_down_9p() { rm -rf "$SHARE/9p"; }

# NFS 4.2 over loopback from nfsd in this kernel, its state on tmpfs (the
# guest's root is read-only): v4 only, so neither rpcbind nor lockd, and a
# grace period of 10 s, the shortest nfsd takes
MOUNTD_PID=
cell_up_nfs() {
	local t
	for t in rpc.nfsd rpc.mountd exportfs mount.nfs; do
		command -v $t >/dev/null || { WHY="no $t (nfs-kernel-server, nfs-common)"; return 1; }
	done
	modprobe nfsd >/dev/null 2>&1 || { WHY="no nfsd in the kernel"; return 1; }
	modprobe nfsv4 >/dev/null 2>&1 || { WHY="no NFSv4 client in the kernel"; return 1; }
	[ -d /var/lib/nfs ] || { WHY="no /var/lib/nfs to put nfsd's state on"; return 1; }
	if [ -e /proc/fs/nfsd/threads ] && [ "$(cat /proc/fs/nfsd/threads)" != 0 ]; then
		WHY="an NFS server already runs here"
		return 1
	fi
	mount -t tmpfs -o mode=0755 tmpfs /var/lib/nfs || { WHY="cannot put tmpfs on /var/lib/nfs"; return 1; }
	NFS_STATE=1
	mkdir -p /var/lib/nfs/v4recovery /var/lib/nfs/rpc_pipefs
	: >/var/lib/nfs/etab
	: >/var/lib/nfs/rmtab
	[ -e /proc/fs/nfsd/threads ] || mount -t nfsd nfsd /proc/fs/nfsd ||
		{ WHY="cannot mount the nfsd file system"; return 1; }
	echo 10 >/proc/fs/nfsd/nfsv4gracetime
	echo 10 >/proc/fs/nfsd/nfsv4leasetime
	mkdir -p "$mnt/nfs-export" "$mnt/nfs"
	mount -t tmpfs -o size=64m tmpfs "$mnt/nfs-export" || { WHY="cannot mount tmpfs"; return 1; }
	timeout 30 exportfs -o rw,no_root_squash,insecure,no_subtree_check,fsid=0 "127.0.0.1:$mnt/nfs-export" ||
		{ WHY="exportfs failed"; return 1; }
	rpc.mountd -F -N 2 -N 3 >"$TMP/mountd.log" 2>&1 &
	MOUNTD_PID=$!
	# a kernel without NFSv2 refuses to be told not to serve it
	timeout 30 rpc.nfsd -N 2 -N 3 4 >"$TMP/nfsd.log" 2>&1 ||
		timeout 30 rpc.nfsd -N 3 4 >"$TMP/nfsd.log" 2>&1 ||
		{ WHY="rpc.nfsd failed: $(head -c 200 "$TMP/nfsd.log")"; return 1; }
	timeout 60 mount -t nfs4 -o vers=4.2,proto=tcp,retry=0 "127.0.0.1:/" "$mnt/nfs" ||
		{ WHY="cannot mount the loopback export"; return 1; }
	DIR=$mnt/nfs
	# the grace period: an open is refused (NFS4ERR_GRACE, retried) until it ends
	timeout 60 touch "$DIR/grace" || { WHY="the server's grace period did not end in 60 s"; return 1; }
	rm -f "$DIR/grace"
}
cell_down_nfs() {
	timeout 30 umount "$mnt/nfs" 2>/dev/null || umount -l "$mnt/nfs" 2>/dev/null
	if [ -e /proc/fs/nfsd/threads ]; then
		timeout 30 rpc.nfsd 0 >/dev/null 2>&1
		exportfs -ua >/dev/null 2>&1
	fi
	[ -n "$MOUNTD_PID" ] && kill "$MOUNTD_PID" 2>/dev/null && wait "$MOUNTD_PID" 2>/dev/null
	MOUNTD_PID=
	umount "$mnt/nfs-export" 2>/dev/null
	umount /proc/fs/nfsd 2>/dev/null
	[ -n "${NFS_STATE:-}" ] && umount /var/lib/nfs
	NFS_STATE=
	return 0
}

# FUSE: a passthrough of a tmpfs directory that opens every file with
# direct_io (reads and writes go to the daemon from the caller's pages),
# built here against libfuse3
FUSE_PID=
cell_up_fuse() {
	local _
	command -v gcc >/dev/null || { WHY="no gcc to build the FUSE passthrough"; return 1; }
	pkg-config --exists fuse3 2>/dev/null || { WHY="no libfuse3 (libfuse3-dev)"; return 1; }
	modprobe fuse >/dev/null 2>&1
	[ -c /dev/fuse ] || { WHY="no FUSE in the kernel (/dev/fuse)"; return 1; }
	write_fuse_src >"$TMP/fsmatrix_fuse.c"
	# shellcheck disable=SC2046  # pkg-config's flags are words
	gcc -O0 -Wall -o "$TMP/fsmatrix_fuse" "$TMP/fsmatrix_fuse.c" $(pkg-config --cflags --libs fuse3) \
		>"$TMP/fuse-cc.log" 2>&1 || { WHY="the FUSE passthrough does not build: $(head -c 300 "$TMP/fuse-cc.log")"; return 1; }
	mkdir -p "$mnt/fuse-back" "$mnt/fuse"
	mount -t tmpfs -o size=64m tmpfs "$mnt/fuse-back" || { WHY="cannot mount tmpfs"; return 1; }
	"$TMP/fsmatrix_fuse" "$mnt/fuse-back" "$mnt/fuse" -f >"$TMP/fuse.log" 2>&1 &
	FUSE_PID=$!
	for _ in $(seq 100); do
		[ "$(findmnt -n -o FSTYPE --mountpoint "$mnt/fuse")" = fuse.fsmatrix_fuse ] && break
		sleep 0.1
	done
	[ "$(findmnt -n -o FSTYPE --mountpoint "$mnt/fuse")" = fuse.fsmatrix_fuse ] ||
		{ WHY="the FUSE passthrough did not mount: $(head -c 300 "$TMP/fuse.log")"; return 1; }
	DIR=$mnt/fuse
}
cell_down_fuse() {
	umount "$mnt/fuse" 2>/dev/null
	[ -n "$FUSE_PID" ] && { wait "$FUSE_PID" 2>/dev/null || kill "$FUSE_PID" 2>/dev/null; }
	FUSE_PID=
	umount "$mnt/fuse-back" 2>/dev/null
	return 0
}

# the bio engine on a loop device whose backing file is on 9p (cache=none)
LOOP=
cell_up_loop9p() {
	share_9p || return 1
	command -v losetup >/dev/null || { WHY="no losetup"; return 1; }
	modprobe loop >/dev/null 2>&1
	truncate -s $SIZE "$SHARE/loop.img" || { WHY="cannot make the backing file"; return 1; }
	LOOP=$(losetup -f --show "$SHARE/loop.img") || { WHY="no loop device (losetup)"; return 1; }
	DIR=$LOOP
}
cell_down_loop9p() {
	[ -n "$LOOP" ] && losetup -d "$LOOP"
	LOOP=
	rm -f "$SHARE/loop.img"
}

write_fuse_src() {
	cat <<'EOF'
// SPDX-License-Identifier: GPL-2.0
/* test_fsmatrix.sh's FUSE file system: the directory argv[1] at argv[2],
 * every file opened with direct_io (FOPEN_DIRECT_IO). */
#define _GNU_SOURCE
#define FUSE_USE_VERSION 31
#include <fuse.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

static int base = -1;

static const char *rel(const char *path)
{
	return path[1] ? path + 1 : ".";
}

static int ret(int r)
{
	return r < 0 ? -errno : r;
}

static void *pt_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
	cfg->direct_io = 1;
	return NULL;
}

static int pt_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	return ret(fi ? fstat(fi->fh, st) : fstatat(base, rel(path), st, AT_SYMLINK_NOFOLLOW));
}

static int pt_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
		      struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
	int fd = openat(base, rel(path), O_RDONLY | O_DIRECTORY);
	struct dirent *e;
	DIR *d;

	if (fd < 0)
		return -errno;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return -errno;
	}
	while ((e = readdir(d)))
		if (fill(buf, e->d_name, NULL, 0, 0))
			break;
	closedir(d);
	return 0;
}

/* the backing tmpfs may refuse O_DIRECT: the daemon's side is buffered */
static int pt_open(const char *path, struct fuse_file_info *fi)
{
	int fd = openat(base, rel(path), fi->flags & ~O_DIRECT);

	if (fd < 0)
		return -errno;
	fi->fh = fd;
	return 0;
}

static int pt_create(const char *path, mode_t mode, struct fuse_file_info *fi)
{
	int fd = openat(base, rel(path), (fi->flags & ~O_DIRECT) | O_CREAT, mode);

	if (fd < 0)
		return -errno;
	fi->fh = fd;
	return 0;
}

static int pt_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi)
{
	return ret(pread(fi->fh, buf, size, off));
}

static int pt_write(const char *path, const char *buf, size_t size, off_t off,
		    struct fuse_file_info *fi)
{
	return ret(pwrite(fi->fh, buf, size, off));
}

static int pt_release(const char *path, struct fuse_file_info *fi)
{
	close(fi->fh);
	return 0;
}

static int pt_fsync(const char *path, int datasync, struct fuse_file_info *fi)
{
	return ret(datasync ? fdatasync(fi->fh) : fsync(fi->fh));
}

static int pt_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
	int fd, r;

	if (fi)
		return ret(ftruncate(fi->fh, size));
	fd = openat(base, rel(path), O_WRONLY);
	if (fd < 0)
		return -errno;
	r = ret(ftruncate(fd, size));
	close(fd);
	return r;
}

static int pt_fallocate(const char *path, int mode, off_t off, off_t len, struct fuse_file_info *fi)
{
	return ret(fallocate(fi->fh, mode, off, len));
}

static int pt_unlink(const char *path)
{
	return ret(unlinkat(base, rel(path), 0));
}

static int pt_mkdir(const char *path, mode_t mode)
{
	return ret(mkdirat(base, rel(path), mode));
}

static int pt_rmdir(const char *path)
{
	return ret(unlinkat(base, rel(path), AT_REMOVEDIR));
}

static int pt_rename(const char *from, const char *to, unsigned int flags)
{
	return ret(renameat2(base, rel(from), base, rel(to), flags));
}

static int pt_chmod(const char *path, mode_t mode, struct fuse_file_info *fi)
{
	return ret(fi ? fchmod(fi->fh, mode) : fchmodat(base, rel(path), mode, 0));
}

static int pt_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi)
{
	return ret(fi ? fchown(fi->fh, uid, gid) :
		   fchownat(base, rel(path), uid, gid, AT_SYMLINK_NOFOLLOW));
}

static int pt_utimens(const char *path, const struct timespec tv[2], struct fuse_file_info *fi)
{
	return ret(fi ? futimens(fi->fh, tv) : utimensat(base, rel(path), tv, AT_SYMLINK_NOFOLLOW));
}

static int pt_statfs(const char *path, struct statvfs *st)
{
	return ret(fstatvfs(base, st));
}

static const struct fuse_operations ops = {
	.init = pt_init,
	.getattr = pt_getattr,
	.readdir = pt_readdir,
	.open = pt_open,
	.create = pt_create,
	.read = pt_read,
	.write = pt_write,
	.release = pt_release,
	.fsync = pt_fsync,
	.truncate = pt_truncate,
	.fallocate = pt_fallocate,
	.unlink = pt_unlink,
	.mkdir = pt_mkdir,
	.rmdir = pt_rmdir,
	.rename = pt_rename,
	.chmod = pt_chmod,
	.chown = pt_chown,
	.utimens = pt_utimens,
	.statfs = pt_statfs,
};

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s DIR MOUNTPOINT [FUSE OPTIONS]\n", argv[0]);
		return 2;
	}
	base = open(argv[1], O_RDONLY | O_DIRECTORY);
	if (base < 0) {
		perror(argv[1]);
		return 1;
	}
	argv[1] = argv[0];
	return fuse_main(argc - 1, argv + 1, &ops, NULL);
}
EOF
}

# ---- what each cell runs ----

# kr OUT PATH OPTIONS...: a run, its text report in OUT; its exit status in $rc
kr() {
	local out=$1 path=$2
	shift 2
	rc=0
	"$KIOGEN" run --path="$path" "$@" >"$out" 2>"$out.err" || rc=$?
	[ $rc = 0 ] || echo "# kiogen run --path=$path $* exited $rc: $(head -c 400 "$out.err")"
}

# ok_writes OUT RC: exited 0, NR writes issued, no read
ok_writes() {
	[ "$2" = 0 ] && grep -q "issued rwts: total=0,$NR," "$1"
}

# ok_verify OUT RC: exited 0, NR blocks checked, none bad
ok_verify() {
	[ "$2" = 0 ] && grep -q "verify    : checked=$NR, mismatches=0" "$1"
}

# ok_files DIR RC: exited 0; NRFILES files of BS, not zeros; past the
# block header (the file's number in it) all alike: the slot's buffer
ok_files() {
	local f n=0
	[ "$2" = 0 ] || return 1
	for f in "$1"/*; do
		[ "$(stat -c %s "$f")" = 65536 ] || { echo "# ${f##*/}: $(stat -c %s "$f") bytes"; return 1; }
		cmp -s -i $HDR "$f" "$1/f.0.0" || { echo "# ${f##*/} differs from f.0.0: $(cmp -i $HDR "$f" "$1/f.0.0")"; return 1; }
		n=$((n + 1))
	done
	[ $n = "$NRFILES" ] && ! cmp -s -i $HDR:0 -n $((65536 - HDR)) "$1/f.0.0" /dev/zero
}

# target CELL PATH KIND: the file (or device) a cell's job KIND uses
target() {
	if [ "$1" = loop9p ]; then echo "$DIR"; else echo "$DIR/$3.$2"; fi
}

# image CELL PATH: keep what the write job wrote, for the comparison
image() {
	if [ "$1" = loop9p ]; then
		dd if="$DIR" of="$TMP/w.$2" bs=1M iflag=direct 2>/dev/null
	else
		cp "$DIR/w.$2" "$TMP/w.$2"
	fi
}

# log_clean_since MARK: no splat in the kernel log after MARK
log_clean_since() {
	! splat_since "$1"
}

run_cell() {
	local c=$1 mark direct=0 path other io t
	kmsg "cell $c"
	mark=$(dmesg_mark)
	if [ "$c" = loop9p ]; then
		direct=1
	elif dd if=/dev/zero of="$DIR/probe" bs=4k count=1 oflag=direct 2>/dev/null; then
		direct=1
	fi
	rm -f "$DIR/probe"
	echo "# $c: $DIR, direct=$direct"
	io=(--bs="$BS" --size="$SIZE" --direct="$direct" --ioengine=io_uring --iodepth=4)
	for path in kernel syscall; do
		t=$(target "$c" $path w)
		kr "$TMP/$c-w-$path" $path --name=w --filename="$t" --rw=write \
			--refill_buffers --randseed=11 "${io[@]}"
		check "$c $path: $NR writes of seeded data" ok_writes "$TMP/$c-w-$path" $rc
		image "$c" $path

		t=$(target "$c" $path v)
		kr "$TMP/$c-v-$path" $path --name=v --filename="$t" --rw=randwrite \
			--verify=crc32c --randseed=5 "${io[@]}"
		check "$c $path: write with verify=crc32c reads every block back intact" \
			ok_verify "$TMP/$c-v-$path" $rc
		[ "$c" = loop9p ] && continue
		mkdir -p "$DIR/m.$path"
		kr "$TMP/$c-m-$path" $path --name=f --ioengine=filecreate \
			--directory="$DIR/m.$path" --nrfiles=$NRFILES --filesize=$BS --bs=$BS \
			--rw=randwrite --fsync=1
		check "$c $path: filecreate makes $NRFILES files of $BS, each the same data" \
			ok_files "$DIR/m.$path" $rc
	done
	check "$c: both paths wrote the same bytes" cmp -s "$TMP/w.kernel" "$TMP/w.syscall"
	if [ "$c" = loop9p ]; then
		kr "$TMP/$c-x-kernel" kernel --name=v --filename="$DIR" --rw=randwrite \
			--verify=crc32c --randseed=5 --verify_only "${io[@]}"
		check "$c kernel: verify_only of what the syscall path wrote" \
			ok_verify "$TMP/$c-x-kernel" $rc
	else
		check "$c: the file written on the kernel path reads back alike from user space" \
			cmp -s "$TMP/w.kernel" "$DIR/w.kernel"
		# each path reads what the other wrote
		check "$c: filecreate's data is the same on both paths" \
			cmp -s -i $HDR "$DIR/m.kernel/f.0.0" "$DIR/m.syscall/f.0.0"
		for path in kernel syscall; do
			other=syscall
			[ $path = syscall ] && other=kernel
			kr "$TMP/$c-x-$path" $path --name=v --filename="$DIR/v.$other" \
				--rw=randwrite --verify=crc32c --randseed=5 --verify_only "${io[@]}"
			check "$c $path: verify_only of what the $other path wrote" \
				ok_verify "$TMP/$c-x-$path" $rc
		done
	fi
	rm -f "$TMP/w.kernel" "$TMP/w.syscall"
	check "$c: kernel log clean" log_clean_since "$mark"
}

UP=
cleanup() {
	[ -n "$UP" ] && "cell_down_$UP" 2>/dev/null
	UP=
	[ -n "${SHARE:-}" ] && rm -rf "$SHARE"
	[ $brd_loaded = 1 ] && rmmod brd 2>/dev/null
	return 0
}
trap cleanup EXIT

for c in ${KIOGEN_FSMATRIX:-$CELLS_ALL}; do
	[[ " $CELLS_ALL " == *" $c "* ]] || { check "cell $c exists" false; continue; }
	DIR='' WHY=''
	t0=$SECONDS
	UP=$c
	if "cell_up_$c"; then
		run_cell "$c"
	else
		check_skip "$c" "$WHY"
	fi
	"cell_down_$c" || echo "# $c: could not tear it down"
	UP=
	echo "# $c: $((SECONDS - t0)) s"
done
finish
