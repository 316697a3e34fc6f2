// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the generic C drivers, kh_generic_algs[], and what every
 * driver of an algorithm shares (<keyedhash/shash.h>): setkey, init, the
 * tfm's exit, and the finals that have no SIMD work.  Each driver's own
 * functions call the library's generic C directly
 * (<keyedhash/internal/>).
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
#include <keyedhash/shash.h>

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
	kh_nhpoly1305_stream_init(shash_desc_ctx(desc));
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
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	kh_nhpoly1305_stream_init(&st->nhp);
	return 0;
}

/* The generic Keccak-f[1600]: every STHash driver but the AVX-512 ones. */
int kh_sthash_shash_final(struct shash_desc *desc, u8 *out)
{
	return kh_sthash_final_generic(shash_desc_ctx(desc),
				       crypto_shash_ctx(desc->tfm), out);
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

/* The generic drivers */

static int kh_highwayhash64_generic_update(struct shash_desc *desc,
					   const u8 *data, unsigned int len)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_update_generic(st, data, len);
}

static int kh_highwayhash64_generic_final(struct shash_desc *desc, u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_final_generic(st, out,
					    KH_HIGHWAYHASH64_DIGEST_SIZE);
}

static int kh_highwayhash64_generic_finup(struct shash_desc *desc,
					  const u8 *data, unsigned int len,
					  u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	if (len)
		kh_highwayhash_update_generic(st, data, len);
	return kh_highwayhash_final_generic(st, out,
					    KH_HIGHWAYHASH64_DIGEST_SIZE);
}

static int kh_highwayhash64_generic_digest(struct shash_desc *desc,
					   const u8 *data, unsigned int len,
					   u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	__kh_highwayhash_init(st, crypto_shash_ctx(desc->tfm));
	kh_highwayhash_update_generic(st, data, len);
	return kh_highwayhash_final_generic(st, out,
					    KH_HIGHWAYHASH64_DIGEST_SIZE);
}

static int kh_highwayhash128_generic_update(struct shash_desc *desc,
					    const u8 *data, unsigned int len)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_update_generic(st, data, len);
}

static int kh_highwayhash128_generic_final(struct shash_desc *desc, u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_final_generic(st, out,
					    KH_HIGHWAYHASH128_DIGEST_SIZE);
}

static int kh_highwayhash128_generic_finup(struct shash_desc *desc,
					   const u8 *data, unsigned int len,
					   u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	if (len)
		kh_highwayhash_update_generic(st, data, len);
	return kh_highwayhash_final_generic(st, out,
					    KH_HIGHWAYHASH128_DIGEST_SIZE);
}

static int kh_highwayhash128_generic_digest(struct shash_desc *desc,
					    const u8 *data, unsigned int len,
					    u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	__kh_highwayhash_init(st, crypto_shash_ctx(desc->tfm));
	kh_highwayhash_update_generic(st, data, len);
	return kh_highwayhash_final_generic(st, out,
					    KH_HIGHWAYHASH128_DIGEST_SIZE);
}

static int kh_highwayhash256_generic_update(struct shash_desc *desc,
					    const u8 *data, unsigned int len)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_update_generic(st, data, len);
}

static int kh_highwayhash256_generic_final(struct shash_desc *desc, u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	return kh_highwayhash_final_generic(st, out,
					    KH_HIGHWAYHASH256_DIGEST_SIZE);
}

static int kh_highwayhash256_generic_finup(struct shash_desc *desc,
					   const u8 *data, unsigned int len,
					   u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	if (len)
		kh_highwayhash_update_generic(st, data, len);
	return kh_highwayhash_final_generic(st, out,
					    KH_HIGHWAYHASH256_DIGEST_SIZE);
}

static int kh_highwayhash256_generic_digest(struct shash_desc *desc,
					    const u8 *data, unsigned int len,
					    u8 *out)
{
	struct kh_highwayhash_state *st = shash_desc_ctx(desc);

	__kh_highwayhash_init(st, crypto_shash_ctx(desc->tfm));
	kh_highwayhash_update_generic(st, data, len);
	return kh_highwayhash_final_generic(st, out,
					    KH_HIGHWAYHASH256_DIGEST_SIZE);
}

static int kh_multimixer128_generic_update(struct shash_desc *desc,
					   const u8 *data, unsigned int len)
{
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);

	return kh_multimixer128_update_generic(st, key, data, len);
}

static int kh_multimixer128_generic_finup(struct shash_desc *desc,
					  const u8 *data, unsigned int len,
					  u8 *out)
{
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);
	int err = 0;

	if (len)
		err = kh_multimixer128_update_generic(st, key, data, len);
	if (err) {
		kh_wipe_state(st, sizeof(*st));
		return err;
	}
	return kh_multimixer128_final(st, out);
}

static int kh_multimixer128_generic_digest(struct shash_desc *desc,
					   const u8 *data, unsigned int len,
					   u8 *out)
{
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);
	int err;

	__kh_multimixer128_init(st);
	err = kh_multimixer128_update_generic(st, key, data, len);
	if (err) {
		kh_wipe_state(st, sizeof(*st));
		return err;
	}
	return kh_multimixer128_final(st, out);
}

static int kh_nhpoly1305_keyedhash_generic_update(struct shash_desc *desc,
						  const u8 *data,
						  unsigned int len)
{
	const struct kh_nhpoly1305_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_nhpoly1305_state *st = shash_desc_ctx(desc);

	return kh_nhpoly1305_update_generic(st, key, data, len);
}

static int kh_nhpoly1305_keyedhash_generic_finup(struct shash_desc *desc,
						 const u8 *data,
						 unsigned int len, u8 *out)
{
	const struct kh_nhpoly1305_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_nhpoly1305_state *st = shash_desc_ctx(desc);

	if (len)
		kh_nhpoly1305_update_generic(st, key, data, len);
	return kh_nhpoly1305_final_generic(st, key, out);
}

static int kh_nhpoly1305_keyedhash_generic_digest(struct shash_desc *desc,
						  const u8 *data,
						  unsigned int len, u8 *out)
{
	const struct kh_nhpoly1305_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_nhpoly1305_state *st = shash_desc_ctx(desc);

	kh_nhpoly1305_stream_init(st);
	kh_nhpoly1305_update_generic(st, key, data, len);
	return kh_nhpoly1305_final_generic(st, key, out);
}

static int kh_sthash_generic_update(struct shash_desc *desc, const u8 *data,
				    unsigned int len)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	return kh_nhpoly1305_update_generic(&st->nhp, &key->nhp, data, len);
}

static int kh_sthash_generic_finup(struct shash_desc *desc, const u8 *data,
				   unsigned int len, u8 *out)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	if (len)
		kh_nhpoly1305_update_generic(&st->nhp, &key->nhp, data, len);
	return kh_sthash_final_generic(st, key, out);
}

static int kh_sthash_generic_digest(struct shash_desc *desc, const u8 *data,
				    unsigned int len, u8 *out)
{
	const struct kh_sthash_key *key = crypto_shash_ctx(desc->tfm);
	struct kh_sthash_state *st = shash_desc_ctx(desc);

	kh_nhpoly1305_stream_init(&st->nhp);
	kh_nhpoly1305_update_generic(&st->nhp, &key->nhp, data, len);
	return kh_sthash_final_generic(st, key, out);
}

struct shash_alg kh_generic_algs[] = {
	{
		.setkey		= kh_highwayhash_shash_setkey,
		.init		= kh_highwayhash_shash_init,
		.update		= kh_highwayhash64_generic_update,
		.final		= kh_highwayhash64_generic_final,
		.finup		= kh_highwayhash64_generic_finup,
		.digest		= kh_highwayhash64_generic_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_highwayhash64_generic(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_highwayhash_shash_setkey,
		.init		= kh_highwayhash_shash_init,
		.update		= kh_highwayhash128_generic_update,
		.final		= kh_highwayhash128_generic_final,
		.finup		= kh_highwayhash128_generic_finup,
		.digest		= kh_highwayhash128_generic_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_highwayhash128_generic(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_highwayhash_shash_setkey,
		.init		= kh_highwayhash_shash_init,
		.update		= kh_highwayhash256_generic_update,
		.final		= kh_highwayhash256_generic_final,
		.finup		= kh_highwayhash256_generic_finup,
		.digest		= kh_highwayhash256_generic_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_highwayhash256_generic(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_multimixer128_shash_setkey,
		.init		= kh_multimixer128_shash_init,
		.update		= kh_multimixer128_generic_update,
		.final		= kh_multimixer128_shash_final,
		.finup		= kh_multimixer128_generic_finup,
		.digest		= kh_multimixer128_generic_digest,
		.exit_tfm	= kh_multimixer128_shash_exit_tfm,
		KH_DRIVER_multimixer128_generic(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_nhpoly1305_shash_setkey,
		.init		= kh_nhpoly1305_shash_init,
		.update		= kh_nhpoly1305_keyedhash_generic_update,
		.final		= kh_nhpoly1305_shash_final,
		.finup		= kh_nhpoly1305_keyedhash_generic_finup,
		.digest		= kh_nhpoly1305_keyedhash_generic_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_nhpoly1305_keyedhash_generic(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_sthash_shash_setkey,
		.init		= kh_sthash_shash_init,
		.update		= kh_sthash_generic_update,
		.final		= kh_sthash_shash_final,
		.finup		= kh_sthash_generic_finup,
		.digest		= kh_sthash_generic_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_sthash_generic(KH_SHASH_DRIVER),
	}, {
		.setkey		= kh_sthash_personalized_shash_setkey,
		.init		= kh_sthash_shash_init,
		.update		= kh_sthash_generic_update,
		.final		= kh_sthash_shash_final,
		.finup		= kh_sthash_generic_finup,
		.digest		= kh_sthash_generic_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		KH_DRIVER_sthash_personalized_generic(KH_SHASH_DRIVER),
	},
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
