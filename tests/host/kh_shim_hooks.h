/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host tests' hooks into the userspace shim (libkeyedhash/kshim/, named
 * by KH_SHIM_HOOKS: the Makefile's HOSTCFLAGS), which let the tests see and
 * steer what the module's code does there:
 *
 *  - kvmalloc(), kvfree_sensitive(): malloc() and free(), unless a test sets
 *    both hooks (tests/host/hosttest-arch.c puts such memory against a
 *    guard page);
 *  - the calling context (kernel thread or not, thread flags) settable;
 *  - SIMD sections counted (kh_shim_simd_sections), and one that nests or
 *    ends unbalanced aborts, so the tests can tell that the SIMD path ran;
 *  - KH_SHIM_CPU_HIDE (environment): feature names, separated by spaces or
 *    commas, that the shim reports absent even where the CPU has them, so
 *    the tests' report of drivers a CPU lacks can be checked on any
 *    machine, e.g. KH_SHIM_CPU_HIDE=avx512f build/hosttest-x86;
 *    KH_SHIM_PREFER_YMM=1: X86_FEATURE_PREFER_YMM, zmm code not wanted.
 */
#ifndef _KH_SHIM_HOOKS_H
#define _KH_SHIM_HOOKS_H
#if !defined(__ASSEMBLY__) && !defined(__ASSEMBLER__)

#define KH_SHIM_HAVE_KVMALLOC
__attribute__((weak)) void *(*kh_shim_kvmalloc_hook)(size_t n);
__attribute__((weak)) void (*kh_shim_kvfree_hook)(void *p, size_t n);
static inline void *kvmalloc(size_t n, int gfp)
{
	return kh_shim_kvmalloc_hook ? kh_shim_kvmalloc_hook(n) : kmalloc(n, gfp);
}

static inline void kvfree_sensitive(const void *p, size_t n)
{
	memzero_explicit((void *)p, n);
	if (kh_shim_kvfree_hook)
		kh_shim_kvfree_hook((void *)p, n);
	else
		free((void *)p);
}

/*
 * The calling context kh_simd_min() looks at, which a test (or
 * tools/bench/kmode.c, which defines both) sets: kh_shim_task.flags
 * (PF_KTHREAD) and kh_shim_thread_flags; by default a user task whose
 * registers a section would save.
 */
#define KH_SHIM_HAVE_TASK
struct kh_shim_task {
	unsigned int flags;
};

__attribute__((weak)) struct kh_shim_task kh_shim_task;
__attribute__((weak)) unsigned long kh_shim_thread_flags;
#define current			(&kh_shim_task)

#ifndef KH_SHIM_HAVE_SIMD_SECTIONS
#define KH_SHIM_HAVE_SIMD_SECTIONS
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
#endif

#define KH_SHIM_HAVE_CPU_FEATURES
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

#define X86_FEATURE_PREFER_YMM		(getenv("KH_SHIM_PREFER_YMM") != NULL)

#endif /* !__ASSEMBLY__ */
#endif /* _KH_SHIM_HOOKS_H */
