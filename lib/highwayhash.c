// SPDX-License-Identifier: GPL-2.0
/*
 * HighwayHash-64/128/256: the library (<keyedhash/highwayhash.h>), whose
 * update and final run the instruction set chosen at module init
 * (arch/<arch>/highwayhash.h), and the generic C.
 *
 * The state is four vectors of four 64-bit lanes (v0, v1, mul0, mul1).  Lanes
 * 0/1 and 2/3 form two halves that mix only in the finalisation permutation.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <linux/export.h>
#include <keyedhash/internal/highwayhash.h>

const u64 kh_highwayhash_iv0[4] = {
	0xdbe6d5d5fe4cce2fULL, 0xa4093822299f31d0ULL,
	0x13198a2e03707344ULL, 0x243f6a8885a308d3ULL,
};

const u64 kh_highwayhash_iv1[4] = {
	0x3bd39e10cb0ef593ULL, 0xc0acf169b5f18a8cULL,
	0xbe5466cf34e90c6cULL, 0x452821e638d01377ULL,
};

/* Exchange the 32-bit halves of a word. */
static inline u64 highwayhash_swap32(u64 x)
{
	return (x >> 32) | (x << 32);
}

/*
 * ZipperMerge of the lane pair (lo, hi) added into (*dlo, *dhi).  As bytes,
 * least significant first, with L = lo and H = hi:
 *	low  = L3 H4 L2 L5 H6 L1 H7 L0
 *	high = H3 L4 H2 H5 H1 L6 H0 L7
 */
static inline void highwayhash_zipper_add(u64 lo, u64 hi, u64 *dlo, u64 *dhi)
{
	*dlo += ((lo >> 24) & 0xffULL) |
		((hi >> 24) & 0xff00ULL) |
		(lo & 0xff0000ULL) |
		((lo >> 16) & 0xff000000ULL) |
		((hi >> 16) & 0xff00000000ULL) |
		((lo << 32) & 0xff0000000000ULL) |
		((hi >> 8) & 0xff000000000000ULL) |
		(lo << 56);
	*dhi += ((hi >> 24) & 0xffULL) |
		((lo >> 24) & 0xff00ULL) |
		(hi & 0xff0000ULL) |
		((hi >> 16) & 0xff000000ULL) |
		((hi << 24) & 0xff00000000ULL) |
		((lo >> 8) & 0xff0000000000ULL) |
		((hi & 0xffULL) << 48) |
		(lo & 0xff00000000000000ULL);
}

/* The round applied to each data packet and in every finalisation step. */
static __always_inline void highwayhash_round(struct kh_highwayhash_state *st,
					      const u64 lanes[4])
{
	int i;

	for (i = 0; i < 4; i++) {
		st->v1[i] += st->mul0[i] + lanes[i];
		st->mul0[i] ^= (st->v1[i] & 0xffffffffULL) * (st->v0[i] >> 32);
		st->v0[i] += st->mul1[i];
		st->mul1[i] ^= (st->v0[i] & 0xffffffffULL) * (st->v1[i] >> 32);
	}
	highwayhash_zipper_add(st->v1[0], st->v1[1], &st->v0[0], &st->v0[1]);
	highwayhash_zipper_add(st->v1[2], st->v1[3], &st->v0[2], &st->v0[3]);
	highwayhash_zipper_add(st->v0[0], st->v0[1], &st->v1[0], &st->v1[1]);
	highwayhash_zipper_add(st->v0[2], st->v0[3], &st->v1[2], &st->v1[3]);
}

void kh_highwayhash_blocks_generic(struct kh_highwayhash_state *st,
				   const u8 *src, size_t nblocks)
{
	u64 lanes[4];
	int i;

	while (nblocks--) {
		for (i = 0; i < 4; i++)
			lanes[i] = get_unaligned_le64(src + 8 * i);
		highwayhash_round(st, lanes);
		src += KH_HIGHWAYHASH_BLOCK_SIZE;
	}
}

/*
 * noinline: inlined into its one caller, it made the generic final of a
 * short message slower (make bench-ab, the [kernel] rows at 16 B).
 */
static noinline void
highwayhash_remainder_packet(const struct kh_highwayhash_state *st,
			     u8 pkt[KH_HIGHWAYHASH_BLOCK_SIZE])
{
	unsigned int n = st->len % KH_HIGHWAYHASH_BLOCK_SIZE;	/* 1..31 */
	unsigned int whole = n & ~3U;
	unsigned int tail = n & 3;
	const u8 *r = st->buf;
	unsigned int i;

	/*
	 * The whole words, the rest zero: by 8-byte words of the buffer,
	 * masked (its bytes past n are those of earlier packets), rather
	 * than a memcpy() of a variable length, which is a call.
	 */
	for (i = 0; i < 4; i++) {
		/* whole is a multiple of 4: a word is all in, half or out */
		u64 mask = whole >= 8 * i + 8 ? ~0ULL :
			   whole >= 8 * i + 4 ? 0xffffffffULL : 0;

		put_unaligned_le64(get_unaligned_le64(r + 8 * i) & mask,
				   pkt + 8 * i);
	}
	if (n & 16) {
		/* the last four bytes, even where they were copied already */
		memcpy(pkt + 28, r + n - 4, 4);
	} else if (tail) {
		pkt[16] = r[whole];
		pkt[17] = r[whole + (tail >> 1)];
		pkt[18] = r[whole + tail - 1];
	}
}

void kh_highwayhash_remainder_prepare(struct kh_highwayhash_state *st,
				      u8 pkt[KH_HIGHWAYHASH_BLOCK_SIZE])
{
	unsigned int n = st->len % KH_HIGHWAYHASH_BLOCK_SIZE;	/* 1..31 */
	int i;

	for (i = 0; i < 4; i++) {
		u32 lo = (u32)st->v1[i], hi = (u32)(st->v1[i] >> 32);

		st->v0[i] += ((u64)n << 32) + n;
		st->v1[i] = ((u64)rol32(hi, n) << 32) | rol32(lo, n);
	}
	highwayhash_remainder_packet(st, pkt);
}

/* Finalisation round: v0's halves and each word's 32-bit halves swapped. */
static void highwayhash_permute_round(struct kh_highwayhash_state *st, u64 p[4])
{
	p[0] = highwayhash_swap32(st->v0[2]);
	p[1] = highwayhash_swap32(st->v0[3]);
	p[2] = highwayhash_swap32(st->v0[0]);
	p[3] = highwayhash_swap32(st->v0[1]);
	highwayhash_round(st, p);
}

/*
 * The 256-bit output of one half j: A = a1:a0 and B = a3:a2 as 128-bit
 * values, H = A ^ (B << 1) ^ (B << 2) after clearing B's top two bits.
 */
static void highwayhash_out256_half(const struct kh_highwayhash_state *st, int j, u8 *out)
{
	u64 a0 = st->v0[2 * j] + st->mul0[2 * j];
	u64 a1 = st->v0[2 * j + 1] + st->mul0[2 * j + 1];
	u64 a2 = st->v1[2 * j] + st->mul1[2 * j];
	u64 a3 = (st->v1[2 * j + 1] + st->mul1[2 * j + 1]) &
		 0x3fffffffffffffffULL;

	put_unaligned_le64(a0 ^ (a2 << 1) ^ (a2 << 2), out);
	put_unaligned_le64(a1 ^ ((a3 << 1) | (a2 >> 63)) ^
			   ((a3 << 2) | (a2 >> 62)), out + 8);
}

/* The output formula after the rounds; shared by every driver's finish. */
void kh_highwayhash_emit(const struct kh_highwayhash_state *st, u8 *out, unsigned int digestsize)
{
	switch (digestsize) {
	case KH_HIGHWAYHASH64_DIGEST_SIZE:
		put_unaligned_le64(st->v0[0] + st->v1[0] +
				   st->mul0[0] + st->mul1[0], out);
		break;
	case KH_HIGHWAYHASH128_DIGEST_SIZE:
		put_unaligned_le64(st->v0[0] + st->mul0[0] +
				   st->v1[2] + st->mul1[2], out);
		put_unaligned_le64(st->v0[1] + st->mul0[1] +
				   st->v1[3] + st->mul1[3], out + 8);
		break;
	default:
		highwayhash_out256_half(st, 0, out);
		highwayhash_out256_half(st, 1, out + 16);
		break;
	}
}

int kh_highwayhash_final_generic(struct kh_highwayhash_state *st, u8 *out,
				 unsigned int digestsize)
{
	u64 p[4];
	unsigned int i;

	if (st->len % KH_HIGHWAYHASH_BLOCK_SIZE) {
		u8 pkt[KH_HIGHWAYHASH_BLOCK_SIZE];

		kh_highwayhash_remainder_prepare(st, pkt);
		kh_highwayhash_blocks_generic(st, pkt, 1);
		memzero_explicit(pkt, sizeof(pkt));
	}
	for (i = 0; i < kh_highwayhash_final_rounds(digestsize); i++)
		highwayhash_permute_round(st, p);
	/* state words: final() wipes the state, so no copy may stay behind */
	memzero_explicit(p, sizeof(p));
	kh_highwayhash_emit(st, out, digestsize);
	kh_wipe_state(st, sizeof(*st));
	return 0;
}

int kh_highwayhash_update_generic(struct kh_highwayhash_state *st,
				  const u8 *data, size_t len)
{
	kh_highwayhash_absorb(st, data, len, KH_ISA_generic);
	return 0;
}

/* The library */

int kh_highwayhash_setkey(struct kh_highwayhash_key *key, const u8 *raw,
			  size_t keylen)
{
	int i;

	if (keylen != KH_HIGHWAYHASH_KEY_SIZE)
		return -EINVAL;
	for (i = 0; i < 4; i++) {
		u64 kw = get_unaligned_le64(raw + 8 * i);

		key->v0[i] = kh_highwayhash_iv0[i] ^ kw;
		key->v1[i] = kh_highwayhash_iv1[i] ^ highwayhash_swap32(kw);
	}
	return 0;
}
EXPORT_SYMBOL_GPL(kh_highwayhash_setkey);

void kh_highwayhash64_init(struct kh_highwayhash64_state *st,
			   const struct kh_highwayhash_key *key)
{
	__kh_highwayhash_init(&st->st, key);
}
EXPORT_SYMBOL_GPL(kh_highwayhash64_init);

void kh_highwayhash64_update(struct kh_highwayhash64_state *st,
			     const u8 *data, size_t len)
{
	kh_highwayhash_update_arch(&st->st, data, len,
				   KH_HIGHWAYHASH64_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(kh_highwayhash64_update);

void kh_highwayhash64_final(struct kh_highwayhash64_state *st,
			    u8 out[KH_HIGHWAYHASH64_DIGEST_SIZE])
{
	kh_highwayhash_final_arch(&st->st, out, KH_HIGHWAYHASH64_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(kh_highwayhash64_final);

void kh_highwayhash128_init(struct kh_highwayhash128_state *st,
			    const struct kh_highwayhash_key *key)
{
	__kh_highwayhash_init(&st->st, key);
}
EXPORT_SYMBOL_GPL(kh_highwayhash128_init);

void kh_highwayhash128_update(struct kh_highwayhash128_state *st,
			      const u8 *data, size_t len)
{
	kh_highwayhash_update_arch(&st->st, data, len,
				   KH_HIGHWAYHASH128_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(kh_highwayhash128_update);

void kh_highwayhash128_final(struct kh_highwayhash128_state *st,
			     u8 out[KH_HIGHWAYHASH128_DIGEST_SIZE])
{
	kh_highwayhash_final_arch(&st->st, out, KH_HIGHWAYHASH128_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(kh_highwayhash128_final);

void kh_highwayhash256_init(struct kh_highwayhash256_state *st,
			    const struct kh_highwayhash_key *key)
{
	__kh_highwayhash_init(&st->st, key);
}
EXPORT_SYMBOL_GPL(kh_highwayhash256_init);

void kh_highwayhash256_update(struct kh_highwayhash256_state *st,
			      const u8 *data, size_t len)
{
	kh_highwayhash_update_arch(&st->st, data, len,
				   KH_HIGHWAYHASH256_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(kh_highwayhash256_update);

void kh_highwayhash256_final(struct kh_highwayhash256_state *st,
			     u8 out[KH_HIGHWAYHASH256_DIGEST_SIZE])
{
	kh_highwayhash_final_arch(&st->st, out, KH_HIGHWAYHASH256_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(kh_highwayhash256_final);

int kh_highwayhash_digest_generic(struct kh_highwayhash_state *st,
				  const struct kh_highwayhash_key *key,
				  const u8 *data, size_t len, u8 *out,
				  unsigned int digestsize)
{
	__kh_highwayhash_init(st, key);
	kh_highwayhash_update_generic(st, data, len);
	return kh_highwayhash_final_generic(st, out, digestsize);
}

void kh_highwayhash64(const struct kh_highwayhash_key *key, const u8 *data,
		      size_t len, u8 out[KH_HIGHWAYHASH64_DIGEST_SIZE])
{
	struct kh_highwayhash_state st;

	kh_highwayhash_digest_arch(&st, key, data, len, out,
				   KH_HIGHWAYHASH64_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(kh_highwayhash64);

void kh_highwayhash128(const struct kh_highwayhash_key *key, const u8 *data,
		       size_t len, u8 out[KH_HIGHWAYHASH128_DIGEST_SIZE])
{
	struct kh_highwayhash_state st;

	kh_highwayhash_digest_arch(&st, key, data, len, out,
				   KH_HIGHWAYHASH128_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(kh_highwayhash128);

void kh_highwayhash256(const struct kh_highwayhash_key *key, const u8 *data,
		       size_t len, u8 out[KH_HIGHWAYHASH256_DIGEST_SIZE])
{
	struct kh_highwayhash_state st;

	kh_highwayhash_digest_arch(&st, key, data, len, out,
				   KH_HIGHWAYHASH256_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(kh_highwayhash256);
