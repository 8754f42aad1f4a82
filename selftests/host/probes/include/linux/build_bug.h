/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _STUB_BUILD_BUG_H
#define _STUB_BUILD_BUG_H

/* the kernel's one-argument static_assert() */
#define static_assert(expr) _Static_assert(expr, #expr)

#endif
