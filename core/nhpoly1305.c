// SPDX-License-Identifier: GPL-2.0
/*
 * NHPoly1305: the NH-then-Poly1305 stream shared with STHash, and the
 * nhpoly1305 algorithm (key r || NH key, standard Poly1305 output).  See
 * include/keyedhash/nhpoly1305.h and specs/nhpoly1305.md.
 *
 * The message is cut into 1 KiB chunks; the last one is zero-padded to a
 * multiple of 16 bytes only.  NH is additive over units, so a chunk is
 * summed piece by piece as the data arrives, each piece with the key words
 * of its offset, and fed to Poly1305 (two full blocks) when it completes or
 * at the end of the message.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <keyedhash/compat.h>	/* get/put_unaligned_le*() */
#include <keyedhash/nhpoly1305.h>

void kh_nhpoly1305_setkey_raw(struct kh_nhpoly1305_key *key,
			      const u8 raw[NHPOLY1305_KEY_SIZE])
{
	int i;

	kh_poly1305_setkey(&key->poly, raw);
	for (i = 0; i < KH_NH_KEY_WORDS; i++)
		key->nh_key[i] = get_unaligned_le32(raw + KH_POLY1305_KEY_SIZE +
						    4 * i);
}

void kh_nhpoly1305_init(struct kh_nhpoly1305_state *st)
{
	/*
	 * Field by field: a memset() of the whole 80 bytes becomes "rep stosq"
	 * in kernel code (no SSE), whose start-up cost shows on short messages.
	 */
	kh_poly1305_init(&st->poly);
	st->nh_sum[0] = 0;
	st->nh_sum[1] = 0;
	st->nh_sum[2] = 0;
	st->nh_sum[3] = 0;
	st->len = 0;
	memset(st->buf, 0, sizeof(st->buf));
}

void kh_nhpoly1305_close_chunk(const struct kh_nhpoly1305_key *key,
			       struct kh_nhpoly1305_state *st)
{
	u8 blocks[KH_NH_HASH_BYTES];
	int i;

	for (i = 0; i < KH_NH_NUM_PASSES; i++) {
		put_unaligned_le64(st->nh_sum[i], blocks + 8 * i);
		st->nh_sum[i] = 0;
	}
	kh_poly1305_blocks(&st->poly, &key->poly, blocks,
			   KH_NH_HASH_BYTES / KH_POLY1305_BLOCK_SIZE,
			   KH_POLY1305_HIBIT);
	memzero_explicit(blocks, sizeof(blocks));
}

void kh_nhpoly1305_update(const struct kh_nhpoly1305_key *key,
			  struct kh_nhpoly1305_state *st,
			  const u8 *src, unsigned int len)
{
	struct kh_nhpoly1305_feed f;

	kh_nhpoly1305_feed_start(&f, key, st);
	kh_nhpoly1305_generic_piece(&f, src, len);
}

void kh_nhpoly1305_finish(const struct kh_nhpoly1305_key *key,
			  struct kh_nhpoly1305_state *st)
{
	struct kh_nhpoly1305_feed f;
	unsigned int buffered = st->len % KH_NH_UNIT;

	kh_nhpoly1305_feed_start(&f, key, st);
	if (buffered) {
		memset(st->buf + buffered, 0, KH_NH_UNIT - buffered);
		kh_nhpoly1305_generic_units(&f, st->buf, 1);
	}
	if (f.pos)
		kh_nhpoly1305_close_chunk(key, st);
}

/* The nhpoly1305 algorithm: key = r (16 bytes) || NH key (1072 bytes). */

int nhpoly1305_setkey(void *ctx, const u8 *key, unsigned int keylen)
{
	if (keylen != NHPOLY1305_KEY_SIZE)
		return -EINVAL;
	kh_nhpoly1305_setkey_raw(ctx, key);
	return 0;
}

void nhpoly1305_init(const void *ctx, void *state)
{
	kh_nhpoly1305_init(state);
}

int nhpoly1305_final(const struct kh_impl *impl, const void *ctx, void *state,
		     u8 *out)
{
	struct kh_nhpoly1305_state *st = state;

	kh_nhpoly1305_finish(ctx, st);
	kh_poly1305_emit(&st->poly, out, KH_POLY1305_EMIT_STANDARD);
	return 0;
}

/* The generic driver's instantiation of the state machine. */
static int nhpoly1305_update(const struct kh_impl *impl, const void *ctx,
			     void *state, const u8 *src, unsigned int len)
{
	kh_nhpoly1305_update(ctx, state, src, len);
	return 0;
}

const struct kh_alg_ops nhpoly1305_alg_ops = {
	NHPOLY1305_ALG_OPS_COMMON,
	.update		= nhpoly1305_update,
};

const struct nhpoly1305_arch_ops nhpoly1305_generic_ops = {
	.nh = kh_nh_generic,
};
