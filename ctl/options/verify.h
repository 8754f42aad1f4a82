/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verify in the CLI (ctl/options/verify.c, ctl/report/report-verify.c): verify_pattern's
 * syntax, the checks of a job's verify options, the syscall path's side of
 * include/kiogen/verify.h, and the results in the reports.
 */
#ifndef KIOGEN_CTL_VERIFY_H
#define KIOGEN_CTL_VERIFY_H

#include <stdint.h>
#include <stdio.h>

#include <kiogen/verify.h>

#include "core/job.h"
#include "options.h"

struct kg_json;

/* verify_pattern= and buffer_pattern=: fio's 0x hex bytes or a quoted string */
int kg_opt_pattern(struct kg_jobs *js, struct kg_job *j,
		   const struct kg_option *o, const char *v, FILE *err);
/* The field of such an option in @j. */
struct kiog_pattern *kg_job_pattern(const struct kg_option *o, struct kg_job *j);

/* What cannot run, said before anything does; 0 or -EINVAL. */
int kg_job_verify_check(const struct kg_job *j, FILE *err);

/**
 * kg_verify_stamp() - header and checksum of a block about to be written
 * @v: the worker's verification
 * @buf: the block, @len bytes
 * @offset: where it goes
 * @len: its bytes
 * @seq: its write sequence number
 */
void kg_verify_stamp(struct kiog_vfy *v, void *buf, uint64_t offset,
		     uint32_t len, uint64_t seq);

/**
 * kg_verify_check() - check a block read back
 * @v: the worker's verification
 * @c: the worker's core (verify_fatal)
 * @buf: what was read
 * @offset: where from
 * @len: bytes asked for
 * @done: bytes read
 * @seq: the write expected, 0 for any
 *
 * Return: 0 or -EILSEQ, recorded in @v's results.
 */
int kg_verify_check(struct kiog_vfy *v, struct kiog_core *c, void *buf,
		    uint64_t offset, uint32_t len, uint32_t done, uint64_t seq);

/* Adds @from's checks to @into's, keeping the first mismatch. */
void kg_verify_merge(struct kg_worker *into, const struct kg_worker *from);

/* The report's lines (text) and object (JSON) of a worker's checks. */
void kg_verify_text(FILE *f, const struct kg_worker *w);
void kg_verify_json(struct kg_json *j, const struct kg_worker *w);

#endif /* KIOGEN_CTL_VERIFY_H */
