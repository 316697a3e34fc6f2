/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STHash on arm64: the NH stream in NEON (arch/arm64/nhpoly1305.h), the
 * output step in generic C.  Included by <keyedhash/internal/sthash.h>
 * alone (see <keyedhash/internal/arch.h>), after its
 * types and prototypes.
 */
#ifndef _KEYEDHASH_ARCH_ARM64_STHASH_H
#define _KEYEDHASH_ARCH_ARM64_STHASH_H

#include <linux/jump_label.h>
#include <keyedhash/internal/drivers.h>

DECLARE_STATIC_KEY_FALSE(kh_have_sthash_neon);

static __always_inline enum kh_isa kh_sthash_isa(void)
{
	if (static_branch_likely(&kh_have_sthash_neon))
		return KH_ISA_neon;
	return KH_ISA_generic;
}

/* The thresholds: the NH stream's (KH_NH_NEON_MIN). */
static __always_inline int
kh_sthash_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
		     struct kh_sthash_state *st,
		     const struct kh_sthash_key *key, const u8 *data,
		     size_t len)
{
	static const struct kh_simd_min minn = KH_NH_NEON_MIN;

	if (isa == KH_ISA_AUTO)
		isa = kh_sthash_isa();
	if (isa == KH_ISA_neon)
		return kh_nhpoly1305_update_neon(&st->nhp, &key->nhp, data,
						 len, min ?: &minn);
	return kh_nhpoly1305_update_generic(&st->nhp, &key->nhp, data, len);
}

static __always_inline int
kh_sthash_final_isa(enum kh_isa isa, const struct kh_simd_min *min,
		    struct kh_sthash_state *st,
		    const struct kh_sthash_key *key, u8 *out)
{
	return kh_sthash_final_generic(st, key, out);
}

#endif /* _KEYEDHASH_ARCH_ARM64_STHASH_H */
