/* SPDX-License-Identifier: GPL-2.0 */
#include "kh_shim.h"
