// SPDX-License-Identifier: GPL-2.0
/*
 * The out-of-line part of the SIMD sections (<keyedhash/simd.h>): whether
 * SIMD may be used, which threshold the caller's context takes, and the
 * start of a section.  Each begins with a seam for the KUnit suites
 * (<keyedhash/internal/kunit.h>), which in the production module is
 * nothing: a suite replaces kh_simd_usable() to force the generic
 * fallback, kh_simd_section_saves() to choose the context, and
 * kh_simd_begin() with a function that counts the section and enters it.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/thread_info.h>
#include <keyedhash/internal/kunit.h>
#include <keyedhash/simd.h>

bool kh_simd_usable(void)
{
	KH_STUB_REDIRECT(kh_simd_usable);
	return crypto_simd_usable();
}
EXPORT_SYMBOL_IF_KUNIT(kh_simd_usable);

/*
 * x86 (kernel_fpu_begin_mask()) saves a user task's registers unless
 * current is a kernel thread (or an io_uring/vhost worker, PF_IO_WORKER on
 * 6.1, PF_USER_WORKER later: counted as tasks here, which costs them at
 * most the task threshold) or TIF_NEED_FPU_LOAD says they are saved
 * already; arm64 (kernel_neon_begin()) likewise unless TIF_FOREIGN_FPSTATE
 * says the registers hold no task's state.  In softirq, current is the
 * task or kernel thread it interrupted, whose registers the section would
 * save.
 */
bool kh_simd_section_saves(void)
{
	KH_STUB_REDIRECT(kh_simd_section_saves);
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
EXPORT_SYMBOL_IF_KUNIT(kh_simd_section_saves);

#if defined(CONFIG_X86) || defined(CONFIG_ARM64)
void kh_simd_begin(struct kh_simd_save *save)
{
	KH_STUB_REDIRECT(kh_simd_begin, save);
	kh_simd_enter(save);
}
EXPORT_SYMBOL_IF_KUNIT(kh_simd_begin);
#endif
