/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The KUnit cases every keyedhash algorithm shares.  keyedhash_kunit.c
 * instantiates one suite per algorithm name with KH_HASH_SUITE(); each case
 * runs against every driver the module registered for that name, through
 * the crypto API (so the shash glue is tested too).
 */
#ifndef _KEYEDHASH_HASH_TEST_TEMPLATE_H
#define _KEYEDHASH_HASH_TEST_TEMPLATE_H

#include <crypto/hash.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <crypto/sha2.h>
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/prandom.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <keyedhash/internal/shash.h>
#include <keyedhash/internal/simd.h>
#include <keyedhash/internal/testvec.h>
#include "tests/keyedhash-testvecs.h"
#include "kh_seams.h"

#define KH_MAXLEN		4096
#define KH_MAX_DIGEST		64
#define KH_MAX_BAD_KEY		(128 * 1024)	/* bad key lengths must not exceed this */

/* Linux 6.1 has no KUNIT_*_MEMEQ: compare with memcmp() and say where. */
#define KH_EXPECT_MEMEQ(test, a, b, n, fmt, ...) \
	KUNIT_EXPECT_EQ_MSG(test, memcmp(a, b, n), 0, fmt, ##__VA_ARGS__)
#define KH_ASSERT_MEMEQ(test, a, b, n, fmt, ...) \
	KUNIT_ASSERT_EQ_MSG(test, memcmp(a, b, n), 0, fmt, ##__VA_ARGS__)

/**
 * struct kh_test_alg - what the shared cases need to know of an algorithm
 * @name:	cra_name
 * @keylen:	key length the generic cases use
 * @step:	valid message lengths are multiples of @step (0 is valid when
 *		@step is 1)
 * @bad_keylens: key lengths setkey() must refuse with -EINVAL for a key of
 *		zero bytes (at most KH_MAX_BAD_KEY)
 * @nbad:	number of entries in @bad_keylens
 * @make_key:	optional; turns @keylen random bytes into a valid key
 */
struct kh_test_alg {
	const char *name;
	unsigned int keylen;
	unsigned int step;
	const unsigned int *bad_keylens;
	unsigned int nbad;
	void (*make_key)(u8 *key, unsigned int keylen);
};

/* Per-test scratch: a deterministic random key, data and digest buffers. */
struct kh_test_ctx {
	const struct kh_test_alg *alg;
	struct rnd_state rng;
	u8 *key;
	u8 *data;		/* KH_MAXLEN + 64 bytes */
	u8 d1[KH_MAX_DIGEST];
	u8 d2[KH_MAX_DIGEST];
};

static bool kh_is_generic(const struct kh_test_driver *impl)
{
	size_t n = strlen(impl->driver);

	return n > 8 && !strcmp(impl->driver + n - 8, "-generic");
}

/* Every registered driver of @name; *@i is the iterator (start at 0). */
static const struct kh_test_driver *kh_next_driver(const char *name, unsigned int *i)
{
	const struct kh_test_driver *impl;

	while ((impl = kh_test_driver_at((*i)++)))
		if (!strcmp(impl->name, name))
			return impl;
	return NULL;
}

static const struct kh_test_driver *kh_generic_driver(const char *name)
{
	const struct kh_test_driver *impl;
	unsigned int i = 0;

	while ((impl = kh_next_driver(name, &i)))
		if (kh_is_generic(impl))
			return impl;
	return NULL;
}

static u32 kh_rand(struct kh_test_ctx *t, u32 bound)
{
	return bound ? prandom_u32_state(&t->rng) % bound : 0;
}

static struct crypto_shash *kh_alloc(struct kunit *test, const char *driver,
				     const u8 *key, unsigned int keylen)
{
	struct crypto_shash *tfm = crypto_alloc_shash(driver, 0, 0);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "allocating %s: %pe", driver,
			       tfm);
	if (key)
		KUNIT_ASSERT_EQ_MSG(test, crypto_shash_setkey(tfm, key, keylen), 0,
				    "%s: setkey(%u bytes)", driver, keylen);
	return tfm;
}

static struct shash_desc *kh_desc(struct kunit *test, struct crypto_shash *tfm)
{
	struct shash_desc *desc;

	desc = kunit_kzalloc(test, sizeof(*desc) + crypto_shash_descsize(tfm),
			     GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, desc);
	desc->tfm = tfm;
	return desc;
}

/* Hash @data in random pieces (empty ones included). */
static int kh_hash_split(struct kh_test_ctx *t, struct shash_desc *desc,
			 const u8 *data, u32 len, u8 *out)
{
	u32 pos = 0;
	int err = crypto_shash_init(desc);

	while (!err && pos < len) {
		u32 n = min(len - pos, kh_rand(t, 4) ? kh_rand(t, 100) :
						      kh_rand(t, len + 1));

		err = crypto_shash_update(desc, data + pos, n);
		pos += n;
	}
	return err ?: crypto_shash_final(desc, out);
}

static int kh_test_init(struct kunit *test, const struct kh_test_alg *alg)
{
	struct kh_test_ctx *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	if (!t)
		return -ENOMEM;
	t->alg = alg;
	prandom_seed_state(&t->rng, 0x6b6579656468ULL);
	t->key = kunit_kmalloc(test, alg->keylen, GFP_KERNEL);
	t->data = kunit_kmalloc(test, KH_MAXLEN + 64, GFP_KERNEL);
	if (!t->key || !t->data)
		return -ENOMEM;
	prandom_bytes_state(&t->rng, t->key, alg->keylen);
	if (alg->make_key)
		alg->make_key(t->key, alg->keylen);
	prandom_bytes_state(&t->rng, t->data, KH_MAXLEN + 64);
	if (!kh_generic_driver(alg->name)) {
		kunit_err(test, "no generic driver registered for %s", alg->name);
		return -ENOENT;
	}
	test->priv = t;
	return 0;
}

/* Known-answer vectors: one-shot digest() and random update() splits. */
static void kh_case_vectors(struct kunit *test)
{
	struct kh_test_ctx *t = test->priv;
	const struct kh_testvec_suite *suite = NULL;
	const struct kh_test_driver *impl;
	unsigned int i, d = 0, ndrivers = 0;
	int err;

	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++)
		if (!strcmp(kh_testvec_suites[i].name, t->alg->name))
			suite = &kh_testvec_suites[i];
	KUNIT_ASSERT_NOT_NULL(test, suite);

	while ((impl = kh_next_driver(t->alg->name, &d))) {
		ndrivers++;
		for (i = 0; i < suite->count; i++) {
			const struct kh_testvec *tv = &suite->vecs[i];
			struct crypto_shash *tfm = kh_alloc(test, impl->driver,
							    tv->key, tv->keylen);
			struct shash_desc *desc = kh_desc(test, tfm);
			u8 *msg = vmalloc(max_t(u32, tv->msglen, 1));

			KUNIT_ASSERT_NOT_NULL(test, msg);
			kh_testvec_msg(tv, 0, msg, tv->msglen);
			err = crypto_shash_digest(desc, msg, tv->msglen, t->d1);
			KUNIT_EXPECT_EQ(test, err, 0);
			KH_EXPECT_MEMEQ(test, t->d1, tv->digest, impl->digestsize,
					"%s vector %u one-shot", impl->driver, i);
			err = kh_hash_split(t, desc, msg, tv->msglen, t->d2);
			KUNIT_EXPECT_EQ(test, err, 0);
			KH_EXPECT_MEMEQ(test, t->d2, tv->digest, impl->digestsize,
					"%s vector %u split", impl->driver, i);
			vfree(msg);
			crypto_free_shash(tfm);
		}
	}
	KUNIT_EXPECT_GT(test, ndrivers, 0U);
}

/* The all-lengths reference of @name (tests/all-lens.tsv). */
static const struct kh_all_lens *kh_all_lens_of(struct kunit *test,
						const struct kh_test_alg *alg)
{
	const struct kh_all_lens *al = NULL;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kh_all_lens); i++)
		if (!strcmp(kh_all_lens[i].name, alg->name))
			al = &kh_all_lens[i];
	KUNIT_ASSERT_NOT_NULL_MSG(test, al, "no all-lengths digest for %s",
				  alg->name);
	KUNIT_ASSERT_EQ(test, al->step, alg->step);
	return al;
}

/*
 * Every valid length 0..4096 of a fixed SplitMix64 message under a fixed
 * key, hashed by each driver, the digests consolidated with SHA-256 and
 * compared with the reference models' value (tests/all-lens.tsv).  With
 * @split, each message sits at a random offset 0..63 and goes in random
 * update() pieces (empty ones included); otherwise one digest() call.
 */
static void kh_check_all_lengths(struct kunit *test, bool split)
{
	struct kh_test_ctx *t = test->priv;
	const struct kh_all_lens *al = kh_all_lens_of(test, t->alg);
	const struct kh_test_driver *impl;
	struct crypto_shash *sha;
	struct shash_desc *shadesc;
	unsigned int d = 0, ndrivers = 0;
	u8 *data, *buf;

	data = kunit_kmalloc(test, KH_ALL_LENS_MAX, GFP_KERNEL);
	buf = kunit_kmalloc(test, KH_ALL_LENS_MAX + 64, GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, data && buf);
	kh_splitmix64_fill(KH_ALL_LENS_DATA_STATE, 0, data, KH_ALL_LENS_MAX);

	/* SHA-256 through the crypto API: its library interface changed in 7.x */
	sha = kh_alloc(test, "sha256", NULL, 0);
	shadesc = kh_desc(test, sha);
	while ((impl = kh_next_driver(t->alg->name, &d))) {
		struct crypto_shash *tfm = kh_alloc(test, impl->driver, al->key,
						    al->keylen);
		struct shash_desc *desc = kh_desc(test, tfm);
		u32 len = al->step == 1 ? 0 : al->step;

		ndrivers++;
		KUNIT_ASSERT_EQ(test, crypto_shash_init(shadesc), 0);
		for (; len <= KH_ALL_LENS_MAX; len += al->step) {
			u8 *p = buf + kh_rand(t, 64);

			if (split) {
				memcpy(p, data, len);
				KUNIT_ASSERT_EQ(test, kh_hash_split(t, desc, p, len,
								    t->d1), 0);
			} else {
				KUNIT_ASSERT_EQ(test, crypto_shash_digest(desc, data,
									  len, t->d1), 0);
			}
			KUNIT_ASSERT_EQ(test, crypto_shash_update(shadesc, t->d1,
								  impl->digestsize), 0);
		}
		KUNIT_ASSERT_EQ(test, crypto_shash_final(shadesc, t->d1), 0);
		KH_EXPECT_MEMEQ(test, t->d1, al->sha256, SHA256_DIGEST_SIZE,
				"%s: all lengths%s", impl->driver,
				split ? ", random offsets and pieces" : "");
		crypto_free_shash(tfm);
	}
	crypto_free_shash(sha);
	KUNIT_EXPECT_GT(test, ndrivers, 0U);
}

static void kh_case_all_lengths(struct kunit *test)
{
	kh_check_all_lengths(test, false);
}

/*
 * Every length of the all-lengths reference at a random offset in random
 * update() pieces, against the reference models' digests.
 */
static void kh_case_random_splits(struct kunit *test)
{
	kh_check_all_lengths(test, true);
}

/* The last vector of @alg whose message has @min..@max bytes, or NULL. */
static const struct kh_testvec *kh_vector_upto(const struct kh_test_alg *alg,
					       u32 min, u32 max)
{
	const struct kh_testvec *tv = NULL;
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++) {
		const struct kh_testvec_suite *suite = &kh_testvec_suites[i];

		if (strcmp(suite->name, alg->name))
			continue;
		for (j = 0; j < suite->count; j++)
			if (suite->vecs[j].msglen >= min &&
			    suite->vecs[j].msglen <= max)
				tv = &suite->vecs[j];
	}
	return tv;
}

/* Every length up to 256, then steps of 97 blocks, and KH_MAXLEN itself. */
static u32 kh_guard_next_len(u32 len, u32 step)
{
	u32 next = len + (len < 256 ? step : 97 * step);

	return len < KH_MAXLEN && next > KH_MAXLEN ? KH_MAXLEN : next;
}

/*
 * Key, message and digest placed flush against the end of a vmalloc area,
 * whose next page is an unmapped guard page: reading or writing one byte
 * too far faults.
 */
static void kh_case_guard_pages(struct kunit *test)
{
	struct kh_test_ctx *t = test->priv;
	size_t keyarea = round_up(t->alg->keylen, PAGE_SIZE);
	const struct kh_test_driver *impl;
	unsigned int d = 0;
	u8 *keybuf, *msgbuf, *outbuf;

	keybuf = vmalloc(keyarea);
	msgbuf = vmalloc(KH_MAXLEN);
	outbuf = vmalloc(PAGE_SIZE);
	KUNIT_ASSERT_TRUE(test, keybuf && msgbuf && outbuf);
	memcpy(keybuf + keyarea - t->alg->keylen, t->key, t->alg->keylen);

	while ((impl = kh_next_driver(t->alg->name, &d))) {
		struct crypto_shash *tfm;
		struct shash_desc *desc;
		u8 *out = outbuf + PAGE_SIZE - impl->digestsize;
		u32 len;

		tfm = kh_alloc(test, impl->driver,
			       keybuf + keyarea - t->alg->keylen, t->alg->keylen);
		desc = kh_desc(test, tfm);
		for (len = t->alg->step == 1 ? 0 : t->alg->step;
		     len <= KH_MAXLEN;
		     len = kh_guard_next_len(len, t->alg->step)) {
			u8 *msg = msgbuf + KH_MAXLEN - len;

			memcpy(msg, t->data, len);
			KUNIT_ASSERT_EQ(test, crypto_shash_digest(desc, msg, len,
								  out), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_digest(desc, t->data,
								  len, t->d1), 0);
			KUNIT_ASSERT_EQ(test, memcmp(out, t->d1, impl->digestsize), 0);
		}
		crypto_free_shash(tfm);
	}
	vfree(keybuf);
	vfree(msgbuf);
	vfree(outbuf);
}

/*
 * A vector's message at every offset 0..63, in random pieces, and its
 * digest written at every offset 0..63: the vector file's digest.
 */
static void kh_case_alignment(struct kunit *test)
{
	struct kh_test_ctx *t = test->priv;
	const struct kh_testvec *tv = kh_vector_upto(t->alg, 100, 1024);
	const struct kh_test_driver *impl;
	unsigned int d = 0, ndrivers = 0;
	u32 off;
	u8 *buf;

	KUNIT_ASSERT_NOT_NULL_MSG(test, tv, "no %s vector of 100..1024 bytes",
				  t->alg->name);
	buf = kunit_kmalloc(test, tv->msglen + 64 + KH_MAX_DIGEST + 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	while ((impl = kh_next_driver(t->alg->name, &d))) {
		struct crypto_shash *tfm = kh_alloc(test, impl->driver, tv->key,
						    tv->keylen);
		struct shash_desc *desc = kh_desc(test, tfm);

		ndrivers++;
		for (off = 0; off < 64; off++) {
			u8 *out = buf + tv->msglen + 64 + off;

			kh_testvec_msg(tv, 0, buf + off, tv->msglen);
			KUNIT_ASSERT_EQ(test, kh_hash_split(t, desc, buf + off,
							    tv->msglen, out), 0);
			KH_ASSERT_MEMEQ(test, out, tv->digest, impl->digestsize,
					"%s: offset %u", impl->driver, off);
		}
		crypto_free_shash(tfm);
	}
	KUNIT_EXPECT_GT(test, ndrivers, 0U);
}

/*
 * export() mid-message, the request state scribbled over, import() into a
 * fresh request, finish there: every vector of up to 64 KiB at 10 random
 * cuts each, against the vector file's digest.
 */
static void kh_case_export_import(struct kunit *test)
{
	struct kh_test_ctx *t = test->priv;
	const struct kh_testvec_suite *suite = NULL;
	const struct kh_test_driver *impl;
	unsigned int i, j, d = 0, n = 0;
	u8 *msg;

	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++)
		if (!strcmp(kh_testvec_suites[i].name, t->alg->name))
			suite = &kh_testvec_suites[i];
	KUNIT_ASSERT_NOT_NULL(test, suite);
	msg = kunit_kmalloc(test, SZ_64K, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);

	while ((impl = kh_next_driver(t->alg->name, &d))) {
		for (i = 0; i < suite->count; i++) {
			const struct kh_testvec *tv = &suite->vecs[i];
			struct crypto_shash *tfm;
			struct shash_desc *a, *b;
			u8 *state;

			if (tv->msglen > SZ_64K)
				continue;
			tfm = kh_alloc(test, impl->driver, tv->key, tv->keylen);
			a = kh_desc(test, tfm);
			b = kh_desc(test, tfm);
			state = kunit_kzalloc(test, crypto_shash_statesize(tfm),
					      GFP_KERNEL);
			KUNIT_ASSERT_NOT_NULL(test, state);
			kh_testvec_msg(tv, 0, msg, tv->msglen);
			for (j = 0; j < 10; j++) {
				u32 cut = kh_rand(t, tv->msglen + 1);

				KUNIT_ASSERT_EQ(test, crypto_shash_init(a), 0);
				KUNIT_ASSERT_EQ(test, crypto_shash_update(a, msg, cut), 0);
				KUNIT_ASSERT_EQ(test, crypto_shash_export(a, state), 0);
				memset(shash_desc_ctx(a), 0x5a, crypto_shash_descsize(tfm));
				KUNIT_ASSERT_EQ(test, crypto_shash_import(b, state), 0);
				KUNIT_ASSERT_EQ(test, crypto_shash_finup(b, msg + cut,
									 tv->msglen - cut,
									 t->d2), 0);
				KH_ASSERT_MEMEQ(test, t->d2, tv->digest, impl->digestsize,
						"%s: vector %u cut at %u", impl->driver,
						i, cut);
				n++;
			}
			crypto_free_shash(tfm);
		}
	}
	KUNIT_EXPECT_GT(test, n, 0U);
}

static bool kh_all_zero(const void *p, size_t n)
{
	return !memchr_inv(p, 0, n);
}

/*
 * The request state is wiped by final(), and a failed setkey() leaves no
 * key material in the tfm context (and the tfm keyless).
 */
static void kh_case_state_wiped(struct kunit *test)
{
	struct kh_test_ctx *t = test->priv;
	const struct kh_test_driver *impl;
	unsigned int d = 0;
	u8 *zeros = kunit_kzalloc(test, KH_MAX_BAD_KEY, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, zeros);
	while ((impl = kh_next_driver(t->alg->name, &d))) {
		struct crypto_shash *tfm = kh_alloc(test, impl->driver, t->key,
						    t->alg->keylen);
		struct shash_desc *desc = kh_desc(test, tfm);
		u32 len = 4 * 32 + (t->alg->step == 1 ? 5 : 0);

		KUNIT_ASSERT_EQ(test, crypto_shash_init(desc), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_update(desc, t->data, len), 0);
		KUNIT_ASSERT_FALSE(test, kh_all_zero(shash_desc_ctx(desc),
						     crypto_shash_descsize(tfm)));
		KUNIT_ASSERT_EQ(test, crypto_shash_final(desc, t->d1), 0);
		KUNIT_EXPECT_TRUE_MSG(test, kh_all_zero(shash_desc_ctx(desc),
							crypto_shash_descsize(tfm)),
				      "%s: state not wiped by final()", impl->driver);

		if (t->alg->nbad) {
			unsigned int ctxsize = crypto_shash_alg(tfm)->base.cra_ctxsize;
			int err;

			err = crypto_shash_setkey(tfm, zeros, t->alg->bad_keylens[0]);
			KUNIT_EXPECT_EQ(test, err, -EINVAL);
			KUNIT_EXPECT_TRUE_MSG(test,
					      kh_all_zero(crypto_shash_ctx(tfm), ctxsize),
					      "%s: key left after failed setkey",
					      impl->driver);
			err = crypto_shash_digest(desc, t->data, len, t->d1);
			KUNIT_EXPECT_EQ(test, err, -ENOKEY);
		}
		crypto_free_shash(tfm);
	}
}

/* Wrong key sizes are refused with -EINVAL; no key means -ENOKEY. */
static void kh_case_bad_keys(struct kunit *test)
{
	struct kh_test_ctx *t = test->priv;
	u32 len = t->alg->step == 1 ? 5 : t->alg->step;
	const struct kh_test_driver *impl;
	unsigned int i, d = 0;
	u8 *big = vzalloc(KH_MAX_BAD_KEY);

	KUNIT_ASSERT_NOT_NULL(test, big);
	while ((impl = kh_next_driver(t->alg->name, &d))) {
		struct crypto_shash *tfm = kh_alloc(test, impl->driver, NULL, 0);
		struct shash_desc *desc = kh_desc(test, tfm);

		KUNIT_EXPECT_EQ_MSG(test, crypto_shash_digest(desc, t->data, len,
							      t->d1), -ENOKEY,
				    "%s: digest without a key", impl->driver);
		for (i = 0; i < t->alg->nbad; i++)
			KUNIT_EXPECT_EQ_MSG(test,
					    crypto_shash_setkey(tfm, big,
								t->alg->bad_keylens[i]),
					    -EINVAL, "%s: key of %u bytes", impl->driver,
					    t->alg->bad_keylens[i]);
		KUNIT_EXPECT_EQ(test, crypto_shash_digest(desc, t->data, len,
							  t->d1), -ENOKEY);
		KUNIT_EXPECT_EQ(test, crypto_shash_setkey(tfm, t->key,
							  t->alg->keylen), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_digest(desc, t->data, len,
							  t->d1), 0);
		crypto_free_shash(tfm);
	}
	vfree(big);
}

/* kh_hash_split(), with SIMD forced off on this CPU if @nosimd. */
static int kh_hash_split_simd(struct kunit *test, struct shash_desc *desc,
			      const u8 *data, u32 len, u8 *out, bool nosimd)
{
	struct kh_test_ctx *t = test->priv;
	int err;

	if (!nosimd)
		return kh_hash_split(t, desc, data, len, out);
	kh_test_nosimd(test, true);
	err = kh_hash_split(t, desc, data, len, out);
	kh_test_nosimd(test, false);
	return err;
}

/*
 * Every non-generic driver against the generic one over every length
 * 0..4096 at random offsets, hashed in random pieces; with @nosimd, with
 * SIMD forced off as where crypto_simd_usable() is false (kh_test_nosimd()),
 * so the drivers must take their generic fallback and still agree.  The
 * SIMD sections the case enters (kh_test_sections()) must be none with
 * @nosimd, and some without: a driver that ignored the switch, or never
 * used its SIMD code, would agree with the generic one all the same.
 */
static void kh_compare_with_generic(struct kunit *test, bool nosimd)
{
	struct kh_test_ctx *t = test->priv;
	const struct kh_test_driver *gen = kh_generic_driver(t->alg->name);
	const struct kh_test_driver *impl;
	struct crypto_shash *gtfm;
	struct shash_desc *gdesc;
	unsigned int d = 0, narch = 0;
	unsigned long note = kh_progress_start();

	gtfm = kh_alloc(test, gen->driver, t->key, t->alg->keylen);
	gdesc = kh_desc(test, gtfm);
	kh_test_count_sections(test);
	while ((impl = kh_next_driver(t->alg->name, &d))) {
		struct crypto_shash *tfm;
		struct shash_desc *desc;
		u32 len;

		unsigned long sections;

		if (impl == gen)
			continue;
		narch++;
		tfm = kh_alloc(test, impl->driver, t->key, t->alg->keylen);
		desc = kh_desc(test, tfm);
		sections = kh_test_sections();
		for (len = t->alg->step == 1 ? 0 : t->alg->step; len <= KH_MAXLEN;
		     len += t->alg->step) {
			const u8 *p = t->data + kh_rand(t, 64);

			kh_progress(test, &note, "%s%s: length %u of %u",
				    impl->driver, nosimd ? " without SIMD" : "",
				    len, KH_MAXLEN);
			KUNIT_ASSERT_EQ(test, crypto_shash_digest(gdesc, p, len,
								  t->d1), 0);
			KUNIT_ASSERT_EQ(test, kh_hash_split_simd(test, desc, p, len,
								 t->d2, nosimd), 0);
			KH_ASSERT_MEMEQ(test, t->d1, t->d2, impl->digestsize,
					"%s%s vs %s: length %u", impl->driver,
					nosimd ? " without SIMD" : "",
					gen->driver, len);
		}
		sections = kh_test_sections() - sections;
		if (nosimd)
			KUNIT_EXPECT_EQ_MSG(test, sections, 0UL,
					    "%s: SIMD sections while SIMD was off",
					    impl->driver);
		else
			KUNIT_EXPECT_GT_MSG(test, sections, 0UL,
					    "%s: no SIMD section over 4096 lengths",
					    impl->driver);
		crypto_free_shash(tfm);
	}
	crypto_free_shash(gtfm);
	if (!narch)
		kunit_skip(test, "no SIMD driver of %s on this CPU", t->alg->name);
}

static void kh_case_arch_vs_generic(struct kunit *test)
{
	kh_compare_with_generic(test, false);
}

static void kh_case_nosimd_vs_generic(struct kunit *test)
{
	kh_compare_with_generic(test, true);
}

/*
 * The SIMD section policy (include/keyedhash/internal/simd.h), with the
 * sections counted (kh_test_sections()): for every SIMD driver of the
 * algorithm, a message shorter than the driver's threshold (struct kh_simd_min)
 * enters no section, nor does an update that only fills the block buffer, and a
 * 64 KiB update from a block boundary enters exactly 16 (one per 4 KiB piece).
 */
#define KH_SECTIONS_LEN		65536

/* Calling contexts for kh_test_context(). */
static const struct {
	const char *what;
	int forced;
	bool task;
} kh_contexts[] = {
	{ "a user task (forced)", 1, true },
	{ "this kernel thread", 0, false },
};

/*
 * A random KH_SECTIONS_LEN-byte message for the section cases, and the key
 * to hash it with: the suite's, or for Multimixer-128, which needs a key
 * as long as the message, the message itself.
 */
static u8 *kh_sections_msg(struct kunit *test, const u8 **key,
			   unsigned int *keylen)
{
	struct kh_test_ctx *t = test->priv;
	u8 *buf = kunit_kzalloc(test, KH_SECTIONS_LEN, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	prandom_bytes_state(&t->rng, buf, KH_SECTIONS_LEN);
	*key = t->key;
	*keylen = t->alg->keylen;
	if (t->alg->step > 1) {
		*key = buf;
		*keylen = KH_SECTIONS_LEN;
	}
	return buf;
}

static void kh_case_simd_sections(struct kunit *test)
{
	struct kh_test_ctx *t = test->priv;
	const struct kh_test_driver *impl;
	unsigned int d = 0, narch = 0, keylen;
	const u8 *key;
	u8 *big = kh_sections_msg(test, &key, &keylen);

	kh_test_count_sections(test);
	while ((impl = kh_next_driver(t->alg->name, &d))) {
		struct crypto_shash *tfm;
		struct shash_desc *desc;
		unsigned long sections;
		unsigned int short_len, partial, c;
		int err;

		if (kh_is_generic(impl))
			continue;
		narch++;
		tfm = kh_alloc(test, impl->driver, key, keylen);
		desc = kh_desc(test, tfm);

		/*
		 * the longest valid message below the threshold, as a user
		 * task (forced) and as the kernel thread the test runs in
		 */
		for (c = 0; c < ARRAY_SIZE(kh_contexts); c++) {
			unsigned int min = kh_contexts[c].task ?
					   impl->simd_min.task :
					   impl->simd_min.kthread;

			short_len = min ? min - 1 : 0;
			short_len -= short_len % t->alg->step;
			if (!min || (!short_len && t->alg->step > 1))
				continue;
			kh_test_context(test, kh_contexts[c].forced);
			sections = kh_test_sections();
			err = crypto_shash_digest(desc, big, short_len, t->d1);
			sections = kh_test_sections() - sections;
			kh_test_context_end(test, kh_contexts[c].forced);
			KUNIT_ASSERT_EQ(test, err, 0);
			KUNIT_EXPECT_EQ_MSG(test, sections, 0UL,
					    "%s: SIMD sections for a %u-byte message as %s (threshold %u)",
					    impl->driver, short_len,
					    kh_contexts[c].what, min);
		}

		/* block data that only fills the buffer: no section */
		partial = max(impl->blocksize, 16U) - 1;
		KUNIT_ASSERT_EQ(test, crypto_shash_init(desc), 0);
		sections = kh_test_sections();
		KUNIT_ASSERT_EQ(test, crypto_shash_update(desc, big, partial), 0);
		KUNIT_EXPECT_EQ_MSG(test, kh_test_sections() - sections, 0UL,
				    "%s: SIMD sections for an update of %u bytes",
				    impl->driver, partial);

		KUNIT_ASSERT_EQ(test, crypto_shash_init(desc), 0);
		sections = kh_test_sections();
		KUNIT_ASSERT_EQ(test, crypto_shash_update(desc, big,
							  KH_SECTIONS_LEN), 0);
		KUNIT_EXPECT_EQ_MSG(test, kh_test_sections() - sections,
				    (unsigned long)(KH_SECTIONS_LEN / 4096),
				    "%s: SIMD sections for a %u-byte update",
				    impl->driver, KH_SECTIONS_LEN);
		KUNIT_ASSERT_EQ(test, crypto_shash_final(desc, t->d1), 0);
		crypto_free_shash(tfm);
	}
	if (!narch)
		kunit_skip(test, "no SIMD driver of %s on this CPU", t->alg->name);
}

/*
 * The threshold by calling context (struct kh_simd_min, kh_simd_min()): a
 * message of the shortest valid length at or above a driver's kthread
 * threshold but below its task threshold enters a SIMD section in the
 * kernel thread the KUnit case runs in, as kh_simd_min() sees it from
 * current, and none when the hook makes it take the user task's
 * threshold (kh_test_context()); forcing the kthread one agrees with what
 * it saw.  Skipped
 * where no driver of the algorithm has such a length (equal thresholds).
 */
static void kh_case_simd_context(struct kunit *test)
{
	static const int forced[] = { 0, 1, -1 };
	struct kh_test_ctx *t = test->priv;
	const struct kh_test_driver *impl;
	unsigned int d = 0, nrun = 0, keylen;
	const u8 *key;
	u8 *buf;

	KUNIT_ASSERT_TRUE_MSG(test, current->flags & PF_KTHREAD,
			      "KUnit cases run in a kernel thread");
	buf = kh_sections_msg(test, &key, &keylen);
	kh_test_count_sections(test);
	while ((impl = kh_next_driver(t->alg->name, &d))) {
		const struct kh_simd_min *min = &impl->simd_min;
		struct crypto_shash *tfm;
		struct shash_desc *desc;
		unsigned int len, i;

		if (kh_is_generic(impl))
			continue;
		/* at least a block (or NH unit): its update() enters one */
		len = max3(min->kthread, impl->blocksize, 16U);
		len = roundup(len, t->alg->step);
		if (len >= min->task)
			continue;
		nrun++;
		tfm = kh_alloc(test, impl->driver, key, keylen);
		desc = kh_desc(test, tfm);
		for (i = 0; i < ARRAY_SIZE(forced); i++) {
			unsigned long sections;
			int err;

			kh_test_context(test, forced[i]);
			sections = kh_test_sections();
			err = crypto_shash_digest(desc, buf, len, t->d1);
			sections = kh_test_sections() - sections;
			kh_test_context_end(test, forced[i]);
			KUNIT_ASSERT_EQ(test, err, 0);
			if (forced[i] > 0)
				KUNIT_EXPECT_EQ_MSG(test, sections, 0UL,
						    "%s: %u bytes as a user task (threshold %u)",
						    impl->driver, len, min->task);
			else
				KUNIT_EXPECT_GT_MSG(test, sections, 0UL,
						    "%s: %u bytes in a kernel thread%s (threshold %u)",
						    impl->driver, len,
						    forced[i] ? " (forced)" : "",
						    min->kthread);
		}
		crypto_free_shash(tfm);
	}
	if (!nrun)
		kunit_skip(test, "no driver of %s here has a kthread threshold below its task one",
			   t->alg->name);
}

/*
 * A second setkey() replaces the first key completely, and a setkey() that
 * fails after a good one leaves the tfm keyless until the next good one:
 * digests always equal those of a fresh tfm with the last good key.
 * Multimixer-128 gets a shorter second key, which must also shorten the
 * longest message it accepts.
 */
static void kh_case_rekey(struct kunit *test)
{
	struct kh_test_ctx *t = test->priv;
	u32 step = t->alg->step;
	u32 keylen2 = step > 1 ? t->alg->keylen / 2 : t->alg->keylen;
	u32 len = step > 1 ? keylen2 : 777;
	const struct kh_test_driver *impl;
	unsigned int d = 0;
	u8 *key2 = kunit_kmalloc(test, keylen2, GFP_KERNEL);
	u8 *zeros = kunit_kzalloc(test, KH_MAX_BAD_KEY, GFP_KERNEL);
	u8 *ref = kunit_kzalloc(test, KH_MAX_DIGEST, GFP_KERNEL);

	KUNIT_ASSERT_TRUE(test, key2 && zeros && ref);
	prandom_bytes_state(&t->rng, key2, keylen2);
	if (t->alg->make_key)
		t->alg->make_key(key2, keylen2);

	while ((impl = kh_next_driver(t->alg->name, &d))) {
		struct crypto_shash *tfm = kh_alloc(test, impl->driver, t->key,
						    t->alg->keylen);
		struct crypto_shash *fresh = kh_alloc(test, impl->driver, key2,
						      keylen2);
		struct shash_desc *desc = kh_desc(test, tfm);
		unsigned int ds = impl->digestsize;

		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(fresh, t->data, len,
							      ref), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_digest(desc, t->data, len,
							  t->d1), 0);
		KUNIT_EXPECT_NE_MSG(test, memcmp(t->d1, ref, ds), 0,
				    "%s: two keys, one digest", impl->driver);

		KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, key2, keylen2), 0);
		KUNIT_ASSERT_EQ(test, kh_hash_split(t, desc, t->data, len,
						    t->d2), 0);
		KH_EXPECT_MEMEQ(test, t->d2, ref, ds, "%s: second key",
				impl->driver);
		if (step > 1)
			KUNIT_EXPECT_EQ_MSG(test,
					    crypto_shash_digest(desc, t->data,
								len + step, t->d2),
					    -EINVAL, "%s: message beyond the second key",
					    impl->driver);

		if (t->alg->nbad) {
			u32 bad = t->alg->bad_keylens[t->alg->nbad - 1];

			KUNIT_EXPECT_EQ(test, crypto_shash_setkey(tfm, zeros, bad),
					-EINVAL);
			KUNIT_EXPECT_EQ(test, crypto_shash_digest(desc, t->data,
								  len, t->d2),
					-ENOKEY);
			KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, key2,
								  keylen2), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_digest(desc, t->data,
								  len, t->d2), 0);
			KH_EXPECT_MEMEQ(test, t->d2, ref, ds,
					"%s: key set again after a failed setkey",
					impl->driver);
		}
		crypto_free_shash(fresh);
		crypto_free_shash(tfm);
	}
}

/*
 * Hashing in interrupt context.  Two hrtimers, one expiring in hard IRQ
 * context and one in softirq context, hash the same messages as the task,
 * each with its own request allocated beforehand, while the task keeps
 * hashing.  An interrupt that arrives inside the task's SIMD section must
 * make the driver take its generic path (crypto_simd_usable() is false
 * there); every digest must equal the generic driver's, computed first.
 */
#define KH_IRQ_MSGS		8
#define KH_IRQ_ROUNDS		48	/* expiries per timer and driver */
#define KH_IRQ_PERIOD_NS	(150 * NSEC_PER_USEC)
#define KH_IRQ_TIMEOUT		(20 * HZ)

struct kh_irq_msgs {
	const u8 *msg[KH_IRQ_MSGS];
	u32 len[KH_IRQ_MSGS];
	u8 ref[KH_IRQ_MSGS][KH_MAX_DIGEST];
	unsigned int digestsize;
};

/* One hashing context: the task (no timer), hard IRQ or softirq. */
struct kh_irq_ctx {
	struct hrtimer timer;
	const struct kh_irq_msgs *m;
	struct shash_desc *desc;
	bool hard;
	bool done;
	unsigned int rounds;
	unsigned int errors;
	unsigned int mismatches;
	unsigned int wrong_context;
	unsigned int nosimd;
	unsigned int usable_wrong;
	u8 out[KH_MAX_DIGEST];
};

static void kh_irq_hash(struct kh_irq_ctx *c)
{
	const struct kh_irq_msgs *m = c->m;
	unsigned int i = c->rounds++ % KH_IRQ_MSGS;

	if (!crypto_simd_usable()) {
		c->nosimd++;
		/* what the drivers ask must say no as well */
		if (kh_simd_usable())
			c->usable_wrong++;
	}
	if (crypto_shash_digest(c->desc, m->msg[i], m->len[i], c->out))
		c->errors++;
	else if (memcmp(c->out, m->ref[i], m->digestsize))
		c->mismatches++;
}

/*
 * The next expiry is at least KH_IRQ_PERIOD_NS and three times this
 * digest's duration away: under a slow emulator the interrupt then never
 * takes more than about a quarter of the CPU from the task.
 */
static enum hrtimer_restart kh_irq_timer_fn(struct hrtimer *timer)
{
	struct kh_irq_ctx *c = container_of(timer, struct kh_irq_ctx, timer);
	ktime_t start = ktime_get();
	u64 gap;

	if (c->hard ? !in_hardirq() : !in_serving_softirq())
		c->wrong_context++;
	kh_irq_hash(c);
	if (c->rounds >= KH_IRQ_ROUNDS) {
		WRITE_ONCE(c->done, true);
		return HRTIMER_NORESTART;
	}
	gap = 3 * ktime_to_ns(ktime_sub(ktime_get(), start));
	gap = max_t(u64, gap, KH_IRQ_PERIOD_NS);
	hrtimer_set_expires(timer, ktime_add_ns(ktime_get(), gap));
	return HRTIMER_RESTART;
}

/*
 * Hold a SIMD section of the task's own until the hard IRQ timer has run
 * inside it (at most 2 ms): there crypto_simd_usable() is false (x86: the
 * FPU is in use; arm64: never in hard IRQ), so the drivers must take their
 * generic path.  Chance alone may never hit a section under an emulator.
 */
static void kh_irq_hold_simd(const struct kh_irq_ctx *hard)
{
	unsigned int rounds = READ_ONCE(hard->rounds);
	struct kh_simd_save save;
	int us;

	kh_simd_begin(&save);
	for (us = 0; us < 2000 && READ_ONCE(hard->rounds) == rounds &&
	     !READ_ONCE(hard->done); us++)
		udelay(1);
	kh_simd_end(&save);
}

static void kh_irq_check(struct kunit *test, const struct kh_test_driver *impl,
			 const struct kh_irq_ctx *c, const char *where)
{
	KUNIT_EXPECT_EQ_MSG(test, c->errors, 0U, "%s in %s: errors",
			    impl->driver, where);
	KUNIT_EXPECT_EQ_MSG(test, c->mismatches, 0U, "%s in %s: wrong digests",
			    impl->driver, where);
	KUNIT_EXPECT_EQ_MSG(test, c->wrong_context, 0U,
			    "%s: timer not run in %s", impl->driver, where);
	KUNIT_EXPECT_EQ_MSG(test, c->usable_wrong, 0U,
			    "%s in %s: kh_simd_usable() true where crypto_simd_usable() was false",
			    impl->driver, where);
}

static void kh_case_irq_context(struct kunit *test)
{
	static const u32 lens[KH_IRQ_MSGS] = {
		0, 1, 31, 64, 257, 1024, 3001, 4096,
	};
	struct kh_test_ctx *t = test->priv;
	const struct kh_test_driver *gen = kh_generic_driver(t->alg->name);
	struct kh_irq_msgs *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);
	const struct kh_test_driver *impl;
	struct crypto_shash *tfm;
	unsigned int i, d = 0;
	u32 step = t->alg->step;

	KUNIT_ASSERT_NOT_NULL(test, m);
	tfm = kh_alloc(test, gen->driver, t->key, t->alg->keylen);
	m->digestsize = crypto_shash_digestsize(tfm);
	for (i = 0; i < KH_IRQ_MSGS; i++) {
		m->msg[i] = t->data + 7 * i;
		m->len[i] = step == 1 ? lens[i] : max(rounddown(lens[i], step), step);
		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfm, m->msg[i],
							      m->len[i], m->ref[i]),
				0);
	}
	crypto_free_shash(tfm);

	while ((impl = kh_next_driver(t->alg->name, &d))) {
		struct kh_irq_ctx *c = kunit_kcalloc(test, 3, sizeof(*c),
						     GFP_KERNEL);
		unsigned long deadline = jiffies + KH_IRQ_TIMEOUT;

		KUNIT_ASSERT_NOT_NULL(test, c);
		tfm = kh_alloc(test, impl->driver, t->key, t->alg->keylen);
		for (i = 0; i < 3; i++) {
			c[i].m = m;
			c[i].desc = kh_desc(test, tfm);
		}
		/* no assertion may end the case while a timer is armed */
		c[1].hard = true;
		hrtimer_setup(&c[1].timer, kh_irq_timer_fn, CLOCK_MONOTONIC,
			      HRTIMER_MODE_REL_HARD);
		hrtimer_setup(&c[2].timer, kh_irq_timer_fn, CLOCK_MONOTONIC,
			      HRTIMER_MODE_REL_SOFT);
		hrtimer_start(&c[1].timer, ns_to_ktime(KH_IRQ_PERIOD_NS),
			      HRTIMER_MODE_REL_HARD);
		hrtimer_start(&c[2].timer, ns_to_ktime(KH_IRQ_PERIOD_NS / 3),
			      HRTIMER_MODE_REL_SOFT);
		while (!(READ_ONCE(c[1].done) && READ_ONCE(c[2].done)) &&
		       time_before(jiffies, deadline)) {
			kh_irq_hash(&c[0]);
			kh_irq_hold_simd(&c[1]);
			cond_resched();	/* lets ksoftirqd run, if it has to */
		}
		hrtimer_cancel(&c[1].timer);
		hrtimer_cancel(&c[2].timer);

		kh_irq_check(test, impl, &c[0], "task context");
		kh_irq_check(test, impl, &c[1], "hard IRQ context");
		kh_irq_check(test, impl, &c[2], "softirq context");
		KUNIT_EXPECT_EQ_MSG(test, c[1].rounds, KH_IRQ_ROUNDS,
				    "%s: hard IRQ rounds before the timeout",
				    impl->driver);
		KUNIT_EXPECT_EQ_MSG(test, c[2].rounds, KH_IRQ_ROUNDS,
				    "%s: softirq rounds before the timeout",
				    impl->driver);
		KUNIT_EXPECT_GT_MSG(test, c[1].nosimd, 0U,
				    "%s: no hard IRQ found SIMD unusable", impl->driver);
		kunit_info(test,
			   "%s: %u digests in task context, %u in hard IRQ (%u without SIMD), %u in softirq (%u without SIMD)\n",
			   impl->driver, c[0].rounds, c[1].rounds, c[1].nosimd,
			   c[2].rounds, c[2].nosimd);
		crypto_free_shash(tfm);
	}
}

/* Set up the per-test context for @alg, then run @fn. */
static void kh_run(struct kunit *test, const struct kh_test_alg *alg,
		   void (*fn)(struct kunit *test))
{
	int err = kh_test_init(test, alg);

	KUNIT_ASSERT_EQ_MSG(test, err, 0, "setting up the %s test", alg->name);
	fn(test);
}

/*
 * KH_HASH_SUITE(prefix, suite name, &struct kh_test_alg, extra cases...)
 * defines the suite "suite name" with the shared cases, plus any extra
 * KUNIT_CASE() entries of the algorithm's own.
 */
#define KH_HASH_SUITE(prefix, sname, algp, ...)				\
static const struct kh_test_alg *const prefix##_test_alg = algp;		\
static void prefix##_vectors(struct kunit *test)			\
{									\
	kh_run(test, prefix##_test_alg, kh_case_vectors);			\
}									\
static void prefix##_all_lengths(struct kunit *test)			\
{									\
	kh_run(test, prefix##_test_alg, kh_case_all_lengths);		\
}									\
static void prefix##_random_splits(struct kunit *test)			\
{									\
	kh_run(test, prefix##_test_alg, kh_case_random_splits);		\
}									\
static void prefix##_guard_pages(struct kunit *test)			\
{									\
	kh_run(test, prefix##_test_alg, kh_case_guard_pages);		\
}									\
static void prefix##_alignment(struct kunit *test)			\
{									\
	kh_run(test, prefix##_test_alg, kh_case_alignment);			\
}									\
static void prefix##_export_import(struct kunit *test)			\
{									\
	kh_run(test, prefix##_test_alg, kh_case_export_import);		\
}									\
static void prefix##_state_wiped(struct kunit *test)			\
{									\
	kh_run(test, prefix##_test_alg, kh_case_state_wiped);		\
}									\
static void prefix##_bad_keys(struct kunit *test)			\
{									\
	kh_run(test, prefix##_test_alg, kh_case_bad_keys);			\
}									\
static void prefix##_arch_vs_generic(struct kunit *test)		\
{									\
	kh_run(test, prefix##_test_alg, kh_case_arch_vs_generic);		\
}									\
static void prefix##_rekey(struct kunit *test)				\
{									\
	kh_run(test, prefix##_test_alg, kh_case_rekey);			\
}									\
static void prefix##_irq_context(struct kunit *test)			\
{									\
	kh_run(test, prefix##_test_alg, kh_case_irq_context);		\
}									\
static void prefix##_nosimd_vs_generic(struct kunit *test)		\
{									\
	kh_run(test, prefix##_test_alg, kh_case_nosimd_vs_generic);	\
}									\
static void prefix##_simd_sections(struct kunit *test)			\
{									\
	kh_run(test, prefix##_test_alg, kh_case_simd_sections);		\
}									\
static void prefix##_simd_context(struct kunit *test)			\
{									\
	kh_run(test, prefix##_test_alg, kh_case_simd_context);		\
}									\
static struct kunit_case prefix##_cases[] = {				\
	KUNIT_CASE(prefix##_vectors),					\
	KUNIT_CASE(prefix##_all_lengths),				\
	KUNIT_CASE(prefix##_random_splits),				\
	KUNIT_CASE(prefix##_guard_pages),				\
	KUNIT_CASE(prefix##_alignment),					\
	KUNIT_CASE(prefix##_export_import),				\
	KUNIT_CASE(prefix##_state_wiped),				\
	KUNIT_CASE(prefix##_bad_keys),					\
	KUNIT_CASE(prefix##_arch_vs_generic),				\
	KUNIT_CASE(prefix##_nosimd_vs_generic),				\
	KUNIT_CASE(prefix##_simd_sections),				\
	KUNIT_CASE(prefix##_simd_context),				\
	KUNIT_CASE(prefix##_rekey),					\
	KUNIT_CASE(prefix##_irq_context), ##__VA_ARGS__,		\
	{}								\
};									\
static struct kunit_suite prefix##_suite = {				\
	.name = sname,							\
	.test_cases = prefix##_cases,					\
}

#endif /* _KEYEDHASH_HASH_TEST_TEMPLATE_H */
