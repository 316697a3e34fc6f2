// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: architectures without SIMD drivers register the generic ones.
 */
#include <linux/kernel.h>
#include <keyedhash/keyedhash.h>

const struct kh_impl *const kh_arch_impls[] = {};
const unsigned int kh_arch_impl_count = ARRAY_SIZE(kh_arch_impls);
