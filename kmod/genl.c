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

/* Common nested types */
const struct nla_policy kiogen_job_nl_policy[KIOGEN_A_JOB_ZONES + 1] = {
	[KIOGEN_A_JOB_NAME] = { .type = NLA_NUL_STRING, .len = KIOGEN_NAME_MAX, },
	[KIOGEN_A_JOB_FILENAME] = { .type = NLA_NUL_STRING, .len = KIOGEN_PATH_MAX, },
	[KIOGEN_A_JOB_ENGINE] = { .type = NLA_NUL_STRING, .len = KIOGEN_ENGINE_MAX, },
	[KIOGEN_A_JOB_MODE] = NLA_POLICY_MAX(NLA_U32, 1),
	[KIOGEN_A_JOB_RW] = NLA_POLICY_RANGE(NLA_U32, 1, 6),
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
	[KIOGEN_A_JOB_FALLOCATE] = NLA_POLICY_MAX(NLA_U32, 1),
	[KIOGEN_A_JOB_CONTINUE_ON_ERROR] = NLA_POLICY_MASK(NLA_U32, 0x7),
	[KIOGEN_A_JOB_FD] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_IODEPTH_BATCH_SUBMIT] = NLA_POLICY_MAX(NLA_U32, KIOGEN_MAX_IODEPTH),
	[KIOGEN_A_JOB_IODEPTH_BATCH_COMPLETE_MIN] = NLA_POLICY_MAX(NLA_U32, KIOGEN_MAX_IODEPTH),
	[KIOGEN_A_JOB_IODEPTH_BATCH_COMPLETE_MAX] = NLA_POLICY_MAX(NLA_U32, KIOGEN_MAX_IODEPTH),
	[KIOGEN_A_JOB_IODEPTH_LOW] = NLA_POLICY_MAX(NLA_U32, KIOGEN_MAX_IODEPTH),
	[KIOGEN_A_JOB_HIPRI] = { .type = NLA_FLAG, },
	[KIOGEN_A_JOB_PERCENTAGE_RANDOM] = NLA_POLICY_MAX(NLA_U32, 100),
	[KIOGEN_A_JOB_THINKTIME_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &kiogen_a_job_thinktime_ns_range),
	[KIOGEN_A_JOB_THINKTIME_BLOCKS] = NLA_POLICY_MIN(NLA_U32, 1),
	[KIOGEN_A_JOB_STARTDELAY_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &kiogen_a_job_startdelay_ns_range),
	[KIOGEN_A_JOB_RANDOM_DISTRIBUTION] = NLA_POLICY_MAX(NLA_U32, 5),
	[KIOGEN_A_JOB_DIST_PARAM] = { .type = NLA_U32, },
	[KIOGEN_A_JOB_ZONES] = { .type = NLA_BINARY, },
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
static const struct nla_policy kiogen_results_get_nl_policy[KIOGEN_A_ID + 1] = {
	[KIOGEN_A_ID] = { .type = NLA_U32, },
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
		.maxattr	= KIOGEN_A_ID,
		.flags		= GENL_ADMIN_PERM | GENL_CMD_CAP_DUMP,
	},
};

static const struct genl_multicast_group kiogen_nl_mcgrps[] = {
	[KIOGEN_NLGRP_EVENTS] = { "events", },
};
