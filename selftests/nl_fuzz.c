// SPDX-License-Identifier: GPL-2.0
/*
 * nl_fuzz: a seeded, time-bounded fuzzer of the kiogen generic netlink
 * family on libmnl, and the netlink driver of the stress tests. Fuzzing sends
 * random and malformed requests (unknown commands and attributes, lying
 * lengths, broken and deep nests, extreme values, strings without NUL, dump
 * flags where they do not belong, chained and truncated messages) mixed with
 * valid null-engine runs that it stops and deletes again, and checks that
 * every reply is either an error with a negative errno or a well-formed
 * kiogen message. Afterwards no run may be left and the module's memory
 * accounting must be back to zero. It stops and deletes every run of the
 * module, so point it at a module that holds nothing you care about; it never
 * names a real device, only the null engine.
 *
 *   nl_fuzz [-s SEED] [-n COUNT] [-t SECONDS] [-j PROCS] [-x|-g GEN,...] [-v]
 *   nl_fuzz -C CYCLES [-w WORKERS] [-d DEPTH]     create/stop/delete cycles
 *   nl_fuzz -R RUNS [-w WORKERS] [-d DEPTH] [-T SECONDS]   concurrent runs
 *   nl_fuzz -M                       print memory in use (bytes) and runs
 *
 * -j runs PROCS fuzzing processes at once, seeds SEED to SEED + PROCS - 1,
 * COUNT / PROCS requests each; -x and -g leave generators out or pick them.
 * Output is TAP; exit 0 pass, 1 fail, 2 usage, 4 skip.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <grp.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/capability.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <libmnl/libmnl.h>
#include <linux/kiogen.h>
#include <kiogen/job.h>
#include <kiogen/workload.h>

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif
#ifndef NETLINK_EXT_ACK
#define NETLINK_EXT_ACK 11
#endif
#ifndef NETLINK_CAP_ACK
#define NETLINK_CAP_ACK 10
#endif
#ifndef NETLINK_GET_STRICT_CHK
#define NETLINK_GET_STRICT_CHK 12
#endif
#ifndef NLM_F_CAPPED
#define NLM_F_CAPPED 0x100
#endif
#ifndef NLM_F_ACK_TLVS
#define NLM_F_ACK_TLVS 0x200
#endif

#define KSFT_PASS	0
#define KSFT_FAIL	1
#define KSFT_USAGE	2
#define KSFT_SKIP	4

#define REQ_MAX		(64 * 1024)	/* bytes of one request; sndbuf allows ~200k */
#define RBUF_MAX	(2 << 20)	/* one datagram: RUN_GET of 256 jobs with long paths fits */
#define MAX_WALK	32		/* netlink messages in one request */
#define LIVE_MAX	4		/* valid runs kept alive to fuzz against */
#define LIVE_AGE	300		/* requests after which a valid run is reaped */
#define ACCIDENTAL_AGE	8		/* ... and a run started by accident */
#define MAX_ERRNO	4095
#define MAX_FAIL_REPORTS 10
#define NULL_ENGINE	"null"
/* every path the fuzzer names lies under a directory that does not exist */
#define FUZZ_DIR	"/nonexistent-kiogen-fuzz/"

/* ---- random numbers: splitmix64, one stream per seed ---- */

static uint64_t rng_state;

static uint64_t rnd64(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* uniform in [0, n); n > 0 */
static uint32_t rnd(uint32_t n)
{
	return (uint32_t)(((rnd64() >> 32) * (uint64_t)n) >> 32);
}

/* true with probability num/den */
static bool chance(uint32_t num, uint32_t den)
{
	return rnd(den) < num;
}

static uint32_t rnd_range(uint32_t lo, uint32_t hi)
{
	return lo + rnd(hi - lo + 1);
}

static void rnd_bytes(void *p, size_t n)
{
	uint8_t *b = p;

	while (n--)
		*b++ = (uint8_t)rnd64();
}

/* ---- the socket, the family and what we know of the module ---- */

static struct mnl_socket *nl, *ev;	/* requests; events group */
static uint32_t portid;
static uint16_t family;
static uint32_t events_grp;
static uint32_t g_seq = 1;
static uint32_t max_workers = 256;	/* from INFO_GET */
static bool verbose;

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static char diag_prefix[16];	/* which process, when there are several */

static void diag(const char *fmt, ...)
{
	va_list ap;

	printf("# %s", diag_prefix);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
}

static void hexdump(const char *what, const void *p, size_t len)
{
	const uint8_t *b = p;
	size_t i, shown = len > 256 ? 256 : len;

	printf("# %s (%zu bytes%s):", what, len, shown < len ? ", first 256" : "");
	for (i = 0; i < shown; i++)
		printf("%s%02x", i % 32 ? " " : "\n#   ", b[i]);
	putchar('\n');
}

/* ---- requests and what came back for each message in them ---- */

enum expect {
	EXP_ANY,		/* anything well-formed */
	EXP_FAIL,		/* the contract says the kernel must refuse it */
	EXP_OK,			/* a valid request: must succeed */
	EXP_OK_ENOENT,		/* cleanup: success, or the run is already gone */
	EXP_EPERM,		/* from a user without CAP_SYS_ADMIN: refused with EPERM */
	EXP_ENOENT,		/* from another network namespace: no such run */
};

enum outcome { OUT_NONE, OUT_OK, OUT_ERR };

/* One netlink message of a request, as the kernel walks the datagram. */
struct sent {
	const struct nlmsghdr *nlh;
	uint32_t seq, len;
	uint16_t type, flags;
	uint8_t cmd;
	bool dispatched;	/* goes to kiogen: our type, NLM_F_REQUEST */
	bool dump;		/* ... as a dump */
	enum outcome out;
	int error;		/* when OUT_ERR */
	bool acked, data, multi, done;
};

struct req;
typedef int (*data_cb_t)(struct req *r, const struct nlmsghdr *nlh);

struct req {
	union {
		uint8_t buf[REQ_MAX];
		struct nlmsghdr align;
	};
	size_t len;		/* bytes to send */
	enum expect expect;
	int gen;		/* which generator built it */
	struct sent msg[MAX_WALK];
	int nr_msg;
	data_cb_t data_cb;	/* called for each kiogen reply, validated */
	void *arg;
	struct mnl_socket *sock;	/* nl unless an extra socket is used */
	uint32_t port;
	size_t rlen;		/* receive buffer: small ones make small dump parts */
	bool partial;		/* replies are left unread on purpose */
};

static struct req g_req;
static uint8_t rbuf[RBUF_MAX] __attribute__((aligned(8)));

/* ---- statistics ---- */

static struct {
	uint64_t requests;	/* datagrams sent */
	uint64_t messages;	/* netlink messages in them */
	uint64_t replies;	/* netlink messages received */
	uint64_t ok, no_reply;
	uint64_t errnos[MAX_ERRNO + 1];
	uint64_t runs_valid, runs_accidental, runs_stopped, runs_deleted;
	uint64_t dumps_done, events, events_lost, send_errors;
	uint64_t per_gen[32];
	double gen_time[32];	/* seconds, the request and its reaping */
} st;

static int failures;
static int cur_index;		/* request number, for reproduction */
/* in a hostile child: who it is, and whether everything must fail */
static const char *hostile_name = "";
static bool hostile_eperm;

static void fail(struct req *r, const void *reply, size_t rlen, const char *fmt, ...)
{
	va_list ap;

	failures++;
	if (failures > MAX_FAIL_REPORTS)
		return;
	printf("# %sFAIL at request %d: ", diag_prefix, cur_index);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (r)
		hexdump("request", r->buf, r->len);
	if (reply)
		hexdump("reply", reply, rlen);
}

/* ---- validation of what the kernel sends: the UAPI's attribute sets ---- */

enum vt { VT_NONE, VT_PAD, VT_U32, VT_S32, VT_U64, VT_STR, VT_NEST, VT_BIN, VT_FLAG,
	  VT_ZONES = VT_BIN, VT_PATTERN = VT_BIN };

struct vset;
struct vdesc {
	uint8_t vt;
	uint16_t elem;		/* VT_BIN: element size; exact when count */
	uint16_t count;		/* VT_BIN: exact number of elements, 0 any */
	const struct vset *nest;
};

struct vset {
	const char *name;
	unsigned int max;
	const struct vdesc *d;
};

static const struct vdesc info_d[KIOGEN_A_INFO_MAX + 1] = {
	[KIOGEN_A_INFO_PAD]		= { VT_PAD },
	[KIOGEN_A_INFO_MODULE_VERSION]	= { VT_STR },
	[KIOGEN_A_INFO_FAMILY_VERSION]	= { VT_U32 },
	[KIOGEN_A_INFO_ENGINE]		= { VT_STR },
	[KIOGEN_A_INFO_MAX_WORKERS]	= { VT_U32 },
	[KIOGEN_A_INFO_MAX_IODEPTH]	= { VT_U32 },
	[KIOGEN_A_INFO_MAX_BS]		= { VT_U32 },
	[KIOGEN_A_INFO_MAX_MEM]		= { VT_U64 },
	[KIOGEN_A_INFO_MAX_RUNS]	= { VT_U32 },
	[KIOGEN_A_INFO_HIST_BITS]	= { VT_U32 },
	[KIOGEN_A_INFO_HIST_GROUPS]	= { VT_U32 },
	[KIOGEN_A_INFO_SAMPLE_NS]	= { VT_U64 },
	[KIOGEN_A_INFO_MEM_USED]	= { VT_U64 },
};

static const struct vdesc run_d[KIOGEN_A_RUN_MAX + 1] = {
	[KIOGEN_A_RUN_PAD]		= { VT_PAD },
	[KIOGEN_A_RUN_ID]		= { VT_U32 },
	[KIOGEN_A_RUN_STATE]		= { VT_U32 },
	[KIOGEN_A_RUN_FLAGS]		= { VT_U32 },
	[KIOGEN_A_RUN_NR_JOBS]		= { VT_U32 },
	[KIOGEN_A_RUN_NR_WORKERS]	= { VT_U32 },
	[KIOGEN_A_RUN_ELAPSED_NS]	= { VT_U64 },
	[KIOGEN_A_RUN_IOS]		= { VT_U64 },
	[KIOGEN_A_RUN_BYTES]		= { VT_U64 },
	[KIOGEN_A_RUN_ERRORS]		= { VT_U64 },
	[KIOGEN_A_RUN_ERROR]		= { VT_S32 },
	[KIOGEN_A_RUN_MEM]		= { VT_U64 },
	[KIOGEN_A_RUN_JOB_NAME]		= { VT_STR },
	[KIOGEN_A_RUN_LAYOUT_DONE]	= { VT_U64 },
	[KIOGEN_A_RUN_LAYOUT_TOTAL]	= { VT_U64 },
	[KIOGEN_A_RUN_LAYOUT_NS]	= { VT_U64 },
};

static const struct vdesc dir_d[KIOGEN_A_DIR_MAX + 1] = {
	[KIOGEN_A_DIR_PAD]		= { VT_PAD },
	[KIOGEN_A_DIR_DIR]		= { VT_U32 },
	[KIOGEN_A_DIR_IOS]		= { VT_U64 },
	[KIOGEN_A_DIR_BYTES]		= { VT_U64 },
	[KIOGEN_A_DIR_ERRORS]		= { VT_U64 },
	[KIOGEN_A_DIR_SHORT]		= { VT_U64 },
	[KIOGEN_A_DIR_LAT_MIN]		= { VT_U64 },
	[KIOGEN_A_DIR_LAT_MAX]		= { VT_U64 },
	[KIOGEN_A_DIR_LAT_SUM]		= { VT_U64 },
	[KIOGEN_A_DIR_LAT_SQSUM_HI]	= { VT_U64 },
	[KIOGEN_A_DIR_LAT_SQSUM_LO]	= { VT_U64 },
	[KIOGEN_A_DIR_SLAT_MIN]		= { VT_U64 },
	[KIOGEN_A_DIR_SLAT_MAX]		= { VT_U64 },
	[KIOGEN_A_DIR_SLAT_SUM]		= { VT_U64 },
	[KIOGEN_A_DIR_SLAT_SQSUM_HI]	= { VT_U64 },
	[KIOGEN_A_DIR_SLAT_SQSUM_LO]	= { VT_U64 },
	[KIOGEN_A_DIR_CLAT_MIN]		= { VT_U64 },
	[KIOGEN_A_DIR_CLAT_MAX]		= { VT_U64 },
	[KIOGEN_A_DIR_CLAT_SUM]		= { VT_U64 },
	[KIOGEN_A_DIR_CLAT_SQSUM_HI]	= { VT_U64 },
	[KIOGEN_A_DIR_CLAT_SQSUM_LO]	= { VT_U64 },
};

static const struct vset dir_set = { "dir", KIOGEN_A_DIR_MAX, dir_d };

static const struct vdesc worker_d[KIOGEN_A_WORKER_MAX + 1] = {
	[KIOGEN_A_WORKER_PAD]		= { VT_PAD },
	[KIOGEN_A_WORKER_JOB]		= { VT_U32 },
	[KIOGEN_A_WORKER_INDEX]		= { VT_U32 },
	[KIOGEN_A_WORKER_ELAPSED_NS]	= { VT_U64 },
	[KIOGEN_A_WORKER_CPU_USR_NS]	= { VT_U64 },
	[KIOGEN_A_WORKER_CPU_SYS_NS]	= { VT_U64 },
	[KIOGEN_A_WORKER_CTX_VOL]	= { VT_U64 },
	[KIOGEN_A_WORKER_CTX_INVOL]	= { VT_U64 },
	[KIOGEN_A_WORKER_MEM]		= { VT_U64 },
	[KIOGEN_A_WORKER_DEPTHS]	= { VT_BIN, 8, KIOGEN_DEPTH_BUCKETS },
	[KIOGEN_A_WORKER_DIGEST]	= { VT_U64 },
	[KIOGEN_A_WORKER_ISSUED]	= { VT_U64 },
	[KIOGEN_A_WORKER_ERROR]		= { VT_S32 },
	[KIOGEN_A_WORKER_DIR]		= { VT_NEST, 0, 0, &dir_set },
	[KIOGEN_A_WORKER_SUBMIT]	= { VT_BIN, 8, KIOGEN_DEPTH_BUCKETS },
	[KIOGEN_A_WORKER_COMPLETE]	= { VT_BIN, 8, KIOGEN_DEPTH_BUCKETS },
	[KIOGEN_A_WORKER_VERIFY]	= { VT_BIN, sizeof(struct kiogen_verify_result), 1 },
};

static const struct vdesc hist_d[KIOGEN_A_HIST_MAX + 1] = {
	[KIOGEN_A_HIST_PAD]		= { VT_PAD },
	[KIOGEN_A_HIST_JOB]		= { VT_U32 },
	[KIOGEN_A_HIST_WORKER]		= { VT_U32 },
	[KIOGEN_A_HIST_DIR]		= { VT_U32 },
	[KIOGEN_A_HIST_BITS]		= { VT_U32 },
	[KIOGEN_A_HIST_GROUPS]		= { VT_U32 },
	[KIOGEN_A_HIST_FIRST]		= { VT_U32 },
	[KIOGEN_A_HIST_COUNTS]		= { VT_BIN, 8 },
	[KIOGEN_A_HIST_KIND]		= { VT_U32 },
};

static const struct vdesc samples_d[KIOGEN_A_SAMPLES_MAX + 1] = {
	[KIOGEN_A_SAMPLES_PAD]		= { VT_PAD },
	[KIOGEN_A_SAMPLES_JOB]		= { VT_U32 },
	[KIOGEN_A_SAMPLES_WORKER]	= { VT_U32 },
	[KIOGEN_A_SAMPLES_INTERVAL_NS]	= { VT_U64 },
	[KIOGEN_A_SAMPLES_FIRST]	= { VT_U32 },
	[KIOGEN_A_SAMPLES_DATA]		= { VT_BIN, sizeof(struct kiogen_sample) },
};

static const struct vset info_set = { "info", KIOGEN_A_INFO_MAX, info_d };
static const struct vset run_set = { "run", KIOGEN_A_RUN_MAX, run_d };
static const struct vset worker_set = { "worker", KIOGEN_A_WORKER_MAX, worker_d };
static const struct vset hist_set = { "hist", KIOGEN_A_HIST_MAX, hist_d };
static const struct vset samples_set = { "samples", KIOGEN_A_SAMPLES_MAX, samples_d };

/* A job's configuration, as RUN_GET of one run returns it */
static const struct vdesc job_d[KIOGEN_A_JOB_MAX + 1] = {
	[KIOGEN_A_JOB_PAD]		= { VT_PAD },
	[KIOGEN_A_JOB_NAME]		= { VT_STR },
	[KIOGEN_A_JOB_FILENAME]		= { VT_STR },
	[KIOGEN_A_JOB_ENGINE]		= { VT_STR },
#define JOB_VT(field, ATTR, TYPE, ...) [KIOGEN_A_JOB_##ATTR] = { VT_##TYPE },
	KIOG_JOB_FIELDS(JOB_VT)
#undef JOB_VT
	[KIOGEN_A_JOB_FILESIZE]		= { VT_U64 },
	[KIOGEN_A_JOB_FALLOCATE]	= { VT_U32 },
	[KIOGEN_A_JOB_FILENAME_FORMAT]	= { VT_STR },
	[KIOGEN_A_JOB_FD]		= { VT_U32 },
};

static const struct vset job_set = { "job", KIOGEN_A_JOB_MAX, job_d };

/* Replies never carry KIOGEN_A_FLAGS: requests only. */
static const struct vdesc top_d[KIOGEN_A_MAX + 1] = {
	[KIOGEN_A_PAD]		= { VT_PAD },
	[KIOGEN_A_JOB]		= { VT_NEST, 0, 0, &job_set },
	[KIOGEN_A_INFO]		= { VT_NEST, 0, 0, &info_set },
	[KIOGEN_A_ID]		= { VT_U32 },
	[KIOGEN_A_RUN]		= { VT_NEST, 0, 0, &run_set },
	[KIOGEN_A_WORKER]	= { VT_NEST, 0, 0, &worker_set },
	[KIOGEN_A_HIST]		= { VT_NEST, 0, 0, &hist_set },
	[KIOGEN_A_SAMPLES]	= { VT_NEST, 0, 0, &samples_set },
};

static const struct vset top_set = { "top", KIOGEN_A_MAX, top_d };

struct vctx {
	const struct vset *set;
	const char *end;	/* end of the last attribute seen */
	char err[160];
	unsigned int seen[32];	/* per type, for the top level */
};

static int v_attr_cb(const struct nlattr *a, void *data);

static void note_unknown(const struct vset *set, uint16_t type)
{
	static struct { const struct vset *set; uint16_t type; } noted[32];
	static unsigned int nr;
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (noted[i].set == set && noted[i].type == type)
			return;
	if (nr < 32) {
		noted[nr].set = set;
		noted[nr++].type = type;
	}
	diag("note: %s attribute %u is in the UAPI but not in nl_fuzz's tables; "
	     "its length goes unchecked", set->name, type);
}

/* Parses [start, tail) as attributes of @set; every byte must be used. */
static bool v_attrs(const struct vset *set, const struct nlattr *nest,
		    const struct nlmsghdr *nlh, char *err, size_t errlen,
		    unsigned int *seen)
{
	struct vctx c = { .set = set };
	const char *start, *tail;
	int ret;

	if (nest) {
		start = mnl_attr_get_payload(nest);
		tail = (const char *)nest + MNL_ALIGN(nest->nla_len);
		c.end = start;
		ret = mnl_attr_parse_nested(nest, v_attr_cb, &c);
	} else {
		start = mnl_nlmsg_get_payload_offset(nlh, GENL_HDRLEN);
		tail = mnl_nlmsg_get_payload_tail(nlh);
		c.end = start;
		ret = mnl_attr_parse(nlh, GENL_HDRLEN, v_attr_cb, &c);
	}
	if (ret == MNL_CB_ERROR) {
		snprintf(err, errlen, "%s: %s", set->name, c.err);
		return false;
	}
	if (c.end != tail) {
		snprintf(err, errlen, "%s: %td bytes not covered by attributes",
			 set->name, tail - c.end);
		return false;
	}
	if (seen)
		memcpy(seen, c.seen, sizeof(c.seen));
	return true;
}

static int v_attr_cb(const struct nlattr *a, void *data)
{
	struct vctx *c = data;
	uint16_t type = mnl_attr_get_type(a);
	uint16_t len = mnl_attr_get_payload_len(a);
	const struct vdesc *d;
	char sub[128];

	c->end = (const char *)a + MNL_ALIGN(a->nla_len);
	if (type == 0 || type > c->set->max) {
		snprintf(c->err, sizeof(c->err), "attribute type %u is not in the UAPI", type);
		return MNL_CB_ERROR;
	}
	if (!c->set->d[type].vt) {
		/* in the header, not yet in these tables: say so once */
		note_unknown(c->set, type);
		return MNL_CB_OK;
	}
	if (type < 32)
		c->seen[type]++;
	d = &c->set->d[type];
	switch (d->vt) {
	case VT_PAD:
	case VT_FLAG:
		if (len) {
			snprintf(c->err, sizeof(c->err), "pad or flag %u with %u bytes", type, len);
			return MNL_CB_ERROR;
		}
		break;
	case VT_U32:
	case VT_S32:
		if (mnl_attr_validate(a, MNL_TYPE_U32) < 0) {
			snprintf(c->err, sizeof(c->err), "u32 %u with %u bytes", type, len);
			return MNL_CB_ERROR;
		}
		break;
	case VT_U64:
		if (mnl_attr_validate(a, MNL_TYPE_U64) < 0) {
			snprintf(c->err, sizeof(c->err), "u64 %u with %u bytes", type, len);
			return MNL_CB_ERROR;
		}
		break;
	case VT_STR:
		if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0 ||
		    strlen(mnl_attr_get_str(a)) + 1 != len) {
			snprintf(c->err, sizeof(c->err), "string %u badly terminated (%u bytes)",
				 type, len);
			return MNL_CB_ERROR;
		}
		break;
	case VT_BIN:
		if ((d->elem && len % d->elem) || (d->count && len != d->elem * d->count)) {
			snprintf(c->err, sizeof(c->err), "binary %u with %u bytes", type, len);
			return MNL_CB_ERROR;
		}
		break;
	case VT_NEST:
		if (!(a->nla_type & NLA_F_NESTED)) {
			snprintf(c->err, sizeof(c->err), "nest %u without NLA_F_NESTED", type);
			return MNL_CB_ERROR;
		}
		if (mnl_attr_validate(a, MNL_TYPE_NESTED) < 0 ||
		    !v_attrs(d->nest, a, NULL, sub, sizeof(sub), NULL)) {
			snprintf(c->err, sizeof(c->err), "nest %u: %s", type, sub);
			return MNL_CB_ERROR;
		}
		break;
	}
	return MNL_CB_OK;
}

/* Error and done messages: extack TLVs must be well-formed and in range. */
static bool v_extack(const struct sent *s, const struct nlattr *tlv, const char *tail,
		     char *err, size_t errlen)
{
	const struct nlattr *a;
	uint32_t off;

	for (a = tlv; mnl_attr_ok(a, tail - (const char *)a); a = mnl_attr_next(a)) {
		switch (mnl_attr_get_type(a)) {
		case NLMSGERR_ATTR_MSG:
			if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0) {
				snprintf(err, errlen, "extack message not NUL-terminated");
				return false;
			}
			break;
		case NLMSGERR_ATTR_OFFS:
		case NLMSGERR_ATTR_MISS_NEST:
			if (mnl_attr_validate(a, MNL_TYPE_U32) < 0) {
				snprintf(err, errlen, "extack offset with %u bytes",
					 mnl_attr_get_payload_len(a));
				return false;
			}
			off = mnl_attr_get_u32(a);
			/* must point at an attribute of the request */
			if (off < NLMSG_HDRLEN + GENL_HDRLEN || off + NLA_HDRLEN > s->len) {
				snprintf(err, errlen,
					 "extack offset %u outside the request's attributes (%u bytes)",
					 off, s->len);
				return false;
			}
			break;
		case NLMSGERR_ATTR_MISS_TYPE:
			if (mnl_attr_validate(a, MNL_TYPE_U32) < 0) {
				snprintf(err, errlen, "extack missing type with %u bytes",
					 mnl_attr_get_payload_len(a));
				return false;
			}
			break;
		}
		/* other types (cookie, policy) are opaque here */
	}
	if ((const char *)a != tail) {
		snprintf(err, errlen, "%td bytes of extack not covered by attributes",
			 tail - (const char *)a);
		return false;
	}
	return true;
}

static struct sent *find_sent(struct req *r, uint32_t seq)
{
	int i;

	for (i = 0; i < r->nr_msg; i++)
		if (r->msg[i].seq == seq)
			return &r->msg[i];
	return NULL;
}

static void set_outcome(struct sent *s, int error)
{
	if (s->out == OUT_ERR)
		return;
	if (error < 0) {
		s->out = OUT_ERR;
		s->error = error;
	} else {
		s->out = OUT_OK;
	}
}

/* One reply message: the rules of the module's side of the contract. */
static void check_reply(struct req *r, const struct nlmsghdr *nlh)
{
	struct sent *s = find_sent(r, nlh->nlmsg_seq);
	size_t len = nlh->nlmsg_len;
	char err[200];

	st.replies++;
	if (nlh->nlmsg_pid != r->port) {
		fail(r, nlh, len, "reply for port %u, we are %u", nlh->nlmsg_pid, r->port);
		return;
	}
	if (!s) {
		fail(r, nlh, len, "reply with seq %u, which no message of the request had",
		     nlh->nlmsg_seq);
		return;
	}

	if (nlh->nlmsg_type == NLMSG_ERROR) {
		const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);
		size_t off = sizeof(*e);

		if (len < NLMSG_HDRLEN + sizeof(*e)) {
			fail(r, nlh, len, "short error message");
			return;
		}
		if (e->error > 0 || e->error < -MAX_ERRNO) {
			fail(r, nlh, len, "error message with errno %d", e->error);
			return;
		}
		if (!e->error && !(s->flags & NLM_F_ACK)) {
			fail(r, nlh, len, "ack for a message that asked for none");
			return;
		}
		if (s->out == OUT_ERR || s->acked || s->done) {
			fail(r, nlh, len, "second error/ack/done for one message");
			return;
		}
		if (e->msg.nlmsg_seq != s->seq || e->msg.nlmsg_type != s->type ||
		    e->msg.nlmsg_flags != s->flags || e->msg.nlmsg_len != s->len) {
			fail(r, nlh, len, "error message quotes another request header");
			return;
		}
		if (!(nlh->nlmsg_flags & NLM_F_CAPPED)) {
			off += s->len - NLMSG_HDRLEN;
			if (len < NLMSG_HDRLEN + off ||
			    memcmp(&e->msg, s->nlh, s->len)) {
				fail(r, nlh, len, "error message does not quote the request");
				return;
			}
		}
		if (nlh->nlmsg_flags & NLM_F_ACK_TLVS) {
			const char *tlv = (const char *)mnl_nlmsg_get_payload(nlh) + MNL_ALIGN(off);

			if (!v_extack(s, (const struct nlattr *)tlv,
				      (const char *)nlh + MNL_ALIGN(len), err, sizeof(err))) {
				fail(r, nlh, len, "%s", err);
				return;
			}
		}
		s->acked = !e->error;
		set_outcome(s, e->error);
		return;
	}

	if (nlh->nlmsg_type == NLMSG_DONE) {
		const int *perr = mnl_nlmsg_get_payload(nlh);

		if (!s->dump || !s->dispatched) {
			fail(r, nlh, len, "done message for a request that was no dump");
			return;
		}
		if (len < NLMSG_HDRLEN + sizeof(int) || *perr > 0 || *perr < -MAX_ERRNO) {
			fail(r, nlh, len, "bad done message");
			return;
		}
		if (s->done || s->out == OUT_ERR) {
			fail(r, nlh, len, "done after done or error");
			return;
		}
		if (nlh->nlmsg_flags & NLM_F_ACK_TLVS) {
			const char *tlv = (const char *)perr + MNL_ALIGN(sizeof(int));

			if (!v_extack(s, (const struct nlattr *)tlv,
				      (const char *)nlh + MNL_ALIGN(len), err, sizeof(err))) {
				fail(r, nlh, len, "%s", err);
				return;
			}
		}
		s->done = true;
		st.dumps_done++;
		set_outcome(s, *perr);
		return;
	}

	if (nlh->nlmsg_type == family) {
		const struct genlmsghdr *g = mnl_nlmsg_get_payload(nlh);
		unsigned int seen[32];

		if (!s->dispatched) {
			fail(r, nlh, len, "kiogen reply to a message kiogen never got");
			return;
		}
		if (hostile_eperm) {
			fail(r, nlh, len, "%s got a kiogen reply", hostile_name);
			return;
		}
		if (len < NLMSG_HDRLEN + GENL_HDRLEN) {
			fail(r, nlh, len, "reply without a genl header");
			return;
		}
		if (g->cmd != s->cmd || g->version != KIOGEN_FAMILY_VERSION) {
			fail(r, nlh, len, "reply cmd %u version %u to cmd %u", g->cmd,
			     g->version, s->cmd);
			return;
		}
		if (!!(nlh->nlmsg_flags & NLM_F_MULTI) != s->dump) {
			fail(r, nlh, len, "NLM_F_MULTI %s on a %s reply",
			     s->dump ? "missing" : "set", s->dump ? "dump" : "do");
			return;
		}
		if (s->out == OUT_ERR || s->done || s->acked) {
			fail(r, nlh, len, "data after error/done/ack");
			return;
		}
		if (!v_attrs(&top_set, NULL, nlh, err, sizeof(err), seen)) {
			fail(r, nlh, len, "malformed reply: %s", err);
			return;
		}
		switch (g->cmd) {
		case KIOGEN_CMD_INFO_GET:
			if (seen[KIOGEN_A_INFO] != 1)
				fail(r, nlh, len, "info reply without one info nest");
			break;
		case KIOGEN_CMD_RUN_NEW:
			if (seen[KIOGEN_A_ID] != 1)
				fail(r, nlh, len, "run_new reply without one run id");
			break;
		case KIOGEN_CMD_RUN_GET:	/* version 2 pages a run's jobs after it */
			if (seen[KIOGEN_A_RUN] + seen[KIOGEN_A_JOB] != 1)
				fail(r, nlh, len, "run_get reply without one run or job nest");
			break;
		case KIOGEN_CMD_RESULTS_GET:
			if (seen[KIOGEN_A_ID] != 1 ||
			    seen[KIOGEN_A_WORKER] + seen[KIOGEN_A_HIST] + seen[KIOGEN_A_SAMPLES] != 1)
				fail(r, nlh, len, "results message without id and one part");
			break;
		default:
			fail(r, nlh, len, "reply to command %u, which has no reply", g->cmd);
			return;
		}
		s->data = true;
		s->multi |= !!(nlh->nlmsg_flags & NLM_F_MULTI);
		set_outcome(s, 0);
		if (r->data_cb)
			r->data_cb(r, nlh);
		return;
	}

	fail(r, nlh, len, "reply of type %u", nlh->nlmsg_type);
}

/*
 * Reads until the queue is empty, or @max datagrams. Dumps continue inside
 * recvmsg, so an empty queue means every reply to the request has arrived.
 */
static void read_replies(struct req *r, int max)
{
	struct sockaddr_nl from;
	int fd = mnl_socket_get_fd(r->sock);

	while (max--) {
		socklen_t alen = sizeof(from);
		const struct nlmsghdr *nlh;
		ssize_t n;
		int rem;

		n = recvfrom(fd, rbuf, r->rlen, MSG_DONTWAIT | MSG_TRUNC,
			     (struct sockaddr *)&from, &alen);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno != EAGAIN)
				fail(r, NULL, 0, "recv: %s", strerror(errno));
			break;
		}
		if ((size_t)n > r->rlen) {
			fail(r, NULL, 0, "reply of %zd bytes does not fit %zu", n, r->rlen);
			continue;
		}
		if (from.nl_pid) {
			fail(r, rbuf, n, "datagram from port %u, not the kernel", from.nl_pid);
			continue;
		}
		rem = (int)n;
		for (nlh = (void *)rbuf; mnl_nlmsg_ok(nlh, rem); nlh = mnl_nlmsg_next(nlh, &rem))
			check_reply(r, nlh);
		if (rem > 0)
			fail(r, rbuf, n, "%d bytes of the datagram are no message", rem);
	}
}

/*
 * Walks the request as the kernel's netlink_rcv_skb() will, and records each
 * message. Every message the kernel will dispatch gets a fresh sequence
 * number and, unless it is a control message (type < NLMSG_MIN_TYPE), our
 * family's type: garbage must never reach another family.
 */
static void walk_request(struct req *r)
{
	size_t off = 0;

	r->nr_msg = 0;
	while (r->len - off >= NLMSG_HDRLEN) {
		struct nlmsghdr *h = (struct nlmsghdr *)(r->buf + off);
		struct sent *s;

		if (h->nlmsg_len < NLMSG_HDRLEN || h->nlmsg_len > r->len - off)
			break;
		if (r->nr_msg == MAX_WALK) {
			r->len = off;	/* more than we track: do not send them */
			break;
		}
		if (h->nlmsg_type >= NLMSG_MIN_TYPE)
			h->nlmsg_type = family;
		h->nlmsg_seq = g_seq++;
		s = &r->msg[r->nr_msg++];
		memset(s, 0, sizeof(*s));
		s->nlh = h;
		s->seq = h->nlmsg_seq;
		s->len = h->nlmsg_len;
		s->type = h->nlmsg_type;
		s->flags = h->nlmsg_flags;
		s->dispatched = h->nlmsg_type == family && (h->nlmsg_flags & NLM_F_REQUEST);
		s->dump = s->dispatched && (h->nlmsg_flags & NLM_F_DUMP) == NLM_F_DUMP;
		if (h->nlmsg_len >= NLMSG_HDRLEN + GENL_HDRLEN)
			s->cmd = ((struct genlmsghdr *)NLMSG_DATA(h))->cmd;
		off += NLMSG_ALIGN(h->nlmsg_len);
		if (off > r->len)
			off = r->len;
	}
	st.messages += r->nr_msg;
}

static bool outcome_ok(const struct sent *s)
{
	return s->out == OUT_OK;
}

static bool send_part(struct req *r, size_t off, size_t len)
{
	ssize_t n;

	st.requests++;
	n = sendto(mnl_socket_get_fd(r->sock), r->buf + off, len, 0,
		   (struct sockaddr *)&(struct sockaddr_nl){ .nl_family = AF_NETLINK },
		   sizeof(struct sockaddr_nl));
	if (n < 0 && errno == ENODATA && !len) {
		st.send_errors++;	/* an empty datagram: refused on the spot */
		return true;
	}
	if (n < 0) {
		fail(r, NULL, 0, "sendto: %s", strerror(errno));
		return false;
	}
	return true;
}

/* Outcomes against expectations, once every reply has been read. */
static void settle(struct req *r)
{
	int i;

	for (i = 0; i < r->nr_msg; i++) {
		struct sent *s = &r->msg[i];

		if (s->dump && s->multi && !s->done && s->out != OUT_ERR && !r->partial)
			fail(r, NULL, 0, "dump of message %d never ended", i);
		if (s->out == OUT_ERR)
			st.errnos[-s->error]++;
		else if (s->out == OUT_OK)
			st.ok++;
		else
			st.no_reply++;

		switch (r->expect) {
		case EXP_ANY:
			break;
		case EXP_FAIL:
			if (s->out != OUT_ERR)
				fail(r, NULL, 0, "the kernel accepted a request the contract refuses (%s)",
				     s->out == OUT_OK ? "success" : "no reply");
			break;
		case EXP_OK:
			if (!outcome_ok(s))
				fail(r, NULL, 0, "a valid request failed: %s",
				     s->out == OUT_ERR ? strerror(-s->error) : "no reply");
			break;
		case EXP_OK_ENOENT:
			if (!outcome_ok(s) && !(s->out == OUT_ERR && s->error == -ENOENT))
				fail(r, NULL, 0, "cleanup request failed: %s",
				     s->out == OUT_ERR ? strerror(-s->error) : "no reply");
			break;
		case EXP_EPERM:
		case EXP_ENOENT:
			if (s->dispatched && !(s->out == OUT_ERR &&
					       s->error == (r->expect == EXP_EPERM ? -EPERM : -ENOENT)))
				fail(r, NULL, 0, "%s request: %s, not %s", hostile_name,
				     s->out == OUT_ERR ? strerror(-s->error) :
				     s->out == OUT_OK ? "success" : "no reply",
				     r->expect == EXP_EPERM ? "EPERM" : "ENOENT");
			break;
		}
		/* from a user without CAP_SYS_ADMIN nothing may succeed */
		if (hostile_eperm && s->dispatched && s->out == OUT_OK)
			fail(r, NULL, 0, "%s request succeeded", hostile_name);
	}
	/* libmnl leaves attribute padding as it finds it: start from zeroes */
	memset(r->buf, 0, r->len);
}

/* Sends the request and checks every reply; false if something failed. */
static bool xfer(struct req *r)
{
	int before = failures;

	walk_request(r);
	if (send_part(r, 0, r->len))
		read_replies(r, -1);
	settle(r);
	return failures == before;
}

/* ---- building messages ---- */

struct bld {
	struct nlmsghdr *nlh;
	size_t room;		/* bytes from nlh to the end of the buffer */
};

static struct bld msg_start(struct req *r, uint16_t flags, uint8_t cmd)
{
	struct bld b;
	struct genlmsghdr *g;

	r->len = NLMSG_ALIGN(r->len);
	b.nlh = mnl_nlmsg_put_header(r->buf + r->len);
	b.room = REQ_MAX - r->len;
	b.nlh->nlmsg_type = family;
	b.nlh->nlmsg_flags = flags;
	g = mnl_nlmsg_put_extra_header(b.nlh, sizeof(*g));
	g->cmd = cmd;
	g->version = KIOGEN_FAMILY_VERSION;
	return b;
}

static void msg_end(struct req *r, struct bld *b)
{
	r->len = (uint8_t *)b->nlh - r->buf + b->nlh->nlmsg_len;
}

static void req_init(struct req *r, int gen, enum expect expect)
{
	r->len = 0;
	r->gen = gen;
	r->expect = expect;
	r->data_cb = NULL;
	r->arg = NULL;
	r->sock = nl;
	r->port = portid;
	r->rlen = sizeof(rbuf);
	r->partial = false;
}

static bool put(struct bld *b, uint16_t type, size_t len, const void *data)
{
	return mnl_attr_put_check(b->nlh, b->room, type, len, data);
}

static void put_u32(struct bld *b, uint16_t type, uint32_t v)
{
	mnl_attr_put_u32_check(b->nlh, b->room, type, v);
}

static void put_u64(struct bld *b, uint16_t type, uint64_t v)
{
	mnl_attr_put_u64_check(b->nlh, b->room, type, v);
}

static void put_str(struct bld *b, uint16_t type, const char *s)
{
	mnl_attr_put_strz_check(b->nlh, b->room, type, s);
}

/* An attribute whose nla_len says @claim while @real bytes follow. */
static bool put_raw(struct bld *b, uint16_t type, uint16_t claim, const void *data,
		    size_t real)
{
	size_t need = MNL_ALIGN(NLA_HDRLEN + real);
	struct nlattr *a;

	if (b->nlh->nlmsg_len + need > b->room || NLA_HDRLEN + real > UINT16_MAX)
		return false;
	a = mnl_nlmsg_get_payload_tail(b->nlh);
	a->nla_type = type;
	a->nla_len = claim;
	memcpy(a + 1, data, real);
	memset((uint8_t *)(a + 1) + real, 0, need - NLA_HDRLEN - real);
	b->nlh->nlmsg_len += need;
	return true;
}

static struct nlattr *nest_start(struct bld *b, uint16_t type)
{
	return mnl_attr_nest_start_check(b->nlh, b->room, type);
}

static void nest_end(struct bld *b, struct nlattr *n)
{
	if (n)
		mnl_attr_nest_end(b->nlh, n);
}

static size_t b_free(const struct bld *b)
{
	return b->room - b->nlh->nlmsg_len;
}

/* ---- values ---- */

static uint32_t interesting_u32(void)
{
	static const uint32_t v[] = {
		0, 1, 2, 3, 4, 6, 7, 8, 15, 16, 63, 64, 99, 100, 101, 255, 256, 257,
		511, 512, 513, 1023, 1024, 1025, 4095, 4096, 4097, 65536,
		16 << 20, (16 << 20) + 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff,
	};

	if (chance(1, 4))
		return (uint32_t)rnd64();
	return v[rnd(sizeof(v) / sizeof(v[0]))];
}

static uint64_t interesting_u64(void)
{
	static const uint64_t v[] = {
		0, 1, 511, 512, 4096, 1 << 20, 1ULL << 30, 1ULL << 40, 0xffffffffULL,
		0x100000000ULL, 1ULL << 63, UINT64_MAX - 511, UINT64_MAX - 1, UINT64_MAX,
		500000000ULL, 3600000000000ULL,
	};

	if (chance(1, 4))
		return rnd64() >> rnd(64);
	return v[rnd(sizeof(v) / sizeof(v[0]))];
}

/* A string attribute of @max bytes with its NUL: fitting, too long, no NUL. */
static void put_fuzz_string(struct bld *b, uint16_t type, size_t max, const char *prefix)
{
	char s[8192];
	size_t plen = strlen(prefix), len, i;

	switch (rnd(8)) {
	case 0:
		len = 0;
		break;
	case 1:
		len = max - 1;		/* longest that fits */
		break;
	case 2:
		len = max;		/* one too long */
		break;
	case 3:
		len = max + rnd(64);
		break;
	default:
		len = rnd((uint32_t)(max < 64 ? max : 64));
		break;
	}
	if (len > sizeof(s) - 2)
		len = sizeof(s) - 2;
	for (i = 0; i < len; i++)
		s[i] = i < plen ? prefix[i] : (char)rnd_range('a', 'z');
	s[len] = 0;
	switch (rnd(6)) {
	case 0:		/* no NUL */
		put(b, type, len, s);
		break;
	case 1:		/* an embedded NUL, then garbage */
		if (len > 2)
			s[rnd((uint32_t)len)] = 0;
		put(b, type, len + 1, s);
		break;
	default:
		put(b, type, len + 1, s);
		break;
	}
}

/* Engine names: null and its near misses; real engines only when allowed. */
static void put_fuzz_engine(struct bld *b, uint16_t type, bool real_ok)
{
	static const char *const names[] = { "null", "nul", "NULL", "null ", "", "nulll",
					     "bio", "kiocb" };
	const char *n = names[rnd(sizeof(names) / sizeof(names[0]))];

	if (!real_ok && (!strcmp(n, "bio") || !strcmp(n, "kiocb")))
		n = NULL_ENGINE;
	switch (rnd(8)) {
	case 0:
		put(b, type, strlen(n), n);			/* no NUL */
		break;
	case 1:
		put(b, type, sizeof("null\0junk"), "null\0junk");	/* embedded NUL */
		break;
	case 2:
		put_fuzz_string(b, type, KIOGEN_ENGINE_LEN, "null");
		break;
	default:
		put_str(b, type, n);
		break;
	}
}

/* ---- generators ---- */

enum gen {
	G_RANDOM_ATTRS, G_JOB_FUZZ, G_NEAR_VALID, G_VALID_RUN, G_ID_OPS, G_DUMP_FLAGS,
	G_HEADER, G_RAW, G_MANY_JOBS, G_DEEP_NEST, G_INFO, G_EXTREME, G_SOCKET,
	G_INTERLEAVE, G_FDS, G_HOSTILE, G_OWNER, G_CLEANUP, G_NR
};

static const char *const gen_names[G_NR] = {
	"random_attrs", "job_fuzz", "near_valid", "valid_run", "id_ops", "dump_flags",
	"header", "raw", "many_jobs", "deep_nest", "info", "extreme", "socket",
	"interleave", "fds", "hostile", "owner", "cleanup",
};

/* per 1000 requests; those that start runs cost the most */
static const unsigned int gen_weight[G_NR] = {
	[G_RANDOM_ATTRS] = 160, [G_JOB_FUZZ] = 240, [G_NEAR_VALID] = 80,
	[G_VALID_RUN] = 10, [G_ID_OPS] = 150, [G_DUMP_FLAGS] = 70, [G_HEADER] = 110,
	[G_RAW] = 60, [G_MANY_JOBS] = 3, [G_DEEP_NEST] = 40, [G_INFO] = 20,
	[G_EXTREME] = 30, [G_SOCKET] = 8, [G_INTERLEAVE] = 20,
	/* version 2: fds as targets; other users and namespaces; portid reuse */
	[G_FDS] = 20, [G_HOSTILE] = 2, [G_OWNER] = 1,
};

static uint32_t gen_mask = ~0U;	/* -x turns generators off */

/* runs we started on purpose, and ids to aim at */
struct live {
	uint32_t id;
	int born;		/* request index */
};

static struct live live[64];
static int nr_live;
static uint32_t recent_ids[16];
static unsigned int nr_recent;
static uint32_t accidental[64];
static int accidental_born[64];
static int nr_accidental;

static uint32_t pick_id(void)
{
	uint32_t r = rnd(100), k = rnd64();

	if (r < 40 && nr_live)
		return live[k % nr_live].id;
	if (r < 60 && nr_recent)
		return recent_ids[k % (nr_recent < 16 ? nr_recent : 16)];
	if (r < 68)
		return 0;
	if (r < 76)
		return UINT32_MAX;
	return rnd_range(1, 300);
}

static uint8_t pick_cmd(void)
{
	uint32_t r = rnd(100);

	if (r < 80)
		return (uint8_t)rnd_range(KIOGEN_CMD_INFO_GET, KIOGEN_CMD_RESULTS_GET);
	if (r < 88)
		return r & 1 ? KIOGEN_CMD_UNSPEC : KIOGEN_CMD_RUN_EVENT;
	return (uint8_t)rnd(256);
}

static uint16_t pick_flags(void)
{
	uint32_t r = rnd(100);
	uint16_t f = NLM_F_REQUEST | NLM_F_ACK;

	if (r < 20)
		f |= NLM_F_DUMP;
	else if (r < 25)
		f |= r & 1 ? NLM_F_ROOT : NLM_F_MATCH;
	else if (r < 30)
		f = NLM_F_REQUEST;
	else if (r < 33)
		f = (uint16_t)rnd64() | NLM_F_REQUEST;
	return f;
}

/* Job attribute kinds, from the UAPI header's comments. */
/* zones, patterns: random bytes */
enum kind { K_NONE, K_PAD, K_U32, K_U64, K_FLAG, K_NAME, K_PATH, K_ENGINE, K_FD,
	    K_FDS, K_ZONES = K_NONE, K_S32 = K_U32, K_PATTERN = K_NONE };

static const uint8_t job_kind[KIOGEN_A_JOB_MAX + 1] = {
	[KIOGEN_A_JOB_PAD]		= K_PAD,
	[KIOGEN_A_JOB_NAME]		= K_NAME,
	[KIOGEN_A_JOB_FILENAME]		= K_PATH,
	[KIOGEN_A_JOB_ENGINE]		= K_ENGINE,
#define JOB_KIND(field, ATTR, TYPE, ...) [KIOGEN_A_JOB_##ATTR] = K_##TYPE,
	KIOG_JOB_FIELDS(JOB_KIND)
#undef JOB_KIND
	[KIOGEN_A_JOB_FILESIZE]		= K_U64,
	[KIOGEN_A_JOB_FALLOCATE]	= K_U32,
	[KIOGEN_A_JOB_FD]		= K_FD,
	[KIOGEN_A_JOB_FILENAME_FORMAT]	= K_NAME,
	[KIOGEN_A_JOB_FDS]		= K_FDS,
};

/*
 * File descriptors to name in KIOGEN_A_JOB_FD: none of them reaches anything
 * that matters (scratch files, a pipe, sockets, a directory, /dev/null, and
 * numbers that are not open); never the standard ones.
 */
enum fdk {
	FD_RW, FD_RO, FD_WO, FD_PIPE, FD_SOCK, FD_DIR, FD_DEVNULL, FD_CLOSED, FD_NR
};
static const char *const fd_names[FD_NR] = {
	"an O_RDWR file", "an O_RDONLY file", "an O_WRONLY file", "a pipe", "a socket",
	"a directory", "/dev/null", "a closed fd",
};
static int fd_pool[FD_NR] = { -1, -1, -1, -1, -1, -1, -1, -1 };
static char fd_dir[] = "/tmp/nl_fuzz_fds.XXXXXX";
static char fd_file[64];
#define FD_FILE_SIZE	(1 << 20)

static uint32_t pick_fd(enum fdk *kind)
{
	enum fdk k = rnd(FD_NR + 1);

	if (k == FD_NR)		/* a number far beyond any open fd */
		k = FD_CLOSED;
	if (kind)
		*kind = k;
	if (k == FD_CLOSED)
		return chance(1, 2) ? fd_pool[FD_CLOSED] : rnd_range(100000, 1 << 20);
	return (uint32_t)fd_pool[k];
}

/* Random bytes as a value; never a real engine name or a real path. */
static void put_garbage(struct bld *b, uint16_t type, bool is_str_attr)
{
	uint8_t d[64];
	size_t n = rnd(sizeof(d) + 1);

	rnd_bytes(d, n);
	if (is_str_attr && n)
		d[0] = '#';	/* neither "bio", "kiocb" nor "/" */
	if (chance(1, 4)) {	/* lie about the length */
		uint16_t claim = chance(1, 2) ? (uint16_t)(NLA_HDRLEN + n + rnd_range(1, 64))
					      : (uint16_t)rnd(NLA_HDRLEN + n);
		put_raw(b, type, claim, d, n);
	} else {
		put(b, type, n, d);
	}
}

/*
 * One job attribute of raw type @raw (flag bits included). A job that may
 * name a file never names a real engine, and every file lies under FUZZ_DIR.
 */
static void put_job_attr(struct bld *b, uint16_t raw, bool files)
{
	uint16_t type = raw & NLA_TYPE_MASK;
	enum kind k = type <= KIOGEN_A_JOB_MAX ? job_kind[type] : K_NONE;
	bool str = k == K_NAME || k == K_PATH || k == K_ENGINE;

	if (k == K_FD) {	/* never random numbers: they could be fds of ours */
		put_u32(b, raw, pick_fd(NULL));
		return;
	}
	if (k == K_FDS) {	/* the pool's too, sometimes cut short of a u32 */
		uint32_t fds[8];
		uint32_t i, n = rnd_range(1, 8);

		for (i = 0; i < n; i++)
			fds[i] = pick_fd(NULL);
		put(b, raw, n * sizeof(fds[0]) - (chance(1, 8) ? rnd_range(1, 3) : 0), fds);
		return;
	}
	uint8_t flagval[8];

	if (k == K_PATH && !files)
		return;
	if (k == K_NONE || chance(1, 5)) {
		put_garbage(b, raw, str);
		return;
	}
	switch (k) {
	case K_PAD:
		put(b, raw, rnd(2) * 8, "\0\0\0\0\0\0\0\0");
		break;
	case K_U32:
		if (chance(1, 10))
			put_u64(b, raw, interesting_u64());	/* wrong width */
		else
			put_u32(b, raw, interesting_u32());
		break;
	case K_U64:
		if (chance(1, 10))
			put_u32(b, raw, interesting_u32());
		else
			put_u64(b, raw, interesting_u64());
		break;
	case K_FLAG:
		rnd_bytes(flagval, sizeof(flagval));
		put(b, raw, chance(3, 4) ? 0 : rnd_range(1, 8), flagval);
		break;
	case K_NAME:
		put_fuzz_string(b, raw, KIOGEN_NAME_LEN, "");
		break;
	case K_PATH:
		put_fuzz_string(b, raw, KIOGEN_PATH_LEN, FUZZ_DIR);
		break;
	case K_ENGINE:
		put_fuzz_engine(b, raw, !files);
		break;
	default:
		break;
	}
}

static uint16_t pick_job_type(void)
{
	uint32_t r = rnd(100);

	if (r < 75)
		return (uint16_t)rnd_range(1, KIOGEN_A_JOB_MAX);
	if (r < 82)
		return 0;
	if (r < 90)
		return (uint16_t)rnd_range(KIOGEN_A_JOB_MAX + 1, KIOGEN_A_JOB_MAX + 16);
	if (r < 95)	/* a valid type with NLA_F_NET_BYTEORDER or NLA_F_NESTED */
		return (uint16_t)rnd_range(1, KIOGEN_A_JOB_MAX) |
		       (chance(1, 2) ? NLA_F_NET_BYTEORDER : NLA_F_NESTED);
	return (uint16_t)rnd64();
}

/* A job nest with @n random attributes. */
static void put_fuzz_job(struct bld *b, unsigned int n)
{
	bool files = chance(1, 4);
	struct nlattr *nest;
	unsigned int i;

	nest = nest_start(b, KIOGEN_A_JOB);
	if (!nest)
		return;
	if (chance(1, 2))	/* often enough to get past the required checks */
		put_str(b, KIOGEN_A_JOB_ENGINE, NULL_ENGINE);
	for (i = 0; i < n && b_free(b) > 128; i++)
		put_job_attr(b, pick_job_type(), files);
	nest_end(b, nest);
	if (chance(1, 20))	/* nest without NLA_F_NESTED */
		nest->nla_type &= ~NLA_F_NESTED;
	if (chance(1, 20))	/* nest length lies */
		nest->nla_len = (uint16_t)(chance(1, 2) ? nest->nla_len + rnd_range(1, 32)
							 : rnd(nest->nla_len));
}

/* A nest of @type holding garbage: bytes, attributes of another set, or both. */
static void put_garbage_nest(struct bld *b, uint16_t type, int depth)
{
	struct nlattr *nest = nest_start(b, type);
	unsigned int i, n = rnd(6);
	uint8_t junk[32];

	if (!nest)
		return;
	for (i = 0; i < n && b_free(b) > 128; i++) {
		switch (rnd(4)) {
		case 0:
			put_u32(b, (uint16_t)rnd(40), interesting_u32());
			break;
		case 1:
			put_u64(b, (uint16_t)rnd(40), interesting_u64());
			break;
		case 2:
			if (depth < 4) {
				put_garbage_nest(b, (uint16_t)rnd(40), depth + 1);
				break;
			}
			/* fall through */
		default:
			put_garbage(b, (uint16_t)rnd(40), true);
			break;
		}
	}
	nest_end(b, nest);
	if (chance(1, 4)) {	/* bytes that are no attribute, inside the nest */
		size_t n2 = rnd_range(1, 3);

		rnd_bytes(junk, n2);
		if (b_free(b) >= 4) {
			memcpy(mnl_nlmsg_get_payload_tail(b->nlh), junk, n2);
			b->nlh->nlmsg_len += MNL_ALIGN(n2);
			nest->nla_len += n2;
		}
	}
}

static void put_top_attr(struct bld *b)
{
	uint32_t r = rnd(100);
	uint16_t type;

	if (r < 20) {
		if (chance(1, 8))
			put_u64(b, KIOGEN_A_ID, interesting_u64());
		else
			put_u32(b, KIOGEN_A_ID, chance(1, 2) ? pick_id() : interesting_u32());
	} else if (r < 30) {
		put_u32(b, KIOGEN_A_FLAGS, chance(1, 2) ? rnd(2) : interesting_u32());
	} else if (r < 55) {
		put_fuzz_job(b, rnd(10));
	} else if (r < 70) {
		static const uint16_t nests[] = { KIOGEN_A_INFO, KIOGEN_A_RUN, KIOGEN_A_WORKER,
						  KIOGEN_A_HIST, KIOGEN_A_SAMPLES, KIOGEN_A_ID,
						  KIOGEN_A_FLAGS, KIOGEN_A_PAD };

		put_garbage_nest(b, nests[rnd(sizeof(nests) / sizeof(nests[0]))], 0);
	} else if (r < 80) {
		type = chance(1, 2) ? 0 : (uint16_t)rnd_range(KIOGEN_A_MAX + 1, 200);
		put_garbage(b, type, false);
	} else if (r < 90) {
		put_garbage(b, (uint16_t)rnd64(), false);
	} else {
		put(b, KIOGEN_A_PAD, rnd(2) * 8, "\0\0\0\0\0\0\0\0");
	}
}

static void gen_random_attrs(struct req *r)
{
	struct bld b = msg_start(r, pick_flags(), pick_cmd());
	unsigned int i, n = rnd(8);

	for (i = 0; i < n; i++)
		put_top_attr(&b);
	msg_end(r, &b);
}

static void gen_job_fuzz(struct req *r)
{
	struct bld b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_RUN_NEW);
	unsigned int i, jobs = rnd_range(1, 3);

	if (chance(1, 3))
		put_u32(&b, KIOGEN_A_FLAGS, chance(3, 4) ? rnd(2) : interesting_u32());
	for (i = 0; i < jobs; i++)
		put_fuzz_job(&b, rnd_range(1, 16));
	msg_end(r, &b);
}

/* A small valid null-engine job; @numjobs workers. */
static void put_valid_job(struct bld *b, uint32_t numjobs, uint32_t depth)
{
	struct nlattr *nest = nest_start(b, KIOGEN_A_JOB);
	uint32_t bs = chance(1, 2) ? 512u << rnd(12) : rnd_range(512, 65536);
	uint64_t size = (uint64_t)bs * rnd_range(1, 256) + rnd(bs);
	bool sync = chance(1, 4);
	char name[KIOGEN_NAME_LEN];

	snprintf(name, sizeof(name), "fuzz%u", rnd(1000));
	put_str(b, KIOGEN_A_JOB_NAME, name);
	put_str(b, KIOGEN_A_JOB_ENGINE, NULL_ENGINE);
	put_u32(b, KIOGEN_A_JOB_RW, rnd_range(KIOGEN_RW_READ, KIOGEN_RW_MAX));
	put_u32(b, KIOGEN_A_JOB_BS, bs);
	put_u64(b, KIOGEN_A_JOB_SIZE, size);
	if (chance(1, 3))
		put_u64(b, KIOGEN_A_JOB_OFFSET, rnd64() >> 24);
	if (chance(1, 2))
		put_u32(b, KIOGEN_A_JOB_RWMIXREAD, rnd(101));
	put_u32(b, KIOGEN_A_JOB_NUMJOBS, numjobs);
	if (sync) {
		put_u32(b, KIOGEN_A_JOB_MODE, KIOGEN_MODE_SYNC);
	} else {
		if (chance(1, 2))
			put_u32(b, KIOGEN_A_JOB_MODE, KIOGEN_MODE_ASYNC);
		put_u32(b, KIOGEN_A_JOB_IODEPTH, depth);
	}
	switch (rnd(4)) {
	case 0:
		put_u64(b, KIOGEN_A_JOB_NUMBER_IOS, rnd_range(1, 5000));
		break;
	case 1:
		put_u64(b, KIOGEN_A_JOB_IO_SIZE, (uint64_t)bs * rnd_range(1, 2000));
		break;
	case 2:
		put_u64(b, KIOGEN_A_JOB_RUNTIME_NS, rnd_range(1, 100) * 1000000ULL);
		put(b, KIOGEN_A_JOB_TIME_BASED, 0, NULL);
		break;
	default:	/* one pass over size */
		break;
	}
	if (chance(1, 4))
		put_u64(b, KIOGEN_A_JOB_RAMP_NS, rnd_range(0, 20) * 1000000ULL);
	if (chance(1, 2))
		put_u64(b, KIOGEN_A_JOB_SEED, rnd64());
	if (chance(1, 3))
		put(b, KIOGEN_A_JOB_NORANDOMMAP, 0, NULL);
	nest_end(b, nest);
}

/* A null job that runs for @runtime seconds unless stopped. */
static void put_long_job_rt(struct bld *b, uint32_t numjobs, uint32_t depth,
			    uint64_t runtime_s)
{
	struct nlattr *nest = nest_start(b, KIOGEN_A_JOB);

	put_str(b, KIOGEN_A_JOB_ENGINE, NULL_ENGINE);
	put_u32(b, KIOGEN_A_JOB_RW, KIOGEN_RW_RANDRW);
	put_u32(b, KIOGEN_A_JOB_BS, 4096);
	put_u64(b, KIOGEN_A_JOB_SIZE, 64 << 20);
	put_u32(b, KIOGEN_A_JOB_NUMJOBS, numjobs);
	put_u32(b, KIOGEN_A_JOB_IODEPTH, depth);
	put_u64(b, KIOGEN_A_JOB_RUNTIME_NS, runtime_s * 1000000000ULL);
	put(b, KIOGEN_A_JOB_TIME_BASED, 0, NULL);
	nest_end(b, nest);
}

static void put_long_job(struct bld *b, uint32_t numjobs, uint32_t depth)
{
	put_long_job_rt(b, numjobs, depth, 60);
}

static uint32_t small_numjobs(void)
{
	uint32_t n = rnd_range(1, 4);

	return n > max_workers ? max_workers : n;
}

static void gen_valid_run(struct req *r)
{
	struct bld b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_RUN_NEW);
	unsigned int i, jobs = chance(1, 4) ? 2 : 1;

	r->expect = EXP_OK;
	if (chance(1, 2))
		put_u32(&b, KIOGEN_A_FLAGS, chance(1, 2) ? KIOGEN_RUN_F_DETACHED : 0);
	for (i = 0; i < jobs; i++)
		put_valid_job(&b, jobs == 2 ? 1 : small_numjobs(), rnd_range(1, 32));
	msg_end(r, &b);
}

/*
 * A valid job with one mutation. Mutations the contract refuses are
 * expected to fail; the rest may start a run, which is reaped at once.
 */
static void gen_near_valid(struct req *r)
{
	struct bld b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_RUN_NEW);
	struct nlattr *nest;
	uint32_t m = rnd(18);

	r->expect = EXP_ANY;
	if (m == 0) {		/* unknown flag bits */
		put_u32(&b, KIOGEN_A_FLAGS, KIOGEN_RUN_F_DETACHED << rnd_range(1, 31));
		r->expect = EXP_FAIL;
	}
	if (m == 1) {		/* an unknown top-level attribute */
		put_u32(&b, (uint16_t)rnd_range(KIOGEN_A_MAX + 1, 64), 1);
		r->expect = EXP_FAIL;
	}
	nest = nest_start(&b, KIOGEN_A_JOB);
	if (!nest)
		return;
	if (m != 2)
		put_str(&b, KIOGEN_A_JOB_ENGINE, NULL_ENGINE);
	else
		r->expect = EXP_FAIL;	/* engine missing */
	if (m != 3)
		put_u32(&b, KIOGEN_A_JOB_RW, KIOGEN_RW_RANDREAD);
	else
		r->expect = EXP_FAIL;
	if (m != 4)
		put_u32(&b, KIOGEN_A_JOB_BS, 4096);
	else
		r->expect = EXP_FAIL;
	if (m != 5)
		put_u64(&b, KIOGEN_A_JOB_SIZE, 1 << 20);
	else
		r->expect = EXP_FAIL;	/* the null engine needs a size */
	put_u64(&b, KIOGEN_A_JOB_NUMBER_IOS, 64);

	switch (m < 6 ? 0 : m) {
	case 0:			/* the mutation above is the only one */
		break;
	case 6:			/* sync mode with depth */
		put_u32(&b, KIOGEN_A_JOB_MODE, KIOGEN_MODE_SYNC);
		put_u32(&b, KIOGEN_A_JOB_IODEPTH, rnd_range(2, 64));
		r->expect = EXP_FAIL;
		break;
	case 7:			/* time_based without runtime */
		put(&b, KIOGEN_A_JOB_TIME_BASED, 0, NULL);
		r->expect = EXP_FAIL;
		break;
	case 8:			/* flag with a payload */
		put_u32(&b, KIOGEN_A_JOB_TIME_BASED, 1);
		r->expect = EXP_FAIL;
		break;
	case 9:			/* name one byte too long */
		put_fuzz_string(&b, KIOGEN_A_JOB_NAME, KIOGEN_NAME_LEN, "x");
		break;
	case 10:		/* bs larger than size */
		put_u32(&b, KIOGEN_A_JOB_BS, 2 << 20);
		r->expect = EXP_FAIL;
		break;
	case 11:		/* u32 with the wrong width */
		put_u64(&b, (uint16_t)(chance(1, 2) ? KIOGEN_A_JOB_NUMJOBS : KIOGEN_A_JOB_IODEPTH),
			1);
		r->expect = EXP_FAIL;
		break;
	case 12:		/* more workers than max_workers */
		put_u32(&b, KIOGEN_A_JOB_NUMJOBS, max_workers + rnd_range(1, 8));
		r->expect = EXP_FAIL;
		break;
	case 13:		/* duplicated attribute: the last one counts */
		put_u32(&b, KIOGEN_A_JOB_BS, interesting_u32());
		break;
	case 14:		/* offset beyond what a 1 MiB region allows */
		put_u64(&b, KIOGEN_A_JOB_OFFSET, UINT64_MAX - rnd(1 << 20));
		r->expect = EXP_FAIL;
		break;
	case 15:		/* version 1 asked the kernel to lay files out */
		if (chance(1, 2))
			put_u64(&b, KIOGEN_A_JOB_FILESIZE, 1 << 20);
		else
			put_u32(&b, KIOGEN_A_JOB_FALLOCATE, rnd(2));
		r->expect = EXP_FAIL;
		break;
	case 16:		/* a target for the null engine */
		put_u32(&b, KIOGEN_A_JOB_FD, pick_fd(NULL));
		break;
	default:		/* a random attribute with an interesting value */
		put_job_attr(&b, pick_job_type(), false);
		break;
	}
	nest_end(&b, nest);
	msg_end(r, &b);
}

/*
 * Extremes for every job attribute: u32 max, u64 max and friends, one
 * attribute at a time on an otherwise valid null job.
 */
static void gen_extreme(struct req *r)
{
	static const uint32_t u32s[] = { UINT32_MAX, UINT32_MAX - 1, 0x80000000, 0 };
	static const uint64_t u64s[] = { UINT64_MAX, UINT64_MAX - 1, 1ULL << 63, 0 };
	struct bld b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_RUN_NEW);
	uint16_t type = (uint16_t)rnd_range(KIOGEN_A_JOB_MODE, KIOGEN_A_JOB_MAX);
	struct nlattr *nest;
	int vi = rnd(4);

	r->expect = EXP_ANY;
	nest = nest_start(&b, KIOGEN_A_JOB);
	if (!nest)
		return;
	put_str(&b, KIOGEN_A_JOB_ENGINE, NULL_ENGINE);
	if (type != KIOGEN_A_JOB_RW)
		put_u32(&b, KIOGEN_A_JOB_RW, KIOGEN_RW_READ);
	if (type != KIOGEN_A_JOB_BS)
		put_u32(&b, KIOGEN_A_JOB_BS, 4096);
	if (type != KIOGEN_A_JOB_SIZE)
		put_u64(&b, KIOGEN_A_JOB_SIZE, 1 << 20);
	if (type != KIOGEN_A_JOB_NUMBER_IOS && type != KIOGEN_A_JOB_IO_SIZE)
		put_u64(&b, KIOGEN_A_JOB_NUMBER_IOS, 16);
	switch (job_kind[type]) {
	case K_U32:
		put_u32(&b, type, u32s[vi]);
		/* no enum, percentage, count or flag set of the UAPI reaches u32 max */
		if (vi < 2 && (type == KIOGEN_A_JOB_MODE || type == KIOGEN_A_JOB_RW ||
			       type == KIOGEN_A_JOB_RWMIXREAD || type == KIOGEN_A_JOB_BS ||
			       type == KIOGEN_A_JOB_NUMJOBS || type == KIOGEN_A_JOB_IODEPTH ||
			       type == KIOGEN_A_JOB_FALLOCATE ||
			       type == KIOGEN_A_JOB_CONTINUE_ON_ERROR))
			r->expect = EXP_FAIL;
		break;
	case K_U64:
		put_u64(&b, type, u64s[vi]);
		if (vi == 0 && type == KIOGEN_A_JOB_OFFSET)
			r->expect = EXP_FAIL;
		break;
	case K_FLAG:
		put(&b, type, 0, NULL);
		break;
	default:
		break;
	}
	/* version 2 refuses what asked the kernel to lay files out */
	if (type == KIOGEN_A_JOB_FILESIZE || type == KIOGEN_A_JOB_FALLOCATE)
		r->expect = EXP_FAIL;
	nest_end(&b, nest);
	msg_end(r, &b);
}

static void gen_id_ops(struct req *r)
{
	static const uint8_t cmds[] = { KIOGEN_CMD_RUN_GET, KIOGEN_CMD_RUN_STOP,
					KIOGEN_CMD_RUN_DEL, KIOGEN_CMD_RESULTS_GET };
	uint8_t cmd = cmds[rnd(4)];
	uint16_t flags = NLM_F_REQUEST | NLM_F_ACK;
	bool dump;
	struct bld b;

	if (cmd == KIOGEN_CMD_RESULTS_GET)
		dump = chance(9, 10);
	else if (cmd == KIOGEN_CMD_RUN_GET)
		dump = chance(3, 10);
	else
		dump = chance(1, 10);
	if (dump)
		flags |= NLM_F_DUMP;
	b = msg_start(r, flags, cmd);
	if (chance(9, 10))
		put_u32(&b, KIOGEN_A_ID, pick_id());
	if (chance(1, 10))
		put_top_attr(&b);
	msg_end(r, &b);
	/* dump flags on do-only commands, and no dump flag on dump-only ones */
	if ((dump && cmd != KIOGEN_CMD_RUN_GET && cmd != KIOGEN_CMD_RESULTS_GET) ||
	    (!dump && cmd == KIOGEN_CMD_RESULTS_GET))
		r->expect = EXP_FAIL;
}

static void gen_dump_flags(struct req *r)
{
	static const uint16_t f[] = { NLM_F_DUMP, NLM_F_ROOT, NLM_F_MATCH, NLM_F_ATOMIC,
				      NLM_F_DUMP | NLM_F_ATOMIC, 0 };
	uint8_t cmd = (uint8_t)rnd_range(KIOGEN_CMD_UNSPEC, KIOGEN_CMD_RUN_EVENT);
	uint16_t flags = NLM_F_REQUEST | NLM_F_ACK | f[rnd(6)];
	struct bld b = msg_start(r, flags, cmd);
	bool dump = (flags & NLM_F_DUMP) == NLM_F_DUMP;

	if (chance(1, 2))
		put_u32(&b, KIOGEN_A_ID, pick_id());
	msg_end(r, &b);
	if (cmd == KIOGEN_CMD_UNSPEC || cmd == KIOGEN_CMD_RUN_EVENT)
		r->expect = EXP_FAIL;	/* no such operation */
	else if (dump ? cmd != KIOGEN_CMD_RUN_GET && cmd != KIOGEN_CMD_RESULTS_GET
		      : cmd == KIOGEN_CMD_RESULTS_GET)
		r->expect = EXP_FAIL;
}

static void gen_info(struct req *r)
{
	struct bld b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_INFO_GET);

	r->expect = EXP_OK;
	if (chance(1, 4)) {
		put_top_attr(&b);
		r->expect = EXP_ANY;
	}
	msg_end(r, &b);
}

/* Header-level lies, control messages and chains of messages. */
static void gen_header(struct req *r)
{
	uint32_t m = rnd(10), i, n;
	struct bld b;

	switch (m) {
	case 0:			/* nlmsg_len shorter than what follows */
	case 1:
		gen_random_attrs(r);
		if (r->len > NLMSG_HDRLEN)
			r->align.nlmsg_len = rnd_range(NLMSG_HDRLEN, (uint32_t)r->len - 1);
		break;
	case 2:			/* nlmsg_len longer than the datagram: dropped */
		gen_random_attrs(r);
		r->align.nlmsg_len = (uint32_t)r->len + rnd_range(1, 4096);
		break;
	case 3:			/* below the header sizes */
		gen_random_attrs(r);
		r->align.nlmsg_len = rnd(NLMSG_HDRLEN + GENL_HDRLEN);
		break;
	case 4:			/* control message types, random flags */
		b = msg_start(r, (uint16_t)rnd64() | (chance(1, 2) ? NLM_F_ACK : 0),
			      (uint8_t)rnd64());
		b.nlh->nlmsg_type = (uint16_t)rnd(NLMSG_MIN_TYPE);
		msg_end(r, &b);
		break;
	case 5:			/* a request that is no request */
		b = msg_start(r, NLM_F_ACK | (chance(1, 2) ? NLM_F_DUMP : 0), pick_cmd());
		put_top_attr(&b);
		msg_end(r, &b);
		break;
	case 6:			/* random genl version and reserved bits */
		gen_random_attrs(r);
		((struct genlmsghdr *)NLMSG_DATA(&r->align))->version = (uint8_t)rnd64();
		((struct genlmsghdr *)NLMSG_DATA(&r->align))->reserved = (uint16_t)rnd64();
		break;
	case 7:			/* a chain of requests in one datagram */
		n = rnd_range(2, 8);
		for (i = 0; i < n && r->len < REQ_MAX / 2; i++) {
			switch (rnd(3)) {
			case 0:
				gen_random_attrs(r);
				break;
			case 1:
				b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_INFO_GET);
				msg_end(r, &b);
				break;
			default:
				b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK |
					      (chance(1, 2) ? NLM_F_DUMP : 0),
					      KIOGEN_CMD_RUN_GET);
				put_u32(&b, KIOGEN_A_ID, pick_id());
				msg_end(r, &b);
				break;
			}
		}
		if (chance(1, 2))	/* and the first one lies about its length */
			r->align.nlmsg_len = rnd_range(NLMSG_HDRLEN, (uint32_t)r->len);
		break;
	case 8:			/* trailing bytes after a message */
		gen_random_attrs(r);
		n = rnd_range(1, 40);
		if (r->len + n <= REQ_MAX) {
			rnd_bytes(r->buf + r->len, n);
			r->len += n;
		}
		break;
	default:		/* tiny datagrams */
		r->len = rnd(NLMSG_HDRLEN + GENL_HDRLEN);
		rnd_bytes(r->buf, r->len);
		break;
	}
}

static void gen_raw(struct req *r)
{
	struct bld b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, pick_cmd());
	size_t n = rnd(chance(1, 10) ? 4096 : 256);

	if (n > b_free(&b))
		n = b_free(&b);
	rnd_bytes(mnl_nlmsg_get_payload_tail(b.nlh), n);
	b.nlh->nlmsg_len += n;
	msg_end(r, &b);
}

/* Many job nests in one run: empty, garbage or valid. */
static void gen_many_jobs(struct req *r)
{
	static const unsigned int counts[] = { 2, 16, 64, 255, 256, 257, 1000, 2000, 5000 };
	struct bld b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_RUN_NEW);
	unsigned int n = counts[rnd(sizeof(counts) / sizeof(counts[0]))], i;
	uint32_t style = rnd(3);

	/* up to 64 single-worker jobs run; more than max_workers are refused */
	if (style == 1 && n > 64 && n <= max_workers)
		n = 64;

	for (i = 0; i < n && b_free(&b) > 256; i++) {
		if (style == 0) {
			nest_end(&b, nest_start(&b, KIOGEN_A_JOB));
		} else if (style == 1) {
			put_valid_job(&b, 1, 1);
		} else {
			put_fuzz_job(&b, rnd(3));
		}
	}
	msg_end(r, &b);
	if (style == 0)
		r->expect = EXP_FAIL;	/* jobs without engine, rw, bs */
}

/* Nests within nests, as deep as the buffer allows. */
static void gen_deep_nest(struct req *r)
{
	struct bld b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK,
				 chance(1, 2) ? KIOGEN_CMD_RUN_NEW : pick_cmd());
	struct nlattr *stack[2048];
	unsigned int depth = chance(1, 4) ? rnd_range(100, 2000) : rnd_range(2, 40), i;
	bool job_outer = chance(2, 3);

	for (i = 0; i < depth && b_free(&b) > 64; i++) {
		uint16_t type = i == 0 && job_outer ? KIOGEN_A_JOB
						    : (uint16_t)(chance(1, 2) ? KIOGEN_A_JOB
									  : rnd(KIOGEN_A_JOB_MAX + 2));
		stack[i] = nest_start(&b, type);
		if (!stack[i])
			break;
		if (chance(1, 8))
			put_u32(&b, (uint16_t)rnd(KIOGEN_A_JOB_MAX + 1), interesting_u32());
	}
	if (chance(1, 2))
		put_garbage(&b, (uint16_t)rnd(40), true);
	while (i--)
		nest_end(&b, stack[i]);
	msg_end(r, &b);
	if (depth >= 2)		/* nothing of the UAPI nests below a job */
		r->expect = job_outer ? EXP_FAIL : EXP_ANY;
}

/*
 * A kiocb or bio job on one of the fds of the pool: it runs only on the
 * O_RDWR scratch file (or the O_RDONLY / O_WRONLY one for a job that only
 * reads / writes), buffered, with the kiocb engine; everything else (a pipe,
 * a socket, a directory, /dev/null, a closed fd, O_DIRECT asked of an fd
 * without it, bio on a file) must be refused.
 */
static void gen_fds(struct req *r)
{
	struct bld b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_RUN_NEW);
	uint32_t rw = rnd_range(KIOGEN_RW_READ, KIOGEN_RW_MAX), fd;
	bool bio = chance(1, 4), direct = chance(1, 6), async = chance(1, 2);
	bool writes = kiog_rw_writes(rw), reads = kiog_rw_reads(rw);
	struct nlattr *nest;
	enum fdk k;

	fd = pick_fd(&k);
	nest = nest_start(&b, KIOGEN_A_JOB);
	if (!nest)
		return;
	put_str(&b, KIOGEN_A_JOB_ENGINE, bio ? "bio" : "kiocb");
	put_u32(&b, KIOGEN_A_JOB_RW, rw);
	put_u32(&b, KIOGEN_A_JOB_BS, 4096);
	put_u64(&b, KIOGEN_A_JOB_SIZE, FD_FILE_SIZE);
	put_u64(&b, KIOGEN_A_JOB_NUMBER_IOS, rnd_range(1, 64));
	put_u32(&b, KIOGEN_A_JOB_MODE, async ? KIOGEN_MODE_ASYNC : KIOGEN_MODE_SYNC);
	if (async)
		put_u32(&b, KIOGEN_A_JOB_IODEPTH, rnd_range(1, 8));
	if (direct)
		put(&b, KIOGEN_A_JOB_DIRECT, 0, NULL);
	put_u32(&b, KIOGEN_A_JOB_FD, fd);
	nest_end(&b, nest);
	msg_end(r, &b);
	if (!bio && !direct && (k == FD_RW || (k == FD_RO && !writes) || (k == FD_WO && !reads)))
		r->expect = EXP_OK;
	else
		r->expect = EXP_FAIL;
	if (verbose)
		diag("fds: %s %s on %s (fd %u): %s", bio ? "bio" : "kiocb",
		     writes ? reads ? "rw" : "write" : "read", fd_names[k], fd,
		     r->expect == EXP_OK ? "must run" : "must be refused");
}

/* ---- runs: tracking, reaping, cleanup ---- */

static int learn_run_id(struct req *r, const struct nlmsghdr *nlh)
{
	const struct genlmsghdr *g = mnl_nlmsg_get_payload(nlh);
	const struct nlattr *a;

	if (g->cmd != KIOGEN_CMD_RUN_NEW)
		return MNL_CB_OK;
	mnl_attr_for_each(a, nlh, GENL_HDRLEN) {
		if (mnl_attr_get_type(a) != KIOGEN_A_ID)
			continue;
		if (r->gen == G_VALID_RUN && nr_live < (int)(sizeof(live) / sizeof(live[0]))) {
			live[nr_live].id = mnl_attr_get_u32(a);
			live[nr_live++].born = cur_index;
			st.runs_valid++;
		} else if (nr_accidental < (int)(sizeof(accidental) / sizeof(accidental[0]))) {
			accidental_born[nr_accidental] = cur_index;
			accidental[nr_accidental++] = mnl_attr_get_u32(a);
			st.runs_accidental++;
		}
		recent_ids[nr_recent++ % 16] = mnl_attr_get_u32(a);
	}
	return MNL_CB_OK;
}

static bool run_cmd(uint8_t cmd, uint32_t id, enum expect expect)
{
	struct req *r = &g_req;
	struct bld b;

	req_init(r, G_CLEANUP, expect);
	b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, cmd);
	put_u32(&b, KIOGEN_A_ID, id);
	msg_end(r, &b);
	return xfer(r);
}

static bool wait_not_running(uint32_t id, double timeout_s);

/* RUN_STOP returns at once (version 2): the run is deleted once it has ended. */
static void reap_run(uint32_t id)
{
	if (run_cmd(KIOGEN_CMD_RUN_STOP, id, EXP_OK_ENOENT))
		st.runs_stopped++;
	if (!wait_not_running(id, 10))
		fail(NULL, NULL, 0, "run %u still running 10 s after RUN_STOP", id);
	if (run_cmd(KIOGEN_CMD_RUN_DEL, id, EXP_OK_ENOENT))
		st.runs_deleted++;
}

/* Deletes a run that has likely ended on its own; stops it first if not. */
static void reap_finished_run(uint32_t id)
{
	struct req *r = &g_req;

	if (!run_cmd(KIOGEN_CMD_RUN_DEL, id, EXP_ANY))
		return;
	if (r->msg[0].out == OUT_OK) {
		st.runs_deleted++;
	} else if (r->msg[0].error == -EBUSY) {
		reap_run(id);
	} else if (r->msg[0].error != -ENOENT) {
		fail(r, NULL, 0, "deleting run %u: %s", id, strerror(-r->msg[0].error));
	}
}

/*
 * Runs that requests started by accident end on their own within a few
 * requests (small regions, few I/Os) or run until stopped; both are gone a
 * few requests later. Valid runs live a while, to be aimed at.
 */
static void reap_runs(bool all)
{
	while (nr_accidental && (all || nr_accidental > 8 ||
				 cur_index - accidental_born[0] > ACCIDENTAL_AGE)) {
		reap_finished_run(accidental[0]);
		nr_accidental--;
		memmove(accidental, accidental + 1, nr_accidental * sizeof(accidental[0]));
		memmove(accidental_born, accidental_born + 1,
			nr_accidental * sizeof(accidental_born[0]));
	}
	while (nr_live && (all || nr_live > LIVE_MAX || cur_index - live[0].born > LIVE_AGE)) {
		reap_run(live[0].id);
		memmove(live, live + 1, --nr_live * sizeof(live[0]));
	}
}

/* RUN_GET dump: ids and states of every run */
struct run_list {
	uint32_t id[1024];
	uint32_t state[1024];
	uint32_t workers[1024];
	unsigned int n;
};

static int run_list_cb(struct req *r, const struct nlmsghdr *nlh)
{
	struct run_list *l = r->arg;
	const struct nlattr *a, *b;

	mnl_attr_for_each(a, nlh, GENL_HDRLEN) {
		if (mnl_attr_get_type(a) != KIOGEN_A_RUN || l->n >= 1024)
			continue;
		l->id[l->n] = l->state[l->n] = l->workers[l->n] = 0;
		mnl_attr_for_each_nested(b, a) {
			switch (mnl_attr_get_type(b)) {
			case KIOGEN_A_RUN_ID:
				l->id[l->n] = mnl_attr_get_u32(b);
				break;
			case KIOGEN_A_RUN_STATE:
				l->state[l->n] = mnl_attr_get_u32(b);
				break;
			case KIOGEN_A_RUN_NR_WORKERS:
				l->workers[l->n] = mnl_attr_get_u32(b);
				break;
			}
		}
		l->n++;
	}
	return MNL_CB_OK;
}

static bool list_runs(struct run_list *l)
{
	struct req *r = &g_req;
	struct bld b;

	l->n = 0;
	req_init(r, G_CLEANUP, EXP_OK);
	r->data_cb = run_list_cb;
	r->arg = l;
	b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK | NLM_F_DUMP, KIOGEN_CMD_RUN_GET);
	msg_end(r, &b);
	return xfer(r);
}

struct info {
	uint64_t mem_used, max_mem;
	uint32_t max_workers, max_runs, family_version;
	bool null_engine, seen;
};

static int info_cb(struct req *r, const struct nlmsghdr *nlh)
{
	struct info *in = r->arg;
	const struct nlattr *a, *b;

	mnl_attr_for_each(a, nlh, GENL_HDRLEN) {
		if (mnl_attr_get_type(a) != KIOGEN_A_INFO)
			continue;
		in->seen = true;
		mnl_attr_for_each_nested(b, a) {
			switch (mnl_attr_get_type(b)) {
			case KIOGEN_A_INFO_MEM_USED:
				in->mem_used = mnl_attr_get_u64(b);
				break;
			case KIOGEN_A_INFO_MAX_MEM:
				in->max_mem = mnl_attr_get_u64(b);
				break;
			case KIOGEN_A_INFO_MAX_WORKERS:
				in->max_workers = mnl_attr_get_u32(b);
				break;
			case KIOGEN_A_INFO_MAX_RUNS:
				in->max_runs = mnl_attr_get_u32(b);
				break;
			case KIOGEN_A_INFO_FAMILY_VERSION:
				in->family_version = mnl_attr_get_u32(b);
				break;
			case KIOGEN_A_INFO_ENGINE:
				in->null_engine |= !strcmp(mnl_attr_get_str(b), NULL_ENGINE);
				break;
			}
		}
	}
	return MNL_CB_OK;
}

static bool get_info(struct info *in)
{
	struct req *r = &g_req;
	struct bld b;

	memset(in, 0, sizeof(*in));
	req_init(r, G_CLEANUP, EXP_OK);
	r->data_cb = info_cb;
	r->arg = in;
	b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_INFO_GET);
	msg_end(r, &b);
	return xfer(r) && in->seen;
}

/* Stops every running run, deletes every run; true if none is left. */
static bool cleanup_all(unsigned int *found)
{
	static struct run_list l;
	unsigned int i;

	if (!list_runs(&l))
		return false;
	*found = l.n;
	for (i = 0; i < l.n; i++)
		if (l.state[i] == KIOGEN_STATE_RUNNING &&
		    run_cmd(KIOGEN_CMD_RUN_STOP, l.id[i], EXP_OK_ENOENT))
			st.runs_stopped++;
	for (i = 0; i < l.n; i++) {
		if (l.state[i] == KIOGEN_STATE_RUNNING && !wait_not_running(l.id[i], 10))
			fail(NULL, NULL, 0, "run %u still running 10 s after RUN_STOP", l.id[i]);
		if (run_cmd(KIOGEN_CMD_RUN_DEL, l.id[i], EXP_OK_ENOENT))
			st.runs_deleted++;
	}
	if (!list_runs(&l))
		return false;
	if (l.n) {
		diag("%u runs left after deleting all of them (first id %u state %u)",
		     l.n, l.id[0], l.state[0]);
		return false;
	}
	return true;
}

struct run_state {
	uint32_t state;
	bool seen;
};

static int run_state_cb(struct req *r, const struct nlmsghdr *nlh)
{
	struct run_list l = { .n = 0 };
	struct run_state *rs = r->arg;
	void *saved = r->arg;

	r->arg = &l;
	run_list_cb(r, nlh);
	r->arg = saved;
	if (l.n == 1) {
		rs->state = l.state[0];
		rs->seen = true;
	}
	return MNL_CB_OK;
}

static bool run_state(uint32_t id, uint32_t *state)
{
	struct req *r = &g_req;
	struct run_state rs = { 0 };
	struct bld b;

	req_init(r, G_CLEANUP, EXP_ANY);
	r->data_cb = run_state_cb;
	r->arg = &rs;
	b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_RUN_GET);
	put_u32(&b, KIOGEN_A_ID, id);
	msg_end(r, &b);
	if (!xfer(r))
		return false;
	if (r->msg[0].out == OUT_ERR) {
		*state = 0;
		return r->msg[0].error == -ENOENT;
	}
	*state = rs.state;
	return rs.seen;
}

/* ---- events: the multicast group, drained after every request ---- */

static void drain_events(void)
{
	int fd;

	if (!ev)
		return;
	fd = mnl_socket_get_fd(ev);
	for (;;) {
		const struct nlmsghdr *nlh;
		char err[200];
		unsigned int seen[32];
		ssize_t n;
		int rem;

		n = recv(fd, rbuf, sizeof(rbuf), MSG_DONTWAIT);
		if (n < 0) {
			if (errno == ENOBUFS) {	/* multicast may drop; not an error */
				st.events_lost++;
				continue;
			}
			break;
		}
		rem = (int)n;
		for (nlh = (void *)rbuf; mnl_nlmsg_ok(nlh, rem); nlh = mnl_nlmsg_next(nlh, &rem)) {
			const struct genlmsghdr *g = mnl_nlmsg_get_payload(nlh);

			st.events++;
			if (nlh->nlmsg_type != family || nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN ||
			    g->cmd != KIOGEN_CMD_RUN_EVENT || nlh->nlmsg_seq || nlh->nlmsg_pid) {
				fail(NULL, nlh, nlh->nlmsg_len, "malformed event header");
				continue;
			}
			if (!v_attrs(&top_set, NULL, nlh, err, sizeof(err), seen)) {
				fail(NULL, nlh, nlh->nlmsg_len, "malformed event: %s", err);
				continue;
			}
			if (seen[KIOGEN_A_RUN] != 1)
				fail(NULL, nlh, nlh->nlmsg_len, "event without one run nest");
		}
		if (rem > 0)
			fail(NULL, rbuf, n, "event datagram with %d stray bytes", rem);
	}
}

/* ---- other sockets: owners that go away, dumps interleaved ---- */

static struct mnl_socket *aux_open(void)
{
	struct mnl_socket *s = mnl_socket_open(NETLINK_GENERIC);
	int one = 1;

	if (!s)
		return NULL;
	if (mnl_socket_bind(s, 0, MNL_SOCKET_AUTOPID) < 0) {
		mnl_socket_close(s);
		return NULL;
	}
	mnl_socket_setsockopt(s, NETLINK_EXT_ACK, &one, sizeof(one));
	return s;
}

static bool aux_attach(struct req *r)
{
	r->sock = aux_open();
	if (!r->sock) {
		fail(NULL, NULL, 0, "cannot open another socket: %s", strerror(errno));
		return false;
	}
	r->port = mnl_socket_get_portid(r->sock);
	r->rlen = 4096;		/* dump parts of one page */
	return true;
}

/* Polls until run @id is no longer running; false after @timeout_s. */
static bool wait_not_running(uint32_t id, double timeout_s)
{
	double t0 = now_s();
	uint32_t state;

	while (run_state(id, &state) && state == KIOGEN_STATE_RUNNING) {
		if (now_s() - t0 > timeout_s)
			return false;
		usleep(1000);
	}
	return true;
}

/*
 * A socket that goes away: the attached run it started must stop, and a
 * dump it leaves half read or unread must end with it.
 */
static void gen_socket(struct req *r)
{
	struct bld b;
	uint32_t id;

	if (!aux_attach(r))
		return;
	switch (rnd(3)) {
	case 0:		/* an attached run, then the socket closes */
		r->expect = EXP_OK;
		b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_RUN_NEW);
		if (chance(1, 2))
			put_u32(&b, KIOGEN_A_FLAGS, 0);
		put_long_job(&b, small_numjobs(), rnd_range(1, 8));
		msg_end(r, &b);
		xfer(r);
		mnl_socket_close(r->sock);
		if (!nr_accidental || r->msg[0].out != OUT_OK)
			return;
		id = accidental[nr_accidental - 1];
		if (!wait_not_running(id, 10))
			fail(NULL, NULL, 0, "run %u still running 10 s after its socket closed", id);
		return;
	case 1:		/* a results dump, one part read */
		b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK | NLM_F_DUMP, KIOGEN_CMD_RESULTS_GET);
		put_u32(&b, KIOGEN_A_ID, pick_id());
		msg_end(r, &b);
		walk_request(r);
		r->partial = true;
		if (send_part(r, 0, r->len))
			read_replies(r, 1);
		break;
	default:	/* a run list dump, nothing read */
		b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK | NLM_F_DUMP, KIOGEN_CMD_RUN_GET);
		msg_end(r, &b);
		walk_request(r);
		r->partial = true;
		send_part(r, 0, r->len);
		break;
	}
	settle(r);
	mnl_socket_close(r->sock);
}

/*
 * A results dump with another request sent after its first part: the run
 * deleted, stopped, listed, dumped again, or a new run that may evict it.
 */
static void gen_interleave(struct req *r)
{
	uint32_t id = pick_id(), op = rnd(5);
	struct bld b;
	size_t first;

	if (!aux_attach(r))
		return;
	b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK | NLM_F_DUMP, KIOGEN_CMD_RESULTS_GET);
	put_u32(&b, KIOGEN_A_ID, id);
	msg_end(r, &b);
	first = NLMSG_ALIGN(r->len);
	switch (op) {
	case 0:
	case 1:
		b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK,
			      op ? KIOGEN_CMD_RUN_STOP : KIOGEN_CMD_RUN_DEL);
		put_u32(&b, KIOGEN_A_ID, id);
		break;
	case 2:
		b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK | NLM_F_DUMP, KIOGEN_CMD_RUN_GET);
		break;
	case 3:		/* a second dump while one runs: refused */
		b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK | NLM_F_DUMP,
			      KIOGEN_CMD_RESULTS_GET);
		put_u32(&b, KIOGEN_A_ID, id);
		break;
	default:
		b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_RUN_NEW);
		put_valid_job(&b, 1, 1);
		break;
	}
	msg_end(r, &b);
	walk_request(r);
	if (send_part(r, 0, first)) {
		read_replies(r, 1);
		if (send_part(r, first, r->len - first))
			read_replies(r, -1);
	}
	settle(r);
	mnl_socket_close(r->sock);
}

/* ---- setup ---- */

struct resolve {
	uint16_t id;
	uint32_t grp;
};

static int ctrl_grp_cb(const struct nlattr *a, struct resolve *res)
{
	const struct nlattr *g, *f;

	mnl_attr_for_each_nested(g, a) {
		const char *name = NULL;
		uint32_t id = 0;

		mnl_attr_for_each_nested(f, g) {
			if (mnl_attr_get_type(f) == CTRL_ATTR_MCAST_GRP_NAME)
				name = mnl_attr_get_str(f);
			else if (mnl_attr_get_type(f) == CTRL_ATTR_MCAST_GRP_ID)
				id = mnl_attr_get_u32(f);
		}
		if (name && !strcmp(name, KIOGEN_MCGRP_EVENTS))
			res->grp = id;
	}
	return MNL_CB_OK;
}

static int ctrl_cb(const struct nlmsghdr *nlh, void *data)
{
	struct resolve *res = data;
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, GENL_HDRLEN) {
		if (mnl_attr_get_type(a) == CTRL_ATTR_FAMILY_ID)
			res->id = mnl_attr_get_u16(a);
		else if (mnl_attr_get_type(a) == CTRL_ATTR_MCAST_GROUPS)
			ctrl_grp_cb(a, res);
	}
	return MNL_CB_OK;
}

/* Resolves the family through nlctrl; 0 or -errno (-ENOENT: not loaded). */
static int resolve_family(void)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *g;
	struct resolve res = { 0 };
	uint32_t seq = g_seq++;
	ssize_t n;
	int ret;

	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = seq;
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = CTRL_CMD_GETFAMILY;
	g->version = 1;
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, KIOGEN_FAMILY_NAME);
	if (mnl_socket_sendto(nl, nlh, nlh->nlmsg_len) < 0)
		return -errno;
	do {
		n = mnl_socket_recvfrom(nl, buf, sizeof(buf));
		if (n < 0)
			return -errno;
		ret = mnl_cb_run(buf, n, seq, portid, ctrl_cb, &res);
	} while (ret > 0);
	if (ret < 0)
		return -errno;
	if (!res.id)
		return -ENOENT;
	family = res.id;
	events_grp = res.grp;
	return 0;
}

static int open_sockets(void)
{
	int one = 1, rcvbuf = 8 << 20, err;

	nl = mnl_socket_open(NETLINK_GENERIC);
	if (!nl || mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0)
		return -errno;
	portid = mnl_socket_get_portid(nl);
	mnl_socket_setsockopt(nl, NETLINK_EXT_ACK, &one, sizeof(one));
	if (setsockopt(mnl_socket_get_fd(nl), SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf,
		       sizeof(rcvbuf)))
		setsockopt(mnl_socket_get_fd(nl), SOL_SOCKET, SO_RCVBUF, &rcvbuf,
			   sizeof(rcvbuf));
	err = resolve_family();
	if (err)
		return err;
	ev = mnl_socket_open(NETLINK_GENERIC);
	if (!ev || mnl_socket_bind(ev, 0, MNL_SOCKET_AUTOPID) < 0 || !events_grp ||
	    mnl_socket_setsockopt(ev, NETLINK_ADD_MEMBERSHIP, &events_grp,
				  sizeof(events_grp)) < 0) {
		diag("cannot join the events group: %s", strerror(errno));
		if (ev)
			mnl_socket_close(ev);
		ev = NULL;
		return -EPROTO;
	}
	setsockopt(mnl_socket_get_fd(ev), SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof(rcvbuf));
	return 0;
}

/* ---- version 2: the fds of the pool, other users and namespaces, owners ---- */

static int fd_pipe_w = -1;

static bool fd_pool_open(void)
{
	int p[2], sv[2], f;

	if (!mkdtemp(fd_dir))
		return false;
	snprintf(fd_file, sizeof(fd_file), "%s/data", fd_dir);
	f = open(fd_file, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (f < 0 || ftruncate(f, FD_FILE_SIZE))
		return false;
	fd_pool[FD_RW] = f;
	fd_pool[FD_RO] = open(fd_file, O_RDONLY | O_CLOEXEC);
	fd_pool[FD_WO] = open(fd_file, O_WRONLY | O_CLOEXEC);
	if (pipe2(p, O_CLOEXEC) || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		return false;
	fd_pool[FD_PIPE] = p[0];
	fd_pipe_w = p[1];
	fd_pool[FD_SOCK] = sv[0];
	close(sv[1]);
	fd_pool[FD_DIR] = open(fd_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	fd_pool[FD_DEVNULL] = open("/dev/null", O_RDWR | O_CLOEXEC);
	fd_pool[FD_CLOSED] = 900;	/* nothing of ours is ever that high */
	close(900);
	return fd_pool[FD_RO] >= 0 && fd_pool[FD_WO] >= 0 && fd_pool[FD_DIR] >= 0 &&
	       fd_pool[FD_DEVNULL] >= 0;
}

static void fd_pool_close(void)
{
	int i;

	for (i = 0; i < FD_CLOSED; i++)
		if (fd_pool[i] >= 0)
			close(fd_pool[i]);
	if (fd_pipe_w >= 0)
		close(fd_pipe_w);
	unlink(fd_file);
	rmdir(fd_dir);
}

enum hostile { H_NOBODY, H_USERNS, H_NETNS, H_NOCAP, H_NR };
static const char *const hostile_names[H_NR] = {
	"nobody", "user namespace root", "netns root", "root without CAP_SYS_ADMIN",
};

static uint32_t parent_ids[64];
static int nr_parent_ids;

/* A RUN_GET dump must not show a run of the parent's namespace. */
static int foreign_list_cb(struct req *r, const struct nlmsghdr *nlh)
{
	struct run_list l = { .n = 0 };
	unsigned int i;
	int j;

	r->arg = &l;
	run_list_cb(r, nlh);
	r->arg = NULL;
	for (i = 0; i < l.n; i++)
		for (j = 0; j < nr_parent_ids; j++)
			if (l.id[i] == parent_ids[j])
				fail(r, nlh, nlh->nlmsg_len, "%s lists run %u of the initial netns",
				     hostile_name, l.id[i]);
	return learn_run_id(r, nlh);
}

static int drop_cap_sys_admin(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d))
		return -1;
	d[CAP_SYS_ADMIN / 32].effective &= ~(1U << (CAP_SYS_ADMIN % 32));
	d[CAP_SYS_ADMIN / 32].permitted &= ~(1U << (CAP_SYS_ADMIN % 32));
	d[CAP_SYS_ADMIN / 32].inheritable &= ~(1U << (CAP_SYS_ADMIN % 32));
	return (int)syscall(SYS_capset, &h, d);
}

/*
 * In a forked child that became @h: requests of every kind, aimed at the
 * parent's runs. Without CAP_SYS_ADMIN (nobody, user namespace root, root
 * without it) every well-formed request gets EPERM and nothing succeeds, and
 * the events group refuses to be joined; from another network namespace the
 * parent's runs do not exist (ENOENT), are never listed, and send no events
 * there. Returns the exit status.
 */
static int hostile_child(enum hostile h, uint64_t seed)
{
	struct mnl_socket *evs;
	int k, one = 1, joined;

	mnl_socket_close(nl);
	if (ev)
		mnl_socket_close(ev);
	ev = NULL;
	snprintf(diag_prefix, sizeof(diag_prefix), "[%.10s] ", hostile_names[h]);
	failures = 0;
	if ((h == H_NOBODY && (setgroups(0, NULL) || setresgid(65534, 65534, 65534) ||
			       setresuid(65534, 65534, 65534))) ||
	    (h == H_USERNS && unshare(CLONE_NEWUSER)) ||
	    (h == H_NETNS && unshare(CLONE_NEWNET)) ||
	    (h == H_NOCAP && drop_cap_sys_admin())) {
		diag("cannot become %s: %s", hostile_names[h], strerror(errno));
		return 3;	/* not a failure of the module */
	}
	nl = mnl_socket_open(NETLINK_GENERIC);
	if (!nl || mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0)
		return 3;
	portid = mnl_socket_get_portid(nl);
	mnl_socket_setsockopt(nl, NETLINK_EXT_ACK, &one, sizeof(one));
	hostile_name = hostile_names[h];
	hostile_eperm = h != H_NETNS;
	rng_state = seed;
	nr_live = nr_accidental = 0;

	evs = mnl_socket_open(NETLINK_GENERIC);
	joined = evs && !mnl_socket_bind(evs, 0, MNL_SOCKET_AUTOPID) &&
		 !mnl_socket_setsockopt(evs, NETLINK_ADD_MEMBERSHIP, &events_grp,
					sizeof(events_grp));
	if (hostile_eperm && joined)
		fail(NULL, NULL, 0, "%s joined the events group", hostile_name);
	else if (hostile_eperm && errno != EPERM)
		fail(NULL, NULL, 0, "%s: joining the events group: %s, not EPERM", hostile_name,
		     strerror(errno));

	for (k = 0; k < 24 && !failures; k++) {
		static const uint8_t cmds[] = { KIOGEN_CMD_RUN_GET, KIOGEN_CMD_RUN_STOP,
						KIOGEN_CMD_RUN_DEL, KIOGEN_CMD_RESULTS_GET };
		struct req *r = &g_req;
		uint32_t pick = rnd(9), id;
		struct bld b;
		uint8_t cmd;

		req_init(r, G_HOSTILE, EXP_ANY);
		r->data_cb = learn_run_id;
		switch (pick) {
		case 0:
			gen_valid_run(r);
			r->expect = hostile_eperm ? EXP_EPERM : EXP_OK;
			break;
		case 1:
			b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_INFO_GET);
			msg_end(r, &b);
			r->expect = hostile_eperm ? EXP_EPERM : EXP_OK;
			break;
		case 2:
		case 3:		/* a run of the parent */
			cmd = cmds[rnd(4)];
			id = nr_parent_ids ? parent_ids[rnd(nr_parent_ids)] : pick_id();
			b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK |
				      (cmd == KIOGEN_CMD_RESULTS_GET ? NLM_F_DUMP : 0), cmd);
			put_u32(&b, KIOGEN_A_ID, id);
			msg_end(r, &b);
			r->expect = hostile_eperm ? EXP_EPERM : nr_parent_ids ? EXP_ENOENT : EXP_ANY;
			break;
		case 4:
			b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK | NLM_F_DUMP, KIOGEN_CMD_RUN_GET);
			msg_end(r, &b);
			r->data_cb = foreign_list_cb;
			r->expect = hostile_eperm ? EXP_EPERM : EXP_OK;
			break;
		case 5:
			gen_fds(r);
			if (hostile_eperm)
				r->expect = EXP_EPERM;
			break;
		case 6:
			gen_near_valid(r);
			r->expect = EXP_ANY;
			break;
		case 7:
			gen_job_fuzz(r);
			r->expect = EXP_ANY;
			break;
		default:
			gen_random_attrs(r);
			r->expect = EXP_ANY;
			break;
		}
		if (verbose)
			diag("hostile request %d: %zu bytes", k, r->len);
		xfer(r);
	}
	if (!hostile_eperm && joined) {	/* none of the parent's events arrived here */
		const struct nlmsghdr *nlh;
		ssize_t n;
		int rem, j;

		usleep(100000);
		while ((n = recv(mnl_socket_get_fd(evs), rbuf, sizeof(rbuf), MSG_DONTWAIT)) > 0) {
			rem = (int)n;
			for (nlh = (void *)rbuf; mnl_nlmsg_ok(nlh, rem); nlh = mnl_nlmsg_next(nlh, &rem)) {
				static struct run_list l;
				struct req *r = &g_req;

				l.n = 0;
				r->arg = &l;
				run_list_cb(r, nlh);
				for (j = 0; l.n && j < nr_parent_ids; j++)
					if (l.id[0] == parent_ids[j])
						fail(NULL, nlh, nlh->nlmsg_len,
						     "%s received an event of run %u of the initial netns",
						     hostile_name, l.id[0]);
			}
		}
	}
	if (evs)
		mnl_socket_close(evs);
	if (!hostile_eperm) {	/* its own runs, in its own namespace */
		unsigned int found;

		reap_runs(true);
		cleanup_all(&found);
	}
	return failures ? KSFT_FAIL : KSFT_PASS;
}

/* Forks a hostile child; afterwards every run of ours is still there. */
static void gen_hostile(struct req *r)
{
	enum hostile h = rnd(H_NR);
	uint64_t seed = rnd64();
	int i, status;
	pid_t pid;

	(void)r;
	/* our own requests delete live runs at random: only those there now */
	nr_parent_ids = 0;
	for (i = 0; i < nr_live; i++) {
		uint32_t state;

		if (run_state(live[i].id, &state) && state)
			parent_ids[nr_parent_ids++] = live[i].id;
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		fail(NULL, NULL, 0, "fork: %s", strerror(errno));
		return;
	}
	if (!pid)
		_exit(hostile_child(h, seed));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    (WEXITSTATUS(status) && WEXITSTATUS(status) != 3))
		fail(NULL, NULL, 0, "%s: the requests broke the contract (status %#x)",
		     hostile_names[h], status);
	/* nothing of ours ran between the two looks: the child's doing */
	for (i = 0; i < nr_parent_ids; i++) {
		uint32_t state;

		if (!run_state(parent_ids[i], &state) || !state)
			fail(NULL, NULL, 0, "run %u is gone after %s's requests", parent_ids[i],
			     hostile_names[h]);
	}
}

/* An attached long run on a socket bound to @port; its id, 0 on failure. */
static uint32_t owned_run(struct mnl_socket *s, uint32_t port)
{
	struct req *r = &g_req;
	struct bld b;

	req_init(r, G_OWNER, EXP_OK);
	r->sock = s;
	r->port = port;
	r->data_cb = learn_run_id;
	b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_RUN_NEW);
	put_long_job(&b, 1, 1);
	msg_end(r, &b);
	if (!xfer(r) || r->msg[0].out != OUT_OK || !nr_accidental)
		return 0;
	return accidental[nr_accidental - 1];
}

/*
 * A socket that owns an attached run closes, and a new socket takes its
 * portid at once and starts a run of its own: the first run stops, the
 * second keeps running until its own socket closes (ownership belongs to the
 * socket, not to a portid that can be reused).
 */
static void gen_owner(struct req *r)
{
	static uint32_t next = 0x7e000000;
	uint32_t port = next++ + (uint32_t)getpid() * 64, ida, idb, state = 0;
	struct mnl_socket *a, *b;
	int i;

	(void)r;
	a = mnl_socket_open(NETLINK_GENERIC);
	if (!a || mnl_socket_bind(a, 0, port) < 0) {
		if (a)
			mnl_socket_close(a);
		return;		/* the portid is taken: nothing to test */
	}
	ida = owned_run(a, port);
	mnl_socket_close(a);
	b = mnl_socket_open(NETLINK_GENERIC);
	for (i = 0; b && i < 100 && mnl_socket_bind(b, 0, port) < 0; i++)
		usleep(10000);
	if (!b || i == 100) {
		fail(NULL, NULL, 0, "portid %u not free again 1 s after its socket closed", port);
		if (b)
			mnl_socket_close(b);
		return;
	}
	idb = owned_run(b, port);
	if (ida && !wait_not_running(ida, 10))
		fail(NULL, NULL, 0, "run %u still running 10 s after its socket closed", ida);
	usleep(100000);
	if (idb && (!run_state(idb, &state) || state != KIOGEN_STATE_RUNNING))
		fail(NULL, NULL, 0, "run %u of a new socket with the reused portid %u is %u, "
		     "not running: the old socket's close took it", idb, port, state);
	mnl_socket_close(b);
	if (idb && !wait_not_running(idb, 10))
		fail(NULL, NULL, 0, "run %u still running 10 s after its socket closed", idb);
}

/* Both forms of error messages: with and without the request quoted. */
static void toggle_sockopts(void)
{
	int v = rnd(2);

	mnl_socket_setsockopt(nl, NETLINK_CAP_ACK, &v, sizeof(v));
	v = rnd(8) != 0;
	mnl_socket_setsockopt(nl, NETLINK_EXT_ACK, &v, sizeof(v));
	v = rnd(2);
	mnl_socket_setsockopt(nl, NETLINK_GET_STRICT_CHK, &v, sizeof(v));
}

/* ---- modes ---- */

static int tap_n;

static void tap(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s %d - ", ok ? "ok" : "not ok", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static void print_errnos(void)
{
	int e;

	diag("outcomes per message: %" PRIu64 " ok, %" PRIu64 " no reply", st.ok, st.no_reply);
	for (e = 1; e <= MAX_ERRNO; e++)
		if (st.errnos[e])
			diag("  -%-4d %-12s %" PRIu64 "  (%s)", e, strerrorname_np(e) ?: "?",
			     st.errnos[e], strerror(e));
}

static const unsigned int gen_order[] = {
	G_RANDOM_ATTRS, G_JOB_FUZZ, G_NEAR_VALID, G_VALID_RUN, G_ID_OPS, G_DUMP_FLAGS,
	G_HEADER, G_RAW, G_MANY_JOBS, G_DEEP_NEST, G_INFO, G_EXTREME, G_SOCKET,
	G_INTERLEAVE, G_FDS, G_HOSTILE, G_OWNER,
};

#define NR_GEN_ORDER (sizeof(gen_order) / sizeof(gen_order[0]))

static int pick_gen(unsigned int total)
{
	unsigned int pick = rnd(total), acc = 0, i;

	for (i = 0; i < NR_GEN_ORDER; i++) {
		if (!(gen_mask & (1U << gen_order[i])))
			continue;
		acc += gen_weight[gen_order[i]];
		if (pick < acc)
			return gen_order[i];
	}
	return gen_order[0];
}

/*
 * The fuzzing loop of one process: @count requests or @limit_s seconds,
 * then its runs reaped and its figures printed. Returns the requests sent.
 */
static long fuzz_loop(uint64_t seed, long count, double limit_s, unsigned int total,
		      bool *timed_out)
{
	double t0 = now_s(), t;
	long step = count >= 10 ? count / 10 : 1;
	unsigned int i;

	rng_state = seed;
	*timed_out = false;
	for (cur_index = 0; cur_index < count; cur_index++) {
		struct req *r = &g_req;
		int g;

		if (failures >= MAX_FAIL_REPORTS)
			break;
		if (limit_s > 0 && (cur_index & 63) == 0 && now_s() - t0 > limit_s) {
			*timed_out = true;
			break;
		}
		if (cur_index % 997 == 0)
			toggle_sockopts();
		g = pick_gen(total);
		req_init(r, g, EXP_ANY);
		r->data_cb = learn_run_id;
		switch (g) {
		case G_RANDOM_ATTRS: gen_random_attrs(r); break;
		case G_JOB_FUZZ: gen_job_fuzz(r); break;
		case G_NEAR_VALID: gen_near_valid(r); break;
		case G_VALID_RUN: gen_valid_run(r); break;
		case G_ID_OPS: gen_id_ops(r); break;
		case G_DUMP_FLAGS: gen_dump_flags(r); break;
		case G_HEADER: gen_header(r); break;
		case G_RAW: gen_raw(r); break;
		case G_MANY_JOBS: gen_many_jobs(r); break;
		case G_DEEP_NEST: gen_deep_nest(r); break;
		case G_INFO: gen_info(r); break;
		case G_EXTREME: gen_extreme(r); break;
		case G_FDS: gen_fds(r); break;
		default: break;	/* they send on their own sockets */
		}
		st.per_gen[g]++;
		if (verbose)
			diag("request %d: %s, %zu bytes", cur_index, gen_names[g], r->len);
		t = now_s();
		if (g == G_SOCKET)
			gen_socket(r);
		else if (g == G_HOSTILE)
			gen_hostile(r);
		else if (g == G_OWNER)
			gen_owner(r);
		else if (g == G_INTERLEAVE)
			gen_interleave(r);
		else
			xfer(r);
		drain_events();
		reap_runs(false);
		st.gen_time[g] += now_s() - t;

		if ((cur_index + 1) % step == 0) {
			t = now_s() - t0;
			diag("%d/%ld requests, %.0f/s, runs %" PRIu64 " valid + %" PRIu64
			     " accidental, %d failures",
			     cur_index + 1, count, (cur_index + 1) / t, st.runs_valid,
			     st.runs_accidental, failures);
		}
	}
	t = now_s() - t0;
	reap_runs(true);
	drain_events();

	diag("sent %" PRIu64 " requests (%" PRIu64 " netlink messages) in %.1f s: %.0f requests/s",
	     st.requests, st.messages, t, st.requests / t);
	if (*timed_out)
		diag("time limit of %.0f s reached after %d of %ld requests", limit_s,
		     cur_index, count);
	diag("replies %" PRIu64 ", dumps completed %" PRIu64 ", events %" PRIu64
	     " (%" PRIu64 " overruns)", st.replies, st.dumps_done, st.events, st.events_lost);
	diag("runs started: %" PRIu64 " valid, %" PRIu64 " accidental; stopped %" PRIu64
	     ", deleted %" PRIu64, st.runs_valid, st.runs_accidental, st.runs_stopped,
	     st.runs_deleted);
	for (i = 0; i < G_NR; i++)
		if (st.per_gen[i])
			diag("  generator %-12s %7" PRIu64 " requests, %6.1f s", gen_names[i],
			     st.per_gen[i], st.gen_time[i]);
	print_errnos();
	return cur_index;
}

/*
 * @jobs processes fuzz at once, each with its own sockets and seed
 * (seed + index), @count / @jobs requests each: the family's handlers run
 * in parallel (parallel_ops), so requests also race each other.
 */
static int fuzz_parallel(uint64_t seed, long count, double limit_s, unsigned int total,
			 int jobs, long *sent)
{
	int i, status, bad = 0;
	pid_t pid;

	fflush(stdout);
	for (i = 0; i < jobs; i++) {
		pid = fork();
		if (pid < 0) {
			diag("fork: %s", strerror(errno));
			return -1;
		}
		if (!pid) {
			bool timed_out;
			long n;

			mnl_socket_close(nl);
			if (ev)
				mnl_socket_close(ev);
			snprintf(diag_prefix, sizeof(diag_prefix), "[%d] ", i);
			if (open_sockets())
				_exit(KSFT_FAIL);
			n = fuzz_loop(seed + i, count / jobs, limit_s, total, &timed_out);
			diag("%ld requests, %d failures%s", n, failures,
			     timed_out ? ", time limit reached" : "");
			_exit(failures ? KSFT_FAIL : timed_out ? 3 : KSFT_PASS);
		}
	}
	while ((pid = wait(&status)) > 0) {
		if (!WIFEXITED(status) || (WEXITSTATUS(status) && WEXITSTATUS(status) != 3))
			bad++;
		else if (WEXITSTATUS(status) == 3)
			diag("time limit of %.0f s reached in a process", limit_s);
	}
	*sent = count / jobs * jobs;
	return bad;
}

static int fuzz(uint64_t seed, long count, double limit_s, int jobs)
{
	unsigned int total = 0, i, found = 0;
	struct info in0, in1;
	bool timed_out = false, clean, mem_ok, no_files;
	char workdir[] = "/tmp/nl_fuzz.XXXXXX";
	int sent_fail;
	long sent = 0;

	for (i = 0; i < NR_GEN_ORDER; i++)
		if (gen_mask & (1U << gen_order[i]))
			total += gen_weight[gen_order[i]];
	if (!total) {
		diag("every generator is turned off");
		return KSFT_USAGE;
	}
	if (!get_info(&in0)) {
		tap(false, "info before fuzzing");
		return KSFT_FAIL;
	}
	max_workers = in0.max_workers ?: 1;
	if (!in0.null_engine) {
		printf("1..0 # SKIP the module has no null engine\n");
		return KSFT_SKIP;
	}
	if (!fd_pool_open()) {
		diag("cannot make the fds to fuzz with: %s", strerror(errno));
		return KSFT_FAIL;
	}
	/* relative paths would resolve here: a private empty directory */
	if (!mkdtemp(workdir) || chdir(workdir)) {
		diag("cannot make a scratch directory: %s", strerror(errno));
		return KSFT_FAIL;
	}
	diag("seed %" PRIu64 ", %ld requests in %d process%s, time limit %.0f s, family %u",
	     seed, count, jobs, jobs > 1 ? "es" : "", limit_s, family);
	diag("module: max_workers %u, max_runs %u, memory in use %" PRIu64 " bytes",
	     in0.max_workers, in0.max_runs, in0.mem_used);

	if (jobs > 1) {
		sent_fail = fuzz_parallel(seed, count, limit_s, total, jobs, &sent);
	} else {
		sent = fuzz_loop(seed, count, limit_s, total, &timed_out);
		sent_fail = failures;
	}
	tap(sent_fail == 0, "%ld requests (seed %" PRIu64 "%s): every reply well-formed and "
	    "as the contract says", sent, seed, jobs > 1 ? " and up, in parallel" : "");

	clean = cleanup_all(&found);
	tap(clean, "no runs left (%u found, stopped and deleted)", found);
	mem_ok = get_info(&in1) && in1.mem_used == 0;
	tap(mem_ok, "memory in use back to 0 (before %" PRIu64 ", after %" PRIu64 " bytes)",
	    in0.mem_used, in1.mem_used);
	/* no request may have created a file, wherever a path pointed */
	no_files = !chdir("/") && !rmdir(workdir);
	fd_pool_close();
	tap(no_files, "no file created (scratch directory %s %s)", workdir,
	    no_files ? "empty" : "not empty");
	return sent_fail || failures || !clean || !mem_ok || !no_files ? KSFT_FAIL : KSFT_PASS;
}

/*
 * A run of @jobs jobs of @workers workers in total, null engine, ten
 * minutes long; @owner is the socket it belongs to, NULL for ours.
 */
static bool start_run(uint32_t workers, uint32_t depth, uint32_t jobs, bool detached,
		      struct mnl_socket *owner, uint32_t *id)
{
	struct req *r = &g_req;
	struct bld b;
	uint32_t j;

	req_init(r, G_VALID_RUN, EXP_OK);
	if (owner) {
		r->sock = owner;
		r->port = mnl_socket_get_portid(owner);
	}
	nr_accidental = nr_live = 0;
	r->data_cb = learn_run_id;
	b = msg_start(r, NLM_F_REQUEST | NLM_F_ACK, KIOGEN_CMD_RUN_NEW);
	if (detached)
		put_u32(&b, KIOGEN_A_FLAGS, KIOGEN_RUN_F_DETACHED);
	for (j = 0; j < jobs; j++) {
		struct nlattr *nest = nest_start(&b, KIOGEN_A_JOB);
		uint32_t n = workers / jobs + (j < workers % jobs);

		put_str(&b, KIOGEN_A_JOB_NAME, j ? "stress-b" : "stress-a");
		put_str(&b, KIOGEN_A_JOB_ENGINE, NULL_ENGINE);
		put_u32(&b, KIOGEN_A_JOB_RW, j ? KIOGEN_RW_RANDRW : KIOGEN_RW_RANDREAD);
		put_u32(&b, KIOGEN_A_JOB_BS, 4096);
		put_u64(&b, KIOGEN_A_JOB_SIZE, 64 << 20);
		put_u32(&b, KIOGEN_A_JOB_NUMJOBS, n);
		put_u32(&b, KIOGEN_A_JOB_IODEPTH, depth);
		put_u64(&b, KIOGEN_A_JOB_RUNTIME_NS, 600000000000ULL);
		put(&b, KIOGEN_A_JOB_TIME_BASED, 0, NULL);
		nest_end(&b, nest);
	}
	msg_end(r, &b);
	if (!xfer(r) || nr_live != 1)
		return false;
	*id = live[0].id;
	return true;
}

/* create, start, check running, stop, check stopped, delete, check gone */
static int cycles(long n, uint32_t workers, uint32_t depth)
{
	double t0 = now_s(), t;
	long i, done = 0;
	struct info in;

	if (!get_info(&in))
		return KSFT_FAIL;
	if (!workers || workers > in.max_workers)
		workers = in.max_workers;
	diag("%ld cycles of %u workers, depth %u", n, workers, depth);
	for (i = 0; i < n && !failures; i++) {
		uint32_t id, state;

		cur_index = (int)i;
		if (!start_run(workers, depth, 1, i & 1, NULL, &id))
			break;
		if (!run_state(id, &state) || state != KIOGEN_STATE_RUNNING) {
			fail(NULL, NULL, 0, "cycle %ld: run %u in state %u, not running", i, id, state);
			break;
		}
		if (!run_cmd(KIOGEN_CMD_RUN_STOP, id, EXP_OK))
			break;
		/* the stop returns at once; the end follows */
		if (!wait_not_running(id, 10) || !run_state(id, &state) ||
		    state != KIOGEN_STATE_STOPPED) {
			fail(NULL, NULL, 0, "cycle %ld: run %u in state %u after stop", i, id, state);
			break;
		}
		if (!run_cmd(KIOGEN_CMD_RUN_DEL, id, EXP_OK))
			break;
		if (!run_state(id, &state) || state) {
			fail(NULL, NULL, 0, "cycle %ld: run %u still there after delete", i, id);
			break;
		}
		done++;
	}
	t = now_s() - t0;
	diag("cycles done: %ld of %ld in %.1f s (%.1f/s)", done, n, t, done / t);
	tap(done == n && !failures, "%ld create/start/stop/delete cycles", n);
	return done == n && !failures ? KSFT_PASS : KSFT_FAIL;
}

/*
 * Puts the worker threads of run @id in SCHED_IDLE on the last CPU.
 * Null-engine workers never sleep; in a two-CPU emulated guest thousands of
 * them would starve the creation of the next run's threads and the reaping
 * of stopped ones (new and woken tasks queue behind the busy ones), turning
 * minutes into hours. Confined this way they all still run, one CPU stays
 * free for the rest, and the kernel paths under test are the same.
 * Returns the threads found.
 */
static unsigned int idle_workers(uint32_t id)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	struct sched_param sp = { 0 };
	cpu_set_t last;
	char prefix[32], path[300], comm[32];
	unsigned int n = 0;
	struct dirent *de;
	DIR *d = opendir("/proc");
	FILE *f;

	if (!d)
		return 0;
	CPU_ZERO(&last);
	CPU_SET(ncpu > 1 ? ncpu - 1 : 0, &last);
	snprintf(prefix, sizeof(prefix), "kiogen%u/", id);
	while ((de = readdir(d))) {
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f) && !strncmp(comm, prefix, strlen(prefix)) &&
		    !sched_setscheduler(atoi(de->d_name), SCHED_IDLE, &sp)) {
			if (ncpu > 1)
				sched_setaffinity(atoi(de->d_name), sizeof(last), &last);
			n++;
		}
		fclose(f);
	}
	closedir(d);
	return n;
}

static int concurrent(unsigned int nruns, uint32_t workers, uint32_t depth, double hold)
{
	static struct run_list l;
	uint32_t ids[256], running = 0, total_workers = 0;
	unsigned int i, started = 0, found = 0, idled = 0;
	struct mnl_socket *owner;
	double t0, t_start, t_stop;
	struct info in, in_run;
	bool ok;

	if (nruns > 256)
		nruns = 256;
	if (!get_info(&in))
		return KSFT_FAIL;
	if (!workers || workers > in.max_workers)
		workers = in.max_workers;
	diag("%u concurrent runs of %u workers (2 jobs), depth %u", nruns, workers, depth);
	t0 = now_s();
	/*
	 * The controller runs in SCHED_FIFO: right after a run starts, its
	 * workers are busy at normal priority until idle_workers() gets to
	 * them, and scanning /proc must not wait behind them.
	 */
	if (sched_setscheduler(0, SCHED_FIFO, &(struct sched_param){ .sched_priority = 10 }))
		diag("cannot run in SCHED_FIFO: %s", strerror(errno));
	owner = aux_open();
	if (!owner) {
		diag("cannot open a socket: %s", strerror(errno));
		return KSFT_FAIL;
	}
	for (i = 0; i < nruns; i++) {
		double t1 = now_s(), t2;

		if (!start_run(workers, depth, workers > 1 ? 2 : 1, false, owner, &ids[i]))
			break;
		started++;
		t2 = now_s();
		idled += idle_workers(ids[i]);
		if (verbose)
			diag("run %u started in %.2f s, workers idled in %.2f s", ids[i],
			     t2 - t1, now_s() - t2);
	}
	t_start = now_s() - t0;
	ok = started == nruns && list_runs(&l) && get_info(&in_run);
	for (i = 0; ok && i < l.n; i++) {
		if (l.state[i] == KIOGEN_STATE_RUNNING) {
			running++;
			total_workers += l.workers[i];
		}
	}
	diag("runs concurrently: %u of %u running, %u workers (%u put in SCHED_IDLE), "
	     "started in %.1f s, memory in use %" PRIu64 " bytes", running, nruns,
	     total_workers, idled, t_start, in_run.mem_used);
	tap(ok && running == nruns && total_workers == nruns * workers,
	    "%u runs of %u workers running at once", nruns, workers);
	if (hold > 0)
		usleep((useconds_t)(hold * 1e6));
	/* the runs are attached to @owner: closing it stops them all at once */
	t0 = now_s();
	mnl_socket_close(owner);
	for (i = 0; i < started; i++) {
		double t1 = now_s();

		if (!wait_not_running(ids[i], 600))
			fail(NULL, NULL, 0, "run %u still running 600 s after its socket closed",
			     ids[i]);
		if (verbose)
			diag("run %u ended %.2f s later", ids[i], now_s() - t1);
	}
	t_stop = now_s() - t0;
	for (i = 0; i < started; i++) {
		uint32_t state = 0;

		if (run_state(ids[i], &state) && state != KIOGEN_STATE_STOPPED)
			fail(NULL, NULL, 0, "run %u in state %u after its socket closed, not stopped",
			     ids[i], state);
		run_cmd(KIOGEN_CMD_RUN_STOP, ids[i], EXP_OK);
		run_cmd(KIOGEN_CMD_RUN_DEL, ids[i], EXP_OK);
	}
	diag("stopped %u runs in %.1f s, by closing the socket they belong to", started, t_stop);
	ok = cleanup_all(&found) && get_info(&in) && !failures;
	tap(ok && in.mem_used == 0, "all stopped and deleted, memory in use %" PRIu64 " bytes",
	    in.mem_used);
	return ok && in.mem_used == 0 && running == nruns ? KSFT_PASS : KSFT_FAIL;
}

static void usage(const char *prog)
{
	unsigned int i;

	fprintf(stderr,
		"usage: %s [-s SEED] [-n COUNT] [-t SECONDS] [-j PROCS] [-x|-g GEN,...] [-v]\n"
		"       %s -C CYCLES [-w WORKERS] [-d DEPTH]     create/stop/delete cycles\n"
		"       %s -R RUNS [-w WORKERS] [-d DEPTH] [-T SECONDS]  concurrent runs\n"
		"       %s -M     memory in use (bytes) and number of runs\n"
		"WORKERS 0 means the module's max_workers. Generators:",
		prog, prog, prog, prog);
	for (i = 0; i < G_CLEANUP; i++)
		fprintf(stderr, " %s", gen_names[i]);
	fputc('\n', stderr);
	exit(KSFT_USAGE);
}

/* -x turns the listed generators off, -g turns only them on */
static void select_gens(const char *list, bool only, const char *prog)
{
	char *dup = strdup(list), *tok, *save = NULL;
	unsigned int i;

	if (only)
		gen_mask = 0;
	for (tok = strtok_r(dup, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < G_CLEANUP; i++)
			if (!strcmp(tok, gen_names[i]))
				break;
		if (i == G_CLEANUP) {
			fprintf(stderr, "%s: no generator '%s'\n", prog, tok);
			usage(prog);
		}
		if (only)
			gen_mask |= 1U << i;
		else
			gen_mask &= ~(1U << i);
	}
	free(dup);
}

int main(int argc, char **argv)
{
	uint64_t seed = 1;
	long count = 100000, ncycles = 0;
	unsigned int nruns = 0;
	uint32_t workers = 1, depth = 4;
	double limit = 0, hold = 1;
	bool mem_only = false;
	int opt, err, rc, jobs = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "s:n:t:x:g:j:vC:R:w:d:T:Mh")) != -1) {
		switch (opt) {
		case 's': seed = strtoull(optarg, NULL, 0); break;
		case 'n': count = strtol(optarg, NULL, 0); break;
		case 't': limit = strtod(optarg, NULL); break;
		case 'x': select_gens(optarg, false, argv[0]); break;
		case 'g': select_gens(optarg, true, argv[0]); break;
		case 'v': verbose = true; break;
		case 'j': jobs = atoi(optarg); break;
		case 'C': ncycles = strtol(optarg, NULL, 0); break;
		case 'R': nruns = (unsigned int)strtoul(optarg, NULL, 0); break;
		case 'w': workers = (uint32_t)strtoul(optarg, NULL, 0); break;
		case 'd': depth = (uint32_t)strtoul(optarg, NULL, 0); break;
		case 'T': hold = strtod(optarg, NULL); break;
		case 'M': mem_only = true; break;
		default: usage(argv[0]);
		}
	}
	if (optind != argc || count < 0 || !depth || jobs < 1 || jobs > 64)
		usage(argv[0]);

	if (!mem_only)
		printf("TAP version 13\n");
	if (geteuid()) {
		printf("1..0 # SKIP needs root: the fuzzer exercises privileged commands\n");
		return KSFT_SKIP;
	}
	err = open_sockets();
	if (err == -ENOENT) {
		printf("1..0 # SKIP the kiogen family is not registered (module not loaded)\n");
		return KSFT_SKIP;
	}
	if (err) {
		printf("1..0 # SKIP cannot talk to the kiogen family: %s\n", strerror(-err));
		return KSFT_SKIP;
	}

	if (mem_only) {
		static struct run_list l;
		struct info in;

		if (!get_info(&in) || !list_runs(&l))
			return KSFT_FAIL;
		printf("mem_used=%" PRIu64 " runs=%u max_workers=%u\n", in.mem_used, l.n,
		       in.max_workers);
		return KSFT_PASS;
	}
	if (ncycles)
		rc = cycles(ncycles, workers, depth);
	else if (nruns)
		rc = concurrent(nruns, workers, depth, hold);
	else
		rc = fuzz(seed, count, limit, jobs);
	printf("1..%d\n", tap_n);	/* the plan is what ran: TAP allows it last */
	mnl_socket_close(nl);
	if (ev)
		mnl_socket_close(ev);
	return rc;
}
