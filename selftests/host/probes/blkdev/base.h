/* SPDX-License-Identifier: GPL-2.0 */
/* Stub: the block device as every kernel since 6.1 has it. */
#include <linux/types.h>

struct inode;
struct request_queue;

struct block_device {
	dev_t bd_dev;
	void *bd_holder;
};

struct block_device *I_BDEV(struct inode *inode);
struct request_queue *bdev_get_queue(struct block_device *bdev);
