// SPDX-License-Identifier: GPL-2.0
/*
 * Poly1305 without nonce for NHPoly1305 and STHash: the accumulator and r
 * are held in three limbs of 44, 44 and 42 bits, products are 64x64->128.
 * See include/keyedhash/internal/poly1305.h.
 *
 * Every step is data-independent: no branches or table look-ups on the key,
 * the message or the accumulator.
 */
#include <linux/kernel.h>
#include <linux/unaligned.h>
#include <keyedhash/internal/poly1305.h>

/* x * y mod 2^130 - 5, carried, and 20 times its upper two limbs */
static void poly1305_power(u64 out[3], u64 out20[2], const u64 x[3],
			   const u64 y[3], const u64 y20[2])
{
	kh_poly1305_carry(kh_mul64(x[0], y[0]) + kh_mul64(x[1], y20[1]) +
			  kh_mul64(x[2], y20[0]),
			  kh_mul64(x[0], y[1]) + kh_mul64(x[1], y[0]) +
			  kh_mul64(x[2], y20[1]),
			  kh_mul64(x[0], y[2]) + kh_mul64(x[1], y[1]) +
			  kh_mul64(x[2], y[0]),
			  &out[0], &out[1], &out[2]);
	out20[0] = out[1] * 20;
	out20[1] = out[2] * 20;
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

	/* r^2, r^3, r^4, partially reduced like the accumulator */
	poly1305_power(key->rr, key->ss, key->r, key->r, key->s);
	poly1305_power(key->r3, key->s3, key->rr, key->r, key->s);
	poly1305_power(key->r4, key->s4, key->rr, key->rr, key->ss);
}

/*
 * The bounds of kh_poly1305_pair() and kh_poly1305_quad()
 * (include/keyedhash/internal/poly1305.h).
 *
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
 * (One block, h' = (h + m) * r, is the same with the n terms left out;
 * the module never absorbs one alone, the host tests do.)
 *
 * Four blocks m, n, o, q per step (kh_poly1305_quad(), for the NH stream's
 * multi-chunk path): h' = (h + m) * r^4 + n * r^3 + o * r^2 + q * r, two
 * pair steps' residue with one carry.  r^3 and r^4 are carried like r^2, so
 * the same limb bounds hold for them (below 2^44, 2^45, 2^42; 20 times the
 * upper two below 2^50, 2^47), and each power's three products per column
 * are bounded as r^2's above, a with r^4 and the blocks n, o with r^3, r^2:
 *
 *   d0 < (2^89 + 2^93 + 2^93) + 2 (2^88 + 2^91 + 2^91)
 *        + (2^88 + 2^85 + 2^90)                           < 2^95
 *   d1 < (2^90 + 2^90 + 2^90) + 2 (2^89 + 2^88 + 2^88)
 *        + (2^88 + 2^88 + 2^82)                           < 2^93
 *   d2 < (2^87 + 2^91 + 2^87) + 2 (2^86 + 2^89 + 2^85)
 *        + (2^80 + 2^88 + 2^85)                           < 2^92
 *
 * The twelve products of a column still add up in 128 bits with 2^33 to
 * spare, and d < 2^95 is what kh_poly1305_carry() takes.  (The powers
 * themselves: r^3 = r^2 * r and r^4 = r^2 * r^2 have columns below 2^93,
 * carried the same way.)
 *
 * h' may be another representative of the residue than the block-by-block
 * order leaves, but it is below 2^130 + 2^99 and, for nonzero r with the
 * 2^128 bit set, at least 5 (it is at least n2 * r > 5 when nothing is
 * folded, and 5 times the fold when something is; for four blocks the
 * last one, q, plays n's part: q2 * r).  kh_poly1305_emit()
 * therefore carries it to the one representative in [5, 2^130) either way:
 * both emit modes output exactly what they did before.
 */
