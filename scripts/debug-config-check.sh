#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# debug-config-check.sh TREE: what the selftests load (modprobe NAME) and
# mount (mount -t TYPE), each found in the configured kernel tree TREE (the
# debug leg's, scripts/kernels.sh): a module by the Kconfig symbol of its
# Makefile line, a file system type by its symbol below. Prints one line per
# need; exits 1 when one is not =y or =m in TREE/.config, so a test that
# starts to need something the minimal debug config lacks fails its build,
# not its run.
set -euo pipefail
tree=${1:?usage: debug-config-check.sh KERNEL_TREE}
src=$(cd "$(dirname "$0")/.." && pwd)
config=$tree/.config
[[ -r $config ]] || { echo "debug-config-check: no $config" >&2; exit 2; }

# file system types and the symbol that provides each
declare -A FS=(
	[9p]=9P_FS [cgroup2]=CGROUPS [configfs]=CONFIGFS_FS [debugfs]=DEBUG_FS
	[devpts]=UNIX98_PTYS [devtmpfs]=DEVTMPFS [ext4]=EXT4_FS [overlay]=OVERLAY_FS
	[proc]=PROC_FS [sysfs]=SYSFS [tmpfs]=TMPFS [tracefs]=FTRACE
	[xfs]=XFS_FS [nfs]=NFS_FS [nfs4]=NFS_V4 [nfsd]=NFSD [fuse]=FUSE_FS
)

# the Kconfig symbols of the Makefile lines that build a $1.o (several
# directories may build one of that name: drivers/of's overlay.o is not
# overlayfs's)
module_symbols() {
	local obj=${1//_/[-_]}
	grep -rhoE --include=Makefile "obj-\\\$\\(CONFIG_[A-Z0-9_]+\\)[[:space:]]*\\+=[[:space:]]*([^#]* )?$obj\\.o" \
		"$tree/fs" "$tree/drivers" "$tree/block" "$tree/net" 2>/dev/null |
		sed -n 's/^obj-\$(CONFIG_\([A-Z0-9_]*\)).*/\1/p' | sort -u
}

value() {
	sed -n "s/^CONFIG_$1=//p" "$config"
}

missing=0
# need WHAT SYMBOL...: one of the symbols is =y or =m
need() {
	local what=$1 sym v
	shift
	for sym in "$@"; do
		v=$(value "$sym")
		if [[ $v == y || $v == m ]]; then
			echo "$what: CONFIG_$sym=$v"
			return
		fi
	done
	if [ $# -eq 0 ]; then
		echo "$what: no Kconfig symbol found"
	else
		echo "$what: ${*/#/CONFIG_} not set"
	fi
	missing=1
}

cd "$src/selftests"
for m in $(grep -ohE 'modprobe( -q)? [a-z][a-z0-9_-]+' ./*.sh | awk '{print $NF}' |
	grep -vxE 'kiogen|in|works|finds|wants' | sort -u); do
	# shellcheck disable=SC2046  # the symbols are words
	need "modprobe $m" $(module_symbols "$m")
done
# ramfs is built into every kernel: no symbol to look for
for t in $(grep -ohE 'mount -t [a-z0-9]+' ./*.sh | awk '{print $3}' | grep -vx ramfs | sort -u); do
	need "mount -t $t" ${FS[$t]:-}
done
exit $missing
