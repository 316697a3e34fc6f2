// SPDX-License-Identifier: GPL-2.0
/*
 * hosttest-x86, hosttest-arm64: the arch drivers (arch/x86/, arch/arm64/)
 * in userspace through libkeyedhash/kshim, one source for both.  hosttest-x86
 * runs natively on x86_64 hosts: QEMU's TCG has no AVX-512, so this is where
 * the AVX-512 drivers are checked.  hosttest-arm64 is built static for aarch64
 * and runs under qemu-aarch64 on other hosts (Makefile).  For every driver in
 * ht_arch_impl() the CPU supports:
 *
 *  - the module's init-time self-test (selftest.c), and its code over every
 *    vector of tests/keyedhash-testvecs.h (hosttest-full.h);
 *  - every valid length 0..4096 at a random offset, hashed in random pieces,
 *    against the generic driver of the same name: with SIMD, with SIMD
 *    disabled (kh_simd_usable() replaced by a static stub returning false:
 *    no SIMD section may be entered),
 *    and with SIMD switched on and off between update() calls, which must
 *    not matter since both paths share the state format;
 *  - 200 random messages of up to 64 KiB, so that SIMD sections are split
 *    at KH_SIMD_CHUNK bytes, with the section count checked;
 *  - every block function of the driver (tests/host/kh_blockfns.h) against
 *    the generic one on random states and data: HighwayHash's blocks and
 *    finish, Multimixer-128's blocks, NH on every length of a chunk and
 *    NH over whole chunks, STHash's Keccak-f[1600];
 *  - every block function (those of kh_blockfns.h, with SIMD and without,
 *    and the assembly entry points) called with a count of 0 reads
 *    nothing and leaves the state unchanged.
 *
 * A driver the CPU lacks is not run: on x86 (AVX-512 is optional there)
 * each gets a "NOT RUN:" line and the last line ends "N not run (CPU lacks
 * FEATURE)", which the host tier reports apart from PASS and FAIL; on arm64,
 * where every Linux CPU has NEON, it fails.  KH_SHIM_CPU_HIDE
 * (libkeyedhash/kshim) hides a feature the CPU has, to check that report.
 *
 *   hosttest-ARCH              run the tests
 *   hosttest-ARCH --list-arch  print "name driver feature" per arch driver
 *                              (feature: the driver name's ISA suffix)
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <linux/linkage.h>
#include <kunit/static_stub.h>
#include "tests/host/ht_impl.h"
#include <keyedhash/internal/simd.h>
#include <keyedhash/highwayhash.h>
#include <keyedhash/multimixer128.h>
#include <keyedhash/nhpoly1305.h>
#include <keyedhash/sthash.h>
#include "tests/host/hosttest.h"
#include "tests/host/kh_blockfns.h"
#include "tests/host/hosttest-full.h"
#include "tests/host/hosttest-shash.h"
#include "selftest-vecs.h"

HT_DEFINE_REGISTER

static bool ht_simd_unusable(void)
{
	return false;
}

/* SIMD forced off (the drivers' generic fallback) or back to normal */
static void ht_nosimd(bool off)
{
	if (off)
		kunit_activate_static_stub(NULL, kh_simd_usable, ht_simd_unusable);
	else
		kunit_deactivate_static_stub(NULL, kh_simd_usable);
}

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

static int hash(const struct ht_impl *impl, const void *ctx, void *state,
		const u8 *msg, u32 len, enum kh_mode mode, u8 *out)
{
	u32 pos = 0;
	int err = 0;

	ht_nosimd(mode == KH_NOSIMD);
	impl->alg->init(ctx, state);
	while (!err && pos < len) {
		u32 n = rnd(4) ? rnd(100) : rnd(len + 1);

		n = min(n, len - pos);	/* the shim's min() evaluates twice */

		if (mode == KH_MIXED)
			ht_nosimd(rnd(2));
		err = impl->alg->update(impl, ctx, state, msg + pos, n);
		pos += n;
	}
	if (mode == KH_MIXED)
		ht_nosimd(rnd(2));
	if (!err)
		err = impl->alg->final(impl, ctx, state, out);
	ht_nosimd(false);
	return err;
}

struct kh_run {
	const struct ht_impl *impl, *gen;
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
		/*
		 * a valid length: Multimixer-128 (step 32) refuses 0; the
		 * first is BIGLEN, up to the end of Multimixer-128's key
		 */
		u32 len = !i ? BIGLEN : r->step == 1 ? rnd(BIGLEN + 1) :
			  (1 + rnd(BIGLEN / r->step)) * r->step;
		unsigned long sections = kh_shim_simd_sections;
		u8 d[64];

		check_one(r, r->data + rnd(64), len, KH_SIMD, &bad);
		/*
		 * the section count of the message in one update() (in
		 * random pieces those below simd_min take none)
		 */
		sections = kh_shim_simd_sections;
		r->impl->alg->init(r->ctx, r->state);
		if (r->impl->alg->update(r->impl, r->ctx, r->state, r->data, len) ||
		    r->impl->alg->final(r->impl, r->ctx, r->state, d)) {
			if (!bad++)
				printf("FAIL: %s: %u bytes in one update() failed\n",
				       r->impl->driver, len);
		}
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

/*
 * kh_simd_min() by calling context: a one-update message of each length
 * in [kthread, task) thresholds enters a SIMD section in a kernel thread,
 * or in a task whose registers are saved already (TIF_NEED_FPU_LOAD /
 * TIF_FOREIGN_FPSTATE), and none in a user task, whose registers the
 * section would save; one at the larger threshold enters one in both.
 */
static unsigned int contexts(struct kh_run *r)
{
	static const struct {
		const char *what;
		unsigned int task_flags;
		unsigned long thread_flags;
		bool saves;
	} ctx[] = {
		{ "a user task", 0, 0, true },
		{ "a kernel thread", PF_KTHREAD, 0, false },
#ifdef __x86_64__
		{ "a task with TIF_NEED_FPU_LOAD", 0, 1UL << TIF_NEED_FPU_LOAD,
		  false },
#else
		{ "a task with TIF_FOREIGN_FPSTATE", 0,
		  1UL << TIF_FOREIGN_FPSTATE, false },
#endif
	};
	const struct kh_simd_min *min = &r->impl->simd_min;
	unsigned int bad = 0, i, len, lens[2];
	u8 d[64];

	/* valid lengths of at least a block: the update enters a section */
	lens[0] = max(min->kthread, max(r->impl->blocksize, 16U));
	lens[1] = max(min->task, max(r->impl->blocksize, 16U));
	for (i = 0; i < 2; i++)
		lens[i] += (r->step - lens[i] % r->step) % r->step;
	for (i = 0; i < ARRAY_SIZE(ctx); i++) {
		unsigned int j;

		for (j = 0; j < 2; j++) {
			unsigned long sections = kh_shim_simd_sections;
			bool want;

			len = lens[j];
			if (j == 0 && len >= min->task)
				continue;
			want = !ctx[i].saves || len >= min->task;
			kh_shim_task.flags = ctx[i].task_flags;
			kh_shim_thread_flags = ctx[i].thread_flags;
			r->impl->alg->init(r->ctx, r->state);
			if (r->impl->alg->update(r->impl, r->ctx, r->state,
						 r->data, len) ||
			    r->impl->alg->final(r->impl, r->ctx, r->state, d)) {
				printf("FAIL: %s: %u bytes failed\n",
				       r->impl->driver, len);
				bad++;
			} else if ((kh_shim_simd_sections != sections) != want) {
				printf("FAIL: %s: %u bytes as %s: %lu SIMD sections (thresholds task %u, kthread %u)\n",
				       r->impl->driver, len, ctx[i].what,
				       kh_shim_simd_sections - sections,
				       min->task, min->kthread);
				bad++;
			}
			kh_shim_task.flags = 0;
			kh_shim_thread_flags = 0;
		}
	}
	if (!bad)
		printf("PASS: %s: SIMD thresholds by context (task %u, kthread %u)\n",
		       r->impl->driver, min->task, min->kthread);
	return bad;
}

/* ---------------------------------------- block functions vs generic */

static void fill(void *p, size_t n)
{
	u8 *b = p;

	while (n--)
		*b++ = (u8)rnd(256);
}

/*
 * The driver's block functions (tests/host/kh_blockfns.h) against those of
 * the generic driver of its algorithm, called directly on random states,
 * keys and data at random alignments; prints the first difference.
 */
static unsigned int blocks_vs_generic(const struct ht_impl *impl,
				      const struct kh_blockfns *fns,
				      const struct kh_blockfns *gen)
{
	static u8 buf[4 * KH_NH_CHUNK + 64], buf2[4 * KH_NH_CHUNK + 64];
	static const unsigned int hh_sizes[] = {
		KH_HIGHWAYHASH64_DIGEST_SIZE, KH_HIGHWAYHASH128_DIGEST_SIZE, KH_HIGHWAYHASH256_DIGEST_SIZE,
	};
	char what[160] = "";
	unsigned int bad = 0, i, c;

#define BLOCKS_FAIL(...) \
	do { \
		if (!bad++) { \
			printf("FAIL: %s: ", impl->driver); \
			printf(__VA_ARGS__); \
			printf(" differs from %s's\n", gen->driver); \
		} \
	} while (0)

	if (fns->hh_blocks) {
		for (i = 0; i < 96; i++) {
			struct kh_highwayhash_state a, b;
			const u8 *msg = buf + rnd(64);
			size_t n = rnd(9);
			unsigned int ds = hh_sizes[i % 3];
			u8 o1[32], o2[32];

			fill(&a, sizeof(a));
			fill(buf, sizeof(buf));
			b = a;
			fns->hh_blocks(&a, msg, n);
			gen->hh_blocks(&b, msg, n);
			if (memcmp(&a, &b, offsetof(struct kh_highwayhash_state, buf)))
				BLOCKS_FAIL("hh_blocks() of %zu packets", n);
			/* every remainder 0..31 with every digest size */
			fill(&a, sizeof(a));
			a.len = (a.len & ~(u64)31) | (i % 32);
			b = a;
			fns->hh_finish(&a, o1, ds);
			gen->hh_finish(&b, o2, ds);
			if (memcmp(o1, o2, ds))
				BLOCKS_FAIL("hh_finish() of %u bytes after %u buffered",
					    ds, i % 32);
		}
		strcat(what, "hh_blocks, hh_finish");
	}
	if (fns->mm128_blocks) {
		for (i = 0; i < 200; i++) {
			u64 h1[8], h2[8];
			const u8 *key = buf + rnd(64), *msg = buf2 + rnd(64);
			size_t n = rnd(21);

			fill(h1, sizeof(h1));
			memcpy(h2, h1, sizeof(h1));
			fill(buf, 21 * KH_MULTIMIXER128_BLOCK_SIZE + 64);
			fill(buf2, 21 * KH_MULTIMIXER128_BLOCK_SIZE + 64);
			fns->mm128_blocks(h1, key, msg, n);
			gen->mm128_blocks(h2, key, msg, n);
			if (memcmp(h1, h2, sizeof(h1)))
				BLOCKS_FAIL("mm128_blocks() of %zu blocks", n);
		}
		strcat(what, "mm128_blocks");
	}
	if (fns->nh) {
		static u32 key[KH_NH_KEY_WORDS];
		u64 h1[KH_NH_MAX_CHUNKS][KH_NH_NUM_PASSES];
		u64 h2[KH_NH_MAX_CHUNKS][KH_NH_NUM_PASSES];
		u32 len, pos;

		fill(key, sizeof(key));
		for (len = KH_NH_UNIT; len <= KH_NH_CHUNK; len += KH_NH_UNIT) {
			const u8 *msg = buf + rnd(64);

			/* a piece at any unit of its chunk */
			pos = rnd((KH_NH_CHUNK - len) / KH_NH_UNIT + 1) * KH_NH_UNIT;
			fill(buf, KH_NH_CHUNK + 64);
			fns->nh(key + pos / 4, msg, len, h1[0]);
			gen->nh(key + pos / 4, msg, len, h2[0]);
			if (memcmp(h1[0], h2[0], sizeof(h1[0])))
				BLOCKS_FAIL("nh() of %u bytes at %u", len, pos);
		}
		strcat(what, "nh");
		for (c = 1; fns->nh_chunks && c <= KH_NH_MAX_CHUNKS; c++) {
			const u8 *msg = buf + rnd(64);

			fill(buf, sizeof(buf));
			fns->nh_chunks(key, msg, c, h1);
			for (i = 0; i < c; i++)
				gen->nh(key, msg + i * KH_NH_CHUNK, KH_NH_CHUNK,
					h2[i]);
			if (memcmp(h1, h2, c * sizeof(h1[0])))
				BLOCKS_FAIL("nh_chunks() of %u chunks", c);
		}
		if (fns->nh_chunks)
			strcat(what, ", nh_chunks");
	}
	if (fns->keccakf && fns->keccakf != gen->keccakf) {
		for (i = 0; i < 16; i++) {
			u64 a[KH_KECCAK_LANES], b[KH_KECCAK_LANES];

			fill(a, sizeof(a));
			memcpy(b, a, sizeof(a));
			fns->keccakf(a);
			gen->keccakf(b);
			if (memcmp(a, b, sizeof(a)))
				BLOCKS_FAIL("keccakf()");
		}
		strcat(what, ", keccakf");
	}
#undef BLOCKS_FAIL
	if (!*what) {
		printf("FAIL: %s: no block function to compare\n", impl->driver);
		return 1;
	}
	if (!bad)
		printf("PASS: %s: block functions = %s's (%s)\n", impl->driver,
		       gen->driver, what);
	return bad;
}

/* ------------------------------------------------------ a count of 0 */

/*
 * Every block function called with a count (or length) of 0 must do
 * nothing: read no key or message byte and leave the state as it was.
 * The key and message pointers point at an inaccessible page, so a read
 * faults; the fault is caught and reported rather than ending the run.
 */
#define ZERO_STATE_WORDS	32	/* >= struct kh_highwayhash_state, h[8], hash[4] */

static sigjmp_buf zero_jmp;

static void zero_fault(int sig)
{
	siglongjmp(zero_jmp, sig);
}

struct zero_call {
	const char *what;
	void (*call)(const struct ht_impl *impl, u64 *st, const u8 *noaccess);
};

static void zero_hh_blocks(const struct ht_impl *impl, u64 *st,
			   const u8 *noaccess)
{
	kh_blockfns_of(impl->driver)->hh_blocks((struct kh_highwayhash_state *)st,
						noaccess, 0);
}

static void zero_mm128_blocks(const struct ht_impl *impl, u64 *st,
			      const u8 *noaccess)
{
	kh_blockfns_of(impl->driver)->mm128_blocks(st, noaccess, noaccess, 0);
}

static void zero_nh(const struct ht_impl *impl, u64 *st, const u8 *noaccess)
{
	kh_blockfns_of(impl->driver)->nh((const u32 *)noaccess, noaccess, 0,
					 st);
}

static void zero_nh_chunks(const struct ht_impl *impl, u64 *st,
			   const u8 *noaccess)
{
	kh_blockfns_of(impl->driver)->nh_chunks((const u32 *)noaccess,
						noaccess, 0,
						(u64 (*)[KH_NH_NUM_PASSES])st);
}

/* a row's driver name (<keyedhash/internal/drivers.h>) */
#define HT_DRIVER_NAME(name, driver, ...)	driver

/*
 * A SIMD driver that fails at module init turns off the library's key of
 * its own algorithm and instruction set, and no other: module init once
 * more, with kh_register_algs() failing Multimixer-128's first SIMD driver.
 */
static unsigned int failing_driver_keys(void)
{
	struct ht_algs saved = ht_algs;
	unsigned int bad = 0;

#if defined(__x86_64__)
	if (!kh_avx2_usable()) {
		printf("NOT RUN: a failing driver's keys: this CPU lacks avx2\n");
		return 0;
	}
	ht_fail_driver = KH_DRIVER_multimixer128_avx2(HT_DRIVER_NAME);
	kh_arch_init();
	ht_algs.count = 0;
	kh_arch_register();
	bad = static_branch_likely(&kh_have_multimixer128_avx2) ||
	      !static_branch_likely(&kh_have_highwayhash_avx2) ||
	      !static_branch_likely(&kh_have_nhpoly1305_avx2) ||
	      !static_branch_likely(&kh_have_sthash_avx2) ||
	      static_branch_likely(&kh_have_multimixer128_avx512) !=
	      kh_avx512_usable();
#elif defined(__aarch64__)
	ht_fail_driver = KH_DRIVER_multimixer128_neon(HT_DRIVER_NAME);
	kh_arch_init();
	ht_algs.count = 0;
	kh_arch_register();
	bad = static_branch_likely(&kh_have_multimixer128_neon) ||
	      !static_branch_likely(&kh_have_highwayhash_neon) ||
	      !static_branch_likely(&kh_have_nhpoly1305_neon) ||
	      !static_branch_likely(&kh_have_sthash_neon);
#endif
	printf("%s: %s fails its self-test: %s\n", bad ? "FAIL" : "PASS",
	       ht_fail_driver, bad ?
	       "the keys are not those of the other algorithms alone" :
	       "its algorithm's key off, the other algorithms' on");
	ht_fail_driver = NULL;
	ht_algs = saved;
	kh_arch_init();		/* every key the CPU allows, as before */
	return bad;
}

/*
 * The assembly entry points themselves (arch/<arch>/blocks.h), which the
 * C of a block function may guard: each runs where the driver named first
 * is usable.
 */
#if defined(__x86_64__)
static void zero_asm_hh_avx2(const struct ht_impl *impl, u64 *st,
			     const u8 *noaccess)
{
	kh_highwayhash_blocks_avx2((struct kh_highwayhash_state *)st, noaccess, 0);
}

static void zero_asm_mm128_avx2(const struct ht_impl *impl, u64 *st,
				const u8 *noaccess)
{
	kh_multimixer128_blocks_avx2(st, noaccess, noaccess, 0);
}

static void zero_asm_mm128_avx512(const struct ht_impl *impl, u64 *st,
				  const u8 *noaccess)
{
	kh_multimixer128_blocks4_avx512(st, noaccess, noaccess, 0);
}

static void zero_asm_nh_avx2(const struct ht_impl *impl, u64 *st,
			     const u8 *noaccess)
{
	kh_nh_avx2((const u32 *)noaccess, noaccess, 0, st);
}

static void zero_asm_nh_chunks_avx2(const struct ht_impl *impl, u64 *st,
				    const u8 *noaccess)
{
	kh_nh_chunks_avx2((const u32 *)noaccess, noaccess, 0,
			  (u64 (*)[KH_NH_NUM_PASSES])st);
}

static void zero_asm_nh_avx512(const struct ht_impl *impl, u64 *st,
			       const u8 *noaccess)
{
	kh_nh_avx512((const u32 *)noaccess, noaccess, 0, st);
}

static void zero_asm_nh_chunks_avx512(const struct ht_impl *impl, u64 *st,
				      const u8 *noaccess)
{
	kh_nh_chunks_avx512((const u32 *)noaccess, noaccess, 0,
			    (u64 (*)[KH_NH_NUM_PASSES])st);
}

static const struct {
	const char *driver;
	struct zero_call c;
} zero_asm[] = {
	{ KH_DRIVER_highwayhash64_avx2(HT_DRIVER_NAME),
	  { "kh_highwayhash_blocks_avx2", zero_asm_hh_avx2 } },
	{ KH_DRIVER_multimixer128_avx2(HT_DRIVER_NAME),
	  { "kh_multimixer128_blocks_avx2", zero_asm_mm128_avx2 } },
	{ KH_DRIVER_multimixer128_avx512(HT_DRIVER_NAME),
	  { "kh_multimixer128_blocks4_avx512", zero_asm_mm128_avx512 } },
	{ KH_DRIVER_nhpoly1305_keyedhash_avx2(HT_DRIVER_NAME),
	  { "kh_nh_avx2", zero_asm_nh_avx2 } },
	{ KH_DRIVER_nhpoly1305_keyedhash_avx2(HT_DRIVER_NAME),
	  { "kh_nh_chunks_avx2", zero_asm_nh_chunks_avx2 } },
	{ KH_DRIVER_sthash_avx512(HT_DRIVER_NAME),
	  { "kh_nh_avx512", zero_asm_nh_avx512 } },
	{ KH_DRIVER_sthash_avx512(HT_DRIVER_NAME),
	  { "kh_nh_chunks_avx512", zero_asm_nh_chunks_avx512 } },
};
#elif defined(__aarch64__)
static void zero_asm_hh_neon(const struct ht_impl *impl, u64 *st,
			     const u8 *noaccess)
{
	kh_highwayhash_blocks_neon((struct kh_highwayhash_state *)st, noaccess, 0);
}

static void zero_asm_hh_permute_neon(const struct ht_impl *impl, u64 *st,
				     const u8 *noaccess)
{
	kh_highwayhash_permute_neon((struct kh_highwayhash_state *)st, 0);
}

static void zero_asm_mm128_neon(const struct ht_impl *impl, u64 *st,
				const u8 *noaccess)
{
	kh_multimixer128_blocks_neon(st, noaccess, noaccess, 0);
}

static void zero_asm_nh_neon(const struct ht_impl *impl, u64 *st,
			     const u8 *noaccess)
{
	kh_nh_neon((const u32 *)noaccess, noaccess, 0, st);
}

static const struct {
	const char *driver;
	struct zero_call c;
} zero_asm[] = {
	{ KH_DRIVER_highwayhash64_neon(HT_DRIVER_NAME),
	  { "kh_highwayhash_blocks_neon", zero_asm_hh_neon } },
	{ KH_DRIVER_highwayhash64_neon(HT_DRIVER_NAME),
	  { "kh_highwayhash_permute_neon", zero_asm_hh_permute_neon } },
	{ KH_DRIVER_multimixer128_neon(HT_DRIVER_NAME),
	  { "kh_multimixer128_blocks_neon", zero_asm_mm128_neon } },
	{ KH_DRIVER_nhpoly1305_keyedhash_neon(HT_DRIVER_NAME),
	  { "kh_nh_neon", zero_asm_nh_neon } },
};
#endif

/* One call with a count of 0; 0 if it did nothing. */
static unsigned int zero_one(const struct ht_impl *impl,
			     const struct zero_call *c, const u8 *noaccess,
			     bool nosimd)
{
	u64 st[ZERO_STATE_WORDS], was[ZERO_STATE_WORDS];
	struct sigaction sa = { .sa_handler = zero_fault }, old[2];
	unsigned int i;
	int sig;

	for (i = 0; i < ZERO_STATE_WORDS; i++)
		st[i] = was[i] = 0x5a5a5a5a00000000ULL + i;
	sigaction(SIGSEGV, &sa, &old[0]);
	sigaction(SIGBUS, &sa, &old[1]);
	ht_nosimd(nosimd);
	sig = sigsetjmp(zero_jmp, 1);
	if (!sig)
		c->call(impl, st, noaccess);
	ht_nosimd(false);
	kh_shim_simd_depth = 0;	/* if the fault hit inside a SIMD section */
	sigaction(SIGSEGV, &old[0], NULL);
	sigaction(SIGBUS, &old[1], NULL);
	if (sig) {
		printf("FAIL: %s: %s%s with a count of 0 read its input (signal %d)\n",
		       impl->driver, c->what, nosimd ? " (SIMD disabled)" : "",
		       sig);
		return 1;
	}
	if (memcmp(st, was, sizeof(st))) {
		printf("FAIL: %s: %s%s with a count of 0 changed the state\n",
		       impl->driver, c->what, nosimd ? " (SIMD disabled)" : "");
		return 1;
	}
	return 0;
}

static unsigned int zero_counts(const struct ht_impl *impl)
{
	static const struct zero_call hh = { "hh_blocks()", zero_hh_blocks };
	static const struct zero_call mm = { "mm128_blocks()", zero_mm128_blocks };
	static const struct zero_call nh = { "nh()", zero_nh };
	static const struct zero_call nhc = { "nh_chunks()", zero_nh_chunks };
	const struct kh_blockfns *fns = kh_blockfns_of(impl->driver);
	const struct zero_call *ops = NULL;
	long page = sysconf(_SC_PAGESIZE);
	unsigned int bad = 0, calls = 0, i;
	u8 *noaccess;

	/* the block function of the driver's algorithm */
	if (fns->hh_blocks)
		ops = &hh;
	else if (fns->mm128_blocks)
		ops = &mm;
	else if (fns->nh)
		ops = &nh;
	if (!ops) {
		printf("FAIL: %s: no count-of-0 check for its algorithm\n",
		       impl->driver);
		return 1;
	}
	noaccess = mmap(NULL, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			-1, 0);
	if (noaccess == MAP_FAILED) {
		printf("FAIL: %s: mmap\n", impl->driver);
		return 1;
	}
	bad += zero_one(impl, ops, noaccess, false);
	bad += zero_one(impl, ops, noaccess, true);
	calls += 2;
	if (fns->nh_chunks) {
		bad += zero_one(impl, &nhc, noaccess, false);
		calls++;
	}
#if defined(__x86_64__) || defined(__aarch64__)
	for (i = 0; i < ARRAY_SIZE(zero_asm); i++) {
		if (strcmp(zero_asm[i].driver, impl->driver))
			continue;
		bad += zero_one(impl, &zero_asm[i].c, noaccess, false);
		calls++;
	}
#endif
	munmap(noaccess, page);
	if (!bad)
		printf("PASS: %s: %u calls of block functions with a count of 0 did nothing\n",
		       impl->driver, calls);
	return bad;
}

/*
 * NHPoly1305 and STHash: any imported state is valid, and the generic and
 * the SIMD driver take it to the same digest.  Random state bytes, half of
 * them at a chunk boundary (the multi-chunk path first, on a scribbled
 * accumulator), then up to 16 KiB in one update.
 */
static unsigned int scribbled_states(struct kh_run *r)
{
	struct kh_nhpoly1305_state *st = r->state;
	unsigned int i, j, bad = 0;
	u8 d1[64], d2[64], saved[sizeof(*st)];

	if (strcmp(r->impl->name, "nhpoly1305") &&
	    strncmp(r->impl->name, "sthash", 6))
		return 0;
	for (i = 0; i < 64; i++) {
		u32 len = 2 * KH_NH_CHUNK + rnd(14 * KH_NH_CHUNK + 1);
		const u8 *p = r->data + rnd(64);

		for (j = 0; j < sizeof(saved); j++)
			saved[j] = (u8)rnd(256);
		if (i & 1)
			put_unaligned_le64(get_unaligned_le64(saved +
				offsetof(struct kh_nhpoly1305_state, len)) &
				~(u64)(KH_NH_CHUNK - 1),
				saved + offsetof(struct kh_nhpoly1305_state, len));
		memcpy(st, saved, sizeof(saved));
		ht_nosimd(true);
		r->gen->alg->update(r->gen, r->ctx, st, p, len);
		r->gen->alg->final(r->gen, r->ctx, st, d1);
		ht_nosimd(false);
		memcpy(st, saved, sizeof(saved));
		r->impl->alg->update(r->impl, r->ctx, st, p, len);
		r->impl->alg->final(r->impl, r->ctx, st, d2);
		if (memcmp(d1, d2, r->impl->digestsize) && !bad++)
			printf("FAIL: %s vs %s: scribbled state %u, %u bytes\n",
			       r->impl->driver, r->gen->driver, i, len);
	}
	if (!bad)
		printf("PASS: %s = %s from 64 scribbled states\n",
		       r->impl->driver, r->gen->driver);
	return bad;
}

/*
 * The self-test's lengths were chosen around the largest SIMD threshold of
 * each algorithm's drivers (tests/gen-testvecs.py SELFTEST_RULES): a driver
 * with a higher one would not be tested on its SIMD path at module init.
 */
static unsigned int selftest_threshold(const struct ht_impl *impl)
{
	unsigned int i, t = max(impl->simd_min.task, impl->simd_min.kthread);

	for (i = 0; i < ARRAY_SIZE(kh_st_suites); i++) {
		if (strcmp(kh_st_suites[i].name, impl->name))
			continue;
		if (t <= kh_st_suites[i].simd_min) {
			printf("PASS: %s: SIMD threshold %u within the self-test's %u\n",
			       impl->driver, t, kh_st_suites[i].simd_min);
			return 0;
		}
		printf("FAIL: %s: SIMD threshold %u above the self-test's %u (gen-testvecs.py)\n",
		       impl->driver, t, kh_st_suites[i].simd_min);
		return 1;
	}
	printf("FAIL: %s: no suite in selftest-vecs.h\n",
	       impl->driver);
	return 1;
}

/*
 * The driver's digest() and init() + finup(), which have paths of their
 * own (HighwayHash's one-shot assembly), on every length 0..MAXLEN
 * against the generic driver, as a user task and as a kernel thread (the
 * two thresholds), each message ending at a guard page: a read past its
 * end faults.
 */
static unsigned int shash_lengths(struct kh_run *r, const u8 *key,
				  unsigned int keylen)
{
	struct shash_alg *alg = ht_shash_alg(r->impl->driver);
	struct crypto_shash *tfm = alg ? kh_shim_tfm_new(alg) : NULL;
	struct shash_desc *desc = tfm ? kh_shim_desc_new(tfm) : NULL;
	u8 *msg = ht_guarded_alloc(MAXLEN);
	unsigned int bad = 0, kthread, way, cases = 0;
	u32 len;

	if (!desc || !msg || alg->setkey(tfm, key, keylen)) {
		printf("FAIL: %s: no shash request for the lengths\n",
		       r->impl->driver);
		bad = 1;
		goto out;
	}
	for (kthread = 0; kthread < 2; kthread++) {
		kh_shim_task.flags = kthread ? PF_KTHREAD : 0;
		for (len = r->step == 1 ? 0 : r->step; len <= MAXLEN;
		     len += r->step) {
			u8 *p = msg + MAXLEN - len, d1[64], d2[64];

			memcpy(p, r->data + rnd(64), len);
			if (hash(r->gen, r->ctx, r->state, p, len, KH_NOSIMD,
				 d1))
				bad++;
			for (way = 0; way < 2; way++, cases++) {
				int err = way ? alg->init(desc) : 0;

				err = err ? err : way ?
				      alg->finup(desc, p, len, d2) :
				      alg->digest(desc, p, len, d2);
				if ((err || memcmp(d1, d2, r->impl->digestsize)) &&
				    !bad++)
					printf("FAIL: %s: %s of %u bytes as %s (error %d)\n",
					       r->impl->driver,
					       way ? "init() + finup()" : "digest()",
					       len, kthread ? "a kernel thread" :
					       "a user task", err);
			}
		}
	}
	kh_shim_task.flags = 0;
	if (!bad)
		printf("PASS: %s: digest() and init() + finup() = %s, every length 0..%u as a user task and a kernel thread, %u cases, the message at a guard page\n",
		       r->impl->driver, r->gen->driver, MAXLEN, cases);
out:
	ht_guarded_free(msg, MAXLEN);
	free(desc);
	kh_shim_tfm_free(tfm);
	return bad;
}

/*
 * The driver's own shash functions (digest() included, which has paths of
 * its own) with SIMD disabled: the vectors still, and no SIMD section.
 */
static unsigned int shash_ops_nosimd(const struct ht_impl *impl)
{
	unsigned long sections = kh_shim_simd_sections;
	unsigned int bad;

	ht_nosimd(true);
	bad = ht_shash_ops(impl);
	ht_nosimd(false);
	if (kh_shim_simd_sections != sections) {
		printf("FAIL: %s: its shash operations entered a SIMD section while SIMD was disabled\n",
		       impl->driver);
		return bad + 1;
	}
	printf("PASS: %s: shash operations with SIMD disabled, no SIMD section\n",
	       impl->driver);
	return bad;
}

static unsigned int test_driver(const struct ht_impl *impl)
{
	static u8 key[BIGLEN], data[BIGLEN + 64];
	struct kh_run r = { .impl = impl, .gen = ht_generic_impl(impl->name),
			    .data = data };
	unsigned int keylen, i, bad;

	bad = !!kh_selftest(ht_shash_alg(impl->driver));
	printf("%s: %s self-test\n", bad ? "FAIL" : "PASS", impl->driver);
	bad += !!ht_full_vectors(impl);
	bad += ht_shash_ops(impl);
	bad += shash_ops_nosimd(impl);
	bad += selftest_threshold(impl);

	keylen = make_key(impl->name, key, &r.step);
	for (i = 0; i < sizeof(data); i++)
		data[i] = (u8)rnd(256);
	/*
	 * Key context, request state and Multimixer-128's key copy
	 * (kvmalloc) end at a guard page: the assembly reads the key copies,
	 * and an over-read faults (the NH key and HighwayHash's v1 are the
	 * last members of their contexts).
	 */
	kh_shim_kvmalloc_hook = ht_guarded_alloc;
	kh_shim_kvfree_hook = ht_guarded_free;
	r.ctx = ht_guarded_alloc(impl->alg->ctxsize);
	r.state = ht_guarded_alloc(impl->alg->statesize);
	if (!r.gen || !r.ctx || !r.state ||
	    impl->alg->setkey(r.ctx, key, keylen)) {
		printf("FAIL: %s: no generic driver, or setkey failed\n",
		       impl->driver);
		return bad + 1;
	}
	bad += lengths(&r, KH_SIMD);
	/* as a kernel thread: the other threshold (struct kh_simd_min) */
	kh_shim_task.flags = PF_KTHREAD;
	bad += lengths(&r, KH_SIMD);
	kh_shim_task.flags = 0;
	bad += contexts(&r);
	if (impl->simd_min.task || impl->simd_min.kthread) {
		/*
		 * The SIMD code on the short updates its thresholds keep from
		 * it: the same driver with simd_min 0.
		 */
		struct ht_impl all = *impl;
		char name[96];

		snprintf(name, sizeof(name), "%s with simd_min 0", impl->driver);
		all.driver = name;
		all.simd_min.task = 0;
		all.simd_min.kthread = 0;
		r.impl = &all;
		bad += lengths(&r, KH_SIMD);
		r.impl = impl;
	}
	bad += lengths(&r, KH_NOSIMD);
	bad += lengths(&r, KH_MIXED);
	bad += shash_lengths(&r, key, keylen);
	bad += long_messages(&r);
	bad += scribbled_states(&r);
	if (kh_blockfns_of(impl->driver) && kh_blockfns_of(r.gen->driver)) {
		bad += blocks_vs_generic(impl, kh_blockfns_of(impl->driver),
					 kh_blockfns_of(r.gen->driver));
		bad += zero_counts(impl);
	} else {
		printf("FAIL: %s: no block functions in tests/host/kh_blockfns.h\n",
		       impl->driver);
		bad++;
	}
	if (impl->alg->exit)
		impl->alg->exit(r.ctx);
	ht_guarded_free(r.ctx, impl->alg->ctxsize);
	ht_guarded_free(r.state, impl->alg->statesize);
	return bad;
}

/*
 * tests/host/kh_blockfns.h names the block functions of every driver the
 * module has here, and no driver it lacks.
 */
static unsigned int blockfns_complete(void)
{
	unsigned int i, j, bad = 0;

	for (i = 0; i < ht_generic_impl_count + ht_arch_impl_count; i++) {
		const struct ht_impl *impl = i < ht_generic_impl_count ?
			(&ht_generic_impl_table[i]) :
			ht_arch_impl(i - ht_generic_impl_count);

		if (!kh_blockfns_of(impl->driver)) {
			printf("FAIL: %s: not in tests/host/kh_blockfns.h\n",
			       impl->driver);
			bad++;
		}
	}
	for (i = 0; i < ARRAY_SIZE(kh_blockfns); i++) {
		for (j = 0; j < ht_generic_impl_count; j++)
			if (!strcmp((&ht_generic_impl_table[j])->driver,
				    kh_blockfns[i].driver))
				break;
		if (j < ht_generic_impl_count)
			continue;
		for (j = 0; j < ht_arch_impl_count; j++)
			if (!strcmp(ht_arch_impl(j)->driver,
				    kh_blockfns[i].driver))
				break;
		if (j == ht_arch_impl_count) {
			printf("FAIL: tests/host/kh_blockfns.h: %s: no such driver\n",
			       kh_blockfns[i].driver);
			bad++;
		}
	}
	if (!bad)
		printf("PASS: tests/host/kh_blockfns.h names the block functions of all %u drivers\n",
		       ht_generic_impl_count + ht_arch_impl_count);
	return bad;
}

/*
 * The tests' table (tests/host/ht_impl.h) and the module's drivers agree:
 * every driver of the one is in the other.  (That a driver's thresholds
 * are its row's shows in its behaviour: contexts() above, at and between
 * the row's thresholds, and KUnit's simd_sections just below them.)
 */
static unsigned int table_matches_module(void)
{
	unsigned int i, j, bad = 0;

	ht_algs_collect();
	for (i = 0; i < ht_algs.count; i++) {
		const struct shash_alg *alg = ht_algs.alg[i];
		const struct ht_impl *impl = NULL;

		for (j = 0; j < ht_generic_impl_count + ht_arch_impl_count; j++) {
			impl = j < ht_generic_impl_count ? (&ht_generic_impl_table[j]) :
			       ht_arch_impl(j - ht_generic_impl_count);
			if (!strcmp(impl->driver, alg->base.cra_driver_name))
				break;
			impl = NULL;
		}
		if (!impl) {
			printf("FAIL: %s: a driver of the module the tests do not know\n",
			       alg->base.cra_driver_name);
			bad++;
		}
	}
	if (ht_algs.count != ht_generic_impl_count + ht_arch_impl_count) {
		printf("FAIL: the module has %u drivers, the tests' table %u\n",
		       ht_algs.count, ht_generic_impl_count + ht_arch_impl_count);
		bad++;
	}
	if (!bad)
		printf("PASS: the tests' table names all %u drivers of the module\n",
		       ht_algs.count);
	return bad;
}

/* The ISA a driver needs: its name's suffix ("avx512", "neon"). */
static const char *feature(const struct ht_impl *impl)
{
	return strrchr(impl->driver, '-') + 1;
}

int main(int argc, char **argv)
{
	const char *me = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	unsigned int i, j, pass = 0, fail = 0, not_run = 0;
	char lacks[128] = "";

	if (argc > 1 && !strcmp(argv[1], "--list-arch")) {
		for (i = 0; i < ht_arch_impl_count; i++)
			printf("%s %s %s\n", ht_arch_impl(i)->name,
			       ht_arch_impl(i)->driver, feature(ht_arch_impl(i)));
		return 0;
	}
	/* the drivers this CPU may use (their usable() test), as --list-arch */
	if (argc > 1 && !strcmp(argv[1], "--list-usable")) {
		for (i = 0; i < ht_arch_impl_count; i++)
			if (ht_impl_usable(ht_arch_impl(i)))
				printf("%s %s %s\n", ht_arch_impl(i)->name,
				       ht_arch_impl(i)->driver,
				       feature(ht_arch_impl(i)));
		return 0;
	}

	fail += blockfns_complete();
	fail += table_matches_module();
	fail += failing_driver_keys();
	for (i = 0; i < ht_arch_impl_count; i++) {
		const struct ht_impl *impl = ht_arch_impl(i);

		if (!ht_impl_usable(impl)) {
			printf("NOT RUN: %s: this CPU lacks %s\n", impl->driver,
			       feature(impl));
			not_run++;
			/* each missing feature once, in driver order */
			for (j = 0; j < i; j++)
				if (!ht_impl_usable(ht_arch_impl(j)) &&
				    !strcmp(feature(ht_arch_impl(j)), feature(impl)))
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
		       ht_arch_impl_count);
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
