// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: fast keyed hashes for the Linux crypto API.
 *
 * Module init chooses the instruction sets of the library (kh_arch_init(),
 * <keyedhash/internal/arch.h>), then self-tests every driver whose CPU
 * features are present against its known-answer vectors (selftest.c) and
 * registers those that pass: the generic drivers (keyedhash_generic.c),
 * then the SIMD ones (arch/<arch>/shash.c).  A driver that fails stays
 * unregistered, and its algorithm's code of its instruction set is turned
 * off for the library (the other algorithms keep theirs).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/algapi.h>
#include <crypto/internal/hash.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/shash.h>

/* Every driver the module has, at most: 7 generic, 10 on x86_64. */
#define KH_MAX_DRIVERS	24

static struct shash_alg *kh_registered[KH_MAX_DRIVERS];
static unsigned int kh_registered_count;

void kh_unsupported_algs(const struct shash_alg *algs, unsigned int count)
{
	unsigned int i;

	for (i = 0; i < count; i++)
		pr_info("%s: not supported by this CPU, not registered\n",
			algs[i].base.cra_driver_name);
}

unsigned int kh_register_algs(struct shash_alg *algs, unsigned int count)
{
	unsigned int i, failed = 0;
	int err;

	for (i = 0; i < count; i++) {
		struct shash_alg *alg = &algs[i];
		const char *driver = alg->base.cra_driver_name;

		err = kh_selftest(alg);
		if (err) {
			pr_err("%s: self-test failed (%d), not registered\n",
			       driver, err);
			failed++;
			continue;
		}
		if (WARN_ON(kh_registered_count == KH_MAX_DRIVERS))
			return failed + count - i;
		err = crypto_register_shash(alg);
		if (err) {
			pr_err("%s: registration failed (%d)\n", driver, err);
			failed++;
			continue;
		}
		kh_registered[kh_registered_count++] = alg;
	}
	return failed;
}

static int __init keyedhash_mod_init(void)
{
	kh_arch_init();
	/*
	 * Once any driver of a name is registered the crypto API no longer
	 * autoloads others: load the kernel's own nhpoly1305 first, which
	 * ours stays below.
	 */
	crypto_has_shash("nhpoly1305-generic", 0, 0);
	kh_register_algs(kh_generic_algs, kh_generic_alg_count);
	kh_arch_register();

	if (!kh_registered_count)
		return -ENODEV;
	pr_info("registered %u drivers\n", kh_registered_count);
	return 0;
}

static void __exit keyedhash_mod_exit(void)
{
	while (kh_registered_count)
		crypto_unregister_shash(kh_registered[--kh_registered_count]);
}

module_init(keyedhash_mod_init);
module_exit(keyedhash_mod_exit);

MODULE_DESCRIPTION("Fast keyed hashes: HighwayHash, Multimixer-128, NHPoly1305, STHash");
MODULE_LICENSE("GPL");
#ifdef KH_VERSION
MODULE_VERSION(KH_VERSION);	/* PACKAGE_VERSION of dkms.conf (Kbuild) */
#endif
