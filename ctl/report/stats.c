// SPDX-License-Identifier: GPL-2.0
/*
 * The results model of the reports (stats.h): merging workers and
 * directions, latency views, mean and standard deviation, percentiles from
 * the shared histogram (include/kiogen/hist.h), fio's thread-stat views and
 * group totals, interval rates, distributions, CPU and disk figures.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "options/verify.h"
#include "split.h"
#include "stats.h"

const char *const kg_dir_names[KG_NR_DIRS] = { "read", "write", "trim" };

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
	if (from->sched_ios)
		kg_lat_merge(&into->sched_min, &into->sched_max, &into->sched_sum,
			     &into->sched_sumsq, !into->sched_ios, from->sched_min,
			     from->sched_max, from->sched_sum, from->sched_sumsq);
	into->sched_ios += from->sched_ios;
	into->ios += from->ios;
	into->bytes += from->bytes;
	into->errors += from->errors;
	into->short_ios += from->short_ios;
	into->inline_ios += from->inline_ios;
	for (i = 0; i < KIOG_HIST_BUCKETS; i++) {
		into->hist[i] += from->hist[i];
		into->clat_hist[i] += from->clat_hist[i];
		into->sched_hist[i] += from->sched_hist[i];
	}
}

/*
 * Samples of @w per interval of @ns, a multiple of its own (a worker whose
 * samples filled their room coarsened them, core.h): how many, and the
 * cumulative sample @i, its last one past its end (it had stopped).
 */
static uint32_t kg_sample_step(const struct kg_worker *w, uint64_t ns)
{
	return w->sample_ns && ns > w->sample_ns ? (uint32_t)(ns / w->sample_ns) : 1;
}

static uint32_t kg_samples_nr(const struct kg_worker *w, uint64_t ns)
{
	uint32_t f = kg_sample_step(w, ns);

	return w->samples ? (w->nr_samples + f - 1) / f : 0;
}

static struct kiogen_sample kg_sample_at(const struct kg_worker *w, uint64_t ns,
					 uint32_t i)
{
	static const struct kiogen_sample none;
	uint64_t k = ((uint64_t)i + 1) * kg_sample_step(w, ns) - 1;

	if (!w->nr_samples || !w->samples)
		return none;
	return w->samples[k < w->nr_samples ? k : w->nr_samples - 1];
}

static int kg_samples_merge(struct kg_worker *into, const struct kg_worker *from)
{
	uint64_t ns = into->sample_ns > from->sample_ns ? into->sample_ns : from->sample_ns;
	uint32_t n, i, d;
	struct kiogen_sample *s;

	if (!from->nr_samples || !from->samples)
		return 0;
	n = kg_samples_nr(into, ns) > kg_samples_nr(from, ns) ? kg_samples_nr(into, ns) :
								 kg_samples_nr(from, ns);
	s = calloc(n, sizeof(*s));
	if (!s)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		struct kiogen_sample a = kg_sample_at(into, ns, i);
		struct kiogen_sample b = kg_sample_at(from, ns, i);

		for (d = 0; d < KG_NR_DIRS; d++) {
			s[i].ios[d] = a.ios[d] + b.ios[d];
			s[i].bytes[d] = a.bytes[d] + b.bytes[d];
		}
	}
	free(into->samples);
	into->samples = s;
	into->nr_samples = n;
	into->sample_ns = ns;
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
	into->stamps_behind += from->stamps_behind;
	into->mem += from->mem;
	into->digest += from->digest;
	into->issued += from->issued;
	into->log_lost += from->log_lost + (from->log ? from->log->io_lost : 0);
	if (!into->error)
		into->error = from->error;
	for (i = 0; i < KIOGEN_DEPTH_BUCKETS; i++) {
		into->depths[i] += from->depths[i];
		into->submit[i] += from->submit[i];
		into->complete[i] += from->complete[i];
	}
	for (i = 0; i <= KIOGEN_DIR_MAX; i++)
		kg_dir_merge(&into->dir[i], &from->dir[i]);
	if (from->split.ios)
		kiog_split_merge(&into->split, &from->split);
	kg_blk_merge(into, from);
	kg_verify_merge(into, from);
	return 0;
}

void kg_worker_release(struct kg_worker *w)
{
	free(w->samples);
	w->samples = NULL;
	w->nr_samples = 0;
}

/*
 * Completions with latencies: all of them, unless the histogram is empty.
 * It is when a job ended within its ramp: fio counts those I/Os but not
 * their latencies (kiog_core_finish()).
 */
static uint64_t kg_dir_timed(const struct kg_dir *d)
{
	size_t i;

	for (i = 0; d->ios && i < KIOG_HIST_BUCKETS; i++)
		if (d->hist[i])
			return d->ios;
	return 0;
}

void kg_dir_lat(const struct kg_dir *d, enum kg_lat_kind kind,
		struct kg_lat_view *v)
{
	memset(v, 0, sizeof(*v));
	if (kind != KG_LAT_SCHED && !kg_dir_timed(d))
		return;
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
	case KG_LAT_SCHED:
		*v = (struct kg_lat_view){ d->sched_ios, d->sched_min, d->sched_max,
					   d->sched_sum, d->sched_sumsq, d->sched_hist };
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
bool kg_percentiles(const struct kg_lat_view *v, const struct kg_plist *pl,
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




double kg_rate(uint64_t n, uint64_t ns)
{
	return ns ? (double)n * (double)NSEC_PER_SEC / (double)ns : 0.0;
}

/* fio counts runtime in whole milliseconds; a non-zero time is at least 1 */
uint64_t kg_ns_to_ms(uint64_t ns)
{
	uint64_t ms = (ns + NSEC_PER_MSEC / 2) / NSEC_PER_MSEC;

	return ms || !ns ? ms : 1;
}

static bool kg_job_grouped(const struct kg_job_result *jr)
{
	return jr->job && jr->job->group_reporting;
}

void kg_report_free(struct kg_report *rp)
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
double kg_group_agg(const struct kg_group_dir *g)
{
	return kg_rate(g->bytes, g->max_run_ns);
}

/* A view's share of its group's bandwidth, fio's "per=" and "bw_agg". */
double kg_bw_share(const struct kg_report *rp, const struct kg_view *v, int d,
		   double mean_kib)
{
	double agg_kib, p;

	if (d >= KG_NR_DIRS)
		return 100.0;
	agg_kib = kg_group_agg(&rp->grp[v->groupid][d]) / 1024.0;
	if (agg_kib <= 1.0)
		return 100.0;
	p = mean_kib * 100.0 / agg_kib;
	return p > 100.0 ? 100.0 : p;
}

int kg_report_build(struct kg_report *rp, const struct kg_run_result *r,
		    const struct kg_global *g)
{
	uint32_t nr_jobs = r->nr_jobs < KG_MAX_JOBS ? r->nr_jobs : KG_MAX_JOBS;
	uint32_t j, i, n = 0;
	int d, err;

	memset(rp, 0, sizeof(*rp));
	rp->r = r;
	rp->bins = kg_output_formats(g) & KG_OUT_JSON_PLUS;
	rp->kernel_path = !g || g->path == KG_PATH_KERNEL;
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
				v->groupid = jr->job && jr->job->groupid < KG_MAX_JOBS ?
						     jr->job->groupid : 0;
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

	for (i = 0; i < rp->nr_views; i++) {
		const struct kg_view *v = &rp->views[i];

		if (v->groupid >= rp->nr_groups)
			rp->nr_groups = v->groupid + 1;
		for (d = 0; d < KG_NR_DIRS; d++)
			kg_group_add(&rp->grp[v->groupid][d], v, d);
	}
	return 0;
}

/* ---- derived statistics ----------------------------------------------- */


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
double kg_stat_dev(const struct kg_stat *s)
{
	return s->n > 1 ? sqrt(s->m2 / (double)(s->n - 1)) : 0.0;
}

/*
 * fio's bw and iops lines: statistics over the rate of each sampling
 * interval, KiB/s and I/Os per second. The samples are cumulative, so an
 * interval's work is the difference to the previous sample; merged views
 * carry the members' sums, hence the rates of the whole group.
 */
/* One direction's rate over each window of @ns: bytes (in KiB) or I/Os */
static void kg_window_stats(const struct kg_worker *w, int d, uint64_t ns, bool bytes,
			    struct kg_stat *st)
{
	uint32_t f = kg_sample_step(w, ns), i, n = f > 1 ? w->nr_samples / f : w->nr_samples;
	uint64_t prev = 0, now, win = (uint64_t)f * w->sample_ns;

	for (i = 0; i < n; i++) {
		struct kiogen_sample s = kg_sample_at(w, ns, i);

		now = bytes ? s.bytes[d] : s.ios[d];
		kg_stat_add(st, kg_rate(now > prev ? now - prev : 0, win) / (bytes ? 1024.0 : 1));
		prev = now;
	}
}

void kg_interval_stats(const struct kg_worker *w, const struct kg_job *j, int d,
		       struct kg_stat *bw, struct kg_stat *iops)
{
	memset(bw, 0, sizeof(*bw));
	memset(iops, 0, sizeof(*iops));
	if (d >= KG_NR_DIRS || !w->sample_ns || !w->samples || !w->dir[d].ios)
		return;
	kg_window_stats(w, d, j && j->bwavgtime_ms ? j->bwavgtime_ms * 1000000ULL : 0, true, bw);
	kg_window_stats(w, d, j && j->iopsavgtime_ms ? j->iopsavgtime_ms * 1000000ULL : 0, false,
			iops);
}

/*
 * fio's latency distribution: buckets named by their exclusive upper bound
 * in the unit of their line, "lat (usec) : 250=" holding [100, 250) us. A
 * latency below 1 us goes to the nsec line, below 1 ms to the usec line,
 * the rest to the msec line, which ends with an open ">=2000" bucket.
 */
const char *const kg_lat_labels[KG_LAT_NR] = {
	"2", "4", "10", "20", "50", "100", "250", "500", "750", "1000", "2000",
	">=2000",
};

static const uint32_t kg_lat_edges[KG_LAT_NR - 1] = {
	2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000,
};

const struct kg_lat_line kg_lat_lines[KG_LAT_LINES] = {
	{ "nsec", "latency_ns", 1, 10 },
	{ "usec", "latency_us", 1000, 10 },
	{ "msec", "latency_ms", 1000000, 12 },
};


/*
 * Percent of all I/Os per bucket, from the clat histograms of both
 * directions, as fio's distribution counts completion latency.
 */
void kg_lat_dist(const struct kg_worker *w, double pct[][KG_LAT_NR])
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

const char *const kg_depth_labels[KIOGEN_DEPTH_BUCKETS] = {
	"1", "2", "4", "8", "16", "32", ">=64",
};

/* fio's "submit" and "complete" labels: I/Os per call, 0, 1-4, ..., >64 */
const char *const kg_batch_labels[KIOGEN_DEPTH_BUCKETS] = {
	"0", "4", "8", "16", "32", "64", ">=64",
};

/* fio's stat_calc_dist(): percent per bucket, no non-empty one below 0.1 */
void kg_bucket_dist(const uint64_t *b, double *pct)
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

void kg_cpu_pct(const struct kg_view *v, double *usr, double *sys)
{
	*usr = v->busy_ns ? 100.0 * (double)v->w.cpu_usr_ns / (double)v->busy_ns : 0;
	*sys = v->busy_ns ? 100.0 * (double)v->w.cpu_sys_ns / (double)v->busy_ns : 0;
}

int kg_errno(int32_t err)
{
	return err < 0 ? -err : err;
}

/* ---- number formatting ------------------------------------------------ */

/* ctime(3) of now, as fio's header and JSON "time" carry it */
void kg_date(char *buf, size_t size, bool newline)
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

bool kg_want_clat_pct(const struct kg_view *v)
{
	return !v->job || v->job->clat_percentiles;
}

bool kg_want_lat_pct(const struct kg_view *v)
{
	return v->job && v->job->lat_percentiles;
}


unsigned long long kg_disk_delta(const struct kg_disk *dk, int field)
{
	return dk->after[field] >= dk->before[field] ?
		       dk->after[field] - dk->before[field] : 0;
}

void kg_disk_figures(const struct kg_disk *dk, unsigned long long *fig)
{
	static const int fields[KG_DISK_FIGURES] = {
		KG_DISK_READ_IOS, KG_DISK_WRITE_IOS, KG_DISK_READ_MERGES,
		KG_DISK_WRITE_MERGES, KG_DISK_READ_TICKS, KG_DISK_WRITE_TICKS,
		KG_DISK_TIME_IN_QUEUE,
	};
	int i;

	for (i = 0; i < KG_DISK_FIGURES; i++)
		fig[i] = kg_disk_delta(dk, fields[i]);
}

/* fio's util: share of the wall time the device had I/O in flight */
double kg_disk_util(const struct kg_disk *dk)
{
	double util;

	if (!dk->wall_ms)
		return 0;
	util = 100.0 * (double)kg_disk_delta(dk, KG_DISK_IO_TICKS) / (double)dk->wall_ms;
	return util > 100.0 ? 100.0 : util;
}

uint32_t kg_nr_disks(const struct kg_run_result *r)
{
	return r->nr_disks < KG_MAX_JOBS ? r->nr_disks : KG_MAX_JOBS;
}

