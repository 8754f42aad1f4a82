/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The worker core shared by the kernel's worker thread (kmod/worker.c) and
 * the CLI's syscall worker (ctl/syscall/syscall.c): when to stop issuing (number_ios,
 * io_size, runtime after the ramp, a stop request), which errors end a worker
 * (fio's continue_on_error), when to fsync, how each finished I/O is counted
 * (fio's slat, clat and lat with a 128-bit sum of squares, IO depths, submit
 * and complete buckets, interval samples). Each side keeps only submitting
 * and waiting, so the two paths take the same decisions by construction; the
 * worker's stream digest starts from a hash of this policy, so equal digests
 * also mean equal policies. Freestanding and 32-bit safe, like workload.h.
 */
#ifndef _KIOGEN_CORE_H
#define _KIOGEN_CORE_H

#include <linux/types.h>
#include <linux/kiogen.h>

#include "div64.h"
#include "hist.h"
#include "job.h"
#include "workload.h"

struct kiog_split;

#ifdef __KERNEL__
#include <linux/kernel.h>	/* ARRAY_SIZE() */
#else	/* the kernel's, the same in ctl/ */
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define KIOG_SAMPLE_NS		500000000ULL	/* interval of the samples */
#define KIOG_MAX_SAMPLES	7200		/* one hour of samples */
#define KIOG_CHUNK_ORDER	4		/* buffers are made of 64 KiB chunks */
#define KIOG_FILL_SEED		0xb10cULL	/* buffer pattern: worker seed ^ this */

/* fio's non-fatal errnos (Linux's values where errno.h is not included) */
#ifdef EILSEQ
#define KIOG_EIO		EIO
#define KIOG_EILSEQ		EILSEQ
#define KIOG_ETIMEDOUT		ETIMEDOUT
#else
#define KIOG_EIO		5
#define KIOG_EILSEQ		84
#define KIOG_ETIMEDOUT		110
#endif
/* bit 2 of continue_on_error is fio's ERROR_TYPE_VERIFY (EILSEQ) */
#define KIOG_COE_VERIFY		KIOGEN_COE_VERIFY
/* fio's error types (continue_on_error's bits): read, write, verify */
#define KIOG_ERR_TYPES		3
/* ignore_error's bitmaps: errnos 1 to 127, two words for each type */
#define KIOG_ERRNO_WORDS	2
#define KIOG_ERRNO_MAX		(64 * KIOG_ERRNO_WORDS - 1)

/* Sums of one latency of one direction; ns. */
struct kiog_lat_stats {
	__u64 min;
	__u64 max;
	__u64 sum;
	__u64 sq_hi, sq_lo;	/* 128-bit sum of squares */
};

/*
 * Statistics of one direction of one worker, with fio's three latencies:
 * slat (build to issue), clat (issue to completion), lat (the two).
 */
struct kiog_dir_stats {
	__u64 ios;
	__u64 bytes;
	__u64 errors;
	__u64 short_ios;
	__u64 inline_ios;	/* completed inside their submission: clat to the reap */
	struct kiog_lat_stats slat, clat, lat;
	__u64 hist[KIOG_HIST_BUCKETS];		/* lat */
	__u64 clat_hist[KIOG_HIST_BUCKETS];
};

#include "log.h"	/* reads struct kiog_dir_stats */

/**
 * struct kiog_core_cfg - a job's stop, sync and error policy
 * @ramp_ns: completions of I/O started before this are not counted
 * @runtime_ns: issuing stops this long after the ramp; 0: no limit
 * @number_ios: I/Os to issue; 0: no limit
 * @io_size: bytes to issue, resolved (size when not given); not a limit
 *	when @time_based
 * @fsync: fsync after every N issued writes; 0: never
 * @fdatasync: fdatasync after every N issued writes (when @fsync is 0)
 * @continue_on_error: KIOGEN_COE_* bits, as fio's read, write, verify
 * @time_based: run for @runtime_ns, whatever was issued
 * @end_fsync: fsync once the last write completed
 * @thinktime_ns: pause this long, with nothing in flight, after every
 *	@thinktime_blocks completions (fio's thinktime); 0: never
 * @thinktime_blocks: completions between pauses; 0: none by count (with
 *	@thinktime_iotime_ns), else 1
 * @startdelay_ns: wait this long before the clock starts (fio's startdelay)
 * @loops: @io_size is issued this many times (fio's loops); 0 is 1
 * @thinktime_spin_ns: of each pause, spin this long first (fio's thinktime_spin)
 * @thinktime_iotime_ns: a pause is also due this long after the start or
 *	the last pause (fio's thinktime_iotime)
 * @rate_ignore_thinktime: the rate's schedule moves by the pauses
 * @max_latency_read: a lat above this fails the worker (ETIMEDOUT, fio's
 *	max_latency); 0: none. And _write, _trim.
 * @exitall: a worker that ends stops the run (fio's exitall)
 * @exitall_on_error: a worker that fails stops the run (fio's exitall_on_error)
 * @ignore_error: by type, errnos survived instead of EIO and EILSEQ
 *	(KIOGEN_A_JOB_IGNORE_ERROR; fio's ignore_error)
 */
struct kiog_core_cfg {
	KIOG_JOB_CORE_FIELDS(KIOG_JOB_MEMBER)
};

/**
 * struct kiog_core - a worker's policy, loop state and results
 *
 * Written by the worker's own thread only; other readers (progress, the
 * reaper) look at it after the worker ended, or tolerate stale values.
 */
struct kiog_core {
	/* policy, set by kiog_core_init() */
	__u64 ramp_ns, runtime_ns;
	__u64 io_limit;			/* I/Os to issue */
	__u64 byte_limit;		/* bytes to issue */
	__u32 sync_every;		/* fsync or fdatasync every N writes */
	__u32 coe;			/* KIOGEN_COE_* */
	__u8 datasync;			/* the periodic sync is an fdatasync */
	__u8 end_fsync;
	__u64 think_ns;			/* fio's thinktime */
	__u64 think_spin_ns;		/* the first of it spent spinning */
	__u64 think_io_ns;		/* issuing time between thinks; 0: none */
	__u32 think_blocks;		/* completions between thinks; 0: none */
	__u64 max_lat[KIOGEN_DIR_MAX + 1];	/* fio's max_latency; 0: none */
	__u8 exitall, exitall_on_error;	/* its end stops the run */
	/* errnos each error type survives, with its coe bit (ignore_error) */
	__u64 nonfatal[KIOG_ERR_TYPES][KIOG_ERRNO_WORDS];
	/* loop */
	__u8 issuing;			/* may still issue */
	__u8 failed;			/* an error ended the worker */
	__s32 error;			/* first negative errno, 0 if none */
	__u32 writes_since_sync;	/* issued since the last sync */
	__u64 ramp_end;			/* clock points, set by kiog_core_start() */
	__u64 end;
	__u64 next_sample;
	__u64 sample_ns;		/* interval of @samples: doubles when full */
	__u64 issued_bytes;
	__u64 write_seq;		/* writes issued: the block header's seq */
	__u64 last_end;			/* latest completion seen: "now" */
	__u64 reaped;			/* completions, all directions */
	__u64 think_at;			/* think when @reaped reaches this */
	__u64 think_time_at;		/* or when @last_end reaches this */
	__u64 think_start;		/* clock point the last think began */
	__u64 think_until;		/* clock point a think ends; 0: none */
	__u64 ramp_ios[KIOGEN_DIR_MAX + 1];	/* done in the ramp, by direction */
	__u64 ramp_bytes[KIOGEN_DIR_MAX + 1];
	/* results */
	struct kiog_dir_stats stats[KIOGEN_DIR_MAX + 1];	/* by enum kiogen_dir */
	__u64 depths[KIOGEN_DEPTH_BUCKETS];	/* I/Os by depth once issued */
	__u64 submit[KIOGEN_DEPTH_BUCKETS];	/* submits by I/Os each */
	__u64 complete[KIOGEN_DEPTH_BUCKETS];	/* reaps by I/Os each */
	__u64 stamps_behind;		/* counted with a stamp before the start */
	struct kiogen_sample *samples;	/* cumulative counts per interval */
	__u32 nr_samples, max_samples;
	struct kiog_split *split;	/* latency split (split.h); NULL: off */
	struct kiog_log log;		/* fio's log files; set by kiog_log_init() */
};

/**
 * kiog_core_max_samples() - room for the samples of a run
 * @cfg: the policy
 *
 * Return: samples to allocate, an even number: the whole runtime, or ten
 * minutes; a longer run coarsens them (kiog_core_coarsen()).
 */
static inline __u32 kiog_core_max_samples(const struct kiog_core_cfg *cfg)
{
	__u64 n;

	if (!cfg->runtime_ns)
		return KIOG_MAX_SAMPLES / 6;
	n = (kiog_div64(cfg->ramp_ns + cfg->runtime_ns, KIOG_SAMPLE_NS) + 3) & ~1ULL;
	return n < KIOG_MAX_SAMPLES ? (__u32)n : KIOG_MAX_SAMPLES;
}

/* Bytes to issue: io_size, loops times (saturating) */
static inline __u64 kiog_core_bytes(const struct kiog_core_cfg *cfg)
{
	__u64 n = cfg->loops > 1 ? cfg->loops : 1;

	return cfg->io_size > ~0ULL / n ? ~0ULL : cfg->io_size * n;
}

/* Bytes a worker issues before it ends, ~0 for none (time_based). */
static inline __u64 kiog_core_byte_limit(const struct kiog_core_cfg *cfg,
					 bool trimwrite)
{
	__u64 n = cfg->time_based ? ~0ULL : kiog_core_bytes(cfg);

	/* fio: trimwrite trims each block, then writes it: twice the bytes */
	if (trimwrite)
		n = n > ~0ULL / 2 ? ~0ULL : 2 * n;
	return n;
}

/**
 * kiog_core_policy_digest() - hash of what ends a worker and when it syncs
 * @cfg: the policy
 *
 * Return: the digest a worker's stream digest starts from.
 */
static inline __u64 kiog_core_policy_digest(const struct kiog_core_cfg *cfg)
{
	const __u64 v[] = {
		cfg->ramp_ns, cfg->runtime_ns, cfg->number_ios,
		cfg->time_based ? ~0ULL : kiog_core_bytes(cfg),
		(__u64)cfg->fsync << 32 | cfg->fdatasync,
		(__u64)cfg->continue_on_error << 8 | cfg->time_based << 1 |
		cfg->end_fsync,
	};
	__u64 d = 0x706f6c696379ULL;	/* "policy" */
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(v); i++)
		d = __kiog_rotl64(d ^ __kiog_mix64(v[i] + i), 27) *
		    0x9fb21c651e98df25ULL;
	return d;
}

/**
 * kiog_core_init() - set a worker's policy, before its clock starts
 * @c: the core, zeroed
 * @cfg: the policy; not referenced after return
 * @wl: the worker's generator, initialised: its digest starts from the policy
 * @samples: room for kiog_core_max_samples() samples
 */
void kiog_core_init(struct kiog_core *c,
		    const struct kiog_core_cfg *cfg,
		    struct kiog_wl *wl, struct kiogen_sample *samples);

/**
 * kiog_core_start() - the worker's clock starts
 * @c: the core
 * @now: ns, the worker's clock
 */
static inline void kiog_core_start(struct kiog_core *c, __u64 now)
{
	c->ramp_end = now + c->ramp_ns;
	c->end = c->runtime_ns ? c->ramp_end + c->runtime_ns : ~0ULL;
	c->next_sample = c->ramp_end + c->sample_ns;
	kiog_log_start(&c->log, c->ramp_end);
	c->last_end = now;
	c->think_time_at = now + c->think_io_ns;
	c->issuing = 1;
}

/* Stop issuing: a stop request, Ctrl-C, an engine that broke. */
static inline void kiog_core_stop(struct kiog_core *c)
{
	c->issuing = 0;
}

/* An error that ends the worker whatever continue_on_error says. */
static inline void kiog_core_fail(struct kiog_core *c, int err)
{
	if (!c->error)
		c->error = err;
	c->failed = 1;
	c->issuing = 0;
}

/**
 * kiog_core_error_fatal() - does an error end the worker? (fio's rule)
 * @c: the core: its continue_on_error and the errnos each type survives
 * @dir: enum kiogen_dir of the failed operation
 * @err: negative errno
 *
 * As fio's td_non_fatal_error(): EILSEQ is a verify error, a read's is a
 * read error, anything else (writes, syncs) a write error; only the errnos
 * of its type's list (EIO and EILSEQ unless ignore_error gave one) of a
 * type in continue_on_error are survived.
 *
 * Return: nonzero if the worker must stop.
 */
static inline int kiog_core_error_fatal(const struct kiog_core *c, __u8 dir, int err)
{
	unsigned int t = err == -KIOG_EILSEQ ? 2 : dir == KIOGEN_DIR_READ ? 0 : 1;
	unsigned int e = -err;

	if (!(c->coe & (1U << t)) || !e || e > KIOG_ERRNO_MAX)
		return 1;
	return !(c->nonfatal[t][e / 64] >> (e % 64) & 1);
}

/* Counts an error of @dir; returns nonzero if it ended the worker. */
static inline int kiog_core_error(struct kiog_core *c, __u8 dir, int err)
{
	c->stats[dir].errors++;
	if (!c->error)
		c->error = err;
	if (!kiog_core_error_fatal(c, dir, err))
		return 0;
	c->failed = 1;
	c->issuing = 0;
	return 1;
}

/*
 * Does the end of this worker stop the run's others (fio's exitall, or
 * exitall_on_error when it failed)? Whatever ended it: a stop asked for
 * stops them anyway.
 */
static inline int kiog_core_ends_run(const struct kiog_core *c)
{
	return c->exitall || (c->exitall_on_error && c->failed);
}

/* Is a periodic sync due? Issuing pauses until it is done. */
static inline int kiog_core_sync_due(const struct kiog_core *c)
{
	return c->sync_every && c->writes_since_sync >= c->sync_every;
}

/*
 * May another I/O be issued? Clears issuing once number_ios or io_size is
 * reached.
 */
static inline int kiog_core_may_issue(struct kiog_core *c, const struct kiog_wl *wl)
{
	if (wl->issued >= c->io_limit || c->issued_bytes >= c->byte_limit) {
		c->issuing = 0;
		return 0;
	}
	return 1;
}

/**
 * kiog_core_next() - the next I/O to issue
 * @c: the core
 * @wl: the worker's generator
 * @io: filled in
 *
 * A write takes the next sequence number (@c->write_seq) for its header.
 *
 * Return: nonzero if a sync is due after this I/O: end the batch there.
 */
static inline int kiog_core_next(struct kiog_core *c, struct kiog_wl *wl,
				 struct kiog_io *io)
{
	kiog_wl_next(wl, io);
	c->issued_bytes += kiog_wl_io_bytes(wl, io);
	if (io->dir != KIOGEN_DIR_WRITE)
		return 0;
	c->write_seq++;
	/* fio: an fsync after every N-th issued write, once they are in */
	return c->sync_every && ++c->writes_since_sync >= c->sync_every;
}

/* hi:lo += v^2, with one 64x64->128 multiply where the CPU has it */
static inline void kiog_core_sq_add(__u64 *hi, __u64 *lo, __u64 v)
{
	__u64 sq_lo, sq_hi = kiog_mul64_hi(v, v, &sq_lo);

	*lo += sq_lo;
	*hi += sq_hi + (*lo < sq_lo);
}

static inline void kiog_core_lat(struct kiog_lat_stats *l, __u64 v, int first)
{
	if (first || v < l->min)
		l->min = v;
	if (!v)		/* common: clat of inline completions */
		return;
	if (v > l->max)
		l->max = v;
	l->sum += v;
	kiog_core_sq_add(&l->sq_hi, &l->sq_lo, v);
}

/* @v into two latencies at once: one square, for lat == clat */
static inline void kiog_core_lat2(struct kiog_lat_stats *a,
				  struct kiog_lat_stats *b, __u64 v, int first)
{
	__u64 sq_lo, sq_hi;

	if (first || v < a->min)
		a->min = v;
	if (first || v < b->min)
		b->min = v;
	if (!v)
		return;
	if (v > a->max)
		a->max = v;
	if (v > b->max)
		b->max = v;
	a->sum += v;
	b->sum += v;
	sq_hi = kiog_mul64_hi(v, v, &sq_lo);
	a->sq_lo += sq_lo;
	a->sq_hi += sq_hi + (a->sq_lo < sq_lo);
	b->sq_lo += sq_lo;
	b->sq_hi += sq_hi + (b->sq_lo < sq_lo);
}

/*
 * One operation into a direction's statistics; slat + clat = lat. Without
 * slat (sync I/O, the common case) lat is clat, and without clat (completed
 * within its submit: the null engine) lat is slat: squared and bucketed once.
 */
static inline void kiog_core_dir_add(struct kiog_dir_stats *d, __u64 slat,
				     __u64 clat, __u32 bytes, int short_io)
{
	int first = !d->ios;
	__u32 idx;

	if (!slat) {
		idx = kiog_hist_idx(clat);
		d->slat.min = 0;
		kiog_core_lat2(&d->clat, &d->lat, clat, first);
		d->hist[idx]++;
		d->clat_hist[idx]++;
	} else if (!clat) {
		kiog_core_lat2(&d->slat, &d->lat, slat, first);
		kiog_core_lat(&d->clat, 0, first);
		d->hist[kiog_hist_idx(slat)]++;
		d->clat_hist[kiog_hist_idx(0)]++;
	} else {
		kiog_core_lat(&d->slat, slat, first);
		kiog_core_lat(&d->clat, clat, first);
		kiog_core_lat(&d->lat, slat + clat, first);
		d->hist[kiog_hist_idx(slat + clat)]++;
		d->clat_hist[kiog_hist_idx(clat)]++;
	}
	d->ios++;
	d->bytes += bytes;
	d->short_ios += short_io;
}

/*
 * An I/O's stamps in order, start <= issue <= end, so that slat and clat
 * are never negative (a u64 of 1.8e19 ns): one that completed before its
 * batch was issued (within submit) was issued at its end. A stamp before
 * the start (a clock read behind between the CPUs that took them, as a TSC
 * trusted with tsc=reliable can be) took no time.
 *
 * Return: 1 if a stamp was before the start, which the caller counts.
 */
static inline int kiog_core_order(__u64 start, __u64 *issue, __u64 *end)
{
	int behind = *end < start || *issue < start;

	if (*end < start)
		*end = start;
	if (*issue < start)
		*issue = start;
	if (*issue > *end)
		*issue = *end;
	return behind;
}

/**
 * kiog_core_complete() - account one finished I/O
 * @c: the core
 * @dir: its direction
 * @err: 0 or a negative errno
 * @start: ns, building it began (fio's start)
 * @issue: ns, its batch was issued; later than @end if it completed first
 * @end: ns, its completion was seen
 * @done: bytes transferred
 * @len: bytes asked for
 *
 * Return: nonzero if it was counted (no error, after the ramp).
 */
static inline int kiog_core_complete(struct kiog_core *c, __u8 dir, int err,
				     __u64 start, __u64 issue, __u64 end,
				     __u32 done, __u32 len)
{
	if (end > c->last_end)
		c->last_end = end;
	if (err) {
		kiog_core_error(c, dir, err);
		return 0;
	}
	if (start < c->ramp_end) {
		c->ramp_ios[dir]++;
		c->ramp_bytes[dir] += done;
		return 0;
	}
	c->stamps_behind += kiog_core_order(start, &issue, &end);
	kiog_core_dir_add(&c->stats[dir], issue - start, end - issue, done,
			  done != len);
	if (c->log.max)
		kiog_log_lat(&c->log, dir, issue - start, end - issue);
	/* counted, as fio's lat_fatal() counts it, then the worker ends */
	if (c->max_lat[dir] && end - start > c->max_lat[dir])
		kiog_core_error(c, dir, -KIOG_ETIMEDOUT);
	return 1;
}

/**
 * kiog_core_log_io() - a counted I/O into the per-I/O log, if one is kept
 * @c: the core
 * @dir: its direction
 * @start: ns, as kiog_core_complete()
 * @issue: ns, as kiog_core_complete()
 * @end: ns, as kiog_core_complete()
 * @offset: bytes, where it went in the target
 * @done: bytes transferred
 *
 * Called when kiog_core_complete() counted the I/O: fio's log_avg_msec=0
 * logs every read and write it counts, with its own offset and size.
 */
static inline void kiog_core_log_io(struct kiog_core *c, __u8 dir, __u64 start,
				    __u64 issue, __u64 end, __u64 offset,
				    __u32 done)
{
	if (!c->log.io)
		return;
	kiog_core_order(start, &issue, &end);
	kiog_log_io(&c->log, dir, end - c->ramp_end, offset, done,
		    issue - start, end - issue);
}

/* A periodic or final sync begins: the write count starts over. */
static inline void kiog_core_sync_begin(struct kiog_core *c)
{
	c->writes_since_sync = 0;
}

/* A sync from @t0 to @t1 ended with @err: timed as fio's sync latency. */
static inline void kiog_core_sync_end(struct kiog_core *c, __u64 t0, __u64 t1,
				      int err)
{
	if (err) {
		kiog_core_error(c, KIOGEN_DIR_SYNC, err);
	} else if (t0 >= c->ramp_end) {
		c->stamps_behind += t1 < t0;
		kiog_core_dir_add(&c->stats[KIOGEN_DIR_SYNC], 0, t1 > t0 ? t1 - t0 : 0, 0, 0);
	}
}

/* Is the final fsync due, once nothing is in flight? */
static inline int kiog_core_end_sync_due(const struct kiog_core *c)
{
	return c->end_fsync && c->write_seq && !c->failed;
}

/* fio's "IO depths" buckets: 1, 2, 4, 8, 16, 32, >=64 */
static inline __u32 kiog_core_depth_bucket(__u32 depth)
{
	if (depth >= 64)
		return KIOGEN_DEPTH_BUCKETS - 1;
	return depth ? 31 - (__u32)__builtin_clz(depth) : 0;
}

/* fio's "submit" and "complete" buckets: 0, 1-4, 5-8, 9-16, 17-32, 33-64, >64 */
static inline __u32 kiog_core_batch_bucket(__u32 n)
{
	if (!n)
		return 0;
	if (n > 64)
		return KIOGEN_DEPTH_BUCKETS - 1;
	return n <= 4 ? 1 : 31 - (__u32)__builtin_clz(n - 1);
}

/* A batch of @n I/Os went in, leaving @inflight in flight: fio's counts. */
static inline void kiog_core_submitted(struct kiog_core *c, __u32 n,
				       __u32 inflight)
{
	c->depths[kiog_core_depth_bucket(inflight)] += n;
	c->submit[kiog_core_batch_bucket(n)]++;
}

/* One reap handed back @n completions. */
static inline void kiog_core_reaped(struct kiog_core *c, __u32 n)
{
	c->complete[kiog_core_batch_bucket(n)]++;
	c->reaped += n;
}

/*
 * Is a think due (fio's thinktime, after thinktime_blocks completions or
 * thinktime_iotime, whichever comes first)? Issuing pauses; the loop drains
 * what is in flight, then thinks.
 */
static inline int kiog_core_think_due(const struct kiog_core *c)
{
	return c->think_ns &&
	       ((c->think_blocks && c->reaped >= c->think_at) ||
		(c->think_io_ns && c->last_end >= c->think_time_at));
}

/**
 * kiog_core_think() - how long a due think still lasts
 * @c: the core, with nothing in flight
 * @now: ns, the worker's clock
 *
 * The first call starts the think. The loop sleeps the time returned (or
 * less, to look at stop requests) and calls again.
 *
 * Return: ns left; 0 when it is over, and the next one is planned.
 */
static inline __u64 kiog_core_think(struct kiog_core *c, __u64 now)
{
	if (!c->think_until) {
		c->think_start = now;
		c->think_until = now + c->think_ns;
	}
	if (now < c->think_until)
		return c->think_until - now;
	c->think_until = 0;
	/*
	 * The next multiple of think_blocks: completions reaped in batches
	 * overshoot one, and counting from there would lose pauses.
	 */
	if (c->think_blocks)
		c->think_at = (kiog_div64(c->reaped, c->think_blocks) + 1) *
			      c->think_blocks;
	c->think_time_at = now + c->think_io_ns;
	return 0;
}

/* Of the think under way, ns still to spin (fio's thinktime_spin) */
static inline __u64 kiog_core_think_spin(const struct kiog_core *c, __u64 now)
{
	__u64 until = c->think_start + c->think_spin_ns;

	return c->think_until && now < until ? until - now : 0;
}

/*
 * The samples are full: keep every second one, cumulative at the end of an
 * interval twice as long, so that a long run's bw and iops statistics cover
 * all of it, at half the resolution. @c->next_sample, the end of the half
 * interval now open, becomes the end of the whole one.
 */
static inline void kiog_core_coarsen(struct kiog_core *c)
{
	__u32 i;

	for (i = 0; i < c->nr_samples / 2; i++)
		c->samples[i] = c->samples[2 * i + 1];
	c->nr_samples /= 2;
	c->next_sample += c->sample_ns;
	c->sample_ns *= 2;
}

/**
 * kiog_core_tick() - time passes: samples, and the runtime's end
 * @c: the core
 * @now: ns; the latest completion's time saves a clock read
 */
static inline void kiog_core_tick(struct kiog_core *c, __u64 now)
{
	while (c->samples && now >= c->next_sample) {
		struct kiogen_sample *smp;
		int d;

		if (c->nr_samples >= c->max_samples) {
			kiog_core_coarsen(c);
			continue;
		}
		smp = &c->samples[c->nr_samples++];
		for (d = 0; d < KIOGEN_DATA_DIRS; d++) {
			smp->ios[d] = c->stats[d].ios;
			smp->bytes[d] = c->stats[d].bytes;
		}
		c->next_sample += c->sample_ns;
	}
	/* most jobs keep no log: no call per tick */
	if (c->log.avg_ns || c->log.hist_ns)
		kiog_log_tick(&c->log, c->stats, now);
	if (now >= c->end)
		c->issuing = 0;
}

/* The worker's elapsed time, from the ramp's end to @now. */
static inline __u64 kiog_core_elapsed(const struct kiog_core *c, __u64 now)
{
	return now > c->ramp_end ? now - c->ramp_end : 0;
}

/**
 * kiog_core_finish() - the worker's I/O is over
 * @c: the core
 * @now: ns, the worker's clock
 *
 * A job that ends within its ramp (a size-bound job done before ramp_time)
 * is reported as fio 3.33 reports it: fio resets its counters only when the
 * ramp ends, so the I/Os and bytes of the whole job, over the whole job's
 * time, without latencies (fio skips their accounting in the ramp).
 *
 * Return: the worker's elapsed time, ns.
 */
static inline __u64 kiog_core_finish(struct kiog_core *c, __u64 now)
{
	int d;

	/* fio ends the ramp at the first completion after ramp_time */
	if (!c->ramp_ns || c->last_end >= c->ramp_end)
		return kiog_core_elapsed(c, now);
	for (d = 0; d <= KIOGEN_DIR_MAX; d++) {
		c->stats[d].ios += c->ramp_ios[d];
		c->stats[d].bytes += c->ramp_bytes[d];
	}
	c->ramp_end -= c->ramp_ns;
	return kiog_core_elapsed(c, now);
}

#endif /* _KIOGEN_CORE_H */
