// SPDX-License-Identifier: GPL-2.0
/*
 * A data job's files, in fio's words: the names of filename= (a ':' list,
 * "\\:" a colon in a name) or nrfiles names from filename_format in
 * directory, each clone its own; how each file's region is sized (size
 * split over the files unless filesize); file_service_type. The names are
 * a function of the job, so laying out, opening and unlinking (ctl/system/target.c)
 * agree on them.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <kiogen/meta.h>
#include <kiogen/workload.h>

#include "options.h"

/*
 * Name @k of fio's filename list into @buf: ':' separates names, "\:" is a
 * colon within one. Returns its length, or -1 if there is no such name or it
 * does not fit.
 */
static int kg_list_name(const char *list, uint32_t k, char *buf, size_t len)
{
	uint32_t at = 0;
	size_t n = 0;
	const char *p;

	for (p = list;; p++) {
		char c = *p;

		if (c == '\\' && p[1] == ':') {
			c = ':';
			p++;
		} else if (c == ':' || !c) {
			if (at == k) {
				if (n >= len)
					return -1;
				buf[n] = 0;
				return (int)n;
			}
			if (!c)
				return -1;
			at++;
			continue;
		}
		if (at == k) {
			if (n + 1 >= len)
				return -1;
			buf[n++] = c;
		}
	}
}

uint32_t kg_job_nr_files(const struct kg_job *j)
{
	const char *p;
	uint32_t n = 1;

	if (j->files_generated)
		return j->nrfiles;
	for (p = j->filename; *p; p++) {
		if (*p == '\\' && p[1] == ':')
			p++;
		else if (*p == ':')
			n++;
	}
	return n;
}

uint32_t kg_job_files_total(const struct kg_job *j)
{
	return kg_job_nr_files(j) * (j->files_generated ? j->numjobs : 1);
}

int kg_job_file_path(const struct kg_job *j, uint32_t i, char *buf, size_t len)
{
	uint32_t nr = kg_job_nr_files(j);
	char name[KIOGEN_PATH_LEN];
	int n;

	if (j->files_generated)
		n = kiog_meta_name(name, sizeof(name), j->filename_format[0] ?
				   j->filename_format : KIOG_META_FORMAT_DEFAULT,
				   j->name, i / nr, i % nr);
	else
		n = kg_list_name(j->filename, i, name, sizeof(name));
	if (n <= 0)
		return -1;
	/* fio: directory= prefixes the names that are not absolute */
	if (j->directory[0] && name[0] != '/')
		n = snprintf(buf, len, "%s/%s", j->directory, name);
	else
		n = snprintf(buf, len, "%s", name);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

uint64_t kg_job_file_size(const struct kg_job *j, uint32_t i)
{
	uint32_t nr = kg_job_nr_files(j);
	uint32_t min_bs = j->bs_write && j->bs_write < j->bs ? j->bs_write : j->bs;
	uint64_t v;

	if (!j->filesize_lo)
		return j->filesize;
	/* fio's get_rand_file_size(): in the range, down to the smallest block */
	v = kiog_meta_filesize(j->seed, j->filesize_lo, j->filesize, i / nr, i % nr);
	return min_bs ? v - v % min_bs : v;
}

/* fio's file_service_type=TYPE[:N] */
int kg_opt_file_service(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
			const char *v, FILE *err)
{
	const struct kg_opt_value *pv;
	const char *colon;
	uint32_t n = 1;

	(void)js;
	pv = kg_posval_word(o, v, &colon);
	if (!pv) {
		fprintf(err, "kiogen: file_service_type: '%s' is not random, roundrobin or sequential (with :N, I/Os before the next file)%s\n",
			v, !strncmp(v, "zipf", 4) || !strncmp(v, "pareto", 6) ||
			!strncmp(v, "normal", 6) || !strncmp(v, "gauss", 5) ?
			"; fio's zipf, pareto and normal over files are not supported" : "");
		return -EINVAL;
	}
	if (colon && kg_parse_count(colon + 1, &n)) {
		fprintf(err, "kiogen: file_service_type: '%s': after ':' a count of I/Os to a file before the next, at least 1\n",
			v);
		return -EINVAL;
	}
	j->file_service_type = pv->oval;
	j->file_service_nr = n;
	return 0;
}

const char *kg_file_service_show(const struct kg_job *j, char *buf, size_t len)
{
	static const char *const names[] = { "roundrobin", "random", "sequential" };

	if (j->file_service_type == KIOGEN_FILE_SERVICE_ROUNDROBIN && j->file_service_nr <= 1)
		return NULL;
	if (j->file_service_nr > 1)
		snprintf(buf, len, "%s:%u", names[j->file_service_type], j->file_service_nr);
	else
		snprintf(buf, len, "%s", names[j->file_service_type]);
	return buf;
}

/*
 * A data job's files: fio's filename list, or nrfiles generated names when
 * directory, nrfiles or filename_format is given without a filename. With
 * several files, size is split over them (fio: size / nrfiles each, unless
 * filesize) and io_size stays the total.
 */
/* @name to the job's filename list, a ':' in it escaped */
static int kg_filename_add(struct kg_job *j, const char *name, FILE *err)
{
	size_t at = strlen(j->filename);
	const char *p;

	for (p = name; *p && at + 3 < sizeof(j->filename); p++) {
		if (p == name && at)
			j->filename[at++] = ':';
		if (*p == ':')
			j->filename[at++] = '\\';
		j->filename[at++] = *p;
	}
	j->filename[at] = '\0';
	if (*p) {
		fprintf(err, "kiogen: %s: opendir: its files take more than %zu characters as a filename list\n",
			j->name, sizeof(j->filename) - 1);
		return -EINVAL;
	}
	return 0;
}

/* fio's opendir: every regular file of @dir and below, in name order */
static int kg_opendir_add(struct kg_job *j, const char *dir, FILE *err)
{
	char path[KIOGEN_PATH_LEN];
	struct dirent **ents;
	struct stat st;
	int n, i, ret = 0;

	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0) {
		fprintf(err, "kiogen: %s: opendir: cannot read %s: %s\n", j->name, dir,
			strerror(errno));
		return -EINVAL;
	}
	for (i = 0; i < n; i++) {
		const char *e = ents[i]->d_name;

		if (!ret && strcmp(e, ".") && strcmp(e, "..") &&
		    (size_t)snprintf(path, sizeof(path), "%s/%s", dir, e) < sizeof(path) &&
		    !lstat(path, &st)) {
			if (S_ISDIR(st.st_mode))
				ret = kg_opendir_add(j, path, err);
			else if (S_ISREG(st.st_mode))
				ret = kg_filename_add(j, path, err);
		}
		free(ents[i]);
	}
	free(ents);
	return ret;
}

int kg_job_finish_files(struct kg_job *j, FILE *err, FILE *info)
{
	char path[KIOGEN_PATH_LEN];
	uint32_t i, nr;
	const char *p;

	(void)info;
	if (j->opendir[0]) {
		if (kg_opendir_add(j, j->opendir, err))
			return -EINVAL;
		if (!j->filename[0]) {
			fprintf(err, "kiogen: %s: opendir: no regular file in %s\n", j->name, j->opendir);
			return -EINVAL;
		}
		j->opendir[0] = '\0';	/* once: the job is finished again per phase */
	}
	/* filesize=LOW-HIGH of a data job: each file a size of its own */
	if (j->meta_filesize_min) {
		j->filesize_lo = j->meta_filesize_min;
		j->meta_filesize_min = 0;
		if (j->filesize_lo < j->offset + j->bs) {
			fprintf(err, "kiogen: %s: filesize: LOW (%" PRIu64 ") leaves no block after offset\n",
				j->name, j->filesize_lo);
			return -EINVAL;
		}
	}
	if (!j->filename[0] && (j->directory[0] || j->nrfiles > 1 || j->filename_format[0]))
		j->files_generated = true;
	if (j->directory[0]) {
		for (p = j->directory; *p; p++)
			if (*p == ':' && (p == j->directory || p[-1] != '\\')) {
				fprintf(err, "kiogen: %s: directory: one directory (fio's list of directories for the clones is not supported)\n",
					j->name);
				return -EINVAL;
			}
	}
	if (!j->filename[0] && !j->files_generated)
		return 0;
	nr = kg_job_nr_files(j);
	if (nr > KIOGEN_MAX_FDS + 1 || kg_job_files_total(j) > KIOGEN_MAX_FDS + 1) {
		fprintf(err, "kiogen: %s: nrfiles: %u files in all, kiogen takes %u a job\n",
			j->name, kg_job_files_total(j), KIOGEN_MAX_FDS + 1);
		return -EINVAL;
	}
	for (i = 0; i < kg_job_files_total(j); i++)
		if (kg_job_file_path(j, i, path, sizeof(path))) {
			fprintf(err, "kiogen: %s: %s: file %u has no name (empty, too long, or a '/' from filename_format)\n",
				j->name, j->files_generated ? "filename_format" : "filename", i);
			return -EINVAL;
		}
	if (!j->files_generated)
		j->nrfiles = nr;	/* fio: the list wins over nrfiles */
	if (j->files_generated) {
		/* the report's filename: where the files are */
		snprintf(j->filename, sizeof(j->filename), "%s", j->directory[0] ? j->directory : ".");
	}
	if (nr == 1)
		return 0;
	if (j->verify != KIOGEN_VERIFY_NONE) {
		fprintf(err, "kiogen: %s: verify: not with several files yet\n", j->name);
		return -EINVAL;
	}
	/* fio's per-file size; io_size is all of them */
	if (j->size && !j->io_size)
		j->io_size = j->size;
	if (j->filesize_lo)
		j->size = 0;	/* each file's own: kg_target_open() */
	else if (j->filesize)
		j->size = j->filesize;
	else if (j->size)
		j->size /= nr;
	if (j->size && j->size < j->bs) {
		fprintf(err, "kiogen: %s: size: %u files of less than one block (bs) each\n",
			j->name, nr);
		return -EINVAL;
	}
	return 0;
}
