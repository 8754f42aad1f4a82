#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Documentation/kiogen/options.rst's table of fio's job options is the
# option table's (kiogen options --rst, through scripts/options-table.sh):
# a row changed in ctl/options/ without make options-table fails here.
src=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
kiogen=${KIOGEN_CLI:-$src/ctl/kiogen}
doc=$src/Documentation/kiogen/options.rst
. "$src/selftests/host/tap.sh"

echo "TAP version 13"
if ! want=$("$src/scripts/options-table.sh" "$kiogen" "$doc"); then
	not_ok "options.rst's table of fio's options could not be generated"
elif [ "$want" = "$(cat "$doc")" ]; then
	ok "options.rst's table of fio's options is the option table's"
else
	not_ok "options.rst's table of fio's options differs from the option table's (make options-table)"
	diff <(cat "$doc") <(echo "$want") | head -n 20 | sed 's/^/# /'
fi
rows=$("$kiogen" options --rst | grep -c '^   \* - [a-z]')
if [ "$rows" -gt 217 ]; then
	ok "kiogen options --rst lists fio's 217 options and a header"
else
	not_ok "kiogen options --rst lists fio's 217 options and a header ($rows rows)"
fi
expect "kiogen options: an unknown argument is bad usage, said" 2 "takes --rst, --man or --complete" \
	"$kiogen" options --markdown
tap_done
