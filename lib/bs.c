// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Setting up the block sizes (include/kiogen/bs.h): fio's bs, bsrange,
 * bssplit and blockalign checked, laid out per direction, and the region's
 * largest size and block count. Run once per job or worker; drawing a size
 * stays inline in the header. Built into both kiogen.ko and the CLI.
 */
#include <kiogen/workload.h>	/* struct kiog_wl_cfg, then bs.h */

const char *kiog_bs_check(const struct kiog_wl_cfg *c)
{
	const struct kiog_zones *t = &c->bssplit;
	__u32 i, nr, sum;
	int w;

	if (c->bs_write && c->bs_write < KIOGEN_MIN_BS)
		return "bs: the writes' size is below min-bs";
	if (c->bs_trim && c->bs_trim < KIOGEN_MIN_BS)
		return "bs: the trims' size is below min-bs";
	if (c->bs_max && c->bs_max < c->bs)
		return "bsrange: the reads' largest size is below their smallest (bs)";
	if (c->bs_write_max && c->bs_write_max < (c->bs_write ? c->bs_write : c->bs))
		return "bsrange: the writes' largest size is below their smallest (bs)";
	if (t->nr > 2 * KIOGEN_MAX_ZONES)
		return "bssplit: more entries than fit";
	for (i = 0; i < t->nr; i++) {
		__u64 sz = t->z[i] & KIOGEN_ZONE_SIZE_MASK;

		if (sz < KIOGEN_MIN_BS || sz > KIOGEN_MAX_BS)
			return "bssplit: a size is out of range (min-bs to max-bs)";
	}
	for (w = 0; w < 2; w++) {
		sum = __kiog_bs_split_sum(t, w, &nr);
		if (nr > KIOGEN_MAX_ZONES)
			return "bssplit: more than max-zones entries a direction";
		if (nr && (!sum || sum > 100))
			return "bssplit: a direction's percentages add up to 0 or more than 100";
	}
	return NULL;
}

/* One direction's sizes from the job; @write: the writes'. */
static void __kiog_bs_dir_init(struct kiog_bs_dir *d,
			       const struct kiog_wl_cfg *c, int write)
{
	const struct kiog_zones *t = &c->bssplit;
	__u32 i, k, bs;
	__u8 perc;

	d->min = write && c->bs_write ? c->bs_write : c->bs;
	d->max = write ? c->bs_write_max : c->bs_max;
	if (d->max < d->min)
		d->max = d->min;
	d->nr = 0;
	for (i = 0; i < t->nr; i++) {
		if (!!(t->z[i] & KIOGEN_ZONE_WRITE) != write)
			continue;
		bs = (__u32)(t->z[i] & KIOGEN_ZONE_SIZE_MASK);
		perc = (__u8)(t->z[i] >> KIOGEN_ZONE_ACCESS_SHIFT & KIOGEN_ZONE_ACCESS_MASK);
		if (!d->nr || bs < d->min)
			d->min = bs;
		if (!d->nr || bs > d->max)
			d->max = bs;
		/* insertion by increasing percent, stable: fio's qsort order */
		for (k = d->nr; k && d->perc[k - 1] > perc; k--) {
			d->perc[k] = d->perc[k - 1];
			d->bs[k] = d->bs[k - 1];
		}
		d->perc[k] = perc;
		d->bs[k] = bs;
		d->nr++;
	}
	d->align = write ? c->blockalign_write : c->blockalign;
	if (!d->align)
		d->align = d->min;
}

void kiog_bs_init(struct kiog_bs *b, const struct kiog_wl_cfg *c,
		  __u64 seed)
{
	const struct kiog_bs_dir *r = &b->d[KIOGEN_DIR_READ];
	const struct kiog_bs_dir *w = &b->d[KIOGEN_DIR_WRITE];

	struct kiog_bs_dir *t = &b->d[KIOGEN_DIR_TRIM];

	__kiog_bs_dir_init(&b->d[KIOGEN_DIR_READ], c, 0);
	__kiog_bs_dir_init(&b->d[KIOGEN_DIR_WRITE], c, 1);
	/* one fixed size, fio's third bs; the writes' smallest by default */
	t->min = c->bs_trim ? c->bs_trim : w->min;
	t->max = t->min;
	t->align = t->min;
	t->nr = 0;
	b->unaligned = c->blocksize_unaligned;
	kiog_rng_seed(&b->rng, kiog_seed_mix(seed, KIOG_BS_STREAM));
	b->variable = r->min != r->max || w->min != w->max || r->min != w->min ||
		      r->align != r->min || w->align != w->min || t->min != w->min;
}

const char *kiog_bs_check_align(const struct kiog_bs *b, __u32 align)
{
	__u32 i;
	int d;

	if (align <= 1)
		return NULL;
	if (b->unaligned)
		return "blocksize_unaligned: the target takes only multiples of its alignment";
	for (d = 0; d < 3; d++) {
		const struct kiog_bs_dir *x = &b->d[d];

		for (i = 0; i < x->nr; i++)
			if (x->bs[i] % align)
				return "bssplit: a size is not a multiple of the alignment";
		if (x->min % align || x->max % align)
			return "bs: not a multiple of the target's alignment";
		if (x->align % align)
			return "blockalign: not a multiple of the target's alignment";
	}
	return NULL;
}

__u64 kiog_bs_blocks(const struct kiog_bs *b, __u32 rw, __u64 size,
		     __u32 *unit)
{
	__u32 dirs = kiog_rw_dirs(rw), min = kiog_bs_min(b, dirs);

	if (!b->variable) {
		*unit = min;
		return kiog_div64(size, min);
	}
	*unit = kiog_bs_unit(b, dirs);
	return size < min ? 0 : kiog_div64(size - min, *unit) + 1;
}

__u32 kiog_bs_largest(const struct kiog_bs *b, __u32 rw)
{
	return kiog_bs_max(b, kiog_rw_dirs(rw));
}
