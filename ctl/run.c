// SPDX-License-Identifier: GPL-2.0
/*
 * "kiogen run": fio options in, one run of kernel threads, fio's report out.
 * Targets are opened (and files laid out) here with the user's credentials
 * and passed to the module as file descriptors. The run is owned by this
 * process's netlink socket, so if the CLI dies the kernel stops it; Ctrl-C
 * asks it to stop, waits for its in-flight I/O and still reports what it did.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>

#include <kiogen/core.h>

#include "kiogen.h"
#include "nl/results.h"
#include "options/cgroup.h"
#include "options/options.h"
#include "report/eta.h"
#include "report/log.h"
#include "report/repeat.h"
#include "report/report.h"
#include "syscall/syscall.h"
#include "system/disk.h"
#include "system/sysinfo.h"
#include "system/target.h"

const char kg_run_intro[] =
	"Options use fio's names and value syntax; --name=NAME starts a job,\n"
	"options before the first --name apply to every job. A JOBFILE is a fio\n"
	"job file (- for stdin): [global], [job] sections, key=value lines,\n"
	"include FILE, ${VAR}; --section=NAME runs only that section.\n"
	"stonewall starts a job when the jobs before it have ended, and a new\n"
	"reporting group, as new_group does; wait_for is not supported yet.\n";

void kg_run_usage(FILE *f)
{
	fprintf(f, "\n%s", kg_run_intro);
	kg_options_usage(f);
	fprintf(f, "\nexample:\n  kiogen run --name=t --filename=/dev/nullb0 --rw=randread --bs=4k \\\n"
		   "             --iodepth=32 --ioengine=io_uring --runtime=10 --time_based\n");
}

static int kg_run_new_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr))
		if (mnl_attr_get_type(a) == KIOGEN_A_ID)
			*(uint32_t *)data = mnl_attr_get_u32(a);
	return MNL_CB_OK;
}

/* The name of file @file of job @job, for a kernel message about job fds */
static bool kg_run_file_name(const void *data, uint32_t job, uint32_t file, char *buf,
			     size_t len)
{
	const struct kg_jobs *js = data;

	return job < js->nr_jobs && file < kg_job_files_total(&js->jobs[job]) &&
	       !kg_job_file_path(&js->jobs[job], file, buf, len);
}

int kg_run_stop(struct kg_nl *nl, uint32_t id)
{
	struct nlmsghdr *nlh = kg_nl_req(nl, KIOGEN_CMD_RUN_STOP, 0);

	mnl_attr_put_u32(nlh, KIOGEN_A_ID, id);
	return kg_nl_talk(nl, nlh, NULL, NULL);
}

/* A run's status from an event, if it is the run waited for. */
struct kg_wait_event {
	uint32_t id;
	struct kg_status *st;
};

static int kg_wait_event_cb(const struct nlmsghdr *nlh, void *data)
{
	struct kg_wait_event *we = data;
	const struct nlattr *a;
	struct kg_status st;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr))
		if (mnl_attr_get_type(a) == KIOGEN_A_RUN &&
		    !kg_status_parse(a, &st) && st.id == we->id)
			*we->st = st;
	return MNL_CB_OK;
}

/*
 * Progress events come every 500 ms while a run lasts (kmod/run.c): this
 * long without one, they are not coming (lost, or a module without them),
 * and RUN_GET says where the run is.
 */
#define KG_EVENT_SILENCE_MS	2000
/* Without events (see kg_nl_events_open()), RUN_GET this often. */
#define KG_POLL_MS		200

/* fio's status-interval: where the report so far goes (the run's output) */
static FILE *kg_status_out;

/*
 * The report so far, as the one at the end, from the module's live results
 * (summaries and histograms; fio's bandwidth samples come at the end) and
 * the disks' figures since @t0.
 */
static void kg_status_report(struct kg_nl *nl, uint32_t id, const struct kg_jobs *js,
			     const struct kg_run_result *r, uint64_t t0,
			     const struct kg_status *st)
{
	struct kg_run_result *live = calloc(1, sizeof(*live));
	unsigned int i;

	if (!live || !kg_status_out) {
		free(live);
		return;
	}
	memcpy(live->disks, r->disks, sizeof(live->disks));
	kg_disks_read(live, js, true, t0);
	if (!kg_results_fetch(nl, id, live, true) && live->nr_jobs) {
		live->state = st->state;
		live->elapsed_ns = st->elapsed_ns;
		for (i = 0; i < live->nr_jobs; i++)
			live->jobs[i].job = &js->jobs[i];
		kg_report_print(kg_status_out, live, &js->global);
		fflush(kg_status_out);
	}
	kg_results_release(live);
	free(live);
}

/*
 * Waits for the run to end: on the events group when @ev is open, else by
 * polling RUN_GET. One RUN_GET first, in case the run ended before the
 * events could say so, and one after its end event, for the final figures.
 * Ctrl-C asks the kernel once to stop it; the stop returns at once, and the
 * run leaves RUNNING when its in-flight I/O is done, which is waited for
 * here. A second Ctrl-C leaves without waiting. With status-interval, the
 * report so far every so often (@r: the disks before, since @t0).
 */
static int kg_run_wait(struct kg_nl *nl, struct kg_nl *ev, uint32_t id,
		       const struct kg_jobs *js, const uint64_t *io_bytes,
		       struct kg_status *st, struct kg_run_result *r, uint64_t t0)
{
	/* fio's per-I/O logs: the workers' rings emptied this often */
	uint64_t drain_ms = kg_log_drains(js) ? KG_LOG_DRAIN_MS : 0;
	uint64_t next_drain = kg_now_ms() + drain_ms;
	struct kg_eta_line eta;
	struct kg_wait_event we = { .id = id, .st = st };
	uint64_t status_ms = js->global.status_interval_ns / 1000000;
	uint64_t next_status = kg_now_ms() + status_ms, now;
	int wait_ms;
	bool stopping = false, ask = true;
	int err;

	kg_eta_start(js, io_bytes, &eta);
	for (;;) {
		if (ask) {
			err = kg_status_get(nl, id, st);
			if (err)
				return err;
		}
		if (st->state != KIOGEN_STATE_RUNNING) {
			if (!ask && kg_status_get(nl, id, st))
				return -EIO;
			break;
		}
		if (eta.show && !stopping)
			kg_progress(st, js, &eta);
		now = kg_now_ms();
		if (status_ms && !stopping && now >= next_status) {
			kg_status_report(nl, id, js, r, t0, st);
			next_status = now + status_ms;
		}
		if (drain_ms && now >= next_drain) {
			err = kg_log_drain(nl, id, r);
			if (err)
				return err;
			next_drain = kg_now_ms() + drain_ms;
		}
		if (kg_interrupt_pending() && !stopping) {
			fprintf(stderr, "%skiogen: stopping run %u, waiting for in-flight I/O\n",
				eta.show ? "\n" : "", id);
			err = kg_run_stop(nl, id);
			if (err)
				return err;
			stopping = true;
			kg_interrupt_second_exits(true);
			continue;
		}
		if (!ev->sock) {
			usleep(stopping || drain_ms ? 50 * 1000 : KG_POLL_MS * 1000);
			continue;
		}
		wait_ms = KG_EVENT_SILENCE_MS;
		if (status_ms && next_status - now < (uint64_t)wait_ms)
			wait_ms = next_status > now ? (int)(next_status - now) : 1;
		if (drain_ms && next_drain - now < (uint64_t)wait_ms)
			wait_ms = next_drain > now ? (int)(next_drain - now) : 1;
		err = kg_nl_events_recv(ev, wait_ms, kg_wait_event_cb, &we);
		/* a signal: loop to act on it; nothing, or events lost: ask */
		ask = err == 0 || (err < 0 && err != -EINTR);
	}
	kg_interrupt_second_exits(false);
	kg_eta_end(&eta);
	return 0;
}

static int kg_run_delete(struct kg_nl *nl, uint32_t id)
{
	struct nlmsghdr *nlh = kg_nl_req(nl, KIOGEN_CMD_RUN_DEL, 0);

	mnl_attr_put_u32(nlh, KIOGEN_A_ID, id);
	return kg_nl_talk(nl, nlh, NULL, NULL);
}

/*
 * Opens every job's target as the user, laying files out first; the null
 * engine has none. Returns an exit code; a layout stopped by Ctrl-C leaves
 * every descriptor closed and returns KG_EXIT_OK.
 */
static int kg_targets_open(const struct kg_jobs *js, struct kg_target *tg)
{
	FILE *info = kg_output_text_only(&js->global) ? stdout : stderr;
	unsigned int i;
	int ret = KG_EXIT_OK;

	memset(tg, 0, js->nr_jobs * sizeof(*tg));
	for (i = 0; i < js->nr_jobs; i++)
		tg[i].fd = -1;
	for (i = 0; i < js->nr_jobs && !ret && !kg_interrupt_pending(); i++) {
		const struct kg_job *j = &js->jobs[i];

		if (strcmp(j->engine, "null"))
			ret = kg_target_open(j, j->direct, KG_TARGET_KERNEL, &tg[i], info);
	}
	if (ret || kg_interrupt_pending())
		for (i = 0; i < js->nr_jobs; i++) {
			kg_target_close(&tg[i]);
			kg_target_unpin(&tg[i]);
		}
	return ret;
}

static int kg_kernel_run_here(struct kg_nl *nl, const struct kg_jobs *js,
			      struct kg_run_result *r)
{
	struct kg_target tg[KG_MAX_JOBS];
	uint64_t io_bytes[KG_MAX_JOBS], log_epoch_ms[KG_MAX_JOBS];
	struct kg_nl ev = { 0 };
	struct kg_status st;
	struct nlmsghdr *nlh;
	uint32_t id = 0;
	unsigned int i;
	uint64_t t0;
	int ret;

	ret = kg_targets_open(js, tg);
	if (ret || kg_interrupt_pending())
		return ret;
	/* joined before the run starts, so that its end cannot be missed */
	if (!js->global.detached) {
		ret = kg_nl_events_open(&ev);
		if (ret && getenv("KIOGEN_DEBUG"))
			fprintf(stderr, "kiogen: no events (%s): polling the run's state\n",
				strerror(-ret));
		else if (!ret && getenv("KIOGEN_DEBUG"))
			fprintf(stderr, "kiogen: waiting on the events group\n");
	}
	nlh = kg_nl_req(nl, KIOGEN_CMD_RUN_NEW, 0);
	if (js->global.detached)
		mnl_attr_put_u32(nlh, KIOGEN_A_FLAGS, KIOGEN_RUN_F_DETACHED);
	for (i = 0; i < js->nr_jobs; i++) {
		struct kg_job jc = js->jobs[i];

		/* each file its own region: size is the smallest of them */
		if (tg[i].regions)
			jc.size = tg[i].region_min;
		kg_job_put(nlh, &jc, tg[i].nr_fds ? tg[i].fds : &tg[i].fd,
			   tg[i].nr_fds ? tg[i].nr_fds : 1, tg[i].regions);
		/* for the ETA: what the module's workers resolve, from the same target */
		io_bytes[i] = kg_target_io_bytes(&js->jobs[i], &tg[i],
						 kg_target_region_bytes(&js->jobs[i], &tg[i]));
	}
	kg_disks_read(r, js, false, 0);
	for (i = 0; i < js->nr_jobs; i++)
		log_epoch_ms[i] = kg_log_epoch_ms(&js->jobs[i]);
	t0 = kg_now_ms();
	nl->file_name = kg_run_file_name;
	nl->file_name_data = js;
	ret = kg_nl_talk(nl, nlh, kg_run_new_cb, &id);
	nl->file_name = NULL;
	/* the module took its own references to the files during RUN_NEW */
	for (i = 0; i < js->nr_jobs; i++)
		kg_target_close(&tg[i]);
	if (ret || !id) {
		ret = KG_EXIT_FAIL;
		goto out_events;
	}
	r->id = id;
	if (js->global.detached)
		return KG_EXIT_OK;

	ret = KG_EXIT_FAIL;
	if (kg_run_wait(nl, &ev, id, js, io_bytes, &st, r, t0))
		goto out;
	kg_disks_read(r, js, true, t0);
	if (kg_results_fetch(nl, id, r, false))
		goto out;
	r->state = st.state;
	r->error = st.error;
	r->elapsed_ns = st.elapsed_ns;
	for (i = 0; i < js->nr_jobs; i++) {
		r->jobs[i].job = &js->jobs[i];
		r->jobs[i].log_epoch_ms = log_epoch_ms[i];
	}
	if (st.error)
		fprintf(stderr, "kiogen: run %u failed: %s\n", id, strerror(-st.error));
	if (st.error)
		kg_rate_min_report(r, stderr);
	ret = st.error ? KG_EXIT_FAIL : KG_EXIT_OK;
out:
	kg_run_delete(nl, id);
	/* fio's fsync_on_close and unlink=1, once the run let go of the files */
	for (i = 0; i < js->nr_jobs; i++)
		kg_target_done(&js->jobs[i]);
out_events:
	kg_nl_close(&ev);
	for (i = 0; i < js->nr_jobs; i++)
		kg_target_unpin(&tg[i]);
	return ret;
}

/* From the jobs' cgroup, if they have one: the workers join it at RUN_NEW. */
int kg_kernel_run(struct kg_nl *nl, const struct kg_jobs *js,
		  struct kg_run_result *r)
{
	struct kg_cgroup cg;
	int ret;

	ret = kg_cgroup_enter(js, &cg);
	if (ret)
		return ret;
	ret = kg_kernel_run_here(nl, js, r);
	kg_cgroup_leave(&cg, js->global.detached && r->id);
	return ret;
}

FILE *kg_output_open(const struct kg_global *g)
{
	FILE *f;

	if (!g->output[0])
		return stdout;
	f = fopen(g->output, "w");
	if (!f)
		fprintf(stderr, "kiogen: output: cannot open %s: %s\n", g->output,
			strerror(errno));
	return f;
}

int kg_output_close(FILE *f, const struct kg_global *g)
{
	bool failed = fflush(f) || ferror(f);

	if (f != stdout && fclose(f))
		failed = true;
	if (failed)
		fprintf(stderr, "kiogen: output: cannot write %s\n",
			g->output[0] ? g->output : "stdout");
	return failed ? -EIO : 0;
}

/*
 * fio's exec_prerun and exec_postrun: @cmd through the shell, its output in
 * NAME.@what.txt, as fio's exec_string(). Returns the shell's status.
 */
static int kg_exec(const struct kg_job *j, const char *cmd, const char *what)
{
	char *line;
	int status, err;

	if (!cmd[0])
		return 0;
	if (asprintf(&line, "%s > %s.%s.txt 2>&1", cmd, j->name, what) < 0)
		return -1;
	fprintf(stderr, "%s : Saving output of %s in %s.%s.txt\n", j->name, what, j->name, what);
	status = system(line);
	err = errno;
	free(line);
	if (status < 0)
		fprintf(stderr, "kiogen: %s: exec_%s: '%s' could not run: %s\n", j->name, what, cmd,
			strerror(err));
	else if (status)
		fprintf(stderr, "kiogen: %s: exec_%s: '%s' exited with status %d\n", j->name, what,
			cmd, WEXITSTATUS(status));
	return status;
}

/* One run of the jobs on the path they ask for; @nl is connected if kernel. */
static int kg_run_path(struct kg_nl *nl, const struct kg_jobs *js, struct kg_run_result *r)
{
	unsigned int i;
	int ret;

	for (i = 0; i < js->nr_jobs; i++)
		if (kg_exec(&js->jobs[i], js->jobs[i].exec_prerun, "prerun"))
			return KG_EXIT_FAIL;
	ret = kg_meta_layout(js, kg_output_text_only(&js->global) ? stdout : stderr);
	if (ret)
		return ret;
	/* fio's create_only: the layout and nothing after (every job or none) */
	if (js->jobs[0].create_only)
		ret = kg_targets_lay_out(js, kg_output_text_only(&js->global) ? stdout : stderr);
	else if (js->global.path == KG_PATH_SYSCALL)
		ret = kg_syscall_run(js, r);
	else
		ret = kg_kernel_run(nl, js, r);
	/* as fio: its status is said, not the job's */
	for (i = 0; i < js->nr_jobs && !js->global.detached; i++)
		kg_exec(&js->jobs[i], js->jobs[i].exec_postrun, "postrun");
	return ret;
}

/*
 * Moves the results of a phase, jobs @first on of @js, into @r. A device
 * the phases share is counted once, from before the first to after the last.
 */
static void kg_phase_merge(struct kg_run_result *r, struct kg_run_result *pr,
			   const struct kg_jobs *js, unsigned int first)
{
	unsigned int i, k, n;

	for (i = 0; i < pr->nr_jobs; i++) {
		struct kg_job_result *jr = &r->jobs[first + i];

		*jr = pr->jobs[i];
		jr->job = &js->jobs[first + i];
		for (n = 0; n < jr->nr_workers; n++)
			jr->workers[n].job += first;
		pr->jobs[i].workers = NULL;
		pr->jobs[i].nr_workers = 0;
	}
	for (i = 0; i < pr->nr_disks; i++) {
		struct kg_disk *dk = &pr->disks[i];

		for (k = 0; dk->valid && k < first; k++) {
			if (!r->disks[k].valid || strcmp(r->disks[k].name, dk->name))
				continue;
			memcpy(r->disks[k].after, dk->after, sizeof(dk->after));
			r->disks[k].wall_ms += dk->wall_ms;
			dk->valid = false;
		}
		r->disks[first + i] = *dk;
	}
	r->nr_jobs = first + pr->nr_jobs;
	r->nr_disks = first + pr->nr_disks;
	r->id = pr->id;
	r->state = pr->state;
	r->error = r->error ?: pr->error;
	r->elapsed_ns += pr->elapsed_ns;
}

/*
 * The jobs of @js, a phase at a time: fio's stonewall starts a job when
 * every job before it has ended. Stops at a failed phase or Ctrl-C; what
 * ran is reported.
 */
int kg_run_once(struct kg_nl *nl, const struct kg_jobs *js, struct kg_run_result *r)
{
	struct kg_run_result *pr;
	struct kg_jobs *phase;
	unsigned int first, end;
	int ret = KG_EXIT_OK;

	if (kg_jobs_phase_end(js, 0) >= js->nr_jobs)
		return kg_run_path(nl, js, r);
	phase = calloc(1, sizeof(*phase));
	pr = malloc(sizeof(*pr));
	if (!phase || !pr) {
		fprintf(stderr, "kiogen: stonewall: out of memory\n");
		free(phase);
		free(pr);
		return KG_EXIT_FAIL;
	}
	phase->global = js->global;
	for (first = 0; first < js->nr_jobs && !ret && !kg_interrupt_pending(); first = end) {
		end = kg_jobs_phase_end(js, first);
		phase->nr_jobs = end - first;
		memcpy(phase->jobs, &js->jobs[first], phase->nr_jobs * sizeof(phase->jobs[0]));
		memset(pr, 0, sizeof(*pr));
		ret = kg_run_path(nl, phase, pr);
		kg_phase_merge(r, pr, js, first);
		kg_results_release(pr);
	}
	free(phase);
	free(pr);
	return ret;
}

/*
 * The repeats @js asks for, into @reps, merged into @r: at most
 * kg_repeat_max(), and with repeat_until no more once the interval of the
 * mean IOPS is narrow enough. Stops at a failed repeat or Ctrl-C; what
 * ran is reported. Returns the first failure's exit code.
 */
static int kg_run_repeats(struct kg_nl *nl, const struct kg_jobs *js,
			  struct kg_run_result *reps, struct kg_run_result *r)
{
	const struct kg_global *g = &js->global;
	unsigned int max = kg_repeat_max(g), min = kg_repeat_min(g), n;
	FILE *info = kg_output_text_only(g) ? stdout : stderr;
	double iops[KG_REPEAT_LIMIT], half = -1;
	int ret = KG_EXIT_OK;

	for (n = 0; n < max && !kg_interrupt_pending(); n++) {
		ret = kg_run_once(nl, js, &reps[n]);
		if (!reps[n].nr_jobs)
			break;
		if (kg_repeat_append(r, &reps[n])) {
			fprintf(stderr, "kiogen: repeats: out of memory\n");
			kg_results_release(&reps[n]);
			return KG_EXIT_FAIL;
		}
		iops[n] = kg_repeat_iops(&reps[n]);
		half = kg_repeat_halfwidth(iops, n + 1);
		if (ret)
			break;
		if (g->repeat_until > 0 && n + 1 >= min && half >= 0 && half <= g->repeat_until)
			break;
	}
	r->repeats = reps;
	if (g->repeat_until > 0 && r->nr_repeats == max && !(half >= 0 && half <= g->repeat_until))
		fprintf(info, "kiogen: repeat_until=%g%%: the interval of the mean IOPS is "
			"+-%.2f%% after %u repeats (repeat_max)\n", g->repeat_until, half, max);
	return ret;
}

/*
 * The log files of @nr repeats in @reps, or of @r alone: each repeat's
 * workers numbered after the last one's, as fio numbers the jobs of one
 * run (a job file that repeats a job N times with stonewall).
 */
static int kg_log_repeats(const struct kg_jobs *js, const struct kg_run_result *reps,
			  unsigned int nr, const struct kg_run_result *r)
{
	struct kg_log_out out = { 0 };
	unsigned int i;
	int ret = 0;

	if (!nr)
		return kg_log_write(r, js, NULL);
	for (i = 0; i < nr; i++)
		if (kg_log_write(&reps[i], js, &out))
			ret = -EIO;
	kg_log_out_free(&out);
	return ret;
}

int kg_cmd_run(int argc, char **argv)
{
	static struct kg_jobs js;
	static struct kg_run_result r;
	static struct kg_sysinfo si;
	struct kg_run_result *reps = NULL;
	struct kg_nl nl = { 0 };
	FILE *report;
	unsigned int i;
	int ret;

	kg_jobs_init(&js);
	if (kg_parse_args(&js, argc, argv, stderr) ||
	    kg_jobs_finish(&js, stderr, stderr) || kg_log_prepare(&js, stderr))
		return KG_EXIT_USAGE;
	ret = kg_jobs_resolve_pct(&js, stderr);
	if (ret)
		return ret;
	if (!js.global.percentiles_set)
		kg_default_percentiles(&js.global);
	if (js.global.detached && kg_repeat_max(&js.global) > 1) {
		fprintf(stderr, "kiogen: repeat and repeat_until need the CLI to wait for each run: not with detached\n");
		return KG_EXIT_USAGE;
	}
	if (js.global.repeat_max && !(js.global.repeat_until > 0)) {
		fprintf(stderr, "kiogen: repeat_max caps repeat_until: give repeat_until too\n");
		return KG_EXIT_USAGE;
	}
	if (js.global.repeat_max && js.global.repeat > js.global.repeat_max) {
		fprintf(stderr, "kiogen: repeat=%u is more than repeat_max=%u\n",
			js.global.repeat, js.global.repeat_max);
		return KG_EXIT_USAGE;
	}
	if (kg_repeat_max(&js.global) > 1) {
		reps = calloc(kg_repeat_max(&js.global), sizeof(*reps));
		if (!reps) {
			fprintf(stderr, "kiogen: repeats: out of memory\n");
			return KG_EXIT_FAIL;
		}
	}
	/* before the run, as fio: a report with nowhere to go is no run */
	report = kg_output_open(&js.global);
	if (!report) {
		free(reps);
		return KG_EXIT_FAIL;
	}
	kg_stop_on_signals();
	kg_status_out = report;
	if ((kg_output_formats(&js.global) & KG_OUT_NORMAL) && !js.global.detached)
		kg_report_preamble(report, &js);

	if (js.global.path != KG_PATH_SYSCALL && !js.jobs[0].create_only) {
		ret = kg_connect(&nl);
		if (ret)
			goto out;
	}
	if (reps) {
		ret = kg_run_repeats(&nl, &js, reps, &r);
	} else {
		ret = kg_run_once(&nl, &js, &r);
		if (js.global.detached) {
			if (!ret && r.id)	/* no id: Ctrl-C during the layout */
				printf("%u\n", r.id);
			goto out;
		}
	}
	/* after the run: the files it laid out are there to be described */
	kg_sysinfo_collect(&si, &js, "");
	r.record = &si;
	/* fio's log files; repeated, a set per repeat, numbered on */
	if (r.nr_jobs && kg_log_repeats(&js, reps, reps ? r.nr_repeats : 0, &r) && !ret)
		ret = KG_EXIT_FAIL;
	/* a failed write is said when the stream is closed */
	if (r.nr_jobs && kg_report_print(report, &r, &js.global) == -ENOMEM) {
		fprintf(stderr, "kiogen: report: out of memory\n");
		ret = KG_EXIT_FAIL;
	}
	kg_results_release(&r);
out:
	kg_nl_close(&nl);
	for (i = 0; reps && i < kg_repeat_max(&js.global); i++)
		kg_results_release(&reps[i]);
	free(reps);
	if (kg_output_close(report, &js.global) && !ret)
		ret = KG_EXIT_FAIL;
	return ret;
}
