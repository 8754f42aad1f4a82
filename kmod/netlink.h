/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the three files of the kiogen family share, as net/handshake's
 * netlink.c and request.c share handshake.h: netlink.c registers the family
 * and holds run control, status and events; netlink-job.c turns a job's
 * attributes into struct kiog_job (and back); netlink-dump.c sends the run
 * list and the results as dumps.
 */
#ifndef _KIOGEN_NETLINK_H
#define _KIOGEN_NETLINK_H

#include <linux/netlink.h>
#include <net/genetlink.h>

#include "kiogen.h"

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

extern struct genl_family kiog_family;

bool kiog_nl_admin(struct sk_buff *skb, struct netlink_ext_ack *extack);

/* netlink-job.c */
int kiog_nl_parse_job(struct kiog_job *job, struct nlattr *nest,
		      struct nlattr **tb, struct netlink_ext_ack *extack);
int kiog_nl_take_fd(struct kiog_job *job, struct nlattr *nest,
		    struct nlattr **tb, struct netlink_ext_ack *extack);
int kiog_nl_check_region(struct kiog_job *job, struct nlattr **tb,
			 struct netlink_ext_ack *extack);
int kiog_nl_put_job(struct sk_buff *skb, const struct kiog_job *job);
void kiog_nl_msgs_free(void);

#endif /* _KIOGEN_NETLINK_H */
