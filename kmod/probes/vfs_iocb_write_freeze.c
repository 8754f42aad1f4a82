// SPDX-License-Identifier: GPL-2.0
/*
 * 6.8+: vfs_iocb_iter_write() takes freeze protection itself. A function
 * body cannot be probed: file_write_not_started() came in the same series
 * (it checks the new rule), so its declaration stands for it.
 */
#include <linux/build_bug.h>
#include <linux/fs.h>

static_assert(__same_type(&file_write_not_started, bool (*)(const struct file *)));
