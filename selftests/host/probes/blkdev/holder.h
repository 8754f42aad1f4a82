/* SPDX-License-Identifier: GPL-2.0 */
/* 6.5 to 6.7: blkdev_get_by_dev() with holder ops, put by holder. */
struct block_device *blkdev_get_by_dev(dev_t dev, blk_mode_t mode, void *holder,
				       const struct blk_holder_ops *hops);
void blkdev_put(struct block_device *bdev, void *holder);
