// SPDX-License-Identifier: GPL-2.0
/*
 * libkeyedhash against every known-answer vector (tests/libkeyedhash/vectors.py
 * flattens the files of tests/vectors/): each vector through every driver this CPU
 * runs, by driver name, by algorithm name with the generic C forced
 * (keyedhash_force_generic() and KEYEDHASH_FORCE_GENERIC), one-shot and
 * streamed in several splits, then the error paths of the API.  Uses the
 * public API only (libkeyedhash/include/keyedhash.h).
 *
 * Usage: libtest VECTORS.tsv       exit status 0 when every check passed
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <keyedhash.h>

/*
 * Under valgrind (make check's lib/test-valgrind) keyedhash_verify() is
 * given bytes marked undefined, as secret: any branch or address it takes
 * from them is a memcheck error, which fails that test.  Elsewhere (and in
 * the arm64 cross build, without valgrind's header) these do nothing.
 */
#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define KH_SECRET(p, n)		VALGRIND_MAKE_MEM_UNDEFINED(p, n)
#define KH_PUBLIC(p, n)		VALGRIND_MAKE_MEM_DEFINED(p, n)
#endif
#endif
#ifndef KH_SECRET
#define KH_SECRET(p, n)		((void)(p), (void)(n))
#define KH_PUBLIC(p, n)		((void)(p), (void)(n))
#endif

static unsigned long passed, failed;

#define CHECK(cond, ...) do {						\
	if (cond) {							\
		passed++;						\
	} else {							\
		failed++;						\
		if (failed <= 20) {					\
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);			\
			fputc('\n', stderr);				\
		}							\
	}								\
} while (0)

static uint64_t rng = 0x243f6a8885a308d3ULL;

static uint64_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static int unhex(const char *s, size_t n, uint8_t *out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned int v;

		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = (uint8_t)v;
	}
	return 0;
}

static uint64_t splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* The message of a spec (tests/vectors/README.md's patterns). */
static int make_msg(const char *spec, size_t n, uint8_t *msg)
{
	unsigned int a, b;
	unsigned long long st, off;
	size_t i;

	if (!strncmp(spec, "hex:", 4))
		return strlen(spec + 4) == 2 * n ? unhex(spec + 4, n, msg) : -1;
	if (sscanf(spec, "affine:%u:%u", &a, &b) == 2) {
		for (i = 0; i < n; i++)
			msg[i] = (uint8_t)((a * i + b) & 0xff);
		return 0;
	}
	if (sscanf(spec, "splitmix64:%llx:%llu", &st, &off) == 2) {
		uint64_t s = st, w = 0;
		size_t pos = 0, skip = off % 8;

		s += (off / 8) * 0x9e3779b97f4a7c15ULL;
		for (i = 0; pos < n; i++) {
			if (i % 8 == 0)
				w = splitmix64(&s);
			if (i >= skip)
				msg[pos++] = (uint8_t)(w >> (8 * (i % 8)));
		}
		return 0;
	}
	return -1;
}

/*
 * keyedhash_digest_many(): @msg in a batch of three, beside a message one
 * byte shorter (another length in the other lane; not for multimixer128,
 * which refuses it), each digest against the vector or keyedhash_digest().
 */
static void check_many(const keyedhash_key *k, const char *what,
		       const uint8_t *msg, size_t len, const uint8_t *want,
		       size_t dlen)
{
	uint8_t out[3 * KEYEDHASH_MAX_DIGEST], one[KEYEDHASH_MAX_DIGEST];
	bool mm = !strcmp(keyedhash_key_algorithm(k), "multimixer128");
	const void *msgs[3] = { msg, msg, msg };
	size_t lens[3] = { len, len && !mm ? len - 1 : len, len };
	int err;

	memset(out, 0, sizeof(out));
	err = keyedhash_digest_many(k, 3, msgs, lens, out, 3 * dlen);
	CHECK(!err && !memcmp(out, want, dlen) && !memcmp(out + 2 * dlen, want, dlen),
	      "%s len %zu: digest_many (%d)", what, len, err);
	err = keyedhash_digest(k, msg, lens[1], one, sizeof(one));
	CHECK(!err && !memcmp(out + dlen, one, dlen),
	      "%s len %zu: digest_many, the shorter one (%d)", what, len, err);
}

/* One-shot and streamed digests of @msg under @k against @want. */
static void check_key(const keyedhash_key *k, const char *what,
		      const uint8_t *msg, size_t len, const uint8_t *want,
		      size_t dlen)
{
	uint8_t out[KEYEDHASH_MAX_DIGEST];
	keyedhash_state *s, *c;
	int split, err;

	CHECK(keyedhash_key_digest_size(k) == dlen, "%s: digest size", what);
	memset(out, 0, sizeof(out));
	err = keyedhash_digest(k, msg, len, out, sizeof(out));
	CHECK(!err && !memcmp(out, want, dlen), "%s len %zu: one-shot (%d)", what, len, err);
	if (keyedhash_state_new(&s, k)) {
		CHECK(0, "%s: state_new", what);
		return;
	}
	/* 0: one update; 1: byte by byte (short messages); 2..5: random pieces */
	for (split = 0; split < 6; split++) {
		size_t pos = 0;

		if (split == 1 && len > 4096)
			continue;
		keyedhash_reset(s);
		err = 0;
		while (!err && pos < len) {
			size_t n = split == 0 ? len : split == 1 ? 1 :
				   next_rand() % (split == 5 ? 8192 : 200) + (split & 1);

			if (n > len - pos)
				n = len - pos;
			err = keyedhash_update(s, msg + pos, n);
			pos += n;
		}
		if (!err && split == 3) {
			/* a copy mid-message, finished instead of the original */
			CHECK(!keyedhash_state_dup(&c, s), "%s: dup", what);
			err = keyedhash_final(c, out, sizeof(out));
			keyedhash_state_free(c);
		} else if (!err) {
			err = keyedhash_final(s, out, sizeof(out));
		}
		CHECK(!err && !memcmp(out, want, dlen), "%s len %zu: split %d (%d)",
		      what, len, split, err);
	}
	keyedhash_state_free(s);
	check_many(k, what, msg, len, want, dlen);
}

static unsigned long vectors, runs;

static void check_vector(const char *name, const uint8_t *key, size_t keylen,
			 const uint8_t *msg, size_t len, const uint8_t *want,
			 size_t dlen)
{
	keyedhash_key *k;
	const char *drv;
	char what[96];
	unsigned int i;
	int err;

	vectors++;
	for (i = 0; (drv = keyedhash_driver_name(i)); i++) {
		if (!keyedhash_driver_usable(drv))
			continue;
		err = keyedhash_key_new(&k, drv, key, keylen);
		if (err == 0 && strcmp(keyedhash_key_algorithm(k), name)) {
			keyedhash_key_free(k);
			continue;
		}
		if (err == KEYEDHASH_EKEY && strcmp(name, "multimixer128") &&
		    !strncmp(drv, name, strlen(name)) && drv[strlen(name)] == '-' &&
		    strncmp(drv + strlen(name), "-personalized", 13)) {
			CHECK(0, "%s: key refused", drv);
			continue;
		}
		if (err)
			continue;
		snprintf(what, sizeof(what), "%s", drv);
		check_key(k, what, msg, len, want, dlen);
		keyedhash_key_free(k);
		runs++;
	}
	/* by algorithm name: the fastest driver, then the generic C forced */
	err = keyedhash_key_new(&k, name, key, keylen);
	CHECK(!err, "%s: key_new by name (%d)", name, err);
	if (!err) {
		check_key(k, name, msg, len, want, dlen);
		keyedhash_key_free(k);
	}
	keyedhash_force_generic(1);
	err = keyedhash_key_new(&k, name, key, keylen);
	CHECK(!err && strstr(keyedhash_key_driver(k), "-generic"),
	      "%s: forced generic (%d)", name, err);
	if (!err) {
		check_key(k, "forced generic", msg, len, want, dlen);
		keyedhash_key_free(k);
	}
	keyedhash_force_generic(0);
}

/* The API's error paths: return codes, never an abort. */
/*
 * keyedhash_verify(): equal and unequal at every byte and bit, every
 * length up to the longest digest; the bytes secret under valgrind.
 */
static void check_verify(void)
{
	uint8_t a[KEYEDHASH_MAX_DIGEST], b[KEYEDHASH_MAX_DIGEST];
	unsigned long bad = 0, n = 0;
	size_t len, i;
	unsigned int bit;
	int r;

	for (len = 0; len <= sizeof(a); len++) {
		for (i = 0; i < len; i++)
			a[i] = b[i] = (uint8_t)next_rand();
		KH_SECRET(a, len);
		KH_SECRET(b, len);
		r = keyedhash_verify(a, b, len);
		KH_PUBLIC(&r, sizeof(r));
		n++;
		bad += r != 0;
		for (i = 0; i < len; i++) {
			for (bit = 0; bit < 8; bit++) {
				KH_PUBLIC(b, len);
				b[i] ^= 1U << bit;
				KH_SECRET(b, len);
				r = keyedhash_verify(a, b, len);
				KH_PUBLIC(&r, sizeof(r));
				KH_PUBLIC(b, len);
				b[i] ^= 1U << bit;
				n++;
				bad += r != KEYEDHASH_EMISMATCH;
			}
		}
		KH_PUBLIC(a, len);
		KH_PUBLIC(b, len);
	}
	CHECK(!bad, "keyedhash_verify: %lu of %lu comparisons wrong", bad, n);
	CHECK(keyedhash_verify(NULL, b, 1) == KEYEDHASH_EINVAL &&
	      keyedhash_verify(a, NULL, 1) == KEYEDHASH_EINVAL &&
	      keyedhash_verify(NULL, NULL, 0) == 0, "keyedhash_verify NULL");
	CHECK(!strcmp(keyedhash_strerror(KEYEDHASH_EMISMATCH), "digests differ"),
	      "strerror(KEYEDHASH_EMISMATCH)");
}

static void check_errors(void)
{
	uint8_t key[2048] = { 1, 2, 3 }, msg[128] = { 0 }, out[KEYEDHASH_MAX_DIGEST];
	keyedhash_key *k = (keyedhash_key *)&k;
	keyedhash_state *s;

	CHECK(keyedhash_key_new(&k, "nosuch", key, 32) == KEYEDHASH_EALG && !k, "unknown name");
	CHECK(keyedhash_key_new(&k, NULL, key, 32) == KEYEDHASH_EINVAL, "NULL name");
	CHECK(keyedhash_key_new(NULL, "highwayhash64", key, 32) == KEYEDHASH_EINVAL, "NULL out");
	CHECK(keyedhash_key_new(&k, "highwayhash64", NULL, 32) == KEYEDHASH_EINVAL, "NULL key");
	CHECK(keyedhash_key_new(&k, "highwayhash64", key, 31) == KEYEDHASH_EKEY, "hh 31");
	CHECK(keyedhash_key_new(&k, "highwayhash256", key, 33) == KEYEDHASH_EKEY, "hh 33");
	CHECK(keyedhash_key_new(&k, "sthash", key, 15) == KEYEDHASH_EKEY, "sthash 15");
	CHECK(keyedhash_key_new(&k, "sthash", key, 4097) == KEYEDHASH_EKEY, "sthash 4097");
	CHECK(keyedhash_key_new(&k, "sthash-personalized", key, 22) == KEYEDHASH_EKEY, "blob");
	CHECK(keyedhash_key_new(&k, "nhpoly1305", key, 1087) == KEYEDHASH_EKEY, "nhp 1087");
	CHECK(keyedhash_key_new(&k, "multimixer128", key, 0) == KEYEDHASH_EKEY, "mm 0");
	CHECK(keyedhash_key_new(&k, "multimixer128", key, 48) == KEYEDHASH_EKEY, "mm 48");
	CHECK(keyedhash_key_rule("sthash") && keyedhash_key_rule("highwayhash64-generic") &&
	      !keyedhash_key_rule("nosuch"), "key rules");
	CHECK(keyedhash_digest_size("multimixer128") == 64 &&
	      keyedhash_digest_size("highwayhash128-generic") == 16 &&
	      !keyedhash_digest_size("x"), "digest sizes");
	CHECK(!strcmp(keyedhash_strerror(KEYEDHASH_EKEY), "invalid key for the algorithm"), "strerror");

	/* Multimixer-128's one-shot of one or two blocks: the stream's errors */
	CHECK(!keyedhash_key_new(&k, "multimixer128", key, 32), "mm 32");
	CHECK(keyedhash_digest(k, msg, 0, out, sizeof(out)) == KEYEDHASH_EMSG &&
	      keyedhash_digest(k, msg, 16, out, sizeof(out)) == KEYEDHASH_EMSG &&
	      keyedhash_digest(k, msg, 33, out, sizeof(out)) == KEYEDHASH_EMSG &&
	      keyedhash_digest(k, msg, 64, out, sizeof(out)) == KEYEDHASH_EMSG,
	      "mm one-shot: empty, partial block, past the key");
	keyedhash_key_free(k);
	/* Multimixer-128: a message longer than the key */
	CHECK(!keyedhash_key_new(&k, "multimixer128", key, 64), "mm 64");
	CHECK(keyedhash_digest(k, msg, 65, out, sizeof(out)) == KEYEDHASH_EMSG, "mm long one-shot");
	CHECK(!keyedhash_digest(k, msg, 64, out, sizeof(out)), "mm 64 one-shot");
	CHECK(keyedhash_digest(k, msg, 64, out, 63) == KEYEDHASH_EINVAL, "short out");
	CHECK(!keyedhash_state_new(&s, k), "state");
	CHECK(!keyedhash_update(s, msg, 60), "mm 60");
	CHECK(keyedhash_update(s, msg, 5) == KEYEDHASH_EMSG, "mm past the key");
	CHECK(keyedhash_update(s, msg, 1) == KEYEDHASH_ESTATE, "update after failure");
	CHECK(keyedhash_final(s, out, sizeof(out)) == KEYEDHASH_ESTATE, "final after failure");
	CHECK(!keyedhash_reset(s) && keyedhash_final(s, out, sizeof(out)) == KEYEDHASH_EMSG,
	      "mm empty message");
	CHECK(!keyedhash_reset(s) && !keyedhash_update(s, msg, 33) &&
	      keyedhash_final(s, out, sizeof(out)) == KEYEDHASH_EMSG, "mm partial block");
	CHECK(!keyedhash_reset(s) && !keyedhash_update(s, msg, 32) &&
	      !keyedhash_final(s, out, sizeof(out)), "reset");
	CHECK(keyedhash_final(s, out, sizeof(out)) == KEYEDHASH_ESTATE, "final twice");
	CHECK(keyedhash_update(s, NULL, 1) == KEYEDHASH_EINVAL, "NULL data");
	keyedhash_state_free(s);
	keyedhash_key_free(k);
	keyedhash_key_free(NULL);
	keyedhash_state_free(NULL);
	CHECK(keyedhash_digest(NULL, msg, 1, out, sizeof(out)) == KEYEDHASH_EINVAL, "NULL key obj");
	CHECK(keyedhash_hash("highwayhash64", key, 32, NULL, 0, out, 8) == 0, "hash empty");
	/* keyedhash_digest_many(): arguments */
	{
		const void *msgs[2] = { msg, NULL };
		size_t lens[2] = { 3, 0 };
		uint8_t two[64];

		CHECK(!keyedhash_key_new(&k, "highwayhash256", key, 32), "hh256 key");
		CHECK(!keyedhash_digest_many(k, 2, msgs, lens, two, 64), "many: NULL empty message");
		CHECK(keyedhash_digest_many(k, 2, msgs, lens, two, 63) == KEYEDHASH_EINVAL,
		      "many: short out");
		CHECK(keyedhash_digest_many(k, 2, NULL, lens, two, 64) == KEYEDHASH_EINVAL,
		      "many: NULL msgs");
		CHECK(keyedhash_digest_many(k, 0, NULL, NULL, NULL, 0) == 0, "many: none");
		lens[1] = 1;
		CHECK(keyedhash_digest_many(k, 2, msgs, lens, two, 64) == KEYEDHASH_EINVAL,
		      "many: NULL message of 1 byte");
		CHECK(keyedhash_digest_many(NULL, 2, msgs, lens, two, 64) == KEYEDHASH_EINVAL,
		      "many: NULL key obj");
		keyedhash_key_free(k);
	}
	/* the environment forces the generic C too */
	setenv("KEYEDHASH_FORCE_GENERIC", "1", 1);
	CHECK(!keyedhash_key_new(&k, "highwayhash256", key, 32) &&
	      strstr(keyedhash_key_driver(k), "-generic"), "KEYEDHASH_FORCE_GENERIC=1");
	keyedhash_key_free(k);
	setenv("KEYEDHASH_FORCE_GENERIC", "0", 1);
	CHECK(!keyedhash_key_new(&k, "highwayhash256", key, 32), "FORCE_GENERIC=0");
	keyedhash_key_free(k);
	unsetenv("KEYEDHASH_FORCE_GENERIC");
}

/*
 * keyedhash_digest_many() of HighwayHash under a key for @name: every
 * length 0..1024 in batches of four of mixed lengths, against
 * keyedhash_digest() message by message.
 */
static void many_lengths(const char *name)
{
	static uint8_t data[4][1024], out[4 * 32];
	uint8_t key[32], one[32];
	keyedhash_key *k;
	size_t l, bad = 0, ds;
	unsigned int j;

	for (j = 0; j < 4; j++)
		for (l = 0; l < sizeof(data[j]); l++)
			data[j][l] = (uint8_t)next_rand();
	for (l = 0; l < sizeof(key); l++)
		key[l] = (uint8_t)next_rand();
	if (keyedhash_key_new(&k, name, key, sizeof(key))) {
		CHECK(0, "%s: key", name);
		return;
	}
	ds = keyedhash_key_digest_size(k);
	for (l = 0; l <= 1024; l++) {
		const void *msgs[4] = { data[0], data[1], data[2], data[3] };
		size_t lens[4] = { l, (l * 7 + 13) % 1025, l / 3, 1024 - l };

		memset(out, 0, sizeof(out));
		if (keyedhash_digest_many(k, 4, msgs, lens, out, sizeof(out))) {
			bad++;
			continue;
		}
		for (j = 0; j < 4; j++) {
			keyedhash_digest(k, msgs[j], lens[j], one, sizeof(one));
			bad += !!memcmp(out + j * ds, one, ds);
		}
	}
	CHECK(!bad, "%s (%s): digest_many, every length 0..1024 in mixed batches: %zu bad",
	      name, keyedhash_key_driver(k), bad);
	keyedhash_key_free(k);
}

/* ... by every HighwayHash driver this CPU runs, and by algorithm name */
static void check_many_lengths(void)
{
	const char *drv;
	unsigned int i;

	for (i = 0; (drv = keyedhash_driver_name(i)); i++)
		if (!strncmp(drv, "highwayhash", 11) && keyedhash_driver_usable(drv))
			many_lengths(drv);
	many_lengths("highwayhash64");
	many_lengths("highwayhash128");
	many_lengths("highwayhash256");
}

int main(int argc, char **argv)
{
	size_t cap = 0, lcap = 4 << 20;
	char *line = NULL;
	uint8_t *key = malloc(1 << 16), *msg = malloc(lcap), want[KEYEDHASH_MAX_DIGEST];
	unsigned int i, usable = 0, total = 0;
	char lacks[512] = "";
	const char *d;
	FILE *f;

	if (argc != 2 || !(f = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: %s VECTORS.tsv\n", argv[0]);
		return 2;
	}
	while (getline(&line, &cap, f) > 0) {
		char *name = strtok(line, "\t"), *kh = strtok(NULL, "\t");
		char *ml = strtok(NULL, "\t"), *spec = strtok(NULL, "\t");
		char *dh = strtok(NULL, "\t\n");
		size_t keylen, msglen, dlen;

		if (!name || !kh || !ml || !spec || !dh) {
			CHECK(0, "malformed line");
			continue;
		}
		keylen = strlen(kh) / 2;
		msglen = strtoul(ml, NULL, 10);
		dlen = strlen(dh) / 2;
		if (keylen > (1 << 16) || msglen > lcap || dlen > sizeof(want) ||
		    unhex(kh, keylen, key) || unhex(dh, dlen, want) ||
		    make_msg(spec, msglen, msg)) {
			CHECK(0, "bad record for %s", name);
			continue;
		}
		check_vector(name, key, keylen, msg, msglen, want, dlen);
	}
	fclose(f);
	check_errors();
	check_verify();
	check_many_lengths();
	for (i = 0; (d = keyedhash_driver_name(i)); i++) {
		total++;
		if (keyedhash_driver_usable(d)) {
			usable++;
		} else {
			strncat(lacks, lacks[0] ? " " : "", sizeof(lacks) - strlen(lacks) - 1);
			strncat(lacks, d, sizeof(lacks) - strlen(lacks) - 1);
		}
	}
	free(line);
	free(key);
	free(msg);
	if (failed)
		printf("libtest: %lu checks failed, %lu passed\n", failed, passed);
	else if (usable < total)
		printf("libtest: %lu vectors through %u of %u drivers and forced generic, %lu checks passed, %u not run (CPU lacks %s)\n",
		       vectors, usable, total, passed, total - usable, lacks);
	else
		printf("libtest: %lu vectors through all %u drivers and forced generic, %lu checks passed\n",
		       vectors, total, passed);
	return failed ? 1 : 0;
}
