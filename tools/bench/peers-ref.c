// SPDX-License-Identifier: GPL-2.0
/*
 * Check-only references for the kernel peers (peers-kernel.c) and their
 * dm-integrity rows, from outside the kernel: OpenSSL's HMAC-SHA256 and
 * HMAC-SHA512, libsodium's keyed BLAKE2b and Poly1305, a bitwise CRC32C and
 * a plain xxHash64 written here from the algorithms' definitions (each
 * first checked against published answers).  Every kernel peer's digest
 * must equal these before anything is timed (bench.c).  OpenSSL's
 * HMAC-SHA512 through EVP_MAC, keyed once, is also timed, as the bare row
 * of hmac-sha512.
 *
 * A dm-integrity reference hashes, in one call, what dm-integrity feeds
 * the MAC in several: [the salt,] the le64 sector number, the block.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#ifdef KB_HAVE_LIBS
#include <openssl/evp.h>
#include <openssl/core_names.h>
#include <openssl/hmac.h>
#include <sodium.h>
#endif

/* CRC32C (Castagnoli, reflected polynomial 0x82f63b78), bit by bit */
static u32 kb_crc32c_bits(u32 crc, const u8 *p, size_t n)
{
	int k;

	while (n--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0x82f63b78u & -(crc & 1));
	}
	return crc;
}

/* xxHash64 (the XXH64 specification), seed @seed */
#define KB_P1 0x9e3779b185ebca87ull
#define KB_P2 0xc2b2ae3d27d4eb4full
#define KB_P3 0x165667b19e3779f9ull
#define KB_P4 0x85ebca77c2b2ae63ull
#define KB_P5 0x27d4eb2f165667c5ull

static u64 kb_rotl64(u64 x, int r)
{
	return x << r | x >> (64 - r);
}

static u64 kb_xxround(u64 acc, u64 lane)
{
	return kb_rotl64(acc + lane * KB_P2, 31) * KB_P1;
}

static u64 kb_xxmerge(u64 acc, u64 v)
{
	return (acc ^ kb_xxround(0, v)) * KB_P1 + KB_P4;
}

static u64 kb_xxh64(const u8 *p, size_t n, u64 seed)
{
	const u8 *end = p + n;
	u64 h;

	if (n >= 32) {
		u64 v[4] = { seed + KB_P1 + KB_P2, seed + KB_P2, seed,
			     seed - KB_P1 };
		int i;

		for (; end - p >= 32; p += 32)
			for (i = 0; i < 4; i++)
				v[i] = kb_xxround(v[i], kb_load64(p + 8 * i));
		h = kb_rotl64(v[0], 1) + kb_rotl64(v[1], 7) +
		    kb_rotl64(v[2], 12) + kb_rotl64(v[3], 18);
		for (i = 0; i < 4; i++)
			h = kb_xxmerge(h, v[i]);
	} else {
		h = seed + KB_P5;
	}
	h += n;
	for (; end - p >= 8; p += 8)
		h = kb_rotl64(h ^ kb_xxround(0, kb_load64(p)), 27) * KB_P1 +
		    KB_P4;
	if (end - p >= 4) {
		u32 w;

		memcpy(&w, p, 4);
		h = kb_rotl64(h ^ (u64)w * KB_P1, 23) * KB_P2 + KB_P3;
		p += 4;
	}
	for (; p < end; p++)
		h = kb_rotl64(h ^ *p * KB_P5, 11) * KB_P1;
	h ^= h >> 33;
	h *= KB_P2;
	h ^= h >> 29;
	h *= KB_P3;
	h ^= h >> 32;
	return h;
}

/* XXH64 of the bytes 0, 1, ..., 99, seed 0 (the python3-xxhash module) */
#define KB_XXH64_100	0x6ac1e58032166597ull

/* Published answers: CRC32C "123456789"; XXH64 of "", "a", "abc", seed 0. */
static void kb_refs_selftest(void)
{
	static const u8 nine[] = "123456789", abc[] = "abc";
	u8 long_msg[100];
	size_t i;

	if (~kb_crc32c_bits(~0u, nine, 9) != 0xe3069283u)
		kb_fatal("reference CRC32C fails its check value");
	if (kb_xxh64(abc, 0, 0) != 0xef46db3751d8e999ull ||
	    kb_xxh64(abc, 1, 0) != 0xd24ec4f1a98c6e5bull ||
	    kb_xxh64(abc, 3, 0) != 0x44bc2cf5ad770999ull)
		kb_fatal("reference xxHash64 fails its known answers");
	/* the 32-byte stripes: a known answer from the python xxhash module */
	for (i = 0; i < sizeof(long_msg); i++)
		long_msg[i] = (u8)i;
	if (kb_xxh64(long_msg, sizeof(long_msg), 0) != KB_XXH64_100)
		kb_fatal("reference xxHash64 fails its 100-byte answer");
}

enum kb_ref {
	KB_REF_CRC32C, KB_REF_XXH64,
#ifdef KB_HAVE_LIBS
	KB_REF_HMAC256, KB_REF_HMAC512, KB_REF_BLAKE2B, KB_REF_POLY1305,
	KB_REF_EVP_HMAC512,	/* timed: EVP_MAC keyed once, as peers-libs.c */
#endif
};

struct kb_ref_inst {
	enum kb_ref which;
	bool dmi, salt;
	u8 key[64];
	size_t keylen;
	u8 *buf;
#ifdef KB_HAVE_LIBS
	EVP_MAC_CTX *mac;
#endif
};

static void *kb_ref_setup(const struct kb_impl *bi, const u8 *key,
			  size_t keylen, size_t msglen)
{
	struct kb_ref_inst *r;

	if (keylen > sizeof(r->key))
		return NULL;
	r = kb_zalloc(sizeof(*r));
	r->which = (enum kb_ref)((uintptr_t)bi->priv & 0xff);
	r->dmi = (uintptr_t)bi->priv & 0x100;
	r->salt = (uintptr_t)bi->priv & 0x200;
	memcpy(r->key, key, keylen);
	r->keylen = keylen;
	r->buf = kb_zalloc(24 + msglen);
#ifdef KB_HAVE_LIBS
	if (r->which == KB_REF_EVP_HMAC512) {
		OSSL_PARAM params[2] = {
			OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
							 "SHA512", 0),
			OSSL_PARAM_END,
		};
		EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);

		r->mac = mac ? EVP_MAC_CTX_new(mac) : NULL;
		EVP_MAC_free(mac);
		if (!r->mac || !EVP_MAC_CTX_set_params(r->mac, params) ||
		    !EVP_MAC_init(r->mac, key, keylen, NULL))
			kb_fatal("OpenSSL: HMAC-SHA512 setup");
	}
#endif
	return r;
}

static void kb_ref_teardown(void *inst)
{
	struct kb_ref_inst *r = inst;

#ifdef KB_HAVE_LIBS
	EVP_MAC_CTX_free(r->mac);
#endif
	free(r->buf);
	free(r);
}

static void kb_ref_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	struct kb_ref_inst *r = inst;
	const u8 *p = msg;
	size_t n = len;
	u64 sector = KB_DMI_SECTOR;
	u32 crc;
	u64 h;

	if (r->dmi) {
		n = 0;
		if (r->salt) {
			memcpy(r->buf, KB_DMI_SALT, 16);
			n = 16;
		}
		memcpy(r->buf + n, &sector, 8);		/* little-endian */
		memcpy(r->buf + n + 8, msg, len);
		n += 8 + len;
		p = r->buf;
	}
	switch (r->which) {
	case KB_REF_CRC32C:
		crc = ~kb_crc32c_bits(~0u, p, n);
		memcpy(out, &crc, 4);
		break;
	case KB_REF_XXH64:
		h = kb_xxh64(p, n, 0);
		memcpy(out, &h, 8);
		break;
#ifdef KB_HAVE_LIBS
	case KB_REF_HMAC256:
	case KB_REF_HMAC512:
		if (!HMAC(r->which == KB_REF_HMAC256 ? EVP_sha256() : EVP_sha512(),
			  r->key, (int)r->keylen, p, n, out, NULL))
			kb_fatal("OpenSSL HMAC failed");
		break;
	case KB_REF_EVP_HMAC512:	/* NULL key: reuse the keyed states */
		if (!EVP_MAC_init(r->mac, NULL, 0, NULL) ||
		    !EVP_MAC_update(r->mac, p, n) ||
		    !EVP_MAC_final(r->mac, out, &n, 64) || n != 64)
			kb_fatal("OpenSSL: HMAC-SHA512 failed");
		break;
	case KB_REF_BLAKE2B:
		if (crypto_generichash_blake2b(out, 32, p, n, r->key, r->keylen))
			kb_fatal("libsodium BLAKE2b failed");
		break;
	case KB_REF_POLY1305:
		/* the shash keys itself from its first 32 bytes */
		if (n < 32)
			kb_fatal("Poly1305 reference: %zu bytes", n);
		crypto_onetimeauth_poly1305(out, p + 32, n - 32, p);
		break;
#endif
	}
}

static void kb_add_ref(const char *alg, const char *name, unsigned int ds,
		       enum kb_ref which, unsigned int flags, bool timed,
		       const char *note)
{
	struct kb_impl *bi = kb_add(alg, name, ds);

	bi->check_only = !timed;
	bi->setup = kb_ref_setup;
	bi->hash = kb_ref_hash;
	bi->teardown = kb_ref_teardown;
	bi->priv = (const void *)(uintptr_t)(which | flags);
	snprintf(bi->note, sizeof(bi->note), "%s", note);
}

#define KB_DMI	0x100
#define KB_SALT	0x200

void kb_register_refs(void)
{
	kb_refs_selftest();
	kb_add_ref("crc32c", "ref:crc32c-bitwise", 4, KB_REF_CRC32C, 0, false,
		   "bitwise CRC32C, unkeyed (seed ~0)");
	kb_add_ref("xxhash64", "ref:xxh64", 8, KB_REF_XXH64, 0, false,
		   "plain XXH64, seed 0");
	kb_add_ref(KB_DMI_PREFIX "crc32c", "ref:crc32c-bitwise", 4,
		   KB_REF_CRC32C, KB_DMI, false, "bitwise CRC32C");
	kb_add_ref(KB_DMI_PREFIX "xxhash64", "ref:xxh64", 8, KB_REF_XXH64,
		   KB_DMI, false, "plain XXH64");
#ifdef KB_HAVE_LIBS
	kb_add_ref("hmac-sha512", "ref:openssl-hmac-sha512", 64,
		   KB_REF_HMAC512, 0, false, "OpenSSL 3 HMAC() one-shot");
	kb_add_ref("hmac-sha512", "peer:openssl-hmac-sha512", 64,
		   KB_REF_EVP_HMAC512, 0, true,
		   "OpenSSL 3 EVP_MAC HMAC-SHA512, keyed once");
	kb_add_ref(KB_DMI_PREFIX "hmac(sha256)", "ref:openssl-hmac-sha256", 32,
		   KB_REF_HMAC256, KB_DMI | KB_SALT, false, "OpenSSL HMAC()");
	kb_add_ref(KB_DMI_PREFIX "hmac(sha512)", "ref:openssl-hmac-sha512", 64,
		   KB_REF_HMAC512, KB_DMI | KB_SALT, false, "OpenSSL HMAC()");
	kb_add_ref(KB_DMI_PREFIX "blake2b-256", "ref:libsodium-blake2b", 32,
		   KB_REF_BLAKE2B, KB_DMI | KB_SALT, false, "libsodium keyed");
	kb_add_ref(KB_DMI_PREFIX "poly1305", "ref:libsodium-poly1305", 16,
		   KB_REF_POLY1305, KB_DMI, false, "libsodium onetimeauth");
#endif
}
