// SPDX-License-Identifier: GPL-2.0
/*
 * A job in netlink attributes and back: the encoder of RUN_NEW's jobs, the
 * decoder of RUN_GET's, and the option each attribute came from, for the
 * kernel's errors. The plain fields are loops over include/kiogen/job.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/job.h"
#include "nl.h"

/* one of each type of job.h */
static void kg_put_U32(struct nlmsghdr *nlh, uint16_t type, uint32_t v)
{
	mnl_attr_put_u32(nlh, type, v);
}

static void kg_put_U64(struct nlmsghdr *nlh, uint16_t type, uint64_t v)
{
	mnl_attr_put_u64(nlh, type, v);
}

static void kg_put_S32(struct nlmsghdr *nlh, uint16_t type, int32_t v)
{
	mnl_attr_put_u32(nlh, type, (uint32_t)v);
}

static void kg_put_FLAG(struct nlmsghdr *nlh, uint16_t type, bool v)
{
	if (v)
		mnl_attr_put(nlh, type, 0, NULL);
}

static void kg_put_ZONES(struct nlmsghdr *nlh, uint16_t type, struct kiog_zones v)
{
	if (v.nr)
		mnl_attr_put(nlh, type, v.nr * sizeof(v.z[0]), v.z);
}

static void kg_put_PATTERN(struct nlmsghdr *nlh, uint16_t type, struct kiog_pattern v)
{
	if (v.len)
		mnl_attr_put(nlh, type, v.len, v.b);
}

static void kg_get_U32(const struct nlattr *a, uint32_t *v)
{
	if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0)
		*v = mnl_attr_get_u32(a);
}

static void kg_get_U64(const struct nlattr *a, uint64_t *v)
{
	if (mnl_attr_validate(a, MNL_TYPE_U64) >= 0)
		*v = mnl_attr_get_u64(a);
}

static void kg_get_S32(const struct nlattr *a, int32_t *v)
{
	if (mnl_attr_validate(a, MNL_TYPE_U32) >= 0)
		*v = (int32_t)mnl_attr_get_u32(a);
}

static void kg_get_FLAG(const struct nlattr *a, bool *v)
{
	(void)a;
	*v = true;
}

static void kg_get_ZONES(const struct nlattr *a, struct kiog_zones *v)
{
	uint16_t len = mnl_attr_get_payload_len(a);

	if (len <= sizeof(v->z) && !(len % sizeof(v->z[0]))) {
		memcpy(v->z, mnl_attr_get_payload(a), len);
		v->nr = len / sizeof(v->z[0]);
	}
}

static void kg_get_PATTERN(const struct nlattr *a, struct kiog_pattern *v)
{
	uint16_t len = mnl_attr_get_payload_len(a);

	if (len <= sizeof(v->b)) {
		memcpy(v->b, mnl_attr_get_payload(a), len);
		v->len = len;
	}
}

void kg_job_put(struct nlmsghdr *nlh, const struct kg_job *j, const int *fds,
		uint32_t nr_fds, const uint64_t *regions)
{
	struct nlattr *nest = mnl_attr_nest_start(nlh, KIOGEN_A_JOB);
	uint32_t i, *a;

	mnl_attr_put_strz(nlh, KIOGEN_A_JOB_NAME, j->name);
	if (j->filename[0])
		mnl_attr_put_strz(nlh, KIOGEN_A_JOB_FILENAME, j->filename);
	if (nr_fds && fds[0] >= 0)
		mnl_attr_put_u32(nlh, KIOGEN_A_JOB_FD, fds[0]);
	/* the others: an array of u32 */
	a = nr_fds > 1 ? calloc(nr_fds - 1, sizeof(*a)) : NULL;
	if (a) {
		for (i = 1; i < nr_fds; i++)
			a[i - 1] = (uint32_t)fds[i];
		mnl_attr_put(nlh, KIOGEN_A_JOB_FDS, (nr_fds - 1) * sizeof(*a), a);
		free(a);
	}
	if (regions && nr_fds > 1)
		mnl_attr_put(nlh, KIOGEN_A_JOB_FILE_REGIONS, nr_fds * sizeof(*regions), regions);
	mnl_attr_put_strz(nlh, KIOGEN_A_JOB_ENGINE, j->engine);
#define KG_PUT(field, ATTR, TYPE, ...) \
	kg_put_##TYPE(nlh, KIOGEN_A_JOB_##ATTR, j->field);
	KIOG_JOB_FIELDS(KG_PUT)
#undef KG_PUT
	if (j->filename_format[0])
		mnl_attr_put_strz(nlh, KIOGEN_A_JOB_FILENAME_FORMAT, j->filename_format);
	mnl_attr_nest_end(nlh, nest);
}

void kg_job_parse(const struct nlattr *nest, struct kg_job *j)
{
	const struct nlattr *a;

	mnl_attr_for_each_nested(a, nest) {
		switch (mnl_attr_get_type(a)) {
		case KIOGEN_A_JOB_NAME:
			snprintf(j->name, sizeof(j->name), "%s", mnl_attr_get_str(a));
			break;
		case KIOGEN_A_JOB_FILENAME:
			snprintf(j->filename, sizeof(j->filename), "%s", mnl_attr_get_str(a));
			break;
		case KIOGEN_A_JOB_ENGINE:
			snprintf(j->ioengine, sizeof(j->ioengine), "%s", mnl_attr_get_str(a));
			break;
		case KIOGEN_A_JOB_FILENAME_FORMAT:
			snprintf(j->filename_format, sizeof(j->filename_format), "%s",
				 mnl_attr_get_str(a));
			break;
#define KG_GET(field, ATTR, TYPE, ...) \
		case KIOGEN_A_JOB_##ATTR: \
			kg_get_##TYPE(a, &j->field); \
			break;
		KIOG_JOB_FIELDS(KG_GET)
#undef KG_GET
		}
	}
	j->engine = j->ioengine;
}

static const char *const kg_job_attr_names[KIOGEN_A_JOB_MAX + 1] = {
	[KIOGEN_A_JOB_NAME]		= "name",
	[KIOGEN_A_JOB_FILENAME]		= "filename",
	[KIOGEN_A_JOB_ENGINE]		= "ioengine",
	[KIOGEN_A_JOB_FD]		= "filename (file descriptor)",
	[KIOGEN_A_JOB_FILESIZE]		= "filesize",
	[KIOGEN_A_JOB_FALLOCATE]	= "fallocate",
	[KIOGEN_A_JOB_FILENAME_FORMAT]	= "filename_format",
	[KIOGEN_A_JOB_FDS]		= "filename (file descriptors of the files after the first)",
#define KG_NAME(field, ATTR, TYPE, dflt, option) [KIOGEN_A_JOB_##ATTR] = option,
	KIOG_JOB_FIELDS(KG_NAME)
#undef KG_NAME
};

const char *kg_job_attr_name(unsigned int type)
{
	return type <= KIOGEN_A_JOB_MAX && kg_job_attr_names[type] ?
	       kg_job_attr_names[type] : "unknown job attribute";
}
