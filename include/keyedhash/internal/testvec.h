/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Known-answer vector tables (generated into tests/keyedhash-testvecs.h,
 * and the init-time self-test's few into selftest-vecs.h,
 * by tests/gen-testvecs.py from the files in tests/vectors/) and the
 * message patterns that stand in for long or regular messages.
 */
#ifndef _KEYEDHASH_INTERNAL_TESTVEC_H
#define _KEYEDHASH_INTERNAL_TESTVEC_H

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

/*
 * The module's init-time self-test table (selftest-vecs.h,
 * tests/gen-testvecs.py --selftest): a few vectors per algorithm, whose
 * keys, messages and digests are byte strings in one array (the suite's
 * @data), or patterns.  Offsets rather than pointers keep the table small.
 */

/**
 * struct kh_st_bytes - a key or message of the self-test table
 * @len:	length in bytes
 * @off:	where in the suite's @data: KH_PAT_NONE the bytes,
 *		KH_PAT_SPLITMIX64 the stream's state (8 bytes) and the offset in
 *		the stream (4 bytes) the bytes start at, little-endian
 * @pattern:	enum kh_pattern
 * @pat_a:	KH_PAT_AFFINE: byte i is (@pat_a * i + @pat_b) mod 256
 * @pat_b:	see @pat_a
 */
struct kh_st_bytes {
	u32 len;
	u32 off;
	u8 pattern;
	u8 pat_a;
	u8 pat_b;
};

/* @digest: offset of the expected digest in the suite's @data */
struct kh_st_vec {
	struct kh_st_bytes key;
	struct kh_st_bytes msg;
	u32 digest;
};

/*
 * A key setkey() must refuse with -EINVAL: @prefixlen bytes at @prefix in
 * the suite's @data, then zeros up to @keylen.
 */
struct kh_st_badkey {
	u32 keylen;
	u32 prefix;
	u32 prefixlen;
};

/**
 * struct kh_st_suite - the self-test of one algorithm
 * @name:	cra_name
 * @data:	the byte strings the offsets of @vecs and @badkeys point into
 * @vecs:	known answers
 * @badkeys:	keys setkey() must refuse
 * @count:	entries of @vecs
 * @nbad:	entries of @badkeys
 * @keymax:	longest key given as a pattern, and longest bad key: the
 *		self-test's key buffer
 * @simd_min:	the SIMD threshold (struct kh_simd_min) the message
 *		lengths were chosen around; hosttest-x86/-arm64 fail a driver
 *		with a higher one, whose SIMD path they would miss
 */
struct kh_st_suite {
	const char *name;
	const u8 *data;
	const struct kh_st_vec *vecs;
	const struct kh_st_badkey *badkeys;
	u32 count;
	u32 nbad;
	u32 keymax;
	u32 simd_min;
};

static inline u64 kh_st_le(const u8 *p, unsigned int n)
{
	u64 v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

/* Bytes [@off, @off + @len) of @b, from the suite's @data. */
static inline void kh_st_bytes_fill(const struct kh_st_bytes *b,
				    const u8 *data, size_t off, u8 *buf,
				    size_t len)
{
	size_t i;

	switch (b->pattern) {
	case KH_PAT_AFFINE:
		for (i = 0; i < len; i++)
			buf[i] = b->pat_a * (off + i) + b->pat_b;
		break;
	case KH_PAT_SPLITMIX64:
		kh_splitmix64_fill(kh_st_le(data + b->off, 8),
				   kh_st_le(data + b->off + 8, 4) + off, buf, len);
		break;
	default:
		memcpy(buf, data + b->off + off, len);
		break;
	}
}

struct shash_alg;

/*
 * Run @suite over the driver @alg (selftest.c): kh_selftest() with the table of its
 * choice, for the host tests' run over the full vector sets.
 */
int kh_selftest_suite(struct shash_alg *alg, const struct kh_st_suite *suite);

#endif /* _KEYEDHASH_INTERNAL_TESTVEC_H */
