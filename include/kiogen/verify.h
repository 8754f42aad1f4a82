/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Data verification shared by the kernel's workers and the syscall path,
 * with fio's meaning of verify, do_verify, verify_only, verify_backlog,
 * verify_fatal and verify_pattern. A writing job stamps each block with a
 * struct kiogen_verify_header (offset, run, job, worker, sequence, length
 * and a checksum of the header and the data after it), or fills it with the
 * pattern alone (verify=pattern). After the writes (or after every
 * verify_backlog of them) the worker reads back what it wrote, in the order
 * it wrote it: a second generator, a copy of the worker's own taken before
 * the first I/O, replays the stream and turns each write into a read of
 * that block, expecting its header. verify_only replays without writing.
 * A job that only reads checks each block it reads against its own header.
 *
 * The loops call kiog_vfy_may_issue() and kiog_vfy_pick() where they would
 * call the core's (kiog_vfy_pick() asks the rate limits, include/kiogen/
 * rate.h, for the stream's next I/O, and gives a read back itself: reading
 * back is not paced, as fio's verify phase is not), and kiog_vfy_turn()
 * when nothing is in flight: the phases switch there. Sizes may differ
 * between the directions (bs=READ,WRITE), and the writes' own may be mixed
 * (bsrange, bssplit, a finer blockalign): such blocks overlap in part, and
 * a worker reading back keeps a record of the newest write of each unit
 * (kiog_vfy_unit()) so that a block written over by a later write is
 * counted, not read back, rather than taken for a corrupted one.
 * Summing is each side's (the kernel's crypto API, include/kiogen/crc32c.h
 * here); what is summed, and the checks of a block read back, are here.
 * Freestanding, like core.h.
 */
#ifndef _KIOGEN_VERIFY_H
#define _KIOGEN_VERIFY_H

#include <linux/types.h>
#include <linux/kiogen.h>
#ifndef __KERNEL__
#include <stddef.h>	/* NULL; the kernel's comes with <linux/types.h> */
#endif

#include "core.h"
#include "job.h"
#include "rate.h"
#include "workload.h"

/* the verify header; the checksum covers its first KIOG_VFY_SUMMED bytes */
#define KIOG_VFY_HDR_LEN	((__u32)sizeof(struct kiogen_verify_header))
#define KIOG_VFY_SUMMED		((__u32)__builtin_offsetof(struct kiogen_verify_header, sum))
#define KIOG_VFY_DIGEST		0x766572696679ULL	/* "verify" */

/* Bytes of a kind's checksum in the header: 0 for none. */
static inline __u32 kiog_vfy_sum_len(__u32 type)
{
	return type == KIOGEN_VERIFY_MD5 ? 16 : type == KIOGEN_VERIFY_CRC32C ? 4 : 0;
}

/* A job's verification settings, from KIOG_JOB_VERIFY_FIELDS. */
struct kiog_vfy_cfg {
	KIOG_JOB_VERIFY_FIELDS(KIOG_JOB_MEMBER)
};

enum kiog_vfy_phase {
	KIOG_VFY_WRITE,		/* the job's own stream */
	KIOG_VFY_READ,		/* reading back what was written */
	KIOG_VFY_DONE,
};

/**
 * struct kiog_vfy - one worker's verification: policy, replay, results
 * @type: enum kiogen_verify
 * @stamp: written blocks get a verify header
 * @readback: written blocks are read back and checked
 * @only: verify_only: nothing is written
 * @fatal: verify_fatal
 * @self: reads of the job's own stream are checked against their header
 * @phase: enum kiog_vfy_phase
 * @final: the write phase is over; the replay runs to its end
 * @have_next: @next holds the next block to read back
 * @backlog: read back after this many writes; 0: after all
 * @run: the header's run, job and worker of this worker
 * @io_limit: verify_only: I/Os of the stream (the job's number_ios)
 * @byte_limit: verify_only: its bytes (io_size)
 * @target: read back up to this write sequence number
 * @written: writes issued: the last one's sequence number (a write held
 *	by the rate limits has its number but is not written yet)
 * @replayed: writes replayed: the last one's sequence number
 * @replay_bytes: bytes of the replayed stream, reads included
 * @pat: verify_pattern
 * @units: writes of mixed sizes: the sequence number of the newest write
 *	of each unit of the region (0: none), the caller's memory
 *	(kiog_vfy_map()); NULL: no record
 * @nr_units: entries of @units
 * @unit_base: bytes: where the first unit starts (the region's offset)
 * @unit: bytes of a unit
 * @built: verify_only: @units holds the whole stream (kiog_vfy_map_build())
 * @read_unit: a job that reads, of mixed sizes: bytes of the blocks each
 *	read is checked as (its smallest read); 0: a read is one block
 * @next: the next block to read back
 * @replay: the generator replaying the stream
 * @res: what was checked, the first mismatch
 */
struct kiog_vfy {
	__u8 type;
	__u8 stamp;
	__u8 readback;
	__u8 only;
	__u8 fatal;
	__u8 self;
	__u8 phase;
	__u8 final;
	__u8 have_next;
	__u32 backlog;
	__u32 run, job, worker;
	__u64 io_limit, byte_limit;
	__u64 target, written, replayed, replay_bytes;
	struct kiog_pattern pat;
	__u64 *units;
	__u64 nr_units, unit_base;
	__u32 unit, read_unit;
	__u8 built;
	struct kiog_io next;
	struct kiog_wl replay;
	struct kiogen_verify_result res;
};

/**
 * kiog_vfy_init() - a worker's verification, before its clock starts
 * @v: zeroed
 * @cfg: the job's settings
 * @rw: the job's enum kiogen_rw
 * @cc: the job's stop policy (verify_only replays up to its limits)
 * @wl: the worker's generator, initialised (after kiog_core_init()): the
 *	settings join its digest, and the replay starts as a copy of it
 * @run: run id stamped into headers (0 on the syscall path)
 * @job: job index in the run
 * @worker: worker index in the job
 */
void kiog_vfy_init(struct kiog_vfy *v, const struct kiog_vfy_cfg *cfg,
		   __u32 rw, const struct kiog_core_cfg *cc,
		   struct kiog_wl *wl, __u32 run, __u32 job, __u32 worker);

/**
 * kiog_vfy_check_sizes() - can a job's sizes be verified?
 * @verify: the job's enum kiogen_verify
 * @c: its stream (kiog_bs_check() passed)
 * @attr: set to the KIOGEN_A_JOB_* attribute at fault
 *
 * The blocks checked are the writes of a writing job, the reads of a job
 * that only reads: at least a header's size (verify=pattern has none).
 * A writing job's may be of mixed sizes (bsrange, bssplit) or aligned finer
 * than their size: reading back keeps a record of the newest write of each
 * unit (kiog_vfy_unit()). A job that only reads checks each block it reads
 * against its own header; reads of mixed sizes are checked as blocks of
 * the smallest read (@read_unit), so they start and end on its multiples.
 * A job that trims is refused: a trimmed block reads back as whatever
 * the device returns for it.
 *
 * Return: NULL, or a message that starts with fio's name of the culprit.
 */
const char *kiog_vfy_check_sizes(__u32 verify,
				 const struct kiog_wl_cfg *c,
				 int *attr);

/**
 * kiog_vfy_check_nodata() - can a job on the null engine be verified?
 * @cfg: the job's verify settings
 * @rw: its enum kiogen_rw
 * @time_based: its time_based
 * @attr: set to the KIOGEN_A_JOB_* attribute at fault
 *
 * The null engine keeps nothing it is given, and fio's pays verify's cost
 * all the same: each write gets its header and checksum as on any engine,
 * so a run measures the generator's cost with verify's work. Nothing can
 * be read back: a job that reads, verify_only, verify_backlog, and a read
 * back after the writes are refused; time_based has none (as fio's, the
 * writes fill the runtime), do_verify=0 neither. Such a job runs with the
 * settings of kiog_vfy_nodata().
 *
 * Return: NULL, or a message that starts with fio's name of the culprit.
 */
static inline const char *kiog_vfy_check_nodata(const struct kiog_vfy_cfg *cfg,
						__u32 rw, __u32 time_based, int *attr)
{
	if (cfg->verify == KIOGEN_VERIFY_NONE)
		return NULL;
	if (kiog_rw_reads(rw)) {
		*attr = KIOGEN_A_JOB_RW;
		return "rw: the null engine keeps no data: its reads have nothing to check";
	}
	if (cfg->verify_only) {
		*attr = KIOGEN_A_JOB_VERIFY_ONLY;
		return "verify_only: the null engine keeps no data to read back";
	}
	if (cfg->verify_backlog) {
		*attr = KIOGEN_A_JOB_VERIFY_BACKLOG;
		return "verify_backlog: the null engine keeps no data to read back";
	}
	if (cfg->do_verify && !time_based) {
		*attr = KIOGEN_A_JOB_DO_VERIFY;
		return "do_verify: the null engine keeps nothing to read back: 0, or time_based";
	}
	return NULL;
}

/* The verify settings a null engine's job runs with: its writes are never read back. */
static inline void kiog_vfy_nodata(struct kiog_vfy_cfg *cfg)
{
	cfg->do_verify = 0;
}

/**
 * kiog_vfy_unit() - the unit of the record of writes a worker keeps
 * @cfg: the job's verify settings
 * @c: its stream (kiog_vfy_check_sizes() passed)
 *
 * Writes of mixed sizes (bsrange, bssplit) or aligned finer than their
 * size overlap in part. A worker that reads back keeps, for each unit of
 * its region, the sequence number of the newest write covering it; a
 * block some of whose units a later write covered is counted written over
 * (kiogen_verify_result's written_over) and not read back, as fio drops an
 * overlapped write from its list. The unit is the greatest common divisor
 * of the smallest write and the alignment: writes start and end on one
 * (blocksize_unaligned's may not: a unit shared by two writes counts the
 * older written over, never a mismatch). verify=pattern needs no record:
 * every block holds the same bytes.
 *
 * Return: bytes of a unit, 0 when no record is kept.
 */
static inline __u32 kiog_vfy_unit(const struct kiog_vfy_cfg *cfg,
				  const struct kiog_wl_cfg *c)
{
	const struct kiog_bs_dir *d;
	struct kiog_bs b;
	__u32 x, y, t;

	if (cfg->verify == KIOGEN_VERIFY_NONE || cfg->verify == KIOGEN_VERIFY_PATTERN ||
	    !kiog_rw_writes(c->rw) || !(cfg->do_verify || cfg->verify_only))
		return 0;
	kiog_bs_init(&b, c, 0);
	d = &b.d[KIOGEN_DIR_WRITE];
	if (d->min == d->max && d->align == d->min)
		return 0;
	for (x = d->min, y = d->align; y; x = y, y = t)
		t = x % y;
	return x;
}

/* Entries of the record of a region of @size bytes in units of @unit. */
static inline __u64 kiog_vfy_units(__u64 size, __u32 unit)
{
	/* rounded up without size + unit - 1, which wraps near 2^64 */
	return unit && size ? kiog_div64(size - 1, unit) + 1 : 0;
}

/**
 * kiog_vfy_map() - give a worker its record of writes
 * @v: the verification, initialised
 * @units: kiog_vfy_units() entries, zeroed; the caller's to free
 * @nr: that count
 * @unit: kiog_vfy_unit()
 * @base: bytes: the region's offset (the worker's generator's)
 */
static inline void kiog_vfy_map(struct kiog_vfy *v, __u64 *units, __u64 nr,
				__u32 unit, __u64 base)
{
	v->units = units;
	v->nr_units = nr;
	v->unit = unit;
	v->unit_base = base;
}

/*
 * The units of @io in the record: [*first, *last]; 0 if it lies outside
 * (it cannot: the generator keeps to its region).
 */
static inline int __kiog_vfy_span(const struct kiog_vfy *v, const struct kiog_io *io,
				  __u64 *first, __u64 *last)
{
	if (!io->len || !v->nr_units || io->offset < v->unit_base)
		return 0;
	*first = kiog_div64(io->offset - v->unit_base, v->unit);
	*last = kiog_div64(io->offset + io->len - 1 - v->unit_base, v->unit);
	if (*last >= v->nr_units)
		*last = v->nr_units - 1;
	return *first <= *last;
}

/* Write @seq covers @io's units: it is their newest. */
static inline void kiog_vfy_mark(struct kiog_vfy *v, const struct kiog_io *io, __u64 seq)
{
	__u64 k, last;

	if (!v->units || !__kiog_vfy_span(v, io, &k, &last))
		return;
	for (; k <= last; k++)
		v->units[k] = seq;
}

/* Was write @seq of @io written over, in part or whole, by a later one? */
static inline int kiog_vfy_over(const struct kiog_vfy *v, const struct kiog_io *io,
				__u64 seq)
{
	__u64 k, last;

	if (!v->units || !__kiog_vfy_span(v, io, &k, &last))
		return 0;
	for (; k <= last; k++)
		if (v->units[k] != seq)
			return 1;
	return 0;
}

/**
 * kiog_vfy_map_build() - verify_only: the record of the whole stream
 * @v: the verification, its record given (kiog_vfy_map())
 * @wl: the worker's generator, as kiog_vfy_init() saw it (verify_only
 *	issues nothing from it)
 * @budget: I/Os of the stream to walk in this call
 *
 * Nothing is written, so which block is the newest of its units is known
 * only from the stream to its end (the replay's limits): it is walked once
 * before the clock starts, a @budget at a time (the kernel reschedules
 * between calls), and the replay starts over.
 *
 * Return: nonzero when the record is complete (or none is kept).
 */
static inline int kiog_vfy_map_build(struct kiog_vfy *v, const struct kiog_wl *wl,
				     __u32 budget)
{
	struct kiog_io io;

	if (!v->units || !v->only || v->built)
		return 1;
	while (budget--) {
		if (v->replay.issued >= v->io_limit || v->replay_bytes >= v->byte_limit) {
			v->replay = *wl;
			v->replay_bytes = 0;
			v->replayed = 0;
			v->built = 1;
			return 1;
		}
		kiog_wl_next(&v->replay, &io);
		v->replay_bytes += kiog_wl_io_bytes(&v->replay, &io);
		if (io.dir == KIOGEN_DIR_WRITE)
			kiog_vfy_mark(v, &io, ++v->replayed);
	}
	return 0;
}

/*
 * Passing over the writes written over is one loop: after a time-based job
 * over a small region, nearly all of an hour's writes (10^9 on fast
 * storage), each a generator step and a look at up to 32768 units. Every
 * KIOG_VFY_PEEK_BUDGET of them the loop offers the CPU: in the kernel a
 * worker's kthread on a kernel without full preemption would hold it for
 * minutes (a soft lockup, RCU stalls); user space is preempted anyway. A
 * test may define kiog_vfy_resched(v) to count the offers.
 */
#define KIOG_VFY_PEEK_BUDGET	256
#ifndef kiog_vfy_resched
#ifdef __KERNEL__
#include <linux/sched.h>
#define kiog_vfy_resched(v)	do { (void)(v); cond_resched(); } while (0)
#else
#define kiog_vfy_resched(v)	((void)(v))
#endif
#endif

/*
 * Finds the next write of the replayed stream, within what was written;
 * one written over by a later write is counted and passed over. Called
 * where the worker may sleep.
 */
static inline int kiog_vfy_peek(struct kiog_vfy *v)
{
	__u32 budget = KIOG_VFY_PEEK_BUDGET;

	if (v->have_next)
		return 1;
	while (v->replayed < v->target) {
		if (v->only && (v->replay.issued >= v->io_limit ||
				v->replay_bytes >= v->byte_limit))
			return 0;
		if (!--budget) {
			kiog_vfy_resched(v);
			budget = KIOG_VFY_PEEK_BUDGET;
		}
		kiog_wl_next(&v->replay, &v->next);
		v->replay_bytes += kiog_wl_io_bytes(&v->replay, &v->next);
		if (v->next.dir != KIOGEN_DIR_WRITE)
			continue;
		if (kiog_vfy_over(v, &v->next, v->replayed + 1)) {
			v->replayed++;
			v->res.written_over++;
			continue;
		}
		v->have_next = 1;
		return 1;
	}
	return 0;
}

/**
 * kiog_vfy_may_issue() - may another I/O be issued? (for kiog_core_may_issue())
 * @v: the verification
 * @r: the rate limits: an I/O they hold was counted when it was built
 * @c: the core
 * @wl: the worker's generator
 *
 * Return: nonzero if so. Writing pauses, without ending, when a backlog is
 * due; reading back ends with what was written.
 */
static inline int kiog_vfy_may_issue(struct kiog_vfy *v, const struct kiog_rate *r,
				     struct kiog_core *c, const struct kiog_wl *wl)
{
	if (v->phase == KIOG_VFY_READ)
		return kiog_vfy_peek(v);
	if (r->held)
		return 1;
	if (v->backlog && v->written - v->replayed >= v->backlog)
		return 0;
	return kiog_core_may_issue(c, wl);
}

/**
 * kiog_vfy_pick() - the next I/O to issue (for kiog_core_next())
 * @v: the verification, after kiog_vfy_may_issue() said yes
 * @r: the rate limits; @r->due is the I/O's due time after (0: unpaced)
 * @c: the core
 * @wl: the worker's generator
 * @io: filled in
 * @seq: the block's write sequence number: of a write, for its header; of
 *	a read back, expected in its header; 0 for other reads
 * @now: ns, the worker's clock (looked at only when @r->paced)
 *
 * Return: 0 if nothing is due yet (@r->waiting: the rate limits hold the
 * stream's next I/O); else @io is to issue, 2 if a sync is due after it,
 * 1 if not.
 */
static inline int kiog_vfy_pick(struct kiog_vfy *v, struct kiog_rate *r,
				struct kiog_core *c, struct kiog_wl *wl,
				struct kiog_io *io, __u64 *seq, __u64 now)
{
	int ret;

	if (v->phase == KIOG_VFY_READ) {
		*io = v->next;
		io->dir = KIOGEN_DIR_READ;
		io->flags = 0;		/* reading back starts no pass */
		v->have_next = 0;
		*seq = ++v->replayed;
		r->due = 0;
		return 1;
	}
	if (r->paced) {
		ret = kiog_rate_next(r, c, wl, io, now);
		if (!ret)
			return 0;
	} else {
		ret = 1 + !!kiog_core_next(c, wl, io);
	}
	*seq = 0;
	if (io->dir == KIOGEN_DIR_WRITE) {
		*seq = v->written = c->write_seq;
		kiog_vfy_mark(v, io, *seq);
	}
	return ret;
}

/**
 * kiog_vfy_turn() - switch phases, with nothing in flight
 * @v: the verification
 * @r: the rate limits: a write they held when the writes ended is dropped
 *	(it was never written, and is not read back)
 * @c: the core
 * @stopped: a stop was asked for
 *
 * When the writes end (or pause for a backlog) reading back starts; when
 * it has read what was written, writing resumes or the worker is done.
 * Without verification, or mid-phase, nothing changes.
 *
 * Return: nonzero if the loop goes on: the core issues again.
 */
static inline int kiog_vfy_turn(struct kiog_vfy *v, struct kiog_rate *r,
				struct kiog_core *c, int stopped)
{
	if (!v->readback || v->phase == KIOG_VFY_DONE)
		return 0;
	if (stopped || c->failed) {
		v->phase = KIOG_VFY_DONE;
		return 0;
	}
	if (v->phase == KIOG_VFY_WRITE) {
		if (c->issuing && !(v->backlog && v->written - v->replayed >= v->backlog))
			return 0;
		v->final = !c->issuing;
	} else {
		if (c->issuing && kiog_vfy_peek(v))
			return 0;
		if (!kiog_vfy_peek(v) && v->final) {
			v->phase = KIOG_VFY_DONE;
			c->issuing = 0;
			return 0;
		}
		if (!kiog_vfy_peek(v) && c->issuing) {
			v->phase = KIOG_VFY_WRITE;
			return 1;
		}
		/* the runtime ended within a backlog: what is left is the last */
		v->final = 1;
	}
	v->phase = KIOG_VFY_READ;
	r->held = 0;
	r->waiting = 0;
	if (!v->only)
		v->target = v->written;
	if (v->final)
		c->end = ~0ULL;		/* reading back is not cut by the runtime */
	c->issuing = 1;
	return 1;
}

/* The block header every written block starts with. */
static inline void kiog_block_stamp(struct kiogen_block_header *h, __u64 offset,
				    __u32 run, __u32 job, __u32 worker, __u64 seq)
{
	static const char magic[sizeof(h->magic)] = KIOGEN_BLOCK_MAGIC;

	__builtin_memcpy(h->magic, magic, sizeof(h->magic));
	h->offset = offset;
	h->run = run;
	h->job = job;
	h->worker = worker;
	h->pad = 0;
	h->seq = seq;
}

/*
 * The header of a written block; its checksum is the caller's, over the
 * KIOG_VFY_SUMMED bytes of the header and the data after it, and sealed
 * with kiog_vfy_seal().
 */
static inline void kiog_vfy_stamp(const struct kiog_vfy *v, void *head,
				  __u64 offset, __u32 len, __u64 seq)
{
	struct kiogen_verify_header *vh = head;

	kiog_block_stamp(&vh->h, offset, v->run, v->job, v->worker, seq);
	if (v->type == KIOGEN_VERIFY_NONE)
		return;
	vh->len = len;
	vh->type = v->type;
	__builtin_memset(vh->sum, 0, sizeof(vh->sum));
}

static inline void kiog_vfy_seal(void *head, const __u8 *sum, __u32 n)
{
	__builtin_memcpy(((struct kiogen_verify_header *)head)->sum, sum, n);
}

/* @len bytes of verify_pattern at @p, which is @pos bytes into its block */
static inline void kiog_vfy_fill(const struct kiog_pattern *pat, void *p,
				 __u32 len, __u64 pos)
{
	__u8 *b = p;
	__u32 i, k;

	if (!pat->len)
		return;
	k = (__u32)kiog_div64(pos, pat->len);
	k = (__u32)(pos - (__u64)k * pat->len);
	for (i = 0; i < len; i++) {
		b[i] = pat->b[k];
		if (++k == pat->len)
			k = 0;
	}
}

/* Records a mismatch; the first one's detail is kept. Returns -EILSEQ. */
static inline int kiog_vfy_bad(struct kiog_vfy *v, __u32 what, const void *head,
			       __u32 head_len, __u64 offset, __u32 len, __u64 seq)
{
	struct kiogen_verify_result *r = &v->res;

	if (!r->errors++) {
		r->what = what;
		r->offset = offset;
		r->len = len;
		/* no header is expected of a pattern; no writer of a job that reads */
		if (v->type != KIOGEN_VERIFY_PATTERN) {
			kiog_vfy_stamp(v, &r->expected, offset, len, seq);
			if (v->self || v->only)
				r->expected.h.run = 0;
		} else {
			r->expected.type = KIOGEN_VERIFY_PATTERN;
		}
		__builtin_memcpy(&r->found, head, head_len < sizeof(r->found) ?
				 head_len : sizeof(r->found));
	}
	return -KIOG_EILSEQ;
}

/* A pattern byte differs at @i of @p (@pos bytes into the block): keep it. */
static inline int kiog_vfy_bad_byte(struct kiog_vfy *v, const void *head,
				    __u32 head_len, __u64 offset, __u32 len,
				    const __u8 *p, __u32 i, __u64 pos)
{
	struct kiogen_verify_result *r = &v->res;
	__u64 at = pos + i;

	if (!r->errors) {
		r->bad_byte = at;
		r->got = p[i];
		r->want = v->pat.b[at - kiog_div64(at, v->pat.len) * v->pat.len];
	}
	return kiog_vfy_bad(v, KIOGEN_VERIFY_BAD_PATTERN, head, head_len, offset, len, 0);
}

/*
 * Checks @n bytes at @p, @pos bytes into a block, against verify_pattern;
 * a header's bytes are not. Returns 0 or the mismatch's -EILSEQ.
 */
static inline int kiog_vfy_check_fill(struct kiog_vfy *v, const void *head,
				      __u32 head_len, __u64 offset, __u32 len,
				      const void *p, __u32 n, __u64 pos)
{
	const __u8 *b = p;
	__u32 i = 0, k;

	if (!v->pat.len)
		return 0;
	if (v->type != KIOGEN_VERIFY_PATTERN && pos < KIOG_VFY_HDR_LEN)
		i = KIOG_VFY_HDR_LEN - (__u32)pos;
	k = (__u32)((pos + i) - kiog_div64(pos + i, v->pat.len) * v->pat.len);
	for (; i < n; i++) {
		if (b[i] != v->pat.b[k])
			return kiog_vfy_bad_byte(v, head, head_len, offset, len, b, i, pos);
		if (++k == v->pat.len)
			k = 0;
	}
	return 0;
}

/**
 * kiog_vfy_check_head() - check a block's header
 * @v: the verification
 * @head: the block's first bytes, @head_len of them (at least the header)
 * @offset: where the block was read from
 * @len: its bytes
 * @seq: the write expected there, 0 for any (a job that only reads)
 * @sum: the checksum computed over what was read, kiog_vfy_sum_len() bytes
 *
 * A block written again later by the same worker (a later sequence
 * number) is its newest write, and right.
 *
 * Return: 0, or -EILSEQ with the mismatch recorded.
 */
static inline int kiog_vfy_check_head(struct kiog_vfy *v, const void *head,
				      __u32 head_len, __u64 offset, __u32 len,
				      __u64 seq, const __u8 *sum)
{
	const struct kiogen_verify_header *vh = head;
	static const char magic[sizeof(vh->h.magic)] = KIOGEN_BLOCK_MAGIC;
	__u32 n = kiog_vfy_sum_len(v->type);

	if (__builtin_memcmp(vh->h.magic, magic, sizeof(magic)) ||
	    vh->type != v->type || vh->len != len)
		return kiog_vfy_bad(v, KIOGEN_VERIFY_BAD_MAGIC, head, head_len,
				    offset, len, seq);
	if (vh->h.offset != offset ||
	    (seq && (vh->h.job != v->job || vh->h.worker != v->worker ||
		     (!v->only && vh->h.run != v->run))))
		return kiog_vfy_bad(v, KIOGEN_VERIFY_BAD_HEADER, head, head_len,
				    offset, len, seq);
	if (vh->h.seq < seq)
		return kiog_vfy_bad(v, KIOGEN_VERIFY_BAD_SEQ, head, head_len,
				    offset, len, seq);
	if (n && __builtin_memcmp(vh->sum, sum, n)) {
		if (!v->res.errors)
			__builtin_memcpy(v->res.sum_found, sum, n);
		return kiog_vfy_bad(v, KIOGEN_VERIFY_BAD_SUM, head, head_len,
				    offset, len, seq);
	}
	return 0;
}

/*
 * Does a finished read need checking? A read back, or any read of a job
 * that reads with verify set. @seq as kiog_vfy_next() gave it.
 */
static inline int kiog_vfy_checks(const struct kiog_vfy *v, __u8 dir, __u64 seq)
{
	return dir == KIOGEN_DIR_READ && (seq || v->self);
}

/*
 * A finished read's verdict for the core: a short read of a block to check
 * is a mismatch too. verify_fatal ends the worker at the first.
 */
static inline int kiog_vfy_done(struct kiog_vfy *v, struct kiog_core *c, int err)
{
	v->res.verified++;
	if (err && v->fatal)
		kiog_core_fail(c, err);
	return err;
}

#endif /* _KIOGEN_VERIFY_H */
