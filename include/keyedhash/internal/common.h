/* SPDX-License-Identifier: GPL-2.0 */
/* keyedhash: small helpers every implementation uses. */
#ifndef _KEYEDHASH_INTERNAL_COMMON_H
#define _KEYEDHASH_INTERNAL_COMMON_H

#include <linux/string.h>
#include <linux/types.h>

/*
 * Wipe a state of @n bytes (a constant): in pieces of at most 32 bytes,
 * each of which the compiler writes with plain 8-byte stores, where one
 * memzero_explicit() of the whole state (80-168 bytes) becomes "rep stosq",
 * whose start-up is costly on some CPUs.
 */
static __always_inline void kh_wipe_state(void *state, unsigned int n)
{
	unsigned int i;

	for (i = 0; i + 32 <= n; i += 32)
		memzero_explicit((u8 *)state + i, 32);
	if (n % 32)
		memzero_explicit((u8 *)state + i, n % 32);
}

#endif /* _KEYEDHASH_INTERNAL_COMMON_H */
