// SPDX-License-Identifier: GPL-2.0
/*
 * NH in generic C, the block function of the nhpoly1305 and sthash drivers
 * (see kh_nh_isa() in include/keyedhash/internal/nhpoly1305.h).
 *
 * Per 16-byte unit with message words m0..m3 (little-endian) and key words
 * k[] from the unit's offset, pass p (0..3) adds
 *	(u64)(m0 + k[4p]) * (m2 + k[4p + 2]) +
 *	(u64)(m1 + k[4p + 1]) * (m3 + k[4p + 3])
 * to its sum, with 32-bit wrapping additions.  The next unit uses the key
 * words four further on, so the passes see the key shifted by 4p words.
 * The key words are stored in groups of four as k0, k2, k1, k3
 * (kh_nh_setkey_words()).
 */
#include <linux/kernel.h>
#include <linux/unaligned.h>
#include <keyedhash/internal/nhpoly1305.h>

void kh_nh_setkey_words(u32 words[KH_NH_KEY_WORDS],
			const u8 raw[KH_NH_KEY_BYTES])
{
	int i;

	for (i = 0; i < KH_NH_KEY_WORDS; i += 4) {
		u32 w0 = get_unaligned_le32(raw + 4 * i);
		u32 w1 = get_unaligned_le32(raw + 4 * i + 4);
		u32 w2 = get_unaligned_le32(raw + 4 * i + 8);
		u32 w3 = get_unaligned_le32(raw + 4 * i + 12);

		words[i] = w0;
		words[i + 1] = w2;
		words[i + 2] = w1;
		words[i + 3] = w3;
	}
}

/*
 * One pass over one unit: the two stride-2 products, with the key group
 * k in kh_nh_setkey_words() order (k0, k2, k1, k3).
 */
static inline u64 kh_nh_pass(u32 m0, u32 m1, u32 m2, u32 m3, const u32 *k)
{
	return (u64)(u32)(m0 + k[0]) * (u32)(m2 + k[1]) +
	       (u64)(u32)(m1 + k[2]) * (u32)(m3 + k[3]);
}

void kh_nh_generic(const u32 *key, const u8 *msg, size_t len,
		   u64 hash[KH_NH_NUM_PASSES])
{
	u64 s0 = 0, s1 = 0, s2 = 0, s3 = 0;

	if (!len)
		return;		/* as the SIMD versions: @hash not written */
	for (; len >= KH_NH_UNIT; len -= KH_NH_UNIT) {
		u32 m0 = get_unaligned_le32(msg);
		u32 m1 = get_unaligned_le32(msg + 4);
		u32 m2 = get_unaligned_le32(msg + 8);
		u32 m3 = get_unaligned_le32(msg + 12);

		s0 += kh_nh_pass(m0, m1, m2, m3, key);
		s1 += kh_nh_pass(m0, m1, m2, m3, key + 4);
		s2 += kh_nh_pass(m0, m1, m2, m3, key + 8);
		s3 += kh_nh_pass(m0, m1, m2, m3, key + 12);
		msg += KH_NH_UNIT;
		key += KH_NH_UNIT / 4;
	}
	hash[0] = s0;
	hash[1] = s1;
	hash[2] = s2;
	hash[3] = s3;
}
