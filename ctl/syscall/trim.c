// SPDX-License-Identifier: GPL-2.0
/*
 * Trims on the syscall path (rw=trim, randtrim, trimwrite), as fio's
 * os_trim(): a block device gets ioctl(BLKDISCARD), a file fallocate() with
 * FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE. Every engine issues a trim as
 * this synchronous call from the worker, completed within submit (the
 * kernel's kiocb engine trims in the call too); io_uring's discard command
 * is newer than the kernels kiogen runs on. A block device that does not
 * discard is refused before the run, as the kernel path refuses it.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <linux/falloc.h>
#include <linux/fs.h>

#include <kiogen/workload.h>

#include "core/cli.h"
#include "syscall.h"

/* queue/discard_max_bytes of the device @rdev (a partition: its disk's) */
static int kg_trim_discard_max(dev_t rdev, uint64_t *max)
{
	static const char *const where[] = { "queue", "../queue" };
	char path[96];
	unsigned int i;
	FILE *f;
	int ok;

	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/%s/discard_max_bytes",
			 major(rdev), minor(rdev), where[i]);
		f = fopen(path, "r");
		if (!f)
			continue;
		ok = fscanf(f, "%" SCNu64, max) == 1;
		fclose(f);
		if (ok)
			return 0;
	}
	return -ENOENT;
}

int kg_trim_check(const struct kg_job *j, int fd)
{
	uint64_t max;
	struct stat st;

	if (!kiog_rw_trims(j->rw) || fd < 0 || fstat(fd, &st) || !S_ISBLK(st.st_mode))
		return KG_EXIT_OK;
	if (!kg_trim_discard_max(st.st_rdev, &max) && !max) {
		fprintf(stderr, "kiogen: %s: rw: %s does not discard (queue/discard_max_bytes is 0), so it cannot trim\n",
			j->name, j->filename);
		return KG_EXIT_USAGE;
	}
	return KG_EXIT_OK;
}

void kg_sys_trim(struct kg_sys_worker *w, struct kg_sys_slot *s)
{
	uint64_t range[2] = { s->offset, s->len };
	struct stat st;
	int ret;

	if (!w->trim_kind)
		w->trim_kind = !fstat(s->fd, &st) && S_ISBLK(st.st_mode) ? 2 : 1;
	if (w->trim_kind == 2)
		ret = ioctl(s->fd, BLKDISCARD, range);
	else
		ret = fallocate(s->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
				(off_t)s->offset, s->len);
	kg_sys_slot_complete(w, s, ret < 0 ? -errno : (long)s->len, kg_sys_now_ns());
}
