/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the KUnit suites need of the module beyond the crypto API: the
 * drivers it registered, read from the driver table
 * (<keyedhash/internal/drivers.h>, the module's own list) and looked up
 * by driver name, and the seams of its KUnit build (lib/simd_test.c),
 * replaced with KUnit static stubs on the case's own thread:
 *
 *   kh_test_nosimd()	kh_simd_usable() says no: the drivers' generic
 *			fallback, as where crypto_simd_usable() is false
 *   kh_test_context()	kh_simd_section_saves() answers as for a user task
 *			(1) or a kernel thread (-1), until kh_test_context_end()
 *   kh_test_sections()	the SIMD sections the case has entered since
 *			kh_test_count_sections(): kh_simd_begin() replaced by
 *			kh_test_simd_begin(), which counts and enters one
 *
 * A stub redirects calls in task context on the case's thread alone
 * (lib/simd_test.c): what hard IRQ, softirq or another thread does is
 * neither forced nor counted.
 */
#ifndef _KEYEDHASH_KH_SEAMS_H
#define _KEYEDHASH_KH_SEAMS_H

#include <crypto/hash.h>
#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <keyedhash/internal/drivers.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/sthash.h>
#include <keyedhash/internal/simd.h>

/*
 * A driver of the table (its row, <keyedhash/internal/drivers.h>): names,
 * priority, sizes, library ("highwayhash", ...), instruction set
 * ("generic", "avx2", ...) and SIMD thresholds (zero for generic C).
 */
struct kh_test_driver {
	const char *name;
	const char *driver;
	int priority;
	unsigned int digestsize;
	unsigned int blocksize;
	unsigned int ctxsize;
	unsigned int descsize;
	const char *fam;
	const char *isa;
	struct kh_simd_min simd_min;
};

static const struct kh_test_driver kh_test_table[] = {
#define KH_DRIVER(name, driver, prio, ds, bs, key, state, fam, isa, ...) \
	{ name, driver, prio, ds, bs, sizeof(struct key), sizeof(struct state), \
	  #fam, #isa, __VA_ARGS__ },
#include <keyedhash/internal/drivers.h>
};

/*
 * The i-th driver of the table that is registered, or NULL past the last:
 * those the module registered, in its order (CRYPTO_NOLOAD: a driver the
 * CPU lacks is not looked for in other modules).
 */
static inline const struct kh_test_driver *kh_test_driver_at(unsigned int i)
{
	unsigned int t;

	for (t = 0; t < ARRAY_SIZE(kh_test_table); t++)
		if (crypto_has_shash(kh_test_table[t].driver, 0, CRYPTO_NOLOAD) &&
		    !i--)
			return &kh_test_table[t];
	return NULL;
}

static inline bool kh_test_simd_unusable(void)
{
	return false;
}

/* SIMD forced off on this case's thread (@off), or back to normal */
static inline void kh_test_nosimd(struct kunit *test, bool off)
{
	if (off)
		kunit_activate_static_stub(test, kh_simd_usable,
					   kh_test_simd_unusable);
	else
		kunit_deactivate_static_stub(test, kh_simd_usable);
}

static inline bool kh_test_saves_task(void)
{
	return true;
}

static inline bool kh_test_saves_kthread(void)
{
	return false;
}

/*
 * kh_simd_min() sees a user task (@forced 1), a kernel thread (-1), or
 * what the caller is (0), until kh_test_context_end() with the same
 * @forced.
 */
static inline void kh_test_context(struct kunit *test, int forced)
{
	if (forced > 0)
		kunit_activate_static_stub(test, kh_simd_section_saves,
					   kh_test_saves_task);
	else if (forced < 0)
		kunit_activate_static_stub(test, kh_simd_section_saves,
					   kh_test_saves_kthread);
}

static inline void kh_test_context_end(struct kunit *test, int forced)
{
	if (forced)
		kunit_deactivate_static_stub(test, kh_simd_section_saves);
}

static unsigned long kh_test_sections_entered;

/* kh_simd_begin() of the case's thread: counted, then entered */
static inline void kh_test_simd_begin(struct kh_simd_save *save)
{
	kh_test_sections_entered++;
	kh_simd_enter(save);
}

/* From now on, count the SIMD sections this case enters. */
static inline void kh_test_count_sections(struct kunit *test)
{
	kh_test_sections_entered = 0;
	kunit_activate_static_stub(test, kh_simd_begin, kh_test_simd_begin);
}

static inline unsigned long kh_test_sections(void)
{
	return kh_test_sections_entered;
}

/*
 * A long case's progress, said at most once every 30 s: nothing where the
 * case is quick, and where it is slow (the debug kernel under TCG on a
 * busy host) the last note before a "test case timed out" says how far
 * it got.  The work of a case is a count (lengths, vectors); the time is
 * only when to say where it is.  Each step also yields the CPU: a 1-CPU
 * guest without preemption whose host is busy otherwise starves the RCU
 * grace-period kthread for the whole case (an RCU stall report, seen in
 * the in-tree 6.1 run under load).
 */
#define KH_PROGRESS_EVERY	(30 * HZ)

static inline unsigned long kh_progress_start(void)
{
	return jiffies + KH_PROGRESS_EVERY;
}

#define kh_progress(test, next, fmt, ...)				\
	do {								\
		unsigned long *kh_next_ = (next);			\
									\
		cond_resched();						\
		if (time_after(jiffies, *kh_next_)) {			\
			kunit_info(test, "progress: " fmt, ##__VA_ARGS__); \
			*kh_next_ = jiffies + KH_PROGRESS_EVERY;	\
		}							\
	} while (0)

#endif /* _KEYEDHASH_KH_SEAMS_H */
