#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The job-file half of test_fio_examples.sh: fio's example job files
scaled down as a test must, and the I/O counts of a JSON report.

  fio_examples.py scale EXAMPLES OUT
      writes each EXAMPLES/NAME.fio (fio's examples) scaled into
      OUT/NAME/job.fio, its paths inside OUT/NAME/files (created: its
      directories and the files that stand in for devices), and prints one
      line of facts about each:
        NAME.fio engines=E1,E2 compare=yes|no:WHY
      compare=yes when the I/O counts per direction are fixed by the
      options (fio's random generator does not decide them); no, and why,
      when not.
  fio_examples.py counts JSON
      prints "READ WRITE TRIM": total_ios per direction, summed over the
      jobs of a fio or kiogen JSON report (grouped or not).
  fio_examples.py failed JSON
      prints the first job of a fio JSON report that has an error, and it.

Only values change: a line is rewritten in place, and an option added to a
section goes at its end, so kiogen's messages name the same options.
"""

import json
import os
import re
import sys

# ---- the scaling: the only place that says how big a scaled example is ----

# Caps: an option whose value is larger is set to the cap (sizes in bytes,
# times in milliseconds, the rest plain numbers). A range (a-b) or a list
# (a:b) is capped element by element; a percentage is left alone.
SIZE_CAPS = {"size": 1 << 20, "filesize": 1 << 20, "io_size": 1 << 20,
             "io_limit": 1 << 20}
TIME_CAPS = {"runtime": 300, "timeout": 300, "ramp_time": 100,
             "startdelay": 100, "ss_dur": 300, "ss_ramp": 100,
             "steadystate_duration": 300, "steadystate_ramp_time": 100}
COUNT_CAPS = {"numjobs": 2, "nrfiles": 8, "iodepth": 16, "number_ios": 100,
              "loops": 2, "iodepth_batch": 16, "iodepth_batch_submit": 16,
              "iodepth_batch_complete": 16, "iodepth_batch_complete_max": 16,
              "iodepth_batch_complete_min": 16, "iodepth_low": 16}
# A device (a path under /dev) becomes a file of this size in WORKDIR; any
# other absolute path (or a directory) the same name inside WORKDIR.
DEVICE_SIZE = 2 << 20
# Bounds added where the example has none: fill_device without a size runs
# to the end of the device or file system (fio honours size with it: ENOSPC
# then ends the job, not size), and a rate-limited job without a runtime
# would take minutes once scaled (its counts then depend on time).
BOUND_FILL_SIZE = "1m"
BOUND_RATE_RUNTIME = "300ms"

SIZE_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40,
              "p": 1 << 50}
TIME_UNITS = {"": 1000, "us": 0.001, "usec": 0.001, "ms": 1, "msec": 1, "s": 1000,
              "sec": 1000, "m": 60000, "min": 60000, "h": 3600000,
              "d": 86400000}
FILE_OPTIONS = ("filename", "directory", "opendir", "read_iolog",
                "write_iolog", "filename_format")

# The directions and distributions whose I/O counts fio's random
# generator does not decide: one direction; a mix only when rwmixread
# makes it one
ONE_WAY = {"read", "write", "randread", "randwrite", "trim", "randtrim",
           "trimwrite", "randtrimwrite"}
MIXED = {"rw", "readwrite", "randrw"}
# options that make the counts depend on time or on the generator
TIMED = ("time_based", "ramp_time", "rate", "rate_iops", "rate_min",
         "ratemin", "rate_iops_min", "thinktime", "steadystate", "ss",
         "latency_target", "flow", "exitall", "exit_what", "verify_backlog",
         "fill_device", "fill_fs", "experimental_verify", "trim_percentage")
RANDOM_SIZE = ("bsrange", "blocksize_range", "bssplit", "bs_unaligned")


def parse_size(text):
    m = re.fullmatch(r"\s*(\d+)\s*([kmgtp]?)(i?b?)\s*", text, re.I)
    if not m:
        return None
    return int(m.group(1)) * SIZE_UNITS[m.group(2).lower()]


def fmt_size(n):
    for unit in ("m", "k"):
        if n % SIZE_UNITS[unit] == 0:
            return f"{n // SIZE_UNITS[unit]}{unit}"
    return str(n)


def parse_time(text):
    m = re.fullmatch(r"\s*(\d+)\s*([a-z]*)\s*", text, re.I)
    if not m or m.group(2).lower() not in TIME_UNITS:
        return None
    return int(m.group(1)) * TIME_UNITS[m.group(2).lower()]


def cap_value(key, value):
    """value capped by the tables above, element by element"""
    def one(v):
        if key in SIZE_CAPS:
            n = parse_size(v)
            return v if n is None or n <= SIZE_CAPS[key] else fmt_size(SIZE_CAPS[key])
        if key in TIME_CAPS:
            n = parse_time(v)
            return v if n is None or n <= TIME_CAPS[key] else f"{TIME_CAPS[key]}ms"
        if v.strip().isdigit() and int(v) > COUNT_CAPS[key]:
            return str(COUNT_CAPS[key])
        return v
    return re.sub(r"[^:,-]+", lambda m: one(m.group(0)), value)


def map_path(value, workdir, devices, is_dir):
    """absolute paths (and /dev nodes) as names inside workdir"""
    out = []
    for name in re.split(r"(?<!\\):", value):
        if name.startswith("/dev/"):
            base = "dev-" + name[5:].replace("/", "-")
            devices.add(base)
            name = base
        elif name.startswith("/"):
            name = name.strip("/").replace("/", "-") or "root"
        if is_dir:
            os.makedirs(os.path.join(workdir, name), exist_ok=True)
        out.append(name)
    return ":".join(out)


def split_option(line):
    """(key, value or None, comment) of an option line, or None"""
    body, sep, comment = line.partition(";")
    body = body.rstrip("\n")
    m = re.fullmatch(r"(\s*)([A-Za-z0-9_-]+)\s*(?:=\s*(.*?))?\s*", body)
    if not m:
        return None
    return m.group(2), m.group(3), sep + comment


def scale(src, dst, workdir):
    os.makedirs(workdir, exist_ok=True)
    devices = set()
    # sections: [name, [(key, value)], index of its last option line]
    sections, lines = [], []
    for raw in open(src, encoding="utf-8", errors="replace"):
        line = raw.rstrip("\n")
        s = line.strip()
        if s.startswith("[") and s.endswith("]"):
            sections.append([s[1:-1], [], len(lines)])
        elif s and s[0] not in ";#":
            opt = split_option(line)
            if opt and sections:
                key, value, comment = opt
                if value is not None:
                    if key in SIZE_CAPS or key in TIME_CAPS or key in COUNT_CAPS:
                        value = cap_value(key, value)
                    elif key in FILE_OPTIONS:
                        value = map_path(value, workdir, devices,
                                         key in ("directory", "opendir"))
                    line = f"{key}={value}" + (f"\t{comment}" if comment else "")
                sections[-1][1].append((key, value))
                sections[-1][2] = len(lines)
        lines.append(line)
    for dev in devices:
        with open(os.path.join(workdir, dev), "ab") as f:
            f.truncate(DEVICE_SIZE)

    # each job's options: the [global] sections before it, then its own;
    # the bounds it lacks appended to its section
    jobs, glob, extra = [], {}, {}
    for name, opts, last in sections:
        d = dict(glob)
        d.update(opts)
        if name == "global":
            glob = d
            continue
        jobs.append((name, d))
        if d.get("fill_device", "0") != "0" and "size" not in d:
            extra.setdefault(last, []).append(f"size={BOUND_FILL_SIZE}")
        if any(k in d for k in ("rate", "rate_iops")) and "runtime" not in d:
            extra.setdefault(last, []).append(f"runtime={BOUND_RATE_RUNTIME}")
    with open(dst, "w", encoding="utf-8") as f:
        for i, line in enumerate(lines):
            f.write(line + "\n")
            for e in extra.get(i, []):
                f.write(e + "\n")

    engines = sorted({d.get("ioengine", "psync") for _, d in jobs}) or ["psync"]
    return f"engines={','.join(engines)} compare={comparable(jobs)}"


def comparable(jobs):
    """yes, or no:WHY: are the I/O counts per direction fixed by the options?"""
    if not jobs:
        return "no:no-jobs"
    for name, d in jobs:
        rw = (d.get("rw") or d.get("readwrite") or "read").split(":")[0]
        for k in TIMED:
            if k in d and d[k] not in ("0", None):
                return f"no:{k}"
        if "runtime" in d:
            return "no:runtime"
        for k in RANDOM_SIZE:
            if k in d and not (k.endswith("range") and
                               len(set(d[k].split("-"))) == 1):
                return f"no:{k}"
        if "bs" in d and d["bs"] and re.search(r"[-:/,]", d["bs"]):
            return "no:bs-range"
        if rw in MIXED and d.get("rwmixread", "") not in ("0", "100") and \
                d.get("rwmixwrite", "") not in ("0", "100"):
            return "no:mixed-direction"
        if rw not in ONE_WAY and rw not in MIXED:
            return f"no:rw={rw}"
    return "yes"


def report(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    # fio may print notes before the JSON
    return json.loads(text[text.index("{"):])


def failed_job(path):
    """fio's reason when it says nothing: the first job with an error"""
    for job in report(path).get("jobs", []):
        if job.get("error"):
            print(f"job {job.get('jobname')}: error {job['error']} "
                  f"({os.strerror(job['error'])})")
            return


def counts(path):
    j = report(path)
    tot = [0, 0, 0]
    for job in j.get("jobs", []):
        for i, d in enumerate(("read", "write", "trim")):
            tot[i] += int(job.get(d, {}).get("total_ios", 0))
    print(*tot)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "scale":
        for name in sorted(os.listdir(sys.argv[2])):
            if name.endswith(".fio"):
                out = os.path.join(sys.argv[3], name[:-4])
                os.makedirs(out, exist_ok=True)
                facts = scale(os.path.join(sys.argv[2], name),
                              os.path.join(out, "job.fio"),
                              os.path.join(out, "files"))
                print(name, facts)
    elif len(sys.argv) == 3 and sys.argv[1] == "counts":
        counts(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "failed":
        failed_job(sys.argv[2])
    else:
        sys.exit(__doc__)
