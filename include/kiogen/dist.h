/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The non-uniform block choices of the workload generator, fio's
 * random_distribution: zipf and pareto (fio's lib/zipf.c, zipf after Gray et
 * al., "Quickly generating billion-record synthetic databases"), normal
 * (fio's lib/gauss.c) and zoned/zoned_abs (fio's io_u.c), with fio's
 * algorithms and constants in integer and fixed-point arithmetic, since the
 * kernel runs them too. Both paths compute the same constants with the same
 * integer code and draw the same ranks from one seed.
 *
 * Fixed point is Q32.32 (the kiog_fx_* helpers); a power is
 * exp2(e * log2(x)) with 32 fractional bits of log2 and a 64-bit mantissa
 * for exp2, so a drawn rank is within a few parts in 2^30 of the real-valued
 * formula's. Zipf's zeta(n) is fio's sum capped at 10M terms, computed in
 * O(1) by Euler-Maclaurin (32 terms, then the integral and two corrections:
 * error below 1e-8), so initialisation costs a few dozen powers.
 */
#ifndef _KIOGEN_DIST_H
#define _KIOGEN_DIST_H

#include <linux/types.h>
#include <linux/kiogen.h>

#include "div64.h"
#include "job.h"
#include "rng.h"

#define KIOG_FX_ONE		(1ULL << 32)
#define KIOG_FX_S64_MAX		((__s64)(~0ULL >> 1))
#define KIOG_DIST_PPM		1000000U	/* dist-param is in millionths */
#define KIOG_DIST_ZIPF_MAX	100000000U	/* theta at most 100 */
#define KIOG_ZIPF_MAX_GEN	10000000ULL	/* fio's cap of the zeta sum */
#define KIOG_ZETA_DIRECT	32		/* terms summed before the tail */
#define KIOG_GAUSS_ITERS	12		/* fio's: uniforms per normal draw */
#define KIOG_ZONE_SLOTS		100		/* zones are chosen by the percent */

/* 2^(-2^-(j+1)) in Q0.64, j = 0..31 */
static const __u64 kiog_fx_exp2_tab[32] = {
	0xb504f333f9de6484ULL, 0xd744fccad69d6af4ULL, 0xeac0c6e7dd24392eULL,
	0xf5257d152486cc2cULL, 0xfa83b2db722a033aULL, 0xfd3e0c0cf486c174ULL,
	0xfe9e115c7b8f884bULL, 0xff4ecb59511ec8a5ULL, 0xffa756521c8daed1ULL,
	0xffd3a751c0f7e10bULL, 0xffe9d2b2f7db2755ULL, 0xfff4e91bff1b8c3dULL,
	0xfffa747ea0040664ULL, 0xfffd3a3b7814eb53ULL, 0xfffe9d1cc60ddab1ULL,
	0xffff4e8e25879bfaULL, 0xffffa7470363f451ULL, 0xffffd3a37dda0313ULL,
	0xffffe9d1bdf703aeULL, 0xfffff4e8debe025eULL, 0xfffffa746f4fa150ULL,
	0xfffffd3a37a3f8b0ULL, 0xfffffe9d1bd1065aULL, 0xffffff4e8de845adULL,
	0xffffffa746f41376ULL, 0xffffffd3a37a05e3ULL, 0xffffffe9d1bd01fbULL,
	0xfffffff4e8de80c0ULL, 0xfffffffa746f4050ULL, 0xfffffffd3a37a024ULL,
	0xfffffffe9d1bd011ULL, 0xffffffff4e8de808ULL,
};

/**
 * kiog_fx_log2() - base-2 logarithm of an integer
 * @x: > 0
 *
 * The mantissa is squared once per fractional bit: a squared mantissa of 2
 * or more is a 1 bit, and is halved.
 *
 * Return: log2(@x) in Q32.32, 32 exact fractional bits (truncated).
 */
static inline __s64 kiog_fx_log2(__u64 x)
{
	unsigned int e = 63 - (unsigned int)__builtin_clzll(x);
	__u64 m = x << (63 - e), r = (__u64)e << 32, hi, lo;
	int i;

	/* branch-free: the bits are random, a branch would mispredict half */
	for (i = 31; i >= 0; i--) {
		__u64 bit, mask;

		hi = kiog_mul64_hi(m, m, &lo);
		bit = hi >> 63;
		mask = -bit;
		r |= bit << i;
		m = (hi & mask) | ((hi << 1 | lo >> 63) & ~mask);
	}
	return (__s64)r;
}

/* 2^(-@g / 2^32) in Q0.64, in (0.5, 1]: a product of table entries */
static inline __u64 __kiog_fx_exp2m(__u32 g)
{
	__u64 m = ~0ULL, lo, r, mask;
	int j;

	/* branch-free, as log2; a 0 bit multiplies by 1 - 2^-64 */
	for (j = 0; j < 32; j++, g <<= 1) {
		mask = -(__u64)(g >> 31);
		r = kiog_mul64_hi(m, kiog_fx_exp2_tab[j] | ~mask, &lo);
		m = r;
	}
	return m;
}

/**
 * kiog_fx_exp2_neg() - 2 to a non-positive power, with 64 fractional bits
 * @y: the power's magnitude, Q32.32
 *
 * Return: 2^-@y in Q0.64 (1 is 2^64 - 1).
 */
static inline __u64 kiog_fx_exp2_neg(__u64 y)
{
	__u64 k = y >> 32;

	return k >= 64 ? 0 : __kiog_fx_exp2m((__u32)y) >> k;
}

/**
 * kiog_fx_exp2() - 2 to a power
 * @y: Q32.32
 *
 * Return: 2^@y in Q32.32, saturated at 2^64 - 1.
 */
static inline __u64 kiog_fx_exp2(__s64 y)
{
	/* 2^y = 2^c * 2^-(c - y), c = ceil(y) */
	__s64 c = (y >> 32) + !!(y & 0xffffffffLL);
	__u64 m = __kiog_fx_exp2m(-(__u32)y);

	if (c <= -32)
		return 0;
	if (c <= 32)
		return m >> (32 - c);
	if (c >= 96 || m >> (96 - c))
		return ~0ULL;
	return m << (c - 32);
}

/* @a * @b, Q32.32 signed, saturated */
static inline __s64 kiog_fx_mul(__s64 a, __s64 b)
{
	__u64 ua = a < 0 ? -(__u64)a : (__u64)a;
	__u64 ub = b < 0 ? -(__u64)b : (__u64)b;
	__u64 lo, hi = kiog_mul64_hi(ua, ub, &lo);
	__u64 r = hi >> 31 ? (__u64)KIOG_FX_S64_MAX : hi << 32 | lo >> 32;

	return (a < 0) != (b < 0) ? -(__s64)r : (__s64)r;
}

/* @a / @b in Q32.32, for unsigned @a and @b in any one scale; saturated */
static inline __u64 kiog_fx_div(__u64 a, __u64 b)
{
	__u64 r, q = kiog_div64_rem(a, b, &r);
	int i;

	if (q >> 32)
		return ~0ULL;
	q <<= 32;
	for (i = 31; i >= 0; i--) {
		__u64 carry = r >> 63;

		r <<= 1;
		if (carry || r >= b) {
			r -= b;
			q |= 1ULL << i;
		}
	}
	return q;
}

/* @i^-@e in Q32.32, @e a positive Q32.32 */
static inline __u64 __kiog_fx_ipow_neg(__u64 i, __s64 e)
{
	return kiog_fx_exp2_neg((__u64)kiog_fx_mul(e, kiog_fx_log2(i))) >> 32;
}

/* log2 of a positive Q32.32 value, Q32.32 */
static inline __s64 __kiog_fx_log2q(__u64 x)
{
	return kiog_fx_log2(x ? x : 1) - (32LL << 32);
}

/**
 * kiog_zeta() - fio's zeta sum: sum of i^-theta for i = 1..min(n, 10M)
 * @n: ranks, > 0
 * @theta: Q32.32, > 0 and not 1
 *
 * Euler-Maclaurin past the first terms: the sum from K to m is the
 * integral, plus (f(K) + f(m)) / 2, plus (f'(m) - f'(K)) / 12.
 *
 * Return: the sum in Q32.32.
 */
static inline __u64 kiog_zeta(__u64 n, __s64 theta)
{
	__u64 m = n < KIOG_ZIPF_MAX_GEN ? n : KIOG_ZIPF_MAX_GEN, k = KIOG_ZETA_DIRECT;
	__s64 one_m = (__s64)KIOG_FX_ONE - theta, th1 = theta + (__s64)KIOG_FX_ONE;
	__u64 sum = 0, i, pm, pk, integral, corr;

	for (i = 1; i <= m && i < k; i++)
		sum += __kiog_fx_ipow_neg(i, theta);
	if (m < k)
		return sum;
	/* (m^(1-theta) - K^(1-theta)) / (1 - theta), both signs */
	pm = kiog_fx_exp2(kiog_fx_mul(one_m, kiog_fx_log2(m)));
	pk = kiog_fx_exp2(kiog_fx_mul(one_m, kiog_fx_log2(k)));
	integral = kiog_fx_div(pm > pk ? pm - pk : pk - pm,
			       one_m < 0 ? -(__u64)one_m : (__u64)one_m);
	sum += integral;
	sum += (__kiog_fx_ipow_neg(k, theta) + __kiog_fx_ipow_neg(m, theta)) >> 1;
	/* theta / 12 * (K^-(theta+1) - m^-(theta+1)) */
	corr = __kiog_fx_ipow_neg(k, th1) - __kiog_fx_ipow_neg(m, th1);
	sum += (__u64)kiog_fx_mul((__s64)kiog_div64((__u64)theta, 12), (__s64)corr);
	return sum;
}

/**
 * struct kiog_dist - state of a non-uniform block choice
 * @type: enum kiogen_random_distribution, not RANDOM
 * @scatter: ranks are scattered over the region by the caller's permutation
 *	(fio hashes them), so the hot blocks are not neighbours
 */
struct kiog_dist {
	__u8 type;
	__u8 scatter;
	/* private: */
	__u8 zoned[2];			/* direction has zones */
	__u8 slot[2][KIOG_ZONE_SLOTS];	/* percent -> zone */
	__u64 n;			/* ranks: the region's blocks */
	__u64 t1, t2;			/* zipf: u below is rank 0, 1; Q0.32 */
	__s64 alpha;			/* zipf: 1 / (1 - theta); pareto: power */
	__s64 eta;			/* zipf, theta < 1: Gray's eta */
	__s64 log_e;			/* zipf, theta > 1: log2(-eta) */
	__u64 stddev;			/* normal: fio's deviation, blocks */
	struct {
		__u64 start, nr;	/* blocks */
	} zone[2][KIOGEN_MAX_ZONES];
};

/**
 * kiog_dist_check() - whether a distribution's parameters can be used
 * @type: enum kiogen_random_distribution
 * @param: dist-param
 * @zones: the zones
 *
 * What does not depend on the region; zoned_abs sizes are checked against
 * it by kiog_dist_init().
 *
 * Return: 0 (no message), or what is wrong, for a message.
 */
static inline const char *kiog_dist_check(__u32 type, __u32 param,
					  const struct kiog_zones *zones)
{
	__u32 access[2] = { 0, 0 }, size[2] = { 0, 0 }, count[2] = { 0, 0 }, i;
	int zoned = type == KIOGEN_RANDOM_DISTRIBUTION_ZONED ||
		    type == KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS;

	switch (type) {
	case KIOGEN_RANDOM_DISTRIBUTION_ZIPF:
		if (!param || param == KIOG_DIST_PPM || param > KIOG_DIST_ZIPF_MAX)
			return "zipf theta: not in (0, 100], or 1";
		break;
	case KIOGEN_RANDOM_DISTRIBUTION_PARETO:
		if (!param || param >= KIOG_DIST_PPM)
			return "pareto h: not in (0, 1)";
		break;
	case KIOGEN_RANDOM_DISTRIBUTION_NORMAL:
		if (param >= 100 * KIOG_DIST_PPM)
			return "normal deviation: not in [0, 100)";
		break;
	case KIOGEN_RANDOM_DISTRIBUTION_RANDOM:
	case KIOGEN_RANDOM_DISTRIBUTION_ZONED:
	case KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS:
		break;
	default:
		return "no such distribution";
	}
	if (zones->nr > 2 * KIOGEN_MAX_ZONES)
		return "zones: more than max-zones a direction, or not u64s";
	if (zones->nr && !zoned)
		return "zones: the distribution is not zoned";
	for (i = 0; i < zones->nr; i++) {
		__u64 z = zones->z[i];
		int d = !!(z & KIOGEN_ZONE_WRITE);
		__u64 sz = z & KIOGEN_ZONE_SIZE_MASK;

		if (++count[d] > KIOGEN_MAX_ZONES)
			return "zones: more than max-zones a direction";
		access[d] += (z >> KIOGEN_ZONE_ACCESS_SHIFT) & KIOGEN_ZONE_ACCESS_MASK;
		if (!sz)
			return "zones: a zone of size 0";
		if (type == KIOGEN_RANDOM_DISTRIBUTION_ZONED) {
			size[d] += sz > 100 ? 101 : (__u32)sz;
			if (size[d] > 100)
				return "zones: sizes add up to more than 100%";
		}
	}
	for (i = 0; i < 2; i++)
		if (count[i] && access[i] != 100)
			return "zones: access percentages do not add up to 100";
	return (const char *)0;
}

/**
 * kiog_dist_zones_fit() - whether zoned_abs zones end inside the region
 * @zones: zones that passed kiog_dist_check()
 * @nr_blocks: blocks of the region
 * @bs: block size, bytes
 *
 * Return: 0, or -1 if a zone starts at or ends past the region's end.
 */
static inline int kiog_dist_zones_fit(const struct kiog_zones *zones,
				      __u64 nr_blocks, __u32 bs)
{
	__u64 end[2] = { 0, 0 };
	__u32 i;

	for (i = 0; i < zones->nr; i++) {
		__u64 sz = zones->z[i] & KIOGEN_ZONE_SIZE_MASK;
		int dir = !!(zones->z[i] & KIOGEN_ZONE_WRITE);

		if (kiog_div64(end[dir], bs) >= nr_blocks)
			return -1;
		end[dir] += sz;
		if (end[dir] < sz || kiog_div64(end[dir], bs) > nr_blocks)
			return -1;
	}
	return 0;
}

/**
 * kiog_dist_init() - set a distribution up for a region
 * @d: state to fill in
 * @type: enum kiogen_random_distribution, not RANDOM; kiog_dist_check() passed
 * @param: dist-param
 * @zones: the zones
 * @nr_blocks: blocks of the region, > 0
 * @bs: block size, bytes
 *
 * Return: 0, or -1 if zoned_abs zones end past the region.
 */
static inline int kiog_dist_init(struct kiog_dist *d, __u32 type, __u32 param,
				 const struct kiog_zones *zones, __u64 nr_blocks,
				 __u32 bs)
{
	__s64 theta = (__s64)kiog_fx_div(param, KIOG_DIST_PPM);
	__u64 end[2] = { 0, 0 }, zetan, zeta2;
	__u32 nz[2] = { 0, 0 }, slot[2] = { 0, 0 }, pcum[2] = { 0, 0 }, i, j;

	*d = (struct kiog_dist) { .type = (__u8)type, .n = nr_blocks };
	switch (type) {
	case KIOGEN_RANDOM_DISTRIBUTION_ZIPF:
		d->scatter = 1;
		zetan = kiog_zeta(nr_blocks, theta);
		zeta2 = KIOG_FX_ONE + (kiog_fx_exp2_neg((__u64)theta) >> 32);
		d->t1 = kiog_fx_div(KIOG_FX_ONE, zetan);
		d->t2 = kiog_fx_div(zeta2, zetan);
		d->alpha = (__s64)kiog_fx_div(KIOG_DIST_PPM, param > KIOG_DIST_PPM ?
					      param - KIOG_DIST_PPM : KIOG_DIST_PPM - param);
		if (param > KIOG_DIST_PPM)
			d->alpha = -d->alpha;
		if (nr_blocks < 3)	/* ranks 0 and 1 are all there is */
			break;
		/* eta = (1 - (2/n)^(1-theta)) / (1 - zeta2/zetan) */
		{
			__s64 l2n = kiog_fx_log2(nr_blocks) - (__s64)KIOG_FX_ONE;
			__s64 a = kiog_fx_mul(theta - (__s64)KIOG_FX_ONE, l2n);
			__u64 den = KIOG_FX_ONE - kiog_fx_div(zeta2, zetan);

			if (param < KIOG_DIST_PPM) {
				/* (2/n)^(1-theta) = 2^a */
				d->eta = (__s64)kiog_fx_div(KIOG_FX_ONE - kiog_fx_exp2(a), den);
			} else {
				/* -eta = (2^a - 1) / den can be huge: keep its log */
				__s64 l = a >= (32LL << 32) ? a :
					  __kiog_fx_log2q(kiog_fx_exp2(a) - KIOG_FX_ONE);

				d->log_e = l - __kiog_fx_log2q(den);
			}
		}
		break;
	case KIOGEN_RANDOM_DISTRIBUTION_PARETO:
		d->scatter = 1;
		/* log(h) / log(1 - h) */
		d->alpha = (__s64)kiog_fx_div((__u64)(kiog_fx_log2(KIOG_DIST_PPM) -
						      kiog_fx_log2(param)),
					      (__u64)(kiog_fx_log2(KIOG_DIST_PPM) -
						      kiog_fx_log2(KIOG_DIST_PPM - param)));
		break;
	case KIOGEN_RANDOM_DISTRIBUTION_NORMAL: {
		/* ceil(n * dev / 100), at most n / 2 */
		__u64 r, q = kiog_div64_rem(nr_blocks, 100ULL * KIOG_DIST_PPM, &r);

		d->scatter = 1;
		d->stddev = q * param + kiog_div64(r * param + 100ULL * KIOG_DIST_PPM - 1,
						   100ULL * KIOG_DIST_PPM);
		if (d->stddev > nr_blocks >> 1)
			d->stddev = nr_blocks >> 1;
		break;
	}
	default:
		if (type == KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS &&
		    kiog_dist_zones_fit(zones, nr_blocks, bs))
			return -1;
		for (i = 0; i < zones->nr; i++) {
			__u64 z = zones->z[i], sz = z & KIOGEN_ZONE_SIZE_MASK, start, nr;
			__u32 access = (__u32)(z >> KIOGEN_ZONE_ACCESS_SHIFT) &
				       KIOGEN_ZONE_ACCESS_MASK;
			int dir = !!(z & KIOGEN_ZONE_WRITE);

			if (type == KIOGEN_RANDOM_DISTRIBUTION_ZONED) {
				/* fio: start = prev% * n / 100, nr = n * size% / 100 */
				start = kiog_div64(pcum[dir] * nr_blocks, 100);
				nr = kiog_div64(nr_blocks * sz, 100);
				pcum[dir] += (__u32)sz;
			} else {
				start = kiog_div64(end[dir], bs);
				end[dir] += sz;
				nr = kiog_div64(end[dir], bs) - start;
			}
			if (!nr)	/* smaller than a block: its first one */
				nr = 1;
			d->zone[dir][nz[dir]].start = start;
			d->zone[dir][nz[dir]].nr = nr;
			for (j = 0; j < access; j++)
				d->slot[dir][slot[dir]++] = (__u8)nz[dir];
			nz[dir]++;
			d->zoned[dir] = 1;
		}
		break;
	}
	return 0;
}

/* zipf: Gray et al. as fio, the rank in [0, n) */
static inline __u64 __kiog_dist_zipf(const struct kiog_dist *d, struct kiog_rng *r)
{
	__u64 u = kiog_rng_next(r) >> 32, w = KIOG_FX_ONE - u, p;
	__s64 lx;

	if (u < d->t1)
		return 0;
	if (u < d->t2 || d->n < 3)
		return 1;
	if (d->alpha > 0) {
		/* theta < 1: x = 1 - eta * (1 - u), in (0, 1] */
		__s64 x = (__s64)KIOG_FX_ONE - kiog_fx_mul(d->eta, (__s64)w);

		lx = __kiog_fx_log2q(x > 0 ? (__u64)x : 1);
	} else {
		/* theta > 1: log2(1 + 2^z), z = log2(-eta * (1 - u)) */
		__s64 z = d->log_e + __kiog_fx_log2q(w);

		lx = z >= (31LL << 32) ? z :
		     __kiog_fx_log2q(kiog_fx_exp2(z) + KIOG_FX_ONE);
	}
	/* x^alpha <= 1: its power is <= 0 */
	p = kiog_fx_exp2_neg((__u64)-kiog_fx_mul(d->alpha, lx));
	p = kiog_mul64_hi(d->n, p, &u);
	return p < d->n ? p : d->n - 1;
}

/* pareto: (n - 1) * u^power, as fio */
static inline __u64 __kiog_dist_pareto(const struct kiog_dist *d, struct kiog_rng *r)
{
	__u64 u = kiog_rng_next(r) >> 32, lo;

	if (!u)
		return 0;
	u = kiog_fx_exp2_neg((__u64)-kiog_fx_mul(d->alpha, __kiog_fx_log2q(u)));
	return kiog_mul64_hi(d->n - 1, u, &lo);
}

/*
 * fio's normal: the mean of 12 uniforms on [0, n], moved by a uniform in
 * [-stddev/2, stddev/2) that is halved until the block is in the region.
 */
static inline __u64 __kiog_dist_normal(const struct kiog_dist *d, struct kiog_rng *r)
{
	__u64 sum = 0, lo;
	__s64 dev;
	int i;

	for (i = 0; i < KIOG_GAUSS_ITERS; i++)
		sum += kiog_rng_below(r, d->n + 1);
	sum = kiog_div64(sum + KIOG_GAUSS_ITERS - 1, KIOG_GAUSS_ITERS);
	if (d->stddev) {
		dev = (__s64)kiog_mul64_hi(d->stddev, kiog_rng_next(r), &lo) -
		      (__s64)(d->stddev >> 1);
		while (dev && ((__s64)sum + dev < 0 || sum + dev >= d->n))
			dev = dev < 0 ? -(-dev >> 1) : dev >> 1;
		sum += dev;
	}
	return sum < d->n ? sum : d->n - 1;
}

/**
 * kiog_dist_next() - the next block or rank
 * @d: initialised state
 * @r: the generator's offset stream
 * @dir: KIOGEN_DIR_READ or KIOGEN_DIR_WRITE, for zones
 *
 * Return: a rank in [0, n) to scatter if @d->scatter, else a block.
 */
static inline __u64 kiog_dist_next(const struct kiog_dist *d, struct kiog_rng *r,
				   __u8 dir)
{
	int w = dir == KIOGEN_DIR_WRITE;

	switch (d->type) {
	case KIOGEN_RANDOM_DISTRIBUTION_ZIPF:
		return __kiog_dist_zipf(d, r);
	case KIOGEN_RANDOM_DISTRIBUTION_PARETO:
		return __kiog_dist_pareto(d, r);
	case KIOGEN_RANDOM_DISTRIBUTION_NORMAL:
		return __kiog_dist_normal(d, r);
	default: {
		__u8 z;

		if (!d->zoned[w])
			return kiog_rng_below(r, d->n);
		z = d->slot[w][kiog_rng_below(r, KIOG_ZONE_SLOTS)];
		return d->zone[w][z].start + kiog_rng_below(r, d->zone[w][z].nr);
	}
	}
}

#endif /* _KIOGEN_DIST_H */
