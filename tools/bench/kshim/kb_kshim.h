/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Just enough of the kernel's headers to compile a few Linux 6.1 source
 * files unmodified in userspace, as benchmark peers: crypto/nhpoly1305.c,
 * lib/crypto/poly1305-donna64.c, arch/x86/crypto/nhpoly1305-{sse2,avx2}-glue.c
 * and arch/x86/crypto/nh-{sse2,avx2}-x86_64.S.  The sources themselves are
 * read from the installed linux-source-6.1 at bench time and are never kept
 * in this repository.  Every <linux/...>, <asm/...> and <crypto/...> header
 * those files include maps to this one, except the three real headers
 * crypto/poly1305.h, crypto/internal/poly1305.h and crypto/nhpoly1305.h,
 * which come from the kernel source too.
 */
#ifndef _KB_KSHIM_H
#define _KB_KSHIM_H

#ifdef __ASSEMBLY__

#define SYM_FUNC_START(name)	.text; .globl name; .type name, @function; \
				.p2align 4; name:
#define SYM_FUNC_END(name)	.size name, . - name
/* KB_KMODE: CONFIG_RETHUNK's RET (see tests/host/shim/linux/linkage.h) */
#ifdef KB_KMODE
#define RET			jmp __x86_return_thunk
#else
#define RET			ret
#endif

#else /* !__ASSEMBLY__ */

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;
typedef int64_t s64;
typedef uint64_t __le64;
typedef uint32_t __le32;

#define asmlinkage
#define __init
#define __exit
#define __must_check
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define BUILD_BUG_ON(c)		_Static_assert(!(c), #c)
#define IS_ENABLED(c)		0
#define CONFIG_CRYPTO_LIB_POLY1305_RSIZE 1
#define EXPORT_SYMBOL(s)
#define EXPORT_SYMBOL_GPL(s)
#define MODULE_DESCRIPTION(s)
#define MODULE_LICENSE(s)
#define MODULE_AUTHOR(s)
#define MODULE_ALIAS_CRYPTO(s)
#define THIS_MODULE		NULL
/* Keep the init/exit functions referenced; the harness never calls them. */
#define module_init(fn)		static void *kb_init_ref_##fn __attribute__((used)) = (void *)fn
#define module_exit(fn)		static void *kb_exit_ref_##fn __attribute__((used)) = (void *)fn
#define subsys_initcall(fn)	module_init(fn)

#define min(a, b)		((a) < (b) ? (a) : (b))
#define max(a, b)		((a) > (b) ? (a) : (b))
#define min_t(t, a, b)		((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define round_down(x, y)	((x) & ~((__typeof__(x))(y) - 1))
#define SZ_4K			4096

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the kernel-source shim assumes a little-endian host"
#endif
#define cpu_to_le64(x)		((__le64)(x))
#define le64_to_cpu(x)		((u64)(x))
#define cpu_to_le32(x)		((__le32)(x))
#define le32_to_cpu(x)		((u32)(x))

static inline void le64_add_cpu(__le64 *var, u64 val)
{
	*var = cpu_to_le64(le64_to_cpu(*var) + val);
}

static inline u32 get_unaligned_le32(const void *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline u64 get_unaligned_le64(const void *p)
{
	u64 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline void put_unaligned_le32(u32 v, void *p)
{
	memcpy(p, &v, sizeof(v));
}

static inline void put_unaligned_le64(u64 v, void *p)
{
	memcpy(p, &v, sizeof(v));
}

/* The few shash types and helpers the NHPoly1305 drivers use. */
struct crypto_alg {
	const char *cra_name;
	const char *cra_driver_name;
	int cra_priority;
	unsigned int cra_ctxsize;
	void *cra_module;
};

struct crypto_shash {
	void *ctx;		/* the tfm context, cra_ctxsize bytes */
};

struct shash_desc {
	struct crypto_shash *tfm;
	void *ctx;		/* the request state, descsize bytes */
};

struct shash_alg {
	int (*init)(struct shash_desc *desc);
	int (*update)(struct shash_desc *desc, const u8 *data,
		      unsigned int len);
	int (*final)(struct shash_desc *desc, u8 *out);
	int (*setkey)(struct crypto_shash *tfm, const u8 *key,
		      unsigned int keylen);
	unsigned int descsize;
	unsigned int digestsize;
	struct crypto_alg base;
};

static inline void *crypto_shash_ctx(struct crypto_shash *tfm)
{
	return tfm->ctx;
}

static inline void *shash_desc_ctx(struct shash_desc *desc)
{
	return desc->ctx;
}

static inline int crypto_register_shash(struct shash_alg *alg)
{
	(void)alg;
	return 0;
}

static inline void crypto_unregister_shash(struct shash_alg *alg)
{
	(void)alg;
}

/* SIMD context: always usable in userspace; no state to save. */
static inline bool crypto_simd_usable(void)
{
	return true;
}

#ifdef KB_KMODE
/*
 * The "as in the kernel" build: kernel_fpu_begin() and kernel_fpu_end() are
 * out-of-line calls doing what Linux x86_64 does (tools/bench/kmode.c).
 */
void kb_kfpu_begin(void);
void kb_kfpu_end(void);

static inline void kernel_fpu_begin(void)
{
	kb_kfpu_begin();
}

static inline void kernel_fpu_end(void)
{
	kb_kfpu_end();
}
#else
static inline void kernel_fpu_begin(void)
{
}

/*
 * kernel_fpu_end() gives the task its own register state back; in
 * userspace the nearest equivalent is leaving the upper ymm halves clean.
 */
static inline void kernel_fpu_end(void)
{
#if defined(__x86_64__)
	if (__builtin_cpu_supports("avx"))
		__asm__ __volatile__("vzeroupper" ::: "memory");
#endif
}
#endif /* KB_KMODE */

#if defined(__x86_64__)
#define boot_cpu_has(f)		(f)
#define X86_FEATURE_XMM2	__builtin_cpu_supports("sse2")
#define X86_FEATURE_AVX2	__builtin_cpu_supports("avx2")
#define X86_FEATURE_OSXSAVE	__builtin_cpu_supports("avx")
#endif

#endif /* !__ASSEMBLY__ */
#endif /* _KB_KSHIM_H */
