// SPDX-License-Identifier: GPL-2.0
/*
 * The option tables said back: the help of "kiogen help run", by category
 * in table order, and a job's options as the reports list them (fio's "job
 * options"), each value written as fio's parser would take it again.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kiogen/dist.h>

#include "options.h"
#include "verify.h"

static const char *kg_opt_arg(const struct kg_option *o)
{
	static const char *const args[] = {
		[KG_OPT_STR] = "=STR", [KG_OPT_INT] = "=N", [KG_OPT_SIZE32] = "=SIZE",
		[KG_OPT_SIZE64] = "=SIZE", [KG_OPT_TIME] = "=TIME", [KG_OPT_BOOL] = "[=0|1]",
		[KG_OPT_POSVAL] = "=WORD", [KG_OPT_POSVAL_SET] = "=WORD[,WORD]",
	};

	return o->posval[0].ival && o->type != KG_OPT_POSVAL_SET ? "=WORD" : args[o->type];
}

/* Whether a category was printed already: it first appears before @o. */
static bool kg_category_seen(const struct kg_option *o)
{
	const struct kg_option *p;
	unsigned int t;

	kg_for_each_option(p, t) {
		if (p == o)
			return false;
		if (!strcmp(p->category, o->category))
			return true;
	}
	return false;
}

/* Each category's heading, then its options, in table order. */
static void kg_options_by_category(FILE *f, void (*head)(FILE *f, const char *cat),
				   void (*row)(FILE *f, const struct kg_option *o))
{
	const struct kg_option *o, *p;
	unsigned int t, tp;

	kg_for_each_option(o, t) {
		if (kg_category_seen(o))
			continue;
		head(f, o->category);
		kg_for_each_option(p, tp)
			if (!strcmp(p->category, o->category))
				row(f, p);
	}
}

static void kg_usage_head(FILE *f, const char *cat)
{
	fprintf(f, "\n%s:\n", cat);
}

static void kg_usage_row(FILE *f, const struct kg_option *p)
{
	const char *help;
	char head[80];
	size_t i;
	int c;

	c = snprintf(head, sizeof(head), "--%s%s", p->name, kg_opt_arg(p));
	if (p->alias)
		snprintf(head + c, sizeof(head) - c, ", --%s", p->alias);
	help = p->help ?: p->note ?: p->refused;
	/* a long name puts its help on the next line */
	fprintf(f, "  %-30s%s %s", head, strlen(head) > 30 ? "\n" : "",
		strlen(head) > 30 ? "" : help);
	if (strlen(head) > 30)
		fprintf(f, "%32s%s", "", help);
	if (p->def)
		fprintf(f, " (default: %s)", p->def);
	if (p->inverse)
		fprintf(f, " (inverse of %s)", p->inverse);
	fputc('\n', f);
	for (i = 0; i < KG_OPT_MAX_POSVAL && p->posval[i].ival; i++)
		fprintf(f, "  %32s%-10s %s\n", "", p->posval[i].ival, p->posval[i].help);
}

void kg_options_usage(FILE *f)
{
	kg_options_by_category(f, kg_usage_head, kg_usage_row);
}

const char *kg_opt_treatment(const struct kg_option *o)
{
	return o->refused ? "refused" : o->note ? "accepted, no effect" : "honoured";
}

/*
 * A cell of a reStructuredText list-table: each character rst could read
 * as markup (emphasis, a literal, a reference, a substitution) escaped.
 */
static void kg_rst_cell(FILE *f, bool first, const char *s)
{
	fputs(first ? "   * -" : "     -", f);
	if (s && *s)
		fputc(' ', f);
	for (; s && *s; s++) {
		if (strchr("\\*`_|", *s))
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('\n', f);
}

/*
 * An option's completions: its name (and alias) and the words it takes, a
 * refused one not at all (it takes nothing but fio's default).
 */
static void kg_complete_line(FILE *f, const char *name, const struct kg_option *o)
{
	unsigned int i;

	fputs(name, f);
	if (o->type == KG_OPT_BOOL)
		fputs(" 0 1", f);
	for (i = 0; i < KG_OPT_MAX_POSVAL && o->posval[i].ival; i++)
		fprintf(f, " %s", o->posval[i].ival);
	fputc('\n', f);
}

void kg_options_complete(FILE *f)
{
	const struct kg_option *o;
	unsigned int t;

	kg_for_each_option(o, t) {
		if (o->refused)
			continue;
		kg_complete_line(f, o->name, o);
		if (o->alias)
			kg_complete_line(f, o->alias, o);
	}
}

/* "N of fio's job options: N honoured, ...", a line */
static void kg_fio_job_counts(FILE *f)
{
	const struct kg_option *o;
	unsigned int t, n = 0, nr[3] = { 0 };

	kg_for_each_option(o, t)
		if (o->origin == KG_FIO_JOB) {
			nr[o->refused ? 2 : o->note ? 1 : 0]++;
			n++;
		}
	fprintf(f, "%u of fio's job options: %u honoured, %u accepted without effect, %u refused.\n",
		n, nr[0], nr[1], nr[2]);
}

static int kg_opt_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct kg_option *const *)a)->name,
		      (*(const struct kg_option *const *)b)->name);
}

void kg_options_rst(FILE *f)
{
	const struct kg_option *o, *rows[512];
	unsigned int t, n = 0, i;

	kg_for_each_option(o, t)
		if (o->origin == KG_FIO_JOB && n < sizeof(rows) / sizeof(rows[0]))
			rows[n++] = o;
	qsort(rows, n, sizeof(rows[0]), kg_opt_cmp);
	kg_fio_job_counts(f);
	fputc('\n', f);
	fprintf(f, ".. list-table::\n   :header-rows: 1\n   :widths: 22 14 14 50\n\n");
	kg_rst_cell(f, true, "fio option");
	kg_rst_cell(f, false, "alias");
	kg_rst_cell(f, false, "kiogen");
	kg_rst_cell(f, false, "what it does, or why not");
	for (i = 0; i < n; i++) {
		o = rows[i];
		kg_rst_cell(f, true, o->name);
		kg_rst_cell(f, false, o->alias ?: "");
		kg_rst_cell(f, false, kg_opt_treatment(o));
		if (o->def_differs) {
			char why[1024];

			snprintf(why, sizeof(why), "%s; its default is not fio's: %s", o->help,
				 o->def_differs);
			kg_rst_cell(f, false, why);
			continue;
		}
		kg_rst_cell(f, false, o->help ?: o->note ?: o->refused);
	}
}

/*
 * Text for roff: a backslash is \e, a dash \- (an option's, not a
 * hyphen), and a line may not start with a request's dot or quote.
 */
static void kg_roff(FILE *f, const char *s)
{
	bool bol = true;

	for (; s && *s; s++) {
		if (bol && (*s == '.' || *s == '\''))
			fputs("\\&", f);
		if (*s == '\\')
			fputs("\\e", f);
		else if (*s == '-')
			fputs("\\-", f);
		else
			fputc(*s, f);
		bol = *s == '\n';
	}
}

static void kg_man_head(FILE *f, const char *cat)
{
	fputs(".SS \"", f);
	kg_roff(f, cat);
	fputs("\"\n", f);
}

/* Whose option, when not one of fio's job options */
static const char *const kg_man_origin[] = {
	[KG_FIO_CLI] = "A flag of fio's command line.",
	[KG_FIO_OTHER] = "In fio an engine's, a profile's, or deprecated.",
	[KG_KIOGEN] = "kiogen's own: fio has no such option.",
};

static void kg_man_row(FILE *f, const struct kg_option *o)
{
	size_t i;

	fputs(".TP\n\\fB", f);
	kg_roff(f, "--");
	kg_roff(f, o->name);
	fputs("\\fR", f);
	kg_roff(f, kg_opt_arg(o));
	if (o->alias) {
		fputs(", \\fB", f);
		kg_roff(f, "--");
		kg_roff(f, o->alias);
		fputs("\\fR", f);
	}
	fputs("\n", f);
	/* what kiogen does with it, then why */
	kg_roff(f, o->refused ? "Refused: " : o->note ? "Accepted without effect: " : "");
	kg_roff(f, o->help ?: o->note ?: o->refused);
	fputc('.', f);
	if (o->def) {
		fputs(" Default: ", f);
		kg_roff(f, o->def);
		fputc('.', f);
	}
	if (o->inverse) {
		fputs(" The inverse of ", f);
		kg_roff(f, o->inverse);
		fputc('.', f);
	}
	if (o->origin != KG_FIO_JOB) {
		fputc(' ', f);
		kg_roff(f, kg_man_origin[o->origin]);
	}
	fputc('\n', f);
	if (!o->posval[0].ival)
		return;
	fputs(".RS\n", f);
	for (i = 0; i < KG_OPT_MAX_POSVAL && o->posval[i].ival; i++) {
		fputs(".TP 12\n\\fB", f);
		kg_roff(f, o->posval[i].ival);
		fputs("\\fR\n", f);
		kg_roff(f, o->posval[i].help);
		fputc('\n', f);
	}
	fputs(".RE\n", f);
}

void kg_options_man(FILE *f, const char *version, const char *intro)
{
	fprintf(f, ".\\\" generated by kiogen options --man from the option table, do not edit\n"
		   ".TH KIOGEN\\-RUN 8 \"\" \"kiogen %s\" \"System Administration Utilities\"\n"
		   /* an option's name is never hyphenated at a line's end */
		   ".nh\n.ad l\n"
		   ".SH NAME\n"
		   "kiogen\\-run \\- the options of kiogen run and compare, and what kiogen does with fio's\n"
		   ".SH SYNOPSIS\n"
		   ".B kiogen run\n"
		   "[\\fB\\-\\-\\fIOPTION\\fR=\\fIVALUE\\fR ...] [\\fIJOBFILE\\fR ...]\n"
		   ".br\n"
		   ".B kiogen compare\n"
		   "[\\fB\\-\\-repeat\\fR=\\fIN\\fR]\n"
		   "[\\fB\\-\\-\\fIOPTION\\fR=\\fIVALUE\\fR ...] [\\fIJOBFILE\\fR ...]\n"
		   ".SH DESCRIPTION\n", version);
	kg_roff(f, intro);
	fputs(".PP\nEach of fio's options is honoured (no mark), accepted without effect,\n"
	      "or refused, and the entry says why; an option that is not one of fio's\n"
	      "job options says whose it is. A refused option takes only fio's default,\n"
	      "which asks for nothing.\n.PP\n", f);
	kg_fio_job_counts(f);
	fputs(".SH OPTIONS\n", f);
	kg_options_by_category(f, kg_man_head, kg_man_row);
	fputs(".SH \"SEE ALSO\"\n"
	      ".BR kiogen (8),\n"
	      ".BR fio (1).\n"
	      "kiogen's Documentation/kiogen/options.rst (on Debian, in\n"
	      "/usr/share/doc/kiogen) explains how fio's options map onto the kernel.\n", f);
}

/* A time as fio parses it back: "10s", "1500ms", "250us". */
static void kg_time_str(char *buf, size_t len, uint64_t ns)
{
	if (!(ns % 1000000000ULL))
		snprintf(buf, len, "%llus", (unsigned long long)(ns / 1000000000ULL));
	else if (!(ns % 1000000ULL))
		snprintf(buf, len, "%llums", (unsigned long long)(ns / 1000000ULL));
	else
		snprintf(buf, len, "%lluus", (unsigned long long)(ns / 1000));
}

/* A number option's value in @j; a string's first byte. */
static uint64_t kg_opt_value(const struct kg_option *o, const struct kg_job *j)
{
	const char *field = (const char *)j + o->off1;

	switch (o->type) {
	case KG_OPT_STR:
		return *field;
	case KG_OPT_BOOL:
		return *(const bool *)field;
	case KG_OPT_SIZE64:
	case KG_OPT_TIME:
		return *(const uint64_t *)field;
	default:
		return *(const uint32_t *)field;
	}
}

/* random_distribution as fio's syntax, from the job's fields */
static const char *kg_dist_str(const struct kg_job *j, char *buf, size_t len)
{
	static const char *const names[] = {
		[KIOGEN_RANDOM_DISTRIBUTION_RANDOM] = "random",
		[KIOGEN_RANDOM_DISTRIBUTION_ZIPF] = "zipf",
		[KIOGEN_RANDOM_DISTRIBUTION_PARETO] = "pareto",
		[KIOGEN_RANDOM_DISTRIBUTION_NORMAL] = "normal",
		[KIOGEN_RANDOM_DISTRIBUTION_ZONED] = "zoned",
		[KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS] = "zoned_abs",
	};
	uint32_t i, d, nr[2] = { 0, 0 };
	size_t n;

	if (j->random_distribution >= sizeof(names) / sizeof(names[0]))
		return "?";
	n = (size_t)snprintf(buf, len, "%s", names[j->random_distribution]);
	if (j->random_distribution >= KIOGEN_RANDOM_DISTRIBUTION_ZIPF &&
	    j->random_distribution <= KIOGEN_RANDOM_DISTRIBUTION_NORMAL)
		snprintf(buf + n, len - n, ":%g", (double)j->dist_param / KIOG_DIST_PPM);
	for (i = 0; i < j->zones.nr; i++)
		nr[!!(j->zones.z[i] & KIOGEN_ZONE_WRITE)]++;
	/* reads' zones, then the writes' when they are not the same */
	for (d = 0; d < 2 && j->zones.nr; d++) {
		bool same = d && nr[0] == nr[1], first = true;

		for (i = 0; same && i < nr[0]; i++)
			same = j->zones.z[i] == (j->zones.z[nr[0] + i] & ~KIOGEN_ZONE_WRITE);
		if (same)
			break;
		if (n < len)
			n += (size_t)snprintf(buf + n, len - n, d ? "," : ":");
		for (i = 0; i < j->zones.nr && n < len; i++) {
			uint64_t z = j->zones.z[i];

			if (!!(z & KIOGEN_ZONE_WRITE) != d)
				continue;
			n += (size_t)snprintf(buf + n, len - n, "%s%u/%llu", first ? "" : ":",
					      (unsigned int)((z >> KIOGEN_ZONE_ACCESS_SHIFT) &
							     KIOGEN_ZONE_ACCESS_MASK),
					      (unsigned long long)(z & KIOGEN_ZONE_SIZE_MASK));
			first = false;
		}
	}
	return buf;
}

void kg_job_options_each(const struct kg_job *j,
			 void (*fn)(void *ctx, const char *name, const char *value),
			 void *ctx)
{
	static struct kg_job defaults;
	const struct kg_option *o;
	unsigned int t;

	if (!defaults.rw)
		kg_job_defaults(&defaults);
	kg_for_each_option(o, t) {
		const char *val = NULL;
		char buf[64];
		uint64_t x;

		if (o->scope != KG_OPT_JOB || o->report == KG_REPORT_NEVER)
			continue;
		if (o->report == KG_REPORT_MIXED &&
		    j->rw != KIOGEN_RW_RW && j->rw != KIOGEN_RW_RANDRW)
			continue;
		if (o->cb == kg_opt_name) {	/* the one without a field */
			fn(ctx, o->name, j->name);
			continue;
		}
		if (o->show) {
			char str[1024];

			val = o->show(j, str, sizeof(str));
			if (val)
				fn(ctx, o->name, val);
			continue;
		}
		if (o->cb == kg_opt_random_distribution) {	/* fields, no string */
			char dist[1024];

			if (j->random_distribution)
				fn(ctx, o->name, kg_dist_str(j, dist, sizeof(dist)));
			continue;
		}
		if (o->cb == kg_opt_pattern) {	/* bytes, no string */
			const struct kiog_pattern *pat = kg_job_pattern(o, (struct kg_job *)j);
			char hex[2 * KIOGEN_MAX_PATTERN + 3];
			uint32_t i;

			for (i = 0; i < pat->len; i++)
				snprintf(hex + 2 + 2 * i, sizeof(hex) - 2 - 2 * i, "%02x",
					 pat->b[i]);
			memcpy(hex, "0x", 2);
			if (pat->len)
				fn(ctx, o->name, hex);
			continue;
		}
		x = kg_opt_value(o, j);
		if (o->type == KG_OPT_STR)
			val = (const char *)j + o->off1;
		if (o->report == KG_REPORT_SET && !x)
			continue;
		if (o->report == KG_REPORT_CHANGED && x == kg_opt_value(o, &defaults))
			continue;
		if (o->type == KG_OPT_POSVAL)
			val = kg_posval_name(o, (uint32_t)x);
		else if (o->type == KG_OPT_TIME)
			kg_time_str(buf, sizeof(buf), x);
		else if (!val)
			snprintf(buf, sizeof(buf), "%llu", (unsigned long long)x);
		if (o->type == KG_OPT_POSVAL && !val)
			continue;
		fn(ctx, o->name, val ? val : buf);
	}
}

void kg_given_each(const struct kg_given *g,
		   void (*fn)(void *ctx, const char *name, const char *value),
		   void *ctx)
{
	uint32_t at = 0;
	size_t nl;

	while (at < g->len) {
		nl = strlen(g->buf + at) + 1;
		fn(ctx, g->buf + at, g->buf + at + nl);
		at += nl + strlen(g->buf + at + nl) + 1;
	}
}
