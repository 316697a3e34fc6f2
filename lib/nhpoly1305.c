// SPDX-License-Identifier: GPL-2.0
/*
 * NHPoly1305: the NH-then-Poly1305 stream shared with STHash, and the
 * nhpoly1305 library (<keyedhash/nhpoly1305.h>: key r || NH key, standard
 * Poly1305 output), whose update runs the instruction set chosen at module
 * init (arch/<arch>/nhpoly1305.h).  For the algorithm see the Adiantum
 * paper (Crowley, Biggers; IACR ToSC 2018(4)).
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
#include <linux/export.h>
#include <keyedhash/internal/nhpoly1305.h>

void kh_nhpoly1305_setkey_raw(struct kh_nhpoly1305_key *key,
			      const u8 raw[KH_NHPOLY1305_KEY_SIZE])
{
	kh_poly1305_setkey(&key->poly, raw);
	kh_nh_setkey_words(key->nh_key, raw + KH_POLY1305_KEY_SIZE);
}

void kh_nhpoly1305_close_chunk(const struct kh_nhpoly1305_key *key,
			       struct kh_nhpoly1305_state *st)
{
	__kh_nhpoly1305_close_chunk(key, st);
}

int kh_nhpoly1305_update_generic(struct kh_nhpoly1305_state *st,
				 const struct kh_nhpoly1305_key *key,
				 const u8 *data, size_t len)
{
	struct kh_nhpoly1305_feed f;

	kh_nhpoly1305_feed_start(&f, key, st);
	kh_nhpoly1305_absorb(&f, data, len, KH_ISA_generic);
	return 0;
}

int kh_nhpoly1305_final_generic(struct kh_nhpoly1305_state *st,
				const struct kh_nhpoly1305_key *key, u8 *out)
{
	kh_nhpoly1305_finish(key, st);
	kh_poly1305_emit(&st->poly, out, KH_POLY1305_EMIT_STANDARD);
	kh_wipe_state(st, sizeof(*st));
	return 0;
}

/* The library */

int kh_nhpoly1305_setkey(struct kh_nhpoly1305_key *key, const u8 *raw,
			 size_t keylen)
{
	if (keylen != KH_NHPOLY1305_KEY_SIZE)
		return -EINVAL;
	kh_nhpoly1305_setkey_raw(key, raw);
	return 0;
}
EXPORT_SYMBOL_GPL(kh_nhpoly1305_setkey);

void kh_nhpoly1305_init(struct kh_nhpoly1305_state *st)
{
	kh_nhpoly1305_stream_init(st);
}
EXPORT_SYMBOL_GPL(kh_nhpoly1305_init);

void kh_nhpoly1305_update(struct kh_nhpoly1305_state *st,
			  const struct kh_nhpoly1305_key *key,
			  const u8 *data, size_t len)
{
	kh_nhpoly1305_update_arch(st, key, data, len);
}
EXPORT_SYMBOL_GPL(kh_nhpoly1305_update);

void kh_nhpoly1305_final(struct kh_nhpoly1305_state *st,
			 const struct kh_nhpoly1305_key *key,
			 u8 out[KH_NHPOLY1305_DIGEST_SIZE])
{
	kh_nhpoly1305_final_generic(st, key, out);
}
EXPORT_SYMBOL_GPL(kh_nhpoly1305_final);

void kh_nhpoly1305(const struct kh_nhpoly1305_key *key, const u8 *data,
		   size_t len, u8 out[KH_NHPOLY1305_DIGEST_SIZE])
{
	struct kh_nhpoly1305_state st;

	kh_nhpoly1305_init(&st);
	kh_nhpoly1305_update_arch(&st, key, data, len);
	kh_nhpoly1305_final_generic(&st, key, out);
}
EXPORT_SYMBOL_GPL(kh_nhpoly1305);
