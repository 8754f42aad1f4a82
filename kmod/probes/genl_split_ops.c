// SPDX-License-Identifier: GPL-2.0
/* 6.2+: a family's operations as split do and dump entries */
#include <linux/build_bug.h>
#include <net/genetlink.h>

static_assert(__same_type(((struct genl_family *)0)->split_ops,
			  const struct genl_split_ops *));
static_assert(__same_type(((struct genl_split_ops *)0)->doit,
			  int (*)(struct sk_buff *, struct genl_info *)));
static_assert(GENL_CMD_CAP_DO != GENL_CMD_CAP_DUMP);
