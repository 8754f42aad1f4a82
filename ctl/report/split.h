/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The latency split's report (job option latency_split): the phases of
 * include/kiogen/split.h as a table of mean, p50, p99, p99.9 and share of
 * the total, in the text report, under the JSON's "kiogen" key, and side by
 * side in kiogen compare. fio has no such table; its lat is, on the kernel
 * path, the submit and device phases together.
 */
#ifndef KIOGEN_CTL_SPLIT_H
#define KIOGEN_CTL_SPLIT_H

#include <stdio.h>

#include <kiogen/split.h>

#include "core/job.h"
#include "json/json.h"

/* the rows: the phases, then their total */
#define KG_SPLIT_TOTAL	KIOG_SPLIT_NR
#define KG_SPLIT_ROWS	(KIOG_SPLIT_NR + 1)

extern const char *const kg_split_names[KG_SPLIT_ROWS];

/**
 * struct kg_split_row - one phase of the table
 * @mean: ns
 * @p50: ns; the total has no percentiles (0)
 * @p99: ns
 * @p999: ns
 * @share: percent of the total's mean
 */
struct kg_split_row {
	double mean;
	uint64_t p50, p99, p999;
	double share;
};

/**
 * kg_split_table() - the table of a split
 * @sp: a worker's split, or several merged
 * @rows: KG_SPLIT_ROWS rows, filled in
 *
 * Return: false (and zeroed rows) when @sp timed no I/O.
 */
bool kg_split_table(const struct kiog_split *sp, struct kg_split_row *rows);

/**
 * kg_split_text() - the table in the text report
 * @f: where
 * @sp: the view's split; nothing is printed when it timed no I/O
 * @lat_mean: fio's lat mean of the view in ns (reads and writes), for
 *	reference; 0 leaves it out
 */
void kg_split_text(FILE *f, const struct kiog_split *sp, double lat_mean);

/**
 * kg_split_json() - the table and histograms as "latency_split"
 * @j: the writer, inside the view's "kiogen" object
 * @sp: the view's split; nothing is written when it timed no I/O
 */
void kg_split_json(struct kg_json *j, const struct kiog_split *sp);

/**
 * kg_split_compare_text() - the two paths' splits side by side
 * @f: where
 * @k: the kernel path's split, over every run
 * @s: the syscall path's
 *
 * The last row is the syscall path's extra time: its total's mean less
 * the kernel path's. Nothing is printed unless both timed I/O.
 */
void kg_split_compare_text(FILE *f, const struct kiog_split *k,
			   const struct kiog_split *s);

/* The same as "latency_split" in compare's JSON: kernel, syscall, extra. */
void kg_split_compare_json(struct kg_json *j, const struct kiog_split *k,
			   const struct kiog_split *s);

/*
 * The block phases (include/kiogen/split.h's kiog_blk_phase), in btt's
 * names, then btt's Q2C (Q2G to D2C) and the total of the phases timed.
 */
#define KG_BLK_Q2C	KIOG_BLK_NR
#define KG_BLK_TOTAL	(KIOG_BLK_NR + 1)
#define KG_BLK_ROWS	(KIOG_BLK_NR + 2)

extern const char *const kg_blk_names[KG_BLK_ROWS];
extern const char *const kg_blk_tp_names[5];

/**
 * kg_blk_table() - the table of a worker's (or view's) block phases
 * @w: the worker; its blk_file says whether the fs phase was timed
 * @rows: KG_BLK_ROWS rows, filled in; Q2C has a mean only
 *
 * Return: false (and zeroed rows) when no I/O was timed from Q to C.
 */
bool kg_blk_table(const struct kg_worker *w, struct kg_split_row *rows);

/**
 * kg_blk_why() - why a block phase has no time of its own
 * @w: the worker or view
 * @phase: KIOG_BLK_*
 *
 * Return: the reason in words, or NULL when the phase was timed.
 */
const char *kg_blk_why(const struct kg_worker *w, uint32_t phase);

/* Adds the block phases of @from, if it has them, to @into's. */
void kg_blk_merge(struct kg_worker *into, const struct kg_worker *from);

/* The block phases in the text report, after the latency split. */
void kg_blk_text(FILE *f, const struct kg_worker *w);

/* The same as "block_phases" in the JSON's "kiogen" object. */
void kg_blk_json(struct kg_json *j, const struct kg_worker *w);

/* report-json.c: a histogram's non-empty buckets as [index, count] pairs */
void kg_json_hist(struct kg_json *j, const char *key, const uint64_t *hist);

#endif /* KIOGEN_CTL_SPLIT_H */
