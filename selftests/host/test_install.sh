#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make install and make uninstall into a DESTDIR, and the kernel they pick
# (scripts/kdir.sh): the module goes to /lib/modules/R/extra where R is the
# release of the KDIR it was built with (never the running kernel's), a KVER
# that disagrees with KDIR is refused, make uninstall leaves nothing; with no
# headers for the running kernel make stops and names the package to
# install. The install cases need the 6.1 headers (scripts/kernels.sh env
# 6.1, make deps) and a built kmod/kiogen.ko for them.
src=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/selftests/host/tap.sh"
echo "TAP version 13"

running=$(uname -r)
# a root whose running kernel loads modules but has no headers
fake=$tmp/root
mkdir -p "$fake/proc" "$fake/lib/modules/$running/kernel"
: >"$fake/proc/modules"
expect "no headers for the running kernel: kdir.sh stops, naming the package" 1 \
	"apt-get install linux-headers-$running" env KIOGEN_SYSROOT="$fake" "$src/scripts/kdir.sh"
mkdir -p "$fake/lib/modules/6.1.0-99-amd64/build/include/generated"
echo '#define UTS_RELEASE "6.1.0-99-amd64"' \
	>"$fake/lib/modules/6.1.0-99-amd64/build/include/generated/utsrelease.h"
expect "... even when another kernel has headers" 1 "or build for another kernel with make KDIR=" \
	env KIOGEN_SYSROOT="$fake" "$src/scripts/kdir.sh"
expect "make module stops there too, building nothing" 2 \
	"linux-headers-$running.*|no kernel to build kiogen.ko for" \
	env KIOGEN_SYSROOT="$fake" make -s -C "$src" module
# the running kernel cannot load modules: the newest with headers, said
mkdir -p "$fake/lib/modules/6.1.0-9-amd64/build/include/generated"
echo '#define UTS_RELEASE "6.1.0-9-amd64"' \
	>"$fake/lib/modules/6.1.0-9-amd64/build/include/generated/utsrelease.h"
rm "$fake/proc/modules"
expect "a running kernel without modules: the newest headers, and it says so" 0 \
	"cannot load modules.*building for 6\\.1\\.0-99-amd64" \
	env KIOGEN_SYSROOT="$fake" "$src/scripts/kdir.sh"
mkdir -p "$fake/lib/modules/$running/build/include/generated"
expect "headers for the running kernel: those" 0 "^$running $fake/lib/modules/$running/build\$" \
	env KIOGEN_SYSROOT="$fake" "$src/scripts/kdir.sh"

# a KDIR's release is its utsrelease.h's (vermagic's), not Debian's
# include/config/kernel.release, which says 6.1.N
mkdir -p "$tmp/kdir/include/generated" "$tmp/kdir/include/config"
echo '#define UTS_RELEASE "6.12.7-test"' >"$tmp/kdir/include/generated/utsrelease.h"
echo 6.12.7 >"$tmp/kdir/include/config/kernel.release"
expect "KDIR's release is its UTS_RELEASE" 0 "^6\\.12\\.7-test $tmp/kdir\$" \
	"$src/scripts/kdir.sh" "$tmp/kdir"
expect "a KDIR that is no kernel tree is refused" 1 "not a configured kernel tree" \
	"$src/scripts/kdir.sh" "$tmp"

# make install / uninstall for the 6.1 headers
eval "$("$src/scripts/kernels.sh" env 6.1 2>/dev/null)"
built=$(modinfo -F vermagic "$src/kmod/kiogen.ko" 2>/dev/null | cut -d' ' -f1)
if [ -z "${KDIR:-}" ]; then
	skip "make install and uninstall" "no Debian 6.1 headers (make deps)"
	tap_done
elif [ "$built" != "$KVER" ]; then
	skip "make install and uninstall" "kmod/kiogen.ko is not built for $KVER (make KDIR=$KDIR)"
	tap_done
fi
d=$tmp/dest
expect "make install KVER=another KDIR=6.1's is refused" 2 "KVER=9\\.9\\.9, but KDIR=.* is $KVER" \
	make -s -C "$src" install KDIR="$KDIR" KVER=9.9.9 DESTDIR="$d"
expect "make install KDIR=6.1's DESTDIR=..." 0 "" \
	make -s -C "$src" install KDIR="$KDIR" DESTDIR="$d" PREFIX=/usr
files=$(cd "$d" && find . -type f | sort | tr '\n' ' ')
want="./lib/modules/$KVER/extra/kiogen.ko ./usr/sbin/kiogen ./usr/share/bash-completion/completions/kiogen "
want+="./usr/share/man/man8/kiogen-run.8 "
command -v help2man >/dev/null && want+="./usr/share/man/man8/kiogen.8 "
want=$(tr ' ' '\n' <<<"$want" | grep . | sort | tr '\n' ' ')
if [ "$files" = "$want" ]; then
	ok "it installs the module for $KVER, KDIR's kernel, the CLI, its completion, kiogen-run.8 (and kiogen.8)"
else
	not_ok "it installs the module for $KVER, KDIR's kernel, and the CLI: $files"
fi
expect "the installed module is the one built for $KVER" 0 "^$KVER " \
	modinfo -F vermagic "$d/lib/modules/$KVER/extra/kiogen.ko"
expect "make uninstall KDIR=6.1's DESTDIR=..." 0 "" \
	make -s -C "$src" uninstall KDIR="$KDIR" DESTDIR="$d" PREFIX=/usr
left=$(cd "$d" && find . -type f; [ -d "$d/lib/modules/$KVER/extra" ] && echo extra/)
if [ -z "$left" ]; then
	ok "make uninstall leaves nothing installed"
else
	not_ok "make uninstall leaves: $(tr "\n" " " <<<"$left")"
fi
tap_done
