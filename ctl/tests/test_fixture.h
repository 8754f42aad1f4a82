/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The synthetic run the report tests are made of: three jobs whose every
 * number is known (ctl/tests/test_report.c checks them, ctl/tests/test_golden.c renders
 * them into the golden reports). Host tests only.
 */
#ifndef KIOGEN_CTL_TEST_FIXTURE_H
#define KIOGEN_CTL_TEST_FIXTURE_H

#include "core/job.h"

#define NS_PER_SEC	1000000000ULL

/*
 * Job 0 "mixed": randrw 4 KiB, two workers, group_reporting. Worker 0 runs
 * 2 s: 4000 reads, 2000 writes; worker 1 runs 1.5 s: 2000 reads, 1000
 * writes, and stops one 500 ms sample early. Merged: 3000 read IOPS, 1500
 * write IOPS over the longest runtime, 2 s.
 * Job 1 "seq": read 64 KiB, two workers reported apart, 1000 reads of
 * 3..103 ms each in 1 s; worker 1 failed with EIO.
 * Job 2 "fast": one worker, 12288 reads of 4 KiB in 1 s: 12.3k IOPS,
 * 48.0 MiB/s, 32..95 ns.
 */
#define BS		4096
#define MIX_READS0	4000
#define MIX_READS1	2000
#define MIX_WRITES0	2000
#define MIX_WRITES1	1000
#define MIX_READS	(MIX_READS0 + MIX_READS1)

extern struct kg_job fx_jobs[3];
extern struct kg_worker fx_mixed[2], fx_seq[2], fx_fast[1];
extern struct kg_run_result fx_run;
extern struct kg_global fx_glob;	/* fio's default percentiles */
extern uint64_t fx_read_lat[MIX_READS];	/* every read latency of job 0 */
extern size_t fx_nr_read_lat;

/* Fills the above; call once. */
void fx_build_run(void);

/* One I/O: clat @ns, slat @slat (0: a synchronous job, which has none). */
void fx_dir_add_slat(struct kg_dir *d, uint64_t ns, uint64_t bytes, uint64_t slat);
void fx_dir_add(struct kg_dir *d, uint64_t ns, uint64_t bytes);

/* A nan or inf standing alone in @s (not inside a word: "info"), or NULL. */
const char *fx_nonfinite(const char *s);

#endif /* KIOGEN_CTL_TEST_FIXTURE_H */
