// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the x86_64 drivers, kh_avx2_drivers[] and
 * kh_avx512_drivers[].  Each driver's functions are those of its row
 * (KH_SHASH_FUNCS(), <keyedhash/internal/shash.h>): the library's functions of
 * its instruction set (arch/x86/glue.c) with the driver's own thresholds; what
 * the drivers of an algorithm share is in keyedhash_generic.c.  The AVX-512
 * drivers need an assembler that knows AVX-512 (Kbuild defines KH_NO_AS_AVX512
 * where it does not).
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

/* The AVX2 drivers (<keyedhash/internal/shash.h>) */

KH_SHASH_FUNCS(highwayhash64_avx2)
KH_SHASH_FUNCS(highwayhash128_avx2)
KH_SHASH_FUNCS(highwayhash256_avx2)
KH_SHASH_FUNCS(multimixer128_avx2)
KH_SHASH_FUNCS(nhpoly1305_keyedhash_avx2)
KH_SHASH_FUNCS(sthash_avx2)

static struct kh_shash_driver kh_avx2_drivers[] = {
	KH_SHASH_SIMD(highwayhash64_avx2),
	KH_SHASH_SIMD(highwayhash128_avx2),
	KH_SHASH_SIMD(highwayhash256_avx2),
	KH_SHASH_SIMD(multimixer128_avx2),
	KH_SHASH_SIMD(nhpoly1305_keyedhash_avx2),
	KH_SHASH_SIMD(sthash_avx2),
	KH_SHASH_SIMD(sthash_personalized_avx2),
};

#ifndef KH_NO_AS_AVX512
/*
 * The AVX-512 drivers: Multimixer-128 in zmm registers; STHash with NH on
 * zmm (four units per register) and Keccak-f[1600] for its output step,
 * the fixed cost that dominates short messages.
 */
KH_SHASH_FUNCS(multimixer128_avx512)
KH_SHASH_FUNCS(sthash_avx512)

static struct kh_shash_driver kh_avx512_drivers[] = {
	KH_SHASH_SIMD(multimixer128_avx512),
	KH_SHASH_SIMD(sthash_avx512),
	KH_SHASH_SIMD(sthash_personalized_avx512),
};
#endif

void kh_arch_register(void)
{
	bool avx2 = kh_avx2_usable();

	/*
	 * Once any driver of a name is registered the crypto API no longer
	 * autoloads others: load the kernel's own first, which
	 * nhpoly1305-keyedhash-avx2 stays below.
	 */
	if (avx2)
		crypto_has_shash("nhpoly1305-avx2", 0, 0);
	kh_register_simd(kh_avx2_drivers, ARRAY_SIZE(kh_avx2_drivers), avx2);
#ifndef KH_NO_AS_AVX512
	kh_register_simd(kh_avx512_drivers, ARRAY_SIZE(kh_avx512_drivers),
			 kh_avx512_usable());
#endif
}

MODULE_ALIAS_CRYPTO("highwayhash64-avx2");
MODULE_ALIAS_CRYPTO("highwayhash128-avx2");
MODULE_ALIAS_CRYPTO("highwayhash256-avx2");
MODULE_ALIAS_CRYPTO("multimixer128-avx2");
MODULE_ALIAS_CRYPTO("nhpoly1305-keyedhash-avx2");
MODULE_ALIAS_CRYPTO("sthash-avx2");
MODULE_ALIAS_CRYPTO("sthash-personalized-avx2");
#ifndef KH_NO_AS_AVX512
MODULE_ALIAS_CRYPTO("multimixer128-avx512");
MODULE_ALIAS_CRYPTO("sthash-avx512");
MODULE_ALIAS_CRYPTO("sthash-personalized-avx512");
#endif
