/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keyedhash: the shash drivers.  Each is a plain struct shash_alg of named
 * functions, kh_<driver>_<operation>() (the driver name with '-' as '_'),
 * written once per algorithm below and defined per driver from its row
 * (KH_SHASH_FUNCS()), which call the library's functions of its
 * instruction set directly (<keyedhash/internal/>): keyedhash_generic.c
 * holds the generic drivers, arch/<arch>/shash.c the SIMD ones.  What every
 * driver of an algorithm shares (setkey, init, and the final where it has no
 * SIMD work) is kh_<algorithm>_shash_<operation>(), in keyedhash_generic.c.
 * keyedhash_main.c self-tests and registers them.
 */
#ifndef _KEYEDHASH_INTERNAL_SHASH_H
#define _KEYEDHASH_INTERNAL_SHASH_H

#include <crypto/internal/hash.h>
#include <linux/jump_label.h>
#include <keyedhash/internal/common.h>
#include <keyedhash/internal/drivers.h>

/* Shared by the drivers of each algorithm (keyedhash_generic.c). */
int kh_highwayhash_shash_setkey(struct crypto_shash *tfm, const u8 *key,
				unsigned int keylen);
int kh_highwayhash_shash_init(struct shash_desc *desc);
int kh_multimixer128_shash_setkey(struct crypto_shash *tfm, const u8 *key,
				  unsigned int keylen);
int kh_multimixer128_shash_init(struct shash_desc *desc);
int kh_multimixer128_shash_final(struct shash_desc *desc, u8 *out);
void kh_multimixer128_shash_exit_tfm(struct crypto_shash *tfm);
int kh_nhpoly1305_shash_setkey(struct crypto_shash *tfm, const u8 *key,
			       unsigned int keylen);
int kh_nhpoly1305_shash_init(struct shash_desc *desc);
int kh_nhpoly1305_shash_final(struct shash_desc *desc, u8 *out);
int kh_sthash_shash_setkey(struct crypto_shash *tfm, const u8 *key,
			   unsigned int keylen);
int kh_sthash_personalized_shash_setkey(struct crypto_shash *tfm,
					const u8 *key, unsigned int keylen);
int kh_sthash_shash_init(struct shash_desc *desc);
/*
 * keyedhash_main.c: self-test each of @algs and register those that pass,
 * in order; the number that failed their self-test or registration.
 */
unsigned int kh_register_algs(struct shash_alg *algs, unsigned int count);
/* keyedhash_main.c: say that the CPU lacks what @algs need. */
void kh_unsupported_algs(const struct shash_alg *algs, unsigned int count);
/* Wipe the key of a tfm whose context holds no pointer. */
void kh_shash_exit_tfm(struct crypto_shash *tfm);
/*
 * Copy @src's key context into the zeroed one of its clone @dst: an
 * shash_alg.clone_tfm, for the kernels that clone tfms (Linux 6.4 up to
 * 7.2), which <keyedhash/internal/kversions.h> wires into every driver.
 * Possibly atomic context: allocates only, never frees.
 */
int kh_shash_clone_tfm(struct crypto_shash *dst, struct crypto_shash *src);

/*
 * A driver's row of the table (<keyedhash/internal/drivers.h>) as the
 * fields of its struct shash_alg that are data: names, priority, sizes.
 */
#define KH_SHASH_DRIVER(name, driver, prio, ds, bs, key, state)		\
	.digestsize	= (ds),						\
	.descsize	= sizeof(struct state),				\
	.base		= {						\
		.cra_name		= name,				\
		.cra_driver_name	= driver,			\
		.cra_priority		= (prio),			\
		.cra_blocksize		= (bs),				\
		.cra_ctxsize		= sizeof(struct key),		\
		.cra_module		= THIS_MODULE,			\
	}

/*
 * The drivers' operations, written once per algorithm.  KH_SHASH_FUNCS(id)
 * defines driver <id>'s own functions, kh_<id>_update(), _finup(),
 * _digest() (and _final() for HighwayHash and STHash, whose finals differ
 * by instruction set), from its row:
 * each calls the library's dispatcher pinned to the row's instruction set,
 * with the row's thresholds (kh_<id>_min) and digest size, constants that
 * leave one direct call (<keyedhash/internal/arch.h>).
 * KH_SHASH_ALG(id) is its struct shash_alg: those functions, what the
 * drivers of its algorithm share (kh_<algorithm>_shash_<op>(),
 * keyedhash_generic.c) and its row's data.  The two STHash key forms
 * share one library and one state: sthash-personalized-<isa> runs the
 * functions of sthash-<isa>, with its own setkey.
 */
#define KH_SHASH_FUNCS(id)	__KH_SHASH_FUNCS(id, KH_DRIVER_##id(KH_ROW))
#define __KH_SHASH_FUNCS(id, ...)	___KH_SHASH_FUNCS(id, __VA_ARGS__)
#define ___KH_SHASH_FUNCS(id, name, driver, prio, ds, bs, key, state,	\
			  fam, isa, ...)				\
static const struct kh_simd_min kh_##id##_min =			\
	__KH_MIN(__VA_ARGS__, name, driver, prio, bs, key, state);	\
enum { kh_##id##_digestsize = (ds) };					\
KH_SHASH_FUNCS_##fam(id, isa)

#define KH_SHASH_ALG(id)	__KH_SHASH_ALG(id, KH_DRIVER_##id(KH_ROW))
#define __KH_SHASH_ALG(id, ...)	___KH_SHASH_ALG(id, __VA_ARGS__)
#define ___KH_SHASH_ALG(id, name, driver, prio, ds, bs, key, state,	\
			fam, isa, ...)					\
	{								\
		KH_SHASH_OPS_##fam(id, isa),				\
		KH_SHASH_DRIVER(name, driver, prio, ds, bs, key, state), \
	}

/* The operations every driver has of its own. */
#define KH_SHASH_OPS_OWN(id)						\
	.update		= kh_##id##_update,				\
	.finup		= kh_##id##_finup,				\
	.digest		= kh_##id##_digest

/* HighwayHash: each digest size its own functions. */
#define KH_SHASH_FUNCS_highwayhash(id, isa)				\
static int kh_##id##_update(struct shash_desc *desc, const u8 *data,	\
			    unsigned int len)				\
{									\
	return kh_highwayhash_update_isa(KH_ISA_##isa, &kh_##id##_min,	\
					 shash_desc_ctx(desc), data, len, \
					 kh_##id##_digestsize);		\
}									\
static int kh_##id##_final(struct shash_desc *desc, u8 *out)		\
{									\
	return kh_highwayhash_final_isa(KH_ISA_##isa, &kh_##id##_min,	\
					shash_desc_ctx(desc), out,	\
					kh_##id##_digestsize);		\
}									\
static int kh_##id##_finup(struct shash_desc *desc, const u8 *data,	\
			   unsigned int len, u8 *out)			\
{									\
	return kh_highwayhash_finup_isa(KH_ISA_##isa, &kh_##id##_min,	\
					shash_desc_ctx(desc), data, len, \
					out, kh_##id##_digestsize);	\
}									\
static int kh_##id##_digest(struct shash_desc *desc, const u8 *data,	\
			    unsigned int len, u8 *out)			\
{									\
	return kh_highwayhash_digest_isa(KH_ISA_##isa, &kh_##id##_min,	\
					 shash_desc_ctx(desc),		\
					 crypto_shash_ctx(desc->tfm),	\
					 data, len, out,		\
					 kh_##id##_digestsize);		\
}

#define KH_SHASH_OPS_highwayhash(id, ...)				\
	.setkey		= kh_highwayhash_shash_setkey,			\
	.init		= kh_highwayhash_shash_init,			\
	.final		= kh_##id##_final,				\
	.exit_tfm	= kh_shash_exit_tfm,				\
	KH_SHASH_OPS_OWN(id)

/*
 * The others' update: their dispatchers take the state and the key, and
 * their finup and digest call it with them (@alg's kh_<alg>_update_isa()).
 */
#define KH_SHASH_UPDATE(id, isa, alg)					\
static int kh_##id##_update(struct shash_desc *desc, const u8 *data,	\
			    unsigned int len)				\
{									\
	return kh_##alg##_update_isa(KH_ISA_##isa, &kh_##id##_min,	\
				     shash_desc_ctx(desc),		\
				     crypto_shash_ctx(desc->tfm), data, len); \
}

/* Multimixer-128: an update that outgrows the key fails, wiping the state. */
#define KH_SHASH_FUNCS_multimixer128(id, isa)				\
KH_SHASH_UPDATE(id, isa, multimixer128)					\
static int kh_##id##_finup(struct shash_desc *desc, const u8 *data,	\
			   unsigned int len, u8 *out)			\
{									\
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm); \
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);	\
	int err = 0;							\
									\
	if (len)							\
		err = kh_multimixer128_update_isa(KH_ISA_##isa,		\
						  &kh_##id##_min, st,	\
						  key, data, len);	\
	return kh_multimixer128_end(st, err, out);			\
}									\
static int kh_##id##_digest(struct shash_desc *desc, const u8 *data,	\
			    unsigned int len, u8 *out)			\
{									\
	const struct kh_multimixer128_key *key = crypto_shash_ctx(desc->tfm); \
	struct kh_multimixer128_state *st = shash_desc_ctx(desc);	\
									\
	if (len <= KH_MULTIMIXER128_SHORT)				\
		return kh_multimixer128_digest_short(key, data, len, out); \
	__kh_multimixer128_init(st);					\
	return kh_multimixer128_end(st,					\
		kh_multimixer128_update_isa(KH_ISA_##isa,		\
					    &kh_##id##_min, st, key,	\
					    data, len), out);		\
}

#define KH_SHASH_OPS_multimixer128(id, ...)				\
	.setkey		= kh_multimixer128_shash_setkey,		\
	.init		= kh_multimixer128_shash_init,			\
	.final		= kh_multimixer128_shash_final,			\
	.exit_tfm	= kh_multimixer128_shash_exit_tfm,		\
	KH_SHASH_OPS_OWN(id)

/* NHPoly1305 and STHash: the NH stream's update, then their final. */
#define KH_SHASH_FUNCS_NH(id, isa, alg)					\
KH_SHASH_UPDATE(id, isa, alg)						\
static int kh_##id##_finup(struct shash_desc *desc, const u8 *data,	\
			   unsigned int len, u8 *out)			\
{									\
	const struct kh_##alg##_key *key = crypto_shash_ctx(desc->tfm);	\
	struct kh_##alg##_state *st = shash_desc_ctx(desc);		\
									\
	if (len)							\
		kh_##alg##_update_isa(KH_ISA_##isa, &kh_##id##_min, st,	\
				      key, data, len);			\
	return kh_##alg##_final_isa(KH_ISA_##isa, &kh_##id##_min, st,	\
				    key, out);				\
}									\
static int kh_##id##_digest(struct shash_desc *desc, const u8 *data,	\
			    unsigned int len, u8 *out)			\
{									\
	const struct kh_##alg##_key *key = crypto_shash_ctx(desc->tfm);	\
	struct kh_##alg##_state *st = shash_desc_ctx(desc);		\
									\
	__kh_##alg##_init(st);						\
	kh_##alg##_update_isa(KH_ISA_##isa, &kh_##id##_min, st, key,	\
			      data, len);				\
	return kh_##alg##_final_isa(KH_ISA_##isa, &kh_##id##_min, st,	\
				    key, out);				\
}

#define KH_SHASH_FUNCS_nhpoly1305(id, isa)				\
	KH_SHASH_FUNCS_NH(id, isa, nhpoly1305)

#define KH_SHASH_OPS_nhpoly1305(id, ...)				\
	.setkey		= kh_nhpoly1305_shash_setkey,			\
	.init		= kh_nhpoly1305_shash_init,			\
	.final		= kh_nhpoly1305_shash_final,			\
	.exit_tfm	= kh_shash_exit_tfm,				\
	KH_SHASH_OPS_OWN(id)

#define KH_SHASH_FUNCS_sthash(id, isa)					\
KH_SHASH_FUNCS_NH(id, isa, sthash)					\
static int kh_##id##_final(struct shash_desc *desc, u8 *out)		\
{									\
	return kh_sthash_final_isa(KH_ISA_##isa, &kh_##id##_min,	\
				   shash_desc_ctx(desc),		\
				   crypto_shash_ctx(desc->tfm), out);	\
}

#define KH_SHASH_OPS_sthash(id, ...)					\
	.setkey		= kh_sthash_shash_setkey,			\
	KH_SHASH_OPS_STHASH(id)

#define KH_SHASH_OPS_sthash_personalized(id, isa)			\
	.setkey		= kh_sthash_personalized_shash_setkey,		\
	KH_SHASH_OPS_STHASH(sthash_##isa, id)

#define KH_SHASH_OPS_STHASH(fns, ...)					\
	.init		= kh_sthash_shash_init,				\
	.final		= kh_##fns##_final,				\
	.exit_tfm	= kh_shash_exit_tfm,				\
	KH_SHASH_OPS_OWN(fns)

/*
 * A SIMD driver and its library's key of its instruction set, which a
 * failed self-test or registration turns off (the family column: the two
 * STHash key forms share one library).
 */
struct kh_shash_driver {
	struct shash_alg alg;
	struct static_key_false *key;
};

#define KH_SHASH_SIMD(id)	__KH_SHASH_SIMD(id, KH_DRIVER_##id(KH_ROW))
#define __KH_SHASH_SIMD(id, ...)	___KH_SHASH_SIMD(id, __VA_ARGS__)
#define ___KH_SHASH_SIMD(id, name, driver, prio, ds, bs, kt, st,	\
			 fam, isa, ...)					\
	{								\
		.alg = KH_SHASH_ALG(id),				\
		.key = KH_SHASH_KEY_##fam(isa, name, driver, prio, ds,	\
					   bs, kt, st),			\
	}

#define KH_SHASH_KEY_highwayhash(isa, ...)	(&kh_have_highwayhash_##isa)
#define KH_SHASH_KEY_multimixer128(isa, ...)	(&kh_have_multimixer128_##isa)
#define KH_SHASH_KEY_nhpoly1305(isa, ...)	(&kh_have_nhpoly1305_##isa)
#define KH_SHASH_KEY_sthash(isa, ...)		(&kh_have_sthash_##isa)
#define KH_SHASH_KEY_sthash_personalized(isa, ...) (&kh_have_sthash_##isa)

/*
 * arch/<arch>/shash.c: register the SIMD drivers @drv, or with @usable
 * false say that the CPU lacks what they need.  A driver that fails its
 * self-test or registration turns its library's key off: the library no
 * longer runs that algorithm's code of that instruction set; the other
 * algorithms keep theirs.
 */
static inline void kh_register_simd(struct kh_shash_driver *drv,
				    unsigned int count, bool usable)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		if (!usable)
			kh_unsupported_algs(&drv[i].alg, 1);
		else if (kh_register_algs(&drv[i].alg, 1))
			static_branch_disable(drv[i].key);
	}
}

/* The drivers, by instruction set. */
extern struct shash_alg kh_generic_algs[];
extern const unsigned int kh_generic_alg_count;

/*
 * arch/<arch>/shash.c (arch/none.c): register the SIMD drivers the CPU
 * allows, with kh_register_algs(); the library's key of a failed driver's
 * algorithm and instruction set is turned off too.
 */
void kh_arch_register(void);

/* selftest.c: the known-answer test of one driver before it registers. */
int kh_selftest(struct shash_alg *alg);

#endif /* _KEYEDHASH_INTERNAL_SHASH_H */
