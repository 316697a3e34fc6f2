/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keyedhash: what kernels older than the newest one lack, in one place.
 *
 * The module's sources are written against the newest kernel's API (7.x:
 * <linux/unaligned.h>, hrtimer_setup(), kernel_neon_begin(&state),
 * X86_FEATURE_PREFER_YMM, an shash that cannot be cloned) and never
 * include this file.  Out of tree, Kbuild reads it before every C file
 * (-include) and tells it, by probes of the kernel's headers, which of
 * those features the kernel has.  Each block below supplies one where it
 * is missing (or, for tfm cloning, handles it where an older kernel has
 * it), says which kernels need it and why, and tests the feature, never a
 * version number.  <linux/unaligned.h> is forwarded instead, by
 * include/kversions/linux/unaligned.h, and <kunit/static_stub.h> stood in for
 * by include/kversions/kunit/static_stub.h, on the include path only where
 * the kernel lacks the header.
 *
 * In a kernel tree: intree/install.sh leaves this file out where the tree
 * needs none of it (7.x), and otherwise installs it resolved for the tree
 * (6.1): only the blocks that tree needs, without their conditions.  Keep
 * each probe's condition the form it resolves (see there).
 */
#ifndef _KEYEDHASH_INTERNAL_KVERSIONS_H
#define _KEYEDHASH_INTERNAL_KVERSIONS_H

/*
 * Read before the sources, the kernel headers included below would define
 * the default pr_fmt() first, and the sources' own definition would then
 * redefine it: define it here as the sources do (identical, so allowed).
 */
#ifndef pr_fmt
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt
#endif

#ifndef KH_HAVE_HRTIMER_SETUP
/*
 * Linux 6.1 and 6.12: hrtimer_setup() (new in 6.13, the only form in 7.x)
 * is missing; hrtimer_init() and setting the callback do the same.  Only
 * the KUnit suites use hrtimers.
 */
#include <linux/hrtimer.h>

static inline void
hrtimer_setup(struct hrtimer *timer,
	      enum hrtimer_restart (*function)(struct hrtimer *),
	      clockid_t clock_id, enum hrtimer_mode mode)
{
	hrtimer_init(timer, clock_id, mode);
	timer->function = function;
}
#endif

#ifndef KH_HAVE_KERNEL_NEON_STATE
#ifdef CONFIG_ARM64
/*
 * arm64 Linux 6.1 and 6.12: kernel_neon_begin() and kernel_neon_end() take
 * no argument; in 7.x they take the struct user_fpsimd_state (on the
 * caller's stack) in which the interrupted task's registers are saved.
 * Older kernels keep that state themselves: the argument is dropped.  The
 * kernel's declarations come first, then the macros (which do not expand
 * themselves again).
 */
#include <asm/neon.h>

#define kernel_neon_begin(state)	((void)(state), kernel_neon_begin())
#define kernel_neon_end(state)		((void)(state), kernel_neon_end())
#endif
#endif

#ifndef KH_HAVE_X86_FEATURE_PREFER_YMM
#ifdef CONFIG_X86
/*
 * x86 Linux 6.1 and 6.12: no X86_FEATURE_PREFER_YMM.  7.x sets it on the
 * Intel CPUs where code in zmm registers lowers the clock enough to lose
 * more than it gains (arch/x86/kernel/cpu/intel.c, zmm_exclusion_list:
 * family 6 models Skylake-X 0x55, Ice Lake 0x6a, 0x6c, 0x7d, 0x7e, 0x9d,
 * Tiger Lake 0x8c, 0x8d), and the AVX-512 drivers stay off where
 * boot_cpu_has(X86_FEATURE_PREFER_YMM).  Here it is a number no feature
 * bit has, and boot_cpu_has() answers for that number from the same
 * list; for every other bit, as before.
 */
#include <linux/cpufeature.h>
#include <linux/processor.h>

#define X86_FEATURE_PREFER_YMM	(NCAPINTS * 32)

static inline bool kh_compat_prefer_ymm(void)
{
	if (boot_cpu_data.x86_vendor != X86_VENDOR_INTEL ||
	    boot_cpu_data.x86 != 6)
		return false;
	switch (boot_cpu_data.x86_model) {
	case 0x55: case 0x6a: case 0x6c: case 0x7d: case 0x7e: case 0x9d:
	case 0x8c: case 0x8d:
		return true;
	}
	return false;
}

static __always_inline bool kh_compat_boot_cpu_has(unsigned int bit)
{
	if (bit == X86_FEATURE_PREFER_YMM)
		return kh_compat_prefer_ymm();
	return cpu_has(&boot_cpu_data, bit);
}

#undef boot_cpu_has
#define boot_cpu_has(bit)	kh_compat_boot_cpu_has(bit)
#endif
#endif

#ifdef KH_HAVE_SHASH_CLONE_TFM
/*
 * Linux 6.4 up to 7.2 (6.12 among them; 6.1 and 7.3 have no tfm cloning at
 * all): crypto_clone_shash() gives the clone a zeroed context, flagged as
 * keyed if the original is, and calls the algorithm's clone_tfm to fill
 * it.  Without one the clone would hash under an all-zero context, so
 * every shash the module registers gets the shash layer's op that copies
 * a key context, kh_shash_clone_tfm() (<keyedhash/internal/shash.h>).
 */
#include <crypto/internal/hash.h>

int kh_shash_clone_tfm(struct crypto_shash *dst, struct crypto_shash *src);

static inline int kh_compat_register_shash(struct shash_alg *alg)
{
	alg->clone_tfm = kh_shash_clone_tfm;
	return crypto_register_shash(alg);
}

#define crypto_register_shash(alg)	kh_compat_register_shash(alg)
#endif

#ifndef KH_HAVE_MODULE_IMPORT_NS_STRING
/*
 * Linux 6.1 and 6.12: MODULE_IMPORT_NS() takes the namespace as a bare
 * name and quotes it itself; from 6.13 it takes the string, as the KUnit
 * module writes it (MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING"), for
 * the test hooks of <kunit/visibility.h>).  Both record the same
 * import_ns= entry.
 */
#include <linux/module.h>
#undef MODULE_IMPORT_NS
#define MODULE_IMPORT_NS(ns)	MODULE_INFO(import_ns, ns)
#endif

#ifndef KH_HAVE_KUNIT_STATIC_STUB
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST)
/*
 * Linux 6.1: no KUnit static stubs (<kunit/static_stub.h>, new in 6.4),
 * the seams of the module's KUnit build (lib/simd_test.c).
 * The same API here, on the named resources KUnit has in 6.1: a stub is a
 * resource of the test named after the real function, its data the
 * replacement, and a redirect on the test's thread (current->kunit_test)
 * finds it by that name.  The name is the function's as written, so the
 * suites name it bare, as they do anyway (no &, no cast).
 * include/kversions/kunit/static_stub.h stands in for the header.
 */
#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/sched.h>

#define KH_COMPAT_STUB_NAME(fn)	("keyedhash-static-stub:" #fn)

static inline void *kh_compat_stub_find(const char *name)
{
	struct kunit *test = current->kunit_test;
	struct kunit_resource *res;
	void *replacement;

	if (likely(!test))
		return NULL;
	res = kunit_find_named_resource(test, name);
	if (likely(!res))
		return NULL;
	replacement = res->data;
	kunit_put_resource(res);
	return replacement;
}

/* (the local variable is named after the function) */
#define KUNIT_STATIC_STUB_REDIRECT(real_fn_name, args...)		\
do {									\
	typeof(real_fn_name) *kh_stub_##real_fn_name =			\
		kh_compat_stub_find(KH_COMPAT_STUB_NAME(real_fn_name));	\
									\
	if (unlikely(kh_stub_##real_fn_name))				\
		return kh_stub_##real_fn_name(args);			\
} while (0)

static inline void kh_compat_activate_stub(struct kunit *test,
					   const char *name, void *replacement)
{
	struct kunit_resource *res = kunit_find_named_resource(test, name);

	if (res) {
		res->data = replacement;
		kunit_put_resource(res);
		return;
	}
	/* freed at the end of the case, after the resource is released */
	res = kunit_kzalloc(test, sizeof(*res), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, res);
	KUNIT_ASSERT_EQ(test, kunit_add_named_resource(test, NULL, NULL, res,
						       name, replacement), 0);
}

static inline void kh_compat_deactivate_stub(struct kunit *test,
					     const char *name)
{
	KUNIT_ASSERT_EQ_MSG(test, kunit_destroy_named_resource(test, name), 0,
			    "Tried to deactivate a nonexistent stub.");
}

/* (the kernel's checks the replacement's type too; so do 6.4 and later) */
#define kunit_activate_static_stub(test, real_fn_addr, replacement_addr) \
	kh_compat_activate_stub(test, KH_COMPAT_STUB_NAME(real_fn_addr),	 \
				replacement_addr)
#define kunit_deactivate_static_stub(test, real_fn_addr)		\
	kh_compat_deactivate_stub(test, KH_COMPAT_STUB_NAME(real_fn_addr))
#endif
#endif

#endif /* _KEYEDHASH_INTERNAL_KVERSIONS_H */
