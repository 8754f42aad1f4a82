// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host tests of verification (include/kiogen/verify.h, crc32c.h): the
 * CRC-32C against the known vectors of RFC 3720 (the kernel's crypto
 * crc32c gives the same), the verify header written and read back with
 * each way a block can be wrong, verify_pattern's fill and check, and the
 * phases both workers take through the shared code: read back after the
 * writes in the order written, after every verify_backlog writes, and
 * verify_only without writing, against a disk held in memory; writes of
 * mixed sizes, with the record of the newest write of each unit that tells
 * a block written over by a later write from a corrupted one. Prints TAP.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <linux/types.h>

/*
 * The replay's offers of the CPU (the kernel's cond_resched()): counted,
 * with the most generator steps it took between two of them.
 */
struct kiog_vfy;
static void note_resched(const struct kiog_vfy *v);
#define kiog_vfy_resched(v)	note_resched(v)

#include <kiogen/crc32c.h>
#include <kiogen/md5.h>
#include <kiogen/verify.h>

#include "tap.h"

#define BS	512
#define NBLK	64

/* RFC 3720, B.4: CRC-32C of 32 bytes each */
static int t_crc_vectors(const void *arg)
{
	__u8 b[32];
	unsigned int i;

	(void)arg;
	CHECK(kiog_crc32c("123456789", 9) == 0xe3069283, "check value %08x",
	      kiog_crc32c("123456789", 9));
	memset(b, 0, sizeof(b));
	CHECK(kiog_crc32c(b, 32) == 0x8a9136aa, "32 zeros: %08x", kiog_crc32c(b, 32));
	memset(b, 0xff, sizeof(b));
	CHECK(kiog_crc32c(b, 32) == 0x62a8ab43, "32 ones: %08x", kiog_crc32c(b, 32));
	for (i = 0; i < 32; i++)
		b[i] = (__u8)i;
	CHECK(kiog_crc32c(b, 32) == 0x46dd794e, "0..31: %08x", kiog_crc32c(b, 32));
	for (i = 0; i < 32; i++)
		b[i] = (__u8)(31 - i);
	CHECK(kiog_crc32c(b, 32) == 0x113fdb5c, "31..0: %08x", kiog_crc32c(b, 32));
	return T_PASS;
}

/* Any split of the input gives the one-shot value (the kernel sums by chunk). */
static int t_crc_split(const void *arg)
{
	__u8 b[1000];
	__u32 whole, i, cut;

	(void)arg;
	for (i = 0; i < sizeof(b); i++)
		b[i] = (__u8)(i * 131 + 7);
	whole = kiog_crc32c(b, sizeof(b));
	for (cut = 0; cut <= sizeof(b); cut += 37) {
		__u32 c = kiog_crc32c_update(~0U, b, cut);

		c = ~kiog_crc32c_update(c, b + cut, sizeof(b) - cut);
		CHECK(c == whole, "split at %u: %08x, whole %08x", cut, c, whole);
	}
	return T_PASS;
}

/* RFC 1321, A.5; and any split of the input gives the same digest */
static int t_md5(const void *arg)
{
	static const struct {
		const char *in, *hex;
	} v[] = {
		{ "", "d41d8cd98f00b204e9800998ecf8427e" },
		{ "a", "0cc175b9c0f1b6a831c399e269772661" },
		{ "abc", "900150983cd24fb0d6963f7d28e17f72" },
		{ "message digest", "f96b697d7cb7938d525a2f31aaf161d0" },
		{ "abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b" },
		{ "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
		  "57edf4a22be3c955ac49da2e2107b67a" },
	};
	struct kiog_md5 m;
	__u8 d[16], whole[16], b[300];
	char hex[33];
	unsigned int i, k, cut;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(v); i++) {
		kiog_md5_init(&m);
		kiog_md5_update(&m, v[i].in, strlen(v[i].in));
		kiog_md5_final(&m, d);
		for (k = 0; k < 16; k++)
			snprintf(hex + 2 * k, 3, "%02x", d[k]);
		CHECK(!strcmp(hex, v[i].hex), "md5(\"%s\") = %s", v[i].in, hex);
	}
	for (i = 0; i < sizeof(b); i++)
		b[i] = (__u8)(i * 7);
	kiog_md5_init(&m);
	kiog_md5_update(&m, b, sizeof(b));
	kiog_md5_final(&m, whole);
	for (cut = 0; cut <= sizeof(b); cut += 13) {
		kiog_md5_init(&m);
		kiog_md5_update(&m, b, cut);
		kiog_md5_update(&m, b + cut, sizeof(b) - cut);
		kiog_md5_final(&m, d);
		CHECK(!memcmp(d, whole, 16), "split at %u differs", cut);
	}
	return T_PASS;
}

static struct kiog_vfy vfy;
static struct kiog_core core;
static struct kiog_wl wl;
static struct kiog_rate rate;
static struct kiogen_sample samples[KIOG_MAX_SAMPLES];
static __u8 disk[NBLK * BS];
/* the record of writes of mixed sizes: at most a unit of 512 bytes each */
static __u64 units[NBLK];
/* writes' largest size (bs_write_max) of the job setup() makes; 0: BS */
static __u32 bs_max_w;
/* the reads' largest size (bs_max) of the job setup() makes; 0: BS */
static __u32 bs_max_r;
/* setup() gives the worker no record, even for mixed sizes */
static int no_record;

/* the CRC-32C of a block as both paths compute it, into the header */
static void sum_of(const __u8 *b, __u32 len, __u8 *sum)
{
	__u32 c = kiog_crc32c_update(~0U, b, KIOG_VFY_SUMMED);

	c = ~kiog_crc32c_update(c, b + KIOG_VFY_HDR_LEN, len - KIOG_VFY_HDR_LEN);
	memset(sum, 0, 16);
	memcpy(sum, &c, 4);	/* little endian hosts only, as the test runs */
}

/* A block of @len bytes: its data differs from one write to the next. */
static void write_len(__u8 *b, __u64 offset, __u32 len, __u64 seq)
{
	__u8 sum[16];

	memset(b, (int)(seq * 7 + 1), len);
	kiog_vfy_fill(&vfy.pat, b, len, 0);
	kiog_vfy_stamp(&vfy, b, offset, len, seq);
	sum_of(b, len, sum);
	kiog_vfy_seal(b, sum, kiog_vfy_sum_len(vfy.type));
}

static void write_block(__u8 *b, __u64 offset, __u64 seq)
{
	write_len(b, offset, BS, seq);
}

static int check_len(__u8 *b, __u64 offset, __u32 len, __u64 seq)
{
	__u8 sum[16] = { 0 };
	int err = 0;

	if (vfy.type != KIOGEN_VERIFY_PATTERN) {
		sum_of(b, len, sum);
		err = kiog_vfy_check_head(&vfy, b, len, offset, len, seq, sum);
	}
	if (!err)
		err = kiog_vfy_check_fill(&vfy, b, len, offset, len, b, len, 0);
	return kiog_vfy_done(&vfy, &core, err);
}

static int check_block(__u8 *b, __u64 offset, __u64 seq)
{
	return check_len(b, offset, BS, seq);
}

static __u64 resched_calls, resched_last, resched_gap;

static void note_resched(const struct kiog_vfy *v)
{
	if (v->replay.issued - resched_last > resched_gap)
		resched_gap = v->replay.issued - resched_last;
	resched_last = v->replay.issued;
	resched_calls++;
}

/* writes a second each worker issues at most (rate_iops); 0: no limit */
static __u32 rate_iops;

/* A job of @vc over NBLK blocks; number_ios limits it when not 0. */
static void setup(const struct kiog_vfy_cfg *vc, __u32 rw, __u64 number_ios)
{
	struct kiog_wl_cfg wc = KIOG_JOB_DEFAULT_INIT(KIOG_JOB_WL_FIELDS);
	struct kiog_core_cfg cc = KIOG_JOB_DEFAULT_INIT(KIOG_JOB_CORE_FIELDS);
	__u32 unit;

	wc.rw = rw;
	wc.bs = BS;
	wc.bs_write_max = bs_max_w;
	wc.bs_max = bs_max_r;
	wc.size = NBLK * BS;
	wc.seed = 11;
	cc.number_ios = number_ios;
	cc.io_size = (number_ios ?: NBLK) * BS;
	cc.rate_iops_write = rate_iops;
	memset(&core, 0, sizeof(core));
	memset(&vfy, 0, sizeof(vfy));
	memset(&rate, 0, sizeof(rate));
	kiog_wl_init(&wl, &wc);
	kiog_core_init(&core, &cc, &wl, samples);
	kiog_vfy_init(&vfy, vc, rw, &cc, &wl, 9, 1, 2);
	unit = kiog_vfy_unit(vc, &wc);
	if (unit && !no_record) {
		memset(units, 0, sizeof(units));
		kiog_vfy_map(&vfy, units, kiog_vfy_units(wc.size, unit), unit, wl.base);
		/* a few I/Os a call, as the kernel walks it */
		while (!kiog_vfy_map_build(&vfy, &wl, 7))
			;
	}
	kiog_rate_init(&rate, &cc, 11);
	kiog_core_start(&core, 1000);
	kiog_rate_start(&rate, 1000);
}

static int t_header(const void *arg)
{
	const struct kiog_vfy_cfg vc = { .verify = KIOGEN_VERIFY_CRC32C, .do_verify = 1 };
	__u8 b[BS];

	(void)arg;
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	memset(b, 0x5a, sizeof(b));
	write_block(b, 4096, 7);
	CHECK(!memcmp(b, KIOGEN_BLOCK_MAGIC, 8), "no magic");
	CHECK(((struct kiogen_verify_header *)b)->h.run == 9 &&
	      ((struct kiogen_verify_header *)b)->h.job == 1 &&
	      ((struct kiogen_verify_header *)b)->h.worker == 2 &&
	      ((struct kiogen_verify_header *)b)->len == BS, "header fields");
	CHECK(!check_block(b, 4096, 7), "an intact block fails");
	CHECK(!check_block(b, 4096, 3), "a later write of the block fails");
	CHECK(check_block(b, 4096, 8) == -EILSEQ && vfy.res.what == KIOGEN_VERIFY_BAD_SEQ,
	      "an older write passes (what %u)", vfy.res.what);
	CHECK(vfy.res.expected.h.seq == 8 && vfy.res.found.h.seq == 7 &&
	      vfy.res.offset == 4096, "the mismatch's expected and found headers");
	CHECK(check_block(b, 8192, 7) == -EILSEQ && vfy.res.errors == 2,
	      "another offset passes");
	b[300] ^= 1;
	memset(&vfy.res, 0, sizeof(vfy.res));
	CHECK(check_block(b, 4096, 7) == -EILSEQ && vfy.res.what == KIOGEN_VERIFY_BAD_SUM,
	      "a flipped data bit passes");
	b[300] ^= 1;
	memset(b, 0, 16);
	memset(&vfy.res, 0, sizeof(vfy.res));
	CHECK(check_block(b, 4096, 7) == -EILSEQ && vfy.res.what == KIOGEN_VERIFY_BAD_MAGIC,
	      "a block without header passes");
	CHECK(vfy.res.verified == 1 && vfy.res.errors == 1, "counts %llu/%llu",
	      (unsigned long long)vfy.res.verified, (unsigned long long)vfy.res.errors);
	return T_PASS;
}

static int t_pattern(const void *arg)
{
	struct kiog_vfy_cfg vc = { .verify = KIOGEN_VERIFY_PATTERN, .do_verify = 1,
				   .verify_pattern = { 3, { 0xde, 0xad, 0xbe } } };
	__u8 b[BS], c[BS];
	__u32 i;

	(void)arg;
	setup(&vc, KIOGEN_RW_WRITE, 0);
	CHECK(!vfy.stamp, "verify=pattern writes a header");
	kiog_vfy_fill(&vfy.pat, b, BS, 0);
	/* in two chunks, as the kernel's pages are */
	kiog_vfy_fill(&vfy.pat, c, 100, 0);
	kiog_vfy_fill(&vfy.pat, c + 100, BS - 100, 100);
	CHECK(!memcmp(b, c, BS), "filling in chunks differs");
	for (i = 0; i < BS; i++)
		CHECK(b[i] == vc.verify_pattern.b[i % 3], "byte %u", i);
	CHECK(!check_block(b, 0, 1), "the pattern fails");
	b[77] = 0;
	CHECK(check_block(b, 0, 1) == -EILSEQ && vfy.res.bad_byte == 77 &&
	      vfy.res.want == 0xbe && vfy.res.got == 0, "a bad byte: at %llu want %x got %x",
	      (unsigned long long)vfy.res.bad_byte, vfy.res.want, vfy.res.got);
	return T_PASS;
}

struct sim {
	__u64 writes, reads, max_run;	/* max_run: most writes in a row */
	__u64 paced;			/* I/Os the rate limits held */
	__u64 checked_off;		/* bytes: the last block checked */
	__u32 checked_len;
	int bad;
};

/* ns on the simulated clock; the writes stop (a runtime) at sim_stop_ns if not 0 */
static __u64 sim_ns, sim_stop_ns;

/*
 * The loop both workers run, one I/O at a time against disk[]: writes
 * stamp, reads back check. A write the rate limits hold waits on the
 * simulated clock; the runtime may end while one is held.
 */
static struct sim simulate(void)
{
	struct sim r = { 0 };
	__u64 run = 0, guard = 0;
	struct kiog_io io;
	__u64 seq;

	sim_ns = 1000;
	while (core.issuing || kiog_vfy_turn(&vfy, &rate, &core, 0)) {
		if (++guard > 100000)
			break;
		if (!kiog_vfy_may_issue(&vfy, &rate, &core, &wl)) {
			kiog_vfy_turn(&vfy, &rate, &core, 0);
			continue;
		}
		if (!kiog_vfy_pick(&vfy, &rate, &core, &wl, &io, &seq, sim_ns)) {
			r.paced++;
			sim_ns = rate.due;
			if (sim_stop_ns && sim_ns >= sim_stop_ns)
				kiog_core_stop(&core);
			continue;
		}
		if (io.dir == KIOGEN_DIR_WRITE) {
			write_len(disk + io.offset, io.offset, io.len, seq);
			r.writes++;
			if (++run > r.max_run)
				r.max_run = run;
		} else {
			run = 0;
			r.reads++;
			if (kiog_vfy_checks(&vfy, io.dir, seq) &&
			    check_len(disk + io.offset, io.offset, io.len, seq))
				r.bad++;
			r.checked_off = io.offset;
			r.checked_len = io.len;
		}
		kiog_core_complete(&core, io.dir, 0, 0, 0, 0, io.len, io.len);
	}
	return r;
}

static int t_phases(const void *arg)
{
	struct kiog_vfy_cfg vc = { .verify = KIOGEN_VERIFY_CRC32C, .do_verify = 1 };
	struct sim r;

	(void)arg;
	memset(disk, 0, sizeof(disk));
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	r = simulate();
	CHECK(r.writes == NBLK && r.reads == NBLK && r.max_run == NBLK && !r.bad,
	      "write then read back: %llu writes, %llu reads, %d bad",
	      (unsigned long long)r.writes, (unsigned long long)r.reads, r.bad);
	CHECK(vfy.res.verified == NBLK && vfy.phase == KIOG_VFY_DONE, "not done");

	/* passes over the region: blocks written twice check out as their newest */
	setup(&vc, KIOGEN_RW_RANDWRITE, 3 * NBLK);
	r = simulate();
	CHECK(r.writes == 3 * NBLK && r.reads == 3 * NBLK && !r.bad,
	      "three passes: %llu writes, %llu reads, %d bad",
	      (unsigned long long)r.writes, (unsigned long long)r.reads, r.bad);

	vc.verify_backlog = 10;
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	r = simulate();
	CHECK(r.writes == NBLK && r.reads == NBLK && r.max_run == 10 && !r.bad,
	      "backlog 10: %llu writes, %llu reads, longest run %llu",
	      (unsigned long long)r.writes, (unsigned long long)r.reads,
	      (unsigned long long)r.max_run);

	vc.verify_backlog = 0;
	vc.verify_only = 1;
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	r = simulate();
	CHECK(!r.writes && r.reads == NBLK && !r.bad, "verify_only: %llu writes, %llu reads",
	      (unsigned long long)r.writes, (unsigned long long)r.reads);

	memset(disk + 5 * BS, 0, BS);
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	r = simulate();
	CHECK(r.bad == 1 && vfy.res.offset == 5 * BS && vfy.res.what == KIOGEN_VERIFY_BAD_MAGIC,
	      "a zeroed block: %d bad, first at %llu", r.bad,
	      (unsigned long long)vfy.res.offset);

	vc.verify_only = 0;
	vc.do_verify = 0;
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	r = simulate();
	CHECK(r.writes == NBLK && !r.reads, "do_verify=0 read back");
	return T_PASS;
}

static int t_mixed(const void *arg)
{
	const struct kiog_vfy_cfg vc = { .verify = KIOGEN_VERIFY_META, .do_verify = 1 };
	struct sim r;

	(void)arg;
	memset(disk, 0, sizeof(disk));
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	simulate();
	/* a job that reads checks every block against its own header */
	setup(&vc, KIOGEN_RW_RANDREAD, 0);
	CHECK(vfy.self && !vfy.readback, "a reading job reads back");
	r = simulate();
	CHECK(r.reads == NBLK && !r.bad && vfy.res.verified == NBLK,
	      "read job: %llu reads, %d bad", (unsigned long long)r.reads, r.bad);
	CHECK(!vfy.read_unit, "a reading job of one size has a read unit");
	/* reads of 1 to 8 blocks: each path checks each block of each read */
	bs_max_r = 8 * BS;
	setup(&vc, KIOGEN_RW_RANDREAD, 0);
	bs_max_r = 0;
	CHECK(vfy.self && vfy.read_unit == BS, "reads of mixed sizes: read unit %u",
	      vfy.read_unit);
	return T_PASS;
}

static int t_digest(const void *arg)
{
	struct kiog_vfy_cfg vc = { .verify = KIOGEN_VERIFY_NONE, .do_verify = 1 };
	__u64 none, crc, backlog;

	(void)arg;
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	none = wl.digest;
	vc.verify = KIOGEN_VERIFY_CRC32C;
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	crc = wl.digest;
	vc.verify_backlog = 8;
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	backlog = wl.digest;
	CHECK(none != crc && crc != backlog, "the digest does not cover verify");
	return T_PASS;
}

/* Rate limits hold writes; reading back is not paced; a held write is not read back. */
static int t_rate(const void *arg)
{
	const struct kiog_vfy_cfg vc = { .verify = KIOGEN_VERIFY_CRC32C, .do_verify = 1,
					 .verify_backlog = 8 };
	struct sim r;

	(void)arg;
	memset(disk, 0, sizeof(disk));
	rate_iops = 1000;
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	r = simulate();
	CHECK(r.writes == NBLK && r.reads == NBLK && !r.bad && r.paced >= NBLK - 1,
	      "paced with backlog 8: %llu writes, %llu reads, %llu held, %d bad",
	      (unsigned long long)r.writes, (unsigned long long)r.reads,
	      (unsigned long long)r.paced, r.bad);
	CHECK(vfy.res.verified == NBLK && vfy.phase == KIOG_VFY_DONE, "not done");

	/* the runtime ends while the 21st write is held: 20 are read back */
	memset(disk, 0, sizeof(disk));
	sim_stop_ns = 1000 + 20 * 1000000ULL;
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	r = simulate();
	sim_stop_ns = 0;
	rate_iops = 0;
	CHECK(r.writes == 20 && r.reads == 20 && !r.bad,
	      "stopped while a write was held: %llu writes, %llu reads, %d bad",
	      (unsigned long long)r.writes, (unsigned long long)r.reads, r.bad);
	CHECK(core.write_seq == 21 && vfy.written == 20 && !rate.held && !rate.waiting,
	      "the held write: seq %llu, written %llu, held %u",
	      (unsigned long long)core.write_seq, (unsigned long long)vfy.written, rate.held);
	return T_PASS;
}

/* The record's unit and its marks: which writes a later one covered. */
static int t_record(const void *arg)
{
	struct kiog_vfy_cfg vc = { .verify = KIOGEN_VERIFY_CRC32C, .do_verify = 1 };
	struct kiog_wl_cfg c = { .rw = KIOGEN_RW_RANDWRITE, .bs = 4096,
				 .bs_write_max = 65536, .size = 1 << 20 };
	struct kiog_io a = { .offset = 1000, .len = 2048, .dir = KIOGEN_DIR_WRITE };
	struct kiog_io b = { .offset = 2024, .len = 512, .dir = KIOGEN_DIR_WRITE };
	struct kiog_io d = { .offset = 3048, .len = 1024, .dir = KIOGEN_DIR_WRITE };
	struct kiog_io e = { .offset = 1000, .len = 2048, .dir = KIOGEN_DIR_WRITE };
	struct kiog_vfy v = { 0 };
	__u64 u[8] = { 0 };

	(void)arg;
	CHECK(kiog_vfy_unit(&vc, &c) == 4096, "bsrange 4k-64k: unit %u", kiog_vfy_unit(&vc, &c));
	c.blockalign_write = 1536;
	CHECK(kiog_vfy_unit(&vc, &c) == 512, "blockalign 1536: unit %u", kiog_vfy_unit(&vc, &c));
	c.blockalign_write = 0;
	c.bs_write_max = 0;
	CHECK(!kiog_vfy_unit(&vc, &c), "one write size keeps a record");
	c.bs_max = 65536;
	CHECK(!kiog_vfy_unit(&vc, &c), "mixed reads keep a record of writes");
	c.bs_max = 0;
	c.bssplit.nr = 2;
	c.bssplit.z[0] = KIOGEN_ZONE_WRITE | 50ULL << KIOGEN_ZONE_ACCESS_SHIFT | 8192;
	c.bssplit.z[1] = KIOGEN_ZONE_WRITE | 50ULL << KIOGEN_ZONE_ACCESS_SHIFT | 12288;
	CHECK(kiog_vfy_unit(&vc, &c) == 8192, "bssplit 8k/12k: unit %u", kiog_vfy_unit(&vc, &c));
	vc.verify = KIOGEN_VERIFY_PATTERN;
	CHECK(!kiog_vfy_unit(&vc, &c), "verify=pattern keeps a record");
	vc.verify = KIOGEN_VERIFY_MD5;
	vc.do_verify = 0;
	CHECK(!kiog_vfy_unit(&vc, &c), "a record without reading back");
	vc.verify_only = 1;
	CHECK(kiog_vfy_unit(&vc, &c) == 8192, "verify_only keeps none");
	c.rw = KIOGEN_RW_RANDREAD;
	CHECK(!kiog_vfy_unit(&vc, &c), "a job that reads keeps a record");
	CHECK(kiog_vfy_units(1 << 20, 4096) == 256 && kiog_vfy_units(4097, 4096) == 2 &&
	      !kiog_vfy_units(1 << 20, 0), "unit counts");

	/* units of 512 bytes from 1000: a [1000, 3048), b inside it, d after */
	kiog_vfy_map(&v, u, 8, 512, 1000);
	kiog_vfy_mark(&v, &a, 1);
	CHECK(!kiog_vfy_over(&v, &a, 1), "a write alone is written over");
	kiog_vfy_mark(&v, &b, 2);
	CHECK(kiog_vfy_over(&v, &a, 1), "a write covered in part is not written over");
	CHECK(!kiog_vfy_over(&v, &b, 2), "the newer write inside it is");
	CHECK(u[0] == 1 && u[1] == 1 && u[2] == 2 && u[3] == 1 && !u[4],
	      "marks %llu %llu %llu %llu %llu", (unsigned long long)u[0],
	      (unsigned long long)u[1], (unsigned long long)u[2], (unsigned long long)u[3],
	      (unsigned long long)u[4]);
	kiog_vfy_mark(&v, &d, 3);
	CHECK(!kiog_vfy_over(&v, &d, 3) && !kiog_vfy_over(&v, &b, 2),
	      "a write beside the others overlaps them");
	/* the same block again: the older is over, the newer not */
	kiog_vfy_mark(&v, &e, 4);
	CHECK(kiog_vfy_over(&v, &a, 1) && kiog_vfy_over(&v, &b, 2) && !kiog_vfy_over(&v, &e, 4),
	      "a whole overwrite");
	CHECK(!kiog_vfy_over(&v, &d, 3), "the write after it is over");
	/* a write running past the record's end is cut at its last unit */
	d.offset = 1000 + 7 * 512;
	d.len = 4096;
	kiog_vfy_mark(&v, &d, 5);
	CHECK(u[7] == 5 && !kiog_vfy_over(&v, &d, 5), "a write at the end");
	return T_PASS;
}

/*
 * Writes of 512 to 4096 bytes at random: every write is either read back
 * and checks out, or was written over by a later one; without the record
 * the same stream reads back mismatches.
 */
static int t_mixed_sizes(const void *arg)
{
	struct kiog_vfy_cfg vc = { .verify = KIOGEN_VERIFY_CRC32C, .do_verify = 1 };
	struct sim r, o;

	(void)arg;
	bs_max_w = 8 * BS;
	memset(disk, 0, sizeof(disk));
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	CHECK(vfy.units == units && vfy.unit == BS && vfy.nr_units == NBLK,
	      "the record: unit %u, %llu units", vfy.unit, (unsigned long long)vfy.nr_units);
	r = simulate();
	CHECK(!r.bad && r.reads == vfy.res.verified &&
	      vfy.res.verified + vfy.res.written_over == r.writes && vfy.res.written_over &&
	      vfy.res.verified, "write then read back: %llu writes, %llu checked, %llu over, %d bad",
	      (unsigned long long)r.writes, (unsigned long long)vfy.res.verified,
	      (unsigned long long)vfy.res.written_over, r.bad);

	vc.verify_only = 1;
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	CHECK(vfy.built, "verify_only: the record is not built");
	o = simulate();
	CHECK(!o.bad && !o.writes && o.reads == r.reads && vfy.res.written_over + o.reads == r.writes,
	      "verify_only: %llu reads, %llu over, %d bad", (unsigned long long)o.reads,
	      (unsigned long long)vfy.res.written_over, o.bad);

	/* a byte of the last block checked, changed behind the run's back */
	disk[o.checked_off + o.checked_len - 1] ^= 0x80;
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	o = simulate();
	CHECK(o.bad == 1 && vfy.res.what == KIOGEN_VERIFY_BAD_SUM &&
	      vfy.res.offset == o.checked_off && vfy.res.len == o.checked_len &&
	      vfy.res.expected.h.offset == o.checked_off && vfy.res.expected.h.seq &&
	      vfy.res.found.h.seq == vfy.res.expected.h.seq,
	      "a changed byte: %d bad, at %llu (%s)", o.bad,
	      (unsigned long long)vfy.res.offset, vfy.res.what == KIOGEN_VERIFY_BAD_SUM ?
	      "sum" : "other");
	disk[o.checked_off + o.checked_len - 1] ^= 0x80;

	/* the same stream without a record takes overwritten blocks for corrupted */
	no_record = 1;
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	o = simulate();
	no_record = 0;
	CHECK(o.bad > 0 && !vfy.res.written_over, "no record: %d bad", o.bad);

	vc.verify_only = 0;
	vc.verify_backlog = 4;
	memset(disk, 0, sizeof(disk));
	setup(&vc, KIOGEN_RW_RANDWRITE, 0);
	r = simulate();
	CHECK(!r.bad && r.max_run == 4 && vfy.res.verified + vfy.res.written_over == r.writes &&
	      vfy.res.verified == r.reads, "backlog 4: %llu writes, %llu checked, %llu over",
	      (unsigned long long)r.writes, (unsigned long long)vfy.res.verified,
	      (unsigned long long)vfy.res.written_over);

	/*
	 * verify=meta, sequential: only the last write, wrapping to the start
	 * to make up io_size, is over the first
	 */
	vc.verify = KIOGEN_VERIFY_META;
	vc.verify_backlog = 0;
	setup(&vc, KIOGEN_RW_WRITE, 0);
	r = simulate();
	bs_max_w = 0;
	CHECK(!r.bad && vfy.res.verified + vfy.res.written_over == r.writes &&
	      vfy.res.written_over <= 1,
	      "sequential: %llu writes, %llu checked, %llu over", (unsigned long long)r.writes,
	      (unsigned long long)vfy.res.verified, (unsigned long long)vfy.res.written_over);
	return T_PASS;
}

/*
 * Over 10000 writes of mixed sizes over 64 blocks: reading back passes
 * over nearly all of them in the first look for a write to read, one loop
 * that in a kernel worker held the CPU for as long as the stream is long. It
 * offers the CPU every KIOG_VFY_PEEK_BUDGET generator steps, and the
 * result is the same as ever.
 */
static int t_peek_budget(const void *arg)
{
	struct kiog_vfy_cfg vc = { .verify = KIOGEN_VERIFY_CRC32C, .do_verify = 1 };
	struct sim r;

	(void)arg;
	bs_max_w = 8 * BS;
	memset(disk, 0, sizeof(disk));
	setup(&vc, KIOGEN_RW_RANDWRITE, 50000);
	resched_calls = resched_last = resched_gap = 0;
	r = simulate();
	bs_max_w = 0;
	CHECK(r.writes > 10000 && !r.bad && vfy.res.written_over > r.writes - 100 &&
	      vfy.res.verified + vfy.res.written_over == r.writes,
	      "%llu writes, %llu checked, %llu over, %d bad", (unsigned long long)r.writes,
	      (unsigned long long)vfy.res.verified, (unsigned long long)vfy.res.written_over,
	      r.bad);
	CHECK(resched_calls >= vfy.res.written_over / KIOG_VFY_PEEK_BUDGET,
	      "%llu offers for %llu writes passed over", (unsigned long long)resched_calls,
	      (unsigned long long)vfy.res.written_over);
	CHECK(resched_gap && resched_gap <= KIOG_VFY_PEEK_BUDGET,
	      "%llu generator steps between two offers (budget %u)",
	      (unsigned long long)resched_gap, KIOG_VFY_PEEK_BUDGET);
	return T_PASS;
}

/* Which sizes can be verified, and the attribute named when not. */
static int t_sizes(const void *arg)
{
	struct kiog_wl_cfg c = { .rw = KIOGEN_RW_RANDRW, .bs = 4096, .size = 1 << 20 };
	const char *msg;
	int attr = 0;

	(void)arg;
	CHECK(!kiog_vfy_check_sizes(KIOGEN_VERIFY_CRC32C, &c, &attr), "one bs refused");
	c.bs_write = 65536;
	c.bs_max = 16384;
	CHECK(!kiog_vfy_check_sizes(KIOGEN_VERIFY_CRC32C, &c, &attr),
	      "bs=4k-16k,64k refused: the writes have one size");
	/* writes of mixed sizes: a record of the newest write of each unit */
	c.bs_write_max = 131072;
	CHECK(!kiog_vfy_check_sizes(KIOGEN_VERIFY_CRC32C, &c, &attr),
	      "a range of write sizes refused");
	c.bs_write_max = 0;
	c.bssplit.nr = 2;
	c.bssplit.z[0] = KIOGEN_ZONE_WRITE | 50ULL << KIOGEN_ZONE_ACCESS_SHIFT | 4096;
	c.bssplit.z[1] = KIOGEN_ZONE_WRITE | 50ULL << KIOGEN_ZONE_ACCESS_SHIFT | 8192;
	CHECK(!kiog_vfy_check_sizes(KIOGEN_VERIFY_MD5, &c, &attr),
	      "a split of write sizes refused");
	c.bssplit.nr = 0;
	c.blockalign_write = 512;
	CHECK(!kiog_vfy_check_sizes(KIOGEN_VERIFY_META, &c, &attr),
	      "writes aligned finer than their size refused");
	c.blockalign_write = 0;
	c.bs_write = 32;
	c.bs_write_max = 8192;
	msg = kiog_vfy_check_sizes(KIOGEN_VERIFY_CRC32C, &c, &attr);
	CHECK(msg && !strncmp(msg, "bs:", 3) && attr == KIOGEN_A_JOB_BS_WRITE,
	      "mixed writes, the smallest under the header: %s", msg ? msg : "(passed)");
	c.bs_write = 65536;
	c.bs_write_max = 0;
	/* a job that only reads checks its reads: they are the blocks */
	c.rw = KIOGEN_RW_RANDREAD;
	/* ... of mixed sizes: each unit of the smallest read is a block */
	CHECK(!kiog_vfy_check_sizes(KIOGEN_VERIFY_CRC32C, &c, &attr),
	      "a reading job's range of sizes refused");
	c.blockalign = 6144;
	msg = kiog_vfy_check_sizes(KIOGEN_VERIFY_CRC32C, &c, &attr);
	CHECK(msg && !strncmp(msg, "blockalign:", 11) && attr == KIOGEN_A_JOB_BLOCKALIGN,
	      "reads at offsets off the smallest read's multiples: %s", msg ? msg : "(passed)");
	c.blockalign = 0;
	c.blocksize_unaligned = 1;
	msg = kiog_vfy_check_sizes(KIOGEN_VERIFY_CRC32C, &c, &attr);
	CHECK(msg && !strncmp(msg, "blocksize_unaligned:", 20) &&
	      attr == KIOGEN_A_JOB_BLOCKSIZE_UNALIGNED,
	      "reads of any length: %s", msg ? msg : "(passed)");
	c.blocksize_unaligned = 0;
	c.bs_max = 0;
	c.bs = 32;
	msg = kiog_vfy_check_sizes(KIOGEN_VERIFY_CRC32C, &c, &attr);
	CHECK(msg && !strncmp(msg, "bs:", 3) && attr == KIOGEN_A_JOB_BS,
	      "blocks smaller than the header: %s", msg ? msg : "(passed)");
	CHECK(!kiog_vfy_check_sizes(KIOGEN_VERIFY_PATTERN, &c, &attr),
	      "verify=pattern has no header, yet small blocks were refused");
	return T_PASS;
}

static const struct tcase cases[] = {
	{ "crc32c: RFC 3720's vectors", t_crc_vectors, NULL },
	{ "crc32c: summed in pieces as in one", t_crc_split, NULL },
	{ "md5: RFC 1321's vectors, in pieces as in one", t_md5, NULL },
	{ "header: written, checked, each way it can be wrong", t_header, NULL },
	{ "verify_pattern: filled in chunks, a bad byte named", t_pattern, NULL },
	{ "phases: read back after the writes, backlog, verify_only, do_verify=0", t_phases, NULL },
	{ "a job that reads checks what it reads", t_mixed, NULL },
	{ "the stream digest covers the verify settings", t_digest, NULL },
	{ "rate limits: writes paced, reading back not, a held write not read back", t_rate, NULL },
	{ "sizes: mixed writes and reads pass, on whole units; the attribute named", t_sizes, NULL },
	{ "record: the unit, marks and overlaps, partial and whole overwrites", t_record, NULL },
	{ "mixed write sizes: read back, backlog, verify_only, a corrupted block named", t_mixed_sizes, NULL },
	{ "replay: writes passed over offer the CPU every KIOG_VFY_PEEK_BUDGET", t_peek_budget, NULL },
};

int main(void)
{
	return run_cases(cases, ARRAY_SIZE(cases));
}
