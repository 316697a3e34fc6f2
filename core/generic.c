// SPDX-License-Identifier: GPL-2.0
/*
 * The generic C drivers: one entry per algorithm name.  The module
 * registers them; the host tests and the benchmark run the same entries.
 */
#include <linux/kernel.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/highwayhash.h>

#define KH_GENERIC_PRIORITY	100

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
	},
};

const unsigned int kh_generic_impl_count = ARRAY_SIZE(kh_generic_impls);
