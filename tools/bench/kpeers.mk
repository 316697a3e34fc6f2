# SPDX-License-Identifier: GPL-2.0
#
# The in-kernel peers of the dm-integrity comparison (included by build.mk
# when KB_LINUX is set on x86_64): Linux 6.1's hmac(sha256) inners
# sha256-ni and sha256-avx2, hmac(sha512)'s sha512-avx2, crc32c-intel
# (PCLMULQDQ), xxhash64-generic, blake2b-256-generic and the x86 Poly1305,
# with the generic C they fall back to and their assembly, compiled
# unmodified from KB_LINUX through kshim/ into the kernel-mode copy only
# (built and charged as its other rows; see README.md).  The HMAC template
# and the crypto API calls around the drivers are modelled in
# peers-kernel.c; nothing of the kernel is kept in this repository.
#
# The Poly1305 assembly is generated as the kernel's Makefile does it:
# perl arch/x86/crypto/poly1305-x86_64-cryptogams.pl > .S.

KB_KP := $(KB_O)/kmode/linux/k
# the shim must declare everything the kernel files call
KB_KPEER_WARN := -Werror=implicit-function-declaration
KB_KPX := $(KB_LINUX)/arch/x86/crypto
# glue files: name, file, what kpeer-kfile.c exposes, extra flags
KB_KPEER_GLUE := sha256 sha512 crc32c xxhash blake2b poly1305
KB_KPEER_FILE_sha256 := arch/x86/crypto/sha256_ssse3_glue.c
KB_KPEER_FILE_sha512 := arch/x86/crypto/sha512_ssse3_glue.c
KB_KPEER_FILE_crc32c := arch/x86/crypto/crc32c-intel_glue.c
KB_KPEER_FILE_xxhash := crypto/xxhash_generic.c
KB_KPEER_FILE_blake2b := crypto/blake2b_generic.c
KB_KPEER_FILE_poly1305 := arch/x86/crypto/poly1305_glue.c
# Debian 6.1: CONFIG_AS_SHA256_NI=y, CONFIG_AS_AVX512=y; the x86 Poly1305
# state needs CONFIG_CRYPTO_LIB_POLY1305_RSIZE=11 (lib/crypto/Kconfig).
KB_KPEER_DEFS_sha256 := -DCONFIG_AS_SHA256_NI=1
KB_KPEER_DEFS_poly1305 := -DCONFIG_AS_AVX512=1 -DCONFIG_CRYPTO_LIB_POLY1305_RSIZE=11
# whole files: the generic C the drivers call
KB_KPEER_C := crypto/sha256_generic.c lib/crypto/sha256.c \
	crypto/sha512_generic.c lib/xxhash.c
KB_KPEER_S := sha256_ni_asm sha256-avx2-asm sha256-avx-asm sha256-ssse3-asm \
	sha512-avx2-asm sha512-avx-asm sha512-ssse3-asm crc32c-pcl-intel-asm_64

KB_KPEER_PARTS := $(patsubst %,$(KB_KP)/glue-%.o,$(KB_KPEER_GLUE)) \
	$(patsubst %.c,$(KB_KP)/%.o,$(KB_KPEER_C)) \
	$(patsubst %,$(KB_KP)/%.o,$(KB_KPEER_S)) \
	$(KB_KP)/poly1305-x86_64-cryptogams.o \
	$(KB_O)/kmode/harness/kb-thunks.o \
	$(KB_O)/kmode/harness/peers-kernel.o $(KB_O)/kmode/harness/dmint-ours.o

$(KB_KP)/glue-%.o: $(KB_SRC)/kpeer-kfile.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_KMODE_KCFLAGS) $(KB_KSHIM) $(KB_KPEER_WARN) -MMD -MP \
		-DKB_KPEER_$(shell echo $* | tr a-z A-Z) $(KB_KPEER_DEFS_$*) \
		-DKB_KFILE='"$(KB_LINUX)/$(KB_KPEER_FILE_$*)"' -c $< -o $@

$(KB_KP)/%.o: $(KB_LINUX)/%.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_KMODE_KCFLAGS) $(KB_KSHIM) $(KB_KPEER_WARN) -MMD -MP -c $< -o $@

$(KB_KP)/%.o: $(KB_KPX)/%.S $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) -D__ASSEMBLY__ -DKB_KMODE $(KB_KSHIM) -MMD -MP \
		-Wa,--noexecstack -c $< -o $@

$(KB_KP)/poly1305-x86_64-cryptogams.S: $(KB_KPX)/poly1305-x86_64-cryptogams.pl
	@mkdir -p $(@D)
	perl $< > $@.tmp && mv $@.tmp $@

$(KB_KP)/poly1305-x86_64-cryptogams.o: $(KB_KP)/poly1305-x86_64-cryptogams.S $(KB_STAMP)
	$(KB_CC) -D__ASSEMBLY__ -DKB_KMODE -DCONFIG_AS_AVX512=1 $(KB_KSHIM) \
		-MMD -MP -Wa,--noexecstack -c $< -o $@

$(KB_O)/kmode/harness/kb-thunks.o: $(KB_SRC)/kb-thunks.S $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(filter -DKB_PLAIN_RET,$(KB_THUNK_FLAGS)) -Wa,--noexecstack \
		-c $< -o $@

$(KB_O)/kmode/harness/dmint-ours.o: KB_EXTRA = $(KB_SHIM)

# boot_cpu_has() for every peer compiled through kshim/ (both copies)
KB_LINUX_OBJS += $(KB_O)/linux/kshim-cpu.o

$(KB_O)/linux/kshim-cpu.o: $(KB_SRC)/kshim-cpu.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_KCFLAGS) $(KB_WARN) -MMD -MP -c $< -o $@

$(KB_O)/kmode/linux/kshim-cpu.o: $(KB_SRC)/kshim-cpu.c $(KB_STAMP)
	@mkdir -p $(@D)
	$(KB_CC) $(KB_KMODE_KCFLAGS) $(KB_WARN) -MMD -MP -c $< -o $@

# The bare build's side: the references the peers are checked against
# (peers-ref.c) and those of our dm-integrity rows (dmint-ours.c).
ifneq ($(KB_KMODE),0)
KB_DEFS += -DKB_HAVE_KPEERS
KB_HARNESS += peers-ref dmint-ours
$(KB_O)/harness/dmint-ours.o: KB_EXTRA = $(KB_SHIM)
endif
