// SPDX-License-Identifier: GPL-2.0
/*
 * "kiogen plot RESULT...": charts of kiogen's and fio's JSON results, drawn
 * by gnuplot: the latency CDF with its percentiles marked, the latency
 * histogram, and IOPS and bandwidth over time. One curve per result, job
 * and direction, or per side of a kiogen compare result, so that several
 * results overlay. The script carries its data inline (datablocks) and goes
 * to gnuplot through a pipe, which leaves no file behind; --script prints it.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <kiogen/hist.h>
#include <kiogen/version.h>

#include "core/cli.h"
#include "json/json-read.h"
#include "plot.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
#define KG_PLOT_MAX_FILES	64
#define KG_PLOT_MAX_SERIES	32
#define KG_PLOT_MAX_PCTS	64
/* histogram bins per decade of latency: 12% wide, some eight buckets each */
#define KG_PLOT_BINS_PER_DECADE	20
/* a label per percentile marker up to this many curves; past it, clutter */
#define KG_PLOT_MAX_LABELLED	2

enum kg_pchart {
	KG_PC_CDF,
	KG_PC_HIST,
	KG_PC_IOPS,
	KG_PC_BW,
	KG_PC_PHASES,
	KG_NR_PC,
};

static const char *const kg_pchart_names[KG_NR_PC] = { "cdf", "hist", "iops", "bw", "phases" };

/* bars of the phases chart, and the phases they stack, at most */
#define KG_PLOT_MAX_BARS	64
#define KG_PLOT_MAX_PHASES	16

/*
 * One bar of the phases chart: a job's latency split, or its block phases,
 * the mean of each phase stacked (us; 0 for a phase it has not).
 */
struct kg_pbar {
	char label[256];
	double us[KG_PLOT_MAX_PHASES];
};

/* the percentiles marked on the CDF, where the result has them */
static const double kg_plot_marks[] = { 50, 90, 99, 99.9, 99.99 };

static const char *const kg_plot_dirs[] = { "read", "write", "trim" };
static const char *const kg_plot_sides[] = { "kernel", "syscall" };

/* One curve: a direction of a job of a result, or a side of a compare result. */
struct kg_pseries {
	char label[256];
	bool lat;			/* total latency (lat), else completion (clat) */
	double *hist;			/* KIOG_HIST_BUCKETS counts, or NULL */
	double total;			/* I/Os in @hist, or of the percentiles */
	double max_us;			/* 0 if unknown */
	double pct[KG_PLOT_MAX_PCTS];	/* the result's percentiles, ascending */
	double pct_us[KG_PLOT_MAX_PCTS];
	unsigned int nr_pcts;
	double *iops, *mibs;		/* per interval, or per run */
	unsigned int nr_rates;
	double interval_s;		/* 0: the rates are per run */
	bool phase;			/* a phase of kiogen's latency split */
	bool zero;			/* every latency is 0 ns: nothing on a log axis */
	bool kiogen;			/* of kiogen's JSON, which has rates over time */
};

struct kg_pfile {
	const char *path;
	const char *name;		/* its curves' label */
	struct kg_jv *root;
	/* its run results: the root, or a kiogen ab result's A and B */
	const struct kg_jv *runs[2];
	unsigned int nr_runs;
};

struct kg_plot {
	const char *out;
	bool svg, script;
	bool what[KG_NR_PC];
	bool compare;			/* the results are kiogen compare results */
	bool lat;			/* every run result has lat's distribution */
	struct kg_pfile files[KG_PLOT_MAX_FILES];
	unsigned int nr_files;
	struct kg_pseries s[KG_PLOT_MAX_SERIES];
	unsigned int nr;
	/* the phases chart: the phases' names (in the results' JSON), the bars */
	const char *phases[KG_PLOT_MAX_PHASES];
	unsigned int nr_phases;
	struct kg_pbar bars[KG_PLOT_MAX_BARS];
	unsigned int nr_bars;
};

void kg_plot_usage(FILE *f)
{
	fprintf(f,
		"\nCharts of results in JSON (kiogen run or compare, fio's json or json+),\n"
		"one curve per result, job and direction, in one PNG or SVG:\n"
		"  cdf   latency CDF, p50 p90 p99 p99.9 p99.99 marked (log latency axis)\n"
		"  hist  latency histogram (kiogen's JSON, or fio's json+ bins)\n"
		"  iops  IOPS over time (kiogen's 500 ms samples; per run for compare)\n"
		"  bw    bandwidth over time, likewise\n"
		"  phases  kiogen's latency split and block phases (--latency_split=1): a\n"
		"        stacked bar of the phases' means per job; each phase's latency is\n"
		"        a curve of the CDF and the histogram\n\n"
		"  -o, --output=FILE   FILE.png or FILE.svg (default: the first result's\n"
		"                      name with .png, in the current directory)\n"
		"  --what=LIST         charts, comma-separated, or all (default)\n"
		"  --script, --dry-run print the gnuplot script instead of running gnuplot\n\n"
		"A log axis has no 0: I/Os of 0 ns are left out of the curves (the key gives\n"
		"their share); a clat of 0 for every I/O (each completed within its\n"
		"submission) is drawn as lat, and said.\n"
		"Needs gnuplot (Debian: gnuplot-nox). exit status: 0 drawn, 1 gnuplot failed,\n"
		"2 bad usage, an unreadable result, or no gnuplot\n");
}

static struct kg_pseries *kg_plot_new(struct kg_plot *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static struct kg_pseries *kg_plot_new(struct kg_plot *p, const char *fmt, ...)
{
	struct kg_pseries *s;
	va_list ap;

	if (p->nr == KG_PLOT_MAX_SERIES) {
		fprintf(stderr, "kiogen plot: more than %d curves (group_reporting makes one "
			"of a result's jobs)\n", KG_PLOT_MAX_SERIES);
		return NULL;
	}
	s = &p->s[p->nr++];
	va_start(ap, fmt);
	vsnprintf(s->label, sizeof(s->label), fmt, ap);
	va_end(ap);
	return s;
}

static bool kg_plot_has(const struct kg_pseries *s, enum kg_pchart c);

static void kg_plot_add_pct(struct kg_pseries *s, double pct, double us)
{
	unsigned int i;

	if (s->nr_pcts == KG_PLOT_MAX_PCTS || isnan(pct) || isnan(us))
		return;
	/* keep them ascending: a map's order is the writer's */
	for (i = s->nr_pcts; i && s->pct[i - 1] > pct; i--) {
		s->pct[i] = s->pct[i - 1];
		s->pct_us[i] = s->pct_us[i - 1];
	}
	s->pct[i] = pct;
	s->pct_us[i] = us;
	s->nr_pcts++;
}

static int kg_plot_alloc_hist(struct kg_pseries *s)
{
	s->hist = calloc(KIOG_HIST_BUCKETS, sizeof(*s->hist));
	return s->hist ? 0 : -1;
}

/* fio's json+ "bins": counts keyed by the value in ns each bucket stands for */
static int kg_plot_bins(struct kg_pseries *s, const struct kg_jv *bins)
{
	const struct kg_jv *b;

	if (kg_plot_alloc_hist(s))
		return -1;
	for (b = bins->child; b; b = b->next) {
		double ns = strtod(b->key, NULL);

		/* fio's buckets are kiogen's (fio's layout), so a value finds its own */
		if (b->type == KG_JV_NUM && ns >= 0 && ns < 0x1p63)
			s->hist[kiog_hist_idx((uint64_t)ns)] += b->num;
	}
	return 0;
}

/* kiogen's raw histogram: [index, count] pairs */
static int kg_plot_kiogen_hist(struct kg_pseries *s, const struct kg_jv *pairs)
{
	const struct kg_jv *e;

	if (kg_plot_alloc_hist(s))
		return -1;
	for (e = pairs->child; e; e = e->next) {
		double idx = kg_jv_num(e->child, -1);
		double n = kg_jv_num(e->child ? e->child->next : NULL, 0);

		if (idx >= 0 && idx < KIOG_HIST_BUCKETS)
			s->hist[(unsigned int)idx] += n;
	}
	return 0;
}

/* whether a latency object has percentiles or json+ bins */
static bool kg_plot_has_dist(const struct kg_jv *lat)
{
	return kg_jv_get(lat, "percentile") || kg_jv_get(lat, "bins");
}

/*
 * The marked percentiles of a curve that has buckets but no percentiles
 * (kiogen's lat without --lat_percentiles): the buckets', as the module
 * computes them.
 */
static int kg_plot_hist_pcts(struct kg_pseries *s)
{
	__u64 *b = calloc(KIOG_HIST_BUCKETS, sizeof(*b));
	unsigned int i;
	size_t m;

	if (!b)
		return -1;
	for (i = 0; i < KIOG_HIST_BUCKETS; i++)
		b[i] = (__u64)s->hist[i];
	for (m = 0; m < ARRAY_SIZE(kg_plot_marks); m++)
		kg_plot_add_pct(s, kg_plot_marks[m],
				kiog_hist_percentile(b, KIOG_HIST_BUCKETS, (__u64)s->total,
						     (__u32)(kg_plot_marks[m] * 1e4 + 0.5)) / 1e3);
	free(b);
	return 0;
}

/* The distribution of @d's lat (s->lat) or clat into @s: percentiles, max, buckets. */
static int kg_plot_load_lat(struct kg_pseries *s, const struct kg_jv *job,
			    const struct kg_jv *d, const char *dir)
{
	const struct kg_jv *lat, *bins, *pl, *m, *kh, *pairs;
	unsigned int i;

	lat = kg_jv_get(d, s->lat ? "lat_ns" : "clat_ns");
	s->max_us = kg_jv_num(kg_jv_get(lat, "max"), 0) / 1000;
	s->total = kg_jv_num(kg_jv_get(lat, "N"), 0);
	pl = kg_jv_get(lat, "percentile");
	for (m = pl ? pl->child : NULL; m; m = m->next)
		if (m->type == KG_JV_NUM)
			kg_plot_add_pct(s, strtod(m->key, NULL), m->num / 1000);

	bins = kg_jv_get(lat, "bins");
	kh = kg_jv_at(job, "kiogen", "hist", NULL);
	pairs = s->lat ? kg_jv_get(kh, dir) : kg_jv_at(kh, "clat", dir, NULL);
	if (bins && bins->type == KG_JV_OBJ) {
		if (kg_plot_bins(s, bins))
			return -1;
	} else if (pairs && pairs->type == KG_JV_ARR &&
		   kg_jv_num(kg_jv_get(kh, "bits"), 0) == KIOG_HIST_BITS &&
		   kg_jv_num(kg_jv_get(kh, "groups"), 0) == KIOG_HIST_GROUPS) {
		if (kg_plot_kiogen_hist(s, pairs))
			return -1;
	}
	if (s->hist) {
		s->total = 0;
		for (i = 0; i < KIOG_HIST_BUCKETS; i++)
			s->total += s->hist[i];
		if (!(s->total > 0)) {
			free(s->hist);
			s->hist = NULL;
		}
	}
	/*
	 * 0 ns has no place on a log axis: bucket 0 (exactly 0 ns) is left
	 * out of the charts, a curve's CDF starts at its share; when every
	 * latency is 0 there is no curve at all.
	 */
	s->zero = s->hist ? s->hist[0] == s->total : s->nr_pcts && !(s->max_us > 0);
	for (i = 0; !s->hist && s->zero && i < s->nr_pcts; i++)
		s->zero = !(s->pct_us[i] > 0);
	if (s->zero) {
		free(s->hist);
		s->hist = NULL;
		s->nr_pcts = 0;
	}
	return s->hist && !s->nr_pcts ? kg_plot_hist_pcts(s) : 0;
}

/*
 * The latency of direction @d of @job: lat if @lat (every result has it, as
 * kiogen diff takes it), else clat where it has percentiles or bins (fio's
 * default), else lat; the histogram from json+ bins, else from kiogen's own
 * buckets when their layout is this build's. A clat of 0 ns for every I/O
 * (each completed within its own submission: brd, null_blk, the null
 * engine; its time is in slat) is drawn as lat, and said.
 */
static int kg_plot_latency(struct kg_pseries *s, const struct kg_jv *job,
			   const struct kg_jv *d, const char *dir, bool lat_all)
{
	s->lat = lat_all || (!kg_plot_has_dist(kg_jv_get(d, "clat_ns")) &&
			     kg_plot_has_dist(kg_jv_get(d, "lat_ns")));
	if (kg_plot_load_lat(s, job, d, dir))
		return -1;
	if (s->lat || !s->zero)
		return 0;
	s->lat = true;
	if (kg_plot_load_lat(s, job, d, dir))
		return -1;
	if (s->zero || !kg_plot_has(s, KG_PC_CDF)) {
		/* no lat to draw either: the clat of zeros stands, undrawn */
		free(s->hist);
		s->hist = NULL;
		s->nr_pcts = 0;
		s->lat = false;
		s->zero = true;
		return 0;
	}
	fprintf(stderr, "kiogen plot: %s: clat is 0 ns for every I/O (each completed within "
		"its submission, its time counted in slat): lat is drawn instead\n", s->label);
	return 0;
}

static int kg_plot_alloc_rates(struct kg_pseries *s, size_t n)
{
	s->iops = calloc(n + 1, sizeof(double));
	s->mibs = calloc(n + 1, sizeof(double));
	return s->iops && s->mibs ? 0 : -1;
}

/* kiogen's samples: I/Os and bytes of each interval of direction @dir */
static int kg_plot_samples(struct kg_pseries *s, const struct kg_jv *job, const char *dir)
{
	const struct kg_jv *samples = kg_jv_at(job, "kiogen", "samples", NULL);
	const struct kg_jv *list = kg_jv_get(samples, dir), *e;

	s->kiogen = kg_jv_get(job, "kiogen");
	s->interval_s = kg_jv_num(kg_jv_get(samples, "interval_ns"), 0) / 1e9;
	if (!(s->interval_s > 0) || !list || list->type != KG_JV_ARR || !list->child)
		return 0;
	if (kg_plot_alloc_rates(s, kg_jv_len(list)))
		return -1;
	for (e = list->child; e; e = e->next) {
		const struct kg_jv *ios = e->child, *bytes = ios ? ios->next : NULL;

		s->iops[s->nr_rates] = kg_jv_num(ios, 0) / s->interval_s;
		s->mibs[s->nr_rates++] = kg_jv_num(bytes, 0) / 1048576 / s->interval_s;
	}
	return 0;
}

static bool kg_plot_has_io(const struct kg_jv *job, const char *dir)
{
	return kg_jv_num(kg_jv_at(job, dir, "total_ios", NULL), 0) > 0;
}

/* whether another job of @jobs has @job's name */
static bool kg_plot_name_shared(const struct kg_jv *jobs, const struct kg_jv *job)
{
	const char *name = kg_jv_str(kg_jv_get(job, "jobname"));
	const struct kg_jv *o;

	for (o = jobs->child; o; o = o->next)
		if (o != job && name && !strcmp(name, kg_jv_str(kg_jv_get(o, "jobname")) ?: ""))
			return true;
	return false;
}

/* The phases chart's column of phase @name, added if new; -1 if full. */
static int kg_plot_phase_col(struct kg_plot *p, const char *name)
{
	unsigned int i;

	for (i = 0; i < p->nr_phases; i++)
		if (!strcmp(p->phases[i], name))
			return i;
	if (p->nr_phases == KG_PLOT_MAX_PHASES)
		return -1;
	p->phases[p->nr_phases] = name;
	return p->nr_phases++;
}

/* A bar of the phases chart from a table's rows but its total (and btt's Q2C) */
static void kg_plot_phase_bar(struct kg_plot *p, const struct kg_jv *rows, const char *fmt,
			      ...) __attribute__((format(printf, 3, 4)));

static void kg_plot_phase_bar(struct kg_plot *p, const struct kg_jv *rows, const char *fmt,
			      ...)
{
	struct kg_pbar *b;
	va_list ap;
	int col;

	if (!rows || p->nr_bars == KG_PLOT_MAX_BARS)
		return;
	b = &p->bars[p->nr_bars++];
	va_start(ap, fmt);
	vsnprintf(b->label, sizeof(b->label), fmt, ap);
	va_end(ap);
	for (rows = rows->child; rows; rows = rows->next) {
		if (!rows->key || !strcmp(rows->key, "total") || !strcmp(rows->key, "Q2C"))
			continue;
		col = kg_plot_phase_col(p, rows->key);
		if (col >= 0)
			b->us[col] = kg_jv_num(kg_jv_get(rows, "mean"), 0) / 1000;
	}
}

/*
 * The phases of kiogen's latency split (--latency_split=1) of @job, and
 * its block phases: a latency curve each, from its histogram, with the
 * p50, p99 and p99.9 of its table marked; and a bar of each table's means.
 */
static int kg_plot_split(struct kg_plot *p, const struct kg_jv *job, const char *name,
			 const char *jname)
{
	static const struct {
		const char *key, *bar;
	} tabs[] = { { "latency_split", "split" }, { "block_phases", "block" } };
	static const struct {
		const char *key;
		double pct;
	} marks[] = { { "p50", 50 }, { "p99", 99 }, { "p99.9", 99.9 } };
	const struct kg_jv *ls, *pairs, *row;
	struct kg_pseries *s;
	unsigned int i;
	size_t t, m;

	for (t = 0; t < ARRAY_SIZE(tabs); t++) {
		ls = kg_jv_at(job, "kiogen", tabs[t].key, NULL);
		if (!ls)
			continue;
		kg_plot_phase_bar(p, kg_jv_get(ls, "phases"), "%s%s %s", name, jname,
				  tabs[t].bar);
		pairs = kg_jv_get(ls, "hist");
		for (pairs = pairs ? pairs->child : NULL; pairs; pairs = pairs->next) {
			if (pairs->type != KG_JV_ARR || !pairs->child)
				continue;
			s = kg_plot_new(p, "%s%s %s", name, jname, pairs->key);
			if (!s)
				return -1;
			s->phase = true;
			if (kg_plot_kiogen_hist(s, pairs))
				return -1;
			for (i = 0; i < KIOG_HIST_BUCKETS; i++)
				s->total += s->hist[i];
			/* all 0 ns (completed inside submit): nothing on a log axis */
			if (s->total == s->hist[0]) {
				free(s->hist);
				memset(s, 0, sizeof(*s));
				p->nr--;
				continue;
			}
			row = kg_jv_at(ls, "phases", pairs->key, NULL);
			for (m = 0; m < ARRAY_SIZE(marks); m++)
				kg_plot_add_pct(s, marks[m].pct,
						kg_jv_num(kg_jv_get(row, marks[m].key), NAN) / 1000);
		}
	}
	return 0;
}

/* A fio or kiogen run result: a curve per job (if several) and direction with I/O. */
static int kg_plot_run(struct kg_plot *p, const struct kg_jv *jobs, const char *name)
{
	unsigned int nr_dirs = 0, k = 0;
	const struct kg_jv *job;
	size_t d;

	/* name the direction only where the result has several */
	for (d = 0; d < ARRAY_SIZE(kg_plot_dirs); d++)
		for (job = jobs->child; job; job = job->next)
			if (kg_plot_has_io(job, kg_plot_dirs[d])) {
				nr_dirs++;
				break;
			}
	for (job = jobs->child; job; job = job->next, k++) {
		char jname[96] = "";

		if (jobs->child->next) {
			const char *jn = kg_jv_str(kg_jv_get(job, "jobname")) ?: "job";

			if (kg_plot_name_shared(jobs, job))
				snprintf(jname, sizeof(jname), " %s#%u", jn, k + 1);
			else
				snprintf(jname, sizeof(jname), " %s", jn);
		}
		for (d = 0; d < ARRAY_SIZE(kg_plot_dirs); d++) {
			const char *dir = kg_plot_dirs[d];
			struct kg_pseries *s;

			if (!kg_plot_has_io(job, dir))
				continue;
			s = kg_plot_new(p, "%s%s%s%s", name, jname, nr_dirs > 1 ? " " : "",
					nr_dirs > 1 ? dir : "");
			if (!s)
				return -1;
			if (kg_plot_latency(s, job, kg_jv_get(job, dir), dir, p->lat) ||
			    kg_plot_samples(s, job, dir))
				goto oom;
		}
		if (kg_plot_split(p, job, name, jname))
			goto oom;
	}
	return 0;
oom:
	fprintf(stderr, "kiogen plot: out of memory\n");
	return -1;
}

/* A kiogen compare result: a curve per side, its runs' mean percentiles, and each run's rates */
static int kg_plot_compare(struct kg_plot *p, const struct kg_jv *cmp, const char *name)
{
	static const struct {
		const char *key;
		double pct;
	} pkeys[] = { { "clat_p50_us", 50 }, { "clat_p99_us", 99 }, { "clat_p99.9_us", 99.9 } };
	size_t i, k;

	for (i = 0; i < ARRAY_SIZE(kg_plot_sides); i++) {
		const struct kg_jv *runs = kg_jv_at(cmp, kg_plot_sides[i], "runs", NULL), *r;
		double sum[ARRAY_SIZE(pkeys)] = { 0 };
		struct kg_pseries *s;

		if (!kg_jv_len(runs))
			continue;
		s = kg_plot_new(p, "%s %s", name, kg_plot_sides[i]);
		if (!s)
			return -1;
		if (kg_plot_alloc_rates(s, kg_jv_len(runs))) {
			fprintf(stderr, "kiogen plot: out of memory\n");
			return -1;
		}
		for (r = runs->child; r; r = r->next) {
			s->iops[s->nr_rates] = kg_jv_num(kg_jv_get(r, "iops"), NAN);
			s->mibs[s->nr_rates++] = kg_jv_num(kg_jv_get(r, "bw_mib_s"), NAN);
			for (k = 0; k < ARRAY_SIZE(pkeys); k++)
				sum[k] += kg_jv_num(kg_jv_get(r, pkeys[k].key), NAN);
		}
		/* the mean over runs, as compare's own "mean" */
		for (k = 0; k < ARRAY_SIZE(pkeys); k++)
			kg_plot_add_pct(s, pkeys[k].pct, sum[k] / s->nr_rates);
	}
	return 0;
}

/* Reads @f; a result of fio or kiogen run, or of kiogen compare, as the first is. */
static int kg_plot_load(struct kg_plot *p, struct kg_pfile *f, bool first)
{
	const struct kg_jv *cmp, *jobs;
	char err[128];

	f->root = kg_jv_load(f->path, err, sizeof(err));
	if (!f->root) {
		fprintf(stderr, "kiogen plot: %s: %s\n", f->path, err);
		return -1;
	}
	cmp = kg_jv_get(f->root, "compare");
	f->runs[0] = f->root;
	f->nr_runs = 1;
	if (kg_jv_get(f->root, "ab")) {
		f->runs[0] = kg_jv_at(f->root, "ab", "a", NULL);
		f->runs[1] = kg_jv_at(f->root, "ab", "b", NULL);
		f->nr_runs = 2;
		/* B's jobs are checked as A's are, below */
		jobs = kg_jv_get(f->runs[1], "jobs");
		if (!jobs || jobs->type != KG_JV_ARR || !jobs->child)
			f->runs[0] = NULL;
	}
	jobs = kg_jv_get(f->runs[0], "jobs");
	if (!first && !cmp != !p->compare) {
		/* their rates are per run and over time: no common axis */
		fprintf(stderr, "kiogen plot: %s %s a kiogen compare result and the first is %s: "
			"plot them apart\n", f->path, cmp ? "is" : "is not", cmp ? "not" : "one");
		return -1;
	}
	p->compare = cmp;
	if (!cmp && (!jobs || jobs->type != KG_JV_ARR || !jobs->child)) {
		fprintf(stderr, "kiogen plot: %s: no \"jobs\": not a result of fio or kiogen "
			"in JSON\n", f->path);
		return -1;
	}
	return 0;
}

/* The directions with I/O of @jobs, each with lat's distribution; -1 if one lacks it. */
static int kg_plot_lat_dirs(const struct kg_jv *jobs)
{
	const struct kg_jv *job;
	int with = 0;
	size_t d;

	for (job = jobs->child; job; job = job->next)
		for (d = 0; d < ARRAY_SIZE(kg_plot_dirs); d++) {
			if (!kg_plot_has_io(job, kg_plot_dirs[d]))
				continue;
			if (!kg_plot_has_dist(kg_jv_at(job, kg_plot_dirs[d], "lat_ns", NULL)))
				return -1;
			with++;
		}
	return with;
}

/* Whether every direction with I/O of every run result has lat's distribution. */
static bool kg_plot_all_lat(const struct kg_plot *p)
{
	unsigned int i, k;
	int with = 0, n;

	for (i = 0; i < p->nr_files && !p->compare; i++)
		for (k = 0; k < p->files[i].nr_runs; k++) {
			n = kg_plot_lat_dirs(kg_jv_get(p->files[i].runs[k], "jobs"));
			if (n < 0)
				return false;
			with += n;
		}
	return with;
}

/* The curves of @f. */
static int kg_plot_curves(struct kg_plot *p, const struct kg_pfile *f)
{
	unsigned int before = p->nr, k;
	char name[256];
	int err = 0;

	if (p->compare)
		err = kg_plot_compare(p, kg_jv_get(f->root, "compare"), f->name);
	for (k = 0; !p->compare && k < f->nr_runs && !err; k++) {
		/* an ab result's curves: FILE a, FILE b */
		snprintf(name, sizeof(name), "%s%s", f->name,
			 f->nr_runs > 1 ? (k ? " b" : " a") : "");
		err = kg_plot_run(p, kg_jv_get(f->runs[k], "jobs"), name);
	}
	if (err)
		return err;
	if (p->nr == before) {
		fprintf(stderr, "kiogen plot: %s: no I/O in it to plot\n", f->path);
		return -1;
	}
	return 0;
}

static void kg_plot_free(struct kg_plot *p)
{
	unsigned int i;

	for (i = 0; i < p->nr; i++) {
		free(p->s[i].hist);
		free(p->s[i].iops);
		free(p->s[i].mibs);
	}
	for (i = 0; i < p->nr_files; i++)
		kg_jv_free(p->files[i].root);
}

/* ---- the gnuplot script ---- */

/* a gnuplot string in single quotes, where '' is a quote */
static void kg_plot_str(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputs("''", f);
		else
			fputc((unsigned char)*s < 0x20 ? '?' : *s, f);
	}
	fputc('\'', f);
}

/*
 * The CDF's y: the nines of a fraction, -log10(1 - F), so that p99, p99.9
 * and p99.99 are a unit apart; all I/Os (F = 1) half a rank past the last,
 * where the count of I/Os is known (@total).
 */
static double kg_plot_nines(double frac, double total)
{
	double cap = total > 0 ? log10(2 * total) : INFINITY;

	return frac < 1 ? fmin(-log10(1 - frac), cap) : cap;
}

/* a latency in us as a person reads it: 3.2 us, 810 us, 12.5 ms */
static void kg_plot_fmt_us(char *buf, size_t len, double us)
{
	if (us >= 1e6)
		snprintf(buf, len, "%.4g s", us / 1e6);
	else if (us >= 1e3)
		snprintf(buf, len, "%.4g ms", us / 1e3);
	else
		snprintf(buf, len, "%.4g us", us);
}

static bool kg_plot_has(const struct kg_pseries *s, enum kg_pchart c)
{
	switch (c) {
	case KG_PC_CDF:
		return s->hist || s->nr_pcts;
	case KG_PC_HIST:
		return s->hist;
	default:
		return s->nr_rates;
	}
}

/* The CDF's points: every non-empty bucket, else the percentiles (and max). */
static double kg_plot_cdf_data(FILE *f, const struct kg_pseries *s, unsigned int n)
{
	double cum = 0, top = 0, y;
	unsigned int i;

	fprintf(f, "$cdf_%u << EOD\n", n);
	if (s->hist) {
		/*
		 * The I/Os of 0 ns are below the first point: the curve starts
		 * at their share, at the first bucket's lower bound, so that
		 * one bucket (every latency equal) is a step, not a lone point.
		 */
		cum = s->hist[0];
		for (i = 1; i < KIOG_HIST_BUCKETS; i++) {
			if (!s->hist[i])
				continue;
			if (cum == s->hist[0])
				fprintf(f, "%.9g %.9g\n", kiog_hist_bucket_lo(i) / 1e3,
					kg_plot_nines(cum / s->total, s->total) + 0.0);
			cum += s->hist[i];
			y = kg_plot_nines(cum / s->total, s->total);
			fprintf(f, "%.9g %.9g\n", kiog_hist_bucket_val(i) / 1e3, y);
			top = fmax(top, y);
		}
	} else {
		for (i = 0; i < s->nr_pcts; i++) {
			if (!(s->pct_us[i] > 0))
				continue;
			y = kg_plot_nines(s->pct[i] / 100, s->total);
			fprintf(f, "%.9g %.9g\n", s->pct_us[i], y);
			top = fmax(top, y);
		}
		if (s->max_us > 0 && s->total > 0) {
			y = kg_plot_nines(1, s->total);
			fprintf(f, "%.9g %.9g\n", s->max_us, y);
			top = fmax(top, y);
		}
	}
	fprintf(f, "EOD\n");
	return top;
}

/*
 * The marked percentiles: value in us, nines, and the label "p99 2.3 us".
 * Marks at one point (a run of one I/O: every percentile is it, at one
 * height) share a label, "p50-p99.99 7 us", not one written over another.
 */
static double kg_plot_mark_data(FILE *f, const struct kg_pseries *s, unsigned int n)
{
	double top = 0, x = -1, y = -1, first = 0, last = 0;
	unsigned int i;
	size_t m;

	fprintf(f, "$mark_%u << EOD\n", n);
	for (m = 0; m <= ARRAY_SIZE(kg_plot_marks); m++)
		for (i = 0; i < s->nr_pcts; i++) {
			bool end = m == ARRAY_SIZE(kg_plot_marks);
			char v[32];

			if (!end && (fabs(s->pct[i] - kg_plot_marks[m]) > 1e-6 ||
				     !(s->pct_us[i] > 0)))
				continue;
			if (!end && s->pct_us[i] == x &&
			    kg_plot_nines(s->pct[i] / 100, s->total) == y) {
				last = kg_plot_marks[m];
				break;
			}
			/* the point before, its label naming every mark it holds */
			if (x >= 0) {
				kg_plot_fmt_us(v, sizeof(v), x);
				if (last > first)
					fprintf(f, "%.3f %.9g \"p%g-p%g %s\"\n", x, y, first, last, v);
				else
					fprintf(f, "%.3f %.9g \"p%g %s\"\n", x, y, first, v);
				top = fmax(top, y);
			}
			if (end)
				break;
			x = s->pct_us[i];
			y = kg_plot_nines(s->pct[i] / 100, s->total);
			first = last = kg_plot_marks[m];
			break;
		}
	fprintf(f, "EOD\n");
	return top;
}

/*
 * The histogram in bins of equal width on the log axis, each bucket's count
 * spread over the bins it overlaps (uniform within the bucket): kiogen's and
 * fio's buckets are equal in linear width within a power of two, so their
 * counts on a log axis would show a sawtooth. Written as a staircase.
 */
static int kg_plot_hist_data(FILE *f, const struct kg_pseries *s, unsigned int n)
{
	const double bpd = KG_PLOT_BINS_PER_DECADE;
	int first = -1, last = -1, b0, nbins, k, i;
	double *bins;

	/* bucket 0 is 0 ns: no bin of a log axis holds it (kg_plot_load_lat) */
	for (i = 1; i < (int)KIOG_HIST_BUCKETS; i++)
		if (s->hist[i]) {
			first = first < 0 ? i : first;
			last = i;
		}
	b0 = (int)floor(log10(fmax(kiog_hist_bucket_lo(first), 0.5)) * bpd);
	nbins = (int)ceil(log10(kiog_hist_bucket_lo(last) * 2.0 + 1) * bpd) - b0;
	bins = calloc(nbins, sizeof(*bins));
	if (!bins)
		return -1;
	for (i = first; i <= last; i++) {
		double lo = fmax(kiog_hist_bucket_lo(i), 0.5);
		double hi = i < (int)KIOG_HIST_NR ? kiog_hist_bucket_hi(i) + 1.0 : lo + 1;

		if (!s->hist[i])
			continue;
		for (k = (int)floor(log10(lo) * bpd) - b0; k < nbins; k++) {
			double a = pow(10, (b0 + k) / bpd), b = pow(10, (b0 + k + 1) / bpd);

			if (k >= 0 && fmin(b, hi) > fmax(a, lo))
				bins[k] += s->hist[i] * (fmin(b, hi) - fmax(a, lo)) / (hi - lo);
			if (b >= hi)
				break;
		}
	}
	fprintf(f, "$hist_%u << EOD\n%.9g 0\n", n, pow(10, b0 / bpd) / 1e3);
	for (k = 0; k < nbins; k++) {
		double y = 100 * bins[k] / s->total;

		fprintf(f, "%.9g %.9g\n%.9g %.9g\n", pow(10, (b0 + k) / bpd) / 1e3, y,
			pow(10, (b0 + k + 1) / bpd) / 1e3, y);
	}
	fprintf(f, "%.9g 0\nEOD\n", pow(10, (b0 + nbins) / bpd) / 1e3);
	free(bins);
	return 0;
}

static void kg_plot_rate_data(FILE *f, const struct kg_pseries *s, unsigned int n)
{
	unsigned int i;

	fprintf(f, "$rate_%u << EOD\n", n);
	for (i = 0; i < s->nr_rates; i++)
		/* an interval's rate at its end, as fio's logs time it; a run by its number */
		fprintf(f, "%.9g %.9g %.9g\n", s->interval_s ? (i + 1) * s->interval_s : i + 1.0,
			s->iops[i], s->mibs[i]);
	fprintf(f, "EOD\n");
}

/* "clat" if every curve is of clat, "lat" if of lat, NULL if mixed */
static const char *kg_plot_kind(const struct kg_plot *p)
{
	unsigned int i, lat = 0, n = 0;

	/* a split's phases are named as such */
	for (i = 0; i < p->nr; i++) {
		lat += p->s[i].lat;
		n += !p->s[i].phase;
	}
	return !lat ? "clat" : lat == n ? "lat" : NULL;
}

/* The latencies of every curve, in us: its buckets, else its percentiles and max. */
static void kg_plot_lat_range(const struct kg_plot *p, double *lo, double *hi)
{
	unsigned int i, k;

	*lo = INFINITY;
	*hi = 0;
	for (i = 0; i < p->nr; i++) {
		const struct kg_pseries *s = &p->s[i];

		for (k = 1; s->hist && k < KIOG_HIST_BUCKETS; k++)
			if (s->hist[k]) {
				*lo = fmin(*lo, kiog_hist_bucket_lo(k) / 1e3);
				*hi = fmax(*hi, kiog_hist_bucket_val(k) / 1e3);
			}
		for (k = 0; !s->hist && k < s->nr_pcts; k++) {
			if (!(s->pct_us[k] > 0))
				continue;
			*lo = fmin(*lo, s->pct_us[k]);
			*hi = fmax(*hi, s->pct_us[k]);
		}
		if (!s->hist)
			*hi = fmax(*hi, s->max_us);
	}
}

/* The latency axis, the same decades on the CDF and the histogram. */
static void kg_plot_lat_axis(FILE *f, const struct kg_plot *p)
{
	const char *kind = kg_plot_kind(p);
	double lo, hi;

	kg_plot_lat_range(p, &lo, &hi);
	fprintf(f, "set logscale x 10\nset format x '%%g'\nset xlabel '%s (us, log scale)'\n",
		!kind ? "latency: clat, or lat where the curve says" :
		!strcmp(kind, "clat") ? "completion latency, clat" : "total latency, lat");
	if (lo > 0 && hi >= lo)
		fprintf(f, "set xrange [%g:%g]\n", pow(10, floor(log10(lo))),
			pow(10, fmax(ceil(log10(hi)), floor(log10(lo)) + 1)));
}

/* ", " between the plot command's elements, a line each */
static void kg_plot_sep(FILE *f, bool *first)
{
	fputs(*first ? "plot " : ", \\\n     ", f);
	*first = false;
}

static void kg_plot_title(FILE *f, const struct kg_pseries *s, const struct kg_plot *p)
{
	char t[sizeof(s->label) + 64], z[48] = "";

	/* the I/Os of 0 ns that the log axis cannot show */
	if (s->hist && s->hist[0] > 0)
		snprintf(z, sizeof(z), ", %.3g%% at 0 ns", 100 * s->hist[0] / s->total);
	snprintf(t, sizeof(t), "%s%s%s", s->label, !kg_plot_kind(p) && s->lat ? " (lat)" : "",
		 z);
	fputs(" title ", f);
	kg_plot_str(f, t);
}

static void kg_plot_cdf(FILE *f, const struct kg_plot *p, double top)
{
	bool first = true, labels = p->nr <= KG_PLOT_MAX_LABELLED;
	unsigned int i, k, nines = (unsigned int)ceil(top);

	fprintf(f, "set title 'Latency CDF, percentiles marked'\n");
	kg_plot_lat_axis(f, p);
	fprintf(f, "set ylabel 'percentile (%%, log scale of 1 - fraction)'\n"
		   "set yrange [0:%u]\nset ytics ('0' 0, '50' log10(2)", nines);
	for (k = 1; k <= nines; k++)
		fprintf(f, ", '%.*f' %u", k > 2 ? k - 2 : 0, 100 - pow(10, 2.0 - k), k);
	fprintf(f, ")\nset key bottom right box opaque\n");
	for (i = 0; i < p->nr; i++) {
		const struct kg_pseries *s = &p->s[i];

		if (!kg_plot_has(s, KG_PC_CDF))
			continue;
		kg_plot_sep(f, &first);
		fprintf(f, "$cdf_%u using 1:2 with %s lc %u lw 2", i + 1,
			s->hist ? "lines" : "linespoints pt 6", i + 1);
		kg_plot_title(f, s, p);
		fprintf(f, ", \\\n     $mark_%u using 1:2 with points lc %u pt 7 ps 1.3 notitle",
			i + 1, i + 1);
		/* two curves' labels on either side of their points */
		if (labels)
			fprintf(f, ", \\\n     $mark_%u using 1:2:3 with labels %s offset %s "
				"tc lt %u notitle", i + 1, i ? "right" : "left",
				i ? "-1,0.6" : "1,-0.6", i + 1);
	}
	fputc('\n', f);
}

static void kg_plot_hist(FILE *f, const struct kg_plot *p)
{
	bool first = true;
	unsigned int i;

	fprintf(f, "set title 'Latency histogram'\n");
	kg_plot_lat_axis(f, p);
	fprintf(f, "set ylabel '%% of I/Os per bin (1/%d decade)'\nset yrange [0:*]\n"
		   "set key top right box opaque\n", KG_PLOT_BINS_PER_DECADE);
	for (i = 0; i < p->nr; i++) {
		if (!kg_plot_has(&p->s[i], KG_PC_HIST))
			continue;
		kg_plot_sep(f, &first);
		fprintf(f, "$hist_%u using 1:2 with lines lc %u lw 2", i + 1, i + 1);
		kg_plot_title(f, &p->s[i], p);
	}
	fputc('\n', f);
}

static void kg_plot_rates(FILE *f, const struct kg_plot *p, enum kg_pchart c)
{
	bool iops = c == KG_PC_IOPS, first = true;
	unsigned int i, most = 0;

	fprintf(f, "set title '%s %s'\n", iops ? "IOPS" : "Bandwidth",
		p->compare ? "per run" : "over time");
	if (p->compare) {
		for (i = 0; i < p->nr; i++)
			most = p->s[i].nr_rates > most ? p->s[i].nr_rates : most;
		fprintf(f, "set xlabel 'run'\nset xtics 1\nset xrange [0.5:%u.5]\n", most);
	} else {
		fprintf(f, "set xlabel 'time (s), at the end of each interval'\n"
			   "set xrange [0:*]\n");
	}
	/* room above the curves for the key, which level lines would cross */
	fprintf(f, "set ylabel '%s'\nset yrange [0:*]\nset offsets 0, 0, graph %.2f, 0\n"
		   "set key top right box opaque\n", iops ? "IOPS" : "bandwidth (MiB/s)",
		fmin(0.08 * (p->nr + 1), 0.8));
	for (i = 0; i < p->nr; i++) {
		if (!kg_plot_has(&p->s[i], c))
			continue;
		kg_plot_sep(f, &first);
		fprintf(f, "$rate_%u using 1:%d with linespoints lc %u lw 2 pt 7", i + 1,
			iops ? 2 : 3, i + 1);
		kg_plot_title(f, &p->s[i], p);
	}
	fputc('\n', f);
}

/* a datablock row's label, in double quotes (which it loses) */
static void kg_plot_dstr(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++)
		fputc(*s == '"' || (unsigned char)*s < 0x20 ? '\'' : *s, f);
	fputc('"', f);
}

/* Is phase column @col 0 in every bar? */
static bool kg_plot_phase_empty(const struct kg_plot *p, unsigned int col)
{
	unsigned int i;

	for (i = 0; i < p->nr_bars; i++)
		if (p->bars[i].us[col] > 0)
			return false;
	return true;
}

static void kg_plot_phase_data(FILE *f, const struct kg_plot *p)
{
	unsigned int i, k;

	fprintf(f, "$phases << EOD\n");
	for (i = 0; i < p->nr_bars; i++) {
		kg_plot_dstr(f, p->bars[i].label);
		for (k = 0; k < p->nr_phases; k++)
			fprintf(f, " %.9g", p->bars[i].us[k]);
		fputc('\n', f);
	}
	fprintf(f, "EOD\n");
}

/* A stacked bar per job and table: where an I/O's time goes, on average. */
static void kg_plot_phases(FILE *f, const struct kg_plot *p)
{
	bool first = true;
	unsigned int k;

	fprintf(f, "set title 'Where the time goes: mean per I/O, by phase'\n"
		   "set style data histograms\nset style histogram rowstacked\n"
		   "set style fill solid 0.8 border -1\nset boxwidth 0.6\n"
		   "set ylabel 'mean latency per I/O (us)'\nset yrange [0:*]\n"
		   "set xtics rotate by -20 nomirror\nset key outside right top box\n");
	for (k = 0; k < p->nr_phases; k++) {
		if (kg_plot_phase_empty(p, k))
			continue;
		fputs(first ? "plot $phases" : ", \\\n     ''", f);
		fprintf(f, " using %u%s title ", k + 2, first ? ":xtic(1)" : "");
		kg_plot_str(f, p->phases[k]);
		first = false;
	}
	fputc('\n', f);
}

static unsigned int kg_plot_nr_charts(const struct kg_plot *p)
{
	unsigned int n = 0, c;

	for (c = 0; c < KG_NR_PC; c++)
		n += p->what[c];
	return n;
}

/* The whole script: terminal, data, and a panel per chart. */
static int kg_plot_script(FILE *f, const struct kg_plot *p)
{
	unsigned int n = kg_plot_nr_charts(p), i, c;
	unsigned int rows = (n + 1) / 2;
	unsigned int w = n == 1 ? 1000 : 1600, h = rows <= 1 ? 650 : 600 * rows;
	double top = 0;

	fprintf(f, "# kiogen plot %s\n", KIOGEN_VERSION);
	if (p->svg) {
		fprintf(f, "set terminal svg size %u,%u dynamic font 'sans,12' noenhanced "
			   "background rgb 'white'\n", w, h);
	} else {
		/* gnuplot-nox has pngcairo; a build without cairo has libgd's png */
		fprintf(f, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
			   "\tset terminal pngcairo size %u,%u font 'sans,11' noenhanced\n"
			   "} else {\n\tset terminal png size %u,%u noenhanced\n}\n", w, h, w, h);
	}
	fputs("set output ", f);
	kg_plot_str(f, p->out);
	fputc('\n', f);

	for (i = 0; i < p->nr; i++) {
		const struct kg_pseries *s = &p->s[i];

		fprintf(f, "# %u: ", i + 1);
		kg_plot_str(f, s->label);
		fputc('\n', f);
		if (p->what[KG_PC_CDF] && kg_plot_has(s, KG_PC_CDF)) {
			top = fmax(top, kg_plot_cdf_data(f, s, i + 1));
			top = fmax(top, kg_plot_mark_data(f, s, i + 1));
		}
		if (p->what[KG_PC_HIST] && s->hist && kg_plot_hist_data(f, s, i + 1))
			return -1;
		if ((p->what[KG_PC_IOPS] || p->what[KG_PC_BW]) && s->nr_rates)
			kg_plot_rate_data(f, s, i + 1);
	}
	if (p->what[KG_PC_PHASES])
		kg_plot_phase_data(f, p);

	if (n > 1)
		fprintf(f, "set multiplot layout %u,%u\n", rows, 2);
	for (c = 0; c < KG_NR_PC; c++) {
		if (!p->what[c])
			continue;
		fprintf(f, "reset\nset grid\n");
		if (c == KG_PC_CDF)
			kg_plot_cdf(f, p, fmax(top, 2));
		else if (c == KG_PC_HIST)
			kg_plot_hist(f, p);
		else if (c == KG_PC_PHASES)
			kg_plot_phases(f, p);
		else
			kg_plot_rates(f, p, c);
	}
	if (n > 1)
		fprintf(f, "unset multiplot\n");
	fprintf(f, "unset output\n");
	return ferror(f) ? -1 : 0;
}

/* ---- running gnuplot ---- */

/* gnuplot's path in $PATH into @buf, or -1 */
static int kg_plot_find_gnuplot(char *buf, size_t len)
{
	const char *path = getenv("PATH"), *p, *end;

	for (p = path ? path : ""; *p; p = *end ? end + 1 : end) {
		end = p + strcspn(p, ":");
		snprintf(buf, len, "%.*s/gnuplot", (int)(end - p), end > p ? p : ".");
		if (!access(buf, X_OK))
			return 0;
	}
	return -1;
}

/* Feeds the script to gnuplot on its stdin; its messages go to our stderr. */
static int kg_plot_run_gnuplot(const struct kg_plot *p, const char *gnuplot)
{
	struct stat st;
	int fd[2], status, err;
	FILE *f;
	pid_t pid;

	if (pipe(fd)) {
		fprintf(stderr, "kiogen plot: pipe: %s\n", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "kiogen plot: fork: %s\n", strerror(errno));
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		/* what gnuplot writes to stdout is no part of kiogen's output */
		dup2(null, STDOUT_FILENO);
		dup2(fd[0], STDIN_FILENO);
		close(fd[0]);
		close(fd[1]);
		execl(gnuplot, "gnuplot", (char *)NULL);
		fprintf(stderr, "kiogen plot: %s: %s\n", gnuplot, strerror(errno));
		_exit(127);
	}
	close(fd[0]);
	/* a gnuplot that quit early is reported by its status, not by SIGPIPE */
	signal(SIGPIPE, SIG_IGN);
	f = fdopen(fd[1], "w");
	if (!f) {
		close(fd[1]);
		err = -1;
	} else {
		err = kg_plot_script(f, p);
		err |= fclose(f);
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) || err ||
	    stat(p->out, &st) || !st.st_size) {
		fprintf(stderr, "kiogen plot: gnuplot failed (%s %d)%s\n",
			WIFEXITED(status) ? "exit" : "signal",
			WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
			err ? ", the script could not be written whole" : "");
		unlink(p->out);
		return -1;
	}
	return 0;
}

/* ---- the command ---- */

static int kg_plot_parse_what(struct kg_plot *p, const char *list)
{
	const char *s = list;

	memset(p->what, 0, sizeof(p->what));
	while (*s) {
		size_t len = strcspn(s, ","), c;

		if (len == 3 && !strncmp(s, "all", 3)) {
			for (c = 0; c < KG_NR_PC; c++)
				p->what[c] = true;
		} else {
			for (c = 0; c < KG_NR_PC; c++)
				if (strlen(kg_pchart_names[c]) == len &&
				    !strncmp(s, kg_pchart_names[c], len))
					break;
			if (c == KG_NR_PC) {
				fprintf(stderr, "kiogen plot: --what: unknown chart '%.*s' "
					"(cdf, hist, iops, bw, phases or all)\n", (int)len, s);
				return -1;
			}
			p->what[c] = true;
		}
		s += len + !!s[len];
	}
	if (!kg_plot_nr_charts(p)) {
		fprintf(stderr, "kiogen plot: --what: no chart named\n");
		return -1;
	}
	return 0;
}

/* --opt=VALUE or --opt VALUE (and -o VALUE); NULL if @argv[*i] is not @opt */
static const char *kg_plot_value(int argc, char **argv, int *i, const char *opt,
				 const char *alias, bool *missing)
{
	const char *a = argv[*i];
	size_t len = strlen(opt);

	if (!strncmp(a, opt, len) && a[len] == '=')
		return a + len + 1;
	if (strcmp(a, opt) && (!alias || strcmp(a, alias)))
		return NULL;
	if (*i + 1 >= argc) {
		*missing = true;
		return NULL;
	}
	return argv[++*i];
}

static int kg_plot_args(int argc, char **argv, struct kg_plot *p, const char **paths,
			unsigned int *nr)
{
	bool missing = false;
	const char *v;
	int i;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		if ((v = kg_plot_value(argc, argv, &i, "--output", "-o", &missing))) {
			p->out = v;
		} else if ((v = kg_plot_value(argc, argv, &i, "--what", NULL, &missing))) {
			if (kg_plot_parse_what(p, v))
				return -1;
		} else if (missing) {
			fprintf(stderr, "kiogen plot: %s wants a value\n", a);
			return -1;
		} else if (!strcmp(a, "--script") || !strcmp(a, "--dry-run")) {
			p->script = true;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "kiogen plot: unknown option '%s'\n", a);
			return -1;
		} else if (*nr == KG_PLOT_MAX_FILES) {
			fprintf(stderr, "kiogen plot: at most %d results\n", KG_PLOT_MAX_FILES);
			return -1;
		} else {
			paths[(*nr)++] = a;
		}
	}
	if (!*nr) {
		fprintf(stderr, "kiogen plot: no result: kiogen plot RESULT [RESULT...]\n");
		return -1;
	}
	return 0;
}

static const char *kg_plot_basename(const char *path)
{
	const char *b = strrchr(path, '/');

	return b && b[1] ? b + 1 : path;
}

/* the first result's name, its extension replaced by .png */
static char *kg_plot_default_out(const char *path)
{
	const char *b = kg_plot_basename(path), *dot = strrchr(b, '.');
	char *out;

	if (asprintf(&out, "%.*s.png", (int)(dot && dot != b ? dot - b : (long)strlen(b)), b) < 0)
		return NULL;
	return out;
}

/* .png or .svg, or -1, said */
static int kg_plot_format(struct kg_plot *p)
{
	const char *dot = strrchr(kg_plot_basename(p->out), '.'), *c;

	/* gnuplot's strings take no control characters: the name would change */
	for (c = p->out; *c; c++)
		if ((unsigned char)*c < 0x20) {
			fprintf(stderr, "kiogen plot: the output's name has a control character\n");
			return -1;
		}
	if (dot && !strcasecmp(dot, ".svg"))
		p->svg = true;
	else if (!dot || strcasecmp(dot, ".png")) {
		fprintf(stderr, "kiogen plot: %s: the output's name must end in .png or .svg\n",
			p->out);
		return -1;
	}
	return 0;
}

/* Drops the charts none of the results has data for; -1 if one asked by name. */
static int kg_plot_drop_empty(struct kg_plot *p, bool named)
{
	static const char *const why[KG_NR_PC] = {
		[KG_PC_CDF] = "no latency percentiles or histogram",
		[KG_PC_HIST] = "no latency histogram (fio's json+ or kiogen's JSON has one)",
		[KG_PC_IOPS] = "no IOPS over time (kiogen's JSON has them, fio's not)",
		[KG_PC_BW] = "no bandwidth over time (kiogen's JSON has it, fio's not)",
		[KG_PC_PHASES] = "no phases (kiogen's JSON of a run with --latency_split=1 has them)",
	};
	static const char zero[] = "every latency is 0 ns, which a log axis cannot show";
	/* kiogen's JSON without samples: the run's measured part was brief */
	static const char *const brief[KG_NR_PC] = {
		[KG_PC_IOPS] = "no IOPS over time: no rate sample (the run was shorter than "
			       "one sample interval, or stopped in its ramp_time)",
		[KG_PC_BW] = "no bandwidth over time: no rate sample (the run was shorter "
			     "than one sample interval, or stopped in its ramp_time)",
	};
	unsigned int c, i, with, zeros, kiogen;

	for (c = 0; c < KG_NR_PC; c++) {
		if (!p->what[c])
			continue;
		/* a chart of the whole plot, not of each curve; unasked, not missed */
		if (c == KG_PC_PHASES) {
			if (p->nr_bars)
				continue;
			if (named) {
				fprintf(stderr, "kiogen plot: %s\n", why[c]);
				return -1;
			}
			p->what[c] = false;
			continue;
		}
		for (i = 0, with = 0; i < p->nr; i++)
			with += kg_plot_has(&p->s[i], c);
		if (with && with < p->nr)
			for (i = 0; i < p->nr; i++)
				/* a split's phases have latencies only */
				if (!kg_plot_has(&p->s[i], c) && !p->s[i].phase)
					fprintf(stderr, "kiogen plot: %s: %s\n", p->s[i].label,
						c <= KG_PC_HIST ? p->s[i].zero ? zero : why[c] :
						p->s[i].kiogen ? brief[c] : why[c]);
		if (with)
			continue;
		/* every curve lacks it: the reason of theirs, if they share one */
		for (i = 0, zeros = 0, kiogen = 0; i < p->nr; i++) {
			zeros += p->s[i].zero;
			kiogen += p->s[i].kiogen;
		}
		fprintf(stderr, "kiogen plot: %s%s\n",
			c <= KG_PC_HIST ? zeros == p->nr ? zero : why[c] :
			kiogen == p->nr ? brief[c] : why[c], named ? "" : ": not drawn");
		if (named)
			return -1;
		p->what[c] = false;
	}
	if (!kg_plot_nr_charts(p)) {
		fprintf(stderr, "kiogen plot: nothing to draw\n");
		return -1;
	}
	return 0;
}

int kg_cmd_plot(int argc, char **argv)
{
	const char *paths[KG_PLOT_MAX_FILES];
	struct kg_plot *p = calloc(1, sizeof(*p));
	unsigned int nr = 0, i, k;
	char gnuplot[4096], *dflt = NULL;
	bool named, dup = false;
	int ret = KG_EXIT_USAGE, fd;

	if (!p) {
		fprintf(stderr, "kiogen plot: out of memory\n");
		return KG_EXIT_FAIL;
	}
	if (kg_plot_args(argc, argv, p, paths, &nr))
		goto out;
	/* no --what: every chart that the results have data for */
	named = kg_plot_nr_charts(p);
	if (!named)
		memset(p->what, true, sizeof(p->what));
	if (!p->out) {
		dflt = kg_plot_default_out(paths[0]);
		if (!dflt) {
			fprintf(stderr, "kiogen plot: out of memory\n");
			goto out;
		}
		p->out = dflt;
	}
	if (kg_plot_format(p))
		goto out;
	if (!p->script && kg_plot_find_gnuplot(gnuplot, sizeof(gnuplot))) {
		fprintf(stderr, "kiogen plot: gnuplot not found in PATH (Debian: apt-get install "
			"gnuplot-nox; make deps installs it)\n");
		goto out;
	}
	/* curves by file name, or by the path as given where two names are equal */
	for (i = 0; i < nr; i++)
		for (k = i + 1; k < nr; k++)
			dup |= !strcmp(kg_plot_basename(paths[i]), kg_plot_basename(paths[k]));
	for (i = 0; i < nr; i++) {
		struct kg_pfile *f = &p->files[p->nr_files++];

		f->path = paths[i];
		f->name = dup ? paths[i] : kg_plot_basename(paths[i]);
		if (kg_plot_load(p, f, !i))
			goto out;
	}
	p->lat = kg_plot_all_lat(p);
	for (i = 0; i < nr; i++)
		if (kg_plot_curves(p, &p->files[i]))
			goto out;
	if (kg_plot_drop_empty(p, named))
		goto out;
	if (p->script) {
		ret = kg_plot_script(stdout, p) || fflush(stdout) ? KG_EXIT_FAIL : KG_EXIT_OK;
		goto out;
	}
	/* said here in words, not by gnuplot, which would write the image to stdout */
	fd = open(p->out, O_WRONLY | O_CREAT, 0666);
	if (fd < 0) {
		fprintf(stderr, "kiogen plot: %s: %s\n", p->out, strerror(errno));
		goto out;
	}
	close(fd);
	if (kg_plot_run_gnuplot(p, gnuplot)) {
		ret = KG_EXIT_FAIL;
		goto out;
	}
	printf("kiogen plot: wrote %s\n", p->out);
	ret = KG_EXIT_OK;
out:
	kg_plot_free(p);
	free(p);
	free(dflt);
	return ret;
}
