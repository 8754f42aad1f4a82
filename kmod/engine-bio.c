// SPDX-License-Identifier: GPL-2.0
/*
 * The bio engine: bios built on the slot's own pages go straight to the block
 * device, with no file system or page cache in between. Each slot embeds its
 * bio, so submitting allocates nothing. The target is the requester's fd of
 * a block device node; a written device is also claimed exclusively, so a
 * mounted or otherwise held device is never written. A trim is a discard
 * bio (REQ_OP_DISCARD, no pages), which the block layer splits to the
 * queue's limits; a device that does not discard is refused at open.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bio.h>
#include <linux/blkdev.h>
#include <linux/fs.h>
#include <linux/slab.h>

#include "kiogen.h"
#include "compat.h"

/**
 * struct kiog_bio_target - the devices of a bio job
 * @writes: the job writes: the page cache is invalidated after it
 * @nr: devices, one per file of the job
 * @dev: each device: @bdev behind the requester's fd, @claim an exclusive
 *	claim when the job writes and the fd holds none (@claimed)
 */
struct kiog_bio_target {
	bool writes;
	u32 nr;
	struct {
		struct block_device *bdev;
		struct kiog_bdev claim;
		bool claimed;
	} dev[];
};

static void kiog_bio_release(struct kiog_bio_target *t)
{
	u32 i;

	for (i = 0; i < t->nr; i++) {
		/* as the block device's O_DIRECT write: no stale cached pages */
		if (t->writes)
			invalidate_bdev(t->dev[i].bdev);
		if (t->dev[i].claimed)
			kiog_bdev_release(&t->dev[i].claim);
	}
	kfree(t);
}

/* Device @i of the job: checked, claimed when written, written back. */
static int kiog_bio_open_dev(struct kiog_job *job, struct kiog_bio_target *t,
			     u32 i, struct kiog_open_err *why)
{
	struct file *f = job->files[i];
	struct block_device *bdev;
	int err;

	if (!S_ISBLK(file_inode(f)->i_mode))
		return kiog_open_refuse_file(why, i,
					"job fd: not a block device (the bio engine needs one)",
					-ENOTBLK);
	bdev = kiog_file_bdev(f);
	if (job->cfg.hipri && !kiog_bdev_can_poll(bdev))
		return kiog_open_refuse(why, KIOGEN_A_JOB_HIPRI,
					"job hipri: the device has no poll queues",
					-EOPNOTSUPP);
	if (kiog_rw_trims(job->cfg.rw) && !bdev_max_discard_sectors(bdev))
		return kiog_open_refuse(why, KIOGEN_A_JOB_RW,
					"job rw: the device does not discard (queue/discard_max_bytes is 0), so it cannot trim",
					-EOPNOTSUPP);
	if (t->writes && bdev_read_only(bdev))
		return kiog_open_refuse_file(why, i, "job fd: the device is read-only", -EROFS);
	/* an fd opened O_EXCL holds the claim already */
	if (t->writes && !kiog_file_bdev_exclusive(f)) {
		err = kiog_bdev_claim(&t->dev[i].claim, bdev->bd_dev, job->run);
		if (err)
			return kiog_open_refuse_claim(why, i, err);
		t->dev[i].claimed = true;
	}
	t->dev[i].bdev = bdev;
	t->nr = i + 1;
	/* dirty cached pages must not be written back over the run's blocks */
	err = t->writes ? sync_blockdev(bdev) : 0;
	if (err)
		return kiog_open_refuse_file(why, i,
					"job fd: writing back the device's page cache failed",
					err);
	job->target_bytes = min_t(u64, job->target_bytes, bdev_nr_bytes(bdev));
	job->min_align = max_t(u32, job->min_align, bdev_logical_block_size(bdev));
	return 0;
}

static int kiog_bio_open(struct kiog_job *job, struct kiog_open_err *why)
{
	struct kiog_bio_target *t;
	u32 i;
	int err;

	t = kzalloc(struct_size(t, dev, job->nr_files), GFP_KERNEL_ACCOUNT);
	if (!t)
		return -ENOMEM;
	t->writes = kiog_rw_writes(job->cfg.rw);
	job->target_bytes = U64_MAX;
	job->min_align = 1;
	for (i = 0; i < job->nr_files; i++) {
		err = kiog_bio_open_dev(job, t, i, why);
		if (err) {
			kiog_bio_release(t);
			return err;
		}
	}
	job->target = t;
	return 0;
}

static void kiog_bio_close(struct kiog_job *job)
{
	kiog_bio_release(job->target);
	job->target = NULL;
}

static void kiog_bio_end_io(struct bio *bio)
{
	struct kiog_slot *s = bio->bi_private;

	s->error = blk_status_to_errno(bio->bi_status);
	s->done_bytes = s->error ? 0 : s->len;
	bio_uninit(bio);
	kiog_slot_complete(s);
}

INDIRECT_CALLABLE_SCOPE void kiog_bio_submit(struct kiog_worker *w, struct kiog_slot *s)
{
	struct block_device *bdev = kiog_file_bdev(s->file);
	struct bio *bio = s->priv;
	unsigned int i, len, left = s->len;
	blk_opf_t opf;

	if (s->dir == KIOGEN_DIR_TRIM) {
		/* as blkdev_issue_discard()'s bios, one for the whole range */
		bio_init(bio, bdev, NULL, 0, REQ_OP_DISCARD);
		bio->bi_iter.bi_sector = s->offset >> SECTOR_SHIFT;
		bio->bi_iter.bi_size = s->len;
		bio->bi_end_io = kiog_bio_end_io;
		bio->bi_private = s;
		submit_bio(bio);
		return;
	}
	/* what the block device's own O_DIRECT path sends */
	if (s->dir == KIOGEN_DIR_WRITE)
		opf = REQ_OP_WRITE | REQ_SYNC | REQ_IDLE;
	else
		opf = REQ_OP_READ;
	if (w->job->cfg.hipri)
		opf |= REQ_POLLED;
	/* the slot's bvec table is the bio's: adding pages rewrites it as is */
	bio_init(bio, bdev, s->bvec, s->nr_bvec, opf);
	/*
	 * The buffer holds the largest size: this I/O takes its first len
	 * bytes, chunk by chunk as the walks over the buffer take them
	 * (kiog_slot_chunk_len(): not bv_len, which this rewrites).
	 */
	for (i = 0; i < s->nr_bvec && left; i++) {
		len = min(kiog_slot_chunk_len(s, i), left);
		__bio_add_page(bio, s->bvec[i].bv_page, len, 0);
		left -= len;
	}
	bio->bi_iter.bi_sector = s->offset >> SECTOR_SHIFT;
	bio->bi_end_io = kiog_bio_end_io;
	if (w->job->ioprio)
		bio->bi_ioprio = w->job->ioprio;
	bio->bi_private = s;
	submit_bio(bio);
}

/* Hardware queues one worker polls apart in a turn; more are polled per bio. */
#define KIOG_BIO_POLL_QUEUES	4

/*
 * Polls the queues the in-flight bios wait on; their end_io runs here, in
 * the worker. On a blk-mq device a poll of one bio reaps every completion
 * of its hardware queue, whichever bio it was (blk_mq_poll()), and a
 * worker's bios mostly share one: that of its CPU on its target. So each
 * queue, told by the device and the cookie submit_bio() left in the bio,
 * is polled once a turn, not once for every bio in flight.
 *
 * A bio-based device that polls (dm: ->poll_bio()) is polled bio by bio:
 * its cookie names no queue (dm gives every polled bio the same one), and
 * it completes a bio only in a poll of that very bio. Polled once per
 * cookie, the lowest slot's bio would be the only one ever polled while
 * the worker keeps it busy, and the others would wait for the run's end.
 */
static void kiog_bio_poll(struct kiog_worker *w)
{
	struct {
		struct block_device *bdev;
		blk_qc_t cookie;
	} polled[KIOG_BIO_POLL_QUEUES];
	u32 i, j, nr = 0;

	for (i = 0; i < w->job->cfg.iodepth; i++) {
		struct kiog_slot *s = w->slots[i];
		struct bio *bio = s->priv;

		/* end_ns is set by the completion, and reset at submit */
		if (!s->inflight || READ_ONCE(s->end_ns))
			continue;
		if (!queue_is_mq(bdev_get_queue(bio->bi_bdev))) {
			bio_poll(bio, NULL, 0);
			continue;
		}
		for (j = 0; j < nr; j++)
			if (polled[j].bdev == bio->bi_bdev &&
			    polled[j].cookie == READ_ONCE(bio->bi_cookie))
				break;
		if (j < nr)
			continue;
		if (nr < KIOG_BIO_POLL_QUEUES) {
			polled[nr].bdev = bio->bi_bdev;
			polled[nr++].cookie = READ_ONCE(bio->bi_cookie);
		}
		bio_poll(bio, NULL, 0);
	}
}

/* fio's fsync on a raw device: a cache flush */
static int kiog_bio_sync(struct kiog_worker *w, bool datasync)
{
	return blkdev_issue_flush(kiog_file_bdev(w->files[w->sync_file]));
}

const struct kiog_engine_ops kiog_engine_bio = {
	.name		= "bio",
	.needs_buffers	= true,
	.needs_target	= true,
	.slot_priv	= sizeof(struct bio),
	.open		= kiog_bio_open,
	.close		= kiog_bio_close,
	.submit		= kiog_bio_submit,
	.poll		= kiog_bio_poll,
	.sync		= kiog_bio_sync,
	/* no .invalidate: bios bypass the page cache, a pass has none to drop */
};
