// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of ctl/report/repeat.c and ctl/system/sysinfo.c: repeats merged as one long
 * run (counters, histograms and times add up, interval samples follow one
 * another, disks span the repeats), repeat_until's interval and bounds;
 * and the record's readers on a made-up /proc and /sys: the mount that
 * holds a path (the longest mount point, for bind mounts), a partition's
 * queue settings read from its disk, the scheduler in use, and the hash.
 * Prints TAP.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "report/repeat.h"
#include "report/report.h"
#include "system/sysinfo.h"
#include "tap.h"

/* One job of one worker: @ios reads of @ns each over @elapsed, sampled twice. */
static void fake_run(struct kg_run_result *r, uint64_t ios, uint64_t ns, uint64_t elapsed)
{
	struct kg_worker *w;

	memset(r, 0, sizeof(*r));
	r->nr_jobs = 1;
	r->state = KIOGEN_STATE_DONE;
	r->elapsed_ns = elapsed;
	r->jobs[0].nr_workers = 1;
	r->jobs[0].workers = w = calloc(1, sizeof(*w));
	w->elapsed_ns = elapsed;
	w->cpu_sys_ns = ios * 100;
	w->dir[KIOGEN_DIR_READ].ios = ios;
	w->dir[KIOGEN_DIR_READ].bytes = ios * 4096;
	w->dir[KIOGEN_DIR_READ].lat_min = ns;
	w->dir[KIOGEN_DIR_READ].lat_max = ns;
	w->dir[KIOGEN_DIR_READ].lat_sum = ios * ns;
	w->dir[KIOGEN_DIR_READ].hist[kiog_hist_idx(ns)] = ios;
	w->samples = calloc(2, sizeof(*w->samples));
	w->nr_samples = 2;
	w->sample_ns = elapsed / 2;
	w->samples[0].ios[0] = ios / 2;
	w->samples[1].ios[0] = ios;
	r->nr_disks = 1;
	r->disks[0].valid = true;
	r->disks[0].before[0] = 1000;
	r->disks[0].after[0] = 1000 + ios;
	r->disks[0].wall_ms = elapsed / 1000000;
}

static void free_run(struct kg_run_result *r)
{
	free(r->jobs[0].workers[0].samples);
	free(r->jobs[0].workers);
}

static int t_merge(const void *arg)
{
	struct kg_run_result a, b, m = { 0 };
	const struct kg_worker *w;
	const struct kg_dir *d;
	int ok;

	(void)arg;
	fake_run(&a, 1000, 20000, 1000000000);
	fake_run(&b, 600, 30000, 500000000);
	b.disks[0].before[0] = 5000;
	b.disks[0].after[0] = 5600;
	ok = !kg_repeat_append(&m, &a) && !kg_repeat_append(&m, &b);
	w = &m.jobs[0].workers[0];
	d = &w->dir[KIOGEN_DIR_READ];
	if (ok)
		ok = m.nr_repeats == 2 && m.nr_jobs == 1 && m.jobs[0].nr_workers == 1;
	free_run(&a);
	free_run(&b);
	CHECK(ok, "append failed or wrong shape");
	CHECK(d->ios == 1600 && d->bytes == 1600 * 4096, "ios %llu", (unsigned long long)d->ios);
	CHECK(w->elapsed_ns == 1500000000 && m.elapsed_ns == 1500000000,
	      "elapsed %llu: one after the other, not the longest",
	      (unsigned long long)w->elapsed_ns);
	CHECK(d->lat_min == 20000 && d->lat_max == 30000, "min %llu max %llu",
	      (unsigned long long)d->lat_min, (unsigned long long)d->lat_max);
	CHECK(d->hist[kiog_hist_idx(20000)] == 1000 && d->hist[kiog_hist_idx(30000)] == 600,
	      "histograms not added");
	CHECK(w->cpu_sys_ns == 160000, "cpu %llu", (unsigned long long)w->cpu_sys_ns);
	CHECK(w->nr_samples == 4, "%u samples, want the 2 + 2 one after the other", w->nr_samples);
	CHECK(w->samples[1].ios[0] == 1000 && w->samples[2].ios[0] == 1300 &&
	      w->samples[3].ios[0] == 1600, "samples not cumulative across repeats: %llu %llu %llu",
	      (unsigned long long)w->samples[1].ios[0], (unsigned long long)w->samples[2].ios[0],
	      (unsigned long long)w->samples[3].ios[0]);
	CHECK(m.disks[0].before[0] == 1000 && m.disks[0].after[0] == 5600 &&
	      m.disks[0].wall_ms == 1500, "disks: before of the first, after of the last");
	free_run(&m);
	return T_PASS;
}

/* the report of a merged run: its IOPS are all I/Os over all the time */
static int t_merged_iops(const void *arg)
{
	struct kg_run_result a, b, m = { 0 };
	double ia, ib, im;

	(void)arg;
	fake_run(&a, 1000, 20000, 1000000000);
	fake_run(&b, 600, 30000, 500000000);
	kg_repeat_append(&m, &a);
	kg_repeat_append(&m, &b);
	ia = kg_repeat_iops(&a);
	ib = kg_repeat_iops(&b);
	im = kg_repeat_iops(&m);
	free_run(&a);
	free_run(&b);
	free_run(&m);
	CHECK(ia == 1000 && ib == 1200, "repeats' IOPS %g %g", ia, ib);
	CHECK(fabs(im - 1600 / 1.5) < 1e-6, "merged IOPS %g, want 1066.67", im);
	/* rw=randtrim: repeat_until watches the trims (none of them reads) */
	fake_run(&a, 0, 20000, 1000000000);
	a.jobs[0].workers[0].dir[KIOGEN_DIR_TRIM].ios = 500;
	ia = kg_repeat_iops(&a);
	free_run(&a);
	CHECK(ia == 500, "a trim job's IOPS %g, want 500", ia);
	return T_PASS;
}

static int t_halfwidth(const void *arg)
{
	static const double v[] = { 10, 12, 14 }, same[] = { 5, 5, 5, 5 };
	double h;

	(void)arg;
	/* mean 12, sd 2, t(2) = 4.303: 4.303 * 2 / sqrt(3) / 12 */
	h = kg_repeat_halfwidth(v, 3);
	CHECK(fabs(h - 41.41) < 0.01, "half-width %g%%, want 41.41%%", h);
	CHECK(kg_repeat_halfwidth(same, 4) == 0, "equal repeats: 0");
	CHECK(kg_repeat_halfwidth(v, 1) < 0, "one repeat has no interval");
	return T_PASS;
}

static int t_bounds(const void *arg)
{
	struct kg_global g = { 0 };

	(void)arg;
	CHECK(kg_repeat_max(&g) == 1 && kg_repeat_min(&g) == 1, "no repeat: once");
	g.repeat = 4;
	CHECK(kg_repeat_max(&g) == 4 && kg_repeat_min(&g) == 4, "repeat=4: 4 times");
	g.repeat = 0;
	g.repeat_until = 2;
	CHECK(kg_repeat_max(&g) == KG_REPEAT_MAX_DEFAULT && kg_repeat_min(&g) == 3,
	      "repeat_until: 3 to %u, got %u to %u", KG_REPEAT_MAX_DEFAULT,
	      kg_repeat_min(&g), kg_repeat_max(&g));
	g.repeat = 6;
	g.repeat_max = 8;
	CHECK(kg_repeat_max(&g) == 8 && kg_repeat_min(&g) == 6, "repeat=6 repeat_max=8");
	return T_PASS;
}

static char root[] = "/tmp/kiogen-test-sysinfo-XXXXXX";

static void put(const char *path, const char *text)
{
	char full[512], *slash;
	FILE *f;

	snprintf(full, sizeof(full), "%s%s", root, path);
	for (slash = strchr(full + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = 0;
		mkdir(full, 0755);
		*slash = '/';
	}
	f = fopen(full, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* a made-up machine: nvme0n1 with partition nvme0n1p2 (259:2) mounted twice */
static void make_root(void)
{
	char link[512];

	put("/proc/self/mountinfo",
	    "22 1 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw,errors=remount-ro\n"
	    "40 22 0:21 / /tmp rw,nosuid shared:2 - tmpfs tmpfs rw,size=100k\n"
	    "41 22 259:2 /srv /data rw,noatime shared:3 - ext4 /dev/nvme0n1p2 rw,errors=remount-ro\n");
	put("/sys/block/nvme0n1/nvme0n1p2/partition", "2\n");
	put("/sys/block/nvme0n1/nvme0n1p2/size", "2048\n");
	put("/sys/block/nvme0n1/size", "8192\n");
	put("/sys/block/nvme0n1/device/model", "Fake SSD 990      \n");
	put("/sys/block/nvme0n1/queue/scheduler", "none [mq-deadline] kyber\n");
	put("/sys/block/nvme0n1/queue/logical_block_size", "512\n");
	put("/sys/block/nvme0n1/queue/physical_block_size", "4096\n");
	put("/sys/block/nvme0n1/queue/nr_requests", "1023\n");
	put("/sys/block/nvme0n1/queue/rotational", "0\n");
	put("/sys/block/nvme0n1/queue/write_cache", "write back\n");
	put("/sys/block/nvme0n1/queue/nomerges", "0\n");
	put("/sys/block/nvme0n1/queue/iostats", "1\n");
	put("/sys/block/nvme0n1/queue/read_ahead_kb", "128\n");
	put("/sys/dev/block/.keep", "");
	snprintf(link, sizeof(link), "%s/sys/dev/block/259:2", root);
	if (symlink("../../block/nvme0n1/nvme0n1p2", link))
		perror("symlink");
}

static int t_mount(const void *arg)
{
	struct kg_si_section t = { 0 }, u = { 0 }, v = { 0 };

	(void)arg;
	CHECK(kg_si_mount(&t, root, 259, 2, "/data/x/file"), "no mount found");
	CHECK(!strcmp(kg_si_get(&t, "fstype"), "ext4") &&
	      !strcmp(kg_si_get(&t, "mount_options"), "rw,noatime") &&
	      !strcmp(kg_si_get(&t, "super_options"), "rw,errors=remount-ro") &&
	      !strcmp(kg_si_get(&t, "mount_source"), "/dev/nvme0n1p2"),
	      "/data/x/file: %s %s: want the bind mount at /data", kg_si_get(&t, "fstype"),
	      kg_si_get(&t, "mount_options"));
	CHECK(kg_si_mount(&u, root, 259, 2, "/database/file") &&
	      !strcmp(kg_si_get(&u, "mount_options"), "rw,relatime"),
	      "/database is not below /data: want /, got %s", kg_si_get(&u, "mount_options"));
	CHECK(!kg_si_mount(&v, root, 8, 1, "/x"), "no mount of 8:1");
	return T_PASS;
}

static int t_blockdev(const void *arg)
{
	struct kg_si_section t = { 0 };
	const char *v;

	(void)arg;
	CHECK(kg_si_blockdev(&t, root, 259, 2, "dev_"), "259:2 not found");
	CHECK(!strcmp(kg_si_get(&t, "dev_device"), "nvme0n1p2"), "device %s",
	      kg_si_get(&t, "dev_device"));
	CHECK(!strcmp(kg_si_get(&t, "dev_size_bytes"), "1048576"),
	      "size %s: the partition's 2048 sectors", kg_si_get(&t, "dev_size_bytes"));
	v = kg_si_get(&t, "dev_model");
	CHECK(v && !strcmp(v, "Fake SSD 990"), "model '%s': the disk's, blanks cut", v);
	CHECK(!strcmp(kg_si_get(&t, "dev_scheduler"), "mq-deadline"), "scheduler %s",
	      kg_si_get(&t, "dev_scheduler"));
	CHECK(!strcmp(kg_si_get(&t, "dev_nr_requests"), "1023") &&
	      !strcmp(kg_si_get(&t, "dev_physical_block_size"), "4096") &&
	      !strcmp(kg_si_get(&t, "dev_write_cache"), "write back") &&
	      !strcmp(kg_si_get(&t, "dev_read_ahead_kb"), "128") &&
	      kg_si_get(&t, "dev_nomerges") && kg_si_get(&t, "dev_iostats") &&
	      kg_si_get(&t, "dev_rotational"), "the disk's queue settings");
	CHECK(!kg_si_blockdev(&t, root, 0, 21, ""), "tmpfs has no block device");
	return T_PASS;
}

static int t_hash(const void *arg)
{
	(void)arg;
	/* FNV-1a's published values */
	CHECK(kg_fnv1a64(KG_FNV1A64_INIT, "") == 0xcbf29ce484222325ULL, "empty");
	CHECK(kg_fnv1a64(KG_FNV1A64_INIT, "a") == 0xaf63dc4c8601ec8cULL, "\"a\"");
	CHECK(kg_fnv1a64(kg_fnv1a64(KG_FNV1A64_INIT, "foo"), "bar") ==
	      kg_fnv1a64(KG_FNV1A64_INIT, "foobar"), "not incremental");
	return T_PASS;
}

int main(void)
{
	static const struct tcase cases[] = {
		{ "repeats merged as one long run", t_merge, NULL },
		{ "merged IOPS: all I/Os over all the time", t_merged_iops, NULL },
		{ "repeat_until's interval: Student's t", t_halfwidth, NULL },
		{ "repeat, repeat_until, repeat_max: how many runs", t_bounds, NULL },
		{ "record: the mount holding a path", t_mount, NULL },
		{ "record: a partition's device and its disk's queue", t_blockdev, NULL },
		{ "record: FNV-1a 64", t_hash, NULL },
	};
	char cmd[64];
	int rc;

	if (!mkdtemp(root)) {
		perror("mkdtemp");
		return 1;
	}
	make_root();
	rc = run_cases(cases, ARRAY_SIZE(cases));
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	if (system(cmd))
		rc = 1;
	return rc;
}
