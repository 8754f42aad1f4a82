// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of ctl/report/report.c: merging workers, latency statistics, and the
 * fio-style text and JSON reports of a synthetic run whose every number is
 * known (latencies pushed through kiog_hist_idx(), cumulative interval
 * samples, CPU time, depths, disk counters). JSON is checked with python3
 * where it exists; without it those cases are skipped, not passed. Prints
 * TAP and exits non-zero if any case failed.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json/json.h"
#include "report/meta-path.h"
#include "report/report.h"
#include "tap.h"
#include "test_fixture.h"

static char *text, *json;		/* the reports */
static size_t text_len, json_len;
static char json_path[] = "/tmp/kiogen-test-report-XXXXXX";
static bool have_python;

static char *render(int (*fn)(FILE *, const struct kg_run_result *,
			      const struct kg_global *),
		    const struct kg_run_result *r, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (!f || fn(f, r, &fx_glob) || fclose(f)) {
		fprintf(stderr, "report failed\n");
		exit(2);
	}
	return buf;
}

static char *render_g(int (*fn)(FILE *, const struct kg_run_result *,
				const struct kg_global *),
		      const struct kg_run_result *r, const struct kg_global *g)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	if (!f || fn(f, r, g) || fclose(f)) {
		fprintf(stderr, "report failed\n");
		exit(2);
	}
	return buf;
}

static void setup(void)
{
	int fd;

	fx_build_run();
	text = render(kg_report_text, &fx_run, &text_len);
	json = render(kg_report_json, &fx_run, &json_len);

	fd = mkstemp(json_path);
	if (fd < 0 || write(fd, json, json_len) != (ssize_t)json_len) {
		perror("json file");
		exit(2);
	}
	close(fd);
	have_python = !system("command -v python3 >/dev/null 2>&1");
}

/* ---- helpers ---------------------------------------------------------- */

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* nearest-rank percentile of the known read latencies */
static uint64_t true_percentile(uint32_t ppm)
{
	uint64_t rank = ((uint64_t)fx_nr_read_lat * ppm + 999999) / 1000000;

	return fx_read_lat[(rank ? rank : 1) - 1];
}

static bool starts_with(const char *s, const char *prefix)
{
	return s && !strncmp(s, prefix, strlen(prefix));
}

static bool within_pct(double got, double want, double pct)
{
	return fabs(got - want) <= want * pct / 100.0;
}

/* The block of the text report starting at its @nth line starting with @head. */
static const char *block(const char *head, int nth)
{
	const char *p = text;

	while ((p = strstr(p, head))) {
		if ((p == text || p[-1] == '\n') && !nth--)
			return p;
		p++;
	}
	return NULL;
}

/* The line of @from containing @needle, copied into @out, before @stop. */
static bool line_with(const char *from, const char *stop, const char *needle,
		      char *out, size_t size)
{
	const char *p = strstr(from, needle), *bol, *eol;

	if (!p || (stop && p > stop))
		return false;
	for (bol = p; bol > from && bol[-1] != '\n'; bol--)
		;
	eol = strchr(p, '\n');
	if (!eol)
		eol = p + strlen(p);
	snprintf(out, size, "%.*s", (int)(eol - bol), bol);
	return true;
}

/* Evaluates a Python expression over the parsed JSON as "d". */
static bool json_query(const char *expr, char *out, size_t size)
{
	char cmd[1024];
	FILE *p;
	bool ok;

	snprintf(cmd, sizeof(cmd),
		 "python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print((%s))' %s 2>&1",
		 expr, json_path);
	p = popen(cmd, "r");
	if (!p)
		return false;
	ok = fgets(out, (int)size, p);
	if (ok)
		out[strcspn(out, "\n")] = '\0';
	return !pclose(p) && ok;
}

static bool json_num(const char *expr, double *v)
{
	char out[256], *end;

	if (!json_query(expr, out, sizeof(out)))
		return false;
	*v = strtod(out, &end);
	return end != out && !*end;
}

/* ---- cases: statistics ------------------------------------------------ */

static struct kg_dir *known_set(void)
{
	static const uint64_t v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	static struct kg_dir d;
	size_t i;

	memset(&d, 0, sizeof(d));
	for (i = 0; i < ARRAY_SIZE(v); i++)
		fx_dir_add(&d, v[i], 512);
	return &d;
}

static int t_mean(const void *arg)
{
	double m = kg_dir_mean_ns(known_set());

	(void)arg;
	CHECK(m == 5.0, "mean %f, want 5", m);
	return T_PASS;
}

static int t_stdev(const void *arg)
{
	double s = kg_dir_stdev_ns(known_set()), want = sqrt(32.0 / 7.0);

	(void)arg;
	/* population deviation would be exactly 2: fio divides by n - 1 */
	CHECK(fabs(s - want) < 1e-9, "stdev %.12f, want %.12f", s, want);
	return T_PASS;
}

static int t_stdev_degenerate(const void *arg)
{
	struct kg_dir d = { 0 };

	(void)arg;
	CHECK(kg_dir_stdev_ns(&d) == 0.0, "stdev of nothing %f", kg_dir_stdev_ns(&d));
	CHECK(kg_dir_mean_ns(&d) == 0.0, "mean of nothing %f", kg_dir_mean_ns(&d));
	fx_dir_add(&d, 12345, 512);
	CHECK(kg_dir_stdev_ns(&d) == 0.0, "stdev of one %f", kg_dir_stdev_ns(&d));
	return T_PASS;
}

static int t_stdev_large(const void *arg)
{
	struct kg_dir d = { 0 };
	uint32_t k;

	(void)arg;
	/*
	 * 1e6 latencies of 100 us +- 1 us: sum of squares 1e16, variance
	 * part 1e12, which a naive double formula still gets right but only
	 * just; the deviation must come out as 1 us.
	 */
	for (k = 0; k < 1000000; k++)
		fx_dir_add(&d, 100000 + (k & 1 ? 1000 : -1000), 512);
	CHECK(within_pct(kg_dir_stdev_ns(&d), 1000.0, 0.01), "stdev %f, want ~1000",
	      kg_dir_stdev_ns(&d));
	return T_PASS;
}

static int t_dir_merge(const void *arg)
{
	struct kg_dir into = { 0 }, empty = { 0 };
	const struct kg_dir *a = &fx_mixed[0].dir[0], *b = &fx_mixed[1].dir[0];
	uint64_t total = 0;
	size_t i;

	(void)arg;
	kg_dir_merge(&into, a);
	kg_dir_merge(&into, &empty);	/* no I/O: must not drag min to 0 */
	kg_dir_merge(&into, b);
	CHECK(into.ios == a->ios + b->ios, "ios %llu", (unsigned long long)into.ios);
	CHECK(into.bytes == a->bytes + b->bytes, "bytes %llu",
	      (unsigned long long)into.bytes);
	CHECK(into.lat_sum == a->lat_sum + b->lat_sum, "lat_sum");
	CHECK(into.lat_min == (a->lat_min < b->lat_min ? a->lat_min : b->lat_min),
	      "lat_min %llu", (unsigned long long)into.lat_min);
	CHECK(into.lat_max == (a->lat_max > b->lat_max ? a->lat_max : b->lat_max),
	      "lat_max %llu", (unsigned long long)into.lat_max);
	for (i = 0; i < KIOG_HIST_BUCKETS; i++) {
		CHECK(into.hist[i] == a->hist[i] + b->hist[i], "bucket %zu", i);
		total += into.hist[i];
	}
	CHECK(total == MIX_READS, "hist total %llu", (unsigned long long)total);
	return T_PASS;
}

static int t_worker_merge(const void *arg)
{
	struct kg_worker m = { 0 };
	int rc = T_PASS;

	(void)arg;
	CHECK(!kg_worker_merge(&m, &fx_mixed[0]) && !kg_worker_merge(&m, &fx_mixed[1]),
	      "merge failed");
	if (m.elapsed_ns != 2 * NS_PER_SEC)
		rc = fail("elapsed %llu, want the longest", (unsigned long long)m.elapsed_ns);
	else if (m.cpu_usr_ns != 300000000 || m.cpu_sys_ns != 900000000)
		rc = fail("cpu %llu/%llu", (unsigned long long)m.cpu_usr_ns,
			  (unsigned long long)m.cpu_sys_ns);
	else if (m.ctx_vol + m.ctx_invol != 15)
		rc = fail("ctx");
	else if (m.depths[0] != 100 || m.depths[2] != 8900)
		rc = fail("depths %llu %llu", (unsigned long long)m.depths[0],
			  (unsigned long long)m.depths[2]);
	else if (m.digest != 0x1234)
		rc = fail("digest %llx, want the sum", (unsigned long long)m.digest);
	else if (m.dir[1].ios != MIX_WRITES0 + MIX_WRITES1)
		rc = fail("write ios %llu", (unsigned long long)m.dir[1].ios);
	kg_worker_release(&m);
	CHECK(!m.samples && !m.nr_samples, "release left samples");
	return rc;
}

static int t_samples_merge(const void *arg)
{
	static const uint64_t want_r[] = { 1666, 3333, 5000, 6000 };
	struct kg_worker m = { 0 };
	int rc = T_PASS;
	uint32_t i;

	(void)arg;
	CHECK(!kg_worker_merge(&m, &fx_mixed[0]) && !kg_worker_merge(&m, &fx_mixed[1]),
	      "merge failed");
	if (m.nr_samples != 4 || m.sample_ns != NS_PER_SEC / 2)
		rc = fail("%u samples of %llu ns", m.nr_samples,
			  (unsigned long long)m.sample_ns);
	for (i = 0; rc == T_PASS && i < 4; i++)
		/* worker 1 stopped after 3: its last sample carries on */
		if (m.samples[i].ios[0] != want_r[i] ||
		    m.samples[i].bytes[0] != want_r[i] * BS)
			rc = fail("sample %u: %llu reads, want %llu", i,
				  (unsigned long long)m.samples[i].ios[0],
				  (unsigned long long)want_r[i]);
	kg_worker_release(&m);
	return rc;
}

static int t_default_percentiles(const void *arg)
{
	struct kg_global g = { 0 };

	(void)arg;
	kg_default_percentiles(&g);
	CHECK(g.nr_percentiles == 17, "%u percentiles", g.nr_percentiles);
	CHECK(g.percentile_ppm[0] == 10000 && g.percentile_ppm[13] == 995000 &&
		      g.percentile_ppm[16] == 999900,
	      "list %u %u %u", g.percentile_ppm[0], g.percentile_ppm[13],
	      g.percentile_ppm[16]);
	return T_PASS;
}

/* ---- cases: text report ----------------------------------------------- */

static int t_text_header(const void *arg)
{
	const char *b = block("mixed: ", 0);

	(void)arg;
	CHECK(b, "no block for job mixed");
	CHECK(starts_with(b, "mixed: (groupid=0, jobs=2): err= 0: pid=0: "),
	      "header '%.60s'", b);
	CHECK(!block("mixed: ", 1), "group_reporting job printed twice");
	return T_PASS;
}

static int t_text_read_line(const void *arg)
{
	const char *want = "  read: IOPS=3000, BW=11.7MiB/s (12.3MB/s)(23.4MiB/2000msec)\n";

	(void)arg;
	CHECK(strstr(block("mixed: ", 0), want), "no line '%s' in:\n%s", want, text);
	return T_PASS;
}

static int t_text_write_line(const void *arg)
{
	const char *want = "  write: IOPS=1500, BW=6000KiB/s (6144kB/s)(11.7MiB/2000msec); 0 zone resets\n";

	(void)arg;
	CHECK(strstr(block("mixed: ", 0), want), "no line '%s'", want);
	return T_PASS;
}

static int t_text_k_suffix(const void *arg)
{
	const char *want = "  read: IOPS=12.3k, BW=48.0MiB/s (50.3MB/s)(48.0MiB/1000msec)\n";

	(void)arg;
	CHECK(strstr(block("fast: ", 0), want), "no line '%s'", want);
	return T_PASS;
}

static int t_text_lat_units(const void *arg)
{
	char line[256];

	(void)arg;
	CHECK(line_with(block("mixed: ", 0), NULL, "    clat (usec): min=20, max=999", line,
			sizeof(line)), "read clat not in usec");
	CHECK(line_with(block("mixed: ", 0), NULL, "     lat (usec): min=24", line,
			sizeof(line)), "no lat line of clat + slat");
	CHECK(line_with(block("seq: ", 0), NULL, "     lat (msec): min=3, max=102,", line,
			sizeof(line)), "seq lat not equal to its clat");
	CHECK(line_with(block("seq: ", 0), NULL, "    clat (msec): min=3, max=102,", line,
			sizeof(line)), "seq clat not in msec");
	CHECK(line_with(block("fast: ", 0), NULL, "    clat (nsec): min=32, max=95,", line,
			sizeof(line)), "fast clat not in nsec");
	return T_PASS;
}

/* slat only for the asynchronous job, before clat, as fio prints it */
static int t_text_slat(const void *arg)
{
	const char *b = block("mixed: ", 0), *seq = block("seq: ", 0);
	const char *slat = strstr(b, "    slat (nsec): min=4000, max=5999, avg="),
		   *clat = strstr(b, "    clat (usec):");

	(void)arg;
	CHECK(slat && clat && slat < clat, "no slat line before clat in the async job");
	CHECK(!strstr(seq, "slat (") || strstr(seq, "slat (") > block("fast: ", 0),
	      "a synchronous job shows slat");
	CHECK(strstr(seq, "    lat percentiles (msec):"),
	      "lat_percentiles=1 shows no lat percentiles");
	CHECK(!strstr(b, "    lat percentiles") ||
	      strstr(b, "    lat percentiles") > seq, "lat percentiles without lat_percentiles=1");
	return T_PASS;
}

/* fio's submit and complete lines: I/Os per call, in percent of the calls */
static int t_text_submit_complete(const void *arg)
{
	const char *b = block("mixed: ", 0);

	(void)arg;
	CHECK(strstr(b, "\n     submit    : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n"),
	      "no submit line, or not all in 1-4");
	CHECK(strstr(b, "\n     complete  : 0=0.0%, 4=99.7%, 8=0.3%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n"),
	      "no complete line of 3000 x 1-4 and 10 x 5-8");
	return T_PASS;
}

static int t_text_percentiles(const void *arg)
{
	const char *b = block("mixed: ", 0), *w = strstr(b, "  write:");
	char line[256];
	unsigned long long v;
	const char *p;

	(void)arg;
	CHECK(line_with(b, w, "    clat percentiles (usec):", line, sizeof(line)),
	      "no read percentile block in usec");
	CHECK(line_with(b, w, "|  1.00th=[", line, sizeof(line)), "no 1st percentile");
	/* fio's layout: four per line, "     |" in front */
	CHECK(line_with(b, w, "| 99.00th=[", line, sizeof(line)), "no 99th");
	CHECK(starts_with(line, "     | 99.00th=[") && strstr(line, "99.95th="),
	      "layout '%s'", line);
	p = strstr(line, "99.00th=[") + 9;
	v = strtoull(p, NULL, 10);
	CHECK(within_pct(v * 1000.0, true_percentile(990000), 1.0),
	      "99th %llu us, truth %llu ns", v,
	      (unsigned long long)true_percentile(990000));
	return T_PASS;
}

static int t_text_rates(const void *arg)
{
	const char *b = block("mixed: ", 0);
	char line[256];

	(void)arg;
	/* intervals: 1666, 1667, 1667 and 1000 reads in 0.5 s */
	CHECK(line_with(b, NULL, "   iops        : min= 2000, max= 3334, avg=3000.00, stdev=",
			line, sizeof(line)), "iops line");
	CHECK(strstr(line, "samples=4"), "iops samples: '%s'", line);
	CHECK(line_with(b, NULL, "   bw (  KiB/s): min= 8000, max=13336, per=11.93%, avg=12000.00",
			line, sizeof(line)), "bw line");
	return T_PASS;
}

static int t_text_lat_dist(const void *arg)
{
	const char *b = block("mixed: ", 0), *cpu = strstr(b, "  cpu ");
	const char *p = b;
	double sum = 0;

	(void)arg;
	/* every I/O in exactly one bucket: the shares add up to 100% */
	while ((p = strstr(p, "\n  lat (")) && p < cpu) {
		const char *eol = strchr(++p, '\n');
		const char *q = strchr(p, ':') + 1;

		while ((q = strchr(q, '=')) && q < eol) {
			sum += strtod(q + 1, NULL);
			q++;
		}
		p = eol;
	}
	CHECK(fabs(sum - 100.0) < 0.1, "lat distribution sums to %f", sum);
	CHECK(strstr(b, "  lat (usec)   : 10="), "no [4, 10) us bucket for the writes");
	return T_PASS;
}

static int t_text_cpu_depths(const void *arg)
{
	const char *b = block("mixed: ", 0);

	(void)arg;
	CHECK(strstr(b, "  cpu          : usr=8.57%, sys=25.71%, ctx=15, majf=0, minf=0\n"),
	      "cpu line, as a share of 3.5 s of worker time");
	CHECK(strstr(b, "  IO depths    : 1=1.1%, 2=0.0%, 4=98.9%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%\n"),
	      "IO depths line");
	CHECK(strstr(b, "     issued rwts: total=6000,3000,0,0 short=0,0,0,0 dropped=0,0,0,0\n"),
	      "issued line");
	CHECK(strstr(b, "     latency   : target=0, window=0, percentile=100.00%, depth=4\n"),
	      "latency line");
	return T_PASS;
}

static int t_text_ungrouped(const void *arg)
{
	const char *b0 = block("seq: ", 0), *b1 = block("seq: ", 1);

	(void)arg;
	CHECK(b0 && b1 && !block("seq: ", 2), "want one block per worker");
	CHECK(starts_with(b0, "seq: (groupid=0, jobs=1): err= 0: pid=0: "),
	      "first '%.50s'", b0);
	CHECK(starts_with(b1, "seq: (groupid=0, jobs=1): err= 5 (Input/output error): pid=0: "),
	      "second '%.70s'", b1);
	CHECK(strstr(b1, "     errors    : total=3, first_error=5/<Input/output error>\n"),
	      "errors line");
	return T_PASS;
}

static int t_text_group(const void *arg)
{
	const char *g = block("Run status group 0 (all jobs):", 0);

	(void)arg;
	CHECK(g, "no group block");
	/* reads: 24.6 + 131 + 50.3 MB over the longest runtime, 2 s */
	CHECK(strstr(g, "\n   READ: bw=98.2MiB/s (103MB/s), 11.7MiB/s-62.5MiB/s (12.3MB/s-65.5MB/s), io=196MiB (206MB), run=1000-2000msec\n"),
	      "READ line:\n%s", g);
	CHECK(strstr(g, "\n  WRITE: bw=6000KiB/s (6144kB/s), 6000KiB/s-6000KiB/s (6144kB/s-6144kB/s), io=11.7MiB (12.3MB), run=2000-2000msec\n"),
	      "WRITE line:\n%s", g);
	return T_PASS;
}

/* stonewall/new_group: each job under its group's header, one status block per group */
static int t_text_two_groups(const void *arg)
{
	size_t len;
	char *t, *j, *g0, *g1;
	int rc = T_PASS;

	(void)arg;
	fx_jobs[1].groupid = 1;
	t = render(kg_report_text, &fx_run, &len);
	j = render(kg_report_json, &fx_run, &len);
	fx_jobs[1].groupid = 0;
	g0 = strstr(t, "\nRun status group 0 (all jobs):\n");
	g1 = strstr(t, "\nRun status group 1 (all jobs):\n");
	if (!strstr(t, "\nseq: (groupid=1, jobs=1): err= 0: pid=0: ") ||
	    !strstr(t, "mixed: (groupid=0, jobs=2)"))
		rc = fail("job headers do not carry their groups");
	else if (!g0 || !g1 || g1 < g0 || !strstr(g1, "\n   READ: bw=") ||
		 strstr(g0, "io=196MiB"))
		rc = fail("group blocks:\n%s", g0 ? g0 : t);
	else if (!strstr(j, "\"jobname\" : \"seq\",\n      \"groupid\" : 1,"))
		rc = fail("JSON groupid of seq");
	free(t);
	free(j);
	return rc;
}

static int t_text_disks(const void *arg)
{
	struct kg_run_result *r = malloc(sizeof(*r));
	size_t len;
	char *t;
	int rc = T_PASS;

	(void)arg;
	CHECK(strstr(text, "\nDisk stats (read/write):\n  nullb0: ios=6000/3000, merge=7/0, ticks=900/450, in_queue=1350, util=75.00%\n"),
	      "disk stats");
	CHECK(!strstr(text, "sdz"), "invalid disk printed");
	CHECK(r, "oom");
	*r = fx_run;
	r->disks[0].valid = false;
	t = render(kg_report_text, r, &len);
	if (strstr(t, "Disk stats"))
		rc = fail("Disk stats without a valid disk");
	free(t);
	free(r);
	return rc;
}

/*
 * I/Os without latencies (a job done within its ramp_time): fio 3.33 prints
 * its IOPS and bandwidth line and no slat, clat, lat or percentiles.
 */
static int t_text_untimed(const void *arg)
{
	struct kg_dir *d = &fx_fast[0].dir[KIOGEN_DIR_READ], saved = *d;
	size_t len;
	char *t, *j, *fast, *jfast;
	int rc = T_PASS;

	(void)arg;
	memset(d, 0, sizeof(*d));
	d->ios = saved.ios;
	d->bytes = saved.bytes;
	t = render(kg_report_text, &fx_run, &len);
	j = render(kg_report_json, &fx_run, &len);
	*d = saved;
	fast = strstr(t, "\nfast: (groupid=");
	jfast = strstr(j, "\"jobname\" : \"fast\"");
	if (!fast || !strstr(fast, "  read: IOPS=12.3k") ||
	    strstr(fast, "lat (") || strstr(fast, "percentiles"))
		rc = fail("fast's block:\n%s", fast ? fast : t);
	else if (!jfast || !strstr(jfast, "\"clat_ns\" : {\n          \"min\" : 0,"))
		rc = fail("JSON of fast:\n%s", jfast ? jfast : j);
	free(t);
	free(j);
	return rc;
}

/*
 * Reads that completed inside their submission: one line under fast's read
 * clat (and nowhere else), the count under "kiogen" in JSON, terse as it was.
 */
static int t_text_inline(const void *arg)
{
	struct kg_dir *d = &fx_fast[0].dir[KIOGEN_DIR_READ];
	char want[160], jwant[64], *t, *j, *tr0, *tr1, *fast, *clat, *jfast;
	size_t len;
	int rc = T_PASS;

	(void)arg;
	tr0 = render(kg_report_terse, &fx_run, &len);
	d->inline_ios = d->ios - 1;
	t = render(kg_report_text, &fx_run, &len);
	j = render(kg_report_json, &fx_run, &len);
	tr1 = render(kg_report_terse, &fx_run, &len);
	d->inline_ios = 0;
	snprintf(want, sizeof(want),
		 "\nkiogen clat: %llu of %llu I/Os completed inside their submission: clat is submit to reap, as fio's\n     lat (",
		 (unsigned long long)(d->ios - 1), (unsigned long long)d->ios);
	snprintf(jwant, sizeof(jwant), "\"inline_ios\" : {\n          \"read\" : %llu,",
		 (unsigned long long)(d->ios - 1));
	fast = strstr(t, "\nfast: (groupid=");
	clat = fast ? strstr(fast, "\n    clat (") : NULL;
	jfast = strstr(j, "\"jobname\" : \"fast\"");
	if (!clat || strncmp(strchr(clat + 1, '\n'), want, strlen(want)) ||
	    strstr(t, "inside their submission") != strstr(fast, "inside their submission") ||
	    strstr(strstr(t, "inside their submission") + 1, "inside their submission"))
		rc = fail("one line under fast's read clat:\n%s", fast ? fast : t);
	else if (!jfast || !strstr(jfast, jwant) ||
		 !strstr(j, "\"inline_ios\" : {\n          \"read\" : 0,"))
		rc = fail("kiogen.inline_ios of fast, 0 elsewhere:\n%s", jfast ? jfast : j);
	else if (strcmp(tr0, tr1))
		rc = fail("terse changed:\n%s\n%s", tr0, tr1);
	free(t);
	free(j);
	free(tr0);
	free(tr1);
	return rc;
}

/* kb_base=1000: fio's decimal units first, binary in parentheses */
static int t_text_kb_base(const void *arg)
{
	size_t len;
	char *t, *fast, *bw, line[128] = "";
	int rc = T_PASS;

	(void)arg;
	fx_jobs[2].kb_base = 1000;
	t = render(kg_report_text, &fx_run, &len);
	fx_jobs[2].kb_base = 0;
	fast = strstr(t, "\nfast: (groupid=");
	bw = fast ? strstr(fast, ", BW=") : NULL;
	if (bw)
		snprintf(line, sizeof(line), "%.*s", (int)strcspn(bw, "\n"), bw);
	/* fio's ", BW=50.3MB/s (48.0MiB/s)(50.3MB/1000msec)" */
	if (!strstr(line, "MB/s (") || !strstr(line, "MiB/s)(") || strstr(line, "iB/s (") ||
	    !strstr(line, "MB/1000msec)"))
		rc = fail("fast's block under kb_base=1000:\n%s", fast ? fast : t);
	free(t);
	return rc;
}

/* ---- cases: JSON ------------------------------------------------------ */

/* a per-I/O log that missed samples says how many under "kiogen" */
static int t_json_log_lost(const void *arg)
{
	static struct kg_log_data ld = { .io_lost = 5 };
	size_t len;
	char *j, *fast;
	int rc = T_PASS;

	(void)arg;
	fx_jobs[2].log_ring = 64;
	fx_fast[0].log = &ld;
	j = render(kg_report_json, &fx_run, &len);
	fx_jobs[2].log_ring = 0;
	fx_fast[0].log = NULL;
	fast = strstr(j, "\"jobname\" : \"fast\"");
	if (!fast || !strstr(fast, "\"log_lost\" : 5,") ||
	    strstr(j, "\"log_lost\"") < fast)
		rc = fail("log_lost of fast (and only there):\n%s", fast ? fast : j);
	free(j);
	return rc;
}



static int t_json_valid(const void *arg)
{
	char cmd[256];

	(void)arg;
	if (!have_python)
		return skip("python3 not found");
	snprintf(cmd, sizeof(cmd), "python3 -m json.tool %s >/dev/null", json_path);
	CHECK(!system(cmd), "python3 -m json.tool rejects the report");
	return T_PASS;
}

static int t_json_read(const void *arg)
{
	double iops, total, bw;

	(void)arg;
	if (!have_python)
		return skip("python3 not found");
	CHECK(json_num("d[\"jobs\"][0][\"read\"][\"iops\"]", &iops) && iops == 3000.0,
	      "jobs[0].read.iops");
	CHECK(json_num("d[\"jobs\"][0][\"read\"][\"total_ios\"]", &total) && total == MIX_READS,
	      "jobs[0].read.total_ios");
	CHECK(json_num("d[\"jobs\"][0][\"read\"][\"bw\"]", &bw) && bw == 12000,
	      "jobs[0].read.bw (KiB/s)");
	CHECK(json_num("d[\"jobs\"][0][\"read\"][\"iops_samples\"]", &bw) && bw == 4,
	      "jobs[0].read.iops_samples");
	return T_PASS;
}

static int t_json_percentiles(const void *arg)
{
	uint32_t i;

	(void)arg;
	if (!have_python)
		return skip("python3 not found");
	for (i = 0; i < fx_glob.nr_percentiles; i++) {
		uint32_t ppm = fx_glob.percentile_ppm[i];
		char expr[128];
		double v;

		snprintf(expr, sizeof(expr),
			 "d[\"jobs\"][0][\"read\"][\"clat_ns\"][\"percentile\"][\"%f\"]",
			 ppm / 10000.0);
		CHECK(json_num(expr, &v), "%s missing", expr);
		CHECK(within_pct(v, true_percentile(ppm), 1.0), "%s = %.0f, truth %llu",
		      expr, v, (unsigned long long)true_percentile(ppm));
	}
	return T_PASS;
}

static int t_json_lat_kinds(const void *arg)
{
	char out[256];

	(void)arg;
	if (!have_python)
		return skip("python3 not found");
	CHECK(json_query("d[\"jobs\"][0][\"read\"][\"slat_ns\"][\"N\"] == d[\"jobs\"][0][\"read\"][\"total_ios\"], d[\"jobs\"][0][\"read\"][\"slat_ns\"][\"min\"]",
			 out, sizeof(out)) && !strcmp(out, "(True, 4000)"), "async slat_ns: %s", out);
	CHECK(json_query("d[\"jobs\"][1][\"read\"][\"slat_ns\"][\"N\"], \"percentile\" in d[\"jobs\"][1][\"read\"][\"lat_ns\"]",
			 out, sizeof(out)) && !strcmp(out, "(0, True)"), "sync slat_ns / lat_percentiles: %s", out);
	CHECK(json_query("\"percentile\" in d[\"jobs\"][0][\"read\"][\"lat_ns\"], \"bins\" in d[\"jobs\"][0][\"read\"][\"clat_ns\"]",
			 out, sizeof(out)) && !strcmp(out, "(False, False)"), "lat_ns/bins by default: %s", out);
	CHECK(json_query("d[\"jobs\"][0][\"iodepth_submit\"][\"4\"], d[\"jobs\"][0][\"iodepth_complete\"][\"8\"]",
			 out, sizeof(out)) && !strcmp(out, "(100.0, 0.332226)"), "iodepth_submit/complete: %s", out);
	return T_PASS;
}

/* json+: clat_ns carries "bins", value -> count, adding up to N */
static int t_json_plus_bins(const void *arg)
{
	const char *b, *end;
	unsigned long long n = 0, v, c;
	size_t len;
	char *plus;

	(void)arg;
	fx_glob.output_formats = KG_OUT_JSON | KG_OUT_JSON_PLUS;
	plus = render(kg_report_json, &fx_run, &len);
	fx_glob.output_formats = 0;
	b = strstr(plus, "\"bins\" : {");
	CHECK(b, "no bins with json+");
	end = strchr(b, '}');
	/* one "value" : count pair per line */
	for (b = strchr(b, '\n'); b && b < end && sscanf(b, " \"%llu\" : %llu", &v, &c) == 2;
	     b = strchr(b + 1, '\n'))
		n += c;
	CHECK(n == MIX_READS0 + MIX_READS1, "bins hold %llu, expected %u", n,
	      MIX_READS0 + MIX_READS1);
	free(plus);
	return T_PASS;
}

static int t_json_shape(const void *arg)
{
	char out[256];

	(void)arg;
	if (!have_python)
		return skip("python3 not found");
	CHECK(json_query("d[\"fio version\"].startswith(\"kiogen-\")", out, sizeof(out)) &&
		      !strcmp(out, "True"), "fio version: %s", out);
	/* one entry per view: mixed, seq, seq, fast */
	CHECK(json_query("[j[\"jobname\"] for j in d[\"jobs\"]]", out, sizeof(out)) &&
		      !strcmp(out, "['mixed', 'seq', 'seq', 'fast']"), "jobs: %s", out);
	CHECK(json_query("d[\"jobs\"][2][\"error\"], d[\"jobs\"][1][\"error\"]", out, sizeof(out)) &&
		      !strcmp(out, "(5, 0)"), "errors: %s", out);
	CHECK(json_query("sorted(d[\"jobs\"][0][\"latency_us\"].keys(), key=int)", out, sizeof(out)) &&
		      !strcmp(out, "['2', '4', '10', '20', '50', '100', '250', '500', '750', '1000']"),
	      "latency_us keys: %s", out);
	CHECK(json_query("d[\"jobs\"][0][\"job options\"][\"rw\"], d[\"jobs\"][0][\"trim\"][\"total_ios\"], d[\"jobs\"][0][\"sync\"][\"total_ios\"]",
			 out, sizeof(out)) && !strcmp(out, "('randrw', 0, 0)"),
	      "options/trim/sync: %s", out);
	CHECK(json_query("[(x[\"name\"], x[\"read_ios\"], x[\"util\"]) for x in d[\"disk_util\"]]",
			 out, sizeof(out)) && !strcmp(out, "[('nullb0', 6000, 75.0)]"),
	      "disk_util: %s", out);
	return T_PASS;
}

static int t_json_hist(const void *arg)
{
	char out[256];

	(void)arg;
	if (!have_python)
		return skip("python3 not found");
	/* the raw buckets add up to the I/O count, only non-empty ones listed */
	CHECK(json_query("sum(c for i, c in d[\"jobs\"][0][\"kiogen\"][\"hist\"][\"read\"]), "
			 "min(c for i, c in d[\"jobs\"][0][\"kiogen\"][\"hist\"][\"read\"]) > 0, "
			 "d[\"jobs\"][0][\"kiogen\"][\"hist\"][\"bits\"], d[\"jobs\"][0][\"kiogen\"][\"digest\"]",
			 out, sizeof(out)) &&
		      !strcmp(out, "(6000, True, 6, '0x0000000000001234')"),
	      "hist: %s", out);
	return T_PASS;
}

static int t_json_empty_run(const void *arg)
{
	struct kg_run_result *r = calloc(1, sizeof(*r));
	char *j, cmd[256], path[] = "/tmp/kiogen-test-empty-XXXXXX";
	size_t len;
	int fd, rc = T_PASS;

	(void)arg;
	if (!have_python) {
		free(r);
		return skip("python3 not found");
	}
	CHECK(r, "oom");
	j = render(kg_report_json, r, &len);
	fd = mkstemp(path);
	if (fd < 0 || write(fd, j, len) != (ssize_t)len)
		rc = fail("write %s", path);
	if (fd >= 0)
		close(fd);
	snprintf(cmd, sizeof(cmd),
		 "python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d[\"jobs\"] == [] and \"disk_util\" not in d' %s",
		 path);
	if (rc == T_PASS && system(cmd))
		rc = fail("empty run is not valid JSON with empty arrays:\n%s", j);
	unlink(path);
	free(j);
	free(r);
	return rc;
}

static int t_json_nonfinite(const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct kg_json j = { .f = f };

	(void)arg;
	CHECK(f, "oom");
	kg_json_obj(&j, NULL);
	kg_json_double(&j, "nan", NAN);
	kg_json_double(&j, "inf", INFINITY);
	kg_json_double_prec(&j, "ninf", -INFINITY, 2);
	kg_json_double_prec(&j, "x", 1.0 / 3, 2);
	kg_json_open(&j, "one", '{', true);
	kg_json_u64(&j, "a", 1);
	kg_json_bool(&j, "b", false);
	kg_json_close(&j, '}');
	kg_json_end(&j);
	fclose(f);
	CHECK(!strcmp(buf, "{\n  \"nan\" : null,\n  \"inf\" : null,\n  \"ninf\" : null,\n"
			   "  \"x\" : 0.33,\n  \"one\" : { \"a\" : 1, \"b\" : false }\n}"),
	      "writer wrote: %s", buf);
	free(buf);
	return T_PASS;
}

/* zero I/O in zero time: every figure is a number or null */
static int t_json_zero_time(const void *arg)
{
	static struct kg_worker w[1];
	struct kg_run_result *r = calloc(1, sizeof(*r));
	struct kg_job job = fx_jobs[0];
	size_t len;
	char *j;
	int rc = T_PASS;

	(void)arg;
	CHECK(r, "oom");
	r->nr_jobs = 1;
	r->jobs[0] = (struct kg_job_result){ &job, 1, w, 0 };
	j = render(kg_report_json, r, &len);
	if (strstr(j, ": nan") || strstr(j, ": -nan") || strstr(j, ": inf") ||
	    strstr(j, ": -inf") || strstr(j, ": null"))
		rc = fail("a non-number in: %s", j);
	free(j);
	free(r);
	return rc;
}

/* ---- cases: the metadata engines' kernel path --------------------------- */

/* Runs python3 on @expr over the JSON @j (d); true if it prints "True". */
static bool json_true(const char *j, const char *expr)
{
	char path[] = "/tmp/kiogen-test-meta-XXXXXX", cmd[1200], out[16] = "";
	int fd = mkstemp(path);
	bool ok = false;
	FILE *p;

	if (fd < 0)
		return false;
	if (write(fd, j, strlen(j)) == (ssize_t)strlen(j)) {
		snprintf(cmd, sizeof(cmd),
			 "python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(%s)' %s",
			 expr, path);
		p = popen(cmd, "r");
		if (p) {
			ok = fgets(out, sizeof(out), p) && !strcmp(out, "True\n");
			pclose(p);
		}
	}
	close(fd);
	unlink(path);
	return ok;
}

/*
 * A dircreate job on the kernel path says what it leaves out, from the one
 * table (the entries for dircreate, in order) and nothing else; the same
 * run through syscalls and the other jobs say nothing.
 */
static int t_meta_kernel_path(const void *arg)
{
	struct kg_global sys = fx_glob;
	char want[2048], expr[1024], *t, *j, *ts, *js, *p;
	size_t n = 0, e = 0;
	unsigned int i, lines = 0;
	int rc = T_PASS;

	(void)arg;
	snprintf(fx_jobs[2].ioengine, sizeof(fx_jobs[2].ioengine), "dircreate");
	sys.path = KG_PATH_SYSCALL;
	t = render_g(kg_report_text, &fx_run, &fx_glob);
	j = render_g(kg_report_json, &fx_run, &fx_glob);
	ts = render_g(kg_report_text, &fx_run, &sys);
	js = render_g(kg_report_json, &fx_run, &sys);
	snprintf(fx_jobs[2].ioengine, sizeof(fx_jobs[2].ioengine), "null");

	n += snprintf(want + n, sizeof(want) - n,
		      "\nkiogen kernel path: the syscall layer's work it does not do (--path=syscall does it):\n");
	/* the fast job, the last view (seq's workers are two) */
	e += snprintf(expr + e, sizeof(expr) - e, "[x[\"what\"] for x in d[\"jobs\"][-1][\"kiogen\"][\"kernel_path\"][\"not_done\"]] == [");
	for (i = 0; i < kg_meta_nr_skips; i++) {
		const struct kg_meta_skip *s = &kg_meta_skips[i];

		if (!(s->ops & KG_META_OP(KIOG_META_DIRCREATE)))
			continue;
		n += snprintf(want + n, sizeof(want) - n, "kiogen   %s (dircreate): %s\n",
			      s->what, s->detail);
		e += snprintf(expr + e, sizeof(expr) - e, "\"%s\", ", s->what);
		lines++;
	}
	n += snprintf(want + n, sizeof(want) - n, "kiogen kernel path, as the syscalls: %s\n",
		      kg_meta_kernel_does);
	snprintf(expr + e, sizeof(expr) - e,
		 "] and \"kernel_path\" not in d[\"jobs\"][0][\"kiogen\"] and "
		 "d[\"jobs\"][-1][\"kiogen\"][\"kernel_path\"][\"not_done\"][0][\"engines\"] == [\"dircreate\"]");
	p = strstr(t, want);
	if (lines < 4 || !p || strstr(p + n, "kiogen kernel path:"))
		rc = fail("text: not the %u lines of dircreate once:\n%s", lines, t);
	else if (strstr(t, "security_path_unlink") || strstr(t, "cp_new_stat"))
		rc = fail("text: another engine's entries");
	else if (strstr(ts, "kernel path") || strstr(js, "kernel_path"))
		rc = fail("the syscall path's report says what the kernel path leaves out");
	else if (have_python && !json_true(j, expr))
		rc = fail("JSON: not %s in:\n%s", expr, j);
	free(t);
	free(j);
	free(ts);
	free(js);
	return rc;
}

/*
 * The metadata document's table, the list-table "What the kernel path leaves
 * out" (a row: "   * - ``what``", "     - engines", "     - detail", a cell
 * may go on over lines indented further), and its sentence of what the
 * kernel path does are ctl/report/meta-path.c's, row for row.
 */
#define KG_META_DOC	KG_DOC "/metadata.rst"
#define KG_META_TABLE	".. list-table:: What the kernel path leaves out\n"

/* Counts @row, a table row's cells joined by " | ", if it is one of the table's. */
static void meta_doc_row(const char *row, unsigned int *rows, unsigned int *matched)
{
	char want[1400], engines[128];
	unsigned int i;
	int op;

	if (!*row || !strcmp(row, "left out | engines | what it is"))
		return;
	++*rows;
	for (i = 0; i < kg_meta_nr_skips; i++) {
		const struct kg_meta_skip *s = &kg_meta_skips[i];
		size_t n = 0;

		engines[0] = '\0';
		for (op = KIOG_META_FILECREATE; op <= KIOG_META_DIRDELETE; op++)
			if (s->ops & KG_META_OP(op))
				n += snprintf(engines + n, sizeof(engines) - n, "%s%s",
					      n ? ", " : "", kiog_meta_op_name(op));
		snprintf(want, sizeof(want), "``%s`` | %s | %s", s->what, engines, s->detail);
		if (!strcmp(row, want))
			++*matched;
	}
}

/* Appends @sep and @s, without its leading blanks and its newline, to @row. */
static void meta_doc_cat(char *row, size_t size, const char *sep, const char *s)
{
	size_t n = strlen(row);

	while (*s == ' ')
		s++;
	snprintf(row + n, size - n, "%s%.*s", n ? sep : "", (int)strcspn(s, "\n"), s);
}

static int t_meta_doc(const void *arg)
{
	char line[1024], row[1400] = "", text[65536];
	unsigned int rows = 0, matched = 0;
	bool in_table = false, does;
	FILE *f = fopen(KG_META_DOC, "r");
	size_t len = 0;

	(void)arg;
	CHECK(f, "cannot open %s", KG_META_DOC);
	while (fgets(line, sizeof(line), f)) {
		/* the text with its white space folded, for the sentence */
		for (const char *c = line; *c && len < sizeof(text) - 1; c++)
			if (!isspace((unsigned char)*c))
				text[len++] = *c;
			else if (len && text[len - 1] != ' ')
				text[len++] = ' ';
		if (!strcmp(line, KG_META_TABLE)) {
			in_table = true;
			continue;
		}
		if (!in_table)
			continue;
		if (line[0] != ' ' && line[0] != '\n') {
			in_table = false;
		} else if (!strncmp(line, "   * - ", 7)) {
			meta_doc_row(row, &rows, &matched);
			row[0] = '\0';
			meta_doc_cat(row, sizeof(row), "", line + 7);
		} else if (!strncmp(line, "     - ", 7) && row[0]) {
			meta_doc_cat(row, sizeof(row), " | ", line + 7);
		} else if (!strncmp(line, "       ", 7) && row[0]) {
			meta_doc_cat(row, sizeof(row), " ", line);
		}
	}
	fclose(f);
	meta_doc_row(row, &rows, &matched);
	text[len] = '\0';
	does = strstr(text, kg_meta_kernel_does);
	CHECK(rows == kg_meta_nr_skips && matched == kg_meta_nr_skips,
	      "%s's table: %u rows, %u of ctl/report/meta-path.c's %u matched", KG_META_DOC, rows,
	      matched, kg_meta_nr_skips);
	CHECK(does, "%s lacks kg_meta_kernel_does", KG_META_DOC);
	return T_PASS;
}

/* Prints @s as TAP diagnostics, "# " in front of every line. */
static void diag_dump(const char *title, const char *s)
{
	const char *eol;

	printf("# %s:\n", title);
	for (; *s; s = eol + 1) {
		eol = strchr(s, '\n');
		if (!eol)
			eol = s + strlen(s) - 1;
		printf("# %.*s\n", (int)(eol - s + (*eol != '\n')), s);
	}
}

/*
 * Degenerate latencies: every read of one job completing in @arg ns (0: each
 * completed within its submission, as a kernel-path I/O on brd or null_blk
 * does; else all equal), after 5 us of slat. Text, terse and JSON keep their
 * shape, with no nan or inf: clat min = max = avg, stdev 0, every
 * percentile that value.
 */
static int t_degenerate_lat(const void *arg)
{
	static struct kg_worker w[1];
	uint64_t ns = (uintptr_t)arg;
	struct kg_run_result *r = calloc(1, sizeof(*r));
	struct kg_job job = fx_jobs[0];
	char want[128], expr[300];
	char *t = NULL, *te = NULL, *j = NULL;
	const char *bad;
	size_t len;
	int rc = T_PASS, k, fields = 0;

	CHECK(r, "oom");
	memset(w, 0, sizeof(w));
	w->elapsed_ns = 1000000000;
	for (k = 0; k < 1000; k++)
		fx_dir_add_slat(&w->dir[KIOGEN_DIR_READ], ns, BS, 5000);
	r->nr_jobs = 1;
	r->jobs[0] = (struct kg_job_result){ &job, 1, w, 0 };
	t = render(kg_report_text, r, &len);
	te = render(kg_report_terse, r, &len);
	j = render(kg_report_json, r, &len);
	snprintf(want, sizeof(want), "clat (nsec): min=%llu, max=%llu, avg=%5.02f, stdev= 0.00",
		 (unsigned long long)ns, (unsigned long long)ns, (double)ns);
	if ((bad = fx_nonfinite(t)) || (bad = fx_nonfinite(te)) || (bad = fx_nonfinite(j)))
		rc = fail("a non-number: ...%.40s", bad);
	else if (!strstr(t, want))
		rc = fail("text lacks '%s':\n%s", want, t);
	if (getenv("KG_TEST_VERBOSE"))
		diag_dump("degenerate text", t);
	for (k = 0; te[k]; k++)
		fields += te[k] == ';';
	/* fio's terse v3 line without a disk: 121 fields */
	if (rc == T_PASS && fields != 120)
		rc = fail("terse has %d fields, want 121:\n%s", fields + 1, te);
	snprintf(expr, sizeof(expr),
		 "set(d[\"jobs\"][0][\"read\"][\"clat_ns\"][\"percentile\"].values()) == {%llu} "
		 "and d[\"jobs\"][0][\"read\"][\"clat_ns\"][\"stddev\"] == 0",
		 (unsigned long long)ns);
	if (rc == T_PASS && have_python && !json_true(j, expr))
		rc = fail("JSON clat percentiles are not all %llu ns, or stddev not 0",
			  (unsigned long long)ns);
	free(t);
	free(te);
	free(j);
	free(r);
	return rc;
}

static const struct tcase cases[] = {
	{ "mean of a known set", t_mean, NULL },
	{ "stdev of a known set is the sample deviation", t_stdev, NULL },
	{ "stdev and mean of fewer than two I/Os", t_stdev_degenerate, NULL },
	{ "stdev does not cancel on large latencies", t_stdev_large, NULL },
	{ "dir merge sums counters and buckets, min/max ignore empty dirs", t_dir_merge, NULL },
	{ "worker merge sums cpu/ctx/depths/digest, elapsed is the max", t_worker_merge, NULL },
	{ "worker merge adds cumulative samples, carrying a stopped worker", t_samples_merge, NULL },
	{ "default percentile list is fio's", t_default_percentiles, NULL },
	{ "text: group_reporting job is one block with jobs=2", t_text_header, NULL },
	{ "text: read IOPS/BW/io/runtime", t_text_read_line, NULL },
	{ "text: write IOPS/BW in KiB", t_text_write_line, NULL },
	{ "text: k suffix for IOPS, MiB/MB for BW", t_text_k_suffix, NULL },
	{ "text: clat/lat unit by magnitude", t_text_lat_units, NULL },
	{ "text: percentile layout and 99th within 1%", t_text_percentiles, NULL },
	{ "text: slat only for async jobs; lat percentiles only if asked", t_text_slat, NULL },
	{ "text: submit and complete lines", t_text_submit_complete, NULL },
	{ "text: bw/iops from summed interval rates", t_text_rates, NULL },
	{ "text: lat distribution adds up to 100%", t_text_lat_dist, NULL },
	{ "text: cpu, IO depths, issued, latency lines", t_text_cpu_depths, NULL },
	{ "text: without group_reporting one block per worker, errors shown", t_text_ungrouped, NULL },
	{ "text: run status group lines", t_text_group, NULL },
	{ "text and JSON: two groups", t_text_two_groups, NULL },
	{ "text: disk stats only for valid disks", t_text_disks, NULL },
	{ "text: I/Os without latencies, as fio after a ramp", t_text_untimed, NULL },
	{ "JSON: kiogen.log_lost, the samples a full log_ring lost", t_json_log_lost, NULL },
	{ "text and JSON: I/Os that completed inside their submission", t_text_inline, NULL },
	{ "text: kb_base=1000 puts fio's decimal units first", t_text_kb_base, NULL },
	{ "json: python3 -m json.tool accepts it", t_json_valid, NULL },
	{ "json: jobs[0].read iops, total_ios, bw, samples", t_json_read, NULL },
	{ "json: every clat percentile within 1% of the truth", t_json_percentiles, NULL },
	{ "json: slat_ns/clat_ns/lat_ns, iodepth_submit/complete", t_json_lat_kinds, NULL },
	{ "json+: clat_ns bins add up to N", t_json_plus_bins, NULL },
	{ "json: fio's shape (version, jobs, options, trim/sync, disk_util)", t_json_shape, NULL },
	{ "json: kiogen hist lists non-empty buckets summing to total_ios", t_json_hist, NULL },
	{ "json: an empty run is valid", t_json_empty_run, NULL },
	{ "json writer: NaN and infinity are null; one-line objects", t_json_nonfinite, NULL },
	{ "json: zero I/O in zero time has no nan or inf", t_json_zero_time, NULL },
	{ "every clat 0 ns: text, terse and JSON whole, no nan or inf", t_degenerate_lat,
	  (void *)(uintptr_t)0 },
	{ "every clat 3000 ns: stdev 0, every percentile one value", t_degenerate_lat,
	  (void *)(uintptr_t)3000 },
	{ "meta kernel path: says what it leaves out, from the table; syscall path does not", t_meta_kernel_path, NULL },
	{ "meta kernel path: Documentation/kiogen/metadata.rst's list is the table", t_meta_doc, NULL },
};

int main(void)
{
	int rc;

	setup();
	qsort(fx_read_lat, fx_nr_read_lat, sizeof(fx_read_lat[0]), cmp_u64);
	rc = run_cases(cases, ARRAY_SIZE(cases));
	if (getenv("KG_TEST_VERBOSE")) {
		diag_dump("text report", text);
		diag_dump("json report", json);
	}
	unlink(json_path);
	free(text);
	free(json);
	return rc;
}
