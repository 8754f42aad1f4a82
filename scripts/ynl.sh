#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ynl.sh - the kernel's YNL tools for kiogen's netlink spec
# (Documentation/netlink/specs/kiogen.yaml): the generator (ynl-gen-c.py),
# the CLI (cli.py) and the schemas, taken from Debian's linux-source-6.12
# package (apt-get download, unpacked, never installed; an unpacked tree of
# the debug kernel is reused) into build/ynl, laid out as a kernel tree.
#
# Usage: scripts/ynl.sh fetch     build/ynl ready (quick when it is)
#        scripts/ynl.sh regen     write the files generated from the spec
#        scripts/ynl.sh check     generate into a scratch directory and
#                                 compare with the committed files
# Exit status: 0 done (check: identical); 1 failed (check: they differ);
#              4 the tools cannot be had here (reason on stderr).

set -euo pipefail

SRC=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
YNL=$SRC/build/ynl
CACHE=${KIOGEN_KERNELS_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/kiogen-kernels}
SPEC=Documentation/netlink/specs/kiogen.yaml
# generated file, then its ynl-gen-c.py mode and part
GENERATED=(
	"include/uapi/linux/kiogen_generated.h uapi header"
	"kmod/genl.h kernel header"
	"kmod/genl.c kernel source"
)

msg() { printf 'ynl.sh: %s\n' "$*" >&2; }
unavailable() { msg "unavailable: $*"; exit 4; }

# Copies what YNL needs from the kernel source tree $1 into build/ynl.
take() {
	local tree=$1 tmp=$YNL.tmp
	rm -rf "$tmp"
	mkdir -p "$tmp/tools/net/ynl/lib" "$tmp/Documentation/netlink/specs"
	cp "$tree"/tools/net/ynl/{cli.py,ynl-gen-c.py} "$tmp/tools/net/ynl/"
	cp "$tree"/tools/net/ynl/lib/*.py "$tmp/tools/net/ynl/lib/"
	cp "$tree"/Documentation/netlink/*.yaml "$tmp/Documentation/netlink/"
	# ynl-gen-c.py names the spec by its path below the tree's root, the
	# directory that holds MAINTAINERS
	: >"$tmp/MAINTAINERS"
	rm -rf "$YNL"
	mv "$tmp" "$YNL"
}

fetch() {
	local tree dl ver
	[[ -e $YNL/.ready ]] && return 0
	python3 -c 'import yaml, jsonschema' 2>/dev/null ||
		unavailable "python3 cannot import yaml and jsonschema (make deps)"
	for tree in "$CACHE"/debug/*/linux-source-6.12; do
		if [[ -f $tree/tools/net/ynl/ynl-gen-c.py ]]; then
			msg "taking YNL from $tree"
			take "$tree"
			basename "$(dirname "$tree")" >"$YNL/.source"
			touch "$YNL/.ready"
			return 0
		fi
	done
	ver=$(apt-cache show --no-all-versions linux-source-6.12 2>/dev/null |
		sed -n 's/^Version: //p' | head -n 1) || ver=
	[[ -n $ver ]] || unavailable "apt knows no linux-source-6.12 (is bookworm-security in sources.list?)"
	dl=$(mktemp -d)
	trap 'rm -rf "$dl"' EXIT
	msg "downloading linux-source-6.12=$ver"
	(cd "$dl" && apt-get download -q "linux-source-6.12=$ver" >download.log 2>&1) ||
		unavailable "cannot download linux-source-6.12=$ver: $(tail -n 1 "$dl/download.log")"
	dpkg-deb --fsys-tarfile "$dl"/linux-source-6.12_*.deb |
		tar -xO --wildcards '*/linux-source-6.12.tar.xz' |
		tar -xJ -C "$dl" --wildcards 'linux-source-6.12/tools/net/ynl/*' \
			'linux-source-6.12/Documentation/netlink/*'
	take "$dl/linux-source-6.12"
	echo "linux-source-6.12=$ver" >"$YNL/.source"
	touch "$YNL/.ready"
}

# gen DIR: every generated file, written below DIR
gen() {
	local dir=$1 one f mode part
	# the spec sits in the tree's place for specs, next to the schemas
	ln -sf "$SRC/$SPEC" "$YNL/$SPEC"
	for one in "${GENERATED[@]}"; do
		read -r f mode part <<<"$one"
		mkdir -p "$dir/$(dirname "$f")"
		python3 "$YNL/tools/net/ynl/ynl-gen-c.py" --mode "$mode" "--$part" \
			--spec "$YNL/$SPEC" -o "$dir/$f" >"$dir/gen.log" 2>&1 ||
			{ msg "generating $f failed:"; cat "$dir/gen.log" >&2; return 1; }
	done
	rm -f "$dir/gen.log"
}

case ${1:-} in
fetch)
	fetch
	;;
regen)
	fetch
	gen "$SRC"
	;;
check)
	fetch
	scratch=$(mktemp -d)
	trap 'rm -rf "$scratch"' EXIT
	gen "$scratch"
	rc=0
	for one in "${GENERATED[@]}"; do
		f=${one%% *}
		diff -u "$SRC/$f" "$scratch/$f" >&2 ||
			{ msg "$f differs from what $SPEC generates (make regen)"; rc=1; }
	done
	exit $rc
	;;
*)
	sed -n '/^# Usage:/,/^# Exit status/s/^# \{0,1\}//p' "$0" >&2
	exit 2
	;;
esac
