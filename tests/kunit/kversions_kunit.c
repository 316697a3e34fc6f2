// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite for a block of include/keyedhash/internal/kversions.h: built into
 * keyedhash_kunit.ko only out of tree and where Kbuild's probe finds
 * shash_alg.clone_tfm (Linux 6.4 up to 7.2), since only there does the
 * module give its shashes a clone_tfm, and only there can a tfm be cloned.
 *
 * keyedhash-compat.clone: for the first known-answer vector with a message
 * of every algorithm and every driver of it, clone a keyed tfm, free the
 * original and hash with the clone; then clone the clone, free the first
 * clone and hash with the second.  Each must give the vector's digest: a
 * clone must neither share memory with its origin that the origin frees
 * (Multimixer-128's key; KASAN would report it, and the freed key is
 * wiped) nor hash under the zeroed context crypto_clone_shash() hands out.
 */
#include <crypto/hash.h>
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <crypto/internal/hash.h>
#include <keyedhash/internal/shash.h>
#include <keyedhash/internal/testvec.h>
#include "tests/keyedhash-testvecs.h"
#include "kh_seams.h"

static const struct kh_testvec *kh_compat_vector(const char *name)
{
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++) {
		const struct kh_testvec_suite *suite = &kh_testvec_suites[i];

		if (strcmp(suite->name, name))
			continue;
		for (j = 0; j < suite->count; j++)
			if (suite->vecs[j].msglen)
				return &suite->vecs[j];
	}
	return NULL;
}

/* Hash @tv's message with @tfm and compare with its digest. */
static void kh_compat_check(struct kunit *test, struct crypto_shash *tfm,
			    const struct kh_testvec *tv, const u8 *msg,
			    const char *driver, const char *what)
{
	u8 out[64];
	int err;

	KUNIT_ASSERT_LE(test, crypto_shash_digestsize(tfm), sizeof(out));
	err = crypto_shash_tfm_digest(tfm, msg, tv->msglen, out);
	KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s: %s", driver, what);
	if (!err)
		KUNIT_EXPECT_EQ_MSG(test, memcmp(out, tv->digest,
						 crypto_shash_digestsize(tfm)),
				    0, "%s: %s: wrong digest", driver, what);
}

static void kh_compat_clone(struct kunit *test)
{
	const struct kh_test_driver *alg;
	unsigned int i, ndrivers = 0;

	for (i = 0; (alg = kh_test_driver_at(i)); i++) {
		const char *driver = alg->driver;
		const struct kh_testvec *tv = kh_compat_vector(alg->name);
		struct crypto_shash *tfm, *clone;
		u8 *msg;

		KUNIT_ASSERT_NOT_NULL_MSG(test, tv, "%s: no vector", alg->name);
		msg = vmalloc(tv->msglen);
		KUNIT_ASSERT_NOT_NULL(test, msg);
		kh_testvec_msg(tv, 0, msg, tv->msglen);

		tfm = crypto_alloc_shash(driver, 0, 0);
		if (IS_ERR(tfm)) {
			vfree(msg);
			KUNIT_FAIL(test, "allocating %s: %pe", driver, tfm);
			return;
		}
		KUNIT_EXPECT_EQ(test, crypto_shash_setkey(tfm, tv->key, tv->keylen), 0);
		ndrivers++;

		clone = crypto_clone_shash(tfm);
		crypto_free_shash(tfm);
		KUNIT_EXPECT_FALSE_MSG(test, IS_ERR(clone), "%s: clone: %pe",
				       driver, clone);
		if (IS_ERR(clone)) {
			vfree(msg);
			continue;
		}
		kh_compat_check(test, clone, tv, msg, driver,
				"clone, origin freed");

		tfm = crypto_clone_shash(clone);
		crypto_free_shash(clone);
		KUNIT_EXPECT_FALSE_MSG(test, IS_ERR(tfm), "%s: clone of a clone: %pe",
				       driver, tfm);
		if (!IS_ERR(tfm)) {
			kh_compat_check(test, tfm, tv, msg, driver,
					"clone of a clone, first clone freed");
			crypto_free_shash(tfm);
		}
		vfree(msg);
	}
	KUNIT_EXPECT_GT(test, ndrivers, 0U);
}

static struct kunit_case kh_compat_cases[] = {
	KUNIT_CASE(kh_compat_clone),
	{}
};

static struct kunit_suite kh_compat_suite = {
	.name = "keyedhash-compat",
	.test_cases = kh_compat_cases,
};

kunit_test_suites(&kh_compat_suite);
