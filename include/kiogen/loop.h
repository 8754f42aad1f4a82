/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The worker loop's per-I/O sequence, written once for the kernel's worker
 * thread (kmod/worker.c, and the null engine's loop in kmod/engine-null.c)
 * and the CLI's syscall worker (ctl/syscall/syscall.c): set a worker up, ask what may
 * be issued and pick it, start its clock, account it once it completed, and
 * between I/Os sync, think, pace and end a turn. Each side keeps only its
 * clock, its engine call and its way of waiting; the decisions and the
 * order of the steps are here, so the two paths measure the same thing.
 *
 * The clock point (kiog_loop_clock_start()), as fio defines its latencies:
 * an I/O's clock starts once the generator picked it and its buffer was
 * stamped (and, with verify, summed), right before the engine is called;
 * slat runs from there until the I/O was submitted (its batch issued), clat
 * from the submission to the completion, lat is the two. The generator,
 * the write stamp and the checksum are in neither path's latencies.
 *
 * Both sides embed the same state (KIOG_LOOP_STATE, KIOG_LOOP_IO) in their
 * worker and slot structs, under the names the rest of each side uses.
 * Freestanding and 32-bit safe, like core.h.
 */
#ifndef _KIOGEN_LOOP_H
#define _KIOGEN_LOOP_H

#include <linux/types.h>
#include <linux/kiogen.h>

#include "buffer.h"
#include "core.h"
#include "rate.h"
#include "split.h"
#include "verify.h"
#include "workload.h"

/*
 * What one I/O carries through the loop. pick_ns and sub_ns are stamped for
 * the latency split only; end_ns, done_bytes and error by the completion.
 */
#define KIOG_LOOP_IO_FIELDS						\
	__u64 start_ns;		/* the clock point (kiog_loop_clock_start()) */ \
	__u64 issue_ns;		/* submitted: its batch was issued */	\
	__u64 end_ns;		/* the completion ran */		\
	__u64 offset;		/* bytes into its file */		\
	__u32 len;		/* bytes asked for */			\
	__u32 done_bytes;	/* bytes transferred */			\
	int error;		/* negative errno */			\
	__u8 dir;		/* enum kiogen_dir */			\
	__u64 pick_ns;		/* latency split: picking it began */	\
	__u64 sub_ns;		/* latency split: the engine call returned */ \
	__u64 due_ns;		/* rate limits: when it was due; 0: not paced */ \
	__u64 vseq;		/* the write's sequence; a read back's expected */ \
	__u32 dirty		/* buffer bytes from the start a read overwrote */

/**
 * struct kiog_loop_io - one I/O's part of a slot, shared by both paths
 *
 * Embedded with KIOG_LOOP_IO: the members are the slot's own (s->len), the
 * whole is s->lio.
 */
struct kiog_loop_io {
	KIOG_LOOP_IO_FIELDS;
};

#define KIOG_LOOP_IO							\
	union {								\
		struct { KIOG_LOOP_IO_FIELDS; };			\
		struct kiog_loop_io lio;				\
	}

/*
 * What the loop keeps of a worker: the generator, the core, rate limits,
 * verify, the buffers' contents, and the per-I/O features it was set up
 * with (KIOG_LOOP_*, kiog_loop_uses()).
 */
#define KIOG_LOOP_STATE_FIELDS						\
	struct kiog_wl wl;		/* the workload generator */	\
	struct kiog_core core;		/* policy, loop state, results */ \
	struct kiog_rate rate;		/* rate limits (rate.h) */	\
	struct kiog_vfy vfy;		/* verify's phases and results */ \
	struct kiog_buf buf;		/* what written blocks hold */	\
	__u32 inflight;			/* handed to the engine, not reaped */ \
	__u32 sync_file;		/* the file a sync is for */	\
	__u32 uses;			/* KIOG_LOOP_* features set up */ \
	__u8 drop_cache			/* a new pass drops its file's cache */

/**
 * struct kiog_loop_state - a worker's part that the loop drives
 *
 * Embedded with KIOG_LOOP_STATE: the members are the worker's own (w->core),
 * the whole is w->ls.
 */
struct kiog_loop_state {
	KIOG_LOOP_STATE_FIELDS;
};

#define KIOG_LOOP_STATE							\
	union {								\
		struct { KIOG_LOOP_STATE_FIELDS; };			\
		struct kiog_loop_state ls;				\
	}

/*
 * Per-I/O features: each is set where the feature is set up for a worker
 * (kiog_loop_init_core(), kiog_loop_init_data(), and each side's own for its
 * own features). A loop that takes short cuts (the kernel's null loop) runs
 * only for a worker that uses none of them.
 */
#define KIOG_LOOP_DEPTH		0x001	/* more than one I/O in flight */
#define KIOG_LOOP_SYNC_MODE	0x002	/* sync mode: no slat */
#define KIOG_LOOP_SYNC		0x004	/* fsync/fdatasync every N writes */
#define KIOG_LOOP_THINK		0x008	/* thinktime */
#define KIOG_LOOP_RATE		0x010	/* rate limits or minimums */
#define KIOG_LOOP_VERIFY	0x020	/* verify */
#define KIOG_LOOP_BUFFERS	0x040	/* data buffers stamped or restored */
#define KIOG_LOOP_INVALIDATE	0x080	/* a new pass drops the cache */
#define KIOG_LOOP_SPLIT		0x100	/* the latency split */
#define KIOG_LOOP_BLK_SPLIT	0x200	/* the block phases (kernel) */

/* Records that the worker uses @feature when @on. */
static inline void kiog_loop_uses(struct kiog_loop_state *ls, __u32 feature, int on)
{
	if (on)
		ls->uses |= feature;
}

/**
 * kiog_loop_wl_cfg() - the generator's configuration of one worker
 * @wlc: the job's (KIOG_JOB_WL_FIELDS), size resolved
 * @seed: the job's seed
 * @job: the job's index in the run
 * @index: the worker's in the job
 * @offset_increment: fio's offset_increment
 *
 * Each worker has a seed of its own and starts @index increments further.
 */
static inline void kiog_loop_wl_cfg(struct kiog_wl_cfg *wlc, __u64 seed, __u32 job,
				    __u32 index, __u64 offset_increment)
{
	wlc->seed = kiog_wl_worker_seed(seed, job, index);
	wlc->offset += index * offset_increment;
}

/**
 * kiog_loop_core_cfg() - what a worker issues, without io_size
 * @cc: the job's policy (KIOG_JOB_CORE_FIELDS)
 * @io_size_given: the job gave io_size
 * @regions: the worker's files' regions (file-regions); NULL: one size
 * @nr_files: the worker's files
 *
 * fio: without io_size, each file's region once.
 */
static inline void kiog_loop_core_cfg(struct kiog_core_cfg *cc, int io_size_given,
				      const __u64 *regions, __u32 nr_files)
{
	if (!io_size_given && regions)
		cc->io_size = kiog_wl_regions_total(regions, nr_files);
}

/**
 * kiog_loop_init_core() - set up a worker's core, its generator initialised
 * @ls: the worker's loop state, zeroed, @ls->wl initialised
 * @cc: from kiog_loop_core_cfg()
 * @io_size_given: the job gave io_size
 * @nr_files: the worker's files
 * @samples: kiog_core_max_samples(@cc) samples
 * @depth: the most I/Os in flight
 * @sync_mode: the job is in sync mode
 */
static inline void kiog_loop_init_core(struct kiog_loop_state *ls,
				       const struct kiog_core_cfg *cc, int io_size_given,
				       __u32 nr_files, struct kiogen_sample *samples,
				       __u32 depth, int sync_mode)
{
	/* a single file's holes are not issued: fio counts them out */
	if (!io_size_given && nr_files <= 1)
		kiog_wl_count_holes(&ls->wl);
	kiog_core_init(&ls->core, cc, &ls->wl, samples);
	kiog_loop_uses(ls, KIOG_LOOP_DEPTH, depth > 1);
	kiog_loop_uses(ls, KIOG_LOOP_SYNC_MODE, sync_mode);
	kiog_loop_uses(ls, KIOG_LOOP_SYNC, ls->core.sync_every);
	kiog_loop_uses(ls, KIOG_LOOP_THINK, ls->core.think_ns);
}

/**
 * kiog_loop_init_data() - set up rate limits, verify and buffer contents
 * @ls: the worker's loop state, after kiog_loop_init_core()
 * @cc: its policy
 * @vc: the job's verify (KIOG_JOB_VERIFY_FIELDS)
 * @rw: the job's rw
 * @data: the engine moves data (else verify only stamps and sums)
 * @run: the run's id (0 on the syscall path)
 * @job: the job's index in the run
 * @index: the worker's in the job
 * @seed: the worker's seed
 *
 * The caller maps verify's record of writes (kiog_vfy_map()) and then sets
 * the buffers' contents up with kiog_loop_init_buf().
 */
static inline void kiog_loop_init_data(struct kiog_loop_state *ls,
				       const struct kiog_core_cfg *cc,
				       struct kiog_vfy_cfg *vc, __u8 rw, int data,
				       __u32 run, __u32 job, __u32 index, __u64 seed)
{
	kiog_rate_init(&ls->rate, cc, seed);
	kiog_loop_uses(ls, KIOG_LOOP_RATE, ls->rate.paced || ls->rate.checked);
	if (!data)
		kiog_vfy_nodata(vc);
	kiog_vfy_init(&ls->vfy, vc, rw, cc, &ls->wl, run, job, index);
	kiog_loop_uses(ls, KIOG_LOOP_VERIFY, ls->vfy.type);
}

/**
 * kiog_loop_init_buf() - set up what written blocks hold
 * @ls: the worker's loop state, verify set up
 * @bc: the job's buffer options (KIOG_JOB_BUFFER_FIELDS)
 * @seed: the worker's seed
 * @verify: the job verifies
 * @buffers: the worker's slots carry data buffers
 */
static inline void kiog_loop_init_buf(struct kiog_loop_state *ls,
				      const struct kiog_buf_cfg *bc, __u64 seed,
				      int verify, int buffers)
{
	kiog_buf_init(&ls->buf, bc, seed, verify, ls->vfy.pat.len, &ls->wl.digest);
	kiog_loop_uses(ls, KIOG_LOOP_BUFFERS, buffers);
}

/**
 * kiog_loop_may_build() - may the worker build I/Os now?
 * @ls: the worker's loop state
 * @nr_free: its idle slots
 *
 * Not while a due fsync waits for the writes in flight (fio quiesces too),
 * a think is due, or the held I/O of the rate limits waits for its time.
 * Each I/O is then asked of verify (kiog_vfy_may_issue(): it may hold the
 * writes back) before it is picked.
 *
 * Return: nonzero if it may.
 */
static inline int kiog_loop_may_build(const struct kiog_loop_state *ls, __u32 nr_free)
{
	return ls->core.issuing && nr_free &&
	       !(kiog_core_sync_due(&ls->core) && !ls->rate.held) &&
	       !kiog_core_think_due(&ls->core) && !ls->rate.waiting;
}

/**
 * kiog_loop_pick() - pick the next I/O into a slot
 * @ls: the worker's loop state, kiog_vfy_may_issue() said yes
 * @io: the slot's I/O: filled in (not its clock)
 * @file: set to the index of its file among the worker's
 * @now: ns, the worker's clock, read only by the rate limits (0 without)
 *
 * Return: 0 if nothing is due yet; else KIOG_LOOP_PICKED, with
 * KIOG_LOOP_SYNC_AFTER when a sync is due after it and KIOG_LOOP_NEW_PASS
 * when it starts a pass whose cache is to be dropped (fio's invalidate).
 */
#define KIOG_LOOP_PICKED	0x001
#define KIOG_LOOP_SYNC_AFTER	0x002
#define KIOG_LOOP_NEW_PASS	0x004
static inline int kiog_loop_pick(struct kiog_loop_state *ls, struct kiog_loop_io *io,
				 __u32 *file, __u64 now)
{
	struct kiog_io pick;
	__u64 vseq;
	int picked, ret;

	picked = kiog_vfy_pick(&ls->vfy, &ls->rate, &ls->core, &ls->wl, &pick, &vseq, now);
	if (!picked)
		return 0;
	ret = KIOG_LOOP_PICKED | (picked > 1 ? KIOG_LOOP_SYNC_AFTER : 0);
	if ((pick.flags & KIOG_IO_NEW_PASS) && ls->drop_cache)
		ret |= KIOG_LOOP_NEW_PASS;
	io->due_ns = ls->rate.due;
	io->vseq = vseq;
	io->offset = pick.offset;
	io->len = pick.len;
	io->dir = pick.dir;
	*file = pick.file;
	/* fio syncs the file of the last write */
	if (pick.dir == KIOGEN_DIR_WRITE)
		ls->sync_file = pick.file;
	return ret;
}

/**
 * kiog_loop_stamps() - does a picked I/O's buffer get stamped?
 * @ls: the worker's loop state
 * @io: the I/O, picked
 * @buffer: its slot has a data buffer
 *
 * A write is stamped (its header; with verify its checksum). A read that
 * overwrites the contents writes rely on marks them to be put back before
 * the next write from that buffer.
 *
 * Return: nonzero if the caller stamps the buffer, before the clock starts.
 */
static inline int kiog_loop_stamps(struct kiog_loop_state *ls, struct kiog_loop_io *io,
				   int buffer)
{
	if (!buffer)
		return 0;
	if (io->dir == KIOGEN_DIR_WRITE)
		return 1;
	if (io->dir == KIOGEN_DIR_READ && io->dirty < io->len &&
	    kiog_buf_restores(&ls->buf, &ls->vfy.pat))
		io->dirty = io->len;
	return 0;
}

/**
 * kiog_loop_clock_start() - start an I/O's clock: the one clock point
 * @io: the I/O, picked and its buffer stamped and summed
 * @now: ns, the worker's clock, read right before the engine is called
 *
 * fio's start: slat runs from here to the submission, lat from here to the
 * completion. An engine that submits within its call has issued the I/O
 * here too (no slat) unless the caller sets the issue time later.
 */
static inline void kiog_loop_clock_start(struct kiog_loop_io *io, __u64 now)
{
	io->start_ns = now;
	io->issue_ns = now;
	io->end_ns = 0;
}

/**
 * kiog_loop_account() - count a finished I/O
 * @ls: the worker's loop state
 * @io: the I/O, its completion in, verified if it was to be
 * @reap_ns: the latency split: when the worker saw the completion
 *
 * The core's statistics and logs, the rate limits' sched lat, the latency
 * split, in that order.
 *
 * Return: nonzero if it was counted (not in the ramp, not an error).
 */
static inline int kiog_loop_account(struct kiog_loop_state *ls,
				    const struct kiog_loop_io *io, __u64 reap_ns)
{
	struct kiog_core *c = &ls->core;

	if (!kiog_core_complete(c, io->dir, io->error, io->start_ns, io->issue_ns,
				io->end_ns, io->done_bytes, io->len))
		return 0;
	kiog_core_log_io(c, io->dir, io->start_ns, io->issue_ns, io->end_ns,
			 io->offset, io->done_bytes);
	if (io->due_ns)
		kiog_rate_complete(&ls->rate, io->dir, io->due_ns, io->end_ns);
	if (c->split)
		kiog_split_add(c->split, io->pick_ns, io->start_ns, io->sub_ns,
			       io->end_ns, reap_ns);
	return 1;
}

/* A periodic sync is due and nothing is in flight or held: sync now. */
static inline int kiog_loop_sync_now(const struct kiog_loop_state *ls)
{
	return kiog_core_sync_due(&ls->core) && !ls->inflight && !ls->rate.held;
}

/* A think is due and nothing is in flight: think now (kiog_loop_think()). */
static inline int kiog_loop_think_now(const struct kiog_loop_state *ls)
{
	return kiog_core_think_due(&ls->core) && !ls->inflight;
}

/* The held I/O is not due yet and nothing is in flight: pace now. */
static inline int kiog_loop_pace_now(const struct kiog_loop_state *ls)
{
	return ls->rate.waiting && !ls->inflight;
}

/**
 * kiog_loop_think() - fio's thinktime, with nothing in flight
 * @ls: the worker's loop state
 * @now: ns, the worker's clock
 * @spin: set to the ns of the pause to spend spinning on the CPU first
 *	(fio's thinktime_spin), 0 when the rest is slept
 *
 * Return: ns to pause before going on (one nap, or @spin ns of spinning,
 * then back to the loop); 0 for none (none after the last I/O).
 */
static inline __u64 kiog_loop_think(struct kiog_loop_state *ls, __u64 now,
				    __u64 *spin)
{
	struct kiog_core *c = &ls->core;
	__u64 left;

	*spin = 0;
	if (!kiog_core_may_issue(c, &ls->wl))
		return 0;
	kiog_core_tick(c, now);
	left = kiog_core_think(c, now);
	if (!left) {
		kiog_rate_thought(&ls->rate, now - c->think_start);
		return 0;
	}
	if (!c->issuing)
		return 0;
	*spin = kiog_core_think_spin(c, now);
	return left;
}

/**
 * kiog_loop_pace() - rate limits: wait for the held I/O, nothing in flight
 * @ls: the worker's loop state
 * @now: ns, the worker's clock
 *
 * Return: ns to pause (one nap towards its time, then back to the loop).
 */
static inline __u64 kiog_loop_pace(struct kiog_loop_state *ls, __u64 now)
{
	__u64 left;

	kiog_core_tick(&ls->core, now);
	left = kiog_rate_wait(&ls->rate, now);
	return ls->core.issuing ? left : 0;
}

/**
 * kiog_loop_turn_end() - end a turn of the loop after a reap
 * @ls: the worker's loop state
 * @stop: a stop was asked for
 *
 * A completion was just reaped: its time saves a clock read for the
 * samples and the runtime; a rate below its minimum fails the worker.
 */
static inline void kiog_loop_turn_end(struct kiog_loop_state *ls, int stop)
{
	struct kiog_core *c = &ls->core;

	kiog_core_tick(c, c->last_end);
	if (ls->rate.checked && kiog_rate_below_min(&ls->rate, c, c->last_end))
		kiog_core_fail(c, -KIOG_EIO);
	if (stop)
		kiog_core_stop(c);
}

#endif /* _KIOGEN_LOOP_H */
