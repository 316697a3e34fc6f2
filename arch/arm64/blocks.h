/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arm64 NEON assembly entry points (the .S files of arch/arm64/): each
 * runs inside a SIMD section its caller holds.  arch/arm64/glue.c calls
 * them; the host tests and the benchmark reach them through
 * tests/host/kh_blockfns.h.
 */
#ifndef _KEYEDHASH_ARCH_ARM64_BLOCKS_H
#define _KEYEDHASH_ARCH_ARM64_BLOCKS_H

#include <linux/linkage.h>
#include <linux/string.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>

/* HighwayHash (highwayhash-neon.S): blocks, and the finalisation's rounds */
asmlinkage void kh_highwayhash_blocks_neon(struct kh_highwayhash_state *st,
					   const u8 *src, size_t nblocks);
asmlinkage void kh_highwayhash_permute_neon(struct kh_highwayhash_state *st,
					    unsigned int rounds);

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

/* Multimixer-128 (multimixer128-neon.S): key and message advance together */
asmlinkage void kh_multimixer128_blocks_neon(u64 h[8], const u8 *key,
					     const u8 *msg, size_t nblocks);

/* NH (nh-neon.S): a kh_nh_fn */
asmlinkage void kh_nh_neon(const u32 *key, const u8 *msg, size_t len,
			   u64 hash[KH_NH_NUM_PASSES]);

#endif /* _KEYEDHASH_ARCH_ARM64_BLOCKS_H */
