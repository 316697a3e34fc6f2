/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keyedhash: what differs between the kernels the module supports (Linux
 * 6.1, 6.12 and 7.x), in one place.  The algorithm cores and the assembly
 * stay free of version tests; they include this header for what they need
 * from the kernel and use the names defined here.
 *
 * Features are detected, not versions: from a macro the new interface
 * defines where there is one, otherwise by Kbuild, which probes the
 * kernel's headers and passes KH_HAVE_* (see Kbuild).
 */
#ifndef _KEYEDHASH_COMPAT_H
#define _KEYEDHASH_COMPAT_H

/* 6.12 moved <asm/unaligned.h> to <linux/unaligned.h>. */
#ifdef KH_HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

/*
 * SIMD sections: kh_simd_enter(&save) ... kh_simd_leave(&save), with a
 * struct kh_simd_save on the caller's stack.  On arm64 from 7.x on,
 * kernel_neon_begin() takes the area in which it saves the FPSIMD state
 * of a task it interrupts (the kernel's scoped_ksimd() keeps one on the
 * stack the same way; its presence tells the new interface).  Elsewhere
 * the save area is empty and the kernel keeps the state itself.
 */
#if defined(CONFIG_X86)
#include <asm/fpu/api.h>
struct kh_simd_save { };
#define kh_simd_enter(save)	((void)(save), kernel_fpu_begin())
#define kh_simd_leave(save)	((void)(save), kernel_fpu_end())
#elif defined(CONFIG_ARM64)
#include <asm/neon.h>
#include <asm/simd.h>
#ifdef scoped_ksimd
struct kh_simd_save {
	struct user_fpsimd_state fpsimd;
};

#define kh_simd_enter(save)	kernel_neon_begin(&(save)->fpsimd)
#define kh_simd_leave(save)	kernel_neon_end(&(save)->fpsimd)
#else
struct kh_simd_save { };
#define kh_simd_enter(save)	((void)(save), kernel_neon_begin())
#define kh_simd_leave(save)	((void)(save), kernel_neon_end())
#endif
#endif

#if defined(CONFIG_X86)
#include <linux/cpufeature.h>
#include <linux/processor.h>
/*
 * Whether code in zmm registers lowers this CPU's clock enough to lose more
 * than it gains.  Newer kernels say so themselves (X86_FEATURE_PREFER_YMM,
 * set for the Intel models below; 7.x has it, 6.12 not).  Before that, the
 * same Intel family 6 models by number: Skylake-X 0x55, Ice Lake 0x6a, 0x6c,
 * 0x7d, 0x7e, 0x9d, Tiger Lake 0x8c, 0x8d.
 */
static inline bool kh_x86_zmm_downclocks(void)
{
#ifdef X86_FEATURE_PREFER_YMM
	return boot_cpu_has(X86_FEATURE_PREFER_YMM);
#else
	if (boot_cpu_data.x86_vendor != X86_VENDOR_INTEL ||
	    boot_cpu_data.x86 != 6)
		return false;
	switch (boot_cpu_data.x86_model) {
	case 0x55: case 0x6a: case 0x6c: case 0x7d: case 0x7e: case 0x9d:
	case 0x8c: case 0x8d:
		return true;
	}
	return false;
#endif
}
#endif

/*
 * hrtimer_setup() (6.13 on) replaced hrtimer_init() and the assignment of
 * the callback (7.x has only the former).  A macro: userspace builds of
 * the cores have no hrtimers.
 */
#ifdef KH_HAVE_HRTIMER_SETUP
#define kh_hrtimer_setup(timer, fn, clock, mode) \
	hrtimer_setup(timer, fn, clock, mode)
#else
#define kh_hrtimer_setup(timer, fn, clock, mode) \
	do { \
		struct hrtimer *kh_timer_ = (timer); \
		hrtimer_init(kh_timer_, clock, mode); \
		kh_timer_->function = (fn); \
	} while (0)
#endif

/*
 * KH_HAVE_SHASH_CLONE_TFM: struct shash_alg has clone_tfm, for
 * crypto_clone_shash() (6.4 up to 7.1: 6.12 has it, 7.3 has not).  That
 * gives the clone a zeroed context with the original's "key set" flag and
 * calls clone_tfm (if any) to fill it: without one a clone would hash
 * under an all-zero key context.
 */

/*
 * Test hooks are exported to the KUnit suites alone: EXPORT_SYMBOL_IF_KUNIT()
 * of <kunit/visibility.h> puts them in the EXPORTED_FOR_KUNIT_TESTING
 * namespace where CONFIG_KUNIT is set, and exports nothing where it is
 * not.  Kernels without the header (before its 6.1.y backport; Kbuild
 * defines KH_HAVE_KUNIT_VISIBILITY_H where it is) get the same here.
 * KH_IMPORT_KUNIT_NS() is the test module's import of that namespace,
 * written as MODULE_IMPORT_NS() records it whether it takes a bare name
 * (up to 6.12) or a string (6.13 on).
 */
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST) && !defined(EXPORT_SYMBOL_IF_KUNIT)
#ifdef KH_HAVE_KUNIT_VISIBILITY_H
#include <kunit/visibility.h>
#else
#include <linux/export.h>
/* built only with the KUnit suites, which depend on CONFIG_KUNIT */
#define EXPORT_SYMBOL_IF_KUNIT(sym) \
	EXPORT_SYMBOL_NS(sym, EXPORTED_FOR_KUNIT_TESTING)
#endif
#define KH_IMPORT_KUNIT_NS() \
	MODULE_INFO(import_ns, "EXPORTED_FOR_KUNIT_TESTING")
#endif

#endif /* _KEYEDHASH_COMPAT_H */
