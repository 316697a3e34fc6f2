/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Multimixer-128 block function for arm64 NEON (see struct mm128_arch_ops
 * in include/keyedhash/multimixer128.h).
 *
 * A block's x and y (key + message, words 0-3 and 4-7) are one register
 * each, loaded as bytes so the 32-bit lanes are the little-endian words.
 * With indices mod 4:
 *	z[i]     = x[i] * y[i]				umlal/umlal2 x, y
 *	z[4 + i] = u[i] * v[i]				umlal/umlal2 u, v
 *	u = x + rot2(x) + rot1(x)			rotk(a)[i] = a[i + k]
 *	v = rot2(y) + rot1(y + rot2(y))
 * so four multiply-accumulates per block add z0..z7 in output order into
 * four accumulators.  Two blocks per iteration use two accumulator sets,
 * which are added into h at the end.
 */
#include <linux/linkage.h>

	.text

	H	.req	x0
	KEY	.req	x1
	MSG	.req	x2
	NBLK	.req	x3

	/*
	 * One block: key and message already loaded into \x,\y and \mx,\my
	 * (all clobbered); \t0, \t1 are temporaries; z0..z7 are added into
	 * \a01, \a23, \a45 and \a67.
	 */
	.macro	mm_block, x, y, mx, my, t0, t1, a01, a23, a45, a67
	add	\x\().4s, \x\().4s, \mx\().4s
	add	\y\().4s, \y\().4s, \my\().4s
	ext	\t0\().16b, \x\().16b, \x\().16b, #8	// rot2(x)
	ext	\t1\().16b, \x\().16b, \x\().16b, #4	// rot1(x)
	ext	\mx\().16b, \y\().16b, \y\().16b, #8	// rot2(y)
	umlal	\a01\().2d, \x\().2s, \y\().2s
	umlal2	\a23\().2d, \x\().4s, \y\().4s
	add	\t0\().4s, \t0\().4s, \x\().4s
	add	\my\().4s, \mx\().4s, \y\().4s		// y + rot2(y)
	add	\t0\().4s, \t0\().4s, \t1\().4s		// u
	ext	\my\().16b, \my\().16b, \my\().16b, #4
	add	\mx\().4s, \mx\().4s, \my\().4s		// v
	umlal	\a45\().2d, \t0\().2s, \mx\().2s
	umlal2	\a67\().2d, \t0\().4s, \mx\().4s
	.endm

/*
 * void kh_multimixer128_blocks_neon(u64 h[8], const u8 *key, const u8 *msg,
 *			     size_t nblocks)
 */
SYM_FUNC_START(kh_multimixer128_blocks_neon)
	cbz	NBLK, 4f
	movi	v16.2d, #0
	movi	v17.2d, #0
	movi	v18.2d, #0
	movi	v19.2d, #0
	movi	v20.2d, #0
	movi	v21.2d, #0
	movi	v22.2d, #0
	movi	v23.2d, #0

	subs	NBLK, NBLK, #2
	b.lo	2f
1:	ld1	{v0.16b-v3.16b}, [KEY], #64
	ld1	{v4.16b-v7.16b}, [MSG], #64
	mm_block	v0, v1, v4, v5, v24, v25, v16, v17, v18, v19
	mm_block	v2, v3, v6, v7, v26, v27, v20, v21, v22, v23
	subs	NBLK, NBLK, #2
	b.hs	1b

2:	tbz	NBLK, #0, 3f		// NBLK is -2 or -1 here: one block left?
	ld1	{v0.16b-v1.16b}, [KEY]
	ld1	{v4.16b-v5.16b}, [MSG]
	mm_block	v0, v1, v4, v5, v24, v25, v16, v17, v18, v19

3:	ld1	{v0.2d-v3.2d}, [H]
	add	v16.2d, v16.2d, v20.2d
	add	v17.2d, v17.2d, v21.2d
	add	v18.2d, v18.2d, v22.2d
	add	v19.2d, v19.2d, v23.2d
	add	v0.2d, v0.2d, v16.2d
	add	v1.2d, v1.2d, v17.2d
	add	v2.2d, v2.2d, v18.2d
	add	v3.2d, v3.2d, v19.2d
	st1	{v0.2d-v3.2d}, [H]
4:	ret
SYM_FUNC_END(kh_multimixer128_blocks_neon)
