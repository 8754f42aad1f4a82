// SPDX-License-Identifier: GPL-2.0
/* block_bio_queue and block_getrq pass the bio alone (5.11+) */
#include <trace/events/block.h>

static void kiog_probe(void *data, struct bio *bio)
{
}

void kiog_probe_check(void);
void kiog_probe_check(void)
{
	check_trace_callback_type_block_bio_queue(kiog_probe);
	check_trace_callback_type_block_getrq(kiog_probe);
}
