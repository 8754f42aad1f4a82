// SPDX-License-Identifier: GPL-2.0
/*
 * kiogen options: fio's job options and how kiogen takes each (honoured,
 * accepted without effect, refused), from the option table; --rst is the
 * table of them in Documentation/kiogen/options.rst, which a host test
 * holds to this output; --complete what bash completion offers; --man
 * kiogen-run(8), the option reference.
 */
#include <stdio.h>
#include <string.h>

#include "kiogen.h"
#include "options/options.h"

void kg_options_cmd_usage(FILE *f)
{
	fprintf(f, "\n  --rst        Documentation/kiogen/options.rst's table: every fio job\n"
		   "               option, what kiogen does with it, and why where it does not\n"
		   "               honour it\n"
		   "  --complete   one line per option run takes, NAME and its values,\n"
		   "               then the aliases: for shell completion (kiogen.bash)\n"
		   "  --man        kiogen-run(8) in roff: every option run takes and every\n"
		   "               fio option it does not honour, with why (man -l to read)\n");
}

int kg_cmd_options(int argc, char **argv)
{
	const struct kg_option *o;
	unsigned int t;

	if (argc == 1 && !strcmp(argv[0], "--complete")) {
		kg_options_complete(stdout);
		return KG_EXIT_OK;
	}
	if (argc == 1 && !strcmp(argv[0], "--man")) {
		kg_options_man(stdout, KIOGEN_VERSION, kg_run_intro);
		return KG_EXIT_OK;
	}
	if (argc == 1 && !strcmp(argv[0], "--rst")) {
		kg_options_rst(stdout);
		return KG_EXIT_OK;
	}
	if (argc) {
		fprintf(stderr, "kiogen: options: takes --rst, --man or --complete\n");
		return KG_EXIT_USAGE;
	}
	kg_for_each_option(o, t)
		if (o->origin == KG_FIO_JOB)
			printf("%-32s %s%s%s\n", o->name, kg_opt_treatment(o),
			       o->note || o->refused ? ": " : "", o->note ?: o->refused ?: "");
	return KG_EXIT_OK;
}
