// SPDX-License-Identifier: GPL-2.0
/*
 * What the metadata engines' kernel path (kmod/engine-meta.c) does not do
 * that their syscall path (openat, newfstatat, mkdirat, unlinkat) does: the
 * syscall layer's work around the vfs_*() calls, as fs/namei.c, fs/open.c,
 * fs/stat.c and fs/read_write.c of 6.1 and 6.12 do it. The one statement of
 * it: the text and JSON reports of a kernel path run and kiogen meta print
 * it, Documentation/kiogen/metadata.rst's table is checked against it
 * (test_report).
 */
#include <stdbool.h>

#include "json/json.h"
#include "meta-path.h"

#define KG_META_ALL	(KG_META_OP(KIOG_META_FILECREATE) | KG_META_OP(KIOG_META_FILESTAT) | \
			 KG_META_OP(KIOG_META_FILEDELETE) | KG_META_OP(KIOG_META_DIRCREATE) | \
			 KG_META_OP(KIOG_META_DIRSTAT) | KG_META_OP(KIOG_META_DIRDELETE))
#define KG_META_STATS	(KG_META_OP(KIOG_META_FILESTAT) | KG_META_OP(KIOG_META_DIRSTAT))
/* all but filecreate, whose file_open_root() retries as openat() does */
#define KG_META_LOOKUPS	(KG_META_ALL & ~KG_META_OP(KIOG_META_FILECREATE))

const struct kg_meta_skip kg_meta_skips[] = {
	{ "security_path_mkdir", KG_META_OP(KIOG_META_DIRCREATE),
	  "the LSM path hook (AppArmor, TOMOYO, Landlock) that do_mkdirat() calls before vfs_mkdir()" },
	{ "security_path_unlink", KG_META_OP(KIOG_META_FILEDELETE),
	  "the LSM path hook (AppArmor, TOMOYO, Landlock) that do_unlinkat() calls before vfs_unlink()" },
	{ "security_path_rmdir", KG_META_OP(KIOG_META_DIRDELETE),
	  "the LSM path hook (AppArmor, TOMOYO, Landlock) that do_rmdir() calls before vfs_rmdir()" },
	{ "audit", KG_META_ALL,
	  "a kernel thread is in no syscall: audit_getname(), audit_inode() and audit_inode_child() record nothing, no SYSCALL or PATH record is made (an LSM's own records, as SELinux's AVC, still are)" },
	{ "getname", KG_META_ALL,
	  "no copy of the name from user memory (getname())" },
	{ "cp_new_stat", KG_META_STATS,
	  "no copy of the stat to user memory" },
	{ "fd", KG_META_OP(KIOG_META_FILECREATE),
	  "no file descriptor: no fd_install(); the close is filp_close() (->flush(), where NFS writes the file back, and dnotify_flush(), as close(2)) with the final release deferred, as a kernel thread's fput() is, and waited for at the end of the run" },
	{ "fsnotify_open", KG_META_OP(KIOG_META_FILECREATE),
	  "no open event (IN_OPEN, FAN_OPEN) where the open syscall sends it (6.1: do_sys_openat2()); where vfs_open() sends it (6.12), both paths have it" },
	{ "io_accounting", KG_META_OP(KIOG_META_FILECREATE),
	  "the writes do not count in the task's I/O accounting (vfs_write()'s wchar and syscw of /proc/PID/io)" },
	{ "estale_retry", KG_META_LOOKUPS,
	  "no second try with LOOKUP_REVAL on ESTALE (retry_estale(), NFS)" },
	{ "delegation", KG_META_OP(KIOG_META_FILEDELETE),
	  "a file under a lease or an NFSv4 delegation fails with EWOULDBLOCK, where do_unlinkat() waits for its break (break_deleg_wait()) and tries again" },
};

const unsigned int kg_meta_nr_skips = sizeof(kg_meta_skips) / sizeof(kg_meta_skips[0]);

const char kg_meta_kernel_does[] =
	"the permission checks (MAY_EXEC on the directory, may_create(), may_delete(), may_open()), "
	"the security_inode_* hooks (SELinux, Smack), filecreate's open path with its hooks "
	"(security_path_mknod(), security_file_open()), security_file_permission() on each write, "
	"the fsnotify events of the changes, mnt_want_write() and freeze protection";

/* The engines of @ops, as "filecreate, dircreate", into @buf. */
static void kg_meta_ops_str(unsigned int ops, char *buf, size_t len)
{
	size_t n = 0;
	int op;

	buf[0] = '\0';
	for (op = KIOG_META_FILECREATE; op <= KIOG_META_DIRDELETE && n < len; op++)
		if (ops & KG_META_OP(op))
			n += snprintf(buf + n, len - n, "%s%s", n ? ", " : "",
				      kiog_meta_op_name(op));
}

void kg_meta_path_text(FILE *f, unsigned int ops)
{
	char engines[96];
	unsigned int i;

	fprintf(f, "kiogen kernel path: the syscall layer's work it does not do (--path=syscall does it):\n");
	for (i = 0; i < kg_meta_nr_skips; i++) {
		const struct kg_meta_skip *s = &kg_meta_skips[i];

		if (!(s->ops & ops))
			continue;
		kg_meta_ops_str(s->ops & ops, engines, sizeof(engines));
		fprintf(f, "kiogen   %s (%s): %s\n", s->what, engines, s->detail);
	}
	fprintf(f, "kiogen kernel path, as the syscalls: %s\n", kg_meta_kernel_does);
}

void kg_meta_path_json(struct kg_json *j, unsigned int ops)
{
	unsigned int i;
	int op;

	kg_json_obj(j, "kernel_path");
	kg_json_open(j, "not_done", '[', false);
	for (i = 0; i < kg_meta_nr_skips; i++) {
		const struct kg_meta_skip *s = &kg_meta_skips[i];

		if (!(s->ops & ops))
			continue;
		kg_json_obj(j, NULL);
		kg_json_string(j, "what", s->what);
		kg_json_open(j, "engines", '[', true);
		for (op = KIOG_META_FILECREATE; op <= KIOG_META_DIRDELETE; op++)
			if (s->ops & ops & KG_META_OP(op))
				kg_json_string(j, NULL, kiog_meta_op_name(op));
		kg_json_close(j, ']');
		kg_json_string(j, "detail", s->detail);
		kg_json_end(j);
	}
	kg_json_close(j, ']');
	kg_json_string(j, "done", kg_meta_kernel_does);
	kg_json_end(j);
}
