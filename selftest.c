// SPDX-License-Identifier: GPL-2.0
/*
 * Module-init self-test: before a driver is registered it must give the
 * known answers of selftest-vecs.h, a few vectors per
 * algorithm that tests/gen-testvecs.py chooses by rule from the vector files
 * so that each reaches a code path of its own: the empty message, a partial
 * block, whole blocks and a tail, the lengths around the largest SIMD
 * threshold of the algorithm's drivers, a message longer than two SIMD
 * sections, and each key layout that setkey() handles its own way.
 *
 * Each vector is hashed twice: in one update() (a long pattern message in
 * updates of KH_ST_MAXUPDATE bytes, each across several SIMD sections), and
 * in pieces: one byte, an empty one, one up to just past the middle (at
 * most 7 bytes past the first SIMD section, which it crosses from inside a
 * block), then the request state moved to a fresh buffer (as export/import
 * moves it), then the rest.
 * Before its valid key, setkey() is handed keys it must refuse with
 * -EINVAL, and the valid key that follows must work on the same context.
 * The full vector sets, every length and random splits are left to the
 * KUnit suites, testmgr and the host tests.
 *
 * It calls each driver's struct shash_alg functions with a tfm and request
 * made as the crypto API makes them, so the same code also runs in
 * userspace against the drivers (tests/host/hosttest.c, which prints
 * the time it takes and also runs kh_selftest_suite() over the full sets).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/internal/hash.h>
#include <keyedhash/internal/shash.h>
#include <keyedhash/internal/simd.h>
#include <keyedhash/internal/testvec.h>
#include "selftest-vecs.h"

/*
 * The message buffer: a SplitMix64 message of up to KH_ST_BUFSIZE bytes is
 * built in it whole, a longer one piece by piece.  An affine pattern
 * (a * i + b mod 256) repeats every KH_ST_PERIOD bytes, so from its first
 * KH_ST_BUFSIZE bytes KH_ST_MAXUPDATE bytes start at any offset of the
 * buffer's first KH_ST_PERIOD.  A message fed from the buffer goes in
 * updates of KH_ST_MAXUPDATE bytes: three SIMD sections and 7 bytes, so
 * that one ends in a piece shorter than a block and the next starts inside
 * a block.
 */
#define KH_ST_BUFSIZE	(4 * KH_SIMD_CHUNK)
#define KH_ST_PERIOD	256
#define KH_ST_MAXUPDATE	(3 * KH_SIMD_CHUNK + 7)

struct kh_st {
	struct shash_alg *alg;
	const struct kh_st_suite *suite;
	struct crypto_shash *tfm;
	struct shash_desc *desc;
	struct shash_desc *desc2;
	u8 *buf;
	u8 *key;
	u8 digest[64];
};

/* Message bytes from @pos on for one update(), at most *@n of them. */
static const u8 *kh_st_msg(struct kh_st *t, const struct kh_st_bytes *m,
			   u32 pos, u32 *n)
{
	if (m->pattern == KH_PAT_NONE)
		return t->suite->data + m->off + pos;
	if (m->pattern == KH_PAT_SPLITMIX64 && m->len <= KH_ST_BUFSIZE)
		return t->buf + pos;
	*n = min_t(u32, *n, KH_ST_MAXUPDATE);
	if (m->pattern == KH_PAT_AFFINE)
		return t->buf + pos % KH_ST_PERIOD;
	kh_st_bytes_fill(m, t->suite->data, pos, t->buf, *n);
	return t->buf;
}

/* Hash @v's message in one update() or (@split) in pieces. */
static int selftest_hash(struct kh_st *t, const struct kh_st_vec *v, bool split)
{
	struct shash_alg *alg = t->alg;
	u32 len = v->msg.len;
	/*
	 * Where each piece ends: 1 byte, 0 bytes, up to just past the middle
	 * or, at most, 7 bytes past the first SIMD section, the rest.
	 */
	const u32 ends[] = { min(len, 1U), min(len, 1U),
			     min(len, min_t(u32, len / 2, KH_SIMD_CHUNK) + 7),
			     len };
	struct shash_desc *desc = t->desc;
	unsigned int i;
	u32 pos = 0;
	int err;

	err = alg->init(desc);
	for (i = split ? 0 : ARRAY_SIZE(ends) - 1;
	     !err && i < ARRAY_SIZE(ends); i++) {
		do {
			u32 n = ends[i] - pos;
			const u8 *p = kh_st_msg(t, &v->msg, pos, &n);

			err = alg->update(desc, p, n);
			if (err)
				return err;
			pos += n;
		} while (pos < ends[i]);
		if (split && i == 2) {
			/* the state moved, as export/import moves it */
			memcpy(shash_desc_ctx(t->desc2), shash_desc_ctx(desc),
			       alg->descsize);
			memset(shash_desc_ctx(desc), 0xa5, alg->descsize);
			desc = t->desc2;
		}
	}
	memset(t->digest, 0, sizeof(t->digest));
	return err ?: alg->final(desc, t->digest);
}

/* setkey() must refuse bad key @idx with -EINVAL. */
static int selftest_badkey(struct kh_st *t, unsigned int idx)
{
	const struct kh_st_badkey *bk = &t->suite->badkeys[idx];
	int err;

	memset(t->key, 0, bk->keylen);
	memcpy(t->key, t->suite->data + bk->prefix, bk->prefixlen);
	err = t->alg->setkey(t->tfm, t->key, bk->keylen);
	if (err == -EINVAL)
		return 0;
	pr_err("%s: bad key %u (%u bytes): setkey() %s %d, not -EINVAL\n",
	       t->alg->base.cra_driver_name, idx, bk->keylen,
	       err ? "failed with" : "accepted it:", err);
	return err ?: -EINVAL;
}

static int selftest_vector(struct kh_st *t, unsigned int idx)
{
	const struct kh_st_vec *v = &t->suite->vecs[idx];
	struct shash_alg *alg = t->alg;
	const u8 *data = t->suite->data;
	const char *mode = "setkey";
	const u8 *key = data + v->key.off;
	unsigned int i;
	int err = 0, pass;

	/* the bad keys, spread over the vectors, on the context to be keyed */
	for (i = idx; !err && i < t->suite->nbad; i += t->suite->count)
		err = selftest_badkey(t, i);
	if (err)
		goto out;

	if (v->key.pattern != KH_PAT_NONE) {
		kh_st_bytes_fill(&v->key, data, 0, t->key, v->key.len);
		key = t->key;
	}
	if (v->msg.pattern != KH_PAT_NONE)
		kh_st_bytes_fill(&v->msg, data, 0, t->buf,
				 min_t(u32, v->msg.len, KH_ST_BUFSIZE));
	err = alg->setkey(t->tfm, key, v->key.len);
	for (pass = 0; !err && pass < 2; pass++) {
		mode = pass ? "in pieces" : "one-shot";
		err = selftest_hash(t, v, pass);
		if (!err && memcmp(t->digest, data + v->digest, alg->digestsize))
			err = -EBADMSG;
	}
	if (err)
		pr_err("%s: vector %u (key %u bytes, message %u bytes), %s: %s %d\n",
		       alg->base.cra_driver_name, idx, v->key.len, v->msg.len,
		       mode, err == -EBADMSG ? "wrong digest" : "error", err);
out:
	/* as when the tfm is freed: the key wiped, and freed */
	alg->exit_tfm(t->tfm);
	return err;
}

/*
 * A tfm and two requests of @alg, made as the crypto API makes them, for
 * calling the driver's functions before it is registered: the tfm context
 * right after the tfm, the request state right after the request.
 */
static struct crypto_shash *selftest_tfm_alloc(struct shash_alg *alg)
{
	struct crypto_shash *tfm;

	tfm = kzalloc(sizeof(*tfm) + alg->base.cra_ctxsize, GFP_KERNEL);
	if (tfm)
		tfm->base.__crt_alg = &alg->base;
	return tfm;
}

static struct shash_desc *selftest_desc_alloc(struct shash_alg *alg,
					      struct crypto_shash *tfm)
{
	struct shash_desc *desc;

	desc = kzalloc(sizeof(*desc) + alg->descsize, GFP_KERNEL);
	if (desc)
		desc->tfm = tfm;
	return desc;
}

static void selftest_free(struct shash_alg *alg, struct crypto_shash *tfm,
			  struct shash_desc *desc)
{
	if (tfm)
		memzero_explicit(crypto_shash_ctx(tfm), alg->base.cra_ctxsize);
	kfree(tfm);
	kfree_sensitive(desc);
}

int kh_selftest_suite(struct shash_alg *alg, const struct kh_st_suite *suite)
{
	struct kh_st t = { .alg = alg, .suite = suite };
	unsigned int i;
	int err = -ENOMEM;

	if (!suite->count) {
		pr_err("%s: no test vectors\n", alg->base.cra_driver_name);
		return -ENOENT;
	}
	t.tfm = selftest_tfm_alloc(alg);
	if (t.tfm) {
		t.desc = selftest_desc_alloc(alg, t.tfm);
		t.desc2 = selftest_desc_alloc(alg, t.tfm);
	}
	t.buf = kvmalloc(KH_ST_BUFSIZE, GFP_KERNEL);
	t.key = kvmalloc(max(suite->keymax, 1U), GFP_KERNEL);
	if (!t.tfm || !t.desc || !t.desc2 || !t.buf || !t.key)
		goto out;

	for (i = 0, err = 0; !err && i < suite->count; i++)
		err = selftest_vector(&t, i);
out:
	selftest_free(alg, t.tfm, t.desc);
	kfree_sensitive(t.desc2);
	if (t.buf)
		kvfree_sensitive(t.buf, KH_ST_BUFSIZE);
	if (t.key)
		kvfree_sensitive(t.key, max(suite->keymax, 1U));
	return err;
}

int kh_selftest(struct shash_alg *alg)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kh_st_suites); i++)
		if (!strcmp(kh_st_suites[i].name, alg->base.cra_name))
			return kh_selftest_suite(alg, &kh_st_suites[i]);
	pr_err("%s: no test vectors\n", alg->base.cra_driver_name);
	return -ENOENT;
}
