// SPDX-License-Identifier: GPL-2.0
/*
 * fio's job file format, as fio 3.33 reads it: "[name]" starts a job,
 * "[global]" sets the defaults of the jobs after it, "key=value" or a bare
 * "key" sets an option, ';' or '#' starts a comment (fio drops the rest of
 * the line from either), "include FILE" reads FILE into the current section
 * (relative to the including file; it may not start sections), and
 * "${VAR}", "$ncpus", "$pagesize", "$mb_memory" expand in values. Where fio
 * is lenient (unknown ${VAR} is empty, "[foo" is ignored) kiogen refuses,
 * naming the file and line, before anything reaches the kernel.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "jobfile.h"
#include "options.h"

/* deeper than this is a loop the (dev, ino) check could not see */
#define KG_INCLUDE_DEPTH	16
/* a value after ${VAR} expansion */
#define KG_VALUE_MAX		4096

enum kg_section_kind {
	KG_SEC_NONE,		/* before the first [section] */
	KG_SEC_GLOBAL,
	KG_SEC_JOB,
	KG_SEC_SKIP,		/* a job --section did not ask for */
};

struct kg_reader {
	struct kg_jobs *js;
	const struct kg_sections *only;
	FILE *err;
	enum kg_section_kind sec;
	unsigned int depth;		/* files being read: the top one and its includes */
	struct {
		dev_t dev;
		ino_t ino;
	} reading[KG_INCLUDE_DEPTH];
	/* the top file's lines, for a look ahead from a section header */
	char **lines;
	size_t nr_lines;
};

/* a line of a file, for messages */
struct kg_where {
	const char *file;
	unsigned int line;
};

static int __attribute__((format(printf, 3, 4)))
kg_jf_error(struct kg_reader *r, const struct kg_where *w, const char *fmt, ...)
{
	va_list ap;

	fprintf(r->err, "kiogen: %s:%u: ", w->file, w->line);
	va_start(ap, fmt);
	vfprintf(r->err, fmt, ap);
	va_end(ap);
	fputc('\n', r->err);
	return -EINVAL;
}

static char *kg_trim(char *s)
{
	char *end;

	s += strspn(s, " \t\r\n");
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = 0;
	return s;
}

/* fio's reserved keywords: @s after the '$'; the length matched, or 0 */
static size_t kg_jf_keyword(const char *s, unsigned long long *value)
{
	static const char *const names[] = { "ncpus", "pagesize", "mb_memory" };
	long pagesize = sysconf(_SC_PAGESIZE);
	size_t i, len;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		len = strlen(names[i]);
		if (strncmp(s, names[i], len) || isalnum((unsigned char)s[len]) || s[len] == '_')
			continue;
		if (i == 0)
			*value = sysconf(_SC_NPROCESSORS_ONLN);
		else if (i == 1)
			*value = pagesize;
		else
			*value = (unsigned long long)sysconf(_SC_PHYS_PAGES) * pagesize >> 20;
		return len;
	}
	return 0;
}

/* @in with ${VAR} and fio's $keywords replaced, into @out */
static int kg_jf_expand(struct kg_reader *r, const struct kg_where *w, const char *in,
			char *out, size_t size)
{
	size_t n = 0, add;

	while (*in) {
		unsigned long long number;
		size_t keyword = in[0] == '$' ? kg_jf_keyword(in + 1, &number) : 0;
		char var[256], num[24];
		const char *val = num, *end;

		if (in[0] == '$' && in[1] == '{') {
			end = strchr(in + 2, '}');
			if (!end)
				return kg_jf_error(r, w, "'%s': '${' without '}'", in);
			if ((size_t)(end - in - 2) >= sizeof(var))
				return kg_jf_error(r, w, "'%.*s': name too long",
						   (int)(end - in + 1), in);
			memcpy(var, in + 2, end - in - 2);
			var[end - in - 2] = 0;
			val = getenv(var);
			if (!val)
				return kg_jf_error(r, w, "${%s}: not set in the environment", var);
			in = end + 1;
		} else if (keyword) {
			snprintf(num, sizeof(num), "%llu", number);
			in += 1 + keyword;
		} else {
			num[0] = *in++;
			num[1] = 0;
		}
		add = strlen(val);
		if (n + add >= size)
			return kg_jf_error(r, w, "value longer than %zu characters once expanded",
					   size - 1);
		memcpy(out + n, val, add);
		n += add;
	}
	out[n] = 0;
	return 0;
}

/* An option through the command line's parser; its message gets the line. */
static int kg_jf_option(struct kg_reader *r, const struct kg_where *w, const char *key,
			const char *value)
{
	char *msg = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&msg, &len);
	int ret;

	if (!f)
		return -ENOMEM;
	if (r->sec == KG_SEC_GLOBAL)
		ret = kg_parse_default(r->js, key, value, f);
	else
		ret = kg_parse_option(r->js, key, value, f);
	fclose(f);
	if (len)
		fprintf(r->err, "kiogen: %s:%u: %s", w->file, w->line,
			strncmp(msg, "kiogen: ", 8) ? msg : msg + 8);
	free(msg);
	return ret;
}

static bool kg_section_wanted(const struct kg_sections *only, const char *name)
{
	bool wanted = !only || !only->nr;
	unsigned int i;

	for (i = 0; only && i < only->nr; i++) {
		if (!strcmp(only->names[i], name)) {
			only->seen[i] = true;
			wanted = true;
		}
	}
	return wanted;
}

static int kg_jf_keyval(struct kg_reader *r, const struct kg_where *w, char *p);

/*
 * fio parses a section's options by priority, kb_base first: it reads every
 * size of its section, wherever it stands (not those of an include).
 */
static int kg_jf_kb_base_first(struct kg_reader *r, const struct kg_where *w)
{
	struct kg_where at = *w;
	char buf[KG_VALUE_MAX], *p;
	size_t i;

	for (i = w->line; i < r->nr_lines; i++) {
		snprintf(buf, sizeof(buf), "%s", r->lines[i]);
		p = buf + strspn(buf, " \t");
		if (*p == '[')
			return 0;
		p[strcspn(p, ";#")] = 0;
		if (strncmp(p, "kb_base", 7) || (p[7] != '=' && !isblank((unsigned char)p[7])))
			continue;
		at.line = i + 1;
		return kg_jf_keyval(r, &at, kg_trim(p));
	}
	return 0;
}

/* @p: "[...]", trimmed */
static int kg_jf_section(struct kg_reader *r, const struct kg_where *w, char *p)
{
	size_t len = strlen(p);
	char *name;

	if (p[len - 1] != ']')
		return kg_jf_error(r, w, "'%s': section header without ']'", p);
	if (r->depth > 1)
		return kg_jf_error(r, w, "'%s': an included file cannot start a section", p);
	p[len - 1] = 0;
	name = kg_trim(p + 1);
	if (!*name)
		return kg_jf_error(r, w, "'[]': a section needs a name");
	if (!strcmp(name, "global")) {
		r->sec = KG_SEC_GLOBAL;
		return kg_jf_kb_base_first(r, w);
	}
	if (r->only && r->only->over && !strcmp(name, r->only->over)) {
		if (!r->js->nr_jobs)
			return kg_jf_error(r, w, "[%s] goes over the job before it: there is none",
					   name);
		r->sec = KG_SEC_JOB;
		return 0;
	}
	if (!kg_section_wanted(r->only, name)) {
		r->sec = KG_SEC_SKIP;
		return 0;
	}
	r->sec = KG_SEC_JOB;
	return kg_jf_option(r, w, "name", name) ?: kg_jf_kb_base_first(r, w);
}

/*
 * name= in a job file, as fio: in [global] it names no job (each section's
 * header names its own), in a job's section it renames the job.
 */
static int kg_jf_name(struct kg_reader *r, const struct kg_where *w, const char *value)
{
	struct kg_job *j;

	if (!value || !*value)
		return kg_jf_error(r, w, "name: needs a value (name=NAME)");
	/* before the first job there is none to point at */
	if (r->sec == KG_SEC_GLOBAL)
		return 0;
	j = &r->js->jobs[r->js->nr_jobs - 1];
	if (strlen(value) >= sizeof(j->name))
		return kg_jf_error(r, w, "name: longer than %zu characters", sizeof(j->name) - 1);
	strcpy(j->name, value);
	return 0;
}

static int kg_jf_keyval(struct kg_reader *r, const struct kg_where *w, char *p)
{
	char *eq = strchr(p, '='), *key = p, *value = NULL;
	char expanded[KG_VALUE_MAX];
	int ret;

	if (eq) {
		*eq = 0;
		key = kg_trim(key);
		value = kg_trim(eq + 1);
	}
	if (!*key)
		return kg_jf_error(r, w, "'=%s': no option name before '='", value);
	if (r->sec == KG_SEC_NONE)
		return kg_jf_error(r, w, "%s: outside of a [section]", key);
	if (value) {
		ret = kg_jf_expand(r, w, value, expanded, sizeof(expanded));
		if (ret)
			return ret;
		value = expanded;
	}
	if (!strcmp(key, "name"))
		return kg_jf_name(r, w, value);
	return kg_jf_option(r, w, key, value);
}

static int kg_jf_file(struct kg_reader *r, const char *path, const struct kg_where *from);
/* "include FILE": relative to the directory of the file that includes it */
static int kg_jf_include(struct kg_reader *r, const struct kg_where *w, const char *name)
{
	const char *slash = strrchr(w->file, '/');
	char expanded[KG_VALUE_MAX], *path;
	int ret;

	ret = kg_jf_expand(r, w, name, expanded, sizeof(expanded));
	if (ret)
		return ret;
	if (!expanded[0])
		return kg_jf_error(r, w, "include: needs a file name");
	if (expanded[0] == '/' || !slash)
		ret = asprintf(&path, "%s", expanded);
	else
		ret = asprintf(&path, "%.*s/%s", (int)(slash - w->file), w->file, expanded);
	if (ret < 0)
		return -ENOMEM;
	ret = kg_jf_file(r, path, w);
	free(path);
	return ret;
}

static int kg_jf_line(struct kg_reader *r, const struct kg_where *w, char *line)
{
	char *p = line + strspn(line, " \t");

	/* fio: from the first ';' or '#' on, the line is a comment */
	p[strcspn(p, ";#")] = 0;
	p = kg_trim(p);
	if (!*p)
		return 0;
	if (*p == '[')
		return kg_jf_section(r, w, p);
	if (r->sec == KG_SEC_SKIP)
		return 0;
	if (!strncmp(p, "include", 7) && (!p[7] || isblank((unsigned char)p[7])))
		return kg_jf_include(r, w, kg_trim(p + 8));
	return kg_jf_keyval(r, w, p);
}

/* @from: the include line that names @path, NULL for a file of the command line */
static int kg_jf_file(struct kg_reader *r, const char *path, const struct kg_where *from)
{
	bool is_stdin = !from && !strcmp(path, "-");
	struct kg_where w = { .file = is_stdin ? "<stdin>" : path };
	FILE *f = is_stdin ? stdin : fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	struct stat st;
	unsigned int i;
	int ret = 0;

	if (!f || fstat(fileno(f), &st)) {
		ret = errno;
		if (f)
			fclose(f);
		if (from)
			return kg_jf_error(r, from, "include %s: %s", path, strerror(ret));
		fprintf(r->err, "kiogen: %s: %s\n", path, strerror(ret));
		return -EINVAL;
	}
	for (i = 0; i < r->depth; i++)
		if (r->reading[i].dev == st.st_dev && r->reading[i].ino == st.st_ino)
			ret = kg_jf_error(r, from, "include %s: %s", path,
					  "an include loop (that file is being read already)");
	if (!ret && r->depth == KG_INCLUDE_DEPTH)
		ret = kg_jf_error(r, from, "include %s: includes nested deeper than %d",
				  path, KG_INCLUDE_DEPTH);
	if (ret) {
		fclose(f);
		return ret;
	}
	r->reading[r->depth].dev = st.st_dev;
	r->reading[r->depth++].ino = st.st_ino;

	errno = 0;
	if (r->depth > 1) {
		while (!ret && getline(&line, &cap, f) >= 0) {
			w.line++;
			ret = kg_jf_line(r, &w, line);
		}
	} else {
		/* a top file is read whole first: sections look ahead in it */
		while (getline(&line, &cap, f) >= 0) {
			char **more = realloc(r->lines, (r->nr_lines + 1) * sizeof(*more));

			if (!more || !(more[r->nr_lines] = strdup(line))) {
				r->lines = more ?: r->lines;
				ret = -ENOMEM;
				break;
			}
			r->lines = more;
			r->nr_lines++;
		}
		if (!ret && !ferror(f))
			for (i = 0; !ret && i < r->nr_lines; i++) {
				w.line++;
				ret = kg_jf_line(r, &w, r->lines[i]);
			}
	}
	if (!ret && ferror(f)) {
		fprintf(r->err, "kiogen: %s: %s\n", w.file, strerror(errno ?: EIO));
		ret = -EINVAL;
	}
	if (r->depth == 1) {
		for (i = 0; i < r->nr_lines; i++)
			free(r->lines[i]);
		free(r->lines);
		r->lines = NULL;
		r->nr_lines = 0;
	}
	r->depth--;
	free(line);
	if (!is_stdin)
		fclose(f);
	return ret;
}

int kg_jobfile_parse(struct kg_jobs *js, const char *path, const struct kg_sections *only,
		     FILE *err)
{
	struct kg_reader r = { .js = js, .only = only, .err = err, .sec = KG_SEC_NONE };

	return kg_jf_file(&r, path, NULL) ? -EINVAL : 0;
}
