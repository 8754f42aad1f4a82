// SPDX-License-Identifier: GPL-2.0
/*
 * fio's log files (ctl/report/log.h): the options, the windows taken from
 * the syscall workers (the kernel's come with the results dump,
 * ctl/nl/results.c), and the writer. The files are fio 3.33's:
 * NAME_bw.N.log, NAME_iops.N.log, NAME_slat.N.log, NAME_clat.N.log,
 * NAME_lat.N.log and NAME_clat_hist.N.log, N the worker's number in the
 * run from 1 (no .N without per_job_logs).
 * With log_avg_msec each line is one window of one direction: "time, value,
 * direction, 0, [0, ]0" (time in ms, the 0s being the block size, with
 * log_offset the offset, and the priority, as fio writes windows); bw and
 * iops lines for whole windows only, latency lines for the last, partial
 * one too, as fio flushes them at the end. A histogram line is "time,
 * direction, bs, " and fio's 1856 clat bins (FIO_IO_U_PLAT_NR), summed by
 * 2^log_hist_coarseness. kiogen's buckets are fio's (include/kiogen/hist.h
 * is plat_val_to_idx() with 31 groups instead of 29), so the conversion is
 * exact: bucket i is fio's bin i, and the buckets from fio's last bin on,
 * overflow included, add up in that last bin, as fio caps its index.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <kiogen/core.h>

#include "log.h"
#include "options/options.h"

#define KG_FIO_PLAT_NR		1856	/* fio's FIO_IO_U_PLAT_NR: 29 groups of 64 */
#define KG_LOG_MAX_COARSENESS	6
#define KG_NS_PER_MS		1000000ULL
#define KG_CAT_LOG		"Log files"

static const struct kg_option kg_log_options[] = {
	{
		.name = "write_bw_log", .type = KG_OPT_STR, .off1 = KG_JOFF(log.bw),
		.len = KG_JLEN(log.bw), .category = KG_CAT_LOG,
		.help = "write fio's bandwidth log, PREFIX_bw.N.log (KiB/s per window)",
	},
	{
		.name = "write_iops_log", .type = KG_OPT_STR, .off1 = KG_JOFF(log.iops),
		.len = KG_JLEN(log.iops), .category = KG_CAT_LOG,
		.help = "write fio's IOPS log, PREFIX_iops.N.log",
	},
	{
		.name = "write_lat_log", .type = KG_OPT_STR, .off1 = KG_JOFF(log.lat),
		.len = KG_JLEN(log.lat), .category = KG_CAT_LOG,
		.help = "write fio's latency logs, PREFIX_slat.N.log, PREFIX_clat.N.log, PREFIX_lat.N.log (ns)",
	},
	{
		.name = "write_hist_log", .type = KG_OPT_STR, .off1 = KG_JOFF(log.hist),
		.len = KG_JLEN(log.hist), .category = KG_CAT_LOG,
		.help = "write fio's clat histogram log, PREFIX_clat_hist.N.log (needs log_hist_msec)",
	},
	{
		.name = "log_avg_msec", .type = KG_OPT_INT, .off1 = KG_JOFF(log.avg_msec),
		.maxval = 86400000, .category = KG_CAT_LOG,
		.help = "window of the bw, iops and lat logs in ms (fio's 0, every I/O, is taken as 500)",
	},
	{
		.name = "log_hist_msec", .type = KG_OPT_INT, .off1 = KG_JOFF(log.hist_msec),
		.maxval = 86400000, .category = KG_CAT_LOG,
		.help = "window of the histogram log in ms; 0: the histogram log stays empty",
	},
	{
		.name = "log_hist_coarseness", .type = KG_OPT_INT,
		.off1 = KG_JOFF(log.hist_coarseness), .maxval = KG_LOG_MAX_COARSENESS,
		.category = KG_CAT_LOG,
		.help = "the histogram log's bins are summed by 2^N (0 to 6)",
	},
	{
		.name = "log_max_value", .type = KG_OPT_BOOL, .off1 = KG_JOFF(log.max_value),
		.category = KG_CAT_LOG,
		.help = "latency logs: each window's largest value instead of its mean",
	},
	{
		.name = "log_offset", .type = KG_OPT_BOOL, .off1 = KG_JOFF(log.offset),
		.category = KG_CAT_LOG,
		.help = "log lines have an offset column (0 in windows, as fio)",
	},
	{
		.name = "log_prio", .type = KG_OPT_BOOL, .off1 = KG_JOFF(log.prio),
		.category = KG_CAT_LOG,
		.help = "the last column is the I/O priority value (0x4003: class 2, level 3), not 1 for realtime and 0 else",
	},
	{
		.name = "per_job_logs", .type = KG_OPT_BOOL, .off1 = KG_JOFF(log.per_job),
		.def = "1", .category = KG_CAT_LOG,
		.help = "1: one log file per worker (.N); 0: the workers of a name share one",
	},
	{
		.name = "log_unix_epoch", .type = KG_OPT_BOOL, .off1 = KG_JOFF(log.unix_epoch),
		.category = KG_CAT_LOG,
		.help = "log times are ms since 1970 (CLOCK_REALTIME), not since the job's start",
	},
	{
		.name = "log_alternate_epoch", .type = KG_OPT_BOOL,
		.off1 = KG_JOFF(log.alternate_epoch), .category = KG_CAT_LOG,
		.help = "log times are ms of the clock log_alternate_epoch_clock_id, not since the job's start",
	},
	{
		.name = "log_alternate_epoch_clock_id", .type = KG_OPT_INT,
		.off1 = KG_JOFF(log.alternate_clock), .maxval = INT32_MAX, .category = KG_CAT_LOG,
		.help = "the clock of log_alternate_epoch, a clockid_t (default 0, CLOCK_REALTIME)",
	},
	{
		.name = "log_ring", .origin = KG_KIOGEN, .type = KG_OPT_INT, .off1 = KG_JOFF(log.ring),
		.minval = 1, .maxval = KIOGEN_MAX_LOG_RING, .category = KG_CAT_LOG,
		.help = "kiogen: per-I/O samples (40 bytes) a worker holds between the CLI's reads, with log_avg_msec=0 (262144)",
	},
	{ .name = NULL },
};

__attribute__((constructor(KG_OPT_TABLE_LOG))) static void kg_log_register(void)
{
	kg_options_register(kg_log_options);
}

int kg_log_prepare(struct kg_jobs *js, FILE *err)
{
	unsigned int i;

	for (i = 0; i < js->nr_jobs; i++) {
		struct kg_job *j = &js->jobs[i];
		struct kg_log_opts *o = &j->log;

		j->log_avg_ns = 0;
		j->log_hist_ns = 0;
		j->log_max = false;
		j->log_ring = 0;
		if (o->ring && (o->avg_msec || !(o->bw[0] || o->iops[0] || o->lat[0]))) {
			fprintf(err, "kiogen: log_ring is the room of the per-I/O logs: it needs write_bw_log, write_iops_log or write_lat_log with log_avg_msec=0\n");
			return -EINVAL;
		}
		if (o->bw[0] || o->iops[0] || o->lat[0]) {
			/* fio's default, 0: a line per I/O, from the workers' rings */
			if (!o->avg_msec)
				j->log_ring = o->ring ? o->ring : KG_LOG_DEFAULT_RING;
			j->log_avg_ns = o->avg_msec * KG_NS_PER_MS;
			j->log_max = o->avg_msec && o->max_value;
		}
		if (o->hist[0])
			j->log_hist_ns = o->hist_msec * KG_NS_PER_MS;
	}
	return 0;
}

bool kg_log_drains(const struct kg_jobs *js)
{
	unsigned int i;

	for (i = 0; i < js->nr_jobs; i++)
		if (js->jobs[i].log_ring)
			return true;
	return false;
}

/* ---- the windows, from the syscall path --------------------------------- */

int kg_log_core_init(struct kiog_core *c, const struct kiog_core_cfg *cc)
{
	uint32_t nr = kiog_log_windows(cc->log_avg_ns, cc->runtime_ns);
	struct kiogen_log_window *win = NULL;
	__u64 *prev = NULL;
	uint32_t *hist = NULL;

	if (nr && !(win = calloc(nr, sizeof(*win))))
		return -ENOMEM;
	c->log.win = win;
	if (cc->log_hist_ns) {
		prev = calloc(KIOG_LOG_HIST_PREV, sizeof(*prev));
		c->log.hist_prev = prev;
		hist = calloc(kiog_log_hist_words(cc->log_hist_ns, cc->runtime_ns), sizeof(*hist));
		c->log.hist = hist;
		if (!prev || !hist)
			return -ENOMEM;
	}
	kiog_log_init(&c->log, cc->log_avg_ns, cc->log_hist_ns, cc->log_max,
		      cc->runtime_ns, win, prev, hist);
	if (cc->log_ring) {
		uint32_t n = kiog_log_ring_size(cc->log_ring);
		struct kiogen_log_io *io = calloc(n, sizeof(*io));

		if (!io)
			return -ENOMEM;
		kiog_log_io_init(&c->log, io, n);
	}
	return 0;
}

void kg_log_core_free(struct kiog_core *c)
{
	free(c->log.win);
	free(c->log.hist_prev);
	free(c->log.hist);
	free(c->log.io);
	memset(&c->log, 0, sizeof(c->log));
}

void kg_log_io_move(struct kg_worker *w, struct kiog_core *c, bool all)
{
	struct kiog_log *cl = &c->log;
	struct kg_log_data *l;
	uint32_t first, n;

	if (!cl->io || (!all && cl->io_head - cl->io_tail <= cl->io_mask / 2))
		return;
	l = kg_log_of(w);
	while ((n = kiog_log_io_peek(cl, &first))) {
		if (!l || kg_log_io_add(l, &cl->io[first], n))
			cl->io_lost += n;	/* no memory: said as lost samples */
		kiog_log_io_take(cl, n);
	}
}

int kg_log_take(struct kg_worker *w, struct kiog_core *c)
{
	const struct kiog_log *cl = &c->log;
	struct kg_log_data *l;

	if (!cl->avg_ns && !cl->hist_ns && !cl->io)
		return 0;
	l = kg_log_of(w);
	if (!l)
		return -ENOMEM;
	l->avg_ns = cl->avg_ns;
	l->hist_ns = cl->hist_ns;
	l->hist_lost = cl->hist_lost;
	/* the open window last, as the kernel's dump sends it */
	if (cl->avg_ns) {
		if (kg_log_grow((void **)&l->win, &l->nr_win, cl->nr_win + 1, sizeof(*l->win)))
			return -ENOMEM;
		memcpy(l->win, cl->win, cl->nr_win * sizeof(*l->win));
		kiog_log_window_fill(cl, c->stats, w->elapsed_ns, &l->win[cl->nr_win]);
	}
	if (cl->hist_len) {
		l->hist = cl->hist;
		l->hist_len = cl->hist_len;
		c->log.hist = NULL;
	}
	kg_log_io_move(w, c, true);
	l->io_lost = cl->io_lost;
	return 0;
}

/* ---- the writer --------------------------------------------------------- */

/* The files opened so far: the first open truncates, later ones append. */
static FILE *kg_log_open(struct kg_log_out *fs, const char *prefix,
			 const char *kind, const struct kg_log_opts *o, unsigned int n)
{
	char name[sizeof(*fs->names)], (*names)[sizeof(*fs->names)];
	char tag[48] = "";
	unsigned int i;
	FILE *f;

	if (fs->tag)
		snprintf(tag, sizeof(tag), "_%s", fs->tag);
	if (o->per_job)
		snprintf(name, sizeof(name), "%s%s_%s.%u.log", prefix, tag, kind, n);
	else
		snprintf(name, sizeof(name), "%s%s_%s.log", prefix, tag, kind);
	for (i = 0; i < fs->nr; i++)
		if (!strcmp(fs->names[i], name))
			break;
	f = fopen(name, i < fs->nr ? "a" : "w");
	if (!f) {
		fprintf(stderr, "kiogen: %s: %s\n", name, strerror(errno));
		return NULL;
	}
	if (i == fs->nr) {
		names = realloc(fs->names, (fs->nr + 1) * sizeof(*names));
		if (names) {
			fs->names = names;
			strcpy(fs->names[fs->nr++], name);
		}
	}
	return f;
}

static int kg_log_close(FILE *f)
{
	int bad = ferror(f);

	if (fclose(f) || bad) {
		fprintf(stderr, "kiogen: a log file could not be written\n");
		return -EIO;
	}
	return 0;
}

enum kg_log_kind { KG_LOG_BW, KG_LOG_IOPS, KG_LOG_SLAT, KG_LOG_CLAT, KG_LOG_LAT };

/*
 * fio 3.33's last column: with log_prio the I/O's priority value as 16-bit
 * hex (class << 13 | level), else 1 for the realtime class and 0 for any
 * other. Every I/O of a kiogen job has the job's; fio's windows have none.
 */
static const char *kg_log_prio(const struct kg_job *j, bool window, char buf[8])
{
	unsigned int v = window ? 0 : kg_job_ioprio(j);

	if (j->log.prio)
		snprintf(buf, 8, "0x%04x", v);
	else
		snprintf(buf, 8, "%u", v >> 13 == 1);
	return buf;
}

uint64_t kg_log_epoch_ms(const struct kg_job *j)
{
	struct timespec ts;
	clockid_t clock = j->log.unix_epoch ? CLOCK_REALTIME : (clockid_t)j->log.alternate_clock;

	if ((!j->log.unix_epoch && !j->log.alternate_epoch) || clock_gettime(clock, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / KG_NS_PER_MS;
}

/* One line as fio writes a window: block size and offset are 0. */
static void kg_log_line(FILE *f, const struct kg_log_opts *o, uint64_t t_ms,
			uint64_t v, unsigned int dir, const char *prio)
{
	if (o->offset)
		fprintf(f, "%" PRIu64 ", %" PRIu64 ", %u, 0, 0, %s\n", t_ms, v, dir, prio);
	else
		fprintf(f, "%" PRIu64 ", %" PRIu64 ", %u, 0, %s\n", t_ms, v, dir, prio);
}

/*
 * fio's log_avg_msec=0: a line per I/O, "time, value, direction, bs,
 * [offset, ]priority", time its completion in ms; bw is its bytes over its clat
 * (fio's bytes * 10^6 / ns), iops 1.
 */
static void kg_log_ios(FILE *f, const struct kg_job *j, const struct kg_log_data *l,
		       enum kg_log_kind kind, uint64_t epoch_ms)
{
	const struct kg_log_opts *o = &j->log;
	char prio[8], none[8];
	uint64_t i;

	kg_log_prio(j, false, prio);
	kg_log_prio(j, true, none);

	for (i = 0; i < l->nr_io; i++) {
		const struct kiogen_log_io *s = &l->io[i];
		uint64_t v;

		switch (kind) {
		case KG_LOG_BW:
			v = s->clat_ns ? (uint64_t)s->bytes * 1000000 / s->clat_ns : 0;
			break;
		case KG_LOG_IOPS:
			v = 1;
			break;
		case KG_LOG_SLAT:
			v = s->slat_ns;
			break;
		case KG_LOG_CLAT:
			v = s->clat_ns;
			break;
		default:
			v = s->slat_ns + s->clat_ns;
			break;
		}
		if (o->offset)
			fprintf(f, "%" PRIu64 ", %" PRIu64 ", %u, %u, %" PRIu64 ", %s\n",
				epoch_ms + (uint64_t)(s->t_ns / KG_NS_PER_MS), v, s->dir, s->bytes,
				(uint64_t)s->offset, prio);
		else
			fprintf(f, "%" PRIu64 ", %" PRIu64 ", %u, %u, %s\n",
				epoch_ms + (uint64_t)(s->t_ns / KG_NS_PER_MS), v, s->dir, s->bytes, prio);
	}
	/*
	 * fio never loses a sample, so it has no mark for it. kiogen's: after a
	 * blank line (gnuplot draws no line to it; fio2gnuplot stops there), a
	 * line of fio's columns at time -1, which no sample has, the I/Os
	 * missing as its value (fio2gnuplot keeps times from 0 only).
	 */
	if (l->io_lost)
		fprintf(f, "\n-1, %" PRIu64 ", 0, 0, %s%s\n", l->io_lost, o->offset ? "0, " : "",
			none);
}

static void kg_log_windows(FILE *f, const struct kg_job *j, const struct kg_log_data *l,
			   enum kg_log_kind kind, uint64_t epoch_ms)
{
	static const struct kiogen_log_window zero;
	const struct kg_log_opts *o = &j->log;
	char prio[8];
	/* bw and iops: whole windows only, as fio */
	uint32_t nr = kind <= KG_LOG_IOPS && l->nr_win ? l->nr_win - 1 : l->nr_win;
	uint32_t i, d;

	for (i = 0; i < nr; i++) {
		const struct kiogen_log_window *p = i ? &l->win[i - 1] : &zero;
		const struct kiogen_log_window *w = &l->win[i];
		uint64_t ms = (w->t_ns - p->t_ns) / KG_NS_PER_MS;

		for (d = 0; d < KIOGEN_DATA_DIRS; d++) {
			uint64_t ios = w->ios[d] - p->ios[d], v;
			unsigned int k = kind - KG_LOG_SLAT;

			if (!ios || w->t_ns <= p->t_ns)
				continue;
			switch (kind) {
			case KG_LOG_BW:
				if (!ms)
					continue;
				v = (w->bytes[d] - p->bytes[d]) * 1000 / ms / 1024;
				break;
			case KG_LOG_IOPS:
				if (!ms)
					continue;
				v = ios * 1000 / ms;
				break;
			default:
				v = o->max_value ? w->lat_max[d][k] :
				    (w->lat_sum[d][k] - p->lat_sum[d][k]) / ios;
				break;
			}
			kg_log_line(f, o, epoch_ms + w->t_ns / KG_NS_PER_MS, v, d,
				    kg_log_prio(j, true, prio));
		}
	}
}

/* fio's bins of one record, summed by 2^@coarse: "t, dir, bs, b0, b1, ..." */
static void kg_log_hist_line(FILE *f, const struct kiogen_log_hist *h, const uint32_t *pairs,
			     uint32_t bs, unsigned int coarse, uint64_t epoch_ms)
{
	uint64_t bins[KG_FIO_PLAT_NR] = { 0 };
	unsigned int i, k, stride = 1u << coarse;

	for (i = 0; i < h->nr; i++) {
		uint32_t idx = pairs[2 * i];

		bins[idx < KG_FIO_PLAT_NR ? idx : KG_FIO_PLAT_NR - 1] += pairs[2 * i + 1];
	}
	fprintf(f, "%" PRIu64 ", %u, %u", epoch_ms + h->t_ms, h->dir, bs);
	for (i = 0; i < KG_FIO_PLAT_NR; i += stride) {
		uint64_t sum = 0;

		for (k = 0; k < stride; k++)
			sum += bins[i + k];
		fprintf(f, ", %" PRIu64, sum);
	}
	fputc('\n', f);
}

static void kg_log_hists(FILE *f, const struct kg_log_data *l, uint32_t bs,
			 unsigned int coarse, uint64_t epoch_ms)
{
	const uint32_t rec = sizeof(struct kiogen_log_hist) / sizeof(uint32_t);
	uint32_t at = 0;

	while (at + rec <= l->hist_len) {
		const struct kiogen_log_hist *h = (const void *)&l->hist[at];

		if (h->nr > (l->hist_len - at - rec) / 2 || h->dir >= KIOGEN_DATA_DIRS)
			break;	/* a torn record: nothing after it can be read */
		kg_log_hist_line(f, h, &l->hist[at + rec], bs, coarse, epoch_ms);
		at += rec + 2 * h->nr;
	}
}

static int kg_log_one(struct kg_log_out *fs, const struct kg_job *j, uint64_t epoch_ms,
		      const char *prefix, const char *kind, unsigned int n,
		      const struct kg_log_data *l, int what)
{
	FILE *f = kg_log_open(fs, prefix, kind, &j->log, n);

	if (!f)
		return -EIO;
	if (l && what >= 0 && j->log_ring)
		kg_log_ios(f, j, l, what, epoch_ms);
	else if (l && what >= 0)
		kg_log_windows(f, j, l, what, epoch_ms);
	else if (l)
		kg_log_hists(f, l, j->bs, j->log.hist_coarseness, epoch_ms);
	return kg_log_close(f);
}

static int kg_log_worker(struct kg_log_out *fs, const struct kg_job *j, uint64_t epoch_ms,
			 const struct kg_worker *w, unsigned int n)
{
	const struct kg_log_opts *o = &j->log;
	const struct kg_log_data *l = w->log && (w->log->nr_win || w->log->nr_io ||
						 w->log->io_lost) ? w->log : NULL;
	/* sync engines have no slat: fio leaves that log empty */
	bool slat = false;
	int ret = 0, d;

	for (d = 0; d < KIOGEN_DATA_DIRS; d++)
		slat |= w->dir[d].has_slat;

	if (o->bw[0])
		ret |= kg_log_one(fs, j, epoch_ms, o->bw, "bw", n, l, KG_LOG_BW);
	if (o->iops[0])
		ret |= kg_log_one(fs, j, epoch_ms, o->iops, "iops", n, l, KG_LOG_IOPS);
	if (o->lat[0]) {
		ret |= kg_log_one(fs, j, epoch_ms, o->lat, "slat", n, slat ? l : NULL, KG_LOG_SLAT);
		ret |= kg_log_one(fs, j, epoch_ms, o->lat, "clat", n, l, KG_LOG_CLAT);
		ret |= kg_log_one(fs, j, epoch_ms, o->lat, "lat", n, l, KG_LOG_LAT);
	}
	/* never silently: a log whose windows filled their room was coarsened */
	if (l && !j->log_ring && l->avg_ns > j->log_avg_ns && j->log_avg_ns &&
	    (o->bw[0] || o->iops[0] || o->lat[0]))
		fprintf(stderr, "kiogen: %s worker %u: its logs have windows of %llu ms, not log_avg_msec=%llu (the run outlasted the windows a worker keeps, so they were merged in pairs)\n",
			j->name, n, (unsigned long long)(l->avg_ns / KG_NS_PER_MS),
			(unsigned long long)(j->log_avg_ns / KG_NS_PER_MS));
	/* never silently: a per-I/O log with holes says how many */
	if (j->log_ring && w->log && w->log->io_lost)
		fprintf(stderr, "kiogen: %s worker %u: %" PRIu64 " of %" PRIu64 " I/Os are not in its per-I/O logs (its ring of %u samples was full; raise log_ring)\n",
			j->name, n, w->log->io_lost, w->log->io_lost + w->log->nr_io,
			kiog_log_ring_size(j->log_ring));
	if (o->hist[0]) {
		l = w->log && w->log->hist_len ? w->log : NULL;
		ret |= kg_log_one(fs, j, epoch_ms, o->hist, "clat_hist", n, l, -1);
		if (l && l->hist_lost)
			fprintf(stderr, "kiogen: %s_clat_hist: %u windows were not kept (more than %u KiB a worker)\n",
				o->hist, l->hist_lost, KIOG_LOG_HIST_WORDS / 256);
	}
	return ret ? -EIO : 0;
}

int kg_log_write(const struct kg_run_result *r, const struct kg_jobs *js,
		 struct kg_log_out *out)
{
	struct kg_log_out one = { 0 }, *fs = out ? out : &one;
	unsigned int i, k;
	int ret = 0;

	for (i = 0; i < r->nr_jobs && i < js->nr_jobs; i++) {
		const struct kg_job *j = &js->jobs[i];
		const struct kg_job_result *jr = &r->jobs[i];

		for (k = 0; k < jr->nr_workers; k++) {
			/* fio numbers its threads across the run, from 1 */
			fs->n++;
			if (kg_log_worker(fs, j, jr->log_epoch_ms, &jr->workers[k], fs->n))
				ret = -EIO;
		}
	}
	if (!out)
		kg_log_out_free(&one);
	return ret;
}

void kg_log_out_free(struct kg_log_out *out)
{
	free(out->names);
	out->names = NULL;
	out->nr = 0;
}
