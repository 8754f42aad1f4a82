/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * What a written block holds, shared by the kernel's workers and the
 * syscall path, with fio's meaning of buffer_pattern, zero_buffers,
 * refill_buffers, scramble_buffers, buffer_compress_percentage,
 * buffer_compress_chunk and dedupe_percentage. Everything is seeded (the
 * worker's seed and the write's sequence number, never the clock), and a
 * block is filled as one stream whatever chunks hold it, so both paths
 * write the same bytes (the block header aside: its run id). Freestanding.
 *
 * Contents: random, or zeros (zero_buffers), or buffer_pattern; with
 * buffer_compress_percentage=N every buffer_compress_chunk bytes start with
 * (100 - N)% random bytes followed by zeros (or buffer_pattern), as fio's
 * fill_random_buf_percentage(); with dedupe_percentage=N a write reuses the
 * contents of an earlier one N% of the time. Buffers are filled once,
 * before the clock starts, unless refill_buffers or dedupe_percentage ask
 * for every write. scramble_buffers (fio's default) stamps each 512 bytes
 * of a compressible block with their offset and the write's sequence at a
 * seeded place; other blocks carry kiogen's block header for that.
 */
#ifndef _KIOGEN_BUFFER_H
#define _KIOGEN_BUFFER_H

#include <linux/types.h>

#include "job.h"
#include "rng.h"

#define KIOG_BUF_SEED		0x627566ULL	/* "buf" */
#define KIOG_BUF_DEDUPE		0x646564ULL	/* "ded" */
#define KIOG_BUF_SECTOR		512

/* A job's buffer settings, from KIOG_JOB_BUFFER_FIELDS. */
struct kiog_buf_cfg {
	KIOG_JOB_BUFFER_FIELDS(KIOG_JOB_MEMBER)
};

/**
 * struct kiog_buf - one worker's buffer contents
 * @pat: buffer_pattern (len 0: none)
 * @zero: zero_buffers
 * @refill: a write's buffer is filled again (refill_buffers, dedupe)
 * @scramble: a write's buffer is scrambled (without refill)
 * @random_len: random bytes at the start of each chunk
 * @chunk: buffer_compress_chunk; 0 when all of a block is random
 * @dedupe: dedupe_percentage
 * @seed: the worker's contents seed
 * @dedupe_rng: which writes repeat earlier contents
 * @unique: contents generated so far
 */
struct kiog_buf {
	struct kiog_pattern pat;
	__u8 zero;
	__u8 refill;
	__u8 scramble;
	__u32 random_len;
	__u32 chunk;
	__u32 dedupe;
	__u64 seed;
	struct kiog_rng dedupe_rng;
	__u64 unique;
};

/* A block being filled: where in it, and its random stream. */
struct kiog_fill {
	struct kiog_rng rng;
	__u64 word;		/* random bytes not used yet, low first */
	__u32 word_left;
	__u32 pos;		/* bytes into the block */
};

/**
 * kiog_buf_init() - a worker's buffer contents, before its clock starts
 * @b: zeroed
 * @cfg: the job's settings
 * @seed: the worker's seed (kiog_wl_worker_seed())
 * @verify: the job verifies (no scrambling: the checksum is the check)
 * @verify_pattern: verify_pattern is set: it is what blocks hold
 * @digest: the worker's stream digest, which the settings join
 */
void kiog_buf_init(struct kiog_buf *b, const struct kiog_buf_cfg *cfg,
		   __u64 seed, int verify, int verify_pattern,
		   __u64 *digest);

/* Are the buffers filled with @b's contents (not the plain seeded fill)? */
static inline int kiog_buf_custom(const struct kiog_buf *b)
{
	return b->zero || b->pat.len || b->chunk || b->refill;
}

/*
 * Must a buffer that a read went into be filled again before it carries a
 * write (a mixed job, a read back)? When its contents were filled once:
 * @b's, or verify_pattern (@vpat). fio refills the pattern after a read too.
 */
static inline int kiog_buf_restores(const struct kiog_buf *b,
				    const struct kiog_pattern *vpat)
{
	return vpat->len || (kiog_buf_custom(b) && !b->refill);
}

/* Does @b change a buffer before each write? */
static inline int kiog_buf_per_write(const struct kiog_buf *b)
{
	return b->refill || b->scramble;
}

/**
 * kiog_buf_start() - start filling a block
 * @b: the worker's contents
 * @f: the fill, for kiog_buf_fill()
 * @n: which contents: the slot's index for the fill before the clock,
 *	else the write's sequence number (dedupe may pick an earlier one)
 * @per_write: @n is a write's, not a slot's
 */
static inline void kiog_buf_start(struct kiog_buf *b, struct kiog_fill *f, __u64 n,
				  int per_write)
{
	__u64 u = n;

	if (per_write) {
		/* fio's dedupe_percentage: this write repeats an earlier one's */
		if (b->dedupe && b->unique &&
		    kiog_rng_below(&b->dedupe_rng, 100) < b->dedupe)
			u = kiog_rng_below(&b->dedupe_rng, b->unique);
		else
			u = b->unique++;
		u |= 1ULL << 63;	/* never a slot's */
	}
	kiog_rng_seed(&f->rng, kiog_seed_mix(b->seed, u));
	f->word_left = 0;
	f->pos = 0;
}

/*
 * @n random bytes of @f's stream: each draw of the generator gives 8, low
 * byte first, and what a chunk leaves of a draw starts the next chunk.
 * Stored a byte at a time by shifts, so the bytes are the same on every
 * CPU; compilers make a whole draw one store.
 */
static inline void __kiog_buf_random(struct kiog_fill *f, __u8 *d, __u32 n)
{
	__u64 w;

	for (; n && f->word_left; n--, f->word_left--) {
		*d++ = (__u8)f->word;
		f->word >>= 8;
	}
	for (; n >= 8; n -= 8, d += 8) {
		w = kiog_rng_next(&f->rng);
		d[0] = (__u8)w;
		d[1] = (__u8)(w >> 8);
		d[2] = (__u8)(w >> 16);
		d[3] = (__u8)(w >> 24);
		d[4] = (__u8)(w >> 32);
		d[5] = (__u8)(w >> 40);
		d[6] = (__u8)(w >> 48);
		d[7] = (__u8)(w >> 56);
	}
	if (!n)
		return;
	f->word = kiog_rng_next(&f->rng);
	f->word_left = 8;
	for (; n; n--, f->word_left--) {
		*d++ = (__u8)f->word;
		f->word >>= 8;
	}
}

/* @n bytes of @pat, from its byte @at on (or zeros without a pattern) */
static inline void __kiog_buf_pattern(const struct kiog_pattern *pat, __u8 *d,
				      __u32 n, __u32 at)
{
	__u32 k;

	if (pat->len <= 1) {
		__builtin_memset(d, pat->len ? pat->b[0] : 0, n);
		return;
	}
	for (at %= pat->len; n; n -= k, d += k, at = 0) {
		k = pat->len - at < n ? pat->len - at : n;
		__builtin_memcpy(d, pat->b + at, k);
	}
}

/**
 * kiog_buf_fill() - the next @len bytes of a block
 * @b: the worker's contents
 * @f: the fill, started by kiog_buf_start(); chunks follow each other
 * @p: where they go
 * @len: how many
 *
 * By runs: random bytes 8 a draw, the rest copied or set (with
 * buffer_compress_percentage, each chunk's random part and its fill are
 * two runs, told apart once per run, not per byte).
 */
static inline void kiog_buf_fill(const struct kiog_buf *b, struct kiog_fill *f,
				 void *p, __u32 len)
{
	__u8 *d = p;
	__u32 at, n;

	if (!b->chunk) {
		if (b->zero)
			__builtin_memset(d, 0, len);
		else if (b->pat.len)
			__kiog_buf_pattern(&b->pat, d, len, f->pos);
		else
			__kiog_buf_random(f, d, len);
		f->pos += len;
		return;
	}
	for (at = f->pos % b->chunk; len; len -= n, d += n, f->pos += n) {
		if (at < b->random_len) {
			n = b->random_len - at < len ? b->random_len - at : len;
			__kiog_buf_random(f, d, n);
		} else {
			n = b->chunk - at < len ? b->chunk - at : len;
			__kiog_buf_pattern(&b->pat, d, n, at - b->random_len);
		}
		at += n;
		if (at == b->chunk)
			at = 0;
	}
}

/**
 * kiog_buf_scramble() - fio's scramble_buffers, seeded: each 512 bytes of
 *	a block get their offset at a place of their own (by their place in
 *	the block) and the write's sequence number at their end
 * @p: @len bytes, @pos bytes into the block
 * @len: a multiple of 512, as @pos
 * @offset: the block's offset
 * @seq: the write's sequence number
 */
static inline void kiog_buf_scramble(void *p, __u32 len, __u32 pos, __u64 offset,
				     __u64 seq)
{
	__u8 *s = p;
	__u32 i, at;

	for (i = 0; i + KIOG_BUF_SECTOR <= len; i += KIOG_BUF_SECTOR) {
		__u64 where = offset + pos + i;

		/* the same place every write: what a slot carried before is gone */
		at = (__u32)(__kiog_mix64(pos + i) & (KIOG_BUF_SECTOR - 8 - 8)) & ~7U;
		__builtin_memcpy(s + i + at, &where, sizeof(where));
		__builtin_memcpy(s + i + KIOG_BUF_SECTOR - 8, &seq, sizeof(seq));
	}
}

#endif /* _KIOGEN_BUFFER_H */
