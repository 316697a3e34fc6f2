// SPDX-License-Identifier: GPL-2.0
/*
 * The SIMD section helpers of <keyedhash/internal/simd.h> as the module's KUnit
 * build has them (Kbuild builds this file only with the KUnit suites; the
 * host tests build it too): out of line, each beginning with a KUnit
 * static stub redirect (<kunit/static_stub.h>), through which a suite
 * replaces it for the duration of a case, on its own thread
 * (tests/kunit/kh_seams.h): kh_simd_usable() to force the generic
 * fallback, kh_simd_section_saves() to choose the calling context
 * kh_simd_min() sees, kh_simd_begin() with a function that counts the
 * section and enters it.  The production module has them inline.
 */
#include <kunit/static_stub.h>
#include <kunit/visibility.h>
#include <linux/kernel.h>
#include <linux/preempt.h>
#include <keyedhash/internal/simd.h>

/*
 * In task context only: looking a stub up takes the test's spinlock_t,
 * which sleeps on PREEMPT_RT, and an interrupt's current may be the
 * test's thread.  The suites replace nothing in interrupt context.
 */
#define KH_STUB_REDIRECT(fn, args...)				\
	do {							\
		if (in_task())					\
			KUNIT_STATIC_STUB_REDIRECT(fn, args);	\
	} while (0)

bool kh_simd_usable(void)
{
	KH_STUB_REDIRECT(kh_simd_usable);
	return __kh_simd_usable();
}
EXPORT_SYMBOL_IF_KUNIT(kh_simd_usable);

bool kh_simd_section_saves(void)
{
	KH_STUB_REDIRECT(kh_simd_section_saves);
	return __kh_simd_section_saves();
}
EXPORT_SYMBOL_IF_KUNIT(kh_simd_section_saves);

#if defined(CONFIG_X86) || defined(CONFIG_ARM64)
void kh_simd_begin(struct kh_simd_save *save)
{
	KH_STUB_REDIRECT(kh_simd_begin, save);
	kh_simd_enter(save);
}
EXPORT_SYMBOL_IF_KUNIT(kh_simd_begin);
#endif
