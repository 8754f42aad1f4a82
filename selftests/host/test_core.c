// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host tests of the worker core (include/kiogen/core.h), the decisions both
 * the kernel worker and the syscall worker take through it: fio's
 * continue_on_error rule for every value fio accepts, errors counted and not
 * accounted, the stop conditions, the sync cadence, the IO depth buckets,
 * the 128-bit sum of squares, samples, and a digest that changes with the
 * stop and error policy. Prints TAP.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include <kiogen/core.h>

#include "tap.h"

/* fio's continue_on_error values and the bits they set */
static const struct {
	const char *name;
	__u32 coe;
} coe_vals[] = {
	{ "none", 0 },
	{ "read", KIOGEN_COE_READ },
	{ "write", KIOGEN_COE_WRITE },
	{ "io", KIOGEN_COE_READ | KIOGEN_COE_WRITE },
	{ "verify", KIOG_COE_VERIFY },
	{ "all", KIOGEN_COE_ALL },
};

static struct kiog_core core;
static struct kiog_wl wl;
static struct kiogen_sample samples[KIOG_MAX_SAMPLES];

static void setup(const struct kiog_core_cfg *cfg)
{
	struct kiog_wl_cfg wc = KIOG_JOB_DEFAULT_INIT(KIOG_JOB_WL_FIELDS);

	wc.rw = KIOGEN_RW_RANDRW;
	wc.bs = 4096;
	wc.size = 1 << 20;
	wc.seed = 7;
	memset(&core, 0, sizeof(core));
	kiog_wl_init(&wl, &wc);
	kiog_core_init(&core, cfg, &wl, samples);
	kiog_core_start(&core, 1000);
}

/* Is @err of @dir fatal to a worker with continue_on_error @coe? */
static int fatal(__u32 coe, __u8 dir, int err)
{
	const struct kiog_core_cfg cfg = { .continue_on_error = coe };

	setup(&cfg);
	return kiog_core_error_fatal(&core, dir, err);
}

/* fio's td_non_fatal_error(): the type bit, and only EIO or EILSEQ */
static int t_fatal_rule(const void *arg)
{
	static const int errs[] = { -EIO, -EILSEQ, -EINVAL, -ENOSPC };
	unsigned int v, e;
	__u8 dir;

	(void)arg;
	for (v = 0; v < ARRAY_SIZE(coe_vals); v++)
		for (dir = 0; dir < 3; dir++)
			for (e = 0; e < ARRAY_SIZE(errs); e++) {
				int err = errs[e], want_fatal;
				__u32 type = err == -EILSEQ ? KIOG_COE_VERIFY :
					     dir == KIOGEN_DIR_READ ? KIOGEN_COE_READ :
					     KIOGEN_COE_WRITE;

				want_fatal = !(coe_vals[v].coe & type) ||
					     (err != -EIO && err != -EILSEQ);
				CHECK(!fatal(coe_vals[v].coe, dir, err) ==
				      !want_fatal,
				      "continue_on_error=%s dir %u errno %d: fatal %d, fio says %d",
				      coe_vals[v].name, dir, -err,
				      fatal(coe_vals[v].coe, dir, err),
				      want_fatal);
			}
	/* spot checks in words */
	CHECK(fatal(0, KIOGEN_DIR_READ, -EIO), "none survived EIO");
	CHECK(!fatal(KIOGEN_COE_ALL, KIOGEN_DIR_WRITE, -EIO),
	      "all stopped at a write EIO");
	CHECK(fatal(KIOGEN_COE_ALL, KIOGEN_DIR_READ, -EINVAL),
	      "all survived EINVAL");
	CHECK(!fatal(KIOGEN_COE_WRITE, KIOGEN_DIR_SYNC, -EIO),
	      "write did not cover a sync error (fio files them as writes)");
	CHECK(fatal(KIOG_COE_VERIFY, KIOGEN_DIR_READ, -EIO),
	      "verify survived a read EIO");
	return T_PASS;
}

/*
 * fio's ignore_error: a type's list takes the place of EIO and EILSEQ;
 * a type without one keeps them; errno 0 and those past 127 never survive.
 */
static int t_ignore_error(const void *arg)
{
	struct kiog_core_cfg cfg = { .continue_on_error = KIOGEN_COE_ALL };

	(void)arg;
	cfg.ignore_error.nr = 6;
	cfg.ignore_error.z[0] = 1ULL << ENOSPC;			/* reads */
	cfg.ignore_error.z[3] = 1ULL << (EDQUOT - 64) | 1;	/* writes: 122, and 64 */
	setup(&cfg);
	CHECK(!kiog_core_error_fatal(&core, KIOGEN_DIR_READ, -ENOSPC) &&
	      kiog_core_error_fatal(&core, KIOGEN_DIR_READ, -EIO),
	      "reads: ENOSPC not survived, or EIO still");
	CHECK(!kiog_core_error_fatal(&core, KIOGEN_DIR_WRITE, -EDQUOT) &&
	      !kiog_core_error_fatal(&core, KIOGEN_DIR_SYNC, -64) &&
	      kiog_core_error_fatal(&core, KIOGEN_DIR_WRITE, -EIO),
	      "writes: errnos above 63 not survived, or EIO still");
	CHECK(!kiog_core_error_fatal(&core, KIOGEN_DIR_READ, -EILSEQ) &&
	      kiog_core_error_fatal(&core, KIOGEN_DIR_READ, -EINVAL),
	      "verify: without a list of its own not EILSEQ alone");
	CHECK(kiog_core_error_fatal(&core, KIOGEN_DIR_READ, 0) &&
	      kiog_core_error_fatal(&core, KIOGEN_DIR_READ, -128) &&
	      kiog_core_error_fatal(&core, KIOGEN_DIR_READ, -4095),
	      "errno 0 or past 127 survived");
	cfg.continue_on_error = KIOGEN_COE_WRITE;
	setup(&cfg);
	CHECK(kiog_core_error_fatal(&core, KIOGEN_DIR_READ, -ENOSPC),
	      "a read's listed errno survived without the read bit");
	return T_PASS;
}

/* errors are counted per direction, first errno kept, never accounted */
static int t_errors_counted(const void *arg)
{
	struct kiog_core_cfg cfg = { .continue_on_error = *(const __u32 *)arg };
	int i, fatal = !(cfg.continue_on_error & KIOGEN_COE_READ);

	setup(&cfg);
	for (i = 0; i < 10; i++) {
		int err = i % 2 ? -EIO : 0;

		kiog_core_complete(&core, KIOGEN_DIR_READ, err, 2000, 2000,
				   3000 + i, err ? 0 : 4096, 4096);
		if (fatal && err)
			break;
	}
	if (fatal) {
		CHECK(core.failed && !core.issuing, "first error did not stop it");
		CHECK(core.stats[KIOGEN_DIR_READ].errors == 1, "errors %llu",
		      (unsigned long long)core.stats[KIOGEN_DIR_READ].errors);
	} else {
		CHECK(!core.failed && core.issuing, "an EIO stopped it");
		CHECK(core.stats[KIOGEN_DIR_READ].errors == 5, "errors %llu, not 5",
		      (unsigned long long)core.stats[KIOGEN_DIR_READ].errors);
		CHECK(core.stats[KIOGEN_DIR_READ].ios == 5 &&
		      core.stats[KIOGEN_DIR_READ].bytes == 5 * 4096,
		      "ios %llu: failed I/O was accounted",
		      (unsigned long long)core.stats[KIOGEN_DIR_READ].ios);
	}
	CHECK(core.error == -EIO, "first error %d", core.error);
	return T_PASS;
}

/* a sync error follows the write bit; a failed sync is not timed */
static int t_sync_error(const void *arg)
{
	struct kiog_core_cfg cfg = { .continue_on_error = KIOGEN_COE_WRITE,
				     .fsync = 4 };

	(void)arg;
	setup(&cfg);
	kiog_core_sync_begin(&core);
	kiog_core_sync_end(&core, 2000, 2000, -EIO);
	CHECK(!core.failed && core.stats[KIOGEN_DIR_SYNC].errors == 1 &&
	      !core.stats[KIOGEN_DIR_SYNC].ios, "sync EIO with write: failed %d",
	      core.failed);
	kiog_core_sync_end(&core, 2000, 2500, 0);
	CHECK(core.stats[KIOGEN_DIR_SYNC].ios == 1 &&
	      core.stats[KIOGEN_DIR_SYNC].lat.sum == 500, "sync not timed");
	kiog_core_sync_end(&core, 2000, 2000, -ENOSPC);
	CHECK(core.failed && core.error == -EIO, "ENOSPC on sync survived");
	CHECK(!kiog_core_end_sync_due(&core), "end_fsync after a failure");
	return T_PASS;
}

/* number_ios, io_size (unless time_based), runtime after the ramp */
static int t_stop(const void *arg)
{
	struct kiog_core_cfg cfg = { .number_ios = 10, .io_size = 1 << 30 };
	struct kiog_io io;
	int n = 0;

	(void)arg;
	setup(&cfg);
	while (kiog_core_may_issue(&core, &wl) && n < 100) {
		kiog_core_next(&core, &wl, &io);
		n++;
	}
	CHECK(n == 10 && !core.issuing, "number_ios=10 issued %d", n);

	cfg = (struct kiog_core_cfg){ .io_size = 5 * 4096 };
	setup(&cfg);
	for (n = 0; kiog_core_may_issue(&core, &wl) && n < 100; n++)
		kiog_core_next(&core, &wl, &io);
	CHECK(n == 5, "io_size=5 blocks issued %d", n);

	cfg.time_based = 1;
	cfg.runtime_ns = 100;
	cfg.ramp_ns = 50;
	setup(&cfg);
	for (n = 0; kiog_core_may_issue(&core, &wl) && n < 100; n++)
		kiog_core_next(&core, &wl, &io);
	CHECK(n == 100, "time_based stopped at io_size after %d", n);
	kiog_core_tick(&core, 1000 + 149);
	CHECK(core.issuing, "stopped before ramp + runtime");
	kiog_core_tick(&core, 1000 + 150);
	CHECK(!core.issuing, "runs past ramp + runtime");
	CHECK(kiog_core_elapsed(&core, 1000 + 170) == 120, "elapsed from the ramp's end");
	/* completions that started in the ramp are not counted */
	CHECK(!kiog_core_complete(&core, KIOGEN_DIR_READ, 0, 1049, 1049, 1100, 4096, 4096) &&
	      kiog_core_complete(&core, KIOGEN_DIR_READ, 0, 1050, 1050, 1100, 4096, 4096),
	      "ramp boundary");
	return T_PASS;
}

/*
 * fio 3.33: a size-bound job done within its ramp is reported with the I/Os
 * and bytes of the whole job, over its whole time, without latencies (fio
 * resets its counters only when the ramp ends, and times nothing before);
 * once the ramp ended, only what started after it counts.
 */
static int t_ramp_outlasted(const void *arg)
{
	struct kiog_core_cfg cfg = { .io_size = 3 * 4096, .ramp_ns = 500 };
	int i;

	(void)arg;
	setup(&cfg);
	for (i = 0; i < 3; i++)
		CHECK(!kiog_core_complete(&core, KIOGEN_DIR_WRITE, 0, 1000 + i,
					  1000 + i, 1010 + i, 4096, 4096),
		      "I/O %d of the ramp counted", i);
	CHECK(!core.stats[KIOGEN_DIR_WRITE].ios, "counted before the end");
	CHECK(kiog_core_finish(&core, 1100) == 100,
	      "elapsed %llu, not the whole job's 100",
	      (unsigned long long)kiog_core_elapsed(&core, 1100));
	CHECK(core.stats[KIOGEN_DIR_WRITE].ios == 3 &&
	      core.stats[KIOGEN_DIR_WRITE].bytes == 3 * 4096,
	      "ramp's I/Os not reported: %llu",
	      (unsigned long long)core.stats[KIOGEN_DIR_WRITE].ios);
	CHECK(!core.stats[KIOGEN_DIR_WRITE].lat.sum &&
	      !core.stats[KIOGEN_DIR_WRITE].clat_hist[kiog_hist_idx(10)],
	      "ramp's latencies counted");

	/* the ramp ended within the job: what came after it, from its end */
	setup(&cfg);
	kiog_core_complete(&core, KIOGEN_DIR_READ, 0, 1000, 1000, 1010, 4096, 4096);
	CHECK(kiog_core_complete(&core, KIOGEN_DIR_READ, 0, 1500, 1500, 1600, 4096, 4096),
	      "I/O after the ramp not counted");
	CHECK(kiog_core_finish(&core, 1700) == 200 &&
	      core.stats[KIOGEN_DIR_READ].ios == 1 &&
	      core.stats[KIOGEN_DIR_READ].bytes == 4096,
	      "ramp's I/O reported after the ramp ended: %llu I/Os",
	      (unsigned long long)core.stats[KIOGEN_DIR_READ].ios);
	return T_PASS;
}

/* fio: a sync after every N-th issued write; reads do not count */
static int t_sync_cadence(const void *arg)
{
	struct kiog_core_cfg cfg = { .fdatasync = 3, .io_size = 1ULL << 40 };
	struct kiog_io io;
	int i, due_at = 0, writes = 0;

	(void)arg;
	setup(&cfg);
	CHECK(core.datasync && core.sync_every == 3, "fdatasync=3 not taken");
	for (i = 0; i < 1000 && !due_at; i++) {
		int due = kiog_core_next(&core, &wl, &io);

		writes += io.dir == KIOGEN_DIR_WRITE;
		if (due)
			due_at = writes;
	}
	CHECK(due_at == 3 && kiog_core_sync_due(&core), "due after %d writes", due_at);
	CHECK(core.write_seq == 3, "write_seq %llu", (unsigned long long)core.write_seq);
	kiog_core_sync_begin(&core);
	CHECK(!kiog_core_sync_due(&core), "still due after the sync");
	cfg.fsync = 2;
	setup(&cfg);
	CHECK(!core.datasync && core.sync_every == 2, "fsync takes precedence");
	return T_PASS;
}

/* fio's IO depths and submit/complete buckets */
static int t_buckets(const void *arg)
{
	static const struct { __u32 v, depth, batch; } want[] = {
		{ 0, 0, 0 }, { 1, 0, 1 }, { 2, 1, 1 }, { 3, 1, 1 }, { 4, 2, 1 },
		{ 5, 2, 2 }, { 8, 3, 2 }, { 9, 3, 3 }, { 16, 4, 3 }, { 17, 4, 4 },
		{ 32, 5, 4 }, { 33, 5, 5 }, { 63, 5, 5 }, { 64, 6, 5 }, { 65, 6, 6 },
		{ 4096, 6, 6 },
	};
	unsigned int i;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		CHECK(kiog_core_depth_bucket(want[i].v) == want[i].depth,
		      "depth %u: bucket %u, want %u", want[i].v,
		      kiog_core_depth_bucket(want[i].v), want[i].depth);
		CHECK(kiog_core_batch_bucket(want[i].v) == want[i].batch,
		      "batch %u: bucket %u, want %u", want[i].v,
		      kiog_core_batch_bucket(want[i].v), want[i].batch);
	}
	return T_PASS;
}

/* the sum of squares carries into the high word: (2^40)^2 * 2^10 = 2^90 */
static int t_sumsq(const void *arg)
{
	struct kiog_lat_stats l = { 0 };
	int i;

	(void)arg;
	for (i = 0; i < 1024; i++)
		kiog_core_lat(&l, 1ULL << 40, !i);
	CHECK(l.sq_hi == 1ULL << 26 && l.sq_lo == 0, "sq %llx:%llx",
	      (unsigned long long)l.sq_hi, (unsigned long long)l.sq_lo);
	CHECK(l.min == 1ULL << 40 && l.max == 1ULL << 40 && l.sum == 1ULL << 50,
	      "min/max/sum");
	kiog_core_lat(&l, 3, 0);
	CHECK(l.sq_lo == 9 && l.min == 3, "small value after a carry");
	return T_PASS;
}

/*
 * Stamps out of order (a clock that stepped back between the CPUs that
 * took them): no latency wraps to 1.8e19 ns; what went backwards took no
 * time. An I/O completed within its submit, before its batch was issued,
 * is all slat.
 */
static int t_clock_back(const void *arg)
{
	const struct kiog_dir_stats *d = &core.stats[KIOGEN_DIR_READ];
	const struct kiog_dir_stats *s = &core.stats[KIOGEN_DIR_SYNC];
	struct kiog_core_cfg cfg = { 0 };

	(void)arg;
	setup(&cfg);
	/* issue before start */
	CHECK(kiog_core_complete(&core, KIOGEN_DIR_READ, 0, 5000, 4990, 5100, 4096, 4096),
	      "not counted");
	CHECK(d->slat.max == 0 && d->clat.max == 100 && d->lat.max == 100,
	      "issue < start: slat %llu clat %llu lat %llu", (unsigned long long)d->slat.max,
	      (unsigned long long)d->clat.max, (unsigned long long)d->lat.max);
	/* end before start, and before issue */
	kiog_core_complete(&core, KIOGEN_DIR_READ, 0, 6000, 6010, 5990, 4096, 4096);
	CHECK(d->ios == 2 && d->slat.max == 0 && d->clat.max == 100 && d->lat.max == 100 &&
	      d->lat.sum == 100 && d->lat.sq_hi == 0,
	      "end < start: slat %llu clat %llu lat sum %llu", (unsigned long long)d->slat.max,
	      (unsigned long long)d->clat.max, (unsigned long long)d->lat.sum);
	CHECK(core.stamps_behind == 2, "stamps before the start counted: %llu",
	      (unsigned long long)core.stamps_behind);
	/* completed within submit: issue after end */
	kiog_core_complete(&core, KIOGEN_DIR_READ, 0, 7000, 7200, 7050, 4096, 4096);
	CHECK(d->slat.max == 50 && d->clat.max == 100 && d->lat.max == 100,
	      "issue > end: slat %llu", (unsigned long long)d->slat.max);
	CHECK(core.stamps_behind == 2, "within submit is no clock behind: %llu",
	      (unsigned long long)core.stamps_behind);
	kiog_core_sync_end(&core, 8000, 7990, 0);
	CHECK(s->ios == 1 && s->clat.max == 0 && core.stamps_behind == 3,
	      "a sync that ended before it began: %llu, counted %llu",
	      (unsigned long long)s->clat.max, (unsigned long long)core.stamps_behind);
	return T_PASS;
}

/* one sample per interval, cumulative, bounded by the room */
static int t_samples(const void *arg)
{
	struct kiog_core_cfg cfg = { .runtime_ns = 2 * KIOG_SAMPLE_NS };

	(void)arg;
	setup(&cfg);
	CHECK(core.max_samples == 4, "room %u for 1 s", core.max_samples);
	kiog_core_complete(&core, KIOGEN_DIR_WRITE, 0, 1000, 1000, 1100, 512, 512);
	kiog_core_tick(&core, 1000 + KIOG_SAMPLE_NS - 1);
	CHECK(core.nr_samples == 0, "sampled early");
	kiog_core_tick(&core, 1000 + 3 * KIOG_SAMPLE_NS);
	CHECK(core.nr_samples == 3 && samples[2].ios[KIOGEN_DIR_WRITE] == 1 &&
	      samples[2].bytes[KIOGEN_DIR_WRITE] == 512, "%u samples", core.nr_samples);
	/* past the room: pairs merged into 1 s samples, none lost */
	kiog_core_complete(&core, KIOGEN_DIR_WRITE, 0, 1000, 1000, 1100, 512, 512);
	kiog_core_tick(&core, 1000 + 6 * KIOG_SAMPLE_NS);
	CHECK(core.nr_samples == 3 && core.sample_ns == 2 * KIOG_SAMPLE_NS &&
	      samples[0].ios[KIOGEN_DIR_WRITE] == 1 && samples[1].ios[KIOGEN_DIR_WRITE] == 2 &&
	      samples[2].ios[KIOGEN_DIR_WRITE] == 2,
	      "%u samples of %llu ns", core.nr_samples, (unsigned long long)core.sample_ns);
	kiog_core_tick(&core, 1000 + 100 * KIOG_SAMPLE_NS);
	CHECK(core.nr_samples == 3 && core.sample_ns == 32 * KIOG_SAMPLE_NS &&
	      samples[2].ios[KIOGEN_DIR_WRITE] == 2,
	      "after a stall: %u samples of %llu ns", core.nr_samples,
	      (unsigned long long)core.sample_ns);
	return T_PASS;
}

/* the digest a stream starts from names every stop and error choice */
/* fio's thinktime: after every thinktime_blocks completions, for its time */
static int t_think(const void *arg)
{
	const struct kiog_core_cfg cfg = { .thinktime_ns = 1000, .thinktime_blocks = 2 };
	const struct kiog_core_cfg none = { 0 };

	(void)arg;
	setup(&cfg);
	kiog_core_reaped(&core, 1);
	CHECK(!kiog_core_think_due(&core), "due after 1 of 2 completions");
	kiog_core_reaped(&core, 1);
	CHECK(kiog_core_think_due(&core), "not due after 2 completions");
	CHECK(kiog_core_think(&core, 5000) == 1000 && kiog_core_think(&core, 5600) == 400,
	      "a think does not last thinktime from its start");
	CHECK(kiog_core_think_due(&core), "a think ended before its time");
	CHECK(kiog_core_think(&core, 6000) == 0 && !kiog_core_think_due(&core),
	      "a think outlasted its time");
	kiog_core_reaped(&core, 3);
	CHECK(kiog_core_think_due(&core) && kiog_core_think(&core, 9000) == 1000,
	      "the next think is not thinktime_blocks completions later");
	setup(&none);
	kiog_core_reaped(&core, 100);
	CHECK(!kiog_core_think_due(&core), "a think without thinktime");
	return 1;
}

/* fio's thinktime_spin: the first of a think spins, clamped to thinktime */
static int t_think_spin(const void *arg)
{
	const struct kiog_core_cfg cfg = { .thinktime_ns = 1000, .thinktime_spin_ns = 400,
					   .thinktime_blocks = 1 };
	const struct kiog_core_cfg longer = { .thinktime_ns = 1000, .thinktime_spin_ns = 5000 };

	(void)arg;
	setup(&cfg);
	CHECK(kiog_core_think_spin(&core, 5000) == 0, "a spin before any think");
	kiog_core_reaped(&core, 1);
	CHECK(kiog_core_think(&core, 5000) == 1000 && kiog_core_think_spin(&core, 5000) == 400,
	      "a think does not spin its first thinktime_spin");
	CHECK(kiog_core_think(&core, 5300) == 700 && kiog_core_think_spin(&core, 5300) == 100,
	      "the spin does not end thinktime_spin after the think began");
	CHECK(kiog_core_think(&core, 5400) == 600 && kiog_core_think_spin(&core, 5400) == 0,
	      "the rest of the think spins");
	CHECK(kiog_core_think(&core, 6000) == 0 && kiog_core_think_spin(&core, 6000) == 0,
	      "the think outlasted thinktime");
	setup(&longer);
	kiog_core_reaped(&core, 1);
	CHECK(kiog_core_think(&core, 5000) == 1000 && kiog_core_think_spin(&core, 5000) == 1000,
	      "a spin longer than thinktime is not thinktime");
	return 1;
}

/*
 * fio's thinktime_iotime: a think once that long was spent issuing since
 * the start or the last think; with thinktime_blocks 0 (not given) only
 * then, with both whichever comes first.
 */
static int t_think_iotime(const void *arg)
{
	const struct kiog_core_cfg alone = { .thinktime_ns = 1000,
					     .thinktime_iotime_ns = 10000 };
	const struct kiog_core_cfg both = { .thinktime_ns = 1000, .thinktime_iotime_ns = 10000,
					    .thinktime_blocks = 5 };
	const struct kiog_core_cfg neither = { .thinktime_ns = 1000 };

	(void)arg;
	setup(&alone);			/* the clock started at 1000 */
	kiog_core_reaped(&core, 100);
	core.last_end = 10999;
	CHECK(!kiog_core_think_due(&core), "due by count, or before its time");
	core.last_end = 11000;
	CHECK(kiog_core_think_due(&core) && kiog_core_think(&core, 11000) == 1000,
	      "not due thinktime_iotime after the start");
	CHECK(kiog_core_think(&core, 12000) == 0 && !kiog_core_think_due(&core),
	      "still due after the think");
	core.last_end = 21999;
	CHECK(!kiog_core_think_due(&core), "due before thinktime_iotime after the think's end");
	core.last_end = 22000;
	CHECK(kiog_core_think_due(&core), "not due thinktime_iotime after the think's end");

	setup(&both);
	kiog_core_reaped(&core, 5);
	CHECK(kiog_core_think_due(&core), "thinktime_blocks does not count beside iotime");
	kiog_core_think(&core, 2000);
	CHECK(kiog_core_think(&core, 3000) == 0 && !kiog_core_think_due(&core),
	      "due after a think");
	core.last_end = 13000;
	CHECK(kiog_core_think_due(&core), "iotime does not count beside thinktime_blocks");

	setup(&neither);	/* thinktime_blocks 0 without iotime is fio's 1 */
	kiog_core_reaped(&core, 1);
	CHECK(kiog_core_think_due(&core), "not due after 1 completion without thinktime_blocks");
	return 1;
}

/*
 * fio's max_latency: the I/O above it is counted, then the worker fails
 * with ETIMEDOUT; each direction its own; none in the ramp.
 */
static int t_max_latency(const void *arg)
{
	const struct kiog_core_cfg cfg = { .max_latency_write = 500, .ramp_ns = 1000 };

	(void)arg;
	setup(&cfg);			/* measuring from 2000 */
	CHECK(kiog_core_complete(&core, KIOGEN_DIR_WRITE, 0, 1500, 1600, 2600, 4096, 4096) == 0 &&
	      !core.failed, "a slow I/O of the ramp failed the worker");
	CHECK(kiog_core_complete(&core, KIOGEN_DIR_WRITE, 0, 2000, 2100, 2500, 4096, 4096) &&
	      !core.failed, "a lat at max_latency failed the worker");
	CHECK(kiog_core_complete(&core, KIOGEN_DIR_READ, 0, 3000, 3000, 9000, 4096, 4096) &&
	      !core.failed, "a read failed the worker on the writes' max_latency");
	CHECK(kiog_core_complete(&core, KIOGEN_DIR_WRITE, 0, 4000, 4000, 4501, 4096, 4096) &&
	      core.stats[KIOGEN_DIR_WRITE].ios == 2,
	      "the I/O above max_latency was not counted");
	CHECK(core.failed && !core.issuing && core.error == -KIOG_ETIMEDOUT,
	      "failed %u, issuing %u, error %d above max_latency", core.failed, core.issuing,
	      core.error);
	return 1;
}

/* fio's exitall and exitall_on_error: which ends of a worker stop the run */
static int t_ends_run(const void *arg)
{
	const struct kiog_core_cfg all = { .exitall = 1 };
	const struct kiog_core_cfg on_error = { .exitall_on_error = 1 };
	const struct kiog_core_cfg none = { 0 };

	(void)arg;
	setup(&all);
	CHECK(kiog_core_ends_run(&core), "exitall: a worker's end does not stop the run");
	setup(&on_error);
	CHECK(!kiog_core_ends_run(&core), "exitall_on_error: an end without error stops the run");
	kiog_core_error(&core, KIOGEN_DIR_READ, -KIOG_EIO);
	CHECK(kiog_core_ends_run(&core), "exitall_on_error: a failed worker does not stop the run");
	setup(&none);
	kiog_core_error(&core, KIOGEN_DIR_READ, -KIOG_EIO);
	CHECK(!kiog_core_ends_run(&core), "a failed worker stops the run without exitall_on_error");
	return 1;
}

/*
 * Completions reaped in batches that overshoot thinktime_blocks: a think at
 * every multiple crossed, none lost to the overshoot (100 I/Os reaped 3 at
 * a time, blocks of 10: thinks after 12, 21, 30, ... 90, nine of them).
 */
static int t_think_batches(const void *arg)
{
	const struct kiog_core_cfg cfg = { .thinktime_ns = 1000, .thinktime_blocks = 10 };
	__u64 now = 0;
	int thinks = 0;

	(void)arg;
	setup(&cfg);
	while (core.reaped < 99) {
		kiog_core_reaped(&core, 3);
		if (kiog_core_think_due(&core)) {
			thinks++;
			kiog_core_think(&core, now);
			now += 1000;
			CHECK(kiog_core_think(&core, now) == 0, "a think did not end");
			CHECK(!kiog_core_think_due(&core), "two thinks for one multiple");
		}
	}
	CHECK(thinks == 9, "%d thinks in 99 completions, blocks of 10", thinks);
	return 1;
}

static int t_policy_digest(const void *arg)
{
	struct kiog_core_cfg base = { .runtime_ns = 5, .number_ios = 100,
				      .io_size = 1 << 20 }, c;
	__u64 d0 = kiog_core_policy_digest(&base);

	(void)arg;
#define DIFFERS(field, val)                                                     \
	do {                                                                    \
		c = base;                                                       \
		c.field = val;                                                  \
		CHECK(kiog_core_policy_digest(&c) != d0, #field " not covered"); \
	} while (0)
	DIFFERS(continue_on_error, KIOGEN_COE_ALL);
	DIFFERS(continue_on_error, KIOGEN_COE_READ);
	DIFFERS(number_ios, 101);
	DIFFERS(io_size, 1 << 21);
	DIFFERS(runtime_ns, 6);
	DIFFERS(ramp_ns, 1);
	DIFFERS(time_based, 1);
	DIFFERS(fsync, 1);
	DIFFERS(fdatasync, 1);
	DIFFERS(end_fsync, 1);
#undef DIFFERS
	setup(&base);
	CHECK(wl.digest == d0, "init does not seed the stream digest");
	return T_PASS;
}

static const __u32 coe_none = 0, coe_read = KIOGEN_COE_READ,
		   coe_io = KIOGEN_COE_READ | KIOGEN_COE_WRITE,
		   coe_verify = KIOG_COE_VERIFY, coe_all = KIOGEN_COE_ALL;

static const struct tcase cases[] = {
	{ "stamps out of order: latencies clamped, never wrapped, clocks behind counted", t_clock_back, NULL },
	{ "continue_on_error: fio's rule for every value, direction, errno", t_fatal_rule, NULL },
	{ "continue_on_error=none: the first read EIO ends the worker", t_errors_counted, &coe_none },
	{ "continue_on_error=read: read EIOs counted, not accounted", t_errors_counted, &coe_read },
	{ "continue_on_error=io: read EIOs counted, not accounted", t_errors_counted, &coe_io },
	{ "continue_on_error=verify: a read EIO ends the worker", t_errors_counted, &coe_verify },
	{ "continue_on_error=all: read EIOs counted, not accounted", t_errors_counted, &coe_all },
	{ "sync errors: write type, fatal unless EIO; not timed", t_sync_error, NULL },
	{ "stop: number_ios, io_size, runtime after the ramp", t_stop, NULL },
	{ "ramp outlasting a size-bound job: I/Os counted, no latencies (fio)", t_ramp_outlasted, NULL },
	{ "sync cadence: due after every N-th issued write", t_sync_cadence, NULL },
	{ "IO depth, submit and complete buckets as fio's", t_buckets, NULL },
	{ "128-bit sum of squares carries", t_sumsq, NULL },
	{ "samples: per interval, cumulative, bounded", t_samples, NULL },
	{ "policy digest covers stop, sync and error policy", t_policy_digest, NULL },
	{ "thinktime: after thinktime_blocks completions, for thinktime", t_think, NULL },
	{ "thinktime: completions reaped in batches lose no think", t_think_batches, NULL },
	{ "thinktime_spin: the first of a think spins, at most thinktime", t_think_spin, NULL },
	{ "thinktime_iotime: a think by time, alone or with thinktime_blocks", t_think_iotime,
	  NULL },
	{ "max_latency: the I/O above it counted, then ETIMEDOUT; per direction", t_max_latency,
	  NULL },
	{ "exitall stops the run at a worker's end, exitall_on_error at its failure", t_ends_run,
	  NULL },
	{ "ignore_error: a type's list instead of EIO and EILSEQ, with its bit", t_ignore_error,
	  NULL },
};

int main(void)
{
	return run_cases(cases, ARRAY_SIZE(cases));
}
