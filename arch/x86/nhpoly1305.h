/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The NH-then-Poly1305 stream of NHPoly1305 and STHash on x86_64: NH in
 * AVX2 (nh-avx2.S) and AVX-512 (nh-avx512.S, where the assembler knows it:
 * Kbuild defines KH_NO_AS_AVX512 where it does not).  Included by
 * <keyedhash/internal/nhpoly1305.h> alone (see
 * <keyedhash/internal/arch.h>), after its types and prototypes.
 */
#ifndef _KEYEDHASH_ARCH_X86_NHPOLY1305_H
#define _KEYEDHASH_ARCH_X86_NHPOLY1305_H

#include <linux/jump_label.h>
#include <linux/linkage.h>
#include <keyedhash/internal/arch.h>

/* The assembly, inside a SIMD section its caller holds: NH of kh_nh_isa(). */
asmlinkage void kh_nh_avx2(const u32 *key, const u8 *msg, size_t len,
			   u64 hash[KH_NH_NUM_PASSES]);
asmlinkage void kh_nh_chunks_avx2(const u32 *key, const u8 *msg,
				  size_t nchunks,
				  u64 hashes[][KH_NH_NUM_PASSES]);
asmlinkage void kh_nh_avx512(const u32 *key, const u8 *msg, size_t len,
			     u64 hash[KH_NH_NUM_PASSES]);
asmlinkage void kh_nh_chunks_avx512(const u32 *key, const u8 *msg,
				    size_t nchunks,
				    u64 hashes[][KH_NH_NUM_PASSES]);

/* NH with instruction set @isa (a constant): see kh_nh_isa(). */
static __always_inline void kh_nh_isa(enum kh_isa isa, const u32 *key,
				      const u8 *msg, size_t len,
				      u64 hash[KH_NH_NUM_PASSES])
{
#ifndef KH_NO_AS_AVX512
	if (isa == KH_ISA_avx512) {
		kh_nh_avx512(key, msg, len, hash);
		return;
	}
#endif
	if (isa == KH_ISA_avx2)
		kh_nh_avx2(key, msg, len, hash);
	else
		kh_nh_generic(key, msg, len, hash);
}

#define kh_nh_isa kh_nh_isa

/* Whether @isa has an NH of whole chunks: both SIMD ones here. */
static __always_inline bool kh_nh_has_chunks(enum kh_isa isa)
{
	return isa == KH_ISA_avx2 || isa == KH_ISA_avx512;
}

#define kh_nh_has_chunks kh_nh_has_chunks

/* Whole chunks, for an @isa of kh_nh_has_chunks(): see kh_nh_chunks_isa(). */
static __always_inline void
kh_nh_chunks_isa(enum kh_isa isa, const u32 *key, const u8 *msg,
		 size_t nchunks, u64 hashes[][KH_NH_NUM_PASSES])
{
#ifndef KH_NO_AS_AVX512
	if (isa == KH_ISA_avx512) {
		kh_nh_chunks_avx512(key, msg, nchunks, hashes);
		return;
	}
#endif
	kh_nh_chunks_avx2(key, msg, nchunks, hashes);
}

#define kh_nh_chunks_isa kh_nh_chunks_isa

DECLARE_STATIC_KEY_FALSE(kh_have_nhpoly1305_avx2);

/*
 * NHPoly1305 itself has AVX2 alone: below the kernel's own drivers, it has
 * no AVX-512 one (<keyedhash/internal/drivers.h>).
 */
#define KH_NHPOLY1305_ISAS	KH_ISA_BIT(avx2)

/* Whether the module runs instruction set @isa (a constant). */
static __always_inline bool kh_nhpoly1305_key(enum kh_isa isa)
{
	return isa == KH_ISA_avx2 &&
	       static_branch_likely(&kh_have_nhpoly1305_avx2);
}

#endif /* _KEYEDHASH_ARCH_X86_NHPOLY1305_H */
