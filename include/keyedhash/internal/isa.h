/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keyedhash: the instruction sets of the library's dispatcher, on their
 * own, so that the arch headers (arch/<arch>/<alg>.h, through
 * <keyedhash/internal/arch.h>) name them without the driver table
 * (<keyedhash/internal/drivers.h>, whose rows name them too).
 */
#ifndef _KEYEDHASH_INTERNAL_ISA_H
#define _KEYEDHASH_INTERNAL_ISA_H

/*
 * KH_ISA_AUTO: the one the module chose at init (its static keys), for
 * every caller of the library API; any other value pins the dispatcher to
 * that instruction set, for a driver of the table.
 */
enum kh_isa {
	KH_ISA_AUTO,
	KH_ISA_generic,
	KH_ISA_avx2,
	KH_ISA_avx512,
	KH_ISA_neon,
};

#endif /* _KEYEDHASH_INTERNAL_ISA_H */
