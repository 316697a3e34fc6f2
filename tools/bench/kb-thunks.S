/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel-mode copy's retpoline thunk for %rdi, which crc_pcl's
 * JMP_NOSPEC jumps through (kb_kshim.h).  GCC emits its own
 * __x86_indirect_thunk_<reg> only for registers its C code calls through,
 * as comdat sections; this one is a comdat of the same name, so that the
 * linker keeps one.  The usual retpoline: the call pushes a return address
 * that is replaced by the target, and speculation of the "ret" is caught
 * in the pause/lfence loop.
 */
	.section .text.__x86_indirect_thunk_rdi,"axG",@progbits,__x86_indirect_thunk_rdi,comdat
	.globl	__x86_indirect_thunk_rdi
	.hidden	__x86_indirect_thunk_rdi
	.type	__x86_indirect_thunk_rdi, @function
__x86_indirect_thunk_rdi:
	call	2f
1:	pause
	lfence
	jmp	1b
2:	mov	%rdi, (%rsp)
	ret
	.size	__x86_indirect_thunk_rdi, . - __x86_indirect_thunk_rdi

#ifdef KB_PLAIN_RET
/*
 * KB_RETHUNK=0 (build.mk): the code is built with -mfunction-return=
 * thunk-extern, so every return jumps here, and this is a plain return, as
 * in a kernel that patched its return thunk out.
 */
	.section .text.__x86_return_thunk,"axG",@progbits,__x86_return_thunk,comdat
	.globl	__x86_return_thunk
	.hidden	__x86_return_thunk
	.type	__x86_return_thunk, @function
__x86_return_thunk:
	ret
	int3
	.size	__x86_return_thunk, . - __x86_return_thunk
#endif
	.section .note.GNU-stack,"",@progbits
