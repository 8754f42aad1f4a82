// SPDX-License-Identifier: GPL-2.0
/* 6.14+: a kthread's preferred CPUs, kept across its first wake-up and hotplug */
#include <linux/build_bug.h>
#include <linux/kthread.h>

static_assert(__same_type(&kthread_affine_preferred,
			  int (*)(struct task_struct *, const struct cpumask *)));
