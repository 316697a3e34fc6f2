/* SPDX-License-Identifier: GPL-2.0 */
/* <linux/linkage.h> for the arch drivers' .S and glue files in userspace. */
#if defined(__ASSEMBLY__) || defined(__ASSEMBLER__)
#define SYM_FUNC_START(name)	.text; .globl name; .type name, %function; \
				.p2align 4; name:
#define SYM_FUNC_START_LOCAL(name)	.text; .type name, %function; \
				.p2align 4; name:
#define SYM_FUNC_END(name)	.size name, . - name
/*
 * KB_KMODE: the benchmark's "as in the kernel" build (tools/bench/build.mk)
 * returns through the return thunk, as CONFIG_RETHUNK kernels do; GCC emits
 * __x86_return_thunk into the C objects built with -mfunction-return=thunk.
 */
#if defined(KB_KMODE) && defined(__x86_64__)
#define RET			jmp __x86_return_thunk
#else
#define RET			ret
#endif
#else
#include "../kh_shim.h"
#define asmlinkage
#endif
