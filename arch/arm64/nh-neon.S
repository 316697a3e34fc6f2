/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NH for arm64 NEON: the block function of the nhpoly1305 and sthash NEON
 * drivers (see kh_nh_fn in include/keyedhash/nhpoly1305.h).
 *
 * Four units (64 bytes) at a time, one unit per 32-bit lane: ld4
 * de-interleaves the message into m0..m3 of the four units, and for each
 * pass p another ld4, from the key pointer plus 4p words, de-interleaves
 * the four key words each unit adds in that pass; the key stores each
 * group as k0, k2, k1, k3 (kh_nh_setkey_words()), so the second and third
 * registers of that ld4 are k2 and k1.  A pass is then four adds and four
 * umlal/umlal2 (the products t0 * t2 and t1 * t3 of two units each) into
 * the pass's two accumulators.
 *
 * The last one to three units go one at a time with the lanes as passes:
 * ld4r replicates the unit's message words into every lane and ld4 from
 * the unit's key offset yields pass p's key words in lane p.
 *
 * No load goes past the last key word NH uses: key + 4 * (units + 3) words.
 * The 32-bit element loads take the words in CPU order, so this file
 * assumes a little-endian kernel (CONFIG_CPU_BIG_ENDIAN is refused in
 * arch/arm64/glue.c).
 */
#include <linux/linkage.h>

	.text

	KEY	.req	x0
	MSG	.req	x1
	LEN	.req	x2
	HASH	.req	x3
	KEY1	.req	x4
	KEY2	.req	x5
	KEY3	.req	x6
	STEP	.req	x7

	// message words of four units (or one unit, replicated)
	M0	.req	v0
	M1	.req	v1
	M2	.req	v2
	M3	.req	v3
	// per pass p, accumulators of units 0-1 (A<p>L) and 2-3 (A<p>H)
	A0L	.req	v16
	A0H	.req	v17
	A1L	.req	v18
	A1H	.req	v19
	A2L	.req	v20
	A2H	.req	v21
	A3L	.req	v22
	A3H	.req	v23
	// the single-unit accumulators: passes 0-1 and 2-3
	T01	.req	v24
	T23	.req	v25

	/*
	 * One pass over four units: key words k0..k3 (clobbered) plus the
	 * message words, then t0 * t2 + t1 * t3 per lane.
	 */
	.macro	nh_pass, k0, k1, k2, k3, accl, acch
	add	\k0\().4s, \k0\().4s, M0.4s
	add	\k1\().4s, \k1\().4s, M1.4s
	add	\k2\().4s, \k2\().4s, M2.4s
	add	\k3\().4s, \k3\().4s, M3.4s
	umlal	\accl\().2d, \k0\().2s, \k2\().2s
	umlal2	\acch\().2d, \k0\().4s, \k2\().4s
	umlal	\accl\().2d, \k1\().2s, \k3\().2s
	umlal2	\acch\().2d, \k1\().4s, \k3\().4s
	.endm

/*
 * void kh_nh_neon(const u32 *key, const u8 *msg, size_t len, u64 hash[4])
 *
 * len is a multiple of 16 with 16 <= len <= 1024; len 0 returns at once
 * (nothing read, hash not written).
 */
SYM_FUNC_START(kh_nh_neon)
	cbz	LEN, 5f
	movi	A0L.2d, #0
	movi	A0H.2d, #0
	movi	A1L.2d, #0
	movi	A1H.2d, #0
	movi	A2L.2d, #0
	movi	A2H.2d, #0
	movi	A3L.2d, #0
	movi	A3H.2d, #0
	movi	T01.2d, #0
	movi	T23.2d, #0
	add	KEY1, KEY, #16
	add	KEY2, KEY, #32
	add	KEY3, KEY, #48

	subs	LEN, LEN, #64
	b.lo	2f
1:	ld4	{M0.4s-M3.4s}, [MSG], #64
	ld4	{v4.4s-v7.4s}, [KEY], #64
	ld4	{v26.4s-v29.4s}, [KEY1], #64
	nh_pass	v4, v6, v5, v7, A0L, A0H
	ld4	{v4.4s-v7.4s}, [KEY2], #64
	nh_pass	v26, v28, v27, v29, A1L, A1H
	ld4	{v26.4s-v29.4s}, [KEY3], #64
	nh_pass	v4, v6, v5, v7, A2L, A2H
	nh_pass	v26, v28, v27, v29, A3L, A3H
	subs	LEN, LEN, #64
	b.hs	1b

2:	adds	LEN, LEN, #64 - 16	// LEN = bytes left - 16
	b.lo	4f			// (a partial unit is ignored, as in C)
	mov	STEP, #16
3:	ld4r	{M0.4s-M3.4s}, [MSG], STEP
	ld4	{v4.4s-v7.4s}, [KEY], STEP	// k0, k2, k1, k3 of each pass
	add	v4.4s, v4.4s, M0.4s
	add	v6.4s, v6.4s, M1.4s
	add	v5.4s, v5.4s, M2.4s
	add	v7.4s, v7.4s, M3.4s
	umlal	T01.2d, v4.2s, v5.2s
	umlal2	T23.2d, v4.4s, v5.4s
	umlal	T01.2d, v6.2s, v7.2s
	umlal2	T23.2d, v6.4s, v7.4s
	subs	LEN, LEN, #16
	b.hs	3b

	// hash[p] = the sum of pass p's lanes
4:	add	A0L.2d, A0L.2d, A0H.2d
	add	A1L.2d, A1L.2d, A1H.2d
	add	A2L.2d, A2L.2d, A2H.2d
	add	A3L.2d, A3L.2d, A3H.2d
	addp	v0.2d, A0L.2d, A1L.2d
	addp	v1.2d, A2L.2d, A3L.2d
	add	v0.2d, v0.2d, T01.2d
	add	v1.2d, v1.2d, T23.2d
	st1	{v0.2d-v1.2d}, [HASH]
5:	ret
SYM_FUNC_END(kh_nh_neon)
