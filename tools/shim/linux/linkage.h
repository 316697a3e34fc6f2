/* SPDX-License-Identifier: GPL-2.0 */
/* <linux/linkage.h> for the arch drivers' .S and glue files in userspace. */
#if defined(__ASSEMBLY__) || defined(__ASSEMBLER__)
#define SYM_FUNC_START(name)	.text; .globl name; .type name, %function; \
				.p2align 4; name:
#define SYM_FUNC_END(name)	.size name, . - name
#define RET			ret
#else
#include "../kh_shim.h"
#define asmlinkage
#endif
