/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The metadata engines' stream, shared by the kernel's engine
 * (kmod/engine-meta.c) and the syscall path's (ctl/syscall/engine-meta.c): which
 * operation each of fio's six engine names does, how the n-th operation of a
 * worker names its file (fio's filename_format), and what a worker's digest
 * starts from. The workload generator picks the order: its block k is file k,
 * so rw=read/write go through the files in order and randread/randwrite in a
 * seeded permutation; one operation is one I/O of bs bytes to the worker
 * core. Freestanding, like workload.h.
 */
#ifndef _KIOGEN_META_H
#define _KIOGEN_META_H

#include <linux/types.h>
#include <linux/kiogen.h>

/* fio's default filename_format */
#define KIOG_META_FORMAT_DEFAULT	"$jobname.$jobnum.$filenum"

enum kiog_meta_op {
	KIOG_META_NONE,
	KIOG_META_FILECREATE,	/* create (O_EXCL), write filesize, fsync, close */
	KIOG_META_FILESTAT,	/* stat, not following a symlink */
	KIOG_META_FILEDELETE,	/* unlink */
	KIOG_META_DIRCREATE,	/* mkdir */
	KIOG_META_DIRSTAT,	/* stat */
	KIOG_META_DIRDELETE,	/* rmdir */
};

/**
 * kiog_meta_op_name() - fio's engine name of an operation
 * @op: enum kiog_meta_op, not KIOG_META_NONE
 */
const char *kiog_meta_op_name(enum kiog_meta_op op);

/**
 * kiog_meta_op_of() - the operation of an engine name
 * @engine: fio's ioengine
 *
 * Return: enum kiog_meta_op; KIOG_META_NONE for an engine that is not one.
 */
enum kiog_meta_op kiog_meta_op_of(const char *engine);

/* Does the operation change the directory (needs write access)? */
static inline int kiog_meta_op_writes(enum kiog_meta_op op)
{
	return op != KIOG_META_FILESTAT && op != KIOG_META_DIRSTAT;
}

/**
 * kiog_meta_name() - the name of one file, fio's filename_format expanded
 * @buf: where the name goes, NUL-terminated
 * @len: bytes at @buf
 * @fmt: the format: $jobname, $jobnum and $filenum are replaced, any other
 *	character is copied
 * @jobname: the job's name
 * @jobnum: the worker's number in the run (fio's $jobnum: jobs in order,
 *	each job's workers in order, from 0)
 * @filenum: the file's number in the worker, from 0
 *
 * Return: the length of the name, or -1 if it does not fit @buf, is empty,
 * is "." or "..", or holds a '/' (names are one component of the directory).
 */
int kiog_meta_name(char *buf, unsigned int len, const char *fmt,
		   const char *jobname, __u32 jobnum, __u32 filenum);

/**
 * kiog_meta_filesize() - the data size of one created file
 * @seed: the job's randseed
 * @lo: the smallest size (fio's filesize=lo-hi); 0 or >= @hi: every file is @hi
 * @hi: the largest size
 * @jobnum: the worker's number in the run, as kiog_meta_name() takes it
 * @filenum: the file's number in the worker
 *
 * A function of the seed and the file alone, not of the order the files are
 * made in, so both paths, every order and every run give file k the same
 * size. Uniform over [@lo, @hi] within 2^-64 per size (a multiply-high, no
 * rejection: one value per file, no state).
 *
 * Return: bytes to write into the file.
 */
__u64 kiog_meta_filesize(__u64 seed, __u64 lo, __u64 hi,
			 __u32 jobnum, __u32 filenum);

/**
 * kiog_meta_digest() - what a metadata worker's digest starts from
 * @digest: the digest so far (the core's policy digest)
 * @op: enum kiog_meta_op
 * @filesize: bytes written into each created file (the largest of a range)
 * @filesize_min: the smallest of a range, 0 without one
 * @first: the name of the worker's file 0
 * @last: the name of its last file
 *
 * File k's name is a function of the format, the job's name, the worker's
 * number and k; k is the generator's block, which the digest covers I/O by
 * I/O. Hashing the operation, the data size and the names of the first and
 * last files and the sizes covers the rest, so equal digests mean equal names in equal
 * order.
 *
 * Return: the digest to continue from.
 */
__u64 kiog_meta_digest(__u64 digest, enum kiog_meta_op op,
		       __u64 filesize, __u64 filesize_min,
		       const char *first, const char *last);

#endif /* _KIOGEN_META_H */
