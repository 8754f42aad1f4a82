// SPDX-License-Identifier: GPL-2.0
/*
 * The libaio engine of the syscall path, as fio's: one AIO context per
 * worker with iodepth entries, the iocbs of a batch pushed with one
 * io_submit(), completions taken with io_getevents(). Without direct=1 the
 * kernel runs the I/O inside io_submit(), as it does for fio. Completions
 * seen in one io_getevents() share one timestamp. The kernel's aio cannot
 * poll, so hipri is refused (ctl/syscall/syscall.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <libaio.h>

#include "syscall.h"

struct kg_libaio {
	io_context_t ctx;
	struct iocb *iocbs;		/* one per slot, by slot index */
	struct iocb **queued;		/* the batch not yet submitted */
	uint32_t nr_queued;
	struct io_event *events;
};

static void kg_libaio_exit(struct kg_sys_worker *w)
{
	struct kg_libaio *a = w->priv;

	/* waits for, or cancels, anything still in flight */
	if (a->ctx)
		io_destroy(a->ctx);
	free(a->iocbs);
	free(a->queued);
	free(a->events);
	free(a);
	w->priv = NULL;
}

static int kg_libaio_init(struct kg_sys_worker *w)
{
	struct kg_libaio *a = calloc(1, sizeof(*a));
	int ret;

	if (!a) {
		fprintf(stderr, "kiogen: %s: out of memory\n", w->job->name);
		return -ENOMEM;
	}
	w->priv = a;	/* from here on, exit undoes it */
	a->iocbs = calloc(w->depth, sizeof(*a->iocbs));
	a->queued = calloc(w->depth, sizeof(*a->queued));
	a->events = calloc(w->depth, sizeof(*a->events));
	if (!a->iocbs || !a->queued || !a->events) {
		fprintf(stderr, "kiogen: %s: out of memory\n", w->job->name);
		return -ENOMEM;
	}
	w->res.mem += sizeof(*a) + w->depth * (sizeof(*a->iocbs) + sizeof(*a->queued) +
					       sizeof(*a->events));
	ret = io_setup(w->depth, &a->ctx);
	if (ret) {
		a->ctx = 0;
		fprintf(stderr, "kiogen: %s: ioengine=libaio: io_setup(%u): %s%s\n",
			w->job->name, w->depth, strerror(-ret),
			ret == -EAGAIN ? " (more than fs.aio-max-nr events asked)" : "");
	}
	return ret;
}

static void kg_libaio_submit(struct kg_sys_worker *w, struct kg_sys_slot *s)
{
	struct kg_libaio *a = w->priv;
	struct iocb *cb = &a->iocbs[s->index];

	if (s->dir == KIOGEN_DIR_WRITE)
		io_prep_pwrite(cb, s->fd, s->buf, s->len, s->offset);
	else
		io_prep_pread(cb, s->fd, s->buf, s->len, s->offset);
	cb->data = s;
	a->queued[a->nr_queued++] = cb;
}

/*
 * io_submit() may take part of a batch: push the rest until it is all in.
 * A refusal is fatal for the worker, as for fio.
 */
static int kg_libaio_commit(struct kg_sys_worker *w)
{
	struct kg_libaio *a = w->priv;
	uint32_t done = 0;
	int ret = 0;

	while (done < a->nr_queued) {
		ret = io_submit(a->ctx, a->nr_queued - done, a->queued + done);
		if (ret <= 0) {
			ret = ret ?: -EAGAIN;
			break;
		}
		done += ret;
		ret = 0;
	}
	a->nr_queued = 0;
	return ret;
}

static int kg_libaio_reap(struct kg_sys_worker *w, uint32_t min, uint32_t max)
{
	struct kg_libaio *a = w->priv;
	uint64_t now;
	int ret, i;

	do {
		ret = io_getevents(a->ctx, min, max ?: w->depth, a->events, NULL);
	} while (ret == -EINTR && min);
	if (ret < 0)
		return ret;
	now = kg_sys_now_ns();
	for (i = 0; i < ret; i++)
		kg_sys_slot_complete(w, a->events[i].data, (long)a->events[i].res, now);
	return ret;
}

const struct kg_sys_engine kg_sys_engine_libaio = {
	.name		= "libaio",
	.needs_buffers	= true,
	.init		= kg_libaio_init,
	.exit		= kg_libaio_exit,
	.submit		= kg_libaio_submit,
	.commit		= kg_libaio_commit,
	.reap		= kg_libaio_reap,
	.sync		= kg_sys_fsync,
};
