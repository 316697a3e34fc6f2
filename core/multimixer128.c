// SPDX-License-Identifier: GPL-2.0
/*
 * Multimixer-128: key setup, request state machine and the generic C block
 * function.  See include/keyedhash/multimixer128.h.
 *
 * Each 32-byte block contributes f_128(K_b + M_b) to the eight 64-bit sums,
 * where the key and message blocks are added as eight little-endian 32-bit
 * words.  With x = words 0..3, y = words 4..7 and indices mod 4:
 *
 *	z[i]     = x[i] * y[i]
 *	z[4 + i] = (x[i] + x[i+1] + x[i+2]) * (y[i+1] + y[i+2] + y[i+3])
 *
 * The three-term sums are the whole sums less one word, which is how the
 * generic code computes them.  There is no chaining and no finalisation:
 * blocks are independent and the digest is the sum of their contributions,
 * so a stream only needs the sums and its position.  Key block b is used
 * with message block b only, and never again; update() refuses data past
 * the end of the key rather than wrap around it.
 *
 * Every operation is an add or a multiply on data-independent operands, with
 * no data-dependent branch or memory access.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <keyedhash/multimixer128.h>
#include <keyedhash/shash.h>

/* Word @j of the block sum K_b + M_b (mod 2^32). */
static inline u32 mm128_word(const u8 *key, const u8 *msg, unsigned int j)
{
	return get_unaligned_le32(key + 4 * j) +
	       get_unaligned_le32(msg + 4 * j);
}

void kh_mm128_blocks_generic(u64 h[8], const u8 *key, const u8 *msg,
			     size_t nblocks)
{
	u64 h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3];
	u64 h4 = h[4], h5 = h[5], h6 = h[6], h7 = h[7];

	while (nblocks--) {
		u32 x0 = mm128_word(key, msg, 0);
		u32 x1 = mm128_word(key, msg, 1);
		u32 x2 = mm128_word(key, msg, 2);
		u32 x3 = mm128_word(key, msg, 3);
		u32 y0 = mm128_word(key, msg, 4);
		u32 y1 = mm128_word(key, msg, 5);
		u32 y2 = mm128_word(key, msg, 6);
		u32 y3 = mm128_word(key, msg, 7);
		u32 sx = x0 + x1 + x2 + x3;
		u32 sy = y0 + y1 + y2 + y3;

		h0 += (u64)x0 * y0;
		h1 += (u64)x1 * y1;
		h2 += (u64)x2 * y2;
		h3 += (u64)x3 * y3;
		/* u[i] = sx - x[i+3], v[i] = sy - y[i] */
		h4 += (u64)(sx - x3) * (sy - y0);
		h5 += (u64)(sx - x0) * (sy - y1);
		h6 += (u64)(sx - x1) * (sy - y2);
		h7 += (u64)(sx - x2) * (sy - y3);

		key += MM128_BLOCK_SIZE;
		msg += MM128_BLOCK_SIZE;
	}

	h[0] = h0;
	h[1] = h1;
	h[2] = h2;
	h[3] = h3;
	h[4] = h4;
	h[5] = h5;
	h[6] = h6;
	h[7] = h7;
}

/*
 * Where the key lives: in a buffer of its own, c->key (struct
 * mm128_tfm_ctx), of keylen bytes, from 32 bytes up to 64 KiB since it is
 * as long as the longest message it may hash.  It comes from kvmalloc():
 * 64 KiB of kmalloc is an order-4 allocation that can fail on a fragmented
 * system, so the buffer may be vmalloc memory, and vfree() may sleep
 * outside interrupt context.  So the key is freed (kvfree_sensitive(),
 * which wipes it first) only from kh_mm128_exit(), and that runs only where
 * sleeping is allowed:
 *  - from setkey (keyedhash_generic.c drops the old key first), which is
 *    process context: kh_mm128_setkey() itself allocates with GFP_KERNEL
 *    (and __GFP_ACCOUNT: see there);
 *  - from exit_tfm, when the tfm is freed (crypto_free_shash(), process
 *    context), and from the module-init self-test.
 * Hashing, from any context (hard IRQ and softirq too), only reads the
 * key.
 */
int kh_mm128_setkey(void *ctx, const u8 *key, unsigned int keylen)
{
	struct mm128_tfm_ctx *c = ctx;

	if (!keylen || keylen % MM128_BLOCK_SIZE || keylen > MM128_MAX_KEY_SIZE)
		return -EINVAL;
	/*
	 * Up to 64 KiB: fall back to vmalloc rather than fail when
	 * fragmented.  Any user can set such a key on every AF_ALG socket
	 * it binds: charge it to the caller's memory cgroup (ACCOUNT), and
	 * at the cgroup's limit fail with ENOMEM quietly rather than call
	 * the OOM killer or log a warning (RETRY_MAYFAIL, NOWARN).
	 */
	c->key = kvmalloc(keylen, GFP_KERNEL_ACCOUNT | __GFP_RETRY_MAYFAIL |
				  __GFP_NOWARN);
	if (!c->key)
		return -ENOMEM;
	memcpy(c->key, key, keylen);
	c->keylen = keylen;
	return 0;
}

/*
 * Also called on a zeroed context (no key set, or setkey() failed).  Process
 * context only: see "Where the key lives" above.
 */
void kh_mm128_exit(void *ctx)
{
	struct mm128_tfm_ctx *c = ctx;

	if (c->key)
		kvfree_sensitive(c->key, c->keylen);
	c->key = NULL;
	c->keylen = 0;
}

void kh_mm128_init(const void *ctx, void *state)
{
	struct mm128_desc_ctx *st = state;

	/*
	 * In pieces of at most 32 bytes: kernel code (no SSE) clears anything
	 * longer with "rep stosq", whose start-up cost is a large part of a
	 * short message's time; these become plain 8-byte stores.
	 */
	memset(st->h, 0, 4 * sizeof(st->h[0]));
	memset(st->h + 4, 0, 4 * sizeof(st->h[0]));
	st->len = 0;
	memset(st->buf, 0, sizeof(st->buf));
}

/* The generic driver's update() */
static int kh_multimixer128_generic_update(const struct kh_impl *impl,
					   const void *ctx, void *state,
					   const u8 *src, unsigned int len)
{
	struct mm128_feed f;

	if (mm128_feed_start(&f, ctx, state, len))
		return -EINVAL;
	if (len)
		mm128_generic_piece(&f, src, len);
	return 0;
}

int kh_mm128_final(const struct kh_impl *impl, const void *ctx, void *state,
		   u8 *out)
{
	const struct mm128_desc_ctx *st = state;
	int k;

	/* The empty message and partial blocks are outside the function. */
	if (!st->len || st->len % MM128_BLOCK_SIZE)
		return -EINVAL;
	for (k = 0; k < 8; k++)
		put_unaligned_le64(st->h[k], out + 8 * k);
	return 0;
}

static const struct kh_shash_fns kh_multimixer128_generic_shash;

const struct kh_alg_ops kh_multimixer128_generic_ops = {
	.ctxsize	= sizeof(struct mm128_tfm_ctx),
	.statesize	= sizeof(struct mm128_desc_ctx),
	.setkey		= kh_mm128_setkey,
	.exit		= kh_mm128_exit,
	.init		= kh_mm128_init,
	.update		= kh_multimixer128_generic_update,
	.final		= kh_mm128_final,
	.shash		= &kh_multimixer128_generic_shash,
};

KH_SHASH_FNS(kh_multimixer128_generic_shash, kh_multimixer128_generic_ops);
