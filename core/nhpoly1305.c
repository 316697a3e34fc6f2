// SPDX-License-Identifier: GPL-2.0
/*
 * NHPoly1305: the NH-then-Poly1305 stream shared with STHash, and the
 * nhpoly1305 algorithm (key r || NH key, standard Poly1305 output).  See
 * include/keyedhash/nhpoly1305.h, and for the algorithm the Adiantum paper
 * (Crowley, Biggers; IACR ToSC 2018(4)).
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
#include <linux/unaligned.h>
#include <keyedhash/nhpoly1305.h>
#include <keyedhash/shash.h>

void kh_nhpoly1305_setkey_raw(struct kh_nhpoly1305_key *key,
			      const u8 raw[NHPOLY1305_KEY_SIZE])
{
	kh_poly1305_setkey(&key->poly, raw);
	kh_nh_setkey_words(key->nh_key, raw + KH_POLY1305_KEY_SIZE);
}

void kh_nhpoly1305_stream_update(const struct kh_nhpoly1305_key *key,
				 struct kh_nhpoly1305_state *st,
				 const u8 *src, unsigned int len)
{
	struct kh_nhpoly1305_feed f;

	kh_nhpoly1305_feed_start(&f, key, st);
	kh_nhpoly1305_generic_piece(&f, src, len);
}

/* The nhpoly1305 algorithm: key = r (16 bytes) || NH key (1072 bytes). */

int kh_nhpoly1305_setkey(void *ctx, const u8 *key, unsigned int keylen)
{
	if (keylen != NHPOLY1305_KEY_SIZE)
		return -EINVAL;
	kh_nhpoly1305_setkey_raw(ctx, key);
	return 0;
}

void kh_nhpoly1305_init(const void *ctx, void *state)
{
	kh_nhpoly1305_stream_init(state);
}

int kh_nhpoly1305_final(const struct kh_impl *impl, const void *ctx,
			void *state, u8 *out)
{
	struct kh_nhpoly1305_state *st = state;

	kh_nhpoly1305_finish(ctx, st);
	kh_poly1305_emit(&st->poly, out, KH_POLY1305_EMIT_STANDARD);
	return 0;
}

/* The generic driver's update() */
static int kh_nhpoly1305_generic_update(const struct kh_impl *impl,
					const void *ctx, void *state,
					const u8 *src, unsigned int len)
{
	kh_nhpoly1305_stream_update(ctx, state, src, len);
	return 0;
}

static const struct kh_shash_fns kh_nhpoly1305_generic_shash;

const struct kh_alg_ops kh_nhpoly1305_generic_ops = {
	.ctxsize	= sizeof(struct kh_nhpoly1305_key),
	.statesize	= sizeof(struct kh_nhpoly1305_state),
	.setkey		= kh_nhpoly1305_setkey,
	.init		= kh_nhpoly1305_init,
	.update		= kh_nhpoly1305_generic_update,
	.final		= kh_nhpoly1305_final,
	.shash		= &kh_nhpoly1305_generic_shash,
};

KH_SHASH_FNS(kh_nhpoly1305_generic_shash, kh_nhpoly1305_generic_ops);
