/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Repeats of a run (--repeat, --repeat_until): each repeat's result is kept,
 * and they are merged into one result as if the runs had been one long run
 * (counters, histograms, CPU and elapsed time add up; interval samples
 * follow one another), so that the report's figures are those of all the
 * I/O. No netlink here, so it is tested on the host (ctl/tests/test_repeat.c).
 */
#ifndef KIOGEN_CTL_REPEAT_H
#define KIOGEN_CTL_REPEAT_H

#include <stdbool.h>
#include "core/job.h"

/**
 * kg_repeat_append() - add one repeat's result to the merged result
 * @into: merged result; a zeroed one is an empty start; its workers are
 *	allocated here and freed by kg_results_release()
 * @from: the repeat, left untouched; same jobs and workers as the others
 *
 * Return: 0, or -ENOMEM (then @into holds the repeats before @from, or
 * part of @from's workers).
 */
int kg_repeat_append(struct kg_run_result *into, const struct kg_run_result *from);

/* A repeat's IOPS, reads, writes and trims of all jobs over its elapsed time: the metric repeat_until watches. */
double kg_repeat_iops(const struct kg_run_result *r);

/**
 * kg_repeat_halfwidth() - half the 95% confidence interval of the mean, in percent of it
 * @v: one value per repeat
 * @n: how many
 *
 * Student's t interval: it assumes the repeats independent, with errors
 * roughly normal. Return: percent, or -1 with fewer than two values or a
 * mean of 0.
 */
double kg_repeat_halfwidth(const double *v, unsigned int n);

/* How many repeats @g asks for at most, and at least (repeat_until stops in between). */
unsigned int kg_repeat_max(const struct kg_global *g);
unsigned int kg_repeat_min(const struct kg_global *g);

#endif /* KIOGEN_CTL_REPEAT_H */
