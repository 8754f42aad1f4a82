/* SPDX-License-Identifier: GPL-2.0 */
/* Up to 6.10: polling is a queue flag. */
#define QUEUE_FLAG_POLL	7

struct request_queue {
	unsigned long queue_flags;
};

bool test_bit(long nr, const volatile unsigned long *addr);
