// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host unit tests of include/kiogen/log.h, the windows behind fio's log
 * files: kiogen's buckets are fio's plat_val_to_idx() bins (capped at fio's
 * last), windows hold cumulative counters at their ends, the histogram log
 * holds each window's grown buckets only, a direction without I/O gets no
 * record, and a full buffer loses windows without corrupting the next ones.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kiogen/core.h>
#include <kiogen/rng.h>

#include "tap.h"

#define MS		1000000ULL
#define FIO_PLAT_BITS	6
#define FIO_PLAT_VAL	(1 << FIO_PLAT_BITS)
#define FIO_PLAT_NR	(29 * FIO_PLAT_VAL)

/* fio 3.33 stat.c's plat_val_to_idx(), as written there */
static unsigned int fio_plat_val_to_idx(unsigned long long val)
{
	unsigned int msb, error_bits, base, offset, idx;

	if (val == 0)
		msb = 0;
	else
		msb = (sizeof(val) * 8) - __builtin_clzll(val) - 1;
	if (msb <= FIO_PLAT_BITS)
		return val;
	error_bits = msb - FIO_PLAT_BITS;
	base = (error_bits + 1) << FIO_PLAT_BITS;
	offset = (FIO_PLAT_VAL - 1) & (val >> error_bits);
	idx = (base + offset) < (FIO_PLAT_NR - 1) ? (base + offset) : (FIO_PLAT_NR - 1);
	return idx;
}

static unsigned int as_fio(__u32 idx)
{
	return idx < FIO_PLAT_NR ? idx : FIO_PLAT_NR - 1;
}

static int t_fio_bins(const void *arg)
{
	struct kiog_rng rng;
	__u64 v;
	int i;

	(void)arg;
	for (v = 0; v < (1ULL << 22); v++)
		CHECK(as_fio(kiog_hist_idx(v)) == fio_plat_val_to_idx(v),
		      "%llu ns: kiogen %u, fio %u", (unsigned long long)v,
		      as_fio(kiog_hist_idx(v)), fio_plat_val_to_idx(v));
	kiog_rng_seed(&rng, 14);
	for (i = 0; i < 1000000; i++) {
		v = kiog_rng_next(&rng) >> (kiog_rng_next(&rng) % 64);
		CHECK(as_fio(kiog_hist_idx(v)) == fio_plat_val_to_idx(v),
		      "%llu ns: kiogen %u, fio %u", (unsigned long long)v,
		      as_fio(kiog_hist_idx(v)), fio_plat_val_to_idx(v));
	}
	return T_PASS;
}

static struct kiog_dir_stats st[KIOGEN_DIR_MAX + 1];

static void io(int dir, __u64 lat)
{
	kiog_core_dir_add(&st[dir], 0, lat, 4096, 0);
}

static int t_windows(const void *arg)
{
	struct kiogen_log_window win[8], last;
	struct kiog_log l = { 0 };

	(void)arg;
	memset(st, 0, sizeof(st));
	CHECK(kiog_log_windows(500 * MS, 2000 * MS) == 6, "room: %u",
	      kiog_log_windows(500 * MS, 2000 * MS));
	CHECK(kiog_log_windows(0, 2000 * MS) == 0, "no log, no room");
	kiog_log_init(&l, 500 * MS, 0, 1, 2000 * MS, win, NULL, NULL);
	kiog_log_start(&l, 1000 * MS);
	io(0, 100);
	io(0, 300);
	kiog_log_lat(&l, 0, 0, 100);
	kiog_log_lat(&l, 0, 0, 300);
	kiog_log_tick(&l, st, 1499 * MS);
	CHECK(l.nr_win == 0, "a window before its end");
	io(1, 50);
	kiog_log_lat(&l, 1, 0, 50);
	/* a stall over two windows: both are kept, the second without I/O */
	kiog_log_tick(&l, st, 2000 * MS);
	CHECK(l.nr_win == 2, "%u windows after 1 s", l.nr_win);
	CHECK(win[0].t_ns == 500 * MS && win[1].t_ns == 1000 * MS, "window ends");
	CHECK(win[0].ios[0] == 2 && win[0].bytes[0] == 8192 && win[0].ios[1] == 1,
	      "cumulative counters");
	CHECK(win[0].lat_sum[0][KIOGEN_LOG_CLAT] == 400 &&
	      win[0].lat_sum[0][KIOGEN_LOG_LAT] == 400, "latency sums");
	CHECK(win[0].lat_max[0][KIOGEN_LOG_CLAT] == 300 && win[1].lat_max[0][KIOGEN_LOG_CLAT] == 0,
	      "maxima per window: %llu, %llu",
	      (unsigned long long)win[0].lat_max[0][KIOGEN_LOG_CLAT],
	      (unsigned long long)win[1].lat_max[0][KIOGEN_LOG_CLAT]);
	CHECK(win[1].ios[0] == 2, "a window without I/O repeats the counters");
	io(0, 700);
	kiog_log_lat(&l, 0, 0, 700);
	kiog_log_window_fill(&l, st, 1200 * MS, &last);
	CHECK(last.ios[0] == 3 && last.lat_max[0][KIOGEN_LOG_CLAT] == 700,
	      "the open window at the end");
	return T_PASS;
}

/*
 * A log whose windows outlast its room (a size-bound job: 4096 windows)
 * merges pairs into windows twice as long: none is lost, the counters stay
 * cumulative at the window ends, the maxima are the pair's largest.
 */
static int t_coarsen(const void *arg)
{
	static struct kiogen_log_window win[KIOG_LOG_UNTIMED];
	struct kiog_log l = { 0 };
	__u64 t, last_t = 0, last_ios = 0;
	__u32 i;

	(void)arg;
	memset(st, 0, sizeof(st));
	CHECK(kiog_log_windows(500 * MS, 2000 * MS) == 6 &&
	      kiog_log_windows(400 * MS, 2000 * MS) == 8 &&
	      kiog_log_windows(1 * MS, 0) == KIOG_LOG_UNTIMED &&
	      kiog_log_windows(1 * MS, 3600000 * MS) == KIOG_LOG_MAX_WINDOWS,
	      "room: %u %u, even", kiog_log_windows(500 * MS, 2000 * MS),
	      kiog_log_windows(400 * MS, 2000 * MS));
	kiog_log_init(&l, 1 * MS, 0, 1, 0, win, NULL, NULL);
	kiog_log_start(&l, 0);
	/* the repro: 6000 I/Os at 1000/s, 1 ms windows */
	for (t = 1; t <= 6000; t++) {
		io(0, t == 4321 ? 99999 : 10);
		kiog_log_lat(&l, 0, 0, t == 4321 ? 99999 : 10);
		kiog_log_tick(&l, st, t * MS);
	}
	CHECK(l.avg_ns == 2 * MS && l.nr_win == 3000,
	      "window %llu ns, %u windows", (unsigned long long)l.avg_ns, l.nr_win);
	for (i = 0; i < l.nr_win; i++) {
		CHECK(win[i].t_ns == (i + 1) * 2 * MS && win[i].t_ns > last_t,
		      "window %u ends at %llu", i, (unsigned long long)win[i].t_ns);
		CHECK(win[i].ios[0] - last_ios == 2, "window %u: %llu I/Os", i,
		      (unsigned long long)(win[i].ios[0] - last_ios));
		CHECK(win[i].lat_max[0][KIOGEN_LOG_CLAT] == (i == 2160 ? 99999 : 10),
		      "window %u: max %llu", i,
		      (unsigned long long)win[i].lat_max[0][KIOGEN_LOG_CLAT]);
		last_t = win[i].t_ns;
		last_ios = win[i].ios[0];
	}
	CHECK(last_ios == 6000, "the windows add up: %llu", (unsigned long long)last_ios);
	/* a stall of many windows coarsens again and keeps going */
	kiog_log_tick(&l, st, 100000 * MS);
	CHECK(l.avg_ns == 32 * MS && l.nr_win == 3125 && win[l.nr_win - 1].ios[0] == 6000,
	      "after a stall: window %llu ns, %u windows",
	      (unsigned long long)l.avg_ns, l.nr_win);
	return T_PASS;
}

static __u64 prev[KIOG_LOG_HIST_PREV];
static __u32 hbuf[4 * KIOG_LOG_HIST_REC];

static int t_hist(const void *arg)
{
	const struct kiogen_log_hist *h;
	struct kiog_log l = { 0 };
	__u32 *p;

	(void)arg;
	memset(st, 0, sizeof(st));
	memset(prev, 0, sizeof(prev));
	CHECK(kiog_log_hist_words(500 * MS, 1000 * MS) == 4 * KIOGEN_DATA_DIRS * KIOG_LOG_HIST_REC,
	      "room: %u", kiog_log_hist_words(500 * MS, 1000 * MS));
	kiog_log_init(&l, 0, 500 * MS, 0, 1000 * MS, NULL, prev, hbuf);
	/* room for the first window, and for one record of the second */
	l.hist_cap = KIOG_LOG_HIST_REC + 11;
	kiog_log_start(&l, 0);
	io(0, 100);
	io(0, 100);
	io(0, 5000);
	kiog_log_tick(&l, st, 500 * MS);
	/* reads only: one record, two buckets */
	h = (const void *)hbuf;
	p = hbuf + 3;
	CHECK(h->t_ms == 500 && h->dir == 0 && h->nr == 2, "record %u %u %u",
	      h->t_ms, h->dir, h->nr);
	CHECK(p[0] == kiog_hist_idx(100) && p[1] == 2 && p[2] == kiog_hist_idx(5000) && p[3] == 1,
	      "pairs %u:%u %u:%u", p[0], p[1], p[2], p[3]);
	CHECK(l.hist_len == 3 + 4, "no record for writes without I/O: %u", l.hist_len);
	io(0, 5000);
	io(1, 9);
	kiog_log_tick(&l, st, 1000 * MS);
	h = (const void *)(hbuf + 7);
	CHECK(h->t_ms == 1000 && h->dir == 0 && h->nr == 1 && hbuf[10] == kiog_hist_idx(5000) &&
	      hbuf[11] == 1, "the second window holds what grew since the first");
	CHECK(l.hist_lost == 1, "the write record found no room: %u lost", l.hist_lost);
	/* what was lost does not come back in a later window */
	l.hist_cap = sizeof(hbuf) / sizeof(hbuf[0]);
	io(1, 9);
	kiog_log_tick(&l, st, 1500 * MS);
	h = (const void *)(hbuf + 12);
	CHECK(h->dir == 1 && h->nr == 1 && hbuf[16] == 1,
	      "after a lost window, the next counts its own I/O only");
	/* trims get records of their own, fio's ddir 2 */
	io(KIOGEN_DIR_TRIM, 300);
	kiog_log_tick(&l, st, 2000 * MS);
	h = (const void *)(hbuf + 17);
	CHECK(h->t_ms == 2000 && h->dir == KIOGEN_DIR_TRIM && h->nr == 1 &&
	      hbuf[20] == kiog_hist_idx(300) && hbuf[21] == 1,
	      "a trim window: record %u %u %u", h->t_ms, h->dir, h->nr);
	return T_PASS;
}

static struct kiogen_log_io ring[8];

/*
 * The per-I/O ring: a full ring counts what it cannot hold as lost and
 * overwrites nothing the reader has not taken; the reader gets the samples
 * in order, in at most two runs across the ring's end, also when the
 * 32-bit positions wrap.
 */
static int t_ring(const void *arg)
{
	struct kiog_log l = { 0 };
	__u32 first, n, i, got = 0;

	(void)arg;
	CHECK(kiog_log_ring_size(0) == 0 && kiog_log_ring_size(1) == 1 &&
	      kiog_log_ring_size(5) == 8 && kiog_log_ring_size(8) == 8 &&
	      kiog_log_ring_size(KIOGEN_MAX_LOG_RING) == KIOGEN_MAX_LOG_RING,
	      "sizes round up to a power of two");
	kiog_log_io(&l, 0, 1, 2, 3, 4, 5);
	CHECK(!l.io_lost && !l.io_head, "no ring: nothing kept, nothing lost");
	kiog_log_io_init(&l, ring, 8);
	/* positions about to wrap */
	l.io_head = l.io_tail = 0xfffffffdU;
	for (i = 0; i < 10; i++)
		kiog_log_io(&l, i & 1, i, i * 4096, 4096, 1, 100 + i);
	kiog_log_io(&l, KIOGEN_DIR_SYNC, 10, 0, 0, 0, 0);
	CHECK(l.io_lost == 2, "10 I/Os into 8 places: %llu lost",
	      (unsigned long long)l.io_lost);
	n = kiog_log_io_peek(&l, &first);
	CHECK(first == 5 && n == 3, "the first run to the ring's end: %u from %u", n, first);
	for (i = 0; i < n; i++, got++)
		CHECK(ring[first + i].offset == got * 4096 && ring[first + i].dir == (got & 1),
		      "sample %u in order", got);
	kiog_log_io_take(&l, n);
	kiog_log_io(&l, 0, 11, 11 * 4096, 4096, 1, 111);
	CHECK(l.io_lost == 2, "room again after a take");
	n = kiog_log_io_peek(&l, &first);
	CHECK(first == 0 && n == 6, "the second run from the ring's start: %u from %u", n, first);
	for (i = 0; i < n; i++, got++)
		CHECK(ring[i].offset == (got < 8 ? got : 11) * 4096, "sample %u in order", got);
	kiog_log_io_take(&l, n);
	CHECK(kiog_log_io_peek(&l, &first) == 0 && l.io_tail == l.io_head,
	      "all taken, across the wrap: tail %u head %u", l.io_tail, l.io_head);
	return T_PASS;
}

static const struct tcase cases[] = {
	{ "per-I/O ring: bounded, losses counted, in order across its end and the wrap", t_ring, NULL },
	{ "kiogen's buckets are fio's plat_val_to_idx() bins, capped at fio's last", t_fio_bins, NULL },
	{ "log windows: cumulative at their ends, maxima their own", t_windows, NULL },
	{ "log windows past their room: pairs merged, windows doubled, none lost", t_coarsen, NULL },
	{ "histogram log: grown buckets per window, none for an idle direction, losses bounded", t_hist, NULL },
};

int main(void)
{
	return run_cases(cases, ARRAY_SIZE(cases));
}
