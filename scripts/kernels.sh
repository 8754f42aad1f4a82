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
#                                           and build kiogen.ko there with W=1 (and sparse);
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
LEGS=(6.1 6.12 sid debug rt)
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

# Unpacks Debian's packages of kernel ABI $1 (6.12.N+deb12-amd64,
# 6.1.0-N-rt-amd64): the unsigned image, the headers and the -common and
# kbuild packages these depend on, into $2, which is renamed into place: the
# headers' Makefile gets $3, the final path, for its include of the -common
# tree. (Called from an if, so set -e is off here: every step says its
# failure.)
fetch_debian_kernel() {
	local abi=$1 tmp=$2 final=$3 deb pkgs
	pkgs=("linux-image-$abi-unsigned" "linux-headers-$abi"
		"$(apt_depends "linux-headers-$abi" 'linux-headers-.*-common.*')"
		"$(apt_depends "linux-headers-$abi" 'linux-kbuild-.*')")
	[[ -n ${pkgs[2]} && -n ${pkgs[3]} ]] ||
		{ msg "$LEG: apt knows no -common and kbuild packages for linux-headers-$abi"; return 1; }
	rm -rf "$tmp"
	mkdir -p "$tmp/debs" "$tmp/root" || return 1
	msg "$LEG: downloading ${pkgs[*]}"
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
	msg "$LEG: depmod"
	depmod -b "$tmp/root" "$abi"
}

# debian_leg META PATTERN HINT: the kernel whose headers the package META
# depends on (the one matching PATTERN), fetched into $CACHE/$LEG/ABI; when
# it cannot be downloaded, the newest cached one; else unavailable (HINT).
debian_leg() {
	local meta=$1 pattern=$2 hint=$3 abi dir old
	# apt-cache fails outright without package lists: the same as not known
	abi=$(apt_depends "$meta" "$pattern" | head -n 1) || abi=
	if [[ -z $abi ]]; then
		old=$(newest "$CACHE/$LEG"/*/.ready)
		[[ -n $old ]] || unavailable "apt knows no $meta ($hint)"
		abi=$(basename "${old%/.ready}")
	fi
	abi=${abi#linux-headers-}
	dir=$CACHE/$LEG/$abi
	if [[ ! -e $dir/.ready ]]; then
		need_tool dwarves pahole  # Debian's kernels have module BTF
		if fetch_debian_kernel "$abi" "$dir.tmp" "$dir"; then
			rm -rf "$dir"
			mv "$dir.tmp" "$dir"
			touch "$dir/.ready"
		else
			rm -rf "$dir.tmp"
			old=$(newest "$CACHE/$LEG"/*/.ready)
			[[ -n $old ]] || unavailable "cannot download the packages of $abi"
			dir=${old%/.ready}
			abi=$(basename "$dir")
			msg "$LEG: cannot download the newest; using the cached $abi"
		fi
	fi
	# one kernel per leg is enough: older ABIs go once unused
	prune_unused "$dir" "$CACHE/$LEG"/*/
	KVER=$abi
	VMLINUZ=$dir/root/boot/vmlinuz-$abi
	MODULES=$dir/root/lib/modules/$abi
	KDIR=$dir/root/usr/src/linux-headers-$abi
}

leg_6_12() {
	debian_leg linux-headers-6.12-amd64 'linux-headers-6\.12\..*-amd64' \
		'is bookworm-security in sources.list?'
}

# PREEMPT_RT: Debian's linux-image-rt-amd64 (bookworm: 6.1.0-N-rt-amd64)
leg_rt() {
	debian_leg linux-headers-rt-amd64 'linux-headers-.*-rt-amd64' \
		'is bookworm in sources.list?'
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
# The debug kernel: Debian's linux-source-6.12 built here with
# x86_64_defconfig plus scripts/debug-kernel.config (KASAN, lockdep, kmemleak,
# ...); scripts/debug-config-check.sh says what the selftests load or mount
# that it lacks. The cache key holds the
# source package's version and a hash of the fragment and of this recipe, so
# either changing builds it again. The build tree stays: kiogen.ko is built
# against it. An interrupted build resumes.
DEBUG_FRAGMENT=${KIOGEN_DEBUG_CONFIG:-$SRC/scripts/debug-kernel.config}
DEBUG_RECIPE=1  # bump when the steps in debug_build change their result

# The key of the debug kernel built from source package version $1.
debug_key() {
	local h
	h=$({ printf 'recipe %s\n' "$DEBUG_RECIPE"; cat "$DEBUG_FRAGMENT"; } |
		sha256sum) || return 1
	printf '%s-%s\n' "$1" "${h:0:12}"
}

# Options the fragment sets (=y, =m or a value) that the merged .config of
# tree $1 lost: a typo, or a dependency the fragment does not satisfy.
debug_config_lost() {
	local line opt val got
	while IFS= read -r line; do
		[[ $line =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]] || continue
		opt=${BASH_REMATCH[1]} val=${BASH_REMATCH[2]}
		got=$(sed -n "s/^$opt=//p" "$1/.config")
		# a module may come out built in (something else selects it)
		[[ $got == "$val" || ($val == m && $got == y) ]] || echo "$opt=$val (got ${got:-unset})"
	done <"$DEBUG_FRAGMENT"
}

# Fetches, configures and builds source version $1 in $2 (built in place:
# the tree's tools keep their paths; the caller marks it ready). Returns 4
# when the package cannot be downloaded. (Called from an if: every step says
# its failure.)
debug_build() {
	local ver=$1 dir=$2 tree=$2/linux-source-6.12 log=$2/build.log lost t0
	mkdir -p "$dir" || return 1
	touch "$dir/.used"  # not pruned while being built
	if [[ ! -e $dir/.unpacked ]]; then
		rm -rf "$dir/debs" "$tree"
		mkdir -p "$dir/debs"
		msg "debug: downloading linux-source-6.12=$ver"
		(cd "$dir/debs" && apt-get download -q "linux-source-6.12=$ver" \
			>download.log 2>&1) || { tail -n 3 "$dir/debs/download.log" >&2; return 4; }
		msg "debug: unpacking the source"
		dpkg-deb --fsys-tarfile "$dir"/debs/linux-source-6.12_*.deb |
			tar -xO --wildcards '*/linux-source-6.12.tar.xz' | tar -xJ -C "$dir" ||
			return 1
		rm -rf "$dir/debs"
		touch "$dir/.unpacked"
	fi
	t0=$SECONDS
	msg "debug: configuring (x86_64_defconfig + ${DEBUG_FRAGMENT#"$SRC"/})"
	{
		make -C "$tree" x86_64_defconfig &&
			(cd "$tree" && scripts/kconfig/merge_config.sh -m .config "$DEBUG_FRAGMENT") &&
			make -C "$tree" olddefconfig
	} >"$log" 2>&1 || { tail -n 20 "$log" >&2; return 1; }
	lost=$(debug_config_lost "$tree")
	if [[ -n $lost ]]; then
		msg "debug: the merged config lost:" "$lost"
		return 1
	fi
	# what the selftests load or mount and this kernel lacks: said, not
	# fatal (the debug leg runs a share of them; test_fsmatrix's NFS and
	# FUSE are not in it)
	"$SRC/scripts/debug-config-check.sh" "$tree" >"$dir/config-check.log" 2>&1 ||
		msg "debug: the kernel lacks:" "$(grep -v '=[ym]$' "$dir/config-check.log")"
	msg "debug: building the kernel (nice 19, -j$(nproc), once per fragment; log: $log)"
	nice -n 19 make -C "$tree" -j"$(nproc)" bzImage modules >>"$log" 2>&1 ||
		{ tail -n 30 "$log" >&2; return 1; }
	rm -rf "$dir/root"
	nice -n 19 make -C "$tree" INSTALL_MOD_PATH="$dir/root" modules_install \
		>>"$log" 2>&1 || { tail -n 20 "$log" >&2; return 1; }
	msg "debug: built in $((SECONDS - t0)) s"
	echo "$((SECONDS - t0))" >"$dir/build-seconds"
}

leg_debug() {
	local ver dir old
	[[ -r $DEBUG_FRAGMENT ]] || die "debug: no config fragment $DEBUG_FRAGMENT"
	ver=$(apt-cache show --no-all-versions linux-source-6.12 2>/dev/null |
		sed -n 's/^Version: //p' | head -n 1) || ver=
	if [[ -n $ver ]]; then
		dir=$CACHE/debug/$(debug_key "$ver")
	else
		# without package lists: a kernel built from this same fragment
		old=$(newest "$CACHE"/debug/*-"$(debug_key x | sed 's/^x-//')"/.ready)
		[[ -n $old ]] || unavailable "apt knows no linux-source-6.12 (is bookworm-security in sources.list?)"
		dir=${old%/.ready}
	fi
	if [[ ! -e $dir/.ready ]]; then
		need_tool bison bison
		need_tool flex flex
		need_tool bc bc
		# an hour's build: other legs may fetch meanwhile, but one debug
		# build at a time
		flock -u 9
		exec 8>"$CACHE/debug.lock"
		flock 8
		if [[ -e $dir/.ready ]]; then
			:
		elif debug_build "$ver" "$dir"; then
			touch "$dir/.ready"
		elif (($? == 4)); then
			unavailable "cannot download linux-source-6.12=$ver"
		else
			die "debug: the kernel build failed (log: $dir/build.log)"
		fi
		flock -u 8
		flock 9
	fi
	prune_unused "$dir" "$CACHE"/debug/*/
	KDIR=$dir/linux-source-6.12
	KVER=$(make -s -C "$KDIR" kernelrelease)
	VMLINUZ=$KDIR/arch/x86/boot/bzImage
	MODULES=$dir/root/lib/modules/$KVER
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
	debug) leg_debug ;;
	rt) leg_rt ;;
	*) msg "unknown leg '$LEG' (legs: ${LEGS[*]})"; exit 2 ;;
	esac
	flock -u 9
}

# The selftests insmod kiogen.ko, which loads no other module: every symbol
# it imports must be the kernel's own (vmlinux in Module.symvers), not a
# module's, as a debug kernel from allnoconfig had its crypto ("Unknown
# symbol crypto_alloc_shash" in the guest, 22 checks failed).
module_imports_built_in() {
	local symvers=$KDIR/Module.symvers bad
	[[ -r $symvers ]] || return 0
	bad=$(nm -u "$1" | awk '{print $2}' | sort -u |
		awk 'NR == FNR { need[$1] = 1; next }
		     ($2 in need) && $3 != "vmlinux" { print $2 " (" $3 ")" }' - "$symvers")
	[[ -z $bad ]] || die "$LEG: kiogen.ko imports from modules, not the kernel:" $bad
}

# Copies what kbuild needs (not the in-tree objects) into $1 and builds there:
# each leg builds apart, so several kernels can be built from one checkout.
build_leg() {
	local dir=$1 log jobs
	jobs=$(nproc)
	rm -rf "$dir"
	mkdir -p "$dir"
	# the Makefile's list, what DKMS gets too
	# shellcheck disable=SC2046  # the list is words
	(cd "$SRC" && cp --parents $(make -s kmod-files) "$dir/")
	dir=$(cd "$dir" && pwd -P)
	log=$dir/build.log
	msg "$LEG: building kiogen.ko for $KVER in $dir"
	if [[ -n $CHROOT ]]; then
		SID_BINDS="$dir:/mnt" in_sid make -C "$KDIR" M=/mnt W=1 -j"$jobs" modules \
			>"$log" 2>&1
	else
		# and sparse (C=1), whose warnings count as the compiler's; the
		# sid chroot has no sparse of its own
		make -C "$KDIR" M="$dir" W=1 C=1 -j"$jobs" modules >"$log" 2>&1
	fi || { tail -n 30 "$log" >&2; die "$LEG: build failed (log: $log)"; }
	[[ -f $dir/kmod/kiogen.ko ]] || die "$LEG: no kiogen.ko after the build"
	module_imports_built_in "$dir/kmod/kiogen.ko"
	# test_module_load.sh's stand-in of another family version, built here:
	# in the guest, under TCG, it took a minute and more
	cp -r "$SRC/selftests/stand-in" "$dir/stand-in"
	cp -r "$SRC/include/uapi" "$dir/stand-in/uapi"
	if [[ -n $CHROOT ]]; then
		SID_BINDS="$dir/stand-in:/mnt" in_sid make -C "$KDIR" M=/mnt KIOGEN_SRC=/mnt \
			-j"$jobs" modules >"$dir/stand-in/build.log" 2>&1
	else
		make -C "$KDIR" M="$dir/stand-in" KIOGEN_SRC="$dir/stand-in" -j"$jobs" modules \
			>"$dir/stand-in/build.log" 2>&1
	fi || msg "$LEG: the stand-in module did not build (log: $dir/stand-in/build.log)"
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

main "$@"; exit  # on one line: the script may be edited while it runs
