/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libkeyedhash/kshim: the kernel headers the module's sources include, for
 * userspace: the one shim they are built through outside the kernel, by
 * libkeyedhash, the host tests and the benchmark.  Here the few kernel
 * helpers the keyedhash cores use; every <linux/...> and <asm/...> header
 * they include maps to this file (or kh_simd_shim.h).  It holds what
 * libkeyedhash is built with and nothing else: a program that counts or
 * replaces what the shim does (the host tests' SIMD section counter and
 * guard pages, the benchmark's kernel-mode sections) names its own header
 * of hooks with KH_SHIM_HOOKS (see there).
 */
#ifndef _KH_SHIM_H
#define _KH_SHIM_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int64_t s64;
typedef int32_t s32;
typedef unsigned __int128 u128;
/*
 * The uapi names, for the libc headers that include <linux/types.h> (on
 * arm64, <signal.h> through <asm/sigcontext.h>): as the kernel's
 * asm-generic/int-ll64.h spells them, so that both may be seen.
 */
typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned long long __u64;
typedef signed char __s8;
typedef signed short __s16;
typedef signed int __s32;
typedef signed long long __s64;

#ifndef KBUILD_MODNAME
#define KBUILD_MODNAME "keyedhash"
#endif
#define __maybe_unused		__attribute__((unused))
#ifndef noinline
#define noinline		__attribute__((__noinline__))
#endif
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define min(a, b)		((a) < (b) ? (a) : (b))
#define max(a, b)		((a) > (b) ? (a) : (b))
#define min_t(t, a, b)		((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define max_t(t, a, b)		((t)(a) > (t)(b) ? (t)(a) : (t)(b))
#define container_of(p, t, m)	((t *)((char *)(p) - offsetof(t, m)))
typedef unsigned int gfp_t;
#define GFP_KERNEL		0
#define GFP_ATOMIC		0
#define GFP_KERNEL_ACCOUNT	0
#define __GFP_RETRY_MAYFAIL	0
#define __GFP_NOWARN		0
#define pr_err(...)		fprintf(stderr, __VA_ARGS__)
#define pr_info(...)		fprintf(stderr, __VA_ARGS__)
#define pr_warn(...)		fprintf(stderr, __VA_ARGS__)
#define EXPORT_SYMBOL_GPL(s)
#define EXPORT_SYMBOL_IF_KUNIT(s)
/* <linux/preempt.h>: userspace is always a task */
#define in_task()		1
/*
 * IS_ENABLED(CONFIG_...): the kernel's <linux/kconfig.h> answers from the
 * configuration; here only the options the sources ask about, each as
 * kh_shim_CONFIG_... (an option not listed is an error).  The module as
 * shipped (libkeyedhash, the benchmark), unless KH_SHIM_TEST_SEAMS asks for
 * the seams of the KUnit build (lib/simd_test.c: static stubs), as the host
 * tests do (their <kunit/static_stub.h>: tests/host/kshim/).
 */
#define IS_ENABLED(option)	kh_shim_##option
#ifdef KH_SHIM_TEST_SEAMS
#define kh_shim_CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST	1
#else
#define kh_shim_CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST	0
#endif
/*
 * The library's instruction sets (arch/<arch>/<alg>.h): those of
 * the host, in a build that links the arch code (KH_SHIM_ARCH, the
 * Makefile's arch host tests and the benchmark); generic C otherwise.
 */
#if defined(KH_SHIM_ARCH) && defined(__x86_64__)
#define kh_shim_CONFIG_CRYPTO_KEYEDHASH_X86		1
#else
#define kh_shim_CONFIG_CRYPTO_KEYEDHASH_X86		0
#endif
#if defined(KH_SHIM_ARCH) && defined(__aarch64__)
#define kh_shim_CONFIG_CRYPTO_KEYEDHASH_ARM64		1
#else
#define kh_shim_CONFIG_CRYPTO_KEYEDHASH_ARM64		0
#endif
/*
 * The host's architecture as the kernel's configuration names it, from the
 * first shim header on: kversions.h, included early, picks its SIMD sections
 * by it.
 */
#if defined(__x86_64__) && !defined(CONFIG_X86)
#define CONFIG_X86			1
#endif
#if defined(__aarch64__) && !defined(CONFIG_ARM64)
#define CONFIG_ARM64			1
#endif
#define might_sleep()
#ifndef BUILD_BUG_ON
#define BUILD_BUG_ON(c)		_Static_assert(!(c), #c)
#endif

static inline void memzero_explicit(void *p, size_t n)
{
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

static inline void *kmalloc(size_t n, int gfp) { (void)gfp; return malloc(n ? n : 1); }
static inline void *kzalloc(size_t n, int gfp) { (void)gfp; return calloc(1, n ? n : 1); }
static inline void *kcalloc(size_t n, size_t s, int gfp) { (void)gfp; return calloc(n ? n : 1, s); }
static inline void kfree(const void *p) { free((void *)p); }

/*
 * KH_SHIM_HOOKS: the header, named as #include takes it, of a program's
 * own versions of what the shim does (tests/host/kh_shim_hooks.h,
 * tools/bench/kb_shim_hooks.h).  Each says so by a macro:
 * KH_SHIM_HAVE_KVMALLOC (kvmalloc(), kvfree_sensitive()); in
 * kh_simd_shim.h, KH_SHIM_HAVE_TASK (current, kh_shim_thread_flags),
 * KH_SHIM_HAVE_SIMD_SECTIONS (kh_shim_simd_begin(), _end()) and
 * KH_SHIM_HAVE_CPU_FEATURES (kh_shim_cpu_feature(), X86_FEATURE_PREFER_YMM).
 * In an assembly file it may define RET (<linux/linkage.h>).
 */
#ifdef KH_SHIM_HOOKS
#include KH_SHIM_HOOKS
#endif

#ifndef KH_SHIM_HAVE_KVMALLOC
static inline void *kvmalloc(size_t n, int gfp) { return kmalloc(n, gfp); }

static inline void kvfree_sensitive(const void *p, size_t n)
{
	memzero_explicit((void *)p, n);
	free((void *)p);
}
#endif

/* The size is not known here, so the wipe is the caller's (as for kfree). */
static inline void kfree_sensitive(const void *p) { free((void *)p); }

static inline u32 rol32(u32 w, unsigned int s) { return (w << (s & 31)) | (w >> ((-s) & 31)); }
static inline u32 ror32(u32 w, unsigned int s) { return (w >> (s & 31)) | (w << ((-s) & 31)); }
static inline u64 rol64(u64 w, unsigned int s) { return (w << (s & 63)) | (w >> ((-s) & 63)); }
static inline u64 ror64(u64 w, unsigned int s) { return (w >> (s & 63)) | (w << ((-s) & 63)); }

static inline u16 get_unaligned_le16(const void *p) { u16 v; memcpy(&v, p, 2); return v; }
static inline u32 get_unaligned_le32(const void *p) { u32 v; memcpy(&v, p, 4); return v; }
static inline u64 get_unaligned_le64(const void *p) { u64 v; memcpy(&v, p, 8); return v; }
static inline void put_unaligned_le16(u16 v, void *p) { memcpy(p, &v, 2); }
static inline void put_unaligned_le32(u32 v, void *p) { memcpy(p, &v, 4); }
static inline void put_unaligned_le64(u64 v, void *p) { memcpy(p, &v, 8); }
#define le32_to_cpu(x)		(x)
#define le64_to_cpu(x)		(x)
#define cpu_to_le32(x)		(x)
#define cpu_to_le64(x)		(x)

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the userspace shim assumes a little-endian host"
#endif

#endif /* _KH_SHIM_H */
