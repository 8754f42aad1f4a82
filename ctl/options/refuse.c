// SPDX-License-Identifier: GPL-2.0
/*
 * fio's option values that kiogen knows and refuses, with the reason: a job
 * file that names one is told why it cannot run here, not that the word is
 * unknown. Consulted when a value is not one of an option's words.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "options.h"

static const struct {
	const char *opt, *value, *why;
} kg_refused[] = {
	{ "ioengine", "mmap",
	  "kiogen issues I/O from kernel threads (bio, kiocb) or by syscalls (--path=syscall); mmap's I/O is page faults on a mapping, which neither path issues" },
	{ "zonemode", "zbd",
	  "kiogen does not support zoned block devices: it does not follow their write pointer rules (sequential writes per zone, zone resets)" },
	{ "zonemode", "strided",
	  "kiogen has no zones of fio's strided kind (zonerange, zonesize, zoneskip)" },
};

bool kg_opt_refused(const char *opt, const char *value, FILE *err)
{
	size_t i;

	for (i = 0; i < sizeof(kg_refused) / sizeof(kg_refused[0]); i++) {
		if (strcmp(kg_refused[i].opt, opt) || strcmp(kg_refused[i].value, value))
			continue;
		fprintf(err, "kiogen: %s=%s is not supported: %s\n", opt, value,
			kg_refused[i].why);
		return true;
	}
	return false;
}

/* zonemode=none, fio's default, is kiogen's only one */
static int kg_opt_zonemode(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
			   const char *v, FILE *err)
{
	(void)js;
	(void)j;
	if (!strcmp(v, "none"))
		return 0;
	if (!kg_opt_refused(o->name, v, err))
		fprintf(err, "kiogen: zonemode: '%s' is not none, strided or zbd (and kiogen takes only none)\n",
			v);
	return -EINVAL;
}

/*
 * zonemode, whose only value is refused: their rows, last
 * (ctl/options/parse.c walks the tables in that order).
 */
const struct kg_option kg_refused_options[] = {
	{
		.name = "zonemode", .type = KG_OPT_POSVAL, .cb = kg_opt_zonemode,
		.def = "none", .report = KG_REPORT_NEVER, .category = KG_CAT_IO,
		.help = "none only: zoned block devices (zbd) are refused",
		.posval = {
			{ "none", "no zones (fio's default)", 0 },
		},
	},
	{ .name = NULL },
};
