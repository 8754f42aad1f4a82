/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The results model the renderers share: workers merged into "views"
 * (fio's thread stats: one per job under group_reporting, one per worker
 * otherwise), the group totals, and the statistics derived from them
 * (percentiles, interval rates, latency and depth distributions, CPU and
 * disk figures). The text (report.c), JSON (report-json.c) and terse
 * (report-terse.c) renderers only print what is computed here.
 */
#ifndef KIOGEN_CTL_STATS_H
#define KIOGEN_CTL_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "report.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
#define NSEC_PER_SEC	1000000000ULL
#define NSEC_PER_MSEC	1000000ULL

/* The directions that move data, by enum kiogen_dir: read, write, trim */
#define KG_NR_DIRS	KIOGEN_DATA_DIRS
extern const char *const kg_dir_names[KG_NR_DIRS];

/*
 * fio's latency distribution: buckets named by their exclusive upper bound
 * in the unit of their line (see stats.c).
 */
#define KG_LAT_NR	12
#define KG_LAT_LINES	3
struct kg_lat_line {
	const char *unit;	/* text report */
	const char *json;	/* JSON map */
	uint64_t div;		/* ns per unit */
	unsigned int nr;	/* buckets on this line */
};
extern const char *const kg_lat_labels[KG_LAT_NR];
extern const struct kg_lat_line kg_lat_lines[KG_LAT_LINES];
/* IO depths, and fio's "submit" and "complete" labels */
extern const char *const kg_depth_labels[KIOGEN_DEPTH_BUCKETS];
extern const char *const kg_batch_labels[KIOGEN_DEPTH_BUCKETS];

/* The list to report, sorted as fio sorts it, and how to print it. */
struct kg_plist {
	uint32_t nr;
	uint32_t ppm[KG_MAX_PERCENTILES];
	int precision;		/* decimals: the most any entry needs, as fio */
};

struct kg_view {
	const struct kg_job *job;
	const char *name;
	uint32_t groupid;	/* fio's reporting group: the job's */
	uint32_t members;
	uint64_t busy_ns;	/* members' elapsed added up: fio's total_run_time, base of cpu% */
	struct kg_worker w;	/* members merged; owns w.samples */
};

/* One direction of a "Run status group N". */
struct kg_group_dir {
	bool any;
	uint64_t bytes;
	uint64_t min_run_ns, max_run_ns;
	double min_bw, max_bw;		/* bytes/s of the slowest and fastest view */
};

struct kg_report {
	const struct kg_run_result *r;
	struct kg_plist pl;
	bool bins;		/* json+: latency buckets with the percentiles */
	bool kernel_path;	/* run by kernel threads: not --path=syscall */
	uint32_t nr_views;
	struct kg_view *views;
	uint32_t nr_groups;	/* groups 0 to nr_groups - 1 */
	struct kg_group_dir grp[KG_MAX_JOBS][KG_NR_DIRS];
};

/* Running min/max/mean/variance (Welford), for the per-interval rates. */
struct kg_stat {
	uint64_t n;
	double min, max, mean, m2;
};

/* Fields of /sys/block/<dev>/stat, Documentation/block/stat.rst */
enum {
	KG_DISK_READ_IOS,
	KG_DISK_READ_MERGES,
	KG_DISK_READ_SECTORS,
	KG_DISK_READ_TICKS,
	KG_DISK_WRITE_IOS,
	KG_DISK_WRITE_MERGES,
	KG_DISK_WRITE_SECTORS,
	KG_DISK_WRITE_TICKS,
	KG_DISK_IN_FLIGHT,
	KG_DISK_IO_TICKS,
	KG_DISK_TIME_IN_QUEUE,
};

/* Fills @val with the percentiles of @v; returns false if it has none. */
bool kg_percentiles(const struct kg_lat_view *v, const struct kg_plist *pl,
		    uint64_t *val);

/* @n per second over @ns; 0 over no time */
double kg_rate(uint64_t n, uint64_t ns);

/* fio counts runtime in whole milliseconds; a non-zero time is at least 1 */
uint64_t kg_ns_to_ms(uint64_t ns);

/* Frees what kg_report_build() allocated. */
void kg_report_free(struct kg_report *rp);

/* Aggregate bandwidth of the group: all bytes over the longest runtime. */
double kg_group_agg(const struct kg_group_dir *g);

/* A view's share of its group's bandwidth, fio's "per=" and "bw_agg". */
double kg_bw_share(const struct kg_report *rp, const struct kg_view *v, int d,
		   double mean_kib);

/*
 * Merges @r's workers into views (per job under group_reporting, else per
 * worker) and the group totals; @g: percentile list and json+ (may be NULL).
 * Returns 0 or -ENOMEM.
 */
int kg_report_build(struct kg_report *rp, const struct kg_run_result *r,
		    const struct kg_global *g);

/* sample deviation, n - 1, as fio's calc_lat() */
double kg_stat_dev(const struct kg_stat *s);

/*
 * fio's bw and iops lines: statistics over the rate of each sampling
 * interval, KiB/s and I/Os per second. The samples are cumulative, so an
 * interval's work is the difference to the previous sample; merged views
 * carry the members' sums, hence the rates of the whole group. The
 * intervals are @j's bwavgtime and iopsavgtime (NULL: fio's 500 ms), whole
 * multiples of the samples'.
 */
void kg_interval_stats(const struct kg_worker *w, const struct kg_job *j, int d,
		       struct kg_stat *bw, struct kg_stat *iops);

/*
 * Percent of all I/Os per bucket, from the clat histograms of both
 * directions, as fio's distribution counts completion latency.
 */
void kg_lat_dist(const struct kg_worker *w, double pct[][KG_LAT_NR]);

/* fio's stat_calc_dist(): percent per bucket, no non-empty one below 0.1 */
void kg_bucket_dist(const uint64_t *b, double *pct);

/* usr and sys CPU time in percent of the view's busy time */
void kg_cpu_pct(const struct kg_view *v, double *usr, double *sys);

/* a positive errno, however the error was signed */
int kg_errno(int32_t err);

/* ctime(3) of now, as fio's header and JSON "time" carry it */
void kg_date(char *buf, size_t size, bool newline);

/* whether the view's job asked for clat, and lat, percentiles */
bool kg_want_clat_pct(const struct kg_view *v);
bool kg_want_lat_pct(const struct kg_view *v);

/* a /sys/block/<dev>/stat field's change over the run (KG_DISK_*) */
unsigned long long kg_disk_delta(const struct kg_disk *dk, int field);

/*
 * A disk's changes in the order fio's text and terse reports print them:
 * read and write ios, read and write merges, read and write ticks, in_queue.
 */
#define KG_DISK_FIGURES	7
void kg_disk_figures(const struct kg_disk *dk, unsigned long long *fig);

/* fio's util: share of the wall time the device had I/O in flight */
double kg_disk_util(const struct kg_disk *dk);

/* disks sampled before and after the run */
uint32_t kg_nr_disks(const struct kg_run_result *r);

#endif /* KIOGEN_CTL_STATS_H */
