// SPDX-License-Identifier: GPL-2.0
/*
 * Where a job's workers run and at what priority: fio's cpus_allowed,
 * cpus_allowed_policy, numa_cpu_nodes, nice, prio and prioclass. The checks
 * run at RUN_NEW in the requester's context, so a job gets no CPU the
 * requester could not run on and no priority it could not set itself (as
 * sched_setaffinity(), setpriority() and ioprio_set() would refuse them);
 * the workers are placed before their first wake-up and carry the I/O
 * priority on every bio and kiocb they build.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/cpumask.h>
#include <linux/cred.h>
#include <linux/ioprio.h>
#include <linux/nodemask.h>
#include <linux/sched.h>
#include <linux/sched/prio.h>
#include <linux/sched/signal.h>
#include <linux/topology.h>

#include "kiogen.h"

#define KIOG_NICE_MIN	-20
#define KIOG_NICE_MAX	19

static bool kiog_bit(const struct kiog_zones *b, u32 i)
{
	return (b->z[i / 64] >> (i % 64)) & 1;
}

/* The first bit of @b at or above @bits, or -1. */
static int kiog_bit_over(const struct kiog_zones *b, u32 bits)
{
	u32 i;

	for (i = bits; i < b->nr * 64; i++)
		if (kiog_bit(b, i))
			return i;
	return -1;
}

/*
 * The CPUs of a job's cpus-allowed and numa-cpu-nodes, into @mask; false
 * when the job names neither (its workers go where the requester's would).
 * Both were checked by kiog_place_check().
 */
static bool kiog_place_cpus(const struct kiog_job_cfg *c, struct cpumask *mask)
{
	u32 i;

	if (!c->cpus_allowed.nr && !c->numa_cpu_nodes.nr)
		return false;
	if (c->cpus_allowed.nr) {
		cpumask_clear(mask);
		for (i = 0; i < nr_cpu_ids && i < c->cpus_allowed.nr * 64; i++)
			if (kiog_bit(&c->cpus_allowed, i))
				cpumask_set_cpu(i, mask);
	} else {
		cpumask_copy(mask, cpu_possible_mask);
	}
	if (c->numa_cpu_nodes.nr) {
		cpumask_var_t nodes;

		if (!zalloc_cpumask_var(&nodes, GFP_KERNEL)) {
			cpumask_clear(mask);
			return true;
		}
		for (i = 0; i < MAX_NUMNODES && i < c->numa_cpu_nodes.nr * 64; i++)
			if (kiog_bit(&c->numa_cpu_nodes, i) && node_online(i))
				cpumask_or(nodes, nodes, cpumask_of_node(i));
		cpumask_and(mask, mask, nodes);
		free_cpumask_var(nodes);
	}
	cpumask_and(mask, mask, cpu_online_mask);
	return true;
}

static int kiog_place_check_cpus(const struct kiog_job_cfg *c, struct nlattr **tb,
				 struct netlink_ext_ack *extack)
{
	const struct kiog_zones *cpus = &c->cpus_allowed, *nodes = &c->numa_cpu_nodes;
	cpumask_var_t mask;
	int err = 0;
	u32 i;

	if (cpus->nr > KIOGEN_MAX_CPUS / 64) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_CPUS_ALLOWED],
				    "job cpus-allowed: more than max-cpus bits");
		return -EINVAL;
	}
	if (nodes->nr > KIOGEN_MAX_CPUS / 64) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_NUMA_CPU_NODES],
				    "job numa-cpu-nodes: more than max-cpus bits");
		return -EINVAL;
	}
	if (cpus->nr && kiog_bit_over(cpus, 0) < 0) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_CPUS_ALLOWED],
				    "job cpus-allowed: an empty set");
		return -EINVAL;
	}
	if (nodes->nr && kiog_bit_over(nodes, 0) < 0) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_NUMA_CPU_NODES],
				    "job numa-cpu-nodes: an empty set");
		return -EINVAL;
	}
	if (kiog_bit_over(cpus, nr_cpu_ids) >= 0) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_CPUS_ALLOWED],
				    "job cpus-allowed: a CPU this machine does not have");
		return -EINVAL;
	}
	for (i = 0; i < nr_cpu_ids && i < cpus->nr * 64; i++) {
		if (!kiog_bit(cpus, i))
			continue;
		if (!cpu_online(i)) {
			NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_CPUS_ALLOWED],
					    "job cpus-allowed: a CPU that is not online");
			return -EINVAL;
		}
		if (!cpumask_test_cpu(i, current->cpus_ptr)) {
			NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_CPUS_ALLOWED],
					    "job cpus-allowed: a CPU the requester may not run on");
			return -EPERM;
		}
	}
	for (i = 0; i < nodes->nr * 64; i++) {
		if (!kiog_bit(nodes, i))
			continue;
		if (i >= MAX_NUMNODES || !node_online(i) || !node_state(i, N_CPU) ||
		    !cpumask_intersects(cpumask_of_node(i), current->cpus_ptr)) {
			NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_NUMA_CPU_NODES],
					    "job numa-cpu-nodes: a node without online CPUs the requester may run on");
			return -EINVAL;
		}
	}
	if (!zalloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;
	if (kiog_place_cpus(c, mask) && cpumask_empty(mask)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_NUMA_CPU_NODES],
				    "job numa-cpu-nodes: none of its CPUs is in cpus-allowed");
		err = -EINVAL;
	}
	free_cpumask_var(mask);
	return err;
}

/**
 * kiog_place_check() - refuse what the requester could not do to itself
 * @c: the job's config, parsed
 * @tb: its attributes, for the extack
 * @extack: the reason
 *
 * Runs in the requester's context (RUN_NEW's doit). The capabilities are
 * the requester's in the initial user namespace, as setpriority() and
 * ioprio_set() test them: the run's network namespace may belong to a user
 * namespace the requester owns, where it has every capability.
 *
 * Return: 0, or -errno with the attribute named in @extack.
 */
int kiog_place_check(const struct kiog_job_cfg *c, struct nlattr **tb,
		     struct netlink_ext_ack *extack)
{
	int err;

	err = kiog_place_check_cpus(c, tb, extack);
	if (err)
		return err;
	if (c->nice < KIOG_NICE_MIN || c->nice > KIOG_NICE_MAX) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_NICE],
				    "job nice: from -20 to 19");
		return -EINVAL;
	}
	/* setpriority()'s can_nice(): RLIMIT_NICE, or CAP_SYS_NICE */
	if (c->nice < 0 &&
	    nice_to_rlimit(c->nice) > rlimit(RLIMIT_NICE) &&
	    !capable(CAP_SYS_NICE)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_NICE],
				    "job nice: below 0 needs CAP_SYS_NICE or RLIMIT_NICE");
		return -EPERM;
	}
	if (c->prio && !c->prioclass) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_PRIO],
				    "job prio: needs a prioclass");
		return -EINVAL;
	}
	/* ioprio_check_cap() */
	if (c->prioclass == IOPRIO_CLASS_RT &&
	    !capable(CAP_SYS_NICE) && !capable(CAP_SYS_ADMIN)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[KIOGEN_A_JOB_PRIOCLASS],
				    "job prioclass: realtime needs CAP_SYS_ADMIN or CAP_SYS_NICE");
		return -EPERM;
	}
	return 0;
}

/**
 * kiog_place_worker() - where the @k-th worker of a run runs
 * @c: its job's config
 * @k: the worker's number among the run's, jobs in order (fio's
 *	thread_number - 1: split's round robin counts over the jobs)
 * @mask: set to its CPUs
 * @node: set to the node of the CPU it starts on, for its buffers
 *
 * Return: false when the job places nothing (@mask and @node untouched).
 */
bool kiog_place_worker(const struct kiog_job_cfg *c, u32 k, struct cpumask *mask,
		       int *node)
{
	unsigned int cpu, n;

	/* its CPUs went offline since the check: placed as without */
	if (!kiog_place_cpus(c, mask) || cpumask_empty(mask))
		return false;
	n = k % cpumask_weight(mask);
	for_each_cpu(cpu, mask)
		if (!n--)
			break;
	if (c->cpus_allowed_policy == KIOGEN_CPUS_ALLOWED_POLICY_SPLIT) {
		cpumask_clear(mask);
		cpumask_set_cpu(cpu, mask);
	}
	*node = cpu_to_node(cpu);
	return true;
}

/**
 * kiog_place_task() - a worker's nice value, before its first wake-up
 * @c: its job's config
 * @task: the worker's thread
 */
void kiog_place_task(const struct kiog_job_cfg *c, struct task_struct *task)
{
	if (c->nice)
		set_user_nice(task, c->nice);
}

/**
 * kiog_place_ioprio() - the I/O priority of a job's bios and kiocbs
 * @c: its config
 *
 * Return: IOPRIO_PRIO_VALUE(prioclass, prio), or 0 (the kernel's default,
 * as a task that never called ioprio_set()) without a prioclass.
 */
u16 kiog_place_ioprio(const struct kiog_job_cfg *c)
{
	return c->prioclass ? IOPRIO_PRIO_VALUE(c->prioclass, c->prio) : 0;
}
