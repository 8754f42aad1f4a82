#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check: build, host unit tests, then the selftests inside a VM booted
# on the installed Debian kernel. Ends with "N passed, N failed, N skipped"
# counted over every TAP result, and exits non-zero on any failure.
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
cd "$src"
logs=$src/build/check
rm -rf "$logs"
mkdir -p "$logs"
extra_fail=0

step() {
	echo "==> $*"
}

step "build"
if ! make -s all selftests unit-progs; then
	echo "build failed"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi

step "host unit tests"
selftests/run-unit.sh "$src/build" 2>&1 | tee "$logs/unit.tap"
if [ "${PIPESTATUS[0]}" -ne 0 ] && ! grep -q '^not ok' "$logs/unit.tap"; then
	extra_fail=$((extra_fail + 1))	# a test program died without saying
fi

step "VM selftests"
selftests/vmtest.sh -o "$logs/vm" -- selftests/vm-suite.sh
vm_rc=$?
if [ $vm_rc -ne 0 ] && ! grep -q '^not ok' "$logs/vm/vm.tap" 2>/dev/null; then
	# the VM itself failed (splat, timeout, crash): count it as a failure
	echo "VM run failed with status $vm_rc"
	extra_fail=$((extra_fail + 1))
fi

count() {
	cat "$logs/unit.tap" "$logs/vm/vm.tap" 2>/dev/null | grep -cE "$1"
}
passed=$(count '^ok ' )
skipped=$(count '^ok .*# SKIP')
failed=$(( $(count '^not ok ') + extra_fail ))
passed=$((passed - skipped))
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
