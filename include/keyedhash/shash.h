/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keyedhash: the shash drivers.  Each is a plain struct shash_alg of named
 * functions, kh_<driver>_<operation>() (the driver name with '-' as '_'),
 * which call the library's functions of its instruction set directly
 * (<keyedhash/internal/>): keyedhash_generic.c holds the generic
 * drivers, arch/<arch>/shash.c the SIMD ones.  What every driver of an
 * algorithm shares (setkey, init, and the final where it has no SIMD work)
 * is kh_<algorithm>_shash_<operation>(), in keyedhash_generic.c.
 * keyedhash_main.c self-tests and registers them.
 */
#ifndef _KEYEDHASH_SHASH_H
#define _KEYEDHASH_SHASH_H

#include <crypto/internal/hash.h>
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
int kh_sthash_shash_final(struct shash_desc *desc, u8 *out);
/* Wipe the key of a tfm whose context holds no pointer. */
void kh_shash_exit_tfm(struct crypto_shash *tfm);
/*
 * Copy @src's key context into the zeroed one of its clone @dst: an
 * shash_alg.clone_tfm, for the kernels that clone tfms (Linux 6.4 up to
 * 7.2), which <keyedhash/compat.h> wires into every driver.  Possibly
 * atomic context: allocates only, never frees.
 */
int kh_shash_clone_tfm(struct crypto_shash *dst, struct crypto_shash *src);

/*
 * A driver's row of the table (<keyedhash/internal/drivers.h>) as the
 * fields of its struct shash_alg that are data: names, priority, sizes.
 * KH_DRIVER_<id>(KH_SHASH_DRIVER) in the initializer.
 */
#define KH_SHASH_DRIVER(name, driver, prio, ds, bs, key, state, ...)	\
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

/* The drivers, by instruction set. */
extern struct shash_alg kh_generic_algs[];
extern const unsigned int kh_generic_alg_count;

/*
 * keyedhash_main.c: self-test each of @algs and register those that pass,
 * in order; the number that failed their self-test or registration.
 */
unsigned int kh_register_algs(struct shash_alg *algs, unsigned int count);
/* keyedhash_main.c: say that the CPU lacks what @algs need. */
void kh_unsupported_algs(const struct shash_alg *algs, unsigned int count);

/*
 * arch/<arch>/shash.c (arch/none.c): register the SIMD drivers the CPU
 * allows, with kh_register_algs(); the library's key of a failed driver's
 * algorithm and instruction set is turned off too.
 */
void kh_arch_register(void);

/* selftest.c: the known-answer test of one driver before it registers. */
int kh_selftest(struct shash_alg *alg);

#endif /* _KEYEDHASH_SHASH_H */
