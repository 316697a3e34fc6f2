/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The block functions of every driver, by driver name, for the host tests
 * (tests/host/hosttest-arch.c) and the benchmark (tools/bench/ours.c) only:
 * the module's drivers call them directly and keep no table of them.  The
 * generic ones are the core's (lib/), the SIMD ones the assembly of
 * arch/<arch>/<algorithm>.h, built in where the arch drivers are (x86_64,
 * aarch64, in a build that links the arch code: KH_SHIM_ARCH), one entry
 * per row of the module's table (<keyedhash/internal/drivers.h>), named
 * by its instruction set.
 */
#ifndef _KEYEDHASH_TESTS_KH_BLOCKFNS_H
#define _KEYEDHASH_TESTS_KH_BLOCKFNS_H

#include <string.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/keccak.h>
#include <keyedhash/internal/sthash.h>
#include <keyedhash/internal/drivers.h>

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
	void (*nh)(const u32 *key, const u8 *msg, size_t len,
		   u64 hash[KH_NH_NUM_PASSES]);
	void (*nh_chunks)(const u32 *key, const u8 *msg, size_t nchunks,
			  u64 hashes[][KH_NH_NUM_PASSES]);
	void (*keccakf)(u64 st[KH_KECCAK_LANES]);
};

/* What differs by instruction set beyond the name's suffix */
#define KH_TEST_HH_TAIL_generic		kh_test_hh_tail_generic
#define KH_TEST_HH_TAIL_avx2		kh_highwayhash_tail_avx2
#define KH_TEST_HH_TAIL_neon		kh_highwayhash_tail_neon
#define KH_TEST_NH_CHUNKS_generic	NULL
#define KH_TEST_NH_CHUNKS_avx2		kh_nh_chunks_avx2
#define KH_TEST_NH_CHUNKS_avx512	kh_nh_chunks_avx512
#define KH_TEST_NH_CHUNKS_neon		NULL
#define KH_TEST_KECCAKF_generic		kh_keccakf1600_generic
#define KH_TEST_KECCAKF_avx2		kh_keccakf1600_generic
#define KH_TEST_KECCAKF_avx512		kh_keccakf1600_avx512
#define KH_TEST_KECCAKF_neon		kh_keccakf1600_generic

/* One row per driver of the module's table, by its algorithm */
#define KH_BLOCKFNS_highwayhash(drv, is)				\
	{ .driver = drv, .hh_blocks = kh_highwayhash_blocks_##is,	\
	  .hh_finish = KH_TEST_HH_TAIL_##is },
#define KH_BLOCKFNS_multimixer128(drv, is)				\
	{ .driver = drv, .mm128_blocks = kh_multimixer128_blocks_##is },
#define KH_BLOCKFNS_nhpoly1305(drv, is)					\
	{ .driver = drv, .nh = kh_nh_##is,				\
	  .nh_chunks = KH_TEST_NH_CHUNKS_##is,				\
	  .keccakf = KH_TEST_KECCAKF_##is },
#define KH_BLOCKFNS_sthash(drv, is)		KH_BLOCKFNS_nhpoly1305(drv, is)
#define KH_BLOCKFNS_sthash_personalized(drv, is) KH_BLOCKFNS_nhpoly1305(drv, is)
#define KH_BLOCKFNS_ROW(name, drv, prio, ds, bs, key, state, fam, is, ...) \
	KH_BLOCKFNS_##fam(drv, is)

static const struct kh_blockfns kh_blockfns[] = {
#define KH_DRIVER KH_BLOCKFNS_ROW
#include <keyedhash/internal/drivers.h>
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
