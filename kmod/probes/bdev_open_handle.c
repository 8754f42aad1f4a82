// SPDX-License-Identifier: GPL-2.0
/* 6.7, 6.8: bdev_open_by_dev() returns a handle, closed by bdev_release() */
#include <linux/blkdev.h>
#include <linux/build_bug.h>

static_assert(__same_type(&bdev_open_by_dev,
			  struct bdev_handle *(*)(dev_t, blk_mode_t, void *,
						  const struct blk_holder_ops *)));
static_assert(__same_type(&bdev_release, void (*)(struct bdev_handle *)));
static_assert(__same_type(((struct bdev_handle *)0)->bdev, struct block_device *));
