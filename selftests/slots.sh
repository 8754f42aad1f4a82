# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154  # $slots and $vms: set by the sourcing script
#
# CPU slots for selftests/check.sh, sourced with $slots (a directory) and
# $vms (how many) set: everything of a run that keeps a core busy waits
# for one of $vms slots, one per core by default. More starve the guests,
# whose tests then overrun their time: CI's stop 37 ran every VM at once
# (the slot was held by a pid that had already exited) and 24 tests failed.
# Among the waiting, the one that asked with the largest EXPECTED_SECONDS
# goes first: builds ask with $build_first (they let a leg's VMs start),
# VMs with their expected time (longest first keeps the cores busy to the
# end). A slot is a file holding its holder's pid; one whose holder is gone
# is free again. selftests/host/test_slots.sh holds it to this.

# shellcheck disable=SC2034  # used by check.sh
build_first=1000000

# slot_take EXPECTED_SECONDS PID: waits, then prints the slot PID holds.
# PID must outlive the slot's use: the caller's $BASHPID taken outside any
# $(...), which is a subshell of its own that exits at once.
slot_take() {
	local me=$2 best i
	mkdir -p "$slots/wait"
	printf '%s\n' "$1" >"$slots/wait/$me"
	while :; do
		(
			flock 7
			best=$(for w in "$slots"/wait/*; do
				kill -0 "${w##*/}" 2>/dev/null && echo "$(<"$w") ${w##*/}"
			done | sort -k1,1nr -k2,2n | head -n 1)
			if [ "${best#* }" = "$me" ]; then
				for ((i = 1; i <= vms; i++)); do
					if ! kill -0 "$(cat "$slots/$i" 2>/dev/null)" 2>/dev/null; then
						echo "$me" >"$slots/$i"
						rm -f "$slots/wait/$me"
						echo "$i"
						exit 0
					fi
				done
			fi
			exit 1
		) 7>>"$slots/lock" && return 0
		sleep "${slot_poll:-2}"	# a VM takes minutes: no need to ask more often
	done
}

# in_slot EXPECTED_SECONDS CMD...: CMD (a command or a function) in a slot
in_slot() {
	local me=$BASHPID slot rc
	slot=$(slot_take "$1" "$me")
	shift
	"$@"
	rc=$?
	rm -f "$slots/$slot"
	return $rc
}
