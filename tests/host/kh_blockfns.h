/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The block functions of every driver, by driver name, for the host tests
 * (tests/host/hosttest-arch.c) and the benchmark (tools/bench/ours.c) only:
 * the module's drivers call them directly and keep no table of them.  The
 * generic ones are the core's (core/), the SIMD ones those of
 * arch/<arch>/blocks.h, built in where the arch drivers are (x86_64,
 * aarch64, in a build that links the arch code: KH_SHIM_ARCH).
 * hosttest-arch fails if an arch driver has no entry here.
 */
#ifndef _KEYEDHASH_TESTS_KH_BLOCKFNS_H
#define _KEYEDHASH_TESTS_KH_BLOCKFNS_H

#include <string.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/keccak.h>
#if defined(__x86_64__) && defined(KH_SHIM_ARCH)
#include "arch/x86/blocks.h"

#elif defined(__aarch64__) && defined(KH_SHIM_ARCH)
#include "arch/arm64/blocks.h"

#endif

/* The generic finish, for the same slot as kh_highwayhash_tail_<isa>(). */
static inline void kh_test_hh_tail_generic(struct kh_highwayhash_state *st,
					   u8 *out, unsigned int digestsize)
{
	kh_highwayhash_final_generic(st, out, digestsize);
}

/*
 * A driver's block functions, those of its algorithm (NULL for the others):
 * HighwayHash @hh_blocks and @hh_finish; Multimixer-128 @mm128_blocks;
 * nhpoly1305 and STHash @nh, @nh_chunks (NULL if the driver has none) and
 * @keccakf (STHash's output permutation, the generic one unless the
 * driver has its own).
 */
struct kh_blockfns {
	const char *driver;
	void (*hh_blocks)(struct kh_highwayhash_state *st, const u8 *src, size_t nblocks);
	void (*hh_finish)(struct kh_highwayhash_state *st, u8 *out,
			  unsigned int digestsize);
	void (*mm128_blocks)(u64 h[8], const u8 *key, const u8 *msg,
			     size_t nblocks);
	kh_nh_fn nh;
	kh_nh_chunks_fn nh_chunks;
	void (*keccakf)(u64 st[KH_KECCAK_LANES]);
};

#define KH_BLOCKFNS_HH(drv, blocks, finish) \
	{ .driver = drv, .hh_blocks = blocks, .hh_finish = finish }
#define KH_BLOCKFNS_MM128(drv, blocks) \
	{ .driver = drv, .mm128_blocks = blocks }
#define KH_BLOCKFNS_NH(drv, nhfn, chunks, keccak) \
	{ .driver = drv, .nh = nhfn, .nh_chunks = chunks, .keccakf = keccak }

static const struct kh_blockfns kh_blockfns[] = {
	KH_BLOCKFNS_HH("highwayhash64-generic", kh_highwayhash_blocks_generic,
		       kh_test_hh_tail_generic),
	KH_BLOCKFNS_HH("highwayhash128-generic", kh_highwayhash_blocks_generic,
		       kh_test_hh_tail_generic),
	KH_BLOCKFNS_HH("highwayhash256-generic", kh_highwayhash_blocks_generic,
		       kh_test_hh_tail_generic),
	KH_BLOCKFNS_MM128("multimixer128-generic", kh_multimixer128_blocks_generic),
	KH_BLOCKFNS_NH("nhpoly1305-keyedhash-generic", kh_nh_generic, NULL,
		       kh_keccakf1600),
	KH_BLOCKFNS_NH("sthash-generic", kh_nh_generic, NULL, kh_keccakf1600),
	KH_BLOCKFNS_NH("sthash-personalized-generic", kh_nh_generic, NULL,
		       kh_keccakf1600),
#if defined(__x86_64__) && defined(KH_SHIM_ARCH)
	KH_BLOCKFNS_HH("highwayhash64-avx2", kh_highwayhash_blocks_avx2,
		       kh_highwayhash_tail_avx2),
	KH_BLOCKFNS_HH("highwayhash128-avx2", kh_highwayhash_blocks_avx2,
		       kh_highwayhash_tail_avx2),
	KH_BLOCKFNS_HH("highwayhash256-avx2", kh_highwayhash_blocks_avx2,
		       kh_highwayhash_tail_avx2),
	KH_BLOCKFNS_MM128("multimixer128-avx2", kh_multimixer128_blocks_avx2),
	KH_BLOCKFNS_NH("nhpoly1305-keyedhash-avx2", kh_nh_avx2,
		       kh_nh_chunks_avx2, kh_keccakf1600),
	KH_BLOCKFNS_NH("sthash-avx2", kh_nh_avx2, kh_nh_chunks_avx2,
		       kh_keccakf1600),
	KH_BLOCKFNS_NH("sthash-personalized-avx2", kh_nh_avx2,
		       kh_nh_chunks_avx2, kh_keccakf1600),
#ifndef KH_NO_AS_AVX512
	KH_BLOCKFNS_MM128("multimixer128-avx512", kh_multimixer128_blocks_avx512),
	KH_BLOCKFNS_NH("sthash-avx512", kh_nh_avx512, kh_nh_chunks_avx512,
		       kh_keccakf1600_avx512),
	KH_BLOCKFNS_NH("sthash-personalized-avx512", kh_nh_avx512,
		       kh_nh_chunks_avx512, kh_keccakf1600_avx512),
#endif
#elif defined(__aarch64__) && defined(KH_SHIM_ARCH)
	KH_BLOCKFNS_HH("highwayhash64-neon", kh_highwayhash_blocks_neon,
		       kh_highwayhash_tail_neon),
	KH_BLOCKFNS_HH("highwayhash128-neon", kh_highwayhash_blocks_neon,
		       kh_highwayhash_tail_neon),
	KH_BLOCKFNS_HH("highwayhash256-neon", kh_highwayhash_blocks_neon,
		       kh_highwayhash_tail_neon),
	KH_BLOCKFNS_MM128("multimixer128-neon", kh_multimixer128_blocks_neon),
	KH_BLOCKFNS_NH("nhpoly1305-keyedhash-neon", kh_nh_neon, NULL,
		       kh_keccakf1600),
	KH_BLOCKFNS_NH("sthash-neon", kh_nh_neon, NULL, kh_keccakf1600),
	KH_BLOCKFNS_NH("sthash-personalized-neon", kh_nh_neon, NULL,
		       kh_keccakf1600),
#endif
};

/* The block functions of the driver named @driver, or NULL. */
static inline const struct kh_blockfns *kh_blockfns_of(const char *driver)
{
	size_t i;

	for (i = 0; i < sizeof(kh_blockfns) / sizeof(kh_blockfns[0]); i++)
		if (!strcmp(kh_blockfns[i].driver, driver))
			return &kh_blockfns[i];
	return NULL;
}

#endif /* _KEYEDHASH_TESTS_KH_BLOCKFNS_H */
