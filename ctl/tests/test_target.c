// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of ctl/system/target.c, the open and layout both paths share, on
 * files in /tmp: a missing file is created only with a size, a short one is
 * grown to offset + size (or filesize) and keeps its first bytes, a file big
 * enough is left alone (a read-only job opens it read-only and changes
 * neither size nor mtime), a failed layout is cut back to the old size (the
 * failure comes from RLIMIT_FSIZE, as ENOSPC would), Ctrl-C during the
 * layout stops it, and open failures are said in words. Prints TAP.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/fsuid.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "kiogen.h"
#include "options/options.h"
#include "system/target.h"
#include "tap.h"

static char dir[] = "/tmp/kiogen-test-target-XXXXXX";
static char file[256];

/* Ctrl-C as the tests drive it: up at the stop_at-th look (0: never). */
static unsigned int stop_at, looks;

bool kg_interrupt_pending(void)
{
	return stop_at && ++looks >= stop_at;
}

static struct kg_jobs js;

/* A job parsed from options, as the CLI would give it to kg_target_open(). */
static const struct kg_job *job(const char *opts)
{
	char buf[512], *argv[32], *tok, *save = NULL;
	FILE *null = fopen("/dev/null", "w");
	int argc = 0;

	snprintf(buf, sizeof(buf), "--name=t --filename=%s %s", file, opts);
	for (tok = strtok_r(buf, " ", &save); tok && argc < 31;
	     tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	kg_jobs_init(&js);
	if (kg_parse_args(&js, argc, argv, null) || kg_jobs_finish(&js, null, null)) {
		fprintf(stderr, "cannot parse %s\n", opts);
		exit(2);
	}
	fclose(null);
	return &js.jobs[0];
}

/* kg_target_open() with its messages caught in @err. */
static int open_target(const struct kg_job *j, struct kg_target *t, char *err,
		       size_t len)
{
	FILE *info = fopen("/dev/null", "w");
	FILE *f = tmpfile();
	int saved, ret;
	size_t n;

	fflush(stderr);
	saved = dup(STDERR_FILENO);
	dup2(fileno(f), STDERR_FILENO);
	ret = kg_target_open(j, j->direct, KG_TARGET_SYSCALL, t, info);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(f);
	n = fread(err, 1, len - 1, f);
	err[n] = 0;
	fclose(f);
	fclose(info);
	return ret;
}

static off_t size_of(const char *p)
{
	struct stat st;

	return stat(p, &st) ? -1 : st.st_size;
}

static int make_file(off_t bytes, char fill)
{
	char buf[4096];
	off_t off;
	int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0)
		return -1;
	memset(buf, fill, sizeof(buf));
	for (off = 0; off < bytes; off += sizeof(buf))
		if (pwrite(fd, buf, sizeof(buf), off) != (ssize_t)sizeof(buf))
			return -1;
	return close(fd);
}

static int t_no_size(const void *arg)
{
	struct kg_target t;
	char err[1024];
	int ret;

	(void)arg;
	unlink(file);
	ret = open_target(job("--rw=read"), &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_FAIL && t.fd < 0, "exit %d", ret);
	CHECK(strstr(err, "filename") && strstr(err, "give size="), "said: %s", err);
	CHECK(size_of(file) < 0, "a file was created without a size");
	return T_PASS;
}

static int t_create(const void *arg)
{
	struct kg_target t;
	char err[1024];
	int ret;

	(void)arg;
	unlink(file);
	ret = open_target(job("--rw=read --offset=1m --size=3m"), &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_OK && t.fd >= 0, "exit %d: %s", ret, err);
	CHECK(t.file && t.bytes == 4 << 20 && t.laid_out == 4 << 20,
	      "bytes %llu, laid out %llu, expected offset + size = 4 MiB",
	      (unsigned long long)t.bytes, (unsigned long long)t.laid_out);
	CHECK(size_of(file) == 4 << 20, "file is %lld bytes", (long long)size_of(file));
	CHECK((fcntl(t.fd, F_GETFL) & O_ACCMODE) == O_RDONLY, "a read job's fd is not read-only");
	kg_target_close(&t);
	return T_PASS;
}

static int t_grow(const void *arg)
{
	struct kg_target t;
	char err[1024], c = 0;
	int ret, fd;

	(void)arg;
	CHECK(!make_file(1 << 20, 'x'), "fixture");
	ret = open_target(job("--rw=randwrite --size=1m --filesize=3m --fallocate=native"),
			  &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_OK && t.fd >= 0, "exit %d: %s", ret, err);
	CHECK(t.bytes == 3 << 20 && t.laid_out == 2 << 20, "bytes %llu, laid out %llu",
	      (unsigned long long)t.bytes, (unsigned long long)t.laid_out);
	CHECK((fcntl(t.fd, F_GETFL) & O_ACCMODE) == O_RDWR, "a write job's fd is not O_RDWR");
	kg_target_close(&t);
	fd = open(file, O_RDONLY);
	CHECK(pread(fd, &c, 1, 4095) == 1 && c == 'x', "old data overwritten");
	CHECK(pread(fd, &c, 1, (2 << 20) + 5) == 1 && c != 0, "the grown part was not written");
	close(fd);
	return T_PASS;
}

/* Big enough: a read-only job changes nothing, not even the mtime. */
static int t_untouched(const void *arg)
{
	struct timespec old = { 1000000, 0 }, times[2] = { old, old };
	struct kg_target t;
	struct stat st;
	char err[1024];
	int ret;

	(void)arg;
	CHECK(!make_file(2 << 20, 'y') && !utimensat(AT_FDCWD, file, times, 0), "fixture");
	chmod(file, 0444);
	ret = open_target(job("--rw=randread --size=2m"), &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_OK && t.fd >= 0 && !t.laid_out, "exit %d: %s", ret, err);
	kg_target_close(&t);
	CHECK(!stat(file, &st) && st.st_size == 2 << 20 && st.st_mtim.tv_sec == old.tv_sec,
	      "size %lld, mtime %lld changed", (long long)st.st_size,
	      (long long)st.st_mtim.tv_sec);
	chmod(file, 0644);
	return T_PASS;
}

/* A layout that fails is cut back: nothing it claimed stays claimed. */
static int t_cut_back(const void *arg)
{
	struct rlimit old, lim = { 3 << 20, 3 << 20 };
	struct kg_target t;
	char err[1024];
	int ret;

	(void)arg;
	CHECK(!make_file(1 << 20, 'z'), "fixture");
	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, &old);
	lim.rlim_max = old.rlim_max;
	setrlimit(RLIMIT_FSIZE, &lim);
	ret = open_target(job("--rw=read --size=8m"), &t, err, sizeof(err));
	setrlimit(RLIMIT_FSIZE, &old);
	CHECK(ret == KG_EXIT_FAIL && t.fd < 0, "exit %d", ret);
	CHECK(strstr(err, "cannot lay out") && strstr(err, "cut it back"), "said: %s", err);
	CHECK(size_of(file) == 1 << 20, "file left at %lld bytes, not its old 1 MiB",
	      (long long)size_of(file));

	unlink(file);
	setrlimit(RLIMIT_FSIZE, &lim);
	ret = open_target(job("--rw=read --size=8m"), &t, err, sizeof(err));
	setrlimit(RLIMIT_FSIZE, &old);
	CHECK(ret == KG_EXIT_FAIL && size_of(file) < 0,
	      "a file the failed layout created is still there (exit %d)", ret);
	return T_PASS;
}

/* Ctrl-C during the layout: stopped, cut back, no fd, and no failure. */
static int t_interrupted(const void *arg)
{
	struct kg_target t;
	char err[1024];
	int ret;

	(void)arg;
	CHECK(!make_file(1 << 20, 'w'), "fixture");
	stop_at = 3;	/* the second chunk */
	looks = 0;
	ret = open_target(job("--rw=read --size=16m"), &t, err, sizeof(err));
	stop_at = 0;
	CHECK(ret == KG_EXIT_OK && t.fd < 0, "exit %d, fd %d", ret, t.fd);
	CHECK(strstr(err, "stopped while laying out"), "said: %s", err);
	CHECK(size_of(file) == 1 << 20, "file left at %lld bytes", (long long)size_of(file));
	return T_PASS;
}

static int t_errors(const void *arg)
{
	struct kg_target t;
	char err[1024], sub[200];
	int ret;

	(void)arg;
	snprintf(file, sizeof(file), "%s", dir);
	ret = open_target(job("--rw=read"), &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_FAIL && strstr(err, "is a directory"), "directory: %s", err);
	snprintf(file, sizeof(file), "/dev/null");
	ret = open_target(job("--rw=read"), &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_FAIL && strstr(err, "not a regular file or block device"),
	      "character device: %s", err);
	snprintf(sub, sizeof(sub), "%s/no/such", dir);
	snprintf(file, sizeof(file), "%s", sub);
	ret = open_target(job("--rw=read --size=1m"), &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_FAIL && strstr(err, "no such file or directory"),
	      "missing parent: %s", err);
	snprintf(file, sizeof(file), "%s/f", dir);
	return T_PASS;
}

static int t_denied(const void *arg)
{
	struct kg_target t;
	char err[1024];
	int ret;

	(void)arg;
	if (!geteuid())
		return skip("root overrides file modes");
	CHECK(!make_file(4096, 'p') && !chmod(file, 0444), "fixture");
	ret = open_target(job("--rw=write"), &t, err, sizeof(err));
	chmod(file, 0644);
	CHECK(ret == KG_EXIT_FAIL && strstr(err, "filename: cannot open") &&
	      strstr(err, "permission denied"), "0444 file written: %s", err);
	return T_PASS;
}

static int t_layout_fn(const void *arg)
{
	int fd;

	(void)arg;
	CHECK(!make_file(4096, 'q'), "fixture");
	fd = open(file, O_WRONLY);
	CHECK(!kg_target_layout(fd, 4096, (5 << 20) + 123, KIOGEN_FALLOCATE_NONE, true),
	      "layout to a size that is not a whole chunk");
	close(fd);
	CHECK(size_of(file) == (5 << 20) + 123, "size %lld", (long long)size_of(file));
	return T_PASS;
}

/* fio's allow_file_create=0: a missing file is an error, and stays missing */
static int t_no_create(const void *arg)
{
	struct kg_target t;
	char err[1024];
	int ret;

	(void)arg;
	unlink(file);
	ret = open_target(job("--rw=read --size=64k --allow_file_create=0"), &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_FAIL && strstr(err, "allow_file_create=0"), "exit %d: %s", ret, err);
	CHECK(size_of(file) < 0, "a file was created with allow_file_create=0");
	return T_PASS;
}

/* sync, write_hint, pre_read and lockmem reach the open file and the process */
static int t_file_setup(const void *arg)
{
	struct kg_target t;
	uint64_t hint = 0;
	char err[1024];
	int ret;

	(void)arg;
	unlink(file);
	ret = open_target(job("--rw=write --size=64k --sync=dsync --write_hint=short --pre_read=1 --lockmem=64k"),
			  &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	CHECK(fcntl(t.fd, F_GETFL) & O_DSYNC, "sync=dsync: the fd is not O_DSYNC");
	CHECK(!fcntl(t.fd, F_GET_RW_HINT, &hint) && hint == RWH_WRITE_LIFE_SHORT,
	      "write_hint=short: the file's hint is %llu", (unsigned long long)hint);
	CHECK(t.locked && t.locked_len == 64 << 10, "lockmem=64k: %zu bytes pinned", t.locked_len);
	kg_target_close(&t);
	CHECK(t.locked, "the pin outlasts the files (the kernel path closes them at RUN_NEW)");
	kg_target_unpin(&t);
	CHECK(!t.locked, "kg_target_unpin() lets it go");
	return T_PASS;
}

/* job(), then what the CLI resolves against the files before a run (in @err) */
static int resolve(const char *opts, char *err, size_t len)
{
	FILE *f = fmemopen(err, len, "w");
	int ret;

	memset(err, 0, len);
	job(opts);
	ret = kg_jobs_resolve_pct(&js, f);
	fclose(f);
	return ret;
}

/*
 * fio's file_append: the offset is the file's size before the run; a write
 * job's appended region is allocated, not written; a job's files of two
 * sizes, no size, or a fallocate= that would not size the file: refused.
 */
static int t_append(const void *arg)
{
	char err[1024], other[300], opts[700], buf[4096], zero[4096] = { 0 };
	struct kg_target t;
	int ret, fd;

	(void)arg;
	CHECK(!make_file(64 << 10, 'q'), "fixture");
	ret = resolve("--rw=write --bs=4k --size=16k --offset=8k --file_append=1", err, sizeof(err));
	CHECK(ret == KG_EXIT_OK && js.jobs[0].offset == 64 << 10 && !js.jobs[0].offset_increment,
	      "exit %d, offset %llu (the file's 65536): %s", ret,
	      (unsigned long long)js.jobs[0].offset, err);
	ret = open_target(&js.jobs[0], &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_OK && t.bytes == 80 << 10, "exit %d, %llu bytes: %s", ret,
	      (unsigned long long)t.bytes, err);
	kg_target_close(&t);
	fd = open(file, O_RDONLY);
	CHECK(pread(fd, buf, 1, (64 << 10) - 1) == 1 && buf[0] == 'q', "the old data changed");
	CHECK(pread(fd, buf, sizeof(buf), 64 << 10) == sizeof(buf) && !memcmp(buf, zero, sizeof(buf)),
	      "the appended region was written before the run");
	close(fd);

	ret = resolve("--rw=read --bs=4k --size=16k --file_append=1", err, sizeof(err));
	CHECK(ret == KG_EXIT_OK && js.jobs[0].offset == 80 << 10, "read: exit %d, offset %llu",
	      ret, (unsigned long long)js.jobs[0].offset);
	ret = resolve("--rw=write --bs=4k --file_append=1", err, sizeof(err));
	CHECK(ret == KG_EXIT_USAGE && strstr(err, "file_append: give size="), "no size: %d %s", ret, err);
	ret = resolve("--rw=write --bs=4k --size=4k --fallocate=none --file_append=1", err, sizeof(err));
	CHECK(ret == KG_EXIT_USAGE && strstr(err, "fallocate=none fio's writes grow the file"),
	      "fallocate=none: %d %s", ret, err);
	snprintf(other, sizeof(other), "%s/g", dir);
	unlink(other);
	snprintf(opts, sizeof(opts), "--filename=%s:%s --rw=write --bs=4k --size=8k --file_append=1",
		 file, other);
	ret = resolve(opts, err, sizeof(err));
	CHECK(ret == KG_EXIT_USAGE && strstr(err, "must be of one size"), "two sizes: %d %s", ret, err);
	return T_PASS;
}

/*
 * fio's uid and gid: the file is opened as them, without the capabilities
 * that override its mode, and the process is itself again after; without
 * CAP_SETUID the uid is refused in words.
 */
static int t_uid(const void *arg)
{
	struct kg_target t;
	char err[1024];
	int ret;

	(void)arg;
	CHECK(!make_file(64 << 10, 'u') && !chmod(file, 0600), "fixture");
	if (geteuid()) {
		ret = open_target(job("--rw=read --uid=0"), &t, err, sizeof(err));
		CHECK(ret != KG_EXIT_OK && strstr(err, "uid: cannot open the files as 0"),
		      "not root, uid=0: exit %d: %s", ret, err);
		return T_PASS;
	}
	CHECK(!chmod(dir, 0711), "fixture: the directory open to all, the file not");
	ret = open_target(job("--rw=read --uid=65534 --gid=65534"), &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_FAIL && strstr(err, "cannot open") && strstr(err, "permission denied"),
	      "root's 0600 file as uid 65534: exit %d: %s", ret, err);
	CHECK(setfsuid(-1) == 0 && setfsgid(-1) == 0, "the file system ids stayed the job's");
	CHECK(!chown(file, 65534, 65534), "fixture");
	ret = open_target(job("--rw=write --size=64k --uid=65534 --gid=65534"), &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_OK, "its own file as uid 65534: exit %d: %s", ret, err);
	kg_target_close(&t);
	CHECK(!chown(file, 0, 0) && !chmod(file, 0644) && !chmod(dir, 0700), "fixture");
	ret = open_target(job("--rw=write --size=64k --gid=65534"), &t, err, sizeof(err));
	CHECK(ret == KG_EXIT_OK, "gid alone, root's 0644 file: root still: exit %d: %s", ret, err);
	kg_target_close(&t);
	return T_PASS;
}

/* Descriptors this process has open. */
static int open_fds(void)
{
	struct dirent *e;
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	while (d && (e = readdir(d)))
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

/* fio's create_only: the file laid out as a run would, nothing left open */
static int t_create_only(const void *arg)
{
	FILE *info = fopen("/dev/null", "w");
	int ret, fds, fd;
	char c = 0;

	(void)arg;
	unlink(file);
	job("--rw=randread --size=1m --create_only=1");
	fds = open_fds();
	ret = kg_targets_lay_out(&js, info);
	CHECK(ret == KG_EXIT_OK && size_of(file) == 1 << 20, "exit %d, file %lld bytes", ret,
	      (long long)size_of(file));
	CHECK(open_fds() == fds, "%d descriptors open after the layout, %d before", open_fds(), fds);
	fd = open(file, O_RDONLY);
	CHECK(pread(fd, &c, 1, (1 << 20) - 1) == 1 && c == 0x6b, "the file was not written out");
	close(fd);
	fclose(info);
	return T_PASS;
}

static const struct tcase cases[] = {
	{ "missing file without a size: refused, nothing created", t_no_size, NULL },
	{ "missing file with a size: created at offset + size, opened read-only", t_create, NULL },
	{ "short file grown to filesize, old data kept, fd O_RDWR", t_grow, NULL },
	{ "file big enough, read-only job: size and mtime unchanged", t_untouched, NULL },
	{ "failed layout cut back to the old size; a created file removed", t_cut_back, NULL },
	{ "Ctrl-C during layout: stopped and cut back, not a failure", t_interrupted, NULL },
	{ "open failures in words: directory, char device, missing parent", t_errors, NULL },
	{ "a 0444 file opened to write: permission denied, in words", t_denied, NULL },
	{ "kg_target_layout() reaches a size that is not a whole chunk", t_layout_fn, NULL },
	{ "allow_file_create=0: a missing file refused, not created", t_no_create, NULL },
	{ "sync, write_hint, pre_read, lockmem: on the fd, the file and the process", t_file_setup, NULL },
	{ "file_append: offset at the file's end, allocated not written; refusals", t_append, NULL },
	{ "uid, gid: the files opened as them, the process itself after", t_uid, NULL },
	{ "create_only: laid out as a run would, nothing left open", t_create_only, NULL },
};

int main(void)
{
	int rc;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 2;
	}
	snprintf(file, sizeof(file), "%s/f", dir);
	rc = run_cases(cases, ARRAY_SIZE(cases));
	snprintf(file, sizeof(file), "%s/f", dir);
	unlink(file);
	rmdir(dir);
	return rc;
}
