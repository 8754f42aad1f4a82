/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reports of a finished run: merging per-worker results into what fio calls
 * one "thread status" (a whole job under group_reporting, otherwise one
 * worker), and printing them in fio's normal text layout, fio's JSON shape
 * or fio's terse lines, so that tools written for fio read kiogen's output
 * unchanged.
 * Percentiles come from the shared histogram in include/kiogen/hist.h.
 */
#ifndef KIOGEN_CTL_REPORT_H
#define KIOGEN_CTL_REPORT_H

#include <stdio.h>

#include "core/job.h"

/**
 * kg_dir_merge() - add one direction's counters and histogram to another
 * @into: accumulated direction; a zeroed struct is a valid empty start
 * @from: direction to add
 *
 * Counters, latency sums and histogram buckets add up; min and max take
 * only directions that completed I/O into account.
 */
void kg_dir_merge(struct kg_dir *into, const struct kg_dir *from);

/**
 * kg_worker_merge() - add one worker's results to an accumulated worker
 * @into: accumulator; start from a zeroed struct, whose @samples array is
 *	then owned by it (grown here, freed by kg_worker_release())
 * @from: worker to add; left untouched
 *
 * Sums counters, histograms, CPU time, context switches, IO-depth counts,
 * memory and issued I/Os; elapsed time is the longest; error is the first
 * non-zero one. The digest becomes the sum of the digests modulo 2^64, which
 * does not depend on the merge order. Interval samples add element by
 * element; a worker that has fewer samples than the other (it finished
 * sooner) counts with its last cumulative sample for the missing intervals,
 * so the merged series stays cumulative.
 *
 * Return: 0, or -ENOMEM if the samples could not be grown, in which case
 * @into is unchanged.
 */
int kg_worker_merge(struct kg_worker *into, const struct kg_worker *from);

/**
 * kg_worker_release() - free what kg_worker_merge() allocated
 * @w: accumulated worker; its samples are freed and cleared
 */
void kg_worker_release(struct kg_worker *w);

/* fio's three latencies of a direction */
enum kg_lat_kind {
	KG_LAT_SLAT,	/* start to issue; asynchronous jobs only */
	KG_LAT_CLAT,	/* issue to completion */
	KG_LAT_LAT,	/* start to completion */
	KG_LAT_SCHED,	/* kiogen's: due time to completion, rate-limited jobs */
};

/**
 * struct kg_lat_view - one latency of a direction, read the same way for all
 * @n: samples (0: none, e.g. slat of a synchronous job)
 * @min: ns
 * @max: ns
 * @sum: ns
 * @sumsq: ns^2
 * @hist: its histogram, or NULL (slat has none)
 */
struct kg_lat_view {
	uint64_t n, min, max, sum;
	long double sumsq;
	const uint64_t *hist;
};

/**
 * kg_dir_lat() - one of the latencies of a direction
 * @d: direction
 * @kind: which
 * @v: filled in
 */
void kg_dir_lat(const struct kg_dir *d, enum kg_lat_kind kind,
		struct kg_lat_view *v);

/**
 * kg_lat_mean_ns() - mean of a latency
 * @v: the latency
 *
 * Return: nanoseconds, 0 without samples.
 */
double kg_lat_mean_ns(const struct kg_lat_view *v);

/**
 * kg_lat_stdev_ns() - sample standard deviation of a latency, as fio's
 * @v: the latency
 *
 * Return: nanoseconds, 0 with fewer than two samples.
 */
double kg_lat_stdev_ns(const struct kg_lat_view *v);

/**
 * kg_lat_percentile_ns() - one percentile of a latency, from its histogram
 * @v: the latency
 * @ppm: the percentile in millionths (99.9 -> 999000)
 *
 * Return: nanoseconds, clamped to the measured min and max; 0 without
 * samples or histogram.
 */
uint64_t kg_lat_percentile_ns(const struct kg_lat_view *v, uint32_t ppm);

/**
 * kg_dir_mean_ns() - mean total latency (lat)
 * @d: direction
 *
 * Return: mean in nanoseconds, 0 if no I/O completed.
 */
double kg_dir_mean_ns(const struct kg_dir *d);

/**
 * kg_dir_stdev_ns() - standard deviation of the total latency (lat)
 * @d: direction
 *
 * Sample standard deviation (divides by n - 1) as fio reports it, from the
 * sum and the sum of squares.
 *
 * Return: deviation in nanoseconds, 0 with fewer than two I/Os.
 */
double kg_dir_stdev_ns(const struct kg_dir *d);

/**
 * kg_report_preamble() - what fio prints as a run starts (normal output)
 * @f: stream
 * @js: the jobs about to run
 */
struct kg_jobs;
void kg_report_preamble(FILE *f, const struct kg_jobs *js);

/**
 * kg_report_text() - print a run the way fio's normal output does
 * @f: stream
 * @r: results of the run
 * @g: global options (percentile list); NULL means fio's defaults
 *
 * One block per job (group_reporting) or per worker, then the "Run status
 * group 0" summary and, if any disk was sampled, "Disk stats".
 *
 * Return: 0, -ENOMEM, or -EIO if writing to @f failed.
 */
int kg_report_text(FILE *f, const struct kg_run_result *r,
		   const struct kg_global *g);

/**
 * kg_report_json() - print a run as fio's --output-format=json does
 * @f: stream
 * @r: results of the run
 * @g: global options (percentile list); NULL means fio's defaults
 *
 * fio's object shape plus a "kiogen" object per job with the raw histogram
 * buckets and the workload digest.
 *
 * Return: 0, -ENOMEM, or -EIO if writing to @f failed.
 */
int kg_report_json(FILE *f, const struct kg_run_result *r,
		   const struct kg_global *g);

/**
 * kg_report_terse() - print a run as fio's --output-format=terse does
 * @f: stream
 * @r: results of the run
 * @g: global options (terse version, percentile list); NULL means fio's
 *	defaults
 *
 * One line of semicolon-separated fields per job (group_reporting) or per
 * worker, in the layout of fio's terse version 3, 4 or 5.
 *
 * Return: 0, -ENOMEM, or -EIO if writing to @f failed.
 */
int kg_report_terse(FILE *f, const struct kg_run_result *r,
		    const struct kg_global *g);

/* fio's sig_figs default: rates and sizes keep four significant digits */
#define KG_SIG_FIGS	4

/*
 * fio's num2str(): @num in at most @maxlen digits, scaled by 1000 (or 1024
 * with @pow2) with the prefix and @unit after it, "12.3k", "48.0MiB/s".
 */
const char *kg_num2str(char *buf, size_t size, uint64_t num, int maxlen, bool pow2,
		       const char *unit);

/**
 * kg_report_print() - print a run in every format @g asks for
 * @f: stream
 * @r: results of the run
 * @g: global options; NULL: fio's normal text
 *
 * In fio's order: terse, JSON (or json+), normal.
 *
 * Return: 0, or the first error of a renderer.
 */
int kg_report_print(FILE *f, const struct kg_run_result *r,
		    const struct kg_global *g);

/**
 * kg_default_percentiles() - fill in fio's default percentile list
 * @g: global options; its list is replaced, percentiles_set is cleared
 *
 * 1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99.
 */
void kg_default_percentiles(struct kg_global *g);

#endif /* KIOGEN_CTL_REPORT_H */
