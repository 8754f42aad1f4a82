// SPDX-License-Identifier: GPL-2.0
/*
 * The kiocb engine: file I/O through vfs_iocb_iter_read/write (the file
 * system's ->read_iter and ->write_iter with a write(2)'s checks), as loop and
 * the NVMe target's file backend issue it. The target is the requester's fd
 * of a regular file on any file system, or of a block device (the VFS path to
 * compare against bio); the requester laid the file out. In async mode the
 * kiocb has a ki_complete, and O_DIRECT I/O completes through it
 * (-EIOCBQUEUED); sync mode and buffered I/O complete in the call.
 *
 * A trim completes in the call too: on a file it punches a hole
 * (vfs_fallocate(), as loop and nvmet discard on a file backend), on a block
 * device it is blkdev_issue_discard() after dropping the range's cached
 * pages, which is what BLKDISCARD does (fallocate's punch hole on a block
 * device writes zeroes instead, so it is not fio's trim).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/blkdev.h>
#include <linux/fadvise.h>
#include <linux/falloc.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/stat.h>
#include <linux/uio.h>

#include "kiogen.h"
#include "compat.h"

/**
 * struct kiog_kiocb_target - a job's files and how they are used
 * @nr: files
 * @f: per file: @claim, an exclusive claim on a block device that is
 *	written, held when @claimed
 */
struct kiog_kiocb_target {
	u32 nr;
	struct {
		struct kiog_bdev claim;
		bool claimed;
	} f[];
};

/* The iocb is the file system's until ki_complete: the slot is found from it. */
struct kiog_kiocb_slot {
	struct kiocb iocb;
	struct iov_iter iter;
	struct kiog_slot *slot;
};

/* O_DIRECT alignment: the device's logical block size, or what statx says. */
static u32 kiog_kiocb_dio_align(struct file *f)
{
	struct inode *inode = file_inode(f);
	struct kstat stat;

	if (S_ISBLK(inode->i_mode))
		return bdev_logical_block_size(kiog_file_bdev(f));
	if (!vfs_getattr(&f->f_path, &stat, STATX_DIOALIGN, AT_STATX_SYNC_AS_STAT) &&
	    (stat.result_mask & STATX_DIOALIGN) && stat.dio_offset_align)
		return stat.dio_offset_align;
	return inode->i_sb->s_bdev ? bdev_logical_block_size(inode->i_sb->s_bdev) :
				     SECTOR_SIZE;
}

/* Can file @f take the job's I/O? Same rules for each of a job's files. */
static int kiog_kiocb_check(struct kiog_job *job, u32 i,
			    struct kiog_open_err *why)
{
	struct kiog_job_cfg *c = &job->cfg;
	struct file *f = job->files[i];
	struct inode *inode = file_inode(f);
	bool direct = f->f_flags & O_DIRECT;

	if (!S_ISREG(inode->i_mode) && !S_ISBLK(inode->i_mode))
		return kiog_open_refuse_file(why, i,
					"job fd: not a regular file or block device",
					-EINVAL);
	if (!f->f_op->read_iter || !f->f_op->write_iter)
		return kiog_open_refuse_file(why, i,
					"job fd: the file system has no read_iter/write_iter",
					-EOPNOTSUPP);
	if (c->direct && !direct)
		return kiog_open_refuse(why, KIOGEN_A_JOB_DIRECT,
					"job direct: the fd was not opened with O_DIRECT",
					-EINVAL);
	if (!c->direct && direct)
		return kiog_open_refuse_file(why, i,
					"job fd: opened with O_DIRECT, but direct is not set",
					-EINVAL);
	if (kiog_rw_trims(c->rw) && S_ISREG(inode->i_mode) && !f->f_op->fallocate)
		return kiog_open_refuse(why, KIOGEN_A_JOB_RW,
					"job rw: the file system cannot punch holes (no fallocate), so it cannot trim",
					-EOPNOTSUPP);
	if (kiog_rw_trims(c->rw) && S_ISBLK(inode->i_mode) &&
	    !bdev_max_discard_sectors(kiog_file_bdev(f)))
		return kiog_open_refuse(why, KIOGEN_A_JOB_RW,
					"job rw: the device does not discard (queue/discard_max_bytes is 0), so it cannot trim",
					-EOPNOTSUPP);
	if (S_ISBLK(inode->i_mode) && kiog_rw_writes(c->rw) &&
	    bdev_read_only(kiog_file_bdev(f)))
		return kiog_open_refuse_file(why, i, "job fd: the device is read-only",
					-EROFS);
	return 0;
}

static void kiog_kiocb_release(struct kiog_kiocb_target *t)
{
	u32 i;

	for (i = 0; i < t->nr; i++)
		if (t->f[i].claimed)
			kiog_bdev_release(&t->f[i].claim);
	kfree(t);
}

/*
 * Every file is checked and its alignment taken; the region is the
 * smallest file's (the requester laid them out to one size).
 */
static int kiog_kiocb_open(struct kiog_job *job, struct kiog_open_err *why)
{
	struct kiog_job_cfg *c = &job->cfg;
	struct kiog_kiocb_target *t;
	u32 i, align;
	int err;

	for (i = 0; i < job->nr_files; i++) {
		err = kiog_kiocb_check(job, i, why);
		if (err)
			return err;
	}
	t = kzalloc(struct_size(t, f, job->nr_files), GFP_KERNEL_ACCOUNT);
	if (!t)
		return -ENOMEM;
	job->min_align = 1;
	job->target_bytes = U64_MAX;
	for (i = 0; i < job->nr_files; i++) {
		struct file *f = job->files[i];
		struct inode *inode = file_inode(f);

		if (S_ISBLK(inode->i_mode) && kiog_rw_writes(c->rw) &&
		    !kiog_file_bdev_exclusive(f)) {
			/* same rule as bio: never write a mounted or claimed device */
			err = kiog_bdev_claim(&t->f[i].claim, kiog_file_bdev(f)->bd_dev,
					      job->run);
			if (err) {
				kiog_kiocb_release(t);
				return kiog_open_refuse_claim(why, i, err);
			}
			t->f[i].claimed = true;
		}
		t->nr = i + 1;
		align = f->f_flags & O_DIRECT ? kiog_kiocb_dio_align(f) : 1;
		/* a discard takes whole logical blocks, buffered or not */
		if (S_ISBLK(inode->i_mode) && kiog_rw_trims(c->rw))
			align = max(align, bdev_logical_block_size(kiog_file_bdev(f)));
		job->min_align = max(job->min_align, align);
		job->target_bytes = min_t(u64, job->target_bytes,
					  i_size_read(f->f_mapping->host));
	}
	job->target = t;
	return 0;
}

static void kiog_kiocb_close(struct kiog_job *job)
{
	kiog_kiocb_release(job->target);
	job->target = NULL;
}

static int kiog_kiocb_slot_init(struct kiog_worker *w, struct kiog_slot *s)
{
	struct kiog_kiocb_slot *k = s->priv;

	k->slot = s;
	return 0;
}

static void kiog_kiocb_done(struct kiog_slot *s, long ret)
{
	if (ret < 0) {
		s->error = ret;
		s->done_bytes = 0;
	} else {
		s->error = 0;
		s->done_bytes = ret;
	}
	kiog_slot_complete(s);
}

/*
 * ki_complete: any context, possibly before the submit call has returned.
 * block/fops.c and iomap clear iocb->private before calling it, so the slot
 * is reached through the iocb itself.
 */
static void kiog_kiocb_complete(struct kiocb *iocb, long ret)
{
	struct kiog_kiocb_slot *k = container_of(iocb, struct kiog_kiocb_slot, iocb);

	if (iocb->ki_flags & IOCB_WRITE)
		kiocb_end_write(iocb);
	kiog_kiocb_done(k->slot, ret);
}

/*
 * A trim, in the call: see the top of the file. From 6.10 the checks
 * BLKDISCARD makes are the ioctl's, not blkdev_issue_discard()'s, which also
 * takes a device that stopped discarding as success: they are made here, as
 * a write to the device (blkdev_write_iter()) is refused when it turned
 * read-only.
 */
static int kiog_kiocb_trim(struct file *f, u64 offset, u32 len)
{
	struct inode *inode = file_inode(f);
	struct block_device *bdev;
	int err;

	if (S_ISREG(inode->i_mode))
		return vfs_fallocate(f, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
				     offset, len);
	bdev = kiog_file_bdev(f);
	if (bdev_read_only(bdev))
		return -EPERM;
	if (!bdev_max_discard_sectors(bdev))
		return -EOPNOTSUPP;
	if ((offset | len) & (bdev_logical_block_size(bdev) - 1))
		return -EINVAL;
	/*
	 * As BLKDISCARD: a buffered reader of the device must not cache the
	 * range again, from before the discard, between the two.
	 */
	filemap_invalidate_lock(f->f_mapping);
	truncate_inode_pages_range(f->f_mapping, offset, offset + len - 1);
	err = blkdev_issue_discard(bdev, offset >> SECTOR_SHIFT,
				   len >> SECTOR_SHIFT, GFP_KERNEL);
	filemap_invalidate_unlock(f->f_mapping);
	return err;
}

INDIRECT_CALLABLE_SCOPE void kiog_kiocb_submit(struct kiog_worker *w, struct kiog_slot *s)
{
	struct kiog_kiocb_slot *k = s->priv;
	struct file *f = s->file;
	/* async at any depth, as libaio at QD1: the device time is clat */
	bool async = w->job->cfg.mode == KIOGEN_MODE_ASYNC;
	ssize_t ret;

	if (s->dir == KIOGEN_DIR_TRIM) {
		ret = kiog_kiocb_trim(f, s->offset, s->len);
		kiog_kiocb_done(s, ret ?: s->len);
		return;
	}
	init_sync_kiocb(&k->iocb, f);
	if (w->job->ioprio)
		k->iocb.ki_ioprio = w->job->ioprio;
	k->iocb.ki_pos = s->offset;
	k->iocb.ki_complete = async ? kiog_kiocb_complete : NULL;
	if (s->dir == KIOGEN_DIR_WRITE) {
		/* as aio: stacked file systems end freeze protection by it */
		k->iocb.ki_flags |= IOCB_WRITE;
		iov_iter_bvec(&k->iter, ITER_SOURCE, s->bvec, s->nr_bvec, s->len);
		ret = kiog_iocb_write(&k->iocb, &k->iter);
	} else {
		iov_iter_bvec(&k->iter, ITER_DEST, s->bvec, s->nr_bvec, s->len);
		ret = vfs_iocb_iter_read(f, &k->iocb, &k->iter);
	}
	/* queued: ki_complete runs (or has run); the slot is no longer ours */
	if (ret != -EIOCBQUEUED)
		kiog_kiocb_done(s, ret);
}

static int kiog_kiocb_sync(struct kiog_worker *w, bool datasync)
{
	return vfs_fsync(w->files[w->sync_file], datasync);
}

/*
 * fio's invalidate at a new pass: the whole file's cached pages, as
 * posix_fadvise(POSIX_FADV_DONTNEED) drops them (dirty ones are written
 * back first, and stay). A block device's are its page cache's. It cannot
 * fail on the targets taken here; fio goes on when it does anyway.
 */
static void kiog_kiocb_invalidate(struct file *file)
{
	vfs_fadvise(file, 0, 0, POSIX_FADV_DONTNEED);
}

const struct kiog_engine_ops kiog_engine_kiocb = {
	.name		= "kiocb",
	.needs_buffers	= true,
	.needs_target	= true,
	.slot_priv	= sizeof(struct kiog_kiocb_slot),
	.open		= kiog_kiocb_open,
	.close		= kiog_kiocb_close,
	.slot_init	= kiog_kiocb_slot_init,
	.submit		= kiog_kiocb_submit,
	.sync		= kiog_kiocb_sync,
	.invalidate	= kiog_kiocb_invalidate,
};
