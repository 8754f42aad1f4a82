// SPDX-License-Identifier: GPL-2.0
/*
 * "kiogen monitor": the module's events as they come, one line each, like
 * `ip monitor` or `ethtool --monitor`: run id, state, first job, workers,
 * elapsed time and counters. A running run sends one every 500 ms, and one
 * when it ends.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "kiogen.h"
#include "nl/results.h"

#define KG_MON_NAMES	64

/* first job's name of recent runs, looked up once per run */
struct kg_mon {
	struct kg_nl *nl;
	bool timestamp;		/* --timestamp: when each event came */
	struct {
		uint32_t id;
		char name[KIOGEN_NAME_LEN];
	} names[KG_MON_NAMES];
	unsigned int next;
};

static int kg_mon_job_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlattr *a, *n;
	char *name = data;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		if (mnl_attr_get_type(a) != KIOGEN_A_JOB || name[0])
			continue;
		mnl_attr_for_each_nested(n, a)
			if (mnl_attr_get_type(n) == KIOGEN_A_JOB_NAME)
				snprintf(name, KIOGEN_NAME_LEN, "%s", mnl_attr_get_str(n));
	}
	return MNL_CB_OK;
}

/*
 * The run's first job. Looked up while the run lasts only: a run that ended
 * may be deleted at once by the CLI that ran it, and asking then would only
 * print the kernel's "no such run".
 */
static const char *kg_mon_job(struct kg_mon *m, const struct kg_status *st)
{
	struct nlmsghdr *nlh;
	unsigned int i;
	char *name;

	for (i = 0; i < KG_MON_NAMES; i++)
		if (m->names[i].id == st->id)
			return m->names[i].name;
	if (st->state != KIOGEN_STATE_RUNNING)
		return "-";
	i = m->next++ % KG_MON_NAMES;
	name = m->names[i].name;
	m->names[i].id = st->id;
	name[0] = '\0';
	nlh = kg_nl_req(m->nl, KIOGEN_CMD_RUN_GET, NLM_F_DUMP);
	mnl_attr_put_u32(nlh, KIOGEN_A_ID, st->id);
	if (kg_nl_talk(m->nl, nlh, kg_mon_job_cb, name) || !name[0])
		snprintf(name, KIOGEN_NAME_LEN, "-");
	return name;
}

static int kg_mon_event_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlattr *a;
	struct kg_status st;

	struct kg_mon *m = data;
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		if (mnl_attr_get_type(a) != KIOGEN_A_RUN || kg_status_parse(a, &st))
			continue;
		if (m->timestamp)
			printf("[%lld.%06ld] ", (long long)now.tv_sec, now.tv_nsec / 1000);
		printf("run %u %s job=%s jobs=%u workers=%u elapsed=%.1fs ios=%" PRIu64
		       " MiB=%.1f errors=%" PRIu64 "%s%s\n",
		       st.id, kg_state_name(st.state), kg_mon_job(m, &st),
		       st.nr_jobs, st.nr_workers, st.elapsed_ns / 1e9, st.ios,
		       st.bytes / 1048576.0, st.errors, st.error ? " error=" : "",
		       st.error ? strerror(-st.error) : "");
	}
	return MNL_CB_OK;
}

void kg_monitor_usage(FILE *f)
{
	fprintf(f, "\nPrints one line per event until interrupted; --timestamp puts the time\n"
		   "(seconds since the epoch) in front. Events need CAP_SYS_ADMIN\n"
		   "and a network namespace owned by the initial user namespace.\n");
}

int kg_cmd_monitor(int argc, char **argv)
{
	static struct kg_mon m;
	struct kg_nl nl, ev;
	int ret;

	m.timestamp = argc == 1 && !strcmp(argv[0], "--timestamp");
	if (argc > m.timestamp) {
		fprintf(stderr, "kiogen: usage: kiogen monitor [--timestamp]\n");
		return KG_EXIT_USAGE;
	}
	ret = kg_connect(&nl);
	if (ret)
		return ret;
	ret = kg_nl_events_open(&ev);
	if (ret) {
		fprintf(stderr, "kiogen: monitor: cannot receive events: %s\n",
			ret == -EOPNOTSUPP ?
			"the module sends none to a network namespace another user namespace owns" :
			ret == -EPERM ? "CAP_SYS_ADMIN is required" : strerror(-ret));
		kg_nl_close(&nl);
		return KG_EXIT_FAIL;
	}
	m.nl = &nl;
	setvbuf(stdout, NULL, _IOLBF, 0);
	do {
		ret = kg_nl_events_recv(&ev, -1, kg_mon_event_cb, &m);
		if (ret == -ENOBUFS) {
			printf("events lost (the socket overflowed)\n");
			ret = 0;
		}
	} while (ret >= 0 || ret == -EINTR);
	fprintf(stderr, "kiogen: monitor: %s\n", strerror(-ret));
	kg_nl_close(&ev);
	kg_nl_close(&nl);
	return KG_EXIT_FAIL;
}
