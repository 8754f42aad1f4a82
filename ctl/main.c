// SPDX-License-Identifier: GPL-2.0
/*
 * kiogen command line: finds the command by name and runs it. Commands live
 * one per file; this file holds only the table, help and version.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/diff.h"
#include "analysis/plot.h"
#include "kiogen.h"

static const struct kg_cmd kg_cmds[] = {
	{ "run", kg_cmd_run, "[--OPTION=VALUE ...] [JOBFILE ...]",
	  "run a workload in kernel threads and report like fio", kg_run_usage },
	{ "compare", kg_cmd_compare, "[--repeat=N] [--OPTION=VALUE ...] [JOBFILE ...]",
	  "run the same I/O from kernel threads and through syscalls, side by side",
	  kg_compare_usage },
	{ "ab", kg_cmd_ab, "[--repeat=N] [--b-OPTION=VALUE ...] [--b-module-param=NAME=VALUE]\n"
	  "       [--output=FILE] [diff's --threshold --confidence --bisect] [--OPTION=VALUE ...]\n"
	  "       [JOBFILE ...]",
	  "two variants of the jobs interleaved, A B A B ..., and B judged against A",
	  kg_ab_usage },
	{ "meta", kg_cmd_meta, "--bonnie=FILES[:MAX[:MIN[:DIRS]]] [-b] [--age=N[:SEED]] [--directory=DIR]",
	  "bonnie++'s file test (create, stat, delete in order and at random) and aging",
	  kg_meta_usage },
	{ "options", kg_cmd_options, "[--rst | --man | --complete]",
	  "fio's job options and how kiogen takes each: honoured, accepted without effect, refused",
	  kg_options_cmd_usage },
	{ "info", kg_cmd_info, "", "show the module's version, engines and limits", NULL },
	{ "list", kg_cmd_list, "", "list runs, running and finished", NULL },
	{ "show", kg_cmd_show, "ID [--output-format=json]",
	  "status of a run, and its report once it has ended", NULL },
	{ "stop", kg_cmd_stop, "[--no-wait] ID",
	  "stop a run and wait until its in-flight I/O is done (--no-wait: return at once)",
	  NULL },
	{ "delete", kg_cmd_delete, "ID", "forget a finished run and its results", NULL },
	{ "monitor", kg_cmd_monitor, "[--timestamp]", "print the module's events as they come, one line each",
	  kg_monitor_usage },
	{ "diff", kg_cmd_diff, "[--threshold=PCT] [--confidence=PCT] [--bisect] A B [C...]\n"
	  "       kiogen diff [OPTION...] A1 [A2...] -- B1 [B2...] [-- C1...]",
	  "each result against A: changes, confidence intervals, verdicts", kg_diff_usage },
	{ "plot", kg_cmd_plot, "[-o OUT.png|OUT.svg] [--what=cdf,hist,iops,bw|all] RESULT...",
	  "latency CDF and histogram, IOPS and bandwidth over time, drawn by gnuplot",
	  kg_plot_usage },
};

#define KG_NR_CMDS	(sizeof(kg_cmds) / sizeof(kg_cmds[0]))

static const struct kg_cmd *kg_cmd_find(const char *name)
{
	size_t i;

	for (i = 0; i < KG_NR_CMDS; i++)
		if (!strcmp(kg_cmds[i].name, name))
			return &kg_cmds[i];
	return NULL;
}

static void kg_usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: kiogen COMMAND [ARGS]\n"
		   "       kiogen help COMMAND | --help | --version\n\n"
		   "I/O load generator running in kernel threads.\n\ncommands:\n");
	for (i = 0; i < KG_NR_CMDS; i++)
		fprintf(f, "  %-8s %s\n", kg_cmds[i].name, kg_cmds[i].summary);
	fprintf(f, "\nexit status: 0 success, 1 failed run or kernel error, 2 bad usage\n");
}

static int kg_help(const char *name)
{
	const struct kg_cmd *c = kg_cmd_find(name);

	if (!c) {
		fprintf(stderr, "kiogen: help: no command '%s'\n", name);
		kg_usage(stderr);
		return KG_EXIT_USAGE;
	}
	printf("usage: kiogen %s %s\n\n%s\n", c->name, c->args, c->summary);
	if (c->usage)
		c->usage(stdout);
	return KG_EXIT_OK;
}

int main(int argc, char **argv)
{
	const struct kg_cmd *c;

	if (argc < 2) {
		kg_usage(stderr);
		return KG_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		kg_usage(stdout);
		return KG_EXIT_OK;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("kiogen %s (netlink family %s version %d)\n", KIOGEN_VERSION,
		       KIOGEN_FAMILY_NAME, KIOGEN_FAMILY_VERSION);
		return KG_EXIT_OK;
	}
	if (!strcmp(argv[1], "help")) {
		if (argc < 3) {
			kg_usage(stdout);
			return KG_EXIT_OK;
		}
		return kg_help(argv[2]);
	}
	c = kg_cmd_find(argv[1]);
	if (!c) {
		fprintf(stderr, "kiogen: unknown command '%s'\n", argv[1]);
		kg_usage(stderr);
		return KG_EXIT_USAGE;
	}
	/* kiogen run --help: the same as kiogen help run */
	if (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")))
		return kg_help(c->name);
	return c->fn(argc - 2, argv + 2);
}
