/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _STUB_ERR_H
#define _STUB_ERR_H

#include <linux/types.h>

#define MAX_ERRNO	4095

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return (unsigned long)ptr >= (unsigned long)-MAX_ERRNO;
}

static inline int PTR_ERR_OR_ZERO(const void *ptr)
{
	return IS_ERR(ptr) ? PTR_ERR(ptr) : 0;
}

#endif
