// SPDX-License-Identifier: GPL-2.0
/* 6.16+: lookup_one() and its unlocked forms take the name as a struct qstr. */
#include <linux/build_bug.h>
#include <linux/namei.h>

static_assert(__same_type(&lookup_one_positive_unlocked,
			  struct dentry *(*)(struct mnt_idmap *, struct qstr *, struct dentry *)));
