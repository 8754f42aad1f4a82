// SPDX-License-Identifier: GPL-2.0
/*
 * The posixaio engine of the syscall path, as fio's: aio_read()/aio_write()
 * per I/O, finished ones found with aio_error() and waited for with
 * aio_suspend(). glibc runs POSIX AIO on its own helper threads, so this is
 * user-space concurrency over synchronous I/O, which is what fio measures
 * with it too. Completions seen in one reap share one timestamp.
 */
#include <aio.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "syscall.h"

struct kg_paio {
	struct aiocb *cbs;		/* one per slot, by slot index */
	struct kg_sys_slot **busy;	/* in flight, unordered */
	const struct aiocb **wait;	/* aio_suspend()'s list */
	uint32_t nr_busy;
};

static void kg_paio_exit(struct kg_sys_worker *w)
{
	struct kg_paio *p = w->priv;
	uint32_t i;

	/* nothing may write into the buffers once they are freed */
	for (i = 0; i < p->nr_busy; i++) {
		struct aiocb *cb = &p->cbs[p->busy[i]->index];

		if (aio_cancel(cb->aio_fildes, cb) == AIO_NOTCANCELED)
			while (aio_error(cb) == EINPROGRESS)
				aio_suspend((const struct aiocb *const[]){ cb }, 1, NULL);
	}
	free(p->cbs);
	free(p->busy);
	free(p->wait);
	free(p);
	w->priv = NULL;
}

static int kg_paio_init(struct kg_sys_worker *w)
{
	struct kg_paio *p = calloc(1, sizeof(*p));

	if (p) {
		w->priv = p;
		p->cbs = calloc(w->depth, sizeof(*p->cbs));
		p->busy = calloc(w->depth, sizeof(*p->busy));
		p->wait = calloc(w->depth, sizeof(*p->wait));
	}
	if (!p || !p->cbs || !p->busy || !p->wait) {
		fprintf(stderr, "kiogen: %s: out of memory\n", w->job->name);
		return -ENOMEM;
	}
	w->res.mem += sizeof(*p) + w->depth * (sizeof(*p->cbs) + sizeof(*p->busy) +
					       sizeof(*p->wait));
	return 0;
}

static void kg_paio_submit(struct kg_sys_worker *w, struct kg_sys_slot *s)
{
	struct kg_paio *p = w->priv;
	struct aiocb *cb = &p->cbs[s->index];
	int ret;

	cb->aio_fildes = s->fd;
	cb->aio_buf = s->buf;
	cb->aio_nbytes = s->len;
	cb->aio_offset = (off_t)s->offset;
	cb->aio_sigevent.sigev_notify = SIGEV_NONE;
	ret = s->dir == KIOGEN_DIR_WRITE ? aio_write(cb) : aio_read(cb);
	if (ret) {
		kg_sys_slot_complete(w, s, -errno, kg_sys_now_ns());
		return;
	}
	p->busy[p->nr_busy++] = s;
}

/*
 * aio_read()/aio_write() issued each I/O already; the batch's issue time is
 * taken after them, so that slat is what they cost, as in fio.
 */
static int kg_paio_commit(struct kg_sys_worker *w)
{
	(void)w;
	return 0;
}

/* Hands back the finished I/Os, at most @max (0: all); their number. */
static uint32_t kg_paio_collect(struct kg_sys_worker *w, uint32_t max)
{
	struct kg_paio *p = w->priv;
	uint64_t now = kg_sys_now_ns();
	uint32_t i = 0, n = 0;
	int err;

	while (i < p->nr_busy && (!max || n < max)) {
		struct kg_sys_slot *s = p->busy[i];
		struct aiocb *cb = &p->cbs[s->index];

		err = aio_error(cb);
		if (err == EINPROGRESS) {
			i++;
			continue;
		}
		kg_sys_slot_complete(w, s, err ? -err : (long)aio_return(cb), now);
		p->busy[i] = p->busy[--p->nr_busy];
		n++;
	}
	return n;
}

static int kg_paio_reap(struct kg_sys_worker *w, uint32_t min, uint32_t max)
{
	struct kg_paio *p = w->priv;
	uint32_t n = kg_paio_collect(w, max), i;

	while (n < min && p->nr_busy && (!max || n < max)) {
		for (i = 0; i < p->nr_busy; i++)
			p->wait[i] = &p->cbs[p->busy[i]->index];
		if (aio_suspend(p->wait, (int)p->nr_busy, NULL) && errno != EINTR)
			return -errno;
		n += kg_paio_collect(w, max ? max - n : 0);
	}
	return (int)n;
}

const struct kg_sys_engine kg_sys_engine_posixaio = {
	.name		= "posixaio",
	.needs_buffers	= true,
	.init		= kg_paio_init,
	.exit		= kg_paio_exit,
	.submit		= kg_paio_submit,
	.commit		= kg_paio_commit,
	.reap		= kg_paio_reap,
	.sync		= kg_sys_fsync,
};
