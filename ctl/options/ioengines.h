/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one registry of ioengine names, as fio's ioengines.c: every fio engine
 * name kiogen takes, with what the kernel path and the syscall path run for
 * it. The option table's allowed values (options.c), the kernel engine a
 * job maps to (kg_jobs_finish()) and the syscall path's engine
 * (ctl/syscall/syscall.c) are all read from this one list.
 */
#ifndef KIOGEN_CTL_IOENGINES_H
#define KIOGEN_CTL_IOENGINES_H

#include <stdint.h>
#include <linux/kiogen.h>

/* struct kg_ioengine's @flags */
#define KG_IOENGINE_DIRECT	(1u << 0)	/* syscall path: always O_DIRECT */
#define KG_IOENGINE_KERNEL_NAME	(1u << 1)	/* a kernel engine's name: the
						 * syscall path says what it runs */

/*
 * X(name, help, mode, kernel engine (NULL: the target's, bio or kiocb),
 *   syscall-path engine (struct kg_sys_engine's name), flags),
 * in the order "kiogen help run" lists them.
 */
#define KG_IOENGINES(X)							\
	X("sync", "one I/O at a time", KIOGEN_MODE_SYNC, NULL, "psync", 0)	\
	X("psync", "one I/O at a time (fio's default)", KIOGEN_MODE_SYNC, NULL,	\
	  "psync", 0)								\
	X("vsync", "one I/O at a time", KIOGEN_MODE_SYNC, NULL, "psync", 0)	\
	X("pvsync", "one I/O at a time", KIOGEN_MODE_SYNC, NULL, "psync", 0)	\
	X("pvsync2", "one I/O at a time (hipri: polled)", KIOGEN_MODE_SYNC,	\
	  NULL, "psync", 0)							\
	X("libaio", "iodepth I/Os in flight", KIOGEN_MODE_ASYNC, NULL,		\
	  "libaio", 0)								\
	X("io_uring", "iodepth I/Os in flight (--path=syscall: liburing)",	\
	  KIOGEN_MODE_ASYNC, NULL, "io_uring", 0)				\
	X("posixaio", "iodepth I/Os in flight", KIOGEN_MODE_ASYNC, NULL,	\
	  "posixaio", 0)							\
	X("bio", "kernel engine: bios into a block device, always direct",	\
	  KIOGEN_MODE_ASYNC, "bio", "psync",					\
	  KG_IOENGINE_DIRECT | KG_IOENGINE_KERNEL_NAME)				\
	X("kiocb", "kernel engine: read_iter/write_iter of a file or block device", \
	  KIOGEN_MODE_ASYNC, "kiocb", "psync", KG_IOENGINE_KERNEL_NAME)		\
	X("null", "kernel engine: completes at once, measures kiogen's own cost", \
	  KIOGEN_MODE_ASYNC, "null", "null", 0)					\
	X("filecreate", "create nrfiles files in directory (filesize bytes each), one an I/O", \
	  KIOGEN_MODE_SYNC, "filecreate", "meta", 0)				\
	X("filestat", "stat the files of filecreate, one an I/O",		\
	  KIOGEN_MODE_SYNC, "filestat", "meta", 0)				\
	X("filedelete", "unlink the files of filecreate, one an I/O",		\
	  KIOGEN_MODE_SYNC, "filedelete", "meta", 0)				\
	X("dircreate", "mkdir nrfiles directories in directory, one an I/O",	\
	  KIOGEN_MODE_SYNC, "dircreate", "meta", 0)				\
	X("dirstat", "stat the directories of dircreate, one an I/O",		\
	  KIOGEN_MODE_SYNC, "dirstat", "meta", 0)				\
	X("dirdelete", "rmdir the directories of dircreate, one an I/O",	\
	  KIOGEN_MODE_SYNC, "dirdelete", "meta", 0)

/* The option table's allowed value of one engine (struct kg_opt_value). */
#define KG_IOENGINE_POSVAL(name, help, mode, kernel, sys, flags) { name, help, mode },

/**
 * struct kg_ioengine - one of fio's engine names and what each path runs
 * @name: as ioengine= takes it
 * @help: one line, for "kiogen help run"
 * @mode: KIOGEN_MODE_SYNC (one I/O at a time) or KIOGEN_MODE_ASYNC
 * @kernel: the kernel engine it names; NULL: the target's (bio or kiocb)
 * @sys: the syscall path's engine, by its name; NULL: none there
 * @flags: KG_IOENGINE_*
 */
struct kg_ioengine {
	const char *name;
	const char *help;
	uint32_t mode;
	const char *kernel;
	const char *sys;
	uint32_t flags;
};

/**
 * kg_ioengine_find() - an engine of the registry by its fio name
 * @name: as ioengine= was given
 *
 * Return: the engine, or NULL if kiogen knows no such name.
 */
const struct kg_ioengine *kg_ioengine_find(const char *name);

#endif /* KIOGEN_CTL_IOENGINES_H */
