/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _STUB_COMPILER_H
#define _STUB_COMPILER_H

#define READ_ONCE(x) (*(const volatile typeof(x) *)&(x))

#endif
