/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keyedhash: the drivers, one table.  Every driver the module registers is
 * one row here, and everything that needs a driver's name, priority,
 * instruction set, sizes or thresholds reads them from this row: the
 * module's struct shash_alg tables (keyedhash_generic.c,
 * arch/<arch>/shash.c: KH_SHASH_ALG()), the drivers' functions
 * (KH_SHASH_FUNCS()), the library's thresholds (KH_DRIVER_MIN()),
 * libkeyedhash (libkeyedhash/backend.c),
 * the host tests (tests/host/ht_impl.h, kh_blockfns.h) and the benchmark
 * (tools/bench/ours.c).  tests/rig/host/one-table.sh (make check's host tier,
 * make check-quick) fails where a driver name is spelled out anywhere else
 * but the MODULE_ALIAS_CRYPTO() lines of the drivers' files, which must
 * name exactly the table's drivers of their file's instruction sets.
 *
 * A row is a macro KH_DRIVER_<id>(X), <id> the driver name with '-' as
 * '_' (the prefix of its functions, kh_<id>_<operation>()), which expands
 * to
 *
 *	X(name, driver, priority, digestsize, blocksize, key, state,
 *	  fam, isa, min...)
 *
 * name, driver	the crypto API's algorithm and driver names
 * priority	the crypto API's priority
 * digestsize, blocksize
 * key, state	the struct tags of its key context and message state
 * fam		the library whose code it runs (kh_<fam>_*(): highwayhash,
 *		multimixer128, nhpoly1305, sthash, sthash_personalized)
 * isa		its instruction set (generic, avx2, avx512, neon): the
 *		KH_ISA_<isa> that pins the library's dispatcher
 *		(<keyedhash/internal/<alg>.h>) to it
 * min...	its SIMD thresholds, an initializer of struct kh_simd_min
 *		(below; zero for generic C)
 *
 * The rows of this build in registration order, the generic ones first:
 * define KH_DRIVER(...) as X, then include <keyedhash/internal/drivers.h>
 * again (the end of this file, as <asm/kvm-x86-ops.h> is used), with
 * KH_DRIVERS_GENERIC_ONLY or KH_DRIVERS_ARCH_ONLY defined for a part, or
 * KH_DRIVERS_EVERY_ISA for the rows of every architecture.
 */
#ifndef _KEYEDHASH_INTERNAL_DRIVERS_H
#define _KEYEDHASH_INTERNAL_DRIVERS_H

/* enum kh_isa, the values of a row's isa field */
#include <keyedhash/internal/isa.h>

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

/*
 * The thresholds of the SIMD drivers (struct kh_simd_min,
 * <keyedhash/internal/simd.h>), which the library runs with too: its dispatcher
 * reads them from the row of its algorithm and instruction set.  .task:
 * the first section of a user task's system call saves its FPU registers,
 * which costs more on some CPUs than on others: the values are the
 * crossings of the machine where it cost most, so they are not too low
 * elsewhere; .kthread: a section costs only its light part
 * (docs/design.md, "SIMD sections and thresholds").  HighwayHash-128/256,
 * and STHash with the AVX-512 Keccak, gain even on 16 bytes: their
 * finalisation alone costs the generic C more.  NHPoly1305 and STHash
 * share the NH stream's.  NEON: the x86 values, untimed on arm64 hardware
 * (kernel_neon_begin() saves 512 bytes of registers where x86 saves up to
 * 2.7 KiB, so the best task thresholds are probably lower).
 */
#define KH_NO_SIMD_MIN			{ .task = 0, .kthread = 0 }
#define KH_HIGHWAYHASH64_AVX2_MIN	{ .task = 128, .kthread = 0 }
#define KH_HIGHWAYHASH_AVX2_MIN		{ .task = 0, .kthread = 0 }
#define KH_MULTIMIXER128_AVX2_MIN	{ .task = 2048, .kthread = 192 }
#define KH_MULTIMIXER128_AVX512_MIN	{ .task = 2048, .kthread = 384 }
#define KH_NH_AVX2_MIN			{ .task = 768, .kthread = 32 }
#define KH_STHASH_AVX512_MIN		{ .task = 0, .kthread = 0 }
#define KH_HIGHWAYHASH64_NEON_MIN	KH_HIGHWAYHASH64_AVX2_MIN
#define KH_HIGHWAYHASH_NEON_MIN		KH_HIGHWAYHASH_AVX2_MIN
#define KH_MULTIMIXER128_NEON_MIN	KH_MULTIMIXER128_AVX2_MIN
#define KH_NH_NEON_MIN			KH_NH_AVX2_MIN

/*
 * The fields of driver <id>'s row, and its thresholds, as an initializer
 * of struct kh_simd_min.
 */
#define KH_ROW(...)		__VA_ARGS__
#define KH_DRIVER_MIN(id)	KH_DRIVER_##id(__KH_ROW_MIN)
#define __KH_ROW_MIN(name, driver, prio, ds, bs, key, state, fam, isa, ...) \
	__KH_MIN(__VA_ARGS__, name, driver, prio, ds, bs, key, state, fam, isa)
#define __KH_MIN(task, kthread, ...)	KH_ROW(task, kthread)

/* The generic C */
#define KH_DRIVER_highwayhash64_generic(X)	\
	X("highwayhash64", "highwayhash64-generic", KH_GENERIC_PRIORITY,	\
	  KH_HIGHWAYHASH64_DIGEST_SIZE, KH_HIGHWAYHASH_BLOCK_SIZE,	\
	  kh_highwayhash_key, kh_highwayhash_state,	\
	  highwayhash, generic, KH_NO_SIMD_MIN)
#define KH_DRIVER_highwayhash128_generic(X)	\
	X("highwayhash128", "highwayhash128-generic", KH_GENERIC_PRIORITY,	\
	  KH_HIGHWAYHASH128_DIGEST_SIZE, KH_HIGHWAYHASH_BLOCK_SIZE,	\
	  kh_highwayhash_key, kh_highwayhash_state,	\
	  highwayhash, generic, KH_NO_SIMD_MIN)
#define KH_DRIVER_highwayhash256_generic(X)	\
	X("highwayhash256", "highwayhash256-generic", KH_GENERIC_PRIORITY,	\
	  KH_HIGHWAYHASH256_DIGEST_SIZE, KH_HIGHWAYHASH_BLOCK_SIZE,	\
	  kh_highwayhash_key, kh_highwayhash_state,	\
	  highwayhash, generic, KH_NO_SIMD_MIN)
#define KH_DRIVER_multimixer128_generic(X)	\
	X("multimixer128", "multimixer128-generic", KH_GENERIC_PRIORITY,	\
	  KH_MULTIMIXER128_DIGEST_SIZE, KH_MULTIMIXER128_BLOCK_SIZE,	\
	  kh_multimixer128_key, kh_multimixer128_state,	\
	  multimixer128, generic, KH_NO_SIMD_MIN)
#define KH_DRIVER_nhpoly1305_keyedhash_generic(X)	\
	X("nhpoly1305", "nhpoly1305-keyedhash-generic", KH_NHPOLY1305_GENERIC_PRIORITY,	\
	  KH_NHPOLY1305_DIGEST_SIZE, 0,	\
	  kh_nhpoly1305_key, kh_nhpoly1305_state,	\
	  nhpoly1305, generic, KH_NO_SIMD_MIN)
#define KH_DRIVER_sthash_generic(X)	\
	X("sthash", "sthash-generic", KH_GENERIC_PRIORITY,	\
	  KH_STHASH_DIGEST_SIZE, KH_NH_UNIT,	\
	  kh_sthash_key, kh_sthash_state,	\
	  sthash, generic, KH_NO_SIMD_MIN)
#define KH_DRIVER_sthash_personalized_generic(X)	\
	X("sthash-personalized", "sthash-personalized-generic", KH_GENERIC_PRIORITY,	\
	  KH_STHASH_DIGEST_SIZE, KH_NH_UNIT,	\
	  kh_sthash_key, kh_sthash_state,	\
	  sthash_personalized, generic, KH_NO_SIMD_MIN)

/* x86_64: AVX2, and AVX-512 where the assembler knows it (Kbuild) */
#define KH_DRIVER_highwayhash64_avx2(X)	\
	X("highwayhash64", "highwayhash64-avx2", KH_AVX2_PRIORITY,	\
	  KH_HIGHWAYHASH64_DIGEST_SIZE, KH_HIGHWAYHASH_BLOCK_SIZE,	\
	  kh_highwayhash_key, kh_highwayhash_state,	\
	  highwayhash, avx2, KH_HIGHWAYHASH64_AVX2_MIN)
#define KH_DRIVER_highwayhash128_avx2(X)	\
	X("highwayhash128", "highwayhash128-avx2", KH_AVX2_PRIORITY,	\
	  KH_HIGHWAYHASH128_DIGEST_SIZE, KH_HIGHWAYHASH_BLOCK_SIZE,	\
	  kh_highwayhash_key, kh_highwayhash_state,	\
	  highwayhash, avx2, KH_HIGHWAYHASH_AVX2_MIN)
#define KH_DRIVER_highwayhash256_avx2(X)	\
	X("highwayhash256", "highwayhash256-avx2", KH_AVX2_PRIORITY,	\
	  KH_HIGHWAYHASH256_DIGEST_SIZE, KH_HIGHWAYHASH_BLOCK_SIZE,	\
	  kh_highwayhash_key, kh_highwayhash_state,	\
	  highwayhash, avx2, KH_HIGHWAYHASH_AVX2_MIN)
#define KH_DRIVER_multimixer128_avx2(X)	\
	X("multimixer128", "multimixer128-avx2", KH_AVX2_PRIORITY,	\
	  KH_MULTIMIXER128_DIGEST_SIZE, KH_MULTIMIXER128_BLOCK_SIZE,	\
	  kh_multimixer128_key, kh_multimixer128_state,	\
	  multimixer128, avx2, KH_MULTIMIXER128_AVX2_MIN)
#define KH_DRIVER_nhpoly1305_keyedhash_avx2(X)	\
	X("nhpoly1305", "nhpoly1305-keyedhash-avx2", KH_NHPOLY1305_AVX2_PRIORITY,	\
	  KH_NHPOLY1305_DIGEST_SIZE, 0,	\
	  kh_nhpoly1305_key, kh_nhpoly1305_state,	\
	  nhpoly1305, avx2, KH_NH_AVX2_MIN)
#define KH_DRIVER_sthash_avx2(X)	\
	X("sthash", "sthash-avx2", KH_AVX2_PRIORITY,	\
	  KH_STHASH_DIGEST_SIZE, KH_NH_UNIT,	\
	  kh_sthash_key, kh_sthash_state,	\
	  sthash, avx2, KH_NH_AVX2_MIN)
#define KH_DRIVER_sthash_personalized_avx2(X)	\
	X("sthash-personalized", "sthash-personalized-avx2", KH_AVX2_PRIORITY,	\
	  KH_STHASH_DIGEST_SIZE, KH_NH_UNIT,	\
	  kh_sthash_key, kh_sthash_state,	\
	  sthash_personalized, avx2, KH_NH_AVX2_MIN)
#define KH_DRIVER_multimixer128_avx512(X)	\
	X("multimixer128", "multimixer128-avx512", KH_AVX512_PRIORITY,	\
	  KH_MULTIMIXER128_DIGEST_SIZE, KH_MULTIMIXER128_BLOCK_SIZE,	\
	  kh_multimixer128_key, kh_multimixer128_state,	\
	  multimixer128, avx512, KH_MULTIMIXER128_AVX512_MIN)
#define KH_DRIVER_sthash_avx512(X)	\
	X("sthash", "sthash-avx512", KH_AVX512_PRIORITY,	\
	  KH_STHASH_DIGEST_SIZE, KH_NH_UNIT,	\
	  kh_sthash_key, kh_sthash_state,	\
	  sthash, avx512, KH_STHASH_AVX512_MIN)
#define KH_DRIVER_sthash_personalized_avx512(X)	\
	X("sthash-personalized", "sthash-personalized-avx512", KH_AVX512_PRIORITY,	\
	  KH_STHASH_DIGEST_SIZE, KH_NH_UNIT,	\
	  kh_sthash_key, kh_sthash_state,	\
	  sthash_personalized, avx512, KH_STHASH_AVX512_MIN)

/* arm64: NEON */
#define KH_DRIVER_highwayhash64_neon(X)	\
	X("highwayhash64", "highwayhash64-neon", KH_NEON_PRIORITY,	\
	  KH_HIGHWAYHASH64_DIGEST_SIZE, KH_HIGHWAYHASH_BLOCK_SIZE,	\
	  kh_highwayhash_key, kh_highwayhash_state,	\
	  highwayhash, neon, KH_HIGHWAYHASH64_NEON_MIN)
#define KH_DRIVER_highwayhash128_neon(X)	\
	X("highwayhash128", "highwayhash128-neon", KH_NEON_PRIORITY,	\
	  KH_HIGHWAYHASH128_DIGEST_SIZE, KH_HIGHWAYHASH_BLOCK_SIZE,	\
	  kh_highwayhash_key, kh_highwayhash_state,	\
	  highwayhash, neon, KH_HIGHWAYHASH_NEON_MIN)
#define KH_DRIVER_highwayhash256_neon(X)	\
	X("highwayhash256", "highwayhash256-neon", KH_NEON_PRIORITY,	\
	  KH_HIGHWAYHASH256_DIGEST_SIZE, KH_HIGHWAYHASH_BLOCK_SIZE,	\
	  kh_highwayhash_key, kh_highwayhash_state,	\
	  highwayhash, neon, KH_HIGHWAYHASH_NEON_MIN)
#define KH_DRIVER_multimixer128_neon(X)	\
	X("multimixer128", "multimixer128-neon", KH_NEON_PRIORITY,	\
	  KH_MULTIMIXER128_DIGEST_SIZE, KH_MULTIMIXER128_BLOCK_SIZE,	\
	  kh_multimixer128_key, kh_multimixer128_state,	\
	  multimixer128, neon, KH_MULTIMIXER128_NEON_MIN)
#define KH_DRIVER_nhpoly1305_keyedhash_neon(X)	\
	X("nhpoly1305", "nhpoly1305-keyedhash-neon", KH_NHPOLY1305_NEON_PRIORITY,	\
	  KH_NHPOLY1305_DIGEST_SIZE, 0,	\
	  kh_nhpoly1305_key, kh_nhpoly1305_state,	\
	  nhpoly1305, neon, KH_NH_NEON_MIN)
#define KH_DRIVER_sthash_neon(X)	\
	X("sthash", "sthash-neon", KH_NEON_PRIORITY,	\
	  KH_STHASH_DIGEST_SIZE, KH_NH_UNIT,	\
	  kh_sthash_key, kh_sthash_state,	\
	  sthash, neon, KH_NH_NEON_MIN)
#define KH_DRIVER_sthash_personalized_neon(X)	\
	X("sthash-personalized", "sthash-personalized-neon", KH_NEON_PRIORITY,	\
	  KH_STHASH_DIGEST_SIZE, KH_NH_UNIT,	\
	  kh_sthash_key, kh_sthash_state,	\
	  sthash_personalized, neon, KH_NH_NEON_MIN)

#endif /* _KEYEDHASH_INTERNAL_DRIVERS_H */

/* The rows of this build, for the includer's KH_DRIVER() */
#ifdef KH_DRIVER
#ifndef KH_DRIVERS_ARCH_ONLY
KH_DRIVER_highwayhash64_generic(KH_DRIVER)
KH_DRIVER_highwayhash128_generic(KH_DRIVER)
KH_DRIVER_highwayhash256_generic(KH_DRIVER)
KH_DRIVER_multimixer128_generic(KH_DRIVER)
KH_DRIVER_nhpoly1305_keyedhash_generic(KH_DRIVER)
KH_DRIVER_sthash_generic(KH_DRIVER)
KH_DRIVER_sthash_personalized_generic(KH_DRIVER)
#endif
#ifndef KH_DRIVERS_GENERIC_ONLY
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86) || defined(KH_DRIVERS_EVERY_ISA)
KH_DRIVER_highwayhash64_avx2(KH_DRIVER)
KH_DRIVER_highwayhash128_avx2(KH_DRIVER)
KH_DRIVER_highwayhash256_avx2(KH_DRIVER)
KH_DRIVER_multimixer128_avx2(KH_DRIVER)
KH_DRIVER_nhpoly1305_keyedhash_avx2(KH_DRIVER)
KH_DRIVER_sthash_avx2(KH_DRIVER)
KH_DRIVER_sthash_personalized_avx2(KH_DRIVER)
#ifndef KH_NO_AS_AVX512
KH_DRIVER_multimixer128_avx512(KH_DRIVER)
KH_DRIVER_sthash_avx512(KH_DRIVER)
KH_DRIVER_sthash_personalized_avx512(KH_DRIVER)
#endif
#endif
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64) || defined(KH_DRIVERS_EVERY_ISA)
KH_DRIVER_highwayhash64_neon(KH_DRIVER)
KH_DRIVER_highwayhash128_neon(KH_DRIVER)
KH_DRIVER_highwayhash256_neon(KH_DRIVER)
KH_DRIVER_multimixer128_neon(KH_DRIVER)
KH_DRIVER_nhpoly1305_keyedhash_neon(KH_DRIVER)
KH_DRIVER_sthash_neon(KH_DRIVER)
KH_DRIVER_sthash_personalized_neon(KH_DRIVER)
#endif
#endif
#undef KH_DRIVER
#endif /* KH_DRIVER */
