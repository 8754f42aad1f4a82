/* SPDX-License-Identifier: GPL-2.0 */
/* 6.5+: the open mode of a block device, and holder ops. */
typedef unsigned int __bitwise blk_mode_t;

#define BLK_OPEN_READ	((__force blk_mode_t)(1 << 0))
#define BLK_OPEN_WRITE	((__force blk_mode_t)(1 << 1))
#define BLK_OPEN_EXCL	((__force blk_mode_t)(1 << 2))

struct blk_holder_ops;
