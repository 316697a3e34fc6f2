// SPDX-License-Identifier: GPL-2.0
/*
 * Multimixer-128: the library (<keyedhash/multimixer128.h>), whose update
 * runs the instruction set chosen at module init
 * (arch/<arch>/multimixer128.h), and the generic C.
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
#include <linux/export.h>
#include <keyedhash/internal/multimixer128.h>

void kh_multimixer128_blocks_generic(u64 h[8], const u8 *key, const u8 *msg,
				     size_t nblocks)
{
	u64 h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3];
	u64 h4 = h[4], h5 = h[5], h6 = h[6], h7 = h[7];

	while (nblocks--) {
		u64 z[8];

		kh_multimixer128_products(z, key, msg);
		h0 += z[0];
		h1 += z[1];
		h2 += z[2];
		h3 += z[3];
		h4 += z[4];
		h5 += z[5];
		h6 += z[6];
		h7 += z[7];
		key += KH_MULTIMIXER128_BLOCK_SIZE;
		msg += KH_MULTIMIXER128_BLOCK_SIZE;
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
 * Where the key lives: in a buffer of its own, key->bytes, of key->len
 * bytes, from 32 bytes up to 64 KiB since it is as long as the longest
 * message it may hash.  It comes from kvmalloc(): 64 KiB of kmalloc is an
 * order-4 allocation that can fail on a fragmented system, so the buffer
 * may be vmalloc memory, and vfree() may sleep outside interrupt context.
 * So the key is freed (kvfree_sensitive(), which wipes it first) only by
 * kh_multimixer128_clearkey(), in process context: the shash setkey
 * (which drops the old key first) and exit_tfm, and the module-init
 * self-test.  Hashing, from any context (hard IRQ and softirq too), only
 * reads the key.
 */
int kh_multimixer128_setkey(struct kh_multimixer128_key *key, const u8 *raw,
			    size_t keylen)
{
	if (!keylen || keylen % KH_MULTIMIXER128_BLOCK_SIZE ||
	    keylen > KH_MULTIMIXER128_MAX_KEY_SIZE)
		return -EINVAL;
	/*
	 * Up to 64 KiB: fall back to vmalloc rather than fail when
	 * fragmented.  Any user can set such a key on every AF_ALG socket
	 * it binds: charge it to the caller's memory cgroup (ACCOUNT), and
	 * at the cgroup's limit fail with ENOMEM quietly rather than call
	 * the OOM killer or log a warning (RETRY_MAYFAIL, NOWARN).
	 */
	key->bytes = kvmalloc(keylen, GFP_KERNEL_ACCOUNT | __GFP_RETRY_MAYFAIL |
				      __GFP_NOWARN);
	if (!key->bytes) {
		key->len = 0;
		return -ENOMEM;
	}
	memcpy(key->bytes, raw, keylen);
	key->len = keylen;
	return 0;
}
EXPORT_SYMBOL_GPL(kh_multimixer128_setkey);

int kh_multimixer128_key_dup(struct kh_multimixer128_key *dst,
			     const struct kh_multimixer128_key *src, gfp_t gfp)
{
	dst->bytes = NULL;
	dst->len = 0;
	if (!src->bytes)
		return 0;
	dst->bytes = kvmalloc(src->len, gfp);
	if (!dst->bytes)
		return -ENOMEM;
	memcpy(dst->bytes, src->bytes, src->len);
	dst->len = src->len;
	return 0;
}
EXPORT_SYMBOL_GPL(kh_multimixer128_key_dup);

void kh_multimixer128_clearkey(struct kh_multimixer128_key *key)
{
	if (key->bytes)
		kvfree_sensitive(key->bytes, key->len);
	key->bytes = NULL;
	key->len = 0;
}
EXPORT_SYMBOL_GPL(kh_multimixer128_clearkey);

void kh_multimixer128_init(struct kh_multimixer128_state *st)
{
	__kh_multimixer128_init(st);
}
EXPORT_SYMBOL_GPL(kh_multimixer128_init);

int kh_multimixer128_update_generic(struct kh_multimixer128_state *st,
				    const struct kh_multimixer128_key *key,
				    const u8 *data, size_t len)
{
	if (!kh_multimixer128_fits(st, key, len))
		return -EINVAL;
	if (len)
		kh_multimixer128_absorb(st, key, data, len, KH_ISA_generic);
	return 0;
}

int kh_multimixer128_update(struct kh_multimixer128_state *st,
			    const struct kh_multimixer128_key *key,
			    const u8 *data, size_t len)
{
	return kh_multimixer128_update_arch(st, key, data, len);
}
EXPORT_SYMBOL_GPL(kh_multimixer128_update);

int kh_multimixer128_final(struct kh_multimixer128_state *st,
			   u8 out[KH_MULTIMIXER128_DIGEST_SIZE])
{
	int err = 0;
	int k;

	/* The empty message and partial blocks are outside the function. */
	if (!st->len || st->len % KH_MULTIMIXER128_BLOCK_SIZE)
		err = -EINVAL;
	else
		for (k = 0; k < 8; k++)
			put_unaligned_le64(st->h[k], out + 8 * k);
	kh_wipe_state(st, sizeof(*st));
	return err;
}
EXPORT_SYMBOL_GPL(kh_multimixer128_final);

int kh_multimixer128(const struct kh_multimixer128_key *key, const u8 *data,
		     size_t len, u8 out[KH_MULTIMIXER128_DIGEST_SIZE])
{
	struct kh_multimixer128_state st;
	int err;

	if (len <= KH_MULTIMIXER128_SHORT)
		return kh_multimixer128_digest_short(key, data, len, out);
	kh_multimixer128_init(&st);
	err = kh_multimixer128_update_arch(&st, key, data, len);
	if (err) {
		kh_wipe_state(&st, sizeof(st));
		return err;
	}
	return kh_multimixer128_final(&st, out);
}
EXPORT_SYMBOL_GPL(kh_multimixer128);

/*
 * @z, plus @w where there is one, into @out: written out, since only
 * constant indexes keep the arrays in registers (a loop stays one at -O2).
 */
static __always_inline void multimixer128_put(u8 *out, const u64 z[8],
					      const u64 *w)
{
	put_unaligned_le64(z[0] + (w ? w[0] : 0), out);
	put_unaligned_le64(z[1] + (w ? w[1] : 0), out + 8);
	put_unaligned_le64(z[2] + (w ? w[2] : 0), out + 16);
	put_unaligned_le64(z[3] + (w ? w[3] : 0), out + 24);
	put_unaligned_le64(z[4] + (w ? w[4] : 0), out + 32);
	put_unaligned_le64(z[5] + (w ? w[5] : 0), out + 40);
	put_unaligned_le64(z[6] + (w ? w[6] : 0), out + 48);
	put_unaligned_le64(z[7] + (w ? w[7] : 0), out + 56);
}

/*
 * A message of at most KH_MULTIMIXER128_SHORT bytes (see the header).  All
 * of the message is read before the first byte of @out is written, which
 * may be the message itself.
 */
int kh_multimixer128_digest_short(const struct kh_multimixer128_key *key,
				  const u8 *data, size_t len, u8 *out)
{
	u64 z[8], w[8];

	if (!len || len % KH_MULTIMIXER128_BLOCK_SIZE || len > key->len)
		return -EINVAL;
	kh_multimixer128_products(z, key->bytes, data);
	if (len == KH_MULTIMIXER128_BLOCK_SIZE) {
		multimixer128_put(out, z, NULL);
		return 0;
	}
	kh_multimixer128_products(w, key->bytes + KH_MULTIMIXER128_BLOCK_SIZE,
				  data + KH_MULTIMIXER128_BLOCK_SIZE);
	multimixer128_put(out, z, w);
	return 0;
}
