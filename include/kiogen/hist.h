/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Log-linear latency histogram shared by kiogen's kernel module and CLI. The
 * module only counts samples into buckets (kiog_hist_idx() on the completion
 * path); the raw buckets travel over netlink and the CLI merges them and
 * computes percentiles with the same bucket boundaries, so both sides must
 * agree on this file bit for bit. Integer-only, no allocation.
 *
 * Layout, in nanoseconds, after fio's plat_val_to_idx(): a value v whose most
 * significant bit is m keeps its top KIOG_HIST_BITS + 1 bits and discards the
 * e = max(0, m - KIOG_HIST_BITS) bits below them. The kept bits, v >> e, lie
 * in [64, 128) once e > 0, so every power-of-two range [2^m, 2^(m+1)) is cut
 * into 64 equal buckets of width 2^e, and values below 128 (e = 0) get a
 * bucket each. Numbering the buckets of a range after those of all smaller
 * ranges gives
 *
 *	idx(v) = e * 64 + (v >> e)
 *
 * which is v itself below 128 and grows by 64 per power of two above. Group
 * g = idx / 64 therefore spans [2^(g+5), 2^(g+6)) for g >= 2; 31 groups
 * reach 2^36 ns (68.7 s), and anything larger lands in one overflow bucket.
 *
 * Error bound: a bucket of width 2^e starts at lo >= 64 * 2^e, and its
 * representative value (the integer midpoint) is at most 2^(e-1) away from
 * any member, so the relative error |val - v| / v is at most 2^(e-1) /
 * 2^(e+6) = 1/128 (0.78%); values below 128 are exact. Overflowed samples
 * are reported as 2^36 and carry no bound.
 */
#ifndef _KIOGEN_HIST_H
#define _KIOGEN_HIST_H

#include <linux/types.h>
#include <kiogen/div64.h>

#define KIOG_HIST_BITS		6	/* 64 linear buckets per power of two */
#define KIOG_HIST_VAL		((__u32)1 << KIOG_HIST_BITS)
#define KIOG_HIST_GROUPS	31	/* covers [0, 2^36 ns) = 68.7 s */
#define KIOG_HIST_NR		(KIOG_HIST_GROUPS * KIOG_HIST_VAL)
#define KIOG_HIST_BUCKETS	(KIOG_HIST_NR + 1)	/* last: overflow */
/* values >= 2^KIOG_HIST_SHIFT overflow */
#define KIOG_HIST_SHIFT		(KIOG_HIST_GROUPS + KIOG_HIST_BITS - 1)

#define KIOG_PPM		1000000U

/**
 * kiog_hist_idx() - bucket index of a latency
 * @ns: latency in nanoseconds
 *
 * Return: @ns itself below 128; above, one of 64 buckets per power of two;
 * KIOG_HIST_NR (the overflow bucket) from 2^36 on.
 */
static inline __u32 kiog_hist_idx(__u64 ns)
{
	unsigned int e;

	if (ns < 2 * KIOG_HIST_VAL)
		return (__u32)ns;
	if (ns >> KIOG_HIST_SHIFT)
		return KIOG_HIST_NR;
	e = 63 - (unsigned int)__builtin_clzll(ns) - KIOG_HIST_BITS;
	return (e << KIOG_HIST_BITS) + (__u32)(ns >> e);
}

/* log2 of the width of bucket @idx (a regular bucket) */
static inline unsigned int __kiog_hist_shift(__u32 idx)
{
	return idx < KIOG_HIST_VAL ? 0 : (idx >> KIOG_HIST_BITS) - 1;
}

/**
 * kiog_hist_bucket_lo() - smallest value that maps to a bucket
 * @idx: bucket index, at most KIOG_HIST_NR
 *
 * Return: the lower bound in nanoseconds; 2^36 for the overflow bucket.
 */
static inline __u64 kiog_hist_bucket_lo(__u32 idx)
{
	if (idx < KIOG_HIST_VAL)
		return idx;
	if (idx >= KIOG_HIST_NR)
		return 1ULL << KIOG_HIST_SHIFT;
	return (__u64)((idx & (KIOG_HIST_VAL - 1)) | KIOG_HIST_VAL) <<
	       __kiog_hist_shift(idx);
}

/**
 * kiog_hist_bucket_hi() - largest value that maps to a bucket
 * @idx: bucket index, at most KIOG_HIST_NR
 *
 * Return: the upper bound in nanoseconds, inclusive; ~0ULL for the overflow
 * bucket.
 */
static inline __u64 kiog_hist_bucket_hi(__u32 idx)
{
	if (idx >= KIOG_HIST_NR)
		return ~0ULL;
	return kiog_hist_bucket_lo(idx) + (1ULL << __kiog_hist_shift(idx)) - 1;
}

/**
 * kiog_hist_bucket_val() - value that stands for every sample in a bucket
 * @idx: bucket index, at most KIOG_HIST_NR
 *
 * Return: the integer midpoint of the bucket, within 1/128 of any member;
 * the lower bound for the overflow bucket.
 */
static inline __u64 kiog_hist_bucket_val(__u32 idx)
{
	__u64 lo = kiog_hist_bucket_lo(idx);

	if (idx >= KIOG_HIST_NR)
		return lo;
	return lo + (kiog_hist_bucket_hi(idx) - lo) / 2;
}

/**
 * kiog_hist_percentile() - percentile of a histogram
 * @buckets: sample counts, indexed by kiog_hist_idx()
 * @nr: number of entries in @buckets, at most KIOG_HIST_BUCKETS
 * @total: sum of @buckets
 * @ppm: percentile in parts per million, 1..1000000 (99.99th = 999900)
 *
 * Nearest-rank definition, as fio: the answer is the bucket holding the
 * rank-th smallest sample, rank = ceil(total * ppm / 10^6), at least 1. The
 * rank is computed without the 64-bit overflow of total * ppm.
 *
 * Return: the representative value of that bucket in nanoseconds; 0 when
 * @total is 0. Should @total exceed the counts, the largest non-empty bucket.
 */
static inline __u64 kiog_hist_percentile(const __u64 *buckets, __u32 nr,
					 __u64 total, __u32 ppm)
{
	__u64 rank, rem, sum = 0;
	__u32 i, last = nr;

	if (!total)
		return 0;
	if (ppm > KIOG_PPM)
		ppm = KIOG_PPM;
	if (nr > KIOG_HIST_BUCKETS)
		nr = KIOG_HIST_BUCKETS;
	rank = kiog_div64_rem(total, KIOG_PPM, &rem) * ppm +
	       kiog_div64(rem * ppm + KIOG_PPM - 1, KIOG_PPM);
	if (!rank)
		rank = 1;
	for (i = 0; i < nr; i++) {
		if (!buckets[i])
			continue;
		sum += buckets[i];
		last = i;
		if (sum >= rank)
			break;
	}
	return last < nr ? kiog_hist_bucket_val(last) : 0;
}

#endif /* _KIOGEN_HIST_H */
