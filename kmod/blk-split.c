// SPDX-License-Identifier: GPL-2.0
/*
 * The block phases of the latency split (include/kiogen/split.h): while a
 * run with latency_split has jobs on the bio or kiocb engine, probes on the
 * block tracepoints stamp the first bio of each of its I/Os as it is queued
 * (Q), gets a request (G), is inserted (I), issued to the driver (D) and
 * completed (C), in btt's names.
 *
 * Matching: a worker marks the slot whose engine call it is inside; a bio
 * queued by that task then is the slot's (the bio engine's own, or the
 * first one the file system or the block device's file made). The slot
 * goes into a small table keyed by the bio's address, where the request
 * events find it through rq->bio and the bios merged behind it, and leaves
 * it when its I/O completes (kiog_blk_forget()): a bio freed and reused by
 * someone else's I/O after that stamps nothing. A bio can also be freed
 * before its I/O completes; when one of the run's I/Os queues it again,
 * the slot it has now takes it from the one that lost it. The slots outlive the
 * probes (they are unregistered, and a grace period waited for, before the
 * workers' slots are freed).
 *
 * The probes see every bio and request of the machine: each one first
 * asks the cheapest question that rules the event out (is the task one of
 * this run's workers; is the request queue one the run's bios went to)
 * before it hashes. They run with preemption off and take no lock and
 * allocate nothing: a slot whose bio finds no free bucket is not timed
 * below Q. The table is bounded (KIOG_BLK_MAX_BITS), charged to the
 * requester's memory cgroup and counted in the run's max_mem_mb reservation.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/blk-mq.h>
#include <linux/hash.h>
#include <linux/kthread.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <trace/events/block.h>

#include "compat.h"
#include "kiogen.h"

/* buckets a bio's slot may sit in, from its hash on */
#define KIOG_BLK_PROBES	4
/* at most 64 Ki buckets (512 KiB) a run: a quarter full at 16 Ki I/Os in flight */
#define KIOG_BLK_MAX_BITS	16
/* request queues the run's bios go to that the request probes tell apart */
#define KIOG_BLK_QUEUES	4

/**
 * struct kiog_blk - a run's block probes
 * @run: the run
 * @tracepoints: KIOGEN_BLK_TP_* probed
 * @tp: the tracepoints, where found
 * @queues: the request queues the run's first bios were queued to
 * @any_queue: more of them than @queues holds: every queue may be the run's
 * @bits: log2 of the buckets in @table
 * @table: slots by their first bio's address
 */
struct kiog_blk {
	const struct kiog_run *run;
	u32 tracepoints;
	struct tracepoint *tp[5];
	struct request_queue *queues[KIOG_BLK_QUEUES];
	bool any_queue;
	unsigned int bits;
	struct kiog_slot **table;
};

/* Slots of a run that may have a bio in the table at once. */
static u64 kiog_blk_slots(const struct kiog_run *run)
{
	u64 slots = 0;
	u32 i;

	for (i = 0; i < run->nr_jobs; i++)
		if (kiog_blk_wanted(&run->jobs[i]))
			slots += (u64)run->jobs[i].cfg.numjobs * run->jobs[i].cfg.iodepth;
	return slots;
}

/* log2 of a table's buckets: a quarter full at most, within the bound */
static unsigned int kiog_blk_bits(u64 slots)
{
	return clamp_t(unsigned int, ilog2(roundup_pow_of_two(slots)) + 2, 6,
		       KIOG_BLK_MAX_BITS);
}

/**
 * kiog_blk_mem() - the memory a run's block probes take
 * @run: the run, jobs parsed
 *
 * Return: bytes, 0 for a run that probes nothing.
 */
u64 kiog_blk_mem(const struct kiog_run *run)
{
	u64 slots = kiog_blk_slots(run);

	if (!slots)
		return 0;
	return sizeof(struct kiog_blk) +
	       (sizeof(struct kiog_slot *) << kiog_blk_bits(slots));
}

/* Could @q hold a request of the run's? The request probes' first test. */
static bool kiog_blk_queue_ours(const struct kiog_blk *b,
				const struct request_queue *q)
{
	unsigned int i;

	for (i = 0; i < KIOG_BLK_QUEUES; i++) {
		const struct request_queue *o = READ_ONCE(b->queues[i]);

		if (o == q)
			return true;
		if (!o)
			break;
	}
	return READ_ONCE(b->any_queue);
}

/* The queue probe saw a bio of the run go to @q. */
static void kiog_blk_queue_add(struct kiog_blk *b, struct request_queue *q)
{
	unsigned int i;

	for (i = 0; i < KIOG_BLK_QUEUES; i++) {
		struct request_queue *o = cmpxchg(&b->queues[i], NULL, q);

		if (!o || o == q)
			return;
	}
	WRITE_ONCE(b->any_queue, true);
}

static struct kiog_slot *kiog_blk_lookup(struct kiog_blk *b,
					 const struct bio *bio)
{
	unsigned long mask = (1UL << b->bits) - 1, h = hash_ptr(bio, b->bits);
	unsigned int k;

	for (k = 0; k < KIOG_BLK_PROBES; k++) {
		struct kiog_slot *s = READ_ONCE(b->table[(h + k) & mask]);

		if (s && READ_ONCE(s->blk_bio) == bio)
			return s;
	}
	return NULL;
}

static void kiog_blk_insert(struct kiog_blk *b, struct kiog_slot *s)
{
	struct bio *bio = s->blk_bio;
	unsigned long mask = (1UL << b->bits) - 1;
	unsigned long h = hash_ptr(bio, b->bits);
	unsigned int k;

	/*
	 * Another slot with this bio lost it: the bio was freed before that
	 * slot's I/O completed (iomap puts a bio before the deferred
	 * completion of its dio runs; a multi-bio dio puts its first bio
	 * before the last) and is now this slot's. Found first, that slot
	 * would take this I/O's stamps, or refuse them once completed; it
	 * stops matching, and its bucket is freed, unless its own
	 * kiog_blk_forget() got there first.
	 */
	for (k = 0; k < KIOG_BLK_PROBES; k++) {
		struct kiog_slot *old = READ_ONCE(b->table[(h + k) & mask]);

		if (old && old != s && cmpxchg(&old->blk_bio, bio, NULL) == bio)
			cmpxchg(&b->table[(h + k) & mask], old, NULL);
	}
	for (k = 0; k < KIOG_BLK_PROBES; k++) {
		struct kiog_slot *old = cmpxchg(&b->table[(h + k) & mask], NULL, s);

		if (!old || old == s)
			return;
	}
}

/**
 * kiog_blk_forget() - take a slot whose I/O completed out of its run's table
 * @run: the run
 * @s: the slot
 *
 * From kiog_slot_complete(), in any context: from here on its bio may be
 * freed and reused by anyone, and must find the slot no more.
 */
void kiog_blk_forget(struct kiog_run *run, struct kiog_slot *s)
{
	struct bio *bio = READ_ONCE(s->blk_bio);
	struct kiog_blk *b = run->blk;
	unsigned long mask, h;
	unsigned int k;

	if (!b || !bio)
		return;
	/* a probe that found the slot already compares the bio to this */
	WRITE_ONCE(s->blk_bio, NULL);
	mask = (1UL << b->bits) - 1;
	h = hash_ptr(bio, b->bits);
	for (k = 0; k < KIOG_BLK_PROBES; k++)
		cmpxchg(&b->table[(h + k) & mask], s, NULL);
}

/* Stamps @t with the slot's worker's clock unless the slot has completed. */
static void kiog_blk_stamp(struct kiog_slot *s, u64 *t, bool first)
{
	if (READ_ONCE(s->blk.c) || (first && READ_ONCE(*t)))
		return;
	WRITE_ONCE(*t, kiog_now(s->w));
}

/* Q: a bio queued by a worker of the run inside its engine call is its slot's */
static void kiog_blk_queue(void *data, struct bio *bio)
{
	struct kiog_blk *b = data;
	struct kiog_worker *w;
	struct kiog_slot *s;

	/* an interrupt taken inside the engine call is not the call */
	if (!in_task() || kthread_func(current) != (void *)kiog_worker_fn)
		return;
	w = kthread_data(current);
	if (w->job->run != b->run)
		return;
	s = READ_ONCE(w->blk_cur);
	/* only the first bio: later ones (and a stacked device's clones) are not */
	if (!s || s->blk.q)
		return;
	s->blk.q = kiog_now(s->w);
	kiog_blk_queue_add(b, bdev_get_queue(bio->bi_bdev));
	WRITE_ONCE(s->blk_bio, bio);
	kiog_blk_insert(b, s);
}

/* G: the bio got a request */
static void kiog_blk_getrq(void *data, struct bio *bio)
{
	struct kiog_slot *s;

	if (!kiog_blk_queue_ours(data, bdev_get_queue(bio->bi_bdev)))
		return;
	s = kiog_blk_lookup(data, bio);
	if (s)
		kiog_blk_stamp(s, &s->blk.g, true);
}

/* I: a request was inserted; its first bio is the one that got it */
static void kiog_blk_insert_rq(void *data, struct request *rq)
{
	struct kiog_slot *s;

	if (!rq->bio || !kiog_blk_queue_ours(data, rq->q))
		return;
	s = kiog_blk_lookup(data, rq->bio);
	if (s)
		kiog_blk_stamp(s, &s->blk.i, true);
}

/* D: issued, for every bio of the request (merged ones too); a requeued one is issued again */
static void kiog_blk_issue(void *data, struct request *rq)
{
	struct bio *bio;

	if (!kiog_blk_queue_ours(data, rq->q))
		return;
	for (bio = rq->bio; bio; bio = bio->bi_next) {
		struct kiog_slot *s = kiog_blk_lookup(data, bio);

		if (s)
			kiog_blk_stamp(s, &s->blk.d, false);
	}
}

/* C: the first completion of the request's bios (a partial one counts) */
static void kiog_blk_complete(void *data, struct request *rq,
			      blk_status_t error, unsigned int nr_bytes)
{
	struct bio *bio;

	if (!kiog_blk_queue_ours(data, rq->q))
		return;
	for (bio = rq->bio; bio; bio = bio->bi_next) {
		struct kiog_slot *s = kiog_blk_lookup(data, bio);

		if (s)
			kiog_blk_stamp(s, &s->blk.c, true);
	}
}

static const struct {
	const char *name;
	void *probe;
	u32 flag;
} kiog_blk_tps[] = {
	{ "block_bio_queue", kiog_tp_probe(KIOG_TP_BLOCK_BIO, kiog_blk_queue),
	  KIOGEN_BLK_TP_BIO_QUEUE },
	{ "block_getrq", kiog_tp_probe(KIOG_TP_BLOCK_BIO, kiog_blk_getrq),
	  KIOGEN_BLK_TP_GETRQ },
	{ "block_rq_insert", kiog_tp_probe(KIOG_TP_BLOCK_RQ, kiog_blk_insert_rq),
	  KIOGEN_BLK_TP_RQ_INSERT },
	{ "block_rq_issue", kiog_tp_probe(KIOG_TP_BLOCK_RQ, kiog_blk_issue),
	  KIOGEN_BLK_TP_RQ_ISSUE },
	{ "block_rq_complete",
	  kiog_tp_probe(KIOG_TP_BLOCK_RQ_COMPLETE, kiog_blk_complete),
	  KIOGEN_BLK_TP_RQ_COMPLETE },
};

/* for_each_kernel_tracepoint(): most block tracepoints are not exported */
static void kiog_blk_find(struct tracepoint *tp, void *priv)
{
	struct tracepoint **found = priv;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kiog_blk_tps); i++)
		if (!strcmp(tp->name, kiog_blk_tps[i].name))
			found[i] = tp;
}

/**
 * kiog_blk_wanted() - does a job time the block phases?
 * @job: the job
 *
 * Those that time their I/O on an engine that makes bios.
 */
bool kiog_blk_wanted(const struct kiog_job *job)
{
	const struct kiog_engine_ops *e = job->cfg.engine;

	return job->cfg.latency_split &&
	       (e == &kiog_engine_bio || e == &kiog_engine_kiocb);
}

/**
 * kiog_blk_start() - probe the block tracepoints for a run's workers
 * @run: the run, its workers made and not yet woken
 *
 * A run without jobs that want block phases probes nothing. A tracepoint
 * this kernel lacks, or has in another shape, is left out: the workers'
 * results say which were probed.
 *
 * Return: 0, or -ENOMEM.
 */
int kiog_blk_start(struct kiog_run *run)
{
	u64 slots = kiog_blk_slots(run);
	struct kiog_blk *b;
	u32 i, j;

	BUILD_BUG_ON(ARRAY_SIZE(b->tp) != ARRAY_SIZE(kiog_blk_tps));

	if (!slots)
		return 0;
	/* reserved in kiog_run_start() (kiog_blk_mem()); the requester's memcg */
	b = kzalloc(sizeof(*b), GFP_KERNEL_ACCOUNT);
	if (!b)
		return -ENOMEM;
	b->run = run;
	b->bits = kiog_blk_bits(slots);
	b->table = kvcalloc(1UL << b->bits, sizeof(*b->table), GFP_KERNEL_ACCOUNT);
	if (!b->table) {
		kfree(b);
		return -ENOMEM;
	}

	for_each_kernel_tracepoint(kiog_blk_find, b->tp);
	for (i = 0; i < ARRAY_SIZE(kiog_blk_tps); i++) {
		if (!b->tp[i] || !kiog_blk_tps[i].probe)
			continue;
		if (tracepoint_probe_register(b->tp[i], kiog_blk_tps[i].probe, b))
			pr_warn("cannot probe tracepoint %s\n", kiog_blk_tps[i].name);
		else
			b->tracepoints |= kiog_blk_tps[i].flag;
	}
	for (i = 0; i < run->nr_jobs; i++) {
		if (!kiog_blk_wanted(&run->jobs[i]))
			continue;
		for (j = 0; j < run->jobs[i].cfg.numjobs; j++)
			run->jobs[i].workers[j]->blk_tracepoints = b->tracepoints;
	}
	/* the probes find the slots through the table, the forget through this */
	WRITE_ONCE(run->blk, b);
	return 0;
}

/**
 * kiog_blk_stop() - remove a run's block probes
 * @run: the run, its workers stopped (no I/O of theirs in flight) or
 *	never woken
 *
 * Waits until no probe runs, so that the slots can go.
 */
void kiog_blk_stop(struct kiog_run *run)
{
	struct kiog_blk *b = run->blk;
	unsigned int i;

	if (!b)
		return;
	for (i = 0; i < ARRAY_SIZE(kiog_blk_tps); i++)
		if (b->tracepoints & kiog_blk_tps[i].flag)
			tracepoint_probe_unregister(b->tp[i], kiog_blk_tps[i].probe, b);
	/* no probe still runs on another CPU, reading the table or a slot */
	if (b->tracepoints)
		tracepoint_synchronize_unregister();
	run->blk = NULL;
	kvfree(b->table);
	kfree(b);
}
