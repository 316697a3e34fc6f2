/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running SIMD block functions from the shared data path.
 *
 * An arch driver's block function (the entry in its algorithm's arch-ops
 * table) wraps the assembly like KH_SIMD_BLOCKS() below: at most KH_SIMD_CHUNK bytes
 * of data per kernel_fpu_begin()/kernel_fpu_end() (kernel_neon_begin/end
 * on arm64) section, so preemption stays bounded, and the generic C
 * whenever SIMD may not be used (hard IRQ context, or a KUnit case that
 * forces the fallback).  Generic and SIMD code keep the same state format,
 * so either may process any part of a message.
 */
#ifndef _KEYEDHASH_SIMD_H
#define _KEYEDHASH_SIMD_H

#include <linux/kernel.h>
#include <linux/percpu.h>
#include <asm/simd.h>
#include <crypto/internal/simd.h>
#include <keyedhash/compat.h>	/* kh_simd_enter(), kh_simd_leave() */

/* Most data handled in one SIMD section. */
#define KH_SIMD_CHUNK		4096

#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST)
/*
 * Test hooks, built only with the KUnit suites (see
 * tests/kunit/hash_test_template.h):
 * kh_simd_disabled_for_test	set on a CPU (with preemption disabled) to
 *				force the generic fallback there
 * kh_simd_sections_for_test	SIMD sections entered on a CPU
 * kh_simd_fallbacks_for_test	generic fallbacks taken on a CPU because
 *				crypto_simd_usable() was false
 */
DECLARE_PER_CPU(bool, kh_simd_disabled_for_test);
DECLARE_PER_CPU(unsigned long, kh_simd_sections_for_test);
DECLARE_PER_CPU(unsigned long, kh_simd_fallbacks_for_test);

static inline bool kh_simd_usable(void)
{
	if (!crypto_simd_usable()) {
		this_cpu_inc(kh_simd_fallbacks_for_test);
		return false;
	}
	return !this_cpu_read(kh_simd_disabled_for_test);
}

static inline void kh_simd_count_section(void)
{
	this_cpu_inc(kh_simd_sections_for_test);
}
#else
static inline bool kh_simd_usable(void)
{
	return crypto_simd_usable();
}

static inline void kh_simd_count_section(void)
{
}
#endif

/*
 * kh_simd_begin(&save) ... kh_simd_end(&save): one SIMD section, @save a
 * struct kh_simd_save on the caller's stack (compat.h).
 */
#define kh_simd_begin(save)			\
	do {					\
		kh_simd_count_section();	\
		kh_simd_enter(save);		\
	} while (0)
#define kh_simd_end(save)	kh_simd_leave(save)

/*
 * KH_SIMD_BLOCKS(name, statep, simd, generic, blocksize) defines
 *	static void name(statep st, const u8 *src, size_t nblocks)
 * (statep is a pointer type, e.g. struct hh_state *)
 * that runs simd(st, src, n) over at most KH_SIMD_CHUNK bytes per SIMD
 * section, or generic(st, src, nblocks) when SIMD is not usable.  Block
 * functions of another shape follow the same pattern by hand.
 */
#define KH_SIMD_BLOCKS(name, statep, simd, generic, blocksize)		\
static void name(statep st, const u8 *src, size_t nblocks)		\
{									\
	const size_t bs = (blocksize);					\
									\
	if (kh_simd_usable()) {						\
		struct kh_simd_save save;				\
									\
		while (nblocks) {					\
			size_t n = min(nblocks, KH_SIMD_CHUNK / bs);	\
									\
			kh_simd_begin(&save);				\
			simd(st, src, n);				\
			kh_simd_end(&save);				\
			src += n * bs;					\
			nblocks -= n;					\
		}							\
	} else {							\
		generic(st, src, nblocks);				\
	}								\
}

#endif /* _KEYEDHASH_SIMD_H */
