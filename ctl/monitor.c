// SPDX-License-Identifier: GPL-2.0
/*
 * "kiogen monitor": the module's events as they come, one line each, like
 * `ip monitor` or `ethtool --monitor`: run id, event (created, started,
 * progress every 500 ms, ended, deleted), state, first job, workers,
 * elapsed time and counters. Each event carries its run's first job's
 * name: a run shorter than a progress interval is named too.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "kiogen.h"
#include "nl/results.h"

struct kg_mon {
	bool timestamp;		/* --timestamp: when each event came */
};

static const char *const kg_mon_events[] = {
	[KIOGEN_EVENT_CREATED] = "created",
	[KIOGEN_EVENT_STARTED] = "started",
	[KIOGEN_EVENT_PROGRESS] = "progress",
	[KIOGEN_EVENT_ENDED] = "ended",
	[KIOGEN_EVENT_DELETED] = "deleted",
};

/* The first job's name that events carry in the run's nest. */
static void kg_mon_job_name(const struct nlattr *run, char *name)
{
	const struct nlattr *a;

	snprintf(name, KIOGEN_NAME_LEN, "-");
	mnl_attr_for_each_nested(a, run)
		if (mnl_attr_get_type(a) == KIOGEN_A_RUN_JOB_NAME &&
		    !mnl_attr_validate(a, MNL_TYPE_NUL_STRING))
			snprintf(name, KIOGEN_NAME_LEN, "%s", mnl_attr_get_str(a));
}

static int kg_mon_event_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlattr *a, *run = NULL;
	const char *event = "event";
	char name[KIOGEN_NAME_LEN];
	struct kg_mon *m = data;
	struct timespec now;
	struct kg_status st;
	uint32_t ev;

	clock_gettime(CLOCK_REALTIME, &now);
	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case KIOGEN_A_EVENT:
			ev = mnl_attr_validate(a, MNL_TYPE_U32) ? 0 : mnl_attr_get_u32(a);
			if (ev < sizeof(kg_mon_events) / sizeof(kg_mon_events[0]) && kg_mon_events[ev])
				event = kg_mon_events[ev];
			break;
		case KIOGEN_A_RUN:
			run = a;
			break;
		}
	}
	if (!run || kg_status_parse(run, &st))
		return MNL_CB_OK;
	kg_mon_job_name(run, name);
	if (m->timestamp)
		printf("[%lld.%06ld] ", (long long)now.tv_sec, now.tv_nsec / 1000);
	printf("run %u %s %s job=%s jobs=%u workers=%u elapsed=%.1fs ios=%" PRIu64
	       " MiB=%.1f errors=%" PRIu64 "%s%s\n",
	       st.id, event, kg_state_name(st.state), name, st.nr_jobs, st.nr_workers,
	       st.elapsed_ns / 1e9, st.ios, st.bytes / 1048576.0, st.errors,
	       st.error ? " error=" : "", st.error ? strerror(-st.error) : "");
	return MNL_CB_OK;
}

void kg_monitor_usage(FILE *f)
{
	fprintf(f, "\nPrints one line per event until interrupted: a run was created, started,\n"
		   "made progress (every 500 ms), ended or was deleted; --timestamp puts the time\n"
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
	/* the module is there (else kg_connect() says what to load) */
	ret = kg_connect(&nl);
	if (ret)
		return ret;
	kg_nl_close(&nl);
	ret = kg_nl_events_open(&ev);
	if (ret) {
		fprintf(stderr, "kiogen: monitor: cannot receive events: %s\n",
			ret == -EOPNOTSUPP ?
			"the module sends none to a network namespace another user namespace owns" :
			ret == -EPERM ? "CAP_SYS_ADMIN is required" : strerror(-ret));
		return KG_EXIT_FAIL;
	}
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
	return KG_EXIT_FAIL;
}
