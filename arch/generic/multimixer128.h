/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Multimixer-128 without arch code: the generic C alone, whatever
 * instruction set is asked for.  Included by
 * <keyedhash/internal/multimixer128.h> alone (see
 * <keyedhash/internal/arch.h>).
 */
#ifndef _KEYEDHASH_ARCH_GENERIC_MULTIMIXER128_H
#define _KEYEDHASH_ARCH_GENERIC_MULTIMIXER128_H

#include <keyedhash/internal/arch.h>

#define KH_MULTIMIXER128_ISAS	0

static __always_inline bool kh_multimixer128_key(enum kh_isa isa)
{
	return false;
}

#endif /* _KEYEDHASH_ARCH_GENERIC_MULTIMIXER128_H */
