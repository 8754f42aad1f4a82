#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# vmtest.sh - run a command as root inside a throw-away QEMU guest that boots an
# installed Debian kernel, or any kernel image with its module tree (-K/-M: an
# unpacked package, a kernel build's modules_install). The host kernel cannot
# load modules, so kiogen's module tests run here. The guest sees the host's
# root read-only over virtio-9p (the build tree and all host tools are at the
# same paths), gets tmpfs on /tmp, /run, /var/tmp, /root and /mnt, and writes
# results to OUTDIR, shared read-write. The runner passes CMD's exit code back
# out and fails the run when the kernel log shows a warning, oops, lockup or
# leak.
#
# Usage: selftests/vmtest.sh [-k KVER] [-K VMLINUZ -M MODULES_DIR] [-t TIMEOUT_S]
#                            [-o OUTDIR] [-s] [-- CMD ARGS...]
#   -k KVER     kernel version (env KIOGEN_KVER; default: the name of MODULES_DIR,
#               else the newest /lib/modules/KVER that has a /boot/vmlinuz-KVER)
#   -K VMLINUZ  kernel image to boot (default /boot/vmlinuz-KVER)
#   -M MODULES_DIR  the kernel's module tree, with modules.dep (run depmod on an
#               unpacked tree; default /lib/modules/KVER). The guest sees it as
#               /lib/modules/KVER, so modprobe works for any kernel.
#   -t SECONDS  hard timeout for the whole VM (env VM_TIMEOUT; default 900)
#               A guest that has not started CMD after VM_BOOT_TIMEOUT seconds
#               (default 180; a rare early-boot hang under TCG) is killed and
#               booted once more; so is one whose kernel crashed before CMD
#               started (no kiogen code has run yet: seen once in a few boots
#               of sid's 7.2 under TCG, an int3 oops as the kernel patches
#               its own text). The first boot's console is kept.
#   -o OUTDIR   results directory (default: a new /tmp/kiogen-vm.XXXXXX)
#   -s          interactive shell on the serial console (Ctrl-A x quits QEMU)
#   CMD         one argument: a bash script (bash -c); several: a command and its
#               arguments. Runs in the host's current directory.
# Guest environment: HOME=/root TERM=dumb KIOGEN_VM=1 KIOGEN_OUT=OUTDIR, plus any
# KIOGEN_* variables of the host. Other env: VM_MEM (2G), VM_CPUS (2), VM_NUMA
# (NUMA nodes, default 1: with N, a socket each, with VM_MEM / N and
# VM_CPUS / N CPUs), VM_APPEND
# (extra kernel arguments), XDG_CACHE_HOME (where the initramfs and the unpacked
# vmlinux are cached, under kiogen-vm/KVER[-HASH]/). OUTDIR gets console.log,
# dmesg.txt, .started and .exitcode; nothing else is written.
# Exit status: CMD's when clean; 1 on a kernel-log hit; 124 on timeout; 125 when
# the VM itself failed (no kernel, QEMU error, guest never reported).

set -euo pipefail

PROG=${0##*/}
SELF=$(readlink -f "${BASH_SOURCE[0]}")

# Modules the initramfs loads to reach the host root; their dependencies are
# resolved with modprobe --show-depends for the guest kernel.
BOOT_MODULES=(virtio_pci 9pnet_virtio 9p)

# The guest init prints these around CMD. Only what lies between them is streamed
# to stdout; the full serial console goes to OUTDIR/console.log.
MARK_BEGIN='=== kiogen-vm: running command ==='
MARK_END='=== kiogen-vm: command exited'

# Kernel log lines that fail a run, and known harmless lines that match them.
# The debug kernel's reports start with WARNING: or BUG: (lockdep's "possible
# circular locking", "inconsistent lock state", "BUG: KASAN:", "BUG: sleeping
# function called from invalid context", DEBUG_LIST's corruption WARN); named
# here too, in case a kernel words them otherwise. kmemleak's own lines are
# judged by check.sh, which reads the reports (only leaks of kiogen fail).
SPLAT_RE='WARNING:|BUG:|Oops|KFENCE|KASAN:|lockdep|circular locking|inconsistent lock state|sleeping function called from invalid context|list_(add|del) corruption|leak|Call Trace|general protection|soft lockup|hung_task|blocked for more than|Kernel panic|UBSAN:'
BENIGN_RE='taints kernel|RCU lockdep checking is enabled|module verification failed|data leak possible|Unprivileged eBPF is enabled|kmemleak: Kernel memory leak detector initialized|kmemleak: [0-9]+ new suspected memory leaks'

KVER=${KIOGEN_KVER:-}
VMLINUZ=
MODDIR=
TIMEOUT=${VM_TIMEOUT:-900}
BOOT_TIMEOUT=${VM_BOOT_TIMEOUT:-180}
OUTDIR=
INTERACTIVE=0
CMD=

msg() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { msg "error: $*"; exit 125; }

usage() {
	sed -n '/^# Usage:/,/^# the VM itself/s/^# \{0,1\}//p' "$SELF" >&2
	exit 125
}

parse_args() {
	local opt
	while getopts 'k:K:M:t:o:sh' opt; do
		case $opt in
		k) KVER=$OPTARG ;;
		K) VMLINUZ=$OPTARG ;;
		M) MODDIR=$OPTARG ;;
		t) TIMEOUT=$OPTARG ;;
		o) OUTDIR=$OPTARG ;;
		s) INTERACTIVE=1 ;;
		*) usage ;;
		esac
	done
	shift $((OPTIND - 1))
	[[ $TIMEOUT =~ ^[0-9]+$ && $TIMEOUT -gt 0 ]] || die "bad timeout '$TIMEOUT'"
	[[ $BOOT_TIMEOUT =~ ^[0-9]+$ && $BOOT_TIMEOUT -gt 0 ]] ||
		die "bad VM_BOOT_TIMEOUT '$BOOT_TIMEOUT'"

	if ((INTERACTIVE)); then
		(($# == 0)) || die "-s takes no command"
	elif (($# == 1)); then
		CMD=$1
	elif (($# > 1)); then
		CMD=$(printf '%q ' "$@")
	else
		usage
	fi
}

# Newest kernel that has both modules and an image in /boot; `uname -r` is no
# use here because the host does not run a Debian kernel.
newest_installed_kernel() {
	local dir kver
	for dir in /lib/modules/*/; do
		kver=$(basename "$dir")
		[[ -r /boot/vmlinuz-$kver && -r $dir/modules.dep ]] && echo "$kver"
	done | sort -V | tail -n 1
}

# ----------------------------------------------------------------------------
# Guest init (busybox sh). Stage 1 runs from the initramfs: load the 9p modules,
# mount the host root and the results share, cover the writable places with
# tmpfs, switch_root. Stage 2 runs as PID 1 on the host's root: the remaining
# pseudo file systems, CMD, exit code and dmesg into OUTDIR, power off.
write_guest_init() {
	cat <<-'EOF'
	#!/bin/sh
	# Generated by selftests/vmtest.sh: init of the kiogen test VM.
	PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
	@MARKERS@
	NINEP='trans=virtio,version=9p2000.L,msize=512000'
	TMPFS_DIRS='/tmp /run /var/tmp /root /mnt'

	fail() {
		echo "vm-init: FATAL: $*"
		power_off
	}

	power_off() {
		$BB sync
		$BB poweroff -f
		echo o >/proc/sysrq-trigger
		while :; do $BB sleep 60; done
	}

	# Is $1 hidden once tmpfs covers TMPFS_DIRS?
	hidden_by_tmpfs() {
		for d in $TMPFS_DIRS; do
			case $1 in "$d" | "$d"/*) return 0 ;; esac
		done
		return 1
	}

	stage1() {
		BB=/bin/busybox
		$BB mount -t proc proc /proc
		$BB mount -t sysfs sysfs /sys
		$BB mount -t devtmpfs devtmpfs /dev
		exec </dev/console >/dev/console 2>&1

		for m in /modules/*.ko; do
			[ -e "$m" ] || continue	# all built in
			$BB insmod "$m" || fail "insmod $m"
		done
		$BB mount -t 9p -o "$NINEP,ro,cache=loose" hostroot /newroot ||
			fail "cannot mount the host root (9p tag hostroot)"
		$BB mount -t 9p -o "$NINEP" kiogenout /out ||
			fail "cannot mount OUTDIR (9p tag kiogenout)"
		{
			read -r OUTDIR; read -r CWD; read -r _; read -r _; read -r _
			read -r _; read -r _; read -r MODDIR
		} </out/.vmtest/config || fail "no job config in OUTDIR"

		# A working directory under /tmp etc. would vanish below the tmpfs:
		# keep a bind mount of it and put it back on top.
		keep_cwd=0
		if hidden_by_tmpfs "$CWD"; then
			$BB mount --bind "/newroot$CWD" /keep && keep_cwd=1
		fi
		# A kernel that is not installed on the host brings its module
		# tree, which may live under /root: held the same way.
		if [ -n "$MODDIR" ]; then
			$BB mount --bind "/newroot$MODDIR" /kmods ||
				fail "no module tree at $MODDIR"
		fi
		for d in $TMPFS_DIRS; do
			$BB mount -t tmpfs -o mode=0755 tmpfs "/newroot$d" || fail "tmpfs on $d"
		done
		$BB chmod 1777 /newroot/tmp /newroot/var/tmp
		$BB chmod 0700 /newroot/root
		if [ $keep_cwd = 1 ]; then
			$BB mkdir -p "/newroot$CWD" && $BB mount --move /keep "/newroot$CWD"
		fi
		# ... and shown as /lib/modules/KVER, alone: the host's trees are
		# for other kernels.
		if [ -n "$MODDIR" ]; then
			kver=$($BB uname -r)
			$BB mount -t tmpfs -o mode=0755 tmpfs /newroot/lib/modules &&
				$BB mkdir "/newroot/lib/modules/$kver" &&
				$BB mount --move /kmods "/newroot/lib/modules/$kver" ||
				fail "cannot place $MODDIR at /lib/modules/$kver"
		fi

		{ $BB mkdir -p "/newroot$OUTDIR" && $BB mount --move /out "/newroot$OUTDIR"; } ||
			fail "cannot place OUTDIR at $OUTDIR"

		# Stage 2 runs from the tmpfs /run, with the initramfs' own busybox.
		$BB mkdir -p /newroot/run/vmtest
		$BB cp /init /bin/busybox /newroot/run/vmtest/
		for fs in proc sys dev; do
			$BB mount --move "/$fs" "/newroot/$fs"
		done
		exec $BB switch_root /newroot /run/vmtest/busybox sh /run/vmtest/init stage2 "$OUTDIR"
	}

	mount_pseudo_filesystems() {
		$BB mkdir -p /dev/pts /dev/shm
		$BB mount -t devpts -o mode=0620,ptmxmode=0666 devpts /dev/pts
		$BB mount -t tmpfs -o mode=1777 tmpfs /dev/shm
		$BB mount -t debugfs debugfs /sys/kernel/debug
		$BB mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
		# configfs is a module in Debian's kernels; null_blk needs it.
		modprobe configfs 2>/dev/null
		$BB mount -t configfs configfs /sys/kernel/config
	}

	stage2() {
		BB=/run/vmtest/busybox
		OUTDIR=$1
		{
			read -r _; read -r CWD; read -r MODE; read -r HOST_TERM
			read -r ROWS; read -r COLS; read -r KVER
		} <"$OUTDIR/.vmtest/config"
		[ "$($BB uname -r)" = "$KVER" ] ||
			fail "booted kernel $($BB uname -r), but its modules are for $KVER"

		mount_pseudo_filesystems
		$BB hostname kiogen-vm
		$BB ip link set lo up 2>/dev/null
		cd "$CWD" || fail "no working directory $CWD in the guest"

		if [ "$MODE" = shell ]; then
			[ "$ROWS" -gt 0 ] 2>/dev/null && $BB stty -F /dev/ttyS0 rows "$ROWS" cols "$COLS"
			$BB env -i "PATH=$PATH" HOME=/root KIOGEN_VM=1 "KIOGEN_OUT=$OUTDIR" "TERM=$HOST_TERM" \
				$BB setsid -c /bin/bash -i </dev/ttyS0 >/dev/ttyS0 2>&1
			rc=$?
		else
			# the host's boot watchdog looks for this file: the console
			# reaches the host through a pipe, late under load
			: >"$OUTDIR/.started"
			echo "$MARK_BEGIN"
			$BB env -i "PATH=$PATH" HOME=/root KIOGEN_VM=1 "KIOGEN_OUT=$OUTDIR" TERM=dumb \
				/bin/bash -c "$(cat "$OUTDIR/.vmtest/cmd")" </dev/null
			rc=$?
			echo "$MARK_END rc=$rc ==="
		fi

		dmesg >"$OUTDIR/dmesg.txt" 2>/dev/null || $BB dmesg >"$OUTDIR/dmesg.txt"
		echo "$rc" >"$OUTDIR/.exitcode"
		power_off
	}

	if [ "$1" = stage2 ]; then
		stage2 "$2"
	else
		stage1
	fi
	EOF
}

# The marker strings are shared with the guest init; define them there.
guest_init_script() {
	write_guest_init | sed "s|^@MARKERS@\$|MARK_BEGIN='$MARK_BEGIN' MARK_END='$MARK_END'|"
}

# modprobe -d wants ROOT/lib/modules/KVER: a module tree elsewhere gets a
# symlink of that shape in the cache directory $2.
modprobe_root() {
	local kver=$1 cache=$2
	if [[ $MODDIR == */lib/modules/"$kver" ]]; then
		echo "${MODDIR%/lib/modules/"$kver"}/"
	else
		mkdir -p "$cache/modroot/lib/modules"
		ln -sfn "$MODDIR" "$cache/modroot/lib/modules/$kver"
		echo "$cache/modroot"
	fi
}

# Copy the 9p boot modules, in load order, into $2, uncompressed (busybox insmod
# cannot read .ko.xz / .ko.zst); $3 is the cache directory.
copy_boot_modules() {
	local kver=$1 dest=$2 root deps verb path _ n=0 builtin=0 seen=' ' name
	root=$(modprobe_root "$kver" "$3")
	deps=$(modprobe -d "$root" -S "$kver" -a --show-depends "${BOOT_MODULES[@]}") ||
		die "cannot resolve ${BOOT_MODULES[*]} for $kver in $MODDIR"
	while read -r verb path _; do
		# "builtin X": nothing to load (the debug kernel has them all)
		[[ $verb == builtin ]] && builtin=$((builtin + 1))
		[[ $verb == insmod ]] || continue
		[[ $seen == *" $path "* ]] && continue  # shared dependencies repeat
		seen+="$path "
		name=$(basename "$path")
		printf -v name '%02d-%s.ko' $((++n)) "${name%%.ko*}"
		case $path in
		*.ko) cp "$path" "$dest/$name" ;;
		*.ko.xz) xz -dc "$path" >"$dest/$name" ;;
		*.ko.zst) zstd -qdc "$path" >"$dest/$name" ;;
		*.ko.gz) gzip -dc "$path" >"$dest/$name" ;;
		*) die "unknown module format: $path" ;;
		esac
	done <<<"$deps"
	((n + builtin > 0)) || die "no boot modules found for $kver"
}

build_initramfs() {
	local kver=$1 image=$2 busybox staging
	busybox=$(command -v busybox) || die "busybox not found (apt-get install busybox-static)"
	! ldd "$busybox" >/dev/null 2>&1 || die "$busybox is dynamic; install busybox-static"

	msg "building initramfs for $kver in ${image%/*}"
	staging=$(mktemp -d "${image%/*}/staging.XXXXXX")
	STAGING=$staging  # removed by cleanup() if the build fails
	mkdir -p "$staging"/{bin,dev,proc,sys,newroot,out,keep,kmods,modules}
	cp "$busybox" "$staging/bin/busybox"
	ln -s busybox "$staging/bin/sh"
	copy_boot_modules "$kver" "$staging/modules" "${image%/*}"
	guest_init_script >"$staging/init"
	chmod 0755 "$staging/init"
	# Gives init a console before devtmpfs is mounted; needs root.
	[[ $EUID -ne 0 ]] || mknod -m 0600 "$staging/dev/console" c 5 1

	(cd "$staging" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) |
		gzip -1 >"$staging.cpio.gz"
	mv -f "$staging.cpio.gz" "$image"  # atomic: parallel runs may share the cache
	rm -rf "$staging"
	STAGING=
}

# Cached per kernel (and per image and module tree when they are not the
# installed ones); rebuilt when the kernel's modules or this script change.
ensure_initramfs() {
	local kver=$1 dir image
	dir=${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/kiogen-vm/$kver
	[[ -z $GUEST_MODDIR && $VMLINUZ == $(readlink -f "/boot/vmlinuz-$kver") ]] ||
		dir+=-$(printf '%s\n' "$VMLINUZ" "$MODDIR" | md5sum | cut -c1-8)
	image=$dir/initramfs.cpio.gz
	mkdir -p "$dir"
	if [[ ! -s $image || $image -ot $MODDIR/modules.dep || $image -ot $SELF ]]; then
		build_initramfs "$kver" "$image"
	fi
	INITRAMFS=$image
}

# Is $1 an uncompressed kernel with a PVH entry point, which QEMU can boot
# directly? readelf (binutils) names the note only by number.
is_pvh_vmlinux() {
	[[ $(head -c 4 "$1" 2>/dev/null) == $'\x7fELF' ]] &&
		readelf -n "$1" 2>/dev/null | grep -Eq 'PHYS32_ENTRY|note type: \(0x00000012\)'
}

# Unpacks the vmlinux ELF from a bzImage: find each compression magic and try
# decompressing from there (as the kernel's scripts/extract-vmlinux does).
extract_vmlinux() {
	local bzimage=$1 out=$2 magic tool off
	for magic in '\xfd7zXZ\x00:xz' '\x28\xb5\x2f\xfd:zstd' '\x1f\x8b\x08:gzip'; do
		tool=${magic##*:}
		command -v "$tool" >/dev/null || continue
		while read -r off; do
			# The payload is followed by more data: ignore the decompressor's
			# complaint, judge the result.
			tail -c +$((off + 1)) "$bzimage" | "$tool" -dcq >"$out" 2>/dev/null || true
			is_pvh_vmlinux "$out" && return 0
		done < <(LC_ALL=C grep -obUaP "${magic%:*}" "$bzimage" | cut -d: -f1)
	done
	rm -f "$out"
	return 1
}

# Booting the uncompressed vmlinux through its PVH entry skips the kernel's XZ
# decompressor, which takes several seconds under TCG. Cached next to the
# initramfs; falls back to the bzImage when there is no usable vmlinux.
ensure_boot_kernel() {
	local bzimage=$VMLINUZ dir=${INITRAMFS%/*}
	local vmlinux=$dir/vmlinux failed=$dir/vmlinux.failed
	BOOT_KERNEL=$bzimage
	if [[ -s $vmlinux && ! $vmlinux -ot $bzimage ]]; then
		BOOT_KERNEL=$vmlinux
	elif [[ ! -e $failed || $failed -ot $bzimage ]]; then
		msg "extracting vmlinux from $bzimage"
		BOOT_KERNEL_TMP=$vmlinux.$$  # removed by cleanup() if interrupted
		if extract_vmlinux "$bzimage" "$BOOT_KERNEL_TMP"; then
			mv -f "$BOOT_KERNEL_TMP" "$vmlinux"
			BOOT_KERNEL=$vmlinux
		else
			msg "no PVH-bootable vmlinux in $bzimage; booting the bzImage (slower)"
			touch "$failed"
		fi
	fi
}

# ----------------------------------------------------------------------------
prepare_outdir() {
	if [[ -z $OUTDIR ]]; then
		OUTDIR=$(mktemp -d /tmp/kiogen-vm.XXXXXX)
	else
		mkdir -p "$OUTDIR"
	fi
	OUTDIR=$(cd "$OUTDIR" && pwd -P)
	[[ $OUTDIR != / ]] || die "OUTDIR cannot be /"
	JOBDIR=$OUTDIR/.vmtest
	# A QEMU still running on this OUTDIR would mix its results into ours.
	! qemu_running "$JOBDIR/qemu.pid" >/dev/null || die "$OUTDIR is in use by another VM"
	rm -rf "$JOBDIR" "$OUTDIR/.exitcode" "$OUTDIR/.started" "$OUTDIR/dmesg.txt" \
		"$OUTDIR/console.log"
	mkdir -p "$JOBDIR"
	: >"$OUTDIR/console.log"  # exists from the start, also for the guest
	msg "results in $OUTDIR"
}

# What the guest init reads: config (one value a line) and the bash script to run.
write_guest_job() {
	local rows=0 cols=0 var
	if ((INTERACTIVE)); then
		read -r rows cols < <(stty size </dev/tty 2>/dev/null || echo 0 0)
	fi
	# The last line is empty when the guest can use the host's /lib/modules/KVER.
	printf '%s\n' "$OUTDIR" "$(pwd -P)" "$( ((INTERACTIVE)) && echo shell || echo run)" \
		"${TERM:-dumb}" "$rows" "$cols" "$KVER" "$GUEST_MODDIR" >"$JOBDIR/config"
	{
		# Host KIOGEN_* settings reach the tests; the VM's own ones win.
		for var in $(compgen -e | grep '^KIOGEN_' || true); do
			[[ $var == KIOGEN_OUT || $var == KIOGEN_VM ]] && continue
			printf 'export %s=%q\n' "$var" "${!var}"
		done
		printf '%s\n' "$CMD"
	} >"$JOBDIR/cmd"
}

qemu_command() {
	# tsc=reliable clocksource=tsc: under TCG the kernel otherwise marks the TSC
	# unstable and falls back to HPET, making every clock read cost microseconds.
	# loglevel=5 keeps boot quiet but shows warnings and worse live; a larger
	# log buffer keeps early splats in dmesg.txt when a test floods the log.
	# watchdog_thresh=30: a soft lockup is reported after 60 s, not 20: on a
	# host running several TCG guests a vCPU thread can go unscheduled for
	# 20 s (seen: "soft lockup - CPU#0 stuck for 26s" in dd's clear_page at
	# host load 15); a real lockup still shows, later.
	local append="console=ttyS0 panic=-1 tsc=reliable clocksource=tsc quiet loglevel=5 log_buf_len=4M"
	append+=" watchdog_thresh=30"
	append+=" ${VM_APPEND:-}"
	QEMU=(qemu-system-x86_64 -nodefaults -no-user-config -no-reboot -display none
		-accel tcg -cpu max -smp "${VM_CPUS:-2}" -m "${VM_MEM:-2G}"
		-kernel "$BOOT_KERNEL" -initrd "$INITRAMFS" -append "$append"
		-virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap"
		-virtfs "local,path=${OUTDIR//,/,,},mount_tag=kiogenout,security_model=none"
		-pidfile "$JOBDIR/qemu.pid")
	numa_nodes
}

# VM_NUMA=N: N nodes, each a socket (CPUs of one node sharing a cache with
# another's make the guest's scheduler WARN) with its share of the memory
numa_nodes() {
	local n=${VM_NUMA:-1} cpus=${VM_CPUS:-2} mem=${VM_MEM:-2G} mib i
	[[ $n =~ ^[1-9][0-9]*$ ]] || die "VM_NUMA: '$n' is not a number of nodes"
	[ "$n" -gt 1 ] || return 0
	[ $((cpus % n)) -eq 0 ] || die "VM_NUMA=$n: VM_CPUS ($cpus) is not a multiple of it"
	case $mem in
	*[Gg]) mib=$((${mem%?} * 1024)) ;;
	*[Mm]) mib=${mem%?} ;;
	*) die "VM_NUMA: VM_MEM '$mem' is not in M or G" ;;
	esac
	QEMU+=(-smp "$cpus,sockets=$n,cores=$((cpus / n)),threads=1")
	for ((i = 0; i < n; i++)); do
		QEMU+=(-object "memory-backend-ram,id=numa$i,size=$((mib / n))M"
		       -numa "node,nodeid=$i,memdev=numa$i" -numa "cpu,node-id=$i,socket-id=$i")
	done
}

# Copy the serial console to console.log (without the CRs) and to stdout, but
# only between the init's markers, so boot noise stays in the log.
stream_console() {
	local awk=(awk)
	# mawk reads a pipe in blocks unless told: the log would lag the guest
	if awk -W version 2>&1 | grep -q mawk; then awk+=(-W interactive); fi
	"${awk[@]}" -v logfile="$1" -v begin="$MARK_BEGIN" -v end="$MARK_END" '
		{ sub(/\r$/, ""); print >logfile; fflush(logfile) }
		index($0, begin) { on = 1; next }
		# CMD output without a final newline shares the line with the marker.
		(i = index($0, end)) { if (on && i > 1) print substr($0, 1, i - 1); on = 0 }
		on { print; fflush() }'
}

# Runs in the background, so that a signal to this script is handled at once
# (the EXIT trap then kills QEMU), and is watched until CMD starts: a guest
# still booting after BOOT_TIMEOUT seconds is killed (BOOT_HUNG=1). $1 is the
# time limit.
boot_guest_batch() {
	local t0=$SECONDS
	(
		set +o pipefail
		timeout -k 5 "$1" "${QEMU[@]}" -serial stdio </dev/null |
			stream_console "$OUTDIR/console.log"
		exit "${PIPESTATUS[0]}"
	) &
	VM_JOB=$!
	BOOT_HUNG=0
	while kill -0 "$VM_JOB" 2>/dev/null && [[ ! -e $OUTDIR/.started ]] &&
		! grep -qF "$MARK_BEGIN" "$OUTDIR/console.log"; do
		if ((SECONDS - t0 >= BOOT_TIMEOUT)); then
			BOOT_HUNG=1
			kill_leftover_qemu
			break
		fi
		sleep 1
	done
	QEMU_RC=0
	wait "$VM_JOB" || QEMU_RC=$?
	VM_JOB=
	# ended before CMD began, not by the time limit: the kernel died booting
	BOOT_CRASHED=0
	((BOOT_HUNG || QEMU_RC == 124 || QEMU_RC == 137)) || [[ -e $OUTDIR/.started ]] ||
		grep -qF "$MARK_BEGIN" "$OUTDIR/console.log" || BOOT_CRASHED=1
}

# Boots, and boots once more after a boot hang, within TIMEOUT overall.
boot_guest_batch_retry() {
	local t0=$SECONDS
	boot_guest_batch "$TIMEOUT"
	((BOOT_HUNG || BOOT_CRASHED)) || return 0
	if ((BOOT_HUNG)); then
		msg "guest still booting after ${BOOT_TIMEOUT}s (console in console.boot1.log); booting again"
	else
		msg "guest kernel died before the command started (console in console.boot1.log):"
		kernel_log_hits | sed 's/^/    ! /' >&2
		msg "booting again"
	fi
	mv "$OUTDIR/console.log" "$OUTDIR/console.boot1.log"
	rm -f "$OUTDIR/.started"
	: >"$OUTDIR/console.log"
	boot_guest_batch $((TIMEOUT - (SECONDS - t0) > 60 ? TIMEOUT - (SECONDS - t0) : 60))
}

boot_guest_interactive() {
	msg "interactive shell; Ctrl-A x quits QEMU, Ctrl-A c the monitor"
	QEMU_RC=0
	"${QEMU[@]}" -chardev "stdio,id=con,mux=on,signal=off,logfile=$OUTDIR/console.log" \
		-serial chardev:con -mon chardev=con,mode=readline || QEMU_RC=$?
}

# Succeeds (and prints the pid) when the pid file names a live QEMU.
qemu_running() {
	local pid
	pid=$(cat "$1" 2>/dev/null) || return 1
	[[ $(cat "/proc/$pid/comm" 2>/dev/null) == qemu-system-* ]] || return 1
	echo "$pid"
}

# shellcheck disable=SC2317  # called from the EXIT trap
kill_leftover_qemu() {
	local pid i
	pid=$(qemu_running "$JOBDIR/qemu.pid") || return 0
	msg "killing QEMU (pid $pid)"
	kill "$pid" 2>/dev/null || true
	for ((i = 0; i < 50; i++)); do
		[[ -e /proc/$pid ]] || return 0
		sleep 0.1
	done
	kill -9 "$pid" 2>/dev/null || true
}

# shellcheck disable=SC2317  # the EXIT trap
cleanup() {
	[[ -z ${STAGING:-} ]] || rm -rf "$STAGING" "$STAGING.cpio.gz"
	[[ -z ${BOOT_KERNEL_TMP:-} ]] || rm -f "$BOOT_KERNEL_TMP"
	[[ -n ${JOBDIR:-} ]] || return 0
	kill_leftover_qemu
	[[ -z ${VM_JOB:-} ]] || wait "$VM_JOB" 2>/dev/null || true
	rm -rf "$JOBDIR"
}

# ----------------------------------------------------------------------------
# Prints the kernel log lines that must fail the run: from dmesg.txt when the
# guest got that far, else from the kernel lines of the console (a panic never
# reaches dmesg.txt; CMD's own output must not count).
kernel_log_hits() {
	local lines
	if [[ -s $OUTDIR/dmesg.txt ]]; then
		lines=$(<"$OUTDIR/dmesg.txt")
	elif [[ -s $OUTDIR/console.log ]]; then
		lines=$(grep -E '^\[ *[0-9]+\.[0-9]+\]' "$OUTDIR/console.log" || true)
	fi
	[[ -n ${lines:-} ]] || return 0
	grep -E -- "$SPLAT_RE" <<<"$lines" | grep -Ev -- "$BENIGN_RE" || true
}

show_console_tail() {
	[[ -s $OUTDIR/console.log ]] || return 0
	msg "last 60 lines of the guest console ($OUTDIR/console.log):"
	tail -n 60 "$OUTDIR/console.log" | sed 's/^/    | /' >&2
}

# Turns what the guest left behind into the exit status (see the header).
report() {
	local hits rc
	hits=$(kernel_log_hits)
	if [[ -n $hits ]]; then
		msg "kernel log shows problems:"
		# shellcheck disable=SC2001  # sed reads best here
		sed 's/^/    ! /' <<<"$hits" >&2
	fi

	if ((BOOT_HUNG)); then
		msg "guest hung while booting, twice (no CMD after ${BOOT_TIMEOUT}s)"
		show_console_tail
		return 125
	fi
	if ((QEMU_RC == 124 || QEMU_RC == 137)); then
		msg "TIMEOUT: guest still running after ${TIMEOUT}s, QEMU killed"
		show_console_tail
		return 124
	fi
	if [[ ! -s $OUTDIR/.exitcode ]]; then
		msg "guest never reported an exit code (QEMU status $QEMU_RC; guest crashed or failed to boot)"
		show_console_tail
		[[ -n $hits ]] && return 1
		return 125
	fi
	rc=$(<"$OUTDIR/.exitcode")
	[[ $rc =~ ^[0-9]+$ ]] || { msg "garbled exit code '$rc'"; return 125; }
	if [[ -n $hits ]]; then
		msg "FAIL: kernel log hits (command exited $rc)"
		show_console_tail
		return 1
	fi
	if ((rc != 0)); then
		msg "command exited $rc"
		((INTERACTIVE)) || show_console_tail
	fi
	return "$rc"
}

main() {
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	trap 'exit 129' HUP
	parse_args "$@"
	[[ -n $KVER || -z $MODDIR ]] || KVER=$(basename "$MODDIR")
	[[ -n $KVER ]] || KVER=$(newest_installed_kernel)
	[[ -n $KVER ]] || die "no kernel with both /lib/modules/KVER and /boot/vmlinuz-KVER"
	VMLINUZ=$(readlink -f "${VMLINUZ:-/boot/vmlinuz-$KVER}")
	[[ -r $VMLINUZ ]] || die "no kernel image ${VMLINUZ:-/boot/vmlinuz-$KVER}"
	# The guest gets the module tree only when it is not the host's own.
	GUEST_MODDIR=
	if [[ -n $MODDIR && $(readlink -f "$MODDIR") != $(readlink -f "/lib/modules/$KVER") ]]; then
		MODDIR=$(readlink -f "$MODDIR")
		GUEST_MODDIR=$MODDIR
	else
		MODDIR=/lib/modules/$KVER
	fi
	[[ -r $MODDIR/modules.dep ]] || die "no $MODDIR/modules.dep (run depmod)"
	command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 not found"

	ensure_initramfs "$KVER"
	ensure_boot_kernel
	prepare_outdir
	write_guest_job
	qemu_command
	msg "booting $KVER (TCG, ${VM_CPUS:-2} CPUs, ${VM_MEM:-2G}${VM_NUMA:+, $VM_NUMA NUMA nodes})"

	BOOT_HUNG=0
	if ((INTERACTIVE)); then
		boot_guest_interactive
	else
		boot_guest_batch_retry
	fi
	local rc=0
	report || rc=$?
	msg "exit $rc; results in $OUTDIR"
	exit "$rc"
}

main "$@"
