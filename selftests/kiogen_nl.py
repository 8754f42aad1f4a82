#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""kiogen_nl.py: one raw kiogen netlink request from a shell test, with no CLI
in between, so a test can time a single operation (RUN_STOP returns at once),
pass any file descriptors (KIOGEN_A_JOB_FD, then KIOGEN_A_JOB_FDS), keep the
socket that owns a run open or close it, and read the extack message. Attribute numbers come from
the UAPI header of the checkout (KIOGEN_SRC), never from a copy.

  kiogen_nl.py info | list | get ID | stop ID | del ID | results ID [drain]
                   (ID as @FILE: started at once, sends when FILE holds the id)
  kiogen_nl.py new [--detached] [--hold SECONDS] [--fd PATH[:rdonly|wronly|rdwr][:direct]]
                   [--rawfd N] ATTR=VALUE... [--job [--fd ...] ATTR=VALUE...]...
                   (a job, ATTR as in KIOGEN_A_JOB_*; each --job starts another;
                   VALUE hex:BYTES gives any attribute those bytes)
  kiogen_nl.py events SECONDS       join the events group, print each event
  kiogen_nl.py batch                one of the above a line on stdin, each answered
                                    in turn (one python start for many requests)

Prints one line "errno=NAME ms=ELAPSED id=ID msg=EXTACK" (errno=0 on success),
then what the reply held; exit 0 on success, 1 on a kernel error, 2 on usage.
KIOGEN_NL_RECV: bytes each recv() asks for (default 1 MiB); the kernel sizes
a dump's messages after it, 4096 its smallest.
"""
import errno
import os
import re
import shlex
import socket
import struct
import sys
import time

NETLINK_GENERIC = 16
SOL_NETLINK = 270
NETLINK_ADD_MEMBERSHIP = 1
NETLINK_EXT_ACK = 11
NLM_F_REQUEST, NLM_F_MULTI, NLM_F_ACK, NLM_F_DUMP = 1, 2, 4, 0x300
NLM_F_CAPPED, NLM_F_ACK_TLVS = 0x100, 0x200
NLMSG_ERROR, NLMSG_DONE = 2, 3
GENL_ID_CTRL, CTRL_CMD_GETFAMILY = 16, 3
CTRL_ATTR_FAMILY_ID, CTRL_ATTR_FAMILY_NAME, CTRL_ATTR_MCAST_GROUPS = 1, 2, 7
NLMSGERR_ATTR_MSG, NLMSGERR_ATTR_OFFS, NLMSGERR_ATTR_MISS_TYPE = 1, 2, 5
RECV = int(os.environ.get("KIOGEN_NL_RECV", 1 << 20))


def uapi():
    """Every enumerator of the UAPI header, by name."""
    src = os.environ.get("KIOGEN_SRC") or os.path.join(os.path.dirname(
        os.path.realpath(__file__)), "..")
    text = "".join(open(os.path.join(src, "include/uapi/linux", h)).read()
                   for h in ("kiogen_generated.h", "kiogen.h"))
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    vals = {}
    for body in re.findall(r"enum\s*\w*\s*\{(.*?)\}", text, flags=re.S):
        n = -1
        for item in body.split(","):
            item = item.strip()
            if not item:
                continue
            m = re.match(r"(\w+)\s*(?:=\s*(.+))?$", item)
            if not m:
                continue
            if m.group(2):
                expr = m.group(2).strip()
                n = vals[expr] if expr in vals else int(eval(re.sub(
                    r"[A-Z_]\w*", lambda x: str(vals[x.group(0)]), expr)))
            else:
                n += 1
            vals[m.group(1)] = n
    for name, v in re.findall(r"#define\s+(KIOGEN_\w+)\s+(\d+|\"[^\"]*\")", text):
        vals[name] = int(v) if v[0] != '"' else v.strip('"')
    for name, v in re.findall(r"#define\s+(KIOGEN_\w+)\s+\(1U << (\d+)\)", text):
        vals[name] = 1 << int(v)
    return vals


U = uapi()
# job attributes by kind, for ATTR=VALUE
U64 = {"OFFSET", "SIZE", "RUNTIME_NS", "RAMP_NS", "NUMBER_IOS", "IO_SIZE", "SEED",
       "FILESIZE", "LOG_AVG_NS"}
FLAGS = {"TIME_BASED", "NORANDOMMAP", "DIRECT", "INVALIDATE", "END_FSYNC", "HIPRI", "VERIFY_ONLY"}
STRS = {"NAME", "FILENAME", "ENGINE"}
ENUMS = {"rw": "KIOGEN_RW_", "mode": "KIOGEN_MODE_"}


def attr(t, data):
    return struct.pack("=HH", 4 + len(data), t) + data + b"\0" * (-len(data) % 4)


def parse_attrs(data):
    out = []
    while len(data) >= 4:
        ln, t = struct.unpack_from("=HH", data)
        if ln < 4:
            break
        out.append((t & 0x3fff, data[4:ln]))
        data = data[(ln + 3) & ~3:]
    return out


class Genl:
    def __init__(self):
        self.s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_GENERIC)
        self.s.bind((0, 0))
        self.s.setsockopt(SOL_NETLINK, NETLINK_EXT_ACK, 1)
        self.seq = 1
        self.family, self.groups = self.resolve()

    def send(self, typ, flags, cmd, version, payload):
        self.seq += 1
        hdr = struct.pack("=IHHII", 16 + 4 + len(payload), typ, flags, self.seq, 0)
        self.s.send(hdr + struct.pack("=BBH", cmd, version, 0) + payload)
        return self.seq

    def talk(self, typ, flags, cmd, version, payload):
        """Replies' attribute lists, and (errno, extack message, missing type)."""
        seq = self.send(typ, flags | NLM_F_REQUEST | NLM_F_ACK, cmd, version, payload)
        msgs = []
        while True:
            data = self.s.recv(RECV)
            while len(data) >= 16:
                ln, t, fl, s, _ = struct.unpack_from("=IHHII", data)
                body, data = data[16:ln], data[(ln + 3) & ~3:]
                if s != seq:
                    continue
                if t in (NLMSG_ERROR, NLMSG_DONE):
                    err = struct.unpack_from("=i", body)[0]
                    off = 4
                    if t == NLMSG_ERROR:
                        off += 16 if fl & NLM_F_CAPPED else struct.unpack_from("=I", body, 4)[0]
                    msg, miss = "", 0
                    if fl & NLM_F_ACK_TLVS:
                        for at, ad in parse_attrs(body[(off + 3) & ~3:]):
                            if at == NLMSGERR_ATTR_MSG:
                                msg = ad.rstrip(b"\0").decode(errors="replace")
                            elif at == NLMSGERR_ATTR_MISS_TYPE:
                                miss = struct.unpack("=I", ad)[0]
                    return msgs, (-err, msg, miss)
                msgs.append(parse_attrs(body[4:]))

    def resolve(self):
        msgs, (err, msg, _) = self.talk(GENL_ID_CTRL, 0, CTRL_CMD_GETFAMILY, 1,
                                        attr(CTRL_ATTR_FAMILY_NAME, b"kiogen\0"))
        if err:
            print("errno=%s ms=0 id=0 msg=kiogen family not found: %s" %
                  (errno.errorcode.get(err, err), msg))
            sys.exit(1)
        fam, groups = 0, {}
        for t, d in msgs[0]:
            if t == CTRL_ATTR_FAMILY_ID:
                fam = struct.unpack("=H", d[:2])[0]
            elif t == CTRL_ATTR_MCAST_GROUPS:
                for _, g in parse_attrs(d):
                    kv = dict(parse_attrs(g))
                    groups[kv[1].rstrip(b"\0").decode()] = struct.unpack("=I", kv[2])[0]
        return fam, groups

    def kiogen(self, cmd, payload=b"", dump=False):
        return self.talk(self.family, NLM_F_DUMP if dump else 0, U["KIOGEN_CMD_" + cmd],
                         U["KIOGEN_FAMILY_VERSION"], payload)


def run_nest(attrs):
    """id, state and counters of a KIOGEN_A_RUN nest."""
    out = {}
    for t, d in attrs:
        if t != U["KIOGEN_A_RUN"]:
            continue
        for rt, rd in parse_attrs(d):
            for name in ("ID", "STATE", "ERROR", "IOS", "ERRORS", "MEM"):
                if rt == U["KIOGEN_A_RUN_" + name]:
                    fmt = {4: "=I", 8: "=Q"}[len(rd)]
                    out[name.lower()] = struct.unpack(fmt, rd)[0]
    if "error" in out and out["error"] >= 1 << 31:
        out["error"] -= 1 << 32
    return out


def job_payload(args, fds):
    job = b""
    for a in args:
        k, _, v = a.partition("=")
        key = k.upper()
        t = U.get("KIOGEN_A_JOB_" + key)
        if t is None:
            sys.exit("kiogen_nl.py: no job attribute %s" % k)
        if v.startswith("hex:"):	# a binary attribute's bytes
            job += attr(t, bytes.fromhex(v[4:]))
        elif key in FLAGS:
            job += attr(t, b"")
        elif key in STRS:
            job += attr(t, v.encode() + b"\0")
        elif key in U64:
            job += attr(t, struct.pack("=Q", int(v, 0)))
        elif k in ENUMS:
            job += attr(t, struct.pack("=I", U[ENUMS[k] + v.upper()]))
        else:
            job += attr(t, struct.pack("=I", int(v, 0)))
    # the first is fd, the others the u32 array fds
    if fds:
        job += attr(U["KIOGEN_A_JOB_FD"], struct.pack("=I", fds[0]))
    if len(fds) > 1:
        job += attr(U["KIOGEN_A_JOB_FDS"], struct.pack("=%dI" % (len(fds) - 1), *fds[1:]))
    return attr(U["KIOGEN_A_JOB"] | 0x8000, job)


def open_fd(spec):
    path, *opts = spec.split(":")
    flags = {"rdonly": os.O_RDONLY, "wronly": os.O_WRONLY}.get(
        next((o for o in opts if o in ("rdonly", "wronly", "rdwr")), "rdwr"), os.O_RDWR)
    if "direct" in opts:
        flags |= os.O_DIRECT
    if "excl" in opts:
        flags |= os.O_EXCL
    return os.open(path, flags)


def report(err, msg, t0, rid=0):
    print("errno=%s ms=%d id=%d msg=%s" % (errno.errorcode.get(err, str(err)) if err else "0",
                                           (time.monotonic() - t0) * 1000, rid, msg))
    sys.stdout.flush()


def main(argv):
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    op, args = argv[0], argv[1:]
    if op == "batch":	# one request a line on stdin, each answered in turn
        rc = 0
        for line in sys.stdin:
            if line.strip():
                rc |= main(shlex.split(line))
        return rc
    g = Genl()
    idattr = lambda i: attr(U["KIOGEN_A_ID"], struct.pack("=I", int(i)))
    t0 = time.monotonic()
    if op == "info":
        msgs, (err, msg, _) = g.kiogen("INFO_GET")
        report(err, msg, t0)
        return 1 if err else 0
    if op in ("stop", "del", "get"):
        cmd = {"stop": "RUN_STOP", "del": "RUN_DEL", "get": "RUN_GET"}[op]
        if args[0].startswith("@"):	# python is slow to start: wait, ready, for the id
            while not (os.path.exists(args[0][1:]) and open(args[0][1:]).read().strip()):
                time.sleep(0.01)
            args[0] = open(args[0][1:]).read().strip()
            t0 = time.monotonic()
        msgs, (err, msg, _) = g.kiogen(cmd, idattr(args[0]))
        report(err, msg, t0, int(args[0]))
        for m in msgs:
            print("run %(id)s state %(state)s" % dict({"id": 0, "state": 0}, **run_nest(m)))
        return 1 if err else 0
    if op == "list":
        msgs, (err, msg, _) = g.kiogen("RUN_GET", dump=True)
        report(err, msg, t0)
        for m in msgs:
            print("run %(id)s state %(state)s" % dict({"id": 0, "state": 0}, **run_nest(m)))
        return 1 if err else 0
    if op == "results":
        req = idattr(args[0])
        if args[1:] == ["drain"]:
            req += attr(U["KIOGEN_A_LOG_DRAIN"], b"")
        msgs, (err, msg, _) = g.kiogen("RESULTS_GET", req, dump=True)
        report(err, msg, t0, int(args[0]))
        print("parts %d" % len(msgs))
        return 1 if err else 0
    if op == "events":
        try:
            g.s.setsockopt(SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, g.groups["events"])
        except OSError as e:
            report(e.errno, "joining the events group: " + e.strerror, t0)
            return 1
        g.s.settimeout(0.2)
        end = time.monotonic() + float(args[0])
        report(0, "joined", t0)
        while time.monotonic() < end:
            try:
                data = g.s.recv(1 << 20)
            except socket.timeout:
                continue
            while len(data) >= 20:
                ln = struct.unpack_from("=I", data)[0]
                r = run_nest(parse_attrs(data[20:ln]))
                print("event run %s state %s" % (r.get("id"), r.get("state")))
                sys.stdout.flush()
                data = data[(ln + 3) & ~3:]
        return 0
    if op == "new":
        flags, hold, fds, rest = 0, None, [], []
        jobs = []
        i = 0
        while i < len(args):
            if args[i] == "--job":
                jobs.append((rest, fds))
                fds, rest = [], []
            elif args[i] == "--detached":
                flags |= U["KIOGEN_RUN_F_DETACHED"]
            elif args[i] == "--hold":
                hold = float(args[i + 1])
                i += 1
            elif args[i] == "--fd":
                try:
                    fds.append(open_fd(args[i + 1]))
                except OSError as e:
                    print("errno=open:%s ms=0 id=0 msg=%s" % (errno.errorcode[e.errno], e))
                    return 1
                i += 1
            elif args[i] == "--rawfd":
                fds.append(int(args[i + 1]))
                i += 1
            else:
                rest.append(args[i])
            i += 1
        payload = (attr(U["KIOGEN_A_FLAGS"], struct.pack("=I", flags)) if flags else b"")
        for r, f in jobs + [(rest, fds)]:
            payload += job_payload(r, f)
        t0 = time.monotonic()
        msgs, (err, msg, miss) = g.kiogen("RUN_NEW", payload)
        rid = 0
        for m in msgs:
            for t, d in m:
                if t == U["KIOGEN_A_ID"]:
                    rid = struct.unpack("=I", d)[0]
        report(err, msg + (" [missing attribute %d]" % miss if miss else ""), t0, rid)
        if hold is not None and not err:
            time.sleep(hold)
        return 1 if err else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
