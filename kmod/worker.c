// SPDX-License-Identifier: GPL-2.0
/*
 * The worker thread: everything it touches is allocated before the clock
 * starts, on the node it runs on; the loop asks the shared workload
 * generator what to issue, hands slots to the engine and reaps completions
 * from a lock-free list. What to do with them - statistics, error policy,
 * sync cadence, when to stop - is the worker core shared with the syscall
 * path (include/kiogen/core.h). Single-writer: the hot path takes no lock
 * and allocates nothing.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/blkdev.h>
#include <linux/cred.h>
#include <linux/freezer.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/cputime.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include <kiogen/div64.h>

#include "compat.h"
#include "kiogen.h"

/* A bio of the largest block must fit its chunks, with the smallest pages. */
static_assert((BIO_MAX_VECS << (12 + KIOG_CHUNK_ORDER)) >= KIOGEN_MAX_BS,
	      "max-bs (the spec) needs more chunks than a bio holds");

static u32 kiog_nr_chunks(u32 bs)
{
	return DIV_ROUND_UP(bs, PAGE_SIZE << kiog_chunk_order(bs));
}

/*
 * Do the slots carry data? A trim has none: a job that only trims needs no
 * buffers. The null engine's writes with verify get theirs stamped and
 * summed (include/kiogen/verify.h's kiog_vfy_check_nodata()).
 */
static bool kiog_job_buffers(const struct kiog_job *job)
{
	return (job->cfg.engine->needs_buffers || job->cfg.verify != KIOGEN_VERIFY_NONE) &&
	       (kiog_rw_dirs(job->cfg.rw) & (KIOG_BS_READ | KIOG_BS_WRITE));
}

static size_t kiog_slot_size(const struct kiog_job *job)
{
	const struct kiog_engine_ops *eng = job->cfg.engine;
	size_t sz = sizeof(struct kiog_slot);

	if (kiog_job_buffers(job))
		sz += kiog_nr_chunks(job->max_bs) * sizeof(struct bio_vec);
	return ALIGN(sz, sizeof(long)) + eng->slot_priv;
}

/* The stop, sync and error policy of @c, for the shared core. */
static void kiog_core_cfg_of(const struct kiog_job_cfg *c,
			     struct kiog_core_cfg *cc)
{
	KIOG_JOB_COPY(KIOG_JOB_CORE_FIELDS, cc, c);
}

static u32 kiog_max_samples(const struct kiog_job_cfg *c)
{
	struct kiog_core_cfg cc;

	kiog_core_cfg_of(c, &cc);
	return kiog_core_max_samples(&cc);
}

/* The regions of the worker's files (job file-regions); NULL: size. */
static const u64 *kiog_worker_regions(const struct kiog_worker *w)
{
	const struct kiog_job *job = w->job;

	if (!job->file_regions)
		return NULL;
	return job->file_regions + (w->files - job->files);
}

/* What a worker keeps once its thread has ended: the results. */
/*
 * What the worker struct (vmalloc: whole pages), @nr_samples samples and
 * the latency split, when there is one (kvmalloc: a kmalloc size class, or
 * power-of-two pages), really take.
 */
static u64 kiog_worker_results_mem(u32 nr_samples, bool split)
{
	return PAGE_ALIGN(sizeof(struct kiog_worker)) +
	       kmalloc_size_roundup((size_t)nr_samples * sizeof(struct kiogen_sample)) +
	       (split ? kmalloc_size_roundup(sizeof(struct kiog_split)) : 0);
}

/* What the block phases take, for a job that times them (blk-split.c). */
static u64 kiog_worker_blk_mem(const struct kiog_job *job)
{
	return kiog_blk_wanted(job) ?
	       kmalloc_size_roundup(sizeof(struct kiog_blk_split)) : 0;
}

/**
 * kiog_worker_log_ring_mem() - bytes of one worker's per-I/O log ring
 * @c: the job's configuration
 *
 * Return: what the ring of log_ring samples, rounded up, takes; 0 without.
 */
u64 kiog_worker_log_ring_mem(const struct kiog_job_cfg *c)
{
	u32 n = kiog_log_ring_size(c->log_ring);

	return n ? kmalloc_size_roundup(array_size(n, sizeof(struct kiogen_log_io))) : 0;
}

/* What the windows behind fio's log files take (include/kiogen/log.h). */
static u64 kiog_worker_log_mem(const struct kiog_job_cfg *c)
{
	u32 nr = kiog_log_windows(c->log_avg_ns, c->runtime_ns);
	u64 mem = nr ? kmalloc_size_roundup(array_size(nr, sizeof(struct kiogen_log_window))) : 0;

	if (c->log_hist_ns)
		mem += kmalloc_size_roundup(KIOG_LOG_HIST_PREV * sizeof(u64)) +
		       kmalloc_size_roundup(array_size(kiog_log_hist_words(c->log_hist_ns,
									   c->runtime_ns),
							sizeof(u32)));
	return mem + kiog_worker_log_ring_mem(c);
}

/**
 * kiog_worker_vfy_mem() - bytes of one worker's record of writes
 * @job: the job, region resolved
 *
 * verify of writes of mixed sizes: 8 bytes a unit (include/kiogen/verify.h).
 * One allocation: kiog_run_start() refuses it above INT_MAX.
 *
 * Return: bytes, U64_MAX if they do not fit a u64 (a sparse file of 8 EiB).
 */
u64 kiog_worker_vfy_mem(const struct kiog_job *job)
{
	u64 bytes = kiog_mem_mul(kiog_vfy_units(job->cfg.size, job->vfy_unit),
				 sizeof(u64));

	return bytes > U64_MAX - PAGE_SIZE ? U64_MAX : PAGE_ALIGN(bytes);
}

/**
 * kiog_worker_mem() - bytes one worker of @job allocates
 * @job: the job, configuration complete
 *
 * Return: the amount reserved against max_mem_mb before allocating.
 */
u64 kiog_worker_mem(const struct kiog_job *job)
{
	const struct kiog_job_cfg *c = &job->cfg;
	u64 per_slot = kiog_slot_size(job) + 2 * sizeof(void *);

	if (kiog_job_buffers(job))
		per_slot += (u64)kiog_nr_chunks(job->max_bs) <<
			    (PAGE_SHIFT + kiog_chunk_order(job->max_bs));
	u64 files = job->worker_files > 1 ?
		    kmalloc_size_roundup(array_size(job->worker_files,
						    sizeof(struct kiog_wl_file))) : 0;

	/* the record of writes alone can be any size: the sum saturates */
	return kiog_mem_add(kiog_worker_results_mem(kiog_max_samples(c), c->latency_split) +
			    kiog_worker_blk_mem(job) + kiog_worker_log_mem(c) + files +
			    (u64)c->iodepth * per_slot,
			    kiog_worker_vfy_mem(job));
}

static void kiog_slot_free(struct kiog_slot *s)
{
	unsigned int i;

	/* compound pages: the last reference frees the whole chunk */
	for (i = 0; i < s->nr_bvec; i++)
		if (s->bvec[i].bv_page)
			put_page(s->bvec[i].bv_page);
	kfree(s);
}

/*
 * Buffers get a seeded pattern once; writes stamp a header per I/O. They are
 * charged to the requester's memory cgroup (this runs in its context) and
 * placed on the worker's node.
 */
static struct kiog_slot *kiog_slot_alloc(struct kiog_worker *w,
					 struct kiog_rng *fill)
{
	const struct kiog_job *job = w->job;
	u32 bs = job->max_bs, order = kiog_chunk_order(bs);
	u32 chunk = PAGE_SIZE << order, i, off;
	struct kiog_slot *s;
	size_t head;

	s = kzalloc_node(kiog_slot_size(job), GFP_KERNEL_ACCOUNT, w->node);
	if (!s)
		return NULL;
	s->w = w;
	s->bvec = (struct bio_vec *)(s + 1);
	head = sizeof(*s);
	if (kiog_job_buffers(job)) {
		s->nr_bvec = kiog_nr_chunks(bs);
		head += s->nr_bvec * sizeof(struct bio_vec);
	}
	s->priv = (char *)s + ALIGN(head, sizeof(long));

	for (i = 0; i < s->nr_bvec; i++) {
		/*
		 * Compound: a file system that pins the buffer's pages
		 * (iov_iter_get_pages(): 9p without cache, NFS and FUSE direct
		 * I/O) takes a reference on each page it maps, tail pages
		 * included; in a compound page that is the head's, in a plain
		 * high-order block the tail's own, whose put frees the tail
		 * page under us. A failure is an error to the user, not a
		 * warning in the log.
		 */
		struct page *page = alloc_pages_node(w->node, GFP_KERNEL_ACCOUNT |
						     __GFP_COMP | __GFP_NOWARN |
						     (order ? __GFP_NORETRY : 0),
						     order);
		u64 *p;

		if (!page) {
			kiog_slot_free(s);
			return NULL;
		}
		s->bvec[i].bv_page = page;
		/* the kiocb engines' bvec iterators read it; the bio engine rewrites it */
		s->bvec[i].bv_len = kiog_slot_chunk_len(s, i);
		s->bvec[i].bv_offset = 0;
		p = page_address(page);
		for (off = 0; off < chunk / sizeof(u64); off++)
			p[off] = kiog_rng_next(fill);
	}
	return s;
}

static void kiog_worker_free_slots(struct kiog_worker *w)
{
	u32 i;

	for (i = 0; w->slots && i < w->job->cfg.iodepth; i++)
		if (w->slots[i])
			kiog_slot_free(w->slots[i]);
	kfree(w->slots);
	kfree(w->free);
	w->slots = NULL;
	w->free = NULL;
}

/**
 * kiog_worker_shrink() - free what a finished worker no longer needs
 * @w: a worker whose thread has exited, after an RCU grace period (so no
 *	completion still touches its slots)
 *
 * Frees the slots and buffers and trims the samples to those recorded.
 *
 * Return: the bytes of its reservation that are no longer held.
 */
u64 kiog_worker_shrink(struct kiog_worker *w)
{
	struct kiog_core *c = &w->core;
	u64 held = kiog_worker_results_mem(c->nr_samples, c->split) +
		   kiog_worker_blk_mem(w->job) +
		   kiog_worker_log_mem(&w->job->cfg), freed;
	struct kiogen_sample *smp = NULL;

	kiog_worker_free_slots(w);
	kvfree(w->vfy.units);
	w->vfy.units = NULL;
	/* the generator is done: its files' positions are no result */
	kvfree(w->wl_files);
	w->wl_files = NULL;
	w->wl.files = NULL;
	if (c->nr_samples < c->max_samples) {
		if (c->nr_samples) {
			smp = kvmalloc_node(array_size(c->nr_samples, sizeof(*smp)),
					    GFP_KERNEL_ACCOUNT, w->node);
			if (!smp)	/* keep the larger array, and its reservation */
				return 0;
			memcpy(smp, c->samples, c->nr_samples * sizeof(*smp));
		}
		kvfree(c->samples);
		c->samples = smp;
		c->max_samples = c->nr_samples;
	}
	freed = w->mem > held ? w->mem - held : 0;
	w->mem -= freed;
	return freed;
}

/**
 * kiog_worker_free() - free a worker and its results
 * @w: a worker whose thread has exited, or never ran
 */
void kiog_worker_free(struct kiog_worker *w)
{
	kiog_worker_free_slots(w);
	kvfree(w->vfy.units);
	kvfree(w->wl_files);
	kvfree(w->core.samples);
	kvfree(w->core.split);
	kvfree(w->blk_split);
	kvfree(w->core.log.win);
	kvfree(w->core.log.hist_prev);
	kvfree(w->core.log.hist);
	kvfree(w->core.log.io);
	kvfree(w);
}

/* The windows behind fio's log files, if the job asks for them. */
static int kiog_worker_log_alloc(struct kiog_worker *w, const struct kiog_job_cfg *c)
{
	u32 nr = kiog_log_windows(c->log_avg_ns, c->runtime_ns);
	struct kiogen_log_window *win = NULL;
	u64 *prev = NULL;
	u32 *hist = NULL;

	if (nr) {
		win = kvmalloc_node(array_size(nr, sizeof(*win)),
				    GFP_KERNEL_ACCOUNT, w->node);
		if (!win)
			return -ENOMEM;
	}
	/* owned by the core from here: kiog_worker_free() frees them */
	w->core.log.win = win;
	if (c->log_hist_ns) {
		prev = kvzalloc_node(KIOG_LOG_HIST_PREV * sizeof(*prev),
				     GFP_KERNEL_ACCOUNT, w->node);
		w->core.log.hist_prev = prev;
		hist = kvmalloc_node(array_size(kiog_log_hist_words(c->log_hist_ns,
								    c->runtime_ns),
						sizeof(*hist)),
				     GFP_KERNEL_ACCOUNT, w->node);
		w->core.log.hist = hist;
		if (!prev || !hist)
			return -ENOMEM;
	}
	kiog_log_init(&w->core.log, c->log_avg_ns, c->log_hist_ns, c->log_max,
		      c->runtime_ns, win, prev, hist);
	if (c->log_ring) {
		u32 n = kiog_log_ring_size(c->log_ring);
		struct kiogen_log_io *io;

		io = kvmalloc_node(array_size(n, sizeof(*io)), GFP_KERNEL_ACCOUNT,
				   w->node);
		if (!io)
			return -ENOMEM;
		kiog_log_io_init(&w->core.log, io, n);
	}
	return 0;
}

/**
 * kiog_worker_alloc() - allocate a worker with all it will need
 * @job: its job, configuration complete and target open
 * @index: worker index in the job
 * @node: NUMA node its thread runs on
 * @wp: where the worker is returned
 *
 * Runs in the requester's context: the memory is charged to its cgroup.
 * Everything the worker touches while running is placed on @node, where its
 * thread will run.
 *
 * Return: 0 or -ENOMEM.
 */
int kiog_worker_alloc(struct kiog_job *job, u32 index, int node,
		      struct kiog_worker **wp)
{
	const struct kiog_job_cfg *c = &job->cfg;
	struct kiog_wl_cfg wlc;
	struct kiogen_sample *samples;
	struct kiog_vfy_cfg vc;
	struct kiog_buf_cfg bc;
	struct kiog_core_cfg cc;
	struct kiog_worker *w;
	struct kiog_rng fill;
	u32 i;

	*wp = NULL;
	/* not kvzalloc: kmalloc would round its tens of KiB up to a power of two */
	w = __vmalloc(sizeof(*w), GFP_KERNEL_ACCOUNT | __GFP_ZERO);
	if (!w)
		return -ENOMEM;
	*wp = w;
	w->job = job;
	w->index = index;
	w->node = node;
	w->mem = kiog_worker_mem(job);
	w->drop_cache = c->engine->invalidate &&
			kiog_wl_pass_drops(c->invalidate, c->direct, c->time_based);
	kiog_loop_uses(&w->ls, KIOG_LOOP_INVALIDATE, w->drop_cache);
	init_llist_head(&w->done);
	KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, &wlc, c);
	kiog_loop_wl_cfg(&wlc, c->seed, job->index, index, c->offset_increment);
	/* the netlink layer validated the region; this cannot fail */
	if (WARN_ON_ONCE(kiog_wl_init(&w->wl, &wlc)))
		return -EINVAL;
	/* one set of files for all workers, or a set each (fio's names) */
	w->files = job->files;
	if (job->nr_files > job->worker_files)
		w->files += (size_t)index * job->worker_files;
	if (job->worker_files > 1) {
		w->wl_files = kvmalloc_node(array_size(job->worker_files,
						       sizeof(*w->wl_files)),
					    GFP_KERNEL_ACCOUNT, node);
		if (!w->wl_files)
			return -ENOMEM;
		/* checked against the generator's rules when the job came */
		if (WARN_ON_ONCE(kiog_wl_files(&w->wl, w->wl_files, job->worker_files,
					       kiog_worker_regions(w))))
			return -EINVAL;
	}

	kiog_core_cfg_of(c, &cc);
	kiog_loop_core_cfg(&cc, job->io_size_given, kiog_worker_regions(w),
			   job->worker_files);
	samples = kvmalloc_node(array_size(kiog_core_max_samples(&cc),
					   sizeof(*samples)),
				GFP_KERNEL_ACCOUNT, node);
	kiog_loop_init_core(&w->ls, &cc, job->io_size_given, job->worker_files, samples,
			    c->iodepth, c->mode != KIOGEN_MODE_ASYNC);
	if (c->engine->dir_target)
		kiog_meta_worker_digest(w);
	KIOG_JOB_COPY(KIOG_JOB_VERIFY_FIELDS, &vc, c);
	kiog_loop_init_data(&w->ls, &cc, &vc, c->rw, c->engine->needs_buffers,
			    job->run->id, job->index, index, wlc.seed);
	if (job->vfy_unit) {
		u64 nr = kiog_vfy_units(c->size, job->vfy_unit);
		u64 *units = kvzalloc_node(array_size(nr, sizeof(u64)),
					   GFP_KERNEL_ACCOUNT, node);

		if (!units)
			return -ENOMEM;
		kiog_vfy_map(&w->vfy, units, nr, job->vfy_unit, w->wl.base);
	}
	KIOG_JOB_COPY(KIOG_JOB_BUFFER_FIELDS, &bc, c);
	kiog_loop_init_buf(&w->ls, &bc, wlc.seed, c->verify != KIOGEN_VERIFY_NONE,
			   kiog_job_buffers(job));
	w->slots = kcalloc_node(c->iodepth, sizeof(*w->slots),
				GFP_KERNEL_ACCOUNT, node);
	w->free = kcalloc_node(c->iodepth, sizeof(*w->free),
			       GFP_KERNEL_ACCOUNT, node);
	if (!samples || !w->slots || !w->free || kiog_worker_log_alloc(w, c))
		return -ENOMEM;
	if (c->latency_split) {
		w->core.split = kvzalloc_node(sizeof(*w->core.split),
					      GFP_KERNEL_ACCOUNT, node);
		if (!w->core.split)
			return -ENOMEM;
		kiog_loop_uses(&w->ls, KIOG_LOOP_SPLIT, true);
	}
	if (kiog_blk_wanted(job)) {
		w->blk_split = kvzalloc_node(sizeof(*w->blk_split),
					     GFP_KERNEL_ACCOUNT, node);
		if (!w->blk_split)
			return -ENOMEM;
		kiog_loop_uses(&w->ls, KIOG_LOOP_BLK_SPLIT, true);
		/* any of its files: each I/O to a file times its fs phase */
		for (i = 0; i < job->worker_files; i++)
			w->blk_file |= S_ISREG(file_inode(w->files[i])->i_mode);
	}
	kiog_rng_seed(&fill, wlc.seed ^ KIOG_FILL_SEED);
	for (i = 0; i < c->iodepth; i++) {
		struct kiog_slot *s = kiog_slot_alloc(w, &fill);

		if (!s)
			return -ENOMEM;
		kiog_buffer_slot_fill(w, s);
		if (w->vfy.pat.len)
			kiog_verify_fill(w, s);
		if (c->engine->slot_init && c->engine->slot_init(w, s)) {
			kiog_slot_free(s);
			return -ENOMEM;
		}
		w->slots[i] = s;
		w->free[w->nr_free++] = s;
	}
	return 0;
}

/**
 * kiog_slot_complete_list() - kiog_slot_complete() from another context
 * @s: the slot, its end time set
 *
 * Safe from any context, including hard interrupts. Once the slot is on the
 * worker's list the worker may reap it, end and be stopped; the RCU read
 * section keeps the worker, and the reference on its task, until the wakeup
 * is done, since the reaper waits for a grace period before dropping them.
 */
void kiog_slot_complete_list(struct kiog_slot *s)
{
	struct kiog_worker *w = s->w;

	rcu_read_lock();
	/* only the first completion on an empty list needs to wake the worker */
	if (llist_add(&s->node, &w->done))
		wake_up_process(w->task);
	rcu_read_unlock();
}

/* What the kernel loop adds to the shared core: batching. */
struct kiog_loop {
	u32 batch;		/* most I/Os per submit call */
	u32 low;		/* refill when in flight falls to this */
	bool refill_wait;	/* the queue filled: wait for @low */
};

/* A block to write gets its header; with verify, its checksum too. */
static void kiog_stamp(struct kiog_worker *w, struct kiog_slot *s)
{
	if (unlikely(s->dirty))
		kiog_buffer_restore(w, s);
	if (unlikely(kiog_buf_per_write(&w->buf)))
		kiog_buffer_write(w, s);
	if (unlikely(w->vfy.type)) {
		if (w->vfy.stamp)
			kiog_verify_stamp(w, s, s->vseq);
		return;
	}
	/* contents asked for are written as they are, as fio writes them */
	if (unlikely(kiog_buf_custom(&w->buf)))
		return;
	kiog_block_stamp(page_address(s->bvec[0].bv_page), s->offset,
			 w->job->run->id, w->job->index, w->index, s->vseq);
}

/*
 * The engine's submit, once per I/O: with retpolines an indirect call goes
 * through a thunk, so the common engines are called directly.
 */
static __always_inline void kiog_engine_submit(const struct kiog_engine_ops *eng,
					       struct kiog_worker *w,
					       struct kiog_slot *s)
{
	INDIRECT_CALL_3(eng->submit, kiog_bio_submit, kiog_kiocb_submit,
			kiog_null_submit, w, s);
}

/*
 * Submits up to one batch. A batch of more than one I/O is plugged, so the
 * block layer sees it at once; the moment the plug is flushed is each I/O's
 * issue time (fio's slat ends there). Sync mode issues each I/O as it is
 * built, as fio's sync engines: no slat.
 */
static __always_inline void kiog_worker_submit(struct kiog_worker *w, struct kiog_loop *l)
{
	const struct kiog_job_cfg *c = &w->job->cfg;
	const struct kiog_engine_ops *eng = c->engine;
	u32 top = w->nr_free, n = min(w->nr_free, l->batch), i;
	struct kiog_core *core = &w->core;
	struct kiog_split *split = core->split;
	bool plugged = n > 1;
	struct blk_plug plug;
	u64 now, pick_ns = 0;

	/* blk_start_plug_nr_ios() would size the batch, but is not exported */
	if (plugged)
		blk_start_plug(&plug);
	for (i = 0; i < n; i++) {
		struct kiog_slot *s;
		int picked;
		u32 file;

		/*
		 * a held I/O (rate limits) was counted when it was built; the
		 * first was let through by kiog_worker_may_submit()
		 */
		if (i && !kiog_vfy_may_issue(&w->vfy, &w->rate, core, &w->wl))
			break;
		if (unlikely(split))
			pick_ns = kiog_now(w);
		s = w->free[w->nr_free - 1];
		picked = kiog_loop_pick(&w->ls, &s->lio, &file,
					unlikely(w->rate.paced) ? kiog_now(w) : 0);
		if (!picked)
			break;
		w->nr_free--;
		s->pick_ns = pick_ns;
		s->file = w->files[file];
		/* fio's invalidate: a pass after the first starts cold too */
		if (unlikely(picked & KIOG_LOOP_NEW_PASS))
			eng->invalidate(s->file);
		/* without a buffer (the null engine, no verify) nothing to stamp or restore */
		if (kiog_loop_stamps(&w->ls, &s->lio, s->nr_bvec))
			kiog_stamp(w, s);
		w->inflight++;
		s->inflight = true;
		kiog_loop_clock_start(&s->lio, kiog_now(w));
		if (unlikely(w->blk_split)) {
			memset(&s->blk, 0, sizeof(s->blk));
			WRITE_ONCE(s->blk_bio, NULL);
			/* the block probes take the bios it queues as this I/O's */
			WRITE_ONCE(w->blk_cur, s);
			kiog_engine_submit(eng, w, s);
			WRITE_ONCE(w->blk_cur, NULL);
		} else {
			kiog_engine_submit(eng, w, s);
		}
		if (unlikely(split))
			s->sub_ns = kiog_now(w);
		if (picked & KIOG_LOOP_SYNC_AFTER) {
			i++;
			break;
		}
	}
	if (plugged)
		blk_finish_plug(&plug);
	if (!i)
		return;
	/* a plugged batch left kiogen's hands when the plug was flushed */
	if (unlikely(split) && plugged) {
		now = kiog_now(w);
		for (n = w->nr_free; n < top; n++)
			w->free[n]->sub_ns = now;
	}
	/*
	 * The slots of this batch are still above the free stack's top. One
	 * that completed before the batch was issued is issued when it
	 * completed (its clat then runs to the reap: kiog_worker_reap()):
	 * when all have, the clock is not read.
	 */
	if (c->mode == KIOGEN_MODE_ASYNC) {
		now = 0;
		for (n = w->nr_free; n < top; n++) {
			struct kiog_slot *s = w->free[n];
			u64 end = READ_ONCE(s->end_ns);

			if (!end && !now)
				now = kiog_now(w);
			s->issue_ns = end ?: now;
		}
	}
	kiog_core_submitted(core, i, w->inflight);
	if (w->inflight >= c->iodepth && l->low < c->iodepth)
		l->refill_wait = true;
}

static bool kiog_worker_has_done(struct kiog_worker *w)
{
	return w->inline_done || w->pending || !llist_empty(&w->done);
}

static void kiog_worker_wait(struct kiog_worker *w)
{
	const struct kiog_engine_ops *eng = w->job->cfg.engine;

	if (w->job->cfg.hipri && eng->poll) {
		/* polled: completions run in this task, from ->poll() */
		while (!kiog_worker_has_done(w)) {
			eng->poll(w);
			cond_resched();
		}
		return;
	}
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (kiog_worker_has_done(w))
			break;
		io_schedule();
	}
	__set_current_state(TASK_RUNNING);
}

/*
 * Moves completions onto the pending list, in no particular order. A worker
 * sees either inline completions (completed within submit or poll) or
 * interrupt ones; only when both are there is the inline list walked, to
 * link the other after it.
 */
static void kiog_worker_collect(struct kiog_worker *w)
{
	struct llist_node *list = w->inline_done, *tail;

	w->inline_done = NULL;
	w->pending = list;
	if (llist_empty(&w->done))
		return;
	if (!list) {
		w->pending = llist_del_all(&w->done);
		return;
	}
	for (tail = list; tail->next; tail = tail->next)
		;
	tail->next = llist_del_all(&w->done);
}

/* Accounts up to @max pending completions (0: all); returns how many. */
static u32 kiog_worker_reap(struct kiog_worker *w, u32 max)
{
	struct kiog_split *split = w->core.split;
	u64 ios = 0, bytes = 0, seen = 0;
	u32 n = 0;

	/* the latency split's reap phase ends here, for the whole batch */
	if (unlikely(split) && w->pending)
		seen = kiog_now(w);
	while (w->pending && (!max || n < max)) {
		struct kiog_slot *s = llist_entry(w->pending, struct kiog_slot, node);
		bool at_reap = s->end_ns <= s->issue_ns;

		w->pending = w->pending->next;
		n++;
		/*
		 * Completed inside its own submission (null_blk, brd, a page
		 * cache hit): no completion came after the submission, so its
		 * clat ends where fio's always does, at the reap, not at 0.
		 */
		if (at_reap) {
			if (!seen)
				seen = kiog_now(w);
			s->end_ns = seen;
		}
		s->inflight = false;
		w->inflight--;
		w->free[w->nr_free++] = s;
		if (unlikely(kiog_vfy_checks(&w->vfy, s->dir, s->vseq)) && !s->error)
			s->error = kiog_verify_check(w, s);
		if (unlikely(s->error))
			WRITE_ONCE(w->live_errors, w->live_errors + 1);
		if (kiog_loop_account(&w->ls, &s->lio, seen)) {
			/* counted, so that the report can say which clat it is */
			w->core.stats[s->dir].inline_ios += at_reap;
			ios++;
			bytes += s->done_bytes;
			if (unlikely(w->blk_split))
				kiog_blk_split_add(w->blk_split, &s->blk,
						   s->start_ns, s->end_ns,
						   S_ISREG(file_inode(s->file)->i_mode));
		}
	}
	if (ios) {
		WRITE_ONCE(w->live_ios, w->live_ios + ios);
		WRITE_ONCE(w->live_bytes, w->live_bytes + bytes);
	}
	return n;
}

/*
 * Waits for completions and accounts them: at least
 * iodepth_batch_complete_min (or what is in flight, if less; none when 0), at
 * most iodepth_batch_complete_max.
 */
static void kiog_worker_complete(struct kiog_worker *w)
{
	const struct kiog_job_cfg *c = &w->job->cfg;
	u32 want = min(c->iodepth_batch_complete_min, w->inflight), n = 0;
	u32 max = c->iodepth_batch_complete_max;

	/* a full queue must give back at least one slot */
	if (!want && !w->nr_free)
		want = 1;

	for (;;) {
		if (!w->pending)
			kiog_worker_collect(w);
		n += kiog_worker_reap(w, max ? max - n : 0);
		if (n >= want || (max && n >= max) || !w->inflight)
			break;
		kiog_worker_wait(w);
	}
	kiog_core_reaped(&w->core, n);
}

/* fsync/fdatasync in the worker, timed into the sync statistics as fio does */
static void kiog_worker_sync(struct kiog_worker *w, bool datasync)
{
	const struct kiog_engine_ops *eng = w->job->cfg.engine;
	u64 t0 = kiog_now(w);
	int err;

	kiog_core_sync_begin(&w->core);
	if (!eng->sync)
		return;
	err = eng->sync(w, datasync);
	kiog_core_sync_end(&w->core, t0, err ? t0 : kiog_now(w), err);
}

/*
 * May the worker submit now? Not while a full queue drains to iodepth_low,
 * nor while a due fsync waits for the writes in flight (fio quiesces too).
 * Asked twice per turn of the loop: inline.
 */
static __always_inline bool kiog_worker_may_submit(struct kiog_worker *w,
						   struct kiog_loop *l)
{
	if (!kiog_loop_may_build(&w->ls, w->nr_free) ||
	    !kiog_vfy_may_issue(&w->vfy, &w->rate, &w->core, &w->wl))
		return false;
	if (l->refill_wait) {
		if (w->inflight > l->low)
			return false;
		l->refill_wait = false;
	}
	return true;
}

/*
 * Sleeps up to @ns, 100 ms at most, so that a stop request is seen soon; the
 * freezer's wake-up ends it early too (the loop then freezes).
 */
static void kiog_worker_nap(u64 ns)
{
	ktime_t t = ns_to_ktime(min_t(u64, ns, 100 * NSEC_PER_MSEC));

	set_current_state(TASK_INTERRUPTIBLE);
	schedule_hrtimeout(&t, HRTIMER_MODE_REL);
}

/* fio's startdelay: the worker waits before its clock starts */
static void kiog_worker_start_delay(struct kiog_worker *w)
{
	u64 until = kiog_now(w) + w->job->cfg.startdelay_ns, now;

	while (!READ_ONCE(w->job->run->stop) && (now = kiog_now(w)) < until) {
		kiog_worker_nap(until - now);
		try_to_freeze();
	}
}

/*
 * One nap of a pause (thinktime, rate limits: kiog_loop_think(),
 * kiog_loop_pace()) @left ns long still (none if 0), or a spin of @spin ns
 * on the CPU (fio's thinktime_spin), then a stop is seen. A spin gives the
 * CPU up each millisecond, as a non-preemptible kernel needs.
 */
static void kiog_worker_pause(struct kiog_worker *w, u64 left, u64 spin)
{
	u64 until;

	if (spin) {
		until = kiog_now(w) + min_t(u64, spin, NSEC_PER_MSEC);
		while (kiog_now(w) < until)
			cpu_relax();
		cond_resched();
	} else if (left) {
		kiog_worker_nap(left);
	}
	if (READ_ONCE(w->job->run->stop))
		kiog_core_stop(&w->core);
}

static void kiog_worker_loop(struct kiog_worker *w)
{
	const struct kiog_job_cfg *c = &w->job->cfg;
	struct kiog_core *core = &w->core;
	struct kiog_run *run = w->job->run;
	struct kiog_loop l = {
		.batch = c->iodepth_batch ?: c->iodepth,
		.low = c->iodepth_low ?: c->iodepth,
	};
	u32 turns = 0;
	u64 spin;

	/* verify_only of mixed write sizes: the newest write of each unit first */
	while (!kiog_vfy_map_build(&w->vfy, &w->wl, 1024) &&
	       !READ_ONCE(run->stop))
		cond_resched();
	if (c->startdelay_ns)
		kiog_worker_start_delay(w);
	kiog_core_start(core, kiog_now(w));
	kiog_rate_start(&w->rate, core->last_end);
	/* a run can be stopped before a worker starts */
	if (READ_ONCE(run->stop))
		kiog_core_stop(core);
	/*
	 * an engine whose I/Os complete within their submit runs a job that
	 * uses none of the loop's per-I/O features in a loop of its own;
	 * what it leaves, this one ends
	 */
	if (c->engine->inline_loop && !w->uses && READ_ONCE(kiog_fast_loop))
		c->engine->inline_loop(w, &turns);
	while (core->issuing || w->inflight ||
	       kiog_vfy_turn(&w->vfy, &w->rate, core, READ_ONCE(run->stop))) {
		/* suspend, or a frozen cgroup: drain what is in flight, then wait */
		if (unlikely(freezing(current) || kiog_run_frozen(run))) {
			if (!w->inflight) {
				kiog_run_park(run);
				continue;
			}
		} else if (kiog_worker_may_submit(w, &l)) {
			kiog_worker_submit(w, &l);
			/* as fio: fill the queue, batch by batch, before reaping */
			if (kiog_worker_may_submit(w, &l))
				continue;
		}
		if (unlikely(kiog_loop_sync_now(&w->ls)))
			kiog_worker_sync(w, core->datasync);
		if (unlikely(kiog_loop_think_now(&w->ls))) {
			u64 left = kiog_loop_think(&w->ls, kiog_now(w), &spin);

			kiog_worker_pause(w, left, spin);
			continue;
		}
		if (unlikely(kiog_loop_pace_now(&w->ls))) {
			kiog_worker_pause(w, kiog_loop_pace(&w->ls, kiog_now(w)), 0);
			continue;
		}
		if (!w->inflight) {
			/* the writes ended or paused: read back; or go on */
			if (kiog_vfy_turn(&w->vfy, &w->rate, core, READ_ONCE(run->stop)))
				continue;
			if (!core->issuing)
				break;
			continue;
		}
		kiog_worker_complete(w);
		kiog_loop_turn_end(&w->ls, READ_ONCE(run->stop));
		kiog_worker_yield(&turns);
	}
	/* fio's end_fsync syncs every file of the job */
	if (kiog_core_end_sync_due(core))
		for (w->sync_file = 0; w->sync_file < w->job->worker_files; w->sync_file++)
			kiog_worker_sync(w, false);
	w->elapsed_ns = kiog_core_finish(core, kiog_now(w));
}

/**
 * kiog_worker_fn() - body of a worker thread
 * @data: the worker
 *
 * Runs the workload, records CPU time, reports to the run, then waits to be
 * stopped by the reaper so the thread never outlives the module's code.
 *
 * Return: 0.
 */
int kiog_worker_fn(void *data)
{
	struct kiog_worker *w = data;
	const struct cred *old = NULL;
	u64 ut, st;
	int err;

	set_freezable();
	/* permission hooks on each I/O see whoever opened the target */
	if (w->job->file)
		old = override_creds(w->job->file->f_cred);
	err = kiog_run_worker_enter(w->job->run);
	if (err)
		kiog_core_fail(&w->core, err);
	else
		kiog_worker_loop(w);
	if (kiog_core_ends_run(&w->core))
		kiog_run_request_stop(w->job->run);
	kiog_run_worker_leave();
	if (old)
		revert_creds(old);

	task_cputime_adjusted(current, &ut, &st);
	w->cpu_usr_ns = ut;
	w->cpu_sys_ns = st;
	w->ctx_vol = current->nvcsw;
	w->ctx_invol = current->nivcsw;
	/* release: live results read the times above once this is seen */
	smp_store_release(&w->finished, true);
	kiog_run_worker_done(w->job->run);

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		schedule();
		try_to_freeze();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}
