// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the x86_64 drivers.  Each driver is a named struct kh_impl
 * (kh_highwayhash256_avx2, ...) whose ops (kh_highwayhash_avx2_ops, ...)
 * are small functions that run the algorithm's state machine with the
 * block functions of arch/x86/blocks.h as direct calls, in SIMD sections
 * of at most KH_SIMD_CHUNK bytes of data (include/keyedhash/simd.h), and
 * the generic C below the driver's threshold or when SIMD may not be
 * used.  The AVX-512 drivers need an assembler that knows AVX-512 (Kbuild
 * defines KH_NO_AS_AVX512 where it does not).
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
#include <keyedhash/shash.h>
#include "blocks.h"

#define KH_AVX2_PRIORITY	300
#define KH_AVX512_PRIORITY	350
/*
 * nhpoly1305: below the kernel's own nhpoly1305-avx2 (300), which module
 * init loads first (load_first), so that Adiantum keeps the in-tree code
 * unless our driver is named; see the README.
 */
#define KH_NHPOLY1305_AVX2_PRIORITY	250

/*
 * struct kh_impl.simd_min: per calling context, the shortest update (and
 * message, for final()) that enters a SIMD section; below it the generic C
 * costs less than the section.  Where the generic and the SIMD driver
 * cross in make bench's "as in the kernel" rows (--no-threshold), rounded
 * to a measured size (docs/design.md, "SIMD sections and thresholds"):
 * .task	a message is a system call of a user task: its first section
 *		saves and later restores the task's FPU registers (about 600
 *		cycles on the AMD Zen 4 measured, 320 on an Intel Xeon with
 *		AVX-512, whose crossings come earlier: the larger Zen 4 values
 *		are kept);
 * .kthread	a kernel thread or worker: a section costs only its light
 *		part (about 45 cycles on both).
 * HighwayHash-128/256 and STHash with the AVX-512 Keccak gain even on 16
 * bytes: their finalisation alone costs the generic C more than a section.
 */
#define KH_HH64_SIMD_MIN		{ .task = 128, .kthread = 0 }
#define KH_HH_SIMD_MIN			{ .task = 0, .kthread = 0 }
#define KH_MM128_AVX2_SIMD_MIN		{ .task = 2048, .kthread = 192 }
#define KH_MM128_AVX512_SIMD_MIN	{ .task = 2048, .kthread = 384 }
#define KH_NH_SIMD_MIN			{ .task = 768, .kthread = 32 }
#define KH_STHASH_AVX512_SIMD_MIN	{ .task = 0, .kthread = 0 }

static bool kh_x86_avx2_usable(void)
{
	return boot_cpu_has(X86_FEATURE_AVX2) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
}

/*
 * Both AVX-512 drivers work in zmm registers: not on the CPUs where that
 * lowers the clock enough to cost more than it gains (the kernel flags
 * them X86_FEATURE_PREFER_YMM).
 */
static bool __maybe_unused kh_x86_avx512_usable(void)
{
	return boot_cpu_has(X86_FEATURE_AVX2) &&
	       boot_cpu_has(X86_FEATURE_AVX512F) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				 XFEATURE_MASK_AVX512, NULL) &&
	       !boot_cpu_has(X86_FEATURE_PREFER_YMM);
}

/* HighwayHash */

static void kh_hh_avx2_blocks(void *st, const u8 *src, size_t nblocks)
{
	kh_hh_blocks_avx2(st, src, nblocks);
}

static void kh_hh_avx2_piece(void *st, const u8 *src, unsigned int len)
{
	kh_hh_absorb(st, src, len, kh_hh_avx2_blocks);
}

static int kh_highwayhash_avx2_update(const struct kh_impl *impl,
				      const void *ctx, void *state,
				      const u8 *src, unsigned int len)
{
	return kh_hh_simd_update(impl, state, src, len, kh_hh_avx2_piece);
}

static int kh_highwayhash_avx2_final(const struct kh_impl *impl,
				     const void *ctx, void *state, u8 *out)
{
	return kh_hh_simd_final(impl, state, out, kh_avx2_hh_finish);
}

static const struct kh_shash_fns kh_highwayhash_avx2_shash;

static const struct kh_alg_ops kh_highwayhash_avx2_ops = {
	.ctxsize	= sizeof(struct hh_key),
	.statesize	= sizeof(struct hh_state),
	.setkey		= kh_hh_setkey,
	.init		= kh_hh_init,
	.update		= kh_highwayhash_avx2_update,
	.final		= kh_highwayhash_avx2_final,
	.shash		= &kh_highwayhash_avx2_shash,
};

KH_SHASH_FNS(kh_highwayhash_avx2_shash, kh_highwayhash_avx2_ops);

static const struct kh_impl kh_highwayhash64_avx2 = {
	.name		= "highwayhash64",
	.driver		= "highwayhash64-avx2",
	.priority	= KH_AVX2_PRIORITY,
	.digestsize	= HH64_DIGEST_SIZE,
	.blocksize	= HH_PACKET_SIZE,
	.alg		= &kh_highwayhash_avx2_ops,
	.simd_min	= KH_HH64_SIMD_MIN,
	.usable		= kh_x86_avx2_usable,
};

static const struct kh_impl kh_highwayhash128_avx2 = {
	.name		= "highwayhash128",
	.driver		= "highwayhash128-avx2",
	.priority	= KH_AVX2_PRIORITY,
	.digestsize	= HH128_DIGEST_SIZE,
	.blocksize	= HH_PACKET_SIZE,
	.alg		= &kh_highwayhash_avx2_ops,
	.simd_min	= KH_HH_SIMD_MIN,
	.usable		= kh_x86_avx2_usable,
};

static const struct kh_impl kh_highwayhash256_avx2 = {
	.name		= "highwayhash256",
	.driver		= "highwayhash256-avx2",
	.priority	= KH_AVX2_PRIORITY,
	.digestsize	= HH256_DIGEST_SIZE,
	.blocksize	= HH_PACKET_SIZE,
	.alg		= &kh_highwayhash_avx2_ops,
	.simd_min	= KH_HH_SIMD_MIN,
	.usable		= kh_x86_avx2_usable,
};

/* Multimixer-128 */

static void kh_mm128_avx2_blocks(void *priv, const u8 *src, size_t nblocks)
{
	struct mm128_feed *f = priv;

	kh_mm128_blocks_avx2_asm(f->st->h, f->key, src, nblocks);
	f->key += nblocks * MM128_BLOCK_SIZE;
}

static void kh_mm128_avx2_piece(void *f, const u8 *src, unsigned int len)
{
	mm128_absorb(f, src, len, kh_mm128_avx2_blocks);
}

static int kh_multimixer128_avx2_update(const struct kh_impl *impl,
					const void *ctx, void *state,
					const u8 *src, unsigned int len)
{
	return kh_mm128_simd_update(impl, ctx, state, src, len,
				    kh_mm128_avx2_piece);
}

static const struct kh_shash_fns kh_multimixer128_avx2_shash;

static const struct kh_alg_ops kh_multimixer128_avx2_ops = {
	.ctxsize	= sizeof(struct mm128_tfm_ctx),
	.statesize	= sizeof(struct mm128_desc_ctx),
	.setkey		= kh_mm128_setkey,
	.exit		= kh_mm128_exit,
	.init		= kh_mm128_init,
	.update		= kh_multimixer128_avx2_update,
	.final		= kh_mm128_final,
	.shash		= &kh_multimixer128_avx2_shash,
};

KH_SHASH_FNS(kh_multimixer128_avx2_shash, kh_multimixer128_avx2_ops);

static const struct kh_impl kh_multimixer128_avx2 = {
	.name		= "multimixer128",
	.driver		= "multimixer128-avx2",
	.priority	= KH_AVX2_PRIORITY,
	.digestsize	= MM128_DIGEST_SIZE,
	.blocksize	= MM128_BLOCK_SIZE,
	.alg		= &kh_multimixer128_avx2_ops,
	.simd_min	= KH_MM128_AVX2_SIMD_MIN,
	.usable		= kh_x86_avx2_usable,
};

#ifndef KH_NO_AS_AVX512
static void kh_mm128_avx512_blocks(void *priv, const u8 *src, size_t nblocks)
{
	struct mm128_feed *f = priv;

	kh_avx512_mm128_blocks(f->st->h, f->key, src, nblocks);
	f->key += nblocks * MM128_BLOCK_SIZE;
}

static void kh_mm128_avx512_piece(void *f, const u8 *src, unsigned int len)
{
	mm128_absorb(f, src, len, kh_mm128_avx512_blocks);
}

static int kh_multimixer128_avx512_update(const struct kh_impl *impl,
					  const void *ctx, void *state,
					  const u8 *src, unsigned int len)
{
	return kh_mm128_simd_update(impl, ctx, state, src, len,
				    kh_mm128_avx512_piece);
}

static const struct kh_shash_fns kh_multimixer128_avx512_shash;

static const struct kh_alg_ops kh_multimixer128_avx512_ops = {
	.ctxsize	= sizeof(struct mm128_tfm_ctx),
	.statesize	= sizeof(struct mm128_desc_ctx),
	.setkey		= kh_mm128_setkey,
	.exit		= kh_mm128_exit,
	.init		= kh_mm128_init,
	.update		= kh_multimixer128_avx512_update,
	.final		= kh_mm128_final,
	.shash		= &kh_multimixer128_avx512_shash,
};

KH_SHASH_FNS(kh_multimixer128_avx512_shash, kh_multimixer128_avx512_ops);

static const struct kh_impl kh_multimixer128_avx512 = {
	.name		= "multimixer128",
	.driver		= "multimixer128-avx512",
	.priority	= KH_AVX512_PRIORITY,
	.digestsize	= MM128_DIGEST_SIZE,
	.blocksize	= MM128_BLOCK_SIZE,
	.alg		= &kh_multimixer128_avx512_ops,
	.simd_min	= KH_MM128_AVX512_SIMD_MIN,
	.usable		= kh_x86_avx512_usable,
};
#endif

/* NH with AVX2, for nhpoly1305, sthash and sthash-personalized */

static __always_inline void kh_nh_avx2_units(void *f, const u8 *src,
					     size_t nunits)
{
	kh_nhpoly1305_units(f, src, nunits, kh_nh_avx2_asm, kh_nh_avx2_chunks,
			    true);
}

static __always_inline void kh_nh_avx2_piece(void *f, const u8 *src,
					     unsigned int len)
{
	kh_nhpoly1305_absorb(f, src, len, kh_nh_avx2_units);
}

static int kh_nhpoly1305_avx2_update(const struct kh_impl *impl,
				     const void *ctx, void *state,
				     const u8 *src, unsigned int len)
{
	kh_nhpoly1305_simd_stream_update(ctx, state, src, len,
					 kh_simd_min(&impl->simd_min),
					 kh_nh_avx2_piece);
	return 0;
}

static const struct kh_shash_fns kh_nhpoly1305_avx2_shash;

static const struct kh_alg_ops kh_nhpoly1305_avx2_ops = {
	.ctxsize	= sizeof(struct kh_nhpoly1305_key),
	.statesize	= sizeof(struct kh_nhpoly1305_state),
	.setkey		= kh_nhpoly1305_setkey,
	.init		= kh_nhpoly1305_init,
	.update		= kh_nhpoly1305_avx2_update,
	.final		= kh_nhpoly1305_final,
	.shash		= &kh_nhpoly1305_avx2_shash,
};

KH_SHASH_FNS(kh_nhpoly1305_avx2_shash, kh_nhpoly1305_avx2_ops);

static const struct kh_impl kh_nhpoly1305_keyedhash_avx2 = {
	.name		= "nhpoly1305",
	.driver		= "nhpoly1305-keyedhash-avx2",
	.priority	= KH_NHPOLY1305_AVX2_PRIORITY,
	.digestsize	= NHPOLY1305_DIGEST_SIZE,
	.blocksize	= 0,
	.alg		= &kh_nhpoly1305_avx2_ops,
	.simd_min	= KH_NH_SIMD_MIN,
	.usable		= kh_x86_avx2_usable,
	.load_first	= "nhpoly1305-avx2",
};

static int kh_sthash_avx2_update(const struct kh_impl *impl, const void *ctx,
				 void *state, const u8 *src, unsigned int len)
{
	return kh_sthash_simd_update(impl, ctx, state, src, len,
				     kh_nh_avx2_piece);
}

static const struct kh_shash_fns kh_sthash_avx2_shash;

static const struct kh_alg_ops kh_sthash_avx2_ops = {
	.ctxsize	= sizeof(struct sthash_key),
	.statesize	= sizeof(struct kh_nhpoly1305_state),
	.setkey		= kh_sthash_setkey,
	.init		= kh_sthash_init,
	.update		= kh_sthash_avx2_update,
	.final		= kh_sthash_final,
	.shash		= &kh_sthash_avx2_shash,
};

KH_SHASH_FNS(kh_sthash_avx2_shash, kh_sthash_avx2_ops);

static const struct kh_shash_fns kh_sthash_personalized_avx2_shash;

static const struct kh_alg_ops kh_sthash_personalized_avx2_ops = {
	.ctxsize	= sizeof(struct sthash_key),
	.statesize	= sizeof(struct kh_nhpoly1305_state),
	.setkey		= kh_sthash_personalized_setkey,
	.init		= kh_sthash_init,
	.update		= kh_sthash_avx2_update,
	.final		= kh_sthash_final,
	.shash		= &kh_sthash_personalized_avx2_shash,
};

KH_SHASH_FNS(kh_sthash_personalized_avx2_shash, kh_sthash_personalized_avx2_ops);

static const struct kh_impl kh_sthash_avx2 = {
	.name		= "sthash",
	.driver		= "sthash-avx2",
	.priority	= KH_AVX2_PRIORITY,
	.digestsize	= STHASH_DIGEST_SIZE,
	.blocksize	= KH_NH_UNIT,
	.alg		= &kh_sthash_avx2_ops,
	.simd_min	= KH_NH_SIMD_MIN,
	.usable		= kh_x86_avx2_usable,
};

static const struct kh_impl kh_sthash_personalized_avx2 = {
	.name		= "sthash-personalized",
	.driver		= "sthash-personalized-avx2",
	.priority	= KH_AVX2_PRIORITY,
	.digestsize	= STHASH_DIGEST_SIZE,
	.blocksize	= KH_NH_UNIT,
	.alg		= &kh_sthash_personalized_avx2_ops,
	.simd_min	= KH_NH_SIMD_MIN,
	.usable		= kh_x86_avx2_usable,
};

#ifndef KH_NO_AS_AVX512
/*
 * STHash with AVX-512: NH on zmm (four units per register), and
 * Keccak-f[1600] for the KMAC128 output step, the fixed cost that
 * dominates short messages.
 */
static __always_inline void kh_nh_avx512_units(void *f, const u8 *src,
					       size_t nunits)
{
	kh_nhpoly1305_units(f, src, nunits, kh_nh_avx512_asm,
			    kh_nh_avx512_chunks, true);
}

static __always_inline void kh_nh_avx512_piece(void *f, const u8 *src,
					       unsigned int len)
{
	kh_nhpoly1305_absorb(f, src, len, kh_nh_avx512_units);
}

static int kh_sthash_avx512_update(const struct kh_impl *impl,
				   const void *ctx, void *state,
				   const u8 *src, unsigned int len)
{
	return kh_sthash_simd_update(impl, ctx, state, src, len,
				     kh_nh_avx512_piece);
}

/* The output step's permutation: in a SIMD section of its own. */
static void kh_sthash_avx512_keccakf(const struct kh_impl *impl, u64 len,
				     u64 st[KH_KECCAK_LANES])
{
	struct kh_simd_save save;

	if (!kh_simd_final_usable(len, &impl->simd_min)) {
		kh_keccakf1600(st);
		return;
	}
	kh_simd_begin(&save);
	kh_keccakf1600_avx512_asm(st);
	kh_simd_end(&save);
}

static int kh_sthash_avx512_final(const struct kh_impl *impl,
				  const void *ctx, void *state, u8 *out)
{
	return kh_sthash_final_with(impl, ctx, state, out,
				    kh_sthash_avx512_keccakf);
}

static const struct kh_shash_fns kh_sthash_avx512_shash;

static const struct kh_alg_ops kh_sthash_avx512_ops = {
	.ctxsize	= sizeof(struct sthash_key),
	.statesize	= sizeof(struct kh_nhpoly1305_state),
	.setkey		= kh_sthash_setkey,
	.init		= kh_sthash_init,
	.update		= kh_sthash_avx512_update,
	.final		= kh_sthash_avx512_final,
	.shash		= &kh_sthash_avx512_shash,
};

KH_SHASH_FNS(kh_sthash_avx512_shash, kh_sthash_avx512_ops);

static const struct kh_shash_fns kh_sthash_personalized_avx512_shash;

static const struct kh_alg_ops kh_sthash_personalized_avx512_ops = {
	.ctxsize	= sizeof(struct sthash_key),
	.statesize	= sizeof(struct kh_nhpoly1305_state),
	.setkey		= kh_sthash_personalized_setkey,
	.init		= kh_sthash_init,
	.update		= kh_sthash_avx512_update,
	.final		= kh_sthash_avx512_final,
	.shash		= &kh_sthash_personalized_avx512_shash,
};

KH_SHASH_FNS(kh_sthash_personalized_avx512_shash, kh_sthash_personalized_avx512_ops);

static const struct kh_impl kh_sthash_avx512 = {
	.name		= "sthash",
	.driver		= "sthash-avx512",
	.priority	= KH_AVX512_PRIORITY,
	.digestsize	= STHASH_DIGEST_SIZE,
	.blocksize	= KH_NH_UNIT,
	.alg		= &kh_sthash_avx512_ops,
	.simd_min	= KH_STHASH_AVX512_SIMD_MIN,
	.usable		= kh_x86_avx512_usable,
};

static const struct kh_impl kh_sthash_personalized_avx512 = {
	.name		= "sthash-personalized",
	.driver		= "sthash-personalized-avx512",
	.priority	= KH_AVX512_PRIORITY,
	.digestsize	= STHASH_DIGEST_SIZE,
	.blocksize	= KH_NH_UNIT,
	.alg		= &kh_sthash_personalized_avx512_ops,
	.simd_min	= KH_STHASH_AVX512_SIMD_MIN,
	.usable		= kh_x86_avx512_usable,
};
#endif

/* The drivers, in the order the module registers them. */
const struct kh_impl *const kh_arch_impls[] = {
	&kh_highwayhash64_avx2,
	&kh_highwayhash128_avx2,
	&kh_highwayhash256_avx2,
	&kh_multimixer128_avx2,
#ifndef KH_NO_AS_AVX512
	&kh_multimixer128_avx512,
#endif
	&kh_nhpoly1305_keyedhash_avx2,
	&kh_sthash_avx2,
	&kh_sthash_personalized_avx2,
#ifndef KH_NO_AS_AVX512
	&kh_sthash_avx512,
	&kh_sthash_personalized_avx512,
#endif
};

const unsigned int kh_arch_impl_count = ARRAY_SIZE(kh_arch_impls);

MODULE_ALIAS_CRYPTO("highwayhash64-avx2");
MODULE_ALIAS_CRYPTO("highwayhash128-avx2");
MODULE_ALIAS_CRYPTO("highwayhash256-avx2");
MODULE_ALIAS_CRYPTO("multimixer128-avx2");
MODULE_ALIAS_CRYPTO("nhpoly1305-keyedhash-avx2");
MODULE_ALIAS_CRYPTO("sthash-avx2");
MODULE_ALIAS_CRYPTO("sthash-personalized-avx2");
#ifndef KH_NO_AS_AVX512
MODULE_ALIAS_CRYPTO("multimixer128-avx512");
MODULE_ALIAS_CRYPTO("sthash-avx512");
MODULE_ALIAS_CRYPTO("sthash-personalized-avx512");
#endif
