/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * MD5 (RFC 1321) for user space: verify=md5 on the syscall path gives the
 * digest the kernel's crypto API computes as "md5", so a block written on
 * one path checks out on the other. Streaming: kiog_md5_init(), any number
 * of kiog_md5_update(), kiog_md5_final(). Not for security: a checksum of
 * data written by kiogen itself.
 */
#ifndef _KIOGEN_MD5_H
#define _KIOGEN_MD5_H

#include <linux/types.h>

struct kiog_md5 {
	__u32 h[4];
	__u64 bytes;		/* hashed so far */
	__u8 block[64];		/* bytes of an unfinished block */
};

/* floor(|sin(i + 1)| * 2^32), RFC 1321's table T */
static const __u32 kiog_md5_t[64] = {
	0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee,
	0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
	0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
	0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
	0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa,
	0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
	0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
	0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
	0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
	0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
	0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05,
	0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
	0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039,
	0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
	0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
	0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

/* the rotation of each step, by round */
static const __u8 kiog_md5_s[4][4] = {
	{ 7, 12, 17, 22 }, { 5, 9, 14, 20 }, { 4, 11, 16, 23 }, { 6, 10, 15, 21 },
};

static inline void kiog_md5_init(struct kiog_md5 *m)
{
	m->h[0] = 0x67452301;
	m->h[1] = 0xefcdab89;
	m->h[2] = 0x98badcfe;
	m->h[3] = 0x10325476;
	m->bytes = 0;
}

static inline void __kiog_md5_block(struct kiog_md5 *m, const __u8 *p)
{
	__u32 x[16], a = m->h[0], b = m->h[1], c = m->h[2], d = m->h[3];
	unsigned int i;

	for (i = 0; i < 16; i++)
		x[i] = (__u32)p[4 * i] | (__u32)p[4 * i + 1] << 8 |
		       (__u32)p[4 * i + 2] << 16 | (__u32)p[4 * i + 3] << 24;
	for (i = 0; i < 64; i++) {
		__u32 f, g, t;
		unsigned int s = kiog_md5_s[i / 16][i % 4];

		switch (i / 16) {
		case 0:
			f = (b & c) | (~b & d);
			g = i;
			break;
		case 1:
			f = (d & b) | (~d & c);
			g = (5 * i + 1) % 16;
			break;
		case 2:
			f = b ^ c ^ d;
			g = (3 * i + 5) % 16;
			break;
		default:
			f = c ^ (b | ~d);
			g = (7 * i) % 16;
			break;
		}
		t = d;
		d = c;
		c = b;
		f += a + kiog_md5_t[i] + x[g];
		b += (f << s) | (f >> (32 - s));
		a = t;
	}
	m->h[0] += a;
	m->h[1] += b;
	m->h[2] += c;
	m->h[3] += d;
}

static inline void kiog_md5_update(struct kiog_md5 *m, const void *data, __u64 len)
{
	const __u8 *p = data;
	__u32 have = (__u32)(m->bytes & 63);

	m->bytes += len;
	if (have) {
		__u32 n = 64 - have < len ? 64 - have : (__u32)len;

		__builtin_memcpy(m->block + have, p, n);
		p += n;
		len -= n;
		if (have + n < 64)
			return;
		__kiog_md5_block(m, m->block);
	}
	for (; len >= 64; len -= 64, p += 64)
		__kiog_md5_block(m, p);
	__builtin_memcpy(m->block, p, len);
}

/* The 16 bytes of the digest into @out. */
static inline void kiog_md5_final(struct kiog_md5 *m, __u8 *out)
{
	static const __u8 pad[64] = { 0x80 };
	__u64 bits = m->bytes * 8;
	__u8 len[8];
	unsigned int i;

	for (i = 0; i < 8; i++)
		len[i] = (__u8)(bits >> (8 * i));
	kiog_md5_update(m, pad, 1 + ((55 - (__u32)(m->bytes & 63)) & 63));
	kiog_md5_update(m, len, 8);
	for (i = 0; i < 16; i++)
		out[i] = (__u8)(m->h[i / 4] >> (8 * (i % 4)));
}

#endif /* _KIOGEN_MD5_H */
