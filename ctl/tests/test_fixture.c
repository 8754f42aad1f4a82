// SPDX-License-Identifier: GPL-2.0
/*
 * The synthetic run of the report tests (see test_fixture.h): latencies
 * pushed through kiog_hist_idx(), cumulative interval samples, CPU time,
 * depths and disk counters, all known in advance.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options/options.h"
#include "report/report.h"
#include "report/stats.h"
#include "test_fixture.h"

struct kg_job fx_jobs[3];
struct kg_worker fx_mixed[2], fx_seq[2], fx_fast[1];
struct kg_run_result fx_run;
struct kg_global fx_glob;

uint64_t fx_read_lat[MIX_READS];	/* every read latency of job 0 */
size_t fx_nr_read_lat;


void fx_dir_add_slat(struct kg_dir *d, uint64_t ns, uint64_t bytes,
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

void fx_dir_add(struct kg_dir *d, uint64_t ns, uint64_t bytes)
{
	fx_dir_add_slat(d, ns, bytes, 0);
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

		fx_dir_add_slat(&w->dir[KIOGEN_DIR_READ], ns, BS, mixed_slat(k));
		fx_read_lat[fx_nr_read_lat++] = ns;
	}
	for (k = 0; k < writes; k++)
		fx_dir_add_slat(&w->dir[KIOGEN_DIR_WRITE], 5000 + ((uint64_t)k * 104729) % 95000,
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

/* the options as a user would have given them: name, value, ..., NULL */
static void give(struct kg_job *j, ...)
{
	const char *name, *v;
	va_list ap;

	va_start(ap, j);
	while ((name = va_arg(ap, const char *))) {
		v = va_arg(ap, const char *);
		if (kg_given_add(&j->given, name, v, stderr))
			abort();
	}
	va_end(ap);
}

void fx_build_run(void)
{
	static const uint64_t r0[] = { 1000, 2000, 3000, 4000 };
	static const uint64_t w0[] = { 500, 1000, 1500, 2000 };
	static const uint64_t r1[] = { 666, 1333, 2000 };
	static const uint64_t w1[] = { 333, 667, 1000 };
	uint32_t i, k;

	/* options whose default is not 0, at the option table's default */
	for (i = 0; i < ARRAY_SIZE(fx_jobs); i++) {
		fx_jobs[i].percentage_random = 100;
		fx_jobs[i].loops = 1;
		fx_jobs[i].rw_seq_nr = 1;
		fx_jobs[i].thinktime_blocks = 1;
		fx_jobs[i].rate_cycle_ms = 1000;
		fx_jobs[i].do_verify = 1;
		fx_jobs[i].scramble_buffers = 1;
		fx_jobs[i].buffer_compress_chunk = 512;
	}
	give(&fx_jobs[0], "name", "mixed", "filename", "/dev/nullb0", "ioengine", "libaio",
	     "rw", "randrw", "rwmixread", "67", "bs", "4k", "numjobs", "2", "iodepth", "4",
	     "runtime", "2", NULL);
	snprintf(fx_jobs[0].name, sizeof(fx_jobs[0].name), "mixed");
	snprintf(fx_jobs[0].ioengine, sizeof(fx_jobs[0].ioengine), "libaio");
	snprintf(fx_jobs[0].filename, sizeof(fx_jobs[0].filename), "/dev/nullb0");
	fx_jobs[0].rw = KIOGEN_RW_RANDRW;
	fx_jobs[0].rwmixread = 67;
	fx_jobs[0].bs = BS;
	fx_jobs[0].numjobs = 2;
	fx_jobs[0].iodepth = 4;
	fx_jobs[0].runtime_ns = 2 * NS_PER_SEC;
	fx_jobs[0].time_based = true;
	fx_jobs[0].group_reporting = true;
	fx_jobs[0].clat_percentiles = true;

	fill_mixed(&fx_mixed[0], 0, MIX_READS0, MIX_WRITES0, 2 * NS_PER_SEC);
	fill_mixed(&fx_mixed[1], 1, MIX_READS1, MIX_WRITES1, 3 * NS_PER_SEC / 2);
	fx_mixed[0].samples = samples(4, r0, w0);
	fx_mixed[0].nr_samples = 4;
	fx_mixed[1].samples = samples(3, r1, w1);
	fx_mixed[1].nr_samples = 3;
	for (i = 0; i < 2; i++)
		fx_mixed[i].sample_ns = NS_PER_SEC / 2;
	fx_mixed[0].cpu_usr_ns = 200000000;
	fx_mixed[0].cpu_sys_ns = 600000000;
	fx_mixed[1].cpu_usr_ns = 100000000;
	fx_mixed[1].cpu_sys_ns = 300000000;
	fx_mixed[0].ctx_vol = 10;
	fx_mixed[1].ctx_invol = 5;
	fx_mixed[0].depths[0] = 100;
	fx_mixed[0].depths[2] = 5900;
	fx_mixed[1].depths[2] = 3000;
	fx_mixed[0].submit[1] = 1500;	/* batches of 4 */
	fx_mixed[1].submit[1] = 750;
	fx_mixed[0].complete[1] = 3000;
	fx_mixed[1].complete[2] = 10;
	fx_mixed[0].digest = 0x1000;
	fx_mixed[1].digest = 0x0234;

	give(&fx_jobs[1], "name", "seq", "rw", "read", "bs", "64k", "numjobs", "2",
	     "lat_percentiles", "1", NULL);
	snprintf(fx_jobs[1].name, sizeof(fx_jobs[1].name), "seq");
	snprintf(fx_jobs[1].ioengine, sizeof(fx_jobs[1].ioengine), "psync");
	fx_jobs[1].rw = KIOGEN_RW_READ;
	fx_jobs[1].bs = 65536;
	fx_jobs[1].numjobs = 2;
	fx_jobs[1].iodepth = 1;
	fx_jobs[1].clat_percentiles = true;
	fx_jobs[1].lat_percentiles = true;
	for (i = 0; i < 2; i++) {
		fx_seq[i].job = 1;
		fx_seq[i].index = i;
		fx_seq[i].elapsed_ns = NS_PER_SEC;
		fx_seq[i].depths[0] = 1000;
		for (k = 0; k < 1000; k++)
			fx_dir_add(&fx_seq[i].dir[KIOGEN_DIR_READ], 3000000 + k * 100000, 65536);
	}
	fx_seq[1].error = -5;	/* EIO, as the kernel reports it */
	fx_seq[1].dir[KIOGEN_DIR_READ].errors = 3;

	give(&fx_jobs[2], "name", "fast", "ioengine", "null", "rw", "randread", NULL);
	snprintf(fx_jobs[2].name, sizeof(fx_jobs[2].name), "fast");
	snprintf(fx_jobs[2].ioengine, sizeof(fx_jobs[2].ioengine), "null");
	fx_jobs[2].rw = KIOGEN_RW_RANDREAD;
	fx_jobs[2].bs = BS;
	fx_jobs[2].numjobs = 1;
	fx_jobs[2].iodepth = 1;
	fx_jobs[2].clat_percentiles = true;
	fx_fast[0].job = 2;
	fx_fast[0].elapsed_ns = NS_PER_SEC;
	fx_fast[0].depths[0] = 12288;
	for (k = 0; k < 12288; k++)
		fx_dir_add(&fx_fast[0].dir[KIOGEN_DIR_READ], 32 + k % 64, BS);

	fx_run.id = 7;
	fx_run.state = KIOGEN_STATE_DONE;
	fx_run.elapsed_ns = 2 * NS_PER_SEC;
	fx_run.nr_jobs = 3;
	fx_run.jobs[0] = (struct kg_job_result){ &fx_jobs[0], 2, fx_mixed, 0 };
	fx_run.jobs[1] = (struct kg_job_result){ &fx_jobs[1], 2, fx_seq, 0 };
	fx_run.jobs[2] = (struct kg_job_result){ &fx_jobs[2], 1, fx_fast, 0 };

	fx_run.nr_disks = 2;
	snprintf(fx_run.disks[0].name, sizeof(fx_run.disks[0].name), "nullb0");
	fx_run.disks[0].valid = true;
	fx_run.disks[0].wall_ms = 2000;
	/* read ios, merges, sectors, ticks; write ios, ...; io_ticks, in_queue */
	fx_run.disks[0].after[0] = 6100;
	fx_run.disks[0].before[0] = 100;
	fx_run.disks[0].after[1] = 7;
	fx_run.disks[0].after[3] = 900;
	fx_run.disks[0].after[4] = 3000;
	fx_run.disks[0].after[7] = 450;
	fx_run.disks[0].after[9] = 1500;
	fx_run.disks[0].after[10] = 1350;
	snprintf(fx_run.disks[1].name, sizeof(fx_run.disks[1].name), "sdz");

	kg_default_percentiles(&fx_glob);
}

const char *fx_nonfinite(const char *s)
{
	static const char *const words[] = { "nan", "inf" };
	const char *p;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		for (p = strcasestr(s, words[i]); p; p = strcasestr(p + 1, words[i]))
			if ((p == s || !isalpha((unsigned char)p[-1])) &&
			    !isalpha((unsigned char)p[3]))
				return p;
	return NULL;
}
