/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the CLI's commands share: their entry points, exit codes, and the
 * helpers that turn kernel replies into results.
 */
#ifndef KIOGEN_CTL_KIOGEN_H
#define KIOGEN_CTL_KIOGEN_H

#include "job.h"
#include "nl.h"

#include <kiogen/version.h>

/* Exit codes, as STYLE.md says: success, failed run, bad usage. */
enum {
	KG_EXIT_OK = 0,
	KG_EXIT_FAIL = 1,
	KG_EXIT_USAGE = 2,
};

struct kg_cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *args;
	const char *summary;
	void (*usage)(FILE *f);	/* extra help, optional */
};

int kg_cmd_info(int argc, char **argv);
int kg_cmd_run(int argc, char **argv);
int kg_cmd_list(int argc, char **argv);
int kg_cmd_show(int argc, char **argv);
int kg_cmd_stop(int argc, char **argv);
int kg_cmd_delete(int argc, char **argv);
int kg_cmd_compare(int argc, char **argv);
int kg_cmd_monitor(int argc, char **argv);
int kg_cmd_diff(int argc, char **argv);
void kg_diff_usage(FILE *f);
void kg_monitor_usage(FILE *f);
void kg_run_usage(FILE *f);
void kg_compare_usage(FILE *f);
int kg_cmd_meta(int argc, char **argv);
void kg_meta_usage(FILE *f);

/* Opens the netlink client; prints why not and returns an exit code if not. */
int kg_connect(struct kg_nl *nl);

/* Parses a run id argument; prints an error and returns -1 if malformed. */
int kg_parse_id(const char *s, uint32_t *id);

/* Status of one run as the kernel reports it. */
struct kg_status {
	uint32_t id, state, flags, nr_jobs, nr_workers;
	uint64_t elapsed_ns, ios, bytes, errors, mem;
	int32_t error;
};

/* fio's ETA line on stderr (ctl/run.c), between two refreshes */
struct kg_eta_line {
	bool show;			/* --eta says so (auto: a terminal, text only) */
	uint64_t bytes;			/* the size-bound jobs' 100%; 0: by time */
	uint64_t last_ios, last_bytes, last_ms, line_ms;
};
struct kg_jobs;
/*
 * @io_bytes: each job's io_size per worker, resolved against its target
 * (kg_target_io_bytes()); NULL, or 0 for a job: its own io_size or size.
 */
void kg_eta_start(const struct kg_jobs *js, const uint64_t *io_bytes,
		  struct kg_eta_line *e);
/* A refresh from @st (ios and bytes so far) once eta-interval has passed. */
void kg_progress(const struct kg_status *st, const struct kg_jobs *js,
		 struct kg_eta_line *e);
/* Wipes the line, if shown. */
void kg_eta_end(const struct kg_eta_line *e);

int kg_status_parse(const struct nlattr *run, struct kg_status *st);
int kg_status_get(struct kg_nl *nl, uint32_t id, struct kg_status *st);
/* Asks the kernel to stop run @id; returns at once (0 or -errno, said). */
int kg_run_stop(struct kg_nl *nl, uint32_t id);
const char *kg_state_name(uint32_t state);
/* Runs the jobs in kernel threads, fills @r; returns an exit code. */
struct kg_jobs;
int kg_kernel_run(struct kg_nl *nl, const struct kg_jobs *js,
		  struct kg_run_result *r);
/* Runs the jobs from this process through syscalls (ctl/syscall.c). */
int kg_syscall_run(const struct kg_jobs *js, struct kg_run_result *r);
/*
 * Puts the directories of metadata jobs in the state their operation starts
 * from (ctl/engine-meta.c); returns an exit code, said.
 */
int kg_meta_prepare(const struct kg_jobs *js);
/* SIGINT/SIGTERM ask the current run to stop instead of killing the CLI. */
void kg_stop_on_signals(void);
bool kg_interrupt_pending(void);
/*
 * The report's stream: --output's file, truncated, or stdout; NULL, said,
 * if the file cannot be opened. Closing returns non-zero, said, if the
 * report could not be written whole.
 */
struct kg_global;
FILE *kg_output_open(const struct kg_global *g);
int kg_output_close(FILE *f, const struct kg_global *g);

/* @live: of a running run, what it has so far (no samples or logs) */
int kg_results_fetch(struct kg_nl *nl, uint32_t id, struct kg_run_result *r, bool live);
void kg_results_release(struct kg_run_result *r);

#endif /* KIOGEN_CTL_KIOGEN_H */
