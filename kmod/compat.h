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
#include <linux/kthread.h>
#include <linux/uio.h>
#include <net/genetlink.h>

#include "probes.h"
#include "compat-blk.h"
#include "compat-vfs.h"

/* Attributes of a dump request: genl_info_dump() appeared in 6.6. */
static inline struct nlattr **kiog_dump_attrs(struct netlink_callback *cb)
{
#ifdef HAVE_GENL_INFO_DUMP
	return genl_info_dump(cb)->attrs;
#else
	return genl_dumpit_info(cb)->attrs;
#endif
}

/* Formatted extack messages, in the extack's own buffer, came in 6.2. */
#ifdef NL_SET_ERR_MSG_ATTR_FMT
#define KIOG_HAVE_EXTACK_FMT
#endif

/* Joining the events group needs CAP_SYS_ADMIN (6.7; Debian 6.1.176+). */
#ifdef GENL_MCAST_CAP_SYS_ADMIN
#define KIOG_MCGRP_ADMIN	GENL_MCAST_CAP_SYS_ADMIN
#else
#error "genl_multicast_group.flags (GENL_MCAST_CAP_SYS_ADMIN) is needed to confine events"
#endif

/*
 * genl.c, generated from the spec, is written for 6.4+. Policies' full-range
 * pointers became const in 6.4. Split ops (a command's do and dump apart, in
 * .split_ops) came in 6.2; before, a family takes one struct genl_ops per
 * command, which kiog_genl_set_ops() builds from the split ops at init.
 */
#ifndef HAVE_NLA_CONST_RANGE
#undef NLA_POLICY_FULL_RANGE
#define NLA_POLICY_FULL_RANGE(tp, _range) {			\
	.type = NLA_ENSURE_UINT_OR_BINARY_TYPE(tp),		\
	.validation_type = NLA_VALIDATE_RANGE_PTR,		\
	.range = (struct netlink_range_validation *)(_range),	\
}
#endif

#ifdef HAVE_GENL_SPLIT_OPS
static inline int kiog_genl_set_ops(struct genl_family *f,
				    const struct genl_split_ops *split,
				    unsigned int n)
{
	f->split_ops = split;
	f->n_split_ops = n;
	return 0;
}

static inline void kiog_genl_free_ops(struct genl_family *f)
{
}
#else
struct genl_split_ops {
	int (*doit)(struct sk_buff *skb, struct genl_info *info);
	int (*start)(struct netlink_callback *cb);
	int (*dumpit)(struct sk_buff *skb, struct netlink_callback *cb);
	int (*done)(struct netlink_callback *cb);
	const struct nla_policy *policy;
	unsigned int maxattr;
	u8 cmd;
	u8 internal_flags;
	u8 flags;
	u8 validate;
};

/* Can one policy serve both halves of a command? */
static inline bool kiog_genl_same_policy(const struct genl_ops *op,
					 const struct genl_split_ops *s)
{
	return !op->policy || op->policy == s->policy ||
	       (op->maxattr == s->maxattr &&
		!memcmp(op->policy, s->policy,
			(s->maxattr + 1) * sizeof(*s->policy)));
}

static inline int kiog_genl_set_ops(struct genl_family *f,
				    const struct genl_split_ops *split,
				    unsigned int n)
{
	const u8 caps = GENL_CMD_CAP_DO | GENL_CMD_CAP_DUMP;
	struct genl_ops *ops, *op;
	unsigned int i, nr = 0;

	ops = kcalloc(n, sizeof(*ops), GFP_KERNEL);
	if (!ops)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		const struct genl_split_ops *s = &split[i];

		for (op = ops; op < ops + nr && op->cmd != s->cmd; op++)
			;
		if (op == ops + nr)
			nr++;
		/* 6.1 has one policy per command: do and dump must agree */
		if (WARN_ON_ONCE(!kiog_genl_same_policy(op, s) ||
				 (op->flags && op->flags != (s->flags & ~caps)))) {
			kfree(ops);
			return -EINVAL;
		}
		op->cmd = s->cmd;
		op->flags = s->flags & ~caps;
		op->validate = s->validate;
		op->policy = s->policy;
		op->maxattr = s->maxattr;
		if (s->flags & GENL_CMD_CAP_DO) {
			op->doit = s->doit;
		} else {
			op->start = s->start;
			op->dumpit = s->dumpit;
			op->done = s->done;
		}
	}
	f->ops = ops;
	f->n_ops = nr;
	return 0;
}

static inline void kiog_genl_free_ops(struct genl_family *f)
{
	kfree(f->ops);
}
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

/*
 * The CPUs of a kthread not yet woken. From 6.14 kthread() re-affines a
 * thread created on a node at its first wake-up (and on CPU hotplug) unless
 * it was given preferred CPUs; before, the creator's mask stays.
 */
static inline int kiog_kthread_affine(struct task_struct *t,
				      const struct cpumask *mask)
{
#ifdef HAVE_KTHREAD_AFFINE_PREFERRED
	return kthread_affine_preferred(t, mask);
#else
	return set_cpus_allowed_ptr(t, mask);
#endif
}

/*
 * The block tracepoints blk-split.c probes, by the shape of their arguments
 * (probes/tp_block_*.c): one of another shape is not probed, and its phases
 * are reported missing, rather than called with the wrong arguments.
 * kiog_tp_probe(KIOG_TP_*, fn) is fn where the shape matched, else NULL.
 */
#ifdef HAVE_TP_BLOCK_BIO
#define KIOG_TP_BLOCK_BIO		1
#else
#define KIOG_TP_BLOCK_BIO		0
#endif
#ifdef HAVE_TP_BLOCK_RQ
#define KIOG_TP_BLOCK_RQ		1
#else
#define KIOG_TP_BLOCK_RQ		0
#endif
#ifdef HAVE_TP_BLOCK_RQ_COMPLETE
#define KIOG_TP_BLOCK_RQ_COMPLETE	1
#else
#define KIOG_TP_BLOCK_RQ_COMPLETE	0
#endif
#define kiog_tp_probe(have, fn)	((have) ? (void *)(fn) : NULL)

#endif /* _KIOGEN_COMPAT_H */
