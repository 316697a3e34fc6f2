// SPDX-License-Identifier: GPL-2.0
/*
 * kh-kcapi-test: every known-answer vector through every keyedhash driver
 * from user space through libkcapi's message-digest API, the way a
 * program using the library hashes: kcapi_md_init(), kcapi_md_setkey(),
 * kcapi_md_digest() one-shot and kcapi_md_update()/kcapi_md_final()
 * streamed, kcapi_md_destroy().
 *
 * Build (static, for the busybox initramfs of the VM tests; Debian's
 * libkcapi-dev has libkcapi.a, the arm64 one comes from tests/rig/kernel/kcapi.sh):
 *   gcc -O2 -Wall -Wextra -static -Itools -o build/kh-kcapi-test \
 *	tests/afalg/kh_kcapi_test.c tests/afalg/kh_vectors.c tools/afalg.c -lkcapi
 *
 * Usage: kh-kcapi-test [--seed N] VECTOR_DIR NAME:DRIVER...
 *        kh-kcapi-test --dump-dgst DIR VECTOR_DIR
 *
 * For each DRIVER, one handle from kcapi_md_init() holds the algorithm and
 * is reused for every key of the vector files (every .txt file of
 * VECTOR_DIR, read by kh_vectors.c): kcapi_md_setkey() on it, then a handle from
 * kcapi_handle_reinit() hashes the record one-shot (kcapi_md_digest()) and
 * again, on the same op socket, streamed in random pieces of 0 to 300000
 * bytes (kcapi_md_update(), so libkcapi's send() and vmsplice()/splice()
 * paths both, then kcapi_md_final()); kcapi_md_destroy() closes it before
 * the next key.  Multimixer-128 records are also hashed with their key
 * extended to 64 KiB (a key longer than the message acts as its prefix).
 * Then: a 1-byte key gives EINVAL; kcapi_md_setkey() on a handle whose op
 * socket is open gives EBUSY (the kernel's rule, which is why keys change
 * between kcapi_handle_reinit() handles above); and for Multimixer-128 a
 * message longer than a 64 KiB key fed in pieces under 32 KiB (as khsum
 * does) gives EINVAL from the kcapi_md_update() that crosses the key's
 * end.  What one kcapi_md_update() of that whole message returns is
 * printed as a "note:" line (libkcapi splices long inputs; on 6.12 and
 * 7.x the kernel's error is lost there), not counted.
 *
 * --dump-dgst writes, for Debian's kcapi-dgst (whose --keyfd reads at most
 * 32 key bytes), every test case with a key of at most 32 bytes: DIR/N.key,
 * the message DIR/rN.msg of its record, and a line "NAME N.key rN.msg
 * DIGEST" in DIR/list.txt.
 *
 * Every check prints "PASS: ..." or "FAIL: ..."; the last line is
 * "kh-kcapi-test: N passed, M failed".  The exit status is 1 if any check
 * failed, 2 on bad usage.  Random pieces come from --seed only.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <kcapi.h>

#include "afalg.h"
#include "kh_vectors.h"

#define MM_MAX_KEY	65536		/* multimixer128's key size cap */
#define DGST_MAX_KEY	32		/* kcapi-dgst --keyfd reads no more */
#define SMALL_PIECE	(16U << 10)	/* under libkcapi's 32 KiB send() limit */

const char *prog = "kh-kcapi-test";

static uint64_t case_seed(uint64_t seed, const char *driver, size_t idx)
{
	return splitmix64_mix(seed ^ fnv1a64((const unsigned char *)driver,
					     strlen(driver))) + idx * SPLITMIX_GAMMA;
}

/*
 * kcapi_md_update() as a negative errno.  libkcapi 1.4.0 returns send()'s
 * -1 itself, not -errno, when the kernel refuses an input under 32 KiB;
 * errno then says why.  *@raw gets what libkcapi returned.
 */
static ssize_t md_update(struct kcapi_handle *h, const unsigned char *p,
			 size_t n, ssize_t *raw)
{
	ssize_t r = kcapi_md_update(h, p, n);

	if (raw)
		*raw = r;
	return r == -1 ? -errno : r;
}

/* @len bytes of @msg through kcapi_md_update() in @n pieces, then final. */
static ssize_t digest_pieces(struct kcapi_handle *h, const unsigned char *msg,
			     const size_t *pieces, size_t n, unsigned char *d)
{
	size_t i, off = 0;
	ssize_t r;

	for (i = 0; i < n; i++) {
		r = md_update(h, msg + off, pieces[i], NULL);
		if (r < 0)
			return r;
		off += pieces[i];
	}
	return kcapi_md_final(h, d, AFALG_MAX_DIGEST);
}

/* @key, then filler, to @len bytes (at least @keylen). */
static unsigned char *extend_key(const unsigned char *key, size_t keylen,
				 size_t len)
{
	unsigned char *k = xmalloc(len);
	size_t i;

	memcpy(k, key, keylen);
	for (i = keylen; i < len; i++)
		k[i] = (unsigned char)(13 * i + 7);
	return k;
}

/*
 * One case: setkey on the shared handle @tfm, then a handle of its own for
 * the one-shot and the streamed digest.  Prints a FAIL line per failing
 * mode; returns true if all passed.
 */
static bool run_case(struct kcapi_handle *tfm, const char *driver,
		     const struct tcase *c, const unsigned char *key,
		     size_t keylen, const char *mode, uint64_t seed,
		     size_t *npieces)
{
	unsigned char d[AFALG_MAX_DIGEST], *msg = make_message(c->rec);
	const struct record *rec = c->rec;
	struct kcapi_handle *op = NULL;
	struct rng r = { seed };
	size_t *pieces, n;
	const char *why;
	bool ok = true;
	ssize_t got;
	int err;

#define CASE_FAIL(what, fmt, ...) do { \
	fail("%s %s:%u msglen=%zu %s%s: " fmt, driver, rec->file, rec->line, \
	     rec->msglen, mode, what, __VA_ARGS__); \
	ok = false; \
} while (0)

	if (keylen > 16384)
		ensure_optmem(keylen);
	err = kcapi_md_setkey(tfm, key, keylen);
	if (err) {
		CASE_FAIL("kcapi_md_setkey", "%zu-byte key: %s", keylen,
			  setkey_why(err, keylen));
		goto out;
	}
	err = kcapi_handle_reinit(&op, tfm, 0);
	if (err) {
		CASE_FAIL("kcapi_handle_reinit", "%s", errstr(err));
		goto out;
	}

	got = kcapi_md_digest(op, msg, rec->msglen, d, sizeof(d));
	if (got == -1)	/* send()'s -1, as md_update() says */
		got = -errno;
	why = digest_why(got, d, c);
	if (why)
		CASE_FAIL("kcapi_md_digest", "%s", why);

	n = make_pieces(&r, rec->msglen, &pieces);
	got = digest_pieces(op, msg, pieces, n, d);
	why = digest_why(got, d, c);
	if (why)
		CASE_FAIL("kcapi_md_update", "%zu pieces, then kcapi_md_final: %s",
			  n, why);
	*npieces += n;
	free(pieces);
out:
	kcapi_md_destroy(op);
	free(msg);
	return ok;
#undef CASE_FAIL
}

static void test_vectors(struct kcapi_handle *tfm, const char *name,
			 const char *driver, uint64_t seed)
{
	size_t i, total = 0, bad = 0, big = 0, npieces = 0;
	const struct tcase *c;
	unsigned char *key;

	for (i = 0; i < n_cases; i++) {
		c = &cases[i];
		if (strcmp(c->suite, name))
			continue;
		total++;
		if (!run_case(tfm, driver, c, c->key, c->keylen, "",
			      case_seed(seed, driver, i), &npieces))
			bad++;
		if (strcmp(name, "multimixer128"))
			continue;
		key = extend_key(c->key, c->keylen, MM_MAX_KEY);
		if (!run_case(tfm, driver, c, key, MM_MAX_KEY, "65536-byte key: ",
			      case_seed(seed, driver, i) + 1, &npieces))
			bad++;
		big++;
		free(key);
	}
	if (!total)
		fail("%s libkcapi vectors: no records for algorithm %s", driver,
		     name);
	else if (bad)
		fail("%s libkcapi vectors: %zu of %zu runs failed", driver, bad,
		     total + big);
	else
		pass("%s libkcapi vectors: %zu records%s, one handle for every key: kcapi_md_digest, and %zu kcapi_md_update pieces",
		     driver, total, big ? " (and each with its key extended to 64 KiB)" : "",
		     npieces);
}

/* The first test case of @name: a key the algorithm takes, and a digest. */
static const struct tcase *first_case(const char *name)
{
	size_t i;

	for (i = 0; i < n_cases; i++)
		if (!strcmp(cases[i].suite, name))
			return &cases[i];
	return NULL;
}

/*
 * The digest size libkcapi learned from the kernel (crypto_user netlink);
 * a bad key gives EINVAL; and kcapi_md_setkey() on a handle that has
 * hashed (its op socket is open) gives EBUSY, the old key staying in force.
 */
static void test_handle_rules(const char *name, const char *driver)
{
	static const unsigned char one = 1;
	const struct tcase *c = first_case(name);
	unsigned char d[AFALG_MAX_DIGEST], *msg;
	struct kcapi_handle *h;
	const char *why;
	ssize_t got;
	int err;

	if (!c)
		return;
	err = kcapi_md_init(&h, driver, 0);
	if (err) {
		fail("%s kcapi_md_init: %s", driver, errstr(err));
		return;
	}
	if (kcapi_md_digestsize(h) == c->dlen)
		pass("%s kcapi_md_digestsize() = %zu", driver, c->dlen);
	else
		fail("%s kcapi_md_digestsize() = %u, want %zu", driver,
		     kcapi_md_digestsize(h), c->dlen);

	err = kcapi_md_setkey(h, &one, 1);
	if (err == -EINVAL)
		pass("%s kcapi_md_setkey() of a 1-byte key -> EINVAL", driver);
	else
		fail("%s kcapi_md_setkey() of a 1-byte key: %s, want EINVAL",
		     driver, err ? errstr(err) : "accepted");

	msg = make_message(c->rec);
	err = kcapi_md_setkey(h, c->key, c->keylen);
	got = err ? err : kcapi_md_digest(h, msg, c->rec->msglen, d, sizeof(d));
	why = digest_why(got, d, c);
	if (why) {
		fail("%s %s:%u: kcapi_md_digest: %s", driver, c->rec->file,
		     c->rec->line, why);
		goto out;
	}
	err = kcapi_md_setkey(h, c->key, c->keylen);
	got = kcapi_md_digest(h, msg, c->rec->msglen, d, sizeof(d));
	why = digest_why(got, d, c);
	if (err == -EBUSY && !why)
		pass("%s kcapi_md_setkey() on a handle that has hashed -> EBUSY, its key still in force",
		     driver);
	else
		fail("%s kcapi_md_setkey() on a handle that has hashed: %s, want EBUSY; then %s",
		     driver, err ? errstr(err) : "accepted",
		     why ? why : "the digest is right");
out:
	free(msg);
	kcapi_md_destroy(h);
}

/*
 * Multimixer-128 refuses a message longer than the key with EINVAL in
 * update().  Fed in pieces under 32 KiB, each is one send() of at most 9
 * pages, and the error comes from the piece that crosses the key's end.
 */
static void test_mm128_long(struct kcapi_handle *tfm, const char *driver)
{
	size_t len = MM_MAX_KEY + 32, off = 0, at = 0, n;
	unsigned char d[AFALG_MAX_DIGEST], *key, *msg;
	struct kcapi_handle *op = NULL;
	ssize_t r = 0, raw = 0, f;
	int err;

	key = extend_key(NULL, 0, MM_MAX_KEY);
	msg = extend_key(NULL, 0, len);
	ensure_optmem(MM_MAX_KEY);
	err = kcapi_md_setkey(tfm, key, MM_MAX_KEY);
	if (!err)
		err = kcapi_handle_reinit(&op, tfm, 0);
	if (err) {
		fail("%s 64 KiB key for the message-length checks: %s", driver,
		     setkey_why(err, MM_MAX_KEY));
		goto out;
	}
	while (off < len && r >= 0) {
		n = len - off < SMALL_PIECE ? len - off : SMALL_PIECE;
		at = off;
		r = md_update(op, msg + off, n, &raw);
		off += n;
	}
	/* the piece [at, off) that failed must be the one crossing the end */
	if (r == -EINVAL && at <= MM_MAX_KEY && off > MM_MAX_KEY)
		pass("%s %zu-byte message, 64 KiB key, %u-byte kcapi_md_update() pieces -> EINVAL from the piece crossing the key's end (returned %zd%s)",
		     driver, len, SMALL_PIECE, raw, raw == -1 ? ", errno EINVAL" : "");
	else
		fail("%s %zu-byte message, 64 KiB key, %u-byte kcapi_md_update() pieces: %s from the piece at %zu..%zu, want EINVAL from the one crossing %u",
		     driver, len, SMALL_PIECE, r < 0 ? errstr(r) : "accepted",
		     at, off, MM_MAX_KEY);
	kcapi_md_destroy(op);

	/* The same in one kcapi_md_update(): reported, not judged. */
	err = kcapi_handle_reinit(&op, tfm, 0);
	if (err) {
		fail("%s kcapi_handle_reinit: %s", driver, errstr(err));
		goto out;
	}
	r = md_update(op, msg, len, NULL);
	f = kcapi_md_final(op, d, sizeof(d));
	printf("note: %s one kcapi_md_update() of the %zu-byte message with the 64 KiB key returned %s, then kcapi_md_final() %s%s\n",
	       driver, len, r < 0 ? errstr(r) : "0 (success)",
	       f < 0 ? errstr(f) : "a digest",
	       r < 0 ? "" : ": libkcapi lost the kernel's EINVAL");
	kcapi_md_destroy(op);
out:
	free(key);
	free(msg);
}

static void test_driver(const char *name, const char *driver, uint64_t seed)
{
	struct kcapi_handle *tfm;
	int err;

	err = kcapi_md_init(&tfm, driver, 0);
	if (err) {
		fail("%s kcapi_md_init (as %s): %s%s", driver, name, errstr(err),
		     err == -ENOENT ? ": driver not registered, or no algif_hash" : "");
		return;
	}
	test_vectors(tfm, name, driver, seed);
	if (!strcmp(name, "multimixer128"))
		test_mm128_long(tfm, driver);
	kcapi_md_destroy(tfm);
	test_handle_rules(name, driver);
}

static bool write_file(const char *dir, const char *name,
		       const unsigned char *p, size_t n)
{
	char path[4096];
	FILE *f;
	bool ok;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return false;
	ok = fwrite(p, 1, n, f) == n;
	return fclose(f) == 0 && ok;
}

/* Files for kcapi-dgst: the cases whose keys it can read (see above). */
static int dump_dgst(const char *dir)
{
	bool *msg_done = calloc(n_records, sizeof(bool));
	char name[64], path[4096];
	size_t i, j, n = 0;
	unsigned char *msg;
	FILE *list;

	snprintf(path, sizeof(path), "%s/list.txt", dir);
	mkdir(dir, 0755);
	list = fopen(path, "w");
	if (!list || !msg_done) {
		fprintf(stderr, "%s: %s: cannot write\n", prog, path);
		return 2;
	}
	for (i = 0; i < n_cases; i++) {
		const struct tcase *c = &cases[i];

		if (c->keylen > DGST_MAX_KEY)
			continue;
		for (j = 0; records[j] != c->rec; j++)
			;
		snprintf(name, sizeof(name), "r%zu.msg", j);
		if (!msg_done[j]) {
			msg = make_message(c->rec);
			msg_done[j] = write_file(dir, name, msg, c->rec->msglen);
			free(msg);
		}
		snprintf(name, sizeof(name), "%zu.key", i);
		if (!msg_done[j] || !write_file(dir, name, c->key, c->keylen)) {
			fprintf(stderr, "%s: %s: cannot write\n", prog, dir);
			return 2;
		}
		fprintf(list, "%s %zu.key r%zu.msg %s\n", c->suite, i, j,
			hex(c->digest, c->dlen));
		n++;
	}
	free(msg_done);
	if (fclose(list))
		return 2;
	fprintf(stderr, "%s: %zu cases with keys of at most %d bytes in %s\n",
		prog, n, DGST_MAX_KEY, dir);
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f,
"Usage: %s [--seed N] [--no-raise-optmem] VECTOR_DIR NAME:DRIVER...\n"
"       %s --dump-dgst DIR VECTOR_DIR\n"
"\n"
"Runs every known-answer vector of VECTOR_DIR/*.txt for algorithm NAME\n"
"through libkcapi with the crypto driver DRIVER (a bare NAME means\n"
"NAME:NAME): one kcapi_md_init() handle for every key, kcapi_md_digest()\n"
"and kcapi_md_update() in random pieces; then libkcapi's error returns.\n"
"\n"
"  --seed N           seed of the random piece sizes (default 1)\n"
"  --no-raise-optmem  do not raise net.core.optmem_max for 64 KiB keys\n"
"  --dump-dgst DIR    write the cases with keys of at most 32 bytes as\n"
"                     files for kcapi-dgst, and DIR/list.txt, then exit\n"
"  -h, --help         this help\n"
"\n"
"Prints PASS:/FAIL: lines and \"%s: N passed, M failed\" last; exits 1 if\n"
"anything failed, 2 on bad usage.\n", prog, prog, prog);
}

int main(int argc, char **argv)
{
	const char *dump = NULL, **pos;
	uint64_t seed = 1;
	size_t n_pos = 0;
	int a;

	pos = xmalloc(argc * sizeof(*pos));
	for (a = 1; a < argc; a++) {
		const char *o = argv[a];

		if (o[0] != '-' || !o[1]) {
			pos[n_pos++] = o;
		} else if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(o, "--seed") && a + 1 < argc) {
			if (parse_dec(argv[++a], UINT64_MAX, &seed)) {
				fprintf(stderr, "%s: bad --seed %s\n", prog,
					argv[a]);
				return 2;
			}
		} else if (!strcmp(o, "--no-raise-optmem")) {
			raise_optmem = false;
		} else if (!strcmp(o, "--dump-dgst") && a + 1 < argc) {
			dump = argv[++a];
		} else {
			fprintf(stderr, "%s: bad option %s\nTry '%s --help'.\n",
				prog, o, prog);
			return 2;
		}
	}
	if (n_pos < (dump ? 1U : 2U)) {
		usage(stderr);
		return 2;
	}
	/* errors are the tests' to report */
	kcapi_set_verbosity(KCAPI_LOG_NONE);
	self_check();
	parse_vector_dir(pos[0]);
	if (dump)
		return n_fail ? 2 : dump_dgst(dump);

	printf("# %s: seed %llu, vectors from %s\n", prog,
	       (unsigned long long)seed, pos[0]);
	for_each_driver_arg(pos + 1, n_pos - 1, test_driver, seed);
	free(pos);
	printf("%s: %u passed, %u failed\n", prog, n_pass, n_fail);
	return n_fail ? 1 : 0;
}
