# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# bash completion for kiogen: its commands, and for run, compare and ab every
# option the option table takes with the words it takes (kiogen options
# --complete: one source, the table; fio's options kiogen refuses are not
# offered), then files. Installed as
# $(PREFIX)/share/bash-completion/completions/kiogen.

# the commands, from kiogen help
_kiogen_commands() {
	"$1" help 2>&1 | sed -n '/^commands:/,/^$/s/^  \([a-z]*\) .*/\1/p'
}

_kiogen() {
	local line=${COMP_LINE:0:COMP_POINT} cur opt word
	local -a words
	# the word being completed, whatever COMP_WORDBREAKS splits it at
	cur=${line##*[[:space:]]}
	read -ra words <<<"$line"
	[ -z "$cur" ] && words+=("")
	COMPREPLY=()
	if [ "${#words[@]}" -le 2 ]; then
		mapfile -t COMPREPLY < <(compgen -W "$(_kiogen_commands "${words[0]}") help" -- "$cur")
		return
	fi
	case ${words[1]} in
	help)
		mapfile -t COMPREPLY < <(compgen -W "$(_kiogen_commands "${words[0]}")" -- "$cur")
		;;
	run|compare|ab)
		case $cur in
		--*=*)
			opt=${cur%%=*}
			mapfile -t COMPREPLY < <(compgen -W "$("${words[0]}" options --complete |
				awk -v o="${opt#--}" '$1 == o { $1 = ""; print }')" -- "${cur#*=}")
			# bash replaces what follows the last '=' when it breaks
			# words there (its default); else the whole word
			[[ ${COMP_WORDBREAKS-=} == *=* ]] || COMPREPLY=("${COMPREPLY[@]/#/$opt=}")
			;;
		-*)
			word=${cur#-}
			mapfile -t COMPREPLY < <(compgen -P -- -S = -W "$("${words[0]}" options --complete |
				cut -d' ' -f1)" -- "${word#-}")
			compopt -o nospace 2>/dev/null
			;;
		*)
			mapfile -t COMPREPLY < <(compgen -f -- "$cur")
			;;
		esac
		;;
	*)
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		;;
	esac
}
complete -F _kiogen kiogen
