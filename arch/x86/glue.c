// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the x86_64 drivers.  Each algorithm's state machine is
 * instantiated here per instruction set (hh_avx2_alg, ...) with the
 * assembly as direct calls, in SIMD sections of at most KH_SIMD_CHUNK bytes
 * of data (include/keyedhash/simd.h), and the generic C below the driver's
 * threshold or when SIMD may not be used.  The arch-ops tables
 * (hh_avx2_ops, ...) name the same block functions for the tests and the
 * benchmark.  The AVX-512 drivers need an assembler that knows AVX-512
 * (Kbuild defines KH_NO_AS_AVX512 where it does not).
 */
#include <crypto/algapi.h>	/* MODULE_ALIAS_CRYPTO() */
#include <linux/crypto.h>
#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/cpufeature.h>
#include <asm/fpu/api.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/simd.h>
#include <keyedhash/highwayhash.h>
#include <keyedhash/keccak.h>
#include <keyedhash/multimixer128.h>
#include <keyedhash/nhpoly1305.h>
#include <keyedhash/sthash.h>

#define KH_AVX2_PRIORITY	300
#define KH_AVX512_PRIORITY	350
/*
 * nhpoly1305: below the kernel's own nhpoly1305-avx2 (300), which module
 * init loads first (load_first), so that Adiantum keeps the in-tree code
 * unless our driver is named; see the README.
 */
#define KH_NHPOLY1305_AVX2_PRIORITY	250

/*
 * struct kh_impl.simd_min: the shortest update (and message, for final())
 * that enters a SIMD section; below it the generic C costs less than the
 * section.  Where the generic and the SIMD driver cross in make bench's
 * "as in the kernel" rows (a message is a system call of a user task: its
 * first section saves and later restores the task's FPU registers, about
 * 600 cycles on the AMD Zen 4 measured), rounded to a measured size; see
 * the README's Speed section.  HighwayHash-128/256 and STHash with the
 * AVX-512 Keccak gain even on 16 bytes: their finalisation alone costs
 * the generic C more than a section.
 */
#define KH_HH64_SIMD_MIN		128
#define KH_HH_SIMD_MIN			0
#define KH_MM128_SIMD_MIN		2048
#define KH_NH_SIMD_MIN			768
#define KH_STHASH_AVX512_SIMD_MIN	0

static bool kh_x86_avx2_usable(void)
{
	return boot_cpu_has(X86_FEATURE_AVX2) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
}

/*
 * Both AVX-512 drivers work in zmm registers: not on the CPUs where that
 * lowers the clock enough to cost more than it gains (the kernel flags
 * them X86_FEATURE_PREFER_YMM).
 */
static bool __maybe_unused kh_x86_avx512_usable(void)
{
	return boot_cpu_has(X86_FEATURE_AVX2) &&
	       boot_cpu_has(X86_FEATURE_AVX512F) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				 XFEATURE_MASK_AVX512, NULL) &&
	       !boot_cpu_has(X86_FEATURE_PREFER_YMM);
}

/* HighwayHash */

asmlinkage void kh_hh_blocks_avx2(struct hh_state *st, const u8 *src,
				  size_t nblocks);
asmlinkage void kh_hh_finish_avx2(struct hh_state *st, u8 *out,
				  unsigned int digestsize, const u8 *pkt,
				  unsigned int n);

/*
 * The arch-ops tables hold C functions only: an assembly entry point has no
 * ENDBR, which an indirect call needs under IBT (objtool says so).
 */
static void hh_blocks_avx2(struct hh_state *st, const u8 *src, size_t n)
{
	kh_hh_blocks_avx2(st, src, n);
}

/* In a SIMD section: the remainder packet in C, the rest in assembly. */
static void hh_finish_avx2(struct hh_state *st, u8 *out,
			   unsigned int digestsize)
{
	unsigned int n = st->len % HH_PACKET_SIZE;
	u8 pkt[HH_PACKET_SIZE];

	/* the assembly reads the state words at fixed offsets */
	BUILD_BUG_ON(offsetof(struct hh_state, v1) != 32 ||
		     offsetof(struct hh_state, mul0) != 64 ||
		     offsetof(struct hh_state, mul1) != 96);

	if (!n) {
		kh_hh_finish_avx2(st, out, digestsize, NULL, 0);
		return;
	}
	hh_remainder_packet(st, pkt);
	kh_hh_finish_avx2(st, out, digestsize, pkt, n);
	memzero_explicit(pkt, sizeof(pkt));
}

static const struct hh_arch_ops hh_avx2_ops = {
	.blocks = hh_blocks_avx2,
	.finish = hh_finish_avx2,
};

KH_HH_SIMD_ALG(hh_avx2_alg, hh_blocks_avx2, hh_finish_avx2);

/* Multimixer-128 */

asmlinkage void kh_mm128_blocks_avx2_asm(u64 h[8], const u8 *key,
					 const u8 *msg, size_t nblocks);

static void mm128_blocks_avx2(u64 h[8], const u8 *key, const u8 *msg,
			      size_t nblocks)
{
	kh_mm128_blocks_avx2_asm(h, key, msg, nblocks);
}

static const struct mm128_arch_ops mm128_avx2_ops = {
	.blocks = mm128_blocks_avx2,
};

KH_MM128_SIMD_ALG(mm128_avx2_alg, mm128_blocks_avx2);

#ifndef KH_NO_AS_AVX512
asmlinkage void kh_mm128_blocks_avx512_asm(u64 h[8], const u8 *key,
					   const u8 *msg, size_t nblocks);

/* Groups of four blocks in zmm registers, the last 0..3 with AVX2. */
static void mm128_blocks_avx512(u64 h[8], const u8 *key, const u8 *msg,
				size_t nblocks)
{
	size_t n4 = nblocks & ~(size_t)3;

	if (n4)
		kh_mm128_blocks_avx512_asm(h, key, msg, n4);
	if (nblocks > n4)
		kh_mm128_blocks_avx2_asm(h, key + n4 * MM128_BLOCK_SIZE,
					 msg + n4 * MM128_BLOCK_SIZE,
					 nblocks - n4);
}

static const struct mm128_arch_ops mm128_avx512_ops = {
	.blocks = mm128_blocks_avx512,
};

KH_MM128_SIMD_ALG(mm128_avx512_alg, mm128_blocks_avx512);
#endif

/* NH, shared by nhpoly1305, sthash and sthash-personalized */

asmlinkage void kh_nh_avx2_asm(const u32 *key, const u8 *msg, size_t len,
			       u64 hash[KH_NH_NUM_PASSES]);

static void nh_avx2(const u32 *key, const u8 *msg, size_t len,
		    u64 hash[KH_NH_NUM_PASSES])
{
	kh_nh_avx2_asm(key, msg, len, hash);
}

asmlinkage void kh_nh_avx2_chunks(const u32 *key, const u8 *msg,
				  size_t nchunks,
				  u64 hashes[][KH_NH_NUM_PASSES]);

static const struct nhpoly1305_arch_ops nhpoly1305_avx2_ops = {
	.nh = nh_avx2,
};

KH_NHPOLY1305_SIMD_UPDATE4(nhpoly1305_avx2_update, nh_avx2,
			   kh_nh_avx2_chunks)
KH_NHPOLY1305_SIMD_ALG(nhpoly1305_avx2_alg, nhpoly1305_avx2_update);
KH_STHASH_SIMD_ALGS(sthash_avx2_alg, nhpoly1305_avx2_update,
		    sthash_keccakf_generic);

#ifndef KH_NO_AS_AVX512
/*
 * STHash with AVX-512: NH on zmm (four units per register), and
 * Keccak-f[1600] for the KMAC128 output step, the fixed cost that
 * dominates short messages.
 */
asmlinkage void kh_nh_avx512_asm(const u32 *key, const u8 *msg, size_t len,
				 u64 hash[KH_NH_NUM_PASSES]);

static void nh_avx512(const u32 *key, const u8 *msg, size_t len,
		      u64 hash[KH_NH_NUM_PASSES])
{
	kh_nh_avx512_asm(key, msg, len, hash);
}

asmlinkage void kh_nh_avx512_chunks(const u32 *key, const u8 *msg,
				    size_t nchunks,
				    u64 hashes[][KH_NH_NUM_PASSES]);

KH_NHPOLY1305_SIMD_UPDATE4(sthash_avx512_update, nh_avx512,
			   kh_nh_avx512_chunks)

asmlinkage void kh_keccakf1600_avx512_asm(u64 st[KH_KECCAK_LANES]);

static void sthash_keccakf_avx512(const struct kh_impl *impl, u64 len,
				  u64 st[KH_KECCAK_LANES])
{
	struct kh_simd_save save;

	if (!kh_simd_final_usable(len, impl->simd_min)) {
		kh_keccakf1600(st);
		return;
	}
	kh_simd_begin(&save);
	kh_keccakf1600_avx512_asm(st);
	kh_simd_end(&save);
}

static void keccakf_avx512(u64 st[KH_KECCAK_LANES])
{
	kh_keccakf1600_avx512_asm(st);
}

static const struct nhpoly1305_arch_ops sthash_avx512_ops = {
	.nh = nh_avx512,
	.keccakf = keccakf_avx512,
};

KH_STHASH_SIMD_ALGS(sthash_avx512_alg, sthash_avx512_update,
		    sthash_keccakf_avx512);
#endif

#define KH_X86_DRIVER(alg_name, drv, prio, dsize, bsize, algops, archops,	\
		      min, usable_fn) {					\
	.name = alg_name, .driver = drv, .priority = prio,		\
	.digestsize = dsize, .blocksize = bsize,			\
	.alg = &(algops), .arch = &(archops), .simd_min = min,		\
	.usable = usable_fn,						\
}

const struct kh_impl kh_arch_impls[] = {
	KH_X86_DRIVER("highwayhash64", "highwayhash64-avx2", KH_AVX2_PRIORITY,
		      HH64_DIGEST_SIZE, HH_PACKET_SIZE, hh_avx2_alg,
		      hh_avx2_ops, KH_HH64_SIMD_MIN, kh_x86_avx2_usable),
	KH_X86_DRIVER("highwayhash128", "highwayhash128-avx2",
		      KH_AVX2_PRIORITY, HH128_DIGEST_SIZE, HH_PACKET_SIZE,
		      hh_avx2_alg, hh_avx2_ops, KH_HH_SIMD_MIN,
		      kh_x86_avx2_usable),
	KH_X86_DRIVER("highwayhash256", "highwayhash256-avx2",
		      KH_AVX2_PRIORITY, HH256_DIGEST_SIZE, HH_PACKET_SIZE,
		      hh_avx2_alg, hh_avx2_ops, KH_HH_SIMD_MIN,
		      kh_x86_avx2_usable),
	KH_X86_DRIVER("multimixer128", "multimixer128-avx2", KH_AVX2_PRIORITY,
		      MM128_DIGEST_SIZE, MM128_BLOCK_SIZE, mm128_avx2_alg,
		      mm128_avx2_ops, KH_MM128_SIMD_MIN, kh_x86_avx2_usable),
#ifndef KH_NO_AS_AVX512
	KH_X86_DRIVER("multimixer128", "multimixer128-avx512",
		      KH_AVX512_PRIORITY, MM128_DIGEST_SIZE, MM128_BLOCK_SIZE,
		      mm128_avx512_alg, mm128_avx512_ops, KH_MM128_SIMD_MIN,
		      kh_x86_avx512_usable),
#endif
	{
		.name = "nhpoly1305", .driver = "nhpoly1305-keyedhash-avx2",
		.priority = KH_NHPOLY1305_AVX2_PRIORITY,
		.digestsize = NHPOLY1305_DIGEST_SIZE, .blocksize = 0,
		.alg = &nhpoly1305_avx2_alg, .arch = &nhpoly1305_avx2_ops,
		.simd_min = KH_NH_SIMD_MIN,
		.usable = kh_x86_avx2_usable, .load_first = "nhpoly1305-avx2",
	},
	KH_X86_DRIVER("sthash", "sthash-avx2", KH_AVX2_PRIORITY,
		      STHASH_DIGEST_SIZE, KH_NH_UNIT, sthash_avx2_alg,
		      nhpoly1305_avx2_ops, KH_NH_SIMD_MIN, kh_x86_avx2_usable),
	KH_X86_DRIVER("sthash-personalized", "sthash-personalized-avx2",
		      KH_AVX2_PRIORITY, STHASH_DIGEST_SIZE, KH_NH_UNIT,
		      sthash_avx2_alg_personalized, nhpoly1305_avx2_ops,
		      KH_NH_SIMD_MIN, kh_x86_avx2_usable),
#ifndef KH_NO_AS_AVX512
	KH_X86_DRIVER("sthash", "sthash-avx512", KH_AVX512_PRIORITY,
		      STHASH_DIGEST_SIZE, KH_NH_UNIT, sthash_avx512_alg,
		      sthash_avx512_ops, KH_STHASH_AVX512_SIMD_MIN,
		      kh_x86_avx512_usable),
	KH_X86_DRIVER("sthash-personalized", "sthash-personalized-avx512",
		      KH_AVX512_PRIORITY, STHASH_DIGEST_SIZE, KH_NH_UNIT,
		      sthash_avx512_alg_personalized, sthash_avx512_ops,
		      KH_STHASH_AVX512_SIMD_MIN, kh_x86_avx512_usable),
#endif
};

const unsigned int kh_arch_impl_count = ARRAY_SIZE(kh_arch_impls);

MODULE_ALIAS_CRYPTO("highwayhash64-avx2");
MODULE_ALIAS_CRYPTO("highwayhash128-avx2");
MODULE_ALIAS_CRYPTO("highwayhash256-avx2");
MODULE_ALIAS_CRYPTO("multimixer128-avx2");
MODULE_ALIAS_CRYPTO("nhpoly1305-keyedhash-avx2");
MODULE_ALIAS_CRYPTO("sthash-avx2");
MODULE_ALIAS_CRYPTO("sthash-personalized-avx2");
#ifndef KH_NO_AS_AVX512
MODULE_ALIAS_CRYPTO("multimixer128-avx512");
MODULE_ALIAS_CRYPTO("sthash-avx512");
MODULE_ALIAS_CRYPTO("sthash-personalized-avx512");
#endif
