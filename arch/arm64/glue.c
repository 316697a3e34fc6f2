// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the arm64 NEON drivers.  Each algorithm's state machine is
 * instantiated here with the assembly (the *-neon.S files) as direct calls
 * between kernel_neon_begin() and kernel_neon_end(), at most KH_SIMD_CHUNK
 * bytes of data per section, and the generic C below the driver's
 * threshold or whenever SIMD may not be used (include/keyedhash/simd.h).
 * The arch-ops tables name the same block functions for the tests and the
 * benchmark; the drivers register only on CPUs with ASIMD.
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

/*
 * struct kh_impl.simd_min, as on x86 (arch/x86/glue.c): the NEON drivers
 * have not been timed on arm64 hardware, so these are the x86 values.
 * (kernel_neon_begin() saves 512 bytes of FPSIMD registers where x86 saves
 * up to 2.7 KiB: on arm64 the best thresholds are probably lower.)
 */
#define KH_HH64_SIMD_MIN	128
#define KH_HH_SIMD_MIN		0
#define KH_MM128_SIMD_MIN	2048
#define KH_NH_SIMD_MIN		768

/* HighwayHash */

asmlinkage void kh_hh_blocks_neon(struct hh_state *st, const u8 *src,
				  size_t nblocks);
asmlinkage void kh_hh_permute_neon(struct hh_state *st, unsigned int rounds);

/* In a SIMD section: the remainder packet is built in C, then absorbed. */
static void hh_finish_neon(struct hh_state *st, u8 *out,
			   unsigned int digestsize)
{
	bool remainder = st->len % HH_PACKET_SIZE;
	u8 pkt[HH_PACKET_SIZE];

	/* the assembly loads and stores the state words as one block */
	BUILD_BUG_ON(offsetof(struct hh_state, v1) != 32 ||
		     offsetof(struct hh_state, mul0) != 64 ||
		     offsetof(struct hh_state, mul1) != 96);

	if (remainder) {
		hh_remainder_prepare(st, pkt);
		kh_hh_blocks_neon(st, pkt, 1);
		memzero_explicit(pkt, sizeof(pkt));
	}
	kh_hh_permute_neon(st, hh_final_rounds(digestsize));
	hh_emit(st, out, digestsize);
}

static const struct hh_arch_ops hh_neon_ops = {
	.blocks = kh_hh_blocks_neon,
	.finish = hh_finish_neon,
};

KH_HH_SIMD_ALG(hh_neon_alg, kh_hh_blocks_neon, hh_finish_neon);

/* Multimixer-128: key and message advance together. */

asmlinkage void kh_mm128_blocks_neon(u64 h[8], const u8 *key, const u8 *msg,
				     size_t nblocks);

static const struct mm128_arch_ops mm128_neon_ops = {
	.blocks = kh_mm128_blocks_neon,
};

KH_MM128_SIMD_ALG(mm128_neon_alg, kh_mm128_blocks_neon);

/* NH, for nhpoly1305, sthash and sthash-personalized */

asmlinkage void kh_nh_neon(const u32 *key, const u8 *msg, size_t len,
			   u64 hash[KH_NH_NUM_PASSES]);

static const struct nhpoly1305_arch_ops nhpoly1305_neon_ops = {
	.nh = kh_nh_neon,
};

KH_NHPOLY1305_SIMD_UPDATE(nhpoly1305_neon_update, kh_nh_neon)
KH_NHPOLY1305_SIMD_ALG(nhpoly1305_neon_alg, nhpoly1305_neon_update);
KH_STHASH_SIMD_ALGS(sthash_neon_alg, nhpoly1305_neon_update,
		    sthash_keccakf_generic);

#define KH_NEON_DRIVER(alg_name, drv, prio, dsize, bsize, algops, archops, \
		       min) {						\
	.name = alg_name, .driver = drv, .priority = prio,		\
	.digestsize = dsize, .blocksize = bsize,			\
	.alg = &(algops), .arch = &(archops), .simd_min = min,		\
	.usable = kh_neon_usable,					\
}

const struct kh_impl kh_arch_impls[] = {
	KH_NEON_DRIVER("highwayhash64", "highwayhash64-neon",
		       KH_NEON_PRIORITY, HH64_DIGEST_SIZE, HH_PACKET_SIZE,
		       hh_neon_alg, hh_neon_ops, KH_HH64_SIMD_MIN),
	KH_NEON_DRIVER("highwayhash128", "highwayhash128-neon",
		       KH_NEON_PRIORITY, HH128_DIGEST_SIZE, HH_PACKET_SIZE,
		       hh_neon_alg, hh_neon_ops, KH_HH_SIMD_MIN),
	KH_NEON_DRIVER("highwayhash256", "highwayhash256-neon",
		       KH_NEON_PRIORITY, HH256_DIGEST_SIZE, HH_PACKET_SIZE,
		       hh_neon_alg, hh_neon_ops, KH_HH_SIMD_MIN),
	KH_NEON_DRIVER("multimixer128", "multimixer128-neon",
		       KH_NEON_PRIORITY, MM128_DIGEST_SIZE, MM128_BLOCK_SIZE,
		       mm128_neon_alg, mm128_neon_ops, KH_MM128_SIMD_MIN),
	{
		.name = "nhpoly1305", .driver = "nhpoly1305-keyedhash-neon",
		.priority = KH_NHPOLY1305_NEON_PRIORITY,
		.digestsize = NHPOLY1305_DIGEST_SIZE, .blocksize = 0,
		.alg = &nhpoly1305_neon_alg, .arch = &nhpoly1305_neon_ops,
		.simd_min = KH_NH_SIMD_MIN, .usable = kh_neon_usable,
		/* so that the kernel's driver is there to stay above ours */
		.load_first = "nhpoly1305-neon",
	},
	KH_NEON_DRIVER("sthash", "sthash-neon",
		       KH_NEON_PRIORITY, STHASH_DIGEST_SIZE, KH_NH_UNIT,
		       sthash_neon_alg, nhpoly1305_neon_ops, KH_NH_SIMD_MIN),
	KH_NEON_DRIVER("sthash-personalized", "sthash-personalized-neon",
		       KH_NEON_PRIORITY, STHASH_DIGEST_SIZE, KH_NH_UNIT,
		       sthash_neon_alg_personalized, nhpoly1305_neon_ops,
		       KH_NH_SIMD_MIN),
};

const unsigned int kh_arch_impl_count = ARRAY_SIZE(kh_arch_impls);

MODULE_ALIAS_CRYPTO("highwayhash64-neon");
MODULE_ALIAS_CRYPTO("highwayhash128-neon");
MODULE_ALIAS_CRYPTO("highwayhash256-neon");
MODULE_ALIAS_CRYPTO("multimixer128-neon");
MODULE_ALIAS_CRYPTO("nhpoly1305-keyedhash-neon");
MODULE_ALIAS_CRYPTO("sthash-neon");
MODULE_ALIAS_CRYPTO("sthash-personalized-neon");
