/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Multimixer-128 block function, x86_64 AVX-512F: the AVX2 scheme
 * (multimixer128-avx2.S) on four blocks per zmm register.  vshufi64x2
 * gathers the x halves and the y halves of blocks 0..3:
 *
 *	[x0 y0 x1 y1], [x2 y2 x3 y3] -> X = [x0 x1 x2 x3], Y = [y0 y1 y2 y3]
 *
 * and the rest stays inside the 128-bit lanes.  Whole groups of four blocks
 * only; the glue hands the remaining 0..3 blocks to the AVX2 function.
 */

#include <linux/linkage.h>

#define H	%rdi
#define KEY	%rsi
#define MSG	%rdx
#define NBLK	%rcx

#define ROT1	0x39	/* (w1, w2, w3, w0) */
#define ROT2	0x4e	/* (w2, w3, w0, w1) */

.text

/*
 * void kh_multimixer128_blocks4_avx512(u64 h[8], const u8 *key, const u8 *msg,
 *				   size_t nblocks)
 * nblocks: a multiple of 4; 0 returns at once (nothing read, h unchanged).
 */
SYM_FUNC_START(kh_multimixer128_blocks4_avx512)
	test		NBLK, NBLK
	jz		.Lreturn
	vpxorq		%zmm0, %zmm0, %zmm0		/* x*y, even words */
	vpxorq		%zmm1, %zmm1, %zmm1		/* x*y, odd words */
	vpxorq		%zmm2, %zmm2, %zmm2		/* u*v, even words */
	vpxorq		%zmm3, %zmm3, %zmm3		/* u*v, odd words */
.Lloop:
	vmovdqu64	0x00(KEY), %zmm4
	vmovdqu64	0x40(KEY), %zmm5
	vpaddd		0x00(MSG), %zmm4, %zmm4
	vpaddd		0x40(MSG), %zmm5, %zmm5
	vshufi64x2	$0xdd, %zmm5, %zmm4, %zmm11	/* y0 y1 y2 y3 */
	vshufi64x2	$0x88, %zmm5, %zmm4, %zmm4	/* x0 x1 x2 x3 */

	vpshufd		$ROT2, %zmm4, %zmm6
	vpshufd		$ROT1, %zmm4, %zmm7
	vpshufd		$ROT2, %zmm11, %zmm8
	vpmuludq	%zmm11, %zmm4, %zmm9		/* x0 y0, x2 y2 */
	vpaddd		%zmm6, %zmm4, %zmm6		/* x + rot2 x */
	vpaddd		%zmm8, %zmm11, %zmm10		/* y + rot2 y */
	vpsrlq		$32, %zmm11, %zmm11
	vpaddd		%zmm7, %zmm6, %zmm6		/* u */
	vpshufd		$ROT1, %zmm10, %zmm10
	vpmuludq	%zmm11, %zmm7, %zmm7		/* x1 y1, x3 y3 */
	vpaddd		%zmm8, %zmm10, %zmm10		/* v */
	vpmuludq	%zmm10, %zmm6, %zmm8		/* u0 v0, u2 v2 */
	vpsrlq		$32, %zmm6, %zmm6
	vpsrlq		$32, %zmm10, %zmm10
	vpmuludq	%zmm10, %zmm6, %zmm6		/* u1 v1, u3 v3 */
	vpaddq		%zmm9, %zmm0, %zmm0
	vpaddq		%zmm7, %zmm1, %zmm1
	vpaddq		%zmm8, %zmm2, %zmm2
	vpaddq		%zmm6, %zmm3, %zmm3

	add		$0x80, KEY
	add		$0x80, MSG
	sub		$4, NBLK
	jnz		.Lloop

	/* fold the four blocks' lanes, then as in the AVX2 function */
	vextracti64x4	$1, %zmm0, %ymm4
	vextracti64x4	$1, %zmm1, %ymm5
	vextracti64x4	$1, %zmm2, %ymm6
	vextracti64x4	$1, %zmm3, %ymm7
	vpaddq		%ymm4, %ymm0, %ymm0
	vpaddq		%ymm5, %ymm1, %ymm1
	vpaddq		%ymm6, %ymm2, %ymm2
	vpaddq		%ymm7, %ymm3, %ymm3

	vpunpcklqdq	%ymm1, %ymm0, %ymm4		/* z0 z1 | z0 z1 */
	vpunpckhqdq	%ymm1, %ymm0, %ymm5		/* z2 z3 | z2 z3 */
	vperm2i128	$0x20, %ymm5, %ymm4, %ymm6
	vperm2i128	$0x31, %ymm5, %ymm4, %ymm7
	vpaddq		%ymm7, %ymm6, %ymm6
	vpaddq		0x00(H), %ymm6, %ymm6
	vmovdqu		%ymm6, 0x00(H)
	vpunpcklqdq	%ymm3, %ymm2, %ymm4
	vpunpckhqdq	%ymm3, %ymm2, %ymm5
	vperm2i128	$0x20, %ymm5, %ymm4, %ymm6
	vperm2i128	$0x31, %ymm5, %ymm4, %ymm7
	vpaddq		%ymm7, %ymm6, %ymm6
	vpaddq		0x20(H), %ymm6, %ymm6
	vmovdqu		%ymm6, 0x20(H)
	vzeroupper
.Lreturn:
	RET
SYM_FUNC_END(kh_multimixer128_blocks4_avx512)
