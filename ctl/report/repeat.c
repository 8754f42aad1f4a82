// SPDX-License-Identifier: GPL-2.0
/*
 * Merging repeats into one result, and the stopping rule of repeat_until
 * (ctl/report/repeat.h).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "repeat.h"
#include "report.h"

/* One worker of a later repeat after the same worker of the earlier ones. */
static int kg_worker_append(struct kg_worker *into, const struct kg_worker *from)
{
	struct kg_worker tmp = *from;
	uint64_t elapsed = into->elapsed_ns;
	struct kiogen_sample last = { 0 }, *s;
	uint32_t i, d;

	if (from->nr_samples && from->samples) {
		s = realloc(into->samples, (into->nr_samples + from->nr_samples) * sizeof(*s));
		if (!s)
			return -ENOMEM;
		into->samples = s;
		if (into->nr_samples)
			last = s[into->nr_samples - 1];
		/* cumulative counters: the later run starts where the earlier ended */
		for (i = 0; i < from->nr_samples; i++) {
			s[into->nr_samples + i] = from->samples[i];
			for (d = 0; d < KIOGEN_DATA_DIRS; d++) {
				s[into->nr_samples + i].ios[d] += last.ios[d];
				s[into->nr_samples + i].bytes[d] += last.bytes[d];
			}
		}
		into->nr_samples += from->nr_samples;
		if (!into->sample_ns)
			into->sample_ns = from->sample_ns;
	}
	tmp.samples = NULL;
	tmp.nr_samples = 0;
	kg_worker_merge(into, &tmp);	/* cannot fail without samples */
	into->job = from->job;
	into->index = from->index;
	/* one after the other: their times add up */
	into->elapsed_ns = elapsed + from->elapsed_ns;
	return 0;
}

static int kg_job_append(struct kg_job_result *into, const struct kg_job_result *from)
{
	uint32_t k;

	if (from->nr_workers > into->nr_workers) {
		struct kg_worker *w = realloc(into->workers, from->nr_workers * sizeof(*w));

		if (!w)
			return -ENOMEM;
		memset(w + into->nr_workers, 0,
		       (from->nr_workers - into->nr_workers) * sizeof(*w));
		into->workers = w;
		into->nr_workers = from->nr_workers;
	}
	into->job = from->job;
	for (k = 0; k < from->nr_workers; k++)
		if (kg_worker_append(&into->workers[k], &from->workers[k]))
			return -ENOMEM;
	return 0;
}

int kg_repeat_append(struct kg_run_result *into, const struct kg_run_result *from)
{
	bool first = !into->nr_repeats;
	uint32_t i;

	for (i = 0; i < from->nr_jobs; i++)
		if (kg_job_append(&into->jobs[i], &from->jobs[i]))
			return -ENOMEM;
	if (from->nr_jobs > into->nr_jobs)
		into->nr_jobs = from->nr_jobs;
	into->id = from->id;
	into->elapsed_ns += from->elapsed_ns;
	/* the first that did not end well says how the whole ended */
	if (first || into->state == KIOGEN_STATE_DONE)
		into->state = from->state;
	if (!into->error)
		into->error = from->error;
	/* disks: the first repeat's before, the last one's after, their times */
	if (first) {
		into->nr_disks = from->nr_disks;
		memcpy(into->disks, from->disks, sizeof(into->disks));
	} else {
		for (i = 0; i < into->nr_disks && i < KG_MAX_JOBS; i++) {
			memcpy(into->disks[i].after, from->disks[i].after,
			       sizeof(into->disks[i].after));
			into->disks[i].wall_ms += from->disks[i].wall_ms;
			into->disks[i].valid &= from->disks[i].valid;
		}
	}
	into->nr_repeats++;
	return 0;
}

double kg_repeat_iops(const struct kg_run_result *r)
{
	uint64_t ios = 0;
	uint32_t i, k, d;

	for (i = 0; i < r->nr_jobs; i++)
		for (k = 0; k < r->jobs[i].nr_workers; k++)
			for (d = 0; d < KIOGEN_DATA_DIRS; d++)
				ios += r->jobs[i].workers[k].dir[d].ios;
	return r->elapsed_ns ? ios * 1e9 / r->elapsed_ns : 0;
}

/* Student's t at 97.5% for 1 to 30 degrees of freedom */
static const double kg_t975[] = {
	12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
};

double kg_repeat_halfwidth(const double *v, unsigned int n)
{
	double mean = 0, ss = 0, t;
	unsigned int i;

	if (n < 2)
		return -1;
	for (i = 0; i < n; i++)
		mean += v[i];
	mean /= n;
	if (!(mean > 0))
		return -1;
	for (i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	/* past the table, within 0.002 of the true quantile */
	t = n - 1 <= 30 ? kg_t975[n - 2] : 1.96 + 2.4 / (n - 1);
	return t * sqrt(ss / (n - 1) / n) / mean * 100;
}

unsigned int kg_repeat_max(const struct kg_global *g)
{
	if (g->repeat_until > 0)
		return g->repeat_max ? g->repeat_max : KG_REPEAT_MAX_DEFAULT;
	return g->repeat ? g->repeat : 1;
}

unsigned int kg_repeat_min(const struct kg_global *g)
{
	unsigned int n = g->repeat > KG_REPEAT_UNTIL_MIN ? g->repeat : KG_REPEAT_UNTIL_MIN;

	if (!(g->repeat_until > 0))
		return kg_repeat_max(g);
	return n < kg_repeat_max(g) ? n : kg_repeat_max(g);
}
