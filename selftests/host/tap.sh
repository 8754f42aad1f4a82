# SPDX-License-Identifier: GPL-2.0
#
# TAP for the host shell tests: source it, print "TAP version 13", call
# ok/not_ok/skip/expect, end with tap_done (the plan line, and the exit status: 1
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

# expect DESCRIPTION STATUS PATTERN CMD...: CMD exits STATUS and says
# (stdout and stderr) something matching the extended regex PATTERN
expect() {
	local desc=$1 want=$2 pat=$3 out rc
	shift 3
	out=$("$@" 2>&1)
	rc=$?
	if [ $rc -eq "$want" ] && grep -qE -- "$pat" <<<"$out"; then
		ok "$desc"
	else
		not_ok "$desc"
		echo "# status $rc (want $want), said:"
		tail -n 5 <<<"$out" | sed 's/^/# /'
	fi
}

# exits STATUS DESCRIPTION CMD...: CMD exits STATUS; its stdout and stderr
# are kept in $tmp/out and $tmp/err for has()
exits() {
	local want=$1 what=$2 got

	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then
		ok "$what (exit $got)"
	else
		not_ok "$what: exit $got, want $want"
		sed 's/^/# /' "$tmp/out" "$tmp/err"
	fi
}

# has [!] PATTERN DESCRIPTION: the last run's output, $tmp/out and $tmp/err,
# matches the extended regex PATTERN; with !, does not
has() {
	local want=0

	[ "$1" = "!" ] && { want=1; shift; }
	grep -qE -- "$1" "$tmp/out" "$tmp/err"
	if [ $? -eq $want ]; then
		ok "$2"
	else
		not_ok "$2: '$1' $([ $want -eq 0 ] && echo not) in"
		sed 's/^/# /' "$tmp/out" "$tmp/err"
	fi
}

tap_done() {
	echo "1..$n"
	exit $failed
}
