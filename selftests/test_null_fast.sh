#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The null engine's own loop (kmod/engine-null.c) is a specialisation of the
# worker's loop, for jobs that use none of its per-I/O features
# (include/kiogen/loop.h): the same job run with the module parameter
# fast_loop=1 (its loop) and fast_loop=0 (the worker's loop) gives the same
# stream digest, the same counts per direction, fio's depths, submit and
# complete buckets, and histograms holding every I/O. A job that uses a
# feature (iodepth 4, verify) runs in the worker's loop either way.
. "$(dirname "$0")/lib.sh"
need_root
load_module || skip "cannot load kiogen"
command -v python3 >/dev/null || skip "needs python3 to read JSON"
param=/sys/module/kiogen/parameters/fast_loop
[ -w "$param" ] || skip "no fast_loop parameter"
trap 'echo 1 > "$param"' EXIT

# both NAME OPTIONS...: the job with fast_loop=1 and =0, json+
both() {
	local n=$1 v
	shift
	for v in 1 0; do
		echo $v > "$param"
		"$KIOGEN" run --name="$n" --output-format=json+ "$@" > "$TMP/$n.$v.json" \
			2>"$TMP/$n.$v.err" || { echo "# fast_loop=$v: $(cat "$TMP/$n.$v.err")"; return 1; }
	done
}

# same NAME: what both loops must agree on
same() {
	python3 - "$TMP/$1.1.json" "$TMP/$1.0.json" <<'PY'
import json, sys
def facts(path):
    j = json.load(open(path))["jobs"][0]
    f = {"digest": j["kiogen"]["digest"], "issued": j["kiogen"].get("issued"),
         "depth": j["iodepth_level"], "submit": j["iodepth_submit"],
         "complete": j["iodepth_complete"], "error": j["error"]}
    for d in ("read", "write"):
        r = j[d]
        f[d] = (r["total_ios"], r["io_bytes"], r["short_ios"], r["drop_ios"])
        for k in ("lat_ns", "clat_ns"):
            f[d + k] = r[k]["N"]
            # json+: the histogram's buckets hold every I/O
            f[d + k + "_bins"] = sum(r[k].get("bins", {}).values())
    return f
a, b = facts(sys.argv[1]), facts(sys.argv[2])
diff = {k: (a[k], b[k]) for k in a if a[k] != b[k]}
print("# digest %s, read %s, write %s" % (a["digest"], a["read"], a["write"]))
if diff:
    print("# fast_loop=1 vs 0 differ:", diff)
sys.exit(bool(diff))
PY
}

both plain --ioengine=null --size=1g --rw=randread --bs=4k --number_ios=200000
check "randread 4k: the same results from both loops" same plain
# the null loop's reap is its submission: clat 0, none counted as timed to
# a reap; the worker's loop reaps after the submission (kmod/worker.c)
check "randread 4k: the null loop's clat is 0, none counted inside submission" \
	test "$(json "$TMP/plain.1.json" '(j["jobs"][0]["read"]["clat_ns"]["max"], j["jobs"][0]["kiogen"]["inline_ios"]["read"])')" = "(0, 0)"
check "randread 4k: the worker's loop counts every I/O inside submission" \
	test "$(json "$TMP/plain.0.json" 'j["jobs"][0]["kiogen"]["inline_ios"]["read"] == j["jobs"][0]["read"]["total_ios"]')" = True
both mix --ioengine=null --size=1g --rw=randrw --rwmixread=70 \
	--bssplit=4k/50:16k/30:64k/20 --random_distribution=zipf:1.2 --number_ios=100000 --numjobs=2
check "randrw bssplit zipf, 2 workers: the same results from both loops" same mix
both seq --ioengine=null --size=64m --rw=write --bs=8k --loops=3 --offset_increment=64m --numjobs=2
check "sequential write, loops=3, 2 workers: the same results from both loops" same seq
both qd4 --ioengine=null --size=1g --rw=randread --bs=4k --number_ios=50000 --iodepth=4
check "iodepth=4 (the worker's loop either way): the same results" same qd4
both vfy --ioengine=null --size=64m --rw=write --bs=4k --number_ios=20000 --verify=crc32c --do_verify=0
check "verify=crc32c (the worker's loop either way): the same results" same vfy
# the parameter reaches the worker: its own loop is the faster
# (Documentation/kiogen/numbers.rst: about 2x)
fast=$(json "$TMP/plain.1.json" 'j["jobs"][0]["read"]["iops"]')
slow=$(json "$TMP/plain.0.json" 'j["jobs"][0]["read"]["iops"]')
echo "# randread 4k: $fast IOPS in the null loop, $slow in the worker's"
check "fast_loop=0 runs the worker's loop (the null loop is faster)" \
	python3 -c "import sys; sys.exit(not float('$fast') > 1.1 * float('$slow'))"
finish
