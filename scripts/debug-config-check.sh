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
	[proc]=PROC_FS [ramfs]=SHMEM [sysfs]=SYSFS [tmpfs]=TMPFS [tracefs]=FTRACE
	[xfs]=XFS_FS [nfs]=NFS_FS [nfsd]=NFSD [fuse]=FUSE_FS
)

# the Kconfig symbol of module $1: the Makefile line that builds $1.o
module_symbol() {
	local obj=${1//_/[-_]}
	grep -rhoE --include=Makefile "obj-\\\$\\(CONFIG_[A-Z0-9_]+\\)[[:space:]]*\\+=[[:space:]]*([^#]* )?$obj\\.o" \
		"$tree/drivers" "$tree/fs" "$tree/block" "$tree/net" 2>/dev/null |
		sed -n 's/^obj-\$(CONFIG_\([A-Z0-9_]*\)).*/\1/p' | head -n 1
}

value() {
	sed -n "s/^CONFIG_$1=//p" "$config"
}

missing=0
need() {
	local what=$1 sym=$2 v
	v=$(value "$sym")
	if [[ -z $sym ]]; then
		echo "$what: no Kconfig symbol found"
		missing=1
	elif [[ $v == y || $v == m ]]; then
		echo "$what: CONFIG_$sym=$v"
	else
		echo "$what: CONFIG_$sym is ${v:-not set}"
		missing=1
	fi
}

cd "$src/selftests"
for m in $(grep -ohE 'modprobe( -q)? [a-z][a-z0-9_-]+' ./*.sh | awk '{print $NF}' |
	grep -vxE 'kiogen|in|works|finds|wants' | sort -u); do
	need "modprobe $m" "$(module_symbol "$m")"
done
for t in $(grep -ohE 'mount -t [a-z0-9]+' ./*.sh | awk '{print $3}' | sort -u); do
	need "mount -t $t" "${FS[$t]:-}"
done
exit $missing
