/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-version differences, and only those. Each HAVE_* comes from a
 * feature probe in Kbuild (Debian's 6.1 carries many later APIs, so version
 * numbers would lie).
 */
#ifndef _KIOGEN_COMPAT_H
#define _KIOGEN_COMPAT_H

#include <linux/blkdev.h>
#include <linux/fs.h>
#include <linux/uio.h>
#include <net/genetlink.h>

/* Attributes of a dump request: genl_info_dump() appeared in 6.6. */
static inline struct nlattr **kiog_dump_attrs(struct netlink_callback *cb)
{
#ifdef HAVE_GENL_INFO_DUMP
	return genl_info_dump(cb)->attrs;
#else
	return genl_dumpit_info(cb)->attrs;
#endif
}

/*
 * An opened block device. 6.9 turned the open into a struct file; before
 * 6.5 the close needed the open mode, and exclusivity was FMODE_EXCL.
 */
struct kiog_bdev {
	struct block_device *bdev;
#ifdef HAVE_BDEV_FILE_OPEN
	struct file *file;
#else
	fmode_t mode;
#endif
};

static inline int kiog_bdev_open(struct kiog_bdev *b, const char *path,
				 bool write, void *holder)
{
#ifdef HAVE_BDEV_FILE_OPEN
	blk_mode_t mode = BLK_OPEN_READ | (write ? BLK_OPEN_WRITE : 0);
	struct file *f;

	/* a holder makes the open exclusive: only writers claim the device */
	f = bdev_file_open_by_path(path, mode, write ? holder : NULL, NULL);
	if (IS_ERR(f))
		return PTR_ERR(f);
	b->file = f;
	b->bdev = file_bdev(f);
#else
	struct block_device *bdev;

	b->mode = FMODE_READ | (write ? FMODE_WRITE | FMODE_EXCL : 0);
	bdev = blkdev_get_by_path(path, b->mode, write ? holder : NULL);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	b->bdev = bdev;
#endif
	return 0;
}

static inline void kiog_bdev_close(struct kiog_bdev *b)
{
#ifdef HAVE_BDEV_FILE_OPEN
	/* bdev_fput() drops the claim now; fput() would defer it */
	bdev_fput(b->file);
#else
	blkdev_put(b->bdev, b->mode);
#endif
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
