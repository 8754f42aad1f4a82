// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host unit tests of include/kiogen/rng.h: reference vectors, determinism,
 * range and uniformity of bounded draws, and seed derivation. Prints TAP and
 * exits non-zero if any case failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <kiogen/rng.h>

#include "tap.h"

static int t_same_seed(const void *arg)
{
	struct kiog_rng a, b;
	int i;

	(void)arg;
	kiog_rng_seed(&a, 12345);
	kiog_rng_seed(&b, 12345);
	for (i = 0; i < 100000; i++) {
		__u64 x = kiog_rng_next(&a), y = kiog_rng_next(&b);

		CHECK(x == y, "output %d: %#llx != %#llx", i, x, y);
	}
	return 1;
}

static int t_diff_seed(const void *arg)
{
	static const __u64 seeds[][2] = { { 0, 1 }, { 1, 2 }, { 42, 43 }, { 1, 1ULL << 63 } };
	struct kiog_rng a, b;
	int i, s, same;

	(void)arg;
	for (s = 0; s < 4; s++) {
		kiog_rng_seed(&a, seeds[s][0]);
		kiog_rng_seed(&b, seeds[s][1]);
		for (i = same = 0; i < 1000; i++)
			same += kiog_rng_next(&a) == kiog_rng_next(&b);
		CHECK(!same, "seeds %llu and %llu agree on %d of 1000 outputs",
		      seeds[s][0], seeds[s][1], same);
	}
	return 1;
}

/* the first four outputs of splitmix64 started at 0 */
static int t_splitmix_vector(const void *arg)
{
	static const __u64 want[4] = { 0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL,
				       0x06c45d188009454fULL, 0xf88bb8a8724c81ecULL };
	struct kiog_rng r;
	int i;

	(void)arg;
	kiog_rng_seed(&r, 0);
	for (i = 0; i < 4; i++)
		CHECK(r.s[i] == want[i], "s[%d] = %#llx, want %#llx", i, r.s[i], want[i]);
	return 1;
}

/* xoshiro256** from state {1, 2, 3, 4}, as the reference implementation */
static int t_xoshiro_vector(const void *arg)
{
	static const __u64 want[10] = {
		11520ULL, 0ULL, 1509978240ULL, 1215971899390074240ULL,
		1216172134540287360ULL, 607988272756665600ULL,
		16172922978634559625ULL, 8476171486693032832ULL,
		10595114339597558777ULL, 2904607092377533576ULL,
	};
	struct kiog_rng r = { { 1, 2, 3, 4 } };
	int i;

	(void)arg;
	for (i = 0; i < 10; i++) {
		__u64 x = kiog_rng_next(&r);

		CHECK(x == want[i], "output %d = %llu, want %llu", i, x, want[i]);
	}
	return 1;
}

static int t_below_range(const void *arg)
{
	static const __u64 bounds[] = { 1, 2, 3, 7, 100, 1000003, 1ULL << 32,
					(1ULL << 63) + 1, ~0ULL - 1, ~0ULL };
	struct kiog_rng r;
	size_t b;
	int i;

	(void)arg;
	kiog_rng_seed(&r, 7);
	for (b = 0; b < ARRAY_SIZE(bounds); b++) {
		for (i = 0; i < 100000; i++) {
			__u64 x = kiog_rng_below(&r, bounds[b]);

			CHECK(x < bounds[b], "below(%llu) returned %llu", bounds[b], x);
		}
	}
	return 1;
}

/* chi-square with 9 degrees of freedom; 27.88 is the 0.1% critical value */
static int t_below_uniform(const void *arg)
{
	enum { K = 10, N = 1000000 };
	unsigned int cnt[K] = { 0 };
	double chi2 = 0, exp = (double)N / K;
	struct kiog_rng r;
	int i;

	(void)arg;
	kiog_rng_seed(&r, 2024);
	for (i = 0; i < N; i++)
		cnt[kiog_rng_below(&r, K)]++;
	for (i = 0; i < K; i++)
		chi2 += (cnt[i] - exp) * (cnt[i] - exp) / exp;
	CHECK(chi2 < 27.88, "chi-square %.2f >= 27.88", chi2);
	return 1;
}

/*
 * With n = 3 * 2^62, 2^64 / n is exactly 4/3: a plain modulo puts half of
 * the draws in [0, n/3), and a multiply-shift without rejection puts half of
 * them on multiples of 3. Unbiased, both get a third.
 */
static int t_below_unbiased(const void *arg)
{
	const __u64 n = 3ULL << 62;
	struct kiog_rng r;
	int i, low = 0, mul3 = 0, total = 1200000;

	(void)arg;
	kiog_rng_seed(&r, 99);
	for (i = 0; i < total; i++) {
		__u64 x = kiog_rng_below(&r, n);

		low += x < n / 3;
		mul3 += x % 3 == 0;
	}
	CHECK(low > total / 3 * 0.99 && low < total / 3 * 1.01,
	      "%d of %d draws in the lowest third", low, total);
	CHECK(mul3 > total / 3 * 0.99 && mul3 < total / 3 * 1.01,
	      "%d of %d draws multiples of 3", mul3, total);
	return 1;
}

static int t_bits_balanced(const void *arg)
{
	enum { N = 100000 };
	unsigned int ones[64] = { 0 };
	struct kiog_rng r;
	int i, b;

	(void)arg;
	kiog_rng_seed(&r, 5);
	for (i = 0; i < N; i++) {
		__u64 x = kiog_rng_next(&r);

		for (b = 0; b < 64; b++)
			ones[b] += (x >> b) & 1;
	}
	for (b = 0; b < 64; b++)
		CHECK(ones[b] > N * 49 / 100 && ones[b] < N * 51 / 100,
		      "bit %d set in %u of %d outputs", b, ones[b], N);
	return 1;
}

static int cmp_u64(const void *a, const void *b)
{
	__u64 x = *(const __u64 *)a, y = *(const __u64 *)b;

	return x < y ? -1 : x > y;
}

static int t_seed_mix(const void *arg)
{
	enum { G = 256 };
	__u64 *v = malloc(G * G * sizeof(*v));
	int a, b, i, dup = 0;

	(void)arg;
	CHECK(v, "out of memory");
	for (a = 0; a < G; a++)
		for (b = 0; b < G; b++)
			v[a * G + b] = kiog_seed_mix(a, b);
	qsort(v, G * G, sizeof(*v), cmp_u64);
	for (i = 1; i < G * G; i++)
		dup += v[i] == v[i - 1];
	free(v);
	CHECK(!dup, "%d collisions among seed_mix(a, b), a, b < %d", dup, G);
	return 1;
}

static int t_seed_mix_order(const void *arg)
{
	__u64 a, b;

	(void)arg;
	for (a = 0; a < 64; a++)
		for (b = a + 1; b < 64; b++)
			CHECK(kiog_seed_mix(a, b) != kiog_seed_mix(b, a),
			      "seed_mix(%llu, %llu) == seed_mix(%llu, %llu)", a, b, b, a);
	return 1;
}

static volatile __u64 sink;

static void report_speed(void)
{
	enum { N = 50000000 };
	struct kiog_rng r;
	__u64 acc = 0;
	double t;
	int i;

	kiog_rng_seed(&r, 1);
	t = now_ns();
	for (i = 0; i < N; i++)
		acc ^= kiog_rng_next(&r);
	printf("# speed: kiog_rng_next %.2f ns/op\n", (now_ns() - t) / N);
	t = now_ns();
	for (i = 0; i < N; i++)
		acc += kiog_rng_below(&r, 1000003);
	printf("# speed: kiog_rng_below(1000003) %.2f ns/op\n", (now_ns() - t) / N);
	sink = acc;
}

static const struct tcase cases[] = {
	{ "same seed gives the same stream", t_same_seed, NULL },
	{ "different seeds give different streams", t_diff_seed, NULL },
	{ "seeding expands the seed through splitmix64", t_splitmix_vector, NULL },
	{ "next() matches the xoshiro256** reference vector", t_xoshiro_vector, NULL },
	{ "below(n) stays in [0, n) for small and huge n", t_below_range, NULL },
	{ "below(10) is uniform (chi-square, p = 0.001)", t_below_uniform, NULL },
	{ "below(3 * 2^62) shows neither modulo nor multiply-shift bias", t_below_unbiased, NULL },
	{ "every output bit is set half the time", t_bits_balanced, NULL },
	{ "seed_mix has no collisions on a 256x256 grid", t_seed_mix, NULL },
	{ "seed_mix depends on the order of its arguments", t_seed_mix_order, NULL },
};

int main(void)
{
	int rc = run_cases(cases, ARRAY_SIZE(cases));

	report_speed();
	return rc;
}
