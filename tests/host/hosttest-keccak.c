// SPDX-License-Identifier: GPL-2.0
/*
 * hosttest-keccak: the Keccak layer of STHash (lib/keccak.c) in userspace:
 *
 *  - kh_keccak_selftest(), the NIST SP 800-185 cSHAKE128 samples 1-2 and
 *    KMAC128 samples 1-3 plus SHAKE128 values (the KUnit suite calls the
 *    same function in the kernel);
 *  - the tiny-keccak header padding: cSHAKE128 with N = "sthash key" and
 *    |S| = 150 / 151, KMAC128 with |S| = 156 / 157, in both padding modes,
 *    against a model of the crate (151 and 157 end the header on a
 *    block boundary, where the two modes differ);
 *  - absorbing and squeezing in pieces gives the one-shot result.
 */
#include <stdio.h>
#include "lib/keccak_test.h"
#include "tests/host/hosttest.h"

static unsigned int passed, failed;

static void check(bool ok, const char *what)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL: %s\n", what);
}

struct quirk_case {
	bool kmac;
	unsigned int customlen;		/* S = customlen zero bytes */
	enum kh_bytepad pad;
	const char *expect;
};

/*
 * cSHAKE128(X = "x" * 16, 32 bytes, N = "sthash key", S) and
 * KMAC128(K = 00..1f, X = "abc", 32 bytes, S), from sthash.py.
 */
static const struct quirk_case quirk_cases[] = {
	{ false, 150, KH_BYTEPAD_TINY_KECCAK,
	  "22664913e9ca3c4e6c812882ec2bd35f282e061edc371280c4797db1a514b1c8" },
	{ false, 150, KH_BYTEPAD_SP800_185,
	  "22664913e9ca3c4e6c812882ec2bd35f282e061edc371280c4797db1a514b1c8" },
	{ false, 151, KH_BYTEPAD_TINY_KECCAK,
	  "3a4147ad9c97d5d4b54650c11d0b56c6dacee3b1530253fb62b53ed754e32504" },
	{ false, 151, KH_BYTEPAD_SP800_185,
	  "ffd5ebe159c3f7394cca2ab116b0b7bd304aa22a82d3f0aaa5f7bf8d6aa1df74" },
	{ true, 156, KH_BYTEPAD_TINY_KECCAK,
	  "a79a28e5c1e2e6f2083c0b18ec3d1b087de71cba5b478cca3825b965779f70eb" },
	{ true, 156, KH_BYTEPAD_SP800_185,
	  "a79a28e5c1e2e6f2083c0b18ec3d1b087de71cba5b478cca3825b965779f70eb" },
	{ true, 157, KH_BYTEPAD_TINY_KECCAK,
	  "41fbf6cd401d53d53bca9a7abf5162dcdef4a3d7415bff3343a37aaaa0361ec7" },
	{ true, 157, KH_BYTEPAD_SP800_185,
	  "fc1efca064879fc49f0d06442fadc8aeb834a69526b8a7fb5d8d17fd7aec0883" },
};

static void test_quirk(const struct quirk_case *c)
{
	static const u8 name[] = "sthash key";
	u8 custom[200] = { 0 }, key[32], out[32], want[32];
	struct kh_keccak128 s;
	char what[96];
	unsigned int i;

	for (i = 0; i < sizeof(key); i++)
		key[i] = i;
	ht_unhex(c->expect, want, sizeof(want));
	if (c->kmac) {
		kh_kmac128_init(&s, key, sizeof(key), custom, c->customlen,
				c->pad);
		kh_keccak128_absorb(&s, (const u8 *)"abc", 3);
		kh_kmac128_final(&s, out, sizeof(out));
	} else {
		kh_cshake128_init(&s, name, sizeof(name) - 1, custom,
				  c->customlen, c->pad);
		kh_keccak128_absorb(&s, (const u8 *)"xxxxxxxxxxxxxxxx", 16);
		kh_keccak128_pad(&s);
		kh_keccak128_squeeze(&s, out, sizeof(out));
	}
	snprintf(what, sizeof(what), "%s, |S| = %u, %s padding",
		 c->kmac ? "KMAC128" : "cSHAKE128", c->customlen,
		 c->pad == KH_BYTEPAD_TINY_KECCAK ? "tiny-keccak" : "SP 800-185");
	check(!memcmp(out, want, sizeof(out)), what);
}

/* Pieces of every size 0..40 in turn, absorbing and squeezing. */
static void test_pieces(void)
{
	static u8 msg[1000], one[700], many[700];
	struct kh_keccak128 s;
	size_t pos, n, step;

	for (pos = 0; pos < sizeof(msg); pos++)
		msg[pos] = pos * 7 + 3;

	kh_cshake128_init(&s, (const u8 *)"N", 1, (const u8 *)"S", 1,
			  KH_BYTEPAD_TINY_KECCAK);
	kh_keccak128_absorb(&s, msg, sizeof(msg));
	kh_keccak128_pad(&s);
	kh_keccak128_squeeze(&s, one, sizeof(one));

	kh_cshake128_init(&s, (const u8 *)"N", 1, (const u8 *)"S", 1,
			  KH_BYTEPAD_TINY_KECCAK);
	for (pos = 0, step = 0; pos < sizeof(msg); pos += n, step++) {
		n = min(step % 41, sizeof(msg) - pos);
		kh_keccak128_absorb(&s, msg + pos, n);
	}
	kh_keccak128_pad(&s);
	for (pos = 0, step = 0; pos < sizeof(many); pos += n, step++) {
		n = min(step % 41, sizeof(many) - pos);
		kh_keccak128_squeeze(&s, many + pos, n);
	}
	check(!memcmp(one, many, sizeof(one)), "absorb/squeeze in pieces");
}

int main(void)
{
	unsigned int i;

	check(kh_keccak_selftest() == 0,
	      "kh_keccak_selftest (SP 800-185 samples, SHAKE128)");
	for (i = 0; i < ARRAY_SIZE(quirk_cases); i++)
		test_quirk(&quirk_cases[i]);
	test_pieces();
	printf("hosttest-keccak: %u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
