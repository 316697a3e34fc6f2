// SPDX-License-Identifier: GPL-2.0
/*
 * Known answers for the Keccak layer (include/keyedhash/internal/keccak.h): the
 * NIST SP 800-185 example values for cSHAKE128 (samples 1 and 2) and
 * KMAC128 (samples 1 to 3), with standard bytepad, and SHAKE128 (FIPS 202)
 * including output past the first squeezed block.
 *
 * Data is 00 01 02 .. (4 or 200 bytes); the KMAC key is 40 41 .. 5f.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <kunit/visibility.h>
#include "lib/keccak_test.h"

enum kh_keccak_kat_kind {
	KH_KAT_SHAKE128,
	KH_KAT_CSHAKE128,
	KH_KAT_KMAC128,
};

struct kh_keccak_kat {
	const char *what;
	enum kh_keccak_kat_kind kind;
	const char *custom;	/* cSHAKE S / KMAC S; cSHAKE N is empty */
	unsigned int msglen;	/* data = 00 01 02 .. */
	unsigned int skip;	/* output bytes before the compared 32 */
	u8 expect[32];
};

static const struct kh_keccak_kat kh_keccak_kats[] = {
	{
		"cSHAKE128 sample 1", KH_KAT_CSHAKE128, "Email Signature", 4, 0,
		{ 0xc1, 0xc3, 0x69, 0x25, 0xb6, 0x40, 0x9a, 0x04,
		  0xf1, 0xb5, 0x04, 0xfc, 0xbc, 0xa9, 0xd8, 0x2b,
		  0x40, 0x17, 0x27, 0x7c, 0xb5, 0xed, 0x2b, 0x20,
		  0x65, 0xfc, 0x1d, 0x38, 0x14, 0xd5, 0xaa, 0xf5 },
	}, {
		"cSHAKE128 sample 2", KH_KAT_CSHAKE128, "Email Signature", 200, 0,
		{ 0xc5, 0x22, 0x1d, 0x50, 0xe4, 0xf8, 0x22, 0xd9,
		  0x6a, 0x2e, 0x88, 0x81, 0xa9, 0x61, 0x42, 0x0f,
		  0x29, 0x4b, 0x7b, 0x24, 0xfe, 0x3d, 0x20, 0x94,
		  0xba, 0xed, 0x2c, 0x65, 0x24, 0xcc, 0x16, 0x6b },
	}, {
		"KMAC128 sample 1", KH_KAT_KMAC128, "", 4, 0,
		{ 0xe5, 0x78, 0x0b, 0x0d, 0x3e, 0xa6, 0xf7, 0xd3,
		  0xa4, 0x29, 0xc5, 0x70, 0x6a, 0xa4, 0x3a, 0x00,
		  0xfa, 0xdb, 0xd7, 0xd4, 0x96, 0x28, 0x83, 0x9e,
		  0x31, 0x87, 0x24, 0x3f, 0x45, 0x6e, 0xe1, 0x4e },
	}, {
		"KMAC128 sample 2", KH_KAT_KMAC128, "My Tagged Application", 4, 0,
		{ 0x3b, 0x1f, 0xba, 0x96, 0x3c, 0xd8, 0xb0, 0xb5,
		  0x9e, 0x8c, 0x1a, 0x6d, 0x71, 0x88, 0x8b, 0x71,
		  0x43, 0x65, 0x1a, 0xf8, 0xba, 0x0a, 0x70, 0x70,
		  0xc0, 0x97, 0x9e, 0x28, 0x11, 0x32, 0x4a, 0xa5 },
	}, {
		"KMAC128 sample 3", KH_KAT_KMAC128, "My Tagged Application", 200, 0,
		{ 0x1f, 0x5b, 0x4e, 0x6c, 0xca, 0x02, 0x20, 0x9e,
		  0x0d, 0xcb, 0x5c, 0xa6, 0x35, 0xb8, 0x9a, 0x15,
		  0xe2, 0x71, 0xec, 0xc7, 0x60, 0x07, 0x1d, 0xfd,
		  0x80, 0x5f, 0xaa, 0x38, 0xf9, 0x72, 0x92, 0x30 },
	}, {
		"SHAKE128 of the empty string", KH_KAT_SHAKE128, "", 0, 0,
		{ 0x7f, 0x9c, 0x2b, 0xa4, 0xe8, 0x8f, 0x82, 0x7d,
		  0x61, 0x60, 0x45, 0x50, 0x76, 0x05, 0x85, 0x3e,
		  0xd7, 0x3b, 0x80, 0x93, 0xf6, 0xef, 0xbc, 0x88,
		  0xeb, 0x1a, 0x6e, 0xac, 0xfa, 0x66, 0xef, 0x26 },
	}, {
		"SHAKE128 of 200 bytes, output 320..351", KH_KAT_SHAKE128, "",
		200, 320,
		{ 0xd4, 0x0b, 0xc0, 0x54, 0xdf, 0xe5, 0xf3, 0x9f,
		  0xcf, 0x3d, 0xae, 0x74, 0xa1, 0xe1, 0x1e, 0x5c,
		  0x62, 0xdf, 0xab, 0x35, 0xb7, 0x3c, 0xd2, 0xec,
		  0xf0, 0x88, 0xcc, 0x55, 0xd9, 0x72, 0x48, 0x62 },
	},
};

/*
 * KMAC128's output in one call, for the known answers (the module's own
 * KMAC128 user, STHash, permutes with its driver's Keccak-f; see
 * kh_kmac128_final_pad()).
 */
void kh_kmac128_final(struct kh_keccak128 *s, u8 *out, size_t outlen)
{
	kh_kmac128_final_pad(s, outlen);
	kh_keccakf1600_generic(s->st);
	kh_keccak128_squeeze(s, out, outlen);
}

static bool keccak_kat_ok(const struct kh_keccak_kat *kat)
{
	struct kh_keccak128 s;
	u8 data[200], key[32], out[32];
	unsigned int i, skip;

	for (i = 0; i < sizeof(data); i++)
		data[i] = i;
	for (i = 0; i < sizeof(key); i++)
		key[i] = 0x40 + i;

	switch (kat->kind) {
	case KH_KAT_SHAKE128:
		kh_shake128_init(&s);
		break;
	case KH_KAT_CSHAKE128:
		kh_cshake128_init(&s, NULL, 0, (const u8 *)kat->custom,
				  strlen(kat->custom), KH_BYTEPAD_SP800_185);
		break;
	default:
		kh_kmac128_init(&s, key, sizeof(key),
				(const u8 *)kat->custom, strlen(kat->custom),
				KH_BYTEPAD_SP800_185);
		break;
	}
	/* in two pieces, to cross the lane-wise absorb path */
	kh_keccak128_absorb(&s, data, min(kat->msglen, 3U));
	kh_keccak128_absorb(&s, data + min(kat->msglen, 3U),
			    kat->msglen - min(kat->msglen, 3U));

	if (kat->kind == KH_KAT_KMAC128) {
		kh_kmac128_final(&s, out, sizeof(out));
	} else {
		kh_keccak128_pad(&s);
		for (skip = kat->skip; skip; skip -= min(skip, 32U))
			kh_keccak128_squeeze(&s, out, min(skip, 32U));
		kh_keccak128_squeeze(&s, out, sizeof(out));
	}
	return !memcmp(out, kat->expect, sizeof(out));
}

/**
 * kh_keccak_selftest() - check the Keccak layer against its known answers
 *
 * Return: 0 when every value matches, else -EBADMSG.
 */
int kh_keccak_selftest(void)
{
	unsigned int i;
	int err = 0;

	for (i = 0; i < ARRAY_SIZE(kh_keccak_kats); i++) {
		if (!keccak_kat_ok(&kh_keccak_kats[i])) {
			pr_err("keccak: %s: wrong output\n",
			       kh_keccak_kats[i].what);
			err = -EBADMSG;
		}
	}
	return err;
}
EXPORT_SYMBOL_IF_KUNIT(kh_keccak_selftest);
