// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host tests of what written blocks hold (include/kiogen/buffer.h): the
 * compressible share of buffer_compress_percentage counted byte by byte,
 * the same bytes whatever chunks a block is filled in (the kernel's pages,
 * the syscall path's one buffer), dedupe_percentage's share of repeated
 * contents, zero_buffers and buffer_pattern, the fill by runs against the
 * byte-at-a-time definition, scramble_buffers stamping
 * every 512 bytes, and the settings in the stream digest. Prints TAP.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <kiogen/buffer.h>

#include "tap.h"

#define BS	65536

static struct kiog_buf buf;
static __u8 a[BS], b[BS];

static void setup(const struct kiog_buf_cfg *cfg)
{
	__u64 digest = 0;

	memset(&buf, 0, sizeof(buf));
	kiog_buf_init(&buf, cfg, 42, 0, 0, &digest);
}

static void fill(__u8 *p, __u64 n, int per_write, __u32 piece)
{
	struct kiog_fill f;
	__u32 at;

	kiog_buf_start(&buf, &f, n, per_write);
	for (at = 0; at < BS; at += piece)
		kiog_buf_fill(&buf, &f, p + at, piece < BS - at ? piece : BS - at);
}

static int t_compress(const void *arg)
{
	static const __u32 pcts[] = { 0, 10, 25, 50, 75, 90, 100 };
	static const __u32 chunks[] = { 512, 4096, 1000 };
	unsigned int i, k;

	(void)arg;
	for (k = 0; k < ARRAY_SIZE(chunks); k++)
		for (i = 0; i < ARRAY_SIZE(pcts); i++) {
			struct kiog_buf_cfg cfg = { .buffer_compress_percentage = pcts[i],
						    .buffer_compress_chunk = chunks[k] };
			__u32 c, zeros = 0, want = 0, at;

			setup(&cfg);
			fill(a, 0, 0, BS);
			/* the tail of each chunk is zeros, the head random */
			for (at = 0; at < BS; at += chunks[k]) {
				__u32 len = chunks[k] < BS - at ? chunks[k] : BS - at;
				__u32 rnd = pcts[i] ? chunks[k] * (100 - pcts[i]) / 100 : len;

				for (c = 0; c < len; c++)
					zeros += c >= rnd && !a[at + c];
				want += len > rnd ? len - rnd : 0;
			}
			CHECK(zeros == want, "%u%% of %u: %u zero bytes, want %u",
			      pcts[i], chunks[k], zeros, want);
			/* a random head holds few zeros: 1/256 of its bytes */
			for (c = 0, at = 0; at < BS; at++)
				c += !a[at];
			CHECK(c <= want + (BS - want) / 128 + 16, "%u%%: too many zeros (%u)",
			      pcts[i], c);
		}
	return T_PASS;
}

static int t_pieces(const void *arg)
{
	const struct kiog_buf_cfg cfg = { .buffer_compress_percentage = 30,
					  .buffer_compress_chunk = 700,
					  .buffer_pattern = { 3, { 1, 2, 3 } } };
	static const __u32 pieces[] = { 1, 7, 4096, 65536 };
	unsigned int i;

	(void)arg;
	setup(&cfg);
	fill(a, 5, 1, BS);
	for (i = 0; i < ARRAY_SIZE(pieces); i++) {
		setup(&cfg);
		fill(b, 5, 1, pieces[i]);
		CHECK(!memcmp(a, b, BS), "pieces of %u differ", pieces[i]);
	}
	CHECK(a[600] == 1 + (600 - 490) % 3, "the compressible tail is not the pattern");
	return T_PASS;
}

/*
 * The bytes by their definition, one at a time (how buffer.h made them
 * before it filled by runs): the fill by runs must give these, in any
 * pieces, or the kernel's blocks and the syscall path's would no longer
 * be the ones written before.
 */
static __u8 ref_byte(const struct kiog_buf *bb, struct kiog_fill *f)
{
	__u32 at = f->pos;
	__u8 v;

	if (bb->chunk) {
		at = f->pos % bb->chunk;
		if (at >= bb->random_len)
			return bb->pat.len ? bb->pat.b[(at - bb->random_len) % bb->pat.len] : 0;
	} else if (bb->zero) {
		return 0;
	} else if (bb->pat.len) {
		return bb->pat.b[f->pos % bb->pat.len];
	}
	if (!f->word_left) {
		f->word = kiog_rng_next(&f->rng);
		f->word_left = 8;
	}
	v = (__u8)f->word;
	f->word >>= 8;
	f->word_left--;
	return v;
}

static int t_reference(const void *arg)
{
	static const struct kiog_buf_cfg cfgs[] = {
		{ .refill_buffers = 1 },
		{ .zero_buffers = 1, .buffer_pattern = { 2, { 7, 8 } } },
		{ .buffer_pattern = { 1, { 0x5a } } },
		{ .buffer_pattern = { 5, { 1, 2, 3, 4, 5 } } },
		{ .buffer_compress_percentage = 50, .buffer_compress_chunk = 4096 },
		{ .buffer_compress_percentage = 30, .buffer_compress_chunk = 700,
		  .buffer_pattern = { 3, { 1, 2, 3 } } },
		{ .buffer_compress_percentage = 99, .buffer_compress_chunk = 513 },
		{ .buffer_compress_percentage = 100 },
	};
	static const __u32 pieces[] = { 1, 3, 13, 4096, 65536 };
	unsigned int c, k;
	__u32 i;

	(void)arg;
	for (c = 0; c < ARRAY_SIZE(cfgs); c++) {
		struct kiog_fill f;

		setup(&cfgs[c]);
		kiog_buf_start(&buf, &f, 9, 1);
		for (i = 0; i < BS; i++, f.pos++)
			a[i] = ref_byte(&buf, &f);
		for (k = 0; k < ARRAY_SIZE(pieces); k++) {
			setup(&cfgs[c]);
			fill(b, 9, 1, pieces[k]);
			CHECK(!memcmp(a, b, BS), "settings %u in pieces of %u: not the bytes", c,
			      pieces[k]);
		}
	}
	return T_PASS;
}

static int t_dedupe(const void *arg)
{
	const struct kiog_buf_cfg cfg = { .dedupe_percentage = 40 };
	struct kiog_fill f;
	__u64 n, writes = 20000, repeated = 0, prev = 0;

	(void)arg;
	setup(&cfg);
	CHECK(buf.refill, "dedupe does not refill");
	for (n = 1; n <= writes; n++) {
		kiog_buf_start(&buf, &f, n, 1);
		repeated += buf.unique == prev;
		prev = buf.unique;
	}
	CHECK(repeated > writes * 38 / 100 && repeated < writes * 42 / 100,
	      "%llu of %llu writes repeated contents, want 40%%",
	      (unsigned long long)repeated, (unsigned long long)writes);
	return T_PASS;
}

static int t_zero_pattern(const void *arg)
{
	struct kiog_buf_cfg cfg = { .zero_buffers = 1 };
	__u32 i;

	(void)arg;
	setup(&cfg);
	CHECK(!buf.scramble && kiog_buf_custom(&buf), "zero_buffers is scrambled");
	memset(a, 1, BS);
	fill(a, 0, 0, 4096);
	for (i = 0; i < BS; i++)
		CHECK(!a[i], "byte %u not zero", i);
	memset(&cfg, 0, sizeof(cfg));
	cfg.buffer_pattern = (struct kiog_pattern){ 2, { 0xab, 0xcd } };
	setup(&cfg);
	fill(a, 0, 0, 333);
	for (i = 0; i < BS; i++)
		CHECK(a[i] == (i & 1 ? 0xcd : 0xab), "byte %u: %x", i, a[i]);
	return T_PASS;
}

static int t_scramble(const void *arg)
{
	struct kiog_buf_cfg cfg = { .scramble_buffers = 1 };
	__u32 i, diff = 0;

	(void)arg;
	setup(&cfg);
	CHECK(!buf.scramble && !kiog_buf_custom(&buf), "plain blocks are scrambled");
	cfg.buffer_compress_percentage = 50;
	setup(&cfg);
	CHECK(buf.scramble && kiog_buf_per_write(&buf), "compressible blocks are not");
	memset(a, 0, BS);
	memset(b, 0, BS);
	kiog_buf_scramble(a, BS, 0, 1 << 20, 1);
	kiog_buf_scramble(b, 4096, 0, 1 << 20, 2);
	kiog_buf_scramble(b + 4096, BS - 4096, 4096, 1 << 20, 2);
	for (i = 0; i < BS; i += 512)
		diff += !!memcmp(a + i, b + i, 512);
	CHECK(diff == BS / 512, "%u of %u sectors differ between two writes", diff, BS / 512);
	return T_PASS;
}

static int t_digest(const void *arg)
{
	struct kiog_buf_cfg cfg = { .scramble_buffers = 1 };
	__u64 d0 = 0, d1 = 0;

	(void)arg;
	kiog_buf_init(&buf, &cfg, 42, 0, 0, &d0);
	cfg.buffer_compress_percentage = 50;
	kiog_buf_init(&buf, &cfg, 42, 0, 0, &d1);
	CHECK(d0 != d1, "the digest does not cover buffer_compress_percentage");
	return T_PASS;
}

static const struct tcase cases[] = {
	{ "buffer_compress_percentage: each chunk's share of zeros, exactly", t_compress, NULL },
	{ "a block filled in any pieces holds the same bytes", t_pieces, NULL },
	{ "filled by runs: the bytes of the byte-at-a-time definition", t_reference, NULL },
	{ "dedupe_percentage: its share of writes repeat contents", t_dedupe, NULL },
	{ "zero_buffers and buffer_pattern", t_zero_pattern, NULL },
	{ "scramble_buffers: compressible blocks, every 512 bytes differ between writes", t_scramble, NULL },
	{ "the stream digest covers the buffer settings", t_digest, NULL },
};

int main(void)
{
	return run_cases(cases, ARRAY_SIZE(cases));
}
