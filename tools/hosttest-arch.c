// SPDX-License-Identifier: GPL-2.0
/*
 * hosttest-x86, hosttest-arm64: the arch drivers (arch/x86/, arch/arm64/)
 * in userspace through tools/shim, one source for both.  hosttest-x86 runs
 * natively on x86_64 hosts: QEMU's TCG has no AVX-512, so this is where the
 * AVX-512 drivers are checked.  hosttest-arm64 is built static for aarch64
 * and runs under qemu-aarch64 on other hosts (Makefile).  For every driver
 * in kh_arch_impls[] the CPU supports:
 *
 *  - the module's init-time self-test (selftest.c) over every vector;
 *  - every valid length 0..4096 at a random offset, hashed in random pieces,
 *    against the generic driver of the same name: with SIMD, with SIMD
 *    disabled (kh_simd_disabled_for_test: no SIMD section may be entered),
 *    and with SIMD switched on and off between update() calls, which must
 *    not matter since both paths share the state format;
 *  - 200 random messages of up to 64 KiB, so that SIMD sections are split
 *    at KH_SIMD_CHUNK bytes, with the section count checked.
 *
 * A driver the CPU lacks is not run: on x86 (AVX-512 is optional there)
 * each gets a "NOT RUN:" line and the last line ends "N not run (CPU lacks
 * FEATURE)", which the host tier reports apart from PASS and FAIL; on arm64,
 * where every Linux CPU has NEON, it fails.  KH_SHIM_CPU_HIDE (tools/shim)
 * hides a feature the CPU has, to check that report.
 *
 *   hosttest-ARCH              run the tests
 *   hosttest-ARCH --list-arch  print "name driver feature" per arch driver
 *                              (feature: the driver name's ISA suffix)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/simd.h>
#include "tools/hosttest.h"

#define MAXLEN		4096
#define BIGLEN		65536

enum kh_mode { KH_SIMD, KH_NOSIMD, KH_MIXED };

static const char *const kh_mode_name[] = {
	"SIMD", "SIMD disabled", "SIMD on and off between updates",
};

static u64 rng = 0x6a09e667f3bcc908ULL;

static u32 rnd(u32 bound)
{
	return bound ? (u32)(ht_xorshift64(&rng) % bound) : 0;
}

/* A valid random key for @name; *@step: valid lengths are its multiples. */
static unsigned int make_key(const char *name, u8 *key, unsigned int *step)
{
	unsigned int i, len = 32;

	*step = 1;
	if (!strcmp(name, "multimixer128")) {
		*step = 32;
		len = BIGLEN;
	} else if (!strcmp(name, "nhpoly1305")) {
		len = 1088;
	} else if (!strcmp(name, "sthash-personalized")) {
		len = 43;
	}
	for (i = 0; i < len; i++)
		key[i] = (u8)rnd(256);
	if (!strcmp(name, "sthash-personalized")) {
		put_unaligned_le16(32, key);		/* seed */
		put_unaligned_le16(2, key + 34);	/* key personalization */
		put_unaligned_le16(3, key + 38);	/* hasher personalization */
	}
	return len;
}

static int hash(const struct kh_impl *impl, const void *ctx, void *state,
		const u8 *msg, u32 len, enum kh_mode mode, u8 *out)
{
	u32 pos = 0;
	int err = 0;

	this_cpu_write(kh_simd_disabled_for_test, mode == KH_NOSIMD);
	impl->alg->init(ctx, state);
	while (!err && pos < len) {
		u32 n = rnd(4) ? rnd(100) : rnd(len + 1);

		n = min(n, len - pos);	/* the shim's min() evaluates twice */

		if (mode == KH_MIXED)
			this_cpu_write(kh_simd_disabled_for_test, rnd(2));
		err = impl->alg->update(impl, ctx, state, msg + pos, n);
		pos += n;
	}
	if (mode == KH_MIXED)
		this_cpu_write(kh_simd_disabled_for_test, rnd(2));
	if (!err)
		err = impl->alg->final(impl, ctx, state, out);
	this_cpu_write(kh_simd_disabled_for_test, false);
	return err;
}

struct kh_run {
	const struct kh_impl *impl, *gen;
	void *ctx, *state;
	unsigned int step;
	u8 *data;
};

/* One message against the generic driver; prints the first failure. */
static bool check_one(struct kh_run *r, const u8 *p, u32 len,
		      enum kh_mode mode, unsigned int *bad)
{
	u8 d1[64], d2[64];
	int e1 = hash(r->gen, r->ctx, r->state, p, len, KH_NOSIMD, d1);
	int e2 = hash(r->impl, r->ctx, r->state, p, len, mode, d2);

	if (!e1 && !e2 && !memcmp(d1, d2, r->impl->digestsize))
		return true;
	if (!(*bad)++)
		printf("FAIL: %s (%s) vs %s: length %u (errors %d, %d)\n",
		       r->impl->driver, kh_mode_name[mode], r->gen->driver, len,
		       e1, e2);
	return false;
}

static unsigned int lengths(struct kh_run *r, enum kh_mode mode)
{
	unsigned long sections = kh_shim_simd_sections;
	unsigned int bad = 0;
	u32 len;

	for (len = r->step == 1 ? 0 : r->step; len <= MAXLEN; len += r->step)
		check_one(r, r->data + rnd(64), len, mode, &bad);
	if (mode == KH_NOSIMD && kh_shim_simd_sections != sections) {
		printf("FAIL: %s used SIMD while it was disabled\n",
		       r->impl->driver);
		bad++;
	}
	if (mode == KH_SIMD && kh_shim_simd_sections == sections) {
		printf("FAIL: %s never entered a SIMD section\n",
		       r->impl->driver);
		bad++;
	}
	if (!bad)
		printf("PASS: %s (%s) = %s, every length 0..%u, random splits\n",
		       r->impl->driver, kh_mode_name[mode], r->gen->driver,
		       MAXLEN);
	return bad;
}

/* Long one-shot messages: at least one SIMD section per KH_SIMD_CHUNK. */
static unsigned int long_messages(struct kh_run *r)
{
	unsigned int i, bad = 0;

	for (i = 0; i < 200; i++) {
		/* a valid length: Multimixer-128 (step 32) refuses 0 */
		u32 len = r->step == 1 ? rnd(BIGLEN + 1) :
			  (1 + rnd(BIGLEN / r->step)) * r->step;
		unsigned long sections = kh_shim_simd_sections;
		u8 d[64];

		check_one(r, r->data + rnd(64), len, KH_SIMD, &bad);
		sections = kh_shim_simd_sections;
		hash(r->impl, r->ctx, r->state, r->data, len, KH_SIMD, d);
		if (kh_shim_simd_sections - sections < len / KH_SIMD_CHUNK &&
		    !bad++)
			printf("FAIL: %s: %u bytes in %lu SIMD sections\n",
			       r->impl->driver, len,
			       kh_shim_simd_sections - sections);
	}
	if (!bad)
		printf("PASS: %s = %s, 200 random lengths up to %u\n",
		       r->impl->driver, r->gen->driver, BIGLEN);
	return bad;
}

static unsigned int test_driver(const struct kh_impl *impl)
{
	static u8 key[BIGLEN], data[BIGLEN + 64];
	struct kh_run r = { .impl = impl, .gen = kh_generic_impl(impl->name),
			    .data = data };
	unsigned int keylen, i, bad;

	bad = !!kh_selftest(impl);
	printf("%s: %s self-test\n", bad ? "FAIL" : "PASS", impl->driver);

	keylen = make_key(impl->name, key, &r.step);
	for (i = 0; i < sizeof(data); i++)
		data[i] = (u8)rnd(256);
	r.ctx = calloc(1, impl->alg->ctxsize);
	r.state = calloc(1, impl->alg->statesize);
	if (!r.gen || !r.ctx || !r.state ||
	    impl->alg->setkey(r.ctx, key, keylen)) {
		printf("FAIL: %s: no generic driver, or setkey failed\n",
		       impl->driver);
		return bad + 1;
	}
	bad += lengths(&r, KH_SIMD);
	bad += lengths(&r, KH_NOSIMD);
	bad += lengths(&r, KH_MIXED);
	bad += long_messages(&r);
	if (impl->alg->exit)
		impl->alg->exit(r.ctx);
	free(r.ctx);
	free(r.state);
	return bad;
}

/* The ISA a driver needs: its name's suffix ("avx512", "neon"). */
static const char *feature(const struct kh_impl *impl)
{
	return strrchr(impl->driver, '-') + 1;
}

int main(int argc, char **argv)
{
	const char *me = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	unsigned int i, j, pass = 0, fail = 0, not_run = 0;
	char lacks[128] = "";

	if (argc > 1 && !strcmp(argv[1], "--list-arch")) {
		for (i = 0; i < kh_arch_impl_count; i++)
			printf("%s %s %s\n", kh_arch_impls[i].name,
			       kh_arch_impls[i].driver, feature(&kh_arch_impls[i]));
		return 0;
	}

	for (i = 0; i < kh_arch_impl_count; i++) {
		const struct kh_impl *impl = &kh_arch_impls[i];

		if (!kh_impl_usable(impl)) {
			printf("NOT RUN: %s: this CPU lacks %s\n", impl->driver,
			       feature(impl));
			not_run++;
			/* each missing feature once, in driver order */
			for (j = 0; j < i; j++)
				if (!kh_impl_usable(&kh_arch_impls[j]) &&
				    !strcmp(feature(&kh_arch_impls[j]), feature(impl)))
					break;
			if (j == i)
				snprintf(lacks + strlen(lacks),
					 sizeof(lacks) - strlen(lacks), "%s%s",
					 *lacks ? " " : "", feature(impl));
			continue;
		}
		if (test_driver(impl))
			fail++;
		else
			pass++;
	}
	if (!pass && !fail) {
		printf("FAIL: none of %u arch drivers could run here\n",
		       kh_arch_impl_count);
		fail++;
	}
#ifdef __aarch64__
	if (not_run) {
		printf("FAIL: %u NEON drivers not supported by this CPU\n",
		       not_run);
		fail++;
	}
#endif
	/* drivers not run are neither passed nor failed: say so on its own */
	printf("%s: %u drivers passed, %u failed", me, pass, fail);
	if (not_run)
		printf(", %u not run (CPU lacks %s)", not_run, lacks);
	printf("\n");
	return fail ? 1 : 0;
}
