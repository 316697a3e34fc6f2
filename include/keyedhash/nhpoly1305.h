/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NHPoly1305, the hash layer of Adiantum: byte-compatible with the Linux 6.1
 * shash "nhpoly1305" (crypto/nhpoly1305.c).  NH (4 passes, pair stride 2,
 * 16-byte units) compresses each 1 KiB chunk of the message to 32 bytes,
 * which Poly1305 (no nonce) absorbs as two full blocks.
 *
 * The NH-then-Poly1305 streaming state here is shared with STHash, which
 * differs only in its key derivation and its output step.  The block
 * function both plug in per instruction set is NH alone (kh_nh_fn, and
 * optionally kh_nh_chunks_fn): a SIMD NH serves both algorithms.
 */
#ifndef _KEYEDHASH_NHPOLY1305_H
#define _KEYEDHASH_NHPOLY1305_H

#include <linux/types.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/poly1305.h>
#include <keyedhash/simd.h>

#define KH_NH_NUM_PASSES	4
#define KH_NH_UNIT		16	/* bytes per NH message unit */
#define KH_NH_CHUNK		1024	/* bytes of message per NH output */
#define KH_NH_KEY_WORDS		(KH_NH_CHUNK / 4 + 4 * (KH_NH_NUM_PASSES - 1))
#define KH_NH_KEY_BYTES		(4 * KH_NH_KEY_WORDS)	/* 1072 */
#define KH_NH_HASH_BYTES	(8 * KH_NH_NUM_PASSES)	/* 32 */

#define NHPOLY1305_KEY_SIZE	(KH_POLY1305_KEY_SIZE + KH_NH_KEY_BYTES)
#define NHPOLY1305_DIGEST_SIZE	16

/**
 * typedef kh_nh_fn - NH over whole units of one chunk
 * @key:	NH key words (kh_nh_setkey_words() order), starting at the
 *		word that belongs to the first byte of @msg: key + pos / 4 for
 *		a piece starting at byte pos of its chunk
 * @msg:	the message piece, any alignment
 * @len:	its length: a multiple of 16, 16 <= len <= 1024, and the piece
 *		does not cross the end of its chunk; 0 does nothing (nothing
 *		read, @hash not written)
 * @hash:	receives the four pass sums (native u64), not added to
 *
 * A SIMD implementation runs inside a SIMD section its caller holds.
 */
typedef void (*kh_nh_fn)(const u32 *key, const u8 *msg, size_t len,
			 u64 hash[KH_NH_NUM_PASSES]);

/**
 * typedef kh_nh_chunks_fn - NH over whole chunks
 * @key:	NH key words (kh_nh_setkey_words() order), from word 0
 * @msg:	@nchunks * 1024 bytes, any alignment
 * @nchunks:	whole chunks, each hashed from key word 0; 0 does nothing
 *		(nothing read, @hashes not written)
 * @hashes:	receives the four pass sums of each chunk
 *
 * Optional for a SIMD driver (kh_nhpoly1305_units() with @multi): the
 * same results as @nchunks kh_nh_fn calls of 1024 bytes, in one call.
 * Inside a SIMD section its caller holds.
 */
typedef void (*kh_nh_chunks_fn)(const u32 *key, const u8 *msg,
				size_t nchunks,
				u64 hashes[][KH_NH_NUM_PASSES]);

/*
 * The NH key words in the order NH consumes them: native u32, and within
 * each group of four (one unit's pass) w0, w2, w1, w3, the two factors of
 * each product next to each other, as the SIMD code wants them; the
 * generic C reads the same order.  From the 1072 key bytes (little-endian
 * words w0, w1, w2, w3, ...); @raw may be @words itself.
 */
void kh_nh_setkey_words(u32 words[KH_NH_KEY_WORDS],
			const u8 raw[KH_NH_KEY_BYTES]);

/* The NH and Poly1305 keys in the form the hot path uses. */
struct kh_nhpoly1305_key {
	struct kh_poly1305_key poly;
	u32 nh_key[KH_NH_KEY_WORDS];
};

/*
 * The request state, 80 bytes with no pointers: any imported state is valid.
 * @len counts every byte absorbed.  Of those, len % 16 wait in @buf, and
 * (len & ~15) % 1024 bytes of the open chunk are summed into @nh_sum; a
 * chunk is open whenever len % 1024 != 0.
 */
struct kh_nhpoly1305_state {
	struct kh_poly1305_state poly;
	u64 nh_sum[KH_NH_NUM_PASSES];
	u64 len;
	u8 buf[KH_NH_UNIT];
};

void kh_nh_generic(const u32 *key, const u8 *msg, size_t len,
		   u64 hash[KH_NH_NUM_PASSES]);

/* The shared NH-then-Poly1305 stream (core/nhpoly1305.c), generic C. */
void kh_nhpoly1305_setkey_raw(struct kh_nhpoly1305_key *key,
			      const u8 raw[NHPOLY1305_KEY_SIZE]);
static inline void kh_nhpoly1305_stream_init(struct kh_nhpoly1305_state *st)
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

void kh_nhpoly1305_stream_update(const struct kh_nhpoly1305_key *key,
				 struct kh_nhpoly1305_state *st,
				 const u8 *src, unsigned int len);

/*
 * Feed the open chunk's NH value to Poly1305 and start a new chunk: the
 * four pass sums, little-endian, are two Poly1305 blocks (sums 0 and 1,
 * sums 2 and 3), absorbed straight from the words.
 */
static __always_inline void
kh_nhpoly1305_close_chunk(const struct kh_nhpoly1305_key *key,
			  struct kh_nhpoly1305_state *st)
{
	kh_poly1305_pair(&st->poly, &key->poly, st->nh_sum[0], st->nh_sum[1],
			 st->nh_sum[2], st->nh_sum[3], KH_POLY1305_HIBIT);
	st->nh_sum[0] = 0;
	st->nh_sum[1] = 0;
	st->nh_sum[2] = 0;
	st->nh_sum[3] = 0;
}

/* An update in progress. */
struct kh_nhpoly1305_feed {
	const struct kh_nhpoly1305_key *key;
	struct kh_nhpoly1305_state *st;
	unsigned int pos;	/* bytes of the open chunk already summed */
	/*
	 * A Poly1305 step of this update has run, so st->poly is within the
	 * bounds kh_poly1305_quad() needs: an imported accumulator may not
	 * be, and its first step must be the one the generic C takes.
	 */
	bool carried;
};

static inline void kh_nhpoly1305_feed_start(struct kh_nhpoly1305_feed *f,
					    const struct kh_nhpoly1305_key *key,
					    struct kh_nhpoly1305_state *st)
{
	f->key = key;
	f->st = st;
	f->pos = (st->len & ~(u64)(KH_NH_UNIT - 1)) % KH_NH_CHUNK;
	f->carried = false;
}

/* Chunks a multi-chunk NH call covers: at most one SIMD section's data. */
#define KH_NH_MAX_CHUNKS	4

/*
 * Whole chunks from a chunk boundary, @nchunks (2..KH_NH_MAX_CHUNKS) of
 * them, with one @nh_chunks call, and Poly1305 four blocks at a time: each
 * pair of chunks is one kh_poly1305_quad() step, the residue of two
 * close_chunk() steps, and kh_poly1305_emit() outputs the same for either
 * (core/poly1305.c).  The open chunk's sums (zero at a chunk boundary in
 * any state update() left, but an imported state may hold anything) go
 * into the first chunk, as the per-chunk path would add them.  The first
 * Poly1305 step of an update is a pair step, as in the generic C: from an
 * imported accumulator outside the invariant it wraps as that does, and
 * its carry bounds the limbs for the quad steps (below 2^44, 2^44 + 2^20,
 * 2^42 from any input; the quad bounds hold with room for that).
 */
static __always_inline void
kh_nhpoly1305_chunks(struct kh_nhpoly1305_feed *f, const u8 *src,
		     size_t nchunks, kh_nh_chunks_fn nh_chunks)
{
	const struct kh_poly1305_key *pkey = &f->key->poly;
	struct kh_nhpoly1305_state *st = f->st;
	u64 h[KH_NH_MAX_CHUNKS][KH_NH_NUM_PASSES];
	size_t c;
	int i;

	nh_chunks(f->key->nh_key, src, nchunks, h);
	for (i = 0; i < KH_NH_NUM_PASSES; i++) {
		h[0][i] += st->nh_sum[i];
		st->nh_sum[i] = 0;
	}
	c = 0;
	if (!f->carried) {
		kh_poly1305_pair(&st->poly, pkey, h[0][0], h[0][1], h[0][2],
				 h[0][3], KH_POLY1305_HIBIT);
		f->carried = true;
		c = 1;
	}
	for (; c + 2 <= nchunks; c += 2)
		kh_poly1305_quad(&st->poly, pkey, h[c][0], h[c][1], h[c][2],
				 h[c][3], h[c + 1][0], h[c + 1][1],
				 h[c + 1][2], h[c + 1][3], KH_POLY1305_HIBIT);
	if (c < nchunks)
		kh_poly1305_pair(&st->poly, pkey, h[c][0], h[c][1], h[c][2],
				 h[c][3], KH_POLY1305_HIBIT);
	/*
	 * key-dependent, like the chunk sums close_chunk() wipes; 32 bytes
	 * at a time, plain stores rather than one "rep stos"
	 */
	for (c = 0; c < nchunks; c++)
		memzero_explicit(h[c], sizeof(h[c]));
}

/*
 * Absorb @nunits whole units of the update @f with the NH function @nh,
 * across chunks; each driver passes its own @nh, a direct call once this
 * is inlined.
 * With @multi (a constant), @nh_chunks takes runs of two or more whole
 * chunks from a chunk boundary; without, it may be NULL.  (A flag, not a
 * NULL test: with -fno-delete-null-pointer-checks the compiler keeps the
 * test of a function's address.)
 */
static __always_inline void
kh_nhpoly1305_units(struct kh_nhpoly1305_feed *f, const u8 *src,
		    size_t nunits, kh_nh_fn nh, kh_nh_chunks_fn nh_chunks,
		    bool multi)
{
	struct kh_nhpoly1305_state *st = f->st;
	size_t len = nunits * KH_NH_UNIT;
	u64 sums[KH_NH_NUM_PASSES];
	int i;

	while (len) {
		unsigned int n = min_t(size_t, len, KH_NH_CHUNK - f->pos);

		if (multi && f->pos == 0 && len >= 2 * KH_NH_CHUNK) {
			size_t nc = min_t(size_t, len / KH_NH_CHUNK,
					  KH_NH_MAX_CHUNKS);

			kh_nhpoly1305_chunks(f, src, nc, nh_chunks);
			src += nc * KH_NH_CHUNK;
			len -= nc * KH_NH_CHUNK;
			continue;
		}
		nh(f->key->nh_key + f->pos / 4, src, n, sums);
		for (i = 0; i < KH_NH_NUM_PASSES; i++)
			st->nh_sum[i] += sums[i];
		f->pos += n;
		if (f->pos == KH_NH_CHUNK) {
			kh_nhpoly1305_close_chunk(f->key, st);
			f->pos = 0;
			f->carried = true;
		}
		src += n;
		len -= n;
	}
	/* key-dependent, like the chunk sums close_chunk() wipes */
	memzero_explicit(sums, sizeof(sums));
}

/*
 * The update step: absorb @len bytes of the update @f (a struct
 * kh_nhpoly1305_feed) with @units, which calls kh_nhpoly1305_units().
 */
static __always_inline void
kh_nhpoly1305_absorb(void *f, const u8 *src, unsigned int len,
		     void (*units)(void *f, const u8 *src, size_t nunits))
{
	struct kh_nhpoly1305_state *st = ((struct kh_nhpoly1305_feed *)f)->st;
	unsigned int buffered = st->len % KH_NH_UNIT;

	st->len += len;
	kh_update_blocks(st->buf, KH_NH_UNIT, buffered, src, len, units, f);
}

static inline void kh_nhpoly1305_generic_units(void *f, const u8 *src,
					       size_t nunits)
{
	kh_nhpoly1305_units(f, src, nunits, kh_nh_generic, NULL, false);
}

static inline void kh_nhpoly1305_generic_piece(void *f, const u8 *src,
					       unsigned int len)
{
	kh_nhpoly1305_absorb(f, src, len, kh_nhpoly1305_generic_units);
}

/*
 * Pad and hash the last unit (generic NH: one unit costs less than a SIMD
 * section), close the open chunk: Poly1305 is complete.
 */
static __always_inline void
kh_nhpoly1305_finish(const struct kh_nhpoly1305_key *key,
		     struct kh_nhpoly1305_state *st)
{
	struct kh_nhpoly1305_feed f;
	unsigned int buffered = st->len % KH_NH_UNIT;

	kh_nhpoly1305_feed_start(&f, key, st);
	if (buffered) {
		memset(st->buf + buffered, 0, KH_NH_UNIT - buffered);
		kh_nhpoly1305_units(&f, st->buf, 1, kh_nh_generic, NULL, false);
	}
	if (f.pos)
		kh_nhpoly1305_close_chunk(key, st);
}

/*
 * A SIMD driver's stream update: @len bytes in SIMD sections of up to 4 KiB
 * of NH and the Poly1305 steps of the chunks they close, each piece
 * absorbed by @piece (kh_nhpoly1305_absorb() with kh_nhpoly1305_units()
 * and the driver's NH functions), or in generic C below @simd_min
 * (kh_simd_update()).  For the nhpoly1305 and sthash drivers alike.
 */
static __always_inline void
kh_nhpoly1305_simd_stream_update(const struct kh_nhpoly1305_key *key,
				 struct kh_nhpoly1305_state *st,
				 const u8 *src, unsigned int len,
				 unsigned int simd_min,
				 void (*piece)(void *f, const u8 *src,
					       unsigned int len))
{
	struct kh_nhpoly1305_feed f;

	kh_nhpoly1305_feed_start(&f, key, st);
	kh_simd_update(&f, src, len, st->len % KH_NH_UNIT, KH_NH_UNIT,
		       simd_min, piece, kh_nhpoly1305_generic_piece);
}

/* What every nhpoly1305 driver shares (core/nhpoly1305.c). */
int kh_nhpoly1305_setkey(void *ctx, const u8 *key, unsigned int keylen);
void kh_nhpoly1305_init(const void *ctx, void *state);
int kh_nhpoly1305_final(const struct kh_impl *impl, const void *ctx,
			void *state, u8 *out);

/* The generic driver's state machine (core/nhpoly1305.c). */
extern const struct kh_alg_ops kh_nhpoly1305_generic_ops;

#endif /* _KEYEDHASH_NHPOLY1305_H */
