// SPDX-License-Identifier: GPL-2.0
/*
 * The kiogen generic netlink family: the handlers that turn validated
 * attributes into runs, and the messages that carry status, results and
 * events back. Handlers do semantics only: the policies, which hold every
 * limit, and the ops table are generated from the spec into genl.c.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/netlink.h>
#include <linux/rcupdate.h>
#include <linux/sched/cputime.h>
#include <linux/slab.h>
#include <net/genetlink.h>
#include <net/netlink.h>
#include <net/net_namespace.h>
#include <net/sock.h>
#include <linux/file.h>
#include <linux/user_namespace.h>

#include <kiogen/meta.h>

#include "kiogen.h"
#include "compat.h"
#include "genl.h"

/* Messages name the attribute; the offset points at it as well. */
#define KIOG_REQUIRE(extack, nest, tb, type, msg) ({			\
	struct netlink_ext_ack *__ext = (extack);			\
	u32 __type = (type);						\
	bool __missing = !(tb)[__type];					\
	if (__missing) {						\
		NL_SET_ERR_MSG(__ext, msg);				\
		NL_SET_ERR_ATTR_MISS(__ext, nest, __type);		\
	}								\
	__missing;							\
})

static struct genl_family kiog_family;

/*
 * Events carry what reads need CAP_SYS_ADMIN for: so does joining. The
 * spec's group, generated without flags, names it.
 */
static const struct genl_multicast_group kiog_mcgrps[] = {
	[KIOGEN_NLGRP_EVENTS] = { .name = KIOGEN_MCGRP_EVENTS,
				  .flags = KIOG_MCGRP_ADMIN },
};

/*
 * Every operation, reads included, needs CAP_SYS_ADMIN in the initial user
 * namespace: runs write devices and show what others run. A namespace's own
 * root is not enough. Genetlink has checked CAP_NET_ADMIN (the spec's
 * admin-perm, all a spec can say).
 */
static bool kiog_nl_admin(struct sk_buff *skb, struct netlink_ext_ack *extack)
{
	if (netlink_capable(skb, CAP_SYS_ADMIN))
		return true;
	NL_SET_ERR_MSG(extack, "CAP_SYS_ADMIN is required");
	return false;
}

/*
 * Dumps are refused from their first dumpit, not from .start: 6.1 passes
 * .start no extack, so the reason would be lost. KIOG_DUMP_REFUSED in
 * cb->args[2] says .start found the requester unprivileged.
 */
#define KIOG_DUMP_REFUSED	1
/* results-get's log-drain, from a socket other than the run's owner */
#define KIOG_DUMP_NOT_OWNER	2

static bool kiog_nl_dump_unprivileged(struct netlink_callback *cb)
{
	if (netlink_capable(cb->skb, CAP_SYS_ADMIN))
		return false;
	cb->args[2] = KIOG_DUMP_REFUSED;
	return true;
}

static int kiog_nl_dump_refused(struct netlink_callback *cb)
{
	NL_SET_ERR_MSG(cb->extack, "CAP_SYS_ADMIN is required");
	return -EPERM;
}

int kiogen_nl_info_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct sk_buff *msg;
	struct nlattr *nest;
	unsigned int i;
	void *hdr;

	if (!kiog_nl_admin(skb, info->extack))
		return -EPERM;
	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &kiog_family, 0, KIOGEN_CMD_INFO_GET);
	if (!hdr)
		goto err_free;
	nest = nla_nest_start(msg, KIOGEN_A_INFO);
	if (!nest)
		goto err_free;
	if (nla_put_string(msg, KIOGEN_A_INFO_MODULE_VERSION, KIOGEN_VERSION) ||
	    nla_put_u32(msg, KIOGEN_A_INFO_FAMILY_VERSION, KIOGEN_FAMILY_VERSION) ||
	    nla_put_u32(msg, KIOGEN_A_INFO_MAX_WORKERS, READ_ONCE(kiog_max_workers)) ||
	    nla_put_u32(msg, KIOGEN_A_INFO_MAX_IODEPTH, KIOGEN_MAX_IODEPTH) ||
	    nla_put_u32(msg, KIOGEN_A_INFO_MAX_BS, KIOGEN_MAX_BS) ||
	    nla_put_u64_64bit(msg, KIOGEN_A_INFO_MAX_MEM,
			      kiog_mem_limit(),
			      KIOGEN_A_INFO_PAD) ||
	    nla_put_u32(msg, KIOGEN_A_INFO_MAX_RUNS, READ_ONCE(kiog_max_runs)) ||
	    nla_put_u32(msg, KIOGEN_A_INFO_HIST_BITS, KIOG_HIST_BITS) ||
	    nla_put_u32(msg, KIOGEN_A_INFO_HIST_GROUPS, KIOG_HIST_GROUPS) ||
	    nla_put_u64_64bit(msg, KIOGEN_A_INFO_SAMPLE_NS, KIOG_SAMPLE_NS,
			      KIOGEN_A_INFO_PAD) ||
	    nla_put_u64_64bit(msg, KIOGEN_A_INFO_MEM_USED,
			      atomic64_read(&kiog_mem_used), KIOGEN_A_INFO_PAD) ||
	    nla_put_string(msg, KIOGEN_A_INFO_CLOCK, KIOG_CLOCK_NAME))
		goto err_free;
	for (i = 0; i < kiog_nr_engines; i++)
		if (nla_put_string(msg, KIOGEN_A_INFO_ENGINE, kiog_engines[i]->name))
			goto err_free;
	nla_nest_end(msg, nest);
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);

err_free:
	nlmsg_free(msg);
	return -EMSGSIZE;
}

/* An attribute's value, or @dflt when absent; one per type of job.h. */
static u64 kiog_nla_get_U64(const struct nlattr *nla, u64 dflt)
{
	return nla ? nla_get_u64(nla) : dflt;
}

static u32 kiog_nla_get_U32(const struct nlattr *nla, u32 dflt)
{
	return nla ? nla_get_u32(nla) : dflt;
}

static s32 kiog_nla_get_S32(const struct nlattr *nla, s32 dflt)
{
	return nla ? nla_get_s32(nla) : dflt;
}

static bool kiog_nla_get_FLAG(const struct nlattr *nla, bool dflt)
{
	return nla ? true : dflt;
}

/* more than fit, or not whole u64s, is left for kiog_dist_check() to refuse */
static struct kiog_zones kiog_nla_get_ZONES(const struct nlattr *nla, int dflt)
{
	struct kiog_zones z = { .nr = 0 };
	int len = nla ? nla_len(nla) : 0;

	if (len > (int)sizeof(z.z) || len % sizeof(z.z[0]))
		z.nr = ARRAY_SIZE(z.z) + 1;
	else if (len)
		z.nr = nla_memcpy(z.z, nla, len) / sizeof(z.z[0]);
	return z;
}

/* more than fit is left for kiog_nl_parse_job() to refuse */
static struct kiog_pattern kiog_nla_get_PATTERN(const struct nlattr *nla, int dflt)
{
	struct kiog_pattern pat = { .len = 0 };
	int len = nla ? nla_len(nla) : 0;

	if (len > (int)sizeof(pat.b))
		pat.len = sizeof(pat.b) + 1;
	else if (len)
		pat.len = nla_memcpy(pat.b, nla, len);
	return pat;
}

static int kiog_nla_put_U64(struct sk_buff *skb, int type, u64 v)
{
	return nla_put_u64_64bit(skb, type, v, KIOGEN_A_JOB_PAD);
}

static int kiog_nla_put_U32(struct sk_buff *skb, int type, u32 v)
{
	return nla_put_u32(skb, type, v);
}

static int kiog_nla_put_S32(struct sk_buff *skb, int type, s32 v)
{
	return nla_put_s32(skb, type, v);
}

static int kiog_nla_put_FLAG(struct sk_buff *skb, int type, bool v)
{
	return v ? nla_put_flag(skb, type) : 0;
}

static int kiog_nla_put_ZONES(struct sk_buff *skb, int type, struct kiog_zones v)
{
	return v.nr ? nla_put(skb, type, v.nr * sizeof(v.z[0]), v.z) : 0;
}

static int kiog_nla_put_PATTERN(struct sk_buff *skb, int type,
				struct kiog_pattern v)
{
	return v.len ? nla_put(skb, type, v.len, v.b) : 0;
}

/* extack with a message that is not a literal (NL_SET_ERR_MSG_ATTR's must be) */
void kiog_nl_err(struct netlink_ext_ack *extack, const struct nlattr *attr,
		 const char *msg)
{
	if (extack) {
		extack->_msg = msg;
		extack->bad_attr = attr;
	}
}

#ifndef KIOG_HAVE_EXTACK_FMT
/*
 * Before 6.2 an extack holds no message of its own: a formatted one must
 * outlive the request, so each distinct one is kept until the module goes
 * (job fds' index times a few reasons: bounded by KIOG_NL_MSGS).
 */
#define KIOG_NL_MSGS	4096

struct kiog_nl_msg {
	struct list_head node;
	char msg[];
};

static LIST_HEAD(kiog_nl_msgs);
static DEFINE_MUTEX(kiog_nl_msgs_lock);
static unsigned int kiog_nl_nr_msgs;

static const char *kiog_nl_msg_keep(const char *msg, const char *fallback)
{
	size_t len = strlen(msg) + 1;
	struct kiog_nl_msg *m;
	const char *ret = fallback;

	mutex_lock(&kiog_nl_msgs_lock);
	list_for_each_entry(m, &kiog_nl_msgs, node) {
		if (!strcmp(m->msg, msg)) {
			ret = m->msg;
			goto out;
		}
	}
	if (kiog_nl_nr_msgs >= KIOG_NL_MSGS)
		goto out;
	m = kmalloc(struct_size(m, msg, len), GFP_KERNEL);
	if (!m)
		goto out;
	memcpy(m->msg, msg, len);
	list_add(&m->node, &kiog_nl_msgs);
	kiog_nl_nr_msgs++;
	ret = m->msg;
out:
	mutex_unlock(&kiog_nl_msgs_lock);
	return ret;
}

static void kiog_nl_msgs_free(void)
{
	struct kiog_nl_msg *m, *n;

	list_for_each_entry_safe(m, n, &kiog_nl_msgs, node)
		kfree(m);
	INIT_LIST_HEAD(&kiog_nl_msgs);
}
#else
static void kiog_nl_msgs_free(void)
{
}
#endif

/**
 * kiog_nl_err_file() - a refusal of one of the job's files
 * @extack: where it goes
 * @tb: the job's attributes
 * @file: 0: job fd; N: job fds[N - 1]
 * @msg: "job fd: WHAT"; for job fds it reads "job fds[INDEX]: WHAT"
 */
void kiog_nl_err_file(struct netlink_ext_ack *extack, struct nlattr **tb,
		      u32 file, const char *msg)
{
	static const char pre[] = "job fd: ";
	const char *what = msg;

	if (!file) {
		kiog_nl_err(extack, tb[KIOGEN_A_JOB_FD], msg);
		return;
	}
	if (!strncmp(msg, pre, sizeof(pre) - 1))
		what = msg + sizeof(pre) - 1;
#ifdef KIOG_HAVE_EXTACK_FMT
	NL_SET_ERR_MSG_ATTR_FMT(extack, tb[KIOGEN_A_JOB_FDS], "job fds[%u]: %s",
				file - 1, what);
#else
	{
		char buf[128];

		snprintf(buf, sizeof(buf), "job fds[%u]: %s", file - 1, what);
		kiog_nl_err(extack, tb[KIOGEN_A_JOB_FDS],
			    kiog_nl_msg_keep(buf, "job fds: one of them is refused"));
	}
#endif
}

/* The attribute a message of bs.h (it starts with fio's name) is about. */
static struct nlattr *kiog_nl_bs_attr(struct nlattr **tb, const char *msg)
{
	if (!strncmp(msg, "bsrange", 7))
		return tb[KIOGEN_A_JOB_BS_MAX] ?: tb[KIOGEN_A_JOB_BS_WRITE_MAX];
	if (!strncmp(msg, "bssplit", 7))
		return tb[KIOGEN_A_JOB_BSSPLIT];
	if (!strncmp(msg, "blockalign", 10))
		return tb[KIOGEN_A_JOB_BLOCKALIGN] ?: tb[KIOGEN_A_JOB_BLOCKALIGN_WRITE];
	if (!strncmp(msg, "blocksize_unaligned", 19))
		return tb[KIOGEN_A_JOB_BLOCKSIZE_UNALIGNED];
	if (strstr(msg, "trims'"))
		return tb[KIOGEN_A_JOB_BS_TRIM];
	return tb[KIOGEN_A_JOB_BS_WRITE] ?: tb[KIOGEN_A_JOB_BS];
}

/* How the sizes and the pattern's postfix combine. */
static int kiog_nl_check_stream(const struct kiog_job_cfg *c, struct nlattr **tb,
				struct netlink_ext_ack *extack)
{
	bool rnd = kiog_rw_random(c->rw);
	struct kiog_wl_cfg *wlc;
	const char *msg;

	wlc = kmalloc(sizeof(*wlc), GFP_KERNEL);
	if (!wlc)
		return -ENOMEM;
	KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, wlc, c);
	msg = kiog_bs_check(wlc);
	kfree(wlc);
	if (msg) {
		kiog_nl_err(extack, kiog_nl_bs_attr(tb, msg), msg);
		return -EINVAL;
	}
	if (c->rw_seq_nr > 1 && !rnd) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_RW_SEQ_NR],
				    "job rw-seq-nr: only a random pattern draws random offsets");
		return -EINVAL;
	}
	if (c->rw_seq_add && rnd) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_RW_SEQ_ADD],
				    "job rw-seq-add: only a sequential pattern leaves holes");
		return -EINVAL;
	}
	return 0;
}

/* Fill one job's config from its attributes; the target is checked later. */
static int kiog_nl_parse_job(struct kiog_job *job, struct nlattr *nest,
			     struct nlattr **tb, struct netlink_ext_ack *extack)
{
	struct kiog_job_cfg *c = &job->cfg;
	const char *msg;
	int err;

	err = nla_parse_nested(tb, KIOGEN_A_JOB_MAX, nest, kiogen_job_nl_policy,
			       extack);
	if (err)
		return err;
	/* version 1 asked the module to lay files out: now the client does */
	if (tb[KIOGEN_A_JOB_FILESIZE]) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_FILESIZE],
				    "job filesize: not taken since version 2, the client lays files out");
		return -EINVAL;
	}
	if (tb[KIOGEN_A_JOB_FALLOCATE]) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_FALLOCATE],
				    "job fallocate: not taken since version 2, the client lays files out");
		return -EINVAL;
	}
	if (KIOG_REQUIRE(extack, nest, tb, KIOGEN_A_JOB_ENGINE,
			 "missing attribute: job engine") ||
	    KIOG_REQUIRE(extack, nest, tb, KIOGEN_A_JOB_RW,
			 "missing attribute: job rw") ||
	    KIOG_REQUIRE(extack, nest, tb, KIOGEN_A_JOB_BS,
			 "missing attribute: job bs"))
		return -EINVAL;

	c->engine = kiog_engine_find(nla_data(tb[KIOGEN_A_JOB_ENGINE]));
	if (!c->engine) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_ENGINE],
				    "job engine: no such engine");
		return -EINVAL;
	}
	if (tb[KIOGEN_A_JOB_NAME])
		nla_strscpy(c->name, tb[KIOGEN_A_JOB_NAME], sizeof(c->name));
	if (tb[KIOGEN_A_JOB_FILENAME])
		nla_strscpy(c->filename, tb[KIOGEN_A_JOB_FILENAME],
			    sizeof(c->filename));
	if (tb[KIOGEN_A_JOB_FILENAME_FORMAT])
		nla_strscpy(c->filename_format, tb[KIOGEN_A_JOB_FILENAME_FORMAT],
			    sizeof(c->filename_format));
	else
		strscpy(c->filename_format, KIOG_META_FORMAT_DEFAULT,
			sizeof(c->filename_format));
#define KIOG_PARSE(field, ATTR, TYPE, dflt, ...) \
	c->field = kiog_nla_get_##TYPE(tb[KIOGEN_A_JOB_##ATTR], dflt);
	KIOG_JOB_FIELDS(KIOG_PARSE)
#undef KIOG_PARSE
	msg = kiog_dist_check(c->random_distribution, c->dist_param, &c->zones);
	if (msg) {
		kiog_nl_err(extack, strncmp(msg, "zones", 5) ?
			    tb[KIOGEN_A_JOB_DIST_PARAM] ?: tb[KIOGEN_A_JOB_RANDOM_DISTRIBUTION] :
			    tb[KIOGEN_A_JOB_ZONES], msg);
		return -EINVAL;
	}
	err = kiog_nl_check_stream(c, tb, extack);
	if (err)
		return err;
	err = kiog_place_check(c, tb, extack);
	if (err)
		return err;
	job->ioprio = kiog_place_ioprio(c);
	/* bios never go through the page cache */
	if (c->engine == &kiog_engine_bio)
		c->direct = true;

	if (c->mode == KIOGEN_MODE_SYNC && c->iodepth != 1) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_IODEPTH],
				    "job iodepth: sync mode issues one I/O at a time");
		return -EINVAL;
	}
	if (c->time_based && !c->runtime_ns) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_TIME_BASED],
				    "job time_based: needs a runtime");
		return -EINVAL;
	}
	if (c->iodepth_low > c->iodepth) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_IODEPTH_LOW],
				    "job iodepth_low: larger than iodepth");
		return -EINVAL;
	}
	if (c->iodepth_batch_complete_max &&
	    c->iodepth_batch_complete_max < c->iodepth_batch_complete_min) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_IODEPTH_BATCH_COMPLETE_MAX],
				    "job iodepth_batch_complete_max: smaller than iodepth_batch_complete_min");
		return -EINVAL;
	}
	if (c->hipri && !c->engine->poll) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_HIPRI],
				    "job hipri: this engine cannot poll for completions");
		return -EOPNOTSUPP;
	}
	return 0;
}

/* A target must allow what the job does with it: @file 0 is job fd, N job fds[N - 1]. */
static int kiog_nl_check_file(struct kiog_job *job, struct file *f, u32 file,
			      struct nlattr **tb, struct netlink_ext_ack *extack)
{
	struct kiog_job_cfg *c = &job->cfg;

	if (kiog_rw_writes(c->rw) && !(f->f_mode & FMODE_WRITE)) {
		kiog_nl_err_file(extack, tb, file,
				 "job fd: not open for writing, and the job writes");
		return -EBADF;
	}
	if (kiog_rw_reads(c->rw) && !(f->f_mode & FMODE_READ)) {
		kiog_nl_err_file(extack, tb, file,
				 "job fd: not open for reading, and the job reads");
		return -EBADF;
	}
	/* appending writes would go to the end of the file, not to the offsets */
	if (f->f_flags & O_APPEND) {
		kiog_nl_err_file(extack, tb, file, "job fd: opened with O_APPEND");
		return -EINVAL;
	}
	return 0;
}

/* Job file-regions: a u64 for each of the job's files (fd, then fds). */
static int kiog_nl_take_regions(struct kiog_job *job, struct nlattr **tb,
				struct netlink_ext_ack *extack)
{
	struct kiog_job_cfg *c = &job->cfg;
	struct nlattr *a = tb[KIOGEN_A_JOB_FILE_REGIONS];

	if (!a)
		return 0;
	if (nla_len(a) != job->nr_files * sizeof(u64)) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "job file-regions: not a u64 for each file (fd, then fds)");
		return -EINVAL;
	}
	/* a region's blocks are the generator's: one distribution for all */
	if (c->offset_increment ||
	    c->random_distribution != KIOGEN_RANDOM_DISTRIBUTION_RANDOM) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "job file-regions: not with offset-increment or a random-distribution");
		return -EINVAL;
	}
	job->file_regions = kmemdup(nla_data(a), nla_len(a), GFP_KERNEL_ACCOUNT);
	return job->file_regions ? 0 : -ENOMEM;
}

/* Bytes of target file @f. */
static u64 kiog_nl_file_bytes(struct file *f)
{
	struct inode *inode = file_inode(f);

	return S_ISBLK(inode->i_mode) ? bdev_nr_bytes(kiog_file_bdev(f)) :
					i_size_read(inode);
}

/* Each file's region holds the largest I/O and ends within the file. */
static int kiog_nl_check_regions(struct kiog_job *job, struct nlattr **tb,
				 struct netlink_ext_ack *extack)
{
	struct kiog_job_cfg *c = &job->cfg;
	u64 bytes, r;
	u32 i;

	if (!job->file_regions)
		return 0;
	for (i = 0; i < job->nr_files; i++) {
		r = job->file_regions[i];
		bytes = kiog_nl_file_bytes(job->files[i]);
		if (r < job->max_bs) {
			NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_FILE_REGIONS],
					    "job file-regions: one is smaller than the largest block size");
			return -EINVAL;
		}
		if (c->offset >= bytes || r > bytes - c->offset) {
			NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_FILE_REGIONS],
					    "job file-regions: one ends past the end of its file");
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * A job's targets after the first (fio's filename=a:b, or nrfiles): either
 * one set every worker shares, or one set per worker.
 */
static int kiog_nl_take_fds(struct kiog_job *job, struct nlattr *nest,
			    struct nlattr **tb, struct netlink_ext_ack *extack)
{
	struct kiog_job_cfg *c = &job->cfg;
	struct nlattr *a = tb[KIOGEN_A_JOB_FDS];
	u32 i, n = a ? nla_len(a) / sizeof(u32) : 0;
	const u32 *fds;
	int err;

	job->files = &job->file;
	job->nr_files = 1;
	job->worker_files = 1;
	if (!a) {
		if (c->nrfiles != 1) {
			NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_NRFILES],
					    "job nrfiles: a data job needs that many fds (job fds)");
			return -EINVAL;
		}
		if (tb[KIOGEN_A_JOB_FILE_REGIONS]) {
			NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_FILE_REGIONS],
					    "job file-regions: only with several files (job fds)");
			return -EINVAL;
		}
		return 0;
	}
	if (!n || nla_len(a) % sizeof(u32) || n > KIOGEN_MAX_FDS) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "job fds: not an array of 1 to max-fds u32 file descriptors");
		return -EINVAL;
	}
	if (n + 1 != c->nrfiles && (u64)n + 1 != (u64)c->nrfiles * c->numjobs) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "job fds: 1 + their number is neither nrfiles nor nrfiles times numjobs");
		return -EINVAL;
	}
	job->files = kcalloc(n + 1, sizeof(*job->files), GFP_KERNEL_ACCOUNT);
	if (!job->files) {
		job->files = &job->file;
		return -ENOMEM;
	}
	job->files[0] = job->file;
	job->nr_files = n + 1;
	job->worker_files = c->nrfiles;
	if (c->verify != KIOGEN_VERIFY_NONE) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_VERIFY],
				    "job verify: not with several files yet");
		return -EOPNOTSUPP;
	}
	fds = nla_data(a);
	for (i = 0; i < n; i++) {
		job->files[i + 1] = fget(fds[i]);
		if (!job->files[i + 1]) {
			kiog_nl_err_file(extack, tb, i + 1,
					 "job fd: not an open file descriptor of the requester");
			return -EBADF;
		}
		err = kiog_nl_check_file(job, job->files[i + 1], i + 1, tb, extack);
		if (err)
			return err;
	}
	return kiog_nl_take_regions(job, tb, extack);
}

/*
 * Takes the job's targets from the requester's file descriptors. The open
 * was the requester's: path lookup, DAC, LSM, mount namespace and O_DIRECT
 * were decided there, as for any file; here an fd only has to allow what the
 * job does.
 */
static int kiog_nl_take_fd(struct kiog_job *job, struct nlattr *nest,
			   struct nlattr **tb, struct netlink_ext_ack *extack)
{
	struct kiog_job_cfg *c = &job->cfg;
	struct nlattr *fd = tb[KIOGEN_A_JOB_FD];
	int err;

	job->files = &job->file;
	job->nr_files = 1;
	job->worker_files = 1;
	if (!c->engine->needs_target) {
		if (fd || tb[KIOGEN_A_JOB_FDS]) {
			NL_SET_ERR_MSG_ATTR(extack, fd ?: tb[KIOGEN_A_JOB_FDS],
					    "job fd: this engine takes no target");
			return -EINVAL;
		}
		return 0;
	}
	if (KIOG_REQUIRE(extack, nest, tb, KIOGEN_A_JOB_FD,
			 "missing attribute: job fd"))
		return -EINVAL;
	job->file = fget(nla_get_u32(fd));
	if (!job->file) {
		NL_SET_ERR_MSG_ATTR(extack, fd,
				    "job fd: not an open file descriptor of the requester");
		return -EBADF;
	}
	/* a directory's files are written, not the directory: the engine checks */
	if (c->engine->dir_target) {
		if (tb[KIOGEN_A_JOB_FDS]) {
			NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_FDS],
					    "job fds: a metadata engine takes one directory");
			return -EINVAL;
		}
		return 0;
	}
	err = kiog_nl_check_file(job, job->file, 0, tb, extack);
	if (err)
		return err;
	return kiog_nl_take_fds(job, nest, tb, extack);
}

/*
 * The sizes must suit the target's alignment and fit the region; each
 * worker's region (offset_increment) must fit the target.
 */
static int kiog_nl_check_sizes(struct kiog_job *job, struct nlattr **tb,
			       struct netlink_ext_ack *extack)
{
	struct kiog_job_cfg *c = &job->cfg;
	u64 nr_blocks, shift, end;
	struct kiog_wl_cfg *wlc;
	struct kiog_bs *b;
	const char *msg;
	int err = -EINVAL;
	u32 unit;

	wlc = kmalloc(sizeof(*wlc), GFP_KERNEL);
	b = kmalloc(sizeof(*b), GFP_KERNEL);
	if (!wlc || !b) {
		err = -ENOMEM;
		goto out_free;
	}
	KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, wlc, c);
	kiog_bs_init(b, wlc, 0);
	msg = kiog_bs_check_align(b, job->min_align);
	if (msg) {
		kiog_nl_err(extack, kiog_nl_bs_attr(tb, msg), msg);
		goto out_free;
	}
	if (c->offset_increment % job->min_align) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_OFFSET_INCREMENT],
				    "job offset_increment: not a multiple of the target's logical block size");
		goto out_free;
	}
	/* the bio engine would send the sector below, O_DIRECT would fail */
	if (c->rw_seq_add % job->min_align) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_RW_SEQ_ADD],
				    "job rw-seq-add: the hole (rw=X:N) is not a multiple of the target's logical block size");
		goto out_free;
	}
	/* the last worker's region starts this far after the first's */
	if (check_mul_overflow(c->offset_increment, (u64)c->numjobs - 1, &shift) ||
	    check_add_overflow(c->offset, shift, &end) || end >= job->target_bytes) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_OFFSET_INCREMENT],
				    "job offset_increment: the last worker starts past the end of the target");
		goto out_free;
	}
	if (!c->size)
		c->size = job->target_bytes - end;
	if (c->size > job->target_bytes - end) {
		NL_SET_ERR_MSG_ATTR(extack,
				    tb[KIOGEN_A_JOB_SIZE] ?: tb[KIOGEN_A_JOB_OFFSET_INCREMENT],
				    "job size: the last worker's region (offset_increment) is past the end of the target");
		goto out_free;
	}
	job->max_bs = kiog_bs_largest(b, c->rw);
	if (c->size < job->max_bs) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_SIZE] ?: tb[KIOGEN_A_JOB_BS],
				    "job size: smaller than the largest block size");
		goto out_free;
	}
	nr_blocks = kiog_bs_blocks(b, c->rw, c->size, &unit);
	if (c->random_distribution == KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS &&
	    kiog_dist_zones_fit(&c->zones, nr_blocks, unit)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_ZONES],
				    "job zones: zoned_abs zones end past the region");
		goto out_free;
	}
	err = 0;
out_free:
	kfree(b);
	kfree(wlc);
	return err;
}

/* The region must fit the opened target and hold at least one block. */
static int kiog_nl_check_region(struct kiog_job *job, struct nlattr **tb,
				struct netlink_ext_ack *extack)
{
	struct kiog_job_cfg *c = &job->cfg;
	int err;

	if (c->bs % job->min_align) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_BS],
				    "job bs: not a multiple of the target's logical block size");
		return -EINVAL;
	}
	if (c->offset % job->min_align) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_OFFSET],
				    "job offset: not a multiple of the target's logical block size");
		return -EINVAL;
	}
	if (c->offset >= job->target_bytes) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_OFFSET],
				    "job offset: past the end of the target");
		return -EINVAL;
	}
	/* with offset_increment, every worker's region fits: see below */
	if (!c->size && !c->offset_increment)
		c->size = job->target_bytes - c->offset;
	if (c->size > job->target_bytes - c->offset) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_SIZE],
				    "job size: offset + size is past the end of the target");
		return -EINVAL;
	}
	if (c->size && c->size < c->bs) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_SIZE] ?: tb[KIOGEN_A_JOB_BS],
				    "job size: smaller than one block (bs)");
		return -EINVAL;
	}
	err = kiog_nl_check_sizes(job, tb, extack) ?:
	      kiog_nl_check_regions(job, tb, extack);
	if (err)
		return err;
	/*
	 * fio: size is every file's region, io_size all of them by default;
	 * with file-regions, each worker's (kiog_worker_alloc())
	 */
	job->io_size_given = c->io_size;
	if (!c->io_size && !job->file_regions &&
	    check_mul_overflow(c->size, (u64)job->worker_files, &c->io_size))
		c->io_size = U64_MAX;
	return 0;
}

int kiogen_nl_run_new_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct netlink_ext_ack *extack = info->extack;
	struct nlattr *tb[KIOGEN_A_JOB_MAX + 1];
	struct kiog_run *run;
	struct sk_buff *msg;
	struct nlattr *nla;
	u32 nr_jobs = 0;
	void *hdr;
	int rem, err;

	if (!kiog_nl_admin(skb, extack))
		return -EPERM;
	nlmsg_for_each_attr(nla, info->nlhdr, GENL_HDRLEN, rem)
		if (nla_type(nla) == KIOGEN_A_JOB)
			nr_jobs++;
	if (!nr_jobs) {
		NL_SET_ERR_MSG(extack, "missing attribute: job");
		NL_SET_ERR_ATTR_MISS(extack, NULL, KIOGEN_A_JOB);
		return -EINVAL;
	}
	/* every job has a worker: refuse before allocating for them */
	if (nr_jobs > READ_ONCE(kiog_max_workers)) {
		NL_SET_ERR_MSG(extack,
			       "job: more jobs than the module allows workers (module parameter max_workers)");
		return -E2BIG;
	}

	run = kiog_run_alloc(nr_jobs);
	if (!run)
		return -ENOMEM;
	run->flags = kiog_nla_get_U32(info->attrs[KIOGEN_A_FLAGS], 0);
	run->net = genl_info_net(info);
	/* an attached run belongs to the socket itself, held until release */
	if (!(run->flags & KIOGEN_RUN_F_DETACHED)) {
		run->owner = NETLINK_CB(skb).sk;
		sock_hold(run->owner);
	}

	nr_jobs = 0;
	nlmsg_for_each_attr(nla, info->nlhdr, GENL_HDRLEN, rem) {
		struct kiog_job *job;

		if (nla_type(nla) != KIOGEN_A_JOB)
			continue;
		job = &run->jobs[nr_jobs++];
		err = kiog_nl_parse_job(job, nla, tb, extack);
		if (!err)
			err = kiog_nl_take_fd(job, nla, tb, extack);
		if (!err)
			err = kiog_job_open(job, tb, extack);
		if (err)
			goto err_put_run;
		/* from here a refusal closes the target (and releases a claim) */
		job->opened = true;
		err = kiog_job_verify_open(job, tb, extack);
		if (!err)
			err = kiog_nl_check_region(job, tb, extack);
		if (err)
			goto err_put_run;
	}

	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg) {
		err = -ENOMEM;
		goto err_put_run;
	}
	err = kiog_run_start(run, extack);
	if (err)
		goto err_free_msg;

	hdr = genlmsg_put_reply(msg, info, &kiog_family, 0, KIOGEN_CMD_RUN_NEW);
	if (!hdr || nla_put_u32(msg, KIOGEN_A_ID, run->id)) {
		/* the run is started; the caller can still find it by listing */
		nlmsg_free(msg);
		kiog_run_put(run);
		return -EMSGSIZE;
	}
	genlmsg_end(msg, hdr);
	kiog_run_put(run);
	return genlmsg_reply(msg, info);

err_free_msg:
	nlmsg_free(msg);
err_put_run:
	kiog_run_put(run);
	return err;
}

/* Look up the run named by KIOGEN_A_ID; takes a reference. */
static struct kiog_run *kiog_nl_run_lookup(struct genl_info *info)
{
	struct kiog_run *run;

	if (KIOG_REQUIRE(info->extack, NULL, info->attrs, KIOGEN_A_ID,
			 "missing attribute: run id"))
		return ERR_PTR(-EINVAL);
	run = kiog_run_get(genl_info_net(info), nla_get_u32(info->attrs[KIOGEN_A_ID]));
	if (!run) {
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[KIOGEN_A_ID],
				    "run id: no such run");
		return ERR_PTR(-ENOENT);
	}
	return run;
}

/*
 * Returns at once: a doit that waits for a run would hold genetlink's
 * cb_lock, stalling every family, for as long as the device takes. The end
 * of the run is an event, and RUN_GET's state.
 */
int kiogen_nl_run_stop_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct kiog_run *run;

	if (!kiog_nl_admin(skb, info->extack))
		return -EPERM;
	run = kiog_nl_run_lookup(info);
	if (IS_ERR(run))
		return PTR_ERR(run);
	kiog_run_request_stop(run);
	kiog_run_put(run);
	return 0;
}

int kiogen_nl_run_del_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct kiog_run *run;
	int err;

	if (!kiog_nl_admin(skb, info->extack))
		return -EPERM;
	run = kiog_nl_run_lookup(info);
	if (IS_ERR(run))
		return PTR_ERR(run);
	err = kiog_run_delete(run, info->extack);
	kiog_run_put(run);
	return err;
}

/**
 * kiog_nl_put_run() - add a run's status as a KIOGEN_A_RUN nest
 * @skb: message being built
 * @run: the run; kiog_lock held or a reference taken
 *
 * The nest has a fixed size whatever the run: job names and configurations
 * go in messages of their own (see the RUN_GET dump).
 *
 * Return: 0, or -EMSGSIZE when @skb is full.
 */
int kiog_nl_put_run(struct sk_buff *skb, struct kiog_run *run)
{
	u64 ios = 0, bytes = 0, errors = 0, start = 0, end = 0;
	struct nlattr *nest;
	u32 i, j;

	/*
	 * The workers are built after the run is registered, with no lock the
	 * readers take: they are read once kiog_run_start() has published
	 * them (and the start time), until then the run has done nothing.
	 */
	if (smp_load_acquire(&run->started)) {
		for (i = 0; i < run->nr_jobs; i++) {
			struct kiog_job *job = &run->jobs[i];

			for (j = 0; j < job->cfg.numjobs; j++) {
				struct kiog_worker *w = job->workers[j];

				ios += READ_ONCE(w->live_ios);
				bytes += READ_ONCE(w->live_bytes);
				errors += READ_ONCE(w->live_errors);
			}
		}
		start = run->start_ns;
		end = READ_ONCE(run->end_ns) ?: ktime_get_ns();
	}

	nest = nla_nest_start(skb, KIOGEN_A_RUN);
	if (!nest)
		return -EMSGSIZE;
	if (nla_put_u32(skb, KIOGEN_A_RUN_ID, run->id) ||
	    nla_put_u32(skb, KIOGEN_A_RUN_STATE, READ_ONCE(run->state)) ||
	    nla_put_u32(skb, KIOGEN_A_RUN_FLAGS, run->flags) ||
	    nla_put_u32(skb, KIOGEN_A_RUN_NR_JOBS, run->nr_jobs) ||
	    nla_put_u32(skb, KIOGEN_A_RUN_NR_WORKERS, run->nr_workers) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_RUN_ELAPSED_NS, end - start,
			      KIOGEN_A_RUN_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_RUN_IOS, ios, KIOGEN_A_RUN_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_RUN_BYTES, bytes, KIOGEN_A_RUN_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_RUN_ERRORS, errors, KIOGEN_A_RUN_PAD) ||
	    nla_put_s32(skb, KIOGEN_A_RUN_ERROR, READ_ONCE(run->error)) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_RUN_MEM, READ_ONCE(run->mem),
			      KIOGEN_A_RUN_PAD)) {
		nla_nest_cancel(skb, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(skb, nest);
	return 0;
}

/* Bytes of a message that carries one run's status. */
static size_t kiog_nl_run_msg_size(void)
{
	return nla_total_size(0) +			/* the nest */
	       5 * nla_total_size(sizeof(u32)) +
	       nla_total_size(sizeof(s32)) +
	       5 * nla_total_size_64bit(sizeof(u64));
}

/* A job's configuration as it runs, in the request's attributes. */
static int kiog_nl_put_job(struct sk_buff *skb, const struct kiog_job *job)
{
	const struct kiog_job_cfg *c = &job->cfg;
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_JOB);

	if (!nest ||
	    nla_put_string(skb, KIOGEN_A_JOB_NAME, c->name) ||
	    nla_put_string(skb, KIOGEN_A_JOB_FILENAME, c->filename) ||
	    nla_put_string(skb, KIOGEN_A_JOB_ENGINE, c->engine->name))
		goto err_cancel;
#define KIOG_PUT(field, ATTR, TYPE, ...) \
	if (kiog_nla_put_##TYPE(skb, KIOGEN_A_JOB_##ATTR, c->field)) \
		goto err_cancel;
	KIOG_JOB_FIELDS(KIOG_PUT)
#undef KIOG_PUT
	if (c->engine->dir_target &&
	    nla_put_string(skb, KIOGEN_A_JOB_FILENAME_FORMAT, c->filename_format))
		goto err_cancel;
	nla_nest_end(skb, nest);
	return 0;

err_cancel:
	nla_nest_cancel(skb, nest);
	return -EMSGSIZE;
}

/* RUN_GET do: one run's status. Its jobs come from the dump with an id. */
int kiogen_nl_run_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct kiog_run *run;
	struct sk_buff *msg;
	void *hdr;
	int err = -EMSGSIZE;

	if (!kiog_nl_admin(skb, info->extack))
		return -EPERM;
	run = kiog_nl_run_lookup(info);
	if (IS_ERR(run))
		return PTR_ERR(run);
	msg = genlmsg_new(kiog_nl_run_msg_size(), GFP_KERNEL);
	if (!msg) {
		err = -ENOMEM;
		goto err_put_run;
	}
	hdr = genlmsg_put_reply(msg, info, &kiog_family, 0, KIOGEN_CMD_RUN_GET);
	if (!hdr || kiog_nl_put_run(msg, run))
		goto err_free_msg;
	genlmsg_end(msg, hdr);
	kiog_run_put(run);
	return genlmsg_reply(msg, info);

err_free_msg:
	nlmsg_free(msg);
err_put_run:
	kiog_run_put(run);
	return err;
}

/* Header of one message of a dump, in answer to @cb's request. */
static void *kiog_nl_dump_put(struct sk_buff *skb, struct netlink_callback *cb,
			      u8 cmd)
{
	return genlmsg_put(skb, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			   &kiog_family, NLM_F_MULTI, cmd);
}

/*
 * RUN_GET dump. Without an id: the status of every run of the requester's
 * namespace, one message each. With KIOGEN_A_ID: that run's status, then
 * one message per job with its configuration.
 * cb->args[0]: id of the last run sent, or with an id the jobs sent + 1;
 * cb->args[1]: the id asked for, 0 for all.
 */
int kiogen_nl_run_get_start(struct netlink_callback *cb)
{
	struct nlattr **attrs = kiog_dump_attrs(cb);

	if (kiog_nl_dump_unprivileged(cb))
		return 0;
	cb->args[1] = attrs[KIOGEN_A_ID] ? nla_get_u32(attrs[KIOGEN_A_ID]) : 0;
	/* a job's message, with a filename of KIOGEN_PATH_LEN, must fit */
	cb->min_dump_alloc = NLMSG_GOODSIZE + KIOGEN_PATH_LEN;
	return 0;
}

static int kiog_nl_run_get_dump_one(struct sk_buff *skb,
				    struct netlink_callback *cb)
{
	struct kiog_run *run;
	int err = 0;
	void *hdr;

	run = kiog_run_get(sock_net(cb->skb->sk), cb->args[1]);
	if (!run) {
		NL_SET_ERR_MSG(cb->extack, "run id: no such run");
		return -ENOENT;
	}
	while (cb->args[0] <= run->nr_jobs) {
		hdr = kiog_nl_dump_put(skb, cb, KIOGEN_CMD_RUN_GET);
		if (!hdr) {
			err = -EMSGSIZE;
			break;
		}
		err = cb->args[0] ? kiog_nl_put_job(skb, &run->jobs[cb->args[0] - 1]) :
				    kiog_nl_put_run(skb, run);
		if (err) {
			genlmsg_cancel(skb, hdr);
			break;
		}
		genlmsg_end(skb, hdr);
		cb->args[0]++;
	}
	kiog_run_put(run);
	if (err == -EMSGSIZE && skb->len)
		return skb->len;
	return err ?: skb->len;
}

int kiogen_nl_run_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct net *net = sock_net(cb->skb->sk);
	struct kiog_run *run;
	int err = 0;

	if (cb->args[2] == KIOG_DUMP_REFUSED)
		return kiog_nl_dump_refused(cb);
	if (cb->args[1])
		return kiog_nl_run_get_dump_one(skb, cb);
	mutex_lock(&kiog_lock);
	list_for_each_entry(run, &kiog_runs, node) {
		void *hdr;

		if (run->id <= cb->args[0] || !run->net || !net_eq(run->net, net))
			continue;
		hdr = kiog_nl_dump_put(skb, cb, KIOGEN_CMD_RUN_GET);
		if (!hdr) {
			err = -EMSGSIZE;
			break;
		}
		if (kiog_nl_put_run(skb, run)) {
			genlmsg_cancel(skb, hdr);
			err = -EMSGSIZE;
			break;
		}
		genlmsg_end(skb, hdr);
		cb->args[0] = run->id;
	}
	mutex_unlock(&kiog_lock);
	/* a full skb ends this round; the next call continues after args[0] */
	if (err == -EMSGSIZE && skb->len)
		return skb->len;
	return err ?: skb->len;
}

/* ---- results dump ---- */

#define KIOG_HIST_CHUNK		128	/* buckets per message */
#define KIOG_SAMPLES_CHUNK	64	/* samples per message */
#define KIOG_LOG_WIN_CHUNK	16	/* log windows per message */
#define KIOG_LOG_HIST_CHUNK	512	/* u32s of histogram log per message */
#define KIOG_LOG_IO_CHUNK	64	/* per-I/O log samples per message: 2.5 KiB */
/*
 * A dump's skb is NLMSG_GOODSIZE when the larger one it tries first cannot
 * be had (a small recv() buffer, or no order-3 page): a chunk must fit in it,
 * or the dump fails with EMSGSIZE.
 */
static_assert(KIOG_LOG_IO_CHUNK * sizeof(struct kiogen_log_io) + 256 <=
	      NLMSG_GOODSIZE);
static_assert(KIOG_SAMPLES_CHUNK * sizeof(struct kiogen_sample) + 256 <=
	      NLMSG_GOODSIZE);
static_assert(KIOG_LOG_WIN_CHUNK * sizeof(struct kiogen_log_window) + 256 <=
	      NLMSG_GOODSIZE);
static_assert(KIOG_LOG_HIST_CHUNK * sizeof(u32) + 256 <= NLMSG_GOODSIZE);
static_assert(KIOG_HIST_CHUNK * sizeof(u64) + 256 <= NLMSG_GOODSIZE);

/*
 * Dump cursor. Each worker sends: its summary, then the non-empty chunks of
 * its read and write histograms, then its samples in chunks.
 */
struct kiog_dump_ctx {
	u32 run_id;
	u32 job, worker;
	u32 part;		/* 0 summary, 1 hist, 2 samples, 3 log, 4 hist log, 5 io log */
	u32 dir, pos;		/* dir: histogram number, see kiog_worker_hist() */
	bool live;		/* a running run: summaries and histograms only */
	bool drain;		/* log-drain: the owner takes the io log samples */
	u32 io_end;		/* drain: the worker's io_head when its turn came */
};

static int kiog_nl_put_lat(struct sk_buff *skb, u32 first_attr,
			   const struct kiog_lat_stats *l)
{
	/* MIN, MAX, SUM, SQSUM_HI, SQSUM_LO in this order for each latency */
	return nla_put_u64_64bit(skb, first_attr, l->min, KIOGEN_A_DIR_PAD) ||
	       nla_put_u64_64bit(skb, first_attr + 1, l->max, KIOGEN_A_DIR_PAD) ||
	       nla_put_u64_64bit(skb, first_attr + 2, l->sum, KIOGEN_A_DIR_PAD) ||
	       nla_put_u64_64bit(skb, first_attr + 3, l->sq_hi, KIOGEN_A_DIR_PAD) ||
	       nla_put_u64_64bit(skb, first_attr + 4, l->sq_lo, KIOGEN_A_DIR_PAD);
}

static int kiog_nl_put_dir(struct sk_buff *skb, const struct kiog_worker *w,
			   u32 dir)
{
	const struct kiog_dir_stats *d = &w->core.stats[dir];
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_WORKER_DIR);
	/* sync engines issue as they build: fio reports no slat for them */
	bool slat = w->job->cfg.mode == KIOGEN_MODE_ASYNC && dir != KIOGEN_DIR_SYNC;

	if (!nest ||
	    nla_put_u32(skb, KIOGEN_A_DIR_DIR, dir) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_DIR_IOS, d->ios, KIOGEN_A_DIR_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_DIR_BYTES, d->bytes, KIOGEN_A_DIR_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_DIR_ERRORS, d->errors, KIOGEN_A_DIR_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_DIR_SHORT, d->short_ios, KIOGEN_A_DIR_PAD) ||
	    kiog_nl_put_lat(skb, KIOGEN_A_DIR_LAT_MIN, &d->lat) ||
	    kiog_nl_put_lat(skb, KIOGEN_A_DIR_CLAT_MIN, &d->clat) ||
	    (slat && kiog_nl_put_lat(skb, KIOGEN_A_DIR_SLAT_MIN, &d->slat)))
		return -EMSGSIZE;
	/* kiogen's sched lat, of the directions a rate limits */
	if (dir < KIOG_RATE_DIRS && w->rate.sched_ios[dir] &&
	    (nla_put_u64_64bit(skb, KIOGEN_A_DIR_SCHED_IOS, w->rate.sched_ios[dir],
			       KIOGEN_A_DIR_PAD) ||
	     kiog_nl_put_lat(skb, KIOGEN_A_DIR_SCHED_MIN, &w->rate.sched[dir])))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

static int kiog_nl_put_split(struct sk_buff *skb, const struct kiog_split *sp)
{
	return nla_put_u64_64bit(skb, KIOGEN_A_WORKER_SPLIT_IOS, sp->ios,
				 KIOGEN_A_WORKER_PAD) ||
	       nla_put(skb, KIOGEN_A_WORKER_SPLIT_SUM, sizeof(sp->sum), sp->sum);
}

/*
 * A worker still running has no final times yet: they are read as they
 * stand, like /proc reads a task's. Its counters and histograms are read
 * while it writes them; a live report is a close look, not an exact one.
 */
static void kiog_worker_times(const struct kiog_worker *w, u64 t[5])
{
	struct task_struct *task;

	/* the reaper drops the task after kthread_stop() and synchronize_rcu() */
	rcu_read_lock();
	/* acquire: pairs with kiog_worker_fn()'s release of the final times */
	if (!smp_load_acquire(&w->finished)) {
		task = READ_ONCE(w->task);
		/* none before its clock starts (startdelay, not yet woken) */
		t[0] = READ_ONCE(w->core.ramp_end) ?
		       kiog_core_elapsed(&w->core, kiog_now(w)) : 0;
		task_cputime_adjusted(task, &t[1], &t[2]);
		t[3] = READ_ONCE(task->nvcsw);
		t[4] = READ_ONCE(task->nivcsw);
		rcu_read_unlock();
		return;
	}
	rcu_read_unlock();
	t[0] = w->elapsed_ns;
	t[1] = w->cpu_usr_ns;
	t[2] = w->cpu_sys_ns;
	t[3] = w->ctx_vol;
	t[4] = w->ctx_invol;
}

static int kiog_nl_put_blk(struct sk_buff *skb, const struct kiog_worker *w)
{
	const struct kiog_blk_split *bs = w->blk_split;

	return nla_put_u64_64bit(skb, KIOGEN_A_WORKER_BLK_IOS, bs->ios,
				 KIOGEN_A_WORKER_PAD) ||
	       nla_put(skb, KIOGEN_A_WORKER_BLK_SUM, sizeof(bs->sum), bs->sum) ||
	       nla_put_u64_64bit(skb, KIOGEN_A_WORKER_BLK_UNQUEUED, bs->unqueued,
				 KIOGEN_A_WORKER_PAD) ||
	       nla_put_u64_64bit(skb, KIOGEN_A_WORKER_BLK_NORQ, bs->norq,
				 KIOGEN_A_WORKER_PAD) ||
	       nla_put_u64_64bit(skb, KIOGEN_A_WORKER_BLK_INSERTED, bs->inserted,
				 KIOGEN_A_WORKER_PAD) ||
	       nla_put_u32(skb, KIOGEN_A_WORKER_BLK_TRACEPOINTS,
			   w->blk_tracepoints) ||
	       (w->blk_file && nla_put_flag(skb, KIOGEN_A_WORKER_BLK_FILE));
}

static int kiog_nl_put_worker(struct sk_buff *skb, const struct kiog_worker *w)
{
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_WORKER);
	u64 t[5];
	u32 dir;

	kiog_worker_times(w, t);
	if (!nest ||
	    nla_put_u32(skb, KIOGEN_A_WORKER_JOB, w->job->index) ||
	    nla_put_u32(skb, KIOGEN_A_WORKER_INDEX, w->index) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_ELAPSED_NS, t[0],
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_CPU_USR_NS, t[1],
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_CPU_SYS_NS, t[2],
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_CTX_VOL, t[3],
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_CTX_INVOL, t[4],
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_MEM, w->mem,
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put(skb, KIOGEN_A_WORKER_DEPTHS, sizeof(w->core.depths), w->core.depths) ||
	    nla_put(skb, KIOGEN_A_WORKER_SUBMIT, sizeof(w->core.submit), w->core.submit) ||
	    nla_put(skb, KIOGEN_A_WORKER_COMPLETE, sizeof(w->core.complete), w->core.complete) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_DIGEST, w->wl.digest,
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_ISSUED, w->wl.issued,
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_WORKER_STAMPS_BEHIND, w->core.stamps_behind,
			      KIOGEN_A_WORKER_PAD) ||
	    nla_put_s32(skb, KIOGEN_A_WORKER_ERROR, w->core.error) ||
	    (w->core.split && kiog_nl_put_split(skb, w->core.split)) ||
	    (w->blk_split && kiog_nl_put_blk(skb, w)) ||
	    (w->job->cfg.verify &&
	     nla_put(skb, KIOGEN_A_WORKER_VERIFY, sizeof(w->vfy.res), &w->vfy.res)))
		return -EMSGSIZE;
	for (dir = 0; dir < ARRAY_SIZE(w->core.stats); dir++)
		if (kiog_nl_put_dir(skb, w, dir))
			return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/*
 * The histograms a worker sends, numbered 2 * dir + kind: lat and clat of
 * reads, writes and trims, lat of syncs (their clat is the same); then the
 * sched lat of reads, writes and trims (rate limits; empty, so not sent,
 * without); then the phases of the latency split, if the worker has one;
 * then its block phases, if it has them. Empty histograms are not sent.
 */
#define KIOG_NR_CORE_HISTS	(2 * KIOGEN_DIR_SYNC + 1)
#define KIOG_NR_DIR_HISTS	(KIOG_NR_CORE_HISTS + KIOG_RATE_DIRS)
#define KIOG_NR_SPLIT_HISTS	(KIOG_NR_DIR_HISTS + KIOG_SPLIT_NR)
#define KIOG_NR_HISTS		(KIOG_NR_SPLIT_HISTS + KIOG_BLK_NR)

static u32 kiog_hist_dir(u32 hn)
{
	if (hn < KIOG_NR_CORE_HISTS)
		return hn / 2;
	return hn < KIOG_NR_DIR_HISTS ? hn - KIOG_NR_CORE_HISTS : KIOGEN_DIR_READ;
}

/* NULL: a split phase of a worker without a split */
static const u64 *kiog_worker_hist(const struct kiog_worker *w, u32 hn)
{
	const struct kiog_dir_stats *d;

	if (hn >= KIOG_NR_SPLIT_HISTS)
		return w->blk_split ? w->blk_split->hist[hn - KIOG_NR_SPLIT_HISTS] :
				      NULL;
	if (hn >= KIOG_NR_DIR_HISTS)
		return w->core.split ? w->core.split->hist[hn - KIOG_NR_DIR_HISTS] :
				       NULL;
	if (hn >= KIOG_NR_CORE_HISTS)
		return w->rate.sched_hist[hn - KIOG_NR_CORE_HISTS];
	d = &w->core.stats[hn / 2];
	return hn % 2 == KIOGEN_LAT_CLAT ? d->clat_hist : d->hist;
}

static u32 kiog_worker_hist_kind(u32 hn)
{
	if (hn >= KIOG_NR_SPLIT_HISTS)
		return kiog_blk_kind(hn - KIOG_NR_SPLIT_HISTS);
	if (hn >= KIOG_NR_DIR_HISTS)
		return kiog_split_kind(hn - KIOG_NR_DIR_HISTS);
	return hn < KIOG_NR_CORE_HISTS ? hn % 2 : KIOGEN_LAT_SCHED;
}

static bool kiog_hist_chunk_empty(const u64 *hist, u32 first, u32 n)
{
	u32 i;

	if (!hist)
		return true;

	for (i = 0; i < n; i++)
		if (hist[first + i])
			return false;
	return true;
}

static int kiog_nl_put_hist(struct sk_buff *skb, const struct kiog_worker *w,
			    u32 hn, u32 first, u32 n)
{
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_HIST);

	if (!nest ||
	    nla_put_u32(skb, KIOGEN_A_HIST_JOB, w->job->index) ||
	    nla_put_u32(skb, KIOGEN_A_HIST_WORKER, w->index) ||
	    nla_put_u32(skb, KIOGEN_A_HIST_DIR, kiog_hist_dir(hn)) ||
	    nla_put_u32(skb, KIOGEN_A_HIST_KIND, kiog_worker_hist_kind(hn)) ||
	    nla_put_u32(skb, KIOGEN_A_HIST_BITS, KIOG_HIST_BITS) ||
	    nla_put_u32(skb, KIOGEN_A_HIST_GROUPS, KIOG_HIST_GROUPS) ||
	    nla_put_u32(skb, KIOGEN_A_HIST_FIRST, first) ||
	    nla_put(skb, KIOGEN_A_HIST_COUNTS, n * sizeof(u64),
		    &kiog_worker_hist(w, hn)[first]))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

static int kiog_nl_put_samples(struct sk_buff *skb,
			       const struct kiog_worker *w, u32 first, u32 n)
{
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_SAMPLES);

	if (!nest ||
	    nla_put_u32(skb, KIOGEN_A_SAMPLES_JOB, w->job->index) ||
	    nla_put_u32(skb, KIOGEN_A_SAMPLES_WORKER, w->index) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_SAMPLES_INTERVAL_NS, w->core.sample_ns,
			      KIOGEN_A_SAMPLES_PAD) ||
	    nla_put_u32(skb, KIOGEN_A_SAMPLES_FIRST, first) ||
	    nla_put(skb, KIOGEN_A_SAMPLES_DATA,
		    n * sizeof(struct kiogen_sample), &w->core.samples[first]))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/*
 * Log windows: those the worker closed, then the one still open when it
 * ended (its last, partial window), so that the windows add up to the totals.
 */
static u32 kiog_log_nr_windows(const struct kiog_worker *w)
{
	return w->core.log.avg_ns ? w->core.log.nr_win + 1 : 0;
}

static int kiog_nl_put_log(struct sk_buff *skb, const struct kiog_worker *w,
			   u32 part, u32 first, u32 n)
{
	const struct kiog_log *l = &w->core.log;
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_LOG);
	struct kiogen_log_window last;
	int err;

	if (!nest ||
	    nla_put_u32(skb, KIOGEN_A_LOG_JOB, w->job->index) ||
	    nla_put_u32(skb, KIOGEN_A_LOG_WORKER, w->index) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_LOG_AVG_NS, l->avg_ns, KIOGEN_A_LOG_PAD) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_LOG_HIST_NS, l->hist_ns, KIOGEN_A_LOG_PAD) ||
	    nla_put_u32(skb, KIOGEN_A_LOG_HIST_LOST, l->hist_lost) ||
	    nla_put_u32(skb, KIOGEN_A_LOG_FIRST, first))
		return -EMSGSIZE;
	if (part == 4) {
		err = nla_put(skb, KIOGEN_A_LOG_HIST, n * sizeof(u32), &l->hist[first]);
	} else {
		struct nlattr *a;
		u32 closed = first < l->nr_win ? min(n, l->nr_win - first) : 0;

		a = nla_reserve(skb, KIOGEN_A_LOG_WINDOWS, n * sizeof(last));
		err = a ? 0 : -EMSGSIZE;
		if (a) {
			memcpy(nla_data(a), &l->win[first], closed * sizeof(last));
			if (closed < n) {
				kiog_log_window_fill(l, w->core.stats, w->elapsed_ns, &last);
				memcpy((char *)nla_data(a) + closed * sizeof(last), &last,
				       sizeof(last));
			}
		}
	}
	if (err)
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/*
 * Per-I/O log samples: a message holds those from ring position @from on,
 * up to @to, the end of the ring or KIOG_LOG_IO_CHUNK.
 */
static u32 kiog_log_io_chunk(const struct kiog_log *l, u32 from, u32 to)
{
	u32 idx = from & l->io_mask;

	return min3(to - from, l->io_mask + 1 - idx, (u32)KIOG_LOG_IO_CHUNK);
}

static int kiog_nl_put_log_io(struct sk_buff *skb, const struct kiog_worker *w,
			      u32 from, u32 n)
{
	const struct kiog_log *l = &w->core.log;
	struct nlattr *nest = nla_nest_start(skb, KIOGEN_A_LOG);

	if (!nest ||
	    nla_put_u32(skb, KIOGEN_A_LOG_JOB, w->job->index) ||
	    nla_put_u32(skb, KIOGEN_A_LOG_WORKER, w->index) ||
	    nla_put_u64_64bit(skb, KIOGEN_A_LOG_IO_LOST, READ_ONCE(l->io_lost),
			      KIOGEN_A_LOG_PAD) ||
	    nla_put(skb, KIOGEN_A_LOG_IO, n * sizeof(*l->io),
		    &l->io[from & l->io_mask]))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/*
 * log-drain: the next chunk of worker @w's per-I/O samples, taken from its
 * ring (the worker may then reuse their room). Only the samples written
 * when the worker's turn came are sent, so that a worker writing faster
 * than its reader reads does not keep the dump going. Same returns as
 * kiog_nl_results_step().
 */
static int kiog_nl_drain_step(struct sk_buff *skb, struct netlink_callback *cb,
			      struct kiog_dump_ctx *ctx, struct kiog_worker *w)
{
	struct kiog_log *l = &w->core.log;
	u32 tail = l->io_tail, n;
	void *hdr;

	if (!l->io)
		return 1;
	if (ctx->part == 0) {
		/* the samples up to it are whole: pairs with kiog_log_io() */
		ctx->io_end = smp_load_acquire(&l->io_head);
		ctx->part = 5;
	}
	n = kiog_log_io_chunk(l, tail, ctx->io_end);
	if (!n)
		return 1;
	hdr = kiog_nl_dump_put(skb, cb, KIOGEN_CMD_RESULTS_GET);
	if (!hdr)
		return -EMSGSIZE;
	if (nla_put_u32(skb, KIOGEN_A_ID, ctx->run_id) ||
	    kiog_nl_put_log_io(skb, w, tail, n)) {
		genlmsg_cancel(skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);
	/* copied into the message: the room is the worker's again */
	kiog_log_io_take(l, n);
	return 0;
}

/*
 * Put the next message of worker @w at the cursor into @skb and advance the
 * cursor. Returns 1 when the worker is finished, 0 when a message went out,
 * -EMSGSIZE when @skb is full.
 */
static int kiog_nl_results_step(struct sk_buff *skb, struct netlink_callback *cb,
				struct kiog_dump_ctx *ctx,
				const struct kiog_worker *w)
{
	u32 first = ctx->pos, n, io_from = 0;
	void *hdr;
	int err;

	/* skip what need not be sent before building a message */
	if (ctx->part == 1) {
		while (ctx->dir < KIOG_NR_HISTS) {
			n = min_t(u32, KIOG_HIST_CHUNK, KIOG_HIST_BUCKETS - ctx->pos);
			if (!kiog_hist_chunk_empty(kiog_worker_hist(w, ctx->dir),
						   ctx->pos, n))
				break;
			ctx->pos += n;
			if (ctx->pos >= KIOG_HIST_BUCKETS) {
				ctx->dir++;
				ctx->pos = 0;
			}
		}
		if (ctx->dir >= KIOG_NR_HISTS) {
			ctx->part = 2;
			ctx->pos = 0;
		}
		first = ctx->pos;
	}
	/* live: the samples and logs are being written; not sent */
	if (ctx->part == 2 && ctx->live)
		return 1;
	if (ctx->part == 2 && ctx->pos >= w->core.nr_samples) {
		ctx->part = 3;
		ctx->pos = 0;
	}
	if (ctx->part == 3 && ctx->pos >= kiog_log_nr_windows(w)) {
		ctx->part = 4;
		ctx->pos = 0;
	}
	if (ctx->part == 4 && ctx->pos >= w->core.log.hist_len) {
		ctx->part = 5;
		ctx->pos = 0;
	}
	/* the samples no drain took: from the ring's tail to its head */
	if (ctx->part == 5) {
		const struct kiog_log *l = &w->core.log;

		io_from = READ_ONCE(l->io_tail) + ctx->pos;
		if (!l->io || io_from == READ_ONCE(l->io_head))
			return 1;
	}
	first = ctx->pos;

	hdr = kiog_nl_dump_put(skb, cb, KIOGEN_CMD_RESULTS_GET);
	if (!hdr)
		return -EMSGSIZE;
	err = nla_put_u32(skb, KIOGEN_A_ID, ctx->run_id);
	if (!err) {
		switch (ctx->part) {
		case 0:
			err = kiog_nl_put_worker(skb, w);
			break;
		case 1:
			n = min_t(u32, KIOG_HIST_CHUNK, KIOG_HIST_BUCKETS - first);
			err = kiog_nl_put_hist(skb, w, ctx->dir, first, n);
			break;
		case 2:
			n = min_t(u32, KIOG_SAMPLES_CHUNK, w->core.nr_samples - first);
			err = kiog_nl_put_samples(skb, w, first, n);
			break;
		case 3:
			n = min_t(u32, KIOG_LOG_WIN_CHUNK, kiog_log_nr_windows(w) - first);
			err = kiog_nl_put_log(skb, w, 3, first, n);
			break;
		case 4:
			n = min_t(u32, KIOG_LOG_HIST_CHUNK, w->core.log.hist_len - first);
			err = kiog_nl_put_log(skb, w, 4, first, n);
			break;
		default:
			n = kiog_log_io_chunk(&w->core.log, io_from,
					      READ_ONCE(w->core.log.io_head));
			err = kiog_nl_put_log_io(skb, w, io_from, n);
			break;
		}
	}
	if (err) {
		genlmsg_cancel(skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);

	switch (ctx->part) {
	case 0:
		ctx->part = 1;
		ctx->dir = 0;
		ctx->pos = 0;
		break;
	case 1:
		ctx->pos += n;
		if (ctx->pos >= KIOG_HIST_BUCKETS) {
			ctx->dir++;
			ctx->pos = 0;
		}
		break;
	default:
		ctx->pos += n;
		break;
	}
	return 0;
}

/*
 * log-drain takes samples away: only the socket that started the run (the
 * CLI writing its log files) may. Returns 1 when there is nothing to take
 * yet (workers not all built) or any more (the run ended: results-get has
 * the rest), 0 to take, or -EPERM for another socket.
 */
static int kiog_nl_drain_check(struct netlink_callback *cb, struct kiog_run *run)
{
	bool live, owner;

	/*
	 * The reaper ends the run and lets its owner go under the lock: read
	 * both at once, or the owner draining as its run ends is refused.
	 */
	mutex_lock(&kiog_lock);
	live = run->state == KIOGEN_STATE_RUNNING;
	owner = run->owner && run->owner == NETLINK_CB(cb->skb).sk;
	mutex_unlock(&kiog_lock);
	if (!live)
		return 1;
	if (!owner)
		return -EPERM;
	/* pairs with kiog_run_start(): workers built */
	return smp_load_acquire(&run->started) ? 0 : 1;
}

int kiogen_nl_results_start(struct netlink_callback *cb)
{
	struct nlattr **attrs = kiog_dump_attrs(cb);
	bool drain, empty = false, live;
	struct kiog_dump_ctx *ctx;
	struct kiog_run *run;
	int err = 0;

	if (kiog_nl_dump_unprivileged(cb))
		return 0;
	if (KIOG_REQUIRE(cb->extack, NULL, attrs, KIOGEN_A_ID,
			 "missing attribute: run id"))
		return -EINVAL;
	drain = attrs[KIOGEN_A_LOG_DRAIN];
	run = kiog_run_get(sock_net(cb->skb->sk), nla_get_u32(attrs[KIOGEN_A_ID]));
	if (!run) {
		NL_SET_ERR_MSG_ATTR(cb->extack, attrs[KIOGEN_A_ID],
				    "run id: no such run");
		return -ENOENT;
	}
	live = READ_ONCE(run->state) == KIOGEN_STATE_RUNNING;
	if (drain) {
		err = kiog_nl_drain_check(cb, run);
		/* refused from the first dumpit, as kiog_nl_dump_unprivileged() */
		if (err == -EPERM)
			cb->args[2] = KIOG_DUMP_NOT_OWNER;
		/* 1: nothing to take, an empty dump */
		empty = err == 1;
		err = 0;
	} else if (live && !attrs[KIOGEN_A_LIVE]) {
		NL_SET_ERR_MSG_ATTR(cb->extack, attrs[KIOGEN_A_ID],
				    "run id: run is still running (live gives its results so far)");
		err = -EBUSY;
	} else if (live && /* pairs with kiog_run_start(): workers built */
		   !smp_load_acquire(&run->started)) {
		NL_SET_ERR_MSG_ATTR(cb->extack, attrs[KIOGEN_A_ID],
				    "run id: run is starting its workers");
		err = -EAGAIN;
	}
	kiog_run_put(run);
	if (err)
		return err;

	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	ctx->run_id = nla_get_u32(attrs[KIOGEN_A_ID]);
	ctx->live = live;
	ctx->drain = drain;
	if (empty)
		ctx->job = U32_MAX;
	cb->args[0] = (long)ctx;
	return 0;
}

int kiogen_nl_results_get_dumpit(struct sk_buff *skb,
				 struct netlink_callback *cb)
{
	struct kiog_dump_ctx *ctx = (struct kiog_dump_ctx *)cb->args[0];
	struct kiog_run *run;
	int err = 0;

	if (cb->args[2] == KIOG_DUMP_REFUSED)
		return kiog_nl_dump_refused(cb);
	if (cb->args[2] == KIOG_DUMP_NOT_OWNER) {
		NL_SET_ERR_MSG_ATTR(cb->extack, kiog_dump_attrs(cb)[KIOGEN_A_LOG_DRAIN],
				    "log-drain: only the socket that started the run takes its per-I/O log");
		return -EPERM;
	}
	run = kiog_run_get(sock_net(cb->skb->sk), ctx->run_id);
	if (!run)
		return -ENOENT;	/* deleted under our feet */
	while (ctx->job < run->nr_jobs) {
		struct kiog_job *job = &run->jobs[ctx->job];

		if (ctx->worker >= job->cfg.numjobs) {
			ctx->job++;
			ctx->worker = 0;
			continue;
		}
		if (ctx->drain)
			err = kiog_nl_drain_step(skb, cb, ctx,
						 job->workers[ctx->worker]);
		else
			err = kiog_nl_results_step(skb, cb, ctx,
						   job->workers[ctx->worker]);
		if (err < 0)
			break;
		if (err == 1) {
			ctx->worker++;
			ctx->part = 0;
			ctx->pos = 0;
		}
		err = 0;
	}
	kiog_run_put(run);
	if (err == -EMSGSIZE && skb->len)
		return skb->len;
	return err ?: skb->len;
}

int kiogen_nl_results_done(struct netlink_callback *cb)
{
	kfree((void *)cb->args[0]);
	return 0;
}

static struct genl_family kiog_family __ro_after_init = {
	.name		= KIOGEN_FAMILY_NAME,
	.version	= KIOGEN_FAMILY_VERSION,
	/* runs live in the namespace that created them */
	.netnsok	= true,
	/* handlers lock what they share; none waits for a run */
	.parallel_ops	= true,
	.module		= THIS_MODULE,
	/* the generated ops, set by kiog_genl_set_ops() */
	.mcgrps		= kiog_mcgrps,
	.n_mcgrps	= ARRAY_SIZE(kiog_mcgrps),
};

/**
 * kiog_nl_notify_run() - multicast a run's status to the events group
 * @run: the run; a reference is held
 *
 * Only to listeners in the run's own network namespace.
 */
void kiog_nl_notify_run(struct kiog_run *run)
{
	struct sk_buff *msg;
	void *hdr;

	/* the namespace stays while kiog_lock is held: see kiog_runs_net_exit() */
	mutex_lock(&kiog_lock);
	/*
	 * Joining the group needs CAP_SYS_ADMIN over the namespace's owner;
	 * reads need it in the initial user namespace: a namespace owned by
	 * another gets no events (its clients poll RUN_GET).
	 */
	if (!run->net || run->net->user_ns != &init_user_ns ||
	    !genl_has_listeners(&kiog_family, run->net, KIOGEN_NLGRP_EVENTS))
		goto out;
	msg = genlmsg_new(kiog_nl_run_msg_size(), GFP_KERNEL);
	if (!msg)
		goto out;
	hdr = genlmsg_put(msg, 0, 0, &kiog_family, 0, KIOGEN_CMD_RUN_EVENT);
	if (!hdr || kiog_nl_put_run(msg, run)) {
		WARN_ON_ONCE(hdr);	/* sized for it */
		nlmsg_free(msg);
		goto out;
	}
	genlmsg_end(msg, hdr);
	genlmsg_multicast_netns(&kiog_family, run->net, msg, 0,
				KIOGEN_NLGRP_EVENTS, GFP_KERNEL);
out:
	mutex_unlock(&kiog_lock);
}

/* A generic netlink socket went away: its attached runs stop. */
static int kiog_nl_notify(struct notifier_block *nb, unsigned long event,
			  void *ptr)
{
	struct netlink_notify *n = ptr;

	if (event != NETLINK_URELEASE || n->protocol != NETLINK_GENERIC)
		return NOTIFY_DONE;
	kiog_runs_release_dead_owners(n->net);
	return NOTIFY_DONE;
}

static struct notifier_block kiog_nl_notifier = {
	.notifier_call = kiog_nl_notify,
};

static void __net_exit kiog_nl_net_exit(struct net *net)
{
	kiog_runs_net_exit(net);
}

static struct pernet_operations kiog_nl_net_ops = {
	.exit = kiog_nl_net_exit,
};

/**
 * kiog_nl_init() - register the family and what follows sockets and
 *	namespaces
 *
 * Return: 0 or a negative errno.
 */
int kiog_nl_init(void)
{
	int err;

	err = register_pernet_subsys(&kiog_nl_net_ops);
	if (err)
		return err;
	err = netlink_register_notifier(&kiog_nl_notifier);
	if (err)
		goto err_pernet;
	err = kiog_genl_set_ops(&kiog_family, kiogen_nl_ops,
				ARRAY_SIZE(kiogen_nl_ops));
	if (err)
		goto err_notifier;
	err = genl_register_family(&kiog_family);
	if (err)
		goto err_free_ops;
	return 0;

err_free_ops:
	kiog_genl_free_ops(&kiog_family);
err_notifier:
	netlink_unregister_notifier(&kiog_nl_notifier);
err_pernet:
	unregister_pernet_subsys(&kiog_nl_net_ops);
	return err;
}

/**
 * kiog_nl_exit() - unregister what kiog_nl_init() registered
 */
void kiog_nl_exit(void)
{
	genl_unregister_family(&kiog_family);
	/* no request is inside the family now: its acks are sent */
	kiog_nl_msgs_free();
	kiog_genl_free_ops(&kiog_family);
	netlink_unregister_notifier(&kiog_nl_notifier);
	unregister_pernet_subsys(&kiog_nl_net_ops);
}
