// SPDX-License-Identifier: GPL-2.0
/*
 * Constant-time check of libkeyedhash (make ct; the host tier runs it as
 * build/lib/test-ct): run under Valgrind memcheck with every secret byte
 * marked undefined (VALGRIND_MAKE_MEM_UNDEFINED, the "ctgrind" technique),
 * so that memcheck reports any conditional branch, and any load or store
 * address, computed from a key, a key context, a state or a message byte.
 * Only lengths are public.  The digest is marked defined again before it
 * is compared, so its own comparison is not reported.
 *
 * Every driver this (virtual) CPU runs, through the public API, driver
 * pinned by name: key setup, one-shot digests and streamed ones (pieces of
 * 1, 15, 31, 700 bytes and the rest), a state copy taken mid-message,
 * reset, over lengths chosen to reach every SIMD threshold and every tail
 * (KH_CT_LENS below) and several key sizes.  Streamed and one-shot must
 * agree (a wrong digest is an error too).
 *
 *   ct [-d SUBSTRING] [-q]    only drivers whose name contains SUBSTRING;
 *                             -q: a few lengths (the mutant runs)
 *
 * Outside Valgrind the marks are no-ops: the program then only checks
 * that streamed equals one-shot.  It prints one last line, its result.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <valgrind/memcheck.h>

#include <keyedhash.h>

#define SECRET(p, n)	VALGRIND_MAKE_MEM_UNDEFINED(p, n)
#define PUBLIC(p, n)	VALGRIND_MAKE_MEM_DEFINED(p, n)

/*
 * Lengths: every tail of the 16- and 32-byte blocks, both sides of each
 * SIMD threshold of arch/<arch>/<alg>.h (128, 192, 384, 768,
 * 2048) and of NH's 1 KiB chunk, more than one chunk, and 4099.
 */
static const size_t kh_ct_lens[] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
	20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 47, 48, 63, 64,
	65, 95, 96, 127, 128, 129, 191, 192, 193, 383, 384, 385, 767, 768, 769,
	1023, 1024, 1025, 1039, 2047, 2048, 2049, 3000, 4095, 4096, 4099,
};
static const size_t kh_ct_quick_lens[] = { 0, 5, 33, 200, 1100 };

/* Multimixer-128 takes whole 32-byte blocks, at most the key's length. */
static const size_t kh_ct_mm_lens[] = {
	32, 64, 96, 128, 160, 192, 224, 256, 384, 416, 768, 800, 1024, 2048,
	2080, 4096, 4128,
};
static const size_t kh_ct_mm_quick_lens[] = { 32, 224 };

#define KH_CT_MAXLEN	4128
#define KH_CT_MAXKEY	4200

static uint8_t kh_key[KH_CT_MAXKEY], kh_msg[KH_CT_MAXLEN];
static unsigned long kh_runs, kh_bad;
static int kh_quick;

static void kh_random(uint8_t *p, size_t n)
{
	static uint64_t x = 0x9e3779b97f4a7c15ull;

	while (n--) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		*p++ = (uint8_t)(x >> 24);
	}
}

static void kh_bad_case(const char *drv, size_t keylen, size_t len, const char *what)
{
	fprintf(stderr, "ct: %s: key %zu bytes, message %zu bytes: %s\n",
		drv, keylen, len, what);
	kh_bad++;
}

/*
 * One message length under key @k: the one-shot digest, then streamed in
 * pieces with a copy of the state after the first pieces, finished too;
 * then reset and streamed once more.
 */
static void kh_ct_len(keyedhash_key *k, const char *drv, size_t keylen, size_t len)
{
	static const size_t pieces[] = { 1, 15, 31, 700 };
	uint8_t ref[KEYEDHASH_MAX_DIGEST], out[KEYEDHASH_MAX_DIGEST];
	size_t ds = keyedhash_key_digest_size(k), pos = 0, cut = len / 3;
	keyedhash_state *s, *c = NULL;
	unsigned int i = 0;
	int err;

	kh_random(kh_msg, len);
	SECRET(kh_msg, len);
	err = keyedhash_digest(k, kh_msg, len, ref, sizeof(ref));
	PUBLIC(ref, sizeof(ref));
	if (err) {
		kh_bad_case(drv, keylen, len, keyedhash_strerror(err));
		return;
	}
	if (keyedhash_state_new(&s, k)) {
		kh_bad_case(drv, keylen, len, "keyedhash_state_new failed");
		return;
	}
	while (pos < len) {
		size_t n = i < 4 ? pieces[i++] : len - pos;

		if (n > len - pos)
			n = len - pos;
		if (!c && pos + n > cut) {
			n = cut - pos;
			if (keyedhash_update(s, kh_msg + pos, n) ||
			    keyedhash_state_dup(&c, s))
				kh_bad_case(drv, keylen, len, "update or copy failed");
			pos += n;
			continue;
		}
		if (keyedhash_update(s, kh_msg + pos, n))
			kh_bad_case(drv, keylen, len, "update failed");
		pos += n;
	}
	err = keyedhash_final(s, out, sizeof(out));
	PUBLIC(out, sizeof(out));
	if (err || memcmp(out, ref, ds))
		kh_bad_case(drv, keylen, len, "streamed differs from one-shot");
	if (c) {
		if (keyedhash_update(c, kh_msg + cut, len - cut) ||
		    keyedhash_final(c, out, sizeof(out)))
			kh_bad_case(drv, keylen, len, "copy failed");
		PUBLIC(out, sizeof(out));
		if (memcmp(out, ref, ds))
			kh_bad_case(drv, keylen, len, "copy differs from one-shot");
		keyedhash_state_free(c);
	}
	/* reset: the same message once more, in two pieces */
	if (keyedhash_reset(s) || keyedhash_update(s, kh_msg, len / 2) ||
	    keyedhash_update(s, kh_msg + len / 2, len - len / 2) ||
	    keyedhash_final(s, out, sizeof(out)))
		kh_bad_case(drv, keylen, len, "reset failed");
	PUBLIC(out, sizeof(out));
	if (memcmp(out, ref, ds))
		kh_bad_case(drv, keylen, len, "after reset differs from one-shot");
	keyedhash_state_free(s);
	kh_runs++;
}

/*
 * Key @keylen bytes of kh_key: its bytes secret but for @public_len bytes
 * at the offsets @public_at (sthash-personalized's length fields), made into
 * a key of @drv, then every length.
 */
static void kh_ct_key(const char *drv, size_t keylen, const size_t *public_at,
		      unsigned int npublic)
{
	const size_t *lens = kh_ct_lens;
	size_t nlens = sizeof(kh_ct_lens) / sizeof(kh_ct_lens[0]), i;
	keyedhash_key *k;
	int mm = !strncmp(drv, "multimixer128", 13), err;

	if (kh_quick) {
		lens = kh_ct_quick_lens;
		nlens = sizeof(kh_ct_quick_lens) / sizeof(kh_ct_quick_lens[0]);
	}
	if (mm) {
		lens = kh_quick ? kh_ct_mm_quick_lens : kh_ct_mm_lens;
		nlens = kh_quick ? sizeof(kh_ct_mm_quick_lens) / sizeof(kh_ct_mm_quick_lens[0]) :
				   sizeof(kh_ct_mm_lens) / sizeof(kh_ct_mm_lens[0]);
	}
	SECRET(kh_key, keylen);
	for (i = 0; i < npublic; i++)
		PUBLIC(kh_key + public_at[i], 2);
	err = keyedhash_key_new(&k, drv, kh_key, keylen);
	if (err) {
		kh_bad_case(drv, keylen, 0, keyedhash_strerror(err));
		return;
	}
	for (i = 0; i < nlens; i++)
		if (!mm || lens[i] <= keylen)
			kh_ct_len(k, drv, keylen, lens[i]);
	keyedhash_key_free(k);
}

/* sthash-personalized's blob: le16 n | seed | le16 n | c1 | le16 n | c2 */
static void kh_ct_blob(const char *drv, size_t seed, size_t c1, size_t c2)
{
	size_t at[3] = { 0, 2 + seed, 4 + seed + c1 };

	kh_random(kh_key, 6 + seed + c1 + c2);
	kh_key[at[0]] = seed & 0xff;
	kh_key[at[0] + 1] = seed >> 8;
	kh_key[at[1]] = c1 & 0xff;
	kh_key[at[1] + 1] = c1 >> 8;
	kh_key[at[2]] = c2 & 0xff;
	kh_key[at[2] + 1] = c2 >> 8;
	kh_ct_key(drv, 6 + seed + c1 + c2, at, 3);
}

static void kh_ct_driver(const char *drv)
{
	static const size_t sthash_seeds[] = { 16, 137, 4096 };
	static const size_t sthash_quick[] = { 16 };
	unsigned int i;

	if (!strncmp(drv, "sthash-personalized", 19)) {
		kh_ct_blob(drv, 16, 0, 0);
		if (!kh_quick)
			kh_ct_blob(drv, 64, 10, 300);
	} else if (!strncmp(drv, "sthash", 6)) {
		for (i = 0; i < (kh_quick ? 1 : 3); i++) {
			size_t n = kh_quick ? sthash_quick[i] : sthash_seeds[i];

			kh_random(kh_key, n);
			kh_ct_key(drv, n, NULL, 0);
		}
	} else if (!strncmp(drv, "multimixer128", 13)) {
		kh_random(kh_key, 32);
		kh_ct_key(drv, 32, NULL, 0);
		kh_random(kh_key, KH_CT_MAXLEN);
		kh_ct_key(drv, kh_quick ? 256 : KH_CT_MAXLEN, NULL, 0);
	} else if (!strncmp(drv, "nhpoly1305", 10)) {
		kh_random(kh_key, 1088);
		kh_ct_key(drv, 1088, NULL, 0);
	} else if (!strncmp(drv, "highwayhash", 11)) {
		for (i = 0; i < (kh_quick ? 1 : 2); i++) {
			kh_random(kh_key, 32);
			kh_ct_key(drv, 32, NULL, 0);
		}
	} else {
		kh_bad_case(drv, 0, 0, "no key recipe for this driver (tests/libkeyedhash/ct.c)");
	}
}

int main(int argc, char **argv)
{
	const char *only = NULL, *drv;
	char notrun[512] = "";
	unsigned int d, ndrv = 0, nnot = 0;
	int opt;

	while ((opt = getopt(argc, argv, "d:q")) != -1) {
		if (opt == 'd')
			only = optarg;
		else if (opt == 'q')
			kh_quick = 1;
		else
			return 2;
	}
	for (d = 0; (drv = keyedhash_driver_name(d)); d++) {
		if (only && !strstr(drv, only))
			continue;
		if (!keyedhash_driver_usable(drv)) {
			/* AVX-512 under Valgrind: its virtual CPU lacks it */
			nnot++;
			if (strlen(notrun) + strlen(drv) + 3 < sizeof(notrun))
				snprintf(notrun + strlen(notrun), sizeof(notrun) - strlen(notrun),
					 "%s%s", *notrun ? " " : "", drv);
			continue;
		}
		kh_ct_driver(drv);
		ndrv++;
	}
	if (kh_bad || !ndrv) {
		printf("ct: %u drivers, %lu key-length cases, %lu failed%s\n",
		       ndrv, kh_runs, kh_bad, ndrv ? "" : " (no driver ran)");
		return 1;
	}
	printf("ct: %u drivers, %lu key-length cases, no branch and no address"
	       " computed from a secret byte", ndrv, kh_runs);
	if (nnot)
		printf(", %u not run (%s lacks them: %s; tests/rig/host/ct-asm.py and make ct-timing cover them)",
		       nnot, RUNNING_ON_VALGRIND ? "valgrind's virtual CPU" : "this CPU", notrun);
	printf("\n");
	return 0;
}
