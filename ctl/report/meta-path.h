/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the metadata engines' kernel path does not do that their syscall
 * path does (ctl/report/meta-path.c): one table, said by the reports of a kernel
 * path run (text, JSON, kiogen meta) and matched by
 * Documentation/kiogen/metadata.rst.
 */
#ifndef KIOGEN_CTL_META_PATH_H
#define KIOGEN_CTL_META_PATH_H

#include <stdio.h>

#include <kiogen/meta.h>

#include "core/job.h"

struct kg_json;

/* a set of enum kiog_meta_op */
#define KG_META_OP(op)		(1u << (op))

/**
 * struct kg_meta_skip - one piece of the syscall layer's work the kernel path leaves out
 * @what: its name, as the report and JSON give it
 * @ops: the operations it concerns, KG_META_OP() bits
 * @detail: what it is and where the syscall does it, one sentence
 */
struct kg_meta_skip {
	const char *what;
	unsigned int ops;
	const char *detail;
};

/* The metadata operation of job @j (NULL: none): KIOG_META_NONE if none. */
static inline enum kiog_meta_op kg_job_meta_op(const struct kg_job *j)
{
	return j ? kiog_meta_op_of(j->ioengine) : KIOG_META_NONE;
}

extern const struct kg_meta_skip kg_meta_skips[];
extern const unsigned int kg_meta_nr_skips;
/* what the kernel path does as the syscalls do, one sentence */
extern const char kg_meta_kernel_does[];

/* The lines of the text report for operations @ops, each starting "kiogen ". */
void kg_meta_path_text(FILE *f, unsigned int ops);
/* The "kernel_path" object of the JSON report for operations @ops. */
void kg_meta_path_json(struct kg_json *j, unsigned int ops);

#endif /* KIOGEN_CTL_META_PATH_H */
