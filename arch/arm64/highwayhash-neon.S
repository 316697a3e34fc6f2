/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash block functions for arm64 NEON.
 *
 * Each of the four state vectors v0, v1, mul0 and mul1 (four 64-bit lanes,
 * see include/keyedhash/highwayhash.h) lives in two registers: lanes 0-1
 * ("L") and lanes 2-3 ("H").  The two halves are independent until the
 * finalisation permutation, so every step is one instruction per half,
 * except that the 32-bit multiplier operands of all four lanes are gathered
 * into one register with uzp1 (low halves) and uzp2 (high halves) and
 * multiplied with umull/umull2.  ZipperMerge is one tbl per half.
 *
 * Message data is loaded with byte-element loads, so the lanes hold the
 * little-endian 64-bit words whatever the data endianness; the state is
 * native u64 and is loaded as 64-bit elements.  Neither needs alignment.
 */
#include <linux/linkage.h>

	.text

	// state, in the order of struct kh_highwayhash_state
	V0L	.req	v16
	V0H	.req	v17
	V1L	.req	v18
	V1H	.req	v19
	MUL0L	.req	v20
	MUL0H	.req	v21
	MUL1L	.req	v22
	MUL1H	.req	v23
	ZIP	.req	v24	// the ZipperMerge byte permutation
	T0	.req	v2
	T1	.req	v3
	T2	.req	v4
	T3	.req	v5
	T4	.req	v6
	T5	.req	v7
	T6	.req	v25
	T7	.req	v26

	// ZIP = bytes 3 12 2 5 14 1 15 0 11 4 10 13 9 6 8 7 (ZipperMergeAndAdd)
	.macro	hh_load_zip
	movz	x9, #0x0c03
	movk	x9, #0x0502, lsl #16
	movk	x9, #0x010e, lsl #32
	movk	x9, #0x000f, lsl #48
	movz	x10, #0x040b
	movk	x10, #0x0d0a, lsl #16
	movk	x10, #0x0609, lsl #32
	movk	x10, #0x0708, lsl #48
	fmov	d24, x9
	mov	ZIP.d[1], x10
	.endm

	.macro	hh_load_state, st
	ld1	{V0L.2d-V1H.2d}, [\st]
	add	x11, \st, #64
	ld1	{MUL0L.2d-MUL1H.2d}, [x11]
	.endm

	.macro	hh_store_state, st
	st1	{V0L.2d-V1H.2d}, [\st]
	add	x11, \st, #64
	st1	{MUL0L.2d-MUL1H.2d}, [x11]
	.endm

	/*
	 * Update(lanes) (google/highwayhash) with lanes 0-1 in \dl and 2-3 in \dh;
	 * clobbers \dl, \dh and T0-T7.
	 */
	.macro	hh_update, dl, dh
	// v1 += mul0 + lanes
	add	\dl\().2d, \dl\().2d, MUL0L.2d
	add	\dh\().2d, \dh\().2d, MUL0H.2d
	add	V1L.2d, V1L.2d, \dl\().2d
	add	V1H.2d, V1H.2d, \dh\().2d
	// mul0 ^= lo32(v1) * hi32(v0), with the old v0
	uzp1	T0.4s, V1L.4s, V1H.4s
	uzp2	T1.4s, V0L.4s, V0H.4s
	// v0 += mul1
	add	V0L.2d, V0L.2d, MUL1L.2d
	add	V0H.2d, V0H.2d, MUL1H.2d
	umull	T2.2d, T0.2s, T1.2s
	umull2	T3.2d, T0.4s, T1.4s
	// mul1 ^= lo32(v0) * hi32(v1), both new
	uzp1	T4.4s, V0L.4s, V0H.4s
	uzp2	T5.4s, V1L.4s, V1H.4s
	eor	MUL0L.16b, MUL0L.16b, T2.16b
	eor	MUL0H.16b, MUL0H.16b, T3.16b
	umull	T6.2d, T4.2s, T5.2s
	umull2	T7.2d, T4.4s, T5.4s
	// v0 += ZipperMerge(v1)
	tbl	T0.16b, {V1L.16b}, ZIP.16b
	tbl	T1.16b, {V1H.16b}, ZIP.16b
	eor	MUL1L.16b, MUL1L.16b, T6.16b
	eor	MUL1H.16b, MUL1H.16b, T7.16b
	add	V0L.2d, V0L.2d, T0.2d
	add	V0H.2d, V0H.2d, T1.2d
	// v1 += ZipperMerge(v0)
	tbl	T2.16b, {V0L.16b}, ZIP.16b
	tbl	T3.16b, {V0H.16b}, ZIP.16b
	add	V1L.2d, V1L.2d, T2.2d
	add	V1H.2d, V1H.2d, T3.2d
	.endm

/*
 * void kh_highwayhash_blocks_neon(struct kh_highwayhash_state *st, const u8 *src, size_t nblocks)
 *
 * Absorb nblocks whole 32-byte packets.
 */
SYM_FUNC_START(kh_highwayhash_blocks_neon)
	cbz	x2, 2f
	hh_load_zip
	hh_load_state	x0
1:	ld1	{v0.16b-v1.16b}, [x1], #32
	hh_update	v0, v1
	subs	x2, x2, #1
	b.ne	1b
	hh_store_state	x0
2:	ret
SYM_FUNC_END(kh_highwayhash_blocks_neon)

/*
 * void kh_highwayhash_permute_neon(struct kh_highwayhash_state *st, unsigned int rounds)
 *
 * rounds times PermuteAndUpdate (google/highwayhash): the lanes are
 * swap32(v0[2]), swap32(v0[3]), swap32(v0[0]), swap32(v0[1]).
 */
SYM_FUNC_START(kh_highwayhash_permute_neon)
	cbz	w1, 2f
	hh_load_zip
	hh_load_state	x0
1:	rev64	v0.4s, V0H.4s
	rev64	v1.4s, V0L.4s
	hh_update	v0, v1
	subs	w1, w1, #1
	b.ne	1b
	hh_store_state	x0
2:	ret
SYM_FUNC_END(kh_highwayhash_permute_neon)
