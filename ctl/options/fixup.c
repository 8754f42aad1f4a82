// SPDX-License-Identifier: GPL-2.0
/*
 * fio's fix-ups after parsing (fio's init.c fixup_options()): each job's
 * kernel engine and mode from the ioengine registry, the checks that need
 * the whole job, fio's derived defaults, and the reporting groups of the
 * run. kg_jobs_finish() is the one entry; what it refuses names the option.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>

#include <kiogen/dist.h>
#include <kiogen/meta.h>

#include "bs.h"
#include "cgroup.h"
#include "ioengines.h"
#include "options.h"
#include "verify.h"

/*
 * The kernel engine: named by ioengine= (bio, kiocb, null), else chosen by
 * the target, as fio would treat it: a block device read or written
 * directly goes to bio; a file, or a block device through the page cache
 * (direct=0 given), goes to kiocb.
 */
static const char *kg_engine_for(const struct kg_job *j, const char *named)
{
	char path[KIOGEN_PATH_LEN];
	struct stat st;

	uint32_t i;

	if (named)
		return named;
	if (!j->direct && j->direct_set)
		return "kiocb";
	/* several targets: bio when every one is a block device */
	for (i = 0; i < kg_job_nr_files(j); i++)
		if (kg_job_file_path(j, i, path, sizeof(path)) || stat(path, &st) ||
		    !S_ISBLK(st.st_mode))
			return "kiocb";
	return "bio";
}

/*
 * fio's fixups of the batch options (fixup_options()): a batch of 0, or
 * larger than iodepth, is iodepth; so is a low-water mark of 0 or above
 * iodepth; the most completions reaped at once are at least the fewest
 * waited for. Neither can exceed iodepth either, since no more are ever in
 * flight (fio bounds them by the current depth as it runs).
 */
static void kg_job_fixup_batches(struct kg_job *j)
{
	if (!j->iodepth_batch || j->iodepth_batch > j->iodepth)
		j->iodepth_batch = j->iodepth;
	if (!j->iodepth_low || j->iodepth_low > j->iodepth)
		j->iodepth_low = j->iodepth;
	if (j->iodepth_batch_complete_min > j->iodepth)
		j->iodepth_batch_complete_min = j->iodepth;
	if (j->iodepth_batch_complete_min > j->iodepth_batch_complete_max)
		j->iodepth_batch_complete_max = j->iodepth_batch_complete_min;
	if (j->iodepth_batch_complete_max > j->iodepth)
		j->iodepth_batch_complete_max = j->iodepth;
}

/*
 * The metadata engines: their target is the directory (fio's default, the
 * current one), named as the report's filename; file k is block k of a
 * region of nrfiles blocks, so the generator orders them and io_size and
 * number_ios count operations. fio's filesize defaults to size / nrfiles.
 */
static int kg_job_finish_meta(struct kg_job *j, FILE *err)
{
	enum kiog_meta_op op = kiog_meta_op_of(j->engine);
	char name[KIOGEN_META_NAME_MAX + 1];

	if (j->filename[0]) {
		fprintf(err, "kiogen: %s: filename: ioengine=%s works in a directory: give directory=\n",
			j->name, j->ioengine);
		return -EINVAL;
	}
	if (j->offset) {
		fprintf(err, "kiogen: %s: offset: ioengine=%s takes none\n", j->name, j->ioengine);
		return -EINVAL;
	}
	/* file k is block k: one size, nothing between blocks */
	if (j->bs_write || j->bs_max || j->bs_write_max || j->bssplit.nr || j->rw_seq_add ||
	    j->offset_increment) {
		fprintf(err, "kiogen: %s: bs: ioengine=%s takes one block size (no bs=READ,WRITE, bsrange, bssplit, rw=X:N holes or offset_increment)\n",
			j->name, j->ioengine);
		return -EINVAL;
	}
	snprintf(j->filename, sizeof(j->filename), "%s", j->directory[0] ? j->directory : ".");
	if (!j->filesize && j->size && op == KIOG_META_FILECREATE)
		j->filesize = j->size / j->nrfiles;
	/* fio lays out the files filestat and filedelete find, as for a data job */
	if (j->filesize && (op == KIOG_META_FILESTAT || op == KIOG_META_FILEDELETE)) {
		j->meta_layout = j->filesize;
		j->filesize = 0;
	}
	if (j->filesize && op != KIOG_META_FILECREATE) {
		fprintf(err, "kiogen: %s: filesize: only ioengine=filecreate, filestat and filedelete take it\n",
			j->name);
		return -EINVAL;
	}
	j->meta_filesize = j->filesize;
	j->filesize = 0;
	j->size = 0;
	if (kiog_meta_name(name, sizeof(name), j->filename_format[0] ? j->filename_format :
			   KIOG_META_FORMAT_DEFAULT, j->name, 0, 0) < 0) {
		fprintf(err, "kiogen: %s: filename_format: gives a name that is empty, \".\", \"..\", longer than %u bytes or has a '/'\n",
			j->name, KIOGEN_META_NAME_MAX);
		return -EINVAL;
	}
	return 0;
}

static int kg_job_finish(struct kg_job *j, enum kg_path path, FILE *err,
			 FILE *info)
{
	const struct kg_ioengine *e = kg_ioengine_find(j->ioengine);

	j->mode = e ? e->mode : KIOGEN_MODE_SYNC;
	j->engine = kg_engine_for(j, e ? e->kernel : NULL);
	if (!strcmp(j->engine, "bio") && j->direct_set && !j->direct) {
		fprintf(err, "kiogen: %s: direct: the bio engine is always direct (use ioengine=kiocb for the page cache)\n",
			j->name);
		return -EINVAL;
	}
	if (j->mem_policy && path == KG_PATH_KERNEL) {
		fprintf(err, "kiogen: %s: numa_mem_policy: the module allocates its workers' buffers itself; --path=syscall sets the policy\n",
			j->name);
		return -EINVAL;
	}
	if (!strcmp(j->engine, "bio") && j->sync_flags) {
		fprintf(err, "kiogen: %s: sync: the bio engine's bios do not take O_SYNC or O_DSYNC (use ioengine=kiocb)\n",
			j->name);
		return -EINVAL;
	}
	if (!strcmp(j->engine, "bio"))
		j->direct = true;	/* bios bypass the page cache */

	if (kiog_meta_op_of(j->engine) != KIOG_META_NONE && kg_job_finish_meta(j, err))
		return -EINVAL;
	if (kiog_meta_op_of(j->engine) == KIOG_META_NONE && strcmp(j->engine, "null") &&
	    kg_job_finish_files(j, err, info))
		return -EINVAL;
	if (j->meta_filesize_min && kiog_meta_op_of(j->engine) != KIOG_META_FILECREATE) {
		fprintf(err, "kiogen: %s: filesize: a range LOW-HIGH is for ioengine=filecreate\n",
			j->name);
		return -EINVAL;
	}
	if (strcmp(j->engine, "null") && !j->filename[0]) {
		fprintf(err, "kiogen: %s: filename: needs a target (--filename=/dev/... or a file)\n",
			j->name);
		return -EINVAL;
	}
	if (!strcmp(j->engine, "null") && !j->size) {
		fprintf(err, "kiogen: %s: size: the null engine needs a size%s\n", j->name,
			j->size_pct ? " in bytes (it has no target to take a percentage of)" : "");
		return -EINVAL;
	}
	if (j->size && j->size < j->bs) {
		fprintf(err, "kiogen: %s: size: smaller than one block (bs)\n", j->name);
		return -EINVAL;
	}
	if (kg_bs_finish(j, err))
		return -EINVAL;
	if (j->size && j->random_distribution == KIOGEN_RANDOM_DISTRIBUTION_ZONED_ABS &&
	    kiog_dist_zones_fit(&j->zones, j->size / j->bs, j->bs)) {
		fprintf(err, "kiogen: %s: random_distribution: zoned_abs zones end past the region (size)\n",
			j->name);
		return -EINVAL;
	}
	if (kg_job_rate_check(j, err))
		return -EINVAL;
	if (kg_job_place_check(j, err))
		return -EINVAL;
	if (j->time_based && !j->runtime_ns) {
		fprintf(err, "kiogen: %s: time_based: needs a runtime\n", j->name);
		return -EINVAL;
	}
	if (kg_job_verify_check(j, err))
		return -EINVAL;
	if (!strcmp(j->engine, "bio") && (j->fsync || j->fdatasync || j->end_fsync)) {
		fprintf(err, "kiogen: %s: fsync: a block device through bio has nothing to fsync (use a file, or ioengine=kiocb)\n",
			j->name);
		return -EINVAL;
	}
	/* the module's workers act as the directory's opener; these threads do not */
	if ((j->uid_set || j->gid_set) && path == KG_PATH_SYSCALL &&
	    kiog_meta_op_of(j->engine) != KIOG_META_NONE) {
		fprintf(err, "kiogen: %s: %s: --path=syscall's threads make and remove files as the invoking user (the kernel path's workers act as uid and gid)\n",
			j->name, j->uid_set ? "uid" : "gid");
		return -EINVAL;
	}
	if (j->mode == KIOGEN_MODE_SYNC && j->iodepth > 1) {
		fprintf(info, "kiogen: %s: ioengine=%s is synchronous, iodepth=%u ignored (as fio)\n",
			j->name, j->ioengine, j->iodepth);
		j->iodepth = 1;
	}
	kg_job_fixup_batches(j);
	/* fio's lfsr never repeats a block in a pass, map or not: the permutation */
	if (j->random_generator == KG_RANDGEN_LFSR)
		j->norandommap = false;
	if (j->hipri && !j->direct) {
		fprintf(err, "kiogen: %s: hipri: polled completions need direct=1\n", j->name);
		return -EINVAL;
	}
	if (path == KG_PATH_KERNEL && strcmp(j->ioengine, j->engine))
		fprintf(info, "kiogen: %s: ioengine=%s -> kernel engine %s%s, %s\n",
			j->name, j->ioengine, j->engine,
			strcmp(j->engine, "kiocb") ? "" : j->direct ? " (O_DIRECT)" : " (buffered)",
			j->mode == KIOGEN_MODE_SYNC ? "synchronous (one I/O at a time per worker)" :
			"asynchronous (iodepth in flight per worker)");
	return 0;
}

int kg_jobs_finish(struct kg_jobs *js, FILE *err, FILE *info)
{
	unsigned int i;

	if (!js->nr_jobs) {
		fprintf(err, "kiogen: no job: start one with --name=NAME\n");
		return -EINVAL;
	}
	for (i = 0; i < js->nr_jobs; i++) {
		struct kg_job *j = &js->jobs[i];

		/* fio: thinktime_iotime alone when thinktime_blocks is not given */
		if (j->thinktime_iotime_ns && !kg_given_has(&j->given, "thinktime_blocks") &&
		    !kg_given_has(&js->global.given, "thinktime_blocks"))
			j->thinktime_blocks = 0;
		if (kg_job_finish(j, js->global.path, err, info))
			return -EINVAL;
	}
	for (i = 0; i < js->nr_noted; i++)
		fprintf(info, "kiogen: fio option '%s' has no effect in kiogen: %s\n",
			js->noted[i]->name, js->noted[i]->note);
	if (js->global.eta_interval_ns && js->global.eta_interval_ns < KG_ETA_INTERVAL_MIN_NS) {
		fprintf(err, "kiogen: eta-interval: less than 250ms is not supported, as fio\n");
		return -EINVAL;
	}
	if (js->global.status_interval_ns) {
		const char *why = js->global.status_interval_ns < KG_STATUS_INTERVAL_MIN_NS ?
			"less than 1ms is too small, as fio" :
			js->global.path == KG_PATH_SYSCALL ?
			"the syscall path gives its results at its end only" :
			js->global.detached ? "the CLI does not wait for a detached run" : NULL;

		if (why) {
			fprintf(err, "kiogen: status-interval: %s\n", why);
			return -EINVAL;
		}
	}
	/* fio leaves a create_only job out of its report; kiogen reports runs */
	for (i = 1; i < js->nr_jobs; i++)
		if (js->jobs[i].create_only != js->jobs[0].create_only) {
			fprintf(err, "kiogen: %s: create_only: every job of the run or none (run the layout apart)\n",
				js->jobs[i].create_only ? js->jobs[i].name : js->jobs[0].name);
			return -EINVAL;
		}
	/* fio's groups: a stonewall or new_group after other jobs starts one */
	for (i = 1; i < js->nr_jobs; i++)
		js->jobs[i].groupid = js->jobs[i - 1].groupid +
			(js->jobs[i].stonewall || js->jobs[i].new_group);
	for (i = 0; js->global.detached && i < js->nr_jobs; i++) {
		if (js->jobs[i].lockmem || js->jobs[i].exec_postrun[0]) {
			fprintf(err, "kiogen: %s: the CLI holds the pinned memory, or runs the command after the run: not with detached\n",
				js->jobs[i].lockmem ? "lockmem" : "exec_postrun");
			return -EINVAL;
		}
	}
	if (js->global.detached && kg_jobs_phase_end(js, 0) < js->nr_jobs) {
		fprintf(err, "kiogen: stonewall: the CLI starts each group when the one before "
			"has ended: not with detached\n");
		return -EINVAL;
	}
	return kg_jobs_cgroup_check(js, err, info);
}

