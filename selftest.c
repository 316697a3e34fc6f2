// SPDX-License-Identifier: GPL-2.0
/*
 * Module-init self-test: every driver is run over every known-answer vector
 * of its algorithm before it is registered, with the message in as few
 * update() calls as possible, and the vectors of up to KH_ST_SPLIT_MAX bytes
 * (every length around the block sizes) once more in pseudo-random pieces
 * (empty ones included) with the request state moved to a fresh buffer
 * halfway, the way export/import moves it.  That is what a driver needs to
 * show before it is registered; the long vectors in pieces, every length
 * and random splits are left to the KUnit suites (tests/kunit/).
 *
 * It uses only the kh_impl entry points, so the same code also runs in
 * userspace against the generic cores (tests/host/hosttest.c, which prints the
 * time it takes).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/testvec.h>
#include "tests/keyedhash-testvecs.h"

#define KH_ST_BUFSIZE	4096
/* Longest message also hashed in pieces. */
#define KH_ST_SPLIT_MAX	4096
/*
 * An affine pattern (a * i + b mod 256) repeats every 256 bytes: built
 * once per vector, KH_ST_BUFSIZE bytes of it start at any offset of the
 * buffer's first 256.
 */
#define KH_ST_PERIOD	256

struct kh_st {
	const struct kh_impl *impl;
	void *ctx;
	void *state;
	void *state2;
	u8 *buf;
	u8 digest[64];
	u64 rng;
};

static u32 kh_st_rand(struct kh_st *t, u32 bound)
{
	t->rng ^= t->rng << 13;
	t->rng ^= t->rng >> 7;
	t->rng ^= t->rng << 17;
	return bound ? (u32)(t->rng % bound) : 0;
}

/* Piece length for the split run: mostly small, sometimes empty or large. */
static u32 kh_st_piece(struct kh_st *t, u32 left)
{
	u32 n;

	switch (kh_st_rand(t, 8)) {
	case 0:
		n = 0;
		break;
	case 1:
		n = kh_st_rand(t, KH_ST_BUFSIZE + 1);
		break;
	default:
		n = kh_st_rand(t, 80);
		break;
	}
	return min(n, left);
}

/* Hash @tv's message; @split selects pseudo-random pieces. */
static int kh_st_hash(struct kh_st *t, const struct kh_testvec *tv, bool split)
{
	const struct kh_alg_ops *alg = t->impl->alg;
	void *state = t->state;
	bool moved = false;
	u32 pos = 0;
	int err;

	alg->init(t->ctx, state);
	while (pos < tv->msglen) {
		u32 left = tv->msglen - pos;
		u32 n = split ? kh_st_piece(t, left) : left;
		const u8 *p;

		if (tv->msg) {
			p = tv->msg + pos;
		} else if (tv->pattern == KH_PAT_AFFINE) {
			n = min_t(u32, n, KH_ST_BUFSIZE);
			p = t->buf + pos % KH_ST_PERIOD;
		} else {
			n = min_t(u32, n, KH_ST_BUFSIZE);
			kh_testvec_msg(tv, pos, t->buf, n);
			p = t->buf;
		}
		err = alg->update(t->impl, t->ctx, state, p, n);
		if (err)
			return err;
		pos += n;
		if (split && !moved && pos >= tv->msglen / 2) {
			memcpy(t->state2, state, alg->statesize);
			memset(state, 0xa5, alg->statesize);
			state = t->state2;
			moved = true;
		}
	}
	memset(t->digest, 0, sizeof(t->digest));
	return alg->final(t->impl, t->ctx, state, t->digest);
}

static int kh_st_vector(struct kh_st *t, const struct kh_testvec *tv,
			unsigned int idx)
{
	const struct kh_alg_ops *alg = t->impl->alg;
	const char *mode = "setkey";
	int err, pass;

	memset(t->ctx, 0, alg->ctxsize);
	if (tv->pattern == KH_PAT_AFFINE)
		kh_testvec_msg(tv, 0, t->buf, min_t(u32, tv->msglen,
						    KH_ST_BUFSIZE + KH_ST_PERIOD));
	err = alg->setkey(t->ctx, tv->key, tv->keylen);
	for (pass = 0; !err && pass < (tv->msglen <= KH_ST_SPLIT_MAX ? 2 : 1);
	     pass++) {
		mode = pass ? "split" : "one-shot";
		err = kh_st_hash(t, tv, pass);
		if (!err && memcmp(t->digest, tv->digest, t->impl->digestsize))
			err = -EBADMSG;
	}
	if (err)
		pr_err("%s: vector %u (key %u bytes, message %u bytes), %s: %s\n",
		       t->impl->driver, idx, tv->keylen, tv->msglen, mode,
		       err == -EBADMSG ? "wrong digest" : "error");
	if (alg->exit)
		alg->exit(t->ctx);
	return err;
}

static const struct kh_testvec_suite *kh_find_suite(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++)
		if (!strcmp(kh_testvec_suites[i].name, name))
			return &kh_testvec_suites[i];
	return NULL;
}

int kh_selftest(const struct kh_impl *impl)
{
	const struct kh_testvec_suite *suite = kh_find_suite(impl->name);
	const struct kh_alg_ops *alg = impl->alg;
	struct kh_st t = { .impl = impl, .rng = 0x9e3779b97f4a7c15ULL };
	unsigned int i;
	int err = -ENOMEM;

	if (!suite || !suite->count) {
		pr_err("%s: no test vectors\n", impl->driver);
		return -ENOENT;
	}
	t.ctx = kzalloc(alg->ctxsize, GFP_KERNEL);
	t.state = kzalloc(alg->statesize, GFP_KERNEL);
	t.state2 = kzalloc(alg->statesize, GFP_KERNEL);
	t.buf = kmalloc(KH_ST_BUFSIZE + KH_ST_PERIOD, GFP_KERNEL);
	if (!t.ctx || !t.state || !t.state2 || !t.buf)
		goto out;

	for (i = 0, err = 0; !err && i < suite->count; i++)
		err = kh_st_vector(&t, &suite->vecs[i], i);
out:
	kfree_sensitive(t.ctx);
	kfree_sensitive(t.state);
	kfree_sensitive(t.state2);
	kfree(t.buf);
	return err;
}
