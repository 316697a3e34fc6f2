// SPDX-License-Identifier: GPL-2.0
/*
 * hosttest-mm128: the Multimixer-128 error semantics and streaming rules of
 * docs/usage.md ("Errors"), run in userspace against the generic core through
 * libkeyedhash/kshim (the same source files the module builds):
 *
 *  - setkey() accepts only non-zero multiples of 32 up to KH_MULTIMIXER128_MAX_KEY_SIZE
 *    and keeps no key on error;
 *  - update() past the end of the key fails with -EINVAL and leaves the
 *    state unchanged, also for an imported state that claims more bytes
 *    than the key has;
 *  - final() fails with -EINVAL on the empty message and on a message that
 *    is not a multiple of 32 bytes;
 *  - a key longer than the message acts as its prefix;
 *  - every split of every vector, at every byte position mod 32, gives the
 *    vector digest, with the state copied to a fresh buffer on the way;
 *  - the core agrees with a direct transcription of the paper's function on
 *    random data.
 */
#include <stdio.h>
#include "tests/host/ht_impl.h"
#include <keyedhash/multimixer128.h>
#include <keyedhash/internal/testvec.h>
#include "tests/keyedhash-testvecs.h"
#include "tests/host/hosttest.h"

#define MAX_MSG		8192

static unsigned int passed, failed;
static const struct ht_impl *impl;

static void check(bool ok, const char *what, unsigned int a, unsigned int b)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL: %s (%u, %u)\n", what, a, b);
}

static u64 rng = 0x6d6d313238746573ULL;

static u64 rand64(void)
{
	return ht_xorshift64(&rng);
}

static void rand_bytes(u8 *p, size_t n)
{
	while (n--)
		*p++ = rand64();
}

/* The paper's function (ePrint 2023/1357), written out plainly. */
static void ref_digest(const u8 *key, const u8 *msg, size_t len, u8 out[64])
{
	u64 h[8] = { 0 };
	size_t b;
	int i, k;

	for (b = 0; b < len; b += 32) {
		u32 a[8], u[4], v[4];
		const u32 *x = a, *y = a + 4;

		for (i = 0; i < 8; i++)
			a[i] = get_unaligned_le32(key + b + 4 * i) +
			       get_unaligned_le32(msg + b + 4 * i);
		for (i = 0; i < 4; i++) {
			u[i] = x[i] + x[(i + 1) % 4] + x[(i + 2) % 4];
			v[i] = y[(i + 1) % 4] + y[(i + 2) % 4] + y[(i + 3) % 4];
		}
		for (i = 0; i < 4; i++) {
			h[i] += (u64)x[i] * y[i];
			h[4 + i] += (u64)u[i] * v[i];
		}
	}
	for (k = 0; k < 8; k++)
		put_unaligned_le64(h[k], out + 8 * k);
}

static int set_key(struct kh_multimixer128_key *c, const u8 *key, unsigned int len)
{
	impl->alg->exit(c);
	memset(c, 0, sizeof(*c));
	return impl->alg->setkey(c, key, len);
}

/*
 * Hash @msg in pieces: @first bytes, then pieces of @step bytes (the rest
 * at once if @step is 0).  Half way the state moves to a fresh buffer, as
 * export/import would move it.
 */
static int hash_split(const struct kh_multimixer128_key *c, const u8 *msg,
		      unsigned int len, unsigned int first, unsigned int step,
		      u8 out[64])
{
	struct kh_multimixer128_state s1, s2, *st = &s1;
	bool started = false, moved = false;
	unsigned int pos = 0;
	int err;

	impl->alg->init(c, st);
	while (pos < len) {
		unsigned int n = len - pos;

		if (!started)
			n = min(n, first);
		else if (step)
			n = min(n, step);
		started = true;
		err = impl->alg->update(impl, c, st, msg + pos, n);
		if (err)
			return err;
		pos += n;
		if (!moved && pos >= len / 2) {
			memcpy(&s2, st, sizeof(s2));
			memset(st, 0xa5, sizeof(*st));
			st = &s2;
			moved = true;
		}
	}
	memset(out, 0, 64);
	return impl->alg->final(impl, c, st, out);
}

static void test_setkey(void)
{
	static const unsigned int bad[] = { 0, 31, 33, 1, 16, 48, 65535,
					    KH_MULTIMIXER128_MAX_KEY_SIZE + 32 };
	static const unsigned int good[] = { 32, 64, 4096, KH_MULTIMIXER128_MAX_KEY_SIZE };
	struct kh_multimixer128_key c = { 0 };
	u8 *key = calloc(1, KH_MULTIMIXER128_MAX_KEY_SIZE + 32);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(good); i++) {
		int err = set_key(&c, key, good[i]);

		check(!err && c.bytes && c.len == good[i],
		      "setkey accepts a valid length", good[i], err);
	}
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		/* as the shash glue: old key freed, then a failed setkey */
		int err = set_key(&c, key, bad[i]);

		check(err == -EINVAL, "setkey rejects length", bad[i], -err);
		check(!c.bytes && !c.len, "failed setkey keeps no key",
		      bad[i], c.len);
	}
	/* exit on a zeroed context, twice */
	impl->alg->exit(&c);
	impl->alg->exit(&c);
	check(!c.bytes && !c.len, "exit on a zeroed context", 0, 0);
	free(key);
}

static void test_update_past_key(void)
{
	struct kh_multimixer128_key c = { 0 };
	struct kh_multimixer128_state st, saved;
	u8 key[128], msg[256], out[64], ref[64];
	unsigned int a, b;
	int err;

	rand_bytes(key, sizeof(key));
	rand_bytes(msg, sizeof(msg));
	err = set_key(&c, key, 96);
	check(!err, "setkey 96", 96, -err);

	/* accept a bytes, then try b more; a + b > 96 must fail unchanged */
	for (a = 0; a <= 96; a++) {
		for (b = 97 - a; b <= 97 - a + 40; b++) {
			impl->alg->init(&c, &st);
			err = impl->alg->update(impl, &c, &st, msg, a);
			check(!err, "update within the key", a, -err);
			memcpy(&saved, &st, sizeof(st));
			err = impl->alg->update(impl, &c, &st, msg + a, b);
			check(err == -EINVAL, "update past the key end", a, b);
			check(!memcmp(&saved, &st, sizeof(st)),
			      "failed update leaves the state unchanged", a, b);
			/* the stream goes on: complete it to exactly 96 */
			err = impl->alg->update(impl, &c, &st, msg + a, 96 - a);
			check(!err, "update to the key end", a, -err);
			err = impl->alg->final(impl, &c, &st, out);
			ref_digest(key, msg, 96, ref);
			check(!err && !memcmp(out, ref, 64),
			      "digest after a failed update", a, b);
		}
	}

	/* a huge length must not wrap the check */
	impl->alg->init(&c, &st);
	err = impl->alg->update(impl, &c, &st, msg, 32);
	memcpy(&saved, &st, sizeof(st));
	err = impl->alg->update(impl, &c, &st, msg, 0xffffffffU);
	check(err == -EINVAL && !memcmp(&saved, &st, sizeof(st)),
	      "update of UINT_MAX bytes", 0, 0);
	err = impl->alg->update(impl, &c, &st, msg, 0xffffffe0U);
	check(err == -EINVAL && !memcmp(&saved, &st, sizeof(st)),
	      "update of 2^32 - 32 bytes", 0, 0);

	/* an imported state claiming more bytes than the key has */
	for (a = 0; a < 5; a++) {
		static const u64 lens[] = { 97, 128, 0x100000000ULL,
					    0xffffffffffffffe0ULL,
					    0xffffffffffffffffULL };

		impl->alg->init(&c, &st);
		st.len = lens[a];
		memcpy(&saved, &st, sizeof(st));
		err = impl->alg->update(impl, &c, &st, msg, 1);
		check(err == -EINVAL && !memcmp(&saved, &st, sizeof(st)),
		      "update on an imported state past the key", a, 1);
		err = impl->alg->update(impl, &c, &st, msg, 32);
		check(err == -EINVAL && !memcmp(&saved, &st, sizeof(st)),
		      "update on an imported state past the key", a, 32);
		err = impl->alg->update(impl, &c, &st, msg, 0);
		check(err == -EINVAL && !memcmp(&saved, &st, sizeof(st)),
		      "empty update on an imported state past the key", a, 0);
	}

	/* no key at all: nothing but empty updates */
	impl->alg->exit(&c);
	memset(&c, 0, sizeof(c));
	impl->alg->init(&c, &st);
	err = impl->alg->update(impl, &c, &st, msg, 32);
	check(err == -EINVAL, "update without a key", 32, -err);
	err = impl->alg->update(impl, &c, &st, msg, 0);
	check(!err, "empty update without a key", 0, -err);
	impl->alg->exit(&c);
}

static void test_final(void)
{
	struct kh_multimixer128_key c = { 0 };
	struct kh_multimixer128_state st;
	u8 key[128], msg[128], out[64];
	unsigned int n;
	int err;

	rand_bytes(key, sizeof(key));
	rand_bytes(msg, sizeof(msg));
	set_key(&c, key, sizeof(key));

	impl->alg->init(&c, &st);
	err = impl->alg->final(impl, &c, &st, out);
	check(err == -EINVAL, "final on the empty message", 0, -err);

	impl->alg->init(&c, &st);
	impl->alg->update(impl, &c, &st, msg, 0);
	err = impl->alg->final(impl, &c, &st, out);
	check(err == -EINVAL, "final after only empty updates", 0, -err);

	for (n = 1; n <= 128; n++) {
		impl->alg->init(&c, &st);
		err = impl->alg->update(impl, &c, &st, msg, n);
		check(!err, "update", n, -err);
		err = impl->alg->final(impl, &c, &st, out);
		check(n % 32 ? err == -EINVAL : !err,
		      "final on a message of n bytes", n, -err);
	}
	impl->alg->exit(&c);
}

/* A key longer than the message acts as its prefix. */
static void test_key_prefix(void)
{
	static u8 key[KH_MULTIMIXER128_MAX_KEY_SIZE], msg[MAX_MSG];
	struct kh_multimixer128_key c = { 0 };
	u8 out[64], out2[64], ref[64];
	static const unsigned int keylens[] = { 64, 96, 4096, 8224,
						KH_MULTIMIXER128_MAX_KEY_SIZE };
	unsigned int i, n;
	int err;

	rand_bytes(key, sizeof(key));
	rand_bytes(msg, sizeof(msg));
	for (i = 0; i < ARRAY_SIZE(keylens); i++) {
		for (n = 32; n < keylens[i] && n <= MAX_MSG;
		     n += n < 256 ? 32 : 992) {
			set_key(&c, key, n);
			err = hash_split(&c, msg, n, n, 0, out2);
			check(!err, "digest under the truncated key", n, -err);
			set_key(&c, key, keylens[i]);
			err = hash_split(&c, msg, n, n, 0, out);
			ref_digest(key, msg, n, ref);
			check(!err && !memcmp(out, out2, 64) &&
			      !memcmp(out, ref, 64),
			      "long key acts as its prefix", keylens[i], n);
		}
	}
	impl->alg->exit(&c);
}

static const struct kh_testvec_suite *find_suite(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++)
		if (!strcmp(kh_testvec_suites[i].name, name))
			return &kh_testvec_suites[i];
	return NULL;
}

/*
 * Every vector: one split at every byte position, pieces of every size
 * 1..32 bytes, and for each s in 0..31 a first piece of s bytes followed by
 * 32-byte pieces (so every update straddles a block boundary at offset s).
 * Then the same message under the vector key extended by random bytes.
 */
static void test_vectors(void)
{
	const struct kh_testvec_suite *suite = find_suite("multimixer128");
	static u8 msg[MAX_MSG], key[MAX_MSG + 4096];
	struct kh_multimixer128_key c = { 0 };
	unsigned int i, p, s, bad;
	u8 out[64];

	check(suite && suite->count == 28, "28 multimixer128 vectors",
	      suite ? suite->count : 0, 28);
	if (!suite)
		return;
	for (i = 0; i < suite->count; i++) {
		const struct kh_testvec *tv = &suite->vecs[i];
		int err;

		if (tv->msglen > MAX_MSG) {
			check(false, "vector too long", i, tv->msglen);
			continue;
		}
		kh_testvec_msg(tv, 0, msg, tv->msglen);
		err = set_key(&c, tv->key, tv->keylen);
		check(!err, "setkey", i, -err);

		for (p = 0, bad = 0; p <= tv->msglen; p++) {
			err = hash_split(&c, msg, tv->msglen, p, 0, out);
			bad += err || memcmp(out, tv->digest, 64);
		}
		check(!bad, "vector, one split at every position", i, bad);

		for (s = 1, bad = 0; s <= 32; s++) {
			err = hash_split(&c, msg, tv->msglen, s, s, out);
			bad += err || memcmp(out, tv->digest, 64);
		}
		check(!bad, "vector, pieces of 1..32 bytes", i, bad);

		for (s = 0, bad = 0; s < 32; s++) {
			err = hash_split(&c, msg, tv->msglen, s, 32, out);
			bad += err || memcmp(out, tv->digest, 64);
		}
		check(!bad, "vector, 32-byte pieces at offset 0..31", i, bad);

		memcpy(key, tv->key, tv->keylen);
		rand_bytes(key + tv->keylen, 4096);
		err = set_key(&c, key, tv->keylen + 4096);
		check(!err, "setkey, extended key", i, -err);
		for (s = 0, bad = 0; s < 32; s++) {
			err = hash_split(&c, msg, tv->msglen, s, 32 + s, out);
			bad += err || memcmp(out, tv->digest, 64);
		}
		check(!bad, "vector under an extended key", i, bad);
	}
	impl->alg->exit(&c);
}

/* The core against the transcription of the paper, random data. */
static void test_random(void)
{
	static u8 key[MAX_MSG], msg[MAX_MSG];
	struct kh_multimixer128_key c = { 0 };
	u8 out[64], ref[64];
	unsigned int i, n, bad = 0;
	int err;

	for (i = 0; i < 200; i++) {
		n = 32 * (1 + rand64() % (MAX_MSG / 32));
		rand_bytes(key, n);
		rand_bytes(msg, n);
		/* bias some words to the extremes to exercise the carries */
		if (i % 4 == 0)
			memset(key, 0xff, n);
		set_key(&c, key, n);
		err = hash_split(&c, msg, n, rand64() % (n + 1),
				 rand64() % 200, out);
		ref_digest(key, msg, n, ref);
		bad += err || memcmp(out, ref, 64);
	}
	check(!bad, "random data against the spec transcription", bad, 200);
	impl->alg->exit(&c);
}

int main(void)
{
	impl = ht_generic_impl("multimixer128");
	if (!impl) {
		printf("multimixer128-generic not found\n");
		return 1;
	}

	test_setkey();
	test_update_past_key();
	test_final();
	test_key_prefix();
	test_vectors();
	test_random();

	printf("hosttest-mm128: %u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
