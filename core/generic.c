// SPDX-License-Identifier: GPL-2.0
/*
 * The generic C drivers, one per algorithm name, and the table the module
 * registers them from.  Their state machines are in core/<algorithm>.c.
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

static const struct kh_impl kh_highwayhash64_generic = {
	.name		= "highwayhash64",
	.driver		= "highwayhash64-generic",
	.priority	= KH_GENERIC_PRIORITY,
	.digestsize	= HH64_DIGEST_SIZE,
	.blocksize	= HH_PACKET_SIZE,
	.alg		= &kh_highwayhash_generic_ops,
};

static const struct kh_impl kh_highwayhash128_generic = {
	.name		= "highwayhash128",
	.driver		= "highwayhash128-generic",
	.priority	= KH_GENERIC_PRIORITY,
	.digestsize	= HH128_DIGEST_SIZE,
	.blocksize	= HH_PACKET_SIZE,
	.alg		= &kh_highwayhash_generic_ops,
};

static const struct kh_impl kh_highwayhash256_generic = {
	.name		= "highwayhash256",
	.driver		= "highwayhash256-generic",
	.priority	= KH_GENERIC_PRIORITY,
	.digestsize	= HH256_DIGEST_SIZE,
	.blocksize	= HH_PACKET_SIZE,
	.alg		= &kh_highwayhash_generic_ops,
};

static const struct kh_impl kh_multimixer128_generic = {
	.name		= "multimixer128",
	.driver		= "multimixer128-generic",
	.priority	= KH_GENERIC_PRIORITY,
	.digestsize	= MM128_DIGEST_SIZE,
	.blocksize	= MM128_BLOCK_SIZE,
	.alg		= &kh_multimixer128_generic_ops,
};

static const struct kh_impl kh_nhpoly1305_keyedhash_generic = {
	.name		= "nhpoly1305",
	.driver		= "nhpoly1305-keyedhash-generic",
	.priority	= KH_NHPOLY1305_GENERIC_PRIORITY,
	.digestsize	= NHPOLY1305_DIGEST_SIZE,
	.blocksize	= 0,
	.alg		= &kh_nhpoly1305_generic_ops,
	.load_first	= "nhpoly1305-generic",
};

static const struct kh_impl kh_sthash_generic = {
	.name		= "sthash",
	.driver		= "sthash-generic",
	.priority	= KH_GENERIC_PRIORITY,
	.digestsize	= STHASH_DIGEST_SIZE,
	.blocksize	= KH_NH_UNIT,
	.alg		= &kh_sthash_generic_ops,
};

static const struct kh_impl kh_sthash_personalized_generic = {
	.name		= "sthash-personalized",
	.driver		= "sthash-personalized-generic",
	.priority	= KH_GENERIC_PRIORITY,
	.digestsize	= STHASH_DIGEST_SIZE,
	.blocksize	= KH_NH_UNIT,
	.alg		= &kh_sthash_personalized_generic_ops,
};

const struct kh_impl *const kh_generic_impls[] = {
	&kh_highwayhash64_generic,
	&kh_highwayhash128_generic,
	&kh_highwayhash256_generic,
	&kh_multimixer128_generic,
	&kh_nhpoly1305_keyedhash_generic,
	&kh_sthash_generic,
	&kh_sthash_personalized_generic,
};

const unsigned int kh_generic_impl_count = ARRAY_SIZE(kh_generic_impls);
