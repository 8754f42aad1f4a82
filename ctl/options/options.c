// SPDX-License-Identifier: GPL-2.0
/*
 * The table of fio options kiogen understands, in fio's style (options.c:
 * name, alias, inverse, allowed values each with its help, a callback where
 * a value needs one, default, help), and the callbacks of its rows that
 * storing a value cannot do. The parser that walks it is parse.c, the
 * fix-ups after parsing fixup.c. Groups of rows have a file of their own,
 * walked after this table (rate.c, bs.c, place.c, cgroup.c, verify.c,
 * buffers.c, refuse.c, fio-only.c: fio's options kiogen does not honour, each
 * with why), and an engine's and the log files' register theirs.
 * The ioengine names are those of the registry, ioengines.h.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <kiogen/core.h>
#include <kiogen/dist.h>
#include <kiogen/workload.h>

#include "bs.h"
#include "cgroup.h"
#include "ioengines.h"
#include "options.h"
#include "verify.h"

/* fio's filesize=irange: one size, or LOW-HIGH (ioengine=filecreate only) */
static int kg_opt_filesize(struct kg_jobs *js, struct kg_job *j,
			   const struct kg_option *o, const char *v, FILE *err)
{
	char lo[64];
	const char *dash = strchr(v, '-');
	uint64_t a = 0, b;

	(void)js;
	if (dash) {
		snprintf(lo, sizeof(lo), "%.*s", (int)(dash - v), v);
		if (kg_parse_size(lo, &a) || kg_parse_size(dash + 1, &b) || a > b) {
			fprintf(err, "kiogen: %s: '%s' is not a size or a range LOW-HIGH of sizes\n",
				o->name, v);
			return -EINVAL;
		}
	} else if (kg_parse_size(v, &b)) {
		fprintf(err, "kiogen: %s: '%s' is not a valid size (e.g. 4k, 16k, 1m, 10g)\n",
			o->name, v);
		return -EINVAL;
	}
	j->filesize = b;
	j->meta_filesize_min = a < b ? a : 0;
	return 0;
}

int kg_opt_name(struct kg_jobs *js, struct kg_job *j,
		       const struct kg_option *o, const char *v, FILE *err)
{
	(void)j;
	(void)o;
	if (js->nr_jobs >= KG_MAX_JOBS) {
		fprintf(err, "kiogen: name: at most %d jobs in one run\n", KG_MAX_JOBS);
		return -EINVAL;
	}
	j = &js->jobs[js->nr_jobs++];
	*j = js->defaults;
	strcpy(j->name, v);
	return 0;
}

/* randrepeat=0: a new seed each run, from the clock */
static int kg_opt_randrepeat(struct kg_jobs *js, struct kg_job *j,
			     const struct kg_option *o, const char *v, FILE *err)
{
	struct timespec ts;

	(void)js;
	(void)o;
	(void)err;
	if (v && !strcmp(v, "0")) {
		clock_gettime(CLOCK_REALTIME, &ts);
		j->seed = (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
	}
	return 0;
}

/* whether direct= was given at all decides the engine of a block device */
static int kg_opt_direct(struct kg_jobs *js, struct kg_job *j,
			 const struct kg_option *o, const char *v, FILE *err)
{
	(void)js;
	(void)o;
	(void)err;
	j->direct = !v || !strcmp(v, "1");
	j->direct_set = true;
	return 0;
}

/* An errno by its name (EIO, as strerrorname_np() names it) or number */
static int kg_errno_of(const char *s)
{
	char *end;
	long v;
	int e;

	if (*s == 'E') {
		/* fio's aliases of one errno */
		if (!strcmp(s, "EWOULDBLOCK"))
			return EAGAIN;
		if (!strcmp(s, "EDEADLOCK"))
			return EDEADLK;
		for (e = 1; e <= KIOG_ERRNO_MAX; e++)
			if (strerrorname_np(e) && !strcmp(strerrorname_np(e), s))
				return e;
		return 0;
	}
	errno = 0;
	v = strtol(s, &end, 0);
	if (errno || *end || v < -KIOG_ERRNO_MAX || v > KIOG_ERRNO_MAX)
		return 0;
	return v < 0 ? -v : v;
}

/*
 * fio's ignore_error=READ,WRITE,VERIFY: each a list of errnos with ':'
 * between them, which that error type then survives instead of EIO and
 * EILSEQ; a type given a list gets its continue_on_error bit, as fio's.
 */
static int kg_opt_ignore_error(struct kg_jobs *js, struct kg_job *j,
			       const struct kg_option *o, const char *v, FILE *err)
{
	char buf[256], *types = buf, *list, *name;
	unsigned int t, e;

	(void)js;
	if (strlen(v) >= sizeof(buf)) {
		fprintf(err, "kiogen: %s: '%s' is too long\n", o->name, v);
		return -EINVAL;
	}
	snprintf(buf, sizeof(buf), "%s", v);
	memset(&j->ignore_error, 0, sizeof(j->ignore_error));
	for (t = 0; (list = strsep(&types, ",")); t++) {
		if (t == KIOG_ERR_TYPES) {
			fprintf(err, "kiogen: %s: '%s': at most three lists, READ,WRITE,VERIFY\n",
				o->name, v);
			return -EINVAL;
		}
		while ((name = strsep(&list, ":")) && *name) {
			e = kg_errno_of(name);
			if (!e) {
				fprintf(err, "kiogen: %s: '%s' is not an error kiogen knows (a name as EIO, or a number from 1 to %d)\n",
					o->name, name, KIOG_ERRNO_MAX);
				return -EINVAL;
			}
			j->ignore_error.z[t * KIOG_ERRNO_WORDS + e / 64] |= 1ULL << (e % 64);
			j->continue_on_error |= 1U << t;
		}
	}
	j->ignore_error.nr = KIOG_ERR_TYPES * KIOG_ERRNO_WORDS;
	return 0;
}

/* A flag stored inverted: fio's default 1 is kiogen's zeroed field */
static int kg_opt_not(struct kg_jobs *js, struct kg_job *j,
		      const struct kg_option *o, const char *v, FILE *err)
{
	(void)js;
	(void)err;
	*(bool *)((char *)j + o->off1) = v && !strcmp(v, "0");
	return 0;
}

/* fio's uid and gid: no default, and 0 (root) is a value */
static int kg_opt_id(struct kg_jobs *js, struct kg_job *j,
		     const struct kg_option *o, const char *v, FILE *err)
{
	uint32_t id = strtoul(v, NULL, 0);

	(void)js;
	(void)err;
	if (!strcmp(o->name, "uid")) {
		j->uid = id;
		j->uid_set = true;
	} else {
		j->gid = id;
		j->gid_set = true;
	}
	return 0;
}

/* fio's atomic=1: O_ATOMIC is no flag Linux knows, so fio's atomic is direct */
static int kg_opt_atomic(struct kg_jobs *js, struct kg_job *j,
			 const struct kg_option *o, const char *v, FILE *err)
{
	return v && !strcmp(v, "0") ? 0 : kg_opt_direct(js, j, o, "1", err);
}

/* bwavgtime, iopsavgtime: windows of whole samples, which are 500 ms */
static int kg_opt_avgtime(struct kg_jobs *js, struct kg_job *j,
			  const struct kg_option *o, const char *v, FILE *err)
{
	uint32_t ms = (uint32_t)strtoul(v, NULL, 10), sample_ms = KIOG_SAMPLE_NS / 1000000;

	(void)js;
	if (!ms || ms % sample_ms) {
		fprintf(err, "kiogen: %s: %s is not a multiple of %u ms, kiogen's sample window\n",
			o->name, v, sample_ms);
		return -EINVAL;
	}
	*(uint32_t *)((char *)j + o->off1) = ms;
	return 0;
}

/* fio's buffered: the inverse of direct */
static int kg_opt_buffered(struct kg_jobs *js, struct kg_job *j,
			   const struct kg_option *o, const char *v, FILE *err)
{
	return kg_opt_direct(js, j, o, v && !strcmp(v, "0") ? "1" : "0", err);
}

/* fio's --minimal: terse alone, whatever output-format said before */
static int kg_opt_minimal(struct kg_jobs *js, struct kg_job *j,
			  const struct kg_option *o, const char *v, FILE *err)
{
	(void)j;
	(void)o;
	(void)err;
	if (!v || !strcmp(v, "1"))
		js->global.output_formats = KG_OUT_TERSE;
	return 0;
}

/* repeat_until=X%, as the issue writes it: 2, 2%, +-2% or the plus-minus sign */
static int kg_opt_repeat_until(struct kg_jobs *js, struct kg_job *j,
			       const struct kg_option *o, const char *v, FILE *err)
{
	const char *s = v ? v : "";
	char *end = NULL;
	double pct = 0;

	(void)j;
	(void)o;
	if (!strncmp(s, "\xc2\xb1", 2))	/* UTF-8 of the plus-minus sign */
		s += 2;
	else if (!strncmp(s, "+-", 2))
		s += 2;
	if (*s >= '0' && *s <= '9')
		pct = strtod(s, &end);
	if (end && *end == '%')
		end++;
	if (!end || *end || !(pct > 0 && pct <= 100)) {
		fprintf(err, "kiogen: repeat_until: '%s' is not a percentage in (0, 100] like 2%% or +-2%%\n",
			v ? v : "");
		return -EINVAL;
	}
	js->global.repeat_until = pct;
	return 0;
}

/* fio's parameter of a distribution, in millionths; false if not a number */
static bool kg_dist_float(const char *s, const char *def, uint32_t *ppm)
{
	char *end;
	double x;

	if (!*s)
		s = def;
	errno = 0;
	x = strtod(s, &end);
	if (errno || *end || end == s || x < 0 || x > 4000)
		return false;
	*ppm = (uint32_t)(x * KIOG_DIST_PPM + 0.5);
	return true;
}

/*
 * One direction's zones of zoned (sizes in percent) or zoned_abs (sizes in
 * bytes): ACCESS/SIZE entries separated by ':', as fio; zoned sizes left
 * out share what the others leave, as fio.
 */
static int kg_zones_parse(struct kg_job *j, char *str, bool abs, bool write, FILE *err)
{
	uint64_t size[KIOGEN_MAX_ZONES];
	uint32_t access[KIOGEN_MAX_ZONES], n = 0, i, missing = 0, acc = 0, sum = 0;
	char *tok, *save = NULL, *slash, *end;

	for (tok = strtok_r(str, ":", &save); tok; tok = strtok_r(NULL, ":", &save)) {
		if (n == KIOGEN_MAX_ZONES) {
			fprintf(err, "kiogen: random_distribution: at most %d zones a direction\n",
				KIOGEN_MAX_ZONES);
			return -EINVAL;
		}
		slash = strchr(tok, '/');
		if (slash)
			*slash++ = '\0';
		errno = 0;
		access[n] = (uint32_t)strtoul(tok, &end, 10);
		if (errno || *end || end == tok || !isdigit((unsigned char)*tok) || access[n] > 100) {
			fprintf(err, "kiogen: random_distribution: zone '%s': the access percent is not 0 to 100\n",
				tok);
			return -EINVAL;
		}
		size[n] = 0;
		if (abs && (!slash || kg_parse_size(slash, &size[n]) || !size[n] ||
			    size[n] > KIOGEN_ZONE_SIZE_MASK)) {
			fprintf(err, "kiogen: random_distribution: zone %s/%s: zoned_abs needs a size (e.g. 60/20g)\n",
				tok, slash ? slash : "");
			return -EINVAL;
		}
		if (!abs && slash && *slash) {
			size[n] = strtoul(slash, &end, 10);
			if (*end || !isdigit((unsigned char)*slash) || size[n] > 100) {
				fprintf(err, "kiogen: random_distribution: zone %s/%s: the size percent is not 0 to 100\n",
					tok, slash);
				return -EINVAL;
			}
		}
		missing += !abs && !size[n];
		sum += abs ? 0 : (uint32_t)size[n];
		acc += access[n++];
	}
	if (acc != 100) {
		fprintf(err, "kiogen: random_distribution: the access percentages of a direction add up to %u, not 100\n",
			acc);
		return -EINVAL;
	}
	if (sum > 100 || (missing && sum + missing > 100)) {
		fprintf(err, "kiogen: random_distribution: zone sizes add up to more than 100%%\n");
		return -EINVAL;
	}
	for (i = 0; i < n; i++)
		j->zones.z[j->zones.nr++] = KIOGEN_ZONE(write, access[i], size[i] ? size[i] :
							(100 - sum) / missing);
	return 0;
}

/*
 * fio's random_distribution: random, zipf[:theta], pareto[:h],
 * normal[:deviation] (or gauss), zoned:... and zoned_abs:... whose zones are
 * given per direction as fio's bssplit: one set for all, or read,write[,trim].
 */
int kg_opt_random_distribution(struct kg_jobs *js, struct kg_job *j,
				      const struct kg_option *o, const char *v, FILE *err)
{
	static const struct {
		const char *name, *def;
		uint32_t type;
	} dists[] = {
		{ "random", NULL, KIOGEN_RANDOM_DISTRIBUTION_RANDOM },
		{ "zipf", "1.1", KIOGEN_RANDOM_DISTRIBUTION_ZIPF },
		{ "pareto", "0.2", KIOGEN_RANDOM_DISTRIBUTION_PARETO },
		{ "normal", "0", KIOGEN_RANDOM_DISTRIBUTION_NORMAL },
		{ "gauss", "0", KIOGEN_RANDOM_DISTRIBUTION_NORMAL },
		{ "zoned_abs", NULL, KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS },
		{ "zoned", NULL, KIOGEN_RANDOM_DISTRIBUTION_ZONED },
	};
	char buf[1024], *dirs[3] = { NULL }, *p;
	const char *why = NULL, *arg;
	size_t i, len;
	uint32_t ppm = 0;

	(void)js;
	(void)o;
	for (i = 0; i < (sizeof(dists) / sizeof(dists[0])); i++) {
		len = strlen(dists[i].name);
		if (!strncmp(v, dists[i].name, len) &&
		    (!v[len] || v[len] == ':' || (v[len] == '=' && !dists[i].def)))
			break;
	}
	if (i == (sizeof(dists) / sizeof(dists[0]))) {
		fprintf(err, "kiogen: random_distribution: '%s' is not random, zipf, pareto, normal, gauss, zoned or zoned_abs\n",
			v);
		return -EINVAL;
	}
	arg = v[len] ? v + len + 1 : "";
	j->random_distribution = dists[i].type;
	j->dist_param = 0;
	j->zones.nr = 0;
	if (dists[i].def) {
		if (strchr(arg, ':')) {
			fprintf(err, "kiogen: random_distribution: '%s': a center (the second number) is not supported\n",
				v);
			return -EINVAL;
		}
		if (!kg_dist_float(arg, dists[i].def, &ppm))
			why = "is not a number";
		else if (dists[i].type == KIOGEN_RANDOM_DISTRIBUTION_ZIPF &&
			 (ppm == KIOG_DIST_PPM || !ppm || ppm > KIOG_DIST_ZIPF_MAX))
			why = "theta must be above 0, at most 100, and not 1";
		else if (dists[i].type == KIOGEN_RANDOM_DISTRIBUTION_PARETO &&
			 (!ppm || ppm >= KIOG_DIST_PPM))
			why = "h must be between 0 and 1";
		else if (dists[i].type == KIOGEN_RANDOM_DISTRIBUTION_NORMAL &&
			 ppm >= 100 * KIOG_DIST_PPM)
			why = "the deviation must be at least 0 and below 100";
		if (why) {
			fprintf(err, "kiogen: random_distribution: '%s': %s\n", v, why);
			return -EINVAL;
		}
		j->dist_param = ppm;
		return 0;
	}
	if (dists[i].type == KIOGEN_RANDOM_DISTRIBUTION_RANDOM) {
		if (*arg) {
			fprintf(err, "kiogen: random_distribution: random takes no parameter\n");
			return -EINVAL;
		}
		return 0;
	}
	/* fio's str_split_parse(): "a" for all; "a,b" is read a, write (and trim) b */
	snprintf(buf, sizeof(buf), "%s", arg);
	dirs[0] = buf;
	p = strchr(buf, ',');
	if (p) {
		*p++ = '\0';
		dirs[1] = p;
		p = strchr(p, ',');
		if (p)
			*p++ = '\0';	/* trim's: kiogen does not trim */
	}
	if (!*buf && (!dirs[1] || !*dirs[1])) {
		fprintf(err, "kiogen: random_distribution: %s needs zones, e.g. zoned:60/10:30/20:10/70\n",
			dists[i].name);
		return -EINVAL;
	}
	if (*dirs[0] && kg_zones_parse(j, dirs[0], dists[i].type == KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS,
				       false, err))
		return -EINVAL;
	if (!dirs[1]) {
		/* one set: the writes' are a copy */
		for (i = 0, len = j->zones.nr; i < len; i++)
			j->zones.z[j->zones.nr++] = j->zones.z[i] | KIOGEN_ZONE_WRITE;
		return 0;
	}
	if (*dirs[1] && kg_zones_parse(j, dirs[1], dists[i].type == KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS,
				       true, err))
		return -EINVAL;
	return 0;
}

int kg_opt_percentiles(struct kg_jobs *js, struct kg_job *j,
			      const struct kg_option *o, const char *v, FILE *err)
{
	struct kg_global *g = &js->global;
	char buf[512], *tok, *save = NULL, *end;
	uint32_t n = 0;

	(void)j;
	(void)o;
	strcpy(buf, v);		/* the length was checked against o->len */
	for (tok = strtok_r(buf, ":", &save); tok; tok = strtok_r(NULL, ":", &save)) {
		double p = strtod(tok, &end);

		if (*end || end == tok || p <= 0 || p > 100 || n >= KG_MAX_PERCENTILES)
			goto bad;
		g->percentile_ppm[n++] = (uint32_t)(p * 10000 + 0.5);
	}
	if (!n)
		goto bad;
	g->nr_percentiles = n;
	g->percentiles_set = true;
	return 0;
bad:
	fprintf(err, "kiogen: percentile_list: '%s' is not a list like 50:99:99.9 (each in (0, 100], at most %d)\n",
		v, KG_MAX_PERCENTILES);
	return -EINVAL;
}


/*
 * In the order reports list a job's options (fio's "job options"), then
 * the rest; the groups of rows with a file of their own follow it
 * (kg_option_table()), and help prints them all by category in this order.
 */
const struct kg_option kg_options[] = {
	{
		.name = "name", .type = KG_OPT_STR, .len = KG_JLEN(name),
		.cb = kg_opt_name, .report = KG_REPORT_ALWAYS, .category = KG_CAT_JOB,
		.help = "start a new job with this name; options before the first --name apply to every job",
	},
	{
		.name = "filename", .type = KG_OPT_STR, .off1 = KG_JOFF(filename),
		.len = KG_JLEN(filename), .report = KG_REPORT_SET, .category = KG_CAT_JOB,
		.help = "target: a block device, or a file (laid out first if new or short); a:b:c several, each worker's (\\: a colon in a name)",
	},
	{
		.name = "ioengine", .type = KG_OPT_STR, .off1 = KG_JOFF(ioengine),
		.len = KG_JLEN(ioengine), .def = "psync", .report = KG_REPORT_ALWAYS,
		.category = KG_CAT_ENGINE,
		.help = "how each worker issues I/O; fio's engines map to the kernel engine of the target",
		.posval = { KG_IOENGINES(KG_IOENGINE_POSVAL) },
	},
	{
		.name = "rw", .alias = "readwrite", .type = KG_OPT_POSVAL, .off1 = KG_JOFF(rw),
		.cb = kg_opt_rw, .cb_default = true,
		.def = "read", .report = KG_REPORT_ALWAYS, .category = KG_CAT_IO,
		.help = "what the workers issue; randX:N a new random offset every N I/Os, X:SIZE a hole after each",
		.posval = {
			{ "read", "sequential reads", KIOGEN_RW_READ },
			{ "write", "sequential writes", KIOGEN_RW_WRITE },
			{ "randread", "random reads", KIOGEN_RW_RANDREAD },
			{ "randwrite", "random writes", KIOGEN_RW_RANDWRITE },
			{ "rw", "sequential, reads and writes mixed (rwmixread)", KIOGEN_RW_RW },
			{ "readwrite", "same as rw", KIOGEN_RW_RW },
			{ "randrw", "random, reads and writes mixed (rwmixread)", KIOGEN_RW_RANDRW },
			{ "trim", "sequential trims (discard; a file: punch a hole)", KIOGEN_RW_TRIM },
			{ "randtrim", "random trims", KIOGEN_RW_RANDTRIM },
			{ "trimwrite", "sequential, each block trimmed then written", KIOGEN_RW_TRIMWRITE },
		},
	},
	{
		.name = "rwmixread", .type = KG_OPT_INT, .off1 = KG_JOFF(rwmixread),
		.minval = 0, .maxval = 100, .def = "50", .report = KG_REPORT_MIXED,
		.category = KG_CAT_IO, .help = "percent of I/Os that read in rw/randrw",
	},
	{
		.name = "bs", .alias = "blocksize", .type = KG_OPT_SIZE32, .off1 = KG_JOFF(bs),
		.minval = KIOGEN_MIN_BS, .maxval = KIOGEN_MAX_BS, .cb = kg_opt_bs, .cb_default = true, .show = kg_bs_show, .def = "4k",
		.report = KG_REPORT_ALWAYS,
		.category = KG_CAT_IO, .help = "block size, or READ,WRITE (bs=4k,64k; bs=,8k)",
	},
	{
		.name = "iodepth", .type = KG_OPT_INT, .off1 = KG_JOFF(iodepth),
		.minval = 1, .maxval = KIOGEN_MAX_IODEPTH, .def = "1",
		.report = KG_REPORT_ALWAYS,
		.category = KG_CAT_ENGINE,
		.help = "I/Os in flight per worker for asynchronous engines",
	},
	{
		.name = "numjobs", .type = KG_OPT_INT, .off1 = KG_JOFF(numjobs),
		.minval = 1, .maxval = KIOGEN_MAX_NUMJOBS, .def = "1",
		.report = KG_REPORT_ALWAYS,
		.category = KG_CAT_JOB, .help = "worker threads of this job",
	},
	{
		.name = "direct", .type = KG_OPT_BOOL, .off1 = KG_JOFF(direct),
		.cb = kg_opt_direct, .def = "0", .report = KG_REPORT_ALWAYS,
		.category = KG_CAT_ENGINE,
		.help = "1: O_DIRECT; 0: through the page cache. bio is always direct",
	},
	{
		.name = "buffered", .type = KG_OPT_BOOL, .cb = kg_opt_buffered,
		.category = KG_CAT_ENGINE, .help = "the inverse of direct, as fio's",
	},
	{
		.name = "atomic", .type = KG_OPT_BOOL, .cb = kg_opt_atomic,
		.category = KG_CAT_ENGINE,
		.help = "1: direct=1. fio's O_ATOMIC is no open flag Linux has: there fio's atomic=1 is O_DIRECT too",
	},
	{
		.name = "sync", .type = KG_OPT_POSVAL, .off1 = KG_JOFF(sync_flags),
		.def = "none", .category = KG_CAT_ENGINE,
		.help = "open the files O_SYNC or O_DSYNC: each write is durable when it completes (not the bio engine's)",
		.posval = {
			{ "none", "neither (fio's default)", 0 },
			{ "0", "same as none", 0 },
			{ "sync", "O_SYNC", O_SYNC },
			{ "1", "same as sync", O_SYNC },
			{ "dsync", "O_DSYNC", O_DSYNC },
		},
	},
	{
		.name = "offset", .alias = "fileoffset", .type = KG_OPT_SIZE64, .off1 = KG_JOFF(offset),
		.pct_off = KG_JOFF(offset_pct),
		.report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "start of the region in the target; N%: of the target's size, aligned up to offset_align",
	},
	{
		.name = "offset_align", .type = KG_OPT_SIZE64, .off1 = KG_JOFF(offset_align),
		.report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "what a percent offset is aligned up to (default: the smallest bs)",
	},
	{
		.name = "size", .type = KG_OPT_SIZE64, .off1 = KG_JOFF(size),
		.pct_off = KG_JOFF(size_pct),
		.report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "length of the region (default: to the end of the target); N%: of the target's size",
	},
	{
		.name = "io_size", .alias = "io_limit", .type = KG_OPT_SIZE64,
		.off1 = KG_JOFF(io_size), .pct_off = KG_JOFF(io_size_pct),
		.report = KG_REPORT_SET, .category = KG_CAT_LIMITS,
		.help = "bytes each worker issues (default: size); N%: of the region",
	},
	{
		.name = "number_ios", .type = KG_OPT_SIZE64, .off1 = KG_JOFF(number_ios),
		.report = KG_REPORT_SET, .category = KG_CAT_LIMITS,
		.help = "I/Os each worker issues",
	},
	{
		.name = "runtime", .alias = "timeout", .type = KG_OPT_TIME, .off1 = KG_JOFF(runtime_ns),
		.report = KG_REPORT_SET, .category = KG_CAT_LIMITS,
		.help = "stop after this long (seconds, or with us/ms/s/m/h)",
	},
	{
		.name = "ramp_time", .type = KG_OPT_TIME, .off1 = KG_JOFF(ramp_ns),
		.report = KG_REPORT_SET, .category = KG_CAT_LIMITS,
		.help = "run this long before measuring",
	},
	{
		.name = "startdelay", .type = KG_OPT_TIME, .off1 = KG_JOFF(startdelay_ns),
		.report = KG_REPORT_SET, .category = KG_CAT_LIMITS,
		.help = "each worker waits this long before it starts",
	},
	{
		.name = "thinktime", .type = KG_OPT_TIME, .time_unit = 1000,
		.off1 = KG_JOFF(thinktime_ns), .report = KG_REPORT_SET, .category = KG_CAT_LIMITS,
		.help = "pause this long (microseconds, or with a suffix) after thinktime_blocks I/Os, "
			"with nothing in flight",
	},
	{
		.name = "thinktime_blocks", .type = KG_OPT_INT, .off1 = KG_JOFF(thinktime_blocks),
		.minval = 1, .maxval = UINT32_MAX, .def = "1", .report = KG_REPORT_CHANGED,
		.category = KG_CAT_LIMITS, .help = "I/Os completed between two thinktime pauses",
	},
	{
		.name = "exitall", .type = KG_OPT_BOOL, .off1 = KG_JOFF(exitall),
		.report = KG_REPORT_SET, .category = KG_CAT_LIMITS,
		.help = "when a worker of this job ends, the other jobs of its stonewall group stop",
	},
	{
		.name = "exitall_on_error", .type = KG_OPT_BOOL, .off1 = KG_JOFF(exitall_on_error),
		.report = KG_REPORT_SET, .category = KG_CAT_LIMITS,
		.help = "when a worker of this job fails, the other jobs of its stonewall group stop",
	},
	{
		.name = "thinktime_spin", .type = KG_OPT_TIME, .time_unit = 1000,
		.off1 = KG_JOFF(thinktime_spin_ns), .def = "0", .report = KG_REPORT_CHANGED,
		.category = KG_CAT_LIMITS,
		.help = "of each thinktime pause, spin on the CPU this long first (microseconds, "
			"or with a suffix), then sleep the rest",
	},
	{
		.name = "thinktime_iotime", .type = KG_OPT_TIME, .time_unit = 1000,
		.off1 = KG_JOFF(thinktime_iotime_ns), .def = "0", .report = KG_REPORT_CHANGED,
		.category = KG_CAT_LIMITS,
		.help = "also pause for thinktime after issuing this long (microseconds, or with a "
			"suffix), whichever of it and thinktime_blocks comes first; alone when "
			"thinktime_blocks is not given, as fio",
	},
	{
		.name = "rate_ignore_thinktime", .type = KG_OPT_BOOL,
		.off1 = KG_JOFF(rate_ignore_thinktime), .report = KG_REPORT_SET,
		.category = KG_CAT_LIMITS,
		.help = "the rate limits' schedule moves by each thinktime pause instead of "
			"catching up after it",
	},
	{
		.name = "time_based", .type = KG_OPT_BOOL, .off1 = KG_JOFF(time_based),
		.report = KG_REPORT_SET, .category = KG_CAT_LIMITS,
		.help = "keep going until runtime, wrapping around the region",
	},
	{
		.name = "norandommap", .type = KG_OPT_BOOL, .off1 = KG_JOFF(norandommap),
		.report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "draw random offsets with replacement instead of covering each block once per pass",
	},
	{
		.name = "percentage_random", .type = KG_OPT_INT, .off1 = KG_JOFF(percentage_random),
		.minval = 0, .maxval = 100, .def = "100", .report = KG_REPORT_CHANGED,
		.category = KG_CAT_IO,
		.help = "percent of a random pattern's I/Os at random offsets; the rest continue from the previous I/O",
	},
	{
		.name = "random_distribution", .type = KG_OPT_STR, .len = 1024,
		.cb = kg_opt_random_distribution, .def = "random", .report = KG_REPORT_SET,
		.category = KG_CAT_IO,
		.help = "how a random pattern picks its blocks: random, zipf[:THETA], pareto[:H], "
			"normal[:DEV] (gauss), zoned:ACCESS%/SIZE%:..., zoned_abs:ACCESS%/SIZE:... "
			"(zones: per direction with ',')",
	},
	{
		.name = "random_generator", .type = KG_OPT_POSVAL, .off1 = KG_JOFF(random_generator),
		.def = "tausworthe", .category = KG_CAT_IO,
		.help = "fio's names are accepted; kiogen always draws from xoshiro256**",
		.posval = {
			{ "tausworthe", "xoshiro256**", KG_RANDGEN_TAUSWORTHE },
			{ "lfsr", "xoshiro256**, every block once per pass even with norandommap (as fio's lfsr)",
			  KG_RANDGEN_LFSR },
			{ "tausworthe64", "xoshiro256**", KG_RANDGEN_TAUSWORTHE },
		},
	},
	{
		.name = "kb_base", .type = KG_OPT_POSVAL, .off1 = KG_JOFF(kb_base),
		.def = "1024", .report = KG_REPORT_CHANGED, .category = KG_CAT_JOB,
		.help = "what k, m, g mean in the sizes after it (in a job file: in its section)",
		.posval = {
			{ "1024", "k and kB are 1024, KiB is 1000 (fio's default, for old scripts)", 1024 },
			{ "1000", "k and kB are 1000, KiB is 1024 (SI and IEC prefixes)", 1000 },
		},
	},
	{
		.name = "exec_prerun", .type = KG_OPT_STR, .off1 = KG_JOFF(exec_prerun),
		.len = KG_JLEN(exec_prerun), .category = KG_CAT_REPORT,
		.help = "a shell command run before the job's run, its output in NAME.prerun.txt; a failure fails the job",
	},
	{
		.name = "exec_postrun", .type = KG_OPT_STR, .off1 = KG_JOFF(exec_postrun),
		.len = KG_JLEN(exec_postrun), .category = KG_CAT_REPORT,
		.help = "a shell command run after the job's run, its output in NAME.postrun.txt",
	},
	{
		.name = "bwavgtime", .type = KG_OPT_INT, .off1 = KG_JOFF(bwavgtime_ms),
		.cb = kg_opt_avgtime, .cb_default = true, .def = "500", .category = KG_CAT_REPORT,
		.help = "ms of each window of the report's bandwidth statistics, a multiple of 500 (the samples')",
	},
	{
		.name = "iopsavgtime", .type = KG_OPT_INT, .off1 = KG_JOFF(iopsavgtime_ms),
		.cb = kg_opt_avgtime, .cb_default = true, .def = "500", .category = KG_CAT_REPORT,
		.help = "ms of each window of the report's IOPS statistics, a multiple of 500 (the samples')",
	},
	{
		.name = "group_reporting", .type = KG_OPT_BOOL, .off1 = KG_JOFF(group_reporting),
		.report = KG_REPORT_SET, .category = KG_CAT_REPORT,
		.help = "report the job's workers as one",
	},
	{
		.name = "stonewall", .alias = "wait_for_previous", .type = KG_OPT_BOOL,
		.off1 = KG_JOFF(stonewall), .report = KG_REPORT_SET, .category = KG_CAT_REPORT,
		.help = "start after every job before it has ended; starts a new group",
	},
	{
		.name = "new_group", .type = KG_OPT_BOOL, .off1 = KG_JOFF(new_group),
		.report = KG_REPORT_SET, .category = KG_CAT_REPORT,
		.help = "start a new reporting group (the jobs still run at once)",
	},
	{
		.name = "randseed", .type = KG_OPT_SIZE64, .off1 = KG_JOFF(seed),
		.def = "0x6b696f67656e", .report = KG_REPORT_SET, .category = KG_CAT_IO,
		.def_differs = "kiogen's generator (xoshiro256**) is not fio's, so no seed gives fio's offsets; this one keeps the streams runs and tests have recorded",
		.help = "seed of the offset and direction streams",
	},
	/* not listed in reports */
	{
		.name = "rwmixwrite", .inverse = "rwmixread", .type = KG_OPT_INT,
		.minval = 0, .maxval = 100, .category = KG_CAT_IO,
		.help = "percent of I/Os that write in rw/randrw",
	},
	{
		.name = "percentage_sequential", .origin = KG_FIO_OTHER, .inverse = "percentage_random",
		.type = KG_OPT_INT, .minval = 0, .maxval = 100, .category = KG_CAT_IO,
		.help = "percent of a random pattern's I/Os that continue from the previous I/O",
	},
	{
		.name = "randrepeat", .type = KG_OPT_BOOL, .cb = kg_opt_randrepeat,
		.def = "1", .category = KG_CAT_IO,
		.help = "1: the same stream every run; 0: a new seed each run",
	},
	{
		.name = "iodepth_batch_submit", .alias = "iodepth_batch", .type = KG_OPT_INT,
		.off1 = KG_JOFF(iodepth_batch), .maxval = UINT32_MAX, .def = "1",
		.category = KG_CAT_ENGINE,
		.help = "I/Os built before they are issued together (1: each at once; 0: iodepth)",
	},
	{
		.name = "iodepth_batch_complete_min", .alias = "iodepth_batch_complete",
		.type = KG_OPT_INT, .off1 = KG_JOFF(iodepth_batch_complete_min),
		.maxval = UINT32_MAX, .def = "1", .category = KG_CAT_ENGINE,
		.help = "completions to wait for before reaping (0: do not wait, poll)",
	},
	{
		.name = "iodepth_batch_complete_max", .type = KG_OPT_INT,
		.off1 = KG_JOFF(iodepth_batch_complete_max), .maxval = UINT32_MAX,
		.category = KG_CAT_ENGINE,
		.help = "most completions reaped at once (default: iodepth_batch_complete_min)",
	},
	{
		.name = "iodepth_low", .type = KG_OPT_INT, .off1 = KG_JOFF(iodepth_low),
		.maxval = UINT32_MAX, .category = KG_CAT_ENGINE,
		.help = "once the queue is full, let it drain to this before refilling (default: iodepth)",
	},
	{
		.name = "hipri", .origin = KG_FIO_OTHER, .type = KG_OPT_BOOL, .off1 = KG_JOFF(hipri),
		.category = KG_CAT_ENGINE,
		.help = "polled completions, needs direct=1: REQ_POLLED bios (kernel path) or IORING_SETUP_IOPOLL (syscall path, io_uring)",
	},
	{
		.name = "invalidate", .type = KG_OPT_BOOL, .off1 = KG_JOFF(invalidate),
		.def = "1", .category = KG_CAT_FILE,
		.help = "1: drop the target's cached pages before the run and at each new pass (posix_fadvise)",
	},
	{
		.name = "fsync", .type = KG_OPT_INT, .off1 = KG_JOFF(fsync),
		.maxval = UINT32_MAX, .category = KG_CAT_FILE, .help = "fsync every N writes",
	},
	{
		.name = "fdatasync", .type = KG_OPT_INT, .off1 = KG_JOFF(fdatasync),
		.maxval = UINT32_MAX, .category = KG_CAT_FILE, .help = "fdatasync every N writes",
	},
	{
		.name = "end_fsync", .type = KG_OPT_BOOL, .off1 = KG_JOFF(end_fsync),
		.category = KG_CAT_FILE, .help = "fsync the file when the writes are done",
	},
	{
		.name = "fsync_on_close", .type = KG_OPT_BOOL, .off1 = KG_JOFF(fsync_on_close),
		.report = KG_REPORT_SET, .category = KG_CAT_FILE,
		.help = "fsync each file a writing job wrote when it is done with it: after the timed run and not counted as a sync, as fio's close; fio also closes (and syncs) at each loop's end, kiogen once at the job's phase's end",
	},
	{
		.name = "filesize", .type = KG_OPT_STR, .len = 64, .cb = kg_opt_filesize,
		.category = KG_CAT_FILE,
		.help = "size a new or short file is laid out to before the run (default: offset + size); several files: each file's (default size / nrfiles); LOW-HIGH: a seeded size from the range per file, a multiple of bs for data jobs",
	},
	{
		.name = "fallocate", .type = KG_OPT_POSVAL, .off1 = KG_JOFF(fallocate),
		.def = "native", .category = KG_CAT_FILE,
		.help = "how a new or short file is laid out",
		.posval = {
			{ "none", "write the file out", KIOGEN_FALLOCATE_NONE },
			{ "native", "fallocate, then write it out (fio's default)", KIOGEN_FALLOCATE_NATIVE },
			{ "posix", "same as native", KIOGEN_FALLOCATE_NATIVE },
			{ "keep", "fallocate with FALLOC_FL_KEEP_SIZE, then write it out", KIOGEN_FALLOCATE_KEEP },
			{ "truncate", "ftruncate to the size, then write it out", KIOGEN_FALLOCATE_TRUNCATE },
			{ "0", "same as none", KIOGEN_FALLOCATE_NONE },
			{ "1", "same as posix", KIOGEN_FALLOCATE_NATIVE },
		},
	},
	{
		.name = "unlink", .type = KG_OPT_BOOL, .off1 = KG_JOFF(unlink),
		.report = KG_REPORT_SET, .category = KG_CAT_FILE,
		.help = "remove the job's files when it is done (regular files only)",
	},
	{
		.name = "create_on_open", .type = KG_OPT_BOOL, .off1 = KG_JOFF(create_on_open),
		.report = KG_REPORT_SET, .category = KG_CAT_FILE,
		.help = "create a missing file sparse (ftruncate) when it is opened instead of laying it out",
	},
	{
		.name = "file_append", .type = KG_OPT_BOOL, .off1 = KG_JOFF(file_append),
		.report = KG_REPORT_SET, .category = KG_CAT_FILE,
		.help = "the I/O starts at the end of each regular file, as big as it is when the run starts (offset and offset_increment are ignored); for writes fallocate= sets the new blocks aside first, not written, as fio's; a job's files must be of one size; ignored on block devices",
	},
	{
		.name = "create_only", .type = KG_OPT_BOOL, .off1 = KG_JOFF(create_only),
		.category = KG_CAT_FILE,
		.help = "lay the job's files out as a run would (and exec_prerun, exec_postrun), then no I/O and no report, as fio's; every job of the run or none (kiogen reports the jobs that ran); the kernel path needs no module for it",
	},
	{
		.name = "uid", .type = KG_OPT_INT, .cb = kg_opt_id, .maxval = UINT32_MAX - 1,
		.category = KG_CAT_FILE,
		.help = "open the job's files for I/O as this user, as fio's job process does after setuid (the layout before is the invoking user's, as fio's): the file system's uid (setfsuid), without the capabilities that override file modes; the workers themselves are kernel threads (or this process's threads) that issue I/O on those files",
	},
	{
		.name = "gid", .type = KG_OPT_INT, .cb = kg_opt_id, .maxval = UINT32_MAX - 1,
		.category = KG_CAT_FILE,
		.help = "open the job's files for I/O as this group (setfsgid), as uid does its user; the supplementary groups stay, as fio's setgid leaves them",
	},
	{
		.name = "allow_file_create", .type = KG_OPT_BOOL, .cb = kg_opt_not,
		.off1 = KG_JOFF(no_file_create), .def = "1", .category = KG_CAT_FILE,
		.help = "0: a file that does not exist is an error, not created",
	},
	{
		.name = "create_fsync", .type = KG_OPT_BOOL, .cb = kg_opt_not,
		.off1 = KG_JOFF(no_create_fsync), .def = "1", .category = KG_CAT_FILE,
		.help = "fsync a file laid out before the run",
	},
	{
		.name = "allow_mounted_write", .type = KG_OPT_BOOL, .off1 = KG_JOFF(allow_mounted_write),
		.category = KG_CAT_FILE,
		.help = "1: write a block device even if it is mounted (--path=syscall only: the module claims a written device for itself)",
	},
	{
		.name = "pre_read", .type = KG_OPT_BOOL, .off1 = KG_JOFF(pre_read),
		.category = KG_CAT_FILE,
		.help = "read the job's region of each file into the page cache before the run (invalidate is then not done)",
	},
	{
		.name = "write_hint", .type = KG_OPT_POSVAL, .off1 = KG_JOFF(write_hint),
		.category = KG_CAT_FILE,
		.help = "the files' write lifetime hint (F_SET_RW_HINT), which the file system and device see on both paths",
		.posval = {
			{ "none", "no expected lifetime", RWH_WRITE_LIFE_NONE },
			{ "short", "short", RWH_WRITE_LIFE_SHORT },
			{ "medium", "medium", RWH_WRITE_LIFE_MEDIUM },
			{ "long", "long", RWH_WRITE_LIFE_LONG },
			{ "extreme", "extreme", RWH_WRITE_LIFE_EXTREME },
		},
	},
	{
		.name = "ioscheduler", .type = KG_OPT_STR, .off1 = KG_JOFF(ioscheduler),
		.len = KG_JLEN(ioscheduler), .category = KG_CAT_FILE,
		.help = "switch the I/O scheduler of the files' devices to this one before the run (it stays, as fio's)",
	},
	{
		.name = "lockmem", .type = KG_OPT_SIZE64, .off1 = KG_JOFF(lockmem),
		.category = KG_CAT_FILE,
		.help = "each worker pins this much memory (mlock) for the run: less for the page cache, as fio's",
	},
	{
		.name = "fadvise_hint", .type = KG_OPT_POSVAL, .off1 = KG_JOFF(fadvise_hint),
		.def = "1", .category = KG_CAT_FILE,
		.help = "posix_fadvise on each file before the run (both paths: the module's I/O goes through the same open file)",
		.posval = {
			{ "0", "no hint", KG_FADV_NONE },
			{ "1", "FADV_RANDOM for a random rw, FADV_SEQUENTIAL otherwise (fio's default)", KG_FADV_TYPE },
			{ "sequential", "FADV_SEQUENTIAL", KG_FADV_SEQUENTIAL },
			{ "random", "FADV_RANDOM", KG_FADV_RANDOM },
		},
	},
	{
		.name = "file_service_type", .type = KG_OPT_POSVAL, .cb = kg_opt_file_service,
		.show = kg_file_service_show, .def = "roundrobin", .cb_default = true,
		.category = KG_CAT_FILE,
		.help = "which file of several the next I/O goes to; TYPE:N after N I/Os (default 1)",
		.posval = {
			{ "roundrobin", "the next file (fio's default)", KIOGEN_FILE_SERVICE_ROUNDROBIN },
			{ "random", "a file drawn uniformly", KIOGEN_FILE_SERVICE_RANDOM },
			{ "sequential", "one file until it is done, then the next", KIOGEN_FILE_SERVICE_SEQUENTIAL },
		},
	},
	{
		.name = "continue_on_error", .type = KG_OPT_POSVAL,
		.off1 = KG_JOFF(continue_on_error), .def = "none", .category = KG_CAT_ENGINE,
		.help = "errors that are counted instead of stopping the run",
		.posval = {
			{ "none", "stop at the first error", 0 },
			{ "0", "same as none", 0 },
			{ "read", "read errors", KIOGEN_COE_READ },
			{ "write", "write errors", KIOGEN_COE_WRITE },
			{ "io", "read and write errors", KIOGEN_COE_READ | KIOGEN_COE_WRITE },
			/* fio's verify bit: EILSEQ */
			{ "verify", "verify errors (EILSEQ)", KIOGEN_COE_VERIFY },
			{ "all", "every error", KIOGEN_COE_ALL },
			{ "1", "same as all", KIOGEN_COE_ALL },
		},
	},
	{
		.name = "ignore_error", .type = KG_OPT_STR, .len = 256, .cb = kg_opt_ignore_error,
		.category = KG_CAT_ENGINE,
		.help = "errors each type survives instead of EIO and EILSEQ: READ,WRITE,VERIFY, each "
			"a list as EIO:ENOSPC:122; sets their continue_on_error, as fio",
	},
	{
		.name = "clat_percentiles", .type = KG_OPT_BOOL, .off1 = KG_JOFF(clat_percentiles),
		.def = "1", .category = KG_CAT_REPORT,
		.help = "report completion latency percentiles",
	},
	{
		.name = "lat_percentiles", .type = KG_OPT_BOOL, .off1 = KG_JOFF(lat_percentiles),
		.category = KG_CAT_REPORT,
		.help = "also report total latency (slat + clat) percentiles",
	},
	/* the whole invocation */
	{
		.name = "path", .origin = KG_KIOGEN, .type = KG_OPT_POSVAL, .scope = KG_OPT_GLOBAL,
		.off1 = KG_GOFF(path), .def = "kernel", .category = KG_CAT_REPORT,
		.help = "who issues the I/O",
		.posval = {
			{ "kernel", "kernel threads", KG_PATH_KERNEL },
			{ "syscall", "this process, through syscalls (pthreads)", KG_PATH_SYSCALL },
		},
	},
	{
		.name = "output-format", .origin = KG_FIO_CLI, .type = KG_OPT_POSVAL_SET, .scope = KG_OPT_GLOBAL,
		.off1 = KG_GOFF(output_formats), .def = "normal", .category = KG_CAT_REPORT,
		.help = "the report's formats, a comma list; printed in fio's order: terse, json, normal",
		.posval = {
			{ "normal", "fio's text", KG_OUT_NORMAL },
			{ "json", "fio's JSON", KG_OUT_JSON },
			{ "json+", "JSON with the latency buckets",
			  KG_OUT_JSON | KG_OUT_JSON_PLUS },
			{ "terse", "fio's lines of ';'-separated fields (terse-version)",
			  KG_OUT_TERSE },
		},
	},
	{
		.name = "minimal", .origin = KG_FIO_CLI, .type = KG_OPT_BOOL, .scope = KG_OPT_GLOBAL,
		.cb = kg_opt_minimal, .category = KG_CAT_REPORT,
		.help = "the report in fio's terse format only (--output-format=terse)",
	},
	{
		.name = "terse-version", .origin = KG_FIO_CLI, .type = KG_OPT_INT, .scope = KG_OPT_GLOBAL,
		.off1 = KG_GOFF(terse_version), .minval = KG_TERSE_DEFAULT, .maxval = KG_TERSE_MAX,
		.def = "3", .category = KG_CAT_REPORT,
		.help = "the fields of the terse format, as fio's version 3, 4 or 5",
	},
	{
		.name = "output", .origin = KG_FIO_CLI, .type = KG_OPT_STR, .scope = KG_OPT_GLOBAL,
		.off1 = KG_GOFF(output), .len = KIOGEN_PATH_LEN, .category = KG_CAT_REPORT,
		.help = "write the report to this file instead of stdout",
	},
	{
		.name = "percentile_list", .type = KG_OPT_STR, .scope = KG_OPT_GLOBAL,
		.len = 512, .cb = kg_opt_percentiles, .category = KG_CAT_REPORT,
		.def = "1:5:10:20:30:40:50:60:70:80:90:95:99:99.5:99.9:99.95:99.99",
		.help = "colon-separated percentiles to report, e.g. 50:99:99.9",
	},
	{
		.name = "detached", .origin = KG_KIOGEN, .type = KG_OPT_BOOL, .scope = KG_OPT_GLOBAL,
		.off1 = KG_GOFF(detached), .category = KG_CAT_REPORT,
		.help = "start the run, print its id and return; it survives the CLI",
	},
	{
		.name = "repeat", .origin = KG_KIOGEN, .type = KG_OPT_INT, .scope = KG_OPT_GLOBAL,
		.off1 = KG_GOFF(repeat), .minval = 1, .maxval = KG_REPEAT_LIMIT,
		.category = KG_CAT_REPORT,
		.help = "run the jobs N times; the report merges the repeats and keeps each (with repeat_until: at least N)",
	},
	{
		.name = "repeat_until", .origin = KG_KIOGEN, .type = KG_OPT_STR, .scope = KG_OPT_GLOBAL,
		.len = 32, .cb = kg_opt_repeat_until, .category = KG_CAT_REPORT,
		.help = "repeat until the 95% interval of the mean IOPS is within +-X% (e.g. 2%), at least 3 and at most repeat_max times",
	},
	{
		.name = "repeat_max", .origin = KG_KIOGEN, .type = KG_OPT_INT, .scope = KG_OPT_GLOBAL,
		.off1 = KG_GOFF(repeat_max), .minval = KG_REPEAT_UNTIL_MIN, .maxval = KG_REPEAT_LIMIT,
		.category = KG_CAT_REPORT,
		.help = "the most repeats repeat_until runs (default 20)",
	},
	{
		.name = "eta", .origin = KG_FIO_CLI, .type = KG_OPT_POSVAL, .scope = KG_OPT_GLOBAL,
		.off1 = KG_GOFF(eta), .def = "auto", .category = KG_CAT_REPORT,
		.help = "when to show the progress line (on stderr)",
		.posval = {
			{ "auto", "when stderr is a terminal and the report is text alone",
			  KG_ETA_AUTO },
			{ "always", "always", KG_ETA_ALWAYS },
			{ "never", "never", KG_ETA_NEVER },
		},
	},
	{
		.name = "eta-interval", .origin = KG_FIO_CLI, .type = KG_OPT_TIME, .scope = KG_OPT_GLOBAL,
		.off1 = KG_GOFF(eta_interval_ns), .def = "1s", .category = KG_CAT_REPORT,
		.help = "how often the progress line is refreshed, 250ms at least",
	},
	{
		.name = "eta-newline", .origin = KG_FIO_CLI, .type = KG_OPT_TIME, .scope = KG_OPT_GLOBAL,
		.off1 = KG_GOFF(eta_newline_ns), .category = KG_CAT_REPORT,
		.help = "end the progress line and start a new one this often",
	},
	{
		.name = "status-interval", .origin = KG_FIO_CLI, .type = KG_OPT_TIME, .scope = KG_OPT_GLOBAL,
		.off1 = KG_GOFF(status_interval_ns), .category = KG_CAT_REPORT,
		.help = "print the whole report so far (from the start) this often while running",
	},
	{
		.name = "directory", .type = KG_OPT_STR, .off1 = KG_JOFF(directory),
		.len = KG_JLEN(directory), .report = KG_REPORT_SET, .category = KG_CAT_JOB,
		.help = "where a job's files are (default: the current one): the metadata engines', nrfiles generated names, or filename's relative ones",
	},
	{
		.name = "nrfiles", .alias = "nr_files", .type = KG_OPT_INT, .off1 = KG_JOFF(nrfiles),
		.minval = 1, .maxval = KIOGEN_MAX_NRFILES, .def = "1", .report = KG_REPORT_NEVER,
		.category = KG_CAT_FILE,
		.help = "files (or directories) of each worker; data jobs: size is split over them",
	},
	{
		.name = "opendir", .type = KG_OPT_STR, .off1 = KG_JOFF(opendir),
		.len = KG_JLEN(opendir), .category = KG_CAT_FILE,
		.help = "the job's files are every regular file in this directory and below (with filename's)",
	},
	{
		.name = "filename_format", .type = KG_OPT_STR, .off1 = KG_JOFF(filename_format),
		.len = KG_JLEN(filename_format), .report = KG_REPORT_SET, .category = KG_CAT_FILE,
		.def_differs = "the field is empty, not fio's string: empty gives fio's names, as in the kernel, and a format given is what asks for generated names without filename, directory or nrfiles",
		.help = "names of the generated files, with $jobname, $jobnum and $filenum (default $jobname.$jobnum.$filenum)",
	},
	{
		.name = "openfiles", .type = KG_OPT_INT, .off1 = KG_JOFF(openfiles),
		.minval = 1, .maxval = KIOGEN_MAX_NRFILES, .report = KG_REPORT_SET, .category = KG_CAT_FILE,
		.help = "most of a job's files taking I/O at once, opened and closed as fio's (default nrfiles); the metadata engines have one open at most",
	},
	/* kiogen's latency split (include/kiogen/split.h) */
	{
		.name = "latency_split", .origin = KG_KIOGEN, .type = KG_OPT_BOOL, .off1 = KG_JOFF(latency_split),
		.category = KG_CAT_REPORT,
		.help = "time each I/O's phases: build, submit call, device, reap; reported as a table",
	},
	/* rate limits: each of numjobs' workers gets the whole rate, as fio's clones */
	{ .name = NULL },
};

