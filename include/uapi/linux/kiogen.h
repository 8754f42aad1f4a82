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

/* KIOGEN_A_JOB_CONTINUE_ON_ERROR: every kind of error is counted */
#define KIOGEN_COE_ALL		(KIOGEN_COE_READ | KIOGEN_COE_WRITE | KIOGEN_COE_VERIFY)

/* One interval sample (KIOGEN_A_SAMPLES_DATA): cumulative counters at its end */
struct kiogen_sample {
	__u64 ios[2];		/* read, write */
	__u64 bytes[2];
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
