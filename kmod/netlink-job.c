// SPDX-License-Identifier: GPL-2.0
/*
 * A job's attributes: RUN_NEW's job nest parsed into struct kiog_job, every
 * refusal an extack message naming the attribute, the targets taken from the
 * requester's file descriptors and checked against what the job does; and
 * the job's configuration put back as attributes for RUN_GET. The field list
 * of include/kiogen/job.h (KIOG_JOB_FIELDS) drives both directions.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/file.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <net/genetlink.h>
#include <net/netlink.h>

#include <kiogen/meta.h>

#include "kiogen.h"
#include "compat.h"
#include "genl.h"
#include "netlink.h"

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

/**
 * kiog_nl_msgs_free() - free the messages kept for extacks
 *
 * Called when the family is unregistered: no request can point at them.
 */
void kiog_nl_msgs_free(void)
{
	struct kiog_nl_msg *m, *n;

	list_for_each_entry_safe(m, n, &kiog_nl_msgs, node)
		kfree(m);
	INIT_LIST_HEAD(&kiog_nl_msgs);
}
#else
void kiog_nl_msgs_free(void)
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

/**
 * kiog_nl_parse_job() - fill one job's config from its attributes
 * @job: the job, zeroed
 * @nest: its KIOGEN_A_JOB nest
 * @tb: its attributes, parsed here for the later steps
 * @extack: the refusal, naming the attribute
 *
 * The target is checked later (kiog_nl_take_fd(), kiog_nl_check_region()).
 *
 * Return: 0 or a negative errno.
 */
int kiog_nl_parse_job(struct kiog_job *job, struct nlattr *nest,
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
	if (c->ignore_error.nr > KIOG_ERR_TYPES * KIOG_ERRNO_WORDS) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_IGNORE_ERROR],
				    "job ignore-error: at most 6 u64s, two for each error type");
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

/**
 * kiog_nl_take_fd() - take the job's targets from the requester's fds
 * @job: the job, parsed by kiog_nl_parse_job()
 * @nest: its KIOGEN_A_JOB nest
 * @tb: its attributes
 * @extack: the refusal, naming the attribute
 *
 * The open was the requester's: path lookup, DAC, LSM, mount namespace and
 * O_DIRECT were decided there, as for any file; here an fd only has to
 * allow what the job does.
 *
 * Return: 0 or a negative errno; the files taken are the job's either way.
 */
int kiog_nl_take_fd(struct kiog_job *job, struct nlattr *nest,
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

/**
 * kiog_nl_check_region() - check the job's region against its opened target
 * @job: the job, its target opened (kiog_job_open())
 * @tb: its attributes
 * @extack: the refusal, naming the attribute
 *
 * The region must fit the target and hold at least one block; size and
 * io_size get their defaults from the target here.
 *
 * Return: 0 or a negative errno.
 */
int kiog_nl_check_region(struct kiog_job *job, struct nlattr **tb,
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

/**
 * kiog_nl_put_job() - add a job's configuration as a KIOGEN_A_JOB nest
 * @skb: message being built
 * @job: the job, of a run a reference is held on
 *
 * The configuration as it runs, in the request's attributes.
 *
 * Return: 0, or -EMSGSIZE when @skb is full.
 */
int kiog_nl_put_job(struct sk_buff *skb, const struct kiog_job *job)
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
