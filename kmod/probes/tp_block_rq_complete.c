// SPDX-License-Identifier: GPL-2.0
/* block_rq_complete passes the request, its status and the bytes done */
#include <trace/events/block.h>

static void kiog_probe(void *data, struct request *rq, blk_status_t error,
		       unsigned int nr_bytes)
{
}

void kiog_probe_check(void);
void kiog_probe_check(void)
{
	check_trace_callback_type_block_rq_complete(kiog_probe);
}
