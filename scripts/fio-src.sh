#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fio-src.sh - the source tree of the installed fio, from Debian's source
# package: the tests hold kiogen to fio's own example job files
# (test_fio_examples.sh), which the binary package does not ship, and fio's
# tools (t/) can be built from it. Never copied into the repository: the
# source package is downloaded once into a cache, with apt's own lists of
# bookworm's sources kept there too (a private deb-src line: the host's
# /etc/apt is left as it is), and unpacked with dpkg-source where asked.
#
# Usage: scripts/fio-src.sh [DIR]
#   Prints the path of the unpacked tree, DIR/fio-UPSTREAMVERSION (DIR:
#   default the cache). Quick once the tree is there: nothing is fetched
#   (a VM, which sees the host's root read-only and no network, finds it
#   there).
# Env: KIOGEN_FIO_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/kiogen-fio),
#      KIOGEN_FIO_VERSION (the Debian version; default the installed fio's),
#      FIO_SRC_TRIES (3: apt may be updating the archive for a moment; a
#      try lists the sources anew, then waits FIO_SRC_WAIT seconds, 30),
#      DEBIAN_MIRROR (default http://deb.debian.org/debian),
#      DEBIAN_SUITE (default bookworm).
# Exit status: 0 done; 2 bad usage; 4 the source cannot be had here (the
# reason on stderr, "unavailable: REASON"): a skip, not a failure (under
# CI=true, check.sh's convention makes it one).

set -euo pipefail

PROG=${0##*/}
CACHE=${KIOGEN_FIO_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/kiogen-fio}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SUITE=${DEBIAN_SUITE:-bookworm}
TRIES=${FIO_SRC_TRIES:-3}
WAIT=${FIO_SRC_WAIT:-30}

msg() { printf '%s: %s\n' "$PROG" "$*" >&2; }
unavailable() { msg "unavailable: $*"; exit 4; }

case ${1:-} in
-h | --help) sed -n '/^# Usage:/,/^# Exit status/s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
-*) msg "unknown option '$1'"; exit 2 ;;
esac
(($# <= 1)) || { msg "one DIR at most"; exit 2; }
[[ $TRIES =~ ^[1-9][0-9]*$ && $WAIT =~ ^[0-9]+$ ]] ||
	{ msg "bad FIO_SRC_TRIES '$TRIES' or FIO_SRC_WAIT '$WAIT'"; exit 2; }
DEST=${1:-$CACHE}
mkdir -p "$DEST" 2>/dev/null || true
[[ -d $DEST ]] || unavailable "cannot make $DEST"
DEST=$(cd "$DEST" && pwd)

# the Debian version of the source package: the installed fio's
VERSION=${KIOGEN_FIO_VERSION:-$(dpkg-query -W -f='${source:Version}' fio 2>/dev/null || true)}
[[ -n $VERSION ]] || unavailable "fio is not installed (scripts/deps.sh)"
UPSTREAM=${VERSION#*:}
UPSTREAM=${UPSTREAM%-*}
TREE=$DEST/fio-$UPSTREAM

# unpacked already (by an earlier run, or on the host for a VM)
if [[ -f $TREE/.kiogen-unpacked ]]; then
	printf '%s\n' "$TREE"
	exit 0
fi

command -v dpkg-source >/dev/null || unavailable "no dpkg-source (dpkg-dev: scripts/deps.sh)"
mkdir -p "$CACHE" || unavailable "cannot make $CACHE"
# one fetch at a time (worktrees share the cache); then look again
exec 9>"$CACHE/.lock"
flock 9
if [[ -f $TREE/.kiogen-unpacked ]]; then
	printf '%s\n' "$TREE"
	exit 0
fi

# apt with only bookworm's sources, its lists and caches in $CACHE/apt
APT_DIR=$CACHE/apt
APT=(apt-get -q -o Dir::Etc::sourcelist="$APT_DIR/sources.list"
	-o Dir::Etc::sourceparts=- -o Dir::Etc::preferencesparts=-
	-o Dir::State::Lists="$APT_DIR/lists" -o Dir::Cache="$APT_DIR/cache"
	-o Dir::Cache::archives="$APT_DIR/archives"
	-o APT::Sandbox::User=root -o Debug::NoLocking=true)
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
mkdir -p "$APT_DIR/lists/partial" "$APT_DIR/cache" "$APT_DIR/archives/partial" "$CACHE/pkg"
echo "deb-src [signed-by=$KEYRING] $MIRROR $SUITE main" >"$APT_DIR/sources.list"

# the package's files (.dsc, orig and debian tarballs), downloaded once
DSC=$CACHE/pkg/fio_${VERSION#*:}.dsc
fetch() {
	"${APT[@]}" update >"$CACHE/apt.log" 2>&1 || return 1
	(cd "$CACHE/pkg" && "${APT[@]}" source --download-only "fio=$VERSION") \
		>>"$CACHE/apt.log" 2>&1 || return 1
	[[ -f $DSC ]]
}
if [[ ! -f $DSC ]]; then
	try=1
	msg "downloading Debian's fio $VERSION source package"
	until fetch; do
		reason=$(grep -E '^(E|W|Err):' "$CACHE/apt.log" | tail -n 1)
		if ((try >= TRIES)); then
			unavailable "fio $VERSION's source package from $MIRROR $SUITE (${reason:-see $CACHE/apt.log})"
		fi
		msg "try $try of $TRIES failed: again in $WAIT s (${reason:-apt may be updating})"
		sleep "$WAIT"
		try=$((try + 1))
	done
fi

# unpacked (Debian's patches applied) beside, then renamed into place
rm -rf "$TREE.tmp"
dpkg-source --no-check --no-copy -q -x "$DSC" "$TREE.tmp" >"$CACHE/unpack.log" 2>&1 || {
	rm -rf "$TREE.tmp"
	unavailable "dpkg-source -x $DSC failed: $(tail -n 1 "$CACHE/unpack.log")"
}
touch "$TREE.tmp/.kiogen-unpacked"
rm -rf "$TREE"
mv "$TREE.tmp" "$TREE"
printf '%s\n' "$TREE"
