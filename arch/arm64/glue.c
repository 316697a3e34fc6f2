// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash: the arm64 NEON instruction set of the library.  Per algorithm
 * an update (and for HighwayHash a final), kh_<algorithm>_<op>_neon(): the
 * algorithm's absorb step pinned to NEON, the assembly as direct calls
 * (its prototypes in arch/arm64/<algorithm>.h) between
 * kernel_neon_begin() and kernel_neon_end(), at most
 * KH_SIMD_CHUNK bytes of data per section (<keyedhash/internal/simd.h>), and
 * the generic C below the caller's thresholds or whenever SIMD may not be
 * used.  The library (lib/) and the NEON drivers (arch/arm64/shash.c) call
 * them; kh_arch_init() chooses what the library runs: it sets the static keys
 * that arch/arm64/<algorithm>.h declares.
 */
#include <linux/cpufeature.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/neon.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/highwayhash.h>
#include <keyedhash/internal/multimixer128.h>
#include <keyedhash/internal/nhpoly1305.h>
#include <keyedhash/internal/sthash.h>

/*
 * The assembly loads 32-bit and 64-bit elements in CPU order where the
 * algorithms define little-endian words (Kconfig: !CPU_BIG_ENDIAN).
 */
#ifdef CONFIG_CPU_BIG_ENDIAN
#error "the keyedhash NEON code supports little-endian kernels only"
#endif

DEFINE_STATIC_KEY_FALSE_RO(kh_have_highwayhash_neon);
DEFINE_STATIC_KEY_FALSE_RO(kh_have_multimixer128_neon);
DEFINE_STATIC_KEY_FALSE_RO(kh_have_nhpoly1305_neon);
DEFINE_STATIC_KEY_FALSE_RO(kh_have_sthash_neon);

bool kh_neon_usable(void)
{
	return cpu_have_named_feature(ASIMD);
}

void kh_arch_init(void)
{
	if (kh_neon_usable()) {
		static_branch_enable(&kh_have_highwayhash_neon);
		static_branch_enable(&kh_have_multimixer128_neon);
		static_branch_enable(&kh_have_nhpoly1305_neon);
		static_branch_enable(&kh_have_sthash_neon);
	}
}

/* HighwayHash */

int kh_highwayhash_update_neon(struct kh_highwayhash_state *st,
			       const u8 *data, size_t len,
			       const struct kh_simd_min *min)
{
	return kh_highwayhash_update_simd(st, data, len, min, KH_ISA_neon);
}

/* The end of the message in one NEON section. */
int kh_highwayhash_final_neon(struct kh_highwayhash_state *st, u8 *out,
			      unsigned int digestsize,
			      const struct kh_simd_min *min)
{
	struct kh_simd_save save;

	if (!kh_simd_final_usable(st->len, min))
		return kh_highwayhash_final_generic(st, out, digestsize);
	kh_simd_begin(&save);
	kh_highwayhash_tail_neon(st, out, digestsize);
	kh_simd_end(&save);
	kh_wipe_state(st, sizeof(*st));
	return 0;
}

/*
 * A whole message: up to KH_SIMD_CHUNK bytes at or above the threshold in
 * one section (whole blocks straight from @data, the end of message); below
 * it, or where SIMD may not be used, the generic C; longer, as update() and
 * final().
 */
int kh_highwayhash_digest_neon(struct kh_highwayhash_state *st,
			       const struct kh_highwayhash_key *key,
			       const u8 *data, size_t len, u8 *out,
			       unsigned int digestsize,
			       const struct kh_simd_min *min)
{
	struct kh_simd_save save;

	__kh_highwayhash_init(st, key);
	if (!kh_simd_final_usable(len, min)) {
		kh_highwayhash_update_generic(st, data, len);
		return kh_highwayhash_final_generic(st, out, digestsize);
	}
	if (len > KH_SIMD_CHUNK) {
		kh_highwayhash_update_neon(st, data, len, min);
		return kh_highwayhash_final_neon(st, out, digestsize, min);
	}
	kh_simd_begin(&save);
	kh_highwayhash_absorb(st, data, len, KH_ISA_neon);
	kh_highwayhash_tail_neon(st, out, digestsize);
	kh_simd_end(&save);
	kh_wipe_state(st, sizeof(*st));
	return 0;
}

/* Multimixer-128 */

int kh_multimixer128_update_neon(struct kh_multimixer128_state *st,
				 const struct kh_multimixer128_key *key,
				 const u8 *data, size_t len,
				 const struct kh_simd_min *min)
{
	return kh_multimixer128_update_simd(st, key, data, len, min,
					    KH_ISA_neon);
}

/* The NH stream of NHPoly1305 and STHash */

int kh_nhpoly1305_update_neon(struct kh_nhpoly1305_state *st,
			      const struct kh_nhpoly1305_key *key,
			      const u8 *data, size_t len,
			      const struct kh_simd_min *min)
{
	return kh_nhpoly1305_update_simd(st, key, data, len, min, KH_ISA_neon);
}
