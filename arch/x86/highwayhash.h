/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash on x86_64: AVX2 (highwayhash-avx2.S).  Included by
 * <keyedhash/internal/highwayhash.h> alone (see
 * <keyedhash/internal/arch.h>), after its types and prototypes.
 */
#ifndef _KEYEDHASH_ARCH_X86_HIGHWAYHASH_H
#define _KEYEDHASH_ARCH_X86_HIGHWAYHASH_H

#include <linux/jump_label.h>
#include <linux/linkage.h>
#include <keyedhash/internal/arch.h>

/* The assembly, inside a SIMD section its caller holds. */
asmlinkage void kh_highwayhash_blocks_avx2(struct kh_highwayhash_state *st,
					   const u8 *src, size_t nblocks);
/*
 * The end of a message from the state: the remainder step of the @n =
 * len % 32 bytes in its buffer, the permute rounds and the output of
 * @digestsize bytes.
 */
asmlinkage void kh_highwayhash_finish_avx2(struct kh_highwayhash_state *st,
					   u8 *out, unsigned int digestsize,
					   unsigned int n);

/* The buffered block, then @nblocks (at least one) from @src. */
asmlinkage void kh_highwayhash_buf_blocks_avx2(struct kh_highwayhash_state *st,
					       const u8 *src, size_t nblocks);
/*
 * A whole message from v0 and v1 of a new message (@v: a prepared key's
 * v0 then v1, or a fresh state's), the state in registers throughout:
 * inside a SIMD section its caller holds, at most KH_SIMD_CHUNK bytes.
 */
asmlinkage void kh_highwayhash_oneshot_avx2(const u64 *v, const u8 *data,
					    size_t len, u8 *out,
					    unsigned int digestsize);

/* @nblocks whole blocks with instruction set @isa (a constant). */
static __always_inline void
kh_highwayhash_blocks_isa(enum kh_isa isa, struct kh_highwayhash_state *st,
			  const u8 *src, size_t nblocks)
{
	if (isa == KH_ISA_avx2)
		kh_highwayhash_blocks_avx2(st, src, nblocks);
	else
		kh_highwayhash_blocks_generic(st, src, nblocks);
}

#define kh_highwayhash_blocks_isa kh_highwayhash_blocks_isa

/*
 * The block the buffer holds, then @nblocks (at least one) from @src; for
 * AVX2 in one call.
 */
static __always_inline void
kh_highwayhash_buf_blocks_isa(enum kh_isa isa, struct kh_highwayhash_state *st,
			      const u8 *src, size_t nblocks)
{
	if (isa == KH_ISA_avx2) {
		kh_highwayhash_buf_blocks_avx2(st, src, nblocks);
	} else {
		kh_highwayhash_blocks_generic(st, st->buf, 1);
		kh_highwayhash_blocks_generic(st, src, nblocks);
	}
}

#define kh_highwayhash_buf_blocks_isa kh_highwayhash_buf_blocks_isa

/*
 * The end of a message, all in AVX2.  Inside a SIMD section its caller
 * holds; leaves the state spent.
 */
static inline void kh_highwayhash_tail_avx2(struct kh_highwayhash_state *st,
					    u8 *out, unsigned int digestsize)
{
	/* the assembly reads the state words at fixed offsets */
	BUILD_BUG_ON(offsetof(struct kh_highwayhash_state, v1) != 32 ||
		     offsetof(struct kh_highwayhash_state, mul0) != 64 ||
		     offsetof(struct kh_highwayhash_state, mul1) != 96 ||
		     offsetof(struct kh_highwayhash_state, buf) != 128);

	kh_highwayhash_finish_avx2(st, out, digestsize,
				   st->len % KH_HIGHWAYHASH_BLOCK_SIZE);
}

DECLARE_STATIC_KEY_FALSE(kh_have_highwayhash_avx2);

#define KH_HIGHWAYHASH_ISAS	KH_ISA_BIT(avx2)

/* Whether the module runs instruction set @isa (a constant). */
static __always_inline bool kh_highwayhash_key(enum kh_isa isa)
{
	return isa == KH_ISA_avx2 &&
	       static_branch_likely(&kh_have_highwayhash_avx2);
}

/* many messages at once */
#include "arch/x86/highwayhash-many.h"

#endif /* _KEYEDHASH_ARCH_X86_HIGHWAYHASH_H */
