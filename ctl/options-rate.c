// SPDX-License-Identifier: GPL-2.0
/*
 * fio's rate options as the option table takes them: rate, rate_iops,
 * rate_min and rate_iops_min each give one value for both directions, or
 * "read,write" (either may be left out, as "rate=,2m"); and fio's checks of
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

/* Where each per-direction rate option keeps its two values. */
static const struct {
	const char *name;
	size_t off[2];		/* read, write */
	bool iops;		/* u32 I/Os a second, else u64 bytes a second */
} kg_rate_opts[] = {
	{ "rate", { KG_JOFF(rate_read), KG_JOFF(rate_write) }, false },
	{ "rate_min", { KG_JOFF(rate_min_read), KG_JOFF(rate_min_write) }, false },
	{ "rate_iops", { KG_JOFF(rate_iops_read), KG_JOFF(rate_iops_write) }, true },
	{ "rate_iops_min", { KG_JOFF(rate_iops_min_read), KG_JOFF(rate_iops_min_write) }, true },
};

static int kg_rate_value(const char *name, const char *s, bool iops, uint64_t *x,
			 FILE *err)
{
	char *end;

	*x = 0;
	if (!*s)
		return 0;
	if (iops) {
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

int kg_opt_rate(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
		const char *v, FILE *err)
{
	char buf[64], *vals[3] = { buf, NULL, NULL }, *comma;
	uint64_t x[2];
	size_t i;
	int d;

	(void)js;
	for (i = 0; i < sizeof(kg_rate_opts) / sizeof(kg_rate_opts[0]); i++)
		if (!strcmp(kg_rate_opts[i].name, o->name))
			break;
	if (i == sizeof(kg_rate_opts) / sizeof(kg_rate_opts[0]))
		return -EINVAL;
	snprintf(buf, sizeof(buf), "%s", v);
	for (d = 1; d < 3 && (comma = strchr(vals[d - 1], ',')); d++) {
		*comma = '\0';
		vals[d] = comma + 1;
	}
	if (vals[2]) {
		if (*vals[2] && strcmp(vals[2], "0")) {
			fprintf(err, "kiogen: %s: '%s': a third (trim) value is not supported\n",
				o->name, v);
			return -EINVAL;
		}
	}
	for (d = 0; d < 2; d++)
		if (kg_rate_value(o->name, vals[vals[1] ? d : 0], kg_rate_opts[i].iops,
				  &x[d], err))
			return -EINVAL;
	for (d = 0; d < 2; d++) {
		char *field = (char *)j + kg_rate_opts[i].off[d];

		if (kg_rate_opts[i].iops)
			*(uint32_t *)field = (uint32_t)x[d];
		else
			*(uint64_t *)field = x[d];
	}
	return 0;
}

int kg_job_rate_check(const struct kg_job *j, FILE *err)
{
	static const char *const dirs[] = { "read", "write" };
	const uint64_t rate[2] = { j->rate_read, j->rate_write };
	const uint64_t min[2] = { j->rate_min_read, j->rate_min_write };
	const uint32_t iops[2] = { j->rate_iops_read, j->rate_iops_write };
	const uint32_t iops_min[2] = { j->rate_iops_min_read, j->rate_iops_min_write };
	int d;

	for (d = 0; d < 2; d++) {
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
	static const char *const dirs[] = { "read", "write" };
	uint32_t i, k;
	int d;

	for (i = 0; i < r->nr_jobs; i++) {
		const struct kg_job *j = r->jobs[i].job;
		const uint64_t min[2] = { j->rate_min_read, j->rate_min_write };
		const uint32_t iops_min[2] = { j->rate_iops_min_read, j->rate_iops_min_write };

		for (k = 0; k < r->jobs[i].nr_workers; k++) {
			const struct kg_worker *w = &r->jobs[i].workers[k];
			uint64_t ms = w->elapsed_ns / 1000000, errors = 0;

			/* fio's check_min_rate fails with EIO where no I/O failed */
			for (d = 0; d <= KIOGEN_DIR_MAX; d++)
				errors += w->dir[d].errors;
			if (w->error != -EIO || errors || !ms)
				continue;
			for (d = 0; d < 2; d++) {
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
