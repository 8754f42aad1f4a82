// SPDX-License-Identifier: GPL-2.0
/*
 * 6.5, 6.6 (and 6.7): blkdev_get_by_dev() takes a blk_mode_t and holder
 * ops, a holder makes it exclusive, and blkdev_put() takes the holder.
 */
#include <linux/blkdev.h>
#include <linux/build_bug.h>

static_assert(__same_type(&blkdev_get_by_dev,
			  struct block_device *(*)(dev_t, blk_mode_t, void *,
						   const struct blk_holder_ops *)));
static_assert(__same_type(&blkdev_put, void (*)(struct block_device *, void *)));
