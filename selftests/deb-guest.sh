#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The guest half of the Debian packages' test (make deb; the DKMS leg of
# selftests/check.sh): in a VM, on a writable copy of the host's root (an
# overlay on tmpfs over the read-only 9p root, entered with chroot), as a
# user would: dpkg -i of kiogen-dkms and kiogen (DKMS builds the module for
# the running kernel in the package's postinst), modprobe kiogen, kiogen
# info, modprobe -r, then dpkg --purge of both, after which nothing of
# kiogen is left: no module under /lib/modules or in modules.dep, no
# /usr/src/kiogen-*, nothing in DKMS's tree or dkms status, no command, no
# package known to dpkg. TAP in $KIOGEN_OUT/vm.tap.
#
# Usage (host): selftests/vmtest.sh -- selftests/deb-guest.sh DEBDIR
#   DEBDIR holds kiogen_*.deb and kiogen-dkms_*.deb (make deb: build/deb)
set -u
debs=$(readlink -f "${1:?usage: deb-guest.sh DEBDIR}")
root=/tmp/deb-root
tap=$KIOGEN_OUT/vm.tap
n=0

# t DESCRIPTION CMD: CMD, run as root in the overlay, passes
t() {
	n=$((n + 1))
	if chroot "$root" /bin/bash -c "$2" >"$KIOGEN_OUT/t$n.log" 2>&1; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		tail -n 15 "$KIOGEN_OUT/t$n.log" | sed 's/^/# /'
	fi
}

{
	echo "TAP version 13"
	# the host's root, writable: what dpkg, dkms and depmod write stays
	# in the guest's memory
	modprobe overlay &&
		mkdir -p /tmp/ov/up /tmp/ov/work "$root" &&
		mount -t overlay overlay -o lowerdir=/,upperdir=/tmp/ov/up,workdir=/tmp/ov/work "$root" &&
		for d in proc sys dev dev/pts; do mount --rbind "/$d" "$root/$d"; done &&
		mount -t tmpfs tmpfs "$root/tmp" && mount -t tmpfs tmpfs "$root/run" ||
		echo "Bail out! no writable overlay of the root"
	# bash's <(...), which dkms uses, needs /dev/fd: the guest's devtmpfs
	# has none (no udev)
	for fd in fd:/proc/self/fd stdin:/proc/self/fd/0 stdout:/proc/self/fd/1 \
		  stderr:/proc/self/fd/2; do
		[ -e "/dev/${fd%%:*}" ] || ln -s "${fd#*:}" "/dev/${fd%%:*}"
	done
	kver=$(uname -r)
	t "the host's root has no kiogen installed to begin with" \
		"! dpkg-query -W kiogen kiogen-dkms 2>/dev/null | grep -q . &&
		 [ -z \"\$(find /lib/modules/$kver -name 'kiogen.ko*')\" ]"
	t "dpkg -i kiogen-dkms kiogen: DKMS builds and installs the module for $kver" \
		"DEBIAN_FRONTEND=noninteractive dpkg -i $debs/kiogen-dkms_*_all.deb $debs/kiogen_*_amd64.deb &&
		 dkms status kiogen | grep -q '$kver.*installed'"
	t "modprobe kiogen loads DKMS's kiogen.ko" \
		"modprobe kiogen && modinfo -n kiogen | grep -q '^/lib/modules/$kver/updates/dkms/kiogen.ko'"
	t "kiogen info (the package's /usr/sbin/kiogen) talks to it" \
		"[ \"\$(command -v kiogen)\" = /usr/sbin/kiogen ] && kiogen info"
	t "man 8 kiogen and kiogen-run are there" \
		"[ -f /usr/share/man/man8/kiogen.8.gz ] && [ -f /usr/share/man/man8/kiogen-run.8.gz ]"
	t "modprobe -r kiogen unloads it" "modprobe -r kiogen && [ ! -d /sys/module/kiogen ]"
	t "dpkg --purge kiogen kiogen-dkms" \
		"DEBIAN_FRONTEND=noninteractive dpkg --purge kiogen kiogen-dkms &&
		 ! dpkg-query -W kiogen kiogen-dkms 2>/dev/null | grep -q ."
	t "no kiogen.ko left under /lib/modules, none in modules.dep" \
		"[ -z \"\$(find /lib/modules -name 'kiogen.ko*')\" ] &&
		 ! grep -q kiogen /lib/modules/$kver/modules.dep"
	t "no /usr/src/kiogen-* left" "! ls -d /usr/src/kiogen-* 2>/dev/null"
	t "nothing in DKMS's tree or status" \
		"[ ! -e /var/lib/dkms/kiogen ] && [ -z \"\$(dkms status kiogen)\" ]"
	t "no command, man page or docs left" \
		"[ ! -e /usr/sbin/kiogen ] && [ ! -e /usr/share/man/man8/kiogen.8.gz ] &&
		 [ ! -e /usr/share/man/man8/kiogen-run.8.gz ] &&
		 [ ! -e /usr/share/doc/kiogen ] && [ ! -e /usr/share/doc/kiogen-dkms ]"
	echo "1..$n"
} | tee "$tap"
! grep -q "^not ok\|^Bail out" "$tap"
