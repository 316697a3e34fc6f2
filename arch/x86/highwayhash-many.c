// SPDX-License-Identifier: GPL-2.0
/*
 * HighwayHash of many messages, x86_64 AVX2: the messages taken two at a
 * time, their chains interleaved by the assembly
 * (highwayhash-many-avx2.S), in SIMD sections of at most KH_SIMD_CHUNK
 * message bytes.
 *
 * Two messages of at most KH_SIMD_CHUNK bytes together go whole through
 * kh_highwayhash<N>_oneshot2_avx2(), key to digests in registers, as many
 * such pairs in one section as fit in KH_SIMD_CHUNK bytes.  A longer pair
 * goes through two states on the stack: the whole blocks both messages
 * have, interleaved, KH_SIMD_CHUNK bytes of the two per section, then the
 * rest of both to their digests in one more section
 * (kh_highwayhash<N>_resume2_avx2()), or where that is still too long, each
 * message's rest and end by the single-message update and final.
 * An odd last message goes alone, by the single-message one-shot.
 * Where the CPU has AVX-512 (and the module uses zmm code: not where it
 * lowers the clock, kh_avx512_usable()) and AVX512BW, the pairs go through
 * kh_highwayhash<N>_oneshot2_avx512() and kh_highwayhash_blocks2_avx512()
 * instead (highwayhash-many-avx512.S).
 */
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <keyedhash/internal/highwayhash.h>

/* Blocks of each message of a long pair in one section. */
#define HH_PAIR_BLOCKS	(KH_SIMD_CHUNK / 2 / KH_HIGHWAYHASH_BLOCK_SIZE)

/* The pair at @data by the one-shot of its digest size and instruction set. */
static __always_inline void
highwayhash_oneshot2(const u64 *v, const u8 *const *data, const size_t *len,
		     u8 *out, unsigned int digestsize, bool zmm)
{
#ifndef KH_NO_AS_AVX512
	if (zmm) {
		if (digestsize == KH_HIGHWAYHASH64_DIGEST_SIZE)
			kh_highwayhash64_oneshot2_avx512(v, data[0], len[0],
							 data[1], len[1], out);
		else if (digestsize == KH_HIGHWAYHASH128_DIGEST_SIZE)
			kh_highwayhash128_oneshot2_avx512(v, data[0], len[0],
							  data[1], len[1], out);
		else
			kh_highwayhash256_oneshot2_avx512(v, data[0], len[0],
							  data[1], len[1], out);
		return;
	}
#endif
	if (digestsize == KH_HIGHWAYHASH64_DIGEST_SIZE)
		kh_highwayhash64_oneshot2_avx2(v, data[0], len[0], data[1],
					       len[1], out);
	else if (digestsize == KH_HIGHWAYHASH128_DIGEST_SIZE)
		kh_highwayhash128_oneshot2_avx2(v, data[0], len[0], data[1],
						len[1], out);
	else
		kh_highwayhash256_oneshot2_avx2(v, data[0], len[0], data[1],
						len[1], out);
}

/* The rest of both messages from their states, in one SIMD section. */
static void highwayhash_resume2(const struct kh_highwayhash_state st[2],
				const u8 *const *rest, const size_t *restlen,
				u8 *out, unsigned int digestsize, bool zmm)
{
	struct kh_simd_save save;

	/* the assembly finds st[1] 168 bytes after st[0] */
	BUILD_BUG_ON(sizeof(struct kh_highwayhash_state) != 168);

	kh_simd_begin(&save);
#ifndef KH_NO_AS_AVX512
	if (zmm) {
		if (digestsize == KH_HIGHWAYHASH64_DIGEST_SIZE)
			kh_highwayhash64_resume2_avx512(st, rest[0], restlen[0],
							rest[1], restlen[1],
							out);
		else if (digestsize == KH_HIGHWAYHASH128_DIGEST_SIZE)
			kh_highwayhash128_resume2_avx512(st, rest[0], restlen[0],
							 rest[1], restlen[1],
							 out);
		else
			kh_highwayhash256_resume2_avx512(st, rest[0], restlen[0],
							 rest[1], restlen[1],
							 out);
		kh_simd_end(&save);
		return;
	}
#endif
	if (digestsize == KH_HIGHWAYHASH64_DIGEST_SIZE)
		kh_highwayhash64_resume2_avx2(st, rest[0], restlen[0], rest[1],
					      restlen[1], out);
	else if (digestsize == KH_HIGHWAYHASH128_DIGEST_SIZE)
		kh_highwayhash128_resume2_avx2(st, rest[0], restlen[0],
					       rest[1], restlen[1], out);
	else
		kh_highwayhash256_resume2_avx2(st, rest[0], restlen[0],
					       rest[1], restlen[1], out);
	kh_simd_end(&save);
}

/*
 * Two messages of more than KH_SIMD_CHUNK bytes together, through two
 * states: the blocks both have, interleaved (in AVX-512 with @zmm),
 * KH_SIMD_CHUNK bytes of the two per section, until what is left of
 * them fits in one section, which then takes it to the digests,
 * interleaved too; where one is much longer than the other, the rest of
 * each by the single-message update and final.
 */
static noinline void
highwayhash_long_pair(const struct kh_highwayhash_key *key,
		      const u8 *const *data, const size_t *len, u8 *out,
		      unsigned int digestsize, const struct kh_simd_min *min,
		      bool zmm)
{
	struct kh_highwayhash_state st[2];
	size_t common = min(len[0], len[1]) / KH_HIGHWAYHASH_BLOCK_SIZE;
	size_t done = 0, off = 0, restlen[2];
	struct kh_simd_save save;
	const u8 *rest[2];
	int j;

	__kh_highwayhash_init(&st[0], key);
	__kh_highwayhash_init(&st[1], key);
	while (done < common &&
	       len[0] - off + (len[1] - off) > KH_SIMD_CHUNK) {
		size_t k = min_t(size_t, common - done, HH_PAIR_BLOCKS);

		kh_simd_begin(&save);
#ifndef KH_NO_AS_AVX512
		if (zmm)
			kh_highwayhash_blocks2_avx512(&st[0], &st[1],
						      data[0] + off,
						      data[1] + off, k);
		else
#endif
			kh_highwayhash_blocks2_avx2(&st[0], &st[1],
						    data[0] + off,
						    data[1] + off, k);
		kh_simd_end(&save);
		done += k;
		off = done * KH_HIGHWAYHASH_BLOCK_SIZE;
	}
	for (j = 0; j < 2; j++) {
		restlen[j] = len[j] - off;
		/* (a message of 0 bytes may be NULL: no offset added to it) */
		rest[j] = restlen[j] ? data[j] + off : data[j];
	}
	if (restlen[0] <= KH_SIMD_CHUNK &&
	    restlen[1] <= KH_SIMD_CHUNK - restlen[0]) {
		highwayhash_resume2(st, rest, restlen, out, digestsize, zmm);
		kh_wipe_state(st, sizeof(st));
		return;
	}
	for (j = 0; j < 2; j++) {
		st[j].len = off;
		if (restlen[j])
			kh_highwayhash_update_avx2(&st[j], rest[j], restlen[j],
						   min);
		kh_highwayhash_final_avx2(&st[j], out + j * digestsize,
					  digestsize, min);
	}
}

/*
 * How many messages from @i on go in one section of pairs: pairs while
 * the bytes stay within KH_SIMD_CHUNK; their bytes in *@bytes.  0 if the
 * pair at @i does not fit.
 */
static size_t highwayhash_pairs(const size_t *len, size_t i, size_t n,
				size_t *bytes)
{
	size_t j = i, sum = 0;

	while (n - j >= 2 && len[j] <= KH_SIMD_CHUNK - sum &&
	       len[j + 1] <= KH_SIMD_CHUNK - sum - len[j]) {
		sum += len[j] + len[j + 1];
		j += 2;
	}
	*bytes = sum;
	return j - i;
}

/*
 * The pairs by the one-shot of two messages, in AVX2 or, with @zmm, in
 * AVX-512 (both messages in one zmm register per state vector); the long
 * pairs likewise by the blocks of two states.
 */
static int highwayhash_many(const struct kh_highwayhash_key *key,
			    const u8 *const *data, const size_t *len, size_t n,
			    u8 *out, unsigned int digestsize,
			    const struct kh_simd_min *min, bool zmm)
{
	struct kh_highwayhash_state st;
	struct kh_simd_save save;
	size_t i = 0, k, bytes;

	/* the assembly reads v1 right after v0 in the key, and the state */
	BUILD_BUG_ON(offsetof(struct kh_highwayhash_key, v1) != 32 ||
		     offsetof(struct kh_highwayhash_state, v1) != 32 ||
		     offsetof(struct kh_highwayhash_state, mul0) != 64 ||
		     offsetof(struct kh_highwayhash_state, mul1) != 96);

	if (!kh_simd_usable())
		return kh_highwayhash_digest_many_generic(key, data, len, n,
							  out, digestsize);
	while (n - i >= 2) {
		k = highwayhash_pairs(len, i, n, &bytes);
		if (!k) {
			highwayhash_long_pair(key, data + i, len + i,
					      out + i * digestsize, digestsize,
					      min, zmm);
			i += 2;
			continue;
		}
		if (bytes < kh_simd_min(min)) {
			/* too little for a section: the generic C */
			kh_highwayhash_digest_many_generic(key, data + i,
							   len + i, k,
							   out + i * digestsize,
							   digestsize);
			i += k;
			continue;
		}
		kh_simd_begin(&save);
		for (k += i; i < k; i += 2)
			highwayhash_oneshot2(key->v0, data + i, len + i,
					     out + i * digestsize, digestsize,
					     zmm);
		kh_simd_end(&save);
	}
	if (i < n)
		kh_highwayhash_digest_avx2(&st, key, data[i], len[i],
					   out + i * digestsize, digestsize,
					   min);
	return 0;
}

int kh_highwayhash_digest_many_avx2(const struct kh_highwayhash_key *key,
				    const u8 *const *data, const size_t *len,
				    size_t n, u8 *out, unsigned int digestsize,
				    const struct kh_simd_min *min)
{
	return highwayhash_many(key, data, len, n, out, digestsize, min, false);
}

#ifndef KH_NO_AS_AVX512
DEFINE_STATIC_KEY_FALSE_RO(kh_have_highwayhash_many_avx512);

int kh_highwayhash_digest_many_avx512(const struct kh_highwayhash_key *key,
				      const u8 *const *data, const size_t *len,
				      size_t n, u8 *out, unsigned int digestsize,
				      const struct kh_simd_min *min)
{
	return highwayhash_many(key, data, len, n, out, digestsize, min, true);
}
#endif
