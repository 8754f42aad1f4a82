/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small JSON reader: parses a whole document into a tree that the caller
 * walks by key. Enough for result files (fio's and kiogen's); numbers are
 * doubles, which holds every counter those files carry below 2^53.
 */
#ifndef KIOGEN_CTL_JSON_READ_H
#define KIOGEN_CTL_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>

enum kg_jv_type {
	KG_JV_NULL,
	KG_JV_BOOL,
	KG_JV_NUM,
	KG_JV_STR,
	KG_JV_ARR,
	KG_JV_OBJ,
};

struct kg_jv {
	enum kg_jv_type type;
	char *key;		/* member name in its object, else NULL */
	char *str;		/* KG_JV_STR */
	double num;		/* KG_JV_NUM; 0/1 for KG_JV_BOOL */
	struct kg_jv *child;	/* first member or element */
	struct kg_jv *next;	/* next sibling */
};

/*
 * Parses @text; text before the first '{' or '[' is skipped (fio may print
 * notes there). Returns the tree, or NULL with why in @err.
 */
struct kg_jv *kg_jv_parse(const char *text, char *err, size_t errlen);
/* Reads and parses the file @path; NULL with why in @err. */
struct kg_jv *kg_jv_load(const char *path, char *err, size_t errlen);
void kg_jv_free(struct kg_jv *v);

/* The member @key of object @v, or NULL (also when @v is not an object). */
const struct kg_jv *kg_jv_get(const struct kg_jv *v, const char *key);
/* Members by a path of keys ending with NULL: kg_jv_at(job, "read", "iops", NULL) */
const struct kg_jv *kg_jv_at(const struct kg_jv *v, ...) __attribute__((sentinel));
/* @v's number, or @dflt if @v is NULL or not a number */
double kg_jv_num(const struct kg_jv *v, double dflt);
/* @v's string, or NULL */
const char *kg_jv_str(const struct kg_jv *v);
/* elements or members of an array or object */
size_t kg_jv_len(const struct kg_jv *v);

#endif /* KIOGEN_CTL_JSON_READ_H */
