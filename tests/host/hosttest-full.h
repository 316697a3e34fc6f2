/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's self-test code (selftest.c, kh_selftest_suite()) over every
 * vector of tests/keyedhash-testvecs.h, for the host tests: the module
 * itself carries only the few of selftest-vecs.h.
 */
#ifndef _KEYEDHASH_HOSTTEST_FULL_H
#define _KEYEDHASH_HOSTTEST_FULL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/host/ht_impl.h"
#include <keyedhash/internal/testvec.h>
#include "tests/keyedhash-testvecs.h"

static inline int ht_full_vectors(const struct ht_impl *impl)
{
	const struct kh_testvec_suite *full = NULL;
	struct kh_st_suite suite = { .name = impl->name, .simd_min = ~0U };
	struct kh_st_vec *vecs;
	size_t size = 0, pos = 0;
	unsigned int i, b;
	u8 *data;
	int err;

	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++)
		if (!strcmp(kh_testvec_suites[i].name, impl->name))
			full = &kh_testvec_suites[i];
	if (!full || !full->count) {
		printf("FAIL: %s: no vectors in tests/keyedhash-testvecs.h\n",
		       impl->driver);
		return -ENOENT;
	}
	/* the vectors' bytes in one array, as the lean table has them */
	for (i = 0; i < full->count; i++)
		size += full->vecs[i].keylen + full->vecs[i].msglen + 64 + 12;
	vecs = calloc(full->count, sizeof(*vecs));
	data = malloc(size);
	if (!vecs || !data)
		return -ENOMEM;
	for (i = 0; i < full->count; i++) {
		const struct kh_testvec *tv = &full->vecs[i];
		struct kh_st_vec *v = &vecs[i];

		v->key = (struct kh_st_bytes){ .len = tv->keylen, .off = pos };
		memcpy(data + pos, tv->key, tv->keylen);
		pos += tv->keylen;
		v->digest = pos;
		memcpy(data + pos, tv->digest, impl->digestsize);
		pos += impl->digestsize;
		v->msg = (struct kh_st_bytes){
			.len = tv->msglen, .off = pos, .pattern = tv->pattern,
			.pat_a = tv->pat_a, .pat_b = tv->pat_b,
		};
		if (tv->pattern == KH_PAT_NONE) {
			memcpy(data + pos, tv->msg, tv->msglen);
			pos += tv->msglen;
		} else if (tv->pattern == KH_PAT_SPLITMIX64) {
			for (b = 0; b < 8; b++)
				data[pos++] = tv->pat_state >> (8 * b);
			for (b = 0; b < 4; b++)
				data[pos++] = tv->pat_offset >> (8 * b);
		}
	}
	suite.data = data;
	suite.vecs = vecs;
	suite.count = full->count;
	err = kh_selftest_suite(ht_shash_alg(impl->driver), &suite);
	printf("%s: %s: the self-test over all %u vectors of tests/keyedhash-testvecs.h\n",
	       err ? "FAIL" : "PASS", impl->driver, full->count);
	free(vecs);
	free(data);
	return err;
}

#endif /* _KEYEDHASH_HOSTTEST_FULL_H */
