/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Multimixer-128 (Ghosh, Amiri Eliasi, Daemen; ToSC 2023(3), IACR ePrint
 * 2023/1357): the library API.  Byte output as the Rust crate
 * multimixer-128 0.1.4: little-endian 32-bit input words, digest words
 * written little-endian, word 0 first.
 *
 * A keyed universal hash built from 32-bit additions and 32x32->64-bit
 * multiplications, NOT a MAC: its raw digest leaks the key.  Mask every
 * digest with a fresh pseudorandom value per message and bind the length
 * before it authenticates anything; the key must be uniformly random, at
 * least as long as the longest message, and never reused within a message.
 * See docs/algorithms.md.
 *
 * Messages are whole 32-byte blocks, at least one, and at most as long as
 * the key; key block b is used with message block b only.
 */
#ifndef _KEYEDHASH_MULTIMIXER128_H
#define _KEYEDHASH_MULTIMIXER128_H

#include <linux/gfp.h>
#include <linux/types.h>

#define KH_MULTIMIXER128_BLOCK_SIZE	32
#define KH_MULTIMIXER128_DIGEST_SIZE	64
/* A project limit, not a property of the function. */
#define KH_MULTIMIXER128_MAX_KEY_SIZE	65536

/**
 * struct kh_multimixer128_key - a prepared key
 * @bytes:	a copy of the key, in a buffer of its own (up to 64 KiB)
 * @len:	its length, a multiple of 32
 */
struct kh_multimixer128_key {
	u8 *bytes;
	unsigned int len;
};

/**
 * struct kh_multimixer128_state - a message being hashed
 * @h:		the eight sums
 * @len:	bytes accepted so far, never past the key's length; len % 32
 *		of them wait in @buf, the next block uses key offset len & ~31
 * @buf:	the bytes of a partial block
 *
 * No pointers: a copy is a valid state (the crypto API's export/import).
 */
struct kh_multimixer128_state {
	u64 h[8];
	u64 len;
	u8 buf[KH_MULTIMIXER128_BLOCK_SIZE];
};

/**
 * kh_multimixer128_setkey() - prepare a key: copy it into a buffer of its own
 * @key:	the prepared key; free it with kh_multimixer128_clearkey()
 * @raw:	the key bytes
 * @keylen:	their number: a multiple of 32, from 32 to 65536
 *
 * Process context only: allocates with GFP_KERNEL, charged to the caller's
 * memory cgroup.
 *
 * Context: Process context: may sleep.
 *
 * Return: 0; -EINVAL for a bad length, -ENOMEM (then @key holds no key).
 */
int kh_multimixer128_setkey(struct kh_multimixer128_key *key, const u8 *raw,
			    size_t keylen);

/**
 * kh_multimixer128_clearkey() - wipe and free a prepared key
 * @key:	a key from kh_multimixer128_setkey(), or zeroed; zeroed after
 *
 * Process context only (the buffer may be vmalloc memory).
 *
 * Context: Process context.
 */
void kh_multimixer128_clearkey(struct kh_multimixer128_key *key);

/**
 * kh_multimixer128_key_dup() - copy a prepared key into a buffer of its own
 * @dst:	the copy; free it with kh_multimixer128_clearkey()
 * @src:	a prepared key, or a zeroed one (then @dst is zeroed too)
 * @gfp:	allocation flags: GFP_ATOMIC where the caller may not sleep
 *
 * Context: Process context with GFP_KERNEL; any context with GFP_ATOMIC.
 *
 * Return: 0, or -ENOMEM (then @dst holds no key).
 */
int kh_multimixer128_key_dup(struct kh_multimixer128_key *dst,
			     const struct kh_multimixer128_key *src, gfp_t gfp);

/**
 * kh_multimixer128_init() - start a message
 * @st:		the message state
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_multimixer128_init(struct kh_multimixer128_state *st);

/**
 * kh_multimixer128_update() - add message bytes
 * @st:		the message state
 * @key:	the key
 * @data:	the bytes
 * @len:	their number
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 *
 * Return: 0, or -EINVAL if the message would outgrow the key (then @st is
 * unchanged).
 */
int kh_multimixer128_update(struct kh_multimixer128_state *st,
			    const struct kh_multimixer128_key *key,
			    const u8 *data, size_t len);

/**
 * kh_multimixer128_final() - finish a message
 * @st:		the message state; wiped afterwards
 * @out:	the digest
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 *
 * Return: 0, or -EINVAL for an empty message or one that is not whole
 * blocks.
 */
int kh_multimixer128_final(struct kh_multimixer128_state *st,
			   u8 out[KH_MULTIMIXER128_DIGEST_SIZE]);

/**
 * kh_multimixer128() - Multimixer-128 of a message in one call
 * @key:	the key
 * @data:	the message: whole blocks, at least one, at most the key's length
 * @len:	its length
 * @out:	the digest
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 *
 * Return: 0 or -EINVAL, as kh_multimixer128_update() and _final().
 */
int kh_multimixer128(const struct kh_multimixer128_key *key, const u8 *data,
		     size_t len, u8 out[KH_MULTIMIXER128_DIGEST_SIZE]);

#endif /* _KEYEDHASH_MULTIMIXER128_H */
