// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the x86_64 drivers, kh_avx2_algs[] and kh_avx512_algs[].
 * Each driver's functions call the library's functions of its instruction
 * set (arch/x86/glue.c) with the driver's own thresholds; what the drivers
 * of an algorithm share is in keyedhash_generic.c.  The AVX-512 drivers
 * need an assembler that knows AVX-512 (Kbuild defines KH_NO_AS_AVX512
 * where it does not).
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

/* The AVX2 drivers */

static const struct kh_simd_min kh_highwayhash64_avx2_min = KH_HIGHWAYHASH64_AVX2_MIN;

static int kh_highwayhash64_avx2_update(struct shash_desc *desc, const u8 *data,
					unsigned int len)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_update_avx2(st, data, len,
					  &kh_highwayhash64_avx2_min);
}

static int kh_highwayhash64_avx2_final(struct shash_desc *desc, u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_final_avx2(st, out, KH_HIGHWAYHASH64_DIGEST_SIZE,
					 &kh_highwayhash64_avx2_min);
}

static int kh_highwayhash64_avx2_finup(struct shash_desc *desc, const u8 *data,
				       unsigned int len, u8 *out)
{
	return kh_highwayhash_finup_avx2(shash_desc_ctx(desc), data, len, out,
					 KH_HIGHWAYHASH64_DIGEST_SIZE,
					 &kh_highwayhash64_avx2_min);
}

static int kh_highwayhash64_avx2_digest(struct shash_desc *desc, const u8 *data,
					unsigned int len, u8 *out)
{
	return kh_highwayhash_digest_avx2(shash_desc_ctx(desc),
					  crypto_shash_ctx(desc->tfm), data, len,
					  out, KH_HIGHWAYHASH64_DIGEST_SIZE,
					  &kh_highwayhash64_avx2_min);
}

static const struct kh_simd_min kh_highwayhash128_avx2_min = KH_HIGHWAYHASH_AVX2_MIN;

static int kh_highwayhash128_avx2_update(struct shash_desc *desc,
					 const u8 *data, unsigned int len)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_update_avx2(st, data, len,
					  &kh_highwayhash128_avx2_min);
}

static int kh_highwayhash128_avx2_final(struct shash_desc *desc, u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_final_avx2(st, out, KH_HIGHWAYHASH128_DIGEST_SIZE,
					 &kh_highwayhash128_avx2_min);
}

static int kh_highwayhash128_avx2_finup(struct shash_desc *desc, const u8 *data,
					unsigned int len, u8 *out)
{
	return kh_highwayhash_finup_avx2(shash_desc_ctx(desc), data, len, out,
					 KH_HIGHWAYHASH128_DIGEST_SIZE,
					 &kh_highwayhash128_avx2_min);
}

static int kh_highwayhash128_avx2_digest(struct shash_desc *desc,
					 const u8 *data, unsigned int len,
					 u8 *out)
{
	return kh_highwayhash_digest_avx2(shash_desc_ctx(desc),
					  crypto_shash_ctx(desc->tfm), data, len,
					  out, KH_HIGHWAYHASH128_DIGEST_SIZE,
					  &kh_highwayhash128_avx2_min);
}

static const struct kh_simd_min kh_highwayhash256_avx2_min = KH_HIGHWAYHASH_AVX2_MIN;

static int kh_highwayhash256_avx2_update(struct shash_desc *desc,
					 const u8 *data, unsigned int len)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_update_avx2(st, data, len,
					  &kh_highwayhash256_avx2_min);
}

static int kh_highwayhash256_avx2_final(struct shash_desc *desc, u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_final_avx2(st, out, KH_HIGHWAYHASH256_DIGEST_SIZE,
					 &kh_highwayhash256_avx2_min);
}

static int kh_highwayhash256_avx2_finup(struct shash_desc *desc, const u8 *data,
					unsigned int len, u8 *out)
{
	return kh_highwayhash_finup_avx2(shash_desc_ctx(desc), data, len, out,
					 KH_HIGHWAYHASH256_DIGEST_SIZE,
					 &kh_highwayhash256_avx2_min);
}

static int kh_highwayhash256_avx2_digest(struct shash_desc *desc,
					 const u8 *data, unsigned int len,
					 u8 *out)
{
	return kh_highwayhash_digest_avx2(shash_desc_ctx(desc),
					  crypto_shash_ctx(desc->tfm), data, len,
					  out, KH_HIGHWAYHASH256_DIGEST_SIZE,
					  &kh_highwayhash256_avx2_min);
}

static const struct kh_simd_min kh_multimixer128_avx2_min = KH_MULTIMIXER128_AVX2_MIN;

static int kh_multimixer128_avx2_update(struct shash_desc *desc, const u8 *data,
					unsigned int len)
{
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);

	return kh_multimixer128_update_avx2(st, key, data, len,
					    &kh_multimixer128_avx2_min);
}

static int kh_multimixer128_avx2_finup(struct shash_desc *desc, const u8 *data,
				       unsigned int len, u8 *out)
{
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);
	int err = 0;

	if (len)
		err = kh_multimixer128_update_avx2(st, key, data, len,
						   &kh_multimixer128_avx2_min);
	if (err) {
		kh_wipe_state(st, sizeof(*st));
		return err;
	}
	return kh_multimixer128_final(st, out);
}

static int kh_multimixer128_avx2_digest(struct shash_desc *desc, const u8 *data,
					unsigned int len, u8 *out)
{
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);
	int err;

	__kh_multimixer128_init(st);
	err = kh_multimixer128_update_avx2(st, key, data, len,
					   &kh_multimixer128_avx2_min);
	if (err) {
		kh_wipe_state(st, sizeof(*st));
		return err;
	}
	return kh_multimixer128_final(st, out);
}

static const struct kh_simd_min kh_nhpoly1305_keyedhash_avx2_min = KH_NH_AVX2_MIN;

static int kh_nhpoly1305_keyedhash_avx2_update(struct shash_desc *desc,
					       const u8 *data, unsigned int len)
{
	const struct kh_nhpoly1305_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_nhpoly1305_state *st = shash_desc_ctx(desc);

	return kh_nhpoly1305_update_avx2(st, key, data, len,
					 &kh_nhpoly1305_keyedhash_avx2_min);
}

static int kh_nhpoly1305_keyedhash_avx2_finup(struct shash_desc *desc,
					      const u8 *data, unsigned int len,
					      u8 *out)
{
	const struct kh_nhpoly1305_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_nhpoly1305_state *st = shash_desc_ctx(desc);

	if (len)
		kh_nhpoly1305_update_avx2(st, key, data, len,
					  &kh_nhpoly1305_keyedhash_avx2_min);
	return kh_nhpoly1305_final_generic(st, key, out);
}

static int kh_nhpoly1305_keyedhash_avx2_digest(struct shash_desc *desc,
					       const u8 *data, unsigned int len,
					       u8 *out)
{
	const struct kh_nhpoly1305_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_nhpoly1305_state *st = shash_desc_ctx(desc);

	kh_nhpoly1305_stream_init(st);
	kh_nhpoly1305_update_avx2(st, key, data, len,
				  &kh_nhpoly1305_keyedhash_avx2_min);
	return kh_nhpoly1305_final_generic(st, key, out);
}

static const struct kh_simd_min kh_sthash_avx2_min = KH_NH_AVX2_MIN;

static int kh_sthash_avx2_update(struct shash_desc *desc, const u8 *data,
				 unsigned int len)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	return kh_nhpoly1305_update_avx2(&st->nhp, &key->nhp, data, len,
					 &kh_sthash_avx2_min);
}

static int kh_sthash_avx2_finup(struct shash_desc *desc, const u8 *data,
				unsigned int len, u8 *out)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	if (len)
		kh_nhpoly1305_update_avx2(&st->nhp, &key->nhp, data, len,
					  &kh_sthash_avx2_min);
	return kh_sthash_final_generic(st, key, out);
}

static int kh_sthash_avx2_digest(struct shash_desc *desc, const u8 *data,
				 unsigned int len, u8 *out)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	kh_nhpoly1305_stream_init(&st->nhp);
	kh_nhpoly1305_update_avx2(&st->nhp, &key->nhp, data, len,
				  &kh_sthash_avx2_min);
	return kh_sthash_final_generic(st, key, out);
}

static struct shash_alg kh_avx2_algs[] = {
	{
		.setkey		= kh_highwayhash_shash_setkey,
		.init		= kh_highwayhash_shash_init,
		.update		= kh_highwayhash64_avx2_update,
		.final		= kh_highwayhash64_avx2_final,
		.finup		= kh_highwayhash64_avx2_finup,
		.digest		= kh_highwayhash64_avx2_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_highwayhash64_avx2(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_highwayhash_shash_setkey,
		.init		= kh_highwayhash_shash_init,
		.update		= kh_highwayhash128_avx2_update,
		.final		= kh_highwayhash128_avx2_final,
		.finup		= kh_highwayhash128_avx2_finup,
		.digest		= kh_highwayhash128_avx2_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_highwayhash128_avx2(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_highwayhash_shash_setkey,
		.init		= kh_highwayhash_shash_init,
		.update		= kh_highwayhash256_avx2_update,
		.final		= kh_highwayhash256_avx2_final,
		.finup		= kh_highwayhash256_avx2_finup,
		.digest		= kh_highwayhash256_avx2_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_highwayhash256_avx2(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_multimixer128_shash_setkey,
		.init		= kh_multimixer128_shash_init,
		.update		= kh_multimixer128_avx2_update,
		.final		= kh_multimixer128_shash_final,
		.finup		= kh_multimixer128_avx2_finup,
		.digest		= kh_multimixer128_avx2_digest,
		.exit_tfm	= kh_multimixer128_shash_exit_tfm,
		KH_DRIVER_multimixer128_avx2(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_nhpoly1305_shash_setkey,
		.init		= kh_nhpoly1305_shash_init,
		.update		= kh_nhpoly1305_keyedhash_avx2_update,
		.final		= kh_nhpoly1305_shash_final,
		.finup		= kh_nhpoly1305_keyedhash_avx2_finup,
		.digest		= kh_nhpoly1305_keyedhash_avx2_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_nhpoly1305_keyedhash_avx2(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_sthash_shash_setkey,
		.init		= kh_sthash_shash_init,
		.update		= kh_sthash_avx2_update,
		.final		= kh_sthash_shash_final,
		.finup		= kh_sthash_avx2_finup,
		.digest		= kh_sthash_avx2_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_sthash_avx2(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_sthash_personalized_shash_setkey,
		.init		= kh_sthash_shash_init,
		.update		= kh_sthash_avx2_update,
		.final		= kh_sthash_shash_final,
		.finup		= kh_sthash_avx2_finup,
		.digest		= kh_sthash_avx2_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_sthash_personalized_avx2(KH_SHASH_DRIVER),
	},
};

#ifndef KH_NO_AS_AVX512
/*
 * The AVX-512 drivers: Multimixer-128 in zmm registers; STHash with NH on
 * zmm (four units per register) and Keccak-f[1600] for its output step,
 * the fixed cost that dominates short messages.
 */

static const struct kh_simd_min kh_multimixer128_avx512_min = KH_MULTIMIXER128_AVX512_MIN;

static int kh_multimixer128_avx512_update(struct shash_desc *desc,
					  const u8 *data, unsigned int len)
{
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);

	return kh_multimixer128_update_avx512(st, key, data, len,
					      &kh_multimixer128_avx512_min);
}

static int kh_multimixer128_avx512_finup(struct shash_desc *desc,
					 const u8 *data, unsigned int len,
					 u8 *out)
{
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);
	int err = 0;

	if (len)
		err = kh_multimixer128_update_avx512(st, key, data, len,
						     &kh_multimixer128_avx512_min);
	if (err) {
		kh_wipe_state(st, sizeof(*st));
		return err;
	}
	return kh_multimixer128_final(st, out);
}

static int kh_multimixer128_avx512_digest(struct shash_desc *desc,
					  const u8 *data, unsigned int len,
					  u8 *out)
{
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);
	int err;

	__kh_multimixer128_init(st);
	err = kh_multimixer128_update_avx512(st, key, data, len,
					     &kh_multimixer128_avx512_min);
	if (err) {
		kh_wipe_state(st, sizeof(*st));
		return err;
	}
	return kh_multimixer128_final(st, out);
}

static const struct kh_simd_min kh_sthash_avx512_min = KH_STHASH_AVX512_MIN;

static int kh_sthash_avx512_update(struct shash_desc *desc, const u8 *data,
				   unsigned int len)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	return kh_nhpoly1305_update_avx512(&st->nhp, &key->nhp, data, len,
					   &kh_sthash_avx512_min);
}

static int kh_sthash_avx512_final(struct shash_desc *desc, u8 *out)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	return kh_sthash_final_avx512(st, key, out, &kh_sthash_avx512_min);
}

static int kh_sthash_avx512_finup(struct shash_desc *desc, const u8 *data,
				  unsigned int len, u8 *out)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	if (len)
		kh_nhpoly1305_update_avx512(&st->nhp, &key->nhp, data, len,
					    &kh_sthash_avx512_min);
	return kh_sthash_final_avx512(st, key, out, &kh_sthash_avx512_min);
}

static int kh_sthash_avx512_digest(struct shash_desc *desc, const u8 *data,
				   unsigned int len, u8 *out)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	kh_nhpoly1305_stream_init(&st->nhp);
	kh_nhpoly1305_update_avx512(&st->nhp, &key->nhp, data, len,
				    &kh_sthash_avx512_min);
	return kh_sthash_final_avx512(st, key, out, &kh_sthash_avx512_min);
}

static struct shash_alg kh_avx512_algs[] = {
	{
		.setkey		= kh_multimixer128_shash_setkey,
		.init		= kh_multimixer128_shash_init,
		.update		= kh_multimixer128_avx512_update,
		.final		= kh_multimixer128_shash_final,
		.finup		= kh_multimixer128_avx512_finup,
		.digest		= kh_multimixer128_avx512_digest,
		.exit_tfm	= kh_multimixer128_shash_exit_tfm,
		KH_DRIVER_multimixer128_avx512(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_sthash_shash_setkey,
		.init		= kh_sthash_shash_init,
		.update		= kh_sthash_avx512_update,
		.final		= kh_sthash_avx512_final,
		.finup		= kh_sthash_avx512_finup,
		.digest		= kh_sthash_avx512_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_sthash_avx512(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_sthash_personalized_shash_setkey,
		.init		= kh_sthash_shash_init,
		.update		= kh_sthash_avx512_update,
		.final		= kh_sthash_avx512_final,
		.finup		= kh_sthash_avx512_finup,
		.digest		= kh_sthash_avx512_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_sthash_personalized_avx512(KH_SHASH_DRIVER),
	},
};

#endif

/*
 * A driver that failed its self-test or registration: the library no
 * longer runs its algorithm's code of its instruction set; the other
 * algorithms keep theirs.  The two STHash key forms share one library.
 */
static void avx2_driver_failed(const struct shash_alg *alg)
{
	if (alg->setkey == kh_highwayhash_shash_setkey)
		static_branch_disable(&kh_have_highwayhash_avx2);
	else if (alg->setkey == kh_multimixer128_shash_setkey)
		static_branch_disable(&kh_have_multimixer128_avx2);
	else if (alg->setkey == kh_nhpoly1305_shash_setkey)
		static_branch_disable(&kh_have_nhpoly1305_avx2);
	else
		static_branch_disable(&kh_have_sthash_avx2);
}

#ifndef KH_NO_AS_AVX512
static void avx512_driver_failed(const struct shash_alg *alg)
{
	if (alg->setkey == kh_multimixer128_shash_setkey)
		static_branch_disable(&kh_have_multimixer128_avx512);
	else
		static_branch_disable(&kh_have_sthash_avx512);
}
#endif

void kh_arch_register(void)
{
	unsigned int i;

	if (!kh_avx2_usable()) {
		kh_unsupported_algs(kh_avx2_algs, ARRAY_SIZE(kh_avx2_algs));
	} else {
		/*
		 * Once any driver of a name is registered the crypto API no
		 * longer autoloads others: load the kernel's own first, which
		 * nhpoly1305-keyedhash-avx2 stays below.
		 */
		crypto_has_shash("nhpoly1305-avx2", 0, 0);
		for (i = 0; i < ARRAY_SIZE(kh_avx2_algs); i++)
			if (kh_register_algs(&kh_avx2_algs[i], 1))
				avx2_driver_failed(&kh_avx2_algs[i]);
	}
#ifndef KH_NO_AS_AVX512
	if (!kh_avx512_usable()) {
		kh_unsupported_algs(kh_avx512_algs, ARRAY_SIZE(kh_avx512_algs));
		return;
	}
	for (i = 0; i < ARRAY_SIZE(kh_avx512_algs); i++)
		if (kh_register_algs(&kh_avx512_algs[i], 1))
			avx512_driver_failed(&kh_avx512_algs[i]);
#endif
}

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
