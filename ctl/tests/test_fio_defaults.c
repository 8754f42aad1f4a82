// SPDX-License-Identifier: GPL-2.0
/*
 * kiogen's defaults are fio's (issue 28): for each of fio's job options
 * kiogen honours, the job its row's default makes against the one fio's
 * default (fio --cmdhelp=NAME) makes, both through kiogen's parser, so
 * that 4k and 4096, posix and native, or 100 and fio's per-direction
 * 100,100,100 are the same. A difference fails unless the row says why
 * (@def_differs). Options kiogen accepts without effect or refuses are
 * not compared: their rows keep fio's default only to recognise it.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options/options.h"
#include "report/log.h"
#include "report/report.h"
#include "tap.h"

/* links the log files' rows in: they register from log.c's constructor */
static int (*volatile kg_log_rows)(struct kg_jobs *js, FILE *err) = kg_log_prepare;

/* fio's "default:" line of @name, in @buf; false when it says "no default" */
static bool fio_default(const char *name, char *buf, size_t len)
{
	char cmd[128], line[512];
	bool found = false;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "fio --cmdhelp=%s 2>/dev/null", name);
	p = popen(cmd, "r");
	if (!p)
		return false;
	while (fgets(line, sizeof(line), p)) {
		char *v = strstr(line, "default: ");

		if (found || !v || strncmp(line + strspn(line, " "), "default: ", 9))
			continue;
		v += strlen("default: ");
		v[strcspn(v, "\n")] = '\0';
		found = strcmp(v, "no default");
		snprintf(buf, len, "%s", v);
	}
	pclose(p);
	return found;
}

/* fio's per-direction READ,WRITE,TRIM of one value for all: that value */
static void collapse_dirs(char *v)
{
	size_t n = strcspn(v, ",");
	const char *p = v + n;

	while (*p == ',' && !strncmp(p + 1, v, n) && (p[n + 1] == ',' || !p[n + 1]))
		p += n + 1;
	if (!*p)
		v[n] = '\0';
}

/* What parsing may note besides the value: which options were given. */
static void forget_given(struct kg_jobs *js)
{
	memset(&js->defaults.given, 0, sizeof(js->defaults.given));
	js->defaults.direct_set = false;
	memset(&js->global.given, 0, sizeof(js->global.given));
	js->global.percentiles_set = false;
}

/*
 * Whether fio's default @fio (NULL: none, so fio's field stays zero) makes
 * the jobs kiogen's default of @o makes. @err gets kiogen's refusal.
 */
static bool same_default(const struct kg_option *o, const char *fio, FILE *err)
{
	static struct kg_jobs kiogen, as_fio;
	char v[512];

	/* fio's option without a default is zero; a callback's field is unknown here */
	if (!fio && o->def && o->type != KG_OPT_STR && (!o->off1 || o->cb))
		fio = "0";
	if (o->def && fio && !strcmp(o->def, fio))
		return true;
	kg_jobs_init(&kiogen);
	kg_jobs_init(&as_fio);
	if (fio) {
		snprintf(v, sizeof(v), "%s", fio);
		collapse_dirs(v);
		if (kg_parse_default(&as_fio, o->name, v, err))
			return false;
	} else if (o->off1 && !o->cb) {
		char *base = o->scope == KG_OPT_GLOBAL ? (char *)&as_fio.global :
			     (char *)&as_fio.defaults;
		size_t len = o->type == KG_OPT_STR ? o->len :
			     o->type == KG_OPT_BOOL ? sizeof(bool) :
			     o->type == KG_OPT_SIZE64 || o->type == KG_OPT_TIME ?
			     sizeof(uint64_t) : sizeof(uint32_t);

		memset(base + o->off1, 0, len);
	} else {
		return !o->def;
	}
	forget_given(&kiogen);
	forget_given(&as_fio);
	return !memcmp(&kiogen.defaults, &as_fio.defaults, sizeof(kiogen.defaults)) &&
	       !memcmp(&kiogen.global, &as_fio.global, sizeof(kiogen.global));
}

/* The row's default of percentile_list is only said: the reports fill theirs. */
static int t_percentiles(const void *arg)
{
	static struct kg_jobs js;
	struct kg_global g = { 0 };

	(void)arg;
	kg_jobs_init(&js);
	kg_default_percentiles(&g);
	CHECK(!kg_parse_default(&js, "percentile_list", kg_opt_find("percentile_list")->def,
				stderr), "the row's default does not parse");
	CHECK(js.global.nr_percentiles == g.nr_percentiles &&
	      !memcmp(js.global.percentile_ppm, g.percentile_ppm, sizeof(g.percentile_ppm)),
	      "the row's %u percentiles are not the reports' %u", js.global.nr_percentiles,
	      g.nr_percentiles);
	return T_PASS;
}

/* One of fio's options kiogen honours, and fio's default of it */
struct fio_row {
	const struct kg_option *o;
	bool has;		/* fio says a default, not "no default" */
	char fio[256];
	char desc[768];
};

static int t_default(const void *arg)
{
	const struct fio_row *r = arg;
	char err[512] = "";
	FILE *ef = fmemopen(err, sizeof(err), "w");
	bool same = same_default(r->o, r->has ? r->fio : NULL, ef);

	fclose(ef);
	if (same && r->o->def_differs)
		return fail("the row says why its default is not fio's, but it is");
	if (!same && !r->o->def_differs)
		return fail("not fio's, and the row does not say why (def_differs)%s%s",
			    *err ? ": " : "", strtok(err, "\n") ?: "");
	return T_PASS;
}

static unsigned int nr_fio, nr_cmp, nr_def;

/* fio's help in another shape would make every default "none" */
static int t_coverage(const void *arg)
{
	(void)arg;
	CHECK(nr_fio > 200 && nr_def > nr_cmp / 2,
	      "fio lists %u options and gives a default for %u of the %u kiogen honours",
	      nr_fio, nr_def, nr_cmp);
	return T_PASS;
}

int main(void)
{
	static struct fio_row rows[256];
	static struct tcase cases[ARRAY_SIZE(rows) + 2];
	char line[512];
	size_t n = 0;
	FILE *list;

	list = kg_log_rows ? popen("fio --cmdhelp=all 2>/dev/null", "r") : NULL;
	if (!list || !fgets(line, sizeof(line), list)) {
		if (list)
			pclose(list);
		printf("TAP version 13\n1..0 # SKIP fio is not installed\n");
		return 0;
	}
	do {
		char *name = line + strspn(line, " ");
		const struct kg_option *o;
		struct fio_row *r;

		name[strcspn(name, " :\n")] = '\0';
		o = kg_opt_find(name);
		nr_fio++;
		if (!o || o->note || o->refused || n == ARRAY_SIZE(rows))
			continue;
		r = &rows[n];
		r->o = o;
		r->has = fio_default(name, r->fio, sizeof(r->fio));
		nr_def += r->has;
		snprintf(r->desc, sizeof(r->desc), "%s: kiogen's default %s, fio's %s%s%s", name,
			 r->o->def ?: "(none)", r->has ? r->fio : "(none)",
			 r->o->def_differs ? "; not the same: " : "", r->o->def_differs ?: "");
		cases[n] = (struct tcase){ r->desc, t_default, r };
		n++;
	} while (fgets(line, sizeof(line), list));
	pclose(list);
	nr_cmp = n;
	cases[n++] = (struct tcase){ "percentile_list's default is the list reports use",
				     t_percentiles, NULL };
	cases[n++] = (struct tcase){ "fio's help gives most defaults: it was read", t_coverage,
				     NULL };
	return run_cases(cases, n);
}
