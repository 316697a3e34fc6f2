// SPDX-License-Identifier: GPL-2.0
/*
 * STHash: the library (<keyedhash/sthash.h>): key derivation for both key
 * forms, the crate's output step, and the stream's update on the
 * instruction set chosen at module init (arch/<arch>/sthash.h).
 * See the sthash crate (crates.io/crates/sthash).
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
#include <linux/export.h>
#include <keyedhash/internal/sthash.h>

static const u8 sthash_kdf_name[] = {
	's', 't', 'h', 'a', 's', 'h', ' ', 'k', 'e', 'y',
};

/* Everything key-dependent, done once per key; no allocation. */
static void sthash_derive(struct kh_sthash_key *k, const u8 *seed,
			  size_t seedlen, const u8 *c1, size_t c1len,
			  const u8 *c2, size_t c2len)
{
	struct kh_keccak128 xof;
	u8 km[KH_STHASH_KMAC_KEY_SIZE], kp[KH_POLY1305_KEY_SIZE];

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
	return seedlen >= KH_STHASH_MIN_SEED_SIZE &&
	       seedlen <= KH_STHASH_MAX_SEED_SIZE;
}

int kh_sthash_setkey(struct kh_sthash_key *key, const u8 *seed,
		     size_t seedlen)
{
	if (!sthash_seed_len_ok(seedlen))
		return -EINVAL;
	sthash_derive(key, seed, seedlen, NULL, 0, NULL, 0);
	return 0;
}
EXPORT_SYMBOL_GPL(kh_sthash_setkey);

/* blob = le16 len || seed || le16 len || c1 || le16 len || c2, exactly */
int kh_sthash_personalized_setkey(struct kh_sthash_key *key, const u8 *blob,
				  size_t bloblen)
{
	const u8 *part[3];
	size_t len[3];
	size_t off = 0;
	int i;

	if (bloblen > KH_STHASH_PERSONALIZED_MAX_KEY_SIZE)
		return -EINVAL;
	for (i = 0; i < 3; i++) {
		if (bloblen - off < 2)
			return -EINVAL;
		len[i] = get_unaligned_le16(blob + off);
		off += 2;
		if (bloblen - off < len[i])
			return -EINVAL;
		part[i] = blob + off;
		off += len[i];
	}
	if (off != bloblen || !sthash_seed_len_ok(len[0]))
		return -EINVAL;
	sthash_derive(key, part[0], len[0], part[1], len[1], part[2], len[2]);
	return 0;
}
EXPORT_SYMBOL_GPL(kh_sthash_personalized_setkey);

void kh_sthash_init(struct kh_sthash_state *st)
{
	kh_nhpoly1305_stream_init(&st->nhp);
}
EXPORT_SYMBOL_GPL(kh_sthash_init);

void kh_sthash_update(struct kh_sthash_state *st,
		      const struct kh_sthash_key *key, const u8 *data,
		      size_t len)
{
	kh_sthash_update_arch(st, key, data, len);
}
EXPORT_SYMBOL_GPL(kh_sthash_update);

int kh_sthash_final_generic(struct kh_sthash_state *st,
			    const struct kh_sthash_key *key, u8 *out)
{
	struct kh_keccak128 kmac;

	kh_sthash_final_absorb(st, key, &kmac);
	kh_keccakf1600_generic(kmac.st);
	kh_sthash_final_squeeze(&kmac, out);
	kh_wipe_state(st, sizeof(*st));
	return 0;
}

void kh_sthash_final(struct kh_sthash_state *st,
		     const struct kh_sthash_key *key,
		     u8 out[KH_STHASH_DIGEST_SIZE])
{
	kh_sthash_final_arch(st, key, out);
}
EXPORT_SYMBOL_GPL(kh_sthash_final);

void kh_sthash(const struct kh_sthash_key *key, const u8 *data, size_t len,
	       u8 out[KH_STHASH_DIGEST_SIZE])
{
	struct kh_sthash_state st;

	kh_sthash_init(&st);
	kh_sthash_update_arch(&st, key, data, len);
	kh_sthash_final_arch(&st, key, out);
}
EXPORT_SYMBOL_GPL(kh_sthash);
