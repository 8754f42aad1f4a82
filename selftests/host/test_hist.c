// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host unit tests of include/kiogen/hist.h: bucket layout (1:1 range,
 * contiguity, overflow), the 1/128 error bound by brute force, and
 * percentiles on known distributions. Prints TAP and exits non-zero if any
 * case failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <kiogen/hist.h>
#include <kiogen/rng.h>

#include "tap.h"

#define LIMIT		(1ULL << 36)
#define SWEEP		(1ULL << 20)

static __u64 hist[KIOG_HIST_BUCKETS];
static __u64 hist_total;

static void hist_reset(void)
{
	memset(hist, 0, sizeof(hist));
	hist_total = 0;
}

static void hist_add(__u64 ns, __u64 count)
{
	hist[kiog_hist_idx(ns)] += count;
	hist_total += count;
}

static __u64 pct(__u32 ppm)
{
	return kiog_hist_percentile(hist, KIOG_HIST_BUCKETS, hist_total, ppm);
}

/* |val - v| <= v / 128 */
static int within_bound(__u64 val, __u64 v)
{
	__u64 d = val > v ? val - v : v - val;

	return d * 128 <= v;
}

/* log-uniform values in [2^20, 2^36) */
static __u64 sample_above(struct kiog_rng *r)
{
	unsigned int e = 20 + kiog_rng_below(r, 16);

	return (1ULL << e) + kiog_rng_below(r, 1ULL << e);
}

static int t_layout(const void *arg)
{
	(void)arg;
	CHECK(KIOG_HIST_NR == 1984 && KIOG_HIST_BUCKETS == 1985,
	      "NR %u, BUCKETS %u", KIOG_HIST_NR, KIOG_HIST_BUCKETS);
	CHECK(1ULL << KIOG_HIST_SHIFT == LIMIT, "limit is 2^%d", KIOG_HIST_SHIFT);
	return 1;
}

static int t_identity(const void *arg)
{
	__u64 v;

	(void)arg;
	for (v = 0; v < 128; v++) {
		CHECK(kiog_hist_idx(v) == v, "idx(%llu) = %u", v, kiog_hist_idx(v));
		CHECK(kiog_hist_bucket_val(v) == v, "val(%llu) = %llu", v,
		      kiog_hist_bucket_val(v));
	}
	CHECK(kiog_hist_idx(128) == 128, "idx(128) = %u", kiog_hist_idx(128));
	CHECK(kiog_hist_idx(129) == 128, "idx(129) = %u, want 128 (width 2)",
	      kiog_hist_idx(129));
	return 1;
}

/* steps of at most one bucket over the sweep, then on sorted random values */
static int t_monotonic(const void *arg)
{
	struct kiog_rng r;
	__u64 v, prev = 0;
	__u32 i, last = 0;

	(void)arg;
	for (v = 1; v < SWEEP; v++) {
		i = kiog_hist_idx(v);
		CHECK(i == last || i == last + 1, "idx(%llu) = %u after %u", v, i, last);
		last = i;
	}
	kiog_rng_seed(&r, 3);
	for (v = SWEEP; v < LIMIT; v += 1 + kiog_rng_below(&r, v >> 12)) {
		i = kiog_hist_idx(v);
		CHECK(i >= last, "idx(%llu) = %u < idx(%llu) = %u", v, i, prev, last);
		prev = v;
		last = i;
	}
	return 1;
}

static int t_lo_hi_roundtrip(const void *arg)
{
	__u32 i;

	(void)arg;
	for (i = 0; i < KIOG_HIST_BUCKETS; i++) {
		__u64 lo = kiog_hist_bucket_lo(i), hi = kiog_hist_bucket_hi(i);

		CHECK(lo <= hi, "bucket %u: lo %llu > hi %llu", i, lo, hi);
		CHECK(kiog_hist_idx(lo) == i, "idx(lo(%u) = %llu) = %u", i, lo,
		      kiog_hist_idx(lo));
		CHECK(kiog_hist_idx(hi) == i, "idx(hi(%u) = %llu) = %u", i, hi,
		      kiog_hist_idx(hi));
	}
	return 1;
}

static int t_contiguous(const void *arg)
{
	__u32 i;

	(void)arg;
	CHECK(kiog_hist_bucket_lo(0) == 0, "lo(0) = %llu", kiog_hist_bucket_lo(0));
	for (i = 0; i + 1 < KIOG_HIST_BUCKETS; i++)
		CHECK(kiog_hist_bucket_hi(i) + 1 == kiog_hist_bucket_lo(i + 1),
		      "hi(%u) = %llu, lo(%u) = %llu", i, kiog_hist_bucket_hi(i),
		      i + 1, kiog_hist_bucket_lo(i + 1));
	return 1;
}

static int t_overflow(const void *arg)
{
	(void)arg;
	CHECK(kiog_hist_idx(LIMIT - 1) == KIOG_HIST_NR - 1, "idx(2^36 - 1) = %u",
	      kiog_hist_idx(LIMIT - 1));
	CHECK(kiog_hist_idx(LIMIT) == KIOG_HIST_NR, "idx(2^36) = %u",
	      kiog_hist_idx(LIMIT));
	CHECK(kiog_hist_idx(LIMIT * 2 - 1) == KIOG_HIST_NR, "idx(2^37 - 1) = %u",
	      kiog_hist_idx(LIMIT * 2 - 1));
	CHECK(kiog_hist_idx(~0ULL) == KIOG_HIST_NR, "idx(~0) = %u",
	      kiog_hist_idx(~0ULL));
	CHECK(kiog_hist_bucket_hi(KIOG_HIST_NR) == ~0ULL, "hi(overflow) = %llu",
	      kiog_hist_bucket_hi(KIOG_HIST_NR));
	CHECK(kiog_hist_bucket_val(KIOG_HIST_NR) == LIMIT, "val(overflow) = %llu",
	      kiog_hist_bucket_val(KIOG_HIST_NR));
	return 1;
}

static int t_val_inside(const void *arg)
{
	__u32 i;

	(void)arg;
	for (i = 0; i < KIOG_HIST_BUCKETS; i++) {
		__u64 val = kiog_hist_bucket_val(i);

		CHECK(val >= kiog_hist_bucket_lo(i) && val <= kiog_hist_bucket_hi(i),
		      "val(%u) = %llu outside [%llu, %llu]", i, val,
		      kiog_hist_bucket_lo(i), kiog_hist_bucket_hi(i));
	}
	return 1;
}

static int t_error_sweep(const void *arg)
{
	__u64 v;

	(void)arg;
	for (v = 0; v < SWEEP; v++) {
		__u64 val = kiog_hist_bucket_val(kiog_hist_idx(v));

		CHECK(within_bound(val, v), "v %llu -> %llu", v, val);
	}
	return 1;
}

/* bucket edges are the worst case; random values fill in between */
static int t_error_above(const void *arg)
{
	struct kiog_rng r;
	__u32 i;
	int n;

	(void)arg;
	for (i = 0; i < KIOG_HIST_NR; i++) {
		__u64 lo = kiog_hist_bucket_lo(i), hi = kiog_hist_bucket_hi(i);
		__u64 val = kiog_hist_bucket_val(i);

		CHECK(within_bound(val, lo), "bucket %u: lo %llu -> %llu", i, lo, val);
		CHECK(within_bound(val, hi), "bucket %u: hi %llu -> %llu", i, hi, val);
	}
	kiog_rng_seed(&r, 11);
	for (n = 0; n < 2000000; n++) {
		__u64 v = sample_above(&r);
		__u64 val = kiog_hist_bucket_val(kiog_hist_idx(v));

		CHECK(within_bound(val, v), "v %llu -> %llu", v, val);
	}
	return 1;
}

static int t_pct_empty(const void *arg)
{
	(void)arg;
	hist_reset();
	CHECK(pct(500000) == 0, "p50 of nothing = %llu", pct(500000));
	CHECK(pct(1000000) == 0, "p100 of nothing = %llu", pct(1000000));
	return 1;
}

static int t_pct_one_bucket(const void *arg)
{
	static const __u32 ppms[] = { 1, 10000, 500000, 990000, 999900, 1000000 };
	__u64 want = kiog_hist_bucket_val(kiog_hist_idx(5000));
	size_t i;

	(void)arg;
	hist_reset();
	hist_add(5000, 1000);
	for (i = 0; i < ARRAY_SIZE(ppms); i++)
		CHECK(pct(ppms[i]) == want, "ppm %u: %llu, want %llu", ppms[i],
		      pct(ppms[i]), want);
	return 1;
}

static void hist_1_to_1000(void)
{
	__u64 v;

	hist_reset();
	for (v = 1; v <= 1000; v++)
		hist_add(v, 1);
}

static int t_pct_p50(const void *arg)
{
	__u64 p;

	(void)arg;
	hist_1_to_1000();
	p = pct(500000);
	CHECK(p >= 495 && p <= 505, "p50 = %llu, want 500 +- 1%%", p);
	return 1;
}

static int t_pct_p99(const void *arg)
{
	__u64 p;

	(void)arg;
	hist_1_to_1000();
	p = pct(990000);
	CHECK(p * 100 >= 990 * 99 && p * 100 <= 990 * 101, "p99 = %llu, want 990 +- 1%%", p);
	return 1;
}

static int t_pct_max(const void *arg)
{
	__u64 want = kiog_hist_bucket_val(kiog_hist_idx(1000000000));

	(void)arg;
	hist_1_to_1000();
	hist_add(1000000000, 1);
	CHECK(pct(1000000) == want, "p100 = %llu, want %llu", pct(1000000), want);
	CHECK(pct(999000) != want, "p99.9 = %llu is the outlier", pct(999000));
	return 1;
}

static int t_pct_min(const void *arg)
{
	(void)arg;
	hist_1_to_1000();
	CHECK(pct(1) == 1, "ppm 1 = %llu, want 1", pct(1));
	return 1;
}

/* nearest rank: rank = ceil(total * ppm / 10^6) */
static int t_pct_rank_ceil(const void *arg)
{
	(void)arg;
	hist_reset();
	hist_add(10, 1);
	hist_add(20, 1);
	hist_add(30, 1);
	CHECK(pct(333333) == 10, "p33.3333 = %llu, want 10 (rank 1)", pct(333333));
	CHECK(pct(333334) == 20, "p33.3334 = %llu, want 20 (rank 2)", pct(333334));
	CHECK(pct(500000) == 20, "p50 = %llu, want 20 (rank 2)", pct(500000));
	CHECK(pct(666667) == 30, "p66.6667 = %llu, want 30 (rank 3)", pct(666667));
	return 1;
}

/* total * ppm would overflow 64 bits here */
static int t_pct_huge_total(const void *arg)
{
	(void)arg;
	hist_reset();
	hist_add(100, 1ULL << 62);
	hist_add(200, 1ULL << 62);
	CHECK(pct(500000) == 100, "p50 = %llu, want 100", pct(500000));
	CHECK(pct(500001) == 200, "p50.0001 = %llu, want 200", pct(500001));
	return 1;
}

static int t_pct_overflow(const void *arg)
{
	(void)arg;
	hist_reset();
	hist_add(1ULL << 40, 3);
	CHECK(pct(500000) == LIMIT, "p50 = %llu, want 2^36", pct(500000));
	return 1;
}

static volatile __u64 sink;

static void report_speed(void)
{
	enum { N = 1 << 24 };
	static __u64 vals[1 << 12];
	struct kiog_rng r;
	__u64 acc = 0;
	double t;
	int i;

	kiog_rng_seed(&r, 1);
	for (i = 0; i < (1 << 12); i++)
		vals[i] = sample_above(&r) >> kiog_rng_below(&r, 16);
	t = now_ns();
	for (i = 0; i < N; i++)
		acc += kiog_hist_idx(vals[i & ((1 << 12) - 1)]);
	printf("# speed: kiog_hist_idx %.2f ns/op\n", (now_ns() - t) / N);
	hist_1_to_1000();
	t = now_ns();
	for (i = 0; i < 10000; i++)
		acc += pct(990000 + i);
	printf("# speed: kiog_hist_percentile (1985 buckets) %.0f ns/op\n",
	       (now_ns() - t) / 10000);
	sink = acc;
}

static const struct tcase cases[] = {
	{ "layout: 1984 regular buckets plus overflow, limit 2^36", t_layout, NULL },
	{ "values below 128 map 1:1 and are exact", t_identity, NULL },
	{ "idx is monotonic and skips no bucket", t_monotonic, NULL },
	{ "idx(lo(i)) == i and idx(hi(i)) == i for every bucket", t_lo_hi_roundtrip, NULL },
	{ "buckets are contiguous from 0", t_contiguous, NULL },
	{ "2^36 and above go to the overflow bucket", t_overflow, NULL },
	{ "bucket_val lies inside its bucket", t_val_inside, NULL },
	{ "relative error <= 1/128 for every value below 2^20", t_error_sweep, NULL },
	{ "relative error <= 1/128 at every bucket edge and 2M values above", t_error_above, NULL },
	{ "percentile of an empty histogram is 0", t_pct_empty, NULL },
	{ "every percentile of a one-bucket histogram is that bucket", t_pct_one_bucket, NULL },
	{ "p50 of 1..1000 is 500 within 1%", t_pct_p50, NULL },
	{ "p99 of 1..1000 is 990 within 1%", t_pct_p99, NULL },
	{ "p100 is the largest non-empty bucket", t_pct_max, NULL },
	{ "ppm 1 is the smallest sample", t_pct_min, NULL },
	{ "percentile rank rounds up (nearest rank)", t_pct_rank_ceil, NULL },
	{ "percentile rank does not overflow for 2^63 samples", t_pct_huge_total, NULL },
	{ "overflowed samples report 2^36", t_pct_overflow, NULL },
};

int main(void)
{
	int rc = run_cases(cases, ARRAY_SIZE(cases));

	report_speed();
	return rc;
}
