/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STHash on arm64: the NH stream in NEON (arch/arm64/nhpoly1305.h), the
 * output step in generic C.  Included by <keyedhash/internal/sthash.h>
 * alone (see <keyedhash/internal/arch.h>), after its
 * types and prototypes.
 */
#ifndef _KEYEDHASH_ARCH_ARM64_STHASH_H
#define _KEYEDHASH_ARCH_ARM64_STHASH_H

#include <linux/jump_label.h>
#include <keyedhash/internal/arch.h>

DECLARE_STATIC_KEY_FALSE(kh_have_sthash_neon);

#define KH_STHASH_ISAS		KH_ISA_BIT(neon)

/* Whether the module runs instruction set @isa (a constant). */
static __always_inline bool kh_sthash_key(enum kh_isa isa)
{
	return isa == KH_ISA_neon && static_branch_likely(&kh_have_sthash_neon);
}

#endif /* _KEYEDHASH_ARCH_ARM64_STHASH_H */
