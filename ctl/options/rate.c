// SPDX-License-Identifier: GPL-2.0
/*
 * fio's rate options as the option table takes them: rate, rate_iops,
 * rate_min, rate_iops_min and max_latency each give one value for every direction, or
 * "read,write[,trim]" (any may be left out, as "rate=,2m"; as fio's parser,
 * the last value given stands for those after it, so "rate=1m,2m" limits
 * trims to 2m, while "rate=1m," leaves writes and trims free); and fio's checks of
 * the job as a whole (fixup_options()): a byte rate and an I/O rate of the
 * same direction exclude each other, and a minimum above the rate is
 * refused. The pacing itself is include/kiogen/rate.h's.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

#define KG_RATE_DIRS	3	/* read, write, trim: enum kiogen_dir's first */

static const char *const kg_rate_dirs[KG_RATE_DIRS] = { "read", "write", "trim" };

enum kg_rate_unit {
	KG_RATE_BYTES,		/* u64 bytes a second */
	KG_RATE_IOPS,		/* u32 I/Os a second */
	KG_RATE_TIME,		/* u64 ns, microseconds without a suffix */
};

/* Where each per-direction rate option keeps its three values. */
static const struct {
	const char *name;
	size_t off[KG_RATE_DIRS];
	enum kg_rate_unit unit;
} kg_rate_opts[] = {
	{ "rate", { KG_JOFF(rate_read), KG_JOFF(rate_write), KG_JOFF(rate_trim) },
	  KG_RATE_BYTES },
	{ "rate_min", { KG_JOFF(rate_min_read), KG_JOFF(rate_min_write),
			KG_JOFF(rate_min_trim) }, KG_RATE_BYTES },
	{ "rate_iops", { KG_JOFF(rate_iops_read), KG_JOFF(rate_iops_write),
			 KG_JOFF(rate_iops_trim) }, KG_RATE_IOPS },
	{ "rate_iops_min", { KG_JOFF(rate_iops_min_read), KG_JOFF(rate_iops_min_write),
			     KG_JOFF(rate_iops_min_trim) }, KG_RATE_IOPS },
	{ "max_latency", { KG_JOFF(max_latency_read), KG_JOFF(max_latency_write),
			   KG_JOFF(max_latency_trim) }, KG_RATE_TIME },
};

static int kg_rate_value(const char *name, const char *s, enum kg_rate_unit unit,
			 uint64_t *x, FILE *err)
{
	char *end;

	*x = 0;
	if (!*s)
		return 0;
	if (unit == KG_RATE_TIME) {
		if (kg_parse_time_unit(s, 1000, x)) {
			fprintf(err, "kiogen: %s: '%s' is not a time (microseconds, or with a suffix: 10ms)\n",
				name, s);
			return -EINVAL;
		}
		return 0;
	}
	if (unit == KG_RATE_IOPS) {
		errno = 0;
		*x = strtoull(s, &end, 10);
		if (errno || *end || !isdigit((unsigned char)*s) || *x > UINT32_MAX) {
			fprintf(err, "kiogen: %s: '%s' is not a number of I/Os a second (0 to %u)\n",
				name, s, UINT32_MAX);
			return -EINVAL;
		}
		return 0;
	}
	if (kg_parse_size(s, x)) {
		fprintf(err, "kiogen: %s: '%s' is not a rate in bytes a second (e.g. 500k, 10m)\n",
			name, s);
		return -EINVAL;
	}
	return 0;
}

static int kg_opt_rate(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
		       const char *v, FILE *err)
{
	char buf[64], *vals[KG_RATE_DIRS] = { buf }, *comma;
	uint64_t x[KG_RATE_DIRS];
	size_t i;
	int d, n;

	(void)js;
	for (i = 0; i < sizeof(kg_rate_opts) / sizeof(kg_rate_opts[0]); i++)
		if (!strcmp(kg_rate_opts[i].name, o->name))
			break;
	if (i == sizeof(kg_rate_opts) / sizeof(kg_rate_opts[0]))
		return -EINVAL;
	if (strlen(v) >= sizeof(buf)) {
		fprintf(err, "kiogen: %s: '%s' is too long\n", o->name, v);
		return -EINVAL;
	}
	snprintf(buf, sizeof(buf), "%s", v);
	for (n = 1; (comma = strchr(vals[n - 1], ',')); n++) {
		if (n == KG_RATE_DIRS) {
			fprintf(err, "kiogen: %s: '%s': at most three values, READ,WRITE,TRIM\n",
				o->name, v);
			return -EINVAL;
		}
		*comma = '\0';
		vals[n] = comma + 1;
	}
	if (n > 1 && !*vals[0] && !*vals[1] && (n == 2 || !*vals[2])) {
		fprintf(err, "kiogen: %s: '%s' gives no value (READ,WRITE,TRIM)\n", o->name, v);
		return -EINVAL;
	}
	/* fio's parser: the last value given stands for the directions after it */
	for (d = 0; d < KG_RATE_DIRS; d++)
		if (kg_rate_value(o->name, vals[d < n ? d : n - 1], kg_rate_opts[i].unit,
				  &x[d], err))
			return -EINVAL;
	for (d = 0; d < KG_RATE_DIRS; d++) {
		char *field = (char *)j + kg_rate_opts[i].off[d];

		if (kg_rate_opts[i].unit == KG_RATE_IOPS)
			*(uint32_t *)field = (uint32_t)x[d];
		else
			*(uint64_t *)field = x[d];
	}
	return 0;
}

int kg_job_rate_check(const struct kg_job *j, FILE *err)
{
	const uint64_t rate[] = { j->rate_read, j->rate_write, j->rate_trim };
	const uint64_t min[] = { j->rate_min_read, j->rate_min_write, j->rate_min_trim };
	const uint32_t iops[] = { j->rate_iops_read, j->rate_iops_write, j->rate_iops_trim };
	const uint32_t iops_min[] = { j->rate_iops_min_read, j->rate_iops_min_write,
				      j->rate_iops_min_trim };
	const char *const *dirs = kg_rate_dirs;
	int d;

	for (d = 0; d < KG_RATE_DIRS; d++) {
		if (rate[d] && iops[d]) {
			fprintf(err, "kiogen: %s: rate and rate_iops are mutually exclusive (%s)\n",
				j->name, dirs[d]);
			return -EINVAL;
		}
		if ((rate[d] && rate[d] < min[d]) || (iops[d] && iops[d] < iops_min[d])) {
			fprintf(err, "kiogen: %s: rate_min: the minimum %s rate exceeds the rate\n",
				j->name, dirs[d]);
			return -EINVAL;
		}
		if (min[d] && iops_min[d]) {
			fprintf(err, "kiogen: %s: rate_min and rate_iops_min are mutually exclusive (%s)\n",
				j->name, dirs[d]);
			return -EINVAL;
		}
	}
	return 0;
}

void kg_rate_min_report(const struct kg_run_result *r, FILE *f)
{
	const char *const *dirs = kg_rate_dirs;
	uint32_t i, k;
	int d;

	for (i = 0; i < r->nr_jobs; i++) {
		const struct kg_job *j = r->jobs[i].job;
		const uint64_t min[] = { j->rate_min_read, j->rate_min_write, j->rate_min_trim };
		const uint32_t iops_min[] = { j->rate_iops_min_read, j->rate_iops_min_write,
					      j->rate_iops_min_trim };

		const uint64_t max_lat[] = { j->max_latency_read, j->max_latency_write,
					     j->max_latency_trim };

		for (k = 0; k < r->jobs[i].nr_workers; k++) {
			const struct kg_worker *w = &r->jobs[i].workers[k];
			uint64_t ms = w->elapsed_ns / 1000000, errors = 0;

			/* as fio's lat_fatal(): the I/O above it was counted, its lat the max */
			for (d = 0; w->error == -ETIMEDOUT && d < KG_RATE_DIRS; d++)
				if (max_lat[d] && w->dir[d].ios && w->dir[d].lat_max > max_lat[d])
					fprintf(f, "kiogen %s: worker %u: latency of %" PRIu64 " nsec of a %s exceeds specified max (%" PRIu64 " nsec): ETIMEDOUT, as fio's max_latency\n",
						j->name, k, w->dir[d].lat_max, dirs[d],
						max_lat[d]);

			/* fio's check_min_rate fails with EIO where no I/O failed */
			for (d = 0; d <= KIOGEN_DIR_MAX; d++)
				errors += w->dir[d].errors;
			if (w->error != -EIO || errors || !ms)
				continue;
			/* as fio's, of the directions that completed I/O */
			for (d = 0; d < KG_RATE_DIRS; d++) {
				if (!w->dir[d].ios)
					continue;
				if (min[d])
					fprintf(f, "kiogen %s: worker %u: rate_min=%" PRIu64 "B/s of %ss not met (EIO, as fio's check_min_rate), %" PRIu64 "B/s over the run\n",
						j->name, k, min[d], dirs[d], w->dir[d].bytes * 1000 / ms);
				else if (iops_min[d])
					fprintf(f, "kiogen %s: worker %u: rate_iops_min=%u of %ss not met (EIO, as fio's check_min_rate), %" PRIu64 " IOPS over the run\n",
						j->name, k, iops_min[d], dirs[d], w->dir[d].ios * 1000 / ms);
			}
		}
	}
}

/*
 * fio's rate options: their rows, after the main table
 * (ctl/options/parse.c walks the tables in that order).
 */
const struct kg_option kg_rate_options[] = {
	{
		.name = "rate", .type = KG_OPT_STR, .len = 64, .cb = kg_opt_rate,
		.category = KG_CAT_LIMITS,
		.help = "most bytes a second, READ[,WRITE[,TRIM]] or one for all (e.g. 1m,2m)",
	},
	{
		.name = "rate_iops", .type = KG_OPT_STR, .len = 64, .cb = kg_opt_rate,
		.category = KG_CAT_LIMITS,
		.help = "most I/Os a second, READ[,WRITE[,TRIM]] or one for all",
	},
	{
		.name = "rate_min", .alias = "ratemin", .type = KG_OPT_STR, .len = 64,
		.cb = kg_opt_rate, .category = KG_CAT_LIMITS,
		.help = "fail the job (EIO) below this many bytes a second over a ratecycle, READ[,WRITE[,TRIM]]",
	},
	{
		.name = "rate_iops_min", .type = KG_OPT_STR, .len = 64, .cb = kg_opt_rate,
		.category = KG_CAT_LIMITS,
		.help = "fail the job (EIO) below this many I/Os a second over a ratecycle, READ[,WRITE[,TRIM]]",
	},
	{
		.name = "max_latency", .type = KG_OPT_STR, .len = 64, .cb = kg_opt_rate,
		.category = KG_CAT_LIMITS,
		.help = "fail the job (ETIMEDOUT) at the first I/O whose lat is above this "
			"(microseconds, or with a suffix), READ[,WRITE[,TRIM]]",
	},
	{
		.name = "rate_process", .type = KG_OPT_POSVAL, .off1 = KG_JOFF(rate_process),
		.def = "linear", .report = KG_REPORT_CHANGED, .category = KG_CAT_LIMITS,
		.help = "when rate-limited I/Os are due",
		.posval = {
			{ "linear", "evenly spaced", KIOGEN_RATE_PROCESS_LINEAR },
			{ "poisson", "exponential gaps of the same mean", KIOGEN_RATE_PROCESS_POISSON },
		},
	},
	{
		.name = "ratecycle", .alias = "rate_cycle", .type = KG_OPT_INT,
		.off1 = KG_JOFF(rate_cycle_ms), .minval = 1, .maxval = 3600000, .def = "1000",
		.report = KG_REPORT_CHANGED, .category = KG_CAT_LIMITS,
		.help = "ms over which rate_min and rate_iops_min are measured",
	},
	/* block sizes (ctl/options/bs.c) and the stream's shape */
	{ .name = NULL },
};
