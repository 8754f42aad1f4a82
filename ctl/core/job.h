/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A job as the user described it in fio's vocabulary, after parsing and
 * before it is encoded for the kernel; and the results of a run as they come
 * back, per worker, ready to be merged and reported.
 */
#ifndef KIOGEN_CTL_JOB_H
#define KIOGEN_CTL_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/kiogen.h>
#include <kiogen/hist.h>
#include <kiogen/job.h>
#include <kiogen/split.h>

#define KG_MAX_JOBS		64
#define KG_MAX_PERCENTILES	64
#define KG_CGROUP_LEN		256
#define KG_LOG_NAME_LEN		256

/* A job's log options, as fio's. */
struct kg_log_opts {
	char bw[KG_LOG_NAME_LEN];	/* write_bw_log: file name prefix; "": none */
	char iops[KG_LOG_NAME_LEN];
	char lat[KG_LOG_NAME_LEN];
	char hist[KG_LOG_NAME_LEN];
	uint32_t avg_msec;		/* log_avg_msec */
	uint32_t hist_msec;		/* log_hist_msec */
	uint32_t hist_coarseness;	/* log_hist_coarseness, 0..6 */
	bool max_value;			/* log_max_value */
	bool offset;			/* log_offset */
	bool prio;			/* log_prio: the I/O priority value, in hex */
	bool per_job;			/* per_job_logs */
	uint32_t ring;			/* log_ring: per-I/O samples a worker holds */
	bool unix_epoch;		/* log_unix_epoch: times from 1970, not the start */
	bool alternate_epoch;		/* log_alternate_epoch: from the epoch of */
	uint32_t alternate_clock;	/* log_alternate_epoch_clock_id */
};

/* What a worker kept for the logs, as it came back from the run. */
struct kg_log_data {
	uint64_t avg_ns;		/* window of @win */
	uint64_t hist_ns;
	uint32_t nr_win;		/* the last one is the partial window at the end */
	struct kiogen_log_window *win;
	uint32_t hist_len;		/* u32s in @hist */
	uint32_t *hist;			/* struct kiogen_log_hist records */
	uint32_t hist_lost;
	struct kiogen_log_io *io;	/* per-I/O samples, in completion order */
	uint64_t nr_io, cap_io;
	uint64_t io_lost;		/* samples the worker's ring had no room for */
};

/* ctl/core/jobs.c: the worker's log, made on first use (NULL: no memory) */
struct kg_worker;
struct kg_log_data *kg_log_of(struct kg_worker *w);
void kg_log_free(struct kg_log_data *l);
/* Appends @n per-I/O samples to @l; 0 or -ENOMEM (nothing appended). */
int kg_log_io_add(struct kg_log_data *l, const struct kiogen_log_io *io,
		  uint64_t n);
/* Grows *@p to hold @n items of @size, zeroed; 0 or -ENOMEM. */
int kg_log_grow(void **p, uint32_t *have, uint32_t n, size_t size);

/*
 * Options as the user gave them, fio's "job options" (and "global options"
 * for those before the first job): "name\0value\0" pairs in order.
 */
#define KG_GIVEN_LEN		8192
struct kg_given {
	uint32_t len;
	char buf[KG_GIVEN_LEN];
};

struct kg_job {
	char name[KIOGEN_NAME_LEN];
	char filename[KIOGEN_PATH_LEN];
	char ioengine[32];		/* as the user wrote it, fio's name */
	const char *engine;		/* kernel engine it maps to: "bio", "null" */
	/* the plain fields, sent to the kernel: include/kiogen/job.h */
	KIOG_JOB_FIELDS(KIOG_JOB_MEMBER)
	/* the CLI's own */
	uint64_t filesize;		/* bytes; 0 = size */
	/* size=N%, offset=N%, io_size=N%: of the target's size, 1..100; 0: bytes */
	uint32_t size_pct, offset_pct, io_size_pct;
	uint64_t offset_align;		/* a percent offset's; 0: the smallest bs */
	uint32_t kb_base;		/* fio's: 1024 (k = 1024, KiB = 1000) or 1000 */
	uint32_t fallocate;		/* enum kiogen_fallocate */
	uint32_t random_generator;	/* enum kg_randgen */
	bool direct_set;		/* direct= was given */
	uint32_t sync_flags;		/* fio's sync: O_SYNC or O_DSYNC on the job's opens */
	bool group_reporting;
	bool stonewall;			/* start after the jobs before it end */
	bool new_group;			/* start a new reporting group */
	uint32_t groupid;		/* fio's reporting group, set by kg_jobs_finish() */
	bool clat_percentiles;		/* report clat percentiles (fio's default) */
	bool lat_percentiles;		/* report lat percentiles too */
	/* syscall path, io_uring (fio's options) */
	bool fixedbufs;
	bool registerfiles;
	bool sqthread_poll;
	struct kg_log_opts log;		/* fio's log files: ctl/report/log.h */
	struct kg_given given;
	/* metadata engines (fio's filecreate, ...; include/kiogen/meta.h) */
	char directory[KIOGEN_PATH_LEN];	/* where their files are */
	char filename_format[KIOGEN_META_NAME_MAX + 1];	/* "": fio's default */
	/* data jobs' files (ctl/system/target.h) */
	bool files_generated;		/* nrfiles names from filename_format */
	bool unlink;			/* remove them after the run */
	bool create_on_open;		/* create them sparse, no layout */
	bool file_append;		/* the region starts at the files' end */
	bool fsync_on_close;		/* written files fsynced once the job is done */
	bool create_only;		/* the files laid out, no I/O, nothing reported */
	uint32_t uid, gid;		/* fio's: the files opened for I/O as these, */
	bool uid_set, gid_set;		/* when given */
	bool no_file_create;		/* fio's allow_file_create=0: a missing file is an error */
	bool no_create_fsync;		/* fio's create_fsync=0: a layout is not fsynced */
	bool pre_read;			/* read the files into the page cache first */
	bool allow_mounted_write;	/* syscall path: no O_EXCL claim on a written device */
	uint32_t mem_policy;		/* syscall path: set_mempolicy's mode + 1; 0: none */
	struct kiog_zones mem_nodes;	/* its nodes */
	uint32_t write_hint;		/* F_SET_RW_HINT on the files: RWH_WRITE_LIFE_* */
	uint32_t bwavgtime_ms;		/* the report's bandwidth windows */
	uint32_t iopsavgtime_ms;	/* and IOPS windows: multiples of the samples' */
	uint64_t lockmem;		/* bytes each worker pins (mlock) for the run */
	char ioscheduler[32];		/* set on the files' devices before the run */
	char opendir[KIOGEN_PATH_LEN];	/* its regular files, and below, join filename */
	char exec_prerun[1024];		/* shell commands before the job's run, */
	char exec_postrun[1024];	/* and after it */
	uint64_t filesize_lo;		/* filesize=LOW-HIGH's LOW; filesize is HIGH */
	uint64_t meta_layout;		/* filestat, filedelete: files laid out to it first */
	uint32_t fadvise_hint;		/* enum kg_fadvise */
	/* fio's cgroup options (ctl/options/cgroup.h): the CLI's, never the kernel's */
	char cgroup[KG_CGROUP_LEN];	/* below the cgroup2 root; "": none */
	uint32_t cgroup_weight;		/* fio's 100 to 1000; 0: not set */
	bool cgroup_nodelete;
};

/* fio's fadvise_hint */
enum kg_fadvise {
	KG_FADV_NONE,
	KG_FADV_TYPE,		/* fio's 1: random or sequential, as rw */
	KG_FADV_SEQUENTIAL,
	KG_FADV_RANDOM,
};

/* fio's random_generator: kiogen draws from xoshiro256** whatever it is */
enum kg_randgen {
	KG_RANDGEN_TAUSWORTHE,
	KG_RANDGEN_LFSR,
};

/* Who issues the I/O: kernel threads (kiogen) or this process (syscalls). */
enum kg_path {
	KG_PATH_KERNEL,
	KG_PATH_SYSCALL,
};

/*
 * The report's formats, fio's --output-format: a set, printed in fio's
 * order, terse, then JSON, then normal.
 */
enum kg_output_format {
	KG_OUT_NORMAL = 1 << 0,
	KG_OUT_JSON = 1 << 1,
	KG_OUT_JSON_PLUS = 1 << 2,	/* only with KG_OUT_JSON: the latency buckets too */
	KG_OUT_TERSE = 1 << 3,
};

/* fio's terse versions kiogen prints; fio's default is the first */
#define KG_TERSE_DEFAULT	3
#define KG_TERSE_MAX		5

/*
 * --repeat's bounds, beside its fields: the option table checks them, the
 * repeats (ctl/report/repeat.h) keep to them. --repeat_until without
 * --repeat_max stops at the default.
 */
#define KG_REPEAT_MAX_DEFAULT	20
/* the most --repeat and --repeat_max take */
#define KG_REPEAT_LIMIT		100
/* --repeat_until needs this many repeats before it judges the interval */
#define KG_REPEAT_UNTIL_MIN	3

/* fio's --eta: auto shows the progress line when stderr is a terminal and the report is text */
enum kg_eta {
	KG_ETA_AUTO,
	KG_ETA_ALWAYS,
	KG_ETA_NEVER,
};

/* Options that apply to the whole invocation, not to one job. */
struct kg_global {
	uint32_t output_formats;	/* enum kg_output_format; 0: normal */
	uint32_t terse_version;		/* 0: KG_TERSE_DEFAULT */
	char output[KIOGEN_PATH_LEN];	/* --output: the report's file; "": stdout */
	enum kg_path path;		/* --path=kernel|syscall */
	bool detached;
	uint32_t nr_percentiles;
	uint32_t percentile_ppm[KG_MAX_PERCENTILES];	/* 99.9 -> 999000 */
	bool percentiles_set;		/* --percentile_list given */
	/* repeats of the whole run (ctl/report/repeat.h); 0: once */
	uint32_t repeat;		/* --repeat=N */
	uint32_t repeat_max;		/* --repeat_max: cap of repeat_until */
	double repeat_until;		/* --repeat_until=X%: CI half-width, percent */
	uint32_t eta;			/* enum kg_eta: the progress line */
	uint64_t eta_interval_ns;	/* its refresh; 0: every second */
	uint64_t eta_newline_ns;	/* a new line this often; 0: never */
	uint64_t status_interval_ns;	/* the report so far this often; 0: never */
	struct kg_given given;		/* the options before the first job */
};

/* The formats of @g (NULL: fio's defaults), never empty. */
static inline uint32_t kg_output_formats(const struct kg_global *g)
{
	return g && g->output_formats ? g->output_formats : KG_OUT_NORMAL;
}

/*
 * Whether the report is fio's text alone: only then do messages (layout,
 * progress) share stdout with it, as other formats are read by programs.
 */
/* A job's I/O priority as ioprio_set() and an SQE take it; 0 without prioclass. */
static inline uint16_t kg_job_ioprio(const struct kg_job *j)
{
	return j->prioclass ? (uint16_t)(j->prioclass << 13 | j->prio) : 0;
}

static inline bool kg_output_text_only(const struct kg_global *g)
{
	return kg_output_formats(g) == KG_OUT_NORMAL;
}

/*
 * One direction (read, write or sync) of one worker, or merged over several.
 * Latencies as fio defines them: lat from building the I/O to its
 * completion, clat from its issue to its completion, slat from building to
 * issue. lat and clat each have a histogram; slat is only summarised, and
 * only asynchronous jobs have one (@has_slat). The sync direction has lat
 * alone, and there clat is a copy of it.
 */
struct kg_dir {
	uint64_t ios;
	uint64_t bytes;
	uint64_t errors;
	uint64_t short_ios;
	uint64_t inline_ios;		/* completed inside their submission: clat to the reap */
	uint64_t lat_min;		/* ns; valid when ios > 0 */
	uint64_t lat_max;
	uint64_t lat_sum;
	long double lat_sumsq;		/* ns^2 */
	uint64_t clat_min;		/* ns */
	uint64_t clat_max;
	uint64_t clat_sum;
	long double clat_sumsq;
	uint64_t slat_min;		/* ns; valid when has_slat */
	uint64_t slat_max;
	uint64_t slat_sum;
	long double slat_sumsq;
	bool has_slat;
	uint64_t sched_ios;		/* rate limits: I/Os of the sched lat */
	uint64_t sched_min;		/* ns, due to completion; valid when sched_ios */
	uint64_t sched_max;
	uint64_t sched_sum;
	long double sched_sumsq;
	uint64_t hist[KIOG_HIST_BUCKETS];	/* lat */
	uint64_t clat_hist[KIOG_HIST_BUCKETS];
	uint64_t sched_hist[KIOG_HIST_BUCKETS];	/* kiogen's sched lat */
};

struct kg_worker {
	uint32_t job, index;
	uint64_t elapsed_ns;
	uint64_t cpu_usr_ns, cpu_sys_ns;
	uint64_t ctx_vol, ctx_invol;
	uint64_t mem;
	uint64_t digest, issued;
	uint64_t stamps_behind;		/* I/Os with a stamp before their start */
	int32_t error;
	uint64_t depths[KIOGEN_DEPTH_BUCKETS];	/* I/Os by depth at issue */
	uint64_t submit[KIOGEN_DEPTH_BUCKETS];	/* submit calls by I/Os each */
	uint64_t complete[KIOGEN_DEPTH_BUCKETS];	/* reaps by I/Os each */
	struct kg_dir dir[KIOGEN_DIR_MAX + 1];	/* by enum kiogen_dir */
	struct kiogen_sample *samples;	/* cumulative counters per interval */
	uint32_t nr_samples;
	uint64_t sample_ns;
	struct kiog_split split;	/* latency split; split.ios 0: none */
	/* block phases of the latency split; blk_on false: none */
	struct kiog_blk_split blk;
	uint32_t blk_tps;		/* KIOGEN_BLK_TP_* the kernel probed */
	bool blk_on, blk_file;
	struct kg_log_data *log;	/* windows for fio's log files; NULL: none */
	uint64_t log_lost;		/* a merged view's: its workers' log->io_lost */
	bool has_verify;		/* the job verified: @verify holds */
	struct kiogen_verify_result verify;
};

/* /sys/block/<dev>/stat before and after a run (fio's "Disk stats"). */
struct kg_disk {
	char name[64];
	uint64_t before[17], after[17];
	uint64_t wall_ms;		/* between the two reads */
	bool valid;
};

struct kg_job_result {
	const struct kg_job *job;
	uint32_t nr_workers;
	struct kg_worker *workers;	/* nr_workers, index order */
	uint64_t log_epoch_ms;		/* the log clock at its start (kg_log_epoch_ms()) */
};

struct kg_sysinfo;

struct kg_run_result {
	uint32_t id;
	uint32_t state;			/* enum kiogen_run_state */
	int32_t error;
	uint64_t elapsed_ns;
	uint32_t nr_jobs;
	struct kg_job_result jobs[KG_MAX_JOBS];
	uint32_t nr_disks;
	struct kg_disk disks[KG_MAX_JOBS];
	/* a merged run of repeats (ctl/report/repeat.h): each repeat's own result */
	uint32_t nr_repeats;
	const struct kg_run_result *repeats;
	/* the system under test (ctl/system/sysinfo.h); NULL: not recorded */
	const struct kg_sysinfo *record;
};

/* The jobs of one invocation, with the options that are not a job's. */
struct kg_option;
#define KG_MAX_NOTED		64

struct kg_jobs {
	struct kg_job defaults;		/* options given before the first --name */
	struct kg_job jobs[KG_MAX_JOBS];
	unsigned int nr_jobs;
	struct kg_global global;
	/* fio options given that kiogen accepts without effect: said once */
	const struct kg_option *noted[KG_MAX_NOTED];
	unsigned int nr_noted;
};

/*
 * The jobs that start together from job @first: up to the next stonewall
 * (ctl/core/jobs.c). Returns the index after the last of them.
 */
unsigned int kg_jobs_phase_end(const struct kg_jobs *js, unsigned int first);

/* Status of one run as the kernel reports it. */
struct kg_status {
	uint32_t id, state, flags, nr_jobs, nr_workers;
	uint64_t elapsed_ns, ios, bytes, errors, mem;
	int32_t error;
};

#endif /* KIOGEN_CTL_JOB_H */
