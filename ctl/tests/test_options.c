// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of the fio option parser: value syntax, limits, job
 * boundaries, the ioengine mapping and the error messages, no kernel needed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>
#include <sys/stat.h>

#include <kiogen/meta.h>

#include "options/cgroup.h"
#include "report/log.h"
#include "options/options.h"

static int nr, failed;

static void ok(int cond, const char *desc)
{
	printf("%sok %d - %s\n", cond ? "" : "not ", ++nr, desc);
	failed += !cond;
}

/* ok() with a printf description: what was got, when it fails */
static void __attribute__((format(printf, 2, 3))) okf(int cond, const char *fmt, ...)
{
	char desc[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(desc, sizeof(desc), fmt, ap);
	va_end(ap);
	ok(cond, desc);
}

static char seen[256];

static void grab_dist(void *ctx, const char *name, const char *value)
{
	(void)ctx;
	if (!strcmp(name, "random_distribution"))
		snprintf(seen, sizeof(seen), "%s", value);
}

/* What kg_jobs_finish() wrote to its info stream (fio's notes), of the last parse */
static char info_text[4096];

/* Parses @argv; returns 0 or the error text, in @err. */
static int parse_argv(struct kg_jobs *js, char *err, size_t len, char **argv, int argc)
{
	FILE *f = fmemopen(err, len, "w");
	FILE *info = fmemopen(info_text, sizeof(info_text), "w");
	int ret;

	kg_jobs_init(js);
	memset(err, 0, len);
	memset(info_text, 0, sizeof(info_text));
	ret = kg_parse_args(js, argc, argv, f);
	if (!ret)
		ret = kg_jobs_finish(js, f, info);
	fclose(f);
	fclose(info);
	return ret;
}

/* The same, of a NULL-terminated argument list. */
static int parse(struct kg_jobs *js, char *err, size_t len, ...)
{
	char *argv[64];
	va_list ap;
	int argc = 0;

	va_start(ap, len);
	while ((argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	return parse_argv(js, err, len, argv, argc);
}

/* What kg_rate_min_report() says of one worker of @j; free() it. */
static char *min_report(struct kg_job *j, struct kg_worker *w)
{
	struct kg_run_result r = { .nr_jobs = 1 };
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	r.jobs[0] = (struct kg_job_result){ j, 1, w, 0 };
	kg_rate_min_report(&r, f);
	fclose(f);
	return out;
}

/* "name=value," of each option as given */
static void given_cat(void *ctx, const char *name, const char *value)
{
	char *buf = ctx;

	sprintf(buf + strlen(buf), "%s=%s,", name, value);
}

/* cpus_allowed, cpus_allowed_policy, numa_cpu_nodes, nice, prio, prioclass */
static void test_place(struct kg_jobs *js)
{
	static const struct {
		const char *arg, *msg;
	} bad[] = {
		{ "--cpus_allowed=", "cpus_allowed: needs a value" },
		{ "--cpus_allowed=x", "cpus_allowed: 'x' is not a CPU number" },
		{ "--cpus_allowed=0,", "cpus_allowed: '' is not a CPU number" },
		{ "--cpus_allowed=3-1", "cpus_allowed: '3-1' is a range that ends before it starts" },
		{ "--cpus_allowed=0-", "cpus_allowed: '' is not a CPU number" },
		{ "--cpus_allowed=2048", "cpus_allowed: CPU 2048 is too large (kiogen takes 0 to 2047)" },
		{ "--cpus_allowed=99999999999999999999", "cpus_allowed: CPU 99999999999999999999 is too large" },
		{ "--cpus_allowed=2047", "cpus_allowed: CPU 2047 is not online or not one this process may run on" },
		{ "--cpus_allowed_policy=spread", "cpus_allowed_policy: 'spread' is not shared or split" },
		{ "--numa_cpu_nodes=n0", "numa_cpu_nodes: 'n0' is not a node number" },
		{ "--numa_cpu_nodes=2047", "numa_cpu_nodes: node 2047 has no CPUs here" },
		{ "--numa_cpu_nodes=4096", "numa_cpu_nodes: node 4096 is too large" },
		{ "--nice=-21", "nice: '-21' is not a nice value (-20 to 19)" },
		{ "--nice=20", "nice: '20' is not a nice value (-20 to 19)" },
		{ "--nice=low", "nice: 'low' is not a nice value" },
		{ "--nice=", "nice: needs a value" },
		{ "--prio=8", "prio: 8 is out of range (0 to 7)" },
		{ "--prio=high", "prio: 'high' is not a valid number" },
		{ "--prioclass=4", "prioclass: 4 is out of range (0 to 3)" },
		{ "--prioclass=-1", "prioclass: '-1' is not a valid number" },
	};
	char err[512], buf[64];
	bool all = true;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (!parse(js, err, sizeof(err), "--name=a", "--filename=/x", bad[i].arg, NULL) ||
		    !strstr(err, bad[i].msg)) {
			printf("# %s: %s", bad[i].arg, err);
			all = false;
		}
	ok(all, "bad placement and priority values refused, each named");
	ok(!parse(js, err, sizeof(err), "--name=a", "--filename=/x", "--cpus_allowed=0",
		  "--cpus_allowed_policy=split", "--nice=-3", NULL) &&
	   js->jobs[0].cpus_allowed.nr == 1 && js->jobs[0].cpus_allowed.z[0] == 1 &&
	   js->jobs[0].cpus_allowed_policy == KIOGEN_CPUS_ALLOWED_POLICY_SPLIT &&
	   js->jobs[0].nice == -3 && !js->jobs[0].prioclass,
	   "cpus_allowed=0 split, nice=-3; no I/O priority unless asked");
	ok(!kg_opt_place(js, &js->jobs[0], &(struct kg_option){ .name = "cpus_allowed" },
			 "1-3,64,130-131", stderr) &&
	   js->jobs[0].cpus_allowed.nr == 3 && js->jobs[0].cpus_allowed.z[0] == 0xe &&
	   js->jobs[0].cpus_allowed.z[1] == 1 && js->jobs[0].cpus_allowed.z[2] == 0xc &&
	   !strcmp(kg_cpus_allowed_show(&js->jobs[0], buf, sizeof(buf)), "1-3,64,130-131"),
	   "a CPU list into the bitmap and back, as fio writes it");
	ok(!parse(js, err, sizeof(err), "--name=a", "--filename=/x", "--prio=5", NULL) &&
	   js->jobs[0].prio == 5 && js->jobs[0].prioclass == 2 &&
	   !parse(js, err, sizeof(err), "--name=a", "--filename=/x", "--prioclass=0", NULL) &&
	   js->jobs[0].prio == 0 && js->jobs[0].prioclass == 2 &&
	   !parse(js, err, sizeof(err), "--name=a", "--filename=/x", "--prio=1",
		  "--prioclass=3", NULL) && js->jobs[0].prio == 1 && js->jobs[0].prioclass == 3,
	   "prio without a class is best effort, prioclass=0 too (fio's ioprio_value)");
}

/* size=N%, offset=N%, io_size=N%: fio's percentages of the target */
static void test_pct(struct kg_jobs *js)
{
	static const char *const bad[] = { "--size=0%", "--size=101%", "--size=12.5%",
					   "--offset=%", "--io_size=50%%", "--offset=-5%" };
	char err[512], want[64];
	bool all = true;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(want, sizeof(want), "%.*s: '%s' is not a percentage from 1%% to 100%%",
			 (int)strcspn(bad[i] + 2, "="), bad[i] + 2, strchr(bad[i], '=') + 1);
		if (!parse(js, err, sizeof(err), "--name=a", "--filename=/x", bad[i], NULL) ||
		    !strstr(err, want)) {
			printf("# %s: %s", bad[i], err);
			all = false;
		}
	}
	ok(all, "bad percentages refused, each named");
	ok(!parse(js, err, sizeof(err), "--name=a", "--filename=/x", "--size=50%",
		  "--offset=10%", "--io_size=1m", "--io_size=20%", NULL) &&
	   js->jobs[0].size_pct == 50 && !js->jobs[0].size && js->jobs[0].offset_pct == 10 &&
	   js->jobs[0].io_size_pct == 20 && !js->jobs[0].io_size &&
	   !parse(js, err, sizeof(err), "--size=50%", "--name=a", "--filename=/x",
		  "--size=1m", NULL) &&
	   !js->jobs[0].size_pct && js->jobs[0].size == 1 << 20,
	   "size=50% is a percentage until bytes take its place");
}

/* fio's kb_base: k and kB its powers, KiB the other base's; in order */
static void test_kb_base(struct kg_jobs *js)
{
	char err[512];

	ok(!parse(js, err, sizeof(err), "--name=a", "--filename=/x", "--kb_base=1000",
		  "--bs=4k", "--size=1MiB", NULL) &&
	   js->jobs[0].bs == 4000 && js->jobs[0].size == 1 << 20 &&
	   !parse(js, err, sizeof(err), "--kb_base=1000", "--name=a", "--filename=/x",
		  "--bs=4kB", "--rate=1m", NULL) &&
	   js->jobs[0].bs == 4000 && js->jobs[0].rate_read == 1000000 &&
	   !parse(js, err, sizeof(err), "--name=a", "--filename=/x", "--bs=4KiB",
		  "--size=4Ki", NULL) &&
	   js->jobs[0].bs == 4000 && js->jobs[0].size == 4096,
	   "kb_base=1000: 4k and 4kB are 4000, 1MiB 1048576; 1024: 4KiB is 4000 (fio)");
	ok(!parse(js, err, sizeof(err), "--name=a", "--filename=/x", "--bs=8k",
		  "--kb_base=1000", NULL) && js->jobs[0].bs == 8192,
	   "kb_base reads the sizes after it on the command line, as fio's");
	ok(parse(js, err, sizeof(err), "--name=a", "--filename=/x", "--kb_base=1", NULL) &&
	   strstr(err, "kb_base: '1' is not 1024 or 1000"), "kb_base=1 refused, named");
}

/* cgroup, cgroup_weight, cgroup_nodelete (ctl/options/cgroup.c): what is refused before any run */
static void test_cgroup(struct kg_jobs *js)
{
	static const struct {
		const char *arg, *msg;
	} bad[] = {
		{ "--cgroup_weight=0", "cgroup_weight: 0 is out of range (100 to 1000)" },
		{ "--cgroup_weight=99", "cgroup_weight: 99 is out of range (100 to 1000)" },
		{ "--cgroup_weight=1001", "cgroup_weight: 1001 is out of range (100 to 1000)" },
		{ "--cgroup_weight=heavy", "cgroup_weight: 'heavy' is not a valid number" },
		{ "--cgroup=..", "cgroup: '..': no '.' or '..' in a cgroup's name" },
		{ "--cgroup=../kg-a", "cgroup: '../kg-a': no '.' or '..'" },
		{ "--cgroup=kg-a/../..", "cgroup: 'kg-a/../..': no '.' or '..'" },
		{ "--cgroup=a/./b", "cgroup: 'a/./b': no '.' or '..'" },
		{ "--cgroup=/", "cgroup: '/' names no cgroup" },
		{ "--cgroup=", "cgroup: needs a value" },
		{ "--cgroup_nodelete=2", "cgroup_nodelete: '2' is not 0 or 1" },
	};
	static const char mountinfo[] =
		"22 1 0:21 / /proc rw,nosuid - proc proc rw\n"
		"25 1 0:23 / /sys/fs/cgroup/unified rw - cgroup cgroup rw,blkio\n"
		"31 1 0:26 /kiogen /mnt/cg\\040two rw,relatime shared:9 - cgroup2 cgroup2 rw\n";
	char err[512], dir[64], root[64];
	bool all = true;
	size_t i;
	FILE *f;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (!parse(js, err, sizeof(err), "--name=a", "--filename=/x", bad[i].arg, NULL) ||
		    !strstr(err, bad[i].msg)) {
			printf("# %s: %s", bad[i].arg, err);
			all = false;
		}
	ok(all, "bad cgroup values refused, each named");
	ok(!parse(js, err, sizeof(err), "--name=a", "--filename=/x", "--cgroup=/kg-a/b/",
		  "--cgroup_weight=500", "--cgroup_nodelete", NULL) &&
	   !strcmp(js->jobs[0].cgroup, "kg-a/b") && js->jobs[0].cgroup_weight == 500 &&
	   js->jobs[0].cgroup_nodelete, "cgroup=/kg-a/b/: below the root, as fio joins them");
	ok(parse(js, err, sizeof(err), "--cgroup=kg-a", "--name=a", "--filename=/x", "--name=b",
		 "--filename=/y", "--cgroup_weight=200", NULL) &&
	   strstr(err, "b: cgroup: the jobs of one run share one cgroup"),
	   "jobs of one run in different cgroups (or weights) refused");
	ok(!parse(js, err, sizeof(err), "--name=a", "--filename=/x", "--cgroup=kg-a", "--name=b",
		  "--filename=/y", "--stonewall", "--cgroup=kg-b", NULL),
	   "after a stonewall, a job runs from its own cgroup");
	ok(kg_cgroup_io_weight(100) == 20 && kg_cgroup_io_weight(500) == 100 &&
	   kg_cgroup_io_weight(1000) == 200 && kg_cgroup_io_weight(103) == 21,
	   "cgroup_weight to io.weight: /5, 500 is v2's default 100");
	f = fmemopen((void *)mountinfo, sizeof(mountinfo) - 1, "r");
	ok(!kg_cgroup2_mount(f, dir, root, sizeof(dir)) && !strcmp(dir, "/mnt/cg two") &&
	   !strcmp(root, "/kiogen"), "cgroup2's mount from mountinfo, not cgroup v1's, unescaped");
	fclose(f);
	f = fmemopen((void *)mountinfo, 100, "r");
	ok(kg_cgroup2_mount(f, dir, root, sizeof(dir)) == -ENOENT, "no cgroup2 mount: -ENOENT");
	fclose(f);
}

/*
 * The kernel's default of each plain field (job.h's list, what a raw
 * netlink request gets when it leaves the attribute out) against the CLI's
 * (fio's defaults, from the option table): the same, except the rows
 * below, each with why.
 */
static const struct {
	const char *field, *why;
} kernel_default_differs[] = {
	{ "rw", "required: a request without it is refused (missing attribute)" },
	{ "bs", "required: a request without it is refused (missing attribute)" },
	{ "mode", "absent: async, the kernel path's reason to be; the CLI sends psync's" },
	{ "iodepth_batch", "0: the whole iodepth at once; the CLI sends fio's 1" },
	{ "iodepth_batch_complete_max", "0 stands for iodepth, fio's default" },
	{ "iodepth_low", "0 stands for iodepth, fio's default" },
	{ "invalidate", "a flag is false when absent; the CLI sends fio's 1" },
	{ "buffer_compress_chunk", "0 stands for 512, fio's default (buffer.h)" },
};

static bool default_differs_ok(const char *field)
{
	size_t i;

	for (i = 0; i < sizeof(kernel_default_differs) / sizeof(kernel_default_differs[0]); i++)
		if (!strcmp(kernel_default_differs[i].field, field))
			return true;
	return false;
}

/* a field equal to the kernel's default: the same value, an empty table */
#define KG_SAME_U32(a, b)	((a) == (b))
#define KG_SAME_U64(a, b)	((a) == (b))
#define KG_SAME_S32(a, b)	((a) == (b))
#define KG_SAME_FLAG(a, b)	((a) == (b))
#define KG_SAME_ZONES(a, b)	((a).nr == (b).nr)
#define KG_SAME_PATTERN(a, b)	((a).len == (b).len)

static void test_kernel_defaults(struct kg_jobs *js)
{
	/* the kernel's job when no attribute is set: the field list's column */
	static const struct kg_job kdflt = KIOG_JOB_DEFAULT_INIT(KIOG_JOB_FIELDS);
	char err[512], bad[1024] = "";
	const struct kg_job *j;
	int n = 0;

	ok(!parse(js, err, sizeof(err), "--name=d", "--filename=/x", NULL), "a job of defaults");
	j = &js->jobs[0];
#define KG_CMP_DEFAULT(field, ATTR, TYPE, dflt, option)				\
	if (!KG_SAME_##TYPE(j->field, kdflt.field) && !default_differs_ok(#field)) { \
		n++;								\
		snprintf(bad + strlen(bad), sizeof(bad) - strlen(bad), " %s", #field); \
	}
	KIOG_JOB_FIELDS(KG_CMP_DEFAULT)
#undef KG_CMP_DEFAULT
	if (n)
		printf("# differ without a row saying why:%s\n", bad);
	ok(!n, "the kernel's defaults are fio's, but where a row says why");
}

/* fio's aliases, each resolving to its option */
static void test_fio_aliases(struct kg_jobs *js)
{
	char err[512];

	okf(!parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--timeout=7",
		   "--fileoffset=4k", "--iomem=malloc", "--disable_bw=1", "--ss_dur=10",
		   "--ss_ramp=5", NULL) &&
	    js->jobs[0].runtime_ns == 7000000000ULL && js->jobs[0].offset == 4096,
	    "timeout is runtime, fileoffset is offset; iomem, disable_bw, ss_dur, ss_ramp resolve");
	okf(kg_opt_find("fill_fs") == kg_opt_find("fill_device") &&
	    kg_opt_find("ss") == kg_opt_find("steadystate") &&
	    kg_opt_find("mem") == kg_opt_find("iomem") && kg_opt_find("ss"),
	    "fill_fs, ss, iomem: the rows of fill_device, steadystate, mem");
	okf(!parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--mem_align=512", NULL) &&
	    parse(js, err, sizeof(err), "--name=a", "--iomem_align=8192", NULL) &&
	    strstr(err, "out of range"),
	    "mem_align is iomem_align: up to the page, which kiogen's buffers meet");
}

/* fio's options kiogen does not honour, and names that are no option */
static void test_fio_classes(struct kg_jobs *js)
{
	char *noted[] = { "--gtod_reduce=1", "--name=a", "--filename=/dev/x", "--thread",
			  "--gtod_reduce", "--description=a text" };
	char *refused[] = { "--name=a", "--filename=/dev/x", "--serialize_overlap" };
	char *dflt[] = { "--name=a", "--filename=/dev/x", "--lockfile=none", "--serialize_overlap=0" };
	char err[512];
	const char *p;

	okf(!parse_argv(js, err, sizeof(err), noted, 6) &&
	    strstr(info_text, "kiogen: fio option 'gtod_reduce' has no effect in kiogen: kiogen times every I/O") &&
	    strstr(info_text, "fio option 'thread' has no effect in kiogen: ") &&
	    strstr(info_text, "fio option 'description' has no effect in kiogen: "),
	    "gtod_reduce, thread, description: accepted, each with its note");
	p = strstr(info_text, "'gtod_reduce'");
	okf(p && !strstr(p + 1, "'gtod_reduce'"), "a note said once, however often the option is given");
	okf(!parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--verify=crc32c",
		   "--verify_dump=1", NULL) &&
	    strstr(info_text, "fio option 'verify_dump' has no effect in kiogen: kiogen writes no dump files; its report gives each worker's first mismatch"),
	    "verify_dump: accepted, its note says what the report gives instead");
	okf(parse_argv(js, err, sizeof(err), refused, 3) &&
	    !strcmp(err, "kiogen: fio option 'serialize_overlap' is not supported by kiogen: kiogen does not hold back an I/O that overlaps one in flight\n"),
	    "serialize_overlap: refused, naming fio's option and why");
	okf(!parse_argv(js, err, sizeof(err), dflt, 4), "a refused option given fio's default is taken: %s", err);
	okf(parse(js, err, sizeof(err), "--name=a", "--iodepht=4", NULL) &&
	    !strcmp(err, "kiogen: unknown option 'iodepht' (did you mean 'iodepth'?)\n"),
	    "a misspelt option: did you mean");
	okf(parse(js, err, sizeof(err), "--name=a", "--frobnicate=4", NULL) &&
	    !strcmp(err, "kiogen: unknown option 'frobnicate' (see: kiogen help run)\n"),
	    "nothing near: no guess");
	okf(!parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--buffered=0", "--sync=dsync",
		   "--cpumask=0x1", NULL) && js->jobs[0].direct && js->jobs[0].sync_flags == O_DSYNC &&
	    js->jobs[0].cpus_allowed.z[0] == 1,
	    "buffered=0 is direct=1, sync=dsync O_DSYNC, cpumask=0x1 CPU 0: %s", err);
	okf(!parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--io_submit_mode=inline",
		   "--thinktime_blocks_type=complete", "--dedupe_mode=repeat", NULL) &&
	    parse(js, err, sizeof(err), "--name=a", "--io_submit_mode=offload", NULL) &&
	    strstr(err, "io_submit_mode=offload is not supported: "),
	    "io_submit_mode, thinktime_blocks_type, dedupe_mode: fio's default, kiogen's way; offload refused");
	okf(!parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--allow_file_create=0",
		   "--create_fsync=0", "--atomic=1", "--unit_base=8", "--write_hint=long", NULL) &&
	    js->jobs[0].no_file_create && js->jobs[0].no_create_fsync && js->jobs[0].direct &&
	    js->jobs[0].write_hint == RWH_WRITE_LIFE_LONG &&
	    !parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", NULL) &&
	    !js->jobs[0].no_file_create && !js->jobs[0].no_create_fsync && !js->jobs[0].direct &&
	    parse(js, err, sizeof(err), "--name=a", "--unit_base=1", NULL) &&
	    strstr(err, "unit_base=1 is not supported: kiogen reports bytes"),
	    "allow_file_create, create_fsync (fio's 1 by default), atomic is direct, unit_base 8 not 1, write_hint");
}

/*
 * fio's job options (fio --cmdhelp=all): every one in the table, none
 * "unknown"; most honoured or accepted without effect (issue 29: 190 of 217).
 */
/* fio's options the CLI does for both paths, and two for the syscall path */
static void test_fio_cli_options(struct kg_jobs *js)
{
	char err[512], dir[] = "/tmp/kiogen-opendir-XXXXXX", want[256], path[300];
	const char *names[] = { "a", "c:d", "sub", "sub/b" };
	struct timespec now;
	size_t i;

	okf(mkdtemp(dir) != NULL, "a directory for opendir");
	for (i = 0; i < 4; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (i == 2)
			mkdir(path, 0755);
		else
			fclose(fopen(path, "w"));
	}
	snprintf(path, sizeof(path), "--opendir=%s", dir);
	snprintf(want, sizeof(want), "%s/a:%s/c\\:d:%s/sub/b", dir, dir, dir);
	okf(!parse(js, err, sizeof(err), "--name=a", path, "--size=12k", NULL) &&
	    !strcmp(js->jobs[0].filename, want),
	    "opendir: its regular files and below, in name order, ':' escaped: %s", js->jobs[0].filename);
	for (i = 4; i-- > 0;) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		remove(path);
	}
	rmdir(dir);

	okf(!parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--bwavgtime=1000",
		   "--iopsavgtime=1500", "--exec_prerun=true", "--exec_postrun=true", NULL) &&
	    js->jobs[0].bwavgtime_ms == 1000 && js->jobs[0].iopsavgtime_ms == 1500 &&
	    !strcmp(js->jobs[0].exec_prerun, "true") &&
	    parse(js, err, sizeof(err), "--name=a", "--bwavgtime=700", NULL) &&
	    strstr(err, "not a multiple of 500 ms") &&
	    parse(js, err, sizeof(err), "--detached", "--name=a", "--filename=/dev/x",
		  "--exec_postrun=true", NULL) && strstr(err, "exec_postrun"),
	    "bwavgtime, iopsavgtime: whole samples; exec_prerun, exec_postrun (not detached)");
	okf(!parse(js, err, sizeof(err), "--path=syscall", "--name=a", "--filename=/dev/x",
		   "--numa_mem_policy=bind:0", "--allow_mounted_write=1", NULL) &&
	    js->jobs[0].mem_policy == 3 && js->jobs[0].mem_nodes.z[0] == 1 &&
	    js->jobs[0].allow_mounted_write &&
	    parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--numa_mem_policy=bind:0",
		  NULL) && strstr(err, "--path=syscall sets the policy") &&
	    parse(js, err, sizeof(err), "--name=a", "--numa_mem_policy=bind", NULL),
	    "numa_mem_policy: the syscall path's (bind:0 is set_mempolicy's MPOL_BIND, node 0); refused on the kernel path");
	clock_gettime(CLOCK_REALTIME, &now);
	okf(!parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--log_unix_epoch=1", NULL) &&
	    kg_log_epoch_ms(&js->jobs[0]) / 1000 - (uint64_t)now.tv_sec <= 1 &&
	    !parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--log_alternate_epoch=1",
		   "--log_alternate_epoch_clock_id=1", NULL) &&
	    kg_log_epoch_ms(&js->jobs[0]) / 1000 < (uint64_t)now.tv_sec / 2 &&
	    !parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", NULL) &&
	    !kg_log_epoch_ms(&js->jobs[0]),
	    "log_unix_epoch: ms since 1970; log_alternate_epoch: the clock asked for (1, monotonic); neither: 0");
	okf(!parse(js, err, sizeof(err), "--create_only=1", "--name=a", "--filename=/dev/x",
		   "--name=b", "--filename=/dev/y", NULL) &&
	    js->jobs[0].create_only && js->jobs[1].create_only &&
	    parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--name=b",
		  "--filename=/dev/y", "--create_only=1", NULL) &&
	    strstr(err, "kiogen: b: create_only: every job of the run or none"),
	    "create_only: every job of the run (here from the defaults), or refused");
	okf(!parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--uid=0", "--gid=7", NULL) &&
	    js->jobs[0].uid_set && !js->jobs[0].uid && js->jobs[0].gid_set && js->jobs[0].gid == 7 &&
	    !parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", NULL) &&
	    !js->jobs[0].uid_set && !js->jobs[0].gid_set &&
	    parse(js, err, sizeof(err), "--path=syscall", "--name=a", "--ioengine=filecreate",
		  "--directory=/tmp", "--uid=1", NULL) &&
	    strstr(err, "uid: --path=syscall's threads make and remove files as the invoking user"),
	    "uid, gid: 0 is root, not unset; none by default; refused for --path=syscall's metadata engines");
	okf(parse(js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--rw=read:-8k", NULL) &&
	    strstr(err, "fio's negative stride (reading backwards) is not supported by kiogen"),
	    "a negative stride: refused, named as fio's");
	okf(!parse(js, err, sizeof(err), "--name=a", "--ioengine=filestat", "--nrfiles=4",
		   "--filesize=4k", NULL) &&
	    js->jobs[0].meta_layout == 4096 && !js->jobs[0].meta_filesize,
	    "filestat with filesize: its files are laid out first, as fio's");
}

/* links the log files' rows in: they register from log.c's constructor */
static int (*volatile kg_log_rows)(struct kg_jobs *js, FILE *err) = kg_log_prepare;

#define KG_FIO_ACCEPTED_TARGET	190
#define KG_FIO_ACCEPTED_FLOOR	184	/* what is honoured or noted now: a ratchet */
static void test_fio_coverage(void)
{
	FILE *f = kg_log_rows ? popen("fio --cmdhelp=all 2>/dev/null", "r") : NULL;
	unsigned int n = 0, accepted = 0, missing = 0;
	char line[512], missed[256] = "";
	const struct kg_option *o;

	if (!f || !fgets(line, sizeof(line), f)) {
		if (f)
			pclose(f);
		if (getenv("CI") && !strcmp(getenv("CI"), "true")) {
			okf(0, "fio --cmdhelp=all: fio is not installed (CI=true)");
			return;
		}
		printf("ok %d - fio's options counted # SKIP fio is not installed\n", ++nr);
		return;
	}
	do {
		char *name = line + strspn(line, " ");

		name[strcspn(name, " :\n")] = '\0';
		if (!*name)
			continue;
		n++;
		o = kg_opt_find(name);
		if (!o) {
			missing++;
			if (strlen(missed) + strlen(name) + 2 < sizeof(missed))
				strcat(strcat(missed, " "), name);
		}
		accepted += o && !o->refused;
	} while (fgets(line, sizeof(line), f));
	pclose(f);
	okf(n >= 200 && !missing, "every one of fio's %u job options is in the table (missing:%s)",
	    n, missed);
	okf(accepted >= KG_FIO_ACCEPTED_FLOOR, "%u of %u honoured or accepted with a note, at least %u",
	    accepted, n, KG_FIO_ACCEPTED_FLOOR);
	/* TAP's TODO: said, not failed, until the target is met */
	printf("%sok %d - %u of %u honoured or accepted with a note, issue 29's target %u%s\n",
	       accepted >= KG_FIO_ACCEPTED_TARGET ? "" : "not ", ++nr, accepted, n,
	       KG_FIO_ACCEPTED_TARGET, accepted >= KG_FIO_ACCEPTED_TARGET ? "" : " # TODO");
}

int main(void)
{
	static struct kg_jobs js;
	char err[512], given[512], path[256];
	uint64_t v;

	printf("TAP version 13\n");
	ok(!kg_parse_size("16k", &v) && v == 16384, "size 16k");
	ok(!kg_parse_size("1m", &v) && v == 1 << 20, "size 1m");
	ok(!kg_parse_size("2GiB", &v) && v == 2000000000ULL &&
	   !kg_parse_size("2gb", &v) && v == 2ULL << 30,
	   "kb_base=1024 (fio's default): 2GiB is 2*1000^3, 2gb 2*1024^3");
	ok(!kg_parse_size("4096", &v) && v == 4096, "size in bytes");
	ok(kg_parse_size("4q", &v) && kg_parse_size("k", &v), "bad sizes refused");
	ok(!kg_parse_time_ns("10", &v) && v == 10000000000ULL, "time in seconds by default");
	ok(!kg_parse_time_ns("500ms", &v) && v == 500000000ULL &&
	   !kg_parse_time_ns("2m", &v) && v == 120000000000ULL, "time suffixes ms, m");

	ok(!parse(&js, err, sizeof(err), "--filename=/dev/x", "--direct=1", "--rw=randrw",
		  "--bs=16k", "--size=50G", "--numjobs=16", "--runtime=120", "--group_reporting",
		  "--name=test", "--rwmixread=90", "--thread", "--ioengine=psync", NULL),
	   "seed 000 command line parses");
	ok(js.nr_jobs == 1 && js.jobs[0].rw == KIOGEN_RW_RANDRW && js.jobs[0].bs == 16384 &&
	   js.jobs[0].numjobs == 16 && js.jobs[0].rwmixread == 90 &&
	   js.jobs[0].size == 50ULL << 30 && js.jobs[0].group_reporting,
	   "global options reach the job, job options apply");
	ok(!strcmp(js.jobs[0].engine, "kiocb") && js.jobs[0].mode == KIOGEN_MODE_SYNC &&
	   js.jobs[0].direct, "psync on a file maps to kiocb, synchronous, direct as asked");
	given[0] = '\0';
	kg_given_each(&js.global.given, given_cat, given);
	strcat(given, "|");
	kg_given_each(&js.jobs[0].given, given_cat, given);
	ok(!strcmp(given, "filename=/dev/x,direct=1,rw=randrw,bs=16k,size=50G,numjobs=16,"
		   "runtime=120,|name=test,rwmixread=90,ioengine=psync,"),
	   "options as given: those before the job global, flags left out");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--rw=randread", "--bs=4k", "--filename=/dev/x",
		  "--readwrite=read", NULL), "an option given twice parses");
	given[0] = '\0';
	kg_given_each(&js.jobs[0].given, given_cat, given);
	ok(js.global.given.len == 0 && !strcmp(given, "name=a,rw=read,bs=4k,filename=/dev/x,"),
	   "the value given last, in the first one's place, by the option's name");

	ok(!parse(&js, err, sizeof(err), "--direct=1", "--rw=randread", "--bs=16k",
		  "--numjobs=24", "--runtime=60", "--group_reporting", "--norandommap",
		  "--time_based", "--ioengine=sync", "--name=file1", "--filename=/dev/x", NULL) &&
	   js.jobs[0].norandommap && js.jobs[0].time_based && js.jobs[0].numjobs == 24,
	   "seed 004 command line parses");

	ok(!parse(&js, err, sizeof(err), "--filename=/dev/x", "--name=a", "--rw=read",
		  "--name=b", "--rw=write", "--iodepth=8", "--ioengine=io_uring", NULL) &&
	   js.nr_jobs == 2 && js.jobs[0].rw == KIOGEN_RW_READ &&
	   js.jobs[1].rw == KIOGEN_RW_WRITE && js.jobs[1].iodepth == 8 &&
	   !strcmp(js.jobs[1].filename, "/dev/x") && js.jobs[1].mode == KIOGEN_MODE_ASYNC,
	   "--name starts a new job that inherits globals");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--iodepth=32", NULL) &&
	   js.jobs[0].iodepth == 1, "sync engine (fio default psync) runs at depth 1");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--rwmixwrite=30", NULL) &&
	   js.jobs[0].rwmixread == 70, "rwmixwrite sets the read share");

	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--bs=1k3", NULL) &&
	   strstr(err, "bs: '1k3'"), "bad bs names the option");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--numjobs=0", NULL) &&
	   strstr(err, "numjobs: 0 is out of range"), "numjobs 0 refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--bs=32m", NULL) &&
	   strstr(err, "bs: 32m is out of range"), "bs above the limit refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--size=1k", "--bs=4k", NULL) &&
	   strstr(err, "size: smaller than one block"), "size < bs refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--rw=read", NULL) &&
	   strstr(err, "filename"), "missing filename refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--ioengine=null", NULL) &&
	   strstr(err, "null engine needs a size"), "null engine needs a size");
	ok(parse(&js, err, sizeof(err), "--rw=read", NULL) && strstr(err, "no job"),
	   "no --name: no job");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ioengine=bio", NULL) &&
	   !strcmp(js.jobs[0].engine, "bio") && js.jobs[0].direct,
	   "ioengine=bio names the engine, always direct");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", NULL) &&
	   !js.jobs[0].direct && js.jobs[0].invalidate,
	   "fio's defaults for files: buffered, invalidate=1");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ioengine=bio",
		 "--direct=0", NULL) && strstr(err, "always direct"),
	   "bio with direct=0 refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/dev/x", "--percentile_list=50:101", NULL) &&
	   strstr(err, "percentile_list"), "percentile over 100 refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--continue_on_error=most", NULL) &&
	   strstr(err, "continue_on_error: 'most'"), "bad continue_on_error refused");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--continue_on_error=io", NULL) &&
	   js.jobs[0].continue_on_error == (KIOGEN_COE_READ | KIOGEN_COE_WRITE),
	   "continue_on_error=io: reads and writes");
	ok(parse(&js, err, sizeof(err), "--path=user", "--name=a", "--filename=/x", NULL) &&
	   strstr(err, "path: 'user'"), "bad path refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--fallocate=kept", NULL) &&
	   strstr(err, "fallocate: 'kept'"), "bad fallocate refused");
	/* a data job's files (options-files.c) */
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/d/a:/d/b\\:c:e",
		  "--size=3m", "--nrfiles=7", NULL) && js.jobs[0].nrfiles == 3 &&
	   kg_job_nr_files(&js.jobs[0]) == 3 && js.jobs[0].size == 1 << 20 &&
	   js.jobs[0].io_size == 3 << 20 && !kg_job_file_path(&js.jobs[0], 1, path, sizeof(path)) &&
	   !strcmp(path, "/d/b:c") && !kg_job_file_path(&js.jobs[0], 2, path, sizeof(path)) &&
	   !strcmp(path, "e") && !strcmp(js.jobs[0].engine, "kiocb"),
	   "filename=a:b\\:c:e: three files, size split over them, nrfiles ignored (fio)");
	ok(!parse(&js, err, sizeof(err), "--name=j", "--directory=/d", "--nrfiles=2",
		  "--numjobs=2", "--size=8m", "--filesize=1m", NULL) &&
	   js.jobs[0].files_generated && kg_job_files_total(&js.jobs[0]) == 4 &&
	   js.jobs[0].size == 1 << 20 && !kg_job_file_path(&js.jobs[0], 3, path, sizeof(path)) &&
	   !strcmp(path, "/d/j.1.1") && !strcmp(js.jobs[0].filename, "/d"),
	   "directory + nrfiles: fio's names per clone in directory, filesize each");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x:/y",
		  "--file_service_type=random:8", NULL) &&
	   js.jobs[0].file_service_type == KIOGEN_FILE_SERVICE_RANDOM &&
	   js.jobs[0].file_service_nr == 8 && js.jobs[0].fadvise_hint == KG_FADV_TYPE,
	   "file_service_type=random:8; fadvise_hint defaults to fio's 1");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x:/y",
		  "--file_service_type=zipf:1.2", NULL) &&
	   strstr(err, "file_service_type: 'zipf:1.2'") && strstr(err, "not supported"),
	   "file_service_type=zipf refused in words");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x:/y",
		  "--file_service_type=roundrobin:0", NULL) &&
	   strstr(err, "file_service_type: 'roundrobin:0': after ':'"),
	   "file_service_type=roundrobin:0 refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--fadvise_hint=2", NULL) &&
	   strstr(err, "fadvise_hint: '2'"), "bad fadvise_hint refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--openfiles=0", NULL) &&
	   strstr(err, "openfiles: 0 is out of range"), "openfiles=0 refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--offset_increment=-4k",
		 NULL) && strstr(err, "offset_increment: '-4k' is not a valid size"),
	   "bad offset_increment refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x::/y", NULL) &&
	   strstr(err, "filename: file 1 has no name"), "an empty name in filename's list refused");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x:/y", "--ioengine=bio", NULL) &&
	   !strcmp(js.jobs[0].engine, "bio") && js.jobs[0].nrfiles == 2,
	   "bio takes several devices");
	ok(parse(&js, err, sizeof(err), "--name=a", "--directory=/d", "--nrfiles=2",
		 "--verify=crc32c", "--rw=write", NULL) &&
	   strstr(err, "verify: not with several files"), "verify with several files refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--directory=/d:/e", NULL) &&
	   strstr(err, "directory: one directory"), "a list of directories refused");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--fallocate=keep",
		  "--unlink=1", "--create_on_open=1", NULL) &&
	   js.jobs[0].fallocate == KIOGEN_FALLOCATE_KEEP && js.jobs[0].unlink &&
	   js.jobs[0].create_on_open, "fallocate=keep, unlink, create_on_open");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--direct=2", NULL) &&
	   strstr(err, "direct: '2'"), "bad direct refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ioengine=bio", "--fsync=4", NULL) &&
	   strstr(err, "nothing to fsync"), "fsync on bio refused");

	/* fio's batch options: defaults, aliases and fixups */
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ioengine=io_uring",
		  "--iodepth=16", NULL) &&
	   js.jobs[0].iodepth_batch == 1 && js.jobs[0].iodepth_batch_complete_min == 1 &&
	   js.jobs[0].iodepth_batch_complete_max == 1 && js.jobs[0].iodepth_low == 16,
	   "batch defaults as fio: submit 1, complete 1..1, low = iodepth");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ioengine=io_uring",
		  "--iodepth=16", "--iodepth_batch=0", "--iodepth_batch_complete=4",
		  "--iodepth_low=100", NULL) &&
	   js.jobs[0].iodepth_batch == 16 && js.jobs[0].iodepth_batch_complete_min == 4 &&
	   js.jobs[0].iodepth_batch_complete_max == 4 && js.jobs[0].iodepth_low == 16,
	   "aliases; batch 0 and low > iodepth become iodepth; max follows min");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ioengine=io_uring",
		  "--iodepth=8", "--iodepth_batch_submit=64", "--iodepth_batch_complete_min=0",
		  "--iodepth_batch_complete_max=32", "--iodepth_low=2", NULL) &&
	   js.jobs[0].iodepth_batch == 8 && js.jobs[0].iodepth_batch_complete_min == 0 &&
	   js.jobs[0].iodepth_batch_complete_max == 8 && js.jobs[0].iodepth_low == 2,
	   "batch above iodepth is iodepth; complete_min 0 (poll) kept");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--iodepth=8",
		  "--iodepth_batch=4", NULL) &&
	   js.jobs[0].iodepth == 1 && js.jobs[0].iodepth_batch == 1 && js.jobs[0].iodepth_low == 1,
	   "a synchronous engine: every batch option is 1");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--iodepth_low=-1", NULL) &&
	   strstr(err, "iodepth_low: '-1'"), "bad iodepth_low names the option");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--hipri", NULL) &&
	   strstr(err, "hipri: polled completions need direct=1"), "hipri without direct refused");
	ok(!parse(&js, err, sizeof(err), "--output-format=json+", "--name=a", "--filename=/x",
		  "--lat_percentiles=1", "--clat_percentiles=0", NULL) &&
	   js.global.output_formats == (KG_OUT_JSON | KG_OUT_JSON_PLUS) &&
	   js.jobs[0].lat_percentiles && !js.jobs[0].clat_percentiles,
	   "json+, lat_percentiles, clat_percentiles");
	/* fio's report options: a set of formats, terse and its versions, a file */
	ok(!parse(&js, err, sizeof(err), "--output-format=terse,normal,json", "--name=a",
		  "--filename=/x", NULL) &&
	   js.global.output_formats == (KG_OUT_TERSE | KG_OUT_NORMAL | KG_OUT_JSON),
	   "output-format takes a comma list");
	ok(parse(&js, err, sizeof(err), "--output-format=json,xml", "--name=a", "--filename=/x",
		 NULL) && strstr(err, "output-format: 'xml' is not normal, json, json+ or terse"),
	   "an unknown format in the list is named");
	ok(parse(&js, err, sizeof(err), "--output-format=json,", "--name=a", "--filename=/x",
		 NULL) && strstr(err, "output-format: '' is not"), "an empty format refused");
	ok(!parse(&js, err, sizeof(err), "--output-format=json", "--minimal", "--terse-version=5",
		  "--output=/tmp/r", "--name=a", "--filename=/x", NULL) &&
	   js.global.output_formats == KG_OUT_TERSE && js.global.terse_version == 5 &&
	   !strcmp(js.global.output, "/tmp/r"), "minimal is terse alone; terse-version; output");
	ok(parse(&js, err, sizeof(err), "--terse-version=7", "--name=a", "--filename=/x", NULL) &&
	   strstr(err, "terse-version: 7 is out of range (3 to 5)"), "terse-version 7 refused");
	/* the table: aliases, inverses, allowed values, help */
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--readwrite=randwrite",
		  "--blocksize=8k", "--io_limit=1m", NULL) &&
	   js.jobs[0].rw == KIOGEN_RW_RANDWRITE && js.jobs[0].bs == 8192 &&
	   js.jobs[0].io_size == 1 << 20, "aliases readwrite, blocksize, io_limit");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--blocksize=3", NULL) &&
	   strstr(err, "blocksize: 3 is out of range (512 to"),
	   "an alias's error names the option as written");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rw=randrw",
		  "--rwmixread=80", "--rwmixwrite=10", NULL) && js.jobs[0].rwmixread == 90,
	   "rwmixwrite is the inverse of rwmixread: the last one given wins");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", NULL) &&
	   js.jobs[0].percentage_random == 100 &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--percentage_sequential=30", NULL) && js.jobs[0].percentage_random == 70,
	   "percentage_random: fio's default 100; percentage_sequential is its inverse");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--thinktime=250",
		  "--startdelay=2", NULL) && js.jobs[0].thinktime_ns == 250000 &&
	   js.jobs[0].thinktime_blocks == 1 && js.jobs[0].startdelay_ns == 2000000000ULL &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--thinktime=2ms",
		  "--thinktime_blocks=8", NULL) && js.jobs[0].thinktime_ns == 2000000 &&
	   js.jobs[0].thinktime_blocks == 8,
	   "thinktime in microseconds by default, startdelay in seconds, as fio's");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--thinktime_blocks=0",
		 NULL) && strstr(err, "thinktime_blocks: 0 is out of range"),
	   "thinktime_blocks 0 refused");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--thinktime=2ms",
		  "--thinktime_spin=500", "--thinktime_iotime=1s", NULL) &&
	   js.jobs[0].thinktime_spin_ns == 500000 &&
	   js.jobs[0].thinktime_iotime_ns == 1000000000ULL && js.jobs[0].thinktime_blocks == 0 &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--thinktime=2ms",
		  "--thinktime_iotime=1s", "--thinktime_blocks=1", NULL) &&
	   js.jobs[0].thinktime_blocks == 1 &&
	   !parse(&js, err, sizeof(err), "--thinktime_blocks=4", "--name=a", "--filename=/x",
		  "--thinktime=2ms", "--thinktime_iotime=1s", NULL) &&
	   js.jobs[0].thinktime_blocks == 4 &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--thinktime=2ms",
		  NULL) && js.jobs[0].thinktime_blocks == 1 && !js.jobs[0].thinktime_spin_ns,
	   "thinktime_spin and thinktime_iotime in microseconds; iotime alone when "
	   "thinktime_blocks is not given (job or global), as fio");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--max_latency=250", NULL) &&
	   js.jobs[0].max_latency_read == 250000 && js.jobs[0].max_latency_write == 250000 &&
	   js.jobs[0].max_latency_trim == 250000 &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--max_latency=,2ms",
		  "--rate_ignore_thinktime", NULL) &&
	   js.jobs[0].max_latency_read == 0 && js.jobs[0].max_latency_write == 2000000 &&
	   js.jobs[0].max_latency_trim == 2000000 && js.jobs[0].rate_ignore_thinktime &&
	   parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--max_latency=5x",
		 NULL) && strstr(err, "max_latency: '5x' is not a time"),
	   "max_latency per direction in microseconds, as rate's values; a bad one named");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rate=1m,",
		  "--rate_iops=,300", "--rate_iops_min=,200", NULL) &&
	   js.jobs[0].rate_read == 1 << 20 && js.jobs[0].rate_write == 0 &&
	   js.jobs[0].rate_trim == 0 &&
	   js.jobs[0].rate_iops_read == 0 && js.jobs[0].rate_iops_write == 300 &&
	   js.jobs[0].rate_iops_trim == 300 &&
	   js.jobs[0].rate_iops_min_write == 200 && js.jobs[0].rate_iops_min_trim == 200 &&
	   js.jobs[0].rate_cycle_ms == 1000 &&
	   js.jobs[0].rate_process == KIOGEN_RATE_PROCESS_LINEAR,
	   "rate per direction ('1m,' the reads' alone, ',300' the writes' and trims'), fio's defaults");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rate=1m,2m", NULL) &&
	   js.jobs[0].rate_read == 1 << 20 && js.jobs[0].rate_write == 2 << 20 &&
	   js.jobs[0].rate_trim == 2 << 20,
	   "rate=1m,2m: reads 1m, writes and trims 2m (fio: the last value stands for the rest)");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rate=1m,2m,3m",
		  "--rate_iops_min=,,500", NULL) &&
	   js.jobs[0].rate_read == 1 << 20 && js.jobs[0].rate_write == 2 << 20 &&
	   js.jobs[0].rate_trim == 3 << 20 && js.jobs[0].rate_iops_min_read == 0 &&
	   js.jobs[0].rate_iops_min_write == 0 && js.jobs[0].rate_iops_min_trim == 500 &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rate_iops=10,,30",
		  NULL) &&
	   js.jobs[0].rate_iops_read == 10 && js.jobs[0].rate_iops_write == 0 &&
	   js.jobs[0].rate_iops_trim == 30,
	   "rate=1m,2m,3m and rate_iops_min=,,500: the third value is the trims'");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rate_iops=500",
		  "--rate_process=poisson", "--ratemin=1k", "--rate_cycle=250", NULL) &&
	   js.jobs[0].rate_iops_read == 500 && js.jobs[0].rate_iops_write == 500 &&
	   js.jobs[0].rate_iops_trim == 500 &&
	   js.jobs[0].rate_min_read == 1024 && js.jobs[0].rate_min_write == 1024 &&
	   js.jobs[0].rate_min_trim == 1024 &&
	   js.jobs[0].rate_process == KIOGEN_RATE_PROCESS_POISSON &&
	   js.jobs[0].rate_cycle_ms == 250,
	   "one rate for every direction; poisson; ratemin and rate_cycle aliases");
	{
		static const struct {
			const char *arg, *msg;
		} bad[] = {
			{ "--rate=fast", "rate: 'fast' is not a rate in bytes a second" },
			{ "--rate=1m,2m,3m,4m", "rate: '1m,2m,3m,4m': at most three values, READ,WRITE,TRIM" },
			{ "--rate=1m,2m,x", "rate: 'x' is not a rate in bytes a second" },
			{ "--rate_iops=,,", "rate_iops: ',,' gives no value" },
			{ "--rate_iops_min=1,2,-3", "rate_iops_min: '-3' is not a number of I/Os a second" },
			{ "--rate_iops=-5", "rate_iops: '-5' is not a number of I/Os a second" },
			{ "--rate_iops=5000000000", "is not a number of I/Os a second" },
			{ "--rate_min=1x", "rate_min: '1x' is not a rate" },
			{ "--rate_process=bursty", "rate_process" },
			{ "--ratecycle=0", "ratecycle: 0 is out of range" },
			{ "--rate", "rate: needs a value" },
		};
		bool all = true;
		size_t i;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
			if (!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", bad[i].arg,
				   NULL) || !strstr(err, bad[i].msg)) {
				printf("# %s: %s", bad[i].arg, err);
				all = false;
			}
		ok(all, "bad rate values refused, each named");
	}
	{
		static const struct {
			const char *a, *b, *msg;
		} bad[] = {
			{ "--rate=1m", "--rate_iops=10", "rate and rate_iops are mutually exclusive" },
			{ "--rate=1m", "--rate_min=2m", "the minimum read rate exceeds the rate" },
			{ "--rate_iops=,10,", "--rate_iops_min=,20",
			  "the minimum write rate exceeds the rate" },
			{ "--rate_iops=100,200,50", "--rate_iops_min=,,80",
			  "the minimum trim rate exceeds the rate" },
			{ "--rate=,,1m", "--rate_iops=,,10",
			  "rate and rate_iops are mutually exclusive (trim)" },
		};
		bool all = true;
		size_t i;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
			if (!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", bad[i].a,
				   bad[i].b, NULL) || !strstr(err, bad[i].msg)) {
				printf("# %s %s: %s", bad[i].a, bad[i].b, err);
				all = false;
			}
		ok(all, "rate with rate_iops, or a minimum above the rate, refused as fio does");
	}
	{
		/* an EIO of a trim is the trim's, not a rate_min that was not met */
		static struct kg_job j;
		static struct kg_worker w;
		char *out;

		j.rate_min_write = 1 << 20;
		w.elapsed_ns = 1000000000;
		w.error = -EIO;
		w.dir[KIOGEN_DIR_TRIM].errors = 1;
		out = min_report(&j, &w);
		if (*out)
			printf("# %s", out);
		ok(!*out, "a trim's EIO is not reported as rate_min not met");
		free(out);
	}
	{
		/* rate_iops_min=300 of a trimwrite: its writes' and trims', not reads' */
		static struct kg_job j;
		static struct kg_worker w;
		char *out;

		strcpy(j.name, "tw");
		j.rate_iops_min_read = j.rate_iops_min_write = j.rate_iops_min_trim = 300;
		w.elapsed_ns = 2000000000;
		w.error = -EIO;
		w.dir[KIOGEN_DIR_WRITE].ios = 400;
		w.dir[KIOGEN_DIR_TRIM].ios = 400;
		out = min_report(&j, &w);
		ok(strstr(out, "rate_iops_min=300 of trims not met") &&
		   strstr(out, "rate_iops_min=300 of writes not met") && !strstr(out, "of reads"),
		   "rate_iops_min not met: said of the trims and writes, not of the reads that were not done");
		free(out);
	}
	{
		/* max_latency exceeded: the direction, its lat and the max, as fio's words */
		static struct kg_job j;
		static struct kg_worker w;
		char *out;

		strcpy(j.name, "ml");
		j.max_latency_read = 2000000;
		j.max_latency_write = 1000;
		w.elapsed_ns = 1000000;
		w.error = -ETIMEDOUT;
		w.dir[KIOGEN_DIR_READ].ios = 5;
		w.dir[KIOGEN_DIR_READ].lat_max = 1500000;
		w.dir[KIOGEN_DIR_WRITE].ios = 3;
		w.dir[KIOGEN_DIR_WRITE].lat_max = 13425;
		out = min_report(&j, &w);
		ok(strstr(out, "latency of 13425 nsec of a write exceeds specified max (1000 nsec)") &&
		   !strstr(out, "of a read"),
		   "max_latency exceeded: said of the write above it, not of reads below theirs");
		free(out);
	}
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--ignore_error=EAGAIN,ENOSPC:122:0x41,-84", NULL) &&
	   js.jobs[0].ignore_error.nr == 6 && js.jobs[0].ignore_error.z[0] == 1ULL << EAGAIN &&
	   js.jobs[0].ignore_error.z[2] == 1ULL << ENOSPC &&
	   js.jobs[0].ignore_error.z[3] == (1ULL << (122 - 64) | 1ULL << (0x41 - 64)) &&
	   js.jobs[0].ignore_error.z[5] == 1ULL << (84 - 64) && !js.jobs[0].ignore_error.z[1] &&
	   js.jobs[0].continue_on_error == KIOGEN_COE_ALL &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ignore_error=,EIO",
		  NULL) && js.jobs[0].continue_on_error == KIOGEN_COE_WRITE &&
	   !js.jobs[0].ignore_error.z[0],
	   "ignore_error: names and numbers (0x, negative) per type, each with its continue_on_error bit, as fio");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ignore_error=EFOO",
		 NULL) && strstr(err, "ignore_error: 'EFOO' is not an error kiogen knows") &&
	   parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ignore_error=200",
		 NULL) && strstr(err, "'200' is not an error") &&
	   parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ignore_error=EIO,EIO,EIO,EIO",
		 NULL) && strstr(err, "at most three lists"),
	   "ignore_error: an unknown name, an errno past 127, a fourth list refused in words");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--percentage_random=101",
		 NULL) && strstr(err, "percentage_random: 101 is out of range (0 to 100)"),
	   "percentage_random over 100 refused");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_distribution=zipf:1.2", NULL) &&
	   js.jobs[0].random_distribution == KIOGEN_RANDOM_DISTRIBUTION_ZIPF &&
	   js.jobs[0].dist_param == 1200000 && !js.jobs[0].zones.nr &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_distribution=pareto", NULL) && js.jobs[0].dist_param == 200000 &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_distribution=gauss:2.5", NULL) &&
	   js.jobs[0].random_distribution == KIOGEN_RANDOM_DISTRIBUTION_NORMAL &&
	   js.jobs[0].dist_param == 2500000,
	   "random_distribution: zipf:1.2, pareto's default 0.2, gauss is normal");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_distribution=zoned:60/10:30/20:10/70", NULL) &&
	   js.jobs[0].zones.nr == 6 &&
	   js.jobs[0].zones.z[0] == KIOGEN_ZONE(0, 60, 10) &&
	   js.jobs[0].zones.z[2] == KIOGEN_ZONE(0, 10, 70) &&
	   js.jobs[0].zones.z[5] == KIOGEN_ZONE(1, 10, 70),
	   "zoned: one set of zones for reads and writes");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_distribution=zoned:50:50/20,100/10", NULL) &&
	   js.jobs[0].zones.nr == 3 &&
	   js.jobs[0].zones.z[0] == KIOGEN_ZONE(0, 50, 80) &&
	   js.jobs[0].zones.z[2] == KIOGEN_ZONE(1, 100, 10) &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_distribution=zoned_abs:60/20g:40/1m", NULL) &&
	   js.jobs[0].random_distribution == KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS &&
	   js.jobs[0].zones.z[0] == KIOGEN_ZONE(0, 60, 20ULL << 30),
	   "zoned: per direction, a size left out takes the rest; zoned_abs sizes in bytes");
	{
		static const char *const bad[][2] = {
			{ "zipf:1", "theta must be above 0, at most 100, and not 1" },
			{ "zipf:x", "is not a number" },
			{ "pareto:1.5", "h must be between 0 and 1" },
			{ "normal:100", "the deviation must be at least 0 and below 100" },
			{ "zipf:1.2:0.5", "a center (the second number) is not supported" },
			{ "uniform", "is not random, zipf, pareto, normal, gauss, zoned or zoned_abs" },
			{ "zoned:60/10:30/20", "add up to 90, not 100" },
			{ "zoned:50/60:50/60", "zone sizes add up to more than 100%" },
			{ "zoned_abs:50/1g:50", "zoned_abs needs a size" },
			{ "zoned:101/10", "the access percent is not 0 to 100" },
			{ "zoned:", "zoned needs zones" },
			{ "zoned_abs:50/1m:50/1m", "zoned_abs zones end past the region (size)" },
			{ "zoned:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:84/1",
			  "at most 16 zones a direction" },
		};
		char opt[128];	/* --size=1m */
		size_t i;
		int all = 1;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			snprintf(opt, sizeof(opt), "--random_distribution=%s", bad[i][0]);
			if (!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--size=1m",
				   opt, NULL) ||
			    !strstr(err, bad[i][1])) {
				printf("# %s: %s", bad[i][0], err);
				all = 0;
			}
		}
		ok(all, "random_distribution: bad values refused in words");
	}
	{
		static const char *const round[][2] = {
			{ "zipf:1.2", "zipf:1.2" }, { "gauss", "normal:0" },
			{ "zoned:60/10:30/20:10/70", "zoned:60/10:30/20:10/70" },
			{ "zoned:50/50:50/50,100/10", "zoned:50/50:50/50,100/10" },
			{ "zoned:,100/10", "zoned:,100/10" },
			{ "zoned_abs=60/1k:40/2k", "zoned_abs:60/1024:40/2048" },
		};
		size_t i;
		int all = 1;

		for (i = 0; i < sizeof(round) / sizeof(round[0]); i++) {
			char opt[128];

			snprintf(opt, sizeof(opt), "--random_distribution=%s", round[i][0]);
			seen[0] = 0;
			if (parse(&js, err, sizeof(err), "--name=a", "--filename=/x", opt, NULL))
				all = 0;
			kg_job_options_each(&js.jobs[0], grab_dist, NULL);
			if (strcmp(seen, round[i][1])) {
				printf("# %s listed as '%s'\n", round[i][0], seen);
				all = 0;
			}
		}
		ok(all, "random_distribution: reports list it in fio's syntax");
	}
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--random_generator=lfsr",
		  "--norandommap", NULL) && !js.jobs[0].norandommap &&
	   !parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--random_generator=tausworthe64", "--norandommap", NULL) &&
	   js.jobs[0].norandommap &&
	   parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--random_generator=mt",
		 NULL) && strstr(err, "'mt' is not tausworthe, lfsr or tausworthe64"),
	   "random_generator: fio's names; lfsr covers every block once per pass");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rwmixwrite=101", NULL) &&
	   strstr(err, "rwmixwrite: 101 is out of range (0 to 100)"),
	   "the inverse has its own bounds");
	{	/* verify and buffer contents (ctl/options/verify.c): each bad value in words */
		static const char *const bad[][3] = {
			{ "--verify=sha1", "", "verify: 'sha1' is not 0, crc32c, crc32c-intel, md5, meta or pattern" },
			{ "--verify=pattern", "", "verify: pattern needs a verify_pattern" },
			{ "--verify_pattern=zz", "", "verify_pattern: 'zz' is neither 0x hex bytes nor a quoted string" },
			{ "--verify_pattern=0x1g", "", "verify_pattern: '0x1g' is not hex" },
			{ "--verify_pattern=''", "", "verify_pattern: 1 to 64 bytes" },
			{ "--verify_only=1", "--time_based=1", "verify_only: not with time_based" },
			{ "--do_verify=2", "", "do_verify: 2 is out of range (0 to 1)" },
			{ "--verify_backlog=x", "", "verify_backlog: 'x' is not a valid number" },
			{ "--buffer_pattern=12", "", "buffer_pattern: '12' is neither 0x hex bytes nor a quoted string" },
			{ "--buffer_compress_percentage=101", "", "buffer_compress_percentage: 101 is out of range (0 to 100)" },
			{ "--dedupe_percentage=101", "", "dedupe_percentage: 101 is out of range (0 to 100)" },
			{ "--scramble_buffers=2", "", "scramble_buffers: 2 is out of range (0 to 1)" },
			{ "--zero_buffers=yes", "", "zero_buffers: 'yes' is not 0 or 1" },
			{ "--rw=trimwrite", "", "rw: verify is not done with trims" },
		};
		size_t i;
		int all = 1;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
			if (!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--size=1m",
				   "--runtime=1", "--verify=crc32c", bad[i][0],
				   *bad[i][1] ? bad[i][1] : NULL, NULL) ||
			    !strstr(err, bad[i][2])) {
				printf("# %s %s: %s", bad[i][0], bad[i][1], err);
				all = 0;
			}
		ok(all, "verify and buffer options: bad values refused in words");
		ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--verify=md5",
			  "--verify_pattern=0xabc", "--buffer_pattern='xy'", NULL) &&
		   js.jobs[0].verify == KIOGEN_VERIFY_MD5 && js.jobs[0].do_verify == 1 &&
		   js.jobs[0].verify_pattern.len == 2 && js.jobs[0].verify_pattern.b[0] == 0x0a &&
		   js.jobs[0].verify_pattern.b[1] == 0xbc && js.jobs[0].buffer_pattern.len == 2 &&
		   js.jobs[0].scramble_buffers == 1 && js.jobs[0].buffer_compress_chunk == 512,
		   "verify_pattern 0x hex (odd digits as fio), buffer_pattern quoted, defaults as fio");
	}
	{	/* verify on the null engine: writes stamped and summed, nothing read back */
		static const char *const bad[][3] = {
			{ "--rw=randrw", "--time_based", "rw: the null engine keeps no data: its reads have nothing to check" },
			{ "--rw=read", "--time_based", "rw: the null engine keeps no data: its reads have nothing to check" },
			{ "--rw=randwrite", "", "do_verify: the null engine keeps nothing to read back: 0, or time_based" },
			{ "--rw=write", "--verify_only=1", "verify_only: the null engine keeps no data to read back" },
			{ "--rw=write", "--verify_backlog=16", "verify_backlog: the null engine keeps no data to read back" },
		};
		size_t i;
		int all = 1;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
			if (!parse(&js, err, sizeof(err), "--name=a", "--ioengine=null", "--size=1m",
				   "--runtime=1", "--verify=crc32c", bad[i][0],
				   *bad[i][1] ? bad[i][1] : NULL, NULL) ||
			    !strstr(err, bad[i][2])) {
				printf("# %s %s: %s", bad[i][0], bad[i][1], err);
				all = 0;
			}
		ok(all, "verify on the null engine: reads, verify_only, verify_backlog, a read back refused in words");
		ok(parse(&js, err, sizeof(err), "--name=a", "--ioengine=null", "--size=1m",
			 "--runtime=1", "--time_based", "--verify=crc32c", "--rw=randwrite",
			 "--verify_backlog=16", NULL) && strstr(err, "verify_backlog: the null engine"),
		   "verify on the null engine: verify_backlog refused time_based too");
		ok(!parse(&js, err, sizeof(err), "--name=a", "--ioengine=null", "--size=16m",
			  "--runtime=2", "--time_based", "--verify=crc32c", "--rw=randwrite",
			  "--bssplit=4k/50:16k/30:64k/20", "--random_distribution=zipf:1.2", NULL) &&
		   !*err && js.jobs[0].verify == KIOGEN_VERIFY_CRC32C && js.jobs[0].do_verify == 1,
		   "verify on the null engine: writes only, time_based: accepted (as fio, no read back)");
		ok(!parse(&js, err, sizeof(err), "--name=a", "--ioengine=null", "--size=16m",
			  "--verify=md5", "--rw=write", "--do_verify=0", NULL) && !*err,
		   "verify on the null engine: writes only, do_verify=0: accepted");
	}
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rw=sideways", NULL) &&
	   strstr(err, "rw: 'sideways' is not read, write, randread, randwrite, rw, readwrite, randrw, trim, randtrim or trimwrite"),
	   "a value not allowed: the allowed ones in words");
	ok(parse(&js, err, sizeof(err), "--output-format=xml", "--name=a", "--filename=/x", NULL) &&
	   strstr(err, "output-format: 'xml' is not normal, json, json+ or terse"),
	   "global option values are checked the same way");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rw", NULL) &&
	   strstr(err, "rw: needs a value (--rw=VALUE)"), "a value is needed");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--thread=yes", NULL) &&
	   strstr(err, "thread: 'yes' is not 0 or 1"), "a flag takes 0 or 1");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--fallocate=posix", NULL) &&
	   js.jobs[0].fallocate == KIOGEN_FALLOCATE_NATIVE, "fallocate=posix is native");
	{
		char *help = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&help, &len);

		kg_options_usage(f);
		fclose(f);
		ok(strstr(help, "--rw=WORD, --readwrite") && strstr(help, "(default: read)") &&
		   strstr(help, "randrw     random, reads and writes mixed") &&
		   strstr(help, "--rwmixwrite=N") && strstr(help, "(inverse of rwmixread)") &&
		   strstr(help, "--bs=SIZE, --blocksize") && strstr(help, "\nI/O pattern:\n"),
		   "help run: names, aliases, defaults, allowed values with their help");
		free(help);
	}
	ok(!kg_parse_option(&js, "rw", "write", stderr) && js.jobs[js.nr_jobs - 1].rw == KIOGEN_RW_WRITE &&
	   !strcmp(kg_rw_name(KIOGEN_RW_RW), "rw"), "kg_parse_option; rw names from the table");

	/* the metadata engines (include/kiogen/meta.h) */
	ok(!parse(&js, err, sizeof(err), "--name=m", "--ioengine=filecreate", "--directory=/d",
		  "--nrfiles=10", "--size=40k", NULL) &&
	   !strcmp(js.jobs[0].engine, "filecreate") && js.jobs[0].mode == KIOGEN_MODE_SYNC &&
	   !strcmp(js.jobs[0].filename, "/d") && js.jobs[0].meta_filesize == 4096 &&
	   !js.jobs[0].size && js.jobs[0].nrfiles == 10,
	   "filecreate: the directory is the target, filesize is size / nrfiles as fio's");
	ok(!parse(&js, err, sizeof(err), "--name=m", "--ioengine=dirstat", NULL) &&
	   !strcmp(js.jobs[0].filename, "."), "directory: the current one by default, as fio's");
	ok(parse(&js, err, sizeof(err), "--name=m", "--ioengine=dirstat", "--filesize=4k", NULL) &&
	   strstr(err, "filesize: only ioengine=filecreate, filestat and filedelete take it"),
	   "filesize: refused where no file is written or found");
	ok(parse(&js, err, sizeof(err), "--name=m", "--ioengine=filecreate",
		  "--filename_format=a/$filenum", NULL) && strstr(err, "filename_format: gives a name"),
	   "filename_format: a slash is refused, naming the option");
	ok(parse(&js, err, sizeof(err), "--name=m", "--ioengine=filecreate", "--bssplit=4k/50:8k/50",
		  NULL) && strstr(err, "bs: ioengine=filecreate takes one block size"),
	   "metadata engines: a mix of sizes is refused");
	{
		char name[KIOGEN_META_NAME_MAX + 1];

		ok(kiog_meta_name(name, sizeof(name), KIOG_META_FORMAT_DEFAULT, "job", 3, 1234) == 10 &&
		   !strcmp(name, "job.3.1234") &&
		   kiog_meta_name(name, sizeof(name), "$filenum$jobnum-$x", "j", 0, 7) > 0 &&
		   !strcmp(name, "70-$x") && kiog_meta_name(name, 4, "$jobname", "abcd", 0, 0) < 0 &&
		   kiog_meta_name(name, sizeof(name), "..", "j", 0, 0) < 0,
		   "kiog_meta_name: fio's variables, other text as is, too long and .. refused");
	}
	/* block sizes and rw's postfix (ctl/options/bs.c) */
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--bs=4k,64k", NULL) &&
	   js.jobs[0].bs == 4096 && js.jobs[0].bs_write == 65536, "bs=4k,64k: per direction");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--bs=,8k", NULL) &&
	   js.jobs[0].bs == 4096 && js.jobs[0].bs_write == 8192, "bs=,8k: the writes' only");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--bs=4k,8k,64k", NULL) &&
	   js.jobs[0].bs_write == 8192 && js.jobs[0].bs_trim == 65536, "bs=4k,8k,64k: the trims' third");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--bs=4k,8k", NULL) &&
	   !js.jobs[0].bs_trim, "bs=4k,8k: the trims take the writes' size, as fio");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x",
		  "--bssplit=512/4:1k/1:1536/1:2k/1:2560/1:3k/1:3584/1:4k/67:8k/10:16k/7:32k/3:64k/3",
		  NULL) && js.jobs[0].bssplit.nr == 24 &&
	   js.jobs[0].bssplit.z[7] == KIOGEN_ZONE(0, 67, 4096) &&
	   js.jobs[0].bssplit.z[19] == KIOGEN_ZONE(1, 67, 4096), "bssplit: fio's JESD219 example, both directions");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--bssplit=4k/50:8k:16k/,64k",
		  NULL) && js.jobs[0].bssplit.nr == 4 &&
	   js.jobs[0].bssplit.z[1] == KIOGEN_ZONE(0, 25, 8192) &&
	   js.jobs[0].bssplit.z[3] == KIOGEN_ZONE(1, 100, 65536),
	   "bssplit: blank percentages share the rest, a lone entry is 100%%, per direction");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--bssplit=4k/60:8k/60", NULL) &&
	   strstr(err, "bssplit: the reads' percentages add up to 120"), "bssplit over 100%% refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--bssplit=4q/60", NULL) &&
	   strstr(err, "bssplit: '4q'"), "bssplit: a bad size named");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--bsrange=8k-4k", NULL) &&
	   strstr(err, "bsrange: '8k-4k': the largest size is below the smallest"), "bsrange upside down refused");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--bsrange=1k-4k,8k-16k", NULL) &&
	   js.jobs[0].bs == 1024 && js.jobs[0].bs_max == 4096 && js.jobs[0].bs_write == 8192 &&
	   js.jobs[0].bs_write_max == 16384, "bsrange per direction");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--bs=4k,1k3", NULL) &&
	   strstr(err, "bs: '1k3'"), "bs: a bad second size named");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--ba=0", NULL) &&
	   strstr(err, "ba: 0 is out of range"), "blockalign 0 refused");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rw=randread:8", NULL) &&
	   js.jobs[0].rw == KIOGEN_RW_RANDREAD && js.jobs[0].rw_seq_nr == 8, "rw=randread:8");
	ok(!parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rw=read:4k", NULL) &&
	   js.jobs[0].rw == KIOGEN_RW_READ && js.jobs[0].rw_seq_add == 4096, "rw=read:4k: a hole");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--rw=randread:0", NULL) &&
	   strstr(err, "rw: 'randread:0'"), "rw=randread:0 refused");
	ok(parse(&js, err, sizeof(err), "--name=a", "--filename=/x", "--loops=0", NULL) &&
	   strstr(err, "loops: 0 is out of range"), "loops 0 refused");
	ok(!parse(&js, err, sizeof(err), "--name=m", "--ioengine=filecreate", "--filesize=1k-4k",
		  NULL) && js.jobs[0].meta_filesize == 4096 && js.jobs[0].meta_filesize_min == 1024,
	   "filesize=LOW-HIGH: fio's range, for filecreate");
	ok(!parse(&js, err, sizeof(err), "--name=m", "--filename=/f:/g", "--filesize=8k-64k",
		  "--bs=4k", NULL) && js.jobs[0].filesize_lo == 8192 &&
	   js.jobs[0].filesize == 65536 && !js.jobs[0].meta_filesize_min && !js.jobs[0].size,
	   "filesize=LOW-HIGH of a data job: each file its own size, nothing for the kernel's filecreate");
	ok(parse(&js, err, sizeof(err), "--name=m", "--filename=/f", "--filesize=1k-4k", "--bs=4k",
		 NULL) && strstr(err, "filesize: LOW (1024) leaves no block after offset") &&
	   parse(&js, err, sizeof(err), "--name=m", "--ioengine=filecreate", "--filesize=4k-1k",
		 NULL) && strstr(err, "not a size or a range"),
	   "filesize=LOW-HIGH: LOW below a block refused, and upside down");
	{
		uint32_t k, lo = ~0u, hi = 0, same = 1;

		ok(!parse(&js, err, sizeof(err), "--name=m", "--directory=/d", "--nrfiles=64",
			  "--filesize=64k-1m", "--bs=4k", "--randseed=3", NULL), "nrfiles=64, filesize=64k-1m");
		for (k = 0; k < 64; k++) {
			uint64_t v = kg_job_file_size(&js.jobs[0], k);

			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
			same &= v % 4096 == 0 && v >= 65536 && v <= 1 << 20 &&
				v == kg_job_file_size(&js.jobs[0], k);
		}
		ok(same && lo < 300 << 10 && hi > 800 << 10,
		   "filesize=64k-1m: each file's size in the range, a multiple of bs, spread over it, the same each time");
	}
	{
		uint64_t a, lo = ~0ULL, hi = 0;
		bool same = true;
		uint32_t k;

		for (k = 0; k < 1000; k++) {
			a = kiog_meta_filesize(7, 1000, 100000, 2, k);
			same &= a == kiog_meta_filesize(7, 1000, 100000, 2, k);
			lo = a < lo ? a : lo;
			hi = a > hi ? a : hi;
		}
		ok(same && lo >= 1000 && hi <= 100000 && lo < 2000 && hi > 99000 &&
		   kiog_meta_filesize(7, 0, 4096, 2, 5) == 4096 &&
		   kiog_meta_filesize(8, 1000, 100000, 2, 5) != kiog_meta_filesize(7, 1000, 100000, 2, 5),
		   "kiog_meta_filesize: seeded, over the whole range, one size without one");
	}
	test_place(&js);
	test_pct(&js);
	test_kb_base(&js);
	test_cgroup(&js);
	test_kernel_defaults(&js);
	test_fio_aliases(&js);
	test_fio_classes(&js);
	test_fio_cli_options(&js);
	test_fio_coverage();
	printf("1..%d\n", nr);	/* the plan is what ran: TAP allows it last */
	return failed ? 1 : 0;
}
