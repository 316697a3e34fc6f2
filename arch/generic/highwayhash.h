/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash without arch code: the generic C alone, whatever instruction
 * set is asked for.  Included by <keyedhash/internal/highwayhash.h> alone
 * (see <keyedhash/internal/arch.h>).
 */
#ifndef _KEYEDHASH_ARCH_GENERIC_HIGHWAYHASH_H
#define _KEYEDHASH_ARCH_GENERIC_HIGHWAYHASH_H

#include <keyedhash/internal/arch.h>

#define KH_HIGHWAYHASH_ISAS	0

static __always_inline bool kh_highwayhash_key(enum kh_isa isa)
{
	return false;
}

#endif /* _KEYEDHASH_ARCH_GENERIC_HIGHWAYHASH_H */
