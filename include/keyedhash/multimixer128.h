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
#include <keyedhash/keyedhash.h>

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

/**
 * struct mm128_arch_ops - Multimixer-128 block functions for one ISA
 * @blocks:	add the contributions of @nblocks whole 32-byte message blocks
 *		at @msg, each paired with the key block at the same index from
 *		@key, into the running sums @h (mod 2^64 per word).  Blocks are
 *		independent, so an implementation may keep any number of lane
 *		accumulators as long as it adds them into @h before returning.
 */
struct mm128_arch_ops {
	void (*blocks)(u64 h[8], const u8 *key, const u8 *msg, size_t nblocks);
};

extern const struct kh_alg_ops mm128_alg_ops;
extern const struct mm128_arch_ops mm128_generic_ops;

void mm128_blocks_generic(u64 h[8], const u8 *key, const u8 *msg,
			  size_t nblocks);

#endif /* _KEYEDHASH_MULTIMIXER128_H */
