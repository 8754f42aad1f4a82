// SPDX-License-Identifier: GPL-2.0
/* 6.11+: polling is a feature of the queue limits, no longer a queue flag */
#include <linux/blkdev.h>
#include <linux/build_bug.h>

static_assert(sizeof(((struct request_queue *)0)->limits.features & BLK_FEAT_POLL));
