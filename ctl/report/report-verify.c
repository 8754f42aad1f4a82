// SPDX-License-Identifier: GPL-2.0
/*
 * A job's verification in the reports: how many blocks were read back and
 * checked, how many did not check out, and the first of them: its offset,
 * why, the header that was expected (run, job, worker, sequence, offset)
 * and what was found there, in the text under the job's counters and in
 * the JSON's "kiogen" object as "verify".
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "json/json.h"
#include "options/verify.h"

static const char *const kg_verify_bad_names[] = {
	[KIOGEN_VERIFY_BAD_NONE]	= "none",
	[KIOGEN_VERIFY_BAD_MAGIC]	= "no kiogen header",
	[KIOGEN_VERIFY_BAD_HEADER]	= "another block's header",
	[KIOGEN_VERIFY_BAD_SEQ]		= "an older write",
	[KIOGEN_VERIFY_BAD_SUM]		= "checksum differs",
	[KIOGEN_VERIFY_BAD_PATTERN]	= "pattern differs",
	[KIOGEN_VERIFY_BAD_SHORT]	= "short read",
};

static const char *kg_verify_bad_name(uint32_t what)
{
	if (what < sizeof(kg_verify_bad_names) / sizeof(kg_verify_bad_names[0]))
		return kg_verify_bad_names[what];
	return "unknown";
}

static bool kg_verify_has_magic(const struct kiogen_verify_header *vh)
{
	return !memcmp(vh->h.magic, KIOGEN_BLOCK_MAGIC, sizeof(vh->h.magic));
}

/* A checksum as hex: crc32c as the number, md5 as its bytes */
static void kg_verify_sum_str(char *s, size_t n, uint32_t type, const uint8_t *sum)
{
	uint32_t i, len = kiog_vfy_sum_len(type);

	*s = 0;
	if (type == KIOGEN_VERIFY_CRC32C) {
		snprintf(s, n, "%08x", (uint32_t)sum[0] | (uint32_t)sum[1] << 8 |
			 (uint32_t)sum[2] << 16 | (uint32_t)sum[3] << 24);
		return;
	}
	for (i = 0; i < len && 2 * i + 2 < n; i++)
		snprintf(s + 2 * i, n - 2 * i, "%02x", sum[i]);
}

/* @with_sum: the checksum is known (not of an expected header) */
static void kg_verify_text_hdr(FILE *f, const char *label,
			       const struct kiogen_verify_header *vh, bool with_sum)
{
	char sum[40];

	if (!kg_verify_has_magic(vh)) {
		const uint8_t *b = (const uint8_t *)vh;
		int i;

		fprintf(f, "       %s: no kiogen header, bytes", label);
		for (i = 0; i < 16; i++)
			fprintf(f, " %02x", b[i]);
		fputc('\n', f);
		return;
	}
	kg_verify_sum_str(sum, sizeof(sum), vh->type, vh->sum);
	fprintf(f, "       %s: offset=%" PRIu64 ", run=%u, job=%u, worker=%u, seq=%" PRIu64,
		label, (uint64_t)vh->h.offset, vh->h.run, vh->h.job, vh->h.worker,
		(uint64_t)vh->h.seq);
	if (*sum && with_sum)
		fprintf(f, ", sum=%s", sum);
	fputc('\n', f);
}

void kg_verify_text(FILE *f, const struct kg_worker *w)
{
	const struct kiogen_verify_result *r = &w->verify;
	char sum[40];

	if (!w->has_verify)
		return;
	fprintf(f, "     verify    : checked=%" PRIu64 ", mismatches=%" PRIu64,
		(uint64_t)r->verified, (uint64_t)r->errors);
	/* writes of mixed sizes: blocks a later write covered, not read back */
	if (r->written_over)
		fprintf(f, ", written over=%" PRIu64, (uint64_t)r->written_over);
	fputc('\n', f);
	if (!r->errors)
		return;
	fprintf(f, "     mismatch  : offset=%" PRIu64 ", length=%u: %s\n",
		(uint64_t)r->offset, r->len, kg_verify_bad_name(r->what));
	if (r->what == KIOGEN_VERIFY_BAD_PATTERN) {
		fprintf(f, "       byte %" PRIu64 " of the block: expected 0x%02x, found 0x%02x\n",
			(uint64_t)r->bad_byte, r->want, r->got);
		if (r->expected.type == KIOGEN_VERIFY_PATTERN)
			return;
	}
	kg_verify_text_hdr(f, "expected", &r->expected, false);
	kg_verify_text_hdr(f, "found   ", &r->found, true);
	if (r->what == KIOGEN_VERIFY_BAD_SUM) {
		kg_verify_sum_str(sum, sizeof(sum), r->found.type, r->sum_found);
		fprintf(f, "       computed: sum=%s over what was read\n", sum);
	}
}

static void kg_verify_json_hdr(struct kg_json *j, const char *key,
			       const struct kiogen_verify_header *vh, bool with_sum)
{
	char sum[40];

	kg_json_obj(j, key);
	kg_json_bool(j, "header", kg_verify_has_magic(vh));
	if (kg_verify_has_magic(vh)) {
		kg_json_u64(j, "offset", vh->h.offset);
		kg_json_u64(j, "run", vh->h.run);
		kg_json_u64(j, "job", vh->h.job);
		kg_json_u64(j, "worker", vh->h.worker);
		kg_json_u64(j, "seq", vh->h.seq);
		kg_verify_sum_str(sum, sizeof(sum), vh->type, vh->sum);
		if (*sum && with_sum)
			kg_json_string(j, "sum", sum);
	}
	kg_json_end(j);
}

void kg_verify_json(struct kg_json *j, const struct kg_worker *w)
{
	const struct kiogen_verify_result *r = &w->verify;
	char sum[40];

	if (!w->has_verify)
		return;
	kg_json_obj(j, "verify");
	kg_json_u64(j, "checked", r->verified);
	kg_json_u64(j, "mismatches", r->errors);
	kg_json_u64(j, "written_over", r->written_over);
	if (r->errors) {
		kg_json_obj(j, "first_mismatch");
		kg_json_u64(j, "offset", r->offset);
		kg_json_u64(j, "length", r->len);
		kg_json_string(j, "what", kg_verify_bad_name(r->what));
		if (r->what == KIOGEN_VERIFY_BAD_PATTERN) {
			kg_json_u64(j, "byte", r->bad_byte);
			kg_json_u64(j, "byte_expected", r->want);
			kg_json_u64(j, "byte_found", r->got);
		}
		if (r->expected.type != KIOGEN_VERIFY_PATTERN) {
			kg_verify_json_hdr(j, "expected", &r->expected, false);
			kg_verify_json_hdr(j, "found", &r->found, true);
		}
		if (r->what == KIOGEN_VERIFY_BAD_SUM) {
			kg_verify_sum_str(sum, sizeof(sum), r->found.type, r->sum_found);
			kg_json_string(j, "sum_computed", sum);
		}
		kg_json_end(j);
	}
	kg_json_end(j);
}
