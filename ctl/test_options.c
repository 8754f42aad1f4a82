// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of the fio option parser: value syntax, limits, job
 * boundaries, the ioengine mapping and the error messages, no kernel needed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

static int nr, failed;

static void ok(int cond, const char *desc)
{
	printf("%sok %d - %s\n", cond ? "" : "not ", ++nr, desc);
	failed += !cond;
}

static char seen[256];

static void grab_dist(void *ctx, const char *name, const char *value)
{
	(void)ctx;
	if (!strcmp(name, "random_distribution"))
		snprintf(seen, sizeof(seen), "%s", value);
}

/* Parses a NULL-terminated argument list; returns 0 or the error text. */
static int parse(struct kg_jobs *js, char *err, size_t len, ...)
{
	char *argv[64];
	va_list ap;
	FILE *f = fmemopen(err, len, "w");
	FILE *info = fopen("/dev/null", "w");
	int argc = 0, ret;

	va_start(ap, len);
	while ((argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	kg_jobs_init(js);
	memset(err, 0, len);
	ret = kg_parse_args(js, argc, argv, f);
	if (!ret)
		ret = kg_jobs_finish(js, f, info);
	fclose(f);
	fclose(info);
	return ret;
}

/* "name=value," of each option as given */
static void given_cat(void *ctx, const char *name, const char *value)
{
	char *buf = ctx;

	sprintf(buf + strlen(buf), "%s=%s,", name, value);
}

int main(void)
{
	static struct kg_jobs js;
	char err[512], given[512];
	uint64_t v;

	printf("TAP version 13\n1..64\n");
	ok(!kg_parse_size("16k", &v) && v == 16384, "size 16k");
	ok(!kg_parse_size("1m", &v) && v == 1 << 20, "size 1m");
	ok(!kg_parse_size("2GiB", &v) && v == 2ULL << 30, "size 2GiB");
	ok(!kg_parse_size("4096", &v) && v == 4096, "size in bytes");
	ok(kg_parse_size("4q", &v) && kg_parse_size("k", &v), "bad sizes refused");
	ok(!kg_parse_time_ns("10", &v) && v == 10000000000ULL, "time in seconds by default");
	ok(!kg_parse_time_ns("500ms", &v) && v == 500000000ULL &&
	   !kg_parse_time_ns("2m", &v) && v == 120000000000ULL, "time suffixes ms, m");

	ok(!parse(&js, err, sizeof(err), "--filename=/dev/x", "--direct=1", "--rw=randrw",
		  "--bs=16k", "--size=50G", "--numjobs=16", "--runtime=120", "--group_reporting",
		  "--name=test", "--rwmixread=90", "--thread", "--ioengine=psync", NULL),
	   "seed 000 command line parses");
	ok(js.nr_jobs == 1 && js.jobs[0].rw == KIOGEN_RW_RANDRW && js.jobs[0].bs == 16384 &&
	   js.jobs[0].numjobs == 16 && js.jobs[0].rwmixread == 90 &&
	   js.jobs[0].size == 50ULL << 30 && js.jobs[0].group_reporting,
	   "global options reach the job, job options apply");
	ok(!strcmp(js.jobs[0].engine, "kiocb") && js.jobs[0].mode == KIOGEN_MODE_SYNC &&
	   js.jobs[0].direct, "psync on a file maps to kiocb, synchronous, direct as asked");
	given[0] = '\0';
	kg_given_each(&js.global.given, given_cat, given);
	strcat(given, "|");
	kg_given_each(&js.jobs[0].given, given_cat, given);
	ok(!strcmp(given, "filename=/dev/x,direct=1,rw=randrw,bs=16k,size=50G,numjobs=16,"
		   "runtime=120,|name=test,rwmixread=90,ioengine=psync,"),
	   "options as given: those before the job global, flags left out");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--rw=randread", "--bs=4k", "--filename=/dev/x",
		  "--readwrite=read", NULL), "an option given twice parses");
	given[0] = '\0';
	kg_given_each(&js.jobs[0].given, given_cat, given);
	ok(js.global.given.len == 0 && !strcmp(given, "name=a,rw=read,bs=4k,filename=/dev/x,"),
	   "the value given last, in the first one's place, by the option's name");

	ok(!parse(&js, err, sizeof(err), "--direct=1", "--rw=randread", "--bs=16k",
		  "--numjobs=24", "--runtime=60", "--group_reporting", "--norandommap",
		  "--time_based", "--ioengine=sync", "--name=file1", "--filename=/dev/x", NULL) &&
	   js.jobs[0].norandommap && js.jobs[0].time_based && js.jobs[0].numjobs == 24,
	   "seed 004 command line parses");

	ok(!parse(&js, err, sizeof(err), "--filename=/dev/x", "--name=a", "--rw=read",
		  "--name=b", "--rw=write", "--iodepth=8", "--ioengine=io_uring", NULL) &&
	   js.nr_jobs == 2 && js.jobs[0].rw == KIOGEN_RW_READ &&
	   js.jobs[1].rw == KIOGEN_RW_WRITE && js.jobs[1].iodepth == 8 &&
	   !strcmp(js.jobs[1].filename, "/dev/x") && js.jobs[1].mode == KIOGEN_MODE_ASYNC,
	   "--name starts a new job that inherits globals");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--iodepth=32", NULL) &&
	   js.jobs[0].iodepth == 1, "sync engine (fio default psync) runs at depth 1");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--rwmixwrite=30", NULL) &&
	   js.jobs[0].rwmixread == 70, "rwmixwrite sets the read share");

	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--bs=1k3", NULL) &&
	   strstr(err, "bs: '1k3'"), "bad bs names the option");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--numjobs=0", NULL) &&
	   strstr(err, "numjobs: 0 is out of range"), "numjobs 0 refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--bs=32m", NULL) &&
	   strstr(err, "bs: 32m is out of range"), "bs above the limit refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--size=1k", "--bs=4k", NULL) &&
	   strstr(err, "size: smaller than one block"), "size < bs refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--rw=read", NULL) &&
	   strstr(err, "filename"), "missing filename refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--ioengine=null", NULL) &&
	   strstr(err, "null engine needs a size"), "null engine needs a size");
	ok(parse(&js, err, sizeof(err), "--rw=read", NULL) && strstr(err, "no job"),
	   "no --name: no job");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ioengine=bio", NULL) &&
	   !strcmp(js.jobs[0].engine, "bio") && js.jobs[0].direct,
	   "ioengine=bio names the engine, always direct");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", NULL) &&
	   !js.jobs[0].direct && js.jobs[0].invalidate,
	   "fio's defaults for files: buffered, invalidate=1");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ioengine=bio",
		 "--direct=0", NULL) && strstr(err, "always direct"),
	   "bio with direct=0 refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--percentile_list=50:101", NULL) &&
	   strstr(err, "percentile_list"), "percentile over 100 refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--continue_on_error=most", NULL) &&
	   strstr(err, "continue_on_error: 'most'"), "bad continue_on_error refused");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--continue_on_error=io", NULL) &&
	   js.jobs[0].continue_on_error == (KIOGEN_COE_READ | KIOGEN_COE_WRITE),
	   "continue_on_error=io: reads and writes");
	ok(parse(&js, err, sizeof(err), "--path=user", "--name=a", "--filename=/x", NULL) &&
	   strstr(err, "path: 'user'"), "bad path refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--fallocate=keep", NULL) &&
	   strstr(err, "fallocate: 'keep'"), "bad fallocate refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--direct=2", NULL) &&
	   strstr(err, "direct: '2'"), "bad direct refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ioengine=bio", "--fsync=4", NULL) &&
	   strstr(err, "nothing to fsync"), "fsync on bio refused");

	/* fio's batch options: defaults, aliases and fixups */
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ioengine=io_uring",
		  "--iodepth=16", NULL) &&
	   js.jobs[0].iodepth_batch == 1 && js.jobs[0].iodepth_batch_complete_min == 1 &&
	   js.jobs[0].iodepth_batch_complete_max == 1 && js.jobs[0].iodepth_low == 16,
	   "batch defaults as fio: submit 1, complete 1..1, low = iodepth");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ioengine=io_uring",
		  "--iodepth=16", "--iodepth_batch=0", "--iodepth_batch_complete=4",
		  "--iodepth_low=100", NULL) &&
	   js.jobs[0].iodepth_batch == 16 && js.jobs[0].iodepth_batch_complete_min == 4 &&
	   js.jobs[0].iodepth_batch_complete_max == 4 && js.jobs[0].iodepth_low == 16,
	   "aliases; batch 0 and low > iodepth become iodepth; max follows min");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ioengine=io_uring",
		  "--iodepth=8", "--iodepth_batch_submit=64", "--iodepth_batch_complete_min=0",
		  "--iodepth_batch_complete_max=32", "--iodepth_low=2", NULL) &&
	   js.jobs[0].iodepth_batch == 8 && js.jobs[0].iodepth_batch_complete_min == 0 &&
	   js.jobs[0].iodepth_batch_complete_max == 8 && js.jobs[0].iodepth_low == 2,
	   "batch above iodepth is iodepth; complete_min 0 (poll) kept");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--iodepth=8",
		  "--iodepth_batch=4", NULL) &&
	   js.jobs[0].iodepth == 1 && js.jobs[0].iodepth_batch == 1 && js.jobs[0].iodepth_low == 1,
	   "a synchronous engine: every batch option is 1");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--iodepth_low=-1", NULL) &&
	   strstr(err, "iodepth_low: '-1'"), "bad iodepth_low names the option");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--hipri", NULL) &&
	   strstr(err, "hipri: polled completions need direct=1"), "hipri without direct refused");
	ok(!parse(&js, err, sizeof(err), "--output-format=json+", "--name=a", "--filename=/x",
		  "--lat_percentiles=1", "--clat_percentiles=0", NULL) &&
	   js.global.output_formats == (KG_OUT_JSON | KG_OUT_JSON_PLUS) &&
	   js.jobs[0].lat_percentiles && !js.jobs[0].clat_percentiles,
	   "json+, lat_percentiles, clat_percentiles");
	/* fio's report options: a set of formats, terse and its versions, a file */
	ok(!parse(&js, err, sizeof(err), "--output-format=terse,normal,json", "--name=a",
		  "--filename=/x", NULL) &&
	   js.global.output_formats == (KG_OUT_TERSE | KG_OUT_NORMAL | KG_OUT_JSON),
	   "output-format takes a comma list");
	ok(parse(&js, err, sizeof(err), "--output-format=json,xml", "--name=a", "--filename=/x",
		 NULL) && strstr(err, "output-format: 'xml' is not normal, json, json+ or terse"),
	   "an unknown format in the list is named");
	ok(parse(&js, err, sizeof(err), "--output-format=json,", "--name=a", "--filename=/x",
		 NULL) && strstr(err, "output-format: '' is not"), "an empty format refused");
	ok(!parse(&js, err, sizeof(err), "--output-format=json", "--minimal", "--terse-version=5",
		  "--output=/tmp/r", "--name=a", "--filename=/x", NULL) &&
	   js.global.output_formats == KG_OUT_TERSE && js.global.terse_version == 5 &&
	   !strcmp(js.global.output, "/tmp/r"), "minimal is terse alone; terse-version; output");
	ok(parse(&js, err, sizeof(err), "--terse-version=7", "--name=a", "--filename=/x", NULL) &&
	   strstr(err, "terse-version: 7 is out of range (3 to 5)"), "terse-version 7 refused");
	/* the table: aliases, inverses, allowed values, help */
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--readwrite=randwrite",
		  "--blocksize=8k", "--io_limit=1m", NULL) &&
	   js.jobs[0].rw == KIOGEN_RW_RANDWRITE && js.jobs[0].bs == 8192 &&
	   js.jobs[0].io_size == 1 << 20, "aliases readwrite, blocksize, io_limit");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--blocksize=3", NULL) &&
	   strstr(err, "blocksize: 3 is out of range (512 to"),
	   "an alias's error names the option as written");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rw=randrw",
		  "--rwmixread=80", "--rwmixwrite=10", NULL) && js.jobs[0].rwmixread == 90,
	   "rwmixwrite is the inverse of rwmixread: the last one given wins");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", NULL) &&
	   js.jobs[0].percentage_random == 100 &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--percentage_sequential=30", NULL) && js.jobs[0].percentage_random == 70,
	   "percentage_random: fio's default 100; percentage_sequential is its inverse");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--thinktime=250",
		  "--startdelay=2", NULL) && js.jobs[0].thinktime_ns == 250000 &&
	   js.jobs[0].thinktime_blocks == 1 && js.jobs[0].startdelay_ns == 2000000000ULL &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--thinktime=2ms",
		  "--thinktime_blocks=8", NULL) && js.jobs[0].thinktime_ns == 2000000 &&
	   js.jobs[0].thinktime_blocks == 8,
	   "thinktime in microseconds by default, startdelay in seconds, as fio's");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--thinktime_blocks=0",
		 NULL) && strstr(err, "thinktime_blocks: 0 is out of range"),
	   "thinktime_blocks 0 refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--percentage_random=101",
		 NULL) && strstr(err, "percentage_random: 101 is out of range (0 to 100)"),
	   "percentage_random over 100 refused");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_distribution=zipf:1.2", NULL) &&
	   js.jobs[0].random_distribution == KIOGEN_RANDOM_DISTRIBUTION_ZIPF &&
	   js.jobs[0].dist_param == 1200000 && !js.jobs[0].zones.nr &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_distribution=pareto", NULL) && js.jobs[0].dist_param == 200000 &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_distribution=gauss:2.5", NULL) &&
	   js.jobs[0].random_distribution == KIOGEN_RANDOM_DISTRIBUTION_NORMAL &&
	   js.jobs[0].dist_param == 2500000,
	   "random_distribution: zipf:1.2, pareto's default 0.2, gauss is normal");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_distribution=zoned:60/10:30/20:10/70", NULL) &&
	   js.jobs[0].zones.nr == 6 &&
	   js.jobs[0].zones.z[0] == KIOGEN_ZONE(0, 60, 10) &&
	   js.jobs[0].zones.z[2] == KIOGEN_ZONE(0, 10, 70) &&
	   js.jobs[0].zones.z[5] == KIOGEN_ZONE(1, 10, 70),
	   "zoned: one set of zones for reads and writes");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_distribution=zoned:50:50/20,100/10", NULL) &&
	   js.jobs[0].zones.nr == 3 &&
	   js.jobs[0].zones.z[0] == KIOGEN_ZONE(0, 50, 80) &&
	   js.jobs[0].zones.z[2] == KIOGEN_ZONE(1, 100, 10) &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_distribution=zoned_abs:60/20g:40/1m", NULL) &&
	   js.jobs[0].random_distribution == KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS &&
	   js.jobs[0].zones.z[0] == KIOGEN_ZONE(0, 60, 20ULL << 30),
	   "zoned: per direction, a size left out takes the rest; zoned_abs sizes in bytes");
	{
		static const char *const bad[][2] = {
			{ "zipf:1", "theta must be above 0, at most 100, and not 1" },
			{ "zipf:x", "is not a number" },
			{ "pareto:1.5", "h must be between 0 and 1" },
			{ "normal:100", "the deviation must be at least 0 and below 100" },
			{ "zipf:1.2:0.5", "a center (the second number) is not supported" },
			{ "uniform", "is not random, zipf, pareto, normal, gauss, zoned or zoned_abs" },
			{ "zoned:60/10:30/20", "add up to 90, not 100" },
			{ "zoned:50/60:50/60", "zone sizes add up to more than 100%" },
			{ "zoned_abs:50/1g:50", "zoned_abs needs a size" },
			{ "zoned:101/10", "the access percent is not 0 to 100" },
			{ "zoned:", "zoned needs zones" },
			{ "zoned_abs:50/1m:50/1m", "zoned_abs zones end past the region (size)" },
			{ "zoned:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:84/1",
			  "at most 16 zones a direction" },
		};
		char opt[128];	/* --size=1m */
		size_t i;
		int all = 1;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			snprintf(opt, sizeof(opt), "--random_distribution=%s", bad[i][0]);
			if (!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--size=1m",
				   opt, NULL) ||
			    !strstr(err, bad[i][1])) {
				printf("# %s: %s", bad[i][0], err);
				all = 0;
			}
		}
		ok(all, "random_distribution: bad values refused in words");
	}
	{
		static const char *const round[][2] = {
			{ "zipf:1.2", "zipf:1.2" }, { "gauss", "normal:0" },
			{ "zoned:60/10:30/20:10/70", "zoned:60/10:30/20:10/70" },
			{ "zoned:50/50:50/50,100/10", "zoned:50/50:50/50,100/10" },
			{ "zoned:,100/10", "zoned:,100/10" },
			{ "zoned_abs=60/1k:40/2k", "zoned_abs:60/1024:40/2048" },
		};
		size_t i;
		int all = 1;

		for (i = 0; i < sizeof(round) / sizeof(round[0]); i++) {
			char opt[128];

			snprintf(opt, sizeof(opt), "--random_distribution=%s", round[i][0]);
			seen[0] = 0;
			if (parse(&js, err, sizeof(err), "--name=a", "--filename=/x", opt, NULL))
				all = 0;
			kg_job_options_each(&js.jobs[0], grab_dist, NULL);
			if (strcmp(seen, round[i][1])) {
				printf("# %s listed as '%s'\n", round[i][0], seen);
				all = 0;
			}
		}
		ok(all, "random_distribution: reports list it in fio's syntax");
	}
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--random_generator=lfsr",
		  "--norandommap", NULL) && !js.jobs[0].norandommap &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_generator=tausworthe64", "--norandommap", NULL) &&
	   js.jobs[0].norandommap &&
	   parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--random_generator=mt",
		 NULL) && strstr(err, "'mt' is not tausworthe, lfsr or tausworthe64"),
	   "random_generator: fio's names; lfsr covers every block once per pass");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rwmixwrite=101", NULL) &&
	   strstr(err, "rwmixwrite: 101 is out of range (0 to 100)"),
	   "the inverse has its own bounds");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rw=sideways", NULL) &&
	   strstr(err, "rw: 'sideways' is not read, write, randread, randwrite, rw, readwrite or randrw"),
	   "a value not allowed: the allowed ones in words");
	ok(parse(&js, err, sizeof(err), "--output-format=xml", "--name=a", "--filename=/x", NULL) &&
	   strstr(err, "output-format: 'xml' is not normal, json, json+ or terse"),
	   "global option values are checked the same way");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rw", NULL) &&
	   strstr(err, "rw: needs a value (--rw=VALUE)"), "a value is needed");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--thread=yes", NULL) &&
	   strstr(err, "thread: 'yes' is not 0 or 1"), "a flag takes 0 or 1");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--fallocate=posix", NULL) &&
	   js.jobs[0].fallocate == KIOGEN_FALLOCATE_NATIVE, "fallocate=posix is native");
	{
		char *help = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&help, &len);

		kg_options_usage(f);
		fclose(f);
		ok(strstr(help, "--rw=WORD, --readwrite") && strstr(help, "(default: read)") &&
		   strstr(help, "randrw     random, reads and writes mixed") &&
		   strstr(help, "--rwmixwrite=N") && strstr(help, "(inverse of rwmixread)") &&
		   strstr(help, "--bs=SIZE, --blocksize") && strstr(help, "\nI/O pattern:\n"),
		   "help run: names, aliases, defaults, allowed values with their help");
		free(help);
	}
	ok(!kg_parse_option(&js, "rw", "write", stderr) && js.jobs[js.nr_jobs - 1].rw == KIOGEN_RW_WRITE &&
	   !strcmp(kg_rw_name(KIOGEN_RW_RW), "rw"), "kg_parse_option; rw names from the table");
	return failed ? 1 : 0;
}
