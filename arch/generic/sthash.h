/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STHash without arch code: the generic C alone, whatever instruction set
 * is asked for.  Included by <keyedhash/internal/sthash.h> alone
 * (see <keyedhash/internal/arch.h>).
 */
#ifndef _KEYEDHASH_ARCH_GENERIC_STHASH_H
#define _KEYEDHASH_ARCH_GENERIC_STHASH_H

#include <keyedhash/internal/arch.h>

#define KH_STHASH_ISAS		0

static __always_inline bool kh_sthash_key(enum kh_isa isa)
{
	return false;
}

#endif /* _KEYEDHASH_ARCH_GENERIC_STHASH_H */
