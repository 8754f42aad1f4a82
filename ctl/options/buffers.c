// SPDX-License-Identifier: GPL-2.0
/*
 * fio's options of what the written buffers hold: a pattern, zeroes, or
 * random data refilled, scrambled, compressible or deduplicable to the
 * percentages fio takes. Their rows, in the option table after the verify
 * options (ctl/options/parse.c walks them in that order).
 */
#include "options.h"
#include "verify.h"

const struct kg_option kg_buffer_options[] = {
	{
		.name = "buffer_pattern", .type = KG_OPT_STR, .len = 2 * KIOGEN_MAX_PATTERN + 3,
		.cb = kg_opt_pattern, .report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "bytes written buffers are filled with: 0xHEX or a quoted string (verify_pattern wins)",
	},
	{
		.name = "zero_buffers", .type = KG_OPT_BOOL, .off1 = KG_JOFF(zero_buffers),
		.report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "written buffers hold zeros",
	},
	{
		.name = "refill_buffers", .type = KG_OPT_BOOL, .off1 = KG_JOFF(refill_buffers),
		.report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "fill a buffer again before every write (seeded: both paths write the same bytes)",
	},
	{
		.name = "scramble_buffers", .type = KG_OPT_INT, .off1 = KG_JOFF(scramble_buffers),
		.minval = 0, .maxval = 1, .def = "1", .report = KG_REPORT_CHANGED,
		.category = KG_CAT_IO,
		.help = "without refill, stamp each 512 bytes of a write with its offset and sequence",
	},
	{
		.name = "buffer_compress_percentage", .type = KG_OPT_INT,
		.off1 = KG_JOFF(buffer_compress_percentage), .minval = 0, .maxval = 100,
		.report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "percent of each buffer_compress_chunk that compresses away (zeros, or buffer_pattern)",
	},
	{
		.name = "buffer_compress_chunk", .type = KG_OPT_SIZE32,
		.off1 = KG_JOFF(buffer_compress_chunk), .minval = 0, .maxval = KIOGEN_MAX_BS,
		.def = "512", .report = KG_REPORT_CHANGED, .category = KG_CAT_IO,
		.help = "bytes of a compressible chunk",
	},
	{
		.name = "dedupe_percentage", .type = KG_OPT_INT, .off1 = KG_JOFF(dedupe_percentage),
		.minval = 0, .maxval = 100, .report = KG_REPORT_SET, .category = KG_CAT_IO,
		.help = "percent of writes whose contents repeat an earlier write's",
	},
	{ .name = NULL },
};
