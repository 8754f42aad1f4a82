#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The module's compile probes (kmod/probes/, run by kmod/probes/probe.sh as
# Kbuild runs them) against stub kernel headers in the block-device shape of
# each kernel, 6.5 to 6.8 included, which no leg of make check boots: which
# HAVE_* come out, and that kmod/compat-blk.h (compat.h's block-device part)
# compiles with them. The legs prove the same on real 6.1, 6.12 and sid.
src=$(cd "$(dirname "$0")/../.." && pwd)
stubs=$src/selftests/host/probes
cc=${CC:-gcc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0

# ok DESCRIPTION STATUS [DIAGNOSTIC]: one TAP result, ok when STATUS is 0
ok() {
	n=$((n + 1))
	if [ "$2" -eq 0 ]; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		[ -z "${3:-}" ] || printf '%s\n' "$3" | sed 's/^/# /'
		failed=1
	fi
}

# kernel NAME FRAGMENTS: a stub tree in $tmp/NAME whose linux/blkdev.h is
# made of the fragments of $stubs/blkdev, then the probes run against it
# into $tmp/NAME/probes.h; prints the HAVE_* that came out, sorted
kernel() {
	local dir=$tmp/$1 f p
	mkdir -p "$dir/linux" "$dir/probes"
	for f in base $2; do
		echo "#include \"$stubs/blkdev/$f.h\""
	done >"$dir/linux/blkdev.h"
	for p in "$src"/kmod/probes/*.c; do
		f=${p##*/}
		sh "$src/kmod/probes/probe.sh" "$dir/probes/${f%.c}.h" "$p" \
			"$cc" -std=gnu11 -nostdinc -I"$dir" -I"$stubs/include" \
			-include "$stubs/include/linux/compiler_types.h"
	done
	cat "$dir"/probes/*.h >"$dir/probes.h"
	sed -n 's/^#define \(HAVE_[A-Z0-9_]*\) 1$/\1/p' "$dir/probes.h" | sort | tr '\n' ' '
}

# compat_blk NAME: compat-blk.h compiled with NAME's stubs and probe results
compat_blk() {
	"$cc" -std=gnu11 -nostdinc -Wall -Werror -fsyntax-only -I"$tmp/$1" \
		-I"$stubs/include" -include "$stubs/include/linux/compiler_types.h" \
		-include "$tmp/$1/probes.h" -x c "$src/kmod/compat-blk.h" 2>&1
}

echo "TAP version 13"
# kernel, the fragments of its linux/blkdev.h, the HAVE_* its probes give
while read -r name frags want; do
	frags=${frags//,/ }
	want=${want//,/ }
	got=$(kernel "$name" "$frags")
	ok "$name-shaped headers: the probes give ${want:-no HAVE_*}" \
		"$([ "$got" = "${want:+$want }" ] && echo 0 || echo 1)" "got: $got"
	out=$(compat_blk "$name")
	ok "$name-shaped headers: compat-blk.h compiles with them (-Wall -Werror)" $? "$out"
done <<'EOF2'
6.4 fmode,queue_flag HAVE_BLKDEV_GET_FMODE
6.5 blk_mode,holder,queue_flag HAVE_BLKDEV_GET_HOLDER
6.7 blk_mode,holder,handle,queue_flag HAVE_BDEV_OPEN_HANDLE,HAVE_BLKDEV_GET_HOLDER
6.8 blk_mode,handle,queue_flag HAVE_BDEV_OPEN_HANDLE
6.9 blk_mode,file,queue_flag HAVE_BDEV_FILE_OPEN
6.11 blk_mode,file,feat_poll HAVE_BDEV_FILE_OPEN,HAVE_BLK_FEAT_POLL
EOF2

got=$(kernel none queue_flag)
out=$(compat_blk none)
ok "headers with no known block-device open: compat-blk.h stops, saying so" \
	"$([ -z "$got" ] && grep -q 'no known way to claim a block device' <<<"$out" &&
		echo 0 || echo 1)" "probes gave: $got; compiler said: $out"
ok "a probe that does not compile keeps what the compiler said beside its result" \
	"$(grep -q "bdev_open_by_dev" "$tmp/6.9/probes/bdev_open_handle.log" &&
		grep -qx '/\* HAVE_BDEV_OPEN_HANDLE: bdev_open_handle.c does not compile here \*/' \
			"$tmp/6.9/probes/bdev_open_handle.h" && echo 0 || echo 1)"
echo "1..$n"
exit $failed
