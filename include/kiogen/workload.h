/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Workload generator shared by kiogen's kernel module and CLI: given a job's
 * rw pattern, block size, region and seed, it yields the offset, length and
 * direction of each I/O, in fio's semantics. Kernel workers and the CLI's
 * syscall engines run this same code, so one seed gives one I/O stream on
 * both sides, and the running digest proves it. Integer-only, O(1) state,
 * no allocation; one generator per worker, not thread-safe.
 */
#ifndef _KIOGEN_WORKLOAD_H
#define _KIOGEN_WORKLOAD_H

#include <linux/types.h>
#include <linux/kiogen.h>

#include "dist.h"
#include "job.h"
#include "rng.h"

#define KIOG_WL_ROUNDS		4	/* Feistel rounds of the random map */
#define KIOG_WL_DIR_STREAM	0x646972ULL	/* "dir": seeds the rwmix stream */
#define KIOG_WL_SEQ_STREAM	0x736571ULL	/* "seq": percentage_random's */
#define KIOG_WL_FILE_STREAM	0x66696c65ULL	/* "file": file_service_type=random */
#define KIOG_RW_SEQ_IDENTICAL	1	/* rw_sequencer=identical */

/**
 * struct kiog_wl_cfg - what a worker's I/O stream looks like
 * @rw: access pattern, enum kiogen_rw
 * @rwmixread: percent of I/Os that read, 0..100; for RW and RANDRW only
 * @bs: block size in bytes, > 0
 * @offset: start of the region in bytes
 * @size: length of the region in bytes, >= @bs; a tail shorter than @bs is
 *	never touched
 * @seed: this worker's seed, see kiog_wl_worker_seed()
 * @norandommap: random modes draw blocks uniformly with replacement instead
 *	of visiting every block once per pass (fio's norandommap)
 * @percentage_random: percent of a random mode's I/Os at a random block; the
 *	others take the block after the previous I/O's (fio's percentage_random)
 * @random_distribution: how random modes pick a block, enum
 *	kiogen_random_distribution; all but random draw with replacement
 *	(fio has no random map for them either), see dist.h
 * @dist_param: zipf's theta, pareto's h, normal's deviation, in millionths
 * @zones: zoned's and zoned_abs's zones
 * @bs_write, @bs_max, @bs_write_max, @bssplit, @blocksize_unaligned,
 *	@blockalign, @blockalign_write: the sizes and their alignment, bs.h;
 *	@bs is then the reads' smallest size
 * @rw_seq_nr: a random pattern draws a random offset every this many I/Os,
 *	the others follow @rw_sequencer (fio's rw=randX:N); 0 is 1
 * @rw_seq_add: bytes, a hole after each sequential I/O (fio's rw=X:N)
 * @rw_sequencer: 0: the I/Os between random ones continue from the previous
 *	one; KIOG_RW_SEQ_IDENTICAL: they repeat its offset
 * @offset_increment: not read here; worker N's @offset is offset + N times it
 * @bs_trim: the trims' size, bs.h
 * @file_service_type: enum kiogen_file_service, see kiog_wl_files()
 * @file_service_nr: I/Os to a file before the next is chosen; 0 is 1
 * @openfiles: most files open at once, fio's openfiles; 0 is all
 */
struct kiog_wl_cfg {
	KIOG_JOB_WL_FIELDS(KIOG_JOB_MEMBER)
};

#include "bs.h"	/* takes the config above */

/*
 * The first I/O of a pass over its file, after the first pass: the region
 * wrapped (a sequential stream started over at its start, a random map was
 * walked and a new order begins). fio drops the file's cached pages there
 * (invalidate, see kiog_wl_pass_drops()); the first pass is the one the
 * target's opening dropped them for.
 */
#define KIOG_IO_NEW_PASS	0x01

/**
 * struct kiog_io - one I/O to issue
 * @offset: bytes from the start of the target
 * @len: bytes
 * @dir: KIOGEN_DIR_READ, KIOGEN_DIR_WRITE or KIOGEN_DIR_TRIM
 * @flags: KIOG_IO_*; not in the stream's digest (a function of the stream)
 * @file: which of the worker's files, 0 when it has one (kiog_wl_files())
 */
struct kiog_io {
	__u64 offset;
	__u32 len;
	__u8 dir;
	__u8 flags;
	__u32 file;
};

/**
 * struct kiog_wl_file - where a file of a worker's stream stands
 *
 * The generator holds the current file's position in its own fields and
 * keeps the others' here (fio keeps a position and a random map per file).
 */
struct kiog_wl_file {
	/* private: */
	__u64 next_off, last_off, pos;
	__u64 keys[KIOG_WL_ROUNDS];
	__u64 span, nr_blocks;	/* its region: bytes, blocks */
	__u8 half_bits;		/* its random map's domain */
	__u8 passed;		/* its random map was walked: done */
	__u8 done;		/* skipped until every file is done */
	__u8 new_pass;		/* its next I/O starts a pass again */
	__u8 open;		/* in the window of openfiles */
};

enum kiog_wl_order {
	KIOG_WL_SEQ,		/* blocks 0, 1, 2, ... */
	KIOG_WL_PERM,		/* a fresh permutation of the blocks each pass */
	KIOG_WL_UNIFORM,	/* independent uniform draws */
	KIOG_WL_DIST,		/* draws of random_distribution */
};

/**
 * struct kiog_wl - a worker's generator state
 * @issued: I/Os handed out so far
 * @digest: hash of every I/O handed out, in order (kiog_io_digest())
 */
struct kiog_wl {
	/* private: */
	struct kiog_rng off_rng;	/* offsets: map keys or uniform draws */
	struct kiog_rng dir_rng;	/* read/write choice, apart from offsets */
	struct kiog_rng seq_rng;	/* random or sequential (percentage_random) */
	__u64 next_off;			/* bytes: the previous I/O's end (+ hole) */
	__u64 last_off;			/* bytes: the previous I/O's offset */
	__u64 span;			/* bytes of the region */
	__u64 hole;			/* bytes after each sequential I/O */
	__u64 pass_hole;		/* counted toward size: kiog_wl_count_holes() */
	__u32 seq_nr, seq_left;		/* rw=randX:N: a random one every N */
	__u64 keys[KIOG_WL_ROUNDS];	/* round keys of this pass */
	__u64 base;			/* bytes */
	__u64 nr_blocks;
	__u64 pos;			/* next position within the pass */
	__u32 bs;			/* bytes: the size, or the offsets' unit */
	__u32 rwmixread;		/* percent */
	__u8 perc_rand;			/* percent, of random orders */
	__u8 order;			/* enum kiog_wl_order */
	__u8 plain;			/* KIOG_WL_PERM, one size and direction */
	__u8 dir;			/* fixed direction unless @mixed */
	__u8 mixed;
	__u8 half_bits;			/* permutation domain is 4^half_bits */
	__u8 seq_ident;			/* rw_sequencer=identical */
	__u8 trimwrite;			/* each trim is followed by its write */
	__u8 rewrite;			/* trimwrite: the next I/O writes the last */
	__u32 last_len;			/* bytes: the previous I/O's */
	__u8 passed;			/* a pass of the random map ended */
	__u8 new_pass;			/* the file's next I/O starts a pass again */
	__u8 fst;			/* enum kiogen_file_service */
	__u8 rw;			/* enum kiogen_rw */
	__u32 file_nr;			/* I/Os to a file before another */
	/* several files (kiog_wl_files()); nr_files 1: none of this is used */
	__u32 nr_files, file, file_left, next_file, nr_done;
	__u32 open_max, nr_open;	/* openfiles, and those open */
	struct kiog_wl_file *files;
	struct kiog_rng file_rng;
	/* public: */
	__u64 issued;
	__u64 digest;
	/* private: */
	struct kiog_bs sizes;		/* when sizes.variable */
	struct kiog_dist dist;		/* KIOG_WL_DIST, last: the rest is hot */
};

/**
 * kiog_wl_worker_seed() - seed of one worker from the job's randseed
 * @randseed: fio's randseed for the run
 * @job: job index in the run
 * @worker: worker index in the job
 *
 * Return: a seed for &kiog_wl_cfg.seed, distinct for every (job, worker).
 */
static inline __u64 kiog_wl_worker_seed(__u64 randseed, __u32 job, __u32 worker)
{
	return kiog_seed_mix(randseed, (__u64)job << 32 | worker);
}

/**
 * kiog_io_digest() - fold one I/O into a stream digest
 * @digest: digest of the stream so far, 0 for an empty stream
 * @io: the next I/O of the stream
 *
 * The CLI uses this to digest a stream it replays or reads back, for
 * comparison with &kiog_wl.digest from the module. The I/O is hashed on its
 * own and the chain step is a bijection of the running value, so the per-call
 * dependency chain stays a few cycles long, and two streams that differ in a
 * single I/O never share a digest (unless their hashes collide).
 *
 * Return: the digest of the stream extended by @io.
 */
static inline __u64 kiog_io_digest(__u64 digest, const struct kiog_io *io)
{
	/* file 0 hashes as before files existed */
	__u64 h = __kiog_mix64(io->offset ^
			       ((__u64)io->len << 8 | io->dir) * KIOG_GOLDEN_GAMMA ^
			       (__u64)io->file * 0xd1b54a32d192ed03ULL);

	return __kiog_rotl64(digest ^ h, 27) * 0x9fb21c651e98df25ULL;
}

/* Feistel round function: @half_bits pseudo-random bits of (@r, @key) */
static inline __u64 __kiog_wl_round(__u64 r, __u64 key, unsigned int half_bits)
{
	__u64 x = (r ^ key) * KIOG_GOLDEN_GAMMA;

	x ^= x >> 32;
	x *= 0xd6e8feb86659fd93ULL;
	return x >> (64 - half_bits);
}

#if KIOG_WL_ROUNDS % 2
#error "__kiog_wl_feistel() takes the rounds in pairs"
#endif

/*
 * A keyed bijection of [0, 4^half_bits): balanced Feistel network. Round i
 * maps (l, r) to (r, l ^ F(r, key i)); a pair of rounds is l ^= F(r, key i),
 * r ^= F(l, key i + 1), with no swap (the moves of a loop over single
 * rounds cost a fifth of a plain random map's I/O).
 */
static inline __u64 __kiog_wl_feistel(const struct kiog_wl *wl, __u64 x)
{
	unsigned int h = wl->half_bits;
	__u64 l = x >> h, r = x & ((1ULL << h) - 1);
	int i;

	for (i = 0; i < KIOG_WL_ROUNDS; i += 2) {
		l ^= __kiog_wl_round(r, wl->keys[i], h);
		r ^= __kiog_wl_round(l, wl->keys[i + 1], h);
	}
	return l << h | r;
}

/*
 * Cycle walking: applying the bijection until the result is below nr_blocks
 * permutes [0, nr_blocks), since following a cycle from a block always
 * reaches a block again. The domain is < 4 * nr_blocks, so this averages
 * fewer than four steps.
 */
static inline __u64 __kiog_wl_permute(const struct kiog_wl *wl, __u64 pos)
{
	do
		pos = __kiog_wl_feistel(wl, pos);
	while (pos >= wl->nr_blocks);
	return pos;
}

static inline void __kiog_wl_rekey(struct kiog_wl *wl)
{
	int i;

	for (i = 0; i < KIOG_WL_ROUNDS; i++)
		wl->keys[i] = kiog_rng_next(&wl->off_rng);
}

/* Does an access pattern (enum kiogen_rw) change the target (a trim does)? Read? */
static inline int kiog_rw_writes(__u32 rw)
{
	return !!(kiog_rw_dirs(rw) & (KIOG_BS_WRITE | KIOG_BS_TRIM));
}

static inline int kiog_rw_reads(__u32 rw)
{
	return !!(kiog_rw_dirs(rw) & KIOG_BS_READ);
}

/**
 * kiog_wl_pass_drops() - does a new pass drop its file's cached pages?
 * @invalidate: fio's invalidate
 * @direct: the job's I/O is O_DIRECT
 * @time_based: the job runs for its runtime
 *
 * fio 3.33's invalidate at each pass: a job that is not time based closes
 * its files after a pass (a loop, or io_size past the region) and reopens
 * them for the next, and every opening drops the file's cache, direct or
 * not (td_io_open_file()); a time based job wraps around inside the pass
 * and drops it there only when buffered (loop_cache_invalidate()).
 *
 * Return: nonzero if an I/O with KIOG_IO_NEW_PASS drops its file's cache
 * first.
 */
static inline int kiog_wl_pass_drops(int invalidate, int direct, int time_based)
{
	return invalidate && (!direct || !time_based);
}

/**
 * kiog_wl_init() - set up a generator
 * @wl: generator to initialise
 * @cfg: the stream to generate; not referenced after return
 *
 * Return: 0, or -1 if @cfg is invalid: bs is 0, size is below the largest
 * size, rw, rwmixread or percentage_random is out of range, the region
 * wraps past 2^64, the sizes fail kiog_bs_check(), the distribution fails
 * kiog_dist_check(), or zoned_abs zones end past the region.
 */
int kiog_wl_init(struct kiog_wl *wl, const struct kiog_wl_cfg *cfg);

/**
 * kiog_wl_files() - spread the stream over several files
 * @wl: initialised by kiog_wl_init(), before its first I/O
 * @files: room for @nr entries, the caller's until the generator is gone
 * @nr: the worker's files; 1 changes nothing
 * @spans: bytes of each file's region from the offset (fio: each file's
 *	own size), each at least the largest I/O; NULL: every file has the
 *	region of kiog_wl_cfg. Not with random_distribution other than random.
 *
 * As fio's file_service_type: each file keeps its own sequential position
 * and random map; roundrobin moves to the next file, random to a uniformly
 * drawn one, after file_service_nr I/Os; sequential stays on a file until
 * it is done. A file is done when it cannot give the next I/O (a
 * sequential one would pass its end, its random map was walked), and is
 * then skipped until every file is done; then all start over. Random
 * orders without a map (norandommap, distributions) never finish a file.
 *
 * openfiles as fio's (filesetup.c open_files(), io_u.c get_next_file()):
 * the first openfiles files are open at the start; a file chosen that is
 * not open is opened if fewer are, else passed over (fio's -EBUSY, retried:
 * the round-robin position or the random draw is spent); a done file is
 * closed. So at most openfiles files take I/O between a close and the next.
 *
 * Return: 0, or -1 if @spans are given with a distribution or one is
 * smaller than the largest I/O.
 */
int kiog_wl_files(struct kiog_wl *wl, struct kiog_wl_file *files,
		  __u32 nr, const __u64 *spans);

/*
 * fio: a sequential job of one file with holes (rw=X:N) and without io_size
 * makes one pass over its region per loop, its holes counted toward size
 * with its I/O (size=2m, rw=read:12k, bs=4k: 128 reads); with io_size, or
 * several files, the bytes of its I/O, wrapping. Called when io_size was not
 * given and the worker has one file, before the verify replay copies @wl.
 */
static inline void kiog_wl_count_holes(struct kiog_wl *wl)
{
	wl->pass_hole = wl->hole;
}

/* Bytes @io counts toward io_size (and size): its own, and its hole's if counted. */
static inline __u64 kiog_wl_io_bytes(const struct kiog_wl *wl, const struct kiog_io *io)
{
	return io->len + wl->pass_hole;
}

/* Bytes of @nr regions, saturating: fio's io_size of a job of several files. */
static inline __u64 kiog_wl_regions_total(const __u64 *spans, __u32 nr)
{
	__u64 sum = 0;
	__u32 i;

	for (i = 0; i < nr; i++)
		sum = sum + spans[i] < sum ? ~0ULL : sum + spans[i];
	return sum;
}

/* Park the current file's position and take file @f's. */
static inline void __kiog_wl_switch(struct kiog_wl *wl, __u32 f)
{
	struct kiog_wl_file *p;
	int i;

	if (wl->file < wl->nr_files) {
		p = &wl->files[wl->file];
		p->next_off = wl->next_off;
		p->last_off = wl->last_off;
		p->pos = wl->pos;
		p->passed = wl->passed;
		p->new_pass = wl->new_pass;
		for (i = 0; i < KIOG_WL_ROUNDS; i++)
			p->keys[i] = wl->keys[i];
	}
	p = &wl->files[f];
	wl->next_off = p->next_off;
	wl->last_off = p->last_off;
	wl->pos = p->pos;
	wl->passed = p->passed;
	wl->new_pass = p->new_pass;
	wl->span = p->span;
	wl->nr_blocks = p->nr_blocks;
	wl->half_bits = p->half_bits;
	for (i = 0; i < KIOG_WL_ROUNDS; i++)
		wl->keys[i] = p->keys[i];
	wl->file = f;
}

/* Can the current file not give an I/O of @len bytes (fio's file done)? */
static inline int __kiog_wl_file_done(const struct kiog_wl *wl, __u32 len)
{
	if (wl->order == KIOG_WL_SEQ)
		return wl->next_off > wl->span - len;
	return wl->passed;
}

/* The current file is done: it starts over, a new pass, once all are. */
static inline void __kiog_wl_file_end(struct kiog_wl *wl)
{
	__u32 i;

	wl->next_off = 0;
	wl->passed = 0;
	wl->new_pass = 1;
	wl->files[wl->file].done = 1;
	/* fio closes a done file */
	wl->files[wl->file].open = 0;
	wl->nr_open--;
	if (++wl->nr_done < wl->nr_files)
		return;
	for (i = 0; i < wl->nr_files; i++)
		wl->files[i].done = 0;
	wl->nr_done = 0;
}

/* fio's __get_next_file(): the file of the next I/O, of @len bytes. */
static inline void __kiog_wl_pick_file(struct kiog_wl *wl, __u32 len)
{
	__u32 f;

	if (wl->file < wl->nr_files) {
		if (!__kiog_wl_file_done(wl, len)) {
			if (wl->fst == KIOGEN_FILE_SERVICE_SEQUENTIAL)
				return;
			if (wl->file_left) {
				wl->file_left--;
				return;
			}
		} else {
			__kiog_wl_file_end(wl);
		}
	}
	for (;;) {
		for (;;) {
			if (wl->fst == KIOGEN_FILE_SERVICE_RANDOM) {
				f = (__u32)kiog_rng_below(&wl->file_rng, wl->nr_files);
			} else {
				f = wl->next_file;
				if (++wl->next_file == wl->nr_files)
					wl->next_file = 0;
			}
			if (wl->files[f].done)
				continue;
			if (wl->files[f].open)
				break;
			/* fio's -EBUSY: none of the window is free */
			if (wl->nr_open >= wl->open_max)
				continue;
			wl->files[f].open = 1;
			wl->nr_open++;
			break;
		}
		__kiog_wl_switch(wl, f);
		wl->file_left = wl->file_nr - 1;
		if (!__kiog_wl_file_done(wl, len))
			return;
		__kiog_wl_file_end(wl);
	}
}

/*
 * Does a random pattern's next I/O go to a random block? fio's rw=randX:N
 * (every N-th I/O, the first after N - 1), then percentage_random.
 */
static inline int __kiog_wl_random(struct kiog_wl *wl)
{
	if (wl->seq_nr > 1) {
		if (--wl->seq_left)
			return 0;
		wl->seq_left = wl->seq_nr;
	}
	return wl->perc_rand >= 100 ||
	       kiog_rng_below(&wl->seq_rng, 100) < wl->perc_rand;
}

/* The random map's next block: a new order each pass, from the next I/O. */
static inline __u64 __kiog_wl_perm_next(struct kiog_wl *wl)
{
	__u64 block = __kiog_wl_permute(wl, wl->pos);

	if (++wl->pos == wl->nr_blocks) {
		wl->pos = 0;
		wl->passed = 1;
		wl->new_pass = 1;
		__kiog_wl_rekey(wl);
	}
	return block;
}

/* The flags of the current file's next I/O: a new pass is taken once. */
static inline __u8 __kiog_wl_flags(struct kiog_wl *wl)
{
	__u8 flags = wl->new_pass ? KIOG_IO_NEW_PASS : 0;

	wl->new_pass = 0;
	return flags;
}

/* Hands out an I/O at @off bytes into the region, into the digest. */
static inline void __kiog_wl_out(struct kiog_wl *wl, struct kiog_io *io,
				 __u64 off, __u32 len, __u8 dir, __u8 flags)
{
	io->offset = wl->base + off;
	io->len = len;
	io->dir = dir;
	io->flags = flags;
	io->file = wl->file;

	wl->issued++;
	wl->digest = kiog_io_digest(wl->digest, io);
}

/* kiog_wl_next() for every stream: see there */
static inline void __kiog_wl_next(struct kiog_wl *wl, struct kiog_io *io)
{
	__u64 block, off;
	__u32 len = wl->bs;
	__u8 dir = wl->dir, flags = 0;

	if (wl->rewrite) {
		/* a trim's write is never the first of a pass: the trim was */
		wl->rewrite = 0;
		off = wl->last_off;
		len = wl->last_len;
		dir = KIOGEN_DIR_WRITE;
		goto out;
	}
	wl->rewrite = wl->trimwrite;
	if (wl->mixed)
		dir = kiog_rng_below(&wl->dir_rng, 100) < wl->rwmixread ?
		      KIOGEN_DIR_READ : KIOGEN_DIR_WRITE;
	if (wl->sizes.variable)
		len = kiog_bs_len(&wl->sizes, dir);
	if (wl->nr_files > 1)
		__kiog_wl_pick_file(wl, len);
	flags = __kiog_wl_flags(wl);
	if (wl->order == KIOG_WL_SEQ || !__kiog_wl_random(wl)) {
		/* fio's rw_sequencer=identical repeats only between random ones */
		if (wl->order != KIOG_WL_SEQ && wl->seq_ident && wl->seq_left != wl->seq_nr)
			off = wl->last_off;
		else
			off = wl->next_off;
		/*
		 * span >= len (kiog_wl_init()); off + len could wrap. A
		 * sequential stream starts a pass there; a random one's
		 * passes are its map's
		 */
		if (off > wl->span - len) {
			off = 0;
			if (wl->order == KIOG_WL_SEQ)
				flags = KIOG_IO_NEW_PASS;
		}
	} else {
		if (wl->order == KIOG_WL_UNIFORM) {
			block = kiog_rng_below(&wl->off_rng, wl->nr_blocks);
		} else if (wl->order == KIOG_WL_DIST) {
			/* one key set for the run: a rank keeps its block */
			block = kiog_dist_next(&wl->dist, &wl->off_rng, dir);
			if (wl->dist.scatter)
				block = __kiog_wl_permute(wl, block);
		} else {
			block = __kiog_wl_perm_next(wl);
		}
		off = block * wl->bs;
		if (wl->sizes.variable)
			off = kiog_bs_place(&wl->sizes, dir, off, len, wl->span);
	}
	wl->last_off = off;
	wl->last_len = len;
	/*
	 * A hole that passes the region's end wraps the next I/O to its start:
	 * stop at the end, as off + len + hole could wrap past 2^64 and land
	 * the next I/O before the region (rw=write:N takes any N)
	 */
	wl->next_off = off + len;
	wl->next_off += wl->hole < wl->span - wl->next_off ? wl->hole :
			wl->span - wl->next_off;
out:
	__kiog_wl_out(wl, io, off, len, dir, flags);
}

/**
 * kiog_wl_next() - the next I/O of the stream
 * @wl: initialised generator
 * @io: filled in; a random I/O's offset is a multiple of its direction's
 *	alignment (blockalign, by default its smallest size) from the start of
 *	the region, and the whole I/O lies inside the region; the first I/O
 *	of each pass over a file after its first has KIOG_IO_NEW_PASS (random
 *	orders without a map, norandommap and the distributions, have no
 *	passes, as fio's: it never wraps them around)
 *
 * A sequential I/O starts where the previous one ended (plus rw=X:N's hole),
 * or at the start of the region when it would not fit before its end.
 * rw=trimwrite writes each block right after trimming it, as fio: the write
 * has the trim's offset and size.
 */
static inline void kiog_wl_next(struct kiog_wl *wl, struct kiog_io *io)
{
	/*
	 * Short for the common random map, inline in the loops; it leaves
	 * the sequential state (last_off, next_off) alone, as nothing reads it
	 */
	if (wl->plain) {
		__u8 flags = __kiog_wl_flags(wl);

		__kiog_wl_out(wl, io, __kiog_wl_perm_next(wl) * wl->bs, wl->bs,
			      wl->dir, flags);
	} else {
		__kiog_wl_next(wl, io);
	}
}

#endif /* _KIOGEN_WORKLOAD_H */
