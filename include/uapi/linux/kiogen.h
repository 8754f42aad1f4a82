/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR MIT) */
/*
 * kiogen generic netlink contract. This header is the only interface between
 * the kiogen module and its user-space clients: commands, attribute sets and
 * enums. Attributes start at 1 and are never renumbered; an incompatible
 * change bumps KIOGEN_FAMILY_VERSION.
 *
 * Version 2: targets are file descriptors the requester opened itself
 * (KIOGEN_A_JOB_FD); laying files out and dropping their cache are the
 * client's job, so the attributes that asked the kernel for them are refused.
 * Every command needs CAP_SYS_ADMIN, and a run is seen only from the network
 * namespace it was created in.
 */
#ifndef _UAPI_LINUX_KIOGEN_H
#define _UAPI_LINUX_KIOGEN_H

#include <linux/types.h>

#define KIOGEN_FAMILY_NAME	"kiogen"
#define KIOGEN_FAMILY_VERSION	2
#define KIOGEN_MCGRP_EVENTS	"events"

/* Length limits of string attributes, including the terminating NUL. */
#define KIOGEN_NAME_LEN		64
#define KIOGEN_PATH_LEN		4096
#define KIOGEN_ENGINE_LEN	16

/* Buckets of the "IO depths" distribution: 1, 2, 4, 8, 16, 32, >=64. */
#define KIOGEN_DEPTH_BUCKETS	7

enum kiogen_cmd {
	KIOGEN_CMD_UNSPEC,
	KIOGEN_CMD_INFO_GET,	/* do: module version, engines and limits */
	KIOGEN_CMD_RUN_NEW,	/* do: create and start a run of one or more jobs */
	KIOGEN_CMD_RUN_STOP,	/* do: ask a run to stop; returns at once */
	KIOGEN_CMD_RUN_GET,	/* do: one run's status; dump: every run */
	KIOGEN_CMD_RUN_DEL,	/* do: delete a run that is no longer running */
	KIOGEN_CMD_RESULTS_GET,	/* dump: per-worker results of a finished run */
	KIOGEN_CMD_RUN_EVENT,	/* multicast "events": progress, and the end of a run */

	__KIOGEN_CMD_MAX,
	KIOGEN_CMD_MAX = __KIOGEN_CMD_MAX - 1
};

/*
 * Start of every block kiogen writes, so the data can be checked afterwards.
 * Fields are in the host's byte order; the rest of the block is a pattern.
 */
#define KIOGEN_BLOCK_MAGIC	"KIOGEN1"
struct kiogen_block_header {
	char magic[8];		/* KIOGEN_BLOCK_MAGIC, NUL-terminated */
	__u64 offset;		/* bytes: where in the target this block went */
	__u32 run;		/* run id */
	__u32 job;		/* job index in the run */
	__u32 worker;		/* worker index in the job */
	__u32 pad;
	__u64 seq;		/* this worker's write sequence number, from 1 */
};

/* Access pattern, fio's rw= */
enum kiogen_rw {
	KIOGEN_RW_READ = 1,
	KIOGEN_RW_WRITE,
	KIOGEN_RW_RANDREAD,
	KIOGEN_RW_RANDWRITE,
	KIOGEN_RW_RW,
	KIOGEN_RW_RANDRW,

	__KIOGEN_RW_MAX,
	KIOGEN_RW_MAX = __KIOGEN_RW_MAX - 1
};

/* Direction of an I/O, and the index of its statistics */
enum kiogen_dir {
	KIOGEN_DIR_READ,
	KIOGEN_DIR_WRITE,
	KIOGEN_DIR_SYNC,

	__KIOGEN_DIR_MAX,
	KIOGEN_DIR_MAX = __KIOGEN_DIR_MAX - 1
};

/* Which latency a histogram counts (KIOGEN_A_HIST_KIND) */
enum kiogen_lat {
	KIOGEN_LAT_LAT,		/* build to completion: fio's lat */
	KIOGEN_LAT_CLAT,	/* issue to completion: fio's clat */
};

enum kiogen_run_state {
	KIOGEN_STATE_RUNNING = 1,
	KIOGEN_STATE_DONE,	/* every worker reached its end condition */
	KIOGEN_STATE_STOPPED,	/* stopped by request or by its socket closing */
	KIOGEN_STATE_FAILED,	/* a worker hit an error and the run ended */
};

/* KIOGEN_A_FLAGS, KIOGEN_A_RUN_FLAGS */
#define KIOGEN_RUN_F_DETACHED	(1U << 0)	/* survives its socket closing */

/* KIOGEN_A_JOB_MODE: how each worker issues I/O */
enum kiogen_mode {
	KIOGEN_MODE_ASYNC,	/* up to iodepth in flight, reaped as they complete */
	KIOGEN_MODE_SYNC,	/* submit one, wait for it (psync semantics) */
};

/* KIOGEN_A_JOB_CONTINUE_ON_ERROR: errors of these kinds are counted, not fatal */
#define KIOGEN_COE_READ		(1U << 0)
#define KIOGEN_COE_WRITE	(1U << 1)
#define KIOGEN_COE_SYNC		(1U << 2)
#define KIOGEN_COE_ALL		(KIOGEN_COE_READ | KIOGEN_COE_WRITE | KIOGEN_COE_SYNC)

/* How a client lays a file out before the run (fio's fallocate=) */
enum kiogen_fallocate {
	KIOGEN_FALLOCATE_NONE,		/* write it out */
	KIOGEN_FALLOCATE_NATIVE,	/* fallocate(), then write it out */
};

/* Top-level attributes of every command */
enum {
	KIOGEN_A_UNSPEC,
	KIOGEN_A_PAD,
	KIOGEN_A_INFO,		/* nest: KIOGEN_A_INFO_* */
	KIOGEN_A_ID,		/* u32: run id */
	KIOGEN_A_FLAGS,		/* u32: KIOGEN_RUN_F_* */
	KIOGEN_A_JOB,		/* nest, repeated: KIOGEN_A_JOB_* */
	KIOGEN_A_RUN,		/* nest: KIOGEN_A_RUN_* (status) */
	KIOGEN_A_WORKER,	/* nest: KIOGEN_A_WORKER_* (results) */
	KIOGEN_A_HIST,		/* nest: KIOGEN_A_HIST_* (a chunk of one histogram) */
	KIOGEN_A_SAMPLES,	/* nest: KIOGEN_A_SAMPLES_* (a chunk of interval samples) */

	__KIOGEN_A_MAX,
	KIOGEN_A_MAX = __KIOGEN_A_MAX - 1
};

enum {
	KIOGEN_A_INFO_UNSPEC,
	KIOGEN_A_INFO_PAD,
	KIOGEN_A_INFO_MODULE_VERSION,	/* string */
	KIOGEN_A_INFO_FAMILY_VERSION,	/* u32 */
	KIOGEN_A_INFO_ENGINE,		/* string, repeated: one per engine */
	KIOGEN_A_INFO_MAX_WORKERS,	/* u32: workers in one run */
	KIOGEN_A_INFO_MAX_IODEPTH,	/* u32: I/Os in flight per worker */
	KIOGEN_A_INFO_MAX_BS,		/* u32: bytes */
	KIOGEN_A_INFO_MAX_MEM,		/* u64: bytes of buffers over all runs */
	KIOGEN_A_INFO_MAX_RUNS,		/* u32: runs kept, running or finished */
	KIOGEN_A_INFO_HIST_BITS,	/* u32: see include/kiogen/hist.h */
	KIOGEN_A_INFO_HIST_GROUPS,	/* u32 */
	KIOGEN_A_INFO_SAMPLE_NS,	/* u64: interval of progress samples */
	KIOGEN_A_INFO_MEM_USED,		/* u64: bytes of buffers held now */

	__KIOGEN_A_INFO_MAX,
	KIOGEN_A_INFO_MAX = __KIOGEN_A_INFO_MAX - 1
};

enum {
	KIOGEN_A_JOB_UNSPEC,
	KIOGEN_A_JOB_PAD,
	KIOGEN_A_JOB_NAME,		/* string */
	KIOGEN_A_JOB_FILENAME,		/* string: the target's name, for reports only */
	KIOGEN_A_JOB_ENGINE,		/* string: "bio", "kiocb", "null" */
	KIOGEN_A_JOB_MODE,		/* u32: enum kiogen_mode */
	KIOGEN_A_JOB_RW,		/* u32: enum kiogen_rw */
	KIOGEN_A_JOB_RWMIXREAD,		/* u32: percent */
	KIOGEN_A_JOB_BS,		/* u32: bytes */
	KIOGEN_A_JOB_OFFSET,		/* u64: bytes */
	KIOGEN_A_JOB_SIZE,		/* u64: bytes; 0 = to the end of the target */
	KIOGEN_A_JOB_NUMJOBS,		/* u32: workers */
	KIOGEN_A_JOB_IODEPTH,		/* u32 */
	KIOGEN_A_JOB_RUNTIME_NS,	/* u64: 0 = no time limit */
	KIOGEN_A_JOB_RAMP_NS,		/* u64: excluded from results */
	KIOGEN_A_JOB_TIME_BASED,	/* flag: keep going until runtime */
	KIOGEN_A_JOB_NUMBER_IOS,	/* u64: per worker; 0 = unlimited */
	KIOGEN_A_JOB_IO_SIZE,		/* u64: bytes per worker; 0 = size */
	KIOGEN_A_JOB_SEED,		/* u64: fio randseed */
	KIOGEN_A_JOB_NORANDOMMAP,	/* flag */
	KIOGEN_A_JOB_DIRECT,		/* flag: O_DIRECT (kiocb: the fd must have it) */
	KIOGEN_A_JOB_INVALIDATE,	/* version 1 only: refused */
	KIOGEN_A_JOB_FSYNC,		/* u32: fsync every N writes */
	KIOGEN_A_JOB_FDATASYNC,		/* u32: fdatasync every N writes */
	KIOGEN_A_JOB_END_FSYNC,		/* flag: fsync when the writes are done */
	KIOGEN_A_JOB_FILESIZE,		/* version 1 only: refused */
	KIOGEN_A_JOB_FALLOCATE,		/* version 1 only: refused */
	KIOGEN_A_JOB_CONTINUE_ON_ERROR,	/* u32: KIOGEN_COE_* */
	KIOGEN_A_JOB_FD,		/* u32: the target, a file descriptor of the
					 * requesting process, opened by it with the
					 * access the job needs (O_RDWR to write,
					 * O_DIRECT with DIRECT); bio and kiocb */
	KIOGEN_A_JOB_IODEPTH_BATCH_SUBMIT, /* u32: I/Os submitted at once (fio's
					  * iodepth_batch_submit); 0: every free slot */
	KIOGEN_A_JOB_IODEPTH_BATCH_COMPLETE_MIN, /* u32: completions to wait for
						 * before reaping; 0: do not wait */
	KIOGEN_A_JOB_IODEPTH_BATCH_COMPLETE_MAX, /* u32: most completions reaped
						 * at once; 0: all */
	KIOGEN_A_JOB_IODEPTH_LOW,	/* u32: refill when in flight falls to this;
					 * 0: iodepth (fio's default) */
	KIOGEN_A_JOB_HIPRI,		/* flag: polled completions (REQ_POLLED) */

	__KIOGEN_A_JOB_MAX,
	KIOGEN_A_JOB_MAX = __KIOGEN_A_JOB_MAX - 1
};

enum {
	KIOGEN_A_RUN_UNSPEC,
	KIOGEN_A_RUN_PAD,
	KIOGEN_A_RUN_ID,		/* u32 */
	KIOGEN_A_RUN_STATE,		/* u32: enum kiogen_run_state */
	KIOGEN_A_RUN_FLAGS,		/* u32: KIOGEN_RUN_F_* */
	KIOGEN_A_RUN_NR_JOBS,		/* u32 */
	KIOGEN_A_RUN_NR_WORKERS,	/* u32 */
	KIOGEN_A_RUN_ELAPSED_NS,	/* u64: since start, or start to end */
	KIOGEN_A_RUN_IOS,		/* u64: completed so far, all workers */
	KIOGEN_A_RUN_BYTES,		/* u64 */
	KIOGEN_A_RUN_ERRORS,		/* u64: failed I/Os */
	KIOGEN_A_RUN_ERROR,		/* s32: first errno, 0 if none */
	KIOGEN_A_RUN_MEM,		/* u64: bytes of buffers the run holds */
	KIOGEN_A_RUN_JOB_NAME,		/* version 1 only: never sent (names are in
					 * the RUN_GET dump with an id) */
	KIOGEN_A_RUN_LAYOUT_DONE,	/* version 1 only: never sent */
	KIOGEN_A_RUN_LAYOUT_TOTAL,	/* version 1 only: never sent */
	KIOGEN_A_RUN_LAYOUT_NS,		/* version 1 only: never sent */

	__KIOGEN_A_RUN_MAX,
	KIOGEN_A_RUN_MAX = __KIOGEN_A_RUN_MAX - 1
};

enum {
	KIOGEN_A_WORKER_UNSPEC,
	KIOGEN_A_WORKER_PAD,
	KIOGEN_A_WORKER_JOB,		/* u32: job index in the run */
	KIOGEN_A_WORKER_INDEX,		/* u32: worker index in the job */
	KIOGEN_A_WORKER_ELAPSED_NS,	/* u64: measured time, ramp excluded */
	KIOGEN_A_WORKER_CPU_USR_NS,	/* u64 */
	KIOGEN_A_WORKER_CPU_SYS_NS,	/* u64 */
	KIOGEN_A_WORKER_CTX_VOL,	/* u64: voluntary context switches */
	KIOGEN_A_WORKER_CTX_INVOL,	/* u64: involuntary context switches */
	KIOGEN_A_WORKER_MEM,		/* u64: bytes of buffers */
	KIOGEN_A_WORKER_DEPTHS,		/* binary: u64[KIOGEN_DEPTH_BUCKETS] */
	KIOGEN_A_WORKER_DIGEST,		/* u64: hash of the issued I/O stream */
	KIOGEN_A_WORKER_ISSUED,		/* u64: I/Os issued (ramp included) */
	KIOGEN_A_WORKER_ERROR,		/* s32: first errno, 0 if none */
	KIOGEN_A_WORKER_DIR,		/* nest, repeated: KIOGEN_A_DIR_* */
	KIOGEN_A_WORKER_SUBMIT,		/* binary: u64[KIOGEN_DEPTH_BUCKETS], I/Os per
					 * submit call, fio's buckets 0 1-4 5-8 9-16
					 * 17-32 33-64 >64 */
	KIOGEN_A_WORKER_COMPLETE,	/* binary: same, I/Os per reap */

	__KIOGEN_A_WORKER_MAX,
	KIOGEN_A_WORKER_MAX = __KIOGEN_A_WORKER_MAX - 1
};

/*
 * Counters of one direction of one worker; latencies in ns, as fio defines
 * them: slat from the start of building the I/O to the moment its batch was
 * issued (the plug flushed), clat from then to its completion, lat the two
 * together. Sync mode issues each I/O as it is built: slat is not sent and
 * clat equals lat.
 */
enum {
	KIOGEN_A_DIR_UNSPEC,
	KIOGEN_A_DIR_PAD,
	KIOGEN_A_DIR_DIR,		/* u32: enum kiogen_dir */
	KIOGEN_A_DIR_IOS,		/* u64: completed */
	KIOGEN_A_DIR_BYTES,		/* u64 */
	KIOGEN_A_DIR_ERRORS,		/* u64 */
	KIOGEN_A_DIR_SHORT,		/* u64: completed with fewer bytes */
	KIOGEN_A_DIR_LAT_MIN,		/* u64 */
	KIOGEN_A_DIR_LAT_MAX,		/* u64 */
	KIOGEN_A_DIR_LAT_SUM,		/* u64 */
	KIOGEN_A_DIR_LAT_SQSUM_HI,	/* u64: upper half of the 128-bit sum of squares */
	KIOGEN_A_DIR_LAT_SQSUM_LO,	/* u64: lower half */
	KIOGEN_A_DIR_SLAT_MIN,		/* u64 */
	KIOGEN_A_DIR_SLAT_MAX,		/* u64 */
	KIOGEN_A_DIR_SLAT_SUM,		/* u64 */
	KIOGEN_A_DIR_SLAT_SQSUM_HI,	/* u64 */
	KIOGEN_A_DIR_SLAT_SQSUM_LO,	/* u64 */
	KIOGEN_A_DIR_CLAT_MIN,		/* u64 */
	KIOGEN_A_DIR_CLAT_MAX,		/* u64 */
	KIOGEN_A_DIR_CLAT_SUM,		/* u64 */
	KIOGEN_A_DIR_CLAT_SQSUM_HI,	/* u64 */
	KIOGEN_A_DIR_CLAT_SQSUM_LO,	/* u64 */

	__KIOGEN_A_DIR_MAX,
	KIOGEN_A_DIR_MAX = __KIOGEN_A_DIR_MAX - 1
};

/*
 * A chunk of one latency histogram: COUNTS holds u64 counts of consecutive
 * buckets starting at FIRST. All-zero chunks are not sent.
 */
enum {
	KIOGEN_A_HIST_UNSPEC,
	KIOGEN_A_HIST_PAD,
	KIOGEN_A_HIST_JOB,		/* u32 */
	KIOGEN_A_HIST_WORKER,		/* u32 */
	KIOGEN_A_HIST_DIR,		/* u32: enum kiogen_dir */
	KIOGEN_A_HIST_BITS,		/* u32: layout, see include/kiogen/hist.h */
	KIOGEN_A_HIST_GROUPS,		/* u32 */
	KIOGEN_A_HIST_FIRST,		/* u32: index of the first bucket */
	KIOGEN_A_HIST_COUNTS,		/* binary: u64[] */
	KIOGEN_A_HIST_KIND,		/* u32: enum kiogen_lat; absent: lat */

	__KIOGEN_A_HIST_MAX,
	KIOGEN_A_HIST_MAX = __KIOGEN_A_HIST_MAX - 1
};

/* One interval sample: cumulative counters at the end of the interval. */
struct kiogen_sample {
	__u64 ios[2];		/* read, write */
	__u64 bytes[2];
};

enum {
	KIOGEN_A_SAMPLES_UNSPEC,
	KIOGEN_A_SAMPLES_PAD,
	KIOGEN_A_SAMPLES_JOB,		/* u32 */
	KIOGEN_A_SAMPLES_WORKER,	/* u32 */
	KIOGEN_A_SAMPLES_INTERVAL_NS,	/* u64 */
	KIOGEN_A_SAMPLES_FIRST,		/* u32: index of the first sample */
	KIOGEN_A_SAMPLES_DATA,		/* binary: struct kiogen_sample[] */

	__KIOGEN_A_SAMPLES_MAX,
	KIOGEN_A_SAMPLES_MAX = __KIOGEN_A_SAMPLES_MAX - 1
};

#endif /* _UAPI_LINUX_KIOGEN_H */
