// SPDX-License-Identifier: GPL-2.0
/*
 * fio's job options kiogen does not honour, each with why: those accepted
 * without effect (@note: they are about fio's own processes, clocks,
 * memory or features that need another option kiogen refuses, so they
 * cannot change what a kernel thread does), and those refused (@refused:
 * the run would not be the one fio's job file asks for). A job file that
 * names one is told which, never that the word is unknown. Their rows,
 * last in the option table (ctl/options/parse.c walks them in that order);
 * Documentation/kiogen/options.rst's table of fio's options is generated
 * from them (make options-table).
 */
#include "options.h"

/* fio's value of an option kiogen keeps no field of: checked for its type only */
#define KG_FIO_VALUE_LEN	4096

#define KG_NOTED(n, t, d, why)						\
	{ .name = (n), .type = (t), .len = KG_FIO_VALUE_LEN, .def = (d),	\
	  .note = (why), .category = KG_CAT_NOTED }
#define KG_NOTED_ALIAS(n, a, t, d, why)					\
	{ .name = (n), .alias = (a), .type = (t), .len = KG_FIO_VALUE_LEN,	\
	  .def = (d), .note = (why), .category = KG_CAT_NOTED }
#define KG_REFUSED(n, t, d, why)					\
	{ .name = (n), .type = (t), .len = KG_FIO_VALUE_LEN, .def = (d),	\
	  .refused = (why), .category = KG_CAT_REFUSED }
#define KG_REFUSED_ALIAS(n, a, t, d, why)				\
	{ .name = (n), .alias = (a), .type = (t), .len = KG_FIO_VALUE_LEN,	\
	  .def = (d), .refused = (why), .category = KG_CAT_REFUSED }

/* an option of one of fio's engines (fio --enghelp=ENGINE), refused */
#define KG_ENGINE_REFUSED(n, t, d, why)					\
	{ .name = (n), .type = (t), .len = KG_FIO_VALUE_LEN, .def = (d),	\
	  .origin = KG_FIO_OTHER, .refused = (why), .category = KG_CAT_REFUSED }

/* Reasons several rows share */
#define KG_WHY_CLOCK	"kiogen times every I/O whatever it is told: its clock costs what it costs, and the latencies are reported all the same"
#define KG_WHY_ZBD	"fio uses it only with zonemode=zbd, which kiogen refuses; with zonemode=none fio ignores it too"
#define KG_WHY_STRIDED	"it asks for fio's zonemode=strided zones, which kiogen does not have"
#define KG_WHY_IOLOG	"kiogen does not record or replay I/O logs (read_iolog, write_iolog) yet"
#define KG_WHY_REPLAY	"fio uses it only to replay read_iolog, which kiogen refuses"
#define KG_WHY_TRIM	"fio uses it only with trim_percentage, which kiogen refuses"
#define KG_WHY_LATENCY	"fio uses it only with latency_target, which kiogen refuses"
#define KG_WHY_SS	"fio uses it only with steadystate, which kiogen refuses"
#define KG_WHY_FLOW	"fio uses it only with flow, which kiogen refuses"
#define KG_WHY_CMDPRIO	"kiogen gives every I/O of a job its one priority (prio, prioclass), not some of them another"
#define KG_WHY_LOGMEM	"about how fio keeps its logs in memory; kiogen's log files hold the same lines"

const struct kg_option kg_fio_only_options[] = {
	/* about fio's processes, clocks and memory: nothing a kernel thread does */
	KG_NOTED("description", KG_OPT_STR, NULL,
		 "a text for people; kiogen's reports do not print it"),
	KG_NOTED("thread", KG_OPT_BOOL, NULL,
		 "kiogen's workers are always threads: kernel threads, or pthreads with --path=syscall"),
	{ .name = "threads", .type = KG_OPT_STR, .len = KG_FIO_VALUE_LEN, .origin = KG_FIO_OTHER,
	  .note = "an option of fio's tiobench profile, used only with profile=tiobench",
	  .category = KG_CAT_NOTED },
	KG_NOTED("allrandrepeat", KG_OPT_BOOL, "0",
		 "kiogen draws every stream (offsets, directions, sizes, buffers) from the one seed of randrepeat"),
	KG_NOTED("clocksource", KG_OPT_STR, NULL,
		 "kiogen times I/O with the kernel's monotonic clock on both paths"),
	KG_NOTED("gtod_reduce", KG_OPT_BOOL, "0", KG_WHY_CLOCK),
	KG_NOTED("gtod_cpu", KG_OPT_INT, NULL, "kiogen has no thread that keeps the time of day"),
	KG_NOTED("disable_lat", KG_OPT_BOOL, "0", KG_WHY_CLOCK),
	KG_NOTED("disable_clat", KG_OPT_BOOL, "0", KG_WHY_CLOCK),
	KG_NOTED("disable_slat", KG_OPT_BOOL, "0", KG_WHY_CLOCK),
	KG_NOTED_ALIAS("disable_bw_measurement", "disable_bw", KG_OPT_BOOL, "0", KG_WHY_CLOCK),
	KG_NOTED("stats", KG_OPT_BOOL, "1",
		 "kiogen keeps and reports every job's statistics; their cost is fixed"),
	KG_NOTED("disk_util", KG_OPT_BOOL, "1",
		 "kiogen reads the disk stats once before and once after the run: nothing runs beside the jobs"),
	KG_NOTED("significant_figures", KG_OPT_INT, "4",
		 "kiogen's text report prints fio's default of 4 figures"),
	KG_NOTED("unique_filename", KG_OPT_BOOL, "1",
		 "only fio's client/server mode prefixes file names; kiogen has no such mode"),
	KG_NOTED_ALIAS("mem", "iomem", KG_OPT_STR, "malloc",
		       "kiogen allocates the I/O buffers itself: the module's pages, or aligned memory on the syscall path"),
	{ .name = "iomem_align", .alias = "mem_align", .type = KG_OPT_INT, .maxval = 4096,
	  .len = KG_FIO_VALUE_LEN, .def = "0", .origin = KG_FIO_OTHER,
	  .note = "kiogen's I/O buffers are page aligned, which meets fio's default and any alignment up to the page size",
	  .category = KG_CAT_NOTED },
	KG_NOTED("hugepage-size", KG_OPT_SIZE64, "2097152",
		 "fio uses it only for mem=shmhuge or mmaphuge buffers; kiogen allocates its own"),
	KG_NOTED("create_serialize", KG_OPT_BOOL, "1",
		 "kiogen lays the files out one at a time, before any job starts"),
	KG_NOTED("verify_async", KG_OPT_INT, "0",
		 "kiogen verifies in the worker that read the block: there are no verify threads to add"),
	KG_NOTED("verify_state_save", KG_OPT_BOOL, "1",
		 "kiogen writes no verify state file: its verify needs none to resume"),
	KG_NOTED("verify_dump", KG_OPT_BOOL, "0",
		 "kiogen writes no dump files; its report gives each worker's first mismatch instead: offset, length, the byte that differs, or the expected and found block headers and sums"),
	KG_NOTED("error_dump", KG_OPT_BOOL, "0",
		 "kiogen's report lists each worker's first error with its offset whatever this says"),
	KG_NOTED("log_entries", KG_OPT_INT, "1024", KG_WHY_LOGMEM),
	KG_NOTED("log_compression", KG_OPT_SIZE64, "0", KG_WHY_LOGMEM),
	KG_NOTED("log_compression_cpus", KG_OPT_STR, NULL, KG_WHY_LOGMEM),
	KG_NOTED("write_barrier", KG_OPT_INT, "0",
		 "only fio's sg engine issues barrier writes; with the engines kiogen has, fio ignores it too"),
	KG_NOTED("overwrite", KG_OPT_BOOL, "0",
		 "kiogen lays a new or short file out before the run in any case, as fio's overwrite=1"),
	KG_NOTED("exit_what", KG_OPT_STR, "group",
		 "kiogen's exitall and exitall_on_error stop the jobs of the stonewall group they end, as fio's exit_what=stonewall: "
		 "the groups after it start, and a reporting group (new_group) does not bound them"),
	KG_NOTED("dedupe_working_set_percentage", KG_OPT_INT, "5",
		 "fio uses it only with dedupe_mode=working_set, which kiogen refuses"),
	/* options of features kiogen refuses, harmless without them (as in fio) */
	KG_NOTED("zonecapacity", KG_OPT_SIZE64, "0", KG_WHY_ZBD),
	KG_NOTED("read_beyond_wp", KG_OPT_BOOL, "0", KG_WHY_ZBD),
	KG_NOTED("max_open_zones", KG_OPT_INT, "0", KG_WHY_ZBD),
	KG_NOTED("job_max_open_zones", KG_OPT_INT, "0", KG_WHY_ZBD),
	KG_NOTED("ignore_zone_limits", KG_OPT_BOOL, "0", KG_WHY_ZBD),
	KG_NOTED("zone_reset_threshold", KG_OPT_STR, NULL, KG_WHY_ZBD),
	KG_NOTED("zone_reset_frequency", KG_OPT_STR, NULL, KG_WHY_ZBD),
	KG_NOTED("read_iolog_chunked", KG_OPT_BOOL, "0", KG_WHY_REPLAY),
	KG_NOTED("replay_no_stall", KG_OPT_BOOL, "0", KG_WHY_REPLAY),
	KG_NOTED("replay_redirect", KG_OPT_STR, NULL, KG_WHY_REPLAY),
	KG_NOTED("replay_scale", KG_OPT_INT, "1", KG_WHY_REPLAY),
	KG_NOTED("replay_align", KG_OPT_INT, NULL, KG_WHY_REPLAY),
	KG_NOTED("replay_time_scale", KG_OPT_INT, "100", KG_WHY_REPLAY),
	KG_NOTED("replay_skip", KG_OPT_STR, NULL, KG_WHY_REPLAY),
	KG_NOTED("merge_blktrace_file", KG_OPT_STR, NULL, KG_WHY_REPLAY),
	KG_NOTED("merge_blktrace_scalars", KG_OPT_STR, NULL, KG_WHY_REPLAY),
	KG_NOTED("merge_blktrace_iters", KG_OPT_STR, NULL, KG_WHY_REPLAY),
	KG_NOTED("trim_verify_zero", KG_OPT_BOOL, "1", KG_WHY_TRIM),
	KG_NOTED("trim_backlog", KG_OPT_STR, NULL, KG_WHY_TRIM),
	KG_NOTED("trim_backlog_batch", KG_OPT_INT, NULL, KG_WHY_TRIM),
	KG_NOTED("latency_window", KG_OPT_TIME, NULL, KG_WHY_LATENCY),
	KG_NOTED("latency_percentile", KG_OPT_STR, "100", KG_WHY_LATENCY),
	KG_NOTED("latency_run", KG_OPT_BOOL, "0", KG_WHY_LATENCY),
	KG_NOTED_ALIAS("steadystate_duration", "ss_dur", KG_OPT_TIME, "0", KG_WHY_SS),
	KG_NOTED_ALIAS("steadystate_ramp_time", "ss_ramp", KG_OPT_TIME, "0", KG_WHY_SS),
	KG_NOTED("flow_id", KG_OPT_INT, "0", KG_WHY_FLOW),
	KG_NOTED("flow_sleep", KG_OPT_INT, "0", KG_WHY_FLOW),

	/* refused: the run would not be the one asked for */
	KG_REFUSED("wait_for", KG_OPT_STR, NULL,
		   "kiogen starts the jobs between stonewalls at once (use stonewall)"),
	KG_REFUSED("lockfile", KG_OPT_STR, "none",
		   "kiogen's workers take no locks on the files they share"),
	KG_REFUSED("serialize_overlap", KG_OPT_BOOL, "0",
		   "kiogen does not hold back an I/O that overlaps one in flight"),
	KG_REFUSED_ALIAS("fill_device", "fill_fs", KG_OPT_BOOL, "0",
			 "kiogen does not write until the device or file system is full (give size=)"),
	KG_REFUSED("sync_file_range", KG_OPT_STR, NULL,
		   "kiogen issues fsync and fdatasync, not sync_file_range"),
	KG_REFUSED("unlink_each_loop", KG_OPT_BOOL, "0",
		   "kiogen removes the files once, at the end (unlink)"),
	KG_REFUSED("verify_interval", KG_OPT_INT, NULL,
		   "kiogen's verify checks each block whole, with its header at the block's start"),
	KG_REFUSED("verify_offset", KG_OPT_INT, NULL,
		   "kiogen's verify header is at the block's start"),
	KG_REFUSED("verify_backlog_batch", KG_OPT_INT, NULL,
		   "kiogen verifies the verify_backlog blocks all at once"),
	KG_REFUSED("verify_state_load", KG_OPT_BOOL, "0",
		   "kiogen writes no verify state to load"),
	KG_REFUSED("experimental_verify", KG_OPT_BOOL, "0",
		   "kiogen verifies against the block headers it wrote, not by replaying the offsets"),
	KG_REFUSED("trim_percentage", KG_OPT_INT, "0",
		   "kiogen does not trim verified blocks"),
	KG_REFUSED("write_iolog", KG_OPT_STR, NULL, KG_WHY_IOLOG),
	KG_REFUSED("read_iolog", KG_OPT_STR, NULL, KG_WHY_IOLOG),
	KG_REFUSED("zonesize", KG_OPT_SIZE64, "0", KG_WHY_STRIDED),
	KG_REFUSED("zonerange", KG_OPT_SIZE64, "0", KG_WHY_STRIDED),
	KG_REFUSED("zoneskip", KG_OPT_SIZE64, "0", KG_WHY_STRIDED),
	KG_REFUSED("latency_target", KG_OPT_TIME, NULL,
		   "kiogen does not search for the queue depth that meets a latency"),
	KG_REFUSED_ALIAS("steadystate", "ss", KG_OPT_STR, NULL,
			 "kiogen does not end a job when it reaches a steady state"),
	KG_REFUSED("flow", KG_OPT_INT, "0",
		   "kiogen's jobs do not share a token flow"),
	KG_REFUSED("log_store_compressed", KG_OPT_BOOL, "0",
		   "kiogen writes its logs as text"),
	KG_REFUSED("block_error_percentiles", KG_OPT_BOOL, "0",
		   "kiogen keeps no histogram of trim errors by block"),
	KG_REFUSED("slat_percentiles", KG_OPT_BOOL, "0",
		   "kiogen reports clat and lat percentiles, not slat's"),
	KG_REFUSED("unified_rw_reporting", KG_OPT_STR, "none",
		   "kiogen reports each direction apart"),
	KG_REFUSED("dedupe_global", KG_OPT_BOOL, "0",
		   "kiogen's writes repeat only their own job's earlier writes"),
	KG_REFUSED("profile", KG_OPT_STR, NULL,
		   "kiogen has none of fio's built-in profiles (act, tiobench)"),

	/* fio's engines' own options (fio --enghelp=ENGINE), refused */
	KG_ENGINE_REFUSED("cmdprio_percentage", KG_OPT_STR, NULL, KG_WHY_CMDPRIO),
	KG_ENGINE_REFUSED("cmdprio_class", KG_OPT_STR, NULL, KG_WHY_CMDPRIO),
	KG_ENGINE_REFUSED("cmdprio", KG_OPT_STR, NULL, KG_WHY_CMDPRIO),
	KG_ENGINE_REFUSED("cmdprio_bssplit", KG_OPT_STR, NULL, KG_WHY_CMDPRIO),
	KG_ENGINE_REFUSED("sqthread_poll_cpu", KG_OPT_INT, NULL,
			  "kiogen leaves the placing of io_uring's polling thread to the kernel"),
	KG_ENGINE_REFUSED("nonvectored", KG_OPT_STR, "-1",
			  "kiogen's io_uring engine picks its own read and write operations"),
	KG_ENGINE_REFUSED("uncached", KG_OPT_INT, "0", "kiogen issues no RWF_UNCACHED I/O"),
	KG_ENGINE_REFUSED("nowait", KG_OPT_BOOL, "0", "kiogen issues no RWF_NOWAIT I/O"),
	KG_ENGINE_REFUSED("force_async", KG_OPT_INT, "0",
			  "kiogen does not force io_uring's requests to its async workers"),
	KG_ENGINE_REFUSED("cmd_type", KG_OPT_STR, "nvme",
			  "kiogen has no io_uring_cmd engine (NVMe passthrough)"),
	KG_ENGINE_REFUSED("userspace_reap", KG_OPT_BOOL, "0",
			  "kiogen's libaio reaps its completions with io_getevents"),
	KG_ENGINE_REFUSED("hipri_percentage", KG_OPT_INT, "0",
			  "kiogen polls all of a job's I/Os (hipri) or none"),
	KG_ENGINE_REFUSED("stat_type", KG_OPT_STR, "stat",
			  "kiogen's filestat engine calls stat, not lstat or statx"),
	{ .name = NULL },
};
