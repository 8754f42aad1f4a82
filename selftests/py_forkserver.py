#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""A fork server for python3 in the test VM.

Under TCG a python3 start costs about half a second of a core (the suite's
JSON checks start it hundreds of times: 60% of test_compare.sh's time).
This server starts once, with the modules the tests use imported, and for
each request of py_forkserver_client (installed in the guest as python3)
forks a child that runs the script as python3 would: the client's argv,
open descriptors (passed, at their numbers), working directory, environment
and umask, its exit status or signal sent back. The client comes here only
when it runs in the server's very context (credentials, capabilities,
namespaces, cgroup, limits, CPUs), else it execs the real python3.

Usage: py_forkserver.py SOCKET_PATH [LOG] (runs until killed; LOG gets a
line per script it runs)
"""
import array
import fcntl
import os
import runpy
import select
import signal
import socket
import struct
import sys
import traceback

# what the tests import: paid once, here
import json, re, zlib, hashlib, subprocess, time, math, glob, errno, io  # noqa: E401,F401

OPTS_IGNORED = {"-S", "-I", "-B", "-E", "-s", "-u"}


def recv_request(conn):
    """The request: NUL-separated fields and the client's open fds."""
    fds = array.array("i")
    msg, anc, _, _ = conn.recvmsg(4, socket.CMSG_SPACE(253 * fds.itemsize))
    for level, kind, data in anc:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(data[:len(data) - len(data) % fds.itemsize])
    if len(msg) < 4 or len(fds) < 3:
        raise ValueError("bad request header")
    size, = struct.unpack("=I", msg)
    data = b""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            raise ValueError("truncated request")
        data += chunk
    # argc, argv..., cwd, umask, envc, env...
    fields = data.split(b"\0")
    argc = int(fields[0])
    argv = [os.fsdecode(a) for a in fields[1:1 + argc]]
    cwd = fields[1 + argc]
    umask = int(fields[2 + argc], 8)
    envc = int(fields[3 + argc])
    env = fields[4 + argc:4 + argc + envc]
    fdc = int(fields[4 + argc + envc])
    nums = [int(n) for n in fields[5 + argc + envc:5 + argc + envc + fdc]]
    if fdc != len(fds) or nums[:3] != [0, 1, 2]:
        raise ValueError("descriptors do not match their numbers")
    return argv, cwd, umask, env, list(zip(nums, fds))


def plan(argv):
    """(mode, target, args) for the argv forms the tests use, or None."""
    i, unbuffered = 1, False
    while i < len(argv) and argv[i] in OPTS_IGNORED:
        unbuffered |= argv[i] == "-u"
        i += 1
    if i >= len(argv):
        return None	# an interactive python: the real one
    a = argv[i]
    if a == "-c" and i + 1 < len(argv):
        return "c", argv[i + 1], ["-c"] + argv[i + 2:], unbuffered
    if a == "-":
        return "stdin", None, ["-"] + argv[i + 1:], unbuffered
    if not a.startswith("-"):
        return "file", a, argv[i:], unbuffered
    return None


def run(p, cwd, umask, env, fds):
    """In the forked child: become the client's python3 and run."""
    mode, target, args, unbuffered = p
    for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    # each descriptor at its number in the client: first above them all
    # (below RLIMIT_NOFILE, which is the client's too)
    base = max(num for num, _ in fds) + 1
    high = []
    for _, fd in fds:
        high.append(fcntl.fcntl(fd, fcntl.F_DUPFD, base))
        os.close(fd)
    for (num, _), fd in zip(fds, high):
        os.dup2(fd, num)
    for fd in high:
        os.close(fd)
    os.chdir(cwd)
    os.umask(umask)
    os.environ.clear()
    for e in env:
        k, _, v = e.partition(b"=")
        os.environb[k] = v
    sys.stdin = io.TextIOWrapper(io.open(0, "rb", closefd=False), errors="surrogateescape")
    sys.stdout = io.TextIOWrapper(io.open(1, "wb", buffering=0 if unbuffered else -1, closefd=False),
                                  errors="surrogateescape", line_buffering=os.isatty(1),
                                  write_through=unbuffered)
    sys.stderr = io.TextIOWrapper(io.open(2, "wb", buffering=0, closefd=False),
                                  errors="backslashreplace", write_through=True)
    sys.argv = args
    code = 0
    try:
        g = {"__name__": "__main__", "__builtins__": __builtins__}
        if mode == "c":
            sys.path[0] = ""
            exec(compile(target, "<string>", "exec"), g)
        elif mode == "stdin":
            sys.path[0] = ""
            exec(compile(sys.stdin.read(), "<stdin>", "exec"), g)
        else:
            sys.path[0] = os.path.dirname(os.path.abspath(target))
            runpy.run_path(target, run_name="__main__")
    except SystemExit as e:
        if e.code is None:
            code = 0
        elif isinstance(e.code, int):
            code = e.code & 0xff
        else:
            print(e.code, file=sys.stderr)
            code = 1
    except BaseException as e:
        # as python3 prints it: without this file's frame
        traceback.print_exception(type(e), e, e.__traceback__.tb_next)
        code = 130 if isinstance(e, KeyboardInterrupt) else 1
    for f in (sys.stdout, sys.stderr):
        try:
            f.flush()
        except BaseException:
            code = code or 120
    os._exit(code)


def supervise(conn):
    """One request: fork the runner, wait for it, send its status; a client
    that goes away takes its runner with it."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    try:
        argv, cwd, umask, env, fds = recv_request(conn)
    except (ValueError, OSError):
        os._exit(1)
    p = plan(argv)
    if p is None:
        conn.sendall(b"F")
        os._exit(0)
    conn.sendall(b"A")
    if len(sys.argv) > 2:
        with open(sys.argv[2], "a") as log:
            print(" ".join(argv[1:])[:200], file=log)
    pid = os.fork()
    if pid == 0:
        conn.close()
        run(p, cwd, umask, env, fds)
    for _, fd in fds:
        os.close(fd)
    pidfd = os.pidfd_open(pid)
    while True:
        r, _, _ = select.select([conn, pidfd], [], [])
        if pidfd in r:
            break
        if not conn.recv(1):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        result = -os.WTERMSIG(status)
    else:
        result = os.WEXITSTATUS(status)
    try:
        conn.sendall(struct.pack("=i", result))
    except OSError:
        pass
    os._exit(0)


def main():
    path = sys.argv[1]
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(64)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)	# supervisors reap themselves
    sys.stdout.flush()
    while True:
        conn, _ = srv.accept()
        if os.fork() == 0:
            srv.close()
            supervise(conn)
        conn.close()


if __name__ == "__main__":
    main()
