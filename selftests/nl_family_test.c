// SPDX-License-Identifier: GPL-2.0
/*
 * The kiogen netlink family seen by an independent client: libnl-genl-3,
 * attributes built by hand from the UAPI header, so the module and ctl/
 * cannot agree on a wrong encoding. Checks the info reply against what the
 * module says in sysfs, that malformed requests are refused with an extack
 * message, and that changing runs needs CAP_SYS_ADMIN.
 */
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
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
	talk(self->sk, msg, &r);
	EXPECT_EQ(-ERANGE, r.error);
	EXPECT_NE(0, r.msg[0]) TH_LOG("no extack message");
	EXPECT_NE(0, r.offs);
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

/* Runs @cmd as nobody with no capabilities; returns the error it got. */
static int unprivileged(uint8_t cmd, int with_job)
{
	int pipefd[2], err = 1;
	pid_t pid;

	if (pipe(pipefd))
		return 1;
	pid = fork();
	if (!pid) {
		struct nl_result r = { 0 };
		struct nl_sock *sk;
		struct nl_msg *msg;
		int family;

		if (setgroups(0, NULL) || setresgid(65534, 65534, 65534) ||
		    setresuid(65534, 65534, 65534))
			_exit(2);
		sk = kiogen_sock(&family);
		if (!sk || family < 0)
			_exit(3);
		msg = request(family, cmd);
		nla_put_u32(msg, KIOGEN_A_ID, 1);
		if (with_job) {
			struct nlattr *job = nla_nest_start(msg, KIOGEN_A_JOB);

			nla_put_string(msg, KIOGEN_A_JOB_ENGINE, "null");
			nla_put_u32(msg, KIOGEN_A_JOB_RW, KIOGEN_RW_READ);
			nla_put_u32(msg, KIOGEN_A_JOB_BS, 4096);
			nla_put_u64(msg, KIOGEN_A_JOB_SIZE, 1 << 20);
			nla_nest_end(msg, job);
		}
		talk(sk, msg, &r);
		if (write(pipefd[1], &r.error, sizeof(r.error)) != sizeof(r.error))
			_exit(4);
		_exit(r.msg[0] || r.error == 0 ? 0 : 5);
	}
	close(pipefd[1]);
	if (read(pipefd[0], &err, sizeof(err)) != sizeof(err))
		err = 1;
	close(pipefd[0]);
	waitpid(pid, NULL, 0);
	return err;
}

TEST_F(kiogen, mutating_needs_cap_sys_admin)
{
	EXPECT_EQ(-EPERM, unprivileged(KIOGEN_CMD_RUN_NEW, 1));
	EXPECT_EQ(-EPERM, unprivileged(KIOGEN_CMD_RUN_STOP, 0));
	EXPECT_EQ(-EPERM, unprivileged(KIOGEN_CMD_RUN_DEL, 0));
	/* reading is allowed: info works without privileges */
	EXPECT_EQ(0, unprivileged(KIOGEN_CMD_INFO_GET, 0));
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
