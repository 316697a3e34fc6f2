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
 * Both use the NH block functions of the nhpoly1305 drivers.
 */
#ifndef _KEYEDHASH_STHASH_H
#define _KEYEDHASH_STHASH_H

#include <linux/types.h>
#include <linux/unaligned.h>
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

/* What every STHash driver shares (core/sthash.c). */
int kh_sthash_setkey(void *ctx, const u8 *key, unsigned int keylen);
int kh_sthash_personalized_setkey(void *ctx, const u8 *key,
				  unsigned int keylen);
void kh_sthash_init(const void *ctx, void *state);
/* final() with the generic Keccak-f[1600] */
int kh_sthash_final(const struct kh_impl *impl, const void *ctx, void *state,
		    u8 *out);

/* The generic drivers' state machines (core/sthash.c). */
extern const struct kh_alg_ops kh_sthash_generic_ops;
extern const struct kh_alg_ops kh_sthash_personalized_generic_ops;

/*
 * The output step: close the stream, then KMAC128 over LE64(length) || the
 * Poly1305 value.  @keccakf permutes the sponge once (@impl and the message
 * length tell it whether it may use SIMD: a driver with a SIMD permutation
 * passes its own); the 32-byte output needs no further permutation.
 */
static __always_inline int
kh_sthash_final_with(const struct kh_impl *impl, const void *ctx,
		     void *state, u8 *out,
		     void (*keccakf)(const struct kh_impl *impl, u64 len,
				     u64 st[KH_KECCAK_LANES]))
{
	const struct sthash_key *k = ctx;
	struct kh_nhpoly1305_state *st = state;
	struct kh_keccak128 kmac;
	u8 x[8 + KH_POLY1305_DIGEST_SIZE];

	BUILD_BUG_ON(STHASH_DIGEST_SIZE > KH_KECCAK128_RATE);

	kh_nhpoly1305_finish(&k->nhp, st);
	put_unaligned_le64(st->len, x);
	kh_poly1305_emit(&st->poly, x + 8, KH_POLY1305_EMIT_STHASH);

	kmac = k->kmac;
	kh_keccak128_absorb(&kmac, x, sizeof(x));
	kh_kmac128_final_pad(&kmac, STHASH_DIGEST_SIZE);
	keccakf(impl, st->len, kmac.st);
	kh_keccak128_squeeze(&kmac, out, STHASH_DIGEST_SIZE);

	memzero_explicit(&kmac, sizeof(kmac));
	memzero_explicit(x, sizeof(x));
	return 0;
}

static inline void sthash_keccakf_generic(const struct kh_impl *impl, u64 len,
					  u64 st[KH_KECCAK_LANES])
{
	kh_keccakf1600(st);
}

/*
 * A SIMD driver's update(): the NH stream in SIMD sections, each piece
 * absorbed by @piece (see kh_nhpoly1305_simd_stream_update()).
 */
static __always_inline int
kh_sthash_simd_update(const struct kh_impl *impl, const void *ctx,
		      void *state, const u8 *src, unsigned int len,
		      void (*piece)(void *f, const u8 *src, unsigned int len))
{
	const struct sthash_key *k = ctx;

	kh_nhpoly1305_simd_stream_update(&k->nhp, state, src, len,
					 kh_simd_min(&impl->simd_min), piece);
	return 0;
}

#endif /* _KEYEDHASH_STHASH_H */
