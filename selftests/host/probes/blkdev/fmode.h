/* SPDX-License-Identifier: GPL-2.0 */
/* Up to 6.4: opened with an fmode_t, exclusive with FMODE_EXCL (in fs.h). */
#define FMODE_EXCL	((__force fmode_t)0x80)

struct block_device *blkdev_get_by_dev(dev_t dev, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
