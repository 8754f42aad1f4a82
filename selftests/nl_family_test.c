// SPDX-License-Identifier: GPL-2.0
/*
 * The kiogen netlink family seen by an independent client: libnl-genl-3,
 * attributes built by hand from the UAPI header, so the module and ctl/
 * cannot agree on a wrong encoding. Checks the info reply against what the
 * module says in sysfs, that malformed requests are refused with an extack
 * message naming the attribute (in words, and by offset), that every
 * operation needs CAP_SYS_ADMIN in the initial user namespace and sees only
 * its own network namespace's runs (version 2), and that the target is a file
 * descriptor of the requester that must allow what the job does.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <linux/netlink.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>
#include <linux/kiogen.h>

#include "../kselftest_harness.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

/* What came back for one request: the error, and extack if any. */
struct nl_result {
	int error;		/* 0 on ack, -errno on error */
	char msg[256];		/* NLMSGERR_ATTR_MSG */
	uint32_t offs;		/* NLMSGERR_ATTR_OFFS, 0 if absent */
	uint32_t miss_type;	/* NLMSGERR_ATTR_MISS_TYPE, 0 if absent */
	int replies;		/* data messages seen */
	struct nlattr *info[KIOGEN_A_INFO_MAX + 1];
	char version[64];
	int nr_engines;
	char engines[8][16];
	uint32_t u32s[KIOGEN_A_INFO_MAX + 1];
	uint64_t u64s[KIOGEN_A_INFO_MAX + 1];
};

static int err_cb(struct sockaddr_nl *nla, struct nlmsgerr *e, void *arg)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)((char *)e - NLMSG_HDRLEN);
	struct nl_result *r = arg;
	struct nlattr *a;
	int off, rem;

	(void)nla;
	r->error = e->error;
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS))
		return NL_STOP;
	off = sizeof(*e);
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
		off += e->msg.nlmsg_len - NLMSG_HDRLEN;
	a = (struct nlattr *)((char *)e + NLMSG_ALIGN(off));
	rem = nlh->nlmsg_len - NLMSG_HDRLEN - NLMSG_ALIGN(off);
	for (; nla_ok(a, rem); a = nla_next(a, &rem)) {
		switch (nla_type(a)) {
		case NLMSGERR_ATTR_MSG:
			snprintf(r->msg, sizeof(r->msg), "%s", (char *)nla_data(a));
			break;
		case NLMSGERR_ATTR_OFFS:
			r->offs = nla_get_u32(a);
			break;
		case NLMSGERR_ATTR_MISS_TYPE:
			r->miss_type = nla_get_u32(a);
			break;
		}
	}
	return NL_STOP;
}

static int ack_cb(struct nl_msg *msg, void *arg)
{
	(void)msg;
	((struct nl_result *)arg)->error = 0;
	return NL_STOP;
}

/*
 * The end of a dump: its error (a dump refused in its first dumpit ends with
 * one, and on 6.1 that is where the extack reason travels) and extack.
 */
static int done_cb(struct nl_msg *msg, void *arg)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct nl_result *r = arg;
	int *perr = nlmsg_data(nlh), rem;
	struct nlattr *a;

	r->error = nlh->nlmsg_len >= NLMSG_HDRLEN + sizeof(int) ? *perr : 0;
	if (!r->error || !(nlh->nlmsg_flags & NLM_F_ACK_TLVS))
		return NL_STOP;
	a = (struct nlattr *)((char *)perr + NLMSG_ALIGN(sizeof(int)));
	rem = nlh->nlmsg_len - NLMSG_HDRLEN - NLMSG_ALIGN(sizeof(int));
	for (; nla_ok(a, rem); a = nla_next(a, &rem))
		if (nla_type(a) == NLMSGERR_ATTR_MSG)
			snprintf(r->msg, sizeof(r->msg), "%s", (char *)nla_data(a));
	return NL_STOP;
}

static int info_cb(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[KIOGEN_A_MAX + 1], *a;
	struct nl_result *r = arg;
	int rem;

	r->replies++;
	if (genlmsg_parse(nlmsg_hdr(msg), 0, tb, KIOGEN_A_MAX, NULL) || !tb[KIOGEN_A_INFO])
		return NL_OK;
	nla_for_each_nested(a, tb[KIOGEN_A_INFO], rem) {
		int t = nla_type(a);

		if (t > KIOGEN_A_INFO_MAX)
			continue;
		r->info[t] = a;
		if (t == KIOGEN_A_INFO_MODULE_VERSION)
			snprintf(r->version, sizeof(r->version), "%s", nla_get_string(a));
		else if (t == KIOGEN_A_INFO_ENGINE && r->nr_engines < 8)
			snprintf(r->engines[r->nr_engines++], 16, "%s", nla_get_string(a));
		else if (nla_len(a) == 4)
			r->u32s[t] = nla_get_u32(a);
		else if (nla_len(a) == 8)
			r->u64s[t] = nla_get_u64(a);
	}
	return NL_OK;
}

static struct nl_sock *kiogen_sock(int *family)
{
	struct nl_sock *sk = nl_socket_alloc();
	int one = 1;

	if (!sk || genl_connect(sk))
		return NULL;
	setsockopt(nl_socket_get_fd(sk), SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	*family = genl_ctrl_resolve(sk, KIOGEN_FAMILY_NAME);
	return sk;
}

/* Sends @msg and collects the reply into @r. */
static void talk(struct nl_sock *sk, struct nl_msg *msg, struct nl_result *r)
{
	struct nl_cb *cb = nl_cb_alloc(NL_CB_DEFAULT);

	r->error = 1;
	nl_cb_err(cb, NL_CB_CUSTOM, err_cb, r);
	nl_cb_set(cb, NL_CB_ACK, NL_CB_CUSTOM, ack_cb, r);
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, info_cb, r);
	nl_send_auto(sk, msg);
	while (r->error == 1)
		if (nl_recvmsgs(sk, cb) < 0)
			break;
	nl_cb_put(cb);
	nlmsg_free(msg);
}

static struct nl_msg *request(int family, uint8_t cmd)
{
	struct nl_msg *msg = nlmsg_alloc();

	genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, family, 0, NLM_F_ACK, cmd,
		    KIOGEN_FAMILY_VERSION);
	return msg;
}

static long sysfs_long(const char *path)
{
	FILE *f = fopen(path, "r");
	long v = -1;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

FIXTURE(kiogen) {
	struct nl_sock *sk;
	int family;
};

FIXTURE_SETUP(kiogen)
{
	self->sk = kiogen_sock(&self->family);
	ASSERT_NE(NULL, self->sk);
}

FIXTURE_TEARDOWN(kiogen)
{
	if (self->sk)
		nl_socket_free(self->sk);
}

TEST_F(kiogen, info_reports_module)
{
	struct nl_result r = { 0 };
	char version[64] = "";
	FILE *f;
	int i, bio = 0, null = 0;

	talk(self->sk, request(self->family, KIOGEN_CMD_INFO_GET), &r);
	ASSERT_EQ(0, r.error);
	ASSERT_EQ(1, r.replies);

	f = fopen("/sys/module/kiogen/version", "r");
	ASSERT_NE(NULL, f);
	ASSERT_EQ(1, fscanf(f, "%63s", version));
	fclose(f);
	EXPECT_STREQ(version, r.version);
	EXPECT_EQ(KIOGEN_FAMILY_VERSION, r.u32s[KIOGEN_A_INFO_FAMILY_VERSION]);
	EXPECT_EQ(sysfs_long("/sys/module/kiogen/parameters/max_workers"),
		  (long)r.u32s[KIOGEN_A_INFO_MAX_WORKERS]);
	EXPECT_EQ(sysfs_long("/sys/module/kiogen/parameters/max_runs"),
		  (long)r.u32s[KIOGEN_A_INFO_MAX_RUNS]);
	EXPECT_EQ(sysfs_long("/sys/module/kiogen/parameters/max_mem_mb") << 20,
		  (long)r.u64s[KIOGEN_A_INFO_MAX_MEM]);
	EXPECT_GE(r.u32s[KIOGEN_A_INFO_MAX_IODEPTH], 1024);
	EXPECT_GE(r.u32s[KIOGEN_A_INFO_MAX_BS], 1 << 20);
	EXPECT_EQ(6, r.u32s[KIOGEN_A_INFO_HIST_BITS]);
	EXPECT_NE(NULL, r.info[KIOGEN_A_INFO_MEM_USED]);
	for (i = 0; i < r.nr_engines; i++) {
		bio |= !strcmp(r.engines[i], "bio");
		null |= !strcmp(r.engines[i], "null");
	}
	EXPECT_TRUE(bio);
	EXPECT_TRUE(null);
}

TEST_F(kiogen, missing_attribute_is_named)
{
	struct nl_result r = { 0 };

	talk(self->sk, request(self->family, KIOGEN_CMD_RUN_GET), &r);
	EXPECT_EQ(-EINVAL, r.error);
	EXPECT_EQ(KIOGEN_A_ID, r.miss_type);
	EXPECT_NE(NULL, strstr(r.msg, "run id")) TH_LOG("extack: '%s'", r.msg);
}

TEST_F(kiogen, wrong_attribute_length)
{
	struct nl_result r = { 0 };
	struct nl_msg *msg = request(self->family, KIOGEN_CMD_RUN_GET);

	nla_put_u8(msg, KIOGEN_A_ID, 1);	/* a u32 attribute */
	talk(self->sk, msg, &r);
	EXPECT_EQ(-EINVAL, r.error);
	EXPECT_NE(0, r.msg[0]) TH_LOG("no extack message");
	EXPECT_NE(0, r.offs) TH_LOG("no offset of the bad attribute");
}

TEST_F(kiogen, wrong_attribute_type)
{
	struct nl_result r = { 0 };
	struct nl_msg *msg = request(self->family, KIOGEN_CMD_RUN_NEW);

	/* a job is a nest; a string there must be refused before anything runs */
	nla_put_string(msg, KIOGEN_A_JOB, "not a nest");
	talk(self->sk, msg, &r);
	EXPECT_EQ(-EINVAL, r.error);
	EXPECT_NE(0, r.msg[0]) TH_LOG("no extack message");
	EXPECT_NE(0, r.offs);
}

TEST_F(kiogen, out_of_range_value)
{
	struct nl_result r = { 0 };
	struct nl_msg *msg = request(self->family, KIOGEN_CMD_RUN_NEW);
	struct nlattr *job = nla_nest_start(msg, KIOGEN_A_JOB);

	nla_put_string(msg, KIOGEN_A_JOB_ENGINE, "null");
	nla_put_u32(msg, KIOGEN_A_JOB_RW, KIOGEN_RW_READ);
	nla_put_u32(msg, KIOGEN_A_JOB_BS, 4096);
	nla_put_u32(msg, KIOGEN_A_JOB_RWMIXREAD, 101);
	nla_nest_end(msg, job);
	/* where the attribute sits in the message, before talk() frees it */
	uint32_t want = (uint32_t)((char *)nlmsg_tail(nlmsg_hdr(msg)) - (char *)nlmsg_hdr(msg)) -
			NLA_ALIGN(NLA_HDRLEN + 4);
	talk(self->sk, msg, &r);
	EXPECT_EQ(-ERANGE, r.error);
	EXPECT_NE(0, r.msg[0]) TH_LOG("no extack message");
	EXPECT_EQ(want, r.offs) TH_LOG("the offset does not point at rwmixread");
}

TEST_F(kiogen, unknown_attribute)
{
	struct nl_result r = { 0 };
	struct nl_msg *msg = request(self->family, KIOGEN_CMD_INFO_GET);

	nla_put_u32(msg, KIOGEN_A_MAX + 5, 1);
	talk(self->sk, msg, &r);
	EXPECT_EQ(-EINVAL, r.error);
	EXPECT_NE(0, r.msg[0]) TH_LOG("no extack message");
	EXPECT_NE(0, r.offs);
}

TEST_F(kiogen, unknown_command)
{
	struct nl_result r = { 0 };

	talk(self->sk, request(self->family, 200), &r);
	/* the genetlink core refuses it before kiogen sees it */
	EXPECT_EQ(-EOPNOTSUPP, r.error);
}

TEST_F(kiogen, unknown_run)
{
	struct nl_result r = { 0 };
	struct nl_msg *msg = request(self->family, KIOGEN_CMD_RUN_GET);

	nla_put_u32(msg, KIOGEN_A_ID, 0x7fffffff);
	talk(self->sk, msg, &r);
	EXPECT_EQ(-ENOENT, r.error);
	EXPECT_NE(NULL, strstr(r.msg, "run id")) TH_LOG("extack: '%s'", r.msg);
}

static int run_id_cb(struct nl_msg *msg, void *arg);

/* Sends @msg, frees it, and collects the reply: the error in @r, data to @fn. */
static void talk_cb(struct nl_sock *sk, struct nl_msg *msg, struct nl_result *r,
		    nl_recvmsg_msg_cb_t fn, void *arg)
{
	struct nl_cb *cb = nl_cb_alloc(NL_CB_DEFAULT);

	memset(r, 0, sizeof(*r));
	r->error = 1;
	nl_cb_err(cb, NL_CB_CUSTOM, err_cb, r);
	nl_cb_set(cb, NL_CB_ACK, NL_CB_CUSTOM, ack_cb, r);
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, fn, arg);
	nl_send_auto(sk, msg);
	while (r->error == 1 && nl_recvmsgs(sk, cb) >= 0)
		;
	nl_cb_put(cb);
	nlmsg_free(msg);
}

/* Who a child process becomes before it talks to the family. */
enum who {
	WHO_NOBODY,	/* uid 65534, no capabilities */
	WHO_USERNS,	/* "root" of a new user namespace: no capability in the initial one */
	WHO_NETNS,	/* root in a new network namespace */
};

static const char *const who_name[] = { "nobody", "user namespace root", "netns root" };

static int become(enum who who)
{
	switch (who) {
	case WHO_NOBODY:
		return setgroups(0, NULL) || setresgid(65534, 65534, 65534) ||
		       setresuid(65534, 65534, 65534);
	case WHO_USERNS:
		return unshare(CLONE_NEWUSER);
	case WHO_NETNS:
		return unshare(CLONE_NEWNET);
	}
	return -1;
}

/* What a child saw, sent back through a pipe. */
struct child_result {
	int setup;		/* 0, or which step failed */
	int error;		/* the reply's error */
	char msg[256];		/* its extack message */
	int replies;		/* data messages */
	int seen_run;		/* a dump or an event named the run asked about */
	int events;		/* events received */
};

static int dump_cb(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[KIOGEN_A_MAX + 1], *rt[KIOGEN_A_RUN_MAX + 1];
	struct child_result *c = arg;
	uint32_t *want = (uint32_t *)(c + 1);

	c->replies++;
	if (!genlmsg_parse(nlmsg_hdr(msg), 0, tb, KIOGEN_A_MAX, NULL) && tb[KIOGEN_A_RUN] &&
	    !nla_parse_nested(rt, KIOGEN_A_RUN_MAX, tb[KIOGEN_A_RUN], NULL) && rt[KIOGEN_A_RUN_ID] &&
	    nla_get_u32(rt[KIOGEN_A_RUN_ID]) == *want)
		c->seen_run = 1;
	return NL_OK;
}

/*
 * In a child that became @who: sends @cmd (a dump with @dump) about run @id,
 * with a null job for RUN_NEW; or joins the events group for 1.5 s when
 * @cmd is 0. Returns what it saw.
 */
static struct child_result as_child(enum who who, uint8_t cmd, int dump, uint32_t id)
{
	struct { struct child_result c; uint32_t want; } in = { .want = id };
	struct child_result out = { .setup = 99 };
	int pipefd[2];
	pid_t pid;

	if (pipe(pipefd))
		return out;
	pid = fork();
	if (!pid) {
		struct nl_result r = { 0 };
		struct nl_sock *sk;
		struct nl_msg *msg;
		struct nl_cb *cb;
		int family, grp;

		close(pipefd[0]);
		if (become(who)) {
			in.c.setup = 1;
			goto out;
		}
		sk = kiogen_sock(&family);
		if (!sk || family < 0) {
			in.c.setup = 2;
			goto out;
		}
		if (!cmd) {	/* the events group */
			struct timeval tv = { .tv_usec = 100000 };
			int i;

			grp = genl_ctrl_resolve_grp(sk, KIOGEN_FAMILY_NAME, KIOGEN_MCGRP_EVENTS);
			nl_socket_disable_seq_check(sk);
			in.c.error = grp < 0 ? grp : nl_socket_add_membership(sk, grp);
			if (in.c.error) {	/* libnl's code: EPERM is what matters */
				in.c.error = in.c.error == -NLE_PERM ? -EPERM : -EIO;
				goto out;
			}
			setsockopt(nl_socket_get_fd(sk), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
			cb = nl_cb_alloc(NL_CB_DEFAULT);
			nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, dump_cb, &in.c);
			for (i = 0; i < 15; i++)
				nl_recvmsgs(sk, cb);
			in.c.events = in.c.replies;
			nl_cb_put(cb);
			goto out;
		}
		msg = nlmsg_alloc();
		genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, family, 0,
			    NLM_F_ACK | (dump ? NLM_F_DUMP : 0), cmd, KIOGEN_FAMILY_VERSION);
		if (cmd != KIOGEN_CMD_INFO_GET && !(cmd == KIOGEN_CMD_RUN_GET && dump))
			nla_put_u32(msg, KIOGEN_A_ID, id);
		if (cmd == KIOGEN_CMD_RUN_NEW) {
			struct nlattr *job = nla_nest_start(msg, KIOGEN_A_JOB);

			nla_put_string(msg, KIOGEN_A_JOB_ENGINE, "null");
			nla_put_u32(msg, KIOGEN_A_JOB_RW, KIOGEN_RW_READ);
			nla_put_u32(msg, KIOGEN_A_JOB_BS, 4096);
			nla_put_u64(msg, KIOGEN_A_JOB_SIZE, 1 << 20);
			nla_put_u64(msg, KIOGEN_A_JOB_NUMBER_IOS, 16);
			nla_nest_end(msg, job);
		}
		cb = nl_cb_alloc(NL_CB_DEFAULT);
		r.error = 1;
		nl_cb_err(cb, NL_CB_CUSTOM, err_cb, &r);
		nl_cb_set(cb, NL_CB_ACK, NL_CB_CUSTOM, ack_cb, &r);
		nl_cb_set(cb, NL_CB_FINISH, NL_CB_CUSTOM, done_cb, &r);
		nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, dump_cb, &in.c);
		nl_send_auto(sk, msg);
		while (r.error == 1)
			if (nl_recvmsgs(sk, cb) < 0)
				break;
		in.c.error = r.error;
		snprintf(in.c.msg, sizeof(in.c.msg), "%s", r.msg);
out:
		if (write(pipefd[1], &in.c, sizeof(in.c)) != sizeof(in.c))
			_exit(4);
		_exit(0);
	}
	close(pipefd[1]);
	if (read(pipefd[0], &out, sizeof(out)) != sizeof(out))
		out.setup = 98;
	close(pipefd[0]);
	waitpid(pid, NULL, 0);
	return out;
}

/* A detached null run of @seconds, and its id; 0 on failure. */
static uint32_t start_null_run(struct nl_sock *sk, int family, uint64_t seconds,
			       uint64_t number_ios)
{
	struct nl_msg *msg = request(family, KIOGEN_CMD_RUN_NEW);
	struct nl_result r;
	struct nlattr *job;
	uint32_t id = 0;

	nla_put_u32(msg, KIOGEN_A_FLAGS, KIOGEN_RUN_F_DETACHED);
	job = nla_nest_start(msg, KIOGEN_A_JOB);
	nla_put_string(msg, KIOGEN_A_JOB_ENGINE, "null");
	nla_put_u32(msg, KIOGEN_A_JOB_RW, KIOGEN_RW_RANDREAD);
	nla_put_u32(msg, KIOGEN_A_JOB_BS, 4096);
	nla_put_u64(msg, KIOGEN_A_JOB_SIZE, 1 << 30);
	if (number_ios) {
		nla_put_u64(msg, KIOGEN_A_JOB_NUMBER_IOS, number_ios);
	} else {
		nla_put_u64(msg, KIOGEN_A_JOB_RUNTIME_NS, seconds * 1000000000ULL);
		nla_put_flag(msg, KIOGEN_A_JOB_TIME_BASED);
	}
	nla_nest_end(msg, job);
	talk_cb(sk, msg, &r, run_id_cb, &id);
	return r.error ? 0 : id;
}

static void run_cmd(struct nl_sock *sk, int family, uint8_t cmd, uint32_t id)
{
	struct nl_msg *msg = request(family, cmd);
	struct nl_result r = { 0 };

	nla_put_u32(msg, KIOGEN_A_ID, id);
	talk(sk, msg, &r);
}

static const struct { uint8_t cmd; int dump; const char *name; } every_op[] = {
	{ KIOGEN_CMD_INFO_GET, 0, "INFO_GET" },
	{ KIOGEN_CMD_RUN_NEW, 0, "RUN_NEW" },
	{ KIOGEN_CMD_RUN_STOP, 0, "RUN_STOP" },
	{ KIOGEN_CMD_RUN_GET, 0, "RUN_GET do" },
	{ KIOGEN_CMD_RUN_GET, 1, "RUN_GET dump" },
	{ KIOGEN_CMD_RUN_DEL, 0, "RUN_DEL" },
	{ KIOGEN_CMD_RESULTS_GET, 1, "RESULTS_GET dump" },
};

/* Every operation, reads included, refused with EPERM, saying why. */
static void every_op_refused(struct __test_metadata *_metadata, enum who who, uint32_t running,
			     uint32_t finished)
{
	unsigned int i;

	for (i = 0; i < sizeof(every_op) / sizeof(every_op[0]); i++) {
		uint32_t id = every_op[i].cmd == KIOGEN_CMD_RESULTS_GET ||
			      every_op[i].cmd == KIOGEN_CMD_RUN_DEL ? finished : running;
		struct child_result c = as_child(who, every_op[i].cmd, every_op[i].dump, id);

		ASSERT_EQ(0, c.setup) TH_LOG("%s: cannot become that user", who_name[who]);
		EXPECT_EQ(-EPERM, c.error)
			TH_LOG("%s: %s got %d '%s'", who_name[who], every_op[i].name, c.error, c.msg);
		/*
		 * Words when there are any: genetlink refuses those without
		 * CAP_NET_ADMIN (the spec's admin-perm) before kiogen can say
		 * why, and 6.1 drops the extack of a dump refused in its start.
		 */
		if (c.msg[0])
			EXPECT_NE(NULL, strstr(c.msg, "CAP_SYS_ADMIN"))
				TH_LOG("%s: %s: extack '%s'", who_name[who], every_op[i].name, c.msg);
		EXPECT_EQ(0, c.seen_run)
			TH_LOG("%s: %s showed run %u", who_name[who], every_op[i].name, id);
	}
	{
		struct child_result c = as_child(who, 0, 0, running);

		EXPECT_EQ(-EPERM, c.error) TH_LOG("%s joined the events group", who_name[who]);
		EXPECT_EQ(0, c.events);
	}
}

static int state_cb(struct nl_msg *m, void *arg)
{
	struct nlattr *tb[KIOGEN_A_MAX + 1], *rt[KIOGEN_A_RUN_MAX + 1];

	if (!genlmsg_parse(nlmsg_hdr(m), 0, tb, KIOGEN_A_MAX, NULL) && tb[KIOGEN_A_RUN] &&
	    !nla_parse_nested(rt, KIOGEN_A_RUN_MAX, tb[KIOGEN_A_RUN], NULL) &&
	    rt[KIOGEN_A_RUN_STATE])
		*(uint32_t *)arg = nla_get_u32(rt[KIOGEN_A_RUN_STATE]);
	return NL_OK;
}

/* The state of run @id, 0 if there is none. */
static uint32_t run_state_of(struct nl_sock *sk, int family, uint32_t id)
{
	struct nl_msg *msg = request(family, KIOGEN_CMD_RUN_GET);
	struct nl_result r;
	uint32_t state = 0;

	nla_put_u32(msg, KIOGEN_A_ID, id);
	talk_cb(sk, msg, &r, state_cb, &state);
	return state;
}

/* The host's runs, one running and one finished, for the hostile tests. */
FIXTURE(hostile) {
	struct nl_sock *sk;
	int family;
	uint32_t running, finished;
};

FIXTURE_SETUP(hostile)
{
	int i;

	self->sk = kiogen_sock(&self->family);
	ASSERT_NE(NULL, self->sk);
	self->running = start_null_run(self->sk, self->family, 60, 0);
	self->finished = start_null_run(self->sk, self->family, 0, 100);
	ASSERT_NE(0, self->running);
	ASSERT_NE(0, self->finished);
	for (i = 0; i < 100 && run_state_of(self->sk, self->family, self->finished) ==
			       KIOGEN_STATE_RUNNING; i++)
		usleep(50000);
}

FIXTURE_TEARDOWN(hostile)
{
	/* nothing the others tried may have changed the host's runs */
	EXPECT_EQ(KIOGEN_STATE_RUNNING, run_state_of(self->sk, self->family, self->running));
	EXPECT_EQ(KIOGEN_STATE_DONE, run_state_of(self->sk, self->family, self->finished));
	run_cmd(self->sk, self->family, KIOGEN_CMD_RUN_STOP, self->running);
	usleep(200000);
	run_cmd(self->sk, self->family, KIOGEN_CMD_RUN_DEL, self->running);
	run_cmd(self->sk, self->family, KIOGEN_CMD_RUN_DEL, self->finished);
	nl_socket_free(self->sk);
}

TEST_F(hostile, unprivileged_user_every_op_eperm)
{
	every_op_refused(_metadata, WHO_NOBODY, self->running, self->finished);
}

TEST_F(hostile, user_namespace_root_every_op_eperm)
{
	every_op_refused(_metadata, WHO_USERNS, self->running, self->finished);
}

TEST_F(hostile, other_netns_sees_nothing)
{
	static const struct { uint8_t cmd; int dump; const char *name; } ops[] = {
		{ KIOGEN_CMD_RUN_GET, 0, "RUN_GET" },
		{ KIOGEN_CMD_RUN_STOP, 0, "RUN_STOP" },
		{ KIOGEN_CMD_RUN_DEL, 0, "RUN_DEL" },
		{ KIOGEN_CMD_RESULTS_GET, 1, "RESULTS_GET" },
	};
	struct child_result c;
	unsigned int i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		uint32_t id = i >= 2 ? self->finished : self->running;

		c = as_child(WHO_NETNS, ops[i].cmd, ops[i].dump, id);
		ASSERT_EQ(0, c.setup);
		EXPECT_EQ(-ENOENT, c.error) TH_LOG("netns root: %s of the host's run %u: %d '%s'",
						   ops[i].name, id, c.error, c.msg);
		EXPECT_EQ(0, c.seen_run);
	}
	c = as_child(WHO_NETNS, KIOGEN_CMD_RUN_GET, 1, self->running);
	EXPECT_EQ(0, c.error);
	EXPECT_EQ(0, c.seen_run) TH_LOG("netns root lists the host's running run");
	c = as_child(WHO_NETNS, KIOGEN_CMD_RUN_GET, 1, self->finished);
	EXPECT_EQ(0, c.seen_run) TH_LOG("netns root lists the host's finished run");
	/* the running run sends progress every 500 ms: none may arrive there */
	c = as_child(WHO_NETNS, 0, 0, self->running);
	EXPECT_EQ(0, c.error) TH_LOG("netns root cannot join the events group: %d", c.error);
	EXPECT_EQ(0, c.events) TH_LOG("netns root received %d events of the host", c.events);
}

/* State of the run events seen on the multicast group. */
struct events {
	uint32_t run;
	int running, done;
};

static int event_cb(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[KIOGEN_A_MAX + 1], *rt[KIOGEN_A_RUN_MAX + 1];
	struct genlmsghdr *g = nlmsg_data(nlmsg_hdr(msg));
	struct events *ev = arg;

	if (g->cmd != KIOGEN_CMD_RUN_EVENT ||
	    genlmsg_parse(nlmsg_hdr(msg), 0, tb, KIOGEN_A_MAX, NULL) || !tb[KIOGEN_A_RUN] ||
	    nla_parse_nested(rt, KIOGEN_A_RUN_MAX, tb[KIOGEN_A_RUN], NULL) ||
	    !rt[KIOGEN_A_RUN_ID] || !rt[KIOGEN_A_RUN_STATE] ||
	    nla_get_u32(rt[KIOGEN_A_RUN_ID]) != ev->run)
		return NL_OK;
	if (nla_get_u32(rt[KIOGEN_A_RUN_STATE]) == KIOGEN_STATE_RUNNING)
		ev->running++;
	if (nla_get_u32(rt[KIOGEN_A_RUN_STATE]) == KIOGEN_STATE_DONE)
		ev->done++;
	return NL_OK;
}

static int run_id_cb(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[KIOGEN_A_MAX + 1];

	if (!genlmsg_parse(nlmsg_hdr(msg), 0, tb, KIOGEN_A_MAX, NULL) && tb[KIOGEN_A_ID])
		*(uint32_t *)arg = nla_get_u32(tb[KIOGEN_A_ID]);
	return NL_OK;
}

TEST_F_TIMEOUT(kiogen, progress_and_completion_events, 60)
{
	struct nl_sock *ev_sk = nl_socket_alloc();
	struct events ev = { 0 };
	struct nl_result r = { 0 };
	struct timeval tv = { .tv_sec = 1 };
	struct nl_msg *msg;
	struct nlattr *job;
	struct nl_cb *cb;
	int grp, i;

	ASSERT_NE(NULL, ev_sk);
	ASSERT_EQ(0, genl_connect(ev_sk));
	grp = genl_ctrl_resolve_grp(ev_sk, KIOGEN_FAMILY_NAME, KIOGEN_MCGRP_EVENTS);
	ASSERT_GE(grp, 0) TH_LOG("no '%s' multicast group", KIOGEN_MCGRP_EVENTS);
	nl_socket_disable_seq_check(ev_sk);
	ASSERT_EQ(0, nl_socket_add_membership(ev_sk, grp));
	setsockopt(nl_socket_get_fd(ev_sk), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));

	/* a 1.5 s null-engine run: progress every 500 ms, then completion */
	msg = request(self->family, KIOGEN_CMD_RUN_NEW);
	job = nla_nest_start(msg, KIOGEN_A_JOB);
	nla_put_string(msg, KIOGEN_A_JOB_ENGINE, "null");
	nla_put_u32(msg, KIOGEN_A_JOB_RW, KIOGEN_RW_RANDREAD);
	nla_put_u32(msg, KIOGEN_A_JOB_BS, 4096);
	nla_put_u64(msg, KIOGEN_A_JOB_SIZE, 1 << 30);
	nla_put_u64(msg, KIOGEN_A_JOB_RUNTIME_NS, 1500000000ULL);
	nla_put_flag(msg, KIOGEN_A_JOB_TIME_BASED);
	nla_nest_end(msg, job);
	cb = nl_cb_alloc(NL_CB_DEFAULT);
	r.error = 1;
	nl_cb_err(cb, NL_CB_CUSTOM, err_cb, &r);
	nl_cb_set(cb, NL_CB_ACK, NL_CB_CUSTOM, ack_cb, &r);
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, run_id_cb, &ev.run);
	nl_send_auto(self->sk, msg);
	while (r.error == 1 && nl_recvmsgs(self->sk, cb) >= 0)
		;
	nl_cb_put(cb);
	nlmsg_free(msg);
	ASSERT_EQ(0, r.error) TH_LOG("run new: %s", r.msg);
	ASSERT_NE(0, ev.run);

	nl_socket_modify_cb(ev_sk, NL_CB_VALID, NL_CB_CUSTOM, event_cb, &ev);
	for (i = 0; i < 30 && !ev.done; i++)
		nl_recvmsgs_default(ev_sk);
	EXPECT_GE(ev.running, 1) TH_LOG("no progress event for run %u", ev.run);
	EXPECT_EQ(1, ev.done) TH_LOG("no completion event for run %u", ev.run);

	msg = request(self->family, KIOGEN_CMD_RUN_DEL);
	nla_put_u32(msg, KIOGEN_A_ID, ev.run);
	memset(&r, 0, sizeof(r));
	talk(self->sk, msg, &r);
	EXPECT_EQ(0, r.error);
	nl_socket_free(ev_sk);
}


/* ---- version 2: the target is a file descriptor of the requester ---- */

struct fd_job {
	const char *engine;
	uint32_t rw;
	int fd;			/* -1: no KIOGEN_A_JOB_FD */
	int direct;
	int v1_attr;		/* 0, or FILESIZE or FALLOCATE */
};

/* RUN_NEW of one job on @j->fd; the reply in @r, the run id in @id. */
static void fd_run_new(struct nl_sock *sk, int family, const struct fd_job *j,
		       struct nl_result *r, uint32_t *id)
{
	struct nl_msg *msg = request(family, KIOGEN_CMD_RUN_NEW);
	struct nlattr *job = nla_nest_start(msg, KIOGEN_A_JOB);

	nla_put_string(msg, KIOGEN_A_JOB_ENGINE, j->engine);
	nla_put_u32(msg, KIOGEN_A_JOB_RW, j->rw);
	nla_put_u32(msg, KIOGEN_A_JOB_BS, 4096);
	nla_put_u64(msg, KIOGEN_A_JOB_NUMBER_IOS, 16);
	nla_put_u32(msg, KIOGEN_A_JOB_MODE, KIOGEN_MODE_SYNC);
	if (j->direct)
		nla_put_flag(msg, KIOGEN_A_JOB_DIRECT);
	if (j->v1_attr == KIOGEN_A_JOB_FILESIZE)
		nla_put_u64(msg, KIOGEN_A_JOB_FILESIZE, 1 << 20);
	else if (j->v1_attr == KIOGEN_A_JOB_FALLOCATE)
		nla_put_u32(msg, KIOGEN_A_JOB_FALLOCATE, KIOGEN_FALLOCATE_NATIVE);
	if (j->fd != -1)
		nla_put_u32(msg, KIOGEN_A_JOB_FD, (uint32_t)j->fd);
	nla_nest_end(msg, job);
	*id = 0;
	talk_cb(sk, msg, r, run_id_cb, id);
}

FIXTURE(fd) {
	struct nl_sock *sk;
	int family;
	char dir[64], file[80];
};

FIXTURE_SETUP(fd)
{
	int f;

	self->sk = kiogen_sock(&self->family);
	ASSERT_NE(NULL, self->sk);
	snprintf(self->dir, sizeof(self->dir), "/tmp/nl_family_test.XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->dir));
	snprintf(self->file, sizeof(self->file), "%s/data", self->dir);
	f = open(self->file, O_RDWR | O_CREAT, 0600);
	ASSERT_LE(0, f);
	ASSERT_EQ(0, ftruncate(f, 1 << 20));
	close(f);
}

FIXTURE_TEARDOWN(fd)
{
	unlink(self->file);
	rmdir(self->dir);
	nl_socket_free(self->sk);
}

/* The job was refused with an extack message naming @word, pointing at an attribute. */
#define EXPECT_REFUSED(r, word)							\
	do {									\
		EXPECT_GT(0, (r).error) TH_LOG("accepted");			\
		EXPECT_NE(NULL, strstr((r).msg, word))				\
			TH_LOG("extack '%s' does not name %s", (r).msg, word);	\
		EXPECT_TRUE((r).offs || (r).miss_type)				\
			TH_LOG("extack points at no attribute");		\
	} while (0)

TEST_F(fd, valid_fd_runs)
{
	struct fd_job j = { "kiocb", KIOGEN_RW_RANDREAD, open(self->file, O_RDWR) };
	struct nl_result r;
	uint32_t id;
	int i;

	ASSERT_LE(0, j.fd);
	fd_run_new(self->sk, self->family, &j, &r, &id);
	close(j.fd);	/* the kernel holds its own reference */
	ASSERT_EQ(0, r.error) TH_LOG("a valid fd was refused: '%s'", r.msg);
	ASSERT_NE(0, id);
	for (i = 0; i < 100 && run_state_of(self->sk, self->family, id) == KIOGEN_STATE_RUNNING; i++)
		usleep(50000);
	EXPECT_EQ(KIOGEN_STATE_DONE, run_state_of(self->sk, self->family, id));
	run_cmd(self->sk, self->family, KIOGEN_CMD_RUN_DEL, id);
}

TEST_F(fd, missing_fd_is_named)
{
	struct fd_job j = { "kiocb", KIOGEN_RW_READ, -1 };
	struct nl_result r;
	uint32_t id;

	fd_run_new(self->sk, self->family, &j, &r, &id);
	EXPECT_EQ(-EINVAL, r.error);
	EXPECT_EQ(KIOGEN_A_JOB_FD, r.miss_type) TH_LOG("missing type %u", r.miss_type);
	EXPECT_NE(NULL, strstr(r.msg, "fd")) TH_LOG("extack '%s'", r.msg);
}

TEST_F(fd, closed_fd_refused)
{
	struct fd_job j = { "kiocb", KIOGEN_RW_READ, open(self->file, O_RDONLY) };
	struct nl_result r;
	uint32_t id;

	ASSERT_LE(0, j.fd);
	close(j.fd);
	fd_run_new(self->sk, self->family, &j, &r, &id);
	EXPECT_EQ(-EBADF, r.error);
	EXPECT_REFUSED(r, "fd");
	j.fd = 100000;	/* never opened */
	fd_run_new(self->sk, self->family, &j, &r, &id);
	EXPECT_EQ(-EBADF, r.error);
	EXPECT_REFUSED(r, "fd");
}

TEST_F(fd, read_only_fd_for_a_write_job)
{
	struct fd_job j = { "kiocb", KIOGEN_RW_RANDWRITE, open(self->file, O_RDONLY) };
	struct nl_result r;
	uint32_t id;
	struct stat st0, st1;

	ASSERT_LE(0, j.fd);
	ASSERT_EQ(0, stat(self->file, &st0));
	fd_run_new(self->sk, self->family, &j, &r, &id);
	close(j.fd);
	EXPECT_REFUSED(r, "fd");
	EXPECT_TRUE(r.error == -EBADF || r.error == -EACCES || r.error == -EPERM)
		TH_LOG("error %d", r.error);
	ASSERT_EQ(0, stat(self->file, &st1));
	EXPECT_EQ(st0.st_mtim.tv_nsec, st1.st_mtim.tv_nsec) TH_LOG("the file was written");
}

/* Jobs whose fd does not allow what they do: refused, naming the attribute. */
TEST_F(fd, fd_must_allow_the_job)
{
	static const struct {
		const char *what, *engine, *word;
		uint32_t rw;
		int flags, direct, error;
	} rows[] = {
		{ "O_WRONLY fd, read job", "kiocb", "fd", KIOGEN_RW_RANDREAD, O_WRONLY, 0, 0 },
		{ "regular file for bio", "bio", "fd", KIOGEN_RW_READ, O_RDWR, 0, 0 },
		{ "direct without O_DIRECT", "kiocb", "direct", KIOGEN_RW_READ, O_RDWR, 1, -EINVAL },
	};
	struct nl_result r;
	unsigned int i;
	uint32_t id;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct fd_job j = { rows[i].engine, rows[i].rw, open(self->file, rows[i].flags),
				    rows[i].direct };

		ASSERT_LE(0, j.fd);
		fd_run_new(self->sk, self->family, &j, &r, &id);
		close(j.fd);
		TH_LOG("%s: error %d, extack '%s'", rows[i].what, r.error, r.msg);
		if (rows[i].error)
			EXPECT_EQ(rows[i].error, r.error);
		EXPECT_REFUSED(r, rows[i].word);
		if (id)
			run_cmd(self->sk, self->family, KIOGEN_CMD_RUN_DEL, id);
	}
}

TEST_F(fd, not_a_file_refused)
{
	struct fd_job j = { "kiocb", KIOGEN_RW_READ };
	struct nl_result r;
	int p[2], i;
	uint32_t id;

	ASSERT_EQ(0, pipe(p));
	int fds[] = { p[0], nl_socket_get_fd(self->sk), open(self->dir, O_RDONLY | O_DIRECTORY),
		      open("/dev/null", O_RDWR) };
	const char *what[] = { "a pipe", "the netlink socket", "a directory", "/dev/null" };

	for (i = 0; i < 4; i++) {
		ASSERT_LE(0, fds[i]);
		j.fd = fds[i];
		fd_run_new(self->sk, self->family, &j, &r, &id);
		EXPECT_GT(0, r.error) TH_LOG("%s was accepted as a target", what[i]);
		EXPECT_NE(NULL, strstr(r.msg, "fd"))
			TH_LOG("%s: extack '%s' does not name the fd", what[i], r.msg);
		EXPECT_TRUE(r.offs || r.miss_type) TH_LOG("%s: extack points at nothing", what[i]);
		if (id)
			run_cmd(self->sk, self->family, KIOGEN_CMD_RUN_DEL, id);
	}
	close(p[0]);
	close(p[1]);
	close(fds[2]);
	close(fds[3]);
}

TEST_F(fd, version_1_attributes_refused)
{
	static const struct { int type; const char *name; } v1[] = {
		{ KIOGEN_A_JOB_FILESIZE, "filesize" },
		{ KIOGEN_A_JOB_FALLOCATE, "fallocate" },
	};
	struct nl_result r;
	unsigned int i;
	uint32_t id;

	for (i = 0; i < sizeof(v1) / sizeof(v1[0]); i++) {
		struct fd_job j = { "kiocb", KIOGEN_RW_READ, open(self->file, O_RDWR), 0,
				    v1[i].type };

		ASSERT_LE(0, j.fd);
		fd_run_new(self->sk, self->family, &j, &r, &id);
		close(j.fd);
		EXPECT_GT(0, r.error) TH_LOG("%s accepted", v1[i].name);
		EXPECT_NE(0, r.offs) TH_LOG("%s: extack points at nothing", v1[i].name);
		EXPECT_NE(NULL, strstr(r.msg, v1[i].name))
			TH_LOG("%s: extack '%s' does not name it", v1[i].name, r.msg);
		if (id)
			run_cmd(self->sk, self->family, KIOGEN_CMD_RUN_DEL, id);
	}
}

/* No module, no tests: the whole program is one skip, with the reason. */
int main(int argc, char **argv)
{
	struct nl_sock *sk;
	int family = -1;

	sk = kiogen_sock(&family);
	if (sk)
		nl_socket_free(sk);
	if (family < 0) {
		ksft_print_header();
		ksft_exit_skip("kiogen family not registered (module not loaded)\n");
	}
	return test_harness_run(argc, argv);
}
