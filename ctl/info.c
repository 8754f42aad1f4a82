// SPDX-License-Identifier: GPL-2.0
/*
 * "kiogen info": what the loaded module is and what it allows.
 */
#include <inttypes.h>
#include <stdio.h>

#include "kiogen.h"

static int kg_info_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlattr *a, *info = NULL;
	int *seen = data;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr))
		if (mnl_attr_get_type(a) == KIOGEN_A_INFO)
			info = a;
	if (!info)
		return MNL_CB_OK;
	*seen = 1;
	printf("kiogen module");
	mnl_attr_for_each_nested(a, info) {
		switch (mnl_attr_get_type(a)) {
		case KIOGEN_A_INFO_MODULE_VERSION:
			printf(" %s\n", mnl_attr_get_str(a));
			break;
		case KIOGEN_A_INFO_FAMILY_VERSION:
			printf("  family version: %u\n", mnl_attr_get_u32(a));
			break;
		case KIOGEN_A_INFO_ENGINE:
			printf("  engine:         %s\n", mnl_attr_get_str(a));
			break;
		case KIOGEN_A_INFO_MAX_WORKERS:
			printf("  max workers:    %u per run\n", mnl_attr_get_u32(a));
			break;
		case KIOGEN_A_INFO_MAX_IODEPTH:
			printf("  max iodepth:    %u per worker\n", mnl_attr_get_u32(a));
			break;
		case KIOGEN_A_INFO_MAX_BS:
			printf("  max bs:         %u KiB\n", mnl_attr_get_u32(a) >> 10);
			break;
		case KIOGEN_A_INFO_MAX_MEM:
			printf("  max memory:     %" PRIu64 " MiB\n", mnl_attr_get_u64(a) >> 20);
			break;
		case KIOGEN_A_INFO_MEM_USED:
			printf("  memory in use:  %" PRIu64 " KiB\n", mnl_attr_get_u64(a) >> 10);
			break;
		case KIOGEN_A_INFO_MAX_RUNS:
			printf("  max runs kept:  %u\n", mnl_attr_get_u32(a));
			break;
		case KIOGEN_A_INFO_HIST_BITS:
			printf("  histogram:      %u buckets per power of two\n",
			       1U << mnl_attr_get_u32(a));
			break;
		case KIOGEN_A_INFO_CLOCK:
			printf("  clock:          %s\n", mnl_attr_get_str(a));
			break;
		case KIOGEN_A_INFO_SAMPLE_NS:
			printf("  sample period:  %" PRIu64 " ms\n",
			       mnl_attr_get_u64(a) / 1000000);
			break;
		}
	}
	return MNL_CB_OK;
}

int kg_cmd_info(int argc, char **argv)
{
	struct kg_nl nl;
	int err, seen = 0;

	(void)argv;
	if (argc) {
		fprintf(stderr, "kiogen: info takes no arguments\n");
		return KG_EXIT_USAGE;
	}
	err = kg_connect(&nl);
	if (err)
		return err;
	err = kg_nl_talk(&nl, kg_nl_req(&nl, KIOGEN_CMD_INFO_GET, 0), kg_info_cb, &seen);
	kg_nl_close(&nl);
	if (!err && !seen) {
		fprintf(stderr, "kiogen: the module sent no info\n");
		return KG_EXIT_FAIL;
	}
	return err ? KG_EXIT_FAIL : KG_EXIT_OK;
}
