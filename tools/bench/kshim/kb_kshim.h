/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Just enough of the kernel's headers to compile a few Linux 6.1 source
 * files unmodified in userspace, as benchmark peers: crypto/nhpoly1305.c,
 * lib/crypto/poly1305-donna64.c, arch/x86/crypto/nhpoly1305-{sse2,avx2}-glue.c
 * and arch/x86/crypto/nh-{sse2,avx2}-x86_64.S; and (kpeers.mk) the SHA-256,
 * SHA-512, CRC32C, xxHash64, BLAKE2b and x86 Poly1305 drivers with their
 * generic fallbacks and assembly.  The sources themselves are read from the
 * installed linux-source-6.1 at bench time and are never kept in this
 * repository.  Every <linux/...>, <asm/...> and <crypto/...> header those
 * files include maps to this one when kshim/ has it; the others (the
 * crypto/sha2.h, sha256_base.h, poly1305.h, blake2b.h ... of the kernel
 * source, and linux/xxhash.h) come from the kernel source too.
 */
#ifndef _KB_KSHIM_H
#define _KB_KSHIM_H

#ifdef __ASSEMBLY__

/* KB_FUNC_ALIGN: every function at that boundary (build.mk) */
#ifdef KB_FUNC_ALIGN
#define KB_ALIGN_FUNC		.balign KB_FUNC_ALIGN, 0x90
#else
#define KB_ALIGN_FUNC		.p2align 4, 0x90
#endif
#define SYM_FUNC_START(name)	.text; .globl name; .type name, @function; \
				KB_ALIGN_FUNC; name:
#define SYM_FUNC_START_LOCAL(name) .text; .type name, @function; \
				KB_ALIGN_FUNC; name:
/* without CONFIG_CFI_CLANG a typed function is a plain one */
#define SYM_TYPED_FUNC_START(name) SYM_FUNC_START(name)
#define SYM_FUNC_END(name)	.size name, . - name
#define ENDBR			/* no CONFIG_X86_KERNEL_IBT */
/* KB_KMODE: CONFIG_RETHUNK's RET (see libkeyedhash/kshim/linux/linkage.h) */
#ifdef KB_KMODE
#define RET			jmp __x86_return_thunk
#else
#define RET			ret
#endif
/*
 * JMP_NOSPEC: an indirect jump; with CONFIG_RETPOLINE (the kernel-mode
 * copy) through the register's retpoline thunk.
 */
.macro JMP_NOSPEC reg:req
#ifdef KB_KMODE
	jmp	__x86_indirect_thunk_\reg
#else
	jmp	*%\reg
	int3
#endif
.endm

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
typedef uint64_t __be64;
typedef uint32_t __u32;
typedef uint64_t __u64;
typedef uint32_t __be32;

#define asmlinkage
#define __init
#define __exit
#define __must_check
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define BUILD_BUG_ON(c)		_Static_assert(!(c), #c)
/* The kernel's IS_ENABLED(): 1 if CONFIG_x is defined as 1, else 0. */
#define __KB_ARG_PLACEHOLDER_1	0,
#define __kb_take_second(ignored, val, ...) val
#define ___kb_is_defined(junk)	__kb_take_second(junk 1, 0, 0)
#define __kb_is_defined(val)	___kb_is_defined(__KB_ARG_PLACEHOLDER_##val)
#define IS_ENABLED(c)		__kb_is_defined(c)
#define IS_REACHABLE(c)		__kb_is_defined(c)
#define CONFIG_CRYPTO_HASH	1
#ifndef CONFIG_CRYPTO_LIB_POLY1305_RSIZE
#define CONFIG_CRYPTO_LIB_POLY1305_RSIZE 1
#endif
#define __pure			__attribute__((pure))
#define __ro_after_init
#ifndef __always_inline
#define __always_inline		inline __attribute__((always_inline))
#endif
#define pr_info(...)		do { } while (0)
#define pr_err(...)		do { } while (0)
#define noinline		__attribute__((__noinline__))
#define __maybe_unused		__attribute__((unused))
#define __aligned(x)		__attribute__((aligned(x)))
#define __packed		__attribute__((packed))
#define __force
#define __bitwise
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define WARN_ON(c)		(!!(c))
#define BUG_ON(c)		do { if (c) __builtin_trap(); } while (0)
#define MODULE_DEVICE_TABLE(t, n)
#define MODULE_SOFTDEP(s)
#define fips_enabled		0
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
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define __cpu_to_le64s(p)	do { (void)(p); } while (0)
#define __le64_to_cpus(p)	do { (void)(p); } while (0)
#define __cpu_to_le32s(p)	do { (void)(p); } while (0)
#define __le32_to_cpus(p)	do { (void)(p); } while (0)
#define round_down(x, y)	((x) & ~((__typeof__(x))(y) - 1))
#define SZ_4K			4096

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the kernel-source shim assumes a little-endian host"
#endif
#define cpu_to_le64(x)		((__le64)(x))
#define le64_to_cpu(x)		((u64)(x))
#define cpu_to_le32(x)		((__le32)(x))
#define le32_to_cpu(x)		((u32)(x))

#define cpu_to_be64(x)		__builtin_bswap64(x)
#define be64_to_cpu(x)		__builtin_bswap64(x)
#define cpu_to_be32(x)		__builtin_bswap32(x)
#define be32_to_cpu(x)		__builtin_bswap32(x)
#define cpu_to_le32p(p)		(*(const u32 *)(p))
#define le32_to_cpup(p)		(*(const u32 *)(p))
#define le64_to_cpup(p)		(*(const u64 *)(p))

static inline u32 ror32(u32 w, unsigned int s)
{
	return (w >> (s & 31)) | (w << ((-s) & 31));
}

static inline u32 rol32(u32 w, unsigned int s)
{
	return (w << (s & 31)) | (w >> ((-s) & 31));
}

static inline u64 ror64(u64 w, unsigned int s)
{
	return (w >> (s & 63)) | (w << ((-s) & 63));
}

static inline u64 rol64(u64 w, unsigned int s)
{
	return (w << (s & 63)) | (w >> ((-s) & 63));
}

/* memzero_explicit(): a clear the compiler may not drop */
static inline void memzero_explicit(void *s, size_t n)
{
	memset(s, 0, n);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}

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

static inline u32 get_unaligned_be32(const void *p)
{
	return be32_to_cpu(get_unaligned_le32(p));
}

static inline u64 get_unaligned_be64(const void *p)
{
	return be64_to_cpu(get_unaligned_le64(p));
}

static inline void put_unaligned_be32(u32 v, void *p)
{
	v = cpu_to_be32(v);
	memcpy(p, &v, sizeof(v));
}

static inline void put_unaligned_be64(u64 v, void *p)
{
	v = cpu_to_be64(v);
	memcpy(p, &v, sizeof(v));
}

static inline void put_unaligned_le32(u32 v, void *p)
{
	memcpy(p, &v, sizeof(v));
}

static inline void put_unaligned_le64(u64 v, void *p)
{
	memcpy(p, &v, sizeof(v));
}

/*
 * The shash types and helpers the kernel peers use, laid out more simply
 * than the kernel's: a tfm holds a pointer to its context, a request state
 * is a pointer to its bytes.
 */
#define CRYPTO_ALG_OPTIONAL_KEY	0x00004000
#define CRYPTO_ALG_NEED_KEY	0x00000100
#define CRYPTO_TFM_NEED_KEY	0x00000001
#define HASH_MAX_DESCSIZE	360

struct crypto_tfm {
	u32 crt_flags;
	void *ctx;
};

struct crypto_alg {
	const char *cra_name;
	const char *cra_driver_name;
	int cra_priority;
	unsigned int cra_flags;
	unsigned int cra_blocksize;
	unsigned int cra_ctxsize;
	unsigned int cra_alignmask;
	int (*cra_init)(struct crypto_tfm *tfm);
	void (*cra_exit)(struct crypto_tfm *tfm);
	void *cra_module;
};

struct crypto_shash {
	void *ctx;		/* the tfm context, cra_ctxsize bytes */
	struct crypto_tfm base;	/* base.ctx == ctx */
	const struct shash_alg *alg;
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
	int (*finup)(struct shash_desc *desc, const u8 *data,
		     unsigned int len, u8 *out);
	int (*digest)(struct shash_desc *desc, const u8 *data,
		      unsigned int len, u8 *out);
	int (*export)(struct shash_desc *desc, void *out);
	int (*import)(struct shash_desc *desc, const void *in);
	int (*setkey)(struct crypto_shash *tfm, const u8 *key,
		      unsigned int keylen);
	unsigned int descsize;
	unsigned int digestsize;
	unsigned int statesize;
	struct crypto_alg base;
};

static inline void *crypto_shash_ctx(struct crypto_shash *tfm)
{
	return tfm->ctx;
}

static inline const struct shash_alg *crypto_shash_alg(struct crypto_shash *tfm)
{
	return tfm->alg;
}

/* in the kernel, the digest size of the tfm's algorithm */
#define crypto_shash_digestsize(tfm)	((tfm)->alg->digestsize)

static inline void *crypto_tfm_ctx(struct crypto_tfm *tfm)
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

static inline int crypto_register_shashes(struct shash_alg *algs, int n)
{
	(void)algs;
	(void)n;
	return 0;
}

static inline void crypto_unregister_shashes(struct shash_alg *algs, int n)
{
	(void)algs;
	(void)n;
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
#define CONFIG_X86_64		1
/* CPU features, as the peers' glue tests them (kb_kshim_cpu.c) */
enum {
	X86_FEATURE_XMM2 = 1, X86_FEATURE_SSSE3, X86_FEATURE_XMM4_2,
	X86_FEATURE_PCLMULQDQ, X86_FEATURE_AVX, X86_FEATURE_AVX2,
	X86_FEATURE_BMI2, X86_FEATURE_SHA_NI, X86_FEATURE_AVX512F,
	X86_FEATURE_OSXSAVE,
};
#define XFEATURE_MASK_SSE	0x02ull
#define XFEATURE_MASK_YMM	0x04ull
#define XFEATURE_MASK_AVX512	0xe0ull
bool kb_kshim_cpu_has(int feature);
bool kb_kshim_xfeatures(u64 mask);
#define boot_cpu_has(f)		kb_kshim_cpu_has(f)
#define cpu_has_xfeatures(m, n)	kb_kshim_xfeatures(m)

struct x86_cpu_id {
	int feature;
	const void *driver_data;
};
#define X86_MATCH_FEATURE(f, d)	{ (f), (d) }

static inline const struct x86_cpu_id *x86_match_cpu(const struct x86_cpu_id *m)
{
	for (; m->feature; m++)
		if (kb_kshim_cpu_has(m->feature))
			return m;
	return NULL;
}

struct kb_cpuinfo_x86 {
	unsigned int x86_model;
};
extern struct kb_cpuinfo_x86 kb_kshim_boot_cpu_data;
#define boot_cpu_data		kb_kshim_boot_cpu_data
#define INTEL_FAM6_SKYLAKE_X	0x55

/* Static keys: plain flags, set once at "module init". */
struct static_key_false {
	bool enabled;
};
#define DEFINE_STATIC_KEY_FALSE(name)	struct static_key_false name = { false }
#define static_branch_likely(k)		likely((k)->enabled)
#define static_branch_unlikely(k)	unlikely((k)->enabled)
#define static_branch_enable(k)		((k)->enabled = true)
#endif

#endif /* !__ASSEMBLY__ */
#endif /* _KB_KSHIM_H */
