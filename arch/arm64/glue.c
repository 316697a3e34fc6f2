// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the arm64 NEON drivers.  Each driver is a named struct
 * kh_impl (kh_highwayhash256_neon, ...) whose ops (kh_highwayhash_neon_ops,
 * ...) are small functions that run the algorithm's state machine with the
 * block functions of arch/arm64/blocks.h (the *-neon.S files) as direct
 * calls between kernel_neon_begin() and kernel_neon_end(), at most
 * KH_SIMD_CHUNK bytes of data per section, and the generic C below the
 * driver's threshold or whenever SIMD may not be used
 * (include/keyedhash/simd.h).  The drivers register only on CPUs with
 * ASIMD.
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
#include <keyedhash/shash.h>
#include "blocks.h"

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
 * struct kh_impl.simd_min, as on x86 (arch/x86/glue.c; the AVX2
 * Multimixer-128 value): the NEON drivers have not been timed on arm64
 * hardware, so these are the x86 values, both contexts.
 * (kernel_neon_begin() saves 512 bytes of FPSIMD registers where x86 saves
 * up to 2.7 KiB: on arm64 the best task thresholds are probably lower.)
 */
#define KH_HH64_SIMD_MIN	{ .task = 128, .kthread = 0 }
#define KH_HH_SIMD_MIN		{ .task = 0, .kthread = 0 }
#define KH_MM128_SIMD_MIN	{ .task = 2048, .kthread = 192 }
#define KH_NH_SIMD_MIN		{ .task = 768, .kthread = 32 }

/* HighwayHash */

static void kh_hh_neon_blocks(void *st, const u8 *src, size_t nblocks)
{
	kh_hh_blocks_neon(st, src, nblocks);
}

static void kh_hh_neon_piece(void *st, const u8 *src, unsigned int len)
{
	kh_hh_absorb(st, src, len, kh_hh_neon_blocks);
}

static int kh_highwayhash_neon_update(const struct kh_impl *impl,
				      const void *ctx, void *state,
				      const u8 *src, unsigned int len)
{
	return kh_hh_simd_update(impl, state, src, len, kh_hh_neon_piece);
}

static int kh_highwayhash_neon_final(const struct kh_impl *impl,
				     const void *ctx, void *state, u8 *out)
{
	return kh_hh_simd_final(impl, state, out, kh_neon_hh_finish);
}

static const struct kh_shash_fns kh_highwayhash_neon_shash;

static const struct kh_alg_ops kh_highwayhash_neon_ops = {
	.ctxsize	= sizeof(struct hh_key),
	.statesize	= sizeof(struct hh_state),
	.setkey		= kh_hh_setkey,
	.init		= kh_hh_init,
	.update		= kh_highwayhash_neon_update,
	.final		= kh_highwayhash_neon_final,
	.shash		= &kh_highwayhash_neon_shash,
};

KH_SHASH_FNS(kh_highwayhash_neon_shash, kh_highwayhash_neon_ops);

static const struct kh_impl kh_highwayhash64_neon = {
	.name		= "highwayhash64",
	.driver		= "highwayhash64-neon",
	.priority	= KH_NEON_PRIORITY,
	.digestsize	= HH64_DIGEST_SIZE,
	.blocksize	= HH_PACKET_SIZE,
	.alg		= &kh_highwayhash_neon_ops,
	.simd_min	= KH_HH64_SIMD_MIN,
	.usable		= kh_neon_usable,
};

static const struct kh_impl kh_highwayhash128_neon = {
	.name		= "highwayhash128",
	.driver		= "highwayhash128-neon",
	.priority	= KH_NEON_PRIORITY,
	.digestsize	= HH128_DIGEST_SIZE,
	.blocksize	= HH_PACKET_SIZE,
	.alg		= &kh_highwayhash_neon_ops,
	.simd_min	= KH_HH_SIMD_MIN,
	.usable		= kh_neon_usable,
};

static const struct kh_impl kh_highwayhash256_neon = {
	.name		= "highwayhash256",
	.driver		= "highwayhash256-neon",
	.priority	= KH_NEON_PRIORITY,
	.digestsize	= HH256_DIGEST_SIZE,
	.blocksize	= HH_PACKET_SIZE,
	.alg		= &kh_highwayhash_neon_ops,
	.simd_min	= KH_HH_SIMD_MIN,
	.usable		= kh_neon_usable,
};

/* Multimixer-128 */

static void kh_mm128_neon_blocks(void *priv, const u8 *src, size_t nblocks)
{
	struct mm128_feed *f = priv;

	kh_mm128_blocks_neon(f->st->h, f->key, src, nblocks);
	f->key += nblocks * MM128_BLOCK_SIZE;
}

static void kh_mm128_neon_piece(void *f, const u8 *src, unsigned int len)
{
	mm128_absorb(f, src, len, kh_mm128_neon_blocks);
}

static int kh_multimixer128_neon_update(const struct kh_impl *impl,
					const void *ctx, void *state,
					const u8 *src, unsigned int len)
{
	return kh_mm128_simd_update(impl, ctx, state, src, len,
				    kh_mm128_neon_piece);
}

static const struct kh_shash_fns kh_multimixer128_neon_shash;

static const struct kh_alg_ops kh_multimixer128_neon_ops = {
	.ctxsize	= sizeof(struct mm128_tfm_ctx),
	.statesize	= sizeof(struct mm128_desc_ctx),
	.setkey		= kh_mm128_setkey,
	.exit		= kh_mm128_exit,
	.init		= kh_mm128_init,
	.update		= kh_multimixer128_neon_update,
	.final		= kh_mm128_final,
	.shash		= &kh_multimixer128_neon_shash,
};

KH_SHASH_FNS(kh_multimixer128_neon_shash, kh_multimixer128_neon_ops);

static const struct kh_impl kh_multimixer128_neon = {
	.name		= "multimixer128",
	.driver		= "multimixer128-neon",
	.priority	= KH_NEON_PRIORITY,
	.digestsize	= MM128_DIGEST_SIZE,
	.blocksize	= MM128_BLOCK_SIZE,
	.alg		= &kh_multimixer128_neon_ops,
	.simd_min	= KH_MM128_SIMD_MIN,
	.usable		= kh_neon_usable,
};

/* NH with NEON, for nhpoly1305, sthash and sthash-personalized */

static __always_inline void kh_nh_neon_units(void *f, const u8 *src,
					     size_t nunits)
{
	kh_nhpoly1305_units(f, src, nunits, kh_nh_neon, NULL, false);
}

static __always_inline void kh_nh_neon_piece(void *f, const u8 *src,
					     unsigned int len)
{
	kh_nhpoly1305_absorb(f, src, len, kh_nh_neon_units);
}

static int kh_nhpoly1305_neon_update(const struct kh_impl *impl,
				     const void *ctx, void *state,
				     const u8 *src, unsigned int len)
{
	kh_nhpoly1305_simd_stream_update(ctx, state, src, len,
					 kh_simd_min(&impl->simd_min),
					 kh_nh_neon_piece);
	return 0;
}

static const struct kh_shash_fns kh_nhpoly1305_neon_shash;

static const struct kh_alg_ops kh_nhpoly1305_neon_ops = {
	.ctxsize	= sizeof(struct kh_nhpoly1305_key),
	.statesize	= sizeof(struct kh_nhpoly1305_state),
	.setkey		= kh_nhpoly1305_setkey,
	.init		= kh_nhpoly1305_init,
	.update		= kh_nhpoly1305_neon_update,
	.final		= kh_nhpoly1305_final,
	.shash		= &kh_nhpoly1305_neon_shash,
};

KH_SHASH_FNS(kh_nhpoly1305_neon_shash, kh_nhpoly1305_neon_ops);

static const struct kh_impl kh_nhpoly1305_keyedhash_neon = {
	.name		= "nhpoly1305",
	.driver		= "nhpoly1305-keyedhash-neon",
	.priority	= KH_NHPOLY1305_NEON_PRIORITY,
	.digestsize	= NHPOLY1305_DIGEST_SIZE,
	.blocksize	= 0,
	.alg		= &kh_nhpoly1305_neon_ops,
	.simd_min	= KH_NH_SIMD_MIN,
	.usable		= kh_neon_usable,
	/* so that the kernel's driver is there to stay above ours */
	.load_first	= "nhpoly1305-neon",
};

static int kh_sthash_neon_update(const struct kh_impl *impl, const void *ctx,
				 void *state, const u8 *src, unsigned int len)
{
	return kh_sthash_simd_update(impl, ctx, state, src, len,
				     kh_nh_neon_piece);
}

static const struct kh_shash_fns kh_sthash_neon_shash;

static const struct kh_alg_ops kh_sthash_neon_ops = {
	.ctxsize	= sizeof(struct sthash_key),
	.statesize	= sizeof(struct kh_nhpoly1305_state),
	.setkey		= kh_sthash_setkey,
	.init		= kh_sthash_init,
	.update		= kh_sthash_neon_update,
	.final		= kh_sthash_final,
	.shash		= &kh_sthash_neon_shash,
};

KH_SHASH_FNS(kh_sthash_neon_shash, kh_sthash_neon_ops);

static const struct kh_shash_fns kh_sthash_personalized_neon_shash;

static const struct kh_alg_ops kh_sthash_personalized_neon_ops = {
	.ctxsize	= sizeof(struct sthash_key),
	.statesize	= sizeof(struct kh_nhpoly1305_state),
	.setkey		= kh_sthash_personalized_setkey,
	.init		= kh_sthash_init,
	.update		= kh_sthash_neon_update,
	.final		= kh_sthash_final,
	.shash		= &kh_sthash_personalized_neon_shash,
};

KH_SHASH_FNS(kh_sthash_personalized_neon_shash, kh_sthash_personalized_neon_ops);

static const struct kh_impl kh_sthash_neon = {
	.name		= "sthash",
	.driver		= "sthash-neon",
	.priority	= KH_NEON_PRIORITY,
	.digestsize	= STHASH_DIGEST_SIZE,
	.blocksize	= KH_NH_UNIT,
	.alg		= &kh_sthash_neon_ops,
	.simd_min	= KH_NH_SIMD_MIN,
	.usable		= kh_neon_usable,
};

static const struct kh_impl kh_sthash_personalized_neon = {
	.name		= "sthash-personalized",
	.driver		= "sthash-personalized-neon",
	.priority	= KH_NEON_PRIORITY,
	.digestsize	= STHASH_DIGEST_SIZE,
	.blocksize	= KH_NH_UNIT,
	.alg		= &kh_sthash_personalized_neon_ops,
	.simd_min	= KH_NH_SIMD_MIN,
	.usable		= kh_neon_usable,
};

/* The drivers, in the order the module registers them. */
const struct kh_impl *const kh_arch_impls[] = {
	&kh_highwayhash64_neon,
	&kh_highwayhash128_neon,
	&kh_highwayhash256_neon,
	&kh_multimixer128_neon,
	&kh_nhpoly1305_keyedhash_neon,
	&kh_sthash_neon,
	&kh_sthash_personalized_neon,
};

const unsigned int kh_arch_impl_count = ARRAY_SIZE(kh_arch_impls);

MODULE_ALIAS_CRYPTO("highwayhash64-neon");
MODULE_ALIAS_CRYPTO("highwayhash128-neon");
MODULE_ALIAS_CRYPTO("highwayhash256-neon");
MODULE_ALIAS_CRYPTO("multimixer128-neon");
MODULE_ALIAS_CRYPTO("nhpoly1305-keyedhash-neon");
MODULE_ALIAS_CRYPTO("sthash-neon");
MODULE_ALIAS_CRYPTO("sthash-personalized-neon");
