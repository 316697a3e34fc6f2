/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NH (4 passes, stride 2, 16-byte units), x86_64 AVX2: the block function
 * of the nhpoly1305 and sthash drivers (kh_nh_fn).
 *
 * A ymm register holds two units.  Inside each 128-bit lane the words are
 * in the order (w0, w2, w1, w3), message and key alike, so that after the
 * 32-bit additions each 64-bit lane holds the two factors of one product
 * and vpmuludq(t, t >> 32) forms both products of a unit and pass at once.
 * The key comes in that order (kh_nh_setkey_words()), the message is
 * reordered with one vpshufd per 32 bytes.
 *
 * Pass p of units (u, u + 1) needs the key groups (u + p, u + p + 1) (a group
 * is four key words): the key vectors of passes 2 and 3 are those of passes
 * 0 and 1 for the next two units, so each iteration loads two new key
 * vectors.  Per 32 bytes of message: 1 vpshufd, then per pass vpaddd,
 * vpsrlq, vpmuludq and vpaddq, 17 vector instructions.
 */

#include <linux/linkage.h>

#define KEY	%rdi
#define MSG	%rsi
#define LEN	%rdx
#define HASH	%rcx

#define ACC0	%ymm0
#define ACC1	%ymm1
#define ACC2	%ymm2
#define ACC3	%ymm3
#define K0	%ymm4
#define K1	%ymm5
#define K2	%ymm6
#define K3	%ymm7
#define M	%ymm8
#define T0	%ymm9
#define T1	%ymm10
#define T2	%ymm11
#define T3	%ymm12
#define MX	%xmm8
#define T0X	%xmm9
#define T1X	%xmm10

/* (w0, w1, w2, w3) -> (w0, w2, w1, w3) in each 128-bit lane */
#define PERM	0xd8

.text

/* acc += the products of key vector k with M (ymm, two units) */
.macro NH_PASS k, acc, t, t2
	vpaddd		M, \k, \t
	vpsrlq		$32, \t, \t2
	vpmuludq	\t2, \t, \t
	vpaddq		\t, \acc, \acc
.endm

/* acc += the products of key group at off(KEY) with MX (one unit) */
.macro NH_PASS1 off, acc
	vmovdqu		\off(KEY), T0X
	vpaddd		MX, T0X, T0X
	vpsrlq		$32, T0X, T1X
	vpmuludq	T1X, T0X, T0X
	vpaddq		T0, \acc, \acc
.endm

/*
 * Four units at 0(MSG) with the key groups from 0(\key): K0 and K1 hold
 * the first two groups on entry and the groups 4 and 5 on exit.  Passes 2
 * and 3 of the first two units are passes 0 and 1 of the next two, whose
 * passes 2 and 3 reload K0 and K1.
 */
.macro NH_FOUR_UNITS key
	vmovdqu		0x20(\key), K2
	vmovdqu		0x30(\key), K3
	vpshufd		$PERM, 0x00(MSG), M
	NH_PASS		K0, ACC0, T0, T1
	NH_PASS		K1, ACC1, T2, T3
	NH_PASS		K2, ACC2, T0, T1
	NH_PASS		K3, ACC3, T2, T3
	vmovdqu		0x40(\key), K0
	vmovdqu		0x50(\key), K1
	vpshufd		$PERM, 0x20(MSG), M
	NH_PASS		K2, ACC0, T0, T1
	NH_PASS		K3, ACC1, T2, T3
	NH_PASS		K0, ACC2, T0, T1
	NH_PASS		K1, ACC3, T2, T3
.endm

/* (HASH)[p] = the sum of ACCp's four lanes */
.macro NH_REDUCE
	vpunpcklqdq	ACC1, ACC0, T0
	vpunpckhqdq	ACC1, ACC0, T1
	vpaddq		T1, T0, T0		/* p0 p1 | p0 p1 */
	vpunpcklqdq	ACC3, ACC2, T2
	vpunpckhqdq	ACC3, ACC2, T3
	vpaddq		T3, T2, T2		/* p2 p3 | p2 p3 */
	vperm2i128	$0x20, T2, T0, T1	/* low halves */
	vperm2i128	$0x31, T2, T0, T3	/* high halves */
	vpaddq		T3, T1, T1
	vmovdqu		T1, (HASH)
.endm

/*
 * void kh_nh_avx2(const u32 *key, const u8 *msg, size_t len, u64 hash[4])
 * len: a multiple of 16, 16..1024; reads key words up to key[len / 4 + 11].
 * len 0 returns at once: nothing read, hash not written.
 */
SYM_FUNC_START(kh_nh_avx2)
	test		LEN, LEN
	jz		.Lreturn
	vpxor		ACC0, ACC0, ACC0
	vpxor		ACC1, ACC1, ACC1
	vpxor		ACC2, ACC2, ACC2
	vpxor		ACC3, ACC3, ACC3
	cmp		$32, LEN
	jb		.Lone_unit

	vmovdqu		0x00(KEY), K0
	vmovdqu		0x10(KEY), K1
	cmp		$64, LEN
	jb		.Ltwo_units
.Lloop:
	NH_FOUR_UNITS	KEY
	add		$0x40, KEY
	add		$0x40, MSG
	sub		$0x40, LEN
	cmp		$0x40, LEN
	jae		.Lloop
	cmp		$0x20, LEN
	jb		.Lcheck_one
.Ltwo_units:
	vmovdqu		0x20(KEY), K2
	vmovdqu		0x30(KEY), K3
	vpshufd		$PERM, (MSG), M
	NH_PASS		K0, ACC0, T0, T1
	NH_PASS		K1, ACC1, T2, T3
	NH_PASS		K2, ACC2, T0, T1
	NH_PASS		K3, ACC3, T2, T3
	add		$0x20, KEY
	add		$0x20, MSG
	sub		$0x20, LEN
.Lcheck_one:
	test		LEN, LEN
	jz		.Lreduce
.Lone_unit:
	vpshufd		$PERM, (MSG), MX
	NH_PASS1	0x00, ACC0
	NH_PASS1	0x10, ACC1
	NH_PASS1	0x20, ACC2
	NH_PASS1	0x30, ACC3

.Lreduce:
	NH_REDUCE
	vzeroupper
.Lreturn:
	RET
SYM_FUNC_END(kh_nh_avx2)

/*
 * void kh_nh_chunks_avx2(const u32 *key, const u8 *msg, size_t nchunks,
 *			  u64 hashes[][4])
 * NH of @nchunks whole 1 KiB chunks, each from key word 0, into
 * hashes[0..nchunks - 1]: one call where kh_nh_avx2() would take
 * @nchunks.  Reads key words up to key[267].  nchunks 0 returns at once:
 * nothing read, nothing written.
 */
#define NCHUNKS	%rdx
#define KP	%r8
#define NITER	%eax

SYM_FUNC_START(kh_nh_chunks_avx2)
	test		NCHUNKS, NCHUNKS
	jz		.Lchunks_return
.Lchunk:
	mov		KEY, KP
	mov		$(1024 / 0x40), NITER
	vpxor		ACC0, ACC0, ACC0
	vpxor		ACC1, ACC1, ACC1
	vpxor		ACC2, ACC2, ACC2
	vpxor		ACC3, ACC3, ACC3
	vmovdqu		0x00(KP), K0
	vmovdqu		0x10(KP), K1
.Lchunk_loop:
	NH_FOUR_UNITS	KP
	add		$0x40, KP
	add		$0x40, MSG
	dec		NITER
	jnz		.Lchunk_loop
	NH_REDUCE
	add		$0x20, HASH
	dec		NCHUNKS
	jnz		.Lchunk
	vzeroupper
.Lchunks_return:
	RET
SYM_FUNC_END(kh_nh_chunks_avx2)
