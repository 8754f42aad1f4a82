/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * A job's plain fields, listed once. The kernel's config (struct
 * kiog_job_cfg) and the CLI's job (struct kg_job) get their members from
 * this list; the kernel's parse and put, the CLI's encode, decode and
 * attribute names, and the fuzzer's schema are loops over it. Bounds are
 * the spec's (Documentation/netlink/specs/kiogen.yaml, enforced by the
 * generated policy); the CLI's option table says how a user writes each
 * field and fio's default.
 *
 * X(field, ATTR, TYPE, dflt, option)
 *	field	the member, in both structs
 *	ATTR	its attribute, KIOGEN_A_JOB_<ATTR>
 *	TYPE	U32, U64, S32, FLAG (absent when false), ZONES (struct
 *		kiog_zones, absent when empty; bssplit's table and the
 *		CPU and node bitmaps too) or PATTERN (struct kiog_pattern,
 *		absent when empty)
 *	dflt	the kernel's value when the attribute is absent
 *	option	fio's name of the option, for messages
 *
 * The worker core's policy (struct kiog_core_cfg) is the first list, the
 * workload generator's stream (struct kiog_wl_cfg) the second; the strings
 * (name, filename, engine) and the fd are not plain fields.
 */
#ifndef _KIOGEN_JOB_H
#define _KIOGEN_JOB_H

#ifdef __KERNEL__
#include <linux/types.h>
#define KIOG_FIELD_T_U32	u32
#define KIOG_FIELD_T_U64	u64
#define KIOG_FIELD_T_S32	s32
#else
#include <stdbool.h>
#include <stdint.h>
#define KIOG_FIELD_T_U32	uint32_t
#define KIOG_FIELD_T_U64	uint64_t
#define KIOG_FIELD_T_S32	int32_t
#endif
#define KIOG_FIELD_T_FLAG	bool
#define KIOG_FIELD_T_ZONES	struct kiog_zones
#define KIOG_FIELD_T_PATTERN	struct kiog_pattern

#include <linux/kiogen.h>

/* KIOGEN_A_JOB_ZONES: @nr packed zones (KIOGEN_ZONE()); more than fit is refused */
struct kiog_zones {
	__u32 nr;
	__u64 z[2 * KIOGEN_MAX_ZONES];
};

/* KIOGEN_A_JOB_VERIFY_PATTERN: @len bytes; more than fit is refused */
struct kiog_pattern {
	__u32 len;
	__u8 b[KIOGEN_MAX_PATTERN];
};

/* what ends a worker, when it syncs, which errors it survives */
#define KIOG_JOB_CORE_FIELDS(X)						\
	X(ramp_ns,		RAMP_NS,		U64, 0, "ramp_time")	\
	X(runtime_ns,		RUNTIME_NS,		U64, 0, "runtime")	\
	X(number_ios,		NUMBER_IOS,		U64, 0, "number_ios")	\
	X(io_size,		IO_SIZE,		U64, 0, "io_size")	\
	X(fsync,		FSYNC,			U32, 0, "fsync")	\
	X(fdatasync,		FDATASYNC,		U32, 0, "fdatasync")	\
	X(continue_on_error,	CONTINUE_ON_ERROR,	U32, 0, "continue_on_error") \
	X(time_based,		TIME_BASED,		FLAG, 0, "time_based")	\
	X(end_fsync,		END_FSYNC,		FLAG, 0, "end_fsync")	\
	X(thinktime_ns,		THINKTIME_NS,		U64, 0, "thinktime")	\
	X(thinktime_blocks,	THINKTIME_BLOCKS,	U32, 1, "thinktime_blocks") \
	X(startdelay_ns,	STARTDELAY_NS,		U64, 0, "startdelay")	\
	X(rate_read,		RATE_READ,		U64, 0, "rate")		\
	X(rate_write,		RATE_WRITE,		U64, 0, "rate")		\
	X(rate_iops_read,	RATE_IOPS_READ,		U32, 0, "rate_iops")	\
	X(rate_iops_write,	RATE_IOPS_WRITE,	U32, 0, "rate_iops")	\
	X(rate_min_read,	RATE_MIN_READ,		U64, 0, "rate_min")	\
	X(rate_min_write,	RATE_MIN_WRITE,		U64, 0, "rate_min")	\
	X(rate_iops_min_read,	RATE_IOPS_MIN_READ,	U32, 0, "rate_iops_min") \
	X(rate_iops_min_write,	RATE_IOPS_MIN_WRITE,	U32, 0, "rate_iops_min") \
	X(rate_trim,		RATE_TRIM,		U64, 0, "rate")		\
	X(rate_iops_trim,	RATE_IOPS_TRIM,		U32, 0, "rate_iops")	\
	X(rate_min_trim,	RATE_MIN_TRIM,		U64, 0, "rate_min")	\
	X(rate_iops_min_trim,	RATE_IOPS_MIN_TRIM,	U32, 0, "rate_iops_min") \
	X(rate_process,		RATE_PROCESS,		U32, 0, "rate_process")	\
	X(rate_cycle_ms,	RATE_CYCLE_MS,		U32, 1000, "ratecycle")	\
	X(log_avg_ns,		LOG_AVG_NS,		U64, 0, "log_avg_msec")	\
	X(log_hist_ns,		LOG_HIST_NS,		U64, 0, "log_hist_msec") \
	X(log_max,		LOG_MAX,		FLAG, 0, "log_max_value")	\
	X(loops,		LOOPS,			U32, 1, "loops")	\
	X(log_ring,		LOG_RING,		U32, 0, "log_ring")	\
	X(thinktime_spin_ns,	THINKTIME_SPIN_NS,	U64, 0, "thinktime_spin") \
	X(thinktime_iotime_ns,	THINKTIME_IOTIME_NS,	U64, 0, "thinktime_iotime") \
	X(rate_ignore_thinktime, RATE_IGNORE_THINKTIME,	FLAG, 0, "rate_ignore_thinktime") \
	X(max_latency_read,	MAX_LATENCY_READ,	U64, 0, "max_latency")	\
	X(max_latency_write,	MAX_LATENCY_WRITE,	U64, 0, "max_latency")	\
	X(max_latency_trim,	MAX_LATENCY_TRIM,	U64, 0, "max_latency")	\
	X(exitall,		EXITALL,		FLAG, 0, "exitall")	\
	X(exitall_on_error,	EXITALL_ON_ERROR,	FLAG, 0, "exitall_on_error") \
	X(ignore_error,		IGNORE_ERROR,		ZONES, 0, "ignore_error")

/* the stream of I/Os: what, where, in which order */
#define KIOG_JOB_WL_FIELDS(X)						\
	X(rw,			RW,			U32, 0, "rw")		\
	X(rwmixread,		RWMIXREAD,		U32, 50, "rwmixread")	\
	X(bs,			BS,			U32, 0, "bs")		\
	X(offset,		OFFSET,			U64, 0, "offset")	\
	X(size,			SIZE,			U64, 0, "size")		\
	X(seed,			SEED,			U64, 0x6b696f67656eULL, "randseed") \
	X(norandommap,		NORANDOMMAP,		FLAG, 0, "norandommap")	\
	X(percentage_random,	PERCENTAGE_RANDOM,	U32, 100, "percentage_random") \
	X(random_distribution,	RANDOM_DISTRIBUTION,	U32, 0, "random_distribution") \
	X(dist_param,		DIST_PARAM,		U32, 0, "random_distribution") \
	X(zones,		ZONES,			ZONES, 0, "random_distribution") \
	X(bs_write,		BS_WRITE,		U32, 0, "bs")		\
	X(bs_max,		BS_MAX,			U32, 0, "bsrange")	\
	X(bs_write_max,		BS_WRITE_MAX,		U32, 0, "bsrange")	\
	X(bssplit,		BSSPLIT,		ZONES, 0, "bssplit")	\
	X(blocksize_unaligned,	BLOCKSIZE_UNALIGNED,	FLAG, 0, "blocksize_unaligned") \
	X(blockalign,		BLOCKALIGN,		U32, 0, "blockalign")	\
	X(blockalign_write,	BLOCKALIGN_WRITE,	U32, 0, "blockalign")	\
	X(rw_seq_nr,		RW_SEQ_NR,		U32, 1, "rw")		\
	X(rw_seq_add,		RW_SEQ_ADD,		U64, 0, "rw")		\
	X(rw_sequencer,		RW_SEQUENCER,		U32, 0, "rw_sequencer")	\
	X(offset_increment,	OFFSET_INCREMENT,	U64, 0, "offset_increment") \
	X(bs_trim,		BS_TRIM,		U32, 0, "bs")		\
	X(file_service_type,	FILE_SERVICE_TYPE,	U32, 0, "file_service_type") \
	X(file_service_nr,	FILE_SERVICE_NR,	U32, 1, "file_service_type") \
	X(openfiles,		OPENFILES,		U32, 0, "openfiles")

/* how the workers issue it */
#define KIOG_JOB_IO_FIELDS(X)						\
	X(mode,			MODE,			U32, KIOGEN_MODE_ASYNC, "ioengine (mode)") \
	X(numjobs,		NUMJOBS,		U32, 1, "numjobs")	\
	X(iodepth,		IODEPTH,		U32, 1, "iodepth")	\
	X(iodepth_batch,	IODEPTH_BATCH_SUBMIT,	U32, 0, "iodepth_batch_submit") \
	X(iodepth_batch_complete_min, IODEPTH_BATCH_COMPLETE_MIN, U32, 1,	\
	  "iodepth_batch_complete_min")					\
	X(iodepth_batch_complete_max, IODEPTH_BATCH_COMPLETE_MAX, U32, 0,	\
	  "iodepth_batch_complete_max")					\
	X(iodepth_low,		IODEPTH_LOW,		U32, 0, "iodepth_low")	\
	X(direct,		DIRECT,			FLAG, 0, "direct")	\
	X(invalidate,		INVALIDATE,		FLAG, 0, "invalidate")	\
	X(hipri,		HIPRI,			FLAG, 0, "hipri")	\
	X(nrfiles,		NRFILES,		U32, 1, "nrfiles")	\
	X(meta_filesize,	META_FILESIZE,		U64, 0, "filesize")	\
	X(latency_split,	LATENCY_SPLIT,		FLAG, 0, "latency_split") \
	X(meta_filesize_min,	META_FILESIZE_MIN,	U64, 0, "filesize")	\
	X(cpus_allowed,		CPUS_ALLOWED,		ZONES, 0, "cpus_allowed") \
	X(cpus_allowed_policy,	CPUS_ALLOWED_POLICY,	U32, 0, "cpus_allowed_policy") \
	X(numa_cpu_nodes,	NUMA_CPU_NODES,		ZONES, 0, "numa_cpu_nodes") \
	X(nice,			NICE,			S32, 0, "nice")		\
	X(prio,			PRIO,			U32, 0, "prio")		\
	X(prioclass,		PRIOCLASS,		U32, 0, "prioclass")

/* what is written, and how it is checked (include/kiogen/verify.h) */
#define KIOG_JOB_VERIFY_FIELDS(X)					\
	X(verify,		VERIFY,			U32, 0, "verify")	\
	X(do_verify,		DO_VERIFY,		U32, 1, "do_verify")	\
	X(verify_only,		VERIFY_ONLY,		FLAG, 0, "verify_only")	\
	X(verify_fatal,		VERIFY_FATAL,		FLAG, 0, "verify_fatal") \
	X(verify_backlog,	VERIFY_BACKLOG,		U32, 0, "verify_backlog") \
	X(verify_pattern,	VERIFY_PATTERN,		PATTERN, 0, "verify_pattern")

/* what written blocks hold (include/kiogen/buffer.h) */
#define KIOG_JOB_BUFFER_FIELDS(X)					\
	X(buffer_pattern,	BUFFER_PATTERN,		PATTERN, 0, "buffer_pattern") \
	X(zero_buffers,		ZERO_BUFFERS,		FLAG, 0, "zero_buffers") \
	X(refill_buffers,	REFILL_BUFFERS,		FLAG, 0, "refill_buffers") \
	X(scramble_buffers,	SCRAMBLE_BUFFERS,	U32, 1, "scramble_buffers") \
	X(buffer_compress_percentage, BUFFER_COMPRESS_PERCENTAGE, U32, 0,	\
	  "buffer_compress_percentage")					\
	X(buffer_compress_chunk, BUFFER_COMPRESS_CHUNK,	U32, 0, "buffer_compress_chunk") \
	X(dedupe_percentage,	DEDUPE_PERCENTAGE,	U32, 0, "dedupe_percentage")

#define KIOG_JOB_FIELDS(X) \
	KIOG_JOB_CORE_FIELDS(X) KIOG_JOB_WL_FIELDS(X) KIOG_JOB_IO_FIELDS(X) \
	KIOG_JOB_VERIFY_FIELDS(X) KIOG_JOB_BUFFER_FIELDS(X)

/* X for a struct's members */
#define KIOG_JOB_MEMBER(field, ATTR, TYPE, dflt, option) \
	KIOG_FIELD_T_##TYPE field;

/*
 * KIOG_JOB_DEFAULT_INIT(list): an initializer of a struct of @list's fields
 * (KIOG_JOB_FIELDS or one of its parts) as the kernel fills one when no
 * attribute is set, e.g. struct kiog_wl_cfg c =
 * KIOG_JOB_DEFAULT_INIT(KIOG_JOB_WL_FIELDS): tests start from real jobs.
 */
#define KIOG_JOB_DEFAULT_INIT(list)	{ list(__KIOG_DEFAULT_FIELD) }
#define __KIOG_DEFAULT_FIELD(field, ATTR, TYPE, dflt, option) \
	.field = __KIOG_DEFAULT_##TYPE(dflt),
#define __KIOG_DEFAULT_U32(dflt)	(dflt)
#define __KIOG_DEFAULT_U64(dflt)	(dflt)
#define __KIOG_DEFAULT_S32(dflt)	(dflt)
#define __KIOG_DEFAULT_FLAG(dflt)	(dflt)
/* as the kernel: a table or pattern without its attribute is empty */
#define __KIOG_DEFAULT_ZONES(dflt)	{ .nr = 0 }
#define __KIOG_DEFAULT_PATTERN(dflt)	{ .len = 0 }

/* Copies the fields of @list (one of the above) from *@src to *@dst. */
#define KIOG_JOB_COPY(list, dst, src) do {				\
	typeof(dst) __kiog_dst = (dst);					\
	typeof(src) __kiog_src = (src);					\
									\
	list(__KIOG_COPY_FIELD)						\
} while (0)
#define __KIOG_COPY_FIELD(field, ...) __kiog_dst->field = __kiog_src->field;

#endif /* _KIOGEN_JOB_H */
