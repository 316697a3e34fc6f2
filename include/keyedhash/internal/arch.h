/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keyedhash: where each algorithm's instruction sets are.
 *
 * Each algorithm has one header per architecture, arch/<arch>/<alg>.h
 * (x86, arm64), and arch/generic/<alg>.h where the module has no arch code
 * (other architectures, the host tests of the generic C).  The header of
 * the algorithm's library file, <keyedhash/internal/<alg>.h>, includes
 * its architecture's, as lib/crypto/<alg>.c includes $(SRCARCH)/<alg>.h
 * (found as "arch/<arch>/<alg>.h" through the module's top directory on
 * the include path: Kbuild, libkeyedhash/lib.mk, the host tests, the
 * benchmark); it holds, for that algorithm alone, what that architecture has:
 *
 *  - KH_<ALG>_ISAS, its instruction sets (a mask of KH_ISA_BIT()s; 0 in
 *    arch/generic/);
 *  - the prototypes of its assembly, and where it has some, its block
 *    functions by instruction set, kh_<alg>_blocks_isa(isa, ...)
 *    (kh_nh_isa() and kh_nh_chunks_isa() for the NH stream), which
 *    override the library header's generic C (#define kh_nh_isa
 *    kh_nh_isa): with @isa a constant, a direct call;
 *  - its static keys, kh_have_<alg>_<isa>, and kh_<alg>_key(isa), whether
 *    the module runs @isa: defined in arch/<arch>/glue.c, __ro_after_init,
 *    set by kh_arch_init() (module init calls it first) from what the CPU
 *    and the OS allow, and turned off again, alone, by a failing self-test
 *    of that algorithm's driver of that instruction set (its row's family,
 *    kh_register_simd()).
 *
 * The thresholds are the driver table's (<keyedhash/internal/drivers.h>).
 * The dispatcher is the library header's, one for every architecture:
 * kh_<alg>_isa() says which instruction set the library runs (the keys,
 * patched in place: no test at run time), and kh_<alg>_<op>_isa(isa, min,
 * ...) runs one: @isa KH_ISA_AUTO for that choice, any other value pins it
 * (a driver of the table: the drivers, libkeyedhash's driver names and
 * keyedhash_force_generic(), the host tests, the benchmark; one this
 * architecture lacks runs the generic C); @min NULL for the library's
 * thresholds (its driver's row), or the caller's.  The library's functions
 * (lib/) call it with KH_ISA_AUTO and NULL (kh_<alg>_<op>_arch()),
 * constants that leave the static branches and direct calls.
 */
#ifndef _KEYEDHASH_INTERNAL_ARCH_H
#define _KEYEDHASH_INTERNAL_ARCH_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <keyedhash/internal/isa.h>

/*
 * The instruction sets one algorithm has on this architecture, a constant
 * mask of KH_ISA_BIT()s (arch/<arch>/<alg>.h), and whether @isa is @want,
 * one of them: what keeps the dispatcher's calls of other architectures'
 * code out of the build even for an @isa known only at run time.
 */
#define KH_ISA_BIT(isa)		(1U << KH_ISA_##isa)

static __always_inline bool kh_isa_is(enum kh_isa isa, enum kh_isa want,
				      unsigned int isas)
{
	return (isas & (1U << want)) && isa == want;
}

/* arch/<arch>/glue.c (arch/none.c): enable the keys the CPU allows. */
void kh_arch_init(void);

/* What the CPU and the OS allow, per instruction set (arch/<arch>/glue.c). */
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
bool kh_avx2_usable(void);
/*
 * The AVX-512 code exists where the assembler knows AVX-512 (Kbuild); where
 * it does not, kh_avx512_usable() is false and its keys stay off.
 */
bool kh_avx512_usable(void);
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
bool kh_neon_usable(void);
#endif

#endif /* _KEYEDHASH_INTERNAL_ARCH_H */
