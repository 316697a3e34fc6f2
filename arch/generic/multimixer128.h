/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Multimixer-128 without arch code: the generic C alone, whatever
 * instruction set is asked for.  Included by
 * <keyedhash/internal/multimixer128.h> alone (see
 * <keyedhash/internal/arch.h>).
 */
#ifndef _KEYEDHASH_ARCH_GENERIC_MULTIMIXER128_H
#define _KEYEDHASH_ARCH_GENERIC_MULTIMIXER128_H

#include <keyedhash/internal/drivers.h>

static __always_inline void
kh_multimixer128_blocks_isa(enum kh_isa isa, u64 h[8], const u8 *key,
			    const u8 *msg, size_t nblocks)
{
	kh_multimixer128_blocks_generic(h, key, msg, nblocks);
}

static __always_inline enum kh_isa kh_multimixer128_isa(void)
{
	return KH_ISA_generic;
}

static __always_inline int
kh_multimixer128_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			    struct kh_multimixer128_state *st,
			    const struct kh_multimixer128_key *key,
			    const u8 *data, size_t len)
{
	return kh_multimixer128_update_generic(st, key, data, len);
}

#endif /* _KEYEDHASH_ARCH_GENERIC_MULTIMIXER128_H */
