// SPDX-License-Identifier: GPL-2.0
/*
 * The null engine of the syscall path: every I/O completes the moment it is
 * submitted and touches no target, so a run measures what the loop itself
 * costs per I/O in user space - generator, clock reads, statistics - to set
 * against the kernel's null engine. Up to iodepth I/Os are "in flight"
 * between submit and reap, as in the kernel.
 */
#include "syscall.h"

static void kg_null_submit(struct kg_sys_worker *w, struct kg_sys_slot *s)
{
	kg_sys_slot_complete(w, s, s->len, kg_sys_now_ns());
}

static int kg_null_reap(struct kg_sys_worker *w, uint32_t min, uint32_t max)
{
	(void)w;
	(void)min;
	(void)max;
	return 0;
}

const struct kg_sys_engine kg_sys_engine_null = {
	.name		= "null",
	.needs_buffers	= false,
	.submit		= kg_null_submit,
	.reap		= kg_null_reap,
};
