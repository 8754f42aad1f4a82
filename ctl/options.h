/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio-style option parsing: "--name=value" arguments (or "name=value" lines
 * of a job file) into jobs. Options before the first --name are defaults for
 * every job, as on fio's command line. Nothing here talks to the kernel, so
 * it is tested on the host.
 */
#ifndef KIOGEN_CTL_OPTIONS_H
#define KIOGEN_CTL_OPTIONS_H

#include <stdio.h>
#include "job.h"

struct kg_jobs {
	struct kg_job defaults;		/* options given before the first --name */
	struct kg_job jobs[KG_MAX_JOBS];
	unsigned int nr_jobs;
	struct kg_global global;
};

/* Error messages are written to @err; each names the option. */
void kg_jobs_init(struct kg_jobs *js);
int kg_parse_args(struct kg_jobs *js, int argc, char **argv, FILE *err);
int kg_parse_option(struct kg_jobs *js, const char *name, const char *value,
		    FILE *err);
/* Final checks and fio's defaults; prints the ioengine mapping to @info. */
int kg_jobs_finish(struct kg_jobs *js, FILE *err, FILE *info);

int kg_parse_size(const char *s, uint64_t *out);
int kg_parse_time_ns(const char *s, uint64_t *out);
const char *kg_rw_name(uint32_t rw);

/* Help text of every option, for "kiogen help run". */
void kg_options_usage(FILE *f);

#endif /* KIOGEN_CTL_OPTIONS_H */
