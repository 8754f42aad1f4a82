// SPDX-License-Identifier: GPL-2.0
/*
 * fio's option values that kiogen knows and refuses, with the reason, and
 * the rows of options of which it takes only fio's default: a job
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
	{ "io_submit_mode", "offload",
	  "kiogen's workers submit their own I/O; there is no submitting thread to offload it to" },
	{ "thinktime_blocks_type", "issue",
	  "kiogen counts the I/Os completed between two pauses (fio's complete)" },
	{ "unit_base", "1", "kiogen reports bytes, never bits" },
	{ "dedupe_mode", "working_set",
	  "kiogen's deduplicated writes repeat any earlier write of the job (fio's repeat)" },
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

/* An option of which kiogen takes only the words of its row, fio's default first */
static int kg_opt_default_only(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
			       const char *v, FILE *err)
{
	(void)js;
	(void)j;
	if (kg_posval_find(o, v))
		return 0;
	if (!kg_opt_refused(o->name, v, err))
		fprintf(err, "kiogen: %s: '%s' is none of the values kiogen takes (see: kiogen help run)\n",
			o->name, v);
	return -EINVAL;
}

/*
 * Options of which kiogen takes only fio's default, which is what it does:
 * their rows, last (ctl/options/parse.c walks the tables in that order).
 */
const struct kg_option kg_refused_options[] = {
	{
		.name = "zonemode", .type = KG_OPT_POSVAL, .cb = kg_opt_default_only,
		.def = "none", .report = KG_REPORT_NEVER, .category = KG_CAT_IO,
		.help = "none only: zoned block devices (zbd) are refused",
		.posval = {
			{ "none", "no zones (fio's default)", 0 },
		},
	},
	{
		.name = "io_submit_mode", .type = KG_OPT_POSVAL, .cb = kg_opt_default_only,
		.def = "inline", .category = KG_CAT_ENGINE,
		.help = "inline only: each worker submits and reaps its own I/O",
		.posval = {
			{ "inline", "the worker submits its I/O (fio's default)", 0 },
		},
	},
	{
		.name = "thinktime_blocks_type", .type = KG_OPT_POSVAL, .cb = kg_opt_default_only,
		.def = "complete", .category = KG_CAT_LIMITS,
		.help = "complete only: thinktime_blocks counts completed I/Os",
		.posval = {
			{ "complete", "I/Os completed (fio's default)", 0 },
		},
	},
	{
		.name = "dedupe_mode", .type = KG_OPT_POSVAL, .cb = kg_opt_default_only,
		.def = "repeat", .category = KG_CAT_IO,
		.help = "repeat only: a deduplicated write repeats an earlier write's contents",
		.posval = {
			{ "repeat", "an earlier write's contents (fio's default)", 0 },
		},
	},
	{
		.name = "unit_base", .type = KG_OPT_POSVAL, .cb = kg_opt_default_only,
		.def = "0", .category = KG_CAT_REPORT,
		.help = "the unit of the text report's rates: bytes (fio's 0 picks bytes too)",
		.posval = {
			{ "0", "bytes, as fio's default picks", 0 },
			{ "8", "bytes", 0 },
		},
	},
	{ .name = NULL },
};
