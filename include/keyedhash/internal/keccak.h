/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] (FIPS 202) and the capacity-256 sponge functions built on
 * it that STHash needs: SHAKE128, cSHAKE128 and KMAC128 (NIST SP 800-185).
 *
 * Linux 6.1 has no SHAKE, cSHAKE or KMAC (crypto/sha3_generic.c keeps its
 * permutation static), so the module carries this small layer.
 *
 * The cSHAKE/KMAC header padding comes in two forms, chosen per call:
 * KH_BYTEPAD_SP800_185 is the standard bytepad(); KH_BYTEPAD_TINY_KECCAK
 * always runs one more permutation after the header, adding a full zero
 * block where the header already ends on a block boundary, as the
 * tiny-keccak crate 2.0.2 does and the sthash crate's digests depend on.
 * The two differ only for such header lengths.
 */
#ifndef _KEYEDHASH_INTERNAL_KECCAK_H
#define _KEYEDHASH_INTERNAL_KECCAK_H

#include <linux/types.h>

#define KH_KECCAK_LANES		25
#define KH_KECCAK128_RATE	168	/* bytes: capacity 256 bits */

/**
 * struct kh_keccak128 - a Keccak[c=256] sponge; no pointers, copyable
 * @st:	the state as 25 lanes; state byte i is byte i % 8 (little-endian)
 *	of lane i / 8
 * @pos: next byte of the rate to absorb into or squeeze from
 * @ds:	the domain/padding byte: 0x1f for SHAKE, 0x04 for cSHAKE
 */
struct kh_keccak128 {
	u64 st[KH_KECCAK_LANES];
	u32 pos;
	u32 ds;
};

enum kh_bytepad {
	KH_BYTEPAD_SP800_185,
	KH_BYTEPAD_TINY_KECCAK,
};

void kh_keccakf1600_generic(u64 st[KH_KECCAK_LANES]);

void kh_shake128_init(struct kh_keccak128 *s);
void kh_keccak128_absorb(struct kh_keccak128 *s, const u8 *in, size_t len);
/* End absorption: pad with s->ds ... 0x80 and permute; squeezing follows. */
void kh_keccak128_pad(struct kh_keccak128 *s);
void kh_keccak128_squeeze(struct kh_keccak128 *s, u8 *out, size_t len);

/*
 * cSHAKE128 with function name @name and customization @custom; both empty
 * gives SHAKE128.  Then absorb X, kh_keccak128_pad() and squeeze.
 */
void kh_cshake128_init(struct kh_keccak128 *s, const u8 *name, size_t namelen,
		       const u8 *custom, size_t customlen, enum kh_bytepad pad);

/*
 * KMAC128 (fixed output length): init with the key and customization,
 * absorb X, then the output of @outlen bytes in three steps:
 * kh_kmac128_final_pad(@s, @outlen) ends the absorption
 * (right_encode(8 * @outlen) and the padding) short of the permutation;
 * the caller then permutes s->st once and squeezes with
 * kh_keccak128_squeeze().  Any further permutation (@outlen above the rate)
 * is kh_keccakf1600_generic().
 */
void kh_kmac128_init(struct kh_keccak128 *s, const u8 *key, size_t keylen,
		     const u8 *custom, size_t customlen, enum kh_bytepad pad);
void kh_kmac128_final_pad(struct kh_keccak128 *s, size_t outlen);

#endif /* _KEYEDHASH_INTERNAL_KECCAK_H */
