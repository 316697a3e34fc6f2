/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host tests' view of every driver (test code: the module has no such
 * table).  struct ht_impl names a driver as the module registers it (its
 * struct shash_alg, found by driver name), with its thresholds and CPU
 * test, and struct ht_ops calls the library functions of the driver's
 * instruction set directly, with the thresholds of the struct ht_impl it
 * is given, so that a test can run a SIMD driver's code with other
 * thresholds (0: always SIMD) and on key contexts and states of its own
 * (against a guard page, say).  Generic-only programs link arch/none.c;
 * the others define KH_SHIM_ARCH and link the arch code and the module's
 * arch/<arch>/shash.c, whose tables kh_arch_register() hands to the
 * kh_register_algs() each program defines with HT_DEFINE_REGISTER.
 */
#ifndef _KEYEDHASH_TESTS_HT_IMPL_H
#define _KEYEDHASH_TESTS_HT_IMPL_H

#include <string.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/shash.h>

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
	struct kh_simd_min simd_min;
	bool (*usable)(void);
};

static inline bool ht_impl_usable(const struct ht_impl *impl)
{
	return !impl->usable || impl->usable();
}

/* HighwayHash */
static inline int ht_hh_setkey(void *ctx, const u8 *key, unsigned int keylen)
{
	return kh_highwayhash_setkey(ctx, key, keylen);
}

static inline void ht_hh_init(const void *ctx, void *state)
{
	kh_highwayhash_init(state, ctx);
}

static inline int ht_hh_update_generic(const struct ht_impl *impl,
				       const void *ctx, void *state,
				       const u8 *src, unsigned int len)
{
	kh_highwayhash_update_generic(state, src, len);
	return 0;
}

static inline int ht_hh_final_generic(const struct ht_impl *impl,
				      const void *ctx, void *state, u8 *out)
{
	kh_highwayhash_final_generic(state, out, impl->digestsize);
	return 0;
}

static const struct ht_ops ht_hh_generic = {
	sizeof(struct kh_highwayhash_key), sizeof(struct kh_highwayhash_state),
	ht_hh_setkey, NULL, ht_hh_init, ht_hh_update_generic,
	ht_hh_final_generic,
};

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

static inline int ht_mm_update_generic(const struct ht_impl *impl,
				       const void *ctx, void *state,
				       const u8 *src, unsigned int len)
{
	return kh_multimixer128_update_generic(state, ctx, src, len);
}

static inline int ht_mm_final(const struct ht_impl *impl, const void *ctx,
			      void *state, u8 *out)
{
	return kh_multimixer128_final(state, out);
}

static const struct ht_ops ht_mm_generic = {
	sizeof(struct kh_multimixer128_key),
	sizeof(struct kh_multimixer128_state),
	ht_mm_setkey, ht_mm_exit, ht_mm_init, ht_mm_update_generic, ht_mm_final,
};

/* NHPoly1305 */
static inline int ht_nhp_setkey(void *ctx, const u8 *key, unsigned int keylen)
{
	return kh_nhpoly1305_setkey(ctx, key, keylen);
}

static inline void ht_nhp_init(const void *ctx, void *state)
{
	kh_nhpoly1305_init(state);
}

static inline int ht_nhp_update_generic(const struct ht_impl *impl,
					const void *ctx, void *state,
					const u8 *src, unsigned int len)
{
	kh_nhpoly1305_update_generic(state, ctx, src, len);
	return 0;
}

static inline int ht_nhp_final(const struct ht_impl *impl, const void *ctx,
			       void *state, u8 *out)
{
	kh_nhpoly1305_final(state, ctx, out);
	return 0;
}

static const struct ht_ops ht_nhp_generic = {
	sizeof(struct kh_nhpoly1305_key), sizeof(struct kh_nhpoly1305_state),
	ht_nhp_setkey, NULL, ht_nhp_init, ht_nhp_update_generic, ht_nhp_final,
};

/* STHash (the final does not wipe: the tests' callers look at the state) */
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

static inline int ht_sth_update_generic(const struct ht_impl *impl,
					const void *ctx, void *state,
					const u8 *src, unsigned int len)
{
	const struct kh_sthash_key *k = ctx;
	struct kh_sthash_state *st = state;

	kh_nhpoly1305_update_generic(&st->nhp, &k->nhp, src, len);
	return 0;
}

static inline int ht_sth_final_generic(const struct ht_impl *impl,
				       const void *ctx, void *state, u8 *out)
{
	kh_sthash_final_generic(state, ctx, out);
	return 0;
}

static const struct ht_ops ht_sth_generic = {
	sizeof(struct kh_sthash_key), sizeof(struct kh_sthash_state),
	ht_sth_setkey, NULL, ht_sth_init, ht_sth_update_generic,
	ht_sth_final_generic,
};

static const struct ht_ops ht_sthp_generic = {
	sizeof(struct kh_sthash_key), sizeof(struct kh_sthash_state),
	ht_sthp_setkey, NULL, ht_sth_init, ht_sth_update_generic,
	ht_sth_final_generic,
};

#define HT_GENERIC(n, d, ds, bs, ops) \
	{ .name = n, .driver = d, .digestsize = ds, .blocksize = bs, .alg = &ops }

static const struct ht_impl ht_generic_impl_table[] = {
	HT_GENERIC("highwayhash64", "highwayhash64-generic", 8, 32, ht_hh_generic),
	HT_GENERIC("highwayhash128", "highwayhash128-generic", 16, 32, ht_hh_generic),
	HT_GENERIC("highwayhash256", "highwayhash256-generic", 32, 32, ht_hh_generic),
	HT_GENERIC("multimixer128", "multimixer128-generic", 64, 32, ht_mm_generic),
	HT_GENERIC("nhpoly1305", "nhpoly1305-keyedhash-generic", 16, 0,
		   ht_nhp_generic),
	HT_GENERIC("sthash", "sthash-generic", 32, 16, ht_sth_generic),
	HT_GENERIC("sthash-personalized", "sthash-personalized-generic", 32, 16,
		   ht_sthp_generic),
};

#if defined(__x86_64__) && defined(KH_SHIM_ARCH)
static inline int ht_hh_update_avx2(const struct ht_impl *impl,
				    const void *ctx, void *state,
				    const u8 *src, unsigned int len)
{
	kh_highwayhash_update_avx2(state, src, len, &impl->simd_min);
	return 0;
}

static inline int ht_hh_final_avx2(const struct ht_impl *impl,
				   const void *ctx, void *state, u8 *out)
{
	kh_highwayhash_final_avx2(state, out, impl->digestsize,
				  &impl->simd_min);
	return 0;
}

static const struct ht_ops ht_hh_avx2 = {
	sizeof(struct kh_highwayhash_key), sizeof(struct kh_highwayhash_state),
	ht_hh_setkey, NULL, ht_hh_init, ht_hh_update_avx2, ht_hh_final_avx2,
};

static inline int ht_mm_update_avx2(const struct ht_impl *impl,
				    const void *ctx, void *state,
				    const u8 *src, unsigned int len)
{
	return kh_multimixer128_update_avx2(state, ctx, src, len,
					    &impl->simd_min);
}

static const struct ht_ops ht_mm_avx2 = {
	sizeof(struct kh_multimixer128_key),
	sizeof(struct kh_multimixer128_state),
	ht_mm_setkey, ht_mm_exit, ht_mm_init, ht_mm_update_avx2, ht_mm_final,
};

static inline int ht_nhp_update_avx2(const struct ht_impl *impl,
				     const void *ctx, void *state,
				     const u8 *src, unsigned int len)
{
	kh_nhpoly1305_update_avx2(state, ctx, src, len, &impl->simd_min);
	return 0;
}

static const struct ht_ops ht_nhp_avx2 = {
	sizeof(struct kh_nhpoly1305_key), sizeof(struct kh_nhpoly1305_state),
	ht_nhp_setkey, NULL, ht_nhp_init, ht_nhp_update_avx2, ht_nhp_final,
};

static inline int ht_sth_update_avx2(const struct ht_impl *impl,
				     const void *ctx, void *state,
				     const u8 *src, unsigned int len)
{
	const struct kh_sthash_key *k = ctx;
	struct kh_sthash_state *st = state;

	kh_nhpoly1305_update_avx2(&st->nhp, &k->nhp, src, len,
				  &impl->simd_min);
	return 0;
}

static const struct ht_ops ht_sth_avx2 = {
	sizeof(struct kh_sthash_key), sizeof(struct kh_sthash_state),
	ht_sth_setkey, NULL, ht_sth_init, ht_sth_update_avx2,
	ht_sth_final_generic,
};

static const struct ht_ops ht_sthp_avx2 = {
	sizeof(struct kh_sthash_key), sizeof(struct kh_sthash_state),
	ht_sthp_setkey, NULL, ht_sth_init, ht_sth_update_avx2,
	ht_sth_final_generic,
};

#ifndef KH_NO_AS_AVX512
static inline int ht_mm_update_avx512(const struct ht_impl *impl,
				      const void *ctx, void *state,
				      const u8 *src, unsigned int len)
{
	return kh_multimixer128_update_avx512(state, ctx, src, len,
					      &impl->simd_min);
}

static const struct ht_ops ht_mm_avx512 = {
	sizeof(struct kh_multimixer128_key),
	sizeof(struct kh_multimixer128_state),
	ht_mm_setkey, ht_mm_exit, ht_mm_init, ht_mm_update_avx512, ht_mm_final,
};

static inline int ht_sth_update_avx512(const struct ht_impl *impl,
				       const void *ctx, void *state,
				       const u8 *src, unsigned int len)
{
	const struct kh_sthash_key *k = ctx;
	struct kh_sthash_state *st = state;

	kh_nhpoly1305_update_avx512(&st->nhp, &k->nhp, src, len,
				    &impl->simd_min);
	return 0;
}

static inline int ht_sth_final_avx512(const struct ht_impl *impl,
				      const void *ctx, void *state, u8 *out)
{
	kh_sthash_final_avx512(state, ctx, out, &impl->simd_min);
	return 0;
}

static const struct ht_ops ht_sth_avx512 = {
	sizeof(struct kh_sthash_key), sizeof(struct kh_sthash_state),
	ht_sth_setkey, NULL, ht_sth_init, ht_sth_update_avx512,
	ht_sth_final_avx512,
};

static const struct ht_ops ht_sthp_avx512 = {
	sizeof(struct kh_sthash_key), sizeof(struct kh_sthash_state),
	ht_sthp_setkey, NULL, ht_sth_init, ht_sth_update_avx512,
	ht_sth_final_avx512,
};
#endif

#define HT_ARCH(n, d, ds, bs, ops, min, use) \
	{ .name = n, .driver = d, .digestsize = ds, .blocksize = bs, \
	  .alg = &ops, .simd_min = min, .usable = use }

static const struct ht_impl ht_arch_impl_table[] = {
	HT_ARCH("highwayhash64", "highwayhash64-avx2", 8, 32, ht_hh_avx2,
		KH_HIGHWAYHASH64_AVX2_MIN, kh_avx2_usable),
	HT_ARCH("highwayhash128", "highwayhash128-avx2", 16, 32, ht_hh_avx2,
		KH_HIGHWAYHASH_AVX2_MIN, kh_avx2_usable),
	HT_ARCH("highwayhash256", "highwayhash256-avx2", 32, 32, ht_hh_avx2,
		KH_HIGHWAYHASH_AVX2_MIN, kh_avx2_usable),
	HT_ARCH("multimixer128", "multimixer128-avx2", 64, 32, ht_mm_avx2,
		KH_MULTIMIXER128_AVX2_MIN, kh_avx2_usable),
#ifndef KH_NO_AS_AVX512
	HT_ARCH("multimixer128", "multimixer128-avx512", 64, 32, ht_mm_avx512,
		KH_MULTIMIXER128_AVX512_MIN, kh_avx512_usable),
#endif
	HT_ARCH("nhpoly1305", "nhpoly1305-keyedhash-avx2", 16, 0, ht_nhp_avx2,
		KH_NH_AVX2_MIN, kh_avx2_usable),
	HT_ARCH("sthash", "sthash-avx2", 32, 16, ht_sth_avx2,
		KH_NH_AVX2_MIN, kh_avx2_usable),
	HT_ARCH("sthash-personalized", "sthash-personalized-avx2", 32, 16,
		ht_sthp_avx2, KH_NH_AVX2_MIN, kh_avx2_usable),
#ifndef KH_NO_AS_AVX512
	HT_ARCH("sthash", "sthash-avx512", 32, 16, ht_sth_avx512,
		KH_STHASH_AVX512_MIN, kh_avx512_usable),
	HT_ARCH("sthash-personalized", "sthash-personalized-avx512", 32, 16,
		ht_sthp_avx512, KH_STHASH_AVX512_MIN, kh_avx512_usable),
#endif
};
#define HT_HAVE_ARCH	1
#elif defined(__aarch64__) && defined(KH_SHIM_ARCH)
static inline int ht_hh_update_neon(const struct ht_impl *impl,
				    const void *ctx, void *state,
				    const u8 *src, unsigned int len)
{
	kh_highwayhash_update_neon(state, src, len, &impl->simd_min);
	return 0;
}

static inline int ht_hh_final_neon(const struct ht_impl *impl,
				   const void *ctx, void *state, u8 *out)
{
	kh_highwayhash_final_neon(state, out, impl->digestsize,
				  &impl->simd_min);
	return 0;
}

static const struct ht_ops ht_hh_neon = {
	sizeof(struct kh_highwayhash_key), sizeof(struct kh_highwayhash_state),
	ht_hh_setkey, NULL, ht_hh_init, ht_hh_update_neon, ht_hh_final_neon,
};

static inline int ht_mm_update_neon(const struct ht_impl *impl,
				    const void *ctx, void *state,
				    const u8 *src, unsigned int len)
{
	return kh_multimixer128_update_neon(state, ctx, src, len,
					    &impl->simd_min);
}

static const struct ht_ops ht_mm_neon = {
	sizeof(struct kh_multimixer128_key),
	sizeof(struct kh_multimixer128_state),
	ht_mm_setkey, ht_mm_exit, ht_mm_init, ht_mm_update_neon, ht_mm_final,
};

static inline int ht_nhp_update_neon(const struct ht_impl *impl,
				     const void *ctx, void *state,
				     const u8 *src, unsigned int len)
{
	kh_nhpoly1305_update_neon(state, ctx, src, len, &impl->simd_min);
	return 0;
}

static const struct ht_ops ht_nhp_neon = {
	sizeof(struct kh_nhpoly1305_key), sizeof(struct kh_nhpoly1305_state),
	ht_nhp_setkey, NULL, ht_nhp_init, ht_nhp_update_neon, ht_nhp_final,
};

static inline int ht_sth_update_neon(const struct ht_impl *impl,
				     const void *ctx, void *state,
				     const u8 *src, unsigned int len)
{
	const struct kh_sthash_key *k = ctx;
	struct kh_sthash_state *st = state;

	kh_nhpoly1305_update_neon(&st->nhp, &k->nhp, src, len,
				  &impl->simd_min);
	return 0;
}

static const struct ht_ops ht_sth_neon = {
	sizeof(struct kh_sthash_key), sizeof(struct kh_sthash_state),
	ht_sth_setkey, NULL, ht_sth_init, ht_sth_update_neon,
	ht_sth_final_generic,
};

static const struct ht_ops ht_sthp_neon = {
	sizeof(struct kh_sthash_key), sizeof(struct kh_sthash_state),
	ht_sthp_setkey, NULL, ht_sth_init, ht_sth_update_neon,
	ht_sth_final_generic,
};

#define HT_ARCH(n, d, ds, bs, ops, min) \
	{ .name = n, .driver = d, .digestsize = ds, .blocksize = bs, \
	  .alg = &ops, .simd_min = min, .usable = kh_neon_usable }

static const struct ht_impl ht_arch_impl_table[] = {
	HT_ARCH("highwayhash64", "highwayhash64-neon", 8, 32, ht_hh_neon,
		KH_HIGHWAYHASH64_NEON_MIN),
	HT_ARCH("highwayhash128", "highwayhash128-neon", 16, 32, ht_hh_neon,
		KH_HIGHWAYHASH_NEON_MIN),
	HT_ARCH("highwayhash256", "highwayhash256-neon", 32, 32, ht_hh_neon,
		KH_HIGHWAYHASH_NEON_MIN),
	HT_ARCH("multimixer128", "multimixer128-neon", 64, 32, ht_mm_neon,
		KH_MULTIMIXER128_NEON_MIN),
	HT_ARCH("nhpoly1305", "nhpoly1305-keyedhash-neon", 16, 0, ht_nhp_neon,
		KH_NH_NEON_MIN),
	HT_ARCH("sthash", "sthash-neon", 32, 16, ht_sth_neon, KH_NH_NEON_MIN),
	HT_ARCH("sthash-personalized", "sthash-personalized-neon", 32, 16,
		ht_sthp_neon, KH_NH_NEON_MIN),
};
#define HT_HAVE_ARCH	1
#endif

static const struct ht_impl *const ht_generic_impls[] = {
	&ht_generic_impl_table[0], &ht_generic_impl_table[1],
	&ht_generic_impl_table[2], &ht_generic_impl_table[3],
	&ht_generic_impl_table[4], &ht_generic_impl_table[5],
	&ht_generic_impl_table[6],
};

static const unsigned int ht_generic_impl_count = ARRAY_SIZE(ht_generic_impls);

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

#define HT_DEFINE_REGISTER						\
struct ht_algs ht_algs;							\
unsigned int kh_register_algs(struct shash_alg *algs, unsigned int count) \
{									\
	unsigned int i;							\
									\
	for (i = 0; i < count && ht_algs.count < 32; i++)		\
		ht_algs.alg[ht_algs.count++] = &algs[i];		\
	return 0;							\
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
