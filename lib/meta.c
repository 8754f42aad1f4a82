// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The metadata engines' names (include/kiogen/meta.h): which operation an
 * engine name does, fio's filename_format expanded, the size of a created
 * file and a worker's digest. Run once per job, worker or file, never per
 * block, so out of line. Built into both kiogen.ko and the CLI.
 */
#include <kiogen/meta.h>
#include <kiogen/rng.h>

const char *kiog_meta_op_name(enum kiog_meta_op op)
{
	static const char *const names[] = {
		[KIOG_META_NONE] = "",
		[KIOG_META_FILECREATE] = "filecreate",
		[KIOG_META_FILESTAT] = "filestat",
		[KIOG_META_FILEDELETE] = "filedelete",
		[KIOG_META_DIRCREATE] = "dircreate",
		[KIOG_META_DIRSTAT] = "dirstat",
		[KIOG_META_DIRDELETE] = "dirdelete",
	};

	return op <= KIOG_META_DIRDELETE ? names[op] : "";
}

enum kiog_meta_op kiog_meta_op_of(const char *engine)
{
	unsigned int i, k;

	for (i = KIOG_META_FILECREATE; i <= KIOG_META_DIRDELETE; i++) {
		const char *name = kiog_meta_op_name((enum kiog_meta_op)i);

		for (k = 0; name[k] && name[k] == engine[k]; k++)
			;
		if (!name[k] && !engine[k])
			return (enum kiog_meta_op)i;
	}
	return KIOG_META_NONE;
}

static unsigned int __kiog_meta_put_u32(char *p, unsigned int room, __u32 v)
{
	char d[10];
	unsigned int n = 0, i;

	do {
		d[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	for (i = 0; i < n && i < room; i++)
		p[i] = d[n - 1 - i];
	return n;
}

static int __kiog_meta_word(const char *s, const char *w)
{
	unsigned int i;

	for (i = 0; w[i]; i++)
		if (s[i] != w[i])
			return 0;
	return (int)i;
}

int kiog_meta_name(char *buf, unsigned int len, const char *fmt,
		   const char *jobname, __u32 jobnum, __u32 filenum)
{
	unsigned int n = 0, k;
	int w;

	if (!len)
		return -1;
	while (*fmt) {
		w = __kiog_meta_word(fmt, "$jobname");
		if (w) {
			for (k = 0; jobname[k]; k++, n++)
				if (n < len)
					buf[n] = jobname[k];
			fmt += w;
			continue;
		}
		w = __kiog_meta_word(fmt, "$jobnum");
		if (!w)
			w = __kiog_meta_word(fmt, "$filenum");
		if (w) {
			n += __kiog_meta_put_u32(buf + (n < len ? n : len),
						 n < len ? len - n : 0,
						 w == sizeof("$jobnum") - 1 ? jobnum : filenum);
			fmt += w;
			continue;
		}
		if (n < len)
			buf[n] = *fmt;
		n++;
		fmt++;
	}
	if (n >= len || !n)
		return -1;
	buf[n] = 0;
	for (k = 0; k < n; k++)
		if (buf[k] == '/')
			return -1;
	if (buf[0] == '.' && (n == 1 || (n == 2 && buf[1] == '.')))
		return -1;
	return (int)n;
}

__u64 kiog_meta_filesize(__u64 seed, __u64 lo, __u64 hi,
			 __u32 jobnum, __u32 filenum)
{
	__u64 h, frac;

	if (!lo || lo >= hi)
		return hi;
	h = kiog_seed_mix(kiog_seed_mix(seed, jobnum), filenum);
	return lo + kiog_mul64_hi(h, hi - lo + 1, &frac);
}

__u64 kiog_meta_digest(__u64 digest, enum kiog_meta_op op,
		       __u64 filesize, __u64 filesize_min,
		       const char *first, const char *last)
{
	const char *s[2] = { first, last };
	__u64 h = __kiog_mix64(((__u64)op << 56) ^ filesize);
	unsigned int i, k;

	if (filesize_min)
		h = __kiog_mix64(h ^ filesize_min);

	for (i = 0; i < 2; i++)
		for (k = 0; s[i][k]; k++)
			h = __kiog_mix64(h ^ ((__u64)(unsigned char)s[i][k] << (8 * (k % 8))) ^ k);
	return __kiog_rotl64(digest ^ h, 27) * 0x9fb21c651e98df25ULL;
}
