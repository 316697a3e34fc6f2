/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash of two messages at once, x86_64 AVX2: the chains of two
 * messages under one key interleaved, so that the multiply and zipper
 * latency of one chain is hidden by the other's instructions (one message
 * is one dependency chain: highwayhash-avx2.S, docs/performance.md).
 *
 * Chain A (message 0) in ymm0-3, chain B (message 1) in ymm4-7, each
 * v0, v1, mul0, mul1 with lane i = word i; the zipper shuffle in ymm8,
 * two temporaries per chain in ymm9-12, the remainder packet, the
 * permutation and the finalisation packets in ymm13-15.
 */

#include <linux/linkage.h>

#define V0A	%ymm0
#define V0AX	%xmm0
#define V1A	%ymm1
#define V1AX	%xmm1
#define M0A	%ymm2
#define M1A	%ymm3
#define V0B	%ymm4
#define V0BX	%xmm4
#define V1B	%ymm5
#define V1BX	%xmm5
#define M0B	%ymm6
#define M1B	%ymm7
#define ZIPPER	%ymm8
#define TA0	%ymm9
#define TA1	%ymm10
#define TA1X	%xmm10
#define TB0	%ymm11
#define TB1	%ymm12
#define TB1X	%xmm12
#define PKT	%ymm13
#define PKTX	%xmm13
#define PERM	%ymm13
#define T2	%ymm14
#define T2X	%xmm14
#define PKTA	%ymm14
#define T3	%ymm15
#define T3X	%xmm15
#define PKTB	%ymm15

.section .rodata.cst32.kh_highwayhash_zipper, "aM", @progbits, 32
.align 32
/*
 * ZipperMerge inside each 128-bit lane (words L = lo, H = hi):
 * low = L3 H4 L2 L5 H6 L1 H7 L0, high = H3 L4 H2 H5 H1 L6 H0 L7.
 */
.Lzipper:
	.byte	3, 12, 2, 5, 14, 1, 15, 0, 11, 4, 10, 13, 9, 6, 8, 7
	.byte	3, 12, 2, 5, 14, 1, 15, 0, 11, 4, 10, 13, 9, 6, 8, 7

.section .rodata.cst32.kh_highwayhash_permute, "aM", @progbits, 32
.align 32
/* PermuteAndUpdate's packet: v0 words 2, 3, 0, 1, halves swapped. */
.Lpermute:
	.long	5, 4, 7, 6, 1, 0, 3, 2

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
 * One round of one chain (v0, v1, mul0, mul1, two temporaries) with the
 * packet \pkt, in the order of highwayhash-avx2.S's HH_ROUND:
 *	v1 += pkt;  v1 += mul0;  mul0 ^= lo32(v1) * hi32(v0);
 *	v0 += mul1;              mul1 ^= lo32(v0) * hi32(v1);
 *	v0 += zipper(v1);        v1 += zipper(v0)
 */
.macro HHS_ROUND pkt, v0, v1, m0, m1, t0, t1
	vpaddq		\pkt, \v1, \v1
	vpaddq		\m0, \v1, \v1
	vpsrlq		$32, \v0, \t1
	vpmuludq	\v1, \t1, \t1
	vpxor		\t1, \m0, \m0
	vpaddq		\m1, \v0, \v0
	vpsrlq		$32, \v1, \t0
	vpmuludq	\v0, \t0, \t0
	vpxor		\t0, \m1, \m1
	vpshufb		ZIPPER, \v1, \t1
	vpaddq		\t1, \v0, \v0
	vpshufb		ZIPPER, \v0, \t0
	vpaddq		\t0, \v1, \v1
.endm

/*
 * One round of each chain, A with packet \pa and B with \pb, instruction
 * by instruction: each step of B right after the same step of A, so that
 * either chain's next instruction is ready while the other's waits.
 */
.macro HHP_ROUND pa, pb
	vpaddq		\pa, V1A, V1A
	vpaddq		\pb, V1B, V1B
	vpaddq		M0A, V1A, V1A
	vpaddq		M0B, V1B, V1B
	vpsrlq		$32, V0A, TA1
	vpsrlq		$32, V0B, TB1
	vpmuludq	V1A, TA1, TA1
	vpmuludq	V1B, TB1, TB1
	vpxor		TA1, M0A, M0A
	vpxor		TB1, M0B, M0B
	vpaddq		M1A, V0A, V0A
	vpaddq		M1B, V0B, V0B
	vpsrlq		$32, V1A, TA0
	vpsrlq		$32, V1B, TB0
	vpmuludq	V0A, TA0, TA0
	vpmuludq	V0B, TB0, TB0
	vpxor		TA0, M1A, M1A
	vpxor		TB0, M1B, M1B
	vpshufb		ZIPPER, V1A, TA1
	vpshufb		ZIPPER, V1B, TB1
	vpaddq		TA1, V0A, V0A
	vpaddq		TB1, V0B, V0B
	vpshufb		ZIPPER, V0A, TA0
	vpshufb		ZIPPER, V0B, TB0
	vpaddq		TA0, V1A, V1A
	vpaddq		TB0, V1B, V1B
.endm

#define CHAIN_A	V0A, V1A, M0A, M1A, TA0, TA1
#define CHAIN_B	V0B, V1B, M0B, M1B, TB0, TB1

/*
 * Load a state vector as four qwords (highwayhash-avx2.S's HH_LOAD_VEC
 * says why: C writes the state and the key a word at a time).
 */
.macro HHP_LOAD_VEC addr, vec, vecx, tmpx
	vmovq		\addr, \vecx
	vpinsrq		$1, 8+\addr, \vecx, \vecx
	vmovq		16+\addr, \tmpx
	vpinsrq		$1, 24+\addr, \tmpx, \tmpx
	vinserti128	$1, \tmpx, \vec, \vec
.endm

/*
 * Into \xreg (zeroed before), the whole 32-bit words of a remainder below
 * 16 bytes from \src (\src8 = \src + 8): bits 3 and 2 of n (\nd) say
 * whether there are two words and one word more.  Only bytes of the
 * message are read.
 */
.macro HHP_LOAD_WORDS src, src8, xreg, nd
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
 * The remainder step of one chain, if n = \nd (\n its 64-bit register,
 * len % 32) is not 0: v0 += n in both halves of every word, v1's halves
 * rotated left by n, then the round of the remainder packet, read from the
 * n bytes at \src without reading past them (as highwayhash-avx2.S's
 * HH_TAIL: the whole 32-bit words, then for n < 16 bytes n & ~3,
 * n & ~3 + (n & 3) / 2 and n - 1 into word 4, for n >= 16 the last four
 * bytes into word 7).  Clobbers \s1-\s3 (64-bit registers; \s1d their low
 * halves), PKT, T2 and T3.
 */
.macro HHS_TAIL src, n, nd, s1, s1d, s2, s2d, s3, s3d, v0, v1, m0, m1, t0, t1
	test		\nd, \nd
	jz		.Ltail_done\@
	vmovd		\nd, T2X
	vpbroadcastd	T2X, T2
	mov		$32, \s1d
	sub		\nd, \s1d
	vmovd		\s1d, T3X
	vpbroadcastd	T3X, T3
	vpaddq		T2, \v0, \v0
	vpsllvd		T2, \v1, \t0
	vpsrlvd		T3, \v1, \v1
	vpor		\t0, \v1, \v1
	vpxor		T2X, T2X, T2X
	test		$16, \nd
	jz		.Ltail_short\@
	vmovdqu		(\src), PKTX
	HHP_LOAD_WORDS	16(\src), 24(\src), T2X, \nd
	vpinsrd		$3, -4(\src,\n), T2X, T2X
	jmp		.Ltail_packet\@
.Ltail_short\@:
	vpxor		PKTX, PKTX, PKTX
	HHP_LOAD_WORDS	(\src), 8(\src), PKTX, \nd
	mov		\nd, \s1d
	and		$3, \s1d
	jz		.Ltail_packet\@
	mov		\nd, \s2d
	and		$~3, \s2d
	add		\src, \s2		/* the tail's first byte */
	mov		\s1d, \s3d
	shr		$1, \s3d
	vpinsrb		$0, (\s2), T2X, T2X
	vpinsrb		$1, (\s2,\s3), T2X, T2X
	vpinsrb		$2, -1(\s2,\s1), T2X, T2X
.Ltail_packet\@:
	vinserti128	$1, T2X, PKT, PKT
	HHS_ROUND	PKT, \v0, \v1, \m0, \m1, \t0, \t1
.Ltail_done\@:
.endm

/* The 256-bit output of one chain to \out (highwayhash-avx2.S's). */
.macro HHS_OUT_WIDE out, v0, v1, m0, m1, t0, t1
	vpaddq		\m0, \v0, \v0
	vpaddq		\m1, \v1, \v1
	vpand		.Lmask256(%rip), \v1, \v1
	vpsllq		$1, \v1, \t0
	vpsllq		$2, \v1, \t1
	vpxor		\t0, \v0, \v0
	vpsrlq		$63, \v1, \t0
	vpxor		\t1, \v0, \v0
	vpsrlq		$62, \v1, \t1
	vpxor		\t1, \t0, \t0
	vpslldq		$8, \t0, \t0
	vpxor		\t0, \v0, \v0
	vmovdqu		\v0, \out
.endm

/* The 128-bit output: words 0, 1 of v0 + mul0 plus words 2, 3 of v1 + mul1. */
.macro HHS_OUT_HALF out, v0, v0x, v1, m0, m1, t1x
	vpaddq		\m0, \v0, \v0
	vpaddq		\m1, \v1, \v1
	vextracti128	$1, \v1, \t1x
	vpaddq		\t1x, \v0x, \v0x
	vmovdqu		\v0x, \out
.endm

/* The 64-bit output: word 0 of v0 + v1 + mul0 + mul1. */
.macro HHS_OUT_WORD out, v0, v0x, v1, m0, m1
	vpaddq		\v1, \v0, \v0
	vpaddq		\m1, \m0, \m0
	vpaddq		\m0, \v0, \v0
	vmovq		\v0x, \out
.endm

/*
 * The pair from the states in the registers on: the blocks, the
 * remainders, the permute rounds and the outputs of the digest size in
 * %eax (8, 16 or 32 bytes), with A's bytes and length in %rsi and %rdx,
 * B's in %rcx and %r8, out in %r9 (as the functions below take them);
 * ends in RET.
 */
.macro HHP_PAIR_BODY
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
	HHP_ROUND	(%r10), (%r11)
	add		$32, %r10
	add		$32, %r11
	dec		%rdi
	jnz		.Lpair_loop\@
.Lpair_done\@:
	test		%rax, %rax
	jz		.Lmore_b\@
.Lmore_a\@:
	HHS_ROUND	(%r10), CHAIN_A
	add		$32, %r10
	dec		%rax
	jnz		.Lmore_a\@
.Lmore_b\@:
	test		%rsi, %rsi
	jz		.Ltails\@
.Lmore_b_loop\@:
	HHS_ROUND	(%r11), CHAIN_B
	add		$32, %r11
	dec		%rsi
	jnz		.Lmore_b_loop\@
.Ltails\@:
	and		$31, %r9d		/* A's remainder */
	and		$31, %edx		/* B's remainder */
	HHS_TAIL	%r10, %r9, %r9d, %rax, %eax, %rsi, %esi, %rdi, %edi, CHAIN_A
	HHS_TAIL	%r11, %rdx, %edx, %rax, %eax, %rsi, %esi, %rdi, %edi, CHAIN_B

	/* PermuteAndUpdate: 4, 6 or 10 rounds for 8, 16 or 32 bytes */
	vmovdqa		.Lpermute(%rip), PERM
	mov		$4, %eax
	cmp		$8, %r8d
	je		.Lrounds\@
	mov		$6, %eax
	cmp		$16, %r8d
	je		.Lrounds\@
	mov		$10, %eax
.Lrounds\@:
	vpermd		V0A, PERM, PKTA
	vpermd		V0B, PERM, PKTB
	HHP_ROUND	PKTA, PKTB
	dec		%eax
	jnz		.Lrounds\@

	cmp		$8, %r8d
	jne		.Lnot64\@
	HHS_OUT_WORD	(%rcx), V0A, V0AX, V1A, M0A, M1A
	HHS_OUT_WORD	8(%rcx), V0B, V0BX, V1B, M0B, M1B
	vzeroupper
	RET
.Lnot64\@:
	cmp		$16, %r8d
	jne		.Lwide\@
	HHS_OUT_HALF	(%rcx), V0A, V0AX, V1A, M0A, M1A, TA1X
	HHS_OUT_HALF	16(%rcx), V0B, V0BX, V1B, M0B, M1B, TB1X
	vzeroupper
	RET
.Lwide\@:
	HHS_OUT_WIDE	(%rcx), CHAIN_A
	HHS_OUT_WIDE	32(%rcx), CHAIN_B
	vzeroupper
	RET
.endm

/*
 * The pair body (above) as a function of its own, entered by a jump from
 * the loaders below once the states are in their registers: message A's
 * bytes and length in %rsi and %rdx, B's in %rcx and %r8, out in %r9,
 * the digest size in %eax.
 */
SYM_FUNC_START_LOCAL(__kh_highwayhash_pair_avx2)
	HHP_PAIR_BODY
SYM_FUNC_END(__kh_highwayhash_pair_avx2)

.macro HHP_KEY_STATE
	HHP_LOAD_VEC	0x00(%rdi), V0A, V0AX, TA1X
	HHP_LOAD_VEC	0x20(%rdi), V1A, V1AX, TA1X
	vmovdqa		V0A, V0B
	vmovdqa		V1A, V1B
	vmovdqa		.Liv0(%rip), M0A
	vmovdqa		.Liv1(%rip), M1A
	vmovdqa		M0A, M0B
	vmovdqa		M1A, M1B
	vmovdqa		.Lzipper(%rip), ZIPPER
.endm

/* Both states from the key (v0, v1 at %rdi), then the pair. */
SYM_FUNC_START_LOCAL(__kh_highwayhash_key2_avx2)
	HHP_KEY_STATE
	jmp		__kh_highwayhash_pair_avx2
SYM_FUNC_END(__kh_highwayhash_key2_avx2)

.macro HHP_TWO_STATES
	HHP_LOAD_VEC	0x00(%rdi), V0A, V0AX, TA1X
	HHP_LOAD_VEC	0x20(%rdi), V1A, V1AX, TA1X
	HHP_LOAD_VEC	0x40(%rdi), M0A, %xmm2, TA1X
	HHP_LOAD_VEC	0x60(%rdi), M1A, %xmm3, TA1X
	HHP_LOAD_VEC	168 + 0x00(%rdi), V0B, V0BX, TB1X
	HHP_LOAD_VEC	168 + 0x20(%rdi), V1B, V1BX, TB1X
	HHP_LOAD_VEC	168 + 0x40(%rdi), M0B, %xmm6, TB1X
	HHP_LOAD_VEC	168 + 0x60(%rdi), M1B, %xmm7, TB1X
	vmovdqa		.Lzipper(%rip), ZIPPER
.endm

/* The two states st[0], st[1] at %rdi, then the pair. */
SYM_FUNC_START_LOCAL(__kh_highwayhash_states2_avx2)
	HHP_TWO_STATES
	jmp		__kh_highwayhash_pair_avx2
SYM_FUNC_END(__kh_highwayhash_states2_avx2)

/*
 * void kh_highwayhash<N>_oneshot2_avx2(const u64 *v, const u8 *a,
 *	size_t alen, const u8 *b, size_t blen, u8 *out)
 *
 * Two whole messages under one key (@v: the prepared key's v0 then v1),
 * their HighwayHash-<N> digests to @out and @out + N / 8, the states in
 * registers throughout.  Inside a SIMD section its caller holds.
 * Pointers and lengths come in registers, never read from memory into
 * one (tests/rig/host/ct-asm.py).
 *
 * void kh_highwayhash<N>_resume2_avx2(const struct kh_highwayhash_state st[2],
 *	const u8 *a, size_t alen, const u8 *b, size_t blen, u8 *out)
 *
 * The same from the two states st[0] and st[1] (whole blocks absorbed;
 * 168 bytes apart; only read) rather than a key: the last @alen bytes of
 * message A and @blen of B to their digests.
 */
SYM_FUNC_START(kh_highwayhash64_oneshot2_avx2)
	mov		$8, %eax
	jmp		__kh_highwayhash_key2_avx2
SYM_FUNC_END(kh_highwayhash64_oneshot2_avx2)

SYM_FUNC_START(kh_highwayhash64_resume2_avx2)
	mov		$8, %eax
	jmp		__kh_highwayhash_states2_avx2
SYM_FUNC_END(kh_highwayhash64_resume2_avx2)

SYM_FUNC_START(kh_highwayhash128_oneshot2_avx2)
	mov		$16, %eax
	jmp		__kh_highwayhash_key2_avx2
SYM_FUNC_END(kh_highwayhash128_oneshot2_avx2)

SYM_FUNC_START(kh_highwayhash128_resume2_avx2)
	mov		$16, %eax
	jmp		__kh_highwayhash_states2_avx2
SYM_FUNC_END(kh_highwayhash128_resume2_avx2)

SYM_FUNC_START(kh_highwayhash256_oneshot2_avx2)
	mov		$32, %eax
	jmp		__kh_highwayhash_key2_avx2
SYM_FUNC_END(kh_highwayhash256_oneshot2_avx2)

SYM_FUNC_START(kh_highwayhash256_resume2_avx2)
	mov		$32, %eax
	jmp		__kh_highwayhash_states2_avx2
SYM_FUNC_END(kh_highwayhash256_resume2_avx2)

/*
 * void kh_highwayhash_blocks2_avx2(struct kh_highwayhash_state *a,
 *				    struct kh_highwayhash_state *b,
 *				    const u8 *srca, const u8 *srcb,
 *				    size_t nblocks)
 *
 * @nblocks (at least one) whole blocks of each of two messages, from
 * @srca into state @a and from @srcb into state @b, interleaved; the
 * states (v0, v1, mul0, mul1 at offsets 0, 32, 64, 96) loaded a word at a
 * time and stored back.  Their buffers and lengths are not touched.
 * Inside a SIMD section its caller holds.
 */
SYM_FUNC_START(kh_highwayhash_blocks2_avx2)
	HHP_LOAD_VEC	0x00(%rdi), V0A, V0AX, TA1X
	HHP_LOAD_VEC	0x20(%rdi), V1A, V1AX, TA1X
	HHP_LOAD_VEC	0x40(%rdi), M0A, %xmm2, TA1X
	HHP_LOAD_VEC	0x60(%rdi), M1A, %xmm3, TA1X
	HHP_LOAD_VEC	0x00(%rsi), V0B, V0BX, TB1X
	HHP_LOAD_VEC	0x20(%rsi), V1B, V1BX, TB1X
	HHP_LOAD_VEC	0x40(%rsi), M0B, %xmm6, TB1X
	HHP_LOAD_VEC	0x60(%rsi), M1B, %xmm7, TB1X
	vmovdqa		.Lzipper(%rip), ZIPPER
.Lblocks2_loop:
	HHP_ROUND	(%rdx), (%rcx)
	add		$32, %rdx
	add		$32, %rcx
	dec		%r8
	jnz		.Lblocks2_loop
	vmovdqu		V0A, 0x00(%rdi)
	vmovdqu		V1A, 0x20(%rdi)
	vmovdqu		M0A, 0x40(%rdi)
	vmovdqu		M1A, 0x60(%rdi)
	vmovdqu		V0B, 0x00(%rsi)
	vmovdqu		V1B, 0x20(%rsi)
	vmovdqu		M0B, 0x40(%rsi)
	vmovdqu		M1B, 0x60(%rsi)
	vzeroupper
	RET
SYM_FUNC_END(kh_highwayhash_blocks2_avx2)
