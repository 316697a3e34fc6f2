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
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>

/* HighwayHash (highwayhash-neon.S): blocks, and the finalisation's rounds */
asmlinkage void kh_highwayhash_blocks_neon(struct kh_highwayhash_state *st,
					   const u8 *src, size_t nblocks);
asmlinkage void kh_highwayhash_permute_neon(struct kh_highwayhash_state *st,
					    unsigned int rounds);

/* Multimixer-128 (multimixer128-neon.S): key and message advance together */
asmlinkage void kh_multimixer128_blocks_neon(u64 h[8], const u8 *key,
					     const u8 *msg, size_t nblocks);

/* NH (nh-neon.S): a kh_nh_fn */
asmlinkage void kh_nh_neon(const u32 *key, const u8 *msg, size_t len,
			   u64 hash[KH_NH_NUM_PASSES]);

#endif /* _KEYEDHASH_ARCH_ARM64_BLOCKS_H */
