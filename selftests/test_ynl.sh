#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A client nobody here wrote drives the module: the kernel's YNL CLI
# (tools/net/ynl/cli.py, fetched into build/ynl by scripts/ynl.sh), given
# only Documentation/netlink/specs/kiogen.yaml. It gets info, starts a bio run
# on a file descriptor it holds, stops it, gets its results and deletes it; an
# attribute an operation does not take comes back with an extack naming it;
# and jobs whose settings contradict each other are refused, naming the
# attribute, with nothing created.
. "$(dirname "$0")/lib.sh"
need_root
load_module

CLI=$KIOGEN_SRC/build/ynl/tools/net/ynl/cli.py
SPEC=$KIOGEN_SRC/Documentation/netlink/specs/kiogen.yaml
SCHEMA=$KIOGEN_SRC/build/ynl/Documentation/netlink/genetlink-legacy.yaml
command -v python3 >/dev/null || skip "needs python3"
[ -f "$CLI" ] || skip "no YNL CLI at $CLI (scripts/ynl.sh fetch)"
python3 -c 'import yaml' 2>/dev/null || skip "python3 cannot import yaml (python3-yaml)"
python3 -c 'import jsonschema' 2>/dev/null || skip "python3 cannot import jsonschema (python3-jsonschema)"

nullb_create kynl0 size=256 irqmode=0 || skip "cannot create a null_blk device"
trap 'nullb_remove kynl0; nullb_remove kynl1' EXIT
DEV=/dev/kynl0

# ynl ARGS...: the YNL CLI on kiogen's spec, its JSON (or the error) in
# $TMP/out; the spec is validated against the schema once (slow under TCG)
schema=(--schema "$SCHEMA")
ynl() {
	PYTHONDONTWRITEBYTECODE=1 python3 "$CLI" --spec "$SPEC" "${schema[@]}" \
		--output-json "$@" >"$TMP/out" 2>&1
}

# jq-less: evaluate EXPR on the JSON of the last ynl call as j
out() {
	python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($1)" "$TMP/out" 2>/dev/null
}

# refused BAD-ATTR WORDS OP JSON: the operation fails, the extack points at
# BAD-ATTR (a path like .job.hipri) and its message holds WORDS ('' for any)
refused() {
	local bad=$1 words=$2
	shift 2
	if ynl "$@"; then
		echo "# accepted: $(head -c 300 "$TMP/out")"
		return 1
	fi
	grep -q "'bad-attr': '$bad'" "$TMP/out" && grep -qF -- "$words" "$TMP/out" ||
		{ echo "# $(tr '\n' ' ' <"$TMP/out" | head -c 400)"; return 1; }
}

run_ids() {
	ynl --dump run-get && out "sorted(m['run']['id'] for m in j if 'run' in m)"
}

# --- info ---
# the version the spec declares, which the module must answer with
version=$(sed -n 's/^version: *//p' "$SPEC")
check "info-get: the family answers with the spec's version ($version) and engines" \
	eval 'ynl --do info-get && [ "$(out "j[\"info\"][\"family-version\"]")" = "$version" ] &&
	      [ "$(out "\" \".join(sorted(j[\"info\"][\"engine\"]))")" = "bio dircreate dirdelete dirstat filecreate filedelete filestat kiocb null" ]'
schema=(--no-schema)

# --- a run on an fd the YNL CLI holds (3, opened by the shell) ---
before=$(run_ids)
job='"engine": "bio", "rw": "randread", "bs": 4096, "fd": 3, "time-based": true,
     "runtime-ns": 600000000000, "name": "ynl"'
id=
# detached: the CLI's socket closes when it exits
if ynl --do run-new --json "{\"flags\": 1, \"job\": [{$job}]}" 3<>"$DEV"; then
	id=$(out 'j["id"]')
fi
check "run-new: a bio run on fd 3 starts (id '$id')" test -n "$id"
[ -n "$id" ] || { finish; }
check "run-get: it is running" \
	eval 'ynl --do run-get --json "{\"id\": $id}" && [ "$(out "j[\"run\"][\"state\"]")" = running ]'
check "run-get dump with the id: its job came from fd 3 as asked" \
	eval 'ynl --dump run-get --json "{\"id\": $id}" &&
	      [ "$(out "[x[\"name\"] for m in j for x in m.get(\"job\", [])]")" = "['"'"'ynl'"'"']" ]'
check "run-stop: returns" ynl --do run-stop --json "{\"id\": $id}"
stopped() {
	local _
	for _ in $(seq 100); do
		ynl --do run-get --json "{\"id\": $id}" &&
			[ "$(out 'j["run"]["state"]')" = stopped ] && return 0
		sleep 0.2
	done
	echo "# run $id: $(head -c 300 "$TMP/out")"
	return 1
}
check "run-get: the run stopped" stopped
check "results-get: a worker's reads, counted, and their latency histogram" \
	eval 'ynl --dump results-get --json "{\"id\": $id}" &&
	      [ "$(out "sum(d[\"ios\"] for m in j if \"worker\" in m
			for d in m[\"worker\"][\"dir\"] if d[\"dir\"] == \"read\") > 0")" = True ] &&
	      [ "$(out "any(\"hist\" in m for m in j)")" = True ]'

# --- attributes an operation does not take ---
check "run-stop with flags: refused, the extack names flags" \
	refused .flags '' --do run-stop --json "{\"id\": $id, \"flags\": 1}"
check "run-get with a job: refused, the extack names job" \
	refused .job '' --do run-get --json "{\"id\": $id, \"job\": [{\"engine\": \"null\"}]}"
check "run-new with a version 1 attribute: refused, naming filesize" \
	refused .job.filesize filesize --do run-new \
	--json '{"job": [{"engine": "null", "rw": "read", "bs": 4096, "size": 1048576, "filesize": 1048576}]}'
check "run-del: the stopped run goes" ynl --do run-del --json "{\"id\": $id}"
check "run-get dump: the runs are as before" test "$(run_ids)" = "$before"

# --- contradictions: refused, naming the attribute, nothing created ---
null='"engine": "null", "rw": "read", "bs": 4096, "size": 1048576, "number-ios": 16'
contradiction() {
	local what=$1 bad=$2 words=$3 extra=$4
	shift 4
	check "$what: refused, naming $words" \
		refused "$bad" "$words" --do run-new --json "{\"job\": [{$extra}]}" "$@"
}
contradiction "iodepth_low above iodepth" .job.iodepth-low iodepth_low \
	"$null, \"iodepth\": 4, \"iodepth-low\": 8"
contradiction "iodepth_batch_complete_max below _min" .job.iodepth-batch-complete-max \
	iodepth_batch_complete_max \
	"$null, \"iodepth\": 8, \"iodepth-batch-complete-min\": 4, \"iodepth-batch-complete-max\": 2"
contradiction "hipri with the null engine" .job.hipri hipri "$null, \"hipri\": true"
contradiction "the null engine with size 0" .job.size "needs a size" \
	'"engine": "null", "rw": "read", "bs": 4096, "size": 0, "number-ios": 16'
contradiction "hipri with the kiocb engine" .job.hipri hipri \
	'"engine": "kiocb", "rw": "read", "bs": 4096, "fd": 3, "number-ios": 16, "hipri": true' \
	3<"$DEV"
# null_blk's poll queues are a module parameter (default 1) and a device
# attribute
if grep -qw poll_queues /sys/kernel/config/nullb/features 2>/dev/null &&
   nullb_create kynl1 size=64 irqmode=0 poll_queues=0 &&
   [ "$(cat /sys/block/kynl1/queue/io_poll 2>/dev/null)" = 0 ]; then
	contradiction "hipri on a device without poll queues" .job.hipri hipri \
		'"engine": "bio", "rw": "read", "bs": 4096, "fd": 3, "number-ios": 16, "hipri": true' \
		3<>/dev/kynl1
else
	echo "# SKIP hipri on a device without poll queues: no null_blk without them here"
fi
nullb_remove kynl1
# a refused job leaves nothing behind; any run made would still be listed
check "after the refused jobs: the runs are as before" test "$(run_ids)" = "$before"

finish
