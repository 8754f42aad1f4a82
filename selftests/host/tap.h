/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The TAP runner of the host unit tests (selftests/host/test_*.c and
 * ctl/tests/test_*.c): a case returns T_PASS, T_SKIP through skip(), or T_FAIL
 * through CHECK()/fail() with a diagnostic line.
 */
#ifndef KIOGEN_TEST_TAP_H
#define KIOGEN_TEST_TAP_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

struct tcase {
	const char *name;
	int (*fn)(const void *arg);
	const void *arg;
};

enum { T_FAIL, T_PASS, T_SKIP };

static char diag[1024];

static inline int fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(diag, sizeof(diag), fmt, ap);
	va_end(ap);
	return T_FAIL;
}

static inline int skip(const char *why)
{
	snprintf(diag, sizeof(diag), "%s", why);
	return T_SKIP;
}

#define CHECK(cond, ...)                                                       \
	do {                                                                   \
		if (!(cond))                                                   \
			return fail(__VA_ARGS__);                              \
	} while (0)

/* Runs the cases in order; returns non-zero if any failed. */
static inline int run_cases(const struct tcase *c, size_t n)
{
	size_t i, failed = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n1..%zu\n", n);
	for (i = 0; i < n; i++) {
		int rc;

		diag[0] = '\0';
		rc = c[i].fn(c[i].arg);
		if (rc == T_SKIP) {
			printf("ok %zu - %s # SKIP %s\n", i + 1, c[i].name, diag);
			continue;
		}
		printf("%sok %zu - %s\n", rc == T_PASS ? "" : "not ", i + 1, c[i].name);
		if (rc != T_PASS) {
			printf("# %s\n", diag);
			failed++;
		}
	}
	return failed != 0;
}

/* For the speed lines some programs print after their cases. */
static inline double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

#endif /* KIOGEN_TEST_TAP_H */
