#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The job files of selftests/jobs, each a group of the workload options fio
# users write (sizes, where, when, data, trims, placement, files, engines),
# run by kiogen compare on both paths: every section alone, then each file
# whole (its sections at once). Each must end well with the identical
# stream on both paths (the digest covers offsets, sizes, directions and
# files, and the counts), and its kernel run must have issued I/O. Devices:
# ${KG_DEV}, a memory-backed null_blk completing from a softirq (verify reads
# back what it wrote); ${KG_DIR}, ext4 on brd. selftests/host/test_jobs_fio.sh
# holds the same files to fio's own counts.
. "$(dirname "$0")/lib.sh"
need_brd_fs 1
jobs=$(dirname "$(readlink -f "$0")")/jobs
[ -d "$jobs" ] || skip "no job files next to the test ($jobs)"
trap 'umount "$TMP/ext4" 2>/dev/null; rmmod brd 2>/dev/null; nullb_remove kjob0' EXIT
nullb_create kjob0 memory_backed=1 size=256 irqmode=1 ||
	skip "cannot create a memory-backed null_blk device"
mkfs.ext4 -q -F -m 0 /dev/ram0 && mkdir -p "$TMP/ext4" && mount /dev/ram0 "$TMP/ext4" ||
	skip "cannot make ext4 on /dev/ram0"
export KG_DEV=/dev/kjob0 KG_DIR=$TMP/ext4
# the module stays loaded between tests: runs up to this id are not ours
first=$("$KIOGEN" list | awk '$1 ~ /^[0-9]+$/ && $1 > m { m = $1 } END { print m + 0 }')

# compared NAME OUT.json [OPTION...] FILE: kiogen compare ended well, with the
# identical stream on both paths and the kernel's run issuing I/O
compared() {
	local name=$1 out=$2
	shift 2
	rm -rf "${KG_DIR:?}"/*
	if ! cmpj "$out" "$@"; then
		check "$name: compare ends well" false
		return
	fi
	check "$name: identical stream on both paths, I/O issued" \
		test "$(json "$out" '[j["compare"]["identical_stream"], j["compare"]["kernel"]["runs"][0]["issued"] > 0]')" = "[True, True]"
}

for f in "$jobs"/*.fio; do
	base=$(basename "$f" .fio)
	for s in $(sed -n 's/^\[\(.*\)\]$/\1/p' "$f" | grep -vx global); do
		compared "$base.fio [$s]" "$TMP/$base-$s.json" --section="$s" "$f"
	done
	compared "$base.fio, its sections at once" "$TMP/$base.json" "$f"
done
# two jobs that write one device share its one O_EXCL open, so they must
# agree on O_DIRECT: refused in words, before anything runs
printf '[global]\nfilename=%s\nrw=write\nsize=1m\n[direct]\nioengine=kiocb\ndirect=1\n[buffered]\nioengine=kiocb\ndirect=0\n' \
	"$KG_DEV" > "$TMP/mixed.fio"
"$KIOGEN" run "$TMP/mixed.fio" > "$TMP/mixed.out" 2>&1
rc=$?
echo "# $(grep kiogen: "$TMP/mixed.out" | head -2)"
check "one device written direct and buffered by two jobs: exit 2, said" \
	bash -c "[ $rc = 2 ] && grep -q 'written by another job of the run with another direct=' '$TMP/mixed.out'"
# each compare deleted its kernel run; ids grow, so ours are those past $first
left=$("$KIOGEN" list | awk -v f="$first" '$1 ~ /^[0-9]+$/ && $1 > f')
[ -z "$left" ] || sed 's/^/# left: /' <<<"$left"
check "no runs of ours left behind" test -z "$left"
finish
