// SPDX-License-Identifier: GPL-2.0
/*
 * khsum: print or check keyed-hash digests of files, sha256sum style,
 * computed by libkeyedhash in the process (the module's own code, on any
 * kernel, with or without the module), or with --kernel by the kernel
 * through AF_ALG (so by the keyedhash module's drivers), with libkcapi's
 * message-digest API.  Manual: tools/khsum.1.
 *
 * Build ("make khsum" does this, with libkeyedhash, build/lib/):
 *   gcc -O2 -Wall -Wextra -Itools -Ilib/include -DKHSUM_LIBKEYEDHASH \
 *	-o build/khsum tools/khsum.c tools/afalg.c build/lib/libkeyedhash.a -lkcapi
 * Without -DKHSUM_LIBKEYEDHASH it computes through the kernel only, as the
 * test rig builds it, static, for its busybox initramfs (the arm64
 * libkcapi.a from Debian's arm64 libkcapi-dev, tests/rig/kcapi.sh):
 *   gcc -O2 -Wall -Wextra -static -Itools -o build/khsum tools/khsum.c \
 *	tools/afalg.c -lkcapi
 * Where libkcapi is not installed, "make khsum" builds it with
 * -DKHSUM_NO_KCAPI and without -lkcapi: libkeyedhash computes, and
 * --kernel is refused with a message saying why (tools/kcapi-none.h).
 *
 * Usage: khsum -a ALGORITHM -k KEYFILE [-c] [FILE...]   (see usage() below)
 *
 * One libkcapi handle holds the algorithm and the key (the tfm socket);
 * each file gets its own handle from kcapi_handle_reinit(), so its own op
 * socket, and an error in one file leaves no state behind for the next.
 * hash_file() does the per-file work for both modes, and reports progress
 * on long inputs when standard error is a terminal.  tools/afalg.c is
 * still linked for what libkcapi does not do: the errno names and the
 * sysctls behind the error messages.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifdef KHSUM_NO_KCAPI
#include "kcapi-none.h"	/* built without libkcapi: no --kernel */
#else
#include <kcapi.h>
#endif

#include "afalg.h"
#ifdef KHSUM_LIBKEYEDHASH
#include <keyedhash.h>
#endif

/*
 * Bytes per read() and per kcapi_md_update().  libkcapi 1.4.0 sends an
 * update of less than 32 KiB with one send(); a longer one goes through
 * vmsplice()/splice(), falling back to one sendmsg() of the whole rest
 * once it exceeds the pipe or after 16 updates.  Linux 6.12 and 7.x take
 * a long splice or send in 16-page pieces and return a short count when a
 * later piece fails, and libkcapi then sends the rest as if nothing had
 * happened: the error is lost and the digest is of a different message
 * (6.1 returns the error).  Below 32 KiB
 * every send() covers at most 9 pages, so the kernel's error (e.g.
 * Multimixer-128's EINVAL for a message longer than the key) comes back
 * from the update that caused it, on every kernel.
 */
#define KHSUM_CHUNK	(16U << 10)
/* Bytes per read() for libkeyedhash, which takes any length. */
#define KHSUM_LIB_CHUNK	(256U << 10)
#define KHSUM_PROGRESS_DELAY	1.0	/* s before a progress line appears */
#define KHSUM_PROGRESS_EVERY	0.2	/* s between updates */

enum progress_mode { PROGRESS_AUTO, PROGRESS_ON, PROGRESS_OFF };

struct khsum {
	const char *alg;	/* -a argument, as given */
	const char *keyfile;	/* -k argument */
	struct kcapi_handle *tfm;	/* --kernel: the algorithm with the key set */
#ifdef KHSUM_LIBKEYEDHASH
	keyedhash_key *lkey;	/* otherwise: libkeyedhash's key */
	keyedhash_state *lstate;	/* and a message state for it */
#endif
	bool kernel;		/* compute through AF_ALG (--kernel) */
	bool verbose;
	size_t chunk;		/* bytes per read() */
	size_t keylen;
	unsigned char *buf;	/* KHSUM_CHUNK bytes */
	enum progress_mode progress;
	bool tty;		/* standard error is a terminal */
	/* --check options */
	bool quiet, status, strict, warn, ignore_missing;
	size_t digestsize;	/* of the algorithm, once known; 0 before */
};

/* Result of hashing one input. */
struct khsum_result {
	unsigned char digest[AFALG_MAX_DIGEST];
	size_t len;			/* digest length */
	unsigned long long bytes;	/* message length */
};

static const char *prog = "khsum";

static void usage(FILE *f)
{
	fprintf(f,
"Usage: %s -a ALGORITHM -k KEYFILE [OPTION]... [FILE]...\n"
"  or:  %s -a ALGORITHM -k KEYFILE -c [OPTION]... [SUMFILE]...\n"
"Print or check keyed-hash digests, computed by libkeyedhash (the\n"
"keyedhash module's code, in this process: no module, no AF_ALG needed),\n"
"or with --kernel by the kernel crypto API through AF_ALG.\n"
"Output lines are \"<hex digest>  <file name>\", as sha256sum writes them.\n"
"With no FILE, or when FILE is -, read standard input.\n"
"\n"
"  -a, --algorithm NAME  crypto API algorithm or driver name, as in\n"
"                        /proc/crypto: highwayhash64, highwayhash128,\n"
"                        highwayhash256, nhpoly1305, sthash,\n"
"                        sthash-personalized, multimixer128, or a driver\n"
"                        such as highwayhash256-generic\n"
"  -k, --key-file FILE   read the key from FILE, raw bytes, any size;\n"
"                        \"-\" reads it from standard input (then every\n"
"                        FILE or SUMFILE must be named)\n"
"  -c, --check           read digests from the SUMFILEs (lines as this\n"
"                        program prints them) and check them: print\n"
"                        \"<file>: OK\" or \"<file>: FAILED\" for each\n"
"      --kernel          compute through the kernel (AF_ALG, libkcapi):\n"
"                        the keyedhash module's drivers, or the kernel's\n"
"      --verbose         say on standard error which code computes\n"
"                        (libkeyedhash and its driver, or the kernel)\n"
"      --progress        show progress on standard error for every input\n"
"      --no-progress     never show progress (default: shown when standard\n"
"                        error is a terminal and an input takes over 1 s)\n"
"  -h, --help            show this help and exit\n"
"\n"
"With --check only:\n"
"      --ignore-missing  skip files that do not exist\n"
"      --quiet           do not print OK for each verified file\n"
"      --status          print nothing; the exit status tells\n"
"      --strict          exit non-zero on improperly formatted lines\n"
"  -w, --warn            warn about each improperly formatted line\n"
"\n"
"Key sizes: highwayhash* 32 bytes; nhpoly1305 1088 bytes; sthash 16 to\n"
"4096 bytes (the seed); sthash-personalized the blob\n"
"  le16 seed_len | seed | le16 c1_len | c1 | le16 c2_len | c2\n"
"(length 0 = no personalization); multimixer128 32 to 65536 bytes, a\n"
"multiple of 32, and at least as long as the message, which must be a\n"
"non-empty multiple of 32 bytes.\n"
"\n"
"Security: sthash, sthash-personalized and highwayhash* (as its authors\n"
"state its security; prefer 128 or 256 bits) are MACs/PRFs on their own:\n"
"use them for tags.  nhpoly1305 and multimixer128 are unmasked universal\n"
"hashes, building blocks only: their digests are no MAC (nhpoly1305 hashes\n"
"the empty message to zero under every key; multimixer128 digests leak\n"
"the key) and must never authenticate anything on their own.\n"
"\n"
"By default libkeyedhash computes, with the SIMD code this CPU runs\n"
"(KEYEDHASH_FORCE_GENERIC=1 in the environment: the generic C); -a then\n"
"takes its algorithm and driver names (the same as the module's).\n"
"With --kernel, the kernel needs AF_ALG hash sockets (algif_hash) and the\n"
"keyedhash module; once installed (make install, DKMS) it loads on first use.\n"
"AF_ALG copies the key with sock_kmalloc(), so a key must be smaller\n"
"than net.core.optmem_max (20480 by default on Linux 6.1).  From Linux\n"
"7.3 AF_ALG binds only an allow-list while crypto.af_alg_restrict is 1\n"
"(the default); khsum then says so.\n"
"\n"
"Exit status: 0 if every FILE was hashed (with -c: every listed file\n"
"matched), 1 on any error or mismatch, 2 on bad usage.\n",
		prog, prog);
}

/* What a user should know about an algorithm's key and message sizes. */
static const char *size_hint(const char *alg)
{
	if (!strncmp(alg, "highwayhash", 11))
		return "highwayhash keys are exactly 32 bytes";
	if (!strncmp(alg, "nhpoly1305", 10))
		return "nhpoly1305 keys are exactly 1088 bytes";
	if (!strncmp(alg, "sthash-personalized", 19))
		return "sthash-personalized keys are the blob le16 seed_len | seed | le16 c1_len | c1 | le16 c2_len | c2 with a seed of 16 bytes or more, and nothing after it";
	if (!strncmp(alg, "sthash", 6))
		return "sthash keys (seeds) are 16 to 4096 bytes";
	if (!strncmp(alg, "multimixer128", 13))
		return "multimixer128 keys are 32 to 65536 bytes, a multiple of 32; messages are a non-empty multiple of 32 bytes no longer than the key";
	return NULL;
}

/* Read all of @fd into a new buffer of at most @max bytes. */
static int read_all(int fd, unsigned char **out, size_t *outlen, size_t max)
{
	size_t cap = 4096, len = 0;
	unsigned char *buf = malloc(cap), *nbuf;
	ssize_t r;

	if (!buf)
		return -ENOMEM;
	for (;;) {
		if (len == cap) {
			if (cap > max) {
				free(buf);
				return -EFBIG;
			}
			cap *= 2;
			nbuf = realloc(buf, cap);
			if (!nbuf) {
				free(buf);
				return -ENOMEM;
			}
			buf = nbuf;
		}
		r = read(fd, buf + len, cap - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			r = -errno;
			free(buf);
			return r;
		}
		if (!r)
			break;
		len += r;
	}
	if (len > max) {
		free(buf);
		return -EFBIG;
	}
	*out = buf;
	*outlen = len;
	return 0;
}

static int load_key(const char *path, unsigned char **key, size_t *keylen)
{
	int fd, err;

	if (!strcmp(path, "-"))
		return read_all(STDIN_FILENO, key, keylen, UINT_MAX);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = read_all(fd, key, keylen, UINT_MAX);
	close(fd);
	return err;
}

#ifdef KHSUM_LIBKEYEDHASH
/* libkeyedhash's key and state from @key; print why not and return 1. */
static int khsum_lib_setup(struct khsum *ks, const unsigned char *key)
{
	const char *rule;
	int err;

	err = keyedhash_key_new(&ks->lkey, ks->alg, key, ks->keylen);
	if (!err)
		err = keyedhash_state_new(&ks->lstate, ks->lkey);
	if (!err) {
		ks->digestsize = keyedhash_key_digest_size(ks->lkey);
		if (ks->verbose)
			fprintf(stderr, "%s: %s computed by libkeyedhash %s in this process, driver %s (--kernel: by the kernel)\n",
				prog, ks->alg, keyedhash_version(),
				keyedhash_key_driver(ks->lkey));
		return 0;
	}
	if (err == KEYEDHASH_EALG) {
		fprintf(stderr, "%s: algorithm %s not known to libkeyedhash (it has highwayhash64, highwayhash128, highwayhash256, sthash, sthash-personalized, multimixer128, nhpoly1305 and their drivers); --kernel asks the kernel's crypto API instead\n",
			prog, ks->alg);
	} else if (err == KEYEDHASH_EKEY) {
		rule = keyedhash_key_rule(ks->alg);
		fprintf(stderr, "%s: %s rejected the %zu-byte key from %s: wrong key size%s%s\n",
			prog, ks->alg, ks->keylen, ks->keyfile,
			rule ? "; its keys are " : "", rule ? rule : "");
	} else if (err == KEYEDHASH_ENOTSUP) {
		fprintf(stderr, "%s: driver %s needs an instruction set this CPU lacks; name the algorithm to get the fastest driver it runs\n",
			prog, ks->alg);
	} else {
		fprintf(stderr, "%s: %s: %s\n", prog, ks->alg, keyedhash_strerror(err));
	}
	return 1;
}
#endif

/* Open the algorithm and set the key; print why not and return 1. */
static int khsum_setup(struct khsum *ks)
{
	unsigned char *key = NULL;
	const char *hint;
	int err;

	err = load_key(ks->keyfile, &key, &ks->keylen);
	if (err == -EFBIG) {
		fprintf(stderr, "%s: key file %s is 4 GiB or larger: the kernel takes keys of at most %u bytes\n",
			prog, ks->keyfile, UINT_MAX);
		return 1;
	}
	if (err) {
		fprintf(stderr, "%s: key file %s: %s\n", prog, ks->keyfile,
			strerror(-err));
		return 1;
	}
#ifdef KHSUM_LIBKEYEDHASH
	if (!ks->kernel) {
		err = khsum_lib_setup(ks, key);
		explicit_bzero(key, ks->keylen);
		free(key);
		return err;
	}
#endif
	if (ks->verbose)
		fprintf(stderr, "%s: %s computed by the kernel through AF_ALG (libkcapi)\n",
			prog, ks->alg);

	/* libkcapi would cut a longer name short and bind to that */
	if (strlen(ks->alg) > AFALG_MAX_NAME)
		err = -ENAMETOOLONG;
	else
		err = kcapi_md_init(&ks->tfm, ks->alg, 0);
	if (err) {
		ks->tfm = NULL;
		if ((err == -ENOENT && afalg_restrict() == 1) ||
		    (err == -EAFNOSUPPORT && afalg_restrict() == 2))
			fprintf(stderr, "%s: algorithm %s refused: this kernel restricts AF_ALG (sysctl crypto.af_alg_restrict = %ld: %s); to allow it, as root: sysctl -w crypto.af_alg_restrict=0 (lets every local user bind every kernel hash through AF_ALG, as before Linux 7.3)\n",
				prog, ks->alg, afalg_restrict(),
				err == -ENOENT ? "only the kernel's allow-list of hashes, which keyedhash's are not on" :
				"no AF_ALG sockets at all");
		else if (err == -ENOENT)
			fprintf(stderr, "%s: algorithm %s not available: the kernel has no hash of that name; is the keyedhash module installed (it then loads on demand) or loaded (modprobe keyedhash)?\n",
				prog, ks->alg);
		else if (err == -EAFNOSUPPORT)
			fprintf(stderr, "%s: this kernel has no AF_ALG sockets (CONFIG_CRYPTO_USER_API_HASH)\n",
				prog);
		else if (err == -ENAMETOOLONG)
			fprintf(stderr, "%s: algorithm name %s is longer than %d characters\n",
				prog, ks->alg, AFALG_MAX_NAME);
		else if (err == -EPROTONOSUPPORT)
			fprintf(stderr, "%s: cannot open algorithm %s: libkcapi asks the kernel about it through the crypto netlink interface, which this kernel lacks (CONFIG_CRYPTO_USER, module crypto_user)\n",
				prog, ks->alg);
		else
			fprintf(stderr, "%s: cannot open algorithm %s: %s (%s)\n",
				prog, ks->alg, afalg_errname(err), strerror(-err));
		goto fail;
	}

	err = kcapi_md_setkey(ks->tfm, key, ks->keylen);
	if (err == -EINVAL) {
		hint = size_hint(ks->alg);
		fprintf(stderr, "%s: %s rejected the %zu-byte key from %s (EINVAL): wrong key size%s%s\n",
			prog, ks->alg, ks->keylen, ks->keyfile,
			hint ? "; " : "", hint ? hint : "");
		goto fail;
	}
	if (err == -ENOMEM) {
		fprintf(stderr, "%s: the kernel refused the %zu-byte key (ENOMEM): AF_ALG keys must be smaller than net.core.optmem_max (now %ld); raise it, e.g. sysctl -w net.core.optmem_max=%zu\n",
			prog, ks->keylen, afalg_optmem_max(),
			(ks->keylen + 4096) & ~(size_t)4095);
		goto fail;
	}
	if (err) {
		fprintf(stderr, "%s: %s: setting the %zu-byte key failed: %s (%s)\n",
			prog, ks->alg, ks->keylen, afalg_errname(err),
			strerror(-err));
		goto fail;
	}
	memset(key, 0, ks->keylen);
	free(key);
	return 0;

fail:
	if (key)
		memset(key, 0, ks->keylen);
	free(key);
	return 1;
}

/*
 * kcapi_md_update() as a negative errno.  libkcapi 1.4.0 returns send()'s
 * -1 itself, not -errno, when the kernel refuses an input under 32 KiB
 * (the only size khsum sends); errno then says why.
 */
static int md_update(struct kcapi_handle *op, const unsigned char *p, size_t n)
{
	ssize_t r = kcapi_md_update(op, p, n);

	return r == -1 ? -errno : (int)r;
}

/* Explain a failure of the kernel while hashing @name; @at_end: in final(). */
static void hash_error(const struct khsum *ks, const char *name, int err,
		       bool at_end, unsigned long long bytes)
{
	const char *hint;

	if (err == -EINVAL) {
		hint = size_hint(ks->alg);
		if (at_end)
			fprintf(stderr, "%s: %s: %s does not support this message length (EINVAL at the end of the %llu-byte message)%s%s\n",
				prog, name, ks->alg, bytes,
				hint ? "; " : "", hint ? hint : "");
		else
			fprintf(stderr, "%s: %s: %s does not support this message length (EINVAL after %llu bytes)%s%s\n",
				prog, name, ks->alg, bytes,
				hint ? "; " : "", hint ? hint : "");
		return;
	}
	fprintf(stderr, "%s: %s: hashing with %s failed after %llu bytes: %s (%s)\n",
		prog, name, ks->alg, bytes, afalg_errname(err), strerror(-err));
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Progress of one input on standard error. */
struct progress {
	bool on;		/* may be shown for this input */
	bool shown;		/* a line is on the screen (or in the log) */
	const char *name;
	unsigned long long total;	/* 0 if unknown (not a regular file) */
	double start, last;
};

static void progress_begin(const struct khsum *ks, struct progress *pg,
			   int fd, const char *name)
{
	struct stat st;

	memset(pg, 0, sizeof(*pg));
	pg->on = ks->progress == PROGRESS_ON ||
		 (ks->progress == PROGRESS_AUTO && ks->tty);
	pg->name = name;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0)
		pg->total = st.st_size;
	pg->start = now();
	pg->last = pg->start;
}

static void progress_print(const struct khsum *ks, struct progress *pg,
			   unsigned long long bytes, double t)
{
	double mib = bytes / 1048576.0, dt = t - pg->start;

	fprintf(stderr, "%s%s: %s: ", ks->tty ? "\r\033[K" : "", prog, pg->name);
	if (pg->total)
		fprintf(stderr, "%3u%% %.1f of %.1f MiB", (unsigned int)(bytes * 100 / pg->total),
			mib, pg->total / 1048576.0);
	else
		fprintf(stderr, "%.1f MiB", mib);
	if (dt > 0)
		fprintf(stderr, ", %.1f MiB/s", mib / dt);
	/* on a terminal the line is rewritten in place; elsewhere one per update */
	if (!ks->tty)
		fputc('\n', stderr);
	pg->shown = true;
}

static void progress_update(const struct khsum *ks, struct progress *pg,
			    unsigned long long bytes)
{
	double t;

	if (!pg->on)
		return;
	t = now();
	if (ks->progress != PROGRESS_ON && t - pg->start < KHSUM_PROGRESS_DELAY)
		return;
	if (pg->shown && t - pg->last < KHSUM_PROGRESS_EVERY)
		return;
	pg->last = t;
	progress_print(ks, pg, bytes, t);
}

/* Final state for --progress; on a terminal the line is erased. */
static void progress_end(const struct khsum *ks, struct progress *pg,
			 unsigned long long bytes)
{
	if (ks->progress == PROGRESS_ON && !ks->tty)
		progress_print(ks, pg, bytes, now());
	else if (pg->shown && ks->tty)
		fputs("\r\033[K", stderr);
}

#ifdef KHSUM_LIBKEYEDHASH
/* Explain libkeyedhash's refusal of the message @name. */
static void lib_hash_error(const struct khsum *ks, const char *name, int err,
			   bool at_end, unsigned long long bytes)
{
	const char *hint = size_hint(ks->alg);

	if (err == KEYEDHASH_EMSG)
		fprintf(stderr, at_end ?
			"%s: %s: %s does not support this message length (refused at the end of the %llu-byte message)%s%s\n" :
			"%s: %s: %s does not support this message length (refused after %llu bytes)%s%s\n",
			prog, name, ks->alg, bytes, hint ? "; " : "", hint ? hint : "");
	else
		fprintf(stderr, "%s: %s: hashing with %s failed after %llu bytes: %s\n",
			prog, name, ks->alg, bytes, keyedhash_strerror(err));
}

/* hash_file() with libkeyedhash. */
static int lib_hash_file(struct khsum *ks, int fd, const char *name,
			 struct khsum_result *res)
{
	struct progress pg;
	ssize_t r;
	int err;

	keyedhash_reset(ks->lstate);
	progress_begin(ks, &pg, fd, name);
	for (;;) {
		r = read(fd, ks->buf, ks->chunk);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = errno;
			progress_end(ks, &pg, res->bytes);
			fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(err));
			return 2;
		}
		if (!r)
			break;
		err = keyedhash_update(ks->lstate, ks->buf, r);
		if (err) {
			progress_end(ks, &pg, res->bytes);
			lib_hash_error(ks, name, err, false, res->bytes);
			return 1;
		}
		res->bytes += r;
		progress_update(ks, &pg, res->bytes);
	}
	err = keyedhash_final(ks->lstate, res->digest, sizeof(res->digest));
	progress_end(ks, &pg, res->bytes);
	if (err) {
		lib_hash_error(ks, name, err, true, res->bytes);
		return 1;
	}
	res->len = keyedhash_key_digest_size(ks->lkey);
	return 0;
}
#endif

/*
 * Hash everything readable from @fd into @res.  @name is for messages.
 * Return: 0, 1 after printing why the kernel (or libkeyedhash) failed, or
 * 2 after printing why @fd could not be read.
 */
static int hash_file(struct khsum *ks, int fd, const char *name,
		     struct khsum_result *res)
{
	struct kcapi_handle *op;
	struct progress pg;
	ssize_t r;
	int err;

	res->bytes = 0;
#ifdef KHSUM_LIBKEYEDHASH
	if (!ks->kernel)
		return lib_hash_file(ks, fd, name, res);
#endif
	err = kcapi_handle_reinit(&op, ks->tfm, 0);
	if (err) {
		hash_error(ks, name, err, false, 0);
		return 1;
	}
	progress_begin(ks, &pg, fd, name);
	for (;;) {
		r = read(fd, ks->buf, KHSUM_CHUNK);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = errno;
			progress_end(ks, &pg, res->bytes);
			fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(err));
			kcapi_md_destroy(op);
			return 2;
		}
		if (!r)
			break;
		err = md_update(op, ks->buf, r);
		if (err) {
			progress_end(ks, &pg, res->bytes);
			hash_error(ks, name, err, false, res->bytes);
			kcapi_md_destroy(op);
			return 1;
		}
		res->bytes += r;
		progress_update(ks, &pg, res->bytes);
	}
	r = kcapi_md_final(op, res->digest, sizeof(res->digest));
	kcapi_md_destroy(op);
	progress_end(ks, &pg, res->bytes);
	if (r < 0) {
		hash_error(ks, name, r, true, res->bytes);
		return 1;
	}
	res->len = r;
	return 0;
}

/* True if @name must be printed escaped, as sha256sum does. */
static bool needs_escape(const char *name)
{
	return strpbrk(name, "\\\n\r") != NULL;
}

/* @name with '\\', '\n' and '\r' escaped if @esc. */
static void print_name(const char *name, bool esc)
{
	const char *p;

	for (p = name; *p; p++) {
		if (esc && *p == '\\')
			fputs("\\\\", stdout);
		else if (esc && *p == '\n')
			fputs("\\n", stdout);
		else if (esc && *p == '\r')
			fputs("\\r", stdout);
		else
			putchar(*p);
	}
}

/* "<hex>  <name>", with a leading '\\' when the name is escaped. */
static void print_result(const char *name, const struct khsum_result *res)
{
	bool esc = needs_escape(name);
	size_t i;

	if (esc)
		putchar('\\');
	for (i = 0; i < res->len; i++)
		printf("%02x", res->digest[i]);
	fputs("  ", stdout);
	print_name(name, esc);
	putchar('\n');
}

/* Open @name ("-": standard input) for reading; -errno on failure. */
static int open_input(const char *name)
{
	int fd;

	if (!strcmp(name, "-"))
		return STDIN_FILENO;
	fd = open(name, O_RDONLY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

static int do_one(struct khsum *ks, const char *name)
{
	struct khsum_result res;
	int fd, ret;

	fd = open_input(name);
	if (fd < 0) {
		fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(-fd));
		return 1;
	}
	ret = hash_file(ks, fd, name, &res);
	if (fd != STDIN_FILENO)
		close(fd);
	if (!ret)
		print_result(name, &res);
	return ret ? 1 : 0;
}

/* ---------------------------------------------------------------- --check */

struct check_counts {
	unsigned long lines;		/* properly formatted lines */
	unsigned long improper;
	unsigned long mismatched;
	unsigned long unreadable;	/* could not be opened or read */
	unsigned long unhashable;	/* the kernel refused the message */
	unsigned long verified;		/* files checked, OK or not */
};

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Undo print_name()'s escaping in place; false if @s is not escaped right. */
static bool unescape(char *s)
{
	char *r = s, *w = s;

	while (*r) {
		if (*r != '\\') {
			*w++ = *r++;
			continue;
		}
		r++;
		if (*r == '\\')
			*w++ = '\\';
		else if (*r == 'n')
			*w++ = '\n';
		else if (*r == 'r')
			*w++ = '\r';
		else
			return false;
		r++;
	}
	*w = '\0';
	return true;
}

/*
 * Parse "[\\]<hex>  <name>" or "[\\]<hex> *<name>" (binary-mode marker,
 * as sha256sum -b writes).  @line has no newline.  Return: true and
 * @digest, @dlen, @name filled in, or false for an improper line.
 */
static bool parse_line(char *line, unsigned char *digest, size_t *dlen,
		       char **name)
{
	bool esc = false;
	size_t n = 0;
	char *p = line;
	int hi, lo;

	if (*p == '\\') {
		esc = true;
		p++;
	}
	while (hexval(p[0]) >= 0 && hexval(p[1]) >= 0) {
		if (n == AFALG_MAX_DIGEST)
			return false;
		hi = hexval(p[0]);
		lo = hexval(p[1]);
		digest[n++] = hi << 4 | lo;
		p += 2;
	}
	if (!n || p[0] != ' ' || (p[1] != ' ' && p[1] != '*') || !p[2])
		return false;
	*name = p + 2;
	*dlen = n;
	return !esc || unescape(*name);
}

/* "<name>: <what>" on standard output, the name escaped like print_result. */
static void check_report(const struct khsum *ks, const char *name,
			 const char *what, bool ok)
{
	bool esc = needs_escape(name);

	if (ks->status || (ok && ks->quiet))
		return;
	if (esc)
		putchar('\\');
	print_name(name, esc);
	printf(": %s\n", what);
}

static void check_one(struct khsum *ks, struct check_counts *cc,
		      const char *sumfile, unsigned long lineno, char *line)
{
	unsigned char want[AFALG_MAX_DIGEST];
	struct khsum_result res;
	size_t wlen;
	char *name;
	int fd, ret;

	if (!parse_line(line, want, &wlen, &name) ||
	    (ks->digestsize && wlen != ks->digestsize)) {
		cc->improper++;
		if (ks->warn)
			fprintf(stderr, "%s: %s: %lu: improperly formatted checksum line\n",
				prog, sumfile, lineno);
		return;
	}
	if (!strcmp(name, "-") && !strcmp(sumfile, "-")) {
		cc->lines++;
		cc->unreadable++;
		if (!ks->status)
			fprintf(stderr, "%s: standard input can't be both the sums file and a listed file\n",
				prog);
		check_report(ks, name, "FAILED open or read", false);
		return;
	}
	fd = open_input(name);
	if (fd == -ENOENT && ks->ignore_missing) {
		cc->lines++;
		return;
	}
	if (fd < 0) {
		cc->lines++;
		cc->unreadable++;
		if (!ks->status)
			fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(-fd));
		check_report(ks, name, "FAILED open or read", false);
		return;
	}
	ret = hash_file(ks, fd, name, &res);
	if (fd != STDIN_FILENO)
		close(fd);
	if (!ret && !ks->digestsize)
		ks->digestsize = res.len;
	if (!ret && res.len != wlen) {
		/* a digest of another algorithm: not a line for this one */
		cc->improper++;
		if (ks->warn)
			fprintf(stderr, "%s: %s: %lu: improperly formatted checksum line\n",
				prog, sumfile, lineno);
		return;
	}
	cc->lines++;
	cc->verified++;
	if (ret == 2) {
		cc->unreadable++;
		check_report(ks, name, "FAILED open or read", false);
	} else if (ret) {
		cc->unhashable++;
		check_report(ks, name, "FAILED hashing", false);
	} else if (memcmp(res.digest, want, wlen)) {
		cc->mismatched++;
		check_report(ks, name, "FAILED", false);
	} else {
		check_report(ks, name, "OK", true);
	}
}

static void warn_count(unsigned long n, const char *one, const char *many)
{
	if (n)
		fprintf(stderr, "%s: WARNING: %lu %s\n", prog, n, n == 1 ? one : many);
}

/* Check every line of @sumfile; return 0 if all is well, else 1. */
static int check_sums(struct khsum *ks, const char *sumfile)
{
	struct check_counts cc = { 0 };
	unsigned long lineno = 0;
	size_t cap = 0;
	char *line = NULL;
	ssize_t len;
	FILE *f;
	int ret = 0;

	if (!strcmp(sumfile, "-")) {
		f = stdin;
	} else {
		f = fopen(sumfile, "re");
		if (!f) {
			fprintf(stderr, "%s: %s: %s\n", prog, sumfile, strerror(errno));
			return 1;
		}
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (!len || line[0] == '#')
			continue;	/* blank lines and comments */
		if (memchr(line, '\0', len)) {
			cc.improper++;
			continue;
		}
		check_one(ks, &cc, sumfile, lineno, line);
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: %s: read error\n", prog, sumfile);
		ret = 1;
	}
	free(line);
	if (f != stdin)
		fclose(f);

	if (!cc.lines) {
		if (!ks->status)
			fprintf(stderr, "%s: %s: no properly formatted checksum lines found\n",
				prog, sumfile);
		return 1;
	}
	if (!ks->status) {
		warn_count(cc.improper, "line is improperly formatted",
			   "lines are improperly formatted");
		warn_count(cc.unreadable, "listed file could not be read",
			   "listed files could not be read");
		warn_count(cc.unhashable, "listed file could not be hashed",
			   "listed files could not be hashed");
		warn_count(cc.mismatched, "computed checksum did NOT match",
			   "computed checksums did NOT match");
	}
	if (ks->ignore_missing && !cc.verified) {
		if (!ks->status)
			fprintf(stderr, "%s: %s: no file was verified\n", prog, sumfile);
		ret = 1;
	}
	if (cc.mismatched || cc.unreadable || cc.unhashable ||
	    (ks->strict && cc.improper))
		ret = 1;
	return ret;
}

int main(int argc, char **argv)
{
	enum {
		OPT_PROGRESS = 256, OPT_NO_PROGRESS, OPT_IGNORE_MISSING,
		OPT_QUIET, OPT_STATUS, OPT_STRICT, OPT_KERNEL, OPT_VERBOSE,
	};
	static const struct option longopts[] = {
		{ "algorithm",	required_argument,	NULL, 'a' },
		{ "key-file",	required_argument,	NULL, 'k' },
		{ "check",	no_argument,		NULL, 'c' },
		{ "kernel",	no_argument,		NULL, OPT_KERNEL },
		{ "verbose",	no_argument,		NULL, OPT_VERBOSE },
		{ "progress",	no_argument,		NULL, OPT_PROGRESS },
		{ "no-progress", no_argument,		NULL, OPT_NO_PROGRESS },
		{ "ignore-missing", no_argument,	NULL, OPT_IGNORE_MISSING },
		{ "quiet",	no_argument,		NULL, OPT_QUIET },
		{ "status",	no_argument,		NULL, OPT_STATUS },
		{ "strict",	no_argument,		NULL, OPT_STRICT },
		{ "warn",	no_argument,		NULL, 'w' },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct khsum ks = { .progress = PROGRESS_AUTO };
#ifndef KHSUM_LIBKEYEDHASH
	/* built without libkeyedhash: the kernel computes (--kernel or not) */
	ks.kernel = true;
#endif
	bool check = false, check_opt = false;
	int c, i, ret = 0;

	while ((c = getopt_long(argc, argv, "a:k:cwh", longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			ks.alg = optarg;
			break;
		case 'k':
			ks.keyfile = optarg;
			break;
		case 'c':
			check = true;
			break;
		case OPT_KERNEL:
			ks.kernel = true;
			break;
		case OPT_VERBOSE:
			ks.verbose = true;
			break;
		case OPT_PROGRESS:
			ks.progress = PROGRESS_ON;
			break;
		case OPT_NO_PROGRESS:
			ks.progress = PROGRESS_OFF;
			break;
		case OPT_IGNORE_MISSING:
			ks.ignore_missing = check_opt = true;
			break;
		case OPT_QUIET:
			ks.quiet = check_opt = true;
			break;
		case OPT_STATUS:
			ks.status = check_opt = true;
			break;
		case OPT_STRICT:
			ks.strict = check_opt = true;
			break;
		case 'w':
			ks.warn = check_opt = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			fprintf(stderr, "Try '%s --help'.\n", prog);
			return 2;
		}
	}
	if (!ks.alg || !ks.keyfile) {
		fprintf(stderr, "%s: %s is required\nTry '%s --help'.\n", prog,
			ks.alg ? "-k KEYFILE" : "-a ALGORITHM", prog);
		return 2;
	}
	if (check_opt && !check) {
		fprintf(stderr, "%s: --ignore-missing, --quiet, --status, --strict and --warn go with --check\nTry '%s --help'.\n",
			prog, prog);
		return 2;
	}
	if (!strcmp(ks.keyfile, "-")) {
		bool stdin_data = optind == argc;

		for (i = optind; i < argc; i++)
			stdin_data |= !strcmp(argv[i], "-");
		if (stdin_data) {
			fprintf(stderr, "%s: standard input can't be both the key (-k -) and %s\n",
				prog, check ? "the sums file" : "data");
			return 2;
		}
	}
#ifdef KHSUM_NO_KCAPI
	if (ks.kernel) {
		fprintf(stderr, "%s: --kernel is not available in this khsum: it was built without libkcapi (libkcapi-dev was not installed when it was built), so it cannot reach the kernel through AF_ALG; without --kernel it computes with libkeyedhash (the same digests); for --kernel, rebuild it where libkcapi-dev is installed (Debian: apt-get install libkcapi-dev; make khsum) or install the keyedhash-tools package\n",
			prog);
		return 2;
	}
#endif
	ks.tty = isatty(STDERR_FILENO);
	/* every error is explained below, once, by khsum itself */
	kcapi_set_verbosity(KCAPI_LOG_NONE);

	ks.chunk = ks.kernel ? KHSUM_CHUNK : KHSUM_LIB_CHUNK;
	ks.buf = malloc(ks.chunk);
	if (!ks.buf) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 1;
	}
	if (khsum_setup(&ks)) {
		ret = 1;
		goto out;
	}
	if (check) {
		/* 0 if libkcapi could not learn it: then from the first digest */
		if (ks.kernel)
			ks.digestsize = kcapi_md_digestsize(ks.tfm);
		if (optind == argc)
			ret |= check_sums(&ks, "-");
		for (i = optind; i < argc; i++)
			ret |= check_sums(&ks, argv[i]);
	} else {
		if (optind == argc)
			ret |= do_one(&ks, "-");
		for (i = optind; i < argc; i++)
			ret |= do_one(&ks, argv[i]);
	}
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", prog, strerror(errno));
		ret = 1;
	}
out:
	if (ks.tfm)
		kcapi_md_destroy(ks.tfm);
#ifdef KHSUM_LIBKEYEDHASH
	keyedhash_state_free(ks.lstate);
	keyedhash_key_free(ks.lkey);
#endif
	free(ks.buf);
	return ret;
}
