// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for libkeyedhash (public API only), differential against
 * code keyedhash did not write: the Rust crates `highway` (PortableHash,
 * streamed), `sthash` and `multimixer-128` (tests/libkeyedhash/fuzz-refs/) and
 * Linux 6.1's nhpoly1305-generic (tests/libkeyedhash/fuzz-linux.c).  From the
 * input: an algorithm, a key (valid or not, of many sizes), a message of up
 * to 1 MiB whose bytes a PRNG expands from a seed in the input (so a short
 * input reaches any length), and the pieces it is streamed in.  For every
 * driver of the algorithm this CPU runs, each must hold:
 *
 *   - the key is accepted exactly when the algorithm's rule says so;
 *   - the one-shot digest equals the reference's (which streams too, in
 *     the same pieces, where the reference can);
 *   - streamed in the pieces, with a copy (keyedhash_state_dup) taken at
 *     one cut and finished separately, the same;
 *   - the API's edges, with the documented errors: an output buffer one
 *     byte short (KEYEDHASH_EINVAL, state unchanged), update and final
 *     after final (KEYEDHASH_ESTATE), a finished state copied
 *     (still finished), reset then the same message again, keyedhash_state_copy
 *     into a used state and across keys (KEYEDHASH_EINVAL), a
 *     Multimixer-128 message longer than its key (KEYEDHASH_EMSG, then
 *     KEYEDHASH_ESTATE).
 *
 * Any difference aborts (the fuzzer's failure) with what differed.
 *
 * Input: [0] algorithm, [1] flags (bits 0-1 key mode, 3: a key not meant
 * to be valid; bit 2 a long message, to 1 MiB; bits 4-5 message bytes:
 * random, zeros, 0xff; bit 6 the API's edges), [2..4] length (le24),
 * [5..6] key parameter (le16), [7..10] PRNG seed (le32), then one byte
 * per piece (below 128: that many bytes; below 192: 64 times as many;
 * else that many 16 KiB).
 *
 * Built without libFuzzer (-DKH_FUZZ_MAIN), the same checks run as a plain
 * program over files and N generated inputs, recording the references'
 * answers (-r FILE) or replaying recorded ones (-p FILE) instead of
 * calling them: so the arm64 build runs under qemu-aarch64 against
 * references computed on the host (tests/libkeyedhash/run.sh fuzz-arm64).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <keyedhash.h>

#define KH_FUZZ_MAXLEN	(1u << 20)
#define KH_MM_MAXKEY	65536
#define KH_MAXKEY	70000
#define KH_MAXCUTS	64

int khref_highwayhash(uint32_t bits, const uint8_t *key, const uint8_t *msg,
		      size_t len, const size_t *cuts, size_t ncuts, uint8_t *out);
int khref_sthash(const uint8_t *seed, size_t seed_len, const uint8_t *c1,
		 size_t c1_len, const uint8_t *c2, size_t c2_len,
		 const uint8_t *msg, size_t len, uint8_t *out);
int khref_multimixer128(const uint8_t *key, const uint8_t *msg, size_t len,
			uint8_t *out);
int khref_nhpoly1305(const uint8_t *key, size_t keylen, const uint8_t *msg,
		     size_t len, const size_t *cuts, size_t ncuts, uint8_t *out);

static uint8_t kh_msg[KH_FUZZ_MAXLEN + 64], kh_key[KH_MAXKEY];
static const char *kh_alg;
static size_t kh_keylen, kh_len;

static void kh_fail(const char *what, const char *drv)
{
	fprintf(stderr, "fuzz: %s: %s (algorithm %s), key %zu bytes, message %zu bytes\n",
		what, drv, kh_alg, kh_keylen, kh_len);
	abort();
}

static uint64_t kh_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void kh_expand(uint8_t *p, size_t n, uint64_t seed)
{
	uint64_t s = seed, x = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!(i & 7))
			x = kh_next(&s);
		p[i] = (uint8_t)(x >> (8 * (i & 7)));
	}
}

/* ------------------------------------------------- references, or replay */

#ifdef KH_FUZZ_NO_REFS
/* a replaying build (arm64): the answers come from the replay file only */
static void kh_fail(const char *what, const char *drv);
int khref_highwayhash(uint32_t bits, const uint8_t *key, const uint8_t *msg,
		      size_t len, const size_t *cuts, size_t ncuts, uint8_t *out)
{
	kh_fail("no reference in this build: replay a recording (-p)", "-");
	return -1;
}
int khref_sthash(const uint8_t *seed, size_t seed_len, const uint8_t *c1,
		 size_t c1_len, const uint8_t *c2, size_t c2_len,
		 const uint8_t *msg, size_t len, uint8_t *out)
{
	return khref_highwayhash(0, NULL, NULL, 0, NULL, 0, NULL);
}
int khref_multimixer128(const uint8_t *key, const uint8_t *msg, size_t len,
			uint8_t *out)
{
	return khref_highwayhash(0, NULL, NULL, 0, NULL, 0, NULL);
}
int khref_nhpoly1305(const uint8_t *key, size_t keylen, const uint8_t *msg,
		     size_t len, const size_t *cuts, size_t ncuts, uint8_t *out)
{
	return khref_highwayhash(0, NULL, NULL, 0, NULL, 0, NULL);
}
#endif

struct kh_ref {
	int err;		/* 0, or -1: the reference refuses */
	uint8_t d[KEYEDHASH_MAX_DIGEST];
};

#ifdef KH_FUZZ_MAIN
static FILE *kh_rec, *kh_play;
#endif

/*
 * The reference's answer for the current input: computed by @fn(...),
 * or (plain program) read from the replay file, or computed and recorded.
 */
static void kh_ref_done(struct kh_ref *r, unsigned int ds)
{
#ifdef KH_FUZZ_MAIN
	if (kh_rec) {
		unsigned int i;

		fprintf(kh_rec, "%d ", r->err);
		for (i = 0; i < ds; i++)
			fprintf(kh_rec, "%02x", r->d[i]);
		fprintf(kh_rec, "\n");
	}
#else
	(void)r;
	(void)ds;
#endif
}

static int kh_ref_replay(struct kh_ref *r, unsigned int ds)
{
#ifdef KH_FUZZ_MAIN
	unsigned int i, b;

	if (!kh_play)
		return 0;
	if (fscanf(kh_play, "%d ", &r->err) != 1)
		kh_fail("the replay file ends early", "-");
	for (i = 0; i < ds; i++) {
		if (fscanf(kh_play, "%2x", &b) != 1)
			kh_fail("the replay file is malformed", "-");
		r->d[i] = (uint8_t)b;
	}
	return 1;
#else
	(void)r;
	(void)ds;
	return 0;
#endif
}

/* ------------------------------------------------------------ the target */

/* the rule the drivers must follow, and the reference's digest */
struct kh_case {
	int key_ok;		/* the key must be accepted */
	int msg_ok;		/* the message must be accepted (else EMSG) */
	int have_ref;
	struct kh_ref ref;
	size_t cuts[KH_MAXCUTS];
	size_t ncuts;
	unsigned int copy_at;	/* the state copy is taken after this many cuts */
};

/* sthash-personalized's blob, parsed by its public format */
static int kh_blob(const uint8_t *b, size_t n, const uint8_t *part[3], size_t len[3])
{
	size_t off = 0;
	int i;

	if (n > 16384)
		return 0;
	for (i = 0; i < 3; i++) {
		if (n - off < 2)
			return 0;
		len[i] = b[off] | (size_t)b[off + 1] << 8;
		off += 2;
		if (n - off < len[i])
			return 0;
		part[i] = b + off;
		off += len[i];
	}
	return off == n && len[0] >= 16 && len[0] <= 4096;
}

/* Key and message from the header; the rule and the reference. */
static void kh_setup(struct kh_case *c, const uint8_t *in, size_t size)
{
	unsigned int flags = in[1], kmode = flags & 3;
	uint32_t lv = in[2] | in[3] << 8 | (uint32_t)in[4] << 16;
	unsigned int kp = in[5] | in[6] << 8;
	uint64_t seed = in[7] | in[8] << 8 | (uint64_t)in[9] << 16 | (uint64_t)in[10] << 24;
	unsigned int ds = (unsigned int)keyedhash_digest_size(kh_alg), i;
	const uint8_t *pin = in + 11;
	size_t pn = size - 11, total = 0;

	kh_len = flags & 4 ? lv % (KH_FUZZ_MAXLEN + 1) : lv % 4200;
	c->key_ok = 1;
	c->msg_ok = 1;
	kh_expand(kh_key, sizeof(kh_key), seed ^ 0x6b6579ull);
	if (!strncmp(kh_alg, "highwayhash", 11)) {
		kh_keylen = kmode == 3 ? kp % 100 : 32;
		c->key_ok = kh_keylen == 32;
	} else if (!strcmp(kh_alg, "sthash")) {
		kh_keylen = kmode == 3 ? kp % 5000 : 16 + kp % 4081;
		c->key_ok = kh_keylen >= 16 && kh_keylen <= 4096;
	} else if (!strcmp(kh_alg, "sthash-personalized")) {
		size_t s = 16 + kp % 300, c1 = (kp >> 9) % 70, c2 = kh_key[0] % 70;

		if (kmode == 2)
			s = 16 + kp % 4081;
		kh_keylen = 6 + s + c1 + c2;
		kh_key[0] = s & 0xff;
		kh_key[1] = s >> 8;
		kh_key[2 + s] = c1 & 0xff;
		kh_key[3 + s] = c1 >> 8;
		kh_key[4 + s + c1] = c2 & 0xff;
		kh_key[5 + s + c1] = c2 >> 8;
		if (kmode == 3) {
			/* a damaged blob: a length field, or the total, off */
			if (kp & 1)
				kh_keylen = kh_keylen - 1 - kp % 8;
			else
				kh_key[(kp >> 1) % 3 == 0 ? 0 : (kp >> 1) % 3 == 1 ? 2 + s : 4 + s + c1] ^=
					(uint8_t)(1 + (kp >> 3) % 255);
		}
		{
			const uint8_t *part[3];
			size_t l[3];

			c->key_ok = kh_blob(kh_key, kh_keylen, part, l);
		}
	} else if (!strcmp(kh_alg, "multimixer128")) {
		/* whole blocks, at most 64 KiB (the longest key) */
		size_t blocks = flags & 4 ? 1 + lv % 2048 : 1 + lv % 131;

		kh_len = 32 * blocks;
		if (kmode == 3) {
			kh_keylen = kp % (KH_MM_MAXKEY + 100);
			if (kp & 0x8000)
				kh_keylen &= ~(size_t)31;
		} else {
			kh_keylen = kmode == 2 ? kh_len + 32 * (kp % 64) : kh_len;
			if (kh_keylen > KH_MM_MAXKEY)
				kh_keylen = KH_MM_MAXKEY;
		}
		c->key_ok = kh_keylen >= 32 && kh_keylen <= KH_MM_MAXKEY && !(kh_keylen % 32);
		if (flags & 0x80)
			kh_len = kh_len ? kh_len - 1 - kp % 31 : 0;	/* not whole blocks */
		c->msg_ok = kh_len && !(kh_len % 32) && kh_len <= kh_keylen;
	} else if (!strcmp(kh_alg, "nhpoly1305")) {
		kh_keylen = kmode == 3 ? kp % 2000 : 1088;
		c->key_ok = kh_keylen == 1088;
	} else {
		kh_fail("no recipe for this algorithm (tests/libkeyedhash/fuzz.c)", kh_alg);
	}
	switch ((flags >> 4) & 3) {
	case 1:
		memset(kh_msg, 0, kh_len);
		break;
	case 2:
		memset(kh_msg, 0xff, kh_len);
		break;
	default:
		kh_expand(kh_msg, kh_len, seed);
	}
	/* the pieces */
	c->ncuts = 0;
	for (i = 0; i < pn && c->ncuts < KH_MAXCUTS && total < kh_len; i++) {
		size_t n = pin[i] < 128 ? pin[i] : pin[i] < 192 ? (size_t)(pin[i] - 128) * 64 :
			   (size_t)(pin[i] - 191) << 14;

		c->cuts[c->ncuts++] = n;
		total += n;
	}
	c->copy_at = c->ncuts ? (unsigned int)(seed >> 32 ^ seed) % (c->ncuts + 1) : 0;

	/* the reference */
	c->have_ref = 0;
	if (!c->key_ok || !c->msg_ok)
		return;
	c->have_ref = 1;
	if (kh_ref_replay(&c->ref, ds))
		goto check;
	c->ref.err = 0;
	if (!strncmp(kh_alg, "highwayhash", 11)) {
		c->ref.err = khref_highwayhash(ds * 8, kh_key, kh_msg, kh_len,
					       c->cuts, c->ncuts, c->ref.d);
	} else if (!strcmp(kh_alg, "sthash")) {
		c->ref.err = khref_sthash(kh_key, kh_keylen, NULL, 0, NULL, 0,
					  kh_msg, kh_len, c->ref.d);
	} else if (!strcmp(kh_alg, "sthash-personalized")) {
		const uint8_t *part[3];
		size_t l[3];

		kh_blob(kh_key, kh_keylen, part, l);
		c->ref.err = khref_sthash(part[0], l[0], part[1], l[1], part[2], l[2],
					  kh_msg, kh_len, c->ref.d);
	} else if (!strcmp(kh_alg, "multimixer128")) {
		c->ref.err = khref_multimixer128(kh_key, kh_msg, kh_len, c->ref.d);
	} else {
		c->ref.err = khref_nhpoly1305(kh_key, kh_keylen, kh_msg, kh_len,
					      c->cuts, c->ncuts, c->ref.d);
	}
	kh_ref_done(&c->ref, ds);
check:
	if (c->ref.err)
		kh_fail("the reference refused what keyedhash must accept", kh_alg);
}

static int kh_same(const uint8_t *a, const struct kh_case *c, size_t ds)
{
	return !c->have_ref || !memcmp(a, c->ref.d, ds);
}

/* the API's edges on a key of driver @drv */
static void kh_edges(keyedhash_key *k, const char *drv, const struct kh_case *c)
{
	uint8_t out[KEYEDHASH_MAX_DIGEST];
	size_t ds = keyedhash_key_digest_size(k);
	keyedhash_state *s, *t, *o;
	keyedhash_key *k2;
	int want = c->msg_ok ? 0 : KEYEDHASH_EMSG, e;

	if (keyedhash_digest(k, kh_msg, kh_len, out, ds - 1) != KEYEDHASH_EINVAL)
		kh_fail("one-shot into a short buffer: not KEYEDHASH_EINVAL", drv);
	if (keyedhash_state_new(&s, k) || keyedhash_state_new(&t, k))
		abort();
	/* t: a used state, overwritten by a copy of s */
	if (keyedhash_update(t, kh_msg, kh_len / 2 < 100 ? kh_len / 2 : 100) &&
	    c->msg_ok)
		kh_fail("update failed", drv);
	/* a refused message: update or else final says so */
	e = keyedhash_update(s, kh_msg, kh_len);
	if (e != want && !(e == 0 && !c->msg_ok))
		kh_fail("update: not the expected result", drv);
	if (keyedhash_state_copy(t, s))
		kh_fail("state_copy into a used state failed", drv);
	if (keyedhash_final(s, out, ds - 1) != KEYEDHASH_EINVAL)
		kh_fail("final into a short buffer: not KEYEDHASH_EINVAL", drv);
	if (c->msg_ok) {
		if (keyedhash_final(s, out, ds) || !kh_same(out, c, ds))
			kh_fail("final after a refused short buffer differs", drv);
		if (keyedhash_final(t, out, sizeof(out)) || !kh_same(out, c, ds))
			kh_fail("a copied state differs", drv);
	} else if (keyedhash_final(s, out, ds) != (e ? KEYEDHASH_ESTATE : KEYEDHASH_EMSG)) {
		kh_fail("final after a refused message: not KEYEDHASH_ESTATE/EMSG", drv);
	}
	/* s is finished (or failed) now */
	if (keyedhash_update(s, kh_msg, 1) != KEYEDHASH_ESTATE ||
	    keyedhash_final(s, out, ds) != KEYEDHASH_ESTATE)
		kh_fail("update or final after final: not KEYEDHASH_ESTATE", drv);
	if (keyedhash_state_dup(&o, s))
		abort();
	if (keyedhash_final(o, out, ds) != KEYEDHASH_ESTATE)
		kh_fail("a copy of a finished state is not finished", drv);
	keyedhash_state_free(o);
	/* reset: the same message again, in two pieces */
	if (keyedhash_reset(s))
		kh_fail("reset failed", drv);
	if (c->msg_ok) {
		if (keyedhash_update(s, kh_msg, kh_len / 3) ||
		    keyedhash_update(s, kh_msg + kh_len / 3, kh_len - kh_len / 3) ||
		    keyedhash_final(s, out, ds) || !kh_same(out, c, ds))
			kh_fail("after reset the digest differs", drv);
	}
	/* a state of another key (of the same driver) is not ours to copy */
	if (!keyedhash_key_new(&k2, drv, kh_key, kh_keylen)) {
		keyedhash_state *u;

		if (keyedhash_state_new(&u, k2))
			abort();
		if (keyedhash_state_copy(u, s) != KEYEDHASH_EINVAL)
			kh_fail("state_copy across keys: not KEYEDHASH_EINVAL", drv);
		keyedhash_state_free(u);
		keyedhash_key_free(k2);
	}
	keyedhash_state_free(s);
	keyedhash_state_free(t);
}

static unsigned long kh_checked;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct kh_case c;
	uint8_t out[KEYEDHASH_MAX_DIGEST];
	unsigned int nalg = 0, d;
	const char *drv;

	if (size < 11)
		return 0;
	while (keyedhash_algorithm(nalg))
		nalg++;
	kh_alg = keyedhash_algorithm(data[0] % nalg);
	kh_setup(&c, data, size);

	for (d = 0; (drv = keyedhash_driver_name(d)); d++) {
		size_t al = strlen(kh_alg), ds, pos = 0;
		keyedhash_key *k;
		keyedhash_state *s, *cp = NULL;
		unsigned int i;
		int err, cp_failed = 0, want = c.msg_ok ? 0 : KEYEDHASH_EMSG;

		if (!keyedhash_driver_usable(drv) || strncmp(drv, kh_alg, al) ||
		    drv[al] != '-' || !strncmp(drv + al, "-personalized", 13))
			continue;
		err = keyedhash_key_new(&k, drv, kh_key, kh_keylen);
		if (err != (c.key_ok ? 0 : KEYEDHASH_EKEY))
			kh_fail(c.key_ok ? "a valid key refused" : "an invalid key accepted", drv);
		if (err)
			continue;
		ds = keyedhash_key_digest_size(k);
		err = keyedhash_digest(k, kh_msg, kh_len, out, sizeof(out));
		if (err != want || (!err && !kh_same(out, &c, ds)))
			kh_fail(err != want ? "one-shot: not the expected result" :
				"one-shot differs from the reference", drv);
		/* streamed in the pieces, a copy taken after copy_at of them */
		if (keyedhash_state_new(&s, k))
			abort();
		err = 0;
		for (i = 0; i <= c.ncuts; i++) {
			size_t n = i < c.ncuts ? c.cuts[i] : kh_len - pos;

			if (n > kh_len - pos)
				n = kh_len - pos;
			if (i == c.copy_at) {
				if (keyedhash_state_dup(&cp, s))
					abort();
				cp_failed = err;	/* a copy of a failed state */
			}
			if (!err)
				err = keyedhash_update(s, kh_msg + pos, n);
			pos += n;
		}
		if (!err)
			err = keyedhash_final(s, out, sizeof(out));
		if (err != want || (!err && !kh_same(out, &c, ds)))
			kh_fail(err != want ? "streamed: not the expected result" :
				"streamed differs from the reference", drv);
		if (cp) {
			size_t at = 0;

			for (i = 0; i < c.copy_at; i++)
				at += c.cuts[i] < kh_len - at ? c.cuts[i] : kh_len - at;
			err = keyedhash_update(cp, kh_msg + at, kh_len - at);
			if (!err)
				err = keyedhash_final(cp, out, sizeof(out));
			if (err != (cp_failed ? KEYEDHASH_ESTATE : want) ||
			    (!err && !kh_same(out, &c, ds)))
				kh_fail("a state copied mid-message differs", drv);
			keyedhash_state_free(cp);
		}
		keyedhash_state_free(s);
		if (data[1] & 0x40)
			kh_edges(k, drv, &c);
		keyedhash_key_free(k);
		kh_checked++;
	}
	return 0;
}

#ifdef KH_FUZZ_MAIN
/*
 * The plain program: kh-fuzz-replay [-r FILE | -p FILE] [-n N] [-s SEED]
 * [INPUT...]: the inputs given (files), then N generated ones (64 bytes
 * each from the seed; a quarter long messages).
 */
#include <unistd.h>

int main(int argc, char **argv)
{
	static uint8_t buf[4096];
	unsigned long n = 0, i, inputs = 0;
	uint64_t seed = 1;
	int opt;

	while ((opt = getopt(argc, argv, "r:p:n:s:")) != -1) {
		if (opt == 'r' && !(kh_rec = fopen(optarg, "w")))
			return 2;
		if (opt == 'p' && !(kh_play = fopen(optarg, "r")))
			return 2;
		if (opt == 'n')
			n = strtoul(optarg, NULL, 0);
		if (opt == 's')
			seed = strtoull(optarg, NULL, 0);
	}
	for (; optind < argc; optind++) {
		FILE *f = fopen(argv[optind], "rb");
		size_t got;

		if (!f)
			return 2;
		got = fread(buf, 1, sizeof(buf), f);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, got);
		inputs++;
	}
	for (i = 0; i < n; i++) {
		kh_expand(buf, 64, seed * 0x100000001b3ull + i);
		if (i % 4)
			buf[1] &= ~4;	/* three in four short */
		LLVMFuzzerTestOneInput(buf, 64);
		inputs++;
	}
	if (kh_rec)
		fclose(kh_rec);
	printf("fuzz-replay: %lu inputs, %lu driver runs, every driver as the references%s\n",
	       inputs, kh_checked, kh_play ? " (answers recorded on the host)" : "");
	return 0;
}
#endif
