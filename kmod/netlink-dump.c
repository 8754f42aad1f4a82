// SPDX-License-Identifier: GPL-2.0
/*
 * The family's dumps: RUN_GET's list of runs (or one run and its jobs) and
 * RESULTS_GET's results, each worker's summary, histograms, samples and
 * logs in chunks that fit a dump's smallest skb, or the per-I/O log taken
 * away as it is written (log-drain).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/sched/cputime.h>
#include <net/genetlink.h>
#include <net/netlink.h>
#include <net/sock.h>

#include "kiogen.h"
#include "compat.h"
#include "genl.h"
#include "netlink.h"

/*
 * Dumps are refused from their first dumpit, not from .start: 6.1 passes
 * .start no extack, so the reason would be lost. The cursor's refused says
 * what .start found.
 */
enum kiog_dump_refusal {
	KIOG_DUMP_REFUSED = 1,	/* the requester is unprivileged */
	KIOG_DUMP_NOT_OWNER,	/* log-drain from a socket not the run's owner */
};

/*
 * A dump's cursor lives in cb->ctx, which netlink zeroes before .start, as
 * netdev-genl keeps its own: nothing is allocated, nothing is left for .done
 * to free. cb->ctx is 48 bytes on 6.1, 6.12 and 7.2 alike; kiog_dump_ctx()
 * asserts each cursor fits on the kernel built for.
 */

/* RUN_GET dump: every run of the requester's namespace, or one and its jobs. */
struct kiog_list_ctx {
	u8 refused;		/* enum kiog_dump_refusal, or 0 */
	u32 id;			/* the run asked for, 0 for all */
	u32 pos;		/* all: the last run id sent; one: its jobs sent + 1 */
};

/*
 * RESULTS_GET dump. Each worker sends: its summary, then the non-empty
 * chunks of its histograms, then its samples and logs in chunks.
 */
struct kiog_results_ctx {
	u8 refused;		/* enum kiog_dump_refusal, or 0 */
	bool live;		/* a running run: summaries and histograms only */
	bool drain;		/* log-drain: the owner takes the io log samples */
	u32 run_id;
	u32 job, worker;
	u32 part;		/* 0 summary, 1 hist, 2 samples, 3 log, 4 hist log, 5 io log */
	u32 dir, pos;		/* dir: histogram number, see kiog_worker_hist() */
	u32 io_end;		/* drain: the worker's io_head when its turn came */
};

#define kiog_dump_ctx(cb, type) ({					\
	static_assert(sizeof(type) <=					\
		      sizeof_field(struct netlink_callback, ctx));	\
	(type *)(cb)->ctx;						\
})

static bool kiog_nl_dump_unprivileged(struct netlink_callback *cb, u8 *refused)
{
	if (netlink_capable(cb->skb, CAP_SYS_ADMIN))
		return false;
	*refused = KIOG_DUMP_REFUSED;
	return true;
}

static int kiog_nl_dump_refused(struct netlink_callback *cb)
{
	NL_SET_ERR_MSG(cb->extack, "CAP_SYS_ADMIN is required");
	return -EPERM;
}

/* Header of one message of a dump, in answer to @cb's request. */
static void *kiog_nl_dump_put(struct sk_buff *skb, struct netlink_callback *cb,
			      u8 cmd)
{
	return genlmsg_put(skb, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			   &kiog_family, NLM_F_MULTI, cmd);
}

/*
 * RUN_GET dump. Without an id: the status of every run of the requester's
 * namespace, one message each. With KIOGEN_A_ID: that run's status, then
 * one message per job with its configuration.
 */
int kiogen_nl_run_get_start(struct netlink_callback *cb)
{
	struct kiog_list_ctx *ctx = kiog_dump_ctx(cb, struct kiog_list_ctx);
	struct nlattr **attrs = kiog_dump_attrs(cb);

	if (kiog_nl_dump_unprivileged(cb, &ctx->refused))
		return 0;
	ctx->id = attrs[KIOGEN_A_ID] ? nla_get_u32(attrs[KIOGEN_A_ID]) : 0;
	/* a job's message, with a filename of KIOGEN_PATH_LEN, must fit */
	cb->min_dump_alloc = NLMSG_GOODSIZE + KIOGEN_PATH_LEN;
	return 0;
}

static int kiog_nl_run_get_dump_one(struct sk_buff *skb,
				    struct netlink_callback *cb,
				    struct kiog_list_ctx *ctx)
{
	struct kiog_run *run;
	int err = 0;
	void *hdr;

	run = kiog_run_get(sock_net(cb->skb->sk), ctx->id);
	if (!run) {
		NL_SET_ERR_MSG(cb->extack, "run id: no such run");
		return -ENOENT;
	}
	while (ctx->pos <= run->nr_jobs) {
		hdr = kiog_nl_dump_put(skb, cb, KIOGEN_CMD_RUN_GET);
		if (!hdr) {
			err = -EMSGSIZE;
			break;
		}
		err = ctx->pos ? kiog_nl_put_job(skb, &run->jobs[ctx->pos - 1]) :
				 kiog_nl_put_run(skb, run, false);
		if (err) {
			genlmsg_cancel(skb, hdr);
			break;
		}
		genlmsg_end(skb, hdr);
		ctx->pos++;
	}
	kiog_run_put(run);
	if (err == -EMSGSIZE && skb->len)
		return skb->len;
	return err ?: skb->len;
}

int kiogen_nl_run_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct kiog_list_ctx *ctx = kiog_dump_ctx(cb, struct kiog_list_ctx);
	struct net *net = sock_net(cb->skb->sk);
	struct kiog_run *run;
	int err = 0;

	if (ctx->refused)
		return kiog_nl_dump_refused(cb);
	if (ctx->id)
		return kiog_nl_run_get_dump_one(skb, cb, ctx);
	mutex_lock(&kiog_lock);
	list_for_each_entry(run, &kiog_runs, node) {
		void *hdr;

		if (run->id <= ctx->pos || !run->net || !net_eq(run->net, net))
			continue;
		hdr = kiog_nl_dump_put(skb, cb, KIOGEN_CMD_RUN_GET);
		if (!hdr) {
			err = -EMSGSIZE;
			break;
		}
		if (kiog_nl_put_run(skb, run, false)) {
			genlmsg_cancel(skb, hdr);
			err = -EMSGSIZE;
			break;
		}
		genlmsg_end(skb, hdr);
		ctx->pos = run->id;
	}
	mutex_unlock(&kiog_lock);
	/* a full skb ends this round; the next call continues after ctx->pos */
	if (err == -EMSGSIZE && skb->len)
		return skb->len;
	return err ?: skb->len;
}

/* ---- results dump ---- */

#define KIOG_HIST_CHUNK		128	/* buckets per message */
#define KIOG_SAMPLES_CHUNK	64	/* samples per message */
#define KIOG_LOG_WIN_CHUNK	16	/* log windows per message */
#define KIOG_LOG_HIST_CHUNK	512	/* u32s of histogram log per message */
#define KIOG_LOG_IO_CHUNK	64	/* per-I/O log samples per message: 2.5 KiB */
/*
 * A dump's skb is NLMSG_GOODSIZE when the larger one it tries first cannot
 * be had (a small recv() buffer, or no order-3 page): a chunk must fit in it,
 * or the dump fails with EMSGSIZE.
 */
static_assert(KIOG_LOG_IO_CHUNK * sizeof(struct kiogen_log_io) + 256 <=
	      NLMSG_GOODSIZE);
static_assert(KIOG_SAMPLES_CHUNK * sizeof(struct kiogen_sample) + 256 <=
	      NLMSG_GOODSIZE);
static_assert(KIOG_LOG_WIN_CHUNK * sizeof(struct kiogen_log_window) + 256 <=
	      NLMSG_GOODSIZE);
static_assert(KIOG_LOG_HIST_CHUNK * sizeof(u32) + 256 <= NLMSG_GOODSIZE);
static_assert(KIOG_HIST_CHUNK * sizeof(u64) + 256 <= NLMSG_GOODSIZE);

static int kiog_nl_put_lat(struct sk_buff *skb, u32 first_attr,
			   const struct kiog_lat_stats *l)
{
	/* MIN, MAX, SUM, SQSUM_HI, SQSUM_LO in this order for each latency */
	return nla_put_u64_64bit(skb, first_attr, l->min, KIOGEN_A_DIR_PAD) ||
	       nla_put_u64_64bit(skb, first_attr + 1, l->max, KIOGEN_A_DIR_PAD) ||
	       nla_put_u64_64bit(skb, first_attr + 2, l->sum, KIOGEN_A_DIR_PAD) ||
	       nla_put_u64_64bit(skb, first_attr + 3, l->sq_hi, KIOGEN_A_DIR_PAD) ||
	       nla_put_u64_64bit(skb, first_attr + 4, l->sq_lo, KIOGEN_A_DIR_PAD);
}

static int kiog_nl_put_dir(struct sk_buff *skb, const struct kiog_worker *w,
			   u32 dir)
{
	const struct kiog_dir_stats *d = &w->core.stats[dir];
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_WORKER_DIR);
	/* sync engines issue as they build: fio reports no slat for them */
	bool slat = w->job->cfg.mode == KIOGEN_MODE_ASYNC && dir != KIOGEN_DIR_SYNC;

	if (!nest ||
	    nla_put_u32(skb, KIOGEN_A_DIR_DIR, dir) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_DIR_IOS, d->ios, KIOGEN_A_DIR_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_DIR_BYTES, d->bytes, KIOGEN_A_DIR_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_DIR_ERRORS, d->errors, KIOGEN_A_DIR_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_DIR_SHORT, d->short_ios, KIOGEN_A_DIR_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_DIR_INLINE_IOS, d->inline_ios,
			      KIOGEN_A_DIR_PAD) ||
	    kiog_nl_put_lat(skb, KIOGEN_A_DIR_LAT_MIN, &d->lat) ||
	    kiog_nl_put_lat(skb, KIOGEN_A_DIR_CLAT_MIN, &d->clat) ||
	    (slat && kiog_nl_put_lat(skb, KIOGEN_A_DIR_SLAT_MIN, &d->slat)))
		return -EMSGSIZE;
	/* kiogen's sched lat, of the directions a rate limits */
	if (dir < KIOG_RATE_DIRS && w->rate.sched_ios[dir] &&
	    (nla_put_u64_64bit(skb, KIOGEN_A_DIR_SCHED_IOS, w->rate.sched_ios[dir],
			       KIOGEN_A_DIR_PAD) ||
	     kiog_nl_put_lat(skb, KIOGEN_A_DIR_SCHED_MIN, &w->rate.sched[dir])))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

static int kiog_nl_put_split(struct sk_buff *skb, const struct kiog_split *sp)
{
	return nla_put_u64_64bit(skb, KIOGEN_A_WORKER_SPLIT_IOS, sp->ios,
				 KIOGEN_A_WORKER_PAD) ||
	       nla_put(skb, KIOGEN_A_WORKER_SPLIT_SUM, sizeof(sp->sum), sp->sum);
}

/*
 * A worker still running has no final times yet: they are read as they
 * stand, like /proc reads a task's. Its counters and histograms are read
 * while it writes them; a live report is a close look, not an exact one.
 */
static void kiog_worker_times(const struct kiog_worker *w, u64 t[5])
{
	struct task_struct *task;

	/* the reaper drops the task after kthread_stop() and synchronize_rcu() */
	rcu_read_lock();
	/* acquire: pairs with kiog_worker_fn()'s release of the final times */
	if (!smp_load_acquire(&w->finished)) {
		task = READ_ONCE(w->task);
		/* none before its clock starts (startdelay, not yet woken) */
		t[0] = READ_ONCE(w->core.ramp_end) ?
		       kiog_core_elapsed(&w->core, kiog_now(w)) : 0;
		task_cputime_adjusted(task, &t[1], &t[2]);
		t[3] = READ_ONCE(task->nvcsw);
		t[4] = READ_ONCE(task->nivcsw);
		rcu_read_unlock();
		return;
	}
	rcu_read_unlock();
	t[0] = w->elapsed_ns;
	t[1] = w->cpu_usr_ns;
	t[2] = w->cpu_sys_ns;
	t[3] = w->ctx_vol;
	t[4] = w->ctx_invol;
}

static int kiog_nl_put_blk(struct sk_buff *skb, const struct kiog_worker *w)
{
	const struct kiog_blk_split *bs = w->blk_split;

	return nla_put_u64_64bit(skb, KIOGEN_A_WORKER_BLK_IOS, bs->ios,
				 KIOGEN_A_WORKER_PAD) ||
	       nla_put(skb, KIOGEN_A_WORKER_BLK_SUM, sizeof(bs->sum), bs->sum) ||
	       nla_put_u64_64bit(skb, KIOGEN_A_WORKER_BLK_UNQUEUED, bs->unqueued,
				 KIOGEN_A_WORKER_PAD) ||
	       nla_put_u64_64bit(skb, KIOGEN_A_WORKER_BLK_NORQ, bs->norq,
				 KIOGEN_A_WORKER_PAD) ||
	       nla_put_u64_64bit(skb, KIOGEN_A_WORKER_BLK_INSERTED, bs->inserted,
				 KIOGEN_A_WORKER_PAD) ||
	       nla_put_u32(skb, KIOGEN_A_WORKER_BLK_TRACEPOINTS,
			   w->blk_tracepoints) ||
	       (w->blk_file && nla_put_flag(skb, KIOGEN_A_WORKER_BLK_FILE));
}

static int kiog_nl_put_worker(struct sk_buff *skb, const struct kiog_worker *w)
{
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_WORKER);
	u64 t[5];
	u32 dir;

	kiog_worker_times(w, t);
	if (!nest ||
	    nla_put_u32(skb, KIOGEN_A_WORKER_JOB, w->job->index) ||
	    nla_put_u32(skb, KIOGEN_A_WORKER_INDEX, w->index) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_ELAPSED_NS, t[0],
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_CPU_USR_NS, t[1],
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_CPU_SYS_NS, t[2],
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_CTX_VOL, t[3],
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_CTX_INVOL, t[4],
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_MEM, w->mem,
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put(skb, KIOGEN_A_WORKER_DEPTHS, sizeof(w->core.depths), w->core.depths) ||
	    nla_put(skb, KIOGEN_A_WORKER_SUBMIT, sizeof(w->core.submit), w->core.submit) ||
	    nla_put(skb, KIOGEN_A_WORKER_COMPLETE, sizeof(w->core.complete), w->core.complete) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_DIGEST, w->wl.digest,
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_ISSUED, w->wl.issued,
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_STAMPS_BEHIND, w->core.stamps_behind,
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_s32(skb, KIOGEN_A_WORKER_ERROR, w->core.error) ||
	    (w->core.split && kiog_nl_put_split(skb, w->core.split)) ||
	    (w->blk_split && kiog_nl_put_blk(skb, w)) ||
	    (w->job->cfg.verify &&
	     nla_put(skb, KIOGEN_A_WORKER_VERIFY, sizeof(w->vfy.res), &w->vfy.res)))
		return -EMSGSIZE;
	for (dir = 0; dir < ARRAY_SIZE(w->core.stats); dir++)
		if (kiog_nl_put_dir(skb, w, dir))
			return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/*
 * The histograms a worker sends, numbered 2 * dir + kind: lat and clat of
 * reads, writes and trims, lat of syncs (their clat is the same); then the
 * sched lat of reads, writes and trims (rate limits; empty, so not sent,
 * without); then the phases of the latency split, if the worker has one;
 * then its block phases, if it has them. Empty histograms are not sent.
 */
#define KIOG_NR_CORE_HISTS	(2 * KIOGEN_DIR_SYNC + 1)
#define KIOG_NR_DIR_HISTS	(KIOG_NR_CORE_HISTS + KIOG_RATE_DIRS)
#define KIOG_NR_SPLIT_HISTS	(KIOG_NR_DIR_HISTS + KIOG_SPLIT_NR)
#define KIOG_NR_HISTS		(KIOG_NR_SPLIT_HISTS + KIOG_BLK_NR)

static u32 kiog_hist_dir(u32 hn)
{
	if (hn < KIOG_NR_CORE_HISTS)
		return hn / 2;
	return hn < KIOG_NR_DIR_HISTS ? hn - KIOG_NR_CORE_HISTS : KIOGEN_DIR_READ;
}

/* NULL: a split phase of a worker without a split */
static const u64 *kiog_worker_hist(const struct kiog_worker *w, u32 hn)
{
	const struct kiog_dir_stats *d;

	if (hn >= KIOG_NR_SPLIT_HISTS)
		return w->blk_split ? w->blk_split->hist[hn - KIOG_NR_SPLIT_HISTS] :
				      NULL;
	if (hn >= KIOG_NR_DIR_HISTS)
		return w->core.split ? w->core.split->hist[hn - KIOG_NR_DIR_HISTS] :
				       NULL;
	if (hn >= KIOG_NR_CORE_HISTS)
		return w->rate.sched_hist[hn - KIOG_NR_CORE_HISTS];
	d = &w->core.stats[hn / 2];
	return hn % 2 == KIOGEN_LAT_CLAT ? d->clat_hist : d->hist;
}

static u32 kiog_worker_hist_kind(u32 hn)
{
	if (hn >= KIOG_NR_SPLIT_HISTS)
		return kiog_blk_kind(hn - KIOG_NR_SPLIT_HISTS);
	if (hn >= KIOG_NR_DIR_HISTS)
		return kiog_split_kind(hn - KIOG_NR_DIR_HISTS);
	return hn < KIOG_NR_CORE_HISTS ? hn % 2 : KIOGEN_LAT_SCHED;
}

static bool kiog_hist_chunk_empty(const u64 *hist, u32 first, u32 n)
{
	u32 i;

	if (!hist)
		return true;

	for (i = 0; i < n; i++)
		if (hist[first + i])
			return false;
	return true;
}

static int kiog_nl_put_hist(struct sk_buff *skb, const struct kiog_worker *w,
			    u32 hn, u32 first, u32 n)
{
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_HIST);

	if (!nest ||
	    nla_put_u32(skb, KIOGEN_A_HIST_JOB, w->job->index) ||
	    nla_put_u32(skb, KIOGEN_A_HIST_WORKER, w->index) ||
	    nla_put_u32(skb, KIOGEN_A_HIST_DIR, kiog_hist_dir(hn)) ||
	    nla_put_u32(skb, KIOGEN_A_HIST_KIND, kiog_worker_hist_kind(hn)) ||
	    nla_put_u32(skb, KIOGEN_A_HIST_BITS, KIOG_HIST_BITS) ||
	    nla_put_u32(skb, KIOGEN_A_HIST_GROUPS, KIOG_HIST_GROUPS) ||
	    nla_put_u32(skb, KIOGEN_A_HIST_FIRST, first) ||
	    nla_put(skb, KIOGEN_A_HIST_COUNTS, n * sizeof(u64),
		    &kiog_worker_hist(w, hn)[first]))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

static int kiog_nl_put_samples(struct sk_buff *skb,
			       const struct kiog_worker *w, u32 first, u32 n)
{
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_SAMPLES);

	if (!nest ||
	    nla_put_u32(skb, KIOGEN_A_SAMPLES_JOB, w->job->index) ||
	    nla_put_u32(skb, KIOGEN_A_SAMPLES_WORKER, w->index) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_SAMPLES_INTERVAL_NS, w->core.sample_ns,
			      KIOGEN_A_SAMPLES_PAD) ||
	    nla_put_u32(skb, KIOGEN_A_SAMPLES_FIRST, first) ||
	    nla_put(skb, KIOGEN_A_SAMPLES_DATA,
		    n * sizeof(struct kiogen_sample), &w->core.samples[first]))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/*
 * Log windows: those the worker closed, then the one still open when it
 * ended (its last, partial window), so that the windows add up to the totals.
 */
static u32 kiog_log_nr_windows(const struct kiog_worker *w)
{
	return w->core.log.avg_ns ? w->core.log.nr_win + 1 : 0;
}

static int kiog_nl_put_log(struct sk_buff *skb, const struct kiog_worker *w,
			   u32 part, u32 first, u32 n)
{
	const struct kiog_log *l = &w->core.log;
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_LOG);
	struct kiogen_log_window last;
	int err;

	if (!nest ||
	    nla_put_u32(skb, KIOGEN_A_LOG_JOB, w->job->index) ||
	    nla_put_u32(skb, KIOGEN_A_LOG_WORKER, w->index) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_LOG_AVG_NS, l->avg_ns, KIOGEN_A_LOG_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_LOG_HIST_NS, l->hist_ns, KIOGEN_A_LOG_PAD) ||
	    nla_put_u32(skb, KIOGEN_A_LOG_HIST_LOST, l->hist_lost) ||
	    nla_put_u32(skb, KIOGEN_A_LOG_FIRST, first))
		return -EMSGSIZE;
	if (part == 4) {
		err = nla_put(skb, KIOGEN_A_LOG_HIST, n * sizeof(u32), &l->hist[first]);
	} else {
		struct nlattr *a;
		u32 closed = first < l->nr_win ? min(n, l->nr_win - first) : 0;

		a = nla_reserve(skb, KIOGEN_A_LOG_WINDOWS, n * sizeof(last));
		err = a ? 0 : -EMSGSIZE;
		if (a) {
			memcpy(nla_data(a), &l->win[first], closed * sizeof(last));
			if (closed < n) {
				kiog_log_window_fill(l, w->core.stats, w->elapsed_ns, &last);
				memcpy((char *)nla_data(a) + closed * sizeof(last), &last,
				       sizeof(last));
			}
		}
	}
	if (err)
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/*
 * Per-I/O log samples: a message holds those from ring position @from on,
 * up to @to, the end of the ring or KIOG_LOG_IO_CHUNK.
 */
static u32 kiog_log_io_chunk(const struct kiog_log *l, u32 from, u32 to)
{
	u32 idx = from & l->io_mask;

	return min3(to - from, l->io_mask + 1 - idx, (u32)KIOG_LOG_IO_CHUNK);
}

static int kiog_nl_put_log_io(struct sk_buff *skb, const struct kiog_worker *w,
			      u32 from, u32 n)
{
	const struct kiog_log *l = &w->core.log;
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_LOG);

	if (!nest ||
	    nla_put_u32(skb, KIOGEN_A_LOG_JOB, w->job->index) ||
	    nla_put_u32(skb, KIOGEN_A_LOG_WORKER, w->index) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_LOG_IO_LOST, READ_ONCE(l->io_lost),
			      KIOGEN_A_LOG_PAD) ||
	    nla_put(skb, KIOGEN_A_LOG_IO, n * sizeof(*l->io),
		    &l->io[from & l->io_mask]))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/*
 * log-drain: the next chunk of worker @w's per-I/O samples, taken from its
 * ring (the worker may then reuse their room). Only the samples written
 * when the worker's turn came are sent, so that a worker writing faster
 * than its reader reads does not keep the dump going. Same returns as
 * kiog_nl_results_step().
 */
static int kiog_nl_drain_step(struct sk_buff *skb, struct netlink_callback *cb,
			      struct kiog_results_ctx *ctx, struct kiog_worker *w)
{
	struct kiog_log *l = &w->core.log;
	u32 tail = l->io_tail, n;
	void *hdr;

	if (!l->io)
		return 1;
	if (ctx->part == 0) {
		/* the samples up to it are whole: pairs with kiog_log_io() */
		ctx->io_end = smp_load_acquire(&l->io_head);
		ctx->part = 5;
	}
	n = kiog_log_io_chunk(l, tail, ctx->io_end);
	if (!n)
		return 1;
	hdr = kiog_nl_dump_put(skb, cb, KIOGEN_CMD_RESULTS_GET);
	if (!hdr)
		return -EMSGSIZE;
	if (nla_put_u32(skb, KIOGEN_A_ID, ctx->run_id) ||
	    kiog_nl_put_log_io(skb, w, tail, n)) {
		genlmsg_cancel(skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);
	/* copied into the message: the room is the worker's again */
	kiog_log_io_take(l, n);
	return 0;
}

/*
 * Put the next message of worker @w at the cursor into @skb and advance the
 * cursor. Returns 1 when the worker is finished, 0 when a message went out,
 * -EMSGSIZE when @skb is full.
 */
static int kiog_nl_results_step(struct sk_buff *skb, struct netlink_callback *cb,
				struct kiog_results_ctx *ctx,
				const struct kiog_worker *w)
{
	u32 first = ctx->pos, n, io_from = 0;
	void *hdr;
	int err;

	/* skip what need not be sent before building a message */
	if (ctx->part == 1) {
		while (ctx->dir < KIOG_NR_HISTS) {
			n = min_t(u32, KIOG_HIST_CHUNK, KIOG_HIST_BUCKETS - ctx->pos);
			if (!kiog_hist_chunk_empty(kiog_worker_hist(w, ctx->dir),
						   ctx->pos, n))
				break;
			ctx->pos += n;
			if (ctx->pos >= KIOG_HIST_BUCKETS) {
				ctx->dir++;
				ctx->pos = 0;
			}
		}
		if (ctx->dir >= KIOG_NR_HISTS) {
			ctx->part = 2;
			ctx->pos = 0;
		}
		first = ctx->pos;
	}
	/* live: the samples and logs are being written; not sent */
	if (ctx->part == 2 && ctx->live)
		return 1;
	if (ctx->part == 2 && ctx->pos >= w->core.nr_samples) {
		ctx->part = 3;
		ctx->pos = 0;
	}
	if (ctx->part == 3 && ctx->pos >= kiog_log_nr_windows(w)) {
		ctx->part = 4;
		ctx->pos = 0;
	}
	if (ctx->part == 4 && ctx->pos >= w->core.log.hist_len) {
		ctx->part = 5;
		ctx->pos = 0;
	}
	/* the samples no drain took: from the ring's tail to its head */
	if (ctx->part == 5) {
		const struct kiog_log *l = &w->core.log;

		io_from = READ_ONCE(l->io_tail) + ctx->pos;
		if (!l->io || io_from == READ_ONCE(l->io_head))
			return 1;
	}
	first = ctx->pos;

	hdr = kiog_nl_dump_put(skb, cb, KIOGEN_CMD_RESULTS_GET);
	if (!hdr)
		return -EMSGSIZE;
	err = nla_put_u32(skb, KIOGEN_A_ID, ctx->run_id);
	if (!err) {
		switch (ctx->part) {
		case 0:
			err = kiog_nl_put_worker(skb, w);
			break;
		case 1:
			n = min_t(u32, KIOG_HIST_CHUNK, KIOG_HIST_BUCKETS - first);
			err = kiog_nl_put_hist(skb, w, ctx->dir, first, n);
			break;
		case 2:
			n = min_t(u32, KIOG_SAMPLES_CHUNK, w->core.nr_samples - first);
			err = kiog_nl_put_samples(skb, w, first, n);
			break;
		case 3:
			n = min_t(u32, KIOG_LOG_WIN_CHUNK, kiog_log_nr_windows(w) - first);
			err = kiog_nl_put_log(skb, w, 3, first, n);
			break;
		case 4:
			n = min_t(u32, KIOG_LOG_HIST_CHUNK, w->core.log.hist_len - first);
			err = kiog_nl_put_log(skb, w, 4, first, n);
			break;
		default:
			n = kiog_log_io_chunk(&w->core.log, io_from,
					      READ_ONCE(w->core.log.io_head));
			err = kiog_nl_put_log_io(skb, w, io_from, n);
			break;
		}
	}
	if (err) {
		genlmsg_cancel(skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);

	switch (ctx->part) {
	case 0:
		ctx->part = 1;
		ctx->dir = 0;
		ctx->pos = 0;
		break;
	case 1:
		ctx->pos += n;
		if (ctx->pos >= KIOG_HIST_BUCKETS) {
			ctx->dir++;
			ctx->pos = 0;
		}
		break;
	default:
		ctx->pos += n;
		break;
	}
	return 0;
}

/*
 * log-drain takes samples away: only the socket that started the run (the
 * CLI writing its log files) may. Returns 1 when there is nothing to take
 * yet (workers not all built) or any more (the run ended: results-get has
 * the rest), 0 to take, or -EPERM for another socket.
 */
static int kiog_nl_drain_check(struct netlink_callback *cb, struct kiog_run *run)
{
	bool live, owner;

	/*
	 * The reaper ends the run and lets its owner go under the lock: read
	 * both at once, or the owner draining as its run ends is refused.
	 */
	mutex_lock(&kiog_lock);
	live = run->state == KIOGEN_STATE_RUNNING;
	owner = run->owner && run->owner == NETLINK_CB(cb->skb).sk;
	mutex_unlock(&kiog_lock);
	if (!live)
		return 1;
	if (!owner)
		return -EPERM;
	/* pairs with kiog_run_start(): workers built */
	return smp_load_acquire(&run->started) ? 0 : 1;
}

int kiogen_nl_results_start(struct netlink_callback *cb)
{
	struct nlattr **attrs = kiog_dump_attrs(cb);
	struct kiog_results_ctx *ctx = kiog_dump_ctx(cb, struct kiog_results_ctx);
	bool drain, empty = false, live;
	struct kiog_run *run;
	int err = 0;

	if (kiog_nl_dump_unprivileged(cb, &ctx->refused))
		return 0;
	if (KIOG_REQUIRE(cb->extack, NULL, attrs, KIOGEN_A_ID,
			 "missing attribute: run id"))
		return -EINVAL;
	drain = attrs[KIOGEN_A_LOG_DRAIN];
	run = kiog_run_get(sock_net(cb->skb->sk), nla_get_u32(attrs[KIOGEN_A_ID]));
	if (!run) {
		NL_SET_ERR_MSG_ATTR(cb->extack, attrs[KIOGEN_A_ID],
				    "run id: no such run");
		return -ENOENT;
	}
	live = READ_ONCE(run->state) == KIOGEN_STATE_RUNNING;
	if (drain) {
		err = kiog_nl_drain_check(cb, run);
		/* refused from the first dumpit, as kiog_nl_dump_unprivileged() */
		if (err == -EPERM)
			ctx->refused = KIOG_DUMP_NOT_OWNER;
		/* 1: nothing to take, an empty dump */
		empty = err == 1;
		err = 0;
	} else if (live && !attrs[KIOGEN_A_LIVE]) {
		NL_SET_ERR_MSG_ATTR(cb->extack, attrs[KIOGEN_A_ID],
				    "run id: run is still running (live gives its results so far)");
		err = -EBUSY;
	} else if (live && /* pairs with kiog_run_start(): workers built */
		   !smp_load_acquire(&run->started)) {
		NL_SET_ERR_MSG_ATTR(cb->extack, attrs[KIOGEN_A_ID],
				    "run id: run is starting its workers");
		err = -EAGAIN;
	}
	kiog_run_put(run);
	if (err)
		return err;

	ctx->run_id = nla_get_u32(attrs[KIOGEN_A_ID]);
	ctx->live = live;
	ctx->drain = drain;
	if (empty)
		ctx->job = U32_MAX;
	return 0;
}

int kiogen_nl_results_get_dumpit(struct sk_buff *skb,
				 struct netlink_callback *cb)
{
	struct kiog_results_ctx *ctx = kiog_dump_ctx(cb, struct kiog_results_ctx);
	struct kiog_run *run;
	int err = 0;

	if (ctx->refused == KIOG_DUMP_REFUSED)
		return kiog_nl_dump_refused(cb);
	if (ctx->refused == KIOG_DUMP_NOT_OWNER) {
		NL_SET_ERR_MSG_ATTR(cb->extack, kiog_dump_attrs(cb)[KIOGEN_A_LOG_DRAIN],
				    "log-drain: only the socket that started the run takes its per-I/O log");
		return -EPERM;
	}
	run = kiog_run_get(sock_net(cb->skb->sk), ctx->run_id);
	if (!run)
		return -ENOENT;	/* deleted under our feet */
	while (ctx->job < run->nr_jobs) {
		struct kiog_job *job = &run->jobs[ctx->job];

		if (ctx->worker >= job->cfg.numjobs) {
			ctx->job++;
			ctx->worker = 0;
			continue;
		}
		if (ctx->drain)
			err = kiog_nl_drain_step(skb, cb, ctx,
						 job->workers[ctx->worker]);
		else
			err = kiog_nl_results_step(skb, cb, ctx,
						   job->workers[ctx->worker]);
		if (err < 0)
			break;
		if (err == 1) {
			ctx->worker++;
			ctx->part = 0;
			ctx->pos = 0;
		}
		err = 0;
	}
	kiog_run_put(run);
	if (err == -EMSGSIZE && skb->len)
		return skb->len;
	return err ?: skb->len;
}

/*
 * The cursor is in cb->ctx: nothing to free. The spec still names a done
 * for RESULTS_GET's dump, so the generated ops call this.
 */
int kiogen_nl_results_done(struct netlink_callback *cb)
{
	return 0;
}
