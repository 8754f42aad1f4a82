// SPDX-License-Identifier: GPL-2.0
/*
 * fio's --output-format=terse (--minimal) of a finished run, from the
 * results model (stats.h): one line of ';'-separated fields per view, as
 * fio 3.33's show_thread_status_terse_all() prints them for terse versions
 * 3, 4 and 5, so that scripts cutting fio's fields cut kiogen's alike.
 *
 * Fields kiogen has no figure for print what fio prints when it has none:
 *  - major and minor page faults: 0;
 *  - the trim direction (versions 4 and 5) of a job that does not trim:
 *    the fields of a direction without I/O (zeros, percentiles "p%=0");
 *  - slat of synchronous jobs: zeros, as fio's own synchronous engines;
 *  - disk utilization: left out when no disk was sampled (a target
 *    without /sys/block statistics), as fio leaves it out;
 *  - the job description: kiogen has no description option, so none.
 */
#include <errno.h>
#include <math.h>

#include <kiogen/version.h>

#include "stats.h"

/* fio's FIO_IO_U_LIST_MAX_LEN: the percentile fields are always this many */
#define KG_TERSE_PERCENTILES	20

static const struct kg_dir kg_terse_no_io;

/* min, max, mean and deviation in microseconds; zeros without samples */
static void kg_terse_lat(FILE *f, const struct kg_lat_view *v)
{
	if (!v->n) {
		fprintf(f, ";%llu;%llu;%f;%f", 0ULL, 0ULL, 0.0, 0.0);
		return;
	}
	fprintf(f, ";%llu;%llu;%f;%f", (unsigned long long)(v->min / 1000),
		(unsigned long long)(v->max / 1000), kg_lat_mean_ns(v) / 1000.0,
		kg_lat_stdev_ns(v) / 1000.0);
}

/*
 * The lat percentiles if asked for, else clat's unless turned off, as
 * "p%=usec"; the unused fields are "0%=0". A direction without I/O still
 * lists the percentiles, with zeros, as fio does.
 */
static void kg_terse_percentiles(FILE *f, const struct kg_report *rp,
				 const struct kg_view *v, const struct kg_dir *dd)
{
	uint64_t val[KG_MAX_PERCENTILES] = { 0 };
	uint32_t i, nr = 0;
	struct kg_lat_view lv;

	if (kg_want_lat_pct(v) || kg_want_clat_pct(v)) {
		kg_dir_lat(dd, kg_want_lat_pct(v) ? KG_LAT_LAT : KG_LAT_CLAT, &lv);
		kg_percentiles(&lv, &rp->pl, val);	/* none: val stays zeros */
		nr = rp->pl.nr < KG_TERSE_PERCENTILES ? rp->pl.nr : KG_TERSE_PERCENTILES;
	}
	for (i = 0; i < KG_TERSE_PERCENTILES; i++) {
		if (i >= nr)
			fputs(";0%=0", f);
		else
			fprintf(f, ";%f%%=%llu", rp->pl.ppm[i] / 10000.0,
				(unsigned long long)(val[i] / 1000));
	}
}

/* fio's show_ddir_status_terse(); @d < 0 for a direction kiogen lacks */
static void kg_terse_dir(FILE *f, const struct kg_report *rp,
			 const struct kg_view *v, int d, int version)
{
	const struct kg_dir *dd = d >= 0 ? &v->w.dir[d] : &kg_terse_no_io;
	uint64_t runtime_ms = dd->ios ? kg_ns_to_ms(v->w.elapsed_ns) : 0;
	unsigned long long bw = 0, iops = 0;
	struct kg_stat bws = { 0 }, iopss = { 0 };
	struct kg_lat_view lv;

	/* fio's integer arithmetic over whole milliseconds */
	if (runtime_ms) {
		bw = 1000 * dd->bytes / runtime_ms / 1024;
		iops = 1000 * dd->ios / runtime_ms;
	}
	fprintf(f, ";%llu;%llu;%llu;%llu", (unsigned long long)(dd->bytes >> 10), bw,
		iops, (unsigned long long)runtime_ms);
	kg_dir_lat(dd, KG_LAT_SLAT, &lv);
	kg_terse_lat(f, &lv);
	kg_dir_lat(dd, KG_LAT_CLAT, &lv);
	kg_terse_lat(f, &lv);
	kg_terse_percentiles(f, rp, v, dd);
	kg_dir_lat(dd, KG_LAT_LAT, &lv);
	kg_terse_lat(f, &lv);

	if (d >= 0)
		kg_interval_stats(&v->w, v->job, d, &bws, &iopss);
	if (bws.n)
		fprintf(f, ";%llu;%llu;%f%%;%f;%f", (unsigned long long)llround(bws.min),
			(unsigned long long)llround(bws.max), kg_bw_share(rp, v, d, bws.mean),
			bws.mean, kg_stat_dev(&bws));
	else
		fprintf(f, ";%llu;%llu;%f%%;%f;%f", 0ULL, 0ULL, 0.0, 0.0, 0.0);
	if (version < 5)
		return;
	fprintf(f, ";%llu", (unsigned long long)bws.n);
	if (iopss.n)
		fprintf(f, ";%llu;%llu;%f;%f;%llu", (unsigned long long)llround(iopss.min),
			(unsigned long long)llround(iopss.max), iopss.mean,
			kg_stat_dev(&iopss), (unsigned long long)iopss.n);
	else
		fprintf(f, ";%llu;%llu;%f;%f;%llu", 0ULL, 0ULL, 0.0, 0.0, 0ULL);
}

/* fio's latency distribution in two lines: below 1 us counts as "<=2" us */
static void kg_terse_lat_dist(FILE *f, const struct kg_worker *w)
{
	double pct[KG_LAT_LINES][KG_LAT_NR];
	unsigned int k;

	kg_lat_dist(w, pct);
	for (k = 1; k < kg_lat_lines[0].nr; k++)
		pct[0][0] += pct[0][k];
	for (k = 0; k < kg_lat_lines[1].nr; k++)
		fprintf(f, ";%3.2f%%", pct[1][k] + (k ? 0 : pct[0][0]));
	for (k = 0; k < kg_lat_lines[2].nr; k++)
		fprintf(f, ";%3.2f%%", pct[2][k]);
}

static void kg_terse_disks(FILE *f, const struct kg_run_result *r)
{
	uint32_t i;

	for (i = 0; i < kg_nr_disks(r); i++) {
		const struct kg_disk *dk = &r->disks[i];
		unsigned long long fig[KG_DISK_FIGURES];
		int k;

		if (!dk->valid)
			continue;
		kg_disk_figures(dk, fig);
		fprintf(f, ";%s", dk->name);
		for (k = 0; k < KG_DISK_FIGURES; k++)
			fprintf(f, ";%llu", fig[k]);
		fprintf(f, ";%3.2f%%", kg_disk_util(dk));
	}
}

/* fio prints every thread here, even one that did no I/O */
static void kg_terse_view(FILE *f, const struct kg_report *rp,
			  const struct kg_view *v, int version)
{
	const struct kg_worker *w = &v->w;
	double pct[KIOGEN_DEPTH_BUCKETS], usr, sys;
	int i;

	fprintf(f, "%d;kiogen-%s;%s;%u;%d", version, KIOGEN_VERSION, v->name,
		v->groupid, kg_errno(w->error));
	kg_terse_dir(f, rp, v, KIOGEN_DIR_READ, version);
	kg_terse_dir(f, rp, v, KIOGEN_DIR_WRITE, version);
	if (version >= 4)
		kg_terse_dir(f, rp, v, KIOGEN_DIR_TRIM, version);

	kg_cpu_pct(v, &usr, &sys);
	fprintf(f, ";%f%%;%f%%;%llu;0;0", usr, sys,
		(unsigned long long)(w->ctx_vol + w->ctx_invol));
	kg_bucket_dist(w->depths, pct);
	for (i = 0; i < KIOGEN_DEPTH_BUCKETS; i++)
		fprintf(f, ";%3.1f%%", pct[i]);
	kg_terse_lat_dist(f, w);
	kg_terse_disks(f, rp->r);
	if (v->job && v->job->continue_on_error)
		fprintf(f, ";%llu;%d",
			(unsigned long long)(w->dir[KIOGEN_DIR_READ].errors +
					     w->dir[KIOGEN_DIR_WRITE].errors +
					     w->dir[KIOGEN_DIR_TRIM].errors),
			kg_errno(w->error));
	fputc('\n', f);
}

int kg_report_terse(FILE *f, const struct kg_run_result *r,
		    const struct kg_global *g)
{
	int version = g && g->terse_version ? (int)g->terse_version : KG_TERSE_DEFAULT;
	struct kg_report rp;
	uint32_t i;
	int err;

	err = kg_report_build(&rp, r, g);
	if (err)
		return err;
	for (i = 0; i < rp.nr_views; i++)
		kg_terse_view(f, &rp, &rp.views[i], version);
	kg_report_free(&rp);
	return ferror(f) ? -EIO : 0;
}
