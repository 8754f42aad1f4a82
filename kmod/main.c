// SPDX-License-Identifier: GPL-2.0
/*
 * kiogen module entry: parameters that bound what users may ask for, and the
 * order in which the netlink family and the runs come up and go down.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/moduleparam.h>

#include "kiogen.h"

/*
 * The parameters are checked when set, at load or through sysfs: a value out
 * of range is refused with -EINVAL and the old one stays. 0 would refuse
 * every run; unload the module instead. The upper bounds keep the arithmetic
 * on them exact: a run's workers are summed in a u32 (each job at most
 * KIOGEN_MAX_NUMJOBS), and max_mem_mb is turned into bytes in a u64.
 */
#define KIOG_MAX_WORKERS_LIMIT	(U32_MAX / KIOGEN_MAX_NUMJOBS)
#define KIOG_MAX_RUNS_LIMIT	65536
#define KIOG_MAX_MEM_MB_LIMIT	(U64_MAX >> 20)

static int kiog_param_set_max_workers(const char *val, const struct kernel_param *kp)
{
	return param_set_uint_minmax(val, kp, 1, KIOG_MAX_WORKERS_LIMIT);
}

static const struct kernel_param_ops kiog_max_workers_ops = {
	.set = kiog_param_set_max_workers,
	.get = param_get_uint,
};

static int kiog_param_set_max_runs(const char *val, const struct kernel_param *kp)
{
	return param_set_uint_minmax(val, kp, 1, KIOG_MAX_RUNS_LIMIT);
}

static const struct kernel_param_ops kiog_max_runs_ops = {
	.set = kiog_param_set_max_runs,
	.get = param_get_uint,
};

static int kiog_param_set_max_mem_mb(const char *val, const struct kernel_param *kp)
{
	unsigned long mb;
	int err;

	err = kstrtoul(val, 0, &mb);
	if (err)
		return err;
	if (!mb || mb > KIOG_MAX_MEM_MB_LIMIT)
		return -EINVAL;
	WRITE_ONCE(*(unsigned long *)kp->arg, mb);
	return 0;
}

static const struct kernel_param_ops kiog_max_mem_mb_ops = {
	.set = kiog_param_set_max_mem_mb,
	.get = param_get_ulong,
};

unsigned int kiog_max_workers = 256;
module_param_cb(max_workers, &kiog_max_workers_ops, &kiog_max_workers, 0644);
MODULE_PARM_DESC(max_workers,
		 "Most worker threads in one run, 1 to 4194303 (default 256)");

unsigned int kiog_max_runs = 64;
module_param_cb(max_runs, &kiog_max_runs_ops, &kiog_max_runs, 0644);
MODULE_PARM_DESC(max_runs, "Most runs kept, running or finished, 1 to 65536 (default 64)");

unsigned long kiog_max_mem_mb = 1024;
module_param_cb(max_mem_mb, &kiog_max_mem_mb_ops, &kiog_max_mem_mb, 0644);
MODULE_PARM_DESC(max_mem_mb,
		 "MiB of buffers and statistics over all runs, 1 to 2^44 - 1 (default 1024)");

/*
 * An engine whose I/Os complete within their submit may run a plain job in a
 * loop of its own (struct kiog_engine_ops's @inline_loop); off, every job
 * runs in the worker's loop: the same results, the way to check that.
 */
bool kiog_fast_loop = true;
module_param_named(fast_loop, kiog_fast_loop, bool, 0644);
MODULE_PARM_DESC(fast_loop,
		 "Let the null engine run plain jobs in its own loop (default 1); read as a worker starts");

atomic64_t kiog_mem_used = ATOMIC64_INIT(0);

static int __init kiog_init(void)
{
	int err;

	err = kiog_runs_init();
	if (err)
		return err;
	err = kiog_nl_init();
	if (err) {
		pr_err("cannot register the netlink family: %d\n", err);
		kiog_runs_shutdown();
		return err;
	}
	return 0;
}

static void __exit kiog_exit(void)
{
	/* runs first: their last events still go out through the family */
	kiog_runs_shutdown();
	kiog_nl_exit();
	WARN_ON_ONCE(atomic64_read(&kiog_mem_used));
}

module_init(kiog_init);
module_exit(kiog_exit);

MODULE_DESCRIPTION("I/O load generator running in kernel threads");
MODULE_AUTHOR("kiogen developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(KIOGEN_VERSION);
