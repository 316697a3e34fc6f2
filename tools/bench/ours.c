// SPDX-License-Identifier: GPL-2.0
/*
 * Our drivers, called through the shash operations the module registers
 * for them (KH_SHASH_FNS(), <keyedhash/shash.h>), on a tfm whose key
 * context alg->setkey() set up once:
 *  - bare rows: every message is one digest(), as crypto_shash_digest()
 *    calls it (a one-shot caller in the kernel; the crates' one-shot API);
 *  - kernel-mode rows ("[kernel]", "[kernel kthread]"): init(), one
 *    update() and final(), as AF_ALG calls them, and as the kernel peers'
 *    rows call the kernel's drivers (peers-linux.c).
 *
 * Every entry of kh_generic_impls[] and kh_arch_impls[] is registered (the
 * arch table is empty unless the bench is built with the arch objects; see
 * KB_ARCH_SRCS in bench.mk).  Each driver must pass its own init-time
 * self-test (selftest.c) first.  The NH block function of every nhpoly1305
 * driver (tests/host/kh_blockfns.h) is also registered on its own as
 * algorithm "nh".
 */
#include <stdlib.h>
#include <string.h>
#include <asm/fpu/api.h>		/* kernel_fpu_begin(), the shim's */
#include <keyedhash/keyedhash.h>
#include <keyedhash/nhpoly1305.h>
#include <keyedhash/shash.h>
#include <keyedhash/simd.h>		/* KH_SIMD_CHUNK */
#include "tests/host/kh_blockfns.h"
#include "bench.h"

struct kb_ours {
	struct kh_driver drv;		/* as the module registers it */
	struct crypto_shash tfm;
	struct shash_desc desc;
};

static void *kb_ours_setup(const struct kb_impl *bi, const u8 *key,
			   size_t keylen, size_t msglen)
{
	const struct kh_impl *impl = bi->priv;
	const struct kh_alg_ops *alg = impl->alg;
	struct kb_ours *o;

	(void)msglen;
	o = kb_zalloc(sizeof(*o));
	o->drv.impl = impl;
	kh_shash_set_ops(&o->drv.alg, alg);
	o->tfm.alg = &o->drv.alg;
	o->tfm.ctx = kb_zalloc(alg->ctxsize);
	o->desc.tfm = &o->tfm;
	o->desc.state = kb_zalloc(alg->statesize);
	if (alg->setkey(o->tfm.ctx, key, keylen)) {
		free(o->tfm.ctx);
		free(o->desc.state);
		free(o);
		return NULL;
	}
	return o;
}

static void kb_ours_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	struct kb_ours *o = inst;
	const struct shash_alg *alg = &o->drv.alg;

#ifdef KB_KMODE
	if (alg->init(&o->desc) || alg->update(&o->desc, msg, len) ||
	    alg->final(&o->desc, out))
#else
	if (alg->digest(&o->desc, msg, len, out))
#endif
		kb_fatal("%s: hashing failed at %zu bytes", o->drv.impl->driver,
			 len);
}

static void kb_ours_teardown(void *inst)
{
	struct kb_ours *o = inst;

	if (o->drv.impl->alg->exit)
		o->drv.impl->alg->exit(o->tfm.ctx);
	free(o->tfm.ctx);
	free(o->desc.state);
	free(o);
}

/*
 * NH alone: the driver's NH block function over 1 KiB chunks, the sums of
 * all chunks added up (the digest is the four sums, little-endian).  The key
 * is an nhpoly1305 key; its NH words start at byte 16.  A SIMD driver's NH
 * runs in one SIMD section per 4 KiB, as in the module (and as the kernel
 * peers' NH rows).
 */
struct kb_nh {
	kh_nh_fn nh;
	bool simd;
	u32 key[KH_NH_KEY_WORDS];
};

static void *kb_nh_setup(const struct kb_impl *bi, const u8 *key,
			 size_t keylen, size_t msglen)
{
	const struct kh_impl *impl = bi->priv;
	const struct kh_blockfns *fns = kh_blockfns_of(impl->driver);
	struct kb_nh *n;

	(void)msglen;
	if (keylen != NHPOLY1305_KEY_SIZE)
		return NULL;
	if (!fns || !fns->nh)
		kb_fatal("%s: no NH block function in tests/host/kh_blockfns.h",
			 impl->driver);
	n = kb_zalloc(sizeof(*n));
	n->nh = fns->nh;
	n->simd = impl->usable != NULL;	/* an arch driver: SIMD NH */
	kh_nh_setkey_words(n->key, key + KH_POLY1305_KEY_SIZE);
	return n;
}

static void kb_nh_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	struct kb_nh *n = inst;
	u64 sum[4] = { 0 }, h[4];
	size_t c, done = 0;
	int i;

	/* kh_nh_fn takes whole 16-byte units: a partial tail is not hashed */
	len &= ~(size_t)15;
	for (; len; msg += c, len -= c) {
		c = len < KH_NH_CHUNK ? len : KH_NH_CHUNK;
		if (n->simd && !(done % KH_SIMD_CHUNK))
			kernel_fpu_begin();
		n->nh(n->key, msg, c, h);
		done += c;
		if (n->simd && (!(done % KH_SIMD_CHUNK) || c == len))
			kernel_fpu_end();
		for (i = 0; i < 4; i++)
			sum[i] += h[i];
	}
	memcpy(out, sum, sizeof(sum));
}

/*
 * A SIMD driver without its thresholds (struct kh_simd_min): the bare rows
 * time the SIMD code itself at every size, and --no-threshold the kernel
 * rows too.  The kernel-mode rows otherwise run as the module does.
 */
static const struct kh_impl *kb_thresholds(const struct kh_impl *impl)
{
	struct kh_impl *copy;

#ifdef KB_KMODE
	if (!kb_no_threshold)
		return impl;
#endif
	if (!impl->simd_min.task && !impl->simd_min.kthread)
		return impl;
	copy = kb_zalloc(sizeof(*copy));
	*copy = *impl;
	copy->simd_min.task = 0;
	copy->simd_min.kthread = 0;
	return copy;
}

static struct kb_impl *kb_add_row(const struct kh_impl *impl,
				  const char *name)
{
	struct kb_impl *bi = kb_add(impl->name, name, impl->digestsize);

	bi->ours = true;
	bi->setup = kb_ours_setup;
	bi->hash = kb_ours_hash;
	bi->teardown = kb_ours_teardown;
	bi->priv = impl;
	return bi;
}

static void kb_add_ours(const struct kh_impl *impl)
{
	struct kb_impl *bi;

	if (!kh_impl_usable(impl)) {
		kb_info("%s: not usable on this CPU, skipped", impl->driver);
		return;
	}
	if (kh_selftest(impl))
		kb_fatal("%s: self-test failed", impl->driver);
	impl = kb_thresholds(impl);
	kb_add_row(impl, impl->driver);
#ifdef KB_KMODE
	/*
	 * A SIMD driver once more as a kernel thread would call it (its
	 * kthread threshold, sections without a save); a generic driver
	 * enters no section, so its "[kernel]" rows stand for both.
	 */
	if (impl->usable) {
		char name[64];

		snprintf(name, sizeof(name), "%s%s", impl->driver,
			 KB_KMODE_KTHREAD_SUFFIX);
		bi = kb_add_row(impl, name);
		bi->kthread = true;
	}
#endif

	if (!strcmp(impl->name, "nhpoly1305")) {
		bi = kb_add("nh", impl->driver, KH_NH_HASH_BYTES);
		bi->ours = true;
		bi->setup = kb_nh_setup;
		bi->hash = kb_nh_hash;
		bi->teardown = free;
		bi->priv = impl;
	}
}

void kb_register_ours(void)
{
	unsigned int i;

	for (i = 0; i < kh_generic_impl_count; i++)
		kb_add_ours(kh_generic_impls[i]);
	for (i = 0; i < kh_arch_impl_count; i++)
		kb_add_ours(kh_arch_impls[i]);
}
