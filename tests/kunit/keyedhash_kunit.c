// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suites for keyedhash: one suite per algorithm name, all built from
 * hash_test_template.h, plus the cases only one algorithm needs.  Load
 * keyedhash.ko first; the suites run at module load (Linux 6.1 runs module
 * suites from the module notifier) and report KTAP to the kernel log.
 */
#include <linux/module.h>
#include <linux/unaligned.h>
#include "lib/keccak_test.h"
#include "hash_test_template.h"

static const unsigned int hh_bad_keylens[] = { 0, 1, 16, 31, 33, 64 };
static const struct kh_test_alg hh64_alg = {
	.name = "highwayhash64", .keylen = 32, .step = 1,
	.bad_keylens = hh_bad_keylens, .nbad = ARRAY_SIZE(hh_bad_keylens),
};

static const struct kh_test_alg hh128_alg = {
	.name = "highwayhash128", .keylen = 32, .step = 1,
	.bad_keylens = hh_bad_keylens, .nbad = ARRAY_SIZE(hh_bad_keylens),
};

static const struct kh_test_alg hh256_alg = {
	.name = "highwayhash256", .keylen = 32, .step = 1,
	.bad_keylens = hh_bad_keylens, .nbad = ARRAY_SIZE(hh_bad_keylens),
};

KH_HASH_SUITE(hh64, "keyedhash-highwayhash64", &hh64_alg);
KH_HASH_SUITE(hh128, "keyedhash-highwayhash128", &hh128_alg);
KH_HASH_SUITE(hh256, "keyedhash-highwayhash256", &hh256_alg);

static const unsigned int mm128_bad_keylens[] = { 0, 1, 31, 33, 65535, 65568 };
static const struct kh_test_alg mm128_alg = {
	.name = "multimixer128", .keylen = 4096, .step = 32,
	.bad_keylens = mm128_bad_keylens, .nbad = ARRAY_SIZE(mm128_bad_keylens),
};

/*
 * Multimixer-128 refuses what it cannot hash: a message longer than the
 * key (never wrapped), an empty one, or one that is not a multiple of 32
 * bytes; and a key longer than the message acts as its prefix.
 */
static void mm128_errors_case(struct kunit *test)
{
	struct kh_test_ctx *t = test->priv;
	const struct kh_test_driver *impl;
	unsigned int d = 0;

	while ((impl = kh_next_driver("multimixer128", &d))) {
		struct crypto_shash *tfm = kh_alloc(test, impl->driver, t->key, 256);
		struct shash_desc *desc = kh_desc(test, tfm);
		u8 *state = kunit_kzalloc(test, crypto_shash_statesize(tfm),
					  GFP_KERNEL);
		u32 len;

		KUNIT_ASSERT_NOT_NULL(test, state);
		KUNIT_EXPECT_EQ(test, crypto_shash_digest(desc, t->data, 288, t->d1),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, crypto_shash_digest(desc, t->data, 0, t->d1),
				-EINVAL);
		for (len = 1; len < 256; len += 7)
			if (len % 32)
				KUNIT_EXPECT_EQ_MSG(test,
						    crypto_shash_digest(desc, t->data, len, t->d1),
						    -EINVAL, "length %u", len);

		/* past the key end: refused, and the request state is unchanged */
		KUNIT_ASSERT_EQ(test, crypto_shash_init(desc), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_update(desc, t->data, 250), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_export(desc, state), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_update(desc, t->data + 250, 7),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, memcmp(shash_desc_ctx(desc), state,
					     crypto_shash_statesize(tfm)), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_finup(desc, t->data + 250, 6,
							 t->d1), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_digest(desc, t->data, 256, t->d2), 0);
		KUNIT_EXPECT_EQ(test, memcmp(t->d1, t->d2, 64), 0);

		/* a 256-byte key on a 96-byte message acts as its 96-byte prefix */
		KUNIT_ASSERT_EQ(test, crypto_shash_digest(desc, t->data, 96, t->d1), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, t->key, 96), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_digest(desc, t->data, 96, t->d2), 0);
		KUNIT_EXPECT_EQ(test, memcmp(t->d1, t->d2, 64), 0);
		crypto_free_shash(tfm);
	}
}

static void mm128_errors(struct kunit *test)
{
	kh_run(test, &mm128_alg, mm128_errors_case);
}

KH_HASH_SUITE(mm128, "keyedhash-multimixer128", &mm128_alg,
	      KUNIT_CASE(mm128_errors));

static const unsigned int nhp_bad_keylens[] = { 0, 1, 16, 1087, 1089, 2176 };
static const struct kh_test_alg nhp_alg = {
	.name = "nhpoly1305", .keylen = 1088, .step = 1,
	.bad_keylens = nhp_bad_keylens, .nbad = ARRAY_SIZE(nhp_bad_keylens),
};

KH_HASH_SUITE(nhp, "keyedhash-nhpoly1305", &nhp_alg);

static const unsigned int sth_bad_keylens[] = { 0, 1, 15, 4097 };
static const struct kh_test_alg sth_alg = {
	.name = "sthash", .keylen = 32, .step = 1,
	.bad_keylens = sth_bad_keylens, .nbad = ARRAY_SIZE(sth_bad_keylens),
};

/* NIST SP 800-185 samples for the module's cSHAKE128 and KMAC128. */
static void sth_sp800_185(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, kh_keccak_selftest(), 0);
}

KH_HASH_SUITE(sth, "keyedhash-sthash", &sth_alg, KUNIT_CASE(sth_sp800_185));

/*
 * The personalized key blob: le16 32 | seed | le16 2 | c1 | le16 3 | c2,
 * 43 bytes, with the random bytes as seed and personalizations.
 */
static void sthp_make_key(u8 *key, unsigned int keylen)
{
	put_unaligned_le16(32, key);
	put_unaligned_le16(2, key + 34);
	put_unaligned_le16(3, key + 38);
}

/* With zero bytes as key, every blob length is malformed (seed length 0). */
static const unsigned int sthp_bad_keylens[] = { 0, 1, 22, 43, 16385 };
static const struct kh_test_alg sthp_alg = {
	.name = "sthash-personalized", .keylen = 43, .step = 1,
	.bad_keylens = sthp_bad_keylens, .nbad = ARRAY_SIZE(sthp_bad_keylens),
	.make_key = sthp_make_key,
};

KH_HASH_SUITE(sthp, "keyedhash-sthash-personalized", &sthp_alg);

kunit_test_suites(&hh64_suite, &hh128_suite, &hh256_suite, &mm128_suite,
		  &nhp_suite, &sth_suite, &sthp_suite);

MODULE_DESCRIPTION("KUnit tests for keyedhash");
MODULE_LICENSE("GPL");
/* kh_simd_usable(), kh_simd_section_saves(), kh_simd_begin(), kh_keccak_selftest() */
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
