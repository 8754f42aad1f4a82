/* SPDX-License-Identifier: GPL-2.0 */
/* Stub: what the kernel's compiler_types.h gives the probes (force-included). */
#ifndef _STUB_COMPILER_TYPES_H
#define _STUB_COMPILER_TYPES_H

#define __bitwise
#define __force
#define __same_type(a, b) __builtin_types_compatible_p(typeof(a), typeof(b))

#endif
