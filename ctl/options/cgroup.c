// SPDX-License-Identifier: GPL-2.0
/*
 * fio's cgroup options on cgroup v2 (fio's cgroup.c): cgroup=NAME is a
 * directory below the cgroup2 mount, made if missing (one level, as fio's
 * mkdir) and removed after the run if the CLI made it, unless
 * cgroup_nodelete=1; cgroup_weight sets its io.weight. The CLI moves itself
 * into it for the run and back to where it was after: the module's workers
 * join the requester's cgroups when the run is created, and the syscall
 * path's threads are this process's, so the run's I/O, memory and CPU are
 * the cgroup's. Everything here happens before anything reaches the kernel.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "cgroup.h"
#include "core/cli.h"
#include "options.h"

static int kg_opt_cgroup(struct kg_jobs *js, struct kg_job *j, const struct kg_option *o,
			 const char *v, FILE *err)
{
	const char *p = v, *end;
	size_t n;

	(void)js;
	while (*p == '/')	/* fio joins the mount and the name with a '/' */
		p++;
	n = strlen(p);
	while (n && p[n - 1] == '/')
		n--;
	if (!n) {
		fprintf(err, "kiogen: %s: '%s' names no cgroup: a name below the cgroup2 root, such as kiogen or a/b\n",
			o->name, v);
		return -EINVAL;
	}
	for (end = p; end < p + n; end++) {
		const char *c = end;

		end = memchr(c, '/', p + n - c) ?: p + n;
		if ((end - c == 1 && c[0] == '.') || (end - c == 2 && !strncmp(c, "..", 2))) {
			fprintf(err, "kiogen: %s: '%s': no '.' or '..' in a cgroup's name (it is a path below the cgroup2 root)\n",
				o->name, v);
			return -EINVAL;
		}
	}
	snprintf(j->cgroup, sizeof(j->cgroup), "%.*s", (int)n, p);
	return 0;
}

/* Whether jobs @a and @b run from the same cgroup, the same way. */
static bool kg_cgroup_same(const struct kg_job *a, const struct kg_job *b)
{
	return !strcmp(a->cgroup, b->cgroup) && a->cgroup_weight == b->cgroup_weight &&
	       a->cgroup_nodelete == b->cgroup_nodelete;
}

/* Jobs @first to @end - 1 of @js share a cgroup; else said, -EINVAL. */
static int kg_cgroup_shared(const struct kg_jobs *js, unsigned int first, unsigned int end,
			    FILE *err)
{
	const struct kg_job *a = &js->jobs[first];
	unsigned int i;

	for (i = first + 1; i < end; i++) {
		const struct kg_job *b = &js->jobs[i];

		if (kg_cgroup_same(a, b))
			continue;
		fprintf(err, "kiogen: %s: cgroup: the jobs of one run share one cgroup, the CLI's (%s has cgroup=%s cgroup_weight=%u cgroup_nodelete=%d, %s cgroup=%s cgroup_weight=%u cgroup_nodelete=%d): start it after the others with stonewall\n",
			b->name, a->name, a->cgroup[0] ? a->cgroup : "(none)", a->cgroup_weight,
			a->cgroup_nodelete, b->name, b->cgroup[0] ? b->cgroup : "(none)",
			b->cgroup_weight, b->cgroup_nodelete);
		return -EINVAL;
	}
	return 0;
}

int kg_jobs_cgroup_check(const struct kg_jobs *js, FILE *err, FILE *info)
{
	unsigned int i, end;

	for (i = 0; i < js->nr_jobs; i++)
		if (js->jobs[i].cgroup_weight && !js->jobs[i].cgroup[0])
			fprintf(info, "kiogen: %s: cgroup_weight: does nothing without cgroup= (as fio)\n",
				js->jobs[i].name);
	for (i = 0; i < js->nr_jobs; i = end) {
		end = kg_jobs_phase_end(js, i);
		if (kg_cgroup_shared(js, i, end, err))
			return -EINVAL;
	}
	return 0;
}

/* mountinfo's escapes (\040 a space) undone, in place */
static void kg_unescape(char *s)
{
	char *d = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			*d++ = (char)((s[1] - '0') << 6 | (s[2] - '0') << 3 | (s[3] - '0'));
			s += 3;
		} else {
			*d++ = *s;
		}
	}
	*d = 0;
}

int kg_cgroup2_mount(FILE *mountinfo, char *dir, char *root, size_t len)
{
	char line[3 * KIOGEN_PATH_LEN], r[KIOGEN_PATH_LEN], d[KIOGEN_PATH_LEN];
	char fstype[64];
	const char *sep;

	while (fgets(line, sizeof(line), mountinfo)) {
		/* ID PARENT MAJ:MIN ROOT DIR OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER */
		sep = strstr(line, " - ");
		if (!sep || sscanf(sep + 3, "%63s", fstype) != 1 || strcmp(fstype, "cgroup2") ||
		    sscanf(line, "%*s %*s %*s %4095s %4095s", r, d) != 2)
			continue;
		kg_unescape(r);
		kg_unescape(d);
		if (strlen(r) >= len || strlen(d) >= len)
			continue;
		strcpy(root, r);
		strcpy(dir, d);
		return 0;
	}
	return -ENOENT;
}

/*
 * The directory of this process's cgroup v2 under mount @mnt of hierarchy
 * root @mroot into @buf; the mount's own if it is not below it (fio moves
 * back to the root).
 */
static void kg_cgroup_self(const char *mnt, const char *mroot, char *buf, size_t len)
{
	char line[KIOGEN_PATH_LEN + 8];
	const char *rel = NULL;
	size_t n = strcmp(mroot, "/") ? strlen(mroot) : 0;
	FILE *f = fopen("/proc/self/cgroup", "r");

	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		if (strncmp(line, "0::/", 4))
			continue;
		if (!strncmp(line + 3, mroot, n) && (line[3 + n] == '/' || !line[3 + n]))
			rel = line + 3 + n;
		break;
	}
	if (f)
		fclose(f);
	snprintf(buf, len, "%s%s", mnt, rel && strcmp(rel, "/") ? rel : "");
}

/* Writes @s to file @name of directory @dir in one write; 0 or -errno. */
static int kg_cgroup_write(const char *dir, const char *name, const char *s)
{
	char path[KIOGEN_PATH_LEN + 64];
	ssize_t n;
	int fd, e;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, s, strlen(s));
	e = n < 0 ? -errno : 0;
	close(fd);
	return e;
}

/* Whether @word is in the space-separated list of file @name of @dir. */
static bool kg_cgroup_has(const char *dir, const char *name, const char *word)
{
	char path[KIOGEN_PATH_LEN + 64], buf[512], *tok, *save;
	FILE *f;
	bool found = false;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
		return false;
	if (fgets(buf, sizeof(buf), f))
		for (tok = strtok_r(buf, " \n", &save); tok && !found;
		     tok = strtok_r(NULL, " \n", &save))
			found = !strcmp(tok, word);
	fclose(f);
	return found;
}

/* Moves this process, every thread of it, into the cgroup of @dir. */
static int kg_cgroup_move(const char *dir)
{
	char pid[16];

	snprintf(pid, sizeof(pid), "%d", (int)getpid());
	return kg_cgroup_write(dir, "cgroup.procs", pid);
}

/*
 * The io controller in @cg->path, enabled in its parent's subtree_control
 * when it is not yet: with it io.stat counts the run's bytes, and
 * cgroup_weight needs its io.weight. Returns 0 or -errno.
 */
static int kg_cgroup_io(const struct kg_cgroup *cg, char *parent, size_t len)
{
	snprintf(parent, len, "%s", cg->path);
	*strrchr(parent, '/') = 0;
	if (kg_cgroup_has(cg->path, "cgroup.controllers", "io"))
		return 0;
	if (!kg_cgroup_has(parent, "cgroup.controllers", "io"))
		return -ENODEV;
	return kg_cgroup_write(parent, "cgroup.subtree_control", "+io");
}

/* Says why @what of cgroup @name failed with @e, with a hint for the usual causes. */
static void kg_cgroup_say(const char *job, const char *what, const char *path, int e)
{
	fprintf(stderr, "kiogen: %s: cgroup: %s %s: %s%s\n", job, what, path, strerror(-e),
		e == -EACCES || e == -EPERM ? " (needs root, or write access to the cgroup: delegation)" :
		e == -ENOENT ? " (its parent cgroup does not exist: kiogen makes one level, as fio)" :
		e == -EBUSY ? " (cgroup v2 keeps processes out of a cgroup whose controllers its children use)" :
		e == -EOPNOTSUPP ? " (a threaded cgroup, or one in an invalid state)" : "");
}

int kg_cgroup_enter(const struct kg_jobs *js, struct kg_cgroup *cg)
{
	const struct kg_job *j = &js->jobs[0];
	char mnt[KIOGEN_PATH_LEN], mroot[KIOGEN_PATH_LEN], parent[KIOGEN_PATH_LEN];
	char weight[16];
	FILE *f;
	int e;

	memset(cg, 0, sizeof(*cg));
	if (!js->nr_jobs || kg_cgroup_shared(js, 0, js->nr_jobs, stderr))
		return js->nr_jobs ? KG_EXIT_USAGE : KG_EXIT_OK;
	if (!j->cgroup[0])
		return KG_EXIT_OK;
	f = fopen("/proc/self/mountinfo", "r");
	e = f ? kg_cgroup2_mount(f, mnt, mroot, sizeof(mnt)) : -errno;
	if (f)
		fclose(f);
	if (e) {
		fprintf(stderr, "kiogen: %s: cgroup: no cgroup2 file system is mounted (mount -t cgroup2 none /sys/fs/cgroup); kiogen does not use cgroup v1\n",
			j->name);
		return KG_EXIT_USAGE;
	}
	if (snprintf(cg->path, sizeof(cg->path), "%s/%s", mnt, j->cgroup) >=
	    (int)sizeof(cg->path)) {
		fprintf(stderr, "kiogen: %s: cgroup: %s/%s is too long a path\n", j->name, mnt,
			j->cgroup);
		return KG_EXIT_USAGE;
	}
	kg_cgroup_self(mnt, mroot, cg->home, sizeof(cg->home));
	cg->nodelete = j->cgroup_nodelete;
	if (!mkdir(cg->path, 0755)) {
		cg->created = true;
	} else if (errno != EEXIST) {
		kg_cgroup_say(j->name, "cannot create", cg->path, -errno);
		cg->path[0] = 0;
		return KG_EXIT_USAGE;
	}
	e = kg_cgroup_move(cg->path);
	if (e) {
		kg_cgroup_say(j->name, "cannot move this process into", cg->path, e);
		goto err_leave;
	}
	/* after the move: a parent we left may now enable controllers */
	e = kg_cgroup_io(cg, parent, sizeof(parent));
	if (e && j->cgroup_weight) {
		if (e == -ENODEV)
			fprintf(stderr, "kiogen: %s: cgroup_weight: the io controller is not available in %s (not in its cgroup.controllers)\n",
				j->name, parent);
		else
			kg_cgroup_say(j->name, "cannot enable the io controller in", parent, e);
		goto err_leave;
	}
	if (e)
		fprintf(stderr, "kiogen: %s: cgroup: no io controller in %s (%s): its io.stat does not count the run\n",
			j->name, cg->path, e == -ENODEV ? "not available" : strerror(-e));
	if (!j->cgroup_weight)
		return KG_EXIT_OK;
	snprintf(weight, sizeof(weight), "%u", kg_cgroup_io_weight(j->cgroup_weight));
	e = kg_cgroup_write(cg->path, "io.weight", weight);
	if (e == -ENOENT) {
		fprintf(stderr, "kiogen: %s: cgroup_weight: %s has no io.weight (the kernel's io cost controller, CONFIG_BLK_CGROUP_IOCOST)\n",
			j->name, cg->path);
		goto err_leave;
	}
	if (e) {
		kg_cgroup_say(j->name, "cannot write io.weight of", cg->path, e);
		goto err_leave;
	}
	return KG_EXIT_OK;

err_leave:
	kg_cgroup_leave(cg, false);
	return KG_EXIT_USAGE;
}

void kg_cgroup_leave(struct kg_cgroup *cg, bool keep)
{
	unsigned int tries;
	int e;

	if (!cg->path[0])
		return;
	e = kg_cgroup_move(cg->home);
	if (e)
		fprintf(stderr, "kiogen: cgroup: cannot move back to %s: %s\n", cg->home,
			strerror(-e));
	if (e || keep || !cg->created || cg->nodelete) {
		cg->path[0] = 0;
		return;
	}
	/* exited workers leave it a moment after their run reports its end */
	for (tries = 0; (e = rmdir(cg->path) ? errno : 0) == EBUSY && tries < 200; tries++)
		usleep(10000);
	if (e)
		fprintf(stderr, "kiogen: cgroup: %s stays: %s\n", cg->path,
			e == EBUSY ? "something is still in it" : strerror(e));
	cg->path[0] = 0;
}

/*
 * fio's cgroup options: their rows, after the placement ones
 * (ctl/options/parse.c walks the tables in that order).
 */
const struct kg_option kg_cgroup_options[] = {
	{
		.name = "cgroup", .type = KG_OPT_STR, .off1 = KG_JOFF(cgroup),
		.len = KG_JLEN(cgroup), .cb = kg_opt_cgroup, .report = KG_REPORT_SET,
		.category = KG_CAT_ENGINE,
		.help = "run from this cgroup v2, a path below its root: made if missing, removed after if made",
	},
	{
		.name = "cgroup_weight", .type = KG_OPT_INT, .off1 = KG_JOFF(cgroup_weight),
		.minval = KG_CGROUP_WEIGHT_MIN, .maxval = KG_CGROUP_WEIGHT_MAX,
		.report = KG_REPORT_SET, .category = KG_CAT_ENGINE,
		.help = "the cgroup's weight, 100 to 1000 (fio's blkio.weight): io.weight = weight / 5, 500 its default 100",
	},
	{
		.name = "cgroup_nodelete", .type = KG_OPT_BOOL, .off1 = KG_JOFF(cgroup_nodelete),
		.def = "0", .report = KG_REPORT_SET, .category = KG_CAT_ENGINE,
		.help = "keep the cgroup kiogen made after the run",
	},
	/* verification (ctl/options/verify.c, include/kiogen/verify.h) */
	{ .name = NULL },
};
