/* SPDX-License-Identifier: GPL-2.0 */
/* 6.9+: a block device opened as a struct file. */
struct file *bdev_file_open_by_dev(dev_t dev, blk_mode_t mode, void *holder,
				   const struct blk_holder_ops *hops);
struct block_device *file_bdev(struct file *bdev_file);
void bdev_fput(struct file *bdev_file);
