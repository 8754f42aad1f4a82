#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# probe.sh OUT PROBE.c CC [FLAGS...]: compiles PROBE.c (syntax only) with the
# compiler and flags given; OUT gets "#define HAVE_NAME 1" if it compiles
# (NAME: PROBE's file name upper-cased), else a comment. What the compiler
# said is kept in OUT with .log for .h. Kbuild runs it with the kernel's
# compiler and the module's c_flags; the host unit tests with stub headers.
out=$1
probe=$2
shift 2
name=HAVE_$(basename "$probe" .c | tr '[:lower:]' '[:upper:]')
if "$@" -fsyntax-only "$probe" >"${out%.h}.log" 2>&1; then
	echo "#define $name 1"
else
	echo "/* $name: ${probe##*/} does not compile here */"
fi >"$out"
