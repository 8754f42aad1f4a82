/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio's log files: write_bw_log, write_iops_log, write_lat_log and
 * write_hist_log, with log_avg_msec, log_hist_msec, log_max_value,
 * log_offset, per_job_logs and log_hist_coarseness, written after a run from
 * the windows the workers kept (include/kiogen/log.h), in fio 3.33's names
 * and formats, for the kernel and the syscall path alike.
 */
#ifndef KIOGEN_CTL_LOG_H
#define KIOGEN_CTL_LOG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <linux/kiogen.h>

#include "core/job.h"

/*
 * fio's per-I/O logs (log_avg_msec=0): samples a worker's ring holds
 * (log_ring) by default, 10 MiB; the CLI empties it every KG_LOG_DRAIN_MS.
 */
#define KG_LOG_DEFAULT_RING	(256U << 10)
#define KG_LOG_DRAIN_MS		100

struct kg_job;
struct kg_jobs;
struct kg_worker;
struct kg_run_result;
struct kiog_core;
struct kiog_core_cfg;

/*
 * Checks the log options of every job and sets the windows the workers
 * keep (the job's log_avg_ns, log_hist_ns, log_max). Returns 0 or -EINVAL,
 * said on @err.
 */
int kg_log_prepare(struct kg_jobs *js, FILE *err);
/*
 * kg_log_epoch_ms() - what fio's log_unix_epoch or log_alternate_epoch add
 * to the job's log times: their clock now, in ms; 0 without them. Taken
 * as the job's workers start.
 */
uint64_t kg_log_epoch_ms(const struct kg_job *j);

/*
 * Syscall path: room for the windows of a worker's core, before its clock
 * starts (0 or -ENOMEM; kg_log_core_free() undoes it either way).
 */
int kg_log_core_init(struct kiog_core *c, const struct kiog_core_cfg *cc);
void kg_log_core_free(struct kiog_core *c);

/*
 * Syscall path: takes what a finished worker's core kept (its buffers
 * change owner) and its elapsed time, into @w->log.
 */
int kg_log_take(struct kg_worker *w, struct kiog_core *c);

/*
 * Syscall path, in the worker's own thread: moves the per-I/O samples of
 * its core's ring into @w->log once the ring is half full (@all: every
 * one). A sample with no memory to go to is counted lost.
 */
void kg_log_io_move(struct kg_worker *w, struct kiog_core *c, bool all);

/* Whether a job of @js keeps a per-I/O log (the kernel path drains it). */
bool kg_log_drains(const struct kg_jobs *js);


/*
 * Where the log files of several runs go (repeats, compare's two paths):
 * fio numbers the workers across a run from 1, so a run after another goes
 * on from the number the last one stopped at; a file a run wrote before is
 * appended to (per_job_logs=0). @tag, if not NULL, goes after each prefix
 * ("PREFIX_TAG_bw.N.log").
 */
struct kg_log_out {
	char (*names)[KG_LOG_NAME_LEN + 48];
	unsigned int nr;
	unsigned int n;			/* workers written so far */
	const char *tag;
};

/*
 * Writes the log files of a run's jobs into the current directory, as fio;
 * @out: NULL for one run alone, else where the runs' files go (see struct
 * kg_log_out; kg_log_out_free() when done). Returns 0, or -EIO when a file
 * could not be written (said on stderr).
 */
int kg_log_write(const struct kg_run_result *r, const struct kg_jobs *js,
		 struct kg_log_out *out);
void kg_log_out_free(struct kg_log_out *out);

#endif /* KIOGEN_CTL_LOG_H */
