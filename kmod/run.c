// SPDX-License-Identifier: GPL-2.0
/*
 * Run lifecycle: admission against the module's limits, worker threads
 * started together, reaping when the last worker ends, stopping on request or
 * when the owning socket closes, and the bounded registry of runs whose
 * results can still be fetched.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cgroup.h>
#include <linux/file.h>
#include <linux/fs_struct.h>
#include <linux/freezer.h>
#include <linux/kthread.h>
#include <linux/memcontrol.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/writeback.h>
#include <net/net_namespace.h>

#include "compat.h"
#include "kiogen.h"

/* protects kiog_runs, run ids and run states; never held across I/O */
DEFINE_MUTEX(kiog_lock);
LIST_HEAD(kiog_runs);			/* ordered by id */
static u32 kiog_last_id;
static unsigned int kiog_nr_runs;
static bool kiog_shutting_down;
static struct workqueue_struct *kiog_wq;

const struct kiog_engine_ops *const kiog_engines[] = {
	&kiog_engine_bio,
	&kiog_engine_kiocb,
	&kiog_engine_null,
	&kiog_engine_filecreate,
	&kiog_engine_filestat,
	&kiog_engine_filedelete,
	&kiog_engine_dircreate,
	&kiog_engine_dirstat,
	&kiog_engine_dirdelete,
};

const unsigned int kiog_nr_engines = ARRAY_SIZE(kiog_engines);

/**
 * kiog_engine_find() - look an engine up by name
 * @name: NUL-terminated engine name
 *
 * Return: the engine, or NULL.
 */
const struct kiog_engine_ops *kiog_engine_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < kiog_nr_engines; i++)
		if (!strcmp(kiog_engines[i]->name, name))
			return kiog_engines[i];
	return NULL;
}

/*
 * The dirty pages of a file are written back, and its fsync()'s bios issued,
 * in the name of its inode's writeback context (cgroup writeback), not in
 * the writer's: that of the memory cgroup which first dirtied the inode,
 * whose io controller then throttles (io.max) and counts (io.stat) those
 * bios. A worker is a kernel thread of the root cgroup: the first to dirty
 * an inode (a time stamp will do), it would give the inode the root's
 * context, and the run's buffered writes would escape the requester's
 * io.max. So a written target gets its context here, in RUN_NEW, from the
 * requester's task, as the requester's own first write(2) would give it;
 * an inode that has one keeps it, as it would for that write(2).
 */
static void kiog_job_attach_wb(struct kiog_job *job)
{
	u32 i;

	if (!kiog_rw_writes(job->cfg.rw))
		return;
	for (i = 0; i < job->nr_files; i++) {
		struct file *f = job->files[i];
		umode_t mode;

		if (!f)
			continue;
		mode = file_inode(f)->i_mode;
		/* a block device's page cache is its bdev inode's */
		if (S_ISREG(mode) || S_ISBLK(mode))
			kiog_inode_attach_wb(f->f_mapping->host);
	}
}

/**
 * kiog_job_open() - open a job's target through its engine
 * @job: the job, configuration parsed and fd taken
 * @tb: the job's attributes, to point at the one at fault
 * @extack: where a refusal is reported
 *
 * Engines know nothing of netlink: they say which job field is at fault and
 * why, and this turns it into the extack message and bad attribute.
 *
 * Return: 0 or the engine's negative errno.
 */
int kiog_job_open(struct kiog_job *job, struct nlattr **tb,
		  struct netlink_ext_ack *extack)
{
	struct kiog_open_err why = { };
	int err = job->cfg.engine->open(job, &why);

	if (!err)
		kiog_job_attach_wb(job);
	if (!err || !why.msg)
		return err;
	if (why.field == KIOGEN_A_JOB_FDS) {
		kiog_nl_err_file(extack, tb, why.file, why.msg);
		return err;
	}
	if (extack)
		extack->_msg = why.msg;
	if (why.field && why.field <= KIOGEN_A_JOB_MAX)
		NL_SET_BAD_ATTR(extack, tb[why.field]);
	return err;
}

/*
 * The model (Documentation/kiogen/safety.rst): workers are kernel threads
 * and stay out of the requester's cgroups, where the v2 freezer and
 * cgroup.kill would skip them (a frozen cgroup never said frozen, a killed
 * one could not be removed).
 * What they use is charged to the requester's instead: memory (page cache
 * too) to its memory cgroup through the active memcg, bios to its io cgroup
 * (io.max, io.stat) through the kthread's blkcg; their CPUs are within its
 * cpuset (kiog_worker_bind()). They issue nothing while that cgroup is
 * frozen (kiog_run_park()), and the run stops when it is removed.
 */
static void kiog_run_charge(struct kiog_run *run)
{
	struct cgroup *cgrp;

	rcu_read_lock();
	do {
		cgrp = task_dfl_cgroup(current);
	} while (!css_tryget(&cgrp->self));
	rcu_read_unlock();
	run->cgrp = cgrp;
	run->memcg = get_mem_cgroup_from_mm(current->mm);
#ifdef CONFIG_BLK_CGROUP
	run->blkcg_css = task_get_css(current, io_cgrp_id);
#endif
}

static void kiog_run_uncharge(struct kiog_run *run)
{
	if (run->blkcg_css)
		css_put(run->blkcg_css);
	run->blkcg_css = NULL;
	mem_cgroup_put(run->memcg);
	run->memcg = NULL;
	if (run->cgrp)
		cgroup_put(run->cgrp);
	run->cgrp = NULL;
}

/**
 * kiog_run_alloc() - allocate an empty run with room for @nr_jobs jobs
 * @nr_jobs: number of jobs, at least one
 *
 * Called in the requester's context (RUN_NEW): the run keeps its umask and
 * file size limit for the workers, see kiog_run_adopt_limits().
 *
 * Return: the run with one reference, or NULL.
 */
struct kiog_run *kiog_run_alloc(u32 nr_jobs)
{
	struct kiog_run *run;
	u32 i;

	run = kzalloc(sizeof(*run), GFP_KERNEL);
	if (!run)
		return NULL;
	run->jobs = kvcalloc(nr_jobs, sizeof(*run->jobs), GFP_KERNEL);
	if (!run->jobs) {
		kfree(run);
		return NULL;
	}
	run->nr_jobs = nr_jobs;
	for (i = 0; i < nr_jobs; i++) {
		run->jobs[i].run = run;
		run->jobs[i].index = i;
	}
	run->umask = current_umask();
	task_lock(current->group_leader);
	run->fsize = current->signal->rlim[RLIMIT_FSIZE];
	task_unlock(current->group_leader);
	kiog_run_charge(run);
	kref_init(&run->ref);
	INIT_LIST_HEAD(&run->node);
	init_completion(&run->done);
	return run;
}

/*
 * Drops the run's references on the requester's files. In a kernel thread
 * (the reaper) fput() defers a final close to a workqueue: the return says
 * whether one of them may have been the last, see kiog_run_reap().
 */
static bool kiog_job_release_target(struct kiog_job *job)
{
	bool last = false;

	kiog_job_verify_close(job);
	if (job->opened) {
		job->cfg.engine->close(job);
		job->opened = false;
	}
	if (job->files && job->files != &job->file) {
		u32 i;

		/* files[0] is job->file, put below */
		for (i = 1; i < job->nr_files; i++) {
			if (!job->files[i])
				continue;
			last |= file_count(job->files[i]) == 1;
			fput(job->files[i]);
		}
		kfree(job->files);
	}
	kfree(job->file_regions);
	job->file_regions = NULL;
	job->files = &job->file;
	job->nr_files = 1;
	if (job->file) {
		last |= file_count(job->file) == 1;
		fput(job->file);
		job->file = NULL;
	}
	return last;
}

static void kiog_run_release(struct kref *ref)
{
	struct kiog_run *run = container_of(ref, struct kiog_run, ref);
	u32 i, j;

	for (i = 0; i < run->nr_jobs; i++) {
		struct kiog_job *job = &run->jobs[i];

		for (j = 0; job->workers && j < job->cfg.numjobs; j++)
			if (job->workers[j])
				kiog_worker_free(job->workers[j]);
		kfree(job->workers);
		kiog_job_release_target(job);
	}
	kiog_run_uncharge(run);
	/* what the results still held; a run that never started holds 0 */
	atomic64_sub(run->mem, &kiog_mem_used);
	if (run->owner)
		sock_put(run->owner);
	kvfree(run->jobs);
	kfree(run);
}

/**
 * kiog_run_put() - drop a reference to a run
 * @run: the run
 */
void kiog_run_put(struct kiog_run *run)
{
	kref_put(&run->ref, kiog_run_release);
}

/**
 * kiog_run_get() - find a run by id in a network namespace
 * @net: the requester's namespace; runs of others are not found
 * @id: run id
 *
 * Return: the run with a reference taken, or NULL.
 */
struct kiog_run *kiog_run_get(const struct net *net, u32 id)
{
	struct kiog_run *run;

	mutex_lock(&kiog_lock);
	list_for_each_entry(run, &kiog_runs, node) {
		if (run->id == id && run->net && net_eq(run->net, net)) {
			kref_get(&run->ref);
			mutex_unlock(&kiog_lock);
			return run;
		}
	}
	mutex_unlock(&kiog_lock);
	return NULL;
}

/**
 * kiog_run_worker_enter() - a worker takes on what the requester is held to
 * @run: its run
 *
 * A kernel thread shares init's fs_struct (umask 022) and has no file size
 * limit: what the workers create would ignore the requester's umask, and
 * their writes its RLIMIT_FSIZE, which the syscall path honours. The worker
 * gets an fs_struct of its own, as nfsd's threads do, and sets its own
 * limit as setrlimit() would: the file systems then mask the modes and
 * refuse writes beyond the limit with EFBIG (the SIGXFSZ they send goes to
 * the worker, which ignores signals). Its allocations and page cache are
 * charged to the requester's memory cgroup, its bios to its io cgroup (see
 * kiog_run_charge()), until kiog_run_worker_leave().
 *
 * Return: 0, or -ENOMEM.
 */
int kiog_run_worker_enter(const struct kiog_run *run)
{
	int err = unshare_fs_struct();

	if (err)
		return err;
	current->fs->umask = run->umask;
	task_lock(current->group_leader);
	current->signal->rlim[RLIMIT_FSIZE] = run->fsize;
	task_unlock(current->group_leader);
	set_active_memcg(run->memcg);
	kthread_associate_blkcg(run->blkcg_css);
	return 0;
}

/**
 * kiog_run_worker_leave() - undo kiog_run_worker_enter()'s charging
 *
 * Before the worker exits: a kthread may not end associated with a blkcg.
 */
void kiog_run_worker_leave(void)
{
	kthread_associate_blkcg(NULL);
	set_active_memcg(NULL);
}

/**
 * kiog_run_park() - wait, with nothing in flight, while the run is held
 * @run: the worker's run
 *
 * Held by the system's freezer (suspend) or by the requester's cgroup being
 * frozen; a stop ends the wait. The cgroup freezer has no wait queue for
 * its thaw: it is looked at every 10 ms.
 */
void kiog_run_park(struct kiog_run *run)
{
	try_to_freeze();
	while (kiog_run_frozen(run)) {
		schedule_timeout_interruptible(msecs_to_jiffies(10));
		try_to_freeze();
	}
}

/**
 * kiog_run_request_stop() - ask every worker of a run to stop issuing
 * @run: the run
 *
 * In-flight I/O still completes; the run ends when the last worker drains.
 */
void kiog_run_request_stop(struct kiog_run *run)
{
	WRITE_ONCE(run->stop, true);
}

/* filecreate's workers close what they make with fput(): deferred */
static bool kiog_run_creates_files(const struct kiog_run *run)
{
	u32 i;

	for (i = 0; i < run->nr_jobs; i++)
		if (run->jobs[i].cfg.engine == &kiog_engine_filecreate)
			return true;
	return false;
}

/* Runs in kiog_wq once the last worker has finished issuing. */
static void kiog_run_reap(struct work_struct *work)
{
	struct kiog_run *run = container_of(work, struct kiog_run, reap_work);
	bool last_put = false;
	struct sock *owner;
	u64 freed = 0;
	u32 i, j, state;

	cancel_delayed_work_sync(&run->progress_work);
	WRITE_ONCE(run->end_ns, ktime_get_ns());
	for (i = 0; i < run->nr_jobs; i++) {
		struct kiog_job *job = &run->jobs[i];

		for (j = 0; j < job->cfg.numjobs; j++) {
			struct kiog_worker *w = job->workers[j];

			kthread_stop(w->task);
			if (w->core.failed && !run->error)
				run->error = w->core.error;
		}
	}
	/* no I/O of the run is in flight: its block probes go before its slots */
	if (run->blk)
		freed += kiog_blk_mem(run);
	kiog_blk_stop(run);
	/*
	 * A completer may still be inside kiog_slot_complete(), about to wake
	 * a thread that has exited: let it leave before the slots, and our
	 * reference on the task, go.
	 */
	synchronize_rcu();
	for (i = 0; i < run->nr_jobs; i++) {
		struct kiog_job *job = &run->jobs[i];

		for (j = 0; j < job->cfg.numjobs; j++) {
			struct kiog_worker *w = job->workers[j];

			put_task_struct(w->task);
			w->task = NULL;
			freed += kiog_worker_shrink(w);
		}
		last_put |= kiog_job_release_target(job);
	}
	/*
	 * Closed before the run is said to be over: the user's next exclusive
	 * open of a device it passed O_EXCL and closed (kiogen compare's
	 * syscall path) must not find the claim still held, nor an unmount
	 * the file system busy with the files a meta run made.
	 */
	if (last_put || kiog_run_creates_files(run))
		flush_delayed_fput();

	if (run->error)
		state = KIOGEN_STATE_FAILED;
	else if (READ_ONCE(run->stop))
		state = KIOGEN_STATE_STOPPED;
	else
		state = KIOGEN_STATE_DONE;
	mutex_lock(&kiog_lock);
	/* the results stay reserved until the run is deleted */
	run->mem -= freed;
	atomic64_sub(freed, &kiog_mem_used);
	WRITE_ONCE(run->state, state);
	/* a held socket would keep its network namespace alive */
	owner = run->owner;
	run->owner = NULL;
	mutex_unlock(&kiog_lock);
	if (owner)
		sock_put(owner);

	kiog_nl_notify_run(run, KIOGEN_EVENT_ENDED);
	complete_all(&run->done);
	kiog_run_put(run);	/* the workers' reference */
	/* taken in kiog_run_start(); the workqueue is flushed at unload */
	module_put(THIS_MODULE);
}

/**
 * kiog_run_worker_done() - a worker has issued and reaped its last I/O
 * @run: its run
 */
void kiog_run_worker_done(struct kiog_run *run)
{
	if (atomic_dec_and_test(&run->active))
		queue_work(kiog_wq, &run->reap_work);
}

static void kiog_run_progress(struct work_struct *work)
{
	struct kiog_run *run = container_of(to_delayed_work(work),
					    struct kiog_run, progress_work);

	/* in case a socket's release was missed, its runs stop here too */
	if (run->owner && sock_flag(run->owner, SOCK_DEAD))
		kiog_run_request_stop(run);
	/*
	 * Its cgroup was removed (rmdir; systemd's stop of its unit). Not
	 * css_is_dying(): on 6.12 it reads CSS_DYING, which only the
	 * controllers' states get; removal clears the cgroup's own
	 * CSS_ONLINE on 6.1 and 6.12 alike.
	 */
	if (!(READ_ONCE(run->cgrp->self.flags) & CSS_ONLINE))
		kiog_run_request_stop(run);
	kiog_nl_notify_run(run, KIOGEN_EVENT_PROGRESS);
	queue_delayed_work(kiog_wq, &run->progress_work,
			   nsecs_to_jiffies(KIOG_SAMPLE_NS));
}

static void kiog_run_wake_workers(struct kiog_run *run)
{
	u32 i, j;

	for (i = 0; i < run->nr_jobs; i++)
		for (j = 0; j < run->jobs[i].cfg.numjobs; j++)
			wake_up_process(run->jobs[i].workers[j]->task);
}

/*
 * The node of the @k-th worker of a run: the requester's nodes with CPUs it
 * may use, in turn, starting with its own.
 */
static int kiog_worker_node(u32 k)
{
	int node = numa_node_id(), n, pass;
	u32 nr = 0;

	for_each_node_state(n, N_CPU)
		if (cpumask_intersects(cpumask_of_node(n), current->cpus_ptr))
			nr++;
	if (nr < 2)
		return node;
	k %= nr;
	/* the nodes from the requester's own up, then those below it */
	for (pass = 0; pass < 2; pass++) {
		for_each_node_state(n, N_CPU) {
			bool below = n < node;

			if (below != pass ||
			    !cpumask_intersects(cpumask_of_node(n), current->cpus_ptr))
				continue;
			if (!k--)
				return n;
		}
	}
	return node;
}

/*
 * Keeps a worker on its node's CPUs, within what the requester may use (its
 * cpuset included: the worker is not in the requester's cgroups); an empty
 * mask is left alone.
 */
static void kiog_worker_bind(struct kiog_worker *w, struct cpumask *mask)
{
	cpumask_and(mask, cpumask_of_node(w->node), current->cpus_ptr);
	if (!cpumask_empty(mask) && kiog_kthread_affine(w->task, mask))
		pr_debug("worker %u: cannot bind to node %d\n", w->index, w->node);
}

/* Workers and buffers of one job; the memory was reserved beforehand. */
static int kiog_job_create_workers(struct kiog_job *job, u32 *nr_created)
{
	struct kiog_run *run = job->run;
	cpumask_var_t mask;
	int err = 0, node;
	u32 i;

	job->workers = kcalloc(job->cfg.numjobs, sizeof(*job->workers),
			       GFP_KERNEL);
	if (!job->workers)
		return -ENOMEM;
	if (!alloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;
	for (i = 0; i < job->cfg.numjobs; i++) {
		bool placed = kiog_place_worker(&job->cfg, *nr_created, mask, &node);
		struct kiog_worker *w;

		if (!placed)
			node = kiog_worker_node(*nr_created);
		(*nr_created)++;

		err = kiog_worker_alloc(job, i, node, &w);
		job->workers[i] = w;	/* even half built: the release frees it */
		if (err)
			break;
		w->task = kthread_create_on_node(kiog_worker_fn, w, w->node,
						 "kiogen%u/%u.%u", run->id,
						 job->index, i);
		if (IS_ERR(w->task)) {
			err = PTR_ERR(w->task);
			w->task = NULL;
			break;
		}
		/* completions may wake it after it exits: see kiog_run_reap() */
		get_task_struct(w->task);
		/* the job's CPUs were checked against the requester's */
		if (placed && kiog_kthread_affine(w->task, mask))
			pr_debug("worker %u: cannot bind to its cpus_allowed\n", w->index);
		else if (!placed)
			kiog_worker_bind(w, mask);
		kiog_place_task(&job->cfg, w->task);
	}
	free_cpumask_var(mask);
	return err;
}

/* Threads created but never woken exit without running kiog_worker_fn. */
static void kiog_run_destroy_workers(struct kiog_run *run)
{
	u32 i, j;

	for (i = 0; i < run->nr_jobs; i++) {
		struct kiog_job *job = &run->jobs[i];

		for (j = 0; job->workers && j < job->cfg.numjobs; j++) {
			struct kiog_worker *w = job->workers[j];

			if (w && w->task) {
				kthread_stop(w->task);
				put_task_struct(w->task);
				w->task = NULL;
			}
		}
	}
}

/*
 * The run a full registry, or the memory limit, gives up: the oldest
 * finished run of @net, else the oldest finished run of any namespace (the
 * registry and max_mem_mb are the module's, so one namespace's forgotten
 * results must not lock the others out). Under kiog_lock; NULL: every run
 * is running.
 */
static struct kiog_run *kiog_run_victim(const struct net *net)
{
	struct kiog_run *old, *any = NULL;

	lockdep_assert_held(&kiog_lock);
	list_for_each_entry(old, &kiog_runs, node) {
		if (old->state == KIOGEN_STATE_RUNNING)
			continue;
		if (old->net && net_eq(old->net, net))
			return old;
		if (!any)
			any = old;
	}
	return any;
}

/* Registers @run under a new id, evicting the oldest finished run if full. */
static int kiog_run_register(struct kiog_run *run,
			     struct netlink_ext_ack *extack)
{
	struct kiog_run *victim = NULL;

	mutex_lock(&kiog_lock);
	if (kiog_shutting_down) {
		mutex_unlock(&kiog_lock);
		NL_SET_ERR_MSG(extack, "module is unloading");
		return -ESHUTDOWN;
	}
	if (kiog_nr_runs >= READ_ONCE(kiog_max_runs)) {
		victim = kiog_run_victim(run->net);
		if (!victim) {
			mutex_unlock(&kiog_lock);
			NL_SET_ERR_MSG(extack,
				       "too many runs running, in all network namespaces (module parameter max_runs)");
			return -EBUSY;
		}
		list_del_init(&victim->node);
		kiog_nr_runs--;
	}
	run->id = ++kiog_last_id;
	run->state = KIOGEN_STATE_RUNNING;
	kref_get(&run->ref);		/* the registry's reference */
	list_add_tail(&run->node, &kiog_runs);
	kiog_nr_runs++;
	mutex_unlock(&kiog_lock);

	if (victim) {
		kiog_nl_notify_run(victim, KIOGEN_EVENT_DELETED);
		kiog_run_put(victim);
	}
	return 0;
}

/*
 * Reserves @run->mem against max_mem_mb. Finished runs hold their results'
 * memory until deleted: when that is what stands in the way, the oldest
 * finished runs are forgotten (as a full registry forgets them) until the
 * reservation fits. Runs that still run are never touched, and nothing is
 * forgotten when forgetting every finished run would not make room.
 *
 * Return: the bytes reserved with @run->mem, the first total over @limit
 * if it does not fit (then nothing is reserved).
 */
static u64 kiog_run_reserve(struct kiog_run *run, u64 limit)
{
	struct kiog_run *victim, *old;
	u64 used, finished;

	for (;;) {
		used = atomic64_add_return(run->mem, &kiog_mem_used);
		if (used <= limit)
			return used;
		atomic64_sub(run->mem, &kiog_mem_used);
		finished = 0;
		mutex_lock(&kiog_lock);
		list_for_each_entry(old, &kiog_runs, node)
			if (old->state != KIOGEN_STATE_RUNNING)
				finished += old->mem;
		victim = used - finished <= limit ? kiog_run_victim(run->net) : NULL;
		if (victim) {
			list_del_init(&victim->node);
			kiog_nr_runs--;
		}
		mutex_unlock(&kiog_lock);
		if (!victim)
			return used;
		kiog_nl_notify_run(victim, KIOGEN_EVENT_DELETED);
		/* its memory goes with the last reference: a reader may hold one */
		kiog_run_put(victim);
	}
}

/**
 * kiog_run_start() - admit a run whose targets are open, and start it
 * @run: the run, jobs parsed and targets opened
 * @extack: where user errors are reported
 *
 * Return: 0 with the run registered and its workers running, or a negative
 * errno with nothing started.
 */
int kiog_run_start(struct kiog_run *run, struct netlink_ext_ack *extack)
{
	u64 limit = kiog_mem_limit(), ring_mem = 0, vfy_mem = 0, used;
	u64 blk_mem = kiog_blk_mem(run);
	u32 i, nr_workers = 0, created;
	bool registered, huge = false;
	int err;

	for (i = 0; i < run->nr_jobs; i++)
		nr_workers += run->jobs[i].cfg.numjobs;
	if (nr_workers > READ_ONCE(kiog_max_workers)) {
		NL_SET_ERR_MSG(extack,
			       "job numjobs: more workers than the module allows (module parameter max_workers)");
		return -E2BIG;
	}
	run->nr_workers = nr_workers;

	/*
	 * Reserve memory before allocating any, so a huge request fails
	 * cleanly. The sums saturate: a record of writes of a sparse file of
	 * EiBs times numjobs must not wrap to a small number.
	 */
	for (i = 0; i < run->nr_jobs; i++) {
		const struct kiog_job *job = &run->jobs[i];
		u64 n = job->cfg.numjobs;

		/* kvmalloc() refuses, with a warning, one allocation above INT_MAX */
		huge |= kiog_worker_vfy_mem(job) > INT_MAX;
		run->mem = kiog_mem_add(run->mem, kiog_mem_mul(n, kiog_worker_mem(job)));
		ring_mem = kiog_mem_add(ring_mem,
					kiog_mem_mul(n, kiog_worker_log_ring_mem(&job->cfg)));
		vfy_mem = kiog_mem_add(vfy_mem, kiog_mem_mul(n, kiog_worker_vfy_mem(job)));
	}
	/* latency_split's table, freed with the workers' buffers */
	run->mem = kiog_mem_add(run->mem, blk_mem);
	/*
	 * Over the limit alone, or refused anyway (a record over INT_MAX): not
	 * added, so the shared count cannot wrap. A saturated U64_MAX is such
	 * a record, and within a max_mem_mb that saturates too.
	 */
	if (run->mem > limit || huge)
		used = run->mem;
	else
		used = kiog_run_reserve(run, limit);
	if (used > limit) {
		run->mem = 0;
		/*
		 * name what put it over: the per-I/O log rings, verify's
		 * record, the block probes, or the buffers
		 */
		if (blk_mem && used - blk_mem <= limit)
			NL_SET_ERR_MSG(extack,
				       "job latency_split: the block probes' table exceeds the module's memory limit (module parameter max_mem_mb)");
		else if (ring_mem && used - ring_mem <= limit)
			NL_SET_ERR_MSG(extack,
				       "job log-ring: per-I/O log rings exceed the module's memory limit (module parameter max_mem_mb)");
		else if (vfy_mem && used - vfy_mem <= limit)
			NL_SET_ERR_MSG(extack,
				       "job verify: the record of mixed-size writes (8 bytes per unit of the smallest write) exceeds the module's memory limit (module parameter max_mem_mb; or a smaller size)");
		else
			NL_SET_ERR_MSG(extack,
				       "job iodepth: buffers exceed the module's memory limit (module parameter max_mem_mb)");
		return -ENOMEM;
	}
	if (huge) {	/* within a max_mem_mb of 2 GiB or more; nothing reserved */
		run->mem = 0;
		NL_SET_ERR_MSG(extack,
			       "job verify: the record of mixed-size writes (8 bytes per unit of the smallest write) would be one allocation over 2 GiB (a smaller size, or writes of one size)");
		return -ENOMEM;
	}

	/* a running run holds the module: rmmod says "in use" instead of waiting */
	if (!try_module_get(THIS_MODULE)) {
		NL_SET_ERR_MSG(extack, "module is unloading");
		err = -ESHUTDOWN;
		goto err_unreserve;
	}
	/* ids name the threads, so register first; unregister on failure */
	err = kiog_run_register(run, extack);
	if (err)
		goto err_module_put;
	for (i = 0, created = 0; i < run->nr_jobs; i++) {
		err = kiog_job_create_workers(&run->jobs[i], &created);
		if (err)
			goto err_destroy;
	}
	err = kiog_blk_start(run);
	if (err) {
		NL_SET_ERR_MSG(extack,
			       "job latency_split: no memory for the block probes");
		goto err_destroy;
	}

	INIT_WORK(&run->reap_work, kiog_run_reap);
	INIT_DELAYED_WORK(&run->progress_work, kiog_run_progress);
	atomic_set(&run->active, nr_workers);
	kref_get(&run->ref);		/* the workers' reference */
	/*
	 * Registered, its workers built: it can no longer fail. Both events
	 * go before any worker runs, so that a short run's end comes after
	 * them, and before its clock starts, which they would cost.
	 */
	kiog_nl_notify_run(run, KIOGEN_EVENT_CREATED);
	kiog_nl_notify_run(run, KIOGEN_EVENT_STARTED);
	run->start_ns = ktime_get_ns();
	/* live results may read the workers from here on */
	smp_store_release(&run->started, true);
	queue_delayed_work(kiog_wq, &run->progress_work,
			   nsecs_to_jiffies(KIOG_SAMPLE_NS));
	kiog_run_wake_workers(run);
	return 0;

err_destroy:
	kiog_blk_stop(run);
	kiog_run_destroy_workers(run);
	complete_all(&run->done);	/* for kiog_runs_shutdown() */
	mutex_lock(&kiog_lock);
	registered = !list_empty(&run->node);
	if (registered) {
		list_del_init(&run->node);
		kiog_nr_runs--;
	}
	run->state = KIOGEN_STATE_FAILED;
	mutex_unlock(&kiog_lock);
	if (registered)
		kiog_run_put(run);	/* the registry's reference */
err_module_put:
	module_put(THIS_MODULE);
err_unreserve:
	atomic64_sub(run->mem, &kiog_mem_used);
	run->mem = 0;
	return err;
}

/**
 * kiog_run_delete() - forget a run that has ended, freeing its results
 * @run: the run, with a reference held by the caller
 * @extack: where user errors are reported
 *
 * Return: 0, or -EBUSY if the run is still running.
 */
int kiog_run_delete(struct kiog_run *run, struct netlink_ext_ack *extack)
{
	mutex_lock(&kiog_lock);
	if (run->state == KIOGEN_STATE_RUNNING) {
		mutex_unlock(&kiog_lock);
		NL_SET_ERR_MSG(extack, "run id: run is still running, stop it first");
		return -EBUSY;
	}
	if (list_empty(&run->node)) {
		mutex_unlock(&kiog_lock);
		NL_SET_ERR_MSG(extack, "run id: no such run");
		return -ENOENT;
	}
	list_del_init(&run->node);
	kiog_nr_runs--;
	mutex_unlock(&kiog_lock);
	kiog_nl_notify_run(run, KIOGEN_EVENT_DELETED);
	kiog_run_put(run);	/* the registry's reference */
	return 0;
}

/**
 * kiog_runs_release_dead_owners() - stop the attached runs of closed sockets
 * @net: the namespace of the socket that was just released
 *
 * Ownership is the socket itself, held by the run: a port id can be bound
 * again by a new socket before the release notifier runs, a socket cannot.
 */
void kiog_runs_release_dead_owners(const struct net *net)
{
	struct kiog_run *run;

	mutex_lock(&kiog_lock);
	list_for_each_entry(run, &kiog_runs, node)
		if (run->owner && run->net && net_eq(run->net, net) &&
		    sock_flag(run->owner, SOCK_DEAD) &&
		    run->state == KIOGEN_STATE_RUNNING)
			kiog_run_request_stop(run);
	mutex_unlock(&kiog_lock);
}

/**
 * kiog_runs_net_exit() - a network namespace is going away
 * @net: the namespace
 *
 * Its runs are stopped and forgotten: nobody can reach them any more. Their
 * workers drain and free them.
 */
void kiog_runs_net_exit(const struct net *net)
{
	struct kiog_run *run, *tmp;
	LIST_HEAD(gone);

	mutex_lock(&kiog_lock);
	list_for_each_entry_safe(run, tmp, &kiog_runs, node) {
		if (!run->net || !net_eq(run->net, net))
			continue;
		kiog_run_request_stop(run);
		run->net = NULL;
		list_move(&run->node, &gone);
		kiog_nr_runs--;
	}
	mutex_unlock(&kiog_lock);
	list_for_each_entry_safe(run, tmp, &gone, node) {
		list_del_init(&run->node);
		kiog_run_put(run);	/* the registry's reference */
	}
}

/**
 * kiog_runs_init() - set up the registry
 *
 * Return: 0 or -ENOMEM.
 */
int kiog_runs_init(void)
{
	kiog_wq = alloc_workqueue("kiogen", WQ_UNBOUND, 0);
	return kiog_wq ? 0 : -ENOMEM;
}

/**
 * kiog_runs_shutdown() - stop every run, wait for it and free it
 *
 * Called at module exit; new runs are refused from here on.
 */
void kiog_runs_shutdown(void)
{
	struct kiog_run *run;

	mutex_lock(&kiog_lock);
	kiog_shutting_down = true;
	list_for_each_entry(run, &kiog_runs, node)
		kiog_run_request_stop(run);
	mutex_unlock(&kiog_lock);

	for (;;) {
		mutex_lock(&kiog_lock);
		run = list_first_entry_or_null(&kiog_runs, struct kiog_run, node);
		if (run) {
			list_del_init(&run->node);
			kiog_nr_runs--;
		}
		mutex_unlock(&kiog_lock);
		if (!run)
			break;
		wait_for_completion(&run->done);
		kiog_run_put(run);	/* the registry's reference */
	}
	destroy_workqueue(kiog_wq);
}
