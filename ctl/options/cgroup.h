/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio's cgroup, cgroup_weight and cgroup_nodelete, on cgroup v2: the CLI
 * moves itself into the job's cgroup for the run, so that what it starts
 * there lives in it too (the module's workers join the requester's cgroups
 * at RUN_NEW, the syscall path's threads are the CLI's own). The kernel
 * never sees these options.
 */
#ifndef KIOGEN_CTL_CGROUP_H
#define KIOGEN_CTL_CGROUP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/job.h"

struct kg_jobs;
struct kg_option;

/* fio's cgroup_weight (blkio.weight's range) */
#define KG_CGROUP_WEIGHT_MIN	100
#define KG_CGROUP_WEIGHT_MAX	1000

/**
 * kg_cgroup_io_weight() - cgroup v2's io.weight for fio's cgroup_weight
 * @w: fio's weight, 100 to 1000
 *
 * blkio.weight's default 500 is io.weight's default 100: @w / 5, rounded
 * (systemd's BlockIOWeight to IOWeight), 20 to 200.
 */
static inline uint32_t kg_cgroup_io_weight(uint32_t w)
{
	return (w + 2) / 5;
}

/**
 * kg_jobs_cgroup_check() - the jobs of each run agree on their cgroup
 * @js: the jobs; each phase (stonewall) is one run, from one cgroup
 * @err: for the message
 * @info: for a note on cgroup_weight without cgroup (fio ignores it)
 */
int kg_jobs_cgroup_check(const struct kg_jobs *js, FILE *err, FILE *info);

/**
 * kg_cgroup2_mount() - where cgroup2 is mounted, from a mountinfo
 * @mountinfo: /proc/self/mountinfo's lines
 * @dir: the mount point, unescaped
 * @root: the mount's root within the hierarchy ("/" unless a bind mount)
 * @len: of @dir and @root
 *
 * Returns 0, or -ENOENT if there is no cgroup2 mount.
 */
int kg_cgroup2_mount(FILE *mountinfo, char *dir, char *root, size_t len);

/**
 * struct kg_cgroup - the CLI's stay in a job's cgroup
 * @path: the cgroup's directory; "": the jobs have no cgroup
 * @home: the directory of the cgroup the CLI came from
 * @created: the CLI made @path (only then is it removed)
 * @nodelete: fio's cgroup_nodelete
 */
struct kg_cgroup {
	char path[KIOGEN_PATH_LEN];
	char home[KIOGEN_PATH_LEN];
	bool created;
	bool nodelete;
};

/**
 * kg_cgroup_enter() - into the jobs' cgroup, before a run starts anything
 * @js: the jobs of one run
 * @cg: filled for kg_cgroup_leave()
 *
 * Creates the cgroup if it does not exist, enables the io controller in
 * its parent's subtree_control when it can (cgroup_weight needs it), sets
 * io.weight and moves this process (every thread) into it. Returns an exit
 * code; a failure is said, and leaves the CLI where it was.
 */
int kg_cgroup_enter(const struct kg_jobs *js, struct kg_cgroup *cg);

/**
 * kg_cgroup_leave() - back where the CLI came from
 * @cg: from kg_cgroup_enter()
 * @keep: the cgroup still holds a detached run: not removed
 *
 * Removes the cgroup if the CLI made it and cgroup_nodelete is not set, as
 * fio: a cgroup that is still busy stays, said.
 */
void kg_cgroup_leave(struct kg_cgroup *cg, bool keep);

#endif /* KIOGEN_CTL_CGROUP_H */
