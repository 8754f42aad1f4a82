// SPDX-License-Identifier: GPL-2.0
/* 6.6+ (Debian 6.1.116+): freeze protection helpers for async writes */
#include <linux/build_bug.h>
#include <linux/fs.h>

static_assert(__same_type(&kiocb_start_write, void (*)(struct kiocb *)));
static_assert(__same_type(&kiocb_end_write, void (*)(struct kiocb *)));
