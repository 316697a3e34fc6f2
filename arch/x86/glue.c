// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the x86_64 instruction sets of the library.  Per algorithm an
 * update (and where it has SIMD work, a final) per instruction set,
 * kh_<algorithm>_<op>_avx2() and _avx512(): the algorithm's absorb step
 * pinned to the instruction set, the assembly as direct calls (its
 * prototypes in arch/x86/<algorithm>.h), in SIMD sections
 * of at most KH_SIMD_CHUNK bytes of data (<keyedhash/internal/simd.h>), and the
 * generic C below the caller's thresholds or when SIMD may not be used.
 * The library (lib/) and the SIMD drivers (arch/x86/shash.c) call them;
 * kh_arch_init() chooses what the library runs: it sets the static keys
 * that arch/x86/<algorithm>.h declares.  The AVX-512 code needs an
 * assembler that knows AVX-512 (Kbuild defines KH_NO_AS_AVX512 where it
 * does not).
 */
#include <linux/cpufeature.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/fpu/api.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/sthash.h>

DEFINE_STATIC_KEY_FALSE_RO(kh_have_highwayhash_avx2);
DEFINE_STATIC_KEY_FALSE_RO(kh_have_multimixer128_avx2);
DEFINE_STATIC_KEY_FALSE_RO(kh_have_multimixer128_avx512);
DEFINE_STATIC_KEY_FALSE_RO(kh_have_nhpoly1305_avx2);
DEFINE_STATIC_KEY_FALSE_RO(kh_have_sthash_avx2);
DEFINE_STATIC_KEY_FALSE_RO(kh_have_sthash_avx512);

bool kh_avx2_usable(void)
{
	return boot_cpu_has(X86_FEATURE_AVX2) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
}

/*
 * The AVX-512 code works in zmm registers: not on the CPUs where that
 * lowers the clock enough to cost more than it gains (the kernel flags
 * them X86_FEATURE_PREFER_YMM).
 */
bool kh_avx512_usable(void)
{
#ifdef KH_NO_AS_AVX512
	return false;
#else
	return kh_avx2_usable() && boot_cpu_has(X86_FEATURE_AVX512F) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				 XFEATURE_MASK_AVX512, NULL) &&
	       !boot_cpu_has(X86_FEATURE_PREFER_YMM);
#endif
}

void kh_arch_init(void)
{
	if (kh_avx2_usable()) {
		static_branch_enable(&kh_have_highwayhash_avx2);
		static_branch_enable(&kh_have_multimixer128_avx2);
		static_branch_enable(&kh_have_nhpoly1305_avx2);
		static_branch_enable(&kh_have_sthash_avx2);
	}
	if (kh_avx512_usable()) {
		static_branch_enable(&kh_have_multimixer128_avx512);
		static_branch_enable(&kh_have_sthash_avx512);
	}
#ifndef KH_NO_AS_AVX512
	/* many HighwayHash messages at once (highwayhash-many.c) */
	if (kh_avx512_usable() && boot_cpu_has(X86_FEATURE_AVX512BW))
		static_branch_enable(&kh_have_highwayhash_many_avx512);
#endif
}

/* HighwayHash */

int kh_highwayhash_update_avx2(struct kh_highwayhash_state *st,
			       const u8 *data, size_t len,
			       const struct kh_simd_min *min)
{
	return kh_highwayhash_update_simd(st, data, len, min, KH_ISA_avx2);
}

/* The end of the message in one AVX2 section. */
int kh_highwayhash_final_avx2(struct kh_highwayhash_state *st, u8 *out,
			      unsigned int digestsize,
			      const struct kh_simd_min *min)
{
	struct kh_simd_save save;

	if (!kh_simd_final_usable(st->len, min))
		return kh_highwayhash_final_generic(st, out, digestsize);
	kh_simd_begin(&save);
	kh_highwayhash_tail_avx2(st, out, digestsize);
	kh_simd_end(&save);
	kh_wipe_state(st, sizeof(*st));
	return 0;
}

/*
 * A whole message: up to KH_SIMD_CHUNK bytes at or above the threshold in
 * one section, by the one-shot assembly (the state never in memory, @st
 * unused); below it, or where SIMD may not be used, the generic C; longer,
 * as update() and final().
 */
int kh_highwayhash_digest_avx2(struct kh_highwayhash_state *st,
			       const struct kh_highwayhash_key *key,
			       const u8 *data, size_t len, u8 *out,
			       unsigned int digestsize,
			       const struct kh_simd_min *min)
{
	bool simd = kh_simd_final_usable(len, min);
	struct kh_simd_save save;

	/* the assembly reads v1 right after v0, in a key and in a state */
	BUILD_BUG_ON(offsetof(struct kh_highwayhash_key, v1) != 32 ||
		     offsetof(struct kh_highwayhash_state, v1) != 32);

	if (simd && len <= KH_SIMD_CHUNK) {
		kh_simd_begin(&save);
		kh_highwayhash_oneshot_avx2(key->v0, data, len, out,
					    digestsize);
		kh_simd_end(&save);
		return 0;
	}
	__kh_highwayhash_init(st, key);
	if (!simd) {
		kh_highwayhash_update_generic(st, data, len);
		return kh_highwayhash_final_generic(st, out, digestsize);
	}
	kh_highwayhash_update_avx2(st, data, len, min);
	return kh_highwayhash_final_avx2(st, out, digestsize, min);
}

/*
 * The last @len bytes and the end of the message.  From a fresh state
 * (nothing absorbed: v0 and v1 are still the key's, mul0 and mul1 the
 * initial ones) a message that digest() takes in one section is taken so
 * here too, from the state's v0 and v1; the state is wiped.
 */
int kh_highwayhash_finup_avx2(struct kh_highwayhash_state *st,
			      const u8 *data, size_t len, u8 *out,
			      unsigned int digestsize,
			      const struct kh_simd_min *min)
{
	struct kh_simd_save save;

	if (!st->len && len <= KH_SIMD_CHUNK &&
	    kh_simd_final_usable(len, min)) {
		kh_simd_begin(&save);
		kh_highwayhash_oneshot_avx2(st->v0, data, len, out,
					    digestsize);
		kh_simd_end(&save);
		kh_wipe_state(st, sizeof(*st));
		return 0;
	}
	if (len)
		kh_highwayhash_update_avx2(st, data, len, min);
	return kh_highwayhash_final_avx2(st, out, digestsize, min);
}

/* Multimixer-128 */

int kh_multimixer128_update_avx2(struct kh_multimixer128_state *st,
				 const struct kh_multimixer128_key *key,
				 const u8 *data, size_t len,
				 const struct kh_simd_min *min)
{
	return kh_multimixer128_update_simd(st, key, data, len, min,
					    KH_ISA_avx2);
}

#ifndef KH_NO_AS_AVX512
int kh_multimixer128_update_avx512(struct kh_multimixer128_state *st,
				   const struct kh_multimixer128_key *key,
				   const u8 *data, size_t len,
				   const struct kh_simd_min *min)
{
	return kh_multimixer128_update_simd(st, key, data, len, min,
					    KH_ISA_avx512);
}
#endif

/* The NH stream of NHPoly1305 and STHash */

int kh_nhpoly1305_update_avx2(struct kh_nhpoly1305_state *st,
			      const struct kh_nhpoly1305_key *key,
			      const u8 *data, size_t len,
			      const struct kh_simd_min *min)
{
	return kh_nhpoly1305_update_simd(st, key, data, len, min, KH_ISA_avx2);
}

#ifndef KH_NO_AS_AVX512
/* NH on zmm registers, four units per register. */
int kh_nhpoly1305_update_avx512(struct kh_nhpoly1305_state *st,
				const struct kh_nhpoly1305_key *key,
				const u8 *data, size_t len,
				const struct kh_simd_min *min)
{
	return kh_nhpoly1305_update_simd(st, key, data, len, min,
					 KH_ISA_avx512);
}

/*
 * STHash: Keccak-f[1600] of the KMAC128 output step, the fixed cost that
 * dominates short messages, in a SIMD section of its own.
 */
int kh_sthash_final_avx512(struct kh_sthash_state *st,
			   const struct kh_sthash_key *key, u8 *out,
			   const struct kh_simd_min *min)
{
	struct kh_keccak128 kmac;
	struct kh_simd_save save;

	kh_sthash_final_absorb(st, key, &kmac);
	if (kh_simd_final_usable(st->nhp.len, min)) {
		kh_simd_begin(&save);
		kh_keccakf1600_avx512(kmac.st);
		kh_simd_end(&save);
	} else {
		kh_keccakf1600_generic(kmac.st);
	}
	kh_sthash_final_squeeze(&kmac, out);
	kh_wipe_state(st, sizeof(*st));
	return 0;
}
#endif
