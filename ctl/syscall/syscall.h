/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The syscall path's internals, shared by its core (ctl/syscall/syscall.c) and its
 * engines (ctl/syscall/engine-*.c): the per-worker state that mirrors the kernel's
 * struct kiog_worker, the I/O slot that mirrors struct kiog_slot, and the
 * ops table each engine fills. The core owns the loop, the workload
 * generator and the statistics; an engine only starts I/O and hands each
 * finished slot back with kg_sys_slot_complete().
 */
#ifndef KIOGEN_CTL_SYSCALL_H
#define KIOGEN_CTL_SYSCALL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <kiogen/core.h>
#include <kiogen/loop.h>
#include <kiogen/split.h>
#include <kiogen/rate.h>
#include <kiogen/buffer.h>
#include <kiogen/verify.h>

#include "core/job.h"

struct kg_sys_worker;
struct kg_sys_gate;

/**
 * struct kg_sys_slot - one I/O in flight: where, what, when, how it ended
 * @next: on the worker's list of finished slots
 * @index: position in the worker's slot array; the registered buffer index
 * @buf: data buffer, @buf_len bytes, page aligned; NULL for the null engine
 * @buf_len: bytes allocated, a whole number of fill chunks
 * @file: which of the worker's files (struct kiog_io's)
 * @fd: that file's descriptor
 *
 * Where, what and its clock stamps (CLOCK_MONOTONIC) are the loop's, as the
 * kernel's slot's (KIOG_LOOP_IO, include/kiogen/loop.h): @issue_ns is when
 * the engine's commit returned (for engines without a commit, the start).
 */
struct kg_sys_slot {
	struct kg_sys_slot *next;
	uint32_t index;
	void *buf;
	size_t buf_len;
	KIOG_LOOP_IO;
	uint32_t file;
	int fd;
};

/**
 * struct kg_sys_engine - one way of issuing I/O from user space
 * @name: engine name, as printed
 * @needs_buffers: whether slots need data buffers (and an open target)
 * @max_depth: I/Os in flight per worker the engine can hold; 0 = iodepth
 * @init: set up per-worker engine state in @w->priv before the clock
 *	starts (optional); on failure prints what went wrong, naming the
 *	option, and returns a negative errno, leaving @w->priv NULL or set
 *	up far enough for @exit
 * @exit: release what @init set up (optional)
 * @submit: start the I/O of one slot; may complete it at once
 * @commit: push the slots submitted since the last call to the kernel
 *	(optional); a negative errno is fatal for the worker
 * @reap: complete finished slots: wait until at least @min have finished
 *	(0: do not wait), hand back at most @max of them (0: all). Returns
 *	the number completed or a negative errno, which is fatal for the
 *	worker except -EINTR
 * @sync: fsync (or fdatasync with @datasync) the target, in the worker,
 *	as the kernel's engines do; 0 or a negative errno (optional: without
 *	it fsync= and friends do nothing, as on the kernel's null engine)
 */
struct kg_sys_engine {
	const char *name;
	bool needs_buffers;
	uint32_t max_depth;
	int (*init)(struct kg_sys_worker *w);
	void (*exit)(struct kg_sys_worker *w);
	void (*submit)(struct kg_sys_worker *w, struct kg_sys_slot *s);
	int (*commit)(struct kg_sys_worker *w);
	int (*reap)(struct kg_sys_worker *w, uint32_t min, uint32_t max);
	int (*sync)(struct kg_sys_worker *w, bool datasync);
};

extern const struct kg_sys_engine kg_sys_engine_psync;
extern const struct kg_sys_engine kg_sys_engine_uring;
extern const struct kg_sys_engine kg_sys_engine_libaio;
extern const struct kg_sys_engine kg_sys_engine_posixaio;
extern const struct kg_sys_engine kg_sys_engine_null;
extern const struct kg_sys_engine kg_sys_engine_meta;

/**
 * struct kg_sys_worker - one thread of a job and everything it owns
 * @job: the job as parsed; read-only
 * @eng: the engine chosen for the job
 * @job_index: index of @job in the run
 * @index: worker index in the job
 * @fd: the job's (first) target; -1 for the null engine
 * @fds: the worker's files, @nr_fds of them (&@fd when it has one)
 * @wl_files: where the generator keeps each file's position; NULL: one
 * @depth: slots, the most I/Os in flight
 * @slots: @depth slots
 * @free: stack of idle slots, @nr_free of them
 * @done: finished slots not yet accounted, LIFO
 * @nr_done: slots on @done
 * @batch: the slots of the batch being built, until it is issued
 * @priv: engine state
 * @res: results, filled from @core at the end; the samples change owner
 * @gate: where the thread waits until every worker of the run is ready
 * @thread: the pthread running this worker
 */
struct kg_sys_worker {
	const struct kg_job *job;
	const struct kg_sys_engine *eng;
	uint32_t job_index, index;
	int fd;
	int *fds;
	uint32_t nr_fds;
	struct kiog_wl_file *wl_files;
	uint32_t depth;
	uint32_t max_bs;		/* bytes: the largest I/O, a buffer's size */
	struct kg_sys_slot *slots;
	struct kg_sys_slot **free;
	uint32_t nr_free;
	struct kg_sys_slot *done;
	uint32_t nr_done;
	struct kg_sys_slot **batch;
	void *priv;
	/*
	 * generator, core, rate limits, verify, buffer contents, sync file,
	 * in flight: what the shared loop drives, configured and driven as
	 * the kernel's (kiogen/loop.h)
	 */
	KIOG_LOOP_STATE;
	struct kg_worker res;
	struct kg_sys_gate *gate;
	pthread_t thread;
	bool finished;			/* its thread is about to return (atomic) */
	uint8_t trim_kind;		/* ctl/syscall/trim.c: 0 unknown, 1 file, 2 device */
	uint32_t place_index;		/* among the run's workers, jobs in order */
	uint64_t fill_seed;		/* its buffers' contents (kg_sys_worker_setup()) */
	int setup_error;		/* buffers or engine failed, said (main reads) */
};

/**
 * kg_sys_trim() - issue a trim and complete it, whatever the engine
 * @w: the worker
 * @s: the slot, a KIOGEN_DIR_TRIM I/O
 */
void kg_sys_trim(struct kg_sys_worker *w, struct kg_sys_slot *s);

/**
 * kg_trim_check() - can the target of a trimming job trim?
 * @j: the job
 * @fd: its target, open
 *
 * Return: KG_EXIT_OK, or KG_EXIT_USAGE after saying why (a block device
 *	that does not discard).
 */
int kg_trim_check(const struct kg_job *j, int fd);

/**
 * kg_sys_now_ns() - CLOCK_MONOTONIC in nanoseconds, the clock of every
 *	timestamp on the syscall path
 *
 * Return: nanoseconds.
 */
uint64_t kg_sys_now_ns(void);

/**
 * kg_sys_fsync() - the @sync op of engines with a file descriptor
 * @w: the worker
 * @datasync: fdatasync() instead of fsync()
 *
 * Return: 0 or a negative errno.
 */
int kg_sys_fsync(struct kg_sys_worker *w, bool datasync);

/**
 * kg_sys_slot_complete() - hand a finished I/O back to its worker
 * @w: the worker that submitted @s
 * @s: the slot
 * @res: bytes transferred, or a negative errno
 * @now: completion time from kg_sys_now_ns(), shared by a batch
 *
 * Called from the worker's own thread only, inside @submit or @reap.
 */
void kg_sys_slot_complete(struct kg_sys_worker *w, struct kg_sys_slot *s,
			  long res, uint64_t now);

/* Runs the jobs from this process through syscalls (ctl/syscall/syscall.c). */
int kg_syscall_run(const struct kg_jobs *js, struct kg_run_result *r);
/*
 * Puts the directories of metadata jobs in the state their operation starts
 * from (ctl/syscall/engine-meta.c); returns an exit code, said.
 */
int kg_meta_prepare(const struct kg_jobs *js);
/*
 * fio's filesize of filestat and filedelete jobs: their files that are
 * missing or short, laid out, as fio does before such a job; an exit code.
 */
int kg_meta_layout(const struct kg_jobs *js, FILE *info);

#endif /* KIOGEN_CTL_SYSCALL_H */
