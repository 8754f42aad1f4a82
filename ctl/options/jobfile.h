/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio job files: [section] headers, [global], key=value lines, comments,
 * include and ${VAR}, read into the same jobs the command line makes. Each
 * option goes through kg_parse_option(), so values and errors are the
 * command line's, with the file and line in front.
 */
#ifndef KIOGEN_CTL_JOBFILE_H
#define KIOGEN_CTL_JOBFILE_H

#include <stdbool.h>
#include <stdio.h>

struct kg_jobs;

/* --section=NAME: only these sections run; @seen says which were found. */
struct kg_sections {
	const char **names;
	bool *seen;
	unsigned int nr;	/* 0: every section */
	/* a section whose options go onto the job before it (kiogen ab's [b]) */
	const char *over;
};

/**
 * kg_jobfile_parse() - one job file's jobs into @js
 * @js: [global] options go to its defaults, each other section is a job
 * @path: the file, or "-" for stdin
 * @only: the sections to keep
 * @err: messages, each "kiogen: FILE:LINE: ..."
 *
 * Return: 0, or -EINVAL after a message.
 */
int kg_jobfile_parse(struct kg_jobs *js, const char *path, const struct kg_sections *only,
		     FILE *err);

#endif /* KIOGEN_CTL_JOBFILE_H */
