// SPDX-License-Identifier: GPL-2.0
/*
 * A stand-in for a kiogen module of another family version: it registers
 * kiogen's generic netlink family name one version ahead and nothing else,
 * so test_module_load.sh can show that the CLI refuses it in words rather
 * than misread messages laid out for another version.
 */
#include <linux/module.h>
#include <net/genetlink.h>

#include <linux/kiogen.h>

static struct genl_family kiog_other_family = {
	.name = KIOGEN_FAMILY_NAME,
	.version = KIOGEN_FAMILY_VERSION + 1,
	.module = THIS_MODULE,
};

static int __init kiog_other_init(void)
{
	return genl_register_family(&kiog_other_family);
}

static void __exit kiog_other_exit(void)
{
	genl_unregister_family(&kiog_other_family);
}

module_init(kiog_other_init);
module_exit(kiog_other_exit);
MODULE_DESCRIPTION("kiogen's family name at another version (a test's stand-in)");
MODULE_LICENSE("GPL");
