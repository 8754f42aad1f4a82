// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall path: "kiogen run --path=syscall" issues the same jobs from
 * this process, one pthread per worker, through an engine picked by name
 * (psync, io_uring, null). Everything a worker needs is allocated and the
 * target opened before any thread starts. The worker loop keeps only
 * submitting and waiting: stop conditions, error policy, sync cadence and
 * statistics are the kernel worker's own, from include/kiogen/core.h, and
 * the generator is configured as the kernel configures it. The results land
 * in the same struct kg_run_result the kernel path fills, so reports and
 * JSON work unchanged, and for one seed both paths issue the identical
 * stream under the same policy, which the digest proves.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "core/cli.h"
#include "options/cgroup.h"
#include "options/ioengines.h"
#include "options/options.h"
#include "options/verify.h"
#include "report/eta.h"
#include "report/log.h"
#include "syscall.h"
#include "system/disk.h"
#include "system/target.h"

/*
 * The engines of this path, found by the name the ioengine registry
 * (ctl/options/ioengines.h) gives for each of fio's names.
 */
static const struct kg_sys_engine *const kg_sys_engines[] = {
	&kg_sys_engine_psync, &kg_sys_engine_uring, &kg_sys_engine_libaio,
	&kg_sys_engine_posixaio, &kg_sys_engine_null, &kg_sys_engine_meta,
};

/* What a job resolves to on this path, before any worker exists. */
struct kg_sys_target {
	const struct kg_sys_engine *eng;
	bool direct;
	struct kg_target t;	/* opened and laid out by ctl/system/target.c */
	uint64_t size;		/* region length, resolved as the kernel does */
	uint64_t io_size;	/* bytes per worker, resolved */
	uint64_t nr_blocks;	/* random offsets of the region (bs.h) */
	uint32_t unit;		/* bytes between two of them */
	uint32_t max_bs;	/* bytes: the largest I/O, a buffer's size */
};

/* Holds every worker back until all of them are ready, as the kernel does. */
struct kg_sys_gate {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	uint32_t ready;		/* workers placed, with their buffers */
	bool open;
	bool abort;
	bool stop;		/* a worker's end stops the others (exitall; atomic) */
};

/* What the loop adds to the shared core (include/kiogen/core.h). */
struct kg_sys_loop {
	bool broken;		/* the engine failed: in-flight I/O is lost */
};

uint64_t kg_sys_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

int kg_sys_fsync(struct kg_sys_worker *w, bool datasync)
{
	int fd = w->fds[w->sync_file];
	int ret = datasync ? fdatasync(fd) : fsync(fd);

	return ret ? -errno : 0;
}

void kg_sys_slot_complete(struct kg_sys_worker *w, struct kg_sys_slot *s,
			  long res, uint64_t now)
{
	s->end_ns = now;
	s->error = res < 0 ? (int)res : 0;
	s->done_bytes = res < 0 ? 0 : (uint32_t)res;
	s->next = w->done;
	w->done = s;
	w->nr_done++;
}

/* ---- setup: engine, target, region -------------------------------------- */

static const struct kg_sys_engine *kg_sys_engine_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < sizeof(kg_sys_engines) / sizeof(kg_sys_engines[0]); i++)
		if (!strcmp(kg_sys_engines[i]->name, name))
			return kg_sys_engines[i];
	return NULL;
}

static int kg_sys_pick_engine(const struct kg_job *j, struct kg_sys_target *t)
{
	const struct kg_ioengine *e = kg_ioengine_find(j->ioengine);

	if (!e) {
		fprintf(stderr, "kiogen: %s: ioengine: '%s' has no syscall-path engine (psync, libaio, posixaio, io_uring, null)\n",
			j->name, j->ioengine);
		return KG_EXIT_USAGE;
	}
	t->eng = kg_sys_engine_find(e->sys);
	if (!t->eng) {
		fprintf(stderr, "kiogen: %s: ioengine: %s is not available on the syscall path; use ioengine=io_uring for asynchronous I/O\n",
			j->name, j->ioengine);
		return KG_EXIT_USAGE;
	}
	t->direct = (e->flags & KG_IOENGINE_DIRECT) || j->direct;
	if (e->flags & KG_IOENGINE_KERNEL_NAME)
		fprintf(stderr, "kiogen: %s: ioengine=%s on the syscall path -> %s%s%s\n",
			j->name, j->ioengine, t->eng->name,
			t->direct ? " with O_DIRECT" : " through the page cache",
			j->iodepth > 1 ? ", one I/O at a time (iodepth ignored)" : "");
	return KG_EXIT_OK;
}

/* Options an engine cannot honour are refused, never ignored. */
static int kg_sys_check_options(const struct kg_job *j,
				const struct kg_sys_target *t)
{
	const char *opt;

	if (t->eng != &kg_sys_engine_uring) {
		opt = j->fixedbufs ? "fixedbufs" : j->registerfiles ? "registerfiles" :
		      j->sqthread_poll ? "sqthread_poll" : NULL;
		if (opt) {
			fprintf(stderr, "kiogen: %s: %s: only ioengine=io_uring takes it\n",
				j->name, opt);
			return KG_EXIT_USAGE;
		}
	}
	/* the kernel's aio and glibc's POSIX AIO cannot poll */
	if (j->hipri && (t->eng == &kg_sys_engine_libaio || t->eng == &kg_sys_engine_posixaio)) {
		fprintf(stderr, "kiogen: %s: hipri: ioengine=%s cannot poll; use io_uring or pvsync2\n",
			j->name, t->eng->name);
		return KG_EXIT_USAGE;
	}
	/* psync polls with RWF_HIPRI (fio's pvsync2), io_uring with IOPOLL */
	if (j->hipri && (!t->direct || !t->eng->needs_buffers)) {
		fprintf(stderr, "kiogen: %s: hipri: polled completions need direct=1 and a target\n",
			j->name);
		return KG_EXIT_USAGE;
	}
	return KG_EXIT_OK;
}

static int kg_sys_region_error(const struct kg_job *j,
			       const struct kg_sys_target *t, const char *opt,
			       const char *what)
{
	if (t->t.file)
		fprintf(stderr, "kiogen: %s: %s: %s is %" PRIu64 " bytes, offset %" PRIu64 " + size %" PRIu64 " does not fit\n",
			j->name, opt, j->filename, t->t.bytes, j->offset, j->size);
	else
		fprintf(stderr, "kiogen: %s: %s: %s\n", j->name, opt, what);
	return KG_EXIT_USAGE;
}

/*
 * The sizes suit the target's alignment and fit the region, every worker's
 * region fits the target: kiog_nl_check_sizes().
 */
static int kg_sys_check_sizes(const struct kg_job *j, struct kg_sys_target *t)
{
	uint64_t end = j->offset + (uint64_t)(j->numjobs - 1) * j->offset_increment;
	struct kiog_wl_cfg c;
	struct kiog_bs b;
	const char *msg;

	KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, &c, j);
	kiog_bs_init(&b, &c, 0);
	msg = kiog_bs_check_align(&b, t->t.min_align);
	if (msg) {
		fprintf(stderr, "kiogen: %s: %s (%u bytes)\n", j->name, msg, t->t.min_align);
		return -1;
	}
	/* as the kernel: O_DIRECT would fail on the I/O after the hole */
	if (j->rw_seq_add % t->t.min_align) {
		fprintf(stderr, "kiogen: %s: rw: the hole (rw=X:%" PRIu64 ") is not a multiple of the target's alignment (%u bytes)\n",
			j->name, j->rw_seq_add, t->t.min_align);
		return -1;
	}
	if (j->offset_increment % t->t.min_align || end < j->offset ||
	    end + t->size < end || end + t->size > t->t.bytes) {
		fprintf(stderr, "kiogen: %s: offset_increment: the last worker's region is not aligned or ends past the target\n",
			j->name);
		return -1;
	}
	t->max_bs = kiog_bs_largest(&b, j->rw);
	if (t->size < t->max_bs) {
		fprintf(stderr, "kiogen: %s: size: smaller than the largest block size\n", j->name);
		return -1;
	}
	t->nr_blocks = kiog_bs_blocks(&b, j->rw, t->size, &t->unit);
	return 0;
}

/* The region must fit the target and hold a block: kiog_nl_check_region(). */
static int kg_sys_check_region(const struct kg_job *j, struct kg_sys_target *t)
{
	const char *align = t->t.file ? "O_DIRECT" : "logical block size";
	uint64_t bytes = t->t.bytes;

	if (j->bs % t->t.min_align) {
		fprintf(stderr, "kiogen: %s: bs: %u is not a multiple of the target's %s alignment (%u)\n",
			j->name, j->bs, align, t->t.min_align);
		return KG_EXIT_USAGE;
	}
	if (j->offset % t->t.min_align) {
		fprintf(stderr, "kiogen: %s: offset: %" PRIu64 " is not a multiple of the target's %s alignment (%u)\n",
			j->name, j->offset, align, t->t.min_align);
		return KG_EXIT_USAGE;
	}
	if (j->offset >= bytes)
		return kg_sys_region_error(j, t, "offset", "past the end of the target");
	t->size = kg_target_region_bytes(j, &t->t);
	if (t->size > bytes - j->offset)
		return kg_sys_region_error(j, t, "size",
					   "offset + size is past the end of the target");
	if (t->size < j->bs) {
		fprintf(stderr, "kiogen: %s: size: smaller than one block (bs)\n", j->name);
		return KG_EXIT_USAGE;
	}
	t->io_size = kg_target_io_bytes(j, &t->t, t->size);
	if (kg_sys_check_sizes(j, t))
		return KG_EXIT_USAGE;
	if (j->random_distribution == KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS &&
	    kiog_dist_zones_fit(&j->zones, t->nr_blocks, t->unit)) {
		fprintf(stderr, "kiogen: %s: random_distribution: zoned_abs zones end past the region (%" PRIu64 " bytes)\n",
			j->name, t->size);
		return KG_EXIT_USAGE;
	}
	return KG_EXIT_OK;
}

/**
 * kg_sys_target_open() - open a job's target and resolve its region
 * @j: the job
 * @t: engine already picked; target, sizes and region are filled in
 * @info: where the layout line goes
 *
 * ctl/system/target.c opens (and lays out) the target as for the kernel path, but
 * for this process's own I/O. The null engine opens nothing and, as in the
 * kernel, has a target of 2^64 - 1 bytes.
 *
 * Return: KG_EXIT_OK, or an exit code after saying why in words.
 */
static int kg_sys_target_open(const struct kg_job *j, struct kg_sys_target *t,
			      FILE *info)
{
	int ret;

	t->t.fd = -1;
	if (!t->eng->needs_buffers) {
		t->t.bytes = UINT64_MAX;
		t->t.min_align = 1;
		return kg_sys_check_region(j, t);
	}
	ret = kg_target_open(j, t->direct, KG_TARGET_SYSCALL, &t->t, info);
	if (ret || t->t.fd < 0)
		return ret;
	ret = kg_trim_check(j, t->t.fd);
	if (ret)
		return ret;
	return kg_sys_check_region(j, t);
}

/* ---- workers: allocation before the clock starts ------------------------ */

/* The stop, sync and error policy of a job, as the kernel's. */
static void kg_sys_core_cfg(const struct kg_job *j, const struct kg_sys_target *t,
			    struct kiog_core_cfg *cc)
{
	KIOG_JOB_COPY(KIOG_JOB_CORE_FIELDS, cc, j);
	cc->io_size = t->io_size;	/* resolved against the target */
}

/* The regions of worker @w's files; NULL: size for all (kiog_worker_regions()). */
static const __u64 *kg_sys_regions(const struct kg_sys_target *t,
				   const struct kg_sys_worker *w)
{
	/* uint64_t and __u64 are one size, of two spellings */
	return t->t.regions ? (const __u64 *)(t->t.regions + (w->fds - t->t.fds)) : NULL;
}

/*
 * Buffers have the kernel's layout - whole chunks of PAGE_SIZE << order,
 * order capped at KG_SYS_CHUNK_ORDER - and get the same seeded pattern in
 * the same order, so a block written by either path carries the same bytes.
 */
static size_t kg_sys_buf_len(uint32_t bs)
{
	size_t page = sysconf(_SC_PAGESIZE), chunk = page;
	unsigned int order = 0;

	while (chunk < bs && order < KIOG_CHUNK_ORDER) {
		chunk <<= 1;
		order++;
	}
	return (bs + chunk - 1) / chunk * chunk;
}

/*
 * Do the slots carry data? The null engine's do with verify: its writes are
 * stamped and summed (include/kiogen/verify.h's kiog_vfy_check_nodata()).
 */
static bool kg_sys_buffers(const struct kg_job *j, const struct kg_sys_engine *eng)
{
	return eng->needs_buffers || j->verify != KIOGEN_VERIFY_NONE;
}

static int kg_sys_slot_init(struct kg_sys_worker *w, struct kg_sys_slot *s,
			    uint32_t index, struct kiog_rng *fill)
{
	uint64_t *p;
	size_t i;

	s->index = index;
	if (!kg_sys_buffers(w->job, w->eng))
		return 0;
	s->buf_len = kg_sys_buf_len(w->max_bs);
	if (posix_memalign(&s->buf, 4096, s->buf_len)) {
		s->buf = NULL;
		return -ENOMEM;
	}
	p = s->buf;
	for (i = 0; i < s->buf_len / sizeof(*p); i++)
		p[i] = kiog_rng_next(fill);
	w->res.mem += s->buf_len;
	return 0;
}

static void kg_sys_worker_free(struct kg_sys_worker *w)
{
	uint32_t i;

	if (!w)
		return;
	if (w->priv && w->eng->exit)
		w->eng->exit(w);
	for (i = 0; w->slots && i < w->depth; i++)
		free(w->slots[i].buf);
	free(w->wl_files);
	free(w->vfy.units);
	free(w->slots);
	free(w->free);
	free(w->batch);
	free(w->core.samples);
	free(w->core.split);
	free(w->res.samples);
	kg_log_core_free(&w->core);
	kg_log_free(w->res.log);
	free(w);
}

/**
 * kg_sys_worker_alloc() - a worker with everything it will need
 * @j: its job
 * @job_index: index of @j in the run
 * @index: worker index in the job
 * @t: the job's opened target and resolved region
 *
 * The generator is configured exactly as kiog_worker_alloc() configures the
 * kernel's, which is what makes the two streams identical.
 *
 * Return: the worker, or NULL if out of memory.
 */
static struct kg_sys_worker *kg_sys_worker_alloc(const struct kg_job *j,
						 uint32_t job_index, uint32_t index,
						 const struct kg_sys_target *t)
{
	struct kiog_wl_cfg wlc;
	struct kiog_vfy_cfg vc;
	struct kiog_buf_cfg bc;
	struct kiog_core_cfg cc;
	struct kg_sys_worker *w;
	uint32_t unit;

	w = calloc(1, sizeof(*w));
	if (!w)
		return NULL;
	w->job = j;
	w->eng = t->eng;
	w->job_index = job_index;
	w->index = index;
	w->fd = t->t.fd;
	/* one set of files for all workers, or a set each (fio's names) */
	w->nr_fds = t->t.worker_files ?: 1;
	w->fds = t->t.fds ? t->t.fds : &w->fd;
	if (t->t.nr_fds > w->nr_fds)
		w->fds += (size_t)index * w->nr_fds;
	w->max_bs = t->max_bs;
	w->depth = t->eng->max_depth ?: j->iodepth;
	/* as the kernel's kiocb engine: files and devices, not directories */
	w->drop_cache = t->eng->needs_buffers && t->eng != &kg_sys_engine_meta &&
			kiog_wl_pass_drops(j->invalidate, t->direct, j->time_based);
	kiog_loop_uses(&w->ls, KIOG_LOOP_INVALIDATE, w->drop_cache);
	w->res.job = job_index;
	w->res.index = index;
	w->res.sample_ns = KIOG_SAMPLE_NS;
	KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, &wlc, j);
	wlc.size = t->size;	/* resolved against the target */
	kiog_loop_wl_cfg(&wlc, j->seed, job_index, index, j->offset_increment);
	/* the region was checked like the kernel checks it; this cannot fail */
	if (kiog_wl_init(&w->wl, &wlc))
		goto err;
	if (w->nr_fds > 1) {
		w->wl_files = calloc(w->nr_fds, sizeof(*w->wl_files));
		if (!w->wl_files)
			goto err;
		/* the region was checked as the kernel checks it */
		if (kiog_wl_files(&w->wl, w->wl_files, w->nr_fds, kg_sys_regions(t, w)))
			goto err;
	}

	kg_sys_core_cfg(j, t, &cc);
	kiog_loop_core_cfg(&cc, j->io_size, kg_sys_regions(t, w), w->nr_fds);
	kiog_loop_init_core(&w->ls, &cc, j->io_size, w->nr_fds,
			    calloc(kiog_core_max_samples(&cc), sizeof(struct kiogen_sample)),
			    w->depth, j->mode != KIOGEN_MODE_ASYNC);
	KIOG_JOB_COPY(KIOG_JOB_VERIFY_FIELDS, &vc, j);
	kiog_loop_init_data(&w->ls, &cc, &vc, j->rw, t->eng->needs_buffers, 0, job_index,
			    index, wlc.seed);
	unit = kiog_vfy_unit(&vc, &wlc);
	if (unit) {
		uint64_t nr = kiog_vfy_units(wlc.size, unit);
		__u64 *units = calloc(nr, sizeof(*units));

		if (!units)
			goto err;
		kiog_vfy_map(&w->vfy, units, nr, unit, w->wl.base);
		while (!kiog_vfy_map_build(&w->vfy, &w->wl, UINT32_MAX))
			;
		w->res.mem += nr * sizeof(*units);
	}
	KIOG_JOB_COPY(KIOG_JOB_BUFFER_FIELDS, &bc, j);
	kiog_loop_init_buf(&w->ls, &bc, wlc.seed, j->verify != KIOGEN_VERIFY_NONE,
			   kg_sys_buffers(j, t->eng));
	w->slots = calloc(w->depth, sizeof(*w->slots));
	w->free = calloc(w->depth, sizeof(*w->free));
	w->batch = calloc(w->depth, sizeof(*w->batch));
	if (j->latency_split)
		w->core.split = calloc(1, sizeof(*w->core.split));
	kiog_loop_uses(&w->ls, KIOG_LOOP_SPLIT, w->core.split != NULL);
	if (!w->core.samples || !w->slots || !w->free || !w->batch ||
	    (j->latency_split && !w->core.split) || kg_log_core_init(&w->core, &cc))
		goto err;
	w->res.mem += sizeof(*w) + (uint64_t)w->core.max_samples * sizeof(*w->core.samples) +
		     (uint64_t)w->depth * (sizeof(*w->slots) + 2 * sizeof(*w->free)) +
		     (w->core.split ? sizeof(*w->core.split) : 0);
	w->fill_seed = wlc.seed ^ KIOG_FILL_SEED;
	return w;
err:
	kg_sys_worker_free(w);
	return NULL;
}

/*
 * The worker's buffers and engine, from its own thread once placed: first
 * touch puts the pages on its node (numa_cpu_nodes), as fio's thread_main
 * sets its affinity before init_io_u(). 0, or the error after saying it.
 */
static int kg_sys_worker_setup(struct kg_sys_worker *w)
{
	struct kiog_rng fill;
	uint32_t i;

	kiog_rng_seed(&fill, w->fill_seed);
	for (i = 0; i < w->depth; i++) {
		if (kg_sys_slot_init(w, &w->slots[i], i, &fill)) {
			fprintf(stderr, "kiogen: cannot allocate the workers' buffers: %s\n",
				strerror(ENOMEM));
			return -ENOMEM;
		}
		if (w->slots[i].buf && kiog_buf_custom(&w->buf)) {
			struct kiog_fill f;

			kiog_buf_start(&w->buf, &f, 0, 0);
			kiog_buf_fill(&w->buf, &f, w->slots[i].buf, w->slots[i].buf_len);
		}
		if (w->slots[i].buf)
			kiog_vfy_fill(&w->vfy.pat, w->slots[i].buf, w->slots[i].buf_len, 0);
		w->free[w->nr_free++] = &w->slots[i];
	}
	/* the engine says what failed: the host, as options were checked */
	return w->eng->init && w->eng->init(w) ? -EIO : 0;
}

/* ---- the worker loop: the kernel's sequence (include/kiogen/loop.h) ------ */

/* What reads left in a buffer is put back before it carries a write. */
static void kg_sys_restore(struct kg_sys_worker *w, struct kg_sys_slot *s)
{
	uint32_t n = s->dirty < s->len ? s->dirty : s->len;
	struct kiog_fill f;

	if (kiog_buf_custom(&w->buf) && !w->buf.refill) {
		kiog_buf_start(&w->buf, &f, 0, 0);
		kiog_buf_fill(&w->buf, &f, s->buf, n);
	}
	kiog_vfy_fill(&w->vfy.pat, s->buf, n, 0);
	/* a longer read left more: it is put back when a write reaches it */
	if (s->dirty <= s->len)
		s->dirty = 0;
}

/* A block to write gets its header; with verify, its checksum too. */
static void kg_sys_stamp(struct kg_sys_worker *w, struct kg_sys_slot *s)
{
	if (s->dirty)
		kg_sys_restore(w, s);
	if (w->buf.refill) {
		struct kiog_fill f;

		kiog_buf_start(&w->buf, &f, s->vseq, 1);
		kiog_buf_fill(&w->buf, &f, s->buf, s->len);
	} else if (w->buf.scramble) {
		kiog_buf_scramble(s->buf, s->len, 0, s->offset, s->vseq);
	}
	if (w->vfy.type) {
		if (w->vfy.stamp)
			kg_verify_stamp(&w->vfy, s->buf, s->offset, s->len, s->vseq);
		return;
	}
	/* contents asked for are written as they are, as fio writes them */
	if (kiog_buf_custom(&w->buf))
		return;
	/* the syscall path has no run id */
	kiog_block_stamp(s->buf, s->offset, 0, w->job_index, w->index, s->vseq);
}

/*
 * Issues one batch: up to iodepth_batch_submit I/Os built, then pushed to
 * the kernel at once (the engine's commit). Each I/O's clock starts once it
 * is picked and its buffer stamped (and summed), right before the engine is
 * called (kiog_loop_clock_start()); its issue time is when the push
 * returned, or its start for engines that issue in submit. As fio counts them, every I/O of the batch is at the
 * depth reached once the batch is in, and the batch is one submit.
 */
static uint32_t kg_sys_submit_batch(struct kg_sys_worker *w, struct kg_sys_loop *l)
{
	uint32_t queued = 0, i, limit = w->job->iodepth_batch ?: w->depth;
	struct kiog_core *c = &w->core;
	struct kiog_split *split = c->split;
	uint64_t now;
	int err;

	while (w->nr_free && queued < limit) {
		struct kg_sys_slot *s;
		uint64_t pick_ns = 0;
		int picked;

		/* a held I/O (rate limits) was counted when it was built */
		if (!kiog_vfy_may_issue(&w->vfy, &w->rate, c, &w->wl))
			break;
		if (split)
			pick_ns = kg_sys_now_ns();
		s = w->free[w->nr_free - 1];
		picked = kiog_loop_pick(&w->ls, &s->lio, &s->file,
					w->rate.paced ? pick_ns ?: kg_sys_now_ns() : 0);
		if (!picked)
			break;
		w->nr_free--;
		s->pick_ns = pick_ns;
		s->fd = w->fds[s->file];
		/* fio's invalidate: a pass after the first starts cold too */
		if (picked & KIOG_LOOP_NEW_PASS)
			posix_fadvise(s->fd, 0, 0, POSIX_FADV_DONTNEED);
		if (kiog_loop_stamps(&w->ls, &s->lio, s->buf != NULL))
			kg_sys_stamp(w, s);
		w->inflight++;
		kiog_loop_clock_start(&s->lio, kg_sys_now_ns());
		if (s->dir == KIOGEN_DIR_TRIM)
			kg_sys_trim(w, s);
		else
			w->eng->submit(w, s);
		if (split)
			s->sub_ns = kg_sys_now_ns();
		w->batch[queued++] = s;
		if (picked & KIOG_LOOP_SYNC_AFTER)
			break;
	}
	if (!queued)
		return 0;
	if (w->eng->commit) {
		err = w->eng->commit(w);
		if (err) {
			kiog_core_fail(c, err);
			l->broken = true;
		}
		now = kg_sys_now_ns();
		for (i = 0; i < queued; i++) {
			w->batch[i]->issue_ns = now;
			/* the split's submit phase ends with the commit syscall */
			if (split)
				w->batch[i]->sub_ns = now;
		}
	}
	kiog_core_submitted(c, queued, w->inflight);
	return queued;
}

/*
 * Fills the free slots batch by batch; after a full queue, only below
 * iodepth_low; not while a due sync waits for the writes in flight.
 */
static void kg_sys_submit(struct kg_sys_worker *w, struct kg_sys_loop *l)
{
	while (!l->broken && kiog_loop_may_build(&w->ls, w->nr_free) &&
	       kg_sys_submit_batch(w, l))
		;
}

/* Sleeps up to @ns, 100 ms at most, so that Ctrl-C is seen soon. */
static void kg_sys_nap(uint64_t ns)
{
	if (!ns)
		return;
	if (ns > 100000000)
		ns = 100000000;
	nanosleep(&(struct timespec){ .tv_sec = ns / 1000000000, .tv_nsec = ns % 1000000000 },
		  NULL);
}

/* Spins up to @ns on the CPU, 1 ms at most, as the kernel's workers do */
static void kg_sys_spin(uint64_t ns)
{
	uint64_t until = kg_sys_now_ns() + (ns < 1000000 ? ns : 1000000);

	while (kg_sys_now_ns() < until)
		;
}

/* Ctrl-C, or another worker's end under exitall: stop issuing */
static bool kg_sys_stopping(const struct kg_sys_worker *w)
{
	return kg_interrupt_pending() || __atomic_load_n(&w->gate->stop, __ATOMIC_RELAXED);
}

/* fio's startdelay, as the kernel's workers wait it */
static void kg_sys_start_delay(const struct kg_sys_worker *w)
{
	uint64_t until = kg_sys_now_ns() + w->job->startdelay_ns, now;

	while (!kg_sys_stopping(w) && (now = kg_sys_now_ns()) < until)
		kg_sys_nap(until - now);
}


static long double kg_sys_sqsum(const struct kiog_lat_stats *l)
{
	return (long double)l->sq_hi * 18446744073709551616.0L + l->sq_lo;
}

/* A direction's sched lat (rate limits) as the reports take it. */
static void kg_sys_sched_result(const struct kiog_rate *r, int dir, struct kg_dir *d)
{
	if (dir >= KIOG_RATE_DIRS || !r->sched_ios[dir])
		return;
	d->sched_ios = r->sched_ios[dir];
	d->sched_min = r->sched[dir].min;
	d->sched_max = r->sched[dir].max;
	d->sched_sum = r->sched[dir].sum;
	d->sched_sumsq = kg_sys_sqsum(&r->sched[dir]);
	memcpy(d->sched_hist, r->sched_hist[dir], sizeof(d->sched_hist));
}

/* The core's statistics of one direction as the reports take them. */
static void kg_sys_dir_result(const struct kiog_dir_stats *s, bool has_slat,
			      struct kg_dir *d)
{
	d->ios = s->ios;
	d->bytes = s->bytes;
	d->errors = s->errors;
	d->short_ios = s->short_ios;
	d->inline_ios = s->inline_ios;
	d->lat_min = s->lat.min;
	d->lat_max = s->lat.max;
	d->lat_sum = s->lat.sum;
	d->lat_sumsq = kg_sys_sqsum(&s->lat);
	d->clat_min = s->clat.min;
	d->clat_max = s->clat.max;
	d->clat_sum = s->clat.sum;
	d->clat_sumsq = kg_sys_sqsum(&s->clat);
	d->has_slat = has_slat && s->ios;
	if (d->has_slat) {
		d->slat_min = s->slat.min;
		d->slat_max = s->slat.max;
		d->slat_sum = s->slat.sum;
		d->slat_sumsq = kg_sys_sqsum(&s->slat);
	}
	memcpy(d->hist, s->hist, sizeof(d->hist));
	memcpy(d->clat_hist, s->clat_hist, sizeof(d->clat_hist));
}

/*
 * Accounts the slots handed back; returns how many there were. No clat is
 * moved to the reap here, so inline_ios stays 0: the async engines stamp
 * every completion when they reap it, submit to reap as fio's, and
 * io_submit() or io_uring_enter() give no clean sign of what completed
 * inside them (a CQE peeked right after may be an interrupt's since).
 */
static uint32_t kg_sys_reap(struct kg_sys_worker *w)
{
	struct kg_sys_slot *s = w->done, *next;
	struct kiog_split *split = w->core.split;
	uint32_t n = w->nr_done;
	/* the latency split's reap phase ends here, for the whole batch */
	uint64_t seen = split && s ? kg_sys_now_ns() : 0;

	w->done = NULL;
	w->nr_done = 0;
	for (; s; s = next) {
		next = s->next;
		w->inflight--;
		w->free[w->nr_free++] = s;
		if (kiog_vfy_checks(&w->vfy, s->dir, s->vseq) && !s->error)
			s->error = kg_verify_check(&w->vfy, &w->core, s->buf, s->offset,
						   s->len, s->done_bytes, s->vseq);
		kiog_loop_account(&w->ls, &s->lio, seen);
	}
	kg_log_io_move(&w->res, &w->core, false);
	return n;
}

/* fsync/fdatasync in the worker, timed into the sync statistics as fio does */
static void kg_sys_sync(struct kg_sys_worker *w, bool datasync)
{
	uint64_t t0 = kg_sys_now_ns();
	int err;

	kiog_core_sync_begin(&w->core);
	if (!w->eng->sync)
		return;
	err = w->eng->sync(w, datasync);
	kiog_core_sync_end(&w->core, t0, err ? t0 : kg_sys_now_ns(), err);
}

/*
 * Reaps as fio's wait_for_completions(): at least iodepth_batch_complete_min
 * completions (at least one when the queue is full or nothing more will be
 * issued), at most iodepth_batch_complete_max per reap, and after a full
 * queue on until no more than iodepth_low are in flight. Completions the
 * engine handed back in submit count towards the minimum.
 */
static void kg_sys_wait(struct kg_sys_worker *w, struct kg_sys_loop *l)
{
	const struct kg_job *j = w->job;
	struct kiog_core *c = &w->core;
	bool full = !w->nr_free || !c->issuing;
	uint32_t low = j->iodepth_low && j->iodepth_low < w->depth ? j->iodepth_low :
		       w->depth;
	uint32_t min, n;
	int ret;

	do {
		min = j->iodepth_batch_complete_min < w->inflight ?
		      j->iodepth_batch_complete_min : w->inflight;
		if (full && !min)
			min = 1;
		min = min > w->nr_done ? min - w->nr_done : 0;
		do
			ret = w->eng->reap(w, min, j->iodepth_batch_complete_max);
		while (ret == -EINTR && !w->done);
		if (ret < 0 && ret != -EINTR) {
			kiog_core_fail(c, ret);
			l->broken = true;
		}
		n = kg_sys_reap(w);
		if (n)
			kiog_core_reaped(c, n);
	} while (!l->broken && full && c->issuing && w->inflight > low);
}


/* verify's phases switch (include/kiogen/verify.h); only a job reading back looks */
static bool kg_sys_vfy_turn(struct kg_sys_worker *w)
{
	return w->vfy.readback &&
	       kiog_vfy_turn(&w->vfy, &w->rate, &w->core, kg_sys_stopping(w));
}

static void kg_sys_loop(struct kg_sys_worker *w)
{
	struct kiog_core *c = &w->core;
	struct kg_sys_loop l = { .broken = false };

	if (w->job->startdelay_ns)
		kg_sys_start_delay(w);
	kiog_core_start(c, kg_sys_now_ns());
	kiog_rate_start(&w->rate, c->last_end);
	/* interrupted before this worker started: issue nothing */
	if (kg_sys_stopping(w))
		kiog_core_stop(c);
	while (c->issuing || w->inflight || kg_sys_vfy_turn(w)) {
		if (c->issuing)
			kg_sys_submit(w, &l);
		if (l.broken)
			break;
		if (w->inflight) {
			kg_sys_wait(w, &l);
			if (l.broken)
				break;
		}
		if (kiog_loop_sync_now(&w->ls))
			kg_sys_sync(w, c->datasync);
		/* thinktime and rate limits, with nothing in flight: one nap each */
		if (kiog_loop_think_now(&w->ls)) {
			__u64 spin, left = kiog_loop_think(&w->ls, kg_sys_now_ns(), &spin);

			if (spin)
				kg_sys_spin(spin);
			else
				kg_sys_nap(left);
		}
		if (kiog_loop_pace_now(&w->ls))
			kg_sys_nap(kiog_loop_pace(&w->ls, kg_sys_now_ns()));
		kiog_loop_turn_end(&w->ls, kg_sys_stopping(w));
		/* the writes ended or paused: read back */
		if (!w->inflight && !l.broken)
			kg_sys_vfy_turn(w);
	}
	/* fio's end_fsync syncs every file of the job */
	if (!l.broken && kiog_core_end_sync_due(c))
		for (w->sync_file = 0; w->sync_file < w->nr_fds; w->sync_file++)
			kg_sys_sync(w, false);
	w->res.elapsed_ns = kiog_core_finish(c, kg_sys_now_ns());
}

static uint64_t kg_sys_tv_ns(const struct timeval *tv)
{
	return (uint64_t)tv->tv_sec * 1000000000ULL + tv->tv_usec * 1000ULL;
}

static bool kg_sys_gate_wait(struct kg_sys_gate *g)
{
	bool go;

	pthread_mutex_lock(&g->lock);
	while (!g->open && !g->abort)
		pthread_cond_wait(&g->cond, &g->lock);
	go = !g->abort;
	pthread_mutex_unlock(&g->lock);
	return go;
}

/* A worker is ready, or failed to be (its setup_error); it waits for the gate. */
static bool kg_sys_gate_arrive(struct kg_sys_gate *g)
{
	pthread_mutex_lock(&g->lock);
	g->ready++;
	pthread_cond_broadcast(&g->cond);
	pthread_mutex_unlock(&g->lock);
	return kg_sys_gate_wait(g);
}

/* The main thread waits until the @nr workers started are ready. */
static void kg_sys_gate_all_ready(struct kg_sys_gate *g, uint32_t nr)
{
	pthread_mutex_lock(&g->lock);
	while (g->ready < nr)
		pthread_cond_wait(&g->cond, &g->lock);
	pthread_mutex_unlock(&g->lock);
}

static void kg_sys_gate_set(struct kg_sys_gate *g, bool abort)
{
	pthread_mutex_lock(&g->lock);
	if (abort)
		g->abort = true;
	else
		g->open = true;
	pthread_cond_broadcast(&g->cond);
	pthread_mutex_unlock(&g->lock);
}

/* Body of a worker thread: the loop, then its own CPU time and switches. */
static void kg_sys_worker_body(struct kg_sys_worker *w)
{
	struct rusage r0, r1;
	int err;

	/* placed as the module places its threads, before the first I/O */
	err = kg_place_thread(w->job, w->place_index, stderr);
	if (!err)
		w->setup_error = kg_sys_worker_setup(w);
	if (!kg_sys_gate_arrive(w->gate))
		return;
	if (err) {
		w->core.error = err;
		return;
	}
	getrusage(RUSAGE_THREAD, &r0);
	kg_sys_loop(w);
	if (kiog_core_ends_run(&w->core))
		__atomic_store_n(&w->gate->stop, true, __ATOMIC_RELAXED);
	getrusage(RUSAGE_THREAD, &r1);
	w->res.cpu_usr_ns = kg_sys_tv_ns(&r1.ru_utime) - kg_sys_tv_ns(&r0.ru_utime);
	w->res.cpu_sys_ns = kg_sys_tv_ns(&r1.ru_stime) - kg_sys_tv_ns(&r0.ru_stime);
	w->res.ctx_vol = r1.ru_nvcsw - r0.ru_nvcsw;
	w->res.ctx_invol = r1.ru_nivcsw - r0.ru_nivcsw;
}

static void *kg_sys_worker_fn(void *data)
{
	struct kg_sys_worker *w = data;

	kg_sys_worker_body(w);
	__atomic_store_n(&w->finished, true, __ATOMIC_RELEASE);
	return NULL;
}

/* Moves a finished worker's results into @out; the samples change owner. */
static void kg_sys_worker_result(struct kg_sys_worker *w, struct kg_worker *out)
{
	bool has_slat = w->job->mode == KIOGEN_MODE_ASYNC && w->eng->commit;
	struct kiog_core *c = &w->core;
	int d;

	for (d = 0; d <= KIOGEN_DIR_MAX; d++) {
		kg_sys_dir_result(&c->stats[d], d != KIOGEN_DIR_SYNC && has_slat,
				  &w->res.dir[d]);
		kg_sys_sched_result(&w->rate, d, &w->res.dir[d]);
	}
	memcpy(w->res.depths, c->depths, sizeof(c->depths));
	memcpy(w->res.submit, c->submit, sizeof(c->submit));
	memcpy(w->res.complete, c->complete, sizeof(c->complete));
	w->res.error = c->error;
	w->res.stamps_behind = c->stamps_behind;
	w->res.samples = c->samples;
	w->res.nr_samples = c->nr_samples;
	w->res.sample_ns = c->sample_ns;
	c->samples = NULL;
	w->res.digest = w->wl.digest;
	if (w->vfy.type) {
		w->res.verify = w->vfy.res;
		w->res.has_verify = true;
	}
	w->res.issued = w->wl.issued;
	if (c->split)
		w->res.split = *c->split;
	if (kg_log_take(&w->res, c))
		fprintf(stderr, "kiogen: log files: out of memory\n");
	*out = w->res;
	w->res.samples = NULL;
	w->res.log = NULL;
}

/* ---- the run ------------------------------------------------------------ */

/* Everything a run holds, for one place to undo it. */
struct kg_sys_run {
	struct kg_sys_target targets[KG_MAX_JOBS];
	struct kg_sys_worker **workers;	/* every worker, job by job */
	uint32_t nr_workers;
	uint32_t nr_started;
	struct kg_sys_gate gate;
	bool stopped;			/* by Ctrl-C before any worker started */
};

/*
 * Buffers are all allocated and touched before the clock starts, so a
 * request for more than the machine can hold is refused up front rather
 * than met by the OOM killer; half of RAM leaves room for the page cache.
 */
static int kg_sys_check_mem(const struct kg_jobs *js, const struct kg_sys_run *run)
{
	uint64_t need = 0, have = (uint64_t)sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE);
	uint64_t rec = 0, rec_max = 0, job_rec;
	const char *rec_job = NULL;
	struct kiog_vfy_cfg vc;
	struct kiog_wl_cfg wc;
	uint32_t i;

	for (i = 0; i < js->nr_jobs; i++) {
		const struct kg_job *j = &js->jobs[i];
		const struct kg_sys_engine *eng = run->targets[i].eng;

		if (kg_sys_buffers(j, eng))
			need += (uint64_t)j->numjobs * (eng->max_depth ?: j->iodepth) *
				kg_sys_buf_len(run->targets[i].max_bs);
		/* verify of mixed write sizes: a record of the newest write per unit */
		KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, &wc, j);
		KIOG_JOB_COPY(KIOG_JOB_VERIFY_FIELDS, &vc, j);
		if (!eng->needs_buffers)
			kiog_vfy_nodata(&vc);
		job_rec = (uint64_t)j->numjobs * sizeof(uint64_t) *
			  kiog_vfy_units(run->targets[i].size, kiog_vfy_unit(&vc, &wc));
		if (job_rec && (!rec_job || job_rec > rec_max)) {
			rec_job = j->name;
			rec_max = job_rec;
		}
		rec += job_rec;
	}
	need += rec;
	if (need <= have / 2)
		return KG_EXIT_OK;
	if (rec && need - rec <= have / 2) {
		fprintf(stderr, "kiogen: %s: verify: the record of mixed-size writes (8 bytes per unit of the smallest write, numjobs x size) takes %" PRIu64 " MiB, over half of this machine's %" PRIu64 " MiB: give a smaller size, or one write size\n",
			rec_job, rec >> 20, have >> 20);
		return KG_EXIT_USAGE;
	}
	fprintf(stderr, "kiogen: iodepth: buffers of %" PRIu64 " MiB (numjobs x iodepth x bs) exceed half of this machine's %" PRIu64 " MiB\n",
		need >> 20, have >> 20);
	return KG_EXIT_USAGE;
}

/* Engine, target and workers of every job, or an exit code. */
static int kg_sys_prepare(struct kg_sys_run *run, const struct kg_jobs *js,
			  struct kg_run_result *r)
{
	uint32_t i, k, total = 0;
	int ret;

	for (i = 0; i < js->nr_jobs; i++) {
		const struct kg_job *j = &js->jobs[i];
		struct kg_sys_target *t = &run->targets[i];

		ret = kg_sys_pick_engine(j, t);
		if (!ret)
			ret = kg_sys_check_options(j, t);
		if (!ret && kg_place_privileged(j, stderr))
			ret = KG_EXIT_FAIL;
		if (!ret)
			ret = kg_sys_target_open(j, t, kg_output_text_only(&js->global) ?
							 stdout : stderr);
		if (ret)
			return ret;
		if (t->eng->needs_buffers && t->t.fd < 0) {
			run->stopped = true;	/* Ctrl-C while laying out: no run */
			return KG_EXIT_OK;
		}
		total += j->numjobs;
		r->jobs[i].workers = calloc(j->numjobs, sizeof(*r->jobs[i].workers));
		if (!r->jobs[i].workers)
			goto err_nomem;
	}
	ret = kg_sys_check_mem(js, run);
	if (ret)
		return ret;
	run->workers = calloc(total, sizeof(*run->workers));
	if (!run->workers)
		goto err_nomem;
	for (i = 0; i < js->nr_jobs; i++) {
		const struct kg_job *j = &js->jobs[i];

		for (k = 0; k < j->numjobs; k++) {
			struct kg_sys_worker *w;

			w = kg_sys_worker_alloc(j, i, k, &run->targets[i]);
			if (!w)
				goto err_nomem;
			w->place_index = run->nr_workers;	/* fio's thread_number - 1 */
			run->workers[run->nr_workers++] = w;
			w->gate = &run->gate;
		}
	}
	return KG_EXIT_OK;

err_nomem:
	fprintf(stderr, "kiogen: cannot allocate the workers' buffers: %s\n",
		strerror(ENOMEM));
	return KG_EXIT_FAIL;
}

/* Workers run with SIGINT/SIGTERM blocked: the main thread takes them. */
static int kg_sys_start(struct kg_sys_run *run)
{
	sigset_t block, old;
	uint32_t i;
	int err = 0;

	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	for (i = 0; i < run->nr_workers; i++) {
		struct kg_sys_worker *w = run->workers[i];

		err = pthread_create(&w->thread, NULL, kg_sys_worker_fn, w);
		if (err)
			break;
		run->nr_started++;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err)
		fprintf(stderr, "kiogen: cannot start worker thread %u: %s\n", i,
			strerror(err));
	return err ? KG_EXIT_FAIL : KG_EXIT_OK;
}

static void kg_sys_join(struct kg_sys_run *run)
{
	uint32_t i;

	for (i = 0; i < run->nr_started; i++)
		pthread_join(run->workers[i]->thread, NULL);
	run->nr_started = 0;
}

/* How often the main thread looks at its workers for fio's ETA line */
#define KG_SYS_WATCH_US		100000

/*
 * fio's ETA line while the workers run, as the kernel path's, from their
 * counters: each worker writes its own, this thread only reads them (a
 * moment's view, as the module's progress events are).
 */
static void kg_sys_watch(struct kg_sys_run *run, const struct kg_jobs *js, uint64_t t0)
{
	uint64_t io_bytes[KG_MAX_JOBS];
	struct kg_eta_line eta;
	struct kg_status st;
	uint32_t i, d;

	for (i = 0; i < js->nr_jobs; i++)
		io_bytes[i] = run->targets[i].io_size;
	kg_eta_start(js, io_bytes, &eta);
	if (!eta.show)
		return;
	for (;;) {
		memset(&st, 0, sizeof(st));
		for (i = 0; i < run->nr_started; i++) {
			const struct kg_sys_worker *w = run->workers[i];

			if (__atomic_load_n(&w->finished, __ATOMIC_ACQUIRE))
				continue;
			st.nr_workers++;
			/* the module's progress counts reads, writes and trims */
			for (d = KIOGEN_DIR_READ; d <= KIOGEN_DIR_TRIM; d++) {
				st.ios += __atomic_load_n(&w->core.stats[d].ios, __ATOMIC_RELAXED);
				st.bytes += __atomic_load_n(&w->core.stats[d].bytes,
							    __ATOMIC_RELAXED);
			}
		}
		if (!st.nr_workers || kg_interrupt_pending())
			break;
		st.elapsed_ns = kg_sys_now_ns() - t0;
		kg_progress(&st, js, &eta);
		usleep(KG_SYS_WATCH_US);
	}
	kg_eta_end(&eta);
}

static void kg_sys_release(struct kg_sys_run *run, const struct kg_jobs *js)
{
	uint32_t i;

	for (i = 0; i < run->nr_workers; i++)
		kg_sys_worker_free(run->workers[i]);
	free(run->workers);
	for (i = 0; i < js->nr_jobs; i++) {
		kg_target_close(&run->targets[i].t);
		kg_target_unpin(&run->targets[i].t);
		/* fio's fsync_on_close, unlink=1; not for a run stopped while laying out */
		if (run->nr_workers)
			kg_target_done(&js->jobs[i]);
	}
	pthread_cond_destroy(&run->gate.cond);
	pthread_mutex_destroy(&run->gate.lock);
}

/* Results of every worker into @r, and the run's outcome as the kernel's. */
static void kg_sys_collect(struct kg_sys_run *run, const struct kg_jobs *js,
			   struct kg_run_result *r)
{
	const struct kg_sys_worker *failed = NULL;
	uint32_t i;

	for (i = 0; i < run->nr_workers; i++) {
		struct kg_sys_worker *w = run->workers[i];

		kg_sys_worker_result(w, &r->jobs[w->job_index].workers[w->index]);
		/* job by job, worker by worker: the first failure as the kernel's */
		if (w->core.failed && !failed)
			failed = w;
	}
	for (i = 0; i < js->nr_jobs; i++) {
		r->jobs[i].job = &js->jobs[i];
		r->jobs[i].nr_workers = js->jobs[i].numjobs;
	}
	r->nr_jobs = js->nr_jobs;
	if (failed)
		r->error = failed->res.error;
	if (kg_interrupt_pending())
		r->state = KIOGEN_STATE_STOPPED;
	else if (r->error)
		r->state = KIOGEN_STATE_FAILED;
	else
		r->state = KIOGEN_STATE_DONE;
	if (!failed)
		return;
	fprintf(stderr, "kiogen: %s: worker %u failed: %s\n",
		failed->job->name, failed->index, strerror(-r->error));
	if (r->error == -EOPNOTSUPP && failed->job->hipri)
		fprintf(stderr, "kiogen: %s: hipri: the target does not support polled I/O\n",
			failed->job->name);
}

static int kg_syscall_run_here(const struct kg_jobs *js, struct kg_run_result *r)
{
	struct kg_sys_run *run;
	uint64_t t0, t0_ms;
	uint32_t i;
	int ret;

	memset(r, 0, sizeof(*r));
	run = calloc(1, sizeof(*run));
	if (!run) {
		fprintf(stderr, "kiogen: out of memory\n");
		return KG_EXIT_FAIL;
	}
	pthread_mutex_init(&run->gate.lock, NULL);
	pthread_cond_init(&run->gate.cond, NULL);
	for (i = 0; i < KG_MAX_JOBS; i++)
		run->targets[i].t.fd = -1;

	ret = kg_sys_prepare(run, js, r);
	if (ret || run->stopped)
		goto err_release;
	ret = kg_sys_start(run);
	kg_sys_gate_all_ready(&run->gate, run->nr_started);
	for (i = 0; !ret && i < run->nr_started; i++)
		if (run->workers[i]->setup_error)
			ret = KG_EXIT_FAIL;
	if (ret) {
		kg_sys_gate_set(&run->gate, true);
		kg_sys_join(run);
		goto err_release;
	}

	kg_disks_read(r, js, false, 0);
	for (i = 0; i < js->nr_jobs; i++)
		r->jobs[i].log_epoch_ms = kg_log_epoch_ms(&js->jobs[i]);
	t0_ms = kg_now_ms();
	t0 = kg_sys_now_ns();
	kg_sys_gate_set(&run->gate, false);
	kg_sys_watch(run, js, t0);
	kg_sys_join(run);
	r->elapsed_ns = kg_sys_now_ns() - t0;
	kg_disks_read(r, js, true, t0_ms);
	if (kg_interrupt_pending())
		fprintf(stderr, "kiogen: interrupted, reporting what completed\n");

	kg_sys_collect(run, js, r);
	kg_sys_release(run, js);
	free(run);
	if (r->error)
		kg_rate_min_report(r, stderr);
	return r->error ? KG_EXIT_FAIL : KG_EXIT_OK;

err_release:
	kg_sys_release(run, js);
	free(run);
	for (i = 0; i < KG_MAX_JOBS; i++) {
		free(r->jobs[i].workers);
		r->jobs[i].workers = NULL;
	}
	r->nr_disks = 0;
	return ret;
}

/* From the jobs' cgroup, if they have one: the workers are this process's threads. */
int kg_syscall_run(const struct kg_jobs *js, struct kg_run_result *r)
{
	struct kg_cgroup cg;
	int ret;

	ret = kg_cgroup_enter(js, &cg);
	if (ret)
		return ret;
	ret = kg_syscall_run_here(js, r);
	kg_cgroup_leave(&cg, false);
	return ret;
}
