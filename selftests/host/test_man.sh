#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The man pages: kiogen-run(8) is kiogen options --man, made by the
# Makefile; it and kiogen(8) (help2man) render without a warning and have
# a NAME line lexgrog (and so lintian, mandb and whatis) reads; every option
# run takes (completion's list, the help's, every fio job option) has its
# entry, saying refused or accepted without effect where kiogen says so;
# kiogen(8) names every command and kiogen-run(8); make install-ctl installs
# both.
src=$(cd "$(dirname "$0")/../.." && pwd)
kiogen=$src/ctl/kiogen
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/selftests/host/tap.sh"
echo "TAP version 13"

run8=$src/ctl/kiogen-run.8
if make -s -C "$src" ctl/kiogen-run.8 >"$tmp/make.out" 2>&1 && [ -s "$run8" ]; then
	ok "make ctl/kiogen-run.8"
else
	not_ok "make ctl/kiogen-run.8: $(tail -1 "$tmp/make.out")"
fi
"$kiogen" options --man >"$tmp/man.8"
if cmp -s "$tmp/man.8" "$run8"; then
	ok "kiogen-run.8 is kiogen options --man"
else
	not_ok "kiogen-run.8 differs from kiogen options --man"
fi
pages=("$run8")
if command -v help2man >/dev/null; then
	make -s -C "$src" ctl/kiogen.8 >/dev/null 2>&1
	pages+=("$src/ctl/kiogen.8")
else
	skip "kiogen(8)" "no help2man (make deps)"
fi

# render PAGE: the page as man shows it, 80 columns, no formatting
render() {
	MANWIDTH=80 man -l "$1" 2>/dev/null
}

for p in "${pages[@]}"; do
	name=$(basename "$p")
	if ! command -v man >/dev/null; then
		skip "$name renders" "no man (apt-get install man-db)"
		continue
	fi
	w=$(MANWIDTH=80 man --warnings -l "$p" 2>&1 >/dev/null)
	if [ -z "$w" ] && [ -n "$(render "$p")" ]; then
		ok "$name renders without a warning"
	else
		not_ok "$name: $(head -3 <<<"$w")"
	fi
	if ! command -v lexgrog >/dev/null; then
		skip "$name: NAME" "no lexgrog"
	elif lexgrog "$p" | grep -qE ": \"kiogen(-run)? - .+\""; then
		ok "$name: lexgrog reads its NAME"
	else
		not_ok "$name: lexgrog: $(lexgrog "$p" 2>&1)"
	fi
done
command -v man >/dev/null || tap_done
render "$run8" >"$tmp/run.txt"

# missing LIST DESCRIPTION: each option of LIST has its entry, --NAME
missing() {
	local miss

	miss=$(while read -r o; do
		grep -qE -- "(^|[ ,])--$o(\\[|=|,|\$)" "$tmp/run.txt" || echo "$o"
	done <<<"$1" | tr '\n' ' ')
	if [ -z "$miss" ]; then
		ok "$2 ($(wc -l <<<"$1"))"
	else
		not_ok "$2: not in kiogen-run(8): $miss"
	fi
}
missing "$("$kiogen" options --complete | cut -d' ' -f1)" \
	"every option and alias of kiogen options --complete has an entry"
missing "$("$kiogen" help run | grep -oE '^  --[a-z0-9_-]+' | cut -c5-)" \
	"every option of kiogen help run has an entry"
missing "$("$kiogen" options | cut -d' ' -f1)" "every fio job option has an entry, refused too"

# each fio job option's entry says what kiogen says of it: the line after
# its head starts with Refused: or Accepted without effect: when it is so
"$kiogen" options | awk '{ print $1, $2 }' >"$tmp/treat"
bad=$(while read -r o t; do
	line=$(grep -A1 -E "^\\\\fB\\\\-\\\\-${o//-/'\\-'}\\\\fR" "$run8" | sed -n 2p)
	case $t in
	refused*) [[ $line == Refused:* ]] || echo "$o" ;;
	accepted*) [[ $line == "Accepted without effect:"* ]] || echo "$o" ;;
	*) [[ $line == Refused:* || $line == Accepted* ]] && echo "$o" ;;
	esac
done <"$tmp/treat" | tr '\n' ' ')
if [ -z "$bad" ]; then
	ok "each fio option's entry says honoured, accepted without effect or refused as kiogen options does"
else
	not_ok "entries that say otherwise than kiogen options: $bad"
fi
entries=$(grep -c '^\\fB\\-\\-' "$run8")
if grep -q "kiogen's own: fio has no such option" "$tmp/run.txt" &&
	grep -qE '^ *[0-9]+ of fio.s job options: [0-9]+ honoured' "$tmp/run.txt" && [ "$entries" -gt 200 ]; then
	ok "kiogen's own options are marked, the counts said ($entries entries)"
else
	not_ok "kiogen-run(8) lacks the marks of kiogen's own or the counts ($entries entries)"
fi

if [ "${#pages[@]}" -gt 1 ]; then
	render "$src/ctl/kiogen.8" >"$tmp/kiogen.txt"
	cmds=$("$kiogen" help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }')
	miss=$(for c in $cmds; do grep -qE "^       $c( |\$)" "$tmp/kiogen.txt" || echo "$c"; done |
		tr '\n' ' ')
	if [ -n "$cmds" ] && [ -z "$miss" ]; then
		ok "kiogen(8) names every command of kiogen help ($(wc -w <<<"$cmds"))"
	else
		not_ok "kiogen(8) lacks commands: ${miss:-kiogen help lists none}"
	fi
	if sed -n '/^SEE ALSO/,$p' "$tmp/kiogen.txt" | grep -q 'kiogen-run(8)'; then
		ok "kiogen(8)'s SEE ALSO names kiogen-run(8)"
	else
		not_ok "kiogen(8)'s SEE ALSO does not name kiogen-run(8)"
	fi
fi

# make install-ctl needs no kernel: both pages, beside the CLI
d=$tmp/dest
make -s -C "$src" install-ctl DESTDIR="$d" PREFIX=/usr >"$tmp/inst.out" 2>&1
if [ -f "$d/usr/share/man/man8/kiogen-run.8" ] &&
	cmp -s "$d/usr/share/man/man8/kiogen-run.8" "$run8"; then
	ok "make install-ctl installs kiogen-run.8"
else
	not_ok "make install-ctl: no kiogen-run.8: $(tail -1 "$tmp/inst.out")"
fi
tap_done
