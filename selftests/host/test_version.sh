#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# One version number: include/kiogen/version.h's, as the C preprocessor sees
# it, is the Makefile's, the DKMS package's (dkms.conf read from a copy of
# what make dkms-install ships), the Debian packages' (debian/changelog, a
# native package), the CLI's (kiogen --version) and the built module's
# (modinfo).
src=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0

# same DESCRIPTION GOT: GOT is the header's version
same() {
	n=$((n + 1))
	if [ -n "$want" ] && [ "$2" = "$want" ]; then
		echo "ok $n - $1 ($2)"
	else
		echo "not ok $n - $1: '$2', the header says '$want'"
		failed=1
	fi
}

want=$(printf '#include <kiogen/version.h>\nKIOGEN_VERSION\n' |
	cpp -P -I"$src/include" - | tr -d '"' | grep .)
echo "TAP version 13"
same "the Makefile's version is the header's" "$(make -s -C "$src" version)"
# shellcheck disable=SC2046  # the list is words
(cd "$src" && cp --parents $(make -s dkms-files) "$tmp/")
same "dkms.conf, as shipped, reads the header's" \
	"$(bash -c '. "$1/dkms.conf" && echo "$PACKAGE_VERSION"' - "$tmp")"
same "the Debian packages' version (debian/changelog) is the header's" \
	"$(sed -n '1s/^kiogen (\([^)]*\)).*/\1/p' "$src/debian/changelog")"
same "kiogen --version says the header's" \
	"$("$src/ctl/kiogen" --version | sed -n 's/^kiogen \([^ ]*\) .*/\1/p')"
if [ -f "$src/kmod/kiogen.ko" ]; then
	same "the module's MODULE_VERSION is the header's" \
		"$(modinfo -F version "$src/kmod/kiogen.ko")"
else
	echo "ok $((++n)) - the module's MODULE_VERSION # SKIP kmod/kiogen.ko is not built (make module)"
fi
echo "1..$n"
exit $failed
