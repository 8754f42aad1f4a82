/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Disk stats around a run (fio's "Disk stats"), for both paths.
 */
#ifndef KIOGEN_CTL_DISK_H
#define KIOGEN_CTL_DISK_H

#include <stdbool.h>
#include <stdint.h>

#include "options/options.h"

/* Monotonic milliseconds. */
uint64_t kg_now_ms(void);

/* Reads each distinct block-device target's stat; @t0 is kg_now_ms() at start. */
void kg_disks_read(struct kg_run_result *r, const struct kg_jobs *js,
		   bool after, uint64_t t0);

#endif /* KIOGEN_CTL_DISK_H */
