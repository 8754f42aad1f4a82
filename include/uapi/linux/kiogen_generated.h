/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/kiogen.yaml */
/* YNL-GEN uapi header */

#ifndef _UAPI_LINUX_KIOGEN_GENERATED_H
#define _UAPI_LINUX_KIOGEN_GENERATED_H

#define KIOGEN_FAMILY_NAME	"kiogen"
#define KIOGEN_FAMILY_VERSION	3

#define KIOGEN_NAME_LEN		64
#define KIOGEN_PATH_LEN		4096
#define KIOGEN_ENGINE_LEN	16
#define KIOGEN_DEPTH_BUCKETS	7
#define KIOGEN_MIN_BS		512
#define KIOGEN_MAX_BS		16777216
#define KIOGEN_MAX_NUMJOBS	1024
#define KIOGEN_MAX_IODEPTH	4096
#define KIOGEN_MAX_NRFILES	16777216
#define KIOGEN_META_NAME_MAX	255

/**
 * enum kiogen_rw - Access pattern, fio's rw=.
 */
enum kiogen_rw {
	KIOGEN_RW_READ = 1,
	KIOGEN_RW_WRITE,
	KIOGEN_RW_RANDREAD,
	KIOGEN_RW_RANDWRITE,
	KIOGEN_RW_RW,
	KIOGEN_RW_RANDRW,
	KIOGEN_RW_TRIM,
	KIOGEN_RW_RANDTRIM,
	KIOGEN_RW_TRIMWRITE,

	/* private: */
	__KIOGEN_RW_MAX,
	KIOGEN_RW_MAX = (__KIOGEN_RW_MAX - 1)
};

/**
 * enum kiogen_dir - Direction of an I/O, and the index of its statistics, in
 *   fio's order (its ddir).
 */
enum kiogen_dir {
	KIOGEN_DIR_READ,
	KIOGEN_DIR_WRITE,
	KIOGEN_DIR_TRIM,
	KIOGEN_DIR_SYNC,

	/* private: */
	__KIOGEN_DIR_MAX,
	KIOGEN_DIR_MAX = (__KIOGEN_DIR_MAX - 1)
};

/**
 * enum kiogen_lat - Which latency a histogram counts (hist kind).
 * @KIOGEN_LAT_LAT: build to completion, fio's lat
 * @KIOGEN_LAT_CLAT: issue to completion, fio's clat
 * @KIOGEN_LAT_SPLIT_BUILD: latency split (job latency-split): from the I/O
 *   being chosen to the engine's submit call
 * @KIOGEN_LAT_SPLIT_SUBMIT: latency split: inside the submit call (file system
 *   and block layer submission, tag waits; the syscall on the syscall path)
 * @KIOGEN_LAT_SPLIT_DEVICE: latency split: from the submit call's return (or
 *   the plug's flush) to the completion callback: driver, device and
 *   completion
 * @KIOGEN_LAT_SPLIT_REAP: latency split: from the completion callback to the
 *   worker seeing it
 * @KIOGEN_LAT_SCHED: scheduled time to completion, kiogen's: a rate-limited
 *   job's open-loop latency, counted from when the I/O was due
 * @KIOGEN_LAT_BLK_FS: block phases (job latency-split, bio and kiocb engines):
 *   from the engine's call to its first bio reaching the block layer (Q); sent
 *   for files only, where it is the file system's share
 * @KIOGEN_LAT_BLK_Q2G: block phases: bio queued (Q) to request allocated (G),
 *   btt's Q2G
 * @KIOGEN_LAT_BLK_G2I: block phases: request allocated to inserted (I), btt's
 *   G2I; a request issued directly (no insert) counts G to issue (D) here
 * @KIOGEN_LAT_BLK_I2D: block phases: inserted to issued to the driver (D):
 *   scheduler dwell, btt's I2D
 * @KIOGEN_LAT_BLK_D2C: block phases: issued to completed (C): driver and
 *   device, btt's D2C
 * @KIOGEN_LAT_BLK_C2E: block phases: request completed to kiogen's completion
 *   callback
 */
enum kiogen_lat {
	KIOGEN_LAT_LAT,
	KIOGEN_LAT_CLAT,
	KIOGEN_LAT_SPLIT_BUILD,
	KIOGEN_LAT_SPLIT_SUBMIT,
	KIOGEN_LAT_SPLIT_DEVICE,
	KIOGEN_LAT_SPLIT_REAP,
	KIOGEN_LAT_SCHED,
	KIOGEN_LAT_BLK_FS,
	KIOGEN_LAT_BLK_Q2G,
	KIOGEN_LAT_BLK_G2I,
	KIOGEN_LAT_BLK_I2D,
	KIOGEN_LAT_BLK_D2C,
	KIOGEN_LAT_BLK_C2E,
};

/**
 * enum kiogen_run_state
 * @KIOGEN_STATE_DONE: every worker reached its end condition
 * @KIOGEN_STATE_STOPPED: stopped by request or by its socket closing
 * @KIOGEN_STATE_FAILED: a worker hit an error and the run ended
 */
enum kiogen_run_state {
	KIOGEN_STATE_RUNNING = 1,
	KIOGEN_STATE_DONE,
	KIOGEN_STATE_STOPPED,
	KIOGEN_STATE_FAILED,
};

/**
 * enum kiogen_event - What a run-event reports.
 * @KIOGEN_EVENT_CREATED: run-new registered the run
 * @KIOGEN_EVENT_STARTED: its workers were started
 * @KIOGEN_EVENT_PROGRESS: every 500 ms while it runs
 * @KIOGEN_EVENT_ENDED: its workers ended; the state says how
 * @KIOGEN_EVENT_DELETED: run-del removed it; the last event of a run
 */
enum kiogen_event {
	KIOGEN_EVENT_CREATED = 1,
	KIOGEN_EVENT_STARTED,
	KIOGEN_EVENT_PROGRESS,
	KIOGEN_EVENT_ENDED,
	KIOGEN_EVENT_DELETED,
};

/**
 * enum kiogen_blk_tp - block tracepoints the block phases are stamped from
 *   (btt's actions)
 */
enum kiogen_blk_tp {
	KIOGEN_BLK_TP_BIO_QUEUE = 1,
	KIOGEN_BLK_TP_GETRQ = 2,
	KIOGEN_BLK_TP_RQ_INSERT = 4,
	KIOGEN_BLK_TP_RQ_ISSUE = 8,
	KIOGEN_BLK_TP_RQ_COMPLETE = 16,
};

/**
 * enum kiogen_run_flags - Flags of a run (flags, run flags).
 * @KIOGEN_RUN_F_DETACHED: the run survives its socket closing
 */
enum kiogen_run_flags {
	KIOGEN_RUN_F_DETACHED = 1,
};

/**
 * enum kiogen_mode - How each worker issues I/O (job mode).
 * @KIOGEN_MODE_ASYNC: up to iodepth in flight, reaped as they complete
 * @KIOGEN_MODE_SYNC: submit one, wait for it (psync semantics)
 */
enum kiogen_mode {
	KIOGEN_MODE_ASYNC,
	KIOGEN_MODE_SYNC,
};

/**
 * enum kiogen_coe - Errors of these kinds are counted, not fatal (job
 *   continue-on-error), as fio's continue_on_error: EIO of a read (read), of a
 *   write or a sync (write), EILSEQ (verify). Any other errno ends the worker.
 */
enum kiogen_coe {
	KIOGEN_COE_READ = 1,
	KIOGEN_COE_WRITE = 2,
	KIOGEN_COE_VERIFY = 4,
};

/**
 * enum kiogen_fallocate - How a client lays a file out before the run (fio's
 *   fallocate=).
 * @KIOGEN_FALLOCATE_NONE: write it out
 * @KIOGEN_FALLOCATE_NATIVE: fallocate(), then write it out
 * @KIOGEN_FALLOCATE_KEEP: fallocate() with FALLOC_FL_KEEP_SIZE, then write it
 *   out
 * @KIOGEN_FALLOCATE_TRUNCATE: ftruncate() to the size, then write it out
 */
enum kiogen_fallocate {
	KIOGEN_FALLOCATE_NONE,
	KIOGEN_FALLOCATE_NATIVE,
	KIOGEN_FALLOCATE_KEEP,
	KIOGEN_FALLOCATE_TRUNCATE,
};

/**
 * enum kiogen_file_service - Which of a job's files the next I/O goes to
 *   (fio's file_service_type).
 * @KIOGEN_FILE_SERVICE_ROUNDROBIN: the next file after file-service-nr I/Os
 *   (fio's default)
 * @KIOGEN_FILE_SERVICE_RANDOM: a file drawn uniformly after file-service-nr
 *   I/Os
 * @KIOGEN_FILE_SERVICE_SEQUENTIAL: one file until it is done, then the next
 */
enum kiogen_file_service {
	KIOGEN_FILE_SERVICE_ROUNDROBIN,
	KIOGEN_FILE_SERVICE_RANDOM,
	KIOGEN_FILE_SERVICE_SEQUENTIAL,
};

#define KIOGEN_MAX_FDS		4095
#define KIOGEN_MAX_ZONES	16

/**
 * enum kiogen_random_distribution - How a random pattern picks its blocks
 *   (fio's random_distribution); all but random draw with replacement, without
 *   the random map, as fio.
 * @KIOGEN_RANDOM_DISTRIBUTION_RANDOM: uniform
 * @KIOGEN_RANDOM_DISTRIBUTION_ZIPF: Zipf, theta in job dist-param
 * @KIOGEN_RANDOM_DISTRIBUTION_PARETO: Pareto, h in job dist-param
 * @KIOGEN_RANDOM_DISTRIBUTION_NORMAL: fio's normal (gauss), deviation in job
 *   dist-param
 * @KIOGEN_RANDOM_DISTRIBUTION_ZONED: job zones, sizes in percent of the region
 * @KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS: job zones, sizes in bytes
 */
enum kiogen_random_distribution {
	KIOGEN_RANDOM_DISTRIBUTION_RANDOM,
	KIOGEN_RANDOM_DISTRIBUTION_ZIPF,
	KIOGEN_RANDOM_DISTRIBUTION_PARETO,
	KIOGEN_RANDOM_DISTRIBUTION_NORMAL,
	KIOGEN_RANDOM_DISTRIBUTION_ZONED,
	KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS,
};

/**
 * enum kiogen_rate_process - When a rate-limited job's I/Os are due (fio's
 *   rate_process).
 * @KIOGEN_RATE_PROCESS_LINEAR: evenly spaced, by the bytes (or I/Os) issued so
 *   far
 * @KIOGEN_RATE_PROCESS_POISSON: exponentially distributed gaps of the same
 *   mean
 */
enum kiogen_rate_process {
	KIOGEN_RATE_PROCESS_LINEAR,
	KIOGEN_RATE_PROCESS_POISSON,
};

#define KIOGEN_MAX_CPUS	2048

/**
 * enum kiogen_cpus_allowed_policy - How a job's workers share its CPUs (fio's
 *   cpus_allowed_policy).
 * @KIOGEN_CPUS_ALLOWED_POLICY_SHARED: every worker may run on every CPU of the
 *   set
 * @KIOGEN_CPUS_ALLOWED_POLICY_SPLIT: worker N (counted over the run's jobs, in
 *   order) runs on the N-th CPU of its job's set, round robin
 */
enum kiogen_cpus_allowed_policy {
	KIOGEN_CPUS_ALLOWED_POLICY_SHARED,
	KIOGEN_CPUS_ALLOWED_POLICY_SPLIT,
};

#define KIOGEN_MAX_PATTERN	64
#define KIOGEN_MAX_LOG_RING	16777216

/**
 * enum kiogen_verify - How written blocks are checked (fio's verify=). Every
 *   kind but pattern starts each block with a struct kiogen_verify_header.
 * @KIOGEN_VERIFY_NONE: no checking
 * @KIOGEN_VERIFY_MD5: md5 of the header and the data after it
 * @KIOGEN_VERIFY_CRC32C: crc32c (Castagnoli) of the header and the data after
 *   it
 * @KIOGEN_VERIFY_PATTERN: no header; every byte is job verify-pattern's
 * @KIOGEN_VERIFY_META: the header alone (offset, run, job, worker, sequence)
 */
enum kiogen_verify {
	KIOGEN_VERIFY_NONE,
	KIOGEN_VERIFY_MD5,
	KIOGEN_VERIFY_CRC32C,
	KIOGEN_VERIFY_PATTERN,
	KIOGEN_VERIFY_META,
};

enum {
	KIOGEN_A_UNSPEC,
	KIOGEN_A_PAD,
	KIOGEN_A_INFO,
	KIOGEN_A_ID,
	KIOGEN_A_FLAGS,
	KIOGEN_A_JOB,
	KIOGEN_A_RUN,
	KIOGEN_A_WORKER,
	KIOGEN_A_HIST,
	KIOGEN_A_SAMPLES,
	KIOGEN_A_LOG,
	KIOGEN_A_LIVE,
	KIOGEN_A_LOG_DRAIN,
	KIOGEN_A_EVENT,

	__KIOGEN_A_MAX,
	KIOGEN_A_MAX = (__KIOGEN_A_MAX - 1)
};

enum {
	KIOGEN_A_INFO_UNSPEC,
	KIOGEN_A_INFO_PAD,
	KIOGEN_A_INFO_MODULE_VERSION,
	KIOGEN_A_INFO_FAMILY_VERSION,
	KIOGEN_A_INFO_ENGINE,
	KIOGEN_A_INFO_MAX_WORKERS,
	KIOGEN_A_INFO_MAX_IODEPTH,
	KIOGEN_A_INFO_MAX_BS,
	KIOGEN_A_INFO_MAX_MEM,
	KIOGEN_A_INFO_MAX_RUNS,
	KIOGEN_A_INFO_HIST_BITS,
	KIOGEN_A_INFO_HIST_GROUPS,
	KIOGEN_A_INFO_SAMPLE_NS,
	KIOGEN_A_INFO_MEM_USED,
	KIOGEN_A_INFO_CLOCK,

	__KIOGEN_A_INFO_MAX,
	KIOGEN_A_INFO_MAX = (__KIOGEN_A_INFO_MAX - 1)
};

enum {
	KIOGEN_A_JOB_UNSPEC,
	KIOGEN_A_JOB_PAD,
	KIOGEN_A_JOB_NAME,
	KIOGEN_A_JOB_FILENAME,
	KIOGEN_A_JOB_ENGINE,
	KIOGEN_A_JOB_MODE,
	KIOGEN_A_JOB_RW,
	KIOGEN_A_JOB_RWMIXREAD,
	KIOGEN_A_JOB_BS,
	KIOGEN_A_JOB_OFFSET,
	KIOGEN_A_JOB_SIZE,
	KIOGEN_A_JOB_NUMJOBS,
	KIOGEN_A_JOB_IODEPTH,
	KIOGEN_A_JOB_RUNTIME_NS,
	KIOGEN_A_JOB_RAMP_NS,
	KIOGEN_A_JOB_TIME_BASED,
	KIOGEN_A_JOB_NUMBER_IOS,
	KIOGEN_A_JOB_IO_SIZE,
	KIOGEN_A_JOB_SEED,
	KIOGEN_A_JOB_NORANDOMMAP,
	KIOGEN_A_JOB_DIRECT,
	KIOGEN_A_JOB_INVALIDATE,
	KIOGEN_A_JOB_FSYNC,
	KIOGEN_A_JOB_FDATASYNC,
	KIOGEN_A_JOB_END_FSYNC,
	KIOGEN_A_JOB_FILESIZE,
	KIOGEN_A_JOB_FALLOCATE,
	KIOGEN_A_JOB_CONTINUE_ON_ERROR,
	KIOGEN_A_JOB_FD,
	KIOGEN_A_JOB_IODEPTH_BATCH_SUBMIT,
	KIOGEN_A_JOB_IODEPTH_BATCH_COMPLETE_MIN,
	KIOGEN_A_JOB_IODEPTH_BATCH_COMPLETE_MAX,
	KIOGEN_A_JOB_IODEPTH_LOW,
	KIOGEN_A_JOB_HIPRI,
	KIOGEN_A_JOB_PERCENTAGE_RANDOM,
	KIOGEN_A_JOB_THINKTIME_NS,
	KIOGEN_A_JOB_THINKTIME_BLOCKS,
	KIOGEN_A_JOB_STARTDELAY_NS,
	KIOGEN_A_JOB_RANDOM_DISTRIBUTION,
	KIOGEN_A_JOB_DIST_PARAM,
	KIOGEN_A_JOB_ZONES,
	KIOGEN_A_JOB_NRFILES,
	KIOGEN_A_JOB_META_FILESIZE,
	KIOGEN_A_JOB_FILENAME_FORMAT,
	KIOGEN_A_JOB_LATENCY_SPLIT,
	KIOGEN_A_JOB_RATE_READ,
	KIOGEN_A_JOB_RATE_WRITE,
	KIOGEN_A_JOB_RATE_IOPS_READ,
	KIOGEN_A_JOB_RATE_IOPS_WRITE,
	KIOGEN_A_JOB_RATE_MIN_READ,
	KIOGEN_A_JOB_RATE_MIN_WRITE,
	KIOGEN_A_JOB_RATE_IOPS_MIN_READ,
	KIOGEN_A_JOB_RATE_IOPS_MIN_WRITE,
	KIOGEN_A_JOB_RATE_PROCESS,
	KIOGEN_A_JOB_RATE_CYCLE_MS,
	KIOGEN_A_JOB_LOG_AVG_NS,
	KIOGEN_A_JOB_LOG_HIST_NS,
	KIOGEN_A_JOB_LOG_MAX,
	KIOGEN_A_JOB_BS_WRITE,
	KIOGEN_A_JOB_BS_MAX,
	KIOGEN_A_JOB_BS_WRITE_MAX,
	KIOGEN_A_JOB_BSSPLIT,
	KIOGEN_A_JOB_BLOCKSIZE_UNALIGNED,
	KIOGEN_A_JOB_BLOCKALIGN,
	KIOGEN_A_JOB_BLOCKALIGN_WRITE,
	KIOGEN_A_JOB_RW_SEQ_NR,
	KIOGEN_A_JOB_RW_SEQ_ADD,
	KIOGEN_A_JOB_RW_SEQUENCER,
	KIOGEN_A_JOB_OFFSET_INCREMENT,
	KIOGEN_A_JOB_LOOPS,
	KIOGEN_A_JOB_META_FILESIZE_MIN,
	KIOGEN_A_JOB_CPUS_ALLOWED,
	KIOGEN_A_JOB_CPUS_ALLOWED_POLICY,
	KIOGEN_A_JOB_NUMA_CPU_NODES,
	KIOGEN_A_JOB_NICE,
	KIOGEN_A_JOB_PRIO,
	KIOGEN_A_JOB_PRIOCLASS,
	KIOGEN_A_JOB_VERIFY,
	KIOGEN_A_JOB_DO_VERIFY,
	KIOGEN_A_JOB_VERIFY_ONLY,
	KIOGEN_A_JOB_VERIFY_FATAL,
	KIOGEN_A_JOB_VERIFY_BACKLOG,
	KIOGEN_A_JOB_VERIFY_PATTERN,
	KIOGEN_A_JOB_BUFFER_PATTERN,
	KIOGEN_A_JOB_ZERO_BUFFERS,
	KIOGEN_A_JOB_REFILL_BUFFERS,
	KIOGEN_A_JOB_SCRAMBLE_BUFFERS,
	KIOGEN_A_JOB_BUFFER_COMPRESS_PERCENTAGE,
	KIOGEN_A_JOB_BUFFER_COMPRESS_CHUNK,
	KIOGEN_A_JOB_DEDUPE_PERCENTAGE,
	KIOGEN_A_JOB_BS_TRIM,
	KIOGEN_A_JOB_LOG_RING,
	KIOGEN_A_JOB_FDS,
	KIOGEN_A_JOB_FILE_SERVICE_TYPE,
	KIOGEN_A_JOB_FILE_SERVICE_NR,
	KIOGEN_A_JOB_OPENFILES,
	KIOGEN_A_JOB_FILE_REGIONS,
	KIOGEN_A_JOB_RATE_TRIM,
	KIOGEN_A_JOB_RATE_IOPS_TRIM,
	KIOGEN_A_JOB_RATE_MIN_TRIM,
	KIOGEN_A_JOB_RATE_IOPS_MIN_TRIM,
	KIOGEN_A_JOB_THINKTIME_SPIN_NS,
	KIOGEN_A_JOB_THINKTIME_IOTIME_NS,
	KIOGEN_A_JOB_RATE_IGNORE_THINKTIME,
	KIOGEN_A_JOB_MAX_LATENCY_READ,
	KIOGEN_A_JOB_MAX_LATENCY_WRITE,
	KIOGEN_A_JOB_MAX_LATENCY_TRIM,
	KIOGEN_A_JOB_EXITALL,
	KIOGEN_A_JOB_EXITALL_ON_ERROR,
	KIOGEN_A_JOB_IGNORE_ERROR,

	__KIOGEN_A_JOB_MAX,
	KIOGEN_A_JOB_MAX = (__KIOGEN_A_JOB_MAX - 1)
};

enum {
	KIOGEN_A_RUN_UNSPEC,
	KIOGEN_A_RUN_PAD,
	KIOGEN_A_RUN_ID,
	KIOGEN_A_RUN_STATE,
	KIOGEN_A_RUN_FLAGS,
	KIOGEN_A_RUN_NR_JOBS,
	KIOGEN_A_RUN_NR_WORKERS,
	KIOGEN_A_RUN_ELAPSED_NS,
	KIOGEN_A_RUN_IOS,
	KIOGEN_A_RUN_BYTES,
	KIOGEN_A_RUN_ERRORS,
	KIOGEN_A_RUN_ERROR,
	KIOGEN_A_RUN_MEM,
	KIOGEN_A_RUN_JOB_NAME,
	KIOGEN_A_RUN_LAYOUT_DONE,
	KIOGEN_A_RUN_LAYOUT_TOTAL,
	KIOGEN_A_RUN_LAYOUT_NS,

	__KIOGEN_A_RUN_MAX,
	KIOGEN_A_RUN_MAX = (__KIOGEN_A_RUN_MAX - 1)
};

enum {
	KIOGEN_A_WORKER_UNSPEC,
	KIOGEN_A_WORKER_PAD,
	KIOGEN_A_WORKER_JOB,
	KIOGEN_A_WORKER_INDEX,
	KIOGEN_A_WORKER_ELAPSED_NS,
	KIOGEN_A_WORKER_CPU_USR_NS,
	KIOGEN_A_WORKER_CPU_SYS_NS,
	KIOGEN_A_WORKER_CTX_VOL,
	KIOGEN_A_WORKER_CTX_INVOL,
	KIOGEN_A_WORKER_MEM,
	KIOGEN_A_WORKER_DEPTHS,
	KIOGEN_A_WORKER_DIGEST,
	KIOGEN_A_WORKER_ISSUED,
	KIOGEN_A_WORKER_ERROR,
	KIOGEN_A_WORKER_DIR,
	KIOGEN_A_WORKER_SUBMIT,
	KIOGEN_A_WORKER_COMPLETE,
	KIOGEN_A_WORKER_SPLIT_IOS,
	KIOGEN_A_WORKER_SPLIT_SUM,
	KIOGEN_A_WORKER_BLK_IOS,
	KIOGEN_A_WORKER_BLK_SUM,
	KIOGEN_A_WORKER_BLK_UNQUEUED,
	KIOGEN_A_WORKER_BLK_NORQ,
	KIOGEN_A_WORKER_BLK_INSERTED,
	KIOGEN_A_WORKER_BLK_TRACEPOINTS,
	KIOGEN_A_WORKER_BLK_FILE,
	KIOGEN_A_WORKER_VERIFY,
	KIOGEN_A_WORKER_STAMPS_BEHIND,

	__KIOGEN_A_WORKER_MAX,
	KIOGEN_A_WORKER_MAX = (__KIOGEN_A_WORKER_MAX - 1)
};

enum {
	KIOGEN_A_DIR_UNSPEC,
	KIOGEN_A_DIR_PAD,
	KIOGEN_A_DIR_DIR,
	KIOGEN_A_DIR_IOS,
	KIOGEN_A_DIR_BYTES,
	KIOGEN_A_DIR_ERRORS,
	KIOGEN_A_DIR_SHORT,
	KIOGEN_A_DIR_LAT_MIN,
	KIOGEN_A_DIR_LAT_MAX,
	KIOGEN_A_DIR_LAT_SUM,
	KIOGEN_A_DIR_LAT_SQSUM_HI,
	KIOGEN_A_DIR_LAT_SQSUM_LO,
	KIOGEN_A_DIR_SLAT_MIN,
	KIOGEN_A_DIR_SLAT_MAX,
	KIOGEN_A_DIR_SLAT_SUM,
	KIOGEN_A_DIR_SLAT_SQSUM_HI,
	KIOGEN_A_DIR_SLAT_SQSUM_LO,
	KIOGEN_A_DIR_CLAT_MIN,
	KIOGEN_A_DIR_CLAT_MAX,
	KIOGEN_A_DIR_CLAT_SUM,
	KIOGEN_A_DIR_CLAT_SQSUM_HI,
	KIOGEN_A_DIR_CLAT_SQSUM_LO,
	KIOGEN_A_DIR_SCHED_IOS,
	KIOGEN_A_DIR_SCHED_MIN,
	KIOGEN_A_DIR_SCHED_MAX,
	KIOGEN_A_DIR_SCHED_SUM,
	KIOGEN_A_DIR_SCHED_SQSUM_HI,
	KIOGEN_A_DIR_SCHED_SQSUM_LO,
	KIOGEN_A_DIR_INLINE_IOS,

	__KIOGEN_A_DIR_MAX,
	KIOGEN_A_DIR_MAX = (__KIOGEN_A_DIR_MAX - 1)
};

enum {
	KIOGEN_A_HIST_UNSPEC,
	KIOGEN_A_HIST_PAD,
	KIOGEN_A_HIST_JOB,
	KIOGEN_A_HIST_WORKER,
	KIOGEN_A_HIST_DIR,
	KIOGEN_A_HIST_BITS,
	KIOGEN_A_HIST_GROUPS,
	KIOGEN_A_HIST_FIRST,
	KIOGEN_A_HIST_COUNTS,
	KIOGEN_A_HIST_KIND,

	__KIOGEN_A_HIST_MAX,
	KIOGEN_A_HIST_MAX = (__KIOGEN_A_HIST_MAX - 1)
};

enum {
	KIOGEN_A_SAMPLES_UNSPEC,
	KIOGEN_A_SAMPLES_PAD,
	KIOGEN_A_SAMPLES_JOB,
	KIOGEN_A_SAMPLES_WORKER,
	KIOGEN_A_SAMPLES_INTERVAL_NS,
	KIOGEN_A_SAMPLES_FIRST,
	KIOGEN_A_SAMPLES_DATA,

	__KIOGEN_A_SAMPLES_MAX,
	KIOGEN_A_SAMPLES_MAX = (__KIOGEN_A_SAMPLES_MAX - 1)
};

enum {
	KIOGEN_A_LOG_UNSPEC,
	KIOGEN_A_LOG_PAD,
	KIOGEN_A_LOG_JOB,
	KIOGEN_A_LOG_WORKER,
	KIOGEN_A_LOG_AVG_NS,
	KIOGEN_A_LOG_HIST_NS,
	KIOGEN_A_LOG_FIRST,
	KIOGEN_A_LOG_WINDOWS,
	KIOGEN_A_LOG_HIST,
	KIOGEN_A_LOG_HIST_LOST,
	KIOGEN_A_LOG_IO,
	KIOGEN_A_LOG_IO_LOST,

	__KIOGEN_A_LOG_MAX,
	KIOGEN_A_LOG_MAX = (__KIOGEN_A_LOG_MAX - 1)
};

enum kiogen_cmd {
	KIOGEN_CMD_UNSPEC,
	KIOGEN_CMD_INFO_GET,
	KIOGEN_CMD_RUN_NEW,
	KIOGEN_CMD_RUN_STOP,
	KIOGEN_CMD_RUN_GET,
	KIOGEN_CMD_RUN_DEL,
	KIOGEN_CMD_RESULTS_GET,
	KIOGEN_CMD_RUN_EVENT,

	__KIOGEN_CMD_MAX,
	KIOGEN_CMD_MAX = (__KIOGEN_CMD_MAX - 1)
};

#define KIOGEN_MCGRP_EVENTS	"events"

#endif /* _UAPI_LINUX_KIOGEN_GENERATED_H */
