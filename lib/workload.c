// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Setting up the workload generator (include/kiogen/workload.h): a
 * worker's region, its blocks and permutation, and the spans of several
 * files. Run once per worker; the next I/O stays inline in the header. Built
 * into both kiogen.ko and the CLI.
 */
#include <kiogen/workload.h>

/* Half the width of the random map's domain: 4^half >= @nr_blocks, half >= 1. */
static __u8 __kiog_wl_half_bits(__u64 nr_blocks)
{
	unsigned int bits = nr_blocks > 1 ?
			    64 - (unsigned int)__builtin_clzll(nr_blocks - 1) : 0;

	return (__u8)(bits > 2 ? (bits + 1) / 2 : 1);
}

int kiog_wl_init(struct kiog_wl *wl, const struct kiog_wl_cfg *cfg)
{
	__u32 unit;
	int rnd;

	/* not size < bs: bs may not be issued (bssplit, writes only), see below */
	if (!cfg->bs || cfg->rwmixread > 100 ||
	    cfg->percentage_random > 100 ||
	    cfg->rw < KIOGEN_RW_READ || cfg->rw >= __KIOGEN_RW_MAX ||
	    cfg->file_service_type > KIOGEN_FILE_SERVICE_SEQUENTIAL ||
	    cfg->offset + cfg->size < cfg->offset || kiog_bs_check(cfg) ||
	    kiog_dist_check(cfg->random_distribution, cfg->dist_param, &cfg->zones))
		return -1;

	*wl = (struct kiog_wl) {
		.base = cfg->offset,
		.span = cfg->size,
		.hole = cfg->rw_seq_add,
		.seq_nr = cfg->rw_seq_nr ? cfg->rw_seq_nr : 1,
		.seq_left = cfg->rw_seq_nr ? cfg->rw_seq_nr : 1,
		.seq_ident = cfg->rw_sequencer == KIOG_RW_SEQ_IDENTICAL,
		.bs = cfg->bs,
		.rwmixread = cfg->rwmixread,
		.perc_rand = (__u8)cfg->percentage_random,
		.fst = (__u8)cfg->file_service_type,
		.rw = (__u8)cfg->rw,
		.file_nr = cfg->file_service_nr ? cfg->file_service_nr : 1,
		.nr_files = 1,
		.open_max = cfg->openfiles,
	};
	/* blocks: where the smallest I/O fits, in the finest alignment */
	kiog_bs_init(&wl->sizes, cfg, cfg->seed);
	if (cfg->size < kiog_bs_largest(&wl->sizes, cfg->rw))
		return -1;
	wl->nr_blocks = kiog_bs_blocks(&wl->sizes, cfg->rw, cfg->size, &unit);
	wl->bs = unit;
	kiog_rng_seed(&wl->off_rng, cfg->seed);
	kiog_rng_seed(&wl->dir_rng, kiog_seed_mix(cfg->seed, KIOG_WL_DIR_STREAM));
	kiog_rng_seed(&wl->seq_rng, kiog_seed_mix(cfg->seed, KIOG_WL_SEQ_STREAM));
	kiog_rng_seed(&wl->file_rng, kiog_seed_mix(cfg->seed, KIOG_WL_FILE_STREAM));

	wl->dir = kiog_rw_trims(cfg->rw) ? KIOGEN_DIR_TRIM :
		  kiog_rw_reads(cfg->rw) ? KIOGEN_DIR_READ : KIOGEN_DIR_WRITE;
	wl->mixed = cfg->rw == KIOGEN_RW_RW || cfg->rw == KIOGEN_RW_RANDRW;
	wl->trimwrite = cfg->rw == KIOGEN_RW_TRIMWRITE;
	rnd = kiog_rw_random(cfg->rw);
	if (!rnd) {
		wl->order = KIOG_WL_SEQ;
	} else if (cfg->random_distribution != KIOGEN_RANDOM_DISTRIBUTION_RANDOM) {
		wl->order = KIOG_WL_DIST;
		if (kiog_dist_init(&wl->dist, cfg->random_distribution, cfg->dist_param,
				   &cfg->zones, wl->nr_blocks, wl->bs))
			return -1;
	} else if (cfg->norandommap) {
		wl->order = KIOG_WL_UNIFORM;
	} else {
		wl->order = KIOG_WL_PERM;
	}
	/* nothing but the map to decide: kiog_wl_next()'s short way */
	wl->plain = wl->order == KIOG_WL_PERM && !wl->mixed && !wl->trimwrite &&
		    !wl->sizes.variable && wl->seq_nr == 1 && wl->perc_rand >= 100;
	if (wl->order == KIOG_WL_PERM || wl->dist.scatter) {
		wl->half_bits = __kiog_wl_half_bits(wl->nr_blocks);
		__kiog_wl_rekey(wl);
	}
	return 0;
}

int kiog_wl_files(struct kiog_wl *wl, struct kiog_wl_file *files,
		  __u32 nr, const __u64 *spans)
{
	__u64 blocks;
	__u32 i, unit;
	int j;

	if (nr <= 1)
		return 0;
	if (spans && wl->order == KIOG_WL_DIST)
		return -1;
	wl->files = files;
	wl->nr_files = nr;
	wl->file = nr;		/* none yet: the first I/O picks file 0 */
	wl->plain = 0;		/* kiog_wl_next()'s short way picks no file */
	if (!wl->open_max || wl->open_max > nr)
		wl->open_max = nr;
	wl->nr_open = wl->open_max;
	for (i = 0; i < nr; i++) {
		files[i] = (struct kiog_wl_file) {
			.span = wl->span,
			.nr_blocks = wl->nr_blocks,
			.half_bits = wl->half_bits,
			.open = i < wl->open_max,
		};
		if (spans) {
			if (spans[i] < kiog_bs_largest(&wl->sizes, wl->rw))
				return -1;
			blocks = kiog_bs_blocks(&wl->sizes, wl->rw, spans[i], &unit);
			files[i].span = spans[i];
			files[i].nr_blocks = blocks;
			files[i].half_bits = __kiog_wl_half_bits(blocks);
		}
		/* file 0 keeps the keys kiog_wl_init() drew */
		for (j = 0; j < KIOG_WL_ROUNDS; j++)
			files[i].keys[j] = i ? kiog_seed_mix(wl->keys[j], i) : wl->keys[j];
	}
	return 0;
}
