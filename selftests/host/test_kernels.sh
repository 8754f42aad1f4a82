#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kernel matrix's scripts without network or VM: scripts/kernels.sh (a
# leg whose kernel cannot be had exits 4, which make check reports as
# skipped, with the reason; the cache) on scratch caches and an apt that
# knows no packages, neither listed nor installed (a developer's host may
# have linux-source-6.12 or the 6.12 headers installed); bad arguments to it and to selftests/check.sh exit 2
# with what is wrong, before anything is done.
src=$(cd "$(dirname "$0")/../.." && pwd)
ks=$src/scripts/kernels.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/selftests/host/tap.sh"

mkdir -p "$tmp/lists/partial" "$tmp/cache"
: >"$tmp/status"
cat >"$tmp/apt.conf" <<EOF
Dir::Etc::SourceList "/dev/null";
Dir::Etc::SourceParts "$tmp/none";
Dir::State::Lists "$tmp/lists";
Dir::State::status "$tmp/status";
Dir::Cache "$tmp/cache";
EOF

echo "TAP version 13"
expect "list names the legs" 0 '^6\.1.6\.12.sid.debug.rt$' \
	bash -c "'$ks' list | tr '\n' ' ' | sed 's/ \$//; s/ /./g'"
expect "an unknown leg is bad usage" 2 "unknown leg '5.4'" \
	env KIOGEN_KERNELS_CACHE="$tmp/k" "$ks" env 5.4
expect "make check: an unknown leg is refused, naming the legs" 2 \
	"unknown leg '5.4' \\(legs: 6\\.1 6\\.12 sid debug rt dkms\\)" "$src/selftests/check.sh" 5.4
expect "make check: a bad CHECK_JOBS is refused" 2 "bad CHECK_JOBS 'two'" \
	env CHECK_JOBS=two "$src/selftests/check.sh" 6.1
expect "make check: a bad CHECK_VMS is refused" 2 "bad CHECK_VMS '0'" \
	env CHECK_VMS=0 "$src/selftests/check.sh" 6.1
expect "6.12 that apt does not know, nothing cached: unavailable (4)" 4 \
	'6\.12: unavailable: apt knows no linux-headers-6\.12-amd64' \
	env APT_CONFIG="$tmp/apt.conf" KIOGEN_KERNELS_CACHE="$tmp/k" "$ks" env 6.12
expect "rt that apt does not know, nothing cached: unavailable (4)" 4 \
	'rt: unavailable: apt knows no linux-headers-rt-amd64' \
	env APT_CONFIG="$tmp/apt.conf" KIOGEN_KERNELS_CACHE="$tmp/k" "$ks" env rt
expect "debug without linux-source-6.12 in apt, nothing built: unavailable (4)" 4 \
	'debug: unavailable: apt knows no linux-source-6\.12' \
	env APT_CONFIG="$tmp/apt.conf" KIOGEN_KERNELS_CACHE="$tmp/k" "$ks" env debug
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

# the debug kernel's cache key: the kernel built from the same fragment
# serves (here without apt); a changed fragment is another kernel
frag=$tmp/debug.config
# debug_key_of FRAGMENT VERSION: kernels.sh's cache key
debug_key_of() {
	KIOGEN_DEBUG_CONFIG=$1 bash -c "SRC=$src
		$(sed -n '/^DEBUG_FRAGMENT=/,/^}/p' "$ks")
		debug_key $2"
}
printf 'CONFIG_KASAN=y\n' >"$frag"
key=$(debug_key_of "$frag" 6.12.1-1)
d=$tmp/k3/debug/$key
mkdir -p "$d/linux-source-6.12"
printf 'kernelrelease:\n\t@echo 6.12.1-kiogen-debug\n' >"$d/linux-source-6.12/Makefile"
touch "$d/.ready"
expect "debug without apt: the kernel built from this fragment is used" 0 \
	"^MODULES=.*/debug/$key/root/lib/modules/6\\.12\\.1-kiogen-debug\$" \
	env APT_CONFIG="$tmp/apt.conf" KIOGEN_DEBUG_CONFIG="$frag" \
	KIOGEN_KERNELS_CACHE="$tmp/k3" "$ks" env debug
printf '# CONFIG_KASAN is not set\n' >"$frag"
expect "debug: a changed fragment is another kernel: not built, so unavailable here" 4 \
	'debug: unavailable' env APT_CONFIG="$tmp/apt.conf" KIOGEN_DEBUG_CONFIG="$frag" \
	KIOGEN_KERNELS_CACHE="$tmp/k3" "$ks" env debug
key2=$(debug_key_of "$frag" 6.12.1-1)
expect "debug: the cache key is the package version and a hash that the fragment changes" \
	0 '^6\.12\.1-1-[0-9a-f]{12} 6\.12\.1-1-[0-9a-f]{12}$' \
	bash -c "[ '$key' != '$key2' ] && echo '$key $key2'"

# the debug leg's kmemleak verdict (check.sh): a report counts when a frame
# is kiogen's, by name, or by a bare address in its text once unloaded
cat >"$tmp/kmemleak.txt" <<'EOF2'
# with kiogen loaded
unreferenced object 0xffff888003a1c000 (size 64):
  comm "swapper/0", pid 1, jiffies 4294892296
  backtrace (crc 0):
    [<ffffffff81234567>] kmalloc_trace+0x27/0x30
unreferenced object 0xffff888003a1d000 (size 128):
  comm "kiogen-w0", pid 77, jiffies 4294892296
  backtrace (crc 0):
    [<ffffffffc0a00100>] kiogen_worker+0x27/0x30 [kiogen]
# after rmmod kiogen
unreferenced object 0xffff888003a1e000 (size 128):
  comm "kiogen", pid 78, jiffies 4294892296
  backtrace (crc 0):
    [<ffffffffc0a02000>] 0xffffffffc0a02000
unreferenced object 0xffff888003a1f000 (size 128):
  comm "modprobe", pid 79, jiffies 4294892296
  backtrace (crc 0):
    [<ffffffffc0b02000>] 0xffffffffc0b02000
EOF2
printf '.text 0xffffffffc0a00000 0x5e07\n' >"$tmp/kiogen-text.txt"
expect "kmemleak: the reports with a frame of kiogen, loaded or unloaded, and only those" \
	0 '^0xffff888003a1d000 0xffff888003a1e000$' bash -c "
	$(sed -n '/^kiogen_leaks()/,/^}/p' "$src/selftests/check.sh")
	kiogen_leaks $tmp/kmemleak.txt $tmp/kiogen-text.txt |
		sed -n 's/^unreferenced object \([^ ]*\).*/\1/p' | tr '\n' ' ' | sed 's/ \$//'"
# make check's shards (check.sh): every test of a leg once, in shards of
# about CHECK_SHARD_SECS by selftests/durations, longest first; a shard
# weighs a core (100) unless all its tests keep their guest busy at most a
# quarter of the time (the light ones, durations' third column)
if (
	cd "$src" || exit 1
	# shellcheck disable=SC1090	# the functions of check.sh
	source <(sed -n '/^suite_tests()/,/^}/p;/^expected()/,/^}/p;/^shards()/,/^}/p' selftests/check.sh)
	# shellcheck disable=SC2034	# read by the functions of check.sh
	DEBUG_SLOWDOWN=8 shard_secs=400
	all=$(suite_tests | sort | tr '\n' ' ')
	# shellcheck disable=SC2046	# the tests are words
	out=$(shards 6.12 $(suite_tests))
	got=$(cut -d' ' -f3- <<<"$out" | tr ' ' '\n' | sed '/^$/d' | sort | tr '\n' ' ')
	longest=$(grep -v '^#' selftests/durations | sort -k2,2nr | head -n 1 | cut -d' ' -f2)
	max=$((longest > 400 ? longest : 400))
	[ "$got" = "$all" ] && [ "$(wc -l <<<"$out")" -ge 2 ] &&
		[ "$(cut -d' ' -f1 <<<"$out" | sort -nr)" = "$(cut -d' ' -f1 <<<"$out")" ] &&
		awk -v m="$max" 'NF > 3 && $1 > m * 1.5 { exit 1 }' <<<"$out" &&
		awk 'NR == FNR { busy[$1] = $3 == "" ? 100 : $3; next }
			$2 < 100 { for (i = 3; i <= NF; i++) if (busy[$i] > 25) exit 1 }
			$2 == 100 { for (i = 3; i <= NF; i++) if (!($i in busy) || busy[$i] > 25) next; exit 1 }
		' selftests/durations - <<<"$out"
); then
	ok "make check's shards: each test once, about CHECK_SHARD_SECS each, longest first"
else
	not_ok "make check's shards: each test once, about CHECK_SHARD_SECS each, longest first"
fi
echo "1..$n"
exit $failed
