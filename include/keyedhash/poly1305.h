/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Poly1305 (Bernstein, FSE 2005) as the hash layer of NHPoly1305 and STHash
 * use it: 64-bit code with 44/44/42-bit limbs, no nonce and no final "+ s".
 *
 * The emit has two modes.  KH_POLY1305_EMIT_STANDARD reduces the accumulator
 * fully mod 2^130 - 5 and outputs the low 128 bits (Linux nhpoly1305).
 * KH_POLY1305_EMIT_STHASH reproduces the sthash crate, whose final select
 * uses a 0/1 mask instead of 0/all-ones (specs/sthash.md section 4.1).
 */
#ifndef _KEYEDHASH_POLY1305_H
#define _KEYEDHASH_POLY1305_H

#include <linux/types.h>

#define KH_POLY1305_BLOCK_SIZE	16
#define KH_POLY1305_KEY_SIZE	16
#define KH_POLY1305_DIGEST_SIZE	16

/* The 2^128 bit of a full block, in the top limb. */
#define KH_POLY1305_HIBIT	1

/*
 * The clamped r as three limbs, and 20 * r1, 20 * r2 (= 5 * 4 * r); r^2 mod
 * 2^130 - 5 the same way (limbs below 2^44, 2^44 + 2^11, 2^42), so that
 * kh_poly1305_blocks() can absorb two blocks with one reduction.  Only the
 * key (the transform context) holds r^2; the request state is unchanged.
 */
struct kh_poly1305_key {
	u64 r[3];
	u64 s[2];
	u64 rr[3];
	u64 ss[2];
};

/*
 * The accumulator limbs, all zero at the start.  Between calls they stay
 * below 2^44, 2^44 + 2^11 and 2^42, and the value they hold is congruent to
 * the Poly1305 residue mod 2^130 - 5 (not necessarily reduced).
 */
struct kh_poly1305_state {
	u64 h[3];
};

enum kh_poly1305_emit_mode {
	KH_POLY1305_EMIT_STANDARD,
	KH_POLY1305_EMIT_STHASH,
};

void kh_poly1305_setkey(struct kh_poly1305_key *key,
			const u8 raw[KH_POLY1305_KEY_SIZE]);

static inline void kh_poly1305_init(struct kh_poly1305_state *st)
{
	st->h[0] = 0;
	st->h[1] = 0;
	st->h[2] = 0;
}

/* Absorb @nblocks 16-byte blocks, each with 2^128 * @hibit (0 or 1) added. */
void kh_poly1305_blocks(struct kh_poly1305_state *st,
			const struct kh_poly1305_key *key, const u8 *src,
			size_t nblocks, u32 hibit);

/* Write the 16-byte value of @st; @st itself is not changed. */
void kh_poly1305_emit(const struct kh_poly1305_state *st,
		      u8 out[KH_POLY1305_DIGEST_SIZE],
		      enum kh_poly1305_emit_mode mode);

#endif /* _KEYEDHASH_POLY1305_H */
