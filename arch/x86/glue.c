// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: x86 drivers.  The SIMD block functions plug in here.
 */
#include <linux/kernel.h>
#include <keyedhash/keyedhash.h>

const struct kh_impl kh_arch_impls[] = {};
const unsigned int kh_arch_impl_count = ARRAY_SIZE(kh_arch_impls);
