// SPDX-License-Identifier: GPL-2.0
/*
 * What the rooms above ask of core/job.h's structs. A worker's log windows
 * (struct kg_log_data), grown as either path brings them: the kernel's
 * with the results dump (ctl/nl/results.c), the syscall workers' from
 * their cores (ctl/report/log.c); here, below both, so that the netlink
 * client needs nothing of the reports. The groups a job list runs in, which
 * the option checks and both paths' runs walk.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"

struct kg_log_data *kg_log_of(struct kg_worker *w)
{
	if (!w->log)
		w->log = calloc(1, sizeof(*w->log));
	return w->log;
}

void kg_log_free(struct kg_log_data *l)
{
	if (!l)
		return;
	free(l->win);
	free(l->hist);
	free(l->io);
	free(l);
}

int kg_log_io_add(struct kg_log_data *l, const struct kiogen_log_io *io,
		  uint64_t n)
{
	if (l->nr_io + n > l->cap_io) {
		uint64_t cap = l->cap_io ? l->cap_io : 4096;
		struct kiogen_log_io *p;

		while (cap < l->nr_io + n)
			cap *= 2;
		p = realloc(l->io, cap * sizeof(*p));
		if (!p)
			return -ENOMEM;
		l->io = p;
		l->cap_io = cap;
	}
	memcpy(&l->io[l->nr_io], io, n * sizeof(*io));
	l->nr_io += n;
	return 0;
}

int kg_log_grow(void **p, uint32_t *have, uint32_t n, size_t size)
{
	void *q;

	if (n <= *have)
		return 0;
	q = realloc(*p, (size_t)n * size);
	if (!q)
		return -ENOMEM;
	memset((char *)q + (size_t)*have * size, 0, (size_t)(n - *have) * size);
	*p = q;
	*have = n;
	return 0;
}

unsigned int kg_jobs_phase_end(const struct kg_jobs *js, unsigned int first)
{
	unsigned int i = first + 1;

	while (i < js->nr_jobs && !js->jobs[i].stonewall)
		i++;
	return i;
}
