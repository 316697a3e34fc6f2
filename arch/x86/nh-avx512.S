/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NH (4 passes, stride 2, 16-byte units), x86_64 AVX-512F: the block
 * function of the sthash-avx512 drivers (kh_nh_fn, kh_nh_chunks_fn).
 *
 * A zmm register holds four units.  Inside each 128-bit lane the words are
 * in the order (w0, w2, w1, w3), message and key alike, so that after the
 * 32-bit additions each 64-bit lane holds the two factors of one product
 * and vpmuludq(t, t >> 32) forms both products of a unit and pass at once.
 * The key comes in that order (kh_nh_setkey_words()), the message is
 * reordered with one vpshufd per 64 bytes.
 *
 * Pass p of units u..u + 3 needs the key groups u + p..u + p + 3 (a group
 * is four key words, 16 bytes): the 64 bytes at key offset 16 * (u + p).
 * Those vectors overlap at 16-byte steps; each is taken straight from
 * memory as the operand of the pass's vpaddd, which costs a load slot and
 * no instruction, where building them from aligned loads (valignd) would
 * cost shuffles on the ports the shifts already use.  Per 64 bytes of
 * message: 1 vpshufd, then per pass vpaddd, vpsrlq, vpmuludq and vpaddq,
 * 17 vector instructions (the AVX2 code needs 34 for the same work).
 */

#include <linux/linkage.h>

#define KEY	%rdi
#define MSG	%rsi
#define LEN	%rdx
#define HASH	%rcx

#define ACC0	%zmm0
#define ACC1	%zmm1
#define ACC2	%zmm2
#define ACC3	%zmm3
#define M	%zmm4
#define T0	%zmm5
#define T1	%zmm6
#define T2	%zmm7
#define T3	%zmm8
#define T4	%zmm9
#define T5	%zmm10
#define T6	%zmm11
#define T7	%zmm12

/* (w0, w1, w2, w3) -> (w0, w2, w1, w3) in each 128-bit lane */
#define PERM	0xd8

.text

/* acc += the products of the key vector at koff(kp) with M (four units) */
.macro NH_PASS koff, kp, acc, t, t2
	vpaddd		\koff(\kp), M, \t
	vpsrlq		$32, \t, \t2
	vpmuludq	\t2, \t, \t
	vpaddq		\t, \acc, \acc
.endm

/* acc += the products of key vector k with M (four units) */
.macro NH_PASS_REG k, acc, t, t2
	vpaddd		\k, M, \t
	vpsrlq		$32, \t, \t2
	vpmuludq	\t2, \t, \t
	vpaddq		\t, \acc, \acc
.endm

/*
 * Four units at moff(MSG), with the key groups from koff(kp): pass p
 * takes the 64 bytes at koff + 16 * p.
 */
.macro NH_FOUR_UNITS moff, koff, kp
	vpshufd		$PERM, \moff(MSG), M
	NH_PASS		(\koff + 0x00), \kp, ACC0, T0, T1
	NH_PASS		(\koff + 0x10), \kp, ACC1, T2, T3
	NH_PASS		(\koff + 0x20), \kp, ACC2, T4, T5
	NH_PASS		(\koff + 0x30), \kp, ACC3, T6, T7
.endm

/*
 * (HASH)[p] = the sum of ACCp's eight lanes: fold the upper 256 bits onto
 * the lower, then as the AVX2 code (ymm0..ymm3 are the low halves).
 */
.macro NH_REDUCE hash
	vextracti64x4	$1, ACC0, %ymm5
	vextracti64x4	$1, ACC1, %ymm6
	vextracti64x4	$1, ACC2, %ymm7
	vextracti64x4	$1, ACC3, %ymm8
	vpaddq		%ymm5, %ymm0, %ymm0
	vpaddq		%ymm6, %ymm1, %ymm1
	vpaddq		%ymm7, %ymm2, %ymm2
	vpaddq		%ymm8, %ymm3, %ymm3
	vpunpcklqdq	%ymm1, %ymm0, %ymm5
	vpunpckhqdq	%ymm1, %ymm0, %ymm6
	vpaddq		%ymm6, %ymm5, %ymm5	/* p0 p1 | p0 p1 */
	vpunpcklqdq	%ymm3, %ymm2, %ymm7
	vpunpckhqdq	%ymm3, %ymm2, %ymm8
	vpaddq		%ymm8, %ymm7, %ymm7	/* p2 p3 | p2 p3 */
	vperm2i128	$0x20, %ymm7, %ymm5, %ymm6	/* low halves */
	vperm2i128	$0x31, %ymm7, %ymm5, %ymm8	/* high halves */
	vpaddq		%ymm8, %ymm6, %ymm6
	vmovdqu		%ymm6, (\hash)
.endm

/*
 * void kh_nh_avx512(const u32 *key, const u8 *msg, size_t len,
 *			 u64 hash[4])
 * len: a multiple of 16, 16..1024; reads key words up to key[len / 4 + 11]
 * and nothing of the message past len.  The last one to three units go
 * through masked loads (k1 selects their words; the other lanes are zero
 * and add products of zero).  len 0 returns at once: nothing read, hash
 * not written.
 */
SYM_FUNC_START(kh_nh_avx512)
	test		LEN, LEN
	jz		.Lreturn
	vpxor		%xmm0, %xmm0, %xmm0
	vpxor		%xmm1, %xmm1, %xmm1
	vpxor		%xmm2, %xmm2, %xmm2
	vpxor		%xmm3, %xmm3, %xmm3
	cmp		$0x40, LEN
	jb		.Ltail
.Lloop:
	NH_FOUR_UNITS	0x00, 0x00, KEY
	add		$0x40, KEY
	add		$0x40, MSG
	sub		$0x40, LEN
	cmp		$0x40, LEN
	jae		.Lloop
	test		LEN, LEN
	jz		.Lreduce
.Ltail:
	/* k1 = the LEN / 4 low bits: the words of the 1..3 units left */
	shr		$2, %edx
	xor		%eax, %eax
	bts		%edx, %eax
	dec		%eax
	kmovw		%eax, %k1
	vmovdqu32	(MSG), M{%k1}{z}
	vpshufd		$PERM, M, M
	vmovdqu32	0x00(KEY), T0{%k1}{z}
	vmovdqu32	0x10(KEY), T2{%k1}{z}
	vmovdqu32	0x20(KEY), T4{%k1}{z}
	vmovdqu32	0x30(KEY), T6{%k1}{z}
	NH_PASS_REG	T0, ACC0, T0, T1
	NH_PASS_REG	T2, ACC1, T2, T3
	NH_PASS_REG	T4, ACC2, T4, T5
	NH_PASS_REG	T6, ACC3, T6, T7
.Lreduce:
	NH_REDUCE	HASH
	vzeroupper
.Lreturn:
	RET
SYM_FUNC_END(kh_nh_avx512)

/*
 * void kh_nh_chunks_avx512(const u32 *key, const u8 *msg, size_t nchunks,
 *			    u64 hashes[][4])
 * NH of @nchunks whole 1 KiB chunks, each from key word 0, into
 * hashes[0..nchunks - 1]: one call where kh_nh_avx512() would take
 * @nchunks.  Reads key words up to key[267].  Four blocks of four units
 * per iteration.  nchunks 0 returns at once: nothing read, nothing
 * written.
 */
#define NCHUNKS	%rdx
#define KP	%r8
#define NITER	%eax

SYM_FUNC_START(kh_nh_chunks_avx512)
	test		NCHUNKS, NCHUNKS
	jz		.Lchunks_return
.Lchunk:
	mov		KEY, KP
	mov		$(1024 / 0x100), NITER
	vpxor		%xmm0, %xmm0, %xmm0
	vpxor		%xmm1, %xmm1, %xmm1
	vpxor		%xmm2, %xmm2, %xmm2
	vpxor		%xmm3, %xmm3, %xmm3
.Lchunk_loop:
	NH_FOUR_UNITS	0x00, 0x00, KP
	NH_FOUR_UNITS	0x40, 0x40, KP
	NH_FOUR_UNITS	0x80, 0x80, KP
	NH_FOUR_UNITS	0xc0, 0xc0, KP
	add		$0x100, KP
	add		$0x100, MSG
	dec		NITER
	jnz		.Lchunk_loop
	NH_REDUCE	HASH
	add		$0x20, HASH
	dec		NCHUNKS
	jnz		.Lchunk
	vzeroupper
.Lchunks_return:
	RET
SYM_FUNC_END(kh_nh_chunks_avx512)
