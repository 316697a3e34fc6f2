// SPDX-License-Identifier: GPL-2.0
/*
 * STHash: key derivation, the crate's output step and the two algorithms
 * "sthash" and "sthash-personalized".  See include/keyedhash/sthash.h and
 * the sthash crate (crates.io/crates/sthash).
 *
 *	Km || Kp || Kn = cSHAKE128(seed, 1120 bytes, N = "sthash key", S = c1)
 *	Hp     = Poly1305_Kp(NH_Kn(chunk 0) || NH_Kn(chunk 1) || ...), crate emit
 *	digest = KMAC128(Km, LE64(message length) || Hp, 32 bytes, S = c2)
 *
 * cSHAKE and KMAC pad their headers the tiny-keccak way.  Of the crate's
 * 4144 derived bytes only the first 1120 are ever read; cSHAKE is an XOF,
 * so deriving 1120 gives the same prefix.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <keyedhash/sthash.h>
#include <keyedhash/shash.h>

static const u8 sthash_kdf_name[] = {
	's', 't', 'h', 'a', 's', 'h', ' ', 'k', 'e', 'y',
};

/* Everything key-dependent, done once per key; no allocation. */
static void sthash_derive(struct sthash_key *k, const u8 *seed,
			  size_t seedlen, const u8 *c1, size_t c1len,
			  const u8 *c2, size_t c2len)
{
	struct kh_keccak128 xof;
	u8 km[STHASH_KMAC_KEY_SIZE], kp[KH_POLY1305_KEY_SIZE];

	kh_cshake128_init(&xof, sthash_kdf_name, sizeof(sthash_kdf_name),
			  c1, c1len, KH_BYTEPAD_TINY_KECCAK);
	kh_keccak128_absorb(&xof, seed, seedlen);
	kh_keccak128_pad(&xof);
	kh_keccak128_squeeze(&xof, km, sizeof(km));
	kh_keccak128_squeeze(&xof, kp, sizeof(kp));
	/* the NH key bytes, then in place to NH's words */
	kh_keccak128_squeeze(&xof, (u8 *)k->nhp.nh_key, KH_NH_KEY_BYTES);
	kh_nh_setkey_words(k->nhp.nh_key, (const u8 *)k->nhp.nh_key);

	kh_poly1305_setkey(&k->nhp.poly, kp);
	kh_kmac128_init(&k->kmac, km, sizeof(km), c2, c2len,
			KH_BYTEPAD_TINY_KECCAK);

	memzero_explicit(&xof, sizeof(xof));
	memzero_explicit(km, sizeof(km));
	memzero_explicit(kp, sizeof(kp));
}

static bool sthash_seed_len_ok(size_t seedlen)
{
	return seedlen >= STHASH_MIN_SEED_SIZE &&
	       seedlen <= STHASH_MAX_SEED_SIZE;
}

int kh_sthash_setkey(void *ctx, const u8 *key, unsigned int keylen)
{
	if (!sthash_seed_len_ok(keylen))
		return -EINVAL;
	sthash_derive(ctx, key, keylen, NULL, 0, NULL, 0);
	return 0;
}

/* key = le16 len || seed || le16 len || c1 || le16 len || c2, exactly */
int kh_sthash_personalized_setkey(void *ctx, const u8 *key,
				  unsigned int keylen)
{
	const u8 *part[3];
	unsigned int len[3];
	unsigned int off = 0;
	int i;

	if (keylen > STHASH_PERSONALIZED_MAX_KEY_SIZE)
		return -EINVAL;
	for (i = 0; i < 3; i++) {
		if (keylen - off < 2)
			return -EINVAL;
		len[i] = get_unaligned_le16(key + off);
		off += 2;
		if (keylen - off < len[i])
			return -EINVAL;
		part[i] = key + off;
		off += len[i];
	}
	if (off != keylen || !sthash_seed_len_ok(len[0]))
		return -EINVAL;
	sthash_derive(ctx, part[0], len[0], part[1], len[1], part[2], len[2]);
	return 0;
}

void kh_sthash_init(const void *ctx, void *state)
{
	kh_nhpoly1305_stream_init(state);
}

int kh_sthash_final(const struct kh_impl *impl, const void *ctx, void *state,
		    u8 *out)
{
	return kh_sthash_final_with(impl, ctx, state, out,
				    sthash_keccakf_generic);
}

/* The generic drivers' update() */
static int kh_sthash_generic_update(const struct kh_impl *impl,
				    const void *ctx, void *state,
				    const u8 *src, unsigned int len)
{
	const struct sthash_key *k = ctx;

	kh_nhpoly1305_stream_update(&k->nhp, state, src, len);
	return 0;
}

static const struct kh_shash_fns kh_sthash_generic_shash;

const struct kh_alg_ops kh_sthash_generic_ops = {
	.ctxsize	= sizeof(struct sthash_key),
	.statesize	= sizeof(struct kh_nhpoly1305_state),
	.setkey		= kh_sthash_setkey,
	.init		= kh_sthash_init,
	.update		= kh_sthash_generic_update,
	.final		= kh_sthash_final,
	.shash		= &kh_sthash_generic_shash,
};

KH_SHASH_FNS(kh_sthash_generic_shash, kh_sthash_generic_ops);

static const struct kh_shash_fns kh_sthash_personalized_generic_shash;

const struct kh_alg_ops kh_sthash_personalized_generic_ops = {
	.ctxsize	= sizeof(struct sthash_key),
	.statesize	= sizeof(struct kh_nhpoly1305_state),
	.setkey		= kh_sthash_personalized_setkey,
	.init		= kh_sthash_init,
	.update		= kh_sthash_generic_update,
	.final		= kh_sthash_final,
	.shash		= &kh_sthash_personalized_generic_shash,
};

KH_SHASH_FNS(kh_sthash_personalized_generic_shash, kh_sthash_personalized_generic_ops);
