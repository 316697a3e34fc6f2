// SPDX-License-Identifier: GPL-2.0
/*
 * hosttest-sthash: NHPoly1305 and STHash cores in userspace, beyond the
 * known-answer vectors that hosttest runs:
 *
 *  - the Poly1305 emit in both modes on accumulators built to hit the rare
 *    paths of the sthash crate's 0/1 select mask (residue x < 5, and the
 *    carries into bits 44 and 88), values from a model of the crate's
 *    arithmetic; and on random data, the crate emit against the standard
 *    value with the fix-up described at kh_poly1305_emit();
 *  - the intermediate values of NHPoly1305 (clamped r, NH sums, as
 *    Linux's crypto/nhpoly1305.c has them) and of STHash's key derivation
 *    (r and NH key words derived from seed 00..1f, as the sthash crate
 *    derives them);
 *  - setkey error semantics: nhpoly1305 only 1088 bytes, sthash seeds of
 *    16..KH_STHASH_MAX_SEED_SIZE bytes, malformed sthash-personalized blobs;
 *  - the reference digests of keys and a message built here (seeds of
 *    several lengths, personalizations), sthash and sthash-personalized;
 *  - every two-piece split of a 2100-byte message, with the request state
 *    copied at the split, equals the one-shot digest.
 */
#include <stdio.h>
#include "tests/host/ht_impl.h"
#include <keyedhash/nhpoly1305.h>
#include <keyedhash/sthash.h>
#include <keyedhash/internal/testvec.h>
#include "tests/keyedhash-testvecs.h"
#include "tests/host/hosttest.h"

static unsigned int passed, failed;

static void check(bool ok, const char *what, long a)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL: %s (%ld)\n", what, a);
}

static const struct kh_testvec *find_vec(const char *suite, unsigned int i)
{
	unsigned int s;

	for (s = 0; s < ARRAY_SIZE(kh_testvec_suites); s++)
		if (!strcmp(kh_testvec_suites[s].name, suite) &&
		    i < kh_testvec_suites[s].count)
			return &kh_testvec_suites[s].vecs[i];
	return NULL;
}

/* r from its limbs, as two 64-bit halves */
static void r_value(const struct kh_poly1305_key *k, u64 *lo, u64 *hi)
{
	*lo = k->r[0] | (k->r[1] << 44);
	*hi = (k->r[1] >> 20) | (k->r[2] << 24);
}

/* ------------------------------------------------------------ Poly1305 */

struct emit_case {
	const char *key, *block, *sthash, *standard;
};

/* One block each; the residues are 1..4, c0, c1, p - 1 and 5. */
static const struct emit_case emit_cases[] = {
	{ "2b902f8911e81818f8c99d5d5d983195", "a6f77b99317f0806f888c4f8d4efdd4c",
	  "fcffffffffffffffffffffffffffffff", "01000000000000000000000000000000" },
	{ "a4e6ed24ec636a8ac0a1271e58662792", "0688c0daf9918d74ec04e70037c30b4d",
	  "fdffffffffffffffffffffffffffffff", "02000000000000000000000000000000" },
	{ "38aaf84e58056d8f2fa8edd094ba97ae", "b40063dc6b7328ddaf9c9cbce98cf2d4",
	  "feffffffffffffffffffffffffffffff", "03000000000000000000000000000000" },
	{ "47d58fa3c55018300372555fd235f118", "4895471be8192beaf66b404c041afc26",
	  "ffffffffffffffffffffffffffffffff", "04000000000000000000000000000000" },
	{ "2147738606f2bf7ec70209e0cd05ee57", "9c72f7dddb571936629d59e0f50e2916",
	  "fcffffffff1fd2ceababc36c2e679b04", "fdffffffff0fd2ceababc36c2e679b04" },
	{ "d4f43a2afffcd3c12ef890575575e826", "3f7420adc1605dec32843ed882e0ac04",
	  "ffffffffffefffffffffffe3cbeaee7d", "feffffffffffffffffffffe2cbeaee7d" },
	{ "5e1302ca57501fe0ca9a7fd1ccc15150", "91343ebfd9ef2154633f745d5644f65f",
	  "fbffffffffffffffffffffffffffffff", "faffffffffffffffffffffffffffffff" },
	{ "d1729a11fe2008d737e8f517d69ed6f1", "e3e1cf5095223354e098cd83013864ac",
	  "04000000000000000000000000000000", "05000000000000000000000000000000" },
};

/* the crate's value from a standard one (x >= 5), see kh_poly1305_emit() */
static void fixup(const u8 std[16], u8 out[16])
{
	u64 lo = get_unaligned_le64(std), hi = get_unaligned_le64(std + 8);
	u64 c0 = (lo & 0xfffffffffffULL) >= 0xffffffffffbULL;
	u64 c1 = c0 && ((lo >> 44 | hi << 20) & 0xfffffffffffULL) ==
		 0xfffffffffffULL;

	lo ^= 1 ^ (c0 << 44);
	hi ^= c1 << 24;
	put_unaligned_le64(lo, out);
	put_unaligned_le64(hi, out + 8);
}

static u64 rng = 0x7374686173687465ULL;

static u64 rand64(void)
{
	return ht_xorshift64(&rng);
}

/*
 * Absorb @nblocks 16-byte blocks, each with 2^128 added: pairs with
 * kh_poly1305_pair(), a last odd one as h = (h + m) * r (which the module
 * never needs: NH feeds Poly1305 two blocks at a time).
 */
static void ht_poly1305_blocks(struct kh_poly1305_state *st,
			       const struct kh_poly1305_key *key,
			       const u8 *src, size_t nblocks)
{
	u64 h0, h1, h2, m0, m1, m2;

	for (; nblocks >= 2; nblocks -= 2, src += 2 * KH_POLY1305_BLOCK_SIZE)
		kh_poly1305_pair(st, key, get_unaligned_le64(src),
				 get_unaligned_le64(src + 8),
				 get_unaligned_le64(src + 16),
				 get_unaligned_le64(src + 24), KH_POLY1305_HIBIT);
	if (!nblocks)
		return;
	kh_poly1305_limbs(get_unaligned_le64(src), get_unaligned_le64(src + 8),
			  (u64)KH_POLY1305_HIBIT << 40, &m0, &m1, &m2);
	h0 = st->h[0] + m0;
	h1 = st->h[1] + m1;
	h2 = st->h[2] + m2;
	kh_poly1305_carry(kh_mul64(h0, key->r[0]) + kh_mul64(h1, key->s[1]) +
			  kh_mul64(h2, key->s[0]),
			  kh_mul64(h0, key->r[1]) + kh_mul64(h1, key->r[0]) +
			  kh_mul64(h2, key->s[1]),
			  kh_mul64(h0, key->r[2]) + kh_mul64(h1, key->r[1]) +
			  kh_mul64(h2, key->r[0]),
			  &st->h[0], &st->h[1], &st->h[2]);
}

static void test_poly1305(void)
{
	struct kh_poly1305_key key;
	struct kh_poly1305_state st;
	u8 raw[16], blk[64], out[16], want[16], std[16];
	unsigned int i, j, n;

	for (i = 0; i < ARRAY_SIZE(emit_cases); i++) {
		ht_unhex(emit_cases[i].key, raw, 16);
		ht_unhex(emit_cases[i].block, blk, 16);
		kh_poly1305_setkey(&key, raw);
		kh_poly1305_init(&st);
		ht_poly1305_blocks(&st, &key, blk, 1);
		kh_poly1305_emit(&st, out, KH_POLY1305_EMIT_STHASH);
		ht_unhex(emit_cases[i].sthash, want, 16);
		check(!memcmp(out, want, 16), "poly1305 sthash emit, case", i);
		kh_poly1305_emit(&st, out, KH_POLY1305_EMIT_STANDARD);
		ht_unhex(emit_cases[i].standard, want, 16);
		check(!memcmp(out, want, 16), "poly1305 standard emit, case", i);
	}

	/* the empty input: 0 standard, 01 00 .. 00 for the crate */
	kh_poly1305_init(&st);
	kh_poly1305_emit(&st, out, KH_POLY1305_EMIT_STHASH);
	memset(want, 0, 16);
	want[0] = 1;
	check(!memcmp(out, want, 16), "poly1305 sthash emit of nothing", 0);
	kh_poly1305_emit(&st, out, KH_POLY1305_EMIT_STANDARD);
	want[0] = 0;
	check(!memcmp(out, want, 16), "poly1305 standard emit of nothing", 0);

	for (i = 0; i < 2000; i++) {
		for (j = 0; j < 16; j++)
			raw[j] = rand64();
		n = 1 + i % 4;
		for (j = 0; j < 16 * n; j++)
			blk[j] = rand64();
		/* sometimes all-ones blocks, for carries */
		if (i % 7 == 0)
			memset(blk, 0xff, 16 * n);
		kh_poly1305_setkey(&key, raw);
		kh_poly1305_init(&st);
		ht_poly1305_blocks(&st, &key, blk, n);
		kh_poly1305_emit(&st, std, KH_POLY1305_EMIT_STANDARD);
		kh_poly1305_emit(&st, out, KH_POLY1305_EMIT_STHASH);
		fixup(std, want);
		if (memcmp(out, want, 16)) {
			check(false, "poly1305 sthash emit = fix-up(standard)", i);
			return;
		}
	}
	check(true, "", 0);
}

/* ----------------------------------------------------- intermediates */

static void test_nhpoly1305_intermediates(void)
{
	static const u64 sums[2][4] = {
		{ 0x0fefaea8cd65e6eaULL, 0x2ffe4b987b69f92dULL,
		  0xb1422dbdf18b9a73ULL, 0x8d843c4e7899242bULL },
		{ 0xf4a944fa16e3d0e2ULL, 0x92dbabe95dcac445ULL,
		  0xc1741a8851744a0aULL, 0x109a982d90ff9ab7ULL },
	};
	static const u64 r[2][2] = {
		{ 0x0e0713c80b432129ULL, 0x0e84a27c0adf48bcULL },
		{ 0x0f3476600c1e772eULL, 0x06743de00a4f0870ULL },
	};
	static struct kh_nhpoly1305_key key;
	unsigned int v;

	for (v = 0; v < 2; v++) {
		const struct kh_testvec *tv = find_vec("nhpoly1305", v + 1);
		u8 msg[32] = { 0 };
		u64 h[4], lo, hi;

		if (!tv || tv->keylen != KH_NHPOLY1305_KEY_SIZE || tv->msglen > 32) {
			check(false, "nhpoly1305 vectors 1 and 2 present", v);
			return;
		}
		kh_nhpoly1305_setkey_raw(&key, tv->key);
		r_value(&key.poly, &lo, &hi);
		check(lo == r[v][0] && hi == r[v][1], "nhpoly1305 clamped r", v);
		kh_testvec_msg(tv, 0, msg, tv->msglen);
		kh_nh_generic(key.nh_key, msg, (tv->msglen + 15) & ~15U, h);
		check(!memcmp(h, sums[v], sizeof(h)), "nhpoly1305 NH sums", v);
	}
}

static void test_sthash_intermediates(void)
{
	/* the first four NH key words, w0 w1 w2 w3, stored w0 w2 w1 w3 */
	static const u32 w[4] = {
		0x7620b70b, 0x82a1565b, 0xcd7a0db8, 0x07abd966,
	};
	static struct kh_sthash_key key;
	const struct ht_impl *impl = ht_generic_impl("sthash");
	u8 seed[32];
	u64 lo, hi;
	unsigned int i;

	for (i = 0; i < 32; i++)
		seed[i] = i;
	check(impl && impl->alg->setkey(&key, seed, 32) == 0,
	      "sthash setkey", 0);
	r_value(&key.nhp.poly, &lo, &hi);
	check(lo == 0x0b9f827c09ea778eULL && hi == 0x02ddd1b807606750ULL,
	      "sthash clamped r", 0);
	check(!memcmp(key.nhp.nh_key, w, sizeof(w)), "sthash NH key words", 0);
	check(key.kmac.pos == 0, "sthash KMAC state at a block start", 0);
}

/* ------------------------------------------------------------ setkey */

static int try_setkey(const char *name, const u8 *k, unsigned int len)
{
	static u8 ctx[8192];
	const struct ht_impl *impl = ht_generic_impl(name);

	if (!impl || impl->alg->ctxsize > sizeof(ctx))
		return -ENOENT;
	return impl->alg->setkey(ctx, k, len);
}

/* blob: le16 seed_len | seed | le16 c1_len | c1 | le16 c2_len | c2 */
static unsigned int blob(u8 *out, unsigned int s, unsigned int c1,
			 unsigned int c2)
{
	unsigned int n = 0, lens[3] = { s, c1, c2 }, i, j;

	for (i = 0; i < 3; i++) {
		put_unaligned_le16(lens[i], out + n);
		n += 2;
		for (j = 0; j < lens[i]; j++)
			out[n++] = i * 64 + j;
	}
	return n;
}

static void test_setkey(void)
{
	static u8 k[KH_STHASH_PERSONALIZED_MAX_KEY_SIZE + 64];
	static const unsigned int nhp_bad[] = {
		0, 1, 16, 1072, 1087, 1089, 2176,
	};
	static const unsigned int st_bad[] = {
		0, 1, 15, KH_STHASH_MAX_SEED_SIZE + 1, 65536,
	};
	static const unsigned int st_good[] = {
		16, 17, 32, 33, 64, 200, KH_STHASH_MAX_SEED_SIZE,
	};
	unsigned int i, n;

	memset(k, 0x5a, sizeof(k));
	for (i = 0; i < ARRAY_SIZE(nhp_bad); i++)
		check(try_setkey("nhpoly1305", k, nhp_bad[i]) == -EINVAL,
		      "nhpoly1305 rejects key length", nhp_bad[i]);
	check(try_setkey("nhpoly1305", k, KH_NHPOLY1305_KEY_SIZE) == 0,
	      "nhpoly1305 accepts 1088 bytes", 0);
	for (i = 0; i < ARRAY_SIZE(st_bad); i++)
		check(try_setkey("sthash", k, st_bad[i]) == -EINVAL,
		      "sthash rejects seed length", st_bad[i]);
	for (i = 0; i < ARRAY_SIZE(st_good); i++)
		check(try_setkey("sthash", k, st_good[i]) == 0,
		      "sthash accepts seed length", st_good[i]);

	/* well-formed blobs */
	n = blob(k, 16, 0, 0);
	check(try_setkey("sthash-personalized", k, n) == 0,
	      "personalized: 16-byte seed", n);
	n = blob(k, 32, 8382, 0);
	check(try_setkey("sthash-personalized", k, n) == 0,
	      "personalized: 8382-byte key personalization", n);
	n = blob(k, KH_STHASH_MAX_SEED_SIZE, 6000, KH_STHASH_PERSONALIZED_MAX_KEY_SIZE -
		 6 - KH_STHASH_MAX_SEED_SIZE - 6000);
	check(n == KH_STHASH_PERSONALIZED_MAX_KEY_SIZE &&
	      try_setkey("sthash-personalized", k, n) == 0,
	      "personalized: blob of the maximum size", n);

	/* malformed ones */
	for (i = 0; i < 6; i++)
		check(try_setkey("sthash-personalized", k, i) == -EINVAL,
		      "personalized: blob too short", i);
	n = blob(k, 15, 0, 0);
	check(try_setkey("sthash-personalized", k, n) == -EINVAL,
	      "personalized: 15-byte seed", n);
	n = blob(k, KH_STHASH_MAX_SEED_SIZE + 1, 0, 0);
	check(try_setkey("sthash-personalized", k, n) == -EINVAL,
	      "personalized: seed too long", n);
	n = blob(k, 32, 3, 4);
	check(try_setkey("sthash-personalized", k, n - 1) == -EINVAL,
	      "personalized: blob one byte short", n);
	k[n] = 0;
	check(try_setkey("sthash-personalized", k, n + 1) == -EINVAL,
	      "personalized: trailing byte", n);
	put_unaligned_le16(33, k);
	check(try_setkey("sthash-personalized", k, n) == -EINVAL,
	      "personalized: seed length off by one", n);
	n = blob(k, KH_STHASH_MAX_SEED_SIZE, 6000, KH_STHASH_PERSONALIZED_MAX_KEY_SIZE -
		 5 - KH_STHASH_MAX_SEED_SIZE - 6000);
	check(try_setkey("sthash-personalized", k, n) == -EINVAL,
	      "personalized: blob over the maximum size", n);
}

/* ------------------------------------------------------------ hashing */

static int hash(const struct ht_impl *impl, const u8 *key, unsigned int kl,
		const u8 *msg, unsigned int len, unsigned int split, u8 *out)
{
	static u8 ctx[8192], st[256], st2[256];
	const struct ht_ops *alg = impl->alg;
	int err;

	if (alg->ctxsize > sizeof(ctx) || alg->statesize > sizeof(st))
		return -ENOMEM;
	err = alg->setkey(ctx, key, kl);
	if (err)
		return err;
	alg->init(ctx, st);
	err = alg->update(impl, ctx, st, msg, split);
	memcpy(st2, st, alg->statesize);
	memset(st, 0xa5, alg->statesize);
	err |= alg->update(impl, ctx, st2, msg + split, len - split);
	err |= alg->final(impl, ctx, st2, out);
	return err;
}

static void test_splits(const char *name, const u8 *key, unsigned int kl)
{
	static u8 msg[2100];
	const struct ht_impl *impl = ht_generic_impl(name);
	u8 one[32], two[32];
	unsigned int i;
	int err;

	for (i = 0; i < sizeof(msg); i++)
		msg[i] = rand64();
	err = impl ? hash(impl, key, kl, msg, sizeof(msg), 0, one) : -ENOENT;
	check(!err, name, err);
	for (i = 1; !err && i <= sizeof(msg); i++) {
		err = hash(impl, key, kl, msg, sizeof(msg), i, two);
		if (err || memcmp(one, two, impl->digestsize)) {
			check(false, "split", i);
			return;
		}
	}
	check(true, "", 0);
}

/*
 * Digests of keys and a message built here, compared with the reference's
 * (the Rust crate's, tests/vectors/sthash.txt through the generated tables):
 * the message is msg[i] = (31 * i + 7) mod 256, the keys are seeds 00 01 ..
 * of several lengths and personalizations ("test", "ctx", and the files'
 * (i mod 256) xor 0x5a / 0xa5 runs).  Each case must find its records by
 * the blob built here, every such record must hash this message, and
 * sthash-personalized (and sthash, without personalizations) must give the
 * recorded digest, hashed in two pieces.
 */
struct ref_case {
	unsigned int seed_len;
	const char *c1, *c2;	/* text, or NULL */
	unsigned int c1_len, c2_len;	/* (i mod 256) ^ xor, when no text */
	u8 c1_xor, c2_xor;
};

#define REF_SEED(n)	{ .seed_len = (n) }
#define REF_TEXT(t1, t2) { .seed_len = 32, .c1 = (t1), .c2 = (t2) }
#define REF_RUN1(n)	{ .seed_len = 32, .c1_len = (n), .c1_xor = 0x5a }
#define REF_RUN2(n)	{ .seed_len = 32, .c2_len = (n), .c2_xor = 0xa5 }

static const struct ref_case ref_cases[] = {
	REF_SEED(32), REF_SEED(16), REF_SEED(17), REF_SEED(33), REF_SEED(64),
	REF_SEED(200), REF_TEXT("test", NULL), REF_TEXT(NULL, "ctx"),
	REF_TEXT("test", "ctx"), REF_RUN1(150), REF_RUN1(151), REF_RUN1(152),
	REF_RUN1(319), REF_RUN1(8382), REF_RUN2(156), REF_RUN2(157),
	REF_RUN2(158), REF_RUN2(325),
};

#define REF_MSG_MAX	(1048576 + 13)

/* One blob part: le16 length, then a text or the xor run. */
static unsigned int ref_part(u8 *out, const char *text, unsigned int len,
			     u8 xor)
{
	unsigned int i;

	if (text)
		len = strlen(text);
	put_unaligned_le16(len, out);
	for (i = 0; i < len; i++)
		out[2 + i] = text ? text[i] : (u8)i ^ xor;
	return 2 + len;
}

static unsigned int ref_blob(u8 *out, const struct ref_case *rc)
{
	unsigned int n = ref_part(out, NULL, rc->seed_len, 0);

	n += ref_part(out + n, rc->c1, rc->c1_len, rc->c1_xor);
	return n + ref_part(out + n, rc->c2, rc->c2_len, rc->c2_xor);
}

/* Does @tv hash msg[0 .. msglen)? */
static bool ref_same_msg(const struct kh_testvec *tv, const u8 *msg)
{
	u8 buf[4096];
	u32 pos, n;

	for (pos = 0; pos < tv->msglen; pos += n) {
		n = min_t(u32, sizeof(buf), tv->msglen - pos);
		kh_testvec_msg(tv, pos, buf, n);
		if (memcmp(buf, msg + pos, n))
			return false;
	}
	return true;
}

static void test_reference_digests(void)
{
	static u8 msg[REF_MSG_MAX], k[KH_STHASH_PERSONALIZED_MAX_KEY_SIZE];
	const struct ht_impl *p = ht_generic_impl("sthash-personalized");
	const struct ht_impl *s = ht_generic_impl("sthash");
	const struct kh_testvec *tv;
	unsigned int c, i, n, found;
	u8 d[32];
	int err;

	for (i = 0; i < sizeof(msg); i++)
		msg[i] = 31 * i + 7;
	for (c = 0; c < ARRAY_SIZE(ref_cases); c++) {
		const struct ref_case *rc = &ref_cases[c];
		bool plain = !rc->c1 && !rc->c2 && !rc->c1_len && !rc->c2_len;

		n = ref_blob(k, rc);
		found = 0;
		for (i = 0; (tv = find_vec("sthash-personalized", i)); i++) {
			if (tv->keylen != n || memcmp(tv->key, k, n))
				continue;
			found++;
			if (tv->msglen > sizeof(msg) || !ref_same_msg(tv, msg)) {
				check(false, "reference record hashes another message",
				      i);
				continue;
			}
			err = hash(p, k, n, msg, tv->msglen, tv->msglen / 2, d);
			check(!err && !memcmp(d, tv->digest, 32),
			      "sthash-personalized = reference digest, record", i);
			if (!plain)
				continue;
			err = hash(s, k + 2, rc->seed_len, msg, tv->msglen,
				   tv->msglen / 3, d);
			check(!err && !memcmp(d, tv->digest, 32),
			      "sthash = reference digest, record", i);
		}
		/* a key the tables lack would otherwise check nothing */
		check(found, "reference records for case", c);
	}
}

int main(void)
{
	u8 key[KH_NHPOLY1305_KEY_SIZE];
	unsigned int i;

	check(sizeof(struct kh_nhpoly1305_state) == 80, "state is 80 bytes",
	      sizeof(struct kh_nhpoly1305_state));
	test_poly1305();
	test_nhpoly1305_intermediates();
	test_sthash_intermediates();
	test_setkey();
	test_reference_digests();
	for (i = 0; i < sizeof(key); i++)
		key[i] = rand64();
	test_splits("nhpoly1305", key, KH_NHPOLY1305_KEY_SIZE);
	test_splits("sthash", key, 32);
	i = blob(key, 32, 5, 7);
	test_splits("sthash-personalized", key, i);
	printf("hosttest-sthash: %u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
