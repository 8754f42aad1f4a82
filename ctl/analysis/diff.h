/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "kiogen diff": results against a baseline, metric by metric (ctl/analysis/diff.c).
 */
#ifndef KIOGEN_CTL_DIFF_H
#define KIOGEN_CTL_DIFF_H

#include <stdio.h>

int kg_cmd_diff(int argc, char **argv);
void kg_diff_usage(FILE *f);
/*
 * Whether @arg is one of diff's own options (--threshold, --bisect...),
 * checked as diff checks it: 1, 0 if not one, -1 (said) if bad.
 */
int kg_diff_is_option(const char *arg);

#endif /* KIOGEN_CTL_DIFF_H */
