// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's side of data verification (include/kiogen/verify.h): the
 * job's checksum from the crypto API ("crc32c", "md5"), allocated when the
 * run is created so that a kernel without it is refused then; a written
 * block's header and checksum over the slot's chunks; a block read back
 * checked against what the replay expects. What is checked, and the
 * phases, are shared with the syscall path.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/hash.h>
#include <linux/err.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "kiogen.h"

static const char *kiog_verify_hash(u32 type)
{
	switch (type) {
	case KIOGEN_VERIFY_CRC32C:
		return "crc32c";
	case KIOGEN_VERIFY_MD5:
		return "md5";
	}
	return NULL;
}

/* The checks of a job's verify settings alone; 0 or a negative errno. */
static int kiog_job_verify_check(struct kiog_job *job, struct nlattr **tb,
				 struct netlink_ext_ack *extack)
{
	const struct kiog_job_cfg *c = &job->cfg;
	struct kiog_vfy_cfg vc;
	struct kiog_wl_cfg *wlc;
	const char *msg;
	int attr = KIOGEN_A_JOB_VERIFY;

	if (c->verify_pattern.len > sizeof(c->verify_pattern.b)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_VERIFY_PATTERN],
				    "job verify_pattern: longer than max-pattern bytes");
		return -EINVAL;
	}
	if (c->verify == KIOGEN_VERIFY_NONE)
		return 0;
	if (c->engine->dir_target) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_VERIFY],
				    "job verify: the metadata engines write no blocks to check");
		return -EINVAL;
	}
	if (c->verify == KIOGEN_VERIFY_PATTERN && !c->verify_pattern.len) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_VERIFY],
				    "job verify: pattern needs a verify_pattern");
		return -EINVAL;
	}
	if (c->verify_only && c->time_based) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_VERIFY_ONLY],
				    "job verify_only: not with time_based");
		return -EINVAL;
	}
	KIOG_JOB_COPY(KIOG_JOB_VERIFY_FIELDS, &vc, c);
	/* the null engine: its writes are stamped and summed, never read back */
	if (!c->engine->needs_buffers) {
		msg = kiog_vfy_check_nodata(&vc, c->rw, c->time_based, &attr);
		if (msg) {
			kiog_nl_err(extack, tb[attr] ?: tb[KIOGEN_A_JOB_VERIFY], msg);
			return -EINVAL;
		}
		kiog_vfy_nodata(&vc);
	} else if (kiog_rw_writes(c->rw) && (c->do_verify || c->verify_only) &&
		   !(job->file->f_mode & FMODE_READ)) {
		/* reading back goes through the job's fd: it must have been opened to read */
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_FD],
				    "job fd: not open for reading, and verify reads back what was written");
		return -EBADF;
	}
	wlc = kmalloc(sizeof(*wlc), GFP_KERNEL);
	if (!wlc)
		return -ENOMEM;
	KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, wlc, c);
	msg = kiog_vfy_check_sizes(c->verify, wlc, &attr);
	if (!msg)
		job->vfy_unit = kiog_vfy_unit(&vc, wlc);
	kfree(wlc);
	if (msg) {
		kiog_nl_err(extack, tb[attr], msg);
		return -EINVAL;
	}
	return 0;
}

/**
 * kiog_job_verify_open() - check a job's verify settings, take its checksum
 * @job: the job, parsed and opened (@job->opened: a refusal closes it)
 * @tb: its attributes, to point at the one at fault
 * @extack: where a refusal is reported
 *
 * Return: 0 or a negative errno with the reason in @extack.
 */
int kiog_job_verify_open(struct kiog_job *job, struct nlattr **tb,
			 struct netlink_ext_ack *extack)
{
	const char *hash = kiog_verify_hash(job->cfg.verify);
	struct crypto_shash *tfm;
	int err;

	err = kiog_job_verify_check(job, tb, extack);
	if (err || !hash)
		return err;
	tfm = crypto_alloc_shash(hash, 0, 0);
	if (IS_ERR(tfm)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_VERIFY],
				    "job verify: the kernel's crypto API has no such hash");
		return PTR_ERR(tfm);
	}
	job->vfy_tfm = tfm;
	return 0;
}

/* kiog_job_verify_close() - release what kiog_job_verify_open() took */
void kiog_job_verify_close(struct kiog_job *job)
{
	crypto_free_shash(job->vfy_tfm);
	job->vfy_tfm = NULL;
}

/* Bytes hashed between two looks at the scheduler: md5 of a large block is long */
#define KIOG_VFY_STEP	(64U << 10)

/* @len bytes at @p into @desc, a step at a time. */
static int kiog_verify_update(struct shash_desc *desc, const u8 *p, u32 len)
{
	int err = 0;

	while (!err && len) {
		u32 n = min(len, KIOG_VFY_STEP);

		err = crypto_shash_update(desc, p, n);
		p += n;
		len -= n;
		if (len)
			cond_resched();
	}
	return err;
}

/*
 * The checksum of the block at byte @start of @s's buffer, @len bytes, into
 * @out: its header's first KIOG_VFY_SUMMED bytes and the data after the
 * header, chunk by chunk (a block may start and end anywhere in them).
 */
static int kiog_verify_sum(struct kiog_worker *w, struct kiog_slot *s, u32 start,
			   u32 len, u8 *out)
{
	struct crypto_shash *tfm = w->job->vfy_tfm;
	SHASH_DESC_ON_STACK(desc, tfm);
	u32 i, pos = 0, end = start + len, cut = start + KIOG_VFY_SUMMED;
	u32 data = start + KIOG_VFY_HDR_LEN;
	int err;

	desc->tfm = tfm;
	err = crypto_shash_init(desc);
	for (i = 0; !err && i < s->nr_bvec && pos < end; i++) {
		u8 *p = page_address(s->bvec[i].bv_page);
		u32 n = kiog_slot_chunk_len(s, i), lo = max(pos, start), hi = min(pos + n, end);

		if (lo < min(hi, cut))
			err = crypto_shash_update(desc, p + lo - pos, min(hi, cut) - lo);
		lo = max(lo, data);
		if (!err && lo < hi) {
			cond_resched();
			err = kiog_verify_update(desc, p + lo - pos, hi - lo);
		}
		pos += n;
	}
	if (!err)
		err = crypto_shash_final(desc, out);
	shash_desc_zero(desc);
	return err;
}

/* @len bytes at byte @start of @s's buffer into @to. */
static void kiog_verify_copy(struct kiog_slot *s, u32 start, void *to, u32 len)
{
	u32 i, pos = 0, end = start + len;

	for (i = 0; i < s->nr_bvec && pos < end; i++) {
		u32 n = kiog_slot_chunk_len(s, i), lo = max(pos, start), hi = min(pos + n, end);

		if (lo < hi)
			memcpy((u8 *)to + lo - start,
			       (u8 *)page_address(s->bvec[i].bv_page) + lo - pos, hi - lo);
		pos += n;
	}
}

/**
 * kiog_verify_fill() - fill a new slot's buffer with verify_pattern
 * @w: its worker
 * @s: the slot, buffers allocated
 *
 * Without a pattern the buffers keep the seeded fill.
 */
void kiog_verify_fill(struct kiog_worker *w, struct kiog_slot *s)
{
	u32 i, n, pos = 0;

	for (i = 0; i < s->nr_bvec; i++) {
		n = kiog_slot_chunk_len(s, i);
		kiog_vfy_fill(&w->vfy.pat, page_address(s->bvec[i].bv_page), n, pos);
		pos += n;
	}
}

/**
 * kiog_verify_stamp() - the header (and checksum) of a block to write
 * @w: the worker
 * @s: the slot, offset and length set
 * @seq: its write sequence number
 */
void kiog_verify_stamp(struct kiog_worker *w, struct kiog_slot *s, u64 seq)
{
	u8 *head = page_address(s->bvec[0].bv_page);
	u8 sum[16];

	kiog_vfy_stamp(&w->vfy, head, s->offset, s->len, seq);
	if (!w->job->vfy_tfm)
		return;
	/* a hash that fails leaves the sum zero: the read back says so */
	if (!kiog_verify_sum(w, s, 0, s->len, sum))
		kiog_vfy_seal(head, sum, kiog_vfy_sum_len(w->vfy.type));
}

/* The block at byte @start of @s's buffer, @len bytes; 0 or -EILSEQ. */
static int kiog_verify_block(struct kiog_worker *w, struct kiog_slot *s, u32 start,
			     u32 len)
{
	struct kiog_vfy *v = &w->vfy;
	struct kiogen_verify_header head;
	u32 i, pos = 0, end = start + len;
	u8 sum[16] = { };
	int err = 0;

	/* the header may straddle two chunks: a copy is checked */
	kiog_verify_copy(s, start, &head, min_t(u32, len, sizeof(head)));
	if (len < sizeof(head))
		memset((u8 *)&head + len, 0, sizeof(head) - len);
	if (v->type != KIOGEN_VERIFY_PATTERN) {
		if (w->job->vfy_tfm && kiog_verify_sum(w, s, start, len, sum))
			memset(sum, 0xff, sizeof(sum));
		err = kiog_vfy_check_head(v, &head, sizeof(head), s->offset + start, len,
					  s->vseq, sum);
	}
	for (i = 0; !err && i < s->nr_bvec && pos < end; i++) {
		u32 n = kiog_slot_chunk_len(s, i), lo = max(pos, start), hi = min(pos + n, end);

		if (lo < hi)
			err = kiog_vfy_check_fill(v, &head, sizeof(head), s->offset + start,
						  len, (u8 *)page_address(s->bvec[i].bv_page) +
						  lo - pos, hi - lo, lo - start);
		pos += n;
	}
	return err;
}

/**
 * kiog_verify_check() - check a block read back, or the blocks of a read
 * @w: the worker
 * @s: the slot, completed without error
 *
 * A job that reads, of mixed sizes, checks each unit of a read as a block
 * (include/kiogen/verify.h).
 *
 * Return: 0 or -EILSEQ, the mismatch recorded in the worker's results.
 */
int kiog_verify_check(struct kiog_worker *w, struct kiog_slot *s)
{
	struct kiog_vfy *v = &w->vfy;
	u32 unit = !s->vseq && v->read_unit ? v->read_unit : s->len, p;
	int err = 0, e;

	/* what the read left in the buffer is put back before a write (s->dirty) */
	if (s->done_bytes != s->len)
		return kiog_vfy_done(v, &w->core,
				     kiog_vfy_bad(v, KIOGEN_VERIFY_BAD_SHORT,
						  page_address(s->bvec[0].bv_page),
						  kiog_slot_chunk_len(s, 0), s->offset,
						  s->len, s->vseq));
	for (p = 0; p + unit <= s->len; p += unit) {
		e = kiog_vfy_done(v, &w->core, kiog_verify_block(w, s, p, unit));
		if (!err)
			err = e;
		if (p + unit < s->len)
			cond_resched();
	}
	return err;
}
