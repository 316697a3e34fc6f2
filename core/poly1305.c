// SPDX-License-Identifier: GPL-2.0
/*
 * Poly1305 without nonce for NHPoly1305 and STHash: the accumulator and r
 * are held in three limbs of 44, 44 and 42 bits, products are 64x64->128.
 * See include/keyedhash/poly1305.h.
 *
 * Every step is data-independent: no branches or table look-ups on the key,
 * the message or the accumulator.
 */
#include <linux/kernel.h>
#include <keyedhash/compat.h>	/* get/put_unaligned_le*() */
#include <keyedhash/poly1305.h>

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
 * For d below 2^95 (see kh_poly1305_blocks()): c0, c1 < 2^51, c2 < 2^53;
 * t0 < 2^44 + 5 * 2^53 < 2^56, t1, t2 < 2^52; the carries out of t0, t1,
 * t2 are below 2^12, 2^8, 2^10, so the last fold leaves t0 < 2^44 + 2^13
 * and at most 1 to carry.  The result is below 2^44, 2^44 + 1 and 2^42,
 * within the accumulator's invariant (include/keyedhash/poly1305.h).
 */
static inline void kh_poly1305_carry(unsigned __int128 d0,
				     unsigned __int128 d1,
				     unsigned __int128 d2,
				     u64 *h0, u64 *h1, u64 *h2)
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

void kh_poly1305_setkey(struct kh_poly1305_key *key,
			const u8 raw[KH_POLY1305_KEY_SIZE])
{
	u64 lo = get_unaligned_le64(raw);
	u64 hi = get_unaligned_le64(raw + 8);
	u64 r0, r1, r2, s1, s2;

	/* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff, split into limbs */
	r0 = lo & 0xffc0fffffffULL;
	r1 = ((lo >> 44) | (hi << 20)) & 0xfffffc0ffffULL;
	r2 = (hi >> 24) & 0x00ffffffc0fULL;
	/* 2^130 = 5 mod p, and the limb weights make that 5 * 4 = 20 */
	s1 = r1 * 20;
	s2 = r2 * 20;
	key->r[0] = r0;
	key->r[1] = r1;
	key->r[2] = r2;
	key->s[0] = s1;
	key->s[1] = s2;

	/* r^2, partially reduced like the accumulator, and its 20 * limbs */
	kh_poly1305_carry(kh_mul64(r0, r0) + kh_mul64(r1, s2) + kh_mul64(r2, s1),
			  kh_mul64(r0, r1) + kh_mul64(r1, r0) + kh_mul64(r2, s2),
			  kh_mul64(r0, r2) + kh_mul64(r1, r1) + kh_mul64(r2, r0),
			  &key->rr[0], &key->rr[1], &key->rr[2]);
	key->ss[0] = key->rr[1] * 20;
	key->ss[1] = key->rr[2] * 20;
}

/*
 * Two blocks m, n per step: h' = (h + m) * r^2 + n * r, the same residue as
 * ((h + m) * r + n) * r but with one carry chain and with n * r off the
 * dependency chain through h.  The bounds, per limb (a = h + m):
 *
 *   h  < 2^44, 2^44 + 2^11, 2^42   (the invariant, kept by the carry)
 *   m, n < 2^44, 2^44, 2^41        (40 bits plus the 2^128 bit at 2^40)
 *   a  < 2^45, 2^46, 2^43
 *   r  < 2^44, 2^44, 2^36          (clamped)      20 r1, 20 r2 < 2^49, 2^41
 *   r^2 < 2^44, 2^45, 2^42         (carried)      20 u1, 20 u2 < 2^50, 2^47
 *
 *   d0 = a0 u0 + a1 20u2 + a2 20u1 + n0 r0 + n1 20r2 + n2 20r1
 *      < 2^89 + 2^93 + 2^93 + 2^88 + 2^85 + 2^90 < 2^95
 *   d1 = a0 u1 + a1 u0 + a2 20u2 + n0 r1 + n1 r0 + n2 20r2
 *      < 2^90 + 2^90 + 2^90 + 2^88 + 2^88 + 2^82 < 2^92
 *   d2 = a0 u2 + a1 u1 + a2 u0 + n0 r2 + n1 r1 + n2 r0
 *      < 2^87 + 2^91 + 2^87 + 2^80 + 2^88 + 2^85 < 2^92
 *
 * so the six products of each column add up in 128 bits with 2^33 to
 * spare, and kh_poly1305_carry() takes d < 2^95 back to the invariant.
 * (One block, h' = (h + m) * r, is the same with the n terms left out.)
 *
 * h' may be another representative of the residue than the block-by-block
 * order leaves, but it is below 2^130 + 2^99 and, for nonzero r with the
 * 2^128 bit set, at least 5 (it is at least n2 * r > 5 when nothing is
 * folded, and 5 times the fold when something is).  kh_poly1305_emit()
 * therefore carries it to the one representative in [5, 2^130) either way:
 * both emit modes output exactly what they did before.
 */
void kh_poly1305_blocks(struct kh_poly1305_state *st,
			const struct kh_poly1305_key *key, const u8 *src,
			size_t nblocks, u32 hibit)
{
	const u64 r0 = key->r[0], r1 = key->r[1], r2 = key->r[2];
	const u64 s1 = key->s[0], s2 = key->s[1];
	const u64 top = (u64)hibit << 40;
	u64 h0 = st->h[0], h1 = st->h[1], h2 = st->h[2];
	u64 lo, hi, m0, m1, m2;

	for (; nblocks >= 2; nblocks -= 2, src += 2 * KH_POLY1305_BLOCK_SIZE) {
		const u64 u0 = key->rr[0], u1 = key->rr[1], u2 = key->rr[2];
		const u64 v1 = key->ss[0], v2 = key->ss[1];
		u64 n0, n1, n2;

		lo = get_unaligned_le64(src);
		hi = get_unaligned_le64(src + 8);
		m0 = lo & KH_M44;
		m1 = ((lo >> 44) | (hi << 20)) & KH_M44;
		m2 = ((hi >> 24) & KH_M42) | top;
		lo = get_unaligned_le64(src + 16);
		hi = get_unaligned_le64(src + 24);
		n0 = lo & KH_M44;
		n1 = ((lo >> 44) | (hi << 20)) & KH_M44;
		n2 = ((hi >> 24) & KH_M42) | top;

		/* a = h + m */
		h0 += m0;
		h1 += m1;
		h2 += m2;

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
				  &h0, &h1, &h2);
	}

	if (nblocks) {
		lo = get_unaligned_le64(src);
		hi = get_unaligned_le64(src + 8);

		/* h += m (+ 2^128) */
		h0 += lo & KH_M44;
		h1 += ((lo >> 44) | (hi << 20)) & KH_M44;
		h2 += ((hi >> 24) & KH_M42) | top;

		/* h *= r, partially reduced mod 2^130 - 5 */
		kh_poly1305_carry(kh_mul64(h0, r0) + kh_mul64(h1, s2) +
				  kh_mul64(h2, s1),
				  kh_mul64(h0, r1) + kh_mul64(h1, r0) +
				  kh_mul64(h2, s2),
				  kh_mul64(h0, r2) + kh_mul64(h1, r1) +
				  kh_mul64(h2, r0),
				  &h0, &h1, &h2);
	}

	st->h[0] = h0;
	st->h[1] = h1;
	st->h[2] = h2;
}

void kh_poly1305_emit(const struct kh_poly1305_state *st,
		      u8 out[KH_POLY1305_DIGEST_SIZE],
		      enum kh_poly1305_emit_mode mode)
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
