// SPDX-License-Identifier: GPL-2.0
/*
 * Degenerate results through every report (issue 33): zero I/Os, every
 * latency equal, every latency 0, one I/O in one sample, one repeat, a
 * stopped run; each as a kernel-path async job (slat and clat) would
 * report it, in text, terse v3..v5, JSON and json+. None may print a nan or
 * inf, terse keeps fio's field count, the JSON parses (python3). With
 * KG_DEGENERATE_OUT=DIR each case's JSON and json+ are written there as
 * CASE.json and CASE-plus.json, for selftests/host/test_degenerate.sh to
 * plot.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/report.h"
#include "tap.h"
#include "test_fixture.h"

enum kind { ZERO_IOS, EQUAL, ZERO_LAT, ONE, REPEAT1, STOPPED, NR_KINDS };

static const char *const names[NR_KINDS] = {
	"zero-ios", "equal", "zero-lat", "one", "repeat1", "stopped",
};

static struct kg_job job;
static struct kg_worker ws[NR_KINDS];
static struct kg_run_result runs[NR_KINDS], rep_of;
static struct kiogen_sample samp[NR_KINDS][2];

/* @n reads of clat @clat after slat @slat; one cumulative sample a second */
static void fill(enum kind k, uint64_t n, uint64_t clat, uint64_t slat,
		 uint32_t nr_samples)
{
	struct kg_worker *w = &ws[k];
	uint64_t i;

	w->elapsed_ns = nr_samples ? nr_samples * NS_PER_SEC / 2 : NS_PER_SEC / 4;
	w->sample_ns = NS_PER_SEC / 2;
	w->depths[0] = n;
	for (i = 0; i < n; i++)
		fx_dir_add_slat(&w->dir[KIOGEN_DIR_READ], clat, BS, slat);
	for (i = 0; i < nr_samples; i++) {
		samp[k][i].ios[KIOGEN_DIR_READ] = n * (i + 1) / nr_samples;
		samp[k][i].bytes[KIOGEN_DIR_READ] = n * (i + 1) / nr_samples * BS;
	}
	w->samples = nr_samples ? samp[k] : NULL;
	w->nr_samples = nr_samples;
	runs[k].state = KIOGEN_STATE_DONE;
	runs[k].elapsed_ns = w->elapsed_ns;
	runs[k].nr_jobs = 1;
	runs[k].jobs[0] = (struct kg_job_result){ &job, 1, w, 0 };
}

static void build(void)
{
	fx_build_run();
	job = fx_jobs[2];
	snprintf(job.ioengine, sizeof(job.ioengine), "libaio");
	job.iodepth = 16;
	fill(ZERO_IOS, 0, 0, 0, 0);
	fill(EQUAL, 1000, 3000, 2000, 2);
	fill(ZERO_LAT, 1000, 0, 0, 2);
	fill(ONE, 1, 7000, 2000, 1);
	fill(REPEAT1, 500, 9000, 2000, 2);
	rep_of = runs[REPEAT1];
	runs[REPEAT1].nr_repeats = 1;
	runs[REPEAT1].repeats = &rep_of;
	/* stopped before its first full sample */
	fill(STOPPED, 40, 12000, 2000, 0);
	runs[STOPPED].state = KIOGEN_STATE_STOPPED;
}

/* what @fn prints of @r under @g, in a malloc'ed string */
static char *render(int (*fn)(FILE *, const struct kg_run_result *, const struct kg_global *),
		    const struct kg_run_result *r, const struct kg_global *g)
{
	char *s = NULL;
	size_t len;
	FILE *f = open_memstream(&s, &len);

	if (!f)
		return NULL;
	fn(f, r, g);
	fclose(f);
	return s;
}

static int fields(const char *s)
{
	int n = 1;

	for (; *s && *s != '\n'; s++)
		n += *s == ';';
	return n;
}

static int t_text(const void *arg)
{
	const struct kg_run_result *r = &runs[(uintptr_t)arg];
	char *t = render(kg_report_text, r, &fx_glob);
	const char *bad;
	int rc = T_PASS;

	CHECK(t, "oom");
	bad = fx_nonfinite(t);
	if (bad)
		rc = fail("a non-number: ...%.40s", bad);
	else if (!strstr(t, "Run status group 0"))
		rc = fail("no run status:\n%s", t);
	free(t);
	return rc;
}

/*
 * Each terse version has the field count of the fixture's job, which
 * test_terse_fio.sh holds to fio's.
 */
static int t_terse(const void *arg)
{
	const struct kg_run_result *r = &runs[(uintptr_t)arg];
	struct kg_run_result one = fx_run;
	struct kg_global g = fx_glob;
	int rc = T_PASS;
	uint32_t v;

	one.nr_jobs = 1;
	one.jobs[0] = (struct kg_job_result){ &job, 1, fx_fast, 0 };
	one.nr_disks = 0;
	for (v = KG_TERSE_DEFAULT; v <= KG_TERSE_MAX && rc == T_PASS; v++) {
		char *t, *ref;
		const char *bad;

		g.terse_version = v;
		t = render(kg_report_terse, r, &g);
		ref = render(kg_report_terse, &one, &g);
		CHECK(t && ref, "oom");
		bad = fx_nonfinite(t);
		if (bad)
			rc = fail("v%u: a non-number: ...%.40s", v, bad);
		else if (fields(t) != fields(ref))
			rc = fail("v%u: %d fields, fio's %d:\n%s", v, fields(t), fields(ref), t);
		free(t);
		free(ref);
	}
	return rc;
}

/* JSON, or json+ when @plus: no nan or inf, python3 parses it; written for plot */
static int json_case(uintptr_t k, bool plus)
{
	const char *out = getenv("KG_DEGENERATE_OUT");
	struct kg_global g = fx_glob;
	char path[4096], cmd[4200];
	const char *bad;
	int rc = T_PASS;
	char *j;
	FILE *f;

	g.output_formats = KG_OUT_JSON | (plus ? KG_OUT_JSON_PLUS : 0);
	j = render(kg_report_json, &runs[k], &g);
	CHECK(j, "oom");
	bad = fx_nonfinite(j);
	if (bad) {
		free(j);
		return fail("a non-number: ...%.40s", bad);
	}
	if (out)
		snprintf(path, sizeof(path), "%s/%s%s.json", out, names[k], plus ? "-plus" : "");
	else
		snprintf(path, sizeof(path), "/tmp/kg-degenerate.%d.json", (int)getpid());
	f = fopen(path, "w");
	CHECK(f, "cannot write %s", path);
	fputs(j, f);
	fclose(f);
	free(j);
	snprintf(cmd, sizeof(cmd), "python3 -m json.tool '%s' >/dev/null", path);
	if (system("command -v python3 >/dev/null") == 0 && system(cmd) != 0)
		rc = fail("python3 -m json.tool refuses %s", path);
	if (!out)
		remove(path);
	return rc;
}

static int t_json(const void *arg)
{
	return json_case((uintptr_t)arg, false);
}

static int t_json_plus(const void *arg)
{
	return json_case((uintptr_t)arg, true);
}

static const char *const whats[NR_KINDS] = {
	"zero I/Os", "every latency equal", "every latency 0", "one I/O, one sample",
	"one repeat", "stopped before a full sample",
};

static const struct {
	const char *what;
	int (*fn)(const void *arg);
} outputs[] = {
	{ "text", t_text },
	{ "terse v3 to v5, fio's field count", t_terse },
	{ "JSON", t_json },
	{ "json+", t_json_plus },
};

int main(void)
{
	static struct tcase cases[NR_KINDS * ARRAY_SIZE(outputs)];
	static char labels[ARRAY_SIZE(cases)][96];
	uintptr_t k;
	size_t o, n = 0;

	build();
	for (k = 0; k < NR_KINDS; k++)
		for (o = 0; o < ARRAY_SIZE(outputs); o++, n++) {
			snprintf(labels[n], sizeof(labels[n]), "%s: %s", whats[k], outputs[o].what);
			cases[n] = (struct tcase){ labels[n], outputs[o].fn, (void *)k };
		}
	return run_cases(cases, n);
}
