// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Setting up the worker core (include/kiogen/core.h), its rate limits
 * (rate.h) and its logs (log.h): once per worker, before the clock starts.
 * Accounting, pacing and logging each I/O stay inline in the headers. Built
 * into both kiogen.ko and the CLI.
 */
#include <kiogen/core.h>
#include <kiogen/log.h>
#include <kiogen/rate.h>

/*
 * The errnos each error type survives with continue_on_error: the list
 * ignore_error gave it, else fio's __NON_FATAL_ERR (EIO, EILSEQ).
 */
static void kiog_core_init_nonfatal(struct kiog_core *c, const struct kiog_zones *ie)
{
	unsigned int t, w;

	for (t = 0; t < KIOG_ERR_TYPES; t++) {
		__u64 *words = c->nonfatal[t];

		for (w = 0; w < KIOG_ERRNO_WORDS; w++) {
			unsigned int i = t * KIOG_ERRNO_WORDS + w;

			words[w] = i < ie->nr ? ie->z[i] : 0;
		}
		words[0] &= ~1ULL;		/* no errno 0 */
		if (words[0] || words[1])
			continue;
		words[KIOG_EIO / 64] |= 1ULL << (KIOG_EIO % 64);
		words[KIOG_EILSEQ / 64] |= 1ULL << (KIOG_EILSEQ % 64);
	}
}

void kiog_core_init(struct kiog_core *c,
		    const struct kiog_core_cfg *cfg,
		    struct kiog_wl *wl, struct kiogen_sample *samples)
{
	c->ramp_ns = cfg->ramp_ns;
	c->runtime_ns = cfg->runtime_ns;
	c->io_limit = cfg->number_ios ? cfg->number_ios : ~0ULL;
	c->byte_limit = kiog_core_byte_limit(cfg, wl->trimwrite);
	c->sync_every = cfg->fsync ? cfg->fsync : cfg->fdatasync;
	c->datasync = !cfg->fsync;
	c->end_fsync = cfg->end_fsync;
	c->coe = cfg->continue_on_error;
	c->think_ns = cfg->thinktime_ns;
	c->think_spin_ns = cfg->thinktime_spin_ns < cfg->thinktime_ns ?
			   cfg->thinktime_spin_ns : cfg->thinktime_ns;
	c->think_io_ns = cfg->thinktime_iotime_ns;
	/* 0 counts no completions: only thinktime_iotime's time starts a think */
	c->think_blocks = cfg->thinktime_blocks;
	if (!c->think_blocks && !c->think_io_ns)
		c->think_blocks = 1;
	c->think_at = c->think_blocks;
	c->max_lat[KIOGEN_DIR_READ] = cfg->max_latency_read;
	c->max_lat[KIOGEN_DIR_WRITE] = cfg->max_latency_write;
	c->max_lat[KIOGEN_DIR_TRIM] = cfg->max_latency_trim;
	c->exitall = cfg->exitall;
	c->exitall_on_error = cfg->exitall_on_error;
	kiog_core_init_nonfatal(c, &cfg->ignore_error);
	c->samples = samples;
	c->max_samples = kiog_core_max_samples(cfg);
	c->sample_ns = KIOG_SAMPLE_NS;
	wl->digest = kiog_core_policy_digest(cfg);
}

void kiog_rate_init(struct kiog_rate *r,
		    const struct kiog_core_cfg *cfg, __u64 seed)
{
	int d;

	r->bps[KIOGEN_DIR_READ] = cfg->rate_read;
	r->bps[KIOGEN_DIR_WRITE] = cfg->rate_write;
	r->bps[KIOGEN_DIR_TRIM] = cfg->rate_trim;
	r->iops[KIOGEN_DIR_READ] = cfg->rate_iops_read;
	r->iops[KIOGEN_DIR_WRITE] = cfg->rate_iops_write;
	r->iops[KIOGEN_DIR_TRIM] = cfg->rate_iops_trim;
	r->min_bps[KIOGEN_DIR_READ] = cfg->rate_min_read;
	r->min_bps[KIOGEN_DIR_WRITE] = cfg->rate_min_write;
	r->min_bps[KIOGEN_DIR_TRIM] = cfg->rate_min_trim;
	r->min_iops[KIOGEN_DIR_READ] = cfg->rate_iops_min_read;
	r->min_iops[KIOGEN_DIR_WRITE] = cfg->rate_iops_min_write;
	r->min_iops[KIOGEN_DIR_TRIM] = cfg->rate_iops_min_trim;
	r->cycle_ns = (__u64)(cfg->rate_cycle_ms ? cfg->rate_cycle_ms : 1000) * 1000000;
	r->poisson = cfg->rate_process == KIOGEN_RATE_PROCESS_POISSON;
	r->ignore_think = cfg->rate_ignore_thinktime;
	for (d = 0; d < KIOG_RATE_DIRS; d++) {
		r->paced |= r->bps[d] || r->iops[d];
		r->checked |= r->min_bps[d] || r->min_iops[d];
		kiog_rng_seed(&r->rng[d], seed ^ (KIOG_RATE_SEED + d));
	}
}

void kiog_log_init(struct kiog_log *l, __u64 avg_ns, __u64 hist_ns,
		   int max, __u64 runtime,
		   struct kiogen_log_window *win, __u64 *hist_prev,
		   __u32 *hist)
{
	l->avg_ns = win ? avg_ns : 0;
	l->hist_ns = hist && hist_prev ? hist_ns : 0;
	l->max = l->avg_ns && max;
	l->win = win;
	l->max_win = kiog_log_windows(l->avg_ns, runtime);
	l->hist_prev = hist_prev;
	l->hist = hist;
	l->hist_cap = kiog_log_hist_words(l->hist_ns, runtime);
}
