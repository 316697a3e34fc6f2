/* SPDX-License-Identifier: GPL-2.0 */
#include <asm-generic/errno.h>
#include "../kh_shim.h"
