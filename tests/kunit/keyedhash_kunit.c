// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suites for keyedhash: one suite per algorithm name, all built from
 * hash_test_template.h, plus the cases only one algorithm needs.  Load
 * keyedhash.ko first; the suites run at module load (Linux 6.1 runs module
 * suites from the module notifier) and report KTAP to the kernel log.
 */
#include <linux/module.h>
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

kunit_test_suites(&hh64_suite, &hh128_suite, &hh256_suite);

MODULE_DESCRIPTION("KUnit tests for keyedhash");
MODULE_LICENSE("GPL");
