/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's seams for its KUnit suites (tests/kunit/), the kernel's own
 * mechanisms and nothing else: a few out-of-line functions begin with
 * KH_STUB_REDIRECT(), through which a suite replaces them for the duration
 * of a case, on its own thread (kunit_activate_static_stub(),
 * <kunit/static_stub.h>), and what the suites call is exported to them
 * alone (EXPORT_SYMBOL_IF_KUNIT()).  Both exist only in the KUnit build
 * (make KH_KUNIT=1, Kconfig CRYPTO_KEYEDHASH_KUNIT_TEST): the production
 * module has neither, even against a kernel with CONFIG_KUNIT, where
 * <kunit/visibility.h> and <kunit/static_stub.h> alone would keep them
 * (tests/rig/no-test-code.sh checks).
 */
#ifndef _KEYEDHASH_INTERNAL_KUNIT_H
#define _KEYEDHASH_INTERNAL_KUNIT_H

#include <kunit/visibility.h>

#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST)
#include <kunit/static_stub.h>
#include <linux/preempt.h>

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
#else
#define KH_STUB_REDIRECT(fn, args...)	((void)(fn))
#undef EXPORT_SYMBOL_IF_KUNIT
#define EXPORT_SYMBOL_IF_KUNIT(symbol)
#endif

#endif /* _KEYEDHASH_INTERNAL_KUNIT_H */
