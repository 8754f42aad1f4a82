/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A streaming JSON writer laid out like fio's: two-space indent, "key" :
 * value, members of a one-line ("compact") container on its line. Numbers
 * that are not finite are written as null: JSON has no NaN or infinity.
 * Start from a zeroed struct kg_json with @f set; the outermost container
 * takes no key; the caller ends the document with a newline.
 */
#ifndef KIOGEN_CTL_JSON_H
#define KIOGEN_CTL_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct kg_json {
	FILE *f;
	unsigned int depth;
	unsigned int compact;	/* > 0: inside a one-line container */
	bool comma;		/* the open container already has a member */
};

/* A member's separator, line break, indent and "@key" : (none if NULL). */
void kg_json_key(struct kg_json *j, const char *key);
/* Opens '{' or '[' (on one line if @compact); kg_json_close() ends it. */
void kg_json_open(struct kg_json *j, const char *key, char brace, bool compact);
void kg_json_close(struct kg_json *j, char brace);
/* An object on lines of its own, and its end. */
void kg_json_obj(struct kg_json *j, const char *key);
void kg_json_end(struct kg_json *j);
void kg_json_u64(struct kg_json *j, const char *key, uint64_t v);
/* "%.*f" with @prec decimals; null when @v is not finite */
void kg_json_double_prec(struct kg_json *j, const char *key, double v, int prec);
/* "%f", as fio; null when @v is not finite */
void kg_json_double(struct kg_json *j, const char *key, double v);
void kg_json_bool(struct kg_json *j, const char *key, bool v);
void kg_json_string(struct kg_json *j, const char *key, const char *s);
void kg_json_stringf(struct kg_json *j, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* KIOGEN_CTL_JSON_H */
