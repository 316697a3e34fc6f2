/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kh_vectors: the known-answer vector files as test cases, shared by the
 * programs that run them through the kernel (kh_afalg_test.c on raw AF_ALG
 * sockets, kh_kcapi_test.c on libkcapi).
 *
 * A vector file is in the format of tests/vectors/README.md; its records
 * map to crypto API names as tests/gen-testvecs.py maps them:
 * highwayhash.txt feeds highwayhash64/128/256 (digest64/128/256),
 * nhpoly1305.txt and multimixer128.txt feed their namesakes, and sthash.txt
 * feeds "sthash" (records without non-empty personalizations; key = seed)
 * and "sthash-personalized" (every record; key = the blob
 * le16 seed_len | seed | le16 c1_len | c1 | le16 c2_len | c2).
 * parse_vector_dir() fills records[] and cases[] (one per record and name).
 *
 * Output: every check prints "PASS: ..." or "FAIL: ..." through pass() and
 * fail(), which count them in n_pass and n_fail.  A malformed vector file
 * is a FAIL line, never a silent skip.  Each program defines prog (its
 * name, for messages on standard error).
 */
#ifndef KH_VECTORS_H
#define KH_VECTORS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define SPLITMIX_GAMMA	0x9e3779b97f4a7c15ULL

struct rng {
	uint64_t state;
};

enum kind { K_HIGHWAY, K_NHPOLY, K_MM128, K_STHASH, K_GENERIC };

enum pattern { PAT_NONE, PAT_AFFINE, PAT_SPLITMIX };

struct blob {
	unsigned char *p;
	size_t n;
	bool present;
};

struct record {
	const char *file;	/* base name */
	unsigned int line;	/* first line of the record */
	enum kind kind;
	struct blob key, seed, c1, c2, msg, digest, d64, d128, d256;
	size_t msglen;
	enum pattern pat;
	unsigned int pa, pb;	/* affine:A:B */
	uint64_t ps, pk;	/* splitmix64:S:K */
};

/* One record as seen by one crypto API name. */
struct tcase {
	const char *suite;	/* cra_name */
	const struct record *rec;
	unsigned char *key;
	size_t keylen;
	const unsigned char *digest;
	size_t dlen;
};

/* An algorithm of an --alg-file (testing this program without keyedhash). */
struct extra_alg {
	char *name;
	size_t bad[16];
	unsigned int nbad;
};

struct vecfile {
	char *name;		/* base name */
	char *alg;		/* algorithm */
	unsigned int records;	/* accepted records */
};

extern const char *prog;

/* Output */
extern unsigned int n_pass, n_fail;
void __attribute__((format(printf, 1, 2))) pass(const char *fmt, ...);
void __attribute__((format(printf, 1, 2))) fail(const char *fmt, ...);
void *xmalloc(size_t n);	/* these exit with status 2 when out of memory */
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* Hex of up to AFALG_MAX_DIGEST bytes, in one of two rotating buffers. */
const char *hex(const unsigned char *p, size_t n);
/* "EINVAL (Invalid argument)" for -EINVAL or EINVAL; two rotating buffers. */
const char *errstr(int err);
uint64_t fnv1a64(const unsigned char *p, size_t n);
/* Strict decimal: digits only, no sign, no leading junk, <= max. */
int parse_dec(const char *s, uint64_t max, uint64_t *out);

/* SplitMix64: the vector files' message pattern and the tests' randomness */
uint64_t splitmix64_mix(uint64_t z);
uint64_t rng_next(struct rng *r);
uint64_t rng_below(struct rng *r, uint64_t n);	/* in [0, n); n > 0 */

/* The vectors */
extern struct record **records;
extern size_t n_records;
extern struct tcase *cases;
extern size_t n_cases;
extern struct extra_alg *extra;	/* --alg-file algorithms (kh-afalg-test) */
extern size_t n_extra;
extern struct vecfile *vfiles;
extern size_t n_vfiles;
/* Every *.txt of @dir, in name order. */
void parse_vector_dir(const char *dir);
/* One file; @generic: any algorithm, fields key/msglen/msg|pattern/digest. */
void parse_vector_file(const char *path, bool generic);
/* The message of @r, msglen bytes, in a new buffer. */
unsigned char *make_message(const struct record *r);
/* The splitmix64 pattern against its first bytes (tests/vectors/README.md). */
void self_check(void);
/*
 * Each of the @n command-line arguments NAME:DRIVER (or NAME, its own
 * driver) through @test; a malformed one is a failure.
 */
void for_each_driver_arg(const char *const *args, size_t n,
			 void (*test)(const char *name, const char *driver,
				      uint64_t seed),
			 uint64_t seed);

/*
 * Keys through AF_ALG (libkcapi's included) are copied with
 * sock_kmalloc(), bounded by net.core.optmem_max: ensure_optmem() raises
 * it for a @keylen-byte key unless raise_optmem is false; setkey_why()
 * says why a setkey failed, naming optmem_max when that was the cause.
 */
extern bool raise_optmem;
void ensure_optmem(size_t keylen);
const char *setkey_why(int err, size_t keylen);

/* Random piece lengths adding up to @len (at least one piece); the count. */
size_t make_pieces(struct rng *r, size_t len, size_t **pieces);

/* NULL if @got bytes of @d are @c's digest, else why not (@got < 0: -errno). */
const char *digest_why(ssize_t got, const unsigned char *d,
		       const struct tcase *c);

#endif /* KH_VECTORS_H */
