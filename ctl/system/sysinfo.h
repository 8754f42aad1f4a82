/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The record of the system under test that every result carries: the
 * kernel, kiogen and its module, CPU, memory and clocksource; each target's
 * device and queue settings (for a file: its file system, mount options
 * and the device below); the jobs as run and a hash of them. Read from
 * /proc and /sys below a root directory, so that the host tests can give
 * a made-up one (ctl/tests/test_repeat.c).
 */
#ifndef KIOGEN_CTL_SYSINFO_H
#define KIOGEN_CTL_SYSINFO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "options/options.h"

#define KG_SI_MAX_KV	24

/* One fact: its name, its value as text, and whether JSON writes it as a number. */
struct kg_kv {
	char key[24];
	char val[512];
	bool num;
};

struct kg_si_section {
	unsigned int nr;
	struct kg_kv kv[KG_SI_MAX_KV];
};

struct kg_sysinfo {
	struct kg_si_section system;
	unsigned int nr_targets;
	struct kg_si_section targets[KG_MAX_JOBS];
	char jobs[8192];	/* the jobs as run, in job-file form */
	uint64_t job_hash;	/* of @jobs without names and seeds: the workload */
};

/**
 * kg_sysinfo_collect() - record the system and the targets of @js
 * @si: filled in
 * @js: the jobs as parsed and finished
 * @root: prefix of /proc and /sys ("" for the real ones)
 *
 * What cannot be read is left out; nothing here fails.
 */
void kg_sysinfo_collect(struct kg_sysinfo *si, const struct kg_jobs *js, const char *root);

/**
 * kg_si_blockdev() - the facts of block device @maj:@min into @t
 * @root: as kg_sysinfo_collect()
 * @prefix: put before each key ("" or "dev_" for the device below a file)
 *
 * A partition's queue settings are its disk's. Return: false if sysfs does
 * not know the device.
 */
bool kg_si_blockdev(struct kg_si_section *t, const char *root, unsigned int maj,
		    unsigned int min, const char *prefix);

/**
 * kg_si_mount() - the mount of device @maj:@min that holds @path, into @t
 * @path: an absolute path; the mount whose mount point is its longest
 *	prefix wins, for bind mounts of one device
 *
 * fstype, mount_options, mount_source and super_options (the file system's),
 * from @root/proc/self/mountinfo. Return: false if no mount matches.
 */
bool kg_si_mount(struct kg_si_section *t, const char *root, unsigned int maj,
		 unsigned int min, const char *path);

/* The value of @key in @t, or NULL. */
const char *kg_si_get(const struct kg_si_section *t, const char *key);

/* FNV-1a, 64 bits: @s into the hash @h, which starts as KG_FNV1A64_INIT */
#define KG_FNV1A64_INIT	0xcbf29ce484222325ULL
uint64_t kg_fnv1a64(uint64_t h, const char *s);

struct kg_json;
/* The record as the "record" member of the current JSON object. */
void kg_sysinfo_json(struct kg_json *j, const struct kg_sysinfo *si);
/* The record's short header of the text report. */
void kg_sysinfo_text(FILE *f, const struct kg_sysinfo *si);

#endif /* KIOGEN_CTL_SYSINFO_H */
