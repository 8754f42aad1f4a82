# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154  # $src: set by the sourcing script
#
# Sourced by the test runners (check.sh, run-unit.sh) with $src set: the
# tests' python3 is Debian's, the one scripts/deps.sh installs with the
# modules the tests import (yaml, jsonschema, numpy), not a version
# manager's shim that happens to come first in PATH: a pyenv shim is a
# bash script that costs 0.1 s a call idle and 2 s on a loaded host, and
# the tests call python3 thousands of times.
if [ -x /usr/bin/python3 ] && [ "$(command -v python3)" != /usr/bin/python3 ]; then
	mkdir -p "$src/build/debian-python"
	ln -sfn /usr/bin/python3 "$src/build/debian-python/python3"
	PATH=$src/build/debian-python:$PATH
	export PATH
fi
