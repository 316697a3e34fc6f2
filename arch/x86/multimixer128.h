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
#include <keyedhash/internal/drivers.h>

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

DECLARE_STATIC_KEY_FALSE(kh_have_multimixer128_avx2);
DECLARE_STATIC_KEY_FALSE(kh_have_multimixer128_avx512);

/* The thresholds (as arch/x86/highwayhash.h explains). */
#define KH_MULTIMIXER128_AVX2_MIN	{ .task = 2048, .kthread = 192 }
#define KH_MULTIMIXER128_AVX512_MIN	{ .task = 2048, .kthread = 384 }

static __always_inline enum kh_isa kh_multimixer128_isa(void)
{
	if (static_branch_likely(&kh_have_multimixer128_avx512))
		return KH_ISA_avx512;
	if (static_branch_likely(&kh_have_multimixer128_avx2))
		return KH_ISA_avx2;
	return KH_ISA_generic;
}

/* The final is generic C everywhere (a store of the sums). */
static __always_inline int
kh_multimixer128_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			    struct kh_multimixer128_state *st,
			    const struct kh_multimixer128_key *key,
			    const u8 *data, size_t len)
{
#ifndef KH_NO_AS_AVX512
	static const struct kh_simd_min min512 = KH_MULTIMIXER128_AVX512_MIN;
#endif
	static const struct kh_simd_min min2 = KH_MULTIMIXER128_AVX2_MIN;

	if (isa == KH_ISA_AUTO)
		isa = kh_multimixer128_isa();
#ifndef KH_NO_AS_AVX512
	if (isa == KH_ISA_avx512)
		return kh_multimixer128_update_avx512(st, key, data, len,
						      min ?: &min512);
#endif
	if (isa == KH_ISA_avx2)
		return kh_multimixer128_update_avx2(st, key, data, len,
						    min ?: &min2);
	return kh_multimixer128_update_generic(st, key, data, len);
}

#endif /* _KEYEDHASH_ARCH_X86_MULTIMIXER128_H */
