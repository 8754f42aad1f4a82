// SPDX-License-Identifier: GPL-2.0
/*
 * The bio engine: bios built on the slot's own pages go straight to the block
 * device, with no file system or page cache in between. Each slot embeds its
 * bio, so submitting allocates nothing.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bio.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#include "kiogen.h"
#include "compat.h"

/* Exclusive claims on written devices are held in kiogen's name. */
static char kiog_bdev_holder;

static bool kiog_rw_writes(u32 rw)
{
	return rw != KIOGEN_RW_READ && rw != KIOGEN_RW_RANDREAD;
}

static int kiog_bio_open(struct kiog_job *job, struct nlattr **tb,
			 struct netlink_ext_ack *extack)
{
	struct nlattr *fn = tb[KIOGEN_A_JOB_FILENAME];
	struct kiog_bdev *b;
	int err;

	if (!fn) {
		NL_SET_ERR_MSG(extack, "missing attribute: job filename");
		return -EINVAL;
	}
	b = kzalloc(sizeof(*b), GFP_KERNEL);
	if (!b)
		return -ENOMEM;
	err = kiog_bdev_open(b, job->cfg.filename, kiog_rw_writes(job->cfg.rw),
			     &kiog_bdev_holder);
	switch (err) {
	case 0:
		break;
	case -ENOENT:
		NL_SET_ERR_MSG_ATTR(extack, fn, "job filename: no such file");
		goto err_free;
	case -ENOTBLK:
		NL_SET_ERR_MSG_ATTR(extack, fn,
				    "job filename: not a block device (the bio engine needs one)");
		goto err_free;
	case -EBUSY:
		NL_SET_ERR_MSG_ATTR(extack, fn,
				    "job filename: device is mounted or held by another user, refusing to write");
		goto err_free;
	case -EACCES:
	case -EROFS:
		NL_SET_ERR_MSG_ATTR(extack, fn, "job filename: device is read-only");
		goto err_free;
	default:
		NL_SET_ERR_MSG_ATTR(extack, fn, "job filename: cannot open the block device");
		goto err_free;
	}
	job->target = b;
	job->target_bytes = bdev_nr_bytes(b->bdev);
	job->min_align = bdev_logical_block_size(b->bdev);
	return 0;

err_free:
	kfree(b);
	return err;
}

static void kiog_bio_close(struct kiog_job *job)
{
	kiog_bdev_close(job->target);
	kfree(job->target);
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

static void kiog_bio_submit(struct kiog_worker *w, struct kiog_slot *s)
{
	struct kiog_bdev *b = w->job->target;
	struct bio *bio = s->priv;
	blk_opf_t opf;
	unsigned int i;

	/* what the block device's own O_DIRECT path sends */
	if (s->dir == KIOGEN_DIR_WRITE)
		opf = REQ_OP_WRITE | REQ_SYNC | REQ_IDLE;
	else
		opf = REQ_OP_READ;
	/* the slot's bvec table is the bio's: adding pages rewrites it as is */
	bio_init(bio, b->bdev, s->bvec, s->nr_bvec, opf);
	for (i = 0; i < s->nr_bvec; i++)
		__bio_add_page(bio, s->bvec[i].bv_page, s->bvec[i].bv_len, 0);
	bio->bi_iter.bi_sector = s->offset >> SECTOR_SHIFT;
	bio->bi_end_io = kiog_bio_end_io;
	bio->bi_private = s;
	submit_bio(bio);
}

const struct kiog_engine_ops kiog_engine_bio = {
	.name		= "bio",
	.needs_buffers	= true,
	.slot_priv	= sizeof(struct bio),
	.open		= kiog_bio_open,
	.close		= kiog_bio_close,
	.submit		= kiog_bio_submit,
};
