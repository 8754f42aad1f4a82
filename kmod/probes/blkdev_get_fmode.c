// SPDX-License-Identifier: GPL-2.0
/*
 * Up to 6.4: blkdev_get_by_dev() takes an fmode_t (exclusive with
 * FMODE_EXCL), and blkdev_put() the same mode.
 */
#include <linux/blkdev.h>
#include <linux/build_bug.h>
#include <linux/fs.h>

static_assert(__same_type(&blkdev_get_by_dev,
			  struct block_device *(*)(dev_t, fmode_t, void *)));
static_assert(__same_type(&blkdev_put, void (*)(struct block_device *, fmode_t)));
static_assert(FMODE_EXCL != 0);
