// SPDX-License-Identifier: GPL-2.0
/*
 * Our drivers, called through the struct shash_alg the module registers
 * for them (kh_generic_algs[], keyedhash_generic.c; kh_avx2_drivers[] ...,
 * arch/<arch>/shash.c), on a tfm (libkeyedhash/kshim/crypto/internal/hash.h)
 * whose key context alg->setkey() set up once:
 *  - bare rows: every message is one digest(), as crypto_shash_digest()
 *    calls it (a one-shot caller in the kernel; the crates' one-shot API);
 *  - kernel-mode rows ("[kernel]", "[kernel kthread]"): init(), one
 *    update() and final(), as AF_ALG calls them, and as the kernel peers'
 *    rows call the kernel's drivers (peers-linux.c).
 *
 * The drivers are collected as the module registers them: kh_arch_init(),
 * then the generic table and kh_arch_register(), which hand their tables to
 * kh_register_algs() (defined here, as keyedhash_main.c defines it in the
 * module); each driver must pass its own init-time self-test (selftest.c).
 *
 * A SIMD driver runs its thresholds (struct kh_simd_min) from the static
 * values its functions pass.  Where a row must run without them (every
 * bare row, and the kernel-mode rows with --no-threshold), the driver is
 * replaced by a copy whose update, final and digest call the same per
 * instruction set functions of the library (<keyedhash/internal/>)
 * with zero thresholds, as the driver's own functions do with its values.
 *
 * Also registered: the NH function of every nhpoly1305 driver on its own,
 * as algorithm "nh"; and the library's one-shot functions
 * (kh_highwayhash256() ...), rows "lib:<function>".
 */
#include <stdlib.h>
#include <string.h>
#include <asm/fpu/api.h>		/* kernel_fpu_begin(), the shim's */
#include <crypto/internal/hash.h>
#include <keyedhash/highwayhash.h>
#include <keyedhash/multimixer128.h>
#include <keyedhash/nhpoly1305.h>
#include <keyedhash/sthash.h>
#include <keyedhash/internal/shash.h>
#include <keyedhash/internal/simd.h>		/* KH_SIMD_CHUNK */
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/sthash.h>
#include <keyedhash/internal/drivers.h>
#include "bench.h"

/* The drivers as the module registers them (kb_ours_algs()) */

#define KB_MAX_ALGS	64

static struct shash_alg *kb_algs_got[KB_MAX_ALGS];
static unsigned int kb_nalgs_got;

/* keyedhash_main.c's in the module: here, self-test and collect */
unsigned int kh_register_algs(struct shash_alg *algs, unsigned int count)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		if (kh_selftest(&algs[i]))
			kb_fatal("%s: self-test failed",
				 algs[i].base.cra_driver_name);
		if (kb_nalgs_got == KB_MAX_ALGS)
			kb_fatal("more than %d drivers", KB_MAX_ALGS);
		kb_algs_got[kb_nalgs_got++] = &algs[i];
	}
	return 0;
}

void kh_unsupported_algs(const struct shash_alg *algs, unsigned int count)
{
	unsigned int i;

	for (i = 0; i < count; i++)
		kb_info("%s: not usable on this CPU, skipped",
			algs[i].base.cra_driver_name);
}

/* Every driver this CPU runs, generic ones first, as module init has them. */
unsigned int kb_ours_algs(struct shash_alg *const **algs)
{
	static bool done;

	if (!done) {
		done = true;
		kh_arch_init();
		kh_register_algs(kh_generic_algs, kh_generic_alg_count);
		kh_arch_register();
	}
	*algs = kb_algs_got;
	return kb_nalgs_got;
}

static bool kb_is_generic(const struct shash_alg *alg)
{
	return alg >= kh_generic_algs &&
	       alg < kh_generic_algs + kh_generic_alg_count;
}

#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86) || \
    IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
/*
 * A SIMD driver without thresholds: the library's dispatcher pinned to the
 * driver's instruction set, with zero thresholds, as the driver's own
 * functions call it with its values; the algorithm's shared init and final
 * (keyedhash_generic.c) where the final has no SIMD work.  The drivers are
 * the rows of the module's table (<keyedhash/internal/drivers.h>).
 */
enum kb_fam {
	KB_FAM_highwayhash,
	KB_FAM_multimixer128,
	KB_FAM_nhpoly1305,
	KB_FAM_sthash,
	KB_FAM_sthash_personalized,
};

static const struct {
	const char *driver;
	enum kb_fam fam;
	enum kh_isa isa;
} kb_isa_drivers[] = {
#define KH_DRIVER(name, drv, prio, ds, bs, key, state, fam, is, ...)	\
	{ drv, KB_FAM_##fam, KH_ISA_##is },
#define KH_DRIVERS_ARCH_ONLY
#include <keyedhash/internal/drivers.h>
#undef KH_DRIVERS_ARCH_ONLY
};

struct kb_nothr {
	struct shash_alg alg;		/* the driver's, its functions ours */
	enum kb_fam fam;
	enum kh_isa isa;
};

static const struct kh_simd_min kb_no_min = KH_NO_SIMD_MIN;

static const struct kb_nothr *kb_nothr_of(struct shash_desc *desc)
{
	return container_of(crypto_shash_alg(desc->tfm), struct kb_nothr, alg);
}

static int kb_nt_update(struct shash_desc *desc, const u8 *data,
			unsigned int len)
{
	const struct kb_nothr *nt = kb_nothr_of(desc);
	const void *key = crypto_shash_ctx(desc->tfm);
	void *st = shash_desc_ctx(desc);

	switch (nt->fam) {
	case KB_FAM_highwayhash:
		return kh_highwayhash_update_isa(nt->isa, &kb_no_min, st, data,
						 len, nt->alg.digestsize);
	case KB_FAM_multimixer128:
		return kh_multimixer128_update_isa(nt->isa, &kb_no_min, st, key,
						   data, len);
	case KB_FAM_nhpoly1305:
		return kh_nhpoly1305_update_isa(nt->isa, &kb_no_min, st, key,
						data, len);
	default:
		return kh_sthash_update_isa(nt->isa, &kb_no_min, st, key, data,
					    len);
	}
}

static int kb_nt_final(struct shash_desc *desc, u8 *out)
{
	const struct kb_nothr *nt = kb_nothr_of(desc);
	void *st = shash_desc_ctx(desc);

	switch (nt->fam) {
	case KB_FAM_highwayhash:
		return kh_highwayhash_final_isa(nt->isa, &kb_no_min, st, out,
						nt->alg.digestsize);
	case KB_FAM_multimixer128:
		return kh_multimixer128_shash_final(desc, out);
	case KB_FAM_nhpoly1305:
		return kh_nhpoly1305_shash_final(desc, out);
	default:
		return kh_sthash_final_isa(nt->isa, &kb_no_min, st,
					   crypto_shash_ctx(desc->tfm), out);
	}
}

static int kb_nt_init(struct shash_desc *desc)
{
	switch (kb_nothr_of(desc)->fam) {
	case KB_FAM_highwayhash:
		return kh_highwayhash_shash_init(desc);
	case KB_FAM_multimixer128:
		return kh_multimixer128_shash_init(desc);
	case KB_FAM_nhpoly1305:
		return kh_nhpoly1305_shash_init(desc);
	default:
		return kh_sthash_shash_init(desc);
	}
}

static int kb_nt_digest(struct shash_desc *desc, const u8 *data,
			unsigned int len, u8 *out)
{
	const struct kb_nothr *nt = kb_nothr_of(desc);
	int err;

	/* HighwayHash's digest has a path of its own, as the drivers' */
	if (nt->fam == KB_FAM_highwayhash)
		return kh_highwayhash_digest_isa(nt->isa, &kb_no_min,
						 shash_desc_ctx(desc),
						 crypto_shash_ctx(desc->tfm),
						 data, len, out,
						 nt->alg.digestsize);
	/* and so has Multimixer-128's of one or two blocks */
	if (nt->fam == KB_FAM_multimixer128 && len <= KH_MULTIMIXER128_SHORT)
		return kh_multimixer128_digest_short(crypto_shash_ctx(desc->tfm),
						     data, len, out);
	err = kb_nt_init(desc);
	if (!err)
		err = kb_nt_update(desc, data, len);
	if (!err)
		err = kb_nt_final(desc, out);
	return err;
}

static int kb_nt_finup(struct shash_desc *desc, const u8 *data,
		       unsigned int len, u8 *out)
{
	int err = len ? kb_nt_update(desc, data, len) : 0;

	return err ? err : kb_nt_final(desc, out);
}

#endif

/* @alg itself, or for a SIMD driver with @no_min its copy without thresholds */
static struct shash_alg *kb_thresholds(struct shash_alg *alg, bool no_min)
{
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86) || \
    IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	struct kb_nothr *nt;
	unsigned int i;
#endif

	if (!no_min || kb_is_generic(alg))
		return alg;
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86) || \
    IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	for (i = 0; i < ARRAY_SIZE(kb_isa_drivers); i++)
		if (!strcmp(kb_isa_drivers[i].driver, alg->base.cra_driver_name))
			break;
	if (i == ARRAY_SIZE(kb_isa_drivers))
		kb_fatal("%s: not in kb_isa_drivers[] (tools/bench/ours.c)",
			 alg->base.cra_driver_name);
	nt = kb_zalloc(sizeof(*nt));
	nt->alg = *alg;
	nt->fam = kb_isa_drivers[i].fam;
	nt->isa = kb_isa_drivers[i].isa;
	nt->alg.init = kb_nt_init;
	nt->alg.update = kb_nt_update;
	nt->alg.final = kb_nt_final;
	nt->alg.finup = kb_nt_finup;
	nt->alg.digest = kb_nt_digest;
	return &nt->alg;
#else
	kb_fatal("%s: a SIMD driver in a build without arch code",
		 alg->base.cra_driver_name);
#endif
}

/* One row's instance: a keyed tfm and a request on it */

struct kb_ours {
	struct crypto_shash *tfm;
	struct shash_desc *desc;
	struct shash_alg *alg;
};

static void *kb_ours_setup(const struct kb_impl *bi, const u8 *key,
			   size_t keylen, size_t msglen)
{
	struct shash_alg *alg = (struct shash_alg *)bi->priv;
	struct kb_ours *o;

	(void)msglen;
	o = kb_zalloc(sizeof(*o));
	o->alg = alg;
	o->tfm = kh_shim_tfm_new(alg);
	o->desc = o->tfm ? kh_shim_desc_new(o->tfm) : NULL;
	if (!o->desc)
		kb_fatal("%s: out of memory", alg->base.cra_driver_name);
	if (alg->setkey(o->tfm, key, keylen)) {
		kh_shim_tfm_free(o->tfm);
		free(o->desc);
		free(o);
		return NULL;
	}
	return o;
}

static void kb_ours_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	struct kb_ours *o = inst;
	const struct shash_alg *alg = o->alg;

#ifdef KB_KMODE
	if (alg->init(o->desc) || alg->update(o->desc, msg, len) ||
	    alg->final(o->desc, out))
#else
	if (alg->digest(o->desc, msg, len, out))
#endif
		kb_fatal("%s: hashing failed at %zu bytes",
			 alg->base.cra_driver_name, len);
}

static void kb_ours_teardown(void *inst)
{
	struct kb_ours *o = inst;

	kh_shim_tfm_free(o->tfm);
	free(o->desc);
	free(o);
}

/*
 * NH alone: the driver's NH function over 1 KiB chunks, the sums of all
 * chunks added up (the digest is the four sums, little-endian).  The key
 * is an nhpoly1305 key; its NH words start at byte 16.  A SIMD driver's NH
 * runs in one SIMD section per 4 KiB, as in the module (and as the kernel
 * peers' NH rows).
 */
#define KB_NH_ROW_nhpoly1305(drv, is)	{ drv, kh_nh_##is, KH_ISA_##is != KH_ISA_generic },
#define KB_NH_ROW_highwayhash(drv, is)
#define KB_NH_ROW_multimixer128(drv, is)
#define KB_NH_ROW_sthash(drv, is)
#define KB_NH_ROW_sthash_personalized(drv, is)
/* kh_nh_<isa>(): see kh_nh_isa() in <keyedhash/internal/nhpoly1305.h> */
typedef void (*kb_nh_fn)(const u32 *key, const u8 *msg, size_t len,
			 u64 hash[KH_NH_NUM_PASSES]);

static const struct {
	const char *driver;
	kb_nh_fn nh;
	bool simd;
} kb_nh_fns[] = {
#define KH_DRIVER(name, drv, prio, ds, bs, key, state, fam, is, ...)	\
	KB_NH_ROW_##fam(drv, is)
#include <keyedhash/internal/drivers.h>
};

struct kb_nh {
	kb_nh_fn nh;
	bool simd;
	u32 key[KH_NH_KEY_WORDS];
};

static void *kb_nh_setup(const struct kb_impl *bi, const u8 *key,
			 size_t keylen, size_t msglen)
{
	const char *driver = bi->priv;
	struct kb_nh *n;
	unsigned int i;

	(void)msglen;
	if (keylen != KH_NHPOLY1305_KEY_SIZE)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(kb_nh_fns); i++)
		if (!strcmp(kb_nh_fns[i].driver, driver))
			break;
	if (i == ARRAY_SIZE(kb_nh_fns))
		kb_fatal("%s: no NH function in kb_nh_fns[] (tools/bench/ours.c)",
			 driver);
	n = kb_zalloc(sizeof(*n));
	n->nh = kb_nh_fns[i].nh;
	n->simd = kb_nh_fns[i].simd;
	kh_nh_setkey_words(n->key, key + KH_POLY1305_KEY_SIZE);
	return n;
}

static void kb_nh_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	struct kb_nh *n = inst;
	u64 sum[4] = { 0 }, h[4];
	size_t c, done = 0;
	int i;

	/* NH takes whole 16-byte units: a partial tail is not hashed */
	len &= ~(size_t)15;
	for (; len; msg += c, len -= c) {
		c = len < KH_NH_CHUNK ? len : KH_NH_CHUNK;
		if (n->simd && !(done % KH_SIMD_CHUNK))
			kernel_fpu_begin();
		n->nh(n->key, msg, c, h);
		done += c;
		if (n->simd && (!(done % KH_SIMD_CHUNK) || c == len))
			kernel_fpu_end();
		for (i = 0; i < 4; i++)
			sum[i] += h[i];
	}
	memcpy(out, sum, sizeof(sum));
}

/*
 * The library's one-shot functions: the instruction set kh_arch_init()
 * chose, the library's thresholds in the calling context.
 */
enum kb_lib_kind {
	KB_LIB_HH64, KB_LIB_HH128, KB_LIB_HH256, KB_LIB_MM128, KB_LIB_NHP,
	KB_LIB_ST, KB_LIB_STP,
};

static const struct {
	const char *alg, *name;
	unsigned int digestsize;
} kb_libs[] = {
	[KB_LIB_HH64] = { "highwayhash64", "lib:kh_highwayhash64()",
			  KH_HIGHWAYHASH64_DIGEST_SIZE },
	[KB_LIB_HH128] = { "highwayhash128", "lib:kh_highwayhash128()",
			   KH_HIGHWAYHASH128_DIGEST_SIZE },
	[KB_LIB_HH256] = { "highwayhash256", "lib:kh_highwayhash256()",
			   KH_HIGHWAYHASH256_DIGEST_SIZE },
	[KB_LIB_MM128] = { "multimixer128", "lib:kh_multimixer128()",
			   KH_MULTIMIXER128_DIGEST_SIZE },
	[KB_LIB_NHP] = { "nhpoly1305", "lib:kh_nhpoly1305()",
			 KH_NHPOLY1305_DIGEST_SIZE },
	[KB_LIB_ST] = { "sthash", "lib:kh_sthash()", KH_STHASH_DIGEST_SIZE },
	[KB_LIB_STP] = { "sthash-personalized", "lib:kh_sthash()",
			 KH_STHASH_DIGEST_SIZE },
};

struct kb_lib {
	enum kb_lib_kind kind;
	union {
		struct kh_highwayhash_key hh;
		struct kh_multimixer128_key mm128;
		struct kh_nhpoly1305_key nhp;
		struct kh_sthash_key st;
	} key;
};

static void *kb_lib_setup(const struct kb_impl *bi, const u8 *key,
			  size_t keylen, size_t msglen)
{
	enum kb_lib_kind kind = (enum kb_lib_kind)(uintptr_t)bi->priv;
	struct kb_lib *l;
	int err;

	(void)msglen;
	l = kb_zalloc(sizeof(*l));
	l->kind = kind;
	switch (kind) {
	case KB_LIB_HH64:
	case KB_LIB_HH128:
	case KB_LIB_HH256:
		err = kh_highwayhash_setkey(&l->key.hh, key, keylen);
		break;
	case KB_LIB_MM128:
		err = kh_multimixer128_setkey(&l->key.mm128, key, keylen);
		break;
	case KB_LIB_NHP:
		err = kh_nhpoly1305_setkey(&l->key.nhp, key, keylen);
		break;
	case KB_LIB_ST:
		err = kh_sthash_setkey(&l->key.st, key, keylen);
		break;
	default:
		err = kh_sthash_personalized_setkey(&l->key.st, key, keylen);
		break;
	}
	if (err) {
		free(l);
		return NULL;
	}
	return l;
}

static void kb_lib_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	struct kb_lib *l = inst;

	switch (l->kind) {
	case KB_LIB_HH64:
		kh_highwayhash64(&l->key.hh, msg, len, out);
		break;
	case KB_LIB_HH128:
		kh_highwayhash128(&l->key.hh, msg, len, out);
		break;
	case KB_LIB_HH256:
		kh_highwayhash256(&l->key.hh, msg, len, out);
		break;
	case KB_LIB_MM128:
		if (kh_multimixer128(&l->key.mm128, msg, len, out))
			kb_fatal("kh_multimixer128() failed at %zu bytes", len);
		break;
	case KB_LIB_NHP:
		kh_nhpoly1305(&l->key.nhp, msg, len, out);
		break;
	default:
		kh_sthash(&l->key.st, msg, len, out);
		break;
	}
}

static void kb_lib_teardown(void *inst)
{
	struct kb_lib *l = inst;

	if (l->kind == KB_LIB_MM128)
		kh_multimixer128_clearkey(&l->key.mm128);
	free(l);
}

/*
 * The library's many-message functions (kh_highwayhash256_digest_many()
 * ...): KB_MANY messages of the row's length per call, so the rate is per
 * message byte as in every other row; the digest kept is the last
 * message's (the second chain of the last pair).
 */
#define KB_MANY		16

struct kb_many {
	struct kh_highwayhash_key key;
	unsigned int digestsize;
	enum kh_isa isa;	/* KH_ISA_AUTO: the library's function */
	const u8 *data[KB_MANY];
	size_t len[KB_MANY];
	u8 out[KB_MANY * KH_HIGHWAYHASH256_DIGEST_SIZE];
};

static const struct {
	const char *alg, *name;
	unsigned int digestsize;
} kb_manys[] = {
	{ "highwayhash64", "lib:kh_highwayhash64_digest_many()",
	  KH_HIGHWAYHASH64_DIGEST_SIZE },
	{ "highwayhash128", "lib:kh_highwayhash128_digest_many()",
	  KH_HIGHWAYHASH128_DIGEST_SIZE },
	{ "highwayhash256", "lib:kh_highwayhash256_digest_many()",
	  KH_HIGHWAYHASH256_DIGEST_SIZE },
};

static void *kb_many_setup(const struct kb_impl *bi, const u8 *key,
			   size_t keylen, size_t msglen)
{
	struct kb_many *m = kb_zalloc(sizeof(*m));

	(void)msglen;
	if (kh_highwayhash_setkey(&m->key, key, keylen)) {
		free(m);
		return NULL;
	}
	m->digestsize = bi->digestsize;
	m->isa = (enum kh_isa)((uintptr_t)bi->priv >> 8);
	return m;
}

static void kb_many_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	struct kb_many *m = inst;
	unsigned int i, ds = m->digestsize;

	for (i = 0; i < KB_MANY; i++) {
		m->data[i] = msg;
		m->len[i] = len;
	}
	if (m->isa != KH_ISA_AUTO)
		kh_highwayhash_digest_many_isa(m->isa, &kb_no_min, &m->key,
					       m->data, m->len, KB_MANY, m->out,
					       ds);
	else if (ds == KH_HIGHWAYHASH64_DIGEST_SIZE)
		kh_highwayhash64_digest_many(&m->key, m->data, m->len, KB_MANY,
					     m->out);
	else if (ds == KH_HIGHWAYHASH128_DIGEST_SIZE)
		kh_highwayhash128_digest_many(&m->key, m->data, m->len, KB_MANY,
					      m->out);
	else
		kh_highwayhash256_digest_many(&m->key, m->data, m->len, KB_MANY,
					      m->out);
	memcpy(out, m->out + (KB_MANY - 1) * ds, ds);
}

/* Registration */

static struct kb_impl *kb_add_row(struct shash_alg *alg, const char *name)
{
	struct kb_impl *bi = kb_add(alg->base.cra_name, name, alg->digestsize);

	bi->ours = true;
	bi->setup = kb_ours_setup;
	bi->hash = kb_ours_hash;
	bi->teardown = kb_ours_teardown;
	bi->priv = alg;
	return bi;
}

static void kb_add_ours(struct shash_alg *alg)
{
	const char *driver = alg->base.cra_driver_name;
	struct kb_impl *bi;
	bool no_min = true;

#ifdef KB_KMODE
	no_min = kb_no_threshold;
#endif
	kb_add_row(kb_thresholds(alg, no_min), driver);
#ifdef KB_KMODE
	/*
	 * A SIMD driver once more as a kernel thread would call it (its
	 * kthread threshold, sections without a save); a generic driver
	 * enters no section, so its "[kernel]" rows stand for both.
	 */
	if (!kb_is_generic(alg)) {
		char name[CRYPTO_MAX_ALG_NAME + 32];

		snprintf(name, sizeof(name), "%s%s", driver,
			 KB_KMODE_KTHREAD_SUFFIX);
		bi = kb_add_row(kb_thresholds(alg, no_min), name);
		bi->kthread = true;
	}
#endif

	if (!strcmp(alg->base.cra_name, "nhpoly1305")) {
		bi = kb_add("nh", driver, KH_NH_HASH_BYTES);
		bi->ours = true;
		bi->setup = kb_nh_setup;
		bi->hash = kb_nh_hash;
		bi->teardown = free;
		bi->priv = driver;
	}
}

/* A many-message row: algorithm kb_manys[@i] on @isa. */
static void kb_add_many(unsigned int i, enum kh_isa isa, const char *name)
{
	struct kb_impl *bi = kb_add(kb_manys[i].alg, name,
				    kb_manys[i].digestsize);

	bi->setup = kb_many_setup;
	bi->hash = kb_many_hash;
	bi->teardown = free;
	bi->batch = KB_MANY;
	bi->priv = (const void *)((uintptr_t)isa << 8);
	snprintf(bi->note, sizeof(bi->note),
		 "%u messages of the length per call; rate per message byte",
		 KB_MANY);
}

void kb_register_ours(void)
{
	struct shash_alg *const *algs;
	unsigned int i, n = kb_ours_algs(&algs);

	for (i = 0; i < n; i++)
		kb_add_ours(algs[i]);
	for (i = 0; i < ARRAY_SIZE(kb_libs); i++) {
		struct kb_impl *bi = kb_add(kb_libs[i].alg, kb_libs[i].name,
					    kb_libs[i].digestsize);

		bi->setup = kb_lib_setup;
		bi->hash = kb_lib_hash;
		bi->teardown = kb_lib_teardown;
		bi->priv = (const void *)(uintptr_t)i;
		snprintf(bi->note, sizeof(bi->note),
			 "the library's one-shot function, kernel-like C flags");
	}
	for (i = 0; i < ARRAY_SIZE(kb_manys); i++)
		kb_add_many(i, KH_ISA_AUTO, kb_manys[i].name);
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	/* the instruction sets' code alone, without thresholds */
	for (i = 0; i < ARRAY_SIZE(kb_manys) && kh_avx2_usable(); i++) {
		char name[64];

		snprintf(name, sizeof(name), "many:%s-avx2", kb_manys[i].alg);
		kb_add_many(i, KH_ISA_avx2, name);
#ifndef KH_NO_AS_AVX512
		if (!static_branch_likely(&kh_have_highwayhash_many_avx512))
			continue;
		snprintf(name, sizeof(name), "many:%s-avx512", kb_manys[i].alg);
		kb_add_many(i, KH_ISA_avx512, name);
#endif
	}
#endif
}
