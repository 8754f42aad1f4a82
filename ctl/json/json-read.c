// SPDX-License-Identifier: GPL-2.0
/*
 * A recursive-descent JSON reader (RFC 8259) building a tree of kg_jv
 * nodes. Recursion is bounded, so a hostile file cannot exhaust the stack.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json-read.h"

#define KG_JV_MAX_DEPTH	64

struct kg_jv_parser {
	const char *s;
	const char *start;
	char *err;
	size_t errlen;
	bool failed;
};

static void kg_jv_fail(struct kg_jv_parser *p, const char *what)
{
	if (p->failed)
		return;
	p->failed = true;
	snprintf(p->err, p->errlen, "%s at byte %zu", what, (size_t)(p->s - p->start));
}

static void kg_jv_skip_space(struct kg_jv_parser *p)
{
	while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r')
		p->s++;
}

static int kg_jv_hex4(const char *s)
{
	int v = 0, i;

	for (i = 0; i < 4; i++) {
		int c = s[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

/* UTF-8 of code point @cp into @out; returns the bytes written */
static size_t kg_jv_utf8(unsigned int cp, char *out)
{
	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = 0xc0 | (cp >> 6);
		out[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = 0xe0 | (cp >> 12);
		out[1] = 0x80 | ((cp >> 6) & 0x3f);
		out[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	out[0] = 0xf0 | (cp >> 18);
	out[1] = 0x80 | ((cp >> 12) & 0x3f);
	out[2] = 0x80 | ((cp >> 6) & 0x3f);
	out[3] = 0x80 | (cp & 0x3f);
	return 4;
}

/* A string at p->s (on its opening quote); unescaped, owned by the caller. */
static char *kg_jv_string(struct kg_jv_parser *p)
{
	const char *end = p->s + 1;
	char *out, *o;

	/* escapes only shrink, so the raw length bounds the result */
	while (*end && *end != '"')
		end += (*end == '\\' && end[1]) ? 2 : 1;
	if (!*end) {
		kg_jv_fail(p, "unterminated string");
		return NULL;
	}
	out = o = malloc(end - p->s);
	if (!out) {
		kg_jv_fail(p, "out of memory");
		return NULL;
	}
	for (p->s++; *p->s != '"'; p->s++) {
		unsigned char c = *p->s;
		int cp, lo;

		if (c < 0x20) {
			kg_jv_fail(p, "control character in string");
			goto bad;
		}
		if (c != '\\') {
			*o++ = c;
			continue;
		}
		c = *++p->s;
		switch (c) {
		case '"': case '\\': case '/':
			*o++ = c;
			break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'u':
			cp = kg_jv_hex4(p->s + 1);
			if (cp < 0) {
				kg_jv_fail(p, "bad \\u escape");
				goto bad;
			}
			p->s += 4;
			/* a surrogate pair is one code point */
			if (cp >= 0xd800 && cp < 0xdc00 && p->s[1] == '\\' && p->s[2] == 'u' &&
			    (lo = kg_jv_hex4(p->s + 3)) >= 0xdc00 && lo < 0xe000) {
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
				p->s += 6;
			}
			o += kg_jv_utf8(cp, o);
			break;
		default:
			kg_jv_fail(p, "bad escape in string");
			goto bad;
		}
	}
	p->s++;
	*o = '\0';
	return out;
bad:
	free(out);
	return NULL;
}

static struct kg_jv *kg_jv_value(struct kg_jv_parser *p, unsigned int depth);

/* The members or elements of an object or array, p->s on its bracket. */
static bool kg_jv_container(struct kg_jv_parser *p, struct kg_jv *v, unsigned int depth)
{
	bool obj = v->type == KG_JV_OBJ;
	char close = obj ? '}' : ']';
	struct kg_jv **tail = &v->child;

	p->s++;
	kg_jv_skip_space(p);
	if (*p->s == close) {
		p->s++;
		return true;
	}
	for (;;) {
		char *key = NULL;
		struct kg_jv *m;

		kg_jv_skip_space(p);
		if (obj) {
			if (*p->s != '"') {
				kg_jv_fail(p, "expected a member name");
				return false;
			}
			key = kg_jv_string(p);
			if (!key)
				return false;
			kg_jv_skip_space(p);
			if (*p->s != ':') {
				free(key);
				kg_jv_fail(p, "expected ':'");
				return false;
			}
			p->s++;
		}
		m = kg_jv_value(p, depth + 1);
		if (!m) {
			free(key);
			return false;
		}
		m->key = key;
		*tail = m;
		tail = &m->next;
		kg_jv_skip_space(p);
		if (*p->s == ',') {
			p->s++;
			continue;
		}
		if (*p->s == close) {
			p->s++;
			return true;
		}
		kg_jv_fail(p, obj ? "expected ',' or '}'" : "expected ',' or ']'");
		return false;
	}
}

static bool kg_jv_word(struct kg_jv_parser *p, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(p->s, word, n))
		return false;
	p->s += n;
	return true;
}

static struct kg_jv *kg_jv_value(struct kg_jv_parser *p, unsigned int depth)
{
	struct kg_jv *v;
	char *end;

	if (depth > KG_JV_MAX_DEPTH) {
		kg_jv_fail(p, "nested too deep");
		return NULL;
	}
	v = calloc(1, sizeof(*v));
	if (!v) {
		kg_jv_fail(p, "out of memory");
		return NULL;
	}
	kg_jv_skip_space(p);
	switch (*p->s) {
	case '{':
	case '[':
		v->type = *p->s == '{' ? KG_JV_OBJ : KG_JV_ARR;
		if (!kg_jv_container(p, v, depth))
			goto bad;
		return v;
	case '"':
		v->type = KG_JV_STR;
		v->str = kg_jv_string(p);
		if (!v->str)
			goto bad;
		return v;
	}
	if (kg_jv_word(p, "true") || kg_jv_word(p, "false")) {
		v->type = KG_JV_BOOL;
		v->num = p->s[-2] == 'u';	/* tr"u"e */
		return v;
	}
	if (kg_jv_word(p, "null"))
		return v;
	if (*p->s == '-' || (*p->s >= '0' && *p->s <= '9')) {
		errno = 0;
		v->num = strtod(p->s, &end);
		if (end != p->s && !errno) {
			v->type = KG_JV_NUM;
			p->s = end;
			return v;
		}
	}
	kg_jv_fail(p, "expected a value");
bad:
	kg_jv_free(v);
	return NULL;
}

struct kg_jv *kg_jv_parse(const char *text, char *err, size_t errlen)
{
	struct kg_jv_parser p = { .s = text, .start = text, .err = err, .errlen = errlen };
	struct kg_jv *v;

	p.s += strcspn(p.s, "{[");
	if (!*p.s) {
		kg_jv_fail(&p, "no JSON object or array");
		return NULL;
	}
	v = kg_jv_value(&p, 0);
	if (!v)
		return NULL;
	kg_jv_skip_space(&p);
	if (*p.s) {
		kg_jv_fail(&p, "text after the JSON document");
		kg_jv_free(v);
		return NULL;
	}
	return v;
}

struct kg_jv *kg_jv_load(const char *path, char *err, size_t errlen)
{
	struct kg_jv *v = NULL;
	char *text = NULL;
	size_t size = 0, len;
	FILE *f;

	f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	/* open_memstream would do, but a read loop keeps NUL bytes visible */
	for (;;) {
		char *grown = realloc(text, size + 65536 + 1);

		if (!grown) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		text = grown;
		len = fread(text + size, 1, 65536, f);
		size += len;
		if (len < 65536)
			break;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "read error");
		goto out;
	}
	text[size] = '\0';
	if (strlen(text) != size) {
		snprintf(err, errlen, "not text (a NUL byte)");
		goto out;
	}
	v = kg_jv_parse(text, err, errlen);
out:
	free(text);
	fclose(f);
	return v;
}

void kg_jv_free(struct kg_jv *v)
{
	while (v) {
		struct kg_jv *next = v->next;

		kg_jv_free(v->child);
		free(v->key);
		free(v->str);
		free(v);
		v = next;
	}
}

const struct kg_jv *kg_jv_get(const struct kg_jv *v, const char *key)
{
	const struct kg_jv *m;

	if (!v || v->type != KG_JV_OBJ)
		return NULL;
	for (m = v->child; m; m = m->next)
		if (!strcmp(m->key, key))
			return m;
	return NULL;
}

const struct kg_jv *kg_jv_at(const struct kg_jv *v, ...)
{
	const char *key;
	va_list ap;

	va_start(ap, v);
	while (v && (key = va_arg(ap, const char *)))
		v = kg_jv_get(v, key);
	va_end(ap);
	return v;
}

double kg_jv_num(const struct kg_jv *v, double dflt)
{
	return v && v->type == KG_JV_NUM ? v->num : dflt;
}

const char *kg_jv_str(const struct kg_jv *v)
{
	return v && v->type == KG_JV_STR ? v->str : NULL;
}

size_t kg_jv_len(const struct kg_jv *v)
{
	const struct kg_jv *m;
	size_t n = 0;

	if (!v || (v->type != KG_JV_ARR && v->type != KG_JV_OBJ))
		return 0;
	for (m = v->child; m; m = m->next)
		n++;
	return n;
}
