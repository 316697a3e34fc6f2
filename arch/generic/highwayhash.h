/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash without arch code: the generic C alone, whatever instruction
 * set is asked for.  Included by <keyedhash/internal/highwayhash.h> alone
 * (see <keyedhash/internal/arch.h>).
 */
#ifndef _KEYEDHASH_ARCH_GENERIC_HIGHWAYHASH_H
#define _KEYEDHASH_ARCH_GENERIC_HIGHWAYHASH_H

#include <keyedhash/internal/drivers.h>

static __always_inline void
kh_highwayhash_blocks_isa(enum kh_isa isa, struct kh_highwayhash_state *st,
			  const u8 *src, size_t nblocks)
{
	kh_highwayhash_blocks_generic(st, src, nblocks);
}

/* The block the buffer holds, then @nblocks (at least one) from @src. */
static __always_inline void
kh_highwayhash_buf_blocks_isa(enum kh_isa isa, struct kh_highwayhash_state *st,
			      const u8 *src, size_t nblocks)
{
	kh_highwayhash_blocks_generic(st, st->buf, 1);
	kh_highwayhash_blocks_generic(st, src, nblocks);
}

static __always_inline enum kh_isa kh_highwayhash_isa(void)
{
	return KH_ISA_generic;
}

static __always_inline int
kh_highwayhash_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			  struct kh_highwayhash_state *st, const u8 *data,
			  size_t len, unsigned int digestsize)
{
	return kh_highwayhash_update_generic(st, data, len);
}

static __always_inline int
kh_highwayhash_final_isa(enum kh_isa isa, const struct kh_simd_min *min,
			 struct kh_highwayhash_state *st, u8 *out,
			 unsigned int digestsize)
{
	return kh_highwayhash_final_generic(st, out, digestsize);
}

static __always_inline int
kh_highwayhash_digest_isa(enum kh_isa isa, const struct kh_simd_min *min,
			  struct kh_highwayhash_state *st,
			  const struct kh_highwayhash_key *key,
			  const u8 *data, size_t len, u8 *out,
			  unsigned int digestsize)
{
	return kh_highwayhash_digest_generic(st, key, data, len, out,
					     digestsize);
}

/* many messages at once: kh_highwayhash_digest_many_isa() */
#include "arch/generic/highwayhash-many.h"

#endif /* _KEYEDHASH_ARCH_GENERIC_HIGHWAYHASH_H */
