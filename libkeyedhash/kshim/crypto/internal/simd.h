/* SPDX-License-Identifier: GPL-2.0 */
#include "../../kh_simd_shim.h"
