// SPDX-License-Identifier: GPL-2.0
/*
 * fio's --output-format=json (and json+) of a finished run, from the
 * results model (stats.h) through the JSON writer (json.h): fio's object
 * shape, so that tools written for fio read it unchanged, plus a "kiogen"
 * object per job with the raw histogram buckets and the workload digest.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <kiogen/version.h>

#include "json/json.h"
#include "meta-path.h"
#include "options/options.h"
#include "options/verify.h"
#include "repeat.h"
#include "split.h"
#include "stats.h"
#include "system/sysinfo.h"

/*
 * The key fio gives a bucket in json+ "bins": its lower bound plus half its
 * width (fio's plat_idx_to_val()); kiogen's buckets are fio's (the same
 * index for the same value), so bins of both merge key by key.
 */
static uint64_t kg_json_bin_key(uint32_t i)
{
	uint64_t lo = kiog_hist_bucket_lo(i);

	if (i >= KIOG_HIST_NR)
		return lo;
	return lo + (kiog_hist_bucket_hi(i) - lo + 1) / 2;
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
					 (unsigned long long)kg_json_bin_key(i));
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
		kg_interval_stats(&v->w, v->job, d, &bw, &iops);

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
	/* kiogen's: a rate-limited direction's latency from each I/O's due time */
	kg_dir_lat(dd, KG_LAT_SCHED, &lv);
	if (lv.n)
		kg_json_lat(j, "sched_lat_ns", &lv, kg_want_clat_pct(v) ? &rp->pl : NULL,
			    rp->bins);
	kg_json_u64(j, "bw_min", bw.n ? (uint64_t)llround(bw.min) : 0);
	kg_json_u64(j, "bw_max", bw.n ? (uint64_t)llround(bw.max) : 0);
	kg_json_double(j, "bw_agg", bw.n ? kg_bw_share(rp, v, d, bw.mean) : 0);
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

static void kg_json_job_option(void *ctx, const char *name, const char *value)
{
	kg_json_string(ctx, name, value);
}

/* fio lists the options as given, and leaves out an empty list */
static void kg_json_given(struct kg_json *j, const char *key,
			  const struct kg_given *g)
{
	if (!g || !g->len)
		return;
	kg_json_obj(j, key);
	kg_given_each(g, kg_json_job_option, j);
	kg_json_end(j);
}

/*
 * A job's options as given; a job read back from the kernel (kiogen show)
 * has none as given, so its options are rebuilt from its fields.
 */
static void kg_json_job_options(struct kg_json *j, const struct kg_job *job)
{
	if (!job)
		return;
	if (job->given.len) {
		kg_json_given(j, "job options", &job->given);
		return;
	}
	kg_json_obj(j, "job options");
	kg_job_options_each(job, kg_json_job_option, j);
	kg_json_end(j);
}

/* Non-empty buckets as [index, count] pairs, one pair per line. */
void kg_json_hist(struct kg_json *j, const char *key, const uint64_t *hist)
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
 * A direction's I/Os and bytes per sampling interval, as [ios, bytes] pairs
 * one per line: what fio's iops_* and bw_* summarise, kept whole so that
 * kiogen diff can resample the intervals.
 */
static void kg_json_samples(struct kg_json *j, const struct kg_worker *w, int d)
{
	uint64_t prev_ios = 0, prev_bytes = 0;
	uint32_t i;

	kg_json_open(j, kg_dir_names[d], '[', false);
	for (i = 0; i < w->nr_samples; i++) {
		const struct kiogen_sample *s = &w->samples[i];

		/* cumulative counters: an interval's work is the difference */
		kg_json_open(j, NULL, '[', true);
		kg_json_u64(j, NULL, s->ios[d] > prev_ios ? s->ios[d] - prev_ios : 0);
		kg_json_u64(j, NULL, s->bytes[d] > prev_bytes ? s->bytes[d] - prev_bytes : 0);
		kg_json_close(j, ']');
		prev_ios = s->ios[d];
		prev_bytes = s->bytes[d];
	}
	kg_json_close(j, ']');
}

/*
 * What fio has no place for: the raw histograms, so that runs can be merged
 * or compared exactly later, the interval samples, and the digest of the
 * issued I/O stream.
 */
/* the reports of each repeat of a merged run, views in the merged run's order */
struct kg_json_repeats {
	const struct kg_report *rp;
	uint32_t nr;
};

static void kg_json_view(struct kg_json *j, const struct kg_report *rp,
			 const struct kg_view *v, const struct kg_json_repeats *reps,
			 uint32_t index);

static void kg_json_kiogen(struct kg_json *j, const struct kg_report *rp,
			   const struct kg_view *v, const struct kg_json_repeats *reps,
			   uint32_t index)
{
	uint32_t k;
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
	kg_split_json(j, &v->w.split);
	kg_blk_json(j, &v->w);
	if (rp->kernel_path && kg_job_meta_op(v->job))
		kg_meta_path_json(j, KG_META_OP(kg_job_meta_op(v->job)));
	if (v->w.sample_ns && v->w.samples) {
		kg_json_obj(j, "samples");
		kg_json_u64(j, "interval_ns", v->w.sample_ns);
		for (d = 0; d < KG_NR_DIRS; d++)
			if (v->w.dir[d].ios)
				kg_json_samples(j, &v->w, d);
		kg_json_end(j);
	}
	/* a string: 64-bit integers do not survive every JSON reader */
	kg_json_stringf(j, "digest", "0x%016llx", (unsigned long long)v->w.digest);
	kg_json_u64(j, "issued", v->w.issued);
	kg_json_u64(j, "stamps_behind", v->w.stamps_behind);
	/* by direction: their clat is submit to reap, as fio's (kmod/worker.c) */
	kg_json_obj(j, "inline_ios");
	for (d = 0; d < KG_NR_DIRS; d++)
		kg_json_u64(j, kg_dir_names[d], v->w.dir[d].inline_ios);
	kg_json_end(j);
	kg_json_u64(j, "errors", v->w.dir[KIOGEN_DIR_READ].errors +
		    v->w.dir[KIOGEN_DIR_WRITE].errors + v->w.dir[KIOGEN_DIR_TRIM].errors);
	kg_json_u64(j, "mem_bytes", v->w.mem);
	/* the I/Os a full log_ring kept out of the per-I/O log files */
	if (v->job && v->job->log_ring)
		kg_json_u64(j, "log_lost", v->w.log_lost);
	if (v->w.dir[KIOGEN_DIR_READ].sched_ios || v->w.dir[KIOGEN_DIR_WRITE].sched_ios ||
	    v->w.dir[KIOGEN_DIR_TRIM].sched_ios)
		kg_json_string(j, "sched_lat_ns",
			       "read, write and trim's sched_lat_ns: each rate-limited I/O from when it was due to its completion (open loop, no coordinated omission); slat_ns, clat_ns and lat_ns: from its start and submission, as fio's");
	kg_json_u64(j, "workers", v->members);
	kg_verify_json(j, &v->w);
	/* each repeat as fio would have reported it alone */
	if (reps && reps->nr) {
		kg_json_open(j, "repeats", '[', false);
		for (k = 0; k < reps->nr; k++)
			if (index < reps->rp[k].nr_views)
				kg_json_view(j, &reps->rp[k], &reps->rp[k].views[index], NULL, 0);
		kg_json_close(j, ']');
	}
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
			 const struct kg_view *v, const struct kg_json_repeats *reps,
			 uint32_t index)
{
	double usr, sys;
	double lat[KG_LAT_LINES][KG_LAT_NR];
	unsigned int l, k;

	kg_json_obj(j, NULL);
	kg_json_string(j, "jobname", v->name);
	kg_json_u64(j, "groupid", v->groupid);
	kg_json_u64(j, "error", kg_errno(v->w.error));
	kg_json_u64(j, "eta", 0);
	kg_json_u64(j, "elapsed",
		    (rp->r->elapsed_ns + NSEC_PER_SEC - 1) / NSEC_PER_SEC);
	kg_json_job_options(j, v->job);
	kg_json_dir(j, "read", rp, v, KIOGEN_DIR_READ);
	kg_json_dir(j, "write", rp, v, KIOGEN_DIR_WRITE);
	kg_json_dir(j, "trim", rp, v, KIOGEN_DIR_TRIM);
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
	kg_json_kiogen(j, rp, v, reps, index);
	kg_json_end(j);
}

static void kg_json_disks(struct kg_json *j, const struct kg_run_result *r)
{
	uint32_t i, nr = 0;

	/* fio leaves the key out where no disk was sampled (tmpfs, 9p) */
	for (i = 0; i < kg_nr_disks(r); i++)
		nr += r->disks[i].valid;
	if (!nr)
		return;
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

/*
 * What fio's shape has no place for about the whole run: the record of the
 * system under test, and how many repeats were merged.
 */
static void kg_json_run_kiogen(struct kg_json *j, const struct kg_run_result *r,
			       const struct kg_global *g)
{
	double iops[KG_REPEAT_LIMIT];
	uint32_t k;

	if (!r->record && !r->nr_repeats)
		return;
	kg_json_obj(j, "kiogen");
	if (r->record)
		kg_sysinfo_json(j, r->record);
	if (r->nr_repeats) {
		for (k = 0; k < r->nr_repeats && k < KG_REPEAT_LIMIT; k++)
			iops[k] = kg_repeat_iops(&r->repeats[k]);
		kg_json_u64(j, "repeats", r->nr_repeats);
		if (g && g->repeat_until > 0)
			kg_json_double(j, "repeat_until_pct", g->repeat_until);
		if (kg_repeat_halfwidth(iops, k) >= 0)
			kg_json_double(j, "iops_ci95_pct", kg_repeat_halfwidth(iops, k));
	}
	kg_json_end(j);
}

static void kg_json_free_repeats(struct kg_report *reps, uint32_t nr)
{
	while (nr)
		kg_report_free(&reps[--nr]);
	free(reps);
}

int kg_report_json(FILE *f, const struct kg_run_result *r,
		   const struct kg_global *g)
{
	struct kg_json j = { .f = f };
	struct kg_json_repeats jr = { 0 };
	struct kg_report rp, *reps = NULL;
	struct timespec now;
	char date[64];
	uint32_t i;
	int err;

	if (r->nr_repeats) {
		reps = calloc(r->nr_repeats, sizeof(*reps));
		if (!reps)
			return -ENOMEM;
		for (jr.nr = 0; jr.nr < r->nr_repeats; jr.nr++) {
			err = kg_report_build(&reps[jr.nr], &r->repeats[jr.nr], g);
			if (err) {
				kg_json_free_repeats(reps, jr.nr);
				return err;
			}
		}
		jr.rp = reps;
	}
	err = kg_report_build(&rp, r, g);
	if (err) {
		kg_json_free_repeats(reps, jr.nr);
		return err;
	}
	clock_gettime(CLOCK_REALTIME, &now);
	kg_date(date, sizeof(date), false);

	kg_json_obj(&j, NULL);
	kg_json_string(&j, "fio version", "kiogen-" KIOGEN_VERSION);
	kg_json_u64(&j, "timestamp", (uint64_t)now.tv_sec);
	kg_json_u64(&j, "timestamp_ms",
		    (uint64_t)now.tv_sec * 1000 + (uint64_t)now.tv_nsec / 1000000);
	kg_json_string(&j, "time", date);
	kg_json_given(&j, "global options", g ? &g->given : NULL);
	kg_json_open(&j, "jobs", '[', false);
	for (i = 0; i < rp.nr_views; i++)
		kg_json_view(&j, &rp, &rp.views[i], &jr, i);
	kg_json_close(&j, ']');
	kg_json_disks(&j, r);
	kg_json_run_kiogen(&j, r, g);
	kg_json_end(&j);
	fputc('\n', f);

	kg_report_free(&rp);
	kg_json_free_repeats(reps, jr.nr);
	return ferror(f) ? -EIO : 0;
}
