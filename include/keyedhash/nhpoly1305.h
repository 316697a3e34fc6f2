/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NHPoly1305, the hash layer of Adiantum: byte-compatible with the Linux 6.1
 * shash "nhpoly1305" (crypto/nhpoly1305.c).  NH (4 passes, pair stride 2,
 * 16-byte units) compresses each 1 KiB chunk of the message to 32 bytes,
 * which Poly1305 (no nonce) absorbs as two full blocks.
 *
 * The NH-then-Poly1305 streaming state here is shared with STHash, which
 * differs only in its key derivation and its output step.  The block
 * function both plug in per instruction set is NH alone: a SIMD driver
 * supplies a struct nhpoly1305_arch_ops and serves both algorithms.
 */
#ifndef _KEYEDHASH_NHPOLY1305_H
#define _KEYEDHASH_NHPOLY1305_H

#include <linux/types.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/poly1305.h>

#define KH_NH_NUM_PASSES	4
#define KH_NH_UNIT		16	/* bytes per NH message unit */
#define KH_NH_CHUNK		1024	/* bytes of message per NH output */
#define KH_NH_KEY_WORDS		(KH_NH_CHUNK / 4 + 4 * (KH_NH_NUM_PASSES - 1))
#define KH_NH_KEY_BYTES		(4 * KH_NH_KEY_WORDS)	/* 1072 */
#define KH_NH_HASH_BYTES	(8 * KH_NH_NUM_PASSES)	/* 32 */

#define NHPOLY1305_KEY_SIZE	(KH_POLY1305_KEY_SIZE + KH_NH_KEY_BYTES)
#define NHPOLY1305_DIGEST_SIZE	16

/**
 * typedef kh_nh_fn - NH over whole units of one chunk
 * @key:	NH key words (native order), starting at the word that belongs
 *		to the first byte of @msg: key + pos / 4 for a piece starting
 *		at byte pos of its chunk
 * @msg:	the message piece, any alignment
 * @len:	its length: a multiple of 16, 16 <= len <= 1024, and the piece
 *		does not cross the end of its chunk; 0 does nothing (nothing
 *		read, @hash not written)
 * @hash:	receives the four pass sums (native u64), not added to
 *
 * A SIMD implementation enters and leaves its FPU/NEON section itself.
 */
typedef void (*kh_nh_fn)(const u32 *key, const u8 *msg, size_t len,
			 u64 hash[KH_NH_NUM_PASSES]);

/**
 * struct nhpoly1305_arch_ops - the block functions of one instruction set,
 *	used by the nhpoly1305, sthash and sthash-personalized drivers alike
 * @nh:	NH over whole units, see kh_nh_fn
 * @keccakf:	NULL, or Keccak-f[1600] on 25 native-order lanes for STHash's
 *		output step (KMAC128), entering its SIMD section itself like
 *		@nh; nhpoly1305 does not use it
 */
struct nhpoly1305_arch_ops {
	kh_nh_fn nh;
	void (*keccakf)(u64 st[25]);
};

/* The NH and Poly1305 keys in the form the hot path uses. */
struct kh_nhpoly1305_key {
	struct kh_poly1305_key poly;
	u32 nh_key[KH_NH_KEY_WORDS];
};

/*
 * The request state, 80 bytes with no pointers: any imported state is valid.
 * @len counts every byte absorbed.  Of those, len % 16 wait in @buf, and
 * (len & ~15) % 1024 bytes of the open chunk are summed into @nh_sum; a
 * chunk is open whenever len % 1024 != 0.
 */
struct kh_nhpoly1305_state {
	struct kh_poly1305_state poly;
	u64 nh_sum[KH_NH_NUM_PASSES];
	u64 len;
	u8 buf[KH_NH_UNIT];
};

void kh_nh_generic(const u32 *key, const u8 *msg, size_t len,
		   u64 hash[KH_NH_NUM_PASSES]);

/* The shared NH-then-Poly1305 stream (core/nhpoly1305.c). */
void kh_nhpoly1305_setkey_raw(struct kh_nhpoly1305_key *key,
			      const u8 raw[NHPOLY1305_KEY_SIZE]);
void kh_nhpoly1305_init(struct kh_nhpoly1305_state *st);
void kh_nhpoly1305_update(const struct kh_nhpoly1305_key *key,
			  const struct nhpoly1305_arch_ops *ops,
			  struct kh_nhpoly1305_state *st,
			  const u8 *src, unsigned int len);
/* Pad and hash the last unit, close the open chunk: Poly1305 is complete. */
void kh_nhpoly1305_finish(const struct kh_nhpoly1305_key *key,
			  const struct nhpoly1305_arch_ops *ops,
			  struct kh_nhpoly1305_state *st);

extern const struct kh_alg_ops nhpoly1305_alg_ops;
extern const struct nhpoly1305_arch_ops nhpoly1305_generic_ops;

#endif /* _KEYEDHASH_NHPOLY1305_H */
