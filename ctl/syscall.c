// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall path: the same jobs issued from this process. Placeholder
 * until the psync/io_uring engines land.
 */
#include <stdio.h>

#include "kiogen.h"

int kg_syscall_run(const struct kg_jobs *js, struct kg_run_result *r)
{
	(void)js;
	(void)r;
	fprintf(stderr, "kiogen: path: the syscall path is not built yet\n");
	return KG_EXIT_USAGE;
}
