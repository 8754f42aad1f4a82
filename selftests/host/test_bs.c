// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host unit tests of include/kiogen/bs.h through the workload generator:
 * bssplit's shares on the generated stream (fio's JESD219 mix, per
 * direction), bsrange's bounds and rounding, per direction sizes and
 * blockalign's alignment, rw=randX:N and rw=X:SIZE, and the refusals of
 * kiog_bs_check(). Prints TAP.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kiogen/workload.h>

#define NR_IOS		100000
#define REGION		(1ULL << 30)

static int nr_cases, nr_failed;

/* one TAP line: each case here is one assertion */
static void __attribute__((format(printf, 2, 3))) ok(int cond, const char *fmt, ...)
{
	va_list ap;

	printf("%s %d - ", cond ? "ok" : "not ok", ++nr_cases);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	nr_failed += !cond;
}

/* a job of defaults (rwmixread 50, percentage_random 100...) and these */
static struct kiog_wl_cfg base(__u32 rw)
{
	struct kiog_wl_cfg c = KIOG_JOB_DEFAULT_INIT(KIOG_JOB_WL_FIELDS);

	c.rw = rw;
	c.bs = 4096;
	c.size = REGION;
	c.seed = 42;
	return c;
}

/* fio's JESD219 example: bssplit=512/4:1k/1:...:64k/3 */
static const __u32 jesd_bs[] = { 512, 1024, 1536, 2048, 2560, 3072, 3584, 4096,
				 8192, 16384, 32768, 65536 };
static const __u32 jesd_perc[] = { 4, 1, 1, 1, 1, 1, 1, 67, 10, 7, 3, 3 };
#define JESD_NR	(sizeof(jesd_bs) / sizeof(jesd_bs[0]))

static void test_jesd219(void)
{
	struct kiog_wl_cfg c = base(KIOGEN_RW_RANDRW);
	__u64 count[2][JESD_NR] = { { 0 } }, n[2] = { 0, 0 };
	struct kiog_wl *wl = malloc(sizeof(*wl));
	int ok_all = 1, bounds = 1, d;
	struct kiog_io io;
	unsigned int i, k;

	/* reads take the mix, writes 64k/50:4k/50 */
	for (i = 0; i < JESD_NR; i++)
		c.bssplit.z[c.bssplit.nr++] = KIOGEN_ZONE(0, jesd_perc[i], jesd_bs[i]);
	c.bssplit.z[c.bssplit.nr++] = KIOGEN_ZONE(1, 50, 65536);
	c.bssplit.z[c.bssplit.nr++] = KIOGEN_ZONE(1, 50, 4096);
	ok(!kiog_wl_init(wl, &c), "bssplit of 12 entries: generator set up");
	/* about NR_IOS of each direction */
	for (i = 0; i < 2 * NR_IOS; i++) {
		kiog_wl_next(wl, &io);
		n[io.dir]++;
		if (io.offset % 512 || io.offset + io.len > REGION)
			bounds = 0;
		for (k = 0; k < JESD_NR; k++)
			if (jesd_bs[k] == io.len)
				count[io.dir][k]++;
	}
	for (k = 0; k < JESD_NR; k++) {
		double got = 100.0 * count[0][k] / n[0];

		printf("# bssplit read %6u: asked %2u%%, measured %6.2f%%\n",
		       jesd_bs[k], jesd_perc[k], got);
		if (got < jesd_perc[k] - 1.0 || got > jesd_perc[k] + 1.0)
			ok_all = 0;
	}
	ok(ok_all, "JESD219 bssplit: every size's share of %llu reads within 1%% of the asked",
	   (unsigned long long)n[0]);
	d = (int)(100.0 * count[1][JESD_NR - 1] / n[1] + 0.5);
	ok(count[1][JESD_NR - 1] + count[1][7] == n[1] && d >= 49 && d <= 51,
	   "per direction split: writes are 64k/50:4k/50 (64k: %d%%)", d);
	ok(bounds, "bssplit: offsets aligned to the smallest size, I/Os inside the region");
	free(wl);
}

static void test_blank_share(void)
{
	struct kiog_wl_cfg c = base(KIOGEN_RW_RANDREAD);
	struct kiog_wl *wl = malloc(sizeof(*wl));
	__u64 small = 0;
	struct kiog_io io;
	unsigned int i;

	/* the rest goes to the most frequent entry when they add up under 100 */
	c.bssplit.z[c.bssplit.nr++] = KIOGEN_ZONE(0, 10, 4096);
	c.bssplit.z[c.bssplit.nr++] = KIOGEN_ZONE(0, 60, 8192);
	kiog_wl_init(wl, &c);
	for (i = 0; i < NR_IOS; i++) {
		kiog_wl_next(wl, &io);
		small += io.len == 4096;
	}
	ok(small > NR_IOS * 9 / 100 && small < NR_IOS * 11 / 100,
	   "bssplit under 100%%: the rest goes to the last entry (4k: %llu of %d)",
	   (unsigned long long)small, NR_IOS);
	free(wl);
}

static void test_bsrange(void)
{
	struct kiog_wl_cfg c = base(KIOGEN_RW_RANDREAD);
	struct kiog_wl *wl = malloc(sizeof(*wl));
	__u64 seen[5] = { 0 };
	int bounds = 1, odd = 0;
	struct kiog_io io;
	unsigned int i;

	c.bs_max = 16384;
	kiog_wl_init(wl, &c);
	for (i = 0; i < NR_IOS; i++) {
		kiog_wl_next(wl, &io);
		if (io.len < 4096 || io.len > 16384 || io.len % 4096 || io.offset % 4096 ||
		    io.offset + io.len > REGION)
			bounds = 0;
		else
			seen[io.len / 4096]++;
	}
	ok(bounds && seen[1] && seen[2] && seen[3] && seen[4],
	   "bsrange 4k-16k: every size a multiple of 4k in range, offsets aligned, all four drawn");
	c.blocksize_unaligned = true;
	c.bs = 1000;
	c.bs_max = 5000;
	kiog_wl_init(wl, &c);
	bounds = 1;
	for (i = 0; i < NR_IOS; i++) {
		kiog_wl_next(wl, &io);
		bounds &= io.len >= 1000 && io.len <= 5000 && io.offset + io.len <= REGION;
		odd += io.len % 1000 != 0;
	}
	ok(bounds && odd, "blocksize_unaligned: sizes in range, not only multiples of the smallest");
	free(wl);
}

static void test_per_dir(void)
{
	struct kiog_wl_cfg c = base(KIOGEN_RW_RANDRW);
	struct kiog_wl *wl = malloc(sizeof(*wl));
	int good = 1, ba = 1;
	struct kiog_io io;
	unsigned int i;

	c.bs_write = 65536;
	c.size = 10 * 65536 + 4096;	/* the end moves big I/Os back */
	kiog_wl_init(wl, &c);
	for (i = 0; i < NR_IOS; i++) {
		kiog_wl_next(wl, &io);
		good &= io.len == (io.dir == KIOGEN_DIR_WRITE ? 65536u : 4096u) &&
			io.offset + io.len <= c.size;
		good &= !(io.offset % io.len);
	}
	ok(good, "bs=4k,64k: reads 4k, writes 64k at multiples of 64k, inside the region");
	c = base(KIOGEN_RW_RANDREAD);
	c.blockalign = 16384;
	kiog_wl_init(wl, &c);
	for (i = 0; i < NR_IOS; i++) {
		kiog_wl_next(wl, &io);
		ba &= !(io.offset % 16384);
	}
	ok(ba, "blockalign=16k: random offsets are multiples of 16k");
	free(wl);
}

static void test_seq_nr(void)
{
	struct kiog_wl_cfg c = base(KIOGEN_RW_RANDREAD);
	struct kiog_wl *wl = malloc(sizeof(*wl));
	int follows = 1, same = 1, holes = 1;
	__u64 prev_end = 0, prev = 0;
	struct kiog_io io;
	unsigned int i;

	c.rw_seq_nr = 8;
	kiog_wl_init(wl, &c);
	for (i = 1; i <= 800; i++) {
		kiog_wl_next(wl, &io);
		/* fio: the first 7 continue, the 8th is random */
		if (i % 8 && io.offset != prev_end)
			follows = 0;
		prev_end = io.offset + io.len;
	}
	ok(follows, "rw=randread:8: 7 of every 8 I/Os continue from the previous one");
	c.rw_sequencer = KIOG_RW_SEQ_IDENTICAL;
	kiog_wl_init(wl, &c);
	for (i = 1; i <= 800; i++) {
		kiog_wl_next(wl, &io);
		if (i % 8 && io.offset != prev)
			same = 0;
		prev = io.offset;
	}
	ok(same, "rw_sequencer=identical: the I/Os between random ones repeat its offset");
	c = base(KIOGEN_RW_READ);
	c.rw_seq_add = 4096;
	c.size = 1 << 20;
	kiog_wl_init(wl, &c);
	for (i = 0; i < 1000; i++) {
		kiog_wl_next(wl, &io);
		holes &= io.offset == (i % 128) * 8192;
	}
	ok(holes, "rw=read:4k: a 4k hole after each 4k read, wrapping at the region's end");
	/* a hole near 2^64: the next offset must not wrap below the region */
	c.rw_seq_add = 0ULL - 2 * 4096;
	c.offset = 1 << 20;
	kiog_wl_init(wl, &c);
	holes = 1;
	for (i = 0; i < 100; i++) {
		kiog_wl_next(wl, &io);
		holes &= io.offset == c.offset;
	}
	ok(holes, "rw=read:16E: each I/O wraps to the region's start, none before it");
	free(wl);
}

/* bs is the reads' smallest size, not always one issued: size may be below it */
static void test_small_region(void)
{
	struct kiog_wl_cfg c = base(KIOGEN_RW_RANDREAD);
	struct kiog_wl *wl = malloc(sizeof(*wl));
	struct kiog_io io;
	int in = 1, i;

	c.bs = 65536;
	c.bssplit.z[c.bssplit.nr++] = KIOGEN_ZONE(0, 100, 4096);
	c.size = 8192;
	in = !kiog_wl_init(wl, &c);
	for (i = 0; in && i < 100; i++) {
		kiog_wl_next(wl, &io);
		in = io.len == 4096 && io.offset + io.len <= c.size;
	}
	ok(in, "bs=64k bssplit=4k/100 in an 8k region: taken, 4k reads inside it");
	free(wl);
}

static void test_check(void)
{
	struct kiog_wl_cfg c = base(KIOGEN_RW_RANDRW);
	const char *m;

	c.bs_max = 2048;
	m = kiog_bs_check(&c);
	ok(m && !strncmp(m, "bsrange", 7), "bsrange below bs refused: %s", m ? m : "-");
	c = base(KIOGEN_RW_RANDRW);
	c.bssplit.z[c.bssplit.nr++] = KIOGEN_ZONE(0, 70, 4096);
	c.bssplit.z[c.bssplit.nr++] = KIOGEN_ZONE(0, 40, 8192);
	m = kiog_bs_check(&c);
	ok(m && !strncmp(m, "bssplit", 7), "bssplit over 100%% refused: %s", m ? m : "-");
	c.bssplit.z[1] = KIOGEN_ZONE(0, 30, 100);
	m = kiog_bs_check(&c);
	ok(m && !strncmp(m, "bssplit", 7), "bssplit size below min-bs refused: %s", m ? m : "-");
}

int main(void)
{
	printf("TAP version 13\n");
	test_jesd219();
	test_blank_share();
	test_bsrange();
	test_per_dir();
	test_seq_nr();
	test_check();
	test_small_region();
	printf("1..%d\n", nr_cases);	/* the plan is what ran */
	return nr_failed != 0;
}
