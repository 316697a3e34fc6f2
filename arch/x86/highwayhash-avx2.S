/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash block and finalisation functions, x86_64 AVX2.
 *
 * The four state vectors v0, v1, mul0 and mul1 (struct kh_highwayhash_state, offsets
 * 0, 32, 64, 96) each fill one ymm register, lane i = word i.  A round is
 * thirteen instructions on two recurrences, the multiply one (mul0 ->
 * v1 += mul0 -> vpmuludq -> mul0 ^= ..., and the same for mul1) and the
 * zipper one (v1 -> vpshufb -> v0 -> vpshufb -> v1): a packet cannot go
 * faster than the longer of the two on one message (the bound per CPU is
 * derived in docs/performance.md).
 *
 * The state is only CRYPTO_MINALIGN-aligned: unaligned loads and stores.
 */

#include <linux/linkage.h>

#define STATE	%rdi
#define V0	%ymm0
#define V1	%ymm1
#define MUL0	%ymm2
#define MUL1	%ymm3
#define ZIPPER	%ymm4
#define T0	%ymm5
#define T1	%ymm6
#define PERM	%ymm7
#define PKT	%ymm8
#define PKTX	%xmm8
#define T2	%ymm9
#define T2X	%xmm9
#define T3	%ymm10
#define T3X	%xmm10

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

.section .rodata
.align 32
/* The initial mul0 and mul1 (kh_highwayhash_iv0/1 of lib/highwayhash.c). */
.Liv:
	.quad	0xdbe6d5d5fe4cce2f, 0xa4093822299f31d0
	.quad	0x13198a2e03707344, 0x243f6a8885a308d3
	.quad	0x3bd39e10cb0ef593, 0xc0acf169b5f18a8c
	.quad	0xbe5466cf34e90c6c, 0x452821e638d01377

.section .rodata.cst32.kh_highwayhash_mask256, "aM", @progbits, 32
.align 32
/* The 256-bit output clears the top two bits of a3. */
.Lmask256:
	.quad	-1, 0x3fffffffffffffff, -1, 0x3fffffffffffffff

.text

/*
 * One round with the packet in PKT (a register or a memory operand), in
 * the reference order:
 *	v1 += pkt;  v1 += mul0;  mul0 ^= lo32(v1) * hi32(v0);
 *	v0 += mul1;              mul1 ^= lo32(v0) * hi32(v1);
 *	v0 += zipper(v1);        v1 += zipper(v0)
 * The packet is added first, off the mul0 recurrence (mul0 -> add ->
 * vpmuludq -> xor), at the cost of one add more on the zipper one (v1 ->
 * add -> add -> vpshufb -> v0 -> vpshufb -> v1).  Where vpmuludq is slow
 * (Intel) the mul0 recurrence sets the bound, so its add is the one to
 * save; adding mul0 + pkt to v1 instead puts the extra add on it, which
 * raises the bound there.  Where vpmuludq is fast (AMD Zen) both orders
 * have the same bound (see docs/performance.md).  Each recurrence's
 * steps are written in its order, each multiply's xor right after it:
 * the oldest ready instruction, which the scheduler issues first, is then
 * the one on the chain.
 */
.macro HH_ROUND pkt
	vpaddq		\pkt, V1, V1
	vpaddq		MUL0, V1, V1
	vpsrlq		$32, V0, T1
	vpmuludq	V1, T1, T1
	vpxor		T1, MUL0, MUL0
	vpaddq		MUL1, V0, V0
	vpsrlq		$32, V1, T0
	vpmuludq	V0, T0, T0
	vpxor		T0, MUL1, MUL1
	vpshufb		ZIPPER, V1, T1
	vpaddq		T1, V0, V0
	vpshufb		ZIPPER, V0, T0
	vpaddq		T0, V1, V1
.endm

/*
 * Load a state vector as four qwords.  The C code (init, the generic
 * fallback, an import) writes the state a word at a time, and a 32-byte
 * load of words still in the store buffer cannot take them from there:
 * it waits for the stores to reach the cache, once per message, in the
 * first block or finish call after init.
 * Loads of the stored size are forwarded.
 */
.macro HH_LOAD_VEC off, vec, vecx, tmpx
	vmovq		\off(STATE), \vecx
	vpinsrq		$1, \off + 8(STATE), \vecx, \vecx
	vmovq		\off + 16(STATE), \tmpx
	vpinsrq		$1, \off + 24(STATE), \tmpx, \tmpx
	vinserti128	$1, \tmpx, \vec, \vec
.endm

.macro HH_LOAD_STATE
	HH_LOAD_VEC	0x00, V0, %xmm0, %xmm5
	HH_LOAD_VEC	0x20, V1, %xmm1, %xmm6
	HH_LOAD_VEC	0x40, MUL0, %xmm2, %xmm9
	HH_LOAD_VEC	0x60, MUL1, %xmm3, %xmm10
	vmovdqa		.Lzipper(%rip), ZIPPER
.endm

/* The blocks at %rsi (%rdx of them, at least one), then the state stored. */
.macro HH_BLOCKS_STORE
.Lblocks_loop\@:
	HH_ROUND	(%rsi)
	add		$32, %rsi
	dec		%rdx
	jnz		.Lblocks_loop\@
	vmovdqu		V0, 0x00(STATE)
	vmovdqu		V1, 0x20(STATE)
	vmovdqu		MUL0, 0x40(STATE)
	vmovdqu		MUL1, 0x60(STATE)
	vzeroupper
.endm

/*
 * void kh_highwayhash_blocks_avx2(struct kh_highwayhash_state *st, const u8 *src, size_t nblocks)
 * nblocks 0 returns at once (nothing read, the state unchanged).
 */
SYM_FUNC_START(kh_highwayhash_blocks_avx2)
	test		%rdx, %rdx
	jz		.Lblocks_return
	HH_LOAD_STATE
	HH_BLOCKS_STORE
.Lblocks_return:
	RET
SYM_FUNC_END(kh_highwayhash_blocks_avx2)

/*
 * void kh_highwayhash_buf_blocks_avx2(struct kh_highwayhash_state *st,
 *				       const u8 *src, size_t nblocks)
 * The block the state's buffer holds (just completed), then nblocks (at
 * least one) from src: an update that completes a buffered block and goes
 * on with whole blocks (dm-integrity's block after its 24 bytes of salt and
 * sector) loads and stores the state once.
 */
SYM_FUNC_START(kh_highwayhash_buf_blocks_avx2)
	HH_LOAD_STATE
	HH_ROUND	0x80(STATE)
	HH_BLOCKS_STORE
	RET
SYM_FUNC_END(kh_highwayhash_buf_blocks_avx2)

/*
 * The remainder step's adjustment for n = len % 32 bytes (in \cnt, a
 * 32-bit register, not 0): v0 += n in both halves of every word; v1's halves rotl32 by n.
 * Clobbers %eax.
 */
.macro HH_REMAINDER_ADJUST cnt
	vmovd		\cnt, T2X
	vpbroadcastd	T2X, T2
	mov		$32, %eax
	sub		\cnt, %eax
	vmovd		%eax, T3X
	vpbroadcastd	T3X, T3
	vpaddq		T2, V0, V0
	vpsllvd		T2, V1, T0
	vpsrlvd		T3, V1, V1
	vpor		T0, V1, V1
.endm

/*
 * The PermuteAndUpdate rounds (4, 6 or 10 for a \ds of 8, 16 or 32
 * bytes) and the output to \out; then vzeroupper and return.  Clobbers
 * %eax.
 */
.macro HH_FINISH ds, out
	vmovdqa		.Lpermute(%rip), PERM
	mov		$4, %eax
	cmp		$8, \ds
	je		.Lrounds\@
	mov		$6, %eax
	cmp		$16, \ds
	je		.Lrounds\@
	mov		$10, %eax
.Lrounds\@:
	vpermd		V0, PERM, PKT
	HH_ROUND	PKT
	dec		%eax
	jnz		.Lrounds\@

	cmp		$8, \ds
	je		.Lout64\@
	cmp		$16, \ds
	je		.Lout128\@

	/*
	 * 256 bits: per 128-bit lane j, A = v0 + mul0 and B = v1 + mul1 as
	 * 128-bit numbers, B's top two bits cleared:
	 * out_j = A ^ (B << 1) ^ (B << 2).
	 */
	vpaddq		MUL0, V0, V0
	vpaddq		MUL1, V1, V1
	vpand		.Lmask256(%rip), V1, V1
	vpsllq		$1, V1, T0
	vpsllq		$2, V1, T1
	vpxor		T0, V0, V0
	vpsrlq		$63, V1, T0
	vpxor		T1, V0, V0
	vpsrlq		$62, V1, T1
	vpxor		T1, T0, T0
	vpslldq		$8, T0, T0
	vpxor		T0, V0, V0
	vmovdqu		V0, (\out)
	vzeroupper
	RET

.Lout128\@:
	/* words 0, 1 of v0 + mul0 plus words 2, 3 of v1 + mul1 */
	vpaddq		MUL0, V0, V0
	vpaddq		MUL1, V1, V1
	vextracti128	$1, V1, %xmm1
	vpaddq		%xmm1, %xmm0, %xmm0
	vmovdqu		%xmm0, (\out)
	vzeroupper
	RET

.Lout64\@:
	/* word 0 of v0 + v1 + mul0 + mul1 */
	vpaddq		V1, V0, V0
	vpaddq		MUL1, MUL0, MUL0
	vpaddq		MUL0, V0, V0
	vmovq		%xmm0, (\out)
	vzeroupper
	RET
.endm


/*
 * Into \xreg (zeroed), the whole 32-bit words of the remainder below 16
 * bytes from \src (\src8 = \src + 8): bits 3 and 2 of n (%dl) say
 * whether there are two words and one word more.  Only bytes of the
 * message are read: a masked load (vpmaskmovd) would be shorter, but
 * whether it faults on a masked-out word past the end is left to the
 * implementation by AMD's manual, and QEMU's does.
 */
.macro HH_LOAD_WORDS src, src8, xreg
	test		$8, %dl
	jz		.Lone_word\@
	vmovq		\src, \xreg
	test		$4, %dl
	jz		.Lwords_done\@
	vpinsrd		$2, \src8, \xreg, \xreg
	jmp		.Lwords_done\@
.Lone_word\@:
	test		$4, %dl
	jz		.Lwords_done\@
	vmovd		\src, \xreg
.Lwords_done\@:
.endm

/*
 * The remainder step, if n = %edx (len % 32) is not 0: the adjustment of
 * v0 and v1, then the round of the remainder packet, loaded from the n
 * bytes at %rsi without reading past them and without a message byte in
 * a general register: the whole 32-bit words, then the bytes the
 * reference places in word 4 (n < 16: bytes n & ~3, n & ~3 + (n & 3) / 2
 * and n - 1) or in word 7 (n >= 16: the last four bytes).  Clobbers %eax,
 * %r9-%r11.
 */
.macro HH_TAIL
	test		%edx, %edx
	jz		.Ltail_done\@
	HH_REMAINDER_ADJUST %edx
	vpxor		T2X, T2X, T2X
	test		$16, %dl
	jz		.Ltail_short\@
	/* n >= 16: words 0-3, the next whole words, the last four bytes */
	vmovdqu		(%rsi), PKTX
	HH_LOAD_WORDS	16(%rsi), 16 + 8(%rsi), T2X
	vpinsrd		$3, -4(%rsi,%rdx), T2X, T2X
	jmp		.Ltail_packet\@
.Ltail_short\@:
	/* n < 16: the whole words, then three of the n & 3 tail bytes */
	vpxor		PKTX, PKTX, PKTX
	HH_LOAD_WORDS	(%rsi), 8(%rsi), PKTX
	mov		%edx, %r9d
	and		$3, %r9d
	jz		.Ltail_packet\@
	mov		%edx, %r10d
	and		$~3, %r10d
	add		%rsi, %r10		/* the tail's first byte */
	mov		%r9d, %r11d
	shr		$1, %r11d
	vpinsrb		$0, (%r10), T2X, T2X
	vpinsrb		$1, (%r10,%r11), T2X, T2X
	vpinsrb		$2, -1(%r10,%r9), T2X, T2X
.Ltail_packet\@:
	vinserti128	$1, T2X, PKT, PKT
	HH_ROUND	PKT
.Ltail_done\@:
.endm

/*
 * void kh_highwayhash_oneshot_avx2(const u64 *v, const u8 *data, size_t len,
 *				    u8 *out, unsigned int digestsize)
 *
 * A whole message from v0 and v1 of a new message at v (8 words: those of
 * a prepared key, or of a fresh state, which init() copied from one, read
 * a word at a time as HH_LOAD_VEC explains): the packets, the remainder,
 * the finalisation and the output, the state in registers throughout
 * (nothing of it is stored); the remainder packet straight from the end
 * of @data (HH_TAIL).
 */
SYM_FUNC_START(kh_highwayhash_oneshot_avx2)
	HH_LOAD_VEC	0x00, V0, %xmm0, %xmm5
	HH_LOAD_VEC	0x20, V1, %xmm1, %xmm6
	vmovdqa		.Liv + 0x00(%rip), MUL0
	vmovdqa		.Liv + 0x20(%rip), MUL1
	vmovdqa		.Lzipper(%rip), ZIPPER
	mov		%rdx, %rax
	shr		$5, %rax
	jz		.Loneshot_tail
.Loneshot_loop:
	HH_ROUND	(%rsi)
	add		$32, %rsi
	dec		%rax
	jnz		.Loneshot_loop

.Loneshot_tail:
	and		$31, %edx		/* n */
	HH_TAIL
	HH_FINISH	%r8d, %rcx
SYM_FUNC_END(kh_highwayhash_oneshot_avx2)

/*
 * void kh_highwayhash_finish_avx2(struct kh_highwayhash_state *st, u8 *out,
 *				   unsigned int digestsize, unsigned int n)
 *
 * The end of a message: the remainder step of the n = len % 32 bytes in
 * the state's buffer (HH_TAIL; n is passed, as the state is only read
 * into vector registers), the PermuteAndUpdate rounds (4, 6 or 10 for
 * an 8, 16 or 32-byte digest) and the output.  The state is left spent
 * (not stored back).
 */
SYM_FUNC_START(kh_highwayhash_finish_avx2)
	HH_LOAD_STATE
	/* the registers of the one-shot's: out, digestsize, n, the bytes */
	mov		%ecx, %r9d
	mov		%rsi, %rcx
	mov		%edx, %r8d
	mov		%r9d, %edx
	lea		0x80(STATE), %rsi
	HH_TAIL
	HH_FINISH	%r8d, %rcx
SYM_FUNC_END(kh_highwayhash_finish_avx2)
