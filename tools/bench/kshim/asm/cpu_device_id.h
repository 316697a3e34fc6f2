/* SPDX-License-Identifier: GPL-2.0 */
#include "../kb_kshim.h"
