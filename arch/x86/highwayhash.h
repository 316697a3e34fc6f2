/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash on x86_64: AVX2 (highwayhash-avx2.S).  Included by
 * <keyedhash/internal/highwayhash.h> alone (see
 * <keyedhash/internal/arch.h>), after its types and prototypes.
 */
#ifndef _KEYEDHASH_ARCH_X86_HIGHWAYHASH_H
#define _KEYEDHASH_ARCH_X86_HIGHWAYHASH_H

#include <linux/jump_label.h>
#include <linux/linkage.h>
#include <keyedhash/internal/drivers.h>

/* The assembly, inside a SIMD section its caller holds. */
asmlinkage void kh_highwayhash_blocks_avx2(struct kh_highwayhash_state *st,
					   const u8 *src, size_t nblocks);
/*
 * The end of a message from the state: the remainder step of the @n =
 * len % 32 bytes in its buffer, the permute rounds and the output of
 * @digestsize bytes.
 */
asmlinkage void kh_highwayhash_finish_avx2(struct kh_highwayhash_state *st,
					   u8 *out, unsigned int digestsize,
					   unsigned int n);

/* The buffered block, then @nblocks (at least one) from @src. */
asmlinkage void kh_highwayhash_buf_blocks_avx2(struct kh_highwayhash_state *st,
					       const u8 *src, size_t nblocks);
/*
 * A whole message from v0 and v1 of a new message (@v: a prepared key's
 * v0 then v1, or a fresh state's), the state in registers throughout:
 * inside a SIMD section its caller holds, at most KH_SIMD_CHUNK bytes.
 */
asmlinkage void kh_highwayhash_oneshot_avx2(const u64 *v, const u8 *data,
					    size_t len, u8 *out,
					    unsigned int digestsize);

/* @nblocks whole blocks with instruction set @isa (a constant). */
static __always_inline void
kh_highwayhash_blocks_isa(enum kh_isa isa, struct kh_highwayhash_state *st,
			  const u8 *src, size_t nblocks)
{
	if (isa == KH_ISA_avx2)
		kh_highwayhash_blocks_avx2(st, src, nblocks);
	else
		kh_highwayhash_blocks_generic(st, src, nblocks);
}

/*
 * The block the buffer holds, then @nblocks (at least one) from @src; for
 * AVX2 in one call.
 */
static __always_inline void
kh_highwayhash_buf_blocks_isa(enum kh_isa isa, struct kh_highwayhash_state *st,
			      const u8 *src, size_t nblocks)
{
	if (isa == KH_ISA_avx2) {
		kh_highwayhash_buf_blocks_avx2(st, src, nblocks);
	} else {
		kh_highwayhash_blocks_generic(st, st->buf, 1);
		kh_highwayhash_blocks_generic(st, src, nblocks);
	}
}

/*
 * The end of a message, all in AVX2.  Inside a SIMD section its caller
 * holds; leaves the state spent.
 */
static inline void kh_highwayhash_tail_avx2(struct kh_highwayhash_state *st,
					    u8 *out, unsigned int digestsize)
{
	/* the assembly reads the state words at fixed offsets */
	BUILD_BUG_ON(offsetof(struct kh_highwayhash_state, v1) != 32 ||
		     offsetof(struct kh_highwayhash_state, mul0) != 64 ||
		     offsetof(struct kh_highwayhash_state, mul1) != 96 ||
		     offsetof(struct kh_highwayhash_state, buf) != 128);

	kh_highwayhash_finish_avx2(st, out, digestsize,
				   st->len % KH_HIGHWAYHASH_BLOCK_SIZE);
}

DECLARE_STATIC_KEY_FALSE(kh_have_highwayhash_avx2);

/*
 * The thresholds.  .task: the first section of a user task's system call
 * saves its FPU registers, which costs more on some CPUs than on others:
 * the values are the crossings of the machine where it cost most, so they
 * are not too low elsewhere; .kthread: a section costs only its light
 * part (docs/design.md, "SIMD sections and thresholds"; the costs of the
 * last run: docs/performance-results.md).  HighwayHash-128/256 gain even
 * on 16 bytes: their finalisation alone costs the generic C more.  Each digest size has its
 * own state type, so the library knows the size from the start.
 */
#define KH_HIGHWAYHASH64_AVX2_MIN	{ .task = 128, .kthread = 0 }
#define KH_HIGHWAYHASH_AVX2_MIN		{ .task = 0, .kthread = 0 }

/* The library's thresholds of a digest size. */
static __always_inline const struct kh_simd_min *
kh_highwayhash_avx2_min(unsigned int digestsize)
{
	static const struct kh_simd_min min64 = KH_HIGHWAYHASH64_AVX2_MIN;
	static const struct kh_simd_min min128 = KH_HIGHWAYHASH_AVX2_MIN;

	return digestsize == KH_HIGHWAYHASH64_DIGEST_SIZE ? &min64 : &min128;
}

static __always_inline enum kh_isa kh_highwayhash_isa(void)
{
	if (static_branch_likely(&kh_have_highwayhash_avx2))
		return KH_ISA_avx2;
	return KH_ISA_generic;
}

static __always_inline int
kh_highwayhash_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			  struct kh_highwayhash_state *st, const u8 *data,
			  size_t len, unsigned int digestsize)
{
	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
	if (isa == KH_ISA_avx2)
		return kh_highwayhash_update_avx2(st, data, len, min ?:
			kh_highwayhash_avx2_min(digestsize));
	return kh_highwayhash_update_generic(st, data, len);
}

static __always_inline int
kh_highwayhash_final_isa(enum kh_isa isa, const struct kh_simd_min *min,
			 struct kh_highwayhash_state *st, u8 *out,
			 unsigned int digestsize)
{
	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
	if (isa == KH_ISA_avx2)
		return kh_highwayhash_final_avx2(st, out, digestsize, min ?:
			kh_highwayhash_avx2_min(digestsize));
	return kh_highwayhash_final_generic(st, out, digestsize);
}

static __always_inline int
kh_highwayhash_digest_isa(enum kh_isa isa, const struct kh_simd_min *min,
			  struct kh_highwayhash_state *st,
			  const struct kh_highwayhash_key *key,
			  const u8 *data, size_t len, u8 *out,
			  unsigned int digestsize)
{
	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
	if (isa == KH_ISA_avx2)
		return kh_highwayhash_digest_avx2(st, key, data, len, out,
			digestsize, min ?: kh_highwayhash_avx2_min(digestsize));
	return kh_highwayhash_digest_generic(st, key, data, len, out,
					     digestsize);
}

/* many messages at once: kh_highwayhash_digest_many_isa() */
#include "arch/x86/highwayhash-many.h"

#endif /* _KEYEDHASH_ARCH_X86_HIGHWAYHASH_H */
