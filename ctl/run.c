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

#include <kiogen/core.h>

#include "cgroup.h"
#include "disk.h"
#include "kiogen.h"
#include "options.h"
#include "repeat.h"
#include "report.h"
#include "sysinfo.h"
#include "target.h"

static volatile sig_atomic_t kg_interrupted;
/* set while a stopped run drains: a second Ctrl-C leaves at once */
static volatile sig_atomic_t kg_second_exits;

static void kg_on_signal(int sig)
{
	static const char msg[] = "\nkiogen: second interrupt, leaving; the kernel stops the run as the socket closes\n";

	(void)sig;
	if (kg_interrupted && kg_second_exits) {
		if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
			_exit(KG_EXIT_FAIL);
		_exit(KG_EXIT_FAIL);
	}
	kg_interrupted = 1;
}

void kg_run_usage(FILE *f)
{
	fprintf(f, "\nOptions use fio's names and value syntax; --name=NAME starts a job,\n"
		   "options before the first --name apply to every job. A JOBFILE is a fio\n"
		   "job file (- for stdin): [global], [job] sections, key=value lines,\n"
		   "include FILE, ${VAR}; --section=NAME runs only that section.\n"
		   "stonewall starts a job when the jobs before it have ended, and a new\n"
		   "reporting group, as new_group does; wait_for is not supported yet.\n");
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

/* fio's letter of a running job: R r W w M m, lower case when random */
static char kg_eta_letter(uint32_t rw)
{
	switch (rw) {
	case KIOGEN_RW_READ:		return 'R';
	case KIOGEN_RW_RANDREAD:	return 'r';
	case KIOGEN_RW_WRITE:		return 'W';
	case KIOGEN_RW_RANDWRITE:	return 'w';
	case KIOGEN_RW_RANDRW:		return 'm';
	default:			return 'M';
	}
}

/*
 * Bytes one worker of size-bound job @j transfers, as the core counts them,
 * of @io_bytes (its io_size; 0: the job's own): loops and trimwrite's
 * double from kiog_core_byte_limit(), fewer with number_ios, and rw=X:N's
 * holes (counted toward size, not transferred) taken out.
 */
static uint64_t kg_eta_bytes(const struct kg_job *j, uint64_t io_bytes)
{
	struct kiog_core_cfg cc;
	uint64_t n;

	KIOG_JOB_COPY(KIOG_JOB_CORE_FIELDS, &cc, j);
	cc.io_size = io_bytes ?: j->io_size ?: j->size;
	n = kiog_core_byte_limit(&cc, j->rw == KIOGEN_RW_TRIMWRITE);
	/* the last I/O may pass the limit with its hole: round up */
	if (!j->io_size && j->rw_seq_add && j->bs && kg_job_nr_files(j) == 1)
		n = (n / (j->bs + j->rw_seq_add) + !!(n % (j->bs + j->rw_seq_add))) * j->bs;
	if (j->number_ios && j->bs && j->number_ios < n / j->bs)
		n = j->number_ios * j->bs;
	return n;
}

/* How far the run is, in percent, by time for time-bound jobs, else by bytes. */
static double kg_eta_done(const struct kg_status *st, const struct kg_jobs *js,
			  const struct kg_eta_line *e, uint64_t *left_s)
{
	uint64_t runtime_ns = 0, bytes = e->bytes;
	double pct = 0;
	unsigned int i;

	for (i = 0; i < js->nr_jobs; i++) {
		const struct kg_job *j = &js->jobs[i];

		if (j->runtime_ns + j->ramp_ns > runtime_ns)
			runtime_ns = j->runtime_ns + j->ramp_ns;
	}
	if (runtime_ns)
		pct = 100.0 * st->elapsed_ns / runtime_ns;
	if (bytes && (!runtime_ns || 100.0 * st->bytes / bytes > pct))
		pct = 100.0 * st->bytes / bytes;
	pct = pct > 100 ? 100 : pct;
	*left_s = pct > 0 ? (uint64_t)(st->elapsed_ns / 1e9 * (100 - pct) / pct) : 0;
	if (runtime_ns && runtime_ns > st->elapsed_ns &&
	    (runtime_ns - st->elapsed_ns) / 1000000000 < *left_s)
		*left_s = (runtime_ns - st->elapsed_ns) / 1000000000;
	return pct;
}

/*
 * fio's ETA line, "Jobs: 1 (f=1): [r(1)][30.0%][r=176MiB/s][r=45.0k IOPS]
 * [eta 00m:07s]", refreshed every eta-interval; the kernel reports bytes
 * and I/Os of both directions together, so a job that reads and writes
 * shows them as "rw=".
 */
void kg_progress(const struct kg_status *st, const struct kg_jobs *js,
		 struct kg_eta_line *e)
{
	const struct kg_global *g = &js->global;
	uint64_t now = kg_now_ms(), dt = now - e->last_ms ?: 1, left;
	uint64_t every = g->eta_interval_ns ? g->eta_interval_ns / 1000000 : 1000;
	bool reads = false, writes = false;
	char bw[32], iops[32], *dir;
	unsigned int i, n;
	double pct;

	if (now - e->last_ms < every)
		return;
	pct = kg_eta_done(st, js, e, &left);
	fprintf(stderr, "\rJobs: %u (f=%u): [", st->nr_workers, st->nr_workers);
	for (i = 0; i < js->nr_jobs; i += n) {
		char c = kg_eta_letter(js->jobs[i].rw);

		for (n = 1; i + n < js->nr_jobs && kg_eta_letter(js->jobs[i + n].rw) == c; n++)
			;
		fprintf(stderr, "%c(%u)", c, n);
	}
	for (i = 0; i < js->nr_jobs; i++) {
		reads |= js->jobs[i].rw != KIOGEN_RW_WRITE && js->jobs[i].rw != KIOGEN_RW_RANDWRITE;
		writes |= js->jobs[i].rw != KIOGEN_RW_READ && js->jobs[i].rw != KIOGEN_RW_RANDREAD;
	}
	dir = reads && writes ? "rw" : writes ? "w" : "r";
	kg_num2str(bw, sizeof(bw), (st->bytes - e->last_bytes) * 1000 / dt, KG_SIG_FIGS,
		   true, "B/s");
	kg_num2str(iops, sizeof(iops), (st->ios - e->last_ios) * 1000 / dt, KG_SIG_FIGS,
		   false, "");
	fprintf(stderr, "][%.1f%%][%s=%s][%s=%s IOPS][eta %02" PRIu64 "m:%02" PRIu64 "s]   ",
		pct, dir, bw, dir, iops, left / 60, left % 60);
	if (g->eta_newline_ns && now - e->line_ms >= g->eta_newline_ns / 1000000) {
		fputc('\n', stderr);
		e->line_ms = now;
	}
	e->last_ios = st->ios;
	e->last_bytes = st->bytes;
	e->last_ms = now;
}

void kg_eta_start(const struct kg_jobs *js, const uint64_t *io_bytes,
		  struct kg_eta_line *e)
{
	const struct kg_global *g = &js->global;
	unsigned int i;

	e->bytes = 0;
	for (i = 0; i < js->nr_jobs; i++) {
		const struct kg_job *j = &js->jobs[i];
		uint64_t n = kg_eta_bytes(j, io_bytes ? io_bytes[i] : 0);

		if (j->time_based)
			continue;
		/* saturating: a limit of ~0 is "until the time or count ends" */
		n = n > UINT64_MAX / (j->numjobs ?: 1) ? UINT64_MAX : n * (j->numjobs ?: 1);
		e->bytes = e->bytes > UINT64_MAX - n ? UINT64_MAX : e->bytes + n;
	}

	/* fio's auto: a terminal, and no other report format to spoil */
	e->show = g->eta == KG_ETA_ALWAYS ||
		  (g->eta == KG_ETA_AUTO && isatty(STDERR_FILENO) && kg_output_text_only(g));
	e->last_ios = e->last_bytes = 0;
	e->last_ms = e->line_ms = kg_now_ms();
}

void kg_eta_end(const struct kg_eta_line *e)
{
	if (e->show)
		fprintf(stderr, "\r%*s\r", 78, "");
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
		if (kg_interrupted && !stopping) {
			fprintf(stderr, "%skiogen: stopping run %u, waiting for in-flight I/O\n",
				eta.show ? "\n" : "", id);
			err = kg_run_stop(nl, id);
			if (err)
				return err;
			stopping = true;
			kg_second_exits = 1;
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
	kg_second_exits = 0;
	kg_eta_end(&eta);
	return 0;
}

static int kg_run_delete(struct kg_nl *nl, uint32_t id)
{
	struct nlmsghdr *nlh = kg_nl_req(nl, KIOGEN_CMD_RUN_DEL, 0);

	mnl_attr_put_u32(nlh, KIOGEN_A_ID, id);
	return kg_nl_talk(nl, nlh, NULL, NULL);
}

void kg_stop_on_signals(void)
{
	struct sigaction sa = { .sa_handler = kg_on_signal };

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

bool kg_interrupt_pending(void)
{
	return kg_interrupted;
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
	for (i = 0; i < js->nr_jobs && !ret && !kg_interrupted; i++) {
		const struct kg_job *j = &js->jobs[i];

		if (strcmp(j->engine, "null"))
			ret = kg_target_open(j, j->direct, KG_TARGET_KERNEL, &tg[i], info);
	}
	if (ret || kg_interrupted)
		for (i = 0; i < js->nr_jobs; i++)
			kg_target_close(&tg[i]);
	return ret;
}

static int kg_kernel_run_here(struct kg_nl *nl, const struct kg_jobs *js,
			      struct kg_run_result *r)
{
	struct kg_target tg[KG_MAX_JOBS];
	uint64_t io_bytes[KG_MAX_JOBS];
	struct kg_nl ev = { 0 };
	struct kg_status st;
	struct nlmsghdr *nlh;
	uint32_t id = 0;
	unsigned int i;
	uint64_t t0;
	int ret;

	ret = kg_targets_open(js, tg);
	if (ret || kg_interrupted)
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
	for (i = 0; i < js->nr_jobs; i++)
		r->jobs[i].job = &js->jobs[i];
	if (st.error)
		fprintf(stderr, "kiogen: run %u failed: %s\n", id, strerror(-st.error));
	if (st.error)
		kg_rate_min_report(r, stderr);
	ret = st.error ? KG_EXIT_FAIL : KG_EXIT_OK;
out:
	kg_run_delete(nl, id);
	/* fio's unlink=1, once the run let go of the files */
	for (i = 0; i < js->nr_jobs; i++)
		kg_target_unlink(&js->jobs[i]);
out_events:
	kg_nl_close(&ev);
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

/* One run of the jobs on the path they ask for; @nl is connected if kernel. */
static int kg_run_path(struct kg_nl *nl, const struct kg_jobs *js, struct kg_run_result *r)
{
	if (js->global.path == KG_PATH_SYSCALL)
		return kg_syscall_run(js, r);
	return kg_kernel_run(nl, js, r);
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
static int kg_run_once(struct kg_nl *nl, const struct kg_jobs *js, struct kg_run_result *r)
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
	for (first = 0; first < js->nr_jobs && !ret && !kg_interrupted; first = end) {
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

	for (n = 0; n < max && !kg_interrupted; n++) {
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

	if (js.global.path != KG_PATH_SYSCALL) {
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
