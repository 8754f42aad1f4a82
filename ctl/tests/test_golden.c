// SPDX-License-Identifier: GPL-2.0
/*
 * Golden reports: what the report renderers print for fixed inputs (the
 * synthetic run of test_fixture.c, compare sides, `kiogen show` fed with
 * canned netlink replies, the job attributes `kiogen run` encodes), compared
 * byte for byte with ctl/testdata/ *.golden, so that a refactor of the
 * reports cannot change one character of them unnoticed. The date and the
 * timestamps, the only inputs not fixed, are masked. KG_GOLDEN_UPDATE=1
 * writes the files instead (only when a change of output is meant).
 *
 * The commands' files are included, not linked, to reach their static
 * renderers; the netlink socket and the results fetch are replaced at link
 * time (-Wl,--wrap) by the canned replies below.
 */
#include <regex.h>

#define main kiogen_main
#include "main.c"
#undef main
#include "compare.c"
#include "run.c"
#include "runs.c"
#include "monitor.c"

#include "tap.h"
#include "test_fixture.h"

#ifndef KG_TESTDATA
#error "KG_TESTDATA: the directory of the golden files"
#endif

/* ---- canned netlink ---------------------------------------------------- */

static uint32_t fake_state = KIOGEN_STATE_DONE;

int __wrap_kg_nl_open(struct kg_nl *nl)
{
	memset(nl, 0, sizeof(*nl));
	nl->buf = calloc(1, KG_NL_BUFSIZE);
	return nl->buf ? 0 : -ENOMEM;
}

void __wrap_kg_nl_close(struct kg_nl *nl)
{
	free(nl->buf);
	nl->buf = NULL;
}

/* A reply of @cmd in a buffer of its own, as the kernel would send it. */
static struct nlmsghdr *fake_reply(char *buf, uint8_t cmd)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));

	g->cmd = cmd;
	g->version = KIOGEN_FAMILY_VERSION;
	return nlh;
}


/* RUN_GET: the status of run 7 (do), or its jobs (dump) */
int __wrap_kg_nl_talk(struct kg_nl *nl, struct nlmsghdr *req, kg_nl_cb cb,
		      void *data)
{
	const struct genlmsghdr *rg = mnl_nlmsg_get_payload(req);
	static char buf[16384];
	struct nlmsghdr *nlh;
	struct nlattr *nest;
	uint32_t i;

	(void)nl;
	if (rg->cmd != KIOGEN_CMD_RUN_GET)
		return -EOPNOTSUPP;
	memset(buf, 0, sizeof(buf));
	nlh = fake_reply(buf, KIOGEN_CMD_RUN_GET);
	if (req->nlmsg_flags & NLM_F_DUMP) {
		for (i = 0; i < fx_run.nr_jobs; i++) {
			static struct kg_job j;

			/* the kernel names its own engine: here, fio's */
			j = *fx_run.jobs[i].job;
			j.engine = j.ioengine;
			j.seed = 1234;
			kg_job_put(nlh, &j, NULL, 0, NULL);
		}
		return cb(nlh, data) == MNL_CB_OK ? 0 : -EIO;
	}
	nest = mnl_attr_nest_start(nlh, KIOGEN_A_RUN);
	mnl_attr_put_u32(nlh, KIOGEN_A_RUN_ID, 7);
	mnl_attr_put_u32(nlh, KIOGEN_A_RUN_STATE, fake_state);
	mnl_attr_put_u32(nlh, KIOGEN_A_RUN_NR_JOBS, 3);
	mnl_attr_put_u32(nlh, KIOGEN_A_RUN_NR_WORKERS, 5);
	mnl_attr_put_u64(nlh, KIOGEN_A_RUN_ELAPSED_NS, 2 * NS_PER_SEC);
	mnl_attr_put_u64(nlh, KIOGEN_A_RUN_IOS, 35288);
	mnl_attr_put_u64(nlh, KIOGEN_A_RUN_BYTES, 262275072);
	mnl_attr_put_u64(nlh, KIOGEN_A_RUN_ERRORS, 3);
	mnl_attr_put_u32(nlh, KIOGEN_A_RUN_ERROR, (uint32_t)-5);
	mnl_attr_put_u64(nlh, KIOGEN_A_RUN_MEM, 5 << 20);
	mnl_attr_nest_end(nlh, nest);
	return cb(nlh, data) == MNL_CB_OK ? 0 : -EIO;
}

/* the results of the synthetic run, as if decoded from the dump */
int __wrap_kg_results_fetch(struct kg_nl *nl, uint32_t id,
			    struct kg_run_result *r, bool live)
{
	uint32_t i;

	(void)nl;
	(void)live;
	r->id = id;
	r->nr_jobs = fx_run.nr_jobs;
	for (i = 0; i < fx_run.nr_jobs; i++) {
		r->jobs[i].nr_workers = fx_run.jobs[i].nr_workers;
		r->jobs[i].workers = fx_run.jobs[i].workers;
	}
	return 0;
}

void __wrap_kg_results_release(struct kg_run_result *r)
{
	memset(r->jobs, 0, sizeof(r->jobs));
}

/* `kiogen monitor`: a progress event of run 7, then its end */
static void do_monitor(const void *arg)
{
	static const struct {
		uint32_t event, state;
		const char *name;
	} evs[] = {
		{ KIOGEN_EVENT_CREATED, KIOGEN_STATE_RUNNING, "mixed" },
		{ KIOGEN_EVENT_PROGRESS, KIOGEN_STATE_RUNNING, "mixed" },
		{ KIOGEN_EVENT_ENDED, KIOGEN_STATE_FAILED, "mixed" },
		{ KIOGEN_EVENT_DELETED, KIOGEN_STATE_FAILED, NULL },	/* no name: "-" */
		{ 99, KIOGEN_STATE_DONE, "new" },	/* a newer module's event */
	};
	static char buf[4096];
	struct kg_mon m = { 0 };
	struct nlmsghdr *nlh;
	struct nlattr *nest;
	unsigned int k;

	(void)arg;
	for (k = 0; k < sizeof(evs) / sizeof(evs[0]); k++) {
		memset(buf, 0, sizeof(buf));
		nlh = fake_reply(buf, KIOGEN_CMD_RUN_EVENT);
		mnl_attr_put_u32(nlh, KIOGEN_A_EVENT, evs[k].event);
		nest = mnl_attr_nest_start(nlh, KIOGEN_A_RUN);
		mnl_attr_put_u32(nlh, KIOGEN_A_RUN_ID, 7);
		mnl_attr_put_u32(nlh, KIOGEN_A_RUN_STATE, evs[k].state);
		mnl_attr_put_u32(nlh, KIOGEN_A_RUN_NR_JOBS, 3);
		mnl_attr_put_u32(nlh, KIOGEN_A_RUN_NR_WORKERS, 5);
		mnl_attr_put_u64(nlh, KIOGEN_A_RUN_ELAPSED_NS, k * NS_PER_SEC / 2);
		mnl_attr_put_u64(nlh, KIOGEN_A_RUN_IOS, 1000 * k);
		mnl_attr_put_u64(nlh, KIOGEN_A_RUN_BYTES, 4096000 * k);
		mnl_attr_put_u64(nlh, KIOGEN_A_RUN_ERRORS, k >= 2 ? 3 : 0);
		mnl_attr_put_u32(nlh, KIOGEN_A_RUN_ERROR, k >= 2 ? (uint32_t)-5 : 0);
		if (evs[k].name)
			mnl_attr_put_strz(nlh, KIOGEN_A_RUN_JOB_NAME, evs[k].name);
		mnl_attr_nest_end(nlh, nest);
		kg_mon_event_cb(nlh, &m);
	}
}

/* ---- capture and compare ------------------------------------------------ */

/* What @fn printed on stdout, or NULL. */
static char *capture(void (*fn)(const void *), const void *arg)
{
	FILE *tmp = tmpfile();
	char *buf = NULL;
	size_t len = 0;
	int saved;

	if (!tmp)
		return NULL;
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	dup2(fileno(tmp), STDOUT_FILENO);
	fn(arg);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	len = ftell(tmp);
	rewind(tmp);
	buf = calloc(1, len + 1);
	if (buf && fread(buf, 1, len, tmp) != len) {
		free(buf);
		buf = NULL;
	}
	fclose(tmp);
	return buf;
}

/* Replaces every match of @re in @s by @by. */
static char *mask(char *s, const char *re, const char *by)
{
	regex_t rx;
	regmatch_t m;
	char *out, *p = s;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	if (regcomp(&rx, re, REG_EXTENDED))
		abort();
	while (!regexec(&rx, p, 1, &m, p == s ? 0 : REG_NOTBOL) && m.rm_eo > 0) {
		fwrite(p, 1, m.rm_so, f);
		fputs(by, f);
		p += m.rm_eo;
	}
	fputs(p, f);
	fclose(f);
	regfree(&rx);
	free(s);
	return out;
}

static char *normalize(char *s)
{
	s = mask(s, "[A-Z][a-z]{2} [A-Z][a-z]{2} [ 0-9][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2} [0-9]{4}",
		 "DATE");
	s = mask(s, "\"timestamp\" : [0-9]+", "\"timestamp\" : 0");
	return mask(s, "\"timestamp_ms\" : [0-9]+", "\"timestamp_ms\" : 0");
}

struct golden {
	const char *file;
	void (*fn)(const void *arg);
	const void *arg;
};

static int t_golden(const void *arg)
{
	const struct golden *g = arg;
	char path[512], *got, *want = NULL;
	size_t len = 0, i;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", KG_TESTDATA, g->file);
	got = capture(g->fn, g->arg);
	CHECK(got, "capture failed");
	got = normalize(got);
	if (getenv("KG_GOLDEN_UPDATE")) {
		f = fopen(path, "w");
		CHECK(f && fputs(got, f) >= 0 && !fclose(f), "cannot write %s", path);
		free(got);
		return T_PASS;
	}
	f = fopen(path, "r");
	CHECK(f, "%s: missing (KG_GOLDEN_UPDATE=1 makes it)", path);
	if (getdelim(&want, &len, '\0', f) < 0) {
		want = strdup("");
	}
	fclose(f);
	for (i = 0; got[i] && got[i] == want[i]; i++)
		;
	if (got[i] != want[i]) {
		const char *line = got + i;

		while (line > got && line[-1] != '\n')
			line--;
		fail("%s differs at byte %zu, in the line: %.*s", g->file, i,
		     (int)strcspn(line, "\n"), line);
		free(got);
		free(want);
		return T_FAIL;
	}
	free(got);
	free(want);
	return T_PASS;
}

/* ---- what is rendered ---------------------------------------------------- */

struct render {
	const struct kg_run_result *r;
	const struct kg_global *g;
	bool json;
};

static void do_render(const void *arg)
{
	const struct render *rd = arg;

	if (rd->json)
		kg_report_json(stdout, rd->r, rd->g);
	else
		kg_report_text(stdout, rd->r, rd->g);
}

/* every format the global options ask for, as `kiogen run` prints them */
static void do_print(const void *arg)
{
	const struct render *rd = arg;

	kg_report_print(stdout, rd->r, rd->g);
}

static struct kg_run_result empty_run, zero_run, grouped_run, ungrouped_run;
static struct kg_job grouped_jobs[3], ungrouped_jobs[3], zero_job;
static struct kg_worker zero_w[2];
static struct kg_global plus_glob, list_glob, terse3_glob, terse4_glob, terse5_glob;
static struct kg_global formats_glob;

/* the fixture with every job's group_reporting set to @on */
static void regroup(struct kg_run_result *r, struct kg_job *jobs, bool on)
{
	uint32_t i;

	*r = fx_run;
	for (i = 0; i < r->nr_jobs; i++) {
		jobs[i] = *fx_run.jobs[i].job;
		jobs[i].group_reporting = on;
		r->jobs[i].job = &jobs[i];
	}
}

static void build_inputs(void)
{
	fx_build_run();
	regroup(&grouped_run, grouped_jobs, true);
	regroup(&ungrouped_run, ungrouped_jobs, false);
	plus_glob = fx_glob;
	plus_glob.output_formats = KG_OUT_JSON | KG_OUT_JSON_PLUS;
	list_glob = fx_glob;
	list_glob.nr_percentiles = 3;
	list_glob.percentile_ppm[0] = 500000;
	list_glob.percentile_ppm[1] = 990000;
	list_glob.percentile_ppm[2] = 999000;
	list_glob.percentiles_set = true;
	if (kg_given_add(&list_glob.given, "percentile_list", "50:99:99.9", stderr))
		abort();
	terse3_glob = fx_glob;
	terse3_glob.output_formats = KG_OUT_TERSE;	/* version 0: fio's default, 3 */
	terse4_glob = terse3_glob;
	terse4_glob.terse_version = 4;
	terse5_glob = terse3_glob;
	terse5_glob.terse_version = 5;
	formats_glob = list_glob;
	formats_glob.output_formats = KG_OUT_NORMAL | KG_OUT_TERSE | KG_OUT_JSON;

	/* zero I/O in zero time: two workers that did nothing */
	zero_job = fx_jobs[0];
	snprintf(zero_job.name, sizeof(zero_job.name), "idle");
	if (kg_given_add(&zero_job.given, "name", "idle", stderr))
		abort();
	zero_job.group_reporting = false;
	zero_w[1].index = 1;
	zero_run.id = 9;
	zero_run.state = KIOGEN_STATE_STOPPED;
	zero_run.nr_jobs = 1;
	zero_run.jobs[0] = (struct kg_job_result){ &zero_job, 2, zero_w, 0 };
}

/* `kiogen show 7`, with the canned replies */
static void do_show(const void *arg)
{
	char *argv[] = { "kiogen", "show", "7", (char *)arg, NULL };

	kiogen_main(arg ? 4 : 3, argv);
}

static void do_show_running(const void *arg)
{
	fake_state = KIOGEN_STATE_RUNNING;
	do_show(arg);
	fake_state = KIOGEN_STATE_DONE;
}

/* compare: the kernel side is the fixture twice, the syscall side its job 0;
 * the zero one a single run without I/O */
static struct kg_jobs cmp_jobs;
static struct kg_side cmp_k = { .path = "kernel" }, cmp_s = { .path = "syscall" };
static struct kg_side zero_k = { .path = "kernel" }, zero_s = { .path = "syscall" };

static void build_compare(void)
{
	struct kg_run_result part = fx_run;
	struct kg_job *j = &cmp_jobs.jobs[0];
	unsigned int i;

	kg_jobs_init(&cmp_jobs);
	cmp_jobs.nr_jobs = 1;
	*j = cmp_jobs.defaults;
	snprintf(j->name, sizeof(j->name), "c");
	snprintf(j->ioengine, sizeof(j->ioengine), "io_uring");
	j->engine = "kiocb";
	j->mode = KIOGEN_MODE_ASYNC;
	j->direct = true;
	part.nr_jobs = 1;
	for (i = 0; i < 2; i++) {
		kg_run_metrics(&fx_run, cmp_k.m[i], &cmp_k.digest[i], &cmp_k.issued[i]);
		kg_run_metrics(&part, cmp_s.m[i], &cmp_s.digest[i], &cmp_s.issued[i]);
		kg_run_metrics(&zero_run, zero_k.m[i], &zero_k.digest[i], &zero_k.issued[i]);
		kg_run_metrics(&zero_run, zero_s.m[i], &zero_s.digest[i], &zero_s.issued[i]);
	}
	cmp_k.n = cmp_s.n = 2;
	zero_k.n = zero_s.n = 1;	/* degenerate twice: no I/O, one run (no spread) */
	cmp_s.m[1][KG_M_IOPS] *= 1.1;	/* some spread */
	cmp_k.m[0][KG_M_CLAT_MEAN] = cmp_k.m[1][KG_M_CLAT_MEAN] = 0;	/* no ratio */
}

struct cmp {
	const struct kg_side *k, *s;
	bool json;
};

static void do_compare(const void *arg)
{
	const struct cmp *c = arg;

	if (c->json)
		kg_compare_json(stdout, &cmp_jobs, c->k, c->s);
	else
		kg_compare_text(stdout, &cmp_jobs, c->k, c->s);
}

/* the RUN_NEW job attributes of some command lines, in hex */
static const char *const encode_lines[][16] = {
	{ "--filename=/dev/x", "--ioengine=bio", "--direct=1", "--rw=randrw", "--bs=16k",
	  "--size=50G", "--numjobs=16", "--runtime=120", "--group_reporting",
	  "--name=test", "--rwmixread=90", "--thread", NULL },
	{ "--name=a", "--filename=/x", "--ioengine=io_uring", "--iodepth=16",
	  "--iodepth_batch=0", "--iodepth_batch_complete=4", "--iodepth_low=100",
	  "--continue_on_error=io", "--time_based", "--runtime=1m", "--norandommap", NULL },
	{ "--name=k", "--filename=/x", "--ioengine=kiocb", "--rw=randwrite", "--fsync=8",
	  "--fdatasync=2", "--end_fsync=1", "--offset=1m", "--number_ios=100",
	  "--io_size=4m", "--ramp_time=500ms", "--randseed=42", "--hipri", "--direct=1", NULL },
	{ "--name=n", "--ioengine=null", "--size=1g", "--rw=rw", "--rwmixwrite=30",
	  "--name=n2", "--rw=read", "--bs=1m", NULL },
};

static void do_encode(const void *arg)
{
	static char buf[KG_NL_BUFSIZE];
	static struct kg_jobs js;
	size_t l, i;
	unsigned int k;

	(void)arg;
	for (l = 0; l < ARRAY_SIZE(encode_lines); l++) {
		struct nlmsghdr *nlh;
		int argc = 0;

		while (encode_lines[l][argc])
			argc++;
		kg_jobs_init(&js);
		if (kg_parse_args(&js, argc, (char **)encode_lines[l], stdout) ||
		    kg_jobs_finish(&js, stdout, stdout))
			continue;
		memset(buf, 0, sizeof(buf));
		nlh = mnl_nlmsg_put_header(buf);
		for (k = 0; k < js.nr_jobs; k++)
			kg_job_put(nlh, &js.jobs[k], (const int[]){ 3 }, 1, NULL);
		printf("%s\n", encode_lines[l][0]);
		for (i = sizeof(*nlh); i < nlh->nlmsg_len; i++)
			printf("%02x%s", (unsigned char)buf[i],
			       (i - sizeof(*nlh)) % 32 == 31 ? "\n" : "");
		printf("\n");
	}
}

static const struct render r_text = { &fx_run, &fx_glob, false };
static const struct render r_json = { &fx_run, &fx_glob, true };
static const struct render r_plus = { &fx_run, &plus_glob, true };
static const struct render r_grouped = { &grouped_run, &list_glob, false };
static const struct render r_grouped_json = { &grouped_run, &list_glob, true };
static const struct render r_ungrouped = { &ungrouped_run, &fx_glob, false };
static const struct render r_ungrouped_json = { &ungrouped_run, &fx_glob, true };
static const struct render r_empty = { &empty_run, &fx_glob, false };
static const struct render r_empty_json = { &empty_run, &fx_glob, true };
static const struct render r_zero = { &zero_run, &fx_glob, false };
static const struct render r_zero_json = { &zero_run, &fx_glob, true };
static const struct render r_terse3 = { &fx_run, &terse3_glob, false };
static const struct render r_terse4 = { &fx_run, &terse4_glob, false };
static const struct render r_terse5 = { &fx_run, &terse5_glob, false };
static const struct render r_terse_zero = { &zero_run, &terse5_glob, false };
static const struct render r_formats = { &grouped_run, &formats_glob, false };
static const struct cmp c_text = { &cmp_k, &cmp_s, false };
static const struct cmp c_json = { &cmp_k, &cmp_s, true };
static const struct cmp c_zero = { &zero_k, &zero_s, false };
static const struct cmp c_zero_json = { &zero_k, &zero_s, true };

static const struct golden goldens[] = {
	{ "report.txt", do_render, &r_text },
	{ "report.json", do_render, &r_json },
	{ "report-plus.json", do_render, &r_plus },
	{ "report-grouped.txt", do_render, &r_grouped },
	{ "report-grouped.json", do_render, &r_grouped_json },
	{ "report-ungrouped.txt", do_render, &r_ungrouped },
	{ "report-ungrouped.json", do_render, &r_ungrouped_json },
	{ "report-empty.txt", do_render, &r_empty },
	{ "report-empty.json", do_render, &r_empty_json },
	{ "report-zero.txt", do_render, &r_zero },
	{ "report-zero.json", do_render, &r_zero_json },
	{ "report-terse3.txt", do_print, &r_terse3 },
	{ "report-terse4.txt", do_print, &r_terse4 },
	{ "report-terse5.txt", do_print, &r_terse5 },
	{ "report-terse-zero.txt", do_print, &r_terse_zero },
	{ "report-formats.txt", do_print, &r_formats },
	{ "compare.txt", do_compare, &c_text },
	{ "compare.json", do_compare, &c_json },
	{ "compare-zero.txt", do_compare, &c_zero },
	{ "compare-zero.json", do_compare, &c_zero_json },
	{ "show.txt", do_show, NULL },
	{ "show.json", do_show, "--output-format=json" },
	{ "show-running.txt", do_show_running, NULL },
	{ "encode.txt", do_encode, NULL },
	{ "monitor.txt", do_monitor, NULL },
};

/* The ETA's 100% is the bytes the worker transfers, as the core counts them. */
static const struct {
	const char *args[9];
	uint64_t bytes;
} eta_cases[] = {
	{ { "--name=x", "--filename=/x", "--size=8m", "--rw=read" }, 8 << 20 },
	{ { "--name=x", "--filename=/x", "--size=8m", "--io_size=2m", "--loops=3" }, 6 << 20 },
	{ { "--name=x", "--filename=/x", "--size=8m", "--rw=read:12k", "--bs=4k", "--loops=2" }, 4 << 20 },
	{ { "--name=x", "--filename=/x", "--size=8m", "--rw=read:12k", "--bs=4k", "--io_size=8m" }, 8 << 20 },
	{ { "--name=x", "--filename=/x", "--size=1m", "--rw=trimwrite", "--bs=64k" }, 2 << 20 },
	{ { "--name=x", "--filename=/x", "--size=8m", "--number_ios=10", "--bs=4k", "--loops=2" }, 40960 },
};

static int t_eta_bytes(const void *arg)
{
	size_t l;

	(void)arg;
	for (l = 0; l < ARRAY_SIZE(eta_cases); l++) {
		struct kg_jobs js;
		int argc = 0;
		uint64_t got;

		while (eta_cases[l].args[argc])
			argc++;
		kg_jobs_init(&js);
		CHECK(!kg_parse_args(&js, argc, (char **)eta_cases[l].args, stderr) &&
		      !kg_jobs_finish(&js, stderr, stderr), "%s: refused", eta_cases[l].args[3]);
		got = kg_eta_bytes(&js.jobs[0], 0);
		CHECK(got == eta_cases[l].bytes, "%s %s %s: %" PRIu64 " bytes, want %" PRIu64,
		      eta_cases[l].args[2], eta_cases[l].args[3],
		      eta_cases[l].args[4] ?: "", got, eta_cases[l].bytes);
	}
	/* no size: the target's, resolved by the path, is the 100% */
	{
		static const char *const args[] = { "--name=x", "--filename=/x",
						     "--loops=2", "--numjobs=3" };
		const uint64_t io_bytes[] = { 8 << 20 };
		struct kg_eta_line e;
		struct kg_jobs js;

		kg_jobs_init(&js);
		CHECK(!kg_parse_args(&js, 4, (char **)args, stderr) &&
		      !kg_jobs_finish(&js, stderr, stderr), "no size: refused");
		kg_eta_start(&js, io_bytes, &e);
		CHECK(e.bytes == 3 * 2 * (8 << 20), "no size: %" PRIu64 " bytes, want 48 MiB",
		      e.bytes);
	}
	/* files of their own sizes: each worker sums its own files' */
	{
		uint64_t regions[] = { 256 << 10, 1 << 20 };
		struct kg_target t = { .nr_fds = 2, .worker_files = 2, .regions = regions };
		struct kg_job j = { .numjobs = 2 };

		CHECK(kg_target_io_bytes(&j, &t, 256 << 10) == 1280 << 10,
		      "two files, both for each worker: %" PRIu64 " bytes, want 1280 KiB",
		      kg_target_io_bytes(&j, &t, 256 << 10));
		t.worker_files = 1;
		CHECK(kg_target_io_bytes(&j, &t, 256 << 10) == 640 << 10,
		      "two files, one each: %" PRIu64 " bytes, want their mean, 640 KiB",
		      kg_target_io_bytes(&j, &t, 256 << 10));
	}
	return T_PASS;
}

int main(void)
{
	struct tcase cases[ARRAY_SIZE(goldens) + 1];
	size_t i;

	build_inputs();
	build_compare();
	for (i = 0; i < ARRAY_SIZE(goldens); i++)
		cases[i] = (struct tcase){ goldens[i].file, t_golden, &goldens[i] };
	cases[i] = (struct tcase){ "eta: the bytes of loops, holes, trimwrite, number_ios, a target's size, files' own",
				   t_eta_bytes, NULL };
	return run_cases(cases, ARRAY_SIZE(cases));
}
