#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""kiogen_check.py: the checks of a finished run in one process (a python
start costs about a second in the emulated guest), each optional:

  --ios JSON N         the run's JSON report counts N I/Os (read + write)
  --headers PATH OFFSET COUNT BS all|some direct|buffered
                       the COUNT blocks of BS bytes from OFFSET carry kiogen's
                       block header (magic KIOGEN1 and their own offset): all
                       of them, or at least one and none with a wrong offset;
                       read with O_DIRECT (what the device holds) or buffered
  --released DEV       the block device can be opened exclusively: nobody,
                       kiogen included, still claims it

Prints what failed, one line each, and exits 1 if anything did. With
--serve, reads such argument lists one a line (shell-quoted) and answers each
with the failures, then a line "ok" or "failed": one python start for many
checks.
"""
import json
import mmap
import os
import shlex
import struct
import sys


def ios(path, want):
    try:
        j = json.load(open(path))["jobs"][0]
        n = j["read"]["total_ios"] + j["write"]["total_ios"]
    except (OSError, ValueError, KeyError, IndexError) as e:
        return "no I/O count in the report (%s)" % e
    return None if n == int(want) else "%d I/Os, asked for %s" % (n, want)


def headers(path, off, count, bs, mode, how):
    off, count, bs = int(off), int(count), int(bs)
    fd = os.open(path, os.O_RDONLY | (os.O_DIRECT if how == "direct" else 0))
    buf = mmap.mmap(-1, bs)
    good = wrong = none = 0
    try:
        for i in range(count):
            o = off + i * bs
            os.preadv(fd, [buf], o)
            if buf[:8] != b"KIOGEN1\0":
                none += 1
            elif struct.unpack_from("<Q", buf, 8)[0] == o:
                good += 1
            else:
                wrong += 1
    finally:
        os.close(fd)
    if wrong == 0 and (none == 0 if mode == "all" else good > 0):
        return None
    return ("written blocks: %d with their header, %d with another offset, %d without "
            "(%s, read %s)" % (good, wrong, none, mode, how))


def released(dev):
    try:
        os.close(os.open(dev, os.O_RDONLY | os.O_EXCL))
    except OSError as e:
        return "%s still claimed: %s" % (dev, e.strerror)
    return None


def serve():
    for line in sys.stdin:
        rc = main(shlex.split(line))
        print("ok" if rc == 0 else "failed")
        sys.stdout.flush()
    return 0


def main(argv):
    if argv == ["--serve"]:
        return serve()
    checks = {"--ios": (ios, 2), "--headers": (headers, 6), "--released": (released, 1)}
    errors, i = [], 0
    while i < len(argv):
        if argv[i] not in checks:
            print(__doc__, file=sys.stderr)
            return 2
        fn, n = checks[argv[i]]
        err = fn(*argv[i + 1:i + 1 + n])
        if err:
            errors.append(err)
        i += 1 + n
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
