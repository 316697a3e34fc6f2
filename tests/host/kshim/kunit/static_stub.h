/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <kunit/static_stub.h> for the module's code built in userspace by the host
 * tests, with the seams of the KUnit build (KH_SHIM_TEST_SEAMS; libkeyedhash
 * and the benchmark build none): one thread and no struct kunit, so a stub is
 * an entry of a small table, found by the real function's address.  A host
 * test replaces a function with kunit_activate_static_stub(NULL, fn,
 * replacement) and restores it with kunit_deactivate_static_stub(NULL, fn),
 * as a KUnit case does.
 */
#ifndef _KH_SHIM_KUNIT_STATIC_STUB_H
#define _KH_SHIM_KUNIT_STATIC_STUB_H

#include "kh_shim.h"

struct kh_shim_stub {
	void *real;
	void *replacement;
};

#define KH_SHIM_STUBS	8
__attribute__((weak)) struct kh_shim_stub kh_shim_stubs[KH_SHIM_STUBS];

static inline void *kh_shim_stub_find(void *real)
{
	unsigned int i;

	for (i = 0; i < KH_SHIM_STUBS; i++)
		if (kh_shim_stubs[i].real == real)
			return kh_shim_stubs[i].replacement;
	return NULL;
}

static inline void kh_shim_stub_set(void *real, void *replacement)
{
	unsigned int i, free = KH_SHIM_STUBS;

	for (i = 0; i < KH_SHIM_STUBS; i++) {
		if (kh_shim_stubs[i].real == real)
			break;
		if (!kh_shim_stubs[i].real && free == KH_SHIM_STUBS)
			free = i;
	}
	if (i == KH_SHIM_STUBS)
		i = free;
	if (i == KH_SHIM_STUBS) {
		fprintf(stderr, "kh_shim_stub_set: more than %d stubs\n",
			KH_SHIM_STUBS);
		abort();
	}
	kh_shim_stubs[i].real = replacement ? real : NULL;
	kh_shim_stubs[i].replacement = replacement;
}

#define KUNIT_STATIC_STUB_REDIRECT(real_fn_name, args...)		\
	do {								\
		__typeof__(&real_fn_name) kh_stub_repl =		\
			(__typeof__(&real_fn_name))			\
			kh_shim_stub_find((void *)real_fn_name);	\
									\
		if (kh_stub_repl)					\
			return kh_stub_repl(args);			\
	} while (0)
#define kunit_activate_static_stub(test, real_fn_addr, replacement_addr) \
	((void)(test), kh_shim_stub_set((void *)(real_fn_addr),		 \
					(void *)(replacement_addr)))
#define kunit_deactivate_static_stub(test, real_fn_addr)		\
	((void)(test), kh_shim_stub_set((void *)(real_fn_addr), NULL))

#endif /* _KH_SHIM_KUNIT_STATIC_STUB_H */
