// SPDX-License-Identifier: GPL-2.0
/*
 * The latency split's report: the table of include/kiogen/split.h's phases
 * (mean, p50, p99, p99.9, share of the total) for the text report, the
 * JSON's "kiogen" key and kiogen compare. Percentiles come from the phases'
 * histograms, means from their exact sums.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "report.h"
#include "split.h"

const char *const kg_split_names[KG_SPLIT_ROWS] = {
	[KIOG_SPLIT_BUILD] = "build",
	[KIOG_SPLIT_SUBMIT] = "submit",
	[KIOG_SPLIT_DEVICE] = "device",
	[KIOG_SPLIT_REAP] = "reap",
	[KG_SPLIT_TOTAL] = "total",
};

/*
 * Rows for @nr phases timed over @ios I/Os, then their total in row @nr
 * (the mean of each, summed; shares are of it). A phase @skip leaves out
 * keeps a zero row.
 */
static void kg_phase_rows(uint64_t ios, uint32_t nr, const __u64 *sum,
			  const __u64 (*hist)[KIOG_HIST_BUCKETS], uint32_t skip,
			  struct kg_split_row *rows)
{
	double total = 0;
	uint32_t p;

	for (p = 0; p < nr; p++) {
		if (p == skip)
			continue;
		rows[p].mean = (double)sum[p] / ios;
		rows[p].p50 = kiog_hist_percentile(hist[p], KIOG_HIST_BUCKETS, ios, 500000);
		rows[p].p99 = kiog_hist_percentile(hist[p], KIOG_HIST_BUCKETS, ios, 990000);
		rows[p].p999 = kiog_hist_percentile(hist[p], KIOG_HIST_BUCKETS, ios, 999000);
		total += rows[p].mean;
	}
	rows[nr].mean = total;
	for (p = 0; p <= nr; p++)
		rows[p].share = total > 0 ? 100.0 * rows[p].mean / total : 0;
}

bool kg_split_table(const struct kiog_split *sp, struct kg_split_row *rows)
{
	memset(rows, 0, KG_SPLIT_ROWS * sizeof(*rows));
	if (!sp->ios)
		return false;
	kg_phase_rows(sp->ios, KIOG_SPLIT_NR, sp->sum, sp->hist, KIOG_SPLIT_NR, rows);
	return true;
}

void kg_split_text(FILE *f, const struct kiog_split *sp, double lat_mean)
{
	struct kg_split_row rows[KG_SPLIT_ROWS];
	uint32_t p;

	if (!kg_split_table(sp, rows))
		return;
	fprintf(f, "  latency split (kiogen, usec, %llu I/Os):\n",
		(unsigned long long)sp->ios);
	fprintf(f, "     %-8s %10s %10s %10s %10s %7s\n", "phase", "mean", "p50",
		"p99", "p99.9", "share");
	for (p = 0; p < KIOG_SPLIT_NR; p++)
		fprintf(f, "     %-8s %10.2f %10.2f %10.2f %10.2f %6.1f%%\n",
			kg_split_names[p], rows[p].mean / 1e3, rows[p].p50 / 1e3,
			rows[p].p99 / 1e3, rows[p].p999 / 1e3, rows[p].share);
	fprintf(f, "     %-8s %10.2f %10s %10s %10s %6.1f%%\n",
		kg_split_names[KG_SPLIT_TOTAL], rows[KG_SPLIT_TOTAL].mean / 1e3,
		"", "", "", rows[KG_SPLIT_TOTAL].share);
	if (lat_mean > 0)
		fprintf(f, "     fio's lat mean %.2f (on the kernel path: submit + device)\n",
			lat_mean / 1e3);
}

/*
 * @nr rows named @names as @key, the first @nr_hist with percentiles; the
 * row @skip is left out.
 */
static void kg_phase_json_rows(struct kg_json *j, const char *key,
			       const char *const *names,
			       const struct kg_split_row *rows, uint32_t nr,
			       uint32_t nr_hist, uint32_t skip)
{
	uint32_t p;

	kg_json_obj(j, key);
	for (p = 0; p < nr; p++) {
		if (p == skip)
			continue;
		kg_json_open(j, names[p], '{', true);
		kg_json_double(j, "mean", rows[p].mean);
		if (p < nr_hist) {
			kg_json_u64(j, "p50", rows[p].p50);
			kg_json_u64(j, "p99", rows[p].p99);
			kg_json_u64(j, "p99.9", rows[p].p999);
		}
		kg_json_double(j, "share_pct", rows[p].share);
		kg_json_close(j, '}');
	}
	kg_json_end(j);
}

static void kg_split_json_rows(struct kg_json *j, const char *key,
			       const struct kg_split_row *rows)
{
	kg_phase_json_rows(j, key, kg_split_names, rows, KG_SPLIT_ROWS,
			   KIOG_SPLIT_NR, KG_SPLIT_ROWS);
}

void kg_split_json(struct kg_json *j, const struct kiog_split *sp)
{
	struct kg_split_row rows[KG_SPLIT_ROWS];
	uint32_t p;

	if (!kg_split_table(sp, rows))
		return;
	kg_json_obj(j, "latency_split");
	kg_json_string(j, "unit", "ns");
	kg_json_u64(j, "ios", sp->ios);
	kg_split_json_rows(j, "phases", rows);
	kg_json_obj(j, "hist");
	for (p = 0; p < KIOG_SPLIT_NR; p++)
		kg_json_hist(j, kg_split_names[p], (const uint64_t *)sp->hist[p]);
	kg_json_end(j);
	kg_json_end(j);
}

void kg_split_compare_text(FILE *f, const struct kiog_split *k,
			   const struct kiog_split *s)
{
	struct kg_split_row kr[KG_SPLIT_ROWS], sr[KG_SPLIT_ROWS];
	double extra;
	uint32_t p;

	if (!kg_split_table(k, kr) || !kg_split_table(s, sr))
		return;
	fprintf(f, "\nlatency split, mean per I/O (us) and share of each path's total:\n");
	fprintf(f, "%-14s %12s %7s %12s %7s %12s\n", "phase", "kernel", "share",
		"syscall", "share", "difference");
	for (p = 0; p < KG_SPLIT_ROWS; p++)
		fprintf(f, "%-14s %12.2f %6.1f%% %12.2f %6.1f%% %+12.2f\n",
			kg_split_names[p], kr[p].mean / 1e3, kr[p].share,
			sr[p].mean / 1e3, sr[p].share, (sr[p].mean - kr[p].mean) / 1e3);
	extra = sr[KG_SPLIT_TOTAL].mean - kr[KG_SPLIT_TOTAL].mean;
	fprintf(f, "%-14s %12s %7s %12.2f %6.1f%%\n", "syscall extra", "", "",
		extra / 1e3, sr[KG_SPLIT_TOTAL].mean > 0 ?
		100.0 * extra / sr[KG_SPLIT_TOTAL].mean : 0);
}

void kg_split_compare_json(struct kg_json *j, const struct kiog_split *k,
			   const struct kiog_split *s)
{
	struct kg_split_row kr[KG_SPLIT_ROWS], sr[KG_SPLIT_ROWS];

	if (!kg_split_table(k, kr) || !kg_split_table(s, sr))
		return;
	kg_json_obj(j, "latency_split");
	kg_json_string(j, "unit", "ns");
	kg_split_json_rows(j, "kernel", kr);
	kg_split_json_rows(j, "syscall", sr);
	kg_json_double(j, "syscall_extra",
		       sr[KG_SPLIT_TOTAL].mean - kr[KG_SPLIT_TOTAL].mean);
	kg_json_end(j);
}

const char *const kg_blk_names[KG_BLK_ROWS] = {
	[KIOG_BLK_FS] = "fs",
	[KIOG_BLK_Q2G] = "Q2G",
	[KIOG_BLK_G2I] = "G2I",
	[KIOG_BLK_I2D] = "I2D",
	[KIOG_BLK_D2C] = "D2C",
	[KIOG_BLK_C2E] = "C2E",
	[KG_BLK_Q2C] = "Q2C",
	[KG_BLK_TOTAL] = "total",
};

/* by bit of enum kiogen_blk_tp */
const char *const kg_blk_tp_names[5] = {
	"block_bio_queue", "block_getrq", "block_rq_insert", "block_rq_issue",
	"block_rq_complete",
};

/* the tracepoints each phase is stamped from (its ends) */
static const uint32_t kg_blk_phase_tps[KIOG_BLK_NR] = {
	[KIOG_BLK_FS] = KIOGEN_BLK_TP_BIO_QUEUE,
	[KIOG_BLK_Q2G] = KIOGEN_BLK_TP_BIO_QUEUE | KIOGEN_BLK_TP_GETRQ,
	[KIOG_BLK_G2I] = KIOGEN_BLK_TP_GETRQ | KIOGEN_BLK_TP_RQ_INSERT,
	[KIOG_BLK_I2D] = KIOGEN_BLK_TP_RQ_INSERT | KIOGEN_BLK_TP_RQ_ISSUE,
	[KIOG_BLK_D2C] = KIOGEN_BLK_TP_RQ_ISSUE | KIOGEN_BLK_TP_RQ_COMPLETE,
	[KIOG_BLK_C2E] = KIOGEN_BLK_TP_RQ_COMPLETE,
};

bool kg_blk_table(const struct kg_worker *w, struct kg_split_row *rows)
{
	const struct kiog_blk_split *bs = &w->blk;
	uint32_t p;

	memset(rows, 0, KG_BLK_ROWS * sizeof(*rows));
	if (!w->blk_on || !bs->ios)
		return false;
	/* the total is in the Q2C row for now, and moves down */
	kg_phase_rows(bs->ios, KIOG_BLK_NR, bs->sum, bs->hist,
		      w->blk_file ? KIOG_BLK_NR : KIOG_BLK_FS, rows);
	rows[KG_BLK_TOTAL] = rows[KG_BLK_Q2C];
	memset(&rows[KG_BLK_Q2C], 0, sizeof(rows[KG_BLK_Q2C]));
	for (p = KIOG_BLK_Q2G; p <= KIOG_BLK_D2C; p++) {
		rows[KG_BLK_Q2C].mean += rows[p].mean;
		rows[KG_BLK_Q2C].share += rows[p].share;
	}
	return true;
}

const char *kg_blk_why(const struct kg_worker *w, uint32_t phase)
{
	uint32_t missing = kg_blk_phase_tps[phase] & ~w->blk_tps;

	if (missing)
		return "a tracepoint it needs is not on this kernel, or not of the shape kiogen probes";
	if (phase == KIOG_BLK_FS && !w->blk_file)
		return "the target is not a file: no file system";
	if (!w->blk.ios)
		return w->blk.norq ? "no request: the device is bio-based (or stacked)" :
				     "no I/O's bio reached the block layer inside the engine's call";
	if (phase == KIOG_BLK_I2D && !w->blk.inserted)
		return "no request was inserted: issued directly (no I/O scheduler)";
	return NULL;
}

void kg_blk_merge(struct kg_worker *into, const struct kg_worker *from)
{
	if (!from->blk_on)
		return;
	kiog_blk_split_merge(&into->blk, &from->blk);
	into->blk_on = true;
	into->blk_tps |= from->blk_tps;
	into->blk_file |= from->blk_file;
}

void kg_blk_text(FILE *f, const struct kg_worker *w)
{
	struct kg_split_row rows[KG_BLK_ROWS];
	uint32_t p;

	if (!w->blk_on)
		return;
	kg_blk_table(w, rows);
	fprintf(f, "  block phases (btt's, usec, %llu I/Os; probed:",
		(unsigned long long)w->blk.ios);
	for (p = 0; p < 5; p++)
		if (w->blk_tps & (1U << p))
			fprintf(f, " %s", kg_blk_tp_names[p]);
	fprintf(f, "%s):\n", w->blk_tps ? "" : " none");
	if (w->blk.ios) {
		fprintf(f, "     %-8s %10s %10s %10s %10s %7s\n", "phase", "mean",
			"p50", "p99", "p99.9", "share");
		for (p = 0; p < KIOG_BLK_NR; p++)
			if (p != KIOG_BLK_FS || w->blk_file)
				fprintf(f, "     %-8s %10.2f %10.2f %10.2f %10.2f %6.1f%%\n",
					kg_blk_names[p], rows[p].mean / 1e3,
					rows[p].p50 / 1e3, rows[p].p99 / 1e3,
					rows[p].p999 / 1e3, rows[p].share);
		for (p = KG_BLK_Q2C; p < KG_BLK_ROWS; p++)
			fprintf(f, "     %-8s %10.2f %10s %10s %10s %6.1f%%\n",
				kg_blk_names[p], rows[p].mean / 1e3, "", "", "",
				rows[p].share);
	}
	for (p = 0; p < KIOG_BLK_NR; p++) {
		const char *why = kg_blk_why(w, p);

		if (why)
			fprintf(f, "     %s: %s\n", kg_blk_names[p], why);
	}
	if (w->blk.unqueued || w->blk.norq)
		fprintf(f, "     not timed: %llu I/Os with no bio queued in the engine's call, %llu queued but never a request\n",
			(unsigned long long)w->blk.unqueued,
			(unsigned long long)w->blk.norq);
}

void kg_blk_json(struct kg_json *j, const struct kg_worker *w)
{
	struct kg_split_row rows[KG_BLK_ROWS];
	uint32_t p;

	if (!w->blk_on)
		return;
	kg_blk_table(w, rows);
	kg_json_obj(j, "block_phases");
	kg_json_string(j, "unit", "ns");
	kg_json_u64(j, "ios", w->blk.ios);
	kg_json_u64(j, "unqueued", w->blk.unqueued);
	kg_json_u64(j, "norq", w->blk.norq);
	kg_json_u64(j, "inserted", w->blk.inserted);
	kg_json_bool(j, "file", w->blk_file);
	kg_json_open(j, "tracepoints", '[', true);
	for (p = 0; p < 5; p++)
		if (w->blk_tps & (1U << p))
			kg_json_string(j, NULL, kg_blk_tp_names[p]);
	kg_json_close(j, ']');
	kg_phase_json_rows(j, "phases", kg_blk_names, rows,
			   w->blk.ios ? KG_BLK_ROWS : 0, KIOG_BLK_NR,
			   w->blk_file ? KG_BLK_ROWS : KIOG_BLK_FS);
	kg_json_obj(j, "missing");
	for (p = 0; p < KIOG_BLK_NR; p++) {
		const char *why = kg_blk_why(w, p);

		if (why)
			kg_json_string(j, kg_blk_names[p], why);
	}
	kg_json_end(j);
	kg_json_obj(j, "hist");
	for (p = 0; w->blk.ios && p < KIOG_BLK_NR; p++)
		if (p != KIOG_BLK_FS || w->blk_file)
			kg_json_hist(j, kg_blk_names[p], (const uint64_t *)w->blk.hist[p]);
	kg_json_end(j);
	kg_json_end(j);
}
