// SPDX-License-Identifier: GPL-2.0
/*
 * Keccak-f[1600] and the SHAKE128 / cSHAKE128 / KMAC128 sponge layer.  See
 * include/keyedhash/internal/keccak.h.
 *
 * The state is 25 64-bit lanes, lane (x, y) at index x + 5 * y.  Nothing
 * here branches on or indexes by secret data; the lengths that the
 * SP 800-185 encodings depend on are public.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <keyedhash/internal/keccak.h>

#define KH_KECCAK_ROUNDS	24

static const u64 kh_keccak_rc[KH_KECCAK_ROUNDS] = {
	0x0000000000000001ULL, 0x0000000000008082ULL,
	0x800000000000808aULL, 0x8000000080008000ULL,
	0x000000000000808bULL, 0x0000000080000001ULL,
	0x8000000080008081ULL, 0x8000000000008009ULL,
	0x000000000000008aULL, 0x0000000000000088ULL,
	0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL,
	0x8000000000008089ULL, 0x8000000000008003ULL,
	0x8000000000008002ULL, 0x8000000000000080ULL,
	0x000000000000800aULL, 0x800000008000000aULL,
	0x8000000080008081ULL, 0x8000000000008080ULL,
	0x0000000080000001ULL, 0x8000000080008008ULL,
};

/* chi on one row of five lanes */
static inline void keccak_chi(u64 *out, const u64 *b)
{
	out[0] = b[0] ^ (~b[1] & b[2]);
	out[1] = b[1] ^ (~b[2] & b[3]);
	out[2] = b[2] ^ (~b[3] & b[4]);
	out[3] = b[3] ^ (~b[4] & b[0]);
	out[4] = b[4] ^ (~b[0] & b[1]);
}

static inline void keccak_round(u64 a[KH_KECCAK_LANES], u64 rc)
{
	u64 b[KH_KECCAK_LANES], c[5], d[5];
	int x;

	/* theta: add the parities of the two neighbouring columns */
	for (x = 0; x < 5; x++)
		c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
	d[0] = c[4] ^ rol64(c[1], 1);
	d[1] = c[0] ^ rol64(c[2], 1);
	d[2] = c[1] ^ rol64(c[3], 1);
	d[3] = c[2] ^ rol64(c[4], 1);
	d[4] = c[3] ^ rol64(c[0], 1);

	/*
	 * rho and pi: lane (x, y) is rotated by its offset and moves to
	 * (y, 2x + 3y mod 5); b is listed by destination.
	 */
	b[0] = a[0] ^ d[0];
	b[1] = rol64(a[6] ^ d[1], 44);
	b[2] = rol64(a[12] ^ d[2], 43);
	b[3] = rol64(a[18] ^ d[3], 21);
	b[4] = rol64(a[24] ^ d[4], 14);
	b[5] = rol64(a[3] ^ d[3], 28);
	b[6] = rol64(a[9] ^ d[4], 20);
	b[7] = rol64(a[10] ^ d[0], 3);
	b[8] = rol64(a[16] ^ d[1], 45);
	b[9] = rol64(a[22] ^ d[2], 61);
	b[10] = rol64(a[1] ^ d[1], 1);
	b[11] = rol64(a[7] ^ d[2], 6);
	b[12] = rol64(a[13] ^ d[3], 25);
	b[13] = rol64(a[19] ^ d[4], 8);
	b[14] = rol64(a[20] ^ d[0], 18);
	b[15] = rol64(a[4] ^ d[4], 27);
	b[16] = rol64(a[5] ^ d[0], 36);
	b[17] = rol64(a[11] ^ d[1], 10);
	b[18] = rol64(a[17] ^ d[2], 15);
	b[19] = rol64(a[23] ^ d[3], 56);
	b[20] = rol64(a[2] ^ d[2], 62);
	b[21] = rol64(a[8] ^ d[3], 55);
	b[22] = rol64(a[14] ^ d[4], 39);
	b[23] = rol64(a[15] ^ d[0], 41);
	b[24] = rol64(a[21] ^ d[1], 2);

	/* chi, row by row, and iota */
	keccak_chi(a, b);
	keccak_chi(a + 5, b + 5);
	keccak_chi(a + 10, b + 10);
	keccak_chi(a + 15, b + 15);
	keccak_chi(a + 20, b + 20);
	a[0] ^= rc;
}

void kh_keccakf1600_generic(u64 a[KH_KECCAK_LANES])
{
	int round;

	for (round = 0; round < KH_KECCAK_ROUNDS; round++)
		keccak_round(a, kh_keccak_rc[round]);
}

void kh_shake128_init(struct kh_keccak128 *s)
{
	memset(s, 0, sizeof(*s));
	s->ds = 0x1f;
}

void kh_keccak128_absorb(struct kh_keccak128 *s, const u8 *in, size_t len)
{
	while (len) {
		if (s->pos % 8 == 0 && len >= 8) {
			s->st[s->pos / 8] ^= get_unaligned_le64(in);
			s->pos += 8;
			in += 8;
			len -= 8;
		} else {
			s->st[s->pos / 8] ^= (u64)*in << (8 * (s->pos % 8));
			s->pos++;
			in++;
			len--;
		}
		if (s->pos == KH_KECCAK128_RATE) {
			kh_keccakf1600_generic(s->st);
			s->pos = 0;
		}
	}
}

void kh_keccak128_pad(struct kh_keccak128 *s)
{
	s->st[s->pos / 8] ^= (u64)s->ds << (8 * (s->pos % 8));
	s->st[KH_KECCAK128_RATE / 8 - 1] ^= 0x80ULL << 56;
	kh_keccakf1600_generic(s->st);
	s->pos = 0;
}

void kh_keccak128_squeeze(struct kh_keccak128 *s, u8 *out, size_t len)
{
	while (len) {
		if (s->pos == KH_KECCAK128_RATE) {
			kh_keccakf1600_generic(s->st);
			s->pos = 0;
		}
		if (s->pos % 8 == 0 && len >= 8) {
			put_unaligned_le64(s->st[s->pos / 8], out);
			s->pos += 8;
			out += 8;
			len -= 8;
		} else {
			*out++ = s->st[s->pos / 8] >> (8 * (s->pos % 8));
			s->pos++;
			len--;
		}
	}
}

/* left_encode(x) (SP 800-185): byte count n, then x in n big-endian bytes */
static void keccak_absorb_left_encode(struct kh_keccak128 *s, u64 x)
{
	u8 enc[9];
	unsigned int n = 1, i;

	while (n < 8 && (x >> (8 * n)))
		n++;
	enc[0] = n;
	for (i = 0; i < n; i++)
		enc[1 + i] = x >> (8 * (n - 1 - i));
	kh_keccak128_absorb(s, enc, n + 1);
}

/* right_encode(x): x in n big-endian bytes, then n */
static void keccak_absorb_right_encode(struct kh_keccak128 *s, u64 x)
{
	u8 enc[9];
	unsigned int n = 1, i;

	while (n < 8 && (x >> (8 * n)))
		n++;
	for (i = 0; i < n; i++)
		enc[i] = x >> (8 * (n - 1 - i));
	enc[n] = n;
	kh_keccak128_absorb(s, enc, n + 1);
}

/* encode_string(S) = left_encode(bit length of S) || S */
static void keccak_absorb_encode_string(struct kh_keccak128 *s, const u8 *str,
					size_t len)
{
	keccak_absorb_left_encode(s, 8 * (u64)len);
	kh_keccak128_absorb(s, str, len);
}

/*
 * Close a bytepad()ed header: its zero padding leaves the state unchanged,
 * so only the permutation of a partly filled block remains.  tiny-keccak
 * permutes even when the header ended on a block boundary.
 */
static void keccak_bytepad_end(struct kh_keccak128 *s, enum kh_bytepad pad)
{
	if (s->pos || pad == KH_BYTEPAD_TINY_KECCAK) {
		kh_keccakf1600_generic(s->st);
		s->pos = 0;
	}
}

void kh_cshake128_init(struct kh_keccak128 *s, const u8 *name, size_t namelen,
		       const u8 *custom, size_t customlen, enum kh_bytepad pad)
{
	kh_shake128_init(s);
	if (!namelen && !customlen)
		return;
	s->ds = 0x04;
	keccak_absorb_left_encode(s, KH_KECCAK128_RATE);
	keccak_absorb_encode_string(s, name, namelen);
	keccak_absorb_encode_string(s, custom, customlen);
	keccak_bytepad_end(s, pad);
}

void kh_kmac128_init(struct kh_keccak128 *s, const u8 *key, size_t keylen,
		     const u8 *custom, size_t customlen, enum kh_bytepad pad)
{
	static const u8 kmac[4] = { 'K', 'M', 'A', 'C' };

	kh_cshake128_init(s, kmac, sizeof(kmac), custom, customlen, pad);
	keccak_absorb_left_encode(s, KH_KECCAK128_RATE);
	keccak_absorb_encode_string(s, key, keylen);
	keccak_bytepad_end(s, pad);
}

void kh_kmac128_final_pad(struct kh_keccak128 *s, size_t outlen)
{
	keccak_absorb_right_encode(s, 8 * (u64)outlen);
	/* kh_keccak128_pad() less the permutation */
	s->st[s->pos / 8] ^= (u64)s->ds << (8 * (s->pos % 8));
	s->st[KH_KECCAK128_RATE / 8 - 1] ^= 0x80ULL << 56;
	s->pos = 0;
}
