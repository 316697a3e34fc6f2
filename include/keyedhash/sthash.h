/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STHash, byte-compatible with the Rust crate sthash 0.2.x (with
 * tiny-keccak 2.0.2): NH and Poly1305 exactly as NHPoly1305 (the streaming
 * state is shared, see nhpoly1305.h), the crate's Poly1305 output step,
 * then KMAC128 over LE64(message length) || the 16-byte Poly1305 value.
 * cSHAKE128 expands the seed into the KMAC, Poly1305 and NH keys.
 *
 * Two algorithms:
 *   "sthash"              key = the raw seed (no personalizations)
 *   "sthash-personalized" key = le16 seed_len || seed || le16 c1_len || c1 ||
 *                         le16 c2_len || c2, with c1 the key personalization
 *                         and c2 the hasher personalization (length 0 = None,
 *                         which is the same as empty)
 * Both use the NH block function of struct nhpoly1305_arch_ops.
 */
#ifndef _KEYEDHASH_STHASH_H
#define _KEYEDHASH_STHASH_H

#include <linux/types.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/keccak.h>
#include <keyedhash/nhpoly1305.h>

#define STHASH_DIGEST_SIZE	32
#define STHASH_MIN_SEED_SIZE	16	/* the crate panics below this */
#define STHASH_MAX_SEED_SIZE	4096	/* this module's limit */
#define STHASH_KMAC_KEY_SIZE	32

/*
 * The personalized key blob: three le16 lengths plus the parts, at most
 * 16 KiB in all (enough for personalizations of several KiB next to a
 * 4 KiB seed).  The seed obeys the limits above.
 */
#define STHASH_PERSONALIZED_MIN_KEY_SIZE	(3 * 2 + STHASH_MIN_SEED_SIZE)
#define STHASH_PERSONALIZED_MAX_KEY_SIZE	16384

/*
 * The tfm context, about 1.3 KiB: r, the 268 NH key words and the KMAC128
 * sponge after its two header blocks (customization and key).  The request
 * state is struct kh_nhpoly1305_state.
 */
struct sthash_key {
	struct kh_keccak128 kmac;
	/* last, like the NH key within it: the host tests guard its end */
	struct kh_nhpoly1305_key nhp;
};

extern const struct kh_alg_ops sthash_alg_ops;
extern const struct kh_alg_ops sthash_personalized_alg_ops;

#endif /* _KEYEDHASH_STHASH_H */
