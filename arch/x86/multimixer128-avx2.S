/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Multimixer-128 block function, x86_64 AVX2.
 *
 * Blocks are independent, so two blocks A and B go through the ymm lanes
 * together.  After the 32-bit key + message additions, vperm2i128 turns
 * [xA | yA], [xB | yB] into X = [xA | xB] and Y = [yA | yB]; everything
 * else stays inside the 128-bit lanes:
 *
 *	u = x + rot1(x) + rot2(x),  v = rot1(y + rot2(y)) + rot2(y)
 *
 * (rotk(w)_i = w_{i+k}, one vpshufd each).  vpmuludq multiplies the even
 * words: x*y and u*v give products 0 and 2, and the odd ones come from
 * rot1(x) (whose even words are x1, x3) and from shifting y, u and v right
 * by 32.  Four accumulators of four 64-bit lanes collect the products; they
 * are added into h[] at the end.  23 vector instructions per 64 bytes.
 *
 * A last odd block goes through the same steps on xmm registers.
 */

#include <linux/linkage.h>

#define H	%rdi
#define KEY	%rsi
#define MSG	%rdx
#define NBLK	%rcx

/* accumulators: x*y even and odd products, u*v even and odd */
#define AXE	%ymm0
#define AXO	%ymm1
#define AUE	%ymm2
#define AUO	%ymm3

#define ROT1	0x39	/* (w1, w2, w3, w0) */
#define ROT2	0x4e	/* (w2, w3, w0, w1) */

.text

/*
 * The products of X (x words) and Y (y words), added to the accumulators.
 * Register names are passed without the ymm/xmm prefix part ("%ymm"/"%xmm")
 * so that the same steps serve block pairs (ymm) and a single block (xmm);
 * the xmm forms zero the upper lanes of the temporaries, so adding them as
 * ymm into the accumulators is exact.
 */
.macro MM_PRODUCTS r, x, y
	vpshufd		$ROT2, \r\x, \r\()6
	vpshufd		$ROT1, \r\x, \r\()7
	vpshufd		$ROT2, \r\y, \r\()8
	vpmuludq	\r\y, \r\x, \r\()9		/* x0 y0, x2 y2 */
	vpaddd		\r\()6, \r\x, \r\()6		/* x + rot2 x */
	vpaddd		\r\()8, \r\y, \r\()10		/* y + rot2 y */
	vpsrlq		$32, \r\y, \r\y
	vpaddd		\r\()7, \r\()6, \r\()6		/* u */
	vpshufd		$ROT1, \r\()10, \r\()10
	vpmuludq	\r\y, \r\()7, \r\()7		/* x1 y1, x3 y3 */
	vpaddd		\r\()8, \r\()10, \r\()10	/* v */
	vpmuludq	\r\()10, \r\()6, \r\()8		/* u0 v0, u2 v2 */
	vpsrlq		$32, \r\()6, \r\()6
	vpsrlq		$32, \r\()10, \r\()10
	vpmuludq	\r\()10, \r\()6, \r\()6		/* u1 v1, u3 v3 */
	vpaddq		%ymm9, AXE, AXE
	vpaddq		%ymm7, AXO, AXO
	vpaddq		%ymm8, AUE, AUE
	vpaddq		%ymm6, AUO, AUO
.endm

/*
 * void kh_multimixer128_blocks_avx2(u64 h[8], const u8 *key, const u8 *msg,
 *				 size_t nblocks)
 * nblocks 0 returns at once (nothing read, h unchanged).
 */
SYM_FUNC_START(kh_multimixer128_blocks_avx2)
	test		NBLK, NBLK
	jz		.Lreturn
	vpxor		AXE, AXE, AXE
	vpxor		AXO, AXO, AXO
	vpxor		AUE, AUE, AUE
	vpxor		AUO, AUO, AUO
	cmp		$2, NBLK
	jb		.Lone_block
.Lpair_loop:
	vmovdqu		0x00(KEY), %ymm4
	vmovdqu		0x20(KEY), %ymm5
	vpaddd		0x00(MSG), %ymm4, %ymm4		/* xA yA */
	vpaddd		0x20(MSG), %ymm5, %ymm5		/* xB yB */
	vperm2i128	$0x31, %ymm5, %ymm4, %ymm11	/* yA yB */
	vperm2i128	$0x20, %ymm5, %ymm4, %ymm4	/* xA xB */
	MM_PRODUCTS	%ymm, 4, 11
	add		$0x40, KEY
	add		$0x40, MSG
	sub		$2, NBLK
	cmp		$2, NBLK
	jae		.Lpair_loop
	test		NBLK, NBLK
	jz		.Lreduce
.Lone_block:
	vmovdqu		0x00(KEY), %xmm4
	vmovdqu		0x10(KEY), %xmm11
	vpaddd		0x00(MSG), %xmm4, %xmm4
	vpaddd		0x10(MSG), %xmm11, %xmm11
	MM_PRODUCTS	%xmm, 4, 11

.Lreduce:
	/*
	 * AXE = (z0 z2 | z0 z2), AXO = (z1 z3 | z1 z3): interleave to
	 * (z0 z1 | z0 z1) and (z2 z3 | z2 z3), then add the two blocks' lanes.
	 */
	vpunpcklqdq	AXO, AXE, %ymm4
	vpunpckhqdq	AXO, AXE, %ymm5
	vperm2i128	$0x20, %ymm5, %ymm4, %ymm6
	vperm2i128	$0x31, %ymm5, %ymm4, %ymm7
	vpaddq		%ymm7, %ymm6, %ymm6
	vpaddq		0x00(H), %ymm6, %ymm6
	vmovdqu		%ymm6, 0x00(H)
	vpunpcklqdq	AUO, AUE, %ymm4
	vpunpckhqdq	AUO, AUE, %ymm5
	vperm2i128	$0x20, %ymm5, %ymm4, %ymm6
	vperm2i128	$0x31, %ymm5, %ymm4, %ymm7
	vpaddq		%ymm7, %ymm6, %ymm6
	vpaddq		0x20(H), %ymm6, %ymm6
	vmovdqu		%ymm6, 0x20(H)
	vzeroupper
.Lreturn:
	RET
SYM_FUNC_END(kh_multimixer128_blocks_avx2)
