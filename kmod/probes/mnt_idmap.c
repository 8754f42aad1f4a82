// SPDX-License-Identifier: GPL-2.0
/*
 * 6.3+: the VFS's permission and directory operations take the mount's
 * struct mnt_idmap (mnt_idmap()); before, its user namespace (mnt_user_ns()).
 */
#include <linux/build_bug.h>
#include <linux/fs.h>
#include <linux/mount.h>

static_assert(__same_type(&inode_permission, int (*)(struct mnt_idmap *, struct inode *, int)));
static_assert(__same_type(mnt_idmap((struct vfsmount *)NULL), struct mnt_idmap *));
