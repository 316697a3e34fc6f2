/* SPDX-License-Identifier: GPL-2.0 */
#include "../kh_shim.h"
#ifndef MODULE_ALIAS_CRYPTO
#define MODULE_ALIAS_CRYPTO(name)
#endif
