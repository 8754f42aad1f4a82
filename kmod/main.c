// SPDX-License-Identifier: GPL-2.0
/*
 * kiogen module entry: parameters that bound what users may ask for, and the
 * order in which the netlink family and the runs come up and go down.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/moduleparam.h>

#include "kiogen.h"

unsigned int kiog_max_workers = 256;
module_param_named(max_workers, kiog_max_workers, uint, 0644);
MODULE_PARM_DESC(max_workers, "Most worker threads in one run (default 256)");

unsigned int kiog_max_runs = 64;
module_param_named(max_runs, kiog_max_runs, uint, 0644);
MODULE_PARM_DESC(max_runs, "Most runs kept, running or finished (default 64)");

unsigned long kiog_max_mem_mb = 1024;
module_param_named(max_mem_mb, kiog_max_mem_mb, ulong, 0644);
MODULE_PARM_DESC(max_mem_mb, "MiB of buffers and statistics over all runs (default 1024)");

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
