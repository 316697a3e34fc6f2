/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small helpers shared by the host test programs (tools/hosttest-*.c),
 * which are built against tools/shim/.
 */
#ifndef _KEYEDHASH_HOSTTEST_H
#define _KEYEDHASH_HOSTTEST_H

#include <stdio.h>
#include <linux/types.h>

/* xorshift64: the test programs' reproducible pseudo-random numbers. */
static inline u64 ht_xorshift64(u64 *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/* @n bytes from the hex digits at @s; a pair that does not parse gives 0. */
static inline void ht_unhex(const char *s, u8 *out, size_t n)
{
	unsigned int b;
	size_t i;

	for (i = 0; i < n; i++) {
		if (sscanf(s + 2 * i, "%2x", &b) != 1)
			b = 0;
		out[i] = b;
	}
}

#endif /* _KEYEDHASH_HOSTTEST_H */
