/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash-64/128/256 (Alakuijala, Cox, Wassenberg; frozen January 2018):
 * the library API.  Byte output as github.com/minio/highwayhash v1.0.4:
 * result words written little-endian, word 0 first.
 *
 * A keyed hash its authors state to be a strong pseudorandom function for a
 * secret, uniformly random 256-bit key: usable as a MAC on its own, as they
 * state its security (no formal proof); prefer the 128- or 256-bit output
 * for authentication.  See docs/algorithms.md.
 *
 * Prepare a key once with kh_highwayhash_setkey(), then hash any number of
 * messages with it, one-shot (kh_highwayhash256()) or streaming
 * (kh_highwayhash256_init(), _update(), _final() on a struct
 * kh_highwayhash256_state: each digest size its own state type).
 * The fastest code the CPU allows is chosen once, when the module loads;
 * the generic C runs wherever SIMD may not be used.  Callable from any
 * context, hard IRQ included: nothing here sleeps or allocates.
 */
#ifndef _KEYEDHASH_HIGHWAYHASH_H
#define _KEYEDHASH_HIGHWAYHASH_H

#include <linux/types.h>

#define KH_HIGHWAYHASH_KEY_SIZE		32
#define KH_HIGHWAYHASH_BLOCK_SIZE	32
#define KH_HIGHWAYHASH64_DIGEST_SIZE	8
#define KH_HIGHWAYHASH128_DIGEST_SIZE	16
#define KH_HIGHWAYHASH256_DIGEST_SIZE	32

/**
 * struct kh_highwayhash_key - a prepared key: the keyed initial v0 and v1
 * @v0: v0 of a new message
 * @v1: v1 of a new message
 */
struct kh_highwayhash_key {
	u64 v0[4];
	u64 v1[4];
};

/**
 * struct kh_highwayhash_state - a message being hashed
 * @v0:		state word vector (the assembly expects the four vectors
 *		first, in this order)
 * @v1:		state word vector
 * @mul0:	state word vector
 * @mul1:	state word vector
 * @buf:	the bytes of a partial block
 * @len:	bytes absorbed so far; len % 32 of them wait in @buf
 *
 * No pointers: a copy is a valid state (the crypto API's export/import).
 */
struct kh_highwayhash_state {
	u64 v0[4];
	u64 v1[4];
	u64 mul0[4];
	u64 mul1[4];
	u8 buf[KH_HIGHWAYHASH_BLOCK_SIZE];
	u64 len;
};

/*
 * A message of each digest size has a state type of its own, so that a
 * state cannot be finished at another size than it was started for (as
 * SHA-224 and SHA-256 in <crypto/sha2.h>): the same words inside.
 */

/**
 * struct kh_highwayhash64_state - a HighwayHash-64 message being hashed
 * @st:	the state words
 */
struct kh_highwayhash64_state {
	struct kh_highwayhash_state st;
};

/**
 * struct kh_highwayhash128_state - a HighwayHash-128 message being hashed
 * @st:	the state words
 */
struct kh_highwayhash128_state {
	struct kh_highwayhash_state st;
};

/**
 * struct kh_highwayhash256_state - a HighwayHash-256 message being hashed
 * @st:	the state words
 */
struct kh_highwayhash256_state {
	struct kh_highwayhash_state st;
};

/**
 * kh_highwayhash_setkey() - prepare a key
 * @key:	the prepared key
 * @raw:	the 32 key bytes
 * @keylen:	their number
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 *
 * Return: 0, or -EINVAL if @keylen is not 32 (then @key is untouched).
 */
int kh_highwayhash_setkey(struct kh_highwayhash_key *key, const u8 *raw,
			  size_t keylen);

/**
 * kh_highwayhash64_init() - start a message: HighwayHash-64
 * @st:		the message state
 * @key:	a key prepared by kh_highwayhash_setkey()
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash64_init(struct kh_highwayhash64_state *st,
			   const struct kh_highwayhash_key *key);

/**
 * kh_highwayhash64_update() - add message bytes: HighwayHash-64
 * @st:		the message state
 * @data:	the bytes
 * @len:	their number
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash64_update(struct kh_highwayhash64_state *st,
			     const u8 *data, size_t len);

/**
 * kh_highwayhash64_final() - finish a message: HighwayHash-64
 * @st:		the message state; wiped afterwards
 * @out:	the digest
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash64_final(struct kh_highwayhash64_state *st,
			    u8 out[KH_HIGHWAYHASH64_DIGEST_SIZE]);

/**
 * kh_highwayhash128_init() - start a message: HighwayHash-128
 * @st:		the message state
 * @key:	a key prepared by kh_highwayhash_setkey()
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash128_init(struct kh_highwayhash128_state *st,
			    const struct kh_highwayhash_key *key);

/**
 * kh_highwayhash128_update() - add message bytes: HighwayHash-128
 * @st:		the message state
 * @data:	the bytes
 * @len:	their number
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash128_update(struct kh_highwayhash128_state *st,
			      const u8 *data, size_t len);

/**
 * kh_highwayhash128_final() - finish a message: HighwayHash-128
 * @st:		the message state; wiped afterwards
 * @out:	the digest
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash128_final(struct kh_highwayhash128_state *st,
			     u8 out[KH_HIGHWAYHASH128_DIGEST_SIZE]);

/**
 * kh_highwayhash256_init() - start a message: HighwayHash-256
 * @st:		the message state
 * @key:	a key prepared by kh_highwayhash_setkey()
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash256_init(struct kh_highwayhash256_state *st,
			    const struct kh_highwayhash_key *key);

/**
 * kh_highwayhash256_update() - add message bytes: HighwayHash-256
 * @st:		the message state
 * @data:	the bytes
 * @len:	their number
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash256_update(struct kh_highwayhash256_state *st,
			      const u8 *data, size_t len);

/**
 * kh_highwayhash256_final() - finish a message: HighwayHash-256
 * @st:		the message state; wiped afterwards
 * @out:	the digest
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash256_final(struct kh_highwayhash256_state *st,
			     u8 out[KH_HIGHWAYHASH256_DIGEST_SIZE]);

/**
 * kh_highwayhash64() - HighwayHash-64 of a message in one call
 * @key:	a key prepared by kh_highwayhash_setkey()
 * @data:	the message
 * @len:	its length
 * @out:	the digest
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash64(const struct kh_highwayhash_key *key, const u8 *data,
		      size_t len, u8 out[KH_HIGHWAYHASH64_DIGEST_SIZE]);

/**
 * kh_highwayhash128() - HighwayHash-128 of a message in one call
 * @key:	a key prepared by kh_highwayhash_setkey()
 * @data:	the message
 * @len:	its length
 * @out:	the digest
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash128(const struct kh_highwayhash_key *key, const u8 *data,
		       size_t len, u8 out[KH_HIGHWAYHASH128_DIGEST_SIZE]);

/**
 * kh_highwayhash256() - HighwayHash-256 of a message in one call
 * @key:	a key prepared by kh_highwayhash_setkey()
 * @data:	the message
 * @len:	its length
 * @out:	the digest
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash256(const struct kh_highwayhash_key *key, const u8 *data,
		       size_t len, u8 out[KH_HIGHWAYHASH256_DIGEST_SIZE]);

/* many messages under one key in one call */
#include <keyedhash/highwayhash_many.h>

#endif /* _KEYEDHASH_HIGHWAYHASH_H */
