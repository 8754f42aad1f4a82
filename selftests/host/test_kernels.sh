#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kernel matrix's scripts without network or VM: scripts/kernels.sh (a
# leg whose kernel cannot be had exits 4, which make check reports as
# skipped, with the reason; the cache) on scratch caches and an apt that
# knows no packages; bad arguments to it and to selftests/check.sh exit 2
# with what is wrong, before anything is done.
src=$(cd "$(dirname "$0")/../.." && pwd)
ks=$src/scripts/kernels.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0

# expect DESCRIPTION STATUS PATTERN CMD...: CMD exits STATUS, says PATTERN
expect() {
	local desc=$1 want=$2 pat=$3 out rc
	shift 3
	n=$((n + 1))
	out=$("$@" 2>&1)
	rc=$?
	if [ $rc -eq "$want" ] && grep -qE -- "$pat" <<<"$out"; then
		echo "ok $n - $desc"
	else
		echo "not ok $n - $desc"
		echo "# status $rc (want $want), said: $out"
		failed=1
	fi
}

mkdir -p "$tmp/lists/partial" "$tmp/cache"
cat >"$tmp/apt.conf" <<EOF
Dir::Etc::SourceList "/dev/null";
Dir::Etc::SourceParts "$tmp/none";
Dir::State::Lists "$tmp/lists";
Dir::Cache "$tmp/cache";
EOF

echo "TAP version 13"
echo "1..10"
expect "list names the legs" 0 '^6\.1.6\.12.sid$' \
	bash -c "'$ks' list | tr '\n' ' ' | sed 's/ \$//; s/ /./g'"
expect "an unknown leg is bad usage" 2 "unknown leg '5.4'" \
	env KIOGEN_KERNELS_CACHE="$tmp/k" "$ks" env 5.4
expect "make check: an unknown leg is refused, naming the legs" 2 \
	"unknown leg '5.4' \\(legs: 6\\.1 6\\.12 sid dkms\\)" "$src/selftests/check.sh" 5.4
expect "make check: a bad CHECK_JOBS is refused" 2 "bad CHECK_JOBS 'two'" \
	env CHECK_JOBS=two "$src/selftests/check.sh" 6.1
expect "6.12 that apt does not know, nothing cached: unavailable (4)" 4 \
	'6\.12: unavailable: apt knows no linux-headers-6\.12-amd64' \
	env APT_CONFIG="$tmp/apt.conf" KIOGEN_KERNELS_CACHE="$tmp/k" "$ks" env 6.12
expect "sid without its archive, nothing cached: unavailable (4)" 4 \
	'sid: unavailable: debootstrap of sid failed' \
	env DEBIAN_MIRROR=http://127.0.0.1:9/debian KIOGEN_KERNELS_CACHE="$tmp/k" "$ks" env sid
expect "nothing half-made is left in the cache" 0 '^$' \
	find "$tmp/k" -mindepth 2 -not -name debootstrap.log -not -name .lock

# a cache with a ready 6.12 serves when apt knows none; of the others, the
# one another run used recently stays, the stale one goes
c=$tmp/k2/6.12
mkdir -p "$c/6.12.90+deb12-amd64" "$c/6.12.80+deb12-amd64" "$c/6.12.70+deb12-amd64"
touch "$c/6.12.90+deb12-amd64/.ready" "$c/6.12.80+deb12-amd64/.used"
expect "6.12 that apt does not know, but cached: the cached one" 0 \
	'^KVER=6\.12\.90\+deb12-amd64$' \
	env APT_CONFIG="$tmp/apt.conf" KIOGEN_KERNELS_CACHE="$tmp/k2" "$ks" env 6.12
expect "a kernel another run used in the last two days is kept" 0 '' \
	test -d "$c/6.12.80+deb12-amd64"
expect "a kernel no run has used for two days is removed" 0 '' \
	test ! -e "$c/6.12.70+deb12-amd64"
exit $failed
