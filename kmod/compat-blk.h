/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Block-device differences between kernels: part of compat.h, which includes
 * the probe results (probes.h) first. Apart so that the host unit tests can
 * compile it against stub headers in the shape of each kernel.
 */
#ifndef _KIOGEN_COMPAT_BLK_H
#define _KIOGEN_COMPAT_BLK_H

#include <linux/blkdev.h>
#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/fs.h>

/*
 * An exclusive claim on a block device, taken by device number: the
 * requester's fd already proved the right to write it. What closes the
 * claim changed: the open mode (to 6.4), the holder (6.5), a handle (6.7), a
 * struct file (6.9).
 */
struct kiog_bdev {
	struct block_device *bdev;
#if defined(HAVE_BDEV_FILE_OPEN)
	struct file *file;
#elif defined(HAVE_BDEV_OPEN_HANDLE)
	struct bdev_handle *handle;
#elif defined(HAVE_BLKDEV_GET_HOLDER)
	void *holder;
#elif defined(HAVE_BLKDEV_GET_FMODE)
	fmode_t mode;
#else
#error "no known way to claim a block device (see kmod/probes/*.log)"
#endif
};

/*
 * An exclusive claim of @dev for writing in @holder's name: the run, so that
 * its jobs (bio and kiocb alike) share the device, and any other holder,
 * another run included, is refused with -EBUSY.
 */
static inline int kiog_bdev_claim(struct kiog_bdev *b, dev_t dev, void *holder)
{
	/* from 6.5 a holder makes the open exclusive */
#if defined(HAVE_BDEV_FILE_OPEN)
	b->file = bdev_file_open_by_dev(dev, BLK_OPEN_READ | BLK_OPEN_WRITE,
					holder, NULL);
	if (IS_ERR(b->file))
		return PTR_ERR(b->file);
	b->bdev = file_bdev(b->file);
#elif defined(HAVE_BDEV_OPEN_HANDLE)
	b->handle = bdev_open_by_dev(dev, BLK_OPEN_READ | BLK_OPEN_WRITE,
				     holder, NULL);
	if (IS_ERR(b->handle))
		return PTR_ERR(b->handle);
	b->bdev = b->handle->bdev;
#elif defined(HAVE_BLKDEV_GET_HOLDER)
	b->holder = holder;
	b->bdev = blkdev_get_by_dev(dev, BLK_OPEN_READ | BLK_OPEN_WRITE,
				    holder, NULL);
#else
	b->mode = FMODE_READ | FMODE_WRITE | FMODE_EXCL;
	b->bdev = blkdev_get_by_dev(dev, b->mode, holder);
#endif
	return PTR_ERR_OR_ZERO(b->bdev);
}

static inline void kiog_bdev_release(struct kiog_bdev *b)
{
#if defined(HAVE_BDEV_FILE_OPEN)
	/* bdev_fput() drops the claim now; fput() would defer it */
	bdev_fput(b->file);
#elif defined(HAVE_BDEV_OPEN_HANDLE)
	bdev_release(b->handle);
#elif defined(HAVE_BLKDEV_GET_HOLDER)
	blkdev_put(b->bdev, b->holder);
#else
	blkdev_put(b->bdev, b->mode);
#endif
}

/* The block device behind an opened device node (its mapping's host). */
static inline struct block_device *kiog_file_bdev(struct file *f)
{
	return I_BDEV(f->f_mapping->host);
}

/*
 * Does the requester's fd of a device node hold the device exclusively
 * (opened O_EXCL)? Every kernel's blkdev_open() makes the file the holder of
 * such an open; the claim, and so the answer, lasts while the file is open.
 */
static inline bool kiog_file_bdev_exclusive(struct file *f)
{
	return READ_ONCE(kiog_file_bdev(f)->bd_holder) == f;
}

/* Can the device complete polled bios? Queue flag until 6.11, feature after. */
static inline bool kiog_bdev_can_poll(struct block_device *bdev)
{
#ifdef HAVE_BLK_FEAT_POLL
	return bdev_get_queue(bdev)->limits.features & BLK_FEAT_POLL;
#else
	return test_bit(QUEUE_FLAG_POLL, &bdev_get_queue(bdev)->queue_flags);
#endif
}

#endif /* _KIOGEN_COMPAT_BLK_H */
