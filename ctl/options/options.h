/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio-style option parsing: "--name=value" arguments (or "name=value" lines
 * of a job file) into jobs. Options before the first --name are defaults for
 * every job, as on fio's command line. Nothing here talks to the kernel, so
 * it is tested on the host.
 */
#ifndef KIOGEN_CTL_OPTIONS_H
#define KIOGEN_CTL_OPTIONS_H

#include <stddef.h>
#include <stdio.h>
#include "core/job.h"

enum kg_opt_type {
	KG_OPT_STR,		/* copied into a char array of @len */
	KG_OPT_INT,		/* u32, a plain number */
	KG_OPT_SIZE32,		/* u32, a size with k/m/g suffixes */
	KG_OPT_SIZE64,		/* u64 */
	KG_OPT_TIME,		/* u64 nanoseconds, from fio's time syntax */
	KG_OPT_BOOL,		/* bool: 1, 0, or no value for 1 */
	KG_OPT_POSVAL,		/* u32 from a word of @posval */
	KG_OPT_POSVAL_SET,	/* u32, the OR of a comma list of @posval words */
};

/* Where an option's field lives. */
enum kg_opt_scope {
	KG_OPT_JOB,		/* struct kg_job of the current job (or defaults) */
	KG_OPT_GLOBAL,		/* struct kg_global: the whole invocation */
};

/* When a job option is listed in a report's "job options". */
enum kg_opt_report {
	KG_REPORT_NEVER,
	KG_REPORT_ALWAYS,
	KG_REPORT_SET,		/* only when not zero or empty */
	KG_REPORT_MIXED,	/* only when rw mixes reads and writes */
	KG_REPORT_CHANGED,	/* only when not the default */
};

/* Whose option it is: README's table of fio's job options lists the first */
enum kg_opt_origin {
	KG_FIO_JOB,		/* one of fio's job options (fio --cmdhelp=all) */
	KG_FIO_CLI,		/* a flag of fio's command line */
	KG_FIO_OTHER,		/* an engine's or a profile's, or deprecated in fio */
	KG_KIOGEN,		/* kiogen's own */
};

#define KG_OPT_MAX_POSVAL	24

/* Headings of "kiogen help run", in the order first met in the tables */
#define KG_CAT_JOB	"Job and target"
#define KG_CAT_IO	"I/O pattern"
#define KG_CAT_ENGINE	"Engine and queue"
#define KG_CAT_LIMITS	"Amount and time"
#define KG_CAT_FILE	"Files and syncs"
#define KG_CAT_REPORT	"Run and report"
#define KG_CAT_NOTED	"fio's options accepted without effect"
#define KG_CAT_REFUSED	"fio's options kiogen refuses"

/* One allowed value: what is written, what it means, what is stored. */
struct kg_opt_value {
	const char *ival;
	const char *help;
	uint32_t oval;
};

/**
 * struct kg_option - one option, as fio's struct fio_option
 * @name: as given, --name=value
 * @alias: another name for it
 * @inverse: a percentage option this one is the complement of: setting
 *	this sets that one to 100 - value (rwmixwrite -> rwmixread)
 * @type: value syntax and field type
 * @scope: job or global field
 * @off1: offset of the field in its scope's struct (unused with @cb only)
 * @len: KG_OPT_STR: size of the array
 * @pct_off: a value "N%" (1 to 100) is a percentage of the target's size,
 *	stored as a u32 at this offset of the job instead (fio's size=20%)
 * @time_unit: KG_OPT_TIME: ns of a number without a suffix; 0: seconds
 * @minval: bounds of numbers; both 0: no bounds
 * @maxval: see @minval
 * @def: default, as it would be written (applied to every new job)
 * @def_differs: why @def is not fio's default, when it is not; a host test
 *	(ctl/tests/test_fio_defaults.c) fails on a difference without one
 * @posval: the allowed values of KG_OPT_POSVAL, or of a KG_OPT_STR that
 *	only takes some words
 * @cb: does what storing the value cannot; called after the value checks
 *	of @type and @posval, or instead of storing it when @off1 is 0
 * @cb_default: @def is parsed by @cb too (the option fills several fields)
 * @show: the value reports list, for an option of several fields; NULL:
 *	not listed
 * @report: when the job option is listed in reports
 * @origin: fio's job option (the default), or whose else
 * @note: a fio option accepted without effect, since it cannot change
 *	what a kernel thread does (fio's own processes, clocks, memory): why,
 *	said once per run (kg_jobs_finish()); the row stores nothing
 * @refused: a fio option kiogen does not support: why. Only fio's default
 *	(@def), which asks for nothing, is taken; the row stores nothing
 * @category: heading in "kiogen help run"
 * @help: one line (rows with @note or @refused: NULL, they say it)
 */
struct kg_option {
	const char *name;
	const char *alias;
	const char *inverse;
	enum kg_opt_type type;
	enum kg_opt_scope scope;
	size_t off1;
	size_t len;
	size_t pct_off;
	uint64_t time_unit;
	uint64_t minval, maxval;
	const char *def;
	const char *def_differs;
	struct kg_opt_value posval[KG_OPT_MAX_POSVAL];
	int (*cb)(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
		  const char *value, FILE *err);
	bool cb_default;
	const char *(*show)(const struct kg_job *j, char *buf, size_t len);
	enum kg_opt_report report;
	enum kg_opt_origin origin;
	const char *note;
	const char *refused;
	const char *category;
	const char *help;
};

/* A job option's field: kg_job member @f */
#define KG_JOFF(f)	offsetof(struct kg_job, f)
#define KG_JLEN(f)	sizeof(((struct kg_job *)0)->f)
#define KG_GOFF(f)	offsetof(struct kg_global, f)

/**
 * kg_options_register() - add a table of options, e.g. one engine's own
 * @table: ends with an entry whose name is NULL; must outlive the process
 *
 * For engines' tables, from a constructor (as fio's engines register).
 * Tables are walked, and reports list their options, in the order they
 * register: the constructor's priority, KG_OPT_TABLE_*, fixes it whatever
 * the link order.
 */
void kg_options_register(const struct kg_option *table);
#define KG_OPT_TABLE_ENGINE	201	/* an engine's own, after the main table */
#define KG_OPT_TABLE_LOG	202	/* fio's log files' */

/**
 * kg_job_options_each() - the options of a job a report lists, in order
 * @j: the job
 * @fn: called with each option's name and value as text
 * @ctx: for @fn
 */
void kg_job_options_each(const struct kg_job *j,
			 void (*fn)(void *ctx, const char *name, const char *value),
			 void *ctx);
/**
 * kg_given_add() - note an option as given; a later value replaces one before
 * @g: a job's, or the global ones
 * @name: the option's name
 * @v: its value as the user wrote it
 * @err: for the message when @g is full
 */
int kg_given_add(struct kg_given *g, const char *name, const char *v, FILE *err);
/* Was option @name (its table name) given in @g? */
bool kg_given_has(const struct kg_given *g, const char *name);
/**
 * kg_given_each() - options as the user gave them, in order
 * @g: a job's, or the global ones
 * @fn: called with each option's name and value as given
 * @ctx: for @fn
 */
void kg_given_each(const struct kg_given *g,
		   void (*fn)(void *ctx, const char *name, const char *value),
		   void *ctx);

/* Error messages are written to @err; each names the option. */
void kg_jobs_init(struct kg_jobs *js);
/*
 * argv of kiogen run: --name=value, --name value, -name=value, and job files
 * (ctl/options/jobfile.h; "-" is stdin), with --section=NAME choosing their jobs.
 */
int kg_parse_args(struct kg_jobs *js, int argc, char **argv, FILE *err);
/* The same, a job file's section @over laid over the job before it (kiogen ab's [b]). */
int kg_parse_args_over(struct kg_jobs *js, int argc, char **argv, const char *over,
		       FILE *err);
/* One option to job @job, as if given last in it (kiogen ab's --b-OPTION). */
int kg_parse_job_option(struct kg_jobs *js, unsigned int job, const char *name,
			const char *v, FILE *err);
/* One option, to the last job (or to the defaults before the first job). */
int kg_parse_option(struct kg_jobs *js, const char *name, const char *value,
		    FILE *err);
/* One option to the defaults of the jobs still to come: fio's [global]. */
int kg_parse_default(struct kg_jobs *js, const char *name, const char *value, FILE *err);
/* Final checks and fio's defaults; prints the ioengine mapping to @info. */
int kg_jobs_finish(struct kg_jobs *js, FILE *err, FILE *info);

/* fio's floor of --eta-interval */
#define KG_ETA_INTERVAL_MIN_NS	250000000ULL
#define KG_STATUS_INTERVAL_MIN_NS	1000000ULL	/* fio's least */

int kg_parse_size(const char *s, uint64_t *out);
int kg_parse_time_ns(const char *s, uint64_t *out);
/* The same, a number without a suffix counting @unit_ns (thinktime: us). */
int kg_parse_time_unit(const char *s, uint64_t unit_ns, uint64_t *out);
const char *kg_rw_name(uint32_t rw);

/* Help text of every option, from the tables, for "kiogen help run". */
void kg_options_usage(FILE *f);

/* rate.c: the checks of fio's per-direction rate values */
int kg_job_rate_check(const struct kg_job *j, FILE *err);
/*
 * Says which workers a rate minimum (EIO) or max_latency (ETIMEDOUT)
 * stopped, in words.
 */
void kg_rate_min_report(const struct kg_run_result *r, FILE *f);

/**
 * kg_opt_refused() - is an option's value one of fio's that kiogen refuses?
 * @opt: the option's name (not an alias)
 * @value: as given
 * @err: where the reason goes, when it is
 *
 * Return: true after saying why (ctl/options/refuse.c).
 */
bool kg_opt_refused(const char *opt, const char *value, FILE *err);

/*
 * fio's WORD[:N]: the value of @o whose word is @v up to a ':' (*@colon, or
 * NULL without one); NULL if none is.
 */
const struct kg_opt_value *kg_posval_word(const struct kg_option *o, const char *v,
				       const char **colon);
/* A count of at least 1, decimal, fitting 32 bits: 0 or -EINVAL. */
int kg_parse_count(const char *s, uint32_t *n);

/* files.c: a data job's files (fio's filename list, directory, nrfiles) */
int kg_opt_file_service(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
			const char *v, FILE *err);
const char *kg_file_service_show(const struct kg_job *j, char *buf, size_t len);
int kg_job_finish_files(struct kg_job *j, FILE *err, FILE *info);
/**
 * kg_job_nr_files() - files of each worker of a data job
 * @j: the job, finished (kg_jobs_finish())
 *
 * fio's: the names of filename= (a ':' list, '\:' a colon in a name), or
 * nrfiles generated names (filename_format, in directory).
 *
 * Return: at least 1.
 */
uint32_t kg_job_nr_files(const struct kg_job *j);

/**
 * kg_job_files_total() - files of a data job, all workers
 * @j: the job
 *
 * Return: kg_job_nr_files(), times numjobs when the names are generated
 * ($jobnum: each of fio's clones has its own files).
 */
uint32_t kg_job_files_total(const struct kg_job *j);

/**
 * kg_job_file_path() - the path of one file of a data job
 * @j: the job
 * @i: below kg_job_files_total(): worker i / kg_job_nr_files() (when
 *	generated), file i % kg_job_nr_files()
 * @buf: where the path goes
 * @len: bytes at @buf
 *
 * Return: 0, or -1 if it does not fit (or the format gives no name).
 */
int kg_job_file_path(const struct kg_job *j, uint32_t i, char *buf, size_t len);

/**
 * kg_job_file_size() - the size file @i of a data job is laid out to
 * @j: the job, finished
 * @i: as kg_job_file_path() takes it
 *
 * filesize, or with filesize=LOW-HIGH a size of the range drawn from the
 * seed and the file (kiog_meta_filesize()), rounded down to the smallest
 * block size as fio's; 0: none (size decides).
 */
uint64_t kg_job_file_size(const struct kg_job *j, uint32_t i);

/* place.c: cpus_allowed, numa_cpu_nodes, nice, prio, prioclass */
int kg_opt_place(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
		 const char *v, FILE *err);
const char *kg_cpus_allowed_show(const struct kg_job *j, char *buf, size_t len);
/* The job's CPUs and nodes against this process's: a refusal names the option. */
int kg_job_place_check(const struct kg_job *j, FILE *err);
/* Syscall path: what setpriority() and ioprio_set() would refuse this process. */
int kg_place_privileged(const struct kg_job *j, FILE *err);
/* Syscall path: the calling worker thread, the run's @k-th, placed as the job says. */
int kg_place_thread(const struct kg_job *j, uint32_t k, FILE *err);

/*
 * Between the option table's own files: the main table (options.c) and
 * its groups, the parser (parse.c), the fix-ups (fixup.c) and the help and
 * reports' listing (show.c).
 */
extern const struct kg_option kg_options[];
/* The groups of rows with a file of their own, walked after kg_options[] in this order. */
extern const struct kg_option kg_rate_options[];	/* rate.c */
extern const struct kg_option kg_bs_options[];		/* bs.c */
extern const struct kg_option kg_place_options[];	/* place.c */
extern const struct kg_option kg_cgroup_options[];	/* cgroup.c */
extern const struct kg_option kg_verify_options[];	/* verify.c */
extern const struct kg_option kg_buffer_options[];	/* buffers.c */
extern const struct kg_option kg_refused_options[];	/* refuse.c */
extern const struct kg_option kg_fio_only_options[];	/* fio-only.c */
/* Table @t: 0 the main one, its groups, those registered; NULL after the last. */
const struct kg_option *kg_option_table(unsigned int t);
#define kg_for_each_option(o, t)					\
	for ((t) = 0; kg_option_table(t); (t)++)			\
		for ((o) = kg_option_table(t); (o)->name; (o)++)
/* An option by its name or alias; NULL if none. */
const struct kg_option *kg_opt_find(const char *name);
/* The kiogen column of the table of fio's options: how kiogen takes @o. */
const char *kg_opt_treatment(const struct kg_option *o);
/* Documentation/kiogen/options.rst's table, from the option table: a list-table. */
void kg_options_rst(FILE *f);
/* Every option run takes, a line each: its name and its words (kiogen.bash). */
void kg_options_complete(FILE *f);
/* kiogen-run(8) in roff: @intro, then every option by category, and why. */
void kg_options_man(FILE *f, const char *version, const char *intro);
/* What kiogen run's help says before its options: how they are given. */
extern const char kg_run_intro[];
const struct kg_opt_value *kg_posval_find(const struct kg_option *o, const char *v);
const char *kg_posval_name(const struct kg_option *o, uint32_t oval);
/* Every option's default (@def) into @j. */
void kg_job_defaults(struct kg_job *j);
/* Rows the parser treats apart: name starts a job, percentiles and
 * random_distribution fill several fields. */
int kg_opt_name(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
		const char *v, FILE *err);
int kg_opt_percentiles(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
		       const char *v, FILE *err);
int kg_opt_random_distribution(struct kg_jobs *js, struct kg_job *j,
			       const struct kg_option *o, const char *v, FILE *err);

#endif /* KIOGEN_CTL_OPTIONS_H */
