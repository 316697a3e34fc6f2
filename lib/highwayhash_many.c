// SPDX-License-Identifier: GPL-2.0
/*
 * HighwayHash-64/128/256 of many messages under one key in one call
 * (<keyedhash/highwayhash_many.h>): the library's functions, which run
 * the instruction set chosen at module init (arch/<arch>/highwayhash-many.h),
 * and the generic C, one message after another by the one-shot.
 */
#include <linux/kernel.h>
#include <linux/export.h>
#include <keyedhash/internal/highwayhash.h>

int kh_highwayhash_digest_many_generic(const struct kh_highwayhash_key *key,
				       const u8 *const *data, const size_t *len,
				       size_t n, u8 *out, unsigned int digestsize)
{
	struct kh_highwayhash_state st;
	size_t i;

	/* each digest wipes the scratch state */
	for (i = 0; i < n; i++)
		kh_highwayhash_digest_generic(&st, key, data[i], len[i],
					      out + i * digestsize, digestsize);
	return 0;
}

void kh_highwayhash64_digest_many(const struct kh_highwayhash_key *key,
				  const u8 *const data[], const size_t len[],
				  size_t n, u8 *out)
{
	kh_highwayhash_digest_many_isa(KH_ISA_AUTO, NULL, key, data, len, n,
				       out, KH_HIGHWAYHASH64_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(kh_highwayhash64_digest_many);

void kh_highwayhash128_digest_many(const struct kh_highwayhash_key *key,
				   const u8 *const data[], const size_t len[],
				   size_t n, u8 *out)
{
	kh_highwayhash_digest_many_isa(KH_ISA_AUTO, NULL, key, data, len, n,
				       out, KH_HIGHWAYHASH128_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(kh_highwayhash128_digest_many);

void kh_highwayhash256_digest_many(const struct kh_highwayhash_key *key,
				   const u8 *const data[], const size_t len[],
				   size_t n, u8 *out)
{
	kh_highwayhash_digest_many_isa(KH_ISA_AUTO, NULL, key, data, len, n,
				       out, KH_HIGHWAYHASH256_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(kh_highwayhash256_digest_many);
