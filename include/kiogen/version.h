/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * kiogen's one version number. The module (MODULE_VERSION, INFO_GET) and the
 * CLI (kiogen --version, reports) include it; the Makefile and dkms.conf
 * read it from here.
 */
#ifndef _KIOGEN_VERSION_H
#define _KIOGEN_VERSION_H

#define KIOGEN_VERSION "0.1.0"

#endif /* _KIOGEN_VERSION_H */
