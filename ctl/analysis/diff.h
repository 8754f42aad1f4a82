/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "kiogen diff": results against a baseline, metric by metric (ctl/analysis/diff.c).
 */
#ifndef KIOGEN_CTL_DIFF_H
#define KIOGEN_CTL_DIFF_H

#include <stdio.h>

int kg_cmd_diff(int argc, char **argv);
void kg_diff_usage(FILE *f);

#endif /* KIOGEN_CTL_DIFF_H */
