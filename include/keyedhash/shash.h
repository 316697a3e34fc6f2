/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keyedhash: the shash operations the crypto API calls.
 *
 * Every struct kh_alg_ops gets its own init, update, final, finup and
 * digest (KH_SHASH_FNS(), next to the ops), in which the calls into the
 * ops are direct: the one indirect call of an operation is the crypto
 * API's own.  The glue below is the only source of what they do (the impl
 * found from the tfm, the state wiped after final); setkey and exit_tfm,
 * outside the data path, stay shared in keyedhash_generic.c.
 *
 * In userspace (host tests, make bench) tests/host/shim/ provides the few
 * crypto API types this needs.
 */
#ifndef _KEYEDHASH_SHASH_H
#define _KEYEDHASH_SHASH_H

#include <crypto/internal/hash.h>
#include <linux/string.h>
#include <keyedhash/keyedhash.h>

/* A registered driver: the shash_alg the crypto API sees, and its impl. */
struct kh_driver {
	struct shash_alg alg;
	const struct kh_impl *impl;
};

static inline const struct kh_impl *kh_tfm_impl(struct crypto_shash *tfm)
{
	return container_of(crypto_shash_alg(tfm), struct kh_driver, alg)->impl;
}

/* Give @alg the shash operations of @ops (registration, and the tests'). */
static inline void kh_shash_set_ops(struct shash_alg *alg,
				    const struct kh_alg_ops *ops)
{
	alg->init = ops->shash->init;
	alg->update = ops->shash->update;
	alg->final = ops->shash->final;
	alg->finup = ops->shash->finup;
	alg->digest = ops->shash->digest;
}

/*
 * Wipe a request state of @n bytes (a constant): in pieces of at most 32
 * bytes, each of which the compiler writes with plain 8-byte stores, where
 * one memzero_explicit() of the whole state (80-168 bytes) becomes "rep
 * stosq" (as kh_mm128_init() clears its state: the start-up of a short
 * "rep stos" is costly on some CPUs; on the AMD Zen 3 measured so far,
 * docs/performance.md, both cost the same).
 */
static __always_inline void kh_wipe_state(void *state, unsigned int n)
{
	unsigned int i;

	for (i = 0; i + 32 <= n; i += 32)
		memzero_explicit((u8 *)state + i, 32);
	if (n % 32)
		memzero_explicit((u8 *)state + i, n % 32);
}

static __always_inline int kh_glue_init(struct shash_desc *desc,
					const struct kh_alg_ops *ops)
{
	ops->init(crypto_shash_ctx(desc->tfm), shash_desc_ctx(desc));
	return 0;
}

static __always_inline int kh_glue_update(struct shash_desc *desc,
					  const u8 *data, unsigned int len,
					  const struct kh_alg_ops *ops)
{
	return ops->update(kh_tfm_impl(desc->tfm), crypto_shash_ctx(desc->tfm),
			   shash_desc_ctx(desc), data, len);
}

static __always_inline int kh_glue_final(struct shash_desc *desc, u8 *out,
					 const struct kh_alg_ops *ops)
{
	int err;

	err = ops->final(kh_tfm_impl(desc->tfm), crypto_shash_ctx(desc->tfm),
			 shash_desc_ctx(desc), out);
	kh_wipe_state(shash_desc_ctx(desc), ops->statesize);
	return err;
}

/*
 * finup and digest: from 7.x crypto_shash_final() is finup(NULL, 0), and
 * without these the crypto API would add an update() call of its own.
 */
static __always_inline int kh_glue_finup(struct shash_desc *desc,
					 const u8 *data, unsigned int len,
					 u8 *out, const struct kh_alg_ops *ops)
{
	int err = 0;

	if (len)
		err = kh_glue_update(desc, data, len, ops);
	if (err) {
		kh_wipe_state(shash_desc_ctx(desc), ops->statesize);
		return err;
	}
	return kh_glue_final(desc, out, ops);
}

static __always_inline int kh_glue_digest(struct shash_desc *desc,
					  const u8 *data, unsigned int len,
					  u8 *out, const struct kh_alg_ops *ops)
{
	kh_glue_init(desc, ops);
	return kh_glue_finup(desc, data, len, out, ops);
}

/*
 * KH_SHASH_FNS(fns, ops) - the shash operations of the struct kh_alg_ops
 * @ops (defined above it in the same file), as the struct kh_shash_fns
 * @fns that @ops.shash points to (declared before @ops).
 */
#define KH_SHASH_FNS(fns, ops)						\
static const struct kh_alg_ops *const fns##_ops = &(ops);		\
static int fns##_init(struct shash_desc *desc)				\
{									\
	return kh_glue_init(desc, fns##_ops);				\
}									\
static int fns##_update(struct shash_desc *desc, const u8 *data,	\
			unsigned int len)				\
{									\
	return kh_glue_update(desc, data, len, fns##_ops);		\
}									\
static int fns##_final(struct shash_desc *desc, u8 *out)		\
{									\
	return kh_glue_final(desc, out, fns##_ops);			\
}									\
static int fns##_finup(struct shash_desc *desc, const u8 *data,	\
		       unsigned int len, u8 *out)			\
{									\
	return kh_glue_finup(desc, data, len, out, fns##_ops);		\
}									\
static int fns##_digest(struct shash_desc *desc, const u8 *data,	\
			unsigned int len, u8 *out)			\
{									\
	return kh_glue_digest(desc, data, len, out, fns##_ops);		\
}									\
static const struct kh_shash_fns fns = {				\
	.init	= fns##_init,						\
	.update	= fns##_update,						\
	.final	= fns##_final,						\
	.finup	= fns##_finup,						\
	.digest	= fns##_digest,						\
}

#endif /* _KEYEDHASH_SHASH_H */
