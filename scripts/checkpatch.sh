#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.sh [FILE...]: the kernel's checkpatch.pl --strict on the module's
# sources (kmod/*.[ch], lib/*.c, include/kiogen/*.h by default). The reports
# listed in scripts/checkpatch.exceptions (the job field X-macros, ynl-gen-c's
# output) are dropped; any other fails. checkpatch.pl is taken from $CHECKPATCH, else
# the newest kernel tree make check cached (~/.cache/kiogen-kernels), else
# a Debian linux-source tarball in /usr/src.
# Exit: 0 clean, 1 reports left, 4 (kselftest's skip) no checkpatch.pl here.
set -u
cd "$(dirname "$0")/.." || exit 1
cache=${KIOGEN_KERNEL_CACHE:-$HOME/.cache/kiogen-kernels}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

find_checkpatch() {
	local f tarball member

	if [ -n "${CHECKPATCH:-}" ]; then
		echo "$CHECKPATCH"
		return
	fi
	f=$(ls -t "$cache"/*/*/linux-source-*/scripts/checkpatch.pl 2>/dev/null | head -1)
	if [ -n "$f" ]; then
		echo "$f"
		return
	fi
	tarball=$(ls -t /usr/src/linux-source-*.tar.* 2>/dev/null | head -1)
	[ -n "$tarball" ] || return 1
	member=$(tar -tf "$tarball" 2>/dev/null | grep -m1 '/scripts/checkpatch.pl$') || return 1
	# checkpatch.pl reads spelling.txt and const_structs.checkpatch beside it
	tar -xf "$tarball" -C "$tmp" "$member" "${member%checkpatch.pl}spelling.txt" \
		"${member%checkpatch.pl}const_structs.checkpatch" 2>/dev/null ||
		tar -xf "$tarball" -C "$tmp" "$member" || return 1
	echo "$tmp/$member"
}

cp=$(find_checkpatch) || { echo "SKIP: no checkpatch.pl (no cached kernel tree, no linux-source)"; exit 4; }
[ -f "$cp" ] || { echo "SKIP: $cp does not exist"; exit 4; }
command -v perl >/dev/null || { echo "SKIP: checkpatch.pl needs perl"; exit 4; }

if [ $# -eq 0 ]; then
	# kiogen.mod.c is kbuild's (modpost's), not ours: it cannot be tagged
	set -- $(ls kmod/*.c kmod/*.h lib/*.c include/kiogen/*.h | grep -v '\.mod\.c$')
fi
perl "$cp" --no-tree --strict --terse --show-types --no-summary -f "$@" >"$tmp/out" 2>&1

# "FILE:LINE: LEVEL:TYPE: message"; the macro is the #define on or above LINE
left=0
while IFS= read -r line; do
	file=${line%%:*}
	rest=${line#*:}
	nr=${rest%%:*}
	type=$(sed -n 's/^[^:]*:[^:]*: *[A-Z]*:\([A-Z0-9_]*\):.*/\1/p' <<<"$line")
	macro=$(head -n "$nr" "$file" 2>/dev/null | grep -E '^#[[:space:]]*define[[:space:]]' | tail -1 |
		sed -E 's/^#[[:space:]]*define[[:space:]]+([A-Za-z0-9_]+).*/\1/')
	if [ -n "$type" ] && awk -v f="$file" -v m="$macro" -v t="$type" '
		/^#/ || NF < 3 { next }
		$1 == f && ($2 == "*" || $2 == m) {
			n = split($3, ts, ",")
			for (i = 1; i <= n; i++) if (ts[i] == t) found = 1
		}
		END { exit !found }' scripts/checkpatch.exceptions; then
		continue
	fi
	echo "$line"
	left=$((left + 1))
done <"$tmp/out"
echo "checkpatch: $left report(s) left ($(basename "$(dirname "$(dirname "$cp")")"))"
[ "$left" -eq 0 ]
