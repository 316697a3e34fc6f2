/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The block functions of the x86_64 drivers: the assembly entry points
 * (the .S files of arch/x86/) and the C that combines them.  Each runs inside a SIMD
 * section its caller holds.  arch/x86/glue.c calls them directly; the host
 * tests and the benchmark reach them through tests/host/kh_blockfns.h.
 * The AVX-512 ones exist only where the assembler knows AVX-512 (Kbuild
 * defines KH_NO_AS_AVX512 where it does not).
 */
#ifndef _KEYEDHASH_ARCH_X86_BLOCKS_H
#define _KEYEDHASH_ARCH_X86_BLOCKS_H

#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/string.h>
#include <keyedhash/highwayhash.h>
#include <keyedhash/keccak.h>
#include <keyedhash/multimixer128.h>
#include <keyedhash/nhpoly1305.h>

/* HighwayHash (highwayhash-avx2.S) */
asmlinkage void kh_hh_blocks_avx2(struct hh_state *st, const u8 *src,
				  size_t nblocks);
asmlinkage void kh_hh_finish_avx2(struct hh_state *st, u8 *out,
				  unsigned int digestsize, const u8 *pkt,
				  unsigned int n);

/* The finish block function: the remainder packet in C, the rest in AVX2. */
static inline void kh_avx2_hh_finish(struct hh_state *st, u8 *out,
				     unsigned int digestsize)
{
	unsigned int n = st->len % HH_PACKET_SIZE;
	u8 pkt[HH_PACKET_SIZE];

	/* the assembly reads the state words at fixed offsets */
	BUILD_BUG_ON(offsetof(struct hh_state, v1) != 32 ||
		     offsetof(struct hh_state, mul0) != 64 ||
		     offsetof(struct hh_state, mul1) != 96);

	if (!n) {
		kh_hh_finish_avx2(st, out, digestsize, NULL, 0);
		return;
	}
	kh_hh_remainder_packet(st, pkt);
	kh_hh_finish_avx2(st, out, digestsize, pkt, n);
	memzero_explicit(pkt, sizeof(pkt));
}

/* Multimixer-128 (multimixer128-avx2.S, multimixer128-avx512.S) */
asmlinkage void kh_mm128_blocks_avx2_asm(u64 h[8], const u8 *key,
					 const u8 *msg, size_t nblocks);
asmlinkage void kh_mm128_blocks_avx512_asm(u64 h[8], const u8 *key,
					   const u8 *msg, size_t nblocks);

/* AVX-512: groups of four blocks in zmm registers, the last 0..3 with AVX2. */
static inline void kh_avx512_mm128_blocks(u64 h[8], const u8 *key,
					  const u8 *msg, size_t nblocks)
{
	size_t n4 = nblocks & ~(size_t)3;

	if (n4)
		kh_mm128_blocks_avx512_asm(h, key, msg, n4);
	if (nblocks > n4)
		kh_mm128_blocks_avx2_asm(h, key + n4 * MM128_BLOCK_SIZE,
					 msg + n4 * MM128_BLOCK_SIZE,
					 nblocks - n4);
}

/* NH (nh-avx2.S, nh-avx512.S): kh_nh_fn and kh_nh_chunks_fn */
asmlinkage void kh_nh_avx2_asm(const u32 *key, const u8 *msg, size_t len,
			       u64 hash[KH_NH_NUM_PASSES]);
asmlinkage void kh_nh_avx2_chunks(const u32 *key, const u8 *msg,
				  size_t nchunks,
				  u64 hashes[][KH_NH_NUM_PASSES]);
asmlinkage void kh_nh_avx512_asm(const u32 *key, const u8 *msg, size_t len,
				 u64 hash[KH_NH_NUM_PASSES]);
asmlinkage void kh_nh_avx512_chunks(const u32 *key, const u8 *msg,
				    size_t nchunks,
				    u64 hashes[][KH_NH_NUM_PASSES]);

/* Keccak-f[1600] for STHash's output step (keccak-avx512.S) */
asmlinkage void kh_keccakf1600_avx512_asm(u64 st[KH_KECCAK_LANES]);

#endif /* _KEYEDHASH_ARCH_X86_BLOCKS_H */
