/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A job's target as this process opens it, for both paths: the kernel path
 * passes the file descriptor to the module, the syscall path issues I/O on
 * it. Opening with the user's own credentials and flags, laying a file out
 * to the size the job needs, sizing the target and dropping its cached
 * pages (fio's invalidate) all happen here, before anything is measured.
 */
#ifndef KIOGEN_CTL_TARGET_H
#define KIOGEN_CTL_TARGET_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/job.h"

/* Bytes per layout write, as the module used. */
#define KG_LAYOUT_CHUNK		(1U << 20)

/**
 * struct kg_target - an opened target, or a job's opened files
 * @fd: the open file descriptor, @fds[0]; -1 when closed or for the null
 *	engine
 * @fds: every file of the job (kg_job_file_path() order), @nr_fds of them
 * @worker_files: files of each worker: all @nr_fds, or a share each
 * @file: a regular file is among them
 * @bdev: a block device is among them
 * @bytes: size of the smallest once laid out
 * @min_align: bytes that bs and offset must be multiples of: the O_DIRECT
 *	alignment of a file, the logical block size of a device, else 1 (the
 *	largest of the files')
 * @laid_out: bytes written by the layout, 0 if the files were big enough
 * @file_bytes: the size of each of @fds
 * @regions: bytes of each file's region from the offset when each has its
 *	own (fio's, kg_target_regions()); NULL: the job's size for all
 * @region_min: the smallest of @regions
 */
struct kg_target {
	int fd;
	int *fds;
	uint32_t nr_fds;
	uint32_t worker_files;
	bool file;
	bool bdev;
	uint64_t bytes;
	uint32_t min_align;
	uint64_t laid_out;
	uint64_t *file_bytes;
	uint64_t *regions;
	uint64_t region_min;
	void *locked;		/* fio's lockmem: pinned until kg_target_unpin() */
	size_t locked_len;
};

/**
 * enum kg_target_use - who will issue the I/O on the descriptor
 * @KG_TARGET_KERNEL: the module; it claims a written block device itself,
 *	so the descriptor must not hold an O_EXCL claim
 * @KG_TARGET_SYSCALL: this process; a written block device is opened
 *	O_EXCL, the user-space form of the exclusive claim
 */
enum kg_target_use {
	KG_TARGET_KERNEL,
	KG_TARGET_SYSCALL,
};

/**
 * kg_target_writes() - whether a job writes its target
 * @j: the job
 *
 * Return: true for every rw= mode but read and randread.
 */
bool kg_target_writes(const struct kg_job *j);

/**
 * kg_target_open() - open a job's target, laid out and with a cold cache
 * @j: the job: filename, rw, size, offset, filesize, fallocate, invalidate
 * @direct: open with O_DIRECT
 * @use: which path issues the I/O
 * @t: filled in; t->fd is -1 on failure
 * @info: where the "Laying out IO file" line goes
 *
 * A regular file shorter than the job needs (the larger of filesize and
 * offset + size) is created or extended first, as fio does, through a
 * separate buffered descriptor: never without a size, and cut back to its
 * old size (removed, if it was created here) when that fails or Ctrl-C
 * stops it. Then the target is opened read-only, or read-write when the job
 * writes, with O_DIRECT as asked, and with invalidate=1 its cached pages are
 * dropped.
 *
 * Return: KG_EXIT_OK, or the exit code after saying why in words, naming
 * the option (a layout stopped by Ctrl-C is KG_EXIT_OK with t->fd -1).
 */
int kg_target_open(const struct kg_job *j, bool direct, enum kg_target_use use,
		   struct kg_target *t, FILE *info);

/**
 * kg_targets_lay_out() - lay the jobs' files out, and no more (fio's create_only)
 * @js: the jobs; the null engine's and the metadata engines' are skipped
 *	(kg_meta_layout() lays the latter out)
 * @info: where the "Laying out IO file" lines go
 *
 * Each data job's short or missing files, as kg_target_open() lays them
 * out, in job order; nothing is opened for I/O. Stops at Ctrl-C.
 *
 * Return: KG_EXIT_OK, or the exit code after saying why in words.
 */
struct kg_jobs;
int kg_targets_lay_out(const struct kg_jobs *js, FILE *info);

/**
 * kg_jobs_resolve_pct() - size=N%, offset=N%, io_size=N%, file_append into bytes
 * @js: the parsed jobs; their percentages become byte counts
 * @err: where a refusal is said
 *
 * As fio, of the target's real size (a file's or a device's): the offset
 * aligned up to offset_align (default: the smallest block size), the size
 * capped at what the offset leaves and rounded down to the smallest block
 * size, io_size of the region. Before anything is laid out or run; so is
 * fio's file_append, the offset at the end of the job's regular files.
 *
 * Return: KG_EXIT_OK, or the exit code after saying why in words.
 */
int kg_jobs_resolve_pct(struct kg_jobs *js, FILE *err);

/**
 * kg_target_region_bytes() - each worker's region on an opened target
 * @j: the job
 * @t: its target, open; zeroed for the null engine
 *
 * As both paths resolve it: each file's own region, else size, else the
 * target past the offset, less the offset_increment shifts of the workers
 * after the first when no size was given.
 */
uint64_t kg_target_region_bytes(const struct kg_job *j, const struct kg_target *t);

/*
 * A worker's io_size: given, or its files' regions once each (fio's
 * default), @region bytes each; files with regions of their own (@t's
 * regions) give the workers' mean, each worker summing its own.
 */
uint64_t kg_target_io_bytes(const struct kg_job *j, const struct kg_target *t,
			    uint64_t region);

/**
 * kg_target_close() - close what kg_target_open() opened, every file
 * @t: the target; its fd becomes -1
 */
void kg_target_close(struct kg_target *t);

/**
 * kg_target_unpin() - let go of the memory fio's lockmem pinned
 * @t: the target, closed or not: the pin outlasts the files, which the
 *	kernel path closes once the module has them, until the run ends
 */
void kg_target_unpin(struct kg_target *t);

/**
 * kg_target_layout() - write a file out from one size to another
 * @fd: the file, open for writing, without O_DIRECT
 * @from: its size now, in bytes
 * @to: the size it must have
 * @mode: enum kiogen_fallocate: fallocate() the range first
 *	(native, keep: with FALLOC_FL_KEEP_SIZE), or ftruncate() to @to
 *	(truncate); a file system without fallocate() is written out all the
 *	same
 *
 * @sync: fsync() it when written (fio's create_fsync)
 *
 * Writes a pattern in KG_LAYOUT_CHUNK pieces, then fsync()s, stopping with
 * -EINTR at the first chunk after kg_interrupt_pending() says so. On any
 * failure the file is cut back to @from.
 *
 * Return: 0 or a negative errno.
 */
int kg_target_layout(int fd, uint64_t from, uint64_t to, uint32_t mode, bool sync);

/**
 * kg_target_done() - what fio does to a data job's files as it closes them
 * @j: the job, its run over
 *
 * fio's fsync_on_close: each file (or device) of a writing job fsynced;
 * then fio's unlink: each regular file removed, never a device node.
 * Nothing without either.
 *
 * Return: 0, or a negative errno after saying which file failed.
 */
int kg_target_done(const struct kg_job *j);

#endif /* KIOGEN_CTL_TARGET_H */
