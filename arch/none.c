// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: architectures without SIMD code run the generic C and
 * register the generic drivers only.
 */
#include <crypto/internal/hash.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/shash.h>

void kh_arch_init(void)
{
}

void kh_arch_register(void)
{
}

#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST)
const struct kh_simd_min *kh_arch_alg_simd_min(const struct shash_alg *alg)
{
	return NULL;
}
#endif
