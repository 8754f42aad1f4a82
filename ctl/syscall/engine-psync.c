// SPDX-License-Identifier: GPL-2.0
/*
 * The psync engine of the syscall path: one pread() or pwrite() at a time,
 * completed within submit. fio's sync, psync, vsync, pvsync and pvsync2 all
 * land here, and so do the kernel engine names bio (with O_DIRECT) and kiocb
 * (direct as asked), since on this path they only name the file path the
 * data takes. A short transfer is counted as such, not retried, as the
 * kernel counts it; fsync= and fdatasync= call fsync(2)/fdatasync(2) in the
 * worker, as the kernel's kiocb engine calls vfs_fsync(). With hipri, as
 * fio's pvsync2, each I/O is a preadv2()/pwritev2() with RWF_HIPRI: polled.
 */
#include <errno.h>
#include <unistd.h>
#include <sys/uio.h>

#include "syscall.h"

static void kg_psync_submit(struct kg_sys_worker *w, struct kg_sys_slot *s)
{
	struct iovec iov = { s->buf, s->len };
	ssize_t n;

	if (w->job->hipri && s->dir == KIOGEN_DIR_WRITE)
		n = pwritev2(s->fd, &iov, 1, s->offset, RWF_HIPRI);
	else if (w->job->hipri)
		n = preadv2(s->fd, &iov, 1, s->offset, RWF_HIPRI);
	else if (s->dir == KIOGEN_DIR_WRITE)
		n = pwrite(s->fd, s->buf, s->len, s->offset);
	else
		n = pread(s->fd, s->buf, s->len, s->offset);
	kg_sys_slot_complete(w, s, n < 0 ? -errno : n, kg_sys_now_ns());
}

/* Everything completed in submit: there is never anything to wait for. */
static int kg_psync_reap(struct kg_sys_worker *w, uint32_t min, uint32_t max)
{
	(void)w;
	(void)min;
	(void)max;
	return 0;
}

const struct kg_sys_engine kg_sys_engine_psync = {
	.name		= "psync",
	.needs_buffers	= true,
	.max_depth	= 1,
	.submit		= kg_psync_submit,
	.reap		= kg_psync_reap,
	.sync		= kg_sys_fsync,
};
