// SPDX-License-Identifier: GPL-2.0
/*
 * "kiogen ab": two variants of one job run interleaved, A B A B ..., so
 * that what drifts while they run (caches, clocks, other load) falls on
 * both, and B judged against A over the pairs. B is A with each
 * --b-OPTION=VALUE over every job, or a job file's [b] over its [a], and
 * may set a module parameter of its own. The result holds both sides'
 * repeats as kiogen run --repeat writes them; the verdict is kiogen diff's
 * on that very file, so that the two cannot disagree.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/diff.h"
#include "json/json.h"
#include "kiogen.h"
#include "nl/results.h"
#include "options/options.h"
#include "report/log.h"
#include "report/repeat.h"
#include "report/report.h"
#include "report/stats.h"
#include "system/sysinfo.h"
#include "system/target.h"

/* pairs without --repeat: fewer leave the bootstrap too little to judge */
#define KG_AB_REPEAT_DEFAULT	5
#define KG_AB_PARAMS		"/sys/module/kiogen/parameters/"
#define KG_AB_PARAM_LEN		128

/* --b-module-param=NAME=VALUE: B's value, and A's as found */
struct kg_ab_param {
	const char *name;
	const char *b;
	char a[KG_AB_PARAM_LEN];
};

struct kg_ab {
	struct kg_jobs js[2];
	struct kg_run_result r[2];	/* each side's repeats merged */
	struct kg_run_result *reps[2];	/* and kept */
	struct kg_sysinfo si[2];
	char order[2 * KG_REPEAT_LIMIT + 1];
	unsigned int repeat;
	bool sections;			/* a job file's [a] and [b] */
	bool bisect;
	bool json;
	const char *output;
	char **job_args, **b_opts, **diff_args;
	int nr_job_args, nr_b_opts, nr_diff_args;
	struct kg_ab_param param;
};

void kg_ab_usage(FILE *f)
{
	fprintf(f, "\nRuns two variants of the jobs interleaved, A B A B ..., N pairs (--repeat,\n"
		   "default %d), so that drift falls on both, and judges B against A as\n"
		   "kiogen diff A1..An -- B1..Bn does: by the bootstrap over the repeats,\n"
		   "printed as diff prints it, with diff's exit status. A is the jobs as\n"
		   "given (kiogen run's options and job files); B is A with each\n"
		   "--b-OPTION=VALUE applied to every job (any job option: filename= gives B\n"
		   "another target), or, in a job file with sections [a] and [b], [a] with\n"
		   "[b]'s options over it ([global] is shared).\n\n"
		   "  --repeat=N             pairs to run (default %d, at most %d)\n"
		   "  --b-OPTION=VALUE       B's value of a job option\n"
		   "  --b-module-param=NAME=VALUE\n"
		   "                         /sys/module/kiogen/parameters/NAME for B: set before\n"
		   "                         each B run, A's value put back before each A run\n"
		   "  --output=FILE          keep the result: both sides' repeats in the JSON of\n"
		   "                         kiogen run --repeat; kiogen diff FILE and kiogen plot\n"
		   "                         FILE read it\n"
		   "  --threshold=PCT, --confidence=PCT, --metrics=LIST, --bisect,\n"
		   "  --output-format=text|json\n"
		   "                         as kiogen diff's; --bisect: 0 good, 1 bad, 125 cannot\n"
		   "                         tell or a run failed, for git bisect run kiogen ab ...\n\n"
		   "Not yet: variants of the kernel booted (--kernel-a, --kernel-b) and of a file\n"
		   "system's age.\n\n"
		   "example:\n  kiogen ab --name=t --filename=/dev/nullb0 --rw=randread --runtime=5 \\\n"
		   "            --time_based --repeat=10 --b-filename=/dev/nullb1\n",
		KG_AB_REPEAT_DEFAULT, KG_AB_REPEAT_DEFAULT, KG_REPEAT_LIMIT);
}

/* Option names as fio takes them: '-' and '_' alike. */
static bool kg_ab_name_is(const char *name, size_t len, const char *want)
{
	size_t i;

	if (strlen(want) != len)
		return false;
	for (i = 0; i < len; i++)
		if (name[i] != want[i] && !(strchr("-_", name[i]) && strchr("-_", want[i])))
			return false;
	return true;
}

/* What B cannot have apart from A: ab's own, or what starts or picks jobs. */
static const char *const kg_ab_shared[] = {
	"name", "section", "repeat", "repeat_until", "repeat_max", "output",
	"output-format", "detached", "status-interval",
};

static int kg_ab_args(struct kg_ab *ab, int argc, char **argv)
{
	size_t i;
	int a;

	ab->job_args = calloc(argc + 2, sizeof(char *));
	ab->b_opts = calloc(argc + 1, sizeof(char *));
	ab->diff_args = calloc(argc + 2, sizeof(char *));
	if (!ab->job_args || !ab->b_opts || !ab->diff_args) {
		fprintf(stderr, "kiogen ab: out of memory\n");
		return KG_EXIT_FAIL;
	}
	ab->repeat = KG_AB_REPEAT_DEFAULT;
	for (a = 0; a < argc; a++) {
		char *arg = argv[a], *end;
		int known = kg_diff_is_option(arg);

		if (!strncmp(arg, "--repeat=", 9)) {
			ab->repeat = strtoul(arg + 9, &end, 10);
			if (*end || !ab->repeat || ab->repeat > KG_REPEAT_LIMIT) {
				fprintf(stderr, "kiogen ab: repeat: '%s' is not a count of pairs "
					"from 1 to %d\n", arg + 9, KG_REPEAT_LIMIT);
				return KG_EXIT_USAGE;
			}
		} else if (!strncmp(arg, "--output=", 9) && arg[9]) {
			ab->output = arg + 9;
		} else if (!strncmp(arg, "--kernel-a", 10) || !strncmp(arg, "--kernel-b", 10)) {
			fprintf(stderr, "kiogen ab: %s: variants of the kernel booted are not "
				"supported yet\n", arg);
			return KG_EXIT_USAGE;
		} else if (!strncmp(arg, "--b-module-param=", 17)) {
			ab->param.name = arg + 17;
			end = strchr(arg + 17, '=');
			if (!end || end == arg + 17 || !end[1] || strchr(arg + 17, '/') ||
			    strlen(end + 1) >= KG_AB_PARAM_LEN) {
				fprintf(stderr, "kiogen ab: %s: wants NAME=VALUE, NAME a parameter "
					"in %s\n", arg, KG_AB_PARAMS);
				return KG_EXIT_USAGE;
			}
			*end = 0;
			ab->param.b = end + 1;
		} else if (!strncmp(arg, "--b-", 4)) {
			size_t len = strcspn(arg + 4, "=");

			for (i = 0; i < ARRAY_SIZE(kg_ab_shared); i++) {
				if (!kg_ab_name_is(arg + 4, len, kg_ab_shared[i]))
					continue;
				fprintf(stderr, "kiogen ab: %s: A and B share %.*s\n", arg,
					(int)len, arg + 4);
				return KG_EXIT_USAGE;
			}
			if (!len) {
				fprintf(stderr, "kiogen ab: %s: wants --b-OPTION=VALUE\n", arg);
				return KG_EXIT_USAGE;
			}
			ab->b_opts[ab->nr_b_opts++] = arg + 4;
		} else if (known) {
			if (known < 0)
				return KG_EXIT_USAGE;
			ab->bisect |= !strcmp(arg, "--bisect");
			if (!strncmp(arg, "--output-format=", 16))
				ab->json = !strcmp(arg, "--output-format=json");
			ab->diff_args[ab->nr_diff_args++] = arg;
		} else {
			ab->job_args[ab->nr_job_args++] = arg;
		}
	}
	return KG_EXIT_OK;
}

/* B's --b-OPTION=VALUE over every job of @js; the message names the option. */
static int kg_ab_over(struct kg_ab *ab, struct kg_jobs *js)
{
	char name[64], *msg = NULL;
	const char *v;
	size_t len = 0;
	unsigned int k;
	int i, ret = 0;
	FILE *f;

	for (i = 0; i < ab->nr_b_opts && !ret; i++) {
		const char *o = ab->b_opts[i];
		size_t nl = strcspn(o, "=");

		if (nl >= sizeof(name)) {
			fprintf(stderr, "kiogen ab: --b-%s: not an option\n", o);
			return -EINVAL;
		}
		memcpy(name, o, nl);
		name[nl] = 0;
		v = o[nl] ? o + nl + 1 : NULL;
		f = open_memstream(&msg, &len);
		if (!f)
			return -ENOMEM;
		for (k = 0; k < js->nr_jobs && !ret; k++)
			ret = kg_parse_job_option(js, k, name, v, f);
		fclose(f);
		if (len)
			fprintf(stderr, "kiogen ab: --b-%s: %s", o,
				strncmp(msg, "kiogen: ", 8) ? msg : msg + 8);
		free(msg);
		msg = NULL;
	}
	return ret;
}

/*
 * Variant @v (0: A, 1: B) of the jobs into ab->js[v], finished as kiogen
 * run finishes them. Returns an exit code.
 */
static int kg_ab_jobs(struct kg_ab *ab, int v)
{
	struct kg_jobs *js = &ab->js[v];
	struct kg_global *g = &js->global;
	int n = ab->nr_job_args, ret;

	kg_jobs_init(js);
	if (ab->sections)
		ab->job_args[n++] = "--section=a";
	ret = kg_parse_args_over(js, n, ab->job_args, ab->sections && v ? "b" : NULL, stderr);
	if (!ret && v)
		ret = kg_ab_over(ab, js);
	if (ret || kg_jobs_finish(js, stderr, stderr) || kg_log_prepare(js, stderr))
		return KG_EXIT_USAGE;
	ret = kg_jobs_resolve_pct(js, stderr);
	if (ret)
		return ret;
	if (g->repeat || g->repeat_until > 0 || g->output[0] || g->detached) {
		fprintf(stderr, "kiogen ab: repeat, output and detached are ab's own: "
			"--repeat=N, --output=FILE\n");
		return KG_EXIT_USAGE;
	}
	/* kiogen diff takes a result's jobs for repeats of one */
	if (js->nr_jobs > 1) {
		fprintf(stderr, "kiogen ab: %u jobs: ab judges one job (numjobs=N for more "
			"workers)\n", js->nr_jobs);
		return KG_EXIT_USAGE;
	}
	if (!g->percentiles_set)
		kg_default_percentiles(g);
	/* the report is diff's: the runs' messages go to stderr */
	g->output_formats = KG_OUT_JSON;
	g->status_interval_ns = 0;
	return KG_EXIT_OK;
}

/* Whether the job files have a section [a]: then [b] goes over it. */
static bool kg_ab_has_sections(struct kg_ab *ab)
{
	char *msg = NULL;
	size_t len = 0;
	FILE *quiet = open_memstream(&msg, &len);
	bool found;

	if (!quiet)
		return false;
	ab->job_args[ab->nr_job_args] = "--section=a";
	kg_jobs_init(&ab->js[0]);
	found = !kg_parse_args(&ab->js[0], ab->nr_job_args + 1, ab->job_args, quiet);
	fclose(quiet);
	free(msg);
	return found;
}

static int kg_ab_param_set(const struct kg_ab_param *p, const char *v)
{
	char path[256];
	FILE *f;
	int err;

	snprintf(path, sizeof(path), KG_AB_PARAMS "%s", p->name);
	f = fopen(path, "w");
	err = !f || fputs(v, f) < 0 ? errno : 0;
	if (f && fclose(f) && !err)
		err = errno ?: EIO;
	if (err)
		fprintf(stderr, "kiogen ab: module parameter %s=%s: %s\n", p->name, v,
			strerror(err));
	return err ? -err : 0;
}

/* A's value of the parameter, as it is now. */
static int kg_ab_param_get(struct kg_ab_param *p)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), KG_AB_PARAMS "%s", p->name);
	f = fopen(path, "r");
	if (!f || !fgets(p->a, sizeof(p->a), f)) {
		fprintf(stderr, "kiogen ab: --b-module-param: cannot read %s: %s%s\n", path,
			strerror(errno ?: EIO), errno == ENOENT ? " (is kiogen loaded?)" : "");
		if (f)
			fclose(f);
		return -1;
	}
	fclose(f);
	p->a[strcspn(p->a, "\n")] = 0;
	return 0;
}

/* The pairs, A then B, each side's run appended to its repeats. */
static int kg_ab_pairs(struct kg_ab *ab, struct kg_nl *nl, struct kg_log_out *logs)
{
	unsigned int i, n = 0;
	int v, ret = KG_EXIT_OK;

	for (i = 0; i < ab->repeat && !kg_interrupt_pending(); i++) {
		for (v = 0; v < 2 && !ret && !kg_interrupt_pending(); v++) {
			struct kg_run_result *rep = &ab->reps[v][i];

			fprintf(stderr, "kiogen ab: pair %u of %u: %c\n", i + 1, ab->repeat,
				"AB"[v]);
			if (ab->param.name &&
			    kg_ab_param_set(&ab->param, v ? ab->param.b : ab->param.a))
				return KG_EXIT_FAIL;
			ret = kg_run_once(nl, &ab->js[v], rep);
			if (!rep->nr_jobs)
				break;
			ab->order[n++] = "AB"[v];
			if (kg_repeat_append(&ab->r[v], rep)) {
				fprintf(stderr, "kiogen ab: repeats: out of memory\n");
				return KG_EXIT_FAIL;
			}
			if (kg_log_write(rep, &ab->js[v], &logs[v]))
				ret = KG_EXIT_FAIL;
		}
		if (ret)
			return ret;
	}
	return ab->r[0].nr_repeats && ab->r[1].nr_repeats ? KG_EXIT_OK : KG_EXIT_FAIL;
}

/*
 * The result: both sides as kiogen run --repeat reports them, under "ab"
 * with the order they ran in and what B changed.
 */
static int kg_ab_write(struct kg_ab *ab, FILE *f)
{
	struct kg_json j = { .f = f };
	int v, i, ret = 0;

	kg_json_obj(&j, NULL);
	kg_json_string(&j, "kiogen version", KIOGEN_VERSION);
	kg_json_obj(&j, "ab");
	kg_json_u64(&j, "repeat", ab->repeat);
	kg_json_string(&j, "order", ab->order);
	kg_json_bool(&j, "sections", ab->sections);
	kg_json_open(&j, "b_options", '[', true);
	for (i = 0; i < ab->nr_b_opts; i++)
		kg_json_string(&j, NULL, ab->b_opts[i]);
	kg_json_close(&j, ']');
	if (ab->param.name) {
		kg_json_obj(&j, "module_param");
		kg_json_string(&j, "name", ab->param.name);
		kg_json_string(&j, "a", ab->param.a);
		kg_json_string(&j, "b", ab->param.b);
		kg_json_end(&j);
	}
	for (v = 0; v < 2 && !ret; v++) {
		ab->r[v].repeats = ab->reps[v];
		kg_sysinfo_collect(&ab->si[v], &ab->js[v], "");
		ab->r[v].record = &ab->si[v];
		kg_json_key(&j, v ? "b" : "a");
		ret = kg_report_print(f, &ab->r[v], &ab->js[v].global);
	}
	kg_json_end(&j);
	kg_json_end(&j);
	fputc('\n', f);
	return ret;
}

/* The order the runs went in, as a person reads it: "A B A B". */
static void kg_ab_header(const struct kg_ab *ab)
{
	int i;

	printf("kiogen ab: %u pair%s, in this order:", ab->r[1].nr_repeats,
	       ab->r[1].nr_repeats == 1 ? "" : "s");
	for (i = 0; ab->order[i]; i++)
		printf(" %c", ab->order[i]);
	printf("\nB: ");
	if (ab->sections)
		printf("[b] over [a]%s", ab->nr_b_opts || ab->param.name ? ", " : "");
	for (i = 0; i < ab->nr_b_opts; i++)
		printf("%s%s", i ? ", " : "", ab->b_opts[i]);
	if (ab->param.name)
		printf("%smodule parameter %s=%s (A: %s)", ab->nr_b_opts ? ", " : "",
		       ab->param.name, ab->param.b, ab->param.a);
	if (!ab->sections && !ab->nr_b_opts && !ab->param.name)
		printf("the same as A");
	printf("\n\n");
	fflush(stdout);
}

/* kiogen diff on the result @path, with diff's options as given. */
static int kg_ab_verdict(struct kg_ab *ab, const char *path)
{
	ab->diff_args[ab->nr_diff_args] = (char *)path;
	if (!ab->json)
		kg_ab_header(ab);
	return kg_cmd_diff(ab->nr_diff_args + 1, ab->diff_args);
}

/* Runs and writes the result to @path; an exit code. */
static int kg_ab_run(struct kg_ab *ab, const char *path, FILE *f)
{
	struct kg_log_out logs[2] = { { .tag = "a" }, { .tag = "b" } };
	struct kg_nl nl = { 0 };
	int ret = KG_EXIT_OK, v;

	for (v = 0; v < 2; v++) {
		ab->reps[v] = calloc(ab->repeat, sizeof(*ab->reps[v]));
		if (!ab->reps[v]) {
			fprintf(stderr, "kiogen ab: out of memory\n");
			return KG_EXIT_FAIL;
		}
	}
	if (ab->js[0].global.path != KG_PATH_SYSCALL || ab->js[1].global.path != KG_PATH_SYSCALL)
		ret = kg_connect(&nl);
	if (!ret && ab->param.name && kg_ab_param_get(&ab->param))
		ret = KG_EXIT_FAIL;
	if (!ret) {
		kg_stop_on_signals();
		ret = kg_ab_pairs(ab, &nl, logs);
		if (ab->param.name && kg_ab_param_set(&ab->param, ab->param.a) && !ret)
			ret = KG_EXIT_FAIL;
	}
	kg_nl_close(&nl);
	kg_log_out_free(&logs[0]);
	kg_log_out_free(&logs[1]);
	if (ret)
		return ret;
	if (kg_ab_write(ab, f) == -ENOMEM) {
		fprintf(stderr, "kiogen ab: report: out of memory\n");
		return KG_EXIT_FAIL;
	}
	if (fflush(f) || ferror(f)) {
		fprintf(stderr, "kiogen ab: cannot write %s\n", path);
		return KG_EXIT_FAIL;
	}
	return KG_EXIT_OK;
}

int kg_cmd_ab(int argc, char **argv)
{
	char tmp[] = "/tmp/kiogen-ab-XXXXXX.json";
	const char *path = tmp;
	struct kg_ab *ab = calloc(1, sizeof(*ab));
	unsigned int i;
	FILE *f = NULL;
	int ret, v, fd = -1;

	if (!ab) {
		fprintf(stderr, "kiogen ab: out of memory\n");
		return KG_EXIT_FAIL;
	}
	ret = kg_ab_args(ab, argc, argv);
	if (!ret) {
		ab->sections = kg_ab_has_sections(ab);
		ret = kg_ab_jobs(ab, 0) ?: kg_ab_jobs(ab, 1);
	}
	if (!ret && ab->output) {
		path = ab->output;
		f = fopen(path, "w");
	} else if (!ret) {
		fd = mkstemps(tmp, 5);
		f = fd >= 0 ? fdopen(fd, "w") : NULL;
	}
	if (!ret && !f) {
		fprintf(stderr, "kiogen ab: output: cannot open %s: %s\n", path, strerror(errno));
		ret = KG_EXIT_FAIL;
	}
	if (!ret)
		ret = kg_ab_run(ab, path, f);
	if (f && fclose(f) && !ret) {
		fprintf(stderr, "kiogen ab: cannot write %s\n", path);
		ret = KG_EXIT_FAIL;
	}
	if (!ret)
		ret = kg_ab_verdict(ab, path);
	/* a run that failed leaves the commit untested */
	else if (ret == KG_EXIT_FAIL && ab->bisect)
		ret = KG_EXIT_BISECT_SKIP;
	if (fd >= 0)
		unlink(tmp);
	for (v = 0; v < 2; v++) {
		for (i = 0; ab->reps[v] && i < ab->repeat; i++)
			kg_results_release(&ab->reps[v][i]);
		free(ab->reps[v]);
		kg_results_release(&ab->r[v]);
	}
	free(ab->job_args);
	free(ab->b_opts);
	free(ab->diff_args);
	free(ab);
	return ret;
}
