/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small helpers shared by the host test programs (tests/host/hosttest-*.c),
 * which are built against libkeyedhash/kshim/.
 */
#ifndef _KEYEDHASH_HOSTTEST_H
#define _KEYEDHASH_HOSTTEST_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <string.h>
#include <linux/types.h>
#include "tests/host/ht_impl.h"

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

/*
 * Guarded memory: @n bytes that end where an inaccessible page begins, so
 * that reading or writing one byte past them faults at once (the SIMD
 * assembly is invisible to the address sanitizer).  The pages come from
 * mmap(), zeroed.
 */
static inline size_t ht_page(void)
{
	long p = sysconf(_SC_PAGESIZE);

	return p > 0 ? (size_t)p : 4096;
}

static inline size_t ht_guarded_span(size_t n)
{
	return (n + ht_page() - 1) / ht_page() * ht_page() + ht_page();
}

static inline void *ht_guarded_alloc(size_t n)
{
	size_t span = ht_guarded_span(n);
	char *m = mmap(NULL, span, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED)
		return NULL;
	if (mprotect(m + span - ht_page(), ht_page(), PROT_NONE)) {
		munmap(m, span);
		return NULL;
	}
	return m + span - ht_page() - n;
}

static inline void ht_guarded_free(void *p, size_t n)
{
	size_t span = ht_guarded_span(n);

	if (p)
		munmap((char *)p + n + ht_page() - span, span);
}

/* The generic driver of algorithm @name (a cra_name), or NULL. */
static inline const struct ht_impl *ht_generic_impl(const char *name)
{
	unsigned int i;

	for (i = 0; i < ht_generic_impl_count; i++)
		if (!strcmp((&ht_generic_impl_table[i])->name, name))
			return (&ht_generic_impl_table[i]);
	return NULL;
}

#endif /* _KEYEDHASH_HOSTTEST_H */
