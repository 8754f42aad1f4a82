/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every part of the CLI shares that is not data: the exit codes, and
 * Ctrl-C (ctl/core/interrupt.c), which asks a run to stop instead of killing the
 * CLI and which long loops of either path look at.
 */
#ifndef KIOGEN_CTL_CLI_H
#define KIOGEN_CTL_CLI_H

#include <stdbool.h>

/* Exit codes, as STYLE.md says: success, failed run, bad usage. */
enum {
	KG_EXIT_OK = 0,
	KG_EXIT_FAIL = 1,
	KG_EXIT_USAGE = 2,
	KG_EXIT_BISECT_SKIP = 125,	/* git bisect run: cannot be tested */
};

/* SIGINT/SIGTERM ask the current run to stop instead of killing the CLI. */
void kg_stop_on_signals(void);
bool kg_interrupt_pending(void);
/*
 * While a stopped run drains (@on), a second Ctrl-C leaves at once; it
 * says so and exits KG_EXIT_FAIL.
 */
void kg_interrupt_second_exits(bool on);

#endif /* KIOGEN_CTL_CLI_H */
