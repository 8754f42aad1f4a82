/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compat.h's directory-operation part, for the metadata engines: the
 * mount's idmap (a user namespace before 6.3), looking a child up (a name
 * and length before 6.16, a qstr after; vfs_path_lookup() undeclared in 6.1),
 * and locking, creating and removing
 * it in its parent (lookup_one() under the parent's inode lock, then
 * start_creating()/start_removing() in 7.x; vfs_mkdir() returning a dentry
 * from 6.15). Each wrapper does what the kernel's own syscall path does for
 * that kernel. Included by compat.h only; HAVE_* come from kmod/probes/.
 */
#ifndef _KIOGEN_COMPAT_VFS_H
#define _KIOGEN_COMPAT_VFS_H

#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/writeback.h>

/* The mount's idmap (its user namespace before 6.3), for the VFS calls. */
#ifdef HAVE_MNT_IDMAP
#define kiog_mnt_idmap(mnt)	mnt_idmap(mnt)
#else
#define kiog_mnt_idmap(mnt)	mnt_user_ns(mnt)
#endif

/* inode_permission() of a path's inode, for the current credentials */
static inline int kiog_path_permission(const struct path *p, int mask)
{
	return inode_permission(kiog_mnt_idmap(p->mnt), d_inode(p->dentry), mask);
}

#ifndef HAVE_VFS_PATH_LOOKUP
/* exported, but declared in fs/internal.h only (6.1) */
int vfs_path_lookup(struct dentry *dentry, struct vfsmount *mnt, const char *name,
		    unsigned int flags, struct path *path);
#endif

/*
 * @name in @dir as fstatat(dirfd, name, AT_SYMLINK_NOFOLLOW) finds it: a
 * mount on it crossed to its root, an automount point mounted, a symlink
 * not followed; the search permission on @dir checked. @p is held.
 */
static inline int kiog_lookup_nofollow(const struct path *dir, const char *name,
				       struct path *p)
{
	return vfs_path_lookup(dir->dentry, dir->mnt, name, LOOKUP_AUTOMOUNT, p);
}

#ifdef HAVE_START_CREATING
/*
 * The child of @parent to create or remove, with @parent locked; on error
 * nothing is held.
 */
static inline struct dentry *kiog_start_dirop(struct vfsmount *mnt,
					      struct dentry *parent,
					      const char *name, int len,
					      bool remove)
{
	struct qstr q = QSTR_LEN(name, len);

	return remove ? start_removing(kiog_mnt_idmap(mnt), parent, &q) :
			start_creating(kiog_mnt_idmap(mnt), parent, &q);
}

/* Releases the child and the parent's lock. */
static inline void kiog_end_dirop(struct dentry *parent, struct dentry *child)
{
	end_removing(child);
}

/* mkdir of a negative @child; ends the operation (child and lock) */
static inline int kiog_mkdir_end(struct vfsmount *mnt, struct dentry *parent,
				 struct dentry *child, umode_t mode)
{
	struct dentry *d = vfs_mkdir(kiog_mnt_idmap(mnt), d_inode(parent), child, mode, NULL);

	end_creating(d);
	return PTR_ERR_OR_ZERO(d);
}

static inline int kiog_rmdir(struct vfsmount *mnt, struct dentry *parent,
			     struct dentry *child)
{
	return vfs_rmdir(kiog_mnt_idmap(mnt), d_inode(parent), child, NULL);
}
#else
static inline struct dentry *kiog_start_dirop(struct vfsmount *mnt,
					      struct dentry *parent,
					      const char *name, int len,
					      bool remove)
{
	struct dentry *d;

	inode_lock_nested(d_inode(parent), I_MUTEX_PARENT);
#ifdef HAVE_LOOKUP_ONE_QSTR
	d = lookup_one(kiog_mnt_idmap(mnt), &QSTR_LEN(name, len), parent);
#else
	d = lookup_one(kiog_mnt_idmap(mnt), name, parent, len);
#endif
	if (IS_ERR(d))
		inode_unlock(d_inode(parent));
	return d;
}

static inline void kiog_end_dirop(struct dentry *parent, struct dentry *child)
{
	dput(child);
	inode_unlock(d_inode(parent));
}

static inline int kiog_mkdir_end(struct vfsmount *mnt, struct dentry *parent,
				 struct dentry *child, umode_t mode)
{
#ifdef HAVE_VFS_MKDIR_DENTRY
	/* on error, vfs_mkdir() has put @child */
	struct dentry *d = vfs_mkdir(kiog_mnt_idmap(mnt), d_inode(parent), child, mode);

	if (IS_ERR(d)) {
		inode_unlock(d_inode(parent));
		return PTR_ERR(d);
	}
	kiog_end_dirop(parent, d);
	return 0;
#else
	int err = vfs_mkdir(kiog_mnt_idmap(mnt), d_inode(parent), child, mode);

	kiog_end_dirop(parent, child);
	return err;
#endif
}

static inline int kiog_rmdir(struct vfsmount *mnt, struct dentry *parent,
			     struct dentry *child)
{
	return vfs_rmdir(kiog_mnt_idmap(mnt), d_inode(parent), child);
}
#endif /* HAVE_START_CREATING */

static inline int kiog_unlink(struct vfsmount *mnt, struct dentry *parent,
			      struct dentry *child)
{
	return vfs_unlink(kiog_mnt_idmap(mnt), d_inode(parent), child, NULL);
}

/*
 * Gives @inode the current task's writeback context if it has none, as the
 * task's first write(2) would (inode_attach_wb()). Sid's 7.2 no longer
 * exports __inode_attach_wb(): there the first dirtier's context stays,
 * a worker's (the root cgroup's), as Documentation/kiogen/safety.rst says.
 */
static inline void kiog_inode_attach_wb(struct inode *inode)
{
#ifdef HAVE_EXPORT___INODE_ATTACH_WB
	inode_attach_wb(inode, NULL);
#endif
}

#endif /* _KIOGEN_COMPAT_VFS_H */
