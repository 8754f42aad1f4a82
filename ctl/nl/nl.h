/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CLI's generic netlink client on libmnl: one socket, the kiogen family
 * resolved by name, requests with their replies, and kernel errors turned into
 * words (the extack message and the attribute it points at).
 */
#ifndef KIOGEN_CTL_NL_H
#define KIOGEN_CTL_NL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/kiogen.h>

struct kg_nl {
	struct mnl_socket *sock;
	uint16_t family;
	uint32_t portid;
	uint32_t seq;
	uint32_t mcgrp_events;
	char *buf;			/* KG_NL_BUFSIZE: requests and replies */
	/*
	 * Set around a request whose jobs carry fds: the name of job @job's
	 * file @file (0: job fd, N: job fds[N - 1]) into @buf, for a kernel
	 * message about "job fds[INDEX]"; false when it has none.
	 */
	bool (*file_name)(const void *data, uint32_t job, uint32_t file, char *buf,
			  size_t len);
	const void *file_name_data;
};

#define KG_NL_BUFSIZE	(64 * 1024)

typedef int (*kg_nl_cb)(const struct nlmsghdr *nlh, void *data);

/* Returns 0; -ENOENT when the family is not registered (module not loaded). */
int kg_nl_open(struct kg_nl *nl);
void kg_nl_close(struct kg_nl *nl);

/* Starts a request for @cmd in nl->buf; NLM_F_REQUEST and NLM_F_ACK are set. */
struct nlmsghdr *kg_nl_req(struct kg_nl *nl, uint8_t cmd, uint16_t flags);

/*
 * Sends @nlh and feeds every reply to @cb until the ack or the end of the
 * dump. Kernel errors are printed as "kiogen: kernel: <message> (attribute:
 * <name>)" and returned as -errno.
 */
int kg_nl_talk(struct kg_nl *nl, struct nlmsghdr *nlh, kg_nl_cb cb, void *data);

/**
 * kg_nl_events_open() - a socket of its own, joined to the events group
 * @ev: filled in; closed with kg_nl_close()
 *
 * Return: 0, or -errno when no event can come: the module has no group,
 * joining is not permitted (it needs CAP_SYS_ADMIN), or this network
 * namespace is not owned by the initial user namespace, where the module
 * sends none (-EOPNOTSUPP). The caller then polls RUN_GET.
 */
int kg_nl_events_open(struct kg_nl *ev);

/**
 * kg_nl_events_recv() - wait for events and pass each run's status on
 * @ev: from kg_nl_events_open()
 * @timeout_ms: how long to wait; -1 for ever
 * @cb: called with every KIOGEN_CMD_RUN_EVENT message
 * @data: for @cb
 *
 * Return: the number of events, 0 on timeout, -EINTR on a signal, or
 * -ENOBUFS when events were lost (the socket overflowed): the caller asks
 * for the state it missed.
 */
int kg_nl_events_recv(struct kg_nl *ev, int timeout_ms, kg_nl_cb cb, void *data);

/* Prints the "module not loaded" explanation. */
void kg_nl_explain_missing(void);

/* A job in netlink attributes and back (ctl/job-attrs.c). */
struct kg_job;

/*
 * A job as one KIOGEN_A_JOB nest of RUN_NEW, its targets the descriptors
 * @fds (none: @nr_fds 0, or @fds[0] -1): the first as fd, the rest as fds;
 * @regions: each file's region (file-regions), NULL: none.
 */
void kg_job_put(struct nlmsghdr *nlh, const struct kg_job *j, const int *fds,
		uint32_t nr_fds, const uint64_t *regions);
/* A job of a RUN_GET dump, as the kernel runs it (ioengine is the kernel's engine). */
void kg_job_parse(const struct nlattr *nest, struct kg_job *j);
/* The option a job attribute came from, for the kernel's errors. */
const char *kg_job_attr_name(unsigned int type);

#endif /* KIOGEN_CTL_NL_H */
