/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash of many messages on x86_64: two chains interleaved in AVX2
 * (highwayhash-many-avx2.S, highwayhash-many.c), both in one zmm register
 * in AVX-512 (highwayhash-many-avx512.S).  Included by
 * arch/x86/highwayhash.h alone, at its end.
 */
#ifndef _KEYEDHASH_ARCH_X86_HIGHWAYHASH_MANY_H
#define _KEYEDHASH_ARCH_X86_HIGHWAYHASH_MANY_H

/*
 * kh_highwayhash<N>_oneshot2_<isa>(): two whole messages (@a of @alen
 * bytes, @b of @blen) under the key whose v0 and v1 are at @v, the states
 * in registers throughout; the HighwayHash-<N> digests to @out and @out +
 * N / 8.  kh_highwayhash<N>_resume2_<isa>(): the same from the two states
 * st[0] and st[1] (whole blocks absorbed; only read), the last @alen and
 * @blen bytes to the digests.  Inside a SIMD section their caller holds,
 * which covers at most KH_SIMD_CHUNK bytes of the two.  AVX2: two chains
 * interleaved; AVX-512: both messages in one zmm register per state
 * vector.
 */
asmlinkage void kh_highwayhash64_oneshot2_avx2(const u64 *v,
					       const u8 *a, size_t alen,
					       const u8 *b, size_t blen,
					       u8 *out);
asmlinkage void kh_highwayhash64_resume2_avx2(const struct kh_highwayhash_state st[2],
					      const u8 *a, size_t alen,
					      const u8 *b, size_t blen,
					      u8 *out);
asmlinkage void kh_highwayhash128_oneshot2_avx2(const u64 *v,
						const u8 *a, size_t alen,
						const u8 *b, size_t blen,
						u8 *out);
asmlinkage void kh_highwayhash128_resume2_avx2(const struct kh_highwayhash_state st[2],
					       const u8 *a, size_t alen,
					       const u8 *b, size_t blen,
					       u8 *out);
asmlinkage void kh_highwayhash256_oneshot2_avx2(const u64 *v,
						const u8 *a, size_t alen,
						const u8 *b, size_t blen,
						u8 *out);
asmlinkage void kh_highwayhash256_resume2_avx2(const struct kh_highwayhash_state st[2],
					       const u8 *a, size_t alen,
					       const u8 *b, size_t blen,
					       u8 *out);
asmlinkage void kh_highwayhash64_oneshot2_avx512(const u64 *v,
						 const u8 *a, size_t alen,
						 const u8 *b, size_t blen,
						 u8 *out);
asmlinkage void kh_highwayhash64_resume2_avx512(const struct kh_highwayhash_state st[2],
						const u8 *a, size_t alen,
						const u8 *b, size_t blen,
						u8 *out);
asmlinkage void kh_highwayhash128_oneshot2_avx512(const u64 *v,
						  const u8 *a, size_t alen,
						  const u8 *b, size_t blen,
						  u8 *out);
asmlinkage void kh_highwayhash128_resume2_avx512(const struct kh_highwayhash_state st[2],
						 const u8 *a, size_t alen,
						 const u8 *b, size_t blen,
						 u8 *out);
asmlinkage void kh_highwayhash256_oneshot2_avx512(const u64 *v,
						  const u8 *a, size_t alen,
						  const u8 *b, size_t blen,
						  u8 *out);
asmlinkage void kh_highwayhash256_resume2_avx512(const struct kh_highwayhash_state st[2],
						 const u8 *a, size_t alen,
						 const u8 *b, size_t blen,
						 u8 *out);
/*
 * @nblocks (at least one) whole blocks from @srca into @a and from @srcb
 * into @b, interleaved; @a's and @b's buffers and lengths untouched.
 */
asmlinkage void kh_highwayhash_blocks2_avx2(struct kh_highwayhash_state *a,
					    struct kh_highwayhash_state *b,
					    const u8 *srca, const u8 *srcb,
					    size_t nblocks);
asmlinkage void kh_highwayhash_blocks2_avx512(struct kh_highwayhash_state *a,
					      struct kh_highwayhash_state *b,
					      const u8 *srca, const u8 *srcb,
					      size_t nblocks);

/*
 * AVX-512 with AVX512BW where the module uses zmm code (kh_arch_init()):
 * the AVX2 instruction set's many-message function then runs the AVX-512
 * pairs; the single-message code has no AVX-512 (docs/design.md).
 */
DECLARE_STATIC_KEY_FALSE(kh_have_highwayhash_many_avx512);

/*
 * The many-message instruction sets beyond the single-message ones
 * (KH_HIGHWAYHASH_ISAS) and whether the module uses one: the
 * dispatcher's kh_highwayhash_digest_many_isa() (internal/highwayhash.h).
 */
#ifdef KH_NO_AS_AVX512
#define KH_HIGHWAYHASH_MANY_ISAS	0
#else
#define KH_HIGHWAYHASH_MANY_ISAS	KH_ISA_BIT(avx512)
#endif
static __always_inline bool kh_highwayhash_many_key(enum kh_isa isa)
{
	return kh_isa_is(isa, KH_ISA_avx512, KH_HIGHWAYHASH_MANY_ISAS) &&
	       static_branch_likely(&kh_have_highwayhash_many_avx512);
}

#endif /* _KEYEDHASH_ARCH_X86_HIGHWAYHASH_MANY_H */
