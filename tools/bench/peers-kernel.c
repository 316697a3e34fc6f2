// SPDX-License-Identifier: GPL-2.0
/*
 * The in-kernel peers of the dm-integrity comparison, in the kernel-mode
 * copy only (kpeers.mk): Linux 6.1's sha256-ni, sha256-avx2, sha512-avx2,
 * crc32c-intel, xxhash64-generic, blake2b-256-generic and the x86
 * Poly1305, compiled unmodified from the installed linux-source-6.1.
 *
 * Around the drivers, what the kernel runs and this file models:
 *  - the crypto API calls (crypto/shash.c, include/crypto/hash.h):
 *    crypto_shash_init() and _import() are inline (key check, one indirect
 *    call), crypto_shash_update(), _final() and _finup() out-of-line
 *    functions (alignmask check, one indirect call); a driver without
 *    finup, export or import gets the core's defaults at registration;
 *  - the hmac template (crypto/hmac.c, 6.1 and 6.12): setkey hashes the
 *    key's ipad and opad blocks once and keeps the two exported states;
 *    init imports the ipad state, update is the inner update, final is the
 *    inner final, an import of the opad state and an inner finup of the
 *    inner digest;
 *  - dm-integrity's integrity_sector_checksum() (drivers/md/dm-integrity.c):
 *    init, [salt], le64 sector, block, final.
 * Written from those facts; no kernel code here.  The rows: per message
 * size, "peer:linux-<driver> [kernel]" (a user task, one system call per
 * message); per dm-integrity block, "peer:<driver> [kthread]" and
 * "peer:<driver> [task]".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kshim/kb_kshim.h"
#include "bench.h"

const struct shash_alg *kb_linux_sha256_ni(void);
const struct shash_alg *kb_linux_sha256_avx2(void);
const struct shash_alg *kb_linux_sha512_avx2(void);
const struct shash_alg *kb_linux_crc32c_intel(void);
const struct shash_alg *kb_linux_xxhash64(void);
const struct shash_alg *kb_linux_blake2b_256(void);
const struct shash_alg *kb_linux_poly1305_simd(void);
unsigned int kb_linux_poly1305_dctx_size(void);
/* the x86 Poly1305 library (arch/x86/crypto/poly1305_glue.c) */
void poly1305_init_arch(void *dctx, const u8 key[32]);
void poly1305_update_arch(void *dctx, const u8 *src, unsigned int len);
void poly1305_final_arch(void *dctx, u8 digest[16]);

#define KB_DCTX_MAX	512

/* ---- the crypto API around a driver ---- */

static int kb_default_export(struct shash_desc *desc, void *out)
{
	memcpy(out, shash_desc_ctx(desc), desc->tfm->alg->descsize);
	return 0;
}

static int kb_default_import(struct shash_desc *desc, const void *in)
{
	memcpy(shash_desc_ctx(desc), in, desc->tfm->alg->descsize);
	return 0;
}

static int kb_default_finup(struct shash_desc *desc, const u8 *data,
			    unsigned int len, u8 *out)
{
	const struct shash_alg *alg = desc->tfm->alg;

	return alg->update(desc, data, len) ?: alg->final(desc, out);
}

/* crypto_register_shash(): the core's defaults filled in */
static void kb_kdefaults(struct shash_alg *alg)
{
	if (!alg->finup)
		alg->finup = kb_default_finup;
	if (!alg->export)
		alg->export = kb_default_export;
	if (!alg->import)
		alg->import = kb_default_import;
	if (!alg->statesize)
		alg->statesize = alg->descsize;
}

/* a registered copy of a driver's static shash_alg */
static const struct shash_alg *kb_kregister(const struct shash_alg *drv)
{
	struct shash_alg *alg;

	if (!drv)
		return NULL;
	alg = kb_zalloc(sizeof(*alg));
	*alg = *drv;
	kb_kdefaults(alg);
	return alg;
}

static inline int kb_crypto_shash_init(struct shash_desc *desc)
{
	if (desc->tfm->base.crt_flags & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	return desc->tfm->alg->init(desc);
}

static inline int kb_crypto_shash_import(struct shash_desc *desc,
					 const void *in)
{
	if (desc->tfm->base.crt_flags & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	return desc->tfm->alg->import(desc, in);
}

static inline int kb_crypto_shash_export(struct shash_desc *desc, void *out)
{
	return desc->tfm->alg->export(desc, out);
}

/* the out-of-line ones; every driver here has alignmask 0 */
static noinline int kb_crypto_shash_update(struct shash_desc *desc,
					   const u8 *data, unsigned int len)
{
	const struct shash_alg *alg = desc->tfm->alg;

	if ((unsigned long)data & alg->base.cra_alignmask)
		return -EINVAL;
	return alg->update(desc, data, len);
}

static noinline int kb_crypto_shash_final(struct shash_desc *desc, u8 *out)
{
	const struct shash_alg *alg = desc->tfm->alg;

	if ((unsigned long)out & alg->base.cra_alignmask)
		return -EINVAL;
	return alg->final(desc, out);
}

static noinline int kb_crypto_shash_finup(struct shash_desc *desc,
					  const u8 *data, unsigned int len,
					  u8 *out)
{
	const struct shash_alg *alg = desc->tfm->alg;

	if (((unsigned long)data | (unsigned long)out) &
	    alg->base.cra_alignmask)
		return -EINVAL;
	return alg->finup(desc, data, len, out);
}

/* crypto_alloc_shash() + setkey: NULL if the key is refused */
static struct crypto_shash *kb_ktfm(const struct shash_alg *alg,
				    const u8 *key, size_t keylen)
{
	struct crypto_shash *tfm = kb_zalloc(sizeof(*tfm));

	tfm->alg = alg;
	tfm->ctx = kb_zalloc(alg->base.cra_ctxsize ? alg->base.cra_ctxsize : 1);
	tfm->base.ctx = tfm->ctx;
	if (alg->base.cra_init && alg->base.cra_init(&tfm->base))
		goto fail;
	if (keylen && (!alg->setkey || alg->setkey(tfm, key, keylen)))
		goto fail;
	return tfm;
fail:
	free(tfm->ctx);
	free(tfm);
	return NULL;
}

static void kb_ktfm_free(struct crypto_shash *tfm)
{
	free(tfm->ctx);
	free(tfm);
}

/* ---- the hmac template ---- */

struct kb_hmac_ctx {
	struct crypto_shash *hash;	/* the inner driver, unkeyed */
	u8 *ipad, *opad;		/* exported states, statesize each */
};

static int kb_hmac_setkey(struct crypto_shash *parent, const u8 *inkey,
			  unsigned int keylen)
{
	struct kb_hmac_ctx *ctx = crypto_shash_ctx(parent);
	struct crypto_shash *hash = ctx->hash;
	unsigned int bs = hash->alg->base.cra_blocksize;
	u8 pad[2][128] __aligned(8), dctx[KB_DCTX_MAX] __aligned(64);
	struct shash_desc desc = { .tfm = hash, .ctx = dctx };
	unsigned int i;
	int err;

	if (bs > sizeof(pad[0]) || hash->alg->descsize > sizeof(dctx))
		return -EINVAL;
	memset(pad, 0, sizeof(pad));
	if (keylen > bs) {
		err = kb_crypto_shash_init(&desc) ?:
		      kb_crypto_shash_finup(&desc, inkey, keylen, pad[0]);
		if (err)
			return err;
		keylen = hash->alg->digestsize;
	} else {
		memcpy(pad[0], inkey, keylen);
	}
	memcpy(pad[1], pad[0], bs);
	for (i = 0; i < bs; i++) {
		pad[0][i] ^= 0x36;
		pad[1][i] ^= 0x5c;
	}
	err = kb_crypto_shash_init(&desc) ?:
	      kb_crypto_shash_update(&desc, pad[0], bs) ?:
	      kb_crypto_shash_export(&desc, ctx->ipad) ?:
	      kb_crypto_shash_init(&desc) ?:
	      kb_crypto_shash_update(&desc, pad[1], bs) ?:
	      kb_crypto_shash_export(&desc, ctx->opad);
	memzero_explicit(pad, sizeof(pad));
	memzero_explicit(dctx, sizeof(dctx));
	return err;
}

/* the hmac request state: the inner driver's request, then its state */
struct kb_hmac_desc {
	struct shash_desc inner;
	u8 state[KB_DCTX_MAX] __aligned(64);
};

static int kb_hmac_init(struct shash_desc *pdesc)
{
	struct kb_hmac_ctx *ctx = crypto_shash_ctx(pdesc->tfm);
	struct kb_hmac_desc *d = shash_desc_ctx(pdesc);

	d->inner.tfm = ctx->hash;
	d->inner.ctx = d->state;
	return kb_crypto_shash_import(&d->inner, ctx->ipad);
}

static int kb_hmac_update(struct shash_desc *pdesc, const u8 *data,
			  unsigned int nbytes)
{
	struct kb_hmac_desc *d = shash_desc_ctx(pdesc);

	return kb_crypto_shash_update(&d->inner, data, nbytes);
}

static int kb_hmac_final(struct shash_desc *pdesc, u8 *out)
{
	struct kb_hmac_ctx *ctx = crypto_shash_ctx(pdesc->tfm);
	struct kb_hmac_desc *d = shash_desc_ctx(pdesc);
	unsigned int ds = pdesc->tfm->alg->digestsize;

	return kb_crypto_shash_final(&d->inner, out) ?:
	       kb_crypto_shash_import(&d->inner, ctx->opad) ?:
	       kb_crypto_shash_finup(&d->inner, out, ds, out);
}

static int kb_hmac_finup(struct shash_desc *pdesc, const u8 *data,
			 unsigned int nbytes, u8 *out)
{
	struct kb_hmac_ctx *ctx = crypto_shash_ctx(pdesc->tfm);
	struct kb_hmac_desc *d = shash_desc_ctx(pdesc);
	unsigned int ds = pdesc->tfm->alg->digestsize;

	return kb_crypto_shash_finup(&d->inner, data, nbytes, out) ?:
	       kb_crypto_shash_import(&d->inner, ctx->opad) ?:
	       kb_crypto_shash_finup(&d->inner, out, ds, out);
}

/* an "hmac(<inner driver>)" instance; ->alg is the instance's shash_alg */
struct kb_hmac_inst {
	struct shash_alg alg;		/* first */
	char name[64];
	const struct shash_alg *inner;
};

static const struct shash_alg *kb_hmac_instance(const struct shash_alg *inner)
{
	struct kb_hmac_inst *inst;

	if (!inner)
		return NULL;
	inst = kb_zalloc(sizeof(*inst));
	inst->inner = inner;
	snprintf(inst->name, sizeof(inst->name), "hmac(%s)",
		 inner->base.cra_driver_name);
	inst->alg.init = kb_hmac_init;
	inst->alg.update = kb_hmac_update;
	inst->alg.final = kb_hmac_final;
	inst->alg.finup = kb_hmac_finup;
	inst->alg.setkey = kb_hmac_setkey;
	inst->alg.descsize = sizeof(struct kb_hmac_desc);
	inst->alg.digestsize = inner->digestsize;
	inst->alg.base.cra_driver_name = inst->name;
	inst->alg.base.cra_blocksize = inner->base.cra_blocksize;
	inst->alg.base.cra_ctxsize = sizeof(struct kb_hmac_ctx);
	kb_kdefaults(&inst->alg);
	return &inst->alg;
}

static const struct shash_alg *kb_hmac_inner(const struct shash_alg *alg)
{
	return ((const struct kb_hmac_inst *)alg)->inner;
}

/* ---- one keyed driver instance and request ---- */

struct kb_kinst {
	struct crypto_shash *tfm;
	struct shash_desc desc;
	bool salt;		/* dm-integrity: superblock salt first */
	u64 sector;
};

static struct crypto_shash *kb_kalloc(const struct shash_alg *alg,
				      const u8 *key, size_t keylen)
{
	struct crypto_shash *tfm;

	if (alg->setkey == kb_hmac_setkey) {
		/* the template's init_tfm: its own unkeyed inner tfm */
		const struct shash_alg *inner = kb_hmac_inner(alg);
		struct kb_hmac_ctx *ctx;

		tfm = kb_ktfm(alg, NULL, 0);
		ctx = tfm->ctx;
		ctx->hash = kb_ktfm(inner, NULL, 0);
		ctx->ipad = kb_zalloc(inner->statesize);
		ctx->opad = kb_zalloc(inner->statesize);
		if (!ctx->hash || alg->setkey(tfm, key, keylen))
			kb_fatal("%s: setkey failed", alg->base.cra_driver_name);
		return tfm;
	}
	return kb_ktfm(alg, key, keylen);
}

static void kb_kfree(struct crypto_shash *tfm)
{
	if (tfm->alg->setkey == kb_hmac_setkey) {
		struct kb_hmac_ctx *ctx = tfm->ctx;

		free(ctx->ipad);
		free(ctx->opad);
		kb_ktfm_free(ctx->hash);
	}
	kb_ktfm_free(tfm);
}

struct kb_kpeer {
	const struct shash_alg *alg;
	bool keyed;		/* takes the key; else unkeyed (its default) */
};

static void *kb_kpeer_setup(const struct kb_impl *bi, const u8 *key,
			    size_t keylen, size_t msglen)
{
	const struct kb_kpeer *p = bi->priv;
	struct kb_kinst *k;

	(void)msglen;
	k = kb_zalloc(sizeof(*k));
	k->tfm = kb_kalloc(p->alg, key, p->keyed ? keylen : 0);
	if (!k->tfm) {
		free(k);
		return NULL;
	}
	k->desc.tfm = k->tfm;
	k->desc.ctx = kb_zalloc(p->alg->descsize);
	k->salt = p->keyed;
	k->sector = KB_DMI_SECTOR;
	return k;
}

static void kb_kpeer_teardown(void *inst)
{
	struct kb_kinst *k = inst;

	kb_kfree(k->tfm);
	free(k->desc.ctx);
	free(k);
}

/* a message: init, update, final, as the AF_ALG hash interface runs it */
static void kb_kpeer_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	struct kb_kinst *k = inst;

	if (kb_crypto_shash_init(&k->desc) ||
	    kb_crypto_shash_update(&k->desc, msg, len) ||
	    kb_crypto_shash_final(&k->desc, out))
		kb_fatal("%s failed", k->tfm->alg->base.cra_driver_name);
}

/* one block of dm-integrity: integrity_sector_checksum() */
static void kb_kpeer_dmi(void *inst, const u8 *data, size_t len, u8 *out)
{
	struct kb_kinst *k = inst;
	__le64 sector_le = cpu_to_le64(k->sector);

	if (kb_crypto_shash_init(&k->desc) ||
	    (k->salt &&
	     kb_crypto_shash_update(&k->desc, (const u8 *)KB_DMI_SALT, 16)) ||
	    kb_crypto_shash_update(&k->desc, (const u8 *)&sector_le,
				   sizeof(sector_le)) ||
	    kb_crypto_shash_update(&k->desc, data, len) ||
	    kb_crypto_shash_final(&k->desc, out))
		kb_fatal("%s failed", k->tfm->alg->base.cra_driver_name);
}

/* ---- the Poly1305 library, a one-time key per message ---- */

static void *kb_kpoly_setup(const struct kb_impl *bi, const u8 *key,
			    size_t keylen, size_t msglen)
{
	u8 *inst;

	(void)bi;
	(void)msglen;
	if (keylen != 32 || kb_linux_poly1305_dctx_size() > KB_DCTX_MAX)
		return NULL;
	inst = kb_zalloc(32 + KB_DCTX_MAX);
	memcpy(inst, key, 32);
	return inst;
}

static void kb_kpoly_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	u8 *key = inst;
	void *dctx = key + 32;

	poly1305_init_arch(dctx, key);
	poly1305_update_arch(dctx, msg, len);
	poly1305_final_arch(dctx, out);
}

/* ---- registration ---- */

static void kb_add_kpeer(const char *alg, const char *name,
			 const struct shash_alg *drv, bool keyed, bool dmi,
			 bool kthread)
{
	struct kb_kpeer *p = kb_zalloc(sizeof(*p));
	struct kb_impl *bi;

	p->alg = drv;
	p->keyed = keyed;
	bi = kb_add(alg, name, drv->digestsize);
	bi->setup = kb_kpeer_setup;
	bi->hash = dmi ? kb_kpeer_dmi : kb_kpeer_hash;
	bi->teardown = kb_kpeer_teardown;
	bi->priv = p;
	bi->kthread = kthread;
	snprintf(bi->note, sizeof(bi->note), "Linux 6.1 %s%s%s",
		 drv->base.cra_driver_name, keyed ? "" : ", unkeyed",
		 dmi ? (kthread ? ", a dm-integrity worker" :
			", one system call per block") : "");
}

/* The rows of one peer: per message size, and per dm-integrity block. */
static void kb_kpeer(const char *alg, const char *dmi_alg,
		     const struct shash_alg *drv, bool keyed)
{
	char name[64];

	if (!drv)
		kb_fatal("a kernel peer of %s did not initialise", alg);
	if (alg) {
		snprintf(name, sizeof(name), "peer:linux-%s",
			 drv->base.cra_driver_name);
		kb_add_kpeer(alg, name, drv, keyed, false, false);
	}
	snprintf(name, sizeof(name), "peer:%s%s", drv->base.cra_driver_name,
		 KB_DMI_KTHREAD);
	kb_add_kpeer(dmi_alg, name, drv, keyed, true, true);
	snprintf(name, sizeof(name), "peer:%s%s", drv->base.cra_driver_name,
		 KB_DMI_TASK);
	kb_add_kpeer(dmi_alg, name, drv, keyed, true, false);
}

void kb_register_kpeers(void)
{
	struct kb_impl *bi;

	if (boot_cpu_has(X86_FEATURE_SHA_NI))
		kb_kpeer("hmac-sha256", KB_DMI_PREFIX "hmac(sha256)",
			 kb_hmac_instance(kb_kregister(kb_linux_sha256_ni())),
			 true);
	else
		kb_info("peer hmac(sha256-ni): not run (CPU lacks sha_ni)");
	if (boot_cpu_has(X86_FEATURE_AVX2) && boot_cpu_has(X86_FEATURE_BMI2) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL)) {
		kb_kpeer("hmac-sha256", KB_DMI_PREFIX "hmac(sha256)",
			 kb_hmac_instance(kb_kregister(kb_linux_sha256_avx2())),
			 true);
		kb_kpeer("hmac-sha512", KB_DMI_PREFIX "hmac(sha512)",
			 kb_hmac_instance(kb_kregister(kb_linux_sha512_avx2())),
			 true);
	} else {
		kb_info("peers hmac(sha256-avx2), hmac(sha512-avx2): not run "
			"(CPU lacks avx2 or bmi2)");
	}
	if (boot_cpu_has(X86_FEATURE_XMM4_2))
		kb_kpeer("crc32c", KB_DMI_PREFIX "crc32c",
			 kb_kregister(kb_linux_crc32c_intel()), false);
	else
		kb_info("peer crc32c-intel: not run (CPU lacks sse4_2)");
	kb_kpeer("xxhash64", KB_DMI_PREFIX "xxhash64",
		 kb_kregister(kb_linux_xxhash64()), false);
	kb_kpeer("blake2b-256", KB_DMI_PREFIX "blake2b-256",
		 kb_kregister(kb_linux_blake2b_256()), true);
	/* Poly1305: the library per message; the shash for dm-integrity */
	bi = kb_add("poly1305", "peer:linux-poly1305-x86_64", 16);
	bi->setup = kb_kpoly_setup;
	bi->hash = kb_kpoly_hash;
	bi->teardown = free;
	snprintf(bi->note, sizeof(bi->note), "Linux 6.1 x86 Poly1305 library "
		 "(poly1305_init_arch & co.)");
	kb_kpeer(NULL, KB_DMI_PREFIX "poly1305",
		 kb_kregister(kb_linux_poly1305_simd()), false);
}
