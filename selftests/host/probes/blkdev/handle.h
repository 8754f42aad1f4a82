/* SPDX-License-Identifier: GPL-2.0 */
/* 6.7, 6.8: a handle from bdev_open_by_dev(), closed by bdev_release(). */
struct bdev_handle {
	struct block_device *bdev;
	void *holder;
	blk_mode_t mode;
};

struct bdev_handle *bdev_open_by_dev(dev_t dev, blk_mode_t mode, void *holder,
				     const struct blk_holder_ops *hops);
void bdev_release(struct bdev_handle *handle);
