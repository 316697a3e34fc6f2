/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's SIMD-section and per-CPU helpers for the arch code built in
 * userspace (libkeyedhash, tests/host/hosttest-arch.c, the benchmark):
 * <linux/percpu.h>, <asm/simd.h>, <crypto/internal/simd.h>, <asm/neon.h>,
 * <asm/fpu/api.h> and <asm/cpufeature.h> map to this file.
 */
#ifndef _KH_SIMD_SHIM_H
#define _KH_SIMD_SHIM_H

#include "kh_shim.h"

/* One thread, one "CPU": a per-CPU variable is a plain (weak) global. */
#define DECLARE_PER_CPU(type, name) \
	extern __typeof__(type) name; \
	__attribute__((weak)) __typeof__(type) name
#define DEFINE_PER_CPU(type, name)	__typeof__(type) name
#define EXPORT_PER_CPU_SYMBOL_GPL(name)
#define this_cpu_read(var)		(var)
#define this_cpu_write(var, val)	((var) = (val))
#define this_cpu_inc(var)		((var)++)
#define preempt_disable()		do { } while (0)
#define preempt_enable()		do { } while (0)
#define READ_ONCE(x)			(*(const volatile __typeof__(x) *)&(x))

/*
 * <linux/sched.h>, <linux/thread_info.h>: the calling context that
 * kh_simd_min() looks at.  libkeyedhash's caller is a user task whose
 * registers a section would save; the host tests and the benchmark set the
 * context (KH_SHIM_HAVE_TASK: kh_shim_task.flags, kh_shim_thread_flags).
 */
#ifndef KH_SHIM_HAVE_TASK
struct kh_shim_task {
	unsigned int flags;
};

#define current			(&(const struct kh_shim_task){ 0 })
#define kh_shim_thread_flags	0UL
#endif
#define PF_KTHREAD			0x00200000
#define TIF_NEED_FPU_LOAD		14
#define TIF_FOREIGN_FPSTATE		3
#define test_thread_flag(flag)		((kh_shim_thread_flags >> (flag)) & 1)

/*
 * A SIMD section: nothing.  A userspace process (libkeyedhash) saves nothing
 * around SIMD code, and its threads run sections at the same time.  The
 * host tests count them and the benchmark does what the kernel does
 * (KH_SHIM_HOOKS, kh_shim.h).
 */
#ifndef KH_SHIM_HAVE_SIMD_SECTIONS
static inline void kh_shim_simd_begin(void)
{
}

static inline void kh_shim_simd_end(void)
{
}
#endif

static inline bool may_use_simd(void) { return true; }
static inline bool crypto_simd_usable(void) { return true; }
/* arm64 as in Linux 7.x: the caller's save area for the task's registers */
struct user_fpsimd_state {
	unsigned char unused;
};

#define kernel_neon_begin(state)	((void)(state), kh_shim_simd_begin())
#define kernel_neon_end(state)		((void)(state), kh_shim_simd_end())
#define kernel_fpu_begin()	kh_shim_simd_begin()
#define kernel_fpu_end()	kh_shim_simd_end()

#ifdef __x86_64__
/*
 * <asm/cpufeature.h> and <asm/fpu/api.h>: GCC's CPU model already checks
 * that the OS saves the AVX and AVX-512 registers (XCR0), so the xfeature
 * test has nothing left to add.
 */
#ifndef CONFIG_X86
#define CONFIG_X86			1
#endif
#ifndef KH_SHIM_HAVE_CPU_FEATURES
/*
 * What the CPU has, as libkeyedhash answers it (libkeyedhash/cpu.c, for
 * X86_FEATURE_PREFER_YMM); the host tests hide features and prefer ymm as
 * the environment says (tests/host/kh_shim_hooks.h).
 */
bool kh_lib_x86_prefer_ymm(void);
#define kh_shim_cpu_feature(has, name)	(has)
#define X86_FEATURE_PREFER_YMM		kh_lib_x86_prefer_ymm()
#endif

#define KH_SHIM_X86_FEATURE(name) \
	kh_shim_cpu_feature(__builtin_cpu_supports(name), name)
#define boot_cpu_has(feature)		(feature)
#define X86_FEATURE_AVX2		KH_SHIM_X86_FEATURE("avx2")
#define X86_FEATURE_AVX512F		KH_SHIM_X86_FEATURE("avx512f")
#define X86_FEATURE_AVX512VL		KH_SHIM_X86_FEATURE("avx512vl")
#define X86_FEATURE_AVX512BW		KH_SHIM_X86_FEATURE("avx512bw")
#define XFEATURE_MASK_SSE		(1ULL << 1)
#define XFEATURE_MASK_YMM		(1ULL << 2)
#define XFEATURE_MASK_AVX512		(7ULL << 5)
static inline int cpu_has_xfeatures(u64 mask, const char **name)
{
	(void)mask;
	(void)name;
	return 1;
}
#endif

#ifdef __aarch64__
/* <asm/cpufeature.h> and <asm/neon.h> */
#ifndef CONFIG_ARM64
#define CONFIG_ARM64			1
#endif
#include <sys/auxv.h>
static inline bool kh_shim_cpu_has_ASIMD(void)
{
	return getauxval(AT_HWCAP) & HWCAP_ASIMD;
}

#define cpu_have_named_feature(name)	kh_shim_cpu_has_##name()
#endif

#endif /* _KH_SIMD_SHIM_H */
