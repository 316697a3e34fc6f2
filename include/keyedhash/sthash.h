/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STHash: the library API.  Byte-compatible with the Rust crate sthash
 * 0.2.x (with tiny-keccak 2.0.2): NH and Poly1305 exactly as NHPoly1305
 * (the stream is shared), the crate's Poly1305 output step, then KMAC128
 * over LE64(message length) || the 16-byte Poly1305 value.  cSHAKE128
 * expands the seed into the KMAC, Poly1305 and NH keys.
 *
 * A MAC and PRF on its own: the universal hash is finished by KMAC128
 * under an independent key, which also binds the length (32-byte tag; a
 * seed of 32 random bytes is recommended, 16 at least).  See
 * docs/algorithms.md.
 *
 * Two key forms, two algorithm names:
 *   "sthash"              key = the raw seed (no personalizations):
 *                         kh_sthash_setkey()
 *   "sthash-personalized" key = le16 seed_len || seed || le16 c1_len || c1 ||
 *                         le16 c2_len || c2, with c1 the key personalization
 *                         and c2 the hasher personalization (length 0 = None,
 *                         which is the same as empty):
 *                         kh_sthash_personalized_setkey()
 * The prepared keys hash alike.
 */
#ifndef _KEYEDHASH_STHASH_H
#define _KEYEDHASH_STHASH_H

#include <linux/types.h>
#include <keyedhash/internal/keccak.h>
#include <keyedhash/nhpoly1305.h>

#define KH_STHASH_DIGEST_SIZE		32
#define KH_STHASH_MIN_SEED_SIZE		16	/* the crate panics below this */
#define KH_STHASH_MAX_SEED_SIZE		4096	/* this module's limit */
#define KH_STHASH_KMAC_KEY_SIZE		32

/*
 * The personalized key blob: three le16 lengths plus the parts, at most
 * 16 KiB in all (enough for personalizations of several KiB next to a
 * 4 KiB seed).  The seed obeys the limits above.
 */
#define KH_STHASH_PERSONALIZED_MIN_KEY_SIZE	(3 * 2 + KH_STHASH_MIN_SEED_SIZE)
#define KH_STHASH_PERSONALIZED_MAX_KEY_SIZE	16384

/**
 * struct kh_sthash_key - a prepared key, about 1.3 KiB
 * @kmac:	the KMAC128 sponge after its two header blocks (customization
 *		and key)
 * @nhp:	Poly1305's r and the NH key words; last, like the NH key within
 *		it (the host tests guard its end)
 */
struct kh_sthash_key {
	struct kh_keccak128 kmac;
	struct kh_nhpoly1305_key nhp;
};

/**
 * struct kh_sthash_state - a message being hashed: the NH-then-Poly1305
 * stream, as NHPoly1305's (80 bytes, no pointers)
 * @nhp:	the stream
 */
struct kh_sthash_state {
	struct kh_nhpoly1305_state nhp;
};

/**
 * kh_sthash_setkey() - prepare a key from a seed
 * @key:	the prepared key
 * @seed:	the seed
 * @seedlen:	its length, 16 to 4096 bytes (32 recommended)
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 *
 * Return: 0, or -EINVAL for a bad length (then @key is untouched).
 */
int kh_sthash_setkey(struct kh_sthash_key *key, const u8 *seed,
		     size_t seedlen);

/**
 * kh_sthash_personalized_setkey() - prepare a key from a personalized blob
 * @key:	the prepared key
 * @blob:	le16 seed_len || seed || le16 c1_len || c1 || le16 c2_len || c2
 * @bloblen:	its length, exactly the parts', at most 16384
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 *
 * Return: 0, or -EINVAL for a malformed blob (then @key is untouched).
 */
int kh_sthash_personalized_setkey(struct kh_sthash_key *key, const u8 *blob,
				  size_t bloblen);

/**
 * kh_sthash_init() - start a message
 * @st:		the message state
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_sthash_init(struct kh_sthash_state *st);

/**
 * kh_sthash_update() - add message bytes
 * @st:		the message state
 * @key:	the key
 * @data:	the bytes
 * @len:	their number
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_sthash_update(struct kh_sthash_state *st,
		      const struct kh_sthash_key *key, const u8 *data,
		      size_t len);

/**
 * kh_sthash_final() - finish a message
 * @st:		the message state; wiped afterwards
 * @key:	the key
 * @out:	the 32-byte tag
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_sthash_final(struct kh_sthash_state *st,
		     const struct kh_sthash_key *key,
		     u8 out[KH_STHASH_DIGEST_SIZE]);

/**
 * kh_sthash() - STHash of a message in one call
 * @key:	the key
 * @data:	the message
 * @len:	its length
 * @out:	the 32-byte tag
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_sthash(const struct kh_sthash_key *key, const u8 *data, size_t len,
	       u8 out[KH_STHASH_DIGEST_SIZE]);

#endif /* _KEYEDHASH_STHASH_H */
