// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the syscall path (ctl/syscall/syscall.c and its engines) on a
 * temporary regular file in /tmp: exact I/O counts and limits, the stream
 * digest of psync, io_uring, libaio and posixaio against a replay of kiog_wl_next() for every
 * rw mode, block headers and pattern at the right offsets, the null engine,
 * refusals in words, the io_uring options, stopping on interrupt, and the
 * time-based loop with ramp and interval samples. io_uring cases skip with a
 * reason when the host forbids io_uring. Prints TAP and exits non-zero if
 * any case failed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include <liburing.h>
#include <kiogen/core.h>

#include "kiogen.h"
#include "options/options.h"
#include "report/eta.h"
#include "report/log.h"
#include "syscall/syscall.h"
#include "system/target.h"
#include "tap.h"

#define FILE_BYTES	(4u << 20)
#define BS		4096u
#define FILL_BYTE	0xa5

/* ---- fixtures ----------------------------------------------------------- */

static char path[] = "/tmp/kiogen-test-syscall-XXXXXX";
static int uring_err;		/* io_uring_queue_init() on this host */

/*
 * The CLI's interrupt flag, driven by the tests instead of SIGINT: it goes
 * up at the interrupt_at-th look (0: never), as if Ctrl-C came just then.
 */
static unsigned int interrupt_at, interrupt_looks;

bool kg_interrupt_pending(void)
{
	return interrupt_at && ++interrupt_looks >= interrupt_at;
}

/* fio's ETA line (ctl/run.c), recorded: the refreshes the syscall path asks */
static unsigned int eta_ticks, eta_ends;
static struct kg_status eta_last;

void kg_eta_start(const struct kg_jobs *js, const uint64_t *io_bytes,
		  struct kg_eta_line *e)
{
	(void)io_bytes;
	e->show = js->global.eta == KG_ETA_ALWAYS;
}

void kg_progress(const struct kg_status *st, const struct kg_jobs *js,
		 struct kg_eta_line *e)
{
	(void)js;
	(void)e;
	eta_ticks++;
	eta_last = *st;
}

void kg_eta_end(const struct kg_eta_line *e)
{
	eta_ends += e->show;
}

/*
 * Error injection for the psync engine: this program's pread()/pwrite()
 * stand in for libc's, and fail with inject_errno every I/O that starts
 * below inject_below bytes (0: none fail).
 */
static uint64_t inject_below;
static int inject_errno = EIO;

ssize_t pread(int fd, void *buf, size_t count, off_t offset)
{
	if ((uint64_t)offset < inject_below) {
		errno = inject_errno;
		return -1;
	}
	return syscall(SYS_pread64, fd, buf, count, offset);
}

ssize_t pwrite(int fd, const void *buf, size_t count, off_t offset)
{
	if ((uint64_t)offset < inject_below) {
		errno = inject_errno;
		return -1;
	}
	return syscall(SYS_pwrite64, fd, buf, count, offset);
}

static int refill(void)
{
	static char buf[1 << 16];
	unsigned int off;
	int fd = open(path, O_WRONLY);

	if (fd < 0)
		return -1;
	memset(buf, FILL_BYTE, sizeof(buf));
	for (off = 0; off < FILE_BYTES; off += sizeof(buf))
		if (pwrite(fd, buf, sizeof(buf), off) != (ssize_t)sizeof(buf)) {
			close(fd);
			return -1;
		}
	close(fd);
	return 0;
}

/*
 * One syscall-path run of a space-separated option string ("%F" stands for
 * the test file). Returns the exit code; stderr goes to @err.
 */
static int run(struct kg_jobs *js, struct kg_run_result *r, char *err,
	       size_t len, const char *fmt, ...)
{
	char line[2048], *argv[64], *tok, *save = NULL, *p;
	FILE *f = tmpfile();
	int argc = 0, ret, saved;
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	while ((p = strstr(line, "%F"))) {
		char rest[2048];

		snprintf(rest, sizeof(rest), "%s", p + 2);
		snprintf(p, sizeof(line) - (p - line), "%s%s", path, rest);
	}
	for (tok = strtok_r(line, " ", &save); tok && argc < 63;
	     tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	argv[argc] = NULL;

	fflush(stderr);
	saved = dup(STDERR_FILENO);
	dup2(fileno(f), STDERR_FILENO);
	kg_jobs_init(js);
	ret = kg_parse_args(js, argc, argv, stderr) ||
	      kg_jobs_finish(js, stderr, stderr) ||
	      kg_log_prepare(js, stderr) ? KG_EXIT_USAGE : kg_jobs_resolve_pct(js, stderr);
	if (!ret)
		ret = -1;
	if (ret < 0)
		ret = kg_syscall_run(js, r);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(f);
	n = err ? fread(err, 1, len - 1, f) : 0;
	if (err)
		err[n] = 0;
	fclose(f);
	return ret;
}

static void release(struct kg_run_result *r)
{
	uint32_t i, k;

	for (i = 0; i < KG_MAX_JOBS; i++) {
		for (k = 0; k < r->jobs[i].nr_workers; k++) {
			free(r->jobs[i].workers[k].samples);
			kg_log_free(r->jobs[i].workers[k].log);
		}
		free(r->jobs[i].workers);
	}
	memset(r, 0, sizeof(*r));
}

/* What the generator yields for a worker: digest and per-direction counts. */
struct replay {
	uint64_t digest;
	uint64_t ios[KIOGEN_DATA_DIRS];
};

static void replay(const struct kg_job *j, uint32_t job, uint32_t worker,
		   uint64_t size, uint64_t n, struct replay *out)
{
	struct kiog_wl_cfg c;
	struct kiog_core_cfg cc;
	struct kiog_wl wl;
	struct kiog_io io;

	KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, &c, j);
	c.size = size;
	c.seed = kiog_wl_worker_seed(j->seed, job, worker);
	KIOG_JOB_COPY(KIOG_JOB_CORE_FIELDS, &cc, j);
	cc.io_size = j->io_size ?: size;
	memset(out, 0, sizeof(*out));
	if (kiog_wl_init(&wl, &c))
		return;
	/* a worker's digest starts from its stop and error policy */
	wl.digest = kiog_core_policy_digest(&cc);
	while (n--) {
		kiog_wl_next(&wl, &io);
		out->ios[io.dir]++;
	}
	out->digest = wl.digest;
}

static uint64_t hist_sum(const struct kg_dir *d)
{
	uint64_t s = 0;
	uint32_t i;

	for (i = 0; i < KIOG_HIST_BUCKETS; i++)
		s += d->hist[i];
	return s;
}

/* Counters of one finished worker agree with each other and with @n. */
static uint64_t clat_sum(const struct kg_dir *d)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i < KIOG_HIST_BUCKETS; i++)
		s += d->clat_hist[i];
	return s;
}

static int check_worker(const struct kg_worker *w, uint64_t n, uint32_t bs)
{
	uint64_t depth = 0;
	int d, i;

	CHECK(w->issued == n, "issued %llu, expected %llu",
	      (unsigned long long)w->issued, (unsigned long long)n);
	CHECK(w->dir[0].ios + w->dir[1].ios == n, "completed %llu + %llu, expected %llu",
	      (unsigned long long)w->dir[0].ios, (unsigned long long)w->dir[1].ios,
	      (unsigned long long)n);
	for (d = 0; d < 2; d++) {
		const struct kg_dir *x = &w->dir[d];

		CHECK(x->bytes == x->ios * bs, "dir %d: %llu bytes for %llu ios", d,
		      (unsigned long long)x->bytes, (unsigned long long)x->ios);
		CHECK(hist_sum(x) == x->ios, "dir %d: histogram holds %llu, not %llu",
		      d, (unsigned long long)hist_sum(x), (unsigned long long)x->ios);
		CHECK(!x->errors && !x->short_ios, "dir %d: errors or short I/O", d);
		CHECK(!x->ios || (x->lat_min <= x->lat_max && x->lat_max <= x->lat_sum &&
				  x->lat_sumsq > 0), "dir %d: latency min/max/sum inconsistent", d);
		/* fio's clock points: lat = slat + clat for every I/O */
		CHECK(!x->ios || (x->clat_min <= x->lat_min && x->clat_max <= x->lat_max &&
				  x->clat_sum + x->slat_sum == x->lat_sum),
		      "dir %d: clat %llu + slat %llu != lat %llu", d,
		      (unsigned long long)x->clat_sum, (unsigned long long)x->slat_sum,
		      (unsigned long long)x->lat_sum);
		CHECK(clat_sum(x) == x->ios, "dir %d: clat histogram holds %llu, not %llu",
		      d, (unsigned long long)clat_sum(x), (unsigned long long)x->ios);
	}
	for (i = 0; i < KIOGEN_DEPTH_BUCKETS; i++)
		depth += w->depths[i];
	CHECK(depth == n, "depth counts %llu, expected one per submit (%llu)",
	      (unsigned long long)depth, (unsigned long long)n);
	CHECK(w->mem > 0 && w->sample_ns == 500000000ULL && w->samples,
	      "mem %llu, sample_ns %llu", (unsigned long long)w->mem,
	      (unsigned long long)w->sample_ns);
	CHECK(!w->error, "worker error %d", w->error);
	return T_PASS;
}

static int uring_skip(void)
{
	if (uring_err == -ENOSYS || uring_err == -EPERM) {
		snprintf(diag, sizeof(diag), "io_uring_queue_init: %s",
			 strerror(-uring_err));
		return 1;
	}
	return 0;
}

/* ---- cases -------------------------------------------------------------- */

static int t_counts(const void *arg)
{
	const char *engine = arg;
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	char err[1024];
	int ret, rc;

	if (!strcmp(engine, "io_uring") && uring_skip())
		return T_SKIP;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=c --filename=%%F --rw=randread --bs=4k --number_ios=3000 --io_size=1g --ioengine=%s --iodepth=8",
		  engine);
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	CHECK(r.nr_jobs == 1 && r.jobs[0].nr_workers == 1 && r.jobs[0].job == &js.jobs[0],
	      "%u jobs, %u workers", r.nr_jobs, r.jobs[0].nr_workers);
	CHECK(r.state == KIOGEN_STATE_DONE && !r.error && r.elapsed_ns,
	      "state %u error %d", r.state, r.error);
	rc = check_worker(&r.jobs[0].workers[0], 3000, BS);
	if (rc == T_PASS && strcmp(engine, "psync")) {
		CHECK(r.jobs[0].workers[0].depths[3] > 0, "iodepth=8 never had 8 in flight");
		CHECK(r.jobs[0].workers[0].dir[KIOGEN_DIR_READ].has_slat, "%s without slat", engine);
	}
	if (rc == T_PASS && !strcmp(engine, "io_uring")) {
		const struct kg_worker *w = &r.jobs[0].workers[0];

		/* fio's default iodepth_batch=1: one I/O per submit, queue kept full */
		CHECK(w->submit[1] > 0 && !w->submit[2] && !w->submit[3],
		      "batches of 1 counted outside 1-4");
	}
	if (rc == T_PASS && !strcmp(engine, "psync")) {
		CHECK(r.jobs[0].workers[0].depths[0] == 3000, "psync above depth 1");
		CHECK(!r.jobs[0].workers[0].dir[KIOGEN_DIR_READ].has_slat &&
		      !r.jobs[0].workers[0].dir[KIOGEN_DIR_READ].slat_sum, "psync with slat");
	}
	release(&r);
	return rc;
}

struct mode {
	const char *rw;
	uint32_t rwmixread;
	bool uring;
};

static int t_digest(const void *arg)
{
	const struct mode *m = arg;
	const char *engines[] = { "psync", "io_uring", "libaio", "posixaio" };
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	struct replay want;
	char err[1024];
	int e, ret;

	for (e = 0; e < (m->uring ? 4 : 1); e++) {
		const struct kg_worker *w;

		if (e == 1 && uring_skip())
			continue;
		ret = run(&js, &r, err, sizeof(err),
			  "--path=syscall --name=d --filename=%%F --rw=%s --rwmixread=%u --bs=4k --number_ios=2500 --io_size=1g --ioengine=%s --iodepth=16 --randseed=%u",
			  m->rw, m->rwmixread, engines[e], 1234 + m->rwmixread);
		CHECK(ret == KG_EXIT_OK, "%s: exit %d: %s", engines[e], ret, err);
		replay(&js.jobs[0], 0, 0, FILE_BYTES, 2500, &want);
		w = &r.jobs[0].workers[0];
		CHECK(w->digest == want.digest, "%s: digest %016llx, replay %016llx",
		      engines[e], (unsigned long long)w->digest,
		      (unsigned long long)want.digest);
		CHECK(w->dir[0].ios == want.ios[0] && w->dir[1].ios == want.ios[1],
		      "%s: %llu reads %llu writes, replay %llu %llu", engines[e],
		      (unsigned long long)w->dir[0].ios, (unsigned long long)w->dir[1].ios,
		      (unsigned long long)want.ios[0], (unsigned long long)want.ios[1]);
		release(&r);
	}
	return T_PASS;
}

/* Every written block has its header; read blocks are untouched. */
static int check_blocks(const struct kg_job *j, uint64_t size, uint64_t n,
			bool pattern)
{
	struct kiog_wl_cfg c;
	static uint64_t blk[BS / 8], fill[BS / 8];
	struct kiogen_block_header *h = (void *)blk;
	const size_t first = (sizeof(*h) + 7) / 8;
	uint64_t seq = 0, k;
	struct kiog_rng rng;
	struct kiog_wl wl;
	struct kiog_io io;
	int fd = open(path, O_RDONLY);
	size_t i;

	KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, &c, j);
	c.size = size;
	c.seed = kiog_wl_worker_seed(j->seed, 0, 0);
	CHECK(fd >= 0 && !kiog_wl_init(&wl, &c), "cannot replay");
	kiog_rng_seed(&rng, c.seed ^ 0xb10cULL);
	for (i = 0; i < BS / 8; i++)
		fill[i] = kiog_rng_next(&rng);
	for (k = 0; k < n; k++) {
		kiog_wl_next(&wl, &io);
		if (pread(fd, blk, BS, io.offset) != BS) {
			close(fd);
			return fail("short read at %llu", (unsigned long long)io.offset);
		}
		if (io.dir == KIOGEN_DIR_READ) {
			for (i = 0; i < BS && ((unsigned char *)blk)[i] == FILL_BYTE; i++)
				;
			if (i < BS)
				break;
			continue;
		}
		seq++;
		if (memcmp(h->magic, KIOGEN_BLOCK_MAGIC, sizeof(h->magic)) ||
		    h->offset != io.offset || h->run || h->job || h->worker ||
		    h->pad || h->seq != seq)
			break;
		if (pattern && memcmp(&blk[first], &fill[first], BS - first * 8))
			break;
	}
	close(fd);
	CHECK(k == n, "I/O %llu (%s at %llu): block is not what was written; header offset %llu seq %llu, expected seq %llu",
	      (unsigned long long)k, io.dir ? "write" : "read",
	      (unsigned long long)io.offset, (unsigned long long)h->offset,
	      (unsigned long long)h->seq, (unsigned long long)seq);
	CHECK(seq > 0, "no write to check");
	return T_PASS;
}

static int t_headers(const void *arg)
{
	const struct mode *m = arg;
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	char err[1024];
	int ret;

	if (m->uring && uring_skip())
		return T_SKIP;
	CHECK(!refill(), "cannot refill %s", path);
	/* one pass over 256 blocks: each is touched once */
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=h --filename=%%F --rw=%s --rwmixread=%u --bs=4k --size=1m --number_ios=256 --ioengine=%s --iodepth=8",
		  m->rw, m->rwmixread, m->uring ? "io_uring" : "psync");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	release(&r);
	/*
	 * With one slot that nothing reads into, psync writes the kernel's
	 * pattern byte for byte.
	 */
	return check_blocks(&js.jobs[0], 1 << 20, 256,
			    !m->uring && !strcmp(m->rw, "randwrite"));
}

static int t_null(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	const struct kg_worker *w;
	struct replay want;
	char err[1024];
	int ret, rc;

	(void)arg;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=n --ioengine=null --size=1g --rw=randrw --number_ios=5000 --iodepth=4");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	w = &r.jobs[0].workers[0];
	rc = check_worker(w, 5000, BS);
	replay(&js.jobs[0], 0, 0, 1 << 30, 5000, &want);
	if (rc == T_PASS && w->digest != want.digest)
		rc = fail("digest %016llx, replay %016llx",
			  (unsigned long long)w->digest, (unsigned long long)want.digest);
	/* four submits per batch, as the kernel's null engine: depth 1, 2, 3, 4 */
	if (rc == T_PASS && (w->depths[0] != 1250 || w->depths[1] != 2500 ||
			     w->depths[2] != 1250))
		rc = fail("depths %llu %llu %llu", (unsigned long long)w->depths[0],
			  (unsigned long long)w->depths[1],
			  (unsigned long long)w->depths[2]);
	release(&r);
	return rc;
}

/*
 * The null engine with verify: a job that only writes gets buffers (its
 * writes are stamped and summed, kg_sys_stamp()), nothing is read back;
 * the same job without verify has none.
 */
static int t_null_verify(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	const struct kg_worker *w;
	uint64_t plain_mem;
	char err[1024];
	int ret, rc;

	(void)arg;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=n --ioengine=null --size=1g --rw=randwrite --number_ios=5000 --iodepth=4");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	plain_mem = r.jobs[0].workers[0].mem;
	release(&r);
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=n --ioengine=null --size=1g --rw=randwrite --number_ios=5000 --iodepth=4 --verify=crc32c --do_verify=0");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	w = &r.jobs[0].workers[0];
	rc = check_worker(w, 5000, BS);
	if (rc == T_PASS && w->mem < plain_mem + 4 * BS)
		rc = fail("memory %llu, without verify %llu: no buffers",
			  (unsigned long long)w->mem, (unsigned long long)plain_mem);
	if (rc == T_PASS && (!w->has_verify || w->verify.verified || w->verify.errors))
		rc = fail("verify: %d, %llu checked, %llu bad: nothing is read back",
			  w->has_verify, (unsigned long long)w->verify.verified,
			  (unsigned long long)w->verify.errors);
	release(&r);
	return rc;
}

/*
 * The one clock point (include/kiogen/loop.h): an I/O's clock starts once it
 * was picked and its buffer stamped and summed. Writes of 1 MiB with
 * verify=crc32c spend nearly all their time in the checksum, none of it in
 * a null submit: were the checksum in lat, every I/O's lat would hold it.
 * The smallest lat must be a small part of the time per I/O (before the fix
 * it was all of it), and the mean below half of it: the mean alone moves
 * with a loaded host's preemptions (21.6 us against 94 ns without verify,
 * at load 8), the smallest does not.
 */
static int t_clock_point(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	const struct kg_dir *d;
	double plain, lat, per_io;
	char err[1024];
	int ret, rc = T_PASS;

	(void)arg;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=n --ioengine=null --size=1g --bs=1m --rw=write --number_ios=200");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	d = &r.jobs[0].workers[0].dir[KIOGEN_DIR_WRITE];
	plain = d->ios ? (double)d->lat_sum / d->ios : 0;
	release(&r);
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=n --ioengine=null --size=1g --bs=1m --rw=write --number_ios=200 --verify=crc32c --do_verify=0");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	d = &r.jobs[0].workers[0].dir[KIOGEN_DIR_WRITE];
	CHECK(d->ios == 200, "%llu writes, not 200", (unsigned long long)d->ios);
	lat = (double)d->lat_sum / d->ios;
	per_io = (double)r.jobs[0].workers[0].elapsed_ns / d->ios;
	if (d->lat_min > per_io / 10 || lat > per_io / 2)
		rc = fail("verify=crc32c: lat min %llu ns, mean %.0f ns of %.0f ns per I/O, %.0f ns without verify: the checksum is in lat",
			  (unsigned long long)d->lat_min, lat, per_io, plain);
	else
		printf("# verify=crc32c: lat min %llu ns, mean %.0f ns of %.0f ns per I/O; %.0f ns without verify\n",
		       (unsigned long long)d->lat_min, lat, per_io, plain);
	release(&r);
	return rc;
}

static int t_refused(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	char err[1024];
	int ret;

	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=x --filename=%%F --rw=read --ioengine=%s --iodepth=4 --number_ios=10 --direct=1 --hipri",
		  (const char *)arg);
	CHECK(ret == KG_EXIT_USAGE, "exit %d, expected %d", ret, KG_EXIT_USAGE);
	CHECK(strstr(err, "ioengine") && strstr(err, "io_uring"),
	      "message does not name ioengine and io_uring: %s", err);
	CHECK(r.nr_jobs == 0, "a refused run has results");
	return T_PASS;
}

static int t_uring_opts(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	struct replay want;
	char err[1024];
	int ret, rc;

	if (uring_skip())
		return T_SKIP;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=u --filename=%%F --rw=randrw --bs=4k --number_ios=3000 --io_size=1g --ioengine=io_uring --iodepth=16 %s",
		  (const char *)arg);
	if (ret == KG_EXIT_FAIL && strstr(err, "not permitted"))
		return skip("io_uring option not permitted on this host");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	rc = check_worker(&r.jobs[0].workers[0], 3000, BS);
	replay(&js.jobs[0], 0, 0, FILE_BYTES, 3000, &want);
	if (rc == T_PASS && r.jobs[0].workers[0].digest != want.digest)
		rc = fail("digest differs from the replay");
	release(&r);
	return rc;
}

/* Several jobs and workers: every worker draws from its own seed. */
static int t_workers(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	struct replay want;
	char err[1024];
	uint32_t i, k;
	int ret;

	(void)arg;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --rw=randread --bs=4k --number_ios=500 --name=a --filename=%%F --numjobs=3 --name=b --ioengine=null --size=64m --numjobs=2");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	CHECK(r.nr_jobs == 2 && r.jobs[0].nr_workers == 3 && r.jobs[1].nr_workers == 2,
	      "shape %u jobs", r.nr_jobs);
	for (i = 0; i < 2; i++) {
		for (k = 0; k < r.jobs[i].nr_workers; k++) {
			const struct kg_worker *w = &r.jobs[i].workers[k];

			replay(&js.jobs[i], i, k, i ? 64 << 20 : FILE_BYTES, 500, &want);
			CHECK(w->job == i && w->index == k && w->digest == want.digest,
			      "job %u worker %u: digest %016llx, replay %016llx", i, k,
			      (unsigned long long)w->digest, (unsigned long long)want.digest);
		}
	}
	release(&r);
	return T_PASS;
}

/* size 0 is the rest of the target; io_size limits the bytes issued. */
static int t_region(const void *arg)
{
	static const struct {
		const char *opts;
		unsigned int issued;
	} fio_counts[] = {
		{ "--rw=read:12k --bs=4k --size=2m --loops=2", 2 * 128 },
		{ "--rw=read:12k --bs=4k --size=2m --io_size=2m", 512 },
		{ "--rw=trimwrite --bs=64k --size=1m", 16 + 16 },
	};
	static const char holes_verify[] =
		"--rw=write:12k --bs=4k --size=2m --verify=crc32c";
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	struct replay want;
	char err[1024];
	unsigned int i;
	int ret;

	(void)arg;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=s --filename=%%F --rw=read --bs=4k --offset=3m");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	replay(&js.jobs[0], 0, 0, 1 << 20, 256, &want);
	CHECK(r.jobs[0].workers[0].issued == 256 &&
	      r.jobs[0].workers[0].digest == want.digest,
	      "offset=3m of 4m: issued %llu, expected the last 256 blocks",
	      (unsigned long long)r.jobs[0].workers[0].issued);
	release(&r);
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=s --filename=%%F --rw=randread --bs=4k --io_size=64k");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	CHECK(r.jobs[0].workers[0].issued == 16, "io_size=64k issued %llu, not 16",
	      (unsigned long long)r.jobs[0].workers[0].issued);
	release(&r);
	/* fio 3.33's counts: holes without io_size are one pass, with it
	 * io_size of I/O; trimwrite trims and writes each block */
	for (i = 0; i < ARRAY_SIZE(fio_counts); i++) {
		ret = run(&js, &r, err, sizeof(err), "--path=syscall --name=s --filename=%%F %s",
			  fio_counts[i].opts);
		CHECK(ret == KG_EXIT_OK, "%s: exit %d: %s", fio_counts[i].opts, ret, err);
		CHECK(r.jobs[0].workers[0].issued == fio_counts[i].issued,
		      "%s: issued %llu, not fio's %u", fio_counts[i].opts,
		      (unsigned long long)r.jobs[0].workers[0].issued, fio_counts[i].issued);
		release(&r);
	}
	/* verify_only replays that one pass: it checks what was written */
	ret = run(&js, &r, err, sizeof(err), "--path=syscall --name=s --filename=%%F %s --do_verify=0",
		  holes_verify);
	CHECK(ret == KG_EXIT_OK, "%s: exit %d: %s", holes_verify, ret, err);
	release(&r);
	ret = run(&js, &r, err, sizeof(err), "--path=syscall --name=s --filename=%%F %s --verify_only=1",
		  holes_verify);
	CHECK(ret == KG_EXIT_OK && r.jobs[0].workers[0].dir[0].ios == 128,
	      "%s verify_only: exit %d, %llu reads, not the 128 written: %s", holes_verify, ret,
	      (unsigned long long)r.jobs[0].workers[0].dir[0].ios, err);
	release(&r);
	return T_PASS;
}

/*
 * The syscall path lays files out as the kernel path does (ctl/system/target.c):
 * a missing file without a size is refused, with one it is created at
 * offset + size and the run reads it.
 */
static int t_layout(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	char err[1024], missing[128];
	struct stat st;
	int ret, rc;

	(void)arg;
	snprintf(missing, sizeof(missing), "%s.missing", path);
	unlink(missing);
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=m --filename=%s --rw=read --number_ios=1", missing);
	CHECK(ret == KG_EXIT_FAIL && strstr(err, "filename") &&
	      strstr(err, "give size="), "missing file, no size: exit %d: %s", ret, err);
	CHECK(stat(missing, &st) && errno == ENOENT, "a file was created without a size");
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --output-format=json --name=m --filename=%s --rw=randread --offset=1m --size=2m --number_ios=64",
		  missing);
	CHECK(ret == KG_EXIT_OK, "missing file with a size: exit %d: %s", ret, err);
	CHECK(!stat(missing, &st) && st.st_size == 3 << 20,
	      "laid out to %lld bytes, expected offset + size = 3 MiB", (long long)st.st_size);
	rc = check_worker(&r.jobs[0].workers[0], 64, BS);
	release(&r);
	unlink(missing);
	return rc;
}

/*
 * Several files: I/Os per file as fio 3.33 spreads them (written blocks of
 * sparse files, create_on_open; fio's counts from the same job with
 * fallocate=truncate), the file index in the digest, unlink.
 */
struct files_case {
	const char *fst;
	unsigned int n;
	unsigned int blocks[4];		/* fio's, per file */
};

static const struct files_case files_cases[] = {
	{ "roundrobin", 200, { 50, 50, 50, 50 } },
	{ "roundrobin:3", 200, { 51, 51, 50, 48 } },
	{ "sequential", 200, { 200, 0, 0, 0 } },
	{ "random", 1024, { 256, 256, 256, 256 } },	/* each random map walked */
	{ "random:8", 1024, { 256, 256, 256, 256 } },
};

static int t_files(const void *arg)
{
	const struct files_case *fc = arg;
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	char dir[] = "/tmp/kiogen-test-files-XXXXXX", f[128], err[1024];
	unsigned int i, n;
	struct stat st;
	int ret, rc = T_PASS;

	if (!mkdtemp(dir))
		return skip("no temporary directory");
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --output-format=json --name=j --directory=%s --nrfiles=4 --size=4m --rw=randwrite --create_on_open=1 --number_ios=%u --file_service_type=%s",
		  dir, fc->n, fc->fst);
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	for (i = 0; i < 4; i++) {
		snprintf(f, sizeof(f), "%s/j.0.%u", dir, i);
		CHECK(!stat(f, &st) && st.st_size == 1 << 20, "%s: not 1 MiB", f);
		n = (unsigned int)(st.st_blocks * 512 / BS);
		if (n != fc->blocks[i]) {
			rc = fail("%s: file %u got %u I/Os, fio %u", fc->fst, i, n, fc->blocks[i]);
		}
		unlink(f);
	}
	release(&r);
	rmdir(dir);
	return rc;
}

/* The file of each I/O is in the stream and its digest; unlink=1 removes them. */
static int t_files_digest(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	char dir[] = "/tmp/kiogen-test-files-XXXXXX", f[128], err[1024];
	uint64_t d[3];
	struct stat st;
	int i, ret;

	(void)arg;
	if (!mkdtemp(dir))
		return skip("no temporary directory");
	for (i = 0; i < 3; i++) {
		ret = run(&js, &r, err, sizeof(err),
			  "--path=syscall --name=j --filename=%s/a:%s/b\\:c --size=2m --rw=randread --number_ios=300 --file_service_type=%s%s",
			  dir, dir, i == 1 ? "random" : "roundrobin", i == 2 ? " --unlink=1" : "");
		CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
		d[i] = r.jobs[0].workers[0].digest;
		release(&r);
	}
	CHECK(d[0] != d[1], "roundrobin and random: one digest");
	CHECK(d[0] == d[2], "the same job twice: two digests");
	snprintf(f, sizeof(f), "%s/b:c", dir);
	CHECK(stat(f, &st) && errno == ENOENT, "unlink=1 left %s", f);
	snprintf(f, sizeof(f), "%s/a", dir);
	CHECK(stat(f, &st) && errno == ENOENT, "unlink=1 left %s", f);
	rmdir(dir);
	return T_PASS;
}

static int t_direct(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	char err[1024];
	int ret, rc;

	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=o --filename=%%F --rw=randread --bs=4k --number_ios=200 --ioengine=%s",
		  (const char *)arg);
	if (ret == KG_EXIT_USAGE && strstr(err, "does not support O_DIRECT"))
		return skip("/tmp does not support O_DIRECT");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	CHECK(strstr(err, "O_DIRECT"), "the mapping is not said: %s", err);
	rc = check_worker(&r.jobs[0].workers[0], 200, BS);
	release(&r);
	return rc;
}

/*
 * An interrupt stops issuing after the batch in hand, as a kernel stop: the
 * worker looks once before its loop and once per batch of iodepth, so a
 * flag that rises at the @look-th look leaves 4 * (@look - 1) I/Os issued.
 */
static int t_interrupt(const void *arg)
{
	unsigned int look = *(const unsigned int *)arg;
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	char err[1024];
	int ret;

	interrupt_at = look;
	interrupt_looks = 0;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=i --ioengine=null --size=1m --iodepth=4 --runtime=10 --time_based");
	interrupt_at = 0;
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	CHECK(r.state == KIOGEN_STATE_STOPPED, "state %u, expected stopped", r.state);
	CHECK(r.jobs[0].workers[0].issued == 4 * (look - 1) &&
	      r.elapsed_ns < 1000000000ULL, "issued %llu (expected %u) in %llu ns",
	      (unsigned long long)r.jobs[0].workers[0].issued, 4 * (look - 1),
	      (unsigned long long)r.elapsed_ns);
	release(&r);
	return T_PASS;
}

static const unsigned int looks[] = { 1, 101 };

/*
 * fsync=N every N completed writes plus end_fsync once, timed into the sync
 * direction; the null engine has no sync, as the kernel's.
 */
static int t_fsync(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	const struct kg_dir *d;
	char err[1024];
	int ret;

	(void)arg;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=f --filename=%%F --rw=randwrite --bs=4k --number_ios=100 --fsync=10 --end_fsync=1");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	d = &r.jobs[0].workers[0].dir[KIOGEN_DIR_SYNC];
	CHECK(d->ios == 11 && !d->bytes && hist_sum(d) == 11 && d->lat_min > 0,
	      "%llu syncs (%llu in the histogram), expected 10 + 1",
	      (unsigned long long)d->ios, (unsigned long long)hist_sum(d));
	release(&r);
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=f --ioengine=null --size=1m --rw=write --number_ios=100 --fdatasync=10 --end_fsync=1");
	CHECK(ret == KG_EXIT_OK, "null: exit %d: %s", ret, err);
	CHECK(!r.jobs[0].workers[0].dir[KIOGEN_DIR_SYNC].ios, "null engine synced");
	release(&r);
	return T_PASS;
}

/* runtime, ramp_time and the 500 ms samples */
/* runtime ends the worker (within 5 s: a loaded host delays a syscall) */
static int t_timed(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	const struct kg_worker *w;
	char err[1024];
	int ret, rc = T_PASS;

	(void)arg;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=t --filename=%%F --rw=randread --bs=4k --runtime=600ms --ramp_time=100ms --time_based");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	w = &r.jobs[0].workers[0];
	if (r.state != KIOGEN_STATE_DONE || w->elapsed_ns < 600000000ULL ||
	    w->elapsed_ns > 5000000000ULL || r.elapsed_ns < w->elapsed_ns + 100000000ULL)
		rc = fail("state %u, worker elapsed %llu, run %llu", r.state,
			  (unsigned long long)w->elapsed_ns,
			  (unsigned long long)r.elapsed_ns);
	else if (w->issued <= w->dir[0].ios)
		rc = fail("the ramp's %llu I/Os were counted",
			  (unsigned long long)(w->issued - w->dir[0].ios));
	else if (w->nr_samples != 1 || !w->samples[0].ios[0] ||
		 w->samples[0].ios[0] > w->dir[0].ios)
		rc = fail("%u samples, first %llu", w->nr_samples,
			  w->nr_samples ? (unsigned long long)w->samples[0].ios[0] : 0ULL);
	else if (w->cpu_usr_ns + w->cpu_sys_ns == 0)
		rc = fail("no CPU time");
	release(&r);
	return rc;
}

/*
 * fio 3.33: a size-bound job done within its ramp_time ends there, reported
 * with its I/Os and bytes over its whole time and no latencies.
 */
static int t_ramp_size(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	const struct kg_worker *w;
	char err[1024];
	int ret, rc = T_PASS;

	(void)arg;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=t --filename=%%F --rw=read --bs=4k --size=64k --ramp_time=30s");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	w = &r.jobs[0].workers[0];
	if (w->dir[0].ios != 16 || w->dir[0].bytes != 65536 || hist_sum(&w->dir[0]))
		rc = fail("%llu I/Os, %llu bytes, %llu timed; fio: 16, 65536, 0",
			  (unsigned long long)w->dir[0].ios,
			  (unsigned long long)w->dir[0].bytes,
			  (unsigned long long)hist_sum(&w->dir[0]));
	else if (!w->elapsed_ns || w->elapsed_ns > 5000000000ULL)
		rc = fail("elapsed %llu ns: waited for the ramp?",
			  (unsigned long long)w->elapsed_ns);
	release(&r);
	return rc;
}

/*
 * size, offset and io_size in percent of the 4 MiB file, as fio 3.33 takes
 * them: the offset aligned up to the block size, the size rounded down.
 */
static int t_pct(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	const struct kg_job *j = &js.jobs[0];
	char err[1024];
	int ret, rc = T_PASS;

	(void)arg;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=t --filename=%%F --rw=read --bs=12k --size=30%% --offset=10%% --io_size=50%%");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	/* fio 3.33's write_iolog: 51 reads of 12k from 430080 */
	if (j->offset != 430080 || j->size != 1253376 || j->io_size != 626688 ||
	    r.jobs[0].workers[0].dir[0].ios != 51)
		rc = fail("offset %llu, size %llu, io_size %llu, %llu reads; fio: 430080, 1253376, 626688, 51",
			  (unsigned long long)j->offset, (unsigned long long)j->size,
			  (unsigned long long)j->io_size,
			  (unsigned long long)r.jobs[0].workers[0].dir[0].ios);
	release(&r);
	if (rc != T_PASS)
		return rc;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=t --filename=%%F --rw=read --bs=4k --offset=30%% --offset_align=64k");
	CHECK(ret == KG_EXIT_OK && js.jobs[0].offset == 1310720 &&
	      r.jobs[0].workers[0].dir[0].bytes == FILE_BYTES - 1310720,
	      "offset_align=64k: exit %d, offset %llu, %llu bytes; fio: 1310720, to the end",
	      ret, (unsigned long long)js.jobs[0].offset,
	      (unsigned long long)r.jobs[0].workers[0].dir[0].bytes);
	release(&r);
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=t --filename=%%F --rw=read --bs=4k --offset=100%%");
	CHECK(ret == KG_EXIT_USAGE && strstr(err, "offset: 100% of ") &&
	      strstr(err, "leaves no block to do"), "offset=100%%: exit %d: %s", ret, err);
	release(&r);
	return T_PASS;
}

/*
 * fio's file_append: the writes go after the file's end, 16k at a time to a
 * file of 64k, then again after the new end; what was there stays.
 */
static int t_append(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	char err[1024], file[128], buf[BS];
	uint64_t at;
	struct stat st;
	int ret, fd, rc = T_PASS;

	(void)arg;
	snprintf(file, sizeof(file), "%s.append", path);
	fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	memset(buf, 'q', sizeof(buf));
	for (at = 0; fd >= 0 && at < 64 << 10; at += BS)
		CHECK(pwrite(fd, buf, BS, at) == BS, "fixture");
	CHECK(fd >= 0 && !close(fd), "fixture");
	for (at = 64 << 10; rc == T_PASS && at <= 80 << 10; at += 16 << 10) {
		ret = run(&js, &r, err, sizeof(err),
			  "--path=syscall --name=a --filename=%s --rw=write --bs=4k --size=16k --offset=4k --file_append=1",
			  file);
		if (ret != KG_EXIT_OK || js.jobs[0].offset != at ||
		    r.jobs[0].workers[0].dir[KIOGEN_DIR_WRITE].ios != 4 || stat(file, &st) ||
		    (uint64_t)st.st_size != at + (16 << 10))
			rc = fail("exit %d, offset %llu (want %llu), %llu writes, file %lld bytes: %s",
				  ret, (unsigned long long)js.jobs[0].offset, (unsigned long long)at,
				  (unsigned long long)r.jobs[0].workers[0].dir[KIOGEN_DIR_WRITE].ios,
				  (long long)st.st_size, err);
		release(&r);
	}
	fd = open(file, O_RDONLY);
	if (rc == T_PASS && (pread(fd, buf, BS, (64 << 10) - BS) != BS || buf[0] != 'q' ||
			     buf[BS - 1] != 'q'))
		rc = fail("the file's old end was written over");
	if (rc == T_PASS && (pread(fd, buf, BS, 92 << 10) != BS || buf[0] == 'q' ||
			     !memcmp(buf, (char[BS]){ 0 }, BS)))
		rc = fail("the last appended block was not written");
	close(fd);
	unlink(file);
	return rc;
}

/* cachestat(2), 6.5 on: not in every libc's headers yet */
#ifndef __NR_cachestat
#define __NR_cachestat	451
#endif
struct kg_cachestat_range {
	uint64_t off, len;
};

struct kg_cachestat {
	uint64_t nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted;
};

/* Dirty pages of @file in the page cache; -1: the kernel cannot say. */
static long long dirty_pages(const char *file)
{
	struct kg_cachestat_range range = { 0, 0 };
	struct kg_cachestat cs;
	int fd = open(file, O_RDONLY);
	long ret;

	if (fd < 0)
		return -1;
	ret = syscall(__NR_cachestat, fd, &range, &cs, 0);
	close(fd);
	return ret ? -1 : (long long)cs.nr_dirty;
}

/*
 * fio's fsync_on_close: once the buffered writes are done the file is
 * synced, no dirty page left; without it (the control) some are, the
 * writeback's 30 s being far off. The sync is not the job's: no sync I/O.
 */
static int t_fsync_on_close(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	long long dirty[2];
	char err[1024], file[128];
	int ret, on;

	(void)arg;
	snprintf(file, sizeof(file), "%s.close", path);
	for (on = 0; on < 2; on++) {
		unlink(file);
		ret = run(&js, &r, err, sizeof(err),
			  "--path=syscall --name=c --filename=%s --rw=write --bs=64k --size=2m --create_on_open=1 --fsync_on_close=%d",
			  file, on);
		dirty[on] = dirty_pages(file);
		CHECK(ret == KG_EXIT_OK && !r.jobs[0].workers[0].dir[KIOGEN_DIR_SYNC].ios,
		      "fsync_on_close=%d: exit %d, %llu syncs: %s", on, ret,
		      (unsigned long long)r.jobs[0].workers[0].dir[KIOGEN_DIR_SYNC].ios, err);
		release(&r);
	}
	unlink(file);
	if (dirty[0] <= 0)
		return skip(dirty[0] < 0 ? "no cachestat(2) here to count dirty pages" :
			    "no dirty page to see: written back before it could be counted");
	CHECK(!dirty[1], "fsync_on_close=1: %lld dirty pages left (%lld without it)", dirty[1], dirty[0]);
	return T_PASS;
}

/* --eta on the syscall path: the workers' counters, refreshed while they run */
static int t_eta(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	char err[1024];
	int ret;

	(void)arg;
	eta_ticks = eta_ends = 0;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=t --filename=%%F --rw=randread --bs=4k --runtime=1 --time_based --eta=always");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	CHECK(eta_ticks >= 5 && eta_ends == 1 && eta_last.nr_workers == 1 && eta_last.ios &&
	      eta_last.ios <= r.jobs[0].workers[0].dir[0].ios &&
	      eta_last.bytes == eta_last.ios * BS && eta_last.elapsed_ns,
	      "%u refreshes, %u ends; last: %u workers, %llu I/Os, %llu bytes",
	      eta_ticks, eta_ends, eta_last.nr_workers, (unsigned long long)eta_last.ios,
	      (unsigned long long)eta_last.bytes);
	release(&r);
	eta_ticks = 0;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=t --filename=%%F --rw=randread --bs=4k --runtime=300ms --time_based --eta=never");
	CHECK(ret == KG_EXIT_OK && !eta_ticks, "--eta=never: exit %d, %u refreshes", ret, eta_ticks);
	release(&r);
	return T_PASS;
}

/* The first line of log file @name into @buf, without its newline. */
static bool log_first(const char *name, char *buf, int len)
{
	FILE *fp = fopen(name, "r");
	bool ok = fp && fgets(buf, len, fp);

	if (fp)
		fclose(fp);
	if (ok)
		buf[strcspn(buf, "\n")] = 0;
	return ok;
}

/*
 * fio 3.33's priority column: log_prio's 16-bit hex of class and level on
 * every I/O (0x0000 in a window), else 1 for the realtime class, 0 else.
 */
static int t_log_prio(const void *arg)
{
	static const struct {
		const char *opts, *tail;
		bool root;
	} c[] = {
		{ "--prio=3 --log_prio=1", ", 4096, 0x4003", false },
		{ "--prioclass=3 --log_prio=1", ", 4096, 0x6000", false },
		{ "--log_prio=1", ", 4096, 0x0000", false },
		{ "--prio=3 --prioclass=2", ", 4096, 0", false },
		{ "--prio=3 --log_prio=1 --log_offset=1 --log_avg_msec=100", ", 0, 0, 0x0000", false },
		{ "--prio=3 --prioclass=1", ", 4096, 1", true },
		{ "--prioclass=1 --log_avg_msec=100", ", 0, 0", true },
	};
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	char err[1024], dir[] = "/tmp/kiogen-test-prio-XXXXXX", cwd[4096], line[128];
	unsigned int i;
	int ret, rc = T_PASS;

	(void)arg;
	CHECK(getcwd(cwd, sizeof(cwd)) && mkdtemp(dir) && !chdir(dir), "temp dir");
	for (i = 0; i < ARRAY_SIZE(c) && rc == T_PASS; i++) {
		if (c[i].root && geteuid())
			continue;
		ret = run(&js, &r, err, sizeof(err),
			  "--path=syscall --name=p --filename=%%F --rw=randread --bs=4k --number_ios=20 --write_lat_log=k %s",
			  c[i].opts);
		if (ret || kg_log_write(&r, &js, NULL) || !log_first("k_clat.1.log", line, sizeof(line)) ||
		    strlen(line) < strlen(c[i].tail) ||
		    strcmp(line + strlen(line) - strlen(c[i].tail), c[i].tail))
			rc = fail("%s: exit %d, first line '%s', fio ends it '%s': %s", c[i].opts,
				  ret, line, c[i].tail, err);
		release(&r);
		if (system("rm -f k_*.log"))
			rc = fail("clean up");
	}
	CHECK(!chdir(cwd) && !rmdir(dir), "clean up");
	return rc;
}

static const struct mode modes[] = {
	{ "read", 50, false }, { "write", 50, false }, { "randread", 50, false },
	{ "randwrite", 50, false }, { "rw", 50, false }, { "randrw", 50, false },
	{ "randrw", 90, false }, { "rw", 90, false },
	{ "read", 50, true }, { "write", 50, true }, { "randread", 50, true },
	{ "randwrite", 50, true }, { "rw", 50, true }, { "randrw", 50, true },
	{ "randrw", 90, true }, { "rw", 90, true },
};

/* random_distribution: the syscall path issues the generator's stream */
static int t_dist_digest(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	struct replay want;
	const struct kg_worker *w;
	char err[1024];
	int ret;

	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=d --filename=%%F --rw=randrw --bs=4k --number_ios=2000 --io_size=1g --ioengine=psync --random_distribution=%s",
		  (const char *)arg);
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	CHECK(js.jobs[0].random_distribution != KIOGEN_RANDOM_DISTRIBUTION_RANDOM,
	      "the distribution did not reach the job");
	replay(&js.jobs[0], 0, 0, FILE_BYTES, 2000, &want);
	w = &r.jobs[0].workers[0];
	CHECK(w->digest == want.digest, "digest %016llx, replay %016llx",
	      (unsigned long long)w->digest, (unsigned long long)want.digest);
	release(&r);
	return T_PASS;
}

static const struct mode hdr_modes[] = {
	{ "randwrite", 50, false }, { "randrw", 50, false },
	{ "write", 50, true }, { "randrw", 90, true },
};

/* iodepth_batch_submit=8: every submit carries 8; complete_min=4: reaps of 4+ */
/* thinktime: 9 pauses of 2 ms in 100 I/Os (none after the last); same stream */
static int t_thinktime(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	uint64_t digest, elapsed;
	char err[1024];
	int ret;

	(void)arg;
	if (uring_skip())
		return T_SKIP;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=t --filename=%%F --rw=randread --bs=4k --number_ios=100 --ioengine=io_uring --iodepth=4");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	digest = r.jobs[0].workers[0].digest;
	release(&r);
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=t --filename=%%F --rw=randread --bs=4k --number_ios=100 --ioengine=io_uring --iodepth=4 --thinktime=2ms --thinktime_blocks=10");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	elapsed = r.jobs[0].workers[0].elapsed_ns;
	CHECK(r.jobs[0].workers[0].issued == 100 && r.jobs[0].workers[0].digest == digest,
	      "thinktime changed the stream");
	CHECK(elapsed >= 18000000 && elapsed < 2000000000ULL,
	      "elapsed %llu ns for 9 pauses of 2 ms", (unsigned long long)elapsed);
	release(&r);
	return T_PASS;
}

/*
 * thinktime_spin: the 4 thinks of 20 ms are spent on the CPU (at least
 * 10 ms of user time, whatever else runs; 50 reads alone take under 1 ms);
 * thinktime_iotime=1s alone: no think in 50 I/Os, not one after each; the
 * stream is the same.
 */
static int t_thinktime_spin_iotime(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	const struct kg_worker *w;
	uint64_t digest;
	char err[1024];
	int ret;

	(void)arg;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=t --filename=%%F --rw=randread --bs=4k --number_ios=50 --ioengine=psync");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	digest = r.jobs[0].workers[0].digest;
	release(&r);
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=t --filename=%%F --rw=randread --bs=4k --number_ios=50 --ioengine=psync --thinktime=20ms --thinktime_spin=20ms --thinktime_blocks=10");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	w = &r.jobs[0].workers[0];
	CHECK(w->issued == 50 && w->digest == digest, "thinktime_spin changed the stream");
	CHECK(w->elapsed_ns >= 80000000 && w->cpu_usr_ns >= 10000000,
	      "4 thinks of 20 ms spun: %llu ns user time in %llu ns",
	      (unsigned long long)w->cpu_usr_ns, (unsigned long long)w->elapsed_ns);
	release(&r);
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=t --filename=%%F --rw=randread --bs=4k --number_ios=50 --ioengine=psync --thinktime=1ms --thinktime_iotime=1s");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	w = &r.jobs[0].workers[0];
	CHECK(w->issued == 50 && w->elapsed_ns < 45000000,
	      "thinktime_iotime=1s thought before a second of issuing: %llu ns for 50 I/Os",
	      (unsigned long long)w->elapsed_ns);
	release(&r);
	return T_PASS;
}

/*
 * rate_iops=2000,1000 on a file, psync, rw=randrw: 300 I/Os take at least
 * the schedule's time (150 writes at 1000 a second), the stream is the
 * unpaced one, every I/O has a sched lat, never below its lat
 */
static int t_rate(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	const struct kg_worker *w;
	uint64_t digest, sched = 0;
	char err[1024];
	int ret, d;

	(void)arg;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=r --filename=%%F --rw=randrw --bs=4k --number_ios=300");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	digest = r.jobs[0].workers[0].digest;
	release(&r);
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=r --filename=%%F --rw=randrw --bs=4k --number_ios=300 --rate_iops=2000,1000");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	w = &r.jobs[0].workers[0];
	CHECK(w->issued == 300 && w->digest == digest, "the rate changed the stream");
	for (d = 0; d < 2; d++) {
		const struct kg_dir *dd = &w->dir[d];

		sched += dd->sched_ios;
		CHECK(dd->sched_ios == dd->ios && dd->sched_min >= dd->lat_min &&
		      dd->sched_sum >= dd->lat_sum, "dir %d: %llu sched lats of %llu I/Os", d,
		      (unsigned long long)dd->sched_ios, (unsigned long long)dd->ios);
	}
	CHECK(sched == 300, "%llu sched lats", (unsigned long long)sched);
	/* write n is due at (n - 1) ms: the last of them at least */
	CHECK(w->elapsed_ns >= (w->dir[1].ios - 1) * 1000000 && w->elapsed_ns < 5000000000ULL,
	      "%llu writes in %llu ns at 1000 a second", (unsigned long long)w->dir[1].ios,
	      (unsigned long long)w->elapsed_ns);
	release(&r);
	return T_PASS;
}

static int t_uring_batches(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	const struct kg_worker *w;
	char err[1024];
	int ret;

	(void)arg;
	if (uring_skip())
		return T_SKIP;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=b --filename=%%F --rw=randread --bs=4k --number_ios=800 --ioengine=io_uring --iodepth=16 --iodepth_batch_submit=8 --iodepth_batch_complete_min=4 --iodepth_low=8");
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	w = &r.jobs[0].workers[0];
	CHECK(w->issued == 800 && w->submit[2] == 100,
	      "submits of 5-8: %llu of 100", (unsigned long long)w->submit[2]);
	CHECK(!w->submit[1] && !w->submit[3], "a submit not of 8");
	CHECK(w->depths[3] + w->depths[4] == 800, "depths below 8 after a batch of 8");
	release(&r);
	return T_PASS;
}

/* continue_on_error=VALUE with rw=read|write: what fio does on EIO */
struct coe_case {
	const char *coe;
	const char *rw;
	int err;		/* injected errno */
	bool survives;
};

/*
 * The first 16 of 256 sequential blocks fail. Surviving, the worker counts
 * 16 errors, accounts only the 240 good I/Os, keeps the first errno and the
 * run succeeds; otherwise it stops at the first error and the run fails.
 */
static int t_coe(const void *arg)
{
	const struct coe_case *c = arg;
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	const struct kg_worker *w;
	const struct kg_dir *d;
	char err[1024];
	int ret, dir = strcmp(c->rw, "read") ? KIOGEN_DIR_WRITE : KIOGEN_DIR_READ;

	inject_below = 16 * BS;
	inject_errno = c->err;
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=e --filename=%%F --rw=%s --bs=4k --size=1m --continue_on_error=%s",
		  c->rw, c->coe);
	inject_below = 0;
	w = &r.jobs[0].workers[0];
	d = &w->dir[dir];
	if (c->survives) {
		CHECK(ret == KG_EXIT_OK && r.state == KIOGEN_STATE_DONE && !r.error,
		      "exit %d state %u: %s", ret, r.state, err);
		CHECK(w->issued == 256 && d->errors == 16 && d->ios == 240 &&
		      d->bytes == 240 * BS && hist_sum(d) == 240,
		      "issued %llu errors %llu ios %llu, want 256 16 240",
		      (unsigned long long)w->issued, (unsigned long long)d->errors,
		      (unsigned long long)d->ios);
	} else {
		CHECK(ret == KG_EXIT_FAIL && r.state == KIOGEN_STATE_FAILED &&
		      r.error == -c->err, "exit %d state %u error %d: %s", ret,
		      r.state, r.error, err);
		CHECK(d->errors == 1 && d->ios == 0 && w->issued == 1,
		      "issued %llu errors %llu ios %llu after the first error",
		      (unsigned long long)w->issued, (unsigned long long)d->errors,
		      (unsigned long long)d->ios);
	}
	CHECK(w->error == -c->err, "worker error %d", w->error);
	release(&r);
	return T_PASS;
}

static const struct coe_case coe_cases[] = {
	{ "none", "read", EIO, false },
	{ "read", "read", EIO, true },
	{ "write", "read", EIO, false },
	{ "io", "read", EIO, true },
	{ "verify", "read", EIO, false },
	{ "all", "read", EIO, true },
	{ "write", "write", EIO, true },
	{ "read", "write", EIO, false },
	{ "all", "write", EIO, true },
	{ "all", "read", ENOSPC, false },
	{ "verify", "read", EILSEQ, true },
	{ "read", "read", EILSEQ, false },
};

/* The policy is part of the stream digest: none and all differ. */
static int t_coe_digest(const void *arg)
{
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	uint64_t d[2];
	int i;

	(void)arg;
	for (i = 0; i < 2; i++) {
		int ret = run(&js, &r, NULL, 0,
			      "--path=syscall --name=g --ioengine=null --size=1m --number_ios=100 --continue_on_error=%s",
			      i ? "all" : "none");

		CHECK(ret == KG_EXIT_OK, "exit %d", ret);
		d[i] = r.jobs[0].workers[0].digest;
		release(&r);
	}
	CHECK(d[0] != d[1], "continue_on_error does not change the digest");
	return T_PASS;
}

/* Lines of @name, or -1; the first one's fields into @f. */
static int log_lines(const char *name, unsigned long long f[6], int *nf)
{
	char line[256];
	FILE *fp = fopen(name, "r");
	int n = 0;

	if (!fp)
		return -1;
	*nf = 0;
	while (fgets(line, sizeof(line), fp))
		if (!n++)
			*nf = sscanf(line, "%llu, %llu, %llu, %llu, %llu, %llu",
				     &f[0], &f[1], &f[2], &f[3], &f[4], &f[5]);
	fclose(fp);
	return n;
}

/* Whether the file @name ends with @tail. */
static bool log_ends(const char *name, const char *tail)
{
	char buf[64] = { 0 };
	size_t n = strlen(tail);
	FILE *fp = fopen(name, "r");
	bool ok;

	if (!fp)
		return false;
	ok = n < sizeof(buf) && !fseek(fp, -(long)n, SEEK_END) &&
	     fread(buf, 1, n, fp) == n && !memcmp(buf, tail, n);
	fclose(fp);
	return ok;
}

/*
 * log_avg_msec=0 (fio's default): every counted I/O in the worker's log,
 * in order, with the offset and size the workload generator gave it, a ring
 * far smaller than the run losing nothing; fio's per-I/O lines, numbered on
 * across runs written into one kg_log_out (repeats), tagged per path.
 */
static int t_log_io(const void *arg)
{
	const char *engine = arg;
	static struct kg_jobs js;
	struct kg_run_result r = { 0 };
	struct kg_log_out out = { .tag = "kernel" };
	char err[1024], dir[] = "/tmp/kiogen-test-log-XXXXXX", cwd[4096];
	unsigned long long f[6];
	const struct kg_log_data *l;
	struct kiog_wl_cfg c;
	struct kiog_wl wl;
	struct kiog_io io;
	uint64_t i, prev = 0;
	int ret, nf;

	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=l --filename=%%F --rw=randrw --bs=4k --number_ios=3000 --io_size=1g --ioengine=%s --iodepth=8 --write_lat_log=x --write_iops_log=x --log_offset=1 --log_ring=64",
		  engine);
	CHECK(ret == KG_EXIT_OK, "exit %d: %s", ret, err);
	l = r.jobs[0].workers[0].log;
	CHECK(l && l->nr_io == 3000 && !l->io_lost, "%llu samples, %llu lost",
	      l ? (unsigned long long)l->nr_io : 0ULL,
	      l ? (unsigned long long)l->io_lost : 0ULL);
	KIOG_JOB_COPY(KIOG_JOB_WL_FIELDS, &c, &js.jobs[0]);
	c.size = FILE_BYTES;
	c.seed = kiog_wl_worker_seed(js.jobs[0].seed, 0, 0);
	CHECK(!kiog_wl_init(&wl, &c), "replay");
	for (i = 0; i < l->nr_io; i++) {
		const struct kiogen_log_io *s = &l->io[i];

		CHECK(s->bytes == BS && s->offset % BS == 0 && s->offset < FILE_BYTES &&
		      s->dir <= 1 && s->t_ns >= prev && s->clat_ns,
		      "sample %llu: %u bytes at %llu, dir %u", (unsigned long long)i,
		      s->bytes, (unsigned long long)s->offset, s->dir);
		prev = s->t_ns;
		/* psync completes in issue order: the generator's stream */
		if (strcmp(engine, "psync"))
			continue;
		kiog_wl_next(&wl, &io);
		CHECK(s->offset == io.offset && s->dir == io.dir,
		      "sample %llu: %llu dir %u, generated %llu dir %u",
		      (unsigned long long)i, (unsigned long long)s->offset, s->dir,
		      (unsigned long long)io.offset, io.dir);
	}
	CHECK(getcwd(cwd, sizeof(cwd)) && mkdtemp(dir) && !chdir(dir), "temp dir");
	ret = kg_log_write(&r, &js, &out) || kg_log_write(&r, &js, &out);
	/* a ring that was full: kiogen's mark after the lines (the kernel's rings) */
	r.jobs[0].workers[0].log->io_lost = 7;
	ret = ret || kg_log_write(&r, &js, &out);
	r.jobs[0].workers[0].log->io_lost = 0;
	kg_log_out_free(&out);
	CHECK(!ret, "log files written");
	CHECK(log_ends("x_kernel_clat.3.log", "\n\n-1, 7, 0, 0, 0, 0\n") &&
	      log_lines("x_kernel_clat.3.log", f, &nf) == 3002,
	      "a lost sample: a blank line, then time -1 and the I/Os missing");
	CHECK(log_lines("x_kernel_clat.1.log", f, &nf) == 3000 && nf == 6 &&
	      f[3] == BS && f[4] == l->io[0].offset && f[1] == l->io[0].clat_ns,
	      "x_kernel_clat.1.log: %d fields, bs %llu offset %llu", nf, f[3], f[4]);
	CHECK(log_lines("x_kernel_iops.2.log", f, &nf) == 3000 && f[1] == 1,
	      "the second run's files are numbered on: x_kernel_iops.2.log");
	CHECK(system("rm -f x_kernel_*.log") == 0 && !chdir(cwd) && !rmdir(dir), "clean up");
	release(&r);
	/* log_ring is the room of the per-I/O log: without one, a usage error */
	ret = run(&js, &r, err, sizeof(err),
		  "--path=syscall --name=l --filename=%%F --number_ios=10 --write_lat_log=x --log_avg_msec=100 --log_ring=64");
	CHECK(ret == KG_EXIT_USAGE && strstr(err, "log_ring"), "exit %d: %s", ret, err);
	release(&r);
	return T_PASS;
}

static const struct tcase cases[] = {
	{ "psync: number_ios gives exact counts", t_counts, "psync" },
	{ "per-I/O log: every I/O, in order, the generator's offsets; fio's lines", t_log_io, "psync" },
	{ "per-I/O log, libaio iodepth=8: every I/O through a ring of 64", t_log_io, "libaio" },
	{ "io_uring: number_ios gives exact counts, iodepth in flight", t_counts, "io_uring" },
	{ "libaio: number_ios gives exact counts, iodepth in flight", t_counts, "libaio" },
	{ "posixaio: number_ios gives exact counts, iodepth in flight", t_counts, "posixaio" },
	{ "io_uring: iodepth_batch_submit, complete_min, iodepth_low", t_uring_batches, NULL },
	{ "thinktime: pauses after thinktime_blocks, the same stream", t_thinktime, NULL },
	{ "thinktime_spin spins, thinktime_iotime alone pauses by time", t_thinktime_spin_iotime,
	  NULL },
	{ "rate_iops per direction: paced, the same stream, sched lat of each", t_rate, NULL },
	{ "digest psync == replay: zipf:1.2", t_dist_digest, "zipf:1.2" },
	{ "digest psync == replay: pareto:0.3", t_dist_digest, "pareto:0.3" },
	{ "digest psync == replay: normal:5", t_dist_digest, "normal:5" },
	{ "digest psync == replay: zoned, per direction",
	  t_dist_digest, "zoned:60/10:40/90,10/50:90/50" },
	{ "digest psync == replay: read", t_digest, &modes[0] },
	{ "digest psync == replay: write", t_digest, &modes[1] },
	{ "digest psync == replay: randread", t_digest, &modes[2] },
	{ "digest psync == replay: randwrite", t_digest, &modes[3] },
	{ "digest psync == replay: rw", t_digest, &modes[4] },
	{ "digest psync == replay: randrw", t_digest, &modes[5] },
	{ "digest psync == replay: randrw rwmixread=90", t_digest, &modes[6] },
	{ "digest psync == replay: rw rwmixread=90", t_digest, &modes[7] },
	{ "digest psync == io_uring == libaio == posixaio == replay: read", t_digest, &modes[8] },
	{ "digest psync == io_uring == libaio == posixaio == replay: write", t_digest, &modes[9] },
	{ "digest psync == io_uring == libaio == posixaio == replay: randread", t_digest, &modes[10] },
	{ "digest psync == io_uring == libaio == posixaio == replay: randwrite", t_digest, &modes[11] },
	{ "digest psync == io_uring == libaio == posixaio == replay: rw", t_digest, &modes[12] },
	{ "digest psync == io_uring == libaio == posixaio == replay: randrw", t_digest, &modes[13] },
	{ "digest psync == io_uring == libaio == posixaio == replay: randrw rwmixread=90", t_digest, &modes[14] },
	{ "digest psync == io_uring == libaio == posixaio == replay: rw rwmixread=90", t_digest, &modes[15] },
	{ "psync randwrite: headers and pattern at every written offset", t_headers, &hdr_modes[0] },
	{ "psync randrw: headers on writes, reads leave blocks alone", t_headers, &hdr_modes[1] },
	{ "io_uring write: headers in issue order at every offset", t_headers, &hdr_modes[2] },
	{ "io_uring randrw rwmixread=90: headers on writes", t_headers, &hdr_modes[3] },
	{ "null engine: counts, digest, depth per batch", t_null, NULL },
	{ "null engine with verify: the writes get buffers, nothing is read back", t_null_verify, NULL },
	{ "one clock point: picking, stamping and checksums are in no latency", t_clock_point, NULL },
	{ "continue_on_error=none: read EIO ends the run", t_coe, &coe_cases[0] },
	{ "continue_on_error=read: read EIOs counted, run continues", t_coe, &coe_cases[1] },
	{ "continue_on_error=write: read EIO ends the run", t_coe, &coe_cases[2] },
	{ "continue_on_error=io: read EIOs counted, run continues", t_coe, &coe_cases[3] },
	{ "continue_on_error=verify: read EIO ends the run", t_coe, &coe_cases[4] },
	{ "continue_on_error=all: read EIOs counted, run continues", t_coe, &coe_cases[5] },
	{ "continue_on_error=write: write EIOs counted, run continues", t_coe, &coe_cases[6] },
	{ "continue_on_error=read: write EIO ends the run", t_coe, &coe_cases[7] },
	{ "continue_on_error=all: write EIOs counted, run continues", t_coe, &coe_cases[8] },
	{ "continue_on_error=all: ENOSPC is fatal, as fio", t_coe, &coe_cases[9] },
	{ "continue_on_error=verify: EILSEQ counted, run continues", t_coe, &coe_cases[10] },
	{ "continue_on_error=read: EILSEQ (a verify error) ends the run", t_coe, &coe_cases[11] },
	{ "continue_on_error is part of the stream digest", t_coe_digest, NULL },
	{ "libaio: hipri is refused, it cannot poll", t_refused, "libaio" },
	{ "posixaio: hipri is refused, it cannot poll", t_refused, "posixaio" },
	{ "io_uring fixedbufs + registerfiles", t_uring_opts, "--fixedbufs --registerfiles" },
	{ "io_uring sqthread_poll", t_uring_opts, "--sqthread_poll --fixedbufs" },
	{ "jobs and workers each replay their own seed", t_workers, NULL },
	{ "size 0 = rest of the file; io_size limits bytes; holes and trimwrite as fio counts them", t_region, NULL },
	{ "missing file: refused without a size, laid out with one", t_layout, NULL },
	{ "files roundrobin: 50 I/Os each of 200, as fio", t_files, &files_cases[0] },
	{ "files roundrobin:3: 51 51 50 48 of 200, as fio", t_files, &files_cases[1] },
	{ "files sequential: 200 to the first file, as fio", t_files, &files_cases[2] },
	{ "files random: each random map walked once, as fio", t_files, &files_cases[3] },
	{ "files random:8: each random map walked once, as fio", t_files, &files_cases[4] },
	{ "files: the file index is in the digest; unlink=1 removes them", t_files_digest, NULL },
	{ "ioengine=bio -> psync with O_DIRECT", t_direct, "bio" },
	{ "ioengine=kiocb --direct=1 -> psync with O_DIRECT", t_direct, "kiocb --direct=1" },
	{ "interrupt before the start: nothing issued, state stopped", t_interrupt, &looks[0] },
	{ "interrupt mid-run stops after the batch in hand", t_interrupt, &looks[1] },
	{ "fsync=10 + end_fsync: 11 timed syncs; none on null", t_fsync, NULL },
	{ "file_append: writes after the file's end, twice", t_append, NULL },
	{ "fsync_on_close: no dirty page left, no sync counted", t_fsync_on_close, NULL },
	{ "runtime, ramp_time and 500 ms samples", t_timed, NULL },
	{ "ramp_time outlasting a size-bound job: I/Os, no latencies (fio)", t_ramp_size, NULL },
	{ "size, offset, io_size in percent of the target, as fio", t_pct, NULL },
	{ "--eta: fio's progress line from the syscall workers", t_eta, NULL },
	{ "log_prio and the priority column as fio 3.33 writes them", t_log_prio, NULL },
};

int main(void)
{
	struct io_uring ring;
	int fd, rc;

	fd = mkstemp(path);
	if (fd < 0 || ftruncate(fd, FILE_BYTES)) {
		perror("kiogen test file");
		return 1;
	}
	close(fd);
	if (refill()) {
		perror("kiogen test file");
		unlink(path);
		return 1;
	}
	uring_err = io_uring_queue_init(4, &ring, 0);
	if (!uring_err)
		io_uring_queue_exit(&ring);
	rc = run_cases(cases, ARRAY_SIZE(cases));
	unlink(path);
	return rc;
}
