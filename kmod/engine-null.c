// SPDX-License-Identifier: GPL-2.0
/*
 * The null engine: every I/O completes the moment it is submitted, so a run
 * measures what the generator itself costs per I/O (workload choice, clock
 * reads, completion hand-off and statistics).
 */
#include "kiogen.h"

static int kiog_null_open(struct kiog_job *job, struct kiog_open_err *why)
{
	if (!job->cfg.size)
		return kiog_open_refuse(why, KIOGEN_A_JOB_SIZE,
					"job size: the null engine needs a size",
					-EINVAL);
	job->target_bytes = U64_MAX;
	job->min_align = 1;
	return 0;
}

static void kiog_null_close(struct kiog_job *job)
{
}

INDIRECT_CALLABLE_SCOPE void kiog_null_submit(struct kiog_worker *w, struct kiog_slot *s)
{
	s->error = 0;
	s->done_bytes = s->len;
	kiog_slot_complete(s);
}

const struct kiog_engine_ops kiog_engine_null = {
	.name		= "null",
	.needs_buffers	= false,
	.needs_target	= false,
	.open		= kiog_null_open,
	.close		= kiog_null_close,
	.submit		= kiog_null_submit,
};
