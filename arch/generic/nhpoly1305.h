/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The NH-then-Poly1305 stream without arch code: the generic C alone,
 * whatever instruction set is asked for.  Included by
 * <keyedhash/internal/nhpoly1305.h> alone (see
 * <keyedhash/internal/arch.h>).
 */
#ifndef _KEYEDHASH_ARCH_GENERIC_NHPOLY1305_H
#define _KEYEDHASH_ARCH_GENERIC_NHPOLY1305_H

#include <keyedhash/internal/arch.h>

static __always_inline void kh_nh_isa(enum kh_isa isa, const u32 *key,
				      const u8 *msg, size_t len,
				      u64 hash[KH_NH_NUM_PASSES])
{
	kh_nh_generic(key, msg, len, hash);
}

static __always_inline bool kh_nh_has_chunks(enum kh_isa isa)
{
	return false;
}

/* Never called (kh_nh_has_chunks()); one kh_nh_isa() per chunk. */
static __always_inline void
kh_nh_chunks_isa(enum kh_isa isa, const u32 *key, const u8 *msg,
		 size_t nchunks, u64 hashes[][KH_NH_NUM_PASSES])
{
	size_t c;

	for (c = 0; c < nchunks; c++)
		kh_nh_isa(isa, key, msg + c * KH_NH_CHUNK, KH_NH_CHUNK,
			  hashes[c]);
}

#define KH_NHPOLY1305_ISAS	0

static __always_inline bool kh_nhpoly1305_key(enum kh_isa isa)
{
	return false;
}

#endif /* _KEYEDHASH_ARCH_GENERIC_NHPOLY1305_H */
