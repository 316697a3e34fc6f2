# SPDX-License-Identifier: GPL-2.0
#
# libkeyedhash (libkeyedhash/): the module's lib/ and arch/ sources built once
# more for userspace through libkeyedhash/kshim/, with libkeyedhash/*.c.
#
#   make lib            build/lib/libkeyedhash.so.0 (+ .so, .a, keyedhash.pc)
#   make install-lib    install them, the header and the man pages
#                       (PREFIX=/usr/local, LIBDIR=$(PREFIX)/lib, DESTDIR=)
#   make uninstall-lib  remove them
#
# libkeyedhash.a is built position-independent, with every symbol but the
# API hidden once linked into a shared object (the Python extension links
# it with -Wl,--exclude-libs,ALL).

LIB_OUT := $(BUILD)/lib
LIB_SOVER := 0
# the shared object's file name (its soname: LIB_SOVER); the version of
# the library itself is the project's (LIB_VERFILE)
LIB_SO_REAL := 0.1.0
LIB_SONAME := libkeyedhash.so.$(LIB_SOVER)
LIB_SO := $(LIB_OUT)/libkeyedhash.so.$(LIB_SO_REAL)
# The project's version (tools/version.sh: VERSION and git, or a stamped
# copy's .version; make stops where there is none), for
# keyedhash_version() and keyedhash.pc; rewritten only when it changes.
LIB_VERFILE := $(LIB_OUT)/version
LIB_A := $(LIB_OUT)/libkeyedhash.a
LIB_PC := $(LIB_OUT)/keyedhash.pc
LIB_MACH := $(firstword $(subst -, ,$(shell $(CC) -dumpmachine 2> /dev/null)))

LIB_ARCH_SRCS :=
ifeq ($(LIB_MACH),x86_64)
LIB_ARCH_SRCS := arch/x86/glue.c arch/x86/highwayhash-many.c $(sort $(wildcard arch/x86/*.S))
else ifeq ($(LIB_MACH),aarch64)
LIB_ARCH_SRCS := arch/arm64/glue.c $(sort $(wildcard arch/arm64/*.S))
else
LIB_ARCH_SRCS := arch/none.c
endif
# (lib/*_test.c: test code, built only into the KUnit module and the
# host tests)
LIB_SRCS := $(sort $(filter-out lib/%_test.c,$(wildcard lib/*.c))) \
	$(LIB_ARCH_SRCS) libkeyedhash/backend.c libkeyedhash/keyedhash.c libkeyedhash/cpu.c
LIB_OBJS := $(patsubst %,$(LIB_OUT)/obj/%.o,$(LIB_SRCS))

LIB_CFLAGS ?= -O2 -g
LIB_WARN := -Wall -Wextra -Wno-unused-parameter
LIB_SHIM := -Ilibkeyedhash/kshim -Iinclude -I. -Ilibkeyedhash/include \
	$(if $(filter arch/none.c,$(LIB_ARCH_SRCS)),,-DKH_SHIM_ARCH)
# arm64: the NEON assembly needs no compiler flag; the C stays general.
LIB_ALL_CFLAGS = $(LIB_CFLAGS) $(LIB_WARN) -fPIC -fvisibility=hidden \
	-fstack-protector-strong -D_FORTIFY_SOURCE=2 $(LIB_SHIM) $(CPPFLAGS) $(CFLAGS)

PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MAN3DIR = $(DESTDIR)$(PREFIX)/share/man/man3
# every man page of the library (libkeyedhash/*.3), installed by install-lib
LIB_MAN3 = $(sort $(wildcard libkeyedhash/*.3))

.PHONY: lib install-lib uninstall-lib
lib: $(LIB_SO) $(LIB_OUT)/libkeyedhash.so $(LIB_A) $(LIB_PC)

$(LIB_OUT)/obj/%.c.o: %.c libkeyedhash/lib.mk
	@mkdir -p $(@D)
	$(CC) $(LIB_ALL_CFLAGS) $(LIB_VERDEF) -MMD -MP -c $< -o $@

.PHONY: kh-lib-version
kh-lib-version:
$(LIB_VERFILE): kh-lib-version
	@mkdir -p $(@D)
	@v=$$(sh tools/version.sh) && { [ "$$(cat $@ 2> /dev/null)" = "$$v" ] || echo "$$v" > $@; }
$(LIB_OUT)/obj/libkeyedhash/keyedhash.c.o: $(LIB_VERFILE)
$(LIB_OUT)/obj/libkeyedhash/keyedhash.c.o: LIB_VERDEF = -DKH_LIB_VERSION='"$(shell cat $(LIB_VERFILE))"'

$(LIB_OUT)/obj/%.S.o: %.S libkeyedhash/lib.mk
	@mkdir -p $(@D)
	$(CC) -D__ASSEMBLY__ -fPIC $(LIB_SHIM) -MMD -MP -Wa,--noexecstack -c $< -o $@

$(LIB_SO): $(LIB_OBJS) libkeyedhash/keyedhash.map
	$(CC) -shared -Wl,-soname,$(LIB_SONAME) -Wl,--version-script,libkeyedhash/keyedhash.map \
		-Wl,-z,relro,-z,now -Wl,-z,noexecstack -Wl,--no-undefined $(LDFLAGS) \
		-o $@ $(LIB_OBJS)

$(LIB_OUT)/libkeyedhash.so: $(LIB_SO)
	ln -sf $(notdir $(LIB_SO)) $(LIB_OUT)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $@

$(LIB_A): $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

# (for PREFIX as given to make lib; make install-lib writes its own)
$(LIB_PC): libkeyedhash/keyedhash.pc.in libkeyedhash/lib.mk $(LIB_VERFILE)
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
		-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e "s|@VERSION@|$$(cat $(LIB_VERFILE))|g" $< > $@

install-lib: lib
	install -D -m 644 $(LIB_SO) $(DESTDIR)$(LIBDIR)/$(notdir $(LIB_SO))
	ln -sf $(notdir $(LIB_SO)) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libkeyedhash.so
	install -D -m 644 $(LIB_A) $(DESTDIR)$(LIBDIR)/libkeyedhash.a
	install -D -m 644 libkeyedhash/include/keyedhash.h $(DESTDIR)$(INCLUDEDIR)/keyedhash.h
	@mkdir -p $(DESTDIR)$(LIBDIR)/pkgconfig
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
		-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e "s|@VERSION@|$$(cat $(LIB_VERFILE))|g" \
		libkeyedhash/keyedhash.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/keyedhash.pc
	chmod 644 $(DESTDIR)$(LIBDIR)/pkgconfig/keyedhash.pc
	for m in $(LIB_MAN3); do install -D -m 644 $$m $(MAN3DIR)/$$(basename $$m) || exit 1; done
	$(if $(DESTDIR),,-ldconfig)

uninstall-lib:
	rm -f $(DESTDIR)$(LIBDIR)/$(notdir $(LIB_SO)) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME) \
		$(DESTDIR)$(LIBDIR)/libkeyedhash.so $(DESTDIR)$(LIBDIR)/libkeyedhash.a \
		$(DESTDIR)$(INCLUDEDIR)/keyedhash.h $(DESTDIR)$(LIBDIR)/pkgconfig/keyedhash.pc \
		$(addprefix $(MAN3DIR)/,$(notdir $(LIB_MAN3)))

-include $(shell find $(LIB_OUT)/obj -name '*.d' 2>/dev/null)

# ---------------------------------------------------------------- tests
# make check-lib: the library's host tests (tests/libkeyedhash/), each a few
# seconds: every vector through every driver (libtest), through khsum without
# the module, through Python; ASan/UBSan; valgrind; the constant-time check
# (make ct); the fuzz test for FUZZ_SECONDS (default 10; make fuzz
# FUZZ_SECONDS=600 for longer); the ABI against the last release's
# (libkeyedhash/abi/abi.sh); keys and states wiped before free().
LIB_VECTORS := $(LIB_OUT)/vectors.tsv
LIB_TEST_RPATH := -Wl,-rpath,$(LIB_OUT)

$(LIB_VECTORS): tests/libkeyedhash/vectors.py tests/gen-testvecs.py $(wildcard tests/vectors/*.txt)
	@mkdir -p $(@D)
	python3 tests/libkeyedhash/vectors.py -o $@

$(LIB_OUT)/libtest: tests/libkeyedhash/libtest.c libkeyedhash/include/keyedhash.h $(LIB_OUT)/libkeyedhash.so $(LIB_VECTORS)
	$(CC) -O2 -g $(LIB_WARN) -Ilibkeyedhash/include -o $@ $< -L$(LIB_OUT) -lkeyedhash $(LIB_TEST_RPATH)

# The sanitizer and fuzzing builds of the library: its objects once more,
# in their own directories, with the instrumentation.
LIB_ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
$(LIB_OUT)/asan/libtest: tests/libkeyedhash/libtest.c $(LIB_SRCS) libkeyedhash/include/keyedhash.h libkeyedhash/backend.h
	$(MAKE) -s $(LIB_OUT)/asan/lib/libkeyedhash.a BUILD=$(LIB_OUT)/asan LIB_CFLAGS="$(LIB_ASAN_FLAGS)"
	$(CC) $(LIB_ASAN_FLAGS) $(LIB_WARN) -Ilibkeyedhash/include -o $@ $< $(LIB_OUT)/asan/lib/libkeyedhash.a

# The fuzz target (tests/libkeyedhash/fuzz.c) against independent references:
# the Rust crates highway, sthash and multimixer-128
# (tests/libkeyedhash/fuzz-refs/, a static library built with cargo --locked;
# crates.io the first time) and Linux 6.1's nhpoly1305-generic
# (tests/libkeyedhash/fuzz-linux.c, compiled from the installed linux-source-6.1
# through tools/bench/kshim/).
FUZZ_CC ?= clang-14
FUZZ_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all
CARGO ?= $(or $(shell command -v cargo 2>/dev/null),$(wildcard $(HOME)/.cargo/bin/cargo),cargo)
FUZZ_REFS := $(BUILD)/fuzz/refs/release/libkhfuzzrefs.a $(BUILD)/fuzz/linux-ref.a
FUZZ_REFS_LIBS := -lpthread -ldl -lm
$(BUILD)/fuzz/refs/release/libkhfuzzrefs.a: tests/libkeyedhash/fuzz-refs/Cargo.toml \
		tests/libkeyedhash/fuzz-refs/Cargo.lock tests/libkeyedhash/fuzz-refs/src/lib.rs
	@command -v $(CARGO) >/dev/null || { echo "the fuzz target's references need cargo (a Rust toolchain: rustup, or apt-get install cargo)"; exit 1; }
	env -u RUSTFLAGS $(CARGO) build -q --release --locked \
		--manifest-path tests/libkeyedhash/fuzz-refs/Cargo.toml --target-dir $(BUILD)/fuzz/refs

$(BUILD)/fuzz/linux-ref.a: tests/libkeyedhash/fuzz-linux.c tools/bench/kpeer-nhpoly1305.c tests/libkeyedhash/linux-src.sh
	@mkdir -p $(BUILD)/fuzz/linux-obj
	d=$$(bash tests/libkeyedhash/linux-src.sh $(BUILD)/fuzz) && \
	f="-O2 -g -fno-strict-aliasing -fno-common -Itools/bench/kshim -idirafter $$d/include" && \
	$(FUZZ_CC) $$f -DKB_KFILE="\"$$d/crypto/nhpoly1305.c\"" -c tools/bench/kpeer-nhpoly1305.c \
		-o $(BUILD)/fuzz/linux-obj/nhpoly1305.o && \
	$(FUZZ_CC) $$f -c $$d/lib/crypto/poly1305-donna64.c -o $(BUILD)/fuzz/linux-obj/poly1305-donna64.o && \
	$(FUZZ_CC) $$f -c tests/libkeyedhash/fuzz-linux.c -o $(BUILD)/fuzz/linux-obj/fuzz-linux.o
	rm -f $@
	$(AR) rcs $@ $(BUILD)/fuzz/linux-obj/*.o

# the library instrumented for libFuzzer, in build/fuzz/lib/
$(BUILD)/fuzz/lib/libkeyedhash.a: $(LIB_SRCS) $(KH_HDRS) $(wildcard arch/*/*.h) \
		libkeyedhash/include/keyedhash.h libkeyedhash/backend.h libkeyedhash/lib.mk
	$(MAKE) -s $@ BUILD=$(BUILD)/fuzz CC=$(FUZZ_CC) \
		LIB_CFLAGS="$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link"

$(BUILD)/fuzz/kh-fuzz: tests/libkeyedhash/fuzz.c $(BUILD)/fuzz/lib/libkeyedhash.a $(FUZZ_REFS)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -Ilibkeyedhash/include -o $@ $< \
		$(BUILD)/fuzz/lib/libkeyedhash.a $(FUZZ_REFS) $(FUZZ_REFS_LIBS)

# the mutants the fuzzer must find (tests/libkeyedhash/mutant.sh), from empty
# corpora
$(BUILD)/fuzz/kh-fuzz-%: tests/libkeyedhash/fuzz.c $(BUILD)/fuzz/lib/libkeyedhash.a $(FUZZ_REFS) tests/libkeyedhash/mutant.sh
	$(MAKE) -s $(BUILD)/fuzz/lib/mutant/$*/libkeyedhash.a BUILD=$(BUILD)/fuzz CC=$(FUZZ_CC) \
		LIB_CFLAGS="$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link"
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -Ilibkeyedhash/include -o $@ $< \
		$(BUILD)/fuzz/lib/mutant/$*/libkeyedhash.a $(FUZZ_REFS) $(FUZZ_REFS_LIBS)

# The same checks as a plain program (tests/libkeyedhash/run.sh fuzz-arm64): on
# the host with the references, recording their answers; for arm64 without them,
# replaying the recording under qemu-aarch64.
$(BUILD)/fuzz/kh-fuzz-record: tests/libkeyedhash/fuzz.c $(LIB_A) $(FUZZ_REFS)
	$(CC) -O2 -g $(LIB_WARN) -DKH_FUZZ_MAIN -Ilibkeyedhash/include -o $@ $< $(LIB_A) $(FUZZ_REFS) $(FUZZ_REFS_LIBS)

$(BUILD)/arm64lib/kh-fuzz-replay: tests/libkeyedhash/fuzz.c $(BUILD)/arm64lib/libtest
	$(LIB_ARM64_CC) -O2 -g -static $(LIB_WARN) -DKH_FUZZ_MAIN -DKH_FUZZ_NO_REFS -Ilibkeyedhash/include \
		-o $@ $< $(BUILD)/arm64lib/lib/libkeyedhash.a

# and with the NEON mutant the replay must catch
$(BUILD)/arm64lib/kh-fuzz-replay-%: tests/libkeyedhash/fuzz.c $(BUILD)/arm64lib/libtest tests/libkeyedhash/mutant.sh
	$(MAKE) -s $(BUILD)/arm64lib/lib/mutant/$*/libkeyedhash.a BUILD=$(BUILD)/arm64lib CC=$(LIB_ARM64_CC)
	$(LIB_ARM64_CC) -O2 -g -static $(LIB_WARN) -DKH_FUZZ_MAIN -DKH_FUZZ_NO_REFS -Ilibkeyedhash/include \
		-o $@ $< $(BUILD)/arm64lib/lib/mutant/$*/libkeyedhash.a

# The constant-time check (tests/libkeyedhash/ct.c, run under Valgrind memcheck
# by tests/libkeyedhash/run.sh ct) on the library as built, and on mutants of it
# (tests/libkeyedhash/mutant.sh NAME: one file changed, in a copy of the
# archive) that the check must catch.
$(LIB_OUT)/ct: tests/libkeyedhash/ct.c $(LIB_A) libkeyedhash/include/keyedhash.h
	$(CC) -O2 -g $(LIB_WARN) -Ilibkeyedhash/include -o $@ $< $(LIB_A)

KH_MUTANT_ENV = CC="$(CC)" KH_MUTANT_CFLAGS="$(LIB_ALL_CFLAGS)" \
	KH_MUTANT_ASFLAGS="-D__ASSEMBLY__ -fPIC $(LIB_SHIM) -Wa,--noexecstack"
.PRECIOUS: $(LIB_OUT)/mutant/%/libkeyedhash.a
$(LIB_OUT)/mutant/%/libkeyedhash.a: $(LIB_A) tests/libkeyedhash/mutant.sh
	@mkdir -p $(@D)
	$(KH_MUTANT_ENV) bash tests/libkeyedhash/mutant.sh $* $(CURDIR) $(LIB_A) $@

$(LIB_OUT)/mutant/%/ct: tests/libkeyedhash/ct.c $(LIB_OUT)/mutant/%/libkeyedhash.a
	$(CC) -O2 -g $(LIB_WARN) -Ilibkeyedhash/include -o $@ $< $(LIB_OUT)/mutant/$*/libkeyedhash.a

# every block the library frees is checked to be wiped
# (tests/libkeyedhash/wipetest.c)
$(LIB_OUT)/wipetest: tests/libkeyedhash/wipetest.c $(LIB_A) libkeyedhash/include/keyedhash.h
	$(CC) -O2 -g $(LIB_WARN) -Ilibkeyedhash/include -o $@ $< $(LIB_A) \
		-Wl,--wrap=malloc,--wrap=aligned_alloc,--wrap=free

# arm64: the library and libtest cross-built (static, for qemu-aarch64)
LIB_ARM64_CC := $(if $(filter aarch64,$(shell uname -m)),$(CC),aarch64-linux-gnu-gcc)
$(BUILD)/arm64lib/libtest: tests/libkeyedhash/libtest.c $(wildcard lib/*.c arch/arm64/*) libkeyedhash/include/keyedhash.h \
		libkeyedhash/backend.c libkeyedhash/keyedhash.c libkeyedhash/cpu.c libkeyedhash/backend.h
	$(MAKE) -s $(BUILD)/arm64lib/lib/libkeyedhash.a BUILD=$(BUILD)/arm64lib CC=$(LIB_ARM64_CC)
	$(LIB_ARM64_CC) -O2 -static $(LIB_WARN) -Ilibkeyedhash/include -o $@ $< $(BUILD)/arm64lib/lib/libkeyedhash.a

# arm64: the constant-time check and its mutants cross-built (dynamic: the
# arm64 valgrind, tests/rig/host/valgrind-arm64.sh, needs ld.so), run under
# qemu-aarch64 by tests/libkeyedhash/run.sh ct-arm64
KH_ARM64_CT := $(addprefix $(BUILD)/arm64lib/lib/,ct mutant/ct-key-branch/ct mutant/ct-msg-index/ct)
$(BUILD)/arm64lib/ct.stamp: tests/libkeyedhash/ct.c tests/libkeyedhash/mutant.sh $(wildcard lib/*.c arch/arm64/*) $(KH_HDRS) \
		libkeyedhash/include/keyedhash.h libkeyedhash/backend.c libkeyedhash/keyedhash.c libkeyedhash/cpu.c libkeyedhash/backend.h
	$(MAKE) -s $(KH_ARM64_CT) BUILD=$(BUILD)/arm64lib CC=$(LIB_ARM64_CC)
	touch $@

# build/lib/test-NAME: a runner of tests/libkeyedhash/run.sh NAME, its programs
# built
LIB_TESTS := vectors wipe khsum khsum-cli keycheck python asan valgrind ct ct-arm64 fuzz fuzz-arm64 abi arm64 install
$(LIB_OUT)/test-vectors $(LIB_OUT)/test-valgrind: $(LIB_OUT)/libtest
$(LIB_OUT)/test-wipe: $(LIB_OUT)/wipetest
$(LIB_OUT)/test-khsum: $(LIB_VECTORS) $(BUILD)/khsum
$(LIB_OUT)/test-khsum-cli: $(BUILD)/khsum
$(LIB_OUT)/test-keycheck: $(BUILD)/integrity-keycheck $(LIB_OUT)/libkeyedhash.so tests/libkeyedhash/keycheck.py
$(LIB_OUT)/test-python: $(wildcard python/src/keyedhash/* python/*.py python/*.toml) $(LIB_SRCS)
$(LIB_OUT)/test-asan: $(LIB_OUT)/asan/libtest $(LIB_VECTORS)
# (the SIMD mutant of the host's architecture, and the shared one)
FUZZ_MUTANTS := $(if $(filter aarch64,$(LIB_MACH)),fuzz-neon-tail,fuzz-tail-bit) fuzz-packet-bit
$(LIB_OUT)/test-fuzz: $(BUILD)/fuzz/kh-fuzz $(addprefix $(BUILD)/fuzz/kh-fuzz-,$(FUZZ_MUTANTS))
$(LIB_OUT)/test-fuzz-arm64: $(BUILD)/fuzz/kh-fuzz-record $(BUILD)/arm64lib/kh-fuzz-replay \
	$(BUILD)/arm64lib/kh-fuzz-replay-fuzz-neon-tail
$(LIB_OUT)/test-ct-arm64: $(BUILD)/arm64lib/ct.stamp
$(LIB_OUT)/test-ct: $(LIB_OUT)/ct $(LIB_OUT)/mutant/ct-key-branch/ct $(LIB_OUT)/mutant/ct-msg-index/ct
$(LIB_OUT)/test-abi: $(LIB_SO) $(LIB_OUT)/libkeyedhash.so $(wildcard libkeyedhash/abi/*.abi) libkeyedhash/abi/abi.sh
$(LIB_OUT)/test-install: lib $(BUILD)/khsum
$(LIB_OUT)/test-arm64: $(BUILD)/arm64lib/libtest $(LIB_VECTORS)
$(LIB_OUT)/test-%: tests/libkeyedhash/run.sh
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec bash "%s" %s "%s"\n' "$(CURDIR)/tests/libkeyedhash/run.sh" $* "$(BUILD)" > $@
	chmod +x $@

# make check-lib: them all; make fuzz FUZZ_SECONDS=600: the fuzzer alone, longer
# (and 20000 generated inputs on arm64);
# make ct: the constant-time check alone (docs/reliability.md)
.PHONY: check-lib fuzz abi-release ct ct-timing
check-lib: $(addprefix $(LIB_OUT)/test-,$(LIB_TESTS))
	@for t in $(LIB_TESTS); do $(LIB_OUT)/test-$$t | tail -1 || exit 1; done

fuzz: $(LIB_OUT)/test-fuzz $(LIB_OUT)/test-fuzz-arm64
	FUZZ_SECONDS=$(or $(FUZZ_SECONDS),600) $(LIB_OUT)/test-fuzz
	FUZZ_ARM64_INPUTS=$(or $(FUZZ_ARM64_INPUTS),20000) $(LIB_OUT)/test-fuzz-arm64

ct: $(LIB_OUT)/test-ct $(LIB_OUT)/test-ct-arm64
	$(LIB_OUT)/test-ct
	$(LIB_OUT)/test-ct-arm64

# make ct-timing: the statistical timing test (tests/libkeyedhash/ct-timing.c,
# dudect's method) of the AVX-512 drivers, natively; it reports, nothing
# asserts timings (CT_TIMING_ARGS="-n 1000000 sthash-avx2" for others)
$(LIB_OUT)/ct-timing: tests/libkeyedhash/ct-timing.c $(LIB_A) libkeyedhash/include/keyedhash.h
	$(CC) -O2 -g $(LIB_WARN) -Ilibkeyedhash/include -o $@ $< $(LIB_A) -lm

ct-timing: $(LIB_OUT)/ct-timing
	$< -s $(CT_TIMING_ARGS)

# make abi-release ABI_VERSION=X.Y.Z: record libkeyedhash/abi/X.Y.Z.abi, the ABI
# the release X.Y.Z ships, in the commit that marks it (a released version's
# dump is never rewritten; libkeyedhash/abi/abi.sh, docs/packaging.md)
abi-release: $(LIB_SO)
	libkeyedhash/abi/abi.sh record $(LIB_SO) $(or $(ABI_VERSION),$(shell sh tools/version.sh))

# make bench-python: a 1 MiB digest from Python against the C library's
# time (tests/libkeyedhash/pyspeed.py), in the venv test-python installs
$(LIB_OUT)/speed: tests/libkeyedhash/speed.c $(LIB_OUT)/libkeyedhash.so
	$(CC) -O2 $(LIB_WARN) -Ilibkeyedhash/include -o $@ $< -L$(LIB_OUT) -lkeyedhash $(LIB_TEST_RPATH)

.PHONY: bench-python
bench-python: $(LIB_OUT)/speed $(LIB_OUT)/test-python
	$(LIB_OUT)/test-python | tail -1
	cd $(BUILD) && pyvenv/bin/python $(CURDIR)/tests/libkeyedhash/pyspeed.py $(LIB_OUT)/speed
