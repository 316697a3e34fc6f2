/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash of many messages on arm64: no interleaved NEON code yet,
 * so one message after another, each by the one-shot of the instruction
 * set asked for.  Included by arch/arm64/highwayhash.h alone, at its end.
 */
#ifndef _KEYEDHASH_ARCH_ARM64_HIGHWAYHASH_MANY_H
#define _KEYEDHASH_ARCH_ARM64_HIGHWAYHASH_MANY_H

/*
 * @n messages under @key, digests of @digestsize bytes one after another
 * at @out, with instruction set @isa (KH_ISA_AUTO: the module's choice)
 * and the thresholds @min (NULL: the library's).
 */
static __always_inline int
kh_highwayhash_digest_many_isa(enum kh_isa isa, const struct kh_simd_min *min,
			       const struct kh_highwayhash_key *key,
			       const u8 *const *data, const size_t *len,
			       size_t n, u8 *out, unsigned int digestsize)
{
	struct kh_highwayhash_state st;
	size_t i;

	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
	if (isa != KH_ISA_neon)
		return kh_highwayhash_digest_many_generic(key, data, len, n,
							  out, digestsize);
	for (i = 0; i < n; i++)
		kh_highwayhash_digest_neon(&st, key, data[i], len[i],
					   out + i * digestsize, digestsize,
					   min ?: kh_highwayhash_neon_min(digestsize));
	return 0;
}

#endif /* _KEYEDHASH_ARCH_ARM64_HIGHWAYHASH_MANY_H */
