// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the generic C drivers, kh_generic_algs[], and what every
 * driver of an algorithm shares (<keyedhash/internal/shash.h>): setkey, init,
 * the tfm's exit, and the finals that have no SIMD work.  Each driver's own
 * functions are those of its row (KH_SHASH_FUNCS()), which call the library's
 * generic C directly (<keyedhash/internal/>).
 */
#include <crypto/algapi.h>	/* MODULE_ALIAS_CRYPTO() */
#include <crypto/internal/hash.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/sthash.h>
#include <keyedhash/internal/shash.h>

/*
 * setkey: a failed setkey never leaves the old key next to it (the crypto
 * API then also flags the tfm as unkeyed).
 */
int kh_highwayhash_shash_setkey(struct crypto_shash *tfm, const u8 *key,
				unsigned int keylen)
{
	struct kh_highwayhash_key *ctx = crypto_shash_ctx(tfm);
	int err = kh_highwayhash_setkey(ctx, key, keylen);

	if (err)
		memzero_explicit(ctx, sizeof(*ctx));
	return err;
}

int kh_highwayhash_shash_init(struct shash_desc *desc)
{
	__kh_highwayhash_init(shash_desc_ctx(desc), crypto_shash_ctx(desc->tfm));
	return 0;
}

/* Process context only: the key buffer may be vmalloc memory. */
int kh_multimixer128_shash_setkey(struct crypto_shash *tfm, const u8 *key,
				  unsigned int keylen)
{
	struct kh_multimixer128_key *ctx = crypto_shash_ctx(tfm);

	kh_multimixer128_clearkey(ctx);
	return kh_multimixer128_setkey(ctx, key, keylen);
}

int kh_multimixer128_shash_init(struct shash_desc *desc)
{
	__kh_multimixer128_init(shash_desc_ctx(desc));
	return 0;
}

int kh_multimixer128_shash_final(struct shash_desc *desc, u8 *out)
{
	return kh_multimixer128_final(shash_desc_ctx(desc), out);
}

void kh_multimixer128_shash_exit_tfm(struct crypto_shash *tfm)
{
	kh_multimixer128_clearkey(crypto_shash_ctx(tfm));
}

int kh_nhpoly1305_shash_setkey(struct crypto_shash *tfm, const u8 *key,
			       unsigned int keylen)
{
	struct kh_nhpoly1305_key *ctx = crypto_shash_ctx(tfm);
	int err = kh_nhpoly1305_setkey(ctx, key, keylen);

	if (err)
		memzero_explicit(ctx, sizeof(*ctx));
	return err;
}

int kh_nhpoly1305_shash_init(struct shash_desc *desc)
{
	__kh_nhpoly1305_init(shash_desc_ctx(desc));
	return 0;
}

/* NHPoly1305 hashes its last unit with the generic NH on every driver. */
int kh_nhpoly1305_shash_final(struct shash_desc *desc, u8 *out)
{
	return kh_nhpoly1305_final_generic(shash_desc_ctx(desc),
					   crypto_shash_ctx(desc->tfm), out);
}

int kh_sthash_shash_setkey(struct crypto_shash *tfm, const u8 *key,
			   unsigned int keylen)
{
	struct kh_sthash_key *ctx = crypto_shash_ctx(tfm);
	int err = kh_sthash_setkey(ctx, key, keylen);

	if (err)
		memzero_explicit(ctx, sizeof(*ctx));
	return err;
}

int kh_sthash_personalized_shash_setkey(struct crypto_shash *tfm,
					const u8 *key, unsigned int keylen)
{
	struct kh_sthash_key *ctx = crypto_shash_ctx(tfm);
	int err = kh_sthash_personalized_setkey(ctx, key, keylen);

	if (err)
		memzero_explicit(ctx, sizeof(*ctx));
	return err;
}

int kh_sthash_shash_init(struct shash_desc *desc)
{
	__kh_sthash_init(shash_desc_ctx(desc));
	return 0;
}

void kh_shash_exit_tfm(struct crypto_shash *tfm)
{
	memzero_explicit(crypto_shash_ctx(tfm),
			 crypto_shash_alg(tfm)->base.cra_ctxsize);
}

/*
 * A key context is plain data except Multimixer-128's (its drivers' exit
 * frees the key buffer it points to), which the clone must not share:
 * freeing either tfm frees it.  A clone left without a key after a failed
 * allocation frees nothing when it is freed.
 */
int kh_shash_clone_tfm(struct crypto_shash *dst, struct crypto_shash *src)
{
	struct shash_alg *alg = crypto_shash_alg(src);

	if (alg->exit_tfm == kh_multimixer128_shash_exit_tfm)
		return kh_multimixer128_key_dup(crypto_shash_ctx(dst),
						crypto_shash_ctx(src),
						GFP_ATOMIC);
	memcpy(crypto_shash_ctx(dst), crypto_shash_ctx(src),
	       alg->base.cra_ctxsize);
	return 0;
}

/* The generic drivers (<keyedhash/internal/shash.h>) */

KH_SHASH_FUNCS(highwayhash64_generic)
KH_SHASH_FUNCS(highwayhash128_generic)
KH_SHASH_FUNCS(highwayhash256_generic)
KH_SHASH_FUNCS(multimixer128_generic)
KH_SHASH_FUNCS(nhpoly1305_keyedhash_generic)
KH_SHASH_FUNCS(sthash_generic)

struct shash_alg kh_generic_algs[] = {
	KH_SHASH_ALG(highwayhash64_generic),
	KH_SHASH_ALG(highwayhash128_generic),
	KH_SHASH_ALG(highwayhash256_generic),
	KH_SHASH_ALG(multimixer128_generic),
	KH_SHASH_ALG(nhpoly1305_keyedhash_generic),
	KH_SHASH_ALG(sthash_generic),
	KH_SHASH_ALG(sthash_personalized_generic),
};

const unsigned int kh_generic_alg_count = ARRAY_SIZE(kh_generic_algs);

MODULE_ALIAS_CRYPTO("highwayhash64");
MODULE_ALIAS_CRYPTO("highwayhash64-generic");
MODULE_ALIAS_CRYPTO("highwayhash128");
MODULE_ALIAS_CRYPTO("highwayhash128-generic");
MODULE_ALIAS_CRYPTO("highwayhash256");
MODULE_ALIAS_CRYPTO("highwayhash256-generic");
MODULE_ALIAS_CRYPTO("multimixer128");
MODULE_ALIAS_CRYPTO("multimixer128-generic");
MODULE_ALIAS_CRYPTO("nhpoly1305");
MODULE_ALIAS_CRYPTO("nhpoly1305-keyedhash-generic");
MODULE_ALIAS_CRYPTO("sthash");
MODULE_ALIAS_CRYPTO("sthash-generic");
MODULE_ALIAS_CRYPTO("sthash-personalized");
MODULE_ALIAS_CRYPTO("sthash-personalized-generic");
