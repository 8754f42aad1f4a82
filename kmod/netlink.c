// SPDX-License-Identifier: GPL-2.0
/*
 * The kiogen generic netlink family: its registration, run control (new,
 * stop, delete), the module's info, a run's status and the events. Handlers
 * do semantics only: the policies, which hold every limit, and the ops table
 * are generated from the spec into genl.c. A job's attributes are
 * netlink-job.c's, the dumps netlink-dump.c's.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/netlink.h>
#include <linux/user_namespace.h>
#include <net/genetlink.h>
#include <net/netlink.h>
#include <net/net_namespace.h>
#include <net/sock.h>

#include "kiogen.h"
#include "compat.h"
#include "genl.h"
#include "netlink.h"

/*
 * Events carry what reads need CAP_SYS_ADMIN for: so does joining. The
 * spec's group, generated without flags, names it.
 */
static const struct genl_multicast_group kiog_mcgrps[] = {
	[KIOGEN_NLGRP_EVENTS] = { .name = KIOGEN_MCGRP_EVENTS,
				  .flags = KIOG_MCGRP_ADMIN },
};

/**
 * kiog_nl_admin() - whether the requester may use the family
 * @skb: the request
 * @extack: the refusal
 *
 * Every operation, reads included, needs CAP_SYS_ADMIN in the initial user
 * namespace: runs write devices and show what others run. A namespace's own
 * root is not enough. Genetlink has checked CAP_NET_ADMIN (the spec's
 * admin-perm, all a spec can say).
 *
 * Return: true when it may.
 */
bool kiog_nl_admin(struct sk_buff *skb, struct netlink_ext_ack *extack)
{
	if (netlink_capable(skb, CAP_SYS_ADMIN))
		return true;
	NL_SET_ERR_MSG(extack, "CAP_SYS_ADMIN is required");
	return false;
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
	run->flags = info->attrs[KIOGEN_A_FLAGS] ?
		     nla_get_u32(info->attrs[KIOGEN_A_FLAGS]) : 0;
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
 * @name: with the first job's name (events), else without
 *
 * The nest has a bounded size whatever the run: job configurations go in
 * messages of their own (see the RUN_GET dump).
 *
 * Return: 0, or -EMSGSIZE when @skb is full.
 */
int kiog_nl_put_run(struct sk_buff *skb, struct kiog_run *run, bool name)
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
			      KIOGEN_A_RUN_PAD) ||
	    (name && run->nr_jobs &&
	     nla_put_string(skb, KIOGEN_A_RUN_JOB_NAME, run->jobs[0].cfg.name))) {
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

/* An event: the run's status with its first job's name, and the event. */
static size_t kiog_nl_event_msg_size(void)
{
	return kiog_nl_run_msg_size() + nla_total_size(KIOGEN_NAME_LEN) +
	       nla_total_size(sizeof(u32));
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
	if (!hdr || kiog_nl_put_run(msg, run, false))
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

struct genl_family kiog_family __ro_after_init = {
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
 * kiog_nl_notify_run() - multicast a run's event to the events group
 * @run: the run; a reference is held
 * @event: what happened (KIOGEN_EVENT_*)
 *
 * Only to listeners in the run's own network namespace.
 */
void kiog_nl_notify_run(struct kiog_run *run, u32 event)
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
	msg = genlmsg_new(kiog_nl_event_msg_size(), GFP_KERNEL);
	if (!msg)
		goto out;
	hdr = genlmsg_put(msg, 0, 0, &kiog_family, 0, KIOGEN_CMD_RUN_EVENT);
	if (!hdr || nla_put_u32(msg, KIOGEN_A_EVENT, event) ||
	    kiog_nl_put_run(msg, run, true)) {
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
