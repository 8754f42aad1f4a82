/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CLI's commands (ctl/main.c's table): their entry points and usage,
 * and what the commands that talk to the module share.
 */
#ifndef KIOGEN_CTL_KIOGEN_H
#define KIOGEN_CTL_KIOGEN_H

#include <errno.h>

#include "core/cli.h"
#include "core/job.h"
#include "nl/nl.h"

#include <kiogen/version.h>

struct kg_cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *args;
	const char *summary;
	void (*usage)(FILE *f);	/* extra help, optional */
};

int kg_cmd_info(int argc, char **argv);
int kg_cmd_options(int argc, char **argv);
void kg_options_cmd_usage(FILE *f);
int kg_cmd_run(int argc, char **argv);
int kg_cmd_list(int argc, char **argv);
int kg_cmd_show(int argc, char **argv);
int kg_cmd_stop(int argc, char **argv);
int kg_cmd_delete(int argc, char **argv);
int kg_cmd_compare(int argc, char **argv);
int kg_cmd_monitor(int argc, char **argv);
void kg_monitor_usage(FILE *f);
void kg_run_usage(FILE *f);
void kg_compare_usage(FILE *f);
int kg_cmd_meta(int argc, char **argv);
int kg_cmd_ab(int argc, char **argv);
void kg_ab_usage(FILE *f);
void kg_meta_usage(FILE *f);

/* Opens the netlink client; prints why not and returns an exit code if not. */
static inline int kg_connect(struct kg_nl *nl)
{
	int err = kg_nl_open(nl);

	if (err == -ENOENT)
		kg_nl_explain_missing();
	return err ? KG_EXIT_FAIL : KG_EXIT_OK;
}

/* Asks the kernel to stop run @id; returns at once (0 or -errno, said). */
int kg_run_stop(struct kg_nl *nl, uint32_t id);
/* Runs the jobs in kernel threads, fills @r; returns an exit code. */
int kg_kernel_run(struct kg_nl *nl, const struct kg_jobs *js,
		  struct kg_run_result *r);
/*
 * One run of the jobs on their path, a phase (stonewall) at a time, with
 * fio's exec_prerun and layout; @nl connected for the kernel path. Fills
 * @r with what ran, also on failure or Ctrl-C; returns an exit code.
 */
int kg_run_once(struct kg_nl *nl, const struct kg_jobs *js, struct kg_run_result *r);
/*
 * The report's stream: --output's file, truncated, or stdout; NULL, said,
 * if the file cannot be opened. Closing returns non-zero, said, if the
 * report could not be written whole.
 */
struct kg_global;
FILE *kg_output_open(const struct kg_global *g);
int kg_output_close(FILE *f, const struct kg_global *g);


#endif /* KIOGEN_CTL_KIOGEN_H */
