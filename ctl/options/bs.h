/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio's block size options and rw's postfix (ctl/options/bs.c): the callbacks
 * of the bs and rw rows of the main table, how reports show them, and the
 * job's final check.
 */
#ifndef KG_BS_H
#define KG_BS_H

#include <stdio.h>

#include "core/job.h"

struct kg_jobs;
struct kg_option;

int kg_opt_bs(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
	      const char *v, FILE *err);
int kg_opt_rw(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
	      const char *v, FILE *err);

const char *kg_bs_show(const struct kg_job *j, char *buf, size_t len);

int kg_bs_finish(const struct kg_job *j, FILE *err);

#endif /* KG_BS_H */
