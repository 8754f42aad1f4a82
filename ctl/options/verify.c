// SPDX-License-Identifier: GPL-2.0
/*
 * verify in the CLI: verify_pattern's syntax (fio's 0x hex bytes or quoted
 * string), the checks of a job's verify options before anything runs (so
 * that both paths refuse the same jobs, with words), and the syscall path's
 * side of include/kiogen/verify.h: a block's header and CRC-32C or MD5
 * (include/kiogen/crc32c.h and md5.h: the kernel's crypto crc32c and md5)
 * and the checks of a block read back.
 */
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include <kiogen/crc32c.h>
#include <kiogen/md5.h>
#include <kiogen/meta.h>

#include "verify.h"

static int kg_hex(int c)
{
	return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

struct kiog_pattern *kg_job_pattern(const struct kg_option *o, struct kg_job *j)
{
	return strcmp(o->name, "buffer_pattern") ? &j->verify_pattern : &j->buffer_pattern;
}

int kg_opt_pattern(struct kg_jobs *js, struct kg_job *j,
		   const struct kg_option *o, const char *v, FILE *err)
{
	struct kiog_pattern *pat = kg_job_pattern(o, j);
	size_t n = strlen(v), i;

	(void)js;
	pat->len = 0;
	if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
		if (n - 2 > sizeof(pat->b) || n == 2)
			goto bad_len;
		memcpy(pat->b, v + 1, n - 2);
		pat->len = (uint32_t)(n - 2);
		return 0;
	}
	if (n > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) {
		const char *h = v + 2;
		size_t digits = n - 2, odd = digits & 1;

		for (i = 0; i < digits; i++)
			if (!isxdigit((unsigned char)h[i])) {
				fprintf(err, "kiogen: %s: %s: '%s' is not hex (0x followed by hex digits)\n",
					j->name, o->name, v);
				return -EINVAL;
			}
		if ((digits + 1) / 2 > sizeof(pat->b))
			goto bad_len;
		/* an odd digit count: the first byte is a single digit, as fio */
		for (i = 0; i < digits; i += 2 - (i == 0 && odd)) {
			if (i == 0 && odd)
				pat->b[pat->len++] = (uint8_t)kg_hex((unsigned char)h[0]);
			else
				pat->b[pat->len++] = (uint8_t)(kg_hex((unsigned char)h[i]) << 4 |
							       kg_hex((unsigned char)h[i + 1]));
		}
		return 0;
	}
	fprintf(err, "kiogen: %s: %s: '%s' is neither 0x hex bytes nor a quoted string\n",
		j->name, o->name, v);
	return -EINVAL;
bad_len:
	fprintf(err, "kiogen: %s: %s: 1 to %zu bytes\n", j->name, o->name,
		sizeof(pat->b));
	return -EINVAL;
}

int kg_job_verify_check(const struct kg_job *j, FILE *err)
{
	struct kiog_wl_cfg c;
	const char *msg;
	int attr = 0;

	/* before any worker thread sums */
	kiog_crc32c_init();
	if (j->verify == KIOGEN_VERIFY_NONE) {
		if (j->verify_only || j->verify_backlog)
			fprintf(err, "kiogen: %s: %s: ignored without verify (as fio)\n",
				j->name, j->verify_only ? "verify_only" : "verify_backlog");
		return 0;
	}
	if (j->verify == KIOGEN_VERIFY_PATTERN && !j->verify_pattern.len) {
		fprintf(err, "kiogen: %s: verify: pattern needs a verify_pattern\n", j->name);
		return -EINVAL;
	}
	if (j->verify_only && j->time_based) {
		fprintf(err, "kiogen: %s: verify_only: not with time_based (fio neither)\n",
			j->name);
		return -EINVAL;
	}
	if (!strcmp(j->engine, "null")) {
		struct kiog_vfy_cfg vc;

		KIOG_JOB_COPY(KIOG_JOB_VERIFY_FIELDS, &vc, j);
		msg = kiog_vfy_check_nodata(&vc, j->rw, j->time_based, &attr);
		if (msg) {
			fprintf(err, "kiogen: %s: %s\n", j->name, msg);
			return -EINVAL;
		}
	}
	if (kiog_meta_op_of(j->engine) != KIOG_META_NONE) {
		fprintf(err, "kiogen: %s: verify: ioengine=%s makes and removes files, it writes no blocks to check\n",
			j->name, j->engine);
		return -EINVAL;
	}
	KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, &c, j);
	msg = kiog_vfy_check_sizes(j->verify, &c, &attr);
	if (msg) {
		fprintf(err, "kiogen: %s: %s", j->name, msg);
		if (attr == KIOGEN_A_JOB_BS || attr == KIOGEN_A_JOB_BS_WRITE)
			fprintf(err, " (%u bytes)", KIOG_VFY_HDR_LEN);
		fputc('\n', err);
		return -EINVAL;
	}
	return 0;
}

/* The checksum of what the header's covers: CRC-32C little endian, or MD5 */
static void kg_verify_sum(const struct kiog_vfy *v, const uint8_t *b,
			  uint32_t len, uint8_t *sum)
{
	struct kiog_md5 m;
	uint32_t c;

	if (v->type == KIOGEN_VERIFY_MD5) {
		kiog_md5_init(&m);
		kiog_md5_update(&m, b, KIOG_VFY_SUMMED);
		kiog_md5_update(&m, b + KIOG_VFY_HDR_LEN, len - KIOG_VFY_HDR_LEN);
		kiog_md5_final(&m, sum);
		return;
	}
	if (v->type != KIOGEN_VERIFY_CRC32C)
		return;
	c = kiog_crc32c_update(~0U, b, KIOG_VFY_SUMMED);
	c = ~kiog_crc32c_update(c, b + KIOG_VFY_HDR_LEN, len - KIOG_VFY_HDR_LEN);
	sum[0] = (uint8_t)c;
	sum[1] = (uint8_t)(c >> 8);
	sum[2] = (uint8_t)(c >> 16);
	sum[3] = (uint8_t)(c >> 24);
}

void kg_verify_stamp(struct kiog_vfy *v, void *buf, uint64_t offset,
		     uint32_t len, uint64_t seq)
{
	uint8_t sum[16] = { 0 };

	kiog_vfy_stamp(v, buf, offset, len, seq);
	kg_verify_sum(v, buf, len, sum);
	kiog_vfy_seal(buf, sum, kiog_vfy_sum_len(v->type));
}

/* One block of @len bytes at @b, read from @offset; 0 or -EILSEQ. */
static int kg_verify_block(struct kiog_vfy *v, uint8_t *b, uint64_t offset,
			   uint32_t len, uint64_t seq)
{
	uint8_t sum[16] = { 0 };
	int err = 0;

	if (v->type != KIOGEN_VERIFY_PATTERN) {
		kg_verify_sum(v, b, len, sum);
		err = kiog_vfy_check_head(v, b, len, offset, len, seq, sum);
	}
	if (!err)
		err = kiog_vfy_check_fill(v, b, len, offset, len, b, len, 0);
	return err;
}

int kg_verify_check(struct kiog_vfy *v, struct kiog_core *c, void *buf,
		    uint64_t offset, uint32_t len, uint32_t done, uint64_t seq)
{
	/* a job that reads, of mixed sizes: each unit of a read is a block */
	uint32_t unit = !seq && v->read_unit ? v->read_unit : len, p;
	int err = 0, e;

	/* what the read left in the buffer is put back before a write (slot dirty) */
	if (done != len)
		return kiog_vfy_done(v, c, kiog_vfy_bad(v, KIOGEN_VERIFY_BAD_SHORT, buf,
							len, offset, len, seq));
	for (p = 0; p + unit <= len; p += unit) {
		e = kiog_vfy_done(v, c, kg_verify_block(v, (uint8_t *)buf + p, offset + p,
							unit, seq));
		if (!err)
			err = e;
	}
	return err;
}

void kg_verify_merge(struct kg_worker *into, const struct kg_worker *from)
{
	if (!from->has_verify)
		return;
	if (!into->has_verify || (!into->verify.errors && from->verify.errors)) {
		uint64_t verified = into->has_verify ? into->verify.verified : 0;
		uint64_t errors = into->has_verify ? into->verify.errors : 0;
		uint64_t over = into->has_verify ? into->verify.written_over : 0;

		into->verify = from->verify;
		into->verify.verified += verified;
		into->verify.errors += errors;
		into->verify.written_over += over;
	} else {
		into->verify.verified += from->verify.verified;
		into->verify.errors += from->verify.errors;
		into->verify.written_over += from->verify.written_over;
	}
	into->has_verify = true;
}

/*
 * The verify options: their rows, after the cgroup ones
 * (ctl/options/parse.c walks the tables in that order).
 */
const struct kg_option kg_verify_options[] = {
	{
		.name = "verify", .type = KG_OPT_POSVAL, .off1 = KG_JOFF(verify),
		.def = "0", .report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "write blocks that can be checked, and read them back after the writes (do_verify)",
		.posval = {
			{ "0", "no checking", KIOGEN_VERIFY_NONE },
			{ "crc32c", "a header, crc32c of the header and the data", KIOGEN_VERIFY_CRC32C },
			{ "crc32c-intel", "same as crc32c", KIOGEN_VERIFY_CRC32C },
			{ "md5", "a header, md5 of the header and the data", KIOGEN_VERIFY_MD5 },
			{ "meta", "the header alone (offset, run, job, worker, sequence)",
			  KIOGEN_VERIFY_META },
			{ "pattern", "no header: every byte is verify_pattern's", KIOGEN_VERIFY_PATTERN },
		},
	},
	{
		.name = "do_verify", .type = KG_OPT_INT, .off1 = KG_JOFF(do_verify),
		.minval = 0, .maxval = 1, .def = "1", .report = KG_REPORT_CHANGED,
		.category = KG_CAT_IO,
		.help = "with verify, read back and check what was written once the writes are done",
	},
	{
		.name = "verify_only", .type = KG_OPT_BOOL, .off1 = KG_JOFF(verify_only),
		.report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "write nothing: read back and check what the same job wrote before",
	},
	{
		.name = "verify_fatal", .type = KG_OPT_BOOL, .off1 = KG_JOFF(verify_fatal),
		.report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "end the job at the first mismatch, even with continue_on_error=verify",
	},
	{
		.name = "verify_backlog", .type = KG_OPT_INT, .off1 = KG_JOFF(verify_backlog),
		.report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "read back and check after every N writes, not only at the end",
	},
	{
		.name = "verify_pattern", .type = KG_OPT_STR, .len = 2 * KIOGEN_MAX_PATTERN + 3,
		.cb = kg_opt_pattern, .report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "bytes every written block is filled with: 0xHEX or a quoted string (at most 64 bytes)",
	},
	/* what written blocks hold (include/kiogen/buffer.h) */
	{ .name = NULL },
};
