# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154  # $slots and $vms: set by the sourcing script
#
# CPU shares for selftests/check.sh, sourced with $slots (a directory) and
# $vms (cores) set: everything of a run that keeps a core busy waits until
# its weight fits, in percent of a core: builds and most VMs 100, a VM whose
# tests mostly wait (rate limits, timeouts, freezes) what its guest was
# seen to use (selftests/durations' busy column). The run may hold
# $vms * 100 and half a core more, which only such light VMs can use: a
# third guest that mostly sleeps steals little from two busy ones, where a
# third busy one starves their timing checks (CI's stop 37 ran every VM at
# once, its holder's pid already gone, and 24 tests failed).
# Among the waiting, the one that asked with the largest EXPECTED_SECONDS
# goes first if it fits, else the next that fits: builds ask with
# $build_first (they let a leg's VMs start), VMs with their expected time
# (longest first keeps the cores busy to the end). A holder is a file
# $slots/held/PID holding its weight; one whose PID is gone holds nothing.
# selftests/host/test_slots.sh holds it to this.

# shellcheck disable=SC2034  # used by check.sh
build_first=1000000

# slot_take EXPECTED_SECONDS PID [WEIGHT]: waits until WEIGHT (100) fits,
# then holds it for PID. PID must outlive the use: the caller's $BASHPID
# taken outside any $(...), which is a subshell of its own that exits at once.
slot_take() {
	local me=$2 weight=${3:-100}
	mkdir -p "$slots/wait" "$slots/held"
	printf '%s %s\n' "$1" "$weight" >"$slots/wait/$me"
	while :; do
		(
			flock 7
			used=0
			for h in "$slots"/held/*; do
				[ -e "$h" ] || continue
				if kill -0 "${h##*/}" 2>/dev/null; then
					used=$((used + $(<"$h")))
				else
					rm -f "$h"
				fi
			done
			# the waiters, longest first: the first that fits goes
			first=$(for w in "$slots"/wait/*; do
				kill -0 "${w##*/}" 2>/dev/null && echo "$(<"$w") ${w##*/}"
			done | sort -k1,1nr -k3,3n | awk -v used="$used" -v cap=$((vms * 100)) '
				used == 0 || used + $2 <= cap || ($2 <= 50 && used + $2 <= cap + 50) {
					print $3; exit }')
			[ "$first" = "$me" ] || exit 1
			echo "$weight" >"$slots/held/$me"
			rm -f "$slots/wait/$me"
		) 7>>"$slots/lock" && return 0
		sleep "${slot_poll:-2}"	# a VM takes minutes: no need to ask more often
	done
}

# in_slot EXPECTED_SECONDS CMD...: CMD (a command or a function) holding
# a weight of $SLOT_WEIGHT (100)
in_slot() {
	local me=$BASHPID rc
	slot_take "$1" "$me" "${SLOT_WEIGHT:-100}"
	shift
	"$@"
	rc=$?
	rm -f "$slots/held/$me"
	return $rc
}
