// SPDX-License-Identifier: GPL-2.0
/*
 * "kiogen compare": the same jobs, the same seeded stream of offsets, sizes
 * and directions, issued by kernel threads and by this process through
 * syscalls, interleaved run by run, and put side by side: throughput,
 * latency, CPU and context switches per I/O, their differences and ratios,
 * the spread over repeats, and whether both issued the identical stream.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json/json.h"
#include "kiogen.h"
#include "nl/results.h"
#include "options/ioengines.h"
#include "options/options.h"
#include "report/log.h"
#include "report/meta-path.h"
#include "report/report.h"
#include "report/split.h"
#include "syscall/syscall.h"
#include "system/target.h"

#define KG_MAX_REPEAT	100

enum kg_metric {
	KG_M_IOPS,
	KG_M_BW,
	KG_M_LAT_MEAN,
	KG_M_CLAT_MEAN,
	KG_M_P50,
	KG_M_P99,
	KG_M_P999,
	KG_M_MAX,
	KG_M_CPU,
	KG_M_CTX,
	KG_NR_METRICS,
};

static const struct {
	const char *name;	/* as printed and as the JSON key */
	const char *unit;
	bool higher_is_better;
} kg_metrics[KG_NR_METRICS] = {
	[KG_M_IOPS] = { "iops", "", true },
	[KG_M_BW] = { "bw_mib_s", "MiB/s", true },
	[KG_M_LAT_MEAN] = { "lat_mean_us", "us", false },
	[KG_M_CLAT_MEAN] = { "clat_mean_us", "us", false },
	[KG_M_P50] = { "clat_p50_us", "us", false },
	[KG_M_P99] = { "clat_p99_us", "us", false },
	[KG_M_P999] = { "clat_p99.9_us", "us", false },
	[KG_M_MAX] = { "clat_max_us", "us", false },
	[KG_M_CPU] = { "cpu_ns_per_io", "ns", false },
	[KG_M_CTX] = { "ctx_per_io", "", false },
};

/* One side of the comparison: its runs' metrics and stream digests. */
struct kg_side {
	const char *path;		/* "kernel" or "syscall" */
	double m[KG_MAX_REPEAT][KG_NR_METRICS];
	uint64_t digest[KG_MAX_REPEAT];	/* sum over workers, as merged */
	uint64_t issued[KG_MAX_REPEAT];
	unsigned int n;
	struct kiog_split split;	/* latency_split: every run's, merged */
	struct kg_worker blk;		/* its block phases (kernel path), merged */
};

/*
 * All workers of a run merged into one, for whole-run figures. Both paths
 * take their clock points as fio does (start when the I/O is built, issue
 * when its batch went to the kernel), so lat compares like with like, and
 * so does clat: the device's share without the building and submitting.
 */
static int kg_run_metrics(const struct kg_run_result *r, double *m,
			  uint64_t *digest, uint64_t *issued)
{
	static struct kg_worker all;
	static struct kg_dir d;
	struct kg_lat_view lat, clat;
	uint32_t i, j;
	uint64_t ios;
	double secs;

	memset(&all, 0, sizeof(all));
	memset(&d, 0, sizeof(d));
	for (i = 0; i < r->nr_jobs; i++)
		for (j = 0; j < r->jobs[i].nr_workers; j++)
			if (kg_worker_merge(&all, &r->jobs[i].workers[j]))
				return -1;
	kg_dir_merge(&d, &all.dir[KIOGEN_DIR_READ]);
	kg_dir_merge(&d, &all.dir[KIOGEN_DIR_WRITE]);
	kg_dir_merge(&d, &all.dir[KIOGEN_DIR_TRIM]);
	kg_dir_lat(&d, KG_LAT_LAT, &lat);
	kg_dir_lat(&d, KG_LAT_CLAT, &clat);
	ios = d.ios;
	secs = all.elapsed_ns / 1e9;

	m[KG_M_IOPS] = secs > 0 ? ios / secs : 0;
	m[KG_M_BW] = secs > 0 ? d.bytes / secs / 1048576.0 : 0;
	m[KG_M_LAT_MEAN] = kg_lat_mean_ns(&lat) / 1e3;
	m[KG_M_CLAT_MEAN] = kg_lat_mean_ns(&clat) / 1e3;
	m[KG_M_P50] = kg_lat_percentile_ns(&clat, 500000) / 1e3;
	m[KG_M_P99] = kg_lat_percentile_ns(&clat, 990000) / 1e3;
	m[KG_M_P999] = kg_lat_percentile_ns(&clat, 999000) / 1e3;
	m[KG_M_MAX] = (clat.n ? clat.max : 0) / 1e3;
	m[KG_M_CPU] = ios ? (double)(all.cpu_usr_ns + all.cpu_sys_ns) / ios : 0;
	m[KG_M_CTX] = ios ? (double)(all.ctx_vol + all.ctx_invol) / ios : 0;
	*digest = all.digest;
	*issued = all.issued;
	kg_worker_release(&all);
	return 0;
}

/* Adds the latency split and block phases of every worker of a run to @sd's. */
static void kg_run_split(const struct kg_run_result *r, struct kg_side *sd)
{
	uint32_t i, j;

	for (i = 0; i < r->nr_jobs; i++)
		for (j = 0; j < r->jobs[i].nr_workers; j++) {
			if (r->jobs[i].workers[j].split.ios)
				kiog_split_merge(&sd->split, &r->jobs[i].workers[j].split);
			kg_blk_merge(&sd->blk, &r->jobs[i].workers[j]);
		}
}

static double kg_mean(const struct kg_side *s, int k)
{
	double sum = 0;
	unsigned int i;

	for (i = 0; i < s->n; i++)
		sum += s->m[i][k];
	return s->n ? sum / s->n : 0;
}

/* Spread over repeats: (max - min) / mean, in percent. */
static double kg_spread(const struct kg_side *s, int k)
{
	double lo = INFINITY, hi = -INFINITY, mean = kg_mean(s, k);
	unsigned int i;

	for (i = 0; i < s->n; i++) {
		lo = fmin(lo, s->m[i][k]);
		hi = fmax(hi, s->m[i][k]);
	}
	return s->n > 1 && mean > 0 ? 100.0 * (hi - lo) / mean : 0;
}

/* Whether every repeat of both sides issued the same stream. */
static bool kg_same_stream(const struct kg_side *k, const struct kg_side *s)
{
	unsigned int i;

	for (i = 0; i < k->n && i < s->n; i++)
		if (k->digest[i] != s->digest[i] || k->issued[i] != s->issued[i] ||
		    k->digest[i] != k->digest[0])
			return false;
	return k->n && s->n;
}

/* Kernel over syscall, oriented so that > 1 means the kernel path is better. */
static double kg_advantage(int i, double km, double sm)
{
	double num = kg_metrics[i].higher_is_better ? km : sm;
	double den = kg_metrics[i].higher_is_better ? sm : km;

	if (num == den)
		return 1.0;	/* also 0 vs 0: no context switches either way */
	return den > 0 ? num / den : INFINITY;
}

static void kg_pair_name(const struct kg_jobs *js, char *buf, size_t len)
{
	const struct kg_job *j = &js->jobs[0];
	const struct kg_ioengine *e = kg_ioengine_find(j->ioengine);

	snprintf(buf, len, "kernel: %s engine, %s%s  vs  syscall: %s",
		 j->engine, j->mode == KIOGEN_MODE_SYNC ? "synchronous" : "async",
		 !strcmp(j->engine, "kiocb") ? (j->direct ? ", O_DIRECT" : ", buffered") : "",
		 e && (e->flags & KG_IOENGINE_KERNEL_NAME) ? e->sys : j->ioengine);
}

/* The metadata operations of the jobs: what the kernel side left out is said for them. */
static unsigned int kg_compare_meta_ops(const struct kg_jobs *js)
{
	unsigned int ops = 0, i;

	for (i = 0; i < js->nr_jobs; i++)
		if (kg_job_meta_op(&js->jobs[i]))
			ops |= KG_META_OP(kg_job_meta_op(&js->jobs[i]));
	return ops;
}

static void kg_compare_text(FILE *f, const struct kg_jobs *js, const struct kg_side *k,
			    const struct kg_side *s)
{
	char pair[256];
	int i;

	kg_pair_name(js, pair, sizeof(pair));
	fprintf(f, "%s\n%u run(s) each, interleaved; spread = (max - min) / mean over the runs\n\n",
		pair, k->n);
	fprintf(f, "%-14s %12s %7s %12s %7s %15s %14s\n", "metric", "kernel",
		"spread", "syscall", "spread", "syscall-kernel", "kernel better");
	for (i = 0; i < KG_NR_METRICS; i++) {
		double km = kg_mean(k, i), sm = kg_mean(s, i);
		int dec = i == KG_M_CTX ? 4 : 2;	/* kernel threads rarely switch */
		char ks[16] = "-", ss[16] = "-";

		/* one run has no spread: "-", not a 0.0% that reads as measured */
		if (k->n > 1)
			snprintf(ks, sizeof(ks), "%.1f%%", kg_spread(k, i));
		if (s->n > 1)
			snprintf(ss, sizeof(ss), "%.1f%%", kg_spread(s, i));
		fprintf(f, "%-14s %12.*f %7s %12.*f %7s %+15.*f %13.2fx\n",
			kg_metrics[i].name, dec, km, ks, dec, sm, ss, dec, sm - km,
			kg_advantage(i, km, sm));
	}
	fprintf(f, "kernel better: the kernel path is better by that factor above 1x, worse below\n"
		   "(kernel/syscall for iops and bw_mib_s, syscall/kernel for the others)\n");
	fprintf(f, "\nper-I/O cost of the syscall path: %+.2f us mean latency (lat), %+.0f ns CPU\n",
		kg_mean(s, KG_M_LAT_MEAN) - kg_mean(k, KG_M_LAT_MEAN),
		kg_mean(s, KG_M_CPU) - kg_mean(k, KG_M_CPU));
	fprintf(f, "I/O stream: %s\n", kg_same_stream(k, s) ?
		"identical on both paths (same digest of offsets, sizes and directions)" :
		"not identical (time-based runs issue different counts; use number_ios or size)");
	if (kg_compare_meta_ops(js)) {
		fputc('\n', f);
		kg_meta_path_text(f, kg_compare_meta_ops(js));
	}
	kg_split_compare_text(f, &k->split, &s->split);
	/* the syscall path's bios are the kernel's, untagged: the kernel path's only */
	if (k->blk.blk_on) {
		fprintf(f, "\nkernel path, over every run:\n");
		kg_blk_text(f, &k->blk);
	}
}

/* Opens a one-line object of the metrics @m; the caller may add to it, and closes it. */
static void kg_json_metrics(struct kg_json *j, const char *key, const double *m,
			    int prec)
{
	int i;

	kg_json_open(j, key, '{', true);
	for (i = 0; i < KG_NR_METRICS; i++)
		kg_json_double_prec(j, kg_metrics[i].name, m[i], prec);
}

static void kg_json_side(struct kg_json *j, const struct kg_side *side)
{
	double mean[KG_NR_METRICS], spread[KG_NR_METRICS];
	unsigned int r;
	int i;

	kg_json_obj(j, side->path);
	kg_json_open(j, "runs", '[', false);
	for (r = 0; r < side->n; r++) {
		kg_json_metrics(j, NULL, side->m[r], 3);
		kg_json_stringf(j, "digest", "0x%016" PRIx64, side->digest[r]);
		kg_json_u64(j, "issued", side->issued[r]);
		kg_json_close(j, '}');
	}
	kg_json_close(j, ']');
	for (i = 0; i < KG_NR_METRICS; i++) {
		mean[i] = kg_mean(side, i);
		spread[i] = kg_spread(side, i);
	}
	kg_json_metrics(j, "mean", mean, 3);
	kg_json_close(j, '}');
	kg_json_metrics(j, "spread_pct", spread, 2);
	kg_json_close(j, '}');
	kg_json_end(j);
}

static void kg_compare_json(FILE *f, const struct kg_jobs *js, const struct kg_side *k,
			    const struct kg_side *s)
{
	struct kg_json j = { .f = f };
	double diff[KG_NR_METRICS], adv[KG_NR_METRICS];
	char pair[256];
	int i;

	kg_pair_name(js, pair, sizeof(pair));
	for (i = 0; i < KG_NR_METRICS; i++) {
		diff[i] = kg_mean(s, i) - kg_mean(k, i);
		/* a kernel figure of 0 (clat of I/O done within its submit)
		 * against a non-zero one has no ratio: null */
		adv[i] = kg_advantage(i, kg_mean(k, i), kg_mean(s, i));
	}
	kg_json_obj(&j, NULL);
	kg_json_string(&j, "kiogen version", KIOGEN_VERSION);
	kg_json_obj(&j, "compare");
	kg_json_string(&j, "pair", pair);
	kg_json_u64(&j, "repeat", k->n);
	kg_json_side(&j, k);
	kg_json_side(&j, s);
	kg_json_metrics(&j, "difference", diff, 3);
	kg_json_close(&j, '}');
	kg_json_metrics(&j, "kernel_advantage", adv, 4);
	kg_json_close(&j, '}');
	kg_json_bool(&j, "identical_stream", kg_same_stream(k, s));
	if (kg_compare_meta_ops(js))
		kg_meta_path_json(&j, kg_compare_meta_ops(js));
	kg_split_compare_json(&j, &k->split, &s->split);
	kg_blk_json(&j, &k->blk);
	kg_json_end(&j);
	kg_json_end(&j);
	fputc('\n', f);
}

void kg_compare_usage(FILE *f)
{
	fprintf(f, "\nTakes the options of kiogen run, plus --repeat=N (default 1).\n"
		   "Runs the jobs from kernel threads and through syscalls, alternating,\n"
		   "with the same seed, and prints both side by side. ioengine means on\n"
		   "the syscall path what it means in fio (psync, io_uring, null).\n"
		   "Columns: each path's mean over the runs and its spread, (max - min)\n"
		   "/ mean (\"-\" with one run); syscall-kernel, the difference; kernel\n"
		   "better, the factor by which the kernel path is better: kernel/syscall\n"
		   "for iops and bw_mib_s, syscall/kernel for latency, CPU and switches,\n"
		   "so above 1x always favours the kernel path.\n");
}

int kg_cmd_compare(int argc, char **argv)
{
	static struct kg_jobs js;
	static struct kg_side kside = { .path = "kernel" }, sside = { .path = "syscall" };
	struct kg_run_result *r;
	unsigned int repeat = 1, i;
	char **args;
	int nargs = 0, a, ret = KG_EXIT_OK;
	struct kg_nl nl;
	FILE *report;
	/* fio's log files of each path apart, workers numbered on over repeats */
	struct kg_log_out logs[2] = { { .tag = "kernel" }, { .tag = "syscall" } };

	/* --repeat is compare's own; the rest are kiogen run's */
	args = calloc(argc + 1, sizeof(*args));
	if (!args)
		return KG_EXIT_FAIL;
	for (a = 0; a < argc; a++) {
		if (!strncmp(argv[a], "--repeat=", 9)) {
			char *end;

			repeat = strtoul(argv[a] + 9, &end, 10);
			if (*end || !repeat || repeat > KG_MAX_REPEAT) {
				fprintf(stderr, "kiogen: repeat: '%s' is not a count from 1 to %d\n",
					argv[a] + 9, KG_MAX_REPEAT);
				free(args);
				return KG_EXIT_USAGE;
			}
			continue;
		}
		if (!strncmp(argv[a], "--path=", 7) || !strcmp(argv[a], "--detached")) {
			fprintf(stderr, "kiogen: %s: compare runs both paths itself, attached\n",
				argv[a]);
			free(args);
			return KG_EXIT_USAGE;
		}
		args[nargs++] = argv[a];
	}
	kg_jobs_init(&js);
	ret = kg_parse_args(&js, nargs, args, stderr) || kg_jobs_finish(&js, stderr, stderr) ||
	      kg_log_prepare(&js, stderr);
	free(args);
	if (ret)
		return KG_EXIT_USAGE;
	ret = kg_jobs_resolve_pct(&js, stderr);
	if (ret)
		return ret;
	/* a job file, or -detached, can set it where the loop above cannot see */
	if (js.global.detached) {
		fprintf(stderr, "kiogen: detached: compare runs both paths itself, attached\n");
		return KG_EXIT_USAGE;
	}
	if (js.global.status_interval_ns) {
		fprintf(stderr, "kiogen: status-interval: compare reports once, at its end\n");
		return KG_EXIT_USAGE;
	}
	if (js.jobs[0].create_only) {
		fprintf(stderr, "kiogen: create_only: compare runs the jobs' I/O; lay the files out with kiogen run\n");
		return KG_EXIT_USAGE;
	}
	if (kg_jobs_phase_end(&js, 0) < js.nr_jobs) {
		fprintf(stderr, "kiogen: stonewall: compare runs every job at once; "
			"compare one group at a time\n");
		return KG_EXIT_USAGE;
	}
	/* terse is fio's report of one run; compare has no such line */
	if (kg_output_formats(&js.global) & KG_OUT_TERSE) {
		fprintf(stderr, "kiogen: output-format: compare prints normal or json\n");
		return KG_EXIT_USAGE;
	}
	report = kg_output_open(&js.global);
	if (!report)
		return KG_EXIT_FAIL;
	kg_stop_on_signals();
	ret = kg_connect(&nl);
	if (ret) {
		kg_output_close(report, &js.global);
		return ret;
	}
	r = calloc(1, sizeof(*r));
	if (!r) {
		kg_nl_close(&nl);
		kg_output_close(report, &js.global);
		return KG_EXIT_FAIL;
	}

	for (i = 0; i < repeat && !kg_interrupt_pending(); i++) {
		struct kg_side *sides[2] = { &kside, &sside };
		int p;

		for (p = 0; p < 2; p++) {
			struct kg_side *sd = sides[p];

			memset(r, 0, sizeof(*r));
			js.global.path = p ? KG_PATH_SYSCALL : KG_PATH_KERNEL;
			fprintf(stderr, "kiogen: compare: run %u of %u, %s path\n",
				i + 1, repeat, sd->path);
			/* metadata jobs: both paths start from the same directory */
			ret = kg_meta_prepare(&js);
			if (!ret)
				ret = p ? kg_syscall_run(&js, r) : kg_kernel_run(&nl, &js, r);
			if (!ret && kg_run_metrics(r, sd->m[sd->n], &sd->digest[sd->n],
						   &sd->issued[sd->n]))
				ret = KG_EXIT_FAIL;
			if (!ret)
				kg_run_split(r, sd);
			if (!ret && kg_log_write(r, &js, &logs[p]))
				ret = KG_EXIT_FAIL;
			kg_results_release(r);
			if (ret)
				goto out;
			sd->n++;
		}
	}
	/* fio's order: JSON before text */
	if (kg_output_formats(&js.global) & KG_OUT_JSON)
		kg_compare_json(report, &js, &kside, &sside);
	if (kg_output_formats(&js.global) & KG_OUT_NORMAL)
		kg_compare_text(report, &js, &kside, &sside);
out:
	kg_log_out_free(&logs[0]);
	kg_log_out_free(&logs[1]);
	free(r);
	kg_nl_close(&nl);
	if (kg_output_close(report, &js.global) && !ret)
		ret = KG_EXIT_FAIL;
	return ret;
}
