// SPDX-License-Identifier: GPL-2.0
/*
 * "kiogen diff A B [C...]": each result against the baseline A, metric by
 * metric, with the change's confidence interval and a verdict that calls a
 * change a regression only when the whole interval is beyond the threshold.
 * Reads fio's JSON and json+ and kiogen's (fio's shape). A "repeat" is one
 * of the runs kiogen run --repeat kept (each job's kiogen.repeats), else
 * one entry of a file's "jobs" array: fio and kiogen write one per worker
 * without group_reporting (numjobs=N gives N repeats of the same job).
 * Results of kiogen compare are compared side by side, a repeat a run.
 * "kiogen diff A1 A2 -- B1 B2": each side's files are its repeats, pooled
 * (fio is run N times, each run a file).
 * Before the metrics: what differs in the records of the systems under
 * test, and the latency distributions compared percentile by percentile.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kiogen/hist.h>
#include <kiogen/rng.h>
#include <kiogen/version.h>

#include "core/cli.h"
#include "diff.h"
#include "json/json-read.h"
#include "json/json.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
#define KG_DIFF_MAX_REPEATS	1024
#define KG_DIFF_MAX_FILES	64
#define KG_DIFF_MAX_OPT_DIFFS	64
#define KG_DIFF_MAX_REC_DIFFS	64
#define KG_DIFF_RESAMPLES	2000
/* rows of the latency split's phases and the block phases, at most */
#define KG_DIFF_MAX_PHASES	16
/* fixed, so that the same files always give the same intervals */
#define KG_DIFF_SEED		0x6b696f67656e6466ULL

enum kg_dm {
	KG_DM_IOPS,
	KG_DM_BW,
	KG_DM_LAT_MEAN,
	KG_DM_P50,
	KG_DM_P99,
	KG_DM_P999,
	KG_DM_CPU,
	KG_NR_DM,
};

static const struct {
	const char *name;
	const char *unit;
	double pct;		/* percentile, for KG_DM_P* */
	bool higher_is_better;
} kg_dm[KG_NR_DM] = {
	[KG_DM_IOPS] = { "iops", "", 0, true },
	[KG_DM_BW] = { "bw", "KiB/s", 0, true },
	[KG_DM_LAT_MEAN] = { "lat mean", "us", 0, false },
	[KG_DM_P50] = { "p50", "us", 50, false },
	[KG_DM_P99] = { "p99", "us", 99, false },
	[KG_DM_P999] = { "p99.9", "us", 99.9, false },
	[KG_DM_CPU] = { "cpu/io", "us", 0, false },
};

/* --metrics' words, by enum kg_dm */
static const char *const kg_dm_words[KG_NR_DM] = {
	"iops", "bw", "lat", "p50", "p99", "p99.9", "cpu",
};

static const char *const kg_diff_dirs[] = { "read", "write", "trim" };

enum kg_verdict {
	KG_DV_UNJUDGED,		/* no interval: reported, not judged */
	KG_DV_SAME,
	KG_DV_REGRESSION,
	KG_DV_IMPROVEMENT,
};

static const char *const kg_verdict_names[] = {
	[KG_DV_UNJUDGED] = "not judged",
	[KG_DV_SAME] = "no significant change",
	[KG_DV_REGRESSION] = "regression",
	[KG_DV_IMPROVEMENT] = "improvement",
};

static const char *const kg_compare_sides[] = { "kernel", "syscall" };

/*
 * A result file, or a side of several (kiogen diff A1 A2 -- B1 B2), whose
 * root, compare and path are its first file's and whose @jobs are every
 * file's repeats.
 */
struct kg_dfile {
	const char *path;		/* a side's: its files' paths, joined by spaces */
	struct kg_jv *tree;		/* the file's, freed with it; NULL if not its own */
	const struct kg_jv *root;
	const struct kg_jv *ab;		/* a kiogen ab result's "ab" */
	const struct kg_jv *compare;	/* a kiogen compare result's "compare" */
	const struct kg_jv *jobs[KG_DIFF_MAX_REPEATS];
	unsigned int nr;		/* repeats; of a compare result, its most runs */
	bool kept_repeats;		/* @jobs are kiogen run --repeat's repeats */
	const struct kg_dfile *files;	/* a side's files; NULL for a file */
	unsigned int nr_files;
	char *label;			/* a side's @path, allocated */
};

/* How many files @f is of, and the @i'th of them (itself, if a file). */
static unsigned int kg_diff_nr_files(const struct kg_dfile *f)
{
	return f->files ? f->nr_files : 1;
}

static const struct kg_dfile *kg_diff_file(const struct kg_dfile *f, unsigned int i)
{
	return f->files ? &f->files[i] : f;
}

/* Percentiles the distributions are compared at. */
static const double kg_dist_pcts[] = { 1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99 };
#define KG_DIST_PCTS	ARRAY_SIZE(kg_dist_pcts)

/* One direction's latency distribution of each file, compared as a whole. */
struct kg_ddist {
	const char *dir;
	char source[48];	/* what the quantiles were read from */
	double a[KG_DIST_PCTS], b[KG_DIST_PCTS], change[KG_DIST_PCTS];	/* us, us, percent */
	double ks, ks_at;	/* largest distance of the CDFs, and the latency (us) there */
	double ks_pct_a;	/* A's percentile at @ks_at */
	bool moved[KG_DIST_PCTS];	/* changed beyond the threshold */
};

struct kg_drow {
	char name[32];
	const char *unit;
	double a, b;		/* means over repeats */
	double change, lo, hi;	/* percent; NAN when not computed */
	char method[48];
	enum kg_verdict verdict;
	bool unsure;		/* interval straddles the regression threshold */
	bool one_run;		/* a side has one repeat: not judged */
};

struct kg_dcmp {
	const struct kg_dfile *a, *b;
	char *opt_diffs[KG_DIFF_MAX_OPT_DIFFS];
	unsigned int nr_opt_diffs;
	char *rec_diffs[KG_DIFF_MAX_REC_DIFFS];
	unsigned int nr_rec_diffs;
	struct kg_ddist dists[ARRAY_SIZE(kg_diff_dirs)];
	unsigned int nr_dists;
	struct kg_drow rows[ARRAY_SIZE(kg_diff_dirs) * KG_NR_DM + KG_DIFF_MAX_PHASES];
	unsigned int nr_rows;
};

struct kg_dopts {
	double threshold, confidence, z;
	bool force, bisect, json;
	unsigned int metrics;	/* bit per enum kg_dm judged; 0: all */
};

void kg_diff_usage(FILE *f)
{
	fprintf(f,
		"\nEach result against the baseline A: IOPS, bandwidth, mean latency, p50, p99,\n"
		"p99.9 and CPU per I/O, the change in percent and its confidence interval.\n"
		"A change is a regression or an improvement only if its whole interval is\n"
		"beyond the threshold; a result of one repeat is not judged (its interval,\n"
		"from within the run, cannot see the scatter from run to run). Reads fio's\n"
		"and kiogen's JSON and json+, and the JSON of kiogen compare (side by side).\n"
		"With \"--\", the files before it are repeats of A, those after it of B\n"
		"(fio run N times: kiogen diff a1.json a2.json a3.json -- b1.json b2.json\n"
		"b3.json), pooled with the repeats each file holds; a side's files must be of\n"
		"one job. More sides, each after another \"--\", are each put against A.\n"
		"A kiogen ab result, alone, is its A against its B.\n\n"
		"  --threshold=PCT        smallest change that counts (default 5)\n"
		"  --confidence=PCT       level of the intervals (default 95)\n"
		"  --force                compare results of different jobs\n"
		"  --metrics=LIST         judge only these (iops,bw,lat,p50,p99,p99.9,cpu);\n"
		"                         the others are shown, not judged\n"
		"  --output-format=FMT    text (default) or json\n"
		"  --bisect               exit as git bisect run wants: 0 good, 1 bad,\n"
		"                         125 cannot tell (an interval reaches the threshold)\n\n"
		"exit status: 0 no regression, 1 a regression, 2 bad usage, unreadable file\n"
		"or different jobs\n");
}

/* The quantile of the standard normal distribution at @p, by bisection. */
static double kg_normal_quantile(double p)
{
	double lo = -40, hi = 40;
	int i;

	for (i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (0.5 * erfc(-mid / M_SQRT2) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/*
 * P(|T| < @t) for Student's t with @df degrees of freedom, an integer:
 * the closed forms of Abramowitz and Stegun 26.7.3 and 26.7.4.
 */
static double kg_t_two_sided(double t, unsigned int df)
{
	double th = atan(fabs(t) / sqrt(df)), c2 = cos(th) * cos(th), term = 1, sum = 1;
	unsigned int k;

	if (df == 1)
		return 2 * th / M_PI;
	if (df % 2 == 0) {
		for (k = 2; k + 2 <= df; k += 2) {
			term *= c2 * (k - 1) / k;
			sum += term;
		}
		return sin(th) * sum;
	}
	for (k = 3; k + 2 <= df; k += 2) {
		term *= c2 * (k - 1) / k;
		sum += term;
	}
	return 2 / M_PI * (th + sin(th) * cos(th) * sum);
}

/* The quantile of Student's t at @p > 0.5, by bisection; normal past 1000 df. */
static double kg_t_quantile(double p, unsigned int df)
{
	double lo = 0, hi = 1e6;
	int i;

	if (df > 1000)
		return kg_normal_quantile(p);
	for (i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if ((1 + kg_t_two_sided(mid, df)) / 2 < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

static const struct kg_jv *kg_diff_opt(const struct kg_dfile *f, const struct kg_jv *job,
				       const char *key)
{
	const struct kg_jv *v = kg_jv_at(job, "job options", key, NULL);

	return v ? v : kg_jv_at(f->root, "global options", key, NULL);
}

/* the job's name, and the seed each run draws unless given, are not the workload */
static bool kg_diff_opt_ignored(const char *key)
{
	return !strcmp(key, "name") || !strcmp(key, "randseed");
}

static bool kg_diff_add_opt_diff(struct kg_dcmp *c, const char *key, const char *a,
				 const char *b)
{
	unsigned int i;
	char *s;

	for (i = 0; i < c->nr_opt_diffs; i++)
		if (!strncmp(c->opt_diffs[i], key, strlen(key)) &&
		    c->opt_diffs[i][strlen(key)] == ':')
			return true;
	if (c->nr_opt_diffs == KG_DIFF_MAX_OPT_DIFFS)
		return true;
	if (asprintf(&s, "%s: %s -> %s", key, a ? a : "(unset)", b ? b : "(unset)") < 0)
		return false;
	c->opt_diffs[c->nr_opt_diffs++] = s;
	return true;
}

static void kg_diff_opts_of(struct kg_dcmp *c, const struct kg_jv *opts,
			    const struct kg_dfile *fa, const struct kg_jv *ja,
			    const struct kg_dfile *fb, const struct kg_jv *jb)
{
	const struct kg_jv *m;

	for (m = opts ? opts->child : NULL; m; m = m->next) {
		const char *a, *b;

		if (!m->key || kg_diff_opt_ignored(m->key))
			continue;
		a = kg_jv_str(kg_diff_opt(fa, ja, m->key));
		b = kg_jv_str(kg_diff_opt(fb, jb, m->key));
		if ((a || b) && (!a || !b || strcmp(a, b)))
			kg_diff_add_opt_diff(c, m->key, a, b);
	}
}

/* The options of job @ja of @fa that differ from those of @jb of @fb, into @c. */
static void kg_diff_jobs(struct kg_dcmp *c, const struct kg_dfile *fa, const struct kg_jv *ja,
			 const struct kg_dfile *fb, const struct kg_jv *jb)
{
	kg_diff_opts_of(c, kg_jv_get(ja, "job options"), fa, ja, fb, jb);
	kg_diff_opts_of(c, kg_jv_get(fa->root, "global options"), fa, ja, fb, jb);
	kg_diff_opts_of(c, kg_jv_get(jb, "job options"), fa, ja, fb, jb);
	kg_diff_opts_of(c, kg_jv_get(fb->root, "global options"), fa, ja, fb, jb);
}

/* Compare results carry no job options; what they compared must be the same. */
static void kg_diff_compare_pairs(struct kg_dcmp *c, const struct kg_dfile *fa,
				  const struct kg_dfile *fb)
{
	const char *a = kg_jv_str(kg_jv_get(fa->compare, "pair"));
	const char *b = kg_jv_str(kg_jv_get(fb->compare, "pair"));

	if ((a || b) && (!a || !b || strcmp(a, b)))
		kg_diff_add_opt_diff(c, "pair", a, b);
}

static void kg_diff_free_opt_diffs(struct kg_dcmp *c)
{
	while (c->nr_opt_diffs)
		free(c->opt_diffs[--c->nr_opt_diffs]);
}

/* A leaf of a record: its path of keys, and its value as text. */
struct kg_rleaf {
	char key[96];
	char val[512];
};

#define KG_DIFF_MAX_LEAVES	512

/* The leaves of @v below @prefix into @l; the jobs' text is the job options' business. */
static void kg_diff_leaves(const struct kg_jv *v, const char *prefix, struct kg_rleaf *l,
			   unsigned int *nr)
{
	const struct kg_jv *m;
	unsigned int i = 0;
	char key[96];

	for (m = v->child; m; m = m->next, i++) {
		if (m->key && !*prefix && !strcmp(m->key, "jobs"))
			continue;
		if (m->key)
			snprintf(key, sizeof(key), "%s%s%s", prefix, *prefix ? "." : "", m->key);
		else
			snprintf(key, sizeof(key), "%s[%u]", prefix, i);
		if (m->type == KG_JV_OBJ || m->type == KG_JV_ARR) {
			kg_diff_leaves(m, key, l, nr);
			continue;
		}
		if (*nr == KG_DIFF_MAX_LEAVES)
			return;
		snprintf(l[*nr].key, sizeof(l[*nr].key), "%s", key);
		if (m->type == KG_JV_STR)
			snprintf(l[*nr].val, sizeof(l[*nr].val), "%s", m->str);
		else if (m->type == KG_JV_NUM)
			snprintf(l[*nr].val, sizeof(l[*nr].val), "%.17g", m->num);
		else
			snprintf(l[*nr].val, sizeof(l[*nr].val), "%s",
				 m->type == KG_JV_NULL ? "null" : m->num ? "true" : "false");
		(*nr)++;
	}
}

static const char *kg_diff_leaf(const struct kg_rleaf *l, unsigned int nr, const char *key)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(l[i].key, key))
			return l[i].val;
	return NULL;
}

static void kg_diff_add_rec_diff(struct kg_dcmp *c, const char *key, const char *a,
				 const char *b)
{
	char *s;

	if (c->nr_rec_diffs == KG_DIFF_MAX_REC_DIFFS ||
	    asprintf(&s, "%s: %s -> %s", key, a ? a : "(none)", b ? b : "(none)") < 0)
		return;
	c->rec_diffs[c->nr_rec_diffs++] = s;
}

/*
 * What differs between the records of the systems under test of A and B
 * (kiogen run's kiogen.record), into @c: every fact of either that the
 * other lacks or has another value of.
 */
static int kg_diff_records(struct kg_dcmp *c)
{
	const struct kg_jv *ra = kg_jv_at(c->a->root, "kiogen", "record", NULL);
	const struct kg_jv *rb = kg_jv_at(c->b->root, "kiogen", "record", NULL);
	struct kg_rleaf *la, *lb;
	unsigned int na = 0, nb = 0, i;
	const char *v;

	if (!ra || !rb) {
		if (ra || rb)
			kg_diff_add_rec_diff(c, "record", ra ? "kiogen's" : NULL,
					     rb ? "kiogen's" : NULL);
		return 0;
	}
	la = calloc(KG_DIFF_MAX_LEAVES, sizeof(*la));
	lb = calloc(KG_DIFF_MAX_LEAVES, sizeof(*lb));
	if (!la || !lb) {
		free(la);
		free(lb);
		return -1;
	}
	kg_diff_leaves(ra, "", la, &na);
	kg_diff_leaves(rb, "", lb, &nb);
	for (i = 0; i < na; i++) {
		v = kg_diff_leaf(lb, nb, la[i].key);
		if (!v || strcmp(v, la[i].val))
			kg_diff_add_rec_diff(c, la[i].key, la[i].val, v);
	}
	for (i = 0; i < nb; i++)
		if (!kg_diff_leaf(la, na, lb[i].key))
			kg_diff_add_rec_diff(c, lb[i].key, NULL, lb[i].val);
	free(la);
	free(lb);
	return 0;
}

static void kg_diff_free_rec_diffs(struct kg_dcmp *c)
{
	while (c->nr_rec_diffs)
		free(c->rec_diffs[--c->nr_rec_diffs]);
}

/* The value at percentile @pct of fio's "percentile" map, interpolated linearly. */
static double kg_diff_percentile(const struct kg_jv *map, double pct)
{
	double lo_k = -1, lo_v = NAN, hi_k = 101, hi_v = NAN;
	const struct kg_jv *m;

	for (m = map ? map->child : NULL; m; m = m->next) {
		double k = strtod(m->key, NULL);

		if (m->type != KG_JV_NUM)
			continue;
		if (k <= pct && k > lo_k) {
			lo_k = k;
			lo_v = m->num;
		}
		if (k >= pct && k < hi_k) {
			hi_k = k;
			hi_v = m->num;
		}
	}
	if (isnan(lo_v))
		return hi_v;
	if (isnan(hi_v) || hi_k == lo_k)
		return lo_v;
	return lo_v + (hi_v - lo_v) * (pct - lo_k) / (hi_k - lo_k);
}

/* Whether every file of @f has fio's lat percentiles of @dir. */
static bool kg_diff_has_lat_pcts(const struct kg_dfile *f, const char *dir)
{
	unsigned int i;

	for (i = 0; i < kg_diff_nr_files(f); i++)
		if (!kg_jv_at(kg_diff_file(f, i)->jobs[0], dir, "lat_ns", "percentile", NULL))
			return false;
	return true;
}

/* fio's lat percentiles where both results have them, else clat's */
static const char *kg_diff_pct_source(const struct kg_dcmp *c, const char *dir)
{
	if (kg_diff_has_lat_pcts(c->a, dir) && kg_diff_has_lat_pcts(c->b, dir))
		return "lat_ns";
	return "clat_ns";
}

static double kg_diff_total_ios(const struct kg_jv *job)
{
	double n = 0;
	size_t d;

	for (d = 0; d < ARRAY_SIZE(kg_diff_dirs); d++)
		n += kg_jv_num(kg_jv_at(job, kg_diff_dirs[d], "total_ios", NULL), 0);
	return n;
}

/* One repeat's value of metric @m in direction @dir; NAN if the file lacks it. */
static double kg_diff_value(const struct kg_jv *job, const char *dir, enum kg_dm m,
			    const char *pct_src)
{
	const struct kg_jv *d = kg_jv_get(job, dir);
	double cpu, ios;

	switch (m) {
	case KG_DM_IOPS:
		return kg_jv_num(kg_jv_get(d, "iops"), NAN);
	case KG_DM_BW:
		return kg_jv_num(kg_jv_get(d, "bw_bytes"), NAN) / 1024;
	case KG_DM_LAT_MEAN:
		return kg_jv_num(kg_jv_at(d, "lat_ns", "mean", NULL), NAN) / 1000;
	case KG_DM_P50:
	case KG_DM_P99:
	case KG_DM_P999:
		return kg_diff_percentile(kg_jv_at(d, pct_src, "percentile", NULL),
					  kg_dm[m].pct) / 1000;
	case KG_DM_CPU:
		/* usr_cpu and sys_cpu are percent of job_runtime (ms) */
		cpu = kg_jv_num(kg_jv_get(job, "usr_cpu"), NAN) +
		      kg_jv_num(kg_jv_get(job, "sys_cpu"), NAN);
		ios = kg_diff_total_ios(job);
		return ios ? cpu / 100 * kg_jv_num(kg_jv_get(job, "job_runtime"), NAN) *
				     1000 / ios : NAN;
	default:
		return NAN;
	}
}

/* One run's value of metric @m in a kiogen compare result, in kg_dm's units. */
static double kg_diff_compare_value(const struct kg_jv *run, enum kg_dm m)
{
	static const char *const keys[KG_NR_DM] = {
		[KG_DM_IOPS] = "iops", [KG_DM_BW] = "bw_mib_s",
		[KG_DM_LAT_MEAN] = "lat_mean_us", [KG_DM_P50] = "clat_p50_us",
		[KG_DM_P99] = "clat_p99_us", [KG_DM_P999] = "clat_p99.9_us",
		[KG_DM_CPU] = "cpu_ns_per_io",
	};
	double v = kg_jv_num(kg_jv_get(run, keys[m]), NAN);

	return m == KG_DM_BW ? v * 1024 : m == KG_DM_CPU ? v / 1000 : v;
}

/* Every repeat's value of @m in @dir (a side of a compare result) into @v. */
static unsigned int kg_diff_values(const struct kg_dfile *f, const char *dir, enum kg_dm m,
				   const char *pct_src, double *v)
{
	const struct kg_jv *run;
	unsigned int n = 0, i, k;

	if (!f->compare) {
		for (n = 0; n < f->nr; n++)
			v[n] = kg_diff_value(f->jobs[n], dir, m, pct_src);
		return n;
	}
	/* a side of several: each file's runs in turn */
	for (i = 0; i < kg_diff_nr_files(f); i++) {
		const struct kg_dfile *g = kg_diff_file(f, i);

		run = kg_jv_at(g->compare, dir, "runs", NULL);
		for (run = run ? run->child : NULL, k = 0; run && k < g->nr && n < f->nr;
		     run = run->next, k++)
			v[n++] = kg_diff_compare_value(run, m);
	}
	return n;
}

/*
 * The relative standard error of one repeat's value, from what the run
 * measured within itself, and what it was measured from; NAN if unknown.
 * Rates: fio's per-interval mean and deviation (iops_*, bw_*). Mean
 * latency: the deviation of single I/Os over sqrt(N). Percentiles: the
 * order statistics at ranks N * (p +- z sqrt(p (1 - p) / N)), read off the
 * percentile map.
 */
static double kg_diff_rse(const struct kg_jv *job, const char *dir, enum kg_dm m,
			  const char *pct_src, double z, const char **from)
{
	const struct kg_jv *d = kg_jv_get(job, dir);
	double mean, dev, n, p, dp, lo, hi, v;
	const struct kg_jv *pl;

	switch (m) {
	case KG_DM_IOPS:
	case KG_DM_BW:
		*from = "intervals";
		mean = kg_jv_num(kg_jv_get(d, m == KG_DM_IOPS ? "iops_mean" : "bw_mean"), NAN);
		dev = kg_jv_num(kg_jv_get(d, m == KG_DM_IOPS ? "iops_stddev" : "bw_dev"), NAN);
		n = kg_jv_num(kg_jv_get(d, m == KG_DM_IOPS ? "iops_samples" : "bw_samples"), 0);
		break;
	case KG_DM_LAT_MEAN:
		*from = "I/Os";
		mean = kg_jv_num(kg_jv_at(d, "lat_ns", "mean", NULL), NAN);
		dev = kg_jv_num(kg_jv_at(d, "lat_ns", "stddev", NULL), NAN);
		n = kg_jv_num(kg_jv_at(d, "lat_ns", "N", NULL), 0);
		break;
	case KG_DM_P50:
	case KG_DM_P99:
	case KG_DM_P999:
		*from = "order statistics";
		n = kg_jv_num(kg_jv_at(d, pct_src, "N", NULL), 0);
		pl = kg_jv_at(d, pct_src, "percentile", NULL);
		if (n < 1 || !pl)
			return NAN;
		p = kg_dm[m].pct / 100;
		dp = z * sqrt(p * (1 - p) / n) * 100;
		v = kg_diff_percentile(pl, kg_dm[m].pct);
		lo = kg_diff_percentile(pl, fmax(kg_dm[m].pct - dp, 0));
		hi = kg_diff_percentile(pl, fmin(kg_dm[m].pct + dp, 100));
		return v > 0 ? (hi - lo) / (2 * z) / v : NAN;
	default:
		*from = "none";
		return NAN;
	}
	if (n < 2 || !(mean > 0) || isnan(dev))
		return NAN;
	return dev / sqrt(n) / mean;
}

static double kg_mean(const double *v, unsigned int n)
{
	double s = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		s += v[i];
	return s / n;
}

static double kg_sd(const double *v, unsigned int n)
{
	double m = kg_mean(v, n), s = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		s += (v[i] - m) * (v[i] - m);
	return n > 1 ? sqrt(s / (n - 1)) : NAN;
}

static int kg_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double kg_resampled_mean(struct kiog_rng *rng, const double *v, unsigned int n)
{
	double s = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		s += v[kiog_rng_below(rng, n)];
	return s / n;
}

/*
 * Percentile bootstrap of mean(B) / mean(A) over the repeats, each file
 * resampled on its own; the same seed for every metric. A plain percentile
 * interval is too narrow for few repeats (of 3, it covers the truth far
 * less often than it says): the interval is Hesterberg's expanded one,
 * whose tails are those of a normal at sqrt(n / (n - 1)) t(n - 1) of the
 * smaller side's n, so that it is as wide as Student's t's.
 */
static int kg_diff_bootstrap(const double *va, unsigned int na, const double *vb,
			     unsigned int nb, double confidence, double *lo, double *hi)
{
	double *ratio = malloc(KG_DIFF_RESAMPLES * sizeof(*ratio));
	unsigned int i, n = na < nb ? na : nb;
	double tail = (1 - confidence / 100) / 2;
	struct kiog_rng rng;

	if (n > 1)
		tail = 0.5 * erfc(sqrt(n / (n - 1.0)) * kg_t_quantile(1 - tail, n - 1) / M_SQRT2);

	if (!ratio)
		return -1;
	kiog_rng_seed(&rng, KG_DIFF_SEED);
	for (i = 0; i < KG_DIFF_RESAMPLES; i++) {
		double a = kg_resampled_mean(&rng, va, na);

		ratio[i] = kg_resampled_mean(&rng, vb, nb) / a;
	}
	qsort(ratio, KG_DIFF_RESAMPLES, sizeof(*ratio), kg_cmp_double);
	*lo = (ratio[(unsigned int)floor(tail * (KG_DIFF_RESAMPLES - 1))] - 1) * 100;
	*hi = (ratio[(unsigned int)ceil((1 - tail) * (KG_DIFF_RESAMPLES - 1))] - 1) * 100;
	free(ratio);
	return 0;
}

/*
 * A single run's rate of each sampling interval (kiogen's "samples": I/Os
 * and bytes per interval) into @out, allocated; returns how many, 0 if the
 * file has none (fio's, or kiogen's before it wrote them).
 */
static unsigned int kg_diff_interval_rates(const struct kg_jv *job, const char *dir,
					   enum kg_dm m, double **out)
{
	const struct kg_jv *samples = kg_jv_at(job, "kiogen", "samples", NULL);
	double secs = kg_jv_num(kg_jv_get(samples, "interval_ns"), 0) / 1e9;
	const struct kg_jv *list = kg_jv_get(samples, dir), *s;
	unsigned int n = 0;

	*out = NULL;
	if (!(secs > 0) || !list || list->type != KG_JV_ARR)
		return 0;
	*out = calloc(kg_jv_len(list) + 1, sizeof(double));
	if (!*out)
		return 0;
	for (s = list->child; s; s = s->next) {
		const struct kg_jv *ios = s->child, *bytes = ios ? ios->next : NULL;

		if (m == KG_DM_IOPS)
			(*out)[n++] = kg_jv_num(ios, NAN) / secs;
		else
			(*out)[n++] = kg_jv_num(bytes, NAN) / 1024 / secs;
	}
	return n;
}

/* A bootstrap over the intervals of one run on each side, if both have them. */
static bool kg_diff_by_intervals(struct kg_drow *r, const struct kg_dcmp *c, const char *dir,
				 enum kg_dm m, const struct kg_dopts *o)
{
	double *va, *vb;
	unsigned int na, nb;
	bool done = false;

	if (m != KG_DM_IOPS && m != KG_DM_BW)
		return false;
	na = kg_diff_interval_rates(c->a->jobs[0], dir, m, &va);
	nb = kg_diff_interval_rates(c->b->jobs[0], dir, m, &vb);
	if (na > 1 && nb > 1 &&
	    !kg_diff_bootstrap(va, na, vb, nb, o->confidence, &r->lo, &r->hi)) {
		snprintf(r->method, sizeof(r->method), "bootstrap, intervals");
		done = true;
	}
	free(va);
	free(vb);
	return done;
}

static void kg_diff_judge(struct kg_drow *r, const struct kg_dopts *o, bool higher_is_better)
{
	double t = o->threshold;

	if (isnan(r->lo) || isnan(r->hi)) {
		r->verdict = KG_DV_UNJUDGED;
		return;
	}
	if (higher_is_better) {
		r->verdict = r->hi < -t ? KG_DV_REGRESSION :
			     r->lo > t ? KG_DV_IMPROVEMENT : KG_DV_SAME;
		r->unsure = r->verdict != KG_DV_REGRESSION && r->lo <= -t;
	} else {
		r->verdict = r->lo > t ? KG_DV_REGRESSION :
			     r->hi < -t ? KG_DV_IMPROVEMENT : KG_DV_SAME;
		r->unsure = r->verdict != KG_DV_REGRESSION && r->hi >= t;
	}
}

/* The change's interval from the repeats of both sides, if both have some. */
static bool kg_diff_by_repeats(struct kg_drow *r, const struct kg_dopts *o,
			       const double *va, unsigned int na, const double *vb,
			       unsigned int nb)
{
	if (na < 2 || nb < 2)
		return false;
	snprintf(r->method, sizeof(r->method), "bootstrap, repeats");
	if (kg_diff_bootstrap(va, na, vb, nb, o->confidence, &r->lo, &r->hi))
		r->lo = r->hi = NAN;
	return true;
}

/* The relative standard error of the mean of @n repeats, @mean their mean. */
static double kg_repeats_rse(const double *v, unsigned int n, double mean)
{
	return kg_sd(v, n) / sqrt(n) / mean;
}

/*
 * The change's interval by the normal approximation of log(B / A), from each
 * side's relative standard error (none if either is unknown).
 */
static void kg_diff_by_rse(struct kg_drow *r, const struct kg_dopts *o, double rse_a,
			   double rse_b, const char *method)
{
	double ratio = r->b / r->a, se;

	if (isnan(rse_a) || isnan(rse_b))
		return;
	se = sqrt(rse_a * rse_a + rse_b * rse_b);
	r->lo = (ratio * exp(-o->z * se) - 1) * 100;
	r->hi = (ratio * exp(o->z * se) - 1) * 100;
	snprintf(r->method, sizeof(r->method), "%s", method);
}

/* The row of metric @m in @dir (a direction or a compare side); false if no file has it. */
static bool kg_diff_row(struct kg_drow *r, const struct kg_dcmp *c, const char *dir,
			enum kg_dm m, const struct kg_dopts *o, double *va, double *vb)
{
	const char *pct_src = kg_diff_pct_source(c, dir);
	unsigned int na = kg_diff_values(c->a, dir, m, pct_src, va);
	unsigned int nb = kg_diff_values(c->b, dir, m, pct_src, vb);
	const char *from_a = "repeats", *from_b = "repeats";
	char method[sizeof(r->method)];
	double rse_a, rse_b;

	if (!na || !nb)
		return false;
	r->a = kg_mean(va, na);
	r->b = kg_mean(vb, nb);
	if (isnan(r->a) && isnan(r->b))
		return false;

	if (m == KG_DM_CPU && !*dir)
		snprintf(r->name, sizeof(r->name), "%s", kg_dm[m].name);
	else if (m >= KG_DM_P50 && m <= KG_DM_P999)
		snprintf(r->name, sizeof(r->name), "%s %.*s %s", dir,
			 (int)strcspn(pct_src, "_"), pct_src, kg_dm[m].name);
	else
		snprintf(r->name, sizeof(r->name), "%s %s", dir, kg_dm[m].name);
	r->unit = kg_dm[m].unit;
	r->change = r->lo = r->hi = NAN;
	snprintf(r->method, sizeof(r->method), "none");
	/* a latency or CPU time of 0 is one of no I/O, not a fast one */
	if (!(r->a > 0) || isnan(r->b) || (!kg_dm[m].higher_is_better && !(r->b > 0))) {
		r->verdict = KG_DV_UNJUDGED;
		return true;
	}
	/* the same numbers give exactly 0 */
	r->change = (r->b / r->a - 1) * 100;
	if (kg_diff_by_repeats(r, o, va, na, vb, nb)) {
		/* both sides repeated */
	} else if (na == 1 && nb == 1 && kg_diff_by_intervals(r, c, dir, m, o)) {
		/* kiogen's own samples: no normal approximation needed */
	} else {
		rse_a = na > 1 ? kg_repeats_rse(va, na, r->a) :
				 kg_diff_rse(c->a->jobs[0], dir, m, pct_src, o->z, &from_a);
		rse_b = nb > 1 ? kg_repeats_rse(vb, nb, r->b) :
				 kg_diff_rse(c->b->jobs[0], dir, m, pct_src, o->z, &from_b);
		if (!strcmp(from_a, from_b))
			snprintf(method, sizeof(method), "normal, %s", from_a);
		else
			snprintf(method, sizeof(method), "normal, %s / %s", from_a, from_b);
		kg_diff_by_rse(r, o, rse_a, rse_b, method);
	}
	/*
	 * One run's interval, from its own I/Os or intervals, is blind to the
	 * scatter from one run to the next, which dwarfs it on a busy machine:
	 * shown, not judged.
	 */
	r->one_run = na < 2 || nb < 2;
	if (!r->one_run && (!o->metrics || (o->metrics & (1u << m))))
		kg_diff_judge(r, o, kg_dm[m].higher_is_better);
	else
		r->verdict = KG_DV_UNJUDGED;
	return true;
}

/*
 * The phases of kiogen's latency split ("latency_split") and its block
 * phases ("block_phases"), each a row of its mean, so that a verdict says
 * which layer moved. Judged as the mean latency is (--metrics lat).
 */
static const char *const kg_diff_phase_tabs[] = { "latency_split", "block_phases" };

/* Every repeat's mean of phase @ph of table @tab, in us, into @v. */
static unsigned int kg_diff_phase_values(const struct kg_dfile *f, const char *tab,
					 const char *ph, double *v)
{
	unsigned int n;

	for (n = 0; n < f->nr; n++)
		v[n] = kg_jv_num(kg_jv_at(f->jobs[n], "kiogen", tab, "phases", ph, "mean",
					  NULL), NAN) / 1000;
	return n;
}

/* The relative standard error of a phase's mean, from its histogram; NAN without. */
static double kg_diff_phase_rse(const struct kg_jv *job, const char *tab, const char *ph)
{
	const struct kg_jv *e = kg_jv_at(job, "kiogen", tab, "hist", ph, NULL);
	double n = 0, sum = 0, sq = 0, mean;

	for (e = e ? e->child : NULL; e; e = e->next) {
		double idx = kg_jv_num(e->child, -1);
		double k = kg_jv_num(e->child ? e->child->next : NULL, 0), v;

		if (idx < 0 || idx >= KIOG_HIST_BUCKETS)
			continue;
		v = kiog_hist_bucket_val((__u32)idx);
		n += k;
		sum += k * v;
		sq += k * v * v;
	}
	if (n < 2 || !(sum > 0))
		return NAN;
	mean = sum / n;
	return sqrt(fmax(sq / n - mean * mean, 0) / n) / mean;
}

static bool kg_diff_phase_row(struct kg_drow *r, const struct kg_dcmp *c, const char *tab,
			      const char *ph, const struct kg_dopts *o, double *va, double *vb)
{
	unsigned int na = kg_diff_phase_values(c->a, tab, ph, va);
	unsigned int nb = kg_diff_phase_values(c->b, tab, ph, vb);

	r->a = kg_mean(va, na);
	r->b = kg_mean(vb, nb);
	/* a phase one result has not: nothing to say of it */
	if (!na || !nb || isnan(r->a) || isnan(r->b))
		return false;
	snprintf(r->name, sizeof(r->name), "phase %s", ph);
	r->unit = "us";
	r->change = r->lo = r->hi = NAN;
	r->verdict = KG_DV_UNJUDGED;
	snprintf(r->method, sizeof(r->method), "none");
	/* a phase of 0 (no scheduler's dwell) has no change to judge */
	if (!(r->a > 0) || !(r->b > 0))
		return true;
	r->change = (r->b / r->a - 1) * 100;
	if (!kg_diff_by_repeats(r, o, va, na, vb, nb))
		kg_diff_by_rse(r, o,
			       na > 1 ? kg_repeats_rse(va, na, r->a) :
					kg_diff_phase_rse(c->a->jobs[0], tab, ph),
			       nb > 1 ? kg_repeats_rse(vb, nb, r->b) :
					kg_diff_phase_rse(c->b->jobs[0], tab, ph),
			       "normal, phase histogram");
	r->one_run = na < 2 || nb < 2;
	if (!r->one_run && (!o->metrics || (o->metrics & (1u << KG_DM_LAT_MEAN))))
		kg_diff_judge(r, o, false);
	return true;
}

/* A row per phase of A's first repeat that B has too. */
static void kg_diff_phase_rows(struct kg_dcmp *c, const struct kg_dopts *o, double *va,
			       double *vb)
{
	const struct kg_jv *ph;
	size_t t;

	for (t = 0; !c->a->compare && t < ARRAY_SIZE(kg_diff_phase_tabs); t++) {
		ph = kg_jv_at(c->a->jobs[0], "kiogen", kg_diff_phase_tabs[t], "phases", NULL);
		for (ph = ph ? ph->child : NULL; ph; ph = ph->next) {
			if (c->nr_rows == ARRAY_SIZE(c->rows))
				return;
			if (strcmp(ph->key, "total") &&
			    kg_diff_phase_row(&c->rows[c->nr_rows], c, kg_diff_phase_tabs[t],
					      ph->key, o, va, vb))
				c->nr_rows++;
		}
	}
}

/* A distribution as (latency in ns, I/Os) points, ascending. */
struct kg_dpt {
	double v, n;
};

static int kg_dpt_cmp(const void *a, const void *b)
{
	return kg_cmp_double(&((const struct kg_dpt *)a)->v, &((const struct kg_dpt *)b)->v);
}

/*
 * The lat histogram of @dir over every job of every file of @f (kiogen's
 * kiogen.hist, whose buckets are this build's), or with @key the json+
 * bins of @dir.@key (fio's and kiogen's json+); NULL if a job has none.
 */
static struct kg_dpt *kg_dist_points(const struct kg_dfile *f, const char *dir,
				     const char *key, unsigned int *nr)
{
	const struct kg_jv *j = NULL, *e;
	struct kg_dpt *p = NULL, *np;
	unsigned int n = 0, cap = 0, i, k, fi = 0;

	for (;; j = j->next) {
		/* the next job, of this file or the next one */
		while (!j && fi < kg_diff_nr_files(f)) {
			j = kg_jv_get(kg_diff_file(f, fi++)->root, "jobs");
			j = j ? j->child : NULL;
		}
		if (!j)
			break;
		const struct kg_jv *h = kg_jv_at(j, "kiogen", "hist", NULL);
		const struct kg_jv *list = key ? kg_jv_at(j, dir, key, "bins", NULL) :
					   kg_jv_get(h, dir);

		if (!list || (!key && (kg_jv_num(kg_jv_get(h, "bits"), 0) != KIOG_HIST_BITS ||
				       kg_jv_num(kg_jv_get(h, "groups"), 0) != KIOG_HIST_GROUPS))) {
			free(p);
			return NULL;
		}
		for (e = list->child; e; e = e->next) {
			double v, c;

			if (key) {
				v = strtod(e->key, NULL);
				c = kg_jv_num(e, 0);
			} else {
				if (!e->child || !e->child->next ||
				    kg_jv_num(e->child, -1) < 0 ||
				    kg_jv_num(e->child, 0) >= KIOG_HIST_BUCKETS)
					continue;
				v = kiog_hist_bucket_val((uint32_t)e->child->num);
				c = kg_jv_num(e->child->next, 0);
			}
			if (n == cap) {
				cap = cap ? cap * 2 : 256;
				np = realloc(p, cap * sizeof(*p));
				if (!np) {
					free(p);
					return NULL;
				}
				p = np;
			}
			p[n].v = v;
			p[n++].n = c;
		}
	}
	if (!p)
		return NULL;
	qsort(p, n, sizeof(*p), kg_dpt_cmp);
	/* the same latency from several jobs: one point */
	for (i = 0, k = 0; i < n; i++) {
		if (k && p[k - 1].v == p[i].v)
			p[k - 1].n += p[i].n;
		else
			p[k++] = p[i];
	}
	*nr = k;
	return p;
}

static double kg_dist_total(const struct kg_dpt *p, unsigned int n)
{
	double t = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		t += p[i].n;
	return t;
}

/* the latency below which @pct percent of the I/Os completed */
static double kg_dist_quantile(const struct kg_dpt *p, unsigned int n, double pct)
{
	double want = pct / 100 * kg_dist_total(p, n), cum = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		cum += p[i].n;
		if (cum >= want)
			return p[i].v;
	}
	return n ? p[n - 1].v : NAN;
}

/*
 * The largest distance between the two CDFs (Kolmogorov-Smirnov's D), the
 * latency where it is, and A's percentile there.
 */
static void kg_dist_ks(struct kg_ddist *d, const struct kg_dpt *a, unsigned int na,
		       const struct kg_dpt *b, unsigned int nb)
{
	double ta = kg_dist_total(a, na), tb = kg_dist_total(b, nb), ca = 0, cb = 0;
	unsigned int i = 0, k = 0;

	d->ks = 0;
	while (i < na || k < nb) {
		double x = i < na && (k >= nb || a[i].v <= b[k].v) ? a[i].v : b[k].v;

		while (i < na && a[i].v == x)
			ca += a[i++].n;
		while (k < nb && b[k].v == x)
			cb += b[k++].n;
		if (fabs(ca / ta - cb / tb) > d->ks) {
			d->ks = fabs(ca / ta - cb / tb);
			d->ks_at = x / 1000;
			d->ks_pct_a = ca / ta * 100;
		}
	}
}

/*
 * Direction @dir's latency distributions of A and B compared at
 * kg_dist_pcts, from the most detailed source both files have: kiogen's
 * histograms, json+ bins, else the percentiles of the first job.
 */
static bool kg_diff_dist(struct kg_ddist *d, const struct kg_dcmp *c, const char *dir,
			 const struct kg_dopts *o)
{
	const char *pct_src = kg_diff_pct_source(c, dir);
	struct kg_dpt *pa, *pb;
	unsigned int na = 0, nb = 0, i;

	d->dir = dir;
	d->ks = d->ks_at = d->ks_pct_a = NAN;
	pa = kg_dist_points(c->a, dir, NULL, &na);
	pb = pa ? kg_dist_points(c->b, dir, NULL, &nb) : NULL;
	snprintf(d->source, sizeof(d->source), "kiogen's lat histograms");
	if (!pa || !pb) {
		free(pa);
		free(pb);
		pa = kg_dist_points(c->a, dir, pct_src, &na);
		pb = pa ? kg_dist_points(c->b, dir, pct_src, &nb) : NULL;
		snprintf(d->source, sizeof(d->source), "json+ %.*s bins",
			 (int)strcspn(pct_src, "_"), pct_src);
	}
	if (pa && pb && kg_dist_total(pa, na) > 0 && kg_dist_total(pb, nb) > 0) {
		for (i = 0; i < KG_DIST_PCTS; i++) {
			d->a[i] = kg_dist_quantile(pa, na, kg_dist_pcts[i]) / 1000;
			d->b[i] = kg_dist_quantile(pb, nb, kg_dist_pcts[i]) / 1000;
		}
		kg_dist_ks(d, pa, na, pb, nb);
	} else {
		const struct kg_jv *ma = kg_jv_at(c->a->jobs[0], dir, pct_src, "percentile", NULL);
		const struct kg_jv *mb = kg_jv_at(c->b->jobs[0], dir, pct_src, "percentile", NULL);

		free(pa);
		free(pb);
		if (!ma || !mb)
			return false;
		pa = pb = NULL;
		snprintf(d->source, sizeof(d->source), "%.*s percentiles, first job",
			 (int)strcspn(pct_src, "_"), pct_src);
		for (i = 0; i < KG_DIST_PCTS; i++) {
			d->a[i] = kg_diff_percentile(ma, kg_dist_pcts[i]) / 1000;
			d->b[i] = kg_diff_percentile(mb, kg_dist_pcts[i]) / 1000;
		}
	}
	free(pa);
	free(pb);
	for (i = 0; i < KG_DIST_PCTS; i++) {
		d->change[i] = d->a[i] > 0 ? (d->b[i] / d->a[i] - 1) * 100 : NAN;
		d->moved[i] = fabs(d->change[i]) > o->threshold;
	}
	return true;
}

static int kg_diff_rows(struct kg_dcmp *c, const struct kg_dopts *o)
{
	unsigned int nr = c->a->nr > c->b->nr ? c->a->nr : c->b->nr;
	double *va = calloc(nr, sizeof(double)), *vb = calloc(nr, sizeof(double));
	size_t d;
	int m;

	if (!va || !vb) {
		free(va);
		free(vb);
		return -1;
	}
	/* a compare result: each side's metrics, CPU included */
	for (d = 0; c->a->compare && d < ARRAY_SIZE(kg_compare_sides); d++)
		for (m = 0; m < KG_NR_DM; m++)
			if (kg_diff_row(&c->rows[c->nr_rows], c, kg_compare_sides[d], m, o, va, vb))
				c->nr_rows++;
	for (d = 0; !c->a->compare && d < ARRAY_SIZE(kg_diff_dirs); d++) {
		/* a direction neither result did I/O in has nothing to compare */
		if (!kg_jv_num(kg_jv_at(c->a->jobs[0], kg_diff_dirs[d], "total_ios", NULL), 0) &&
		    !kg_jv_num(kg_jv_at(c->b->jobs[0], kg_diff_dirs[d], "total_ios", NULL), 0))
			continue;
		for (m = 0; m < KG_DM_CPU; m++)
			if (kg_diff_row(&c->rows[c->nr_rows], c, kg_diff_dirs[d], m, o, va, vb))
				c->nr_rows++;
	}
	if (!c->a->compare && kg_diff_row(&c->rows[c->nr_rows], c, "", KG_DM_CPU, o, va, vb))
		c->nr_rows++;
	kg_diff_phase_rows(c, o, va, vb);
	for (d = 0; !c->a->compare && d < ARRAY_SIZE(kg_diff_dirs); d++)
		if ((kg_jv_num(kg_jv_at(c->a->jobs[0], kg_diff_dirs[d], "total_ios", NULL), 0) ||
		     kg_jv_num(kg_jv_at(c->b->jobs[0], kg_diff_dirs[d], "total_ios", NULL), 0)) &&
		    kg_diff_dist(&c->dists[c->nr_dists], c, kg_diff_dirs[d], o))
			c->nr_dists++;
	free(va);
	free(vb);
	return 0;
}

/* Reads the repeats of @f's root: a compare result's runs, or its jobs'. */
static int kg_diff_read(struct kg_dfile *f, bool force)
{
	const struct kg_jv *jobs, *j;
	struct kg_dcmp same = { 0 };
	unsigned int i;
	bool bad;

	f->compare = kg_jv_get(f->root, "compare");
	if (f->compare) {
		for (i = 0; i < ARRAY_SIZE(kg_compare_sides); i++) {
			unsigned int n = kg_jv_len(kg_jv_at(f->compare, kg_compare_sides[i],
							    "runs", NULL));

			f->nr = n > f->nr ? n : f->nr;
		}
		if (f->nr > KG_DIFF_MAX_REPEATS)
			f->nr = KG_DIFF_MAX_REPEATS;
		if (f->nr)
			return 0;
	}
	jobs = kg_jv_get(f->root, "jobs");
	if (!jobs || jobs->type != KG_JV_ARR || !jobs->child) {
		fprintf(stderr, "kiogen diff: %s: %s\n", f->path, f->compare ?
			"a kiogen compare result without runs" :
			"no \"jobs\": not a result of fio or kiogen run in JSON");
		return -1;
	}
	for (j = jobs->child; j && f->nr < KG_DIFF_MAX_REPEATS; j = j->next)
		f->jobs[f->nr++] = j;
	/* kiogen run --repeat: the repeats it kept, not the merged jobs */
	if (kg_jv_len(kg_jv_at(f->jobs[0], "kiogen", "repeats", NULL)) > 1) {
		f->nr = 0;
		f->kept_repeats = true;
		for (j = jobs->child; j; j = j->next) {
			const struct kg_jv *r = kg_jv_at(j, "kiogen", "repeats", NULL);

			for (r = r ? r->child : NULL; r && f->nr < KG_DIFF_MAX_REPEATS; r = r->next)
				f->jobs[f->nr++] = r;
		}
	}

	/* repeats are runs of one job */
	for (i = 1; i < f->nr; i++)
		kg_diff_jobs(&same, f, f->jobs[0], f, f->jobs[i]);
	bad = same.nr_opt_diffs && !force;
	if (bad) {
		fprintf(stderr, "kiogen diff: %s holds different jobs, not repeats of one "
			"(--force pools them):\n", f->path);
		for (i = 0; i < same.nr_opt_diffs; i++)
			fprintf(stderr, "  %s\n", same.opt_diffs[i]);
	}
	kg_diff_free_opt_diffs(&same);
	return bad ? -1 : 0;
}

static int kg_diff_load(struct kg_dfile *f, bool force)
{
	char err[128];

	f->tree = kg_jv_load(f->path, err, sizeof(err));
	if (!f->tree) {
		fprintf(stderr, "kiogen diff: %s: %s\n", f->path, err);
		return -1;
	}
	f->root = f->tree;
	/* its two results are read by kg_diff_ab() */
	f->ab = kg_jv_get(f->root, "ab");
	if (f->ab)
		return 0;
	return kg_diff_read(f, force);
}

/*
 * A kiogen ab result @f as its two results, @ab[0] its A and @ab[1] its
 * B; @f keeps their tree. Their jobs differ by design: not refused.
 */
static int kg_diff_ab(const struct kg_dfile *f, struct kg_dfile *ab, bool force)
{
	unsigned int i;

	for (i = 0; i < 2; i++) {
		ab[i].root = kg_jv_get(f->ab, i ? "b" : "a");
		ab[i].ab = f->ab;
		if (asprintf(&ab[i].label, "%s, %c", f->path, i ? 'b' : 'a') < 0) {
			ab[i].label = NULL;
			fprintf(stderr, "kiogen diff: out of memory\n");
			return -1;
		}
		ab[i].path = ab[i].label;
		if (!ab[i].root) {
			fprintf(stderr, "kiogen diff: %s: a kiogen ab result without its %c\n",
				f->path, i ? 'b' : 'a');
			return -1;
		}
		if (kg_diff_read(&ab[i], force))
			return -1;
	}
	return 0;
}

/*
 * Side @s of @n files, each of repeats of one job (kiogen diff A1 A2 --
 * B1 B2): their repeats pooled as if one file held them all. The files
 * must be of the same job, as A and B must, each checked against the
 * first; the one that differs is named.
 */
static int kg_diff_side(struct kg_dfile *s, const struct kg_dfile *files, unsigned int n,
			bool force)
{
	struct kg_dcmp same = { 0 };
	size_t len = 0;
	unsigned int i, k;

	for (i = 0; i < n; i++)
		len += strlen(files[i].path) + 1;
	s->label = malloc(len);
	if (!s->label) {
		fprintf(stderr, "kiogen diff: out of memory\n");
		return -1;
	}
	for (i = 0, len = 0; i < n; i++)
		len += sprintf(s->label + len, "%s%s", i ? " " : "", files[i].path);
	s->path = s->label;
	s->root = files[0].root;
	s->compare = files[0].compare;
	s->kept_repeats = files[0].kept_repeats;
	s->files = files;
	s->nr_files = n;
	for (i = 0; i < n; i++) {
		const struct kg_dfile *f = &files[i];

		if (!f->compare != !s->compare) {
			fprintf(stderr, "kiogen diff: %s is a kiogen compare result, %s is not\n",
				(f->compare ? f : files)->path, (f->compare ? files : f)->path);
			return -1;
		}
		if (f->compare)
			kg_diff_compare_pairs(&same, files, f);
		else
			kg_diff_jobs(&same, files, files[0].jobs[0], f, f->jobs[0]);
		if (same.nr_opt_diffs && !force) {
			/* named against the side's first file, which the others follow */
			fprintf(stderr,
				"kiogen diff: %s is not a repeat of %s (--force pools them):\n",
				f->path, files[0].path);
			for (k = 0; k < same.nr_opt_diffs; k++)
				fprintf(stderr, "  %s\n", same.opt_diffs[k]);
			kg_diff_free_opt_diffs(&same);
			return -1;
		}
		kg_diff_free_opt_diffs(&same);
		/* a compare result's runs are read from its file; counted here */
		if (f->compare)
			s->nr += f->nr;
		for (k = 0; !f->compare && k < f->nr && s->nr < KG_DIFF_MAX_REPEATS; k++)
			s->jobs[s->nr++] = f->jobs[k];
	}
	if (s->nr > KG_DIFF_MAX_REPEATS)
		s->nr = KG_DIFF_MAX_REPEATS;
	return 0;
}

static void kg_diff_fmt_pct(char *buf, size_t size, double v)
{
	if (isnan(v))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%+.2f%%", v);
}

/* Where in the distribution the shift is: the quantiles side by side. */
static void kg_diff_dist_text(const struct kg_ddist *d, const struct kg_dopts *o)
{
	unsigned int i, n;
	char buf[16];

	printf("\nlatency distribution of %s (%s):\n  %-9s", d->dir, d->source, "pct");
	for (i = 0; i < KG_DIST_PCTS; i++)
		printf(" %9g", kg_dist_pcts[i]);
	printf("\n  %-9s", "A us");
	for (i = 0; i < KG_DIST_PCTS; i++)
		printf(" %9.2f", d->a[i]);
	printf("\n  %-9s", "B us");
	for (i = 0; i < KG_DIST_PCTS; i++)
		printf(" %9.2f", d->b[i]);
	printf("\n  %-9s", "change");
	for (i = 0; i < KG_DIST_PCTS; i++) {
		kg_diff_fmt_pct(buf, sizeof(buf), d->change[i]);
		printf(" %9s", buf);
	}
	printf("\n  moved by more than %g%%:", o->threshold);
	for (i = 0, n = 0; i < KG_DIST_PCTS; i++)
		if (d->moved[i])
			printf("%s p%g", n++ ? "," : "", kg_dist_pcts[i]);
	if (!n)
		printf(" no percentile");
	if (d->ks > 0)
		printf("; the CDFs are furthest apart (%.3f) at %.2f us, A's p%.1f",
		       d->ks, d->ks_at, d->ks_pct_a);
	else if (d->ks == 0)
		printf("; the same distribution");
	putchar('\n');
}

/* Whether a row went unjudged because a side has one repeat. */
static bool kg_diff_one_run(const struct kg_dcmp *c)
{
	unsigned int i;

	for (i = 0; i < c->nr_rows; i++)
		if (c->rows[i].one_run)
			return true;
	return false;
}

#define KG_DIFF_ONE_RUN_NOTE \
	"one repeat on a side: its intervals are from within one run, blind to the " \
	"scatter from run to run, so nothing is judged (kiogen run --repeat=N)"

static void kg_diff_text(const struct kg_dcmp *c, const struct kg_dopts *o)
{
	unsigned int i;

	printf("A: %s (%u repeat%s)\nB: %s (%u repeat%s)\n", c->a->path, c->a->nr,
	       c->a->nr == 1 ? "" : "s", c->b->path, c->b->nr, c->b->nr == 1 ? "" : "s");
	/* first what changed besides the thing under test */
	if (c->nr_rec_diffs) {
		printf("the systems under test differ (records):\n");
		for (i = 0; i < c->nr_rec_diffs; i++)
			printf("  %s\n", c->rec_diffs[i]);
	} else if (kg_jv_at(c->a->root, "kiogen", "record", NULL)) {
		printf("the records of the systems under test are the same\n");
	}
	if (c->nr_opt_diffs) {
		printf("%s\n", c->a->ab ? "B's job differs from A's in:" : "different jobs (--force):");
		for (i = 0; i < c->nr_opt_diffs; i++)
			printf("  %s\n", c->opt_diffs[i]);
	}
	printf("threshold %g%%, confidence %g%%\n", o->threshold, o->confidence);
	if (kg_diff_one_run(c))
		printf("%s\n", KG_DIFF_ONE_RUN_NOTE);
	putchar('\n');
	printf("%-20s %14s %14s %9s %22s  %-22s %s\n", "metric", "A", "B", "change",
	       "CI", "verdict", "method");
	for (i = 0; i < c->nr_rows; i++) {
		const struct kg_drow *r = &c->rows[i];
		char name[48], change[16], lo[16], hi[16], ci[40] = "-";

		snprintf(name, sizeof(name), "%s%s%s", r->name, *r->unit ? " " : "", r->unit);
		kg_diff_fmt_pct(change, sizeof(change), r->change);
		if (!isnan(r->lo)) {
			kg_diff_fmt_pct(lo, sizeof(lo), r->lo);
			kg_diff_fmt_pct(hi, sizeof(hi), r->hi);
			snprintf(ci, sizeof(ci), "[%s, %s]", lo, hi);
		}
		printf("%-20s %14.3f %14.3f %9s %22s  %-22s %s\n", name, r->a, r->b, change, ci,
		       kg_verdict_names[r->verdict], r->method);
	}
	for (i = 0; i < c->nr_dists; i++)
		kg_diff_dist_text(&c->dists[i], o);
}

static void kg_diff_dist_json(struct kg_json *j, const struct kg_ddist *d)
{
	unsigned int i;

	kg_json_obj(j, NULL);
	kg_json_string(j, "direction", d->dir);
	kg_json_string(j, "source", d->source);
	kg_json_open(j, "percentiles", '[', false);
	for (i = 0; i < KG_DIST_PCTS; i++) {
		kg_json_open(j, NULL, '{', true);
		kg_json_double(j, "pct", kg_dist_pcts[i]);
		kg_json_double(j, "a_us", d->a[i]);
		kg_json_double(j, "b_us", d->b[i]);
		kg_json_double(j, "change_pct", d->change[i]);
		kg_json_bool(j, "moved", d->moved[i]);
		kg_json_close(j, '}');
	}
	kg_json_close(j, ']');
	if (!isnan(d->ks))
		kg_json_double(j, "ks_distance", d->ks);
	if (d->ks > 0) {
		kg_json_double(j, "ks_at_us", d->ks_at);
		kg_json_double(j, "ks_a_pct", d->ks_pct_a);
	}
	kg_json_end(j);
}

/* A side's files, as a list (its "a" or "b" joins them); nothing for a file */
static void kg_diff_json_files(struct kg_json *j, const char *key, const struct kg_dfile *f)
{
	unsigned int i;

	if (!f->files)
		return;
	kg_json_open(j, key, '[', false);
	for (i = 0; i < f->nr_files; i++)
		kg_json_string(j, NULL, f->files[i].path);
	kg_json_close(j, ']');
}

static void kg_diff_json_cmp(struct kg_json *j, const struct kg_dcmp *c)
{
	unsigned int i;

	kg_json_obj(j, NULL);
	kg_json_string(j, "a", c->a->path);
	kg_json_u64(j, "a_repeats", c->a->nr);
	kg_diff_json_files(j, "a_files", c->a);
	kg_json_string(j, "b", c->b->path);
	kg_json_u64(j, "b_repeats", c->b->nr);
	kg_diff_json_files(j, "b_files", c->b);
	if (kg_diff_one_run(c))
		kg_json_string(j, "note", KG_DIFF_ONE_RUN_NOTE);
	kg_json_open(j, "record_differences", '[', false);
	for (i = 0; i < c->nr_rec_diffs; i++)
		kg_json_string(j, NULL, c->rec_diffs[i]);
	kg_json_close(j, ']');
	kg_json_open(j, "job_differences", '[', false);
	for (i = 0; i < c->nr_opt_diffs; i++)
		kg_json_string(j, NULL, c->opt_diffs[i]);
	kg_json_close(j, ']');
	kg_json_open(j, "metrics", '[', false);
	for (i = 0; i < c->nr_rows; i++) {
		const struct kg_drow *r = &c->rows[i];

		kg_json_obj(j, NULL);
		kg_json_string(j, "metric", r->name);
		kg_json_string(j, "unit", r->unit);
		kg_json_double(j, "a", r->a);
		kg_json_double(j, "b", r->b);
		kg_json_double(j, "change_pct", r->change);
		kg_json_double(j, "ci_low_pct", r->lo);
		kg_json_double(j, "ci_high_pct", r->hi);
		kg_json_string(j, "verdict", kg_verdict_names[r->verdict]);
		kg_json_string(j, "method", r->method);
		kg_json_end(j);
	}
	kg_json_close(j, ']');
	kg_json_open(j, "distributions", '[', false);
	for (i = 0; i < c->nr_dists; i++)
		kg_diff_dist_json(j, &c->dists[i]);
	kg_json_close(j, ']');
	kg_json_end(j);
}

/*
 * The exit status: without --bisect 1 for any regression; with it, git
 * bisect run's 0 good, 1 bad, and 125 when no metric regressed but an
 * interval reaches the threshold on the bad side, or none could be judged.
 */
static int kg_diff_status(const struct kg_dcmp *c, unsigned int nr, bool bisect)
{
	bool bad = false, unsure = false, judged = false;
	unsigned int i, k;

	for (i = 0; i < nr; i++)
		for (k = 0; k < c[i].nr_rows; k++) {
			bad |= c[i].rows[k].verdict == KG_DV_REGRESSION;
			unsure |= c[i].rows[k].unsure;
			judged |= c[i].rows[k].verdict != KG_DV_UNJUDGED;
		}
	if (bad)
		return KG_EXIT_FAIL;
	if (bisect && (unsure || !judged))
		return KG_EXIT_BISECT_SKIP;
	return KG_EXIT_OK;
}

static int kg_diff_parse_pct(const char *arg, const char *name, double min, double max,
			     double *v)
{
	char *end;

	*v = strtod(arg + strlen(name), &end);
	if (end == arg + strlen(name) || *end || !(*v >= min && *v <= max)) {
		fprintf(stderr, "kiogen diff: %s wants a percentage from %g to %g\n",
			arg, min, max);
		return -1;
	}
	return 0;
}

/* --metrics=iops,p50: the metrics judged, a comma list of kg_dm_words */
static int kg_diff_parse_metrics(const char *list, unsigned int *mask)
{
	const char *p = list;
	unsigned int m;

	*mask = 0;
	while (*p) {
		size_t len = strcspn(p, ",");

		for (m = 0; m < KG_NR_DM; m++)
			if (strlen(kg_dm_words[m]) == len && !strncmp(p, kg_dm_words[m], len))
				break;
		if (m == KG_NR_DM) {
			fprintf(stderr, "kiogen diff: --metrics: '%.*s' is none of iops, bw, lat, "
				"p50, p99, p99.9, cpu\n", (int)len, p);
			return -1;
		}
		*mask |= 1u << m;
		p += len + (p[len] == ',');
	}
	if (!*mask) {
		fprintf(stderr, "kiogen diff: --metrics wants a list like iops,p50\n");
		return -1;
	}
	return 0;
}

/* @a into @o if it is one of diff's options: 1, 0 if it is not, -1 (said) if bad. */
static int kg_diff_option(const char *a, struct kg_dopts *o)
{
	if (!strncmp(a, "--threshold=", 12))
		return kg_diff_parse_pct(a, "--threshold=", 0, 1000, &o->threshold) ?: 1;
	if (!strncmp(a, "--confidence=", 13))
		return kg_diff_parse_pct(a, "--confidence=", 50, 99.99, &o->confidence) ?: 1;
	if (!strncmp(a, "--metrics=", 10))
		return kg_diff_parse_metrics(a + 10, &o->metrics) ?: 1;
	if (!strcmp(a, "--force"))
		o->force = true;
	else if (!strcmp(a, "--bisect"))
		o->bisect = true;
	else if (!strcmp(a, "--output-format=json"))
		o->json = true;
	else if (!strcmp(a, "--output-format=text"))
		o->json = false;
	else
		return 0;
	return 1;
}

int kg_diff_is_option(const char *arg)
{
	struct kg_dopts o = { 0 };

	return kg_diff_option(arg, &o);
}

#define KG_DIFF_TWO \
	"needs two results at least: kiogen diff A B [C...], or one of kiogen ab"

/*
 * The options into @o, the files into @paths; with "--" (A1 A2 -- B1 B2),
 * @starts gets the index in @paths of each side's first file, @nr_sides
 * how many (0 without "--": a side a file).
 */
static int kg_diff_args(int argc, char **argv, struct kg_dopts *o, const char **paths,
			unsigned int *nr, unsigned int *starts, unsigned int *nr_sides)
{
	unsigned int s;
	int i;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];
		int known = kg_diff_option(a, o);

		if (known < 0)
			return -1;
		if (known)
			continue;
		if (!strcmp(a, "--")) {
			/* the first "--" ends side A, which began at the first file */
			if (!*nr_sides)
				starts[(*nr_sides)++] = 0;
			if (*nr_sides == KG_DIFF_MAX_FILES) {
				fprintf(stderr, "kiogen diff: at most %d sides\n",
					KG_DIFF_MAX_FILES);
				return -1;
			}
			starts[(*nr_sides)++] = *nr;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "kiogen diff: unknown option '%s'\n", a);
			return -1;
		} else if (*nr == KG_DIFF_MAX_FILES) {
			fprintf(stderr, "kiogen diff: at most %d files\n", KG_DIFF_MAX_FILES);
			return -1;
		} else {
			paths[(*nr)++] = a;
		}
	}
	for (s = 0; s < *nr_sides; s++) {
		if (starts[s] == (s + 1 < *nr_sides ? starts[s + 1] : *nr)) {
			fprintf(stderr, "kiogen diff: side %c has no file (A1... -- B1...)\n",
				s < 26 ? 'A' + s : '?');
			return -1;
		}
	}
	if (!*nr) {
		fprintf(stderr, "kiogen diff: %s\n", KG_DIFF_TWO);
		return -1;
	}
	return 0;
}

int kg_cmd_diff(int argc, char **argv)
{
	struct kg_dopts o = { .threshold = 5, .confidence = 95 };
	const char *paths[KG_DIFF_MAX_FILES];
	unsigned int starts[KG_DIFF_MAX_FILES];
	struct kg_dfile *files = NULL, *sides = NULL, *ab;
	struct kg_dcmp *cmps = NULL;
	struct kg_json j = { .f = stdout };
	unsigned int nr = 0, nr_sides = 0, nr_ab = 0, i, k;
	int ret = KG_EXIT_USAGE;

	if (kg_diff_args(argc, argv, &o, paths, &nr, starts, &nr_sides))
		return KG_EXIT_USAGE;
	o.z = kg_normal_quantile(1 - (1 - o.confidence / 100) / 2);
	files = calloc(nr, sizeof(*files));
	/* the sides of "--", or the two results of a kiogen ab result */
	sides = calloc(nr_sides > 2 ? nr_sides : 2, sizeof(*sides));
	if (!files || !sides) {
		fprintf(stderr, "kiogen diff: out of memory\n");
		goto out;
	}
	for (i = 0; i < nr; i++) {
		files[i].path = paths[i];
		if (kg_diff_load(&files[i], o.force))
			goto out;
		if (files[i].ab && (nr > 1 || nr_sides)) {
			fprintf(stderr, "kiogen diff: %s is a kiogen ab result, A and B in one: "
				"kiogen diff %s, alone\n", paths[i], paths[i]);
			goto out;
		}
	}
	if (nr == 1 && !files[0].ab) {
		fprintf(stderr, "kiogen diff: %s\n", KG_DIFF_TWO);
		goto out;
	}
	for (i = 0; i < nr_sides; i++) {
		k = i + 1 < nr_sides ? starts[i + 1] : nr;
		if (kg_diff_side(&sides[i], &files[starts[i]], k - starts[i], o.force))
			goto out;
	}
	/* what is compared: the files, the sides of them, or an ab result's two */
	nr_ab = nr_sides ? nr_sides : files[0].ab ? 2 : nr;
	if (files[0].ab && kg_diff_ab(&files[0], sides, o.force))
		goto out;
	ab = nr_sides || files[0].ab ? sides : files;
	cmps = calloc(nr_ab - 1, sizeof(*cmps));
	if (!cmps) {
		fprintf(stderr, "kiogen diff: out of memory\n");
		goto out;
	}
	for (i = 0; i < nr_ab - 1; i++) {
		struct kg_dcmp *c = &cmps[i];

		c->a = &ab[0];
		c->b = &ab[i + 1];
		if (!c->a->compare != !c->b->compare) {
			fprintf(stderr, "kiogen diff: %s is a kiogen compare result, %s is not\n",
				(c->a->compare ? c->a : c->b)->path,
				(c->a->compare ? c->b : c->a)->path);
			goto out;
		}
		if (kg_diff_records(c)) {
			fprintf(stderr, "kiogen diff: out of memory\n");
			goto out;
		}
		if (c->a->compare)
			kg_diff_compare_pairs(c, c->a, c->b);
		else
			kg_diff_jobs(c, c->a, c->a->jobs[0], c->b, c->b->jobs[0]);
		if (c->nr_opt_diffs && !o.force && !c->a->ab) {
			for (k = 0; k < c->nr_rec_diffs; k++)
				fprintf(stderr, "kiogen diff: the records differ: %s\n",
					c->rec_diffs[k]);
			fprintf(stderr, "kiogen diff: %s and %s are results of different jobs "
				"(--force compares them anyway):\n", c->a->path, c->b->path);
			for (k = 0; k < c->nr_opt_diffs; k++)
				fprintf(stderr, "  %s\n", c->opt_diffs[k]);
			goto out;
		}
		if (kg_diff_rows(c, &o)) {
			fprintf(stderr, "kiogen diff: out of memory\n");
			goto out;
		}
	}

	if (o.json) {
		kg_json_obj(&j, NULL);
		kg_json_string(&j, "kiogen version", KIOGEN_VERSION);
		kg_json_double(&j, "threshold_pct", o.threshold);
		kg_json_double(&j, "confidence_pct", o.confidence);
		kg_json_open(&j, "diffs", '[', false);
		for (i = 0; i < nr_ab - 1; i++)
			kg_diff_json_cmp(&j, &cmps[i]);
		kg_json_close(&j, ']');
		kg_json_end(&j);
		fputc('\n', stdout);
	} else {
		for (i = 0; i < nr_ab - 1; i++) {
			if (i)
				putchar('\n');
			kg_diff_text(&cmps[i], &o);
		}
	}
	ret = kg_diff_status(cmps, nr_ab - 1, o.bisect);
out:
	for (i = 0; cmps && i < nr_ab - 1; i++) {
		kg_diff_free_opt_diffs(&cmps[i]);
		kg_diff_free_rec_diffs(&cmps[i]);
	}
	for (i = 0; files && i < nr; i++)
		kg_jv_free(files[i].tree);
	for (i = 0; sides && i < (nr_sides > 2 ? nr_sides : 2); i++)
		free(sides[i].label);
	free(sides);
	free(cmps);
	free(files);
	return ret;
}
