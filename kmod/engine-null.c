// SPDX-License-Identifier: GPL-2.0
/*
 * The null engine: every I/O completes the moment it is submitted, so a run
 * measures what the generator itself costs per I/O (workload choice, clock
 * reads, completion hand-off and statistics).
 */
#include <linux/freezer.h>

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

/**
 * kiog_null_loop() - the worker's loop, for a job that uses no per-I/O feature
 * @w: the worker, its clock started; its job uses none of the loop's per-I/O
 *	features (struct kiog_loop_state's @uses: iodepth 1, async, no rate
 *	limits, verify, buffers, syncs, thinks, invalidate, latency split)
 * @turns: the loop's turns, for kiog_worker_yield()
 *
 * Every I/O of the null engine completes within its submit: the worker's
 * submit, collect and reap come down to the shared pick, clock point and
 * accounting (include/kiogen/loop.h), in the worker loop's order and with
 * its counts (fio's depths, submit and complete, samples, logs, stops,
 * yields), in a unit of its own so the compiler inlines them here. The
 * module parameter fast_loop=0 turns it off; selftests/test_null_fast.sh
 * runs jobs both ways and requires the same results. What is left when
 * issuing ends, the worker's loop ends.
 */
static void kiog_null_loop(struct kiog_worker *w, u32 *turns)
{
	struct kiog_core *core = &w->core;
	struct kiog_run *run = w->job->run;
	struct kiog_loop_io io = { 0 };
	u32 file;

	while (core->issuing) {
		/* suspend, or a frozen cgroup: nothing is in flight between two turns */
		if (unlikely(freezing(current) || kiog_run_frozen(run))) {
			kiog_run_park(run);
			continue;
		}
		if (!kiog_vfy_may_issue(&w->vfy, &w->rate, core, &w->wl))
			break;
		kiog_loop_pick(&w->ls, &io, &file, 0);
		/* issued when it completed, within its submit: slat, no clat */
		kiog_loop_clock_start(&io, kiog_now(w));
		io.end_ns = kiog_now(w);
		io.issue_ns = io.end_ns;
		io.done_bytes = io.len;
		kiog_core_submitted(core, 1, 1);
		if (kiog_loop_account(&w->ls, &io, 0)) {
			WRITE_ONCE(w->live_ios, w->live_ios + 1);
			WRITE_ONCE(w->live_bytes, w->live_bytes + io.len);
		}
		kiog_core_reaped(core, 1);
		kiog_loop_turn_end(&w->ls, READ_ONCE(run->stop));
		kiog_worker_yield(turns);
	}
}

const struct kiog_engine_ops kiog_engine_null = {
	.name		= "null",
	.needs_buffers	= false,
	.needs_target	= false,
	.open		= kiog_null_open,
	.close		= kiog_null_close,
	.submit		= kiog_null_submit,
	.inline_loop	= kiog_null_loop,
};
