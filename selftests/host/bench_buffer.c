// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host micro-benchmark of include/kiogen/buffer.h: ns per byte to fill a
 * 1 MiB write as refill_buffers does, plain and with
 * buffer_compress_percentage=50, against memset of the same bytes (the
 * floor). The worker's hot path runs this for every write of those jobs.
 * Best of 5 rounds of 64 writes; `make bench` here.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <kiogen/buffer.h>

#define LEN	(1U << 20)
#define WRITES	64

static __u8 p[LEN];

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/* best ns per byte over 5 rounds; cfg NULL: memset */
static double run(const struct kiog_buf_cfg *cfg)
{
	struct kiog_buf b;
	struct kiog_fill f;
	double best = 1e30, t;
	__u64 digest = 0, n = 0;
	int r, i;

	memset(&b, 0, sizeof(b));
	if (cfg)
		kiog_buf_init(&b, cfg, 42, 0, 0, &digest);
	for (r = 0; r < 5; r++) {
		t = now_ns();
		for (i = 0; i < WRITES; i++) {
			if (!cfg) {
				memset(p, i, LEN);
			} else {
				kiog_buf_start(&b, &f, ++n, 1);
				kiog_buf_fill(&b, &f, p, LEN);
			}
			__asm__ volatile("" : : "r"(p) : "memory");
		}
		t = (now_ns() - t) / ((double)WRITES * LEN);
		if (t < best)
			best = t;
	}
	return best;
}

int main(void)
{
	const struct kiog_buf_cfg refill = { .refill_buffers = 1 };
	const struct kiog_buf_cfg compress = { .refill_buffers = 1,
					       .buffer_compress_percentage = 50,
					       .buffer_compress_chunk = 4096 };

	printf("refill_buffers:              %.3f ns/byte\n", run(&refill));
	printf("refill + compress=50 (4k):   %.3f ns/byte\n", run(&compress));
	printf("memset (the floor):          %.3f ns/byte\n", run(NULL));
	return 0;
}
