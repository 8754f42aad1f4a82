// SPDX-License-Identifier: GPL-2.0
/*
 * vfs_path_lookup() declared in linux/namei.h; before (6.1), exported all
 * the same but declared in fs/internal.h only.
 */
#include <linux/build_bug.h>
#include <linux/namei.h>

static_assert(__same_type(&vfs_path_lookup,
			  int (*)(struct dentry *, struct vfsmount *, const char *,
				  unsigned int, struct path *)));
