// SPDX-License-Identifier: GPL-2.0
/*
 * The registry of ioengine names (ctl/options/ioengines.h), as fio's ioengines.c
 * find_ioengine(): the list is written once, in the header, and expanded
 * here into the table every lookup walks.
 */
#include <stddef.h>
#include <string.h>

#include "ioengines.h"

#define KG_IOENGINE_ROW(name, help, mode, kernel, sys, flags)	\
	{ name, help, mode, kernel, sys, flags },

static const struct kg_ioengine kg_ioengines[] = {
	KG_IOENGINES(KG_IOENGINE_ROW)
};

const struct kg_ioengine *kg_ioengine_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(kg_ioengines) / sizeof(kg_ioengines[0]); i++)
		if (!strcmp(kg_ioengines[i].name, name))
			return &kg_ioengines[i];
	return NULL;
}
