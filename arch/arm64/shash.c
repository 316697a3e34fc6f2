// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the arm64 NEON drivers, kh_neon_drivers[].  Each driver's
 * functions are those of its row (KH_SHASH_FUNCS(),
 * <keyedhash/internal/shash.h>): the library's NEON functions
 * (arch/arm64/glue.c) with the driver's own thresholds; what the drivers of an
 * algorithm share is in keyedhash_generic.c.  They register only on CPUs with
 * ASIMD.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/algapi.h>	/* MODULE_ALIAS_CRYPTO() */
#include <crypto/internal/hash.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/sthash.h>
#include <keyedhash/internal/shash.h>

KH_SHASH_FUNCS(highwayhash64_neon)
KH_SHASH_FUNCS(highwayhash128_neon)
KH_SHASH_FUNCS(highwayhash256_neon)
KH_SHASH_FUNCS(multimixer128_neon)
KH_SHASH_FUNCS(nhpoly1305_keyedhash_neon)
KH_SHASH_FUNCS(sthash_neon)

static struct kh_shash_driver kh_neon_drivers[] = {
	KH_SHASH_SIMD(highwayhash64_neon),
	KH_SHASH_SIMD(highwayhash128_neon),
	KH_SHASH_SIMD(highwayhash256_neon),
	KH_SHASH_SIMD(multimixer128_neon),
	KH_SHASH_SIMD(nhpoly1305_keyedhash_neon),
	KH_SHASH_SIMD(sthash_neon),
	KH_SHASH_SIMD(sthash_personalized_neon),
};

void kh_arch_register(void)
{
	bool neon = kh_neon_usable();

	/* the kernel's own, which nhpoly1305-keyedhash-neon stays below */
	if (neon)
		crypto_has_shash("nhpoly1305-neon", 0, 0);
	kh_register_simd(kh_neon_drivers, ARRAY_SIZE(kh_neon_drivers), neon);
}

MODULE_ALIAS_CRYPTO("highwayhash64-neon");
MODULE_ALIAS_CRYPTO("highwayhash128-neon");
MODULE_ALIAS_CRYPTO("highwayhash256-neon");
MODULE_ALIAS_CRYPTO("multimixer128-neon");
MODULE_ALIAS_CRYPTO("nhpoly1305-keyedhash-neon");
MODULE_ALIAS_CRYPTO("sthash-neon");
MODULE_ALIAS_CRYPTO("sthash-personalized-neon");
