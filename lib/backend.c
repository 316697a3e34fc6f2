// SPDX-License-Identifier: GPL-2.0
/*
 * libkeyedhash: the one file that calls the module's library code below
 * its API (lib/backend.h says what the rest of lib/ gets from it).  Each
 * driver is an algorithm on one instruction set, with the module's names
 * and priorities, run through the module's per-instruction-set functions
 * (<keyedhash/internal/<algorithm>.h>, the same core/ and arch/ files the
 * module builds), through lib/compat/ with KH_SHIM_LIB (no SIMD
 * sections, CPU features from the CPU alone).  None of the module's shash
 * layer is built in.
 *
 * The SIMD code runs with both thresholds at 0: a threshold is where the
 * generic C beats the cost of a kernel SIMD section, which userspace does
 * not pay, so the SIMD code runs at every length, as in make bench's bare
 * rows.
 */
#define _DEFAULT_SOURCE		/* explicit_bzero() */
#include <linux/kernel.h>
#include <keyedhash/internal/arch.h>
#include "backend.h"

static const struct kh_simd_min khb_no_min = { .task = 0, .kthread = 0 };

/* One algorithm on one instruction set, on plain contexts and states. */
struct khb_ops {
	int (*setkey)(void *ctx, const u8 *key, size_t keylen);
	void (*exit)(void *ctx);
	void (*init)(const void *ctx, void *state);
	int (*update)(const void *ctx, void *state, const u8 *src, size_t len);
	int (*final)(const struct khb_driver *d, const void *ctx, void *state,
		     u8 *out);
};

/* HighwayHash */
static int khb_hh_setkey(void *ctx, const u8 *key, size_t keylen)
{
	return kh_highwayhash_setkey(ctx, key, keylen);
}

static void khb_hh_init(const void *ctx, void *state)
{
	kh_highwayhash_init(state, ctx);
}

static int khb_hh_update_generic(const void *ctx, void *state, const u8 *src,
				 size_t len)
{
	return kh_highwayhash_update_generic(state, src, len);
}

static int khb_hh_final_generic(const struct khb_driver *d, const void *ctx,
				void *state, u8 *out)
{
	return kh_highwayhash_final_generic(state, out, d->digestsize);
}

/* Multimixer-128 */
static int khb_mm_setkey(void *ctx, const u8 *key, size_t keylen)
{
	return kh_multimixer128_setkey(ctx, key, keylen);
}

static void khb_mm_exit(void *ctx)
{
	kh_multimixer128_clearkey(ctx);
}

static void khb_mm_init(const void *ctx, void *state)
{
	kh_multimixer128_init(state);
}

static int khb_mm_update_generic(const void *ctx, void *state, const u8 *src,
				 size_t len)
{
	return kh_multimixer128_update_generic(state, ctx, src, len);
}

static int khb_mm_final(const struct khb_driver *d, const void *ctx,
			void *state, u8 *out)
{
	return kh_multimixer128_final(state, out);
}

/* NHPoly1305 */
static int khb_nhp_setkey(void *ctx, const u8 *key, size_t keylen)
{
	return kh_nhpoly1305_setkey(ctx, key, keylen);
}

static void khb_nhp_init(const void *ctx, void *state)
{
	kh_nhpoly1305_init(state);
}

static int khb_nhp_update_generic(const void *ctx, void *state,
				  const u8 *src, size_t len)
{
	return kh_nhpoly1305_update_generic(state, ctx, src, len);
}

static int khb_nhp_final(const struct khb_driver *d, const void *ctx,
			 void *state, u8 *out)
{
	return kh_nhpoly1305_final_generic(state, ctx, out);
}

/* STHash, both key forms */
static int khb_sth_setkey(void *ctx, const u8 *key, size_t keylen)
{
	return kh_sthash_setkey(ctx, key, keylen);
}

static int khb_sthp_setkey(void *ctx, const u8 *key, size_t keylen)
{
	return kh_sthash_personalized_setkey(ctx, key, keylen);
}

static void khb_sth_init(const void *ctx, void *state)
{
	kh_sthash_init(state);
}

static int khb_sth_update_generic(const void *ctx, void *state,
				  const u8 *src, size_t len)
{
	const struct kh_sthash_key *k = ctx;
	struct kh_sthash_state *st = state;

	return kh_nhpoly1305_update_generic(&st->nhp, &k->nhp, src, len);
}

static int khb_sth_final_generic(const struct khb_driver *d, const void *ctx,
				 void *state, u8 *out)
{
	return kh_sthash_final_generic(state, ctx, out);
}

static const struct khb_ops khb_hh_generic = {
	khb_hh_setkey, NULL, khb_hh_init, khb_hh_update_generic,
	khb_hh_final_generic,
};
static const struct khb_ops khb_mm_generic = {
	khb_mm_setkey, khb_mm_exit, khb_mm_init, khb_mm_update_generic,
	khb_mm_final,
};
static const struct khb_ops khb_nhp_generic = {
	khb_nhp_setkey, NULL, khb_nhp_init, khb_nhp_update_generic,
	khb_nhp_final,
};
static const struct khb_ops khb_sth_generic = {
	khb_sth_setkey, NULL, khb_sth_init, khb_sth_update_generic,
	khb_sth_final_generic,
};
static const struct khb_ops khb_sthp_generic = {
	khb_sthp_setkey, NULL, khb_sth_init, khb_sth_update_generic,
	khb_sth_final_generic,
};

#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
static int khb_hh_update_avx2(const void *ctx, void *state, const u8 *src,
			      size_t len)
{
	return kh_highwayhash_update_avx2(state, src, len, &khb_no_min);
}

static int khb_hh_final_avx2(const struct khb_driver *d, const void *ctx,
			     void *state, u8 *out)
{
	return kh_highwayhash_final_avx2(state, out, d->digestsize,
					 &khb_no_min);
}

static int khb_mm_update_avx2(const void *ctx, void *state, const u8 *src,
			      size_t len)
{
	return kh_multimixer128_update_avx2(state, ctx, src, len, &khb_no_min);
}

static int khb_nhp_update_avx2(const void *ctx, void *state, const u8 *src,
			       size_t len)
{
	return kh_nhpoly1305_update_avx2(state, ctx, src, len, &khb_no_min);
}

static int khb_sth_update_avx2(const void *ctx, void *state, const u8 *src,
			       size_t len)
{
	const struct kh_sthash_key *k = ctx;
	struct kh_sthash_state *st = state;

	return kh_nhpoly1305_update_avx2(&st->nhp, &k->nhp, src, len,
					 &khb_no_min);
}

static const struct khb_ops khb_hh_avx2 = {
	khb_hh_setkey, NULL, khb_hh_init, khb_hh_update_avx2,
	khb_hh_final_avx2,
};
static const struct khb_ops khb_mm_avx2 = {
	khb_mm_setkey, khb_mm_exit, khb_mm_init, khb_mm_update_avx2,
	khb_mm_final,
};
static const struct khb_ops khb_nhp_avx2 = {
	khb_nhp_setkey, NULL, khb_nhp_init, khb_nhp_update_avx2, khb_nhp_final,
};
static const struct khb_ops khb_sth_avx2 = {
	khb_sth_setkey, NULL, khb_sth_init, khb_sth_update_avx2,
	khb_sth_final_generic,
};
static const struct khb_ops khb_sthp_avx2 = {
	khb_sthp_setkey, NULL, khb_sth_init, khb_sth_update_avx2,
	khb_sth_final_generic,
};

#ifndef KH_NO_AS_AVX512
static int khb_mm_update_avx512(const void *ctx, void *state, const u8 *src,
				size_t len)
{
	return kh_multimixer128_update_avx512(state, ctx, src, len,
					      &khb_no_min);
}

static int khb_sth_update_avx512(const void *ctx, void *state,
				 const u8 *src, size_t len)
{
	const struct kh_sthash_key *k = ctx;
	struct kh_sthash_state *st = state;

	return kh_nhpoly1305_update_avx512(&st->nhp, &k->nhp, src, len,
					   &khb_no_min);
}

static int khb_sth_final_avx512(const struct khb_driver *d, const void *ctx,
				void *state, u8 *out)
{
	return kh_sthash_final_avx512(state, ctx, out, &khb_no_min);
}

static const struct khb_ops khb_mm_avx512 = {
	khb_mm_setkey, khb_mm_exit, khb_mm_init, khb_mm_update_avx512,
	khb_mm_final,
};
static const struct khb_ops khb_sth_avx512 = {
	khb_sth_setkey, NULL, khb_sth_init, khb_sth_update_avx512,
	khb_sth_final_avx512,
};
static const struct khb_ops khb_sthp_avx512 = {
	khb_sthp_setkey, NULL, khb_sth_init, khb_sth_update_avx512,
	khb_sth_final_avx512,
};
#endif
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
static int khb_hh_update_neon(const void *ctx, void *state, const u8 *src,
			      size_t len)
{
	return kh_highwayhash_update_neon(state, src, len, &khb_no_min);
}

static int khb_hh_final_neon(const struct khb_driver *d, const void *ctx,
			     void *state, u8 *out)
{
	return kh_highwayhash_final_neon(state, out, d->digestsize,
					 &khb_no_min);
}

static int khb_mm_update_neon(const void *ctx, void *state, const u8 *src,
			      size_t len)
{
	return kh_multimixer128_update_neon(state, ctx, src, len, &khb_no_min);
}

static int khb_nhp_update_neon(const void *ctx, void *state, const u8 *src,
			       size_t len)
{
	return kh_nhpoly1305_update_neon(state, ctx, src, len, &khb_no_min);
}

static int khb_sth_update_neon(const void *ctx, void *state, const u8 *src,
			       size_t len)
{
	const struct kh_sthash_key *k = ctx;
	struct kh_sthash_state *st = state;

	return kh_nhpoly1305_update_neon(&st->nhp, &k->nhp, src, len,
					 &khb_no_min);
}

static const struct khb_ops khb_hh_neon = {
	khb_hh_setkey, NULL, khb_hh_init, khb_hh_update_neon,
	khb_hh_final_neon,
};
static const struct khb_ops khb_mm_neon = {
	khb_mm_setkey, khb_mm_exit, khb_mm_init, khb_mm_update_neon,
	khb_mm_final,
};
static const struct khb_ops khb_nhp_neon = {
	khb_nhp_setkey, NULL, khb_nhp_init, khb_nhp_update_neon, khb_nhp_final,
};
static const struct khb_ops khb_sth_neon = {
	khb_sth_setkey, NULL, khb_sth_init, khb_sth_update_neon,
	khb_sth_final_generic,
};
static const struct khb_ops khb_sthp_neon = {
	khb_sthp_setkey, NULL, khb_sth_init, khb_sth_update_neon,
	khb_sth_final_generic,
};
#endif

/*
 * The drivers, in the module's order and with its names and priorities
 * (keyedhash_generic.c, arch/<arch>/shash.c).
 */
struct khb_entry {
	struct khb_driver d;
	const struct khb_ops *ops;
	bool (*usable)(void);
};

#define KHB_HH		sizeof(struct kh_highwayhash_key), \
			sizeof(struct kh_highwayhash_state)
#define KHB_MM		sizeof(struct kh_multimixer128_key), \
			sizeof(struct kh_multimixer128_state)
#define KHB_NHP		sizeof(struct kh_nhpoly1305_key), \
			sizeof(struct kh_nhpoly1305_state)
#define KHB_STH		sizeof(struct kh_sthash_key), \
			sizeof(struct kh_sthash_state)
#define KHB(n, drv, isa, prio, ds, bs, sizes, o, use) \
	{ { n, drv, isa, prio, ds, bs, sizes }, &o, use }

static const struct khb_entry khb_table[] = {
	KHB("highwayhash64", "highwayhash64-generic", "generic", 100, 8, 32,
	    KHB_HH, khb_hh_generic, NULL),
	KHB("highwayhash128", "highwayhash128-generic", "generic", 100, 16, 32,
	    KHB_HH, khb_hh_generic, NULL),
	KHB("highwayhash256", "highwayhash256-generic", "generic", 100, 32, 32,
	    KHB_HH, khb_hh_generic, NULL),
	KHB("multimixer128", "multimixer128-generic", "generic", 100, 64, 32,
	    KHB_MM, khb_mm_generic, NULL),
	KHB("nhpoly1305", "nhpoly1305-keyedhash-generic", "generic", 90, 16, 0,
	    KHB_NHP, khb_nhp_generic, NULL),
	KHB("sthash", "sthash-generic", "generic", 100, 32, 16,
	    KHB_STH, khb_sth_generic, NULL),
	KHB("sthash-personalized", "sthash-personalized-generic", "generic",
	    100, 32, 16, KHB_STH, khb_sthp_generic, NULL),
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	KHB("highwayhash64", "highwayhash64-avx2", "avx2", 300, 8, 32,
	    KHB_HH, khb_hh_avx2, kh_avx2_usable),
	KHB("highwayhash128", "highwayhash128-avx2", "avx2", 300, 16, 32,
	    KHB_HH, khb_hh_avx2, kh_avx2_usable),
	KHB("highwayhash256", "highwayhash256-avx2", "avx2", 300, 32, 32,
	    KHB_HH, khb_hh_avx2, kh_avx2_usable),
	KHB("multimixer128", "multimixer128-avx2", "avx2", 300, 64, 32,
	    KHB_MM, khb_mm_avx2, kh_avx2_usable),
#ifndef KH_NO_AS_AVX512
	KHB("multimixer128", "multimixer128-avx512", "avx512", 350, 64, 32,
	    KHB_MM, khb_mm_avx512, kh_avx512_usable),
#endif
	KHB("nhpoly1305", "nhpoly1305-keyedhash-avx2", "avx2", 250, 16, 0,
	    KHB_NHP, khb_nhp_avx2, kh_avx2_usable),
	KHB("sthash", "sthash-avx2", "avx2", 300, 32, 16,
	    KHB_STH, khb_sth_avx2, kh_avx2_usable),
	KHB("sthash-personalized", "sthash-personalized-avx2", "avx2", 300,
	    32, 16, KHB_STH, khb_sthp_avx2, kh_avx2_usable),
#ifndef KH_NO_AS_AVX512
	KHB("sthash", "sthash-avx512", "avx512", 350, 32, 16,
	    KHB_STH, khb_sth_avx512, kh_avx512_usable),
	KHB("sthash-personalized", "sthash-personalized-avx512", "avx512", 350,
	    32, 16, KHB_STH, khb_sthp_avx512, kh_avx512_usable),
#endif
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	KHB("highwayhash64", "highwayhash64-neon", "neon", 200, 8, 32,
	    KHB_HH, khb_hh_neon, kh_neon_usable),
	KHB("highwayhash128", "highwayhash128-neon", "neon", 200, 16, 32,
	    KHB_HH, khb_hh_neon, kh_neon_usable),
	KHB("highwayhash256", "highwayhash256-neon", "neon", 200, 32, 32,
	    KHB_HH, khb_hh_neon, kh_neon_usable),
	KHB("multimixer128", "multimixer128-neon", "neon", 200, 64, 32,
	    KHB_MM, khb_mm_neon, kh_neon_usable),
	KHB("nhpoly1305", "nhpoly1305-keyedhash-neon", "neon", 150, 16, 0,
	    KHB_NHP, khb_nhp_neon, kh_neon_usable),
	KHB("sthash", "sthash-neon", "neon", 200, 32, 16,
	    KHB_STH, khb_sth_neon, kh_neon_usable),
	KHB("sthash-personalized", "sthash-personalized-neon", "neon", 200,
	    32, 16, KHB_STH, khb_sthp_neon, kh_neon_usable),
#endif
};

unsigned int khb_driver_count(void)
{
	return ARRAY_SIZE(khb_table);
}

const struct khb_driver *khb_driver(unsigned int i)
{
	return i < ARRAY_SIZE(khb_table) ? &khb_table[i].d : NULL;
}

bool khb_driver_usable(unsigned int i)
{
	return i < ARRAY_SIZE(khb_table) &&
	       (!khb_table[i].usable || khb_table[i].usable());
}

int khb_setkey(unsigned int i, void *ctx, const uint8_t *key, size_t keylen)
{
	return khb_table[i].ops->setkey(ctx, key, keylen);
}

void khb_wipe_key(unsigned int i, void *ctx)
{
	if (khb_table[i].ops->exit)
		khb_table[i].ops->exit(ctx);
	explicit_bzero(ctx, khb_table[i].d.ctxsize);
}

void khb_init(unsigned int i, const void *ctx, void *state)
{
	khb_table[i].ops->init(ctx, state);
}

int khb_update(unsigned int i, const void *ctx, void *state,
	       const uint8_t *src, size_t len)
{
	return khb_table[i].ops->update(ctx, state, src, len);
}

int khb_final(unsigned int i, const void *ctx, void *state, uint8_t *out)
{
	return khb_table[i].ops->final(&khb_table[i].d, ctx, state, out);
}

void khb_wipe_state(unsigned int i, void *state)
{
	explicit_bzero(state, khb_table[i].d.statesize);
}
