// SPDX-License-Identifier: GPL-2.0
/*
 * The generic C drivers: one entry per algorithm name.  The module
 * registers them; the host tests and the benchmark run the same entries.
 */
#include <linux/kernel.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/highwayhash.h>
#include <keyedhash/multimixer128.h>
#include <keyedhash/nhpoly1305.h>
#include <keyedhash/sthash.h>

#define KH_GENERIC_PRIORITY	100
/*
 * Below the kernel's own nhpoly1305-generic (100), so that Adiantum keeps
 * the in-tree drivers unless this one is asked for by driver name.
 */
#define KH_NHPOLY1305_GENERIC_PRIORITY	90

const struct kh_impl kh_generic_impls[] = {
	{
		.name = "highwayhash64", .driver = "highwayhash64-generic",
		.priority = KH_GENERIC_PRIORITY,
		.digestsize = HH64_DIGEST_SIZE, .blocksize = HH_PACKET_SIZE,
		.alg = &hh_alg_ops, .arch = &hh_generic_ops,
	}, {
		.name = "highwayhash128", .driver = "highwayhash128-generic",
		.priority = KH_GENERIC_PRIORITY,
		.digestsize = HH128_DIGEST_SIZE, .blocksize = HH_PACKET_SIZE,
		.alg = &hh_alg_ops, .arch = &hh_generic_ops,
	}, {
		.name = "highwayhash256", .driver = "highwayhash256-generic",
		.priority = KH_GENERIC_PRIORITY,
		.digestsize = HH256_DIGEST_SIZE, .blocksize = HH_PACKET_SIZE,
		.alg = &hh_alg_ops, .arch = &hh_generic_ops,
	}, {
		.name = "multimixer128", .driver = "multimixer128-generic",
		.priority = KH_GENERIC_PRIORITY,
		.digestsize = MM128_DIGEST_SIZE, .blocksize = MM128_BLOCK_SIZE,
		.alg = &mm128_alg_ops, .arch = &mm128_generic_ops,
	}, {
		.name = "nhpoly1305", .driver = "nhpoly1305-keyedhash-generic",
		.priority = KH_NHPOLY1305_GENERIC_PRIORITY,
		.digestsize = NHPOLY1305_DIGEST_SIZE, .blocksize = 0,
		.alg = &nhpoly1305_alg_ops, .arch = &nhpoly1305_generic_ops,
		.load_first = "nhpoly1305-generic",
	}, {
		.name = "sthash", .driver = "sthash-generic",
		.priority = KH_GENERIC_PRIORITY,
		.digestsize = STHASH_DIGEST_SIZE, .blocksize = KH_NH_UNIT,
		.alg = &sthash_alg_ops, .arch = &nhpoly1305_generic_ops,
	}, {
		.name = "sthash-personalized",
		.driver = "sthash-personalized-generic",
		.priority = KH_GENERIC_PRIORITY,
		.digestsize = STHASH_DIGEST_SIZE, .blocksize = KH_NH_UNIT,
		.alg = &sthash_personalized_alg_ops,
		.arch = &nhpoly1305_generic_ops,
	},
};

const unsigned int kh_generic_impl_count = ARRAY_SIZE(kh_generic_impls);
