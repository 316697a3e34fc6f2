/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's SIMD-section and per-CPU helpers for the arch drivers built
 * in userspace (tests/host/hosttest-arch.c, the benchmark): <linux/percpu.h>,
 * <asm/simd.h>, <crypto/internal/simd.h>, <asm/neon.h>, <asm/fpu/api.h>
 * and <asm/cpufeature.h> map to this file.  A SIMD section is counted and
 * must not nest, so the tests can tell that the SIMD path ran.
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
 * kh_simd_min() looks at.  A test or the benchmark (tools/bench/kmode.c,
 * which defines both) sets kh_shim_task.flags (PF_KTHREAD) and
 * kh_shim_thread_flags; by default the caller is a user task whose
 * registers a section would save.
 */
struct kh_shim_task {
	unsigned int flags;
};

__attribute__((weak)) struct kh_shim_task kh_shim_task;
__attribute__((weak)) unsigned long kh_shim_thread_flags;
#define current			(&kh_shim_task)
#define PF_KTHREAD			0x00200000
#define TIF_NEED_FPU_LOAD		14
#define TIF_FOREIGN_FPSTATE		3
#define test_thread_flag(flag)		((kh_shim_thread_flags >> (flag)) & 1)

#if defined(KB_KMODE) && defined(__x86_64__)
/*
 * The benchmark's "as in the kernel" build (tools/bench/build.mk): a SIMD
 * section is an out-of-line call doing what Linux x86_64's
 * kernel_fpu_begin()/kernel_fpu_end() do, and is counted there
 * (tools/bench/kmode.c).
 */
void kb_kfpu_begin(void);
void kb_kfpu_end(void);

static inline void kh_shim_simd_begin(void)
{
	kb_kfpu_begin();
}

static inline void kh_shim_simd_end(void)
{
	kb_kfpu_end();
}
#elif defined(KH_SHIM_LIB)
/*
 * libkeyedhash (libkeyedhash/): a userspace process saves nothing around SIMD
 * code, and threads run sections at the same time: a section is nothing.
 */
static inline void kh_shim_simd_begin(void)
{
}

static inline void kh_shim_simd_end(void)
{
}
#else
__attribute__((weak)) unsigned long kh_shim_simd_sections;
__attribute__((weak)) int kh_shim_simd_depth;

static inline void kh_shim_simd_begin(void)
{
	if (kh_shim_simd_depth++) {
		fprintf(stderr, "nested SIMD section\n");
		abort();
	}
	kh_shim_simd_sections++;
}

static inline void kh_shim_simd_end(void)
{
	if (--kh_shim_simd_depth) {
		fprintf(stderr, "unbalanced SIMD section\n");
		abort();
	}
}
#endif /* KB_KMODE */

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
/*
 * KH_SHIM_CPU_HIDE (environment): feature names, separated by spaces or
 * commas, that the shim reports absent even where the CPU has them, so the
 * tests' report of drivers a CPU lacks can be checked on any machine, e.g.
 * KH_SHIM_CPU_HIDE=avx512f build/hosttest-x86.
 */
#ifdef KH_SHIM_LIB
/* libkeyedhash answers from the CPU alone (libkeyedhash/cpu.c) */
bool kh_lib_x86_prefer_ymm(void);
#define kh_shim_cpu_feature(has, name)	(has)
#define X86_FEATURE_PREFER_YMM		kh_lib_x86_prefer_ymm()
#else
static inline bool kh_shim_cpu_feature(bool has, const char *name)
{
	const char *h = getenv("KH_SHIM_CPU_HIDE");
	size_t n = strlen(name);

	while (has && h && *h) {
		size_t w = strcspn(h, " ,");

		if (w == n && !strncmp(h, name, n))
			return false;
		h += w + (h[w] != 0);
	}
	return has;
}
#endif

#define KH_SHIM_X86_FEATURE(name) \
	kh_shim_cpu_feature(__builtin_cpu_supports(name), name)
#define boot_cpu_has(feature)		(feature)
#define X86_FEATURE_AVX2		KH_SHIM_X86_FEATURE("avx2")
#define X86_FEATURE_AVX512F		KH_SHIM_X86_FEATURE("avx512f")
#define X86_FEATURE_AVX512VL		KH_SHIM_X86_FEATURE("avx512vl")
#define X86_FEATURE_AVX512BW		KH_SHIM_X86_FEATURE("avx512bw")
/* Set with KH_SHIM_PREFER_YMM=1 in the environment: zmm code not wanted. */
#ifndef KH_SHIM_LIB
#define X86_FEATURE_PREFER_YMM		(getenv("KH_SHIM_PREFER_YMM") != NULL)
#endif
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
