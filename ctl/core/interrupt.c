// SPDX-License-Identifier: GPL-2.0
/*
 * Ctrl-C (ctl/core/cli.h): SIGINT and SIGTERM ask the current run to stop; the
 * loops of both paths and of the file layout look at kg_interrupt_pending()
 * and wind down. While a stopped run drains, a second one leaves at once.
 */
#include <signal.h>
#include <unistd.h>

#include "cli.h"

static volatile sig_atomic_t kg_interrupted;
/* set while a stopped run drains: a second Ctrl-C leaves at once */
static volatile sig_atomic_t kg_second_exits;

static void kg_on_signal(int sig)
{
	static const char msg[] = "\nkiogen: second interrupt, leaving; the kernel stops the run as the socket closes\n";

	(void)sig;
	if (kg_interrupted && kg_second_exits) {
		if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
			_exit(KG_EXIT_FAIL);
		_exit(KG_EXIT_FAIL);
	}
	kg_interrupted = 1;
}

void kg_stop_on_signals(void)
{
	struct sigaction sa = { .sa_handler = kg_on_signal };

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

bool kg_interrupt_pending(void)
{
	return kg_interrupted;
}

void kg_interrupt_second_exits(bool on)
{
	kg_second_exits = on;
}
