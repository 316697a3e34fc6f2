// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the x86_64 drivers.  Each algorithm gets one arch-ops table per
 * instruction set (hh_avx2_ops, ...); its block functions wrap the assembly
 * in SIMD sections of at most KH_SIMD_CHUNK bytes (include/keyedhash/simd.h)
 * and take the generic C when SIMD may not be used.  The shash glue, the
 * init-time self-test, the KUnit suites and the benchmark all reach the
 * assembly through these tables only.
 */
#include <crypto/algapi.h>	/* MODULE_ALIAS_CRYPTO() */
#include <linux/crypto.h>
#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/cpufeature.h>
#include <asm/fpu/api.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/simd.h>
#include <keyedhash/highwayhash.h>
#include <keyedhash/keccak.h>
#include <keyedhash/multimixer128.h>
#include <keyedhash/nhpoly1305.h>
#include <keyedhash/sthash.h>

#define KH_AVX2_PRIORITY	300
#define KH_AVX512_PRIORITY	350
/*
 * nhpoly1305: below the kernel's own nhpoly1305-avx2 (300), which module
 * init loads first (load_first), so that Adiantum keeps the in-tree code
 * unless our driver is named; see the README.
 */
#define KH_NHPOLY1305_AVX2_PRIORITY	250

static bool kh_x86_avx2_usable(void)
{
	return boot_cpu_has(X86_FEATURE_AVX2) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
}

static bool kh_x86_avx512_usable(void)
{
	return boot_cpu_has(X86_FEATURE_AVX2) &&
	       boot_cpu_has(X86_FEATURE_AVX512F) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				 XFEATURE_MASK_AVX512, NULL);
}

/* HighwayHash */

asmlinkage void kh_hh_blocks_avx2(struct hh_state *st, const u8 *src,
				  size_t nblocks);
asmlinkage void kh_hh_finish_avx2(struct hh_state *st, u8 *out,
				  unsigned int digestsize, const u8 *pkt,
				  unsigned int n);

KH_SIMD_BLOCKS(hh_blocks_avx2, struct hh_state *, kh_hh_blocks_avx2,
	       hh_blocks_generic, HH_PACKET_SIZE)

static void hh_finish_avx2(struct hh_state *st, u8 *out,
			   unsigned int digestsize)
{
	struct kh_simd_save save;
	unsigned int n = st->len % HH_PACKET_SIZE;
	u8 pkt[HH_PACKET_SIZE];

	/* the assembly reads the state words at fixed offsets */
	BUILD_BUG_ON(offsetof(struct hh_state, v1) != 32 ||
		     offsetof(struct hh_state, mul0) != 64 ||
		     offsetof(struct hh_state, mul1) != 96);

	if (!kh_simd_usable()) {
		hh_finish_generic(st, out, digestsize);
		return;
	}
	if (n)
		hh_remainder_packet(st, pkt);
	kh_simd_begin(&save);
	kh_hh_finish_avx2(st, out, digestsize, pkt, n);
	kh_simd_end(&save);
	if (n)
		memzero_explicit(pkt, sizeof(pkt));
}

static const struct hh_arch_ops hh_avx2_ops = {
	.blocks = hh_blocks_avx2,
	.finish = hh_finish_avx2,
};

/* Multimixer-128 */

asmlinkage void kh_mm128_blocks_avx2_asm(u64 h[8], const u8 *key,
					 const u8 *msg, size_t nblocks);

/* KH_SIMD_BLOCKS() by hand: the block function also takes the key. */
static void mm128_blocks_avx2(u64 h[8], const u8 *key, const u8 *msg,
			      size_t nblocks)
{
	struct kh_simd_save save;

	if (!kh_simd_usable()) {
		mm128_blocks_generic(h, key, msg, nblocks);
		return;
	}
	while (nblocks) {
		size_t n = min_t(size_t, nblocks, KH_SIMD_CHUNK / MM128_BLOCK_SIZE);

		kh_simd_begin(&save);
		kh_mm128_blocks_avx2_asm(h, key, msg, n);
		kh_simd_end(&save);
		key += n * MM128_BLOCK_SIZE;
		msg += n * MM128_BLOCK_SIZE;
		nblocks -= n;
	}
}

static const struct mm128_arch_ops mm128_avx2_ops = {
	.blocks = mm128_blocks_avx2,
};

asmlinkage void kh_mm128_blocks_avx512_asm(u64 h[8], const u8 *key,
					   const u8 *msg, size_t nblocks);

/* Groups of four blocks in zmm registers, the last 0..3 with AVX2. */
static void mm128_blocks_avx512(u64 h[8], const u8 *key, const u8 *msg,
				size_t nblocks)
{
	struct kh_simd_save save;

	if (!kh_simd_usable()) {
		mm128_blocks_generic(h, key, msg, nblocks);
		return;
	}
	while (nblocks) {
		size_t n = min_t(size_t, nblocks, KH_SIMD_CHUNK / MM128_BLOCK_SIZE);
		size_t n4 = n & ~(size_t)3;

		kh_simd_begin(&save);
		if (n4)
			kh_mm128_blocks_avx512_asm(h, key, msg, n4);
		if (n > n4)
			kh_mm128_blocks_avx2_asm(h, key + n4 * MM128_BLOCK_SIZE,
						 msg + n4 * MM128_BLOCK_SIZE,
						 n - n4);
		kh_simd_end(&save);
		key += n * MM128_BLOCK_SIZE;
		msg += n * MM128_BLOCK_SIZE;
		nblocks -= n;
	}
}

static const struct mm128_arch_ops mm128_avx512_ops = {
	.blocks = mm128_blocks_avx512,
};

/* NH, shared by nhpoly1305, sthash and sthash-personalized */

asmlinkage void kh_nh_avx2_asm(const u32 *key, const u8 *msg, size_t len,
			       u64 hash[KH_NH_NUM_PASSES]);

/* At most one chunk (1 KiB) per call: well inside KH_SIMD_CHUNK. */
static void kh_nh_avx2(const u32 *key, const u8 *msg, size_t len,
		       u64 hash[KH_NH_NUM_PASSES])
{
	struct kh_simd_save save;

	if (!kh_simd_usable()) {
		kh_nh_generic(key, msg, len, hash);
		return;
	}
	kh_simd_begin(&save);
	kh_nh_avx2_asm(key, msg, len, hash);
	kh_simd_end(&save);
}

static const struct nhpoly1305_arch_ops nhpoly1305_avx2_ops = {
	.nh = kh_nh_avx2,
};

/*
 * STHash with AVX-512: the AVX2 NH, and Keccak-f[1600] for the KMAC128
 * output step, the fixed cost that dominates short messages.
 */
asmlinkage void kh_keccakf1600_avx512_asm(u64 st[KH_KECCAK_LANES]);

static void kh_keccakf1600_avx512(u64 st[KH_KECCAK_LANES])
{
	struct kh_simd_save save;

	if (!kh_simd_usable()) {
		kh_keccakf1600(st);
		return;
	}
	kh_simd_begin(&save);
	kh_keccakf1600_avx512_asm(st);
	kh_simd_end(&save);
}

static const struct nhpoly1305_arch_ops sthash_avx512_ops = {
	.nh = kh_nh_avx2,
	.keccakf = kh_keccakf1600_avx512,
};

const struct kh_impl kh_arch_impls[] = {
	{
		.name = "highwayhash64", .driver = "highwayhash64-avx2",
		.priority = KH_AVX2_PRIORITY,
		.digestsize = HH64_DIGEST_SIZE, .blocksize = HH_PACKET_SIZE,
		.alg = &hh_alg_ops, .arch = &hh_avx2_ops,
		.usable = kh_x86_avx2_usable,
	}, {
		.name = "highwayhash128", .driver = "highwayhash128-avx2",
		.priority = KH_AVX2_PRIORITY,
		.digestsize = HH128_DIGEST_SIZE, .blocksize = HH_PACKET_SIZE,
		.alg = &hh_alg_ops, .arch = &hh_avx2_ops,
		.usable = kh_x86_avx2_usable,
	}, {
		.name = "highwayhash256", .driver = "highwayhash256-avx2",
		.priority = KH_AVX2_PRIORITY,
		.digestsize = HH256_DIGEST_SIZE, .blocksize = HH_PACKET_SIZE,
		.alg = &hh_alg_ops, .arch = &hh_avx2_ops,
		.usable = kh_x86_avx2_usable,
	}, {
		.name = "multimixer128", .driver = "multimixer128-avx2",
		.priority = KH_AVX2_PRIORITY,
		.digestsize = MM128_DIGEST_SIZE, .blocksize = MM128_BLOCK_SIZE,
		.alg = &mm128_alg_ops, .arch = &mm128_avx2_ops,
		.usable = kh_x86_avx2_usable,
	}, {
		.name = "multimixer128", .driver = "multimixer128-avx512",
		.priority = KH_AVX512_PRIORITY,
		.digestsize = MM128_DIGEST_SIZE, .blocksize = MM128_BLOCK_SIZE,
		.alg = &mm128_alg_ops, .arch = &mm128_avx512_ops,
		.usable = kh_x86_avx512_usable,
	}, {
		.name = "nhpoly1305", .driver = "nhpoly1305-keyedhash-avx2",
		.priority = KH_NHPOLY1305_AVX2_PRIORITY,
		.digestsize = NHPOLY1305_DIGEST_SIZE, .blocksize = 0,
		.alg = &nhpoly1305_alg_ops, .arch = &nhpoly1305_avx2_ops,
		.usable = kh_x86_avx2_usable, .load_first = "nhpoly1305-avx2",
	}, {
		.name = "sthash", .driver = "sthash-avx2",
		.priority = KH_AVX2_PRIORITY,
		.digestsize = STHASH_DIGEST_SIZE, .blocksize = KH_NH_UNIT,
		.alg = &sthash_alg_ops, .arch = &nhpoly1305_avx2_ops,
		.usable = kh_x86_avx2_usable,
	}, {
		.name = "sthash-personalized",
		.driver = "sthash-personalized-avx2",
		.priority = KH_AVX2_PRIORITY,
		.digestsize = STHASH_DIGEST_SIZE, .blocksize = KH_NH_UNIT,
		.alg = &sthash_personalized_alg_ops,
		.arch = &nhpoly1305_avx2_ops,
		.usable = kh_x86_avx2_usable,
	}, {
		.name = "sthash", .driver = "sthash-avx512",
		.priority = KH_AVX512_PRIORITY,
		.digestsize = STHASH_DIGEST_SIZE, .blocksize = KH_NH_UNIT,
		.alg = &sthash_alg_ops, .arch = &sthash_avx512_ops,
		.usable = kh_x86_avx512_usable,
	}, {
		.name = "sthash-personalized",
		.driver = "sthash-personalized-avx512",
		.priority = KH_AVX512_PRIORITY,
		.digestsize = STHASH_DIGEST_SIZE, .blocksize = KH_NH_UNIT,
		.alg = &sthash_personalized_alg_ops,
		.arch = &sthash_avx512_ops,
		.usable = kh_x86_avx512_usable,
	},
};

const unsigned int kh_arch_impl_count = ARRAY_SIZE(kh_arch_impls);

MODULE_ALIAS_CRYPTO("highwayhash64-avx2");
MODULE_ALIAS_CRYPTO("highwayhash128-avx2");
MODULE_ALIAS_CRYPTO("highwayhash256-avx2");
MODULE_ALIAS_CRYPTO("multimixer128-avx2");
MODULE_ALIAS_CRYPTO("multimixer128-avx512");
MODULE_ALIAS_CRYPTO("nhpoly1305-keyedhash-avx2");
MODULE_ALIAS_CRYPTO("sthash-avx2");
MODULE_ALIAS_CRYPTO("sthash-personalized-avx2");
MODULE_ALIAS_CRYPTO("sthash-avx512");
MODULE_ALIAS_CRYPTO("sthash-personalized-avx512");
