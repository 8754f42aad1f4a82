// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Built with gcc -m32 -ffreestanding by the host Makefile: every function of
 * the freestanding headers, instantiated for a 32-bit target, must need none
 * of the compiler's 64-bit helpers (a 32-bit kernel has none). `nm -u` of the
 * object must be empty.
 */
#include <kiogen/core.h>
#include <kiogen/rate.h>

static struct kiog_core core;
static struct kiogen_sample smp[KIOG_MAX_SAMPLES];
static struct kiog_rate rate;

/* the rate limits: schedules, poisson's gaps, the minimum's check */
static __u64 kiog_math32_rate(__u64 a, __u64 b, struct kiog_wl *wl)
{
	struct kiog_core_cfg cfg = { .rate_read = a, .rate_iops_write = (__u32)b,
				     .rate_min_read = b, .rate_process = (__u32)(a & 1) };
	struct kiog_io io = { 0 };

	kiog_rate_init(&rate, &cfg, a);
	kiog_rate_start(&rate, b);
	kiog_rate_next(&rate, &core, wl, &io, a);
	kiog_rate_complete(&rate, io.dir, b, a);
	return kiog_rate_below_min(&rate, &core, a) + kiog_rate_wait(&rate, b) +
	       kiog_rate_span_ns(a, b | 1);
}

/* the worker core's accounting, policy and stop decisions */
static __u64 kiog_math32_core(__u64 a, __u64 b, struct kiog_wl *wl)
{
	struct kiog_core_cfg cfg = { .runtime_ns = a, .ramp_ns = b,
				     .io_size = a, .fsync = (__u32)b };
	struct kiog_io io = { 0 };

	kiog_core_init(&core, &cfg, wl, smp);
	kiog_core_start(&core, b);
	if (kiog_core_may_issue(&core, wl))
		kiog_core_next(&core, wl, &io);
	kiog_core_complete(&core, io.dir, -(int)(a & 7), b, a, a + b, 4096, 4096);
	kiog_core_sync_end(&core, a, b, 0);
	kiog_core_submitted(&core, (__u32)a, (__u32)b);
	kiog_core_tick(&core, a * b);
	return core.stats[0].lat.sq_hi + kiog_core_elapsed(&core, a);
}

__u64 kiog_math32_use(__u64 a, __u64 b, const __u64 *buckets)
{
	struct kiog_wl_cfg cfg = { .rw = KIOGEN_RW_RANDRW, .bs = 4096,
				   .size = a, .seed = b, .rwmixread = 50,
				   .percentage_random = 100 };
	struct kiog_wl wl;
	struct kiog_io io;
	__u64 lo, r;

	if (kiog_wl_init(&wl, &cfg))
		return 0;
	kiog_wl_next(&wl, &io);
	r = kiog_rng_below(&wl.off_rng, b | 1) + kiog_mul64_hi(a, b, &lo) + lo;
	r += kiog_div64_rem(a, b | 1, &lo) + lo;
	r += kiog_math32_core(a, b, &wl);
	r += kiog_math32_rate(a, b, &wl);
	return r + io.offset + kiog_hist_idx(a) +
	       kiog_hist_percentile(buckets, KIOG_HIST_BUCKETS, a, 999000);
}
