// SPDX-License-Identifier: GPL-2.0
/*
 * The one JSON writer of the CLI (json.h), used by the run reports and by
 * compare: streaming, laid out like fio's, and never a NaN or an infinity.
 */
#include <math.h>
#include <stdarg.h>

#include "json.h"

static void kg_json_quote(FILE *f, const char *s)
{
	const unsigned char *p;

	fputc('"', f);
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

/* Starts a member: separator, line break, indent and "key" : */
void kg_json_key(struct kg_json *j, const char *key)
{
	if (j->comma)
		fputs(j->compact ? ", " : ",", j->f);
	if (!j->compact)
		fprintf(j->f, "\n%*s", j->depth * 2, "");
	if (key) {
		kg_json_quote(j->f, key);
		fputs(" : ", j->f);
	}
	j->comma = true;
}

void kg_json_open(struct kg_json *j, const char *key, char brace, bool compact)
{
	if (j->depth)
		kg_json_key(j, key);
	if (compact || j->compact)
		j->compact++;
	fputc(brace, j->f);
	/* a one-line object reads { "a" : 1, "b" : 2 }; an array [1, 2] */
	if (j->compact && brace == '{')
		fputc(' ', j->f);
	j->depth++;
	j->comma = false;
}

void kg_json_close(struct kg_json *j, char brace)
{
	j->depth--;
	if (j->compact) {
		j->compact--;
		if (brace == '}')
			fputc(' ', j->f);
	} else if (j->comma)
		fprintf(j->f, "\n%*s", j->depth * 2, "");
	fputc(brace, j->f);
	j->comma = true;
}

void kg_json_obj(struct kg_json *j, const char *key)
{
	kg_json_open(j, key, '{', false);
}

void kg_json_end(struct kg_json *j)
{
	kg_json_close(j, '}');
}

void kg_json_u64(struct kg_json *j, const char *key, uint64_t v)
{
	kg_json_key(j, key);
	fprintf(j->f, "%llu", (unsigned long long)v);
}

void kg_json_double_prec(struct kg_json *j, const char *key, double v, int prec)
{
	kg_json_key(j, key);
	/* JSON has no NaN or infinity: a figure without a value is null */
	if (isfinite(v))
		fprintf(j->f, "%.*f", prec, v);
	else
		fputs("null", j->f);
}

void kg_json_double(struct kg_json *j, const char *key, double v)
{
	kg_json_double_prec(j, key, v, 6);	/* "%f", as fio */
}

void kg_json_bool(struct kg_json *j, const char *key, bool v)
{
	kg_json_key(j, key);
	fputs(v ? "true" : "false", j->f);
}

void kg_json_string(struct kg_json *j, const char *key, const char *s)
{
	kg_json_key(j, key);
	kg_json_quote(j->f, s);
}

void kg_json_stringf(struct kg_json *j, const char *key, const char *fmt, ...)
{
	char buf[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	kg_json_string(j, key, buf);
}

