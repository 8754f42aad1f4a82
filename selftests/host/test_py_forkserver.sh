#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The test VM's python3 fork server (selftests/py_forkserver.py and its
# client, which vm-suite.sh installs as python3): every form of python3 the
# tests use gives what the real python3 gives (stdout, stderr, exit status,
# argv, cwd, environment, umask, stdin, a signal), through the server; an
# unknown option, another network namespace or another user's credentials
# run the real python3 instead.
src=$(cd "$(dirname "$0")/../.." && pwd)
. "$src/selftests/host/tap.sh"
echo "TAP version 13"
real=/usr/bin/python3
[ -x $real ] || { echo "1..0 # SKIP no $real"; exit 0; }
# the guest's RLIMIT_NOFILE, for the server and every client
ulimit -n 1024
d=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server"; rm -rf "$d"' EXIT
${CC:-cc} -O2 -Wall -Wextra -Werror -o "$d/python3" "$src/selftests/py_forkserver_client.c" || {
	not_ok "the client builds"; tap_done
}
$real "$src/selftests/py_forkserver.py" "$d/sock" "$d/served" </dev/null >"$d/server.log" 2>&1 &
server=$!
: >"$d/served"
for _ in $(seq 100); do [ -S "$d/sock" ] && break; sleep 0.1; done
export KIOGEN_PYSERVER=$d/sock KIOGEN_PYTHON=$real
py=$d/python3

# served: the fork server runs what the client is given (it has hashlib
# loaded already)
served() {
	[ "$("$py" -c 'import sys; print("hashlib" in sys.modules)' 2>&1)" = True ]
}

# same DESCRIPTION [STDIN_FILE] -- ARGS...: real and served python3 give the
# same stdout, stderr and status; a cwd and an environment of their own; the
# server ran it (its log grew), unless ARGS are for the real one (-V)
same() {
	local desc=$1 in=/dev/null a b lines served=1
	shift
	[ "$1" = -- ] || { in=$1; shift; }
	shift
	[ "$1" = -V ] && served=0
	lines=$(wc -l <"$d/served")
	a=$(cd "$d" && FOO=bar $real "$@" <"$in" 2>&1; echo "status $?")
	b=$(cd "$d" && FOO=bar "$py" "$@" <"$in" 2>&1; echo "status $?")
	if [ "$a" = "$b" ] && [ $(($(wc -l <"$d/served") - lines)) = $served ]; then
		ok "$desc"
	else
		not_ok "$desc"
		diff <(echo "$a") <(echo "$b") | head -n 10 | sed 's/^/# /'
	fi
}

printf 'import sys, os\nprint(sys.argv, os.getcwd(), os.environ["FOO"])\n' >"$d/script.py"
printf 'import sys\nprint("stdin script", sys.argv, sys.stdin.read())\n' >"$d/stdin.py"
echo '{"jobs": [{"read": {"io_bytes": 4096}}]}' >"$d/j.json"

if served -c pass; then ok "the client reaches the server"; else not_ok "the client reaches the server"; fi
same "-c with arguments: argv, cwd, environment" -- -c 'import sys, os; print(sys.argv, os.getcwd(), os.environ["FOO"])' a 'b c'
same "the JSON check of selftests/lib.sh" -- -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["jobs"][0]["read"]["io_bytes"])' "$d/j.json"
same "sys.exit(3)" -- -c 'import sys; sys.exit(3)'
same "exit() with a message" -- -c 'import sys; sys.exit("bye")'
same "an exception: its traceback, status 1" -- -c 'raise ValueError("x")'
same "a script file: argv, cwd, environment" -- "$d/script.py" x y
same "a script on stdin (python3 - ARGS)" "$d/stdin.py" -- - p q
same "stdin read by the -c code" "$d/j.json" -- -c 'import sys; print(len(sys.stdin.read()))'
same "killed by SIGTERM: the same signal" -- -c 'import os, signal; os.kill(os.getpid(), signal.SIGTERM)'
same "-u and -S are taken" -- -u -S -c 'print("unbuffered")'
same "umask" -- -c 'import os; print(oct(os.umask(0)))'
a=$(umask 077; "$py" -c 'import os; print(oct(os.umask(0)))')
if [ "$a" = 0o77 ]; then ok "the caller's umask 077 is the script's"; else not_ok "umask 077: got $a"; fi
a=$("$py" -c 'print("x" * 100000)' 2>/dev/null | head -c 5)
if [ "$a" = xxxxx ]; then ok "stdout a pipe closed early"; else not_ok "stdout a pipe closed early: $a"; fi
same "-V: not served, the real one answers" -- -V
if unshare -n true 2>/dev/null; then
	if [ "$(unshare -n "$py" -c 'import sys; print("hashlib" in sys.modules)')" = False ]; then
		ok "another network namespace runs the real python3"
	else
		not_ok "another network namespace runs the real python3"
	fi
else
	skip "another network namespace runs the real python3" "unshare -n is not allowed here"
fi
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	chmod 755 "$d" "$d/python3"
	if [ "$(setpriv --reuid=65534 --regid=65534 --clear-groups "$py" -c 'import sys, os; print("hashlib" in sys.modules, os.getuid())')" = "False 65534" ]; then
		ok "another user runs the real python3, as that user"
	else
		not_ok "another user runs the real python3, as that user"
	fi
else
	skip "another user runs the real python3" "needs root and setpriv"
fi
if [ "$(nice -n 5 "$py" -c 'import sys; print("hashlib" in sys.modules)')" = False ]; then
	ok "another nice value runs the real python3"
else
	not_ok "another nice value runs the real python3"
fi
a=$("$py" -c 'import os, sys; os.write(7, b"fd7 "); print("hashlib" in sys.modules)' 7>&1)
if [ "$a" = "fd7 True" ]; then
	ok "an inherited fd 7 is the script's fd 7"
else
	not_ok "an inherited fd 7 is the script's fd 7 (got '$a')"
fi
# a client killed while its script runs takes the script with it
"$py" -c 'import time; open("'"$d"'/started", "w").close(); time.sleep(30); open("'"$d"'/survived", "w").close()' &
c=$!
for _ in $(seq 100); do [ -e "$d/started" ] && break; sleep 0.1; done
kill -9 $c
wait $c 2>/dev/null
sleep 1
if ! pgrep -f 'time.sleep\(30\)' >/dev/null && [ ! -e "$d/survived" ]; then
	ok "a killed client's script is killed"
else
	not_ok "a killed client's script is killed"
fi
if [ "$(KIOGEN_PYSERVER=$d/none "$py" -c 'import sys; print("hashlib" in sys.modules)')" = False ]; then
	ok "no server: the real python3"
else
	not_ok "no server: the real python3"
fi
tap_done
