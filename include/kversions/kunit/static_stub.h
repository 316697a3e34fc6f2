/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Linux 6.1: <kunit/static_stub.h>, new in 6.4.
 * include/keyedhash/internal/kversions.h, read before every C file, supplies
 * its API there; Kbuild puts this directory on the include path only for a
 * kernel without the header.
 */
#include <kunit/test.h>
