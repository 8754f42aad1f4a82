/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Rate limits, shared by the kernel's worker (kmod/worker.c) and the CLI's
 * syscall worker (ctl/syscall/syscall.c), beside the worker core: when each I/O is
 * due (fio's rate and rate_iops per direction: read, write, trim;
 * rate_process linear or poisson), when a worker falls below its minimum (fio's rate_min and
 * rate_iops_min over ratecycle), and how late each paced I/O completed
 * against the time it was due: kiogen's sched lat, which a slow device
 * cannot hide by making the submitter late (coordinated omission).
 *
 * Each worker of a job is paced on its own, as each of fio's numjobs clones
 * is. The I/O is built first (the stream does not depend on time, so both
 * paths issue the same one), then held until it is due; meanwhile the loop
 * reaps what is in flight and naps, as fio quiesces before sleeping. Unlike
 * fio, a mixed job's direction stays the generator's: fio may switch to the
 * direction that is behind its rate, which would make the stream depend on
 * time. rw=trimwrite's trims wait for the writes' schedule and do not move
 * it, as fio's: fio picks the write direction, waits for its next I/O, then
 * makes it a trim, so that the trims' own rate paces trim and randtrim only.
 * Freestanding and 32-bit safe, like core.h.
 */
#ifndef _KIOGEN_RATE_H
#define _KIOGEN_RATE_H

#include "core.h"
#include "dist.h"

#define KIOG_NSEC_PER_SEC	1000000000ULL
#define KIOG_RATE_SETTLE_NS	(2 * KIOG_NSEC_PER_SEC)	/* fio: no rate_min check before */
#define KIOG_RATE_SEED		0x72617465ULL		/* "rate": poisson's seed, ^ worker's */
#define KIOG_Q32_LN2		0xb17217f8ULL		/* ln(2) in Q0.32 */
#define KIOG_RATE_NEVER		(~0ULL >> 1)		/* ns: later than any run ends */
#define KIOG_RATE_DIRS		KIOGEN_DATA_DIRS	/* read, write, trim */

/**
 * struct kiog_rate - a worker's pacing, minimum-rate checks and sched lat
 *
 * Written by the worker's own thread only, as struct kiog_core.
 */
struct kiog_rate {
	/* policy, by direction (read, write, trim) */
	__u64 bps[KIOG_RATE_DIRS];	/* bytes per second; 0: by @iops */
	__u32 iops[KIOG_RATE_DIRS];	/* I/Os per second; 0 with @bps 0: free */
	__u64 min_bps[KIOG_RATE_DIRS];	/* fio's rate_min; 0: none */
	__u32 min_iops[KIOG_RATE_DIRS];	/* fio's rate_iops_min; 0: none */
	__u64 cycle_ns;			/* fio's ratecycle */
	__u8 poisson;
	__u8 ignore_think;		/* fio's rate_ignore_thinktime */
	__u8 paced;			/* a direction is limited */
	__u8 checked;			/* a direction has a minimum */
	/* schedule: ns after @base */
	__u64 base;			/* the worker's clock start */
	__u64 amount[KIOG_RATE_DIRS];	/* linear: bytes (or I/Os) scheduled */
	__u64 next[KIOG_RATE_DIRS];	/* poisson: when the next I/O is due */
	struct kiog_rng rng[KIOG_RATE_DIRS];	/* poisson's gaps */
	/* the next I/O, built and waiting for its time */
	struct kiog_io io;
	__u64 due;			/* clock point it is due; 0: unpaced */
	__u8 held;
	__u8 held_sync;			/* a sync is due after it */
	__u8 waiting;			/* the held I/O is not due yet */
	/* rate_min: the last check's counts, by direction */
	__u64 check_at[KIOG_RATE_DIRS];	/* 0: no check yet */
	__u64 check_bytes[KIOG_RATE_DIRS], check_ios[KIOG_RATE_DIRS];
	/* results: paced I/Os, from their due time to their completion */
	__u64 sched_ios[KIOG_RATE_DIRS];
	struct kiog_lat_stats sched[KIOG_RATE_DIRS];
	__u64 sched_hist[KIOG_RATE_DIRS][KIOG_HIST_BUCKETS];
};

/**
 * kiog_rate_span_ns() - time that @amount takes at @per_sec a second
 * @amount: bytes or I/Os
 * @per_sec: their rate, not 0
 *
 * Return: ns, rounded down; exact below 17 GB/s, within 2^-34 above;
 * at most KIOG_RATE_NEVER (292 years).
 */
static inline __u64 kiog_rate_span_ns(__u64 amount, __u64 per_sec)
{
	__u64 rem, secs = kiog_div64_rem(amount, per_sec, &rem);

	if (secs >= KIOG_RATE_NEVER / KIOG_NSEC_PER_SEC)
		return KIOG_RATE_NEVER;

	/* rem * 1e9 must fit in 64 bits */
	while (per_sec >> 34) {
		per_sec >>= 1;
		rem >>= 1;
	}
	return secs * KIOG_NSEC_PER_SEC + kiog_div64(rem * KIOG_NSEC_PER_SEC, per_sec);
}

/**
 * kiog_rate_exp_ns() - an exponentially distributed gap, as fio's poisson
 * @mean_ns: its mean
 * @rng: the draws
 *
 * -ln(U) * @mean_ns with U uniform in (0, 1], from a Q32.32 log2.
 *
 * Return: ns.
 */
static inline __u64 kiog_rate_exp_ns(__u64 mean_ns, struct kiog_rng *rng)
{
	__u64 r = kiog_rng_next(rng), lo, hi, e;

	/* -log2(r / 2^64), Q32.32; r = 0 is taken as 1 */
	e = (64ULL << 32) - (__u64)kiog_fx_log2(r ? r : 1);
	/* times ln(2): -ln(U), Q32.32 */
	hi = kiog_mul64_hi(e, KIOG_Q32_LN2, &lo);
	e = hi << 32 | lo >> 32;
	hi = kiog_mul64_hi(mean_ns, e, &lo);
	return hi << 32 | lo >> 32;
}

/**
 * kiog_rate_init() - set a worker's rate policy, before its clock starts
 * @r: zeroed
 * @cfg: the job's policy
 * @seed: the worker's seed: poisson's draws derive from it
 */
void kiog_rate_init(struct kiog_rate *r,
		    const struct kiog_core_cfg *cfg, __u64 seed);

/* The worker's clock starts at @now: the first I/O of each direction is due. */
static inline void kiog_rate_start(struct kiog_rate *r, __u64 now)
{
	r->base = now;
}

/**
 * kiog_rate_due() - when an I/O is due, and the schedule moves past it
 * @r: the rate
 * @dir: its direction
 * @len: its bytes
 *
 * fio's usec_for_io(): linear, an I/O is due when those before it in its
 * direction took their share of the rate (bytes with rate, I/Os with
 * rate_iops; fio counts the latter in bytes of the smallest block size,
 * the same with one block size); poisson, after a sum of exponential gaps
 * of that mean. The first I/O is due at once.
 *
 * Return: ns after the clock start; ~0 if @dir is not limited.
 */
static inline __u64 kiog_rate_due(struct kiog_rate *r, __u8 dir, __u32 len)
{
	__u64 t;

	if (dir >= KIOG_RATE_DIRS || (!r->bps[dir] && !r->iops[dir]))
		return ~0ULL;
	if (r->poisson) {
		t = r->next[dir];
		r->next[dir] += kiog_rate_exp_ns(r->bps[dir] ?
						 kiog_rate_span_ns(len, r->bps[dir]) :
						 kiog_rate_span_ns(1, r->iops[dir]),
						 &r->rng[dir]);
		return t;
	}
	if (r->bps[dir]) {
		t = kiog_rate_span_ns(r->amount[dir], r->bps[dir]);
		r->amount[dir] += len;
	} else {
		t = kiog_rate_span_ns(r->amount[dir], r->iops[dir]);
		r->amount[dir]++;
	}
	return t;
}

/**
 * kiog_rate_peek() - when the next I/O of a direction is due, unscheduled
 * @r: the rate
 * @dir: its direction
 *
 * Return: ns after the clock start, as kiog_rate_due() would say without
 * moving the schedule; ~0 if @dir is not limited.
 */
static inline __u64 kiog_rate_peek(const struct kiog_rate *r, __u8 dir)
{
	if (dir >= KIOG_RATE_DIRS || (!r->bps[dir] && !r->iops[dir]))
		return ~0ULL;
	if (r->poisson)
		return r->next[dir];
	return kiog_rate_span_ns(r->amount[dir], r->bps[dir] ? r->bps[dir] : r->iops[dir]);
}

/**
 * kiog_rate_next() - the next I/O, if it is due
 * @r: the rate, of a paced job
 * @c: the core
 * @wl: the generator
 * @io: filled in when it is due
 * @now: ns, the worker's clock
 *
 * Builds the next I/O once (the caller checked kiog_core_may_issue() unless
 * one is held) and holds it until it is due; @r->due is then its due time
 * (0 if its direction is not limited), for kiog_rate_complete().
 *
 * Return: 0 when it is not due yet (@r->waiting); else @io is to issue:
 * 2 if a sync is due after it (as kiog_core_next() says), 1 if not.
 */
static inline int kiog_rate_next(struct kiog_rate *r, struct kiog_core *c,
				 struct kiog_wl *wl, struct kiog_io *io,
				 __u64 now)
{
	if (!r->held) {
		__u64 t;

		r->held_sync = kiog_core_next(c, wl, &r->io);
		/* fio's trimwrite: a trim is the write direction's next I/O */
		if (wl->trimwrite && r->io.dir == KIOGEN_DIR_TRIM)
			t = kiog_rate_peek(r, KIOGEN_DIR_WRITE);
		else
			t = kiog_rate_due(r, r->io.dir, r->io.len);
		r->due = t == ~0ULL ? 0 : r->base + t;
		r->held = 1;
	}
	if (now < r->due) {
		r->waiting = 1;
		return 0;
	}
	r->held = 0;
	r->waiting = 0;
	*io = r->io;
	return 1 + !!r->held_sync;
}

/**
 * kiog_rate_wait() - how long the held I/O still waits
 * @r: the rate
 * @now: ns
 *
 * The loop calls this with nothing in flight and naps the time returned
 * (or less, to look at stop requests).
 *
 * Return: ns left; 0 when it is due (the loop issues it).
 */
static inline __u64 kiog_rate_wait(struct kiog_rate *r, __u64 now)
{
	if (now < r->due)
		return r->due - now;
	r->waiting = 0;
	return 0;
}

/**
 * kiog_rate_thought() - a thinktime pause of @ns ended
 * @r: the rate
 * @ns: how long it lasted
 *
 * fio's rate_ignore_thinktime: the schedule, and an I/O held for it, move
 * by the pause, which is not caught up afterwards. Without it the I/Os
 * the pause held back are due at once, as fio's.
 */
static inline void kiog_rate_thought(struct kiog_rate *r, __u64 ns)
{
	if (!r->ignore_think)
		return;
	r->base += ns;
	if (r->held && r->due)
		r->due += ns;
}

/**
 * kiog_rate_complete() - a counted, paced I/O completed: its sched lat
 * @r: the rate
 * @dir: its direction
 * @due: ns, when it was due (kiog_rate_next()'s @r->due); 0: not paced
 * @end: ns, its completion was seen
 */
static inline void kiog_rate_complete(struct kiog_rate *r, __u8 dir,
				      __u64 due, __u64 end)
{
	__u64 v = end > due ? end - due : 0;

	if (!due || dir >= KIOG_RATE_DIRS)
		return;
	kiog_core_lat(&r->sched[dir], v, !r->sched_ios[dir]);
	r->sched_hist[dir][kiog_hist_idx(v)]++;
	r->sched_ios[dir]++;
}

/* @delta of @unit a second over @spent_ms, as fio computes it */
static inline __u64 kiog_rate_per_sec(__u64 delta, __u64 spent_ms)
{
	return kiog_div64(delta * 1000, spent_ms);
}

/**
 * kiog_rate_below_min() - did a direction fall below its minimum?
 * @r: the rate
 * @c: the core: its counted completions
 * @now: ns
 *
 * fio's check_min_rate(): none in the first 2 s nor in the ramp; then,
 * for each direction that completed something and has a minimum, a first
 * look sets the mark, and every ratecycle the rate since the mark is held
 * to rate_min (or, without it, rate_iops_min).
 *
 * Return: 1 if the worker must fail (fio fails the job with EIO).
 */
static inline int kiog_rate_below_min(struct kiog_rate *r,
				      const struct kiog_core *c, __u64 now)
{
	int d;

	if (!r->checked || now < r->base + KIOG_RATE_SETTLE_NS || now < c->ramp_end)
		return 0;
	for (d = 0; d < KIOG_RATE_DIRS; d++) {
		const struct kiog_dir_stats *s = &c->stats[d];
		__u64 spent_ms;

		if (!s->bytes || (!r->min_bps[d] && !r->min_iops[d]))
			continue;
		if (r->check_at[d]) {
			if (now - r->check_at[d] < r->cycle_ns)
				continue;
			spent_ms = kiog_div64(now - r->check_at[d], 1000000);
			if (r->min_bps[d] ?
			    kiog_rate_per_sec(s->bytes - r->check_bytes[d],
					      spent_ms) < r->min_bps[d] :
			    kiog_rate_per_sec(s->ios - r->check_ios[d],
					      spent_ms) < r->min_iops[d])
				return 1;
		}
		r->check_at[d] = now;
		r->check_bytes[d] = s->bytes;
		r->check_ios[d] = s->ios;
	}
	return 0;
}

#endif /* _KIOGEN_RATE_H */
