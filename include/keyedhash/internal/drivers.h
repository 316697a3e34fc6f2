/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keyedhash: the drivers, one table.  Every driver the module registers is
 * one row here, and everything that needs a driver's name, priority,
 * instruction set, sizes or thresholds reads them from this row: the
 * module's struct shash_alg tables (keyedhash_generic.c,
 * arch/<arch>/shash.c) and their MODULE_ALIAS_CRYPTO() lines,
 * libkeyedhash (lib/backend.c), the host tests (tests/host/ht_impl.h,
 * kh_blockfns.h) and the benchmark (tools/bench/ours.c).  A new driver, a
 * new priority or threshold is written here once; tests/rig/one-table.sh
 * (make hosttest) fails where a driver name is spelled out anywhere else.
 *
 * A row is a macro KH_DRIVER_<id>(X), which expands to
 *
 *	X(id, fam, isa, name, driver, priority, digestsize, blocksize,
 *	  key, state, min...)
 *
 * id		the driver's C name: its functions are kh_<id>_<operation>()
 * fam		the library whose code it runs (kh_<fam>_*(): highwayhash,
 *		multimixer128, nhpoly1305, sthash, sthash_personalized)
 * isa		its instruction set (generic, avx2, avx512, neon): the
 *		KH_ISA_<isa> that pins the library's dispatcher
 *		(<keyedhash/internal/arch.h>) to it
 * name, driver	the crypto API's algorithm and driver names
 * priority	the crypto API's priority
 * digestsize, blocksize
 * key, state	the struct tags of its key context and message state
 * min...	its SIMD thresholds, an initializer of struct kh_simd_min
 *		(zero for generic C): the last, variadic, argument of X
 *
 * and the lists KH_<ISA>_DRIVERS(X) expand X for each row of an instruction
 * set, in registration order; KH_DRIVERS(X) for every driver of this build
 * (the generic ones first).
 */
#ifndef _KEYEDHASH_INTERNAL_DRIVERS_H
#define _KEYEDHASH_INTERNAL_DRIVERS_H

/*
 * The instruction sets of the library's dispatcher.  KH_ISA_AUTO: the one
 * the module chose at init (its static keys), for every caller of the
 * library API; any other value pins the dispatcher to that instruction
 * set, for a driver of the table.
 */
enum kh_isa {
	KH_ISA_AUTO,
	KH_ISA_generic,
	KH_ISA_avx2,
	KH_ISA_avx512,
	KH_ISA_neon,
};

#define KH_GENERIC_PRIORITY		100
/*
 * nhpoly1305: each driver below the kernel's own of its instruction set
 * (nhpoly1305-generic 100, -avx2 300, -neon 200), so that Adiantum keeps
 * the in-tree drivers unless ours is asked for by driver name (module init
 * loads the kernel's first: keyedhash_main.c, arch/<arch>/shash.c); the
 * NEON one above our generic C although it has not been timed on arm64
 * hardware.
 */
#define KH_NHPOLY1305_GENERIC_PRIORITY	90
#define KH_AVX2_PRIORITY		300
#define KH_NHPOLY1305_AVX2_PRIORITY	250
#define KH_AVX512_PRIORITY		350
#define KH_NEON_PRIORITY		200
#define KH_NHPOLY1305_NEON_PRIORITY	150

#define KH_NO_SIMD_MIN	{ .task = 0, .kthread = 0 }

/* A family's rows, per instruction set (the sizes are the algorithm's). */
#define KH_ROW_HH(X, bits, isa, prio, ...)				\
	X(highwayhash##bits##_##isa, highwayhash, isa,			\
	  "highwayhash" #bits, "highwayhash" #bits "-" #isa, prio,	\
	  KH_HIGHWAYHASH##bits##_DIGEST_SIZE, KH_HIGHWAYHASH_BLOCK_SIZE, \
	  kh_highwayhash_key, kh_highwayhash_state, __VA_ARGS__)
#define KH_ROW_MM(X, isa, prio, ...)					\
	X(multimixer128_##isa, multimixer128, isa,			\
	  "multimixer128", "multimixer128-" #isa, prio,			\
	  KH_MULTIMIXER128_DIGEST_SIZE, KH_MULTIMIXER128_BLOCK_SIZE,	\
	  kh_multimixer128_key, kh_multimixer128_state, __VA_ARGS__)
#define KH_ROW_NHP(X, isa, prio, ...)					\
	X(nhpoly1305_keyedhash_##isa, nhpoly1305, isa,			\
	  "nhpoly1305", "nhpoly1305-keyedhash-" #isa, prio,		\
	  KH_NHPOLY1305_DIGEST_SIZE, 0,					\
	  kh_nhpoly1305_key, kh_nhpoly1305_state, __VA_ARGS__)
#define KH_ROW_STH(X, isa, prio, ...)					\
	X(sthash_##isa, sthash, isa, "sthash", "sthash-" #isa, prio,	\
	  KH_STHASH_DIGEST_SIZE, KH_NH_UNIT,				\
	  kh_sthash_key, kh_sthash_state, __VA_ARGS__)
#define KH_ROW_STHP(X, isa, prio, ...)					\
	X(sthash_personalized_##isa, sthash_personalized, isa,		\
	  "sthash-personalized", "sthash-personalized-" #isa, prio,	\
	  KH_STHASH_DIGEST_SIZE, KH_NH_UNIT,				\
	  kh_sthash_key, kh_sthash_state, __VA_ARGS__)

/* The generic C */
#define KH_DRIVER_highwayhash64_generic(X)				\
	KH_ROW_HH(X, 64, generic, KH_GENERIC_PRIORITY, KH_NO_SIMD_MIN)
#define KH_DRIVER_highwayhash128_generic(X)				\
	KH_ROW_HH(X, 128, generic, KH_GENERIC_PRIORITY, KH_NO_SIMD_MIN)
#define KH_DRIVER_highwayhash256_generic(X)				\
	KH_ROW_HH(X, 256, generic, KH_GENERIC_PRIORITY, KH_NO_SIMD_MIN)
#define KH_DRIVER_multimixer128_generic(X)				\
	KH_ROW_MM(X, generic, KH_GENERIC_PRIORITY, KH_NO_SIMD_MIN)
#define KH_DRIVER_nhpoly1305_keyedhash_generic(X)			\
	KH_ROW_NHP(X, generic, KH_NHPOLY1305_GENERIC_PRIORITY, KH_NO_SIMD_MIN)
#define KH_DRIVER_sthash_generic(X)					\
	KH_ROW_STH(X, generic, KH_GENERIC_PRIORITY, KH_NO_SIMD_MIN)
#define KH_DRIVER_sthash_personalized_generic(X)			\
	KH_ROW_STHP(X, generic, KH_GENERIC_PRIORITY, KH_NO_SIMD_MIN)

#define KH_GENERIC_DRIVERS(X)						\
	KH_DRIVER_highwayhash64_generic(X)				\
	KH_DRIVER_highwayhash128_generic(X)				\
	KH_DRIVER_highwayhash256_generic(X)				\
	KH_DRIVER_multimixer128_generic(X)				\
	KH_DRIVER_nhpoly1305_keyedhash_generic(X)			\
	KH_DRIVER_sthash_generic(X)					\
	KH_DRIVER_sthash_personalized_generic(X)

/* x86_64: AVX2, and AVX-512 where the assembler knows it (Kbuild) */
#define KH_DRIVER_highwayhash64_avx2(X)					\
	KH_ROW_HH(X, 64, avx2, KH_AVX2_PRIORITY, KH_HIGHWAYHASH64_AVX2_MIN)
#define KH_DRIVER_highwayhash128_avx2(X)				\
	KH_ROW_HH(X, 128, avx2, KH_AVX2_PRIORITY, KH_HIGHWAYHASH_AVX2_MIN)
#define KH_DRIVER_highwayhash256_avx2(X)				\
	KH_ROW_HH(X, 256, avx2, KH_AVX2_PRIORITY, KH_HIGHWAYHASH_AVX2_MIN)
#define KH_DRIVER_multimixer128_avx2(X)					\
	KH_ROW_MM(X, avx2, KH_AVX2_PRIORITY, KH_MULTIMIXER128_AVX2_MIN)
#define KH_DRIVER_nhpoly1305_keyedhash_avx2(X)				\
	KH_ROW_NHP(X, avx2, KH_NHPOLY1305_AVX2_PRIORITY, KH_NH_AVX2_MIN)
#define KH_DRIVER_sthash_avx2(X)					\
	KH_ROW_STH(X, avx2, KH_AVX2_PRIORITY, KH_NH_AVX2_MIN)
#define KH_DRIVER_sthash_personalized_avx2(X)				\
	KH_ROW_STHP(X, avx2, KH_AVX2_PRIORITY, KH_NH_AVX2_MIN)
#define KH_DRIVER_multimixer128_avx512(X)				\
	KH_ROW_MM(X, avx512, KH_AVX512_PRIORITY, KH_MULTIMIXER128_AVX512_MIN)
#define KH_DRIVER_sthash_avx512(X)					\
	KH_ROW_STH(X, avx512, KH_AVX512_PRIORITY, KH_STHASH_AVX512_MIN)
#define KH_DRIVER_sthash_personalized_avx512(X)				\
	KH_ROW_STHP(X, avx512, KH_AVX512_PRIORITY, KH_STHASH_AVX512_MIN)

#define KH_AVX2_DRIVERS(X)						\
	KH_DRIVER_highwayhash64_avx2(X)					\
	KH_DRIVER_highwayhash128_avx2(X)				\
	KH_DRIVER_highwayhash256_avx2(X)				\
	KH_DRIVER_multimixer128_avx2(X)					\
	KH_DRIVER_nhpoly1305_keyedhash_avx2(X)				\
	KH_DRIVER_sthash_avx2(X)					\
	KH_DRIVER_sthash_personalized_avx2(X)
#ifdef KH_NO_AS_AVX512
#define KH_AVX512_DRIVERS(X)
#else
#define KH_AVX512_DRIVERS(X)						\
	KH_DRIVER_multimixer128_avx512(X)				\
	KH_DRIVER_sthash_avx512(X)					\
	KH_DRIVER_sthash_personalized_avx512(X)
#endif

/* arm64: NEON */
#define KH_DRIVER_highwayhash64_neon(X)					\
	KH_ROW_HH(X, 64, neon, KH_NEON_PRIORITY, KH_HIGHWAYHASH64_NEON_MIN)
#define KH_DRIVER_highwayhash128_neon(X)				\
	KH_ROW_HH(X, 128, neon, KH_NEON_PRIORITY, KH_HIGHWAYHASH_NEON_MIN)
#define KH_DRIVER_highwayhash256_neon(X)				\
	KH_ROW_HH(X, 256, neon, KH_NEON_PRIORITY, KH_HIGHWAYHASH_NEON_MIN)
#define KH_DRIVER_multimixer128_neon(X)					\
	KH_ROW_MM(X, neon, KH_NEON_PRIORITY, KH_MULTIMIXER128_NEON_MIN)
#define KH_DRIVER_nhpoly1305_keyedhash_neon(X)				\
	KH_ROW_NHP(X, neon, KH_NHPOLY1305_NEON_PRIORITY, KH_NH_NEON_MIN)
#define KH_DRIVER_sthash_neon(X)					\
	KH_ROW_STH(X, neon, KH_NEON_PRIORITY, KH_NH_NEON_MIN)
#define KH_DRIVER_sthash_personalized_neon(X)				\
	KH_ROW_STHP(X, neon, KH_NEON_PRIORITY, KH_NH_NEON_MIN)

#define KH_NEON_DRIVERS(X)						\
	KH_DRIVER_highwayhash64_neon(X)					\
	KH_DRIVER_highwayhash128_neon(X)				\
	KH_DRIVER_highwayhash256_neon(X)				\
	KH_DRIVER_multimixer128_neon(X)					\
	KH_DRIVER_nhpoly1305_keyedhash_neon(X)				\
	KH_DRIVER_sthash_neon(X)					\
	KH_DRIVER_sthash_personalized_neon(X)

/* The drivers of this build, in the order module init registers them. */
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
#define KH_ARCH_DRIVERS(X)	KH_AVX2_DRIVERS(X) KH_AVX512_DRIVERS(X)
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
#define KH_ARCH_DRIVERS(X)	KH_NEON_DRIVERS(X)
#else
#define KH_ARCH_DRIVERS(X)
#endif
#define KH_DRIVERS(X)		KH_GENERIC_DRIVERS(X) KH_ARCH_DRIVERS(X)

/* Column readers, for X */
#define KH_DRIVER_MIN(id, fam, isa, name, driver, prio, ds, bs, key, state, \
		      ...)							\
	__VA_ARGS__

#endif /* _KEYEDHASH_INTERNAL_DRIVERS_H */
