/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The block functions of the arm64 NEON drivers: the assembly entry points
 * (the .S files of arch/arm64/) and the C that combines them.  Each runs inside a SIMD
 * section its caller holds.  arch/arm64/glue.c calls them directly; the
 * host tests and the benchmark reach them through tests/host/kh_blockfns.h.
 */
#ifndef _KEYEDHASH_ARCH_ARM64_BLOCKS_H
#define _KEYEDHASH_ARCH_ARM64_BLOCKS_H

#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/string.h>
#include <keyedhash/highwayhash.h>
#include <keyedhash/multimixer128.h>
#include <keyedhash/nhpoly1305.h>

/* HighwayHash (highwayhash-neon.S) */
asmlinkage void kh_hh_blocks_neon(struct hh_state *st, const u8 *src,
				  size_t nblocks);
asmlinkage void kh_hh_permute_neon(struct hh_state *st, unsigned int rounds);

/*
 * The finish block function: the remainder packet is built in C, then
 * absorbed; the permute rounds in NEON, the output in C.
 */
static inline void kh_neon_hh_finish(struct hh_state *st, u8 *out,
				     unsigned int digestsize)
{
	bool remainder = st->len % HH_PACKET_SIZE;
	u8 pkt[HH_PACKET_SIZE];

	/* the assembly loads and stores the state words as one block */
	BUILD_BUG_ON(offsetof(struct hh_state, v1) != 32 ||
		     offsetof(struct hh_state, mul0) != 64 ||
		     offsetof(struct hh_state, mul1) != 96);

	if (remainder) {
		kh_hh_remainder_prepare(st, pkt);
		kh_hh_blocks_neon(st, pkt, 1);
		memzero_explicit(pkt, sizeof(pkt));
	}
	kh_hh_permute_neon(st, hh_final_rounds(digestsize));
	kh_hh_emit(st, out, digestsize);
}

/* Multimixer-128 (multimixer128-neon.S): key and message advance together */
asmlinkage void kh_mm128_blocks_neon(u64 h[8], const u8 *key, const u8 *msg,
				     size_t nblocks);

/* NH (nh-neon.S): a kh_nh_fn */
asmlinkage void kh_nh_neon(const u32 *key, const u8 *msg, size_t len,
			   u64 hash[KH_NH_NUM_PASSES]);

#endif /* _KEYEDHASH_ARCH_ARM64_BLOCKS_H */
