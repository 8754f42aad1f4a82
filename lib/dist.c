// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Setting up fio's random_distribution (include/kiogen/dist.h): the
 * parameters' check, zoned_abs zones against the region, and the constants
 * of zipf, pareto, normal and the zones' slots, zeta(n) among them. Run once
 * per worker; the draws stay inline in the header. Built into both kiogen.ko
 * and the CLI, as the kernel builds kernel/bpf/disasm.c into both vmlinux and
 * bpftool.
 */
#include <kiogen/dist.h>

__u64 kiog_zeta(__u64 n, __s64 theta)
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

const char *kiog_dist_check(__u32 type, __u32 param,
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

int kiog_dist_zones_fit(const struct kiog_zones *zones,
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

int kiog_dist_init(struct kiog_dist *d, __u32 type, __u32 param,
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
