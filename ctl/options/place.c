// SPDX-License-Identifier: GPL-2.0
/*
 * fio's placement and priority options: cpus_allowed and numa_cpu_nodes
 * (lists such as "0-3,6" into the bitmaps of KIOGEN_A_JOB_CPUS_ALLOWED and
 * KIOGEN_A_JOB_NUMA_CPU_NODES), cpus_allowed_policy, nice, prio and
 * prioclass, with fio's rule that a prio without a class is best effort.
 * The syscall path's workers apply them to themselves here, as fio's
 * threads do (sched_setaffinity, setpriority, ioprio_set); the kernel path's
 * are placed by the module (kmod/place.c), from the same fields.
 */
#include <ctype.h>
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include "options.h"

#define KG_IOPRIO_CLASS_RT	1
#define KG_IOPRIO_CLASS_BE	2
#define KG_IOPRIO_WHO_PROCESS	1
#define KG_CAP_SYS_ADMIN	21
#define KG_CAP_SYS_NICE		23
#define KG_MPOL_DEFAULT		0	/* set_mempolicy()'s, linux/mempolicy.h */
#define KG_MPOL_LOCAL		4

static void kg_bit_set(struct kiog_zones *b, uint32_t i)
{
	b->z[i / 64] |= 1ULL << (i % 64);
	if (b->nr < i / 64 + 1)
		b->nr = i / 64 + 1;
}

static bool kg_bit(const struct kiog_zones *b, uint32_t i)
{
	return i / 64 < b->nr && (b->z[i / 64] >> (i % 64)) & 1;
}

static int kg_list_num(const char *name, const char *what, const char *s,
		       const char *end, uint32_t *x, FILE *err)
{
	uint64_t v = 0;
	const char *p;

	for (p = s; p < end && isdigit((unsigned char)*p); p++)
		if (v < KIOGEN_MAX_CPUS)	/* past it, it only has to be large */
			v = v * 10 + (uint64_t)(*p - '0');
	if (p == s || p != end) {
		fprintf(err, "kiogen: %s: '%.*s' is not a %s number\n", name,
			(int)(end - s), s, what);
		return -EINVAL;
	}
	if (v >= KIOGEN_MAX_CPUS) {
		fprintf(err, "kiogen: %s: %s %.*s is too large (kiogen takes 0 to %d)\n",
			name, what, (int)(end - s), s, KIOGEN_MAX_CPUS - 1);
		return -ERANGE;
	}
	*x = (uint32_t)v;
	return 0;
}

/* fio's list: N or N-M entries separated by commas, into the bitmap @b. */
static int kg_parse_list(const char *name, const char *what, const char *v,
			 struct kiog_zones *b, FILE *err)
{
	const char *s = v, *comma, *dash;
	uint32_t lo, hi;

	memset(b, 0, sizeof(*b));
	if (!*v) {
		fprintf(err, "kiogen: %s: an empty list (e.g. 0-3,6)\n", name);
		return -EINVAL;
	}
	for (;;) {
		comma = strchr(s, ',');
		if (!comma)
			comma = s + strlen(s);
		dash = memchr(s, '-', (size_t)(comma - s));
		if (kg_list_num(name, what, s, dash ?: comma, &lo, err) ||
		    kg_list_num(name, what, dash ? dash + 1 : s, comma, &hi, err))
			return -EINVAL;
		if (hi < lo) {
			fprintf(err, "kiogen: %s: '%.*s' is a range that ends before it starts\n",
				name, (int)(comma - s), s);
			return -EINVAL;
		}
		for (; lo <= hi; lo++)
			kg_bit_set(b, lo);
		if (!*comma)
			return 0;
		s = comma + 1;
	}
}

/* fio's cpumask: the CPUs as the bits of one number, 0x... or decimal */
static int kg_parse_mask(const char *name, const char *v, struct kiog_zones *b, FILE *err)
{
	unsigned long long mask;
	char *end;
	uint32_t c;

	errno = 0;
	mask = strtoull(v, &end, 0);
	if (!isdigit((unsigned char)*v) || *end || errno || !mask) {
		fprintf(err, "kiogen: %s: '%s' is not a CPU mask (a number, e.g. 0x3 for CPUs 0 and 1)\n",
			name, v);
		return -EINVAL;
	}
	memset(b, 0, sizeof(*b));
	for (c = 0; c < 64; c++)
		if (mask >> c & 1)
			kg_bit_set(b, c);
	return 0;
}

/*
 * fio's numa_mem_policy: default, local, or prefer:NODE, bind:NODES,
 * interleave:NODES; set_mempolicy()'s modes, in its order
 */
static int kg_parse_mem_policy(const char *name, const char *v, struct kg_job *j, FILE *err)
{
	static const char *const modes[] = { "default", "prefer", "bind", "interleave", "local" };
	const char *colon = strchr(v, ':');
	size_t len = colon ? (size_t)(colon - v) : strlen(v), m;

	for (m = 0; m < sizeof(modes) / sizeof(modes[0]); m++)
		if (strlen(modes[m]) == len && !strncmp(v, modes[m], len))
			break;
	if (m == sizeof(modes) / sizeof(modes[0]) ||
	    !!colon != (m != KG_MPOL_DEFAULT && m != KG_MPOL_LOCAL)) {
		fprintf(err, "kiogen: %s: '%s' is not default, local, prefer:NODE, bind:NODES or interleave:NODES\n",
			name, v);
		return -EINVAL;
	}
	memset(&j->mem_nodes, 0, sizeof(j->mem_nodes));
	if (colon && kg_parse_list(name, "node", colon + 1, &j->mem_nodes, err))
		return -EINVAL;
	j->mem_policy = (uint32_t)m + 1;
	return 0;
}

static const char *kg_list_show(const struct kiog_zones *b, char *buf, size_t len)
{
	size_t n = 0;
	uint32_t i, j;

	if (!b->nr)
		return NULL;
	buf[0] = '\0';
	for (i = 0; i < b->nr * 64 && n < len; i++) {
		if (!kg_bit(b, i))
			continue;
		for (j = i; kg_bit(b, j + 1); j++)
			;
		n += (size_t)snprintf(buf + n, len - n, j > i ? "%s%u-%u" : "%s%u",
				      n ? "," : "", i, j);
		i = j;
	}
	return buf;
}

int kg_opt_place(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
		 const char *v, FILE *err)
{
	(void)js;
	if (!strcmp(o->name, "cpus_allowed"))
		return kg_parse_list(o->name, "CPU", v, &j->cpus_allowed, err);
	if (!strcmp(o->name, "numa_cpu_nodes"))
		return kg_parse_list(o->name, "node", v, &j->numa_cpu_nodes, err);
	if (!strcmp(o->name, "cpumask"))
		return kg_parse_mask(o->name, v, &j->cpus_allowed, err);
	if (!strcmp(o->name, "numa_mem_policy"))
		return kg_parse_mem_policy(o->name, v, j, err);
	return -EINVAL;
}

const char *kg_cpus_allowed_show(const struct kg_job *j, char *buf, size_t len)
{
	return kg_list_show(&j->cpus_allowed, buf, len);
}

static const char *kg_numa_cpu_nodes_show(const struct kg_job *j, char *buf, size_t len)
{
	return kg_list_show(&j->numa_cpu_nodes, buf, len);
}

/* fio's nice: an integer from -20 to 19 */
static int kg_opt_nice(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
		       const char *v, FILE *err)
{
	const char *p = *v == '-' || *v == '+' ? v + 1 : v;
	char *end;
	long x;

	(void)js;
	errno = 0;
	x = strtol(v, &end, 10);
	if (!isdigit((unsigned char)*p) || *end || errno || x < -20 || x > 19) {
		fprintf(err, "kiogen: %s: '%s' is not a nice value (-20 to 19)\n", o->name, v);
		return -EINVAL;
	}
	j->nice = (int32_t)x;
	return 0;
}

static const char *kg_nice_show(const struct kg_job *j, char *buf, size_t len)
{
	if (!j->nice)
		return NULL;
	snprintf(buf, len, "%d", j->nice);
	return buf;
}

/*
 * fio's ioprio_value(): either of prio and prioclass asks for a priority,
 * and a class of 0 (none) is then best effort. The module takes class 0 as
 * "no priority": the class is resolved here.
 */
static int kg_opt_prio(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
		       const char *v, FILE *err)
{
	uint32_t x = (uint32_t)strtoul(v, NULL, 10);	/* checked by the table */

	(void)js;
	(void)err;
	if (!strcmp(o->name, "prio"))
		j->prio = x;
	else
		j->prioclass = x;
	if (!j->prioclass)
		j->prioclass = KG_IOPRIO_CLASS_BE;
	return 0;
}

static const char *kg_prio_show(const struct kg_job *j, char *buf, size_t len)
{
	if (!j->prioclass)
		return NULL;
	snprintf(buf, len, "%u", j->prio);
	return buf;
}

static const char *kg_prioclass_show(const struct kg_job *j, char *buf, size_t len)
{
	if (!j->prioclass)
		return NULL;
	snprintf(buf, len, "%u", j->prioclass);
	return buf;
}

/*
 * The CPUs a job names: cpus_allowed's (all without), and of those the
 * numa_cpu_nodes' (sysfs lists each node's).
 */
static int kg_place_set(const struct kg_job *j, cpu_set_t *set, FILE *err)
{
	char path[80], line[4096];
	struct kiog_zones cpus, one;
	uint32_t n, c;
	FILE *f;

	CPU_ZERO(set);
	if (j->cpus_allowed.nr) {
		for (c = 0; c < j->cpus_allowed.nr * 64 && c < CPU_SETSIZE; c++)
			if (kg_bit(&j->cpus_allowed, c))
				CPU_SET(c, set);
	} else {
		for (c = 0; c < CPU_SETSIZE; c++)
			CPU_SET(c, set);
	}
	if (!j->numa_cpu_nodes.nr)
		return 0;
	memset(&cpus, 0, sizeof(cpus));
	for (n = 0; n < j->numa_cpu_nodes.nr * 64; n++) {
		if (!kg_bit(&j->numa_cpu_nodes, n))
			continue;
		snprintf(path, sizeof(path), "/sys/devices/system/node/node%u/cpulist", n);
		f = fopen(path, "r");
		if (!f || !fgets(line, sizeof(line), f) || line[0] == '\n') {
			fprintf(err, "kiogen: %s: numa_cpu_nodes: node %u has no CPUs here\n",
				j->name, n);
			if (f)
				fclose(f);
			return -EINVAL;
		}
		fclose(f);
		line[strcspn(line, "\n")] = '\0';
		if (kg_parse_list("numa_cpu_nodes", "CPU", line, &one, err))
			return -EINVAL;
		for (c = 0; c < one.nr * 64; c++)
			if (kg_bit(&one, c))
				kg_bit_set(&cpus, c);
	}
	for (c = 0; c < CPU_SETSIZE; c++)
		if (!kg_bit(&cpus, c))
			CPU_CLR(c, set);
	return 0;
}

int kg_job_place_check(const struct kg_job *j, FILE *err)
{
	cpu_set_t ok, set;
	uint32_t c;

	if (!j->cpus_allowed.nr && !j->numa_cpu_nodes.nr)
		return 0;
	/* the CPUs this process may run on: online ones only */
	if (sched_getaffinity(0, sizeof(ok), &ok))
		return 0;
	for (c = 0; c < j->cpus_allowed.nr * 64; c++) {
		if (!kg_bit(&j->cpus_allowed, c) || (c < CPU_SETSIZE && CPU_ISSET(c, &ok)))
			continue;
		fprintf(err, "kiogen: %s: cpus_allowed: CPU %u is not online or not one this process may run on\n",
			j->name, c);
		return -EINVAL;
	}
	if (kg_place_set(j, &set, err))
		return -EINVAL;
	CPU_AND(&set, &set, &ok);
	if (!CPU_COUNT(&set)) {
		fprintf(err, "kiogen: %s: numa_cpu_nodes: none of the nodes' CPUs is one this process may run on%s\n",
			j->name, j->cpus_allowed.nr ? " within cpus_allowed" : "");
		return -EINVAL;
	}
	return 0;
}

/* Reads CapEff: the syscall path asks what ioprio_set() and setpriority() will. */
static bool kg_place_capable(int cap)
{
	char line[256];
	unsigned long long eff = 0;
	bool found = false;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return true;	/* the call itself will say */
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &eff) == 1) {
			found = true;
			break;
		}
	fclose(f);
	return !found || (eff >> cap) & 1;
}

int kg_place_privileged(const struct kg_job *j, FILE *err)
{
	struct rlimit rl;

	if (j->nice < 0 && !kg_place_capable(KG_CAP_SYS_NICE) &&
	    (getrlimit(RLIMIT_NICE, &rl) || rl.rlim_cur < (rlim_t)(20 - j->nice))) {
		fprintf(err, "kiogen: %s: nice: %d needs CAP_SYS_NICE or RLIMIT_NICE (setpriority would refuse it)\n",
			j->name, j->nice);
		return -EPERM;
	}
	if (j->prioclass == KG_IOPRIO_CLASS_RT && !kg_place_capable(KG_CAP_SYS_NICE) &&
	    !kg_place_capable(KG_CAP_SYS_ADMIN)) {
		fprintf(err, "kiogen: %s: prioclass: realtime (1) needs CAP_SYS_ADMIN or CAP_SYS_NICE (ioprio_set would refuse it)\n",
			j->name);
		return -EPERM;
	}
	return 0;
}

int kg_place_thread(const struct kg_job *j, uint32_t k, FILE *err)
{
	pid_t tid = (pid_t)syscall(SYS_gettid);
	cpu_set_t set;
	uint32_t c, n;

	if (j->cpus_allowed.nr || j->numa_cpu_nodes.nr) {
		if (kg_place_set(j, &set, err))
			return -EINVAL;
		/* split: the k-th CPU of the set, as fio's fio_cpus_split() */
		if (j->cpus_allowed_policy == KIOGEN_CPUS_ALLOWED_POLICY_SPLIT &&
		    CPU_COUNT(&set)) {
			n = k % (uint32_t)CPU_COUNT(&set);
			for (c = 0; c < CPU_SETSIZE; c++)
				if (CPU_ISSET(c, &set) && !n--)
					break;
			CPU_ZERO(&set);
			CPU_SET(c, &set);
		}
		if (sched_setaffinity(0, sizeof(set), &set)) {
			fprintf(err, "kiogen: %s: cpus_allowed: sched_setaffinity: %s\n",
				j->name, strerror(errno));
			return -errno;
		}
	}
	/* before the worker allocates and first touches its buffers */
	if (j->mem_policy && syscall(SYS_set_mempolicy, (int)j->mem_policy - 1,
				     j->mem_nodes.nr ? (unsigned long *)j->mem_nodes.z : NULL,
				     j->mem_nodes.nr ? (unsigned long)j->mem_nodes.nr * 64 + 1 : 0UL)) {
		fprintf(err, "kiogen: %s: numa_mem_policy: set_mempolicy: %s\n", j->name,
			strerror(errno));
		return -errno;
	}
	if (j->nice && setpriority(PRIO_PROCESS, (id_t)tid, j->nice)) {
		fprintf(err, "kiogen: %s: nice: setpriority: %s\n", j->name, strerror(errno));
		return -errno;
	}
	if (j->prioclass &&
	    syscall(SYS_ioprio_set, KG_IOPRIO_WHO_PROCESS, tid, (int)kg_job_ioprio(j))) {
		fprintf(err, "kiogen: %s: prioclass: ioprio_set: %s\n", j->name, strerror(errno));
		return -errno;
	}
	return 0;
}

/*
 * The placement and priority options: their rows, after the block size
 * ones (ctl/options/parse.c walks the tables in that order).
 */
const struct kg_option kg_place_options[] = {
	{
		.name = "cpus_allowed", .type = KG_OPT_STR, .len = 1024, .cb = kg_opt_place,
		.show = kg_cpus_allowed_show, .report = KG_REPORT_SET, .category = KG_CAT_ENGINE,
		.help = "the workers run only on these CPUs, a list such as 0-3,6",
	},
	{
		.name = "cpumask", .type = KG_OPT_STR, .len = 32, .cb = kg_opt_place,
		.category = KG_CAT_ENGINE,
		.help = "cpus_allowed as a bit mask (0x3: CPUs 0 and 1), fio's older form",
	},
	{
		.name = "numa_mem_policy", .type = KG_OPT_STR, .len = 1024, .cb = kg_opt_place,
		.category = KG_CAT_ENGINE,
		.help = "where the workers' buffers are allocated: default, local, prefer:NODE, bind:NODES, interleave:NODES (--path=syscall: the module allocates its own)",
	},
	{
		.name = "cpus_allowed_policy", .type = KG_OPT_POSVAL,
		.off1 = KG_JOFF(cpus_allowed_policy), .def = "shared",
		.report = KG_REPORT_CHANGED, .category = KG_CAT_ENGINE,
		.help = "how the workers share cpus_allowed",
		.posval = {
			{ "shared", "every worker may run on every CPU of the set",
			  KIOGEN_CPUS_ALLOWED_POLICY_SHARED },
			{ "split", "each worker on one CPU of the set, round robin",
			  KIOGEN_CPUS_ALLOWED_POLICY_SPLIT },
		},
	},
	{
		.name = "numa_cpu_nodes", .type = KG_OPT_STR, .len = 1024, .cb = kg_opt_place,
		.show = kg_numa_cpu_nodes_show, .report = KG_REPORT_SET, .category = KG_CAT_ENGINE,
		.help = "the workers run on these NUMA nodes' CPUs (0-1,3), buffers on their node",
	},
	{
		.name = "nice", .type = KG_OPT_STR, .len = 16, .cb = kg_opt_nice,
		.show = kg_nice_show, .report = KG_REPORT_SET, .category = KG_CAT_ENGINE,
		.help = "the workers' nice value, -20 to 19 (below 0 needs CAP_SYS_NICE)",
	},
	{
		.name = "prio", .type = KG_OPT_INT, .minval = 0, .maxval = 7, .cb = kg_opt_prio,
		.show = kg_prio_show, .report = KG_REPORT_SET, .category = KG_CAT_ENGINE,
		.help = "I/O priority level of the bios and kiocbs, 0 (highest) to 7; best effort without prioclass",
	},
	{
		.name = "prioclass", .type = KG_OPT_INT, .minval = 0, .maxval = 3, .cb = kg_opt_prio,
		.show = kg_prioclass_show, .report = KG_REPORT_SET, .category = KG_CAT_ENGINE,
		.help = "I/O priority class: 1 realtime (CAP_SYS_ADMIN or CAP_SYS_NICE), 2 best effort, 3 idle",
	},
	/* the CLI's cgroup for the run, the workers' too (ctl/options/cgroup.c) */
	{ .name = NULL },
};
