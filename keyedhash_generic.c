// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: fast keyed hashes for the Linux crypto API.
 *
 * This file registers every driver (generic and SIMD alike; their tables
 * are in core/generic.c and arch/) with the shash operations of its ops
 * (<keyedhash/shash.h>) and the shared setkey and exit_tfm, and holds
 * module init/exit.  At init every driver whose CPU features are present
 * is checked against its known-answer vectors first; a driver that fails
 * is not registered.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/algapi.h>
#include <crypto/internal/hash.h>
#include <kunit/visibility.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/shash.h>
#include <keyedhash/simd.h>

#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST)
/* Test hooks: see include/keyedhash/simd.h. */
DEFINE_PER_CPU(bool, kh_simd_disabled_for_test);
EXPORT_PER_CPU_SYMBOL_GPL(kh_simd_disabled_for_test);
DEFINE_PER_CPU(unsigned long, kh_simd_sections_for_test);
EXPORT_PER_CPU_SYMBOL_GPL(kh_simd_sections_for_test);
DEFINE_PER_CPU(unsigned long, kh_simd_fallbacks_for_test);
EXPORT_PER_CPU_SYMBOL_GPL(kh_simd_fallbacks_for_test);
int kh_simd_context_for_test;
EXPORT_SYMBOL_GPL(kh_simd_context_for_test);
#endif

static struct kh_driver *kh_drivers;
static unsigned int kh_driver_count;

/* Free and wipe the key held in the tfm context @ctx of @impl. */
static void kh_ctx_wipe(const struct kh_impl *impl, void *ctx)
{
	if (impl->alg->exit)
		impl->alg->exit(ctx);
	memzero_explicit(ctx, impl->alg->ctxsize);
}

static int kh_shash_setkey(struct crypto_shash *tfm, const u8 *key,
			   unsigned int keylen)
{
	const struct kh_impl *impl = kh_tfm_impl(tfm);
	void *ctx = crypto_shash_ctx(tfm);
	int err;

	/* Never keep an old key next to a failed new one. */
	kh_ctx_wipe(impl, ctx);
	err = impl->alg->setkey(ctx, key, keylen);
	if (err)
		memzero_explicit(ctx, impl->alg->ctxsize);
	return err;
}

static void kh_shash_exit_tfm(struct crypto_shash *tfm)
{
	kh_ctx_wipe(kh_tfm_impl(tfm), crypto_shash_ctx(tfm));
}

static void kh_fill_shash_alg(struct kh_driver *drv, const struct kh_impl *impl)
{
	struct shash_alg *alg = &drv->alg;

	drv->impl = impl;
	alg->digestsize = impl->digestsize;
	alg->descsize = impl->alg->statesize;
	alg->setkey = kh_shash_setkey;
	kh_shash_set_ops(alg, impl->alg);
	alg->exit_tfm = kh_shash_exit_tfm;
	strscpy(alg->base.cra_name, impl->name, CRYPTO_MAX_ALG_NAME);
	strscpy(alg->base.cra_driver_name, impl->driver, CRYPTO_MAX_ALG_NAME);
	alg->base.cra_priority = impl->priority;
	alg->base.cra_blocksize = impl->blocksize;
	alg->base.cra_ctxsize = impl->alg->ctxsize;
	alg->base.cra_module = THIS_MODULE;
}

/* Self-test @impl and register it; a failing driver stays unregistered. */
static void kh_try_register(const struct kh_impl *impl)
{
	struct kh_driver *drv = &kh_drivers[kh_driver_count];
	int err;

	if (!kh_impl_usable(impl)) {
		pr_info("%s: not supported by this CPU, not registered\n",
			impl->driver);
		return;
	}
	if (impl->load_first)
		crypto_has_shash(impl->load_first, 0, 0);
	err = kh_selftest(impl);
	if (err) {
		pr_err("%s: self-test failed (%d), not registered\n",
		       impl->driver, err);
		return;
	}
	kh_fill_shash_alg(drv, impl);
	err = crypto_register_shash(&drv->alg);
	if (err) {
		pr_err("%s: registration failed (%d)\n", impl->driver, err);
		memset(drv, 0, sizeof(*drv));
		return;
	}
	kh_driver_count++;
}

#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST)
/**
 * kh_registered_impl() - the i-th driver this module registered
 * @i: index from 0
 *
 * Return: the driver's impl, or NULL past the last one.  A test hook, for
 * the KUnit suites to find every driver of an algorithm; built only with
 * them, and exported to them alone.
 */
const struct kh_impl *kh_registered_impl(unsigned int i)
{
	return i < kh_driver_count ? kh_drivers[i].impl : NULL;
}
EXPORT_SYMBOL_IF_KUNIT(kh_registered_impl);
#endif

static int __init keyedhash_mod_init(void)
{
	unsigned int i;

	kh_drivers = kcalloc(kh_generic_impl_count + kh_arch_impl_count,
			     sizeof(*kh_drivers), GFP_KERNEL);
	if (!kh_drivers)
		return -ENOMEM;

	for (i = 0; i < kh_generic_impl_count; i++)
		kh_try_register(kh_generic_impls[i]);
	for (i = 0; i < kh_arch_impl_count; i++)
		kh_try_register(kh_arch_impls[i]);

	if (!kh_driver_count) {
		kfree(kh_drivers);
		return -ENODEV;
	}
	pr_info("registered %u drivers\n", kh_driver_count);
	return 0;
}

static void __exit keyedhash_mod_exit(void)
{
	while (kh_driver_count)
		crypto_unregister_shash(&kh_drivers[--kh_driver_count].alg);
	kfree(kh_drivers);
}

module_init(keyedhash_mod_init);
module_exit(keyedhash_mod_exit);

MODULE_DESCRIPTION("Fast keyed hashes: HighwayHash, Multimixer-128, NHPoly1305, STHash");
MODULE_LICENSE("GPL");
#ifdef KH_VERSION
MODULE_VERSION(KH_VERSION);	/* PACKAGE_VERSION of dkms.conf (Kbuild) */
#endif
MODULE_ALIAS_CRYPTO("highwayhash64");
MODULE_ALIAS_CRYPTO("highwayhash64-generic");
MODULE_ALIAS_CRYPTO("highwayhash128");
MODULE_ALIAS_CRYPTO("highwayhash128-generic");
MODULE_ALIAS_CRYPTO("highwayhash256");
MODULE_ALIAS_CRYPTO("highwayhash256-generic");
MODULE_ALIAS_CRYPTO("multimixer128");
MODULE_ALIAS_CRYPTO("multimixer128-generic");
MODULE_ALIAS_CRYPTO("nhpoly1305");
MODULE_ALIAS_CRYPTO("nhpoly1305-keyedhash-generic");
MODULE_ALIAS_CRYPTO("sthash");
MODULE_ALIAS_CRYPTO("sthash-generic");
MODULE_ALIAS_CRYPTO("sthash-personalized");
MODULE_ALIAS_CRYPTO("sthash-personalized-generic");
/* The SIMD drivers' aliases are in arch/<arch>/glue.c, built with them. */
