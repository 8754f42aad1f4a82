#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The netlink family survives a fuzzer: nl_fuzz sends random and malformed
# requests with a fixed seed; every reply must be an error with a negative
# errno or a well-formed kiogen message, no run may be left behind and the
# module's memory accounting must be back to zero. Version 2's attackers are
# among them: file descriptors of every kind in KIOGEN_A_JOB_FD (closed,
# pipes, sockets, directories, read-only for a write job), forked children
# that become nobody, root of a user namespace, root without CAP_SYS_ADMIN
# (nothing but EPERM) or root of another network namespace (the parent's runs
# do not exist there), and sockets that close while they own runs while a
# new socket takes their portid. Then the module unloads, loads again and
# answers. Environment (the VM runner passes KIOGEN_* on):
#   KIOGEN_FUZZ_SEED     seed (1)
#   KIOGEN_FUZZ_COUNT    fuzz requests (20000: every generator some hundred
#                        times, 50 s of a 6.12 guest; the seed is fixed, so more
#                        of the same requests find nothing new: new ones come
#                        from make stress's seeds at 100000 each, and
#                        make check-full's 80000)
#   KIOGEN_FUZZ_TIME     time bound in seconds (200; settings allows 300)
#   KIOGEN_FUZZ_JOBS     processes fuzzing at once (1; seeds SEED and up)
#   KIOGEN_FUZZ_EXCLUDE  generators to leave out, comma-separated
. "$(dirname "$0")/lib.sh"
need_root

SEED=${KIOGEN_FUZZ_SEED:-1}
COUNT=${KIOGEN_FUZZ_COUNT:-20000}
LIMIT=${KIOGEN_FUZZ_TIME:-200}
JOBS=${KIOGEN_FUZZ_JOBS:-1}
EXCLUDE=${KIOGEN_FUZZ_EXCLUDE:-}

# built next to the staged scripts; from the source tree, in the staging
NL_FUZZ=$(dirname "$0")/nl_fuzz
[ -x "$NL_FUZZ" ] ||
	NL_FUZZ=$KIOGEN_SRC/build/ksft/tools/testing/selftests/kiogen/nl_fuzz
[ -x "$NL_FUZZ" ] || skip "no nl_fuzz (run make selftests)"

# fuzz: nl_fuzz's TAP as comments of ours; its exit code
fuzz() {
	"$NL_FUZZ" -s "$SEED" -n "$COUNT" -t "$LIMIT" -j "$JOBS" ${EXCLUDE:+-x "$EXCLUDE"} 2>&1 |
		tee "$TMP/fuzz.log" | sed -u 's/^\([^#]\)/# nl_fuzz: \1/'
	return "${PIPESTATUS[0]}"
}

all_sent() {
	! grep -q 'time limit of .* reached' "$TMP/fuzz.log"
}

info_works() {
	"$KIOGEN" info >/dev/null
}

# a fresh module: the fuzzer stops and deletes every run it finds
unload_module || skip "module is in use"
load_module || skip "cannot load the module"

check "fuzz: $COUNT requests (seed $SEED, $JOBS process(es)), replies well-formed, nothing left" fuzz
check "fuzz: all $COUNT requests sent within ${LIMIT}s" all_sent
check "module unloads after fuzzing" unload_module
check "module loads again" load_module
check "kiogen info works after reloading" info_works
finish
