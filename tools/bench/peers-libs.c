// SPDX-License-Identifier: GPL-2.0
/*
 * Scale peers from general-purpose libraries: OpenSSL 3 HMAC-SHA256 and
 * Poly1305 (EVP_MAC), libsodium keyed BLAKE2b (256-bit output) and
 * SipHash-2-4.  Each is checked against a known answer at registration,
 * and on every benchmark input against an independent second
 * implementation from the other library (registered check-only, not timed).
 *
 * Key work is done once in setup() where the API allows it: the HMAC
 * context is keyed once and re-initialised per message (OpenSSL keeps the
 * keyed inner/outer states); the BLAKE2b state after the key block is
 * copied per message.  Poly1305 is a one-time-key MAC: its API takes the
 * key with every message (it is only a clamp and two words), and SipHash
 * reads its 16-byte key on every call by design.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <sodium.h>
#include "bench.h"

enum kb_lib {
	KB_OSSL_HMAC,
	KB_OSSL_POLY1305,
	KB_OSSL_BLAKE2B,
	KB_OSSL_SIPHASH,
	KB_SODIUM_HMAC,
	KB_SODIUM_POLY1305,
	KB_SODIUM_BLAKE2B,
	KB_SODIUM_SIPHASH,
};

struct kb_lib_inst {
	enum kb_lib which;
	EVP_MAC_CTX *mac;
	u8 key[64];
	size_t keylen;
	union {
		crypto_auth_hmacsha256_state hmac;
		crypto_generichash_blake2b_state b2b;
	} st0, st;
};

static EVP_MAC_CTX *kb_ossl_ctx(const char *name, size_t outlen)
{
	OSSL_PARAM params[2] = { OSSL_PARAM_END, OSSL_PARAM_END };
	EVP_MAC *mac = EVP_MAC_fetch(NULL, name, NULL);
	EVP_MAC_CTX *ctx;

	if (!mac)
		kb_fatal("OpenSSL: no %s MAC", name);
	ctx = EVP_MAC_CTX_new(mac);
	EVP_MAC_free(mac);
	if (!ctx)
		kb_fatal("OpenSSL: EVP_MAC_CTX_new(%s)", name);
	if (!strcmp(name, "HMAC"))
		params[0] = OSSL_PARAM_construct_utf8_string(
			OSSL_MAC_PARAM_DIGEST, "SHA256", 0);
	else if (outlen)
		params[0] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE,
							&outlen);
	if (!EVP_MAC_CTX_set_params(ctx, params))
		kb_fatal("OpenSSL: %s parameters", name);
	return ctx;
}

static void *kb_lib_setup(const struct kb_impl *bi, const u8 *key,
			  size_t keylen, size_t msglen)
{
	struct kb_lib_inst *l;

	(void)msglen;
	if (keylen > sizeof(l->key))
		return NULL;
	l = aligned_alloc(64, (sizeof(*l) + 63) & ~(size_t)63);
	if (!l)
		kb_fatal("out of memory");
	memset(l, 0, sizeof(*l));
	l->which = (enum kb_lib)(uintptr_t)bi->priv;
	memcpy(l->key, key, keylen);
	l->keylen = keylen;
	switch (l->which) {
	case KB_OSSL_HMAC:
		l->mac = kb_ossl_ctx("HMAC", 0);
		if (!EVP_MAC_init(l->mac, key, keylen, NULL))
			kb_fatal("OpenSSL: HMAC key");
		break;
	case KB_OSSL_POLY1305:
		if (keylen != 32)
			goto bad;
		l->mac = kb_ossl_ctx("POLY1305", 0);
		break;
	case KB_OSSL_BLAKE2B:
		l->mac = kb_ossl_ctx("BLAKE2BMAC", bi->digestsize);
		break;
	case KB_OSSL_SIPHASH:
		if (keylen != 16)
			goto bad;
		l->mac = kb_ossl_ctx("SIPHASH", bi->digestsize);
		break;
	case KB_SODIUM_HMAC:
		crypto_auth_hmacsha256_init(&l->st0.hmac, key, keylen);
		break;
	case KB_SODIUM_POLY1305:
		if (keylen != crypto_onetimeauth_poly1305_KEYBYTES)
			goto bad;
		break;
	case KB_SODIUM_BLAKE2B:
		if (crypto_generichash_blake2b_init(&l->st0.b2b, key, keylen,
						    bi->digestsize))
			goto bad;
		break;
	case KB_SODIUM_SIPHASH:
		if (keylen != crypto_shorthash_siphash24_KEYBYTES)
			goto bad;
		break;
	}
	return l;
bad:
	free(l);
	return NULL;
}

static void kb_ossl_mac(EVP_MAC_CTX *ctx, const u8 *key, size_t keylen,
			const u8 *msg, size_t len, u8 *out, size_t outlen)
{
	size_t n = 0;

	if (!EVP_MAC_init(ctx, key, keylen, NULL) ||
	    !EVP_MAC_update(ctx, msg, len) ||
	    !EVP_MAC_final(ctx, out, &n, outlen) || n != outlen)
		kb_fatal("OpenSSL MAC failed");
}

static void kb_lib_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	struct kb_lib_inst *l = inst;

	switch (l->which) {
	case KB_OSSL_HMAC:		/* NULL key: reuse the keyed states */
		kb_ossl_mac(l->mac, NULL, 0, msg, len, out, 32);
		break;
	case KB_OSSL_POLY1305:
		kb_ossl_mac(l->mac, l->key, 32, msg, len, out, 16);
		break;
	case KB_OSSL_BLAKE2B:
		kb_ossl_mac(l->mac, l->key, l->keylen, msg, len, out, 32);
		break;
	case KB_OSSL_SIPHASH:
		kb_ossl_mac(l->mac, l->key, 16, msg, len, out, 8);
		break;
	case KB_SODIUM_HMAC:
		l->st.hmac = l->st0.hmac;
		crypto_auth_hmacsha256_update(&l->st.hmac, msg, len);
		crypto_auth_hmacsha256_final(&l->st.hmac, out);
		break;
	case KB_SODIUM_POLY1305:
		crypto_onetimeauth_poly1305(out, msg, len, l->key);
		break;
	case KB_SODIUM_BLAKE2B:
		l->st.b2b = l->st0.b2b;
		crypto_generichash_blake2b_update(&l->st.b2b, msg, len);
		crypto_generichash_blake2b_final(&l->st.b2b, out, 32);
		break;
	case KB_SODIUM_SIPHASH:
		crypto_shorthash_siphash24(out, msg, len, l->key);
		break;
	}
}

static void kb_lib_teardown(void *inst)
{
	struct kb_lib_inst *l = inst;

	EVP_MAC_CTX_free(l->mac);
	free(l);
}

/* Known answers (RFC 4231 2, RFC 8439 2.5.2, BLAKE2b, SipHash paper A). */
struct kb_kat {
	const char *alg;
	const char *key;	/* hex, or "seq:N" for 00 01 .. N-1 */
	const char *msg;	/* the same, or "str:text" */
	const char *digest;	/* hex */
};

static const struct kb_kat kb_kats[] = {
	{ "hmac-sha256", "str:Jefe", "str:what do ya want for nothing?",
	  "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
	{ "poly1305",
	  "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
	  "str:Cryptographic Forum Research Group",
	  "a8061dc1305136c6c22b8baf0c0127a9" },
	{ "blake2b-256", "seq:32", "seq:100",
	  "5c0ab21018b1328b7612b997a8899146f97aab2dc0a3d8f7113717558bf25e5a" },
	{ "siphash-2-4", "seq:16", "seq:15", "e545be4961ca29a1" },
};

static size_t kb_kat_bytes(const char *s, u8 *out, size_t max)
{
	size_t n, i;
	unsigned int b;

	if (!strncmp(s, "str:", 4)) {
		n = strlen(s + 4);
		memcpy(out, s + 4, n);
		return n;
	}
	if (!strncmp(s, "seq:", 4)) {
		n = strtoul(s + 4, NULL, 10);
		for (i = 0; i < n; i++)
			out[i] = (u8)i;
		return n;
	}
	n = strlen(s) / 2;
	if (n > max)
		kb_fatal("KAT too long");
	for (i = 0; i < n; i++) {
		sscanf(s + 2 * i, "%2x", &b);
		out[i] = (u8)b;
	}
	return n;
}

static void kb_lib_kat(const struct kb_impl *bi)
{
	u8 key[64], msg[128], want[64], got[64];
	size_t keylen, msglen, i;
	void *inst;

	for (i = 0; i < sizeof(kb_kats) / sizeof(kb_kats[0]); i++) {
		if (strcmp(kb_kats[i].alg, bi->alg))
			continue;
		keylen = kb_kat_bytes(kb_kats[i].key, key, sizeof(key));
		msglen = kb_kat_bytes(kb_kats[i].msg, msg, sizeof(msg));
		kb_kat_bytes(kb_kats[i].digest, want, sizeof(want));
		inst = bi->setup(bi, key, keylen, msglen);
		if (!inst)
			kb_fatal("%s: setup failed on its known answer", bi->name);
		bi->hash(inst, msg, msglen, got);
		bi->teardown(inst);
		if (memcmp(got, want, bi->digestsize))
			kb_fatal("%s: wrong known answer", bi->name);
		return;
	}
	kb_fatal("%s: no known answer", bi->alg);
}

static void kb_add_lib(const char *alg, const char *name, unsigned int ds,
		       enum kb_lib which, bool check_only, const char *note)
{
	struct kb_impl *bi = kb_add(alg, name, ds);

	bi->check_only = check_only;
	bi->setup = kb_lib_setup;
	bi->hash = kb_lib_hash;
	bi->teardown = kb_lib_teardown;
	bi->priv = (const void *)(uintptr_t)which;
	snprintf(bi->note, sizeof(bi->note), "%s", note);
	kb_lib_kat(bi);
}

void kb_register_libs(void)
{
	char ossl[64], sod[64];

	if (sodium_init() < 0)
		kb_fatal("sodium_init failed");
	snprintf(ossl, sizeof(ossl), "%s", OpenSSL_version(OPENSSL_VERSION));
	snprintf(sod, sizeof(sod), "libsodium %s", sodium_version_string());

	kb_add_lib("hmac-sha256", "peer:openssl-hmac-sha256", 32,
		   KB_OSSL_HMAC, false, ossl);
	kb_add_lib("hmac-sha256", "peer:libsodium-hmac-sha256", 32,
		   KB_SODIUM_HMAC, true, sod);
	kb_add_lib("poly1305", "peer:openssl-poly1305", 16,
		   KB_OSSL_POLY1305, false, ossl);
	kb_add_lib("poly1305", "peer:libsodium-poly1305", 16,
		   KB_SODIUM_POLY1305, true, sod);
	kb_add_lib("blake2b-256", "peer:libsodium-blake2b", 32,
		   KB_SODIUM_BLAKE2B, false, sod);
	kb_add_lib("blake2b-256", "peer:openssl-blake2bmac", 32,
		   KB_OSSL_BLAKE2B, true, ossl);
	kb_add_lib("siphash-2-4", "peer:libsodium-siphash24", 8,
		   KB_SODIUM_SIPHASH, false, sod);
	kb_add_lib("siphash-2-4", "peer:openssl-siphash", 8,
		   KB_OSSL_SIPHASH, true, ossl);
}
