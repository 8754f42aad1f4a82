/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * CRC-32C (Castagnoli; reflected polynomial 0x82f63b78, initial and final
 * value ~0) for user space: the checksum the kernel's crypto API computes
 * as "crc32c", so a block written on one path checks out on the other.
 * Table-driven, eight bytes a step (slicing by eight, byte order
 * independent); the tables are built by kiog_crc32c_init() before any
 * thread sums, or on first use.
 */
#ifndef _KIOGEN_CRC32C_H
#define _KIOGEN_CRC32C_H

#include <linux/types.h>

#define KIOG_CRC32C_POLY	0x82f63b78U

static __u32 kiog_crc32c_table[8][256];
static int kiog_crc32c_ready;

static inline void kiog_crc32c_init(void)
{
	__u32 i, k, c;

	if (kiog_crc32c_ready)
		return;
	for (i = 0; i < 256; i++) {
		c = i;
		for (k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ KIOG_CRC32C_POLY : c >> 1;
		kiog_crc32c_table[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (k = 1; k < 8; k++) {
			c = kiog_crc32c_table[k - 1][i];
			kiog_crc32c_table[k][i] = (c >> 8) ^ kiog_crc32c_table[0][c & 0xff];
		}
	kiog_crc32c_ready = 1;
}

/**
 * kiog_crc32c_update() - run @len bytes at @p through a CRC-32C
 * @crc: the running value: ~0 to start
 * @p: the bytes
 * @len: how many
 *
 * Return: the running value; the checksum is its complement.
 */
static inline __u32 kiog_crc32c_update(__u32 crc, const void *p, __u64 len)
{
	const __u8 *b = p;
	__u32 (*t)[256] = kiog_crc32c_table;

	if (!kiog_crc32c_ready)
		kiog_crc32c_init();
	for (; len >= 8; len -= 8, b += 8) {
		__u32 lo = crc ^ ((__u32)b[0] | (__u32)b[1] << 8 |
				  (__u32)b[2] << 16 | (__u32)b[3] << 24);

		crc = t[7][lo & 0xff] ^ t[6][(lo >> 8) & 0xff] ^
		      t[5][(lo >> 16) & 0xff] ^ t[4][lo >> 24] ^
		      t[3][b[4]] ^ t[2][b[5]] ^ t[1][b[6]] ^ t[0][b[7]];
	}
	while (len--)
		crc = t[0][(crc ^ *b++) & 0xff] ^ (crc >> 8);
	return crc;
}

/* The CRC-32C of @len bytes at @p. */
static inline __u32 kiog_crc32c(const void *p, __u64 len)
{
	return ~kiog_crc32c_update(~0U, p, len);
}

#endif /* _KIOGEN_CRC32C_H */
