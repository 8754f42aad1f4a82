#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernels.sh - the kernels kiogen is built and tested on ("legs"): for each, a
# kernel image, its module tree with modules.dep, and a place to build against
# its headers. Debian packages are fetched with apt-get download and unpacked,
# never installed; everything is cached outside the source tree.
#   6.1   Debian bookworm's kernel, installed by make deps
#   6.12  bookworm-security's 6.12 (linux-image-*-unsigned, headers, kbuild);
#         its headers build with bookworm's gcc-12
#   sid   the newest kernel in Debian sid: its headers need sid's compiler and
#         C library, so they are installed in a minimal sid chroot
#         (debootstrap) that the module is built in
#
# Usage: scripts/kernels.sh list
#        scripts/kernels.sh fetch LEG       fetch and unpack (quick when cached)
#        scripts/kernels.sh env LEG         fetch, then print shell assignments:
#                                           KVER VMLINUZ MODULES KDIR CHROOT
#        scripts/kernels.sh build LEG DIR   copy the module's sources into DIR
#                                           and build kiogen.ko there with W=1;
#                                           the log is DIR/build.log
#        scripts/kernels.sh update LEG      look for a newer kernel now
# Env: KIOGEN_KERNELS_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/kiogen-kernels),
#      KIOGEN_SID_MAX_AGE (days before sid is looked at again; default 7),
#      DEBIAN_MIRROR (for debootstrap; default http://deb.debian.org/debian).
# Exit status: 0 done; 1 failed (the build, say); 2 bad usage; 4 the leg's
# kernel cannot be had here (reason on stderr): a skip, not a failure.

set -euo pipefail

PROG=${0##*/}
SRC=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
CACHE=${KIOGEN_KERNELS_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/kiogen-kernels}
SID_MAX_AGE=${KIOGEN_SID_MAX_AGE:-7}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
LEGS=(6.1 6.12 sid)
# sid's Release files can look expired to a machine with an old clock
SID_APT=(apt-get -q -o Acquire::Check-Valid-Until=false)

msg() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { msg "error: $*"; exit 1; }
unavailable() { msg "$LEG: unavailable: $*"; exit 4; }

usage() {
	sed -n '/^# Usage:/,/^# Exit status/s/^# \{0,1\}//p' "$0" >&2
	exit 2
}

# Installs the Debian package $1 when the command $2 is missing.
need_tool() {
	command -v "$2" >/dev/null && return 0
	msg "installing $1"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		-o DPkg::Lock::Timeout=300 "$1" >/dev/null ||
		unavailable "cannot install $1, needed for $2"
}

# The newest (by version) of the existing paths $@.
newest() {
	local p
	for p in "$@"; do
		if [[ -e $p ]]; then printf '%s\n' "$p"; fi
	done | sort -V | tail -n 1
}

# prune_unused KEEP DIR...: removes each DIR but KEEP that no run has used
# for two days; a run on another checkout may still be booting an older one.
# Each use touches DIR/.used.
prune_unused() {
	local keep=$1 d
	shift
	touch "$keep/.used"
	for d in "$@"; do
		d=${d%/}
		[[ $d == "$keep" || ! -d $d ]] && continue
		[[ -n $(find "$d/.used" -mmin -2880 2>/dev/null) ]] || rm -rf "$d"
	done
}

# The leg's files. Set by leg_6_1, leg_6_12 and leg_sid.
KVER='' VMLINUZ='' MODULES='' KDIR='' CHROOT=''

# ----------------------------------------------------------------------------
leg_6_1() {
	local dir
	dir=$(newest /lib/modules/6.1.*/build)
	KVER=$(basename "${dir%/build}")
	[[ -n $dir && -r /boot/vmlinuz-$KVER ]] || KVER=
	[[ -n $KVER ]] || unavailable "no Debian 6.1 kernel with its headers installed (make deps)"
	VMLINUZ=/boot/vmlinuz-$KVER
	MODULES=/lib/modules/$KVER
	KDIR=$MODULES/build
}

# Dependencies named $2 of the package $1 (apt's view, no network needed).
apt_depends() {
	apt-cache depends "$1" 2>/dev/null | sed -n "s/^ *Depends: \\($2\\)\$/\\1/p"
}

# Unpacks bookworm-security's packages for ABI $1 (6.12.N+deb12-amd64) into
# $2, which is renamed into place: the headers' Makefile gets $3, the final
# path, for its include of the -common tree. (Called from an if, so set -e
# is off here: every step says its failure.)
fetch_6_12() {
	local abi=$1 tmp=$2 final=$3 ver=${1%-amd64} deb pkgs
	pkgs=("linux-image-$abi-unsigned" "linux-headers-$abi"
		"$(apt_depends "linux-headers-$abi" 'linux-headers-.*-common')"
		"$(apt_depends "linux-headers-$abi" 'linux-kbuild-.*')")
	[[ -n ${pkgs[2]} && -n ${pkgs[3]} ]] || pkgs=("${pkgs[@]:0:2}" \
		"linux-headers-$ver-common" "linux-kbuild-$ver")
	rm -rf "$tmp"
	mkdir -p "$tmp/debs" "$tmp/root" || return 1
	msg "6.12: downloading ${pkgs[*]}"
	(cd "$tmp/debs" && apt-get download -q "${pkgs[@]}" >download.log 2>&1) || {
		tail -n 3 "$tmp/debs/download.log" >&2
		return 1
	}
	for deb in "$tmp"/debs/*.deb; do
		dpkg-deb -x "$deb" "$tmp/root" || return 1
	done
	rm -rf "$tmp/debs"
	sed -i "s|^include /usr/src/|include $final/root/usr/src/|" \
		"$tmp/root/usr/src/linux-headers-$abi/Makefile" || return 1
	ln -sfn "../../../usr/src/linux-headers-$abi" "$tmp/root/lib/modules/$abi/build" ||
		return 1
	rm -f "$tmp/root/lib/modules/$abi/source"
	msg "6.12: depmod"
	depmod -b "$tmp/root" "$abi"
}

leg_6_12() {
	local abi dir old
	# apt-cache fails outright without package lists: the same as not known
	abi=$(apt_depends linux-headers-6.12-amd64 'linux-headers-6\.12\..*-amd64' | head -n 1) ||
		abi=
	if [[ -z $abi ]]; then
		old=$(newest "$CACHE"/6.12/*/.ready)
		[[ -n $old ]] || unavailable "apt knows no linux-headers-6.12-amd64 (is bookworm-security in sources.list?)"
		abi=$(basename "${old%/.ready}")
	fi
	abi=${abi#linux-headers-}
	dir=$CACHE/6.12/$abi
	if [[ ! -e $dir/.ready ]]; then
		need_tool dwarves pahole  # Debian's 6.12 has module BTF
		if fetch_6_12 "$abi" "$dir.tmp" "$dir"; then
			rm -rf "$dir"
			mv "$dir.tmp" "$dir"
			touch "$dir/.ready"
		else
			rm -rf "$dir.tmp"
			old=$(newest "$CACHE"/6.12/*/.ready)
			[[ -n $old ]] || unavailable "cannot download the packages of $abi"
			dir=${old%/.ready}
			abi=$(basename "$dir")
			msg "6.12: cannot download the newest; using the cached $abi"
		fi
	fi
	# one 6.12 is enough: older ABIs go once unused
	prune_unused "$dir" "$CACHE"/6.12/*/
	KVER=$abi
	VMLINUZ=$dir/root/boot/vmlinuz-$abi
	MODULES=$dir/root/lib/modules/$abi
	KDIR=$dir/root/usr/src/linux-headers-$abi
}

# ----------------------------------------------------------------------------
# Runs a command in the sid chroot, with /proc (objtool needs it) and the
# mounts in $SID_BINDS ("HOSTDIR:CHROOTDIR ..."), all private to the command.
in_sid() {
	local root=$CACHE/sid/root
	# shellcheck disable=SC2016  # the inner script's own variables
	unshare --mount --propagation private /bin/bash -c '
		root=$1; binds=$2; shift 2
		mount -t proc proc "$root/proc" || exit 1
		for b in $binds; do
			mount --bind "${b%%:*}" "$root${b#*:}" || exit 1
		done
		exec chroot "$root" "$@"' in_sid "$root" "${SID_BINDS:-}" "$@"
}

# The ABI of the headers installed in the chroot (7.2.13+deb14-amd64, ...).
sid_headers_abi() {
	in_sid dpkg-query -W -f="\${Depends}" linux-headers-amd64 |
		grep -o 'linux-headers-[^ ,]*-amd64' | head -n 1 | sed 's/^linux-headers-//'
}

sid_bootstrap() {
	local root=$CACHE/sid/root tmp=$CACHE/sid/root.tmp
	need_tool debootstrap debootstrap
	msg "sid: debootstrap of a build chroot into $root (a few minutes, once)"
	rm -rf "$tmp"
	mkdir -p "$CACHE/sid"
	if ! debootstrap --variant=minbase --include=linux-headers-amd64,make,libc6-dev \
		sid "$tmp" "$MIRROR" >"$CACHE/sid/debootstrap.log" 2>&1; then
		tail -n 5 "$CACHE/sid/debootstrap.log" >&2
		rm -rf "$tmp"
		unavailable "debootstrap of sid failed (log: $CACHE/sid/debootstrap.log)"
	fi
	chroot "$tmp" apt-get clean || true  # the downloaded packages: 200 MB
	rm -rf "$root"
	mv "$tmp" "$root"
	touch "$root/.ready"
}

# Moves the chroot to sid's newest kernel headers (and compiler). The chroot
# is not ready while apt works in it: an interrupted or failed upgrade gets a
# fresh debootstrap next time, unless dpkg can finish it.
sid_refresh() {
	local root=$CACHE/sid/root
	msg "sid: looking for a newer kernel"
	rm -f "$root/.ready"
	if in_sid "${SID_APT[@]}" update >/dev/null 2>&1 &&
		in_sid env DEBIAN_FRONTEND=noninteractive "${SID_APT[@]}" install -y \
			--no-install-recommends linux-headers-amd64 make libc6-dev >/dev/null 2>&1; then
		in_sid env DEBIAN_FRONTEND=noninteractive "${SID_APT[@]}" autoremove -y \
			--purge >/dev/null 2>&1 || true
		in_sid apt-get clean >/dev/null 2>&1 || true
	elif in_sid env DEBIAN_FRONTEND=noninteractive dpkg --configure -a >/dev/null 2>&1 &&
		in_sid dpkg --audit >/dev/null 2>&1 && [[ -n $(sid_headers_abi) ]]; then
		msg "sid: refresh failed; keeping $(sid_headers_abi)"
	else
		msg "sid: refresh failed and left the chroot broken; it is made again next time"
		unavailable "the sid chroot $root could not be refreshed"
	fi
	touch "$root/.ready"
}

# Downloads, inside the chroot, the image and modules of ABI $1 and unpacks
# them into $2 (on the cache's file system, renamed into place by the caller).
fetch_sid_kernel() {
	local abi=$1 out=$2 root=$CACHE/sid/root pkgs=() p debs=/var/tmp/kiogen-debs
	# from 7.x the image is linux-binary-unsigned-ABI plus linux-modules-ABI;
	# before, linux-image-ABI-unsigned held both
	for p in "linux-binary-unsigned-$abi linux-modules-$abi" "linux-image-$abi-unsigned" \
		"linux-binary-$abi linux-modules-$abi"; do
		# shellcheck disable=SC2086  # two package names
		if in_sid apt-cache show $p >/dev/null 2>&1; then
			read -ra pkgs <<<"$p"
			break
		fi
	done
	((${#pkgs[@]})) || { msg "sid: no image package for $abi"; return 1; }
	# modules.builtin and modules.order, which depmod and modprobe need
	! in_sid apt-cache show "linux-base-$abi" >/dev/null 2>&1 || pkgs+=("linux-base-$abi")
	msg "sid: downloading ${pkgs[*]}"
	rm -rf "$root$debs" "$root/var/tmp/kiogen-kernel" "$out"
	mkdir -p "$root$debs" "$root/var/tmp/kiogen-kernel"
	chmod 0777 "$root$debs"  # apt downloads as _apt
	# shellcheck disable=SC2016  # expanded by the chroot's shell
	in_sid /bin/sh -c 'cd "$0" && "$@" >download.log 2>&1' "$debs" \
		"${SID_APT[@]}" download "${pkgs[@]}" ||
		{ tail -n 3 "$root$debs/download.log" >&2; return 1; }
	# sid's dpkg-deb knows sid's compression formats
	for p in "$root$debs"/*.deb; do
		in_sid dpkg-deb -x "$debs/${p##*/}" /var/tmp/kiogen-kernel || return 1
	done
	rm -rf "$root$debs"
	mv "$root/var/tmp/kiogen-kernel" "$out"
}

leg_sid() {
	local root=$CACHE/sid/root abi kdir modroot
	need_tool util-linux unshare
	[[ -e $root/.ready ]] || sid_bootstrap
	if [[ ${SID_UPDATE:-0} = 1 ]] ||
		[[ -n $(find "$root/.ready" -mtime +"$SID_MAX_AGE" 2>/dev/null) ]]; then
		sid_refresh
	fi
	abi=$(sid_headers_abi) || true
	[[ -n $abi ]] || unavailable "no linux-headers-amd64 in the sid chroot $root"
	kdir=$CACHE/sid/kernel-$abi
	if [[ ! -e $kdir/.ready ]]; then
		if ! fetch_sid_kernel "$abi" "$kdir.tmp" &&
			! { in_sid "${SID_APT[@]}" update >/dev/null 2>&1 &&
				fetch_sid_kernel "$abi" "$kdir.tmp"; }; then
			rm -rf "$kdir.tmp" "$root/var/tmp/kiogen-kernel"
			unavailable "cannot download the image of $abi (try: $PROG update sid)"
		fi
		# merged /usr: the tree is in usr/lib/modules from 7.x
		modroot=$kdir.tmp
		[[ -d $modroot/lib/modules/$abi ]] || modroot=$kdir.tmp/usr
		msg "sid: depmod"
		depmod -b "$modroot" "$abi"
		rm -rf "$kdir"
		mv "$kdir.tmp" "$kdir"
		touch "$kdir/.ready"
	fi
	prune_unused "$kdir" "$CACHE"/sid/kernel-*/
	MODULES=$kdir/lib/modules/$abi
	[[ -d $MODULES ]] || MODULES=$kdir/usr/lib/modules/$abi
	VMLINUZ=
	for p in "$kdir/boot/vmlinuz-$abi" "$MODULES"/vmlinuz*; do
		[[ -f $p ]] && { VMLINUZ=$p; break; }
	done
	[[ -n $VMLINUZ ]] || die "sid: no kernel image in $kdir"
	KVER=$abi
	KDIR=/usr/src/linux-headers-$abi
	CHROOT=$root
}

# ----------------------------------------------------------------------------
select_leg() {
	LEG=$1
	mkdir -p "$CACHE"
	# one fetch at a time per cache: parallel runs share it
	exec 9>"$CACHE/.lock"
	flock 9
	case $LEG in
	6.1) leg_6_1 ;;
	6.12) leg_6_12 ;;
	sid) leg_sid ;;
	*) msg "unknown leg '$LEG' (legs: ${LEGS[*]})"; exit 2 ;;
	esac
	flock -u 9
}

# Copies what kbuild needs (not the in-tree objects) into $1 and builds there:
# each leg builds apart, so several kernels can be built from one checkout.
build_leg() {
	local dir=$1 log jobs
	jobs=$(nproc)
	rm -rf "$dir"
	mkdir -p "$dir/kmod"
	cp "$SRC/Kbuild" "$dir/"
	cp "$SRC"/kmod/Kbuild "$SRC"/kmod/*.[ch] "$dir/kmod/"
	rm -f "$dir"/kmod/*.mod.c
	cp -r "$SRC/include" "$dir/"
	dir=$(cd "$dir" && pwd -P)
	log=$dir/build.log
	msg "$LEG: building kiogen.ko for $KVER in $dir"
	if [[ -n $CHROOT ]]; then
		SID_BINDS="$dir:/mnt" in_sid make -C "$KDIR" M=/mnt W=1 -j"$jobs" modules \
			>"$log" 2>&1
	else
		make -C "$KDIR" M="$dir" W=1 -j"$jobs" modules >"$log" 2>&1
	fi || { tail -n 30 "$log" >&2; die "$LEG: build failed (log: $log)"; }
	[[ -f $dir/kmod/kiogen.ko ]] || die "$LEG: no kiogen.ko after the build"
}

main() {
	(($# >= 1)) || usage
	local cmd=$1
	shift
	case $cmd in
	list)
		printf '%s\n' "${LEGS[@]}"
		;;
	fetch)
		(($# == 1)) || usage
		select_leg "$1"
		msg "$LEG: $KVER ready"
		;;
	env)
		(($# == 1)) || usage
		select_leg "$1"
		printf 'KVER=%q\nVMLINUZ=%q\nMODULES=%q\nKDIR=%q\nCHROOT=%q\n' \
			"$KVER" "$VMLINUZ" "$MODULES" "$KDIR" "$CHROOT"
		;;
	build)
		(($# == 2)) || usage
		select_leg "$1"
		build_leg "$2"
		;;
	update)
		(($# == 1)) || usage
		case $1 in
		6.12) apt-get update -qq ;;
		sid) export SID_UPDATE=1 ;;
		esac
		select_leg "$1"
		msg "$LEG: $KVER ready"
		;;
	*) usage ;;
	esac
}

main "$@"
