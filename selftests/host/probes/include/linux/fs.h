/* SPDX-License-Identifier: GPL-2.0 */
/* Stub: the file and open modes as every kernel since 6.1 has them. */
#ifndef _STUB_FS_H
#define _STUB_FS_H

#include <linux/types.h>

#define FMODE_READ	((__force fmode_t)0x1)
#define FMODE_WRITE	((__force fmode_t)0x2)

struct inode;

struct address_space {
	struct inode *host;
};

struct file {
	struct address_space *f_mapping;
	fmode_t f_mode;
	void *private_data;
};

#endif
