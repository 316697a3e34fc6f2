// SPDX-License-Identifier: GPL-2.0
/*
 * Compiles one Linux 6.1 crypto driver file (path in KB_KFILE, from the
 * installed linux-source; see kpeers.mk) unmodified through kshim/, and
 * exposes its static shash driver to peers-kernel.c.  KB_KPEER says which
 * file it is.
 */
#include KB_KFILE

#if defined(KB_KPEER_SHA256)
/* arch/x86/crypto/sha256_ssse3_glue.c: "sha256-ni" and "sha256-avx2" */
const struct shash_alg *kb_linux_sha256_ni(void)
{
#ifdef CONFIG_AS_SHA256_NI
	return &sha256_ni_algs[0];
#else
	return NULL;
#endif
}

const struct shash_alg *kb_linux_sha256_avx2(void)
{
	return &sha256_avx2_algs[0];
}
#elif defined(KB_KPEER_SHA512)
/* arch/x86/crypto/sha512_ssse3_glue.c: "sha512-avx2" */
const struct shash_alg *kb_linux_sha512_avx2(void)
{
	return &sha512_avx2_algs[0];
}
#elif defined(KB_KPEER_CRC32C)
/*
 * arch/x86/crypto/crc32c-intel_glue.c: "crc32c-intel"; its module init
 * swaps in the PCLMULQDQ update, finup and digest where the CPU has it.
 */
const struct shash_alg *kb_linux_crc32c_intel(void)
{
	return crc32c_intel_mod_init() ? NULL : &alg;
}
#elif defined(KB_KPEER_XXHASH)
/* crypto/xxhash_generic.c: "xxhash64-generic" */
const struct shash_alg *kb_linux_xxhash64(void)
{
	return &alg;
}
#elif defined(KB_KPEER_BLAKE2B)
/* crypto/blake2b_generic.c: "blake2b-256-generic" */
const struct shash_alg *kb_linux_blake2b_256(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(blake2b_algs); i++)
		if (!strcmp(blake2b_algs[i].base.cra_name, "blake2b-256"))
			return &blake2b_algs[i];
	return NULL;
}
#elif defined(KB_KPEER_POLY1305)
/*
 * arch/x86/crypto/poly1305_glue.c: "poly1305-simd" and the library
 * (poly1305_init_arch() & co., global there); its module init enables the
 * AVX, AVX2 and AVX-512 paths the CPU has.
 */
const struct shash_alg *kb_linux_poly1305_simd(void)
{
	return poly1305_simd_mod_init() ? NULL : &alg;
}

unsigned int kb_linux_poly1305_dctx_size(void)
{
	return sizeof(struct poly1305_desc_ctx);
}
#endif
