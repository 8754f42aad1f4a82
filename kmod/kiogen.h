/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kiogen internal interfaces: the immutable job configuration, the live run,
 * job and worker objects, the engine ops table and the functions the netlink
 * layer, the run lifecycle and the engines call on each other.
 */
#ifndef _KIOGEN_H
#define _KIOGEN_H

#include <linux/cgroup.h>
#include <linux/completion.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/llist.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>
#include <linux/types.h>
#include <linux/workqueue.h>
#include <linux/bvec.h>
#include <linux/cache.h>
#include <linux/indirect_call_wrapper.h>
#include <net/netlink.h>
#include <net/sock.h>
#include <uapi/linux/kiogen.h>
#include <kiogen/core.h>
#include <kiogen/loop.h>
#include <kiogen/split.h>
#include <kiogen/rate.h>
#include <kiogen/buffer.h>
#include <kiogen/verify.h>
#include <kiogen/version.h>

struct kiog_worker;
struct kiog_blk;
struct kiog_slot;
struct kiog_job;

/* Limits set by module parameters (main.c). */
extern unsigned int kiog_max_workers;
extern unsigned int kiog_max_runs;
extern unsigned long kiog_max_mem_mb;
extern atomic64_t kiog_mem_used;		/* bytes of worker memory, all runs */

/**
 * struct kiog_open_err - why an engine refused a job, for the requester
 * @field: the job field at fault, named by its KIOGEN_A_JOB_* number; 0: the
 *	job as a whole
 * @msg: what is wrong, in words; a string that lives as long as the module
 * @file: which of the job's files, when @field is the fd: 0 is job fd, N is
 *	job fds[N - 1] (kiog_nl_err_file() names it)
 */
struct kiog_open_err {
	u16 field;
	const char *msg;
	u32 file;
};

/* An engine refuses a job: fills @why and returns @err. */
static inline int kiog_open_refuse(struct kiog_open_err *why, u16 field,
				   const char *msg, int err)
{
	why->field = field;
	why->msg = msg;
	return err;
}

/* An engine refuses the job's file @file (0: job fd, N: job fds[N - 1]). */
static inline int kiog_open_refuse_file(struct kiog_open_err *why, u32 file,
					const char *msg, int err)
{
	why->file = file;
	return kiog_open_refuse(why, file ? KIOGEN_A_JOB_FDS : KIOGEN_A_JOB_FD,
				msg, err);
}

/* The refusal when claiming the written device of file @file failed with @err. */
static inline int kiog_open_refuse_claim(struct kiog_open_err *why, u32 file,
					 int err)
{
	const char *msg = "job fd: cannot claim the device for writing";

	if (err == -EBUSY)
		msg = "job fd: device is mounted or held by another user, refusing to write";
	return kiog_open_refuse_file(why, file, msg, err);
}

/**
 * struct kiog_engine_ops - one way of issuing I/O, chosen by name
 * @name: engine name as the user writes it
 * @needs_buffers: whether slots need data buffers
 * @needs_target: whether a job needs a target file (KIOGEN_A_JOB_FD)
 * @slot_priv: bytes of per-slot engine state, placed after struct kiog_slot
 * @open: validate the job against its target (@job->file, already checked
 *	for the access the job needs) in the requester's context; sets
 *	@job->target_bytes and @job->min_align. On refusal returns a negative
 *	errno and says which field is at fault and why in @why (see
 *	kiog_job_open(), which reports it)
 * @close: release what @open acquired, after the last I/O
 * @slot_init: prepare one slot before the clock starts (optional)
 * @submit: start one I/O described by the slot; its completion, from any
 *	context, ends with kiog_slot_complete()
 * @poll: reap polled completions of the worker's in-flight I/O (optional;
 *	only called for jobs with hipri)
 * @sync: fsync (or fdatasync) the target, blocking (optional)
 * @invalidate: drop one of the job's files' cached pages, before the first
 *	I/O of a new pass (fio's invalidate; optional: bios bypass the page
 *	cache, there is nothing to drop)
 * @dir_target: the target is a directory the engine works in: the job's
 *	reads and writes are not the fd's (the metadata engines)
 * @inline_loop: the engine's own loop, for an engine whose every I/O
 *	completes within @submit: it runs a worker whose job uses none of
 *	the loop's per-I/O features (struct kiog_loop_state's @uses) in place
 *	of the worker's loop, until issuing ends (optional; off with the
 *	module parameter fast_loop=0)
 */
struct kiog_engine_ops {
	const char *name;
	bool needs_buffers;
	bool needs_target;
	size_t slot_priv;
	int (*open)(struct kiog_job *job, struct kiog_open_err *why);
	void (*close)(struct kiog_job *job);
	int (*slot_init)(struct kiog_worker *w, struct kiog_slot *s);
	void (*submit)(struct kiog_worker *w, struct kiog_slot *s);
	void (*poll)(struct kiog_worker *w);
	int (*sync)(struct kiog_worker *w, bool datasync);
	void (*invalidate)(struct file *file);
	bool dir_target;
	void (*inline_loop)(struct kiog_worker *w, u32 *turns);
};

extern const struct kiog_engine_ops kiog_engine_bio;
extern const struct kiog_engine_ops kiog_engine_null;
extern const struct kiog_engine_ops kiog_engine_kiocb;
extern const struct kiog_engine_ops kiog_engine_filecreate;
extern const struct kiog_engine_ops kiog_engine_filestat;
extern const struct kiog_engine_ops kiog_engine_filedelete;
extern const struct kiog_engine_ops kiog_engine_dircreate;
extern const struct kiog_engine_ops kiog_engine_dirstat;
extern const struct kiog_engine_ops kiog_engine_dirdelete;

/* The common engines' submit, called directly by the worker (worker.c). */
INDIRECT_CALLABLE_DECLARE(void kiog_bio_submit(struct kiog_worker *w,
					       struct kiog_slot *s));
INDIRECT_CALLABLE_DECLARE(void kiog_kiocb_submit(struct kiog_worker *w,
						 struct kiog_slot *s));
INDIRECT_CALLABLE_DECLARE(void kiog_null_submit(struct kiog_worker *w,
						struct kiog_slot *s));

/**
 * struct kiog_job_cfg - what the user asked for; read-only once running
 */
struct kiog_job_cfg {
	char name[KIOGEN_NAME_LEN];
	char filename[KIOGEN_PATH_LEN];	/* the target's name, for reports */
	const struct kiog_engine_ops *engine;
	/* the plain fields, include/kiogen/job.h */
	KIOG_JOB_FIELDS(KIOG_JOB_MEMBER)
	/* metadata engines: fio's filename_format */
	char filename_format[KIOGEN_META_NAME_MAX + 1];
};

/**
 * struct kiog_job - one job of a run: its config, its target, its workers
 */
struct kiog_job {
	struct kiog_run *run;
	u32 index;
	struct kiog_job_cfg cfg;
	struct file *file;	/* the requester's fd, taken with fget() */
	/* all its targets, file first (&file when it is the only one) */
	struct file **files;
	u32 nr_files;
	u32 worker_files;	/* a worker's: all, or the worker's nr_files */
	u64 *file_regions;	/* job file-regions, one per file; NULL: size */
	bool io_size_given;	/* else kiog_wl_count_holes() for one file */
	bool opened;		/* engine->open succeeded; close on release */
	void *target;		/* engine state for the opened target */
	u64 target_bytes;	/* size of the target */
	u32 min_align;		/* bytes: bs and offset must be multiples */
	u32 max_bs;		/* bytes: the largest I/O, a buffer's size */
	struct kiog_worker **workers;
	u16 ioprio;		/* of its bios and kiocbs; 0: the kernel's default */
	struct crypto_shash *vfy_tfm;	/* verify's checksum; NULL without */
	u32 vfy_unit;		/* bytes: verify's record of writes; 0: none */
};

/**
 * struct kiog_slot - one I/O in flight: where, what, when, how it ended
 */
struct kiog_slot {
	struct kiog_worker *w;
	struct llist_node node;	/* on the worker's completion list */
	/* where, what, its clock stamps (include/kiogen/loop.h) */
	KIOG_LOOP_IO;
	bool inflight;		/* submitted, not yet reaped */
	struct file *file;	/* its target, of the worker's files */
	struct bio_vec *bvec;	/* the data buffer, nr_bvec chunks */
	unsigned int nr_bvec;
	void *priv;		/* slot_priv bytes of engine state */
	/* block phases (blk-split.c): the first bio, and its stamps */
	struct bio *blk_bio;
	struct kiog_blk_stamps blk;
};

/**
 * struct kiog_worker - one kernel thread of a job and everything it owns
 */
struct kiog_worker {
	/* written by completions from any context: its own cache line */
	struct llist_head done ____cacheline_aligned_in_smp;

	struct kiog_job *job ____cacheline_aligned_in_smp;
	u32 index;
	int node;			/* NUMA node of its buffers and thread */
	struct task_struct *task;
	struct file **files;		/* worker_files of the job's targets */
	struct kiog_wl_file *wl_files;	/* their positions; NULL: one file */
	struct llist_node *inline_done;	/* completed within submit, by the worker */
	struct llist_node *pending;	/* reaped from @done, not yet accounted */
	struct kiog_slot **slots;	/* all iodepth slots */
	struct kiog_slot **free;	/* stack of idle slots */
	u32 nr_free;
	u64 mem;			/* bytes reserved for this worker */

	/*
	 * generator, policy, loop state and results, rate limits, verify,
	 * buffer contents: what the shared loop drives (kiogen/loop.h)
	 */
	KIOG_LOOP_STATE;
	u64 elapsed_ns;
	u64 cpu_usr_ns, cpu_sys_ns;
	u64 ctx_vol, ctx_invol;
	bool finished;			/* the four above are final (release) */

	/* progress, read by others without locks */
	u64 live_ios, live_bytes, live_errors;

	/* block phases (blk-split.c); blk_split NULL: none */
	struct kiog_blk_split *blk_split;
	struct kiog_slot *blk_cur;	/* inside its engine call; read by probes */
	u32 blk_tracepoints;		/* KIOGEN_BLK_TP_* probed */
	bool blk_file;			/* a target is a file: fs phase */
};

/* The order of the chunks of a buffer of @bs bytes: 64 KiB at most. */
static inline u32 kiog_chunk_order(u32 bs)
{
	return min_t(u32, get_order(bs), KIOG_CHUNK_ORDER);
}

/**
 * kiog_slot_chunk_len() - bytes of chunk @i of a slot's buffer
 * @s: the slot
 * @i: below @s->nr_bvec
 *
 * As kiog_slot_alloc() made it: chunks of the largest block's order, the
 * last one cut to the largest block. The bio engine sizes its bios' chunks
 * with this, and so does every walk over the buffer (contents, verify), never
 * with bv_len: the table is the bio's, and adding a page rewrites bv_len with
 * the length of that I/O.
 *
 * Return: bytes.
 */
static inline u32 kiog_slot_chunk_len(const struct kiog_slot *s, u32 i)
{
	u32 bs = s->w->job->max_bs, chunk = PAGE_SIZE << kiog_chunk_order(bs);

	return min(chunk, bs - i * chunk);
}

/*
 * The workers' clock, for every stamp of their I/Os: CLOCK_MONOTONIC, one
 * clock for all CPUs. An I/O is built on one CPU, issued from another when
 * its kthread migrates, and completes in an interrupt on a third; a
 * latency is the difference of two of those stamps. sched_clock() makes no
 * promise across CPUs (include/linux/sched/clock.h), so its stamps could
 * go back; ktime_get_ns() is what the block layer times requests with.
 * include/kiogen/core.h still puts each I/O's stamps in order.
 */
#define KIOG_CLOCK_NAME		"ktime_get_ns (CLOCK_MONOTONIC)"

static inline u64 kiog_now(const struct kiog_worker *w)
{
	return ktime_get_ns();
}

void kiog_slot_complete_list(struct kiog_slot *s);	/* worker.c */
extern bool kiog_fast_loop;	/* main.c: engines' inline loops allowed */

#define KIOG_RESCHED_TURNS	64	/* a power of two */

/*
 * The end of a turn of a worker's loop. A call per turn costs the null
 * engine a few percent: cond_resched() is called when the scheduler asks,
 * and every KIOG_RESCHED_TURNS turns for RCU's quiescent states (voluntary
 * preemption).
 */
static inline void kiog_worker_yield(u32 *turns)
{
	if (need_resched() || !(++*turns & (KIOG_RESCHED_TURNS - 1)))
		cond_resched();
}

void kiog_blk_forget(struct kiog_run *run, struct kiog_slot *s);	/* blk-split.c */

/**
 * kiog_slot_complete() - hand a finished I/O back to its worker
 * @s: the slot; the engine has set @s->error and @s->done_bytes
 *
 * Safe from any context, including hard interrupts. Inline: the null
 * engine completes every I/O here, within its submit.
 */
static inline void kiog_slot_complete(struct kiog_slot *s)
{
	struct kiog_worker *w = s->w;

	s->end_ns = kiog_now(w);
	/* latency_split: its bio may be freed and reused by anyone from here */
	if (unlikely(s->blk_bio))
		kiog_blk_forget(w->job->run, s);
	/*
	 * Completed inside submit or poll (null engine, irqmode=0, hipri): no
	 * atomics, no wakeup. Only in task context: an interrupt taken while
	 * the worker runs also sees current == w->task, and must go through
	 * the lock-free list.
	 */
	if (current == w->task && in_task()) {
		s->node.next = w->inline_done;
		w->inline_done = &s->node;
		return;
	}
	kiog_slot_complete_list(s);
}

/**
 * struct kiog_run - a set of jobs started together, and their results
 */
struct kiog_run {
	struct kref ref;
	struct list_head node;		/* kiog_runs, under kiog_lock */
	u32 id;
	u32 flags;			/* KIOGEN_RUN_F_* */
	u32 state;			/* enum kiogen_run_state, under kiog_lock */
	/* where it lives; NULL once that netns is gone (under kiog_lock) */
	struct net *net;
	/* attached: the creating socket, held until the run ends (kiog_lock) */
	struct sock *owner;
	bool stop;			/* ask workers to stop */
	bool started;			/* workers all built (release) */
	int error;			/* first errno of any worker */
	u32 nr_jobs;
	u32 nr_workers;
	struct kiog_job *jobs;
	atomic_t active;		/* workers still issuing */
	u64 mem;			/* bytes reserved, while held */
	u64 start_ns, end_ns;
	struct completion done;		/* all workers reaped */
	struct work_struct reap_work;
	struct delayed_work progress_work;
	struct kiog_blk *blk;		/* block probes (blk-split.c); NULL: none */
	/* the requester's, taken at RUN_NEW; its workers adopt them */
	umode_t umask;
	struct rlimit fsize;		/* RLIMIT_FSIZE */
	/*
	 * The requester's cgroup (v2) and what the workers are charged to
	 * (references held until the run is released): see kiog_run_charge().
	 */
	struct cgroup *cgrp;
	struct mem_cgroup *memcg;
	struct cgroup_subsys_state *blkcg_css;
};

extern struct mutex kiog_lock;
extern struct list_head kiog_runs;

/* run.c */
int kiog_job_open(struct kiog_job *job, struct nlattr **tb,
		  struct netlink_ext_ack *extack);
int kiog_run_start(struct kiog_run *run, struct netlink_ext_ack *extack);
struct kiog_run *kiog_run_alloc(u32 nr_jobs);
void kiog_run_put(struct kiog_run *run);
struct kiog_run *kiog_run_get(const struct net *net, u32 id);
void kiog_run_request_stop(struct kiog_run *run);
int kiog_run_worker_enter(const struct kiog_run *run);
void kiog_run_worker_leave(void);
void kiog_run_park(struct kiog_run *run);

/*
 * The requester's cgroup is frozen (cgroup.freeze, docker pause, systemctl
 * freeze): its workers issue nothing until it is thawed, or the run is
 * stopped (their loops then end as after any stop).
 */
static inline bool kiog_run_frozen(const struct kiog_run *run)
{
	return unlikely(test_bit(CGRP_FREEZE, &run->cgrp->flags)) &&
	       !READ_ONCE(run->stop);
}

int kiog_run_delete(struct kiog_run *run, struct netlink_ext_ack *extack);
void kiog_runs_release_dead_owners(const struct net *net);
void kiog_runs_net_exit(const struct net *net);
void kiog_runs_shutdown(void);
const struct kiog_engine_ops *kiog_engine_find(const char *name);
extern const struct kiog_engine_ops *const kiog_engines[];
extern const unsigned int kiog_nr_engines;

int kiog_runs_init(void);
void kiog_run_worker_done(struct kiog_run *run);

/* worker.c */
int kiog_worker_fn(void *data);
u64 kiog_worker_mem(const struct kiog_job *job);
/* Byte counts of memory saturate: U64_MAX is "more than can be had". */
static inline u64 kiog_mem_add(u64 a, u64 b)
{
	u64 sum;

	return check_add_overflow(a, b, &sum) ? U64_MAX : sum;
}

static inline u64 kiog_mem_mul(u64 a, u64 b)
{
	u64 prod;

	return check_mul_overflow(a, b, &prod) ? U64_MAX : prod;
}

/*
 * The module parameter max_mem_mb in bytes. It is an unsigned long of MiB:
 * 2^44 MiB and more do not fit a u64 of bytes, and a shift would wrap them
 * (2^44 to 0: every run refused); they saturate, no limit.
 */
static inline u64 kiog_mem_limit(void)
{
	return kiog_mem_mul(READ_ONCE(kiog_max_mem_mb), SZ_1M);
}

u64 kiog_worker_log_ring_mem(const struct kiog_job_cfg *c);
u64 kiog_worker_vfy_mem(const struct kiog_job *job);
u64 kiog_worker_shrink(struct kiog_worker *w);
int kiog_worker_alloc(struct kiog_job *job, u32 index, int node,
		      struct kiog_worker **wp);
void kiog_worker_free(struct kiog_worker *w);

/* blk-split.c */
bool kiog_blk_wanted(const struct kiog_job *job);
int kiog_blk_start(struct kiog_run *run);
void kiog_blk_stop(struct kiog_run *run);
u64 kiog_blk_mem(const struct kiog_run *run);

/* engine-meta.c */
void kiog_meta_worker_digest(struct kiog_worker *w);
/* verify.c */
int kiog_job_verify_open(struct kiog_job *job, struct nlattr **tb,
			 struct netlink_ext_ack *extack);
void kiog_job_verify_close(struct kiog_job *job);
void kiog_verify_fill(struct kiog_worker *w, struct kiog_slot *s);
void kiog_verify_stamp(struct kiog_worker *w, struct kiog_slot *s, u64 seq);
int kiog_verify_check(struct kiog_worker *w, struct kiog_slot *s);

/* buffer.c */
void kiog_buffer_slot_fill(struct kiog_worker *w, struct kiog_slot *s);
void kiog_buffer_write(struct kiog_worker *w, struct kiog_slot *s);
void kiog_buffer_restore(struct kiog_worker *w, struct kiog_slot *s);

/* netlink.c */
int kiog_nl_init(void);
void kiog_nl_exit(void);
void kiog_nl_notify_run(struct kiog_run *run, u32 event);
void kiog_nl_err_file(struct netlink_ext_ack *extack, struct nlattr **tb,
		      u32 file, const char *msg);
void kiog_nl_err(struct netlink_ext_ack *extack, const struct nlattr *attr,
		 const char *msg);
int kiog_nl_put_run(struct sk_buff *skb, struct kiog_run *run, bool name);

/* place.c */
int kiog_place_check(const struct kiog_job_cfg *c, struct nlattr **tb,
		     struct netlink_ext_ack *extack);
bool kiog_place_worker(const struct kiog_job_cfg *c, u32 k, struct cpumask *mask,
		       int *node);
void kiog_place_task(const struct kiog_job_cfg *c, struct task_struct *task);
u16 kiog_place_ioprio(const struct kiog_job_cfg *c);

#endif /* _KIOGEN_H */
