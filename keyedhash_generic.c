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

#define KH_GENERIC_PRIORITY	100
/*
 * Below the kernel's own nhpoly1305-generic (100), so that Adiantum keeps
 * the in-tree drivers unless this one is asked for by driver name.
 */
#define KH_NHPOLY1305_GENERIC_PRIORITY	90

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
		.digestsize	= KH_HIGHWAYHASH64_DIGEST_SIZE,
		.descsize	= sizeof(struct kh_highwayhash_state),
		.setkey		= kh_highwayhash_shash_setkey,
		.init		= kh_highwayhash_shash_init,
		.update		= kh_highwayhash64_generic_update,
		.final		= kh_highwayhash64_generic_final,
		.finup		= kh_highwayhash64_generic_finup,
		.digest		= kh_highwayhash64_generic_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		.base		= {
			.cra_name		= "highwayhash64",
			.cra_driver_name	= "highwayhash64-generic",
			.cra_priority		= KH_GENERIC_PRIORITY,
			.cra_blocksize		= KH_HIGHWAYHASH_BLOCK_SIZE,
			.cra_ctxsize		= sizeof(struct kh_highwayhash_key),
			.cra_module		= THIS_MODULE,
		},
	}, {
		.digestsize	= KH_HIGHWAYHASH128_DIGEST_SIZE,
		.descsize	= sizeof(struct kh_highwayhash_state),
		.setkey		= kh_highwayhash_shash_setkey,
		.init		= kh_highwayhash_shash_init,
		.update		= kh_highwayhash128_generic_update,
		.final		= kh_highwayhash128_generic_final,
		.finup		= kh_highwayhash128_generic_finup,
		.digest		= kh_highwayhash128_generic_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		.base		= {
			.cra_name		= "highwayhash128",
			.cra_driver_name	= "highwayhash128-generic",
			.cra_priority		= KH_GENERIC_PRIORITY,
			.cra_blocksize		= KH_HIGHWAYHASH_BLOCK_SIZE,
			.cra_ctxsize		= sizeof(struct kh_highwayhash_key),
			.cra_module		= THIS_MODULE,
		},
	}, {
		.digestsize	= KH_HIGHWAYHASH256_DIGEST_SIZE,
		.descsize	= sizeof(struct kh_highwayhash_state),
		.setkey		= kh_highwayhash_shash_setkey,
		.init		= kh_highwayhash_shash_init,
		.update		= kh_highwayhash256_generic_update,
		.final		= kh_highwayhash256_generic_final,
		.finup		= kh_highwayhash256_generic_finup,
		.digest		= kh_highwayhash256_generic_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		.base		= {
			.cra_name		= "highwayhash256",
			.cra_driver_name	= "highwayhash256-generic",
			.cra_priority		= KH_GENERIC_PRIORITY,
			.cra_blocksize		= KH_HIGHWAYHASH_BLOCK_SIZE,
			.cra_ctxsize		= sizeof(struct kh_highwayhash_key),
			.cra_module		= THIS_MODULE,
		},
	}, {
		.digestsize	= KH_MULTIMIXER128_DIGEST_SIZE,
		.descsize	= sizeof(struct kh_multimixer128_state),
		.setkey		= kh_multimixer128_shash_setkey,
		.init		= kh_multimixer128_shash_init,
		.update		= kh_multimixer128_generic_update,
		.final		= kh_multimixer128_shash_final,
		.finup		= kh_multimixer128_generic_finup,
		.digest		= kh_multimixer128_generic_digest,
		.exit_tfm	= kh_multimixer128_shash_exit_tfm,
		.base		= {
			.cra_name		= "multimixer128",
			.cra_driver_name	= "multimixer128-generic",
			.cra_priority		= KH_GENERIC_PRIORITY,
			.cra_blocksize		= KH_MULTIMIXER128_BLOCK_SIZE,
			.cra_ctxsize		= sizeof(struct kh_multimixer128_key),
			.cra_module		= THIS_MODULE,
		},
	}, {
		.digestsize	= KH_NHPOLY1305_DIGEST_SIZE,
		.descsize	= sizeof(struct kh_nhpoly1305_state),
		.setkey		= kh_nhpoly1305_shash_setkey,
		.init		= kh_nhpoly1305_shash_init,
		.update		= kh_nhpoly1305_keyedhash_generic_update,
		.final		= kh_nhpoly1305_shash_final,
		.finup		= kh_nhpoly1305_keyedhash_generic_finup,
		.digest		= kh_nhpoly1305_keyedhash_generic_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		.base		= {
			.cra_name		= "nhpoly1305",
			.cra_driver_name	= "nhpoly1305-keyedhash-generic",
			.cra_priority		= KH_NHPOLY1305_GENERIC_PRIORITY,
			.cra_blocksize		= 0,
			.cra_ctxsize		= sizeof(struct kh_nhpoly1305_key),
			.cra_module		= THIS_MODULE,
		},
	}, {
		.digestsize	= KH_STHASH_DIGEST_SIZE,
		.descsize	= sizeof(struct kh_sthash_state),
		.setkey		= kh_sthash_shash_setkey,
		.init		= kh_sthash_shash_init,
		.update		= kh_sthash_generic_update,
		.final		= kh_sthash_shash_final,
		.finup		= kh_sthash_generic_finup,
		.digest		= kh_sthash_generic_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		.base		= {
			.cra_name		= "sthash",
			.cra_driver_name	= "sthash-generic",
			.cra_priority		= KH_GENERIC_PRIORITY,
			.cra_blocksize		= KH_NH_UNIT,
			.cra_ctxsize		= sizeof(struct kh_sthash_key),
			.cra_module		= THIS_MODULE,
		},
	}, {
		.digestsize	= KH_STHASH_DIGEST_SIZE,
		.descsize	= sizeof(struct kh_sthash_state),
		.setkey		= kh_sthash_personalized_shash_setkey,
		.init		= kh_sthash_shash_init,
		.update		= kh_sthash_generic_update,
		.final		= kh_sthash_shash_final,
		.finup		= kh_sthash_generic_finup,
		.digest		= kh_sthash_generic_digest,
		.exit_tfm	= kh_shash_exit_tfm,
		.base		= {
			.cra_name		= "sthash-personalized",
			.cra_driver_name	= "sthash-personalized-generic",
			.cra_priority		= KH_GENERIC_PRIORITY,
			.cra_blocksize		= KH_NH_UNIT,
			.cra_ctxsize		= sizeof(struct kh_sthash_key),
			.cra_module		= THIS_MODULE,
		},
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
