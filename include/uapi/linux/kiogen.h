/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR MIT) */
/*
 * kiogen generic netlink contract. This header is the only interface between
 * the kiogen module and its user-space clients. The family, its commands,
 * attribute sets and enums are in linux/kiogen_generated.h, generated from
 * Documentation/netlink/specs/kiogen.yaml (make regen), which documents
 * each; here is what the spec cannot say: the layout of binary attributes
 * and of the blocks kiogen writes. Attributes start at 1 and are never
 * renumbered; an incompatible change bumps KIOGEN_FAMILY_VERSION.
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
#include <linux/kiogen_generated.h>

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

/*
 * With KIOGEN_A_JOB_VERIFY (but pattern) every written block starts with
 * this. The checksum of md5 and crc32c covers the header up to @sum and the
 * data after the header (bytes @len); crc32c's is the first four bytes of
 * @sum, little endian, as the crypto API gives it.
 */
struct kiogen_verify_header {
	struct kiogen_block_header h;
	__u32 len;		/* bytes of the block */
	__u32 type;		/* enum kiogen_verify */
	__u8 sum[16];
};

/* Why a block did not check out (struct kiogen_verify_result's @what) */
enum kiogen_verify_bad {
	KIOGEN_VERIFY_BAD_NONE,
	KIOGEN_VERIFY_BAD_MAGIC,	/* no kiogen header where one was written */
	KIOGEN_VERIFY_BAD_HEADER,	/* another block's header: offset, writer */
	KIOGEN_VERIFY_BAD_SEQ,		/* an older write of this block */
	KIOGEN_VERIFY_BAD_SUM,		/* the checksum differs */
	KIOGEN_VERIFY_BAD_PATTERN,	/* a byte differs from the pattern */
	KIOGEN_VERIFY_BAD_SHORT,	/* the read returned less than the block */
};

/*
 * KIOGEN_A_WORKER_VERIFY: what a worker checked, and its first mismatch:
 * the header it expected and the one it found (raw bytes: for a block
 * without a header, the first bytes found), the checksums stored and
 * computed, and for a pattern the first byte that differs.
 */
struct kiogen_verify_result {
	__u64 verified;		/* blocks read back and checked */
	__u64 errors;		/* of them, mismatches */
	__u64 offset;		/* bytes: the first mismatch's block */
	__u32 what;		/* enum kiogen_verify_bad */
	__u32 len;		/* bytes of that block */
	struct kiogen_verify_header expected;
	struct kiogen_verify_header found;
	__u8 sum_found[16];	/* computed over what was read */
	__u64 bad_byte;		/* pattern: offset in the block of the first bad byte */
	__u8 want, got;		/* pattern: that byte expected and found */
	__u8 pad[6];
	/*
	 * Blocks not read back: written over, in part or whole, by a later
	 * write of the worker (writes of mixed sizes); absent from a module
	 * before it, the attribute 8 bytes shorter.
	 */
	__u64 written_over;
};

/* KIOGEN_A_JOB_CONTINUE_ON_ERROR: every kind of error is counted */
#define KIOGEN_COE_ALL		(KIOGEN_COE_READ | KIOGEN_COE_WRITE | KIOGEN_COE_VERIFY)

/* The directions that move data: enum kiogen_dir's first (read, write, trim) */
#define KIOGEN_DATA_DIRS	3

/* One interval sample (KIOGEN_A_SAMPLES_DATA): cumulative counters at its end */
struct kiogen_sample {
	__u64 ios[KIOGEN_DATA_DIRS];	/* by enum kiogen_dir */
	__u64 bytes[KIOGEN_DATA_DIRS];
};

/*
 * One window of a worker's log samples (KIOGEN_A_LOG_WINDOWS), behind fio's
 * write_bw_log, write_iops_log and write_lat_log: counters and latency sums
 * are cumulative at the window's end, the maxima are the window's own.
 */
#define KIOGEN_LOG_SLAT		0
#define KIOGEN_LOG_CLAT		1
#define KIOGEN_LOG_LAT		2
struct kiogen_log_window {
	__u64 t_ns;		/* end of the window, after the ramp's end */
	__u64 ios[KIOGEN_DATA_DIRS];	/* by enum kiogen_dir */
	__u64 bytes[KIOGEN_DATA_DIRS];
	__u64 lat_sum[KIOGEN_DATA_DIRS][3];	/* ns, by KIOGEN_LOG_* */
	__u64 lat_max[KIOGEN_DATA_DIRS][3];	/* ns, in this window; with log-max only */
};

/*
 * One window of one direction of the completion latency histogram log
 * (KIOGEN_A_LOG_HIST): @nr pairs of u32 follow, a bucket of
 * include/kiogen/hist.h's layout and the completions it got in the window.
 */
struct kiogen_log_hist {
	__u32 t_ms;		/* end of the window, after the ramp's end */
	__u32 dir;		/* enum kiogen_dir: read, write, trim */
	__u32 nr;
};

/*
 * One I/O of the per-I/O log (KIOGEN_A_LOG_IO, fio's log_avg_msec=0): what
 * fio writes a line of, for every completed, counted read, write or trim.
 */
struct kiogen_log_io {
	__u64 t_ns;		/* its completion, after the ramp's end */
	__u64 offset;		/* bytes, in the target */
	__u64 slat_ns;
	__u64 clat_ns;
	__u32 bytes;		/* transferred */
	__u32 dir;		/* enum kiogen_dir: read, write, trim */
};

/*
 * One zone of KIOGEN_A_JOB_ZONES: its direction, the percent of that
 * direction's I/Os it gets, and its size (zoned: percent of the region;
 * zoned-abs: bytes). A direction's zones follow each other from the start
 * of the region.
 */
#define KIOGEN_ZONE_WRITE		(1ULL << 63)
#define KIOGEN_ZONE_ACCESS_SHIFT	56
#define KIOGEN_ZONE_ACCESS_MASK		0x7fULL
#define KIOGEN_ZONE_SIZE_MASK		((1ULL << 56) - 1)
#define KIOGEN_ZONE(write, access, size)				\
	(((write) ? KIOGEN_ZONE_WRITE : 0ULL) |				\
	 ((__u64)(access) << KIOGEN_ZONE_ACCESS_SHIFT) |		\
	 ((__u64)(size) & KIOGEN_ZONE_SIZE_MASK))

#endif /* _UAPI_LINUX_KIOGEN_H */
