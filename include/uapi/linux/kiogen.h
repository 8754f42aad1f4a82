/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR MIT) */
/*
 * kiogen generic netlink contract. This header is the only interface between
 * the kiogen module and its user-space clients: commands, attribute sets and
 * enums. Attributes start at 1 and are never renumbered; an incompatible
 * change bumps KIOGEN_FAMILY_VERSION.
 */
#ifndef _UAPI_LINUX_KIOGEN_H
#define _UAPI_LINUX_KIOGEN_H

#include <linux/types.h>

#define KIOGEN_FAMILY_NAME	"kiogen"
#define KIOGEN_FAMILY_VERSION	1
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
	KIOGEN_CMD_RUN_STOP,	/* do: stop a run and wait until it has stopped */
	KIOGEN_CMD_RUN_GET,	/* do: one run's status; dump: every run */
	KIOGEN_CMD_RUN_DEL,	/* do: delete a run that is no longer running */
	KIOGEN_CMD_RESULTS_GET,	/* dump: per-worker results of a finished run */
	KIOGEN_CMD_RUN_EVENT,	/* multicast "events": progress and completion */

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

/* KIOGEN_A_JOB_FALLOCATE: how a file is laid out before the run */
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
	KIOGEN_A_JOB_FILENAME,		/* string: block device path */
	KIOGEN_A_JOB_ENGINE,		/* string: "bio", "null" */
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
	KIOGEN_A_JOB_DIRECT,		/* flag: O_DIRECT (kiocb engine) */
	KIOGEN_A_JOB_INVALIDATE,	/* flag: drop cached pages before the run */
	KIOGEN_A_JOB_FSYNC,		/* u32: fsync every N writes */
	KIOGEN_A_JOB_FDATASYNC,		/* u32: fdatasync every N writes */
	KIOGEN_A_JOB_END_FSYNC,		/* flag: fsync when the writes are done */
	KIOGEN_A_JOB_FILESIZE,		/* u64: bytes a new file is laid out to */
	KIOGEN_A_JOB_FALLOCATE,		/* u32: enum kiogen_fallocate */
	KIOGEN_A_JOB_CONTINUE_ON_ERROR,	/* u32: KIOGEN_COE_* */

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
	KIOGEN_A_RUN_JOB_NAME,		/* string, repeated: one per job */
	KIOGEN_A_RUN_LAYOUT_DONE,	/* u64: bytes of files laid out so far */
	KIOGEN_A_RUN_LAYOUT_TOTAL,	/* u64: bytes to lay out before the run */
	KIOGEN_A_RUN_LAYOUT_NS,		/* u64: time the layout took */

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

	__KIOGEN_A_WORKER_MAX,
	KIOGEN_A_WORKER_MAX = __KIOGEN_A_WORKER_MAX - 1
};

/* Counters of one direction of one worker; latencies in ns. */
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
