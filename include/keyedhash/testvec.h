/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Known-answer vector tables (generated into tests/keyedhash-testvecs.h by
 * tests/gen-testvecs.py from the files in tests/vectors/) and the message patterns
 * that stand in for long or regular messages.
 */
#ifndef _KEYEDHASH_TESTVEC_H
#define _KEYEDHASH_TESTVEC_H

#include <linux/types.h>

enum kh_pattern {
	KH_PAT_NONE,		/* explicit @msg */
	KH_PAT_AFFINE,		/* msg[i] = (a * i + b) mod 256 */
	KH_PAT_SPLITMIX64,	/* bytes from @pat_offset of a SplitMix64 stream */
};

struct kh_testvec {
	const u8 *key;
	const u8 *msg;		/* NULL when @pattern != KH_PAT_NONE */
	const u8 *digest;
	u32 keylen;
	u32 msglen;
	u8 pattern;
	u8 pat_a;
	u8 pat_b;
	u32 pat_offset;
	u64 pat_state;
};

struct kh_testvec_suite {
	const char *name;	/* cra_name */
	const struct kh_testvec *vecs;
	unsigned int count;
};

/* All lengths, one digest: SHA-256 over the digests of data[0..len). */
struct kh_all_lens {
	const char *name;
	const u8 *key;
	u32 keylen;
	u32 step;		/* lengths step, step .. 4096 (and 0 if step == 1) */
	u8 sha256[32];
};

#define KH_ALL_LENS_MAX		4096
#define KH_ALL_LENS_DATA_STATE	0x6b65796564686173ULL	/* "keyedhas" */

static inline u64 kh_splitmix64_word(u64 state, u64 index)
{
	u64 z = state + (index + 1) * 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Bytes [@off, @off + @len) of a SplitMix64 byte stream. */
static inline void kh_splitmix64_fill(u64 state, u64 off, u8 *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++, off++)
		buf[i] = kh_splitmix64_word(state, off / 8) >> (8 * (off % 8));
}

/* Message bytes [@off, @off + @len) of @tv. */
static inline void kh_testvec_msg(const struct kh_testvec *tv, size_t off,
				  u8 *buf, size_t len)
{
	size_t i;

	switch (tv->pattern) {
	case KH_PAT_AFFINE:
		for (i = 0; i < len; i++)
			buf[i] = tv->pat_a * (off + i) + tv->pat_b;
		break;
	case KH_PAT_SPLITMIX64:
		kh_splitmix64_fill(tv->pat_state, tv->pat_offset + off, buf, len);
		break;
	default:
		memcpy(buf, tv->msg + off, len);
		break;
	}
}

#endif /* _KEYEDHASH_TESTVEC_H */
