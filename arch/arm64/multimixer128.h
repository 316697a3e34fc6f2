/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Multimixer-128 on arm64: NEON (multimixer128-neon.S).  Included by
 * <keyedhash/internal/multimixer128.h> alone (see
 * <keyedhash/internal/arch.h>), after its types and prototypes.
 */
#ifndef _KEYEDHASH_ARCH_ARM64_MULTIMIXER128_H
#define _KEYEDHASH_ARCH_ARM64_MULTIMIXER128_H

#include <linux/jump_label.h>
#include <linux/linkage.h>
#include <keyedhash/internal/drivers.h>

/* The assembly: key and message advance together. */
asmlinkage void kh_multimixer128_blocks_neon(u64 h[8], const u8 *key,
					     const u8 *msg, size_t nblocks);

/* @nblocks whole blocks with instruction set @isa (a constant). */
static __always_inline void
kh_multimixer128_blocks_isa(enum kh_isa isa, u64 h[8], const u8 *key,
			    const u8 *msg, size_t nblocks)
{
	if (isa == KH_ISA_neon)
		kh_multimixer128_blocks_neon(h, key, msg, nblocks);
	else
		kh_multimixer128_blocks_generic(h, key, msg, nblocks);
}

DECLARE_STATIC_KEY_FALSE(kh_have_multimixer128_neon);

/* The x86 values, untimed on arm64 (see arch/arm64/highwayhash.h). */
#define KH_MULTIMIXER128_NEON_MIN	{ .task = 2048, .kthread = 192 }

static __always_inline enum kh_isa kh_multimixer128_isa(void)
{
	if (static_branch_likely(&kh_have_multimixer128_neon))
		return KH_ISA_neon;
	return KH_ISA_generic;
}

/* The final is generic C everywhere (a store of the sums). */
static __always_inline int
kh_multimixer128_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			    struct kh_multimixer128_state *st,
			    const struct kh_multimixer128_key *key,
			    const u8 *data, size_t len)
{
	static const struct kh_simd_min minn = KH_MULTIMIXER128_NEON_MIN;

	if (isa == KH_ISA_AUTO)
		isa = kh_multimixer128_isa();
	if (isa == KH_ISA_neon)
		return kh_multimixer128_update_neon(st, key, data, len,
						    min ?: &minn);
	return kh_multimixer128_update_generic(st, key, data, len);
}

#endif /* _KEYEDHASH_ARCH_ARM64_MULTIMIXER128_H */
