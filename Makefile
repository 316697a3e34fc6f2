# SPDX-License-Identifier: GPL-2.0
#
# keyedhash: out-of-tree build and project commands.  Kbuild (the file
# "Kbuild") describes the objects; this Makefile only drives it.
#
#   make                  build keyedhash.ko for the running kernel, or the
#                         newest installed Debian 6.1 headers (KDIR=...)
#   make ARCH=arm64       cross-build against Debian's arm64 6.1 headers
#   make check            all test tiers (installs its dependencies)
#   make run              boot Debian's kernel in QEMU, load, hash, show
#   make testvecs         regenerate tests/keyedhash-testvecs.h
#   make hosttest         run the module's self-test natively (generic C)

KH_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/keyedhash
BUILD := $(CURDIR)/build

ifeq ($(ARCH),arm64)
ifneq ($(shell uname -m),aarch64)
CROSS_COMPILE ?= aarch64-linux-gnu-
export CROSS_COMPILE
endif
KDIR ?= $(lastword $(sort $(wildcard /lib/modules/$(shell uname -r)/build \
	$(shell tests/rig/arm64-root.sh)/usr/src/linux-headers-6.1.*-arm64)))
else
KDIR ?= $(or $(wildcard /lib/modules/$(shell uname -r)/build), \
	$(lastword $(sort $(wildcard /lib/modules/6.1.*-amd64/build))))
endif

HOSTCFLAGS := -O2 -Wall -Wextra -Wno-unused-parameter -Itools/shim -Iinclude -I.
CORE_SRCS = selftest.c $(wildcard core/*.c)

.PHONY: all modules clean check run testvecs hosttest

all: modules

modules:
	@test -n "$(KDIR)" || { echo "no kernel headers found: apt-get install linux-headers-amd64, or set KDIR"; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

clean:
	@test -z "$(KDIR)" || $(MAKE) -C $(KDIR) M=$(CURDIR) clean
	rm -rf $(BUILD)

check:
	bash tests/rig/check.sh

run:
	bash tests/rig/run.sh

testvecs:
	python3 tools/gen-testvecs.py

$(BUILD)/hosttest: tools/hosttest.c $(CORE_SRCS) $(wildcard include/keyedhash/*.h) tests/keyedhash-testvecs.h
	@mkdir -p $(BUILD)
	$(CC) $(HOSTCFLAGS) -o $@ tools/hosttest.c $(CORE_SRCS)

hosttest: $(BUILD)/hosttest
	$(BUILD)/hosttest

# Further host tests of the cores: tools/hosttest-<name>.c
$(BUILD)/hosttest-%: tools/hosttest-%.c $(CORE_SRCS) $(wildcard include/keyedhash/*.h)
	@mkdir -p $(BUILD)
	$(CC) $(HOSTCFLAGS) -o $@ $< $(filter-out selftest.c,$(CORE_SRCS))

# Benchmark: make bench, make bench-arm64 (tools/bench/README.md)
include tools/bench/bench.mk
