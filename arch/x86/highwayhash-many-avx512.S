/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash of two messages at once, x86_64 AVX-512 (AVX512F and
 * AVX512BW, for vpshufb on zmm): the two messages' states side by side in
 * one zmm register per state vector, message A in qwords 0-3 (the low
 * 256 bits), message B in qwords 4-7.  Every instruction of a round works
 * on both, so a round costs the instructions of one message's and the
 * latency of one chain (highwayhash-many-avx2.S does the same with two
 * chains of ymm registers, twice the instructions).  Where the messages
 * differ (further blocks of the longer one, the remainders), the state
 * updates are masked to the message's qwords.
 */

#include <linux/linkage.h>

#define V0	%zmm0
#define V0X	%xmm0
#define V0Y	%ymm0
#define V1	%zmm1
#define M0	%zmm2
#define M1	%zmm3
#define ZIPPER	%zmm4
#define T0	%zmm5
#define T0X	%xmm5
#define T1	%zmm6
#define PKT	%zmm7
#define PKTY	%ymm7
#define PERM	%zmm8
#define T2	%zmm9
#define T3	%zmm10
#define PA	%ymm11		/* A's remainder packet */
#define PAX	%xmm11
#define PB	%ymm12		/* B's remainder packet */
#define PBX	%xmm12
#define T4X	%xmm13

.section .rodata.cst64.kh_highwayhash_permute512, "aM", @progbits, 64
.align 64
/* PermuteAndUpdate's packet per message: v0 words 2, 3, 0, 1, halves swapped. */
.Lpermute512:
	.long	5, 4, 7, 6, 1, 0, 3, 2, 13, 12, 15, 14, 9, 8, 11, 10

.section .rodata.cst32.kh_highwayhash_zipper, "aM", @progbits, 32
.align 32
/*
 * ZipperMerge inside each 128-bit lane (words L = lo, H = hi):
 * low = L3 H4 L2 L5 H6 L1 H7 L0, high = H3 L4 H2 H5 H1 L6 H0 L7.
 */
.Lzipper:
	.byte	3, 12, 2, 5, 14, 1, 15, 0, 11, 4, 10, 13, 9, 6, 8, 7
	.byte	3, 12, 2, 5, 14, 1, 15, 0, 11, 4, 10, 13, 9, 6, 8, 7

.section .rodata.cst32.kh_highwayhash_mask256, "aM", @progbits, 32
.align 32
/* The 256-bit output clears the top two bits of a3. */
.Lmask256:
	.quad	-1, 0x3fffffffffffffff, -1, 0x3fffffffffffffff

.section .rodata.cst32.kh_highwayhash_iv0, "aM", @progbits, 32
.align 32
/* The initial mul0 and mul1 (kh_highwayhash_iv0/1 of lib/highwayhash.c). */
.Liv0:
	.quad	0xdbe6d5d5fe4cce2f, 0xa4093822299f31d0
	.quad	0x13198a2e03707344, 0x243f6a8885a308d3

.section .rodata.cst32.kh_highwayhash_iv1, "aM", @progbits, 32
.align 32
.Liv1:
	.quad	0x3bd39e10cb0ef593, 0xc0acf169b5f18a8c
	.quad	0xbe5466cf34e90c6c, 0x452821e638d01377

.text

/*
 * One round of both messages with the packets in \pkt (A's in the low
 * half, B's in the high), in highwayhash-avx2.S's order; \mask ({%k1}
 * or empty) limits the state updates to the qwords of the messages it
 * selects, the other message's state staying as it was.
 */
.macro HHZ_ROUND pkt, mask
	vpaddq		\pkt, V1, V1\mask
	vpaddq		M0, V1, V1\mask
	vpsrlq		$32, V0, T1
	vpmuludq	V1, T1, T1
	vpxorq		T1, M0, M0\mask
	vpaddq		M1, V0, V0\mask
	vpsrlq		$32, V1, T0
	vpmuludq	V0, T0, T0
	vpxorq		T0, M1, M1\mask
	vpshufb		ZIPPER, V1, T1
	vpaddq		T1, V0, V0\mask
	vpshufb		ZIPPER, V0, T0
	vpaddq		T0, V1, V1\mask
.endm

/*
 * Into \xreg (zeroed before), the whole 32-bit words of a remainder below
 * 16 bytes from \src (\src8 = \src + 8): bits 3 and 2 of n (\nd) say
 * whether there are two words and one word more.
 */
.macro HHZ_LOAD_WORDS src, src8, xreg, nd
	test		$8, \nd
	jz		.Lone_word\@
	vmovq		\src, \xreg
	test		$4, \nd
	jz		.Lwords_done\@
	vpinsrd		$2, \src8, \xreg, \xreg
	jmp		.Lwords_done\@
.Lone_word\@:
	test		$4, \nd
	jz		.Lwords_done\@
	vmovd		\src, \xreg
.Lwords_done\@:
.endm

/*
 * The remainder packet of one message into \pkt (\pktx its low half;
 * zero where n = \nd is 0), read from the n = len % 32 bytes at \src
 * without reading past them, as highwayhash-avx2.S's HH_TAIL builds it.
 * \n is \nd's 64-bit register; clobbers \s1-\s3 and T4X.
 */
.macro HHZ_TAIL_PACKET src, n, nd, pkt, pktx, s1, s1d, s2, s2d, s3, s3d
	vpxor		\pktx, \pktx, \pktx
	test		\nd, \nd
	jz		.Ltp_done\@
	vpxor		T4X, T4X, T4X
	test		$16, \nd
	jz		.Ltp_short\@
	vmovdqu		(\src), \pktx
	HHZ_LOAD_WORDS 16(\src), 24(\src), T4X, \nd
	vpinsrd		$3, -4(\src,\n), T4X, T4X
	jmp		.Ltp_packet\@
.Ltp_short\@:
	HHZ_LOAD_WORDS (\src), 8(\src), \pktx, \nd
	mov		\nd, \s1d
	and		$3, \s1d
	jz		.Ltp_packet\@
	mov		\nd, \s2d
	and		$~3, \s2d
	add		\src, \s2		/* the tail's first byte */
	mov		\s1d, \s3d
	shr		$1, \s3d
	vpinsrb		$0, (\s2), T4X, T4X
	vpinsrb		$1, (\s2,\s3), T4X, T4X
	vpinsrb		$2, -1(\s2,\s1), T4X, T4X
.Ltp_packet\@:
	vinserti128	$1, T4X, \pkt, \pkt
.Ltp_done\@:
.endm

/*
 * The pair from the states in the registers on: the blocks, the
 * remainders, the permute rounds and the outputs of the digest size in
 * %eax (8, 16 or 32 bytes), with A's bytes and length in %rsi and %rdx,
 * B's in %rcx and %r8, out in %r9 (as the functions below take them);
 * ends in RET.
 */
.macro HHZ_PAIR_BODY
	mov		%rsi, %r10		/* A's bytes */
	mov		%rcx, %r11		/* B's bytes */
	mov		%r9, %rcx		/* out */
	mov		%rdx, %r9		/* A's length */
	mov		%r8, %rdx		/* B's length */
	mov		%eax, %r8d		/* the digest size */
	mov		%r9, %rax
	shr		$5, %rax		/* A's blocks */
	mov		%rdx, %rsi
	shr		$5, %rsi		/* B's blocks */
	mov		%rax, %rdi
	cmp		%rsi, %rdi
	cmova		%rsi, %rdi		/* the blocks both have */
	sub		%rdi, %rax		/* A's blocks beyond them */
	sub		%rdi, %rsi		/* B's blocks beyond them */
	test		%rdi, %rdi
	jz		.Lpair_done\@
.Lpair_loop\@:
	vmovdqu		(%r10), PKTY
	vinserti64x4	$1, (%r11), PKT, PKT
	HHZ_ROUND	PKT
	add		$32, %r10
	add		$32, %r11
	dec		%rdi
	jnz		.Lpair_loop\@
.Lpair_done\@:
	test		%rax, %rax
	jz		.Lmore_b\@
	mov		$0x0f, %edi
	kmovw		%edi, %k1		/* A's qwords */
.Lmore_a\@:
	vmovdqu		(%r10), PKTY
	HHZ_ROUND	PKT, {%k1}
	add		$32, %r10
	dec		%rax
	jnz		.Lmore_a\@
.Lmore_b\@:
	test		%rsi, %rsi
	jz		.Ltails\@
	mov		$0xf0, %edi
	kmovw		%edi, %k1		/* B's qwords */
.Lmore_b_loop\@:
	vbroadcasti64x4	(%r11), PKT
	HHZ_ROUND	PKT, {%k1}
	add		$32, %r11
	dec		%rsi
	jnz		.Lmore_b_loop\@
.Ltails\@:
	and		$31, %r9d		/* A's remainder */
	and		$31, %edx		/* B's remainder */
	/* the qwords of the messages with a remainder */
	xor		%eax, %eax
	mov		$0x0f, %edi
	test		%r9d, %r9d
	cmovnz		%edi, %eax
	mov		$0xf0, %edi
	test		%edx, %edx
	jz		1f
	or		%edi, %eax
1:
	test		%eax, %eax
	jz		.Lfinish\@
	kmovw		%eax, %k1
	/* v0 += n in both halves of each word; v1's halves rotated by n */
	vpbroadcastd	%r9d, T2
	vpbroadcastd	%edx, T3
	vinserti64x4	$1, %ymm10, T2, T2	/* n of A, n of B */
	mov		$32, %edi
	vpbroadcastd	%edi, T3
	vpsubd		T2, T3, T3		/* 32 - n */
	vpaddq		T2, V0, V0{%k1}
	vpsllvd		T2, V1, T0
	vpsrlvd		T3, V1, T1
	vporq		T1, T0, V1{%k1}
	HHZ_TAIL_PACKET %r10, %r9, %r9d, PA, PAX, %rax, %eax, %rsi, %esi, %rdi, %edi
	HHZ_TAIL_PACKET %r11, %rdx, %edx, PB, PBX, %rax, %eax, %rsi, %esi, %rdi, %edi
	vinserti64x4	$1, PB, %zmm11, PKT	/* A's packet, B's above it */
	HHZ_ROUND	PKT, {%k1}

.Lfinish\@:
	/* PermuteAndUpdate: 4, 6 or 10 rounds for 8, 16 or 32 bytes */
	vmovdqa64	.Lpermute512(%rip), PERM
	mov		$4, %eax
	cmp		$8, %r8d
	je		.Lrounds\@
	mov		$6, %eax
	cmp		$16, %r8d
	je		.Lrounds\@
	mov		$10, %eax
.Lrounds\@:
	vpermd		V0, PERM, PKT
	HHZ_ROUND	PKT
	dec		%eax
	jnz		.Lrounds\@

	cmp		$8, %r8d
	jne		.Lnot64\@
	/* word 0 of v0 + v1 + mul0 + mul1, per message */
	vpaddq		V1, V0, V0
	vpaddq		M1, M0, M0
	vpaddq		M0, V0, V0
	vmovq		V0X, (%rcx)
	vextracti32x4	$2, V0, T0X
	vmovq		T0X, 8(%rcx)
	vzeroupper
	RET
.Lnot64\@:
	cmp		$16, %r8d
	jne		.Lwide\@
	/* words 0, 1 of v0 + mul0 plus words 2, 3 of v1 + mul1, per message */
	vpaddq		M0, V0, V0
	vpaddq		M1, V1, V1
	vshufi64x2	$0xf5, V1, V1, T0	/* 128-bit lanes 1, 1, 3, 3 */
	vpaddq		T0, V0, V0
	vmovdqu		V0X, (%rcx)
	vextracti32x4	$2, V0, 16(%rcx)
	vzeroupper
	RET
.Lwide\@:
	/*
	 * 256 bits: per 128-bit lane j of each message, A = v0 + mul0 and
	 * B = v1 + mul1 as 128-bit numbers, B's top two bits cleared:
	 * out_j = A ^ (B << 1) ^ (B << 2).
	 */
	vpaddq		M0, V0, V0
	vpaddq		M1, V1, V1
	vbroadcasti64x4	.Lmask256(%rip), T2
	vpandq		T2, V1, V1
	vpsllq		$1, V1, T0
	vpsllq		$2, V1, T1
	vpxorq		T0, V0, V0
	vpsrlq		$63, V1, T0
	vpxorq		T1, V0, V0
	vpsrlq		$62, V1, T1
	vpxorq		T1, T0, T0
	vpslldq		$8, T0, T0
	vpxorq		T0, V0, V0
	vmovdqu		V0Y, (%rcx)
	vextracti64x4	$1, V0, 32(%rcx)
	vzeroupper
	RET
.endm

/*
 * The pair body (above) as a function of its own, entered by a jump from
 * the loaders below once the states are in their registers: message A's
 * bytes and length in %rsi and %rdx, B's in %rcx and %r8, out in %r9,
 * the digest size in %eax.
 */
SYM_FUNC_START_LOCAL(__kh_highwayhash_pair_avx512)
	HHZ_PAIR_BODY
SYM_FUNC_END(__kh_highwayhash_pair_avx512)

.macro HHZ_KEY_STATE
	vbroadcasti64x4	0x00(%rdi), V0
	vbroadcasti64x4	0x20(%rdi), V1
	vbroadcasti64x4	.Liv0(%rip), M0
	vbroadcasti64x4	.Liv1(%rip), M1
	vbroadcasti64x4	.Lzipper(%rip), ZIPPER
.endm

/* Both states from the key (v0, v1 at %rdi), then the pair. */
SYM_FUNC_START_LOCAL(__kh_highwayhash_key2_avx512)
	HHZ_KEY_STATE
	jmp		__kh_highwayhash_pair_avx512
SYM_FUNC_END(__kh_highwayhash_key2_avx512)

.macro HHZ_TWO_STATES
	vmovdqu		0x00(%rdi), V0Y
	vinserti64x4	$1, 168 + 0x00(%rdi), V0, V0
	vmovdqu		0x20(%rdi), %ymm1
	vinserti64x4	$1, 168 + 0x20(%rdi), V1, V1
	vmovdqu		0x40(%rdi), %ymm2
	vinserti64x4	$1, 168 + 0x40(%rdi), M0, M0
	vmovdqu		0x60(%rdi), %ymm3
	vinserti64x4	$1, 168 + 0x60(%rdi), M1, M1
	vbroadcasti64x4	.Lzipper(%rip), ZIPPER
.endm

/* The two states st[0], st[1] at %rdi, then the pair. */
SYM_FUNC_START_LOCAL(__kh_highwayhash_states2_avx512)
	HHZ_TWO_STATES
	jmp		__kh_highwayhash_pair_avx512
SYM_FUNC_END(__kh_highwayhash_states2_avx512)

/*
 * void kh_highwayhash<N>_oneshot2_avx512(const u64 *v, const u8 *a,
 *	size_t alen, const u8 *b, size_t blen, u8 *out)
 *
 * Two whole messages under one key (@v: the prepared key's v0 then v1),
 * their HighwayHash-<N> digests to @out and @out + N / 8, the states in
 * registers throughout.  Inside a SIMD section its caller holds.
 * Pointers and lengths come in registers, never read from memory into
 * one (tests/rig/host/ct-asm.py).
 *
 * void kh_highwayhash<N>_resume2_avx512(const struct kh_highwayhash_state st[2],
 *	const u8 *a, size_t alen, const u8 *b, size_t blen, u8 *out)
 *
 * The same from the two states st[0] and st[1] (whole blocks absorbed;
 * 168 bytes apart; only read) rather than a key: the last @alen bytes of
 * message A and @blen of B to their digests.
 */
SYM_FUNC_START(kh_highwayhash64_oneshot2_avx512)
	mov		$8, %eax
	jmp		__kh_highwayhash_key2_avx512
SYM_FUNC_END(kh_highwayhash64_oneshot2_avx512)

SYM_FUNC_START(kh_highwayhash64_resume2_avx512)
	mov		$8, %eax
	jmp		__kh_highwayhash_states2_avx512
SYM_FUNC_END(kh_highwayhash64_resume2_avx512)

SYM_FUNC_START(kh_highwayhash128_oneshot2_avx512)
	mov		$16, %eax
	jmp		__kh_highwayhash_key2_avx512
SYM_FUNC_END(kh_highwayhash128_oneshot2_avx512)

SYM_FUNC_START(kh_highwayhash128_resume2_avx512)
	mov		$16, %eax
	jmp		__kh_highwayhash_states2_avx512
SYM_FUNC_END(kh_highwayhash128_resume2_avx512)

SYM_FUNC_START(kh_highwayhash256_oneshot2_avx512)
	mov		$32, %eax
	jmp		__kh_highwayhash_key2_avx512
SYM_FUNC_END(kh_highwayhash256_oneshot2_avx512)

SYM_FUNC_START(kh_highwayhash256_resume2_avx512)
	mov		$32, %eax
	jmp		__kh_highwayhash_states2_avx512
SYM_FUNC_END(kh_highwayhash256_resume2_avx512)

/*
 * void kh_highwayhash_blocks2_avx512(struct kh_highwayhash_state *a,
 *				      struct kh_highwayhash_state *b,
 *				      const u8 *srca, const u8 *srcb,
 *				      size_t nblocks)
 *
 * As kh_highwayhash_blocks2_avx2(): @nblocks (at least one) whole blocks
 * from @srca into state @a and from @srcb into state @b, @a's vectors in
 * the low halves of the zmm registers, @b's in the high; the states
 * stored back, their buffers and lengths not touched.  Inside a SIMD
 * section its caller holds.
 */
SYM_FUNC_START(kh_highwayhash_blocks2_avx512)
	vmovdqu		0x00(%rdi), V0Y
	vinserti64x4	$1, 0x00(%rsi), V0, V0
	vmovdqu		0x20(%rdi), %ymm1
	vinserti64x4	$1, 0x20(%rsi), V1, V1
	vmovdqu		0x40(%rdi), %ymm2
	vinserti64x4	$1, 0x40(%rsi), M0, M0
	vmovdqu		0x60(%rdi), %ymm3
	vinserti64x4	$1, 0x60(%rsi), M1, M1
	vbroadcasti64x4	.Lzipper(%rip), ZIPPER
.Lblocks2_loop:
	vmovdqu		(%rdx), PKTY
	vinserti64x4	$1, (%rcx), PKT, PKT
	HHZ_ROUND	PKT
	add		$32, %rdx
	add		$32, %rcx
	dec		%r8
	jnz		.Lblocks2_loop
	vmovdqu		V0Y, 0x00(%rdi)
	vextracti64x4	$1, V0, 0x00(%rsi)
	vmovdqu		%ymm1, 0x20(%rdi)
	vextracti64x4	$1, V1, 0x20(%rsi)
	vmovdqu		%ymm2, 0x40(%rdi)
	vextracti64x4	$1, M0, 0x40(%rsi)
	vmovdqu		%ymm3, 0x60(%rdi)
	vextracti64x4	$1, M1, 0x60(%rsi)
	vzeroupper
	RET
SYM_FUNC_END(kh_highwayhash_blocks2_avx512)
