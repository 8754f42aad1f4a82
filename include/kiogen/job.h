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
 *	TYPE	U32, U64, FLAG (absent when false) or ZONES (struct
 *		kiog_zones, absent when empty)
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
#else
#include <stdbool.h>
#include <stdint.h>
#define KIOG_FIELD_T_U32	uint32_t
#define KIOG_FIELD_T_U64	uint64_t
#endif
#define KIOG_FIELD_T_FLAG	bool
#define KIOG_FIELD_T_ZONES	struct kiog_zones

#include <linux/kiogen.h>

/* KIOGEN_A_JOB_ZONES: @nr packed zones (KIOGEN_ZONE()); more than fit is refused */
struct kiog_zones {
	__u32 nr;
	__u64 z[2 * KIOGEN_MAX_ZONES];
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
	X(startdelay_ns,	STARTDELAY_NS,		U64, 0, "startdelay")

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
	X(zones,		ZONES,			ZONES, 0, "random_distribution")

/* how the workers issue it */
#define KIOG_JOB_IO_FIELDS(X)						\
	X(mode,			MODE,			U32, KIOGEN_MODE_ASYNC, "ioengine (mode)") \
	X(numjobs,		NUMJOBS,		U32, 1, "numjobs")	\
	X(iodepth,		IODEPTH,		U32, 1, "iodepth")	\
	X(iodepth_batch,	IODEPTH_BATCH_SUBMIT,	U32, 0, "iodepth_batch_submit") \
	X(iodepth_batch_complete_min, IODEPTH_BATCH_COMPLETE_MIN, U32, 1, "iodepth_batch_complete_min") \
	X(iodepth_batch_complete_max, IODEPTH_BATCH_COMPLETE_MAX, U32, 0, "iodepth_batch_complete_max") \
	X(iodepth_low,		IODEPTH_LOW,		U32, 0, "iodepth_low")	\
	X(direct,		DIRECT,			FLAG, 0, "direct")	\
	X(hipri,		HIPRI,			FLAG, 0, "hipri")

#define KIOG_JOB_FIELDS(X) \
	KIOG_JOB_CORE_FIELDS(X) KIOG_JOB_WL_FIELDS(X) KIOG_JOB_IO_FIELDS(X)

/* X for a struct's members */
#define KIOG_JOB_MEMBER(field, ATTR, TYPE, dflt, option) \
	KIOG_FIELD_T_##TYPE field;

/* Copies the fields of @list (one of the above) from *@src to *@dst. */
#define KIOG_JOB_COPY(list, dst, src) do {				\
	typeof(dst) __kiog_dst = (dst);					\
	typeof(src) __kiog_src = (src);					\
									\
	list(__KIOG_COPY_FIELD)						\
} while (0)
#define __KIOG_COPY_FIELD(field, ...) __kiog_dst->field = __kiog_src->field;

#endif /* _KIOGEN_JOB_H */
