/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash on arm64: NEON (highwayhash-neon.S).  Included by
 * <keyedhash/internal/highwayhash.h> alone (see
 * <keyedhash/internal/arch.h>), after its types and prototypes.
 */
#ifndef _KEYEDHASH_ARCH_ARM64_HIGHWAYHASH_H
#define _KEYEDHASH_ARCH_ARM64_HIGHWAYHASH_H

#include <linux/jump_label.h>
#include <linux/linkage.h>
#include <keyedhash/internal/arch.h>

/* The assembly: blocks, and the finalisation's rounds. */
asmlinkage void kh_highwayhash_blocks_neon(struct kh_highwayhash_state *st,
					   const u8 *src, size_t nblocks);
asmlinkage void kh_highwayhash_permute_neon(struct kh_highwayhash_state *st,
					    unsigned int rounds);

/* @nblocks whole blocks with instruction set @isa (a constant). */
static __always_inline void
kh_highwayhash_blocks_isa(enum kh_isa isa, struct kh_highwayhash_state *st,
			  const u8 *src, size_t nblocks)
{
	if (isa == KH_ISA_neon)
		kh_highwayhash_blocks_neon(st, src, nblocks);
	else
		kh_highwayhash_blocks_generic(st, src, nblocks);
}

#define kh_highwayhash_blocks_isa kh_highwayhash_blocks_isa

/*
 * The end of a message: the remainder packet built in C and absorbed, the
 * permute rounds in NEON, the output in C.  Inside a SIMD section its
 * caller holds; leaves the state spent.
 */
static inline void kh_highwayhash_tail_neon(struct kh_highwayhash_state *st,
					    u8 *out, unsigned int digestsize)
{
	u8 pkt[KH_HIGHWAYHASH_BLOCK_SIZE];

	/* the assembly loads and stores the state words as one block */
	BUILD_BUG_ON(offsetof(struct kh_highwayhash_state, v1) != 32 ||
		     offsetof(struct kh_highwayhash_state, mul0) != 64 ||
		     offsetof(struct kh_highwayhash_state, mul1) != 96);

	if (st->len % KH_HIGHWAYHASH_BLOCK_SIZE) {
		kh_highwayhash_remainder_prepare(st, pkt);
		kh_highwayhash_blocks_neon(st, pkt, 1);
		memzero_explicit(pkt, sizeof(pkt));
	}
	kh_highwayhash_permute_neon(st, kh_highwayhash_final_rounds(digestsize));
	kh_highwayhash_emit(st, out, digestsize);
}

DECLARE_STATIC_KEY_FALSE(kh_have_highwayhash_neon);

#define KH_HIGHWAYHASH_ISAS	KH_ISA_BIT(neon)

/* Whether the module runs instruction set @isa (a constant). */
static __always_inline bool kh_highwayhash_key(enum kh_isa isa)
{
	return isa == KH_ISA_neon &&
	       static_branch_likely(&kh_have_highwayhash_neon);
}

#endif /* _KEYEDHASH_ARCH_ARM64_HIGHWAYHASH_H */
