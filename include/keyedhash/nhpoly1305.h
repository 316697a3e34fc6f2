/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NHPoly1305, the hash layer of Adiantum: the library API.  Byte-compatible
 * with the Linux 6.1 shash "nhpoly1305" (crypto/nhpoly1305.c).  NH (4
 * passes, pair stride 2, 16-byte units) compresses each 1 KiB chunk of the
 * message to 32 bytes, which Poly1305 (no nonce) absorbs as two full blocks.
 *
 * An epsilon-almost-Delta-universal hash, NOT a MAC: linear in its
 * Poly1305 layer, the empty message hashes to zero under every key, and M
 * and M || 00 collide where they fill the same 16-byte units.  Secure only
 * inside a construction such as Adiantum, which encrypts its output and
 * hashes the length separately.  See docs/algorithms.md.
 */
#ifndef _KEYEDHASH_NHPOLY1305_H
#define _KEYEDHASH_NHPOLY1305_H

#include <linux/types.h>
#include <keyedhash/internal/poly1305.h>

#define KH_NH_NUM_PASSES	4
#define KH_NH_UNIT		16	/* bytes per NH message unit */
#define KH_NH_CHUNK		1024	/* bytes of message per NH output */
#define KH_NH_KEY_WORDS		(KH_NH_CHUNK / 4 + 4 * (KH_NH_NUM_PASSES - 1))
#define KH_NH_KEY_BYTES		(4 * KH_NH_KEY_WORDS)	/* 1072 */
#define KH_NH_HASH_BYTES	(8 * KH_NH_NUM_PASSES)	/* 32 */

#define KH_NHPOLY1305_KEY_SIZE	(KH_POLY1305_KEY_SIZE + KH_NH_KEY_BYTES)
#define KH_NHPOLY1305_DIGEST_SIZE	16

/**
 * struct kh_nhpoly1305_key - a prepared key: Poly1305's r and the NH key
 * @poly:	r, and its powers, as the Poly1305 code uses them
 * @nh_key:	the NH key words in the order the NH code reads them
 */
struct kh_nhpoly1305_key {
	struct kh_poly1305_key poly;
	u32 nh_key[KH_NH_KEY_WORDS];
};

/**
 * struct kh_nhpoly1305_state - a message being hashed (80 bytes)
 * @poly:	the Poly1305 accumulator
 * @nh_sum:	the NH sums of the open chunk's (len & ~15) % 1024 bytes
 * @len:	bytes absorbed so far; len % 16 of them wait in @buf, and a
 *		chunk is open whenever len % 1024 != 0
 * @buf:	the bytes of a partial unit
 *
 * No pointers: any copy is a valid state (the crypto API's export/import).
 */
struct kh_nhpoly1305_state {
	struct kh_poly1305_state poly;
	u64 nh_sum[KH_NH_NUM_PASSES];
	u64 len;
	u8 buf[KH_NH_UNIT];
};

/**
 * kh_nhpoly1305_setkey() - prepare a key
 * @key:	the prepared key
 * @raw:	r (16 bytes) || the NH key (1072 bytes)
 * @keylen:	their number: 1088
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 *
 * Return: 0, or -EINVAL for another length (then @key is untouched).
 */
int kh_nhpoly1305_setkey(struct kh_nhpoly1305_key *key, const u8 *raw,
			 size_t keylen);

/**
 * kh_nhpoly1305_init() - start a message
 * @st:		the message state
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_nhpoly1305_init(struct kh_nhpoly1305_state *st);

/**
 * kh_nhpoly1305_update() - add message bytes
 * @st:		the message state
 * @key:	the key
 * @data:	the bytes
 * @len:	their number
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_nhpoly1305_update(struct kh_nhpoly1305_state *st,
			  const struct kh_nhpoly1305_key *key,
			  const u8 *data, size_t len);

/**
 * kh_nhpoly1305_final() - finish a message
 * @st:		the message state; wiped afterwards
 * @key:	the key
 * @out:	the 16-byte hash
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_nhpoly1305_final(struct kh_nhpoly1305_state *st,
			 const struct kh_nhpoly1305_key *key,
			 u8 out[KH_NHPOLY1305_DIGEST_SIZE]);

/**
 * kh_nhpoly1305() - NHPoly1305 of a message in one call
 * @key:	the key
 * @data:	the message
 * @len:	its length
 * @out:	the 16-byte hash
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_nhpoly1305(const struct kh_nhpoly1305_key *key, const u8 *data,
		   size_t len, u8 out[KH_NHPOLY1305_DIGEST_SIZE]);

#endif /* _KEYEDHASH_NHPOLY1305_H */
