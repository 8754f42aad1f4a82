// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host unit tests of include/kiogen/workload.h: config validation, offset
 * alignment and bounds in every mode, once-per-pass coverage of the random
 * map, sequential wrap, read/write mix, determinism of the stream digest and
 * a pinned digest per mode, so that a change to the stream (which would break
 * kernel/CLI replay across versions) cannot go unnoticed. Prints TAP and exits
 * non-zero if any case failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <kiogen/workload.h>

#include "tap.h"

#define U32(x)		(&(const __u32){ x })
#define U64(x)		(&(const __u64){ x })

static const char *const rw_name[] = {
	[KIOGEN_RW_READ] = "read",		[KIOGEN_RW_WRITE] = "write",
	[KIOGEN_RW_RANDREAD] = "randread",	[KIOGEN_RW_RANDWRITE] = "randwrite",
	[KIOGEN_RW_RW] = "rw",			[KIOGEN_RW_RANDRW] = "randrw",
	[KIOGEN_RW_TRIM] = "trim",		[KIOGEN_RW_RANDTRIM] = "randtrim",
	[KIOGEN_RW_TRIMWRITE] = "trimwrite",
};

static struct kiog_wl_cfg cfg_of(__u32 rw, __u32 bs, __u64 nr_blocks, __u64 seed)
{
	struct kiog_wl_cfg c = KIOG_JOB_DEFAULT_INIT(KIOG_JOB_WL_FIELDS);

	c.rw = rw;
	c.bs = bs;
	c.size = nr_blocks * bs;
	c.seed = seed;
	return c;
}

static int cmp_u64(const void *a, const void *b)
{
	__u64 x = *(const __u64 *)a, y = *(const __u64 *)b;

	return x < y ? -1 : x > y;
}

static int t_init_valid(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(0, 4096, 1, 0);
	struct kiog_wl wl;
	int nrm;

	(void)arg;
	for (c.rw = KIOGEN_RW_READ; c.rw < __KIOGEN_RW_MAX; c.rw++)
		for (nrm = 0; nrm < 2; nrm++) {
			c.norandommap = nrm;
			CHECK(kiog_wl_init(&wl, &c) == 0, "%s rejected", rw_name[c.rw]);
		}
	c.rw = KIOGEN_RW_RANDRW;
	c.rwmixread = 100;
	c.offset = ~0ULL - c.size;
	CHECK(kiog_wl_init(&wl, &c) == 0, "region ending at 2^64 - 1 rejected");
	return 1;
}

static int t_init_bs0(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_READ, 4096, 8, 0);
	struct kiog_wl wl;

	(void)arg;
	c.bs = 0;
	CHECK(kiog_wl_init(&wl, &c) == -1, "bs 0 accepted");
	return 1;
}

static int t_init_small(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, 4096, 1, 0);
	struct kiog_wl wl;

	(void)arg;
	c.size = 4095;
	CHECK(kiog_wl_init(&wl, &c) == -1, "size 4095 < bs 4096 accepted");
	c.size = 0;
	CHECK(kiog_wl_init(&wl, &c) == -1, "size 0 accepted");
	return 1;
}

static int t_init_rw(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(0, 4096, 8, 0);
	struct kiog_wl wl;

	(void)arg;
	CHECK(kiog_wl_init(&wl, &c) == -1, "rw 0 accepted");
	c.rw = __KIOGEN_RW_MAX;
	CHECK(kiog_wl_init(&wl, &c) == -1, "rw __KIOGEN_RW_MAX accepted");
	c.rw = ~0U;
	CHECK(kiog_wl_init(&wl, &c) == -1, "rw ~0 accepted");
	return 1;
}

static int t_init_rwmix(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDRW, 4096, 8, 0);
	struct kiog_wl wl;

	(void)arg;
	c.rwmixread = 101;
	CHECK(kiog_wl_init(&wl, &c) == -1, "rwmixread 101 accepted");
	return 1;
}

static int t_init_wrap(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_READ, 4096, 8, 0);
	struct kiog_wl wl;

	(void)arg;
	c.offset = ~0ULL - 4096;
	CHECK(kiog_wl_init(&wl, &c) == -1, "region wrapping past 2^64 accepted");
	return 1;
}

/* unaligned base, a tail, five passes, with and without the random map */
static int t_bounds(const void *arg)
{
	const __u32 rw = *(const __u32 *)arg, bs = 4096;
	const __u64 base = 1000, nr = 1000, end = base + nr * bs;
	struct kiog_wl_cfg c = cfg_of(rw, bs, nr, 1);
	struct kiog_wl wl;
	struct kiog_io io;
	int i, nrm;

	c.offset = base;
	c.size += 100;
	for (nrm = 0; nrm < 2; nrm++) {
		c.norandommap = nrm;
		CHECK(kiog_wl_init(&wl, &c) == 0, "init failed");
		for (i = 0; i < 5 * (int)nr; i++) {
			kiog_wl_next(&wl, &io);
			CHECK(io.offset >= base && io.offset + io.len <= end,
			      "I/O %d at %llu+%u outside [%llu, %llu)", i, io.offset,
			      io.len, base, end);
			CHECK((io.offset - base) % bs == 0, "I/O %d at %llu unaligned",
			      i, io.offset);
			CHECK(io.len == bs, "I/O %d len %u", i, io.len);
			CHECK(io.dir == KIOGEN_DIR_READ || io.dir == KIOGEN_DIR_WRITE,
			      "I/O %d dir %u", i, io.dir);
		}
	}
	return 1;
}

static int t_tail(const void *arg)
{
	static const __u32 rws[] = { KIOGEN_RW_READ, KIOGEN_RW_RANDWRITE, KIOGEN_RW_RANDRW };
	const __u32 bs = 4096;
	struct kiog_wl_cfg c;
	struct kiog_wl wl;
	struct kiog_io io;
	unsigned int seen;
	size_t r;
	int i, nrm;

	(void)arg;
	for (r = 0; r < ARRAY_SIZE(rws); r++) {
		for (nrm = 0; nrm < 2; nrm++) {
			c = cfg_of(rws[r], bs, 10, 3);
			c.size += bs - 1;
			c.norandommap = nrm;
			CHECK(kiog_wl_init(&wl, &c) == 0, "init failed");
			for (i = 0, seen = 0; i < 1000; i++) {
				kiog_wl_next(&wl, &io);
				CHECK(io.offset + io.len <= 10 * bs, "%s: I/O at %llu in the tail",
				      rw_name[rws[r]], io.offset);
				seen |= 1U << (io.offset / bs);
			}
			CHECK(seen == 0x3ff, "%s: blocks touched %#x, want 0x3ff",
			      rw_name[rws[r]], seen);
		}
	}
	return 1;
}

static int t_perm_cover(const void *arg)
{
	const __u64 nr = *(const __u64 *)arg;
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, 512, nr, 9);
	unsigned char *seen = calloc(nr, 1);
	struct kiog_wl wl;
	struct kiog_io io;
	__u64 i, b;
	int pass, ok = 1;

	CHECK(seen, "out of memory");
	if (kiog_wl_init(&wl, &c)) {
		free(seen);
		return fail("init failed");
	}
	for (pass = 0; pass < 3 && ok; pass++) {
		memset(seen, 0, nr);
		for (i = 0; i < nr && ok; i++) {
			kiog_wl_next(&wl, &io);
			b = io.offset / 512;
			if (b >= nr || seen[b])
				ok = fail("pass %d, I/O %llu: block %llu %s", pass, i, b,
					  b >= nr ? "out of range" : "visited twice");
			else
				seen[b] = 1;
		}
	}
	free(seen);
	return ok;
}

static void pass_order(struct kiog_wl *wl, __u64 *order, __u64 nr)
{
	struct kiog_io io;
	__u64 i;

	for (i = 0; i < nr; i++) {
		kiog_wl_next(wl, &io);
		order[i] = io.offset / 512;
	}
}

static int t_perm_new_order(const void *arg)
{
	static const __u64 sizes[] = { 7, 1000 };
	__u64 a[1000], b[1000];
	struct kiog_wl_cfg c;
	struct kiog_wl wl;
	size_t s;
	int pass;

	(void)arg;
	for (s = 0; s < ARRAY_SIZE(sizes); s++) {
		c = cfg_of(KIOGEN_RW_RANDREAD, 512, sizes[s], 21);
		CHECK(kiog_wl_init(&wl, &c) == 0, "init failed");
		pass_order(&wl, a, sizes[s]);
		for (pass = 1; pass < 4; pass++) {
			pass_order(&wl, b, sizes[s]);
			CHECK(memcmp(a, b, sizes[s] * sizeof(a[0])),
			      "nr_blocks %llu: pass %d repeats the previous order",
			      sizes[s], pass);
			memcpy(a, b, sizeof(a));
		}
	}
	return 1;
}

/*
 * Weak permutations show up as fixed points, as consecutive I/Os landing near
 * each other (a random pair is within nr/100 with probability 2%), or as a
 * first half-pass that favours part of the region.
 */
static int t_perm_scattered(const void *arg)
{
	const __u64 nr = 100003;
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, 512, nr, 5);
	__u64 *order = malloc(nr * sizeof(*order));
	__u64 i, near = 0, fixed = 0, decile[10] = { 0 };
	struct kiog_wl wl;
	int d;

	(void)arg;
	CHECK(order, "out of memory");
	kiog_wl_init(&wl, &c);
	pass_order(&wl, order, nr);
	for (i = 0; i < nr; i++) {
		if (i)
			near += (order[i] > order[i - 1] ? order[i] - order[i - 1] :
				 order[i - 1] - order[i]) < nr / 100;
		fixed += order[i] == i;
		if (i < nr / 2)
			decile[order[i] * 10 / nr]++;
	}
	free(order);
	CHECK(fixed < 10, "%llu fixed points in one pass", fixed);
	CHECK(near < nr * 3 / 100, "%llu of %llu consecutive I/Os within nr/100", near, nr);
	for (d = 0; d < 10; d++)
		CHECK(decile[d] > nr / 20 * 96 / 100 && decile[d] < nr / 20 * 104 / 100,
		      "first half-pass: %llu I/Os in decile %d, want %llu +- 4%%",
		      decile[d], d, nr / 20);
	return 1;
}

/* 2^51 blocks: the widest Feistel domain a test can walk in part */
static int t_perm_huge(const void *arg)
{
	enum { N = 200000 };
	const __u64 nr = 1ULL << 51;
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDWRITE, 512, nr, 8);
	__u64 *offs = malloc(N * sizeof(*offs));
	struct kiog_wl wl;
	struct kiog_io io;
	int i, dup = 0, out = 0;

	(void)arg;
	CHECK(offs, "out of memory");
	c.offset = 1ULL << 62;
	kiog_wl_init(&wl, &c);
	for (i = 0; i < N; i++) {
		kiog_wl_next(&wl, &io);
		out += io.offset < c.offset || io.offset - c.offset >= c.size ||
		       io.offset % 512;
		offs[i] = io.offset;
	}
	qsort(offs, N, sizeof(*offs), cmp_u64);
	for (i = 1; i < N; i++)
		dup += offs[i] == offs[i - 1];
	free(offs);
	CHECK(!out, "%d offsets out of range or unaligned", out);
	CHECK(!dup, "%d repeated offsets within one pass", dup);
	return 1;
}

/* I/O @i of a one-file stream of @nr blocks a pass: the first of a pass after the first? */
static int new_pass_at(int i, int nr)
{
	return i && i % nr == 0;
}

/* the wrap starts a new pass, and no other I/O does; a short tail is no block */
static int t_seq_wrap(const void *arg)
{
	static const __u32 rws[] = { KIOGEN_RW_READ, KIOGEN_RW_WRITE, KIOGEN_RW_RW };
	struct kiog_wl_cfg c;
	struct kiog_wl wl;
	struct kiog_io io;
	size_t r;
	int i;

	(void)arg;
	for (r = 0; r < ARRAY_SIZE(rws); r++) {
		c = cfg_of(rws[r], 4096, 5, 1);
		c.offset = 8192;
		c.size += 100;
		kiog_wl_init(&wl, &c);
		for (i = 0; i < 12; i++) {
			kiog_wl_next(&wl, &io);
			CHECK(io.offset == 8192 + (__u64)(i % 5) * 4096,
			      "%s: I/O %d at %llu, want %llu", rw_name[rws[r]], i,
			      io.offset, 8192 + (__u64)(i % 5) * 4096);
			CHECK(!!(io.flags & KIOG_IO_NEW_PASS) == new_pass_at(i, 5),
			      "%s: I/O %d, flags %#x", rw_name[rws[r]], i, io.flags);
		}
	}
	return 1;
}

static int count_reads(__u32 rw, __u32 rwmixread, int n, int *reads)
{
	struct kiog_wl_cfg c = cfg_of(rw, 4096, 1000, 17);
	struct kiog_wl wl;
	struct kiog_io io;
	int i;

	c.rwmixread = rwmixread;
	if (kiog_wl_init(&wl, &c))
		return -1;
	for (i = *reads = 0; i < n; i++) {
		kiog_wl_next(&wl, &io);
		*reads += io.dir == KIOGEN_DIR_READ;
	}
	return 0;
}

static int t_rwmix90(const void *arg)
{
	static const __u32 rws[] = { KIOGEN_RW_RW, KIOGEN_RW_RANDRW };
	size_t r;
	int reads;

	(void)arg;
	for (r = 0; r < ARRAY_SIZE(rws); r++) {
		CHECK(!count_reads(rws[r], 90, 100000, &reads), "init failed");
		CHECK(reads >= 89000 && reads <= 91000, "%s: %d reads of 100000",
		      rw_name[rws[r]], reads);
	}
	return 1;
}

static int t_rwmix_extremes(const void *arg)
{
	const __u32 mix = *(const __u32 *)arg;
	static const __u32 rws[] = { KIOGEN_RW_RW, KIOGEN_RW_RANDRW };
	size_t r;
	int reads;

	for (r = 0; r < ARRAY_SIZE(rws); r++) {
		CHECK(!count_reads(rws[r], mix, 100000, &reads), "init failed");
		CHECK(reads == (int)mix * 1000, "%s rwmixread=%u: %d reads of 100000",
		      rw_name[rws[r]], mix, reads);
	}
	return 1;
}

/* rwmixread must not leak into the fixed-direction modes */
static int t_fixed_dir(const void *arg)
{
	static const struct { __u32 rw, mix; int reads; } t[] = {
		{ KIOGEN_RW_READ, 0, 10000 },	{ KIOGEN_RW_RANDREAD, 0, 10000 },
		{ KIOGEN_RW_WRITE, 100, 0 },	{ KIOGEN_RW_RANDWRITE, 100, 0 },
	};
	size_t i;
	int reads;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		CHECK(!count_reads(t[i].rw, t[i].mix, 10000, &reads), "init failed");
		CHECK(reads == t[i].reads, "%s: %d reads of 10000, want %d",
		      rw_name[t[i].rw], reads, t[i].reads);
	}
	return 1;
}

static __u64 digest_of(const struct kiog_wl_cfg *c, int n)
{
	struct kiog_wl wl;
	struct kiog_io io;
	int i;

	if (kiog_wl_init(&wl, c))
		return 0;
	for (i = 0; i < n; i++)
		kiog_wl_next(&wl, &io);
	return wl.digest;
}

static int t_same_seed(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDRW, 4096, 1000, 77);
	struct kiog_wl a, b;
	struct kiog_io x, y;
	int i, nrm;

	(void)arg;
	for (nrm = 0; nrm < 2; nrm++) {
		c.norandommap = nrm;
		kiog_wl_init(&a, &c);
		kiog_wl_init(&b, &c);
		for (i = 0; i < 10000; i++) {
			kiog_wl_next(&a, &x);
			kiog_wl_next(&b, &y);
			CHECK(x.offset == y.offset && x.len == y.len && x.dir == y.dir,
			      "I/O %d differs", i);
		}
		CHECK(a.digest == b.digest && a.digest, "digests %#llx and %#llx",
		      a.digest, b.digest);
	}
	return 1;
}

static int t_diff_seed(const void *arg)
{
	static const struct { __u32 rw; __u8 nrm; } t[] = {
		{ KIOGEN_RW_RANDREAD, 0 }, { KIOGEN_RW_RANDREAD, 1 },
		{ KIOGEN_RW_RANDWRITE, 0 }, { KIOGEN_RW_RW, 0 }, { KIOGEN_RW_RANDRW, 0 },
	};
	struct kiog_wl_cfg c;
	size_t i;
	__u64 d1;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		c = cfg_of(t[i].rw, 4096, 1000, 77);
		c.norandommap = t[i].nrm;
		d1 = digest_of(&c, 10000);

		c.seed = 78;
		CHECK(d1 != digest_of(&c, 10000), "%s%s: seeds 77 and 78 agree",
		      rw_name[t[i].rw], t[i].nrm ? " norandommap" : "");
	}
	return 1;
}

static int t_digest_dir(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDRW, 4096, 1000, 5);
	__u64 d1;

	(void)arg;
	c.rwmixread = 10;
	d1 = digest_of(&c, 1000);
	c.rwmixread = 90;
	CHECK(d1 != digest_of(&c, 1000), "digest ignores the direction");
	return 1;
}

static int t_digest_fold(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDRW, 4096, 1000, 6);
	struct kiog_wl wl;
	struct kiog_io io;
	__u64 d = 0;
	int i;

	(void)arg;
	kiog_wl_init(&wl, &c);
	CHECK(wl.digest == 0, "fresh generator: digest %#llx", wl.digest);
	for (i = 0; i < 5000; i++) {
		kiog_wl_next(&wl, &io);
		d = kiog_io_digest(d, &io);
	}
	CHECK(wl.digest == d, "digest %#llx, folded by hand %#llx", wl.digest, d);
	return 1;
}

static int t_issued(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_READ, 4096, 10, 6);
	struct kiog_wl wl;
	struct kiog_io io;
	int i;

	(void)arg;
	kiog_wl_init(&wl, &c);
	CHECK(wl.issued == 0, "fresh generator: issued %llu", wl.issued);
	for (i = 0; i < 25; i++)
		kiog_wl_next(&wl, &io);
	CHECK(wl.issued == 25, "issued %llu after 25 calls", wl.issued);
	return 1;
}

/* randrw at any mix walks the offsets of randread with the same seed */
static int t_offsets_vs_rwmix(const void *arg)
{
	static const __u32 mixes[] = { 0, 37, 100 };
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, 4096, 1000, 31);
	struct kiog_wl ref, wl[3];
	struct kiog_io want, io;
	int i, m, nrm;

	(void)arg;
	for (nrm = 0; nrm < 2; nrm++) {
		c.rw = KIOGEN_RW_RANDREAD;
		c.norandommap = nrm;
		kiog_wl_init(&ref, &c);
		c.rw = KIOGEN_RW_RANDRW;
		for (m = 0; m < 3; m++) {
			c.rwmixread = mixes[m];
			kiog_wl_init(&wl[m], &c);
		}
		for (i = 0; i < 10000; i++) {
			kiog_wl_next(&ref, &want);
			for (m = 0; m < 3; m++) {
				kiog_wl_next(&wl[m], &io);
				CHECK(io.offset == want.offset,
				      "I/O %d, rwmixread %u: offset %llu, randread has %llu",
				      i, mixes[m], io.offset, want.offset);
			}
		}
	}
	return 1;
}

static int t_norandommap(const void *arg)
{
	enum { NR = 1000 };
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, 4096, NR, 13);
	unsigned int seen[NR] = { 0 };
	struct kiog_wl wl;
	struct kiog_io io;
	int i, repeats = 0, missing = 0;

	(void)arg;
	c.norandommap = 1;
	c.offset = 4096;
	kiog_wl_init(&wl, &c);
	for (i = 0; i < 100 * NR; i++) {
		kiog_wl_next(&wl, &io);
		CHECK(io.offset >= 4096 && io.offset < 4096 + NR * 4096,
		      "I/O %d at %llu out of range", i, io.offset);
		if (i < NR)
			repeats += seen[(io.offset - 4096) / 4096] != 0;
		seen[(io.offset - 4096) / 4096]++;
	}
	for (i = 0; i < NR; i++)
		missing += !seen[i];
	CHECK(repeats > 0, "no block repeated in the first %d draws", NR);
	CHECK(!missing, "%d blocks never drawn in %d draws", missing, 100 * NR);
	return 1;
}

/* Of @n I/Os of @c, how many took the block after the previous one. */
static int seq_followers(struct kiog_wl_cfg c, int n, __u64 *first)
{
	__u64 nr = c.size / c.bs, prev = 0;
	struct kiog_wl wl;
	struct kiog_io io;
	int i, follow = 0;

	if (kiog_wl_init(&wl, &c))
		return -1;
	for (i = 0; i < n; i++) {
		kiog_wl_next(&wl, &io);
		if (i)
			follow += (io.offset - c.offset) / c.bs == (prev + 1) % nr;
		else
			*first = io.offset;
		prev = (io.offset - c.offset) / c.bs;
	}
	return follow;
}

static int t_percentage_random(const void *arg)
{
	enum { N = 100000 };
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, 4096, 1 << 20, 21);
	struct kiog_wl a, b;
	struct kiog_io x, y;
	__u64 first;
	int i, f, nrm;

	(void)arg;
	c.percentage_random = 101;
	CHECK(kiog_wl_init(&a, &c) == -1, "percentage_random 101 accepted");
	for (nrm = 0; nrm < 2; nrm++) {
		c.norandommap = nrm;
		c.percentage_random = 0;
		f = seq_followers(c, N, &first);
		CHECK(f == N - 1 && first == 0,
		      "norandommap=%d, 0%%: %d of %d followed, first at %llu",
		      nrm, f, N - 1, first);
		c.percentage_random = 50;
		f = seq_followers(c, N, &first);
		CHECK(f > N * 49 / 100 && f < N * 51 / 100,
		      "norandommap=%d, 50%%: %d of %d followed the previous I/O",
		      nrm, f, N - 1);
		c.percentage_random = 100;
		f = seq_followers(c, N, &first);
		CHECK(f < 10, "norandommap=%d, 100%%: %d followed", nrm, f);
	}
	/* the choice is in the stream digest (100 is pinned by t_golden) */
	c = cfg_of(KIOGEN_RW_RANDRW, 4096, 1000, 5);
	kiog_wl_init(&a, &c);
	c.percentage_random = 99;
	kiog_wl_init(&b, &c);
	for (i = 0; i < 1000; i++) {
		kiog_wl_next(&a, &x);
		kiog_wl_next(&b, &y);
	}
	CHECK(a.digest != b.digest, "99%% random gave the 100%% stream");
	/* sequential patterns ignore it */
	c = cfg_of(KIOGEN_RW_READ, 4096, 1000, 5);
	c.percentage_random = 0;
	kiog_wl_init(&a, &c);
	c.percentage_random = 100;
	kiog_wl_init(&b, &c);
	for (i = 0; i < 1000; i++) {
		kiog_wl_next(&a, &x);
		kiog_wl_next(&b, &y);
	}
	CHECK(a.digest == b.digest, "percentage_random changed a sequential stream");
	return 1;
}

static int t_worker_seed(const void *arg)
{
	enum { G = 64 };
	__u64 v[G * G + 1];
	int j, w, i, dup = 0;

	(void)arg;
	for (j = 0; j < G; j++)
		for (w = 0; w < G; w++)
			v[j * G + w] = kiog_wl_worker_seed(42, j, w);
	v[G * G] = kiog_wl_worker_seed(43, 0, 0);
	qsort(v, G * G + 1, sizeof(v[0]), cmp_u64);
	for (i = 1; i <= G * G; i++)
		dup += v[i] == v[i - 1];
	CHECK(!dup, "%d collisions among worker seeds", dup);
	CHECK(kiog_wl_worker_seed(42, 1, 2) == kiog_wl_worker_seed(42, 1, 2),
	      "worker seed not deterministic");
	return 1;
}

/*
 * Pinned stream digests: the kernel and every CLI version must produce these
 * streams. A change here is a deliberate, versioned break of replay.
 */
/* randtrim: only trims, of bs's third size, each block once per pass */
static int t_randtrim(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDTRIM, 4096, 1024, 5);
	static __u8 seen[64];
	struct kiog_wl wl;
	struct kiog_io io;
	int i;

	(void)arg;
	c.bs_trim = 65536;	/* 1024 blocks of 4k: 64 of 64k */
	CHECK(kiog_rw_writes(c.rw) && !kiog_rw_reads(c.rw), "randtrim: writes %d reads %d",
	      kiog_rw_writes(c.rw), kiog_rw_reads(c.rw));
	CHECK(kiog_wl_init(&wl, &c) == 0, "init failed");
	for (i = 0; i < 64; i++) {
		kiog_wl_next(&wl, &io);
		CHECK(io.dir == KIOGEN_DIR_TRIM && io.len == 65536, "I/O %d: dir %u len %u", i,
		      io.dir, io.len);
		CHECK(io.offset % 65536 == 0 && io.offset + io.len <= c.size,
		      "I/O %d at %llu", i, (unsigned long long)io.offset);
		CHECK(!seen[io.offset / 65536]++, "block %llu twice in a pass",
		      (unsigned long long)io.offset / 65536);
	}
	return 1;
}

/*
 * trimwrite: each block trimmed, then written at the same offset and size; a
 * pass starts with its first trim, never with the write after it
 */
static int t_trimwrite(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_TRIMWRITE, 8192, 100, 5);
	struct kiog_wl wl;
	struct kiog_io t, w;
	int i;

	(void)arg;
	CHECK(kiog_wl_init(&wl, &c) == 0, "init failed");
	for (i = 0; i < 250; i++) {
		kiog_wl_next(&wl, &t);
		kiog_wl_next(&wl, &w);
		CHECK(t.dir == KIOGEN_DIR_TRIM && w.dir == KIOGEN_DIR_WRITE,
		      "pair %d: dirs %u %u", i, t.dir, w.dir);
		CHECK(t.offset == (__u64)(i % 100) * 8192 && w.offset == t.offset &&
		      t.len == 8192 && w.len == t.len, "pair %d: trim %llu+%u, write %llu+%u",
		      i, (unsigned long long)t.offset, t.len, (unsigned long long)w.offset, w.len);
		CHECK(!!(t.flags & KIOG_IO_NEW_PASS) == new_pass_at(i, 100) && !w.flags,
		      "pair %d: trim flags %#x, write flags %#x", i, t.flags, w.flags);
	}
	CHECK(wl.issued == 500, "issued %llu", (unsigned long long)wl.issued);
	return 1;
}

/* rw=read:4k over 10 blocks: 5 I/Os a pass, the one that wraps starts the next */
static int t_pass_hole(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_READ, 4096, 10, 1);
	struct kiog_wl wl;
	struct kiog_io io;
	int i;

	(void)arg;
	c.rw_seq_add = 4096;
	kiog_wl_init(&wl, &c);
	for (i = 0; i < 23; i++) {
		kiog_wl_next(&wl, &io);
		CHECK(io.offset == (__u64)(i % 5) * 8192 &&
		      !!(io.flags & KIOG_IO_NEW_PASS) == new_pass_at(i, 5),
		      "I/O %d at %llu, flags %#x", i, (unsigned long long)io.offset, io.flags);
	}
	return 1;
}

/* a random map: the first I/O after a walk of all blocks, short way or not */
static int t_pass_perm(const void *arg)
{
	static const __u32 rws[] = { KIOGEN_RW_RANDREAD, KIOGEN_RW_RANDWRITE,
				     KIOGEN_RW_RANDRW, KIOGEN_RW_RANDTRIM };
	struct kiog_wl_cfg c;
	struct kiog_wl wl;
	struct kiog_io io;
	size_t r;
	int i;

	(void)arg;
	for (r = 0; r < ARRAY_SIZE(rws); r++) {
		c = cfg_of(rws[r], 4096, 7, 3);
		kiog_wl_init(&wl, &c);
		for (i = 0; i < 50; i++) {
			kiog_wl_next(&wl, &io);
			CHECK(!!(io.flags & KIOG_IO_NEW_PASS) == new_pass_at(i, 7),
			      "%s%s: I/O %d, flags %#x", rw_name[rws[r]],
			      wl.plain ? " (short way)" : "", i, io.flags);
		}
	}
	return 1;
}

/* random orders without a map never wrap around: no pass starts, as fio's */
static int t_pass_none(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, 4096, 16, 3);
	struct kiog_wl wl;
	struct kiog_io io;
	int i, d;

	(void)arg;
	for (d = 0; d < 2; d++) {
		c.norandommap = !d;
		c.random_distribution = d ? KIOGEN_RANDOM_DISTRIBUTION_ZIPF :
					KIOGEN_RANDOM_DISTRIBUTION_RANDOM;
		c.dist_param = d ? 1200000 : 0;
		CHECK(kiog_wl_init(&wl, &c) == 0, "init failed");
		for (i = 0; i < 16 * 10; i++) {
			kiog_wl_next(&wl, &io);
			CHECK(!io.flags, "%s: I/O %d, flags %#x",
			      d ? "zipf" : "norandommap", i, io.flags);
		}
	}
	return 1;
}

/*
 * Several files, every file_service_type, sequential and random: each
 * file's own I/Os start a pass every nr_blocks of them, after its first.
 */
static int t_pass_files(const void *arg)
{
	enum { FILES = 3, BLOCKS = 4, PASSES = 5 };
	static const __u32 rws[] = { KIOGEN_RW_READ, KIOGEN_RW_RANDREAD };
	struct kiog_wl_file files[FILES];
	int seen[FILES], flagged[FILES];
	struct kiog_wl_cfg c;
	struct kiog_wl wl;
	struct kiog_io io;
	__u32 fst;
	size_t r;
	int i, f;

	(void)arg;
	for (r = 0; r < ARRAY_SIZE(rws); r++)
		for (fst = KIOGEN_FILE_SERVICE_ROUNDROBIN;
		     fst <= KIOGEN_FILE_SERVICE_SEQUENTIAL; fst++) {
			c = cfg_of(rws[r], 4096, BLOCKS, 11);
			c.file_service_type = fst;
			c.file_service_nr = 2;
			CHECK(kiog_wl_init(&wl, &c) == 0, "init failed");
			kiog_wl_files(&wl, files, FILES, NULL);
			memset(seen, 0, sizeof(seen));
			memset(flagged, 0, sizeof(flagged));
			for (i = 0; i < FILES * BLOCKS * PASSES; i++) {
				kiog_wl_next(&wl, &io);
				f = (int)io.file;
				CHECK(!!(io.flags & KIOG_IO_NEW_PASS) ==
				      new_pass_at(seen[f], BLOCKS),
				      "%s, service %u: I/O %d, file %d's %d-th, flags %#x",
				      rw_name[rws[r]], fst, i, f, seen[f], io.flags);
				flagged[f] += !!io.flags;
				seen[f]++;
			}
			for (f = 0; f < FILES; f++)
				CHECK(seen[f] == BLOCKS * PASSES &&
				      flagged[f] == PASSES - 1,
				      "%s, service %u: file %d: %d I/Os, %d passes started",
				      rw_name[rws[r]], fst, f, seen[f], flagged[f]);
		}
	return 1;
}

/* fio's rule: not time based, every pass; time based, buffered only */
static int t_pass_drops(const void *arg)
{
	(void)arg;
	CHECK(!kiog_wl_pass_drops(0, 0, 0) && !kiog_wl_pass_drops(0, 1, 1),
	      "invalidate=0 drops");
	CHECK(kiog_wl_pass_drops(1, 0, 0) && kiog_wl_pass_drops(1, 1, 0),
	      "a job that is not time based keeps its cache");
	CHECK(kiog_wl_pass_drops(1, 0, 1) && !kiog_wl_pass_drops(1, 1, 1),
	      "time based: buffered keeps, or direct drops");
	return 1;
}

static const struct {
	__u32 rw;
	__u8 nrm;
	__u64 digest;
} golden[] = {
	{ KIOGEN_RW_READ, 0, 0xdc60f5683215010dULL },
	{ KIOGEN_RW_WRITE, 0, 0x3485d1ffd78546edULL },
	{ KIOGEN_RW_RANDREAD, 0, 0x725314ea3a674e9dULL },
	{ KIOGEN_RW_RANDREAD, 1, 0x2e7e10bc00e98d8eULL },
	{ KIOGEN_RW_RANDWRITE, 0, 0xef1a612125b2b39cULL },
	{ KIOGEN_RW_RW, 0, 0x7bc1594cf2af2679ULL },
	{ KIOGEN_RW_RANDRW, 0, 0x6ee80a76608a6eceULL },
	{ KIOGEN_RW_RANDRW, 1, 0x64f99bab90c5a312ULL },
};

static struct kiog_wl_cfg golden_cfg(size_t i)
{
	struct kiog_wl_cfg c = cfg_of(golden[i].rw, 4096, 1000, 0);

	c.offset = 1 << 20;
	c.size += 123;
	c.rwmixread = 70;
	c.seed = kiog_wl_worker_seed(42, 1, 2);
	c.norandommap = golden[i].nrm;
	return c;
}

static int t_golden(const void *arg)
{
	struct kiog_wl_cfg c;
	size_t i;
	__u64 d;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(golden); i++) {
		c = golden_cfg(i);
		d = digest_of(&c, 5000);
		CHECK(d == golden[i].digest, "%s%s: digest %#llx, pinned %#llx",
		      rw_name[golden[i].rw], golden[i].nrm ? " norandommap" : "", d,
		      golden[i].digest);
	}
	return 1;
}

/* kiog_wl_next()'s short way for a plain random map yields the general way's stream */
static int t_plain_short_way(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDREAD, 4096, 1000, 9);
	struct kiog_wl a, b;
	struct kiog_io x, y;
	int i;

	(void)arg;
	CHECK(kiog_wl_init(&a, &c) == 0 && kiog_wl_init(&b, &c) == 0, "init failed");
	CHECK(a.plain, "a 4k randread is not plain");
	b.plain = 0;
	/* three passes: the keys change between them */
	for (i = 0; i < 3000; i++) {
		kiog_wl_next(&a, &x);
		kiog_wl_next(&b, &y);
		CHECK(x.offset == y.offset && x.len == y.len && x.dir == y.dir,
		      "I/O %d: short way %llu+%u, general way %llu+%u", i,
		      (unsigned long long)x.offset, x.len, (unsigned long long)y.offset, y.len);
	}
	CHECK(a.digest == b.digest && a.issued == b.issued, "digests differ");
	c.rw = KIOGEN_RW_RANDRW;
	CHECK(kiog_wl_init(&a, &c) == 0 && !a.plain, "randrw is plain");
	return 1;
}

static volatile __u64 sink;

static void report_speed(void)
{
	static const struct { __u32 rw; __u8 nrm; } t[] = {
		{ KIOGEN_RW_READ, 0 }, { KIOGEN_RW_RANDREAD, 0 },
		{ KIOGEN_RW_RANDREAD, 1 }, { KIOGEN_RW_RANDRW, 0 },
	};
	enum { N = 10000000 };
	struct kiog_wl_cfg c;
	struct kiog_wl wl;
	struct kiog_io io;
	size_t i;
	double t0;
	int n;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		/* 1 TiB in 4 KiB blocks */
		c = cfg_of(t[i].rw, 4096, 1ULL << 28, 1);
		c.norandommap = t[i].nrm;
		kiog_wl_init(&wl, &c);
		t0 = now_ns();
		for (n = 0; n < N; n++)
			kiog_wl_next(&wl, &io);
		printf("# speed: kiog_wl_next %s%s %.2f ns/op\n", rw_name[t[i].rw],
		       t[i].nrm ? " norandommap" : "", (now_ns() - t0) / N);
		sink = wl.digest;
	}
}


/* Each file its own region: every offset below its file's span, each block once a pass. */
static int t_file_spans(const void *arg)
{
	static const __u64 spans[4] = { 8 * 4096, 24 * 4096, 4 * 4096, 16 * 4096 };
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_RANDWRITE, 4096, 4, 3);
	struct kiog_wl_file files[4];
	unsigned char seen[4][24] = { { 0 } };
	__u64 total = 0;
	struct kiog_wl wl;
	struct kiog_io io;
	int f, i, rw;

	(void)arg;
	for (f = 0; f < 4; f++)
		total += spans[f] / 4096;
	CHECK(kiog_wl_regions_total(spans, 4) == total * 4096, "regions total");
	for (rw = 0; rw < 2; rw++) {
		c.rw = rw ? KIOGEN_RW_WRITE : KIOGEN_RW_RANDWRITE;
		memset(seen, 0, sizeof(seen));
		CHECK(kiog_wl_init(&wl, &c) == 0, "init");
		CHECK(kiog_wl_files(&wl, files, 4, spans) == 0, "files");
		for (i = 0; i < (int)total; i++) {
			kiog_wl_next(&wl, &io);
			CHECK(io.file < 4 && io.offset + io.len <= spans[io.file],
			      "%s: I/O %d past file %u's region: %llu", rw_name[c.rw], i, io.file,
			      (unsigned long long)io.offset);
			CHECK(!seen[io.file][io.offset / 4096]++, "%s: block %llu of file %u twice",
			      rw_name[c.rw], (unsigned long long)io.offset / 4096, io.file);
		}
	}
	/* a region below the largest I/O: refused */
	c.rw = KIOGEN_RW_RANDWRITE;
	c.bs_max = 8192;
	c.bs_write_max = 8192;
	CHECK(kiog_wl_init(&wl, &c) == 0 &&
	      kiog_wl_files(&wl, files, 4, (const __u64[]){ 16384, 4096, 16384, 16384 }) == -1,
	      "a region below the largest I/O accepted");
	return T_PASS;
}

/*
 * openfiles as fio's: at most N files between a close (a file done) and the
 * next, the first N at the start; sequential writes, roundrobin over 4 files
 * of 8 blocks, openfiles=2: files 0 and 1 alternate until done, then 2 and 3.
 */
static int t_openfiles(const void *arg)
{
	struct kiog_wl_cfg c = cfg_of(KIOGEN_RW_WRITE, 4096, 8, 5);
	struct kiog_wl_file files[6];
	unsigned int fst, used, n, i, k, m;
	struct kiog_wl wl;
	struct kiog_io io;

	(void)arg;
	c.openfiles = 2;
	CHECK(kiog_wl_init(&wl, &c) == 0 && kiog_wl_files(&wl, files, 4, NULL) == 0, "init");
	for (i = 0; i < 32; i++) {
		kiog_wl_next(&wl, &io);
		CHECK(io.file == (i < 16 ? i % 2 : 2 + i % 2) && io.offset == (i % 16) / 2 * 4096,
		      "I/O %u: file %u offset %llu", i, io.file, (unsigned long long)io.offset);
	}
	/* every service, random orders too: the files in use between closes */
	for (fst = 0; fst <= KIOGEN_FILE_SERVICE_SEQUENTIAL; fst++)
		for (k = 1; k <= 6; k++) {
			c = cfg_of(fst & 1 ? KIOGEN_RW_RANDREAD : KIOGEN_RW_READ, 4096, 16, fst * 7 + k);
			c.file_service_type = fst;
			c.openfiles = k;
			CHECK(kiog_wl_init(&wl, &c) == 0 &&
			      kiog_wl_files(&wl, files, 6, NULL) == 0, "init");
			used = 0;
			for (i = 0; i < 6 * 16 * 3; i++) {
				kiog_wl_next(&wl, &io);
				used |= 1u << io.file;
				for (n = 0, m = 0; m < 6; m++)
					n += files[m].open;
				CHECK(n == wl.nr_open && n <= c.openfiles &&
				      files[io.file].open, "fst %u openfiles %u: %u open", fst,
				      c.openfiles, n);
			}
			CHECK(used == 0x3f, "fst %u openfiles %u: not every file used", fst, k);
		}
	return T_PASS;
}

static const struct tcase cases[] = {
	{ "init accepts every rw mode", t_init_valid, NULL },
	{ "init rejects bs 0", t_init_bs0, NULL },
	{ "init rejects size < bs", t_init_small, NULL },
	{ "init rejects rw out of range", t_init_rw, NULL },
	{ "init rejects rwmixread > 100", t_init_rwmix, NULL },
	{ "init rejects a region wrapping past 2^64", t_init_wrap, NULL },
	{ "read: offsets aligned and inside the region", t_bounds, U32(KIOGEN_RW_READ) },
	{ "write: offsets aligned and inside the region", t_bounds, U32(KIOGEN_RW_WRITE) },
	{ "randread: offsets aligned and inside the region", t_bounds,
	  U32(KIOGEN_RW_RANDREAD) },
	{ "randwrite: offsets aligned and inside the region", t_bounds,
	  U32(KIOGEN_RW_RANDWRITE) },
	{ "rw: offsets aligned and inside the region", t_bounds, U32(KIOGEN_RW_RW) },
	{ "randrw: offsets aligned and inside the region", t_bounds, U32(KIOGEN_RW_RANDRW) },
	{ "a tail shorter than bs is never touched", t_tail, NULL },
	{ "random map visits each block once per pass, nr_blocks 1", t_perm_cover, U64(1) },
	{ "random map visits each block once per pass, nr_blocks 2", t_perm_cover, U64(2) },
	{ "random map visits each block once per pass, nr_blocks 3", t_perm_cover, U64(3) },
	{ "random map visits each block once per pass, nr_blocks 7", t_perm_cover, U64(7) },
	{ "random map visits each block once per pass, nr_blocks 1000", t_perm_cover,
	  U64(1000) },
	{ "random map visits each block once per pass, nr_blocks 4097", t_perm_cover,
	  U64(4097) },
	{ "random map visits each block once per pass, nr_blocks 100003", t_perm_cover,
	  U64(100003) },
	{ "random map order changes every pass", t_perm_new_order, NULL },
	{ "random map order is scattered, not sequential", t_perm_scattered, NULL },
	{ "random map over 2^51 blocks stays in range without repeats", t_perm_huge, NULL },
	{ "sequential modes walk blocks in order and wrap: a new pass", t_seq_wrap, NULL },
	{ "rwmixread=90 reads 90% +- 1 of 100k I/Os", t_rwmix90, NULL },
	{ "rwmixread=0 only writes", t_rwmix_extremes, U32(0) },
	{ "rwmixread=100 only reads", t_rwmix_extremes, U32(100) },
	{ "read modes only read, write modes only write", t_fixed_dir, NULL },
	{ "same seed gives the same stream and digest", t_same_seed, NULL },
	{ "different seeds give different digests", t_diff_seed, NULL },
	{ "digest covers the direction", t_digest_dir, NULL },
	{ "digest is kiog_io_digest folded over the stream", t_digest_fold, NULL },
	{ "issued counts calls, across passes", t_issued, NULL },
	{ "offsets do not depend on rwmixread, nor on mixing at all", t_offsets_vs_rwmix,
	  NULL },
	{ "norandommap stays in range, repeats blocks, reaches all", t_norandommap, NULL },
	{ "percentage_random: 0 is sequential, 50 half, 100 random; 101 refused",
	  t_percentage_random, NULL },
	{ "worker seeds are distinct per randseed, job and worker", t_worker_seed, NULL },
	{ "stream digests match the pinned values", t_golden, NULL },
	{ "a plain random map's short way is the general way's stream", t_plain_short_way,
	  NULL },
	{ "randtrim: trims of bs's third size, each block once per pass", t_randtrim, NULL },
	{ "trimwrite: each block trimmed, then written the same; passes start with trims",
	  t_trimwrite, NULL },
	{ "new pass: rw=read:4k's wrap over its holes", t_pass_hole, NULL },
	{ "new pass: the first I/O after a random map's walk", t_pass_perm, NULL },
	{ "new pass: never without a random map", t_pass_none, NULL },
	{ "new pass: each file's own, every file_service_type", t_pass_files, NULL },
	{ "new pass drops the cache as fio's invalidate", t_pass_drops, NULL },
	{ "several files, each its own region: offsets within it, each block once",
	  t_file_spans, NULL },
	{ "openfiles: at most N files open, fio's order of opening", t_openfiles, NULL },
};

int main(void)
{
	int rc = run_cases(cases, ARRAY_SIZE(cases));

	report_speed();
	return rc;
}
