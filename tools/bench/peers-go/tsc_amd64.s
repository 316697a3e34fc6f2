// SPDX-License-Identifier: GPL-2.0
// kbench-go: the counter reads and the add chain of tools/bench/timing.c,
// instruction for instruction, for the Go peer's own timed loop.

#include "textflag.h"

// func ticksBegin() uint64: lfence; rdtsc; lfence
TEXT ·ticksBegin(SB), NOSPLIT, $0-8
	LFENCE
	RDTSC
	LFENCE
	SHLQ $32, DX
	ORQ  DX, AX
	MOVQ AX, ret+0(FP)
	RET

// func ticksEnd() uint64: rdtscp; lfence
TEXT ·ticksEnd(SB), NOSPLIT, $0-8
	RDTSCP
	LFENCE
	SHLQ $32, DX
	ORQ  DX, AX
	MOVQ AX, ret+0(FP)
	RET

#define ADD8 ADDQ BX, AX; ADDQ BX, AX; ADDQ BX, AX; ADDQ BX, AX; ADDQ BX, AX; ADDQ BX, AX; ADDQ BX, AX; ADDQ BX, AX

// func addChain(iters uint64): 64 dependent 1-cycle adds per iteration
TEXT ·addChain(SB), NOSPLIT, $0-8
	MOVQ iters+0(FP), CX
	XORQ AX, AX
	MOVQ $1, BX
loop:
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	DECQ CX
	JNZ  loop
	RET
