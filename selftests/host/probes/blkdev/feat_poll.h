/* SPDX-License-Identifier: GPL-2.0 */
/* 6.11+: polling is a feature in the queue limits. */
typedef unsigned int __bitwise blk_features_t;

#define BLK_FEAT_POLL	((__force blk_features_t)(1u << 9))

struct queue_limits {
	blk_features_t features;
};

struct request_queue {
	unsigned long queue_flags;
	struct queue_limits limits;
};
