/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The crypto API's shash types as the kernel lays them out, as far as the
 * drivers and selftest.c use them: an algorithm (struct shash_alg around a
 * struct crypto_alg), a tfm whose key context follows it, a request
 * (desc) whose state follows it.  Userspace callers (the host tests, make
 * bench) make a tfm and a request with kh_shim_tfm_new() and
 * kh_shim_desc_new() and call the driver's functions through its
 * shash_alg, as the crypto API does.
 */
#ifndef _KH_SHIM_CRYPTO_INTERNAL_HASH_H
#define _KH_SHIM_CRYPTO_INTERNAL_HASH_H

#include "../../kh_shim.h"

#define CRYPTO_MAX_ALG_NAME	128
#define THIS_MODULE		NULL
#ifndef MODULE_ALIAS_CRYPTO
#define MODULE_ALIAS_CRYPTO(name)
#endif

struct module;
struct crypto_shash;
struct shash_desc;

struct crypto_alg {
	char cra_name[CRYPTO_MAX_ALG_NAME];
	char cra_driver_name[CRYPTO_MAX_ALG_NAME];
	int cra_priority;
	unsigned int cra_blocksize;
	unsigned int cra_ctxsize;
	struct module *cra_module;
};

struct crypto_tfm {
	struct crypto_alg *__crt_alg;
	void *__crt_ctx[] __attribute__((aligned(16)));
};

struct crypto_shash {
	unsigned int descsize;
	struct crypto_tfm base;
};

struct shash_desc {
	struct crypto_shash *tfm;
	void *__ctx[] __attribute__((aligned(16)));
};

struct shash_alg {
	int (*init)(struct shash_desc *desc);
	int (*update)(struct shash_desc *desc, const u8 *data,
		      unsigned int len);
	int (*final)(struct shash_desc *desc, u8 *out);
	int (*finup)(struct shash_desc *desc, const u8 *data,
		     unsigned int len, u8 *out);
	int (*digest)(struct shash_desc *desc, const u8 *data,
		      unsigned int len, u8 *out);
	int (*setkey)(struct crypto_shash *tfm, const u8 *key,
		      unsigned int keylen);
	void (*exit_tfm)(struct crypto_shash *tfm);
	unsigned int descsize;
	unsigned int digestsize;
	struct crypto_alg base;
};

static inline struct shash_alg *crypto_shash_alg(struct crypto_shash *tfm)
{
	return container_of(tfm->base.__crt_alg, struct shash_alg, base);
}

static inline void *crypto_shash_ctx(struct crypto_shash *tfm)
{
	return tfm->base.__crt_ctx;
}

static inline void *shash_desc_ctx(struct shash_desc *desc)
{
	return desc->__ctx;
}

/* Module init's load of the kernel's own drivers: nothing to load here. */
static inline int crypto_has_shash(const char *name, u32 type, u32 mask)
{
	(void)name;
	(void)type;
	(void)mask;
	return 0;
}

/* A tfm of @alg with a zeroed key context, as crypto_alloc_shash() gives. */
static inline struct crypto_shash *kh_shim_tfm_new(struct shash_alg *alg)
{
	struct crypto_shash *tfm = calloc(1, sizeof(*tfm) + alg->base.cra_ctxsize);

	if (tfm) {
		tfm->descsize = alg->descsize;
		tfm->base.__crt_alg = &alg->base;
	}
	return tfm;
}

/* Free a tfm as crypto_free_shash() does: exit_tfm, then the memory. */
static inline void kh_shim_tfm_free(struct crypto_shash *tfm)
{
	if (!tfm)
		return;
	if (crypto_shash_alg(tfm)->exit_tfm)
		crypto_shash_alg(tfm)->exit_tfm(tfm);
	free(tfm);
}

/* A request on @tfm, its state uninitialised (filled with 0xa5). */
static inline struct shash_desc *kh_shim_desc_new(struct crypto_shash *tfm)
{
	struct shash_desc *desc = malloc(sizeof(*desc) + tfm->descsize);

	if (desc) {
		desc->tfm = tfm;
		memset(desc->__ctx, 0xa5, tfm->descsize);
	}
	return desc;
}

#endif
