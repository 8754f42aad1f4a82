// SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause)
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/kiogen.yaml */
/* YNL-GEN kernel source */

#include <net/netlink.h>
#include <net/genetlink.h>

#include "genl.h"

#include <uapi/linux/kiogen_generated.h>
#include <compat.h>

/* Integer value ranges */
static const struct netlink_range_validation kiogen_a_job_bs_range = {
	.min	= KIOGEN_MIN_BS,
	.max	= KIOGEN_MAX_BS,
};

static const struct netlink_range_validation kiogen_a_job_runtime_ns_range = {
	.max	= 31536000000000000ULL,
};

static const struct netlink_range_validation kiogen_a_job_ramp_ns_range = {
	.max	= 31536000000000000ULL,
};

static const struct netlink_range_validation kiogen_a_job_thinktime_ns_range = {
	.max	= 31536000000000000ULL,
};

static const struct netlink_range_validation kiogen_a_job_startdelay_ns_range = {
	.max	= 31536000000000000ULL,
};

static const struct netlink_range_validation kiogen_a_job_nrfiles_range = {
	.min	= 1ULL,
	.max	= KIOGEN_MAX_NRFILES,
};

static const struct netlink_range_validation kiogen_a_job_rate_cycle_ms_range = {
	.min	= 1ULL,
	.max	= 3600000ULL,
};

static const struct netlink_range_validation kiogen_a_job_log_avg_ns_range = {
	.max	= 86400000000000ULL,
};

static const struct netlink_range_validation kiogen_a_job_log_hist_ns_range = {
	.max	= 86400000000000ULL,
};

static const struct netlink_range_validation kiogen_a_job_bs_write_range = {
	.max	= KIOGEN_MAX_BS,
};

static const struct netlink_range_validation kiogen_a_job_bs_max_range = {
	.max	= KIOGEN_MAX_BS,
};

static const struct netlink_range_validation kiogen_a_job_bs_write_max_range = {
	.max	= KIOGEN_MAX_BS,
};

static const struct netlink_range_validation kiogen_a_job_blockalign_range = {
	.max	= KIOGEN_MAX_BS,
};

static const struct netlink_range_validation kiogen_a_job_blockalign_write_range = {
	.max	= KIOGEN_MAX_BS,
};

static const struct netlink_range_validation kiogen_a_job_buffer_compress_chunk_range = {
	.max	= KIOGEN_MAX_BS,
};

static const struct netlink_range_validation kiogen_a_job_bs_trim_range = {
	.max	= KIOGEN_MAX_BS,
};

static const struct netlink_range_validation kiogen_a_job_log_ring_range = {
	.max	= KIOGEN_MAX_LOG_RING,
};

static const struct netlink_range_validation kiogen_a_job_openfiles_range = {
	.max	= KIOGEN_MAX_NRFILES,
};

static const struct netlink_range_validation kiogen_a_job_thinktime_spin_ns_range = {
	.max	= 31536000000000000ULL,
};

static const struct netlink_range_validation kiogen_a_job_thinktime_iotime_ns_range = {
	.max	= 31536000000000000ULL,
};

/* Common nested types */
const struct nla_policy kiogen_job_nl_policy[KIOGEN_A_JOB_IGNORE_ERROR + 1] = {
	[KIOGEN_A_JOB_NAME] = { .type = NLA_NUL_STRING, .len = KIOGEN_NAME_MAX, },
	[KIOGEN_A_JOB_FILENAME] = { .type = NLA_NUL_STRING, .len = KIOGEN_PATH_MAX, },
	[KIOGEN_A_JOB_ENGINE] = { .type = NLA_NUL_STRING, .len = KIOGEN_ENGINE_MAX, },
	[KIOGEN_A_JOB_MODE] = NLA_POLICY_MAX(NLA_U32, 1),
	[KIOGEN_A_JOB_RW] = NLA_POLICY_RANGE(NLA_U32, 1, 9),
	[KIOGEN_A_JOB_RWMIXREAD] = NLA_POLICY_MAX(NLA_U32, 100),
	[KIOGEN_A_JOB_BS] = NLA_POLICY_FULL_RANGE(NLA_U32, &kiogen_a_job_bs_range),
	[KIOGEN_A_JOB_OFFSET] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_SIZE] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_NUMJOBS] = NLA_POLICY_RANGE(NLA_U32, 1, KIOGEN_MAX_NUMJOBS),
	[KIOGEN_A_JOB_IODEPTH] = NLA_POLICY_RANGE(NLA_U32, 1, KIOGEN_MAX_IODEPTH),
	[KIOGEN_A_JOB_RUNTIME_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &kiogen_a_job_runtime_ns_range),
	[KIOGEN_A_JOB_RAMP_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &kiogen_a_job_ramp_ns_range),
	[KIOGEN_A_JOB_TIME_BASED] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_NUMBER_IOS] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_IO_SIZE] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_SEED] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_NORANDOMMAP] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_DIRECT] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_INVALIDATE] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_FSYNC] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_FDATASYNC] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_END_FSYNC] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_FILESIZE] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_FALLOCATE] = NLA_POLICY_MAX(NLA_U32, 3),
	[KIOGEN_A_JOB_CONTINUE_ON_ERROR] = NLA_POLICY_MASK(NLA_U32, 0x7),
	[KIOGEN_A_JOB_FD] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_IODEPTH_BATCH_SUBMIT] = NLA_POLICY_MAX(NLA_U32, KIOGEN_MAX_IODEPTH),
	[KIOGEN_A_JOB_IODEPTH_BATCH_COMPLETE_MIN] = NLA_POLICY_MAX(NLA_U32, KIOGEN_MAX_IODEPTH),
	[KIOGEN_A_JOB_IODEPTH_BATCH_COMPLETE_MAX] = NLA_POLICY_MAX(NLA_U32, KIOGEN_MAX_IODEPTH),
	[KIOGEN_A_JOB_IODEPTH_LOW] = NLA_POLICY_MAX(NLA_U32, KIOGEN_MAX_IODEPTH),
	[KIOGEN_A_JOB_HIPRI] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_PERCENTAGE_RANDOM] = NLA_POLICY_MAX(NLA_U32, 100),
	[KIOGEN_A_JOB_THINKTIME_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &kiogen_a_job_thinktime_ns_range),
	[KIOGEN_A_JOB_THINKTIME_BLOCKS] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_STARTDELAY_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &kiogen_a_job_startdelay_ns_range),
	[KIOGEN_A_JOB_RANDOM_DISTRIBUTION] = NLA_POLICY_MAX(NLA_U32, 5),
	[KIOGEN_A_JOB_DIST_PARAM] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_ZONES] = { .type = NLA_BINARY, },
	[KIOGEN_A_JOB_NRFILES] = NLA_POLICY_FULL_RANGE(NLA_U32, &kiogen_a_job_nrfiles_range),
	[KIOGEN_A_JOB_META_FILESIZE] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_FILENAME_FORMAT] = { .type = NLA_NUL_STRING, .len = KIOGEN_META_NAME_MAX, },
	[KIOGEN_A_JOB_LATENCY_SPLIT] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_RATE_READ] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_RATE_WRITE] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_RATE_IOPS_READ] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_RATE_IOPS_WRITE] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_RATE_MIN_READ] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_RATE_MIN_WRITE] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_RATE_IOPS_MIN_READ] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_RATE_IOPS_MIN_WRITE] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_RATE_PROCESS] = NLA_POLICY_MAX(NLA_U32, 1),
	[KIOGEN_A_JOB_RATE_CYCLE_MS] = NLA_POLICY_FULL_RANGE(NLA_U32, &kiogen_a_job_rate_cycle_ms_range),
	[KIOGEN_A_JOB_LOG_AVG_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &kiogen_a_job_log_avg_ns_range),
	[KIOGEN_A_JOB_LOG_HIST_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &kiogen_a_job_log_hist_ns_range),
	[KIOGEN_A_JOB_LOG_MAX] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_BS_WRITE] = NLA_POLICY_FULL_RANGE(NLA_U32, &kiogen_a_job_bs_write_range),
	[KIOGEN_A_JOB_BS_MAX] = NLA_POLICY_FULL_RANGE(NLA_U32, &kiogen_a_job_bs_max_range),
	[KIOGEN_A_JOB_BS_WRITE_MAX] = NLA_POLICY_FULL_RANGE(NLA_U32, &kiogen_a_job_bs_write_max_range),
	[KIOGEN_A_JOB_BSSPLIT] = { .type = NLA_BINARY, },
	[KIOGEN_A_JOB_BLOCKSIZE_UNALIGNED] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_BLOCKALIGN] = NLA_POLICY_FULL_RANGE(NLA_U32, &kiogen_a_job_blockalign_range),
	[KIOGEN_A_JOB_BLOCKALIGN_WRITE] = NLA_POLICY_FULL_RANGE(NLA_U32, &kiogen_a_job_blockalign_write_range),
	[KIOGEN_A_JOB_RW_SEQ_NR] = NLA_POLICY_MIN(NLA_U32, 1),
	[KIOGEN_A_JOB_RW_SEQ_ADD] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_RW_SEQUENCER] = NLA_POLICY_MAX(NLA_U32, 1),
	[KIOGEN_A_JOB_OFFSET_INCREMENT] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_LOOPS] = NLA_POLICY_MIN(NLA_U32, 1),
	[KIOGEN_A_JOB_META_FILESIZE_MIN] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_CPUS_ALLOWED] = { .type = NLA_BINARY, },
	[KIOGEN_A_JOB_CPUS_ALLOWED_POLICY] = NLA_POLICY_MAX(NLA_U32, 1),
	[KIOGEN_A_JOB_NUMA_CPU_NODES] = { .type = NLA_BINARY, },
	[KIOGEN_A_JOB_NICE] = { .type = NLA_S32, },
	[KIOGEN_A_JOB_PRIO] = NLA_POLICY_MAX(NLA_U32, 7),
	[KIOGEN_A_JOB_PRIOCLASS] = NLA_POLICY_MAX(NLA_U32, 3),
	[KIOGEN_A_JOB_VERIFY] = NLA_POLICY_MAX(NLA_U32, 4),
	[KIOGEN_A_JOB_DO_VERIFY] = NLA_POLICY_MAX(NLA_U32, 1),
	[KIOGEN_A_JOB_VERIFY_ONLY] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_VERIFY_FATAL] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_VERIFY_BACKLOG] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_VERIFY_PATTERN] = { .type = NLA_BINARY, },
	[KIOGEN_A_JOB_BUFFER_PATTERN] = { .type = NLA_BINARY, },
	[KIOGEN_A_JOB_ZERO_BUFFERS] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_REFILL_BUFFERS] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_SCRAMBLE_BUFFERS] = NLA_POLICY_MAX(NLA_U32, 1),
	[KIOGEN_A_JOB_BUFFER_COMPRESS_PERCENTAGE] = NLA_POLICY_MAX(NLA_U32, 100),
	[KIOGEN_A_JOB_BUFFER_COMPRESS_CHUNK] = NLA_POLICY_FULL_RANGE(NLA_U32, &kiogen_a_job_buffer_compress_chunk_range),
	[KIOGEN_A_JOB_DEDUPE_PERCENTAGE] = NLA_POLICY_MAX(NLA_U32, 100),
	[KIOGEN_A_JOB_BS_TRIM] = NLA_POLICY_FULL_RANGE(NLA_U32, &kiogen_a_job_bs_trim_range),
	[KIOGEN_A_JOB_LOG_RING] = NLA_POLICY_FULL_RANGE(NLA_U32, &kiogen_a_job_log_ring_range),
	[KIOGEN_A_JOB_FDS] = { .type = NLA_BINARY, },
	[KIOGEN_A_JOB_FILE_SERVICE_TYPE] = NLA_POLICY_MAX(NLA_U32, 2),
	[KIOGEN_A_JOB_FILE_SERVICE_NR] = NLA_POLICY_MIN(NLA_U32, 1),
	[KIOGEN_A_JOB_OPENFILES] = NLA_POLICY_FULL_RANGE(NLA_U32, &kiogen_a_job_openfiles_range),
	[KIOGEN_A_JOB_FILE_REGIONS] = { .type = NLA_BINARY, },
	[KIOGEN_A_JOB_RATE_TRIM] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_RATE_IOPS_TRIM] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_RATE_MIN_TRIM] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_RATE_IOPS_MIN_TRIM] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_THINKTIME_SPIN_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &kiogen_a_job_thinktime_spin_ns_range),
	[KIOGEN_A_JOB_THINKTIME_IOTIME_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &kiogen_a_job_thinktime_iotime_ns_range),
	[KIOGEN_A_JOB_RATE_IGNORE_THINKTIME] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_MAX_LATENCY_READ] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_MAX_LATENCY_WRITE] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_MAX_LATENCY_TRIM] = { .type = NLA_U64, },
	[KIOGEN_A_JOB_EXITALL] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_EXITALL_ON_ERROR] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_IGNORE_ERROR] = { .type = NLA_BINARY, },
};

/* KIOGEN_CMD_INFO_GET - do */
static const struct nla_policy kiogen_info_get_nl_policy[KIOGEN_A_PAD + 1] = {
};

/* KIOGEN_CMD_RUN_NEW - do */
static const struct nla_policy kiogen_run_new_nl_policy[KIOGEN_A_JOB + 1] = {
	[KIOGEN_A_FLAGS] = NLA_POLICY_MASK(NLA_U32, 0x1),
	[KIOGEN_A_JOB] = NLA_POLICY_NESTED(kiogen_job_nl_policy),
};

/* KIOGEN_CMD_RUN_STOP - do */
static const struct nla_policy kiogen_run_stop_nl_policy[KIOGEN_A_ID + 1] = {
	[KIOGEN_A_ID] = { .type = NLA_U32, },
};

/* KIOGEN_CMD_RUN_GET - do */
static const struct nla_policy kiogen_run_get_do_nl_policy[KIOGEN_A_ID + 1] = {
	[KIOGEN_A_ID] = { .type = NLA_U32, },
};

/* KIOGEN_CMD_RUN_GET - dump */
static const struct nla_policy kiogen_run_get_dump_nl_policy[KIOGEN_A_ID + 1] = {
	[KIOGEN_A_ID] = { .type = NLA_U32, },
};

/* KIOGEN_CMD_RUN_DEL - do */
static const struct nla_policy kiogen_run_del_nl_policy[KIOGEN_A_ID + 1] = {
	[KIOGEN_A_ID] = { .type = NLA_U32, },
};

/* KIOGEN_CMD_RESULTS_GET - dump */
static const struct nla_policy kiogen_results_get_nl_policy[KIOGEN_A_LOG_DRAIN + 1] = {
	[KIOGEN_A_ID] = { .type = NLA_U32, },
	[KIOGEN_A_LIVE] = { .type = NLA_FLAG, },
	[KIOGEN_A_LOG_DRAIN] = { .type = NLA_FLAG, },
};

/* Ops table for kiogen */
const struct genl_split_ops kiogen_nl_ops[7] = {
	{
		.cmd		= KIOGEN_CMD_INFO_GET,
		.doit		= kiogen_nl_info_get_doit,
		.policy		= kiogen_info_get_nl_policy,
		.maxattr	= KIOGEN_A_PAD,
		.flags		= GENL_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= KIOGEN_CMD_RUN_NEW,
		.doit		= kiogen_nl_run_new_doit,
		.policy		= kiogen_run_new_nl_policy,
		.maxattr	= KIOGEN_A_JOB,
		.flags		= GENL_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= KIOGEN_CMD_RUN_STOP,
		.doit		= kiogen_nl_run_stop_doit,
		.policy		= kiogen_run_stop_nl_policy,
		.maxattr	= KIOGEN_A_ID,
		.flags		= GENL_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= KIOGEN_CMD_RUN_GET,
		.doit		= kiogen_nl_run_get_doit,
		.policy		= kiogen_run_get_do_nl_policy,
		.maxattr	= KIOGEN_A_ID,
		.flags		= GENL_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= KIOGEN_CMD_RUN_GET,
		.start		= kiogen_nl_run_get_start,
		.dumpit		= kiogen_nl_run_get_dumpit,
		.policy		= kiogen_run_get_dump_nl_policy,
		.maxattr	= KIOGEN_A_ID,
		.flags		= GENL_ADMIN_PERM | GENL_CMD_CAP_DUMP,
	},
	{
		.cmd		= KIOGEN_CMD_RUN_DEL,
		.doit		= kiogen_nl_run_del_doit,
		.policy		= kiogen_run_del_nl_policy,
		.maxattr	= KIOGEN_A_ID,
		.flags		= GENL_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= KIOGEN_CMD_RESULTS_GET,
		.start		= kiogen_nl_results_start,
		.dumpit		= kiogen_nl_results_get_dumpit,
		.done		= kiogen_nl_results_done,
		.policy		= kiogen_results_get_nl_policy,
		.maxattr	= KIOGEN_A_LOG_DRAIN,
		.flags		= GENL_ADMIN_PERM | GENL_CMD_CAP_DUMP,
	},
};

static const struct genl_multicast_group kiogen_nl_mcgrps[] = {
	[KIOGEN_NLGRP_EVENTS] = { "events", },
};
