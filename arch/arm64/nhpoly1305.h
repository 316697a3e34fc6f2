/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The NH-then-Poly1305 stream of NHPoly1305 and STHash on arm64: NH in
 * NEON (nh-neon.S).  Included by <keyedhash/internal/nhpoly1305.h> alone
 * (see <keyedhash/internal/arch.h>), after its types
 * and prototypes.
 */
#ifndef _KEYEDHASH_ARCH_ARM64_NHPOLY1305_H
#define _KEYEDHASH_ARCH_ARM64_NHPOLY1305_H

#include <linux/jump_label.h>
#include <linux/linkage.h>
#include <keyedhash/internal/drivers.h>

/* The assembly, inside a SIMD section its caller holds: NH of kh_nh_isa(). */
asmlinkage void kh_nh_neon(const u32 *key, const u8 *msg, size_t len,
			   u64 hash[KH_NH_NUM_PASSES]);

/* NH with instruction set @isa (a constant): see kh_nh_isa(). */
static __always_inline void kh_nh_isa(enum kh_isa isa, const u32 *key,
				      const u8 *msg, size_t len,
				      u64 hash[KH_NH_NUM_PASSES])
{
	if (isa == KH_ISA_neon)
		kh_nh_neon(key, msg, len, hash);
	else
		kh_nh_generic(key, msg, len, hash);
}

/* No NH of whole chunks here: one chunk at a time. */
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

DECLARE_STATIC_KEY_FALSE(kh_have_nhpoly1305_neon);

/*
 * The thresholds of the NH stream, for NHPoly1305 and STHash alike: the
 * x86 values, untimed on arm64 (see arch/arm64/highwayhash.h).
 */
#define KH_NH_NEON_MIN			{ .task = 768, .kthread = 32 }

/*
 * NHPoly1305: its final hashes the last unit with the generic NH (one unit
 * costs less than a SIMD section).
 */
static __always_inline enum kh_isa kh_nhpoly1305_isa(void)
{
	if (static_branch_likely(&kh_have_nhpoly1305_neon))
		return KH_ISA_neon;
	return KH_ISA_generic;
}

static __always_inline int
kh_nhpoly1305_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			 struct kh_nhpoly1305_state *st,
			 const struct kh_nhpoly1305_key *key,
			 const u8 *data, size_t len)
{
	static const struct kh_simd_min minn = KH_NH_NEON_MIN;

	if (isa == KH_ISA_AUTO)
		isa = kh_nhpoly1305_isa();
	if (isa == KH_ISA_neon)
		return kh_nhpoly1305_update_neon(st, key, data, len,
						 min ?: &minn);
	return kh_nhpoly1305_update_generic(st, key, data, len);
}

#endif /* _KEYEDHASH_ARCH_ARM64_NHPOLY1305_H */
