/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Poly1305 (Bernstein, FSE 2005) as the hash layer of NHPoly1305 and STHash
 * use it: 64-bit code with 44/44/42-bit limbs, no nonce and no final "+ s".
 *
 * The emit has two modes.  KH_POLY1305_EMIT_STANDARD reduces the accumulator
 * fully mod 2^130 - 5 and outputs the low 128 bits (Linux nhpoly1305).
 * KH_POLY1305_EMIT_STHASH reproduces the sthash crate, whose final select
 * uses a 0/1 mask instead of 0/all-ones (see kh_poly1305_emit()).
 */
#ifndef _KEYEDHASH_INTERNAL_POLY1305_H
#define _KEYEDHASH_INTERNAL_POLY1305_H

#include <linux/types.h>
#include <linux/unaligned.h>

#define KH_POLY1305_BLOCK_SIZE	16
#define KH_POLY1305_KEY_SIZE	16
#define KH_POLY1305_DIGEST_SIZE	16

/* The 2^128 bit of a full block, in the top limb. */
#define KH_POLY1305_HIBIT	1

/*
 * The clamped r as three limbs, and 20 * r1, 20 * r2 (= 5 * 4 * r); r^2,
 * r^3 and r^4 mod 2^130 - 5 the same way (limbs below 2^44, 2^44 + 2^11,
 * 2^42), so that kh_poly1305_pair() and kh_poly1305_quad() can absorb two
 * or four blocks with one reduction.  Only the key (the transform context)
 * holds the powers; the request state is unchanged.
 */
struct kh_poly1305_key {
	u64 r[3];
	u64 s[2];
	u64 rr[3];
	u64 ss[2];
	u64 r3[3];
	u64 s3[2];
	u64 r4[3];
	u64 s4[2];
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

#define KH_M44	0xfffffffffffULL
#define KH_M42	0x3ffffffffffULL

static inline unsigned __int128 kh_mul64(u64 a, u64 b)
{
	return (unsigned __int128)a * b;
}

/*
 * Carry the 128-bit column sums d0, d1, d2 (weights 1, 2^44, 2^88) into
 * limbs, folding the part from 2^130 up back in times 5: 2^130 = 5 mod p.
 * The three 128-bit shifts are independent; only 64-bit carries follow.
 * For d below 2^95 (see kh_poly1305_pair()): c0, c1 < 2^51, c2 < 2^53;
 * t0 < 2^44 + 5 * 2^53 < 2^56, t1, t2 < 2^52; the carries out of t0, t1,
 * t2 are below 2^12, 2^8, 2^10, so the last fold leaves t0 < 2^44 + 2^13
 * and at most 1 to carry.  The result is below 2^44, 2^44 + 1 and 2^42,
 * within the accumulator's invariant (struct kh_poly1305_state).
 */
static __always_inline void
kh_poly1305_carry(unsigned __int128 d0, unsigned __int128 d1,
		  unsigned __int128 d2, u64 *h0, u64 *h1, u64 *h2)
{
	u64 c0 = (u64)(d0 >> 44), c1 = (u64)(d1 >> 44), c2 = (u64)(d2 >> 42);
	u64 t0, t1, t2, c;

	t0 = ((u64)d0 & KH_M44) + c2 * 5;
	t1 = ((u64)d1 & KH_M44) + c0;
	t2 = ((u64)d2 & KH_M42) + c1;
	c = t0 >> 44;
	t0 &= KH_M44;
	t1 += c;
	c = t1 >> 44;
	t1 &= KH_M44;
	t2 += c;
	c = t2 >> 42;
	t2 &= KH_M42;
	t0 += c * 5;
	c = t0 >> 44;
	*h0 = t0 & KH_M44;
	*h1 = t1 + c;
	*h2 = t2;
}

/* The 44/44/42-bit limbs of a block lo | hi << 64, plus @top (2^128 bit). */
static __always_inline void kh_poly1305_limbs(u64 lo, u64 hi, u64 top,
					      u64 *m0, u64 *m1, u64 *m2)
{
	*m0 = lo & KH_M44;
	*m1 = ((lo >> 44) | (hi << 20)) & KH_M44;
	*m2 = ((hi >> 24) & KH_M42) | top;
}

/*
 * Absorb two blocks m = lo0 | hi0 << 64 and n = lo1 | hi1 << 64, each with
 * 2^128 * @hibit added: h = (h + m) * r^2 + n * r.  Inline, so that the
 * NH stream feeds its chunk sums in registers (lib/poly1305.c has the
 * bounds).
 */
static __always_inline void kh_poly1305_pair(struct kh_poly1305_state *st,
					     const struct kh_poly1305_key *key,
					     u64 lo0, u64 hi0, u64 lo1, u64 hi1,
					     u32 hibit)
{
	const u64 r0 = key->r[0], r1 = key->r[1], r2 = key->r[2];
	const u64 s1 = key->s[0], s2 = key->s[1];
	const u64 u0 = key->rr[0], u1 = key->rr[1], u2 = key->rr[2];
	const u64 v1 = key->ss[0], v2 = key->ss[1];
	const u64 top = (u64)hibit << 40;
	u64 h0, h1, h2, m0, m1, m2, n0, n1, n2;

	kh_poly1305_limbs(lo0, hi0, top, &m0, &m1, &m2);
	kh_poly1305_limbs(lo1, hi1, top, &n0, &n1, &n2);
	/* a = h + m */
	h0 = st->h[0] + m0;
	h1 = st->h[1] + m1;
	h2 = st->h[2] + m2;
	/* h = n * r + a * r^2 (the h-free part first) */
	kh_poly1305_carry(kh_mul64(n0, r0) + kh_mul64(n1, s2) +
			  kh_mul64(n2, s1) + kh_mul64(h0, u0) +
			  kh_mul64(h1, v2) + kh_mul64(h2, v1),
			  kh_mul64(n0, r1) + kh_mul64(n1, r0) +
			  kh_mul64(n2, s2) + kh_mul64(h0, u1) +
			  kh_mul64(h1, u0) + kh_mul64(h2, v2),
			  kh_mul64(n0, r2) + kh_mul64(n1, r1) +
			  kh_mul64(n2, r0) + kh_mul64(h0, u2) +
			  kh_mul64(h1, u1) + kh_mul64(h2, u0),
			  &st->h[0], &st->h[1], &st->h[2]);
}

/*
 * Absorb four blocks m, n, o, q (lo | hi << 64 each, with 2^128 * @hibit
 * added): h = (h + m) * r^4 + n * r^3 + o * r^2 + q * r, the residue of
 * two kh_poly1305_pair() steps with one carry (lib/poly1305.c has the
 * bounds).
 */
static __always_inline void kh_poly1305_quad(struct kh_poly1305_state *st,
					     const struct kh_poly1305_key *key,
					     u64 lo0, u64 hi0, u64 lo1, u64 hi1,
					     u64 lo2, u64 hi2, u64 lo3, u64 hi3,
					     u32 hibit)
{
	const u64 top = (u64)hibit << 40;
	u64 h0, h1, h2, m0, m1, m2, n0, n1, n2, o0, o1, o2, q0, q1, q2;
	unsigned __int128 d0, d1, d2;

	kh_poly1305_limbs(lo0, hi0, top, &m0, &m1, &m2);
	kh_poly1305_limbs(lo1, hi1, top, &n0, &n1, &n2);
	kh_poly1305_limbs(lo2, hi2, top, &o0, &o1, &o2);
	kh_poly1305_limbs(lo3, hi3, top, &q0, &q1, &q2);
	/* the h-free part first: q * r + o * r^2 + n * r^3 */
	d0 = kh_mul64(q0, key->r[0]) + kh_mul64(q1, key->s[1]) +
	     kh_mul64(q2, key->s[0]) + kh_mul64(o0, key->rr[0]) +
	     kh_mul64(o1, key->ss[1]) + kh_mul64(o2, key->ss[0]) +
	     kh_mul64(n0, key->r3[0]) + kh_mul64(n1, key->s3[1]) +
	     kh_mul64(n2, key->s3[0]);
	d1 = kh_mul64(q0, key->r[1]) + kh_mul64(q1, key->r[0]) +
	     kh_mul64(q2, key->s[1]) + kh_mul64(o0, key->rr[1]) +
	     kh_mul64(o1, key->rr[0]) + kh_mul64(o2, key->ss[1]) +
	     kh_mul64(n0, key->r3[1]) + kh_mul64(n1, key->r3[0]) +
	     kh_mul64(n2, key->s3[1]);
	d2 = kh_mul64(q0, key->r[2]) + kh_mul64(q1, key->r[1]) +
	     kh_mul64(q2, key->r[0]) + kh_mul64(o0, key->rr[2]) +
	     kh_mul64(o1, key->rr[1]) + kh_mul64(o2, key->rr[0]) +
	     kh_mul64(n0, key->r3[2]) + kh_mul64(n1, key->r3[1]) +
	     kh_mul64(n2, key->r3[0]);
	/* then (h + m) * r^4 */
	h0 = st->h[0] + m0;
	h1 = st->h[1] + m1;
	h2 = st->h[2] + m2;
	d0 += kh_mul64(h0, key->r4[0]) + kh_mul64(h1, key->s4[1]) +
	      kh_mul64(h2, key->s4[0]);
	d1 += kh_mul64(h0, key->r4[1]) + kh_mul64(h1, key->r4[0]) +
	      kh_mul64(h2, key->s4[1]);
	d2 += kh_mul64(h0, key->r4[2]) + kh_mul64(h1, key->r4[1]) +
	      kh_mul64(h2, key->r4[0]);
	kh_poly1305_carry(d0, d1, d2, &st->h[0], &st->h[1], &st->h[2]);
}

void kh_poly1305_setkey(struct kh_poly1305_key *key,
			const u8 raw[KH_POLY1305_KEY_SIZE]);

static inline void kh_poly1305_init(struct kh_poly1305_state *st)
{
	st->h[0] = 0;
	st->h[1] = 0;
	st->h[2] = 0;
}

/* Write the 16-byte value of @st; @st itself is not changed. */
static __always_inline void
kh_poly1305_emit(const struct kh_poly1305_state *st,
		 u8 out[KH_POLY1305_DIGEST_SIZE], enum kh_poly1305_emit_mode mode)
{
	u64 h0 = st->h[0], h1 = st->h[1], h2 = st->h[2];
	u64 g0, g1, g2, c, mask;
	int i;

	/* two rounds of carry propagation */
	for (i = 0; i < 2; i++) {
		c = h1 >> 44;
		h1 &= KH_M44;
		h2 += c;
		c = h2 >> 42;
		h2 &= KH_M42;
		h0 += c * 5;
		c = h0 >> 44;
		h0 &= KH_M44;
		h1 += c;
	}

	/* g = h + 5 - 2^130; its top bit is set exactly when h < p */
	g0 = h0 + 5;
	c = g0 >> 44;
	g0 &= KH_M44;
	g1 = h1 + c;
	c = g1 >> 44;
	g1 &= KH_M44;
	g2 = h2 + c - (1ULL << 42);

	/*
	 * The standard select keeps h when h < p and takes g otherwise, with
	 * a mask of all-ones or zero.  The sthash crate forms the mask as the
	 * bare sign bit, 0 or 1: for h < p bit 0 of each limb comes from g,
	 * for h >= p the unreduced h is output.  @mode is public.
	 */
	mask = (g2 >> 63) - (u64)(mode == KH_POLY1305_EMIT_STANDARD);
	g0 &= mask;
	g1 &= mask;
	g2 &= mask;
	mask = ~mask;
	h0 = (h0 & mask) | g0;
	h1 = (h1 & mask) | g1;
	h2 = (h2 & mask) | g2;

	put_unaligned_le64(h0 | (h1 << 44), out);
	put_unaligned_le64((h1 >> 20) | (h2 << 24), out + 8);
}

#endif /* _KEYEDHASH_INTERNAL_POLY1305_H */
