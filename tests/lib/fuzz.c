// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for libkeyedhash (public API only): from the fuzzer's
 * input an algorithm, a key (random lengths, valid or not), a message and
 * a split into pieces; for every driver of the algorithm this CPU runs
 * (SIMD and generic) the one-shot digest, the streamed one and a copy made
 * mid-message must agree, or all must refuse the key/message alike.
 * Any difference aborts (the fuzzer's failure).
 *
 * Input: byte 0 algorithm, bytes 1-2 key length (le16, scaled), bytes
 * 3-4 message length (le16), then a seed for the split, then the key and
 * message bytes (repeated to the lengths asked).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <keyedhash.h>

static const uint8_t *kh_fill(uint8_t *dst, size_t n, const uint8_t *src,
			      size_t srclen)
{
	size_t i;

	for (i = 0; i < n; i++)
		dst[i] = srclen ? src[i % srclen] : (uint8_t)(i * 131 + 7);
	return dst;
}

static void kh_fail(const char *what, const char *drv, size_t keylen, size_t len)
{
	fprintf(stderr, "fuzz: %s: driver %s, key %zu bytes, message %zu bytes\n",
		what, drv, keylen, len);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t key[70000], msg[70000];
	uint8_t ref[KEYEDHASH_MAX_DIGEST], out[KEYEDHASH_MAX_DIGEST];
	const char *alg, *drv;
	size_t keylen, len, i;
	uint32_t seed;
	int ref_err = 1, have_ref = 0;
	unsigned int nalg = 0, d;

	if (size < 9)
		return 0;
	while (keyedhash_algorithm(nalg))
		nalg++;
	alg = keyedhash_algorithm(data[0] % nalg);
	keylen = data[1] | data[2] << 8;
	/* mostly plausible key lengths, sometimes anything */
	if (!(data[1] & 0x80)) {
		if (!strncmp(alg, "highwayhash", 11))
			keylen = 32;
		else if (!strcmp(alg, "nhpoly1305"))
			keylen = 1088;
		else if (!strcmp(alg, "multimixer128"))
			keylen = (keylen % 64 + 1) * 32;
		else if (!strcmp(alg, "sthash"))
			keylen = 16 + keylen % 200;
	}
	len = (data[3] | data[4] << 8) % 4200;
	seed = data[5] | data[6] << 8 | (uint32_t)data[7] << 16;
	data += 8;
	size -= 8;
	kh_fill(key, keylen, data, size);
	if (!strcmp(alg, "sthash-personalized") && keylen >= 22 && (seed & 1)) {
		/* a well-formed blob now and then */
		size_t s = keylen - 6 - (seed >> 1) % 8;

		key[0] = s & 0xff;
		key[1] = s >> 8;
		key[2 + s] = 0; key[3 + s] = 0;
		key[4 + s] = (keylen - 6 - s) & 0xff;
		key[5 + s] = 0;
	}
	kh_fill(msg, len, size > 1 ? data + 1 : data, size > 1 ? size - 1 : size);

	for (d = 0; (drv = keyedhash_driver_name(d)); d++) {
		keyedhash_key *k;
		keyedhash_state *s, *c;
		uint32_t r = seed;
		size_t pos = 0, cut;
		int err, err2;

		if (!keyedhash_driver_usable(drv) ||
		    strncmp(drv, alg, strlen(alg)) || drv[strlen(alg)] != '-' ||
		    !strncmp(drv + strlen(alg), "-personalized", 13))
			continue;
		err = keyedhash_key_new(&k, drv, key, keylen);
		if (err) {
			if (have_ref && ref_err != err)
				kh_fail("key refused by one driver only", drv, keylen, len);
			if (!have_ref) {
				have_ref = 1;
				ref_err = err;
			}
			continue;
		}
		if (have_ref && ref_err == KEYEDHASH_EKEY)
			kh_fail("key accepted by one driver only", drv, keylen, len);
		err = keyedhash_digest(k, msg, len, out, sizeof(out));
		if (!have_ref) {
			have_ref = 1;
			ref_err = err;
			memcpy(ref, out, sizeof(ref));
		} else if (err != ref_err || (!err && memcmp(out, ref, keyedhash_key_digest_size(k)))) {
			kh_fail("one-shot differs between drivers", drv, keylen, len);
		}
		/* streamed in random pieces, a copy taken at a random point */
		if (keyedhash_state_new(&s, k))
			abort();
		cut = len ? seed % (len + 1) : 0;
		c = NULL;
		err2 = 0;
		while (!err2 && pos < len) {
			size_t n;

			r = r * 1103515245 + 12345;
			n = (r >> 16) % (r & 1 ? 9 : 700);
			if (n > len - pos)
				n = len - pos;
			if (!c && pos + n > cut) {
				n = cut - pos;
				err2 = keyedhash_update(s, msg + pos, n);
				pos += n;
				if (!err2 && keyedhash_state_dup(&c, s))
					abort();
				continue;
			}
			err2 = keyedhash_update(s, msg + pos, n);
			pos += n;
		}
		if (!err2)
			err2 = keyedhash_final(s, out, sizeof(out));
		if (err2 != err || (!err && memcmp(out, ref, keyedhash_key_digest_size(k))))
			kh_fail("streamed differs from one-shot", drv, keylen, len);
		if (c) {
			err2 = keyedhash_update(c, msg + cut, len - cut);
			if (!err2)
				err2 = keyedhash_final(c, out, sizeof(out));
			if (err2 != err || (!err && memcmp(out, ref, keyedhash_key_digest_size(k))))
				kh_fail("copy differs from one-shot", drv, keylen, len);
			keyedhash_state_free(c);
		}
		keyedhash_state_free(s);
		keyedhash_key_free(k);
	}
	return 0;
}
