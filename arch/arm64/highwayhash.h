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
#include <keyedhash/internal/drivers.h>

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

/* The block the buffer holds, then @nblocks (at least one) from @src. */
static __always_inline void
kh_highwayhash_buf_blocks_isa(enum kh_isa isa, struct kh_highwayhash_state *st,
			      const u8 *src, size_t nblocks)
{
	kh_highwayhash_blocks_isa(isa, st, st->buf, 1);
	kh_highwayhash_blocks_isa(isa, st, src, nblocks);
}

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

/*
 * The x86 values (arch/x86/highwayhash.h): the NEON code has not been
 * timed on arm64 hardware (kernel_neon_begin() saves 512 bytes of
 * registers where x86 saves up to 2.7 KiB, so the best task thresholds are
 * probably lower).
 */
#define KH_HIGHWAYHASH64_NEON_MIN	{ .task = 128, .kthread = 0 }
#define KH_HIGHWAYHASH_NEON_MIN		{ .task = 0, .kthread = 0 }

/* The library's thresholds of a digest size. */
static __always_inline const struct kh_simd_min *
kh_highwayhash_neon_min(unsigned int digestsize)
{
	static const struct kh_simd_min min64 = KH_HIGHWAYHASH64_NEON_MIN;
	static const struct kh_simd_min min128 = KH_HIGHWAYHASH_NEON_MIN;

	return digestsize == KH_HIGHWAYHASH64_DIGEST_SIZE ? &min64 : &min128;
}

static __always_inline enum kh_isa kh_highwayhash_isa(void)
{
	if (static_branch_likely(&kh_have_highwayhash_neon))
		return KH_ISA_neon;
	return KH_ISA_generic;
}

static __always_inline int
kh_highwayhash_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			  struct kh_highwayhash_state *st, const u8 *data,
			  size_t len, unsigned int digestsize)
{
	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
	if (isa == KH_ISA_neon)
		return kh_highwayhash_update_neon(st, data, len, min ?:
			kh_highwayhash_neon_min(digestsize));
	return kh_highwayhash_update_generic(st, data, len);
}

static __always_inline int
kh_highwayhash_final_isa(enum kh_isa isa, const struct kh_simd_min *min,
			 struct kh_highwayhash_state *st, u8 *out,
			 unsigned int digestsize)
{
	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
	if (isa == KH_ISA_neon)
		return kh_highwayhash_final_neon(st, out, digestsize, min ?:
			kh_highwayhash_neon_min(digestsize));
	return kh_highwayhash_final_generic(st, out, digestsize);
}

static __always_inline int
kh_highwayhash_digest_isa(enum kh_isa isa, const struct kh_simd_min *min,
			  struct kh_highwayhash_state *st,
			  const struct kh_highwayhash_key *key,
			  const u8 *data, size_t len, u8 *out,
			  unsigned int digestsize)
{
	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
	if (isa == KH_ISA_neon)
		return kh_highwayhash_digest_neon(st, key, data, len, out,
			digestsize, min ?: kh_highwayhash_neon_min(digestsize));
	return kh_highwayhash_digest_generic(st, key, data, len, out,
					     digestsize);
}

/* many messages at once: kh_highwayhash_digest_many_isa() */
#include "arch/arm64/highwayhash-many.h"

#endif /* _KEYEDHASH_ARCH_ARM64_HIGHWAYHASH_H */
