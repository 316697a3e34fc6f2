// SPDX-License-Identifier: GPL-2.0
/*
 * Compiles the Linux 6.1 crypto/nhpoly1305.c (path in KB_KFILE, from the
 * installed linux-source) unmodified through kshim/, and exposes its static
 * driver and its static nh_generic() to the harness.
 */
#include KB_KFILE

const struct shash_alg *kb_linux_nhpoly1305_generic(void)
{
	return &nhpoly1305_alg;
}

void kb_linux_nh_generic(const u32 *key, const u8 *message,
			 size_t message_len, __le64 hash[NH_NUM_PASSES])
{
	nh_generic(key, message, message_len, hash);
}
