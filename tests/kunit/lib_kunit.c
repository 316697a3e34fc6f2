// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the library API (<keyedhash/<algorithm>.h>), called
 * directly, without a tfm: keyedhash-lib.
 *
 * For every vector of tests/keyedhash-testvecs.h with a message of at most
 * 64 KiB, each algorithm's one-shot function and its init/update/final in
 * pieces must give the vector's digest, in every calling context the
 * library chooses its code by: a task (the task thresholds), a kernel
 * thread (forced with a static stub, kh_seams.h), with SIMD forced off
 * (the generic fallback: no SIMD section may be entered), and in
 * hard IRQ context (an hrtimer).  A library whose instruction set is in
 * use must enter SIMD sections for a long message; one without must not.
 */
#include <crypto/internal/hash.h>
#include <kunit/test.h>
#include <linux/hrtimer.h>
#include <linux/jump_label.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <keyedhash/highwayhash.h>
#include <keyedhash/multimixer128.h>
#include <keyedhash/nhpoly1305.h>
#include <keyedhash/internal/shash.h>
#include <keyedhash/internal/simd.h>
#include <keyedhash/sthash.h>
#include <keyedhash/internal/testvec.h>
#include "tests/keyedhash-testvecs.h"
#include "kh_seams.h"

#define KH_LIB_MAXLEN	(64 * 1024)

/* The calling contexts of the cases. */
enum kh_lib_ctx {
	KH_LIB_TASK,		/* as the caller is, task thresholds forced */
	KH_LIB_KTHREAD,		/* kthread thresholds forced */
	KH_LIB_NOSIMD,		/* SIMD off on this CPU: the generic fallback */
	KH_LIB_NCTX,
};

static const char *const kh_lib_ctx_name[] = {
	"task", "kernel thread", "SIMD off",
};

union kh_lib_key {
	struct kh_highwayhash_key hh;
	struct kh_multimixer128_key mm;
	struct kh_nhpoly1305_key nhp;
	struct kh_sthash_key sth;
};

union kh_lib_state {
	struct kh_highwayhash64_state hh64;
	struct kh_highwayhash128_state hh128;
	struct kh_highwayhash256_state hh256;
	struct kh_multimixer128_state mm;
	struct kh_nhpoly1305_state nhp;
	struct kh_sthash_state sth;
};

static int kh_lib_setkey(const char *name, union kh_lib_key *k, const u8 *key,
			 unsigned int keylen)
{
	if (!strncmp(name, "highwayhash", 11))
		return kh_highwayhash_setkey(&k->hh, key, keylen);
	if (!strcmp(name, "multimixer128"))
		return kh_multimixer128_setkey(&k->mm, key, keylen);
	if (!strcmp(name, "nhpoly1305"))
		return kh_nhpoly1305_setkey(&k->nhp, key, keylen);
	if (!strcmp(name, "sthash"))
		return kh_sthash_setkey(&k->sth, key, keylen);
	if (!strcmp(name, "sthash-personalized"))
		return kh_sthash_personalized_setkey(&k->sth, key, keylen);
	return -ENOENT;
}

static void kh_lib_clearkey(const char *name, union kh_lib_key *k)
{
	if (!strcmp(name, "multimixer128"))
		kh_multimixer128_clearkey(&k->mm);
	memzero_explicit(k, sizeof(*k));
}

/* The one-shot function of @name. */
static int kh_lib_oneshot(const char *name, const union kh_lib_key *k,
			  const u8 *msg, size_t len, u8 *out)
{
	if (!strcmp(name, "highwayhash64"))
		kh_highwayhash64(&k->hh, msg, len, out);
	else if (!strcmp(name, "highwayhash128"))
		kh_highwayhash128(&k->hh, msg, len, out);
	else if (!strcmp(name, "highwayhash256"))
		kh_highwayhash256(&k->hh, msg, len, out);
	else if (!strcmp(name, "multimixer128"))
		return kh_multimixer128(&k->mm, msg, len, out);
	else if (!strcmp(name, "nhpoly1305"))
		kh_nhpoly1305(&k->nhp, msg, len, out);
	else
		kh_sthash(&k->sth, msg, len, out);
	return 0;
}

/* init, update in pieces of @piece bytes, final. */
static int kh_lib_stream(const char *name, const union kh_lib_key *k,
			 union kh_lib_state *st, const u8 *msg, size_t len,
			 size_t piece, u8 *out)
{
	size_t pos = 0;
	int err = 0;

	if (!strcmp(name, "highwayhash64"))
		kh_highwayhash64_init(&st->hh64, &k->hh);
	else if (!strcmp(name, "highwayhash128"))
		kh_highwayhash128_init(&st->hh128, &k->hh);
	else if (!strcmp(name, "highwayhash256"))
		kh_highwayhash256_init(&st->hh256, &k->hh);
	else if (!strcmp(name, "multimixer128"))
		kh_multimixer128_init(&st->mm);
	else if (!strcmp(name, "nhpoly1305"))
		kh_nhpoly1305_init(&st->nhp);
	else
		kh_sthash_init(&st->sth);
	do {
		size_t n = min(len - pos, piece);

		if (!strcmp(name, "highwayhash64"))
			kh_highwayhash64_update(&st->hh64, msg + pos, n);
		else if (!strcmp(name, "highwayhash128"))
			kh_highwayhash128_update(&st->hh128, msg + pos, n);
		else if (!strcmp(name, "highwayhash256"))
			kh_highwayhash256_update(&st->hh256, msg + pos, n);
		else if (!strcmp(name, "multimixer128"))
			err = kh_multimixer128_update(&st->mm, &k->mm,
						      msg + pos, n);
		else if (!strcmp(name, "nhpoly1305"))
			kh_nhpoly1305_update(&st->nhp, &k->nhp, msg + pos, n);
		else
			kh_sthash_update(&st->sth, &k->sth, msg + pos, n);
		pos += n;
	} while (!err && pos < len);
	if (err)
		return err;
	if (!strcmp(name, "highwayhash64"))
		kh_highwayhash64_final(&st->hh64, out);
	else if (!strcmp(name, "highwayhash128"))
		kh_highwayhash128_final(&st->hh128, out);
	else if (!strcmp(name, "highwayhash256"))
		kh_highwayhash256_final(&st->hh256, out);
	else if (!strcmp(name, "multimixer128"))
		return kh_multimixer128_final(&st->mm, out);
	else if (!strcmp(name, "nhpoly1305"))
		kh_nhpoly1305_final(&st->nhp, &k->nhp, out);
	else
		kh_sthash_final(&st->sth, &k->sth, out);
	return 0;
}

static bool kh_lib_all_zero(const void *p, size_t n)
{
	const u8 *b = p;

	while (n--)
		if (*b++)
			return false;
	return true;
}

static unsigned long kh_lib_sections(void)
{
	return kh_test_sections();
}

/* Whether the module registered a SIMD driver of @name. */
static bool kh_lib_has_simd(const char *name)
{
	const struct kh_test_driver *d;
	unsigned int i;

	for (i = 0; (d = kh_test_driver_at(i)); i++)
		if (!strcmp(d->name, name) && strcmp(d->isa, "generic"))
			return true;
	return false;
}

struct kh_lib_buf {
	union kh_lib_key key;
	union kh_lib_state st;
	u8 *msg;
	u8 out[64];
};

/* Every vector of @suite, in context @ctx: one-shot and in pieces. */
static void kh_lib_suite(struct kunit *test, const struct kh_testvec_suite *suite,
			 enum kh_lib_ctx ctx, struct kh_lib_buf *b)
{
	static const size_t pieces[] = { 1, 31, 100, 4096 + 7 };
	unsigned int i, p, ds = 0, done = 0;
	unsigned long sections = kh_lib_sections();
	unsigned long note = kh_progress_start();

	for (i = 0; i < suite->count; i++) {
		const struct kh_testvec *tv = &suite->vecs[i];

		kh_progress(test, &note, "%s, %s: vector %u of %u", suite->name,
			    kh_lib_ctx_name[ctx], i, suite->count);

		if (tv->msglen > KH_LIB_MAXLEN)
			continue;
		kh_testvec_msg(tv, 0, b->msg, tv->msglen);
		KUNIT_ASSERT_EQ_MSG(test,
				    kh_lib_setkey(suite->name, &b->key, tv->key,
						  tv->keylen),
				    0, "%s: vector %u: setkey", suite->name, i);
		ds = !strcmp(suite->name, "highwayhash64") ? 8 :
		     !strcmp(suite->name, "highwayhash128") ? 16 :
		     !strcmp(suite->name, "multimixer128") ? 64 :
		     !strcmp(suite->name, "nhpoly1305") ? 16 : 32;

		if (ctx == KH_LIB_NOSIMD)
			kh_test_nosimd(test, true);
		for (p = 0; p <= ARRAY_SIZE(pieces); p++) {
			int err;

			memset(b->out, 0, sizeof(b->out));
			if (p == ARRAY_SIZE(pieces))
				err = kh_lib_oneshot(suite->name, &b->key,
						     b->msg, tv->msglen, b->out);
			else
				err = kh_lib_stream(suite->name, &b->key,
						    &b->st, b->msg, tv->msglen,
						    pieces[p], b->out);
			if (err || memcmp(b->out, tv->digest, ds)) {
				if (ctx == KH_LIB_NOSIMD)
					kh_test_nosimd(test, false);
				KUNIT_FAIL(test, "%s: vector %u (%u bytes), %s, %s: %s",
					   suite->name, i, tv->msglen,
					   kh_lib_ctx_name[ctx],
					   p == ARRAY_SIZE(pieces) ? "one-shot" : "in pieces",
					   err ? "error" : "wrong digest");
				kh_lib_clearkey(suite->name, &b->key);
				return;
			}
		}
		if (ctx == KH_LIB_NOSIMD)
			kh_test_nosimd(test, false);
		kh_lib_clearkey(suite->name, &b->key);
		done++;
	}
	KUNIT_EXPECT_GT_MSG(test, done, 0U, "%s: no vector", suite->name);
	if (ctx == KH_LIB_NOSIMD)
		KUNIT_EXPECT_EQ_MSG(test, kh_lib_sections(), sections,
				    "%s: SIMD sections with SIMD off", suite->name);
}

/*
 * Every vector of kh_testvec_suites[@i], one-shot and in pieces, in each
 * context: one case per algorithm.  As one case, the seven took 310 s
 * under the debug kernel on a busy TCG host: past the 120 s after which
 * the hung-task detector reports the task loading the module (it waits
 * for the case), and near KUnit's own timeout.
 */
static void kh_lib_vectors(struct kunit *test, unsigned int i)
{
	const struct kh_testvec_suite *suite;
	struct kh_lib_buf *b;
	int ctx;

	/* (kh_lib_vectors_all: kh_lib_vector_algs[i] names this suite) */
	KUNIT_ASSERT_LT(test, (size_t)i, ARRAY_SIZE(kh_testvec_suites));
	suite = &kh_testvec_suites[i];
	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, b);
	b->msg = vmalloc(KH_LIB_MAXLEN);
	KUNIT_ASSERT_NOT_NULL(test, b->msg);
	kh_test_count_sections(test);
	for (ctx = 0; ctx < KH_LIB_NCTX; ctx++) {
		int forced = ctx == KH_LIB_TASK ? 1 : ctx == KH_LIB_KTHREAD ? -1 : 0;

		kh_test_context(test, forced);
		kh_lib_suite(test, suite, ctx, b);
		kh_test_context_end(test, forced);
	}
	vfree(b->msg);
}

/* the algorithms with a case of their own, in kh_testvec_suites[]'s order */
static const char *const kh_lib_vector_algs[] = {
	"highwayhash64", "highwayhash128", "highwayhash256", "multimixer128",
	"nhpoly1305", "sthash", "sthash-personalized",
};

#define KH_LIB_VECTORS(id, i)						\
static void kh_lib_vectors_##id(struct kunit *test)			\
{									\
	kh_lib_vectors(test, i);					\
}

KH_LIB_VECTORS(highwayhash64, 0)
KH_LIB_VECTORS(highwayhash128, 1)
KH_LIB_VECTORS(highwayhash256, 2)
KH_LIB_VECTORS(multimixer128, 3)
KH_LIB_VECTORS(nhpoly1305, 4)
KH_LIB_VECTORS(sthash, 5)
KH_LIB_VECTORS(sthash_personalized, 6)

/* no vector file left without its case */
static void kh_lib_vectors_all(struct kunit *test)
{
	unsigned int i;

	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(kh_testvec_suites),
			ARRAY_SIZE(kh_lib_vector_algs));
	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++)
		KUNIT_EXPECT_STREQ(test, kh_testvec_suites[i].name,
				   kh_lib_vector_algs[i]);
}

/*
 * The library runs the instruction set chosen at module init: a 64 KiB
 * message enters SIMD sections exactly where the module registered a SIMD
 * driver of the algorithm, and final wipes the state.
 */
static void kh_lib_simd_chosen(struct kunit *test)
{
	struct kh_lib_buf *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, b);
	b->msg = vzalloc(KH_LIB_MAXLEN);
	KUNIT_ASSERT_NOT_NULL(test, b->msg);
	kh_test_count_sections(test);
	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++) {
		const struct kh_testvec_suite *suite = &kh_testvec_suites[i];
		const struct kh_testvec *tv = &suite->vecs[0];
		unsigned long before;
		u8 *key = vzalloc(KH_LIB_MAXLEN);
		unsigned int keylen = tv->keylen;

		KUNIT_ASSERT_NOT_NULL(test, key);
		memcpy(key, tv->key, tv->keylen);
		if (!strcmp(suite->name, "multimixer128"))
			keylen = KH_LIB_MAXLEN;	/* as long as the message */
		KUNIT_ASSERT_EQ(test, kh_lib_setkey(suite->name, &b->key, key,
						    keylen), 0);
		kh_test_context(test, -1);
		before = kh_lib_sections();
		KUNIT_EXPECT_EQ(test, kh_lib_stream(suite->name, &b->key, &b->st,
						    b->msg, KH_LIB_MAXLEN,
						    KH_LIB_MAXLEN, b->out), 0);
		kh_test_context_end(test, -1);
		if (kh_lib_has_simd(suite->name))
			KUNIT_EXPECT_GT_MSG(test, kh_lib_sections(), before,
					    "%s: the library entered no SIMD section",
					    suite->name);
		else
			KUNIT_EXPECT_EQ_MSG(test, kh_lib_sections(), before,
					    "%s: SIMD sections without a SIMD driver",
					    suite->name);
		KUNIT_EXPECT_TRUE_MSG(test, kh_lib_all_zero(&b->st, sizeof(b->st)),
				      "%s: final left the state behind",
				      suite->name);
		kh_lib_clearkey(suite->name, &b->key);
		vfree(key);
	}
	vfree(b->msg);
}

/* One-shot digests in hard IRQ context, from an hrtimer. */
struct kh_lib_irq {
	struct hrtimer timer;
	const struct kh_testvec_suite *suite;
	struct kh_lib_buf *b;
	unsigned int len;
	int err;
	bool hard;
	bool done;
};

static enum hrtimer_restart kh_lib_irq_fn(struct hrtimer *timer)
{
	struct kh_lib_irq *c = container_of(timer, struct kh_lib_irq, timer);

	c->hard = in_hardirq();
	c->err = kh_lib_oneshot(c->suite->name, &c->b->key, c->b->msg, c->len,
				c->b->out);
	WRITE_ONCE(c->done, true);
	return HRTIMER_NORESTART;
}

static void kh_lib_irq_context(struct kunit *test)
{
	struct kh_lib_buf *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct kh_lib_irq *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	unsigned int i, j, n = 0;

	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_NOT_NULL(test, c);
	b->msg = vmalloc(KH_LIB_MAXLEN);
	KUNIT_ASSERT_NOT_NULL(test, b->msg);
	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++) {
		const struct kh_testvec_suite *suite = &kh_testvec_suites[i];

		for (j = 0; j < suite->count; j++) {
			const struct kh_testvec *tv = &suite->vecs[j];
			unsigned int ds;

			/* a few vectors of each, short enough for an interrupt */
			if (tv->msglen > 4096 || j % 4)
				continue;
			kh_testvec_msg(tv, 0, b->msg, tv->msglen);
			KUNIT_ASSERT_EQ(test, kh_lib_setkey(suite->name, &b->key,
							    tv->key, tv->keylen), 0);
			c->suite = suite;
			c->b = b;
			c->len = tv->msglen;
			c->done = false;
			memset(b->out, 0, sizeof(b->out));
			hrtimer_setup(&c->timer, kh_lib_irq_fn, CLOCK_MONOTONIC,
				      HRTIMER_MODE_REL_HARD);
			hrtimer_start(&c->timer, ns_to_ktime(100 * NSEC_PER_USEC),
				      HRTIMER_MODE_REL_HARD);
			while (!READ_ONCE(c->done))
				cond_resched();
			hrtimer_cancel(&c->timer);
			ds = !strcmp(suite->name, "highwayhash64") ? 8 :
			     !strcmp(suite->name, "highwayhash128") ? 16 :
			     !strcmp(suite->name, "multimixer128") ? 64 :
			     !strcmp(suite->name, "nhpoly1305") ? 16 : 32;
			KUNIT_EXPECT_TRUE(test, c->hard);
			KUNIT_EXPECT_EQ_MSG(test, c->err, 0, "%s: vector %u in hard IRQ",
					    suite->name, j);
			KUNIT_EXPECT_EQ_MSG(test, memcmp(b->out, tv->digest, ds), 0,
					    "%s: vector %u in hard IRQ: wrong digest",
					    suite->name, j);
			kh_lib_clearkey(suite->name, &b->key);
			n++;
		}
	}
	KUNIT_EXPECT_GT(test, n, 0U);
	vfree(b->msg);
}

/*
 * Many messages at once (<keyedhash/highwayhash_many.h>): each digest of a
 * batch against the one-shot's of its message alone.
 */
#define KH_MANY_MAX	24
#define KH_MANY_DATA	(12 * 1024)

struct kh_many_buf {
	struct kh_highwayhash_key key;
	const u8 *data[KH_MANY_MAX];
	size_t len[KH_MANY_MAX];
	u8 out[KH_MANY_MAX * KH_HIGHWAYHASH256_DIGEST_SIZE];
	u8 one[KH_HIGHWAYHASH256_DIGEST_SIZE];
	u8 *msg;		/* KH_MANY_DATA bytes */
};

static void kh_many_call(struct kh_many_buf *b, size_t n, unsigned int ds)
{
	if (ds == KH_HIGHWAYHASH64_DIGEST_SIZE)
		kh_highwayhash64_digest_many(&b->key, b->data, b->len, n, b->out);
	else if (ds == KH_HIGHWAYHASH128_DIGEST_SIZE)
		kh_highwayhash128_digest_many(&b->key, b->data, b->len, n, b->out);
	else
		kh_highwayhash256_digest_many(&b->key, b->data, b->len, n, b->out);
}

/* the batch's digests against the one-shot's; the first bad index + 1 */
static size_t kh_many_check(struct kh_many_buf *b, size_t n, unsigned int ds)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (ds == KH_HIGHWAYHASH64_DIGEST_SIZE)
			kh_highwayhash64(&b->key, b->data[i], b->len[i], b->one);
		else if (ds == KH_HIGHWAYHASH128_DIGEST_SIZE)
			kh_highwayhash128(&b->key, b->data[i], b->len[i], b->one);
		else
			kh_highwayhash256(&b->key, b->data[i], b->len[i], b->one);
		if (memcmp(b->one, b->out + i * ds, ds))
			return i + 1;
	}
	return 0;
}

static struct kh_many_buf *kh_many_alloc(struct kunit *test)
{
	struct kh_many_buf *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	u32 x = 0x6d616e79;
	size_t i;
	u8 raw[KH_HIGHWAYHASH_KEY_SIZE];

	KUNIT_ASSERT_NOT_NULL(test, b);
	b->msg = vmalloc(KH_MANY_DATA);
	KUNIT_ASSERT_NOT_NULL(test, b->msg);
	for (i = 0; i < KH_MANY_DATA; i++) {
		x = x * 1103515245 + 12345;
		b->msg[i] = x >> 24;
	}
	for (i = 0; i < sizeof(raw); i++)
		raw[i] = b->msg[KH_MANY_DATA - 1 - i];
	KUNIT_ASSERT_EQ(test, kh_highwayhash_setkey(&b->key, raw, sizeof(raw)), 0);
	return b;
}

/*
 * Every length 0..1024 in a batch of three beside two other lengths
 * (chains ending at different times; an odd message alone), then batches
 * of mixed lengths up to 10 KiB (pairs longer than a SIMD section), each
 * digest size, in a task, a kernel thread and with SIMD off (no section
 * entered).
 */
static void kh_lib_many(struct kunit *test)
{
	static const unsigned int sizes[] = { 8, 16, 32 };
	struct kh_many_buf *b = kh_many_alloc(test);
	unsigned long note = kh_progress_start(), sections;
	unsigned int s, bad, l, t;
	size_t i, n;
	int ctx;

	kh_test_count_sections(test);
	for (ctx = 0; ctx < KH_LIB_NCTX; ctx++) {
		int forced = ctx == KH_LIB_TASK ? 1 : ctx == KH_LIB_KTHREAD ? -1 : 0;

		kh_test_context(test, forced);
		if (ctx == KH_LIB_NOSIMD)
			kh_test_nosimd(test, true);
		sections = kh_lib_sections();
		for (s = 0; s < ARRAY_SIZE(sizes); s++) {
			bad = 0;
			for (l = 0; l <= 1024; l++) {
				kh_progress(test, &note, "%s, %u-byte digests: length %u",
					    kh_lib_ctx_name[ctx], sizes[s], l);
				b->len[0] = l;
				b->len[1] = (l * 7 + 13) % 1025;
				b->len[2] = l / 3 + 1;
				for (i = 0; i < 3; i++)
					b->data[i] = b->msg + 1024 * i + (l & 15);
				memset(b->out, 0, sizeof(b->out));
				kh_many_call(b, 3, sizes[s]);
				bad += !!kh_many_check(b, 3, sizes[s]);
			}
			KUNIT_EXPECT_EQ_MSG(test, bad, 0U,
					    "every length 0..1024, %s, %u-byte digests: %u bad",
					    kh_lib_ctx_name[ctx], sizes[s], bad);
			bad = 0;
			for (t = 0; t < 40; t++) {
				n = 1 + (t * 7) % KH_MANY_MAX;
				for (i = 0; i < n; i++) {
					u32 r = (t + 1) * 2654435761U ^ (i * 40503U);

					b->len[i] = r % 5 == 0 ? 2049 + r % 8000 :
						    r % 5 == 1 ? 0 : r % 700;
					b->data[i] = b->msg + (r >> 8) %
						     (KH_MANY_DATA - b->len[i] + 1);
				}
				memset(b->out, 0, sizeof(b->out));
				kh_many_call(b, n, sizes[s]);
				bad += !!kh_many_check(b, n, sizes[s]);
			}
			KUNIT_EXPECT_EQ_MSG(test, bad, 0U,
					    "40 batches of mixed lengths, %s, %u-byte digests: %u bad",
					    kh_lib_ctx_name[ctx], sizes[s], bad);
		}
		if (ctx == KH_LIB_NOSIMD) {
			kh_test_nosimd(test, false);
			KUNIT_EXPECT_EQ_MSG(test, kh_lib_sections(), sections,
					    "digest_many entered SIMD sections with SIMD off");
		}
		kh_test_context_end(test, forced);
	}
	/* 24 messages of 128 bytes: SIMD sections where the module has SIMD */
	for (i = 0; i < KH_MANY_MAX; i++) {
		b->data[i] = b->msg + 128 * i;
		b->len[i] = 128;
	}
	kh_test_context(test, -1);
	sections = kh_lib_sections();
	kh_many_call(b, KH_MANY_MAX, 32);
	kh_test_context_end(test, -1);
	KUNIT_EXPECT_EQ(test, kh_many_check(b, KH_MANY_MAX, 32), 0UL);
	if (kh_lib_has_simd("highwayhash256"))
		KUNIT_EXPECT_GT_MSG(test, kh_lib_sections(), sections,
				    "digest_many entered no SIMD section");
	else
		KUNIT_EXPECT_EQ_MSG(test, kh_lib_sections(), sections,
				    "digest_many: SIMD sections without a SIMD driver");
	vfree(b->msg);
}

/* A batch in hard IRQ context, from an hrtimer. */
struct kh_many_irq {
	struct hrtimer timer;
	struct kh_many_buf *b;
	bool hard;
	bool done;
};

static enum hrtimer_restart kh_many_irq_fn(struct hrtimer *timer)
{
	struct kh_many_irq *c = container_of(timer, struct kh_many_irq, timer);

	c->hard = in_hardirq();
	kh_many_call(c->b, 9, KH_HIGHWAYHASH128_DIGEST_SIZE);
	WRITE_ONCE(c->done, true);
	return HRTIMER_NORESTART;
}

static void kh_lib_many_irq(struct kunit *test)
{
	struct kh_many_irq *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	struct kh_many_buf *b = kh_many_alloc(test);
	size_t i;

	KUNIT_ASSERT_NOT_NULL(test, c);
	for (i = 0; i < 9; i++) {
		b->data[i] = b->msg + 97 * i;
		b->len[i] = 37 * i * i;
	}
	c->b = b;
	hrtimer_setup(&c->timer, kh_many_irq_fn, CLOCK_MONOTONIC,
		      HRTIMER_MODE_REL_HARD);
	hrtimer_start(&c->timer, ns_to_ktime(100 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_HARD);
	while (!READ_ONCE(c->done))
		cond_resched();
	hrtimer_cancel(&c->timer);
	KUNIT_EXPECT_TRUE(test, c->hard);
	KUNIT_EXPECT_EQ_MSG(test, kh_many_check(b, 9, KH_HIGHWAYHASH128_DIGEST_SIZE),
			    0UL, "digest_many in hard IRQ: wrong digest");
	vfree(b->msg);
}

static struct kunit_case kh_lib_cases[] = {
	KUNIT_CASE(kh_lib_vectors_all),
	KUNIT_CASE(kh_lib_vectors_highwayhash64),
	KUNIT_CASE(kh_lib_vectors_highwayhash128),
	KUNIT_CASE(kh_lib_vectors_highwayhash256),
	KUNIT_CASE(kh_lib_vectors_multimixer128),
	KUNIT_CASE(kh_lib_vectors_nhpoly1305),
	KUNIT_CASE(kh_lib_vectors_sthash),
	KUNIT_CASE(kh_lib_vectors_sthash_personalized),
	KUNIT_CASE(kh_lib_simd_chosen),
	KUNIT_CASE(kh_lib_irq_context),
	KUNIT_CASE(kh_lib_many),
	KUNIT_CASE(kh_lib_many_irq),
	{}
};

static struct kunit_suite kh_lib_suite_def = {
	.name = "keyedhash-lib",
	.test_cases = kh_lib_cases,
};

kunit_test_suites(&kh_lib_suite_def);
