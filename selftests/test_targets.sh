#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The target matrix: every engine (bio, kiocb, null), synchronous and
# asynchronous (iodepth 8), direct and buffered, read, write and mixed,
# against targets that complete every way: null_blk irqmode 0, 1, 2 (with
# its default and a 1 ms completion_nsec), null_blk with 4096-byte sectors,
# brd, loop with direct I/O, device-mapper linear, error, flakey and delay,
# and files on XFS, ext4, tmpfs and overlayfs over an interrupt-completing
# null_blk. Each cell runs a few hundred I/Os and must end clean: no kernel
# splat (named by cell), the I/O count asked for, written blocks carrying
# their headers, the target released. KIOGEN_MATRIX says which cells:
# pairwise (the default: every pair of factor values at least once),
# contexts (every engine path against every way a completion arrives, every
# target and every rw at least once: the kernel and debug legs of make
# check) or full (make stress, make check-full: every cell). Cells that cannot apply are listed as n/a with the
# reason (KIOGEN_MATRIX_SKIP=REGEX leaves out the cells whose
# target/engine/mode/dDIRECT/rw matches). Then the findings that need a particular target: bio writes keep
# the page cache coherent, O_DIRECT alignment comes from the real device,
# fsync on the bio engine flushes or is refused.
. "$(dirname "$0")/lib.sh"
need_root
load_module
command -v python3 >/dev/null || skip "needs python3"
command -v dmsetup >/dev/null || skip "needs dmsetup"
command -v mkfs.xfs >/dev/null || skip "needs xfsprogs"
modprobe dm-mod >/dev/null 2>&1 || skip "no device-mapper module"
kmsg "start"

MATRIX=${KIOGEN_MATRIX:-pairwise}
IOS=${KIOGEN_MATRIX_IOS:-32}		# per cell, one worker
mnt=$TMP/mnt
mkdir -p "$mnt"/{xfs,ext4,tmpfs,lower,ovl}

cleanup() {
	umount "$mnt/ovl" "$mnt/xfs" "$mnt/ext4" "$mnt/tmpfs" "$mnt/lower" 2>/dev/null
	for d in kt-linear kt-error kt-flakey kt-delay; do dm_remove $d; done
	[ -n "${loopdev:-}" ] && losetup -d "$loopdev" 2>/dev/null
	for n in kt0 kt1 kt2 kt3 kt4k ktloop ktlin ktflk ktdly ktxfs ktext4 ktwc; do
		nullb_remove $n 2>/dev/null
	done
	rmmod brd 2>/dev/null
}
trap cleanup EXIT

# ---- targets: name -> path, and how each one is made ----
declare -A path kind
nb() {	# nb TARGET NULLB-NAME ATTRS...: a memory-backed null_blk target
	local t=$1 n=$2
	shift 2
	nullb_create "$n" memory_backed=1 size=64 "$@" || skip "cannot create null_blk $n ($*)"
	path[$t]=/dev/$n
	kind[$t]=block
}
nb nb-irq0 kt0 irqmode=0
nb nb-irq1 kt1 irqmode=1
nb nb-irq2 kt2 irqmode=2
nb nb-irq2-1ms kt3 irqmode=2 completion_nsec=1000000
nb nb-4k kt4k irqmode=1 blocksize=4096
modprobe brd rd_nr=1 rd_size=65536 >/dev/null 2>&1 || skip "no brd module"
path[brd]=/dev/ram0 kind[brd]=block
nullb_create ktloop memory_backed=1 size=64 irqmode=1 || skip "cannot create null_blk"
modprobe loop >/dev/null 2>&1
[ -e /dev/loop-control ] || mknod /dev/loop-control c 10 237
[ -e /dev/loop0 ] || mknod /dev/loop0 b 7 0
loopdev=$(losetup --direct-io=on --show -f /dev/ktloop) || skip "cannot set up loop"
[ "$(cat "/sys/block/${loopdev#/dev/}/loop/dio")" = 1 ] || skip "loop does not do direct I/O here"
path[loop-dio]=$loopdev kind[loop-dio]=block
sectors=$((64 * 2048))
nullb_create ktlin memory_backed=1 size=64 irqmode=1 || skip "cannot create null_blk"
dm_create kt-linear "0 $sectors linear /dev/ktlin 0" || skip "no dm linear target"
path[dm-linear]=/dev/mapper/kt-linear kind[dm-linear]=block
dm_create kt-error "0 $sectors error" || skip "no dm error target"
path[dm-error]=/dev/mapper/kt-error kind[dm-error]=block
nullb_create ktflk memory_backed=1 size=64 irqmode=1 || skip "cannot create null_blk"
modprobe dm-flakey >/dev/null 2>&1
dm_create kt-flakey "0 $sectors flakey /dev/ktflk 0 1 1" || skip "no dm flakey target"
path[dm-flakey]=/dev/mapper/kt-flakey kind[dm-flakey]=block
nullb_create ktdly memory_backed=1 size=64 irqmode=0 || skip "cannot create null_blk"
modprobe dm-delay >/dev/null 2>&1
dm_create kt-delay "0 $sectors delay /dev/ktdly 0 5" || skip "no dm delay target"
path[dm-delay]=/dev/mapper/kt-delay kind[dm-delay]=block

# file systems on interrupt-completing null_blk devices
nullb_create ktxfs memory_backed=1 size=512 irqmode=1 || skip "cannot create null_blk"
mkfs.xfs -q -f /dev/ktxfs && mount /dev/ktxfs "$mnt/xfs" || skip "cannot make XFS"
nullb_create ktext4 memory_backed=1 size=128 irqmode=1 || skip "cannot create null_blk"
mkfs.ext4 -q /dev/ktext4 && mount /dev/ktext4 "$mnt/ext4" || skip "cannot make ext4"
mount -t tmpfs -o size=64m tmpfs "$mnt/tmpfs"
mount -t tmpfs -o size=64m tmpfs "$mnt/lower"
mkdir -p "$mnt/xfs/upper" "$mnt/xfs/work"
for t in xfs ext4 tmpfs lower; do
	dd if=/dev/zero of="$mnt/$t/data" bs=1M count=8 status=none || skip "cannot make files"
done
mount -t overlay overlay -o "lowerdir=$mnt/lower,upperdir=$mnt/xfs/upper,workdir=$mnt/xfs/work" \
	"$mnt/ovl" || skip "cannot mount overlayfs"
# copied up now, so that every cell's I/O goes to the upper XFS, whatever
# the order of the cells (a read-only open of a file still in the lower
# tmpfs is refused O_DIRECT on 6.1, as open(2) is)
dd if=/dev/zero of="$mnt/ovl/data" bs=1M count=8 conv=notrunc status=none ||
	skip "cannot copy the overlay file up"
path[xfs]=$mnt/xfs/data kind[xfs]=file
path[ext4]=$mnt/ext4/data kind[ext4]=file
path[tmpfs]=$mnt/tmpfs/data kind[tmpfs]=file
path[overlay]=$mnt/ovl/data kind[overlay]=file
fsmnt() {	# the mount point whose remount proves a file target released
	case $1 in
	xfs | overlay) echo "$mnt/xfs" ;;
	*) echo "$mnt/$1" ;;
	esac
}
tmpfs_direct=0
dd if=/dev/zero of="$mnt/tmpfs/probe" bs=4k count=1 oflag=direct status=none 2>/dev/null &&
	tmpfs_direct=1
rm -f "$mnt/tmpfs/probe"
targets=(nb-irq0 nb-irq1 nb-irq2 nb-irq2-1ms nb-4k brd loop-dio dm-linear dm-error dm-flakey
	 dm-delay xfs ext4 tmpfs overlay)

# ---- the cells ----
# cells MODE TMPFS_DIRECT TARGET:KIND...: every cell "target engine mode
# direct rw", or the pairwise subset; the cells that cannot apply go to
# $NA_FILE as "target engine mode direct reason", one line per rw-less cell.
# Pairwise: every pair of values of two factors (target; engine, mode and
# direct together; rw) that some applicable cell has appears at least once
# (greedy, deterministic: the same cells every time). Contexts: every
# engine path with every completion context (the target's ctx) reading and
# writing (randrw does both), every target, every rw. Cells KIOGEN_MATRIX_SKIP matches are left out before the cover.
cells() {
	python3 - "$@" <<'PY'
import itertools, os, re, sys
mode, tmpfs_direct, specs = sys.argv[1], sys.argv[2] == "1", sys.argv[3:]
kind = {s.split(":")[0]: s.split(":")[1] for s in specs}
ctx = {s.split(":")[0]: s.split(":")[2] for s in specs}
ctx["-"] = "none"
skip = os.environ.get("KIOGEN_MATRIX_SKIP")
def na(t, e, m, d):
    if e == "null":
        if t != "-": return "the null engine has no target"
        if d == "1": return "the null engine does no direct I/O"
        return None
    if t == "-": return e + " needs a target"
    if e == "bio":
        if kind[t] == "file": return "bio needs a block device"
        if d == "0": return "bio is always direct"
    if e == "kiocb":
        if kind[t] == "block" and m == "sync" and d == "1":
            return "the CLI sends psync+direct on a block device to bio"
        if t == "tmpfs" and d == "1" and not tmpfs_direct:
            return "tmpfs takes no O_DIRECT on this kernel"
    return None
cells, nas = [], {}
for t in ["-"] + list(kind):
    for e, m, d in itertools.product(("bio", "kiocb", "null"), ("sync", "async"), ("1", "0")):
        why = na(t, e, m, d)
        if why:	# one line per target, engine and reason: "*" where all alike
            nas.setdefault((t, e, why), []).append((m, d))
            continue
        cells += [(t, e, m, d, r) for r in ("read", "write", "randrw")]
nas = ["%s %s %s %s %s" % (t, e, ms[0][0] if len({m for m, _ in ms}) == 1 else "*",
                           ms[0][1] if len({d for _, d in ms}) == 1 else "*", why)
       for (t, e, why), ms in nas.items()]
with open(os.environ["NA_FILE"], "w") as f:
    f.write("\n".join(nas) + "\n")
# factors of the pairwise cover: the target, the path through the kernel
# (engine, mode and direct together: a crash lives in their combination with
# how the target completes) and rw
fac = lambda c: (c[0], c[1] + c[2] + c[3], c[4])
pairs = lambda c: {(i, fac(c)[i], j, fac(c)[j]) for i, j in itertools.combinations(range(3), 2)}
if mode == "contexts":
    dirs = lambda r: ("read", "write") if r == "randrw" else (r,)
    pairs = lambda c: ({("ctx", ctx[c[0]], fac(c)[1], r) for r in dirs(c[4])} |
                       {("target", c[0]), ("rw", c[4])})
if skip:
    left = [c for c in cells if re.search(skip, "%s/%s/%s/d%s/%s" % c)]
    cells = [c for c in cells if c not in left]
    print("# KIOGEN_MATRIX_SKIP=%s leaves out %d cells" % (skip, len(left)), file=sys.stderr)
chosen = cells
if mode != "full":
    need = set().union(*map(pairs, cells))
    chosen = []
    while need:
        best = max(cells, key=lambda c: len(need & pairs(c)))
        need -= pairs(best)
        chosen.append(best)
    chosen.sort(key=cells.index)
print("# matrix: %d applicable cells, %d n/a lines; running %d (%s)"
      % (len(cells), len(nas), len(chosen), mode), file=sys.stderr)
for c in chosen:
    print(" ".join(c))
PY
}

declare -a table
cell_result=

# run_cell TARGET ENGINE MODE DIRECT RW: sets cell_result; true when clean
run_cell() {
	local t=$1 e=$2 m=$3 d=$4 r=$5 p="" mark out rc n want=$IOS splat
	local -a opt=(--name=cell --rw="$r" --bs=4k --number_ios="$IOS" --output-format=json)
	local name="$t/$e/$m/d$d/$r"

	[ "$t" != - ] && p=${path[$t]}
	case $e in
	null) opt+=(--ioengine=null --size=4m) ;;
	bio) opt+=(--filename="$p") ;;
	kiocb) opt+=(--filename="$p" --direct="$d") ;;
	esac
	if [ "$e" = null ]; then	# the CLI's null engine is asynchronous: depth 1 or 8
		[ "$m" = sync ] && opt+=(--iodepth=1)
		[ "$m" = async ] && opt+=(--iodepth=8)
	elif [ "$m" = sync ]; then
		opt+=(--ioengine=psync)
	elif [ "$e" = kiocb ]; then
		opt+=(--ioengine=kiocb --iodepth=8)
	else
		opt+=(--ioengine=libaio --iodepth=8)
	fi
	[ "$r" = randrw ] && opt+=(--size=1m)
	[ "$t" = dm-delay ] && [ "$m" = sync ] && want=16 && opt+=(--number_ios=16)
	# a write cell checks what it wrote: clear the region first
	if [ "$r" != read ] && [ "$t" != - ] && [ "$t" != dm-error ]; then
		dd if=/dev/zero of="$p" bs=1M count=1 conv=notrunc,fsync status=none 2>/dev/null
		[ "${kind[$t]}" = block ] && blockdev --flushbufs "$p" 2>/dev/null
	fi
	kmsg "cell $name: kiogen run ${opt[*]}"
	mark=$(dmesg_mark)
	out=$TMP/cell.json
	timeout -k 5 60 "$KIOGEN" run "${opt[@]}" > "$out" 2> "$out.err"
	rc=$?
	if splat=$(splat_since "$mark"); then
		cell_result="FAIL: kernel splat"
		echo "# cell $name: kernel log after the run:"
		sed 's/^/#   /' <<<"$splat" | head -20
		return 1
	fi
	if [ $rc -eq 124 ]; then
		cell_result="FAIL: no end within 60 s"
		return 1
	fi
	case $t in
	dm-error)	# every I/O that reaches the device fails (buffered writes may not)
		if [ $rc -eq 0 ] && { [ "$r" != write ] || [ "$d" = 1 ] || [ "$e" = bio ]; }; then
			cell_result="FAIL: I/O to dm-error succeeded"
			return 1
		fi ;;
	dm-flakey)	# up 1 s, down 1 s: done, or failed with EIO
		;;
	*)
		if [ $rc -ne 0 ]; then
			cell_result="FAIL: exit $rc: $(grep -v '^kiogen: cell: ioengine' "$out.err" | tail -1)"
			return 1
		fi ;;
	esac
	if [ $rc -ne 0 ] && ! grep -q "Input/output error" "$out.err"; then
		cell_result="FAIL: exit $rc without EIO: $(tail -1 "$out.err")"
		return 1
	fi
	# one python for every check of the cell: the I/O count asked for, the
	# written blocks carrying their headers (bios and O_DIRECT: read as the
	# device holds them; buffered: through the page cache), the device released
	local -a chk=()
	[ $rc -eq 0 ] && chk+=(--ios "$out" "$want")
	if [ $rc -eq 0 ] && [ "$r" != read ] && [ "$t" != - ] && [ "$t" != dm-error ] &&
	   [ "$t" != dm-flakey ]; then
		local how=direct
		[ "${kind[$t]}" = file ] && [ "$t" != tmpfs ] && sync && echo 3 > /proc/sys/vm/drop_caches
		{ [ "${kind[$t]}" = file ] || { [ "$e" = kiocb ] && [ "$d" = 0 ]; }; } && how=buffered
		if [ "$r" = write ]; then
			chk+=(--headers "$p" 0 "$want" 4096 all $how)
		else
			chk+=(--headers "$p" 0 256 4096 some $how)
		fi
	fi
	[ "$t" != - ] && [ "${kind[$t]}" = block ] && chk+=(--released "$p")
	if [ ${#chk[@]} -gt 0 ]; then
		local line said=
		echo "${chk[*]@Q}" >&"${CHECKER[1]}"
		while read -r line <&"${CHECKER[0]}"; do
			[ "$line" = ok ] && break
			[ "$line" = failed ] && { cell_result="FAIL:$said"; return 1; }
			said+=" $line;"
		done
	fi
	if [ "$t" != - ] && [ "${kind[$t]}" = file ] && [ "$r" != read ] && [ "$t" != overlay ] &&
	   ! { mount -o remount,ro "$(fsmnt "$t")" && mount -o remount,rw "$(fsmnt "$t")"; }; then
		cell_result="FAIL: $(fsmnt "$t") cannot go read-only: a file is still open for writing"
		mount -o remount,rw "$(fsmnt "$t")" 2>/dev/null
		return 1
	fi
	cell_result=ok
	[ $rc -ne 0 ] && cell_result="ok (failed with EIO, as the target does)"
	return 0
}

# the checks of every cell by one python (each start costs a second here)
coproc CHECKER { python3 "$KIOGEN_CHECK" --serve; }
specs=()
# how each target's completions arrive (the contexts cover pairs these with
# the engine paths): inside the submission, from softirq, from a timer,
# from a kernel thread, as an error, through a file system's end_io, or a
# page cache copy
declare -A ctx=([nb-irq0]=inline [brd]=inline [nb-irq1]=softirq [nb-4k]=softirq
	[dm-linear]=softirq [dm-flakey]=softirq [nb-irq2]=timer [nb-irq2-1ms]=timer
	[loop-dio]=thread [dm-delay]=thread [dm-error]=error [xfs]=fs [ext4]=fs
	[overlay]=fs [tmpfs]=page)
for t in "${targets[@]}"; do specs+=("$t:${kind[$t]}:${ctx[$t]}"); done
NA_FILE=$TMP/na cells "$MATRIX" "$tmpfs_direct" "${specs[@]}" > "$TMP/cells" 2> "$TMP/cells.err"
cat "$TMP/cells.err"
grep -q . "$TMP/cells" || { cat "$TMP/cells.err"; skip "no cells to run"; }
while read -r t e m d why; do
	table+=("$(printf '%-12s %-6s %-6s %-3s %-7s n/a: %s' "$t" "$e" "$m" "$d" "*" "$why")")
done < "$TMP/na"

while read -r t e m d r; do
	if [ -n "${splatted:-}" ]; then
		# after an oops the kernel cannot be trusted (a dead worker may hold
		# what every later cell needs): the rest is listed, not run
		cell_result="not run: a kernel splat in cell $splatted"
	else
		check "cell $t $e $m direct=$d $r" run_cell "$t" "$e" "$m" "$d" "$r"
		[[ $cell_result = "FAIL: kernel splat" ]] && splatted="$t/$e/$m/d$d/$r"
	fi
	table+=("$(printf '%-12s %-6s %-6s %-3s %-7s %s' "$t" "$e" "$m" "$d" "$r" "$cell_result")")
done < "$TMP/cells"

print_table() {
	echo "# target       engine mode   dir rw      result"
	printf '# %s\n' "${table[@]}" | sort -s -k2,2
}
if [ -n "${splatted:-}" ]; then
	print_table
	echo "# cell $splatted left a kernel splat (above): the rest of the test is not run"
	trap - EXIT	# its cleanup could hang on what the dead worker holds
	check "the matrix ran without a kernel splat" false
	ktap_set_plan $((KTAP_TESTNO - 1))
	exit $KSFT_FAIL
fi
# overlayfs holds its upper files through its own mount: released means
# the overlay and then its upper file system unmount
check "overlay and XFS unmount after the matrix (no file left open)" \
	bash -c "umount '$mnt/ovl' && umount '$mnt/xfs'"
print_table

# ---- findings that need a particular target ----

# bio writes keep the block device's page cache coherent: a reader that
# cached the blocks before sees what kiogen wrote, and dirty cached pages are
# not written back over it later. Another opener holds the device open
# throughout (fd 7): the last close would drop or write back the cache and
# hide what a concurrent reader sees.
coherent() {
	local dev=/dev/kt1 rc
	dd if=/dev/zero of=$dev bs=4k count=64 oflag=direct status=none
	exec 7<$dev
	dd if="$dev" of=/dev/null bs=4k count=64 status=none	# cached: zeros
	"$KIOGEN" run --name=coh --filename=$dev --rw=write --bs=4k --number_ios=64 \
		--ioengine=psync >/dev/null 2>&1 && headers_ok $dev 0 64 4096 all
	rc=$?
	exec 7<&-
	return $rc
}
no_stale_writeback() {
	local dev=/dev/kt2 rc
	dd if=/dev/zero of=$dev bs=4k count=64 oflag=direct status=none
	exec 7<$dev
	dd if=/dev/zero of=$dev bs=4k count=64 status=none	# dirty, not written back
	"$KIOGEN" run --name=wb --filename=$dev --rw=write --bs=4k --number_ios=64 \
		--ioengine=psync >/dev/null 2>&1
	rc=$?
	sync
	exec 7<&-
	[ $rc -eq 0 ] && headers_ok $dev 0 64 4096 all direct
}
kmsg "bio page cache coherence"
check "bio write: a buffered reader sees the written blocks, not its stale cache" coherent
check "bio write: dirty cached pages are not written back over the run's blocks" no_stale_writeback

# O_DIRECT alignment from the real device: 512-byte I/O on a 4096-byte-sector
# device is refused before the run, naming bs
aligned() {
	local out
	out=$("$KIOGEN" run --name=al --filename=/dev/kt4k --ioengine=kiocb --direct=1 --bs=512 \
		--rw=randread --number_ios=16 2>&1)
	[ $? -ne 0 ] && grep -q "bs" <<<"$out" && ! grep -qE "run [0-9]+ failed" <<<"$out" && return 0
	echo "# said: $(tail -2 <<<"$out" | tr '\n' ' ')"
	return 1
}
kmsg "dio alignment on 4k sectors"
check "kiocb O_DIRECT bs=512 on a 4096-byte-sector device: refused up front, naming bs" aligned

# fsync/fdatasync on the bio engine: a flush reaches the device, or the
# request is refused naming the attribute (raw request: the CLI refuses it)
flushes() {	# the device's completed flush requests
	awk '{ print $16 }' /sys/block/ktwc/stat
}
bio_fsync() {
	local f0 f1 line
	f0=$(flushes)
	line=$(knl new --detached engine=bio name=f rw=write bs=4096 number_ios=64 fsync=8 mode=sync \
		--fd /dev/ktwc:rdwr)
	if grep -q "msg=Unsupported attribute" <<<"$line"; then
		# a version 1 module: the same request by name
		line=$(knl new --detached engine=bio name=f rw=write bs=4096 number_ios=64 fsync=8 mode=sync \
			filename=/dev/ktwc)
	fi
	echo "# RUN_NEW: $line"
	if [ "$(knl_field "$line" errno)" != 0 ]; then
		grep -qi "fsync" <<<"$line"
		return
	fi
	local id
	id=$(knl_field "$line" id)
	for _ in $(seq 100); do
		[ "$(run_state "$id")" = running ] || break
		sleep 0.2
	done
	knl del "$id" >/dev/null
	f1=$(flushes)
	# one flush per fsync: the worker waits for each before writing on
	echo "# flushes: $f0 before, $f1 after 64 writes with fsync=8"
	[ $((f1 - f0)) -ge 8 ]
}
nullb_create ktwc memory_backed=1 size=64 irqmode=1 cache_size=16 ||
	skip "cannot create a null_blk with a write cache"
kmsg "bio fsync"
check "bio engine with fsync=8: 8 flushes reach the device, or the request is refused naming fsync" bio_fsync
cleanup
trap - EXIT
finish
