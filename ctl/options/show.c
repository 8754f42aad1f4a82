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

void kg_options_usage(FILE *f)
{
	const struct kg_option *o, *p;
	unsigned int t, tp;
	size_t i;
	int c;

	kg_for_each_option(o, t) {
		if (kg_category_seen(o))
			continue;
		fprintf(f, "\n%s:\n", o->category);
		kg_for_each_option(p, tp) {
			const char *help;
			char head[80];

			if (strcmp(p->category, o->category))
				continue;
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
				fprintf(f, "  %32s%-10s %s\n", "", p->posval[i].ival,
					p->posval[i].help);
		}
	}
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

static int kg_opt_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct kg_option *const *)a)->name,
		      (*(const struct kg_option *const *)b)->name);
}

void kg_options_rst(FILE *f)
{
	const struct kg_option *o, *rows[512];
	unsigned int t, n = 0, i, nr[3] = { 0 };

	kg_for_each_option(o, t)
		if (o->origin == KG_FIO_JOB && n < sizeof(rows) / sizeof(rows[0]))
			rows[n++] = o;
	qsort(rows, n, sizeof(rows[0]), kg_opt_cmp);
	for (i = 0; i < n; i++)
		nr[rows[i]->refused ? 2 : rows[i]->note ? 1 : 0]++;
	fprintf(f, "%u of fio's job options: %u honoured, %u accepted without effect, %u refused.\n\n",
		n, nr[0], nr[1], nr[2]);
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
