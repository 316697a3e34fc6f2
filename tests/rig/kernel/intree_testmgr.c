// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash-intree-testmgr: what testmgr did with keyedhash's drivers in a
 * kernel built from the patch series (intree/mkseries.sh).  Not part of the
 * series: tests/rig/kernel/intree-build.sh builds it into its test kernel only, as
 * crypto/keyedhash-rig/, so that it may use the crypto API's internals.
 * Built-in KUnit suites run after every initcall and before the kernel's
 * read-only data is sealed.
 *
 *   registered     every keyedhash driver (the shash algorithms whose setkey
 *                  is one of keyedhash's, one per algorithm, taken from its
 *                  generic drivers): testmgr's verdict at
 *                  registration, which /proc/crypto shows as "selftest"
 *   rerun          alg_test() of each driver again, counting the calls made
 *                  meanwhile into the other drivers of the same algorithm:
 *                  only the full self-tests' comparison with the generic
 *                  driver makes any, so a count above zero shows that the
 *                  fuzzing ran for that driver
 *   broken_vector  a digest byte of testmgr's own first vector of
 *                  highwayhash64 flipped (found through kallsyms): alg_test()
 *                  of highwayhash64-generic must fail; then restored
 *   broken_simd    a SIMD driver of highwayhash64 made wrong on the keys that
 *                  no vector in testmgr's table has: only the fuzzing can
 *                  catch it, and alg_test() must fail
 *
 * Every line starts with "keyedhash-intree: ".  The testmgr failures that
 * the broken cases provoke are printed between their "begin" and "end"
 * lines; the tier allows "alg:" failure lines only there.
 */
#define pr_fmt(fmt) "keyedhash-intree: " fmt

#include <kunit/test.h>
#include <crypto/hash.h>
#include <crypto/internal/hash.h>
#include <linux/crypto.h>
#include <linux/kallsyms.h>
#include <linux/rwsem.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "../internal.h"
#include "../testmgr.h"

#define KHI_MAX_DRIVERS	32
#define KHI_MAX_HOOKS	8
#define KHI_BROKEN	"highwayhash64"

struct khi_driver {
	char driver[CRYPTO_MAX_ALG_NAME];
	char name[CRYPTO_MAX_ALG_NAME];
	int priority;
	bool tested;
};

static struct khi_driver khi_drivers[KHI_MAX_DRIVERS];
static unsigned int khi_count;

/*
 * A driver whose operations are replaced for a while: the originals, and
 * what the replacements saw.  @poison: outputs are corrupted while the key
 * last set is none of testmgr's vector keys.
 */
struct khi_hook {
	struct shash_alg *alg;
	int (*setkey)(struct crypto_shash *tfm, const u8 *key,
		      unsigned int keylen);
	int (*final)(struct shash_desc *desc, u8 *out);
	int (*finup)(struct shash_desc *desc, const u8 *data,
		     unsigned int len, u8 *out);
	int (*digest)(struct shash_desc *desc, const u8 *data,
		      unsigned int len, u8 *out);
	unsigned long setkeys;
	unsigned long outputs;
	bool poison;
};

static struct khi_hook khi_hooks[KHI_MAX_HOOKS];
static unsigned int khi_nhooks;
static const struct hash_testvec *khi_vecs;
static unsigned int khi_nvecs;
static bool khi_key_unknown;

static struct khi_hook *khi_hook_of(struct crypto_shash *tfm)
{
	struct shash_alg *alg = crypto_shash_alg(tfm);
	unsigned int i;

	for (i = 0; i < khi_nhooks; i++)
		if (khi_hooks[i].alg == alg)
			return &khi_hooks[i];
	return NULL;	/* cannot happen: only hooked algorithms call here */
}

static bool khi_vector_key(const u8 *key, unsigned int keylen)
{
	unsigned int i;

	for (i = 0; i < khi_nvecs; i++)
		if (khi_vecs[i].ksize == keylen &&
		    !memcmp(khi_vecs[i].key, key, keylen))
			return true;
	return false;
}

static int khi_setkey(struct crypto_shash *tfm, const u8 *key,
		      unsigned int keylen)
{
	struct khi_hook *h = khi_hook_of(tfm);

	h->setkeys++;
	if (h->poison)
		khi_key_unknown = !khi_vector_key(key, keylen);
	return h->setkey(tfm, key, keylen);
}

static int khi_output(struct khi_hook *h, int err, u8 *out)
{
	h->outputs++;
	if (!err && h->poison && khi_key_unknown)
		out[0] ^= 0x01;
	return err;
}

static int khi_final(struct shash_desc *desc, u8 *out)
{
	struct khi_hook *h = khi_hook_of(desc->tfm);

	return khi_output(h, h->final(desc, out), out);
}

static int khi_finup(struct shash_desc *desc, const u8 *data,
		     unsigned int len, u8 *out)
{
	struct khi_hook *h = khi_hook_of(desc->tfm);

	return khi_output(h, h->finup(desc, data, len, out), out);
}

static int khi_digest(struct shash_desc *desc, const u8 *data,
		      unsigned int len, u8 *out)
{
	struct khi_hook *h = khi_hook_of(desc->tfm);

	return khi_output(h, h->digest(desc, data, len, out), out);
}

static void khi_hook(struct shash_alg *alg, bool poison)
{
	struct khi_hook *h = &khi_hooks[khi_nhooks++];

	memset(h, 0, sizeof(*h));
	h->alg = alg;
	h->poison = poison;
	h->setkey = alg->setkey;
	h->final = alg->final;
	h->finup = alg->finup;
	h->digest = alg->digest;
	alg->setkey = khi_setkey;
	if (alg->final)
		alg->final = khi_final;
	if (alg->finup)
		alg->finup = khi_finup;
	if (alg->digest)
		alg->digest = khi_digest;
}

static void khi_unhook_all(void)
{
	while (khi_nhooks) {
		struct khi_hook *h = &khi_hooks[--khi_nhooks];

		h->alg->setkey = h->setkey;
		h->alg->final = h->final;
		h->alg->finup = h->finup;
		h->alg->digest = h->digest;
	}
}

/* The registered shash algorithm of driver name @driver, or NULL. */
static struct shash_alg *khi_find(const char *driver)
{
	struct crypto_alg *alg;
	struct shash_alg *found = NULL;

	down_read(&crypto_alg_sem);
	list_for_each_entry(alg, &crypto_alg_list, cra_list) {
		if (!(alg->cra_flags & (CRYPTO_ALG_LARVAL | CRYPTO_ALG_DEAD)) &&
		    (alg->cra_flags & CRYPTO_ALG_TYPE_MASK) ==
		    CRYPTO_ALG_TYPE_SHASH &&
		    !strcmp(alg->cra_driver_name, driver)) {
			found = __crypto_shash_alg(alg);
			break;
		}
	}
	up_read(&crypto_alg_sem);
	return found;
}

/*
 * Find keyedhash's drivers.  Allocating a driver waits until testmgr has
 * finished with it; the flags tell its verdict.
 */
static int khi_suite_init(struct kunit_suite *suite)
{
	static const char *const generic[] = {
		"highwayhash64-generic", "highwayhash128-generic",
		"highwayhash256-generic", "multimixer128-generic",
		"nhpoly1305-keyedhash-generic", "sthash-generic",
		"sthash-personalized-generic",
	};
	int (*kh_setkey[ARRAY_SIZE(generic)])(struct crypto_shash *tfm,
					      const u8 *key,
					      unsigned int keylen) = { };
	struct crypto_shash *tfm;
	struct crypto_alg *alg;
	unsigned int i, j, nkeys = 0;

	/*
	 * keyedhash's setkey functions, one per algorithm, shared by its
	 * drivers: from each generic driver that testmgr passed
	 */
	for (i = 0; i < ARRAY_SIZE(generic); i++) {
		tfm = crypto_alloc_shash(generic[i], 0, 0);
		if (IS_ERR(tfm)) {
			pr_err("%s: %ld from crypto_alloc_shash()\n", generic[i],
			       PTR_ERR(tfm));
			continue;
		}
		kh_setkey[nkeys++] = crypto_shash_alg(tfm)->setkey;
		crypto_free_shash(tfm);
	}
	if (!nkeys)
		return 0;

	down_read(&crypto_alg_sem);
	list_for_each_entry(alg, &crypto_alg_list, cra_list) {
		struct khi_driver *d = &khi_drivers[khi_count];

		if ((alg->cra_flags & (CRYPTO_ALG_LARVAL | CRYPTO_ALG_DEAD)) ||
		    (alg->cra_flags & CRYPTO_ALG_TYPE_MASK) !=
		    CRYPTO_ALG_TYPE_SHASH || khi_count == KHI_MAX_DRIVERS)
			continue;
		for (j = 0; j < nkeys; j++)
			if (__crypto_shash_alg(alg)->setkey == kh_setkey[j])
				break;
		if (j == nkeys)
			continue;
		strscpy(d->driver, alg->cra_driver_name, sizeof(d->driver));
		strscpy(d->name, alg->cra_name, sizeof(d->name));
		d->priority = alg->cra_priority;
		khi_count++;
	}
	up_read(&crypto_alg_sem);

	for (i = 0; i < khi_count; i++) {
		struct khi_driver *d = &khi_drivers[i];

		tfm = crypto_alloc_shash(d->driver, 0, 0);
		if (IS_ERR(tfm)) {
			pr_err("%s: %ld from crypto_alloc_shash()\n",
			       d->driver, PTR_ERR(tfm));
			continue;
		}
		d->tested = crypto_shash_alg(tfm)->base.cra_flags &
			    CRYPTO_ALG_TESTED;
		crypto_free_shash(tfm);
	}
	return 0;
}

static void khi_registered(struct kunit *test)
{
	unsigned int i;

	KUNIT_ASSERT_GT_MSG(test, khi_count, 0, "no keyedhash driver found");
	for (i = 0; i < khi_count; i++) {
		const struct khi_driver *d = &khi_drivers[i];

		pr_info("%s (%s, priority %d): selftest : %s\n", d->driver,
			d->name, d->priority, d->tested ? "passed" : "unknown");
		KUNIT_EXPECT_TRUE_MSG(test, d->tested,
				      "%s: testmgr did not pass it", d->driver);
	}
	pr_info("%u drivers\n", khi_count);
}

/* Hook every other registered shash driver of @d's algorithm. */
static void khi_hook_others(const struct khi_driver *d)
{
	struct crypto_alg *alg;
	struct shash_alg *others[KHI_MAX_HOOKS];
	unsigned int i, n = 0;

	down_read(&crypto_alg_sem);
	list_for_each_entry(alg, &crypto_alg_list, cra_list) {
		if (!(alg->cra_flags & (CRYPTO_ALG_LARVAL | CRYPTO_ALG_DEAD)) &&
		    (alg->cra_flags & CRYPTO_ALG_TYPE_MASK) ==
		    CRYPTO_ALG_TYPE_SHASH &&
		    !strcmp(alg->cra_name, d->name) &&
		    strcmp(alg->cra_driver_name, d->driver) &&
		    n < KHI_MAX_HOOKS)
			others[n++] = __crypto_shash_alg(alg);
	}
	up_read(&crypto_alg_sem);
	for (i = 0; i < n; i++)
		khi_hook(others[i], false);
}

static void khi_rerun(struct kunit *test)
{
	unsigned int i, j;
	int err;

	for (i = 0; i < khi_count; i++) {
		const struct khi_driver *d = &khi_drivers[i];
		char used[160] = "";
		size_t len = 0;

		khi_hook_others(d);
		err = alg_test(d->driver, d->name, 0, 0);
		for (j = 0; j < khi_nhooks; j++) {
			const struct khi_hook *h = &khi_hooks[j];

			if (h->setkeys || h->outputs)
				len += scnprintf(used + len, sizeof(used) - len,
						 " %s (%lu setkey, %lu final/finup/digest)",
						 h->alg->base.cra_driver_name,
						 h->setkeys, h->outputs);
		}
		khi_unhook_all();
		pr_info("%s: alg_test() = %d; other drivers testmgr called:%s\n",
			d->driver, err, len ? used : " none");
		KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s", d->driver);
	}
}

/* testmgr's own vector table of @name (a symbol of testmgr.c), or NULL. */
static const struct hash_testvec *khi_table(const char *name,
					    unsigned int *count)
{
	char sym[KSYM_NAME_LEN];
	unsigned long addr, size, offset;

	snprintf(sym, sizeof(sym), "%s_tv_template", name);
	addr = kallsyms_lookup_name(sym);
	if (!addr || !kallsyms_lookup_size_offset(addr, &size, &offset))
		return NULL;
	*count = size / sizeof(struct hash_testvec);
	return (const struct hash_testvec *)addr;
}

static void khi_broken_vector(struct kunit *test)
{
	const struct hash_testvec *tv;
	unsigned int n;
	u8 *p, old, bad;
	int err;

	tv = khi_table(KHI_BROKEN, &n);
	KUNIT_ASSERT_NOT_NULL_MSG(test, tv, "%s_tv_template not in kallsyms",
				  KHI_BROKEN);
	KUNIT_ASSERT_NOT_NULL(test, tv[0].digest);
	p = (u8 *)tv[0].digest;
	old = *p;
	bad = old ^ 0x01;
	KUNIT_ASSERT_EQ_MSG(test, copy_to_kernel_nofault(p, &bad, 1), 0,
			    "testmgr's table is not writable");
	pr_info("broken vector: begin (%s vector 0 of %u, digest byte 0 %02x -> %02x)\n",
		KHI_BROKEN, n, old, bad);
	err = alg_test(KHI_BROKEN "-generic", KHI_BROKEN, 0, 0);
	KUNIT_ASSERT_EQ(test, copy_to_kernel_nofault(p, &old, 1), 0);
	pr_info("broken vector: end, alg_test(%s-generic) = %d\n",
		KHI_BROKEN, err);
	KUNIT_EXPECT_NE_MSG(test, err, 0, "testmgr passed a wrong vector");
}

static void khi_broken_simd(struct kunit *test)
{
	struct shash_alg *alg = NULL;
	const char *driver = NULL;
	unsigned int i;
	int err;

	for (i = 0; i < khi_count && !alg; i++) {
		if (strcmp(khi_drivers[i].name, KHI_BROKEN) ||
		    strstr(khi_drivers[i].driver, "-generic"))
			continue;
		driver = khi_drivers[i].driver;
		alg = khi_find(driver);
	}
	if (!alg)
		kunit_skip(test, "no SIMD driver of %s on this CPU", KHI_BROKEN);
	khi_vecs = khi_table(KHI_BROKEN, &khi_nvecs);
	KUNIT_ASSERT_NOT_NULL(test, khi_vecs);

	khi_key_unknown = false;
	khi_hook(alg, true);
	pr_info("broken simd: begin (%s wrong unless the key is one of the %u of testmgr's table)\n",
		driver, khi_nvecs);
	err = alg_test(driver, KHI_BROKEN, 0, 0);
	pr_info("broken simd: end, alg_test(%s) = %d after %lu setkey, %lu final/finup/digest\n",
		driver, err, khi_hooks[0].setkeys, khi_hooks[0].outputs);
	khi_unhook_all();
	KUNIT_EXPECT_NE_MSG(test, err, 0,
			    "testmgr passed a driver wrong on random keys");
}

static struct kunit_case khi_cases[] = {
	KUNIT_CASE(khi_registered),
	KUNIT_CASE(khi_rerun),
	KUNIT_CASE(khi_broken_vector),
	KUNIT_CASE(khi_broken_simd),
	{}
};

static struct kunit_suite khi_suite = {
	.name = "keyedhash-intree-testmgr",
	.suite_init = khi_suite_init,
	.test_cases = khi_cases,
};

kunit_test_suite(khi_suite);

MODULE_DESCRIPTION("keyedhash in-tree rig: testmgr's results for keyedhash");
MODULE_LICENSE("GPL");
