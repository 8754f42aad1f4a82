// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of fio job files (ctl/options/jobfile.c) and of the command line around
 * them: each file gives the jobs its equivalent --name=value command line
 * gives, field for field; fio's [global], include, ${VAR}, --section, stdin
 * and the mixing of files with options behave as fio 3.33 does; every bad
 * file is refused with its file and line, exit 2, before any netlink call.
 * Where fio is installed it must accept the good files and refuse the bad
 * ones too.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "options/options.h"
#include "tap.h"

#define DIR		KG_JOBFILES
#define TARGET		"/tmp/kiogen-jobfile-test"
/* the CLI, built before the unit tests run: ctl/kiogen */
#define KIOGEN		KG_JOBFILES "/../../kiogen"

static struct kg_jobs got, want;
static char err[2048];

static int parse_argv(struct kg_jobs *js, int argc, char **argv)
{
	FILE *f = fmemopen(err, sizeof(err), "w");
	FILE *info = fopen("/dev/null", "w");
	int ret;

	memset(err, 0, sizeof(err));
	kg_jobs_init(js);
	ret = kg_parse_args(js, argc, argv, f);
	if (!ret)
		ret = kg_jobs_finish(js, f, info);
	fclose(f);
	fclose(info);
	return ret;
}

/* Parses a NULL-terminated list of arguments; 0 or an error, its text in err. */
static int parse(struct kg_jobs *js, ...)
{
	char *argv[32];
	int argc = 0;
	va_list ap;

	va_start(ap, js);
	while (argc < 31 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	return parse_argv(js, argc, argv);
}

/*
 * the same jobs, every field the kernel and the reports see but the options
 * as given ([global] in a file is global, its like on the command line not)
 */
static int same_jobs(const struct kg_jobs *a, const struct kg_jobs *b)
{
	static struct kg_job ja, jb;
	unsigned int i;

	CHECK(a->nr_jobs == b->nr_jobs, "%u jobs, want %u", a->nr_jobs, b->nr_jobs);
	for (i = 0; i < a->nr_jobs; i++) {
		ja = a->jobs[i];
		jb = b->jobs[i];
		memset(&ja.given, 0, sizeof(ja.given));
		memset(&jb.given, 0, sizeof(jb.given));
		CHECK(!memcmp(&ja, &jb, sizeof(ja)),
		      "job %u (%s) differs from the command line's (%s)", i, a->jobs[i].name,
		      b->jobs[i].name);
	}
	return T_PASS;
}

static int t_basic(const void *arg)
{
	(void)arg;
	CHECK(!parse(&want, "--filename=" TARGET, "--bs=16k", "--rw=randread",
		     "--ioengine=io_uring", "--iodepth=8", "--name=reader", "--size=1m",
		     "--numjobs=2", "--name=writer", "--rw=write", "--direct=1", "--norandommap",
		     NULL), "command line: %s", err);
	CHECK(!parse(&got, DIR "/basic.fio", NULL), "job file: %s", err);
	CHECK(got.nr_jobs == 2 && !strcmp(got.jobs[0].name, "reader") &&
	      !strcmp(got.jobs[1].name, "writer"), "jobs named by their sections");
	CHECK(got.jobs[0].bs == 16384 && got.jobs[0].iodepth == 8 && got.jobs[0].numjobs == 2 &&
	      got.jobs[0].size == 1 << 20 && got.jobs[0].rw == KIOGEN_RW_RANDREAD &&
	      !strcmp(got.jobs[0].filename, TARGET), "reader: [global] and its own options");
	CHECK(got.jobs[1].rw == KIOGEN_RW_WRITE && got.jobs[1].direct &&
	      got.jobs[1].norandommap && got.jobs[1].iodepth == 8 && got.jobs[1].numjobs == 1,
	      "writer: its own options, a bare boolean, not the reader's");
	return same_jobs(&got, &want);
}

static int t_mid_global(const void *arg)
{
	(void)arg;
	CHECK(!parse(&want, "--filename=" TARGET, "--bs=8k", "--name=early", "--name=late",
		     "--bs=32k", NULL), "command line: %s", err);
	CHECK(!parse(&got, DIR "/midglobal.fio", NULL), "job file: %s", err);
	CHECK(got.nr_jobs == 2 && got.jobs[0].bs == 8192 && got.jobs[1].bs == 32768,
	      "a later [global] changes only the jobs after it (%u, %u)",
	      got.jobs[0].bs, got.jobs[1].bs);
	return same_jobs(&got, &want);
}

static int t_include(const void *arg)
{
	(void)arg;
	CHECK(!parse(&want, "--filename=" TARGET, "--bs=8k", "--name=inc-job", "--rw=write",
		     "--size=2m", NULL), "command line: %s", err);
	CHECK(!parse(&got, DIR "/include.fio", NULL), "job file: %s", err);
	CHECK(got.nr_jobs == 1 && got.jobs[0].bs == 8192 && got.jobs[0].rw == KIOGEN_RW_WRITE,
	      "included into [global] (nested, relative to inc/) and into the job");
	return same_jobs(&got, &want);
}

static int t_env(const void *arg)
{
	char bs[32];

	(void)arg;
	setenv("KG_TEST_FILE", TARGET, 1);
	setenv("KG_TEST_SIZE", "3m", 1);
	setenv("KG_TEST_JOBS", "3", 1);
	snprintf(bs, sizeof(bs), "--bs=%ld", sysconf(_SC_PAGESIZE));
	CHECK(!parse(&want, "--filename=" TARGET, "--name=var-job", "--size=3m", "--numjobs=3",
		     bs, NULL), "command line: %s", err);
	CHECK(!parse(&got, DIR "/var.fio", NULL), "job file: %s", err);
	CHECK(got.jobs[0].size == 3 << 20 && got.jobs[0].numjobs == 3 &&
	      got.jobs[0].bs == (uint32_t)sysconf(_SC_PAGESIZE),
	      "${VAR} from the environment, $pagesize from the system");
	if (same_jobs(&got, &want) != T_PASS)
		return T_FAIL;
	CHECK(freopen(DIR "/ncpus.fio", "r", stdin), "stdin: %s", strerror(errno));
	CHECK(!parse(&got, "-", NULL) &&
	      got.jobs[0].numjobs == (uint32_t)sysconf(_SC_NPROCESSORS_ONLN) &&
	      got.jobs[0].size == (uint64_t)sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE) >> 20,
	      "$ncpus, $mb_memory: %s", err);
	return T_PASS;
}

static int t_stdin(const void *arg)
{
	(void)arg;
	CHECK(!parse(&want, DIR "/basic.fio", NULL), "file: %s", err);
	CHECK(freopen(DIR "/basic.fio", "r", stdin), "stdin: %s", strerror(errno));
	CHECK(!parse(&got, "-", NULL), "-: %s", err);
	return same_jobs(&got, &want);
}

static int t_sections(const void *arg)
{
	(void)arg;
	CHECK(!parse(&want, "--filename=" TARGET, "--rw=write", "--name=a", "--bs=8k",
		     "--name=c", "--bs=32k", NULL), "command line: %s", err);
	CHECK(!parse(&got, "--section=c", DIR "/sections.fio", "--section", "a", NULL),
	      "job file: %s", err);
	CHECK(got.nr_jobs == 2 && !strcmp(got.jobs[0].name, "a") &&
	      !strcmp(got.jobs[1].name, "c"), "only a and c, in the file's order, [global] kept");
	if (same_jobs(&got, &want) != T_PASS)
		return T_FAIL;
	CHECK(parse(&got, "--section=nope", DIR "/sections.fio", NULL) &&
	      strstr(err, "kiogen: section: no section [nope] in the job files"),
	      "a section that is not there is refused: %s", err);
	return T_PASS;
}

/*
 * fio: options before the first --name are defaults of the first file's jobs
 * (its own options win), --name jobs come first wherever they stand, and a
 * later file starts from fio's defaults, not the command line's or the
 * first file's [global].
 */
static int t_command_line(const void *arg)
{
	(void)arg;
	CHECK(!parse(&got, "--bs=64k", "--ioengine=io_uring", DIR "/plain.fio", "--name=cmd",
		     "--filename=" TARGET, "--size=1m", NULL), "%s", err);
	CHECK(got.nr_jobs == 2 && !strcmp(got.jobs[0].name, "cmd") &&
	      !strcmp(got.jobs[1].name, "plain"), "the --name job first");
	CHECK(got.jobs[0].bs == 65536 && !strcmp(got.jobs[0].ioengine, "io_uring") &&
	      got.jobs[0].size == 1 << 20, "cmd: the defaults and its options");
	CHECK(got.jobs[1].bs == 65536 && !strcmp(got.jobs[1].ioengine, "libaio") &&
	      !got.jobs[1].size, "plain: command-line bs, its own ioengine, not cmd's size");

	CHECK(!parse(&got, "--bs=64k", DIR "/plain.fio", DIR "/plain2.fio", NULL), "%s", err);
	CHECK(got.nr_jobs == 2 && got.jobs[0].bs == 65536 && got.jobs[1].bs == 4096,
	      "the second file starts from fio's defaults (bs %u)", got.jobs[1].bs);
	CHECK(!parse(&got, DIR "/midglobal.fio", DIR "/plain2.fio", NULL) &&
	      got.nr_jobs == 3 && got.jobs[2].bs == 4096,
	      "the first file's [global] stays in it: %s", err);
	return T_PASS;
}

/* fio's getopt: --bs 4k and -bs=4k; booleans stay bare */
static int t_getopt(const void *arg)
{
	(void)arg;
	CHECK(!parse(&want, "--bs=16k", "--rw=write", "--name=g", "--filename=" TARGET,
		     "--thread", "--size=1m", "--output-format=json", NULL), "%s", err);
	CHECK(!parse(&got, "--bs", "16k", "-rw=write", "-name", "g", "--filename", TARGET,
		     "--thread", "-size", "1m", "--output-format", "json", NULL), "%s", err);
	CHECK(got.global.output_formats == KG_OUT_JSON,
	      "a global option's value in the next argument");
	if (same_jobs(&got, &want) != T_PASS)
		return T_FAIL;
	CHECK(parse(&got, "--name=a", "--filename=" TARGET, "--rw", NULL) &&
	      strstr(err, "rw: needs a value (--rw=VALUE)"), "the last option has no value");
	return T_PASS;
}

struct bad_file {
	const char *file;
	const char *msg;	/* after "kiogen: " */
};

static const struct bad_file bad_files[] = {
	{ DIR "/bad-unknown.fio",
	  DIR "/bad-unknown.fio:5: unknown option 'frobnicate' (see: kiogen help run)" },
	{ DIR "/bad-value.fio", DIR "/bad-value.fio:3: rw: 'sideways' is not read, write, "
	  "randread, randwrite, rw, readwrite, randrw, trim, randtrim or trimwrite (see: kiogen help run)" },
	{ DIR "/bad-header.fio", DIR "/bad-header.fio:3: '[job': section header without ']'" },
	{ DIR "/bad-wait-for.fio", DIR "/bad-wait-for.fio:5: fio option 'wait_for' is not "
	  "supported by kiogen: kiogen starts the jobs between stonewalls at once (use stonewall)" },
	{ DIR "/bad-var.fio",
	  DIR "/bad-var.fio:3: ${KG_TEST_UNSET_VARIABLE}: not set in the environment" },
	{ DIR "/bad-include.fio", DIR "/bad-include.fio:3: include " DIR
	  "/inc/not-there.inc: No such file or directory" },
	{ DIR "/bad-loop.fio", DIR "/inc/loop-b.inc:2: include " DIR
	  "/inc/loop-a.inc: an include loop (that file is being read already)" },
	{ DIR "/bad-include-section.fio",
	  DIR "/inc/section.inc:2: '[sneaky]': an included file cannot start a section" },
	{ DIR "/not-there.fio", DIR "/not-there.fio: No such file or directory" },
};

static int t_bad_files(const void *arg)
{
	char want_msg[1024];
	size_t i;

	(void)arg;
	unsetenv("KG_TEST_UNSET_VARIABLE");
	for (i = 0; i < ARRAY_SIZE(bad_files); i++) {
		snprintf(want_msg, sizeof(want_msg), "kiogen: %s\n", bad_files[i].msg);
		CHECK(parse(&got, bad_files[i].file, NULL) == -EINVAL && !strcmp(err, want_msg),
		      "%s: got '%s', want '%s'", bad_files[i].file, err, want_msg);
	}
	return T_PASS;
}

/* A job file from a string, read as "-" from stdin. */
static int parse_stdin(const char *text)
{
	char path[] = "/tmp/kiogen-jobfile-XXXXXX";
	int fd = mkstemp(path), ret;

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		return -EIO;
	close(fd);
	if (!freopen(path, "r", stdin))
		return -EIO;
	ret = parse(&got, "-", NULL);
	unlink(path);
	return ret;
}

/* fio's name=: none in [global] (the headers name the jobs), a new one in a section */
static int t_name(const void *arg)
{
	(void)arg;
	CHECK(!parse_stdin("[global]\nname=all\nfilename=" TARGET "\n[a]\n[b]\nname=c\n"),
	      "name= in [global] and in a section: %s", err);
	CHECK(got.nr_jobs == 2 && !strcmp(got.jobs[0].name, "a") &&
	      !strcmp(got.jobs[1].name, "c"), "jobs a and c, as fio names them");
	return T_PASS;
}

static int t_bad_lines(const void *arg)
{
	static const struct bad_file lines[] = {
		{ "[a]\nfilename=/x\nwait_for=b\n", "<stdin>:3: fio option 'wait_for' is not "
		  "supported by kiogen: kiogen starts the jobs between stonewalls at once (use stonewall)" },
		{ "bs=4k\n[a]\n", "<stdin>:1: bs: outside of a [section]" },
		{ "[a]\nname=\n", "<stdin>:2: name: needs a value (name=NAME)" },
		{ "[]\n", "<stdin>:1: '[]': a section needs a name" },
		{ "[a]\n=4k\n", "<stdin>:2: '=4k': no option name before '='" },
		{ "[a]\nsize=${HOME\n", "<stdin>:2: '${HOME': '${' without '}'" },
		{ "[a]\nrw\n", "<stdin>:2: rw: needs a value (--rw=VALUE)" },
		{ "[a]\nthread=yes\n", "<stdin>:2: thread: 'yes' is not 0 or 1" },
		{ "[a]\ninclude\n", "<stdin>:2: include: needs a file name" },
	};
	char want_msg[512];
	size_t i;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(lines); i++) {
		snprintf(want_msg, sizeof(want_msg), "kiogen: %s\n", lines[i].msg);
		CHECK(parse_stdin(lines[i].file) == -EINVAL && !strcmp(err, want_msg),
		      "'%s': got '%s', want '%s'", lines[i].file, err, want_msg);
	}
	return T_PASS;
}

/*
 * fio parses a section's kb_base first, wherever it stands (a job file's
 * options are sorted by priority; the command line's are not)
 */
static int t_kb_base(const void *arg)
{
	(void)arg;
	CHECK(!parse_stdin("[global]\nsize=1m\nkb_base=1000\n[a]\nfilename=/x\nbs=4k\n"
			   "[b]\nfilename=/x\nbs=4KiB\nkb_base=1024\n") &&
	      got.jobs[0].size == 1000000 && got.jobs[0].bs == 4000 &&
	      got.jobs[1].size == 1000000 && got.jobs[1].bs == 4000,
	      "sizes %llu %u, %llu %u; fio: 1000000 4000, 1000000 4000: %s",
	      (unsigned long long)got.jobs[0].size, got.jobs[0].bs,
	      (unsigned long long)got.jobs[1].size, got.jobs[1].bs, err);
	CHECK(parse_stdin("[a]\nfilename=/x\nbs=4k\nkb_base=2\n") == -EINVAL &&
	      strstr(err, "<stdin>:4: kb_base: '2' is not 1024 or 1000"), "kb_base=2: %s", err);
	return T_PASS;
}

static int run_status(const char *cmd)
{
	int st = system(cmd);

	return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* "kiogen CMD FILE": its exit status, its stderr in err */
static int run_cli(const char *cmd, const char *file)
{
	char line[1024], out[] = "/tmp/kiogen-jobfile-XXXXXX";
	int fd = mkstemp(out), st;
	FILE *f;

	if (fd < 0)
		return -1;
	close(fd);
	snprintf(line, sizeof(line), "%s %s %s 2>%s", KIOGEN, cmd, file, out);
	st = run_status(line);
	memset(err, 0, sizeof(err));
	f = fopen(out, "r");
	if (f) {
		if (!fread(err, 1, sizeof(err) - 1, f))
			err[0] = 0;
		fclose(f);
	}
	unlink(out);
	return st;
}

/* kiogen run and compare: exit 2 and the message, before the kernel (it would say 1) */
static int t_cli_exit(const void *arg)
{
	static const char *const cmds[] = { "run", "compare" };
	char want_msg[1024];
	size_t i, c;

	(void)arg;
	if (access(KIOGEN, X_OK))
		return skip("ctl/kiogen not built");
	for (i = 0; i < ARRAY_SIZE(bad_files); i++) {
		snprintf(want_msg, sizeof(want_msg), "kiogen: %s\n", bad_files[i].msg);
		for (c = 0; c < ARRAY_SIZE(cmds); c++)
			CHECK(run_cli(cmds[c], bad_files[i].file) == 2 && !strcmp(err, want_msg),
			      "kiogen %s %s: exit 2, '%s'; got '%s'", cmds[c], bad_files[i].file,
			      want_msg, err);
	}
	CHECK(run_cli("compare", DIR "/groups.fio") == 2 &&
	      strstr(err, "kiogen: stonewall: compare runs every job at once"),
	      "compare refuses a stonewall: %s", err);
	CHECK(run_cli("compare", DIR "/detached.fio") == 2 &&
	      strstr(err, "kiogen: detached: compare runs both paths itself, attached\n"),
	      "compare refuses detached from a job file: %s", err);
	return T_PASS;
}

/* fio's groups: stonewall and new_group number them, stonewall splits the run */
static int t_groups(const void *arg)
{
	static const uint32_t gid[] = { 0, 1, 2, 2 };
	unsigned int i;

	(void)arg;
	CHECK(!parse(&got, DIR "/groups.fio", NULL), "%s", err);
	CHECK(got.nr_jobs == 4, "%u jobs", got.nr_jobs);
	for (i = 0; i < 4; i++)
		CHECK(got.jobs[i].groupid == gid[i], "job %u: group %u, want %u", i,
		      got.jobs[i].groupid, gid[i]);
	CHECK(kg_jobs_phase_end(&got, 0) == 2 && kg_jobs_phase_end(&got, 2) == 4,
	      "phases end at %u and %u, want 2 and 4", kg_jobs_phase_end(&got, 0),
	      kg_jobs_phase_end(&got, 2));

	/* as fio: a later file starts with a stonewall; on the first job none */
	CHECK(!parse(&got, "--stonewall", "--filename=" TARGET, DIR "/plain.fio",
		     DIR "/plain2.fio", NULL), "%s", err);
	CHECK(got.nr_jobs >= 2 && got.jobs[0].groupid == 0, "first group");
	for (i = 1; i < got.nr_jobs && !got.jobs[i].stonewall; i++)
		;
	CHECK(i < got.nr_jobs && got.jobs[i].groupid == 1 &&
	      kg_jobs_phase_end(&got, 0) == i, "the second file's first job starts group 1");

	CHECK(parse(&got, "--detached", "--filename=" TARGET, "--name=a", "--name=b",
		    "--stonewall", NULL) == -EINVAL && strstr(err, "stonewall: "),
	      "detached with a stonewall: %s", err);
	CHECK(!parse(&got, "--detached", "--filename=" TARGET, "--name=a", "--name=b",
		     "--new_group", NULL) && got.jobs[1].groupid == 1,
	      "detached with new_group alone: %s", err);
	return T_PASS;
}

/* fio itself reads the good files and refuses the bad ones it can tell */
static int t_fio(const void *arg)
{
	static const char *const good[] = { "basic", "midglobal", "include", "var",
					    "sections", "plain", "plain2", "ncpus", "groups" };
	static const char *const bad[] = { "bad-unknown", "bad-value" };
	char cmd[512];
	size_t i;

	(void)arg;
	if (run_status("command -v fio >/dev/null 2>&1"))
		return skip("fio is not installed");
	for (i = 0; i < ARRAY_SIZE(good); i++) {
		snprintf(cmd, sizeof(cmd), "fio --parse-only %s/%s.fio >/dev/null 2>&1",
			 DIR, good[i]);
		CHECK(!run_status(cmd), "fio refuses %s.fio", good[i]);
	}
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		snprintf(cmd, sizeof(cmd), "fio --parse-only %s/%s.fio >/dev/null 2>&1",
			 DIR, bad[i]);
		CHECK(run_status(cmd), "fio accepts %s.fio", bad[i]);
	}
	return T_PASS;
}

static const struct tcase cases[] = {
	{ "a job file gives the jobs of its command line", t_basic, NULL },
	{ "a later [global] changes the jobs after it only", t_mid_global, NULL },
	{ "include, nested, relative to the including file", t_include, NULL },
	{ "${VAR}, $pagesize, $ncpus, $mb_memory", t_env, NULL },
	{ "- reads the job file from stdin", t_stdin, NULL },
	{ "--section runs only the sections named", t_sections, NULL },
	{ "name= in [global] names no job, in a section renames it", t_name, NULL },
	{ "options and --name jobs mixed with job files, as fio", t_command_line, NULL },
	{ "--bs 16k, -bs=16k, bare booleans", t_getopt, NULL },
	{ "bad job files: the message with file and line", t_bad_files, NULL },
	{ "bad lines: the message with <stdin> and line", t_bad_lines, NULL },
	{ "kb_base reads its whole section, as fio's", t_kb_base, NULL },
	{ "stonewall and new_group: fio's groups, runs split at stonewalls", t_groups, NULL },
	{ "kiogen run and compare exit 2 on a bad job file", t_cli_exit, NULL },
	{ "fio --parse-only agrees on the files", t_fio, NULL },
};

int main(void)
{
	return run_cases(cases, ARRAY_SIZE(cases));
}
