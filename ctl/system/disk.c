// SPDX-License-Identifier: GPL-2.0
/*
 * fio's "Disk stats": /sys/dev/block/<maj:min>/stat of the block device each
 * target reaches (a device, or the one under a file's file system), read
 * before and after a run. Shared by the kernel and the
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

/*
 * The block device a target's I/O reaches: the device itself, or for a file
 * the device of its file system (as fio's disk_util). 0 for none (tmpfs,
 * overlayfs, 9p: no /sys/dev/block entry then).
 */
static dev_t kg_disk_dev(const char *path)
{
	struct stat st;

	if (!path[0] || stat(path, &st))
		return 0;
	return S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev;
}

static void kg_disk_read(struct kg_disk *d, dev_t dev, bool after)
{
	char sys[PATH_MAX], link[PATH_MAX], *base;
	uint64_t *v = after ? d->after : d->before;
	ssize_t n;
	FILE *f;
	int i;

	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u", major(dev), minor(dev));
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
	dev_t dev[KG_MAX_JOBS];
	unsigned int i, j;

	for (i = 0; i < js->nr_jobs; i++) {
		dev[i] = kg_disk_dev(js->jobs[i].filename);
		for (j = 0; j < i; j++)
			if (dev[j] == dev[i])
				break;
		if (j < i || !dev[i])
			continue;	/* the same device counts once */
		if (after)
			r->disks[i].wall_ms = kg_now_ms() - t0;
		kg_disk_read(&r->disks[i], dev[i], after);
	}
	r->nr_disks = js->nr_jobs;
}
