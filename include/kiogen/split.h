/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The latency split (job field latency_split): where each I/O's time went,
 * from kiogen's own clock reads, in four phases that follow one another:
 *
 *	pick --build--> call --submit--> sub --device--> end --reap--> reap
 *
 * pick: the worker starts choosing the I/O; call: the engine's submit call
 * begins; sub: it returned (or, for a plugged batch, the plug was flushed;
 * on the syscall path, the commit syscall returned); end: the completion
 * callback ran; reap: the worker saw it. fio's lat is submit + device on
 * the kernel path. Stamps that come out of order (an I/O completed inside
 * its submit call) are clamped, so the four phases always add up to reap -
 * pick. Shared by the kernel's worker and the CLI's syscall worker, which
 * both call kiog_split_add() for every counted I/O when the core carries a
 * split; without one the hot path pays a test of a cached pointer. The CLI
 * keeps the same struct in its results. Freestanding, like core.h.
 */
#ifndef _KIOGEN_SPLIT_H
#define _KIOGEN_SPLIT_H

#include <linux/types.h>
#include <linux/kiogen.h>

#include "hist.h"

/* the phases, in the order of the hist kinds KIOGEN_LAT_SPLIT_* */
enum kiog_split_phase {
	KIOG_SPLIT_BUILD,
	KIOG_SPLIT_SUBMIT,
	KIOG_SPLIT_DEVICE,
	KIOG_SPLIT_REAP,
	KIOG_SPLIT_NR,
};

/**
 * struct kiog_split - one worker's latency split
 * @ios: I/Os timed (those counted in the statistics: no errors, no ramp)
 * @sum: ns per phase, over @ios
 * @hist: one histogram per phase (include/kiogen/hist.h)
 */
struct kiog_split {
	__u64 ios;
	__u64 sum[KIOG_SPLIT_NR];
	__u64 hist[KIOG_SPLIT_NR][KIOG_HIST_BUCKETS];
};

/* the hist kind a phase travels as */
static inline __u32 kiog_split_kind(__u32 phase)
{
	return KIOGEN_LAT_SPLIT_BUILD + phase;
}

static inline void __kiog_split_phase(struct kiog_split *sp, __u32 phase,
				      __u64 ns)
{
	sp->sum[phase] += ns;
	sp->hist[phase][kiog_hist_idx(ns)]++;
}

/**
 * kiog_split_add() - time one finished I/O's phases
 * @sp: the worker's split
 * @pick: ns, choosing the I/O began
 * @call: ns, the engine's submit call began
 * @sub: ns, the submit call returned (or the I/O left a plug)
 * @end: ns, the completion callback ran
 * @reap: ns, the worker saw the completion
 *
 * All on the worker's clock. Each stamp is clamped to at least the one
 * before it, except @sub, clamped to at most @end: an I/O that completed
 * inside its submit call spent no time in the device phase.
 */
static inline void kiog_split_add(struct kiog_split *sp, __u64 pick,
				  __u64 call, __u64 sub, __u64 end, __u64 reap)
{
	if (call < pick)
		call = pick;
	if (end < call)
		end = call;
	if (sub > end)
		sub = end;
	if (sub < call)
		sub = call;
	if (reap < end)
		reap = end;
	__kiog_split_phase(sp, KIOG_SPLIT_BUILD, call - pick);
	__kiog_split_phase(sp, KIOG_SPLIT_SUBMIT, sub - call);
	__kiog_split_phase(sp, KIOG_SPLIT_DEVICE, end - sub);
	__kiog_split_phase(sp, KIOG_SPLIT_REAP, reap - end);
	sp->ios++;
}

/* Adds the split @src into @dst (the CLI merges workers and repeats). */
static inline void kiog_split_merge(struct kiog_split *dst,
				    const struct kiog_split *src)
{
	__u32 p, i;

	dst->ios += src->ios;
	for (p = 0; p < KIOG_SPLIT_NR; p++) {
		dst->sum[p] += src->sum[p];
		for (i = 0; i < KIOG_HIST_BUCKETS; i++)
			dst->hist[p][i] += src->hist[p][i];
	}
}

/*
 * The block layer's phases of an I/O, in btt's names (kmod/blk-split.c),
 * stamped from the block tracepoints for the first bio of each I/O:
 *
 *	call --fs--> Q --Q2G--> G --G2I--> I --I2D--> D --D2C--> C --C2E--> end
 *
 * call: the engine's submit call began (as in the split above); Q: the bio
 * entered the block layer (block_bio_queue); G: it got a request
 * (block_getrq); I: the request was inserted, into the scheduler or a queue
 * list (block_rq_insert); D: issued to the driver (block_rq_issue); C: the
 * driver completed it (block_rq_complete); end: kiogen's completion
 * callback ran. The fs phase is kept for files only (for a block device
 * it is the bio's own making). A bio merged into another's request has no G:
 * G is Q. A request issued without an insert has no I: I is D, so that
 * G2I holds G to D and I2D, the scheduler's dwell, is 0.
 */
enum kiog_blk_phase {
	KIOG_BLK_FS,
	KIOG_BLK_Q2G,
	KIOG_BLK_G2I,
	KIOG_BLK_I2D,
	KIOG_BLK_D2C,
	KIOG_BLK_C2E,
	KIOG_BLK_NR,
};

/**
 * struct kiog_blk_split - one worker's block phases
 * @ios: I/Os stamped from Q to C
 * @sum: ns per phase, over @ios
 * @hist: one histogram per phase
 * @unqueued: timed I/Os no bio of which was queued inside the engine's call
 * @norq: timed I/Os queued but not seen issued and completed as a request
 * @inserted: of @ios, those whose request was inserted
 */
struct kiog_blk_split {
	__u64 ios;
	__u64 sum[KIOG_BLK_NR];
	__u64 hist[KIOG_BLK_NR][KIOG_HIST_BUCKETS];
	__u64 unqueued, norq, inserted;
};

/* the hist kind a block phase travels as */
static inline __u32 kiog_blk_kind(__u32 phase)
{
	return KIOGEN_LAT_BLK_FS + phase;
}

/**
 * struct kiog_blk_stamps - the block layer's stamps of one I/O's first bio
 * @q: ns, the bio was queued; 0: not (yet) seen
 * @g: ns, it got a request; 0: merged into another's
 * @i: ns, its request was inserted; 0: issued directly
 * @d: ns, its request was issued to the driver
 * @c: ns, its request was completed
 */
struct kiog_blk_stamps {
	__u64 q, g, i, d, c;
};

static inline __u64 kiog_blk_clamp(__u64 t, __u64 lo)
{
	return t < lo ? lo : t;
}

static inline void __kiog_blk_phase(struct kiog_blk_split *bs, __u32 phase,
				    __u64 ns)
{
	bs->sum[phase] += ns;
	bs->hist[phase][kiog_hist_idx(ns)]++;
}

/**
 * kiog_blk_split_add() - time one finished I/O's block phases
 * @bs: the worker's block phases
 * @st: the I/O's stamps
 * @call: ns, the engine's submit call began
 * @end: ns, the completion callback ran
 * @file: the target is a file: the fs phase is timed
 *
 * An I/O without Q is counted in @bs->unqueued, one without D or C in
 * @bs->norq. Stamps that come out of order are clamped to the one before.
 */
static inline void kiog_blk_split_add(struct kiog_blk_split *bs,
				      const struct kiog_blk_stamps *st,
				      __u64 call, __u64 end, int file)
{
	__u64 q, g, i, d, c;

	if (!st->q) {
		bs->unqueued++;
		return;
	}
	if (!st->d || !st->c) {
		bs->norq++;
		return;
	}
	q = kiog_blk_clamp(st->q, call);
	g = kiog_blk_clamp(st->g ? st->g : q, q);
	d = kiog_blk_clamp(st->d, g);
	i = st->i ? kiog_blk_clamp(st->i, g) : d;
	if (i > d)
		i = d;
	c = kiog_blk_clamp(st->c, d);
	end = kiog_blk_clamp(end, c);
	if (file)
		__kiog_blk_phase(bs, KIOG_BLK_FS, q - call);
	__kiog_blk_phase(bs, KIOG_BLK_Q2G, g - q);
	__kiog_blk_phase(bs, KIOG_BLK_G2I, i - g);
	__kiog_blk_phase(bs, KIOG_BLK_I2D, d - i);
	__kiog_blk_phase(bs, KIOG_BLK_D2C, c - d);
	__kiog_blk_phase(bs, KIOG_BLK_C2E, end - c);
	bs->inserted += !!st->i;
	bs->ios++;
}

/* Adds the block phases @src into @dst. */
static inline void kiog_blk_split_merge(struct kiog_blk_split *dst,
					const struct kiog_blk_split *src)
{
	__u32 p, i;

	dst->ios += src->ios;
	dst->unqueued += src->unqueued;
	dst->norq += src->norq;
	dst->inserted += src->inserted;
	for (p = 0; p < KIOG_BLK_NR; p++) {
		dst->sum[p] += src->sum[p];
		for (i = 0; i < KIOG_HIST_BUCKETS; i++)
			dst->hist[p][i] += src->hist[p][i];
	}
}

#endif /* _KIOGEN_SPLIT_H */
