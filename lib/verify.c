// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Setting up verification (include/kiogen/verify.h): the sizes a verify
 * mode can check, and a worker's verify state. Run once per job or worker;
 * the per-I/O stamping and checking stay inline in the header. Built into
 * both kiogen.ko and the CLI.
 */
#include <kiogen/verify.h>

void kiog_vfy_init(struct kiog_vfy *v, const struct kiog_vfy_cfg *cfg,
		   __u32 rw, const struct kiog_core_cfg *cc,
		   struct kiog_wl *wl, __u32 run, __u32 job, __u32 worker)
{
	const __u8 *pat = cfg->verify_pattern.b;
	__u64 h = (__u64)cfg->verify << 40 | (__u64)cfg->do_verify << 36 |
		  (__u64)cfg->verify_only << 33 | (__u64)cfg->verify_fatal << 32 |
		  cfg->verify_backlog;
	__u32 i;

	v->type = (__u8)cfg->verify;
	v->pat = cfg->verify_pattern;
	if (v->pat.len > sizeof(v->pat.b))
		v->pat.len = 0;
	v->run = run;
	v->job = job;
	v->worker = worker;
	v->phase = KIOG_VFY_WRITE;
	if (cfg->verify == KIOGEN_VERIFY_NONE)
		return;
	for (i = 0; i < v->pat.len; i++)
		h = __kiog_mix64(h ^ pat[i]);
	wl->digest = __kiog_rotl64(wl->digest ^ __kiog_mix64(h ^ KIOG_VFY_DIGEST), 27) *
		     0x9fb21c651e98df25ULL;
	v->fatal = cfg->verify_fatal;
	if (!kiog_rw_writes(rw)) {
		const struct kiog_bs_dir *d = &wl->sizes.d[KIOGEN_DIR_READ];

		v->self = 1;
		if (d->min != d->max || d->align != d->min)
			v->read_unit = d->min;
		return;
	}
	v->stamp = cfg->verify != KIOGEN_VERIFY_PATTERN;
	v->only = cfg->verify_only;
	v->readback = cfg->do_verify || v->only;
	v->backlog = v->only || !v->readback ? 0 : cfg->verify_backlog;
	v->io_limit = cc->number_ios ? cc->number_ios : ~0ULL;
	v->byte_limit = cc->io_size ? kiog_core_bytes(cc) : ~0ULL;
	v->replay = *wl;
	if (v->only) {
		v->phase = KIOG_VFY_READ;
		v->final = 1;
		v->target = ~0ULL;
	}
}

const char *kiog_vfy_check_sizes(__u32 verify,
				 const struct kiog_wl_cfg *c,
				 int *attr)
{
	int w = kiog_rw_writes(c->rw);
	const struct kiog_bs_dir *d;
	struct kiog_bs b;

	if (verify == KIOGEN_VERIFY_NONE)
		return NULL;
	/* a trimmed block holds nothing to check; trimwrite's writes take the trims' size */
	if (kiog_rw_trims(c->rw)) {
		*attr = KIOGEN_A_JOB_RW;
		return "rw: verify is not done with trims (trim, randtrim, trimwrite)";
	}
	kiog_bs_init(&b, c, 0);
	d = &b.d[w ? KIOGEN_DIR_WRITE : KIOGEN_DIR_READ];
	if (!w && (d->min != d->max || d->align != d->min) && c->blocksize_unaligned) {
		*attr = KIOGEN_A_JOB_BLOCKSIZE_UNALIGNED;
		return "blocksize_unaligned: verify of mixed reads checks whole smallest reads";
	}
	if (!w && d->align % d->min) {
		*attr = KIOGEN_A_JOB_BLOCKALIGN;
		return "blockalign: verify of mixed reads: offsets on multiples of the smallest";
	}
	if (verify != KIOGEN_VERIFY_PATTERN && d->min < KIOG_VFY_HDR_LEN) {
		*attr = w && c->bs_write ? KIOGEN_A_JOB_BS_WRITE : KIOGEN_A_JOB_BS;
		return "bs: smaller than the verify header";
	}
	return NULL;
}
