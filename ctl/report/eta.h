/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio's ETA line on stderr (ctl/report/eta.c): the progress of a run, refreshed
 * from the status either path reports, for the kernel path and the syscall
 * path alike.
 */
#ifndef KIOGEN_CTL_ETA_H
#define KIOGEN_CTL_ETA_H

#include "core/job.h"

/* The line, between two refreshes */
struct kg_eta_line {
	bool show;			/* --eta says so (auto: a terminal, text only) */
	uint64_t bytes;			/* the size-bound jobs' 100%; 0: by time */
	uint64_t last_ios, last_bytes, last_ms, line_ms;
};
/*
 * @io_bytes: each job's io_size per worker, resolved against its target
 * (kg_target_io_bytes()); NULL, or 0 for a job: its own io_size or size.
 */
void kg_eta_start(const struct kg_jobs *js, const uint64_t *io_bytes,
		  struct kg_eta_line *e);
/* A refresh from @st (ios and bytes so far) once eta-interval has passed. */
void kg_progress(const struct kg_status *st, const struct kg_jobs *js,
		 struct kg_eta_line *e);
/*
 * Bytes one worker of size-bound job @j transfers, as the core counts them,
 * of @io_bytes (its io_size; 0: the job's own): loops and trimwrite's
 * double from kiog_core_byte_limit(), fewer with number_ios, and rw=X:N's
 * holes (counted toward size, not transferred) taken out.
 */
uint64_t kg_eta_bytes(const struct kg_job *j, uint64_t io_bytes);
/* Wipes the line, if shown. */
void kg_eta_end(const struct kg_eta_line *e);

#endif /* KIOGEN_CTL_ETA_H */
