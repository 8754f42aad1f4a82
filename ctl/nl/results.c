// SPDX-License-Identifier: GPL-2.0
/*
 * Decoding what the kernel reports about runs: the status of one run, and
 * the results dump (worker summaries, histogram chunks, interval samples,
 * log windows) assembled into per-worker results.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kiogen/core.h>	/* then log.h: the log windows' bounds */

#include "core/cli.h"
#include "results.h"

const char *kg_state_name(uint32_t state)
{
	switch (state) {
	case KIOGEN_STATE_RUNNING:
		return "running";
	case KIOGEN_STATE_DONE:
		return "done";
	case KIOGEN_STATE_STOPPED:
		return "stopped";
	case KIOGEN_STATE_FAILED:
		return "failed";
	}
	return "unknown";
}

int kg_status_parse(const struct nlattr *run, struct kg_status *st)
{
	const struct nlattr *a;

	memset(st, 0, sizeof(*st));
	mnl_attr_for_each_nested(a, run) {
		switch (mnl_attr_get_type(a)) {
		case KIOGEN_A_RUN_ID:
			st->id = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_RUN_STATE:
			st->state = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_RUN_FLAGS:
			st->flags = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_RUN_NR_JOBS:
			st->nr_jobs = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_RUN_NR_WORKERS:
			st->nr_workers = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_RUN_ELAPSED_NS:
			st->elapsed_ns = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_RUN_IOS:
			st->ios = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_RUN_BYTES:
			st->bytes = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_RUN_ERRORS:
			st->errors = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_RUN_ERROR:
			st->error = (int32_t)mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_RUN_MEM:
			st->mem = mnl_attr_get_u64(a);
			break;
		}
	}
	return st->id ? 0 : -EINVAL;
}

static int kg_status_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr))
		if (mnl_attr_get_type(a) == KIOGEN_A_RUN)
			kg_status_parse(a, data);
	return MNL_CB_OK;
}

int kg_status_get(struct kg_nl *nl, uint32_t id, struct kg_status *st)
{
	struct nlmsghdr *nlh = kg_nl_req(nl, KIOGEN_CMD_RUN_GET, 0);

	memset(st, 0, sizeof(*st));
	mnl_attr_put_u32(nlh, KIOGEN_A_ID, id);
	return kg_nl_talk(nl, nlh, kg_status_cb, st);
}

static struct kg_worker *kg_worker_slot(struct kg_run_result *r, uint32_t job,
					uint32_t index)
{
	struct kg_job_result *jr;

	if (job >= KG_MAX_JOBS)
		return NULL;
	jr = &r->jobs[job];
	if (index >= jr->nr_workers) {
		struct kg_worker *w = realloc(jr->workers, (index + 1) * sizeof(*w));

		if (!w)
			return NULL;
		memset(w + jr->nr_workers, 0,
		       (index + 1 - jr->nr_workers) * sizeof(*w));
		jr->workers = w;
		jr->nr_workers = index + 1;
	}
	if (job >= r->nr_jobs)
		r->nr_jobs = job + 1;
	return &jr->workers[index];
}

static long double kg_sqsum(uint64_t hi, uint64_t lo)
{
	return (long double)hi * 18446744073709551616.0L + lo;
}

static void kg_parse_dir(struct kg_worker *w, const struct nlattr *nest)
{
	uint64_t hi = 0, lo = 0, chi = 0, clo = 0, shi = 0, slo = 0, dhi = 0, dlo = 0;
	bool clat = false;
	const struct nlattr *a;
	struct kg_dir *d = NULL;
	static struct kg_dir tmp;

	memset(&tmp, 0, offsetof(struct kg_dir, hist));
	mnl_attr_for_each_nested(a, nest) {
		uint64_t v = mnl_attr_get_payload_len(a) == sizeof(uint64_t) ?
			     mnl_attr_get_u64(a) : 0;

		switch (mnl_attr_get_type(a)) {
		case KIOGEN_A_DIR_DIR:
			if (mnl_attr_get_u32(a) <= KIOGEN_DIR_MAX)
				d = &w->dir[mnl_attr_get_u32(a)];
			break;
		case KIOGEN_A_DIR_IOS:
			tmp.ios = v;
			break;
		case KIOGEN_A_DIR_BYTES:
			tmp.bytes = v;
			break;
		case KIOGEN_A_DIR_ERRORS:
			tmp.errors = v;
			break;
		case KIOGEN_A_DIR_SHORT:
			tmp.short_ios = v;
			break;
		case KIOGEN_A_DIR_INLINE_IOS:
			tmp.inline_ios = v;
			break;
		case KIOGEN_A_DIR_LAT_MIN:
			tmp.lat_min = v;
			break;
		case KIOGEN_A_DIR_LAT_MAX:
			tmp.lat_max = v;
			break;
		case KIOGEN_A_DIR_LAT_SUM:
			tmp.lat_sum = v;
			break;
		case KIOGEN_A_DIR_LAT_SQSUM_HI:
			hi = v;
			break;
		case KIOGEN_A_DIR_LAT_SQSUM_LO:
			lo = v;
			break;
		case KIOGEN_A_DIR_CLAT_MIN:
			tmp.clat_min = v;
			clat = true;
			break;
		case KIOGEN_A_DIR_CLAT_MAX:
			tmp.clat_max = v;
			break;
		case KIOGEN_A_DIR_CLAT_SUM:
			tmp.clat_sum = v;
			break;
		case KIOGEN_A_DIR_CLAT_SQSUM_HI:
			chi = v;
			break;
		case KIOGEN_A_DIR_CLAT_SQSUM_LO:
			clo = v;
			break;
		case KIOGEN_A_DIR_SLAT_MIN:
			tmp.slat_min = v;
			tmp.has_slat = true;
			break;
		case KIOGEN_A_DIR_SLAT_MAX:
			tmp.slat_max = v;
			break;
		case KIOGEN_A_DIR_SLAT_SUM:
			tmp.slat_sum = v;
			break;
		case KIOGEN_A_DIR_SLAT_SQSUM_HI:
			shi = v;
			break;
		case KIOGEN_A_DIR_SLAT_SQSUM_LO:
			slo = v;
			break;
		case KIOGEN_A_DIR_SCHED_IOS:
			tmp.sched_ios = v;
			break;
		case KIOGEN_A_DIR_SCHED_MIN:
			tmp.sched_min = v;
			break;
		case KIOGEN_A_DIR_SCHED_MAX:
			tmp.sched_max = v;
			break;
		case KIOGEN_A_DIR_SCHED_SUM:
			tmp.sched_sum = v;
			break;
		case KIOGEN_A_DIR_SCHED_SQSUM_HI:
			dhi = v;
			break;
		case KIOGEN_A_DIR_SCHED_SQSUM_LO:
			dlo = v;
			break;
		}
	}
	if (!d)
		return;
	tmp.lat_sumsq = kg_sqsum(hi, lo);
	tmp.clat_sumsq = kg_sqsum(chi, clo);
	tmp.slat_sumsq = kg_sqsum(shi, slo);
	tmp.sched_sumsq = kg_sqsum(dhi, dlo);
	/* no clat of its own (the sync direction): issuing is completing */
	if (!clat) {
		tmp.clat_min = tmp.lat_min;
		tmp.clat_max = tmp.lat_max;
		tmp.clat_sum = tmp.lat_sum;
		tmp.clat_sumsq = tmp.lat_sumsq;
	}
	/* histogram chunks may have come first: keep them */
	memcpy(d, &tmp, offsetof(struct kg_dir, hist));
}

static void kg_parse_buckets(const struct nlattr *a, uint64_t *b)
{
	if (mnl_attr_get_payload_len(a) == KIOGEN_DEPTH_BUCKETS * sizeof(*b))
		memcpy(b, mnl_attr_get_payload(a), KIOGEN_DEPTH_BUCKETS * sizeof(*b));
}

static int kg_parse_worker(struct kg_run_result *r, const struct nlattr *nest)
{
	uint32_t job = UINT32_MAX, index = UINT32_MAX;
	const struct nlattr *a;
	struct kg_worker *w;

	mnl_attr_for_each_nested(a, nest) {
		if (mnl_attr_get_type(a) == KIOGEN_A_WORKER_JOB)
			job = mnl_attr_get_u32(a);
		else if (mnl_attr_get_type(a) == KIOGEN_A_WORKER_INDEX)
			index = mnl_attr_get_u32(a);
	}
	w = kg_worker_slot(r, job, index);
	if (!w)
		return -EINVAL;
	w->job = job;
	w->index = index;
	mnl_attr_for_each_nested(a, nest) {
		switch (mnl_attr_get_type(a)) {
		case KIOGEN_A_WORKER_ELAPSED_NS:
			w->elapsed_ns = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_CPU_USR_NS:
			w->cpu_usr_ns = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_CPU_SYS_NS:
			w->cpu_sys_ns = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_CTX_VOL:
			w->ctx_vol = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_CTX_INVOL:
			w->ctx_invol = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_MEM:
			w->mem = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_STAMPS_BEHIND:
			w->stamps_behind = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_DIGEST:
			w->digest = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_ISSUED:
			w->issued = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_ERROR:
			w->error = (int32_t)mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_WORKER_DEPTHS:
			kg_parse_buckets(a, w->depths);
			break;
		case KIOGEN_A_WORKER_SUBMIT:
			kg_parse_buckets(a, w->submit);
			break;
		case KIOGEN_A_WORKER_COMPLETE:
			kg_parse_buckets(a, w->complete);
			break;
		case KIOGEN_A_WORKER_DIR:
			kg_parse_dir(w, a);
			break;
		case KIOGEN_A_WORKER_SPLIT_IOS:
			w->split.ios = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_BLK_IOS:
			w->blk_on = true;
			w->blk.ios = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_BLK_SUM:
			if (mnl_attr_get_payload_len(a) == sizeof(w->blk.sum))
				memcpy(w->blk.sum, mnl_attr_get_payload(a),
				       sizeof(w->blk.sum));
			break;
		case KIOGEN_A_WORKER_BLK_UNQUEUED:
			w->blk.unqueued = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_BLK_NORQ:
			w->blk.norq = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_BLK_INSERTED:
			w->blk.inserted = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_WORKER_BLK_TRACEPOINTS:
			w->blk_tps = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_WORKER_BLK_FILE:
			w->blk_file = true;
			break;
		case KIOGEN_A_WORKER_SPLIT_SUM:
			if (mnl_attr_get_payload_len(a) == sizeof(w->split.sum))
				memcpy(w->split.sum, mnl_attr_get_payload(a),
				       sizeof(w->split.sum));
			break;
		case KIOGEN_A_WORKER_VERIFY:
			/* a module before written_over sends 8 bytes less */
			if (mnl_attr_get_payload_len(a) == sizeof(w->verify) ||
			    mnl_attr_get_payload_len(a) ==
			    offsetof(struct kiogen_verify_result, written_over)) {
				memset(&w->verify, 0, sizeof(w->verify));
				memcpy(&w->verify, mnl_attr_get_payload(a),
				       mnl_attr_get_payload_len(a));
				w->has_verify = true;
			}
			break;
		}
	}
	return 0;
}

static int kg_parse_hist(struct kg_run_result *r, const struct nlattr *nest)
{
	uint32_t job = UINT32_MAX, index = UINT32_MAX, dir = 2, first = 0;
	uint32_t bits = 0, groups = 0, n = 0, kind = KIOGEN_LAT_LAT;
	uint64_t *hist;
	const void *counts = NULL;
	const struct nlattr *a;
	struct kg_worker *w;

	mnl_attr_for_each_nested(a, nest) {
		switch (mnl_attr_get_type(a)) {
		case KIOGEN_A_HIST_JOB:
			job = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_HIST_WORKER:
			index = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_HIST_DIR:
			dir = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_HIST_BITS:
			bits = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_HIST_GROUPS:
			groups = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_HIST_FIRST:
			first = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_HIST_COUNTS:
			counts = mnl_attr_get_payload(a);
			n = mnl_attr_get_payload_len(a) / sizeof(uint64_t);
			break;
		case KIOGEN_A_HIST_KIND:
			kind = mnl_attr_get_u32(a);
			break;
		}
	}
	if (bits != KIOG_HIST_BITS || groups != KIOG_HIST_GROUPS) {
		fprintf(stderr, "kiogen: the module's histogram layout (%u bits, %u groups) differs from this CLI's\n",
			bits, groups);
		return -EPROTO;
	}
	w = kg_worker_slot(r, job, index);
	if (!w || dir > KIOGEN_DIR_MAX || first > KIOG_HIST_BUCKETS ||
	    n > KIOG_HIST_BUCKETS - first ||
	    (kind >= kiog_split_kind(KIOG_SPLIT_NR) && kind != KIOGEN_LAT_SCHED &&
	     (kind < kiog_blk_kind(0) || kind >= kiog_blk_kind(KIOG_BLK_NR))))
		return -EINVAL;
	if (kind >= kiog_blk_kind(0))
		hist = (uint64_t *)w->blk.hist[kind - kiog_blk_kind(0)];
	else if (kind == KIOGEN_LAT_SCHED)
		hist = w->dir[dir].sched_hist;
	else if (kind >= kiog_split_kind(0))
		hist = (uint64_t *)w->split.hist[kind - kiog_split_kind(0)];
	else
		hist = kind == KIOGEN_LAT_CLAT ? w->dir[dir].clat_hist : w->dir[dir].hist;
	memcpy(&hist[first], counts, n * sizeof(uint64_t));
	return 0;
}

static int kg_parse_samples(struct kg_run_result *r, const struct nlattr *nest)
{
	uint32_t job = UINT32_MAX, index = UINT32_MAX, first = 0, n = 0;
	const void *data = NULL;
	const struct nlattr *a;
	struct kg_worker *w;
	uint64_t interval = 0;

	mnl_attr_for_each_nested(a, nest) {
		switch (mnl_attr_get_type(a)) {
		case KIOGEN_A_SAMPLES_JOB:
			job = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_SAMPLES_WORKER:
			index = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_SAMPLES_INTERVAL_NS:
			interval = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_SAMPLES_FIRST:
			first = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_SAMPLES_DATA:
			data = mnl_attr_get_payload(a);
			n = mnl_attr_get_payload_len(a) / sizeof(struct kiogen_sample);
			break;
		}
	}
	w = kg_worker_slot(r, job, index);
	if (!w || !data || first > 1000000)
		return -EINVAL;
	if (first + n > w->nr_samples) {
		struct kiogen_sample *s = realloc(w->samples, (first + n) * sizeof(*s));

		if (!s)
			return -ENOMEM;
		w->samples = s;
		w->nr_samples = first + n;
	}
	memcpy(&w->samples[first], data, n * sizeof(struct kiogen_sample));
	w->sample_ns = interval;
	return 0;
}

/* A KIOGEN_A_LOG nest of a results dump into its worker's log. */
static int kg_log_parse(struct kg_worker *w, const struct nlattr *nest)
{
	const void *win = NULL, *hist = NULL, *io = NULL;
	uint32_t first = 0, nwin = 0, nhist = 0, nio = 0;
	struct kg_log_data *l;
	const struct nlattr *a;

	if (!w)
		return -EINVAL;
	l = kg_log_of(w);
	if (!l)
		return -ENOMEM;
	mnl_attr_for_each_nested(a, nest) {
		switch (mnl_attr_get_type(a)) {
		case KIOGEN_A_LOG_AVG_NS:
			l->avg_ns = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_LOG_HIST_NS:
			l->hist_ns = mnl_attr_get_u64(a);
			break;
		case KIOGEN_A_LOG_HIST_LOST:
			l->hist_lost = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_LOG_FIRST:
			first = mnl_attr_get_u32(a);
			break;
		case KIOGEN_A_LOG_WINDOWS:
			win = mnl_attr_get_payload(a);
			nwin = mnl_attr_get_payload_len(a) / sizeof(struct kiogen_log_window);
			break;
		case KIOGEN_A_LOG_HIST:
			hist = mnl_attr_get_payload(a);
			nhist = mnl_attr_get_payload_len(a) / sizeof(uint32_t);
			break;
		case KIOGEN_A_LOG_IO:
			io = mnl_attr_get_payload(a);
			nio = mnl_attr_get_payload_len(a) / sizeof(struct kiogen_log_io);
			break;
		case KIOGEN_A_LOG_IO_LOST:
			l->io_lost = mnl_attr_get_u64(a);
			break;
		}
	}
	/* per-I/O samples come in order, each once: appended */
	if (io && kg_log_io_add(l, io, nio))
		return -ENOMEM;
	if (first > KIOG_LOG_MAX_WINDOWS + 1 && win)
		return -EINVAL;
	if (first > KIOG_LOG_HIST_WORDS && hist)
		return -EINVAL;
	if (win) {
		if (kg_log_grow((void **)&l->win, &l->nr_win, first + nwin, sizeof(*l->win)))
			return -ENOMEM;
		memcpy(&l->win[first], win, nwin * sizeof(*l->win));
	}
	if (hist) {
		if (kg_log_grow((void **)&l->hist, &l->hist_len, first + nhist, sizeof(*l->hist)))
			return -ENOMEM;
		memcpy(&l->hist[first], hist, nhist * sizeof(*l->hist));
	}
	return 0;
}

static int kg_parse_log(struct kg_run_result *r, const struct nlattr *nest)
{
	uint32_t job = UINT32_MAX, index = UINT32_MAX;
	const struct nlattr *a;

	mnl_attr_for_each_nested(a, nest) {
		if (mnl_attr_get_type(a) == KIOGEN_A_LOG_JOB)
			job = mnl_attr_get_u32(a);
		else if (mnl_attr_get_type(a) == KIOGEN_A_LOG_WORKER)
			index = mnl_attr_get_u32(a);
	}
	return kg_log_parse(kg_worker_slot(r, job, index), nest);
}

static int kg_results_cb(const struct nlmsghdr *nlh, void *data)
{
	struct kg_run_result *r = data;
	const struct nlattr *a;
	int err = 0;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		switch (mnl_attr_get_type(a)) {
		case KIOGEN_A_WORKER:
			err = kg_parse_worker(r, a);
			break;
		case KIOGEN_A_HIST:
			err = kg_parse_hist(r, a);
			break;
		case KIOGEN_A_SAMPLES:
			err = kg_parse_samples(r, a);
			break;
		case KIOGEN_A_LOG:
			err = kg_parse_log(r, a);
			break;
		}
		if (err)
			return MNL_CB_ERROR;
	}
	return MNL_CB_OK;
}

/*
 * A direction sent without a clat histogram (the sync direction) has clat
 * equal to lat: copy lat's, so every direction reads the same way. A clat
 * histogram that was sent holds every completed I/O, so an empty one with
 * I/O done means none was sent.
 */
static void kg_dir_fill_clat(struct kg_dir *d)
{
	uint64_t n = 0;
	size_t i;

	if (!d->ios)
		return;
	for (i = 0; i < KIOG_HIST_BUCKETS; i++)
		n += d->clat_hist[i];
	if (!n)
		memcpy(d->clat_hist, d->hist, sizeof(d->hist));
}

int kg_results_fetch(struct kg_nl *nl, uint32_t id, struct kg_run_result *r, bool live)
{
	struct nlmsghdr *nlh = kg_nl_req(nl, KIOGEN_CMD_RESULTS_GET, NLM_F_DUMP);
	uint32_t i, k, d;
	int err;

	mnl_attr_put_u32(nlh, KIOGEN_A_ID, id);
	if (live)
		mnl_attr_put(nlh, KIOGEN_A_LIVE, 0, NULL);
	r->id = id;
	err = kg_nl_talk(nl, nlh, kg_results_cb, r);
	for (i = 0; !err && i < r->nr_jobs; i++)
		for (k = 0; k < r->jobs[i].nr_workers; k++)
			for (d = 0; d <= KIOGEN_DIR_MAX; d++)
				kg_dir_fill_clat(&r->jobs[i].workers[k].dir[d]);
	return err;
}

int kg_log_drain(struct kg_nl *nl, uint32_t id, struct kg_run_result *r)
{
	struct nlmsghdr *nlh = kg_nl_req(nl, KIOGEN_CMD_RESULTS_GET, NLM_F_DUMP);

	mnl_attr_put_u32(nlh, KIOGEN_A_ID, id);
	mnl_attr_put(nlh, KIOGEN_A_LOG_DRAIN, 0, NULL);
	return kg_nl_talk(nl, nlh, kg_results_cb, r);
}

void kg_results_release(struct kg_run_result *r)
{
	uint32_t i, j;

	for (i = 0; i < KG_MAX_JOBS; i++) {
		for (j = 0; j < r->jobs[i].nr_workers; j++) {
			free(r->jobs[i].workers[j].samples);
			kg_log_free(r->jobs[i].workers[j].log);
		}
		free(r->jobs[i].workers);
		r->jobs[i].workers = NULL;
		r->jobs[i].nr_workers = 0;
	}
}
