#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ctl/kiogen.bash, the bash completion: commands, run's and compare's
# options and their words from the option table, and not the fio options
# kiogen refuses; with and without '=' in COMP_WORDBREAKS.
src=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
kiogen=${KIOGEN_CLI:-$src/ctl/kiogen}
. "$src/selftests/host/tap.sh"
. "$src/ctl/kiogen.bash"

# completes LINE WANT...: completing LINE offers each WANT (and, with
# WANT "-", nothing)
completes() {
	local line="$kiogen $1" w got
	shift
	COMP_LINE=$line COMP_POINT=${#line}
	_kiogen
	got=" ${COMPREPLY[*]} "
	for w in "$@"; do
		if [ "$w" = - ]; then
			[ ${#COMPREPLY[@]} -eq 0 ] || return 1
		elif [[ $got != *" $w "* ]]; then
			echo "# '$1': offered${got:0:200}"
			return 1
		fi
	done
}

echo "TAP version 13"
check() {
	local desc=$1
	shift
	if "$@"; then ok "$desc"; else not_ok "$desc"; fi
}
check "a command from its start" completes "ru" run
check "help's commands" completes "help mon" monitor
check "an option from its start, with its '='" completes "run --iodep" --iodepth= --iodepth_low=
check "an alias too" completes "compare --readw" --readwrite=
check "an option's words" completes "run --rw=rand" randread randwrite randrw
check "an engine" completes "run --ioengine=io_" io_uring
check "a flag's values" completes "run --direct=" 0 1
check "a fio option kiogen refuses is not offered" completes "run --serialize_ov" -
COMP_WORDBREAKS=$' \t\n"'"'"'><;|&(:'
check "without '=' in COMP_WORDBREAKS: the whole word" completes "run --rw=randr" --rw=randread --rw=randrw
unset COMP_WORDBREAKS
n_opts=$("$kiogen" options --complete | wc -l)
check "every option the table takes is offered after '-' ($n_opts)" \
	bash -c ". '$src/ctl/kiogen.bash'; COMP_LINE='$kiogen run -'; COMP_POINT=\${#COMP_LINE}; _kiogen; [ \${#COMPREPLY[@]} -eq $n_opts ]"
tap_done
