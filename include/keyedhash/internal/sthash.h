/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STHash: what the implementations share, below the library API of
 * <keyedhash/sthash.h>.  Its update is the NH stream's
 * (kh_nhpoly1305_update_<isa>(), <keyedhash/internal/nhpoly1305.h>); its
 * final per instruction set is kh_sthash_final_<isa>(), which differ only
 * in the one Keccak-f[1600] permutation of the output step.
 */
#ifndef _KEYEDHASH_INTERNAL_STHASH_H
#define _KEYEDHASH_INTERNAL_STHASH_H

#include <linux/string.h>
#include <linux/unaligned.h>
#include <keyedhash/sthash.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/drivers.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/simd.h>

/* The final per instruction set: wipes the state, returns 0. */
int kh_sthash_final_generic(struct kh_sthash_state *st,
			    const struct kh_sthash_key *key, u8 *out);
int kh_sthash_final_avx512(struct kh_sthash_state *st,
			   const struct kh_sthash_key *key, u8 *out,
			   const struct kh_simd_min *min);

/*
 * The instruction sets of this architecture: KH_STHASH_ISAS and their keys
 * (<keyedhash/internal/arch.h>).
 */
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
#include "arch/x86/sthash.h"
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
#include "arch/arm64/sthash.h"
#else
#include "arch/generic/sthash.h"
#endif

/*
 * The dispatcher, as kh_highwayhash_update_isa()
 * (<keyedhash/internal/highwayhash.h>): the update is the NH stream's of
 * @isa, the library's thresholds are the sthash driver's of @isa.
 */
static __always_inline enum kh_isa kh_sthash_isa(void)
{
	if (kh_sthash_key(KH_ISA_avx512))
		return KH_ISA_avx512;
	if (kh_sthash_key(KH_ISA_avx2))
		return KH_ISA_avx2;
	if (kh_sthash_key(KH_ISA_neon))
		return KH_ISA_neon;
	return KH_ISA_generic;
}

static __always_inline int
kh_sthash_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
		     struct kh_sthash_state *st,
		     const struct kh_sthash_key *key, const u8 *data,
		     size_t len)
{
	static const struct kh_simd_min min512 = KH_DRIVER_MIN(sthash_avx512);
	static const struct kh_simd_min min2 = KH_DRIVER_MIN(sthash_avx2);
	static const struct kh_simd_min minn = KH_DRIVER_MIN(sthash_neon);

	if (isa == KH_ISA_AUTO)
		isa = kh_sthash_isa();
	if (kh_isa_is(isa, KH_ISA_avx512, KH_STHASH_ISAS))
		return kh_nhpoly1305_update_avx512(&st->nhp, &key->nhp, data,
						   len, min ?: &min512);
	if (kh_isa_is(isa, KH_ISA_avx2, KH_STHASH_ISAS))
		return kh_nhpoly1305_update_avx2(&st->nhp, &key->nhp, data,
						 len, min ?: &min2);
	if (kh_isa_is(isa, KH_ISA_neon, KH_STHASH_ISAS))
		return kh_nhpoly1305_update_neon(&st->nhp, &key->nhp, data,
						 len, min ?: &minn);
	return kh_nhpoly1305_update_generic(&st->nhp, &key->nhp, data, len);
}

/*
 * AVX-512 is the only instruction set with a final of its own: for
 * KH_ISA_AUTO its key alone is tested.
 */
static __always_inline int
kh_sthash_final_isa(enum kh_isa isa, const struct kh_simd_min *min,
		    struct kh_sthash_state *st,
		    const struct kh_sthash_key *key, u8 *out)
{
	static const struct kh_simd_min min512 = KH_DRIVER_MIN(sthash_avx512);

	if (isa == KH_ISA_AUTO && kh_sthash_key(KH_ISA_avx512))
		isa = KH_ISA_avx512;
	if (kh_isa_is(isa, KH_ISA_avx512, KH_STHASH_ISAS))
		return kh_sthash_final_avx512(st, key, out, min ?: &min512);
	return kh_sthash_final_generic(st, key, out);
}

/* The library's calls: the module's choice, the library's thresholds. */
#define kh_sthash_update_arch(st, key, data, len)			\
	kh_sthash_update_isa(KH_ISA_AUTO, NULL, st, key, data, len)
#define kh_sthash_final_arch(st, key, out)				\
	kh_sthash_final_isa(KH_ISA_AUTO, NULL, st, key, out)

/* kh_sthash_init(), inlined where a driver starts a message. */
static __always_inline void __kh_sthash_init(struct kh_sthash_state *st)
{
	kh_nhpoly1305_stream_init(&st->nhp);
}

/*
 * The output step up to its permutation: close the stream, then absorb
 * LE64(length) || the Poly1305 value into a copy of the KMAC sponge @kmac
 * and pad it.  The caller permutes kmac->st once and calls
 * kh_sthash_final_squeeze(): the 32-byte output needs no further
 * permutation.
 */
static __always_inline void
kh_sthash_final_absorb(struct kh_sthash_state *st,
		       const struct kh_sthash_key *key,
		       struct kh_keccak128 *kmac)
{
	u8 x[8 + KH_POLY1305_DIGEST_SIZE];

	BUILD_BUG_ON(KH_STHASH_DIGEST_SIZE > KH_KECCAK128_RATE);

	kh_nhpoly1305_finish(&key->nhp, &st->nhp);
	put_unaligned_le64(st->nhp.len, x);
	kh_poly1305_emit(&st->nhp.poly, x + 8, KH_POLY1305_EMIT_STHASH);

	*kmac = key->kmac;
	kh_keccak128_absorb(kmac, x, sizeof(x));
	kh_kmac128_final_pad(kmac, KH_STHASH_DIGEST_SIZE);
	memzero_explicit(x, sizeof(x));
}

static __always_inline void
kh_sthash_final_squeeze(struct kh_keccak128 *kmac, u8 *out)
{
	kh_keccak128_squeeze(kmac, out, KH_STHASH_DIGEST_SIZE);
	memzero_explicit(kmac, sizeof(*kmac));
}

#endif /* _KEYEDHASH_INTERNAL_STHASH_H */
