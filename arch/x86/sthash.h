/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STHash on x86_64: the NH stream in AVX2 or AVX-512
 * (arch/x86/nhpoly1305.h), and with AVX-512 the Keccak-f[1600] of the
 * output step (keccak-avx512.S).  Included by <keyedhash/internal/sthash.h>
 * alone (see <keyedhash/internal/arch.h>), after its
 * types and prototypes.
 */
#ifndef _KEYEDHASH_ARCH_X86_STHASH_H
#define _KEYEDHASH_ARCH_X86_STHASH_H

#include <linux/jump_label.h>
#include <linux/linkage.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/keccak.h>

/* The assembly, inside a SIMD section its caller holds. */
asmlinkage void kh_keccakf1600_avx512(u64 st[KH_KECCAK_LANES]);

DECLARE_STATIC_KEY_FALSE(kh_have_sthash_avx2);
DECLARE_STATIC_KEY_FALSE(kh_have_sthash_avx512);

#ifdef KH_NO_AS_AVX512
#define KH_STHASH_ISAS		KH_ISA_BIT(avx2)
#else
#define KH_STHASH_ISAS		(KH_ISA_BIT(avx2) | KH_ISA_BIT(avx512))
#endif

/* Whether the module runs instruction set @isa (a constant). */
static __always_inline bool kh_sthash_key(enum kh_isa isa)
{
	if (isa == KH_ISA_avx512)
		return static_branch_likely(&kh_have_sthash_avx512);
	return isa == KH_ISA_avx2 && static_branch_likely(&kh_have_sthash_avx2);
}

#endif /* _KEYEDHASH_ARCH_X86_STHASH_H */
