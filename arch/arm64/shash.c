// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the arm64 NEON drivers, kh_neon_algs[].  Each driver's
 * functions call the library's NEON functions (arch/arm64/glue.c) with the
 * driver's own thresholds; what the drivers of an algorithm share is in
 * keyedhash_generic.c.  They register only on CPUs with ASIMD.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/algapi.h>	/* MODULE_ALIAS_CRYPTO() */
#include <crypto/internal/hash.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/sthash.h>
#include <keyedhash/shash.h>

static const struct kh_simd_min kh_highwayhash64_neon_min = KH_HIGHWAYHASH64_NEON_MIN;

static int kh_highwayhash64_neon_update(struct shash_desc *desc, const u8 *data,
					unsigned int len)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_update_neon(st, data, len,
					  &kh_highwayhash64_neon_min);
}

static int kh_highwayhash64_neon_final(struct shash_desc *desc, u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_final_neon(st, out, KH_HIGHWAYHASH64_DIGEST_SIZE,
					 &kh_highwayhash64_neon_min);
}

static int kh_highwayhash64_neon_finup(struct shash_desc *desc, const u8 *data,
				       unsigned int len, u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	if (len)
		kh_highwayhash_update_neon(st, data, len,
					   &kh_highwayhash64_neon_min);
	return kh_highwayhash_final_neon(st, out, KH_HIGHWAYHASH64_DIGEST_SIZE,
					 &kh_highwayhash64_neon_min);
}

static int kh_highwayhash64_neon_digest(struct shash_desc *desc, const u8 *data,
					unsigned int len, u8 *out)
{
	return kh_highwayhash_digest_neon(shash_desc_ctx(desc),
					  crypto_shash_ctx(desc->tfm), data, len,
					  out, KH_HIGHWAYHASH64_DIGEST_SIZE,
					  &kh_highwayhash64_neon_min);
}

static const struct kh_simd_min kh_highwayhash128_neon_min = KH_HIGHWAYHASH_NEON_MIN;

static int kh_highwayhash128_neon_update(struct shash_desc *desc,
					 const u8 *data, unsigned int len)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_update_neon(st, data, len,
					  &kh_highwayhash128_neon_min);
}

static int kh_highwayhash128_neon_final(struct shash_desc *desc, u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_final_neon(st, out, KH_HIGHWAYHASH128_DIGEST_SIZE,
					 &kh_highwayhash128_neon_min);
}

static int kh_highwayhash128_neon_finup(struct shash_desc *desc, const u8 *data,
					unsigned int len, u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	if (len)
		kh_highwayhash_update_neon(st, data, len,
					   &kh_highwayhash128_neon_min);
	return kh_highwayhash_final_neon(st, out, KH_HIGHWAYHASH128_DIGEST_SIZE,
					 &kh_highwayhash128_neon_min);
}

static int kh_highwayhash128_neon_digest(struct shash_desc *desc,
					 const u8 *data, unsigned int len,
					 u8 *out)
{
	return kh_highwayhash_digest_neon(shash_desc_ctx(desc),
					  crypto_shash_ctx(desc->tfm), data, len,
					  out, KH_HIGHWAYHASH128_DIGEST_SIZE,
					  &kh_highwayhash128_neon_min);
}

static const struct kh_simd_min kh_highwayhash256_neon_min = KH_HIGHWAYHASH_NEON_MIN;

static int kh_highwayhash256_neon_update(struct shash_desc *desc,
					 const u8 *data, unsigned int len)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_update_neon(st, data, len,
					  &kh_highwayhash256_neon_min);
}

static int kh_highwayhash256_neon_final(struct shash_desc *desc, u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_final_neon(st, out, KH_HIGHWAYHASH256_DIGEST_SIZE,
					 &kh_highwayhash256_neon_min);
}

static int kh_highwayhash256_neon_finup(struct shash_desc *desc, const u8 *data,
					unsigned int len, u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	if (len)
		kh_highwayhash_update_neon(st, data, len,
					   &kh_highwayhash256_neon_min);
	return kh_highwayhash_final_neon(st, out, KH_HIGHWAYHASH256_DIGEST_SIZE,
					 &kh_highwayhash256_neon_min);
}

static int kh_highwayhash256_neon_digest(struct shash_desc *desc,
					 const u8 *data, unsigned int len,
					 u8 *out)
{
	return kh_highwayhash_digest_neon(shash_desc_ctx(desc),
					  crypto_shash_ctx(desc->tfm), data, len,
					  out, KH_HIGHWAYHASH256_DIGEST_SIZE,
					  &kh_highwayhash256_neon_min);
}

static const struct kh_simd_min kh_multimixer128_neon_min = KH_MULTIMIXER128_NEON_MIN;

static int kh_multimixer128_neon_update(struct shash_desc *desc, const u8 *data,
					unsigned int len)
{
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);

	return kh_multimixer128_update_neon(st, key, data, len,
					    &kh_multimixer128_neon_min);
}

static int kh_multimixer128_neon_finup(struct shash_desc *desc, const u8 *data,
				       unsigned int len, u8 *out)
{
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);
	int err = 0;

	if (len)
		err = kh_multimixer128_update_neon(st, key, data, len,
						   &kh_multimixer128_neon_min);
	if (err) {
		kh_wipe_state(st, sizeof(*st));
		return err;
	}
	return kh_multimixer128_final(st, out);
}

static int kh_multimixer128_neon_digest(struct shash_desc *desc, const u8 *data,
					unsigned int len, u8 *out)
{
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);
	int err;

	__kh_multimixer128_init(st);
	err = kh_multimixer128_update_neon(st, key, data, len,
					   &kh_multimixer128_neon_min);
	if (err) {
		kh_wipe_state(st, sizeof(*st));
		return err;
	}
	return kh_multimixer128_final(st, out);
}

static const struct kh_simd_min kh_nhpoly1305_keyedhash_neon_min = KH_NH_NEON_MIN;

static int kh_nhpoly1305_keyedhash_neon_update(struct shash_desc *desc,
					       const u8 *data, unsigned int len)
{
	const struct kh_nhpoly1305_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_nhpoly1305_state *st = shash_desc_ctx(desc);

	return kh_nhpoly1305_update_neon(st, key, data, len,
					 &kh_nhpoly1305_keyedhash_neon_min);
}

static int kh_nhpoly1305_keyedhash_neon_finup(struct shash_desc *desc,
					      const u8 *data, unsigned int len,
					      u8 *out)
{
	const struct kh_nhpoly1305_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_nhpoly1305_state *st = shash_desc_ctx(desc);

	if (len)
		kh_nhpoly1305_update_neon(st, key, data, len,
					  &kh_nhpoly1305_keyedhash_neon_min);
	return kh_nhpoly1305_final_generic(st, key, out);
}

static int kh_nhpoly1305_keyedhash_neon_digest(struct shash_desc *desc,
					       const u8 *data, unsigned int len,
					       u8 *out)
{
	const struct kh_nhpoly1305_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_nhpoly1305_state *st = shash_desc_ctx(desc);

	kh_nhpoly1305_stream_init(st);
	kh_nhpoly1305_update_neon(st, key, data, len,
				  &kh_nhpoly1305_keyedhash_neon_min);
	return kh_nhpoly1305_final_generic(st, key, out);
}

static const struct kh_simd_min kh_sthash_neon_min = KH_NH_NEON_MIN;

static int kh_sthash_neon_update(struct shash_desc *desc, const u8 *data,
				 unsigned int len)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	return kh_nhpoly1305_update_neon(&st->nhp, &key->nhp, data, len,
					 &kh_sthash_neon_min);
}

static int kh_sthash_neon_finup(struct shash_desc *desc, const u8 *data,
				unsigned int len, u8 *out)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	if (len)
		kh_nhpoly1305_update_neon(&st->nhp, &key->nhp, data, len,
					  &kh_sthash_neon_min);
	return kh_sthash_final_generic(st, key, out);
}

static int kh_sthash_neon_digest(struct shash_desc *desc, const u8 *data,
				 unsigned int len, u8 *out)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	kh_nhpoly1305_stream_init(&st->nhp);
	kh_nhpoly1305_update_neon(&st->nhp, &key->nhp, data, len,
				  &kh_sthash_neon_min);
	return kh_sthash_final_generic(st, key, out);
}

static struct shash_alg kh_neon_algs[] = {
	{
		.setkey		= kh_highwayhash_shash_setkey,
		.init		= kh_highwayhash_shash_init,
		.update		= kh_highwayhash64_neon_update,
		.final		= kh_highwayhash64_neon_final,
		.finup		= kh_highwayhash64_neon_finup,
		.digest		= kh_highwayhash64_neon_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_highwayhash64_neon(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_highwayhash_shash_setkey,
		.init		= kh_highwayhash_shash_init,
		.update		= kh_highwayhash128_neon_update,
		.final		= kh_highwayhash128_neon_final,
		.finup		= kh_highwayhash128_neon_finup,
		.digest		= kh_highwayhash128_neon_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_highwayhash128_neon(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_highwayhash_shash_setkey,
		.init		= kh_highwayhash_shash_init,
		.update		= kh_highwayhash256_neon_update,
		.final		= kh_highwayhash256_neon_final,
		.finup		= kh_highwayhash256_neon_finup,
		.digest		= kh_highwayhash256_neon_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_highwayhash256_neon(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_multimixer128_shash_setkey,
		.init		= kh_multimixer128_shash_init,
		.update		= kh_multimixer128_neon_update,
		.final		= kh_multimixer128_shash_final,
		.finup		= kh_multimixer128_neon_finup,
		.digest		= kh_multimixer128_neon_digest,
		.exit_tfm	= kh_multimixer128_shash_exit_tfm,
		KH_DRIVER_multimixer128_neon(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_nhpoly1305_shash_setkey,
		.init		= kh_nhpoly1305_shash_init,
		.update		= kh_nhpoly1305_keyedhash_neon_update,
		.final		= kh_nhpoly1305_shash_final,
		.finup		= kh_nhpoly1305_keyedhash_neon_finup,
		.digest		= kh_nhpoly1305_keyedhash_neon_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_nhpoly1305_keyedhash_neon(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_sthash_shash_setkey,
		.init		= kh_sthash_shash_init,
		.update		= kh_sthash_neon_update,
		.final		= kh_sthash_shash_final,
		.finup		= kh_sthash_neon_finup,
		.digest		= kh_sthash_neon_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_sthash_neon(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_sthash_personalized_shash_setkey,
		.init		= kh_sthash_shash_init,
		.update		= kh_sthash_neon_update,
		.final		= kh_sthash_shash_final,
		.finup		= kh_sthash_neon_finup,
		.digest		= kh_sthash_neon_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_sthash_personalized_neon(KH_SHASH_DRIVER),
	},
};

/*
 * A driver that failed its self-test or registration: the library no
 * longer runs its algorithm's NEON code; the other algorithms keep theirs.
 * The two STHash key forms share one library.
 */
static void neon_driver_failed(const struct shash_alg *alg)
{
	if (alg->setkey == kh_highwayhash_shash_setkey)
		static_branch_disable(&kh_have_highwayhash_neon);
	else if (alg->setkey == kh_multimixer128_shash_setkey)
		static_branch_disable(&kh_have_multimixer128_neon);
	else if (alg->setkey == kh_nhpoly1305_shash_setkey)
		static_branch_disable(&kh_have_nhpoly1305_neon);
	else
		static_branch_disable(&kh_have_sthash_neon);
}

void kh_arch_register(void)
{
	unsigned int i;

	if (!kh_neon_usable()) {
		kh_unsupported_algs(kh_neon_algs, ARRAY_SIZE(kh_neon_algs));
		return;
	}
	/* the kernel's own, which nhpoly1305-keyedhash-neon stays below */
	crypto_has_shash("nhpoly1305-neon", 0, 0);
	for (i = 0; i < ARRAY_SIZE(kh_neon_algs); i++)
		if (kh_register_algs(&kh_neon_algs[i], 1))
			neon_driver_failed(&kh_neon_algs[i]);
}

MODULE_ALIAS_CRYPTO("highwayhash64-neon");
MODULE_ALIAS_CRYPTO("highwayhash128-neon");
MODULE_ALIAS_CRYPTO("highwayhash256-neon");
MODULE_ALIAS_CRYPTO("multimixer128-neon");
MODULE_ALIAS_CRYPTO("nhpoly1305-keyedhash-neon");
MODULE_ALIAS_CRYPTO("sthash-neon");
MODULE_ALIAS_CRYPTO("sthash-personalized-neon");
