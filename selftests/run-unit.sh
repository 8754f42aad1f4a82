#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host unit tests, no VM: the freestanding logic (selftests/host) and the
# CLI's option parser and report formatter (each also under ASan and UBSan), the kernel fetcher's
# unavailable paths, the module's compile probes on stub headers, the one
# version number, the terse lines' layout and every report's structure
# against fio's (when fio is installed), fio's example job files on the syscall
# path (test_fio_examples.sh; the VM runs the kernel path's half), kiogen
# diff's verdicts, kiogen plot's charts and the man pages. Prints TAP; exits 1 on failure.
build=${1:?usage: run-unit.sh BUILD_DIR}
src=$(cd "$(dirname "$0")/.." && pwd)
. "$src/selftests/debian-python.sh"
rc=0
make -s -C "$src/selftests/host" run || rc=1
# the CLI's unit programs, as built and under ASan and UBSan (build/san)
for b in "$build" "$build/san"; do
	for t in "$src"/ctl/tests/test_*.c; do
		t=$(basename "$t" .c)
		[ "$t" = test_fixture ] && continue	# the tests' fixture
		[ "$b" = "$build" ] || echo "# $t under ASan and UBSan"
		"$b/$t" || rc=1
	done
done
# the host tests, every one (a new one runs without being listed)
for t in "$src"/selftests/host/test_*.sh; do
	t=${t##*/}
	"$src/selftests/host/$t" || rc=1
done
exit $rc
