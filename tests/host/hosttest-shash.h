/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shash operations of a driver (KH_SHASH_FNS(), <keyedhash/shash.h>),
 * called as the crypto API calls them (through the shim's tfm and desc),
 * over the vectors of tests/keyedhash-testvecs.h that carry their message:
 * init/update/update/final, init/finup and digest each give the vector's
 * digest and leave the request state zeroed.  For Multimixer-128 also a
 * block, then finup past the end of the key: -EINVAL, and the state
 * zeroed.
 */
#ifndef _KEYEDHASH_HOSTTEST_SHASH_H
#define _KEYEDHASH_HOSTTEST_SHASH_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/multimixer128.h>
#include <keyedhash/shash.h>
#include <keyedhash/testvec.h>
#include "tests/keyedhash-testvecs.h"

static inline bool ht_all_zero(const u8 *p, size_t n)
{
	while (n--)
		if (*p++)
			return false;
	return true;
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

static inline unsigned int ht_shash_ops(const struct kh_impl *impl)
{
	static const char *const mode_name[] = {
		"init/update/update/final", "init/finup", "digest",
	};
	const struct kh_alg_ops *ops = impl->alg;
	const struct kh_testvec_suite *suite = NULL;
	struct kh_driver drv = { .impl = impl };
	struct crypto_shash tfm = { .alg = &drv.alg };
	struct shash_desc desc = { .tfm = &tfm };
	unsigned int i, cases = 0, bad = 0;
	u8 out[64];
	int mode, err;

	kh_shash_set_ops(&drv.alg, ops);
	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++)
		if (!strcmp(kh_testvec_suites[i].name, impl->name))
			suite = &kh_testvec_suites[i];
	tfm.ctx = calloc(1, ops->ctxsize);
	desc.state = malloc(ops->statesize);
	for (i = 0; suite && tfm.ctx && desc.state && i < suite->count; i++) {
		const struct kh_testvec *tv = &suite->vecs[i];

		if (tv->pattern != KH_PAT_NONE)
			continue;
		if (ops->setkey(tfm.ctx, tv->key, tv->keylen)) {
			printf("FAIL: %s: setkey of vector %u\n", impl->driver, i);
			bad++;
			continue;
		}
		for (mode = 0; mode < 3; mode++, cases++) {
			memset(desc.state, 0xa5, ops->statesize);
			memset(out, 0, sizeof(out));
			err = ht_shash_one(&desc, tv->msg, tv->msglen, mode, out);
			if (err || memcmp(out, tv->digest, impl->digestsize) ||
			    !ht_all_zero(desc.state, ops->statesize)) {
				printf("FAIL: %s: shash %s, vector %u (%u bytes): %s\n",
				       impl->driver, mode_name[mode], i,
				       tv->msglen, err ? "error" :
				       ht_all_zero(desc.state, ops->statesize) ?
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
				ops->shash->init(&desc);
				err = ops->shash->update(&desc, past,
							 MM128_BLOCK_SIZE);
			}
			if (!err)
				err = ops->shash->finup(&desc, past, tv->keylen,
							out);
			if (err != -EINVAL ||
			    !ht_all_zero(desc.state, ops->statesize)) {
				printf("FAIL: %s: shash finup past the key: error %d%s\n",
				       impl->driver, err,
				       ht_all_zero(desc.state, ops->statesize) ?
				       "" : ", state not wiped");
				bad++;
			}
			free(past);
			cases++;
		}
		if (ops->exit)
			ops->exit(tfm.ctx);
		memset(tfm.ctx, 0, ops->ctxsize);
	}
	free(tfm.ctx);
	free(desc.state);
	if (!cases)
		bad++;
	printf("%s: %s: shash operations, %u requests of the vectors with a message\n",
	       bad ? "FAIL" : "PASS", impl->driver, cases);
	return bad;
}

#endif /* _KEYEDHASH_HOSTTEST_SHASH_H */
