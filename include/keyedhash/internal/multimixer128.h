/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Multimixer-128: what the implementations share, below the library API of
 * <keyedhash/multimixer128.h>.  Per instruction set an update function,
 * kh_multimixer128_update_<isa>(), and beneath it the block function
 * kh_multimixer128_blocks_<isa>() (assembly for SIMD).
 */
#ifndef _KEYEDHASH_INTERNAL_MULTIMIXER128_H
#define _KEYEDHASH_INTERNAL_MULTIMIXER128_H

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <keyedhash/multimixer128.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/drivers.h>
#include <keyedhash/internal/common.h>
#include <keyedhash/internal/simd.h>

/*
 * The block functions, kh_multimixer128_blocks_<isa>(): add the
 * contributions of @nblocks whole 32-byte message blocks at @msg, each
 * paired with the key block at the same index from @key, into the running
 * sums @h (mod 2^64 per word).  Blocks are independent, so an
 * implementation may keep any number of lane accumulators as long as it
 * adds them into @h before returning.  SIMD ones run inside a SIMD section.
 */
void kh_multimixer128_blocks_generic(u64 h[8], const u8 *key, const u8 *msg,
				     size_t nblocks);

/* Word @j of the block sum K_b + M_b (mod 2^32). */
static __always_inline u32 kh_multimixer128_word(const u8 *key, const u8 *msg,
						 unsigned int j)
{
	return get_unaligned_le32(key + 4 * j) +
	       get_unaligned_le32(msg + 4 * j);
}

/*
 * One block's eight products @z, in the generic C (lib/multimixer128.c
 * has the formula).  Inlined, with @z a caller's local array read and
 * written at constant indexes only, so that it stays in registers.
 */
static __always_inline void kh_multimixer128_products(u64 z[8], const u8 *key,
						      const u8 *msg)
{
	u32 x0 = kh_multimixer128_word(key, msg, 0);
	u32 x1 = kh_multimixer128_word(key, msg, 1);
	u32 x2 = kh_multimixer128_word(key, msg, 2);
	u32 x3 = kh_multimixer128_word(key, msg, 3);
	u32 y0 = kh_multimixer128_word(key, msg, 4);
	u32 y1 = kh_multimixer128_word(key, msg, 5);
	u32 y2 = kh_multimixer128_word(key, msg, 6);
	u32 y3 = kh_multimixer128_word(key, msg, 7);
	u32 sx = x0 + x1 + x2 + x3;
	u32 sy = y0 + y1 + y2 + y3;

	z[0] = (u64)x0 * y0;
	z[1] = (u64)x1 * y1;
	z[2] = (u64)x2 * y2;
	z[3] = (u64)x3 * y3;
	/* u[i] = sx - x[i+3], v[i] = sy - y[i] */
	z[4] = (u64)(sx - x3) * (sy - y0);
	z[5] = (u64)(sx - x0) * (sy - y1);
	z[6] = (u64)(sx - x1) * (sy - y2);
	z[7] = (u64)(sx - x2) * (sy - y3);
}

int kh_multimixer128_update_generic(struct kh_multimixer128_state *st,
				    const struct kh_multimixer128_key *key,
				    const u8 *data, size_t len);
int kh_multimixer128_update_avx2(struct kh_multimixer128_state *st,
				 const struct kh_multimixer128_key *key,
				 const u8 *data, size_t len,
				 const struct kh_simd_min *min);
int kh_multimixer128_update_avx512(struct kh_multimixer128_state *st,
				   const struct kh_multimixer128_key *key,
				   const u8 *data, size_t len,
				   const struct kh_simd_min *min);
int kh_multimixer128_update_neon(struct kh_multimixer128_state *st,
				 const struct kh_multimixer128_key *key,
				 const u8 *data, size_t len,
				 const struct kh_simd_min *min);

/*
 * The instruction sets of this architecture: KH_MULTIMIXER128_ISAS, their
 * block functions kh_multimixer128_blocks_isa() and their keys
 * (<keyedhash/internal/arch.h>).
 */
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
#include "arch/x86/multimixer128.h"
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
#include "arch/arm64/multimixer128.h"
#else
#include "arch/generic/multimixer128.h"
#endif

/* Without arch code: the generic C for every instruction set. */
#ifndef kh_multimixer128_blocks_isa
static __always_inline void
kh_multimixer128_blocks_isa(enum kh_isa isa, u64 h[8], const u8 *key,
			    const u8 *msg, size_t nblocks)
{
	kh_multimixer128_blocks_generic(h, key, msg, nblocks);
}
#endif

/*
 * The dispatcher, as kh_highwayhash_update_isa()
 * (<keyedhash/internal/highwayhash.h>); the library's thresholds are the
 * driver's of @isa.  The final is generic C everywhere (a store of the
 * sums).
 */
static __always_inline enum kh_isa kh_multimixer128_isa(void)
{
	if (kh_multimixer128_key(KH_ISA_avx512))
		return KH_ISA_avx512;
	if (kh_multimixer128_key(KH_ISA_avx2))
		return KH_ISA_avx2;
	if (kh_multimixer128_key(KH_ISA_neon))
		return KH_ISA_neon;
	return KH_ISA_generic;
}

static __always_inline int
kh_multimixer128_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			    struct kh_multimixer128_state *st,
			    const struct kh_multimixer128_key *key,
			    const u8 *data, size_t len)
{
	static const struct kh_simd_min min512 =
		KH_DRIVER_MIN(multimixer128_avx512);
	static const struct kh_simd_min min2 = KH_DRIVER_MIN(multimixer128_avx2);
	static const struct kh_simd_min minn = KH_DRIVER_MIN(multimixer128_neon);

	if (isa == KH_ISA_AUTO)
		isa = kh_multimixer128_isa();
	if (kh_isa_is(isa, KH_ISA_avx512, KH_MULTIMIXER128_ISAS))
		return kh_multimixer128_update_avx512(st, key, data, len,
						      min ?: &min512);
	if (kh_isa_is(isa, KH_ISA_avx2, KH_MULTIMIXER128_ISAS))
		return kh_multimixer128_update_avx2(st, key, data, len,
						    min ?: &min2);
	if (kh_isa_is(isa, KH_ISA_neon, KH_MULTIMIXER128_ISAS))
		return kh_multimixer128_update_neon(st, key, data, len,
						    min ?: &minn);
	return kh_multimixer128_update_generic(st, key, data, len);
}

/* The library's call: the module's choice, the library's thresholds. */
#define kh_multimixer128_update_arch(st, key, data, len)		\
	kh_multimixer128_update_isa(KH_ISA_AUTO, NULL, st, key, data, len)

/*
 * kh_multimixer128_init(), inlined where a driver starts a message: in
 * pieces of at most 32 bytes, since kernel code (no SSE) clears anything
 * longer with "rep stosq", whose start-up cost is a large part of a short
 * message's time; these become plain 8-byte stores.
 */
static __always_inline void
__kh_multimixer128_init(struct kh_multimixer128_state *st)
{
	memset(st->h, 0, 4 * sizeof(st->h[0]));
	memset(st->h + 4, 0, 4 * sizeof(st->h[0]));
	st->len = 0;
	memset(st->buf, 0, sizeof(st->buf));
}

/*
 * Whether @len more bytes fit the key: the message never outgrows it
 * (without overflow for any imported state).
 */
static inline bool
kh_multimixer128_fits(const struct kh_multimixer128_state *st,
		      const struct kh_multimixer128_key *key, size_t len)
{
	return st->len <= key->len && len <= key->len - st->len;
}

/*
 * A whole message of at most KH_MULTIMIXER128_SHORT bytes (one or two
 * blocks), a driver's digest() and kh_multimixer128(): the generic C with
 * the sums in registers from the first block to the digest, no state and
 * no SIMD section, which would cost more than such a message (make bench).
 * The errors of update() and final(): -EINVAL for the empty message, a
 * partial block, or more than the key.
 */
#define KH_MULTIMIXER128_SHORT	(2 * KH_MULTIMIXER128_BLOCK_SIZE)

int kh_multimixer128_digest_short(const struct kh_multimixer128_key *key,
				  const u8 *data, size_t len, u8 *out);

/*
 * The end of a driver's finup() or digest() whose update returned @err:
 * on an error (the message outgrew the key) the state is wiped and the
 * error returned, otherwise the final.
 */
static __always_inline int
kh_multimixer128_end(struct kh_multimixer128_state *st, int err, u8 *out)
{
	if (err) {
		kh_wipe_state(st, sizeof(*st));
		return err;
	}
	return kh_multimixer128_final(st, out);
}

/*
 * Absorb @len bytes with the block function of instruction set @isa, each
 * block with the key block at its own offset.  Always inlined: @isa, a
 * constant, leaves a direct call.
 */
static __always_inline void
kh_multimixer128_absorb(struct kh_multimixer128_state *st,
			const struct kh_multimixer128_key *key, const u8 *src,
			size_t len, enum kh_isa isa)
{
	unsigned int pos = st->len % KH_MULTIMIXER128_BLOCK_SIZE;
	/* a buffered partial block, if any, starts at key offset len & ~31 */
	const u8 *k = key->bytes + (st->len - pos);

	st->len += len;
	if (pos) {
		size_t n = min_t(size_t, len, KH_MULTIMIXER128_BLOCK_SIZE - pos);

		memcpy(st->buf + pos, src, n);
		if (pos + n < KH_MULTIMIXER128_BLOCK_SIZE)
			return;
		kh_multimixer128_blocks_isa(isa, st->h, k, st->buf, 1);
		k += KH_MULTIMIXER128_BLOCK_SIZE;
		src += n;
		len -= n;
	}
	if (len >= KH_MULTIMIXER128_BLOCK_SIZE) {
		kh_multimixer128_blocks_isa(isa, st->h, k, src,
					    len / KH_MULTIMIXER128_BLOCK_SIZE);
		src += len - len % KH_MULTIMIXER128_BLOCK_SIZE;
		len %= KH_MULTIMIXER128_BLOCK_SIZE;
	}
	if (len)
		memcpy(st->buf, src, len);
}

/*
 * A SIMD update: the key-length check, then as kh_highwayhash_update_simd()
 * (<keyedhash/internal/highwayhash.h>) with instruction set @isa.
 */
static __always_inline int
kh_multimixer128_update_simd(struct kh_multimixer128_state *st,
			     const struct kh_multimixer128_key *key,
			     const u8 *data, size_t len,
			     const struct kh_simd_min *min, enum kh_isa isa)
{
	struct kh_simd_save save;

	if (!kh_multimixer128_fits(st, key, len))
		return -EINVAL;
	if (!kh_simd_update_usable(len, st->len % KH_MULTIMIXER128_BLOCK_SIZE,
				   KH_MULTIMIXER128_BLOCK_SIZE, min))
		return kh_multimixer128_update_generic(st, key, data, len);
	while (len) {
		unsigned int pos = st->len % KH_MULTIMIXER128_BLOCK_SIZE;
		size_t n = kh_simd_piece(len, pos);

		if (pos + n < KH_MULTIMIXER128_BLOCK_SIZE)
			return kh_multimixer128_update_generic(st, key, data, n);
		kh_simd_begin(&save);
		kh_multimixer128_absorb(st, key, data, n, isa);
		kh_simd_end(&save);
		data += n;
		len -= n;
	}
	return 0;
}

#endif /* _KEYEDHASH_INTERNAL_MULTIMIXER128_H */
