// SPDX-License-Identifier: GPL-2.0
/*
 * fio-compatible reports of a finished run. Workers are first merged into
 * "views", fio's thread stats: one per job under group_reporting, one per
 * worker otherwise. Each view is then printed either in fio 3.33's normal
 * text layout or in its JSON shape, with fio's unit scaling, number
 * formatting and latency buckets, so that people and scripts used to fio
 * read kiogen's output unchanged. slat, clat and lat mean what they mean in
 * fio (slat only for asynchronous jobs); IO depths, submit and complete are
 * counted as fio counts them. What kiogen does not measure prints as fio
 * prints absent data: page faults and trim as zeros.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report.h"

#include <kiogen/version.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define NSEC_PER_SEC	1000000000ULL
#define NSEC_PER_MSEC	1000000ULL

/* fio's sig_figs default: rates and sizes keep four significant digits */
#define KG_SIG_FIGS	4
/* fio prints latency min and max with up to six digits */
#define KG_LAT_FIGS	6
/* kiogen's directions: KIOGEN_DIR_READ and KIOGEN_DIR_WRITE */
#define KG_NR_DIRS	2

static const char *const kg_dir_names[KG_NR_DIRS] = { "read", "write" };

/* ---- merging ---------------------------------------------------------- */

/* Adds one latency summary to another; @first: @into has none yet. */
static void kg_lat_merge(uint64_t *min, uint64_t *max, uint64_t *sum,
			 long double *sumsq, bool first, uint64_t fmin,
			 uint64_t fmax, uint64_t fsum, long double fsumsq)
{
	if (first || fmin < *min)
		*min = fmin;
	if (fmax > *max)
		*max = fmax;
	*sum += fsum;
	*sumsq += fsumsq;
}

void kg_dir_merge(struct kg_dir *into, const struct kg_dir *from)
{
	size_t i;

	/* min and max only mean something for a direction that did I/O */
	if (from->ios) {
		kg_lat_merge(&into->lat_min, &into->lat_max, &into->lat_sum,
			     &into->lat_sumsq, !into->ios, from->lat_min,
			     from->lat_max, from->lat_sum, from->lat_sumsq);
		kg_lat_merge(&into->clat_min, &into->clat_max, &into->clat_sum,
			     &into->clat_sumsq, !into->ios, from->clat_min,
			     from->clat_max, from->clat_sum, from->clat_sumsq);
	}
	if (from->ios && from->has_slat) {
		kg_lat_merge(&into->slat_min, &into->slat_max, &into->slat_sum,
			     &into->slat_sumsq, !into->has_slat, from->slat_min,
			     from->slat_max, from->slat_sum, from->slat_sumsq);
		into->has_slat = true;
	}
	into->ios += from->ios;
	into->bytes += from->bytes;
	into->errors += from->errors;
	into->short_ios += from->short_ios;
	for (i = 0; i < KIOG_HIST_BUCKETS; i++) {
		into->hist[i] += from->hist[i];
		into->clat_hist[i] += from->clat_hist[i];
	}
}

/* Cumulative sample @i of @w; past its end, its last one (it had stopped). */
static struct kiogen_sample kg_sample_at(const struct kg_worker *w, uint32_t i)
{
	static const struct kiogen_sample none;

	if (!w->nr_samples || !w->samples)
		return none;
	return w->samples[i < w->nr_samples ? i : w->nr_samples - 1];
}

static int kg_samples_merge(struct kg_worker *into, const struct kg_worker *from)
{
	uint32_t n, i, d;
	struct kiogen_sample *s;

	if (!from->nr_samples || !from->samples)
		return 0;
	n = into->nr_samples > from->nr_samples ? into->nr_samples :
						   from->nr_samples;
	s = calloc(n, sizeof(*s));
	if (!s)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		struct kiogen_sample a = kg_sample_at(into, i);
		struct kiogen_sample b = kg_sample_at(from, i);

		for (d = 0; d < KG_NR_DIRS; d++) {
			s[i].ios[d] = a.ios[d] + b.ios[d];
			s[i].bytes[d] = a.bytes[d] + b.bytes[d];
		}
	}
	free(into->samples);
	into->samples = s;
	into->nr_samples = n;
	if (!into->sample_ns)
		into->sample_ns = from->sample_ns;
	return 0;
}

int kg_worker_merge(struct kg_worker *into, const struct kg_worker *from)
{
	size_t i;
	int err;

	/* the only step that can fail goes first, so failure changes nothing */
	err = kg_samples_merge(into, from);
	if (err)
		return err;

	if (from->elapsed_ns > into->elapsed_ns)
		into->elapsed_ns = from->elapsed_ns;
	into->cpu_usr_ns += from->cpu_usr_ns;
	into->cpu_sys_ns += from->cpu_sys_ns;
	into->ctx_vol += from->ctx_vol;
	into->ctx_invol += from->ctx_invol;
	into->mem += from->mem;
	into->digest += from->digest;
	into->issued += from->issued;
	if (!into->error)
		into->error = from->error;
	for (i = 0; i < KIOGEN_DEPTH_BUCKETS; i++) {
		into->depths[i] += from->depths[i];
		into->submit[i] += from->submit[i];
		into->complete[i] += from->complete[i];
	}
	for (i = 0; i <= KIOGEN_DIR_SYNC; i++)
		kg_dir_merge(&into->dir[i], &from->dir[i]);
	return 0;
}

void kg_worker_release(struct kg_worker *w)
{
	free(w->samples);
	w->samples = NULL;
	w->nr_samples = 0;
}

void kg_dir_lat(const struct kg_dir *d, enum kg_lat_kind kind,
		struct kg_lat_view *v)
{
	memset(v, 0, sizeof(*v));
	switch (kind) {
	case KG_LAT_SLAT:
		if (!d->has_slat)
			return;
		*v = (struct kg_lat_view){ d->ios, d->slat_min, d->slat_max,
					   d->slat_sum, d->slat_sumsq, NULL };
		return;
	case KG_LAT_CLAT:
		*v = (struct kg_lat_view){ d->ios, d->clat_min, d->clat_max,
					   d->clat_sum, d->clat_sumsq, d->clat_hist };
		return;
	case KG_LAT_LAT:
		*v = (struct kg_lat_view){ d->ios, d->lat_min, d->lat_max,
					   d->lat_sum, d->lat_sumsq, d->hist };
		return;
	}
}

double kg_lat_mean_ns(const struct kg_lat_view *v)
{
	return v->n ? (double)v->sum / (double)v->n : 0.0;
}

double kg_lat_stdev_ns(const struct kg_lat_view *v)
{
	long double n = v->n, sum = v->sum, var;

	if (v->n < 2)
		return 0.0;
	/* long double keeps the cancellation error far below a nanosecond */
	var = (v->sumsq - sum * sum / n) / (n - 1);
	return var > 0 ? sqrt((double)var) : 0.0;
}

double kg_dir_mean_ns(const struct kg_dir *d)
{
	struct kg_lat_view v;

	kg_dir_lat(d, KG_LAT_LAT, &v);
	return kg_lat_mean_ns(&v);
}

double kg_dir_stdev_ns(const struct kg_dir *d)
{
	struct kg_lat_view v;

	kg_dir_lat(d, KG_LAT_LAT, &v);
	return kg_lat_stdev_ns(&v);
}

/* ---- percentiles ------------------------------------------------------ */

static const uint32_t kg_fio_percentiles[] = {
	10000,  50000,  100000, 200000, 300000, 400000, 500000, 600000, 700000,
	800000, 900000, 950000, 990000, 995000, 999000, 999500, 999900,
};

void kg_default_percentiles(struct kg_global *g)
{
	memcpy(g->percentile_ppm, kg_fio_percentiles, sizeof(kg_fio_percentiles));
	g->nr_percentiles = ARRAY_SIZE(kg_fio_percentiles);
	g->percentiles_set = false;
}

/* The list to report, sorted as fio sorts it, and how to print it. */
struct kg_plist {
	uint32_t nr;
	uint32_t ppm[KG_MAX_PERCENTILES];
	int precision;		/* decimals: the most any entry needs, as fio */
};

static int kg_ppm_decimals(uint32_t ppm)
{
	int n = 4;

	for (ppm %= 10000; n && !(ppm % 10); ppm /= 10)
		n--;
	return ppm ? n : 0;
}

static void kg_plist_init(struct kg_plist *pl, const struct kg_global *g)
{
	uint32_t i, k;

	if (g && g->nr_percentiles) {
		pl->nr = g->nr_percentiles < KG_MAX_PERCENTILES ?
				 g->nr_percentiles : KG_MAX_PERCENTILES;
		memcpy(pl->ppm, g->percentile_ppm, pl->nr * sizeof(pl->ppm[0]));
	} else {
		pl->nr = ARRAY_SIZE(kg_fio_percentiles);
		memcpy(pl->ppm, kg_fio_percentiles, sizeof(kg_fio_percentiles));
	}
	pl->precision = 0;
	for (i = 1; i < pl->nr; i++) {
		uint32_t p = pl->ppm[i];

		for (k = i; k && pl->ppm[k - 1] > p; k--)
			pl->ppm[k] = pl->ppm[k - 1];
		pl->ppm[k] = p;
	}
	for (i = 0; i < pl->nr; i++)
		if (kg_ppm_decimals(pl->ppm[i]) > pl->precision)
			pl->precision = kg_ppm_decimals(pl->ppm[i]);
}

/*
 * A bucket's representative value can lie past the extremes measured
 * exactly (a 999.9 us maximum in a bucket centred on 1003 us); every sample
 * lies between them, so clamping only ever moves a value closer to truth.
 */
static uint64_t kg_clamp(uint64_t v, uint64_t lo, uint64_t hi)
{
	if (lo > hi)		/* no extremes known */
		return v;
	return v < lo ? lo : v > hi ? hi : v;
}

static uint64_t kg_hist_total(const uint64_t *hist)
{
	uint64_t total = 0;
	size_t i;

	for (i = 0; i < KIOG_HIST_BUCKETS; i++)
		total += hist[i];
	return total;
}

static uint64_t kg_hist_pct(const struct kg_lat_view *v, const __u64 *hist,
			    uint64_t total, uint32_t ppm)
{
	return kg_clamp(kiog_hist_percentile(hist, KIOG_HIST_BUCKETS, total, ppm),
			v->n ? v->min : 1, v->n ? v->max : 0);
}

/*
 * job.h counts in uint64_t (unsigned long here), hist.h in __u64 (unsigned
 * long long): same bits, but a cast would break strict aliasing, so copy.
 */
_Static_assert(sizeof(__u64) == sizeof(uint64_t), "histogram layouts differ");

uint64_t kg_lat_percentile_ns(const struct kg_lat_view *v, uint32_t ppm)
{
	__u64 hist[KIOG_HIST_BUCKETS];
	uint64_t total;

	if (!v->hist || !(total = kg_hist_total(v->hist)))
		return 0;
	memcpy(hist, v->hist, sizeof(hist));
	return kg_hist_pct(v, hist, total, ppm);
}

/* Fills @val with the percentiles of @v; returns false if it has none. */
static bool kg_percentiles(const struct kg_lat_view *v, const struct kg_plist *pl,
			   uint64_t *val)
{
	__u64 hist[KIOG_HIST_BUCKETS];
	uint64_t total;
	uint32_t i;

	if (!v->hist || !pl->nr || !(total = kg_hist_total(v->hist)))
		return false;
	memcpy(hist, v->hist, sizeof(hist));
	for (i = 0; i < pl->nr; i++)
		val[i] = kg_hist_pct(v, hist, total, pl->ppm[i]);
	return true;
}

/* ---- views: fio's thread stats ---------------------------------------- */

struct kg_view {
	const struct kg_job *job;
	const char *name;
	uint32_t members;
	uint64_t busy_ns;	/* members' elapsed added up: fio's total_run_time, base of cpu% */
	struct kg_worker w;	/* members merged; owns w.samples */
};

/* One direction of "Run status group 0". */
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
	uint32_t nr_views;
	struct kg_view *views;
	struct kg_group_dir grp[KG_NR_DIRS];
};

static double kg_rate(uint64_t n, uint64_t ns)
{
	return ns ? (double)n * (double)NSEC_PER_SEC / (double)ns : 0.0;
}

/* fio counts runtime in whole milliseconds; a non-zero time is at least 1 */
static uint64_t kg_ns_to_ms(uint64_t ns)
{
	uint64_t ms = (ns + NSEC_PER_MSEC / 2) / NSEC_PER_MSEC;

	return ms || !ns ? ms : 1;
}

static bool kg_job_grouped(const struct kg_job_result *jr)
{
	return jr->job && jr->job->group_reporting;
}

static void kg_report_free(struct kg_report *rp)
{
	uint32_t i;

	for (i = 0; i < rp->nr_views; i++)
		kg_worker_release(&rp->views[i].w);
	free(rp->views);
	rp->views = NULL;
	rp->nr_views = 0;
}

static void kg_group_add(struct kg_group_dir *g, const struct kg_view *v, int d)
{
	uint64_t ns = v->w.elapsed_ns;
	double bw = kg_rate(v->w.dir[d].bytes, ns);

	if (!v->w.dir[d].ios)
		return;
	if (!g->any || ns < g->min_run_ns)
		g->min_run_ns = ns;
	if (!g->any || bw < g->min_bw)
		g->min_bw = bw;
	if (ns > g->max_run_ns)
		g->max_run_ns = ns;
	if (bw > g->max_bw)
		g->max_bw = bw;
	g->bytes += v->w.dir[d].bytes;
	g->any = true;
}

/* Aggregate bandwidth of the group: all bytes over the longest runtime. */
static double kg_group_agg(const struct kg_group_dir *g)
{
	return kg_rate(g->bytes, g->max_run_ns);
}

/* A view's share of its group's bandwidth, fio's "per=" and "bw_agg". */
static double kg_bw_share(const struct kg_report *rp, int d, double mean_kib)
{
	double agg_kib = kg_group_agg(&rp->grp[d]) / 1024.0;
	double p;

	if (agg_kib <= 1.0)
		return 100.0;
	p = mean_kib * 100.0 / agg_kib;
	return p > 100.0 ? 100.0 : p;
}

static int kg_report_build(struct kg_report *rp, const struct kg_run_result *r,
			   const struct kg_global *g)
{
	uint32_t nr_jobs = r->nr_jobs < KG_MAX_JOBS ? r->nr_jobs : KG_MAX_JOBS;
	uint32_t j, i, n = 0;
	int d, err;

	memset(rp, 0, sizeof(*rp));
	rp->r = r;
	rp->bins = g && g->output_json > 1;
	kg_plist_init(&rp->pl, g);
	for (j = 0; j < nr_jobs; j++) {
		const struct kg_job_result *jr = &r->jobs[j];

		if (jr->nr_workers && jr->workers)
			n += kg_job_grouped(jr) ? 1 : jr->nr_workers;
	}
	rp->views = calloc(n ? n : 1, sizeof(*rp->views));
	if (!rp->views)
		return -ENOMEM;

	for (j = 0; j < nr_jobs; j++) {
		const struct kg_job_result *jr = &r->jobs[j];
		struct kg_view *v = NULL;

		if (!jr->workers)
			continue;
		for (i = 0; i < jr->nr_workers; i++) {
			const struct kg_worker *w = &jr->workers[i];

			if (!v || !kg_job_grouped(jr)) {
				v = &rp->views[rp->nr_views++];
				v->job = jr->job;
				v->name = jr->job ? jr->job->name : "kiogen";
				v->w.job = w->job;
				v->w.index = w->index;
			}
			err = kg_worker_merge(&v->w, w);
			if (err) {
				kg_report_free(rp);
				return err;
			}
			v->members++;
			v->busy_ns += w->elapsed_ns;
		}
	}

	for (i = 0; i < rp->nr_views; i++)
		for (d = 0; d < KG_NR_DIRS; d++)
			kg_group_add(&rp->grp[d], &rp->views[i], d);
	return 0;
}

/* ---- derived statistics ----------------------------------------------- */

/* Running min/max/mean/variance (Welford), for the per-interval rates. */
struct kg_stat {
	uint64_t n;
	double min, max, mean, m2;
};

static void kg_stat_add(struct kg_stat *s, double x)
{
	double delta = x - s->mean;

	if (!s->n || x < s->min)
		s->min = x;
	if (!s->n || x > s->max)
		s->max = x;
	s->n++;
	s->mean += delta / (double)s->n;
	s->m2 += delta * (x - s->mean);
}

/* sample deviation, n - 1, as fio's calc_lat() */
static double kg_stat_dev(const struct kg_stat *s)
{
	return s->n > 1 ? sqrt(s->m2 / (double)(s->n - 1)) : 0.0;
}

/*
 * fio's bw and iops lines: statistics over the rate of each sampling
 * interval, KiB/s and I/Os per second. The samples are cumulative, so an
 * interval's work is the difference to the previous sample; merged views
 * carry the members' sums, hence the rates of the whole group.
 */
static void kg_interval_stats(const struct kg_worker *w, int d,
			      struct kg_stat *bw, struct kg_stat *iops)
{
	uint64_t prev_ios = 0, prev_bytes = 0;
	uint32_t i;

	memset(bw, 0, sizeof(*bw));
	memset(iops, 0, sizeof(*iops));
	if (!w->sample_ns || !w->samples || !w->dir[d].ios)
		return;
	for (i = 0; i < w->nr_samples; i++) {
		const struct kiogen_sample *s = &w->samples[i];
		uint64_t dios = s->ios[d] > prev_ios ? s->ios[d] - prev_ios : 0;
		uint64_t dbytes = s->bytes[d] > prev_bytes ?
					  s->bytes[d] - prev_bytes : 0;

		kg_stat_add(bw, kg_rate(dbytes, w->sample_ns) / 1024.0);
		kg_stat_add(iops, kg_rate(dios, w->sample_ns));
		prev_ios = s->ios[d];
		prev_bytes = s->bytes[d];
	}
}

/*
 * fio's latency distribution: buckets named by their exclusive upper bound
 * in the unit of their line, "lat (usec) : 250=" holding [100, 250) us. A
 * latency below 1 us goes to the nsec line, below 1 ms to the usec line,
 * the rest to the msec line, which ends with an open ">=2000" bucket.
 */
#define KG_LAT_NR	12
static const char *const kg_lat_labels[KG_LAT_NR] = {
	"2", "4", "10", "20", "50", "100", "250", "500", "750", "1000", "2000",
	">=2000",
};

static const uint32_t kg_lat_edges[KG_LAT_NR - 1] = {
	2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000,
};

static const struct kg_lat_line {
	const char *unit;	/* text report */
	const char *json;	/* JSON map */
	uint64_t div;		/* ns per unit */
	unsigned int nr;	/* buckets on this line */
} kg_lat_lines[] = {
	{ "nsec", "latency_ns", 1, 10 },
	{ "usec", "latency_us", 1000, 10 },
	{ "msec", "latency_ms", 1000000, 12 },
};

#define KG_LAT_LINES	ARRAY_SIZE(kg_lat_lines)

/*
 * Percent of all I/Os per bucket, from the clat histograms of both
 * directions, as fio's distribution counts completion latency.
 */
static void kg_lat_dist(const struct kg_worker *w, double pct[][KG_LAT_NR])
{
	uint64_t cnt[KG_LAT_LINES][KG_LAT_NR] = { { 0 } }, total = 0;
	uint64_t lo = UINT64_MAX, hi = 0;
	unsigned int l, k;
	uint32_t i;
	int d;

	for (d = 0; d < KG_NR_DIRS; d++) {
		if (!w->dir[d].ios)
			continue;
		if (w->dir[d].clat_min < lo)
			lo = w->dir[d].clat_min;
		if (w->dir[d].clat_max > hi)
			hi = w->dir[d].clat_max;
	}
	for (d = 0; d < KG_NR_DIRS; d++) {
		for (i = 0; i < KIOG_HIST_BUCKETS; i++) {
			uint64_t c = w->dir[d].clat_hist[i], v, x;

			if (!c)
				continue;
			/* a bucket counts where its representative value falls */
			v = kg_clamp(kiog_hist_bucket_val(i), lo, hi);
			l = v < 1000 ? 0 : v < 1000000 ? 1 : 2;
			x = v / kg_lat_lines[l].div;
			for (k = 0; k + 1 < kg_lat_lines[l].nr && x >= kg_lat_edges[k]; k++)
				;
			cnt[l][k] += c;
			total += c;
		}
	}
	for (l = 0; l < KG_LAT_LINES; l++) {
		for (k = 0; k < KG_LAT_NR; k++) {
			pct[l][k] = total ? 100.0 * (double)cnt[l][k] / (double)total : 0;
			/* fio never lets a non-empty bucket round to nothing */
			if (cnt[l][k] && pct[l][k] < 0.01)
				pct[l][k] = 0.01;
		}
	}
}

static const char *const kg_depth_labels[KIOGEN_DEPTH_BUCKETS] = {
	"1", "2", "4", "8", "16", "32", ">=64",
};

/* fio's "submit" and "complete" labels: I/Os per call, 0, 1-4, ..., >64 */
static const char *const kg_batch_labels[KIOGEN_DEPTH_BUCKETS] = {
	"0", "4", "8", "16", "32", "64", ">=64",
};

/* fio's stat_calc_dist(): percent per bucket, no non-empty one below 0.1 */
static void kg_bucket_dist(const uint64_t *b, double *pct)
{
	uint64_t total = 0;
	size_t i;

	for (i = 0; i < KIOGEN_DEPTH_BUCKETS; i++)
		total += b[i];
	for (i = 0; i < KIOGEN_DEPTH_BUCKETS; i++) {
		pct[i] = total ? 100.0 * (double)b[i] / (double)total : 0;
		if (b[i] && pct[i] < 0.1)
			pct[i] = 0.1;
	}
}

static void kg_cpu_pct(const struct kg_view *v, double *usr, double *sys)
{
	*usr = v->busy_ns ? 100.0 * (double)v->w.cpu_usr_ns / (double)v->busy_ns : 0;
	*sys = v->busy_ns ? 100.0 * (double)v->w.cpu_sys_ns / (double)v->busy_ns : 0;
}

static int kg_errno(int32_t err)
{
	return err < 0 ? -err : err;
}

/* ---- number formatting ------------------------------------------------ */

static int kg_digits(uint64_t v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/*
 * fio's num2str(): divide by 1000 (or 1024) until at most @maxlen digits
 * are left, then spend the remaining room on decimals of the last
 * remainder. "12.3k", "48.0MiB/s", "5783MiB/s". Like fio, only the last
 * remainder counts, and it rounds up into the integer part when it must.
 */
static const char *kg_num2str(char *buf, size_t size, uint64_t num,
			      int maxlen, bool pow2, const char *unit)
{
	static const char *const si[] = { "", "k", "M", "G", "T", "P", "E" };
	static const char *const iec[] = { "", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei" };
	const char *const *prefix = pow2 ? iec : si;
	const unsigned int base = pow2 ? 1024 : 1000;
	unsigned int post = 0, modulo = 0;
	char frac[16];
	int room;

	while (kg_digits(num) > maxlen && post + 1 < ARRAY_SIZE(si)) {
		modulo = (unsigned int)(num % base);
		num /= base;
		post++;
	}
	room = maxlen - kg_digits(num) - 1;	/* digits after the point */
	if (post && room < 1 && modulo >= base / 2)
		num++;
	if (!post || room < 1) {
		snprintf(buf, size, "%llu%s%s", (unsigned long long)num,
			 prefix[post], unit);
		return buf;
	}
	snprintf(frac, sizeof(frac), "%.*f", room, (double)modulo / base);
	if (frac[0] == '1')
		num++;
	snprintf(buf, size, "%llu.%s%s%s", (unsigned long long)num, frac + 2,
		 prefix[post], unit);
	return buf;
}

/*
 * Time units fio scales latencies to: the largest one in which the
 * minimum is above 2 units and the maximum at least 100 (and, for the
 * min/max/avg line, the deviation above 1), nsec otherwise.
 */
static const struct kg_time_unit {
	const char *name;
	uint64_t div;		/* ns per unit */
} kg_time_units[] = {
	{ "msec", 1000000 },
	{ "usec", 1000 },
	{ "nsec", 1 },
};

static const struct kg_time_unit *kg_time_unit(uint64_t min, uint64_t max,
					       double dev, bool check_dev)
{
	size_t i;

	for (i = 0; i + 1 < ARRAY_SIZE(kg_time_units); i++) {
		const struct kg_time_unit *u = &kg_time_units[i];

		if (min > 2 * u->div && max >= 100 * u->div &&
		    (!check_dev || dev > (double)u->div))
			return u;
	}
	return &kg_time_units[ARRAY_SIZE(kg_time_units) - 1];
}

/* ctime(3) of now, as fio's header and JSON "time" carry it */
static void kg_date(char *buf, size_t size, bool newline)
{
	time_t now = time(NULL);
	size_t len;

	if (size < 26 || !ctime_r(&now, buf)) {
		snprintf(buf, size, "%s", newline ? "\n" : "");
		return;
	}
	len = strlen(buf);
	if (!newline && len && buf[len - 1] == '\n')
		buf[len - 1] = '\0';
}

/* ---- text report ------------------------------------------------------ */

static void kg_text_lat(FILE *f, const char *name, const struct kg_lat_view *v)
{
	double mean = kg_lat_mean_ns(v), dev = kg_lat_stdev_ns(v);
	const struct kg_time_unit *u = kg_time_unit(v->min, v->max, dev, true);
	char min[32], max[32];

	kg_num2str(min, sizeof(min), v->min / u->div, KG_LAT_FIGS, false, "");
	kg_num2str(max, sizeof(max), v->max / u->div, KG_LAT_FIGS, false, "");
	fprintf(f, "    %s (%s): min=%s, max=%s, avg=%5.02f, stdev=%5.02f\n",
		name, u->name, min, max, mean / (double)u->div, dev / (double)u->div);
}

static void kg_text_percentiles(FILE *f, const char *name,
				const struct kg_lat_view *v, const struct kg_plist *pl)
{
	uint64_t val[KG_MAX_PERCENTILES], minv = UINT64_MAX, maxv = 0;
	const struct kg_time_unit *u;
	uint32_t i, per_line;
	int width;

	if (!kg_percentiles(v, pl, val))
		return;
	for (i = 0; i < pl->nr; i++) {
		if (val[i] < minv)
			minv = val[i];
		if (val[i] > maxv)
			maxv = val[i];
	}
	u = kg_time_unit(minv, maxv, 0, false);
	/* values are rounded up into the unit, as fio does */
	width = kg_digits((maxv + u->div - 1) / u->div);
	if (width < 5)
		width = 5;
	/* as many "pp.ppth=[vvvvv]," as fit in 80 columns after "     |" */
	per_line = (80 - 7) / (pl->precision + 10 + width);
	if (!per_line)
		per_line = 1;

	fprintf(f, "    %s percentiles (%s):\n     |", name, u->name);
	for (i = 0; i < pl->nr; i++) {
		bool last = i + 1 == pl->nr;

		if (i && i % per_line == 0)
			fputs("     |", f);
		fprintf(f, " %*.*fth=[%*llu]%c", pl->precision + 3, pl->precision,
			pl->ppm[i] / 10000.0, width,
			(unsigned long long)((val[i] + u->div - 1) / u->div),
			last ? '\n' : ',');
		if (!last && i % per_line == per_line - 1)
			fputc('\n', f);
	}
}

static void kg_text_rates(FILE *f, const struct kg_stat *bw,
			  const struct kg_stat *iops, double share)
{
	const char *unit = "KiB";
	double div = 1.0;

	if (!bw->n)
		return;
	/* fio switches to MiB/s once the mean passes 1 GiB/s */
	if (bw->mean > 1024.0 * 1024.0) {
		unit = "MiB";
		div = 1024.0;
	}
	fprintf(f, "   bw (%5s/s): min=%5llu, max=%5llu, per=%3.2f%%, avg=%5.02f, stdev=%5.02f, samples=%llu\n",
		unit, (unsigned long long)llround(bw->min / div),
		(unsigned long long)llround(bw->max / div), share,
		bw->mean / div, kg_stat_dev(bw) / div, (unsigned long long)bw->n);
	fprintf(f, "   iops        : min=%5llu, max=%5llu, avg=%5.02f, stdev=%5.02f, samples=%llu\n",
		(unsigned long long)llround(iops->min),
		(unsigned long long)llround(iops->max), iops->mean,
		kg_stat_dev(iops), (unsigned long long)iops->n);
}

/* fio prints clat percentiles unless clat_percentiles=0, lat's if asked */
static bool kg_want_clat_pct(const struct kg_view *v)
{
	return !v->job || v->job->clat_percentiles;
}

static bool kg_want_lat_pct(const struct kg_view *v)
{
	return v->job && v->job->lat_percentiles;
}

static void kg_text_dir(FILE *f, const struct kg_report *rp,
			const struct kg_view *v, int d)
{
	const struct kg_dir *dd = &v->w.dir[d];
	uint64_t ns = v->w.elapsed_ns;
	char iops[32], bw[32], bw_alt[32], io[32];
	struct kg_lat_view slat, clat, lat;
	struct kg_stat bws, iopss;

	kg_num2str(iops, sizeof(iops), (uint64_t)kg_rate(dd->ios, ns),
		   KG_SIG_FIGS, false, "");
	kg_num2str(bw, sizeof(bw), (uint64_t)kg_rate(dd->bytes, ns),
		   KG_SIG_FIGS, true, "B/s");
	kg_num2str(bw_alt, sizeof(bw_alt), (uint64_t)kg_rate(dd->bytes, ns),
		   KG_SIG_FIGS, false, "B/s");
	kg_num2str(io, sizeof(io), dd->bytes, KG_SIG_FIGS, true, "B");
	fprintf(f, "  %s: IOPS=%s, BW=%s (%s)(%s/%llumsec)\n", kg_dir_names[d],
		iops, bw, bw_alt, io, (unsigned long long)kg_ns_to_ms(ns));

	kg_dir_lat(dd, KG_LAT_SLAT, &slat);
	kg_dir_lat(dd, KG_LAT_CLAT, &clat);
	kg_dir_lat(dd, KG_LAT_LAT, &lat);
	if (slat.n)
		kg_text_lat(f, "slat", &slat);
	kg_text_lat(f, "clat", &clat);
	kg_text_lat(f, " lat", &lat);
	if (kg_want_clat_pct(v))
		kg_text_percentiles(f, "clat", &clat, &rp->pl);
	if (kg_want_lat_pct(v))
		kg_text_percentiles(f, "lat", &lat, &rp->pl);

	kg_interval_stats(&v->w, d, &bws, &iopss);
	kg_text_rates(f, &bws, &iopss, kg_bw_share(rp, d, bws.mean));
}

static void kg_text_lat_dist(FILE *f, const struct kg_worker *w)
{
	double pct[KG_LAT_LINES][KG_LAT_NR];
	unsigned int l, k, shown;

	kg_lat_dist(w, pct);
	for (l = 0; l < KG_LAT_LINES; l++) {
		for (k = 0, shown = 0; k < kg_lat_lines[l].nr; k++) {
			if (pct[l][k] <= 0)
				continue;
			/* five buckets per line, as fio */
			if (shown % 5 == 0)
				fprintf(f, "%s  lat (%s)   : ", shown ? "\n" : "",
					kg_lat_lines[l].unit);
			else
				fputs(", ", f);
			fprintf(f, "%s=%3.2f%%", kg_lat_labels[k], pct[l][k]);
			shown++;
		}
		if (shown)
			fputc('\n', f);
	}
}

static void kg_text_buckets(FILE *f, const char *title,
			    const char *const *labels, const uint64_t *b)
{
	double pct[KIOGEN_DEPTH_BUCKETS];
	int i;

	kg_bucket_dist(b, pct);
	fputs(title, f);
	for (i = 0; i < KIOGEN_DEPTH_BUCKETS; i++)
		fprintf(f, "%s=%3.1f%%%s", labels[i], pct[i],
			i + 1 < KIOGEN_DEPTH_BUCKETS ? ", " : "\n");
}

static void kg_text_view(FILE *f, const struct kg_report *rp,
			 const struct kg_view *v, const char *date)
{
	const struct kg_worker *w = &v->w;
	const struct kg_dir *rd = &w->dir[KIOGEN_DIR_READ];
	const struct kg_dir *wr = &w->dir[KIOGEN_DIR_WRITE];
	double usr, sys;
	int err = kg_errno(w->error), d;

	/* fio leaves out a thread that did no I/O at all, unless it failed */
	if (!rd->ios && !wr->ios && !rd->bytes && !wr->bytes && !w->error)
		return;

	if (err)
		fprintf(f, "%s: (groupid=0, jobs=%u): err=%2d (%s): pid=0: %s",
			v->name, v->members, err, strerror(err), date);
	else
		fprintf(f, "%s: (groupid=0, jobs=%u): err=%2d: pid=0: %s",
			v->name, v->members, err, date);

	for (d = 0; d < KG_NR_DIRS; d++)
		if (w->dir[d].ios)
			kg_text_dir(f, rp, v, d);
	if (w->dir[KIOGEN_DIR_SYNC].ios) {
		struct kg_lat_view sync;

		kg_dir_lat(&w->dir[KIOGEN_DIR_SYNC], KG_LAT_LAT, &sync);
		fprintf(f, "  fsync/fdatasync/sync_file_range:\n");
		kg_text_lat(f, "sync", &sync);
		kg_text_percentiles(f, "sync", &sync, &rp->pl);
	}

	kg_text_lat_dist(f, w);

	kg_cpu_pct(v, &usr, &sys);
	fprintf(f, "  cpu          : usr=%3.2f%%, sys=%3.2f%%, ctx=%llu, majf=0, minf=0\n",
		usr, sys, (unsigned long long)(w->ctx_vol + w->ctx_invol));

	kg_text_buckets(f, "  IO depths    : ", kg_depth_labels, w->depths);
	kg_text_buckets(f, "     submit    : ", kg_batch_labels, w->submit);
	kg_text_buckets(f, "     complete  : ", kg_batch_labels, w->complete);

	fprintf(f, "     issued rwts: total=%llu,%llu,0,0 short=%llu,%llu,0,0 dropped=0,0,0,0\n",
		(unsigned long long)rd->ios, (unsigned long long)wr->ios,
		(unsigned long long)rd->short_ios, (unsigned long long)wr->short_ios);
	/* fio shows this with continue_on_error; kiogen always counts errors */
	if (rd->errors || wr->errors)
		fprintf(f, "     errors    : total=%llu, first_error=%d/<%s>\n",
			(unsigned long long)(rd->errors + wr->errors), err,
			strerror(err));
	fprintf(f, "     latency   : target=0, window=0, percentile=100.00%%, depth=%u\n",
		v->job ? v->job->iodepth : 1);
}

static void kg_text_group(FILE *f, const struct kg_report *rp)
{
	static const char *const names[KG_NR_DIRS] = { "   READ", "  WRITE" };
	int d;

	fprintf(f, "\nRun status group 0 (all jobs):\n");
	for (d = 0; d < KG_NR_DIRS; d++) {
		const struct kg_group_dir *g = &rp->grp[d];
		uint64_t agg = (uint64_t)kg_group_agg(g);
		char s[8][32];

		if (!g->any)
			continue;
		kg_num2str(s[0], 32, agg, KG_SIG_FIGS, true, "B/s");
		kg_num2str(s[1], 32, agg, KG_SIG_FIGS, false, "B/s");
		kg_num2str(s[2], 32, (uint64_t)g->min_bw, KG_SIG_FIGS, true, "B/s");
		kg_num2str(s[3], 32, (uint64_t)g->max_bw, KG_SIG_FIGS, true, "B/s");
		kg_num2str(s[4], 32, (uint64_t)g->min_bw, KG_SIG_FIGS, false, "B/s");
		kg_num2str(s[5], 32, (uint64_t)g->max_bw, KG_SIG_FIGS, false, "B/s");
		kg_num2str(s[6], 32, g->bytes, KG_SIG_FIGS, true, "B");
		kg_num2str(s[7], 32, g->bytes, KG_SIG_FIGS, false, "B");
		fprintf(f, "%s: bw=%s (%s), %s-%s (%s-%s), io=%s (%s), run=%llu-%llumsec\n",
			names[d], s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7],
			(unsigned long long)kg_ns_to_ms(g->min_run_ns),
			(unsigned long long)kg_ns_to_ms(g->max_run_ns));
	}
}

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

static unsigned long long kg_disk_delta(const struct kg_disk *dk, int field)
{
	return dk->after[field] >= dk->before[field] ?
		       dk->after[field] - dk->before[field] : 0;
}

/* fio's util: share of the wall time the device had I/O in flight */
static double kg_disk_util(const struct kg_disk *dk)
{
	double util;

	if (!dk->wall_ms)
		return 0;
	util = 100.0 * (double)kg_disk_delta(dk, KG_DISK_IO_TICKS) / (double)dk->wall_ms;
	return util > 100.0 ? 100.0 : util;
}

static uint32_t kg_nr_disks(const struct kg_run_result *r)
{
	return r->nr_disks < KG_MAX_JOBS ? r->nr_disks : KG_MAX_JOBS;
}

static void kg_text_disks(FILE *f, const struct kg_run_result *r)
{
	bool header = false;
	uint32_t i;

	for (i = 0; i < kg_nr_disks(r); i++) {
		const struct kg_disk *dk = &r->disks[i];

		if (!dk->valid)
			continue;
		if (!header)
			fprintf(f, "\nDisk stats (read/write):\n");
		header = true;
		fprintf(f, "  %s: ios=%llu/%llu, merge=%llu/%llu, ticks=%llu/%llu, in_queue=%llu, util=%3.2f%%\n",
			dk->name, kg_disk_delta(dk, KG_DISK_READ_IOS),
			kg_disk_delta(dk, KG_DISK_WRITE_IOS),
			kg_disk_delta(dk, KG_DISK_READ_MERGES),
			kg_disk_delta(dk, KG_DISK_WRITE_MERGES),
			kg_disk_delta(dk, KG_DISK_READ_TICKS),
			kg_disk_delta(dk, KG_DISK_WRITE_TICKS),
			kg_disk_delta(dk, KG_DISK_TIME_IN_QUEUE), kg_disk_util(dk));
	}
}

int kg_report_text(FILE *f, const struct kg_run_result *r,
		   const struct kg_global *g)
{
	struct kg_report rp;
	char date[64];
	uint32_t i;
	int err;

	err = kg_report_build(&rp, r, g);
	if (err)
		return err;
	kg_date(date, sizeof(date), true);
	for (i = 0; i < rp.nr_views; i++)
		kg_text_view(f, &rp, &rp.views[i], date);
	kg_text_group(f, &rp);
	kg_text_disks(f, r);
	kg_report_free(&rp);
	return ferror(f) ? -EIO : 0;
}

/* ---- JSON ------------------------------------------------------------- */

/*
 * A streaming JSON writer laid out like fio's (two-space indent,
 * "key" : value). Containers opened inside a compact one stay on its line.
 */
struct kg_json {
	FILE *f;
	unsigned int depth;
	unsigned int compact;	/* > 0: inside a one-line container */
	bool comma;		/* the open container already has a member */
};

static void kg_json_quote(FILE *f, const char *s)
{
	const unsigned char *p;

	fputc('"', f);
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

/* Starts a member: separator, line break, indent and "key" : */
static void kg_json_key(struct kg_json *j, const char *key)
{
	if (j->comma)
		fputs(j->compact ? ", " : ",", j->f);
	if (!j->compact)
		fprintf(j->f, "\n%*s", j->depth * 2, "");
	if (key) {
		kg_json_quote(j->f, key);
		fputs(" : ", j->f);
	}
	j->comma = true;
}

static void kg_json_open(struct kg_json *j, const char *key, char brace,
			 bool compact)
{
	if (j->depth)
		kg_json_key(j, key);
	if (compact || j->compact)
		j->compact++;
	fputc(brace, j->f);
	j->depth++;
	j->comma = false;
}

static void kg_json_close(struct kg_json *j, char brace)
{
	j->depth--;
	if (j->compact)
		j->compact--;
	else if (j->comma)
		fprintf(j->f, "\n%*s", j->depth * 2, "");
	fputc(brace, j->f);
	j->comma = true;
}

static void kg_json_obj(struct kg_json *j, const char *key)
{
	kg_json_open(j, key, '{', false);
}

static void kg_json_end(struct kg_json *j)
{
	kg_json_close(j, '}');
}

static void kg_json_u64(struct kg_json *j, const char *key, uint64_t v)
{
	kg_json_key(j, key);
	fprintf(j->f, "%llu", (unsigned long long)v);
}

/* "%f" as fio; JSON has no NaN or infinity */
static void kg_json_double(struct kg_json *j, const char *key, double v)
{
	kg_json_key(j, key);
	fprintf(j->f, "%f", isfinite(v) ? v : 0.0);
}

static void kg_json_string(struct kg_json *j, const char *key, const char *s)
{
	kg_json_key(j, key);
	kg_json_quote(j->f, s);
}

#define __printf(a, b)	__attribute__((format(printf, a, b)))

static void __printf(3, 4)
kg_json_stringf(struct kg_json *j, const char *key, const char *fmt, ...)
{
	char buf[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	kg_json_string(j, key, buf);
}

/*
 * fio's latency object: min, max, mean, stddev, N; "percentile" only where
 * fio gives them (@pl), and with json+ the non-empty buckets as "bins",
 * keyed by the value each stands for, as fio keys them.
 */
static void kg_json_lat(struct kg_json *j, const char *key,
			const struct kg_lat_view *v, const struct kg_plist *pl,
			bool bins)
{
	uint64_t val[KG_MAX_PERCENTILES];
	char name[32];
	uint32_t i;

	kg_json_obj(j, key);
	kg_json_u64(j, "min", v->n ? v->min : 0);
	kg_json_u64(j, "max", v->n ? v->max : 0);
	kg_json_double(j, "mean", kg_lat_mean_ns(v));
	kg_json_double(j, "stddev", kg_lat_stdev_ns(v));
	kg_json_u64(j, "N", v->n);
	if (pl && v->n && kg_percentiles(v, pl, val)) {
		kg_json_obj(j, "percentile");
		for (i = 0; i < pl->nr; i++) {
			snprintf(name, sizeof(name), "%f", pl->ppm[i] / 10000.0);
			kg_json_u64(j, name, val[i]);
		}
		kg_json_end(j);
		if (bins) {
			kg_json_obj(j, "bins");
			for (i = 0; i < KIOG_HIST_BUCKETS; i++) {
				if (!v->hist[i])
					continue;
				snprintf(name, sizeof(name), "%llu",
					 (unsigned long long)kiog_hist_bucket_val(i));
				kg_json_u64(j, name, v->hist[i]);
			}
			kg_json_end(j);
		}
	}
	kg_json_end(j);
}

static const struct kg_dir kg_dir_none;

/* fio's "read"/"write"/"trim" object; @d < 0 for a direction kiogen lacks */
static void kg_json_dir(struct kg_json *j, const char *key,
			const struct kg_report *rp, const struct kg_view *v, int d)
{
	const struct kg_dir *dd = d >= 0 ? &v->w.dir[d] : &kg_dir_none;
	uint64_t ns = dd->ios ? v->w.elapsed_ns : 0;
	uint64_t bw_bytes = (uint64_t)kg_rate(dd->bytes, ns);
	struct kg_stat bw = { 0 }, iops = { 0 };
	struct kg_lat_view lv;

	if (d >= 0)
		kg_interval_stats(&v->w, d, &bw, &iops);

	kg_json_obj(j, key);
	kg_json_u64(j, "io_bytes", dd->bytes);
	kg_json_u64(j, "io_kbytes", dd->bytes >> 10);
	kg_json_u64(j, "bw_bytes", bw_bytes);
	kg_json_u64(j, "bw", bw_bytes / 1024);
	kg_json_double(j, "iops", kg_rate(dd->ios, ns));
	kg_json_u64(j, "runtime", kg_ns_to_ms(ns));
	kg_json_u64(j, "total_ios", dd->ios);
	kg_json_u64(j, "short_ios", dd->short_ios);
	kg_json_u64(j, "drop_ios", 0);
	kg_dir_lat(dd, KG_LAT_SLAT, &lv);
	kg_json_lat(j, "slat_ns", &lv, NULL, false);
	kg_dir_lat(dd, KG_LAT_CLAT, &lv);
	kg_json_lat(j, "clat_ns", &lv, kg_want_clat_pct(v) ? &rp->pl : NULL, rp->bins);
	kg_dir_lat(dd, KG_LAT_LAT, &lv);
	kg_json_lat(j, "lat_ns", &lv, kg_want_lat_pct(v) ? &rp->pl : NULL, rp->bins);
	kg_json_u64(j, "bw_min", bw.n ? (uint64_t)llround(bw.min) : 0);
	kg_json_u64(j, "bw_max", bw.n ? (uint64_t)llround(bw.max) : 0);
	kg_json_double(j, "bw_agg", bw.n ? kg_bw_share(rp, d, bw.mean) : 0);
	kg_json_double(j, "bw_mean", bw.mean);
	kg_json_double(j, "bw_dev", kg_stat_dev(&bw));
	kg_json_u64(j, "bw_samples", bw.n);
	kg_json_u64(j, "iops_min", iops.n ? (uint64_t)llround(iops.min) : 0);
	kg_json_u64(j, "iops_max", iops.n ? (uint64_t)llround(iops.max) : 0);
	kg_json_double(j, "iops_mean", iops.mean);
	kg_json_double(j, "iops_stddev", kg_stat_dev(&iops));
	kg_json_u64(j, "iops_samples", iops.n);
	kg_json_end(j);
}

static void kg_json_sync(struct kg_json *j, const struct kg_dir *d,
			 const struct kg_report *rp)
{
	struct kg_lat_view lv;

	kg_dir_lat(d, KG_LAT_LAT, &lv);
	kg_json_obj(j, "sync");
	kg_json_u64(j, "total_ios", d->ios);
	kg_json_lat(j, "lat_ns", &lv, &rp->pl, rp->bins);
	kg_json_end(j);
}

static const char *const kg_rw_names[] = {
	[KIOGEN_RW_READ] = "read",	   [KIOGEN_RW_WRITE] = "write",
	[KIOGEN_RW_RANDREAD] = "randread", [KIOGEN_RW_RANDWRITE] = "randwrite",
	[KIOGEN_RW_RW] = "rw",		   [KIOGEN_RW_RANDRW] = "randrw",
};

/* A time option as fio parses it back: "10s", "1500ms", "250us". */
static void kg_json_time_opt(struct kg_json *j, const char *key, uint64_t ns)
{
	if (!ns)
		return;
	if (!(ns % NSEC_PER_SEC))
		kg_json_stringf(j, key, "%llus", (unsigned long long)(ns / NSEC_PER_SEC));
	else if (!(ns % NSEC_PER_MSEC))
		kg_json_stringf(j, key, "%llums", (unsigned long long)(ns / NSEC_PER_MSEC));
	else
		kg_json_stringf(j, key, "%lluus", (unsigned long long)(ns / 1000));
}

static void kg_json_flag_opt(struct kg_json *j, const char *key, bool set)
{
	if (set)
		kg_json_string(j, key, "1");
}

/* fio lists the options as given; kiogen rebuilds them from the job */
static void kg_json_job_options(struct kg_json *j, const struct kg_job *job)
{
	kg_json_obj(j, "job options");
	if (!job)
		goto out;
	kg_json_string(j, "name", job->name);
	if (job->filename[0])
		kg_json_string(j, "filename", job->filename);
	kg_json_string(j, "ioengine", job->ioengine[0] ? job->ioengine :
				       job->engine ? job->engine : "");
	if (job->rw < ARRAY_SIZE(kg_rw_names) && kg_rw_names[job->rw])
		kg_json_string(j, "rw", kg_rw_names[job->rw]);
	if (job->rw == KIOGEN_RW_RW || job->rw == KIOGEN_RW_RANDRW)
		kg_json_stringf(j, "rwmixread", "%u", job->rwmixread);
	kg_json_stringf(j, "bs", "%u", job->bs);
	kg_json_stringf(j, "iodepth", "%u", job->iodepth);
	kg_json_stringf(j, "numjobs", "%u", job->numjobs);
	kg_json_stringf(j, "direct", "%d", job->direct);
	if (job->offset)
		kg_json_stringf(j, "offset", "%llu", (unsigned long long)job->offset);
	if (job->size)
		kg_json_stringf(j, "size", "%llu", (unsigned long long)job->size);
	if (job->io_size)
		kg_json_stringf(j, "io_size", "%llu", (unsigned long long)job->io_size);
	if (job->number_ios)
		kg_json_stringf(j, "number_ios", "%llu",
				(unsigned long long)job->number_ios);
	kg_json_time_opt(j, "runtime", job->runtime_ns);
	kg_json_time_opt(j, "ramp_time", job->ramp_ns);
	kg_json_flag_opt(j, "time_based", job->time_based);
	kg_json_flag_opt(j, "norandommap", job->norandommap);
	kg_json_flag_opt(j, "group_reporting", job->group_reporting);
	if (job->seed)
		kg_json_stringf(j, "randseed", "%llu", (unsigned long long)job->seed);
out:
	kg_json_end(j);
}

/* Non-empty buckets as [index, count] pairs, one pair per line. */
static void kg_json_hist(struct kg_json *j, const char *key, const uint64_t *hist)
{
	uint32_t i;

	kg_json_open(j, key, '[', false);
	for (i = 0; i < KIOG_HIST_BUCKETS; i++) {
		if (!hist[i])
			continue;
		kg_json_open(j, NULL, '[', true);
		kg_json_u64(j, NULL, i);
		kg_json_u64(j, NULL, hist[i]);
		kg_json_close(j, ']');
	}
	kg_json_close(j, ']');
}

/*
 * What fio has no place for: the raw histograms, so that runs can be merged
 * or compared exactly later, and the digest of the issued I/O stream.
 */
static void kg_json_kiogen(struct kg_json *j, const struct kg_view *v)
{
	int d;

	kg_json_obj(j, "kiogen");
	kg_json_obj(j, "hist");
	kg_json_u64(j, "bits", KIOG_HIST_BITS);
	kg_json_u64(j, "groups", KIOG_HIST_GROUPS);
	kg_json_string(j, "unit", "ns");
	for (d = 0; d < KG_NR_DIRS; d++)
		kg_json_hist(j, kg_dir_names[d], v->w.dir[d].hist);
	kg_json_obj(j, "clat");
	for (d = 0; d < KG_NR_DIRS; d++)
		kg_json_hist(j, kg_dir_names[d], v->w.dir[d].clat_hist);
	kg_json_end(j);
	kg_json_end(j);
	/* a string: 64-bit integers do not survive every JSON reader */
	kg_json_stringf(j, "digest", "0x%016llx", (unsigned long long)v->w.digest);
	kg_json_u64(j, "issued", v->w.issued);
	kg_json_u64(j, "errors", v->w.dir[0].errors + v->w.dir[1].errors);
	kg_json_u64(j, "mem_bytes", v->w.mem);
	kg_json_u64(j, "workers", v->members);
	kg_json_end(j);
}

static void kg_json_buckets(struct kg_json *j, const char *key,
			    const char *const *labels, const uint64_t *b)
{
	double pct[KIOGEN_DEPTH_BUCKETS];
	int i;

	kg_bucket_dist(b, pct);
	kg_json_obj(j, key);
	for (i = 0; i < KIOGEN_DEPTH_BUCKETS; i++)
		kg_json_double(j, labels[i], pct[i]);
	kg_json_end(j);
}

static void kg_json_view(struct kg_json *j, const struct kg_report *rp,
			 const struct kg_view *v)
{
	double usr, sys;
	double lat[KG_LAT_LINES][KG_LAT_NR];
	unsigned int l, k;

	kg_json_obj(j, NULL);
	kg_json_string(j, "jobname", v->name);
	kg_json_u64(j, "groupid", 0);
	kg_json_u64(j, "error", kg_errno(v->w.error));
	kg_json_u64(j, "eta", 0);
	kg_json_u64(j, "elapsed",
		    (rp->r->elapsed_ns + NSEC_PER_SEC - 1) / NSEC_PER_SEC);
	kg_json_job_options(j, v->job);
	kg_json_dir(j, "read", rp, v, KIOGEN_DIR_READ);
	kg_json_dir(j, "write", rp, v, KIOGEN_DIR_WRITE);
	kg_json_dir(j, "trim", rp, v, -1);
	kg_json_sync(j, &v->w.dir[KIOGEN_DIR_SYNC], rp);

	kg_cpu_pct(v, &usr, &sys);
	kg_json_u64(j, "job_runtime", kg_ns_to_ms(v->busy_ns));
	kg_json_double(j, "usr_cpu", usr);
	kg_json_double(j, "sys_cpu", sys);
	kg_json_u64(j, "ctx", v->w.ctx_vol + v->w.ctx_invol);
	kg_json_u64(j, "majf", 0);
	kg_json_u64(j, "minf", 0);

	kg_json_buckets(j, "iodepth_level", kg_depth_labels, v->w.depths);
	kg_json_buckets(j, "iodepth_submit", kg_batch_labels, v->w.submit);
	kg_json_buckets(j, "iodepth_complete", kg_batch_labels, v->w.complete);

	kg_lat_dist(&v->w, lat);
	for (l = 0; l < KG_LAT_LINES; l++) {
		kg_json_obj(j, kg_lat_lines[l].json);
		for (k = 0; k < kg_lat_lines[l].nr; k++)
			kg_json_double(j, kg_lat_labels[k], lat[l][k]);
		kg_json_end(j);
	}

	kg_json_u64(j, "latency_depth", v->job ? v->job->iodepth : 1);
	kg_json_u64(j, "latency_target", 0);
	kg_json_double(j, "latency_percentile", 100.0);
	kg_json_u64(j, "latency_window", 0);
	kg_json_kiogen(j, v);
	kg_json_end(j);
}

static void kg_json_global_options(struct kg_json *j, const struct kg_plist *pl,
				   const struct kg_global *g)
{
	char buf[KG_MAX_PERCENTILES * 12] = "";
	size_t len = 0;
	uint32_t i;

	kg_json_obj(j, "global options");
	if (g && g->percentiles_set) {
		for (i = 0; i < pl->nr && len < sizeof(buf); i++)
			len += snprintf(buf + len, sizeof(buf) - len, "%s%g",
					i ? ":" : "", pl->ppm[i] / 10000.0);
		kg_json_string(j, "percentile_list", buf);
	}
	kg_json_end(j);
}

static void kg_json_disks(struct kg_json *j, const struct kg_run_result *r)
{
	uint32_t i;

	kg_json_open(j, "disk_util", '[', false);
	for (i = 0; i < kg_nr_disks(r); i++) {
		const struct kg_disk *dk = &r->disks[i];

		if (!dk->valid)
			continue;
		kg_json_obj(j, NULL);
		kg_json_string(j, "name", dk->name);
		kg_json_u64(j, "read_ios", kg_disk_delta(dk, KG_DISK_READ_IOS));
		kg_json_u64(j, "write_ios", kg_disk_delta(dk, KG_DISK_WRITE_IOS));
		kg_json_u64(j, "read_merges", kg_disk_delta(dk, KG_DISK_READ_MERGES));
		kg_json_u64(j, "write_merges", kg_disk_delta(dk, KG_DISK_WRITE_MERGES));
		kg_json_u64(j, "read_ticks", kg_disk_delta(dk, KG_DISK_READ_TICKS));
		kg_json_u64(j, "write_ticks", kg_disk_delta(dk, KG_DISK_WRITE_TICKS));
		kg_json_u64(j, "in_queue", kg_disk_delta(dk, KG_DISK_TIME_IN_QUEUE));
		kg_json_double(j, "util", kg_disk_util(dk));
		kg_json_end(j);
	}
	kg_json_close(j, ']');
}

int kg_report_json(FILE *f, const struct kg_run_result *r,
		   const struct kg_global *g)
{
	struct kg_json j = { .f = f };
	struct kg_report rp;
	struct timespec now;
	char date[64];
	uint32_t i;
	int err;

	err = kg_report_build(&rp, r, g);
	if (err)
		return err;
	clock_gettime(CLOCK_REALTIME, &now);
	kg_date(date, sizeof(date), false);

	kg_json_obj(&j, NULL);
	kg_json_string(&j, "fio version", "kiogen-" KIOGEN_VERSION);
	kg_json_u64(&j, "timestamp", (uint64_t)now.tv_sec);
	kg_json_u64(&j, "timestamp_ms",
		    (uint64_t)now.tv_sec * 1000 + (uint64_t)now.tv_nsec / 1000000);
	kg_json_string(&j, "time", date);
	kg_json_global_options(&j, &rp.pl, g);
	kg_json_open(&j, "jobs", '[', false);
	for (i = 0; i < rp.nr_views; i++)
		kg_json_view(&j, &rp, &rp.views[i]);
	kg_json_close(&j, ']');
	kg_json_disks(&j, r);
	kg_json_end(&j);
	fputc('\n', f);

	kg_report_free(&rp);
	return ferror(f) ? -EIO : 0;
}
