/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test code of the Keccak layer (<keyedhash/internal/keccak.h>), in
 * lib/keccak_test.c: built only into the module's KUnit build (Kbuild)
 * and into the host tests, never into the production module.
 */
#ifndef _KEYEDHASH_CORE_KECCAK_TEST_H
#define _KEYEDHASH_CORE_KECCAK_TEST_H

#include <keyedhash/internal/keccak.h>

/* The three steps of KMAC128's output (kh_kmac128_final_pad()) in one call. */
void kh_kmac128_final(struct kh_keccak128 *s, u8 *out, size_t outlen);

/*
 * Known-answer test of the Keccak layer with the NIST SP 800-185 samples
 * (cSHAKE128 samples 1-2, KMAC128 samples 1-3) and two SHAKE128 values.
 * Returns 0 or -EBADMSG.  Exported to the KUnit suites alone
 * (EXPORT_SYMBOL_IF_KUNIT).
 */
int kh_keccak_selftest(void);

#endif /* _KEYEDHASH_CORE_KECCAK_TEST_H */
