#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kiogen's reports against fio 3.33's for the same jobs: each job is run by
# fio and by `kiogen run --path=syscall` on the same file with the same
# options, --output-format=terse,json(+),normal, and the structures must be
# the same: the normal text's lines (numbers, units, dates, devices masked)
# with the same labels in the same order; every terse line's field count and
# the shape of each field (terse v3, v4 and v5 across the jobs); the JSON's
# key paths and value types (kiogen's own "kiogen" key aside). A difference
# passes only if Documentation/kiogen/numbers.rst lists it under "Deliberate
# differences from fio's output", so an undocumented one fails.
# fio_jsonplus_clat2csv must write rows from kiogen's json+. Skipped without
# fio.
# Env: KG_PARITY_PATH (syscall): kiogen's path, kernel in the VM
# (selftests/test_parity.sh); KG_PARITY_DIR (/var/tmp): where the file is.
src=$(cd "$(dirname "$0")/../.." && pwd)
kiogen=$src/ctl/kiogen
doc=$src/Documentation/kiogen/numbers.rst
path=${KG_PARITY_PATH:-syscall}
. "$src/selftests/host/tap.sh"

echo "TAP version 13"
if ! command -v fio >/dev/null || ! command -v python3 >/dev/null; then
	skip "fio parity" "fio or python3 is not installed"
	tap_done
fi
# on a disk where there is one: fio and kiogen then both report its Disk stats
tmp=$(mktemp -d -p "${KG_PARITY_DIR:-/var/tmp}" 2>/dev/null || mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# laid out beforehand, so that neither prints "Laying out IO file"
dd if=/dev/zero of="$tmp/f" bs=1M count=16 status=none

# name, terse version, json or json+, options (FILE: the file)
jobs=(
	"randread-psync 3 json+ --rw=randread --ioengine=psync --size=8m"
	"randrw-mix 4 json --rw=randrw --rwmixread=70 --size=8m"
	"write-fsync 5 json+ --rw=write --fsync=16 --size=4m"
	"uring-qd8 3 json --rw=randread --ioengine=io_uring --iodepth=8 --size=8m"
	"libaio-qd4 4 json --rw=randwrite --ioengine=libaio --iodepth=4 --direct=1 --size=8m"
	"posixaio-qd4 5 json --rw=randread --ioengine=posixaio --iodepth=4 --size=8m"
	"numjobs2 4 json+ --rw=randread --numjobs=2 --size=4m"
	"numjobs2-group 5 json --rw=randread --numjobs=2 --group_reporting --size=4m"
	"lat-pct 3 json+ --rw=randrw --lat_percentiles=1 --percentile_list=50:99:99.9 --size=4m"
	"time-based 4 json --rw=randread --time_based --runtime=1 --size=4m"
	"kb-base-1000 3 json --kb_base=1000 --rw=randread --bs=64k --size=4m"
	"two-jobs-thread 5 json --thread --rw=randread --size=4m --name=u --filename=FILE --thread --rw=randwrite --size=4m"
	"groups 3 json --rw=read --size=4m --name=u --filename=FILE --stonewall --rw=write --size=4m --name=v --filename=FILE --new_group --rw=randread --size=4m"
)

for spec in "${jobs[@]}"; do
	read -r name v fmt opts <<<"$spec"
	# --bs before the first job: one of fio's "global options"
	# shellcheck disable=SC2086 # the options are words
	args=(--bs=4k --name=t "--filename=$tmp/f" ${opts//FILE/$tmp/f}
	      "--output-format=terse,$fmt,normal" "--terse-version=$v")
	if ! fio "${args[@]}" >"$tmp/$name.fio" 2>"$tmp/$name.fio.err"; then
		not_ok "$name: fio failed: $(head -c 300 "$tmp/$name.fio.err")"
		continue
	fi
	if ! "$kiogen" run --path="$path" "${args[@]}" >"$tmp/$name.kg" 2>"$tmp/$name.kg.err"; then
		not_ok "$name: kiogen failed: $(head -c 300 "$tmp/$name.kg.err")"
		continue
	fi
	if out=$(python3 "$src/selftests/host/fio_parity.py" compare "$doc" \
		 "$tmp/$name.fio" "$tmp/$name.kg" "$tmp/f" "$tmp/used"); then
		ok "$name: text, terse v$v and $fmt of fio's structure ($path path)"
	else
		not_ok "$name: differences ${doc#"$src/"} does not list:"
		sed 's/^/#   /' <<<"$out"
	fi
	if [ "$fmt" = json+ ]; then
		# fio's own tool on kiogen's json+: rows of buckets, not a header only
		sed -n '/^{$/,/^}$/p' "$tmp/$name.kg" >"$tmp/$name.json"
		(cd "$tmp" && fio_jsonplus_clat2csv "$name.json" "$name.csv" >/dev/null 2>&1)
		rows=$(cat "$tmp/$name"_job*.csv 2>/dev/null | grep -vc '^nsec')
		if [ "${rows:-0}" -gt 0 ]; then
			ok "$name: fio_jsonplus_clat2csv wrote $rows rows from kiogen's json+"
		else
			not_ok "$name: fio_jsonplus_clat2csv wrote no rows from kiogen's json+"
		fi
	fi
done

# one source of truth: an entry no job needed is stale (where the machine
# allows every difference to show: a disk under the temp file)
unused=$(python3 "$src/selftests/host/fio_parity.py" stale "$doc" "$tmp/used")
if [ -z "$unused" ]; then
	ok "every deliberate difference ${doc#"$src/"} lists shows in some job"
else
	not_ok "${doc#"$src/"} lists differences no job shows (stale):"
	sed 's/^/#   /' <<<"$unused"
fi
tap_done
