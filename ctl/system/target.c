// SPDX-License-Identifier: GPL-2.0
/*
 * Targets as user space opens them, shared by the kernel path and the
 * syscall path: the requester's own open(2), so path lookup, permissions,
 * LSMs and exclusivity are decided as for any program, fio's file layout
 * (create, extend, fsync, cut back on failure) and fio's invalidate. The
 * module only ever sees the resulting file descriptor.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/fs.h>
#include <sys/fsuid.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <kiogen/meta.h>
#include <kiogen/workload.h>

#include "core/cli.h"
#include "options/options.h"
#include "target.h"

#define KG_LAYOUT_PATTERN	0x6b	/* as the module's layout wrote */

bool kg_target_writes(const struct kg_job *j)
{
	return kiog_rw_writes(j->rw);
}

/* What went wrong, in words; the option it is about leads the message. */
static int kg_target_error(const struct kg_job *j, const char *path,
			   const char *what, bool direct, int err)
{
	const char *why;

	switch (err) {
	case EACCES:
	case EPERM:
		why = "permission denied";
		break;
	case ENOENT:
		why = "no such file or directory";
		break;
	case EROFS:
		why = "read-only file system";
		break;
	case EISDIR:
		why = "is a directory";
		break;
	case EBUSY:
		why = "device is mounted or held by another user, refusing to write";
		break;
	case ENXIO:
	case ENODEV:
		why = "no such device";
		break;
	case EINVAL:
		if (direct) {
			fprintf(stderr, "kiogen: %s: direct: the file system of %s does not support O_DIRECT\n",
				j->name, path);
			return KG_EXIT_FAIL;
		}
		/* fall through */
	default:
		why = strerror(err);
		break;
	}
	fprintf(stderr, "kiogen: %s: filename: cannot %s %s: %s\n", j->name, what,
		path, why);
	return KG_EXIT_FAIL;
}

/*
 * fio's fallocate= from @from to @to: the blocks set aside (native, keep)
 * or the size set (truncate), nothing written. A file system without
 * fallocate() is no error: the caller writes the range or sizes the file.
 */
static int kg_target_allocate(int fd, uint64_t from, uint64_t to, uint32_t mode)
{
	if ((mode == KIOGEN_FALLOCATE_NATIVE || mode == KIOGEN_FALLOCATE_KEEP) &&
	    fallocate(fd, mode == KIOGEN_FALLOCATE_KEEP ? FALLOC_FL_KEEP_SIZE : 0,
		      from, to - from) && errno != EOPNOTSUPP)
		return -errno;
	if (mode == KIOGEN_FALLOCATE_TRUNCATE && ftruncate(fd, to))
		return -errno;
	return 0;
}

int kg_target_layout(int fd, uint64_t from, uint64_t to, uint32_t mode, bool sync)
{
	uint64_t pos = from;
	char *buf;
	int err;

	if (to <= from)
		return 0;
	buf = malloc(KG_LAYOUT_CHUNK);
	if (!buf)
		return -ENOMEM;
	memset(buf, KG_LAYOUT_PATTERN, KG_LAYOUT_CHUNK);
	err = kg_target_allocate(fd, from, to, mode);
	if (err)
		goto out;
	while (pos < to) {
		size_t len = to - pos < KG_LAYOUT_CHUNK ? to - pos : KG_LAYOUT_CHUNK;
		ssize_t n;

		if (kg_interrupt_pending()) {
			err = -EINTR;
			goto out;
		}
		n = pwrite(fd, buf, len, pos);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? -errno : -ENOSPC;
			goto out;
		}
		pos += n;
	}
	if (sync && fsync(fd))
		err = -errno;
out:
	/* nothing the layout claimed stays claimed */
	if (err && ftruncate(fd, from))
		fprintf(stderr, "kiogen: cannot cut the file back to %" PRIu64 " bytes: %s\n",
			from, strerror(errno));
	free(buf);
	return err;
}

/* Bytes file @i needs: every worker's region, offset_increment apart. */
static uint64_t kg_target_need(const struct kg_job *j, uint32_t i)
{
	uint64_t need = j->size ? j->offset + j->size +
			(uint64_t)(j->numjobs - 1) * j->offset_increment : 0;
	uint64_t fs = kg_job_file_size(j, i);

	return fs > need ? fs : need;
}

/* filesize=LOW-HIGH: fio keeps a file whose size is in the range as it is */
static bool kg_target_in_range(const struct kg_job *j, uint64_t bytes)
{
	return j->filesize_lo && bytes >= j->filesize_lo && bytes <= j->filesize;
}

/*
 * Does the file at @path need laying out? Sets *@from to its size (0 and
 * *@create when it does not exist). Returns 1 if so, 0 if not, or an exit
 * code (negated) after saying why.
 */
static int kg_target_short(const struct kg_job *j, uint32_t i, const char *path,
			   uint64_t *from, bool *create)
{
	uint64_t need = kg_target_need(j, i);
	struct stat st;

	*from = 0;
	*create = false;
	if (stat(path, &st)) {
		if (errno != ENOENT)
			return -kg_target_error(j, path, "open", false, errno);
		if (j->no_file_create) {
			fprintf(stderr, "kiogen: %s: filename: no such file: %s (allow_file_create=0)\n",
				j->name, path);
			return -KG_EXIT_FAIL;
		}
		if (!need) {
			fprintf(stderr, "kiogen: %s: filename: no such file: %s (give size= or filesize= to create it)\n",
				j->name, path);
			return -KG_EXIT_FAIL;
		}
		*create = true;
		return 1;
	}
	if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size >= need ||
	    kg_target_in_range(j, st.st_size))
		return 0;
	*from = st.st_size;
	return 1;
}

/*
 * fio's file_append for writes: the appended region is allocated by
 * fallocate=, not written, so the job's writes are the first to it (fio's
 * extend_file() without a new layout). The workers keep within the file's
 * size, so a file system without fallocate() gets it by ftruncate().
 */
static int kg_target_append_room(int fd, uint64_t from, uint64_t to, uint32_t mode)
{
	struct stat st;
	int err = kg_target_allocate(fd, from, to, mode);

	if (!err && !fstat(fd, &st) && (uint64_t)st.st_size < to && ftruncate(fd, to))
		err = -errno;
	if (err && ftruncate(fd, from))
		fprintf(stderr, "kiogen: cannot cut the file back to %" PRIu64 " bytes: %s\n",
			from, strerror(errno));
	return err;
}

/*
 * A regular file shorter than the job needs is created or extended as fio
 * does it, through a buffered descriptor of its own: O_DIRECT could not take
 * the pattern buffer, and a read-only job needs write access only here.
 * fio's create_on_open makes it the size it needs, sparse, unwritten.
 */
static int kg_target_prepare(const struct kg_job *j, uint32_t i, const char *path,
			     uint64_t from, bool create, struct kg_target *t)
{
	uint64_t need = kg_target_need(j, i);
	int fd, err;

	fd = open(path, O_WRONLY | O_CLOEXEC | (create ? O_CREAT | O_EXCL : 0), 0644);
	if (fd < 0)
		return kg_target_error(j, path, create ? "create" : "extend", false, errno);
	if (j->create_on_open)
		err = ftruncate(fd, need) ? -errno : 0;
	else if (j->file_append && kg_target_writes(j))
		err = kg_target_append_room(fd, from, need, j->fallocate);
	else
		err = kg_target_layout(fd, from, need, j->fallocate, !j->no_create_fsync);
	close(fd);
	if (err && create)
		unlink(path);
	if (err == -EINTR) {
		fprintf(stderr, "kiogen: %s: stopped while laying out %s; %s\n", j->name,
			path, create ? "removed it again" : "cut it back to its old size");
		return KG_EXIT_OK;
	}
	if (err) {
		fprintf(stderr, "kiogen: %s: filename: cannot lay out %s to %" PRIu64 " bytes: %s (%s)\n",
			j->name, path, need, strerror(-err),
			create ? "removed it again" : "cut it back to its old size");
		return KG_EXIT_FAIL;
	}
	t->laid_out += need - from;
	return KG_EXIT_OK;
}

/* Each short file of the job, after one line as fio's. */
static int kg_target_prepare_all(const struct kg_job *j, FILE *info,
				 struct kg_target *t)
{
	uint32_t i, n = kg_job_files_total(j), nr = 0;
	char path[KIOGEN_PATH_LEN];
	uint64_t from, bytes = 0;
	bool create;
	int ret;

	for (i = 0; i < n; i++) {
		kg_job_file_path(j, i, path, sizeof(path));
		ret = kg_target_short(j, i, path, &from, &create);
		if (ret < 0)
			return -ret;
		if (ret) {
			nr++;
			bytes += kg_target_need(j, i) - from;
		}
	}
	if (!nr || j->create_on_open)
		goto prepare;
	/* fio's words */
	fprintf(info, "%s: Laying out IO file%s (%u file%s / %s%" PRIu64 "MiB)\n", j->name,
		nr > 1 ? "s" : "", nr, nr > 1 ? "s" : "", nr > 1 ? "total " : "", bytes >> 20);
	fflush(info);
prepare:
	for (i = 0; i < n && nr && !kg_interrupt_pending(); i++) {
		kg_job_file_path(j, i, path, sizeof(path));
		ret = kg_target_short(j, i, path, &from, &create);
		if (ret < 0)
			return -ret;
		if (ret)
			ret = kg_target_prepare(j, i, path, from, create, t);
		if (ret)
			return ret;
	}
	return KG_EXIT_OK;
}

int kg_targets_lay_out(const struct kg_jobs *js, FILE *info)
{
	unsigned int i;
	int ret = KG_EXIT_OK;

	for (i = 0; i < js->nr_jobs && !ret && !kg_interrupt_pending(); i++) {
		const struct kg_job *j = &js->jobs[i];
		struct kg_target t = { .fd = -1 };

		if (strcmp(j->engine, "null") && kiog_meta_op_of(j->engine) == KIOG_META_NONE)
			ret = kg_target_prepare_all(j, info, &t);
	}
	return ret;
}

/* The offset alignment O_DIRECT needs on this file, when the kernel says. */
static uint32_t kg_target_dio_align(int fd)
{
	struct statx stx;

	if (!statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) &&
	    (stx.stx_mask & STATX_DIOALIGN) && stx.stx_dio_offset_align)
		return stx.stx_dio_offset_align;
	return 512;	/* the smallest logical block size there is */
}

/* Size and alignment of one opened file; the job's are the smallest and largest. */
static int kg_target_size(const struct kg_job *j, const char *path, int fd,
			  bool direct, struct kg_target *t)
{
	uint32_t align;
	uint64_t bytes;
	struct stat st;
	int lbs;

	if (fstat(fd, &st))
		return kg_target_error(j, path, "size", direct, errno);
	if (S_ISBLK(st.st_mode)) {
		if (ioctl(fd, BLKGETSIZE64, &bytes) || ioctl(fd, BLKSSZGET, &lbs))
			return kg_target_error(j, path, "size", direct, errno);
		t->bdev = true;
		align = lbs;
	} else if (S_ISDIR(st.st_mode)) {
		return kg_target_error(j, path, "use", direct, EISDIR);
	} else if (!S_ISREG(st.st_mode)) {
		fprintf(stderr, "kiogen: %s: filename: %s is not a regular file or block device\n",
			j->name, path);
		return KG_EXIT_FAIL;
	} else {
		t->file = true;
		bytes = st.st_size;
		align = direct ? kg_target_dio_align(fd) : 1;
	}
	if (!t->nr_fds || bytes < t->bytes)
		t->bytes = bytes;
	if (t->file_bytes)
		t->file_bytes[t->nr_fds] = bytes;
	if (align > t->min_align)
		t->min_align = align;
	return KG_EXIT_OK;
}

/* fio's fadvise_hint, on the open file: the module's I/O goes through it too */
static void kg_target_advise(const struct kg_job *j, int fd)
{
	int advice = -1;

	switch (j->fadvise_hint) {
	case KG_FADV_TYPE:
		advice = kiog_rw_random(j->rw) ? POSIX_FADV_RANDOM : POSIX_FADV_SEQUENTIAL;
		break;
	case KG_FADV_SEQUENTIAL:
		advice = POSIX_FADV_SEQUENTIAL;
		break;
	case KG_FADV_RANDOM:
		advice = POSIX_FADV_RANDOM;
		break;
	}
	if (advice >= 0)
		posix_fadvise(fd, 0, 0, advice);
}

/*
 * fio's ioscheduler: the queue of the device @dev (a partition's: its
 * disk's) is switched to it, and read back to be sure it took.
 */
static int kg_target_ioscheduler(const struct kg_job *j, const char *path, dev_t dev)
{
	char sysfs[128], now[256];
	const char *fmt[] = { "/sys/dev/block/%u:%u/queue/scheduler",
			      "/sys/dev/block/%u:%u/../queue/scheduler" };
	size_t i;
	FILE *f = NULL;

	for (i = 0; i < 2 && !f; i++) {
		snprintf(sysfs, sizeof(sysfs), fmt[i], major(dev), minor(dev));
		f = fopen(sysfs, "r+");
	}
	if (!f) {
		fprintf(stderr, "kiogen: %s: ioscheduler: %s is on no block device with a scheduler (%s)\n",
			j->name, path, strerror(errno));
		return KG_EXIT_FAIL;
	}
	if (fputs(j->ioscheduler, f) == EOF || fflush(f) || fseek(f, 0, SEEK_SET) ||
	    !fgets(now, sizeof(now), f))
		now[0] = '\0';
	fclose(f);
	snprintf(sysfs, sizeof(sysfs), "[%s]", j->ioscheduler);
	if (!strstr(now, sysfs)) {
		fprintf(stderr, "kiogen: %s: ioscheduler: the device of %s did not take %s (it has: %.*s)\n",
			j->name, path, j->ioscheduler, (int)strcspn(now, "\n"), now);
		return KG_EXIT_FAIL;
	}
	return KG_EXIT_OK;
}

/*
 * fio's uid and gid: its job process takes them before it opens its files
 * (the layout, with fio's create_serialize, is the invoking user's). Here
 * the workers are kernel threads or this process's threads, and the
 * opener is the job's user: this thread's file system ids around each
 * open (setfsuid(2), which drops the capabilities that override file
 * modes when it leaves root). The module's workers act with the opener's
 * credentials (the file's f_cred).
 */
struct kg_fsids {
	int uid, gid;		/* the thread's own before; -1: not changed */
};

static void kg_target_as_self(const struct kg_fsids *old)
{
	if (old->uid != -1)
		setfsuid(old->uid);
	if (old->gid != -1)
		setfsgid(old->gid);
}

/* As the job's uid and gid, until kg_target_as_self(); an exit code. */
static int kg_target_as_job(const struct kg_job *j, struct kg_fsids *old)
{
	const char *opt = NULL;

	old->uid = -1;
	old->gid = -1;
	/* setfsuid() says the id before; given -1, which it refuses, the id now */
	if (j->gid_set) {
		old->gid = setfsgid(j->gid);
		if ((uint32_t)setfsgid(-1) != j->gid)
			opt = "gid";
	}
	if (j->uid_set && !opt) {
		old->uid = setfsuid(j->uid);
		if ((uint32_t)setfsuid(-1) != j->uid)
			opt = "uid";
	}
	if (!opt)
		return KG_EXIT_OK;
	kg_target_as_self(old);
	fprintf(stderr, "kiogen: %s: %s: cannot open the files as %u: operation not permitted (it takes CAP_SET%s)\n",
		j->name, opt, *opt == 'u' ? j->uid : j->gid, *opt == 'u' ? "UID" : "GID");
	return KG_EXIT_FAIL;
}

/* open(2) of a job's file as its user: -1 with errno, 0 after saying why */
static int kg_target_open_as_job(const struct kg_job *j, const char *path, int flags)
{
	struct kg_fsids old;
	int fd, err;

	if (kg_target_as_job(j, &old)) {
		errno = 0;
		return -1;
	}
	fd = open(path, flags);
	err = errno;
	kg_target_as_self(&old);
	errno = err;
	return fd;
}

/* fio's pre_read: the job's region of the file, read into the page cache */
static int kg_target_pre_read(const struct kg_job *j, const char *path)
{
	uint64_t pos = j->offset, end = j->size ? j->offset + j->size : UINT64_MAX;
	int fd = kg_target_open_as_job(j, path, O_RDONLY | O_CLOEXEC), err = 0;
	char *buf = malloc(KG_LAYOUT_CHUNK);
	ssize_t n;

	if (fd < 0 && !errno) {
		free(buf);
		return KG_EXIT_FAIL;
	}
	if (fd < 0 || !buf)
		err = fd < 0 ? errno : ENOMEM;
	while (!err && pos < end && !kg_interrupt_pending()) {
		n = pread(fd, buf, end - pos < KG_LAYOUT_CHUNK ? end - pos : KG_LAYOUT_CHUNK, pos);
		if (n < 0 && errno != EINTR)
			err = errno;
		else if (!n)
			break;		/* the end of the file */
		else if (n > 0)
			pos += (uint64_t)n;
	}
	free(buf);
	if (fd >= 0)
		close(fd);
	return err ? kg_target_error(j, path, "pre_read", false, err) : KG_EXIT_OK;
}

/* What fio does to each file once it is open: write_hint, ioscheduler, pre_read */
static int kg_target_file_setup(const struct kg_job *j, const char *path, int fd, dev_t dev)
{
	uint64_t hint = j->write_hint;
	int ret;

	if (hint && fcntl(fd, F_SET_RW_HINT, &hint)) {
		fprintf(stderr, "kiogen: %s: write_hint: %s takes no hint: %s\n", j->name, path,
			strerror(errno));
		return KG_EXIT_FAIL;
	}
	if (j->ioscheduler[0]) {
		ret = kg_target_ioscheduler(j, path, dev);
		if (ret)
			return ret;
	}
	return j->pre_read ? kg_target_pre_read(j, path) : KG_EXIT_OK;
}

/*
 * A written block device is opened O_EXCL, and a second O_EXCL open fails
 * even in the same process: jobs of one run that write the same device (fio
 * lets them) share one open file, each with a dup of it. The table holds a
 * dup of its own, so the claim lasts until the last job's is closed.
 */
static struct kg_excl_dev {
	dev_t rdev;
	int flags;		/* of the shared open: O_DIRECT must agree, */
	int64_t uid, gid;	/* and the opener (fio's uid, gid; -1: the user's) */
	int fd;			/* the table's own */
	unsigned int nr_users;
	int users[KG_MAX_JOBS];	/* the jobs' dups */
} kg_excl_devs[KG_MAX_JOBS];

/* Opens a written device @path, O_EXCL in @flags, or shares the run's open. */
static int kg_excl_open(const struct kg_job *j, const char *path, int flags, dev_t rdev)
{
	int64_t uid = j->uid_set ? (int64_t)j->uid : -1, gid = j->gid_set ? (int64_t)j->gid : -1;
	struct kg_excl_dev *e, *free_e = NULL;
	int fd;

	for (e = kg_excl_devs; e < kg_excl_devs + KG_MAX_JOBS; e++) {
		if (e->nr_users && e->rdev == rdev)
			break;
		if (!e->nr_users && !free_e)
			free_e = e;
	}
	if (e == kg_excl_devs + KG_MAX_JOBS) {
		fd = kg_target_open_as_job(j, path, flags);
		if (fd < 0 || !free_e)
			return fd;
		e = free_e;
		e->fd = fd;
		e->rdev = rdev;
		e->flags = flags;
		e->uid = uid;
		e->gid = gid;
	} else if (e->flags != flags || e->uid != uid || e->gid != gid) {
		fprintf(stderr, "kiogen: %s: filename: %s is written by another job of the run with another %s; jobs that write one device take the same\n",
			j->name, path, e->flags != flags ? "direct=" : "uid or gid");
		errno = 0;
		return -1;
	} else if (e->nr_users == KG_MAX_JOBS) {
		errno = EBUSY;
		return -1;
	}
	fd = fcntl(e->fd, F_DUPFD_CLOEXEC, 0);
	if (fd >= 0)
		e->users[e->nr_users++] = fd;
	else if (!e->nr_users)
		close(e->fd);
	return fd;
}

/* Closes @fd, and the run's shared open of its device after its last user. */
static void kg_excl_close(int fd)
{
	struct kg_excl_dev *e;
	unsigned int i;

	for (e = kg_excl_devs; e < kg_excl_devs + KG_MAX_JOBS; e++)
		for (i = 0; i < e->nr_users; i++)
			if (e->users[i] == fd) {
				e->users[i] = e->users[--e->nr_users];
				if (!e->nr_users)
					close(e->fd);
				break;
			}
	close(fd);
}

/* Opens one of the job's files into t->fds[t->nr_fds]. */
static int kg_target_open_one(const struct kg_job *j, const char *path, bool direct,
			      enum kg_target_use use, struct kg_target *t)
{
	bool writes = kg_target_writes(j);
	bool bio = use == KG_TARGET_KERNEL && !strcmp(j->engine, "bio");
	int flags = (writes ? O_RDWR : O_RDONLY) | O_CLOEXEC;
	struct stat st;
	bool bdev;
	int fd, ret;

	bdev = !stat(path, &st) && S_ISBLK(st.st_mode);
	if (bio && !bdev) {
		fprintf(stderr, "kiogen: %s: filename: not a block device: %s (the bio engine needs one)\n",
			j->name, path);
		return KG_EXIT_FAIL;
	}
	/*
	 * Bios bypass the page cache whatever the fd says; the fd says
	 * O_DIRECT all the same, as on the syscall path, so that jobs sharing
	 * a written device (kg_excl_open()) agree on both paths.
	 */
	if (direct)
		flags |= O_DIRECT;
	flags |= j->sync_flags;
	if (writes && bdev && j->allow_mounted_write && use == KG_TARGET_KERNEL) {
		fprintf(stderr, "kiogen: %s: allow_mounted_write: the module claims a written device for itself; --path=syscall can write a mounted one\n",
			j->name);
		return KG_EXIT_USAGE;
	}
	/* a written device is held exclusively: never one that is mounted (unless asked) */
	if (writes && bdev && !(j->allow_mounted_write && use == KG_TARGET_SYSCALL)) {
		flags |= O_EXCL;
		fd = kg_excl_open(j, path, flags, st.st_rdev);
	} else {
		fd = kg_target_open_as_job(j, path, flags);
	}
	if (fd < 0)
		return errno ? kg_target_error(j, path, "open", direct, errno) : KG_EXIT_USAGE;
	ret = kg_target_size(j, path, fd, direct, t);
	if (ret) {
		kg_excl_close(fd);
		return ret;
	}
	ret = kg_target_file_setup(j, path, fd, bdev ? st.st_rdev : st.st_dev);
	if (ret) {
		kg_excl_close(fd);
		return ret;
	}
	/* fio's invalidate=1: start from a cold page cache (pre_read: a warm one) */
	if (j->invalidate && !j->pre_read)
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	kg_target_advise(j, fd);
	t->fds[t->nr_fds++] = fd;
	return KG_EXIT_OK;
}

/*
 * The directory of a metadata engine (fio's directory=), opened O_DIRECTORY
 * as the user: its region is one bs block per file. The syscall path
 * checks here, as the kernel does when it takes the fd, that whoever runs
 * may change it.
 */
static int kg_target_open_dir(const struct kg_job *j, enum kg_target_use use,
			      struct kg_target *t)
{
	const char *why = NULL;

	t->fd = kg_target_open_as_job(j, j->filename, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (t->fd < 0 && !errno)
		return KG_EXIT_FAIL;
	if (t->fd < 0) {
		why = errno == ENOTDIR ? "not a directory" : strerror(errno);
	} else if (use == KG_TARGET_SYSCALL &&
		   kiog_meta_op_writes(kiog_meta_op_of(j->engine)) &&
		   faccessat(AT_FDCWD, j->filename, W_OK | X_OK, AT_EACCESS)) {
		why = errno == EROFS ? "read-only file system" :
		      errno == EACCES ? "permission denied: cannot create or remove files in it" :
		      strerror(errno);
		kg_target_close(t);
	}
	if (why) {
		fprintf(stderr, "kiogen: %s: directory: cannot use %s: %s\n", j->name,
			j->filename, why);
		return KG_EXIT_FAIL;
	}
	t->bytes = (uint64_t)j->nrfiles * j->bs;
	t->min_align = 1;
	return KG_EXIT_OK;
}

/*
 * fio's region of each of several files (filesetup.c setup_files()):
 * without size, or with filesize=LOW-HIGH, each file's own size from the
 * offset (a file outside the range: its drawn size). Not with
 * offset_increment or a random_distribution: one region for all then.
 */
static int kg_target_regions(const struct kg_job *j, struct kg_target *t)
{
	char path[KIOGEN_PATH_LEN];
	uint64_t r;
	uint32_t i;

	if (t->nr_fds < 2 || j->offset_increment ||
	    j->random_distribution != KIOGEN_RANDOM_DISTRIBUTION_RANDOM ||
	    (j->size && !j->filesize_lo))
		return KG_EXIT_OK;
	t->regions = calloc(t->nr_fds, sizeof(*t->regions));
	if (!t->regions) {
		fprintf(stderr, "kiogen: %s: out of memory\n", j->name);
		return KG_EXIT_FAIL;
	}
	for (i = 0; i < t->nr_fds; i++) {
		r = t->file_bytes[i];
		if (j->filesize_lo && !kg_target_in_range(j, r))
			r = kg_job_file_size(j, i);
		if (r < j->offset + j->bs) {
			kg_job_file_path(j, i, path, sizeof(path));
			fprintf(stderr, "kiogen: %s: filename: %s is %" PRIu64 " bytes: no block after offset %" PRIu64 "\n",
				j->name, path, r, j->offset);
			return KG_EXIT_USAGE;
		}
		t->regions[i] = r - j->offset;
		if (!i || t->regions[i] < t->region_min)
			t->region_min = t->regions[i];
	}
	return KG_EXIT_OK;
}

/* fio's lockmem: each worker's share pinned, so the page cache has that much less */
static int kg_target_lockmem(const struct kg_job *j, struct kg_target *t)
{
	size_t len = j->lockmem * j->numjobs;
	void *p;

	if (!len)
		return KG_EXIT_OK;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || mlock(p, len)) {
		fprintf(stderr, "kiogen: %s: lockmem: cannot pin %zu bytes: %s\n", j->name, len,
			strerror(errno));
		if (p != MAP_FAILED)
			munmap(p, len);
		return KG_EXIT_FAIL;
	}
	t->locked = p;
	t->locked_len = len;
	return KG_EXIT_OK;
}

int kg_target_open(const struct kg_job *j, bool direct, enum kg_target_use use,
		   struct kg_target *t, FILE *info)
{
	uint32_t i, n = kg_job_files_total(j);
	char path[KIOGEN_PATH_LEN];
	int ret;

	memset(t, 0, sizeof(*t));
	t->fd = -1;
	if (kiog_meta_op_of(j->engine) != KIOG_META_NONE)
		return kg_target_open_dir(j, use, t);
	ret = kg_target_prepare_all(j, info, t);
	if (ret || kg_interrupt_pending())
		return ret;
	t->fds = calloc(n, sizeof(*t->fds));
	t->file_bytes = calloc(n, sizeof(*t->file_bytes));
	if (!t->fds || !t->file_bytes) {
		kg_target_close(t);
		fprintf(stderr, "kiogen: %s: out of memory\n", j->name);
		return KG_EXIT_FAIL;
	}
	for (i = 0; i < n; i++) {
		kg_job_file_path(j, i, path, sizeof(path));
		ret = kg_target_open_one(j, path, direct, use, t);
		if (ret) {
			kg_target_close(t);
			return ret;
		}
	}
	t->fd = t->fds[0];
	t->worker_files = kg_job_nr_files(j);
	ret = kg_target_regions(j, t) ?: kg_target_lockmem(j, t);
	if (ret) {
		kg_target_close(t);
		kg_target_unpin(t);
	}
	return ret;
}

/* @n percent of @real, without overflowing */
static uint64_t kg_target_pct(uint64_t real, uint32_t n)
{
	return real / 100 * n + real % 100 * n / 100;
}

/*
 * fio's percentages of the target's real size (filesetup.c): the offset
 * aligned up to offset_align or the smallest block size, the size capped
 * at what is left after the offset and rounded down to the smallest block
 * size, io_size of the region.
 */
static int kg_target_resolve_pct(struct kg_job *j, FILE *err)
{
	const char *opt = j->offset_pct ? "offset" : j->size_pct ? "size" : "io_size";
	char path[KIOGEN_PATH_LEN];
	struct kg_target t = { 0 };
	struct kiog_wl_cfg c;
	struct kiog_bs b;
	uint64_t real, left, align;
	uint32_t min_bs;
	int fd, ret;

	if (!strcmp(j->engine, "null") || kiog_meta_op_of(j->engine) != KIOG_META_NONE) {
		fprintf(err, "kiogen: %s: %s: a percentage is of the target's size; ioengine=%s has no target\n",
			j->name, opt, j->ioengine);
		return KG_EXIT_USAGE;
	}
	/* of the first file, as fio's of each: the files of a list share a region */
	kg_job_file_path(j, 0, path, sizeof(path));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return kg_target_error(j, path, "size", false, errno);
	ret = kg_target_size(j, path, fd, false, &t);
	close(fd);
	if (ret)
		return ret;
	real = t.bytes;
	KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, &c, j);
	kiog_bs_init(&b, &c, 0);
	min_bs = kiog_bs_min(&b, kiog_rw_dirs(j->rw));
	if (j->offset_pct) {
		align = j->offset_align ?: min_bs;
		j->offset = kg_target_pct(real, j->offset_pct);
		j->offset = (j->offset + align - 1) / align * align;
	}
	left = real > j->offset ? real - j->offset : 0;
	if (j->size_pct) {
		j->size = kg_target_pct(real, j->size_pct);
		if (j->size > left)
			j->size = left;
		j->size -= j->size % min_bs;
	}
	if (j->io_size_pct)
		j->io_size = kg_target_pct(j->size ?: left, j->io_size_pct);
	if ((j->size_pct && !j->size) || (j->io_size_pct && !j->io_size) ||
	    (j->offset_pct && !left)) {
		fprintf(err, "kiogen: %s: %s: %u%% of %s (%" PRIu64 " bytes) leaves no block to do\n",
			j->name, opt, j->offset_pct ?: j->size_pct ?: j->io_size_pct,
			j->filename, real);
		return KG_EXIT_USAGE;
	}
	return KG_EXIT_OK;
}

/*
 * fio's file_append (filesetup.c get_start_offset()): the region starts at
 * the end of each regular file, at the size it has before any job runs
 * (fio sets every job's files up first). kiogen has one offset for the
 * files of a job, so they must end at one size; devices keep the offset.
 */
static int kg_target_resolve_append(struct kg_job *j, FILE *err)
{
	uint32_t i, n = kg_job_files_total(j);
	char path[KIOGEN_PATH_LEN], first[KIOGEN_PATH_LEN];
	uint64_t end = 0;
	bool any = false;
	struct stat st;

	if (!strcmp(j->engine, "null") || kiog_meta_op_of(j->engine) != KIOG_META_NONE)
		return KG_EXIT_OK;
	for (i = 0; i < n; i++) {
		kg_job_file_path(j, i, path, sizeof(path));
		if (stat(path, &st)) {
			if (errno != ENOENT)
				return kg_target_error(j, path, "size", false, errno);
			st.st_mode = S_IFREG;	/* created empty: appended from 0 */
			st.st_size = 0;
		}
		if (!S_ISREG(st.st_mode))
			continue;
		if (any && (uint64_t)st.st_size != end) {
			fprintf(err, "kiogen: %s: file_append: %s is %" PRIu64 " bytes, %s %lld: kiogen starts a job's files at one offset, so they must be of one size\n",
				j->name, first, end, path, (long long)st.st_size);
			return KG_EXIT_USAGE;
		}
		if (!any)
			snprintf(first, sizeof(first), "%s", path);
		end = st.st_size;
		any = true;
	}
	if (!any)
		return KG_EXIT_OK;	/* fio ignores it on devices */
	if (!j->size) {
		fprintf(err, "kiogen: %s: file_append: give size=, the bytes to append (fio has nothing to do without it)\n",
			j->name);
		return KG_EXIT_USAGE;
	}
	if (kg_target_writes(j) && (j->fallocate == KIOGEN_FALLOCATE_NONE ||
				    j->fallocate == KIOGEN_FALLOCATE_KEEP)) {
		fprintf(err, "kiogen: %s: file_append: with fallocate=%s fio's writes grow the file; kiogen's workers write within its size: give fallocate=native (fio's default) or truncate\n",
			j->name, j->fallocate == KIOGEN_FALLOCATE_NONE ? "none" : "keep");
		return KG_EXIT_USAGE;
	}
	j->offset = end;
	j->offset_increment = 0;
	return KG_EXIT_OK;
}

int kg_jobs_resolve_pct(struct kg_jobs *js, FILE *err)
{
	unsigned int i;
	int ret;

	for (i = 0; i < js->nr_jobs; i++) {
		struct kg_job *j = &js->jobs[i];

		if (j->size_pct || j->offset_pct || j->io_size_pct) {
			ret = kg_target_resolve_pct(j, err);
			if (ret)
				return ret;
		}
		if (j->file_append) {
			ret = kg_target_resolve_append(j, err);
			if (ret)
				return ret;
		}
	}
	return KG_EXIT_OK;
}

uint64_t kg_target_region_bytes(const struct kg_job *j, const struct kg_target *t)
{
	uint64_t size = t->regions ? t->region_min :
			j->size ?: t->bytes > j->offset ? t->bytes - j->offset : 0;
	uint64_t shifts = (uint64_t)(j->numjobs ? j->numjobs - 1 : 0) * j->offset_increment;

	/* without a size, the last worker's region ends at the end */
	if (!j->size && shifts && shifts < size)
		size -= shifts;
	return size;
}

uint64_t kg_target_io_bytes(const struct kg_job *j, const struct kg_target *t,
			    uint64_t region)
{
	uint64_t all;

	if (j->io_size)
		return j->io_size;
	if (!t->regions)
		return region * (t->worker_files ?: 1);
	/* uint64_t and __u64 are one size, of two spellings */
	all = kiog_wl_regions_total((const __u64 *)t->regions, t->nr_fds);
	/* a share of the files each, or all of them each */
	return t->worker_files < t->nr_fds && j->numjobs ? all / j->numjobs : all;
}

void kg_target_close(struct kg_target *t)
{
	uint32_t i;

	for (i = 0; i < t->nr_fds; i++)
		kg_excl_close(t->fds[i]);
	if (!t->nr_fds && t->fd >= 0)
		close(t->fd);
	free(t->fds);
	free(t->file_bytes);
	free(t->regions);
	t->fds = NULL;
	t->file_bytes = NULL;
	t->regions = NULL;
	t->nr_fds = 0;
	t->fd = -1;
}

void kg_target_unpin(struct kg_target *t)
{
	if (t->locked)
		munmap(t->locked, t->locked_len);
	t->locked = NULL;
}

/*
 * fio's fsync_on_close (filesetup.c put_file()): a written file, or device,
 * fsynced as it is closed. The workers' descriptors may be the module's:
 * a descriptor of the CLI's own syncs the same inode.
 */
static int kg_target_fsync(const struct kg_job *j, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;

	if (fd < 0 || fsync(fd))
		err = errno;
	if (fd >= 0)
		close(fd);
	if (err)
		fprintf(stderr, "kiogen: %s: fsync_on_close: cannot fsync %s: %s\n", j->name, path,
			strerror(err));
	return -err;
}

int kg_target_done(const struct kg_job *j)
{
	uint32_t i, n = kg_job_files_total(j);
	char path[KIOGEN_PATH_LEN];
	struct stat st;
	int ret = 0;

	if (kiog_meta_op_of(j->engine) != KIOG_META_NONE || !strcmp(j->engine, "null"))
		return 0;
	for (i = 0; i < n; i++) {
		kg_job_file_path(j, i, path, sizeof(path));
		if (j->fsync_on_close && kg_target_writes(j) && kg_target_fsync(j, path))
			ret = -EIO;
		/* fio unlinks files only: never a device node */
		if (!j->unlink || lstat(path, &st) || !S_ISREG(st.st_mode))
			continue;
		if (unlink(path)) {
			fprintf(stderr, "kiogen: %s: unlink: cannot remove %s: %s\n", j->name,
				path, strerror(errno));
			ret = -errno;
		}
	}
	return ret;
}
