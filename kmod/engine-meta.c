// SPDX-License-Identifier: GPL-2.0
/*
 * The metadata engines, with fio's names: filecreate, filestat, filedelete,
 * dircreate, dirstat and dirdelete. The target is a directory the requester
 * opened (O_DIRECTORY); each I/O of the worker core is one operation on one
 * file of it, named by fio's filename_format (include/kiogen/meta.h), done
 * through the VFS as the syscall behind it does it: file_open_root() with
 * O_CREAT | O_EXCL, data written through ->write_iter in bs chunks, fsync,
 * and filp_close() as close(2): ->flush() (where NFS writes the file back)
 * in the operation, the final release deferred as any kernel thread's
 * fput() (the reaper waits for them at the end of the run);
 * lookup_one_positive_unlocked() and
 * vfs_getattr() for a stat; vfs_unlink(), vfs_mkdir() and vfs_rmdir() under
 * the parent's lock with write access to the mount taken, as
 * do_unlinkat(), do_mkdirat() and do_rmdir() take them. The worker runs with
 * the credentials of whoever opened the directory (kiog_worker_fn()).
 *
 * What the syscall layer does around these calls and this does not (the
 * LSM path hooks, audit, ...) is listed once, in ctl/report/meta-path.c, and said
 * in a kernel path run's report.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cred.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/math64.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/stat.h>
#include <linux/uio.h>

#include <kiogen/meta.h>

#include "kiogen.h"
#include "compat.h"

/**
 * struct kiog_meta_target - the directory and what is done in it
 * @op: enum kiog_meta_op
 * @jobnum: fio's $jobnum of the job's worker 0
 */
struct kiog_meta_target {
	enum kiog_meta_op op;
	u32 jobnum;
};

struct kiog_meta_slot {
	struct kiocb iocb;
	struct iov_iter iter;
	char name[KIOGEN_META_NAME_MAX + 1];
};

static const struct kiog_meta_target *kiog_meta_of(const struct kiog_job *job)
{
	return job->target;
}

/* May the opener of the directory change it, and is its mount writable? */
static int kiog_meta_may_write(struct kiog_job *job, struct kiog_open_err *why)
{
	const u16 fd = KIOGEN_A_JOB_FD;
	const struct path *dir = &job->file->f_path;
	const struct cred *old;
	int err;

	old = override_creds(job->file->f_cred);
	err = kiog_path_permission(dir, MAY_WRITE | MAY_EXEC);
	revert_creds(old);
	if (err)
		return kiog_open_refuse(why, fd,
					"job fd: whoever opened the directory may not create or remove files in it",
					err);
	/*
	 * Not mnt_want_write(): on a frozen file system it would wait for the
	 * thaw inside the doit, holding genetlink's lock. A freeze later only
	 * holds the workers back, as it holds a writing syscall.
	 */
	if (__mnt_is_readonly(dir->mnt))
		return kiog_open_refuse(why, fd,
					"job fd: the directory is on a read-only mount or file system",
					-EROFS);
	return 0;
}

static int kiog_meta_open(struct kiog_job *job, struct kiog_open_err *why)
{
	struct kiog_job_cfg *c = &job->cfg;
	char name[KIOGEN_META_NAME_MAX + 1];
	struct kiog_meta_target *t;
	enum kiog_meta_op op;
	u32 jobnum = 0, i;
	int err;

	op = kiog_meta_op_of(c->engine->name);
	if (WARN_ON_ONCE(op == KIOG_META_NONE))
		return -EINVAL;
	if (!S_ISDIR(file_inode(job->file)->i_mode))
		return kiog_open_refuse(why, KIOGEN_A_JOB_FD,
					"job fd: not a directory (the metadata engines work in one)",
					-ENOTDIR);
	if (c->meta_filesize && op != KIOG_META_FILECREATE)
		return kiog_open_refuse(why, KIOGEN_A_JOB_META_FILESIZE,
					"job filesize: only filecreate writes data",
					-EINVAL);
	if (kiog_rw_trims(c->rw))
		return kiog_open_refuse(why, KIOGEN_A_JOB_RW,
					"job rw: the metadata engines do not trim",
					-EINVAL);
	if (c->meta_filesize_min > c->meta_filesize)
		return kiog_open_refuse(why, KIOGEN_A_JOB_META_FILESIZE_MIN,
					"job filesize: the smallest size is larger than the largest",
					-EINVAL);
	if (c->offset)
		return kiog_open_refuse(why, KIOGEN_A_JOB_OFFSET,
					"job offset: the metadata engines take none",
					-EINVAL);
	/* file k is block k: one size, nothing between blocks */
	if (c->bs_write || c->bs_max || c->bs_write_max || c->bssplit.nr ||
	    c->rw_seq_add || c->offset_increment)
		return kiog_open_refuse(why, c->bssplit.nr ? KIOGEN_A_JOB_BSSPLIT :
					c->rw_seq_add ? KIOGEN_A_JOB_RW_SEQ_ADD :
					c->offset_increment ? KIOGEN_A_JOB_OFFSET_INCREMENT :
					c->bs_max ? KIOGEN_A_JOB_BS_MAX :
					c->bs_write_max ? KIOGEN_A_JOB_BS_WRITE_MAX :
					KIOGEN_A_JOB_BS_WRITE,
					"job bs: the metadata engines take one block size and no holes",
					-EINVAL);
	/* an offset between two files' blocks would name the first twice */
	if ((c->blockalign && c->blockalign != c->bs) ||
	    (c->blockalign_write && c->blockalign_write != c->bs))
		return kiog_open_refuse(why, c->blockalign && c->blockalign != c->bs ?
					KIOGEN_A_JOB_BLOCKALIGN : KIOGEN_A_JOB_BLOCKALIGN_WRITE,
					"job blockalign: the metadata engines align on bs, file k is block k",
					-EINVAL);
	for (i = 0; i < job->index; i++)
		jobnum += job->run->jobs[i].cfg.numjobs;
	/* numbers only grow names: the first and the last name of the job */
	if (kiog_meta_name(name, sizeof(name), c->filename_format, c->name,
			   jobnum, 0) < 0 ||
	    kiog_meta_name(name, sizeof(name), c->filename_format, c->name,
			   jobnum + c->numjobs - 1, c->nrfiles - 1) < 0)
		return kiog_open_refuse(why, KIOGEN_A_JOB_FILENAME_FORMAT,
					"job filename_format: gives a name that is empty, \".\", \"..\", longer than 255 bytes or has a '/'",
					-EINVAL);
	if (kiog_meta_op_writes(op)) {
		err = kiog_meta_may_write(job, why);
		if (err)
			return err;
	}
	t = kzalloc(sizeof(*t), GFP_KERNEL_ACCOUNT);
	if (!t)
		return -ENOMEM;
	t->op = op;
	t->jobnum = jobnum;
	job->target = t;
	/* file k is block k of the generator's region */
	job->target_bytes = (u64)c->nrfiles * c->bs;
	job->min_align = 1;
	return 0;
}

static void kiog_meta_close(struct kiog_job *job)
{
	kfree(job->target);
	job->target = NULL;
}

/**
 * kiog_meta_worker_digest() - start a metadata worker's digest
 * @w: the worker, its core initialised
 *
 * The names of its first and last file, its operation and the data size
 * join the digest, as the syscall path's worker does (kiog_meta_digest()).
 */
void kiog_meta_worker_digest(struct kiog_worker *w)
{
	const struct kiog_job_cfg *c = &w->job->cfg;
	const struct kiog_meta_target *t = kiog_meta_of(w->job);
	char first[KIOGEN_META_NAME_MAX + 1], last[KIOGEN_META_NAME_MAX + 1];
	u32 jobnum = t->jobnum + w->index;

	/* kiog_meta_open() proved that they fit */
	kiog_meta_name(first, sizeof(first), c->filename_format, c->name, jobnum, 0);
	kiog_meta_name(last, sizeof(last), c->filename_format, c->name, jobnum,
		       c->nrfiles - 1);
	w->wl.digest = kiog_meta_digest(w->wl.digest, t->op, c->meta_filesize,
					c->meta_filesize_min, first, last);
}

/* unlink or rmdir @name in @dir, as do_unlinkat() and do_rmdir() do */
static int kiog_meta_remove(const struct path *dir, const char *name, int len,
			    bool isdir)
{
	struct inode *victim = NULL;
	struct dentry *d;
	int err;

	err = mnt_want_write(dir->mnt);
	if (err)
		return err;
	d = kiog_start_dirop(dir->mnt, dir->dentry, name, len, true);
	if (IS_ERR(d)) {
		err = PTR_ERR(d);
		goto out_drop_write;
	}
	if (d_is_negative(d)) {
		err = -ENOENT;
	} else if (isdir) {
		err = kiog_rmdir(dir->mnt, dir->dentry, d);
	} else {
		/* the last iput (truncation) outside the parent's lock */
		victim = d_inode(d);
		ihold(victim);
		err = kiog_unlink(dir->mnt, dir->dentry, d);
	}
	kiog_end_dirop(dir->dentry, d);
	if (victim)
		iput(victim);
out_drop_write:
	mnt_drop_write(dir->mnt);
	return err;
}

/* mkdir @name in @dir, as do_mkdirat() does */
static int kiog_meta_mkdir(const struct path *dir, const char *name, int len)
{
	struct dentry *d;
	int err;

	err = mnt_want_write(dir->mnt);
	if (err)
		return err;
	d = kiog_start_dirop(dir->mnt, dir->dentry, name, len, false);
	if (IS_ERR(d)) {
		err = PTR_ERR(d);
	} else if (d_is_positive(d)) {
		kiog_end_dirop(dir->dentry, d);
		err = -EEXIST;
	} else {
		/* as do_mkdirat(): a file system with ACLs masks it itself */
		umode_t mode = 0755;

		if (!IS_POSIXACL(d_inode(dir->dentry)))
			mode &= ~current_umask();
		err = kiog_mkdir_end(dir->mnt, dir->dentry, d, mode);
	}
	mnt_drop_write(dir->mnt);
	return err;
}

/* stat(2) of @name in @dir, as the syscall path's fstatat(AT_SYMLINK_NOFOLLOW) */
static int kiog_meta_stat(const struct path *dir, const char *name)
{
	struct path p;
	struct kstat st;
	int err;

	err = kiog_lookup_nofollow(dir, name, &p);
	if (err)
		return err;
	err = vfs_getattr(&p, &st, STATX_BASIC_STATS, AT_STATX_SYNC_AS_STAT);
	path_put(&p);
	return err;
}

/*
 * Creates @name, writes filesize bytes into it in bs chunks, fsyncs it when
 * asked, closes it; a file that could not be made whole is removed again.
 */
static int kiog_meta_create(struct kiog_worker *w, struct kiog_slot *s,
			    const char *name, int len, u32 filenum)
{
	const struct kiog_job_cfg *c = &w->job->cfg;
	const struct path *dir = &w->job->file->f_path;
	struct kiog_meta_slot *k = s->priv;
	u64 size = kiog_meta_filesize(c->seed, c->meta_filesize_min, c->meta_filesize,
				      kiog_meta_of(w->job)->jobnum + w->index, filenum);
	int err = 0, close_err;
	struct file *f;
	u64 pos = 0;

	f = file_open_root(dir, name, O_CREAT | O_EXCL | O_WRONLY | O_LARGEFILE,
			   0644);
	if (IS_ERR(f))
		return PTR_ERR(f);
	while (pos < size) {
		u32 n = min_t(u64, c->bs, size - pos);
		ssize_t ret;

		/* a kthread takes no signal: a stop is the only way out of a big file */
		if (READ_ONCE(w->job->run->stop)) {
			err = -EINTR;
			break;
		}
		cond_resched();

		init_sync_kiocb(&k->iocb, f);
		k->iocb.ki_pos = pos;
		k->iocb.ki_flags |= IOCB_WRITE;
		iov_iter_bvec(&k->iter, ITER_SOURCE, s->bvec, s->nr_bvec, n);
		ret = kiog_iocb_write(&k->iocb, &k->iter);
		if (ret <= 0) {
			err = ret ?: -EIO;
			break;
		}
		pos += ret;
	}
	if (!err && c->fsync)
		err = vfs_fsync(f, 0);
	close_err = filp_close(f, NULL);
	if (!err)
		err = close_err;
	if (err)
		kiog_meta_remove(dir, name, len, false);
	return err;
}

static void kiog_meta_submit(struct kiog_worker *w, struct kiog_slot *s)
{
	const struct kiog_job_cfg *c = &w->job->cfg;
	const struct kiog_meta_target *t = kiog_meta_of(w->job);
	const struct path *dir = &w->job->file->f_path;
	struct kiog_meta_slot *k = s->priv;
	u32 filenum = div_u64(s->offset - c->offset, c->bs);
	int len, err;

	len = kiog_meta_name(k->name, sizeof(k->name), c->filename_format,
			     c->name, t->jobnum + w->index, filenum);
	if (WARN_ON_ONCE(len < 0)) {
		err = -ENAMETOOLONG;
		goto out;
	}
	switch (t->op) {
	case KIOG_META_FILECREATE:
		err = kiog_meta_create(w, s, k->name, len, filenum);
		break;
	case KIOG_META_FILESTAT:
	case KIOG_META_DIRSTAT:
		err = kiog_meta_stat(dir, k->name);
		break;
	case KIOG_META_FILEDELETE:
		err = kiog_meta_remove(dir, k->name, len, false);
		break;
	case KIOG_META_DIRCREATE:
		err = kiog_meta_mkdir(dir, k->name, len);
		break;
	case KIOG_META_DIRDELETE:
		err = kiog_meta_remove(dir, k->name, len, true);
		break;
	default:
		err = -EINVAL;
		break;
	}
out:
	s->error = err;
	s->done_bytes = err ? 0 : s->len;
	kiog_slot_complete(s);
}

#define KIOG_META_ENGINE(op, buffers)				\
const struct kiog_engine_ops kiog_engine_##op = {		\
	.name		= #op,					\
	.needs_buffers	= buffers,				\
	.needs_target	= true,					\
	.dir_target	= true,					\
	.slot_priv	= sizeof(struct kiog_meta_slot),	\
	.open		= kiog_meta_open,			\
	.close		= kiog_meta_close,			\
	.submit		= kiog_meta_submit,			\
}

KIOG_META_ENGINE(filecreate, true);
KIOG_META_ENGINE(filestat, false);
KIOG_META_ENGINE(filedelete, false);
KIOG_META_ENGINE(dircreate, false);
KIOG_META_ENGINE(dirstat, false);
KIOG_META_ENGINE(dirdelete, false);
