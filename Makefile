# SPDX-License-Identifier: GPL-2.0
# kiogen: one Makefile for the module, the CLI, the tests, the demo and the
# benchmark. Kernel code is built by kbuild through ./Kbuild.
#
#   make            module (kmod/kiogen.ko) and CLI (ctl/kiogen)
#   make check      deps + build + host unit tests + selftests in a VM on each
#                   kernel leg (6.1, 6.12, sid, debug, rt), each its tier's tests,
#                   + a DKMS leg; KERNELS="6.1 sid" picks legs, make check-6.12 runs one
#   make check-full the whole suite on every leg (long)
#   make demo       deps + build + a VM that loads the module and runs kiogen
#   make vmshell    an interactive VM with the module's tree visible
#   make bench      kiogen vs fio in one VM boot (ratios)
#   make stress     fuzzer and stress test at full size in a VM (long)
#   make unit       host unit tests only (no VM), also under ASan and UBSan
#   make install    module into /lib/modules/KVER/extra, KVER the release of
#                   the kernel it is built for (KDIR=), CLI into $(PREFIX)/sbin
#   make uninstall  removes what make install installed
#   make dkms-install  module sources into /usr/src/kiogen-VERSION, then dkms
#                   add, build and install for $(KVER) (and every later kernel)
#   make deb        Debian packages kiogen (CLI) and kiogen-dkms in build/deb
#   make kernels    fetch and cache the kernels of the check's legs

# kiogen's one version number (module, CLI, DKMS package)
KIOGEN_VERSION := $(shell sed -n 's/.*define KIOGEN_VERSION *"\(.*\)".*/\1/p' \
		    include/kiogen/version.h)

# The kernel to build for, install into and load on (scripts/kdir.sh):
# KDIR's own release when KDIR is given (KVER must then agree), KVER's
# build tree when only KVER is, else the running kernel's; without its
# headers make stops and names their package. Worked out once, and only by
# the targets that need a kernel (module, install, uninstall, the VMs).
ifeq ($(origin KDIR),undefined)
ifeq ($(origin KVER),undefined)
KIOGEN_KERNEL = $(eval KIOGEN_KERNEL := $(or $(shell scripts/kdir.sh), \
		$(error no kernel to build kiogen.ko for (see above))))$(KIOGEN_KERNEL)
KVER = $(word 1,$(KIOGEN_KERNEL))
KDIR = $(word 2,$(KIOGEN_KERNEL))
else
KDIR = /lib/modules/$(KVER)/build
endif
else
KDIR_KVER = $(eval KDIR_KVER := $(or $(word 1,$(shell scripts/kdir.sh $(KDIR))), \
	    $(error KDIR=$(KDIR): no kernel release (see above))))$(KDIR_KVER)
ifeq ($(origin KVER),undefined)
KVER = $(KDIR_KVER)
else
KERNEL_CHECK = $(if $(filter-out $(KDIR_KVER),$(KVER)), \
	       $(error KVER=$(KVER), but KDIR=$(KDIR) is $(KDIR_KVER)'s tree))
endif
endif
PREFIX ?= /usr/local
BUILD := $(CURDIR)/build

CC ?= gcc
CFLAGS ?= -O2 -g
CTL_CFLAGS := $(CFLAGS) -std=gnu11 -Wall -Wextra -Werror -D_GNU_SOURCE \
	      -I$(CURDIR)/include -I$(CURDIR)/include/uapi -I$(CURDIR)/ctl \
	      $(shell pkg-config --cflags libmnl 2>/dev/null) \
	      $(shell pkg-config --cflags liburing 2>/dev/null)
CTL_LIBS := $(shell pkg-config --libs libmnl 2>/dev/null || echo -lmnl) -lm \
	    $(shell pkg-config --libs liburing 2>/dev/null || echo -luring) -laio -lrt -lpthread

# The CLI: its objects (all of ctl/ and its folders but main.c and the
# tests in ctl/tests) in one library that the binary and every unit test
# link against; header dependencies from the compiler (-MMD)
CTL_OBJ := $(BUILD)/obj
CTL_LIB := $(BUILD)/libkiogen.a
CTL_LIB_SRCS := $(filter-out ctl/main.c ctl/tests/%,$(wildcard ctl/*.c ctl/*/*.c))
CTL_LIB_OBJS := $(patsubst ctl/%.c,$(CTL_OBJ)/%.o,$(CTL_LIB_SRCS))

# kselftest framework files, extracted from Debian's linux-source package:
# 6.12's, as selftests/lib.sh prints with kselftest/ktap_helpers.sh (6.9+)
KSRC_TAR ?= $(firstword $(wildcard /usr/src/linux-source-6.12.tar.xz) \
	    $(lastword $(sort $(wildcard /usr/src/linux-source-*.tar.xz))))
KSFT := $(BUILD)/ksft/tools/testing/selftests
# The stamp names the tarball: another one (6.1's before) is extracted anew.
KSFT_STAMP := $(BUILD)/ksft/.extracted-$(notdir $(KSRC_TAR))
KSFT_INSTALL := $(BUILD)/ksft-install

.PHONY: all module ctl deps unit unit-progs unit-san-progs check-full selftests check demo vmshell bench stress clean install install-ctl uninstall \
	kernels dkms-src dkms-install dkms-uninstall deb version kmod-files dkms-files regen regen-check options-table

all: module ctl

module:
	$(KERNEL_CHECK)$(MAKE) -C $(KDIR) M=$(CURDIR) W=1 modules

ctl: ctl/kiogen

$(CTL_OBJ)/%.o: ctl/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CTL_CFLAGS) -MMD -MP -c -o $@ $<
-include $(wildcard $(CTL_OBJ)/*.d $(CTL_OBJ)/*/*.d)

# kept: make would delete the tests' objects as intermediate files
.PRECIOUS: $(CTL_OBJ)/%.o

# lib/: the cold half of include/kiogen, built into kiogen.ko (kmod/Kbuild) too
CTL_LIB_OBJS += $(patsubst lib/%.c,$(CTL_OBJ)/lib-%.o,$(wildcard lib/*.c))
$(CTL_OBJ)/lib-%.o: lib/%.c $(wildcard include/kiogen/*.h) ; @mkdir -p $(@D) && $(CC) $(CPPFLAGS) $(CTL_CFLAGS) -c -o $@ $<

$(CTL_LIB): $(CTL_LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

# the whole library: engines and logs register their options from
# constructors, which no call would pull in
ctl/kiogen: $(CTL_OBJ)/main.o $(CTL_LIB)
	$(CC) $(CTL_CFLAGS) $(LDFLAGS) -o $@ $(CTL_OBJ)/main.o -Wl,--whole-archive $(CTL_LIB) \
		-Wl,--no-whole-archive $(CTL_LIBS)

deps:
	@scripts/deps.sh

# The netlink contract is Documentation/netlink/specs/kiogen.yaml; the UAPI
# enums (include/uapi/linux/kiogen_generated.h), the kernel's policies and
# ops table (kmod/genl.[ch]) are generated from it by the kernel's own YNL
# generator (scripts/ynl.sh fetches it). make check fails when they differ.
regen:
	@scripts/ynl.sh regen

regen-check:
	@scripts/ynl.sh check

# Documentation/kiogen/options.rst's table of fio's job options, from the
# option table (selftests/host/test_options_table.sh fails when they differ)
options-table: ctl
	@scripts/options-table.sh ctl/kiogen Documentation/kiogen/options.rst >options.rst.tmp && \
		mv options.rst.tmp Documentation/kiogen/options.rst

# ---- tests ----

# The unit tests: every ctl/tests/test_*.c is a program (test_fixture.c is their
# shared fixture), linked against the CLI's library; they share the TAP
# runner of selftests/host. test_golden includes the command files itself
# and stands in for the netlink calls.
TEST_CFLAGS := $(CTL_CFLAGS) -Iselftests/host \
	       -DKG_TESTDATA='"$(CURDIR)/ctl/testdata"' \
	       -DKG_JOBFILES='"$(CURDIR)/ctl/testdata/jobfiles"' \
	       -DKG_DOC='"$(CURDIR)/Documentation/kiogen"'
UNIT_PROGS := $(patsubst ctl/tests/%.c,$(BUILD)/%,$(filter-out ctl/tests/test_fixture.c,$(wildcard ctl/tests/test_*.c)))
GOLDEN_WRAP := -Wl,--wrap=kg_nl_open,--wrap=kg_nl_close,--wrap=kg_nl_talk \
	       -Wl,--wrap=kg_results_fetch,--wrap=kg_results_release
$(BUILD)/test_golden: TEST_LDFLAGS := $(GOLDEN_WRAP)

$(CTL_OBJ)/tests/test_%.o: ctl/tests/test_%.c
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/test_%: $(CTL_OBJ)/tests/test_%.o $(CTL_OBJ)/tests/test_fixture.o $(CTL_LIB)
	$(CC) $(TEST_CFLAGS) -o $@ $< $(CTL_OBJ)/tests/test_fixture.o $(TEST_LDFLAGS) $(CTL_LIB) $(CTL_LIBS)

unit-progs: $(UNIT_PROGS)

# The same programs under ASan and UBSan (build/san): any report ends the
# program with a failure. selftests/host builds its own (the _san tests).
SAN_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
unit-san-progs:
	@$(MAKE) -s BUILD=$(BUILD)/san CFLAGS="$(SAN_CFLAGS)" unit-progs

unit: ctl/kiogen $(UNIT_PROGS) unit-san-progs $(KSFT_STAMP)
	@selftests/run-unit.sh $(BUILD)

# The suite is staged as tools/testing/selftests/kiogen in a skeleton kernel
# tree holding only kselftest's own files from the kernel source package, so
# it is built, run and installed exactly as a drop-in in a real tree would be
# (the top-level selftests Makefile with TARGETS=kiogen, lib.mk, the runner,
# run_kselftest.sh), with its settings honoured.
$(KSFT_STAMP):
	@test -n "$(KSRC_TAR)" || { echo "no /usr/src/linux-source-*.tar.xz: run make deps"; exit 1; }
	rm -rf $(BUILD)/ksft $(KSFT_INSTALL)
	@mkdir -p $(BUILD)/ksft
	tar -xaf $(KSRC_TAR) -C $(BUILD)/ksft --strip-components=1 \
		--wildcards '*/scripts/subarch.include' \
		'*/tools/testing/selftests/Makefile' \
		'*/tools/testing/selftests/lib.mk' \
		'*/tools/testing/selftests/run_kselftest.sh' \
		'*/tools/testing/selftests/kselftest.h' \
		'*/tools/testing/selftests/kselftest_harness.h' \
		'*/tools/testing/selftests/kselftest/*'
	@test -f $(KSFT)/kselftest/ktap_helpers.sh || \
		{ echo "$(KSRC_TAR) has no kselftest/ktap_helpers.sh (6.9+): make deps"; exit 1; }
	@touch $@

# fio's source (scripts/fio-src.sh), unpacked where a VM sees it, for
# test_fio_examples.sh: one that cannot be had here (4) is the test's skip,
# and under CI=true a failure
selftests: $(KSFT_STAMP) ctl
	@rc=0; scripts/fio-src.sh $(BUILD)/fio-src >/dev/null || rc=$$?; \
		[ $$rc -eq 0 ] || { [ $$rc -eq 4 ] && [ "$$CI" != true ]; }
	@mkdir -p $(KSFT)/kiogen
	cp -rsf $(CURDIR)/selftests/. $(KSFT)/kiogen/
	$(MAKE) -s -C $(KSFT) TARGETS=kiogen KIOGEN_SRC=$(CURDIR) \
		install INSTALL_PATH=$(KSFT_INSTALL) >/dev/null

# Legs: the kernels of scripts/kernels.sh, and dkms.
# check.sh installs the packages itself (scripts/deps.sh): their time is
# part of its budget. check-full: the whole suite on every leg.
KERNELS ?=
check:
	@KERNELS="$(KERNELS)" selftests/check.sh

check-full:
	@CHECK_FULL=1 KERNELS="$(KERNELS)" selftests/check.sh

check-%:
	@selftests/check.sh $*

kernels:
	@# a kernel that cannot be had here (status 4) is only reported
	@rc=0; for leg in $$(scripts/kernels.sh list); do \
		scripts/kernels.sh fetch $$leg; st=$$?; \
		[ $$st -eq 0 ] || [ $$st -eq 4 ] || rc=1; \
	done; exit $$rc

demo: deps all
	@selftests/vmtest.sh -k $(KVER) -- selftests/demo.sh

bench: deps all
	@selftests/vmtest.sh -k $(KVER) -- selftests/bench.sh

stress: deps all selftests
	@selftests/vmtest.sh -k $(KVER) -- selftests/stress.sh

vmshell: all
	@selftests/vmtest.sh -k $(KVER) -s

# kbuild's clean needs a kernel tree: any will do, and none is none
clean:
	k=$$(scripts/kdir.sh $(if $(filter file undefined,$(origin KDIR)),,$(KDIR)) 2>/dev/null) && \
		$(MAKE) -C $${k#* } M=$(CURDIR) clean || true
	rm -rf $(BUILD) ctl/kiogen ctl/kiogen.8 ctl/kiogen-run.8
	$(MAKE) -C selftests/host clean

# make install puts the module where the kernel it was built for looks
# (KVER, KDIR's release) and refuses one whose vermagic names another;
# make uninstall removes what it installed. DESTDIR stages them (no depmod).
MODDIR = /lib/modules/$(KVER)/extra
SBINDIR = $(PREFIX)/sbin
MANDIR = $(PREFIX)/share/man
COMPLETIONDIR = $(PREFIX)/share/bash-completion/completions

install: all
	$(KERNEL_CHECK)@v=$$(modinfo -F vermagic kmod/kiogen.ko | cut -d' ' -f1); \
		[ "$$v" = "$(KVER)" ] || { echo "kmod/kiogen.ko is for $$v, not $(KVER):" \
		"make clean, then make install KDIR=..."; exit 1; }
	install -D -m 644 kmod/kiogen.ko $(DESTDIR)$(MODDIR)/kiogen.ko
	$(MAKE) -s install-ctl
	[ -n "$(DESTDIR)" ] || depmod -a $(KVER)

# kiogen(8), from the CLI's own --help by help2man (installed when there)
ctl/kiogen.8: ctl/kiogen ctl/kiogen.h2m
	help2man --no-info --section=8 --version-string=$(KIOGEN_VERSION) \
		--name="I/O load generator that runs in kernel threads" \
		--include=ctl/kiogen.h2m --output=$@ ./ctl/kiogen

# kiogen-run(8), the option reference, from the option table as
# options.rst's table and kiogen.bash are (no help2man needed)
ctl/kiogen-run.8: ctl/kiogen
	./ctl/kiogen options --man >$@.tmp && mv $@.tmp $@

install-ctl: ctl ctl/kiogen-run.8
	install -D -m 755 ctl/kiogen $(DESTDIR)$(SBINDIR)/kiogen
	install -D -m 644 ctl/kiogen.bash $(DESTDIR)$(COMPLETIONDIR)/kiogen
	install -D -m 644 ctl/kiogen-run.8 $(DESTDIR)$(MANDIR)/man8/kiogen-run.8
	if command -v help2man >/dev/null; then $(MAKE) -s ctl/kiogen.8 && \
		install -D -m 644 ctl/kiogen.8 $(DESTDIR)$(MANDIR)/man8/kiogen.8; \
	else echo "no help2man: no man page (apt-get install help2man)"; fi

uninstall:
	$(KERNEL_CHECK)rm -f $(DESTDIR)$(MODDIR)/kiogen.ko $(DESTDIR)$(SBINDIR)/kiogen \
		$(DESTDIR)$(MANDIR)/man8/kiogen.8 $(DESTDIR)$(MANDIR)/man8/kiogen-run.8 \
		$(DESTDIR)$(COMPLETIONDIR)/kiogen
	rmdir $(DESTDIR)$(MODDIR) 2>/dev/null || true
	[ -n "$(DESTDIR)" ] || depmod -a $(KVER)

version:
	@echo $(KIOGEN_VERSION)

# What kbuild needs to build the module, probes included, without what a
# build made (the probe results are the kernel's): DKMS gets it, and so does
# each leg's build of make check (scripts/kernels.sh).
KMOD_FILES := Kbuild kmod/Kbuild kmod/probes/probe.sh \
	      $(filter-out %.mod.c,$(wildcard kmod/*.c kmod/probes/*.c lib/*.c)) \
	      $(filter-out kmod/probes.h,$(wildcard kmod/*.h)) \
	      $(wildcard include/uapi/linux/*.h include/kiogen/*.h)

kmod-files:
	@echo $(KMOD_FILES)

# DKMS gets what kbuild needs and dkms.conf, which reads the version from
# include/kiogen/version.h; DKMS_FLAGS reaches every dkms call, e.g.
# --dkmstree/--sourcetree/--installtree for a sandbox (make check).
DKMS_SRCDIR ?= /usr/src
DKMS_FLAGS ?=
DKMS_DIR := $(DKMS_SRCDIR)/kiogen-$(KIOGEN_VERSION)
DKMS_FILES := dkms.conf $(KMOD_FILES)

dkms-files:
	@echo $(DKMS_FILES)

# the module's sources as DKMS wants them, in $(DESTDIR)$(DKMS_DIR): for
# make dkms-install and for the kiogen-dkms package (debian/rules)
dkms-src:
	rm -rf $(DESTDIR)$(DKMS_DIR)
	mkdir -p $(DESTDIR)$(DKMS_DIR)
	@echo cp --parents '$$(make dkms-files)' $(DESTDIR)$(DKMS_DIR)/
	@cp --parents $(DKMS_FILES) $(DESTDIR)$(DKMS_DIR)/

dkms-install:
	@command -v dkms >/dev/null || { echo "dkms not found (apt-get install dkms)"; exit 1; }
	dkms remove $(DKMS_FLAGS) kiogen/$(KIOGEN_VERSION) --all >/dev/null 2>&1 || true
	$(MAKE) -s dkms-src DESTDIR=
	dkms add $(DKMS_FLAGS) kiogen/$(KIOGEN_VERSION)
	dkms build $(DKMS_FLAGS) kiogen/$(KIOGEN_VERSION) -k $(KVER)
	dkms install $(DKMS_FLAGS) kiogen/$(KIOGEN_VERSION) -k $(KVER)

dkms-uninstall:
	dkms remove $(DKMS_FLAGS) kiogen/$(KIOGEN_VERSION) --all
	rm -rf $(DKMS_DIR)

# Debian packages, built by dpkg-buildpackage in a copy of what they are
# made of (build/deb/kiogen-VERSION; the .debs and lintian's report land in
# build/deb): kiogen, the CLI, and kiogen-dkms, the module's sources
# (make dkms-src) that DKMS builds for every kernel. Needs debhelper,
# dh-dkms and the CLI's -dev packages (make deps); lintian judges them.
DEB_DIR := $(BUILD)/deb
DEB_FILES = Makefile README.md $(wildcard Documentation/kiogen/*.rst) ctl/main.c $(CTL_LIB_SRCS) $(filter-out ctl/tests/%,$(wildcard ctl/*.h ctl/*/*.h)) \
	    $(wildcard include/uapi/linux/*.h include/kiogen/*.h) \
	    ctl/kiogen.h2m ctl/kiogen.bash $(DKMS_FILES) \
	    $(shell find debian -type f)

deb:
	rm -rf $(DEB_DIR)
	mkdir -p $(DEB_DIR)/kiogen-$(KIOGEN_VERSION)
	@cp --parents $(DEB_FILES) $(DEB_DIR)/kiogen-$(KIOGEN_VERSION)/
	cd $(DEB_DIR)/kiogen-$(KIOGEN_VERSION) && dpkg-buildpackage -b -us -uc
	lintian --fail-on error,warning $(DEB_DIR)/*.changes >$(DEB_DIR)/lintian.txt; \
		rc=$$?; cat $(DEB_DIR)/lintian.txt; exit $$rc
	@ls $(DEB_DIR)/*.deb
