// SPDX-License-Identifier: GPL-2.0
/*
 * The metadata engines of the syscall path, fio's filecreate, filestat,
 * filedelete, dircreate, dirstat and dirdelete: each I/O is one operation on
 * one file of the job's directory (the target fd), named and ordered as the
 * kernel's engine names and orders them (include/kiogen/meta.h), through
 * the syscalls behind them: openat(O_CREAT | O_EXCL), pwrite() of filesize
 * bytes in bs chunks, fsync() when asked and close(); newfstatat() without
 * following a symlink; unlinkat(); mkdirat(); unlinkat(AT_REMOVEDIR). A file
 * that could not be made whole is removed again, as in the kernel.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <kiogen/meta.h>

#include "core/cli.h"
#include "options/options.h"
#include "system/target.h"
#include "syscall.h"

struct kg_meta {
	enum kiog_meta_op op;
	uint32_t jobnum;	/* fio's $jobnum of this worker */
	const char *format;
	char name[KIOGEN_META_NAME_MAX + 1];
};

/* The name of file @filenum; the CLI checked the format (kg_job_finish_meta()). */
static int kg_meta_name(struct kg_sys_worker *w, char *buf, uint32_t filenum)
{
	const struct kg_meta *m = w->priv;

	return kiog_meta_name(buf, KIOGEN_META_NAME_MAX + 1, m->format,
			      w->job->name, m->jobnum, filenum);
}

static int kg_meta_init(struct kg_sys_worker *w)
{
	const struct kg_job *j = w->job, *first = j - w->job_index;
	char a[KIOGEN_META_NAME_MAX + 1], b[KIOGEN_META_NAME_MAX + 1];
	struct kg_meta *m;
	uint32_t i;

	m = calloc(1, sizeof(*m));
	if (!m) {
		fprintf(stderr, "kiogen: %s: cannot allocate a worker: %s\n", j->name,
			strerror(ENOMEM));
		return -ENOMEM;
	}
	w->priv = m;
	m->op = kiog_meta_op_of(j->engine);
	m->format = j->filename_format[0] ? j->filename_format : KIOG_META_FORMAT_DEFAULT;
	/* jobs in order, each job's workers in order: as the kernel counts */
	for (i = 0; i < w->job_index; i++)
		m->jobnum += first[i].numjobs;
	m->jobnum += w->index;
	if (kg_meta_name(w, a, 0) < 0 || kg_meta_name(w, b, j->nrfiles - 1) < 0) {
		fprintf(stderr, "kiogen: %s: filename_format: gives a name that is empty, \".\", \"..\", longer than %u bytes or has a '/'\n",
			j->name, KIOGEN_META_NAME_MAX);
		return -EINVAL;
	}
	w->wl.digest = kiog_meta_digest(w->wl.digest, m->op, j->meta_filesize,
					j->meta_filesize_min, a, b);
	return 0;
}

static void kg_meta_exit(struct kg_sys_worker *w)
{
	free(w->priv);
	w->priv = NULL;
}

static int kg_meta_create(struct kg_sys_worker *w, struct kg_sys_slot *s,
			  const char *name, uint32_t filenum)
{
	const struct kg_job *j = w->job;
	const struct kg_meta *m = w->priv;
	uint64_t size = kiog_meta_filesize(j->seed, j->meta_filesize_min, j->meta_filesize,
					   m->jobnum, filenum);
	uint64_t pos = 0;
	int fd, err = 0;

	fd = openat(w->fd, name, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	while (pos < size) {
		size_t n = size - pos < j->bs ? size - pos : j->bs;
		ssize_t ret = pwrite(fd, s->buf, n, pos);

		if (ret <= 0) {
			err = ret < 0 ? -errno : -EIO;
			break;
		}
		pos += ret;
	}
	if (!err && j->fsync && fsync(fd))
		err = -errno;
	if (close(fd) && !err)
		err = -errno;
	if (err)
		unlinkat(w->fd, name, 0);
	return err;
}

static void kg_meta_submit(struct kg_sys_worker *w, struct kg_sys_slot *s)
{
	struct kg_meta *m = w->priv;
	uint32_t filenum = (s->offset - w->job->offset) / w->job->bs;
	struct stat st;
	int err;

	if (kg_meta_name(w, m->name, filenum) < 0) {
		kg_sys_slot_complete(w, s, -ENAMETOOLONG, kg_sys_now_ns());
		return;
	}
	switch (m->op) {
	case KIOG_META_FILECREATE:
		err = kg_meta_create(w, s, m->name, filenum);
		break;
	case KIOG_META_FILESTAT:
	case KIOG_META_DIRSTAT:
		err = fstatat(w->fd, m->name, &st, AT_SYMLINK_NOFOLLOW) ? -errno : 0;
		break;
	case KIOG_META_FILEDELETE:
		err = unlinkat(w->fd, m->name, 0) ? -errno : 0;
		break;
	case KIOG_META_DIRCREATE:
		err = mkdirat(w->fd, m->name, 0755) ? -errno : 0;
		break;
	case KIOG_META_DIRDELETE:
		err = unlinkat(w->fd, m->name, AT_REMOVEDIR) ? -errno : 0;
		break;
	default:
		err = -EINVAL;
		break;
	}
	kg_sys_slot_complete(w, s, err ? err : (long)s->len, kg_sys_now_ns());
}

/* Everything completed in submit: there is never anything to wait for. */
static int kg_meta_reap(struct kg_sys_worker *w, uint32_t min, uint32_t max)
{
	(void)w;
	(void)min;
	(void)max;
	return 0;
}

const struct kg_sys_engine kg_sys_engine_meta = {
	.name		= "meta",
	.needs_buffers	= true,
	.max_depth	= 1,
	.init		= kg_meta_init,
	.exit		= kg_meta_exit,
	.submit		= kg_meta_submit,
	.reap		= kg_meta_reap,
};

/*
 * Puts a metadata job's directory in the state its operation starts from:
 * none of its names for filecreate and dircreate, all of them (empty files,
 * or directories) for the others. Untimed, before each run of
 * "kiogen compare", so that both paths start from the same directory.
 */
static int kg_meta_prepare_job(const struct kg_job *j, uint32_t jobnum, uint64_t size)
{
	enum kiog_meta_op op = kiog_meta_op_of(j->engine);
	const char *fmt = j->filename_format[0] ? j->filename_format : KIOG_META_FORMAT_DEFAULT;
	bool dirs = op >= KIOG_META_DIRCREATE;
	char name[KIOGEN_META_NAME_MAX + 1];
	struct stat st;
	uint32_t w, f;
	int dfd, fd, err = 0;

	dfd = open(j->filename, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return -errno;
	for (w = 0; w < j->numjobs && !err; w++) {
		for (f = 0; f < j->nrfiles && !err; f++) {
			if (kiog_meta_name(name, sizeof(name), fmt, j->name, jobnum + w, f) < 0) {
				err = -EINVAL;
				break;
			}
			if (op == KIOG_META_FILECREATE || op == KIOG_META_DIRCREATE) {
				if (unlinkat(dfd, name, dirs ? AT_REMOVEDIR : 0) && errno != ENOENT)
					err = -errno;
			} else if (dirs) {
				if (mkdirat(dfd, name, 0755) && errno != EEXIST)
					err = -errno;
			} else {
				fd = openat(dfd, name, O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
				if (fd < 0)
					err = -errno;
				else if (size && !fstat(fd, &st) && (uint64_t)st.st_size < size)
					err = kg_target_layout(fd, st.st_size, size, j->fallocate,
							       !j->no_create_fsync);
				if (fd >= 0)
					close(fd);
			}
		}
	}
	close(dfd);
	return err;
}

/*
 * The directories of @js's metadata jobs: all of them (@layout false), or
 * only the files filestat and filedelete jobs with filesize find (true).
 */
static int kg_meta_prepare_jobs(const struct kg_jobs *js, bool layout, FILE *info)
{
	uint32_t i, jobnum = 0;
	int err;

	for (i = 0; i < js->nr_jobs; i++) {
		const struct kg_job *j = &js->jobs[i];

		if (layout && j->meta_layout)
			fprintf(info, "%s: Laying out IO files (%u files / total %" PRIu64 "MiB)\n",
				j->name, j->numjobs * j->nrfiles,
				(uint64_t)j->numjobs * j->nrfiles * j->meta_layout >> 20);
		if (kiog_meta_op_of(j->engine) != KIOG_META_NONE && (!layout || j->meta_layout)) {
			err = kg_meta_prepare_job(j, jobnum, j->meta_layout);
			if (err) {
				fprintf(stderr, "kiogen: %s: directory: cannot prepare %s for %s: %s\n",
					j->name, j->filename, j->ioengine, strerror(-err));
				return KG_EXIT_FAIL;
			}
		}
		jobnum += j->numjobs;
	}
	return KG_EXIT_OK;
}

int kg_meta_prepare(const struct kg_jobs *js)
{
	return kg_meta_prepare_jobs(js, false, stderr);
}

int kg_meta_layout(const struct kg_jobs *js, FILE *info)
{
	return kg_meta_prepare_jobs(js, true, info);
}
