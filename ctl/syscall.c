// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall path: "kiogen run --path=syscall" issues the same jobs from
 * this process, one pthread per worker, through an engine picked by name
 * (psync, io_uring, null). Everything a worker needs is allocated and the
 * target opened before any thread starts; the worker loop then mirrors the
 * kernel's kiog_worker_loop() step for step - the same generator
 * configuration, stop conditions, statistics and block headers - and the
 * results land in the same struct kg_run_result the kernel path fills. So
 * reports and JSON work unchanged, and for one seed both paths issue the
 * identical stream, which the digest proves.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "kiogen.h"
#include "options.h"
#include "disk.h"
#include "syscall.h"

#define KG_SYS_FILL_SEED	0xb10cULL	/* as kiog_worker_alloc() */

/*
 * fio's ioengine names on this path. The kernel engines stand for the path
 * the data takes: bio is always O_DIRECT, kiocb honours direct=.
 */
static const struct {
	const char *fio;
	const struct kg_sys_engine *eng;	/* NULL: no engine here */
	bool always_direct;
	bool kernel_name;			/* say what it maps to */
} kg_sys_engine_map[] = {
	{ "sync", &kg_sys_engine_psync, false, false },
	{ "psync", &kg_sys_engine_psync, false, false },
	{ "vsync", &kg_sys_engine_psync, false, false },
	{ "pvsync", &kg_sys_engine_psync, false, false },
	{ "pvsync2", &kg_sys_engine_psync, false, false },
	{ "io_uring", &kg_sys_engine_uring, false, false },
	{ "null", &kg_sys_engine_null, false, false },
	{ "bio", &kg_sys_engine_psync, true, true },
	{ "kiocb", &kg_sys_engine_psync, false, true },
	{ "libaio", NULL, false, false },
	{ "posixaio", NULL, false, false },
};

/* What a job resolves to on this path, before any worker exists. */
struct kg_sys_target {
	const struct kg_sys_engine *eng;
	bool direct;
	bool file;		/* a regular file, not a block device */
	int fd;
	uint64_t bytes;		/* size of the target */
	uint32_t min_align;	/* bytes: bs and offset must be multiples */
	uint64_t size;		/* region length, resolved as the kernel does */
	uint64_t io_size;	/* bytes per worker, resolved */
};

/* Holds every worker back until all of them are ready, as the kernel does. */
struct kg_sys_gate {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool open;
	bool abort;
};

/* The per-loop state of a worker, as struct kiog_loop. */
struct kg_sys_loop {
	uint64_t ramp_end;	/* completions that started before are not counted */
	uint64_t end;		/* stop issuing at this time */
	uint64_t next_sample;
	uint64_t issued_bytes;
	uint64_t write_seq;
	uint64_t last_end;	/* latest completion time reaped: "now" for the loop */
	uint32_t sync_every;	/* fsync or fdatasync every N writes */
	uint32_t writes_since_sync;
	bool issuing;
	bool broken;		/* the engine failed: in-flight I/O is lost */
};

uint64_t kg_sys_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

int kg_sys_fsync(struct kg_sys_worker *w, bool datasync)
{
	int ret = datasync ? fdatasync(w->fd) : fsync(w->fd);

	return ret ? -errno : 0;
}

void kg_sys_slot_complete(struct kg_sys_worker *w, struct kg_sys_slot *s,
			  long res, uint64_t now)
{
	s->end_ns = now;
	s->error = res < 0 ? (int)res : 0;
	s->done_bytes = res < 0 ? 0 : (uint32_t)res;
	s->next = w->done;
	w->done = s;
}

/* ---- setup: engine, target, region -------------------------------------- */

static int kg_sys_pick_engine(const struct kg_job *j, struct kg_sys_target *t)
{
	size_t i, n = sizeof(kg_sys_engine_map) / sizeof(kg_sys_engine_map[0]);

	for (i = 0; i < n; i++)
		if (!strcmp(kg_sys_engine_map[i].fio, j->ioengine))
			break;
	if (i == n) {
		fprintf(stderr, "kiogen: %s: ioengine: '%s' has no syscall-path engine (psync, io_uring, null)\n",
			j->name, j->ioengine);
		return KG_EXIT_USAGE;
	}
	if (!kg_sys_engine_map[i].eng) {
		fprintf(stderr, "kiogen: %s: ioengine: %s is not available on the syscall path; use ioengine=io_uring for asynchronous I/O\n",
			j->name, j->ioengine);
		return KG_EXIT_USAGE;
	}
	t->eng = kg_sys_engine_map[i].eng;
	t->direct = kg_sys_engine_map[i].always_direct || j->direct;
	if (kg_sys_engine_map[i].kernel_name)
		fprintf(stderr, "kiogen: %s: ioengine=%s on the syscall path -> %s%s%s\n",
			j->name, j->ioengine, t->eng->name,
			t->direct ? " with O_DIRECT" : " through the page cache",
			j->iodepth > 1 ? ", one I/O at a time (iodepth ignored)" : "");
	return KG_EXIT_OK;
}

/* Options an engine cannot honour are refused, never ignored. */
static int kg_sys_check_options(const struct kg_job *j,
				const struct kg_sys_target *t)
{
	const char *opt;

	if (t->eng != &kg_sys_engine_uring) {
		opt = j->fixedbufs ? "fixedbufs" : j->registerfiles ? "registerfiles" :
		      j->sqthread_poll ? "sqthread_poll" : j->hipri ? "hipri" : NULL;
		if (opt) {
			fprintf(stderr, "kiogen: %s: %s: only ioengine=io_uring takes it\n",
				j->name, opt);
			return KG_EXIT_USAGE;
		}
	}
	if (j->hipri && !t->direct) {
		fprintf(stderr, "kiogen: %s: hipri: polled completions need direct=1\n",
			j->name);
		return KG_EXIT_USAGE;
	}
	return KG_EXIT_OK;
}

/* The offset alignment O_DIRECT needs on this file, when the kernel says. */
static uint32_t kg_sys_dio_align(int fd)
{
	struct statx stx;

	if (!statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) &&
	    (stx.stx_mask & STATX_DIOALIGN) && stx.stx_dio_offset_align)
		return stx.stx_dio_offset_align;
	return 512;	/* the smallest logical block size there is */
}

static int kg_sys_region_error(const struct kg_job *j,
			       const struct kg_sys_target *t, const char *opt,
			       const char *what)
{
	if (t->file)
		fprintf(stderr, "kiogen: %s: %s: %s is %" PRIu64 " bytes, offset %" PRIu64 " + size %" PRIu64 " does not fit; lay the file out first\n",
			j->name, opt, j->filename, t->bytes, j->offset, j->size);
	else
		fprintf(stderr, "kiogen: %s: %s: %s\n", j->name, opt, what);
	return KG_EXIT_USAGE;
}

/* The region must fit the target and hold a block: kiog_nl_check_region(). */
static int kg_sys_check_region(const struct kg_job *j, struct kg_sys_target *t)
{
	if (j->bs % t->min_align) {
		fprintf(stderr, "kiogen: %s: bs: %u is not a multiple of the target's %s alignment (%u)\n",
			j->name, j->bs, t->file ? "O_DIRECT" : "logical block size",
			t->min_align);
		return KG_EXIT_USAGE;
	}
	if (j->offset % t->min_align) {
		fprintf(stderr, "kiogen: %s: offset: %" PRIu64 " is not a multiple of the target's %s alignment (%u)\n",
			j->name, j->offset, t->file ? "O_DIRECT" : "logical block size",
			t->min_align);
		return KG_EXIT_USAGE;
	}
	if (j->offset >= t->bytes)
		return kg_sys_region_error(j, t, "offset", "past the end of the target");
	t->size = j->size ?: t->bytes - j->offset;
	if (t->size > t->bytes - j->offset)
		return kg_sys_region_error(j, t, "size",
					   "offset + size is past the end of the target");
	if (t->size < j->bs) {
		fprintf(stderr, "kiogen: %s: size: smaller than one block (bs)\n", j->name);
		return KG_EXIT_USAGE;
	}
	if (t->file && j->filesize > t->bytes) {
		fprintf(stderr, "kiogen: %s: filesize: %s is %" PRIu64 " bytes, not %" PRIu64 "; lay the file out first\n",
			j->name, j->filename, t->bytes, j->filesize);
		return KG_EXIT_USAGE;
	}
	t->io_size = j->io_size ?: t->size;
	return KG_EXIT_OK;
}

static int kg_sys_open_error(const struct kg_job *j, const struct kg_sys_target *t,
			     bool bdev, int err)
{
	switch (err) {
	case ENOENT:
		fprintf(stderr, "kiogen: %s: filename: %s: no such file; lay the file out first (the syscall path does not create files yet)\n",
			j->name, j->filename);
		return KG_EXIT_USAGE;
	case EINVAL:
		if (t->direct) {
			fprintf(stderr, "kiogen: %s: direct: the file system of %s does not support O_DIRECT\n",
				j->name, j->filename);
			return KG_EXIT_USAGE;
		}
		break;
	case EBUSY:
		if (bdev) {
			fprintf(stderr, "kiogen: %s: filename: %s is mounted or held by another user, refusing to write\n",
				j->name, j->filename);
			return KG_EXIT_FAIL;
		}
		break;
	}
	fprintf(stderr, "kiogen: %s: filename: cannot open %s: %s\n", j->name,
		j->filename, strerror(err));
	return KG_EXIT_FAIL;
}

static int kg_sys_target_size(const struct kg_job *j, struct kg_sys_target *t)
{
	struct stat st;
	int lbs;

	if (fstat(t->fd, &st))
		goto err;
	if (S_ISBLK(st.st_mode)) {
		if (ioctl(t->fd, BLKGETSIZE64, &t->bytes) ||
		    ioctl(t->fd, BLKSSZGET, &lbs))
			goto err;
		t->min_align = lbs;
		return KG_EXIT_OK;
	}
	if (!S_ISREG(st.st_mode)) {
		fprintf(stderr, "kiogen: %s: filename: %s is neither a block device nor a regular file\n",
			j->name, j->filename);
		return KG_EXIT_USAGE;
	}
	t->file = true;
	t->bytes = st.st_size;
	t->min_align = t->direct ? kg_sys_dio_align(t->fd) : 1;
	return KG_EXIT_OK;
err:
	fprintf(stderr, "kiogen: %s: filename: cannot size %s: %s\n", j->name,
		j->filename, strerror(errno));
	return KG_EXIT_FAIL;
}

/**
 * kg_sys_target_open() - open a job's target and resolve its region
 * @j: the job
 * @t: engine already picked; fd, sizes and region are filled in
 *
 * Written block devices are opened O_EXCL, the user-space form of the
 * exclusive claim the bio engine takes. The null engine opens nothing and,
 * as in the kernel, has a target of 2^64 - 1 bytes.
 *
 * Return: KG_EXIT_OK, or an exit code after saying why in words.
 */
static int kg_sys_target_open(const struct kg_job *j, struct kg_sys_target *t)
{
	bool writes = j->rw != KIOGEN_RW_READ && j->rw != KIOGEN_RW_RANDREAD;
	int flags = (writes ? O_RDWR : O_RDONLY) | O_CLOEXEC;
	struct stat st;
	bool bdev;
	int ret;

	t->fd = -1;
	if (!t->eng->needs_buffers) {
		t->bytes = UINT64_MAX;
		t->min_align = 1;
		return kg_sys_check_region(j, t);
	}
	if (stat(j->filename, &st))
		return kg_sys_open_error(j, t, false, errno);
	bdev = S_ISBLK(st.st_mode);
	if (t->direct)
		flags |= O_DIRECT;
	if (bdev && writes)
		flags |= O_EXCL;
	t->fd = open(j->filename, flags);
	if (t->fd < 0)
		return kg_sys_open_error(j, t, bdev, errno);
	ret = kg_sys_target_size(j, t);
	if (!ret)
		ret = kg_sys_check_region(j, t);
	if (ret)
		return ret;
	/* fio's invalidate=1: start from a cold page cache */
	if (j->invalidate)
		posix_fadvise(t->fd, j->offset, t->size, POSIX_FADV_DONTNEED);
	return KG_EXIT_OK;
}

/* ---- workers: allocation before the clock starts ------------------------ */

/* As the kernel's kiog_max_samples(). */
static uint32_t kg_sys_max_samples(const struct kg_job *j)
{
	uint64_t n;

	if (!j->runtime_ns)
		return KG_SYS_MAX_SAMPLES / 6;	/* ten minutes */
	n = (j->ramp_ns + j->runtime_ns) / KG_SYS_SAMPLE_NS + 2;
	return n < KG_SYS_MAX_SAMPLES ? n : KG_SYS_MAX_SAMPLES;
}

/*
 * Buffers have the kernel's layout - whole chunks of PAGE_SIZE << order,
 * order capped at KG_SYS_CHUNK_ORDER - and get the same seeded pattern in
 * the same order, so a block written by either path carries the same bytes.
 */
static size_t kg_sys_buf_len(uint32_t bs)
{
	size_t page = sysconf(_SC_PAGESIZE), chunk = page;
	unsigned int order = 0;

	while (chunk < bs && order < KG_SYS_CHUNK_ORDER) {
		chunk <<= 1;
		order++;
	}
	return (bs + chunk - 1) / chunk * chunk;
}

static int kg_sys_slot_init(struct kg_sys_worker *w, struct kg_sys_slot *s,
			    uint32_t index, struct kiog_rng *fill)
{
	uint64_t *p;
	size_t i;

	s->index = index;
	if (!w->eng->needs_buffers)
		return 0;
	s->buf_len = kg_sys_buf_len(w->job->bs);
	if (posix_memalign(&s->buf, 4096, s->buf_len)) {
		s->buf = NULL;
		return -ENOMEM;
	}
	p = s->buf;
	for (i = 0; i < s->buf_len / sizeof(*p); i++)
		p[i] = kiog_rng_next(fill);
	w->res.mem += s->buf_len;
	return 0;
}

static void kg_sys_worker_free(struct kg_sys_worker *w)
{
	uint32_t i;

	if (!w)
		return;
	if (w->priv && w->eng->exit)
		w->eng->exit(w);
	for (i = 0; w->slots && i < w->depth; i++)
		free(w->slots[i].buf);
	free(w->slots);
	free(w->free);
	free(w->res.samples);
	free(w);
}

/**
 * kg_sys_worker_alloc() - a worker with everything it will need
 * @j: its job
 * @job_index: index of @j in the run
 * @index: worker index in the job
 * @t: the job's opened target and resolved region
 *
 * The generator is configured exactly as kiog_worker_alloc() configures the
 * kernel's, which is what makes the two streams identical.
 *
 * Return: the worker, or NULL if out of memory.
 */
static struct kg_sys_worker *kg_sys_worker_alloc(const struct kg_job *j,
						 uint32_t job_index, uint32_t index,
						 const struct kg_sys_target *t)
{
	struct kiog_wl_cfg wlc = {
		.rw = j->rw,
		.rwmixread = j->rwmixread,
		.bs = j->bs,
		.offset = j->offset,
		.size = t->size,
		.seed = kiog_wl_worker_seed(j->seed, job_index, index),
		.norandommap = j->norandommap,
	};
	struct kg_sys_worker *w;
	struct kiog_rng fill;
	uint32_t i;

	w = calloc(1, sizeof(*w));
	if (!w)
		return NULL;
	w->job = j;
	w->eng = t->eng;
	w->job_index = job_index;
	w->index = index;
	w->fd = t->fd;
	w->depth = t->eng->max_depth ?: j->iodepth;
	w->io_limit = j->number_ios ?: UINT64_MAX;
	w->byte_limit = j->time_based ? UINT64_MAX : t->io_size;
	w->ramp_ns = j->ramp_ns;
	w->runtime_ns = j->runtime_ns;
	w->res.job = job_index;
	w->res.index = index;
	w->res.sample_ns = KG_SYS_SAMPLE_NS;
	/* the region was checked like the kernel checks it; this cannot fail */
	if (kiog_wl_init(&w->wl, &wlc))
		goto err;

	w->max_samples = kg_sys_max_samples(j);
	w->res.samples = calloc(w->max_samples, sizeof(*w->res.samples));
	w->slots = calloc(w->depth, sizeof(*w->slots));
	w->free = calloc(w->depth, sizeof(*w->free));
	if (!w->res.samples || !w->slots || !w->free)
		goto err;
	w->res.mem = sizeof(*w) + (uint64_t)w->max_samples * sizeof(*w->res.samples) +
		     (uint64_t)w->depth * (sizeof(*w->slots) + sizeof(*w->free));
	kiog_rng_seed(&fill, wlc.seed ^ KG_SYS_FILL_SEED);
	for (i = 0; i < w->depth; i++) {
		if (kg_sys_slot_init(w, &w->slots[i], i, &fill))
			goto err;
		w->free[w->nr_free++] = &w->slots[i];
	}
	return w;
err:
	kg_sys_worker_free(w);
	return NULL;
}

/* ---- the worker loop, mirroring kmod/worker.c --------------------------- */

static uint32_t kg_sys_depth_bucket(uint32_t depth)
{
	return depth >= 64 ? KIOGEN_DEPTH_BUCKETS - 1 :
	       31 - (uint32_t)__builtin_clz(depth);
}

static void kg_sys_stamp(struct kg_sys_worker *w, struct kg_sys_slot *s,
			 struct kg_sys_loop *l)
{
	struct kiogen_block_header *h = s->buf;

	memcpy(h->magic, KIOGEN_BLOCK_MAGIC, sizeof(h->magic));
	h->offset = s->offset;
	h->run = 0;		/* the syscall path has no run id */
	h->job = w->job_index;
	h->worker = w->index;
	h->pad = 0;
	h->seq = ++l->write_seq;
}

static void kg_sys_submit(struct kg_sys_worker *w, struct kg_sys_loop *l)
{
	uint32_t queued = 0;
	int err;

	while (w->nr_free) {
		struct kg_sys_slot *s;
		struct kiog_io io;

		if (w->wl.issued >= w->io_limit ||
		    l->issued_bytes >= w->byte_limit) {
			l->issuing = false;
			break;
		}
		s = w->free[--w->nr_free];
		kiog_wl_next(&w->wl, &io);
		s->offset = io.offset;
		s->len = io.len;
		s->dir = io.dir;
		if (io.dir == KIOGEN_DIR_WRITE && s->buf)
			kg_sys_stamp(w, s, l);
		w->inflight++;
		w->res.depths[kg_sys_depth_bucket(w->inflight)]++;
		l->issued_bytes += io.len;
		s->start_ns = kg_sys_now_ns();
		w->eng->submit(w, s);
		queued++;
	}
	/* one push per batch, where the kernel finishes its plug */
	if (queued && w->eng->commit) {
		err = w->eng->commit(w);
		if (err) {
			if (!w->res.error)
				w->res.error = err;
			l->issuing = false;
			l->broken = true;
		}
	}
}

static void kg_sys_account(struct kg_sys_dir *sd, uint64_t lat, uint32_t bytes,
			   bool short_io)
{
	struct kg_dir *d = &sd->d;

	if (!d->ios || lat < d->lat_min)
		d->lat_min = lat;
	if (lat > d->lat_max)
		d->lat_max = lat;
	d->ios++;
	d->bytes += bytes;
	d->short_ios += short_io;
	d->lat_sum += lat;
	sd->sq += (unsigned __int128)lat * lat;
	d->hist[kiog_hist_idx(lat)]++;
}

static void kg_sys_reap(struct kg_sys_worker *w, struct kg_sys_loop *l)
{
	struct kg_sys_slot *s = w->done, *next;

	w->done = NULL;
	for (; s; s = next) {
		next = s->next;
		w->inflight--;
		w->free[w->nr_free++] = s;
		if (s->end_ns > l->last_end)
			l->last_end = s->end_ns;
		if (s->error) {
			w->stats[s->dir].d.errors++;
			if (!w->res.error)
				w->res.error = s->error;
			l->issuing = false;	/* fio's default: stop at the first error */
			continue;
		}
		if (s->dir == KIOGEN_DIR_WRITE)
			l->writes_since_sync++;
		if (s->start_ns < l->ramp_end)
			continue;
		kg_sys_account(&w->stats[s->dir], s->end_ns - s->start_ns,
			       s->done_bytes, s->done_bytes != s->len);
	}
}

/* fsync/fdatasync in the worker, timed into the sync statistics as fio does */
static void kg_sys_sync(struct kg_sys_worker *w, struct kg_sys_loop *l,
			bool datasync)
{
	uint64_t t0 = kg_sys_now_ns();
	int err;

	l->writes_since_sync = 0;
	if (!w->eng->sync)
		return;
	err = w->eng->sync(w, datasync);
	if (err) {
		w->stats[KIOGEN_DIR_SYNC].d.errors++;
		if (!w->res.error)
			w->res.error = err;
		l->issuing = false;
		return;
	}
	if (t0 >= l->ramp_end)
		kg_sys_account(&w->stats[KIOGEN_DIR_SYNC], kg_sys_now_ns() - t0, 0,
			       false);
}

static void kg_sys_sample(struct kg_sys_worker *w, struct kg_sys_loop *l,
			  uint64_t now)
{
	while (now >= l->next_sample && w->res.nr_samples < w->max_samples) {
		struct kiogen_sample *smp = &w->res.samples[w->res.nr_samples++];
		int d;

		for (d = 0; d < 2; d++) {
			smp->ios[d] = w->stats[d].d.ios;
			smp->bytes[d] = w->stats[d].d.bytes;
		}
		l->next_sample += KG_SYS_SAMPLE_NS;
	}
}

/* Wait for completions unless some are already in hand, then account them. */
static void kg_sys_wait(struct kg_sys_worker *w, struct kg_sys_loop *l)
{
	int ret;

	do
		ret = w->eng->reap(w, !w->done);
	while (ret == -EINTR && !w->done);
	if (ret < 0 && ret != -EINTR) {
		if (!w->res.error)
			w->res.error = ret;
		l->issuing = false;
		l->broken = true;
	}
	kg_sys_reap(w, l);
}

static void kg_sys_loop(struct kg_sys_worker *w)
{
	uint64_t t0 = kg_sys_now_ns(), now;
	struct kg_sys_loop l = {
		.ramp_end = t0 + w->ramp_ns,
		.end = w->runtime_ns ? t0 + w->ramp_ns + w->runtime_ns : UINT64_MAX,
		.next_sample = t0 + w->ramp_ns + KG_SYS_SAMPLE_NS,
		.last_end = t0,
		.sync_every = w->job->fsync ?: w->job->fdatasync,
		.issuing = true,
	};

	/* interrupted before this worker started: issue nothing */
	if (kg_interrupt_pending())
		l.issuing = false;
	while (l.issuing || w->inflight) {
		if (l.issuing)
			kg_sys_submit(w, &l);
		if (!w->inflight || l.broken)
			break;
		kg_sys_wait(w, &l);
		if (l.broken)
			break;
		if (l.sync_every && l.writes_since_sync >= l.sync_every)
			kg_sys_sync(w, &l, !w->job->fsync);
		/* a completion was just reaped: its time saves a clock read */
		now = l.last_end;
		if (now >= l.next_sample)
			kg_sys_sample(w, &l, now);
		if (now >= l.end || kg_interrupt_pending())
			l.issuing = false;
	}
	if (w->job->end_fsync && l.write_seq && !w->res.error)
		kg_sys_sync(w, &l, false);
	now = kg_sys_now_ns();
	w->res.elapsed_ns = now > l.ramp_end ? now - l.ramp_end : 0;
}

static uint64_t kg_sys_tv_ns(const struct timeval *tv)
{
	return (uint64_t)tv->tv_sec * 1000000000ULL + tv->tv_usec * 1000ULL;
}

static bool kg_sys_gate_wait(struct kg_sys_gate *g)
{
	bool go;

	pthread_mutex_lock(&g->lock);
	while (!g->open && !g->abort)
		pthread_cond_wait(&g->cond, &g->lock);
	go = !g->abort;
	pthread_mutex_unlock(&g->lock);
	return go;
}

static void kg_sys_gate_set(struct kg_sys_gate *g, bool abort)
{
	pthread_mutex_lock(&g->lock);
	if (abort)
		g->abort = true;
	else
		g->open = true;
	pthread_cond_broadcast(&g->cond);
	pthread_mutex_unlock(&g->lock);
}

/* Body of a worker thread: the loop, then its own CPU time and switches. */
static void *kg_sys_worker_fn(void *data)
{
	struct kg_sys_worker *w = data;
	struct rusage r0, r1;

	if (!kg_sys_gate_wait(w->gate))
		return NULL;
	getrusage(RUSAGE_THREAD, &r0);
	kg_sys_loop(w);
	getrusage(RUSAGE_THREAD, &r1);
	w->res.cpu_usr_ns = kg_sys_tv_ns(&r1.ru_utime) - kg_sys_tv_ns(&r0.ru_utime);
	w->res.cpu_sys_ns = kg_sys_tv_ns(&r1.ru_stime) - kg_sys_tv_ns(&r0.ru_stime);
	w->res.ctx_vol = r1.ru_nvcsw - r0.ru_nvcsw;
	w->res.ctx_invol = r1.ru_nivcsw - r0.ru_nivcsw;
	return NULL;
}

/* Moves a finished worker's results into @out; the samples change owner. */
static void kg_sys_worker_result(struct kg_sys_worker *w, struct kg_worker *out)
{
	int d;

	for (d = 0; d < 3; d++) {
		w->res.dir[d] = w->stats[d].d;
		w->res.dir[d].lat_sumsq = (long double)w->stats[d].sq;
	}
	w->res.digest = w->wl.digest;
	w->res.issued = w->wl.issued;
	*out = w->res;
	w->res.samples = NULL;
}

/* ---- the run ------------------------------------------------------------ */

/* Everything a run holds, for one place to undo it. */
struct kg_sys_run {
	struct kg_sys_target targets[KG_MAX_JOBS];
	struct kg_sys_worker **workers;	/* every worker, job by job */
	uint32_t nr_workers;
	uint32_t nr_started;
	struct kg_sys_gate gate;
};

/*
 * Buffers are all allocated and touched before the clock starts, so a
 * request for more than the machine can hold is refused up front rather
 * than met by the OOM killer; half of RAM leaves room for the page cache.
 */
static int kg_sys_check_mem(const struct kg_jobs *js, const struct kg_sys_run *run)
{
	uint64_t need = 0, have = (uint64_t)sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE);
	uint32_t i;

	for (i = 0; i < js->nr_jobs; i++) {
		const struct kg_job *j = &js->jobs[i];
		const struct kg_sys_engine *eng = run->targets[i].eng;

		if (eng->needs_buffers)
			need += (uint64_t)j->numjobs * (eng->max_depth ?: j->iodepth) *
				kg_sys_buf_len(j->bs);
	}
	if (need <= have / 2)
		return KG_EXIT_OK;
	fprintf(stderr, "kiogen: iodepth: buffers of %" PRIu64 " MiB (numjobs x iodepth x bs) exceed half of this machine's %" PRIu64 " MiB\n",
		need >> 20, have >> 20);
	return KG_EXIT_USAGE;
}

/* Engine, target and workers of every job, or an exit code. */
static int kg_sys_prepare(struct kg_sys_run *run, const struct kg_jobs *js,
			  struct kg_run_result *r)
{
	uint32_t i, k, total = 0;
	int ret;

	for (i = 0; i < js->nr_jobs; i++) {
		const struct kg_job *j = &js->jobs[i];
		struct kg_sys_target *t = &run->targets[i];

		ret = kg_sys_pick_engine(j, t);
		if (!ret)
			ret = kg_sys_check_options(j, t);
		if (!ret)
			ret = kg_sys_target_open(j, t);
		if (ret)
			return ret;
		total += j->numjobs;
		r->jobs[i].workers = calloc(j->numjobs, sizeof(*r->jobs[i].workers));
		if (!r->jobs[i].workers)
			goto err_nomem;
	}
	ret = kg_sys_check_mem(js, run);
	if (ret)
		return ret;
	run->workers = calloc(total, sizeof(*run->workers));
	if (!run->workers)
		goto err_nomem;
	for (i = 0; i < js->nr_jobs; i++) {
		const struct kg_job *j = &js->jobs[i];

		for (k = 0; k < j->numjobs; k++) {
			struct kg_sys_worker *w;

			w = kg_sys_worker_alloc(j, i, k, &run->targets[i]);
			if (!w)
				goto err_nomem;
			run->workers[run->nr_workers++] = w;
			w->gate = &run->gate;
			/* options were checked above: what fails now is the host */
			if (w->eng->init && w->eng->init(w))
				return KG_EXIT_FAIL;
		}
	}
	return KG_EXIT_OK;

err_nomem:
	fprintf(stderr, "kiogen: cannot allocate the workers' buffers: %s\n",
		strerror(ENOMEM));
	return KG_EXIT_FAIL;
}

/* Workers run with SIGINT/SIGTERM blocked: the main thread takes them. */
static int kg_sys_start(struct kg_sys_run *run)
{
	sigset_t block, old;
	uint32_t i;
	int err = 0;

	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	for (i = 0; i < run->nr_workers; i++) {
		struct kg_sys_worker *w = run->workers[i];

		err = pthread_create(&w->thread, NULL, kg_sys_worker_fn, w);
		if (err)
			break;
		run->nr_started++;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err)
		fprintf(stderr, "kiogen: cannot start worker thread %u: %s\n", i,
			strerror(err));
	return err ? KG_EXIT_FAIL : KG_EXIT_OK;
}

static void kg_sys_join(struct kg_sys_run *run)
{
	uint32_t i;

	for (i = 0; i < run->nr_started; i++)
		pthread_join(run->workers[i]->thread, NULL);
	run->nr_started = 0;
}

static void kg_sys_release(struct kg_sys_run *run, const struct kg_jobs *js)
{
	uint32_t i;

	for (i = 0; i < run->nr_workers; i++)
		kg_sys_worker_free(run->workers[i]);
	free(run->workers);
	for (i = 0; i < js->nr_jobs; i++)
		if (run->targets[i].fd >= 0)
			close(run->targets[i].fd);
	pthread_cond_destroy(&run->gate.cond);
	pthread_mutex_destroy(&run->gate.lock);
}

/* Results of every worker into @r, and the run's outcome as the kernel's. */
static void kg_sys_collect(struct kg_sys_run *run, const struct kg_jobs *js,
			   struct kg_run_result *r)
{
	const struct kg_sys_worker *failed = NULL;
	uint32_t i;

	for (i = 0; i < run->nr_workers; i++) {
		struct kg_sys_worker *w = run->workers[i];

		kg_sys_worker_result(w, &r->jobs[w->job_index].workers[w->index]);
		/* job by job, worker by worker: the first error as the kernel's */
		if (w->res.error && !failed)
			failed = w;
	}
	for (i = 0; i < js->nr_jobs; i++) {
		r->jobs[i].job = &js->jobs[i];
		r->jobs[i].nr_workers = js->jobs[i].numjobs;
	}
	r->nr_jobs = js->nr_jobs;
	if (failed)
		r->error = failed->res.error;
	if (kg_interrupt_pending())
		r->state = KIOGEN_STATE_STOPPED;
	else if (r->error)
		r->state = KIOGEN_STATE_FAILED;
	else
		r->state = KIOGEN_STATE_DONE;
	if (!failed)
		return;
	fprintf(stderr, "kiogen: %s: worker %u failed: %s\n",
		failed->job->name, failed->index, strerror(-r->error));
	if (r->error == -EOPNOTSUPP && failed->job->hipri)
		fprintf(stderr, "kiogen: %s: hipri: the target does not support polled I/O\n",
			failed->job->name);
}

int kg_syscall_run(const struct kg_jobs *js, struct kg_run_result *r)
{
	struct kg_sys_run *run;
	uint64_t t0, t0_ms;
	uint32_t i;
	int ret;

	memset(r, 0, sizeof(*r));
	run = calloc(1, sizeof(*run));
	if (!run) {
		fprintf(stderr, "kiogen: out of memory\n");
		return KG_EXIT_FAIL;
	}
	pthread_mutex_init(&run->gate.lock, NULL);
	pthread_cond_init(&run->gate.cond, NULL);
	for (i = 0; i < KG_MAX_JOBS; i++)
		run->targets[i].fd = -1;

	ret = kg_sys_prepare(run, js, r);
	if (ret)
		goto err_release;
	ret = kg_sys_start(run);
	if (ret) {
		kg_sys_gate_set(&run->gate, true);
		kg_sys_join(run);
		goto err_release;
	}

	kg_disks_read(r, js, false, 0);
	t0_ms = kg_now_ms();
	t0 = kg_sys_now_ns();
	kg_sys_gate_set(&run->gate, false);
	kg_sys_join(run);
	r->elapsed_ns = kg_sys_now_ns() - t0;
	kg_disks_read(r, js, true, t0_ms);
	if (kg_interrupt_pending())
		fprintf(stderr, "kiogen: interrupted, reporting what completed\n");

	kg_sys_collect(run, js, r);
	kg_sys_release(run, js);
	free(run);
	return r->error ? KG_EXIT_FAIL : KG_EXIT_OK;

err_release:
	kg_sys_release(run, js);
	free(run);
	for (i = 0; i < KG_MAX_JOBS; i++) {
		free(r->jobs[i].workers);
		r->jobs[i].workers = NULL;
	}
	r->nr_disks = 0;
	return ret;
}
