// SPDX-License-Identifier: GPL-2.0
/*
 * fio's ETA line (ctl/report/eta.h): how far a run is, by time for time-bound
 * jobs and by bytes for size-bound ones, and the throughput of the last
 * refresh, from the status the kernel or the syscall workers report.
 */
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#include <kiogen/core.h>

#include "eta.h"
#include "options/options.h"
#include "report.h"
#include "system/disk.h"

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

uint64_t kg_eta_bytes(const struct kg_job *j, uint64_t io_bytes)
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
	/* fio's run-length of its threads' states: a job counts numjobs times */
	for (i = 0; i < js->nr_jobs; i += n) {
		char c = kg_eta_letter(js->jobs[i].rw);
		unsigned int threads = 0;

		for (n = 0; i + n < js->nr_jobs && kg_eta_letter(js->jobs[i + n].rw) == c; n++)
			threads += js->jobs[i + n].numjobs ?: 1;
		fprintf(stderr, "%c(%u)", c, threads);
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
