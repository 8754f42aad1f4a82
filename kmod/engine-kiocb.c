// SPDX-License-Identifier: GPL-2.0
/*
 * The kiocb engine: file I/O through the file system's ->read_iter and
 * ->write_iter, as loop and the NVMe target's file backend issue it. The
 * target is a regular file on any file system, or a block device file (the
 * VFS path to compare against bio). O_DIRECT I/O at depth above one is
 * asynchronous (ki_complete, -EIOCBQUEUED); depth one and buffered I/O
 * complete in the call. A file shorter than the region is laid out before
 * the clock starts.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/blkdev.h>
#include <linux/falloc.h>
#include <linux/fadvise.h>
#include <linux/fs.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/uio.h>
#include <linux/vmalloc.h>

#include "kiogen.h"
#include "compat.h"

#define KIOG_LAYOUT_CHUNK	SZ_1M		/* bytes per layout write */

/**
 * struct kiog_kiocb_target - an opened file and how it is to be used
 * @file: opened in the requester's context, with O_DIRECT if asked
 * @claim: exclusive claim on a block device that is written
 * @claimed: @claim holds a device
 * @layout_from: the file's size at open; layout extends it to @layout_to
 * @layout_to: bytes the file must hold before the run
 */
struct kiog_kiocb_target {
	struct file *file;
	struct kiog_bdev claim;
	bool claimed;
	loff_t layout_from;
	loff_t layout_to;
};

struct kiog_kiocb_slot {
	struct kiocb iocb;
	struct iov_iter iter;
	bool write_started;	/* freeze protection taken for this write */
};

/* Exclusive claims on written devices are held in kiogen's name. */
static char kiog_kiocb_holder;

static bool kiog_rw_writes(u32 rw)
{
	return rw != KIOGEN_RW_READ && rw != KIOGEN_RW_RANDREAD;
}

static int kiog_kiocb_open_error(int err, struct nlattr **tb,
				 struct netlink_ext_ack *extack)
{
	struct nlattr *fn = tb[KIOGEN_A_JOB_FILENAME];

	switch (err) {
	case -ENOENT:
		NL_SET_ERR_MSG_ATTR(extack, fn,
				    "job filename: no such file or directory");
		break;
	case -EISDIR:
		NL_SET_ERR_MSG_ATTR(extack, fn, "job filename: is a directory");
		break;
	case -ENOTDIR:
		NL_SET_ERR_MSG_ATTR(extack, fn,
				    "job filename: a component of the path is not a directory");
		break;
	case -EINVAL:
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_DIRECT] ?: fn,
				    "job direct: the file system does not support O_DIRECT");
		break;
	case -EACCES:
	case -EPERM:
		NL_SET_ERR_MSG_ATTR(extack, fn, "job filename: permission denied");
		break;
	case -EROFS:
		NL_SET_ERR_MSG_ATTR(extack, fn, "job filename: read-only file system");
		break;
	case -EBUSY:
		NL_SET_ERR_MSG_ATTR(extack, fn,
				    "job filename: device is mounted or held by another user, refusing to write");
		break;
	default:
		NL_SET_ERR_MSG_ATTR(extack, fn, "job filename: cannot open the file");
		break;
	}
	return err;
}

static int kiog_kiocb_open(struct kiog_job *job, struct nlattr **tb,
			   struct netlink_ext_ack *extack)
{
	struct kiog_job_cfg *c = &job->cfg;
	bool writes = kiog_rw_writes(c->rw);
	struct kiog_kiocb_target *t;
	struct inode *inode;
	int flags, err;
	loff_t need;

	if (!tb[KIOGEN_A_JOB_FILENAME]) {
		NL_SET_ERR_MSG(extack, "missing attribute: job filename");
		return -EINVAL;
	}
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;

	/*
	 * Open for writing (a file may need laying out); read-only if that is
	 * refused and the job only reads. Create it only when a size says how
	 * big, so a mistyped name leaves nothing behind.
	 */
	flags = O_LARGEFILE | (c->direct ? O_DIRECT : 0) | O_RDWR;
	if (c->size || c->filesize)
		flags |= O_CREAT;
	t->file = filp_open(c->filename, flags, 0644);
	if (IS_ERR(t->file) && !writes && PTR_ERR(t->file) != -EINVAL &&
	    PTR_ERR(t->file) != -ENOENT)
		t->file = filp_open(c->filename, flags & ~(O_RDWR | O_CREAT), 0);
	if (IS_ERR(t->file)) {
		err = kiog_kiocb_open_error(PTR_ERR(t->file), tb, extack);
		goto err_free;
	}
	inode = file_inode(t->file);
	if (S_ISDIR(inode->i_mode)) {
		err = kiog_kiocb_open_error(-EISDIR, tb, extack);
		goto err_fput;
	}
	if (!S_ISREG(inode->i_mode) && !S_ISBLK(inode->i_mode)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_FILENAME],
				    "job filename: not a regular file or block device");
		err = -EINVAL;
		goto err_fput;
	}
	if (!t->file->f_op->read_iter || !t->file->f_op->write_iter) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_FILENAME],
				    "job filename: the file system has no read_iter/write_iter");
		err = -EOPNOTSUPP;
		goto err_fput;
	}
	if (S_ISBLK(inode->i_mode) && writes) {
		/* same rule as bio: never write a mounted or claimed device */
		err = kiog_bdev_open(&t->claim, c->filename, true,
				     &kiog_kiocb_holder);
		if (err) {
			kiog_kiocb_open_error(err, tb, extack);
			goto err_fput;
		}
		t->claimed = true;
	}

	/* O_DIRECT needs alignment to the logical block size of the device */
	job->min_align = 1;
	if (c->direct)
		job->min_align = inode->i_sb->s_bdev ?
			bdev_logical_block_size(inode->i_sb->s_bdev) :
			S_ISBLK(inode->i_mode) ?
			bdev_logical_block_size(I_BDEV(inode)) : 512;

	t->layout_from = i_size_read(S_ISBLK(inode->i_mode) ?
				     t->file->f_mapping->host : inode);
	job->target_bytes = t->layout_from;
	if (S_ISREG(inode->i_mode)) {
		need = max_t(u64, c->filesize, c->size ? c->offset + c->size : 0);
		if (!need && !t->layout_from) {
			NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_FILENAME],
					    "job size: a new or empty file needs a size");
			err = -EINVAL;
			goto err_unclaim;
		}
		if (need > t->layout_from) {
			t->layout_to = need;
			job->target_bytes = need;
		}
	}
	job->target = t;
	return 0;

err_unclaim:
	if (t->claimed)
		kiog_bdev_close(&t->claim);
err_fput:
	fput(t->file);
err_free:
	kfree(t);
	return err;
}

static void kiog_kiocb_close(struct kiog_job *job)
{
	struct kiog_kiocb_target *t = job->target;

	if (t->claimed)
		kiog_bdev_close(&t->claim);
	fput(t->file);
	kfree(t);
	job->target = NULL;
}

static u64 kiog_kiocb_layout_bytes(struct kiog_job *job)
{
	struct kiog_kiocb_target *t = job->target;

	return t->layout_to > t->layout_from ? t->layout_to - t->layout_from : 0;
}

/*
 * Lay the file out: buffered writes of a pattern from its old size to the
 * size the run needs, then fsync, as fio does before a run. On failure the
 * file is cut back to its old size, so no space stays claimed.
 */
static int kiog_kiocb_prepare(struct kiog_job *job)
{
	struct kiog_kiocb_target *t = job->target;
	struct kiog_run *run = job->run;
	struct file *wf = NULL;
	loff_t pos = t->layout_from;
	void *buf = NULL;
	int err = 0;

	if (t->layout_to > t->layout_from) {
		/* O_DIRECT cannot take a kernel buffer: write through a second open */
		wf = dentry_open(&t->file->f_path, O_WRONLY | O_LARGEFILE,
				 t->file->f_cred);
		if (IS_ERR(wf))
			return PTR_ERR(wf);
		buf = kvmalloc(KIOG_LAYOUT_CHUNK, GFP_KERNEL);
		if (!buf) {
			err = -ENOMEM;
			goto out;
		}
		memset(buf, 0x6b, KIOG_LAYOUT_CHUNK);
		if (job->cfg.fallocate == KIOGEN_FALLOCATE_NATIVE) {
			err = vfs_fallocate(wf, 0, pos, t->layout_to - pos);
			if (err && err != -EOPNOTSUPP)
				goto out;
		}
		while (pos < t->layout_to) {
			size_t len = min_t(u64, KIOG_LAYOUT_CHUNK, t->layout_to - pos);
			ssize_t ret;

			if (READ_ONCE(run->stop)) {
				err = -EINTR;
				goto out;
			}
			ret = kernel_write(wf, buf, len, &pos);
			if (ret < 0) {
				err = ret;
				goto out;
			}
			WRITE_ONCE(job->layout_done, job->layout_done + ret);
			cond_resched();
		}
		err = vfs_fsync(wf, 0);
	}
out:
	if (err && wf)
		vfs_truncate(&t->file->f_path, t->layout_from);
	kvfree(buf);
	if (wf && !IS_ERR(wf))
		fput(wf);
	if (err)
		return err;
	/* fio's invalidate=1: start from a cold page cache */
	if (job->cfg.invalidate)
		vfs_fadvise(t->file, 0, 0, POSIX_FADV_DONTNEED);
	return 0;
}

static void kiog_kiocb_done(struct kiog_slot *s, long ret)
{
	struct kiog_kiocb_slot *k = s->priv;

	if (k->write_started) {
		kiocb_end_write(&k->iocb);
		k->write_started = false;
	}
	if (ret < 0) {
		s->error = ret;
		s->done_bytes = 0;
	} else {
		s->error = 0;
		s->done_bytes = ret;
	}
	kiog_slot_complete(s);
}

/* ki_complete: any context, possibly before ->read_iter has returned */
static void kiog_kiocb_complete(struct kiocb *iocb, long ret)
{
	kiog_kiocb_done(iocb->private, ret);
}

static void kiog_kiocb_submit(struct kiog_worker *w, struct kiog_slot *s)
{
	struct kiog_kiocb_target *t = w->job->target;
	struct kiog_kiocb_slot *k = s->priv;
	struct file *f = t->file;
	bool async = w->job->cfg.mode == KIOGEN_MODE_ASYNC &&
		     w->job->cfg.iodepth > 1;
	ssize_t ret;

	init_sync_kiocb(&k->iocb, f);
	k->iocb.ki_pos = s->offset;
	k->iocb.private = s;
	k->iocb.ki_complete = async ? kiog_kiocb_complete : NULL;
	if (s->dir == KIOGEN_DIR_WRITE) {
		iov_iter_bvec(&k->iter, ITER_SOURCE, s->bvec, s->nr_bvec, s->len);
		k->write_started = S_ISREG(file_inode(f)->i_mode);
		if (k->write_started)
			kiocb_start_write(&k->iocb);
		ret = f->f_op->write_iter(&k->iocb, &k->iter);
	} else {
		iov_iter_bvec(&k->iter, ITER_DEST, s->bvec, s->nr_bvec, s->len);
		k->write_started = false;
		ret = f->f_op->read_iter(&k->iocb, &k->iter);
	}
	/* queued: ki_complete runs (or has run); the slot is no longer ours */
	if (ret != -EIOCBQUEUED)
		kiog_kiocb_done(s, ret);
}

static int kiog_kiocb_sync(struct kiog_worker *w, bool datasync)
{
	struct kiog_kiocb_target *t = w->job->target;

	return vfs_fsync(t->file, datasync);
}

const struct kiog_engine_ops kiog_engine_kiocb = {
	.name		= "kiocb",
	.needs_buffers	= true,
	.slot_priv	= sizeof(struct kiog_kiocb_slot),
	.open		= kiog_kiocb_open,
	.close		= kiog_kiocb_close,
	.layout_bytes	= kiog_kiocb_layout_bytes,
	.prepare	= kiog_kiocb_prepare,
	.submit		= kiog_kiocb_submit,
	.sync		= kiog_kiocb_sync,
};
