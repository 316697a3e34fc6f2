/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The crypto API's shash types, as far as <keyedhash/shash.h> uses them:
 * a tfm holds its algorithm and key context, a request (desc) its tfm and
 * state.  The operations are those a driver registers; userspace callers
 * (the host tests, make bench) call them through the alg as the crypto API
 * does.
 */
#ifndef _KH_SHIM_CRYPTO_INTERNAL_HASH_H
#define _KH_SHIM_CRYPTO_INTERNAL_HASH_H

#include "../../kh_shim.h"

struct shash_desc;

struct shash_alg {
	int (*init)(struct shash_desc *desc);
	int (*update)(struct shash_desc *desc, const u8 *data,
		      unsigned int len);
	int (*final)(struct shash_desc *desc, u8 *out);
	int (*finup)(struct shash_desc *desc, const u8 *data,
		     unsigned int len, u8 *out);
	int (*digest)(struct shash_desc *desc, const u8 *data,
		      unsigned int len, u8 *out);
};

struct crypto_shash {
	struct shash_alg *alg;
	void *ctx;
};

struct shash_desc {
	struct crypto_shash *tfm;
	void *state;
};

static inline struct shash_alg *crypto_shash_alg(struct crypto_shash *tfm)
{
	return tfm->alg;
}

static inline void *crypto_shash_ctx(struct crypto_shash *tfm)
{
	return tfm->ctx;
}

static inline void *shash_desc_ctx(struct shash_desc *desc)
{
	return desc->state;
}

#endif
