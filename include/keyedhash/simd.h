/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SIMD sections for the arch drivers.
 *
 * A SIMD driver's update() enters one kernel_fpu_begin()/kernel_fpu_end()
 * (kernel_neon_begin/end on arm64) section per piece of at most
 * KH_SIMD_CHUNK bytes, so preemption stays bounded and the cost of a
 * section is paid once per 4 KiB, not once per block function call: the
 * section covers all of the piece's work (for NHPoly1305 and STHash the NH
 * chunks and the Poly1305 steps between them).  Below the driver's
 * threshold (struct kh_impl.simd_min), and whenever SIMD may not be used
 * (hard IRQ context, or a KUnit case that forces the fallback), it runs the
 * generic C instead.  Generic and SIMD code keep the same state format, so
 * either may process any part of a message.
 */
#ifndef _KEYEDHASH_SIMD_H
#define _KEYEDHASH_SIMD_H

#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/thread_info.h>
#include <asm/simd.h>
#include <crypto/internal/simd.h>
#include <keyedhash/keyedhash.h>
#if defined(CONFIG_X86)
#include <asm/fpu/api.h>
#elif defined(CONFIG_ARM64)
#include <asm/neon.h>
#endif

/* Most block data handled in one SIMD section. */
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
 * kh_simd_context_for_test	0: kh_simd_min() looks at the caller; 1: it
 *				takes the task threshold, -1: the kthread one
 */
DECLARE_PER_CPU(bool, kh_simd_disabled_for_test);
DECLARE_PER_CPU(unsigned long, kh_simd_sections_for_test);
DECLARE_PER_CPU(unsigned long, kh_simd_fallbacks_for_test);
extern int kh_simd_context_for_test;

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

static inline int kh_simd_context_forced(void)
{
	return READ_ONCE(kh_simd_context_for_test);
}
#else
static inline bool kh_simd_usable(void)
{
	return crypto_simd_usable();
}

static inline void kh_simd_count_section(void)
{
}

static inline int kh_simd_context_forced(void)
{
	return 0;
}
#endif

/*
 * Whether a SIMD section entered now would first save the FPU/SIMD
 * registers of a user task: what makes a section expensive.  x86
 * (kernel_fpu_begin_mask()) saves them unless current is a kernel thread
 * (or an io_uring/vhost worker, PF_IO_WORKER on 6.1, PF_USER_WORKER later:
 * counted as tasks here, which costs them at most the task threshold) or
 * TIF_NEED_FPU_LOAD says they are saved already; arm64
 * (kernel_neon_begin()) likewise unless TIF_FOREIGN_FPSTATE says the
 * registers hold no task's state.  In softirq, current is the task or
 * kernel thread it interrupted, whose registers the section would save.
 */
static inline bool kh_simd_section_saves(void)
{
	int forced = kh_simd_context_forced();

	if (forced)
		return forced > 0;
	if (current->flags & PF_KTHREAD)
		return false;
#if defined(CONFIG_X86)
	return !test_thread_flag(TIF_NEED_FPU_LOAD);
#elif defined(CONFIG_ARM64)
	return !test_thread_flag(TIF_FOREIGN_FPSTATE);
#else
	return true;
#endif
}

/*
 * kh_simd_min() - a SIMD driver's threshold for the caller's context
 * (struct kh_simd_min): called once per update() or final().
 */
static inline unsigned int kh_simd_min(const struct kh_simd_min *min)
{
	return kh_simd_section_saves() ? min->task : min->kthread;
}

/*
 * kh_simd_begin(&save) ... kh_simd_end(&save): one SIMD section, @save a
 * struct kh_simd_save on the caller's stack.  On arm64 it holds the
 * FPSIMD registers of a task the section interrupts, which
 * kernel_neon_begin() saves there; x86 keeps them itself.
 */
#if defined(CONFIG_X86)
struct kh_simd_save { };

#define kh_simd_enter(save)	((void)(save), kernel_fpu_begin())
#define kh_simd_leave(save)	((void)(save), kernel_fpu_end())
#elif defined(CONFIG_ARM64)
struct kh_simd_save {
	struct user_fpsimd_state fpsimd;
};

#define kh_simd_enter(save)	kernel_neon_begin(&(save)->fpsimd)
#define kh_simd_leave(save)	kernel_neon_end(&(save)->fpsimd)
#endif

#define kh_simd_begin(save)			\
	do {					\
		kh_simd_count_section();	\
		kh_simd_enter(save);		\
	} while (0)
#define kh_simd_end(save)	kh_simd_leave(save)

/**
 * kh_simd_update() - run one update() in SIMD sections, or in generic C
 * @priv:	passed to @simd and @generic
 * @src:	the update's data
 * @len:	its length
 * @pos:	bytes the request holds in its block buffer (< @bs)
 * @bs:		the algorithm's block size
 * @simd_min:	the driver's threshold in this context, kh_simd_min()
 * @simd:	absorbs a piece, with the SIMD block functions (called inside
 *		a section)
 * @generic:	absorbs a piece with the generic C
 *
 * An update shorter than @simd_min, one that only fills the block buffer,
 * or one where SIMD may not be used goes to @generic whole.  Otherwise the
 * data is cut into pieces of at most KH_SIMD_CHUNK bytes of block data
 * (the first one less the bytes already buffered), each absorbed by @simd
 * in a SIMD section of its own: a 64 KiB update from a block boundary
 * enters exactly 16 sections.  A last piece that only fills the buffer
 * enters none.  Always inlined, so that @simd and @generic, constants at
 * every call, are direct calls.
 */
static __always_inline void
kh_simd_update(void *priv, const u8 *src, unsigned int len, unsigned int pos,
	       unsigned int bs, unsigned int simd_min,
	       void (*simd)(void *priv, const u8 *src, unsigned int len),
	       void (*generic)(void *priv, const u8 *src, unsigned int len))
{
	struct kh_simd_save save;

	if (len < simd_min || pos + len < bs || !kh_simd_usable()) {
		generic(priv, src, len);
		return;
	}
	while (len) {
		unsigned int n = min(len, KH_SIMD_CHUNK - pos);

		if (pos + n < bs) {
			/* the last piece, and no whole block in it */
			generic(priv, src, n);
			return;
		}
		kh_simd_begin(&save);
		simd(priv, src, n);
		kh_simd_end(&save);
		pos = (pos + n) % bs;
		src += n;
		len -= n;
	}
}

/*
 * Whether a SIMD driver's final() may use SIMD for a message of @len bytes
 * (its thresholds @min, see kh_simd_update()).
 */
static inline bool kh_simd_final_usable(u64 len,
					const struct kh_simd_min *min)
{
	return len >= kh_simd_min(min) && kh_simd_usable();
}

#endif /* _KEYEDHASH_SIMD_H */
