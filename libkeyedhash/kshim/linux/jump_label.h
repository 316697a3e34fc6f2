/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static keys (<linux/jump_label.h>) for the keyedhash sources in
 * userspace: a key is a plain flag, tested at every branch.
 */
#ifndef _KH_SHIM_LINUX_JUMP_LABEL_H
#define _KH_SHIM_LINUX_JUMP_LABEL_H

#include "../kh_shim.h"

struct static_key_false {
	bool enabled;
};

#define DEFINE_STATIC_KEY_FALSE(name)	struct static_key_false name = { false }
#define DEFINE_STATIC_KEY_FALSE_RO(name)	DEFINE_STATIC_KEY_FALSE(name)
#define DECLARE_STATIC_KEY_FALSE(name)	extern struct static_key_false name
#define static_branch_likely(key)	((key)->enabled)
#define static_branch_unlikely(key)	((key)->enabled)
#define static_branch_enable(key)	((key)->enabled = true)
#define static_branch_disable(key)	((key)->enabled = false)

#endif
