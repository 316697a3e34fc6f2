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
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/simd.h>

/* The final per instruction set: wipes the state, returns 0. */
int kh_sthash_final_generic(struct kh_sthash_state *st,
			    const struct kh_sthash_key *key, u8 *out);
int kh_sthash_final_avx512(struct kh_sthash_state *st,
			   const struct kh_sthash_key *key, u8 *out,
			   const struct kh_simd_min *min);

/*
 * The instruction sets of this architecture: the keys and the dispatcher
 * (<keyedhash/internal/arch.h>).
 */
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
#include "arch/x86/sthash.h"
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
#include "arch/arm64/sthash.h"
#else
#include "arch/generic/sthash.h"
#endif

/* The library's calls: the module's choice, the library's thresholds. */
#define kh_sthash_update_arch(st, key, data, len)			\
	kh_sthash_update_isa(KH_ISA_AUTO, NULL, st, key, data, len)
#define kh_sthash_final_arch(st, key, out)				\
	kh_sthash_final_isa(KH_ISA_AUTO, NULL, st, key, out)

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
