# SPDX-License-Identifier: GPL-2.0
#
# keyedhash: out-of-tree build and project commands.  Kbuild (the file
# "Kbuild") describes the objects; this Makefile only drives it.
#
#   make                  build libkeyedhash, build/khsum and
#                         build/integrity-keycheck (no kernel
#                         headers needed), then keyedhash.ko for the running
#                         kernel, or the newest installed Debian 6.1 headers
#                         (KDIR=...)
#   make lib khsum        the userspace parts alone; make install-tools,
#                         make install-lib install them (PREFIX, DESTDIR)
#   make dist, sdist, wheel, repo
#                         release tarball, Python sdist and wheel, signed
#                         apt repository (tools/dist/; docs/installing.md)
#   make ARCH=arm64       cross-build against Debian's arm64 6.1 headers
#   make check            all test tiers (installs its dependencies)
#   make check-quick      the edit-test loop: host tests, one VM per arch
#   make check-all        make check and the four targets below in one run
#   make run              boot Debian's kernel in QEMU, load, hash, show
#   make testvecs         regenerate tests/keyedhash-testvecs.h and selftest-vecs.h
#   make hosttest         run the module's self-test natively (generic C)
#   make hosttest-asan    the host tests built with ASan and UBSan, run
#   make install          install keyedhash.ko for the KDIR kernel, depmod,
#                         khsum and its man page (PREFIX=/usr/local;
#                         DESTDIR=/ INSTALL_MOD_PATH= stage it elsewhere)
#   make uninstall        remove them again, depmod
#   make dkms-source      the module's sources for "dkms add" by hand,
#                         stamped with the version (build/dkms-source/)
#   make deb              Debian packages keyedhash-dkms, keyedhash-tools
#                         (build/deb/), built in a Debian 12 root
#   make check-deb        the packages installed with apt in Debian 12 and
#                         13 roots, kernels in range, refused, failing
#   make check-intree     the in-tree build, KUnit under QEMU (cold: minutes)
#   make check-debug      KASAN/kmemleak/lockdep kernel: abuse, leaks, KUnit
#   make check-faults     the same kernel's fault injection: failing allocations

KH_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/keyedhash
BUILD := $(CURDIR)/build

ifeq ($(ARCH),arm64)
ifneq ($(shell uname -m),aarch64)
CROSS_COMPILE ?= aarch64-linux-gnu-
export CROSS_COMPILE
endif
KDIR ?= $(lastword $(sort $(wildcard /lib/modules/$(shell uname -r)/build \
	$(shell tests/rig/kernel/arm64-root.sh)/usr/src/linux-headers-6.1.*-arm64)))
else
KDIR ?= $(or $(wildcard /lib/modules/$(shell uname -r)/build), \
	$(lastword $(sort $(wildcard /lib/modules/6.1.*-amd64/build))))
endif

# The host tests build the module's code through libkeyedhash's shim with
# the KUnit build's seams (their <kunit/static_stub.h>: tests/host/kshim/)
# and their hooks (tests/host/kh_shim_hooks.h: SIMD sections counted).
HOSTCFLAGS := -O2 -Wall -Wextra -Wno-unused-parameter -Itests/host/kshim \
	-Ilibkeyedhash/kshim -Iinclude -I. -DKH_SHIM_TEST_SEAMS \
	-DKH_SHIM_HOOKS='"tests/host/kh_shim_hooks.h"'
# The module's C that builds in userspace: the library (lib/), the generic
# drivers and the self-test; GENERIC_SRCS adds the arch code of other
# architectures (none), the arch programs their own (KH_SHIM_ARCH).
CORE_SRCS = selftest.c keyedhash_generic.c $(wildcard lib/*.c)
GENERIC_SRCS = $(CORE_SRCS) arch/none.c
KH_HDRS = $(wildcard include/keyedhash/*.h include/keyedhash/internal/*.h libkeyedhash/kshim/*.h) \
	tests/host/kh_shim_hooks.h

.PHONY: all modules clean check run testvecs hosttest hosttest-asan

# the userspace parts first: they need no kernel headers (but a C compiler
# for userspace, cc: a machine with only the kernel headers' gcc-N builds
# the module alone, saying so)
KH_HAVE_CC := $(shell command -v $(firstword $(CC)) 2> /dev/null)
all: $(if $(KH_HAVE_CC),userspace,kh-no-cc) modules
.PHONY: kh-no-cc
kh-no-cc:
	@echo "no C compiler $(CC) for userspace: libkeyedhash and khsum left out (apt-get install gcc, or CC=gcc-14)"

modules:
	@test -n "$(KDIR)" || { echo "no kernel headers found: apt-get install linux-headers-amd64, or set KDIR (make lib khsum, make install-tools, make install-lib: the userspace parts need none)"; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

# Kbuild's clean of an external module deletes every *.s and *.mod below
# it, the Go peer's assembly source and module file
# (tools/bench/peers-go/tsc_amd64.s, go.mod) among them: they are kept
# aside and put back.
clean:
	@test -z "$(KDIR)" || { keep=$$(mktemp) && \
		find . -path ./build -prune -o \( -name '*.s' -o -name go.mod \) -type f -print | tar -cf "$$keep" -T - && \
		$(MAKE) -C $(KDIR) M=$(CURDIR) clean; rc=$$?; \
		tar -xf "$$keep"; rm -f "$$keep"; exit $$rc; }
	rm -rf $(BUILD)

check:
	bash tests/rig/check.sh

# make check-all: every tier in one run, what .ci/run does (make check,
# check-intree, check-debug, check-faults and check-deb in one job pool).
# make check-quick: the edit-test loop: the host tests of the cores and
# drivers (generic, x86_64, arm64) and one VM per architecture (Debian's
# 6.1 kernel, -cpu max; KH_QUICK_SERIES=7.x for another), side by side.
.PHONY: check-all check-quick
check-all:
	KH_TIERS="host vm kunit install intree debug faults deb" bash tests/rig/check.sh

check-quick:
	KH_TIERS="quick vm" KH_SERIES=$${KH_QUICK_SERIES:-6.1} KH_NOAVX2_SERIES= \
		KH_RT_SERIES= KH_VM_ECO_MODELS= bash tests/rig/check.sh

run:
	bash tests/rig/kernel/demo.sh

# make khsum: build/khsum, the CLI (tools/khsum.c), computing with
# libkeyedhash (build/lib/); its --kernel route (AF_ALG) goes through
# libkcapi, linked dynamically where libkcapi-dev is installed, and is left
# out where it is not (-DKHSUM_NO_KCAPI: khsum --kernel then says why).
# Neither khsum nor the library needs kernel headers.  The rig links a
# kernel-only khsum statically for the VMs.
PKG_CONFIG ?= pkg-config
KCAPI_LIBS := $(shell $(PKG_CONFIG) --libs libkcapi 2>/dev/null || \
	{ test -f /usr/include/kcapi.h && echo -lkcapi; })

.PHONY: khsum integrity-keycheck userspace FORCE
khsum: $(BUILD)/khsum
integrity-keycheck: $(BUILD)/integrity-keycheck
userspace: lib khsum integrity-keycheck

# khsum computes with libkeyedhash by default (--kernel: through AF_ALG):
# linked with build/lib/libkeyedhash.a, or with KHSUM_LINK=shared against
# libkeyedhash.so.0 (the Debian package).
KHSUM_LINK ?= static
KHSUM_LIBKH = $(if $(filter shared,$(KHSUM_LINK)),-L$(BUILD)/lib -lkeyedhash,$(BUILD)/lib/libkeyedhash.a)
# build/khsum.route: "kcapi" or "none", rewritten when that changes, so a
# khsum built with libkcapi is rebuilt without it and the other way round
KHSUM_ROUTE := $(if $(KCAPI_LIBS),kcapi,none)
$(BUILD)/khsum.route: FORCE
	@mkdir -p $(@D)
	@echo $(KHSUM_ROUTE) | cmp -s - $@ || echo $(KHSUM_ROUTE) > $@

# khsum --version: the project's version (tools/version.sh, through the
# library's version file)
$(BUILD)/khsum: tools/khsum.c tools/afalg.c tools/afalg.h tools/kcapi-none.h \
		libkeyedhash/include/keyedhash.h $(BUILD)/khsum.route $(LIB_VERFILE) \
		$(BUILD)/lib/libkeyedhash.a $(BUILD)/lib/libkeyedhash.so
	@mkdir -p $(BUILD)
	@test -n "$(KCAPI_LIBS)" || echo "khsum: libkcapi not found (Debian: libkcapi-dev): built without --kernel (AF_ALG)"
	$(CC) -O2 -Wall -Wextra $(CPPFLAGS) $(CFLAGS) -Itools -Ilibkeyedhash/include -DKHSUM_LIBKEYEDHASH \
		-DKHSUM_VERSION='"$(shell cat $(LIB_VERFILE))"' $(if $(KCAPI_LIBS),,-DKHSUM_NO_KCAPI) \
		-o $@ tools/khsum.c tools/afalg.c $(LDFLAGS) $(KHSUM_LIBKH) $(KCAPI_LIBS)

# make integrity-keycheck: build/integrity-keycheck (tools/integrity-keycheck.c),
# which checks a dm-integrity volume's key from its raw device before it
# is opened (keyedhash-integritysetup attach, the initramfs); linked with
# libkeyedhash as khsum is (KHSUM_LINK).  The rig links it statically for
# the VMs.
$(BUILD)/integrity-keycheck: tools/integrity-keycheck.c libkeyedhash/include/keyedhash.h \
		$(BUILD)/lib/libkeyedhash.a $(BUILD)/lib/libkeyedhash.so
	@mkdir -p $(BUILD)
	$(CC) -O2 -Wall -Wextra $(CPPFLAGS) $(CFLAGS) -Ilibkeyedhash/include \
		-o $@ tools/integrity-keycheck.c $(LDFLAGS) $(KHSUM_LIBKH)

# The in-tree build as a KUnit kernel under QEMU (tests/rig/kernel/intree-build.sh): a
# cold kernel build the first time, so not part of "make check".
check-intree:
	KH_TIERS=intree bash tests/rig/check.sh

# The debug tier (tests/rig/check.sh "debug"): a debug KUnit kernel with
# KASAN, kmemleak, lockdep... (cold: a kernel build), testmgr's fuzzing,
# AF_ALG abuse, load/unload cycles, KUnit, kmemleak.  KH_DEBUG_OPS and
# KH_DEBUG_CYCLES scale it (.ci/run uses a faster setting).
check-debug:
	KH_TIERS=debug bash tests/rig/check.sh

.PHONY: check-debug check-deb

# The faults tier (tests/rig/check.sh "faults"): the debug kernel's fault
# injection (tests/vm/faults-guest.sh): module loads with the Nth allocation
# failing for every N, AF_ALG with failing allocations, kmemleak.
# KH_FAULTS_LOADS and KH_FAULTS_OPS scale it.
check-faults:
	KH_TIERS=faults bash tests/rig/check.sh

.PHONY: check-faults

# make install / make uninstall: keyedhash.ko in /lib/modules/<release>/extra
# of the KDIR kernel, then depmod; khsum in $(PREFIX)/bin and its man page
# in $(PREFIX)/share/man/man1 (PREFIX=/usr/local).  DESTDIR stages all of it
# in another root, INSTALL_MOD_PATH the module alone (depmod -b).  The
# release is the kernel's UTS_RELEASE (what vermagic says), not
# include/config/kernel.release: Debian's headers put the upstream version
# there.  Everything is built and checked (headers, release from 6.1 on)
# before the first file is installed.  make install-tools: khsum and its
# man page alone, no kernel headers needed (nor libkcapi: without it khsum
# has no --kernel).  make install-lib: the library (libkeyedhash/lib.mk).
KVER = $(shell sed -n 's/^\#define UTS_RELEASE "\(.*\)"/\1/p' $(KDIR)/include/generated/utsrelease.h 2>/dev/null)
DEPMOD ?= $(or $(shell command -v depmod),/sbin/depmod)
MODROOT = $(DESTDIR)$(INSTALL_MOD_PATH)
MODDIR = $(MODROOT)/lib/modules/$(KVER)
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MAN1DIR = $(DESTDIR)$(PREFIX)/share/man/man1
# integrity-keycheck, a helper of keyedhash-integritysetup (not on PATH)
KEYCHECKDIR = $(DESTDIR)$(PREFIX)/lib/keyedhash

# make install-module: the module alone.
.PHONY: install install-module install-tools uninstall uninstall-tools kh-install-check check-intree deb
kh-install-check:
	@test -n "$(KDIR)" || { echo "make install: no kernel headers found: apt-get install linux-headers-$$(uname -r), or set KDIR"; exit 1; }
	@test -n "$(KVER)" || { echo "make install: no kernel headers in $(KDIR) (cannot read its release from include/generated/utsrelease.h)"; exit 1; }
	@[ "$$(printf '6.1\n%s\n' "$(KVER)" | sort -V | head -1)" = 6.1 ] || \
		{ echo "make install: Linux $(KVER) is older than 6.1, the oldest kernel keyedhash supports"; exit 1; }

install: kh-install-check
	$(MAKE) modules khsum
	install -D -m 644 keyedhash.ko $(MODDIR)/extra/keyedhash.ko
	$(DEPMOD) $(if $(MODROOT),-b $(MODROOT)) -a $(KVER)
	$(MAKE) install-tools

install-tools: khsum integrity-keycheck
	install -D -m 755 $(BUILD)/khsum $(BINDIR)/khsum
	install -D -m 644 tools/khsum.1 $(MAN1DIR)/khsum.1
	install -D -m 755 $(BUILD)/integrity-keycheck $(KEYCHECKDIR)/integrity-keycheck

uninstall-tools:
	rm -f $(BINDIR)/khsum $(MAN1DIR)/khsum.1 $(KEYCHECKDIR)/integrity-keycheck

install-module:
	$(MAKE) kh-install-check
	$(MAKE) modules
	install -D -m 644 keyedhash.ko $(MODDIR)/extra/keyedhash.ko
	$(DEPMOD) $(if $(MODROOT),-b $(MODROOT)) -a $(KVER)

uninstall:
	@test -n "$(KVER)" || { echo "make uninstall: no kernel headers in '$(KDIR)': cannot tell which kernel to remove keyedhash from (set KDIR)"; exit 1; }
	rm -f $(MODDIR)/extra/keyedhash.ko
	rmdir --ignore-fail-on-non-empty $(MODDIR)/extra 2>/dev/null || true
	if [ -d $(MODDIR) ]; then $(DEPMOD) $(if $(MODROOT),-b $(MODROOT)) -a $(KVER); fi
	rm -f $(BINDIR)/khsum $(MAN1DIR)/khsum.1 $(KEYCHECKDIR)/integrity-keycheck

# Releases (tools/dist/): make dist writes build/dist/keyedhash-VERSION.tar.gz
# (git archive, the version stamped in: it builds without git) and its
# .sha256 (DIST_KEY=FILE: a keyed .khsum too); make sdist the Python sdist,
# self-contained, make wheel a wheel for $(PYTHON) built from it (manylinux
# where auditwheel vouches), both in build/dist/python/; make repo a signed
# apt repository in build/repo/ (docs/installing.md).
PYTHON ?= python3
.PHONY: dist sdist wheel repo
dist:
	tools/dist/dist.sh $(BUILD)/dist

sdist:
	PYTHON=$(PYTHON) tools/dist/python.sh sdist $(BUILD)/dist/python

wheel:
	PYTHON=$(PYTHON) tools/dist/python.sh wheel $(BUILD)/dist/python

# make repo: build/deb's packages (make deb first) into build/repo/
# (REPO=DIR elsewhere; REPO_KEY=<key id>, REPO_GNUPGHOME=: the signing key)
REPO ?= $(BUILD)/repo
repo:
	tools/dist/repo.sh $(BUILD)/deb $(REPO)

# make dkms-source: build/dkms-source/keyedhash-VERSION, the files the
# package keyedhash-dkms ships (debian/keyedhash-dkms.install) and
# dkms.conf, stamped with this tree's version (tools/version.sh), for
# "dkms add" by hand; prints the commands.
.PHONY: dkms-source
dkms-source:
	@v=$$(sh tools/version.sh) && d=$(BUILD)/dkms-source/keyedhash-$$v && \
	rm -rf $(BUILD)/dkms-source && mkdir -p $$d && \
	sed -n 's|^\([^ ]*\) usr/src/keyedhash-[^/]*/\(.*\)$$|\1 \2|p' debian/keyedhash-dkms.install | \
	while read -r glob dest; do \
		mkdir -p $$d/$$dest && cp $$glob $$d/$$dest || exit 1; \
	done && cp dkms.conf $$d/ && sh tools/version.sh --stamp $$d $$v > /dev/null && \
	echo "sudo dkms add $$d" && echo "sudo dkms install keyedhash/$$v"

# make deb: the Debian packages keyedhash-dkms and keyedhash-tools (amd64,
# arm64) in build/deb/, built in a cached Debian 12 root (debootstrap),
# lintian-checked.  make check-deb: install them with apt in Debian 12 and
# 13 roots, then kernels in range, refused and failing (tests/rig/deb/deb-install.sh).
deb:
	bash tests/rig/deb/deb-build.sh

check-deb:
	bash tests/rig/deb/deb-check.sh

testvecs:
	python3 tests/gen-testvecs.py
	python3 tests/gen-testvecs.py --selftest

# the headers every host test program includes
HOSTTEST_HDRS = tests/host/hosttest.h tests/host/ht_impl.h tests/host/hosttest-full.h \
	tests/host/hosttest-shash.h libkeyedhash/kshim/crypto/internal/hash.h

$(BUILD)/hosttest: tests/host/hosttest.c $(HOSTTEST_HDRS) $(GENERIC_SRCS) $(KH_HDRS) \
		tests/keyedhash-testvecs.h selftest-vecs.h
	@mkdir -p $(BUILD)
	$(CC) $(HOSTCFLAGS) -o $@ tests/host/hosttest.c $(GENERIC_SRCS)

hosttest: $(BUILD)/hosttest
	$(BUILD)/hosttest

# Further host tests of the cores: tests/host/hosttest-<name>.c
$(BUILD)/hosttest-%: tests/host/hosttest-%.c $(HOSTTEST_HDRS) $(GENERIC_SRCS) $(KH_HDRS)
	@mkdir -p $(BUILD)
	$(CC) $(HOSTCFLAGS) -o $@ $< $(GENERIC_SRCS)

# The arch drivers in userspace, one source (tests/host/hosttest-arch.c) built
# twice.  x86_64: natively (a stub that says "not run" on other hosts).
X86_ARCH_SRCS = arch/x86/glue.c arch/x86/shash.c arch/x86/highwayhash-many.c
# headers of the arch drivers and of the tests' block-function table
ARCH_TEST_HDRS = $(wildcard arch/*/*.h) tests/host/kh_blockfns.h
X86_ARCH_ASM = $(wildcard arch/x86/*.S)
ifeq ($(shell uname -m),x86_64)
$(BUILD)/x86/%.o: arch/x86/%.S
	@mkdir -p $(@D)
	$(CC) -D__ASSEMBLY__ -Ilibkeyedhash/kshim -Iinclude -Wa,--noexecstack -c -o $@ $<

$(BUILD)/hosttest-x86: tests/host/hosttest-arch.c $(CORE_SRCS) $(X86_ARCH_SRCS) \
		$(patsubst arch/x86/%.S,$(BUILD)/x86/%.o,$(X86_ARCH_ASM)) \
		$(KH_HDRS) $(HOSTTEST_HDRS) \
		tests/keyedhash-testvecs.h selftest-vecs.h \
		$(ARCH_TEST_HDRS)
	$(CC) $(HOSTCFLAGS) -DKH_SHIM_ARCH -o $@ tests/host/hosttest-arch.c $(CORE_SRCS) \
		$(X86_ARCH_SRCS) $(patsubst arch/x86/%.S,$(BUILD)/x86/%.o,$(X86_ARCH_ASM))
# hosttest-many: with the arch code (the interleaved AVX2), not generic alone
$(BUILD)/hosttest-many: tests/host/hosttest-many.c $(CORE_SRCS) $(X86_ARCH_SRCS) \
		$(patsubst arch/x86/%.S,$(BUILD)/x86/%.o,$(X86_ARCH_ASM)) \
		$(KH_HDRS) $(HOSTTEST_HDRS) $(ARCH_TEST_HDRS)
	$(CC) $(HOSTCFLAGS) -DKH_SHIM_ARCH -o $@ $< $(CORE_SRCS) \
		$(X86_ARCH_SRCS) $(patsubst arch/x86/%.S,$(BUILD)/x86/%.o,$(X86_ARCH_ASM))
else
$(BUILD)/hosttest-x86:
	@mkdir -p $(BUILD)
	printf '#!/bin/sh\necho "hosttest-x86: 0 drivers passed, 0 failed, all not run (CPU lacks x86_64)"\n' > $@
	chmod +x $@
endif

# The same host tests once more with AddressSanitizer and UBSan, in
# $(BUILD)/asan/ (make hosttest-asan): the C is instrumented, the x86
# assembly is linked as it is.  Any report ends the program with an error.
ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer -g
ASAN_TESTS := hosttest $(patsubst tests/host/%.c,%,$(filter-out tests/host/hosttest-arch.c, \
	$(wildcard tests/host/hosttest-*.c)))
ASAN_DEPS = $(GENERIC_SRCS) $(KH_HDRS) \
	$(HOSTTEST_HDRS) tests/keyedhash-testvecs.h \
	selftest-vecs.h \
		$(ARCH_TEST_HDRS)

$(BUILD)/asan/hosttest: tests/host/hosttest.c $(ASAN_DEPS)
	@mkdir -p $(@D)
	$(CC) $(HOSTCFLAGS) $(ASAN_FLAGS) -o $@ $< $(GENERIC_SRCS)

$(BUILD)/asan/hosttest-%: tests/host/hosttest-%.c $(ASAN_DEPS)
	@mkdir -p $(@D)
	$(CC) $(HOSTCFLAGS) $(ASAN_FLAGS) -o $@ $< $(GENERIC_SRCS)

ifeq ($(shell uname -m),x86_64)
ASAN_TESTS += hosttest-x86
$(BUILD)/asan/hosttest-x86: tests/host/hosttest-arch.c $(ASAN_DEPS) $(X86_ARCH_SRCS) \
		$(patsubst arch/x86/%.S,$(BUILD)/x86/%.o,$(X86_ARCH_ASM))
	@mkdir -p $(@D)
	$(CC) $(HOSTCFLAGS) $(ASAN_FLAGS) -DKH_SHIM_ARCH -o $@ $< $(CORE_SRCS) \
		$(X86_ARCH_SRCS) $(patsubst arch/x86/%.S,$(BUILD)/x86/%.o,$(X86_ARCH_ASM))
endif

ifeq ($(shell uname -m),x86_64)
$(BUILD)/asan/hosttest-many: tests/host/hosttest-many.c $(ASAN_DEPS) $(X86_ARCH_SRCS) \
		$(patsubst arch/x86/%.S,$(BUILD)/x86/%.o,$(X86_ARCH_ASM))
	@mkdir -p $(@D)
	$(CC) $(HOSTCFLAGS) $(ASAN_FLAGS) -DKH_SHIM_ARCH -o $@ $< $(CORE_SRCS) \
		$(X86_ARCH_SRCS) $(patsubst arch/x86/%.S,$(BUILD)/x86/%.o,$(X86_ARCH_ASM))
endif

hosttest-asan: $(addprefix $(BUILD)/asan/,$(ASAN_TESTS))
	@for t in $^; do \
		$$t > $$t.log 2>&1 || { cat $$t.log; echo "$$t: failed"; exit 1; }; \
		tail -1 $$t.log; \
	done

# arm64 (the NEON drivers): static for aarch64, run
# natively on arm64 and under qemu-aarch64 (package qemu-user) elsewhere.
# build/hosttest-arm64 is the runner; the binary is build/arm64-host/.
ARM64_HOST_CC := $(if $(filter aarch64,$(shell uname -m)),$(CC),aarch64-linux-gnu-gcc)
ARM64_HOST_RUN := $(if $(filter aarch64,$(shell uname -m)),,qemu-aarch64 -cpu max)
ARM64_ARCH_SRCS = arch/arm64/glue.c arch/arm64/shash.c $(wildcard arch/arm64/*.S)

$(BUILD)/arm64-host/hosttest-arm64: tests/host/hosttest-arch.c $(CORE_SRCS) \
		$(ARM64_ARCH_SRCS) $(KH_HDRS) \
		$(HOSTTEST_HDRS) tests/keyedhash-testvecs.h \
	selftest-vecs.h \
		$(ARCH_TEST_HDRS)
	@mkdir -p $(@D)
	$(ARM64_HOST_CC) $(HOSTCFLAGS) -DKH_SHIM_ARCH -mgeneral-regs-only -static -Wa,--noexecstack -o $@ $< \
		$(CORE_SRCS) $(ARM64_ARCH_SRCS)

$(BUILD)/hosttest-arm64: $(BUILD)/arm64-host/hosttest-arm64
	printf '#!/bin/sh\nexec %s "%s" "$$@"\n' "$(ARM64_HOST_RUN)" "$<" > $@
	chmod +x $@

# Benchmark: make bench, make bench-arm64 (tools/bench/README.md)
include tools/bench/bench.mk

# libkeyedhash: make lib, make install-lib (libkeyedhash/lib.mk)
include libkeyedhash/lib.mk
