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

void kh_poly1305_setkey(struct kh_poly1305_key *key,
			const u8 raw[KH_POLY1305_KEY_SIZE])
{
	u64 lo = get_unaligned_le64(raw);
	u64 hi = get_unaligned_le64(raw + 8);

	/* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff, split into limbs */
	key->r[0] = lo & 0xffc0fffffffULL;
	key->r[1] = ((lo >> 44) | (hi << 20)) & 0xfffffc0ffffULL;
	key->r[2] = (hi >> 24) & 0x00ffffffc0fULL;
	/* 2^130 = 5 mod p, and the limb weights make that 5 * 4 = 20 */
	key->s[0] = key->r[1] * 20;
	key->s[1] = key->r[2] * 20;
}

void kh_poly1305_blocks(struct kh_poly1305_state *st,
			const struct kh_poly1305_key *key, const u8 *src,
			size_t nblocks, u32 hibit)
{
	const u64 r0 = key->r[0], r1 = key->r[1], r2 = key->r[2];
	const u64 s1 = key->s[0], s2 = key->s[1];
	const u64 top = (u64)hibit << 40;
	u64 h0 = st->h[0], h1 = st->h[1], h2 = st->h[2];
	unsigned __int128 d0, d1, d2;
	u64 lo, hi, c;

	for (; nblocks; nblocks--, src += KH_POLY1305_BLOCK_SIZE) {
		lo = get_unaligned_le64(src);
		hi = get_unaligned_le64(src + 8);

		/* h += m (+ 2^128) */
		h0 += lo & KH_M44;
		h1 += ((lo >> 44) | (hi << 20)) & KH_M44;
		h2 += ((hi >> 24) & KH_M42) | top;

		/* h *= r, partially reduced mod 2^130 - 5 */
		d0 = kh_mul64(h0, r0) + kh_mul64(h1, s2) + kh_mul64(h2, s1);
		d1 = kh_mul64(h0, r1) + kh_mul64(h1, r0) + kh_mul64(h2, s2);
		d2 = kh_mul64(h0, r2) + kh_mul64(h1, r1) + kh_mul64(h2, r0);

		c = (u64)(d0 >> 44);
		h0 = (u64)d0 & KH_M44;
		d1 += c;
		c = (u64)(d1 >> 44);
		h1 = (u64)d1 & KH_M44;
		d2 += c;
		c = (u64)(d2 >> 42);
		h2 = (u64)d2 & KH_M42;
		h0 += c * 5;
		c = h0 >> 44;
		h0 &= KH_M44;
		h1 += c;
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
