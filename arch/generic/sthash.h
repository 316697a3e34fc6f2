/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STHash without arch code: the generic C alone, whatever instruction set
 * is asked for.  Included by <keyedhash/internal/sthash.h> alone
 * (see <keyedhash/internal/arch.h>).
 */
#ifndef _KEYEDHASH_ARCH_GENERIC_STHASH_H
#define _KEYEDHASH_ARCH_GENERIC_STHASH_H

#include <keyedhash/internal/drivers.h>

static __always_inline enum kh_isa kh_sthash_isa(void)
{
	return KH_ISA_generic;
}

static __always_inline int
kh_sthash_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
		     struct kh_sthash_state *st,
		     const struct kh_sthash_key *key, const u8 *data,
		     size_t len)
{
	return kh_nhpoly1305_update_generic(&st->nhp, &key->nhp, data, len);
}

static __always_inline int
kh_sthash_final_isa(enum kh_isa isa, const struct kh_simd_min *min,
		    struct kh_sthash_state *st,
		    const struct kh_sthash_key *key, u8 *out)
{
	return kh_sthash_final_generic(st, key, out);
}

#endif /* _KEYEDHASH_ARCH_GENERIC_STHASH_H */
