/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * 64-bit multiply and divide for the freestanding headers, without the
 * compiler's helpers: a 32-bit kernel has no __udivdi3, __umoddi3 or
 * unsigned __int128, so on 32-bit targets these are done in 32-bit limbs.
 * 64-bit targets use the native operations.
 */
#ifndef _KIOGEN_DIV64_H
#define _KIOGEN_DIV64_H

#include <linux/types.h>

#if defined(__SIZEOF_INT128__) && !defined(KIOG_PORTABLE_MATH)
#define KIOG_NATIVE_MATH 1
#else
#define KIOG_NATIVE_MATH 0
#endif

/**
 * kiog_mul64_hi() - 64x64 -> 128-bit product
 * @a: factor
 * @b: factor
 * @lo: where the low half is stored
 *
 * Return: the high half.
 */
static inline __u64 kiog_mul64_hi(__u64 a, __u64 b, __u64 *lo)
{
#if KIOG_NATIVE_MATH
	__extension__ __uint128_t m = (__uint128_t)a * b;

	*lo = (__u64)m;
	return (__u64)(m >> 64);
#else
	__u64 al = (__u32)a, ah = a >> 32, bl = (__u32)b, bh = b >> 32;
	__u64 ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	__u64 mid = (ll >> 32) + (__u32)lh + (__u32)hl;

	*lo = (mid << 32) | (__u32)ll;
	return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

/**
 * kiog_div64_rem() - unsigned 64-bit division with remainder
 * @n: dividend
 * @d: divisor, not 0
 * @rem: where the remainder is stored
 *
 * Return: @n / @d.
 */
static inline __u64 kiog_div64_rem(__u64 n, __u64 d, __u64 *rem)
{
#if KIOG_NATIVE_MATH
	*rem = n % d;
	return n / d;
#else
	__u64 q = 0, r = 0;
	int i;

	/* restoring long division, one bit per step */
	for (i = 63; i >= 0; i--) {
		__u64 carry = r >> 63;

		r = (r << 1) | ((n >> i) & 1);
		if (carry || r >= d) {
			r -= d;
			q |= 1ULL << i;
		}
	}
	*rem = r;
	return q;
#endif
}

/* @n / @d, @d not 0 */
static inline __u64 kiog_div64(__u64 n, __u64 d)
{
	__u64 rem;

	return kiog_div64_rem(n, d, &rem);
}

#endif /* _KIOGEN_DIV64_H */
