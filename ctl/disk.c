// SPDX-License-Identifier: GPL-2.0
/*
 * fio's "Disk stats": /sys/dev/block/<maj:min>/stat of each target that is a
 * block device, read before and after a run. Shared by the kernel and the
 * syscall path so both report the same thing.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "disk.h"

uint64_t kg_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000ULL + ts.tv_nsec / 1000000;
}

static void kg_disk_read(struct kg_disk *d, const char *path, bool after)
{
	char sys[PATH_MAX], link[PATH_MAX], *base;
	uint64_t *v = after ? d->after : d->before;
	struct stat st;
	ssize_t n;
	FILE *f;
	int i;

	if (stat(path, &st) || !S_ISBLK(st.st_mode))
		return;
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u", major(st.st_rdev),
		 minor(st.st_rdev));
	n = readlink(sys, link, sizeof(link) - 1);
	if (n <= 0)
		return;
	link[n] = 0;
	base = strrchr(link, '/');
	snprintf(d->name, sizeof(d->name), "%.63s", base ? base + 1 : link);
	strncat(sys, "/stat", sizeof(sys) - strlen(sys) - 1);
	f = fopen(sys, "r");
	if (!f)
		return;
	for (i = 0; i < 17; i++)
		if (fscanf(f, "%" SCNu64, &v[i]) != 1)
			v[i] = 0;
	fclose(f);
	d->valid = after;
}

void kg_disks_read(struct kg_run_result *r, const struct kg_jobs *js,
		   bool after, uint64_t t0)
{
	unsigned int i, j;

	for (i = 0; i < js->nr_jobs; i++) {
		for (j = 0; j < i; j++)
			if (!strcmp(js->jobs[j].filename, js->jobs[i].filename))
				break;
		if (j < i || !js->jobs[i].filename[0])
			continue;	/* the same device counts once */
		if (after)
			r->disks[i].wall_ms = kg_now_ms() - t0;
		kg_disk_read(&r->disks[i], js->jobs[i].filename, after);
	}
	r->nr_disks = js->nr_jobs;
}
