// SPDX-License-Identifier: GPL-2.0
/* block_rq_insert and block_rq_issue pass the request alone (5.11+) */
#include <trace/events/block.h>

static void kiog_probe(void *data, struct request *rq)
{
}

void kiog_probe_check(void);
void kiog_probe_check(void)
{
	check_trace_callback_type_block_rq_insert(kiog_probe);
	check_trace_callback_type_block_rq_issue(kiog_probe);
}
