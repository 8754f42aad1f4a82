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
 * exp2(e * log2(x)), log2 within 2^-32 (a table and a series) and exp2 with
 * a 64-bit mantissa (a table entry per 4 bits), so a drawn rank is within a
 * few parts in 2^30 of the real-valued formula's. Zipf's zeta(n) is fio's
 * sum capped at 10M terms, computed in O(1) by Euler-Maclaurin (32 terms,
 * then the integral and two corrections: error below 2e-8), so
 * initialisation costs a few dozen powers.
 */
#ifndef _KIOGEN_DIST_H
#define _KIOGEN_DIST_H

#include <linux/types.h>
#include <linux/kiogen.h>

#include "div64.h"
#include "job.h"
#include "rng.h"

#define KIOG_FX_ONE		((__u64)1 << 32)
#define KIOG_FX_S64_MAX		((__s64)(~0ULL >> 1))
#define KIOG_DIST_PPM		1000000U	/* dist-param is in millionths */
#define KIOG_DIST_ZIPF_MAX	100000000U	/* theta at most 100 */
#define KIOG_ZIPF_MAX_GEN	10000000ULL	/* fio's cap of the zeta sum */
#define KIOG_ZETA_DIRECT	32		/* terms summed before the tail */
#define KIOG_GAUSS_ITERS	12		/* fio's: uniforms per normal draw */
#define KIOG_ZONE_SLOTS		100		/* zones are chosen by the percent */

/* 2^(-n * 2^-(4k+4)) in Q0.64, n a nibble of an exponent (1 is 2^64 - 1) */
static const __u64 kiog_fx_exp2_tab[8][16] = {
	{
		0xffffffffffffffffULL, 0xf5257d152486cc2cULL, 0xeac0c6e7dd24392eULL,
		0xe0ccdeec2a94e111ULL, 0xd744fccad69d6af4ULL, 0xce248c151f8480e3ULL,
		0xc5672a115506daddULL, 0xbd08a39f580c36beULL, 0xb504f333f9de6484ULL,
		0xad583eea42a14ac6ULL, 0xa5fed6a9b15138eaULL, 0x9ef5326091a111adULL,
		0x9837f0518db8a96fULL, 0x91c3d373ab11c336ULL, 0x8b95c1e3ea8bd6e6ULL,
		0x85aac367cc487b14ULL,
	},
	{
		0xffffffffffffffffULL, 0xff4ecb59511ec8a5ULL, 0xfe9e115c7b8f884bULL,
		0xfdedd1b496a89f34ULL, 0xfd3e0c0cf486c174ULL, 0xfc8ec01121e447bbULL,
		0xfbdfed6ce5f09c48ULL, 0xfb3193cc4227c3f4ULL, 0xfa83b2db722a033aULL,
		0xf9d64a46eb939f35ULL, 0xf92959bb5dd4ba74ULL, 0xf87ce0e5b2094d9bULL,
		0xf7d0df730ad13bb8ULL, 0xf7255510c4288238ULL, 0xf67a416c733f846dULL,
		0xf5cfa433e6537290ULL,
	},
	{
		0xffffffffffffffffULL, 0xfff4e91bff1b8c3dULL, 0xffe9d2b2f7db2755ULL,
		0xffdebcc4e4eb1841ULL, 0xffd3a751c0f7e10bULL, 0xffc8925986ae3ed0ULL,
		0xffbd7ddc30bb29b9ULL, 0xffb269d9b9cbd4faULL, 0xffa756521c8daed1ULL,
		0xff9c434553ae6082ULL, 0xff9130b359dbce53ULL, 0xff861e9c29c4178cULL,
		0xff7b0cffbe159675ULL, 0xff6ffbde117ee04eULL, 0xff64eb371eaec554ULL,
		0xff59db0ae05450baULL,
	},
	{
		0xffffffffffffffffULL, 0xffff4e8e25879bfaULL, 0xfffe9d1cc60ddab1ULL,
		0xfffdebabe19266e4ULL, 0xfffd3a3b7814eb53ULL, 0xfffc88cb899512beULL,
		0xfffbd75c161287e4ULL, 0xfffb25ed1d8cf586ULL, 0xfffa747ea0040664ULL,
		0xfff9c3109d77653eULL, 0xfff911a315e6bcd6ULL, 0xfff860360951b7ecULL,
		0xfff7aec977b80143ULL, 0xfff6fd5d6119439aULL, 0xfff64bf1c57529b5ULL,
		0xfff59a86a4cb5e55ULL,
	},
	{
		0xffffffffffffffffULL, 0xfffff4e8debe025eULL, 0xffffe9d1bdf703aeULL,
		0xffffdeba9dab03edULL, 0xffffd3a37dda0313ULL, 0xffffc88c5e84011cULL,
		0xffffbd753fa8fe02ULL, 0xffffb25e2148f9c0ULL, 0xffffa7470363f451ULL,
		0xffff9c2fe5f9edafULL, 0xffff9118c90ae5d5ULL, 0xffff8601ac96dcbeULL,
		0xffff7aea909dd265ULL, 0xffff6fd3751fc6c3ULL, 0xffff64bc5a1cb9d4ULL,
		0xffff59a53f94ab93ULL,
	},
	{
		0xffffffffffffffffULL, 0xffffff4e8de845adULL, 0xfffffe9d1bd1065aULL,
		0xfffffdeba9ba4205ULL, 0xfffffd3a37a3f8b0ULL, 0xfffffc88c58e2a5aULL,
		0xfffffbd75378d702ULL, 0xfffffb25e163fea9ULL, 0xfffffa746f4fa150ULL,
		0xfffff9c2fd3bbef5ULL, 0xfffff9118b28579aULL, 0xfffff86019156b3dULL,
		0xfffff7aea702f9dfULL, 0xfffff6fd34f10380ULL, 0xfffff64bc2df8820ULL,
		0xfffff59a50ce87c0ULL,
	},
	{
		0xffffffffffffffffULL, 0xfffffff4e8de80c0ULL, 0xffffffe9d1bd01fbULL,
		0xffffffdeba9b83b2ULL, 0xffffffd3a37a05e3ULL, 0xffffffc88c58888fULL,
		0xffffffbd75370bb7ULL, 0xffffffb25e158f59ULL, 0xffffffa746f41376ULL,
		0xffffff9c2fd2980fULL, 0xffffff9118b11d22ULL, 0xffffff86018fa2b1ULL,
		0xffffff7aea6e28baULL, 0xffffff6fd34caf3eULL, 0xffffff64bc2b363eULL,
		0xffffff59a509bdb8ULL,
	},
	{
		0xffffffffffffffffULL, 0xffffffff4e8de808ULL, 0xfffffffe9d1bd011ULL,
		0xfffffffdeba9b81aULL, 0xfffffffd3a37a024ULL, 0xfffffffc88c5882eULL,
		0xfffffffbd7537039ULL, 0xfffffffb25e15845ULL, 0xfffffffa746f4050ULL,
		0xfffffff9c2fd285dULL, 0xfffffff9118b1069ULL, 0xfffffff86018f877ULL,
		0xfffffff7aea6e084ULL, 0xfffffff6fd34c892ULL, 0xfffffff64bc2b0a1ULL,
		0xfffffff59a5098b0ULL,
	},
};

/* 2^64 / (1 + i/64), and log2(1 + i/64) in Q1.63: log2's first 6 bits */
static const __u64 kiog_fx_log2_inv[64] = {
	0xffffffffffffffffULL, 0xfc0fc0fc0fc0fc0fULL, 0xf83e0f83e0f83e0fULL,
	0xf4898d5f85bb3950ULL, 0xf0f0f0f0f0f0f0f0ULL, 0xed7303b5cc0ed730ULL,
	0xea0ea0ea0ea0ea0eULL, 0xe6c2b4481cd85689ULL, 0xe38e38e38e38e38eULL,
	0xe070381c0e070381ULL, 0xdd67c8a60dd67c8aULL, 0xda740da740da740dULL,
	0xd79435e50d79435eULL, 0xd4c77b03531dec0dULL, 0xd20d20d20d20d20dULL,
	0xcf6474a8819ec8e9ULL, 0xccccccccccccccccULL, 0xca4587e6b74f0329ULL,
	0xc7ce0c7ce0c7ce0cULL, 0xc565c87b5f9d4d1bULL, 0xc30c30c30c30c30cULL,
	0xc0c0c0c0c0c0c0c0ULL, 0xbe82fa0be82fa0beULL, 0xbc52640bc52640bcULL,
	0xba2e8ba2e8ba2e8bULL, 0xb81702e05c0b8170ULL, 0xb60b60b60b60b60bULL,
	0xb40b40b40b40b40bULL, 0xb21642c8590b2164ULL, 0xb02c0b02c0b02c0bULL,
	0xae4c415c9882b931ULL, 0xac7691840ac76918ULL, 0xaaaaaaaaaaaaaaaaULL,
	0xa8e83f5717c0a8e8ULL, 0xa72f05397829cbc1ULL, 0xa57eb50295fad40aULL,
	0xa3d70a3d70a3d70aULL, 0xa237c32b16cfd772ULL, 0xa0a0a0a0a0a0a0a0ULL,
	0x9f1165e7254813e2ULL, 0x9d89d89d89d89d89ULL, 0x9c09c09c09c09c09ULL,
	0x9a90e7d95bc609a9ULL, 0x991f1a515885fb37ULL, 0x97b425ed097b425eULL,
	0x964fda6c0964fda6ULL, 0x94f2094f2094f209ULL, 0x939a85c40939a85cULL,
	0x9249249249249249ULL, 0x90fdbc090fdbc090ULL, 0x8fb823ee08fb823eULL,
	0x8e78356d1408e783ULL, 0x8d3dcb08d3dcb08dULL, 0x8c08c08c08c08c08ULL,
	0x8ad8f2fba9386822ULL, 0x89ae4089ae4089aeULL, 0x8888888888888888ULL,
	0x8767ab5f34e47ef1ULL, 0x864b8a7de6d1d608ULL, 0x8534085340853408ULL,
	0x8421084210842108ULL, 0x83126e978d4fdf3bULL, 0x8208208208208208ULL,
	0x8102040810204081ULL,
};

static const __u64 kiog_fx_log2_tab[64] = {
	0x0000000000000000ULL, 0x02dcf2d0b85a4531ULL, 0x05aeb4dd63bf61ccULL,
	0x08759c4fd14fcd5aULL, 0x0b31fb7d64898b3eULL, 0x0de4212056d5dd32ULL,
	0x108c588cda79e396ULL, 0x132ae9e278ae1a1fULL, 0x15c01a39fbd687a0ULL,
	0x184c2bd02f03b2feULL, 0x1acf5e2db4ec93f0ULL, 0x1d49ee4c32596fc9ULL,
	0x1fbc16b902680a24ULL, 0x22260fb5a616eb96ULL, 0x24880f561c0e7305ULL,
	0x26e2499d499bd9b3ULL, 0x2934f0979a3715fdULL, 0x2b803473f7ad0f3fULL,
	0x2dc4439b3a19bcafULL, 0x30014ac62c38a865ULL, 0x323775123e2e1169ULL,
	0x3466ec14fec0a13bULL, 0x368fd7ee71054148ULL, 0x38b25f5a52b6acfdULL,
	0x3acea7c065d41dfcULL, 0x3ce4d543cea9a419ULL, 0x3ef50ad1960d9d9cULL,
	0x40ff6a2e5e65fcceULL, 0x4304140358ea9962ULL, 0x450327ea87950e78ULL,
	0x46fcc47a5740378fULL, 0x48f107509c9f2020ULL, 0x4ae00d1cfdeb43d0ULL,
	0x4cc9f1aad2729b22ULL, 0x4eaecfea80859b33ULL, 0x508ec1fa61aaa59cULL,
	0x5269e12f346e2bf9ULL, 0x5440461c22a3e378ULL, 0x5612089a6274cf0eULL,
	0x57df3fd07826bae3ULL, 0x59a802391e232f35ULL, 0x5b6c65a9d8652766ULL,
	0x5d2c7f59381d4f1cULL, 0x5ee863e4d40b9028ULL, 0x60a02756f9c1cb6fULL,
	0x6253dd2c1bbe2d02ULL, 0x64039858000b33f9ULL, 0x65af6b4ab2d7d7c0ULL,
	0x675767f54042cd9aULL, 0x68fb9fce38607b42ULL, 0x6a9c23d600534df3ULL,
	0x6c39049af321af5fULL, 0x6dd2523d54cb692dULL, 0x6f681c7319f9b6d4ULL,
	0x70fa728b868154ceULL, 0x72896372a4cc58d8ULL, 0x7414fdb4982259ccULL,
	0x759d4f80cba83bf9ULL, 0x772266acffd5b17aULL, 0x78a450b83805007fULL,
	0x7a231acd89a9caa9ULL, 0x7b9ed1c6cea541f6ULL, 0x7d17822f3c195539ULL,
	0x7e8d3845df08cd8aULL,
};

/* (@a * @b) >> @shift, signed, 0 < @shift < 64, no overflow */
static inline __s64 __kiog_smul(__s64 a, __s64 b, unsigned int shift)
{
	__u64 ua = a < 0 ? -(__u64)a : (__u64)a;
	__u64 ub = b < 0 ? -(__u64)b : (__u64)b;
	__u64 lo, hi = kiog_mul64_hi(ua, ub, &lo);
	__u64 r = hi << (64 - shift) | lo >> shift;

	return (a < 0) != (b < 0) ? -(__s64)r : (__s64)r;
}

#define KIOG_Q63_HALF		0x4000000000000000LL
#define KIOG_Q63_THIRD		0x2aaaaaaaaaaaaaabLL
#define KIOG_Q63_QUARTER	0x2000000000000000LL
#define KIOG_Q63_FIFTH		0x199999999999999aLL
#define KIOG_Q62_LOG2E		0x5c551d94ae0bf85eLL	/* 1 / ln 2 */

/**
 * kiog_fx_log2() - base-2 logarithm of an integer
 * @x: > 0
 *
 * The mantissa's first 6 bits come from a table (dividing by 1 + i/64 by a
 * multiplication), the rest r < 1 + 2^-6 from ln(r)'s series to t^5, whose
 * error is below 2^-38.
 *
 * Return: log2(@x) in Q32.32, within 2^-32.
 */
static inline __s64 kiog_fx_log2(__u64 x)
{
	unsigned int e = 63 - (unsigned int)__builtin_clzll(x);
	__u64 m = x << (63 - e), lo;
	unsigned int i = (unsigned int)(m >> 57) & 63;
	__s64 t = (__s64)(kiog_mul64_hi(m, kiog_fx_log2_inv[i], &lo) - (1ULL << 63));
	__s64 p, ln, sum;

	/* ln(1 + t) = t - t^2 (1/2 - t (1/3 - t (1/4 - t/5))), Q0.63 */
	p = KIOG_Q63_QUARTER - __kiog_smul(t, KIOG_Q63_FIFTH, 63);
	p = KIOG_Q63_THIRD - __kiog_smul(t, p, 63);
	p = KIOG_Q63_HALF - __kiog_smul(t, p, 63);
	ln = t - __kiog_smul(__kiog_smul(t, t, 63), p, 63);
	sum = (__s64)kiog_fx_log2_tab[i] + __kiog_smul(ln, KIOG_Q62_LOG2E, 62);
	/* a rounding below 0 at a power of two: log2 is exact there */
	return ((__s64)e << 32) + (sum > 0 ? sum >> 31 : 0);
}

/* 2^(-@g / 2^32) in Q0.64, in (0.5, 1]: a product of a table entry per nibble */
static inline __u64 __kiog_fx_exp2m(__u32 g)
{
	__u64 m = kiog_fx_exp2_tab[0][g >> 28], lo;
	int k;

	for (k = 1; k < 8; k++)
		m = kiog_mul64_hi(m, kiog_fx_exp2_tab[k][(g >> (28 - 4 * k)) & 15], &lo);
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
__u64 kiog_zeta(__u64 n, __s64 theta);

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
const char *kiog_dist_check(__u32 type, __u32 param,
			    const struct kiog_zones *zones);

/**
 * kiog_dist_zones_fit() - whether zoned_abs zones end inside the region
 * @zones: zones that passed kiog_dist_check()
 * @nr_blocks: blocks of the region
 * @bs: block size, bytes
 *
 * Return: 0, or -1 if a zone starts at or ends past the region's end.
 */
int kiog_dist_zones_fit(const struct kiog_zones *zones,
			__u64 nr_blocks, __u32 bs);

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
int kiog_dist_init(struct kiog_dist *d, __u32 type, __u32 param,
		   const struct kiog_zones *zones, __u64 nr_blocks,
		   __u32 bs);

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
