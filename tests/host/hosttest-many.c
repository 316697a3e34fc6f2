// SPDX-License-Identifier: GPL-2.0
/*
 * hosttest-many: HighwayHash-64/128/256 of many messages at once
 * (kh_highwayhash{64,128,256}_digest_many(), the dispatcher
 * kh_highwayhash_digest_many_isa()) against the single-message one-shot of
 * the generic C, message by message.  Built for the generic C alone, and
 * on x86_64 with the arch code (Makefile), where the AVX2 code that
 * interleaves two messages' chains and the AVX-512 code that holds both
 * in one zmm register (where the CPU has it) are run pinned, through the
 * library's choice, and with SIMD refused (the generic fallback):
 *
 *  - every length 0..1024 in either lane of a pair, its partner of
 *    another length (chains that end at different times) or the same,
 *    each message ending right before an inaccessible page (no byte past
 *    a message is read) and at an odd offset;
 *  - batches of 1..40 messages of random lengths, mixes of short and long
 *    ones (pairs of more than a SIMD section, which go through states),
 *    some of 0 bytes at NULL; and pairs of lengths about the SIMD
 *    section's and its half beside others, both ways round;
 *  - thresholds above the batch (the generic C instead) and at 0;
 *  - the SIMD sections: none with SIMD refused, and no more than a
 *    section per KH_SIMD_CHUNK bytes of short pairs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kunit/static_stub.h>
#include "tests/host/ht_impl.h"
#include <keyedhash/internal/simd.h>
#include <keyedhash/highwayhash.h>
#include "tests/host/hosttest.h"

#ifdef KH_SHIM_ARCH
HT_DEFINE_REGISTER
#endif

#define SWEEP		1024
#define MAXBATCH	40
#define MAXLONG		20000

static unsigned int passed, failed;
static u64 rng = 0x6868206d616e7921ULL;
static struct kh_highwayhash_key key;

static const unsigned int sizes[] = {
	KH_HIGHWAYHASH64_DIGEST_SIZE, KH_HIGHWAYHASH128_DIGEST_SIZE,
	KH_HIGHWAYHASH256_DIGEST_SIZE,
};

static void check(bool ok, const char *what, const char *isa,
		  unsigned int ds)
{
	if (ok) {
		passed++;
		printf("PASS: %s (%s, %u-byte digests)\n", what, isa, ds);
		return;
	}
	failed++;
	printf("FAIL: %s (%s, %u-byte digests)\n", what, isa, ds);
}

static bool ht_simd_unusable(void)
{
	return false;
}

/* the single-message digest: the generic one-shot */
static void single(const u8 *msg, size_t len, u8 *out, unsigned int ds)
{
	struct kh_highwayhash_state st;

	kh_highwayhash_digest_isa(KH_ISA_generic, NULL, &st, &key, msg, len,
				  out, ds);
}

enum how { PINNED, NO_MIN, HIGH_MIN, LIBRARY, NOSIMD, NHOW };

static const char *const how_name[NHOW] = {
	"pinned, the library's thresholds", "pinned, thresholds 0",
	"pinned, thresholds above the batch", "the library's function",
	"SIMD refused",
};

/* @n messages by the many-function of @isa, as @how says */
static void many(enum kh_isa isa, enum how how, const u8 *const *data,
		 const size_t *len, size_t n, u8 *out, unsigned int ds)
{
	static const struct kh_simd_min zero = { 0, 0 };
	static const struct kh_simd_min high = { 1 << 30, 1 << 30 };

	switch (how) {
	case PINNED:
		kh_highwayhash_digest_many_isa(isa, NULL, &key, data, len, n,
					       out, ds);
		break;
	case NO_MIN:
		kh_highwayhash_digest_many_isa(isa, &zero, &key, data, len, n,
					       out, ds);
		break;
	case HIGH_MIN:
		kh_highwayhash_digest_many_isa(isa, &high, &key, data, len, n,
					       out, ds);
		break;
	case LIBRARY:
	case NOSIMD:
		if (how == NOSIMD)
			kunit_activate_static_stub(NULL, kh_simd_usable,
						   ht_simd_unusable);
		if (ds == KH_HIGHWAYHASH64_DIGEST_SIZE)
			kh_highwayhash64_digest_many(&key, data, len, n, out);
		else if (ds == KH_HIGHWAYHASH128_DIGEST_SIZE)
			kh_highwayhash128_digest_many(&key, data, len, n, out);
		else
			kh_highwayhash256_digest_many(&key, data, len, n, out);
		if (how == NOSIMD)
			kunit_deactivate_static_stub(NULL, kh_simd_usable);
		break;
	default:
		break;
	}
}

/* the batch's digests against the single ones; 0 or the first bad index + 1 */
static size_t compare(const u8 *const *data, const size_t *len, size_t n,
		      const u8 *out, unsigned int ds)
{
	u8 ref[KH_HIGHWAYHASH256_DIGEST_SIZE];
	size_t i;

	for (i = 0; i < n; i++) {
		single(data[i], len[i], ref, ds);
		if (memcmp(ref, out + i * ds, ds))
			return i + 1;
	}
	return 0;
}

static void rand_bytes(u8 *p, size_t n)
{
	while (n--)
		*p++ = ht_xorshift64(&rng);
}

/* guarded buffers: a message of n bytes ends at g[k] + SWEEP + 1 */
static u8 *guard[3];

static const u8 *at_guard(int k, size_t n)
{
	return guard[k] + SWEEP + 1 - n;
}

static void test_sweep(enum kh_isa isa, const char *isa_name, enum how how,
		       unsigned int ds)
{
	u8 out[3 * KH_HIGHWAYHASH256_DIGEST_SIZE];
	unsigned int bad_same = 0, bad_other = 0, bad_three = 0;
	const u8 *data[3];
	size_t len[3], l;
	char what[160];

	for (l = 0; l <= SWEEP; l++) {
		/* the same length in both lanes */
		len[0] = len[1] = l;
		data[0] = at_guard(0, l);
		data[1] = at_guard(1, l);
		memset(out, 0, sizeof(out));
		many(isa, how, data, len, 2, out, ds);
		bad_same += !!compare(data, len, 2, out, ds);
		/* another length beside it, in lane B, then lane A */
		len[1] = (l * 7 + 13) % (SWEEP + 1);
		data[1] = at_guard(1, len[1]);
		memset(out, 0, sizeof(out));
		many(isa, how, data, len, 2, out, ds);
		bad_other += !!compare(data, len, 2, out, ds);
		/* three: a pair of different lengths and an odd one alone */
		len[0] = SWEEP - l;
		data[0] = at_guard(0, len[0]);
		len[1] = l;
		data[1] = at_guard(1, l);
		len[2] = l / 2 + 1;
		data[2] = at_guard(2, len[2]);
		memset(out, 0, sizeof(out));
		many(isa, how, data, len, 3, out, ds);
		bad_three += !!compare(data, len, 3, out, ds);
	}
	snprintf(what, sizeof(what),
		 "every length 0..%d, both lanes, the same length beside it: %u bad [%s]",
		 SWEEP, bad_same, how_name[how]);
	check(!bad_same, what, isa_name, ds);
	snprintf(what, sizeof(what),
		 "every length 0..%d beside another length: %u bad [%s]", SWEEP,
		 bad_other, how_name[how]);
	check(!bad_other, what, isa_name, ds);
	snprintf(what, sizeof(what),
		 "every length 0..%d in batches of three: %u bad [%s]", SWEEP,
		 bad_three, how_name[how]);
	check(!bad_three, what, isa_name, ds);
}

static void test_random(enum kh_isa isa, const char *isa_name, enum how how,
			unsigned int ds, u8 *pool, size_t poolsize)
{
	static u8 out[MAXBATCH * KH_HIGHWAYHASH256_DIGEST_SIZE];
	const u8 *data[MAXBATCH];
	size_t len[MAXBATCH];
	unsigned int t, bad = 0, longs = 0;
	char what[160];

	for (t = 0; t < 300; t++) {
		size_t n = 1 + ht_xorshift64(&rng) % MAXBATCH, i;
		unsigned int mix = ht_xorshift64(&rng) % 4;

		for (i = 0; i < n; i++) {
			u64 r = ht_xorshift64(&rng);

			/* mostly short, some long, some empty at NULL */
			if (mix == 0)
				len[i] = r % 65;
			else if (mix == 3 && r % 3 == 0)
				len[i] = 2049 + (r >> 8) % (MAXLONG - 2049);
			else
				len[i] = (r >> 8) % 2500;
			longs += len[i] > KH_SIMD_CHUNK / 2;
			data[i] = pool + (r >> 32) % (poolsize - len[i] + 1);
			if (!len[i] && r % 2)
				data[i] = NULL;
		}
		memset(out, 0, n * ds);
		many(isa, how, data, len, n, out, ds);
		bad += !!compare(data, len, n, out, ds);
	}
	snprintf(what, sizeof(what),
		 "300 random batches of 1..%d messages, %u longer than %d bytes: %u bad [%s]",
		 MAXBATCH, longs, KH_SIMD_CHUNK / 2, bad, how_name[how]);
	check(!bad && longs, what, isa_name, ds);
}

/*
 * Pairs of more than KH_SIMD_CHUNK bytes (two states, then the rest of
 * both in one section, or each alone where one is much longer): lengths
 * about the section's and its half, beside others.
 */
static void test_long_pairs(enum kh_isa isa, const char *isa_name,
			    enum how how, unsigned int ds, const u8 *pool)
{
	static const size_t lens[] = {
		2049, 2080, 3000, 4095, 4096, 4097, 5000, 6143, 8192, 8223,
		12345, MAXLONG,
	};
	const u8 *data[3];
	size_t len[3];
	u8 out[3 * KH_HIGHWAYHASH256_DIGEST_SIZE];
	unsigned int a, b, bad = 0, runs = 0;
	char what[160];

	for (a = 0; a < ARRAY_SIZE(lens); a++) {
		size_t partner[] = { 0, 31, 2048, lens[a], lens[a] - 1,
				     lens[a] - 33, 4096, 7000 };

		for (b = 0; b < ARRAY_SIZE(partner); b++) {
			len[0] = lens[a];
			len[1] = partner[b] > MAXLONG ? MAXLONG : partner[b];
			len[2] = 5;
			data[0] = pool + 3;
			data[1] = pool + 64 + b;
			data[2] = pool;
			memset(out, 0, sizeof(out));
			many(isa, how, data, len, 3, out, ds);
			bad += !!compare(data, len, 3, out, ds);
			/* and the other way round */
			data[2] = data[0];
			data[0] = data[1];
			data[1] = data[2];
			len[2] = len[0];
			len[0] = len[1];
			len[1] = len[2];
			memset(out, 0, sizeof(out));
			many(isa, how, data, len, 2, out, ds);
			bad += !!compare(data, len, 2, out, ds);
			runs += 2;
		}
	}
	snprintf(what, sizeof(what),
		 "%u batches with pairs longer than a SIMD section: %u bad [%s]",
		 runs, bad, how_name[how]);
	check(!bad, what, isa_name, ds);
}

/* sections: none without SIMD; short pairs KH_SIMD_CHUNK bytes a section */
static void test_sections(enum kh_isa isa, const char *isa_name,
			  unsigned int ds, const u8 *pool)
{
#ifndef KB_KMODE
	static u8 out[64 * KH_HIGHWAYHASH256_DIGEST_SIZE];
	const u8 *data[64];
	size_t len[64], i;
	unsigned long before;
	char what[160];

	for (i = 0; i < 64; i++) {
		data[i] = pool + i;
		len[i] = 128;
	}
	before = kh_shim_simd_sections;
	many(isa, NOSIMD, data, len, 64, out, ds);
	check(kh_shim_simd_sections == before && !compare(data, len, 64, out, ds),
	      "64 messages with SIMD refused: no SIMD section", isa_name, ds);
	before = kh_shim_simd_sections;
	many(isa, NO_MIN, data, len, 64, out, ds);
	snprintf(what, sizeof(what),
		 "64 messages of 128 bytes: %lu SIMD sections (2: 4 KiB each)",
		 kh_shim_simd_sections - before);
	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
	check(kh_shim_simd_sections - before == (isa == KH_ISA_generic ? 0 : 2) &&
	      !compare(data, len, 64, out, ds), what, isa_name, ds);
	/* two of 4 KiB: 4 KiB of the two, then the last 4 KiB in a second */
	len[0] = len[1] = KH_SIMD_CHUNK;
	before = kh_shim_simd_sections;
	many(isa, NO_MIN, data, len, 2, out, ds);
	snprintf(what, sizeof(what),
		 "2 messages of 4 KiB: %lu SIMD sections (2: 4 KiB each)",
		 kh_shim_simd_sections - before);
	check(kh_shim_simd_sections - before == (isa == KH_ISA_generic ? 0 : 2) &&
	      !compare(data, len, 2, out, ds), what, isa_name, ds);
#endif
}

static void run(enum kh_isa isa, const char *isa_name, u8 *pool,
		size_t poolsize)
{
	unsigned int s;
	int h;

	for (s = 0; s < ARRAY_SIZE(sizes); s++) {
		for (h = 0; h < NHOW; h++) {
			if (h == LIBRARY && isa != KH_ISA_AUTO)
				continue;
			test_sweep(isa, isa_name, h, sizes[s]);
			test_random(isa, isa_name, h, sizes[s], pool, poolsize);
			test_long_pairs(isa, isa_name, h, sizes[s], pool);
		}
		test_sections(isa, isa_name, sizes[s], pool);
	}
}

int main(void)
{
	size_t poolsize = MAXLONG + 128;
	u8 *pool = malloc(poolsize);
	u8 raw[KH_HIGHWAYHASH_KEY_SIZE];
	int k;

	if (!pool)
		return 1;
	/* the results so far, should the code under test crash */
	setvbuf(stdout, NULL, _IOLBF, 0);
	rand_bytes(pool, poolsize);
	rand_bytes(raw, sizeof(raw));
	kh_highwayhash_setkey(&key, raw, sizeof(raw));
	for (k = 0; k < 3; k++) {
		guard[k] = ht_guarded_alloc(SWEEP + 1);
		if (!guard[k])
			return 1;
		rand_bytes(guard[k], SWEEP + 1);
	}
	kh_arch_init();
	run(KH_ISA_generic, "generic", pool, poolsize);
#if defined(KH_SHIM_ARCH) && defined(__x86_64__)
	if (kh_avx2_usable()) {
		run(KH_ISA_avx2, "avx2", pool, poolsize);
#ifndef KH_NO_AS_AVX512
		if (static_branch_likely(&kh_have_highwayhash_many_avx512))
			run(KH_ISA_avx512, "avx512", pool, poolsize);
		else
			printf("NOT RUN: the AVX-512 code: not used on this CPU\n");
#endif
		run(KH_ISA_AUTO, "the module's choice", pool, poolsize);
	} else {
		printf("NOT RUN: the AVX2 code: this CPU lacks avx2\n");
	}
#else
	run(KH_ISA_AUTO, "the module's choice", pool, poolsize);
#endif
	for (k = 0; k < 3; k++)
		ht_guarded_free(guard[k], SWEEP + 1);
	free(pool);
	printf("hosttest-many: %u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
