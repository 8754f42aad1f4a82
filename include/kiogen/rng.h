/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Seeded pseudo-random numbers shared by kiogen's kernel module and CLI.
 * xoshiro256** (Blackman and Vigna) seeded through splitmix64, plus Lemire's
 * unbiased bounded draw. Everything is integer arithmetic on fixed-width
 * values, so a seed gives the same stream in the kernel and in user space on
 * any architecture; that is what lets the CLI replay a kernel run's I/O.
 */
#ifndef _KIOGEN_RNG_H
#define _KIOGEN_RNG_H

#include <linux/types.h>
#include <kiogen/div64.h>

#define KIOG_GOLDEN_GAMMA 0x9e3779b97f4a7c15ULL

/**
 * struct kiog_rng - xoshiro256** generator state
 * @s: 256 bits of state; never all zero once seeded
 */
struct kiog_rng {
	__u64 s[4];
};

/* splitmix64 output function: a bijective 64-bit finalizer */
static inline __u64 __kiog_mix64(__u64 z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline __u64 __kiog_rotl64(__u64 x, unsigned int k)
{
	return (x << k) | (x >> (64 - k));
}

/**
 * kiog_rng_seed() - seed a generator from a 64-bit value
 * @r: generator
 * @seed: any value, zero included
 *
 * The state is four consecutive splitmix64 outputs; as the finalizer is a
 * bijection, at most one of them can be zero.
 */
static inline void kiog_rng_seed(struct kiog_rng *r, __u64 seed)
{
	int i;

	for (i = 0; i < 4; i++) {
		seed += KIOG_GOLDEN_GAMMA;
		r->s[i] = __kiog_mix64(seed);
	}
}

/**
 * kiog_rng_next() - next 64 random bits
 * @r: seeded generator
 *
 * Return: a uniformly distributed 64-bit value.
 */
static inline __u64 kiog_rng_next(struct kiog_rng *r)
{
	__u64 *s = r->s;
	__u64 res = __kiog_rotl64(s[1] * 5, 7) * 9;
	__u64 t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = __kiog_rotl64(s[3], 45);
	return res;
}

/**
 * kiog_rng_below() - uniform draw from [0, n)
 * @r: seeded generator
 * @n: bound, must be > 0
 *
 * Lemire's multiply-shift: the high half of a 64x64-bit product maps the draw
 * to [0, n); draws whose low half falls below 2^64 mod n would bias the
 * result and are rejected. The 64-bit modulo runs only when a rejection is
 * possible at all, which for small @n is about never.
 *
 * Return: a value in [0, n) with no modulo bias.
 */
static inline __u64 kiog_rng_below(struct kiog_rng *r, __u64 n)
{
	__u64 lo, hi = kiog_mul64_hi(kiog_rng_next(r), n, &lo);

	if (lo < n) {
		__u64 thresh;

		kiog_div64_rem(-n, n, &thresh);

		while (lo < thresh)
			hi = kiog_mul64_hi(kiog_rng_next(r), n, &lo);
	}
	return hi;
}

/**
 * kiog_seed_mix() - derive a seed from a seed and a discriminator
 * @a: parent seed
 * @b: discriminator, e.g. a job or worker number
 *
 * Order matters (mix(a, b) != mix(b, a) in general), and neighbouring
 * discriminators give unrelated seeds, so derived streams do not overlap in
 * any useful sense.
 *
 * Return: the derived seed.
 */
static inline __u64 kiog_seed_mix(__u64 a, __u64 b)
{
	return __kiog_mix64(a ^ __kiog_mix64(b + KIOG_GOLDEN_GAMMA));
}

#endif /* _KIOGEN_RNG_H */
