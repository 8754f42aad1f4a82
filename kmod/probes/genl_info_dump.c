// SPDX-License-Identifier: GPL-2.0
/* 6.6+: a dump's request attributes through genl_info_dump() */
#include <linux/build_bug.h>
#include <net/genetlink.h>

static_assert(__same_type(genl_info_dump((struct netlink_callback *)0)->attrs,
			  struct nlattr **));
