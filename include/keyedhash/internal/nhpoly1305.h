/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NHPoly1305 and the NH-then-Poly1305 stream it shares with STHash: what
 * the implementations share, below the library APIs of
 * <keyedhash/nhpoly1305.h> and <keyedhash/sthash.h>.
 *
 * Per instruction set an update function of the stream,
 * kh_nhpoly1305_update_<isa>(), which both algorithms call; beneath it NH,
 * kh_nh_<isa>() and optionally kh_nh_chunks_<isa>() (assembly for SIMD).
 * Both finals hash their last partial unit with the generic NH.
 */
#ifndef _KEYEDHASH_INTERNAL_NHPOLY1305_H
#define _KEYEDHASH_INTERNAL_NHPOLY1305_H

#include <linux/kernel.h>
#include <linux/string.h>
#include <keyedhash/nhpoly1305.h>
#include <keyedhash/internal/poly1305.h>
#include <keyedhash/internal/arch.h>
#include <keyedhash/internal/drivers.h>
#include <keyedhash/internal/common.h>
#include <keyedhash/internal/simd.h>

/*
 * NH, per instruction set: kh_nh_<isa>(key, msg, len, hash) over whole
 * units of one chunk, and where an instruction set has one,
 * kh_nh_chunks_<isa>(key, msg, nchunks, hashes) over whole chunks.  A SIMD
 * one runs inside a SIMD section its caller holds.  The architecture's
 * header (arch/<arch>/nhpoly1305.h, below) calls them by instruction set:
 *
 * kh_nh_isa(isa, key, msg, len, hash):
 * @key		NH key words (kh_nh_setkey_words() order), starting at the
 *		word that belongs to the first byte of @msg: key + pos / 4 for
 *		a piece starting at byte pos of its chunk
 * @msg		the message piece, any alignment
 * @len		its length: a multiple of 16, 16 <= len <= 1024, and the
 *		piece does not cross the end of its chunk; 0 does nothing
 *		(nothing read, @hash not written)
 * @hash	receives the four pass sums (native u64), not added to
 *
 * kh_nh_chunks_isa(isa, key, msg, nchunks, hashes), for an @isa for which
 * kh_nh_has_chunks() is true:
 * @key		NH key words (kh_nh_setkey_words() order), from word 0
 * @msg		@nchunks * 1024 bytes, any alignment
 * @nchunks	whole chunks, each hashed from key word 0; 0 does nothing
 *		(nothing read, @hashes not written)
 * @hashes	receives the four pass sums of each chunk: the same results
 *		as @nchunks kh_nh_isa() calls of 1024 bytes, in one call
 */

/*
 * The NH key words in the order NH consumes them: native u32, and within
 * each group of four (one unit's pass) w0, w2, w1, w3, the two factors of
 * each product next to each other, as the SIMD code wants them; the
 * generic C reads the same order.  From the 1072 key bytes (little-endian
 * words w0, w1, w2, w3, ...); @raw may be @words itself.
 */
void kh_nh_setkey_words(u32 words[KH_NH_KEY_WORDS],
			const u8 raw[KH_NH_KEY_BYTES]);

void kh_nh_generic(const u32 *key, const u8 *msg, size_t len,
		   u64 hash[KH_NH_NUM_PASSES]);

/* The shared NH-then-Poly1305 stream (lib/nhpoly1305.c), generic C. */
void kh_nhpoly1305_setkey_raw(struct kh_nhpoly1305_key *key,
			      const u8 raw[KH_NHPOLY1305_KEY_SIZE]);
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

/* kh_nhpoly1305_init(), inlined where a driver starts a message. */
static __always_inline void
__kh_nhpoly1305_init(struct kh_nhpoly1305_state *st)
{
	kh_nhpoly1305_stream_init(st);
}

/*
 * The stream's update per instruction set, and nhpoly1305's final (the
 * same on every one), which wipes the state: all return 0, an int so that
 * the drivers end in a tail call.
 */
int kh_nhpoly1305_update_generic(struct kh_nhpoly1305_state *st,
				 const struct kh_nhpoly1305_key *key,
				 const u8 *data, size_t len);
int kh_nhpoly1305_update_avx2(struct kh_nhpoly1305_state *st,
			      const struct kh_nhpoly1305_key *key,
			      const u8 *data, size_t len,
			      const struct kh_simd_min *min);
int kh_nhpoly1305_update_avx512(struct kh_nhpoly1305_state *st,
				const struct kh_nhpoly1305_key *key,
				const u8 *data, size_t len,
				const struct kh_simd_min *min);
int kh_nhpoly1305_update_neon(struct kh_nhpoly1305_state *st,
			      const struct kh_nhpoly1305_key *key,
			      const u8 *data, size_t len,
			      const struct kh_simd_min *min);
int kh_nhpoly1305_final_generic(struct kh_nhpoly1305_state *st,
				const struct kh_nhpoly1305_key *key, u8 *out);

/*
 * The instruction sets of this architecture: kh_nh_isa(),
 * kh_nh_has_chunks(), kh_nh_chunks_isa(), and NHPoly1305's
 * KH_NHPOLY1305_ISAS and keys (<keyedhash/internal/arch.h>).
 */
#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_X86)
#include "arch/x86/nhpoly1305.h"
#elif IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_ARM64)
#include "arch/arm64/nhpoly1305.h"
#else
#include "arch/generic/nhpoly1305.h"
#endif

/*
 * What an architecture's header does not override: the generic NH for
 * every instruction set, and no NH of whole chunks (kh_nh_chunks_isa() is
 * then never called: one kh_nh_isa() per chunk).
 */
#ifndef kh_nh_isa
static __always_inline void kh_nh_isa(enum kh_isa isa, const u32 *key,
				      const u8 *msg, size_t len,
				      u64 hash[KH_NH_NUM_PASSES])
{
	kh_nh_generic(key, msg, len, hash);
}
#endif

#ifndef kh_nh_has_chunks
static __always_inline bool kh_nh_has_chunks(enum kh_isa isa)
{
	return false;
}

static __always_inline void
kh_nh_chunks_isa(enum kh_isa isa, const u32 *key, const u8 *msg,
		 size_t nchunks, u64 hashes[][KH_NH_NUM_PASSES])
{
	size_t c;

	for (c = 0; c < nchunks; c++)
		kh_nh_isa(isa, key, msg + c * KH_NH_CHUNK, KH_NH_CHUNK,
			  hashes[c]);
}
#endif

/*
 * NHPoly1305's dispatcher, as kh_highwayhash_update_isa()
 * (<keyedhash/internal/highwayhash.h>); the library's thresholds are the
 * driver's of @isa.  Its final hashes the last unit with the generic NH
 * (one unit costs less than a SIMD section).
 */
static __always_inline enum kh_isa kh_nhpoly1305_isa(void)
{
	if (kh_nhpoly1305_key(KH_ISA_avx2))
		return KH_ISA_avx2;
	if (kh_nhpoly1305_key(KH_ISA_neon))
		return KH_ISA_neon;
	return KH_ISA_generic;
}

static __always_inline int
kh_nhpoly1305_update_isa(enum kh_isa isa, const struct kh_simd_min *min,
			 struct kh_nhpoly1305_state *st,
			 const struct kh_nhpoly1305_key *key,
			 const u8 *data, size_t len)
{
	static const struct kh_simd_min min2 =
		KH_DRIVER_MIN(nhpoly1305_keyedhash_avx2);
	static const struct kh_simd_min minn =
		KH_DRIVER_MIN(nhpoly1305_keyedhash_neon);

	if (isa == KH_ISA_AUTO)
		isa = kh_nhpoly1305_isa();
	if (kh_isa_is(isa, KH_ISA_avx2, KH_NHPOLY1305_ISAS))
		return kh_nhpoly1305_update_avx2(st, key, data, len,
						 min ?: &min2);
	if (kh_isa_is(isa, KH_ISA_neon, KH_NHPOLY1305_ISAS))
		return kh_nhpoly1305_update_neon(st, key, data, len,
						 min ?: &minn);
	return kh_nhpoly1305_update_generic(st, key, data, len);
}

/* The final is the generic C's on every instruction set. */
static __always_inline int
kh_nhpoly1305_final_isa(enum kh_isa isa, const struct kh_simd_min *min,
			struct kh_nhpoly1305_state *st,
			const struct kh_nhpoly1305_key *key, u8 *out)
{
	return kh_nhpoly1305_final_generic(st, key, out);
}

/* The library's call: the module's choice, the library's thresholds. */
#define kh_nhpoly1305_update_arch(st, key, data, len)			\
	kh_nhpoly1305_update_isa(KH_ISA_AUTO, NULL, st, key, data, len)

/*
 * Feed the open chunk's NH value to Poly1305 and start a new chunk: the
 * four pass sums, little-endian, are two Poly1305 blocks (sums 0 and 1,
 * sums 2 and 3), absorbed straight from the words.  Inline where chunks
 * close in the common case (an update's units, a final); out of line as
 * kh_nhpoly1305_close_chunk() (lib/nhpoly1305.c) where one rarely does.
 */
static __always_inline void
__kh_nhpoly1305_close_chunk(const struct kh_nhpoly1305_key *key,
			    struct kh_nhpoly1305_state *st)
{
	kh_poly1305_pair(&st->poly, &key->poly, st->nh_sum[0], st->nh_sum[1],
			 st->nh_sum[2], st->nh_sum[3], KH_POLY1305_HIBIT);
	st->nh_sum[0] = 0;
	st->nh_sum[1] = 0;
	st->nh_sum[2] = 0;
	st->nh_sum[3] = 0;
}

void kh_nhpoly1305_close_chunk(const struct kh_nhpoly1305_key *key,
			       struct kh_nhpoly1305_state *st);

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
 * them, with one kh_nh_chunks_isa() call, and Poly1305 four blocks at a
 * time: each pair of chunks is one kh_poly1305_quad() step, the residue of
 * two close_chunk() steps, and kh_poly1305_emit() outputs the same for
 * either (lib/poly1305.c).  The open chunk's sums (zero at a chunk
 * boundary in any state update() left, but an imported state may hold
 * anything) go into the first chunk, as the per-chunk path would add them.
 * The first Poly1305 step of an update is a pair step, as in the generic
 * C: from an imported accumulator outside the invariant it wraps as that
 * does, and its carry bounds the limbs for the quad steps (below 2^44,
 * 2^44 + 2^20, 2^42 from any input; the quad bounds hold with room for
 * that).  One loop with one pair and one quad step in it, for that first
 * step, the quads and a last odd chunk: each step is inlined once.
 */
static __always_inline void
kh_nhpoly1305_chunks(struct kh_nhpoly1305_feed *f, const u8 *src,
		     size_t nchunks, enum kh_isa isa)
{
	const struct kh_poly1305_key *pkey = &f->key->poly;
	struct kh_nhpoly1305_state *st = f->st;
	u64 h[KH_NH_MAX_CHUNKS][KH_NH_NUM_PASSES];
	size_t c;
	int i;

	kh_nh_chunks_isa(isa, f->key->nh_key, src, nchunks, h);
	for (i = 0; i < KH_NH_NUM_PASSES; i++) {
		h[0][i] += st->nh_sum[i];
		st->nh_sum[i] = 0;
	}
	for (c = 0; c < nchunks;) {
		if (f->carried && c + 2 <= nchunks) {
			kh_poly1305_quad(&st->poly, pkey, h[c][0], h[c][1],
					 h[c][2], h[c][3], h[c + 1][0],
					 h[c + 1][1], h[c + 1][2], h[c + 1][3],
					 KH_POLY1305_HIBIT);
			c += 2;
		} else {
			kh_poly1305_pair(&st->poly, pkey, h[c][0], h[c][1],
					 h[c][2], h[c][3], KH_POLY1305_HIBIT);
			f->carried = true;
			c++;
		}
	}
	/*
	 * key-dependent, like the chunk sums close_chunk() wipes; 32 bytes
	 * at a time, plain stores rather than one "rep stos"
	 */
	for (c = 0; c < nchunks; c++)
		memzero_explicit(h[c], sizeof(h[c]));
}

/*
 * Sum one whole unit at @unit (the state's buffer) into the open chunk
 * with the NH of instruction set @isa; the caller closes the chunk if
 * this completes it.
 */
static __always_inline void
kh_nhpoly1305_one_unit(struct kh_nhpoly1305_feed *f, const u8 *unit,
		       enum kh_isa isa)
{
	struct kh_nhpoly1305_state *st = f->st;
	u64 sums[KH_NH_NUM_PASSES];
	int i;

	kh_nh_isa(isa, f->key->nh_key + f->pos / 4, unit, KH_NH_UNIT, sums);
	for (i = 0; i < KH_NH_NUM_PASSES; i++)
		st->nh_sum[i] += sums[i];
	f->pos += KH_NH_UNIT;
	/* key-dependent, like the chunk sums close_chunk() wipes */
	memzero_explicit(sums, sizeof(sums));
}

/*
 * Absorb @nunits whole units of the update @f with the NH of instruction
 * set @isa, across chunks; each driver passes its own @isa, a constant that
 * leaves direct calls once this is inlined.  Where the instruction set has
 * an NH of whole chunks (kh_nh_has_chunks()), it takes runs of two or more
 * whole chunks from a chunk boundary.
 */
static __always_inline void
kh_nhpoly1305_units(struct kh_nhpoly1305_feed *f, const u8 *src,
		    size_t nunits, enum kh_isa isa)
{
	struct kh_nhpoly1305_state *st = f->st;
	size_t len = nunits * KH_NH_UNIT;
	u64 sums[KH_NH_NUM_PASSES];
	int i;

	while (len) {
		unsigned int n = min_t(size_t, len, KH_NH_CHUNK - f->pos);

		if (kh_nh_has_chunks(isa) && f->pos == 0 &&
		    len >= 2 * KH_NH_CHUNK) {
			size_t nc = min_t(size_t, len / KH_NH_CHUNK,
					  KH_NH_MAX_CHUNKS);

			kh_nhpoly1305_chunks(f, src, nc, isa);
			src += nc * KH_NH_CHUNK;
			len -= nc * KH_NH_CHUNK;
			continue;
		}
		kh_nh_isa(isa, f->key->nh_key + f->pos / 4, src, n, sums);
		for (i = 0; i < KH_NH_NUM_PASSES; i++)
			st->nh_sum[i] += sums[i];
		f->pos += n;
		if (f->pos == KH_NH_CHUNK) {
			__kh_nhpoly1305_close_chunk(f->key, st);
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
 * Absorb @len bytes of the update @f: complete a buffered unit, whole units
 * straight from @src with kh_nhpoly1305_units() and the NH of instruction
 * set @isa, the tail into the buffer.  Always inlined: @isa, a constant,
 * leaves direct calls.
 */
static __always_inline void
kh_nhpoly1305_absorb(struct kh_nhpoly1305_feed *f, const u8 *src, size_t len,
		     enum kh_isa isa)
{
	struct kh_nhpoly1305_state *st = f->st;
	unsigned int pos = st->len % KH_NH_UNIT;

	st->len += len;
	if (pos) {
		size_t n = min_t(size_t, len, KH_NH_UNIT - pos);

		memcpy(st->buf + pos, src, n);
		if (pos + n < KH_NH_UNIT)
			return;
		kh_nhpoly1305_one_unit(f, st->buf, isa);
		/* a split unit that ends a chunk: at most once per chunk */
		if (f->pos == KH_NH_CHUNK) {
			kh_nhpoly1305_close_chunk(f->key, st);
			f->pos = 0;
			f->carried = true;
		}
		src += n;
		len -= n;
	}
	if (len >= KH_NH_UNIT) {
		kh_nhpoly1305_units(f, src, len / KH_NH_UNIT, isa);
		src += len - len % KH_NH_UNIT;
		len %= KH_NH_UNIT;
	}
	if (len)
		memcpy(st->buf, src, len);
}

/*
 * A SIMD update of the stream: as kh_highwayhash_update_simd()
 * (<keyedhash/internal/highwayhash.h>), each piece's NH chunks and the
 * Poly1305 steps of the chunks it closes in one SIMD section, with the NH
 * of instruction set @isa.  For the nhpoly1305 and sthash drivers alike.
 */
static __always_inline int
kh_nhpoly1305_update_simd(struct kh_nhpoly1305_state *st,
			  const struct kh_nhpoly1305_key *key,
			  const u8 *data, size_t len,
			  const struct kh_simd_min *min, enum kh_isa isa)
{
	struct kh_nhpoly1305_feed f;
	struct kh_simd_save save;

	if (!kh_simd_update_usable(len, st->len % KH_NH_UNIT, KH_NH_UNIT,
				   min))
		return kh_nhpoly1305_update_generic(st, key, data, len);
	kh_nhpoly1305_feed_start(&f, key, st);
	while (len) {
		unsigned int pos = st->len % KH_NH_UNIT;
		size_t n = kh_simd_piece(len, pos);

		if (pos + n < KH_NH_UNIT)
			return kh_nhpoly1305_update_generic(st, key, data, n);
		kh_simd_begin(&save);
		kh_nhpoly1305_absorb(&f, data, n, isa);
		kh_simd_end(&save);
		data += n;
		len -= n;
	}
	return 0;
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
		kh_nhpoly1305_one_unit(&f, st->buf, KH_ISA_generic);
	}
	/* one Poly1305 step, also where the last unit completes its chunk */
	if (f.pos)
		__kh_nhpoly1305_close_chunk(key, st);
}

#endif /* _KEYEDHASH_INTERNAL_NHPOLY1305_H */
