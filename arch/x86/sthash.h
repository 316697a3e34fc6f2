/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STHash on x86_64: the NH stream in AVX2 or AVX-512
 * (arch/x86/nhpoly1305.h), and with AVX-512 the Keccak-f[1600] of the
 * output step (keccak-avx512.S).  Included by <keyedhash/internal/sthash.h>
 * alone (see <keyedhash/internal/arch.h>), after its
 * types and prototypes.
 */
#ifndef _KEYEDHASH_ARCH_X86_STHASH_H
#define _KEYEDHASH_ARCH_X86_STHASH_H

#include <linux/jump_label.h>
#include <linux/linkage.h>
#include <keyedhash/internal/drivers.h>
#include <keyedhash/internal/keccak.h>

/* The assembly, inside a SIMD section its caller holds. */
asmlinkage void kh_keccakf1600_avx512(u64 st[KH_KECCAK_LANES]);

DECLARE_STATIC_KEY_FALSE(kh_have_sthash_avx2);
DECLARE_STATIC_KEY_FALSE(kh_have_sthash_avx512);

/*
 * The thresholds: the NH stream's with AVX2 (KH_NH_AVX2_MIN); with the
 * AVX-512 Keccak it gains even on 16 bytes, whose finalisation alone costs
 * the generic C more.
 */
#define KH_STHASH_AVX512_MIN		{ .task = 0, .kthread = 0 }

static __always_inline enum kh_isa kh_sthash_isa(void)
{
	if (static_branch_likely(&kh_have_sthash_avx512))
		return KH_ISA_avx512;
	if (static_branch_likely(&kh_have_sthash_avx2))
		return KH_ISA_avx2;
	return KH_ISA_generic;
}

static __always_inline int
kh_sthash_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
		     struct kh_sthash_state *st,
		     const struct kh_sthash_key *key, const u8 *data,
		     size_t len)
{
#ifndef KH_NO_AS_AVX512
	static const struct kh_simd_min min512 = KH_STHASH_AVX512_MIN;
#endif
	static const struct kh_simd_min min2 = KH_NH_AVX2_MIN;

	if (isa == KH_ISA_AUTO)
		isa = kh_sthash_isa();
#ifndef KH_NO_AS_AVX512
	if (isa == KH_ISA_avx512)
		return kh_nhpoly1305_update_avx512(&st->nhp, &key->nhp, data,
						   len, min ?: &min512);
#endif
	if (isa == KH_ISA_avx2)
		return kh_nhpoly1305_update_avx2(&st->nhp, &key->nhp, data,
						 len, min ?: &min2);
	return kh_nhpoly1305_update_generic(&st->nhp, &key->nhp, data, len);
}

/* AVX-512 is the only instruction set with a final of its own. */
static __always_inline int
kh_sthash_final_isa(enum kh_isa isa, const struct kh_simd_min *min,
		    struct kh_sthash_state *st,
		    const struct kh_sthash_key *key, u8 *out)
{
#ifndef KH_NO_AS_AVX512
	static const struct kh_simd_min min512 = KH_STHASH_AVX512_MIN;

	if (isa == KH_ISA_AUTO ?
	    static_branch_likely(&kh_have_sthash_avx512) : isa == KH_ISA_avx512)
		return kh_sthash_final_avx512(st, key, out, min ?: &min512);
#endif
	return kh_sthash_final_generic(st, key, out);
}

#endif /* _KEYEDHASH_ARCH_X86_STHASH_H */
