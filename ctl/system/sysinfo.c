// SPDX-License-Identifier: GPL-2.0
/*
 * The record of the system under test (ctl/system/sysinfo.h), from /proc and /sys.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>

#include <kiogen/version.h>

#include "json/json.h"
#include "sysinfo.h"

static void kg_si_add(struct kg_si_section *t, const char *key, bool num, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void kg_si_add(struct kg_si_section *t, const char *key, bool num, const char *fmt, ...)
{
	struct kg_kv *kv;
	va_list ap;

	if (t->nr == KG_SI_MAX_KV)
		return;
	kv = &t->kv[t->nr++];
	snprintf(kv->key, sizeof(kv->key), "%s", key);
	va_start(ap, fmt);
	vsnprintf(kv->val, sizeof(kv->val), fmt, ap);
	va_end(ap);
	kv->num = num;
}

const char *kg_si_get(const struct kg_si_section *t, const char *key)
{
	unsigned int i;

	for (i = 0; i < t->nr; i++)
		if (!strcmp(t->kv[i].key, key))
			return t->kv[i].val;
	return NULL;
}

/* The first line of @root@path, trailing blanks cut; false if unreadable or empty. */
static bool kg_si_read(const char *root, const char *path, char *buf, size_t size)
{
	char full[PATH_MAX];
	size_t n;
	FILE *f;

	snprintf(full, sizeof(full), "%s%s", root, path);
	f = fopen(full, "r");
	if (!f)
		return false;
	if (!fgets(buf, size, f))
		buf[0] = 0;
	fclose(f);
	n = strlen(buf);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	return n > 0;
}

/* @key: value of a "key : value" file (cpuinfo, meminfo) */
static bool kg_si_field(const char *root, const char *path, const char *key, char *buf,
			size_t size)
{
	char full[PATH_MAX], line[512];
	size_t klen = strlen(key);
	bool found = false;
	FILE *f;

	snprintf(full, sizeof(full), "%s%s", root, path);
	f = fopen(full, "r");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		char *v = line + klen;

		if (strncmp(line, key, klen) || (*v != ' ' && *v != '\t' && *v != ':'))
			continue;
		v += strspn(v, " \t:");
		v[strcspn(v, "\n")] = 0;
		snprintf(buf, size, "%s", v);
		found = true;
	}
	fclose(f);
	return found;
}

/* a sysfs attribute @dir/@name as the fact @prefix@key */
static void kg_si_attr(struct kg_si_section *t, const char *root, const char *dir,
		       const char *name, const char *prefix, const char *key, bool num)
{
	char path[PATH_MAX], val[256], k[24];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (!kg_si_read(root, path, val, sizeof(val)))
		return;
	snprintf(k, sizeof(k), "%s%s", prefix, key);
	kg_si_add(t, k, num, "%s", val);
}

bool kg_si_blockdev(struct kg_si_section *t, const char *root, unsigned int maj,
		    unsigned int min, const char *prefix)
{
	static const char *const queue[][2] = {
		{ "logical_block_size", "1" }, { "physical_block_size", "1" },
		{ "nr_requests", "1" }, { "rotational", "1" }, { "write_cache", "" },
		{ "nomerges", "1" }, { "iostats", "1" }, { "read_ahead_kb", "1" },
	};
	char link[PATH_MAX + 32], real[PATH_MAX], dev[PATH_MAX], disk[PATH_MAX], val[256], k[24];
	char *slash;
	size_t i;

	snprintf(link, sizeof(link), "%s/sys/dev/block/%u:%u", root, maj, min);
	if (!realpath(link, real))
		return false;
	snprintf(dev, sizeof(dev), "%s", real + strlen(root));
	snprintf(disk, sizeof(disk), "%s", dev);
	/* a partition: the queue and the model are its disk's */
	snprintf(link, sizeof(link), "%s/partition", dev);
	slash = strrchr(disk, '/');
	if (kg_si_read(root, link, val, sizeof(val)) && slash)
		*slash = 0;
	snprintf(k, sizeof(k), "%sdevice", prefix);
	kg_si_add(t, k, false, "%s", strrchr(dev, '/') + 1);
	kg_si_attr(t, root, disk, "device/model", prefix, "model", false);
	snprintf(link, sizeof(link), "%s/size", dev);
	if (kg_si_read(root, link, val, sizeof(val))) {
		snprintf(k, sizeof(k), "%ssize_bytes", prefix);
		kg_si_add(t, k, true, "%llu", strtoull(val, NULL, 10) * 512);
	}
	snprintf(link, sizeof(link), "%s/queue/scheduler", disk);
	if (kg_si_read(root, link, val, sizeof(val))) {
		char *open = strchr(val, '['), *close = open ? strchr(open, ']') : NULL;

		/* the one in use is bracketed; a queue without one lists "none" */
		if (open && close) {
			*close = 0;
			memmove(val, open + 1, strlen(open + 1) + 1);
		}
		snprintf(k, sizeof(k), "%sscheduler", prefix);
		kg_si_add(t, k, false, "%s", val);
	}
	snprintf(link, sizeof(link), "%s/queue", disk);
	for (i = 0; i < sizeof(queue) / sizeof(queue[0]); i++)
		kg_si_attr(t, root, link, queue[i][0], prefix, queue[i][0], *queue[i][1]);
	return true;
}

bool kg_si_mount(struct kg_si_section *t, const char *root, unsigned int maj,
		 unsigned int min, const char *path)
{
	char full[PATH_MAX], line[4096], best[4][1024] = { "", "", "", "" };
	size_t best_len = 0;
	bool found = false;
	FILE *f;

	snprintf(full, sizeof(full), "%s/proc/self/mountinfo", root);
	f = fopen(full, "r");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		char *save = NULL, *tok, *field[6] = { 0 }, *sep;
		unsigned int a, b, i;
		size_t mlen;
		bool holds;

		/* id parent maj:min root mountpoint options [optional...] - fstype source super */
		sep = strstr(line, " - ");
		if (!sep)
			continue;
		*sep = 0;
		tok = strtok_r(line, " ", &save);
		for (i = 0; tok && i < 6; i++, tok = strtok_r(NULL, " ", &save))
			field[i] = tok;
		if (i < 6 || sscanf(field[2], "%u:%u", &a, &b) != 2 || a != maj || b != min)
			continue;
		mlen = strlen(field[4]);
		holds = mlen == 1 || (!strncmp(path, field[4], mlen) &&
				      (path[mlen] == '/' || !path[mlen]));
		/* the longest mount point holding @path: bind mounts share a device */
		if (!found || (holds && mlen > best_len)) {
			char *fstype, *source, *super, *s2 = NULL;

			fstype = strtok_r(sep + 3, " \n", &s2);
			source = strtok_r(NULL, " \n", &s2);
			super = strtok_r(NULL, " \n", &s2);
			snprintf(best[0], sizeof(best[0]), "%s", fstype ? fstype : "");
			snprintf(best[1], sizeof(best[1]), "%s", field[5]);
			snprintf(best[2], sizeof(best[2]), "%s", source ? source : "");
			snprintf(best[3], sizeof(best[3]), "%s", super ? super : "");
			best_len = holds ? mlen : 0;
			found = true;
		}
	}
	fclose(f);
	if (!found)
		return false;
	kg_si_add(t, "fstype", false, "%s", best[0]);
	kg_si_add(t, "mount_options", false, "%s", best[1]);
	kg_si_add(t, "mount_source", false, "%s", best[2]);
	kg_si_add(t, "super_options", false, "%s", best[3]);
	return true;
}

static void kg_si_system(struct kg_si_section *t, const struct kg_jobs *js, const char *root)
{
	char val[512];
	struct utsname u;
	long n;

	kg_si_add(t, "kiogen_version", false, "%s", KIOGEN_VERSION);
	kg_si_add(t, "path", false, "%s", js->global.path == KG_PATH_SYSCALL ? "syscall" : "kernel");
	if (!uname(&u)) {
		kg_si_add(t, "kernel_release", false, "%s", u.release);
		kg_si_add(t, "machine", false, "%s", u.machine);
	}
	if (kg_si_read(root, "/proc/cmdline", val, sizeof(val)))
		kg_si_add(t, "kernel_cmdline", false, "%s", val);
	/* the module's build: MODULE_VERSION, and modpost's hash of its sources */
	kg_si_add(t, "module_version", false, "%s",
		  kg_si_read(root, "/sys/module/kiogen/version", val, sizeof(val)) ? val :
		  "not loaded");
	if (kg_si_read(root, "/sys/module/kiogen/srcversion", val, sizeof(val)))
		kg_si_add(t, "module_srcversion", false, "%s", val);
	if (kg_si_field(root, "/proc/cpuinfo", "model name", val, sizeof(val)) ||
	    kg_si_field(root, "/proc/cpuinfo", "Processor", val, sizeof(val)) ||
	    kg_si_field(root, "/proc/cpuinfo", "cpu model", val, sizeof(val)))
		kg_si_add(t, "cpu_model", false, "%s", val);
	n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n > 0)
		kg_si_add(t, "cpus", true, "%ld", n);
	if (kg_si_field(root, "/proc/meminfo", "MemTotal", val, sizeof(val)))
		kg_si_add(t, "mem_bytes", true, "%llu", strtoull(val, NULL, 10) * 1024);
	if (kg_si_read(root, "/sys/devices/system/clocksource/clocksource0/current_clocksource",
		       val, sizeof(val)))
		kg_si_add(t, "clocksource", false, "%s", val);
}

static void kg_si_target(struct kg_si_section *t, const struct kg_job *j, const char *root)
{
	char path[PATH_MAX], real[PATH_MAX], *slash;
	struct stat st;

	kg_si_add(t, "filename", false, "%s", j->filename);
	if (!strcmp(j->engine, "null")) {
		kg_si_add(t, "type", false, "none (null engine)");
		return;
	}
	/* a file not laid out (yet): its directory says where it would be */
	snprintf(path, sizeof(path), "%s", j->filename);
	if (stat(path, &st)) {
		slash = strrchr(path, '/');
		if (slash)
			*(slash == path ? slash + 1 : slash) = 0;
		else
			snprintf(path, sizeof(path), ".");
		if (stat(path, &st)) {
			kg_si_add(t, "type", false, "missing");
			return;
		}
	}
	if (S_ISBLK(st.st_mode)) {
		kg_si_add(t, "type", false, "block device");
		kg_si_blockdev(t, root, major(st.st_rdev), minor(st.st_rdev), "");
		return;
	}
	kg_si_add(t, "type", false, "file");
	if (realpath(j->filename, real) || realpath(path, real))
		kg_si_mount(t, root, major(st.st_dev), minor(st.st_dev), real);
	/* none below tmpfs, 9p, or btrfs's anonymous devices */
	kg_si_blockdev(t, root, major(st.st_dev), minor(st.st_dev), "dev_");
}

uint64_t kg_fnv1a64(uint64_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

struct kg_si_jobs {
	char *text;
	size_t size, len;
	uint64_t hash;
};

static void kg_si_line(void *ctx, const char *name, const char *value)
{
	struct kg_si_jobs *b = ctx;
	int n;

	n = snprintf(b->text + b->len, b->size - b->len, "%s=%s\n", name, value);
	if (n > 0 && (size_t)n < b->size - b->len)
		b->len += n;
	/* what names the job, and the seed, are not the workload (as kiogen diff) */
	if (!strcmp(name, "name") || !strcmp(name, "randseed"))
		return;
	b->hash = kg_fnv1a64(kg_fnv1a64(kg_fnv1a64(kg_fnv1a64(b->hash, name), "="), value),
			     "\n");
}

void kg_sysinfo_collect(struct kg_sysinfo *si, const struct kg_jobs *js, const char *root)
{
	struct kg_si_jobs b = { .text = si->jobs, .size = sizeof(si->jobs) };
	unsigned int i, k;

	memset(si, 0, sizeof(*si));
	b.hash = KG_FNV1A64_INIT;
	kg_si_system(&si->system, js, root);
	for (i = 0; i < js->nr_jobs; i++) {
		const struct kg_job *j = &js->jobs[i];

		for (k = 0; k < i && strcmp(js->jobs[k].filename, j->filename); k++)
			;
		if (k == i || !strcmp(j->engine, "null"))
			kg_si_target(&si->targets[si->nr_targets++], j, root);
		if (b.len < b.size - 1)
			b.len += snprintf(b.text + b.len, b.size - b.len, "%s[%s]\n",
					  i ? "\n" : "", j->name);
		if (b.len >= b.size)
			b.len = b.size - 1;
		kg_job_options_each(j, kg_si_line, &b);
	}
	si->job_hash = b.hash;
}

static void kg_si_section_json(struct kg_json *j, const char *key, const struct kg_si_section *t)
{
	unsigned int i;

	kg_json_obj(j, key);
	for (i = 0; i < t->nr; i++) {
		if (t->kv[i].num)
			kg_json_u64(j, t->kv[i].key, strtoull(t->kv[i].val, NULL, 10));
		else
			kg_json_string(j, t->kv[i].key, t->kv[i].val);
	}
	kg_json_end(j);
}

void kg_sysinfo_json(struct kg_json *j, const struct kg_sysinfo *si)
{
	unsigned int i;

	kg_json_obj(j, "record");
	kg_si_section_json(j, "system", &si->system);
	kg_json_open(j, "targets", '[', false);
	for (i = 0; i < si->nr_targets; i++)
		kg_si_section_json(j, NULL, &si->targets[i]);
	kg_json_close(j, ']');
	kg_json_string(j, "jobs", si->jobs);
	kg_json_stringf(j, "job_hash", "0x%016" PRIx64, si->job_hash);
	kg_json_end(j);
}

/* "key=value, ..." of @t but @skip */
static void kg_si_section_text(FILE *f, const struct kg_si_section *t, const char *skip)
{
	unsigned int i, n = 0;

	for (i = 0; i < t->nr; i++)
		if (!skip || strcmp(t->kv[i].key, skip))
			fprintf(f, "%s%s=%s", n++ ? ", " : "", t->kv[i].key, t->kv[i].val);
	fputc('\n', f);
}

void kg_sysinfo_text(FILE *f, const struct kg_sysinfo *si)
{
	const char *cmdline = kg_si_get(&si->system, "kernel_cmdline");
	unsigned int i;

	/* "kiogen ": lines that are not fio's, for scrapers to skip */
	fprintf(f, "kiogen system: ");
	kg_si_section_text(f, &si->system, "kernel_cmdline");
	if (cmdline)
		fprintf(f, "kiogen cmdline: %s\n", cmdline);
	for (i = 0; i < si->nr_targets; i++) {
		const char *name = kg_si_get(&si->targets[i], "filename");

		fprintf(f, "kiogen target %s: ", name && *name ? name : "(none)");
		kg_si_section_text(f, &si->targets[i], "filename");
	}
	fprintf(f, "kiogen job hash: 0x%016" PRIx64 "\n\n", si->job_hash);
}
