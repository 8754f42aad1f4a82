// SPDX-License-Identifier: GPL-2.0
/*
 * The table of fio options kiogen understands, their value syntax (fio's:
 * sizes with k/m/g/t suffixes in powers of 1024, times in seconds unless
 * suffixed) and their limits, and the mapping of fio's ioengine names to the
 * kernel engines.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <sys/stat.h>

#include "options.h"

enum kg_opt_type {
	KG_STR,		/* copied into a char array */
	KG_U32,		/* plain number */
	KG_SIZE32,	/* size, fits 32 bits */
	KG_SIZE64,
	KG_TIME,	/* stored in ns */
	KG_BOOL,	/* "1"/"0", or no value for 1 */
	KG_SPECIAL,	/* handled by name in kg_parse_special() */
};

struct kg_opt {
	const char *name;
	enum kg_opt_type type;
	size_t off;		/* into struct kg_job */
	size_t len;		/* KG_STR: array size */
	uint64_t min, max;
	const char *help;
};

#define JOFF(f)	offsetof(struct kg_job, f)
#define JLEN(f)	sizeof(((struct kg_job *)0)->f)

static const struct kg_opt kg_opts[] = {
	{ "name", KG_SPECIAL, 0, 0, 0, 0, "start a new job with this name" },
	{ "filename", KG_STR, JOFF(filename), JLEN(filename), 0, 0,
	  "target: a block device, or a file (laid out first if new or short)" },
	{ "ioengine", KG_SPECIAL, 0, 0, 0, 0,
	  "bio, kiocb, null, or a fio engine: sync psync pvsync pvsync2 vsync (one I/O at a time), libaio io_uring posixaio (iodepth in flight)" },
	{ "rw", KG_SPECIAL, 0, 0, 0, 0,
	  "read write randread randwrite rw|readwrite randrw" },
	{ "readwrite", KG_SPECIAL, 0, 0, 0, 0, "same as rw" },
	{ "rwmixread", KG_U32, JOFF(rwmixread), 0, 0, 100,
	  "percent of I/Os that read in rw/randrw (default 50)" },
	{ "rwmixwrite", KG_SPECIAL, 0, 0, 0, 100,
	  "percent of I/Os that write in rw/randrw" },
	{ "bs", KG_SIZE32, JOFF(bs), 0, 512, 16 << 20,
	  "block size (default 4k)" },
	{ "blocksize", KG_SIZE32, JOFF(bs), 0, 512, 16 << 20, "same as bs" },
	{ "offset", KG_SIZE64, JOFF(offset), 0, 0, UINT64_MAX,
	  "start of the region in the target" },
	{ "size", KG_SIZE64, JOFF(size), 0, 0, UINT64_MAX,
	  "length of the region (default: to the end of the target)" },
	{ "io_size", KG_SIZE64, JOFF(io_size), 0, 0, UINT64_MAX,
	  "bytes each worker issues (default: size)" },
	{ "io_limit", KG_SIZE64, JOFF(io_size), 0, 0, UINT64_MAX,
	  "same as io_size" },
	{ "number_ios", KG_SIZE64, JOFF(number_ios), 0, 0, UINT64_MAX,
	  "I/Os each worker issues" },
	{ "numjobs", KG_U32, JOFF(numjobs), 0, 1, 1024,
	  "worker threads of this job (default 1)" },
	{ "iodepth", KG_U32, JOFF(iodepth), 0, 1, 4096,
	  "I/Os in flight per worker for asynchronous engines (default 1)" },
	{ "iodepth_batch_submit", KG_U32, JOFF(iodepth_batch), 0, 0, UINT32_MAX,
	  "I/Os built before they are issued together (default 1: each at once; 0: iodepth)" },
	{ "iodepth_batch", KG_U32, JOFF(iodepth_batch), 0, 0, UINT32_MAX,
	  "same as iodepth_batch_submit" },
	{ "iodepth_batch_complete_min", KG_U32, JOFF(iodepth_batch_complete_min), 0, 0, UINT32_MAX,
	  "completions to wait for before reaping (default 1; 0: do not wait, poll)" },
	{ "iodepth_batch_complete", KG_U32, JOFF(iodepth_batch_complete_min), 0, 0, UINT32_MAX,
	  "same as iodepth_batch_complete_min" },
	{ "iodepth_batch_complete_max", KG_U32, JOFF(iodepth_batch_complete_max), 0, 0, UINT32_MAX,
	  "most completions reaped at once (default: iodepth_batch_complete_min)" },
	{ "iodepth_low", KG_U32, JOFF(iodepth_low), 0, 0, UINT32_MAX,
	  "once the queue is full, let it drain to this before refilling (default: iodepth)" },
	{ "runtime", KG_TIME, JOFF(runtime_ns), 0, 0, UINT64_MAX,
	  "stop after this long (seconds, or with us/ms/s/m/h)" },
	{ "ramp_time", KG_TIME, JOFF(ramp_ns), 0, 0, UINT64_MAX,
	  "run this long before measuring" },
	{ "time_based", KG_BOOL, JOFF(time_based), 0, 0, 1,
	  "keep going until runtime, wrapping around the region" },
	{ "randseed", KG_SIZE64, JOFF(seed), 0, 0, UINT64_MAX,
	  "seed of the offset and direction streams" },
	{ "randrepeat", KG_SPECIAL, 0, 0, 0, 1,
	  "1 (default): same stream every run; 0: new seed each run" },
	{ "norandommap", KG_BOOL, JOFF(norandommap), 0, 0, 1,
	  "draw random offsets with replacement instead of covering each block once per pass" },
	{ "direct", KG_SPECIAL, 0, 0, 0, 1,
	  "1: O_DIRECT; 0 (default): through the page cache. bio is always direct" },
	{ "invalidate", KG_BOOL, JOFF(invalidate), 0, 0, 1,
	  "1 (default): drop the target's cached pages before the run (posix_fadvise)" },
	{ "fsync", KG_U32, JOFF(fsync), 0, 0, UINT32_MAX, "fsync every N writes" },
	{ "fdatasync", KG_U32, JOFF(fdatasync), 0, 0, UINT32_MAX,
	  "fdatasync every N writes" },
	{ "end_fsync", KG_BOOL, JOFF(end_fsync), 0, 0, 1,
	  "fsync the file when the writes are done" },
	{ "filesize", KG_SIZE64, JOFF(filesize), 0, 0, UINT64_MAX,
	  "size a new or short file is laid out to before the run (default: offset + size)" },
	{ "fallocate", KG_SPECIAL, 0, 0, 0, 0,
	  "none (default: write the file out) or native (fallocate, then write it out)" },
	{ "continue_on_error", KG_SPECIAL, 0, 0, 0, 0,
	  "none (default: stop at the first error), read, write, io, all" },
	{ "path", KG_SPECIAL, 0, 0, 0, 0,
	  "kernel (default): kernel threads issue the I/O; syscall: this process does" },
	{ "fixedbufs", KG_BOOL, JOFF(fixedbufs), 0, 0, 1, "io_uring (syscall path): registered buffers" },
	{ "registerfiles", KG_BOOL, JOFF(registerfiles), 0, 0, 1, "io_uring (syscall path): registered files" },
	{ "sqthread_poll", KG_BOOL, JOFF(sqthread_poll), 0, 0, 1, "io_uring (syscall path): kernel SQ polling thread" },
	{ "hipri", KG_BOOL, JOFF(hipri), 0, 0, 1,
	  "polled completions, needs direct=1: REQ_POLLED bios (kernel path) or IORING_SETUP_IOPOLL (syscall path, io_uring)" },
	{ "group_reporting", KG_BOOL, JOFF(group_reporting), 0, 0, 1,
	  "report the job's workers as one" },
	{ "thread", KG_SPECIAL, 0, 0, 0, 1,
	  "accepted; workers are kernel threads (or pthreads with --path=syscall)" },
	{ "output-format", KG_SPECIAL, 0, 0, 0, 0,
	  "normal (default), json, or json+ (json with the latency buckets)" },
	{ "percentile_list", KG_SPECIAL, 0, 0, 0, 0,
	  "colon-separated percentiles to report, e.g. 50:99:99.9" },
	{ "clat_percentiles", KG_BOOL, JOFF(clat_percentiles), 0, 0, 1,
	  "1 (default): report completion latency percentiles" },
	{ "lat_percentiles", KG_BOOL, JOFF(lat_percentiles), 0, 0, 1,
	  "1: also report total latency (slat + clat) percentiles" },
	{ "detached", KG_SPECIAL, 0, 0, 0, 1,
	  "start the run, print its id and return; it survives the CLI" },
};

#define KG_NR_OPTS	(sizeof(kg_opts) / sizeof(kg_opts[0]))

static const struct {
	const char *name;
	uint32_t rw;
} kg_rw_names[] = {
	{ "read", KIOGEN_RW_READ },
	{ "write", KIOGEN_RW_WRITE },
	{ "randread", KIOGEN_RW_RANDREAD },
	{ "randwrite", KIOGEN_RW_RANDWRITE },
	{ "rw", KIOGEN_RW_RW },
	{ "readwrite", KIOGEN_RW_RW },
	{ "randrw", KIOGEN_RW_RANDRW },
};

/* fio engine -> kernel engine and mode */
static const struct {
	const char *fio;
	const char *engine;	/* NULL: the engine of the target */
	uint32_t mode;
} kg_engine_map[] = {
	{ "sync", NULL, KIOGEN_MODE_SYNC },
	{ "psync", NULL, KIOGEN_MODE_SYNC },
	{ "vsync", NULL, KIOGEN_MODE_SYNC },
	{ "pvsync", NULL, KIOGEN_MODE_SYNC },
	{ "pvsync2", NULL, KIOGEN_MODE_SYNC },
	{ "libaio", NULL, KIOGEN_MODE_ASYNC },
	{ "io_uring", NULL, KIOGEN_MODE_ASYNC },
	{ "posixaio", NULL, KIOGEN_MODE_ASYNC },
	{ "bio", "bio", KIOGEN_MODE_ASYNC },
	{ "kiocb", "kiocb", KIOGEN_MODE_ASYNC },
	{ "null", "null", KIOGEN_MODE_ASYNC },
};

const char *kg_rw_name(uint32_t rw)
{
	size_t i;

	for (i = 0; i < sizeof(kg_rw_names) / sizeof(kg_rw_names[0]); i++)
		if (kg_rw_names[i].rw == rw)
			return kg_rw_names[i].name;
	return "?";
}

static void kg_job_defaults(struct kg_job *j)
{
	memset(j, 0, sizeof(*j));
	j->rw = KIOGEN_RW_READ;
	j->rwmixread = 50;
	j->bs = 4096;
	j->numjobs = 1;
	j->iodepth = 1;
	j->iodepth_batch = 1;		/* fio's defaults */
	j->iodepth_batch_complete_min = 1;
	j->clat_percentiles = true;
	j->seed = 0x6b696f67656eULL;	/* fixed, as fio's randrepeat=1 */
	j->invalidate = true;
	strcpy(j->ioengine, "psync");	/* fio's default engine */
}

void kg_jobs_init(struct kg_jobs *js)
{
	memset(js, 0, sizeof(*js));
	kg_job_defaults(&js->defaults);
}

/* fio sizes: a number with an optional k/m/g/t/p suffix, powers of 1024. */
int kg_parse_size(const char *s, uint64_t *out)
{
	static const char units[] = "kmgtp";
	unsigned long long v;
	const char *u;
	char *end;
	int shift = 0;

	if (!*s || !isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno)
		return -ERANGE;
	if (*end) {
		u = strchr(units, tolower((unsigned char)*end));
		if (!u)
			return -EINVAL;
		shift = 10 * (u - units + 1);
		end++;
		/* accept k, kb, kib (any case) */
		if (tolower((unsigned char)*end) == 'i')
			end++;
		if (tolower((unsigned char)*end) == 'b')
			end++;
		if (*end)
			return -EINVAL;
	}
	if (shift && v > (UINT64_MAX >> shift))
		return -ERANGE;
	*out = (uint64_t)v << shift;
	return 0;
}

/* fio times: seconds unless suffixed with us, ms, s, m, h or d. */
int kg_parse_time_ns(const char *s, uint64_t *out)
{
	static const struct {
		const char *sfx;
		uint64_t ns;
	} units[] = {
		{ "", 1000000000ULL }, { "us", 1000ULL }, { "ms", 1000000ULL },
		{ "s", 1000000000ULL }, { "m", 60000000000ULL },
		{ "h", 3600000000000ULL }, { "d", 86400000000000ULL },
	};
	unsigned long long v;
	char *end;
	size_t i;

	if (!*s || !isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -ERANGE;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcasecmp(end, units[i].sfx))
			continue;
		if (v > UINT64_MAX / units[i].ns)
			return -ERANGE;
		*out = v * units[i].ns;
		return 0;
	}
	return -EINVAL;
}

static const struct kg_opt *kg_opt_find(const char *name)
{
	size_t i;

	for (i = 0; i < KG_NR_OPTS; i++)
		if (!strcmp(kg_opts[i].name, name))
			return &kg_opts[i];
	return NULL;
}

static int kg_parse_percentiles(struct kg_global *g, const char *v, FILE *err)
{
	char buf[512], *tok, *save = NULL, *end;
	uint32_t n = 0;

	if (strlen(v) >= sizeof(buf))
		goto bad;
	strcpy(buf, v);
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

static int kg_parse_special(struct kg_jobs *js, struct kg_job *j,
			    const struct kg_opt *o, const char *v, FILE *err)
{
	size_t i;

	if (!strcmp(o->name, "name")) {
		if (!v || !*v || strlen(v) >= sizeof(j->name)) {
			fprintf(err, "kiogen: name: needs a value of 1 to %zu characters\n",
				sizeof(j->name) - 1);
			return -EINVAL;
		}
		if (js->nr_jobs >= KG_MAX_JOBS) {
			fprintf(err, "kiogen: name: at most %d jobs in one run\n",
				KG_MAX_JOBS);
			return -EINVAL;
		}
		j = &js->jobs[js->nr_jobs++];
		*j = js->defaults;
		strcpy(j->name, v);
		return 0;
	}
	if (!strcmp(o->name, "rw") || !strcmp(o->name, "readwrite")) {
		for (i = 0; v && i < sizeof(kg_rw_names) / sizeof(kg_rw_names[0]); i++) {
			if (!strcmp(kg_rw_names[i].name, v)) {
				j->rw = kg_rw_names[i].rw;
				return 0;
			}
		}
		fprintf(err, "kiogen: rw: '%s' is not one of read, write, randread, randwrite, rw, readwrite, randrw\n",
			v ? v : "");
		return -EINVAL;
	}
	if (!strcmp(o->name, "ioengine")) {
		for (i = 0; v && i < sizeof(kg_engine_map) / sizeof(kg_engine_map[0]); i++) {
			if (!strcmp(kg_engine_map[i].fio, v)) {
				snprintf(j->ioengine, sizeof(j->ioengine), "%s", v);
				return 0;
			}
		}
		fprintf(err, "kiogen: ioengine: '%s' is not supported (bio, kiocb, null, sync, psync, vsync, pvsync, pvsync2, libaio, io_uring, posixaio)\n",
			v ? v : "");
		return -EINVAL;
	}
	if (!strcmp(o->name, "rwmixwrite")) {
		uint64_t x;

		if (!v || kg_parse_size(v, &x) || x > 100) {
			fprintf(err, "kiogen: rwmixwrite: '%s' is not a percentage 0-100\n",
				v ? v : "");
			return -EINVAL;
		}
		j->rwmixread = 100 - (uint32_t)x;
		return 0;
	}
	if (!strcmp(o->name, "randrepeat")) {
		if (v && strcmp(v, "0") && strcmp(v, "1")) {
			fprintf(err, "kiogen: randrepeat: '%s' is not 0 or 1\n", v);
			return -EINVAL;
		}
		if (v && !strcmp(v, "0")) {
			struct timespec ts;

			clock_gettime(CLOCK_REALTIME, &ts);
			j->seed = (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
		}
		return 0;
	}
	if (!strcmp(o->name, "thread"))
		return 0;
	if (!strcmp(o->name, "direct")) {
		if (v && strcmp(v, "0") && strcmp(v, "1")) {
			fprintf(err, "kiogen: direct: '%s' is not 0 or 1\n", v);
			return -EINVAL;
		}
		j->direct = !v || !strcmp(v, "1");
		j->direct_set = true;
		return 0;
	}
	if (!strcmp(o->name, "fallocate")) {
		if (v && !strcmp(v, "none"))
			j->fallocate = KIOGEN_FALLOCATE_NONE;
		else if (v && (!strcmp(v, "native") || !strcmp(v, "posix")))
			j->fallocate = KIOGEN_FALLOCATE_NATIVE;
		else {
			fprintf(err, "kiogen: fallocate: '%s' is not none or native\n",
				v ? v : "");
			return -EINVAL;
		}
		return 0;
	}
	if (!strcmp(o->name, "continue_on_error")) {
		static const struct {
			const char *name;
			uint32_t mask;
		} coe[] = {
			{ "none", 0 }, { "0", 0 }, { "read", KIOGEN_COE_READ },
			{ "write", KIOGEN_COE_WRITE },
			{ "io", KIOGEN_COE_READ | KIOGEN_COE_WRITE },
			{ "verify", KIOGEN_COE_SYNC },	/* fio's verify bit: EILSEQ */
			{ "all", KIOGEN_COE_ALL }, { "1", KIOGEN_COE_ALL },
		};

		for (i = 0; v && i < sizeof(coe) / sizeof(coe[0]); i++) {
			if (!strcmp(coe[i].name, v)) {
				j->continue_on_error = coe[i].mask;
				return 0;
			}
		}
		fprintf(err, "kiogen: continue_on_error: '%s' is not none, read, write, io, verify or all\n",
			v ? v : "");
		return -EINVAL;
	}
	if (!strcmp(o->name, "path")) {
		if (v && !strcmp(v, "kernel"))
			js->global.path = KG_PATH_KERNEL;
		else if (v && !strcmp(v, "syscall"))
			js->global.path = KG_PATH_SYSCALL;
		else {
			fprintf(err, "kiogen: path: '%s' is not kernel or syscall\n",
				v ? v : "");
			return -EINVAL;
		}
		return 0;
	}
	if (!strcmp(o->name, "output-format")) {
		if (v && !strcmp(v, "json"))
			js->global.output_json = 1;
		else if (v && !strcmp(v, "json+"))
			js->global.output_json = 2;
		else if (v && !strcmp(v, "normal"))
			js->global.output_json = 0;
		else {
			fprintf(err, "kiogen: output-format: '%s' is not normal, json or json+\n",
				v ? v : "");
			return -EINVAL;
		}
		return 0;
	}
	if (!strcmp(o->name, "percentile_list"))
		return kg_parse_percentiles(&js->global, v ? v : "", err);
	if (!strcmp(o->name, "detached")) {
		js->global.detached = true;
		return 0;
	}
	return -EINVAL;
}

int kg_parse_option(struct kg_jobs *js, const char *name, const char *v,
		    FILE *err)
{
	struct kg_job *j = js->nr_jobs ? &js->jobs[js->nr_jobs - 1] : &js->defaults;
	const struct kg_opt *o = kg_opt_find(name);
	uint64_t x = 0;
	char *end;
	int ret = 0;

	if (!o) {
		fprintf(err, "kiogen: unknown option '%s' (see: kiogen help run)\n", name);
		return -EINVAL;
	}
	if (o->type == KG_SPECIAL)
		return kg_parse_special(js, j, o, v, err);
	if (o->type == KG_BOOL) {
		if (!v || !strcmp(v, "1"))
			x = 1;
		else if (strcmp(v, "0")) {
			fprintf(err, "kiogen: %s: '%s' is not 0 or 1\n", name, v);
			return -EINVAL;
		}
		*(bool *)((char *)j + o->off) = x;
		return 0;
	}
	if (!v || !*v) {
		fprintf(err, "kiogen: %s: needs a value (--%s=VALUE)\n", name, name);
		return -EINVAL;
	}
	switch (o->type) {
	case KG_STR:
		if (strlen(v) >= o->len) {
			fprintf(err, "kiogen: %s: longer than %zu characters\n",
				name, o->len - 1);
			return -EINVAL;
		}
		strcpy((char *)j + o->off, v);
		return 0;
	case KG_U32:
		errno = 0;
		x = strtoull(v, &end, 10);
		if (errno || *end || !isdigit((unsigned char)*v))
			ret = -EINVAL;
		break;
	case KG_TIME:
		ret = kg_parse_time_ns(v, &x);
		break;
	default:
		ret = kg_parse_size(v, &x);
		break;
	}
	if (ret) {
		fprintf(err, "kiogen: %s: '%s' is not a valid %s\n", name, v,
			o->type == KG_TIME ? "time (e.g. 10, 500ms, 2m)" :
			o->type == KG_U32 ? "number" : "size (e.g. 4k, 16k, 1m, 10g)");
		return -EINVAL;
	}
	if (x < o->min || x > o->max) {
		fprintf(err, "kiogen: %s: %s is out of range (%" PRIu64 " to %" PRIu64 ")\n",
			name, v, o->min, o->max);
		return -ERANGE;
	}
	if (o->type == KG_SIZE64 || o->type == KG_TIME)
		*(uint64_t *)((char *)j + o->off) = x;
	else
		*(uint32_t *)((char *)j + o->off) = (uint32_t)x;
	return 0;
}

int kg_parse_args(struct kg_jobs *js, int argc, char **argv, FILE *err)
{
	int i;

	for (i = 0; i < argc; i++) {
		char name[64], *arg = argv[i];
		const char *eq, *v = NULL;
		size_t len;

		if (strncmp(arg, "--", 2)) {
			fprintf(err, "kiogen: '%s': options look like --name=value\n", arg);
			return -EINVAL;
		}
		arg += 2;
		eq = strchr(arg, '=');
		len = eq ? (size_t)(eq - arg) : strlen(arg);
		if (len >= sizeof(name) || !len) {
			fprintf(err, "kiogen: '%s': not an option\n", argv[i]);
			return -EINVAL;
		}
		memcpy(name, arg, len);
		name[len] = 0;
		if (eq)
			v = eq + 1;
		if (kg_parse_option(js, name, v, err))
			return -EINVAL;
	}
	return 0;
}

/*
 * The kernel engine: named by ioengine= (bio, kiocb, null), else chosen by
 * the target, as fio would treat it: a block device read or written
 * directly goes to bio; a file, or a block device through the page cache
 * (direct=0 given), goes to kiocb.
 */
static const char *kg_engine_for(const struct kg_job *j, const char *named)
{
	struct stat st;

	if (named)
		return named;
	if (!stat(j->filename, &st) && S_ISBLK(st.st_mode) &&
	    (j->direct || !j->direct_set))
		return "bio";
	return "kiocb";
}

/*
 * fio's fixups of the batch options (fixup_options()): a batch of 0, or
 * larger than iodepth, is iodepth; so is a low-water mark of 0 or above
 * iodepth; the most completions reaped at once are at least the fewest
 * waited for. Neither can exceed iodepth either, since no more are ever in
 * flight (fio bounds them by the current depth as it runs).
 */
static void kg_job_fixup_batches(struct kg_job *j)
{
	if (!j->iodepth_batch || j->iodepth_batch > j->iodepth)
		j->iodepth_batch = j->iodepth;
	if (!j->iodepth_low || j->iodepth_low > j->iodepth)
		j->iodepth_low = j->iodepth;
	if (j->iodepth_batch_complete_min > j->iodepth)
		j->iodepth_batch_complete_min = j->iodepth;
	if (j->iodepth_batch_complete_min > j->iodepth_batch_complete_max)
		j->iodepth_batch_complete_max = j->iodepth_batch_complete_min;
	if (j->iodepth_batch_complete_max > j->iodepth)
		j->iodepth_batch_complete_max = j->iodepth;
}

static int kg_job_finish(struct kg_job *j, enum kg_path path, FILE *err,
			 FILE *info)
{
	size_t i;

	for (i = 0; i < sizeof(kg_engine_map) / sizeof(kg_engine_map[0]); i++)
		if (!strcmp(kg_engine_map[i].fio, j->ioengine))
			break;
	j->mode = kg_engine_map[i].mode;
	j->engine = kg_engine_for(j, kg_engine_map[i].engine);
	if (!strcmp(j->engine, "bio") && j->direct_set && !j->direct) {
		fprintf(err, "kiogen: %s: direct: the bio engine is always direct (use ioengine=kiocb for the page cache)\n",
			j->name);
		return -EINVAL;
	}
	if (!strcmp(j->engine, "bio"))
		j->direct = true;	/* bios bypass the page cache */

	if (strcmp(j->engine, "null") && !j->filename[0]) {
		fprintf(err, "kiogen: %s: filename: needs a target (--filename=/dev/... or a file)\n",
			j->name);
		return -EINVAL;
	}
	if (!strcmp(j->engine, "null") && !j->size) {
		fprintf(err, "kiogen: %s: size: the null engine needs a size\n", j->name);
		return -EINVAL;
	}
	if (j->size && j->size < j->bs) {
		fprintf(err, "kiogen: %s: size: smaller than one block (bs)\n", j->name);
		return -EINVAL;
	}
	if (j->time_based && !j->runtime_ns) {
		fprintf(err, "kiogen: %s: time_based: needs a runtime\n", j->name);
		return -EINVAL;
	}
	if (!strcmp(j->engine, "bio") && (j->fsync || j->fdatasync || j->end_fsync)) {
		fprintf(err, "kiogen: %s: fsync: a block device through bio has nothing to fsync (use a file, or ioengine=kiocb)\n",
			j->name);
		return -EINVAL;
	}
	if (j->mode == KIOGEN_MODE_SYNC && j->iodepth > 1) {
		fprintf(info, "kiogen: %s: ioengine=%s is synchronous, iodepth=%u ignored (as fio)\n",
			j->name, j->ioengine, j->iodepth);
		j->iodepth = 1;
	}
	kg_job_fixup_batches(j);
	if (j->hipri && !j->direct) {
		fprintf(err, "kiogen: %s: hipri: polled completions need direct=1\n", j->name);
		return -EINVAL;
	}
	if (path == KG_PATH_KERNEL && strcmp(j->ioengine, j->engine))
		fprintf(info, "kiogen: %s: ioengine=%s -> kernel engine %s%s, %s\n",
			j->name, j->ioengine, j->engine,
			strcmp(j->engine, "kiocb") ? "" : j->direct ? " (O_DIRECT)" : " (buffered)",
			j->mode == KIOGEN_MODE_SYNC ? "synchronous (one I/O at a time per worker)" :
			"asynchronous (iodepth in flight per worker)");
	return 0;
}

int kg_jobs_finish(struct kg_jobs *js, FILE *err, FILE *info)
{
	unsigned int i;

	if (!js->nr_jobs) {
		fprintf(err, "kiogen: no job: start one with --name=NAME\n");
		return -EINVAL;
	}
	for (i = 0; i < js->nr_jobs; i++)
		if (kg_job_finish(&js->jobs[i], js->global.path, err, info))
			return -EINVAL;
	return 0;
}

void kg_options_usage(FILE *f)
{
	size_t i;

	for (i = 0; i < KG_NR_OPTS; i++)
		fprintf(f, "  --%-16s %s\n", kg_opts[i].name, kg_opts[i].help);
}
