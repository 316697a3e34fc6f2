/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The NH-then-Poly1305 stream without arch code: the generic C alone,
 * whatever instruction set is asked for.  Included by
 * <keyedhash/internal/nhpoly1305.h> alone (see
 * <keyedhash/internal/arch.h>).
 */
#ifndef _KEYEDHASH_ARCH_GENERIC_NHPOLY1305_H
#define _KEYEDHASH_ARCH_GENERIC_NHPOLY1305_H

#include <keyedhash/internal/arch.h>

#define KH_NHPOLY1305_ISAS	0

static __always_inline bool kh_nhpoly1305_key(enum kh_isa isa)
{
	return false;
}

#endif /* _KEYEDHASH_ARCH_GENERIC_NHPOLY1305_H */
