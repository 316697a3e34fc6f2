# SPDX-License-Identifier: GPL-2.0
#
# kbench build rules (run by tools/bench/run.sh; see bench.mk):
#
#   make -f tools/bench/build.mk kb-build [KB_LINUX=<linux-source dir>]
#        [KB_LIBS=0|1] [KB_STATIC=1] [KB_CC=...] [KB_ARCH_SRCS=...]
#
# Our cores are compiled with the kernel's code-generation flags (no SIMD or
# FPU registers, no red zone, -O2, ...) so that generic C numbers resemble
# the module's; the harness and the peers' glue use ordinary flags.  The
# kernel's own NHPoly1305 files are compiled from KB_LINUX (the installed
# linux-source-6.1) with the same kernel-like flags.

KB_TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
KB_SRC := $(KB_TOP)/tools/bench
KB_OUT ?= $(KB_TOP)/build/bench

KB_CC ?= $(if $(filter default,$(origin CC)),gcc,$(CC))
KB_LD ?= ld
KB_NM ?= nm
KB_OBJCOPY ?= objcopy
KB_MACH := $(firstword $(subst -, ,$(shell $(KB_CC) -dumpmachine)))
KB_O := $(KB_OUT)/$(KB_MACH)
KB_BIN := $(KB_O)/kbench

# Kernel-like code generation for our C (Linux 6.1 arch/$(ARCH)/Makefile and
# the top Makefile, less what userspace can't link: -mcmodel=kernel,
# retpoline thunks).
KB_KCFLAGS_COMMON := -O2 -fno-strict-aliasing -fno-common -fno-PIE \
	-fno-asynchronous-unwind-tables -fno-delete-null-pointer-checks \
	-fno-strict-overflow -fstack-protector-strong
ifeq ($(KB_MACH),x86_64)
KB_KCFLAGS := $(KB_KCFLAGS_COMMON) -mno-sse -mno-mmx -mno-sse2 -mno-3dnow \
	-mno-avx -mno-80387 -mno-fp-ret-in-387 -mskip-rax-setup -mno-red-zone \
	-falign-jumps=1 -falign-loops=1 -fno-jump-tables
else ifeq ($(KB_MACH),aarch64)
KB_KCFLAGS := $(KB_KCFLAGS_COMMON) -mgeneral-regs-only
else
KB_KCFLAGS := $(KB_KCFLAGS_COMMON)
endif

KB_WARN := -Wall -Wextra -Wno-unused-parameter
KB_CFLAGS := -O2 -g $(KB_WARN) -fno-PIE
# The module as shipped (the shim builds no KUnit seams), with the bench's
# hooks into the shim (kb_shim_hooks.h: the kernel-mode SIMD sections).
KB_SHIM := -I$(KB_TOP)/libkeyedhash/kshim -I$(KB_TOP)/include -I$(KB_TOP) \
	-DKH_SHIM_HOOKS='"tools/bench/kb_shim_hooks.h"'
KB_KSHIM := -I$(KB_SRC)/kshim -idirafter $(KB_LINUX)/include

# Every function, C and assembly, ours and the kernel peers', starts at a
# KB_FUNC_ALIGN-byte boundary (64: a cache line, what instruction fetch and
# the decoded-uop cache work in): a function that did not change is laid
# out alike, loops included, whatever changed before it in the link, so
# that make bench-ab compares code rather than placement.  0: the compiler's
# and the .S files' own alignment.
KB_FUNC_ALIGN ?= 64
ifneq ($(KB_FUNC_ALIGN),0)
KB_KCFLAGS += -falign-functions=$(KB_FUNC_ALIGN)
KB_CFLAGS += -falign-functions=$(KB_FUNC_ALIGN)
KB_SHIM += -DKH_SHIM_FUNC_ALIGN=$(KB_FUNC_ALIGN)
KB_KSHIM += -DKB_FUNC_ALIGN=$(KB_FUNC_ALIGN)
# the compiler's retpoline and return thunks (comdat sections of their own)
KB_THUNK_ALIGN := --set-section-alignment='.text.__x86_*'=$(KB_FUNC_ALIGN)
endif

# Our objects: the library (lib/), the drivers (keyedhash_generic.c and
# the arch drivers), the init-time self-test; keyedhash_main.c is the
# module's, ours.c defines what the bench needs of it (kh_register_algs()).
# KB_ARCH_SRCS: the arch sources (.c/.S); on x86_64 the default is the x86
# drivers (arch/x86/: every .c and .S), on aarch64 the NEON drivers
# (arch/arm64/), elsewhere arch/none.c.  With arch sources the library
# dispatches to them (KH_SHIM_ARCH, libkeyedhash/kshim/kh_shim.h).
ifeq ($(KB_MACH),x86_64)
KB_ARCH_SRCS ?= $(sort $(wildcard $(KB_TOP)/arch/x86/*.c)) $(sort $(wildcard $(KB_TOP)/arch/x86/*.S))
endif
ifeq ($(KB_MACH),aarch64)
KB_ARCH_SRCS ?= $(sort $(wildcard $(KB_TOP)/arch/arm64/*.c)) $(sort $(wildcard $(KB_TOP)/arch/arm64/*.S))
endif
KB_ARCH_SRCS ?= $(KB_TOP)/arch/none.c
ifeq ($(filter %/arch/none.c,$(abspath $(KB_ARCH_SRCS))),)
KB_SHIM += -DKH_SHIM_ARCH
endif
# C files under arch/ get KB_ARCH_KCFLAGS: by default the same flags; an
# arm64 NEON-intrinsics file needs them without -mgeneral-regs-only, as the
# kernel builds such files with CC_FLAGS_FPU instead of CC_FLAGS_NO_FPU.
KB_ARCH_KCFLAGS ?= $(KB_KCFLAGS)
# (lib/*_test.c: test code for the KUnit build, left out as Kbuild does)
KB_CORE_SRCS := $(KB_TOP)/selftest.c $(KB_TOP)/keyedhash_generic.c \
	$(sort $(filter-out %_test.c,$(wildcard $(KB_TOP)/lib/*.c))) \
	$(abspath $(KB_ARCH_SRCS))
KB_CORE_OBJS := $(patsubst $(KB_TOP)/%,$(KB_O)/ours/%.o,$(KB_CORE_SRCS))

KB_HARNESS := bench timing ours
KB_DEFS :=
KB_LDLIBS :=

# Peers from the Linux source (kernel NHPoly1305 and NH).
KB_LINUX ?=
KB_LINUX_OBJS :=
ifneq ($(KB_LINUX),)
KB_DEFS += -DKB_HAVE_LINUX
KB_HARNESS += peers-linux
KB_LINUX_OBJS += $(KB_O)/linux/nhpoly1305.o $(KB_O)/linux/poly1305-donna64.o
ifeq ($(KB_MACH),x86_64)
KB_LINUX_OBJS += $(KB_O)/linux/glue-sse2.o $(KB_O)/linux/glue-avx2.o \
	$(KB_O)/linux/nh-sse2-x86_64.o $(KB_O)/linux/nh-avx2-x86_64.o
endif
endif
# The configuration stamp (see "Rebuild everything" below), defined before
# kpeers.mk, whose rules depend on it.
KB_STAMP := $(KB_O)/config.stamp

# The dm-integrity comparison's kernel peers (x86_64, kernel mode only).
KB_KPEER_PARTS :=
ifneq ($(KB_LINUX),)
ifeq ($(KB_MACH),x86_64)
include $(KB_SRC)/kpeers.mk
endif
endif

# Peers from libraries (OpenSSL, libsodium) and Rust (dlopen).
KB_STATIC ?=
KB_LIBS ?= $(if $(KB_STATIC),0,1)
ifeq ($(KB_LIBS),1)
KB_DEFS += -DKB_HAVE_LIBS
KB_HARNESS += peers-libs
KB_LDLIBS += $(shell pkg-config --libs libcrypto libsodium 2>/dev/null || \
	echo -lcrypto -lsodium)
endif
ifeq ($(KB_STATIC),)
KB_DEFS += -DKB_HAVE_DLOPEN
KB_HARNESS += peers-rs peers-lib peers-google
KB_LDLIBS += -ldl
KB_LDFLAGS := -no-pie
else
KB_LDFLAGS := -static
endif

KB_HARNESS_OBJS := $(patsubst %,$(KB_O)/harness/%.o,$(KB_HARNESS))

# The "as in the kernel" copy (x86_64; KB_KMODE=0 leaves it out): our
# objects, ours.c, the kernel peers and peers-linux.c once more, compiled as
# Debian builds its kernel (CONFIG_RETPOLINE, CONFIG_RETHUNK: GCC's own
# thunks, as userspace can't link the kernel's thunk-extern), with
# -DKB_KMODE: RET returns through __x86_return_thunk, kernel_fpu_begin()
# and kernel_fpu_end() call kmode.c.  `ld -r` makes one object of it, in
# which every global symbol but kb_register_kmode is then made local, so
# the two copies don't clash.
ifeq ($(KB_MACH),x86_64)
KB_KMODE ?= 1
else
KB_KMODE := 0
endif
# KB_RETHUNK=0: returns as a kernel runs them where it needs no return
# thunk (the CPUs without Retbleed/SRSO exposure, e.g. this Intel machine:
# the kernel patches its "jmp __x86_return_thunk" back into "ret"): the
# return thunk is a plain ret (kb-thunks.S), jumped to from every return.
KB_RETHUNK ?= 1
ifeq ($(KB_RETHUNK),1)
KB_THUNK_FLAGS := -mindirect-branch=thunk -mfunction-return=thunk \
	-mindirect-branch-register
else
KB_THUNK_FLAGS := -mindirect-branch=thunk -mfunction-return=thunk-extern \
	-mindirect-branch-register -DKB_PLAIN_RET
endif
KB_KMODE_KCFLAGS := $(KB_KCFLAGS) $(KB_THUNK_FLAGS) -DKB_KMODE
KB_KMODE_ARCH_KCFLAGS := $(KB_ARCH_KCFLAGS) $(KB_THUNK_FLAGS) -DKB_KMODE
KB_KMODE_OBJ :=
ifeq ($(KB_KMODE),1)
KB_DEFS += -DKB_HAVE_KMODE
KB_KMODE_OBJ := $(KB_O)/kmode.o
KB_KMODE_PARTS := $(patsubst $(KB_O)/%,$(KB_O)/kmode/%,$(KB_CORE_OBJS) \
	$(KB_LINUX_OBJS)) $(KB_O)/kmode/harness/kmode.o \
	$(KB_O)/kmode/harness/ours.o \
	$(if $(KB_LINUX),$(KB_O)/kmode/harness/peers-linux.o) $(KB_KPEER_PARTS)
endif

# Rebuild everything when the configuration changes.
KB_CONFIG := $(KB_FUNC_ALIGN)|$(KB_CC)|$(KB_KCFLAGS)|$(KB_ARCH_KCFLAGS)|$(KB_CFLAGS)|$(KB_DEFS)|$(KB_LINUX)|$(KB_CORE_SRCS)|$(KB_LDFLAGS)|$(KB_KMODE)|$(KB_THUNK_FLAGS)
$(shell mkdir -p $(KB_O) && (echo '$(KB_CONFIG)' | cmp -s - $(KB_STAMP) || \
	echo '$(KB_CONFIG)' > $(KB_STAMP)))

.PHONY: kb-build kb-latency

kb-build: $(KB_BIN)

# make bench-latency: the AVX2 block function, unchanged, timed alone
# (latency.c); x86_64 only
KB_LATENCY := $(KB_O)/hh-latency
kb-latency: $(KB_LATENCY)
$(KB_LATENCY): $(KB_O)/harness/latency.o $(KB_O)/harness/timing.o \
		$(KB_O)/ours/arch/x86/highwayhash-avx2.S.o
	$(KB_CC) -no-pie -o $@ $^

$(KB_BIN): $(KB_HARNESS_OBJS) $(KB_CORE_OBJS) $(KB_LINUX_OBJS) $(KB_KMODE_OBJ)
	$(KB_CC) $(KB_LDFLAGS) -o $@ $^ $(KB_LDLIBS)
	@echo "kbench: built $@"

# One relocatable object of the kernel-mode copy; the return thunk its
# assembly jumps to must come from GCC (a comdat of the C objects).
$(KB_KMODE_OBJ): $(KB_KMODE_PARTS)
	$(KB_LD) -r -o $(@:.o=-all.o) $^
	@$(KB_NM) $(@:.o=-all.o) | grep -q ' [Tt] __x86_return_thunk$$' || \
		{ echo "kbench: $(@:.o=-all.o): no __x86_return_thunk" >&2; exit 1; }
	$(KB_OBJCOPY) --keep-global-symbol=kb_register_kmode $(KB_THUNK_ALIGN) \
		$(@:.o=-all.o) $@

KB_OURFLAGS = $(KB_KCFLAGS)
$(KB_O)/ours/arch/%: KB_OURFLAGS = $(KB_ARCH_KCFLAGS)
$(KB_O)/ours/%.c.o: $(KB_TOP)/%.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_OURFLAGS) $(KB_WARN) -MMD -MP $(KB_SHIM) \
		-c $< -o $@

# Assembly: <linux/linkage.h> falls back to kshim's SYM_FUNC_START & co.
$(KB_O)/ours/%.S.o: $(KB_TOP)/%.S $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) -D__ASSEMBLY__ -MMD -MP $(KB_SHIM) -idirafter $(KB_SRC)/kshim \
		-Wa,--noexecstack -c $< -o $@

# ours.c (and dmint-ours.c) see our headers as the drivers do
KB_OURS_FLAGS = $(KB_SHIM)
$(KB_O)/harness/ours.o: KB_EXTRA = $(KB_OURS_FLAGS)
$(KB_O)/harness/%.o: $(KB_SRC)/%.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_CFLAGS) $(KB_DEFS) $(KB_EXTRA) -MMD -MP \
		-DKB_CORE_CFLAGS='"$(strip $(KB_KCFLAGS))"' \
		-DKB_KMODE_CFLAGS='"$(strip $(KB_KMODE_KCFLAGS))"' -c $< -o $@

# The kernel's files, compiled unmodified from KB_LINUX through kshim/.
$(KB_O)/linux/nhpoly1305.o: $(KB_SRC)/kpeer-nhpoly1305.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_KCFLAGS) $(KB_KSHIM) -MMD -MP \
		-DKB_KFILE='"$(KB_LINUX)/crypto/nhpoly1305.c"' -c $< -o $@

$(KB_O)/linux/poly1305-donna64.o: $(KB_LINUX)/lib/crypto/poly1305-donna64.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_KCFLAGS) $(KB_KSHIM) -MMD -MP -c $< -o $@

$(KB_O)/linux/glue-%.o: $(KB_SRC)/kpeer-glue.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_KCFLAGS) $(KB_KSHIM) -MMD -MP -DKB_GLUE=$* \
		-DKB_KFILE='"$(KB_LINUX)/arch/x86/crypto/nhpoly1305-$*-glue.c"' \
		-c $< -o $@

$(KB_O)/linux/nh-%-x86_64.o: $(KB_LINUX)/arch/x86/crypto/nh-%-x86_64.S $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) -D__ASSEMBLY__ $(KB_KSHIM) -MMD -MP -Wa,--noexecstack -c $< -o $@

# The kernel-mode copy: the same sources, KB_KMODE_KCFLAGS.
KB_KOURFLAGS = $(KB_KMODE_KCFLAGS)
$(KB_O)/kmode/ours/arch/%: KB_KOURFLAGS = $(KB_KMODE_ARCH_KCFLAGS)
$(KB_O)/kmode/ours/%.c.o: $(KB_TOP)/%.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_KOURFLAGS) $(KB_WARN) -MMD -MP $(KB_SHIM) \
		-c $< -o $@

$(KB_O)/kmode/ours/%.S.o: $(KB_TOP)/%.S $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) -D__ASSEMBLY__ -DKB_KMODE -MMD -MP $(KB_SHIM) \
		-idirafter $(KB_SRC)/kshim -Wa,--noexecstack -c $< -o $@

# ours.c, peers-linux.c and kmode.c: kernel code in this copy (the glue
# the crypto API would be, and the kernel's FPU functions).
$(KB_O)/kmode/harness/ours.o: KB_EXTRA = $(KB_OURS_FLAGS)
$(KB_O)/kmode/harness/%.o: $(KB_SRC)/%.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_KMODE_KCFLAGS) $(KB_WARN) $(KB_DEFS) $(KB_EXTRA) \
		-MMD -MP -c $< -o $@

$(KB_O)/kmode/linux/nhpoly1305.o: $(KB_SRC)/kpeer-nhpoly1305.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_KMODE_KCFLAGS) $(KB_KSHIM) -MMD -MP \
		-DKB_KFILE='"$(KB_LINUX)/crypto/nhpoly1305.c"' -c $< -o $@

$(KB_O)/kmode/linux/poly1305-donna64.o: $(KB_LINUX)/lib/crypto/poly1305-donna64.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_KMODE_KCFLAGS) $(KB_KSHIM) -MMD -MP -c $< -o $@

$(KB_O)/kmode/linux/glue-%.o: $(KB_SRC)/kpeer-glue.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_KMODE_KCFLAGS) $(KB_KSHIM) -MMD -MP -DKB_GLUE=$* \
		-DKB_KFILE='"$(KB_LINUX)/arch/x86/crypto/nhpoly1305-$*-glue.c"' \
		-c $< -o $@

$(KB_O)/kmode/linux/nh-%-x86_64.o: $(KB_LINUX)/arch/x86/crypto/nh-%-x86_64.S $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) -D__ASSEMBLY__ -DKB_KMODE $(KB_KSHIM) -MMD -MP \
		-Wa,--noexecstack -c $< -o $@

# Without make's built-in rules: remaking an included glue-avx2.d, make
# would try "%: %.o" with glue-avx2.d.o, which the glue-%.o rules match.
.SUFFIXES:
%: %.o
%: %.c

-include $(shell find $(KB_O) -name '*.d' 2>/dev/null)
