/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Block sizes and alignment of the workload generator, in fio's semantics:
 * a size per direction (bs=READ,WRITE), a range per direction (bsrange, a
 * size drawn as fio's get_next_buflen(): the smallest plus a uniform part of
 * the largest, rounded down to a multiple of the smallest unless
 * blocksize_unaligned, capped at the largest), a split per direction
 * (bssplit: a size by percentage, the entries taken in fio's order, by
 * increasing percentage), and the alignment of random offsets per direction
 * (blockalign, the smallest size by default). Trims (rw=trim, randtrim,
 * trimwrite) take one fixed size, fio's third bs (bs=READ,WRITE,TRIM), the
 * writes' smallest by default, as fio's last value goes on to the next.
 * Freestanding like workload.h, which calls it for every I/O when the sizes
 * are not one fixed bs.
 */
#ifndef _KIOGEN_BS_H
#define _KIOGEN_BS_H

#include <linux/types.h>
#include <linux/kiogen.h>
#ifndef __KERNEL__
#include <stddef.h>	/* NULL; the kernel's comes with <linux/types.h> */
#endif

#include "div64.h"
#include "job.h"
#include "rng.h"

#define KIOG_BS_STREAM		0x6273ULL	/* "bs": seeds the size stream */

struct kiog_wl_cfg;	/* workload.h, which includes this after defining it */

/* The directions a pattern issues: a mask of KIOG_BS_* (size classes). */
#define KIOG_BS_READ	1
#define KIOG_BS_WRITE	2
#define KIOG_BS_TRIM	4

/**
 * kiog_rw_dirs() - the directions an access pattern issues
 * @rw: enum kiogen_rw
 *
 * Return: a mask of KIOG_BS_READ, KIOG_BS_WRITE and KIOG_BS_TRIM.
 */
static inline __u32 kiog_rw_dirs(__u32 rw)
{
	switch (rw) {
	case KIOGEN_RW_READ:
	case KIOGEN_RW_RANDREAD:
		return KIOG_BS_READ;
	case KIOGEN_RW_WRITE:
	case KIOGEN_RW_RANDWRITE:
		return KIOG_BS_WRITE;
	case KIOGEN_RW_TRIM:
	case KIOGEN_RW_RANDTRIM:
		return KIOG_BS_TRIM;
	case KIOGEN_RW_TRIMWRITE:
		return KIOG_BS_TRIM | KIOG_BS_WRITE;
	default:
		return KIOG_BS_READ | KIOG_BS_WRITE;
	}
}

/* Does a pattern draw random offsets? */
static inline int kiog_rw_random(__u32 rw)
{
	return rw == KIOGEN_RW_RANDREAD || rw == KIOGEN_RW_RANDWRITE ||
	       rw == KIOGEN_RW_RANDRW || rw == KIOGEN_RW_RANDTRIM;
}

/* Does a pattern trim? */
static inline int kiog_rw_trims(__u32 rw)
{
	return !!(kiog_rw_dirs(rw) & KIOG_BS_TRIM);
}

/* One direction's sizes: [min, max], or the split's entries. */
struct kiog_bs_dir {
	__u32 min, max;			/* bytes */
	__u32 align;			/* bytes: random offsets are multiples */
	__u32 nr;			/* split entries, by increasing percent */
	__u32 bs[KIOGEN_MAX_ZONES];	/* bytes */
	__u8 perc[KIOGEN_MAX_ZONES];
};

/**
 * struct kiog_bs - the sizes of a worker's I/Os
 * @variable: sizes or alignment differ from one fixed bs: the generator
 *	asks kiog_bs_len() and kiog_bs_place() for each I/O
 */
struct kiog_bs {
	/* private: */
	struct kiog_rng rng;
	struct kiog_bs_dir d[KIOGEN_DATA_DIRS];	/* by enum kiogen_dir */
	__u8 unaligned;
	/* public: */
	__u8 variable;
};

/* The size class of direction @dir (enum kiogen_dir): an index of d[]. */
static inline unsigned int __kiog_bs_class(__u8 dir)
{
	return dir;
}

static inline __u64 __kiog_bs_mod(__u64 n, __u64 d)
{
	__u64 rem;

	kiog_div64_rem(n, d, &rem);
	return rem;
}

/* The table's entries of direction @write: count, and the sum of percents. */
static inline __u32 __kiog_bs_split_sum(const struct kiog_zones *t, int write,
					__u32 *nr)
{
	__u32 i, sum = 0;

	*nr = 0;
	for (i = 0; i < t->nr && i < 2 * KIOGEN_MAX_ZONES; i++) {
		if (!!(t->z[i] & KIOGEN_ZONE_WRITE) != write)
			continue;
		(*nr)++;
		sum += (__u32)(t->z[i] >> KIOGEN_ZONE_ACCESS_SHIFT & KIOGEN_ZONE_ACCESS_MASK);
	}
	return sum;
}

/**
 * kiog_bs_check() - is a job's choice of sizes valid?
 * @c: the stream; bs, bs_write, bs_max, bs_write_max, bssplit,
 *	blockalign and blockalign_write are looked at
 *
 * Bounds of each number are the spec's; this checks how they combine.
 *
 * Return: NULL, or a message that starts with fio's name of the culprit.
 */
const char *kiog_bs_check(const struct kiog_wl_cfg *c);

/**
 * kiog_bs_init() - the sizes of a stream
 * @b: initialised here
 * @c: the stream, kiog_bs_check() passed
 * @seed: the worker's seed
 */
void kiog_bs_init(struct kiog_bs *b, const struct kiog_wl_cfg *c,
		  __u64 seed);

/*
 * Smallest and largest sizes, and the offsets' unit (the finest alignment),
 * of the directions in @dirs, a mask of KIOG_BS_*.
 */
static inline __u32 __kiog_bs_least(const struct kiog_bs *b, __u32 dirs, int align)
{
	__u32 i, x, v = ~0U;

	for (i = 0; i < 3; i++) {
		x = align ? b->d[i].align : b->d[i].min;
		if (dirs & 1U << i && x < v)
			v = x;
	}
	return v;
}

static inline __u32 kiog_bs_min(const struct kiog_bs *b, __u32 dirs)
{
	return __kiog_bs_least(b, dirs, 0);
}

static inline __u32 kiog_bs_max(const struct kiog_bs *b, __u32 dirs)
{
	__u32 i, v = 0;

	for (i = 0; i < 3; i++)
		if (dirs & 1U << i && b->d[i].max > v)
			v = b->d[i].max;
	return v;
}

static inline __u32 kiog_bs_unit(const struct kiog_bs *b, __u32 dirs)
{
	return __kiog_bs_least(b, dirs, 1);
}

/**
 * kiog_bs_len() - the size of the next I/O of direction @dir
 * @b: the sizes
 * @dir: KIOGEN_DIR_READ, KIOGEN_DIR_WRITE or KIOGEN_DIR_TRIM
 *
 * fio's get_next_buflen(), with its rounding; a fixed size draws nothing.
 *
 * Return: bytes.
 */
static inline __u32 kiog_bs_len(struct kiog_bs *b, __u8 dir)
{
	const struct kiog_bs_dir *d = &b->d[__kiog_bs_class(dir)];
	__u64 r, len, lo;
	__u32 i, cum = 0, x;

	if (d->min == d->max)
		return d->min;
	if (d->nr) {
		/* a percent in [0, 100); a sum under 100 leaves the rest to the last */
		x = (__u32)kiog_rng_below(&b->rng, 100);
		len = d->bs[d->nr - 1];
		for (i = 0; i < d->nr; i++) {
			cum += d->perc[i];
			if (d->perc[i] && x < cum) {
				len = d->bs[i];
				break;
			}
		}
	} else {
		r = kiog_rng_next(&b->rng);
		len = d->min + kiog_mul64_hi(r, d->max, &lo);
	}
	if (!b->unaligned)
		len -= (d->min & (d->min - 1)) ? __kiog_bs_mod(len, d->min) :
		       len & (d->min - 1);
	return len > d->max ? d->max : (__u32)len;
}

/**
 * kiog_bs_place() - a random offset for an I/O of @len bytes
 * @b: the sizes
 * @dir: its direction
 * @off: bytes into a region of @size bytes, a multiple of kiog_bs_unit()
 * @len: its size, at most @size
 * @size: bytes of the region
 *
 * Rounds @off down to the direction's alignment; an I/O that would cross
 * the region's end is moved back to end there (at an aligned offset), so
 * that the sizes keep their shares (fio draws another size instead).
 *
 * Return: the offset, bytes into the region.
 */
static inline __u64 kiog_bs_place(const struct kiog_bs *b, __u8 dir, __u64 off,
				  __u32 len, __u64 size)
{
	__u32 a = b->d[__kiog_bs_class(dir)].align;

	if (off + len > size)
		off = size - len;
	return off - ((a & (a - 1)) ? __kiog_bs_mod(off, a) : off & (a - 1));
}

/**
 * kiog_bs_check_align() - do the sizes suit a target's alignment?
 * @b: the sizes, initialised
 * @align: bytes every size and offset must be a multiple of (O_DIRECT's
 *	or the device's logical block size; 1: any)
 *
 * Return: NULL, or a message that starts with fio's name of the culprit.
 */
const char *kiog_bs_check_align(const struct kiog_bs *b, __u32 align);

/**
 * kiog_bs_blocks() - the random offsets of a region
 * @b: the sizes, initialised
 * @rw: the pattern, enum kiogen_rw
 * @size: bytes of the region, at least the largest size
 * @unit: set to the offsets' unit, bytes
 *
 * Return: how many offsets, multiples of @unit, the smallest I/O fits at.
 */
__u64 kiog_bs_blocks(const struct kiog_bs *b, __u32 rw, __u64 size,
		     __u32 *unit);

/* The largest I/O of pattern @rw, enum kiogen_rw: a buffer's size. */
__u32 kiog_bs_largest(const struct kiog_bs *b, __u32 rw);

#endif /* _KIOGEN_BS_H */
