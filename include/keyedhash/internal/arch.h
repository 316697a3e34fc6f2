/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keyedhash: which instruction set the library runs, chosen once.
 *
 * kh_arch_init() (arch/<arch>/glue.c; module init calls it first) enables
 * the static keys of the instruction sets the CPU and the OS allow, one
 * per algorithm and instruction set, kh_have_<algorithm>_<isa>
 * (__ro_after_init: changed in module init only).
 *
 * The one dispatcher: per algorithm, kh_<algorithm>_isa() says which
 * instruction set the library runs (from those keys, patched in place: no
 * test at run time), and kh_<algorithm>_<op>_isa(isa, min, ...) runs it:
 * @isa KH_ISA_AUTO (<keyedhash/internal/drivers.h>) for that choice, any
 * other value pins it to one instruction set (a driver of the table:
 * libkeyedhash's driver names and keyedhash_force_generic(), the host
 * tests, the benchmark); @min NULL for the library's thresholds, or the
 * caller's.  The library functions of core/ call it with KH_ISA_AUTO and
 * NULL (kh_<algorithm>_<op>_arch()), constants that leave the static
 * branches and direct calls.  The instruction set's functions in turn run
 * the generic C wherever SIMD may not be used, and below their
 * thresholds.  A SIMD driver whose init-time self-test fails turns its
 * algorithm's key of its instruction set off again (arch/<arch>/shash.c),
 * and no other.
 *
 * The thresholds (struct kh_simd_min, <keyedhash/simd.h>) are the same for
 * the library and the SIMD drivers; docs/design.md says where each comes
 * from.  On other architectures, and in a build without the arch code
 * (the host tests of the generic C), everything is generic.
 */
#ifndef _KEYEDHASH_INTERNAL_ARCH_H
#define _KEYEDHASH_INTERNAL_ARCH_H

#include <linux/jump_label.h>
#include <keyedhash/internal/drivers.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/sthash.h>
#include <keyedhash/simd.h>

void kh_arch_init(void);

#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
/*
 * Per algorithm and instruction set, read-only after module init: a SIMD
 * driver whose self-test fails turns off its own algorithm's key only.
 */
DECLARE_STATIC_KEY_FALSE(kh_have_highwayhash_avx2);
DECLARE_STATIC_KEY_FALSE(kh_have_multimixer128_avx2);
DECLARE_STATIC_KEY_FALSE(kh_have_multimixer128_avx512);
DECLARE_STATIC_KEY_FALSE(kh_have_nhpoly1305_avx2);
DECLARE_STATIC_KEY_FALSE(kh_have_sthash_avx2);
DECLARE_STATIC_KEY_FALSE(kh_have_sthash_avx512);

bool kh_avx2_usable(void);
bool kh_avx512_usable(void);

/*
 * .task: the first section of a user task's system call saves its FPU
 * registers (about 600 cycles on the AMD Zen 4 measured, 320 on an Intel
 * Xeon, whose crossings come earlier: the larger Zen 4 values are kept);
 * .kthread: a section costs only its light part (about 45 cycles on
 * both).  HighwayHash-128/256 and STHash with the AVX-512 Keccak gain even
 * on 16 bytes: their finalisation alone costs the generic C more.
 */
#define KH_HIGHWAYHASH64_AVX2_MIN	{ .task = 128, .kthread = 0 }
#define KH_HIGHWAYHASH_AVX2_MIN		{ .task = 0, .kthread = 0 }
#define KH_MULTIMIXER128_AVX2_MIN	{ .task = 2048, .kthread = 192 }
#define KH_MULTIMIXER128_AVX512_MIN	{ .task = 2048, .kthread = 384 }
#define KH_NH_AVX2_MIN			{ .task = 768, .kthread = 32 }
#define KH_STHASH_AVX512_MIN		{ .task = 0, .kthread = 0 }

/*
 * The AVX-512 code exists where the assembler knows AVX-512 (Kbuild); where
 * it does not, kh_avx512_usable() is false and its keys stay off.
 */
#define kh_use_avx512(alg)	static_branch_likely(&kh_have_##alg##_avx512)
#define kh_use_avx2(alg)	static_branch_likely(&kh_have_##alg##_avx2)
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
/* Per algorithm, read-only after module init (as on x86_64). */
DECLARE_STATIC_KEY_FALSE(kh_have_highwayhash_neon);
DECLARE_STATIC_KEY_FALSE(kh_have_multimixer128_neon);
DECLARE_STATIC_KEY_FALSE(kh_have_nhpoly1305_neon);
DECLARE_STATIC_KEY_FALSE(kh_have_sthash_neon);

bool kh_neon_usable(void);

/*
 * The x86 values: the NEON code has not been timed on arm64 hardware
 * (kernel_neon_begin() saves 512 bytes of registers where x86 saves up to
 * 2.7 KiB, so the best task thresholds are probably lower).
 */
#define KH_HIGHWAYHASH64_NEON_MIN	{ .task = 128, .kthread = 0 }
#define KH_HIGHWAYHASH_NEON_MIN		{ .task = 0, .kthread = 0 }
#define KH_MULTIMIXER128_NEON_MIN	{ .task = 2048, .kthread = 192 }
#define KH_NH_NEON_MIN			{ .task = 768, .kthread = 32 }

#define kh_use_neon(alg)	static_branch_likely(&kh_have_##alg##_neon)
#endif

/*
 * HighwayHash: the thresholds of each digest size (HighwayHash-64's the
 * only ones above zero), for the update as for the final: each size has
 * its own state type, so the library knows the size from the start.
 */
static __always_inline enum kh_isa kh_highwayhash_isa(void)
{
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	if (kh_use_avx2(highwayhash))
		return KH_ISA_avx2;
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	if (kh_use_neon(highwayhash))
		return KH_ISA_neon;
#endif
	return KH_ISA_generic;
}

static __always_inline int
kh_highwayhash_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			  struct kh_highwayhash_state *st, const u8 *data,
			  size_t len, unsigned int digestsize)
{
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	static const struct kh_simd_min min64 = KH_HIGHWAYHASH64_AVX2_MIN;
	static const struct kh_simd_min min128 = KH_HIGHWAYHASH_AVX2_MIN;
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	static const struct kh_simd_min min64 = KH_HIGHWAYHASH64_NEON_MIN;
	static const struct kh_simd_min min128 = KH_HIGHWAYHASH_NEON_MIN;
#endif

	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	if (isa == KH_ISA_avx2)
		return kh_highwayhash_update_avx2(st, data, len, min ?:
			digestsize == KH_HIGHWAYHASH64_DIGEST_SIZE ? &min64 : &min128);
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	if (isa == KH_ISA_neon)
		return kh_highwayhash_update_neon(st, data, len, min ?:
			digestsize == KH_HIGHWAYHASH64_DIGEST_SIZE ? &min64 : &min128);
#endif
	return kh_highwayhash_update_generic(st, data, len);
}

static __always_inline int
kh_highwayhash_final_isa(enum kh_isa isa, const struct kh_simd_min *min,
			 struct kh_highwayhash_state *st, u8 *out,
			 unsigned int digestsize)
{
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	static const struct kh_simd_min min64 = KH_HIGHWAYHASH64_AVX2_MIN;
	static const struct kh_simd_min min128 = KH_HIGHWAYHASH_AVX2_MIN;
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	static const struct kh_simd_min min64 = KH_HIGHWAYHASH64_NEON_MIN;
	static const struct kh_simd_min min128 = KH_HIGHWAYHASH_NEON_MIN;
#endif

	if (isa == KH_ISA_AUTO)
		isa = kh_highwayhash_isa();
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	if (isa == KH_ISA_avx2)
		return kh_highwayhash_final_avx2(st, out, digestsize, min ?:
			digestsize == KH_HIGHWAYHASH64_DIGEST_SIZE ? &min64 : &min128);
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	if (isa == KH_ISA_neon)
		return kh_highwayhash_final_neon(st, out, digestsize, min ?:
			digestsize == KH_HIGHWAYHASH64_DIGEST_SIZE ? &min64 : &min128);
#endif
	return kh_highwayhash_final_generic(st, out, digestsize);
}

/* Multimixer-128: the final is generic C everywhere (a store of the sums). */
static __always_inline enum kh_isa kh_multimixer128_isa(void)
{
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	if (kh_use_avx512(multimixer128))
		return KH_ISA_avx512;
	if (kh_use_avx2(multimixer128))
		return KH_ISA_avx2;
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	if (kh_use_neon(multimixer128))
		return KH_ISA_neon;
#endif
	return KH_ISA_generic;
}

static __always_inline int
kh_multimixer128_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			    struct kh_multimixer128_state *st,
			    const struct kh_multimixer128_key *key,
			    const u8 *data, size_t len)
{
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
#ifndef KH_NO_AS_AVX512
	static const struct kh_simd_min min512 = KH_MULTIMIXER128_AVX512_MIN;
#endif
	static const struct kh_simd_min min2 = KH_MULTIMIXER128_AVX2_MIN;
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	static const struct kh_simd_min minn = KH_MULTIMIXER128_NEON_MIN;
#endif

	if (isa == KH_ISA_AUTO)
		isa = kh_multimixer128_isa();
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
#ifndef KH_NO_AS_AVX512
	if (isa == KH_ISA_avx512)
		return kh_multimixer128_update_avx512(st, key, data, len,
						      min ?: &min512);
#endif
	if (isa == KH_ISA_avx2)
		return kh_multimixer128_update_avx2(st, key, data, len,
						    min ?: &min2);
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	if (isa == KH_ISA_neon)
		return kh_multimixer128_update_neon(st, key, data, len,
						    min ?: &minn);
#endif
	return kh_multimixer128_update_generic(st, key, data, len);
}

/*
 * NHPoly1305 and STHash share the NH stream; their finals hash the last
 * unit with the generic NH (one unit costs less than a SIMD section).
 */
static __always_inline enum kh_isa kh_nhpoly1305_isa(void)
{
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	if (kh_use_avx2(nhpoly1305))
		return KH_ISA_avx2;
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	if (kh_use_neon(nhpoly1305))
		return KH_ISA_neon;
#endif
	return KH_ISA_generic;
}

static __always_inline int
kh_nhpoly1305_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			 struct kh_nhpoly1305_state *st,
			 const struct kh_nhpoly1305_key *key,
			 const u8 *data, size_t len)
{
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	static const struct kh_simd_min min2 = KH_NH_AVX2_MIN;
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	static const struct kh_simd_min minn = KH_NH_NEON_MIN;
#endif

	if (isa == KH_ISA_AUTO)
		isa = kh_nhpoly1305_isa();
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	if (isa == KH_ISA_avx2)
		return kh_nhpoly1305_update_avx2(st, key, data, len,
						 min ?: &min2);
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	if (isa == KH_ISA_neon)
		return kh_nhpoly1305_update_neon(st, key, data, len,
						 min ?: &minn);
#endif
	return kh_nhpoly1305_update_generic(st, key, data, len);
}

static __always_inline enum kh_isa kh_sthash_isa(void)
{
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
	if (kh_use_avx512(sthash))
		return KH_ISA_avx512;
	if (kh_use_avx2(sthash))
		return KH_ISA_avx2;
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	if (kh_use_neon(sthash))
		return KH_ISA_neon;
#endif
	return KH_ISA_generic;
}

static __always_inline int
kh_sthash_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
		     struct kh_sthash_state *st,
		     const struct kh_sthash_key *key, const u8 *data,
		     size_t len)
{
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
#ifndef KH_NO_AS_AVX512
	static const struct kh_simd_min min512 = KH_STHASH_AVX512_MIN;
#endif
	static const struct kh_simd_min min2 = KH_NH_AVX2_MIN;
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	static const struct kh_simd_min minn = KH_NH_NEON_MIN;
#endif

	if (isa == KH_ISA_AUTO)
		isa = kh_sthash_isa();
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
#ifndef KH_NO_AS_AVX512
	if (isa == KH_ISA_avx512)
		return kh_nhpoly1305_update_avx512(&st->nhp, &key->nhp, data,
						   len, min ?: &min512);
#endif
	if (isa == KH_ISA_avx2)
		return kh_nhpoly1305_update_avx2(&st->nhp, &key->nhp, data,
						 len, min ?: &min2);
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
	if (isa == KH_ISA_neon)
		return kh_nhpoly1305_update_neon(&st->nhp, &key->nhp, data,
						 len, min ?: &minn);
#endif
	return kh_nhpoly1305_update_generic(&st->nhp, &key->nhp, data, len);
}

static __always_inline int
kh_sthash_final_isa(enum kh_isa isa, const struct kh_simd_min *min,
		    struct kh_sthash_state *st,
		    const struct kh_sthash_key *key, u8 *out)
{
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86) && !defined(KH_NO_AS_AVX512)
	static const struct kh_simd_min min512 = KH_STHASH_AVX512_MIN;

	/* the only instruction set with a final of its own */
	if (isa == KH_ISA_AUTO ? kh_use_avx512(sthash) : isa == KH_ISA_avx512)
		return kh_sthash_final_avx512(st, key, out, min ?: &min512);
#endif
	return kh_sthash_final_generic(st, key, out);
}

/* The library's calls: the module's choice, the library's thresholds. */
#define kh_highwayhash_update_arch(st, data, len, digestsize)		\
	kh_highwayhash_update_isa(KH_ISA_AUTO, NULL, st, data, len, digestsize)
#define kh_highwayhash_final_arch(st, out, digestsize)			\
	kh_highwayhash_final_isa(KH_ISA_AUTO, NULL, st, out, digestsize)
#define kh_multimixer128_update_arch(st, key, data, len)		\
	kh_multimixer128_update_isa(KH_ISA_AUTO, NULL, st, key, data, len)
#define kh_nhpoly1305_update_arch(st, key, data, len)			\
	kh_nhpoly1305_update_isa(KH_ISA_AUTO, NULL, st, key, data, len)
#define kh_sthash_update_arch(st, key, data, len)			\
	kh_sthash_update_isa(KH_ISA_AUTO, NULL, st, key, data, len)
#define kh_sthash_final_arch(st, key, out)				\
	kh_sthash_final_isa(KH_ISA_AUTO, NULL, st, key, out)

#endif /* _KEYEDHASH_INTERNAL_ARCH_H */
