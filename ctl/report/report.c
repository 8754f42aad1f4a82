// SPDX-License-Identifier: GPL-2.0
/*
 * fio's normal text report of a finished run, from the results model
 * (stats.h): one block per view in fio 3.33's layout, with fio's unit
 * scaling, number formatting and latency buckets, then "Run status group
 * 0" and "Disk stats", so that people used to fio read it unchanged. slat,
 * clat and lat mean what they mean in fio (slat only for asynchronous
 * jobs); what kiogen does not measure prints as fio prints absent data:
 * page faults as zeros. Also kg_report_print(), which prints each
 * format asked for in fio's order.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <kiogen/version.h>

#include "meta-path.h"
#include "options/options.h"
#include "options/verify.h"
#include "repeat.h"
#include "split.h"
#include "stats.h"
#include "system/sysinfo.h"

/* fio prints latency min and max with up to six digits */
#define KG_LAT_FIGS	6

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
const char *kg_num2str(char *buf, size_t size, uint64_t num, int maxlen, bool pow2,
		       const char *unit)
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

/*
 * fio's units follow the job's kb_base: binary first with 1024 (its
 * default), decimal first with 1000.
 */
static bool kg_kb_pow2(const struct kg_job *j)
{
	return !j || j->kb_base != 1000;
}

static void kg_text_rates(FILE *f, const struct kg_stat *bw,
			  const struct kg_stat *iops, double share, bool pow2)
{
	const char *unit = pow2 ? "KiB" : "kB";
	double div = 1.0, base = pow2 ? 1024.0 : 1000.0;

	if (!bw->n)
		return;
	/* fio switches once the mean passes kb_base^2 (its samples stay KiB/s) */
	if (bw->mean > base * base) {
		unit = "MiB";
		div = base;
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
static void kg_text_dir(FILE *f, const struct kg_report *rp,
			const struct kg_view *v, int d)
{
	const struct kg_dir *dd = &v->w.dir[d];
	uint64_t ns = v->w.elapsed_ns;
	char iops[32], bw[32], bw_alt[32], io[32];
	struct kg_lat_view slat, clat, lat, sched;
	struct kg_stat bws, iopss;
	bool pow2 = kg_kb_pow2(v->job);

	kg_num2str(iops, sizeof(iops), (uint64_t)kg_rate(dd->ios, ns),
		   KG_SIG_FIGS, false, "");
	kg_num2str(bw, sizeof(bw), (uint64_t)kg_rate(dd->bytes, ns),
		   KG_SIG_FIGS, pow2, "B/s");
	kg_num2str(bw_alt, sizeof(bw_alt), (uint64_t)kg_rate(dd->bytes, ns),
		   KG_SIG_FIGS, !pow2, "B/s");
	kg_num2str(io, sizeof(io), dd->bytes, KG_SIG_FIGS, pow2, "B");
	/* fio's writes say how many zones they reset: none off a zoned device */
	fprintf(f, "  %s: IOPS=%s, BW=%s (%s)(%s/%llumsec)%s\n",
		kg_dir_names[d],
		iops, bw, bw_alt, io, (unsigned long long)kg_ns_to_ms(ns),
		d == KIOGEN_DIR_WRITE ? "; 0 zone resets" : "");

	kg_dir_lat(dd, KG_LAT_SLAT, &slat);
	kg_dir_lat(dd, KG_LAT_CLAT, &clat);
	kg_dir_lat(dd, KG_LAT_LAT, &lat);
	if (slat.n)
		kg_text_lat(f, "slat", &slat);
	/* as fio: none without samples (a job that ended within its ramp) */
	if (clat.n)
		kg_text_lat(f, "clat", &clat);
	/* which clat that is; "kiogen ": a scraper of fio's text skips it */
	if (clat.n && dd->inline_ios)
		fprintf(f, "kiogen clat: %llu of %llu I/Os completed inside their submission: clat is submit to reap, as fio's\n",
			(unsigned long long)dd->inline_ios, (unsigned long long)dd->ios);
	if (lat.n)
		kg_text_lat(f, " lat", &lat);
	if (kg_want_clat_pct(v))
		kg_text_percentiles(f, "clat", &clat, &rp->pl);
	if (kg_want_lat_pct(v))
		kg_text_percentiles(f, "lat", &lat, &rp->pl);
	/* kiogen's: rate-limited I/Os timed from when they were due */
	kg_dir_lat(dd, KG_LAT_SCHED, &sched);
	if (sched.n) {
		kg_text_lat(f, "sched lat", &sched);
		if (kg_want_clat_pct(v))
			kg_text_percentiles(f, "sched lat", &sched, &rp->pl);
		fputs("kiogen sched lat: from when the rate had each I/O due; slat, clat and lat: from its start and submission\n",
		      f);
	}

	kg_interval_stats(&v->w, v->job, d, &bws, &iopss);
	kg_text_rates(f, &bws, &iopss, kg_bw_share(rp, v, d, bws.mean), pow2);
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
	const struct kg_dir *tr = &w->dir[KIOGEN_DIR_TRIM];
	double usr, sys;
	int err = kg_errno(w->error), d;

	/* fio leaves out a thread that did no I/O at all, unless it failed */
	if (!rd->ios && !wr->ios && !tr->ios && !rd->bytes && !wr->bytes && !w->error)
		return;

	if (err)
		fprintf(f, "%s: (groupid=%u, jobs=%u): err=%2d (%s): pid=0: %s",
			v->name, v->groupid, v->members, err, strerror(err), date);
	else
		fprintf(f, "%s: (groupid=%u, jobs=%u): err=%2d: pid=0: %s",
			v->name, v->groupid, v->members, err, date);

	for (d = 0; d < KG_NR_DIRS; d++)
		if (w->dir[d].ios)
			kg_text_dir(f, rp, v, d);
	kg_text_lat_dist(f, w);
	if (w->dir[KIOGEN_DIR_SYNC].ios) {
		struct kg_lat_view sync;

		kg_dir_lat(&w->dir[KIOGEN_DIR_SYNC], KG_LAT_LAT, &sync);
		fprintf(f, "  fsync/fdatasync/sync_file_range:\n");
		kg_text_lat(f, "sync", &sync);
		kg_text_percentiles(f, "sync", &sync, &rp->pl);
	}

	kg_cpu_pct(v, &usr, &sys);
	fprintf(f, "  cpu          : usr=%3.2f%%, sys=%3.2f%%, ctx=%llu, majf=0, minf=0\n",
		usr, sys, (unsigned long long)(w->ctx_vol + w->ctx_invol));

	kg_text_buckets(f, "  IO depths    : ", kg_depth_labels, w->depths);
	kg_text_buckets(f, "     submit    : ", kg_batch_labels, w->submit);
	kg_text_buckets(f, "     complete  : ", kg_batch_labels, w->complete);

	fprintf(f, "     issued rwts: total=%llu,%llu,%llu,%llu short=%llu,%llu,%llu,0 dropped=0,0,0,0\n",
		(unsigned long long)rd->ios, (unsigned long long)wr->ios,
		(unsigned long long)tr->ios,
		(unsigned long long)w->dir[KIOGEN_DIR_SYNC].ios,
		(unsigned long long)rd->short_ios, (unsigned long long)wr->short_ios,
		(unsigned long long)tr->short_ios);
	/* fio shows this with continue_on_error; kiogen always counts errors */
	if (rd->errors || wr->errors || tr->errors)
		fprintf(f, "     errors    : total=%llu, first_error=%d/<%s>\n",
			(unsigned long long)(rd->errors + wr->errors + tr->errors),
			err, strerror(err));
	kg_verify_text(f, w);
	/* not fio's: said only when it happened, so fio's parsers never see it */
	if (w->stamps_behind)
		fprintf(f, "     clock     : %llu I/Os stamped done before they started (the clock read behind between CPUs): their latencies from the start count as 0\n",
			(unsigned long long)w->stamps_behind);
	fprintf(f, "     latency   : target=0, window=0, percentile=100.00%%, depth=%u\n",
		v->job ? v->job->iodepth : 1);
	if (w->split.ios) {
		struct kg_dir rw = { 0 };
		struct kg_lat_view lat;

		kg_dir_merge(&rw, rd);
		kg_dir_merge(&rw, wr);
		kg_dir_lat(&rw, KG_LAT_LAT, &lat);
		kg_split_text(f, &w->split, kg_lat_mean_ns(&lat));
	}
	kg_blk_text(f, w);
	if (rp->kernel_path && kg_job_meta_op(v->job))
		kg_meta_path_text(f, KG_META_OP(kg_job_meta_op(v->job)));
}

static void kg_text_group(FILE *f, const struct kg_report *rp, uint32_t gid)
{
	static const char *const names[KG_NR_DIRS] = { "   READ", "  WRITE", "   TRIM" };
	const struct kg_job *first = NULL;
	bool pow2;
	uint32_t k;
	int d;

	/* fio's group takes the kb_base of its first job */
	for (k = 0; k < rp->nr_views && !first; k++)
		if (rp->views[k].groupid == gid)
			first = rp->views[k].job;
	pow2 = kg_kb_pow2(first);
	fprintf(f, "\nRun status group %u (all jobs):\n", gid);
	for (d = 0; d < KG_NR_DIRS; d++) {
		const struct kg_group_dir *g = &rp->grp[gid][d];
		uint64_t agg = (uint64_t)kg_group_agg(g);
		char s[8][32];

		if (!g->any)
			continue;
		kg_num2str(s[0], 32, agg, KG_SIG_FIGS, pow2, "B/s");
		kg_num2str(s[1], 32, agg, KG_SIG_FIGS, !pow2, "B/s");
		kg_num2str(s[2], 32, (uint64_t)g->min_bw, KG_SIG_FIGS, pow2, "B/s");
		kg_num2str(s[3], 32, (uint64_t)g->max_bw, KG_SIG_FIGS, pow2, "B/s");
		kg_num2str(s[4], 32, (uint64_t)g->min_bw, KG_SIG_FIGS, !pow2, "B/s");
		kg_num2str(s[5], 32, (uint64_t)g->max_bw, KG_SIG_FIGS, !pow2, "B/s");
		kg_num2str(s[6], 32, g->bytes, KG_SIG_FIGS, pow2, "B");
		kg_num2str(s[7], 32, g->bytes, KG_SIG_FIGS, !pow2, "B");
		fprintf(f, "%s: bw=%s (%s), %s-%s (%s-%s), io=%s (%s), run=%llu-%llumsec\n",
			names[d], s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7],
			(unsigned long long)kg_ns_to_ms(g->min_run_ns),
			(unsigned long long)kg_ns_to_ms(g->max_run_ns));
	}
}

static void kg_text_disks(FILE *f, const struct kg_run_result *r)
{
	bool header = false;
	uint32_t i;

	for (i = 0; i < kg_nr_disks(r); i++) {
		const struct kg_disk *dk = &r->disks[i];
		unsigned long long fig[KG_DISK_FIGURES];

		if (!dk->valid)
			continue;
		if (!header)
			fprintf(f, "\nDisk stats (read/write):\n");
		header = true;
		kg_disk_figures(dk, fig);
		fprintf(f, "  %s: ios=%llu/%llu, merge=%llu/%llu, ticks=%llu/%llu, in_queue=%llu, util=%3.2f%%\n",
			dk->name, fig[0], fig[1], fig[2], fig[3], fig[4], fig[5], fig[6],
			kg_disk_util(dk));
	}
}

/*
 * fio's preamble, printed when a run starts: a line per job (and "..." for
 * its clones), the version, how many workers start. kiogen's workers are
 * threads, kernel or user.
 */
void kg_report_preamble(FILE *f, const struct kg_jobs *js)
{
	unsigned int i, workers = 0;

	for (i = 0; i < js->nr_jobs; i++) {
		const struct kg_job *j = &js->jobs[i];
		uint32_t w = j->bs_write ?: j->bs;
		char bs[16], bw[16], bt[16];

		kg_num2str(bs, sizeof(bs), j->bs, KG_SIG_FIGS, kg_kb_pow2(j), "B");
		kg_num2str(bw, sizeof(bw), w, KG_SIG_FIGS, kg_kb_pow2(j), "B");
		kg_num2str(bt, sizeof(bt), j->bs_trim ?: w, KG_SIG_FIGS, kg_kb_pow2(j), "B");
		fprintf(f, "%s: (g=%u): rw=%s, bs=(R) %s-%s, (W) %s-%s, (T) %s-%s, ioengine=%s, iodepth=%u\n",
			j->name, j->groupid, kg_rw_name(j->rw), bs, bs, bw, bw, bt, bt,
			j->ioengine, j->iodepth);
		if (j->numjobs > 1)
			fprintf(f, "...\n");
		workers += j->numjobs;
	}
	fprintf(f, "kiogen-%s\nStarting %u thread%s\n\n", KIOGEN_VERSION, workers,
		workers == 1 ? "" : "s");
	fflush(f);
}

/*
 * One line per repeat of view @index, under the merged view: what a reader
 * checks first, whether the repeats agree.
 */
static void kg_text_repeats(FILE *f, const struct kg_report *reps, uint32_t nr,
			    uint32_t index)
{
	uint32_t k;
	int d;

	for (k = 0; k < nr; k++) {
		const struct kg_view *v = &reps[k].views[index];

		if (index >= reps[k].nr_views)
			continue;
		fprintf(f, "  kiogen repeat %u/%u:", k + 1, nr);
		for (d = 0; d < KG_NR_DIRS; d++) {
			const struct kg_dir *dd = &v->w.dir[d];
			uint64_t ns = dd->ios ? v->w.elapsed_ns : 0;
			struct kg_lat_view lv;
			char iops[32], bw[32];

			if (!dd->ios)
				continue;
			kg_dir_lat(dd, KG_LAT_CLAT, &lv);
			kg_num2str(iops, sizeof(iops), (uint64_t)kg_rate(dd->ios, ns),
				   KG_SIG_FIGS, false, "");
			kg_num2str(bw, sizeof(bw), (uint64_t)kg_rate(dd->bytes, ns),
				   KG_SIG_FIGS, true, "B/s");
			fprintf(f, " %s: IOPS=%s, BW=%s, lat avg=%.2fus, clat p99=%.2fus;",
				kg_dir_names[d], iops, bw, kg_dir_mean_ns(dd) / 1000,
				kg_lat_percentile_ns(&lv, 990000) / 1000.0);
		}
		fprintf(f, " %.3fs\n", v->w.elapsed_ns / 1e9);
	}
}

int kg_report_text(FILE *f, const struct kg_run_result *r,
		   const struct kg_global *g)
{
	struct kg_report rp, *reps = NULL;
	uint32_t i, nr = 0;
	char date[64];
	int err;

	if (r->nr_repeats) {
		reps = calloc(r->nr_repeats, sizeof(*reps));
		if (!reps)
			return -ENOMEM;
	}
	for (err = 0; nr < r->nr_repeats && !err; nr++)
		err = kg_report_build(&reps[nr], &r->repeats[nr], g);
	if (!err)
		err = kg_report_build(&rp, r, g);
	if (err) {
		while (nr)
			kg_report_free(&reps[--nr]);
		free(reps);
		return err;
	}
	if (r->record)
		kg_sysinfo_text(f, r->record);
	if (nr)
		fprintf(f, "kiogen: %u repeats, merged: each job's figures are of all of them, "
			"then one line per repeat\n", nr);
	kg_date(date, sizeof(date), true);
	for (i = 0; i < rp.nr_views; i++) {
		kg_text_view(f, &rp, &rp.views[i], date);
		kg_text_repeats(f, reps, nr, i);
	}
	for (i = 0; i < (rp.nr_groups ?: 1); i++)
		kg_text_group(f, &rp, i);
	kg_text_disks(f, r);
	kg_report_free(&rp);
	while (nr)
		kg_report_free(&reps[--nr]);
	free(reps);
	return ferror(f) ? -EIO : 0;
}

int kg_report_print(FILE *f, const struct kg_run_result *r,
		    const struct kg_global *g)
{
	uint32_t formats = kg_output_formats(g);
	int err = 0, ret;

	if (formats & KG_OUT_TERSE) {
		ret = kg_report_terse(f, r, g);
		err = err ?: ret;
	}
	if (formats & KG_OUT_JSON) {
		ret = kg_report_json(f, r, g);
		err = err ?: ret;
	}
	if (formats & KG_OUT_NORMAL) {
		ret = kg_report_text(f, r, g);
		err = err ?: ret;
	}
	return err;
}
