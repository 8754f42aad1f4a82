# SPDX-License-Identifier: GPL-2.0
#
# TAP for the host shell tests: source it, print "TAP version 13", call
# ok/not_ok/skip, end with tap_done (the plan line, and the exit status: 1
# if any test failed) or a plan and exit $failed of your own.
n=0 failed=0

ok() {
	n=$((n + 1))
	echo "ok $n - $1"
}

not_ok() {
	n=$((n + 1))
	echo "not ok $n - $1"
	failed=1
}

skip() {
	n=$((n + 1))
	echo "ok $n - $1 # SKIP $2"
}

tap_done() {
	echo "1..$n"
	exit $failed
}
