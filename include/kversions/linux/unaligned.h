/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Linux 6.1: <asm/unaligned.h>, which 6.12 moved here.  Kbuild puts this
 * directory on the include path only for a kernel without the header
 * (include/keyedhash/internal/kversions.h).
 */
#include <asm/unaligned.h>
