/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The benchmark's hooks into the userspace shim (libkeyedhash/kshim/, named
 * by KH_SHIM_HOOKS: build.mk's KB_SHIM).  Its "as in the kernel" build
 * (KB_KMODE, x86_64) returns through the return thunk, as CONFIG_RETHUNK
 * kernels do (GCC emits __x86_return_thunk into the C objects built with
 * -mfunction-return=thunk), and its SIMD section is an out-of-line call
 * doing what Linux x86_64's kernel_fpu_begin()/kernel_fpu_end() do, and
 * counted there (tools/bench/kmode.c).  The rest is the host tests' (their
 * section counter, KH_SHIM_CPU_HIDE, KH_SHIM_PREFER_YMM).
 */
#ifndef _KB_SHIM_HOOKS_H
#define _KB_SHIM_HOOKS_H

#if defined(KB_KMODE) && defined(__x86_64__)
#if defined(__ASSEMBLY__) || defined(__ASSEMBLER__)
#define RET			jmp __x86_return_thunk
#else
#define KH_SHIM_HAVE_SIMD_SECTIONS
void kb_kfpu_begin(void);
void kb_kfpu_end(void);

static inline void kh_shim_simd_begin(void)
{
	kb_kfpu_begin();
}

static inline void kh_shim_simd_end(void)
{
	kb_kfpu_end();
}
#endif
#endif

#include "tests/host/kh_shim_hooks.h"

#endif /* _KB_SHIM_HOOKS_H */
