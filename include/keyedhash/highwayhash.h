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

/**
 * struct hh_arch_ops - HighwayHash block functions for one instruction set
 *	(a SIMD driver's run inside a SIMD section)
 * @blocks:	absorb @nblocks whole 32-byte packets
 * @finish:	remainder step (if len % 32), the permute rounds and the output
 *		of @digestsize (8, 16 or 32) bytes; leaves the state spent
 */
struct hh_arch_ops {
	void (*blocks)(struct hh_state *st, const u8 *src, size_t nblocks);
	void (*finish)(struct hh_state *st, u8 *out, unsigned int digestsize);
};

extern const struct kh_alg_ops hh_alg_ops;
extern const struct hh_arch_ops hh_generic_ops;

/* What every instantiation of the state machine shares (core/highwayhash.c). */
int hh_setkey(void *ctx, const u8 *key, unsigned int keylen);
void hh_init(const void *ctx, void *state);
#define HH_ALG_OPS_COMMON					\
	.ctxsize = sizeof(struct hh_key),			\
	.statesize = sizeof(struct hh_state),			\
	.min_keysize = HH_KEY_SIZE, .max_keysize = HH_KEY_SIZE,	\
	.setkey = hh_setkey, .init = hh_init

void hh_blocks_generic(struct hh_state *st, const u8 *src, size_t nblocks);
void hh_finish_generic(struct hh_state *st, u8 *out, unsigned int digestsize);

/*
 * The first half of HighwayHashUpdateRemainder() (google/highwayhash),
 * shared with the SIMD finishers: adjust v0/v1 for the n = len % 32
 * buffered bytes (n != 0) and build the packet that is then absorbed like
 * any other.
 */
void hh_remainder_prepare(struct hh_state *st, u8 pkt[HH_PACKET_SIZE]);
/* Only the packet of that step, for finishers that adjust v0/v1 themselves. */
void hh_remainder_packet(const struct hh_state *st, u8 pkt[HH_PACKET_SIZE]);

/*
 * The finalisation after the remainder step, split for the SIMD finishers:
 * hh_final_rounds() PermuteAndUpdate rounds (google/highwayhash), then
 * hh_emit() writes the digest from the state (HighwayHashFinalize*, in C).
 */
static inline unsigned int hh_final_rounds(unsigned int digestsize)
{
	return digestsize == HH64_DIGEST_SIZE ? 4 :
	       digestsize == HH128_DIGEST_SIZE ? 6 : 10;
}

void hh_emit(const struct hh_state *st, u8 *out, unsigned int digestsize);

/*
 * The update step, instantiated per instruction set: absorb @len bytes into
 * @st (a struct hh_state) with the block function @blocks (@st as its
 * first argument).
 */
static __always_inline void
hh_absorb(void *st, const u8 *src, unsigned int len,
	  void (*blocks)(void *st, const u8 *src, size_t nblocks))
{
	struct hh_state *s = st;
	unsigned int pos = s->len % HH_PACKET_SIZE;

	s->len += len;
	kh_update_blocks(s->buf, HH_PACKET_SIZE, pos, src, len, blocks, s);
}

static inline void hh_generic_blocks(void *st, const u8 *src, size_t n)
{
	hh_blocks_generic(st, src, n);
}

static inline void hh_generic_piece(void *st, const u8 *src, unsigned int len)
{
	hh_absorb(st, src, len, hh_generic_blocks);
}

/*
 * KH_HH_SIMD_ALG(name, blocks, finish) defines const struct kh_alg_ops
 * @name: HighwayHash with the SIMD block functions @blocks and @finish
 * (as in struct hh_arch_ops, called directly, inside SIMD sections; see
 * kh_simd_update() in <keyedhash/simd.h>, which the user includes).
 */
#define KH_HH_SIMD_ALG(name, blocks, finish)				\
static void name##_blocks(void *st, const u8 *src, size_t n)		\
{									\
	blocks(st, src, n);						\
}									\
static void name##_piece(void *st, const u8 *src, unsigned int len)	\
{									\
	hh_absorb(st, src, len, name##_blocks);				\
}									\
static int name##_update(const struct kh_impl *impl, const void *ctx,	\
			 void *state, const u8 *src, unsigned int len)	\
{									\
	struct hh_state *st = state;					\
									\
	kh_simd_update(st, src, len, st->len % HH_PACKET_SIZE,		\
		       HH_PACKET_SIZE, impl->simd_min, name##_piece,	\
		       hh_generic_piece);				\
	return 0;							\
}									\
static int name##_final(const struct kh_impl *impl, const void *ctx,	\
			void *state, u8 *out)				\
{									\
	struct hh_state *st = state;					\
	struct kh_simd_save save;					\
									\
	if (!kh_simd_final_usable(st->len, impl->simd_min)) {		\
		hh_finish_generic(st, out, impl->digestsize);		\
		return 0;						\
	}								\
	kh_simd_begin(&save);						\
	finish(st, out, impl->digestsize);				\
	kh_simd_end(&save);						\
	return 0;							\
}									\
const struct kh_alg_ops name = {					\
	HH_ALG_OPS_COMMON,						\
	.update = name##_update,					\
	.final = name##_final,						\
}

#endif /* _KEYEDHASH_HIGHWAYHASH_H */
