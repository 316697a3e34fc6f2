/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host tests' view of every driver: the rows of the module's table
 * (<keyedhash/internal/drivers.h>) as struct ht_impl, whose struct ht_ops
 * (one per algorithm) run the library's dispatcher pinned to the driver's
 * instruction set, with the thresholds of the struct ht_impl it is given,
 * so that a test can run a SIMD driver's code with other thresholds (0:
 * always SIMD) and on key contexts and states of its own (against a guard
 * page, say).  A driver's struct shash_alg is found by driver name.
 * Generic-only programs link arch/none.c; the others define KH_SHIM_ARCH
 * and link the arch code and the module's arch/<arch>/shash.c, whose
 * tables kh_arch_register() hands to the kh_register_algs() each program
 * defines with HT_DEFINE_REGISTER.
 */
#ifndef _KEYEDHASH_TESTS_HT_IMPL_H
#define _KEYEDHASH_TESTS_HT_IMPL_H

#include <string.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/sthash.h>
#include <keyedhash/internal/shash.h>

struct ht_impl;

/* One algorithm on one instruction set, on plain key contexts and states. */
struct ht_ops {
	unsigned int ctxsize;
	unsigned int statesize;
	int (*setkey)(void *ctx, const u8 *key, unsigned int keylen);
	void (*exit)(void *ctx);
	void (*init)(const void *ctx, void *state);
	int (*update)(const struct ht_impl *impl, const void *ctx, void *state,
		      const u8 *src, unsigned int len);
	int (*final)(const struct ht_impl *impl, const void *ctx, void *state,
		     u8 *out);
};

/* A driver, as the tests see it. */
struct ht_impl {
	const char *name;
	const char *driver;
	unsigned int digestsize;
	unsigned int blocksize;
	const struct ht_ops *alg;
	enum kh_isa isa;
	struct kh_simd_min simd_min;
	bool (*usable)(void);
};

static inline bool ht_impl_usable(const struct ht_impl *impl)
{
	return !impl->usable || impl->usable();
}

/*
 * Per algorithm one set of operations; update and final call the library's
 * dispatcher (<keyedhash/internal/arch.h>) pinned to the driver's
 * instruction set, with the driver's thresholds as the struct ht_impl
 * holds them (a test may change them: 0 runs SIMD at every length).
 */

/* HighwayHash */
static inline int ht_hh_setkey(void *ctx, const u8 *key, unsigned int keylen)
{
	return kh_highwayhash_setkey(ctx, key, keylen);
}

static inline void ht_hh_init(const void *ctx, void *state)
{
	__kh_highwayhash_init(state, ctx);
}

static inline int ht_hh_update(const struct ht_impl *impl, const void *ctx,
			       void *state, const u8 *src, unsigned int len)
{
	return kh_highwayhash_update_isa(impl->isa, &impl->simd_min, state,
					 src, len, impl->digestsize);
}

static inline int ht_hh_final(const struct ht_impl *impl, const void *ctx,
			      void *state, u8 *out)
{
	return kh_highwayhash_final_isa(impl->isa, &impl->simd_min, state,
					out, impl->digestsize);
}

/* Multimixer-128 */
static inline int ht_mm_setkey(void *ctx, const u8 *key, unsigned int keylen)
{
	return kh_multimixer128_setkey(ctx, key, keylen);
}

static inline void ht_mm_exit(void *ctx)
{
	kh_multimixer128_clearkey(ctx);
}

static inline void ht_mm_init(const void *ctx, void *state)
{
	kh_multimixer128_init(state);
}

static inline int ht_mm_update(const struct ht_impl *impl, const void *ctx,
			       void *state, const u8 *src, unsigned int len)
{
	return kh_multimixer128_update_isa(impl->isa, &impl->simd_min, state,
					   ctx, src, len);
}

static inline int ht_mm_final(const struct ht_impl *impl, const void *ctx,
			      void *state, u8 *out)
{
	return kh_multimixer128_final(state, out);
}

/* NHPoly1305 */
static inline int ht_nhp_setkey(void *ctx, const u8 *key, unsigned int keylen)
{
	return kh_nhpoly1305_setkey(ctx, key, keylen);
}

static inline void ht_nhp_init(const void *ctx, void *state)
{
	kh_nhpoly1305_init(state);
}

static inline int ht_nhp_update(const struct ht_impl *impl, const void *ctx,
				void *state, const u8 *src, unsigned int len)
{
	return kh_nhpoly1305_update_isa(impl->isa, &impl->simd_min, state,
					ctx, src, len);
}

static inline int ht_nhp_final(const struct ht_impl *impl, const void *ctx,
			       void *state, u8 *out)
{
	return kh_nhpoly1305_final_generic(state, ctx, out);
}

/* STHash, both key forms */
static inline int ht_sth_setkey(void *ctx, const u8 *key, unsigned int keylen)
{
	return kh_sthash_setkey(ctx, key, keylen);
}

static inline int ht_sthp_setkey(void *ctx, const u8 *key,
				 unsigned int keylen)
{
	return kh_sthash_personalized_setkey(ctx, key, keylen);
}

static inline void ht_sth_init(const void *ctx, void *state)
{
	kh_sthash_init(state);
}

static inline int ht_sth_update(const struct ht_impl *impl, const void *ctx,
				void *state, const u8 *src, unsigned int len)
{
	return kh_sthash_update_isa(impl->isa, &impl->simd_min, state, ctx,
				    src, len);
}

static inline int ht_sth_final(const struct ht_impl *impl, const void *ctx,
			       void *state, u8 *out)
{
	return kh_sthash_final_isa(impl->isa, &impl->simd_min, state, ctx,
				   out);
}

#define HT_OPS(name, key, state, setkey, exit, pre)			\
static const struct ht_ops name = {					\
	sizeof(struct key), sizeof(struct state), setkey, exit,		\
	pre##_init, pre##_update, pre##_final,				\
}
HT_OPS(ht_ops_highwayhash, kh_highwayhash_key, kh_highwayhash_state,
       ht_hh_setkey, NULL, ht_hh);
HT_OPS(ht_ops_multimixer128, kh_multimixer128_key, kh_multimixer128_state,
       ht_mm_setkey, ht_mm_exit, ht_mm);
HT_OPS(ht_ops_nhpoly1305, kh_nhpoly1305_key, kh_nhpoly1305_state,
       ht_nhp_setkey, NULL, ht_nhp);
HT_OPS(ht_ops_sthash, kh_sthash_key, kh_sthash_state, ht_sth_setkey, NULL,
       ht_sth);
HT_OPS(ht_ops_sthash_personalized, kh_sthash_key, kh_sthash_state,
       ht_sthp_setkey, NULL, ht_sth);

/* The CPU test of each instruction set */
#define HT_USABLE_generic	NULL
#define HT_USABLE_avx2		kh_avx2_usable
#define HT_USABLE_avx512	kh_avx512_usable
#define HT_USABLE_neon		kh_neon_usable

/* The drivers: the module's table (<keyedhash/internal/drivers.h>) */
#define HT_ROW(n, drv, prio, ds, bs, key, state, fam, is, ...)		\
	{ .name = n, .driver = drv, .digestsize = ds, .blocksize = bs,	\
	  .alg = &ht_ops_##fam, .isa = KH_ISA_##is,			\
	  .simd_min = __VA_ARGS__, .usable = HT_USABLE_##is },

static const struct ht_impl ht_generic_impl_table[] = {
#define KH_DRIVER HT_ROW
#define KH_DRIVERS_GENERIC_ONLY
#include <keyedhash/internal/drivers.h>
#undef KH_DRIVERS_GENERIC_ONLY
};

#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86) || \
    IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
static const struct ht_impl ht_arch_impl_table[] = {
#define KH_DRIVER HT_ROW
#define KH_DRIVERS_ARCH_ONLY
#include <keyedhash/internal/drivers.h>
#undef KH_DRIVERS_ARCH_ONLY
};
#define HT_HAVE_ARCH	1
#endif

static const unsigned int ht_generic_impl_count =
	ARRAY_SIZE(ht_generic_impl_table);

#ifdef HT_HAVE_ARCH
static const unsigned int ht_arch_impl_count = ARRAY_SIZE(ht_arch_impl_table);

static inline const struct ht_impl *ht_arch_impl(unsigned int i)
{
	return &ht_arch_impl_table[i];
}
#else
static const unsigned int ht_arch_impl_count;

static inline const struct ht_impl *ht_arch_impl(unsigned int i)
{
	return NULL;
}
#endif

/*
 * The module's own drivers (struct shash_alg) a program links: the generic
 * ones, and those kh_arch_register() hands to kh_register_algs() (defined
 * by the program with HT_DEFINE_REGISTER), whether the CPU has what they
 * need or not.
 */
struct ht_algs {
	struct shash_alg *alg[32];
	unsigned int count;
};

extern struct ht_algs ht_algs;
/* the driver kh_register_algs() says failed (a test sets it), or NULL */
extern const char *ht_fail_driver;

#define HT_DEFINE_REGISTER						\
struct ht_algs ht_algs;							\
const char *ht_fail_driver;						\
unsigned int kh_register_algs(struct shash_alg *algs, unsigned int count) \
{									\
	unsigned int i, failed = 0;					\
									\
	for (i = 0; i < count && ht_algs.count < 32; i++) {		\
		if (ht_fail_driver && !strcmp(ht_fail_driver,		\
				algs[i].base.cra_driver_name)) {	\
			failed++;					\
			continue;					\
		}							\
		ht_algs.alg[ht_algs.count++] = &algs[i];		\
	}								\
	return failed;							\
}									\
void kh_unsupported_algs(const struct shash_alg *algs, unsigned int count) \
{									\
	kh_register_algs((struct shash_alg *)algs, count);		\
}

/* Collect the module's drivers into ht_algs (once). */
static inline void ht_algs_collect(void)
{
	if (ht_algs.count)
		return;
	kh_arch_init();
	kh_register_algs(kh_generic_algs, kh_generic_alg_count);
	kh_arch_register();
}

/* The module's struct shash_alg of @driver, or NULL. */
static inline struct shash_alg *ht_shash_alg(const char *driver)
{
	unsigned int i;

	ht_algs_collect();
	for (i = 0; i < ht_algs.count; i++)
		if (!strcmp(ht_algs.alg[i]->base.cra_driver_name, driver))
			return ht_algs.alg[i];
	return NULL;
}

#endif /* _KEYEDHASH_TESTS_HT_IMPL_H */
