// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Setting up a worker's data buffers (include/kiogen/buffer.h): fio's
 * buffer_pattern, compression and dedupe settings turned into the fill
 * state, once per worker; the fill itself stays inline in the header. Built
 * into both kiogen.ko and the CLI.
 */
#include <kiogen/buffer.h>

void kiog_buf_init(struct kiog_buf *b, const struct kiog_buf_cfg *cfg,
		   __u64 seed, int verify, int verify_pattern,
		   __u64 *digest)
{
	__u32 chunk = cfg->buffer_compress_chunk ? cfg->buffer_compress_chunk : 512;
	__u64 h = (__u64)cfg->zero_buffers | (__u64)cfg->refill_buffers << 1 |
		  (__u64)cfg->scramble_buffers << 2 |
		  (__u64)cfg->buffer_compress_percentage << 8 |
		  (__u64)cfg->dedupe_percentage << 16 | (__u64)chunk << 32;
	__u32 i;

	for (i = 0; i < cfg->buffer_pattern.len && i < sizeof(cfg->buffer_pattern.b); i++)
		h = __kiog_mix64(h ^ cfg->buffer_pattern.b[i]);
	/* fio's defaults leave the digest of a plain job as it was */
	if (cfg->zero_buffers || cfg->refill_buffers || !cfg->scramble_buffers ||
	    cfg->buffer_compress_percentage || cfg->dedupe_percentage ||
	    cfg->buffer_pattern.len || chunk != 512)
		*digest = __kiog_rotl64(*digest ^ __kiog_mix64(h ^ KIOG_BUF_SEED), 27) *
			  0x9fb21c651e98df25ULL;
	if (verify_pattern)	/* as fio: verify_pattern is what is written */
		return;

	b->pat = cfg->buffer_pattern;
	if (b->pat.len > sizeof(b->pat.b))
		b->pat.len = 0;
	b->zero = cfg->zero_buffers;
	b->dedupe = cfg->dedupe_percentage;
	b->refill = cfg->refill_buffers || b->dedupe;
	if (cfg->buffer_compress_percentage) {
		b->chunk = chunk;
		b->random_len = (__u32)(((__u64)chunk *
					 (100 - cfg->buffer_compress_percentage)) / 100);
	}
	/*
	 * Elsewhere the block header (offset, sequence) already makes every
	 * write's block its own, which is what fio scrambles for; compressible
	 * buffers go without it, and are scrambled instead.
	 */
	b->scramble = cfg->scramble_buffers && b->chunk && !b->refill && !verify;
	b->seed = kiog_seed_mix(seed, KIOG_BUF_SEED);
	kiog_rng_seed(&b->dedupe_rng, kiog_seed_mix(seed, KIOG_BUF_DEDUPE));
}
