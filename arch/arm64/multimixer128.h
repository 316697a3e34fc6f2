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
#include <keyedhash/internal/arch.h>

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

#define kh_multimixer128_blocks_isa kh_multimixer128_blocks_isa

DECLARE_STATIC_KEY_FALSE(kh_have_multimixer128_neon);

#define KH_MULTIMIXER128_ISAS	KH_ISA_BIT(neon)

/* Whether the module runs instruction set @isa (a constant). */
static __always_inline bool kh_multimixer128_key(enum kh_isa isa)
{
	return isa == KH_ISA_neon &&
	       static_branch_likely(&kh_have_multimixer128_neon);
}

#endif /* _KEYEDHASH_ARCH_ARM64_MULTIMIXER128_H */
