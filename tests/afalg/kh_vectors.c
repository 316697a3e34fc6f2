// SPDX-License-Identifier: GPL-2.0
/*
 * kh_vectors: the known-answer vector files of tests/vectors/ as test
 * cases, and the output and helpers of the programs that run them through
 * the kernel: kh-afalg-test (raw AF_ALG sockets) and kh-kcapi-test
 * (libkcapi).  See kh_vectors.h.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "afalg.h"
#include "kh_vectors.h"

#define MAX_MSGLEN	(1U << 30)	/* refuse larger msglen values */
#define MAX_FIELDS	16

/* ---------------------------------------------------------------- output */

unsigned int n_pass, n_fail;

void pass(const char *fmt, ...)
{
	va_list ap;

	n_pass++;
	fputs("PASS: ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

void fail(const char *fmt, ...)
{
	va_list ap;

	n_fail++;
	fputs("FAIL: ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "%s: out of memory (%zu bytes)\n", prog, n);
		exit(2);
	}
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fprintf(stderr, "%s: out of memory (%zu bytes)\n", prog, n);
		exit(2);
	}
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

/* Hex of up to AFALG_MAX_DIGEST bytes, in one of two rotating buffers. */
const char *hex(const unsigned char *p, size_t n)
{
	static char bufs[2][2 * AFALG_MAX_DIGEST + 4];
	static unsigned int which;
	char *b = bufs[which++ & 1];
	size_t i;

	if (n > AFALG_MAX_DIGEST)
		n = AFALG_MAX_DIGEST;
	for (i = 0; i < n; i++)
		sprintf(b + 2 * i, "%02x", p[i]);
	b[2 * n] = 0;
	return b;
}

const char *errstr(int err)
{
	static char buf[2][96];
	static unsigned int which;
	char *b = buf[which++ & 1];

	snprintf(b, sizeof(buf[0]), "%s (%s)", afalg_errname(err),
		 strerror(err < 0 ? -err : err));
	return b;
}

uint64_t fnv1a64(const unsigned char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (n--) {
		h ^= *p++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* ------------------------------------------------------------ randomness */

uint64_t splitmix64_mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t rng_next(struct rng *r)
{
	r->state += SPLITMIX_GAMMA;
	return splitmix64_mix(r->state);
}

/* Uniform enough in [0, n) for test-case selection; n > 0. */
uint64_t rng_below(struct rng *r, uint64_t n)
{
	return rng_next(r) % n;
}

/* ------------------------------------------------------------ vectors */

struct record **records;
size_t n_records;
struct tcase *cases;
size_t n_cases;
struct extra_alg *extra;
size_t n_extra;
struct vecfile *vfiles;
size_t n_vfiles;

static void add_case(const char *suite, const struct record *rec,
		     unsigned char *key, size_t keylen, const struct blob *d)
{
	struct tcase *c;

	cases = xrealloc(cases, (n_cases + 1) * sizeof(*cases));
	c = &cases[n_cases++];
	c->suite = suite;
	c->rec = rec;
	c->key = key;
	c->keylen = keylen;
	c->digest = d->p;
	c->dlen = d->n;
}

static int unhex(const char *s, struct blob *b)
{
	size_t n = strlen(s), i;
	int hi, lo;

	if (n % 2)
		return -1;
	b->p = xmalloc(n / 2);
	b->n = n / 2;
	b->present = true;
	for (i = 0; i < n / 2; i++) {
		hi = s[2 * i];
		lo = s[2 * i + 1];
#define HEXVAL(c) ((c) >= '0' && (c) <= '9' ? (c) - '0' : \
		   (c) >= 'a' && (c) <= 'f' ? (c) - 'a' + 10 : -1)
		hi = HEXVAL(hi);
		lo = HEXVAL(lo);
#undef HEXVAL
		if (hi < 0 || lo < 0)
			return -1;
		b->p[i] = hi << 4 | lo;
	}
	return 0;
}

/* Strict decimal: digits only, no sign, no leading junk, <= max. */
int parse_dec(const char *s, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		if (v > (max - (*s - '0')) / 10)
			return -1;
		v = v * 10 + (*s - '0');
	}
	*out = v;
	return 0;
}

static int parse_pattern(struct record *r, const char *v)
{
	char buf[64], *a, *b;
	uint64_t x, y;
	size_t i;

	if (strlen(v) >= sizeof(buf))
		return -1;
	strcpy(buf, v);
	a = strchr(buf, ':');
	if (!a)
		return -1;
	*a++ = 0;
	b = strchr(a, ':');
	if (!b)
		return -1;
	*b++ = 0;
	if (!strcmp(buf, "affine")) {
		if (parse_dec(a, 255, &x) || parse_dec(b, 255, &y))
			return -1;
		r->pat = PAT_AFFINE;
		r->pa = x;
		r->pb = y;
		return 0;
	}
	if (!strcmp(buf, "splitmix64")) {
		if (strlen(a) != 16)
			return -1;
		x = 0;
		for (i = 0; i < 16; i++) {
			if (a[i] >= '0' && a[i] <= '9')
				x = x << 4 | (a[i] - '0');
			else if (a[i] >= 'a' && a[i] <= 'f')
				x = x << 4 | (a[i] - 'a' + 10);
			else
				return -1;
		}
		if (parse_dec(b, UINT64_MAX, &y))
			return -1;
		r->pat = PAT_SPLITMIX;
		r->ps = x;
		r->pk = y;
		return 0;
	}
	return -1;
}

/* The message of @r, msglen bytes, into @out. */
static void expand_message(const struct record *r, unsigned char *out)
{
	uint64_t state, z;
	size_t i, skip;

	switch (r->pat) {
	case PAT_NONE:
		memcpy(out, r->msg.p, r->msglen);
		break;
	case PAT_AFFINE:
		for (i = 0; i < r->msglen; i++)
			out[i] = (unsigned char)(r->pa * i + r->pb);
		break;
	case PAT_SPLITMIX:
		/* Word j of the stream comes from state S + (j + 1) * gamma. */
		state = r->ps + (r->pk / 8) * SPLITMIX_GAMMA;
		skip = r->pk % 8;
		i = 0;
		while (i < r->msglen) {
			state += SPLITMIX_GAMMA;
			z = splitmix64_mix(state);
			for (; skip < 8 && i < r->msglen; skip++)
				out[i++] = (unsigned char)(z >> (8 * skip));
			skip = 0;
		}
		break;
	}
}

unsigned char *make_message(const struct record *r)
{
	unsigned char *m = xmalloc(r->msglen);

	expand_message(r, m);
	return m;
}

struct field {
	const char *name;
	const char *value;
};

static const char *const kind_name[] = {
	[K_HIGHWAY] = "highwayhash",
	[K_NHPOLY] = "nhpoly1305",
	[K_MM128] = "multimixer128",
	[K_STHASH] = "sthash",
};

/* Allowed field names of each kind, required ones first; NULL-terminated. */
static const char *const kind_fields[][8] = {
	[K_HIGHWAY] = { "key", "msglen", "digest64", "digest128", "digest256" },
	[K_NHPOLY] = { "key", "msglen", "digest" },
	[K_MM128] = { "key", "msglen", "digest" },
	[K_STHASH] = { "seed", "msglen", "digest", "key_personalization",
		       "hasher_personalization" },
	[K_GENERIC] = { "key", "msglen", "digest" },
};

static const unsigned int kind_required[] = {
	[K_HIGHWAY] = 5, [K_NHPOLY] = 3, [K_MM128] = 3, [K_STHASH] = 3,
	[K_GENERIC] = 3,
};

static struct blob *record_blob(struct record *r, const char *name)
{
	static const struct {
		const char *name;
		size_t off;
	} map[] = {
		{ "key", offsetof(struct record, key) },
		{ "seed", offsetof(struct record, seed) },
		{ "key_personalization", offsetof(struct record, c1) },
		{ "hasher_personalization", offsetof(struct record, c2) },
		{ "msg", offsetof(struct record, msg) },
		{ "digest", offsetof(struct record, digest) },
		{ "digest64", offsetof(struct record, d64) },
		{ "digest128", offsetof(struct record, d128) },
		{ "digest256", offsetof(struct record, d256) },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(map); i++)
		if (!strcmp(map[i].name, name))
			return (struct blob *)((char *)r + map[i].off);
	return NULL;
}

static void free_record(struct record *r)
{
	free(r->key.p);
	free(r->seed.p);
	free(r->c1.p);
	free(r->c2.p);
	free(r->msg.p);
	free(r->digest.p);
	free(r->d64.p);
	free(r->d128.p);
	free(r->d256.p);
	free(r);
}

/* Blob "le16 len | seed | le16 len | c1 | le16 len | c2" of sthash-personalized. */
static unsigned char *sthash_blob(const struct record *r, size_t *len)
{
	const struct blob *parts[3] = { &r->seed, &r->c1, &r->c2 };
	unsigned char *b, *p;
	size_t i, n = 6;

	for (i = 0; i < 3; i++)
		n += parts[i]->n;
	b = p = xmalloc(n);
	for (i = 0; i < 3; i++) {
		*p++ = parts[i]->n & 0xff;
		*p++ = parts[i]->n >> 8;
		if (parts[i]->n)
			memcpy(p, parts[i]->p, parts[i]->n);
		p += parts[i]->n;
	}
	*len = n;
	return b;
}

/*
 * Check and decode one record; on success add it and its test cases.
 * Return: 0, or -1 after a FAIL line.
 */
static int finish_record(const char *file, unsigned int line, enum kind kind,
			 const char *alg, const struct field *f,
			 unsigned int nf)
{
	const char *const *allowed = kind_fields[kind];
	unsigned int i, j, nreq = kind_required[kind];
	bool seen[8] = { false };
	const char *msglen = NULL, *msg = NULL, *pattern = NULL;
	struct record *r = calloc(1, sizeof(*r));
	const char *why = NULL;
	static const size_t hh_len[3] = { 8, 16, 32 };
	static const char *const hh_suite[3] = {
		"highwayhash64", "highwayhash128", "highwayhash256"
	};
	struct blob *b;
	unsigned char *key;
	size_t keylen;
	uint64_t v;

	if (!r) {
		fprintf(stderr, "%s: out of memory\n", prog);
		exit(2);
	}
	r->file = file;
	r->line = line;
	r->kind = kind;

	for (i = 0; i < nf; i++) {
		if (!strcmp(f[i].name, "msg")) {
			msg = f[i].value;
			continue;
		}
		if (!strcmp(f[i].name, "pattern")) {
			pattern = f[i].value;
			continue;
		}
		for (j = 0; allowed[j]; j++)
			if (!strcmp(allowed[j], f[i].name))
				break;
		if (!allowed[j]) {
			why = "unknown field";
			goto bad_field;
		}
		seen[j] = true;
		if (!strcmp(f[i].name, "msglen")) {
			msglen = f[i].value;
			continue;
		}
		b = record_blob(r, f[i].name);
		if (unhex(f[i].value, b)) {
			why = "value is not lowercase hex";
			goto bad_field;
		}
	}
	for (j = 0; j < nreq; j++) {
		if (!seen[j]) {
			fail("vectors %s:%u: required field %s missing", file,
			     line, allowed[j]);
			goto bad;
		}
	}
	if (!!msg == !!pattern) {
		fail("vectors %s:%u: need exactly one of msg and pattern", file,
		     line);
		goto bad;
	}
	if (parse_dec(msglen, MAX_MSGLEN, &v)) {
		fail("vectors %s:%u: bad msglen %s", file, line, msglen);
		goto bad;
	}
	r->msglen = v;
	if (msg) {
		if (unhex(msg, &r->msg)) {
			fail("vectors %s:%u: msg is not lowercase hex", file,
			     line);
			goto bad;
		}
		if (r->msg.n != r->msglen) {
			fail("vectors %s:%u: msg has %zu bytes, msglen says %zu",
			     file, line, r->msg.n, r->msglen);
			goto bad;
		}
		r->pat = PAT_NONE;
	} else if (parse_pattern(r, pattern)) {
		fail("vectors %s:%u: bad pattern %s", file, line, pattern);
		goto bad;
	}

	switch (kind) {
	case K_HIGHWAY:
		for (i = 0; i < 3; i++) {
			b = i == 0 ? &r->d64 : i == 1 ? &r->d128 : &r->d256;
			if (b->n != hh_len[i]) {
				fail("vectors %s:%u: digest%zu has %zu bytes",
				     file, line, 8 * hh_len[i], b->n);
				goto bad;
			}
		}
		if (r->key.n != 32)
			fprintf(stderr, "%s: note: %s:%u: %zu-byte key\n",
				prog, file, line, r->key.n);
		for (i = 0; i < 3; i++)
			add_case(hh_suite[i], r, r->key.p, r->key.n,
				 i == 0 ? &r->d64 : i == 1 ? &r->d128 : &r->d256);
		break;
	case K_NHPOLY:
	case K_MM128:
		if (r->digest.n != (kind == K_NHPOLY ? 16U : 64U)) {
			fail("vectors %s:%u: digest has %zu bytes", file, line,
			     r->digest.n);
			goto bad;
		}
		add_case(kind_name[kind], r, r->key.p, r->key.n, &r->digest);
		break;
	case K_STHASH:
		if (r->digest.n != 32) {
			fail("vectors %s:%u: digest has %zu bytes", file, line,
			     r->digest.n);
			goto bad;
		}
		if (r->seed.n > 0xffff || r->c1.n > 0xffff || r->c2.n > 0xffff) {
			fail("vectors %s:%u: seed or personalization longer than 65535 bytes",
			     file, line);
			goto bad;
		}
		if (!r->c1.n && !r->c2.n)
			add_case("sthash", r, r->seed.p, r->seed.n, &r->digest);
		key = sthash_blob(r, &keylen);
		add_case("sthash-personalized", r, key, keylen, &r->digest);
		break;
	case K_GENERIC:
		if (!r->digest.n || r->digest.n > AFALG_MAX_DIGEST) {
			fail("vectors %s:%u: digest has %zu bytes", file, line,
			     r->digest.n);
			goto bad;
		}
		add_case(alg, r, r->key.p, r->key.n, &r->digest);
		break;
	}
	records = xrealloc(records, (n_records + 1) * sizeof(*records));
	records[n_records++] = r;
	return 0;

bad_field:
	fail("vectors %s:%u: field %s: %s", file, line, f[i].name, why);
bad:
	free_record(r);
	return -1;
}

static enum kind kind_of(const char *alg, bool generic_ok)
{
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(kind_name); k++)
		if (kind_name[k] && !strcmp(kind_name[k], alg))
			return k;
	return generic_ok ? K_GENERIC : (enum kind)-1;
}

static int read_file(const char *path, char **out, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = xmalloc(cap + 1);
	ssize_t r;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		free(buf);
		return -errno;
	}
	for (;;) {
		if (n == cap) {
			cap *= 2;
			buf = xrealloc(buf, cap + 1);
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			r = -errno;
			close(fd);
			free(buf);
			return r;
		}
		if (!r)
			break;
		n += r;
	}
	close(fd);
	buf[n] = 0;
	*out = buf;
	*len = n;
	return 0;
}

/* "# algorithm: NAME" anywhere in a comment line; NAME into @alg. */
static bool algorithm_comment(const char *line, char *alg, size_t size)
{
	const char *p = line + 1;
	size_t n;

	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, "algorithm:", 10))
		return false;
	p += 10;
	while (*p == ' ' || *p == '\t')
		p++;
	n = strcspn(p, " \t");
	if (!n || n >= size)
		return false;
	memcpy(alg, p, n);
	alg[n] = 0;
	return true;
}

/* "# bad-keylens: 5,65" in an --alg-file. */
static void bad_keylens_comment(const char *line, struct extra_alg *ea)
{
	const char *p = strstr(line, "bad-keylens:");
	char *end;

	if (!p || !ea)
		return;
	p += 12;
	while (*p && ea->nbad < ARRAY_SIZE(ea->bad)) {
		while (*p == ' ' || *p == ',')
			p++;
		if (!*p)
			break;
		ea->bad[ea->nbad++] = strtoul(p, &end, 10);
		if (end == p)
			break;
		p = end;
	}
}

static bool blank(const char *s)
{
	for (; *s; s++)
		if (*s != ' ' && *s != '\t')
			return false;
	return true;
}

/*
 * Parse one vector file.  @generic: an --alg-file, whose algorithm may be
 * any crypto API name with fields key/msglen/msg|pattern/digest.
 */
void parse_vector_file(const char *path, bool generic)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	struct field f[MAX_FIELDS];
	unsigned int nf = 0, lineno = 0, rec_line = 0, nrec = 0;
	bool skip = false;	/* in a bad record: until the next blank line */
	struct extra_alg *ea = NULL;
	char alg[128] = "", *text = NULL, *line, *next, *eq;
	struct vecfile *vf;
	enum kind kind;
	size_t len = 0, i;
	int err;

	err = read_file(path, &text, &len);
	if (err) {
		fail("vectors %s: %s", path, errstr(err));
		return;
	}
	if (strlen(text) != len) {
		fail("vectors %s: NUL byte in file", base);
		goto out;
	}
	/* The algorithm line may be anywhere; find it first. */
	for (line = text; line; line = next) {
		next = strchr(line, '\n');
		if (line[0] == '#') {
			char tmp[128];

			if (next)
				*next = 0;
			if (algorithm_comment(line, tmp, sizeof(tmp)))
				strcpy(alg, tmp);
			if (next)
				*next = '\n';
		}
		if (next)
			next++;
	}
	if (!alg[0]) {
		/* No "# algorithm:" line: the file name stem. */
		snprintf(alg, sizeof(alg), "%s", base);
		if (strrchr(alg, '.'))
			*strrchr(alg, '.') = 0;
	}
	kind = kind_of(alg, generic);
	if ((int)kind < 0) {
		fail("vectors %s: unknown algorithm %s", base, alg);
		goto out;
	}
	if (generic) {
		extra = xrealloc(extra, (n_extra + 1) * sizeof(*extra));
		ea = &extra[n_extra++];
		memset(ea, 0, sizeof(*ea));
		ea->name = xstrdup(alg);
	}
	vfiles = xrealloc(vfiles, (n_vfiles + 1) * sizeof(*vfiles));
	vf = &vfiles[n_vfiles++];
	vf->name = xstrdup(base);
	vf->alg = xstrdup(alg);
	vf->records = 0;
	base = vf->name;

	for (line = text; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		else if (!*line)
			break;	/* after the last LF */
		lineno++;
		for (i = 0; line[i]; i++) {
			if ((unsigned char)line[i] >= 0x80 || line[i] == '\r') {
				fail("vectors %s:%u: not plain ASCII with LF line ends",
				     base, lineno);
				goto out;
			}
		}
		if (line[0] == '#') {
			if (generic)
				bad_keylens_comment(line, ea);
			continue;
		}
		if (blank(line)) {
			if (nf && !skip && !finish_record(base, rec_line, kind,
							  vf->alg, f, nf))
				nrec++;
			nf = 0;
			skip = false;
			continue;
		}
		if (skip)
			continue;
		eq = strchr(line, '=');
		if (!eq || eq == line ||
		    strspn(line, "abcdefghijklmnopqrstuvwxyz0123456789_") !=
		    (size_t)(eq - line)) {
			fail("vectors %s:%u: not NAME=VALUE", base, lineno);
			skip = true;
			continue;
		}
		*eq = 0;
		if (!nf)
			rec_line = lineno;
		for (i = 0; i < nf; i++)
			if (!strcmp(f[i].name, line))
				break;
		if (i < nf || nf == MAX_FIELDS) {
			fail("vectors %s:%u: %s", base, lineno,
			     i < nf ? "field given twice" : "too many fields");
			skip = true;
			continue;
		}
		f[nf].name = line;
		f[nf].value = eq + 1;
		nf++;
	}
	if (nf && !skip && !finish_record(base, rec_line, kind, vf->alg, f, nf))
		nrec++;
	vf->records = nrec;
out:
	/* Records keep no pointers into the text. */
	free(text);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void parse_vector_dir(const char *dir)
{
	char **names = NULL, *path;
	size_t n = 0, i, l;
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d) {
		fail("vectors %s: %s", dir, errstr(errno));
		return;
	}
	while ((de = readdir(d))) {
		l = strlen(de->d_name);
		if (l < 5 || strcmp(de->d_name + l - 4, ".txt"))
			continue;
		names = xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (!n)
		fail("vectors %s: no *.txt vector files", dir);
	qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		path = xmalloc(strlen(dir) + strlen(names[i]) + 2);
		sprintf(path, "%s/%s", dir, names[i]);
		parse_vector_file(path, false);
		free(path);
		free(names[i]);
	}
	free(names);
}

/* ---------------------------------------------- keys, pieces, results */

bool raise_optmem = true;

/*
 * AF_ALG copies a key with sock_kmalloc(), which refuses keylen >=
 * net.core.optmem_max (20480 by default in Linux 6.1) with ENOMEM before
 * the algorithm sees the key.  Raise the limit for keys that need it.
 */
void ensure_optmem(size_t keylen)
{
	long cur = afalg_optmem_max(), want = 131072;
	FILE *f;

	if (cur < 0 || (size_t)cur > keylen + 4096 || !raise_optmem)
		return;
	while ((size_t)want <= keylen + 4096)
		want *= 2;
	f = fopen("/proc/sys/net/core/optmem_max", "w");
	if (f) {
		fprintf(f, "%ld\n", want);
		if (fclose(f) == 0 && afalg_optmem_max() == want) {
			fprintf(stderr, "%s: note: raised net.core.optmem_max from %ld to %ld: AF_ALG copies keys with sock_kmalloc()\n",
				prog, cur, want);
			return;
		}
	}
	fprintf(stderr, "%s: note: could not raise net.core.optmem_max (%ld) for a %zu-byte key\n",
		prog, cur, keylen);
}

/* Why setkey with @keylen bytes failed, for a FAIL line. */
const char *setkey_why(int err, size_t keylen)
{
	static char buf[200];
	long om = afalg_optmem_max();

	if (err == -ENOMEM && om >= 0 && keylen + 1024 >= (size_t)om)
		snprintf(buf, sizeof(buf),
			 "%s: the %zu-byte key does not fit net.core.optmem_max=%ld (AF_ALG sock_kmalloc)",
			 errstr(err), keylen, om);
	else
		snprintf(buf, sizeof(buf), "%s", errstr(err));
	return buf;
}

/* Random piece length for a message with @left bytes to go. */
static size_t pick_piece(struct rng *r, size_t left)
{
	static const size_t edge[] = {
		1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65,
		127, 128, 129, 255, 256, 511, 1000, 1023, 1024, 1025, 2047,
		2048, 2049, 4095, 4096, 4097, 16384, 65535, 65536, 65537,
	};
	unsigned int c = rng_below(r, 100);
	size_t n;

	if (c < 4)
		n = 0;
	else if (c < 45)
		n = edge[rng_below(r, ARRAY_SIZE(edge))];
	else if (c < 70)
		n = 1 + rng_below(r, 100);
	else if (c < 90)
		n = 1 + rng_below(r, 5000);
	else
		n = 1 + rng_below(r, 300000);
	return n < left ? n : left;
}

/* Pieces adding up to @len; at least one. Returns the count. */
size_t make_pieces(struct rng *r, size_t len, size_t **pieces)
{
	size_t cap = 16, n = 0, left = len;
	size_t *p = xmalloc(cap * sizeof(*p));

	do {
		if (n == cap) {
			cap *= 2;
			p = xrealloc(p, cap * sizeof(*p));
		}
		p[n] = n >= 100000 ? left : pick_piece(r, left);
		left -= p[n++];
	} while (left);
	*pieces = p;
	return n;
}

const char *digest_why(ssize_t got, const unsigned char *d,
			      const struct tcase *c)
{
	static char buf[64 + 4 * AFALG_MAX_DIGEST];

	if (got < 0) {
		snprintf(buf, sizeof(buf), "%s", errstr(got));
		return buf;
	}
	if ((size_t)got != c->dlen) {
		snprintf(buf, sizeof(buf), "digest has %zd bytes, want %zu",
			 got, c->dlen);
		return buf;
	}
	if (memcmp(d, c->digest, c->dlen)) {
		snprintf(buf, sizeof(buf), "digest mismatch: got %s want %s",
			 hex(d, got), hex(c->digest, c->dlen));
		return buf;
	}
	return NULL;
}


/* The SplitMix64 stream starts af cd 1d 7b 39 a8 20 e2 for S = 0. */
void self_check(void)
{
	static const unsigned char want[10] = {
		0xaf, 0xcd, 0x1d, 0x7b, 0x39, 0xa8, 0x20, 0xe2, 0, 0
	};
	struct record r = { .pat = PAT_SPLITMIX, .msglen = 8 };
	unsigned char out[16];

	expand_message(&r, out);
	r.pk = 3;
	r.msglen = 5;
	expand_message(&r, out + 8);
	if (memcmp(out, want, 8) || memcmp(out + 8, want + 3, 5))
		fail("self-check: splitmix64 pattern expansion is wrong");
}

void for_each_driver_arg(const char *const *args, size_t n,
			 void (*test)(const char *name, const char *driver,
				      uint64_t seed),
			 uint64_t seed)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char *name = xstrdup(args[i]);
		char *colon = strchr(name, ':');
		const char *driver = colon ? colon + 1 : name;

		if (colon)
			*colon = 0;
		if (!*name || !*driver)
			fail("%s: bad NAME:DRIVER argument", args[i]);
		else
			test(name, driver, seed);
		free(name);
	}
}
