// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host unit tests of include/kiogen/dist.h, through the workload generator's
 * offsets where the distribution shows in them: the fixed-point log2, exp2
 * and zeta against libm, fio-genzipf's hot-set shares for zipf, pareto and
 * normal, the spread of fio's normal, zoned and zoned_abs shares per zone and
 * per direction, determinism, parameter checks. Prints TAP and exits
 * non-zero if any case failed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kiogen/workload.h>

#include "tap.h"

#define PPM(x)	((__u32)((x) * KIOG_DIST_PPM + 0.5))
#define GIB_4K	262144	/* fio-genzipf -g 1 -b 4096: 1 GiB of 4 KiB blocks */

static struct kiog_wl_cfg cfg_of(__u32 rw, __u64 nr_blocks, __u32 dist, __u32 param,
				 __u64 seed)
{
	struct kiog_wl_cfg c = KIOG_JOB_DEFAULT_INIT(KIOG_JOB_WL_FIELDS);

	c.rw = rw;
	c.bs = 4096;
	c.size = nr_blocks * 4096;
	c.seed = seed;
	c.random_distribution = dist;
	c.dist_param = param;
	return c;
}

static int t_log2_exp2(const void *arg)
{
	double worst = 0;
	__u64 x;
	int i;

	(void)arg;
	for (x = 1; x < (1ULL << 62); x = x * 3 + 1) {
		double got = (double)kiog_fx_log2(x) / 4294967296.0, want = log2((double)x);

		CHECK(fabs(got - want) < 1e-9 * (want > 1 ? want : 1),
		      "log2(%llu) = %.12f, libm %.12f", (unsigned long long)x, got, want);
	}
	for (i = -40 * 64; i < 31 * 64; i++) {
		double y = i / 64.0 + 1.0 / 7, want = exp2(y);
		double got = (double)kiog_fx_exp2((__s64)(y * 4294967296.0)) / 4294967296.0;

		/* Q32.32: relative to the value, or 2^-32 absolute */
		if (fabs(got - want) > 1e-9 * want + 2.4e-10)
			return fail("exp2(%f) = %.12g, libm %.12g", y, got, want);
		if (y <= 0) {
			got = ldexp((double)kiog_fx_exp2_neg((__u64)(-y * 4294967296.0)), -64);
			/* Q0.64: relative, or 2^-63 absolute */
			if (fabs(got - want) > 1e-9 * want + 1.1e-19)
				return fail("exp2_neg(%f) = %.15g, libm %.15g", -y, got, want);
			worst = fmax(worst, fabs(got - want) / want);
		}
	}
	printf("# exp2_neg: worst relative error %.2g\n", worst);
	return T_PASS;
}

/* fio's zipf_update(): the sum itself, capped at 10M terms */
static double zeta_fio(__u64 n, double theta)
{
	__u64 i, m = n < 10000000 ? n : 10000000;
	double z = 0;

	for (i = 0; i < m; i++)
		z += pow(1.0 / (double)(i + 1), theta);
	return z;
}

static int t_zeta(const void *arg)
{
	static const double thetas[] = { 0.2, 0.8, 0.99, 1.01, 1.2, 2.0, 5.0 };
	static const __u64 ns[] = { 1, 2, 31, 32, 33, 1000, 262144, 20000000 };
	size_t i, k;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(thetas); i++) {
		for (k = 0; k < ARRAY_SIZE(ns); k++) {
			__s64 th = (__s64)kiog_fx_div(PPM(thetas[i]), KIOG_DIST_PPM);
			double got = kiog_zeta(ns[k], th) / 4294967296.0;
			double want = zeta_fio(ns[k], thetas[i]);

			CHECK(fabs(got - want) < 2e-8 * want,
			      "zeta(%llu, %g) = %.10f, fio's sum %.10f",
			      (unsigned long long)ns[k], thetas[i], got, want);
		}
	}
	return T_PASS;
}

static int cmp_desc(const void *a, const void *b)
{
	__u32 x = *(const __u32 *)a, y = *(const __u32 *)b;

	return x < y ? 1 : x > y ? -1 : 0;
}

/*
 * fio-genzipf's "Top 10%" row from the offsets the generator issues: n draws
 * over n blocks, the blocks hit sorted by hits, the share of the draws that
 * went to the hottest tenth of them (genzipf's interval_step).
 */
static double top_tenth(__u32 dist, double param, __u64 n, __u64 seed)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, n, dist, PPM(param), seed);
	__u32 *hits = calloc(n, sizeof(*hits));
	__u64 i, nodes = 0, step, sum = 0;
	struct kiog_wl wl;
	struct kiog_io io;

	if (!hits || kiog_wl_init(&wl, &c)) {
		free(hits);
		return -1;
	}
	for (i = 0; i < n; i++) {
		kiog_wl_next(&wl, &io);
		hits[io.offset / 4096]++;
	}
	qsort(hits, n, sizeof(*hits), cmp_desc);
	while (nodes < n && hits[nodes])
		nodes++;
	step = (nodes - 1) / 10 + 1;
	for (i = 0; i < step; i++)
		sum += hits[i];
	free(hits);
	return 100.0 * sum / n;
}

struct genzipf {
	__u32 dist;
	double param;
	double top;	/* fio's figure, percent */
};

/*
 * Recorded from fio 3.33, seed 1:
 *   fio-genzipf -t zipf -i 1.2 -b 4096 -g 1 -o 10      Top 10.00%  88.76%
 *   fio-genzipf -t zipf -i 0.8 -b 4096 -g 1 -o 10      Top 10.00%  51.54%
 *   fio-genzipf -t zipf -i 2.0 -b 4096 -g 1 -o 10      Top 10.00%  99.24%
 *   fio-genzipf -t pareto -i 0.3 -b 4096 -g 1 -o 10    Top 10.00%  43.35%
 *   fio-genzipf -t pareto -i 0.1 -b 4096 -g 1 -o 10    Top 10.00%  83.40%
 *   fio-genzipf -t normal -i 10 -b 4096 -g 1 -o 10     Top 10.00%  23.95%
 *   fio-genzipf -t normal -i 0 -b 4096 -g 1 -o 10      Top 10.00%  23.72%
 * fio hashes a rank to (rank * golden) % n, a bijection when n is a power of
 * two as here, so its shares are the distribution's own, as kiogen's.
 */
static const struct genzipf genzipf[] = {
	{ KIOGEN_RANDOM_DISTRIBUTION_ZIPF, 1.2, 88.76 },
	{ KIOGEN_RANDOM_DISTRIBUTION_ZIPF, 0.8, 51.54 },
	{ KIOGEN_RANDOM_DISTRIBUTION_ZIPF, 2.0, 99.24 },
	{ KIOGEN_RANDOM_DISTRIBUTION_PARETO, 0.3, 43.35 },
	{ KIOGEN_RANDOM_DISTRIBUTION_PARETO, 0.1, 83.40 },
	{ KIOGEN_RANDOM_DISTRIBUTION_NORMAL, 10, 23.95 },
	{ KIOGEN_RANDOM_DISTRIBUTION_NORMAL, 0, 23.72 },
};

/* within 1% of fio's figure, for three seeds */
static int t_genzipf(const void *arg)
{
	const struct genzipf *g = arg;
	__u64 seed;

	for (seed = 1; seed <= 3; seed++) {
		double top = top_tenth(g->dist, g->param, GIB_4K, seed);

		CHECK(fabs(top - g->top) <= g->top / 100,
		      "seed %llu: hottest tenth %.2f%%, fio-genzipf %.2f%%",
		      (unsigned long long)seed, top, g->top);
		if (seed == 1)
			printf("# hottest tenth %.2f%%, fio-genzipf %.2f%%\n", top, g->top);
	}
	return T_PASS;
}

/* and so does fio-genzipf itself, when it is installed, for another input */
static int t_genzipf_live(const void *arg)
{
	FILE *p;
	char line[256];
	double top = -1, ours;

	(void)arg;
	p = popen("fio-genzipf -t zipf -i 1.1 -b 4096 -g 1 -o 10 2>/dev/null", "r");
	if (!p)
		return skip("cannot run fio-genzipf");
	while (fgets(line, sizeof(line), p))
		if (sscanf(line, "Top %*f%% %lf%%", &top) == 1)
			break;
	pclose(p);
	if (top < 0)
		return skip("fio-genzipf is not installed");
	ours = top_tenth(KIOGEN_RANDOM_DISTRIBUTION_ZIPF, 1.1, GIB_4K, 7);
	printf("# zipf:1.1 hottest tenth %.2f%%, fio-genzipf %.2f%%\n", ours, top);
	CHECK(fabs(ours - top) <= top / 100, "%.2f%% against fio-genzipf's %.2f%%", ours, top);
	return T_PASS;
}

/*
 * fio's normal before the scatter: the mean of 12 uniforms on [0, n] has
 * sigma n / 12; the deviation adds a uniform of width dev% of n, whose
 * sigma is that width / sqrt(12).
 */
static int t_normal_sigma(const void *arg)
{
	static const double devs[] = { 0, 10, 30 };
	const __u64 n = 1000000, draws = 400000;
	size_t i;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(devs); i++) {
		struct kiog_zones none = { 0 };
		struct kiog_dist d;
		struct kiog_rng r;
		double s = 0, s2 = 0, mean, sd, want;
		__u64 k, v;

		CHECK(!kiog_dist_init(&d, KIOGEN_RANDOM_DISTRIBUTION_NORMAL, PPM(devs[i]), &none,
				      n, 4096), "init");
		kiog_rng_seed(&r, 42 + i);
		for (k = 0; k < draws; k++) {
			v = kiog_dist_next(&d, &r, KIOGEN_DIR_READ);
			CHECK(v < n, "rank %llu of %llu", (unsigned long long)v,
			      (unsigned long long)n);
			s += v;
			s2 += (double)v * v;
		}
		mean = s / draws;
		sd = sqrt(s2 / draws - mean * mean);
		want = n * sqrt(1.0 / 144 + pow(devs[i] / 100, 2) / 12);
		printf("# normal:%g: mean %.0f sigma %.0f, fio's %.0f\n", devs[i], mean, sd, want);
		CHECK(fabs(mean - n / 2.0) < n / 500.0, "normal:%g mean %.0f", devs[i], mean);
		CHECK(fabs(sd - want) < want / 100, "normal:%g sigma %.0f, want %.0f",
		      devs[i], sd, want);
	}
	return T_PASS;
}

/* shares of each zone in the offsets, and no offset outside the zones */
static int zone_shares(struct kiog_wl_cfg *c, const double *bound, const double *share,
		       int nz, __u8 dir, __u64 draws)
{
	__u64 count[KIOGEN_MAX_ZONES] = { 0 }, k, n = 0;
	struct kiog_wl wl;
	struct kiog_io io;
	int z;

	CHECK(!kiog_wl_init(&wl, c), "init");
	for (k = 0; k < draws; k++) {
		double at;

		kiog_wl_next(&wl, &io);
		if (io.dir != dir)
			continue;
		at = (double)io.offset / c->size;
		for (z = 0; z < nz && at >= bound[z + 1]; z++)
			;
		CHECK(z < nz, "offset %llu past the zones", (unsigned long long)io.offset);
		count[z]++;
		n++;
	}
	for (z = 0; z < nz; z++) {
		double got = 100.0 * count[z] / n;

		CHECK(fabs(got - share[z]) < 0.5, "dir %u zone %d: %.2f%% of I/Os, want %.0f%%",
		      dir, z, got, share[z]);
	}
	return T_PASS;
}

/* zoned:60/10:30/20:10/70, as the HOWTO's example is built */
static int t_zoned(const void *arg)
{
	static const double bound[] = { 0, 0.10, 0.30, 1.0 }, share[] = { 60, 30, 10 };
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, 100000,
				      KIOGEN_RANDOM_DISTRIBUTION_ZONED, 0, 3);

	(void)arg;
	c.zones = (struct kiog_zones) { .nr = 3, .z = {
		KIOGEN_ZONE(0, 60, 10), KIOGEN_ZONE(0, 30, 20), KIOGEN_ZONE(0, 10, 70) } };
	return zone_shares(&c, bound, share, 3, KIOGEN_DIR_READ, 200000);
}

/* zoned_abs, one table per direction; a zone of 0% is skipped over */
static int t_zoned_abs_dirs(const void *arg)
{
	static const double rb[] = { 0, 0.25, 1.0 }, rs[] = { 80, 20 };
	static const double wb[] = { 0, 0.5, 0.75, 1.0 }, ws[] = { 0, 100, 0 };
	const __u64 mib = 1 << 20;
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDRW, 1024,	/* 4 MiB */
				      KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS, 0, 4);
	int ret;

	(void)arg;
	c.zones = (struct kiog_zones) { .nr = 5, .z = {
		KIOGEN_ZONE(0, 80, mib), KIOGEN_ZONE(0, 20, 3 * mib),
		KIOGEN_ZONE(1, 0, 2 * mib), KIOGEN_ZONE(1, 100, mib), KIOGEN_ZONE(1, 0, mib) } };
	ret = zone_shares(&c, rb, rs, 2, KIOGEN_DIR_READ, 200000);
	if (ret != T_PASS)
		return ret;
	return zone_shares(&c, wb, ws, 3, KIOGEN_DIR_WRITE, 200000);
}

/* zoned_abs past the region is refused; so are bad parameters */
static int t_checks(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, 256,	/* 1 MiB */
				      KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS, 0, 4);
	struct kiog_wl wl;

	(void)arg;
	c.zones = (struct kiog_zones) { .nr = 2, .z = {
		KIOGEN_ZONE(0, 50, 512 << 10), KIOGEN_ZONE(0, 50, 512 << 10) } };
	CHECK(!kiog_wl_init(&wl, &c), "zones filling the region refused");
	c.zones.z[1] = KIOGEN_ZONE(0, 50, (512 << 10) + 4096);
	CHECK(kiog_wl_init(&wl, &c) == -1, "zones past the region accepted");
	c.zones.z[1] = KIOGEN_ZONE(0, 40, 512 << 10);
	CHECK(kiog_dist_check(c.random_distribution, 0, &c.zones) &&
	      kiog_wl_init(&wl, &c) == -1, "access adding up to 90 accepted");
	c.zones.nr = 2 * KIOGEN_MAX_ZONES + 1;
	CHECK(kiog_dist_check(c.random_distribution, 0, &c.zones), "too many zones accepted");
	c.zones.nr = 0;
	CHECK(kiog_dist_check(KIOGEN_RANDOM_DISTRIBUTION_ZIPF, PPM(1.0), &c.zones) &&
	      kiog_dist_check(KIOGEN_RANDOM_DISTRIBUTION_ZIPF, 0, &c.zones) &&
	      !kiog_dist_check(KIOGEN_RANDOM_DISTRIBUTION_ZIPF, PPM(0.5), &c.zones),
	      "zipf theta 1 or 0 accepted, or 0.5 refused");
	CHECK(kiog_dist_check(KIOGEN_RANDOM_DISTRIBUTION_PARETO, PPM(1.0), &c.zones) &&
	      kiog_dist_check(KIOGEN_RANDOM_DISTRIBUTION_PARETO, 0, &c.zones),
	      "pareto h 1 or 0 accepted");
	CHECK(kiog_dist_check(KIOGEN_RANDOM_DISTRIBUTION_NORMAL, PPM(100), &c.zones) &&
	      !kiog_dist_check(KIOGEN_RANDOM_DISTRIBUTION_NORMAL, 0, &c.zones),
	      "normal 100 accepted or 0 refused");
	CHECK(kiog_dist_check(KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS + 1, 0, &c.zones),
	      "an unknown distribution accepted");
	c.zones = (struct kiog_zones) { .nr = 1, .z = { KIOGEN_ZONE(0, 100, 50) } };
	CHECK(kiog_dist_check(KIOGEN_RANDOM_DISTRIBUTION_ZIPF, PPM(1.2), &c.zones),
	      "zones with zipf accepted");
	return T_PASS;
}

static __u64 digest_of(struct kiog_wl_cfg c, int n)
{
	struct kiog_wl wl;
	struct kiog_io io;

	if (kiog_wl_init(&wl, &c))
		return 0;
	while (n--)
		kiog_wl_next(&wl, &io);
	return wl.digest;
}

/* one seed, one stream; another seed or parameter, another; in bounds */
static int t_determinism(const void *arg)
{
	static const __u32 dists[] = {
		KIOGEN_RANDOM_DISTRIBUTION_ZIPF, KIOGEN_RANDOM_DISTRIBUTION_PARETO,
		KIOGEN_RANDOM_DISTRIBUTION_NORMAL,
	};
	static const double params[] = { 1.2, 0.3, 5 };
	size_t i;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(dists); i++) {
		struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDRW, 1000003, dists[i],
					      PPM(params[i]), 11);
		struct kiog_wl_cfg d = c;
		__u64 a = digest_of(c, 5000);

		CHECK(a && a == digest_of(c, 5000), "dist %u: the same seed differs", dists[i]);
		d.seed++;
		CHECK(a != digest_of(d, 5000), "dist %u: another seed, the same stream", dists[i]);
		d = c;
		d.dist_param += KIOG_DIST_PPM / 10;
		CHECK(a != digest_of(d, 5000), "dist %u: another parameter, the same stream",
		      dists[i]);
		d = c;
		d.random_distribution = KIOGEN_RANDOM_DISTRIBUTION_RANDOM;
		CHECK(a != digest_of(d, 5000), "dist %u: the same stream as random", dists[i]);
	}
	return T_PASS;
}

/* tiny regions: every rank in range, both zipf branches and n < 3 */
static int t_small(const void *arg)
{
	static const double thetas[] = { 0.5, 1.5 };
	__u64 n, k;
	size_t i;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(thetas); i++) {
		for (n = 1; n < 40; n++) {
			struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, n,
						      KIOGEN_RANDOM_DISTRIBUTION_ZIPF,
						      PPM(thetas[i]), n);
			struct kiog_wl wl;
			struct kiog_io io;

			CHECK(!kiog_wl_init(&wl, &c), "n %llu refused", (unsigned long long)n);
			for (k = 0; k < 2000; k++) {
				kiog_wl_next(&wl, &io);
				CHECK(io.offset < c.size, "theta %g n %llu: offset %llu",
				      thetas[i], (unsigned long long)n,
				      (unsigned long long)io.offset);
			}
		}
	}
	return T_PASS;
}

/* the cost of a draw, reported, not asserted */
static int t_speed(const void *arg)
{
	static const struct { const char *name; __u32 dist; double param; } d[] = {
		{ "random", KIOGEN_RANDOM_DISTRIBUTION_RANDOM, 0 },
		{ "zipf:1.2", KIOGEN_RANDOM_DISTRIBUTION_ZIPF, 1.2 },
		{ "zipf:0.8", KIOGEN_RANDOM_DISTRIBUTION_ZIPF, 0.8 },
		{ "pareto:0.3", KIOGEN_RANDOM_DISTRIBUTION_PARETO, 0.3 },
		{ "normal:10", KIOGEN_RANDOM_DISTRIBUTION_NORMAL, 10 },
	};
	size_t i;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(d); i++) {
		struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, 1 << 24, d[i].dist,
					      PPM(d[i].param), 1);
		struct timespec a, b;
		struct kiog_wl wl;
		struct kiog_io io;
		int k;

		CHECK(!kiog_wl_init(&wl, &c), "%s init", d[i].name);
		clock_gettime(CLOCK_MONOTONIC, &a);
		for (k = 0; k < 1000000; k++)
			kiog_wl_next(&wl, &io);
		clock_gettime(CLOCK_MONOTONIC, &b);
		printf("# %s: %.1f ns per I/O\n", d[i].name,
		       ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / 1e6);
	}
	return T_PASS;
}

static const struct tcase cases[] = {
	{ "fixed point: log2 and exp2 agree with libm", t_log2_exp2, NULL },
	{ "zeta: fio's capped sum, by Euler-Maclaurin", t_zeta, NULL },
	{ "zipf:1.2: hottest tenth within 1% of fio-genzipf", t_genzipf, &genzipf[0] },
	{ "zipf:0.8: hottest tenth within 1% of fio-genzipf", t_genzipf, &genzipf[1] },
	{ "zipf:2.0: hottest tenth within 1% of fio-genzipf", t_genzipf, &genzipf[2] },
	{ "pareto:0.3: hottest tenth within 1% of fio-genzipf", t_genzipf, &genzipf[3] },
	{ "pareto:0.1: hottest tenth within 1% of fio-genzipf", t_genzipf, &genzipf[4] },
	{ "normal:10: hottest tenth within 1% of fio-genzipf", t_genzipf, &genzipf[5] },
	{ "normal:0: hottest tenth within 1% of fio-genzipf", t_genzipf, &genzipf[6] },
	{ "zipf:1.1 against fio-genzipf run now", t_genzipf_live, NULL },
	{ "normal: fio's sigma and mean", t_normal_sigma, NULL },
	{ "zoned: each zone's share of the offsets", t_zoned, NULL },
	{ "zoned_abs: per direction, zones of 0% never hit", t_zoned_abs_dirs, NULL },
	{ "parameters and zones checked", t_checks, NULL },
	{ "determinism: seed and parameter decide the stream", t_determinism, NULL },
	{ "tiny regions: offsets in range", t_small, NULL },
	{ "cost per I/O (reported)", t_speed, NULL },
};

int main(void)
{
	return run_cases(cases, ARRAY_SIZE(cases));
}
