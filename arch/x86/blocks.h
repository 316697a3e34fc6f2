/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The x86_64 assembly entry points (the .S files of arch/x86/): each runs
 * inside a SIMD section its caller holds.  arch/x86/glue.c calls them; the
 * host tests and the benchmark reach them through tests/host/kh_blockfns.h.
 * The AVX-512 ones exist only where the assembler knows AVX-512 (Kbuild
 * defines KH_NO_AS_AVX512 where it does not).
 */
#ifndef _KEYEDHASH_ARCH_X86_BLOCKS_H
#define _KEYEDHASH_ARCH_X86_BLOCKS_H

#include <linux/linkage.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/keccak.h>

/* HighwayHash (highwayhash-avx2.S) */
asmlinkage void kh_highwayhash_blocks_avx2(struct kh_highwayhash_state *st,
					   const u8 *src, size_t nblocks);
/*
 * The remainder step (given the n = len % 32 buffered bytes' packet @pkt,
 * or none), the permute rounds and the output of @digestsize bytes.
 */
asmlinkage void kh_highwayhash_finish_avx2(struct kh_highwayhash_state *st,
					   u8 *out, unsigned int digestsize,
					   const u8 *pkt, unsigned int n);

/*
 * The end of a message: the remainder packet built in C, the rest in
 * AVX2.  Inside a SIMD section its caller holds; leaves the state spent.
 */
static inline void kh_highwayhash_tail_avx2(struct kh_highwayhash_state *st,
					    u8 *out, unsigned int digestsize)
{
	unsigned int n = st->len % KH_HIGHWAYHASH_BLOCK_SIZE;
	u8 pkt[KH_HIGHWAYHASH_BLOCK_SIZE];

	/* the assembly reads the state words at fixed offsets */
	BUILD_BUG_ON(offsetof(struct kh_highwayhash_state, v1) != 32 ||
		     offsetof(struct kh_highwayhash_state, mul0) != 64 ||
		     offsetof(struct kh_highwayhash_state, mul1) != 96);

	if (!n) {
		kh_highwayhash_finish_avx2(st, out, digestsize, NULL, 0);
		return;
	}
	kh_highwayhash_remainder_packet(st, pkt);
	kh_highwayhash_finish_avx2(st, out, digestsize, pkt, n);
	memzero_explicit(pkt, sizeof(pkt));
}

/*
 * Multimixer-128 (multimixer128-avx2.S, multimixer128-avx512.S): the
 * AVX-512 code takes groups of four blocks, nblocks a multiple of four.
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

/* NH (nh-avx2.S, nh-avx512.S): a kh_nh_fn and a kh_nh_chunks_fn each */
asmlinkage void kh_nh_avx2(const u32 *key, const u8 *msg, size_t len,
			   u64 hash[KH_NH_NUM_PASSES]);
asmlinkage void kh_nh_chunks_avx2(const u32 *key, const u8 *msg,
				  size_t nchunks,
				  u64 hashes[][KH_NH_NUM_PASSES]);
asmlinkage void kh_nh_avx512(const u32 *key, const u8 *msg, size_t len,
			     u64 hash[KH_NH_NUM_PASSES]);
asmlinkage void kh_nh_chunks_avx512(const u32 *key, const u8 *msg,
				    size_t nchunks,
				    u64 hashes[][KH_NH_NUM_PASSES]);

/* Keccak-f[1600] for STHash's output step (keccak-avx512.S) */
asmlinkage void kh_keccakf1600_avx512(u64 st[KH_KECCAK_LANES]);

#endif /* _KEYEDHASH_ARCH_X86_BLOCKS_H */
