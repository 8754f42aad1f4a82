/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The windows behind fio's log files (write_bw_log, write_iops_log,
 * write_lat_log with log_avg_msec; write_hist_log with log_hist_msec), kept
 * by the worker core (core.h) of the kernel's and the syscall worker alike.
 * Nothing is added per I/O except, with log_max_value, three comparisons:
 * at the end of each window the worker's cumulative counters and latency
 * sums are copied (struct kiogen_log_window), and the clat histograms are
 * compared with their copy from the last window, the buckets that grew
 * being appended to a bounded buffer (struct kiogen_log_hist records). The
 * CLI takes differences of consecutive windows and writes fio's files
 * (ctl/report/log.c). All room is allocated before the clock starts: when the
 * windows fill it, pairs are merged into windows twice as long (the log
 * coarsens, nothing is lost); histogram windows past it are counted as lost.
 * Freestanding and 32-bit safe, like core.h, which includes this after
 * struct kiog_dir_stats.
 */
#ifndef _KIOGEN_LOG_H
#define _KIOGEN_LOG_H

#include <linux/types.h>
#include <linux/kiogen.h>

#include "div64.h"
#include "hist.h"

#define KIOG_LOG_MAX_WINDOWS	65536	/* windows a worker keeps, even */
#define KIOG_LOG_UNTIMED	4096	/* windows of a run without runtime, even */
#define KIOG_LOG_HIST_WORDS	((__u32)1 << 20)	/* u32s of histogram log: 4 MiB */
/* a histogram record of one direction at most: header, every bucket */
#define KIOG_LOG_HIST_REC	(3 + 2 * KIOG_HIST_BUCKETS)
/* u64s of a worker's last histograms (struct kiog_log's @hist_prev) */
#define KIOG_LOG_HIST_PREV	(KIOGEN_DATA_DIRS * KIOG_HIST_BUCKETS)

/**
 * struct kiog_log - a worker's log windows
 * @avg_ns: window of @win, log_avg_msec doubled once per coarsening; 0: none
 * @hist_ns: window of @hist; 0: none kept
 * @max: keep each window's largest latencies (log_max_value)
 * @start: clock point the windows count from (the ramp's end)
 * @next_avg: clock point @win's next window ends
 * @next_hist: clock point the next histogram window ends
 * @win: cumulative counters at the end of each window
 * @nr_win: windows in @win
 * @max_win: room in @win
 * @cur_max: the open window's largest slat, clat, lat per direction
 * @hist_prev: the clat histograms of the data directions at the last window
 * @hist: struct kiogen_log_hist records, each with its pairs
 * @hist_len: u32s used in @hist
 * @hist_cap: room in @hist
 * @hist_lost: histogram windows that found no room
 * @io: ring of the per-I/O samples (log_avg_msec=0); NULL: none kept
 * @io_mask: samples in @io, a power of two, less one
 * @io_head: samples written, modulo 2^32 (the worker's; release)
 * @io_tail: samples taken, modulo 2^32 (the reader's; release)
 * @io_lost: samples that found @io full
 */
struct kiog_log {
	__u64 avg_ns, hist_ns;
	__u8 max;
	__u64 start, next_avg, next_hist;
	struct kiogen_log_window *win;
	__u32 nr_win, max_win;
	__u64 cur_max[KIOGEN_DATA_DIRS][3];
	__u64 *hist_prev;
	__u32 *hist;
	__u32 hist_len, hist_cap, hist_lost;
	struct kiogen_log_io *io;
	__u32 io_mask;
	__u32 io_head, io_tail;
	__u64 io_lost;
};

/**
 * kiog_log_windows() - room for the log windows of a worker
 * @window: ns, log_avg_msec; 0: no log
 * @runtime: ns after the ramp the worker issues; 0: no limit
 *
 * Return: windows to allocate, one more than fit in the runtime rounded up
 * to an even number (kiog_log_coarsen() merges pairs), at most
 * KIOG_LOG_MAX_WINDOWS; KIOG_LOG_UNTIMED without a runtime.
 */
static inline __u32 kiog_log_windows(__u64 window, __u64 runtime)
{
	__u64 n;

	if (!window)
		return 0;
	n = runtime ? (kiog_div64(runtime, window) + 3) & ~1ULL : KIOG_LOG_UNTIMED;
	return n < KIOG_LOG_MAX_WINDOWS ? (__u32)n : KIOG_LOG_MAX_WINDOWS;
}

/**
 * kiog_log_hist_words() - room for the histogram log of a worker
 * @window: ns, log_hist_msec; 0: no histogram log
 * @runtime: ns, as kiog_log_windows()
 *
 * Return: u32s to allocate: every bucket of each data direction in each
 * window, at most KIOG_LOG_HIST_WORDS.
 */
static inline __u32 kiog_log_hist_words(__u64 window, __u64 runtime)
{
	__u64 n = (__u64)kiog_log_windows(window, runtime) * KIOGEN_DATA_DIRS *
		  KIOG_LOG_HIST_REC;

	return n < KIOG_LOG_HIST_WORDS ? (__u32)n : KIOG_LOG_HIST_WORDS;
}

/**
 * kiog_log_init() - set a worker's log up, before its clock starts
 * @l: the log, zeroed
 * @avg_ns: log_avg_msec in ns; 0: none
 * @hist_ns: log_hist_msec in ns; 0: none
 * @max: log_max_value
 * @runtime: ns, the worker's runtime (0: none)
 * @win: room for kiog_log_windows() windows, or NULL without @avg_ns
 * @hist_prev: room for KIOG_LOG_HIST_PREV u64s, zeroed, or NULL
 *	without @hist_ns
 * @hist: room for kiog_log_hist_words() u32s, or NULL without @hist_ns
 */
void kiog_log_init(struct kiog_log *l, __u64 avg_ns, __u64 hist_ns,
		   int max, __u64 runtime,
		   struct kiogen_log_window *win, __u64 *hist_prev,
		   __u32 *hist);

/* The worker's clock starts: windows count from @start, the ramp's end. */
static inline void kiog_log_start(struct kiog_log *l, __u64 start)
{
	l->start = start;
	l->next_avg = start + l->avg_ns;
	l->next_hist = start + l->hist_ns;
}

/* A counted I/O of @dir (read, write or trim): the window's largest latencies. */
static inline void kiog_log_lat(struct kiog_log *l, __u8 dir, __u64 slat,
				__u64 clat)
{
	__u64 *m;

	if (dir >= KIOGEN_DATA_DIRS)
		return;
	m = l->cur_max[dir];
	if (slat > m[KIOGEN_LOG_SLAT])
		m[KIOGEN_LOG_SLAT] = slat;
	if (clat > m[KIOGEN_LOG_CLAT])
		m[KIOGEN_LOG_CLAT] = clat;
	if (slat + clat > m[KIOGEN_LOG_LAT])
		m[KIOGEN_LOG_LAT] = slat + clat;
}

/**
 * kiog_log_window_fill() - a window's counters from a worker's statistics
 * @l: the log; its open window's maxima go into @w
 * @st: the worker's statistics, by enum kiogen_dir
 * @t_ns: end of the window, after @l->start
 * @w: filled in
 */
static inline void kiog_log_window_fill(const struct kiog_log *l,
					const struct kiog_dir_stats *st,
					__u64 t_ns, struct kiogen_log_window *w)
{
	int d, k;

	w->t_ns = t_ns;
	for (d = 0; d < KIOGEN_DATA_DIRS; d++) {
		w->ios[d] = st[d].ios;
		w->bytes[d] = st[d].bytes;
		w->lat_sum[d][KIOGEN_LOG_SLAT] = st[d].slat.sum;
		w->lat_sum[d][KIOGEN_LOG_CLAT] = st[d].clat.sum;
		w->lat_sum[d][KIOGEN_LOG_LAT] = st[d].lat.sum;
		for (k = 0; k < 3; k++)
			w->lat_max[d][k] = l->cur_max[d][k];
	}
}

/* One direction's histogram window: the buckets that grew since the last. */
static inline void kiog_log_hist_dir(struct kiog_log *l, const __u64 *clat_hist,
				     __u32 dir, __u32 t_ms)
{
	__u64 *prev = l->hist_prev + dir * KIOG_HIST_BUCKETS;
	struct kiogen_log_hist *rec;
	__u32 i, nr = 0, at = l->hist_len;
	int room = l->hist_cap - at >= KIOG_LOG_HIST_REC;

	if (room)
		at += sizeof(*rec) / sizeof(__u32);
	for (i = 0; i < KIOG_HIST_BUCKETS; i++) {
		__u64 n = clat_hist[i] - prev[i];

		if (!n)
			continue;
		prev[i] = clat_hist[i];
		nr++;
		if (!room)
			continue;
		l->hist[at++] = i;
		l->hist[at++] = n > 0xffffffffULL ? 0xffffffffU : (__u32)n;
	}
	if (!nr)	/* as fio: no line for a direction without I/O */
		return;
	if (!room) {
		l->hist_lost++;
		return;
	}
	rec = (struct kiogen_log_hist *)&l->hist[l->hist_len];
	rec->t_ms = t_ms;
	rec->dir = dir;
	rec->nr = nr;
	l->hist_len = at;
}

/**
 * kiog_log_coarsen() - the windows are full: merge pairs into windows twice
 *	as long
 * @l: the log, @l->nr_win even and at least 2
 *
 * Counters and sums are cumulative, so a merged window is its second half
 * with the larger maxima of the two. @l->next_avg, the end of the half
 * window now open, becomes the end of the whole one; @l->cur_max goes on
 * collecting its maxima. Once per doubling: a long run keeps every window
 * at the cost of resolution, as a log that halves its rate would.
 */
static inline void kiog_log_coarsen(struct kiog_log *l)
{
	__u32 i, d, k;

	for (i = 0; i < l->nr_win / 2; i++) {
		const struct kiogen_log_window *a = &l->win[2 * i];
		struct kiogen_log_window w = l->win[2 * i + 1];

		for (d = 0; d < KIOGEN_DATA_DIRS; d++)
			for (k = 0; k < 3; k++)
				if (a->lat_max[d][k] > w.lat_max[d][k])
					w.lat_max[d][k] = a->lat_max[d][k];
		l->win[i] = w;
	}
	l->nr_win /= 2;
	l->next_avg += l->avg_ns;
	l->avg_ns *= 2;
}

/**
 * kiog_log_tick() - time passes: close the windows that ended
 * @l: the log
 * @st: the worker's statistics, by enum kiogen_dir
 * @now: ns, the worker's clock
 *
 * Windows without a tick in them (a stall) are kept, and their counters
 * repeat: the CLI sees no I/O in them. A full log coarsens
 * (kiog_log_coarsen()) rather than drop windows.
 */
static inline void kiog_log_tick(struct kiog_log *l,
				 const struct kiog_dir_stats *st, __u64 now)
{
	while (l->avg_ns && now >= l->next_avg) {
		if (l->nr_win >= l->max_win) {
			kiog_log_coarsen(l);
			continue;
		}
		kiog_log_window_fill(l, st, l->next_avg - l->start,
				     &l->win[l->nr_win++]);
		__builtin_memset(l->cur_max, 0, sizeof(l->cur_max));
		l->next_avg += l->avg_ns;
	}
	/*
	 * One histogram window at most per tick: the ones after it saw no
	 * completion, so they have no record, and a tiny log_hist_msec cannot
	 * make the worker scan the histograms once per window it slept through.
	 */
	if (l->hist_ns && now >= l->next_hist) {
		__u32 t_ms = (__u32)kiog_div64(l->next_hist - l->start, 1000000);
		__u32 d;

		for (d = 0; d < KIOGEN_DATA_DIRS; d++)
			kiog_log_hist_dir(l, st[d].clat_hist, d, t_ms);
		l->next_hist += (kiog_div64(now - l->next_hist, l->hist_ns) + 1) *
				l->hist_ns;
	}
}

/*
 * The per-I/O ring is written by the worker alone and read by one reader at
 * a time (the kernel's dump for the run's owner, or the syscall worker
 * itself): the index each publishes is stored with release, the other's is
 * read with acquire, so a sample is whole before its reader sees it and its
 * room is free before the writer reuses it. 32-bit indices: one store each.
 */
#ifdef __KERNEL__
#include <asm/barrier.h>
/* the other side's index: pairs with its KIOG_LOG_RELEASE() */
#define KIOG_LOG_ACQUIRE(p)		smp_load_acquire(p)
/* one's own index, after the samples it covers: pairs with KIOG_LOG_ACQUIRE() */
#define KIOG_LOG_RELEASE(p, v)		smp_store_release(p, v)
#else
#define KIOG_LOG_ACQUIRE(p)		__atomic_load_n(p, __ATOMIC_ACQUIRE)
#define KIOG_LOG_RELEASE(p, v)		__atomic_store_n(p, v, __ATOMIC_RELEASE)
#endif

/**
 * kiog_log_ring_size() - samples of a per-I/O ring
 * @n: samples asked for (log_ring), at most KIOGEN_MAX_LOG_RING
 *
 * Return: @n rounded up to a power of two; 0 for 0.
 */
static inline __u32 kiog_log_ring_size(__u32 n)
{
	__u32 sz = 1;

	if (!n)
		return 0;
	while (sz < n)
		sz <<= 1;
	return sz;
}

/*
 * Set a per-I/O ring of kiog_log_ring_size() samples up (@io: NULL, none),
 * after kiog_log_init().
 */
static inline void kiog_log_io_init(struct kiog_log *l, struct kiogen_log_io *io,
				    __u32 size)
{
	if (!size)
		return;
	l->io = io;
	l->io_mask = size - 1;
}

/**
 * kiog_log_io() - one counted I/O into the per-I/O ring, or count it lost
 * @l: the log
 * @dir: read, write or trim
 * @t_ns: its completion, after the ramp's end
 * @offset: bytes
 * @bytes: transferred
 * @slat: ns
 * @clat: ns
 */
static inline void kiog_log_io(struct kiog_log *l, __u8 dir, __u64 t_ns,
			       __u64 offset, __u32 bytes, __u64 slat, __u64 clat)
{
	__u32 head = l->io_head;
	struct kiogen_log_io *s;

	if (!l->io || dir >= KIOGEN_DATA_DIRS)
		return;
	if (head - KIOG_LOG_ACQUIRE(&l->io_tail) > l->io_mask) {
		l->io_lost++;
		return;
	}
	s = &l->io[head & l->io_mask];
	s->t_ns = t_ns;
	s->offset = offset;
	s->slat_ns = slat;
	s->clat_ns = clat;
	s->bytes = bytes;
	s->dir = dir;
	KIOG_LOG_RELEASE(&l->io_head, head + 1);
}

/**
 * kiog_log_io_peek() - the samples a reader may take, in at most two runs
 * @l: the log
 * @first: set to the ring index of the oldest sample not taken
 *
 * Return: samples from @first to the end of the ring or the newest,
 * whichever comes first; 0 when none is waiting. Copy them out, then give
 * them back with kiog_log_io_take().
 */
static inline __u32 kiog_log_io_peek(const struct kiog_log *l, __u32 *first)
{
	__u32 tail = l->io_tail, n = KIOG_LOG_ACQUIRE(&l->io_head) - tail;
	__u32 to_end;

	*first = tail & l->io_mask;
	to_end = l->io_mask + 1 - *first;
	return n < to_end ? n : to_end;
}

/* The reader is done with @n samples from the oldest: the worker may reuse them. */
static inline void kiog_log_io_take(struct kiog_log *l, __u32 n)
{
	KIOG_LOG_RELEASE(&l->io_tail, l->io_tail + n);
}

#endif /* _KIOGEN_LOG_H */
