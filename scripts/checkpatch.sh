#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.sh [FILE...]: the kernel's checkpatch.pl --strict on the module's
# sources (kmod/*.[ch], lib/*.c, include/kiogen/*.h by default).
# checkpatch.sh --commits [RANGE]: checkpatch.pl -g on the commits of RANGE
# (default: since the last release tag, v*), their messages only: subject,
# description, Signed-off-by (the code is the files' check; the CLI and
# scripts are not kernel code). The reports
# listed in scripts/checkpatch.exceptions (the job field X-macros, ynl-gen-c's
# output) are dropped; any other fails. checkpatch.pl is taken from $CHECKPATCH, else
# the newest kernel tree make check cached (~/.cache/kiogen-kernels), else
# a Debian linux-source tarball in /usr/src.
# Exit: 0 clean, 1 reports left, 4 (kselftest's skip) no checkpatch.pl here
# (or, --commits, no release tag).
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

# the commit-message checks of checkpatch.pl -g
commit_types=MISSING_SIGN_OFF,BAD_SIGN_OFF,NO_AUTHOR_SIGN_OFF,DUPLICATE_SIGN_OFF
commit_types+=,FROM_SIGN_OFF_MISMATCH,COMMIT_MESSAGE,COMMIT_LOG_LONG_LINE
commit_types+=,COMMIT_COMMENT_SYMBOL,GERRIT_CHANGE_ID,UNKNOWN_COMMIT_ID,BAD_FIXES_TAG
if [ "${1:-}" = --commits ]; then
	range=${2:-}
	if [ -z "$range" ]; then
		# a clone without tags: v0.1.0's commit
		tag=$(git describe --tags --abbrev=0 --match 'v*' 2>/dev/null) ||
			tag=$(git rev-parse -q --verify b9c495e6132edfb90c562e1573087049a732f4eb^{commit}) ||
			{ echo "SKIP: no release tag (v*) in this clone: no commits to check"; exit 4; }
		range=$tag..HEAD
	fi
	n=$(git rev-list --no-merges --count "$range") || exit 1
	[ "$n" -gt 0 ] || { echo "checkpatch -g: no commits in $range"; exit 0; }
	# checkpatch.pl takes merges out: they say what they bring in words
	perl "$cp" --no-tree --strict --terse --show-types --no-summary \
		--types "$commit_types" -g "$range" 2>&1 | grep -v '^total: ' >"$tmp/out"
	left=$(grep -c . "$tmp/out")
	cat "$tmp/out"
	echo "checkpatch -g: $left report(s) on $n commits in $range"
	[ "$left" -eq 0 ]
	exit
fi

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
