// SPDX-License-Identifier: GPL-2.0
/*
 * The one parser of fio's options (fio's parse.c): it walks the option
 * tables (the main one, its groups' and those registered), checks a value
 * against its row's type, bounds and allowed words, stores it or calls the
 * row's callback, and reads command lines and job files into jobs. The
 * value syntax is fio's: sizes with k/m/g/t suffixes in powers of 1024,
 * times in seconds unless suffixed. Nothing here knows a particular option
 * but the few that options.h singles out.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "jobfile.h"
#include "options.h"

/* The main table first, its groups, then those registered, in their order. */
#define KG_MAX_TABLES	16
static const struct kg_option *kg_tables[KG_MAX_TABLES] = {
	kg_options, kg_rate_options, kg_bs_options, kg_place_options, kg_cgroup_options,
	kg_verify_options, kg_buffer_options, kg_refused_options, kg_fio_only_options,
};
static unsigned int kg_nr_tables = 9;

void kg_options_register(const struct kg_option *table)
{
	if (kg_nr_tables < KG_MAX_TABLES)
		kg_tables[kg_nr_tables++] = table;
}

const struct kg_option *kg_option_table(unsigned int t)
{
	return t < kg_nr_tables ? kg_tables[t] : NULL;
}

const struct kg_option *kg_opt_find(const char *name)
{
	const struct kg_option *o;
	unsigned int t;

	kg_for_each_option(o, t)
		if (!strcmp(o->name, name) || (o->alias && !strcmp(o->alias, name)))
			return o;
	return NULL;
}

/* Levenshtein distance of @a and @b, as fio's string_distance() */
static unsigned int kg_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, k;
	unsigned int row[64], diag, up;

	if (lb >= sizeof(row) / sizeof(row[0]))
		return UINT32_MAX;
	for (k = 0; k <= lb; k++)
		row[k] = k;
	for (i = 1; i <= la; i++) {
		diag = row[0];
		row[0] = i;
		for (k = 1; k <= lb; k++) {
			up = row[k];
			row[k] = diag + (a[i - 1] != b[k - 1]);
			if (up + 1 < row[k])
				row[k] = up + 1;
			if (row[k - 1] + 1 < row[k])
				row[k] = row[k - 1] + 1;
			diag = up;
		}
	}
	return row[lb];
}

/*
 * At most a third of the typed name's length off (iodepht: iodepth); fio's
 * string_distance_ok() takes half, and then suggests fallocate for frobnicate.
 */
static const char *kg_opt_nearest(const char *name)
{
	const struct kg_option *o;
	const char *best = NULL;
	unsigned int t, d, best_d = strlen(name) / 3 + 1;

	kg_for_each_option(o, t) {
		d = kg_distance(name, o->name);
		if (d < best_d) {
			best_d = d;
			best = o->name;
		}
		d = o->alias ? kg_distance(name, o->alias) : UINT32_MAX;
		if (d < best_d) {
			best_d = d;
			best = o->alias;
		}
	}
	return best;
}

const struct kg_opt_value *kg_posval_find(const struct kg_option *o, const char *v)
{
	size_t i;

	for (i = 0; v && i < KG_OPT_MAX_POSVAL && o->posval[i].ival; i++)
		if (!strcmp(o->posval[i].ival, v))
			return &o->posval[i];
	return NULL;
}

const struct kg_opt_value *kg_posval_word(const struct kg_option *o, const char *v,
				       const char **colon)
{
	size_t i, len;

	*colon = strchr(v, ':');
	len = *colon ? (size_t)(*colon - v) : strlen(v);
	for (i = 0; i < KG_OPT_MAX_POSVAL && o->posval[i].ival; i++)
		if (strlen(o->posval[i].ival) == len && !strncmp(o->posval[i].ival, v, len))
			return &o->posval[i];
	return NULL;
}

int kg_parse_count(const char *s, uint32_t *n)
{
	unsigned long long x;
	char *end;

	errno = 0;
	x = strtoull(s, &end, 10);
	if (errno || *end || *s < '1' || *s > '9' || x > UINT32_MAX)
		return -EINVAL;
	*n = (uint32_t)x;
	return 0;
}

const char *kg_posval_name(const struct kg_option *o, uint32_t oval)
{
	size_t i;

	for (i = 0; i < KG_OPT_MAX_POSVAL && o->posval[i].ival; i++)
		if (o->posval[i].oval == oval)
			return o->posval[i].ival;
	return NULL;
}

const char *kg_rw_name(uint32_t rw)
{
	const char *name = kg_posval_name(kg_opt_find("rw"), rw);

	return name ? name : "?";
}

/* kb_base of the job whose options are being parsed (fio's parse reads its td's) */
static uint32_t kg_kb_base = 1024;

/*
 * fio sizes (parse.c's get_mult_bytes()): a number with an optional k, m, g,
 * t or p (any case, "b" after it allowed). As fio, k and kB are kb_base's
 * powers, KiB the other base's: with fio's default kb_base=1024, 4k and 4kB
 * are 4096 and 4KiB is 4000; with kb_base=1000 it is the other way round.
 */
int kg_parse_size(const char *s, uint64_t *out)
{
	static const char units[] = "kmgtp";
	unsigned long long v, base = kg_kb_base, mult = 1;
	const char *u;
	char *end;
	int pow = 0;

	if (!*s || !isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno)
		return -ERANGE;
	if (*end) {
		u = strchr(units, tolower((unsigned char)*end));
		if (!u)
			return -EINVAL;
		pow = u - units + 1;
		end++;
		/* k, kb, ki: kb_base's; kib: the other base's */
		if (tolower((unsigned char)*end) == 'i' && tolower((unsigned char)end[1]) == 'b')
			base = base == 1000 ? 1024 : 1000;
		if (tolower((unsigned char)*end) == 'i')
			end++;
		if (tolower((unsigned char)*end) == 'b')
			end++;
		if (*end)
			return -EINVAL;
	}
	while (pow--)
		mult *= base;
	if (v > UINT64_MAX / mult)
		return -ERANGE;
	*out = v * mult;
	return 0;
}

/* fio times: seconds unless suffixed with us, ms, s, m, h or d. */
int kg_parse_time_ns(const char *s, uint64_t *out)
{
	return kg_parse_time_unit(s, 1000000000ULL, out);
}

int kg_parse_time_unit(const char *s, uint64_t unit_ns, uint64_t *out)
{
	const struct {
		const char *sfx;
		uint64_t ns;
	} units[] = {
		{ "", unit_ns }, { "us", 1000ULL }, { "ms", 1000000ULL },
		{ "s", 1000000000ULL }, { "m", 60000000000ULL },
		{ "h", 3600000000000ULL }, { "d", 86400000000000ULL },
	};
	unsigned long long v;
	char *end;
	size_t i;

	if (!*s || !isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -ERANGE;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcasecmp(end, units[i].sfx))
			continue;
		if (v > UINT64_MAX / units[i].ns)
			return -ERANGE;
		*out = v * units[i].ns;
		return 0;
	}
	return -EINVAL;
}

/* "a, b or c": the allowed values, for an error message */
static void kg_posval_list(FILE *f, const struct kg_option *o)
{
	size_t i, n = 0;

	while (n < KG_OPT_MAX_POSVAL && o->posval[n].ival)
		n++;
	for (i = 0; i < n; i++)
		fprintf(f, "%s%s", i ? (i + 1 < n ? ", " : " or ") : "", o->posval[i].ival);
}

static void kg_posval_bad(const struct kg_option *o, const char *name,
			  const char *v, FILE *err)
{
	if (kg_opt_refused(o->name, v, err))
		return;
	fprintf(err, "kiogen: %s: '%s' is not ", name, v);
	kg_posval_list(err, o);
	fprintf(err, " (see: kiogen help run)\n");
}

/* "normal,json": the OR of each word's value */
static int kg_posval_set(const struct kg_option *o, const char *name,
			 const char *v, uint64_t *x, FILE *err)
{
	const char *word = v;

	*x = 0;
	for (;;) {
		size_t len = strcspn(word, ",");
		const struct kg_opt_value *pv = NULL;
		char buf[32];

		if (len < sizeof(buf)) {
			memcpy(buf, word, len);
			buf[len] = '\0';
			pv = kg_posval_find(o, buf);
		}
		if (!pv) {
			kg_posval_bad(o, name, len < sizeof(buf) ? buf : v, err);
			return -EINVAL;
		}
		*x |= pv->oval;
		if (!word[len])
			return 0;
		word += len + 1;
	}
}

static int kg_opt_number(const struct kg_option *o, const char *name,
			 const char *v, uint64_t *x, FILE *err)
{
	char *end;
	int ret;

	switch (o->type) {
	case KG_OPT_INT:
		errno = 0;
		*x = strtoull(v, &end, 10);
		ret = errno || *end || !isdigit((unsigned char)*v) ? -EINVAL : 0;
		break;
	case KG_OPT_TIME:
		ret = kg_parse_time_unit(v, o->time_unit ?: 1000000000ULL, x);
		break;
	default:
		ret = kg_parse_size(v, x);
		break;
	}
	if (ret) {
		fprintf(err, "kiogen: %s: '%s' is not a valid %s\n", name, v,
			o->type == KG_OPT_TIME ? "time (e.g. 10, 500ms, 2m)" :
			o->type == KG_OPT_INT ? "number" : "size (e.g. 4k, 16k, 1m, 10g)");
		return -EINVAL;
	}
	if ((o->minval || o->maxval) && (*x < o->minval || *x > o->maxval)) {
		fprintf(err, "kiogen: %s: %s is out of range (%" PRIu64 " to %" PRIu64 ")\n",
			name, v, o->minval, o->maxval);
		return -ERANGE;
	}
	return 0;
}

/* fio's per direction sizes, READ,WRITE[,TRIM]: each one given is checked */
static int kg_opt_number_dirs(const struct kg_option *o, const char *name,
			      const char *v, FILE *err)
{
	char part[32];
	uint64_t x;
	size_t n;

	for (;;) {
		n = strcspn(v, ",");
		if (n >= sizeof(part)) {
			fprintf(err, "kiogen: %s: '%.*s' is not a valid size\n", name, (int)n, v);
			return -EINVAL;
		}
		memcpy(part, v, n);
		part[n] = '\0';
		if (n && kg_opt_number(o, name, part, &x, err))
			return -EINVAL;
		if (!v[n])
			return 0;
		v += n + 1;
	}
}

static void kg_opt_store(const struct kg_option *o, void *base, uint64_t x,
			 const char *v)
{
	char *field = (char *)base + o->off1;

	switch (o->type) {
	case KG_OPT_STR:
		strcpy(field, v);
		break;
	case KG_OPT_BOOL:
		*(bool *)field = x;
		break;
	case KG_OPT_SIZE64:
	case KG_OPT_TIME:
		*(uint64_t *)field = x;
		break;
	default:
		*(uint32_t *)field = (uint32_t)x;	/* u32, or an int-sized enum */
		break;
	}
}

/* fio's "size=20%": a whole percentage of the target's size, 1 to 100 */
static int kg_opt_pct(const struct kg_option *o, void *base, const char *name,
		      const char *v, FILE *err)
{
	char *end;
	unsigned long p;

	errno = 0;
	p = strtoul(v, &end, 10);
	if (!isdigit((unsigned char)*v) || errno || strcmp(end, "%") || !p || p > 100) {
		fprintf(err, "kiogen: %s: '%s' is not a percentage from 1%% to 100%%\n",
			name, v);
		return -EINVAL;
	}
	*(uint64_t *)((char *)base + o->off1) = 0;
	*(uint32_t *)((char *)base + o->pct_off) = p;
	return 0;
}

static int kg_opt_set_value(struct kg_jobs *js, struct kg_job *j,
			    const struct kg_option *o, void *base, const char *name,
			    const char *v, FILE *err);

/*
 * Checks @v against @o's type and allowed values, then stores it, or hands
 * it to @o's callback. @name is how the user wrote the option (an alias).
 */
static int kg_opt_set(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
		      const char *name, const char *v, FILE *err)
{
	void *base = o->scope == KG_OPT_GLOBAL ? (void *)&js->global : (void *)j;
	uint32_t kb_base = kg_kb_base;
	int ret;

	/* the job's kb_base reads its sizes, as fio's parse takes its td's */
	if (j && j->kb_base)
		kg_kb_base = j->kb_base;
	ret = kg_opt_set_value(js, j, o, base, name, v, err);
	kg_kb_base = kb_base;
	return ret;
}

static int kg_opt_set_value(struct kg_jobs *js, struct kg_job *j,
			    const struct kg_option *o, void *base, const char *name,
			    const char *v, FILE *err)
{
	const struct kg_opt_value *pv = NULL;
	uint64_t x = 0;
	int ret;

	if (o->type == KG_OPT_BOOL) {
		if (!v || !strcmp(v, "1")) {
			x = 1;
		} else if (strcmp(v, "0")) {
			fprintf(err, "kiogen: %s: '%s' is not 0 or 1\n", name, v);
			return -EINVAL;
		}
	} else if (!v || !*v) {
		fprintf(err, "kiogen: %s: needs a value (--%s=VALUE)\n", name, name);
		return -EINVAL;
	} else if (o->type == KG_OPT_POSVAL_SET) {
		ret = kg_posval_set(o, name, v, &x, err);
		if (ret)
			return ret;
	} else if (o->posval[0].ival) {
		/* a callback reads words with more after them itself (rw=randread:8) */
		pv = kg_posval_find(o, v);
		if (!pv && !o->cb) {
			kg_posval_bad(o, name, v, err);
			return -EINVAL;
		}
		x = pv ? pv->oval : 0;
	} else if (o->type == KG_OPT_STR) {
		if (strlen(v) >= o->len) {
			fprintf(err, "kiogen: %s: longer than %zu characters\n", name, o->len - 1);
			return -EINVAL;
		}
	} else if (o->pct_off && strchr(v, '%')) {
		return kg_opt_pct(o, base, name, v, err);
	} else if (o->cb && o->type == KG_OPT_SIZE32 && strchr(v, ',')) {
		ret = kg_opt_number_dirs(o, name, v, err);
		if (ret)
			return ret;
	} else {
		ret = kg_opt_number(o, name, v, &x, err);
		if (ret)
			return ret;
	}
	if (o->note || o->refused)
		return 0;	/* fio's, without a field here: kg_parse_into() */
	if (o->cb)
		return o->cb(js, j, o, v, err);
	if (o->inverse) {
		const struct kg_option *inv = kg_opt_find(o->inverse);

		/* a percentage and its complement: 30 here is 70 there */
		if (!inv)
			return -EINVAL;
		kg_opt_store(inv, base, inv->maxval + inv->minval - x, v);
		return 0;
	}
	kg_opt_store(o, base, x, v);
	if (o->pct_off)		/* bytes take the place of a percentage */
		*(uint32_t *)((char *)base + o->pct_off) = 0;
	return 0;
}

void kg_job_defaults(struct kg_job *j)
{
	const struct kg_option *o;
	unsigned int t;

	memset(j, 0, sizeof(*j));
	/* a callback's default only says what not giving the option means */
	kg_for_each_option(o, t)
		if (o->def && o->scope == KG_OPT_JOB && (!o->cb || o->cb_default) &&
		    kg_opt_set(NULL, j, o, o->name, o->def, stderr))
			abort();	/* a default the table cannot parse */
}

void kg_jobs_init(struct kg_jobs *js)
{
	memset(js, 0, sizeof(*js));
	kg_job_defaults(&js->defaults);
}

bool kg_given_has(const struct kg_given *g, const char *name)
{
	uint32_t at = 0;
	size_t nl;

	while (at < g->len) {
		nl = strlen(g->buf + at) + 1;
		if (!strcmp(g->buf + at, name))
			return true;
		at += nl + strlen(g->buf + at + nl) + 1;
	}
	return false;
}

int kg_given_add(struct kg_given *g, const char *name, const char *v, FILE *err)
{
	size_t nl = strlen(name) + 1, vl = strlen(v) + 1, el = 0;
	uint32_t at = 0;

	/* a value given again takes the place of the first */
	while (at < g->len) {
		el = strlen(g->buf + at) + 1;
		el += strlen(g->buf + at + el) + 1;
		if (!strcmp(g->buf + at, name))
			break;
		at += el;
	}
	if (at == g->len)
		el = 0;
	if (g->len - el + nl + vl > sizeof(g->buf)) {
		fprintf(err, "kiogen: %s: the options of a job take more than %zu characters\n",
			name, sizeof(g->buf));
		return -EINVAL;
	}
	memmove(g->buf + at + nl + vl, g->buf + at + el, g->len - at - el);
	memcpy(g->buf + at, name, nl);
	memcpy(g->buf + at + nl, v, vl);
	g->len += nl + vl - el;
	return 0;
}

/* A refused fio option given its default asks for nothing kiogen lacks. */
static bool kg_opt_is_default(const struct kg_option *o, const char *v)
{
	if (!v && o->type == KG_OPT_BOOL)
		v = "1";
	return o->def && v && !strcmp(v, o->def);
}

/* A fio option kiogen takes without effect: said once, by kg_jobs_finish() */
static void kg_note_add(struct kg_jobs *js, const struct kg_option *o)
{
	unsigned int i;

	for (i = 0; i < js->nr_noted; i++)
		if (js->noted[i] == o)
			return;
	if (js->nr_noted < KG_MAX_NOTED)
		js->noted[js->nr_noted++] = o;
}

static int kg_parse_into(struct kg_jobs *js, struct kg_job *j, const char *name,
			 const char *v, FILE *err)
{
	const struct kg_option *o = kg_opt_find(name);
	const char *near;
	int ret;

	if (!o) {
		near = kg_opt_nearest(name);
		if (near)
			fprintf(err, "kiogen: unknown option '%s' (did you mean '%s'?)\n", name, near);
		else
			fprintf(err, "kiogen: unknown option '%s' (see: kiogen help run)\n", name);
		return -EINVAL;
	}
	if (o->refused && !kg_opt_is_default(o, v)) {
		fprintf(err, "kiogen: fio option '%s' is not supported by kiogen: %s\n", name,
			o->refused);
		return -EINVAL;
	}
	ret = kg_opt_set(js, j, o, name, v, err);
	if (ret)
		return ret;
	if (o->note)
		kg_note_add(js, o);
	if (o->cb == kg_opt_name) {	/* a new job: its own list starts */
		j = &js->jobs[js->nr_jobs - 1];
		j->given.len = 0;
	}
	/* as fio lists them: not a flag without a value, nor kiogen's run options */
	if (!v || (o->scope != KG_OPT_JOB && o->cb != kg_opt_percentiles))
		return 0;
	return kg_given_add(j == &js->defaults ? &js->global.given : &j->given,
			    o->name, v, err);
}

int kg_parse_option(struct kg_jobs *js, const char *name, const char *v,
		    FILE *err)
{
	return kg_parse_into(js, js->nr_jobs ? &js->jobs[js->nr_jobs - 1] : &js->defaults,
			     name, v, err);
}

int kg_parse_default(struct kg_jobs *js, const char *name, const char *v, FILE *err)
{
	return kg_parse_into(js, &js->defaults, name, v, err);
}

/* fio's getopt: --bs 4k, the value in the next argument, for options that take one */
static bool kg_opt_takes_value(const char *name)
{
	const struct kg_option *o = kg_opt_find(name);

	return !strcmp(name, "section") || (o && o->type != KG_OPT_BOOL);
}

/*
 * The job files after the options, wherever they stand among them, as fio
 * does: jobs of --name come first, and the options before the first --name
 * are the defaults of the first file only, since fio starts every later
 * file from its own defaults (fill_def_thread()).
 */
static int kg_parse_jobfiles(struct kg_jobs *js, char **files, unsigned int nr_files,
			     const struct kg_sections *only, FILE *err)
{
	unsigned int f, s, first;

	for (f = 0; f < nr_files; f++) {
		if (f)
			kg_job_defaults(&js->defaults);
		first = js->nr_jobs;
		if (kg_jobfile_parse(js, files[f], only, err))
			return -EINVAL;
		/* fio runs a later file's jobs after the earlier ones end */
		if (f && js->nr_jobs > first)
			js->jobs[first].stonewall = true;
	}
	for (s = 0; s < only->nr; s++) {
		if (!only->seen[s]) {
			fprintf(err, "kiogen: section: no section [%s] in the job files\n",
				only->names[s]);
			return -EINVAL;
		}
	}
	return 0;
}

int kg_parse_job_option(struct kg_jobs *js, unsigned int job, const char *name,
			const char *v, FILE *err)
{
	return kg_parse_into(js, &js->jobs[job], name, v, err);
}

int kg_parse_args(struct kg_jobs *js, int argc, char **argv, FILE *err)
{
	return kg_parse_args_over(js, argc, argv, NULL, err);
}

int kg_parse_args_over(struct kg_jobs *js, int argc, char **argv, const char *over,
		       FILE *err)
{
	struct kg_sections only = { .over = over };
	unsigned int nr_files = 0;
	char **files;
	int i, ret = -ENOMEM;

	files = calloc(argc + 1, sizeof(*files));
	only.names = calloc(argc + 1, sizeof(*only.names));
	only.seen = calloc(argc + 1, sizeof(*only.seen));
	if (!files || !only.names || !only.seen)
		goto out;
	ret = -EINVAL;
	for (i = 0; i < argc; i++) {
		char name[64], *arg = argv[i];
		const char *eq, *v = NULL;
		size_t len;

		/* a job file, or "-" for stdin */
		if (arg[0] != '-' || !arg[1]) {
			files[nr_files++] = arg;
			continue;
		}
		/* fio takes -bs=4k as --bs=4k (getopt_long_only) */
		arg += arg[1] == '-' ? 2 : 1;
		eq = strchr(arg, '=');
		len = eq ? (size_t)(eq - arg) : strlen(arg);
		if (len >= sizeof(name) || !len) {
			fprintf(err, "kiogen: '%s': not an option\n", argv[i]);
			goto out;
		}
		memcpy(name, arg, len);
		name[len] = 0;
		if (eq)
			v = eq + 1;
		else if (i + 1 < argc && kg_opt_takes_value(name))
			v = argv[++i];
		if (!strcmp(name, "section")) {
			if (!v || !*v) {
				fprintf(err, "kiogen: section: needs a value (--section=NAME)\n");
				goto out;
			}
			only.names[only.nr++] = v;
			continue;
		}
		if (kg_parse_option(js, name, v, err))
			goto out;
	}
	ret = kg_parse_jobfiles(js, files, nr_files, &only, err);
out:
	free(files);
	free(only.names);
	free(only.seen);
	return ret;
}

