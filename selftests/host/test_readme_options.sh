#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# README.md's table of fio's job options is the option table's (kiogen
# options --markdown, through scripts/readme-options.sh): a row changed in
# ctl/options/ without make readme-options fails here.
src=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
kiogen=${KIOGEN_CLI:-$src/ctl/kiogen}
. "$src/selftests/host/tap.sh"

echo "TAP version 13"
want=$("$src/scripts/readme-options.sh" "$kiogen" "$src/README.md")
if [ $? -ne 0 ]; then
	not_ok "README.md's table of fio's options could not be generated"
elif [ "$want" = "$(cat "$src/README.md")" ]; then
	ok "README.md's table of fio's options is the option table's"
else
	not_ok "README.md's table of fio's options differs from the option table's (make readme-options)"
	diff <(cat "$src/README.md") <(echo "$want") | head -n 20 | sed 's/^/# /'
fi
"$kiogen" options --markdown | grep -q "^| [a-z]" &&
	ok "kiogen options --markdown lists the options" ||
	not_ok "kiogen options --markdown lists no option"
tap_done
