/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/kiogen.yaml */
/* YNL-GEN kernel header */

#ifndef _LINUX_KIOGEN_GEN_H
#define _LINUX_KIOGEN_GEN_H

#include <net/netlink.h>
#include <net/genetlink.h>

#include <uapi/linux/kiogen_generated.h>
#include <compat.h>

#define KIOGEN_NAME_MAX		63
#define KIOGEN_PATH_MAX		4095
#define KIOGEN_ENGINE_MAX	15

/* Common nested types */
extern const struct nla_policy kiogen_job_nl_policy[KIOGEN_A_JOB_IGNORE_ERROR + 1];

/* Ops table for kiogen */
extern const struct genl_split_ops kiogen_nl_ops[7];

int kiogen_nl_run_get_start(struct netlink_callback *cb);
int kiogen_nl_results_start(struct netlink_callback *cb);
int kiogen_nl_results_done(struct netlink_callback *cb);

int kiogen_nl_info_get_doit(struct sk_buff *skb, struct genl_info *info);
int kiogen_nl_run_new_doit(struct sk_buff *skb, struct genl_info *info);
int kiogen_nl_run_stop_doit(struct sk_buff *skb, struct genl_info *info);
int kiogen_nl_run_get_doit(struct sk_buff *skb, struct genl_info *info);
int kiogen_nl_run_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb);
int kiogen_nl_run_del_doit(struct sk_buff *skb, struct genl_info *info);
int kiogen_nl_results_get_dumpit(struct sk_buff *skb,
				 struct netlink_callback *cb);

enum {
	KIOGEN_NLGRP_EVENTS,
};

#endif /* _LINUX_KIOGEN_GEN_H */
