// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the arm64 NEON drivers.  Each algorithm gets one arch-ops table
 * whose block functions run the assembly (the *-neon.S files here) between
 * kernel_neon_begin() and kernel_neon_end(), at most KH_SIMD_CHUNK bytes of
 * data per section, and the generic C whenever SIMD may not be used
 * (include/keyedhash/simd.h).  The shash glue, the init-time self-test,
 * the KUnit suites and the benchmark reach the assembly through these
 * tables only; the drivers register only on CPUs with ASIMD.
 */
#include <crypto/algapi.h>	/* MODULE_ALIAS_CRYPTO() */
#include <linux/crypto.h>
#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/cpufeature.h>
#include <asm/neon.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/simd.h>
#include <keyedhash/highwayhash.h>
#include <keyedhash/multimixer128.h>
#include <keyedhash/nhpoly1305.h>
#include <keyedhash/sthash.h>

/*
 * The assembly loads 32-bit and 64-bit elements in CPU order where the
 * algorithms define little-endian words (Kconfig: !CPU_BIG_ENDIAN).
 */
#ifdef CONFIG_CPU_BIG_ENDIAN
#error "the keyedhash NEON drivers support little-endian kernels only"
#endif

#define KH_NEON_PRIORITY		200
/*
 * Above our generic nhpoly1305 but below the kernel's own nhpoly1305-neon
 * (200): this driver has not been timed on arm64 hardware, so Adiantum
 * keeps the kernel's NEON code by default.
 */
#define KH_NHPOLY1305_NEON_PRIORITY	150

static bool kh_neon_usable(void)
{
	return cpu_have_named_feature(ASIMD);
}

/* HighwayHash */

asmlinkage void kh_hh_blocks_neon(struct hh_state *st, const u8 *src,
				  size_t nblocks);
asmlinkage void kh_hh_permute_neon(struct hh_state *st, unsigned int rounds);

KH_SIMD_BLOCKS(hh_blocks_neon, struct hh_state *, kh_hh_blocks_neon,
	       hh_blocks_generic, HH_PACKET_SIZE)

/* The remainder packet is built in C, then absorbed like any other. */
static void hh_finish_neon(struct hh_state *st, u8 *out,
			   unsigned int digestsize)
{
	struct kh_simd_save save;
	bool remainder = st->len % HH_PACKET_SIZE;
	u8 pkt[HH_PACKET_SIZE];

	/* the assembly loads and stores the state words as one block */
	BUILD_BUG_ON(offsetof(struct hh_state, v1) != 32 ||
		     offsetof(struct hh_state, mul0) != 64 ||
		     offsetof(struct hh_state, mul1) != 96);

	if (!kh_simd_usable()) {
		hh_finish_generic(st, out, digestsize);
		return;
	}
	if (remainder)
		hh_remainder_prepare(st, pkt);
	kh_simd_begin(&save);
	if (remainder)
		kh_hh_blocks_neon(st, pkt, 1);
	kh_hh_permute_neon(st, hh_final_rounds(digestsize));
	kh_simd_end(&save);
	if (remainder)
		memzero_explicit(pkt, sizeof(pkt));
	hh_emit(st, out, digestsize);
}

static const struct hh_arch_ops hh_neon_ops = {
	.blocks = hh_blocks_neon,
	.finish = hh_finish_neon,
};

/* Multimixer-128: key and message advance together. */

asmlinkage void kh_mm128_blocks_neon(u64 h[8], const u8 *key, const u8 *msg,
				     size_t nblocks);

static void mm128_blocks_neon(u64 h[8], const u8 *key, const u8 *msg,
			      size_t nblocks)
{
	struct kh_simd_save save;

	if (!kh_simd_usable()) {
		mm128_blocks_generic(h, key, msg, nblocks);
		return;
	}
	while (nblocks) {
		size_t n = min_t(size_t, nblocks,
				 KH_SIMD_CHUNK / MM128_BLOCK_SIZE);

		kh_simd_begin(&save);
		kh_mm128_blocks_neon(h, key, msg, n);
		kh_simd_end(&save);
		key += n * MM128_BLOCK_SIZE;
		msg += n * MM128_BLOCK_SIZE;
		nblocks -= n;
	}
}

static const struct mm128_arch_ops mm128_neon_ops = {
	.blocks = mm128_blocks_neon,
};

/* NH, for nhpoly1305, sthash and sthash-personalized: at most 1 KiB a call. */

asmlinkage void kh_nh_neon(const u32 *key, const u8 *msg, size_t len,
			   u64 hash[KH_NH_NUM_PASSES]);

static void nh_neon(const u32 *key, const u8 *msg, size_t len,
		    u64 hash[KH_NH_NUM_PASSES])
{
	struct kh_simd_save save;

	BUILD_BUG_ON(KH_NH_CHUNK > KH_SIMD_CHUNK);

	if (!kh_simd_usable()) {
		kh_nh_generic(key, msg, len, hash);
		return;
	}
	kh_simd_begin(&save);
	kh_nh_neon(key, msg, len, hash);
	kh_simd_end(&save);
}

static const struct nhpoly1305_arch_ops nhpoly1305_neon_ops = {
	.nh = nh_neon,
};

#define KH_NEON_DRIVER(alg_name, drv, prio, dsize, bsize, algops, archops) { \
	.name = alg_name, .driver = drv, .priority = prio,		\
	.digestsize = dsize, .blocksize = bsize,			\
	.alg = algops, .arch = archops, .usable = kh_neon_usable,	\
}

const struct kh_impl kh_arch_impls[] = {
	KH_NEON_DRIVER("highwayhash64", "highwayhash64-neon",
		       KH_NEON_PRIORITY, HH64_DIGEST_SIZE, HH_PACKET_SIZE,
		       &hh_alg_ops, &hh_neon_ops),
	KH_NEON_DRIVER("highwayhash128", "highwayhash128-neon",
		       KH_NEON_PRIORITY, HH128_DIGEST_SIZE, HH_PACKET_SIZE,
		       &hh_alg_ops, &hh_neon_ops),
	KH_NEON_DRIVER("highwayhash256", "highwayhash256-neon",
		       KH_NEON_PRIORITY, HH256_DIGEST_SIZE, HH_PACKET_SIZE,
		       &hh_alg_ops, &hh_neon_ops),
	KH_NEON_DRIVER("multimixer128", "multimixer128-neon",
		       KH_NEON_PRIORITY, MM128_DIGEST_SIZE, MM128_BLOCK_SIZE,
		       &mm128_alg_ops, &mm128_neon_ops),
	{
		.name = "nhpoly1305", .driver = "nhpoly1305-keyedhash-neon",
		.priority = KH_NHPOLY1305_NEON_PRIORITY,
		.digestsize = NHPOLY1305_DIGEST_SIZE, .blocksize = 0,
		.alg = &nhpoly1305_alg_ops, .arch = &nhpoly1305_neon_ops,
		.usable = kh_neon_usable,
		/* so that the kernel's driver is there to stay above ours */
		.load_first = "nhpoly1305-neon",
	},
	KH_NEON_DRIVER("sthash", "sthash-neon",
		       KH_NEON_PRIORITY, STHASH_DIGEST_SIZE, KH_NH_UNIT,
		       &sthash_alg_ops, &nhpoly1305_neon_ops),
	KH_NEON_DRIVER("sthash-personalized", "sthash-personalized-neon",
		       KH_NEON_PRIORITY, STHASH_DIGEST_SIZE, KH_NH_UNIT,
		       &sthash_personalized_alg_ops, &nhpoly1305_neon_ops),
};

const unsigned int kh_arch_impl_count = ARRAY_SIZE(kh_arch_impls);

MODULE_ALIAS_CRYPTO("highwayhash64-neon");
MODULE_ALIAS_CRYPTO("highwayhash128-neon");
MODULE_ALIAS_CRYPTO("highwayhash256-neon");
MODULE_ALIAS_CRYPTO("multimixer128-neon");
MODULE_ALIAS_CRYPTO("nhpoly1305-keyedhash-neon");
MODULE_ALIAS_CRYPTO("sthash-neon");
MODULE_ALIAS_CRYPTO("sthash-personalized-neon");
