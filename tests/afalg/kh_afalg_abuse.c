// SPDX-License-Identifier: GPL-2.0
/*
 * kh-afalg-abuse: keyedhash's drivers under hostile and concurrent use from
 * user space through AF_ALG, against digests computed beforehand on the
 * host (tests/rig/kernel/abuse-ref.sh writes REFDIR).
 *
 * Build (static, for the busybox initramfs of the VM tests):
 *   gcc -O2 -Wall -Wextra -static -Itools -o kh-afalg-abuse \
 *	tests/afalg/kh_afalg_abuse.c tools/afalg.c
 *   (aarch64-linux-gnu-gcc the same way for arm64)
 *
 * Usage: kh-afalg-abuse [options] REFDIR NAME:DRIVER...
 *   --seed N        random seed (default 1); a run repeats with its seed
 *   --ops N         operations to do at least (default 100000)
 *   --procs N       worker processes hashing at once (default 8)
 *   --fds N         op sockets the parent holds open at once (default 1000)
 *   --module NAME   module to try to remove while its sockets are open
 *                   (default keyedhash; "" skips it)
 *   --time-limit S  stop after S seconds (default 600): a run that did not
 *                   reach --ops by then fails
 *   --smoke         only hash every reference message up to 4 KiB once per
 *                   driver; exit status 0 if all digests are right
 *
 * REFDIR/ref.txt has lines "NAME KEYFILE MSGFILE HEXDIGEST" (paths relative
 * to REFDIR): the key every driver of NAME is keyed with, and a message
 * with its digest.  NAME:DRIVER pairs name the drivers to abuse (bound by
 * driver name).
 *
 * The parent forks --procs workers.  Each worker keeps a keyed tfm socket
 * and an op socket per driver and runs random scenarios until its share of
 * --ops is done:
 *  - one-shot digests, and messages sent in random pieces with MSG_MORE;
 *  - accept() on an op socket in the middle of a message (a clone), both
 *    finished and compared;
 *  - hostile keys on a fresh tfm socket: lengths 0, 1, 15..17, 31..33,
 *    1087..1089, 4096, 4097, 16384, 16385, 65536, 65568, random, random
 *    sthash-personalized blobs, and keys of net.core.optmem_max bytes or
 *    more; the expected outcome follows the algorithm's documented key
 *    rules (README "Errors"), ENOMEM for a key AF_ALG cannot copy.  After
 *    a rejected key the socket must hash with ENOKEY; after an ENOMEM the
 *    previous key must still be in force (AF_ALG never passed the key on);
 *  - setkey on a tfm whose keyed op socket is open: EBUSY;
 *  - no key at all: ENOKEY from send(), read() and accept() on the op;
 *  - Multimixer-128 messages longer than the key (EINVAL from the send()
 *    that crosses its end) or of a length that is not a positive multiple
 *    of 32 (EINVAL from the send() without MSG_MORE, or from read()).
 * Meanwhile the parent opens --fds op sockets at once, starts a message
 * on each, finishes them in random order, and tries to remove --module
 * while those sockets are open, which Linux 6.1 refuses with EAGAIN
 * (EWOULDBLOCK from delete_module(): the module's reference count is not
 * zero).
 *
 * An operation is one checked AF_ALG or module call (socket+bind,
 * setsockopt, accept, send, read, delete_module) whose result was what the
 * scenario expects.  Output: PASS:/FAIL: lines, then
 *   figures: operations=N digests=N mismatches=N unexpected=N
 *            EINVAL=N ENOKEY=N ENOMEM=N EBUSY=N EAGAIN=N ...
 * and "kh-afalg-abuse: N passed, M failed".  Exit status 1 if any check
 * failed, 2 on bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "afalg.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define MAX_DRIVERS	64
#define MAX_PROCS	64
#define MAX_DETAILS	10	/* detail lines per process */
#define SMOKE_MAXLEN	4096

static const char *prog = "kh-afalg-abuse";

/* ------------------------------------------------------------- reference */

struct ref {
	unsigned char *msg;
	size_t len;
	unsigned char digest[AFALG_MAX_DIGEST];
};

struct alg {
	char name[AFALG_MAX_NAME + 1];
	unsigned char *key;
	size_t keylen;
	size_t dsize;
	struct ref *refs;
	size_t nrefs;
};

struct driver {
	char driver[AFALG_MAX_NAME + 1];
	struct alg *alg;
	int tfm;	/* keyed with alg->key, per process */
	int op;		/* op socket from tfm, between messages */
};

static struct alg algs[MAX_DRIVERS];
static size_t nalgs;
static struct driver drivers[MAX_DRIVERS];
static size_t ndrivers;
static long optmem_max;

/* ------------------------------------------------------------ statistics */

/* The errnos a scenario may expect, counted when they come as expected. */
static const int known_errs[] = { EINVAL, ENOKEY, ENOMEM, EBUSY, EAGAIN };
#define NERR	ARRAY_SIZE(known_errs)

struct stats {
	uint64_t ops;
	uint64_t digests;
	uint64_t mismatches;
	uint64_t unexpected;
	uint64_t err[NERR];
	uint64_t rmmod;		/* refused removals */
	uint64_t fds_peak;
	unsigned int details;
	int exit_status;
};

static struct stats *all_stats;	/* shared: one per process, parent last */
static struct stats *st;

static void __attribute__((format(printf, 1, 2))) detail(const char *fmt, ...)
{
	va_list ap;

	if (st->details++ >= MAX_DETAILS)
		return;
	printf("  [pid %d] ", (int)getpid());
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static void count_err(int err)
{
	size_t i;

	for (i = 0; i < NERR; i++)
		if (known_errs[i] == -err)
			st->err[i]++;
}

/*
 * One checked call: @got (0 or a negative errno; a byte count counts as
 * success) against @want.  Returns whether they agree.
 */
static bool expect(const char *drv, const char *what, long got, int want)
{
	if (got > 0)
		got = 0;
	st->ops++;
	if (got == want) {
		if (want)
			count_err(want);
		return true;
	}
	st->unexpected++;
	detail("%s %s: %s, want %s", drv, what, afalg_errname((int)got),
	       want ? afalg_errname(want) : "success");
	return false;
}

/* A digest read with afalg_read_digest(): compare with the reference. */
static void check_digest(const struct driver *d, const char *what,
			 ssize_t got, const unsigned char *out,
			 const struct ref *r)
{
	if (!expect(d->driver, what, got, 0))
		return;
	st->digests++;
	if ((size_t)got != d->alg->dsize ||
	    memcmp(out, r->digest, d->alg->dsize)) {
		st->mismatches++;
		detail("%s %s: wrong digest of the %zu-byte message", d->driver,
		       what, r->len);
	}
}

/* ------------------------------------------------------------------ misc */

struct rng {
	uint64_t s;
};

static struct rng rng;

static uint64_t rnd(void)
{
	uint64_t z = (rng.s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t below(uint64_t n)
{
	return n ? rnd() % n : 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "%s: out of memory\n", prog);
		exit(2);
	}
	return p;
}

static unsigned char *read_all(const char *dir, const char *name, size_t *len)
{
	char path[4096];
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0;
	ssize_t r;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		exit(2);
	}
	do {
		if (n == cap) {
			cap = cap ? 2 * cap : 65536;
			buf = realloc(buf, cap);
			if (!buf) {
				fprintf(stderr, "%s: out of memory\n", prog);
				exit(2);
			}
		}
		r = read(fd, buf + n, cap - n);
		if (r > 0)
			n += r;
	} while (r > 0);
	close(fd);
	if (r < 0) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		exit(2);
	}
	*len = n;
	return buf;
}

static int unhex(const char *s, unsigned char *out, size_t max)
{
	size_t n = strlen(s), i;
	unsigned int v;

	if (n % 2 || n / 2 > max || !n)
		return -1;
	for (i = 0; i < n / 2; i++) {
		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = v;
	}
	return n / 2;
}

static struct alg *find_alg(const char *name)
{
	size_t i;

	for (i = 0; i < nalgs; i++)
		if (!strcmp(algs[i].name, name))
			return &algs[i];
	return NULL;
}

static void read_refs(const char *dir)
{
	char name[128], keyf[512], msgf[512], hexd[2 * AFALG_MAX_DIGEST + 2];
	char line[2048], path[4096];
	unsigned int lineno = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/ref.txt", dir);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		struct alg *a;
		struct ref *r;
		int ds;

		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%127s %511s %511s %129s", name, keyf, msgf,
			   hexd) != 4 || strlen(name) > AFALG_MAX_NAME) {
			fprintf(stderr, "%s: %s:%u: bad line\n", prog, path, lineno);
			exit(2);
		}
		a = find_alg(name);
		if (!a) {
			if (nalgs == MAX_DRIVERS) {
				fprintf(stderr, "%s: too many algorithms\n", prog);
				exit(2);
			}
			a = &algs[nalgs++];
			strcpy(a->name, name);
			a->key = read_all(dir, keyf, &a->keylen);
		}
		a->refs = realloc(a->refs, (a->nrefs + 1) * sizeof(*a->refs));
		if (!a->refs) {
			fprintf(stderr, "%s: out of memory\n", prog);
			exit(2);
		}
		r = &a->refs[a->nrefs++];
		r->msg = read_all(dir, msgf, &r->len);
		ds = unhex(hexd, r->digest, sizeof(r->digest));
		if (ds < 0 || (a->dsize && (size_t)ds != a->dsize)) {
			fprintf(stderr, "%s: %s:%u: bad digest\n", prog, path, lineno);
			exit(2);
		}
		a->dsize = ds;
	}
	fclose(f);
}

static bool module_loaded(const char *module)
{
	char line[512];
	size_t n = strlen(module);
	bool found = false;
	FILE *f = fopen("/proc/modules", "r");

	if (!f || !n)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = !strncmp(line, module, n) && line[n] == ' ';
	fclose(f);
	return found;
}

/* ------------------------------------------------------------- key rules */

static bool is_alg(const struct alg *a, const char *name)
{
	return !strcmp(a->name, name);
}

static uint16_t le16(const unsigned char *p)
{
	return p[0] | p[1] << 8;
}

/* sthash-personalized: le16 n | seed | le16 n | c1 | le16 n | c2, exactly */
static bool blob_ok(const unsigned char *k, size_t len)
{
	size_t off = 0, l, seed = 0;
	int i;

	if (len > 16384)
		return false;
	for (i = 0; i < 3; i++) {
		if (len - off < 2)
			return false;
		l = le16(k + off);
		off += 2;
		if (len - off < l)
			return false;
		if (!i)
			seed = l;
		off += l;
	}
	return off == len && seed >= 16 && seed <= 4096;
}

/*
 * The documented outcome of setting a @len-byte key through AF_ALG:
 * EINVAL from the socket layer for a length that is negative as an int,
 * ENOMEM when AF_ALG cannot copy it (sock_kmalloc(): len >=
 * net.core.optmem_max on a socket holding no other option memory), else
 * the algorithm's rule (README "Errors").  1 if the algorithm is unknown.
 */
static int want_setkey(const struct alg *a, const unsigned char *key,
		       size_t len)
{
	bool ok;

	if (len > INT32_MAX)
		return -EINVAL;
	if ((long)len >= optmem_max)
		return -ENOMEM;
	if (!strncmp(a->name, "highwayhash", 11))
		ok = len == 32;
	else if (is_alg(a, "nhpoly1305"))
		ok = len == 1088;
	else if (is_alg(a, "sthash"))
		ok = len >= 16 && len <= 4096;
	else if (is_alg(a, "sthash-personalized"))
		ok = blob_ok(key, len);
	else if (is_alg(a, "multimixer128"))
		ok = len && len % 32 == 0 && len <= 65536;
	else
		return 1;
	return ok ? 0 : -EINVAL;
}

/* ------------------------------------------------------------- scenarios */

static unsigned char *keybuf;	/* random bytes for keys and messages */
static size_t keybuf_len;
static unsigned char out1[AFALG_MAX_DIGEST], out2[AFALG_MAX_DIGEST];

static const struct ref *pick_ref(const struct driver *d)
{
	return &d->alg->refs[below(d->alg->nrefs)];
}

static bool open_op(struct driver *d)
{
	d->op = afalg_accept(d->tfm);
	return expect(d->driver, "accept()", d->op < 0 ? d->op : 0, 0);
}

/* After an unexpected result the op socket's state is unknown: renew it. */
static void renew_op(struct driver *d)
{
	if (d->op >= 0)
		close(d->op);
	open_op(d);
}

static bool setup_driver(struct driver *d)
{
	d->op = -1;
	d->tfm = afalg_open(d->driver);
	if (!expect(d->driver, "socket()+bind()", d->tfm < 0 ? d->tfm : 0, 0))
		return false;
	if (!expect(d->driver, "setkey", afalg_setkey(d->tfm, d->alg->key,
						      d->alg->keylen), 0))
		return false;
	return open_op(d);
}

static void sc_oneshot(struct driver *d)
{
	const struct ref *r = pick_ref(d);

	if (!expect(d->driver, "one-shot send()",
		    afalg_send(d->op, r->msg, r->len, false), 0)) {
		renew_op(d);
		return;
	}
	check_digest(d, "one-shot", afalg_read_digest(d->op, out1, sizeof(out1)),
		     out1, r);
}

/* A piece length for a message with @left bytes to go. */
static size_t piece(size_t left)
{
	static const size_t edge[] = {
		0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 1023, 1024, 1025,
		4095, 4096, 4097,
	};
	size_t n;

	switch (below(3)) {
	case 0:
		n = edge[below(ARRAY_SIZE(edge))];
		break;
	case 1:
		n = below(200);
		break;
	default:
		n = below(left + 1);
		break;
	}
	return n < left ? n : left;
}

/* Send @r->msg from @pos in random MSG_MORE pieces; false on failure. */
static bool send_rest(struct driver *d, int op, const struct ref *r,
		      size_t pos)
{
	unsigned int i = 0;

	do {
		size_t n = ++i > 8 ? r->len - pos : piece(r->len - pos);

		if (!expect(d->driver, "send(MSG_MORE)",
			    afalg_send(op, r->msg + pos, n, true), 0))
			return false;
		pos += n;
	} while (pos < r->len);
	/* finish with read() alone, or a last send() of 0 bytes first */
	if (below(2))
		return expect(d->driver, "last send() of 0 bytes",
			      afalg_send(op, NULL, 0, false), 0);
	return true;
}

static void sc_split(struct driver *d)
{
	const struct ref *r = pick_ref(d);

	if (!send_rest(d, d->op, r, 0)) {
		renew_op(d);
		return;
	}
	check_digest(d, "MSG_MORE pieces",
		     afalg_read_digest(d->op, out1, sizeof(out1)), out1, r);
}

/* accept() on a live op socket: original and clone finish the message. */
static void sc_clone(struct driver *d)
{
	const struct ref *r = pick_ref(d);
	size_t cut = below(r->len + 1);
	int clone, first;

	if (!expect(d->driver, "send(MSG_MORE) before accept()",
		    afalg_send(d->op, r->msg, cut, true), 0)) {
		renew_op(d);
		return;
	}
	clone = afalg_accept(d->op);
	if (!expect(d->driver, "accept() on an op socket",
		    clone < 0 ? clone : 0, 0)) {
		renew_op(d);
		return;
	}
	first = below(2);
	if (first && send_rest(d, clone, r, cut))
		check_digest(d, "accept() clone",
			     afalg_read_digest(clone, out2, sizeof(out2)),
			     out2, r);
	if (send_rest(d, d->op, r, cut))
		check_digest(d, "original after accept()",
			     afalg_read_digest(d->op, out1, sizeof(out1)),
			     out1, r);
	else
		renew_op(d);
	if (!first && send_rest(d, clone, r, cut))
		check_digest(d, "accept() clone",
			     afalg_read_digest(clone, out2, sizeof(out2)),
			     out2, r);
	close(clone);
}

/* A sthash-personalized blob with random part lengths, often malformed. */
static size_t make_blob(unsigned char *b, size_t cap)
{
	static const size_t seedlens[] = { 0, 1, 15, 16, 17, 32, 4096, 4097 };
	size_t off = 0, l;
	int i;

	for (i = 0; i < 3; i++) {
		if (!i)
			l = below(2) ? seedlens[below(ARRAY_SIZE(seedlens))] :
				       below(5000);
		else
			l = below(4) ? below(300) : below(9000);
		if (off + 2 + l > cap)
			break;
		b[off] = l & 0xff;
		b[off + 1] = l >> 8;
		memcpy(b + off + 2, keybuf + below(4096), l);
		off += 2 + l;
	}
	switch (below(5)) {
	case 0:		/* a trailing byte */
		b[off++] = 0;
		break;
	case 1:		/* one byte short */
		if (off)
			off--;
		break;
	}
	return off;
}

/* A hostile key length: edges of every rule, random, and huge. */
static size_t hostile_len(void)
{
	static const size_t fixed[] = {
		0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 64, 1087, 1088, 1089,
		2176, 4095, 4096, 4097, 16383, 16384, 16385, 65535, 65536,
		65568,
	};

	switch (below(8)) {
	case 0:
	case 1:
	case 2:
		return fixed[below(ARRAY_SIZE(fixed))];
	case 3:
		return below(70000);
	case 4:		/* at the edge of what AF_ALG copies */
		return optmem_max - 2 + below(4);
	case 5:		/* longer than the buffer: the kernel must not read it */
		return below(2) ? 1UL << 24 : 1UL << 30;
	case 6:		/* a negative int to the socket layer */
		return below(2) ? 1UL << 31 : 0xffffffffUL;
	default:
		return optmem_max + below(1 << 20);
	}
}

/*
 * Hostile keys on a fresh tfm socket, with or without a good key set first.
 * Then hash: a good key hashes, one the algorithm rejected leaves no key
 * (ENOKEY), and one refused before the algorithm saw it (ENOMEM from
 * AF_ALG, EINVAL from the socket layer for a negative length) leaves the
 * previous key in force.
 */
static void sc_badkey(struct driver *d)
{
	const struct alg *a = d->alg;
	unsigned char blob[20000];
	const unsigned char *key = keybuf + below(64);
	bool prekey = below(2);
	size_t len;
	int tfm, op, want, err;

	if (is_alg(a, "sthash-personalized") && below(2)) {
		len = make_blob(blob, sizeof(blob));
		key = blob;
	} else {
		len = hostile_len();
	}
	want = want_setkey(a, key, len);
	if (want > 0)
		return;		/* no rules known for this algorithm */
	tfm = afalg_open(d->driver);
	if (!expect(d->driver, "socket()+bind()", tfm < 0 ? tfm : 0, 0))
		return;
	if (prekey && !expect(d->driver, "setkey (good key)",
			      afalg_setkey(tfm, a->key, a->keylen), 0))
		goto out;
	err = afalg_setkey(tfm, key, len);
	if (!expect(d->driver, "hostile setkey", err, want)) {
		detail("  (the key had %zu bytes)", len);
		goto out;
	}
	op = afalg_accept(tfm);
	if (!expect(d->driver, "accept() after a hostile setkey",
		    op < 0 ? op : 0, 0))
		goto out;
	if (!want) {
		/* any valid message: a Multimixer-128 key has >= 32 bytes */
		ssize_t got = afalg_digest(op, keybuf, 32, out1, sizeof(out1),
					   NULL);

		if (expect(d->driver, "hash with a hostile but valid key", got,
			   0) && (size_t)got != a->dsize) {
			st->unexpected++;
			detail("%s: digest of %zd bytes", d->driver, got);
		}
	} else if (prekey && (want == -ENOMEM || len > INT32_MAX)) {
		/* refused before the algorithm saw it: the old key stays */
		const struct ref *r = pick_ref(d);

		if (expect(d->driver, "send() with the key from before",
			   afalg_send(op, r->msg, r->len, false), 0))
			check_digest(d, "key kept after a key AF_ALG refused",
				     afalg_read_digest(op, out1, sizeof(out1)),
				     out1, r);
	} else if (!expect(d->driver, "send() after a refused key",
			   afalg_send(op, keybuf, 32, below(2)), -ENOKEY)) {
		detail("  (%zu-byte key refused with %s, %s)", len,
		       afalg_errname(want),
		       prekey ? "after a good key" : "no key before");
	}
	close(op);
out:
	close(tfm);
}

/* ALG_SET_KEY while an op socket with the key is open: EBUSY. */
static void sc_busy(struct driver *d)
{
	expect(d->driver, "setkey while an op socket is open",
	       afalg_setkey(d->tfm, d->alg->key, d->alg->keylen), -EBUSY);
}

/* No key at all: the op socket hashes nothing, in any order of calls. */
static void sc_nokey(struct driver *d)
{
	int tfm = afalg_open(d->driver), op, i, c;

	if (!expect(d->driver, "socket()+bind()", tfm < 0 ? tfm : 0, 0))
		return;
	op = afalg_accept(tfm);
	if (!expect(d->driver, "accept() without a key", op < 0 ? op : 0, 0)) {
		close(tfm);
		return;
	}
	for (i = 0; i < 4; i++) {
		switch (below(4)) {
		case 0:
			expect(d->driver, "no key: send()",
			       afalg_send(op, keybuf, below(100), false), -ENOKEY);
			break;
		case 1:
			expect(d->driver, "no key: send(MSG_MORE)",
			       afalg_send(op, keybuf, below(100), true), -ENOKEY);
			break;
		case 2:
			expect(d->driver, "no key: read()",
			       afalg_read_digest(op, out1, sizeof(out1)), -ENOKEY);
			break;
		default:
			c = afalg_accept(op);
			expect(d->driver, "no key: accept() on the op socket",
			       c < 0 ? c : 0, -ENOKEY);
			if (c >= 0)
				close(c);
			break;
		}
	}
	close(op);
	close(tfm);
}

/*
 * Multimixer-128's message rules, each on a fresh op socket: longer than
 * the key is refused by the send() crossing its end, an empty or partial
 * last block by whatever runs final(): send() without MSG_MORE, or read().
 */
static void sc_mm_bad(struct driver *d)
{
	size_t k = d->alg->keylen, n;
	int op = afalg_accept(d->tfm), err;

	if (!expect(d->driver, "accept()", op < 0 ? op : 0, 0))
		return;
	n = 1 + below(k - 1);
	if (n % 32 == 0)
		n--;
	switch (below(6)) {
	case 0:
		expect(d->driver, "mm128: one send() past the key's end",
		       afalg_send(op, keybuf, k + 32 * (1 + below(4)), false),
		       -EINVAL);
		break;
	case 1:
		if (expect(d->driver, "mm128: send(MSG_MORE) of the key's length",
			   afalg_send(op, keybuf, k, true), 0))
			expect(d->driver, "mm128: send(MSG_MORE) past the key's end",
			       afalg_send(op, keybuf, 1 + below(64), true),
			       -EINVAL);
		break;
	case 2:
		expect(d->driver, "mm128: one send() of a partial block",
		       afalg_send(op, keybuf, n, false), -EINVAL);
		break;
	case 3:
		if (expect(d->driver, "mm128: send(MSG_MORE) of a partial block",
			   afalg_send(op, keybuf, n, true), 0))
			expect(d->driver, "mm128: read() after a partial block",
			       afalg_read_digest(op, out1, sizeof(out1)),
			       -EINVAL);
		break;
	case 4:
		expect(d->driver, "mm128: read() of the empty message",
		       afalg_read_digest(op, out1, sizeof(out1)), -EINVAL);
		break;
	default:
		/*
		 * Up to 6.x a send() of 0 bytes hashes the empty message
		 * (EINVAL); 7.x starts no request for it, and the read()
		 * after it finishes the empty message (EINVAL there).
		 */
		err = afalg_send(op, NULL, 0, false);
		if (err)
			expect(d->driver, "mm128: send() of 0 bytes", err, -EINVAL);
		else
			expect(d->driver, "mm128: read() after a send() of 0 bytes",
			       afalg_read_digest(op, out1, sizeof(out1)), -EINVAL);
		break;
	}
	close(op);
}

static const char *module_name = "keyedhash";
static bool try_module;

/* delete_module() while this process holds sockets: EAGAIN in 6.1. */
static void try_rmmod(void)
{
	long r;

	if (!try_module)
		return;
	r = syscall(SYS_delete_module, module_name, O_NONBLOCK);
	if (expect(module_name, "delete_module() while sockets are open",
		   r < 0 ? -errno : 0, -EAGAIN))
		st->rmmod++;
	else if (r == 0)
		detail("%s was removed while its sockets were open", module_name);
}

/*
 * Hold @nfds op sockets at once, spread over the drivers, each with a
 * message started; try to remove the module; then finish them in random
 * order.
 */
static void sc_many(size_t nfds)
{
	struct held {
		struct driver *d;
		const struct ref *r;
		size_t cut;
		int op;
	} *h = xmalloc(nfds * sizeof(*h));
	size_t i, n = 0;

	for (i = 0; i < nfds; i++) {
		struct held *x = &h[n];

		x->d = &drivers[i % ndrivers];
		x->op = afalg_accept(x->d->tfm);
		if (!expect(x->d->driver, "accept() of one of many",
			    x->op < 0 ? x->op : 0, 0))
			break;
		x->r = pick_ref(x->d);
		x->cut = below(x->r->len + 1);
		n++;
		if (!expect(x->d->driver, "send(MSG_MORE) on one of many",
			    afalg_send(x->op, x->r->msg, x->cut, true), 0))
			x->cut = SIZE_MAX;
	}
	if (n > st->fds_peak)
		st->fds_peak = n;
	try_rmmod();
	for (i = n; i > 1; i--) {
		size_t j = below(i);
		struct held t = h[i - 1];

		h[i - 1] = h[j];
		h[j] = t;
	}
	for (i = 0; i < n; i++) {
		struct held *x = &h[i];

		if (x->cut != SIZE_MAX && send_rest(x->d, x->op, x->r, x->cut))
			check_digest(x->d, "one of many op sockets",
				     afalg_read_digest(x->op, out1, sizeof(out1)),
				     out1, x->r);
		close(x->op);
	}
	free(h);
}

/* Random scenarios until this process has done @quota operations. */
static void run_scenarios(uint64_t quota, double deadline, bool parent)
{
	uint64_t last_rmmod = 0;
	unsigned int iter = 0;

	while (st->ops < quota) {
		struct driver *d = &drivers[below(ndrivers)];
		unsigned int c = below(100);

		if (!(++iter % 64) && now() > deadline)
			break;
		if (parent && st->ops - last_rmmod >= 2000) {
			try_rmmod();
			last_rmmod = st->ops;
		}
		if (c < 28)
			sc_oneshot(d);
		else if (c < 56)
			sc_split(d);
		else if (c < 70)
			sc_clone(d);
		else if (c < 84)
			sc_badkey(d);
		else if (c < 87)
			sc_busy(d);
		else if (c < 93)
			sc_nokey(d);
		else if (is_alg(d->alg, "multimixer128"))
			sc_mm_bad(d);
		else
			sc_oneshot(d);
	}
}

static bool setup_all(void)
{
	size_t i;

	for (i = 0; i < ndrivers; i++)
		if (!setup_driver(&drivers[i]))
			return false;
	return true;
}

static void close_all(void)
{
	size_t i;

	for (i = 0; i < ndrivers; i++) {
		if (drivers[i].op >= 0)
			close(drivers[i].op);
		if (drivers[i].tfm >= 0)
			close(drivers[i].tfm);
		drivers[i].op = drivers[i].tfm = -1;
	}
}

/* --smoke: every reference message up to 4 KiB once per driver. */
static int smoke(void)
{
	size_t i, j;

	if (setup_all())
		for (i = 0; i < ndrivers; i++) {
			struct driver *d = &drivers[i];

			for (j = 0; j < d->alg->nrefs; j++) {
				const struct ref *r = &d->alg->refs[j];

				if (r->len > SMOKE_MAXLEN)
					continue;
				if (expect(d->driver, "one-shot send()",
					   afalg_send(d->op, r->msg, r->len,
						      false), 0))
					check_digest(d, "one-shot",
						     afalg_read_digest(d->op, out1,
								       sizeof(out1)),
						     out1, r);
				else
					renew_op(d);
			}
		}
	close_all();
	printf("%s --smoke: %llu digests, %llu mismatches, %llu unexpected results\n",
	       prog, (unsigned long long)st->digests,
	       (unsigned long long)st->mismatches,
	       (unsigned long long)st->unexpected);
	return st->digests && !st->mismatches && !st->unexpected ? 0 : 1;
}

/* ------------------------------------------------------------------ main */

static unsigned int n_pass, n_fail;

static void __attribute__((format(printf, 2, 3)))
result(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s: abuse: ", ok ? "PASS" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (ok)
		n_pass++;
	else
		n_fail++;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: %s [--seed N] [--ops N] [--procs N] [--fds N] [--module NAME]\n"
		"       [--time-limit S] [--smoke] REFDIR NAME:DRIVER...\n", prog);
}

static bool parse_num(const char *s, uint64_t max, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return !errno && *end == 0 && end != s && *v <= max;
}

/* Collect ended workers (all of them if @wait); true while any runs. */
static bool reap(pid_t *pids, size_t n, bool wait, unsigned int *crashed)
{
	bool running = false;
	size_t i;

	for (i = 0; i < n; i++) {
		int status = 0;
		pid_t r;

		if (!pids[i])
			continue;
		r = waitpid(pids[i], &status, wait ? 0 : WNOHANG);
		if (r == 0) {
			running = true;
			continue;
		}
		if (r < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
			(*crashed)++;
			printf("  worker %d ended abnormally (status 0x%x)\n",
			       (int)pids[i], status);
		}
		pids[i] = 0;
	}
	return running;
}

static void raise_nofile(size_t want)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl))
		return;
	if (rl.rlim_max < want)
		rl.rlim_max = want;
	rl.rlim_cur = rl.rlim_max;
	if (setrlimit(RLIMIT_NOFILE, &rl))
		fprintf(stderr, "%s: note: cannot raise RLIMIT_NOFILE to %zu: %s\n",
			prog, want, strerror(errno));
}

int main(int argc, char **argv)
{
	uint64_t seed = 1, ops = 100000, procs = 8, fds = 1000, limit = 600;
	struct stats sum = { 0 };
	bool smoke_only = false;
	pid_t pids[MAX_PROCS];
	unsigned int crashed = 0;
	double t0, deadline, secs;
	const char *refdir;
	size_t i, k;
	int ai;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (ai = 1; ai < argc && argv[ai][0] == '-'; ai++) {
		const char *o = argv[ai], *v = ai + 1 < argc ? argv[ai + 1] : NULL;
		uint64_t *num = NULL, max = UINT32_MAX;

		if (!strcmp(o, "--smoke")) {
			smoke_only = true;
			continue;
		}
		if (!strcmp(o, "--help")) {
			usage(stdout);
			return 0;
		}
		if (!v) {
			usage(stderr);
			return 2;
		}
		if (!strcmp(o, "--seed")) {
			num = &seed;
			max = UINT64_MAX;
		} else if (!strcmp(o, "--ops")) {
			num = &ops;
		} else if (!strcmp(o, "--procs")) {
			num = &procs;
			max = MAX_PROCS;
		} else if (!strcmp(o, "--fds")) {
			num = &fds;
		} else if (!strcmp(o, "--time-limit")) {
			num = &limit;
		} else if (!strcmp(o, "--module")) {
			module_name = v;
		} else {
			usage(stderr);
			return 2;
		}
		if (num && !parse_num(v, max, num)) {
			usage(stderr);
			return 2;
		}
		ai++;
	}
	if (argc - ai < 2) {
		usage(stderr);
		return 2;
	}
	refdir = argv[ai++];
	read_refs(refdir);
	for (; ai < argc; ai++) {
		char *c = strchr(argv[ai], ':');
		struct driver *d = &drivers[ndrivers];

		if (!c || ndrivers == MAX_DRIVERS || strlen(c + 1) > AFALG_MAX_NAME) {
			usage(stderr);
			return 2;
		}
		*c = 0;
		d->alg = find_alg(argv[ai]);
		if (!d->alg) {
			printf("FAIL: abuse: no reference digests for %s (driver %s): add it to tests/rig/kernel/abuse-ref.sh\n",
			       argv[ai], c + 1);
			n_fail++;
			continue;
		}
		strcpy(d->driver, c + 1);
		d->tfm = d->op = -1;
		ndrivers++;
	}
	if (!ndrivers) {
		fprintf(stderr, "%s: no drivers to test\n", prog);
		return 2;
	}

	optmem_max = afalg_optmem_max();
	if (optmem_max <= 0)
		optmem_max = 20480;
	keybuf_len = (optmem_max > 65568 ? optmem_max : 65568) + (1 << 20) + 128;
	keybuf = xmalloc(keybuf_len);
	rng.s = seed;
	for (k = 0; k + 8 <= keybuf_len; k += 8) {
		uint64_t v = rnd();

		memcpy(keybuf + k, &v, 8);
	}
	all_stats = mmap(NULL, (procs + 1) * sizeof(*all_stats),
			 PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (all_stats == MAP_FAILED) {
		fprintf(stderr, "%s: mmap: %s\n", prog, strerror(errno));
		return 2;
	}
	st = &all_stats[procs];
	if (smoke_only)
		return smoke();

	try_module = module_name[0] && module_loaded(module_name);
	raise_nofile(fds + 4 * ndrivers + 64);
	printf("%s: seed %llu, %zu drivers, %llu processes + the parent, at least %llu operations, %llu op sockets at once, net.core.optmem_max %ld\n",
	       prog, (unsigned long long)seed, ndrivers,
	       (unsigned long long)procs, (unsigned long long)ops,
	       (unsigned long long)fds, optmem_max);
	if (module_name[0] && !try_module)
		printf("%s: note: %s is not a loaded module: no removal attempts\n",
		       prog, module_name);

	t0 = now();
	deadline = t0 + limit;
	for (i = 0; i < procs; i++) {
		pids[i] = fork();
		if (pids[i] < 0) {
			fprintf(stderr, "%s: fork: %s\n", prog, strerror(errno));
			pids[i] = 0;
			crashed++;
			continue;
		}
		if (!pids[i]) {
			st = &all_stats[i];
			rng.s = seed * 1000003 + i + 1;
			if (setup_all())
				run_scenarios(ops / (procs + 1), deadline, false);
			close_all();
			_exit(0);
		}
	}
	/*
	 * The parent: many sockets at once, then its share of the scenarios
	 * with removal attempts in between, for as long as workers run.
	 */
	rng.s = seed * 1000003;
	if (setup_all()) {
		uint64_t quota = ops - procs * (ops / (procs + 1));

		sc_many(fds);
		while ((reap(pids, procs, false, &crashed) || st->ops < quota) &&
		       now() < deadline) {
			run_scenarios(st->ops + 500, deadline, true);
			try_rmmod();
		}
	}
	reap(pids, procs, true, &crashed);
	close_all();
	secs = now() - t0;

	for (i = 0; i <= procs; i++) {
		const struct stats *s = &all_stats[i];

		sum.ops += s->ops;
		sum.digests += s->digests;
		sum.mismatches += s->mismatches;
		sum.unexpected += s->unexpected;
		sum.rmmod += s->rmmod;
		for (k = 0; k < NERR; k++)
			sum.err[k] += s->err[k];
		if (s->fds_peak > sum.fds_peak)
			sum.fds_peak = s->fds_peak;
	}

	result(sum.ops >= ops, "%llu operations by %llu processes in %.1f s (at least %llu wanted)",
	       (unsigned long long)sum.ops, (unsigned long long)procs + 1, secs,
	       (unsigned long long)ops);
	result(sum.digests && !sum.mismatches,
	       "%llu digests (one-shot, MSG_MORE pieces, accept() clones, many sockets) against the precomputed ones: %llu mismatches",
	       (unsigned long long)sum.digests, (unsigned long long)sum.mismatches);
	result(!sum.unexpected,
	       "every call gave its documented result (%llu unexpected): EINVAL %llu, ENOKEY %llu, ENOMEM %llu, EBUSY %llu, EAGAIN %llu",
	       (unsigned long long)sum.unexpected,
	       (unsigned long long)sum.err[0], (unsigned long long)sum.err[1],
	       (unsigned long long)sum.err[2], (unsigned long long)sum.err[3],
	       (unsigned long long)sum.err[4]);
	result(sum.fds_peak >= fds, "%llu op sockets open at once (%llu wanted)",
	       (unsigned long long)sum.fds_peak, (unsigned long long)fds);
	if (try_module)
		result(sum.rmmod > 0 && module_loaded(module_name),
		       "removing %s while its sockets were open: refused with EAGAIN %llu times, still loaded",
		       module_name, (unsigned long long)sum.rmmod);
	result(!crashed, "%llu worker processes hashing at once ended cleanly",
	       (unsigned long long)procs);
	printf("figures: kh-afalg-abuse operations=%llu digests=%llu mismatches=%llu unexpected=%llu EINVAL=%llu ENOKEY=%llu ENOMEM=%llu EBUSY=%llu EAGAIN=%llu fds=%llu procs=%llu seconds=%.1f\n",
	       (unsigned long long)sum.ops, (unsigned long long)sum.digests,
	       (unsigned long long)sum.mismatches,
	       (unsigned long long)sum.unexpected,
	       (unsigned long long)sum.err[0], (unsigned long long)sum.err[1],
	       (unsigned long long)sum.err[2], (unsigned long long)sum.err[3],
	       (unsigned long long)sum.err[4], (unsigned long long)sum.fds_peak,
	       (unsigned long long)procs + 1, secs);
	printf("%s: %u passed, %u failed\n", prog, n_pass, n_fail);
	return n_fail ? 1 : 0;
}
