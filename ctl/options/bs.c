// SPDX-License-Identifier: GPL-2.0
/*
 * fio's options of block sizes and of the stream's shape, which need more
 * than one field each: bs per direction (bs=READ,WRITE), bsrange, bssplit
 * (percentages resolved as fio's bssplit_ddir()), blockalign, and rw's
 * postfix (rw=randread:8, rw=read:4k); with the rows of bsrange, bssplit,
 * blockalign and the stream's shape (bs and rw are in the main table). The
 * generator that uses the fields is include/kiogen/bs.h.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <kiogen/workload.h>

#include "bs.h"
#include "options.h"

/*
 * fio's str_split_parse(): "a" is every direction's, "a,b" the reads' and
 * the writes' (",b": the writes' only), a third part is the trims' (only bs
 * takes it; the others leave trims their fixed size). Splits @buf in place;
 * @dir[1] is NULL when there was no comma, @dir[2] when there was no second.
 */
static void kg_split_dirs(char *buf, char *dir[3])
{
	char *p = strchr(buf, ',');

	dir[0] = buf;
	dir[1] = dir[2] = NULL;
	if (!p)
		return;
	*p++ = '\0';
	dir[1] = p;
	p = strchr(p, ',');
	if (!p)
		return;
	*p++ = '\0';
	dir[2] = p;
	p = strchr(p, ',');
	if (p)
		*p = '\0';
}

static int kg_bs_size(const char *name, const char *s, uint32_t min, uint32_t *out,
		      FILE *err)
{
	uint64_t v;

	if (kg_parse_size(s, &v) || v < min || v > KIOGEN_MAX_BS) {
		fprintf(err, "kiogen: %s: '%s' is not a size from %u to %u (e.g. 4k)\n",
			name, s, min, KIOGEN_MAX_BS);
		return -EINVAL;
	}
	*out = (uint32_t)v;
	return 0;
}

/* a copy of @v split by direction, or an error if it does not fit */
static int kg_bs_dirs(const char *name, const char *v, char *buf, size_t len,
		      char *dir[3], FILE *err)
{
	if (strlen(v) >= len) {
		fprintf(err, "kiogen: %s: longer than %zu characters\n", name, len - 1);
		return -EINVAL;
	}
	strcpy(buf, v);
	kg_split_dirs(buf, dir);
	return 0;
}

/*
 * bs=SIZE or bs=READ,WRITE[,TRIM]: a fixed size per direction (no range, no
 * split); as fio, a direction left out takes the last size given.
 */
int kg_opt_bs(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
	      const char *v, FILE *err)
{
	uint32_t r = j->bs, w = j->bs_write ?: j->bs, t;
	char buf[64], *dir[3];

	(void)js;
	if (kg_bs_dirs("bs", v, buf, sizeof(buf), dir, err))
		return -EINVAL;
	if (*dir[0] && kg_bs_size("bs", dir[0], KIOGEN_MIN_BS, &r, err))
		return -EINVAL;
	if (!dir[1])
		w = r;
	else if (*dir[1] && kg_bs_size("bs", dir[1], KIOGEN_MIN_BS, &w, err))
		return -EINVAL;
	t = w;
	if (dir[2] && *dir[2] && kg_bs_size("bs", dir[2], KIOGEN_MIN_BS, &t, err))
		return -EINVAL;
	if (!r || (!*dir[0] && (!dir[1] || !*dir[1]) && (!dir[2] || !*dir[2]))) {
		fprintf(err, "kiogen: %s: '%s' names no size\n", o ? o->name : "bs", v);
		return -EINVAL;
	}
	j->bs = r;
	j->bs_write = w == r ? 0 : w;
	j->bs_trim = t == w ? 0 : t;
	j->bs_max = j->bs_write_max = 0;
	j->bssplit.nr = 0;
	return 0;
}

static int kg_bs_range(const char *s, uint32_t *min, uint32_t *max, FILE *err)
{
	char part[32], *dash;

	if (strlen(s) >= sizeof(part) || !(dash = strpbrk(strcpy(part, s), "-:"))) {
		fprintf(err, "kiogen: bsrange: '%s' is not a range MIN-MAX (e.g. 4k-64k)\n", s);
		return -EINVAL;
	}
	*dash++ = '\0';
	if (kg_bs_size("bsrange", part, KIOGEN_MIN_BS, min, err) ||
	    kg_bs_size("bsrange", dash, KIOGEN_MIN_BS, max, err))
		return -EINVAL;
	if (*max < *min) {
		fprintf(err, "kiogen: bsrange: '%s': the largest size is below the smallest\n", s);
		return -EINVAL;
	}
	return 0;
}

/* bsrange=MIN-MAX or READMIN-READMAX,WRITEMIN-WRITEMAX */
static int kg_opt_bsrange(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
			  const char *v, FILE *err)
{
	uint32_t r0 = j->bs, r1 = j->bs_max ?: j->bs;
	uint32_t w0 = j->bs_write ?: j->bs, w1 = j->bs_write_max ?: w0;
	char buf[96], *dir[3];

	(void)js;
	(void)o;
	if (kg_bs_dirs("bsrange", v, buf, sizeof(buf), dir, err))
		return -EINVAL;
	if (*dir[0] && kg_bs_range(dir[0], &r0, &r1, err))
		return -EINVAL;
	if (!dir[1]) {
		w0 = r0;
		w1 = r1;
	} else if (*dir[1] && kg_bs_range(dir[1], &w0, &w1, err)) {
		return -EINVAL;
	}
	j->bs = r0;
	j->bs_max = r1;
	j->bs_write = w0;
	j->bs_write_max = w1;
	j->bssplit.nr = 0;
	return 0;
}

/*
 * One direction's bssplit, as fio's split_parse_ddir() and bssplit_ddir():
 * SIZE/PERCENT entries separated by ':', a percent above 100 is 100, a
 * missing or 0 one shares what the others leave (a lone entry gets 100).
 * kiogen refuses percentages that add up to more than 100.
 */
static int kg_bssplit_dir(struct kg_job *j, char *str, bool write, FILE *err)
{
	uint32_t bs[KIOGEN_MAX_ZONES], perc[KIOGEN_MAX_ZONES];
	uint32_t n = 0, i, sum = 0, missing = 0;
	char *tok, *save = NULL, *slash;

	for (tok = strtok_r(str, ":", &save); tok; tok = strtok_r(NULL, ":", &save)) {
		if (n == KIOGEN_MAX_ZONES) {
			fprintf(err, "kiogen: bssplit: at most %d entries a direction\n",
				KIOGEN_MAX_ZONES);
			return -EINVAL;
		}
		slash = strchr(tok, '/');
		if (slash)
			*slash++ = '\0';
		if (kg_bs_size("bssplit", tok, KIOGEN_MIN_BS, &bs[n], err))
			return -EINVAL;
		perc[n] = 0;
		if (slash && *slash) {
			char *end;

			errno = 0;
			perc[n] = (uint32_t)strtoul(slash, &end, 10);
			if (errno || *end || *slash < '0' || *slash > '9') {
				fprintf(err, "kiogen: bssplit: %s/%s: the percent is not a number\n",
					tok, slash);
				return -EINVAL;
			}
			if (perc[n] > 100)
				perc[n] = 100;
		}
		missing += !perc[n];
		sum += perc[n++];
	}
	if (!n)
		return 0;
	if (sum > 100) {
		fprintf(err, "kiogen: bssplit: the %s' percentages add up to %u, more than 100\n",
			write ? "writes" : "reads", sum);
		return -EINVAL;
	}
	for (i = 0; i < n; i++) {
		uint32_t p = perc[i];

		if (!p)
			p = n == 1 ? 100 : (100 - sum) / missing;
		j->bssplit.z[j->bssplit.nr++] = KIOGEN_ZONE(write, p, bs[i]);
	}
	return 0;
}

/* bssplit=SIZE/PERCENT:... per direction; the split decides the sizes */
static int kg_opt_bssplit(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
			  const char *v, FILE *err)
{
	char buf[1024], *dir[3];
	uint32_t i, n;

	(void)js;
	(void)o;
	if (kg_bs_dirs("bssplit", v, buf, sizeof(buf), dir, err))
		return -EINVAL;
	j->bssplit.nr = 0;
	if (kg_bssplit_dir(j, dir[0], false, err))
		return -EINVAL;
	if (!dir[1]) {
		/* one set: the writes' are a copy */
		for (i = 0, n = j->bssplit.nr; i < n; i++)
			j->bssplit.z[j->bssplit.nr++] = j->bssplit.z[i] | KIOGEN_ZONE_WRITE;
	} else if (kg_bssplit_dir(j, dir[1], true, err)) {
		return -EINVAL;
	}
	if (!j->bssplit.nr) {
		fprintf(err, "kiogen: bssplit: '%s' has no entry (e.g. 4k/80:64k/20)\n", v);
		return -EINVAL;
	}
	j->bs_max = j->bs_write_max = 0;
	return 0;
}

/* blockalign=SIZE or READ,WRITE */
static int kg_opt_blockalign(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
			     const char *v, FILE *err)
{
	uint32_t r = j->blockalign, w = j->blockalign_write;
	char buf[64], *dir[3];

	(void)js;
	(void)o;
	if (kg_bs_dirs("blockalign", v, buf, sizeof(buf), dir, err))
		return -EINVAL;
	if (*dir[0] && kg_bs_size("blockalign", dir[0], 1, &r, err))
		return -EINVAL;
	if (!dir[1])
		w = r;
	else if (*dir[1] && kg_bs_size("blockalign", dir[1], 1, &w, err))
		return -EINVAL;
	j->blockalign = r;
	j->blockalign_write = w;
	return 0;
}

/*
 * fio's rw=PATTERN[:N]: a random pattern takes a new random offset every N
 * I/Os; a sequential one leaves a hole of N bytes after each I/O.
 */
int kg_opt_rw(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
	      const char *v, FILE *err)
{
	const struct kg_opt_value *pv;
	const char *colon;
	uint64_t x = 0;
	uint32_t n;

	(void)js;
	pv = kg_posval_word(o, v, &colon);
	if (!pv) {
		fprintf(err, "kiogen: rw: '%s' is not ", v);
		for (pv = o->posval; pv->ival; pv++)
			fprintf(err, "%s%s", pv == o->posval ? "" : pv[1].ival ? ", " : " or ",
				pv->ival);
		fprintf(err, " (see: kiogen help run)\n");
		return -EINVAL;
	}
	j->rw = pv->oval;
	j->rw_seq_nr = 1;
	j->rw_seq_add = 0;
	if (!colon)
		return 0;
	if (kiog_rw_random(j->rw)) {
		if (kg_parse_count(colon + 1, &n)) {
			fprintf(err, "kiogen: rw: '%s': after ':' a random pattern takes a count of I/Os (a new random offset every N), at least 1\n",
				v);
			return -EINVAL;
		}
		j->rw_seq_nr = n;
		return 0;
	}
	if (colon[1] == '-') {
		fprintf(err, "kiogen: rw: '%s': fio's negative stride (reading backwards) is not supported by kiogen: its sequential I/O only moves forward, a hole after each\n",
			v);
		return -EINVAL;
	}
	if (kg_parse_size(colon + 1, &x)) {
		fprintf(err, "kiogen: rw: '%s': after ':' a sequential pattern takes the size of a hole (e.g. read:4k)\n",
			v);
		return -EINVAL;
	}
	j->rw_seq_add = x;
	return 0;
}

/* bs=... as fio's syntax from the fields: "4096", "4096,65536" or with trims' */
const char *kg_bs_show(const struct kg_job *j, char *buf, size_t len)
{
	if (j->bs_trim)
		snprintf(buf, len, "%u,%u,%u", j->bs, j->bs_write ?: j->bs, j->bs_trim);
	else if (j->bs_write && j->bs_write != j->bs)
		snprintf(buf, len, "%u,%u", j->bs, j->bs_write);
	else
		snprintf(buf, len, "%u", j->bs);
	return buf;
}

static const char *kg_bsrange_show(const struct kg_job *j, char *buf, size_t len)
{
	if (!j->bs_max && !j->bs_write_max)
		return NULL;
	snprintf(buf, len, "%u-%u,%u-%u", j->bs, j->bs_max ?: j->bs,
		 j->bs_write ?: j->bs, j->bs_write_max ?: (j->bs_write ?: j->bs));
	return buf;
}

static const char *kg_bssplit_show(const struct kg_job *j, char *buf, size_t len)
{
	size_t n = 0;
	uint32_t i;
	int d;

	if (!j->bssplit.nr)
		return NULL;
	buf[0] = '\0';
	for (d = 0; d < 2; d++) {
		bool first = true;

		if (d && n < len)
			n += (size_t)snprintf(buf + n, len - n, ",");
		for (i = 0; i < j->bssplit.nr && n < len; i++) {
			uint64_t z = j->bssplit.z[i];

			if (!!(z & KIOGEN_ZONE_WRITE) != d)
				continue;
			n += (size_t)snprintf(buf + n, len - n, "%s%llu/%u", first ? "" : ":",
					      (unsigned long long)(z & KIOGEN_ZONE_SIZE_MASK),
					      (unsigned int)(z >> KIOGEN_ZONE_ACCESS_SHIFT &
							     KIOGEN_ZONE_ACCESS_MASK));
			first = false;
		}
	}
	return buf;
}

static const char *kg_blockalign_show(const struct kg_job *j, char *buf, size_t len)
{
	if (!j->blockalign && !j->blockalign_write)
		return NULL;
	snprintf(buf, len, "%u,%u", j->blockalign, j->blockalign_write);
	return buf;
}

/*
 * The sizes of a finished job, checked as the kernel checks them
 * (kiog_bs_check()), and the region against the largest size.
 */
int kg_bs_finish(const struct kg_job *j, FILE *err)
{
	struct kiog_wl_cfg c;
	struct kiog_bs b;
	const char *msg;

	KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, &c, j);
	msg = kiog_bs_check(&c);
	if (msg) {
		fprintf(err, "kiogen: %s: %s\n", j->name, msg);
		return -EINVAL;
	}
	kiog_bs_init(&b, &c, 0);
	if (j->size && j->size < kiog_bs_largest(&b, j->rw)) {
		fprintf(err, "kiogen: %s: size: smaller than the largest block size\n", j->name);
		return -EINVAL;
	}
	return 0;
}

/*
 * The block size and stream shape options: their rows, after the rate
 * options (ctl/options/parse.c walks the tables in that order).
 */
const struct kg_option kg_bs_options[] = {
	{
		.name = "bsrange", .alias = "blocksize_range", .type = KG_OPT_STR, .len = 96,
		.cb = kg_opt_bsrange, .show = kg_bsrange_show, .report = KG_REPORT_SET,
		.category = KG_CAT_IO,
		.help = "sizes drawn from MIN-MAX, or READMIN-READMAX,WRITEMIN-WRITEMAX (multiples of MIN)",
	},
	{
		.name = "bssplit", .type = KG_OPT_STR, .len = 1024,
		.cb = kg_opt_bssplit, .show = kg_bssplit_show, .report = KG_REPORT_SET,
		.category = KG_CAT_IO,
		.help = "sizes by percent, SIZE/PERCENT:...; per direction with ','; a blank percent shares the rest",
	},
	{
		.name = "blocksize_unaligned", .alias = "bs_unaligned", .type = KG_OPT_BOOL,
		.off1 = KG_JOFF(blocksize_unaligned), .report = KG_REPORT_SET,
		.category = KG_CAT_IO,
		.help = "bsrange sizes are any byte count, not multiples of the smallest",
	},
	{
		.name = "blockalign", .alias = "ba", .type = KG_OPT_SIZE32,
		.off1 = KG_JOFF(blockalign), .minval = 1, .maxval = KIOGEN_MAX_BS,
		.cb = kg_opt_blockalign, .show = kg_blockalign_show, .report = KG_REPORT_SET,
		.category = KG_CAT_IO,
		.help = "random offsets are multiples of this, or READ,WRITE (default: the smallest size)",
	},
	{
		.name = "rw_sequencer", .type = KG_OPT_POSVAL, .off1 = KG_JOFF(rw_sequencer),
		.def = "sequential", .report = KG_REPORT_CHANGED, .category = KG_CAT_IO,
		.help = "what the I/Os between two random ones of rw=randX:N do",
		.posval = {
			{ "sequential", "continue from the previous I/O", 0 },
			{ "identical", "repeat the previous I/O's offset", KIOG_RW_SEQ_IDENTICAL },
		},
	},
	{
		.name = "offset_increment", .type = KG_OPT_SIZE64, .off1 = KG_JOFF(offset_increment),
		.report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "worker N (of numjobs) starts at offset + N times this",
	},
	{
		.name = "loops", .type = KG_OPT_INT, .off1 = KG_JOFF(loops),
		.minval = 1, .maxval = UINT32_MAX, .def = "1", .report = KG_REPORT_CHANGED,
		.category = KG_CAT_LIMITS, .help = "issue io_size this many times",
	},
	/* placement and priority (ctl/options/place.c, kmod/place.c) */
	{ .name = NULL },
};
