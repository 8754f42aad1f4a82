#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs come and go without leaking: create/start/stop/delete cycles through
# netlink (nl_fuzz) and through the CLI, then many runs of the module's
# maximum workers at once. Afterwards kiogen's own memory accounting is
# exactly zero, slab and vmalloc memory in use are back where they started
# (within a tolerance, see below); rmmod is refused at once while detached
# runs run, and the module unloads once they are stopped. Environment (make stress sets larger values):
#   KIOGEN_STRESS_CYCLES      netlink cycles (200)
#   KIOGEN_STRESS_CLI_CYCLES  CLI cycles (20: three processes each, slow in the VM)
#   KIOGEN_STRESS_RUNS        concurrent runs (16)
#   KIOGEN_STRESS_WORKERS     module parameter max_workers, each run's size (64)
#   KIOGEN_STRESS_DEPTH       iodepth of each worker (8)
#   KIOGEN_STRESS_HOLD        seconds the concurrent runs run (2)
. "$(dirname "$0")/lib.sh"
need_root

CYCLES=${KIOGEN_STRESS_CYCLES:-200}
CLI_CYCLES=${KIOGEN_STRESS_CLI_CYCLES:-20}
RUNS=${KIOGEN_STRESS_RUNS:-16}
WORKERS=${KIOGEN_STRESS_WORKERS:-64}
DEPTH=${KIOGEN_STRESS_DEPTH:-8}
HOLD=${KIOGEN_STRESS_HOLD:-2}

# Tolerances for memory the whole kernel shares. After dropping caches,
# shrinking every slab cache and letting RCU callbacks run, two snapshots
# around the cycles or the concurrent runs differ by up to 400 KiB of slab
# objects and 180 KiB of vmalloc, and by about half that around an idle
# second (measured in the TCG guest on 6.1, 6.12 and 7.2). Leaks that stay
# below here: a 304-byte struct kiog_run per cycle (100 KiB) or a 96-byte
# slot per I/O depth per concurrent worker (1024 x 8: 0.8 MiB); at make
# stress's size (2000 cycles, 4096 workers at depth 32) they come to 1 MiB
# and 12 MiB. Leaks that fail here: a 4352-byte job array per cycle
# (1.6 MiB), a 48 KiB vzalloc'd worker per cycle (9.4 MiB of vmalloc).
SLAB_TOL_KB=${KIOGEN_STRESS_SLAB_TOL_KB:-1024}
VMALLOC_TOL_KB=${KIOGEN_STRESS_VMALLOC_TOL_KB:-512}

NL_FUZZ=$(dirname "$0")/nl_fuzz
[ -x "$NL_FUZZ" ] ||
	NL_FUZZ=$KIOGEN_SRC/build/ksft/tools/testing/selftests/kiogen/nl_fuzz
[ -x "$NL_FUZZ" ] || skip "no nl_fuzz (run make selftests)"
[ -r /proc/slabinfo ] || skip "no /proc/slabinfo"

# nl_fuzz's TAP as comments of ours; its exit code
nl() {
	"$NL_FUZZ" "$@" 2>&1 | sed -u 's/^\([^#]\)/# nl_fuzz: \1/'
	return "${PIPESTATUS[0]}"
}

# snapshot ARRAY: kiogen's accounting (bytes), runs, slab objects in use,
# SUnreclaim and VmallocUsed (KiB), after dropping caches and flushing
# per-CPU slabs
snapshot() {
	local -n m=$1
	local kg f
	sync
	sleep 2		# RCU-deferred frees of exited threads and closed sockets
	echo 3 >/proc/sys/vm/drop_caches
	for f in /sys/kernel/slab/*/shrink; do
		echo 1 >"$f" 2>/dev/null
	done
	kg=$("$NL_FUZZ" -M) || return 1
	m["kmem"]=$(sed -n 's/.*mem_used=\([0-9]*\).*/\1/p' <<<"$kg")
	m["runs"]=$(sed -n 's/.*runs=\([0-9]*\).*/\1/p' <<<"$kg")
	m["slab"]=$(awk 'NR > 2 { s += $2 * $4 } END { printf "%d", s / 1024 }' /proc/slabinfo)
	m["sunreclaim"]=$(awk '/^SUnreclaim:/ { print $2 }' /proc/meminfo)
	m["vmalloc"]=$(awk '/^VmallocUsed:/ { print $2 }' /proc/meminfo)
	echo "# memory $1: kiogen ${m[kmem]} bytes, runs ${m[runs]}, slab objects" \
		"${m[slab]} KiB, SUnreclaim ${m[sunreclaim]} KiB, VmallocUsed ${m[vmalloc]} KiB"
}

cli_cycles() {
	local i id t0=$SECONDS
	for ((i = 0; i < CLI_CYCLES; i++)); do
		id=$("$KIOGEN" run --detached --name=stress --ioengine=null --rw=randread \
			--bs=4k --size=64m --iodepth=4 --runtime=60 --time_based) || return 1
		"$KIOGEN" stop "$id" >/dev/null || return 1
		"$KIOGEN" delete "$id" >/dev/null || return 1
	done
	echo "# CLI cycles done: $i in $((SECONDS - t0)) s"
}

within() {
	local what=$1 before=$2 after=$3 tol=$4
	if [ $((after - before)) -gt "$tol" ]; then
		echo "# $what grew by $((after - before)) KiB (tolerance $tol KiB)"
		return 1
	fi
}

# detached runs survive their CLI and hold the module: rmmod is refused at
# once (the kernel does not wait); it runs SCHED_FIFO, so that 16 null
# workers spinning on the VM's two CPUs do not make it wait its turn (an
# ordinary rmmod took 51 s once on a loaded host); once stopped, it unloads
unload_busy() {
	local i id ids=() t0 took ok=0
	for i in 1 2 3 4; do
		id=$("$KIOGEN" run --detached --name=busy --ioengine=null --size=64m \
			--numjobs=4 --iodepth=4 --runtime=600 --time_based) || return 1
		ids+=("$id")
	done
	t0=$SECONDS
	if chrt -f 10 rmmod kiogen 2>/dev/null; then
		echo "# rmmod succeeded with 4 runs running"
		ok=1
	fi
	took=$((SECONDS - t0))
	[ "$took" -le 30 ] || { echo "# refused rmmod took $took s"; ok=1; }
	for id in "${ids[@]}"; do
		"$KIOGEN" stop "$id" || ok=1
	done
	rmmod kiogen && ! module_loaded && return $ok
}

unload_module || skip "module is in use"
load_module max_workers="$WORKERS" || skip "cannot load the module with max_workers=$WORKERS"

# warm the caches runs use, so that the first snapshot is steady
"$NL_FUZZ" -C 3 -w 2 -d "$DEPTH" >/dev/null || true
declare -A before after
snapshot before

check "$CYCLES create/start/stop/delete cycles (netlink)" nl -C "$CYCLES" -w 1 -d "$DEPTH"
check "$CLI_CYCLES create/start/stop/delete cycles (CLI)" cli_cycles
check "$RUNS concurrent runs of max_workers=$WORKERS, depth $DEPTH" \
	nl -R "$RUNS" -w 0 -d "$DEPTH" -T "$HOLD"

snapshot after
echo "# deltas: slab objects $((after[slab] - before[slab])) KiB," \
	"SUnreclaim $((after[sunreclaim] - before[sunreclaim])) KiB," \
	"VmallocUsed $((after[vmalloc] - before[vmalloc])) KiB"
check "kiogen memory in use exactly 0 after" test "${after[kmem]}" -eq 0
check "no run left" test "${after[runs]}" -eq 0
check "slab objects in use back (within $SLAB_TOL_KB KiB)" \
	within "slab objects" "${before[slab]}" "${after[slab]}" "$SLAB_TOL_KB"
check "vmalloc in use back (within $VMALLOC_TOL_KB KiB)" \
	within "VmallocUsed" "${before[vmalloc]}" "${after[vmalloc]}" "$VMALLOC_TOL_KB"
check "rmmod refused at once while 4 detached runs run, unloads once stopped" unload_busy
check "module loads again" load_module
check "module unloads cleanly" unload_module
load_module
finish
