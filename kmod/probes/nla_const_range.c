// SPDX-License-Identifier: GPL-2.0
/* 6.4+: a policy's range is const (NLA_POLICY_FULL_RANGE of a const range) */
#include <linux/build_bug.h>
#include <net/netlink.h>

static_assert(__same_type(((struct nla_policy *)0)->range,
			  const struct netlink_range_validation *));
