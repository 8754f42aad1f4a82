// SPDX-License-Identifier: GPL-2.0
/*
 * Commands on existing runs: list, show, stop and delete. Detached runs are
 * looked after this way; so are the results of runs whose CLI went away.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kiogen.h"
#include "nl/results.h"
#include "options/options.h"
#include "report/report.h"
#include "system/disk.h"

/* Parses a run id argument; prints an error and returns -1 if malformed. */
static int kg_parse_id(const char *s, uint32_t *id)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || end == s || !v || v > UINT32_MAX) {
		fprintf(stderr, "kiogen: '%s' is not a run id (a number from kiogen list)\n", s);
		return -1;
	}
	*id = v;
	return 0;
}

/* The jobs of a run as the kernel runs them: RUN_GET dumps them with an id. */
struct kg_show_jobs {
	struct kg_job *jobs;
	uint32_t n;
};

static int kg_show_jobs_cb(const struct nlmsghdr *nlh, void *data)
{
	struct kg_show_jobs *sj = data;
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr))
		if (mnl_attr_get_type(a) == KIOGEN_A_JOB && sj->n < KG_MAX_JOBS)
			kg_job_parse(a, &sj->jobs[sj->n++]);
	return MNL_CB_OK;
}

static int kg_run_jobs_get(struct kg_nl *nl, uint32_t id, struct kg_show_jobs *sj)
{
	struct nlmsghdr *nlh = kg_nl_req(nl, KIOGEN_CMD_RUN_GET, NLM_F_DUMP);

	mnl_attr_put_u32(nlh, KIOGEN_A_ID, id);
	sj->n = 0;
	return kg_nl_talk(nl, nlh, kg_show_jobs_cb, sj);
}

static void kg_status_print(const struct kg_status *st, const char *job,
			    bool header)
{
	if (header)
		printf("%-6s %-8s %-8s %-8s %12s %12s %8s %10s  %s\n", "ID", "STATE",
		       "WORKERS", "SECONDS", "IOS", "MIB", "ERRORS", "MEM_KIB", "JOBS");
	printf("%-6u %-8s %-8u %-8.1f %12" PRIu64 " %12.1f %8" PRIu64 " %10" PRIu64 "  %s%s\n",
	       st->id, kg_state_name(st->state), st->nr_workers,
	       st->elapsed_ns / 1e9, st->ios, st->bytes / 1048576.0, st->errors,
	       st->mem >> 10, job, st->nr_jobs > 1 ? ",..." : "");
}

struct kg_list {
	struct kg_status *st;
	uint32_t n, max;
};

static int kg_list_cb(const struct nlmsghdr *nlh, void *data)
{
	struct kg_list *l = data;
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		if (mnl_attr_get_type(a) != KIOGEN_A_RUN)
			continue;
		if (l->n == l->max) {
			void *p = realloc(l->st, (l->max * 2 + 16) * sizeof(*l->st));

			if (!p)
				return MNL_CB_ERROR;
			l->st = p;
			l->max = l->max * 2 + 16;
		}
		if (!kg_status_parse(a, &l->st[l->n]))
			l->n++;
	}
	return MNL_CB_OK;
}

int kg_cmd_list(int argc, char **argv)
{
	static struct kg_job job;
	struct kg_show_jobs sj = { .jobs = &job };
	struct kg_list l = { 0 };
	struct kg_nl nl;
	uint32_t i;
	int err;

	(void)argv;
	if (argc) {
		fprintf(stderr, "kiogen: list takes no arguments\n");
		return KG_EXIT_USAGE;
	}
	err = kg_connect(&nl);
	if (err)
		return err;
	err = kg_nl_talk(&nl, kg_nl_req(&nl, KIOGEN_CMD_RUN_GET, NLM_F_DUMP),
			 kg_list_cb, &l);
	/* job names are in each run's own dump; a run deleted meanwhile has none */
	for (i = 0; !err && i < l.n; i++) {
		job.name[0] = 0;
		sj.n = 0;
		kg_run_jobs_get(&nl, l.st[i].id, &sj);
		kg_status_print(&l.st[i], sj.n ? job.name : "-", !i);
	}
	kg_nl_close(&nl);
	free(l.st);
	if (!err && !l.n)
		printf("no runs\n");
	return err ? KG_EXIT_FAIL : KG_EXIT_OK;
}

/* Parses the run id @arg and connects; returns an exit code. */
static int kg_run_connect(const char *arg, uint32_t *id, struct kg_nl *nl)
{
	if (kg_parse_id(arg, id))
		return KG_EXIT_USAGE;
	return kg_connect(nl);
}

/* Runs a command that takes one run id and nothing back. */
static int kg_id_cmd(int argc, char **argv, const char *name, uint8_t cmd)
{
	struct nlmsghdr *nlh;
	struct kg_nl nl;
	uint32_t id;
	int err;

	if (argc != 1) {
		fprintf(stderr, "kiogen: usage: kiogen %s ID\n", name);
		return KG_EXIT_USAGE;
	}
	err = kg_run_connect(argv[0], &id, &nl);
	if (err)
		return err;
	nlh = kg_nl_req(&nl, cmd, 0);
	mnl_attr_put_u32(nlh, KIOGEN_A_ID, id);
	err = kg_nl_talk(&nl, nlh, NULL, NULL);
	kg_nl_close(&nl);
	return err ? KG_EXIT_FAIL : KG_EXIT_OK;
}

#define KG_STOP_NOTE_MS	5000

/*
 * The kernel's stop returns at once; the run leaves RUNNING once its
 * in-flight I/O has completed. Waits for that, saying so every 5 s.
 */
static int kg_stop_wait(struct kg_nl *nl, uint32_t id)
{
	uint64_t t0 = kg_now_ms(), next = t0 + KG_STOP_NOTE_MS;
	struct kg_status st;
	int err;

	for (;;) {
		err = kg_status_get(nl, id, &st);
		if (err)
			return err;
		if (st.state != KIOGEN_STATE_RUNNING)
			return 0;
		if (kg_now_ms() >= next) {
			fprintf(stderr, "kiogen: run %u is still stopping after %" PRIu64 " s: waiting for its in-flight I/O\n",
				id, (kg_now_ms() - t0) / 1000);
			next += KG_STOP_NOTE_MS;
		}
		usleep(50 * 1000);
	}
}

int kg_cmd_stop(int argc, char **argv)
{
	bool wait = true;
	struct kg_nl nl;
	uint32_t id;
	int err;

	if (argc == 2 && !strcmp(argv[0], "--no-wait")) {
		wait = false;
		argc--;
		argv++;
	}
	if (argc != 1) {
		fprintf(stderr, "kiogen: usage: kiogen stop [--no-wait] ID\n");
		return KG_EXIT_USAGE;
	}
	err = kg_run_connect(argv[0], &id, &nl);
	if (err)
		return err;
	err = kg_run_stop(&nl, id);
	if (!err && wait)
		err = kg_stop_wait(&nl, id);
	kg_nl_close(&nl);
	return err ? KG_EXIT_FAIL : KG_EXIT_OK;
}

int kg_cmd_delete(int argc, char **argv)
{
	return kg_id_cmd(argc, argv, "delete", KIOGEN_CMD_RUN_DEL);
}

int kg_cmd_show(int argc, char **argv)
{
	static struct kg_job jobs[KG_MAX_JOBS];
	static struct kg_run_result r;
	struct kg_show_jobs sj = { .jobs = jobs };
	struct kg_global g = { 0 };
	struct kg_status st;
	struct kg_nl nl;
	uint32_t id, i;
	int err;

	if (argc == 2 && !strcmp(argv[1], "--output-format=json"))
		g.output_formats = KG_OUT_JSON;
	else if (argc != 1) {
		fprintf(stderr, "kiogen: usage: kiogen show ID [--output-format=json]\n");
		return KG_EXIT_USAGE;
	}
	err = kg_run_connect(argv[0], &id, &nl);
	if (err)
		return err;
	err = kg_status_get(&nl, id, &st);
	if (err)
		goto out;
	err = kg_run_jobs_get(&nl, id, &sj);
	if (err)
		goto out;
	if (kg_output_text_only(&g))
		kg_status_print(&st, sj.n ? jobs[0].name : "-", true);
	if (st.state == KIOGEN_STATE_RUNNING)
		goto out;
	err = kg_results_fetch(&nl, id, &r, false);
	if (err)
		goto out;
	/* group_reporting is the CLI's, not the kernel's: report per job */
	for (i = 0; i < r.nr_jobs && i < KG_MAX_JOBS; i++) {
		jobs[i].group_reporting = true;
		jobs[i].clat_percentiles = true;	/* fio's default */
		r.jobs[i].job = &jobs[i];
	}
	r.state = st.state;
	r.error = st.error;
	r.elapsed_ns = st.elapsed_ns;
	kg_default_percentiles(&g);
	kg_report_print(stdout, &r, &g);
	kg_results_release(&r);
out:
	kg_nl_close(&nl);
	return err ? KG_EXIT_FAIL : KG_EXIT_OK;
}
