/* SPDX-License-Identifier: GPL-2.0 */
/* <linux/linkage.h> for the arch drivers' .S and glue files in userspace. */
#if defined(__ASSEMBLY__) || defined(__ASSEMBLER__)
/* a program may align functions further (the bench: KB_FUNC_ALIGN) */
#ifdef KH_SHIM_FUNC_ALIGN
#define KH_SHIM_ALIGN		.balign KH_SHIM_FUNC_ALIGN
#else
#define KH_SHIM_ALIGN		.p2align 4
#endif
#define SYM_FUNC_START(name)	.text; .globl name; .type name, %function; \
				KH_SHIM_ALIGN; name:
#define SYM_FUNC_START_LOCAL(name)	.text; .type name, %function; \
				KH_SHIM_ALIGN; name:
#define SYM_FUNC_END(name)	.size name, . - name
/* a program's hooks may return otherwise (KH_SHIM_HOOKS, kh_shim.h) */
#ifdef KH_SHIM_HOOKS
#include KH_SHIM_HOOKS
#endif
#ifndef RET
#define RET			ret
#endif
#else
#include "../kh_shim.h"
#define asmlinkage
#endif
