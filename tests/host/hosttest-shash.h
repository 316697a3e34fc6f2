/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shash operations of a driver (its struct shash_alg,
 * <keyedhash/internal/shash.h>), called as the crypto API calls them (through
 * the shim's tfm and desc), over the vectors of tests/keyedhash-testvecs.h that
 * carry their message: init/update/update/final, init/finup and digest each
 * give the vector's digest and leave the request state zeroed (digest() may
 * also leave it as it was: the one-shots that keep the state in registers never
 * write it; a state changed in part is a failure).  For Multimixer-128 also a
 * block, then finup past the end of the key: -EINVAL, and the state zeroed;
 * and its short digests (ht_mm128_short()).
 */
#ifndef _KEYEDHASH_HOSTTEST_SHASH_H
#define _KEYEDHASH_HOSTTEST_SHASH_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/host/ht_impl.h"
#include <keyedhash/internal/shash.h>
#include <keyedhash/internal/testvec.h>
#include "tests/keyedhash-testvecs.h"

static inline bool ht_all_zero(const u8 *p, size_t n)
{
	while (n--)
		if (*p++)
			return false;
	return true;
}

/* The state after a request in @mode: zeroed, or untouched by a digest. */
static inline bool ht_state_clean(const u8 *p, size_t n, int mode)
{
	size_t i;

	if (ht_all_zero(p, n))
		return true;
	for (i = 0; mode == 2 && i < n; i++)
		if (p[i] != 0xa5)
			return false;
	return mode == 2;
}

/*
 * Multimixer-128's digest() of at most KH_MULTIMIXER128_SHORT bytes (its
 * one-shot) under a 32-byte key: the digest of init/update/final for one
 * block, and -EINVAL as update() and final() give it for the empty message,
 * a partial block, a second block past the key; and under a 64-byte key
 * one and two blocks hashed over their own message.  The number that failed.
 */
static inline unsigned int ht_mm128_short(const struct ht_impl *impl,
					  struct crypto_shash *tfm,
					  struct shash_desc *desc,
					  unsigned int *cases)
{
	static const unsigned int lens[] = { 0, 16, 31, 33, 48, 64 };
	const struct shash_alg *alg = crypto_shash_alg(tfm);
	u8 key[64], msg[64], out[64], ref[64];
	unsigned int i, bad = 0;
	int err;

	memset(key, 0x3c, sizeof(key));
	memset(msg, 0xc3, sizeof(msg));
	if (alg->setkey(tfm, key, 32))
		return 1;
	err = alg->init(desc) ?: alg->update(desc, msg, 32) ?:
	      alg->final(desc, ref);
	memset(out, 0, sizeof(out));
	err = err ?: alg->digest(desc, msg, 32, out);
	if (err || memcmp(out, ref, sizeof(out))) {
		printf("FAIL: %s: digest of one block: %s\n", impl->driver,
		       err ? "error" : "not the streaming digest");
		bad++;
	}
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		err = alg->digest(desc, msg, lens[i], out);
		if (err != -EINVAL) {
			printf("FAIL: %s: digest of %u bytes, 32-byte key: %d, not -EINVAL\n",
			       impl->driver, lens[i], err);
			bad++;
		}
	}
	/* the digest written over its own message (out == data) */
	memset(key, 0x3c, sizeof(key));
	if (alg->setkey(tfm, key, sizeof(key)))
		return bad + 1;
	for (i = 32; i <= 64; i += 32) {
		u8 inplace[64];

		memcpy(inplace, msg, sizeof(inplace));
		err = alg->digest(desc, msg, i, ref) ?:
		      alg->digest(desc, inplace, i, inplace);
		if (err || memcmp(inplace, ref, sizeof(ref))) {
			printf("FAIL: %s: digest of %u bytes written over the message: %s\n",
			       impl->driver, i, err ? "error" : "another digest");
			bad++;
		}
	}
	*cases += 3 + ARRAY_SIZE(lens);
	return bad;
}

/* One request in @mode (0: two updates, 1: finup, 2: digest). */
static inline int ht_shash_one(struct shash_desc *desc, const u8 *msg,
			       unsigned int len, int mode, u8 *out)
{
	const struct shash_alg *alg = crypto_shash_alg(desc->tfm);
	unsigned int half = len / 2;
	int err;

	if (mode == 2)
		return alg->digest(desc, msg, len, out);
	err = alg->init(desc);
	if (err || mode == 1)
		return err ? err : alg->finup(desc, msg, len, out);
	err = alg->update(desc, msg, half);
	if (!err)
		err = alg->update(desc, msg + half, len - half);
	return err ? err : alg->final(desc, out);
}

static inline unsigned int ht_shash_ops(const struct ht_impl *impl)
{
	static const char *const mode_name[] = {
		"init/update/update/final", "init/finup", "digest",
	};
	const struct kh_testvec_suite *suite = NULL;
	struct shash_alg *alg = ht_shash_alg(impl->driver);
	struct crypto_shash *tfm = NULL;
	struct shash_desc *desc = NULL;
	unsigned int i, cases = 0, bad = 0, statesize;
	u8 out[64];
	int mode, err;

	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++)
		if (!strcmp(kh_testvec_suites[i].name, impl->name))
			suite = &kh_testvec_suites[i];
	if (alg) {
		tfm = kh_shim_tfm_new(alg);
		desc = tfm ? kh_shim_desc_new(tfm) : NULL;
	}
	if (!desc) {
		printf("FAIL: %s: no shash_alg of the module by that name\n",
		       impl->driver);
		kh_shim_tfm_free(tfm);
		return 1;
	}
	statesize = alg->descsize;
	/* the driver as the crypto API sees it: the test's view of it agrees */
	if (strcmp(alg->base.cra_name, impl->name) ||
	    alg->digestsize != impl->digestsize ||
	    alg->base.cra_blocksize != impl->blocksize ||
	    alg->descsize != impl->alg->statesize ||
	    alg->base.cra_ctxsize != impl->alg->ctxsize) {
		printf("FAIL: %s: the shash_alg's name or sizes differ from the tests' table\n",
		       impl->driver);
		bad++;
	}
	for (i = 0; suite && i < suite->count; i++) {
		const struct kh_testvec *tv = &suite->vecs[i];

		if (tv->pattern != KH_PAT_NONE)
			continue;
		if (alg->setkey(tfm, tv->key, tv->keylen)) {
			printf("FAIL: %s: setkey of vector %u\n", impl->driver, i);
			bad++;
			continue;
		}
		for (mode = 0; mode < 3; mode++, cases++) {
			memset(shash_desc_ctx(desc), 0xa5, statesize);
			memset(out, 0, sizeof(out));
			err = ht_shash_one(desc, tv->msg, tv->msglen, mode, out);
			if (err || memcmp(out, tv->digest, impl->digestsize) ||
			    !ht_state_clean(shash_desc_ctx(desc), statesize,
					    mode)) {
				printf("FAIL: %s: shash %s, vector %u (%u bytes): %s\n",
				       impl->driver, mode_name[mode], i,
				       tv->msglen, err ? "error" :
				       ht_state_clean(shash_desc_ctx(desc),
						      statesize, mode) ?
				       "wrong digest" : "state not wiped");
				bad++;
			}
		}
		if (!strcmp(impl->name, "multimixer128")) {
			u8 *past = malloc(tv->keylen);

			/* a block first, so that the state holds something */
			err = -ENOMEM;
			if (past) {
				memset(past, 0x5a, tv->keylen);
				alg->init(desc);
				err = alg->update(desc, past,
						  KH_MULTIMIXER128_BLOCK_SIZE);
			}
			if (!err)
				err = alg->finup(desc, past, tv->keylen, out);
			if (err != -EINVAL ||
			    !ht_all_zero(shash_desc_ctx(desc), statesize)) {
				printf("FAIL: %s: shash finup past the key: error %d%s\n",
				       impl->driver, err,
				       ht_all_zero(shash_desc_ctx(desc), statesize) ?
				       "" : ", state not wiped");
				bad++;
			}
			free(past);
			cases++;
		}
	}
	if (!strcmp(impl->name, "multimixer128"))
		bad += ht_mm128_short(impl, tfm, desc, &cases);
	/* exit_tfm wipes the key context */
	alg->exit_tfm(tfm);
	if (!ht_all_zero(crypto_shash_ctx(tfm), alg->base.cra_ctxsize)) {
		printf("FAIL: %s: exit_tfm leaves key bytes behind\n",
		       impl->driver);
		bad++;
	}
	free(tfm);
	free(desc);
	if (!cases)
		bad++;
	printf("%s: %s: shash operations, %u requests of the vectors with a message\n",
	       bad ? "FAIL" : "PASS", impl->driver, cases);
	return bad;
}

#endif /* _KEYEDHASH_HOSTTEST_SHASH_H */
