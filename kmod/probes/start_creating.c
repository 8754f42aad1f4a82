// SPDX-License-Identifier: GPL-2.0
/*
 * Newer kernels (7.x) lock and look up a child for a directory operation
 * with start_creating()/start_removing() and release it with
 * end_creating()/end_removing(); vfs_mkdir(), vfs_rmdir() and vfs_unlink()
 * take a struct delegated_inode *, and vfs_mkdir() ends the operation itself
 * when it fails.
 */
#include <linux/build_bug.h>
#include <linux/fs.h>
#include <linux/namei.h>

static_assert(__same_type(&start_creating,
			  struct dentry *(*)(struct mnt_idmap *, struct dentry *, struct qstr *)));
static_assert(__same_type(&vfs_rmdir,
			  int (*)(struct mnt_idmap *, struct inode *, struct dentry *,
				  struct delegated_inode *)));
