#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Installs, with apt and only when missing, every Debian package that
# building kiogen and running its tests need. Safe to run again.
set -euo pipefail

PKGS=(
	build-essential pkg-config sparse kmod cpio xz-utils rsync dwarves
	linux-image-amd64 linux-headers-amd64 linux-source-6.1
	# kselftest's ktap_helpers.sh (6.9+), which selftests/lib.sh prints with
	linux-source-6.12
	qemu-system-x86 busybox-static
	# the debug leg builds a kernel
	bison flex bc libelf-dev libssl-dev
	libmnl-dev libnl-3-dev libnl-genl-3-dev liburing-dev libaio-dev
	fio xfsprogs e2fsprogs util-linux dmsetup python3 libcap2-bin iproute2
	# make bench sets kiogen meta against bonnie++ itself (bench-meta.sh)
	bonnie++
	# test_split_blk.sh checks the block phases against blktrace/btt
	blktrace
	# kiogen plot draws with gnuplot
	gnuplot-nox
	# fio's fiologparser_hist.py reads kiogen's histogram logs (test_logs.sh)
	python3-pandas python3-numpy
	# the kernel's YNL generator and CLI (scripts/ynl.sh)
	python3-yaml python3-jsonschema
	# test_fsmatrix.sh: an NFS server in the guest (nfsd's user space), and
	# a FUSE passthrough with direct_io it builds against libfuse3
	nfs-kernel-server fuse3 libfuse3-dev
	# the kernel matrix and the DKMS leg of make check
	dkms debootstrap
	# fio's source package, unpacked (scripts/fio-src.sh: test_fio_examples.sh)
	dpkg-dev
	# make deb: the Debian packages (debian/), judged by lintian
	debhelper dh-dkms help2man lintian
	# include/kiogen built for a 32-bit target (make unit)
	gcc-multilib
)

missing=()
for p in "${PKGS[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
	echo "deps: need root to install packages" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

# the image and headers must match, or the module will not load in the VM
img=$(dpkg-query -W -f='${Depends}' linux-image-amd64 | grep -o 'linux-image-[^ ,]*')
hdr=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 | grep -o 'linux-headers-[^ ,]*')
if [ "${img#linux-image-}" != "${hdr#linux-headers-}" ]; then
	echo "deps: $img and $hdr differ" >&2
	exit 1
fi
