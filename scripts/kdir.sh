#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kdir.sh - the kernel that make builds, installs and loads kiogen.ko for,
# printed as "KVER KDIR" (the Makefile's variables).
#
# Usage: scripts/kdir.sh [KDIR]
#   KDIR given: its kernel release, UTS_RELEASE of its utsrelease.h: what
#     the module's vermagic will say, and so the /lib/modules/KVER it belongs
#     in. (Debian's headers carry the upstream version, 6.1.N, in
#     include/config/kernel.release, not the package's 6.1.0-N-amd64: that
#     file is read only when utsrelease.h is missing.)
#   No KDIR: the running kernel's build tree, /lib/modules/$(uname -r)/build.
#     When it has none, kiogen.ko built for another kernel would not load on
#     this one: it stops and names the package of the headers. Only a
#     running kernel that cannot load modules at all (no /proc/modules: a
#     build machine, a container) leaves the choice to the kernels that have
#     headers here; the newest is taken, and said on stderr.
# Env: KIOGEN_SYSROOT, a directory standing for / (the host tests).
# Exit status: 0 with the line on stdout; 1 with the reason on stderr.
root=${KIOGEN_SYSROOT:-}
msg() { printf 'kiogen: %s\n' "$*" >&2; }

# release KDIR: the kernel release KDIR builds for
release() {
	sed -n 's/^#define UTS_RELEASE "\(.*\)"$/\1/p' "$1/include/generated/utsrelease.h" \
		2>/dev/null | grep . ||
		grep . "$1/include/config/kernel.release" 2>/dev/null
}

if [ $# -gt 0 ]; then
	kdir=$1
	kver=$(release "$kdir") || {
		msg "KDIR=$kdir is not a configured kernel tree (no include/generated/utsrelease.h)"
		exit 1
	}
	echo "$kver $kdir"
	exit 0
fi

running=$(uname -r)
if [ -d "$root/lib/modules/$running/build" ]; then
	echo "$running $root/lib/modules/$running/build"
	exit 0
fi
if [ -e "$root/proc/modules" ]; then
	msg "no headers for the running kernel $running (no /lib/modules/$running/build)"
	msg "install them (Debian: apt-get install linux-headers-$running),"
	msg "or build for another kernel with make KDIR=/lib/modules/VERSION/build"
	exit 1
fi
# shellcheck disable=SC2012  # release names have no odd characters
kdir=$(ls -d "$root"/lib/modules/*/build 2>/dev/null | sort -V | tail -n 1)
if [ -z "$kdir" ] || ! kver=$(release "$kdir"); then
	msg "the running kernel $running cannot load modules, and no kernel here has headers"
	msg "(/lib/modules/*/build): install some (Debian: apt-get install linux-headers-amd64) or pass KDIR="
	exit 1
fi
msg "the running kernel $running cannot load modules (no /proc/modules):" \
	"building for $kver, the newest with headers here (KDIR= to choose)"
echo "$kver $kdir"
