/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash of many messages without arch code: the generic C, one
 * message after another.  Included by arch/generic/highwayhash.h alone,
 * at its end.
 */
#ifndef _KEYEDHASH_ARCH_GENERIC_HIGHWAYHASH_MANY_H
#define _KEYEDHASH_ARCH_GENERIC_HIGHWAYHASH_MANY_H

static __always_inline int
kh_highwayhash_digest_many_isa(enum kh_isa isa, const struct kh_simd_min *min,
			       const struct kh_highwayhash_key *key,
			       const u8 *const *data, const size_t *len,
			       size_t n, u8 *out, unsigned int digestsize)
{
	return kh_highwayhash_digest_many_generic(key, data, len, n, out,
						  digestsize);
}

#endif /* _KEYEDHASH_ARCH_GENERIC_HIGHWAYHASH_MANY_H */
