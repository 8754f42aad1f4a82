// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the latency split: kiog_split_add()'s phases and clamps
 * (include/kiogen/split.h), merging, and ctl/report/split.c's table (exact means,
 * percentiles from the histograms, shares of the total), its text and
 * JSON, and compare's rows with the syscall path's extra time; workers
 * merged into a view carry their splits. Prints TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/split.h"
#include "tap.h"

static struct kiog_split a, b;

/* The four phases from five stamps, in order. */
static int t_phases(const void *arg __attribute__((unused)))
{
	memset(&a, 0, sizeof(a));
	kiog_split_add(&a, 1000, 1100, 1400, 51400, 52000);
	CHECK(a.ios == 1, "ios %llu", (unsigned long long)a.ios);
	CHECK(a.sum[KIOG_SPLIT_BUILD] == 100 && a.sum[KIOG_SPLIT_SUBMIT] == 300 &&
	      a.sum[KIOG_SPLIT_DEVICE] == 50000 && a.sum[KIOG_SPLIT_REAP] == 600,
	      "sums %llu %llu %llu %llu", (unsigned long long)a.sum[0],
	      (unsigned long long)a.sum[1], (unsigned long long)a.sum[2],
	      (unsigned long long)a.sum[3]);
	CHECK(a.hist[KIOG_SPLIT_DEVICE][kiog_hist_idx(50000)] == 1, "device bucket");
	return T_PASS;
}

/* Completed inside submit: no device time; the phases still add up. */
static int t_clamps(const void *arg __attribute__((unused)))
{
	uint64_t total = 0;
	int p;

	memset(&a, 0, sizeof(a));
	/* end before the submit call returned */
	kiog_split_add(&a, 1000, 1100, 2000, 1500, 1600);
	CHECK(a.sum[KIOG_SPLIT_SUBMIT] == 400 && a.sum[KIOG_SPLIT_DEVICE] == 0,
	      "inline: submit %llu device %llu", (unsigned long long)a.sum[1],
	      (unsigned long long)a.sum[2]);
	/* a reap stamp taken before the completion's (another CPU's clock) */
	kiog_split_add(&a, 1000, 1100, 1200, 1500, 1400);
	CHECK(a.sum[KIOG_SPLIT_REAP] == 100, "reap %llu", (unsigned long long)a.sum[3]);
	for (p = 0; p < KIOG_SPLIT_NR; p++)
		total += a.sum[p];
	CHECK(total == 600 + 500, "phases add up to %llu", (unsigned long long)total);
	CHECK(a.hist[KIOG_SPLIT_DEVICE][0] == 1, "a zero device phase is counted");
	return T_PASS;
}

/* Means are exact, percentiles are the histogram's, shares add up to 100. */
static int t_table(const void *arg __attribute__((unused)))
{
	struct kg_split_row rows[KG_SPLIT_ROWS];
	double share = 0;
	int i, p;

	memset(&a, 0, sizeof(a));
	CHECK(!kg_split_table(&a, rows), "an empty split has a table");
	for (i = 0; i < 1000; i++)
		kiog_split_add(&a, 0, 1000, 1000 + 10000, 1000 + 10000 + 50000 + i,
			       1000 + 10000 + 50000 + i + 2000);
	CHECK(kg_split_table(&a, rows), "no table");
	CHECK(rows[KIOG_SPLIT_BUILD].mean == 1000 && rows[KIOG_SPLIT_SUBMIT].mean == 10000,
	      "means %f %f", rows[0].mean, rows[1].mean);
	CHECK(rows[KIOG_SPLIT_DEVICE].mean == 50499.5, "device mean %f", rows[2].mean);
	CHECK(rows[KG_SPLIT_TOTAL].mean == 1000 + 10000 + 50499.5 + 2000,
	      "total %f", rows[KG_SPLIT_TOTAL].mean);
	/* within the histogram's 1/128 */
	CHECK(rows[KIOG_SPLIT_DEVICE].p50 > 50499 * 127 / 128 &&
	      rows[KIOG_SPLIT_DEVICE].p50 < 50499 * 129 / 128, "p50 %llu",
	      (unsigned long long)rows[2].p50);
	CHECK(rows[KIOG_SPLIT_DEVICE].p99 >= rows[KIOG_SPLIT_DEVICE].p50 &&
	      rows[KIOG_SPLIT_DEVICE].p999 >= rows[KIOG_SPLIT_DEVICE].p99, "percentiles order");
	for (p = 0; p < KIOG_SPLIT_NR; p++)
		share += rows[p].share;
	CHECK(share > 99.999 && share < 100.001, "shares add up to %f", share);
	CHECK(rows[KG_SPLIT_TOTAL].share == 100, "total share %f", rows[KG_SPLIT_TOTAL].share);
	return T_PASS;
}

/* Workers merged into one carry their splits added up. */
static int t_merge(const void *arg __attribute__((unused)))
{
	static struct kg_worker into, w;
	struct kg_split_row rows[KG_SPLIT_ROWS];

	memset(&into, 0, sizeof(into));
	memset(&w, 0, sizeof(w));
	kiog_split_add(&w.split, 0, 0, 0, 100, 100);
	CHECK(!kg_worker_merge(&into, &w) && !kg_worker_merge(&into, &w), "merge failed");
	CHECK(into.split.ios == 2 && into.split.sum[KIOG_SPLIT_DEVICE] == 200,
	      "merged %llu I/Os", (unsigned long long)into.split.ios);
	CHECK(into.split.hist[KIOG_SPLIT_DEVICE][100] == 2, "merged histogram");
	CHECK(kg_split_table(&into.split, rows) && rows[KIOG_SPLIT_DEVICE].share == 100,
	      "share %f", rows[KIOG_SPLIT_DEVICE].share);
	kg_worker_release(&into);
	return T_PASS;
}

/* Renders @fn into a buffer. */
static char *render(void (*fn)(FILE *f))
{
	static char buf[8192];
	FILE *f;

	memset(buf, 0, sizeof(buf));
	f = fmemopen(buf, sizeof(buf) - 1, "w");
	if (!f)
		return NULL;
	fn(f);
	fclose(f);
	return buf;
}

static void text_a(FILE *f)
{
	kg_split_text(f, &a, 11000);
}

static void compare_ab(FILE *f)
{
	kg_split_compare_text(f, &a, &b);
}

static void json_a(FILE *f)
{
	struct kg_json j = { .f = f };

	kg_json_obj(&j, NULL);
	kg_split_json(&j, &a);
	kg_json_end(&j);
}

/* The text table: one row per phase and the total, in usec. */
static int t_text(const void *arg __attribute__((unused)))
{
	char *out;

	memset(&a, 0, sizeof(a));
	out = render(text_a);
	CHECK(out && !*out, "an empty split printed: %s", out);
	kiog_split_add(&a, 0, 1000, 11000, 61000, 63000);
	out = render(text_a);
	CHECK(strstr(out, "latency split (kiogen, usec, 1 I/Os):"), "%s", out);
	CHECK(strstr(out, "     device        50.00"), "%s", out);
	CHECK(strstr(out, "     total         63.00"), "%s", out);
	CHECK(strstr(out, "fio's lat mean 11.00"), "%s", out);
	return T_PASS;
}

/* JSON: the phases under latency_split, a histogram for each. */
static int t_json(const void *arg __attribute__((unused)))
{
	char *out = render(json_a);

	CHECK(strstr(out, "\"latency_split\""), "%s", out);
	CHECK(strstr(out, "\"device\" : { \"mean\" : 50000.000000"), "%s", out);
	CHECK(strstr(out, "\"share_pct\""), "%s", out);
	CHECK(strstr(out, "\"hist\""), "%s", out);
	return T_PASS;
}

/* compare: both paths' rows and the syscall path's extra time. */
static int t_compare(const void *arg __attribute__((unused)))
{
	char *out;

	memset(&b, 0, sizeof(b));
	kiog_split_add(&b, 0, 1000, 31000, 81000, 84000);
	out = render(compare_ab);
	CHECK(strstr(out, "syscall extra") && strstr(out, "21.00"), "%s", out);
	CHECK(strstr(out, "submit") && strstr(out, "+20.00"), "%s", out);
	memset(&b, 0, sizeof(b));
	out = render(compare_ab);
	CHECK(!*out, "printed without the syscall path's split: %s", out);
	return T_PASS;
}

static struct kg_worker bw;

/* The block phases from seven stamps; a file's fs phase; Q2C and the total. */
static int t_blk_phases(const void *arg __attribute__((unused)))
{
	const struct kiog_blk_stamps st = { .q = 1500, .g = 1700, .i = 2000,
					    .d = 2500, .c = 52500 };
	struct kg_split_row rows[KG_BLK_ROWS];

	memset(&bw, 0, sizeof(bw));
	bw.blk_on = bw.blk_file = true;
	bw.blk_tps = 31;
	kiog_blk_split_add(&bw.blk, &st, 1000, 53000, 1);
	CHECK(bw.blk.ios == 1 && bw.blk.inserted == 1, "ios %llu inserted %llu",
	      (unsigned long long)bw.blk.ios, (unsigned long long)bw.blk.inserted);
	CHECK(bw.blk.sum[KIOG_BLK_FS] == 500 && bw.blk.sum[KIOG_BLK_Q2G] == 200 &&
	      bw.blk.sum[KIOG_BLK_G2I] == 300 && bw.blk.sum[KIOG_BLK_I2D] == 500 &&
	      bw.blk.sum[KIOG_BLK_D2C] == 50000 && bw.blk.sum[KIOG_BLK_C2E] == 500,
	      "sums");
	CHECK(kg_blk_table(&bw, rows), "a table");
	CHECK(rows[KG_BLK_Q2C].mean == 51000 && rows[KG_BLK_TOTAL].mean == 52000,
	      "Q2C %.0f total %.0f", rows[KG_BLK_Q2C].mean, rows[KG_BLK_TOTAL].mean);
	CHECK(!kg_blk_why(&bw, KIOG_BLK_FS) && !kg_blk_why(&bw, KIOG_BLK_I2D),
	      "every phase timed");
	return T_PASS;
}

/*
 * No G (merged), no I (issued directly), stamps out of order, no Q, no
 * request; not a file: no fs phase, and why.
 */
static int t_blk_missing(const void *arg __attribute__((unused)))
{
	const struct kiog_blk_stamps merged = { .q = 900, .d = 3000, .c = 2000 };
	const struct kiog_blk_stamps none = { 0 }, bio_only = { .q = 1200 };
	struct kg_split_row rows[KG_BLK_ROWS];

	memset(&bw, 0, sizeof(bw));
	bw.blk_on = true;
	bw.blk_tps = 31;
	kiog_blk_split_add(&bw.blk, &merged, 1000, 2500, 0);
	kiog_blk_split_add(&bw.blk, &none, 1000, 2500, 0);
	kiog_blk_split_add(&bw.blk, &bio_only, 1000, 2500, 0);
	CHECK(bw.blk.ios == 1 && bw.blk.unqueued == 1 && bw.blk.norq == 1 &&
	      !bw.blk.inserted, "counts");
	/* Q clamped to the call, G = Q, I = D, C clamped to D, the end to C */
	CHECK(!bw.blk.sum[KIOG_BLK_FS] && !bw.blk.sum[KIOG_BLK_Q2G] &&
	      bw.blk.sum[KIOG_BLK_G2I] == 2000 && !bw.blk.sum[KIOG_BLK_I2D] &&
	      !bw.blk.sum[KIOG_BLK_D2C] && !bw.blk.sum[KIOG_BLK_C2E], "clamped");
	CHECK(!bw.blk.hist[KIOG_BLK_FS][0], "no fs phase off a file");
	CHECK(kg_blk_table(&bw, rows), "a table");
	CHECK(kg_blk_why(&bw, KIOG_BLK_FS) && strstr(kg_blk_why(&bw, KIOG_BLK_FS), "not a file"),
	      "fs: why");
	CHECK(kg_blk_why(&bw, KIOG_BLK_I2D) &&
	      strstr(kg_blk_why(&bw, KIOG_BLK_I2D), "issued directly"), "I2D: why");
	bw.blk_tps &= ~KIOGEN_BLK_TP_GETRQ;
	CHECK(kg_blk_why(&bw, KIOG_BLK_Q2G) && kg_blk_why(&bw, KIOG_BLK_G2I) &&
	      !kg_blk_why(&bw, KIOG_BLK_D2C), "a missing tracepoint: its phases say so");
	return T_PASS;
}

int main(void)
{
	static const struct tcase cases[] = {
		{ "split: four phases from five stamps", t_phases, NULL },
		{ "split: completed inside submit, reaped on another clock", t_clamps, NULL },
		{ "split table: exact means, histogram percentiles, shares", t_table, NULL },
		{ "split: workers merged", t_merge, NULL },
		{ "split: the text table", t_text, NULL },
		{ "split: JSON", t_json, NULL },
		{ "split: compare's rows and the syscall path's extra", t_compare, NULL },
		{ "block phases: seven stamps, Q2C and the total", t_blk_phases, NULL },
		{ "block phases: merged, issued directly, out of order, not timed", t_blk_missing,
		  NULL },
	};

	return run_cases(cases, ARRAY_SIZE(cases));
}
