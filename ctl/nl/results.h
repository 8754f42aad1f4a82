/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernel reports about runs, decoded (ctl/nl/results.c): the status
 * of one run, the results dump assembled into per-worker results, and the
 * per-I/O logs drained while a run lasts.
 */
#ifndef KIOGEN_CTL_RESULTS_H
#define KIOGEN_CTL_RESULTS_H

#include "core/job.h"
#include "nl.h"

int kg_status_parse(const struct nlattr *run, struct kg_status *st);
int kg_status_get(struct kg_nl *nl, uint32_t id, struct kg_status *st);
const char *kg_state_name(uint32_t state);

/* @live: of a running run, what it has so far (no samples or logs) */
int kg_results_fetch(struct kg_nl *nl, uint32_t id, struct kg_run_result *r, bool live);
void kg_results_release(struct kg_run_result *r);

/*
 * Kernel path, while run @id lasts: takes the per-I/O samples its workers
 * kept so far into @r's workers (the final results dump brings the rest).
 * Returns 0 or a negative errno.
 */
int kg_log_drain(struct kg_nl *nl, uint32_t id, struct kg_run_result *r);

#endif /* KIOGEN_CTL_RESULTS_H */
