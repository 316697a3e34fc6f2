// SPDX-License-Identifier: GPL-2.0
/*
 * hosttest-x86: the x86_64 drivers (arch/x86/) natively, through tools/shim.
 * The VMs' QEMU has no AVX-512, so this is where those drivers are checked.
 * For every driver in kh_arch_impls[] this CPU supports:
 *
 *  - the module's init-time self-test (selftest.c) over every vector;
 *  - every length 0..4096 (every valid one) at a random offset, hashed in
 *    random pieces, against the generic driver of the same name;
 *  - the same with SIMD forced off (kh_simd_disabled_for_test), which must
 *    take the generic path: no SIMD section may be entered.
 *
 *   hosttest-x86              run the tests
 *   hosttest-x86 --list-arch  print "name driver feature" per arch driver
 *                             (feature: the driver name's ISA suffix)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/simd.h>

#define MAXLEN	4096

static u64 rng = 0x243f6a8885a308d3ULL;

static u32 rnd(u32 bound)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return bound ? (u32)(rng % bound) : 0;
}

static const struct kh_impl *generic_of(const char *name)
{
	unsigned int i;

	for (i = 0; i < kh_generic_impl_count; i++)
		if (!strcmp(kh_generic_impls[i].name, name))
			return &kh_generic_impls[i];
	return NULL;
}

/* A valid key for @name and the step of its valid message lengths. */
static unsigned int make_key(const char *name, u8 *key, unsigned int *step)
{
	unsigned int i, len;

	*step = 1;
	if (!strcmp(name, "multimixer128")) {
		*step = 32;
		len = MAXLEN;
	} else if (!strcmp(name, "nhpoly1305")) {
		len = 1088;
	} else if (!strcmp(name, "sthash-personalized")) {
		len = 43;
	} else {
		len = 32;
	}
	for (i = 0; i < len; i++)
		key[i] = (u8)rnd(256);
	if (!strcmp(name, "sthash-personalized")) {
		put_unaligned_le16(32, key);
		put_unaligned_le16(2, key + 34);
		put_unaligned_le16(3, key + 38);
	}
	return len;
}

static int hash(const struct kh_impl *impl, const void *ctx, void *state,
		const u8 *msg, u32 len, bool split, u8 *out)
{
	u32 pos = 0;
	int err = 0;

	impl->alg->init(ctx, state);
	while (!err && pos < len) {
		u32 n = len - pos;

		if (split) {
			u32 r = rnd(4) ? rnd(100) : rnd(len + 1);

			n = min(n, r);
		}
		err = impl->alg->update(impl, ctx, state, msg + pos, n);
		pos += n;
	}
	return err ?: impl->alg->final(impl, ctx, state, out);
}

/* Every valid length against the generic driver; returns the failures. */
static unsigned int compare(const struct kh_impl *impl, const char *mode)
{
	const struct kh_impl *gen = generic_of(impl->name);
	const struct kh_alg_ops *alg = impl->alg;
	static u8 key[MAXLEN], data[MAXLEN + 64];
	void *ctx = calloc(1, alg->ctxsize);
	void *state = calloc(1, alg->statesize);
	unsigned int keylen, step, bad = 0;
	u8 d1[64], d2[64];
	u32 len, i;

	keylen = make_key(impl->name, key, &step);
	for (i = 0; i < sizeof(data); i++)
		data[i] = (u8)rnd(256);
	if (!gen || alg->setkey(ctx, key, keylen)) {
		printf("FAIL: %s: no generic driver or setkey failed\n",
		       impl->driver);
		return 1;
	}
	for (len = step == 1 ? 0 : step; len <= MAXLEN; len += step) {
		const u8 *p = data + rnd(64);
		int e1 = hash(gen, ctx, state, p, len, false, d1);
		int e2 = hash(impl, ctx, state, p, len, true, d2);

		if (e1 || e2 || memcmp(d1, d2, impl->digestsize)) {
			if (!bad++)
				printf("FAIL: %s (%s) vs %s: length %u\n",
				       impl->driver, mode, gen->driver, len);
		}
	}
	if (alg->exit)
		alg->exit(ctx);
	free(ctx);
	free(state);
	if (!bad)
		printf("PASS: %s (%s) = %s, every length 0..%u, random splits\n",
		       impl->driver, mode, gen->driver, MAXLEN);
	return bad;
}

static const char *feature_of(const struct kh_impl *impl)
{
	return strrchr(impl->driver, '-') + 1;
}

int main(int argc, char **argv)
{
	unsigned int i, pass = 0, fail = 0, skipped = 0;

	if (argc > 1 && !strcmp(argv[1], "--list-arch")) {
		for (i = 0; i < kh_arch_impl_count; i++)
			printf("%s %s %s\n", kh_arch_impls[i].name,
			       kh_arch_impls[i].driver,
			       feature_of(&kh_arch_impls[i]));
		return 0;
	}

	for (i = 0; i < kh_arch_impl_count; i++) {
		const struct kh_impl *impl = &kh_arch_impls[i];
		unsigned long sections;
		unsigned int bad;

		if (!kh_impl_usable(impl)) {
			printf("SKIP: %s: not supported by this CPU\n",
			       impl->driver);
			skipped++;
			continue;
		}
		sections = kh_shim_simd_sections;
		bad = !!kh_selftest(impl);
		printf("%s: %s self-test\n", bad ? "FAIL" : "PASS", impl->driver);
		bad += compare(impl, "SIMD");
		if (kh_shim_simd_sections == sections) {
			printf("FAIL: %s never entered a SIMD section\n",
			       impl->driver);
			bad++;
		}

		this_cpu_write(kh_simd_disabled_for_test, true);
		sections = kh_shim_simd_sections;
		bad += compare(impl, "SIMD disabled");
		if (kh_shim_simd_sections != sections) {
			printf("FAIL: %s used SIMD while disabled\n",
			       impl->driver);
			bad++;
		}
		this_cpu_write(kh_simd_disabled_for_test, false);

		if (bad)
			fail++;
		else
			pass++;
	}
	printf("hosttest-x86: %u drivers passed, %u failed, %u not supported by this CPU\n",
	       pass, fail, skipped);
	return fail ? 1 : 0;
}
