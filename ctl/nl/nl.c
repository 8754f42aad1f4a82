// SPDX-License-Identifier: GPL-2.0
/*
 * Generic netlink plumbing for the CLI on libmnl: family lookup, request and
 * reply loop, and extended-ack decoding, so every kernel rejection reaches
 * the user as the kernel's own words plus the name of the attribute.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/nsfs.h>

#include "core/job.h"
#include "nl.h"

static const char *const kg_top_names[KIOGEN_A_MAX + 1] = {
	[KIOGEN_A_ID]		= "run id",
	[KIOGEN_A_FLAGS]	= "run flags",
	[KIOGEN_A_JOB]		= "job",
};

void kg_nl_explain_missing(void)
{
	fprintf(stderr,
		"kiogen: the kiogen kernel module is not loaded\n"
		"  load it with: insmod kmod/kiogen.ko   (or: modprobe kiogen)\n");
}

struct kg_family_reply {
	uint16_t id;
	uint32_t mcgrp;
	uint32_t version;
};

static int kg_mcgrp_cb(const struct nlattr *grp, struct kg_family_reply *r)
{
	const struct nlattr *a;
	const char *name = NULL;
	uint32_t id = 0;

	mnl_attr_for_each_nested(a, grp) {
		if (mnl_attr_get_type(a) == CTRL_ATTR_MCAST_GRP_NAME)
			name = mnl_attr_get_str(a);
		else if (mnl_attr_get_type(a) == CTRL_ATTR_MCAST_GRP_ID)
			id = mnl_attr_get_u32(a);
	}
	if (name && !strcmp(name, KIOGEN_MCGRP_EVENTS))
		r->mcgrp = id;
	return 0;
}

static int kg_family_cb(const struct nlmsghdr *nlh, void *data)
{
	struct kg_family_reply *r = data;
	const struct nlattr *a, *grp;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case CTRL_ATTR_FAMILY_ID:
			r->id = mnl_attr_get_u16(a);
			break;
		case CTRL_ATTR_VERSION:
			r->version = mnl_attr_get_u32(a);
			break;
		case CTRL_ATTR_MCAST_GROUPS:
			mnl_attr_for_each_nested(grp, a)
				kg_mcgrp_cb(grp, r);
			break;
		}
	}
	return MNL_CB_OK;
}

int kg_nl_open(struct kg_nl *nl)
{
	struct kg_family_reply r = { 0 };
	struct nlmsghdr *nlh;
	struct genlmsghdr *g;
	int one = 1, err;

	memset(nl, 0, sizeof(*nl));
	nl->buf = malloc(KG_NL_BUFSIZE);
	nl->sock = mnl_socket_open(NETLINK_GENERIC);
	if (!nl->buf || !nl->sock) {
		perror("kiogen: netlink socket");
		kg_nl_close(nl);
		return -errno;
	}
	mnl_socket_setsockopt(nl->sock, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(nl->sock, NETLINK_CAP_ACK, &one, sizeof(one));
	if (mnl_socket_bind(nl->sock, 0, MNL_SOCKET_AUTOPID) < 0) {
		perror("kiogen: netlink bind");
		kg_nl_close(nl);
		return -errno;
	}
	nl->portid = mnl_socket_get_portid(nl->sock);
	nl->seq = time(NULL);

	nlh = mnl_nlmsg_put_header(nl->buf);
	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = ++nl->seq;
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = CTRL_CMD_GETFAMILY;
	g->version = 1;
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, KIOGEN_FAMILY_NAME);

	nl->family = GENL_ID_CTRL;	/* quiet: a missing family is no error here */
	err = kg_nl_talk(nl, nlh, kg_family_cb, &r);
	if (err == -ENOENT) {
		kg_nl_close(nl);
		return -ENOENT;
	}
	if (err) {
		kg_nl_close(nl);
		return err;
	}
	/* another version lays its messages out otherwise: misread, not refused */
	if (r.version != KIOGEN_FAMILY_VERSION) {
		fprintf(stderr, "kiogen: the loaded module speaks family version %u, this kiogen %u: load the module built with it\n",
			r.version, KIOGEN_FAMILY_VERSION);
		kg_nl_close(nl);
		return -EPROTO;
	}
	nl->family = r.id;
	nl->mcgrp_events = r.mcgrp;
	return 0;
}

void kg_nl_close(struct kg_nl *nl)
{
	if (nl->sock)
		mnl_socket_close(nl->sock);
	free(nl->buf);
	nl->sock = NULL;
	nl->buf = NULL;
}

struct nlmsghdr *kg_nl_req(struct kg_nl *nl, uint8_t cmd, uint16_t flags)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(nl->buf);
	struct genlmsghdr *g;

	nlh->nlmsg_type = nl->family;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | flags;
	nlh->nlmsg_seq = ++nl->seq;
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = cmd;
	g->version = KIOGEN_FAMILY_VERSION;
	return nlh;
}

/* Name of the attribute at byte @off of request @req, for error messages. */
static const char *kg_nl_attr_name(const struct nlmsghdr *req, uint32_t off)
{
	const struct nlattr *a, *n;
	const char *base = (const char *)req;

	mnl_attr_for_each(a, req, sizeof(struct genlmsghdr)) {
		uint32_t start = (const char *)a - base;
		uint16_t type = mnl_attr_get_type(a);

		if (off < start || off >= start + mnl_attr_get_len(a))
			continue;
		if (type == KIOGEN_A_JOB && off > start) {
			mnl_attr_for_each_nested(n, a) {
				uint32_t ns = (const char *)n - base;
				uint16_t nt = mnl_attr_get_type(n);

				if (off == ns)
					return kg_job_attr_name(nt);
			}
		}
		return type <= KIOGEN_A_MAX && kg_top_names[type] ?
		       kg_top_names[type] : "unknown attribute";
	}
	return NULL;
}

/* State of one request while its replies come in. */
struct kg_talk {
	const struct kg_nl *nl;
	const struct nlmsghdr *req;
	int error;		/* 1 until the ack or the end of the dump */
	kg_nl_cb cb;
	void *data;
};

/* Which job of request @req the attribute at byte @off is in; -1: none. */
static int kg_nl_attr_job(const struct nlmsghdr *req, uint32_t off)
{
	const char *base = (const char *)req;
	const struct nlattr *a;
	int job = 0;

	mnl_attr_for_each(a, req, sizeof(struct genlmsghdr)) {
		uint32_t start = (const char *)a - base;

		if (mnl_attr_get_type(a) != KIOGEN_A_JOB)
			continue;
		if (off >= start && off < start + mnl_attr_get_len(a))
			return job;
		job++;
	}
	return -1;
}

/* " (FILE)" after a message about job fds[INDEX], when the caller names it. */
static void kg_nl_print_file(const struct kg_talk *t, const char *msg, int job)
{
	char name[4096];
	unsigned int idx;

	if (!msg || job < 0 || !t->nl->file_name ||
	    sscanf(msg, "job fds[%u]:", &idx) != 1 ||
	    !t->nl->file_name(t->nl->file_name_data, job, idx + 1, name, sizeof(name)))
		return;
	fprintf(stderr, " (file: %s)", name);
}

static void kg_nl_print_error(const struct kg_talk *t, int error,
			      const char *msg, const char *attr, int job)
{
	/* the family lookup fails quietly: the caller explains it */
	if (t->req->nlmsg_type == GENL_ID_CTRL && error == -ENOENT)
		return;
	/*
	 * Every kiogen command needs CAP_SYS_ADMIN; a dump refused before it
	 * starts reaches user space without the kernel's message on some
	 * kernels (6.1 drops an extack set in a dump's start): say it anyway.
	 */
	if (!msg && error == -EPERM && t->req->nlmsg_type != GENL_ID_CTRL)
		msg = "CAP_SYS_ADMIN is required";
	fprintf(stderr, "kiogen: kernel: %s", msg ? msg : strerror(-error));
	kg_nl_print_file(t, msg, job);
	if (attr && (!msg || !strstr(msg, attr)))
		fprintf(stderr, " (attribute: %s)", attr);
	if (msg)
		fprintf(stderr, " [%s]", strerror(-error));
	fputc('\n', stderr);
}

/* Decodes the extended ack TLVs that follow an error, from offset @off. */
static void kg_nl_extack(struct kg_talk *t, const struct nlmsghdr *nlh,
			 unsigned int off, int error)
{
	const char *msg = NULL, *attr = NULL;
	const struct nlattr *a;
	int job = -1;

	if (nlh->nlmsg_flags & NLM_F_ACK_TLVS) {
		mnl_attr_for_each(a, nlh, off) {
			switch (mnl_attr_get_type(a)) {
			case NLMSGERR_ATTR_MSG:
				msg = mnl_attr_get_str(a);
				break;
			case NLMSGERR_ATTR_OFFS:
				attr = kg_nl_attr_name(t->req, mnl_attr_get_u32(a));
				job = kg_nl_attr_job(t->req, mnl_attr_get_u32(a));
				break;
			}
		}
	}
	kg_nl_print_error(t, error, msg, attr, job);
}

static int kg_nl_error_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);
	struct kg_talk *t = data;
	unsigned int off = sizeof(*e);

	if (nlh->nlmsg_len < mnl_nlmsg_size(sizeof(*e)))
		return MNL_CB_ERROR;
	t->error = e->error;
	if (!e->error)
		return MNL_CB_STOP;
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
		off += e->msg.nlmsg_len - sizeof(struct nlmsghdr);
	kg_nl_extack(t, nlh, off, e->error);
	return MNL_CB_STOP;
}

/* The end of a dump carries the dump's error code, and extack after it. */
static int kg_nl_done_cb(const struct nlmsghdr *nlh, void *data)
{
	struct kg_talk *t = data;
	int error = 0;

	if (mnl_nlmsg_get_payload_len(nlh) >= sizeof(int))
		error = *(const int *)mnl_nlmsg_get_payload(nlh);
	t->error = error;
	if (error)
		kg_nl_extack(t, nlh, sizeof(int), error);
	return MNL_CB_STOP;
}

static int kg_nl_data_cb(const struct nlmsghdr *nlh, void *data)
{
	struct kg_talk *t = data;

	return t->cb ? t->cb(nlh, t->data) : MNL_CB_OK;
}

int kg_nl_talk(struct kg_nl *nl, struct nlmsghdr *nlh, kg_nl_cb cb, void *data)
{
	mnl_cb_t ctl[NLMSG_MIN_TYPE] = { 0 };
	struct kg_talk t = { .nl = nl, .req = nlh, .error = 1, .cb = cb, .data = data };
	char *rbuf;
	int ret;

	/* replies go to a separate buffer: errors refer back into the request */
	rbuf = malloc(KG_NL_BUFSIZE);
	if (!rbuf)
		return -ENOMEM;
	ctl[NLMSG_ERROR] = kg_nl_error_cb;
	ctl[NLMSG_DONE] = kg_nl_done_cb;
	if (mnl_socket_sendto(nl->sock, nlh, nlh->nlmsg_len) < 0) {
		ret = -errno;
		perror("kiogen: netlink send");
		goto out;
	}
	for (;;) {
		ret = mnl_socket_recvfrom(nl->sock, rbuf, KG_NL_BUFSIZE);
		if (ret < 0) {
			ret = -errno;
			if (ret == -EINTR)
				continue;
			perror("kiogen: netlink receive");
			goto out;
		}
		ret = mnl_cb_run2(rbuf, ret, nlh->nlmsg_seq, nl->portid,
				  kg_nl_data_cb, &t, ctl, NLMSG_MIN_TYPE);
		if (t.error <= 0) {
			ret = t.error;
			goto out;
		}
		if (ret < 0) {
			ret = -errno;
			perror("kiogen: netlink reply");
			goto out;
		}
		if (ret == MNL_CB_STOP) {
			ret = 0;
			goto out;
		}
	}
out:
	free(rbuf);
	return ret;
}

/*
 * Whether the module sends events to this network namespace: only when the
 * initial user namespace owns it. The owner's parent is refused (EPERM) for
 * the initial one alone, from where reads are permitted at all. Where the
 * kernel cannot tell (no nsfs ioctls), events are assumed to come; callers
 * still ask RUN_GET when none came for a while.
 */
static bool kg_netns_has_events(void)
{
	int net, user, parent;
	bool init = true;

	net = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
	if (net < 0)
		return true;
	user = ioctl(net, NS_GET_USERNS);
	if (user >= 0) {
		parent = ioctl(user, NS_GET_PARENT);
		if (parent >= 0) {
			init = false;
			close(parent);
		}
		close(user);
	}
	close(net);
	return init;
}

int kg_nl_events_open(struct kg_nl *ev)
{
	unsigned int grp;
	int err;

	err = kg_nl_open(ev);
	if (err)
		return err;
	grp = ev->mcgrp_events;
	if (!grp)
		err = -ENOENT;
	else if (!kg_netns_has_events())
		err = -EOPNOTSUPP;
	else if (mnl_socket_setsockopt(ev->sock, NETLINK_ADD_MEMBERSHIP, &grp,
				       sizeof(grp)) < 0)
		err = -errno;
	if (err)
		kg_nl_close(ev);
	return err;
}

struct kg_event_talk {
	uint16_t family;
	kg_nl_cb cb;
	void *data;
	int n;
};

static int kg_nl_event_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct genlmsghdr *g = mnl_nlmsg_get_payload(nlh);
	struct kg_event_talk *t = data;

	if (nlh->nlmsg_type != t->family ||
	    mnl_nlmsg_get_payload_len(nlh) < sizeof(*g) ||
	    g->cmd != KIOGEN_CMD_RUN_EVENT)
		return MNL_CB_OK;
	t->n++;
	return t->cb(nlh, t->data);
}

int kg_nl_events_recv(struct kg_nl *ev, int timeout_ms, kg_nl_cb cb, void *data)
{
	struct kg_event_talk t = { .family = ev->family, .cb = cb, .data = data };
	struct pollfd pfd = { .fd = mnl_socket_get_fd(ev->sock), .events = POLLIN };
	int ret;

	ret = poll(&pfd, 1, timeout_ms);
	if (ret <= 0)
		return ret ? -errno : 0;
	do {
		ret = recv(pfd.fd, ev->buf, KG_NL_BUFSIZE, MSG_DONTWAIT);
		if (ret < 0)
			return errno == EAGAIN ? t.n : -errno;
		/* multicast: no sequence number, no port to check */
		if (mnl_cb_run(ev->buf, ret, 0, 0, kg_nl_event_cb, &t) < 0)
			return -errno;
	} while (ret > 0);
	return t.n;
}
