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
 * thresholds (struct kh_simd_min), and whenever SIMD may not be used
 * (hard IRQ context, or a KUnit case that forces the fallback), it runs the
 * generic C instead.  Generic and SIMD code keep the same state format, so
 * either may process any part of a message.
 */
#ifndef _KEYEDHASH_INTERNAL_SIMD_H
#define _KEYEDHASH_INTERNAL_SIMD_H

#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/thread_info.h>
#include <asm/simd.h>
#include <crypto/internal/simd.h>
#if defined(CONFIG_X86)
#include <asm/fpu/api.h>
#elif defined(CONFIG_ARM64)
#include <asm/neon.h>
#endif

/* Most block data handled in one SIMD section. */
#define KH_SIMD_CHUNK		4096

/**
 * struct kh_simd_min - where a SIMD implementation's SIMD path starts to pay
 * @task:	when a section would first have to save a user task's FPU/SIMD
 *		registers (a system call: AF_ALG, khsum, fscrypt in a task)
 * @kthread:	when it would not: a kernel thread or worker (dm-integrity's),
 *		softirq over one, or a task whose registers are saved already
 *
 * An update shorter than the context's threshold, and the final of a
 * message shorter than it, run the generic C and enter no SIMD section:
 * below it the generic code costs less than the section.  The values are
 * the crossings make bench measures (docs/design.md, "SIMD sections and
 * thresholds"), in arch/<arch>/<alg>.h; kh_simd_min() picks one,
 * once per update or final.
 */
struct kh_simd_min {
	unsigned int task;
	unsigned int kthread;
};

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

/* Whether SIMD may be used here. */
static __always_inline bool __kh_simd_usable(void)
{
	return crypto_simd_usable();
}

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
static __always_inline bool __kh_simd_section_saves(void)
{
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
 * kh_simd_usable(), kh_simd_section_saves() and kh_simd_begin(&save) are
 * the above, inline.  The module's KUnit build (make KH_KUNIT=1, Kconfig
 * CRYPTO_KEYEDHASH_KUNIT_TEST) has them out of line instead, in the
 * test-only lib/simd_test.c, where its suites replace them with KUnit
 * static stubs: to force the generic fallback, to choose the calling
 * context kh_simd_min() sees, and to count the SIMD sections entered.
 */
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST)
struct kh_simd_save;
bool kh_simd_usable(void);
bool kh_simd_section_saves(void);
void kh_simd_begin(struct kh_simd_save *save);
#else
#define kh_simd_usable()	__kh_simd_usable()
#define kh_simd_section_saves()	__kh_simd_section_saves()
#define kh_simd_begin(save)	kh_simd_enter(save)
#endif
#define kh_simd_end(save)	kh_simd_leave(save)

/*
 * kh_simd_min() - a SIMD driver's threshold for the caller's context
 * (struct kh_simd_min): called once per update() or final().
 */
static inline unsigned int kh_simd_min(const struct kh_simd_min *min)
{
	return kh_simd_section_saves() ? min->task : min->kthread;
}

/*
 * Whether an update of @len bytes, @pos of a block of @bs buffered, runs in
 * SIMD sections: not below the caller's threshold, not where it only fills
 * the block buffer, not where SIMD may not be used.
 */
static inline bool kh_simd_update_usable(size_t len, unsigned int pos,
					 unsigned int bs,
					 const struct kh_simd_min *min)
{
	return len >= kh_simd_min(min) && pos + len >= bs && kh_simd_usable();
}

/*
 * The next piece of an update in SIMD sections: at most KH_SIMD_CHUNK bytes
 * of block data (the first one less the @pos bytes already buffered), so
 * that a 64 KiB update from a block boundary enters exactly 16 sections.
 */
static inline size_t kh_simd_piece(size_t len, unsigned int pos)
{
	return min_t(size_t, len, KH_SIMD_CHUNK - pos);
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

#endif /* _KEYEDHASH_INTERNAL_SIMD_H */
