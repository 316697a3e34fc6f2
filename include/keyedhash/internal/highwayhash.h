/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash: what the implementations share (lib/highwayhash.c, the
 * arch code, the shash drivers), below the library API of
 * <keyedhash/highwayhash.h>.
 *
 * Per instruction set (generic, avx2, neon) an update and a final function,
 * kh_highwayhash_update_<isa>() and kh_highwayhash_final_<isa>(); the SIMD
 * ones take the thresholds of their caller (struct kh_simd_min) and run the
 * generic C below them or wherever SIMD may not be used.  Beneath them the
 * block functions, kh_highwayhash_blocks_<isa>() (assembly for SIMD).
 */
#ifndef _KEYEDHASH_INTERNAL_HIGHWAYHASH_H
#define _KEYEDHASH_INTERNAL_HIGHWAYHASH_H

#include <linux/kernel.h>
#include <linux/string.h>
#include <keyedhash/highwayhash.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/drivers.h>
#include <keyedhash/internal/common.h>
#include <keyedhash/internal/simd.h>

void kh_highwayhash_blocks_generic(struct kh_highwayhash_state *st,
				   const u8 *src, size_t nblocks);

/*
 * The first half of the remainder step (UpdateRemainder of the reference
 * code, github.com/google/highwayhash), shared with the NEON finisher:
 * adjust v0/v1 for the n = len % 32 buffered bytes (n != 0) and build the
 * packet that is then absorbed like any other.
 */
void kh_highwayhash_remainder_prepare(struct kh_highwayhash_state *st,
				      u8 pkt[KH_HIGHWAYHASH_BLOCK_SIZE]);

/* PermuteAndUpdate rounds of the finalisation, per digest size. */
static inline unsigned int kh_highwayhash_final_rounds(unsigned int digestsize)
{
	return digestsize == KH_HIGHWAYHASH64_DIGEST_SIZE ? 4 :
	       digestsize == KH_HIGHWAYHASH128_DIGEST_SIZE ? 6 : 10;
}

/* The digest from the state after the rounds (Finalize64/128/256). */
void kh_highwayhash_emit(const struct kh_highwayhash_state *st, u8 *out,
			 unsigned int digestsize);

/*
 * Per instruction set.  final() writes @digestsize (8, 16 or 32) bytes and
 * wipes the state.  Both return 0: an int, so that the drivers end in a
 * tail call (with return thunks, every return of a function of its own
 * is one more thunked return; docs/design.md, "The data path").
 */
int kh_highwayhash_update_generic(struct kh_highwayhash_state *st,
				  const u8 *data, size_t len);
int kh_highwayhash_final_generic(struct kh_highwayhash_state *st, u8 *out,
				 unsigned int digestsize);
int kh_highwayhash_update_avx2(struct kh_highwayhash_state *st,
			       const u8 *data, size_t len,
			       const struct kh_simd_min *min);
int kh_highwayhash_final_avx2(struct kh_highwayhash_state *st, u8 *out,
			      unsigned int digestsize,
			      const struct kh_simd_min *min);
int kh_highwayhash_update_neon(struct kh_highwayhash_state *st,
			       const u8 *data, size_t len,
			       const struct kh_simd_min *min);
int kh_highwayhash_final_neon(struct kh_highwayhash_state *st, u8 *out,
			      unsigned int digestsize,
			      const struct kh_simd_min *min);

/*
 * A whole message (the drivers' digest(), the library's one-shot), per
 * instruction set: what init(), update() and final() do, in scratch state
 * @st, which is then wiped.  The SIMD ones take a message of at most
 * KH_SIMD_CHUNK bytes at or above their thresholds in one SIMD section
 * rather than two: AVX2 by the one-shot assembly, which keeps the state in
 * registers and leaves @st untouched; NEON its blocks straight from @data.
 * Returns 0.
 */
int kh_highwayhash_digest_generic(struct kh_highwayhash_state *st,
				  const struct kh_highwayhash_key *key,
				  const u8 *data, size_t len, u8 *out,
				  unsigned int digestsize);
int kh_highwayhash_digest_avx2(struct kh_highwayhash_state *st,
			       const struct kh_highwayhash_key *key,
			       const u8 *data, size_t len, u8 *out,
			       unsigned int digestsize,
			       const struct kh_simd_min *min);
/*
 * update() and final() of the last @len bytes; from a fresh state, a
 * message digest() takes in one section is taken so here too.
 */
int kh_highwayhash_finup_avx2(struct kh_highwayhash_state *st,
			      const u8 *data, size_t len, u8 *out,
			      unsigned int digestsize,
			      const struct kh_simd_min *min);
int kh_highwayhash_digest_neon(struct kh_highwayhash_state *st,
			       const struct kh_highwayhash_key *key,
			       const u8 *data, size_t len, u8 *out,
			       unsigned int digestsize,
			       const struct kh_simd_min *min);

/*
 * Many messages under one key, digests one after another at @out: the
 * generic C one at a time (lib/highwayhash_many.c); AVX2 two chains
 * interleaved, AVX-512 both in one zmm register (arch/x86/).
 */
int kh_highwayhash_digest_many_generic(const struct kh_highwayhash_key *key,
				       const u8 *const *data, const size_t *len,
				       size_t n, u8 *out, unsigned int digestsize);
int kh_highwayhash_digest_many_avx2(const struct kh_highwayhash_key *key,
				    const u8 *const *data, const size_t *len,
				    size_t n, u8 *out, unsigned int digestsize,
				    const struct kh_simd_min *min);
int kh_highwayhash_digest_many_avx512(const struct kh_highwayhash_key *key,
				      const u8 *const *data, const size_t *len,
				      size_t n, u8 *out, unsigned int digestsize,
				      const struct kh_simd_min *min);

/*
 * The instruction sets of this architecture: KH_HIGHWAYHASH_ISAS, their
 * block functions kh_highwayhash_blocks_isa() (@nblocks whole 32-byte
 * blocks, inside a SIMD section for SIMD) and their keys
 * (<keyedhash/internal/arch.h>).
 */
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
#include "arch/x86/highwayhash.h"
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
#include "arch/arm64/highwayhash.h"
#else
#include "arch/generic/highwayhash.h"
#endif

/*
 * What an architecture's header does not override: the generic C for
 * every instruction set, the buffered block and those from @src in two
 * calls.
 */
#ifndef kh_highwayhash_blocks_isa
static __always_inline void
kh_highwayhash_blocks_isa(enum kh_isa isa, struct kh_highwayhash_state *st,
			  const u8 *src, size_t nblocks)
{
	kh_highwayhash_blocks_generic(st, src, nblocks);
}
#endif

#ifndef kh_highwayhash_buf_blocks_isa
static __always_inline void
kh_highwayhash_buf_blocks_isa(enum kh_isa isa, struct kh_highwayhash_state *st,
			      const u8 *src, size_t nblocks)
{
	kh_highwayhash_blocks_isa(isa, st, st->buf, 1);
	kh_highwayhash_blocks_isa(isa, st, src, nblocks);
}
#endif

/*
 * The dispatcher, one for every architecture (<keyedhash/internal/arch.h>):
 * kh_highwayhash_isa() is the instruction set the keys chose, and
 * kh_highwayhash_<op>_isa(isa, min, ...) runs an operation on @isa:
 * KH_ISA_AUTO for that choice, any other value pins it (one this
 * architecture lacks: the generic C); @min NULL for the library's
 * thresholds, those of the driver of @isa and @digestsize
 * (<keyedhash/internal/drivers.h>), or the caller's.  With @isa and @min
 * constants it leaves one direct call.
 */
static __always_inline enum kh_isa kh_highwayhash_isa(void)
{
	if (kh_highwayhash_key(KH_ISA_avx2))
		return KH_ISA_avx2;
	if (kh_highwayhash_key(KH_ISA_neon))
		return KH_ISA_neon;
	return KH_ISA_generic;
}

#define kh_highwayhash_min(isa, digestsize) ({				\
	static const struct kh_simd_min min64 =				\
		KH_DRIVER_MIN(highwayhash64_##isa);			\
	static const struct kh_simd_min min128 =			\
		KH_DRIVER_MIN(highwayhash128_##isa);			\
	static const struct kh_simd_min min256 =			\
		KH_DRIVER_MIN(highwayhash256_##isa);			\
	unsigned int ds = (digestsize);					\
									\
	ds == KH_HIGHWAYHASH64_DIGEST_SIZE ? &min64 :			\
	ds == KH_HIGHWAYHASH128_DIGEST_SIZE ? &min128 : &min256;	\
})

static __always_inline int
kh_highwayhash_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			  struct kh_highwayhash_state *st, const u8 *data,
			  size_t len, unsigned int digestsize)
{
	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
	if (kh_isa_is(isa, KH_ISA_avx2, KH_HIGHWAYHASH_ISAS))
		return kh_highwayhash_update_avx2(st, data, len, min ?:
			kh_highwayhash_min(avx2, digestsize));
	if (kh_isa_is(isa, KH_ISA_neon, KH_HIGHWAYHASH_ISAS))
		return kh_highwayhash_update_neon(st, data, len, min ?:
			kh_highwayhash_min(neon, digestsize));
	return kh_highwayhash_update_generic(st, data, len);
}

static __always_inline int
kh_highwayhash_final_isa(enum kh_isa isa, const struct kh_simd_min *min,
			 struct kh_highwayhash_state *st, u8 *out,
			 unsigned int digestsize)
{
	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
	if (kh_isa_is(isa, KH_ISA_avx2, KH_HIGHWAYHASH_ISAS))
		return kh_highwayhash_final_avx2(st, out, digestsize, min ?:
			kh_highwayhash_min(avx2, digestsize));
	if (kh_isa_is(isa, KH_ISA_neon, KH_HIGHWAYHASH_ISAS))
		return kh_highwayhash_final_neon(st, out, digestsize, min ?:
			kh_highwayhash_min(neon, digestsize));
	return kh_highwayhash_final_generic(st, out, digestsize);
}

/*
 * A driver's finup(): update() of the last @len bytes and final(); AVX2
 * has one of its own.
 */
static __always_inline int
kh_highwayhash_finup_isa(enum kh_isa isa, const struct kh_simd_min *min,
			 struct kh_highwayhash_state *st, const u8 *data,
			 unsigned int len, u8 *out, unsigned int digestsize)
{
	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
	if (kh_isa_is(isa, KH_ISA_avx2, KH_HIGHWAYHASH_ISAS))
		return kh_highwayhash_finup_avx2(st, data, len, out, digestsize,
			min ?: kh_highwayhash_min(avx2, digestsize));
	if (len)
		kh_highwayhash_update_isa(isa, min, st, data, len, digestsize);
	return kh_highwayhash_final_isa(isa, min, st, out, digestsize);
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
	if (kh_isa_is(isa, KH_ISA_avx2, KH_HIGHWAYHASH_ISAS))
		return kh_highwayhash_digest_avx2(st, key, data, len, out,
			digestsize, min ?: kh_highwayhash_min(avx2, digestsize));
	if (kh_isa_is(isa, KH_ISA_neon, KH_HIGHWAYHASH_ISAS))
		return kh_highwayhash_digest_neon(st, key, data, len, out,
			digestsize, min ?: kh_highwayhash_min(neon, digestsize));
	return kh_highwayhash_digest_generic(st, key, data, len, out,
					     digestsize);
}

/* What an architecture without many-message code of its own has. */
#ifndef KH_HIGHWAYHASH_MANY_ISAS
#define KH_HIGHWAYHASH_MANY_ISAS	0
static __always_inline bool kh_highwayhash_many_key(enum kh_isa isa)
{
	return false;
}
#endif

/*
 * @n messages under @key (kh_highwayhash*_digest_many()): the module's
 * choice (KH_ISA_AUTO) adds AVX-512 to AVX2 where the module uses zmm
 * code; NEON and the generic C one message at a time.  The AVX2
 * thresholds for AVX-512, which has no driver of its own.
 */
static __always_inline int
kh_highwayhash_digest_many_isa(enum kh_isa isa, const struct kh_simd_min *min,
			       const struct kh_highwayhash_key *key,
			       const u8 *const *data, const size_t *len,
			       size_t n, u8 *out, unsigned int digestsize)
{
	struct kh_highwayhash_state st;
	size_t i;

	if (isa == KH_ISA_AUTO) {
		isa = kh_highwayhash_isa();
		if (isa == KH_ISA_avx2 && kh_highwayhash_many_key(KH_ISA_avx512))
			isa = KH_ISA_avx512;
	}
	if (kh_isa_is(isa, KH_ISA_avx512, KH_HIGHWAYHASH_MANY_ISAS))
		return kh_highwayhash_digest_many_avx512(key, data, len, n, out,
			digestsize, min ?: kh_highwayhash_min(avx2, digestsize));
	if (kh_isa_is(isa, KH_ISA_avx2, KH_HIGHWAYHASH_ISAS))
		return kh_highwayhash_digest_many_avx2(key, data, len, n, out,
			digestsize, min ?: kh_highwayhash_min(avx2, digestsize));
	if (!kh_isa_is(isa, KH_ISA_neon, KH_HIGHWAYHASH_ISAS))
		return kh_highwayhash_digest_many_generic(key, data, len, n,
							  out, digestsize);
	for (i = 0; i < n; i++)
		kh_highwayhash_digest_neon(&st, key, data[i], len[i],
					   out + i * digestsize, digestsize,
					   min ?: kh_highwayhash_min(neon, digestsize));
	return 0;
}

/* The library's calls: the module's choice, the library's thresholds. */
#define kh_highwayhash_update_arch(st, data, len, digestsize)		\
	kh_highwayhash_update_isa(KH_ISA_AUTO, NULL, st, data, len, digestsize)
#define kh_highwayhash_final_arch(st, out, digestsize)			\
	kh_highwayhash_final_isa(KH_ISA_AUTO, NULL, st, out, digestsize)
#define kh_highwayhash_digest_arch(st, key, data, len, out, digestsize)	\
	kh_highwayhash_digest_isa(KH_ISA_AUTO, NULL, st, key, data, len, out, \
				  digestsize)

/* The initial mul0 and mul1 (lib/highwayhash.c). */
extern const u64 kh_highwayhash_iv0[4];
extern const u64 kh_highwayhash_iv1[4];

/* kh_highwayhash_init(), inlined where a driver starts a message. */
static __always_inline void
__kh_highwayhash_init(struct kh_highwayhash_state *st,
		      const struct kh_highwayhash_key *key)
{
	memcpy(st->v0, key->v0, sizeof(st->v0));
	memcpy(st->v1, key->v1, sizeof(st->v1));
	memcpy(st->mul0, kh_highwayhash_iv0, sizeof(st->mul0));
	memcpy(st->mul1, kh_highwayhash_iv1, sizeof(st->mul1));
	st->len = 0;
	/* a copy (export) holds no bytes of an earlier message */
	memset(st->buf, 0, sizeof(st->buf));
}

/*
 * Absorb @len bytes with the block function of instruction set @isa:
 * complete a buffered block, whole blocks straight from @src, the tail into
 * the buffer.  Always inlined, so that @isa, a constant at every call,
 * leaves a direct call.
 */
static __always_inline void
kh_highwayhash_absorb(struct kh_highwayhash_state *st, const u8 *src,
		      size_t len, enum kh_isa isa)
{
	unsigned int pos = st->len % KH_HIGHWAYHASH_BLOCK_SIZE;

	st->len += len;
	if (pos) {
		size_t n = min_t(size_t, len, KH_HIGHWAYHASH_BLOCK_SIZE - pos);

		memcpy(st->buf + pos, src, n);
		if (pos + n < KH_HIGHWAYHASH_BLOCK_SIZE)
			return;
		src += n;
		len -= n;
		if (len >= KH_HIGHWAYHASH_BLOCK_SIZE) {
			/* the buffered block and whole ones: one call */
			kh_highwayhash_buf_blocks_isa(isa, st, src,
						      len / KH_HIGHWAYHASH_BLOCK_SIZE);
			src += len - len % KH_HIGHWAYHASH_BLOCK_SIZE;
			len %= KH_HIGHWAYHASH_BLOCK_SIZE;
		} else {
			kh_highwayhash_blocks_isa(isa, st, st->buf, 1);
		}
	}
	if (len >= KH_HIGHWAYHASH_BLOCK_SIZE) {
		kh_highwayhash_blocks_isa(isa, st, src,
					  len / KH_HIGHWAYHASH_BLOCK_SIZE);
		src += len - len % KH_HIGHWAYHASH_BLOCK_SIZE;
		len %= KH_HIGHWAYHASH_BLOCK_SIZE;
	}
	if (len)	/* a call in the kernel: not for nothing */
		memcpy(st->buf, src, len);
}

/*
 * A SIMD update: below the caller's threshold, for an update that only
 * fills the block buffer, or where SIMD may not be used, the generic C;
 * otherwise pieces of at most KH_SIMD_CHUNK bytes, each absorbed with
 * instruction set @isa in a SIMD section of its own (a last piece without a whole block
 * in none).
 */
static __always_inline int
kh_highwayhash_update_simd(struct kh_highwayhash_state *st, const u8 *data,
			   size_t len, const struct kh_simd_min *min,
			   enum kh_isa isa)
{
	struct kh_simd_save save;

	if (!kh_simd_update_usable(len, st->len % KH_HIGHWAYHASH_BLOCK_SIZE,
				   KH_HIGHWAYHASH_BLOCK_SIZE, min))
		return kh_highwayhash_update_generic(st, data, len);
	while (len) {
		unsigned int pos = st->len % KH_HIGHWAYHASH_BLOCK_SIZE;
		size_t n = kh_simd_piece(len, pos);

		if (pos + n < KH_HIGHWAYHASH_BLOCK_SIZE)
			return kh_highwayhash_update_generic(st, data, n);
		kh_simd_begin(&save);
		kh_highwayhash_absorb(st, data, n, isa);
		kh_simd_end(&save);
		data += n;
		len -= n;
	}
	return 0;
}

#endif /* _KEYEDHASH_INTERNAL_HIGHWAYHASH_H */
