// SPDX-License-Identifier: GPL-2.0
/*
 * libkeyedhash: the one file that calls the module's library code below
 * its API (libkeyedhash/backend.h says what the rest of libkeyedhash/ gets from
 * it), built through libkeyedhash/kshim/ (no SIMD sections, CPU features from
 * the CPU alone).  None of the module's shash layer is built in.
 *
 * The drivers are the module's table (<keyedhash/internal/drivers.h>):
 * its rows, names, priorities and sizes, in the module's order.  A driver
 * computes through the library's one dispatcher
 * (arch/<arch>/<alg>.h, kh_<algorithm>_<op>_isa()), pinned to the
 * driver's instruction set; khb_choose() asks the same dispatcher which
 * instruction set the module would run for an algorithm, from the static
 * keys kh_arch_init() sets (plain flags in libkeyedhash/kshim/).
 *
 * The SIMD code runs with both thresholds at 0: a threshold is where the
 * generic C beats the cost of a kernel SIMD section, which userspace does
 * not pay, so the SIMD code runs at every length, as in make bench's bare
 * rows.
 */
#define _DEFAULT_SOURCE		/* explicit_bzero() */
#include <pthread.h>
#include <linux/kernel.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/sthash.h>
#include <keyedhash/internal/drivers.h>
#include "backend.h"

static const struct kh_simd_min khb_no_min = KH_NO_SIMD_MIN;

/* The algorithm families of the table (its "fam" column). */
enum khb_fam {
	KHB_FAM_highwayhash,
	KHB_FAM_multimixer128,
	KHB_FAM_nhpoly1305,
	KHB_FAM_sthash,
	KHB_FAM_sthash_personalized,
};

struct khb_entry {
	struct khb_driver d;
	enum khb_fam fam;
	enum kh_isa isa;
};

static const struct khb_entry khb_table[] = {
#define KH_DRIVER(name, driver, prio, ds, bs, key, state, fam, isa, ...) \
	{ { name, driver, #isa, prio, ds, bs, sizeof(struct key),	\
	    sizeof(struct state) }, KHB_FAM_##fam, KH_ISA_##isa },
#include <keyedhash/internal/drivers.h>
};

static pthread_once_t khb_once = PTHREAD_ONCE_INIT;

/* The module's init: the static keys of the instruction sets. */
static void khb_arch_init(void)
{
	pthread_once(&khb_once, kh_arch_init);
}

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
	if (i >= ARRAY_SIZE(khb_table))
		return false;
	switch (khb_table[i].isa) {
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	case KH_ISA_avx2:
		return kh_avx2_usable();
	case KH_ISA_avx512:
		return kh_avx512_usable();
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	case KH_ISA_neon:
		return kh_neon_usable();
#endif
	case KH_ISA_generic:
		return true;
	default:
		return false;
	}
}

int khb_choose(const char *name, bool generic)
{
	enum kh_isa isa = KH_ISA_generic;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(khb_table); i++)
		if (!strcmp(khb_table[i].d.name, name))
			break;
	if (i == ARRAY_SIZE(khb_table))
		return -1;
	khb_arch_init();
	if (!generic) {
		switch (khb_table[i].fam) {
		case KHB_FAM_highwayhash:
			isa = kh_highwayhash_isa();
			break;
		case KHB_FAM_multimixer128:
			isa = kh_multimixer128_isa();
			break;
		case KHB_FAM_nhpoly1305:
			isa = kh_nhpoly1305_isa();
			break;
		case KHB_FAM_sthash:
		case KHB_FAM_sthash_personalized:
			isa = kh_sthash_isa();
			break;
		}
	}
	for (; i < ARRAY_SIZE(khb_table); i++)
		if (khb_table[i].isa == isa &&
		    !strcmp(khb_table[i].d.name, name))
			return (int)i;
	return -1;
}

int khb_setkey(unsigned int i, void *ctx, const uint8_t *key, size_t keylen)
{
	switch (khb_table[i].fam) {
	case KHB_FAM_highwayhash:
		return kh_highwayhash_setkey(ctx, key, keylen);
	case KHB_FAM_multimixer128:
		return kh_multimixer128_setkey(ctx, key, keylen);
	case KHB_FAM_nhpoly1305:
		return kh_nhpoly1305_setkey(ctx, key, keylen);
	case KHB_FAM_sthash:
		return kh_sthash_setkey(ctx, key, keylen);
	case KHB_FAM_sthash_personalized:
		return kh_sthash_personalized_setkey(ctx, key, keylen);
	}
	return -EINVAL;
}

void khb_wipe_key(unsigned int i, void *ctx)
{
	if (khb_table[i].fam == KHB_FAM_multimixer128)
		kh_multimixer128_clearkey(ctx);
	explicit_bzero(ctx, khb_table[i].d.ctxsize);
}

void khb_init(unsigned int i, const void *ctx, void *state)
{
	switch (khb_table[i].fam) {
	case KHB_FAM_highwayhash:
		__kh_highwayhash_init(state, ctx);
		break;
	case KHB_FAM_multimixer128:
		kh_multimixer128_init(state);
		break;
	case KHB_FAM_nhpoly1305:
		kh_nhpoly1305_init(state);
		break;
	case KHB_FAM_sthash:
	case KHB_FAM_sthash_personalized:
		kh_sthash_init(state);
		break;
	}
}

int khb_update(unsigned int i, const void *ctx, void *state,
	       const uint8_t *src, size_t len)
{
	enum kh_isa isa = khb_table[i].isa;

	switch (khb_table[i].fam) {
	case KHB_FAM_highwayhash:
		return kh_highwayhash_update_isa(isa, &khb_no_min, state, src,
						 len, khb_table[i].d.digestsize);
	case KHB_FAM_multimixer128:
		return kh_multimixer128_update_isa(isa, &khb_no_min, state,
						   ctx, src, len);
	case KHB_FAM_nhpoly1305:
		return kh_nhpoly1305_update_isa(isa, &khb_no_min, state, ctx,
						src, len);
	case KHB_FAM_sthash:
	case KHB_FAM_sthash_personalized:
		return kh_sthash_update_isa(isa, &khb_no_min, state, ctx, src,
					    len);
	}
	return -EINVAL;
}

int khb_final(unsigned int i, const void *ctx, void *state, uint8_t *out)
{
	enum kh_isa isa = khb_table[i].isa;

	switch (khb_table[i].fam) {
	case KHB_FAM_highwayhash:
		return kh_highwayhash_final_isa(isa, &khb_no_min, state, out,
						khb_table[i].d.digestsize);
	case KHB_FAM_multimixer128:
		return kh_multimixer128_final(state, out);
	case KHB_FAM_nhpoly1305:
		return kh_nhpoly1305_final_generic(state, ctx, out);
	case KHB_FAM_sthash:
	case KHB_FAM_sthash_personalized:
		return kh_sthash_final_isa(isa, &khb_no_min, state, ctx, out);
	}
	return -EINVAL;
}

int khb_digest(unsigned int i, const void *ctx, void *state,
	       const uint8_t *src, size_t len, uint8_t *out)
{
	int err;

	if (khb_table[i].fam == KHB_FAM_highwayhash)
		return kh_highwayhash_digest_isa(khb_table[i].isa, &khb_no_min,
						 state, ctx, src, len, out,
						 khb_table[i].d.digestsize);
	/* one or two blocks: the module's digest() of every driver */
	if (khb_table[i].fam == KHB_FAM_multimixer128 &&
	    len <= KH_MULTIMIXER128_SHORT)
		return kh_multimixer128_digest_short(ctx, src, len, out);
	khb_init(i, ctx, state);
	err = khb_update(i, ctx, state, src, len);
	return err ? err : khb_final(i, ctx, state, out);
}

int khb_digest_many(unsigned int i, const void *ctx, void *state,
		    const uint8_t *const *msgs, const size_t *lens, size_t n,
		    uint8_t *out)
{
	unsigned int ds = khb_table[i].d.digestsize;
	size_t m;
	int err;

	if (khb_table[i].fam == KHB_FAM_highwayhash) {
		enum kh_isa isa = khb_table[i].isa;

		/*
		 * The driver the module's library runs: its many-message
		 * choice, which adds AVX-512 pairs where the module uses zmm
		 * code; any other driver pinned.
		 */
		khb_arch_init();
		if (isa == kh_highwayhash_isa())
			isa = KH_ISA_AUTO;
		return kh_highwayhash_digest_many_isa(isa, &khb_no_min, ctx,
						      msgs, lens, n, out, ds);
	}
	for (m = 0; m < n; m++) {
		err = khb_digest(i, ctx, state, msgs[m], lens[m], out + m * ds);
		if (err)
			return err;
	}
	return 0;
}

void khb_wipe_state(unsigned int i, void *state)
{
	explicit_bzero(state, khb_table[i].d.statesize);
}
