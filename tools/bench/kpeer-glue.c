// SPDX-License-Identifier: GPL-2.0
/*
 * Compiles one Linux 6.1 x86 NHPoly1305 glue file (path in KB_KFILE:
 * arch/x86/crypto/nhpoly1305-{sse2,avx2}-glue.c) unmodified through
 * kshim/, and exposes its static driver as kb_linux_nhpoly1305_KB_GLUE().
 */
#include KB_KFILE

#define KB_CAT2(a, b)	a##b
#define KB_CAT(a, b)	KB_CAT2(a, b)

const struct shash_alg *KB_CAT(kb_linux_nhpoly1305_, KB_GLUE)(void)
{
	return &nhpoly1305_alg;
}
