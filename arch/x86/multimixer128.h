/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Multimixer-128 on x86_64: AVX2 (multimixer128-avx2.S) and AVX-512
 * (multimixer128-avx512.S, where the assembler knows it: Kbuild defines
 * KH_NO_AS_AVX512 where it does not).  Included by
 * <keyedhash/internal/multimixer128.h> alone (see
 * <keyedhash/internal/arch.h>), after its types and prototypes.
 */
#ifndef _KEYEDHASH_ARCH_X86_MULTIMIXER128_H
#define _KEYEDHASH_ARCH_X86_MULTIMIXER128_H

#include <linux/jump_label.h>
#include <linux/linkage.h>
#include <keyedhash/internal/arch.h>

/*
 * The assembly, inside a SIMD section its caller holds; the AVX-512 code
 * takes groups of four blocks, nblocks a multiple of four.
 */
asmlinkage void kh_multimixer128_blocks_avx2(u64 h[8], const u8 *key,
					     const u8 *msg, size_t nblocks);
asmlinkage void kh_multimixer128_blocks4_avx512(u64 h[8], const u8 *key,
						const u8 *msg, size_t nblocks);

/* AVX-512: groups of four blocks in zmm registers, the last 0..3 with AVX2. */
static inline void kh_multimixer128_blocks_avx512(u64 h[8], const u8 *key,
						  const u8 *msg, size_t nblocks)
{
	size_t n4 = nblocks & ~(size_t)3;

	if (n4)
		kh_multimixer128_blocks4_avx512(h, key, msg, n4);
	if (nblocks > n4)
		kh_multimixer128_blocks_avx2(h,
					     key + n4 * KH_MULTIMIXER128_BLOCK_SIZE,
					     msg + n4 * KH_MULTIMIXER128_BLOCK_SIZE,
					     nblocks - n4);
}

/* @nblocks whole blocks with instruction set @isa (a constant). */
static __always_inline void
kh_multimixer128_blocks_isa(enum kh_isa isa, u64 h[8], const u8 *key,
			    const u8 *msg, size_t nblocks)
{
#ifndef KH_NO_AS_AVX512
	if (isa == KH_ISA_avx512) {
		kh_multimixer128_blocks_avx512(h, key, msg, nblocks);
		return;
	}
#endif
	if (isa == KH_ISA_avx2)
		kh_multimixer128_blocks_avx2(h, key, msg, nblocks);
	else
		kh_multimixer128_blocks_generic(h, key, msg, nblocks);
}

#define kh_multimixer128_blocks_isa kh_multimixer128_blocks_isa

DECLARE_STATIC_KEY_FALSE(kh_have_multimixer128_avx2);
DECLARE_STATIC_KEY_FALSE(kh_have_multimixer128_avx512);

#ifdef KH_NO_AS_AVX512
#define KH_MULTIMIXER128_ISAS	KH_ISA_BIT(avx2)
#else
#define KH_MULTIMIXER128_ISAS	(KH_ISA_BIT(avx2) | KH_ISA_BIT(avx512))
#endif

/* Whether the module runs instruction set @isa (a constant). */
static __always_inline bool kh_multimixer128_key(enum kh_isa isa)
{
	if (isa == KH_ISA_avx512)
		return static_branch_likely(&kh_have_multimixer128_avx512);
	return isa == KH_ISA_avx2 &&
	       static_branch_likely(&kh_have_multimixer128_avx2);
}

#endif /* _KEYEDHASH_ARCH_X86_MULTIMIXER128_H */
