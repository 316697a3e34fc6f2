// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: architectures without SIMD code run the generic C and
 * register the generic drivers only.
 */
#include <crypto/internal/hash.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/shash.h>

void kh_arch_init(void)
{
}

void kh_arch_register(void)
{
}
