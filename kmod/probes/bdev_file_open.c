// SPDX-License-Identifier: GPL-2.0
/* 6.9+: a block device is opened as a struct file, closed by bdev_fput() */
#include <linux/blkdev.h>
#include <linux/build_bug.h>

static_assert(__same_type(&bdev_file_open_by_dev,
			  struct file *(*)(dev_t, blk_mode_t, void *,
					   const struct blk_holder_ops *)));
static_assert(__same_type(&bdev_fput, void (*)(struct file *)));
static_assert(__same_type(&file_bdev, struct block_device *(*)(struct file *)));
