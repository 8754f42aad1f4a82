/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "kiogen plot": charts of kiogen's and fio's JSON results, drawn by gnuplot.
 */
#ifndef KIOGEN_CTL_PLOT_H
#define KIOGEN_CTL_PLOT_H

#include <stdio.h>

int kg_cmd_plot(int argc, char **argv);
void kg_plot_usage(FILE *f);

#endif /* KIOGEN_CTL_PLOT_H */
