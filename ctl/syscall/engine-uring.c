// SPDX-License-Identifier: GPL-2.0
/*
 * The io_uring engine of the syscall path (liburing): up to iodepth reads
 * and writes in flight per worker, one ring per worker, SQEs pushed once per
 * batch. fio's io_uring options are honoured from the job: fixedbufs
 * (registered buffers, read_fixed/write_fixed), registerfiles (the target
 * as a registered file), sqthread_poll (IORING_SETUP_SQPOLL) and hipri
 * (IORING_SETUP_IOPOLL); prio and prioclass ride on every SQE, as fio's,
 * since the SQPOLL thread does not have the worker's ioprio_set().
 * Completions seen in one reap share one timestamp: they were all sitting
 * in the CQ ring at that moment.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include <liburing.h>

#include "syscall.h"

struct kg_uring {
	struct io_uring ring;
	unsigned int sqe_flags;	/* IOSQE_FIXED_FILE with registerfiles */
	uint16_t ioprio;	/* every SQE's, as fio's: prioclass and prio, or 0 */
};

static void kg_uring_setup_error(const struct kg_job *j, int err)
{
	const char *why = "";

	if (err == -ENOSYS)
		why = " (this kernel has no io_uring)";
	else if (err == -EPERM)
		why = " (not permitted here: kernel.io_uring_disabled, seccomp or a container policy)";
	else if (err == -EINVAL && (j->sqthread_poll || j->hipri))
		why = " (sqthread_poll or hipri not supported by this kernel)";
	fprintf(stderr, "kiogen: %s: ioengine=io_uring: io_uring_setup: %s%s\n",
		j->name, strerror(-err), why);
}

/* Every slot's buffer, registered once so the kernel pins them only once. */
static int kg_uring_register_buffers(struct kg_sys_worker *w, struct kg_uring *u)
{
	struct iovec *iov;
	size_t bytes = 0;
	uint32_t i;
	int ret;

	iov = calloc(w->depth, sizeof(*iov));
	if (!iov)
		return -ENOMEM;
	for (i = 0; i < w->depth; i++) {
		iov[i].iov_base = w->slots[i].buf;
		iov[i].iov_len = w->slots[i].buf_len;
		bytes += w->slots[i].buf_len;
	}
	ret = io_uring_register_buffers(&u->ring, iov, w->depth);
	free(iov);
	if (ret)
		fprintf(stderr, "kiogen: %s: fixedbufs: cannot register %zu bytes of buffers: %s%s\n",
			w->job->name, bytes, strerror(-ret),
			ret == -ENOMEM ? " (locked memory limit, see ulimit -l)" : "");
	return ret;
}

static int kg_uring_init(struct kg_sys_worker *w)
{
	const struct kg_job *j = w->job;
	struct io_uring_params p;
	struct kg_uring *u;
	int ret;

	u = calloc(1, sizeof(*u));
	if (!u) {
		fprintf(stderr, "kiogen: %s: out of memory\n", j->name);
		return -ENOMEM;
	}
	memset(&p, 0, sizeof(p));
	if (j->sqthread_poll)
		p.flags |= IORING_SETUP_SQPOLL;
	if (j->hipri)
		p.flags |= IORING_SETUP_IOPOLL;
	ret = io_uring_queue_init_params(w->depth, &u->ring, &p);
	if (ret) {
		kg_uring_setup_error(j, ret);
		free(u);
		return ret;
	}
	w->priv = u;	/* from here on, exit undoes it */
	u->ioprio = kg_job_ioprio(j);
	w->res.mem += sizeof(*u) +
		      (uint64_t)p.sq_entries * sizeof(struct io_uring_sqe) +
		      (uint64_t)p.cq_entries * sizeof(struct io_uring_cqe);
	if (j->registerfiles) {
		ret = io_uring_register_files(&u->ring, w->fds, w->nr_fds);
		if (ret) {
			fprintf(stderr, "kiogen: %s: registerfiles: cannot register the file: %s\n",
				j->name, strerror(-ret));
			return ret;
		}
		u->sqe_flags = IOSQE_FIXED_FILE;
	}
	if (j->fixedbufs)
		return kg_uring_register_buffers(w, u);
	return 0;
}

static void kg_uring_exit(struct kg_sys_worker *w)
{
	struct kg_uring *u = w->priv;

	/* unregisters buffers and files, cancels anything still in flight */
	io_uring_queue_exit(&u->ring);
	free(u);
	w->priv = NULL;
}

/*
 * The ring has at least depth entries and there are only depth slots, so
 * an SQE is always free - except under sqthread_poll, where the kernel
 * thread moves the ring's head only after its batch, possibly after the
 * completions of that batch were reaped. Then push what is queued and wait
 * for the head to move.
 */
static struct io_uring_sqe *kg_uring_get_sqe(struct kg_uring *u)
{
	struct io_uring_sqe *sqe;

	while (!(sqe = io_uring_get_sqe(&u->ring))) {
		if (!(u->ring.flags & IORING_SETUP_SQPOLL) ||
		    io_uring_submit(&u->ring) < 0 ||
		    io_uring_sqring_wait(&u->ring) < 0)
			return NULL;
	}
	return sqe;
}

static void kg_uring_submit(struct kg_sys_worker *w, struct kg_sys_slot *s)
{
	struct kg_uring *u = w->priv;
	struct io_uring_sqe *sqe = kg_uring_get_sqe(u);
	/* registered: the file's index in the worker's set */
	int fd = u->sqe_flags & IOSQE_FIXED_FILE ? (int)s->file : s->fd;

	if (!sqe) {
		kg_sys_slot_complete(w, s, -EBUSY, kg_sys_now_ns());
		return;
	}
	if (s->dir == KIOGEN_DIR_WRITE) {
		if (w->job->fixedbufs)
			io_uring_prep_write_fixed(sqe, fd, s->buf, s->len,
						  s->offset, s->index);
		else
			io_uring_prep_write(sqe, fd, s->buf, s->len, s->offset);
	} else {
		if (w->job->fixedbufs)
			io_uring_prep_read_fixed(sqe, fd, s->buf, s->len,
						 s->offset, s->index);
		else
			io_uring_prep_read(sqe, fd, s->buf, s->len, s->offset);
	}
	sqe->flags |= u->sqe_flags;
	/*
	 * As fio's: the submitter may be the SQPOLL thread (or io-wq), which
	 * does not have the worker's ioprio_set(), so each SQE carries it.
	 */
	sqe->ioprio = u->ioprio;
	io_uring_sqe_set_data(sqe, s);
}

static int kg_uring_commit(struct kg_sys_worker *w)
{
	struct kg_uring *u = w->priv;
	int ret = io_uring_submit(&u->ring);

	return ret < 0 ? ret : 0;
}

static int kg_uring_reap(struct kg_sys_worker *w, uint32_t min, uint32_t max)
{
	struct kg_uring *u = w->priv;
	struct io_uring_cqe *cqe;
	unsigned int head, n = 0;
	uint64_t now;
	int ret;

	if (min) {
		/* SQEs the kernel has not taken yet go in with the wait */
		if (io_uring_sq_ready(&u->ring))
			ret = io_uring_submit_and_wait(&u->ring, min);
		else
			ret = io_uring_wait_cqe_nr(&u->ring, &cqe, min);
		if (ret < 0)
			return ret;
	}
	now = kg_sys_now_ns();
	io_uring_for_each_cqe(&u->ring, head, cqe) {
		if (max && n == max)
			break;
		kg_sys_slot_complete(w, io_uring_cqe_get_data(cqe), cqe->res, now);
		n++;
	}
	io_uring_cq_advance(&u->ring, n);
	return n;
}

const struct kg_sys_engine kg_sys_engine_uring = {
	.name		= "io_uring",
	.needs_buffers	= true,
	.init		= kg_uring_init,
	.exit		= kg_uring_exit,
	.submit		= kg_uring_submit,
	.commit		= kg_uring_commit,
	.reap		= kg_uring_reap,
	.sync		= kg_sys_fsync,
};

#include "options/options.h"

/* fio's io_uring options, this engine's own (kg_options_register()) */
static const struct kg_option kg_uring_options[] = {
	{
		.name = "fixedbufs", .origin = KG_FIO_OTHER, .type = KG_OPT_BOOL, .off1 = KG_JOFF(fixedbufs),
		.category = "io_uring (--path=syscall)",
		.help = "registered buffers (read_fixed/write_fixed)",
	},
	{
		.name = "registerfiles", .origin = KG_FIO_OTHER, .type = KG_OPT_BOOL, .off1 = KG_JOFF(registerfiles),
		.category = "io_uring (--path=syscall)",
		.help = "the target as a registered file",
	},
	{
		.name = "sqthread_poll", .origin = KG_FIO_OTHER, .type = KG_OPT_BOOL, .off1 = KG_JOFF(sqthread_poll),
		.category = "io_uring (--path=syscall)",
		.help = "a kernel thread polls the submission queue (IORING_SETUP_SQPOLL)",
	},
	{ .name = NULL },
};

static void __attribute__((constructor(KG_OPT_TABLE_ENGINE))) kg_uring_options_register(void)
{
	kg_options_register(kg_uring_options);
}
