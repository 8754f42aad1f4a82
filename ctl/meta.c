// SPDX-License-Identifier: GPL-2.0
/*
 * "kiogen meta": bonnie++'s file test (-n files:max:min:dirs, -b) as one
 * command on top of the metadata engines, and aging. Each of bonnie++'s six
 * phases (sequential create, stat, delete; random create, stat, delete) is
 * one filecreate, filestat or filedelete run per directory, from kernel
 * threads or, with --path=syscall, through syscalls; the phase's figures are
 * its runs' added up. Aging is N seeded passes of random create (with data)
 * and random delete of the same file set before the measured phases, each
 * pass kept, so a file system that slows down as it is used shows it as a
 * curve. Prints bonnie++'s table, per-operation latency percentiles per
 * phase, and JSON.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <kiogen/meta.h>

#include "json/json.h"
#include "kiogen.h"
#include "nl/results.h"
#include "options/options.h"
#include "report/meta-path.h"
#include "report/report.h"
#include "syscall/syscall.h"

#define KG_META_WORKDIR		"kiogen-bonnie"
#define KG_META_JOBNAME		"bonnie"
#define KG_META_CHUNK		"8k"	/* bonnie++'s write chunk */
#define KG_META_MAX_DIRS	100000	/* bonnie++'s directories are %05d */
#define KG_META_MAX_AGE		1000
#define KG_META_MIN_TIME_NS	500000000ULL	/* under it bonnie++ prints +++++ */

enum kg_meta_phase_id {
	KG_SEQ_CREATE,
	KG_SEQ_STAT,
	KG_SEQ_DELETE,
	KG_RND_CREATE,
	KG_RND_STAT,
	KG_RND_DELETE,
	KG_NR_PHASES,
};

static const struct {
	const char *key;	/* --phases= and JSON */
	const char *title;
	const char *ioengine;
	const char *rw;
	int files;		/* +1 makes the files, -1 removes them, 0 needs them */
} kg_meta_phases[KG_NR_PHASES] = {
	[KG_SEQ_CREATE] = { "seq_create", "sequential create", "filecreate", "write", 1 },
	[KG_SEQ_STAT] = { "seq_stat", "sequential stat", "filestat", "read", 0 },
	[KG_SEQ_DELETE] = { "seq_delete", "sequential delete", "filedelete", "write", -1 },
	[KG_RND_CREATE] = { "rnd_create", "random create", "filecreate", "randwrite", 1 },
	[KG_RND_STAT] = { "rnd_stat", "random stat", "filestat", "randread", 0 },
	[KG_RND_DELETE] = { "rnd_delete", "random delete", "filedelete", "randwrite", -1 },
};

/* per-operation latency percentiles printed and put in JSON, in ppm */
static const struct {
	const char *name;
	uint32_t ppm;
} kg_meta_pcts[] = {
	{ "p50", 500000 }, { "p90", 900000 }, { "p99", 990000 }, { "p99.9", 999000 },
};

#define KG_META_NR_PCTS	(sizeof(kg_meta_pcts) / sizeof(kg_meta_pcts[0]))

/* What is asked: bonnie++'s -n and -b, the phases, the aging. */
struct kg_meta_cfg {
	uint32_t kfiles;	/* files in units of 1024 */
	uint64_t max, min;	/* bytes of each file */
	uint32_t dirs;
	bool sync;		/* -b: fsync every file */
	enum kg_path path;
	char directory[4096];	/* where the work directory is made */
	uint64_t seed;
	uint32_t age;		/* churn passes before the phases */
	uint64_t age_seed;
	int phases[KG_NR_PHASES];
	unsigned int nr_phases;
	uint32_t formats;	/* KG_OUT_* */
};

/* One phase's (or one aging step's) figures: its runs added up. */
struct kg_meta_result {
	uint64_t files, errors;
	uint64_t elapsed_ns;	/* the workers' time, run setup left out */
	uint64_t cpu_ns;
	struct kg_dir d;	/* latencies of every operation */
};

struct kg_meta_ctx {
	const struct kg_meta_cfg *cfg;
	struct kg_nl nl;
	struct kg_run_result *r;
	struct kg_jobs *js;
	char work[4200];	/* the work directory */
	bool made;		/* made by this invocation */
};

/* The operations the command did: its phases' and its aging's. */
static unsigned int kg_meta_ops(const struct kg_meta_cfg *c, const bool *ran)
{
	unsigned int ops = 0;
	int p;

	if (c->age)
		ops |= KG_META_OP(KIOG_META_FILECREATE) | KG_META_OP(KIOG_META_FILEDELETE);
	for (p = 0; p < KG_NR_PHASES; p++)
		if (ran[p])
			ops |= KG_META_OP(kiog_meta_op_of(kg_meta_phases[p].ioengine));
	return ops;
}

static uint32_t kg_meta_nr_files(const struct kg_meta_cfg *c)
{
	return c->kfiles * 1024;
}

/* Files of directory @d: bonnie++ deals them out as evenly as it can. */
static uint32_t kg_meta_dir_files(const struct kg_meta_cfg *c, uint32_t d)
{
	return kg_meta_nr_files(c) / c->dirs + (d < kg_meta_nr_files(c) % c->dirs);
}

static void kg_meta_dir_path(const struct kg_meta_ctx *x, uint32_t d, char *buf, size_t len)
{
	if (x->cfg->dirs == 1)
		snprintf(buf, len, "%s", x->work);
	else
		snprintf(buf, len, "%s/%05u", x->work, d);
}

/* bonnie++'s -n: files[:max[:min[:dirs]]], files in units of 1024 */
static int kg_meta_parse_bonnie(struct kg_meta_cfg *c, const char *v)
{
	char buf[128], *f[4] = { NULL }, *save = NULL, *end;
	unsigned long n;
	unsigned int i = 0;
	uint64_t dirs = 1;

	if (strlen(v) >= sizeof(buf))
		goto bad;
	strcpy(buf, v);
	for (f[0] = strtok_r(buf, ":", &save); f[i] && i < 3; )
		f[++i] = strtok_r(NULL, ":", &save);
	if (!f[0] || strtok_r(NULL, ":", &save))
		goto bad;
	errno = 0;
	n = strtoul(f[0], &end, 10);
	if (errno || *end || !n || n * 1024 > KIOGEN_MAX_NRFILES)
		goto bad;
	c->kfiles = n;
	c->max = c->min = 0;
	if (f[1] && kg_parse_size(f[1], &c->max))
		goto bad;
	if (f[2] && kg_parse_size(f[2], &c->min))
		goto bad;
	if (f[3] && (kg_parse_size(f[3], &dirs) || !dirs || dirs > KG_META_MAX_DIRS))
		goto bad;
	c->dirs = dirs;
	if (c->min > c->max) {
		fprintf(stderr, "kiogen: meta: bonnie: the smallest size (%" PRIu64
			") is larger than the largest (%" PRIu64 ")\n", c->min, c->max);
		return -EINVAL;
	}
	if (c->dirs > kg_meta_nr_files(c)) {
		fprintf(stderr, "kiogen: meta: bonnie: %u directories for %u files\n",
			c->dirs, kg_meta_nr_files(c));
		return -EINVAL;
	}
	return 0;
bad:
	fprintf(stderr, "kiogen: meta: bonnie: '%s' is not FILES[:MAX[:MIN[:DIRS]]] (files in units of 1024, up to %u; sizes as 4k; 1 to %u directories)\n",
		v, KIOGEN_MAX_NRFILES / 1024, KG_META_MAX_DIRS);
	return -EINVAL;
}

static int kg_meta_parse_age(struct kg_meta_cfg *c, const char *v)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(v, &end, 10);
	if (errno || end == v || !n || n > KG_META_MAX_AGE)
		goto bad;
	if (*end == ':') {
		c->age_seed = strtoull(end + 1, &end, 0);
		if (errno || *end)
			goto bad;
	} else if (*end) {
		goto bad;
	}
	c->age = n;
	return 0;
bad:
	fprintf(stderr, "kiogen: meta: age: '%s' is not PASSES[:SEED] (1 to %u passes)\n",
		v, KG_META_MAX_AGE);
	return -EINVAL;
}

/* A comma list of phase keys, in the order given; "none": no phase. */
static int kg_meta_parse_phases(struct kg_meta_cfg *c, const char *v)
{
	char buf[256], *p, *save = NULL;
	int i, have;

	c->nr_phases = 0;
	if (!strcmp(v, "none"))
		return 0;
	if (strlen(v) >= sizeof(buf))
		goto bad;
	strcpy(buf, v);
	for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < KG_NR_PHASES && strcmp(p, kg_meta_phases[i].key); i++)
			;
		if (i == KG_NR_PHASES || c->nr_phases == KG_NR_PHASES)
			goto bad;
		c->phases[c->nr_phases++] = i;
	}
	if (!c->nr_phases)
		goto bad;
	/* the files exist before the first phase unless it makes them */
	have = kg_meta_phases[c->phases[0]].files <= 0;
	for (i = 0; i < (int)c->nr_phases; i++) {
		int f = kg_meta_phases[c->phases[i]].files;

		if ((f > 0 && have) || (f <= 0 && !have && i)) {
			fprintf(stderr, "kiogen: meta: phases: %s %s\n", kg_meta_phases[c->phases[i]].key,
				f > 0 ? "after files were made and not deleted" :
				"after the files were deleted");
			return -EINVAL;
		}
		have = f ? f > 0 : have;
	}
	return 0;
bad:
	fprintf(stderr, "kiogen: meta: phases: '%s' is not a list of up to six of seq_create, seq_stat, seq_delete, rnd_create, rnd_stat, rnd_delete, or none\n",
		v);
	return -EINVAL;
}

void kg_meta_usage(FILE *f)
{
	fprintf(f, "\nbonnie++'s file test from kernel threads (or through syscalls):\n"
		   "  --bonnie=FILES[:MAX[:MIN[:DIRS]]]  bonnie++'s -n: FILES x 1024 files of MIN to\n"
		   "                      MAX bytes (default 0) in DIRS directories (default 1);\n"
		   "                      default 16\n"
		   "  -b                  fsync every file after its data, as bonnie++ -b\n"
		   "  --phases=LIST       of seq_create,seq_stat,seq_delete,rnd_create,rnd_stat,\n"
		   "                      rnd_delete (default all six with --bonnie), or none\n"
		   "  --age=N[:SEED]      N seeded passes of random create and delete first\n"
		   "                      (alone: age the file system, measure nothing)\n"
		   "  --directory=DIR     where the work directory " KG_META_WORKDIR " is made\n"
		   "                      (default the current one); it must not exist\n"
		   "  --path=kernel|syscall  --randseed=N  --output-format=normal|json\n"
		   "\nFiles are named as filename_format's default (" KG_META_JOBNAME
		   ".0.N). Stat is a stat alone (bonnie++'s Read also reads the data), -b\n"
		   "fsyncs files but not their directory. A failed or interrupted phase\n"
		   "removes what this command made.\n");
}

static int kg_meta_parse(struct kg_meta_cfg *c, int argc, char **argv)
{
	bool bonnie = false, phases = false;
	int a;

	memset(c, 0, sizeof(*c));
	c->kfiles = 16;		/* bonnie++'s default -n 16 */
	c->dirs = 1;
	c->seed = 0x6b696f67656eULL;	/* the job default */
	c->age_seed = 1;
	snprintf(c->directory, sizeof(c->directory), ".");
	for (a = 0; a < argc; a++) {
		const char *arg = argv[a], *v = strchr(arg, '=');

		v = v ? v + 1 : "";
		if (!strncmp(arg, "--bonnie=", 9)) {
			if (kg_meta_parse_bonnie(c, v))
				return -EINVAL;
			bonnie = true;
		} else if (!strcmp(arg, "-b")) {
			c->sync = true;
		} else if (!strncmp(arg, "--age=", 6)) {
			if (kg_meta_parse_age(c, v))
				return -EINVAL;
		} else if (!strncmp(arg, "--phases=", 9)) {
			if (kg_meta_parse_phases(c, v))
				return -EINVAL;
			phases = true;
		} else if (!strncmp(arg, "--directory=", 12) && *v) {
			if (strlen(v) >= sizeof(c->directory)) {
				fprintf(stderr, "kiogen: meta: directory: too long\n");
				return -EINVAL;
			}
			strcpy(c->directory, v);
		} else if (!strcmp(arg, "--path=kernel") || !strcmp(arg, "--path=syscall")) {
			c->path = !strcmp(v, "kernel") ? KG_PATH_KERNEL : KG_PATH_SYSCALL;
		} else if (!strncmp(arg, "--randseed=", 11)) {
			char *end;

			errno = 0;
			c->seed = strtoull(v, &end, 0);
			if (errno || !*v || *end) {
				fprintf(stderr, "kiogen: meta: randseed: '%s' is not a number\n", v);
				return -EINVAL;
			}
		} else if (!strcmp(arg, "--output-format=normal") ||
			   !strcmp(arg, "--output-format=json")) {
			c->formats = !strcmp(v, "json") ? KG_OUT_JSON : KG_OUT_NORMAL;
		} else {
			fprintf(stderr, "kiogen: meta: unknown or malformed option '%s' (kiogen help meta)\n",
				arg);
			return -EINVAL;
		}
	}
	if (!phases && bonnie) {
		for (a = 0; a < KG_NR_PHASES; a++)
			c->phases[a] = a;
		c->nr_phases = KG_NR_PHASES;
	}
	if (!bonnie && !c->age && !phases) {
		fprintf(stderr, "kiogen: meta: give --bonnie=FILES[:MAX[:MIN[:DIRS]]], --age=N or both\n");
		return -EINVAL;
	}
	if (c->age && c->nr_phases && kg_meta_phases[c->phases[0]].files <= 0) {
		fprintf(stderr, "kiogen: meta: age: the churn needs an empty start: the phases must begin with a create\n");
		return -EINVAL;
	}
	if (!c->formats)
		c->formats = KG_OUT_NORMAL;
	return 0;
}

/* Makes the work directory and its subdirectories, as the user. */
static int kg_meta_make(struct kg_meta_ctx *x)
{
	char path[4300];
	uint32_t d;

	if (mkdir(x->work, 0755)) {
		int err = errno;

		fprintf(stderr, "kiogen: meta: cannot make %s: %s%s\n", x->work, strerror(err),
			err == EEXIST ? " (another run's, or left behind: remove it)" : "");
		return -err;
	}
	x->made = true;
	for (d = 0; x->cfg->dirs > 1 && d < x->cfg->dirs; d++) {
		kg_meta_dir_path(x, d, path, sizeof(path));
		if (mkdir(path, 0755)) {
			int err = errno;

			fprintf(stderr, "kiogen: meta: cannot make %s: %s\n", path, strerror(err));
			return -err;
		}
	}
	return 0;
}

/*
 * Removes what this command may have made: every name of the file set
 * (those that are not there are skipped), and the directories if this
 * invocation made them. Untimed, as the user.
 */
static void kg_meta_unmake(struct kg_meta_ctx *x, bool dirs)
{
	char path[4300], name[KIOGEN_META_NAME_MAX + 1];
	uint32_t d, k;
	int fd;

	for (d = 0; d < x->cfg->dirs; d++) {
		kg_meta_dir_path(x, d, path, sizeof(path));
		fd = open(path, O_DIRECTORY | O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		for (k = 0; k < kg_meta_dir_files(x->cfg, d); k++) {
			kiog_meta_name(name, sizeof(name), KIOG_META_FORMAT_DEFAULT,
				       KG_META_JOBNAME, 0, k);
			unlinkat(fd, name, 0);
		}
		close(fd);
		if (dirs && x->cfg->dirs > 1)
			rmdir(path);
	}
	if (dirs && rmdir(x->work) && errno != ENOENT)
		fprintf(stderr, "kiogen: meta: cannot remove %s: %s\n", x->work, strerror(errno));
}

/* Adds the figures of one finished run. */
static int kg_meta_add(struct kg_meta_result *m, const struct kg_run_result *r)
{
	uint32_t i, k;

	for (i = 0; i < r->nr_jobs; i++)
		for (k = 0; k < r->jobs[i].nr_workers; k++) {
			const struct kg_worker *w = &r->jobs[i].workers[k];
			int dir;

			for (dir = KIOGEN_DIR_READ; dir <= KIOGEN_DIR_WRITE; dir++) {
				m->files += w->dir[dir].ios;
				m->errors += w->dir[dir].errors;
				kg_dir_merge(&m->d, &w->dir[dir]);
			}
			m->elapsed_ns += w->elapsed_ns;
			m->cpu_ns += w->cpu_usr_ns + w->cpu_sys_ns;
		}
	return 0;
}

/*
 * One of bonnie++'s phases over every directory, seeded with @seed, into
 * @m. Returns an exit code, the failure said.
 */
static int kg_meta_phase(struct kg_meta_ctx *x, int phase, uint64_t seed,
			 struct kg_meta_result *m)
{
	const struct kg_meta_cfg *c = x->cfg;
	char dir[4400], nr[32], size[64], sd[32], path[4300], eng[32], rw[32];
	char *args[12];
	uint32_t d;
	int n, ret;

	memset(m, 0, sizeof(*m));
	snprintf(eng, sizeof(eng), "--ioengine=%s", kg_meta_phases[phase].ioengine);
	snprintf(rw, sizeof(rw), "--rw=%s", kg_meta_phases[phase].rw);
	for (d = 0; d < c->dirs && !kg_interrupt_pending(); d++) {
		n = 0;
		kg_meta_dir_path(x, d, path, sizeof(path));
		snprintf(dir, sizeof(dir), "--directory=%s", path);
		snprintf(nr, sizeof(nr), "--nrfiles=%u", kg_meta_dir_files(c, d));
		snprintf(sd, sizeof(sd), "--randseed=%" PRIu64, seed);
		args[n++] = "--name=" KG_META_JOBNAME;
		args[n++] = eng;
		args[n++] = rw;
		args[n++] = dir;
		args[n++] = nr;
		args[n++] = sd;
		args[n++] = "--bs=" KG_META_CHUNK;
		if (kg_meta_phases[phase].files > 0 && c->max) {
			if (c->min && c->min < c->max)
				snprintf(size, sizeof(size), "--filesize=%" PRIu64 "-%" PRIu64,
					 c->min, c->max);
			else
				snprintf(size, sizeof(size), "--filesize=%" PRIu64, c->max);
			args[n++] = size;
		}
		if (kg_meta_phases[phase].files > 0 && c->sync)
			args[n++] = "--fsync=1";
		args[n] = NULL;

		kg_jobs_init(x->js);
		if (kg_parse_args(x->js, n, args, stderr) || kg_jobs_finish(x->js, stderr, stderr))
			return KG_EXIT_USAGE;
		x->js->global.path = c->path;
		memset(x->r, 0, sizeof(*x->r));
		ret = c->path == KG_PATH_SYSCALL ? kg_syscall_run(x->js, x->r) :
		      kg_kernel_run(&x->nl, x->js, x->r);
		kg_meta_add(m, x->r);
		kg_results_release(x->r);
		if (ret) {
			fprintf(stderr, "kiogen: meta: %s failed in %s\n",
				kg_meta_phases[phase].title, path);
			return ret;
		}
	}
	if (kg_interrupt_pending()) {
		fprintf(stderr, "kiogen: meta: %s interrupted\n", kg_meta_phases[phase].title);
		return KG_EXIT_FAIL;
	}
	return KG_EXIT_OK;
}

static double kg_meta_rate(const struct kg_meta_result *m)
{
	return m->elapsed_ns ? m->files * 1e9 / m->elapsed_ns : 0;
}

static double kg_meta_cpu(const struct kg_meta_result *m)
{
	return m->elapsed_ns ? 100.0 * m->cpu_ns / m->elapsed_ns : 0;
}

/* bonnie++'s latency: us below 100000, then ms, then s */
static void kg_meta_latency_str(uint64_t ns, char *buf, size_t len)
{
	uint64_t us = ns / 1000;

	if (us < 100000)
		snprintf(buf, len, "%" PRIu64 "us", us);
	else if (us / 1000 < 100000)
		snprintf(buf, len, "%" PRIu64 "ms", us / 1000);
	else
		snprintf(buf, len, "%" PRIu64 "s", us / 1000000);
}

/* bonnie++'s table: files/s and %CPU per phase, its latency line below. */
static void kg_meta_table(FILE *f, const struct kg_meta_cfg *c, const struct kg_meta_result *res,
			  const bool *ran)
{
	char host[64] = "", label[64], rate[16], cpu[16], lat[32], ver[32];
	struct kg_lat_view v;
	int p;

	gethostname(host, sizeof(host) - 1);
	host[19] = '\0';
	snprintf(ver, sizeof(ver), "kiogen %s", KIOGEN_VERSION);
	if (c->max || c->min || c->dirs > 1)
		snprintf(label, sizeof(label), "%u:%" PRIu64 ":%" PRIu64 "/%u", c->kfiles,
			 c->max, c->min, c->dirs);
	else
		snprintf(label, sizeof(label), "%u", c->kfiles);
	fprintf(f, "%-19s ------Sequential Create------ --------Random Create--------\n", ver);
	fprintf(f, "%-19s -Create-- --Stat--- -Delete-- -Create-- --Stat--- -Delete--\n", host);
	fprintf(f, "files:max:min        /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP\n");
	fprintf(f, "%19s", label);
	for (p = 0; p < KG_NR_PHASES; p++) {
		if (!ran[p]) {
			strcpy(rate, "");
			strcpy(cpu, "");
		} else if (res[p].elapsed_ns < KG_META_MIN_TIME_NS) {
			/* too quick to be measured, as bonnie++ says it */
			strcpy(rate, "+++++");
			strcpy(cpu, "+++");
		} else {
			snprintf(rate, sizeof(rate), "%.0f", kg_meta_rate(&res[p]));
			snprintf(cpu, sizeof(cpu), "%.0f", kg_meta_cpu(&res[p]));
		}
		fprintf(f, " %5s %3s", rate, cpu);
	}
	fprintf(f, "\n%-17s", "Latency");
	for (p = 0; p < KG_NR_PHASES; p++) {
		kg_dir_lat(&res[p].d, KG_LAT_LAT, &v);
		if (ran[p] && v.n)
			kg_meta_latency_str(v.max, lat, sizeof(lat));
		else
			lat[0] = '\0';
		fprintf(f, "%10s", lat);
	}
	fputc('\n', f);
}

/* One line of the latency table: a phase's operations in microseconds. */
static void kg_meta_lat_line(FILE *f, const char *name, const struct kg_meta_result *m)
{
	struct kg_lat_view v;
	unsigned int i;

	kg_dir_lat(&m->d, KG_LAT_LAT, &v);
	fprintf(f, "%-18s %8" PRIu64 " %9.0f %4.0f %9.1f %9.1f", name, m->files,
		kg_meta_rate(m), kg_meta_cpu(m), (v.n ? v.min : 0) / 1e3, kg_lat_mean_ns(&v) / 1e3);
	for (i = 0; i < KG_META_NR_PCTS; i++)
		fprintf(f, " %9.1f", kg_lat_percentile_ns(&v, kg_meta_pcts[i].ppm) / 1e3);
	fprintf(f, " %9.1f\n", (v.n ? v.max : 0) / 1e3);
}

static void kg_meta_lat_head(FILE *f, const char *first)
{
	unsigned int i;

	fprintf(f, "%-18s %8s %9s %4s %9s %9s", first, "files", "files/s", "%CPU", "min", "mean");
	for (i = 0; i < KG_META_NR_PCTS; i++)
		fprintf(f, " %9s", kg_meta_pcts[i].name);
	fprintf(f, " %9s\n", "max");
}

static void kg_meta_text(FILE *f, const struct kg_meta_ctx *x, const struct kg_meta_result *age,
			 const struct kg_meta_result *res, const bool *ran)
{
	const struct kg_meta_cfg *c = x->cfg;
	char name[32];
	unsigned int i;
	int p;

	fprintf(f, "kiogen meta: %u files of %" PRIu64 " to %" PRIu64
		" bytes in %u director%s of %s, %s path%s\n", kg_meta_nr_files(c), c->min, c->max,
		c->dirs, c->dirs == 1 ? "y" : "ies", x->work,
		c->path == KG_PATH_SYSCALL ? "syscall" : "kernel",
		c->sync ? ", fsync every file (-b)" : "");
	if (c->age) {
		fprintf(f, "\naging: %u passes of random create and delete, seed %" PRIu64
			"; per pass (latencies in us)\n", c->age, c->age_seed);
		kg_meta_lat_head(f, "pass");
		for (i = 0; i < c->age; i++) {
			struct kg_meta_result both = age[2 * i];

			snprintf(name, sizeof(name), "%u create", i + 1);
			kg_meta_lat_line(f, name, &age[2 * i]);
			snprintf(name, sizeof(name), "%u delete", i + 1);
			kg_meta_lat_line(f, name, &age[2 * i + 1]);
			both.files += age[2 * i + 1].files;
			both.elapsed_ns += age[2 * i + 1].elapsed_ns;
			both.cpu_ns += age[2 * i + 1].cpu_ns;
			fprintf(f, "%-18s %8" PRIu64 " %9.0f %4.0f\n", "  both", both.files,
				kg_meta_rate(&both), kg_meta_cpu(&both));
		}
	}
	if (c->nr_phases) {
		fputc('\n', f);
		kg_meta_table(f, c, res, ran);
		fprintf(f, "\nper operation (latencies in us; Stat is a stat alone, where bonnie++'s Read also reads the data)\n");
		kg_meta_lat_head(f, "phase");
		for (p = 0; p < KG_NR_PHASES; p++)
			if (ran[p])
				kg_meta_lat_line(f, kg_meta_phases[p].title, &res[p]);
	}
	if (c->path == KG_PATH_KERNEL && kg_meta_ops(c, ran)) {
		fputc('\n', f);
		kg_meta_path_text(f, kg_meta_ops(c, ran));
	}
}

static void kg_meta_json_result(struct kg_json *j, const char *key, const char *phase,
				const struct kg_meta_result *m)
{
	struct kg_lat_view v;
	unsigned int i;

	kg_dir_lat(&m->d, KG_LAT_LAT, &v);
	kg_json_obj(j, key);
	if (phase)
		kg_json_string(j, "phase", phase);
	kg_json_u64(j, "files", m->files);
	kg_json_u64(j, "errors", m->errors);
	kg_json_double_prec(j, "elapsed_s", m->elapsed_ns / 1e9, 6);
	kg_json_double_prec(j, "files_per_s", kg_meta_rate(m), 2);
	kg_json_double_prec(j, "cpu_pct", kg_meta_cpu(m), 2);
	kg_json_open(j, "latency_us", '{', true);
	kg_json_double_prec(j, "min", (v.n ? v.min : 0) / 1e3, 3);
	kg_json_double_prec(j, "mean", kg_lat_mean_ns(&v) / 1e3, 3);
	for (i = 0; i < KG_META_NR_PCTS; i++)
		kg_json_double_prec(j, kg_meta_pcts[i].name,
				    kg_lat_percentile_ns(&v, kg_meta_pcts[i].ppm) / 1e3, 3);
	kg_json_double_prec(j, "max", (v.n ? v.max : 0) / 1e3, 3);
	kg_json_close(j, '}');
	kg_json_end(j);
}

static void kg_meta_json(FILE *f, const struct kg_meta_ctx *x, const struct kg_meta_result *age,
			 const struct kg_meta_result *res, const bool *ran)
{
	const struct kg_meta_cfg *c = x->cfg;
	struct kg_json j = { .f = f };
	unsigned int i;
	int p;

	kg_json_obj(&j, NULL);
	kg_json_string(&j, "kiogen version", KIOGEN_VERSION);
	kg_json_obj(&j, "meta");
	kg_json_string(&j, "path", c->path == KG_PATH_SYSCALL ? "syscall" : "kernel");
	kg_json_string(&j, "directory", x->work);
	kg_json_u64(&j, "files", kg_meta_nr_files(c));
	kg_json_u64(&j, "max_size", c->max);
	kg_json_u64(&j, "min_size", c->min);
	kg_json_u64(&j, "directories", c->dirs);
	kg_json_bool(&j, "fsync", c->sync);
	kg_json_u64(&j, "randseed", c->seed);
	kg_json_u64(&j, "age_seed", c->age_seed);
	kg_json_open(&j, "aging", '[', false);
	for (i = 0; i < c->age; i++) {
		struct kg_meta_result both = age[2 * i];

		both.files += age[2 * i + 1].files;
		both.elapsed_ns += age[2 * i + 1].elapsed_ns;
		both.cpu_ns += age[2 * i + 1].cpu_ns;
		kg_json_obj(&j, NULL);
		kg_json_u64(&j, "pass", i + 1);
		kg_json_double_prec(&j, "files_per_s", kg_meta_rate(&both), 2);
		kg_meta_json_result(&j, "create", NULL, &age[2 * i]);
		kg_meta_json_result(&j, "delete", NULL, &age[2 * i + 1]);
		kg_json_end(&j);
	}
	kg_json_close(&j, ']');
	kg_json_open(&j, "phases", '[', false);
	for (i = 0; i < c->nr_phases; i++) {
		p = c->phases[i];
		if (ran[p])
			kg_meta_json_result(&j, NULL, kg_meta_phases[p].key, &res[p]);
	}
	kg_json_close(&j, ']');
	if (c->path == KG_PATH_KERNEL && kg_meta_ops(c, ran))
		kg_meta_path_json(&j, kg_meta_ops(c, ran));
	kg_json_end(&j);
	kg_json_end(&j);
	fputc('\n', f);
}

/* The aging passes, each pass's create and delete into @age[2i], @age[2i + 1]. */
static int kg_meta_age(struct kg_meta_ctx *x, struct kg_meta_result *age)
{
	const struct kg_meta_cfg *c = x->cfg;
	uint32_t i;
	int ret;

	for (i = 0; i < c->age; i++) {
		uint64_t seed = kiog_seed_mix(c->age_seed, i);

		fprintf(stderr, "kiogen: meta: aging pass %u of %u\n", i + 1, c->age);
		ret = kg_meta_phase(x, KG_RND_CREATE, seed, &age[2 * i]);
		if (!ret)
			ret = kg_meta_phase(x, KG_RND_DELETE, kiog_seed_mix(seed, 1),
					    &age[2 * i + 1]);
		if (ret)
			return ret;
	}
	return KG_EXIT_OK;
}

int kg_cmd_meta(int argc, char **argv)
{
	static struct kg_meta_cfg cfg;
	static struct kg_meta_result res[KG_NR_PHASES];
	struct kg_meta_result *age = NULL;
	struct kg_meta_ctx x = { .cfg = &cfg };
	bool ran[KG_NR_PHASES] = { false };
	bool empty_start, have = false;
	int failed = -1;	/* the phase that failed */
	unsigned int i;
	int ret;

	if (kg_meta_parse(&cfg, argc, argv))
		return KG_EXIT_USAGE;
	snprintf(x.work, sizeof(x.work), "%s/%s", cfg.directory, KG_META_WORKDIR);
	x.js = calloc(1, sizeof(*x.js));
	x.r = calloc(1, sizeof(*x.r));
	age = calloc(2 * cfg.age + 1, sizeof(*age));
	if (!x.js || !x.r || !age) {
		fprintf(stderr, "kiogen: meta: out of memory\n");
		ret = KG_EXIT_FAIL;
		goto out_free;
	}
	kg_stop_on_signals();
	if (cfg.path == KG_PATH_KERNEL) {
		ret = kg_connect(&x.nl);
		if (ret)
			goto out_free;
	}
	empty_start = !cfg.nr_phases || kg_meta_phases[cfg.phases[0]].files > 0;
	if (empty_start) {
		ret = kg_meta_make(&x) ? KG_EXIT_FAIL : KG_EXIT_OK;
		if (ret)
			goto out_undo;
	} else if (access(x.work, F_OK)) {
		fprintf(stderr, "kiogen: meta: phases: %s: %s (the files a create phase left)\n",
			x.work, strerror(errno));
		ret = KG_EXIT_FAIL;
		goto out_close;
	}
	ret = kg_meta_age(&x, age);
	have = !empty_start;
	for (i = 0; i < cfg.nr_phases && !ret; i++) {
		int p = cfg.phases[i];

		fprintf(stderr, "kiogen: meta: %s\n", kg_meta_phases[p].title);
		ret = kg_meta_phase(&x, p, kiog_seed_mix(cfg.seed, p), &res[p]);
		ran[p] = !ret;
		failed = ret ? p : -1;
		if (kg_meta_phases[p].files)
			have = kg_meta_phases[p].files > 0;
	}
	if (ret)
		goto out_undo;
	/* the files gone: the directories go too */
	if (!have)
		kg_meta_unmake(&x, true);
	/* fio's order: JSON before text */
	if (cfg.formats & KG_OUT_JSON)
		kg_meta_json(stdout, &x, age, res, ran);
	if (cfg.formats & KG_OUT_NORMAL)
		kg_meta_text(stdout, &x, age, res, ran);
	if (fflush(stdout)) {
		fprintf(stderr, "kiogen: meta: cannot write the report: %s\n", strerror(errno));
		ret = KG_EXIT_FAIL;
	}
	goto out_close;

out_undo:
	/*
	 * Nothing half made: what this invocation made goes; else a create
	 * that failed is undone and a delete that failed is finished.
	 */
	if (x.made || (failed >= 0 && kg_meta_phases[failed].files))
		kg_meta_unmake(&x, x.made);
	if (x.made)
		fprintf(stderr, "kiogen: meta: removed %s and what was made in it\n", x.work);
out_close:
	if (cfg.path == KG_PATH_KERNEL)
		kg_nl_close(&x.nl);
out_free:
	free(age);
	free(x.r);
	free(x.js);
	return ret;
}
