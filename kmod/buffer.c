// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's side of what written blocks hold (include/kiogen/buffer.h):
 * a slot's buffer filled before the clock starts, and before each write
 * filled again (refill_buffers, dedupe_percentage) or scrambled
 * (scramble_buffers), chunk by chunk as one stream, so that the bytes are
 * the syscall path's.
 */
#include <linux/mm.h>

#include "kiogen.h"

/**
 * kiog_buffer_slot_fill() - a new slot's buffer, with the job's contents
 * @w: its worker
 * @s: the slot, buffers allocated
 *
 * Every slot holds the same bytes, so a write's do not depend on the slot
 * that carries it. Without buffer settings the seeded fill stays.
 */
void kiog_buffer_slot_fill(struct kiog_worker *w, struct kiog_slot *s)
{
	struct kiog_fill f;
	u32 i;

	if (!kiog_buf_custom(&w->buf))
		return;
	kiog_buf_start(&w->buf, &f, 0, 0);
	for (i = 0; i < s->nr_bvec; i++)
		kiog_buf_fill(&w->buf, &f, page_address(s->bvec[i].bv_page),
			      kiog_slot_chunk_len(s, i));
}

/**
 * kiog_buffer_write() - a block's contents, before its header is stamped
 * @w: the worker
 * @s: the slot, offset, length and write sequence number set
 */
void kiog_buffer_write(struct kiog_worker *w, struct kiog_slot *s)
{
	struct kiog_fill f;
	u32 i, pos = 0;

	if (w->buf.refill)
		kiog_buf_start(&w->buf, &f, s->vseq, 1);
	for (i = 0; i < s->nr_bvec && pos < s->len; i++) {
		u8 *p = page_address(s->bvec[i].bv_page);
		u32 n = min(kiog_slot_chunk_len(s, i), s->len - pos);

		if (w->buf.refill)
			kiog_buf_fill(&w->buf, &f, p, n);
		else
			kiog_buf_scramble(p, n, pos, s->offset, s->vseq);
		pos += n;
	}
}

/**
 * kiog_buffer_restore() - put back the contents a read overwrote
 * @w: the worker
 * @s: the slot, about to carry a write of s->len bytes
 *
 * The bytes of the job's contents (kiog_buffer_slot_fill()) and its
 * verify_pattern, where reads left theirs (kiog_buf_restores()): a write
 * must not carry what a read brought in.
 */
void kiog_buffer_restore(struct kiog_worker *w, struct kiog_slot *s)
{
	u32 n = min(s->dirty, s->len), i, pos = 0;
	bool fill = kiog_buf_custom(&w->buf) && !w->buf.refill;
	struct kiog_fill f;

	if (fill)
		kiog_buf_start(&w->buf, &f, 0, 0);
	for (i = 0; i < s->nr_bvec && pos < n; i++) {
		u8 *p = page_address(s->bvec[i].bv_page);
		u32 k = min(kiog_slot_chunk_len(s, i), n - pos);

		if (fill)
			kiog_buf_fill(&w->buf, &f, p, k);
		kiog_vfy_fill(&w->vfy.pat, p, k, pos);
		pos += k;
	}
	/* a longer read left more: it is put back when a write reaches it */
	if (s->dirty <= s->len)
		s->dirty = 0;
}
