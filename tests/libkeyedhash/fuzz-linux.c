// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzz target's NHPoly1305 reference (tests/libkeyedhash/fuzz.c): Linux
 * 6.1's own nhpoly1305-generic, crypto/nhpoly1305.c with
 * lib/crypto/poly1305-donna64.c, compiled unmodified from the installed
 * linux-source-6.1 through the bench's kernel shim (tools/bench/kshim/,
 * tools/bench/kpeer-nhpoly1305.c), driven through its shash operations as the
 * crypto API drives them.
 */
#include <stdlib.h>
#include "kb_kshim.h"

const struct shash_alg *kb_linux_nhpoly1305_generic(void);

/*
 * The digest (16 bytes) of @msg under @key, fed in pieces of @cuts[0..n)
 * bytes and then the rest.  0, or -1 where Linux refuses the key.
 */
int khref_nhpoly1305(const u8 *key, size_t keylen, const u8 *msg, size_t len,
		     const size_t *cuts, size_t ncuts, u8 *out)
{
	const struct shash_alg *alg = kb_linux_nhpoly1305_generic();
	struct crypto_shash tfm = { 0 };
	struct shash_desc desc = { 0 };
	size_t pos = 0, i;
	int err = -1;

	tfm.ctx = calloc(1, alg->base.cra_ctxsize);
	tfm.base.ctx = tfm.ctx;
	tfm.alg = alg;
	desc.tfm = &tfm;
	desc.ctx = calloc(1, alg->descsize);
	if (!tfm.ctx || !desc.ctx)
		abort();
	if (alg->setkey(&tfm, key, keylen))
		goto out;
	if (alg->init(&desc))
		abort();
	for (i = 0; i < ncuts; i++) {
		size_t n = cuts[i] < len - pos ? cuts[i] : len - pos;

		if (alg->update(&desc, msg + pos, n))
			abort();
		pos += n;
	}
	if (alg->update(&desc, msg + pos, len - pos) || alg->final(&desc, out))
		abort();
	err = 0;
out:
	free(tfm.ctx);
	free(desc.ctx);
	return err;
}
