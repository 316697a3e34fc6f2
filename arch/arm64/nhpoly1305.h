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
#include <keyedhash/internal/arch.h>

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

#define kh_nh_isa kh_nh_isa

DECLARE_STATIC_KEY_FALSE(kh_have_nhpoly1305_neon);

#define KH_NHPOLY1305_ISAS	KH_ISA_BIT(neon)

/* Whether the module runs instruction set @isa (a constant). */
static __always_inline bool kh_nhpoly1305_key(enum kh_isa isa)
{
	return isa == KH_ISA_neon &&
	       static_branch_likely(&kh_have_nhpoly1305_neon);
}

#endif /* _KEYEDHASH_ARCH_ARM64_NHPOLY1305_H */
