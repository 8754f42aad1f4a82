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

/*
 * A job the worker's loop leaves to kiog_null_loop(): iodepth 1 and nothing
 * that needs a slot between building an I/O and counting it (rate limits,
 * verify, syncs, thinks, the latency split).
 */
static bool kiog_null_plain(const struct kiog_worker *w)
{
	const struct kiog_job_cfg *c = &w->job->cfg;

	return c->engine == &kiog_engine_null && c->iodepth == 1 &&
	       c->mode == KIOGEN_MODE_ASYNC && !w->core.split && !w->blk_split &&
	       !w->rate.paced && !w->rate.checked && !w->vfy.type &&
	       !w->core.sync_every && !w->core.think_ns && !w->drop_cache;
}

/**
 * kiog_null_loop() - the worker's loop, for a plain null job
 * @w: the worker, its clock started
 * @turns: the loop's turns, for kiog_worker_yield()
 *
 * Every I/O of the null engine completes within its submit: at iodepth 1,
 * with no rate limits, verify, syncs or thinks (kiog_null_plain()), the
 * worker's submit, collect and reap come down to the generator, the two
 * clock stamps and the core's accounting. Done here, in the worker loop's
 * order and with its counts (fio's depths, submit and complete, samples,
 * logs, stops, yields), and in a unit of its own so the compiler inlines the
 * shared generator and core into it: a run's I/Os cost little more than
 * the generator and two clock reads. Another job returns at once, and the
 * worker's loop runs it; so does what is left when issuing ends.
 */
void kiog_null_loop(struct kiog_worker *w, u32 *turns)
{
	struct kiog_core *core = &w->core;
	struct kiog_run *run = w->job->run;
	u64 start, end, vseq;
	struct kiog_io io;

	if (!kiog_null_plain(w))
		return;
	while (core->issuing) {
		/* suspend, or a frozen cgroup: nothing is in flight between two turns */
		if (unlikely(freezing(current) || kiog_run_frozen(run))) {
			kiog_run_park(run);
			continue;
		}
		if (!kiog_vfy_may_issue(&w->vfy, &w->rate, core, &w->wl))
			break;
		kiog_vfy_pick(&w->vfy, &w->rate, core, &w->wl, &io, &vseq, 0);
		if (io.dir == KIOGEN_DIR_WRITE)
			w->sync_file = io.file;
		/* issued when it completed, within its submit: slat, no clat */
		start = kiog_now(w);
		end = kiog_now(w);
		kiog_core_submitted(core, 1, 1);
		if (kiog_core_complete(core, io.dir, 0, start, end, end, io.len,
				       io.len)) {
			kiog_core_log_io(core, io.dir, start, end, end, io.offset,
					 io.len);
			WRITE_ONCE(w->live_ios, w->live_ios + 1);
			WRITE_ONCE(w->live_bytes, w->live_bytes + io.len);
		}
		kiog_core_reaped(core, 1);
		kiog_core_tick(core, core->last_end);
		if (READ_ONCE(run->stop))
			kiog_core_stop(core);
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
};
