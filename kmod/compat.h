/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-version differences, and only those. Each HAVE_* comes from a
 * compile probe (kmod/probes/, run by Kbuild into probes.h): Debian's 6.1
 * carries many later APIs, so version numbers would lie.
 */
#ifndef _KIOGEN_COMPAT_H
#define _KIOGEN_COMPAT_H

#include <linux/blkdev.h>
#include <linux/fs.h>
#include <linux/uio.h>
#include <net/genetlink.h>

#include "probes.h"
#include "compat-blk.h"

/* Attributes of a dump request: genl_info_dump() appeared in 6.6. */
static inline struct nlattr **kiog_dump_attrs(struct netlink_callback *cb)
{
#ifdef HAVE_GENL_INFO_DUMP
	return genl_info_dump(cb)->attrs;
#else
	return genl_dumpit_info(cb)->attrs;
#endif
}

/* Joining the events group needs CAP_SYS_ADMIN (6.7; Debian 6.1.176+). */
#ifdef GENL_MCAST_CAP_SYS_ADMIN
#define KIOG_MCGRP_ADMIN	GENL_MCAST_CAP_SYS_ADMIN
#else
#error "genl_multicast_group.flags (GENL_MCAST_CAP_SYS_ADMIN) is needed to confine events"
#endif

/*
 * A write through the file's ->write_iter with the checks of a write(2):
 * rw_verify_area, the LSM hook, fsnotify. Freeze protection: from 6.8
 * vfs_iocb_iter_write() takes it (and drops it unless the I/O was queued);
 * before, the caller does. Either way a queued write drops it in its
 * completion with kiocb_end_write().
 */
static inline ssize_t kiog_iocb_write(struct kiocb *iocb, struct iov_iter *iter)
{
	ssize_t ret;

#ifdef HAVE_VFS_IOCB_WRITE_FREEZE
	ret = vfs_iocb_iter_write(iocb->ki_filp, iocb, iter);
#else
	kiocb_start_write(iocb);
	ret = vfs_iocb_iter_write(iocb->ki_filp, iocb, iter);
	if (ret != -EIOCBQUEUED)
		kiocb_end_write(iocb);
#endif
	return ret;
}

/* iov_iter directions were renamed in 6.2 (Debian 6.1.11+ has the new names) */
#ifndef ITER_DEST
#define ITER_DEST	READ
#define ITER_SOURCE	WRITE
#endif

/* Freeze protection for async writes: helpers from 6.6 (Debian 6.1.116+). */
#ifndef HAVE_KIOCB_START_WRITE
static inline void kiocb_start_write(struct kiocb *iocb)
{
	struct super_block *sb = file_inode(iocb->ki_filp)->i_sb;

	sb_start_write(sb);
	__sb_writers_release(sb, SB_FREEZE_WRITE);
}

static inline void kiocb_end_write(struct kiocb *iocb)
{
	struct super_block *sb = file_inode(iocb->ki_filp)->i_sb;

	__sb_writers_acquired(sb, SB_FREEZE_WRITE);
	sb_end_write(sb);
}
#endif

#endif /* _KIOGEN_COMPAT_H */
