/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash-64/128/256 (Alakuijala, Cox, Wassenberg; frozen January 2018).
 * Byte output as github.com/minio/highwayhash v1.0.4: result words written
 * little-endian, word 0 first.
 */
#ifndef _KEYEDHASH_HIGHWAYHASH_H
#define _KEYEDHASH_HIGHWAYHASH_H

#include <linux/types.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/simd.h>

#define HH_KEY_SIZE		32
#define HH_PACKET_SIZE		32
#define HH64_DIGEST_SIZE	8
#define HH128_DIGEST_SIZE	16
#define HH256_DIGEST_SIZE	32

/* The tfm context: the keyed initial v0 and v1 (mul0/mul1 start as constants). */
struct hh_key {
	u64 v0[4];
	u64 v1[4];
};

/*
 * The request state.  The 16 state words come first, in the order the
 * assembly block functions expect.  @len counts every byte absorbed, so the
 * number of buffered bytes is len % 32 and any imported state is valid.
 */
struct hh_state {
	u64 v0[4];
	u64 v1[4];
	u64 mul0[4];
	u64 mul1[4];
	u8 buf[HH_PACKET_SIZE];
	u64 len;
};

/*
 * The block functions, per instruction set (generic C in
 * core/highwayhash.c, SIMD in arch/; a SIMD driver's run inside a SIMD
 * section):
 *	blocks(st, src, nblocks)	absorb @nblocks whole 32-byte packets
 *	finish(st, out, digestsize)	the remainder step (if len % 32), the
 *					permute rounds and the output of
 *					@digestsize (8, 16 or 32) bytes; leaves
 *					the state spent
 */
void kh_hh_blocks_generic(struct hh_state *st, const u8 *src, size_t nblocks);
void kh_hh_finish_generic(struct hh_state *st, u8 *out, unsigned int digestsize);

/*
 * The first half of the remainder step (UpdateRemainder of the reference
 * code, github.com/google/highwayhash), shared with the SIMD finishers:
 * adjust v0/v1 for the n = len % 32 buffered bytes (n != 0) and build the
 * packet that is then absorbed like any other.
 */
void kh_hh_remainder_prepare(struct hh_state *st, u8 pkt[HH_PACKET_SIZE]);
/* Only the packet of that step, for finishers that adjust v0/v1 themselves. */
void kh_hh_remainder_packet(const struct hh_state *st, u8 pkt[HH_PACKET_SIZE]);

/*
 * The finalisation after the remainder step, split for the SIMD finishers:
 * hh_final_rounds() PermuteAndUpdate rounds, then kh_hh_emit() writes the
 * digest from the state (in C), as the reference code's Finalize64/128/256.
 */
static inline unsigned int hh_final_rounds(unsigned int digestsize)
{
	return digestsize == HH64_DIGEST_SIZE ? 4 :
	       digestsize == HH128_DIGEST_SIZE ? 6 : 10;
}

void kh_hh_emit(const struct hh_state *st, u8 *out, unsigned int digestsize);

/* What every HighwayHash driver shares (core/highwayhash.c). */
int kh_hh_setkey(void *ctx, const u8 *key, unsigned int keylen);
void kh_hh_init(const void *ctx, void *state);

/* The generic driver's state machine (core/highwayhash.c). */
extern const struct kh_alg_ops kh_highwayhash_generic_ops;

/*
 * The update step: absorb @len bytes into @st (a struct hh_state) with the
 * block function @blocks (@st as its first argument).  Each driver passes
 * its own @blocks, a direct call once this is inlined.
 */
static __always_inline void
kh_hh_absorb(void *st, const u8 *src, unsigned int len,
	     void (*blocks)(void *st, const u8 *src, size_t nblocks))
{
	struct hh_state *s = st;
	unsigned int pos = s->len % HH_PACKET_SIZE;

	s->len += len;
	kh_update_blocks(s->buf, HH_PACKET_SIZE, pos, src, len, blocks, s);
}

static inline void kh_hh_generic_blocks(void *st, const u8 *src, size_t n)
{
	kh_hh_blocks_generic(st, src, n);
}

static inline void kh_hh_generic_piece(void *st, const u8 *src,
				       unsigned int len)
{
	kh_hh_absorb(st, src, len, kh_hh_generic_blocks);
}

/*
 * A SIMD driver's update(): @len bytes in SIMD sections, each piece
 * absorbed by @piece (kh_hh_absorb() with the driver's block function),
 * or in generic C below the driver's threshold (kh_simd_update()).
 */
static __always_inline int
kh_hh_simd_update(const struct kh_impl *impl, void *state, const u8 *src,
		  unsigned int len,
		  void (*piece)(void *st, const u8 *src, unsigned int len))
{
	struct hh_state *st = state;

	kh_simd_update(st, src, len, st->len % HH_PACKET_SIZE, HH_PACKET_SIZE,
		       kh_simd_min(&impl->simd_min), piece,
		       kh_hh_generic_piece);
	return 0;
}

/*
 * A SIMD driver's final(): @finish (the driver's finish block function) in
 * one SIMD section, or the generic C for a message below the driver's
 * threshold or where SIMD may not be used.
 */
static __always_inline int
kh_hh_simd_final(const struct kh_impl *impl, void *state, u8 *out,
		 void (*finish)(struct hh_state *st, u8 *out,
				unsigned int digestsize))
{
	struct hh_state *st = state;
	struct kh_simd_save save;

	if (!kh_simd_final_usable(st->len, &impl->simd_min)) {
		kh_hh_finish_generic(st, out, impl->digestsize);
		return 0;
	}
	kh_simd_begin(&save);
	finish(st, out, impl->digestsize);
	kh_simd_end(&save);
	return 0;
}

#endif /* _KEYEDHASH_HIGHWAYHASH_H */
