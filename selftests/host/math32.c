// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Built with gcc -m32 -ffreestanding by the host Makefile: every function of
 * the freestanding headers, instantiated for a 32-bit target, must need none
 * of the compiler's 64-bit helpers (a 32-bit kernel has none). `nm -u` of the
 * object must be empty.
 */
#include <kiogen/hist.h>
#include <kiogen/workload.h>

__u64 kiog_math32_use(__u64 a, __u64 b, const __u64 *buckets)
{
	struct kiog_wl_cfg cfg = { .rw = KIOGEN_RW_RANDRW, .bs = 4096,
				   .size = a, .seed = b, .rwmixread = 50 };
	struct kiog_wl wl;
	struct kiog_io io;
	__u64 lo, r;

	if (kiog_wl_init(&wl, &cfg))
		return 0;
	kiog_wl_next(&wl, &io);
	r = kiog_rng_below(&wl.off_rng, b | 1) + kiog_mul64_hi(a, b, &lo) + lo;
	r += kiog_div64_rem(a, b | 1, &lo) + lo;
	return r + io.offset + kiog_hist_idx(a) +
	       kiog_hist_percentile(buckets, KIOG_HIST_BUCKETS, a, 999000);
}
