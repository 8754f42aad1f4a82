// SPDX-License-Identifier: GPL-2.0
/*
 * 6.15+: vfs_mkdir() returns the dentry of the new directory (possibly
 * another one than it was given, which it then put) or an error.
 */
#include <linux/build_bug.h>
#include <linux/fs.h>

static_assert(__same_type(vfs_mkdir(NULL, NULL, NULL, 0), struct dentry *));
