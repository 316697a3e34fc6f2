// SPDX-License-Identifier: GPL-2.0
/*
 * libkeyedhash: the public API (include/keyedhash.h) over the private
 * driver interface of backend.h.  Nothing here knows an algorithm's
 * internals; the few facts below (names, key rules) are the public ones.
 */
#define _DEFAULT_SOURCE		/* explicit_bzero() */
#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "keyedhash.h"

#define KH_API	__attribute__((visibility("default")))

struct keyedhash_key {
	unsigned int drv;	/* backend driver number */
	const struct khb_driver *d;
	size_t size;		/* of this allocation */
	unsigned char ctx[] __attribute__((aligned(KHB_ALIGN)));
};

enum kh_state_phase { KH_OPEN, KH_DONE, KH_FAILED };

struct keyedhash_state {
	const struct keyedhash_key *key;
	enum kh_state_phase phase;
	size_t size;		/* of this allocation */
	unsigned char st[] __attribute__((aligned(KHB_ALIGN)));
};

static const struct {
	const char *name;
	const char *key_rule;
} kh_algs[] = {
	{ "highwayhash64", "32 bytes" },
	{ "highwayhash128", "32 bytes" },
	{ "highwayhash256", "32 bytes" },
	{ "sthash", "a seed of 16 to 4096 bytes" },
	{ "sthash-personalized",
	  "le16 seed_len | seed (16 to 4096 bytes) | le16 c1_len | c1 | "
	  "le16 c2_len | c2, exactly, at most 16384 bytes" },
	{ "multimixer128",
	  "32 to 65536 bytes, a multiple of 32, at least as long as the message "
	  "(a non-zero multiple of 32 bytes)" },
	{ "nhpoly1305", "1088 bytes" },
};

#define KH_NALGS	(sizeof(kh_algs) / sizeof(kh_algs[0]))

static atomic_int kh_forced;	/* keyedhash_force_generic() */

/* the project's version, a snapshot's included (tools/version.sh, by libkeyedhash/lib.mk) */
#ifndef KH_LIB_VERSION
#error "KH_LIB_VERSION: build the library with libkeyedhash/lib.mk (make lib)"
#endif

KH_API const char *keyedhash_version(void)
{
	return KH_LIB_VERSION;
}

KH_API const char *keyedhash_strerror(int err)
{
	switch (err) {
	case KEYEDHASH_OK:	return "success";
	case KEYEDHASH_EALG:	return "unknown algorithm or driver";
	case KEYEDHASH_EKEY:	return "invalid key for the algorithm";
	case KEYEDHASH_ENOMEM:	return "out of memory";
	case KEYEDHASH_EMSG:	return "message refused by the algorithm";
	case KEYEDHASH_ENOTSUP:	return "driver not supported by this CPU";
	case KEYEDHASH_EINVAL:	return "invalid argument";
	case KEYEDHASH_ESTATE:	return "state already finished or failed";
	case KEYEDHASH_EMISMATCH: return "digests differ";
	default:		return "unknown error";
	}
}

KH_API const char *keyedhash_algorithm(unsigned int i)
{
	return i < KH_NALGS ? kh_algs[i].name : NULL;
}

/* The driver of this name, or of this algorithm's name (the first one). */
static const struct khb_driver *kh_find(const char *name, unsigned int *idx)
{
	unsigned int i;

	if (!name)
		return NULL;
	for (i = 0; i < khb_driver_count(); i++) {
		const struct khb_driver *d = khb_driver(i);

		if (!strcmp(d->driver, name) || !strcmp(d->name, name)) {
			if (idx)
				*idx = i;
			return d;
		}
	}
	return NULL;
}

KH_API size_t keyedhash_digest_size(const char *name)
{
	const struct khb_driver *d = kh_find(name, NULL);

	return d ? d->digestsize : 0;
}

KH_API size_t keyedhash_block_size(const char *name)
{
	const struct khb_driver *d = kh_find(name, NULL);

	return d ? d->blocksize : 0;
}

KH_API const char *keyedhash_key_rule(const char *name)
{
	const struct khb_driver *d = kh_find(name, NULL);
	unsigned int i;

	for (i = 0; d && i < KH_NALGS; i++)
		if (!strcmp(kh_algs[i].name, d->name))
			return kh_algs[i].key_rule;
	return NULL;
}

KH_API const char *keyedhash_driver_name(unsigned int i)
{
	const struct khb_driver *d = khb_driver(i);

	return d ? d->driver : NULL;
}

KH_API int keyedhash_driver_usable(const char *driver)
{
	unsigned int i;

	for (i = 0; driver && i < khb_driver_count(); i++)
		if (!strcmp(khb_driver(i)->driver, driver))
			return khb_driver_usable(i);
	return 0;
}

KH_API void keyedhash_force_generic(int on)
{
	atomic_store(&kh_forced, !!on);
}

static int kh_generic_forced(void)
{
	const char *e = getenv("KEYEDHASH_FORCE_GENERIC");

	return atomic_load(&kh_forced) || (e && *e && strcmp(e, "0"));
}

/*
 * The driver for @name: a driver name as given (the library pinned to its
 * instruction set); for an algorithm name the instruction set the module's
 * library chooses on this CPU, or the generic C when forced.
 */
static int kh_pick(const char *name, unsigned int *drv)
{
	unsigned int i;
	int best;

	for (i = 0; i < khb_driver_count(); i++) {
		if (!strcmp(khb_driver(i)->driver, name)) {
			if (!khb_driver_usable(i))
				return KEYEDHASH_ENOTSUP;
			*drv = i;
			return 0;
		}
	}
	best = khb_choose(name, kh_generic_forced());
	if (best < 0)
		return KEYEDHASH_EALG;
	*drv = (unsigned int)best;
	return 0;
}

static void *kh_alloc(size_t size)
{
	void *p;

	size = (size + KHB_ALIGN - 1) & ~(size_t)(KHB_ALIGN - 1);
	p = aligned_alloc(KHB_ALIGN, size);
	if (p)
		memset(p, 0, size);
	return p;
}

KH_API int keyedhash_key_new(keyedhash_key **out, const char *name,
			     const void *key, size_t keylen)
{
	struct keyedhash_key *k;
	unsigned int drv;
	size_t size;
	int err;

	if (!out)
		return KEYEDHASH_EINVAL;
	*out = NULL;
	if (!name || (!key && keylen))
		return KEYEDHASH_EINVAL;
	err = kh_pick(name, &drv);
	if (err)
		return err;
	size = sizeof(*k) + khb_driver(drv)->ctxsize;
	k = kh_alloc(size);
	if (!k)
		return KEYEDHASH_ENOMEM;
	k->drv = drv;
	k->d = khb_driver(drv);
	k->size = size;
	err = khb_setkey(drv, k->ctx, key, keylen);
	if (err) {
		khb_wipe_key(drv, k->ctx);
		free(k);
		return err == -ENOMEM ? KEYEDHASH_ENOMEM : KEYEDHASH_EKEY;
	}
	*out = k;
	return 0;
}

KH_API void keyedhash_key_free(keyedhash_key *key)
{
	if (!key)
		return;
	khb_wipe_key(key->drv, key->ctx);
	explicit_bzero(key, key->size);
	free(key);
}

KH_API const char *keyedhash_key_algorithm(const keyedhash_key *key)
{
	return key ? key->d->name : NULL;
}

KH_API const char *keyedhash_key_driver(const keyedhash_key *key)
{
	return key ? key->d->driver : NULL;
}

KH_API size_t keyedhash_key_digest_size(const keyedhash_key *key)
{
	return key ? key->d->digestsize : 0;
}

static int kh_err(int err)
{
	return err == -ENOMEM ? KEYEDHASH_ENOMEM :
	       err ? KEYEDHASH_EMSG : 0;
}

/*
 * The state on the stack for one-shot calls: no allocation.  Every state
 * of the drivers fits (checked at run time all the same).
 */
#define KH_STACK_STATE	1024

KH_API int keyedhash_digest(const keyedhash_key *key, const void *msg,
			    size_t len, void *out, size_t outlen)
{
	unsigned char st[KH_STACK_STATE] __attribute__((aligned(KHB_ALIGN)));
	unsigned char *sp = st;
	int err;

	if (!key || !out || (!msg && len) || outlen < key->d->digestsize)
		return KEYEDHASH_EINVAL;
	if (key->d->statesize > sizeof(st)) {
		sp = kh_alloc(key->d->statesize);
		if (!sp)
			return KEYEDHASH_ENOMEM;
	}
	err = khb_digest(key->drv, key->ctx, sp, msg, len, out);
	khb_wipe_state(key->drv, sp);
	if (sp != st)
		free(sp);
	if (err)
		explicit_bzero(out, key->d->digestsize);
	return kh_err(err);
}

KH_API int keyedhash_digest_many(const keyedhash_key *key, size_t n,
				 const void *const msgs[], const size_t lens[],
				 void *out, size_t outlen)
{
	unsigned char st[KH_STACK_STATE] __attribute__((aligned(KHB_ALIGN)));
	unsigned char *sp = st;
	size_t ds, i;
	int err;

	if (!key || (n && (!msgs || !lens || !out)))
		return KEYEDHASH_EINVAL;
	ds = key->d->digestsize;
	if (outlen / ds < n)
		return KEYEDHASH_EINVAL;
	for (i = 0; i < n; i++)
		if (!msgs[i] && lens[i])
			return KEYEDHASH_EINVAL;
	if (key->d->statesize > sizeof(st)) {
		sp = kh_alloc(key->d->statesize);
		if (!sp)
			return KEYEDHASH_ENOMEM;
	}
	err = khb_digest_many(key->drv, key->ctx, sp,
			      (const uint8_t *const *)msgs, lens, n, out);
	khb_wipe_state(key->drv, sp);
	if (sp != st)
		free(sp);
	if (err)
		explicit_bzero(out, n * ds);
	return kh_err(err);
}

KH_API int keyedhash_hash(const char *name, const void *key, size_t keylen,
			  const void *msg, size_t len, void *out, size_t outlen)
{
	keyedhash_key *k;
	int err;

	err = keyedhash_key_new(&k, name, key, keylen);
	if (err)
		return err;
	err = keyedhash_digest(k, msg, len, out, outlen);
	keyedhash_key_free(k);
	return err;
}

KH_API int keyedhash_state_new(keyedhash_state **out,
			       const keyedhash_key *key)
{
	struct keyedhash_state *s;
	size_t size;

	if (!out)
		return KEYEDHASH_EINVAL;
	*out = NULL;
	if (!key)
		return KEYEDHASH_EINVAL;
	size = sizeof(*s) + key->d->statesize;
	s = kh_alloc(size);
	if (!s)
		return KEYEDHASH_ENOMEM;
	s->key = key;
	s->size = size;
	khb_init(key->drv, key->ctx, s->st);
	s->phase = KH_OPEN;
	*out = s;
	return 0;
}

KH_API void keyedhash_state_free(keyedhash_state *state)
{
	if (!state)
		return;
	explicit_bzero(state, state->size);
	free(state);
}

KH_API int keyedhash_reset(keyedhash_state *state)
{
	if (!state)
		return KEYEDHASH_EINVAL;
	khb_wipe_state(state->key->drv, state->st);
	khb_init(state->key->drv, state->key->ctx, state->st);
	state->phase = KH_OPEN;
	return 0;
}

KH_API int keyedhash_update(keyedhash_state *state, const void *data,
			    size_t len)
{
	const struct keyedhash_key *k;
	int err;

	if (!state || (!data && len))
		return KEYEDHASH_EINVAL;
	if (state->phase != KH_OPEN)
		return KEYEDHASH_ESTATE;
	k = state->key;
	err = khb_update(k->drv, k->ctx, state->st, data, len);
	if (err) {
		state->phase = KH_FAILED;
		khb_wipe_state(k->drv, state->st);
	}
	return kh_err(err);
}

KH_API int keyedhash_final(keyedhash_state *state, void *out, size_t outlen)
{
	const struct keyedhash_key *k;
	int err;

	if (!state || !out || outlen < state->key->d->digestsize)
		return KEYEDHASH_EINVAL;
	if (state->phase != KH_OPEN)
		return KEYEDHASH_ESTATE;
	k = state->key;
	err = khb_final(k->drv, k->ctx, state->st, out);
	state->phase = err ? KH_FAILED : KH_DONE;
	khb_wipe_state(k->drv, state->st);
	if (err)
		explicit_bzero(out, k->d->digestsize);
	return kh_err(err);
}

KH_API int keyedhash_state_copy(keyedhash_state *dst,
				const keyedhash_state *src)
{
	if (!dst || !src || dst->key != src->key)
		return KEYEDHASH_EINVAL;
	if (dst != src) {
		memcpy(dst->st, src->st, src->key->d->statesize);
		dst->phase = src->phase;
	}
	return 0;
}

KH_API int keyedhash_state_dup(keyedhash_state **out,
			       const keyedhash_state *src)
{
	int err;

	if (!out)
		return KEYEDHASH_EINVAL;
	*out = NULL;
	if (!src)
		return KEYEDHASH_EINVAL;
	err = keyedhash_state_new(out, src->key);
	if (!err)
		keyedhash_state_copy(*out, src);
	return err;
}

/*
 * Constant time: every byte is loaded (volatile), the differences are
 * OR-ed into an accumulator the compiler must treat as unknown after each
 * step (the empty asm), so it can neither stop at the first difference
 * nor turn the loop into memcmp().  Only the final "any difference" is a
 * branch, and that is the public result.
 */
KH_API int keyedhash_verify(const void *a, const void *b, size_t len)
{
	const volatile unsigned char *x = a, *y = b;
	unsigned int acc = 0;
	size_t i;

	if ((!a || !b) && len)
		return KEYEDHASH_EINVAL;
	for (i = 0; i < len; i++) {
		acc |= x[i] ^ y[i];
		__asm__ __volatile__("" : "+r"(acc));
	}
	/* 0 when equal, 1 otherwise, without a branch on the bytes */
	acc = ((acc - 1U) >> 8) & 1U;
	return ((int)acc - 1) & KEYEDHASH_EMISMATCH;
}
