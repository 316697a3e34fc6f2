/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Multimixer-128 (Ghosh, Amiri Eliasi, Daemen; ToSC 2023(3), IACR ePrint
 * 2023/1357): a keyed universal hash built from 32-bit additions and
 * 32x32->64-bit multiplications.  Byte output as the Rust crate
 * multimixer-128 0.1.4: little-endian 32-bit input words, digest words
 * written little-endian, word 0 first.
 *
 * It is a universal hash, not a MAC: the digest must be masked with a fresh
 * pseudorandom value per message before anyone sees it, and the key must be
 * uniformly random and at least as long as the longest message.
 */
#ifndef _KEYEDHASH_MULTIMIXER128_H
#define _KEYEDHASH_MULTIMIXER128_H

#include <linux/types.h>
#include <linux/errno.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/simd.h>

#define MM128_BLOCK_SIZE	32
#define MM128_DIGEST_SIZE	64
/* A project limit, not a property of the function. */
#define MM128_MAX_KEY_SIZE	65536

/*
 * The tfm context.  The key is as long as the longest message it may hash,
 * so it lives in its own buffer; only its first len bytes hash a message of
 * len bytes.
 */
struct mm128_tfm_ctx {
	u8 *key;
	unsigned int keylen;
};

/*
 * The request state.  It holds no pointers, so export/import is a plain
 * copy.  @len counts the bytes accepted so far; the number of buffered bytes
 * is len % 32 and the next block uses key offset len & ~31.  update() never
 * lets @len pass the key length, so an imported state can't make it read
 * past the end of the key.
 */
struct mm128_desc_ctx {
	u64 h[8];
	u64 len;
	u8 buf[MM128_BLOCK_SIZE];
};

/*
 * The block function, per instruction set (generic C in
 * core/multimixer128.c, SIMD in arch/; a SIMD driver's runs inside a SIMD
 * section):
 *	blocks(h, key, msg, nblocks)	add the contributions of @nblocks
 *		whole 32-byte message blocks at @msg, each paired with the
 *		key block at the same index from @key, into the running sums
 *		@h (mod 2^64 per word).  Blocks are independent, so an
 *		implementation may keep any number of lane accumulators as
 *		long as it adds them into @h before returning.
 */
void kh_mm128_blocks_generic(u64 h[8], const u8 *key, const u8 *msg,
			     size_t nblocks);

/* What every Multimixer-128 driver shares (core/multimixer128.c). */
int kh_mm128_setkey(void *ctx, const u8 *key, unsigned int keylen);
void kh_mm128_exit(void *ctx);
void kh_mm128_init(const void *ctx, void *state);
int kh_mm128_final(const struct kh_impl *impl, const void *ctx, void *state,
		   u8 *out);

/* The generic driver's state machine (core/multimixer128.c). */
extern const struct kh_alg_ops kh_multimixer128_generic_ops;

/* An update in progress: the state and the key block of its next block. */
struct mm128_feed {
	struct mm128_desc_ctx *st;
	const u8 *key;
};

/*
 * Start an update of @len bytes: -EINVAL if the message would outgrow the
 * key (the key is as long as the longest message).
 */
static inline int mm128_feed_start(struct mm128_feed *f,
				   const struct mm128_tfm_ctx *c,
				   struct mm128_desc_ctx *st, unsigned int len)
{
	/* len + st->len > keylen, without overflow for any imported state */
	if (st->len > c->keylen || len > c->keylen - st->len)
		return -EINVAL;
	f->st = st;
	/* a buffered partial block, if any, starts at key offset len & ~31 */
	f->key = c->key + (st->len - st->len % MM128_BLOCK_SIZE);
	return 0;
}

/*
 * The update step, instantiated per instruction set: absorb @len bytes of
 * the update @f (a struct mm128_feed) with @blocks, which takes @f and
 * advances f->key past the blocks it absorbs.
 */
static __always_inline void
mm128_absorb(void *f, const u8 *src, unsigned int len,
	     void (*blocks)(void *f, const u8 *src, size_t nblocks))
{
	struct mm128_desc_ctx *st = ((struct mm128_feed *)f)->st;
	unsigned int pos = st->len % MM128_BLOCK_SIZE;

	st->len += len;
	kh_update_blocks(st->buf, MM128_BLOCK_SIZE, pos, src, len, blocks, f);
}

static inline void mm128_generic_blocks(void *priv, const u8 *src, size_t n)
{
	struct mm128_feed *f = priv;

	kh_mm128_blocks_generic(f->st->h, f->key, src, n);
	f->key += n * MM128_BLOCK_SIZE;
}

static inline void mm128_generic_piece(void *f, const u8 *src,
				       unsigned int len)
{
	mm128_absorb(f, src, len, mm128_generic_blocks);
}

/*
 * A SIMD driver's update(): the key-length check, then @len bytes in SIMD
 * sections, each piece absorbed by @piece (mm128_absorb() with the
 * driver's block function), or in generic C below the driver's threshold
 * (kh_simd_update()).
 */
static __always_inline int
kh_mm128_simd_update(const struct kh_impl *impl, const void *ctx,
		     void *state, const u8 *src, unsigned int len,
		     void (*piece)(void *f, const u8 *src, unsigned int len))
{
	struct mm128_desc_ctx *st = state;
	struct mm128_feed f;

	if (mm128_feed_start(&f, ctx, st, len))
		return -EINVAL;
	if (len)
		kh_simd_update(&f, src, len, st->len % MM128_BLOCK_SIZE,
			       MM128_BLOCK_SIZE, kh_simd_min(&impl->simd_min),
			       piece, mm128_generic_piece);
	return 0;
}

#endif /* _KEYEDHASH_MULTIMIXER128_H */
