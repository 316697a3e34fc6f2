// SPDX-License-Identifier: GPL-2.0
/*
 * kh-afalg-test: every known-answer vector through every keyedhash driver
 * from user space, through AF_ALG, plus the error paths user space sees.
 *
 * Build (static, for the busybox initramfs of the VM tests):
 *   gcc -O2 -Wall -Wextra -static -Itools -o build/kh-afalg-test \
 *	tests/afalg/kh_afalg_test.c tests/afalg/kh_vectors.c tools/afalg.c
 *   aarch64-linux-gnu-gcc -O2 -Wall -Wextra -static -Itools \
 *	-o build/arm64/kh-afalg-test tests/afalg/kh_afalg_test.c \
 *	tests/afalg/kh_vectors.c tools/afalg.c
 *
 * Usage: kh-afalg-test [--seed N] VECTOR_DIR NAME:DRIVER...
 *        kh-afalg-test --list [--dump] VECTOR_DIR
 * (see usage() for the rest).
 *
 * VECTOR_DIR holds vector files in the format of tests/vectors/README.md,
 * mapped to crypto API names as tests/gen-testvecs.py does
 * (tests/afalg/kh_vectors.h, shared with kh-kcapi-test, reads them).
 * This program talks to the sockets itself (tools/afalg.c), not through
 * libkcapi: it tests the kernel interface, MSG_MORE and accept() clones
 * included.
 *
 * Each record of a driver's algorithm is hashed by DRIVER (bound by driver
 * name) one-shot, in random pieces sent with MSG_MORE, and with an
 * accept() clone of the op socket taken in the middle of the message
 * (clone and original must both finish to the digest).  Then the errors:
 * wrong key lengths give EINVAL at setkey, hashing without a key gives
 * ENOKEY, and Multimixer-128's length rules give EINVAL at hash time.
 *
 * Every check prints "PASS: <driver> <what>" or "FAIL: <driver> <what>:
 * <why>"; the last line is "kh-afalg-test: N passed, M failed", where N and
 * M count those lines.  The exit status is 1 if any check failed, 2 on bad
 * usage.  Random piece sizes come from --seed only, so a run repeats.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "afalg.h"
#include "kh_vectors.h"

#define MM_MAX_KEY	65536		/* multimixer128's key size cap */

const char *prog = "kh-afalg-test";

/* A split point near a 16/32/1024-byte boundary, or anywhere. */
static size_t pick_split(struct rng *r, size_t len)
{
	static const size_t unit[] = { 16, 32, 64, 1024 };
	size_t u, s;

	if (!len)
		return 0;
	if (rng_below(r, 2)) {
		u = unit[rng_below(r, ARRAY_SIZE(unit))];
		s = (rng_below(r, len / u + 1)) * u;
		s += rng_below(r, 3);
		s = s ? s - 1 : 0;	/* u*k - 1, u*k or u*k + 1 */
		return s < len ? s : len;
	}
	return rng_below(r, len + 1);
}

/* Send @len bytes in random pieces, all with MSG_MORE. */
static int send_pieces(int op, struct rng *r, const unsigned char *p,
		       size_t len)
{
	size_t *pieces, n, i, off = 0;
	int err = 0;

	n = make_pieces(r, len, &pieces);
	for (i = 0; i < n && !err; i++) {
		err = afalg_send(op, p + off, pieces[i], true);
		off += pieces[i];
	}
	free(pieces);
	return err;
}

/* Compare a digest; return NULL if good, else a reason. */
/* Runs one case through @tfm; prints a FAIL line per failing mode. */
static bool run_case(int tfm, const char *driver, const struct tcase *c,
		     uint64_t seed)
{
	unsigned char d[AFALG_MAX_DIGEST], *msg = make_message(c->rec);
	const struct record *rec = c->rec;
	size_t *pieces, n, split;
	const char *where = NULL, *why;
	struct rng r = { seed };
	int op, clone = -1, err;
	bool ok = true;
	ssize_t got;

#define CASE_FAIL(mode, fmt, ...) do { \
	fail("%s %s:%u msglen=%zu %s: " fmt, driver, rec->file, rec->line, \
	     rec->msglen, mode, __VA_ARGS__); \
	ok = false; \
} while (0)

	if (c->keylen > 16384)
		ensure_optmem(c->keylen);
	err = afalg_setkey(tfm, c->key, c->keylen);
	if (err) {
		CASE_FAIL("setkey", "%zu-byte key: %s", c->keylen,
			  setkey_why(err, c->keylen));
		free(msg);
		return false;
	}
	op = afalg_accept(tfm);
	if (op < 0) {
		CASE_FAIL("accept", "%s", errstr(op));
		free(msg);
		return false;
	}

	/* One-shot: a single send() without MSG_MORE, then read(). */
	got = afalg_digest(op, msg, rec->msglen, d, sizeof(d), &where);
	why = digest_why(got, d, c);
	if (why)
		CASE_FAIL("one-shot", "%s%s%s", got < 0 ? where : "",
			  got < 0 ? ": " : "", why);

	/* Random pieces, all with MSG_MORE, then read(). */
	n = make_pieces(&r, rec->msglen, &pieces);
	got = afalg_digest_pieces(op, msg, rec->msglen, pieces, n, d,
				  sizeof(d), &where);
	why = digest_why(got, d, c);
	if (why)
		CASE_FAIL("split", "%zu pieces: %s%s%s", n,
			  got < 0 ? where : "", got < 0 ? ": " : "", why);
	free(pieces);

	/*
	 * Clone: send a prefix (at least one MSG_MORE send, so a message is
	 * open), accept() on the op socket, then finish both the clone and
	 * the original with different random splits of the rest.
	 */
	split = pick_split(&r, rec->msglen);
	err = send_pieces(op, &r, msg, split);
	if (err) {
		CASE_FAIL("clone", "prefix of %zu bytes: send: %s", split,
			  errstr(err));
		goto out;
	}
	clone = afalg_accept(op);
	if (clone < 0) {
		CASE_FAIL("clone", "accept() on the op socket after %zu bytes: %s",
			  split, errstr(clone));
		goto out;
	}
	err = send_pieces(clone, &r, msg + split, rec->msglen - split);
	got = err ? err : afalg_read_digest(clone, d, sizeof(d));
	why = digest_why(got, d, c);
	if (why)
		CASE_FAIL("clone", "split at %zu, clone: %s", split, why);
	err = send_pieces(op, &r, msg + split, rec->msglen - split);
	got = err ? err : afalg_read_digest(op, d, sizeof(d));
	why = digest_why(got, d, c);
	if (why)
		CASE_FAIL("clone", "split at %zu, original after clone: %s",
			  split, why);
out:
	if (clone >= 0)
		close(clone);
	close(op);
	free(msg);
	return ok;
#undef CASE_FAIL
}

static uint64_t case_seed(uint64_t seed, const char *driver, size_t idx)
{
	return splitmix64_mix(seed ^ fnv1a64((const unsigned char *)driver,
					     strlen(driver))) + idx * SPLITMIX_GAMMA;
}

static void test_vectors(int tfm, const char *name, const char *driver,
			 uint64_t seed)
{
	size_t i, total = 0, bad = 0;

	for (i = 0; i < n_cases; i++) {
		if (strcmp(cases[i].suite, name))
			continue;
		total++;
		if (!run_case(tfm, driver, &cases[i], case_seed(seed, driver, i)))
			bad++;
	}
	if (!total)
		fail("%s vectors: no records for algorithm %s", driver, name);
	else if (bad)
		fail("%s vectors: %zu of %zu records failed", driver, bad,
		     total);
	else
		pass("%s vectors: %zu records (one-shot, split, clone)", driver,
		     total);
}

/* ------------------------------------------------------------ error paths */

static void fill(unsigned char *p, size_t n, unsigned int a, unsigned int b)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)(a * i + b);
}

/* setkey(@key) must fail with EINVAL. */
static void check_bad_key(int tfm, const char *driver, const char *what,
			  const unsigned char *key, size_t keylen)
{
	int err;

	if (keylen > 16384)
		ensure_optmem(keylen);
	err = afalg_setkey(tfm, key, keylen);
	if (err == -EINVAL)
		pass("%s setkey %s -> EINVAL", driver, what);
	else if (!err)
		fail("%s setkey %s: accepted, want EINVAL", driver, what);
	else
		fail("%s setkey %s: %s, want EINVAL", driver, what,
		     setkey_why(err, keylen));
}

static void check_bad_keylen(int tfm, const char *driver, size_t keylen)
{
	unsigned char *key = xmalloc(keylen);
	char what[48];

	fill(key, keylen, 1, 0);
	snprintf(what, sizeof(what), "%zu bytes", keylen);
	check_bad_key(tfm, driver, what, key, keylen);
	free(key);
}

/* Build le16 | seed | le16 | c1 | le16 | c2 from lengths, into @b. */
static size_t stp_blob(unsigned char *b, size_t seed, size_t c1, size_t c2)
{
	size_t lens[3] = { seed, c1, c2 }, i, n = 0;

	for (i = 0; i < 3; i++) {
		b[n++] = lens[i] & 0xff;
		b[n++] = lens[i] >> 8;
		fill(b + n, lens[i], 7, i);
		n += lens[i];
	}
	return n;
}

static void check_sthash_blobs(int tfm, const char *driver)
{
	unsigned char b[256];
	size_t n;

	memset(b, 0, sizeof(b));
	check_bad_key(tfm, driver, "empty blob", b, 0);
	n = stp_blob(b, 32, 0, 0);
	check_bad_key(tfm, driver, "blob cut short inside the seed", b, 20);
	check_bad_key(tfm, driver, "blob without the c1/c2 length fields", b,
		      2 + 32);
	check_bad_key(tfm, driver, "blob with a trailing byte", b, n + 1);
	n = stp_blob(b, 15, 0, 0);
	check_bad_key(tfm, driver, "blob with a 15-byte seed", b, n);
	n = stp_blob(b, 32, 4, 4);
	b[2 + 32] = 200;	/* c1_len runs past the end */
	check_bad_key(tfm, driver, "blob whose c1 length runs past the end", b,
		      n);
	n = stp_blob(b, 32, 4, 4);
	b[2 + 32 + 2 + 4] = 3;	/* c2_len 3, but 4 bytes follow */
	check_bad_key(tfm, driver, "blob whose lengths add up to less than its size",
		      b, n);
}

/* A key the algorithm accepts, for the ENOKEY checks. */
static unsigned char *valid_key(const char *name, size_t *len)
{
	unsigned char *k;
	size_t i;

	if (!strncmp(name, "highwayhash", 11)) {
		*len = 32;
	} else if (!strcmp(name, "nhpoly1305")) {
		*len = 1088;
	} else if (!strcmp(name, "sthash")) {
		*len = 32;
	} else if (!strcmp(name, "multimixer128")) {
		*len = 256;
	} else if (!strcmp(name, "sthash-personalized")) {
		k = xmalloc(6 + 32);
		*len = stp_blob(k, 32, 0, 0);
		return k;
	} else {
		for (i = 0; i < n_cases; i++) {
			if (!strcmp(cases[i].suite, name)) {
				*len = cases[i].keylen;
				k = xmalloc(*len);
				memcpy(k, cases[i].key, *len);
				return k;
			}
		}
		return NULL;
	}
	k = xmalloc(*len);
	fill(k, *len, 5, 3);
	return k;
}

/* A key length (or blob) the algorithm rejects; NULL if none known. */
static unsigned char *invalid_key(const char *name, size_t *len)
{
	unsigned char *k;
	size_t i;

	if (!strncmp(name, "highwayhash", 11))
		*len = 31;
	else if (!strcmp(name, "nhpoly1305"))
		*len = 1087;
	else if (!strcmp(name, "sthash"))
		*len = 15;
	else if (!strcmp(name, "multimixer128"))
		*len = 33;
	else if (!strcmp(name, "sthash-personalized"))
		*len = 5;	/* shorter than the three length fields */
	else {
		for (i = 0; i < n_extra; i++)
			if (!strcmp(extra[i].name, name) && extra[i].nbad)
				break;
		if (i == n_extra)
			return NULL;
		*len = extra[i].bad[0];
	}
	k = xmalloc(*len);
	fill(k, *len, 1, 0);
	return k;
}

/* Expect @err to be -ENOKEY. */
static void expect_enokey(const char *driver, const char *what, int err)
{
	if (err == -ENOKEY)
		pass("%s %s -> ENOKEY", driver, what);
	else if (err >= 0)
		fail("%s %s: succeeded, want ENOKEY", driver, what);
	else
		fail("%s %s: %s, want ENOKEY", driver, what, errstr(err));
}

/*
 * Hashing without a key.  In Linux 6.1, accept() on a tfm socket without a
 * key succeeds and gives an op socket whose send(), read() and accept()
 * return ENOKEY until the key is set (algif_hash_ops_nokey); crypto_ahash_init()
 * also returns ENOKEY while CRYPTO_TFM_NEED_KEY is set, e.g. after a
 * rejected setkey.  An ENOKEY from accept() itself is accepted as well.
 */
static void test_nokey(const char *name, const char *driver)
{
	unsigned char msg[64], d[AFALG_MAX_DIGEST], d2[AFALG_MAX_DIGEST];
	unsigned char *key, *bad;
	size_t keylen, badlen;
	int tfm, op = -1, op2 = -1, op3 = -1, clone, err;
	ssize_t got, got2;

	fill(msg, sizeof(msg), 1, 'k');
	tfm = afalg_open(driver);
	if (tfm < 0) {
		fail("%s no key: open: %s", driver, errstr(tfm));
		return;
	}
	op = afalg_accept(tfm);
	if (op < 0) {
		expect_enokey(driver, "no key: accept()", op);
		close(tfm);
		return;
	}
	expect_enokey(driver, "no key: send()", afalg_send(op, msg, 32, false));

	op2 = afalg_accept(tfm);
	if (op2 < 0) {
		fail("%s no key: second accept(): %s", driver, errstr(op2));
		goto out;
	}
	expect_enokey(driver, "no key: read()", afalg_read_digest(op2, d,
								  sizeof(d)));
	expect_enokey(driver, "no key: send() with MSG_MORE",
		      afalg_send(op2, msg, 32, true));
	clone = afalg_accept(op2);
	expect_enokey(driver, "no key: accept() on the op socket", clone);
	if (clone >= 0)
		close(clone);
	close(op2);
	op2 = -1;

	/* Setting the key later makes the early op socket work. */
	key = valid_key(name, &keylen);
	if (!key)
		goto out;
	err = afalg_setkey(tfm, key, keylen);
	free(key);
	if (err) {
		fail("%s key set after accept(): setkey: %s", driver,
		     errstr(err));
		goto out;
	}
	got = afalg_digest(op, msg, sizeof(msg), d, sizeof(d), NULL);
	op3 = afalg_accept(tfm);
	got2 = op3 < 0 ? op3 : afalg_digest(op3, msg, sizeof(msg), d2,
					    sizeof(d2), NULL);
	if (got < 0)
		fail("%s key set after accept(): op socket from before: %s",
		     driver, errstr(got));
	else if (got2 < 0)
		fail("%s key set after accept(): new op socket: %s", driver,
		     errstr(got2));
	else if (got != got2 || memcmp(d, d2, got))
		fail("%s key set after accept(): digests differ: %s vs %s",
		     driver, hex(d, got), hex(d2, got2));
	else
		pass("%s key set after accept() applies to the op socket",
		     driver);
	close(op);
	op = -1;
	if (op3 >= 0)
		close(op3);
	op3 = -1;

	/* A rejected key leaves no key behind, not the old one. */
	bad = invalid_key(name, &badlen);
	if (!bad)
		goto out;
	err = afalg_setkey(tfm, bad, badlen);
	free(bad);
	if (err != -EINVAL) {
		fail("%s rejected setkey: %s, want EINVAL", driver,
		     err ? errstr(err) : "accepted");
		goto out;
	}
	op = afalg_accept(tfm);
	if (op < 0) {
		expect_enokey(driver, "after a rejected setkey: accept()", op);
		goto out;
	}
	expect_enokey(driver, "after a rejected setkey: send()",
		      afalg_send(op, msg, sizeof(msg), false));
out:
	if (op >= 0)
		close(op);
	if (op2 >= 0)
		close(op2);
	if (op3 >= 0)
		close(op3);
	close(tfm);
}

/*
 * Multimixer-128 rejects, with EINVAL at hash time, a message longer than
 * the key (in update(), so on the send() that crosses the key's end), and
 * a message that is empty or not a multiple of 32 bytes (in final(), so on
 * send() without MSG_MORE, or on read()).  Each case runs on a fresh op
 * socket, which must then still hash a good message correctly.
 */
enum mm_step { MM_SEND, MM_SEND_MORE, MM_READ, MM_END };

struct mm_case {
	const char *what;
	struct {
		enum mm_step step;
		long len;	/* bytes; < 0: keylen - len - 1 */
	} steps[4];
};

static const struct mm_case mm_cases[] = {
	{ "message 32 bytes longer than the key, one send()",
	  { { MM_SEND, -33 }, { MM_READ, 0 }, { MM_END, 0 } } },
	{ "message 32 bytes longer than the key, key-length MSG_MORE send() first",
	  { { MM_SEND_MORE, -1 }, { MM_SEND_MORE, 32 }, { MM_READ, 0 },
	    { MM_END, 0 } } },
	{ "message 1 byte longer than the key, with MSG_MORE",
	  { { MM_SEND_MORE, -2 }, { MM_READ, 0 }, { MM_END, 0 } } },
	{ "33-byte message, one send()",
	  { { MM_SEND, 33 }, { MM_READ, 0 }, { MM_END, 0 } } },
	{ "33-byte message, MSG_MORE send() then read()",
	  { { MM_SEND_MORE, 33 }, { MM_READ, 0 }, { MM_END, 0 } } },
	{ "16-byte message, MSG_MORE send() then read()",
	  { { MM_SEND_MORE, 16 }, { MM_READ, 0 }, { MM_END, 0 } } },
	{ "empty message, read() only",
	  { { MM_READ, 0 }, { MM_END, 0 } } },
	{ "empty message, send() of 0 bytes",
	  { { MM_SEND, 0 }, { MM_READ, 0 }, { MM_END, 0 } } },
	{ "empty message, MSG_MORE send() of 0 bytes then read()",
	  { { MM_SEND_MORE, 0 }, { MM_READ, 0 }, { MM_END, 0 } } },
};

static void test_mm128(const char *driver)
{
	unsigned char key[256], msg0[64], d0[AFALG_MAX_DIGEST], d[AFALG_MAX_DIGEST];
	unsigned char *big, *bigkey;
	const char *where = NULL;
	size_t i, j, len;
	int tfm, op, err = 0;
	ssize_t got0, got;

	tfm = afalg_open(driver);
	if (tfm < 0) {
		fail("%s multimixer128 checks: open: %s", driver, errstr(tfm));
		return;
	}
	fill(key, sizeof(key), 5, 3);
	fill(msg0, sizeof(msg0), 3, 1);
	err = afalg_setkey(tfm, key, sizeof(key));
	op = err ? err : afalg_accept(tfm);
	got0 = op < 0 ? op : afalg_digest(op, msg0, sizeof(msg0), d0,
					  sizeof(d0), NULL);
	if (op >= 0)
		close(op);
	if (got0 != 64) {
		fail("%s 64-byte message with a 256-byte key: %s", driver,
		     got0 < 0 ? errstr(got0) : "wrong digest length");
		close(tfm);
		return;
	}
	big = xmalloc(MM_MAX_KEY + 64);
	fill(big, MM_MAX_KEY + 64, 11, 9);

	for (i = 0; i < ARRAY_SIZE(mm_cases); i++) {
		const struct mm_case *mc = &mm_cases[i];

		op = afalg_accept(tfm);
		if (op < 0) {
			fail("%s %s: accept: %s", driver, mc->what,
			     errstr(op));
			continue;
		}
		err = 0;
		for (j = 0; mc->steps[j].step != MM_END && !err; j++) {
			len = mc->steps[j].len < 0 ?
			      sizeof(key) - mc->steps[j].len - 1 :
			      (size_t)mc->steps[j].len;
			switch (mc->steps[j].step) {
			case MM_SEND:
			case MM_SEND_MORE:
				err = afalg_send(op, big, len,
						 mc->steps[j].step == MM_SEND_MORE);
				where = "send()";
				break;
			case MM_READ:
				got = afalg_read_digest(op, d, sizeof(d));
				err = got < 0 ? got : 0;
				where = "read()";
				break;
			case MM_END:
				break;
			}
		}
		if (err != -EINVAL) {
			fail("%s %s: %s, want EINVAL", driver, mc->what,
			     err ? errstr(err) : "digest returned");
			close(op);
			continue;
		}
		/* The same op socket must hash a good message afterwards. */
		got = afalg_digest(op, msg0, sizeof(msg0), d, sizeof(d), NULL);
		close(op);
		if (got != got0 || memcmp(d, d0, got0))
			fail("%s %s: EINVAL on %s, but the op socket then gave %s",
			     driver, mc->what, where,
			     got < 0 ? errstr(got) : "a wrong digest");
		else
			pass("%s %s -> EINVAL on %s", driver, mc->what, where);
	}

	/* Largest key: only its first msglen bytes matter. */
	bigkey = xmalloc(MM_MAX_KEY);
	fill(bigkey, MM_MAX_KEY, 13, 0);
	memcpy(bigkey, key, sizeof(key));
	ensure_optmem(MM_MAX_KEY);
	err = afalg_setkey(tfm, bigkey, MM_MAX_KEY);
	if (err) {
		fail("%s setkey %u bytes: %s", driver, MM_MAX_KEY,
		     setkey_why(err, MM_MAX_KEY));
		goto out;
	}
	op = afalg_accept(tfm);
	got = op < 0 ? op : afalg_digest(op, msg0, sizeof(msg0), d, sizeof(d),
					 NULL);
	if (got != got0 || memcmp(d, d0, got0))
		fail("%s %u-byte key: 64-byte message: %s", driver, MM_MAX_KEY,
		     got < 0 ? errstr(got) : "digest differs from the 256-byte key prefix's");
	else
		pass("%s %u-byte key accepted; a 64-byte message uses only its prefix",
		     driver, MM_MAX_KEY);
	got = op < 0 ? op : afalg_digest(op, big, MM_MAX_KEY, d, sizeof(d),
					 &where);
	if (got != 64)
		fail("%s %u-byte message with a %u-byte key: %s", driver,
		     MM_MAX_KEY, MM_MAX_KEY,
		     got < 0 ? errstr(got) : "wrong digest length");
	else
		pass("%s %u-byte message with a %u-byte key hashes", driver,
		     MM_MAX_KEY, MM_MAX_KEY);
	got = op < 0 ? op : afalg_digest(op, big, MM_MAX_KEY + 32, d,
					 sizeof(d), &where);
	if (got == -EINVAL)
		pass("%s %u-byte message with a %u-byte key -> EINVAL on %s",
		     driver, MM_MAX_KEY + 32, MM_MAX_KEY, where);
	else
		fail("%s %u-byte message with a %u-byte key: %s, want EINVAL",
		     driver, MM_MAX_KEY + 32, MM_MAX_KEY,
		     got < 0 ? errstr(got) : "digest returned");
	if (op >= 0)
		close(op);
out:
	free(bigkey);
	free(big);
	close(tfm);
}

static void test_bad_keys(int tfm, const char *name, const char *driver)
{
	static const size_t hh[] = { 0, 1, 31, 33, 64 };
	static const size_t nh[] = { 0, 1087, 1089 };
	static const size_t st[] = { 0, 15, 4097 };
	static const size_t mm[] = { 0, 31, 33, 65568 };
	const size_t *lens = NULL;
	size_t n = 0, i;

	if (!strncmp(name, "highwayhash", 11)) {
		lens = hh;
		n = ARRAY_SIZE(hh);
	} else if (!strcmp(name, "nhpoly1305")) {
		lens = nh;
		n = ARRAY_SIZE(nh);
	} else if (!strcmp(name, "sthash")) {
		lens = st;
		n = ARRAY_SIZE(st);
	} else if (!strcmp(name, "multimixer128")) {
		lens = mm;
		n = ARRAY_SIZE(mm);
	} else if (!strcmp(name, "sthash-personalized")) {
		check_sthash_blobs(tfm, driver);
		return;
	} else {
		for (i = 0; i < n_extra; i++) {
			if (!strcmp(extra[i].name, name)) {
				lens = extra[i].bad;
				n = extra[i].nbad;
			}
		}
	}
	for (i = 0; i < n; i++)
		check_bad_keylen(tfm, driver, lens[i]);
}

static void test_driver(const char *name, const char *driver, uint64_t seed)
{
	int tfm = afalg_open(driver);

	if (tfm < 0) {
		fail("%s open (as %s): %s%s", driver, name, errstr(tfm),
		     tfm == -EAFNOSUPPORT ? ": no AF_ALG in this kernel" :
		     tfm == -ENOENT ? ": driver not registered, or no algif_hash" :
		     "");
		return;
	}
	test_vectors(tfm, name, driver, seed);
	test_bad_keys(tfm, name, driver);
	close(tfm);
	test_nokey(name, driver);
	if (!strcmp(name, "multimixer128"))
		test_mm128(driver);
}

/* ------------------------------------------------------------ main */

static void usage(FILE *f)
{
	fprintf(f,
"Usage: %s [--seed N] [--no-raise-optmem] VECTOR_DIR NAME:DRIVER...\n"
"       %s --list [--dump] VECTOR_DIR\n"
"\n"
"Runs every known-answer vector of VECTOR_DIR/*.txt for algorithm NAME\n"
"through AF_ALG with the crypto driver DRIVER (e.g.\n"
"highwayhash256:highwayhash256-generic; a bare NAME means NAME:NAME):\n"
"one-shot, in random pieces with MSG_MORE, and through an accept() clone\n"
"of the op socket mid-message.  Then checks that wrong key sizes fail\n"
"with EINVAL, hashing without a key fails with ENOKEY, and (multimixer128)\n"
"unsupported message lengths fail with EINVAL.\n"
"\n"
"Names: highwayhash64/128/256 (highwayhash.txt), nhpoly1305, multimixer128,\n"
"sthash (sthash.txt records without personalization, key = seed) and\n"
"sthash-personalized (all sthash.txt records, key = le16 seed_len | seed |\n"
"le16 c1_len | c1 | le16 c2_len | c2).\n"
"\n"
"  --seed N           seed of the random piece sizes and split points\n"
"                     (default 1); a run is repeatable with the same seed\n"
"  --no-raise-optmem  do not raise net.core.optmem_max for the 64 KiB\n"
"                     multimixer128 keys (AF_ALG keys must be smaller\n"
"                     than it; Linux 6.1's default is 20480)\n"
"  --list             parse VECTOR_DIR and print the record count of each\n"
"                     file and each algorithm name, then exit\n"
"  --dump             with --list: one line per test case, with FNV-1a-64\n"
"                     sums of key and message\n"
"  --alg-file FILE    also read FILE, a vector file whose \"# algorithm:\"\n"
"                     may be any hash (e.g. hmac(sha256)), with fields\n"
"                     key, msglen, msg or pattern, digest; a comment\n"
"                     \"# bad-keylens: 5,65\" lists key sizes that must\n"
"                     fail.  For testing this program without keyedhash.\n"
"  -h, --help         this help\n"
"\n"
"Prints PASS:/FAIL: lines and \"%s: N passed, M failed\" last; exits 1 if\n"
"anything failed, 2 on bad usage.\n", prog, prog, prog);
}

static void list_vectors(bool dump)
{
	static const char *const suites[] = {
		"highwayhash64", "highwayhash128", "highwayhash256",
		"nhpoly1305", "multimixer128", "sthash", "sthash-personalized",
	};
	size_t i, j, n;
	unsigned char *m;

	for (i = 0; i < n_vfiles; i++)
		printf("%s: algorithm %s, %u records\n", vfiles[i].name,
		       vfiles[i].alg, vfiles[i].records);
	for (i = 0; i < ARRAY_SIZE(suites) + n_extra; i++) {
		const char *s = i < ARRAY_SIZE(suites) ? suites[i] :
				extra[i - ARRAY_SIZE(suites)].name;

		for (n = j = 0; j < n_cases; j++)
			n += !strcmp(cases[j].suite, s);
		printf("%s: %zu test cases\n", s, n);
	}
	if (!dump)
		return;
	for (j = 0; j < n_cases; j++) {
		const struct tcase *c = &cases[j];

		m = make_message(c->rec);
		printf("%s %s:%u keylen=%zu key=%016llx msglen=%zu msg=%016llx digest=%s\n",
		       c->suite, c->rec->file, c->rec->line, c->keylen,
		       (unsigned long long)fnv1a64(c->key, c->keylen),
		       c->rec->msglen,
		       (unsigned long long)fnv1a64(m, c->rec->msglen),
		       hex(c->digest, c->dlen));
		free(m);
	}
}


int main(int argc, char **argv)
{
	uint64_t seed = 1;
	bool list = false, dump = false, opts = true;
	const char **alg_files, **pos;
	size_t n_alg_files = 0, n_pos = 0, i;
	int a;

	alg_files = xmalloc(argc * sizeof(*alg_files));
	pos = xmalloc(argc * sizeof(*pos));
	/* Options may come anywhere before "--"; driver names never start with '-'. */
	for (a = 1; a < argc; a++) {
		const char *o = argv[a];

		if (!opts || o[0] != '-' || !o[1]) {
			pos[n_pos++] = o;
		} else if (!strcmp(o, "--")) {
			opts = false;
		} else if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(o, "--seed") && a + 1 < argc) {
			if (parse_dec(argv[++a], UINT64_MAX, &seed)) {
				fprintf(stderr, "%s: bad --seed %s\n", prog,
					argv[a]);
				return 2;
			}
		} else if (!strcmp(o, "--list")) {
			list = true;
		} else if (!strcmp(o, "--dump")) {
			dump = true;
		} else if (!strcmp(o, "--no-raise-optmem")) {
			raise_optmem = false;
		} else if (!strcmp(o, "--alg-file") && a + 1 < argc) {
			alg_files[n_alg_files++] = argv[++a];
		} else {
			fprintf(stderr, "%s: bad option %s\nTry '%s --help'.\n",
				prog, o, prog);
			return 2;
		}
	}
	if (n_pos < (list ? 1U : 2U)) {
		usage(stderr);
		return 2;
	}

	self_check();
	parse_vector_dir(pos[0]);
	for (i = 0; i < n_alg_files; i++)
		parse_vector_file(alg_files[i], true);

	if (list) {
		list_vectors(dump);
	} else {
		printf("# %s: seed %llu, vectors from %s\n", prog,
		       (unsigned long long)seed, pos[0]);
		for_each_driver_arg(pos + 1, n_pos - 1, test_driver, seed);
	}
	free(alg_files);
	free(pos);

	printf("%s: %u passed, %u failed\n", prog, n_pass, n_fail);
	return n_fail ? 1 : 0;
}
