// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of ctl/report.c: merging workers, latency statistics, and the
 * fio-style text and JSON reports of a synthetic run whose every number is
 * known (latencies pushed through kiog_hist_idx(), cumulative interval
 * samples, CPU time, depths, disk counters). JSON is checked with python3
 * where it exists; without it those cases are skipped, not passed. Prints
 * TAP and exits non-zero if any case failed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report.h"
#include "tap.h"

#define NS_PER_SEC	1000000000ULL

/* ---- the synthetic run ------------------------------------------------ */

/*
 * Job 0 "mixed": randrw 4 KiB, two workers, group_reporting. Worker 0 runs
 * 2 s: 4000 reads, 2000 writes; worker 1 runs 1.5 s: 2000 reads, 1000
 * writes, and stops one 500 ms sample early. Merged: 3000 read IOPS, 1500
 * write IOPS over the longest runtime, 2 s.
 * Job 1 "seq": read 64 KiB, two workers reported apart, 1000 reads of
 * 3..103 ms each in 1 s; worker 1 failed with EIO.
 * Job 2 "fast": one worker, 12288 reads of 4 KiB in 1 s: 12.3k IOPS,
 * 48.0 MiB/s, 32..95 ns.
 */
#define BS		4096
#define MIX_READS0	4000
#define MIX_READS1	2000
#define MIX_WRITES0	2000
#define MIX_WRITES1	1000
#define MIX_READS	(MIX_READS0 + MIX_READS1)

static struct kg_job jobs[3];
static struct kg_worker mixed_w[2], seq_w[2], fast_w[1];
static struct kg_run_result run;
static struct kg_global glob;

static uint64_t read_lat[MIX_READS];	/* every read latency of job 0 */
static size_t nr_read_lat;

static char *text, *json;		/* the reports */
static size_t text_len, json_len;
static char json_path[] = "/tmp/kiogen-test-report-XXXXXX";
static bool have_python;

/* One I/O: clat @ns, slat @slat (0: a synchronous job, which has none). */
static void dir_add_slat(struct kg_dir *d, uint64_t ns, uint64_t bytes,
			 uint64_t slat)
{
	uint64_t lat = ns + slat;

	if (!d->ios || lat < d->lat_min)
		d->lat_min = lat;
	if (lat > d->lat_max)
		d->lat_max = lat;
	if (!d->ios || ns < d->clat_min)
		d->clat_min = ns;
	if (ns > d->clat_max)
		d->clat_max = ns;
	if (slat) {
		if (!d->has_slat || slat < d->slat_min)
			d->slat_min = slat;
		if (slat > d->slat_max)
			d->slat_max = slat;
		d->slat_sum += slat;
		d->slat_sumsq += (long double)slat * slat;
		d->has_slat = true;
	}
	d->ios++;
	d->bytes += bytes;
	d->lat_sum += lat;
	d->lat_sumsq += (long double)lat * lat;
	d->clat_sum += ns;
	d->clat_sumsq += (long double)ns * ns;
	d->hist[kiog_hist_idx(lat)]++;
	d->clat_hist[kiog_hist_idx(ns)]++;
}

static void dir_add(struct kg_dir *d, uint64_t ns, uint64_t bytes)
{
	dir_add_slat(d, ns, bytes, 0);
}

/* slat of the asynchronous job: 4000 .. 5999 ns */
static uint64_t mixed_slat(uint32_t k)
{
	return 4000 + ((uint64_t)k * 31) % 2000;
}

/* reads of 20 us .. 1 ms, writes of 5 us .. 100 us, spread by primes */
static void fill_mixed(struct kg_worker *w, uint32_t idx, uint32_t reads,
		       uint32_t writes, uint64_t elapsed_ns)
{
	uint32_t k;

	w->job = 0;
	w->index = idx;
	w->elapsed_ns = elapsed_ns;
	for (k = 0; k < reads; k++) {
		uint64_t ns = 20000 + ((uint64_t)k * 7919 + idx * 104729) % 980000;

		dir_add_slat(&w->dir[KIOGEN_DIR_READ], ns, BS, mixed_slat(k));
		read_lat[nr_read_lat++] = ns;
	}
	for (k = 0; k < writes; k++)
		dir_add_slat(&w->dir[KIOGEN_DIR_WRITE], 5000 + ((uint64_t)k * 104729) % 95000,
			     BS, mixed_slat(k));
}

static struct kiogen_sample *samples(uint32_t n, const uint64_t *reads,
				     const uint64_t *writes)
{
	struct kiogen_sample *s = calloc(n, sizeof(*s));
	uint32_t i;

	if (!s)
		exit(2);
	for (i = 0; i < n; i++) {
		s[i].ios[0] = reads[i];
		s[i].bytes[0] = reads[i] * BS;
		s[i].ios[1] = writes[i];
		s[i].bytes[1] = writes[i] * BS;
	}
	return s;
}

static void build_run(void)
{
	static const uint64_t r0[] = { 1000, 2000, 3000, 4000 };
	static const uint64_t w0[] = { 500, 1000, 1500, 2000 };
	static const uint64_t r1[] = { 666, 1333, 2000 };
	static const uint64_t w1[] = { 333, 667, 1000 };
	uint32_t i, k;

	snprintf(jobs[0].name, sizeof(jobs[0].name), "mixed");
	snprintf(jobs[0].ioengine, sizeof(jobs[0].ioengine), "libaio");
	snprintf(jobs[0].filename, sizeof(jobs[0].filename), "/dev/nullb0");
	jobs[0].rw = KIOGEN_RW_RANDRW;
	jobs[0].rwmixread = 67;
	jobs[0].bs = BS;
	jobs[0].numjobs = 2;
	jobs[0].iodepth = 4;
	jobs[0].runtime_ns = 2 * NS_PER_SEC;
	jobs[0].time_based = true;
	jobs[0].group_reporting = true;
	jobs[0].clat_percentiles = true;

	fill_mixed(&mixed_w[0], 0, MIX_READS0, MIX_WRITES0, 2 * NS_PER_SEC);
	fill_mixed(&mixed_w[1], 1, MIX_READS1, MIX_WRITES1, 3 * NS_PER_SEC / 2);
	mixed_w[0].samples = samples(4, r0, w0);
	mixed_w[0].nr_samples = 4;
	mixed_w[1].samples = samples(3, r1, w1);
	mixed_w[1].nr_samples = 3;
	for (i = 0; i < 2; i++)
		mixed_w[i].sample_ns = NS_PER_SEC / 2;
	mixed_w[0].cpu_usr_ns = 200000000;
	mixed_w[0].cpu_sys_ns = 600000000;
	mixed_w[1].cpu_usr_ns = 100000000;
	mixed_w[1].cpu_sys_ns = 300000000;
	mixed_w[0].ctx_vol = 10;
	mixed_w[1].ctx_invol = 5;
	mixed_w[0].depths[0] = 100;
	mixed_w[0].depths[2] = 5900;
	mixed_w[1].depths[2] = 3000;
	mixed_w[0].submit[1] = 1500;	/* batches of 4 */
	mixed_w[1].submit[1] = 750;
	mixed_w[0].complete[1] = 3000;
	mixed_w[1].complete[2] = 10;
	mixed_w[0].digest = 0x1000;
	mixed_w[1].digest = 0x0234;

	snprintf(jobs[1].name, sizeof(jobs[1].name), "seq");
	snprintf(jobs[1].ioengine, sizeof(jobs[1].ioengine), "psync");
	jobs[1].rw = KIOGEN_RW_READ;
	jobs[1].bs = 65536;
	jobs[1].numjobs = 2;
	jobs[1].iodepth = 1;
	jobs[1].clat_percentiles = true;
	jobs[1].lat_percentiles = true;
	for (i = 0; i < 2; i++) {
		seq_w[i].job = 1;
		seq_w[i].index = i;
		seq_w[i].elapsed_ns = NS_PER_SEC;
		seq_w[i].depths[0] = 1000;
		for (k = 0; k < 1000; k++)
			dir_add(&seq_w[i].dir[KIOGEN_DIR_READ], 3000000 + k * 100000, 65536);
	}
	seq_w[1].error = -5;	/* EIO, as the kernel reports it */
	seq_w[1].dir[KIOGEN_DIR_READ].errors = 3;

	snprintf(jobs[2].name, sizeof(jobs[2].name), "fast");
	snprintf(jobs[2].ioengine, sizeof(jobs[2].ioengine), "null");
	jobs[2].rw = KIOGEN_RW_RANDREAD;
	jobs[2].bs = BS;
	jobs[2].numjobs = 1;
	jobs[2].iodepth = 1;
	jobs[2].clat_percentiles = true;
	fast_w[0].job = 2;
	fast_w[0].elapsed_ns = NS_PER_SEC;
	fast_w[0].depths[0] = 12288;
	for (k = 0; k < 12288; k++)
		dir_add(&fast_w[0].dir[KIOGEN_DIR_READ], 32 + k % 64, BS);

	run.id = 7;
	run.state = KIOGEN_STATE_DONE;
	run.elapsed_ns = 2 * NS_PER_SEC;
	run.nr_jobs = 3;
	run.jobs[0] = (struct kg_job_result){ &jobs[0], 2, mixed_w };
	run.jobs[1] = (struct kg_job_result){ &jobs[1], 2, seq_w };
	run.jobs[2] = (struct kg_job_result){ &jobs[2], 1, fast_w };

	run.nr_disks = 2;
	snprintf(run.disks[0].name, sizeof(run.disks[0].name), "nullb0");
	run.disks[0].valid = true;
	run.disks[0].wall_ms = 2000;
	/* read ios, merges, sectors, ticks; write ios, ...; io_ticks, in_queue */
	run.disks[0].after[0] = 6100;
	run.disks[0].before[0] = 100;
	run.disks[0].after[1] = 7;
	run.disks[0].after[3] = 900;
	run.disks[0].after[4] = 3000;
	run.disks[0].after[7] = 450;
	run.disks[0].after[9] = 1500;
	run.disks[0].after[10] = 1350;
	snprintf(run.disks[1].name, sizeof(run.disks[1].name), "sdz");

	kg_default_percentiles(&glob);
}

static char *render(int (*fn)(FILE *, const struct kg_run_result *,
			      const struct kg_global *),
		    const struct kg_run_result *r, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (!f || fn(f, r, &glob) || fclose(f)) {
		fprintf(stderr, "report failed\n");
		exit(2);
	}
	return buf;
}

static void setup(void)
{
	int fd;

	build_run();
	text = render(kg_report_text, &run, &text_len);
	json = render(kg_report_json, &run, &json_len);

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
	uint64_t rank = ((uint64_t)nr_read_lat * ppm + 999999) / 1000000;

	return read_lat[(rank ? rank : 1) - 1];
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
		dir_add(&d, v[i], 512);
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
	dir_add(&d, 12345, 512);
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
		dir_add(&d, 100000 + (k & 1 ? 1000 : -1000), 512);
	CHECK(within_pct(kg_dir_stdev_ns(&d), 1000.0, 0.01), "stdev %f, want ~1000",
	      kg_dir_stdev_ns(&d));
	return T_PASS;
}

static int t_dir_merge(const void *arg)
{
	struct kg_dir into = { 0 }, empty = { 0 };
	const struct kg_dir *a = &mixed_w[0].dir[0], *b = &mixed_w[1].dir[0];
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
	CHECK(!kg_worker_merge(&m, &mixed_w[0]) && !kg_worker_merge(&m, &mixed_w[1]),
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
	CHECK(!kg_worker_merge(&m, &mixed_w[0]) && !kg_worker_merge(&m, &mixed_w[1]),
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
	const char *want = "  write: IOPS=1500, BW=6000KiB/s (6144kB/s)(11.7MiB/2000msec)\n";

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
	*r = run;
	r->disks[0].valid = false;
	t = render(kg_report_text, r, &len);
	if (strstr(t, "Disk stats"))
		rc = fail("Disk stats without a valid disk");
	free(t);
	free(r);
	return rc;
}

/* ---- cases: JSON ------------------------------------------------------ */

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
	for (i = 0; i < glob.nr_percentiles; i++) {
		uint32_t ppm = glob.percentile_ppm[i];
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
	glob.output_json = 2;
	plus = render(kg_report_json, &run, &len);
	glob.output_json = 0;
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
		 "python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d[\"jobs\"] == [] and d[\"disk_util\"] == []' %s",
		 path);
	if (rc == T_PASS && system(cmd))
		rc = fail("empty run is not valid JSON with empty arrays:\n%s", j);
	unlink(path);
	free(j);
	free(r);
	return rc;
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
	{ "text: disk stats only for valid disks", t_text_disks, NULL },
	{ "json: python3 -m json.tool accepts it", t_json_valid, NULL },
	{ "json: jobs[0].read iops, total_ios, bw, samples", t_json_read, NULL },
	{ "json: every clat percentile within 1% of the truth", t_json_percentiles, NULL },
	{ "json: slat_ns/clat_ns/lat_ns, iodepth_submit/complete", t_json_lat_kinds, NULL },
	{ "json+: clat_ns bins add up to N", t_json_plus_bins, NULL },
	{ "json: fio's shape (version, jobs, options, trim/sync, disk_util)", t_json_shape, NULL },
	{ "json: kiogen hist lists non-empty buckets summing to total_ios", t_json_hist, NULL },
	{ "json: an empty run is valid", t_json_empty_run, NULL },
};

int main(void)
{
	int rc;

	setup();
	qsort(read_lat, nr_read_lat, sizeof(read_lat[0]), cmp_u64);
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
