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
 * It uses only the kh_impl entry points, so the same code also runs in
 * userspace against the generic cores (tests/host/hosttest.c, which prints
 * the time it takes and also runs kh_selftest_suite() over the full sets).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/simd.h>
#include <keyedhash/testvec.h>
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
	const struct kh_impl *impl;
	const struct kh_st_suite *suite;
	void *ctx;
	void *state;
	void *state2;
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
static int kh_st_hash(struct kh_st *t, const struct kh_st_vec *v, bool split)
{
	const struct kh_alg_ops *alg = t->impl->alg;
	u32 len = v->msg.len;
	/*
	 * Where each piece ends: 1 byte, 0 bytes, up to just past the middle
	 * or, at most, 7 bytes past the first SIMD section, the rest.
	 */
	const u32 ends[] = { min(len, 1U), min(len, 1U),
			     min(len, min_t(u32, len / 2, KH_SIMD_CHUNK) + 7),
			     len };
	void *state = t->state;
	unsigned int i;
	u32 pos = 0;
	int err;

	alg->init(t->ctx, state);
	for (i = split ? 0 : ARRAY_SIZE(ends) - 1; i < ARRAY_SIZE(ends); i++) {
		do {
			u32 n = ends[i] - pos;
			const u8 *p = kh_st_msg(t, &v->msg, pos, &n);

			err = alg->update(t->impl, t->ctx, state, p, n);
			if (err)
				return err;
			pos += n;
		} while (pos < ends[i]);
		if (split && i == 2) {
			memcpy(t->state2, state, alg->statesize);
			memset(state, 0xa5, alg->statesize);
			state = t->state2;
		}
	}
	memset(t->digest, 0, sizeof(t->digest));
	return alg->final(t->impl, t->ctx, state, t->digest);
}

/* setkey() must refuse bad key @idx with -EINVAL. */
static int kh_st_badkey(struct kh_st *t, unsigned int idx)
{
	const struct kh_st_badkey *bk = &t->suite->badkeys[idx];
	const struct kh_alg_ops *alg = t->impl->alg;
	int err;

	memset(t->key, 0, bk->keylen);
	memcpy(t->key, t->suite->data + bk->prefix, bk->prefixlen);
	err = alg->setkey(t->ctx, t->key, bk->keylen);
	if (err == -EINVAL)
		return 0;
	pr_err("%s: bad key %u (%u bytes): setkey() %s %d, not -EINVAL\n",
	       t->impl->driver, idx, bk->keylen,
	       err ? "failed with" : "accepted it:", err);
	if (!err && alg->exit)
		alg->exit(t->ctx);
	return err ?: -EINVAL;
}

static int kh_st_vector(struct kh_st *t, unsigned int idx)
{
	const struct kh_st_vec *v = &t->suite->vecs[idx];
	const struct kh_alg_ops *alg = t->impl->alg;
	const u8 *data = t->suite->data;
	const char *mode = "setkey";
	const u8 *key = data + v->key.off;
	unsigned int i;
	int err = 0, pass;

	memset(t->ctx, 0, alg->ctxsize);
	/* the bad keys, spread over the vectors, on the context to be keyed */
	for (i = idx; !err && i < t->suite->nbad; i += t->suite->count)
		err = kh_st_badkey(t, i);
	if (err)
		return err;

	if (v->key.pattern != KH_PAT_NONE) {
		kh_st_bytes_fill(&v->key, data, 0, t->key, v->key.len);
		key = t->key;
	}
	if (v->msg.pattern != KH_PAT_NONE)
		kh_st_bytes_fill(&v->msg, data, 0, t->buf,
				 min_t(u32, v->msg.len, KH_ST_BUFSIZE));
	err = alg->setkey(t->ctx, key, v->key.len);
	for (pass = 0; !err && pass < 2; pass++) {
		mode = pass ? "in pieces" : "one-shot";
		err = kh_st_hash(t, v, pass);
		if (!err && memcmp(t->digest, data + v->digest,
				   t->impl->digestsize))
			err = -EBADMSG;
	}
	if (err)
		pr_err("%s: vector %u (key %u bytes, message %u bytes), %s: %s %d\n",
		       t->impl->driver, idx, v->key.len, v->msg.len, mode,
		       err == -EBADMSG ? "wrong digest" : "error", err);
	if (alg->exit)
		alg->exit(t->ctx);
	return err;
}

int kh_selftest_suite(const struct kh_impl *impl,
		      const struct kh_st_suite *suite)
{
	const struct kh_alg_ops *alg = impl->alg;
	struct kh_st t = { .impl = impl, .suite = suite };
	unsigned int i;
	int err = -ENOMEM;

	if (!suite->count) {
		pr_err("%s: no test vectors\n", impl->driver);
		return -ENOENT;
	}
	t.ctx = kzalloc(alg->ctxsize, GFP_KERNEL);
	t.state = kzalloc(alg->statesize, GFP_KERNEL);
	t.state2 = kzalloc(alg->statesize, GFP_KERNEL);
	t.buf = kvmalloc(KH_ST_BUFSIZE, GFP_KERNEL);
	t.key = kvmalloc(max(suite->keymax, 1U), GFP_KERNEL);
	if (!t.ctx || !t.state || !t.state2 || !t.buf || !t.key)
		goto out;

	for (i = 0, err = 0; !err && i < suite->count; i++)
		err = kh_st_vector(&t, i);
out:
	kfree_sensitive(t.ctx);
	kfree_sensitive(t.state);
	kfree_sensitive(t.state2);
	if (t.buf)
		kvfree_sensitive(t.buf, KH_ST_BUFSIZE);
	if (t.key)
		kvfree_sensitive(t.key, max(suite->keymax, 1U));
	return err;
}

int kh_selftest(const struct kh_impl *impl)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kh_st_suites); i++)
		if (!strcmp(kh_st_suites[i].name, impl->name))
			return kh_selftest_suite(impl, &kh_st_suites[i]);
	pr_err("%s: no test vectors\n", impl->driver);
	return -ENOENT;
}
