#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""live_stress.py SECONDS: live RESULTS_GET dumps, read slowly (one dumpit per
recv, a few ms apart), of runs that start, end, are reaped and deleted under
them; runs with many workers (a long half-built window, ids guessed ahead of
RUN_NEW's reply), startdelay (workers not yet started), stops. Prints counts
of each outcome; exit 0 unless the kernel answered something unexpected."""
import errno
import os
import random
import socket
import struct
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import kiogen_nl as K  # noqa: E402

U = K.U
K.U64.update({"STARTDELAY_NS", "RW_SEQ_ADD", "OFFSET_INCREMENT"})
stop = threading.Event()
counts = {}
lock = threading.Lock()
last_id = [0]


def count(key):
    with lock:
        counts[key] = counts.get(key, 0) + 1


def idattr(i):
    return K.attr(U["KIOGEN_A_ID"], struct.pack("=I", i))


def slow_dump(g, rid, live):
    """A RESULTS_GET dump, one recv (one dumpit) at a time, with pauses."""
    payload = idattr(rid) + (K.attr(U["KIOGEN_A_LIVE"], b"") if live else b"")
    seq = g.send(g.family, K.NLM_F_REQUEST | K.NLM_F_ACK | K.NLM_F_DUMP,
                 U["KIOGEN_CMD_RESULTS_GET"], U["KIOGEN_FAMILY_VERSION"], payload)
    parts = 0
    while True:
        data = g.s.recv(1 << 16)
        while len(data) >= 16:
            ln, t, fl, s, _ = struct.unpack_from("=IHHII", data)
            body, data = data[16:ln], data[(ln + 3) & ~3:]
            if s != seq:
                continue
            if t in (K.NLMSG_ERROR, K.NLMSG_DONE):
                err = -struct.unpack_from("=i", body)[0]
                return err, parts
            parts += 1
        time.sleep(random.random() * 0.004)


def dumper():
    g = K.Genl()
    g.s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    while not stop.is_set():
        rid = last_id[0] + random.choice((-1, 0, 0, 1, 1, 2))
        if rid <= 0:
            time.sleep(0.001)
            continue
        err, parts = slow_dump(g, rid, random.random() < 0.9)
        count("dump %s%s" % (errno.errorcode.get(err, err) if err else "ok",
                             "" if err else "" if parts else " (empty)"))


def new_run(g, job):
    payload = K.attr(U["KIOGEN_A_FLAGS"], struct.pack("=I", U["KIOGEN_RUN_F_DETACHED"]))
    payload += K.job_payload(job, [])
    msgs, (err, msg, _) = g.kiogen("RUN_NEW", payload)
    rid = 0
    for m in msgs:
        for t, d in m:
            if t == U["KIOGEN_A_ID"]:
                rid = struct.unpack("=I", d)[0]
    return err, msg, rid


def runner():
    g = K.Genl()
    live = []
    while not stop.is_set():
        kind = random.choice(("short", "short", "many", "delay", "stopped"))
        job = ["name=s", "engine=null", "rw=randread", "bs=4096",
               "size=%d" % (64 << 20), "mode=async", "iodepth=4",
               "seed=%d" % random.randrange(1 << 30)]
        if kind == "many":
            job += ["numjobs=%d" % random.choice((32, 64)), "runtime_ns=%d" % 20000000,
                    "time_based"]
        elif kind == "delay":
            job += ["numjobs=2", "startdelay_ns=%d" % 30000000,
                    "runtime_ns=%d" % 30000000, "time_based"]
        else:
            job += ["numjobs=%d" % random.randint(1, 8),
                    "runtime_ns=%d" % random.randint(1000000, 60000000), "time_based"]
        err, msg, rid = new_run(g, job)
        if err:
            count("new %s" % errno.errorcode.get(err, err))
            if err not in (errno.EBUSY,):
                print("# RUN_NEW failed: %s %s" % (errno.errorcode.get(err, err), msg))
            # make room
            for r in live:
                g.kiogen("RUN_STOP", idattr(r))
            time.sleep(0.01)
        else:
            count("new ok")
            last_id[0] = rid
            live.append(rid)
            if kind == "stopped":
                time.sleep(random.random() * 0.01)
                g.kiogen("RUN_STOP", idattr(rid))
        # delete those that ended
        keep = []
        for r in live:
            _, (e, _, _) = g.kiogen("RUN_DEL", idattr(r))
            if e == errno.EBUSY:
                keep.append(r)
            else:
                count("del %s" % (errno.errorcode.get(e, e) if e else "ok"))
        live = keep
    for r in live:
        g.kiogen("RUN_STOP", idattr(r))
    time.sleep(0.5)
    for r in live:
        g.kiogen("RUN_DEL", idattr(r))


def main():
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 20
    threads = [threading.Thread(target=runner)] + \
        [threading.Thread(target=dumper) for _ in range(3)]
    for t in threads:
        t.start()
    time.sleep(secs)
    stop.set()
    for t in threads:
        t.join()
    for k in sorted(counts):
        print("# %-24s %d" % (k, counts[k]))
    bad = [k for k in counts if k.startswith("dump ") and
           k.split()[1] not in ("ok", "ENOENT", "EAGAIN", "EBUSY")]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
