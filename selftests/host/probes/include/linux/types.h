/* SPDX-License-Identifier: GPL-2.0 */
/* Stub of the kernel's types, only what the probes and compat-blk.h use. */
#ifndef _STUB_TYPES_H
#define _STUB_TYPES_H

typedef _Bool bool;
#define true	1
#define false	0
#define NULL	((void *)0)

typedef unsigned int u32;
typedef u32 dev_t;
typedef unsigned int __bitwise fmode_t;

#endif
