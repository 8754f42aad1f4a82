// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host tests of the rate limits (include/kiogen/rate.h) both workers pace
 * with: the linear schedule (bytes or I/Os, exact), the poisson schedule
 * (its gaps exponential: mean, coefficient of variation 1, the tail and the
 * median of the exponential law), per-direction rates, an I/O held until
 * it is due and built once, sched lat from the due time, trims at their
 * own rate (trimwrite's at the writes', as fio's), and fio's rate_min check
 * (the settling, the first mark, a cycle, the failure).
 * Prints TAP.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <kiogen/rate.h>

#include "tap.h"

static struct kiog_core core;
static struct kiog_wl wl;
static struct kiog_rate rate;
static struct kiogen_sample samples[KIOG_MAX_SAMPLES];

static void setup(const struct kiog_core_cfg *cfg, __u32 rw)
{
	struct kiog_wl_cfg wc = KIOG_JOB_DEFAULT_INIT(KIOG_JOB_WL_FIELDS);

	wc.rw = rw;
	wc.bs = 4096;
	wc.size = 1 << 30;
	wc.seed = 7;
	memset(&core, 0, sizeof(core));
	memset(&wl, 0, sizeof(wl));
	memset(&rate, 0, sizeof(rate));
	kiog_wl_init(&wl, &wc);
	kiog_core_init(&core, cfg, &wl, samples);
	kiog_rate_init(&rate, cfg, 7);
	kiog_core_start(&core, 1000);
	kiog_rate_start(&rate, 1000);
}

/* linear by bytes: I/O n is due when n blocks took their share, exactly */
static int t_linear_bytes(const void *arg)
{
	const struct kiog_core_cfg cfg = { .rate_read = 1 << 20, .rate_write = 3 << 20 };
	__u64 n, t;

	(void)arg;
	setup(&cfg, KIOGEN_RW_READ);
	CHECK(rate.paced && !rate.checked, "paced %u, checked %u", rate.paced, rate.checked);
	for (n = 0; n < 100000; n++) {
		t = kiog_rate_due(&rate, KIOGEN_DIR_READ, 4096);
		CHECK(t == n * 4096 * 1000000000ULL / (1 << 20),
		      "read %llu due at %llu ns", (unsigned long long)n, (unsigned long long)t);
	}
	/* the other direction keeps its own schedule, at its own rate */
	CHECK(kiog_rate_due(&rate, KIOGEN_DIR_WRITE, 4096) == 0 &&
	      kiog_rate_due(&rate, KIOGEN_DIR_WRITE, 4096) == 4096 * 1000000000ULL / (3 << 20),
	      "the writes' schedule is not their own");
	CHECK(kiog_rate_due(&rate, KIOGEN_DIR_SYNC, 0) == ~0ULL, "a sync is paced");
	return T_PASS;
}

/* linear by I/Os: rate_iops=500 is one every 2 ms; an unlimited direction is free */
static int t_linear_iops(const void *arg)
{
	const struct kiog_core_cfg cfg = { .rate_iops_read = 500 };
	__u64 n;

	(void)arg;
	setup(&cfg, KIOGEN_RW_RW);
	for (n = 0; n < 5000; n++)
		CHECK(kiog_rate_due(&rate, KIOGEN_DIR_READ, 65536) == n * 2000000,
		      "read %llu not at %llu ms", (unsigned long long)n,
		      (unsigned long long)n * 2);
	CHECK(kiog_rate_due(&rate, KIOGEN_DIR_WRITE, 4096) == ~0ULL, "writes paced");
	return T_PASS;
}

/* above 17 GB/s the arithmetic scales down: within 1 ns in 2^33; saturated past 292 years */
static int t_span_large(const void *arg)
{
	static const __u64 rates[] = { 1, 1000, 1ULL << 34, 40000000000ULL, ~0ULL >> 1 };
	static const __u64 amounts[] = { 0, 1, 4096, 1ULL << 40, ~0ULL >> 8 };
	unsigned int i, k;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(rates); i++)
		for (k = 0; k < ARRAY_SIZE(amounts); k++) {
			long double want = (long double)amounts[k] * 1e9L / rates[i];
			__u64 got = kiog_rate_span_ns(amounts[k], rates[i]);

			if (want >= (long double)KIOG_RATE_NEVER) {
				CHECK(got == KIOG_RATE_NEVER, "%llu at %llu/s not saturated",
				      (unsigned long long)amounts[k], (unsigned long long)rates[i]);
				continue;
			}
			CHECK(fabsl(got - want) <= 1 + want / 8e9L,
			      "%llu at %llu/s: %llu ns, not %.0Lf", (unsigned long long)amounts[k],
			      (unsigned long long)rates[i], (unsigned long long)got, want);
		}
	return T_PASS;
}

/*
 * poisson's gaps are exponential: over 200,000 of mean 1 ms, the mean and
 * the standard deviation within 1% of 1 ms (coefficient of variation 1),
 * e^-1 of them above the mean and e^-3 above three means, and the median
 * ln 2 of the mean.
 */
static int t_poisson_shape(const void *arg)
{
	const unsigned int n = 200000;
	const double mean_ns = 1e6;
	static double v[200000];
	double sum = 0, sq = 0, m, sd, above1 = 0, above3 = 0, below_med = 0;
	struct kiog_rng rng;
	unsigned int i;

	(void)arg;
	kiog_rng_seed(&rng, 42);
	for (i = 0; i < n; i++) {
		v[i] = (double)kiog_rate_exp_ns((__u64)mean_ns, &rng);
		sum += v[i];
		sq += v[i] * v[i];
		above1 += v[i] > mean_ns;
		above3 += v[i] > 3 * mean_ns;
		below_med += v[i] < M_LN2 * mean_ns;
	}
	m = sum / n;
	sd = sqrt(sq / n - m * m);
	CHECK(fabs(m / mean_ns - 1) < 0.01, "mean %.0f ns, not 1 ms", m);
	CHECK(fabs(sd / m - 1) < 0.01, "coefficient of variation %.4f, not 1", sd / m);
	CHECK(fabs(above1 / n - exp(-1)) < 0.005, "%.4f above the mean, not e^-1", above1 / n);
	CHECK(fabs(above3 / n - exp(-3)) < 0.002, "%.4f above 3 means, not e^-3", above3 / n);
	CHECK(fabs(below_med / n - 0.5) < 0.005, "%.4f below ln2 * mean, not half", below_med / n);
	return T_PASS;
}

/* rate_process=poisson: the schedule of rate_iops=1000 averages 1 ms a gap */
static int t_poisson_schedule(const void *arg)
{
	const struct kiog_core_cfg cfg = { .rate_iops_write = 1000,
					   .rate_process = KIOGEN_RATE_PROCESS_POISSON };
	__u64 t = 0, prev = 0, n, gaps_equal = 0;

	(void)arg;
	setup(&cfg, KIOGEN_RW_WRITE);
	CHECK(kiog_rate_due(&rate, KIOGEN_DIR_WRITE, 4096) == 0, "the first I/O waits");
	for (n = 1; n <= 100000; n++) {
		t = kiog_rate_due(&rate, KIOGEN_DIR_WRITE, 4096);
		gaps_equal += t - prev == 1000000;
		prev = t;
	}
	CHECK(fabs((double)t / 100000 / 1e6 - 1) < 0.01, "mean gap %.4f ms",
	      (double)t / 100000 / 1e6);
	CHECK(gaps_equal < 100, "%llu gaps of exactly 1 ms: not random",
	      (unsigned long long)gaps_equal);
	return T_PASS;
}

/* an I/O is built once, held until due, then handed out; sched lat from then */
/*
 * fio's rate_ignore_thinktime: a think of 5 ms moves the schedule and the
 * held I/O by 5 ms; without it, the I/Os the think held back are due at once.
 */
static int t_ignore_think(const void *arg)
{
	const struct kiog_core_cfg ignore = { .rate_iops_read = 1000, .io_size = 1 << 30,
					      .rate_ignore_thinktime = 1 };
	const struct kiog_core_cfg catch_up = { .rate_iops_read = 1000, .io_size = 1 << 30 };
	const struct kiog_core_cfg *cfgs[] = { &ignore, &catch_up };
	struct kiog_io io = { 0 };
	int i;

	(void)arg;
	for (i = 0; i < 2; i++) {
		setup(cfgs[i], KIOGEN_RW_RANDREAD);
		CHECK(kiog_rate_next(&rate, &core, &wl, &io, 1000) == 1, "the first I/O is held");
		CHECK(kiog_rate_next(&rate, &core, &wl, &io, 1000) == 0, "the second is not held");
		kiog_rate_thought(&rate, 5000000);
		if (i == 0) {
			CHECK(rate.due == 1000 + 6000000 &&
			      kiog_rate_next(&rate, &core, &wl, &io, 1000 + 5999999) == 0,
			      "the held I/O did not move by the think: due at %llu",
			      (unsigned long long)rate.due);
			CHECK(kiog_rate_next(&rate, &core, &wl, &io, 1000 + 6000000) == 1 &&
			      kiog_rate_next(&rate, &core, &wl, &io, 1000 + 6000000) == 0 &&
			      rate.due == 1000 + 7000000, "the schedule did not move by the think");
		} else {
			CHECK(rate.due == 1000 + 1000000 &&
			      kiog_rate_next(&rate, &core, &wl, &io, 1000 + 5000000) == 1 &&
			      kiog_rate_next(&rate, &core, &wl, &io, 1000 + 5000000) == 1,
			      "the I/Os the think held back are not due at once");
		}
	}
	return T_PASS;
}

static int t_hold(const void *arg)
{
	const struct kiog_core_cfg cfg = { .rate_iops_read = 1000, .io_size = 1 << 30 };
	struct kiog_io io = { 0 };
	__u64 due;

	(void)arg;
	setup(&cfg, KIOGEN_RW_RANDREAD);
	CHECK(kiog_rate_next(&rate, &core, &wl, &io, 1000) == 1 && rate.due == 1000 &&
	      wl.issued == 1, "the first I/O is not due at once");
	CHECK(kiog_rate_next(&rate, &core, &wl, &io, 1000 + 999999) == 0 &&
	      rate.waiting && wl.issued == 2, "the second I/O not held");
	due = rate.due;
	CHECK(due == 1000 + 1000000, "the second I/O due at %llu", (unsigned long long)due);
	CHECK(kiog_rate_wait(&rate, 1000 + 400000) == 600000, "the wait is not what is left");
	CHECK(kiog_rate_next(&rate, &core, &wl, &io, 1000 + 999999) == 0 && wl.issued == 2,
	      "a held I/O built again");
	CHECK(kiog_rate_wait(&rate, due) == 0 && !rate.waiting, "still waiting once due");
	CHECK(kiog_rate_next(&rate, &core, &wl, &io, due + 5) == 1 && !rate.held &&
	      wl.issued == 2, "the held I/O not handed out once due");
	/* completed 3 us after it was due: sched lat 3 us, whatever its clat */
	kiog_rate_complete(&rate, io.dir, due, due + 3000);
	kiog_rate_complete(&rate, io.dir, 0, due + 3000);
	CHECK(rate.sched_ios[KIOGEN_DIR_READ] == 1 && rate.sched[KIOGEN_DIR_READ].min == 3000 &&
	      rate.sched_hist[KIOGEN_DIR_READ][kiog_hist_idx(3000)] == 1,
	      "sched lat: %llu I/Os, min %llu",
	      (unsigned long long)rate.sched_ios[KIOGEN_DIR_READ],
	      (unsigned long long)rate.sched[KIOGEN_DIR_READ].min);
	return T_PASS;
}

/*
 * The I/Os of a paced stream, each handed out at its due time: @dir and
 * @due (ns after the clock start; ~0 unpaced) of the first @n.
 */
static void paced_stream(__u8 *dir, __u64 *due, int n)
{
	struct kiog_io io;
	int i;

	for (i = 0; i < n; i++) {
		/* a clock always past the due time hands each I/O out at once */
		kiog_rate_next(&rate, &core, &wl, &io, ~0ULL >> 2);
		dir[i] = io.dir;
		due[i] = rate.due ? rate.due - 1000 : ~0ULL;
	}
}

/* rate_iops=,,500: randtrim's trims one every 2 ms, sched lat of trims */
static int t_trim(const void *arg)
{
	const struct kiog_core_cfg cfg = { .rate_iops_trim = 500, .io_size = 1 << 30 };
	const struct kiog_core_cfg bytes = { .rate_trim = 1 << 20, .rate_iops_write = 7,
					     .io_size = 1 << 30 };
	__u8 dir[100];
	__u64 due[100];
	int i;

	(void)arg;
	setup(&cfg, KIOGEN_RW_RANDTRIM);
	CHECK(rate.paced, "rate_iops_trim alone does not pace");
	paced_stream(dir, due, 100);
	for (i = 0; i < 100; i++)
		CHECK(dir[i] == KIOGEN_DIR_TRIM && due[i] == i * 2000000ULL,
		      "I/O %d: dir %u due at %llu ns", i, dir[i], (unsigned long long)due[i]);
	kiog_rate_complete(&rate, KIOGEN_DIR_TRIM, 5000, 8000);
	CHECK(rate.sched_ios[KIOGEN_DIR_TRIM] == 1 && rate.sched[KIOGEN_DIR_TRIM].min == 3000,
	      "no sched lat of trims");
	/* by bytes; the writes' rate does not pace trims */
	setup(&bytes, KIOGEN_RW_TRIM);
	paced_stream(dir, due, 100);
	for (i = 0; i < 100; i++)
		CHECK(due[i] == i * 4096 * 1000000000ULL / (1 << 20),
		      "trim %d due at %llu ns", i, (unsigned long long)due[i]);
	return T_PASS;
}

/*
 * fio's trimwrite: fio takes the write direction's turn, waits for it, then
 * makes the I/O the trim of the block it writes next; so trim n and write n
 * are both due when write n is, and the trims' own rate paces nothing.
 */
static int t_trimwrite(const void *arg)
{
	const struct kiog_core_cfg both = { .rate_iops_write = 100, .rate_iops_trim = 500,
					    .io_size = 1 << 30 };
	const struct kiog_core_cfg trims = { .rate_iops_trim = 500, .io_size = 1 << 30 };
	const struct kiog_core_cfg poisson = { .rate_iops_write = 100,
					       .rate_process = KIOGEN_RATE_PROCESS_POISSON,
					       .io_size = 1 << 30 };
	__u8 dir[200];
	__u64 due[200];
	int i;

	(void)arg;
	setup(&both, KIOGEN_RW_TRIMWRITE);
	paced_stream(dir, due, 200);
	for (i = 0; i < 200; i++)
		CHECK(dir[i] == (i % 2 ? KIOGEN_DIR_WRITE : KIOGEN_DIR_TRIM) &&
		      due[i] == (__u64)(i / 2) * 10000000,
		      "I/O %d: dir %u due at %llu ns, not at the writes' 100/s", i, dir[i],
		      (unsigned long long)due[i]);
	/* the writes free: so are the trims, whatever their own rate */
	setup(&trims, KIOGEN_RW_TRIMWRITE);
	paced_stream(dir, due, 200);
	for (i = 0; i < 200; i++)
		CHECK(due[i] == ~0ULL, "I/O %d (dir %u) paced at %llu ns", i, dir[i],
		      (unsigned long long)due[i]);
	/* poisson: each trim is due with the write after it */
	setup(&poisson, KIOGEN_RW_TRIMWRITE);
	paced_stream(dir, due, 200);
	for (i = 0; i < 200; i += 2)
		CHECK(dir[i] == KIOGEN_DIR_TRIM && due[i] == due[i + 1] &&
		      (!i || due[i] > due[i - 1]),
		      "poisson: trim %d due at %llu, its write at %llu", i / 2,
		      (unsigned long long)due[i], (unsigned long long)due[i + 1]);
	return T_PASS;
}

/*
 * fio's check_min_rate: nothing in the first 2 s; then a mark; a cycle
 * later the rate since the mark is held to the minimum.
 */
static int t_min(const void *arg)
{
	const struct kiog_core_cfg cfg = { .rate_min_read = 1000000, .rate_cycle_ms = 500 };
	const struct kiog_core_cfg iops = { .rate_iops_min_write = 100 };
	const struct kiog_core_cfg trims = { .rate_iops_min_trim = 300 };
	const __u64 s = KIOG_NSEC_PER_SEC;
	struct kiog_dir_stats *rd = &core.stats[KIOGEN_DIR_READ];

	(void)arg;
	setup(&cfg, KIOGEN_RW_READ);
	CHECK(!rate.paced && rate.checked, "paced %u, checked %u", rate.paced, rate.checked);
	rd->bytes = 10;
	CHECK(!kiog_rate_below_min(&rate, &core, 1000 + 2 * s - 1), "checked while settling");
	CHECK(!kiog_rate_below_min(&rate, &core, 1000 + 2 * s) && rate.check_at[0],
	      "no mark after the settling");
	rd->bytes += 400000;	/* 0.8 MB/s over the next half second */
	CHECK(!kiog_rate_below_min(&rate, &core, 1000 + 2 * s + s / 2 - 1),
	      "checked before a cycle passed");
	CHECK(kiog_rate_below_min(&rate, &core, 1000 + 2 * s + s / 2),
	      "0.8 MB/s passed a 1 MB/s minimum");
	setup(&cfg, KIOGEN_RW_READ);
	rd->bytes = 10;
	kiog_rate_below_min(&rate, &core, 1000 + 3 * s);
	rd->bytes += 600000;
	CHECK(!kiog_rate_below_min(&rate, &core, 1000 + 3 * s + s / 2),
	      "1.2 MB/s failed a 1 MB/s minimum");
	/* rate_iops_min of writes; a direction without I/O is not checked */
	setup(&iops, KIOGEN_RW_WRITE);
	CHECK(!kiog_rate_below_min(&rate, &core, 1000 + 2 * s) &&
	      !kiog_rate_below_min(&rate, &core, 1000 + 9 * s), "a direction without I/O failed");
	core.stats[KIOGEN_DIR_WRITE].bytes = 4096;
	core.stats[KIOGEN_DIR_WRITE].ios = 1;
	kiog_rate_below_min(&rate, &core, 1000 + 10 * s);
	core.stats[KIOGEN_DIR_WRITE].ios += 99;
	CHECK(kiog_rate_below_min(&rate, &core, 1000 + 11 * s), "99 IOPS passed 100");
	/* rate_iops_min of trims: checked as the others */
	setup(&trims, KIOGEN_RW_TRIMWRITE);
	core.stats[KIOGEN_DIR_WRITE].bytes = 4096 * 1000;
	core.stats[KIOGEN_DIR_WRITE].ios = 1000;
	core.stats[KIOGEN_DIR_TRIM].bytes = 4096;
	core.stats[KIOGEN_DIR_TRIM].ios = 1;
	CHECK(!kiog_rate_below_min(&rate, &core, 1000 + 2 * s) && rate.check_at[KIOGEN_DIR_TRIM],
	      "no mark of the trims");
	core.stats[KIOGEN_DIR_WRITE].ios += 1000;
	core.stats[KIOGEN_DIR_TRIM].ios += 299;
	CHECK(kiog_rate_below_min(&rate, &core, 1000 + 3 * s), "299 trims a second passed 300");
	return T_PASS;
}

int main(void)
{
	static const struct tcase cases[] = {
		{ "linear: I/O n due at n blocks' share of rate, by direction", t_linear_bytes, NULL },
		{ "linear: rate_iops=500 one every 2 ms; unlimited direction free", t_linear_iops, NULL },
		{ "the span arithmetic above 17 GB/s", t_span_large, NULL },
		{ "poisson: exponential gaps, mean and CV 1 within 1%, tail and median", t_poisson_shape, NULL },
		{ "poisson: rate_iops=1000 averages 1 ms a gap, not evenly", t_poisson_schedule, NULL },
		{ "an I/O built once, held until due; sched lat from its due time", t_hold, NULL },
		{ "rate_ignore_thinktime: a think moves the schedule; else caught up", t_ignore_think,
		  NULL },
		{ "rate_iops=,,500: trims one every 2 ms; by bytes; sched lat of trims", t_trim, NULL },
		{ "trimwrite: trims due with the next write, not at their own rate", t_trimwrite, NULL },
		{ "rate_min and rate_iops_min: settling, mark, cycle, failure; of trims", t_min, NULL },
	};

	return run_cases(cases, ARRAY_SIZE(cases));
}
